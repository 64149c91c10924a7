/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/rvpmu_hw_platform.h - the firmware's side of the core's fast
 * path contract (core/hw.h says what each function means; the firmware's
 * build defines RVPMU_HW_PLATFORM and puts firmware/ on the include path).
 *
 * Both XLENs reach a counter's CSRs through pmu_csr.S's slot tables: one
 * `jalr t0` from inline asm that names the only registers a slot touches
 * (t0, the link, and t1, the value; on RV32, where a counter is two CSRs,
 * t2 holds the high half and a7 the read's second high half). A plain call
 * makes the compiler assume every temporary is lost, and a `call` that ra
 * is lost: each start or stop saved and restored a handful of registers
 * around each of its three or four CSR accesses. Both XLENs: mcycle,
 * mcountinhibit, satp and the snapshot's stores inline, and the sampler's
 * group accesses in grp_csr.S. pmu_csr.S includes this file for the slot
 * table offsets.
 */
#ifndef FW_RVPMU_HW_PLATFORM_H
#define FW_RVPMU_HW_PLATFORM_H

#if __riscv_xlen == 64
/* Offsets of the slot tables in fw_csr_slots: 32 slots of 8 bytes each,
   slot n for counter n, within a jalr's 12-bit reach. */
#define FW_SLOT_SIZE		8
#define FW_SLOT_READ_CTR	0	/* csrr t1, mhpmcounter<n> */
#define FW_SLOT_WRITE_CTR	256	/* csrw mhpmcounter<n>, t1 */
#define FW_SLOT_WRITE_EVENT	512	/* csrw mhpmevent<n>, t1 (n >= 3) */
#define FW_SLOT_SWAP_EVENT	768	/* csrrw t1, mhpmevent<n>, t1 (n >= 3) */
#define FW_SLOT_READ_EVENT	1024	/* csrr t1, mhpmevent<n> (n >= 3) */
#else
/* RV32: 32 slots of 16 bytes per table, a value's halves in t1 (low) and
   t2 (high); fw_csr_slots is FW_SLOT_BIAS into the region, so that every
   table is within a jalr's 12-bit reach of it (pmu_csr.S). */
#define FW_SLOT_SIZE		16
#define FW_SLOT_BIAS		1536
#define FW_SLOT_READ_CTR	(-1536)	/* t2 = ..h, t1 = mhpmcounter<n>, a7 = ..h */
#define FW_SLOT_WRITE_CTR	(-1024)	/* low 0, high t2, low t1 */
#define FW_SLOT_WRITE_EVENT	(-512)	/* mhpmevent<n> t1, ..h t2 (Sscofpmf) */
#define FW_SLOT_SWAP_EVENT	0	/* the same, swapped (Sscofpmf) */
#define FW_SLOT_READ_EVENT	512	/* t1 = mhpmevent<n>h (Sscofpmf) */
#define FW_SLOT_WRITE_EVENT_LO	1024	/* mhpmevent<n> t1 (no Sscofpmf) */
#endif

/* RVPMU_GROUP_BASE (core/reserve.h) is ~0 << FW_GROUP_BASE_SHIFT: grp_csr.S
   builds it so, and takes a count as the value with those top bits cleared */
#define FW_GROUP_BASE_SHIFT	62

#ifndef __ASSEMBLER__
#include <stdint.h>

_Static_assert(RVPMU_GROUP_BASE == ~UINT64_C(0) << FW_GROUP_BASE_SHIFT,
	       "grp_csr.S builds the group base from FW_GROUP_BASE_SHIFT");

/**
 * fw_smode_store64() - one aligned 8-byte store to S-mode memory
 * @pa: the physical address, 8-byte aligned, checked by the caller
 * @v: the value
 *
 * An aligned 8-byte store to S-mode memory the caller has checked against
 * RAM and the firmware's region (M-mode: physical, no translation).
 *
 * Context: Any hart, in M-mode (the PMU core's snapshot writes through
 *          rvpmu_mem_write64() and pmu_seams.c's mem_write).
 */
static inline void fw_smode_store64(uint64_t pa, uint64_t v)
{
	*(volatile uint64_t *)(uintptr_t)pa = v;
}

/**
 * rvpmu_mem_write64() - one aligned 8-byte store to S-mode memory
 * @h: the core's hart (unused)
 * @addr: the physical address, 8-byte aligned, checked by the core
 * @v: the value
 *
 * core/hw.h's snapshot store: fw_smode_store64(), no ops-table call.
 *
 * Context: The hart that owns @h, in M-mode, on its own CSRs (the core's
 *          PMU calls, the sampler's switch and per-hart steps); no lock.
 */
static inline void rvpmu_mem_write64(const struct rvpmu_hart *h, uint64_t addr, uint64_t v)
{
	(void)h;
	fw_smode_store64(addr, v);
}
#endif

#ifndef __ASSEMBLER__
#include "csr.h"

/**
 * rvpmu_hw_inhibit() - inhibit or let run the counters of mask
 * @h: the core's hart (unused)
 * @mask: mcountinhibit's bits (hardware counters)
 * @on: true: inhibit them; false: let them run
 *
 * mcountinhibit: one CSR write (csr_inhibit_counters()) where the ops
 * table's call cost the start/stop and every switch a frame.
 *
 * Context: The hart that owns @h, in M-mode, on its own CSRs (the core's
 *          PMU calls, the sampler's switch and per-hart steps); no lock.
 */
static inline void rvpmu_hw_inhibit(const struct rvpmu_hart *h, uint64_t mask, bool on)
{
	(void)h;
	csr_inhibit_counters(mask, on);
}

/**
 * rvpmu_hw_filter_fixed() - set mcycle's or minstret's privilege filter
 * @h: the core's hart (unused)
 * @ctr: 0: mcyclecfg; 2 (any other): minstretcfg
 * @cfg: the value: the xINH bits 62..58
 *
 * Smcntrpmf's mcyclecfg / minstretcfg (config_matching and release of a
 * fixed counter, never a start or stop): the xINH bits 62..58, which on
 * RV32 are the high CSR's; its low half holds nothing the core sets. Only
 * with Smcntrpmf, only while the counter is inhibited.
 *
 * Context: The hart that owns @h, in M-mode, on its own CSRs (the core's
 *          PMU calls, the sampler's switch and per-hart steps); no lock.
 */
static inline void rvpmu_hw_filter_fixed(const struct rvpmu_hart *h, unsigned long ctr,
					 uint64_t cfg)
{
	(void)h;
#if __riscv_xlen == 64
	if (ctr == 0)
		csr_write(CSR_MCYCLECFG, cfg);
	else
		csr_write(CSR_MINSTRETCFG, cfg);
#else
	if (ctr == 0)
		csr_write(CSR_MCYCLECFGH, (unsigned long)(cfg >> 32));
	else
		csr_write(CSR_MINSTRETCFGH, (unsigned long)(cfg >> 32));
#endif
}
#endif

#ifndef __ASSEMBLER__
/*
 * The sampler's group accesses, both XLENs (core/hw.h says what they do):
 * grp_csr.S's fw_grp_* by list (any counters) and *_seq (hpm counters 3 ..
 * 3 + n - 1 in order, struct rvpmu_group seq), called by `jal t2` with
 * every register they touch named, so the switch around them keeps its
 * own. n > 0. They assume 64-bit counters and write the Sscofpmf bits
 * (on RV32 mhpmeventNh): on a hart where that does not hold they fall
 * back on the core's loops.
 */
/**
 * fw_grp_fits() - do grp_csr.S's group accesses fit this hart?
 * @h: the core's hart
 *
 * grp_csr.S's accesses assume 64-bit counters and write the Sscofpmf
 * bits (on RV32 mhpmeventNh).
 *
 * Context: Any hart, on @h's state (read only).
 * Return: true where the hart has Sscofpmf and 64-bit hpm counters, else
 *         false (the list accesses then fall back on the core's loops).
 */
static inline bool fw_grp_fits(const struct rvpmu_hart *h)
{
	return h->sscofpmf && h->hpm64;
}

/**
 * rvpmu_hw_seq_ok() - may the core use the seq group accesses on this hart?
 * @h: the core's hart
 *
 * The seq accesses have no fallback: the core asks first (their callers
 * then need no frame).
 *
 * Context: Any hart, on @h's state (read only).
 * Return: fw_grp_fits(): true where rvpmu_hw_read_seq() and
 *         rvpmu_hw_load_seq() may be called, else false.
 */
static inline bool rvpmu_hw_seq_ok(const struct rvpmu_hart *h)
{
	return fw_grp_fits(h);
}

#if __riscv_xlen == 32
#define FW_GRP_XLEN_CLOBBERS "a0", "a7",
#else
#define FW_GRP_XLEN_CLOBBERS
#endif
/**
 * rvpmu_hw_read_seq() - read a group laid out on counters 3 .. 3 + n - 1
 * @h: the core's hart (unused: rvpmu_hw_seq_ok() said yes)
 * @n: how many counters, > 0
 * @dst: where the counts go
 * @off: counter 3 + j's count goes to @dst + off[j]
 *
 * Each counter read while it runs: its count (the value less its group
 * base, RVPMU_GROUP_BASE) to dst + off[j], then its mhpmevent 0.
 * grp_csr.S's fw_grp_read_seq, unrolled, called by `jal t2` with every
 * register it touches named. No fallback.
 *
 * Context: The hart that owns @h, in M-mode, in the sampler's switch
 *          (core/group.c), on hpm counters stopped or about to be; no lock.
 */
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

/**
 * rvpmu_hw_load_seq() - load a group's events on counters 3 .. 3 + n - 1
 * @h: the core's hart (unused: rvpmu_hw_seq_ok() said yes)
 * @ev: the events: counter 3 + j gets ev[j]
 * @n: how many counters, > 0
 *
 * Each counter gets its event, then its group base (RVPMU_GROUP_BASE),
 * from the highest counter down (on QEMU the first counter given an event
 * owns it). grp_csr.S's fw_grp_load_seq, unrolled. No fallback.
 *
 * Context: The hart that owns @h, in M-mode, in the sampler's switch
 *          (core/group.c), on hpm counters stopped or about to be; no lock.
 */
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

/**
 * rvpmu_hw_read_list() - read a group's counters by list
 * @h: the core's hart
 * @ctr: the counters (hpm counters), n of them
 * @n: how many, > 0
 * @dst: where the counts go
 * @off: counter ctr[j]'s count goes to @dst + off[j]
 *
 * Each counter ctr[j] read while it runs: its count (the value less its
 * group base) to dst + off[j], then its mhpmevent 0. grp_csr.S's
 * fw_grp_read where it fits (fw_grp_fits()), else the core's
 * rvpmu_group_read_each().
 *
 * Context: The hart that owns @h, in M-mode, in the sampler's switch
 *          (core/group.c), on hpm counters stopped or about to be; no lock.
 */
static inline void rvpmu_hw_read_list(const struct rvpmu_hart *h, const uint8_t *ctr,
				      unsigned long n, uint8_t *dst, const uint32_t *off)
{
	register const uint8_t *c_ __asm__("a1") = ctr;
	register unsigned long n_ __asm__("a2") = n;
	register uint8_t *d_ __asm__("a3") = dst;
	register const uint32_t *o_ __asm__("a4") = off;

	if (!fw_grp_fits(h)) {
		rvpmu_group_read_each(h, ctr, n, dst, off);
		return;
	}
	__asm__ volatile("jal t2, fw_grp_read"
			 : "+r"(c_), "+r"(n_), "+r"(o_)
			 : "r"(d_)
			 : FW_GRP_XLEN_CLOBBERS "t0", "t1", "t2", "a5", "a6", "memory");
}

/**
 * rvpmu_hw_load_list() - load a group's events on counters by list
 * @h: the core's hart
 * @ctr: the counters (hpm counters, mhpmevent 0), n of them
 * @ev: counter ctr[j] gets ev[j]
 * @n: how many, > 0
 *
 * Each counter gets its event (its Sscofpmf bits dropped without
 * Sscofpmf), then its group base. grp_csr.S's fw_grp_load where it fits
 * (fw_grp_fits()), else the core's rvpmu_group_load_each().
 *
 * Context: The hart that owns @h, in M-mode, in the sampler's switch
 *          (core/group.c), on hpm counters stopped or about to be; no lock.
 * Return: the counters as an mcountinhibit mask.
 */
static inline uint32_t rvpmu_hw_load_list(const struct rvpmu_hart *h, const uint8_t *ctr,
					  const uint64_t *ev, unsigned long n)
{
	register unsigned long m_ __asm__("a0");
	register const uint8_t *c_ __asm__("a1") = ctr;
	register const uint64_t *e_ __asm__("a2") = ev;
	register unsigned long n_ __asm__("a3") = n;

	if (!fw_grp_fits(h))
		return rvpmu_group_load_each(h, ctr, ev, n);
	(void)h;
	__asm__ volatile("jal t2, fw_grp_load"
			 : "=r"(m_), "+r"(c_), "+r"(e_), "+r"(n_)
			 :
			 : "t0", "t1", "t2", "a4", "a5", "a6", "a7", "memory");
	return (uint32_t)m_;
}
#endif

#if __riscv_xlen == 64 && !defined(__ASSEMBLER__)

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

/**
 * rvpmu_hw_read() - a counter's value
 * @h: the core's hart (unused)
 * @ctr: the counter: 0 mcycle, 2 minstret, 3..31 hpm (one that exists)
 *
 * One slot call (pmu_csr.S). On RV32: high, low, high (in a7) until the
 * highs agree, as pmu_hw.c's READ64.
 *
 * Context: The hart that owns @h, in M-mode, on its own CSRs (the core's
 *          PMU calls, the sampler's switch and per-hart steps); no lock.
 * Return: the counter's value, 64 bits on both XLENs.
 */
static inline uint64_t rvpmu_hw_read(const struct rvpmu_hart *h, unsigned long ctr)
{
	(void)h;
	return FW_CSR_SLOT(FW_SLOT_READ_CTR, ctr, 0);
}

/**
 * rvpmu_hw_cycles() - mcycle
 * @h: the core's hart (unused)
 *
 * A csrr, inline. On RV32: high, low, high until the highs agree.
 *
 * Context: The hart that owns @h, in M-mode, on its own CSRs (the core's
 *          PMU calls, the sampler's switch and per-hart steps); no lock.
 * Return: mcycle, 64 bits on both XLENs.
 */
static inline uint64_t rvpmu_hw_cycles(const struct rvpmu_hart *h)
{
	(void)h;
	return csr_read(CSR_MCYCLE);
}

/**
 * rvpmu_hw_write() - set a counter's value
 * @h: the core's hart (unused)
 * @ctr: the counter: 0 mcycle, 2 minstret, 3..31 hpm (one that exists)
 * @v: the value, 64 bits
 *
 * One slot call. On RV32 the low half is written 0 first, then the high
 * half, then the low: no carry into the new high half meanwhile.
 *
 * Context: The hart that owns @h, in M-mode, on its own CSRs (the core's
 *          PMU calls, the sampler's switch and per-hart steps); no lock.
 */
static inline void rvpmu_hw_write(const struct rvpmu_hart *h, unsigned long ctr, uint64_t v)
{
	(void)h;
	(void)FW_CSR_SLOT(FW_SLOT_WRITE_CTR, ctr, v);
}

/**
 * rvpmu_hw_program() - mhpmeventN := ev
 * @h: the core's hart (on RV32: whether it has Sscofpmf)
 * @ctr: the hpm counter N, 3..31
 * @ev: the event selector, with the Sscofpmf bits [63:56]
 *
 * One slot call. On RV32 mhpmeventNh exists only with Sscofpmf: without
 * it only the low half is written.
 *
 * Context: The hart that owns @h, in M-mode, on its own CSRs (the core's
 *          PMU calls, the sampler's switch and per-hart steps); no lock.
 */
static inline void rvpmu_hw_program(const struct rvpmu_hart *h, unsigned long ctr, uint64_t ev)
{
	(void)h;
	(void)FW_CSR_SLOT(FW_SLOT_WRITE_EVENT, ctr, ev);
}

/**
 * rvpmu_hw_swap_event() - mhpmeventN := ev, answering the old value
 * @h: the core's hart (unused)
 * @ctr: the hpm counter N, 3..31
 * @ev: the new event selector, with the Sscofpmf bits
 *
 * One slot call (csrrw). Only asked with Sscofpmf; on RV32 the low half,
 * then the high half (with OF).
 *
 * Context: The hart that owns @h, in M-mode, on its own CSRs (the core's
 *          PMU calls, the sampler's switch and per-hart steps); no lock.
 * Return: mhpmeventN's old value, 64 bits (OF in bit 63).
 */
static inline uint64_t rvpmu_hw_swap_event(const struct rvpmu_hart *h, unsigned long ctr,
					   uint64_t ev)
{
	(void)h;
	return FW_CSR_SLOT(FW_SLOT_SWAP_EVENT, ctr, ev);
}

/**
 * rvpmu_hw_overflowed() - has a running hpm counter overflowed?
 * @h: the core's hart (unused)
 * @ctr: the hpm counter N, 3..31
 *
 * OF (bit 63) of a running hpm counter's mhpmevent (on RV32 bit 31 of
 * mhpmeventNh); only asked with Sscofpmf (the core checks h->sscofpmf
 * first).
 *
 * Context: The hart that owns @h, in M-mode, on its own CSRs (the core's
 *          PMU calls, the sampler's switch and per-hart steps); no lock.
 * Return: true if its OF bit is set, else false.
 */
static inline bool rvpmu_hw_overflowed(const struct rvpmu_hart *h, unsigned long ctr)
{
	(void)h;
	return FW_CSR_SLOT(FW_SLOT_READ_EVENT, ctr, 0) >> 63;
}

#endif

#if __riscv_xlen == 32 && !defined(__ASSEMBLER__)

extern const char fw_csr_slots[];

/*
 * One slot call on a CSR pair: v's low half in t1, its high half in t2,
 * the answer the same way. As on RV64, the slot's address is plain C.
 */
#define FW_CSR_SLOT2(table, ctr, v) ({						\
	uint64_t v_ = (v);							\
	register unsigned long t1_ __asm__("t1") = (unsigned long)v_;		\
	register unsigned long t2_ __asm__("t2") = (unsigned long)(v_ >> 32);	\
	__asm__ volatile("jalr t0, %3(%2)"					\
			 : "+r"(t1_), "+r"(t2_)					\
			 : "r"(fw_csr_slots + 16 * (unsigned long)(ctr)), "i"(table)	\
			 : "t0");						\
	((uint64_t)t2_ << 32) | t1_; })

