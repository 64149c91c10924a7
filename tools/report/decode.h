/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/report/decode.h - rvpmu-report's decoder: a stream of sampler
 * buffers (include/rvpmu/sampler.h, back to back, each header.buffer_size
 * bytes) and PAD records, holding one run or several back to back (see
 * decode.c), parsed and validated in memory into a small model the
 * exporters read. Host code, single-threaded.
 *
 * The decoder trusts nothing in the file: every size, count and offset is
 * checked with overflow-safe arithmetic before anything is read through
 * it, so that the accessors below never need to check again.
 */
#ifndef RVPMU_REPORT_DECODE_H
#define RVPMU_REPORT_DECODE_H

#include <stddef.h>
#include <stdint.h>

#include "rvpmu/sampler.h"

/* Bytes of struct rvpmu_sampler_header as laid out in the file. */
#define RR_HEADER_FIXED	104u

/* One buffer of the file. */
struct rr_buf {
	size_t offset;		/* of its header, from the start of the file */
	size_t data;		/* of its first sample, from the start of the file */
	uint64_t size;		/* header.buffer_size */
	uint64_t first_sample;	/* run-wide index of its first sample */
	uint32_t nr_samples, capacity;
	uint32_t index, lap, state;
	uint32_t header_size;
	size_t pad0, nr_pads;	/* the pads right before it in the file (rr_runs.pads) */
};

/* The run: parameters every buffer agrees on, and its buffers. */
struct rr_run {
	const uint8_t *file;	/* the caller's bytes, not copied */
	size_t file_size;
	/*
	 * The buffer layout (header.version): 4, version 2 of the extension's
	 * (mtime[] and window[], only COUNTED slots are data); or version 1's
	 * RVPMU_SAMPLER_V1_LAYOUT (1), _MTIME (2, mtime[]) and _WINDOW (3,
	 * window[] too, PASSED windows written with zeros)
	 */
	uint32_t version;
	uint32_t nr_harts, nr_clusters, nr_pmu, nr_events, nr_subsamples;
	uint32_t period_us, filter;
	uint32_t subsample_size, sample_size;
	uint64_t timebase_hz, t0, period_ticks;
	uint32_t *hart;		/* [nr_harts]: hartid of each data-field position */
	uint32_t *cluster;	/* [nr_harts]: its cluster */
	struct rvpmu_sampler_event *events;	/* [nr_events] */
	struct rr_buf *bufs;	/* [nr_bufs], sorted by first_sample, then offset */
	size_t nr_bufs;
	uint64_t samples;	/* complete samples in the file */
	uint64_t lost;		/* samples before end_sample that are not in it */
	uint64_t end_sample;	/* one past the highest sample present (0 if none) */
	size_t offset;		/* of its first buffer in the file */
	uint64_t bytes;		/* of its buffers, pads not counted */
	/*
	 * The harts' cycle rate, Hz: the median over every window and hart
	 * with a non-zero cycles field of cycles / period (0 if there is
	 * none). Late windows are few, so the median is the clock's rate;
	 * rr_window estimates a window's length from it without mtime.
	 */
	double cycle_hz;
	/*
	 * Layout 4: per position, one past the run-wide subsample index of
	 * its last COUNTED window in the file (0: none). A slot without
	 * COUNTED before it was passed or paused; at or after it, the hart
	 * was absent or had left (rr_window). NULL in layouts 1 to 3.
	 */
	uint64_t *counted_end;
};

/* Whether a run's layout has mtime[] (2, 3, 4) and window[] (3, 4). */
#define RR_HAS_MTIME(r)		((r)->version >= RVPMU_SAMPLER_V1_LAYOUT_MTIME)
#define RR_HAS_WINDOW(r)	((r)->version >= RVPMU_SAMPLER_V1_LAYOUT_WINDOW)

