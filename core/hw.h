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
 *   uint64_t rvpmu_hw_clock_ns(h)           the ops' clock_ns (parked
 *                                           counters; only where it is)
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

/**
 * rvpmu_group_read_each() - read a group's hpm counters, one at a time
 * @h: the hart
 * @ctr: the counters: hpm counters (3..31) that run
 * @n: how many counters @ctr holds
 * @dst: where the counts go
 * @off: the byte offset in @dst of each counter's count (8-byte aligned)
 *
 * rvpmu_hw_read_list()'s meaning, through the functions above
 * (core/group.c), for a hart of any shape: counter ctr[j], read while it
 * runs, has its count (its value less its group base) stored at
 * @dst + off[j], then gets mhpmevent 0. A platform's list accesses may
 * fall back on it for harts their fast version does not fit.
 *
 * Context: The hart that owns @h (touches its CSRs).
 */
void rvpmu_group_read_each(const struct rvpmu_hart *h, const uint8_t *ctr, unsigned long n,
			   uint8_t *dst, const uint32_t *off);

/**
 * rvpmu_group_load_each() - load a group's hpm counters, one at a time
 * @h: the hart
 * @ctr: the counters: stopped hpm counters (3..31) with mhpmevent 0
 * @ev: the mhpmevent each counter gets
 * @n: how many counters @ctr holds
 *
 * rvpmu_hw_load_list()'s meaning, through the functions above
 * (core/group.c), for a hart of any shape: counter ctr[j] gets ev[j] (its
 * Sscofpmf bits [63:56] dropped on a hart without Sscofpmf), then its
 * group base (RVPMU_GROUP_BASE for a 64-bit counter). Starts nothing.
 *
 * Context: The hart that owns @h (touches its CSRs).
 * Return: the counters as an mcountinhibit mask.
 */
uint32_t rvpmu_group_load_each(const struct rvpmu_hart *h, const uint8_t *ctr,
			       const uint64_t *ev, unsigned long n);
/* 3, 4, .. 31: the counters of a group laid out in order. */
extern const uint8_t rvpmu_seq_ctr[RVPMU_GROUP_MAX];

#ifdef RVPMU_HW_PLATFORM
#include "rvpmu_hw_platform.h"
#else

/**
 * rvpmu_hw_read() - read a hardware counter
 * @h: the hart
 * @ctr: the hardware counter (0 mcycle, 2 minstret, 3..31), one that exists
 *
 * The default without RVPMU_HW_PLATFORM, as every function below: through
 * the hart's struct rvpmu_hw_ops (here its read).
 *
 * Context: The hart that owns @h (touches its CSRs).
 * Return: the counter's value, 64 bits on both XLENs.
 */
static inline uint64_t rvpmu_hw_read(const struct rvpmu_hart *h, unsigned long ctr)
{
	return h->cfg->hw->read(h->ctx, ctr);
}

/**
 * rvpmu_hw_write() - set a hardware counter
 * @h: the hart
 * @ctr: the hardware counter (0, 2, 3..31), one that exists
 * @v: its new value (64 bits on both XLENs)
 *
 * Context: The hart that owns @h (touches its CSRs).
 */
static inline void rvpmu_hw_write(const struct rvpmu_hart *h, unsigned long ctr, uint64_t v)
{
	h->cfg->hw->write(h->ctx, ctr, v);
}

/**
 * rvpmu_hw_program() - write an hpm counter's mhpmevent
 * @h: the hart
 * @ctr: the hpm counter (3..31), one that exists
 * @ev: mhpmeventN's new value, with the Sscofpmf bits [63:56]
 *
 * Context: The hart that owns @h (touches its CSRs).
 */
static inline void rvpmu_hw_program(const struct rvpmu_hart *h, unsigned long ctr, uint64_t ev)
{
	h->cfg->hw->program(h->ctx, ctr, ev);
}

/**
 * rvpmu_hw_swap_event() - write an hpm counter's mhpmevent, answering the old
 * @h: the hart, one with Sscofpmf (only called there)
 * @ctr: the hpm counter (3..31), one that exists
 * @ev: mhpmeventN's new value, with the Sscofpmf bits [63:56]
 *
 * As rvpmu_hw_program(), as one swap: stop learns whether the hardware
 * set OF as it sets OF itself.
 *
 * Context: The hart that owns @h (touches its CSRs).
 * Return: mhpmeventN's previous value; its bit 63 (OF) is right on RV32 too.
 */
static inline uint64_t rvpmu_hw_swap_event(const struct rvpmu_hart *h, unsigned long ctr,
					   uint64_t ev)
{
	return h->cfg->hw->swap_event(h->ctx, ctr, ev);
}

/**
 * rvpmu_hw_overflowed() - whether an hpm counter has overflowed
 * @h: the hart, one with Sscofpmf (only called there)
 * @ctr: the hpm counter (3..31), one that exists
 *
 * Context: The hart that owns @h (touches its CSRs).
 * Return: mhpmeventN.OF.
 */
static inline bool rvpmu_hw_overflowed(const struct rvpmu_hart *h, unsigned long ctr)
{
	return h->cfg->hw->overflowed(h->ctx, ctr);
}

