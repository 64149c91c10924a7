/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * report-gen - writes sampler output files for rvpmu-report's tests,
 * straight from the ABI in include/rvpmu/sampler.h (not from the engine,
 * so that the two are checked against the header, not against each other).
 *
 *   report-gen valid DIR     valid files of several shapes, DIR/<shape>.bin
 *   report-gen corrupt DIR   broken variants, DIR/bad-<name>.bin, and
 *                            DIR/corrupt.list: "<name> <regex the error matches>"
 *   report-gen seeds DIR     the valid files but "long", and multi.bin, as a
 *                            fuzz corpus
 *   report-gen multi DIR     streams of several runs and PAD records (the
 *                            Linux driver's AUX stream, docs/report.md):
 *                            DIR/multi.bin, the two runs in it alone
 *                            (multi-run1.bin, multi-run2.bin), run 1 alone
 *                            among pads (multi-padded.bin), pads alone
 *                            (multi-pads.bin), and DIR/split-<name>.bin,
 *                            the "three" file with one buffer's run-wide
 *                            parameter changed, listed in DIR/split.list
 *                            as "<name> <runs it splits into>"
 *
 * The values are a formula the test script knows (see value()): sample n,
 * event e, hart position p of the "pattern" shapes count
 * (n + 1) * 1000000 + e * 1000 + p; CID1 = 0x100 * (p + 1) + n, CID2 =
 * 0xc0de0000 + p, cycles = 7000000 + n * 1000 + subsample * 10 + p.
 * The "late" shapes (late1 in layout 1, late2 in layout 2 with mtime)
 * have one late window and the catch-up after it on hart 0 (see
 * late_end()), a 100 MHz cycles field and constant true rates. Layouts 1
 * to 3 are version 1's; the "4" shapes (trust4, one4) are layout 4, where
 * a slot the hart did not count holds stale bytes (write.h, GEN_STALE).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rvpmu/sbi.h"
#include "write.h"

enum kind { PATTERN, CONSTANT, HUGE, WAVE, SPIKE, LATE, TRUST, FLATISH };

/* 100 MHz at a 10 MHz timebase: ten cycles a tick. */
#define CYC_PER_TICK	10

/* The "const" shapes' (and "long"'s) cycles: the same in every window. */
static uint64_t const_cycles(void *ctx, uint64_t k, uint32_t p)
{
	(void)ctx, (void)k, (void)p;
	return 100000;
}

/*
 * The late shapes' (period 10000 ticks, P) windows, as ticks from t0 to
 * the end of window k. Hart 0's tick for the end of window 4 (deadline 5P)
 * comes at 6P, a period late: window 4 is 2P long (late); the deadline of
 * window 5 is then due, so window 5 ends 200 ticks later (short, a
 * catch-up); window 6 ends on time at 7P (P - 200). Hart 1 is on time.
 */
#define LATE_P	10000u

/* ... with hart 0's late window at lk: it ends a period late, the next
   200 ticks later; the late shapes' lk is 4, the trust shape's 2 */
static uint64_t shaped_end(uint64_t k, uint32_t p, uint64_t lk)
{
	if (p == 0 && k == lk)
		return (lk + 2) * LATE_P;
	if (p == 0 && k == lk + 1)
		return (lk + 2) * LATE_P + 200;
	return (k + 1) * LATE_P;
}

static uint64_t late_end(uint64_t k, uint32_t p)
{
	return shaped_end(k, p, 4);
}

static uint64_t late_len(uint64_t k, uint32_t p)
{
	return late_end(k, p) - (k ? late_end(k - 1, p) : 0);
}

/* version 2's mtime: when window k began, the end of window k - 1 */
static uint64_t late_mtime(void *ctx, uint64_t k, uint32_t p)
{
	(void)ctx;
	return 5000000 + (k ? late_end(k - 1, p) : 0);
}

static uint64_t late_cycles(void *ctx, uint64_t k, uint32_t p)
{
	(void)ctx;
	return late_len(k, p) * CYC_PER_TICK;
}

/*
 * The late shapes' events: cycles, instructions (IPC 0.5 on hart 0, 1.25
 * on hart 1), dTLB read misses (100 k/s and 200 k/s: 2 and 1.6 per 1000
 * instructions) and rvpmu's firmware event 256 (50 k/s), on 2 counters.
 */
static const struct rvpmu_sampler_event late_events[4] = {
	{ SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_HW, SBI_PMU_HW_CPU_CYCLES), 0, 0 },
	{ SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_HW, SBI_PMU_HW_INSTRUCTIONS), 0, 0 },
	{ SBI_PMU_DTLB_READ_MISS, 0, 0 },
	{ SBI_PMU_FW_EVENT(RVPMU_FW_SBI_CALLS), 0, 0 },
};