/**
 * rr_decode() - parse and validate a file that holds one run
 * @p: the file's bytes (may be NULL when @size is 0); not copied: they
 *     must stay valid while @run is used
 * @size: bytes at @p
 * @run: filled in: the run
 * @err: where a failure's one-line message goes
 * @errlen: bytes at @err
 *
 * Checked: the fixed header of each buffer (magic, version, state, sizes
 * against each other, the file and the ABI limits), the hart, cluster and
 * event arrays, capacity and nr_samples, the null-event padding of every
 * sample, that all buffers agree on the run's parameters (the header
 * version too: a stream of several runs is refused, at the offset where
 * the second begins; PAD records are skipped as rr_decode_all() skips
 * them), that no two buffers hold the same sample, and that every
 * sample's nominal mtime window fits in 64 bits. Layouts 1 to 4 are read;
 * subsample_size must be the one of the buffer's layout. The mtime[] and
 * window[] values are data, not checked: rr_window() copes with any. In
 * layout 4 a slot whose window word has no COUNTED bit holds no data,
 * whatever its bytes (the padding check skips it).
 *
 * Context: Host tool code; single-threaded. Allocates.
 * Return: 0, or -1 with a one-line message in @err naming the problem and
 *         the file offset it was found at (a failed check; an empty file;
 *         a second run; pad records only; out of memory), and *@run
 *         holding nothing that needs freeing.
 */
int rr_decode(const uint8_t *p, size_t size, struct rr_run *run, char *err, size_t errlen);

/**
 * rr_free() - free what rr_decode() allocated
 * @run: filled by rr_decode(), or one it failed on; zeroed after
 *
 * Context: Host tool code; single-threaded.
 */
void rr_free(struct rr_run *run);

/* A PAD record of the stream. */
struct rr_pad {
	size_t offset;		/* of its first byte, from the start of the file */
	uint64_t size;		/* its length, its 16 bytes of header included */
};

/* A stream: its runs in file order, and its pads. */
struct rr_runs {
	const uint8_t *file;	/* the caller's bytes, not copied */
	size_t file_size;
	struct rr_run *runs;	/* [nr_runs], in the order they start in the file */
	size_t nr_runs;
	struct rr_pad *pads;	/* [nr_pads], in file order */
	size_t nr_pads;
	size_t trail0;		/* pads from trail0 on have no buffer after them */
};

/**
 * rr_decode_all() - parse and validate a stream of runs and pads
 * @p: the stream's bytes; not copied: they must stay valid while @rs is
 *     used
 * @size: bytes at @p
 * @rs: filled in: the runs and the pads
 * @err: where a failure's one-line message goes
 * @errlen: bytes at @err
 *
 * The stream is decode.c's top comment's: PAD records are checked (magic,
 * reserved word 0, size a multiple of 8, at least 16, within the file)
 * and skipped, and a buffer whose run-wide parameters differ from the run
 * before it starts a new run; each run is checked as rr_decode() checks
 * one.
 *
 * Context: Host tool code; single-threaded. Allocates.
 * Return: 0 with every run (none when the stream holds only pads), or -1
 *         with a message in @err as rr_decode()'s (an empty file, a failed
 *         check, out of memory) and *@rs holding nothing that needs
 *         freeing.
 */
int rr_decode_all(const uint8_t *p, size_t size, struct rr_runs *rs, char *err,
		  size_t errlen);

/**
 * rr_runs_free() - free what rr_decode_all() allocated
 * @rs: filled by rr_decode_all(), or one it failed on; zeroed after
 *
 * Context: Host tool code; single-threaded.
 */
void rr_runs_free(struct rr_runs *rs);

/**
 * rr_run_key() - a digest of a run's run-wide parameters
 * @r: a decoded run
 *
 * The parameters are those that tell runs apart (version, counts,
 * period, filter, timebase, t0, the hart, cluster and event arrays). For
 * callers that decode a stream piece by piece (perf's AUXTRACE records)
 * and must tell where a new run begins.
 *
 * Context: Host tool code; single-threaded.
 * Return: a 64-bit digest (FNV-1a): equal for two pieces of one run,
 *         different (but for a 2^-64 chance) for two runs.
 */
uint64_t rr_run_key(const struct rr_run *r);

/*
 * ---- Accessors: the caller passes indexes within the decoded bounds
 * (s < b->nr_samples, sub < nr_subsamples, slot < nr_pmu,
 * pos < nr_harts, e < nr_events).
 */

