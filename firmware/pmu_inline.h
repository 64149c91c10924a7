/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/pmu_inline.h - the core's hot hardware accesses, inline (named
 * to the core by -DRVPMU_HW_INLINE, see core/internal.h). RV64 only: the
 * counter CSRs are reached through pmu_csr.S's slot tables, one `jalr t0`
 * from inline asm that names the only registers a slot touches (t0, the
 * link, and t1, the value). A plain call through the ops table makes the
 * compiler assume every temporary is lost, and a `call` that ra is lost:
 * each start or stop saved and restored a handful of registers around
 * each of its three or four CSR accesses. They do what fw_pmu_hw_ops'
 * read/write/program/swap_event/inhibit/overflowed/start_holds_overflow
 * do (the same slots); RV32 keeps the ops table for those (its counters
 * are CSR pairs) and has mcycle inline. pmu_csr.S includes this file for
 * the table offsets. Both XLENs: the snapshot's S-mode writes
 * (rvpmu_mem_write64) as plain stores, mcountinhibit, and the sampler's
 * unrolled group read and load.
 */
#ifndef FW_PMU_INLINE_H
#define FW_PMU_INLINE_H

/* Offsets of the slot tables in fw_csr_slots: 32 slots of 8 bytes each,
   slot n for counter n, within a jalr's 12-bit reach. */
#define FW_SLOT_READ_CTR	0	/* csrr t1, mhpmcounter<n> */
#define FW_SLOT_WRITE_CTR	256	/* csrw mhpmcounter<n>, t1 */
#define FW_SLOT_WRITE_EVENT	512	/* csrw mhpmevent<n>, t1 (n >= 3) */
#define FW_SLOT_SWAP_EVENT	768	/* csrrw t1, mhpmevent<n>, t1 (n >= 3) */
#define FW_SLOT_READ_EVENT	1024	/* csrr t1, mhpmevent<n> (n >= 3) */

#ifndef __ASSEMBLER__
#include <stdint.h>

/* An aligned 8-byte store to S-mode memory the caller has checked against
   RAM and the firmware's region (M-mode: physical, no translation). */
static inline void fw_smode_store64(uint64_t pa, uint64_t v)
{
	*(volatile uint64_t *)(uintptr_t)pa = v;
}

/* The core's snapshot words (core/internal.h), both XLENs: the store. */
#define RVPMU_MEM_INLINED 1
static inline void rvpmu_mem_write64(const struct rvpmu_hart *h, uint64_t addr, uint64_t v)
{
	(void)h;
	fw_smode_store64(addr, v);
}
#endif

#ifndef __ASSEMBLER__
#include "firmware/csr.h"

/* mcountinhibit, both XLENs: one CSR write where the ops table's call
   cost the start/stop and every switch a frame */
#define RVPMU_HW_INHIBIT_INLINED 1
static inline void rvpmu_hw_inhibit(const struct rvpmu_hart *h, uint64_t mask, bool on)
{
	(void)h;
	csr_inhibit_counters(mask, on);
}
#endif

#ifndef __ASSEMBLER__
/*
 * The sampler's group accesses, both XLENs (core/internal.h names them):
 * grp_csr.S's fw_grp_* by list (any counters) and *_seq (hpm counters 3 ..
 * 3 + n - 1 in order, struct rvpmu_group seq), called by `jal t2` with
 * every register they touch named, so the switch around them keeps its
 * own. n > 0. A read leaves each counter unmapped (mhpmevent 0). They
 * assume 64-bit counters (the core checks h->hpm64) and,
 * on RV32, Sscofpmf (mhpmeventNh; the core checks h->sscofpmf).
 */
#define RVPMU_HW_GROUP_INLINED 1
#if __riscv_xlen == 32
#define FW_GRP_XLEN_CLOBBERS "a0", "a7",
#else
#define FW_GRP_XLEN_CLOBBERS
#endif
static inline void rvpmu_hw_read_seq(const struct rvpmu_hart *h, unsigned long n,
				     uint8_t *dst, const uint32_t *off)
{
	register unsigned long n_ __asm__("a2") = n;
	register uint8_t *d_ __asm__("a3") = dst;
	register const uint32_t *o_ __asm__("a4") = off + n - 1;

	(void)h;
	__asm__ volatile("jal t2, fw_grp_read_seq"
			 : "+r"(o_), "+r"(n_)
			 : "r"(d_)
			 : "t0", "t1", "t2", "a5", "memory");
}

static inline void rvpmu_hw_load_seq(const struct rvpmu_hart *h, const uint64_t *ev,
				     unsigned long n)
{
	register const uint64_t *e_ __asm__("a2") = ev + n - 1;
	register unsigned long n_ __asm__("a3") = n;

	(void)h;
	__asm__ volatile("jal t2, fw_grp_load_seq"
			 : "+r"(e_)
			 : "r"(n_)
			 : "t0", "t1", "t2", "a4", "a5", "memory");
}