/* Event e's count on position p over len ticks: its rate times len. */
static uint64_t rate_times(uint32_t e, uint32_t p, uint64_t len)
{
	switch (e) {
	case 0:
		return len * CYC_PER_TICK;
	case 1:
		return p ? len * CYC_PER_TICK * 5 / 4 : len * CYC_PER_TICK / 2;
	case 2:
		return p ? len / 50 : len / 100;
	default:
		return len / 200;
	}
}

/* Every count is its rate times the window's true length. */
static uint64_t late_value(uint64_t n, uint32_t e, uint32_t p)
{
	return rate_times(e, p, late_len(n * 2 + e / 2, p));
}

/*
 * The "trust" shape (version 3, the late shapes' events and rates): hart
 * 0's window 2 is late (2P, its tick at 4P), window 3 a catch-up of 200
 * ticks (short), window 4 the rest of its period; hart 1's window 5
 * disagrees (its cycles and counts three times what its 1 ms hold: the
 * hart was away where its mtime did not see it) and window 6 is LOST
 * (counts twice what it held), window 11 passed by the late policy
 * (nothing counted). Every other window a period, on time.
 */
static int trust_passed(uint64_t k, uint32_t p)
{
	return p == 1 && k == 11;
}

static uint64_t trust_end(uint64_t k, uint32_t p)
{
	return shaped_end(k, p, 2);
}

static uint64_t trust_len(uint64_t k, uint32_t p)
{
	return trust_end(k, p) - (k ? trust_end(k - 1, p) : 0);
}

/* what a window's counts and cycles are of its length */
static uint64_t trust_factor(uint64_t k, uint32_t p)
{
	return p == 1 && k == 5 ? 3 : p == 1 && k == 6 ? 2 : 1;
}

static uint64_t trust_mtime(void *ctx, uint64_t k, uint32_t p)
{
	(void)ctx;
	return 5000000 + (k ? trust_end(k - 1, p) : 0);
}

static uint64_t trust_window(void *ctx, uint64_t k, uint32_t p)
{
	(void)ctx;
	if (trust_passed(k, p))
		return RVPMU_SAMPLER_V1_WIN_PASSED;
	return trust_len(k, p) | (p == 1 && k == 6 ? RVPMU_SAMPLER_WIN_LOST : 0);
}

/*
 * The same run in layout 4, where hart 1 also left after window 13: its
 * window 11 (passed) and windows 14 and 15 (gone) are not counted, their
 * slots stale; the others COUNTED.
 */
static uint64_t trust4_window(void *ctx, uint64_t k, uint32_t p)
{
	(void)ctx;
	if (trust_passed(k, p) || (p == 1 && k >= 14))
		return 0;
	return trust_len(k, p) | RVPMU_SAMPLER_WIN_COUNTED |
	       (p == 1 && k == 6 ? RVPMU_SAMPLER_WIN_LOST : 0);
}

/* one4: "one" in layout 4 (a padded last subsample), hart 1's subsample
   2 of sample 1 (k 5) and hart 0's 0 of sample 2 (k 6) not counted: their
   padding slots are stale too */
static uint64_t one4_window(void *ctx, uint64_t k, uint32_t p)
{
	(void)ctx;
	if ((p == 1 && k == 5) || (p == 0 && k == 6))
		return 0;
	return 10000 | RVPMU_SAMPLER_WIN_COUNTED;
}

static uint64_t trust_cycles(void *ctx, uint64_t k, uint32_t p)
{
	(void)ctx;
	if (trust_passed(k, p))
		return 0;
	return trust_len(k, p) * CYC_PER_TICK * (k == 5 ? trust_factor(k, p) : 1);
}

static uint64_t trust_value(uint64_t n, uint32_t e, uint32_t p)
{
	uint64_t k = n * 2 + e / 2, len = trust_len(k, p) * trust_factor(k, p);

	return trust_passed(k, p) ? 0 : rate_times(e, p, len);
}

