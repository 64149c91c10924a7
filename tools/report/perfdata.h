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

/**
 * rr_is_perfdata() - whether a file starts like a perf.data file
 * @p: the file's bytes
 * @size: bytes at @p
 *
 * Only the magic is looked at: "PERFILE2", the first 8 bytes.
 *
 * Context: Host tool code; single-threaded.
 * Return: 1 if @size is at least 8 and the file starts with the magic,
 *         else 0.
 */
int rr_is_perfdata(const uint8_t *p, size_t size);

/**
 * rr_perfdata() - walk a perf.data file's records for its AUX data
 * @p: the file's bytes
 * @size: bytes at @p
 * @pd: filled in: the AUXTRACE payloads (pieces, and their bytes copied
 *      back to back into aux) and the counts of AUX records and of
 *      TRUNCATED ones
 * @err: where a failure's one-line message goes
 * @errlen: bytes at @err
 *
 * The file header's data section is walked record by record; every
 * offset and size is checked against the file before it is used.
 *
 * Context: Host tool code; single-threaded. Allocates.
 * Return: 0 (*@pd may hold no piece: a file without sampler data), or
 *         -1 with the message in @err and *@pd holding nothing to free:
 *         not a perf.data file (a pipe-mode one included), a bad header,
 *         a record that overruns the data section, a compressed file
 *         (perf record -z), or out of memory.
 */
int rr_perfdata(const uint8_t *p, size_t size, struct rr_perfdata *pd, char *err,
		size_t errlen);

/**
 * rr_perfdata_free() - free what rr_perfdata() allocated
 * @pd: filled by rr_perfdata(), or all zeros (one it failed on is)
 *
 * *@pd is zeroed after.
 *
 * Context: Host tool code; single-threaded.
 */
void rr_perfdata_free(struct rr_perfdata *pd);

#endif
