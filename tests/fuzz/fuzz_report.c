/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer target for rvpmu-report. Two modes, by the first byte:
 *   even: the rest is a file of sampler buffers, as is;
 *   odd:  the rest chooses a run (layout 1 to 4, harts, clusters,
 *         nr_pmu, events, period, timebase, t0, up to 4 buffers with their
 *         first samples, states and gaps) that tests/report/write.c writes
 *         from the ABI, so the exporters see every shape and scale, not
 *         only mutated seeds; from layout 2 on the mtimes stray from the
 *         deadlines (late, early, zero, anywhere), and window words may be
 *         anything (in layout 4 a word without COUNTED leaves stale bytes
 *         in its slots); a run the decoder accepts must read back the
 *         values written, in layout 4 those of its counted slots.
 * In odd mode a further byte may put PAD records around the run and a
 * second run (the same buffers, another t0) after it, as the Linux
 * driver's AUX stream does after a restart; the stream must then decode
 * into exactly those runs. rr_decode_all reads every input: a stream of
 * several runs and pads.
 * The decoder must refuse a file with a message naming an offset or accept
 * it; an accepted run must keep the decoder's promises (every buffer and
 * sample inside the file, buffers sorted and disjoint, the counts add up,
 * every window a length above 0 and the kind its length says), and then
 * every exporter runs on it, writing to /dev/null, under ASan and UBSan.
 * Any violation aborts (a fuzzer finding).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/report/write.h"
#include "tools/report/report.h"

/* Every window has a length, and the kind rr_window's rule gives it; one
   without data (passed, uncounted) the nominal period; in layout 4 it has
   data exactly when its word has COUNTED. */
static void windows(const struct rr_run *r)
{
	double p = rr_period_s(r);
	struct rr_win w;

	for (size_t i = 0; i < r->nr_bufs; i++)
		for (uint32_t s = 0; s < r->bufs[i].nr_samples; s++)
			for (uint32_t sub = 0; sub < r->nr_subsamples; sub++)
				for (uint32_t pos = 0; pos < r->nr_harts; pos++) {
					rr_window(r, &r->bufs[i], s, sub, pos, &w);
					if (!(w.len_s > 0) || !isfinite(w.len_s))
						abort();
					if (r->version == RVPMU_SAMPLER_LAYOUT &&
					    !RR_WIN_HAS_DATA(&w) !=
					    !(rr_winword(r, &r->bufs[i], s, sub, pos) &
					      RVPMU_SAMPLER_WIN_COUNTED))
						abort();
					if (w.kind == RR_WIN_ABSENT)
						continue;
					if (w.kind == RR_WIN_PASSED || w.kind == RR_WIN_UNCOUNTED) {
						if (w.len_s != p || rr_win_used(&w))
							abort();
						continue;
					}
					if ((w.kind == RR_WIN_LATE) != (w.len_s > RR_LATE_PERIODS * p) ||
					    (w.kind == RR_WIN_SHORT) != (w.len_s < RR_SHORT_PERIODS * p))
						abort();
				}
}

static void promises(const struct rr_run *r, size_t size)
{
	uint64_t samples = 0, end = 0;

	for (size_t i = 0; i < r->nr_bufs; i++) {
		const struct rr_buf *b = &r->bufs[i];

		if (b->offset > size || b->size > size - b->offset || b->data < b->offset ||
		    b->data > b->offset + b->size ||
		    (uint64_t)b->capacity * r->sample_size > b->offset + b->size - b->data ||
		    b->nr_samples > b->capacity)
			abort();
		if (b->nr_samples) {
			if (b->first_sample < end)
				abort();
			end = b->first_sample + b->nr_samples;
			samples += b->nr_samples;
		}
	}
	if (samples != r->samples || end != r->end_sample || r->lost != end - samples ||
	    r->nr_subsamples * r->nr_pmu < r->nr_events || r->cycle_hz < 0 ||
	    r->version < RVPMU_SAMPLER_V1_LAYOUT || r->version > RVPMU_SAMPLER_LAYOUT)
		abort();
	windows(r);
}

struct bytes {
	const uint8_t *p;
	size_t n;
};