static const struct shape shapes[] = {
	/* 1 buffer, 2 harts, 5 events on 2 counters: a padded last subsample */
	{ "one", 2, 1, 2, 5, 1000, { 0, 1 }, { 0, 0 }, 10000000, PATTERN, 1,
	  { { 0, 0, 4, 5, 16, RVPMU_SAMPLER_BUF_LAST } }, 0, 0, NULL, 0, NULL, NULL, NULL },
	/* 3 buffers out of order, samples 5 and 6 lost between the 2nd and 3rd */
	{ "three", 2, 1, 2, 3, 3000, { 3, 7 }, { 0, 0 }, 10000000, PATTERN, 3,
	  { { 2, 7, 2, 3, 0, RVPMU_SAMPLER_BUF_LAST }, { 0, 0, 3, 3, 8, RVPMU_SAMPLER_BUF_FULL },
	    { 1, 3, 2, 2, 0, RVPMU_SAMPLER_BUF_FULL } }, 0, 0, NULL, 0, NULL, NULL, NULL },
	/* 4 harts in 2 clusters, hart in cluster then cluster: 0 4 1 5 */
	{ "clusters", 4, 2, 8, 20, 500, { 0, 4, 1, 5 }, { 0, 1, 0, 1 }, 1000000, PATTERN, 1,
	  { { 0, 0, 3, 3, 0, RVPMU_SAMPLER_BUF_LAST } }, 0, 0, NULL, 0, NULL, NULL, NULL },
	/* every event the ABI allows, 30 subsamples per sample */
	{ "max", 1, 1, 8, 240, 100, { 2 }, { 0 }, 10000000, PATTERN, 1,
	  { { 0, 0, 2, 2, 0, RVPMU_SAMPLER_BUF_LAST } }, 0, 0, NULL, 0, NULL, NULL, NULL },
	/* one counter: a subsample per event; 3 harts pad the hart array */
	{ "pmu1", 3, 1, 1, 3, 2000, { 0, 1, 2 }, { 0, 0, 0 }, 10000000, PATTERN, 1,
	  { { 0, 0, 5, 6, 0, RVPMU_SAMPLER_BUF_FULL } }, 0, 0, NULL, 0, NULL, NULL, NULL },
	/* known rates for the summary: period 1 ms at 10 MHz, 100 MHz cycles */
	{ "const", 2, 1, 2, 3, 1000, { 0, 1 }, { 0, 0 }, 10000000, CONSTANT, 2,
	  { { 0, 0, 6, 6, 0, RVPMU_SAMPLER_BUF_FULL }, { 1, 6, 4, 6, 0, RVPMU_SAMPLER_BUF_LAST } },
	  0, 0, NULL, .cycles = const_cycles },
	/* the same in layout 2: mtime at every deadline */
	{ "mtime", 2, 1, 2, 3, 1000, { 0, 1 }, { 0, 0 }, 10000000, CONSTANT, 2,
	  { { 0, 0, 6, 6, 0, RVPMU_SAMPLER_BUF_FULL }, { 1, 6, 4, 6, 0, RVPMU_SAMPLER_BUF_LAST } },
	  0, 0, NULL, .cycles = const_cycles, .version = RVPMU_SAMPLER_V1_LAYOUT_MTIME },
	/* and in layout 4: every window counted, a period long */
	{ "const4", 2, 1, 2, 3, 1000, { 0, 1 }, { 0, 0 }, 10000000, CONSTANT, 2,
	  { { 0, 0, 6, 6, 0, RVPMU_SAMPLER_BUF_FULL }, { 1, 6, 4, 6, 0, RVPMU_SAMPLER_BUF_LAST } },
	  0, 0, NULL, .cycles = const_cycles, .version = RVPMU_SAMPLER_LAYOUT },
	/* a late window and its catch-up on hart 0, told by mtime (late2)
	   or by the cycles field alone (late1) */
	{ "late2", 2, 1, 2, 4, 1000, { 0, 1 }, { 0, 0 }, 10000000, LATE, 1,
	  { { 0, 0, 8, 8, 0, RVPMU_SAMPLER_BUF_LAST } }, 0, 0, late_events,
	  .version = RVPMU_SAMPLER_V1_LAYOUT_MTIME, .mtime = late_mtime, .cycles = late_cycles },
	{ "late1", 2, 1, 2, 4, 1000, { 0, 1 }, { 0, 0 }, 10000000, LATE, 1,
	  { { 0, 0, 8, 8, 0, RVPMU_SAMPLER_BUF_LAST } }, 0, 0, late_events,
	  .cycles = late_cycles },
	/* layout 3: a late, a short, a disagreeing and a LOST window */
	{ "trust", 2, 1, 2, 4, 1000, { 0, 1 }, { 0, 0 }, 10000000, TRUST, 1,
	  { { 0, 0, 8, 8, 0, RVPMU_SAMPLER_BUF_LAST } }, 0, 0, late_events,
	  .version = RVPMU_SAMPLER_V1_LAYOUT_WINDOW, .mtime = trust_mtime,
	  .window = trust_window, .cycles = trust_cycles },
	/* layout 4: the same, uncounted windows stale, hart 1 gone at the end */
	{ "trust4", 2, 1, 2, 4, 1000, { 0, 1 }, { 0, 0 }, 10000000, TRUST, 1,
	  { { 0, 0, 8, 8, 0, RVPMU_SAMPLER_BUF_LAST } }, 0, 0, late_events,
	  .version = RVPMU_SAMPLER_LAYOUT, .mtime = trust_mtime,
	  .window = trust4_window, .cycles = trust_cycles },
	/* layout 4 with a padded last subsample, two windows not counted */
	{ "one4", 2, 1, 2, 5, 1000, { 0, 1 }, { 0, 0 }, 10000000, PATTERN, 1,
	  { { 0, 0, 4, 5, 16, RVPMU_SAMPLER_BUF_LAST } }, 0, 0, NULL,
	  .version = RVPMU_SAMPLER_LAYOUT, .window = one4_window },
	/* many harts and events, for the heat map: 20 harts in 4 clusters
	   (a panel per cluster), 24 events */
	{ "wide", 20, 4, 8, 24, 1000, { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
	  17, 18, 19 }, { 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3 }, 10000000,
	  WAVE, 1, { { 0, 0, 12, 12, 0, RVPMU_SAMPLER_BUF_LAST } }, 0, 0, NULL,
	  .version = RVPMU_SAMPLER_LAYOUT },
	/* counts at the top of 64 bits */
	{ "huge", 2, 1, 3, 4, 85899000, { 0, 1 }, { 0, 0 }, 10000000, HUGE, 1,
	  { { 0, 0, 2, 2, 0, RVPMU_SAMPLER_BUF_LAST } }, 0, 0, NULL, 0, NULL, NULL, NULL },
	/* something to look at: 4 harts, 2 clusters, smooth rates, a loss */
	{ "wave", 4, 2, 3, 6, 3000, { 0, 2, 1, 3 }, { 0, 1, 0, 1 }, 10000000, WAVE, 3,
	  { { 0, 0, 60, 60, 0, RVPMU_SAMPLER_BUF_FULL }, { 1, 70, 60, 60, 0, RVPMU_SAMPLER_BUF_FULL },
	    { 2, 130, 30, 60, 0, RVPMU_SAMPLER_BUF_LAST } }, 0, 0, NULL, 0, NULL, NULL, NULL },
	/* 20000 samples, flat but for one: the plot must thin it, keeping the peak */
	{ "long", 1, 1, 1, 1, 100, { 0 }, { 0 }, 10000000, SPIKE, 1,
	  { { 0, 0, 20000, 20000, 0, RVPMU_SAMPLER_BUF_LAST } }, 0, 0, NULL, 0, NULL, const_cycles, NULL },
	/* the heat map's flat rows: rates that alternate 4 %, 6 %, 4.9 % apart
	   and between 0 and 1000 (every window 1 ms): one colour for the
	   first and third only */
	{ "flat", 2, 1, 4, 4, 1000, { 0, 1 }, { 0, 0 }, 10000000, FLATISH, 1,
	  { { 0, 0, 8, 8, 0, RVPMU_SAMPLER_BUF_LAST } }, 0, 0, NULL, .cycles = const_cycles },
	/* a buffer being filled that has no sample yet */
	{ "empty", 2, 1, 2, 2, 3000, { 0, 1 }, { 0, 0 }, 10000000, PATTERN, 1,
	  { { 0, 0, 0, 4, 0, RVPMU_SAMPLER_BUF_FILLING } }, 0, 0, NULL, 0, NULL, NULL, NULL },
};

