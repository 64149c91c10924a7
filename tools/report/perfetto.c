/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/report/perfetto.c - rvpmu-report --perfetto: the Chrome
 * trace-event JSON format the Perfetto UI (and chrome://tracing) opens.
 * A "process" per hart, named by process_name metadata; on it a counter
 * track per event ("ph":"C") whose value is the event's rate in events/s
 * over the window that starts at ts (microseconds from t0, as scheduled),
 * the count over the window's true length, only where the window holds
 * data (an absent, passed or uncounted window gives no value: its bytes
 * are no count); a counter track per derived metric (metrics.h: "ipc",
 * "<miss event> per 1k inst") at the start of the window of the event it
 * is about; an instant event on the hart where a window was late, short,
 * lost, disagreeing, passed or uncounted. Labels come from lib/names.c and hex digits
 * only, so no string needs escaping. Several runs (rr_perfetto_all): a
 * process per run and hart, each run at its t0's place on the first run's
 * time line.
 */
#include <inttypes.h>

#include "metrics.h"
#include "report.h"

static void comma(FILE *out, int *first)
{
	fputs(*first ? "\n" : ",\n", out);
	*first = 0;
}

/* Where a run goes in the trace: its processes and its time. */
struct place {
	size_t run;		/* 1, 2, ...; 0: the trace's only run */
	uint32_t pid0;		/* its harts' processes are pid0 + 1, ... */
	double t_us;		/* its t0, microseconds after the first run's */
};

/* An instant event on each hart whose window in sample s was late, short,
   lost, disagreeing, passed or uncounted (its nominal place: no data). */
static void off_time(FILE *out, int *first, const struct rr_run *r, const struct rr_buf *b,
		     uint32_t s, const struct place *pl)
{
	uint32_t sub, pos;
	struct rr_win w;

	for (sub = 0; sub < r->nr_subsamples; sub++)
		for (pos = 0; pos < r->nr_harts; pos++) {
			rr_window(r, b, s, sub, pos, &w);
			if (w.kind == RR_WIN_OK && !w.lost && !w.disagree)
				continue;
			if (w.kind == RR_WIN_ABSENT)
				continue;
			comma(out, first);
			if (!RR_WIN_HAS_DATA(&w))
				fprintf(out, "{\"ph\":\"i\",\"s\":\"p\",\"name\":\"%s window\","
					"\"pid\":%u,\"tid\":0,\"ts\":%.3f}", rr_win_label(&w),
					pl->pid0 + pos + 1, pl->t_us + w.start_s * 1e6);
			else
				fprintf(out, "{\"ph\":\"i\",\"s\":\"p\",\"name\":\"%s window (%.3g periods)\","
					"\"pid\":%u,\"tid\":0,\"ts\":%.3f}", rr_win_label(&w),
					w.len_s / rr_period_s(r), pl->pid0 + pos + 1,
					pl->t_us + w.start_s * 1e6);
		}
}

/* The derived metrics of sample s, a counter track each per hart. */
static void metrics(FILE *out, int *first, const struct rr_run *r, const struct rr_metrics *m,
		    const struct rr_buf *b, uint32_t s, const struct place *pl)
{
	char name[RR_METRIC_LABEL_MAX];
	uint32_t j, pos;
	int clean;
	double v;

	for (j = 0; j < m->nr; j++) {
		uint32_t sub = rr_metric_event(m, j) / r->nr_pmu;
		double ts = rr_time_s(r, rr_subsample_index(r, b, s, sub));

		rr_metric_label(r, m, j, name);
		for (pos = 0; pos < r->nr_harts; pos++) {
			if (rr_metric(r, m, j, b, s, pos, &v, &clean))
				continue;
			comma(out, first);
			fprintf(out, "{\"ph\":\"C\",\"name\":\"%s\",\"pid\":%u,\"tid\":0,"
				"\"ts\":%.3f,\"args\":{\"%s\":%.9g}}", name, pl->pid0 + pos + 1,
				pl->t_us + ts * 1e6,
				j ? "per 1k inst" : "ipc", v);
		}
	}
}

/* Run r's events, placed at pl, after *first's events. */
static void run_events(FILE *out, int *first, const struct rr_run *r, const struct place *pl)
{
	char name[RR_LABEL_MAX], run[32] = "";
	struct rr_metrics m;
	uint64_t next = 0;
	uint32_t pos;
	size_t i;

	rr_metrics_init(r, &m);
	if (pl->run)
		snprintf(run, sizeof(run), "run %zu: ", pl->run);
	for (pos = 0; pos < r->nr_harts; pos++) {
		comma(out, first);
		fprintf(out, "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%u,\"tid\":0,"
			"\"args\":{\"name\":\"%shart %u (cluster %u)\"}},\n", pl->pid0 + pos + 1, run,
			r->hart[pos], r->cluster[pos]);
		fprintf(out, "{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":%u,\"tid\":0,"
			"\"args\":{\"sort_index\":%u}}", pl->pid0 + pos + 1, pl->pid0 + pos);
	}
	for (i = 0; i < r->nr_bufs; i++) {
		const struct rr_buf *b = &r->bufs[i];
		uint32_t s, e;

		if (b->nr_samples && b->first_sample > next) {
			comma(out, first);
			fprintf(out, "{\"ph\":\"i\",\"s\":\"g\",\"name\":\"%slost samples %" PRIu64
				"..%" PRIu64 "\",\"pid\":0,\"tid\":0,\"ts\":%.3f}", run, next,
				b->first_sample - 1,
				pl->t_us + rr_time_s(r, next * r->nr_subsamples) * 1e6);
		}
		if (b->nr_samples)
			next = b->first_sample + b->nr_samples;
		for (s = 0; s < b->nr_samples; s++) {
			off_time(out, first, r, b, s, pl);
			for (e = 0; e < r->nr_events; e++) {
				uint32_t sub = e / r->nr_pmu;
				rr_event_label(r, e, name);
				for (pos = 0; pos < r->nr_harts; pos++) {
					struct rr_win w;

					rr_window(r, b, s, sub, pos, &w);
					if (!RR_WIN_HAS_DATA(&w))
						continue;
					comma(out, first);
					fprintf(out, "{\"ph\":\"C\",\"name\":\"%s\",\"pid\":%u,"
						"\"tid\":0,\"ts\":%.3f,\"args\":{\"events/s\":%.9g}}",
						name, pl->pid0 + pos + 1, pl->t_us + w.start_s * 1e6,
						(double)rr_count(r, b, s, e, pos) / w.len_s);
				}
			}
			metrics(out, first, r, &m, b, s, pl);
		}
	}
}

int rr_perfetto(FILE *out, const struct rr_run *r)
{
	struct place pl = { 0 };
	int first = 1;

	fputs("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[", out);
	run_events(out, &first, r, &pl);
	fputs("\n]}\n", out);
	return ferror(out) ? -1 : 0;
}

/* A run's t0 in seconds of its own timebase (mtime's) */
static double t0_s(const struct rr_run *r)
{
	return (double)r->t0 / (double)r->timebase_hz;
}

int rr_perfetto_all(FILE *out, const struct rr_runs *rs)
{
	struct place pl = { 0 };
	int first = 1;
	size_t i;

	if (rs->nr_runs == 1)
		return rr_perfetto(out, &rs->runs[0]);
	fputs("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[", out);
	for (i = 0; i < rs->nr_runs; i++) {
		pl.run = i + 1;
		pl.t_us = (t0_s(&rs->runs[i]) - t0_s(&rs->runs[0])) * 1e6;
		run_events(out, &first, &rs->runs[i], &pl);
		pl.pid0 += rs->runs[i].nr_harts;
	}
	fputs("\n]}\n", out);
	return ferror(out) ? -1 : 0;
}
