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

/**
 * rvpmu_hw_read() - read a counter
 * @h: the hart: its ctx is its struct sim_hart
 * @ctr: the counter: 0 mcycle, 2 minstret, 3..31 mhpmcounterN
 *
 * Through sim_hw_ops (the model) whatever the hart's table, as the other
 * CSR accesses here: a counter CSR access, before which the hart may be
 * taken off its CPU (preempt_at). A counter that does not exist counts a
 * fault, as hardware would trap; with qemu_inhibit a clock-derived counter
 * reads as QEMU 7.2's does.
 *
 * Context: Host tests and tools built with RVPMU_HW_PLATFORM, on the
 *          simulated hart's thread (the one driving @h); no lock taken.
 * Return: the counter's value (0 for a counter that does not exist).
 */
static inline uint64_t rvpmu_hw_read(const struct rvpmu_hart *h, unsigned long ctr)
{
	return sim_hw_ops.read(h->ctx, ctr);
}

/**
 * rvpmu_hw_write() - set a counter
 * @h: the hart: its ctx is its struct sim_hart
 * @ctr: the counter: 0 mcycle, 2 minstret, 3..31 mhpmcounterN
 * @v: the value; the bits above the counter's width are dropped
 *
 * A counter that does not exist counts a fault and keeps nothing. With
 * qemu_inhibit and Sscofpmf, a write of at most 2^63 to a clock-derived
 * hpm counter takes the hart off its CPU for kick ticks (sim_hart.h).
 *
 * Context: Host tests and tools built with RVPMU_HW_PLATFORM, on the
 *          simulated hart's thread (the one driving @h); no lock taken.
 */
static inline void rvpmu_hw_write(const struct rvpmu_hart *h, unsigned long ctr, uint64_t v)
{
	sim_hw_ops.write(h->ctx, ctr, v);
}

/**
 * rvpmu_hw_program() - mhpmeventN := ev
 * @h: the hart: its ctx is its struct sim_hart
 * @ctr: the counter, 3..31
 * @ev: the event selector, with the Sscofpmf bits [63:56]
 *
 * Without Sscofpmf the model drops those bits; counter 0..2 or one that
 * does not exist counts a fault. With qemu_inhibit the event is mapped to
 * the counter as QEMU 7.2 maps it (sim_hart.h).
 *
 * Context: Host tests and tools built with RVPMU_HW_PLATFORM, on the
 *          simulated hart's thread (the one driving @h); no lock taken.
 */
static inline void rvpmu_hw_program(const struct rvpmu_hart *h, unsigned long ctr, uint64_t ev)
{
	sim_hw_ops.program(h->ctx, ctr, ev);
}

/**
 * rvpmu_hw_swap_event() - mhpmeventN := ev, answering the old value
 * @h: the hart: its ctx is its struct sim_hart
 * @ctr: the counter, 3..31
 * @ev: the event selector, with the Sscofpmf bits [63:56]
 *
 * As rvpmu_hw_program(); the core calls it only with Sscofpmf.
 *
 * Context: Host tests and tools built with RVPMU_HW_PLATFORM, on the
 *          simulated hart's thread (the one driving @h); no lock taken.
 * Return: mhpmeventN before the write (0 for counter 0..2 or one that
 *         does not exist).
 */
static inline uint64_t rvpmu_hw_swap_event(const struct rvpmu_hart *h, unsigned long ctr,
					   uint64_t ev)
{
	return sim_hw_ops.swap_event(h->ctx, ctr, ev);
}

/**
 * rvpmu_hw_overflowed() - whether a counter overflowed
 * @h: the hart: its ctx is its struct sim_hart
 * @ctr: the counter, 3..31
 *
 * Counter 0..2 or one that does not exist counts a fault.
 *
 * Context: Host tests and tools built with RVPMU_HW_PLATFORM, on the
 *          simulated hart's thread (the one driving @h); no lock taken.
 * Return: mhpmeventN.OF; false without Sscofpmf or for a counter it
 *         faults on.
 */
static inline bool rvpmu_hw_overflowed(const struct rvpmu_hart *h, unsigned long ctr)
{
	return sim_hw_ops.overflowed(h->ctx, ctr);
}

/**
 * rvpmu_hw_inhibit() - set or clear mcountinhibit bits
 * @h: the hart: its ctx is its struct sim_hart
 * @mask: the hardware counters, a bit each (bits 32 and up are dropped)
 * @on: true: inhibit them; false: let them count
 *
 * A bit of a counter that does not exist counts a fault and is left
 * alone.
 *
 * Context: Host tests and tools built with RVPMU_HW_PLATFORM, on the
 *          simulated hart's thread (the one driving @h); no lock taken.
 */
static inline void rvpmu_hw_inhibit(const struct rvpmu_hart *h, uint64_t mask, bool on)
{
	sim_hw_ops.inhibit(h->ctx, (uint32_t)mask, on);
}

/**
 * rvpmu_hw_cycles() - read mcycle
 * @h: the hart: its ctx is its struct sim_hart
 *
 * rvpmu_hw_read() of counter 0.
 *
 * Context: Host tests and tools built with RVPMU_HW_PLATFORM, on the
 *          simulated hart's thread (the one driving @h); no lock taken.
 * Return: mcycle.
 */
static inline uint64_t rvpmu_hw_cycles(const struct rvpmu_hart *h)
{
	return sim_hw_ops.read(h->ctx, 0);
}