/* high, low, high (in a7) until the highs agree: pmu_hw.c's READ64 */
static inline uint64_t rvpmu_hw_read(const struct rvpmu_hart *h, unsigned long ctr)
{
	register unsigned long lo __asm__("t1"), hi __asm__("t2");

	(void)h;
	__asm__ volatile("1: jalr t0, %3(%2)\n\tbne t2, a7, 1b"
			 : "=&r"(lo), "=&r"(hi)
			 : "r"(fw_csr_slots + 16 * ctr), "i"(FW_SLOT_READ_CTR)
			 : "t0", "a7");
	return ((uint64_t)hi << 32) | lo;
}

static inline void rvpmu_hw_write(const struct rvpmu_hart *h, unsigned long ctr, uint64_t v)
{
	(void)h;
	(void)FW_CSR_SLOT2(FW_SLOT_WRITE_CTR, ctr, v);
}

/* mhpmeventNh exists only with Sscofpmf */
static inline void rvpmu_hw_program(const struct rvpmu_hart *h, unsigned long ctr, uint64_t ev)
{
	if (h->sscofpmf)
		(void)FW_CSR_SLOT2(FW_SLOT_WRITE_EVENT, ctr, ev);
	else
		(void)FW_CSR_SLOT2(FW_SLOT_WRITE_EVENT_LO, ctr, ev);
}