static uint64_t value(void *ctx, uint64_t n, uint32_t e, uint32_t p)
{
	const struct shape *s = ctx;

	switch (s->kind) {
	case CONSTANT:	/* rates: e0 1 and 3 M/s; e1 4 or 6 k/s on hart 0, 0 on 1; 7 k/s */
		if (e == 0)
			return 1000 * (2 * p + 1);
		if (e == 1)
			return p ? 0 : (n % 2 ? 6 : 4);
		return 7;
	case HUGE:
		return UINT64_MAX - e - p;
	case SPIKE:
		return n == 12345 ? 5000 : 1000;
	case LATE:
		return late_value(n, e, p);
	case TRUST:
		return trust_value(n, e, p);
	case FLATISH:	/* the odd samples' counts 4, 6 or 4.9 % above the even ones'; 0 or 1000 */
		if (e == 3)
			return n % 2 ? 1000 : 0;
		return (e == 2 ? 100000 : 1000000) + (n % 2) * (e == 0 ? 40000 : e == 1 ? 60000 : 4900);
	case WAVE:	/* a rate per event, harts out of phase */
		return (uint64_t)((30000000.0 / (e + 1)) * (1.2 + sin(n / 9.0 + p * 0.8 + e)));
	default:
		return (n + 1) * 1000000 + e * 1000u + p;
	}
}