/**
 * rr_subsample_offset() - where a subsample is in the file
 * @r: the run
 * @b: one of its buffers
 * @s: a sample of @b
 * @sub: a subsample of the sample
 *
 * Context: Host tool code; single-threaded. Indexes are not checked.
 * Return: the file offset of subsample @sub of sample @s of @b.
 */
size_t rr_subsample_offset(const struct rr_run *r, const struct rr_buf *b, uint32_t s,
			   uint32_t sub);
/**
 * rr_cid1() - a hart's CID1 field in a subsample
 * @r: the run
 * @b: one of its buffers
 * @s: a sample of @b
 * @sub: a subsample of the sample
 * @pos: the hart's data-field position
 *
 * Context: Host tool code; single-threaded. Indexes are not checked.
 * Return: cid1[@pos] as written (satp.ASID at capture), data or not
 *         (rr_window() says).
 */
uint32_t rr_cid1(const struct rr_run *r, const struct rr_buf *b, uint32_t s, uint32_t sub,
		 uint32_t pos);

/**
 * rr_cid2() - a hart's CID2 field in a subsample
 * @r: the run
 * @b: one of its buffers
 * @s: a sample of @b
 * @sub: a subsample of the sample
 * @pos: the hart's data-field position
 *
 * Context: Host tool code; single-threaded. Indexes are not checked.
 * Return: cid2[@pos] as written (the hart's CID2 word then), data or not.
 */
uint32_t rr_cid2(const struct rr_run *r, const struct rr_buf *b, uint32_t s, uint32_t sub,
		 uint32_t pos);
/**
 * rr_slot() - a hart's count slot in a subsample
 * @r: the run
 * @b: one of its buffers
 * @s: a sample of @b
 * @sub: a subsample of the sample
 * @slot: the counter slot, < nr_pmu (nr_pmu and above reach the fields
 *        after count[]: rr_cycles(), rr_mtime() and rr_winword() read
 *        them so)
 * @pos: the hart's data-field position
 *
 * Context: Host tool code; single-threaded. Indexes are not checked.
 * Return: count[@slot][@pos] as written, data or not.
 */
uint64_t rr_slot(const struct rr_run *r, const struct rr_buf *b, uint32_t s, uint32_t sub,
		 uint32_t slot, uint32_t pos);

/**
 * rr_cycles() - a hart's cycles field in a subsample
 * @r: the run
 * @b: one of its buffers
 * @s: a sample of @b
 * @sub: a subsample of the sample
 * @pos: the hart's data-field position
 *
 * Context: Host tool code; single-threaded. Indexes are not checked.
 * Return: cycles[@pos] as written: mcycle over the window, data or not.
 */
uint64_t rr_cycles(const struct rr_run *r, const struct rr_buf *b, uint32_t s, uint32_t sub,
		   uint32_t pos);

/**
 * rr_mtime() - a hart's mtime field in a subsample
 * @r: the run
 * @b: one of its buffers
 * @s: a sample of @b
 * @sub: a subsample of the sample
 * @pos: the hart's data-field position
 *
 * Context: Host tool code; single-threaded. Indexes are not checked.
 * Return: the hart's mtime when the window began, right after its
 *         counters were loaded (layouts 2 to 4); 0 in layout 1, where the
 *         field does not exist.
 */
uint64_t rr_mtime(const struct rr_run *r, const struct rr_buf *b, uint32_t s, uint32_t sub,
		  uint32_t pos);

/**
 * rr_winword() - a hart's window word in a subsample
 * @r: the run
 * @b: one of its buffers
 * @s: a sample of @b
 * @sub: a subsample of the sample
 * @pos: the hart's data-field position
 *
 * Context: Host tool code; single-threaded. Indexes are not checked.
 * Return: the window[] word (layout 3: length, PASSED, LOST; layout 4:
 *         length, COUNTED, LOST); 0 in layouts 1 and 2.
 */
uint64_t rr_winword(const struct rr_run *r, const struct rr_buf *b, uint32_t s, uint32_t sub,
		    uint32_t pos);

/**
 * rr_count() - an event's count on a hart in a sample
 * @r: the run
 * @b: one of its buffers
 * @s: a sample of @b
 * @e: the event, an index into the run's events
 * @pos: the hart's data-field position
 *
 * The count is in subsample e / nr_pmu, slot e % nr_pmu.
 *
 * Context: Host tool code; single-threaded. Indexes are not checked.
 * Return: the count of event @e on position @pos in sample @s of @b, as
 *         written: a count only where its window has data (rr_window()).
 */
