/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/report/decode.h - rvpmu-report's decoder: a file of sampler
 * buffers (include/rvpmu/sampler.h, back to back, each header.buffer_size
 * bytes) parsed and validated in memory into a small model the exporters
 * read. Host code, single-threaded.
 *
 * The decoder trusts nothing in the file: every size, count and offset is
 * checked with overflow-safe arithmetic before anything is read through
 * it, so that the accessors below never need to check again.
 */
#ifndef RVPMU_REPORT_DECODE_H
#define RVPMU_REPORT_DECODE_H

#include <stddef.h>
#include <stdint.h>

#include "rvpmu/sampler.h"

/* Bytes of struct rvpmu_sampler_header as laid out in the file. */
#define RR_HEADER_FIXED	104u

/* One buffer of the file. */
struct rr_buf {
	size_t offset;		/* of its header, from the start of the file */
	size_t data;		/* of its first sample, from the start of the file */
	uint64_t size;		/* header.buffer_size */
	uint64_t first_sample;	/* run-wide index of its first sample */
	uint32_t nr_samples, capacity;
	uint32_t index, lap, state;
	uint32_t header_size;
};

/* The run: parameters every buffer agrees on, and its buffers. */
struct rr_run {
	const uint8_t *file;	/* the caller's bytes, not copied */
	size_t file_size;
	uint32_t nr_harts, nr_clusters, nr_pmu, nr_events, nr_subsamples;
	uint32_t period_us, filter;
	uint32_t subsample_size, sample_size;
	uint64_t timebase_hz, t0, period_ticks;
	uint32_t *hart;		/* [nr_harts]: hartid of each data-field position */
	uint32_t *cluster;	/* [nr_harts]: its cluster */
	struct rvpmu_sampler_event *events;	/* [nr_events] */
	struct rr_buf *bufs;	/* [nr_bufs], sorted by first_sample, then offset */
	size_t nr_bufs;
	uint64_t samples;	/* complete samples in the file */
	uint64_t lost;		/* samples before end_sample that are not in it */
	uint64_t end_sample;	/* one past the highest sample present (0 if none) */
};

/*
 * Parse and validate size bytes at p (p may be NULL when size is 0) into
 * *run. Returns 0, or -1 with a one-line message in err (errlen bytes,
 * naming the problem and the file offset it was found at) and *run
 * holding nothing that needs freeing. Checked: the fixed header of each
 * buffer (magic, version, state, sizes against each other, the file and
 * the ABI limits), the hart, cluster and event arrays, capacity and
 * nr_samples, the null-event padding of every sample, that all buffers
 * agree on the run's parameters, that no two buffers hold the same sample,
 * and that every sample's mtime window fits in 64 bits. p must stay valid
 * while run is used.
 */
int rr_decode(const uint8_t *p, size_t size, struct rr_run *run, char *err, size_t errlen);

/* Free what rr_decode allocated; run may be one rr_decode failed on. */
void rr_free(struct rr_run *run);

/*
 * ---- Accessors: the caller passes indexes within the decoded bounds
 * (s < b->nr_samples, sub < nr_subsamples, slot < nr_pmu,
 * pos < nr_harts, e < nr_events).
 */

/* File offset of subsample sub of sample s of buffer b. */
size_t rr_subsample_offset(const struct rr_run *r, const struct rr_buf *b, uint32_t s,
			   uint32_t sub);
uint32_t rr_cid1(const struct rr_run *r, const struct rr_buf *b, uint32_t s, uint32_t sub,
		 uint32_t pos);
uint32_t rr_cid2(const struct rr_run *r, const struct rr_buf *b, uint32_t s, uint32_t sub,
		 uint32_t pos);
uint64_t rr_slot(const struct rr_run *r, const struct rr_buf *b, uint32_t s, uint32_t sub,
		 uint32_t slot, uint32_t pos);
uint64_t rr_cycles(const struct rr_run *r, const struct rr_buf *b, uint32_t s, uint32_t sub,
		   uint32_t pos);

/* The count of event e on position pos in sample s of b. */
uint64_t rr_count(const struct rr_run *r, const struct rr_buf *b, uint32_t s, uint32_t e,
		  uint32_t pos);

/* Run-wide subsample index of subsample sub of sample s of buffer b. */
uint64_t rr_subsample_index(const struct rr_run *r, const struct rr_buf *b, uint32_t s,
			    uint32_t sub);

/* Seconds from t0 to the start of subsample k's counting window. */
double rr_time_s(const struct rr_run *r, uint64_t k);

/* Length of one subsample's counting window, seconds. */
double rr_period_s(const struct rr_run *r);

/* A count (or a mean of counts) over one subsample as events per second. */
double rr_rate(const struct rr_run *r, double count);

/* ---- Names */

#define RR_LABEL_MAX 64

/*
 * Write event e's label into buf (RR_LABEL_MAX bytes) and return buf:
 * lib/names.c's name ("cycles", "dtlb-read-miss", "fw:set_timer"), or for
 * raw events "raw:0x<event_data>" / "raw2:0x<event_data>".
 */
const char *rr_event_label(const struct rr_run *r, uint32_t e, char *buf);

/* Name of a header.state value ("FREE", "FILLING", "FULL", "LAST"). */
const char *rr_state_name(uint32_t state);

/*
 * Format v with an SI prefix (m, none, k, M, G, T, P, E) and unit into buf
 * (n bytes), three significant digits: "1.23 M/s". Returns buf.
 */
const char *rr_si(double v, const char *unit, char *buf, size_t n);

#endif