static const struct shape *named(const char *name)
{
	for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++)
		if (!strcmp(shapes[i].name, name))
			return &shapes[i];
	abort();
}

static void save(const char *dir, const char *prefix, const char *name, const uint8_t *p,
		 size_t n)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s%s.bin", dir, prefix, name);
	f = fopen(path, "wb");
	if (!f || fwrite(p, 1, n, f) != n || fclose(f)) {
		perror(path);
		exit(3);
	}
}

/* ---- Corruptions of the "three" file: each changes one thing. */
struct bad {
	const char *name;
	int buf;		/* which buffer's header (file order) */
	size_t field;		/* offset in it, or past the header: see below */
	unsigned int bytes;
	uint64_t value;
	const char *expect;	/* regex the error message must match */
};

#define ARR	sizeof(struct rvpmu_sampler_header)
#define H(field) offsetof(struct rvpmu_sampler_header, field)	/* hart[0] */

static const struct bad bads[] = {
	{ "magic", 0, H(magic), 4, 0x12345678, "offset 0 \\(0x0\\): bad magic 0x12345678" },
	{ "magic2", 1, H(magic), 4, 0, "bad magic 0x00000000" },
	{ "version", 0, H(version), 2, 5, "version 5 \\(this tool reads layouts 1 to 4\\)" },
	{ "version0", 0, H(version), 2, 0, "version 0 \\(this tool reads layouts 1 to 4\\)" },
	{ "version4-size", 0, H(version), 2, 4,
	  "subsample_size 64, but 2 counter\\(s\\) on 2 hart\\(s\\) in version 4 make 96" },
	{ "version2-size", 0, H(version), 2, 2,
	  "subsample_size 64, but 2 counter\\(s\\) on 2 hart\\(s\\) in version 2 make 80" },
	{ "state", 0, H(state), 4, 4, "state 4 is not a buffer state" },
	{ "index", 0, H(buffer_index), 4, 64, "buffer_index 64" },
	{ "bufsize-odd", 0, H(buffer_size), 8, 1001, "buffer_size 1001 is not a multiple of 8" },
	{ "bufsize-past", 2, H(buffer_size), 8, 1ull << 40, "only [0-9]+ byte\\(s\\) left" },
	{ "bufsize-huge", 0, H(buffer_size), 8, UINT64_MAX - 7, "truncated" },
	{ "harts0", 0, H(nr_harts), 4, 0, "nr_harts is 0" },
	{ "harts-huge", 0, H(nr_harts), 4, 0xFFFFFFFF, "nr_harts|subsample_size" },
	{ "clusters", 0, H(nr_clusters), 4, 3, "nr_clusters 3 with 2 hart" },
	{ "pmu0", 0, H(nr_pmu), 4, 0, "nr_pmu 0 is outside" },
	{ "pmu30", 0, H(nr_pmu), 4, 30, "nr_pmu 30 is outside" },
	{ "events0", 0, H(nr_events), 4, 0, "nr_events 0" },
	{ "events241", 0, H(nr_events), 4, 241, "nr_events 241" },
	{ "subsamples", 0, H(nr_subsamples), 4, 3, "nr_subsamples 3, but 3 event" },
	{ "subsample-size", 0, H(subsample_size), 4, 80, "subsample_size 80" },
	{ "sample-size", 0, H(sample_size), 4, 64, "sample_size 64" },
	{ "period0", 0, H(period_us), 4, 0, "period_us 0 is outside" },
	{ "period-big", 0, H(period_us), 4, RVPMU_SAMPLER_PERIOD_MAX_US + 1, "period_us" },
	{ "filter", 0, H(filter), 4, 0x20, "filter 0x20" },
	{ "timebase0", 0, H(timebase_hz), 8, 0, "timebase_hz is 0" },
	{ "ticks0", 0, H(period_ticks), 8, 0, "period_ticks is 0" },
	{ "hsize-past", 0, H(header_size), 2, 0xFFF8, "header_size 65528" },
	{ "hsize-small", 0, H(header_size), 2, 104, "header_size 104" },
	{ "hsize-odd", 0, H(header_size), 2, 172, "header_size 172" },
	{ "capacity", 0, H(capacity), 4, 1000, "capacity 1000 samples" },
	{ "nr-samples", 2, H(nr_samples), 4, 3, "nr_samples 3 is past capacity 2" },
	{ "first-huge", 0, H(first_sample), 8, UINT64_MAX - 1, "pass 2\\^64" },
	{ "first-wrap", 0, H(first_sample), 8, UINT64_MAX / 2, "pass 2\\^64" },
	{ "dup-hart", 0, ARR, 4, 7, "hart 7 appears twice" },
	{ "reserved", 0, ARR + 16 + 4, 4, 1, "event 0: reserved word" },
	{ "padding", 0, 0, 8, 99, "padding slot 1 of hart 7 holds 99" },	/* field set below */
	{ "overlap", 2, H(first_sample), 8, 1, "overlap" },
};

