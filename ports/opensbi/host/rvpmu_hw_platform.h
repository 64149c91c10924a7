/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ports/opensbi/host/rvpmu_hw_platform.h - the core's fast-path contract
 * (core/hw.h says what each function means) inside OpenSBI: each access
 * is one call into OpenSBI's side of the host (lib/utils/rvpmu in the
 * patched tree), which reaches the CSRs through OpenSBI's numbered CSR
 * access (csr_read_num / csr_write_num). No ops-table indirection on the
 * hot path; the call itself stays, because OpenSBI's CSR names and rvpmu's
 * SBI constants cannot share a translation unit (both define SBI_ERR_*,
 * CSR_CYCLE, MHPMEVENT_OF: include/sbi_utils/rvpmu/rvpmu_host.h).
 *
 * Whether counters count on while inhibited is probed once at cold boot
 * (rvpmu_host.c); where they do, every counter is taken to (a write-back
 * where one is not needed costs a CSR write, a missing one a wrong
 * count). QEMU's held overflow is worked around on every hart with
 * Sscofpmf, as in rvpmu's firmware (rvpmu_hw_holds_overflow below).
 */
#ifndef RVPMU_OSBI_HW_PLATFORM_H
#define RVPMU_OSBI_HW_PLATFORM_H

#include <sbi_utils/rvpmu/rvpmu_host.h>

/**
 * rvpmu_hw_read() - a counter's value
 * @h: the core's hart (unused)
 * @ctr: the counter: 0 mcycle, 2 minstret, 3..31 hpm (one that exists)
 *
 * rvpmu_osbi_ctr_read(): csr_read_num() of the counter; on RV32 high,
 * low, high until the highs agree.
 *
 * Context: The hart that owns @h, in M-mode, on its own CSRs, in
 *          OpenSBI's trap path: the PMU and sampler ecalls
 *          (sbi_ecall_rvpmu.c), the sampler's timer event; no lock.
 * Return: the counter's value, 64 bits on both XLENs.
 */
static inline uint64_t rvpmu_hw_read(const struct rvpmu_hart *h, unsigned long ctr)
{
	(void)h;
	return rvpmu_osbi_ctr_read(ctr);
}

/**
 * rvpmu_hw_write() - set a counter's value
 * @h: the core's hart (unused)
 * @ctr: the counter: 0 mcycle, 2 minstret, 3..31 hpm (one that exists)
 * @v: the value, 64 bits
 *
 * rvpmu_osbi_ctr_write(): csr_write_num(); on RV32 the low half 0 first,
 * then the high half, then the low.
 *
 * Context: The hart that owns @h, in M-mode, on its own CSRs, in
 *          OpenSBI's trap path: the PMU and sampler ecalls
 *          (sbi_ecall_rvpmu.c), the sampler's timer event; no lock.
 */
static inline void rvpmu_hw_write(const struct rvpmu_hart *h, unsigned long ctr, uint64_t v)
{
	(void)h;
	rvpmu_osbi_ctr_write(ctr, v);
}

/**
 * rvpmu_hw_program() - mhpmeventN := ev
 * @h: the core's hart: whether it has Sscofpmf
 * @ctr: the hpm counter N, 3..31
 * @ev: the event selector, with the Sscofpmf bits [63:56]
 *
 * rvpmu_osbi_evt_write(). mhpmeventNh (RV32) exists only with Sscofpmf:
 * without it only the low half is written.
 *
 * Context: The hart that owns @h, in M-mode, on its own CSRs, in
 *          OpenSBI's trap path: the PMU and sampler ecalls
 *          (sbi_ecall_rvpmu.c), the sampler's timer event; no lock.
 */
static inline void rvpmu_hw_program(const struct rvpmu_hart *h, unsigned long ctr, uint64_t ev)
{
	rvpmu_osbi_evt_write(ctr, ev, h->sscofpmf);
}

/**
 * rvpmu_hw_swap_event() - mhpmeventN := ev, answering the old value
 * @h: the core's hart (unused)
 * @ctr: the hpm counter N, 3..31
 * @ev: the new event selector, with the Sscofpmf bits
 *
 * rvpmu_osbi_evt_swap(): a read, then a write of both halves. Only with
 * Sscofpmf, and only on a counter the core has inhibited, so that it
 * cannot overflow between the two.
 *
 * Context: The hart that owns @h, in M-mode, on its own CSRs, in
 *          OpenSBI's trap path: the PMU and sampler ecalls
 *          (sbi_ecall_rvpmu.c), the sampler's timer event; no lock.
 * Return: mhpmeventN's old value, 64 bits (OF in bit 63).
 */
