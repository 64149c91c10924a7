/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/report/report.h - rvpmu-report's exporters. Each writes one
 * format of a run rr_decode accepted to out and returns 0, or -1 when
 * writing failed (ferror on out). Host code, single-threaded.
 */
#ifndef RVPMU_REPORT_REPORT_H
#define RVPMU_REPORT_REPORT_H

#include <stdio.h>

#include "decode.h"

/*
 * A perf report -D style dump: the keyword line "RVPMU SAMPLER", the
 * run's parameters, then every buffer and subsample with its file offset,
 * and per hart CID1, CID2, cycles and each event's count.
 */
int rr_dump(FILE *out, const struct rr_run *r);

/*
 * rr_dump in two parts, for data that comes in pieces (perf.data's
 * AUXTRACE records, each decoded on its own): the run's parameters (brief:
 * only the first line), then its buffers and subsamples with base added to
 * every offset; *next is the sample expected next (0 before the first
 * piece), so that a gap between pieces is reported as lost.
 */
void rr_dump_run(FILE *out, const struct rr_run *r, int brief);
void rr_dump_buffers(FILE *out, const struct rr_run *r, uint64_t base, uint64_t *next);

/*
 * CSV, one row per subsample window, hart and event, after a header row:
 * time_s,hart,cluster,cid1,cid2,event,value,cycles,length_s,rate,window,
 * ipc,per_1k_inst (see csv.c and rvpmu-report -h).
 */
int rr_csv(FILE *out, const struct rr_run *r);

/*
 * Chrome trace-event JSON: a process per hart, a counter track per event
 * in events/s and per derived metric, ts in microseconds from t0; lost
 * ranges and late or short windows as instant events.
 */
int rr_perfetto(FILE *out, const struct rr_run *r);

/*
 * An SVG plot of event rates over time: a panel per event (at most
 * max_panels; the ones left out are named in the plot and on note, which
 * may be NULL), a line per hart.
 */
int rr_svg(FILE *out, const struct rr_run *r, unsigned int max_panels, FILE *note);

/*
 * An SVG heat map: events by samples, a panel per hart (per cluster above
 * 16 harts), log colour scale per event row, late or short windows marked.
 * Returns -1 also when out of memory (the SVG then says so).
 */
int rr_heatmap(FILE *out, const struct rr_run *r);

/*
 * The default output: the run in one line, how window lengths are known
 * and the late or short windows per hart, per event and hart the mean,
 * min and max rate, then the derived metrics (metrics.h).
 */
int rr_summary(FILE *out, const struct rr_run *r);

#endif
