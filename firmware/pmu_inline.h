/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/pmu_inline.h - the core's hot hardware accesses, inline (named
 * to the core by -DRVPMU_HW_INLINE, see core/internal.h). RV64 only: the
 * counter CSRs are reached through pmu_csr.S's slot tables, called from
 * inline asm that names the only registers a slot touches (a0, a1, t0,
 * t1, ra). A plain call through the ops table makes the compiler assume
 * every temporary is lost, so each start or stop saved and restored a
 * handful of registers around each of its three or four CSR accesses.
 * They do what fw_pmu_hw_ops' read/write/program/swap_event/inhibit and
 * start_holds_overflow do (the same slots and function); RV32 keeps the
 * ops table (its counters are CSR pairs).
 */
#ifndef FW_PMU_INLINE_H
#define FW_PMU_INLINE_H
#if __riscv_xlen == 64
#include "firmware/csr.h"
#define RVPMU_HW_INLINED 1

/* One slot call: v in a2 (written or swapped in), result in a0. */
#define FW_CSR_SLOT(fn, ctr, v) ({						\
	register unsigned long a0_ __asm__("a0");				\
	register unsigned long a1_ __asm__("a1") = (ctr);			\
	register unsigned long a2_ __asm__("a2") = (v);				\
	__asm__ volatile("call " #fn						\
			 : "=r"(a0_), "+r"(a1_) : "r"(a2_) : "t0", "t1", "ra");	\
	a0_; })

static inline uint64_t rvpmu_hw_read(const struct rvpmu_hart *h, unsigned int ctr)
{
	(void)h;
	return FW_CSR_SLOT(fw_csr_read_ctr, ctr, 0);
}

static inline void rvpmu_hw_write(const struct rvpmu_hart *h, unsigned int ctr, uint64_t v)
{
	(void)h;
	(void)FW_CSR_SLOT(fw_csr_write_ctr, ctr, v);
}

static inline void rvpmu_hw_program(const struct rvpmu_hart *h, unsigned int ctr, uint64_t ev)
{
	(void)h;
	(void)FW_CSR_SLOT(fw_csr_write_event, ctr, ev);
}

static inline uint64_t rvpmu_hw_swap_event(const struct rvpmu_hart *h, unsigned int ctr,
					   uint64_t ev)
{
	(void)h;
	return FW_CSR_SLOT(fw_csr_swap_event, ctr, ev);
}

static inline void rvpmu_hw_inhibit(const struct rvpmu_hart *h, uint32_t mask, bool on)
{
	(void)h;
	csr_inhibit_counters(mask, on);
}

/*
 * Only a counter that reads stale once inhibited (QEMU: cycles/instret
 * mapped) can have its overflow held (pmu_hw.c), and h->stale already has
 * that answer for the event programmed: other counters skip the call.
 */
static inline bool rvpmu_hw_start_holds_overflow(const struct rvpmu_hart *h, unsigned int ctr,
						 uint64_t ev, uint64_t v)
{
	if (!(h->stale & (UINT32_C(1) << ctr)))
		return false;
	return RVPMU_HW(h)->start_holds_overflow(h->ctx, ctr, ev, v);
}

#endif
#endif
