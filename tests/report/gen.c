/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * report-gen - writes sampler output files for rvpmu-report's tests,
 * straight from the ABI in include/rvpmu/sampler.h (not from the engine,
 * so that the two are checked against the header, not against each other).
 *
 *   report-gen valid DIR     valid files of several shapes, DIR/<shape>.bin
 *   report-gen corrupt DIR   broken variants, DIR/bad-<name>.bin, and
 *                            DIR/corrupt.list: "<name> <regex the error matches>"
 *   report-gen seeds DIR     the valid files but "long", as a fuzz corpus
 *
 * The values are a formula the test script knows (see value()): sample n,
 * event e, hart position p of the "pattern" shapes count
 * (n + 1) * 1000000 + e * 1000 + p; CID1 = 0x100 * (p + 1) + n, CID2 =
 * 0xc0de0000 + p, cycles = 7000000 + n * 1000 + subsample * 10 + p.
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rvpmu/sampler.h"

enum kind { PATTERN, CONSTANT, HUGE, WAVE, SPIKE };

struct gbuf {
	uint32_t index, first, nr, capacity, gap, state;
};

struct shape {
	const char *name;
	uint32_t nr_harts, nr_clusters, nr_pmu, nr_events, period_us;
	uint32_t harts[8], clusters[8];
	uint64_t timebase;
	enum kind kind;
	uint32_t nr_bufs;
	struct gbuf bufs[4];	/* in file order */
};

static const struct shape shapes[] = {
	/* 1 buffer, 2 harts, 5 events on 2 counters: a padded last subsample */
	{ "one", 2, 1, 2, 5, 1000, { 0, 1 }, { 0, 0 }, 10000000, PATTERN, 1,
	  { { 0, 0, 4, 5, 16, RVPMU_SAMPLER_BUF_LAST } } },
	/* 3 buffers out of order, samples 5 and 6 lost between the 2nd and 3rd */
	{ "three", 2, 1, 2, 3, 3000, { 3, 7 }, { 0, 0 }, 10000000, PATTERN, 3,
	  { { 2, 7, 2, 3, 0, RVPMU_SAMPLER_BUF_LAST }, { 0, 0, 3, 3, 8, RVPMU_SAMPLER_BUF_FULL },
	    { 1, 3, 2, 2, 0, RVPMU_SAMPLER_BUF_FULL } } },
	/* 4 harts in 2 clusters, hart in cluster then cluster: 0 4 1 5 */
	{ "clusters", 4, 2, 8, 20, 500, { 0, 4, 1, 5 }, { 0, 1, 0, 1 }, 1000000, PATTERN, 1,
	  { { 0, 0, 3, 3, 0, RVPMU_SAMPLER_BUF_LAST } } },
	/* every event the ABI allows, 30 subsamples per sample */
	{ "max", 1, 1, 8, 240, 100, { 2 }, { 0 }, 10000000, PATTERN, 1,
	  { { 0, 0, 2, 2, 0, RVPMU_SAMPLER_BUF_LAST } } },
	/* one counter: a subsample per event; 3 harts pad the hart array */
	{ "pmu1", 3, 1, 1, 3, 2000, { 0, 1, 2 }, { 0, 0, 0 }, 10000000, PATTERN, 1,
	  { { 0, 0, 5, 6, 0, RVPMU_SAMPLER_BUF_FULL } } },
	/* known rates for the summary: period 1 ms at 10 MHz */
	{ "const", 2, 1, 2, 3, 1000, { 0, 1 }, { 0, 0 }, 10000000, CONSTANT, 2,
	  { { 0, 0, 6, 6, 0, RVPMU_SAMPLER_BUF_FULL }, { 1, 6, 4, 6, 0, RVPMU_SAMPLER_BUF_LAST } } },
	/* counts at the top of 64 bits */
	{ "huge", 2, 1, 3, 4, 85899000, { 0, 1 }, { 0, 0 }, 10000000, HUGE, 1,
	  { { 0, 0, 2, 2, 0, RVPMU_SAMPLER_BUF_LAST } } },
	/* something to look at: 4 harts, 2 clusters, smooth rates, a loss */
	{ "wave", 4, 2, 3, 6, 3000, { 0, 2, 1, 3 }, { 0, 1, 0, 1 }, 10000000, WAVE, 3,
	  { { 0, 0, 60, 60, 0, RVPMU_SAMPLER_BUF_FULL }, { 1, 70, 60, 60, 0, RVPMU_SAMPLER_BUF_FULL },
	    { 2, 130, 30, 60, 0, RVPMU_SAMPLER_BUF_LAST } } },
	/* 20000 samples, flat but for one: the plot must thin it, keeping the peak */
	{ "long", 1, 1, 1, 1, 100, { 0 }, { 0 }, 10000000, SPIKE, 1,
	  { { 0, 0, 20000, 20000, 0, RVPMU_SAMPLER_BUF_LAST } } },
	/* a buffer being filled that has no sample yet */
	{ "empty", 2, 1, 2, 2, 3000, { 0, 1 }, { 0, 0 }, 10000000, PATTERN, 1,
	  { { 0, 0, 0, 4, 0, RVPMU_SAMPLER_BUF_FILLING } } },
};

