/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/report/metrics.h - what the exporters compute from a decoded run
 * beyond its counts, so that the summary, the CSV, Perfetto and the plots
 * agree: per event and hart the rates over the run, and the derived
 * metrics IPC and misses per 1000 instructions. Every rate is a count over
 * its window's true length (rr_window). Host code, single-threaded.
 */
#ifndef RVPMU_REPORT_METRICS_H
#define RVPMU_REPORT_METRICS_H

#include "decode.h"

/*
 * An event's (or a metric's) statistics on one hart over the run: mean,
 * min and max all over the same windows, those rr_win_used takes (on time
 * or late, not short, lost or disagreeing), so that min <= mean <= max.
 */
struct rr_stat {
	double mean;		/* sum of counts / sum of lengths; valid if has_mean */
	double min, max;	/* valid if has_mean too */
	int has_mean, has_range;	/* the same: some window was used */
	uint64_t windows;	/* windows (or samples, for a metric) with data */
	uint64_t used;		/* of those, the ones the figures come from */
	uint64_t late, nshort;	/* of those with data, late and short ones */
	uint64_t passed;	/* ... and those the late policy passed (no data) */
	uint64_t uncounted;	/* ... and layout 4's not counted ones (no data) */
	uint64_t unsure;	/* ... and lost or disagreeing ones */
	uint64_t absent;	/* windows without data (a metric: where undefined) */
};

/* Event e on position pos over the run; counts over true lengths. A
   window without data is never read as a count. */
void rr_event_stat(const struct rr_run *r, uint32_t e, uint32_t pos, struct rr_stat *st);

/*
 * ---- Derived metrics. Metric 0 is IPC: the first instructions event's
 * count over its window's cycles field. Metric 1 + i is miss event i (a
 * cache or TLB event, SBI type 1 with result MISS, in list order) per 1000
 * instructions: its rate over the first instructions event's rate in the
 * same sample, times 1000. A run without an instructions event has none.
 */

#define RR_METRIC_LABEL_MAX	(RR_LABEL_MAX + 16)

struct rr_metrics {
	uint32_t nr;		/* metrics: 0, or 1 + nr_miss */
	uint32_t instr;		/* the event IPC and the rest divide by */
	uint32_t nr_miss;
	uint32_t miss[RVPMU_SAMPLER_MAX_EVENTS];	/* their events */
};

/* Find the run's metrics. */
void rr_metrics_init(const struct rr_run *r, struct rr_metrics *m);

/* 1 if event_idx is a cache or TLB miss event (type 1, result MISS). */
int rr_is_miss_event(uint32_t event_idx);

/* Metric j's label ("ipc", "dtlb-read-miss per 1k inst") in buf. */
const char *rr_metric_label(const struct rr_run *r, const struct rr_metrics *m, uint32_t j,
			    char *buf);

/* The event metric j is about: instr for IPC, else its miss event. */
uint32_t rr_metric_event(const struct rr_metrics *m, uint32_t j);

/*
 * Metric j in sample s of b on pos. Returns 0 with *v and *clean (1 when
 * rr_win_used takes every window it comes from), or -1 where it is
 * undefined: a window without data (absent, passed, uncounted), a cycles
 * field of 0 (IPC), no instructions counted (a miss ratio).
 */
int rr_metric(const struct rr_run *r, const struct rr_metrics *m, uint32_t j,
	      const struct rr_buf *b, uint32_t s, uint32_t pos, double *v, int *clean);

/*
 * Metric j on pos over the run, over its clean samples only: min, max, and
 * the mean of the samples' values weighted by their cycles (IPC: all
 * instructions over all cycles) or by their instructions (misses per 1000
 * instructions: every miss, at its window's rate over the instructions'
 * window, per every instruction), so that min <= mean <= max.
 */
void rr_metric_stat(const struct rr_run *r, const struct rr_metrics *m, uint32_t j,
		    uint32_t pos, struct rr_stat *st);

#endif
