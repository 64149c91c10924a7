/* SPDX-License-Identifier: BSD-2-Clause */
/* tests/report/write.c - see write.h. */
#include <stdlib.h>

#include "write.h"

/* Event e of a shape: a rotation through each kind of event_idx. */
static struct rvpmu_sampler_event event_of(uint32_t e)
{
	static const uint32_t idx[5] = { 0x1, 0x2, 0x10019, 0xF0005, 0x20000 };
	struct rvpmu_sampler_event ev = { idx[e % 5], 0, 0 };

	if (ev.event_idx == 0x20000)
		ev.event_data = 0x1234 + e;
	return ev;
}

void gen_put(uint8_t *p, uint64_t v, unsigned int bytes)
{
	for (unsigned int i = 0; i < bytes; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

#define H(field) offsetof(struct rvpmu_sampler_header, field)

static uint64_t pad8(uint64_t v)
{
	return (v + 7) & ~(uint64_t)7;
}

uint32_t gen_header_size(const struct shape *s)
{
	return (uint32_t)(sizeof(struct rvpmu_sampler_header) + 2 * pad8(4 * s->nr_harts) +
			  sizeof(struct rvpmu_sampler_event) * s->nr_events);
}

static uint32_t nr_sub(const struct shape *s)
{
	return (s->nr_events + s->nr_pmu - 1) / s->nr_pmu;
}

/* The shape's layout: 0 is version 1's first */
static uint32_t layout(const struct shape *s)
{
	return s->version ? s->version : RVPMU_SAMPLER_V1_LAYOUT;
}

uint64_t gen_subsample_size(const struct shape *s)
{
	if (layout(s) == RVPMU_SAMPLER_LAYOUT)
		return RVPMU_SAMPLER_SUBSAMPLE_SIZE(s->nr_pmu, s->nr_harts);
	return RVPMU_SAMPLER_V1_SUBSAMPLE_SIZE(layout(s), s->nr_pmu, s->nr_harts);
}

uint64_t gen_cycles_at(const struct shape *s, uint32_t pos)
{
	return 8 * (uint64_t)s->nr_harts + 8 * ((uint64_t)s->nr_pmu * s->nr_harts + pos);
}

static uint64_t sample_size(const struct shape *s)
{
	return gen_subsample_size(s) * nr_sub(s);
}

static uint64_t buf_size(const struct shape *s, const struct gbuf *b)
{
	return gen_header_size(s) + b->capacity * sample_size(s) + b->gap;
}

/* Write buffer b of shape s at p (zeroed, buf_size bytes). */
static void write_buf(const struct shape *s, const struct gbuf *b, uint8_t *p,
		      gen_value_fn value, void *ctx)
{
	uint32_t hs = gen_header_size(s), ns = nr_sub(s), h = s->nr_harts;
	uint64_t ss = gen_subsample_size(s), ticks, t0 = s->t0 ? s->t0 : 5000000;
	uint8_t *arr = p + sizeof(struct rvpmu_sampler_header);

	ticks = s->ticks ? s->ticks : s->timebase / 1000000 * s->period_us;
	gen_put(p + H(magic), RVPMU_SAMPLER_BUF_MAGIC, 4);
	gen_put(p + H(version), layout(s), 2);
	gen_put(p + H(header_size), hs, 2);
	gen_put(p + H(state), b->state, 4);
	gen_put(p + H(buffer_index), b->index, 4);
	gen_put(p + H(buffer_size), buf_size(s, b), 8);
	gen_put(p + H(nr_harts), h, 4);
	gen_put(p + H(nr_clusters), s->nr_clusters, 4);
	gen_put(p + H(nr_pmu), s->nr_pmu, 4);
	gen_put(p + H(nr_events), s->nr_events, 4);
	gen_put(p + H(nr_subsamples), ns, 4);
	gen_put(p + H(subsample_size), ss, 4);
	gen_put(p + H(sample_size), ss * ns, 4);
	gen_put(p + H(period_us), s->period_us, 4);
	gen_put(p + H(timebase_hz), s->timebase, 8);
	gen_put(p + H(t0), t0, 8);
	gen_put(p + H(period_ticks), ticks, 8);
	gen_put(p + H(first_sample), b->first, 8);
	gen_put(p + H(nr_samples), b->nr, 4);
	gen_put(p + H(capacity), b->capacity, 4);
	for (uint32_t i = 0; i < h; i++) {
		gen_put(arr + 4 * i, s->harts[i], 4);
		gen_put(arr + pad8(4 * h) + 4 * i, s->clusters[i], 4);
	}
	for (uint32_t e = 0; e < s->nr_events; e++) {
		struct rvpmu_sampler_event ev = s->events ? s->events[e] : event_of(e);
		uint8_t *q = arr + 2 * pad8(4 * h) + 16 * e;

		gen_put(q, ev.event_idx, 4);
		gen_put(q + 8, ev.event_data, 8);
	}
	for (uint32_t n = 0; n < b->nr; n++)
		for (uint32_t sub = 0; sub < ns; sub++) {
			uint8_t *q = p + hs + n * ss * ns + sub * ss;
			uint64_t run_n = b->first + n, k = run_n * ns + sub;

			for (uint32_t i = 0; i < h; i++) {
				uint64_t word = s->window ? s->window(ctx, k, i) : ticks;

				if (layout(s) == RVPMU_SAMPLER_LAYOUT && !s->window)
					word |= RVPMU_SAMPLER_WIN_COUNTED;
				if (layout(s) == RVPMU_SAMPLER_LAYOUT &&
				    !(word & RVPMU_SAMPLER_WIN_COUNTED)) {
					/* not written by the hart: stale, but its word */
					gen_put(q + 4 * i, GEN_STALE32, 4);
					gen_put(q + 4 * (h + i), GEN_STALE32, 4);
					for (uint32_t j = 0; j < s->nr_pmu + 2; j++)
						gen_put(q + 8 * h + 8 * (j * h + i), GEN_STALE, 8);
					gen_put(q + gen_cycles_at(s, i) + 16 * h, word, 8);
					continue;
				}
				gen_put(q + 4 * i, 0x100 * (i + 1) + run_n, 4);
				gen_put(q + 4 * (h + i), 0xc0de0000u + i, 4);
				for (uint32_t j = 0; j < s->nr_pmu; j++) {
					uint32_t e = sub * s->nr_pmu + j;

					if (e < s->nr_events)	/* else the null event: 0 */
						gen_put(q + 8 * h + 8 * (j * h + i),
						    value(ctx, run_n, e, i), 8);
				}
				gen_put(q + gen_cycles_at(s, i), s->cycles ? s->cycles(ctx, k, i) :
					7000000 + run_n * 1000 + sub * 10 + i, 8);
				/* the mtime slot follows the cycles slots; wrapping is data too */
				if (layout(s) >= RVPMU_SAMPLER_V1_LAYOUT_MTIME)
					gen_put(q + gen_cycles_at(s, i) + 8 * h,
						s->mtime ? s->mtime(ctx, k, i) : t0 + k * ticks, 8);
				if (layout(s) >= RVPMU_SAMPLER_V1_LAYOUT_WINDOW)
					gen_put(q + gen_cycles_at(s, i) + 16 * h, word, 8);
			}
		}
}

uint8_t *gen_build(const struct shape *s, size_t *size, size_t *at, gen_value_fn value, void *ctx)
{
	uint8_t *p;
	size_t n = 0;

	for (uint32_t i = 0; i < s->nr_bufs; i++)
		n += buf_size(s, &s->bufs[i]);
	p = calloc(1, n ? n : 1);
	if (!p)
		return NULL;
	n = 0;
	for (uint32_t i = 0; i < s->nr_bufs; i++) {
		if (at)
			at[i] = n;
		write_buf(s, &s->bufs[i], p + n, value, ctx);
		n += buf_size(s, &s->bufs[i]);
	}
	*size = n;
	return p;
}

