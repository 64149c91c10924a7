/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/report/summary.c - rvpmu-report's default output (and perf
 * report's): the run in a line; how its windows' lengths are known and
 * per hart its late, short, lost and disagreeing windows; per event and
 * hart the mean rate (the counts over the windows' true lengths), min and
 * max, all three over the same windows (rr_win_used); then the derived
 * metrics (metrics.h).
 */
#include <inttypes.h>

#include "compat.h"
#include "metrics.h"
#include "report.h"

/* A rate, or "-" when no window on time gave one. */
static const char *rate(int has, double v, char *buf, size_t n)
{
	if (!has) {
		snprintf(buf, n, "-");
		return buf;
	}
	return rr_si(v, "/s", buf, n);
}

/*
 * Windows left out of a row, as its suffix: "  (1 late, 2 short, 1 passed,
 * 1 uncounted, 1 unsure; 26 of 30 used)"; late windows are used, the
 * others not.
 */
static void off_time(FILE *out, const struct rr_stat *st)
{
	const struct {
		uint64_t n;
		const char *what;
	} part[] = {
		{ st->late, "late" }, { st->nshort, "short" }, { st->passed, "passed" },
		{ st->uncounted, "uncounted" }, { st->unsure, "unsure" },
	};
	const char *sep = "  (";
	size_t i;

	for (i = 0; i < ARRAY_SIZE(part); i++)
		if (part[i].n) {
			fprintf(out, "%s%" PRIu64 " %s", sep, part[i].n, part[i].what);
			sep = ", ";
		}
	if (st->used != st->windows)
		fprintf(out, "%s%" PRIu64 " of %" PRIu64 " used)", *sep == ',' ? "; " : sep,
			st->used, st->windows);
	else if (*sep == ',')
		fputc(')', out);
}

static void event_row(FILE *out, const struct rr_run *r, uint32_t e, uint32_t pos)
{
	char a[32], b[32], c[32], name[RR_LABEL_MAX];
	struct rr_stat st;

	rr_event_stat(r, e, pos, &st);
	fprintf(out, "  %-28s %10u %14s %14s %14s", pos ? "" : rr_event_label(r, e, name),
		r->hart[pos], rate(st.has_mean, st.mean, a, sizeof(a)),
		rate(st.has_range, st.min, b, sizeof(b)), rate(st.has_range, st.max, c, sizeof(c)));
	off_time(out, &st);
	if (!st.windows)
		fputs("  (no data)", out);
	fputc('\n', out);
}

/* A metric's value, three significant digits, or "-". */
static const char *num(int has, double v, char *buf, size_t n)
{
	if (has)
		snprintf(buf, n, "%.3g", v);
	else
		snprintf(buf, n, "-");
	return buf;
}

static void metrics(FILE *out, const struct rr_run *r)
{
	char a[32], b[32], c[32], name[RR_METRIC_LABEL_MAX];
	struct rr_metrics m;
	struct rr_stat st;
	uint32_t j, pos;

	rr_metrics_init(r, &m);
	if (!m.nr)
		return;
	fprintf(out, "  %-28s %10s %14s %14s %14s\n", "metric", "hart", "mean", "min", "max");
	for (j = 0; j < m.nr; j++)
		for (pos = 0; pos < r->nr_harts; pos++) {
			rr_metric_stat(r, &m, j, pos, &st);
			fprintf(out, "  %-28s %10u %14s %14s %14s",
				pos ? "" : rr_metric_label(r, &m, j, name), r->hart[pos],
				num(st.has_mean, st.mean, a, sizeof(a)),
				num(st.has_range, st.min, b, sizeof(b)),
				num(st.has_range, st.max, c, sizeof(c)));
			if (st.used != st.windows)
				fprintf(out, "  (%" PRIu64 " of %" PRIu64 " samples used)",
					st.used, st.windows);
			fputc('\n', out);
		}
}

/*
 * How the windows' lengths are known, then per hart the windows that are
 * not on time or not sure: late, short (under half a period), lost (the
 * firmware says its time and counts may differ) and, where mtime gives
 * lengths, disagreeing (length and cycles at the run's rate apart by more
 * than RR_AGREE_TICKS); every hart's line when mtime gives lengths, so
 * that "0 disagree" is said too. Layout 4 says per hart the windows it
 * did not count too: uncounted (passed or paused, a counted one after)
 * and absent (none after: absent from the run or left it).
 */
static void window_lengths(FILE *out, const struct rr_run *r)
{
	char hz[32];
	uint32_t pos, s, sub;
	int any = 0, mt = RR_HAS_MTIME(r), v4 = r->version == RVPMU_SAMPLER_LAYOUT;
	size_t i;

	if (v4)
		fprintf(out, "window lengths: each window's own, from mtime (layout %u: "
			"only counted windows are data)\n", r->version);
	else if (RR_HAS_WINDOW(r))
		fprintf(out, "window lengths: each window's own, from mtime (header version %u)\n",
			r->version);
	else if (mt)
		fprintf(out, "window lengths: from mtime (header version %u)\n", r->version);
	else if (r->cycle_hz > 0)
		fprintf(out,
			"window lengths: from cycles at %s (the run's median; header version %u, no mtime)\n",
			rr_si(r->cycle_hz, "Hz", hz, sizeof(hz)), r->version);
	else
		fprintf(out, "window lengths: the period (no cycles, no mtime)\n");
	if (mt && r->cycle_hz > 0)
		fprintf(out, "%s %s %s: a window disagrees beyond %llu ticks\n",
			"checked against cycles at", rr_si(r->cycle_hz, "Hz", hz, sizeof(hz)),
			"(the run's median rate)",
			(unsigned long long)RR_AGREE_TICKS(r->period_ticks));
	for (pos = 0; pos < r->nr_harts; pos++) {
		uint64_t late = 0, nshort = 0, passed = 0, lost = 0, dis = 0, n = 0;
		uint64_t uncounted = 0, absent = 0;
		struct rr_win w;

		for (i = 0; i < r->nr_bufs; i++)
			for (s = 0; s < r->bufs[i].nr_samples; s++)
				for (sub = 0; sub < r->nr_subsamples; sub++, n++) {
					rr_window(r, &r->bufs[i], s, sub, pos, &w);
					late += w.kind == RR_WIN_LATE;
					nshort += w.kind == RR_WIN_SHORT;
					lost += !!w.lost;
					dis += w.disagree && !w.lost;
					passed += w.kind == RR_WIN_PASSED;
					uncounted += w.kind == RR_WIN_UNCOUNTED;
					absent += w.kind == RR_WIN_ABSENT;
				}
		if (!late && !nshort && !passed && !lost && !dis && !mt)
			continue;
		if (!any && v4)
			fprintf(out, "%s %s\n",
				"late (over 1.5 periods: used), short (under 0.5), lost and disagreeing windows",
				"(left out of mean, min, max and the plots), and those not counted (no data):");
		else if (!any)
			fprintf(out, "%s %s\n",
				"late (over 1.5 periods: used), short (under 0.5), passed (late policy), lost and disagreeing windows",
				"(left out of mean, min, max and the plots):");
		if (v4)
			fprintf(out, "  hart %u: %" PRIu64 " late, %" PRIu64 " short, %" PRIu64
				" lost, %" PRIu64 " disagree, %" PRIu64 " uncounted (passed or paused), %"
				PRIu64 " absent (none counted after) of %" PRIu64 " windows\n",
				r->hart[pos], late, nshort, lost, dis, uncounted, absent, n);
		else
			fprintf(out, "  hart %u: %" PRIu64 " late, %" PRIu64 " short, %" PRIu64
				" passed, %" PRIu64 " lost, %" PRIu64 " disagree of %" PRIu64 " windows\n",
				r->hart[pos], late, nshort, passed, lost, dis, n);
		any = 1;
	}
	if (!any)
		fputs("every window on time (0.5 to 1.5 periods long)\n", out);
}

int rr_summary(FILE *out, const struct rr_run *r)
{
	uint32_t e, pos;

	fprintf(out,
		"RVPMU SAMPLER summary: %u hart(s) in %u cluster(s), %u event(s), nr_pmu %u (%u subsample(s) per sample), period %u us, %llu sample(s), %llu lost, %zu buffer(s)\n",
		r->nr_harts, r->nr_clusters, r->nr_events, r->nr_pmu, r->nr_subsamples,
		r->period_us, (unsigned long long)r->samples, (unsigned long long)r->lost,
		r->nr_bufs);
	if (!r->samples) {
		fprintf(out, "no samples\n");
		return ferror(out) ? -1 : 0;
	}
	window_lengths(out, r);
	fprintf(out, "%s %s\n", "mean, min and max over the same windows:",
		"on time or late, not short, lost or disagreeing");
	fprintf(out, "  %-28s %10s %14s %14s %14s\n", "event", "hart", "mean", "min", "max");
	for (e = 0; e < r->nr_events; e++)
		for (pos = 0; pos < r->nr_harts; pos++)
			event_row(out, r, e, pos);
	metrics(out, r);
	return ferror(out) ? -1 : 0;
}

void rr_run_title(FILE *out, const struct rr_runs *rs, size_t i)
{
	const struct rr_run *r = &rs->runs[i];

	if (rs->nr_runs > 1)
		fprintf(out,
			"RVPMU SAMPLER run %zu of %zu: t0 %llu, %zu buffer(s) from offset 0x%zx\n",
			i + 1, rs->nr_runs, (unsigned long long)r->t0, r->nr_bufs, r->offset);
}

int rr_summary_all(FILE *out, const struct rr_runs *rs)
{
	size_t i;

	if (!rs->nr_runs)
		fprintf(out, "RVPMU SAMPLER summary: no sampler buffer, %zu pad(s) only\n",
			rs->nr_pads);
	for (i = 0; i < rs->nr_runs; i++) {
		if (i)
			fputc('\n', out);
		rr_run_title(out, rs, i);
		if (rr_summary(out, &rs->runs[i]))
			return -1;
	}
	return ferror(out) ? -1 : 0;
}