/* only asked with Sscofpmf: low half, then the high half (with OF) */
static inline uint64_t rvpmu_hw_swap_event(const struct rvpmu_hart *h, unsigned long ctr,
					   uint64_t ev)
{
	(void)h;
	return FW_CSR_SLOT2(FW_SLOT_SWAP_EVENT, ctr, ev);
}

/* OF (bit 31 of mhpmeventNh); only asked with Sscofpmf */
static inline bool rvpmu_hw_overflowed(const struct rvpmu_hart *h, unsigned long ctr)
{
	(void)h;
	return (uint32_t)FW_CSR_SLOT2(FW_SLOT_READ_EVENT, ctr, 0) >> 31;
}

/* mcycle: high, low, high until the highs agree */
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

#ifndef __ASSEMBLER__
/*
 * QEMU's held overflow (7.2, and 10.0.2 still): a counter of its cycles
 * or instructions event (selector low 16 bits 1 or 2) written with v
 * arms QEMU's overflow timer at now + (v's distance to the wrap, a signed
 * 64-bit count of ns); past INT64_MAX it keeps the rest as a left-over
 * that swallows the next expiry. Only values in [2^63, 2^64 - 2^62) can
 * go past it while the clock is below 2^62 ns (146 years), so that is
 * tested first, on registers the start holds anyway: a start from
 * -period (sampling) loads nothing more. The rest is inline too, without
 * a call (a call cost every start a saved register): mtime in ns is
 * mtime * fw_ns_per_tick (virt's ns per tick, found at boot), and only
 * where pmu_hw.c set fw_quirk_held_overflow: the hart has Sscofpmf, so
 * QEMU runs its overflow timer.
 */
