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

/**
 * rr_dump() - a perf report -D style dump of a run
 * @out: where it goes
 * @r: the run (rr_decode())
 *
 * The keyword line "RVPMU SAMPLER", the run's parameters, then every
 * buffer and subsample with its file offset, and per hart CID1, CID2,
 * cycles and each event's count; lost samples between buffers get a line.
 *
 * Context: Host tool code; single-threaded.
 * Return: 0, or -1 when writing failed (ferror on @out).
 */
int rr_dump(FILE *out, const struct rr_run *r);

/**
 * rr_dump_run() - rr_dump()'s first part: the run's parameters
 * @out: where it goes
 * @r: the run
 * @brief: nonzero: only the first line (buffers and bytes), for a later
 *         piece of a run already dumped
 *
 * rr_dump() is in two parts for data that comes in pieces (perf.data's
 * AUXTRACE records, each decoded on its own): this one, then
 * rr_dump_buffers(). Write errors are left in @out's error flag (ferror).
 *
 * Context: Host tool code; single-threaded.
 */
void rr_dump_run(FILE *out, const struct rr_run *r, int brief);

/**
 * rr_dump_buffers() - rr_dump()'s second part: the buffers and subsamples
 * @out: where it goes
 * @r: the run (or the piece of it decoded)
 * @base: added to every file offset printed (the piece's place in the file)
 * @next: the sample expected next (0 before the first piece); updated, so
 *        that a gap between pieces is reported as lost
 *
 * Write errors are left in @out's error flag (ferror).
 *
 * Context: Host tool code; single-threaded.
 */
void rr_dump_buffers(FILE *out, const struct rr_run *r, uint64_t base, uint64_t *next);

/*
 * What rr_dump_stream() learnt from the pieces before; zeroed (total set
 * where it is known) before the first piece.
 */
struct rr_dump_state {
	uint64_t next;		/* the sample expected next in the current run */
	uint64_t key;		/* rr_run_key of the run dumped last */
	unsigned int runs;	/* runs begun so far */
	unsigned int total;	/* runs in all, or 0 if not known */
};

/**
 * rr_dump_stream() - the dump of a stream of runs and pads, whole or a piece
 * @out: where it goes
 * @rs: the stream, or a piece of it (each decoded with rr_decode_all() on
 *      its own)
 * @base: added to every file offset printed (the piece's place in the file)
 * @st: what the pieces before showed; updated
 *
 * A run whose rr_run_key() differs from the last one dumped is a new run:
 * "run <k> of <total>" (total known, above 1) or "run <k>" (total 0,
 * unknown; from the second run on) and its parameters; a piece of the
 * same run gets the brief line (rr_dump_run()). Each PAD record gets a
 * line "0x<offset> [0x<size>]: RVPMU SAMPLER pad" before the buffer that
 * follows it; the pads at the end of the piece come last. Write errors
 * are left in @out's error flag (ferror).
 *
 * Context: Host tool code; single-threaded.
 */
void rr_dump_stream(FILE *out, const struct rr_runs *rs, uint64_t base,
		    struct rr_dump_state *st);

/**
 * rr_dump_all() - rr_dump() for a whole stream
 * @out: where it goes
 * @rs: the stream (rr_decode_all())
 *
 * rr_dump_stream() with the total known; a stream of pads only gets a
 * line saying so.
 *
 * Context: Host tool code; single-threaded.
 * Return: 0, or -1 when writing failed (ferror on @out).
 */
int rr_dump_all(FILE *out, const struct rr_runs *rs);

/**
 * rr_csv() - a run as CSV
 * @out: where it goes
 * @r: the run (rr_decode())
 *
 * One row per subsample window, hart and event, after a header row:
 * time_s,hart,cluster,cid1,cid2,event,value,cycles,length_s,rate,window,
 * ipc,per_1k_inst (see csv.c and rvpmu-report -h).
 *
 * Context: Host tool code; single-threaded.
 * Return: 0, or -1 when writing failed (ferror on @out).
 */
int rr_csv(FILE *out, const struct rr_run *r);

/**
 * rr_csv_all() - every run of a stream as CSV
 * @out: where it goes
 * @rs: the stream (rr_decode_all())
 *
 * One header row: with several runs each row starts with a run column (1,
 * 2, ...: the runs in file order); with one run, rr_csv()'s output; with
 * none, the header row alone.
 *
 * Context: Host tool code; single-threaded.
 * Return: 0, or -1 when writing failed (ferror on @out).
 */
int rr_csv_all(FILE *out, const struct rr_runs *rs);