static inline void rvpmu_hw_read_list(const struct rvpmu_hart *h, const uint8_t *ctr,
				      unsigned long n, uint8_t *dst, const uint32_t *off)
{
	register const uint8_t *c_ __asm__("a1") = ctr;
	register unsigned long n_ __asm__("a2") = n;
	register uint8_t *d_ __asm__("a3") = dst;
	register const uint32_t *o_ __asm__("a4") = off;

	(void)h;
	__asm__ volatile("jal t2, fw_grp_read"
			 : "+r"(c_), "+r"(n_), "+r"(o_)
			 : "r"(d_)
			 : FW_GRP_XLEN_CLOBBERS "t0", "t1", "t2", "a5", "a6", "memory");
}

static inline uint32_t rvpmu_hw_load_list(const struct rvpmu_hart *h, const uint8_t *ctr,
					  const uint64_t *ev, unsigned long n)
{
	register unsigned long m_ __asm__("a0");
	register const uint8_t *c_ __asm__("a1") = ctr;
	register const uint64_t *e_ __asm__("a2") = ev;
	register unsigned long n_ __asm__("a3") = n;

	(void)h;
	__asm__ volatile("jal t2, fw_grp_load"
			 : "=r"(m_), "+r"(c_), "+r"(e_), "+r"(n_)
			 :
			 : "t0", "t1", "t2", "a4", "a5", "a6", "a7", "memory");
	return (uint32_t)m_;
}
#endif

#if __riscv_xlen == 64 && !defined(__ASSEMBLER__)
#define RVPMU_HW_INLINED 1

extern const char fw_csr_slots[];

/*
 * One slot call: v in t1 (written or swapped in), the result in t1. The
 * slot's address is plain C, so a function reaching one counter through
 * several tables computes slots + 8 * ctr once.
 */
#define FW_CSR_SLOT(table, ctr, v) ({						\
	register unsigned long t1_ __asm__("t1") = (v);				\
	__asm__ volatile("jalr t0, %2(%1)"					\
			 : "+r"(t1_)						\
			 : "r"(fw_csr_slots + 8 * (unsigned long)(ctr)), "i"(table)	\
			 : "t0");						\
	t1_; })

static inline uint64_t rvpmu_hw_read(const struct rvpmu_hart *h, unsigned long ctr)
{
	(void)h;
	return FW_CSR_SLOT(FW_SLOT_READ_CTR, ctr, 0);
}

#define RVPMU_HW_CYCLES_INLINED 1
static inline uint64_t rvpmu_hw_cycles(const struct rvpmu_hart *h)
{
	(void)h;
	return csr_read(CSR_MCYCLE);
}

static inline void rvpmu_hw_write(const struct rvpmu_hart *h, unsigned long ctr, uint64_t v)
{
	(void)h;
	(void)FW_CSR_SLOT(FW_SLOT_WRITE_CTR, ctr, v);
}

static inline void rvpmu_hw_program(const struct rvpmu_hart *h, unsigned long ctr, uint64_t ev)
{
	(void)h;
	(void)FW_CSR_SLOT(FW_SLOT_WRITE_EVENT, ctr, ev);
}

static inline uint64_t rvpmu_hw_swap_event(const struct rvpmu_hart *h, unsigned long ctr,
					   uint64_t ev)
{
	(void)h;
	return FW_CSR_SLOT(FW_SLOT_SWAP_EVENT, ctr, ev);
}

/* OF (bit 63) of a running hpm counter's mhpmevent; only asked with
   Sscofpmf (the core checks h->sscofpmf first) */
static inline bool rvpmu_hw_overflowed(const struct rvpmu_hart *h, unsigned long ctr)
{
	(void)h;
	return FW_CSR_SLOT(FW_SLOT_READ_EVENT, ctr, 0) >> 63;
}

/*
 * Only a counter that reads stale once inhibited (QEMU: cycles/instret
 * mapped) can have its overflow held (pmu_hw.c), and h->stale already has
 * that answer for the event programmed: other counters skip the call.
 */
static inline bool rvpmu_hw_start_holds_overflow(const struct rvpmu_hart *h, unsigned long ctr,
						 uint64_t ev, uint64_t v)
{
	if (!(h->stale & (UINT32_C(1) << ctr)))
		return false;
	return RVPMU_HW(h)->start_holds_overflow(h->ctx, ctr, ev, v);
}

#endif

#if __riscv_xlen == 32 && !defined(__ASSEMBLER__)
#include "firmware/csr.h"

/* RV32: mcycle read inline (high, low, high until the highs agree); every
   other single access goes through the ops table (a counter is two CSRs). */
#define RVPMU_HW_CYCLES_INLINED 1
static inline uint64_t rvpmu_hw_cycles(const struct rvpmu_hart *h)
{
	uint32_t hi, lo, hi2;

	(void)h;
	do {
		hi = (uint32_t)csr_read(CSR_MCYCLEH);
		lo = (uint32_t)csr_read(CSR_MCYCLE);
		hi2 = (uint32_t)csr_read(CSR_MCYCLEH);
	} while (hi != hi2);
	return ((uint64_t)hi << 32) | lo;
}
#endif
#endif
