/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/report/perfetto.c - rvpmu-report --perfetto: the Chrome
 * trace-event JSON format the Perfetto UI (and chrome://tracing) opens.
 * A "process" per hart, named by process_name metadata; on it a counter
 * track per event ("ph":"C") whose value is the event's rate in events/s
 * over the window that starts at ts (microseconds from t0). Labels come
 * from lib/names.c and hex digits only, so no string needs escaping.
 */
#include <inttypes.h>

#include "report.h"

static void comma(FILE *out, int *first)
{
	fputs(*first ? "\n" : ",\n", out);
	*first = 0;
}

int rr_perfetto(FILE *out, const struct rr_run *r)
{
	char name[RR_LABEL_MAX];
	uint64_t next = 0;
	int first = 1;
	uint32_t pos;
	size_t i;

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
		for (s = 0; s < b->nr_samples; s++)
			for (e = 0; e < r->nr_events; e++) {
				double ts = rr_time_s(r, rr_subsample_index(r, b, s, e / r->nr_pmu));

				rr_event_label(r, e, name);
				for (pos = 0; pos < r->nr_harts; pos++) {
					comma(out, &first);
					fprintf(out, "{\"ph\":\"C\",\"name\":\"%s\",\"pid\":%u,"
						"\"tid\":0,\"ts\":%.3f,\"args\":{\"events/s\":%.9g}}",
						name, pos + 1, ts * 1e6,
						rr_rate(r, rr_count(r, b, s, e, pos)));
				}
			}
	}
	fputs("\n]}\n", out);
	return ferror(out) ? -1 : 0;
}