/**
 * rr_perfetto() - a run as Chrome trace-event JSON (Perfetto)
 * @out: where it goes
 * @r: the run (rr_decode())
 *
 * A process per hart, a counter track per event in events/s and per
 * derived metric, ts in microseconds from t0; lost ranges, and windows
 * late, short, lost, disagreeing, passed or uncounted, as instant events.
 *
 * Context: Host tool code; single-threaded.
 * Return: 0, or -1 when writing failed (ferror on @out).
 */
int rr_perfetto(FILE *out, const struct rr_run *r);

/**
 * rr_perfetto_all() - every run of a stream as one trace
 * @out: where it goes
 * @rs: the stream (rr_decode_all())
 *
 * With several runs a process per run and hart ("run <k>: hart ..."), the
 * runs on one time line, ts from the first run's t0 (each run's t0 is an
 * mtime); with one run, rr_perfetto()'s; with none, an empty trace.
 *
 * Context: Host tool code; single-threaded.
 * Return: 0, or -1 when writing failed (ferror on @out).
 */
int rr_perfetto_all(FILE *out, const struct rr_runs *rs);

/**
 * rr_svg() - an SVG plot of a run's event rates over time
 * @out: where it goes
 * @r: the run (rr_decode())
 * @max_panels: the most panels to draw: the first events get them
 * @note: where a line naming the events left out goes (NULL: none)
 *
 * A panel per event, a line per hart; the events left out are named in
 * the plot too.
 *
 * Context: Host tool code; single-threaded.
 * Return: 0, or -1 when writing failed (ferror on @out; @note is not
 *         checked).
 */
int rr_svg(FILE *out, const struct rr_run *r, unsigned int max_panels, FILE *note);

/**
 * rr_heatmap() - an SVG heat map of a run, RR_HEATMAP_W px wide
 * @out: where it goes
 * @r: the run (rr_decode())
 *
 * Events by samples, a panel per hart (per cluster above 16 harts), log
 * colour scale per event row; the columns with a window late, short, lost,
 * disagreeing, passed or uncounted are marked.
 *
 * Context: Host tool code; single-threaded. Allocates.
 * Return: 0, or -1 when writing failed (ferror on @out) or when out of
 *         memory (the SVG then says so).
 */
int rr_heatmap(FILE *out, const struct rr_run *r);

/* rr_heatmap_w()'s widths, px: rr_heatmap()'s, and the range it clamps to. */
#define RR_HEATMAP_W		1000
#define RR_HEATMAP_MIN_W	480
#define RR_HEATMAP_MAX_W	4000

/**
 * rr_heatmap_w() - rr_heatmap(), a given width wide
 * @out: where it goes
 * @r: the run (rr_decode())
 * @width: the SVG's width, px, clamped to RR_HEATMAP_MIN_W..RR_HEATMAP_MAX_W
 *
 * The plot area and the legend's layout follow the width.
 *
 * Context: Host tool code; single-threaded. Allocates.
 * Return: 0, or -1 when writing failed (ferror on @out) or when out of
 *         memory (the SVG then says so).
 */
int rr_heatmap_w(FILE *out, const struct rr_run *r, double width);

/**
 * rr_summary() - the default output: a run's summary
 * @out: where it goes
 * @r: the run (rr_decode())
 *
 * The run in one line, how window lengths are known and per hart the
 * windows not on time or not sure (late, short, passed, lost,
 * disagreeing; layout 4: uncounted and absent), per event and hart the
 * mean, min and max rate, then the derived metrics (metrics.h). A run
 * without samples gets "no samples" after its line.
 *
 * Context: Host tool code; single-threaded.
 * Return: 0, or -1 when writing failed (ferror on @out).
 */
int rr_summary(FILE *out, const struct rr_run *r);

/**
 * rr_run_title() - the line that heads a run's part of an output
 * @out: where it goes
 * @rs: the stream (rr_decode_all())
 * @i: the run, < @rs->nr_runs
 *
 * When the stream holds several runs: "RVPMU SAMPLER run <k> of <n>: t0
 * ..., <b> buffer(s) from offset 0x..."; nothing with one run. Write
 * errors are left in @out's error flag (ferror).
 *
 * Context: Host tool code; single-threaded.
 */
void rr_run_title(FILE *out, const struct rr_runs *rs, size_t i);

/**
 * rr_summary_all() - the summary of every run of a stream
 * @out: where it goes
 * @rs: the stream (rr_decode_all())
 *
 * rr_summary()'s, each run's after its rr_run_title() and a blank line
 * between runs; a line saying so when the stream holds pads only.
 *
 * Context: Host tool code; single-threaded.
 * Return: 0, or -1 when writing failed (ferror on @out; the runs after
 *         the one it failed on are not written).
 */
int rr_summary_all(FILE *out, const struct rr_runs *rs);

#endif
