/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/report/csv.c - rvpmu-report --csv, in the style of perf stat -x,:
 * plain values, one row per subsample window, hart and event, so that a
 * spreadsheet or pandas can pivot it any way. Columns:
 *   time_s   start of the event's counting window, seconds from t0
 *   hart     hartid; cluster its cluster
 *   cid1     satp.ASID at capture; cid2 the hart's CID2 word
 *   event    the event's name (raw events: raw:0x<selector>)
 *   value    the count over the window (period_us)
 *   cycles   the hart's mcycle over the same window
 */
#include <inttypes.h>

#include "report.h"

int rr_csv(FILE *out, const struct rr_run *r)
{
	char name[RR_LABEL_MAX];
	size_t i;

	fprintf(out, "time_s,hart,cluster,cid1,cid2,event,value,cycles\n");
	for (i = 0; i < r->nr_bufs; i++) {
		const struct rr_buf *b = &r->bufs[i];
		uint32_t s, e, pos;

		for (s = 0; s < b->nr_samples; s++)
			for (e = 0; e < r->nr_events; e++) {
				uint32_t sub = e / r->nr_pmu;
				double t = rr_time_s(r, rr_subsample_index(r, b, s, sub));

				rr_event_label(r, e, name);
				for (pos = 0; pos < r->nr_harts; pos++)
					fprintf(out, "%.9f,%u,%u,%u,%u,%s,%" PRIu64 ",%" PRIu64 "\n",
						t, r->hart[pos], r->cluster[pos],
						rr_cid1(r, b, s, sub, pos),
						rr_cid2(r, b, s, sub, pos), name,
						rr_count(r, b, s, e, pos),
						rr_cycles(r, b, s, sub, pos));
			}
	}
	return ferror(out) ? -1 : 0;
}