static uint64_t take(struct bytes *b, unsigned int bytes)
{
	uint64_t v = 0;

	for (unsigned int i = 0; i < bytes && b->n; i++, b->p++, b->n--)
		v |= (uint64_t)*b->p << (8 * i);
	return v;
}

/* What the callbacks need: the seed, and the run's time base. */
struct gen {
	uint64_t seed, t0, ticks;
	int stray;		/* the mtimes from mtime(), not the deadlines */
};

static uint64_t mix(uint64_t x)
{
	x ^= x >> 29;
	x *= 0xBF58476D1CE4E5B9ull;
	x ^= x >> 32;
	return x;
}

/* Counts from a seed: mostly small, sometimes at the top of 64 bits. */
static uint64_t value(void *ctx, uint64_t n, uint32_t e, uint32_t pos)
{
	uint64_t x = mix(((const struct gen *)ctx)->seed ^ (n * 0x9E3779B97F4A7C15ull) ^
			 ((uint64_t)e << 32 | pos));

	return x & 1 ? ~(x >> 8 & 0xFF) : x >> 40;
}

/*
 * The mtime of window k (its beginning): mostly its deadline, some
 * late by up to three periods, some a little early, some 0 (a hart with no data), some
 * anywhere; wrapping around is data too.
 */
static uint64_t mtime(void *ctx, uint64_t k, uint32_t pos)
{
	const struct gen *g = ctx;
	uint64_t x = mix(g->seed * 31 + k * 0x9E3779B97F4A7C15ull + pos), start;
	uint64_t late = 3 * g->ticks + 1, early = g->ticks + 1;	/* may wrap to 0 */

	start = g->t0 + k * g->ticks;
	switch (x & 7) {
	case 0:
		return start + (late ? (x >> 8) % late : x >> 8);
	case 1:
		return start - (early ? (x >> 8) % early : x >> 8);
	case 2:
		return 0;
	case 3:
		return x;
	default:
		return start;
	}
}

static uint8_t *shaped(struct bytes *b, size_t *size, struct gen *g)
{
	static struct rvpmu_sampler_event events[RVPMU_SAMPLER_MAX_EVENTS];
	static struct shape s;

	memset(&s, 0, sizeof(s));
	s.version = RVPMU_SAMPLER_V1_LAYOUT + (uint32_t)(take(b, 1) % 4);	/* 1 to 4 */
	s.mtime = take(b, 1) & 1 ? mtime : NULL;
	s.window = take(b, 1) & 1 ? mtime : NULL;	/* any word: lengths, skips, LOST */
	/* mostly up to 8 harts (fast), else up to 32: above 16 the heat map draws clusters */
	s.nr_harts = take(b, 1) & 1 ? GEN_MAX_HARTS : 8;
	s.nr_harts = 1 + (uint32_t)(take(b, 1) % s.nr_harts);
	s.nr_clusters = 1 + (uint32_t)(take(b, 1) % s.nr_harts);
	s.nr_pmu = 1 + (uint32_t)(take(b, 1) % RVPMU_SAMPLER_NR_PMU_MAX);
	s.nr_events = 1 + (uint32_t)(take(b, 1) % RVPMU_SAMPLER_MAX_EVENTS);
	s.period_us = RVPMU_SAMPLER_PERIOD_MIN_US + (uint32_t)(take(b, 4) %
		(RVPMU_SAMPLER_PERIOD_MAX_US - RVPMU_SAMPLER_PERIOD_MIN_US + 1));
	s.timebase = take(b, 8) | 1;
	s.ticks = take(b, 8) | 1;
	s.t0 = take(b, 1) & 1 ? take(b, 8) : 0;
	s.nr_bufs = 1 + (uint32_t)(take(b, 1) % 4);
	for (uint32_t i = 0; i < s.nr_harts; i++) {
		s.harts[i] = (uint32_t)take(b, 1) & 0x80 ? (uint32_t)take(b, 4) : i;
		s.clusters[i] = (uint32_t)take(b, 1);
	}
	for (uint32_t i = 0; i < s.nr_bufs; i++) {
		struct gbuf *g = &s.bufs[i];

		g->index = (uint32_t)(take(b, 1) % RVPMU_SAMPLER_MAX_BUFS);
		g->first = take(b, 1) & 0x80 ? take(b, 8) : take(b, 1) % 32;
		g->nr = (uint32_t)(take(b, 1) % 8);
		g->capacity = g->nr + (uint32_t)(take(b, 1) % 3);
		g->gap = 8 * (uint32_t)(take(b, 1) % 4);
		g->state = (uint32_t)(take(b, 1) % 4);
	}
	for (uint32_t e = 0; e < s.nr_events; e++) {
		events[e].event_idx = (uint32_t)take(b, 4);
		events[e].reserved = 0;
		events[e].event_data = take(b, 1) & 1 ? take(b, 8) : 0;
	}
	s.events = events;
	g->seed = take(b, 8);
	g->t0 = s.t0 ? s.t0 : 5000000;
	g->ticks = s.ticks;
	g->stray = s.mtime != NULL;
	return gen_build(&s, size, NULL, value, g);
}