/*
 * A buffer whose run-wide parameters differ from the buffer before it
 * starts a new run: "three" (buffers of samples 7.., 0.., 3.. in file
 * order) split so, into runs runs.
 */
static const struct bad splits[] = {
	{ "t0", 1, H(t0), 8, 1, "3" },
	{ "ticks", 2, H(period_ticks), 8, 1234, "2" },
	{ "period-other", 1, H(period_us), 4, 2000, "3" },
	{ "harts-order", 2, ARR, 4, 9, "2" },
	{ "cluster-other", 1, ARR + 8, 4, 1, "3" },
	{ "events-other", 2, ARR + 16, 4, 2, "2" },
	{ "version", 0, H(version), 2, 2, "" },	/* "mixed": written below */
};

static void bad_pads(const char *dir, FILE *list);

/*
 * Layout 4: a count in a counted window's padding slot is refused as in
 * version 1's layouts (one4, sample 0's last subsample, slot 1, hart 0);
 * stale bytes in an uncounted one's are not read (one4 itself decodes).
 */
static void bad_padding4(const char *dir, FILE *list)
{
	const struct shape *s = named("one4");
	size_t n, off;
	uint8_t *p = gen_build(s, &n, NULL, value, (void *)s);

	if (!p)
		exit(3);
	off = gen_header_size(s) + 2 * gen_subsample_size(s) + 8 * s->nr_harts +
	      8 * (1 * s->nr_harts + 0);
	gen_put(p + off, 99, 8);
	save(dir, "bad-", "padding4", p, n);
	fprintf(list, "padding4 offset %zu \\(0x%zx\\): sample 0: padding slot 1 of hart 0 holds 99\n",
		off, off);
	free(p);
}