static inline uint64_t rvpmu_hw_swap_event(const struct rvpmu_hart *h, unsigned long ctr,
					   uint64_t ev)
{
	(void)h;
	return rvpmu_osbi_evt_swap(ctr, ev);
}

/**
 * rvpmu_hw_overflowed() - has a running hpm counter overflowed?
 * @h: the core's hart (unused)
 * @ctr: the hpm counter N, 3..31
 *
 * OF, bit 63 of the 64-bit mhpmevent value (rvpmu_osbi_evt_read()); asked
 * only with Sscofpmf.
 *
 * Context: The hart that owns @h, in M-mode, on its own CSRs, in
 *          OpenSBI's trap path: the PMU and sampler ecalls
 *          (sbi_ecall_rvpmu.c), the sampler's timer event; no lock.
 * Return: true if OF is set, else false.
 */
static inline bool rvpmu_hw_overflowed(const struct rvpmu_hart *h, unsigned long ctr)
{
	(void)h;
	return rvpmu_osbi_evt_read(ctr) >> 63;
}

/**
 * rvpmu_hw_inhibit() - inhibit or let run the counters of mask
 * @h: the core's hart (unused)
 * @mask: mcountinhibit's bits (hardware counters)
 * @on: true: inhibit them (csr_set); false: let them run (csr_clear)
 *
 * rvpmu_osbi_inhibit(): mcountinhibit, which harts before privileged spec
 * 1.11 lack: there it does nothing (the core's probe then finds the
 * counters counting on, and stop writes their value back).
 *
 * Context: The hart that owns @h, in M-mode, on its own CSRs, in
 *          OpenSBI's trap path: the PMU and sampler ecalls
 *          (sbi_ecall_rvpmu.c), the sampler's timer event; no lock.
 */
static inline void rvpmu_hw_inhibit(const struct rvpmu_hart *h, uint64_t mask, bool on)
{
	(void)h;
	rvpmu_osbi_inhibit((uint32_t)mask, on);
}

/**
 * rvpmu_hw_cycles() - mcycle
 * @h: the core's hart (unused)
 *
 * rvpmu_osbi_ctr_read(0).
 *
 * Context: The hart that owns @h, in M-mode, on its own CSRs, in
 *          OpenSBI's trap path: the PMU and sampler ecalls
 *          (sbi_ecall_rvpmu.c), the sampler's timer event; no lock.
 * Return: mcycle, 64 bits on both XLENs.
 */
static inline uint64_t rvpmu_hw_cycles(const struct rvpmu_hart *h)
{
	(void)h;
	return rvpmu_osbi_ctr_read(0);
}

/**
 * rvpmu_hw_filter_fixed() - set mcycle's or minstret's privilege filter
 * @h: the core's hart (unused)
 * @ctr: 0: mcyclecfg; 2 (any other): minstretcfg
 * @cfg: the value: the xINH bits 62..58
 *
 * rvpmu_osbi_filter_fixed(); on RV32 the high CSR alone, which holds the
 * xINH bits. Only with Smcntrpmf, only while the counter is inhibited.
 *
 * Context: The hart that owns @h, in M-mode, on its own CSRs, in
 *          OpenSBI's trap path: the PMU and sampler ecalls
 *          (sbi_ecall_rvpmu.c), the sampler's timer event; no lock.
 */
static inline void rvpmu_hw_filter_fixed(const struct rvpmu_hart *h, unsigned long ctr,
					 uint64_t cfg)
{
	(void)h;
	rvpmu_osbi_filter_fixed(ctr, cfg);
}

/*
 * QEMU's held overflow (core/hw.h, rvpmu_hw_holds_overflow): QEMU fakes
 * the overflow of a counter of its cycles or instructions event (selector
 * low 16 bits 1 or 2) with a timer armed at the counter's write, now plus
 * the distance to the wrap in ns; a distance past INT64_MAX leaves a
 * left-over that swallows the counter's next expiry. Only a value in
 * [2^63, 2^64 - 2^62) can reach that far while the clock is below 2^62 ns
 * (Linux's counting start, -(2^63 - 1), is one). rvpmu_host.c sets the ns
 * per timer tick at cold boot where the harts have Sscofpmf and leaves 0
 * (no quirk) elsewhere: no platform is recognised by name. Elsewhere than
 * QEMU it costs a start from such a value on such a selector a counter
 * preference until that counter's first overflow.
 */
extern unsigned long rvpmu_osbi_held_ns_per_tick;

