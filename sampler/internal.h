/* SPDX-License-Identifier: BSD-2-Clause */
/* sampler/internal.h - shared by the sampler's own files; not an API. */
#ifndef RVPMU_SAMPLER_INTERNAL_H
#define RVPMU_SAMPLER_INTERNAL_H

#include "sampler.h"

/*
 * A counter for every event of every group (events[0..nr_events) in
 * groups of nr_pmu), distinct within each group: greedy, lowest first,
 * preferring counters an earlier group already took so that the run
 * holds as few as it can; each group's hpm events first, then its
 * firmware events (the order of struct rvpmu_sampler's p). reserving:
 * only counters free now (rvpmu_reservable), else every counter that can
 * count the event (rvpmu_sampler_capable). ctr (optional): the counters,
 * in that order. Returns the counters, 0 when some group cannot be served.
 */
uint64_t rvpmu_sampler_fit(const struct rvpmu_hart *pmu, const struct rvpmu_sampler_event *ev,
			   uint32_t nr_events, uint32_t nr_pmu, bool reserving, uint8_t *ctr);
bool rvpmu_sampler_addr(rvpmu_ulong lo, rvpmu_ulong hi, uint64_t *pa);
long rvpmu_sampler_mem_ok(const struct rvpmu_sampler *s, uint64_t pa, uint64_t size,
			  bool write);
uint64_t rvpmu_sampler_buf_data(const struct rvpmu_sampler *s, unsigned int b);
void rvpmu_sampler_write_header(struct rvpmu_sampler *s, unsigned int b, uint32_t state,
				uint32_t nr_samples);
void rvpmu_sampler_header_t0(struct rvpmu_sampler *s, unsigned int b);
void rvpmu_sampler_header_update(struct rvpmu_sampler *s, unsigned int b,
				 uint32_t state, uint32_t nr_samples);
void rvpmu_sampler_zero(struct rvpmu_sampler *s, uint64_t pa, uint64_t len);
uint64_t rvpmu_sampler_samples(struct rvpmu_sampler *s);
/* START (launch, headers written) lets go of the hold prepare put on the
   run's counts; false when no hart is left in it: the run has ended. */
bool rvpmu_sampler_unhold(struct rvpmu_sampler *s);
/* s->fills: the fill being opened, and whether none was free */
#define FILLS_NONE_FREE	1u
#define FILLS_OPENING	2u
#define FILLS_SHIFT	2

static inline const struct rvpmu_sampler_ops *sampler_ops(const struct rvpmu_sampler *s)
{
	return s->plat->ops;
}

static inline uint64_t sampler_now(const struct rvpmu_sampler *s)
{
	return sampler_ops(s)->mtime(s->plat->ctx);
}

static inline void sampler_put(struct rvpmu_sampler *s, uint64_t pa, const void *v,
			       unsigned long len)
{
	s->plat->mem->write(s->plat->ctx, pa, v, len);
}

/* Where M-mode stores to S-mode address pa of a checked range (linear over
   each buffer), NULL when only mem->write reaches it. */
static inline uint8_t *sampler_reach(const struct rvpmu_sampler *s, uint64_t pa)
{
	const struct rvpmu_sampler_platform *p = s->plat;

	return p->direct ? (uint8_t *)p->direct(p->ctx, pa) : 0;
}

/* The i-th hart of the set, in the data's order. */
static inline struct rvpmu_sampler_hart *sampler_hart_at(const struct rvpmu_sampler *s,
							 uint32_t i)
{
	return sampler_ops(s)->hart(s->plat->ctx, s->plat->order[s->pos[i]]);
}

/* A hart that ticks before START has chosen t0 looks again this much
   later; t0 is at least twice that far from the launch, so every hart has
   seen it in time. */
static inline uint64_t sampler_retry_ticks(const struct rvpmu_sampler *s)
{
	uint64_t r = s->plat->lead_ticks / 4;

	return r ? r : 1;
}

static inline uint64_t sampler_launch_lead(const struct rvpmu_sampler *s)
{
	return 2 * sampler_retry_ticks(s) + 1;
}
#endif