static void corrupt(const char *dir)
{
	const struct shape *s = &shapes[1];	/* "three" */
	size_t n, at[4];
	uint8_t *base = gen_build(s, &n, at, value, (void *)s), *p = malloc(n + 8);
	char path[512];
	FILE *list;

	snprintf(path, sizeof(path), "%s/corrupt.list", dir);
	list = fopen(path, "w");
	if (!base || !p || !list)
		exit(3);
	for (size_t i = 0; i < sizeof(bads) / sizeof(bads[0]); i++) {
		const struct bad *b = &bads[i];
		size_t off = at[b->buf] + b->field;

		memcpy(p, base, n);
		if (!strcmp(b->name, "padding"))	/* sample 0's last subsample, slot 1, hart 7 */
			off = at[b->buf] + gen_header_size(s) + gen_subsample_size(s) +
			      8 * s->nr_harts + 8 * (1 * s->nr_harts + 1);
		gen_put(p + off, b->value, b->bytes);
		save(dir, "bad-", b->name, p, n);
		fprintf(list, "%s %s\n", b->name, b->expect);
	}
	/* a short tail after the last buffer: a header that is not there */
	memcpy(p, base, n);
	memset(p + n, 0x52, 8);
	save(dir, "bad-", "tail", p, n + 8);
	fprintf(list, "tail offset %zu \\(0x%zx\\): truncated: 8 byte\\(s\\) left\n", n, n);
	save(dir, "bad-", "empty", p, 0);
	fprintf(list, "empty empty file\n");
	bad_padding4(dir, list);
	bad_pads(dir, list);
	fclose(list);
	free(base);
	free(p);
}

/* Write a PAD record of size bytes at p: its 16 bytes, then stale bytes. */
static void put_pad(uint8_t *p, uint64_t size)
{
	gen_put(p, RVPMU_SAMPLER_PAD_MAGIC, 4);
	gen_put(p + 4, 0, 4);
	gen_put(p + 8, size, 8);
	for (uint64_t i = RVPMU_SAMPLER_PAD_SIZE; i < size; i++)
		p[i] = (uint8_t)(0xa5 ^ i);
	/* what was there before: a buffer's magic, which must not be read */
	if (size >= RVPMU_SAMPLER_PAD_SIZE + 8)
		gen_put(p + RVPMU_SAMPLER_PAD_SIZE, RVPMU_SAMPLER_BUF_MAGIC, 4);
}

/* A file being put together: bytes appended. */
struct out {
	uint8_t *p;
	size_t n;
};

static void add(struct out *o, const uint8_t *p, size_t n)
{
	o->p = realloc(o->p, o->n + n + 1);
	if (!o->p)
		exit(3);
	if (p)
		memcpy(o->p + o->n, p, n);
	o->n += n;
}

static void add_pad(struct out *o, uint64_t size)
{
	add(o, NULL, size);
	put_pad(o->p + o->n - size, size);
}

/*
 * Pad records inserted into "three" after its first buffer, each broken
 * one way: the message and the offset it must name.
 */
static void bad_pads(const char *dir, FILE *list)
{
	static const struct {
		const char *name;
		unsigned int field, bytes;
		uint64_t value;
		const char *expect;
	} pads[] = {
		{ "pad-small", 8, 8, 8, "pad size 8 is not a multiple of 8 of at least 16" },
		{ "pad-zero", 8, 8, 0, "pad size 0 is not a multiple of 8 of at least 16" },
		{ "pad-odd", 8, 8, 36, "pad size 36 is not a multiple of 8 of at least 16" },
		{ "pad-past", 8, 8, 1u << 20, "pad size 1048576 but only [0-9]+ byte\\(s\\) left" },
		{ "pad-huge", 8, 8, UINT64_MAX & ~7ull, "pad size 18446744073709551608 but only" },
		{ "pad-reserved", 4, 4, 1, "pad reserved word is 0x1, not 0" },
	};
	const struct shape *s = named("three");
	size_t n, at[4];
	uint8_t *base = gen_build(s, &n, at, value, (void *)s);

	if (!base)
		exit(3);
	for (size_t i = 0; i < sizeof(pads) / sizeof(pads[0]); i++) {
		struct out o = { 0 };

		add(&o, base, at[1]);
		add_pad(&o, 32);
		add(&o, base + at[1], n - at[1]);
		gen_put(o.p + at[1] + pads[i].field, pads[i].value, pads[i].bytes);
		save(dir, "bad-", pads[i].name, o.p, o.n);
		fprintf(list, "%s offset %zu \\(0x%zx\\): %s\n", pads[i].name,
			at[1] + pads[i].field, at[1] + pads[i].field, pads[i].expect);
		free(o.p);
	}
	/* a pad's magic with 8 bytes left: a pad record needs 16 */
	{
		struct out o = { 0 };

		add(&o, base, n);
		add_pad(&o, 16);
		o.n -= 8;
		save(dir, "bad-", "pad-tail", o.p, o.n);
		fprintf(list, "pad-tail offset %zu \\(0x%zx\\): truncated: 8 byte\\(s\\) left, a pad record needs 16\n",
			n, n);
		free(o.p);
	}
	free(base);
}

