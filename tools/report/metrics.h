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

/**
 * rr_event_stat() - an event's rate statistics on one hart over the run
 * @r: the run
 * @e: the event, an index into the run's events
 * @pos: the hart's data-field position
 * @st: filled in: the statistics
 *
 * Counts over true lengths (rr_window()): the mean is the sum of counts
 * over the sum of lengths, min and max the windows' own rates, all over
 * the windows rr_win_used() takes. A window without data is never read as
 * a count.
 *
 * Context: Host tool code; single-threaded.
 */
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

/**
 * rr_metrics_init() - find the run's derived metrics
 * @r: the run
 * @m: filled in: the metrics
 *
 * The instructions event is the first SBI_PMU_HW_INSTRUCTIONS of the
 * list; the miss events are those rr_is_miss_event() takes, in list
 * order. Without an instructions event @m->nr is 0: no metric.
 *
 * Context: Host tool code; single-threaded.
 */
void rr_metrics_init(const struct rr_run *r, struct rr_metrics *m);

/**
 * rr_is_miss_event() - whether an event is a cache or TLB miss event
 * @event_idx: an SBI event_idx
 *
 * Context: Host tool code; single-threaded.
 * Return: 1 if @event_idx is a cache or TLB miss event (type 1, result
 *         MISS), else 0.
 */
int rr_is_miss_event(uint32_t event_idx);

/**
 * rr_metric_label() - a metric's label
 * @r: the run
 * @m: its metrics (rr_metrics_init())
 * @j: the metric, < @m->nr
 * @buf: where the label goes, RR_METRIC_LABEL_MAX bytes
 *
 * Context: Host tool code; single-threaded.
 * Return: @buf, holding metric @j's label ("ipc", "dtlb-read-miss per 1k
 *         inst").
 */
const char *rr_metric_label(const struct rr_run *r, const struct rr_metrics *m, uint32_t j,
			    char *buf);

/**
 * rr_metric_event() - the event a metric is about
 * @m: the metrics (rr_metrics_init())
 * @j: the metric, < @m->nr
 *
 * Context: Host tool code; single-threaded.
 * Return: the event's index in the run: @m->instr for IPC (metric 0),
 *         else metric @j's miss event.
 */
uint32_t rr_metric_event(const struct rr_metrics *m, uint32_t j);

/**
 * rr_metric() - a metric's value on a hart in a sample
 * @r: the run
 * @m: its metrics (rr_metrics_init())
 * @j: the metric, < @m->nr
 * @b: one of the run's buffers
 * @s: a sample of @b
 * @pos: the hart's data-field position
 * @v: set to the value where it is defined
 * @clean: set where it is defined: 1 when rr_win_used() takes every window
 *         the value comes from, else 0
 *
 * Context: Host tool code; single-threaded.
 * Return: 0 with *@v and *@clean set, or -1 where the metric is undefined
 *         (*@v and *@clean untouched): a window without data (absent,
 *         passed, uncounted), a cycles field of 0 (IPC), no instructions
 *         counted (a miss ratio).
 */
int rr_metric(const struct rr_run *r, const struct rr_metrics *m, uint32_t j,
	      const struct rr_buf *b, uint32_t s, uint32_t pos, double *v, int *clean);

/**
 * rr_metric_stat() - a metric's statistics on one hart over the run
 * @r: the run
 * @m: its metrics (rr_metrics_init())
 * @j: the metric, < @m->nr
 * @pos: the hart's data-field position
 * @st: filled in: the statistics (windows: samples where the metric is
 *      defined; absent: those where it is not)
 *
 * Over the run's clean samples only: min, max, and the mean of the
 * samples' values weighted by their cycles (IPC: all instructions over
 * all cycles) or by their instructions (misses per 1000 instructions:
 * every miss, at its window's rate over the instructions' window, per
 * every instruction), so that min <= mean <= max.
 *
 * Context: Host tool code; single-threaded.
 */
void rr_metric_stat(const struct rr_run *r, const struct rr_metrics *m, uint32_t j,
		    uint32_t pos, struct rr_stat *st);

#endif