uint64_t rr_count(const struct rr_run *r, const struct rr_buf *b, uint32_t s, uint32_t e,
		  uint32_t pos);

/**
 * rr_subsample_index() - a subsample's run-wide index
 * @r: the run
 * @b: one of its buffers
 * @s: a sample of @b
 * @sub: a subsample of the sample
 *
 * Context: Host tool code; single-threaded. Indexes are not checked.
 * Return: the run-wide subsample index of subsample @sub of sample @s of
 *         @b: (first_sample + @s) * nr_subsamples + @sub.
 */
uint64_t rr_subsample_index(const struct rr_run *r, const struct rr_buf *b, uint32_t s,
			    uint32_t sub);

/**
 * rr_time_s() - when a subsample's window was scheduled to start
 * @r: the run
 * @k: a run-wide subsample index, at most one past the run's last
 *     (rr_decode() checked that those times fit in 64 bits)
 *
 * Context: Host tool code; single-threaded.
 * Return: the seconds from t0 to the scheduled start of subsample @k's
 *         window.
 */
double rr_time_s(const struct rr_run *r, uint64_t k);

/**
 * rr_period_s() - the nominal length of a window
 * @r: the run
 *
 * Context: Host tool code; single-threaded.
 * Return: the nominal length of one subsample's window (period_ticks),
 *         seconds.
 */
double rr_period_s(const struct rr_run *r);

/*
 * ---- True window lengths: the one place that says how long a window
 * was and whether it was late or short. Every rate an exporter prints is
 * a count over its window's len_s.
 */

/* A window longer than this many periods is late, shorter than ... short. */
#define RR_LATE_PERIODS		1.5
#define RR_SHORT_PERIODS	0.5

enum rr_win_kind {
	RR_WIN_OK,		/* within 0.5..1.5 periods */
	RR_WIN_LATE,		/* its tick came late: longer than 1.5 periods */
	RR_WIN_SHORT,		/* under 0.5 periods (a late tick or its own switch
				   made it short) */
	RR_WIN_ABSENT,		/* the hart has no data there: layouts 1-3, zeros
				   (absent or left); layout 4, not COUNTED and
				   none after (absent or left) */
	RR_WIN_PASSED,		/* layout 3 (or 2): the late policy passed it,
				   written as zeros: nothing counted */
	RR_WIN_UNCOUNTED,	/* layout 4: not COUNTED, a counted one after it:
				   passed or paused; its bytes are not data */
};

/* Whether a window's slots hold data: not absent, passed or uncounted. */
#define RR_WIN_HAS_DATA(w)	((w)->kind <= RR_WIN_SHORT)

/* How a window's length was found. */
enum rr_win_src {
	RR_LEN_MTIME,		/* the next window's mtime minus its own (layout 2) */
	RR_LEN_CYCLES,		/* the cycles field over the run's cycle_hz */
	RR_LEN_NOMINAL,		/* period_ticks: nothing better is known */
	RR_LEN_WINDOW,		/* its own window[] word (layouts 3, 4) */
};

struct rr_win {
	double start_s;		/* its start, s from t0 (mtime, else nominal) */
	double len_s;		/* the window's length, seconds (> 0) */
	enum rr_win_kind kind;
	enum rr_win_src src;
	/*
	 * Whether its time and its counts may describe different intervals:
	 * lost, the firmware says so (layouts 3, 4, RVPMU_SAMPLER_WIN_LOST);
	 * disagree, its length from mtime and its cycles field at the run's
	 * cycle_hz differ by more than RR_AGREE_TICKS (below).
	 */
	int lost, disagree;
};

/*
 * Ticks an mtime length and a cycles field (at cycle_hz) may differ by:
 * the firmware's bound (RVPMU_SAMPLER_WIN_BOUND, a 100th of a period and
 * 2 ticks) and as much again for the rate itself being a median.
 */
#define RR_AGREE_TICKS(period_ticks)	(2 * RVPMU_SAMPLER_WIN_BOUND(period_ticks))