/* Whether a slot was written (layout 4: its word has COUNTED; else all). */
static int written(const struct rr_run *r, const struct rr_buf *b, uint32_t s, uint32_t sub,
		   uint32_t pos)
{
	return r->version != RVPMU_SAMPLER_LAYOUT ||
	       (rr_winword(r, b, s, sub, pos) & RVPMU_SAMPLER_WIN_COUNTED);
}

/* A shaped run reads back what write.c wrote (mtimes: if mt), in its
   written slots. */
static void read_back(const struct rr_run *r, struct gen *g, int mt)
{
	if (!RR_HAS_MTIME(r) || !mt)
		goto counts;
	for (size_t i = 0; i < r->nr_bufs; i++)
		for (uint32_t s = 0; s < r->bufs[i].nr_samples; s++)
			for (uint32_t sub = 0; sub < r->nr_subsamples; sub++)
				for (uint32_t pos = 0; pos < r->nr_harts; pos++) {
					uint64_t k = rr_subsample_index(r, &r->bufs[i], s, sub);
					uint64_t want = g->stray ? mtime(g, k, pos) :
							r->t0 + k * r->period_ticks;

					if (written(r, &r->bufs[i], s, sub, pos) &&
					    rr_mtime(r, &r->bufs[i], s, sub, pos) != want)
						abort();
				}
counts:
	for (size_t i = 0; i < r->nr_bufs; i++) {
		const struct rr_buf *b = &r->bufs[i];

		for (uint32_t s = 0; s < b->nr_samples; s++)
			for (uint32_t pos = 0; pos < r->nr_harts; pos++) {
				uint64_t n = b->first_sample + s;
				uint32_t last = r->nr_subsamples - 1;

				if ((written(r, b, s, 0, pos) &&
				     (rr_cid1(r, b, s, 0, pos) != (uint32_t)(0x100 * (pos + 1) + n) ||
				      rr_cid2(r, b, s, 0, pos) != 0xc0de0000u + pos)) ||
				    (written(r, b, s, last, pos) &&
				     rr_cycles(r, b, s, last, pos) != 7000000 + n * 1000 + last * 10 + pos))
					abort();
				for (uint32_t e = 0; e < r->nr_events; e++)
					if (written(r, b, s, e / r->nr_pmu, pos) &&
					    rr_count(r, b, s, e, pos) != value(g, n, e, pos))
						abort();
			}
	}
}

static void put_le(uint8_t *p, uint64_t v, unsigned int bytes)
{
	while (bytes--) {
		*p++ = (uint8_t)v;
		v >>= 8;
	}
}

/* A PAD record of 16 + 8 * (x % 4) bytes at *n of p; *n moves past it. */
static void pad(uint8_t *p, size_t *n, uint64_t x)
{
	uint64_t size = RVPMU_SAMPLER_PAD_SIZE + 8 * (x % 4);

	put_le(p + *n, RVPMU_SAMPLER_PAD_MAGIC, 4);
	put_le(p + *n + 4, 0, 4);
	put_le(p + *n + 8, size, 8);
	memset(p + *n + 16, (int)(x >> 8), size - 16);	/* stale bytes */
	*n += size;
}

