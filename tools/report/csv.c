/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/report/csv.c - rvpmu-report --csv, in the style of perf stat -x,:
 * plain values, one row per subsample window, hart and event, so that a
 * spreadsheet or pandas can pivot it any way. Columns:
 *   time_s       start of the event's window, seconds from t0: its mtime
 *                where the data has one (layouts 2 to 4), else scheduled
 *   hart         hartid; cluster its cluster
 *   cid1         satp.ASID at capture; cid2 the hart's CID2 word
 *   event        the event's name (raw events: raw:0x<selector>)
 *   value        the count over the window
 *   cycles       the hart's mcycle over the same window
 *   length_s     the window's true length (rr_window), seconds
 *   rate         value / length_s, events/s
 *   window       absent, passed, uncounted, lost, disagree, short, late
 *                or ok: the first that applies (rr_win_label); only late
 *                and ok rates are used. A window without data (absent,
 *                passed, uncounted) has cid1, cid2, value, cycles,
 *                length_s and rate empty: its bytes are no count
 *   ipc          on the rows of the instructions event the metrics use:
 *                value / cycles; else empty
 *   per_1k_inst  on the rows of a cache or TLB miss event: its rate over
 *                the instructions' rate in the same sample, x 1000; else
 *                empty
 * A metric where it is undefined (no data, nothing counted) is empty too.
 * A stream of several runs (rr_csv_all) has a first column more:
 *   run          the run, 1, 2, ... in the order the runs start in the file
 */
#include <inttypes.h>

#include "metrics.h"
#include "report.h"

/* The metric (if any) on event e's rows: its index, else -1. */
static long metric_of(const struct rr_metrics *m, uint32_t e)
{
	uint32_t j;

	for (j = 0; j < m->nr; j++)
		if (rr_metric_event(m, j) == e)
			return j;
	return -1;
}

static const char header[] =
	"time_s,hart,cluster,cid1,cid2,event,value,cycles,length_s,rate,window,ipc,per_1k_inst\n";

/* The rows of run r; run > 0: each after a run column saying run */
static void rows(FILE *out, const struct rr_run *r, size_t run)
{
	char name[RR_LABEL_MAX];
	struct rr_metrics m;
	size_t i;

	rr_metrics_init(r, &m);
	for (i = 0; i < r->nr_bufs; i++) {
		const struct rr_buf *b = &r->bufs[i];
		uint32_t s, e, pos;

		for (s = 0; s < b->nr_samples; s++)
			for (e = 0; e < r->nr_events; e++) {
				uint32_t sub = e / r->nr_pmu;
				long j = metric_of(&m, e);

				rr_event_label(r, e, name);
				for (pos = 0; pos < r->nr_harts; pos++) {
					uint64_t v = rr_count(r, b, s, e, pos);
					struct rr_win w;
					double x;
					int clean;

					rr_window(r, b, s, sub, pos, &w);
					if (run)
						fprintf(out, "%zu,", run);
					if (!RR_WIN_HAS_DATA(&w)) {
						fprintf(out, "%.9f,%u,%u,,,%s,,,,,%s,,\n", w.start_s,
							r->hart[pos], r->cluster[pos], name,
							rr_win_label(&w));
						continue;
					}
					fprintf(out, "%.9f,%u,%u,%u,%u,%s,%" PRIu64 ",%" PRIu64
						",%.9f,%.9g,%s,", w.start_s, r->hart[pos], r->cluster[pos],
						rr_cid1(r, b, s, sub, pos), rr_cid2(r, b, s, sub, pos),
						name, v, rr_cycles(r, b, s, sub, pos), w.len_s,
						(double)v / w.len_s, rr_win_label(&w));
					if (j >= 0 && !rr_metric(r, &m, (uint32_t)j, b, s, pos, &x, &clean))
						fprintf(out, j ? ",%.9g\n" : "%.9g,\n", x);
					else
						fputs(",\n", out);
				}
			}
	}
}

int rr_csv(FILE *out, const struct rr_run *r)
{
	fputs(header, out);
	rows(out, r, 0);
	return ferror(out) ? -1 : 0;
}

int rr_csv_all(FILE *out, const struct rr_runs *rs)
{
	size_t i;

	if (rs->nr_runs > 1)
		fputs("run,", out);
	fputs(header, out);
	for (i = 0; i < rs->nr_runs; i++)
		rows(out, &rs->runs[i], rs->nr_runs > 1 ? i + 1 : 0);
	return ferror(out) ? -1 : 0;
}
