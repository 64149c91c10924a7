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
void rvpmu_sampler_header_update(struct rvpmu_sampler *s, unsigned int b,
				 uint32_t state, uint32_t nr_samples);
void rvpmu_sampler_zero(struct rvpmu_sampler *s, uint64_t pa, uint64_t len);
uint64_t rvpmu_sampler_samples(struct rvpmu_sampler *s);
#endif