/*
 * The shaped run's file twice, the second with t0 one tick later (another
 * run), with pads before, between and after as x's bits say. NULL if out
 * of memory.
 */
static uint8_t *two_runs(const uint8_t *one, size_t n1, size_t *size, uint64_t x)
{
	uint8_t *p = malloc(2 * n1 + 3 * 40);
	size_t n = 0, off;

	if (!p)
		return NULL;
	if (x & 1)
		pad(p, &n, x >> 4);
	memcpy(p + n, one, n1);
	n += n1;
	if (x & 2)
		pad(p, &n, x >> 12);
	memcpy(p + n, one, n1);
	/* every buffer of the copy: t0 + 1 */
	for (off = n; off < n + n1;) {
		uint8_t *h = p + off + offsetof(struct rvpmu_sampler_header, t0);
		uint64_t t0 = 0;

		for (unsigned int i = 0; i < 8; i++)
			t0 |= (uint64_t)h[i] << (8 * i);
		put_le(h, t0 + 1, 8);
		h = p + off + offsetof(struct rvpmu_sampler_header, buffer_size);
		t0 = 0;	/* now the buffer's size: gen_build wrote it right */
		for (unsigned int i = 0; i < 8; i++)
			t0 |= (uint64_t)h[i] << (8 * i);
		off += t0;
	}
	n += n1;
	if (x & 4)
		pad(p, &n, x >> 20);
	*size = n;
	return p;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *null;
	struct bytes b = { data, size };
	struct rr_dump_state st = { 0 };
	uint8_t *file = NULL;
	struct gen g = { 0 };
	struct rr_runs rs;
	size_t i, want = 0;
	char err[256];

	if (!null && !(null = fopen("/dev/null", "w")))
		abort();
	if (take(&b, 1) & 1) {
		uint64_t x = take(&b, 1);

		file = shaped(&b, &size, &g);
		if (!file)
			return 0;
		want = 1;
		if (x & 1) {
			uint8_t *two = two_runs(file, size, &size, x >> 1);

			free(file);
			file = two;
			if (!file)
				return 0;
			want = 2;
		}
		data = file;
	}
	if (rr_decode_all(data, size, &rs, err, sizeof(err))) {
		free(file);
		if (strncmp(err, "offset ", 7))	/* every refusal names its offset */
			abort();
		return 0;
	}
	for (i = 0; i < rs.nr_runs; i++) {
		promises(&rs.runs[i], size);
		if (file)
			read_back(&rs.runs[i], &g, i == 0);
	}
	/* pads inside the file, in order, apart from each other */
	for (i = 0; i < rs.nr_pads; i++)
		if (rs.pads[i].size < RVPMU_SAMPLER_PAD_SIZE || rs.pads[i].size % 8 ||
		    rs.pads[i].offset > size || rs.pads[i].size > size - rs.pads[i].offset ||
		    (i && rs.pads[i].offset < rs.pads[i - 1].offset + rs.pads[i - 1].size))
			abort();
	/* the shaped file's buffers either all decode into their runs, or none */
	if (want && rs.nr_runs != want)
		abort();
	/* in two pieces, as perf's dump sees it: the same stream twice */
	rr_dump_stream(null, &rs, 0, &st);
	rr_dump_stream(null, &rs, size, &st);
	if (rr_dump_all(null, &rs) || rr_csv_all(null, &rs) || rr_perfetto_all(null, &rs) ||
	    rr_summary_all(null, &rs))
		abort();
	for (i = 0; i < rs.nr_runs; i++) {
		const struct rr_run *r = &rs.runs[i];

		if (rr_dump(null, r) || rr_csv(null, r) || rr_perfetto(null, r) ||
		    rr_svg(null, r, 1 + (unsigned int)(size % RVPMU_SAMPLER_MAX_EVENTS), null) ||
		    rr_summary(null, r) || rr_heatmap(null, r) ||
		    rr_heatmap_w(null, r, RR_HEATMAP_MIN_W + (double)(size % 3600)))
			abort();
	}
	rr_runs_free(&rs);
	free(file);
	return 0;
}