/* The streams of several runs (see the top comment). */
static void multi(const char *dir)
{
	struct shape two = *named("three");
	const struct shape *one = named("const");
	size_t n1, n2, at[4];
	uint8_t *r1 = gen_build(one, &n1, NULL, value, (void *)one), *r2;
	struct out o = { 0 };
	char path[512];
	FILE *list;

	two.t0 = 9000000;	/* a later run of another shape */
	r2 = gen_build(&two, &n2, at, value, (void *)&two);
	if (!r1 || !r2)
		exit(3);
	save(dir, "", "multi-run1", r1, n1);
	save(dir, "", "multi-run2", r2, n2);
	/* pad, run 1, pad (stale bytes), run 2's 1st buffer, pad, the rest, pad */
	add_pad(&o, 16);
	add(&o, r1, n1);
	add_pad(&o, 40);
	add(&o, r2, at[1]);
	add_pad(&o, 16);
	add(&o, r2 + at[1], n2 - at[1]);
	add_pad(&o, 24);
	save(dir, "", "multi", o.p, o.n);
	/* run 1 alone among pads: still one run */
	o.n = 0;
	add_pad(&o, 32);
	add(&o, r1, n1);
	add_pad(&o, 16);
	save(dir, "", "multi-padded", o.p, o.n);
	o.n = 0;
	add_pad(&o, 16);
	add_pad(&o, 48);
	save(dir, "", "multi-pads", o.p, o.n);
	free(o.p);
	free(r1);
	free(r2);

	snprintf(path, sizeof(path), "%s/split.list", dir);
	list = fopen(path, "w");
	if (!list)
		exit(3);
	{
		const struct shape *s = named("three");
		size_t n, a[4];
		uint8_t *base = gen_build(s, &n, a, value, (void *)s);

		if (!base)
			exit(3);
		for (size_t i = 0; i < sizeof(splits) / sizeof(splits[0]); i++) {
			const struct bad *b = &splits[i];

			if (!*b->expect)
				continue;
			o.p = malloc(n);
			if (!o.p)
				exit(3);
			memcpy(o.p, base, n);
			gen_put(o.p + a[b->buf] + b->field, b->value, b->bytes);
			save(dir, "split-", b->name, o.p, n);
			fprintf(list, "%s %s\n", b->name, b->expect);
			free(o.p);
		}
		free(base);
	}
	/* a version 1 run followed by the same run's buffers in version 2 */
	{
		size_t m1, m2;
		const struct shape *c = named("const"), *m = named("mtime");
		uint8_t *v1 = gen_build(c, &m1, NULL, value, (void *)c);
		uint8_t *v2 = gen_build(m, &m2, NULL, value, (void *)m);

		if (!v1 || !v2)
			exit(3);
		o.p = NULL;
		o.n = 0;
		add(&o, v1, m1);
		add(&o, v2, m2);
		save(dir, "split-", "mixed", o.p, o.n);
		fprintf(list, "mixed 2\n");
		free(o.p);
		free(v1);
		free(v2);
	}
	fclose(list);
}

int main(int argc, char **argv)
{
	if (argc != 3)
		goto usage;
	if (!strcmp(argv[1], "corrupt")) {
		corrupt(argv[2]);
		return 0;
	}
	if (!strcmp(argv[1], "multi")) {
		multi(argv[2]);
		return 0;
	}
	if (strcmp(argv[1], "valid") && strcmp(argv[1], "seeds"))
		goto usage;
	for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
		size_t n;
		uint8_t *p;

		if (argv[1][0] == 's' && !strcmp(shapes[i].name, "long"))
			continue;	/* 480 KB would slow every fuzz run */
		p = gen_build(&shapes[i], &n, NULL, value, (void *)&shapes[i]);
		if (!p)
			exit(3);

		save(argv[2], "", shapes[i].name, p, n);
		free(p);
	}
	if (argv[1][0] == 's')
		multi(argv[2]);	/* two runs and pads: the fuzzer starts from them too */
	return 0;
usage:
	fprintf(stderr, "usage: report-gen valid|corrupt|seeds|multi DIR\n");
	return 2;
}