extern unsigned long fw_ns_per_tick;
extern bool fw_quirk_held_overflow;

/**
 * rvpmu_hw_holds_overflow() - does a start from v leave its overflow held?
 * @h: the core's hart (unused)
 * @ctr: an hpm counter: the core asks for no other (unused)
 * @ev: the counter's event selector
 * @v: the value the counter starts from
 *
 * QEMU's held overflow, as the comment above says: the selector's low 16
 * bits 1 or 2, @v in [2^63, 2^64 - 2^62) (tested first), and mtime in ns
 * (csr_read_time64() * fw_ns_per_tick) plus the distance to the wrap
 * past INT64_MAX.
 *
 * Context: The hart that owns @h, in M-mode, on its own CSRs (the core's
 *          PMU calls, the sampler's switch and per-hart steps); no lock.
 * Return: true when QEMU would hold the counter's next overflow back
 *         (now in ns plus the distance to the wrap past INT64_MAX), else
 *         false (always without fw_quirk_held_overflow).
 */
static inline bool rvpmu_hw_holds_overflow(const struct rvpmu_hart *h, unsigned long ctr,
					   uint64_t ev, uint64_t v)
{
	(void)h;
	(void)ctr;	/* an hpm counter: the core asks for no other */
	if ((v >> 62) != 2 || ((ev - 1) & 0xffff) >= 2 || !fw_quirk_held_overflow)
		return false;
	return csr_read_time64() * fw_ns_per_tick + (0 - v) > (uint64_t)INT64_MAX;
}

