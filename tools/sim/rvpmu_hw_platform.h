/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/sim/rvpmu_hw_platform.h - the simulated hart's side of the core's
 * fast path contract (core/hw.h): the host builds that define
 * RVPMU_HW_PLATFORM (the unit and sampler tests) reach the simulated hart
 * through these, as the firmware's build reaches its CSRs through
 * firmware/rvpmu_hw_platform.h; the others (fuzz targets, tools) go
 * through the ops table (core/hw.h's defaults), so both paths run.
 *
 * The group accesses are core/hw_each.h's, one counter at a time in the
 * firmware's order, so that the simulated hart's interruptions land where
 * the firmware's would.
 */
#ifndef SIM_RVPMU_HW_PLATFORM_H
#define SIM_RVPMU_HW_PLATFORM_H

#include "sim_hart.h"

static inline uint64_t rvpmu_hw_read(const struct rvpmu_hart *h, unsigned long ctr)
{
	return sim_hw_ops.read(h->ctx, ctr);
}

static inline void rvpmu_hw_write(const struct rvpmu_hart *h, unsigned long ctr, uint64_t v)
{
	sim_hw_ops.write(h->ctx, ctr, v);
}

static inline void rvpmu_hw_program(const struct rvpmu_hart *h, unsigned long ctr, uint64_t ev)
{
	sim_hw_ops.program(h->ctx, ctr, ev);
}

static inline uint64_t rvpmu_hw_swap_event(const struct rvpmu_hart *h, unsigned long ctr,
					   uint64_t ev)
{
	return sim_hw_ops.swap_event(h->ctx, ctr, ev);
}

static inline bool rvpmu_hw_overflowed(const struct rvpmu_hart *h, unsigned long ctr)
{
	return sim_hw_ops.overflowed(h->ctx, ctr);
}

static inline void rvpmu_hw_inhibit(const struct rvpmu_hart *h, uint64_t mask, bool on)
{
	sim_hw_ops.inhibit(h->ctx, (uint32_t)mask, on);
}

static inline uint64_t rvpmu_hw_cycles(const struct rvpmu_hart *h)
{
	return sim_hw_ops.read(h->ctx, 0);
}

static inline void rvpmu_hw_filter_fixed(const struct rvpmu_hart *h, unsigned long ctr,
					 uint64_t cfg)
{
	sim_hw_ops.filter_fixed(h->ctx, (unsigned int)ctr, cfg);
}

/* Through the hart's table: a test may give it its own property ops. */
static inline bool rvpmu_hw_holds_overflow(const struct rvpmu_hart *h, unsigned long ctr,
					   uint64_t ev, uint64_t v)
{
	const struct rvpmu_hw_ops *hw = h->cfg->hw;

	return hw->holds_overflow && hw->holds_overflow(h->ctx, ctr, ev, v);
}

static inline bool rvpmu_hw_counts_while_inhibited(const struct rvpmu_hart *h, unsigned long ctr,
						   uint64_t ev)
{
	const struct rvpmu_hw_ops *hw = h->cfg->hw;

	return !hw->counts_while_inhibited || hw->counts_while_inhibited(h->ctx, (unsigned int)ctr, ev);
}

static inline uint32_t rvpmu_hw_asid(const struct rvpmu_hart *h)
{
	return ((const struct sim_hart *)h->ctx)->asid;
}

static inline void rvpmu_mem_write64(const struct rvpmu_hart *h, uint64_t addr, uint64_t v)
{
	h->cfg->mem->write(h->ctx, addr, &v, sizeof(v));
}

#include "core/hw_each.h"

#endif
