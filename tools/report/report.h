/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/report/report.h - rvpmu-report's exporters. Each writes one
 * format of a run rr_decode accepted (or, the _all ones, of every run of
 * a stream rr_decode_all accepted) to out and returns 0, or -1 when
 * writing failed (ferror on out). With one run an _all exporter writes
 * exactly what the one-run exporter writes. Host code, single-threaded.
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
 * The dump of a stream that may hold several runs and pads, in pieces
 * (each decoded with rr_decode_all on its own) or whole: the state says
 * what the pieces before showed. A run whose rr_run_key differs from the
 * last one dumped is a new run: "run <k> of <total>" (total known, above
 * 1) or "run <k>" (total 0, unknown; from the second run on) and its
 * parameters; a piece of the same run gets the brief line. Each PAD
 * record gets a line "0x<offset> [0x<size>]: RVPMU SAMPLER pad" before the
 * buffer that follows it; the pads at the end of the piece come last.
 */
struct rr_dump_state {
	uint64_t next;		/* the sample expected next in the current run */
	uint64_t key;		/* rr_run_key of the run dumped last */
	unsigned int runs;	/* runs begun so far */
	unsigned int total;	/* runs in all, or 0 if not known */
};

void rr_dump_stream(FILE *out, const struct rr_runs *rs, uint64_t base,
		    struct rr_dump_state *st);

/* rr_dump for a whole stream: rr_dump_stream with the total known. */
int rr_dump_all(FILE *out, const struct rr_runs *rs);

/*
 * CSV, one row per subsample window, hart and event, after a header row:
 * time_s,hart,cluster,cid1,cid2,event,value,cycles,length_s,rate,window,
 * ipc,per_1k_inst (see csv.c and rvpmu-report -h).
 */
int rr_csv(FILE *out, const struct rr_run *r);

/*
 * CSV of every run, one header row: with several runs each row starts
 * with a run column (1, 2, ...: the runs in file order); with one run,
 * rr_csv's output.
 */
int rr_csv_all(FILE *out, const struct rr_runs *rs);

/*
 * Chrome trace-event JSON: a process per hart, a counter track per event
 * in events/s and per derived metric, ts in microseconds from t0; lost
 * ranges and late or short windows as instant events.
 */
int rr_perfetto(FILE *out, const struct rr_run *r);

/*
 * One trace of every run: with several runs a process per run and hart
 * ("run <k>: hart ..."), the runs on one time line, ts from the first
 * run's t0 (each run's t0 is an mtime); with one run, rr_perfetto's.
 */
int rr_perfetto_all(FILE *out, const struct rr_runs *rs);

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

/* The same, width px wide (clamped to RR_HEATMAP_MIN_W..RR_HEATMAP_MAX_W;
   rr_heatmap's is RR_HEATMAP_W): the plot area and the legend's layout
   follow it. */
#define RR_HEATMAP_W		1000
#define RR_HEATMAP_MIN_W	480
#define RR_HEATMAP_MAX_W	4000
int rr_heatmap_w(FILE *out, const struct rr_run *r, double width);

/*
 * The default output: the run in one line, how window lengths are known
 * and the late or short windows per hart, per event and hart the mean,
 * min and max rate, then the derived metrics (metrics.h).
 */
int rr_summary(FILE *out, const struct rr_run *r);

/*
 * The line that heads run i's part of an output when the stream holds
 * several runs: "RVPMU SAMPLER run <k> of <n>: t0 ..., <b> buffer(s) from
 * offset 0x..."; nothing with one run.
 */
void rr_run_title(FILE *out, const struct rr_runs *rs, size_t i);

/*
 * The summary of every run: rr_summary's, each run's after its
 * rr_run_title and a blank line between runs; a line saying so when the
 * stream holds pads only.
 */
int rr_summary_all(FILE *out, const struct rr_runs *rs);

#endif