/**
 * fw_counts_while_inhibited() - is ctr clock-like on QEMU 7.2?
 * @ctr: the counter: 0 mcycle, 2 minstret, 3..31 hpm
 * @ev: its event selector (hpm counters)
 *
 * QEMU 7.2's cycles/instret-mapped counters count on while inhibited and
 * read stale once inhibited; it looks the event up by the selector's low
 * bits, so any selector whose low 16 bits are 1 or 2 is taken as one (a
 * needless write-back at worst). Inline: config_matching's hpm path then
 * makes no call before its tail call (pmu_hw.c's ops table answers the
 * same through this).
 *
 * Context: Any hart; pure.
 * Return: true for mcycle and minstret (@ctr < 3) and for an hpm counter
 *         whose selector's low 16 bits are 1 or 2, else false.
 */
static inline bool fw_counts_while_inhibited(unsigned long ctr, uint64_t ev)
{
	uint64_t sel = ev & 0xffff;

	return ctr < 3 || sel == 1 || sel == 2;
}

/* Whether this QEMU's clock-like counters count while inhibited (7.2:
   yes; 9.1 and later: no), as probed at boot (pmu_hw.c); the ops tables
   are chosen by the same answer. */
extern bool fw_quirk_counts_inhibited;

/**
 * rvpmu_hw_counts_while_inhibited() - does ctr count on while inhibited?
 * @h: the core's hart (unused)
 * @ctr: the counter: 0 mcycle, 2 minstret, 3..31 hpm
 * @ev: its event selector
 *
 * Whether ctr, counting ev, keeps counting while inhibited and reads
 * stale once stopped (core/hw.h): only on a QEMU where the boot probe
 * found so (fw_quirk_counts_inhibited), and there only for a clock-like
 * counter (fw_counts_while_inhibited()). Stop then writes the counter
 * back.
 *
 * Context: The hart that owns @h, in M-mode, on its own CSRs (the core's
 *          PMU calls, the sampler's switch and per-hart steps); no lock.
 * Return: true if it does, else false.
 */
