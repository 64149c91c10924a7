/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/report/perfetto.c - rvpmu-report --perfetto: the Chrome
 * trace-event JSON format the Perfetto UI (and chrome://tracing) opens.
 * A "process" per hart, named by process_name metadata; on it a counter
 * track per event ("ph":"C") whose value is the event's rate in events/s
 * over the window that starts at ts (microseconds from t0, as scheduled),
 * the count over the window's true length; a counter track per derived
 * metric (metrics.h: "ipc", "<miss event> per 1k inst") at the start of
 * the window of the event it is about; an instant event on the hart where
 * a window was late or short. Labels come from lib/names.c and hex digits
 * only, so no string needs escaping.
 */
#include <inttypes.h>

#include "metrics.h"
#include "report.h"

static void comma(FILE *out, int *first)
{
	fputs(*first ? "\n" : ",\n", out);
	*first = 0;
}

/* An instant event on each hart whose window in sample s was late or short. */
static void off_time(FILE *out, int *first, const struct rr_run *r, const struct rr_buf *b,
		     uint32_t s)
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
			fprintf(out, "{\"ph\":\"i\",\"s\":\"p\",\"name\":\"%s window (%.3g periods)\","
				"\"pid\":%u,\"tid\":0,\"ts\":%.3f}", rr_win_label(&w),
				w.len_s / rr_period_s(r), pos + 1, w.start_s * 1e6);
		}
}

/* The derived metrics of sample s, a counter track each per hart. */
static void metrics(FILE *out, int *first, const struct rr_run *r, const struct rr_metrics *m,
		    const struct rr_buf *b, uint32_t s)
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
				"\"ts\":%.3f,\"args\":{\"%s\":%.9g}}", name, pos + 1, ts * 1e6,
				j ? "per 1k inst" : "ipc", v);
		}
	}
}

int rr_perfetto(FILE *out, const struct rr_run *r)
{
	char name[RR_LABEL_MAX];
	struct rr_metrics m;
	uint64_t next = 0;
	int first = 1;
	uint32_t pos;
	size_t i;

	rr_metrics_init(r, &m);

	fputs("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[", out);
	for (pos = 0; pos < r->nr_harts; pos++) {
		comma(out, &first);
		fprintf(out, "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%u,\"tid\":0,"
			"\"args\":{\"name\":\"hart %u (cluster %u)\"}},\n", pos + 1, r->hart[pos],
			r->cluster[pos]);
		fprintf(out, "{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":%u,\"tid\":0,"
			"\"args\":{\"sort_index\":%u}}", pos + 1, pos);
	}
	for (i = 0; i < r->nr_bufs; i++) {
		const struct rr_buf *b = &r->bufs[i];
		uint32_t s, e;

		if (b->nr_samples && b->first_sample > next) {
			comma(out, &first);
			fprintf(out, "{\"ph\":\"i\",\"s\":\"g\",\"name\":\"lost samples %" PRIu64
				"..%" PRIu64 "\",\"pid\":0,\"tid\":0,\"ts\":%.3f}", next,
				b->first_sample - 1,
				rr_time_s(r, next * r->nr_subsamples) * 1e6);
		}
		if (b->nr_samples)
			next = b->first_sample + b->nr_samples;
		for (s = 0; s < b->nr_samples; s++) {
			off_time(out, &first, r, b, s);
			for (e = 0; e < r->nr_events; e++) {
				uint32_t sub = e / r->nr_pmu;
				rr_event_label(r, e, name);
				for (pos = 0; pos < r->nr_harts; pos++) {
					struct rr_win w;

					rr_window(r, b, s, sub, pos, &w);
					comma(out, &first);
					fprintf(out, "{\"ph\":\"C\",\"name\":\"%s\",\"pid\":%u,"
						"\"tid\":0,\"ts\":%.3f,\"args\":{\"events/s\":%.9g}}",
						name, pos + 1, w.start_s * 1e6,
						(double)rr_count(r, b, s, e, pos) / w.len_s);
				}
			}
			metrics(out, &first, r, &m, b, s);
		}
	}
	fputs("\n]}\n", out);
	return ferror(out) ? -1 : 0;
}
