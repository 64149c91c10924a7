/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * core/hw.h - the PMU core's one fast path to the hardware: the contract
 * of what a platform may provide inline. The core calls these and nothing
 * else on its hot paths (start, stop, the sampler's group switch); its
 * setup and rare paths use struct rvpmu_hw_ops directly.
 *
 * One switch selects the implementation: a build that defines
 * RVPMU_HW_PLATFORM puts a header named "rvpmu_hw_platform.h" on its
 * include path, which defines every function below with the meaning given
 * here (the firmware's reaches the CSRs, the simulated hart's its model);
 * without it, each goes through the hart's struct rvpmu_hw_ops and
 * struct rvpmu_mem_ops. Nothing else in the core knows which it got.
 *
 * All run on the hart that owns h (they touch its CSRs). Counter numbers
 * are hardware numbers: 0 mcycle, 2 minstret, 3..31 mhpmcounterN, and
 * only counters that exist are named. Values are 64 bits on both XLENs.
 *
 *   uint64_t rvpmu_hw_read(h, ctr)          the counter's value
 *   void rvpmu_hw_write(h, ctr, v)          set it
 *   void rvpmu_hw_program(h, ctr, ev)       mhpmeventN := ev (N >= 3; with
 *                                           the Sscofpmf bits [63:56])
 *   uint64_t rvpmu_hw_swap_event(h, ctr, ev) the same, answering the old
 *                                           value (only with Sscofpmf)
 *   bool rvpmu_hw_overflowed(h, ctr)        mhpmeventN.OF (only with Sscofpmf)
 *   void rvpmu_hw_inhibit(h, mask, on)      set (on) or clear mcountinhibit's
 *                                           bits in mask (hardware counters)
 *   uint64_t rvpmu_hw_cycles(h)             mcycle
 *   void rvpmu_hw_filter_fixed(h, ctr, cfg) mcyclecfg (ctr 0) or minstretcfg
 *                                           (ctr 2) := cfg, the xINH bits
 *                                           62..58 (only with Smcntrpmf,
 *                                           only while ctr is inhibited:
 *                                           struct rvpmu_hw_ops filter_fixed)
 *   bool rvpmu_hw_holds_overflow(h, ctr, ev, v)
 *                                           whether starting ctr from v
 *                                           leaves its next overflow held
 *                                           back (struct rvpmu_hw_ops
 *                                           holds_overflow; false if none)
 *   bool rvpmu_hw_counts_while_inhibited(h, ctr, ev)
 *                                           whether ctr, counting ev, keeps
 *                                           counting while inhibited and
 *                                           reads stale once stopped
 *                                           (struct rvpmu_hw_ops
 *                                           counts_while_inhibited; true
 *                                           if none)
 *   uint32_t rvpmu_hw_asid(h)               satp.ASID S-mode runs with now
 *                                           (the sampler's CID1; 0 if the
 *                                           platform cannot tell)
 *   void rvpmu_mem_write64(h, pa, v)        one aligned 8-byte store to
 *                                           S-mode memory the caller checked
 *
 * and, optional (a platform header that has it also defines
 * RVPMU_HW_MTIME; without it the sampler calls its ops' mtime):
 *
 *   uint64_t rvpmu_hw_mtime(h)              mtime now, as the sampler's
 *                                           struct rvpmu_sampler_ops mtime
 *                                           reads it (the switch's window
 *                                           stamp)
 *
 * and the sampler's group accesses (core/group.c), on hpm counters that
 * are stopped or about to be, never on 0..2 (n > 0):
 *
 *   void rvpmu_hw_read_list(h, ctr, n, dst, off)
 *       each counter ctr[j] read while it runs: its count (the value less
 *       its group base, RVPMU_GROUP_BASE for a 64-bit counter) to
 *       dst + off[j], then its mhpmevent 0;
 *   uint32_t rvpmu_hw_load_list(h, ctr, ev, n)
 *       counter ctr[j] (mhpmevent 0) gets ev[j] (its Sscofpmf bits dropped
 *       without Sscofpmf) and then its group base; answers the counters as
 *       an mcountinhibit mask;
 *   void rvpmu_hw_read_seq(h, n, dst, off), void rvpmu_hw_load_seq(h, ev, n)
 *       the same for counters 3, 4, .. 3 + n - 1 (a group laid out in
 *       order: a platform may unroll it), load_seq from the highest
 *       counter down (the order matters where the first counter given an
 *       event owns it, as on QEMU: core/group.c gives events back in the
 *       load's order), called only on a hart for which
 *   bool rvpmu_hw_seq_ok(h)
 *       answers true (the core uses the list accesses elsewhere).
 *
 * A platform's list accesses may fall back on the core's own loops,
 * rvpmu_group_read_each and rvpmu_group_load_each (below), for harts their
 * fast version does not fit (other counter widths, say); a platform with
 * no faster group accesses at all includes core/hw_each.h, as the
 * ops-table defaults here do.
 */
#ifndef RVPMU_CORE_HW_H
#define RVPMU_CORE_HW_H

#include "pmu.h"
#include "reserve.h"

/* The group accesses one counter at a time through the functions above
   (core/group.c): read_list's and load_list's meaning, for any hart. */
void rvpmu_group_read_each(const struct rvpmu_hart *h, const uint8_t *ctr, unsigned long n,
			   uint8_t *dst, const uint32_t *off);
uint32_t rvpmu_group_load_each(const struct rvpmu_hart *h, const uint8_t *ctr,
			       const uint64_t *ev, unsigned long n);
/* 3, 4, .. 31: the counters of a group laid out in order. */
extern const uint8_t rvpmu_seq_ctr[RVPMU_GROUP_MAX];

#ifdef RVPMU_HW_PLATFORM
#include "rvpmu_hw_platform.h"
#else

static inline uint64_t rvpmu_hw_read(const struct rvpmu_hart *h, unsigned long ctr)
{
	return h->cfg->hw->read(h->ctx, ctr);
}

static inline void rvpmu_hw_write(const struct rvpmu_hart *h, unsigned long ctr, uint64_t v)
{
	h->cfg->hw->write(h->ctx, ctr, v);
}

static inline void rvpmu_hw_program(const struct rvpmu_hart *h, unsigned long ctr, uint64_t ev)
{
	h->cfg->hw->program(h->ctx, ctr, ev);
}

static inline uint64_t rvpmu_hw_swap_event(const struct rvpmu_hart *h, unsigned long ctr,
					   uint64_t ev)
{
	return h->cfg->hw->swap_event(h->ctx, ctr, ev);
}

static inline bool rvpmu_hw_overflowed(const struct rvpmu_hart *h, unsigned long ctr)
{
	return h->cfg->hw->overflowed(h->ctx, ctr);
}

static inline void rvpmu_hw_inhibit(const struct rvpmu_hart *h, uint64_t mask, bool on)
{
	h->cfg->hw->inhibit(h->ctx, (uint32_t)mask, on);
}

static inline uint64_t rvpmu_hw_cycles(const struct rvpmu_hart *h)
{
	return rvpmu_hw_read(h, 0);
}

static inline void rvpmu_hw_filter_fixed(const struct rvpmu_hart *h, unsigned long ctr,
					 uint64_t cfg)
{
	h->cfg->hw->filter_fixed(h->ctx, (unsigned int)ctr, cfg);
}

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
	return h->cfg->hw->asid ? h->cfg->hw->asid(h->ctx) : 0;
}

static inline void rvpmu_mem_write64(const struct rvpmu_hart *h, uint64_t addr, uint64_t v)
{
	h->cfg->mem->write(h->ctx, addr, &v, sizeof(v));
}

#include "hw_each.h"

#endif
#endif
