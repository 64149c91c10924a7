/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/report/units.c - times, rates and names of a decoded run, shared
 * by every exporter so that they all say the same thing.
 */
#include <math.h>
#include <stdio.h>

#include "lib/names.h"
#include "compat.h"
#include "decode.h"
#include "rvpmu/sbi.h"

double rr_period_s(const struct rr_run *r)
{
	return (double)r->period_ticks / (double)r->timebase_hz;
}

double rr_time_s(const struct rr_run *r, uint64_t k)
{
	/* k * period_ticks fits in 64 bits: rr_decode checked every window */
	return (double)(k * r->period_ticks) / (double)r->timebase_hz;
}

/*
 * The mtime that began the window after (s, sub) of b on pos, the end of
 * this one: the next subsample's. Returns 0 when there is none in the file
 * (the run's last window, or the next samples were lost), else 1 with *t.
 */
static int window_end(const struct rr_run *r, const struct rr_buf *b, uint32_t s,
		      uint32_t sub, uint32_t pos, uint64_t *t)
{
	const struct rr_buf *n, *end = r->bufs + r->nr_bufs;

	if (sub + 1 < r->nr_subsamples) {
		*t = rr_mtime(r, b, s, sub + 1, pos);
		return 1;
	}
	if (s + 1 < b->nr_samples) {
		*t = rr_mtime(r, b, s + 1, 0, pos);
		return 1;
	}
	/* buffers are sorted and disjoint: the next one with samples */
	for (n = b + 1; n < end; n++) {
		if (!n->nr_samples)
			continue;
		if (n->first_sample != b->first_sample + b->nr_samples)
			return 0;
		*t = rr_mtime(r, n, 0, 0, pos);
		return 1;
	}
	return 0;
}

/* Whether a length from mtime and the cycles field disagree (seconds). */
static int disagrees(const struct rr_run *r, double len_s, uint64_t cycles)
{
	double bound = (double)RR_AGREE_TICKS(r->period_ticks) / (double)r->timebase_hz;

	return cycles && r->cycle_hz > 0 && fabs(len_s - (double)cycles / r->cycle_hz) > bound;
}

void rr_window(const struct rr_run *r, const struct rr_buf *b, uint32_t s, uint32_t sub,
	       uint32_t pos, struct rr_win *w)
{
	uint64_t k = rr_subsample_index(r, b, s, sub), cycles, end, start;
	uint64_t word = rr_winword(r, b, s, sub, pos);
	double period = rr_period_s(r);

	w->start_s = rr_time_s(r, k);
	w->len_s = period;
	w->src = RR_LEN_NOMINAL;
	w->lost = w->disagree = 0;
	/* layout 4: a slot the hart did not write is no data, whatever it holds */
	if (r->version == RVPMU_SAMPLER_LAYOUT && !(word & RVPMU_SAMPLER_WIN_COUNTED)) {
		w->kind = k < r->counted_end[pos] ? RR_WIN_UNCOUNTED : RR_WIN_ABSENT;
		return;
	}
	cycles = rr_cycles(r, b, s, sub, pos);
	if (RR_HAS_MTIME(r)) {
		start = rr_mtime(r, b, s, sub, pos);
		/* layouts 2, 3: a hart without data has zeros (layout 4: COUNTED) */
		if (!start && r->version != RVPMU_SAMPLER_LAYOUT) {
			w->kind = RR_WIN_ABSENT;
			return;
		}
		w->start_s = start >= r->t0 ? (double)(start - r->t0) / (double)r->timebase_hz
					    : -(double)(r->t0 - start) / (double)r->timebase_hz;
		/*
		 * layout 2: a window that ran has cycles, none is a passed
		 * one (layout 3 says so in its word, which is the word)
		 */
		if (!cycles && r->version == RVPMU_SAMPLER_V1_LAYOUT_MTIME) {
			w->kind = RR_WIN_PASSED;
			return;
		}
		if (RR_HAS_WINDOW(r)) {
			if (r->version == RVPMU_SAMPLER_V1_LAYOUT_WINDOW &&
			    (word & RVPMU_SAMPLER_V1_WIN_PASSED)) {
				w->kind = RR_WIN_PASSED;
				return;
			}
			w->lost = !!(word & RVPMU_SAMPLER_WIN_LOST);
			if (RVPMU_SAMPLER_WIN_LEN(word)) {
				w->len_s = (double)RVPMU_SAMPLER_WIN_LEN(word) /
					   (double)r->timebase_hz;
				w->src = RR_LEN_WINDOW;
			}
		/* an end of 0 is a hart without data after: not a time */
		} else if (window_end(r, b, s, sub, pos, &end) && end > start) {
			w->len_s = (double)(end - start) / (double)r->timebase_hz;
			w->src = RR_LEN_MTIME;
		}
		if (w->src != RR_LEN_NOMINAL)
			w->disagree = disagrees(r, w->len_s, cycles);
	} else if (!cycles) {
		w->kind = RR_WIN_ABSENT;
		return;
	}
	if (w->src == RR_LEN_NOMINAL && cycles && r->cycle_hz > 0) {
		w->len_s = (double)cycles / r->cycle_hz;
		w->src = RR_LEN_CYCLES;
	}
	if (w->len_s > RR_LATE_PERIODS * period)
		w->kind = RR_WIN_LATE;
	else if (w->len_s < RR_SHORT_PERIODS * period)
		w->kind = RR_WIN_SHORT;
	else
		w->kind = RR_WIN_OK;
}

