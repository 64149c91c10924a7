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

static inline uint64_t rvpmu_hw_read(const struct rvpmu_hart *h, unsigned long ctr)
{
	(void)h;
	return rvpmu_osbi_ctr_read(ctr);
}

static inline void rvpmu_hw_write(const struct rvpmu_hart *h, unsigned long ctr, uint64_t v)
{
	(void)h;
	rvpmu_osbi_ctr_write(ctr, v);
}

/* mhpmeventNh (RV32) exists only with Sscofpmf */
static inline void rvpmu_hw_program(const struct rvpmu_hart *h, unsigned long ctr, uint64_t ev)
{
	rvpmu_osbi_evt_write(ctr, ev, h->sscofpmf);
}

static inline uint64_t rvpmu_hw_swap_event(const struct rvpmu_hart *h, unsigned long ctr,
					   uint64_t ev)
{
	(void)h;
	return rvpmu_osbi_evt_swap(ctr, ev);
}

/* OF, bit 63 of the 64-bit mhpmevent value; asked only with Sscofpmf */
static inline bool rvpmu_hw_overflowed(const struct rvpmu_hart *h, unsigned long ctr)
{
	(void)h;
	return rvpmu_osbi_evt_read(ctr) >> 63;
}

static inline void rvpmu_hw_inhibit(const struct rvpmu_hart *h, uint64_t mask, bool on)
{
	(void)h;
	rvpmu_osbi_inhibit((uint32_t)mask, on);
}

static inline uint64_t rvpmu_hw_cycles(const struct rvpmu_hart *h)
{
	(void)h;
	return rvpmu_osbi_ctr_read(0);
}

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

static inline bool rvpmu_hw_counts_while_inhibited(const struct rvpmu_hart *h, unsigned long ctr,
						   uint64_t ev)
{
	(void)h;
	(void)ctr;
	(void)ev;
	return rvpmu_osbi_counts_inhibited;
}

static inline uint32_t rvpmu_hw_asid(const struct rvpmu_hart *h)
{
	(void)h;
	return rvpmu_osbi_asid();
}

/* one aligned store to S-mode memory the core checked (snapshot) */
static inline void rvpmu_mem_write64(const struct rvpmu_hart *h, uint64_t addr, uint64_t v)
{
	(void)h;
	rvpmu_osbi_smode_store64(addr, v);
}

/* the sampler's group accesses: one counter at a time */
#include "core/hw_each.h"

#endif