/**
 * rvpmu_hw_holds_overflow() - does a start from v leave its overflow held?
 * @h: the core's hart (unused)
 * @ctr: the hpm counter (unused)
 * @ev: the counter's event selector
 * @v: the value the counter starts from
 *
 * QEMU's held overflow, as the comment above says: the selector's low 16
 * bits 1 or 2, @v in [2^63, 2^64 - 2^62), and the timer's value in ns
 * (rvpmu_osbi_time() * rvpmu_osbi_held_ns_per_tick) plus the distance to
 * the wrap past INT64_MAX.
 *
 * Context: The hart that owns @h, in M-mode, on its own CSRs, in
 *          OpenSBI's trap path: the PMU and sampler ecalls
 *          (sbi_ecall_rvpmu.c), the sampler's timer event; no lock.
 * Return: true when the counter's next overflow would be held back, else
 *         false (always where rvpmu_osbi_held_ns_per_tick is 0).
 */
static inline bool rvpmu_hw_holds_overflow(const struct rvpmu_hart *h, unsigned long ctr,
					   uint64_t ev, uint64_t v)
{
	unsigned long k = rvpmu_osbi_held_ns_per_tick;

	(void)h;
	(void)ctr;
	if (!k || (v >> 62) != 2 || ((ev - 1) & 0xffff) >= 2)
		return false;
	return rvpmu_osbi_time() * k + (0 - v) > (uint64_t)INT64_MAX;
}

/* Whether a counter of the cycles event counted on once inhibited when
   rvpmu_host.c probed it at cold boot (QEMU 7.2: yes; 9.1 and later: no):
   then any counter may, and stop writes back what it read. */
extern bool rvpmu_osbi_counts_inhibited;

/**
 * rvpmu_hw_counts_while_inhibited() - does ctr count on while inhibited?
 * @h: the core's hart (unused)
 * @ctr: the counter (unused: every counter is taken alike)
 * @ev: its event selector (unused)
 *
 * rvpmu_osbi_counts_inhibited, the cold-boot probe's answer, for every
 * counter and event: a write-back where one is not needed costs a CSR
 * write, a missing one a wrong count.
 *
 * Context: The hart that owns @h, in M-mode, on its own CSRs, in
 *          OpenSBI's trap path: the PMU and sampler ecalls
 *          (sbi_ecall_rvpmu.c), the sampler's timer event; no lock.
 * Return: true where the probe found a counter counting on once
 *         inhibited (or found nothing to probe on), else false.
 */
static inline bool rvpmu_hw_counts_while_inhibited(const struct rvpmu_hart *h, unsigned long ctr,
						   uint64_t ev)
{
	(void)h;
	(void)ctr;
	(void)ev;
	return rvpmu_osbi_counts_inhibited;
}

/**
 * rvpmu_hw_asid() - the ASID S-mode runs with now
 * @h: the core's hart (unused)
 *
 * rvpmu_osbi_asid(): satp's ASID field (the sampler's CID1).
 *
 * Context: The hart that owns @h, in M-mode, on its own CSRs, in
 *          OpenSBI's trap path: the PMU and sampler ecalls
 *          (sbi_ecall_rvpmu.c), the sampler's timer event; no lock.
 * Return: satp.ASID.
 */
static inline uint32_t rvpmu_hw_asid(const struct rvpmu_hart *h)
{
	(void)h;
	return rvpmu_osbi_asid();
}

/**
 * rvpmu_hw_clock_ns() - the clock for parked counters
 * @h: the core's hart, whose hw ops have a clock_ns
 *
 * Through the ops (rvpmu_host.c).
 *
 * Context: Any hart, in M-mode.
 * Return: the ops' clock_ns.
 */
static inline uint64_t rvpmu_hw_clock_ns(const struct rvpmu_hart *h)
{
	return h->cfg->hw->clock_ns(h->ctx);
}

/**
 * rvpmu_mem_write64() - one aligned store to S-mode memory (snapshot)
 * @h: the core's hart (unused)
 * @addr: the physical address, 8-byte aligned, checked by the core
 * @v: the value
 *
 * One aligned store to S-mode memory the core checked (snapshot):
 * rvpmu_osbi_smode_store64(), with the hart's M-mode access to it opened
 * around the store (sbi_hart_protection_map_range()); on RV32 two 32-bit
 * stores.
 *
 * Context: The hart that owns @h, in M-mode, on its own CSRs, in
 *          OpenSBI's trap path: the PMU and sampler ecalls
 *          (sbi_ecall_rvpmu.c), the sampler's timer event; no lock.
 */
static inline void rvpmu_mem_write64(const struct rvpmu_hart *h, uint64_t addr, uint64_t v)
{
	(void)h;
	rvpmu_osbi_smode_store64(addr, v);
}

/* the sampler's group accesses: one counter at a time */
#include "core/hw_each.h"

#endif
