/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/report/perfdata.h - the sampler's data inside a perf.data file
 * (perf record of an rvpmu_sampler_die<N> event with the perf tool
 * patches of linux/perf-patches/): the AUX data perf stored, found by
 * walking the file's records. Host code, single-threaded.
 *
 * Only what rvpmu-report needs is read: the file header's data section,
 * PERF_RECORD_AUXTRACE (its payload follows the record: the firmware's
 * buffers as written) and PERF_RECORD_AUX (its TRUNCATED flag: the module
 * marks a loss or a refusal so). Every offset and size is checked against
 * the file.
 */
#ifndef RVPMU_REPORT_PERFDATA_H
#define RVPMU_REPORT_PERFDATA_H

#include <stddef.h>
#include <stdint.h>

/* One AUXTRACE payload: where it is in the file. */
struct rr_piece {
	size_t offset, size;
};

struct rr_perfdata {
	struct rr_piece *pieces;	/* in file order */
	size_t nr_pieces;
	uint8_t *aux;			/* the payloads back to back */
	size_t aux_size;
	uint64_t truncated;		/* PERF_RECORD_AUX with TRUNCATED */
	uint64_t aux_records;		/* PERF_RECORD_AUX in all */
};

/* Does the file start like a perf.data file ("PERFILE2")? */
int rr_is_perfdata(const uint8_t *p, size_t size);

/*
 * Walk the perf.data file at p into *pd. Returns 0, or -1 with a one-line
 * message in err (a bad header or record, a pipe-mode or compressed file)
 * and *pd holding nothing to free.
 */
int rr_perfdata(const uint8_t *p, size_t size, struct rr_perfdata *pd, char *err,
		size_t errlen);
void rr_perfdata_free(struct rr_perfdata *pd);

#endif