/**
 * rvpmu_hw_filter_fixed() - mcyclecfg or minstretcfg := cfg
 * @h: the hart: its ctx is its struct sim_hart
 * @ctr: 0 (mcyclecfg) or 2 (minstretcfg)
 * @cfg: the xINH bits 62..58; the model keeps only those
 *
 * Only with Smcntrpmf, only while @ctr is inhibited (struct rvpmu_hw_ops
 * filter_fixed). Without Smcntrpmf, or for another counter, it counts a
 * fault; a write while @ctr counts is noted in cfg_live.
 *
 * Context: Host tests and tools built with RVPMU_HW_PLATFORM, on the
 *          simulated hart's thread (the one driving @h); no lock taken.
 */
static inline void rvpmu_hw_filter_fixed(const struct rvpmu_hart *h, unsigned long ctr,
					 uint64_t cfg)
{
	sim_hw_ops.filter_fixed(h->ctx, (unsigned int)ctr, cfg);
}

/**
 * rvpmu_hw_holds_overflow() - whether a start holds an overflow back
 * @h: the hart: its ctx is its struct sim_hart
 * @ctr: the counter: 0 mcycle, 2 minstret, 3..31 mhpmcounterN
 * @ev: the event @ctr counts
 * @v: the value @ctr would start from
 *
 * Through the hart's table (h->cfg->hw), not sim_hw_ops: a test may give
 * it its own property ops. struct rvpmu_hw_ops holds_overflow.
 *
 * Context: Host tests and tools built with RVPMU_HW_PLATFORM, on the
 *          simulated hart's thread (the one driving @h); no lock taken.
 * Return: whether starting @ctr from @v leaves its next overflow held
 *         back; false if the table has no holds_overflow (sim_hw_ops has
 *         none).
 */
static inline bool rvpmu_hw_holds_overflow(const struct rvpmu_hart *h, unsigned long ctr,
					   uint64_t ev, uint64_t v)
{
	const struct rvpmu_hw_ops *hw = h->cfg->hw;

	return hw->holds_overflow && hw->holds_overflow(h->ctx, ctr, ev, v);
}

/**
 * rvpmu_hw_counts_while_inhibited() - whether an inhibited counter still counts
 * @h: the hart: its ctx is its struct sim_hart
 * @ctr: the counter: 0 mcycle, 2 minstret, 3..31 mhpmcounterN
 * @ev: the event @ctr counts
 *
 * Through the hart's table (h->cfg->hw), not sim_hw_ops: a test may give
 * it its own property ops. struct rvpmu_hw_ops counts_while_inhibited.
 *
 * Context: Host tests and tools built with RVPMU_HW_PLATFORM, on the
 *          simulated hart's thread (the one driving @h); no lock taken.
 * Return: whether @ctr, counting @ev, keeps counting while inhibited and
 *         reads stale once stopped (sim_hw_ops: with qemu_inhibit, for
 *         counters 0..2 and the cycles and instructions events); true if
 *         the table has no counts_while_inhibited.
 */
static inline bool rvpmu_hw_counts_while_inhibited(const struct rvpmu_hart *h, unsigned long ctr,
						   uint64_t ev)
{
	const struct rvpmu_hw_ops *hw = h->cfg->hw;

	return !hw->counts_while_inhibited || hw->counts_while_inhibited(h->ctx, (unsigned int)ctr, ev);
}

/**
 * rvpmu_hw_asid() - the ASID S-mode runs with now
 * @h: the hart: its ctx is its struct sim_hart
 *
 * The sampler's CID1. Read from the struct sim_hart, whatever the ops
 * table.
 *
 * Context: Host tests and tools built with RVPMU_HW_PLATFORM, on the
 *          simulated hart's thread (the one driving @h); no lock taken.
 * Return: the struct sim_hart's asid (satp.ASID S-mode runs with).
 */
static inline uint32_t rvpmu_hw_asid(const struct rvpmu_hart *h)
{
	return ((const struct sim_hart *)h->ctx)->asid;
}

/**
 * rvpmu_hw_clock_ns() - the clock for parked counters
 * @h: the hart, whose hw ops have a clock_ns
 *
 * Through the ops: tests give the hart a clock of their own.
 *
 * Context: Host tests and tools built with RVPMU_HW_PLATFORM.
 * Return: the ops' clock_ns.
 */
static inline uint64_t rvpmu_hw_clock_ns(const struct rvpmu_hart *h)
{
	return h->cfg->hw->clock_ns(h->ctx);
}

/**
 * rvpmu_mem_write64() - one 8-byte store to S-mode memory
 * @h: the hart: its ctx is its struct sim_hart
 * @addr: the physical address, checked by the caller
 * @v: the value
 *
 * Through the hart's table (h->cfg->mem: sim_mem_ops, or a test's that
 * watches the stores). sim_mem_ops counts a fault and writes nothing
 * outside S-mode's RAM.
 *
 * Context: Host tests and tools built with RVPMU_HW_PLATFORM, on the
 *          simulated hart's thread (the one driving @h); no lock taken.
 */
static inline void rvpmu_mem_write64(const struct rvpmu_hart *h, uint64_t addr, uint64_t v)
{
	h->cfg->mem->write(h->ctx, addr, &v, sizeof(v));
}

#include "core/hw_each.h"

#endif