int rr_win_used(const struct rr_win *w)
{
	return (w->kind == RR_WIN_OK || w->kind == RR_WIN_LATE) && !w->lost && !w->disagree;
}

const char *rr_win_name(enum rr_win_kind kind)
{
	static const char *const names[] = { "ok", "late", "short", "absent", "passed",
					     "uncounted" };

	return (unsigned int)kind < ARRAY_SIZE(names) ? names[kind] : "?";
}

const char *rr_win_label(const struct rr_win *w)
{
	if (!RR_WIN_HAS_DATA(w))
		return rr_win_name(w->kind);
	if (w->lost)
		return "lost";
	if (w->disagree)
		return "disagree";
	return rr_win_name(w->kind);
}

_Static_assert(RR_LABEL_MAX >= RVPMU_EVENT_NAME_MAX, "a label holds a name");

const char *rr_event_label(const struct rr_run *r, uint32_t e, char *buf)
{
	const struct rvpmu_sampler_event *ev = &r->events[e];
	uint32_t type = SBI_PMU_EVENT_TYPE(ev->event_idx);

	/* a raw event is its selector, which names.c cannot know */
	if (ev->event_idx <= SBI_PMU_EVENT_IDX_MASK &&
	    (type == SBI_PMU_EVENT_TYPE_RAW || type == SBI_PMU_EVENT_TYPE_RAW_V2)) {
		snprintf(buf, RR_LABEL_MAX, "%s:0x%llx",
			 type == SBI_PMU_EVENT_TYPE_RAW ? "raw" : "raw2",
			 (unsigned long long)ev->event_data);
		return buf;
	}
	return rvpmu_event_name(ev->event_idx, buf);
}

const char *rr_state_name(uint32_t state)
{
	static const char *const names[] = { "FREE", "FILLING", "FULL", "LAST" };

	return state <= RVPMU_SAMPLER_BUF_LAST ? names[state] : "?";
}

const char *rr_si(double v, const char *unit, char *buf, size_t n)
{
	static const char prefix[] = "m kMGTPE";
	double a = fabs(v);
	int i = 1;

	if (a == 0) {
		snprintf(buf, n, "0 %s", unit);
		return buf;
	}
	if (a < 0.9995) {	/* below 1, but not what %.3g rounds up to 1 */
		i = 0;
		v *= 1e3;
	} else {
		while (a >= 999.5 && prefix[i + 1]) {
			a /= 1e3;
			v /= 1e3;
			i++;
		}
	}
	if (prefix[i] == ' ')
		snprintf(buf, n, "%.3g %s", v, unit);
	else
		snprintf(buf, n, "%.3g %c%s", v, prefix[i], unit);
	return buf;
}