/* Event e of a shape: a rotation through each kind of event_idx. */
static struct rvpmu_sampler_event event_of(uint32_t e)
{
	static const uint32_t idx[5] = { 0x1, 0x2, 0x10019, 0xF0005, 0x20000 };
	struct rvpmu_sampler_event ev = { idx[e % 5], 0, 0 };

	if (ev.event_idx == 0x20000)
		ev.event_data = 0x1234 + e;
	return ev;
}

static uint64_t value(const struct shape *s, uint64_t n, uint32_t e, uint32_t p)
{
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
	case WAVE:	/* a rate per event, harts out of phase */
		return (uint64_t)((30000000.0 / (e + 1)) * (1.2 + sin(n / 9.0 + p * 0.8 + e)));
	default:
		return (n + 1) * 1000000 + e * 1000u + p;
	}
}

static void put(uint8_t *p, uint64_t v, unsigned int bytes)
{
	for (unsigned int i = 0; i < bytes; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

#define H(field) offsetof(struct rvpmu_sampler_header, field)

static uint64_t pad8(uint64_t v)
{
	return (v + 7) & ~(uint64_t)7;
}

static uint32_t header_size(const struct shape *s)
{
	return (uint32_t)(sizeof(struct rvpmu_sampler_header) + 2 * pad8(4 * s->nr_harts) +
			  sizeof(struct rvpmu_sampler_event) * s->nr_events);
}

static uint32_t nr_sub(const struct shape *s)
{
	return (s->nr_events + s->nr_pmu - 1) / s->nr_pmu;
}

static uint64_t sample_size(const struct shape *s)
{
	return RVPMU_SAMPLER_SUBSAMPLE_SIZE(s->nr_pmu, s->nr_harts) * nr_sub(s);
}

static uint64_t buf_size(const struct shape *s, const struct gbuf *b)
{
	return header_size(s) + b->capacity * sample_size(s) + b->gap;
}

/* Write buffer b of shape s at p (zeroed, buf_size bytes). */
static void write_buf(const struct shape *s, const struct gbuf *b, uint8_t *p)
{
	uint32_t hs = header_size(s), ns = nr_sub(s), h = s->nr_harts;
	uint64_t ss = RVPMU_SAMPLER_SUBSAMPLE_SIZE(s->nr_pmu, h);
	uint8_t *arr = p + sizeof(struct rvpmu_sampler_header);

	put(p + H(magic), RVPMU_SAMPLER_BUF_MAGIC, 4);
	put(p + H(version), RVPMU_SAMPLER_VERSION, 2);
	put(p + H(header_size), hs, 2);
	put(p + H(state), b->state, 4);
	put(p + H(buffer_index), b->index, 4);
	put(p + H(buffer_size), buf_size(s, b), 8);
	put(p + H(nr_harts), h, 4);
	put(p + H(nr_clusters), s->nr_clusters, 4);
	put(p + H(nr_pmu), s->nr_pmu, 4);
	put(p + H(nr_events), s->nr_events, 4);
	put(p + H(nr_subsamples), ns, 4);
	put(p + H(subsample_size), ss, 4);
	put(p + H(sample_size), ss * ns, 4);
	put(p + H(period_us), s->period_us, 4);
	put(p + H(timebase_hz), s->timebase, 8);
	put(p + H(t0), 5000000, 8);
	put(p + H(period_ticks), s->timebase / 1000000 * s->period_us, 8);
	put(p + H(first_sample), b->first, 8);
	put(p + H(nr_samples), b->nr, 4);
	put(p + H(capacity), b->capacity, 4);
	for (uint32_t i = 0; i < h; i++) {
		put(arr + 4 * i, s->harts[i], 4);
		put(arr + pad8(4 * h) + 4 * i, s->clusters[i], 4);
	}
	for (uint32_t e = 0; e < s->nr_events; e++) {
		struct rvpmu_sampler_event ev = event_of(e);
		uint8_t *q = arr + 2 * pad8(4 * h) + 16 * e;

		put(q, ev.event_idx, 4);
		put(q + 8, ev.event_data, 8);
	}
	for (uint32_t n = 0; n < b->nr; n++)
		for (uint32_t sub = 0; sub < ns; sub++) {
			uint8_t *q = p + hs + n * ss * ns + sub * ss;
			uint64_t run_n = b->first + n;

			for (uint32_t i = 0; i < h; i++) {
				put(q + 4 * i, 0x100 * (i + 1) + run_n, 4);
				put(q + 4 * (h + i), 0xc0de0000u + i, 4);
				for (uint32_t j = 0; j < s->nr_pmu; j++) {
					uint32_t e = sub * s->nr_pmu + j;

					if (e < s->nr_events)	/* else the null event: 0 */
						put(q + 8 * h + 8 * (j * h + i),
						    value(s, run_n, e, i), 8);
				}
				put(q + 8 * h + 8 * (s->nr_pmu * h + i),
				    7000000 + run_n * 1000 + sub * 10 + i, 8);
			}
		}
}

/* The whole file of shape s: buffers back to back, in file order. */
static uint8_t *build(const struct shape *s, size_t *size, size_t *at)
{
	uint8_t *p;
	size_t n = 0;

	for (uint32_t i = 0; i < s->nr_bufs; i++)
		n += buf_size(s, &s->bufs[i]);
	p = calloc(1, n);
	if (!p)
		exit(3);
	n = 0;
	for (uint32_t i = 0; i < s->nr_bufs; i++) {
		if (at)
			at[i] = n;
		write_buf(s, &s->bufs[i], p + n);
		n += buf_size(s, &s->bufs[i]);
	}
	*size = n;
	return p;
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

#define ARR	sizeof(struct rvpmu_sampler_header)	/* hart[0] */

static const struct bad bads[] = {
	{ "magic", 0, H(magic), 4, 0x12345678, "offset 0 \\(0x0\\): bad magic 0x12345678" },
	{ "magic2", 1, H(magic), 4, 0, "bad magic 0x00000000" },
	{ "version", 0, H(version), 2, 2, "version 2" },
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
	{ "t0", 1, H(t0), 8, 1, "t0 1 differs" },
	{ "ticks", 2, H(period_ticks), 8, 1234, "period_ticks 1234 differs" },
	{ "period-other", 1, H(period_us), 4, 2000, "period_us 2000 differs" },
	{ "harts-order", 2, ARR, 4, 9, "hart order differs" },
	{ "cluster-other", 1, ARR + 8, 4, 1, "cluster array differs" },
	{ "events-other", 2, ARR + 16, 4, 2, "event list differs" },
	{ "overlap", 2, H(first_sample), 8, 1, "overlap" },
};

static void corrupt(const char *dir)
{
	const struct shape *s = &shapes[1];	/* "three" */
	size_t n, at[4];
	uint8_t *base = build(s, &n, at), *p = malloc(n + 8);
	char path[512];
	FILE *list;

	snprintf(path, sizeof(path), "%s/corrupt.list", dir);
	list = fopen(path, "w");
	if (!p || !list)
		exit(3);
	for (size_t i = 0; i < sizeof(bads) / sizeof(bads[0]); i++) {
		const struct bad *b = &bads[i];
		size_t off = at[b->buf] + b->field;

		memcpy(p, base, n);
		if (!strcmp(b->name, "padding"))	/* sample 0's last subsample, slot 1, hart 7 */
			off = at[b->buf] + header_size(s) +
			      RVPMU_SAMPLER_SUBSAMPLE_SIZE(s->nr_pmu, s->nr_harts) +
			      8 * s->nr_harts + 8 * (1 * s->nr_harts + 1);
		put(p + off, b->value, b->bytes);
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
	fclose(list);
	free(base);
	free(p);
}

int main(int argc, char **argv)
{
	if (argc != 3)
		goto usage;
	if (!strcmp(argv[1], "corrupt")) {
		corrupt(argv[2]);
		return 0;
	}
	if (strcmp(argv[1], "valid") && strcmp(argv[1], "seeds"))
		goto usage;
	for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
		size_t n;
		uint8_t *p;

		if (argv[1][0] == 's' && !strcmp(shapes[i].name, "long"))
			continue;	/* 480 KB would slow every fuzz run */
		p = build(&shapes[i], &n, NULL);

		save(argv[2], "", shapes[i].name, p, n);
		free(p);
	}
	return 0;
usage:
	fprintf(stderr, "usage: report-gen valid|corrupt|seeds DIR\n");
	return 2;
}