/**
 * rvpmu_hw_inhibit() - stop or run hardware counters
 * @h: the hart
 * @mask: the hardware counters, as mcountinhibit bits
 * @on: true to set those bits of mcountinhibit (stop), false to clear them
 *
 * Context: The hart that owns @h (touches its CSRs).
 */
static inline void rvpmu_hw_inhibit(const struct rvpmu_hart *h, uint64_t mask, bool on)
{
	h->cfg->hw->inhibit(h->ctx, (uint32_t)mask, on);
}

/**
 * rvpmu_hw_cycles() - read mcycle
 * @h: the hart
 *
 * Context: The hart that owns @h (touches its CSRs).
 * Return: mcycle now.
 */
static inline uint64_t rvpmu_hw_cycles(const struct rvpmu_hart *h)
{
	return rvpmu_hw_read(h, 0);
}

/**
 * rvpmu_hw_filter_fixed() - set a fixed counter's mode filter (Smcntrpmf)
 * @h: the hart, one with Smcntrpmf (only called there)
 * @ctr: 0 for mcyclecfg, 2 for minstretcfg; the counter is inhibited
 * @cfg: the new value: only the xINH bits 62..58
 *
 * Called only while @ctr is inhibited: hardware may count a filtered
 * counter from another base than an unfiltered one (struct rvpmu_hw_ops
 * filter_fixed), so a change while it runs can make it jump.
 *
 * Context: The hart that owns @h (touches its CSRs).
 */
static inline void rvpmu_hw_filter_fixed(const struct rvpmu_hart *h, unsigned long ctr,
					 uint64_t cfg)
{
	h->cfg->hw->filter_fixed(h->ctx, (unsigned int)ctr, cfg);
}

/**
 * rvpmu_hw_holds_overflow() - whether a start holds the next overflow back
 * @h: the hart
 * @ctr: the hpm counter (3..31) about to start
 * @ev: the mhpmevent it counts
 * @v: the value it starts from
 *
 * The platform's struct rvpmu_hw_ops holds_overflow: hardware that fakes
 * overflow with a timer may keep a left-over that swallows the next
 * expiry (QEMU 7.2).
 *
 * Context: The hart that owns @h (touches its CSRs).
 * Return: true when starting @ctr from @v leaves its next overflow
 *         interrupt held back; false when the platform has no
 *         holds_overflow.
 */
static inline bool rvpmu_hw_holds_overflow(const struct rvpmu_hart *h, unsigned long ctr,
					   uint64_t ev, uint64_t v)
{
	const struct rvpmu_hw_ops *hw = h->cfg->hw;

	return hw->holds_overflow && hw->holds_overflow(h->ctx, ctr, ev, v);
}

/**
 * rvpmu_hw_counts_while_inhibited() - whether a counter reads stale stopped
 * @h: the hart
 * @ctr: the hardware counter (0, 2, 3..31)
 * @ev: the mhpmevent it counts (0 for the fixed counters)
 *
 * The platform's struct rvpmu_hw_ops counts_while_inhibited (QEMU 7.2's
 * counters of cycles and instructions, derived from its clock).
 *
 * Context: The hart that owns @h (touches its CSRs).
 * Return: true when @ctr, counting @ev, keeps counting while inhibited and
 *         reads stale once stopped (so stop must write back what it read);
 *         true when the platform has no counts_while_inhibited.
 */
static inline bool rvpmu_hw_counts_while_inhibited(const struct rvpmu_hart *h, unsigned long ctr,
						   uint64_t ev)
{
	const struct rvpmu_hw_ops *hw = h->cfg->hw;

	return !hw->counts_while_inhibited || hw->counts_while_inhibited(h->ctx, (unsigned int)ctr, ev);
}

/**
 * rvpmu_hw_asid() - the ASID S-mode runs with now
 * @h: the hart
 *
 * The sampler's CID1.
 *
 * Context: The hart that owns @h (touches its CSRs).
 * Return: satp.ASID now; 0 when the platform cannot tell (no asid op).
 */
static inline uint32_t rvpmu_hw_asid(const struct rvpmu_hart *h)
{
	return h->cfg->hw->asid ? h->cfg->hw->asid(h->ctx) : 0;
}

/**
 * rvpmu_hw_clock_ns() - the platform's clock, for parked counters
 * @h: the hart, whose hw ops have a clock_ns (the caller checked, or a
 *     counter is parked, which needs one)
 *
 * Here the ops' clock_ns; the firmware's inline form saves the call on
 * every config_matching that meets a parked counter (under perf stat,
 * one a context switch and event).
 *
 * Context: Any hart.
 * Return: the clock in ns.
 */
static inline uint64_t rvpmu_hw_clock_ns(const struct rvpmu_hart *h)
{
	return h->cfg->hw->clock_ns(h->ctx);
}

/**
 * rvpmu_mem_write64() - store 8 bytes to S-mode memory
 * @h: the hart
 * @addr: the physical address: 8-byte aligned, in a range the caller
 *        checked (struct rvpmu_mem_ops check)
 * @v: the value stored
 *
 * One aligned 8-byte store (here through the hart's struct rvpmu_mem_ops
 * write).
 *
 * Context: The hart that owns @h.
 */
static inline void rvpmu_mem_write64(const struct rvpmu_hart *h, uint64_t addr, uint64_t v)
{
	h->cfg->mem->write(h->ctx, addr, &v, sizeof(v));
}

#include "hw_each.h"

#endif
#endif