/**
 * rr_window() - a hart's window in a subsample: its time, length and kind
 * @r: the run
 * @b: one of its buffers
 * @s: a sample of @b
 * @sub: a subsample of the sample
 * @pos: the hart's data-field position
 * @w: filled in: the window
 *
 * The window's length comes from its window[] word in layouts 3 and 4,
 * from mtime in layout 2 (window k: mtime[k + 1] - mtime[k]), else, or
 * when the next window is not in the file (the run's last, or lost
 * samples) or the mtimes do not increase, it is estimated from its cycles
 * field over cycle_hz, else it is the nominal period. Its start_s is from
 * its mtime where the layout has one and the hart wrote it, else the
 * scheduled start (rr_time_s()).
 *
 * Layout 4: a window word without COUNTED is no data, UNCOUNTED (passed
 * or paused) or ABSENT (no counted window of the hart after it). Layouts
 * 1-3: ABSENT when the hart has no data there (mtime 0 in layouts 2 and 3,
 * cycles 0 in layout 1); PASSED when the late policy passed the subsample
 * (its window word says so in layout 3; an mtime with cycles 0 in layout
 * 2). Without data (RR_WIN_HAS_DATA) its len_s is the nominal period and
 * its slots are not read as counts. A length from mtime or the word is
 * checked against the cycles field (disagree).
 *
 * Context: Host tool code; single-threaded. Indexes are not checked.
 */
void rr_window(const struct rr_run *r, const struct rr_buf *b, uint32_t s, uint32_t sub,
	       uint32_t pos, struct rr_win *w);

/**
 * rr_win_used() - whether a window's rate is one the data supports
 * @w: a window rr_window() filled
 *
 * Every mean, min, max, plotted point and heat-map cell comes from these
 * windows only.
 *
 * Context: Host tool code; single-threaded.
 * Return: 1 for a window on time or late (a late window's rate over its
 *         true length is right), not lost and not disagreeing; 0 for the
 *         rest: short (a catch-up of a few microseconds: noise), without
 *         data, lost or disagreeing.
 */
int rr_win_used(const struct rr_win *w);

/**
 * rr_win_name() - the name of a window kind
 * @kind: the kind
 *
 * Context: Host tool code; single-threaded.
 * Return: a static string: "ok", "late", "short", "absent", "passed" or
 *         "uncounted"; "?" for a value outside enum rr_win_kind.
 */
const char *rr_win_name(enum rr_win_kind kind);

/**
 * rr_win_label() - a window's label, as the exporters print it
 * @w: a window rr_window() filled
 *
 * Context: Host tool code; single-threaded.
 * Return: a static string: absent, passed, uncounted, lost, disagree,
 *         short, late or ok (the first that applies).
 */
const char *rr_win_label(const struct rr_win *w);

/* ---- Names */

#define RR_LABEL_MAX 64

/**
 * rr_event_label() - an event's label
 * @r: the run
 * @e: the event, an index into the run's events
 * @buf: where the label goes, RR_LABEL_MAX bytes
 *
 * The label is lib/names.c's name ("cycles", "dtlb-read-miss",
 * "fw:set_timer"), or for raw events "raw:0x<event_data>" /
 * "raw2:0x<event_data>".
 *
 * Context: Host tool code; single-threaded.
 * Return: @buf.
 */
const char *rr_event_label(const struct rr_run *r, uint32_t e, char *buf);

/**
 * rr_state_name() - the name of a buffer header's state
 * @state: a header.state value
 *
 * Context: Host tool code; single-threaded.
 * Return: a static string: "FREE", "FILLING", "FULL" or "LAST"; "?" for
 *         any other value.
 */
const char *rr_state_name(uint32_t state);

/**
 * rr_si() - format a value with an SI prefix
 * @v: the value
 * @unit: its unit ("/s", "Hz", "s")
 * @buf: where the text goes
 * @n: bytes at @buf
 *
 * Three significant digits, a prefix of m, none, k, M, G, T, P or E, then
 * the unit: "1.23 M/s". A value under 1 in magnitude is given in m, however
 * small; 0 is "0 <unit>".
 *
 * Context: Host tool code; single-threaded.
 * Return: @buf.
 */
const char *rr_si(double v, const char *unit, char *buf, size_t n);

#endif
