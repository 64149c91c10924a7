/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/report/metrics.c - rates over the run and derived metrics. See
 * metrics.h. Means are weighted means: a long window weighs as much as the
 * time it covers; and they run over the windows min and max run over.
 */
#include <stdio.h>
#include <string.h>

#include "metrics.h"
#include "rvpmu/sbi.h"

/* A count as a double (a named step: perf builds with -Wbad-function-cast). */
static double count_of(const struct rr_run *r, const struct rr_buf *b, uint32_t s, uint32_t e,
		       uint32_t pos)
{
	uint64_t c = rr_count(r, b, s, e, pos);

	return (double)c;
}

static void stat_start(struct rr_stat *st)
{
	memset(st, 0, sizeof(*st));
}

/* One value into min and max, if its windows are clean. */
static void stat_range(struct rr_stat *st, double v, int clean)
{
	if (!clean)
		return;
	if (!st->has_range || v < st->min)
		st->min = v;
	if (!st->has_range || v > st->max)
		st->max = v;
	st->has_range = 1;
	st->used++;
}

/* Count a window's kind. */
static void stat_kind(struct rr_stat *st, const struct rr_win *w)
{
	if (w->kind == RR_WIN_LATE)
		st->late++;
	else if (w->kind == RR_WIN_SHORT)
		st->nshort++;
	else if (w->kind == RR_WIN_PASSED)
		st->passed++;
	else if (w->kind == RR_WIN_UNCOUNTED)
		st->uncounted++;
	if (w->lost || w->disagree)
		st->unsure++;
}

void rr_event_stat(const struct rr_run *r, uint32_t e, uint32_t pos, struct rr_stat *st)
{
	uint32_t sub = e / r->nr_pmu, s;
	double count = 0, len = 0;
	struct rr_win w;
	size_t i;

	stat_start(st);
	for (i = 0; i < r->nr_bufs; i++) {
		const struct rr_buf *b = &r->bufs[i];

		for (s = 0; s < b->nr_samples; s++) {
			double v;

			rr_window(r, b, s, sub, pos, &w);
			if (w.kind == RR_WIN_ABSENT) {
				st->absent++;
				continue;
			}
			st->windows++;
			stat_kind(st, &w);
			if (!rr_win_used(&w))
				continue;
			v = count_of(r, b, s, e, pos);
			count += v;
			len += w.len_s;
			stat_range(st, v / w.len_s, 1);
		}
	}
	if (st->used) {
		st->mean = count / len;
		st->has_mean = 1;
	}
}

int rr_is_miss_event(uint32_t idx)
{
	return idx <= SBI_PMU_EVENT_IDX_MASK &&
	       SBI_PMU_EVENT_TYPE(idx) == SBI_PMU_EVENT_TYPE_CACHE &&
	       SBI_PMU_CACHE_RESULT(SBI_PMU_EVENT_CODE(idx)) == SBI_PMU_HW_CACHE_RESULT_MISS;
}

void rr_metrics_init(const struct rr_run *r, struct rr_metrics *m)
{
	const uint32_t instr = SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_HW, SBI_PMU_HW_INSTRUCTIONS);
	uint32_t e;
	int found = 0;

	memset(m, 0, sizeof(*m));
	for (e = 0; e < r->nr_events; e++) {
		uint32_t idx = r->events[e].event_idx;

		if (idx == instr && !found) {
			m->instr = e;
			found = 1;
		} else if (rr_is_miss_event(idx)) {
			m->miss[m->nr_miss++] = e;
		}
	}
	m->nr = found ? 1 + m->nr_miss : 0;
}

uint32_t rr_metric_event(const struct rr_metrics *m, uint32_t j)
{
	return j ? m->miss[j - 1] : m->instr;
}

const char *rr_metric_label(const struct rr_run *r, const struct rr_metrics *m, uint32_t j,
			    char *buf)
{
	char name[RR_LABEL_MAX];

	if (!j)
		snprintf(buf, RR_METRIC_LABEL_MAX, "ipc");
	else
		snprintf(buf, RR_METRIC_LABEL_MAX, "%s per 1k inst",
			 rr_event_label(r, m->miss[j - 1], name));
	return buf;
}

/*
 * The parts of metric j in sample s: num / den is its value (before the
 * factor 1000 of a miss ratio). For IPC, instructions and cycles; for a
 * miss ratio, the miss event's count and length, the instructions' count
 * and length. Returns -1 where undefined.
 */
struct parts {
	double count, len;	/* the miss event's (IPC: instructions, cycles) */
	double icount, ilen;	/* the instructions' (IPC: unused) */
	int clean;
};

static int metric_parts(const struct rr_run *r, const struct rr_metrics *m, uint32_t j,
			const struct rr_buf *b, uint32_t s, uint32_t pos, struct parts *p)
{
	struct rr_win wi, wm;

	rr_window(r, b, s, m->instr / r->nr_pmu, pos, &wi);
	if (!RR_WIN_HAS_DATA(&wi))
		return -1;
	p->icount = count_of(r, b, s, m->instr, pos);
	p->ilen = wi.len_s;
	if (!j) {
		uint64_t c = rr_cycles(r, b, s, m->instr / r->nr_pmu, pos);

		if (!c)
			return -1;
		p->count = p->icount;
		p->len = (double)c;
		p->clean = rr_win_used(&wi);
		return 0;
	}
	if (!p->icount)
		return -1;
	rr_window(r, b, s, m->miss[j - 1] / r->nr_pmu, pos, &wm);
	if (!RR_WIN_HAS_DATA(&wm))
		return -1;
	p->count = count_of(r, b, s, m->miss[j - 1], pos);
	p->len = wm.len_s;
	p->clean = rr_win_used(&wi) && rr_win_used(&wm);
	return 0;
}

/* The value of a metric from its parts (sums of parts for a mean). */
static double metric_value(uint32_t j, const struct parts *p)
{
	if (!j)
		return p->count / p->len;
	return 1000 * (p->count / p->len) / (p->icount / p->ilen);
}

int rr_metric(const struct rr_run *r, const struct rr_metrics *m, uint32_t j,
	      const struct rr_buf *b, uint32_t s, uint32_t pos, double *v, int *clean)
{
	struct parts p;

	if (metric_parts(r, m, j, b, s, pos, &p))
		return -1;
	*v = metric_value(j, &p);
	*clean = p.clean;
	return 0;
}

void rr_metric_stat(const struct rr_run *r, const struct rr_metrics *m, uint32_t j,
		    uint32_t pos, struct rr_stat *st)
{
	double num = 0, den = 0;
	struct parts p;
	uint32_t s;
	size_t i;

	stat_start(st);
	for (i = 0; i < r->nr_bufs; i++)
		for (s = 0; s < r->bufs[i].nr_samples; s++) {
			double v, weight;

			if (metric_parts(r, m, j, &r->bufs[i], s, pos, &p)) {
				st->absent++;
				continue;
			}
			st->windows++;
			if (!p.clean)
				continue;
			v = metric_value(j, &p);
			weight = j ? p.icount : p.len;	/* instructions; cycles */
			num += weight * v;
			den += weight;
			stat_range(st, v, 1);
		}
	if (st->used && den > 0) {
		st->mean = num / den;
		st->has_mean = 1;
	} else {
		st->has_range = 0;
	}
}