static inline bool rvpmu_hw_counts_while_inhibited(const struct rvpmu_hart *h, unsigned long ctr,
						   uint64_t ev)
{
	(void)h;
	return fw_quirk_counts_inhibited && fw_counts_while_inhibited(ctr, ev);
}

/* core/hw.h: this platform has the optional rvpmu_hw_mtime() (below) */
#define RVPMU_HW_MTIME 1
/**
 * rvpmu_hw_mtime() - mtime now, for the sampler's window stamps
 * @h: the core's hart (unused)
 *
 * mtime for the sampler's window stamps (core/hw.h: optional): the time
 * CSR, as fw_mtime reads it, without a call through the sampler's ops.
 *
 * Context: The hart that owns @h, in M-mode, in the sampler's switch.
 * Return: mtime, 64 bits on both XLENs (csr_read_time64()).
 */
static inline uint64_t rvpmu_hw_mtime(const struct rvpmu_hart *h)
{
	(void)h;
	return csr_read_time64();
}

/**
 * rvpmu_hw_clock_ns() - the clock for parked counters, in ns
 * @h: the core's hart (unused)
 *
 * The hw ops' clock_ns (pmu_hw.c, hw_clock_ns) without the call through
 * them: rvpmu_unpark reads it on every config_matching that meets a
 * parked counter.
 *
 * Context: Any hart, in M-mode.
 * Return: mtime * fw_ns_per_tick.
 */
static inline uint64_t rvpmu_hw_clock_ns(const struct rvpmu_hart *h)
{
	(void)h;
	return csr_read_time64() * fw_ns_per_tick;
}

/**
 * rvpmu_hw_asid() - the ASID S-mode runs with now
 * @h: the core's hart (unused)
 *
 * satp.ASID, where the call through an ops table cost more than the read
 * (the sampler's CID1).
 *
 * Context: The hart that owns @h, in M-mode, on its own CSRs (the core's
 *          PMU calls, the sampler's switch and per-hart steps); no lock.
 * Return: satp.ASID: bits 59..44 on RV64, 30..22 on RV32.
 */
static inline uint32_t rvpmu_hw_asid(const struct rvpmu_hart *h)
{
	(void)h;
#if __riscv_xlen == 64
	/* bits 59..44 (MODE above them shifted out): two shifts, no mask */
	return (uint32_t)((csr_read(CSR_SATP) << 4) >> 48);
#else
	return (uint32_t)(csr_read(CSR_SATP) >> 22) & 0x1FFu;
#endif
}
#endif
#endif
