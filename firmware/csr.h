/* SPDX-License-Identifier: BSD-2-Clause */
/* firmware/csr.h - CSR numbers and access for the M-mode firmware. */
#ifndef FW_CSR_H
#define FW_CSR_H

#define CSR_MSTATUS	0x300
#define CSR_MISA	0x301
#define CSR_MSTATUSH	0x310	/* RV32 */
#define CSR_MTINST	0x34a	/* H */
#define CSR_MTVAL2	0x34b	/* H */
#define CSR_HSTATUS	0x600
#define CSR_HTVAL	0x643
#define CSR_HTINST	0x64a
#define CSR_MEDELEG	0x302
#define CSR_MIDELEG	0x303
#define CSR_MIE		0x304
#define CSR_MTVEC	0x305
#define CSR_MCOUNTEREN	0x306
#define CSR_MENVCFG	0x30a
#define CSR_MENVCFGH	0x31a
#define CSR_MCOUNTINHIBIT 0x320
#define CSR_MCYCLECFG	0x321	/* Smcntrpmf */
#define CSR_MINSTRETCFG	0x322	/* Smcntrpmf */
#define CSR_MCYCLECFGH	0x721	/* Smcntrpmf, RV32 */
#define CSR_MINSTRETCFGH 0x722	/* Smcntrpmf, RV32 */
#define CSR_MHARTID	0xf14
#define CSR_MEPC	0x341
#define CSR_MCAUSE	0x342
#define CSR_MTVAL	0x343
#define CSR_MIP		0x344
#define CSR_PMPCFG0	0x3a0
#define CSR_PMPADDR0	0x3b0
#define CSR_MCYCLE	0xb00
#define CSR_MINSTRET	0xb02
#define CSR_MCYCLEH	0xb80
#define CSR_MHPMEVENT3	0x323
#define CSR_MHPMEVENT3H	0x723
/* counter n's CSRs at base + n: mhpmcounter (0 mcycle, 2 minstret, 3..31
   hpm), their high halves (RV32), mhpmevent (3..31; + 0 is mcountinhibit)
   and its high halves (Sscofpmf, RV32); for the .S tables */
#define CSR_MHPMCOUNTER_BASE	0xb00
#define CSR_MHPMCOUNTERH_BASE	0xb80
#define CSR_MHPMEVENT_BASE	0x320
#define CSR_MHPMEVENTH_BASE	0x720
#define CSR_MVENDORID	0xf11
#define CSR_MARCHID	0xf12
#define CSR_MIMPID	0xf13
#define CSR_STVEC	0x105
#define CSR_SEPC	0x141
#define CSR_SCAUSE	0x142
#define CSR_STVAL	0x143
#define CSR_STIMECMP	0x14d
#define CSR_STIMECMPH	0x15d
#define CSR_SATP	0x180

#define MSTATUS_SIE	(1ul << 1)
#define MSTATUS_SPIE	(1ul << 5)
#define MSTATUS_MPIE	(1ul << 7)
#define MSTATUS_SPP	(1ul << 8)
#define MSTATUS_MPP	(3ul << 11)
#define MSTATUS_MPP_S	(1ul << 11)
#define MSTATUS_FS	(3ul << 13)	/* FP state; 3: dirty */
#define MSTATUS_MPRV	(1ul << 17)
#define MSTATUS_MXR	(1ul << 19)
#define MISA_D		(1ul << 3)
#define MISA_F		(1ul << 5)
/* H: V before the trap, and whether mtval holds a guest virtual address;
   in mstatus on RV64, in mstatush (bits 7, 6) on RV32 */
#define MSTATUS_GVA_BIT	38
#define MSTATUS_MPV_BIT	39
#define HSTATUS_GVA	(1ul << 6)
#define HSTATUS_SPV	(1ul << 7)
#define HSTATUS_SPVP	(1ul << 8)

#define IRQ_S_SOFT	1
#define IRQ_M_SOFT	3
#define IRQ_S_TIMER	5
#define IRQ_M_TIMER	7
#define IRQ_S_EXT	9
#define IRQ_M_EXT	11
#define IRQ_LCOF	13
#define MIP_SSIP	(1ul << IRQ_S_SOFT)
#define MIP_MSIP	(1ul << IRQ_M_SOFT)
#define MIP_STIP	(1ul << IRQ_S_TIMER)
#define MIP_MTIP	(1ul << IRQ_M_TIMER)
#define MIP_SEIP	(1ul << IRQ_S_EXT)
#define MIP_MEIP	(1ul << IRQ_M_EXT)

/* Smaia: the M-level interrupt file through miselect/mireg (AIA 3.6,
   3.9); identity 1 carries M-mode's IPIs where no MSWI does (ipi.c) */
#define CSR_MISELECT		0x350
#define CSR_MIREG		0x351
#define IMSIC_EIDELIVERY	0x70
#define IMSIC_EITHRESHOLD	0x72
#define IMSIC_EIP0		0x80
#define IMSIC_EIE0		0xc0
#define IMSIC_IPI_ID		1
#define MIP_LCOFIP	(1ul << IRQ_LCOF)

#define CAUSE_MISALIGNED_FETCH	0
#define CAUSE_FETCH_ACCESS	1
#define CAUSE_ILLEGAL_INSN	2
#define CAUSE_BREAKPOINT	3
#define CAUSE_MISALIGNED_LOAD	4
#define CAUSE_LOAD_ACCESS	5
#define CAUSE_MISALIGNED_STORE	6
#define CAUSE_STORE_ACCESS	7
#define CAUSE_USER_ECALL	8
#define CAUSE_SUPERVISOR_ECALL	9
#define CAUSE_FETCH_PAGE_FAULT	12
#define CAUSE_LOAD_PAGE_FAULT	13
#define CAUSE_STORE_PAGE_FAULT	15
#define CAUSE_VS_ECALL		10	/* H */
#define CAUSE_FETCH_GUEST_PF	20
#define CAUSE_LOAD_GUEST_PF	21
#define CAUSE_VIRTUAL_INSN	22
#define CAUSE_STORE_GUEST_PF	23

#define MENVCFG_STCE	(1ull << 63)
#define MENVCFG_CDE	(1ull << 60)	/* Smcdeleg: counters to S-mode */

#define PMP_R		0x01
#define PMP_W		0x02
#define PMP_X		0x04
#define PMP_TOR		0x08	/* top of range: [pmpaddr(i-1), pmpaddr(i)) */
#define PMP_NAPOT	0x18

#ifndef __ASSEMBLER__
#define __csr_str(x) #x
#define csr_read(csr) ({ unsigned long __v; \
	__asm__ volatile("csrr %0, " __csr_str(csr) : "=r"(__v) :: "memory"); __v; })
#define csr_write(csr, val) ({ unsigned long __v = (unsigned long)(val); \
	__asm__ volatile("csrw " __csr_str(csr) ", %0" :: "rK"(__v) : "memory"); })
#define csr_set(csr, val) ({ unsigned long __v = (unsigned long)(val); \
	__asm__ volatile("csrs " __csr_str(csr) ", %0" :: "rK"(__v) : "memory"); })
#define csr_clear(csr, val) ({ unsigned long __v = (unsigned long)(val); \
	__asm__ volatile("csrc " __csr_str(csr) ", %0" :: "rK"(__v) : "memory"); })
#define csr_read_set(csr, val) ({ unsigned long __v = (unsigned long)(val); \
	__asm__ volatile("csrrs %0, " __csr_str(csr) ", %1" : "=r"(__v) : "rK"(__v) : "memory"); __v; })
#define csr_swap(csr, val) ({ unsigned long __v = (unsigned long)(val); \
	__asm__ volatile("csrrw %0, " __csr_str(csr) ", %1" : "=r"(__v) : "rK"(__v) : "memory"); __v; })

#include <stdint.h>
#include "rvpmu/sbi.h"	/* CSR_TIME, CSR_TIMEH */

/**
 * csr_read_time64() - the time CSR, all 64 bits
 *
 * On RV32 its halves: high, low, then high again until the two highs
 * agree, so that a carry between the reads cannot tear the value.
 *
 * Context: Any hart, in M-mode; no lock.
 * Return: mtime as the time CSR shows it, 64 bits on both XLENs.
 */
static inline uint64_t csr_read_time64(void)
{
#if __riscv_xlen == 64
	return csr_read(CSR_TIME);
#else
	unsigned long hi, lo;

	do {
		hi = csr_read(CSR_TIMEH);
		lo = csr_read(CSR_TIME);
	} while (hi != csr_read(CSR_TIMEH));
	return ((uint64_t)hi << 32) | lo;
#endif
}

/**
 * csr_inhibit_counters() - inhibit or let run the counters of a mask
 * @mask: the counters, as mcountinhibit's bits (0 mcycle, 2 minstret, 3..31)
 * @on: nonzero: inhibit them (set the bits); 0: let them run (clear them)
 *
 * One csrs or csrc of mcountinhibit (0x320). No memory clobber (it touches
 * no memory), so that the core's inlined start/stop paths
 * (rvpmu_hw_platform.h) keep what they hold in registers.
 *
 * Context: M-mode, on the hart whose counters they are (its own CSR).
 */
static inline void csr_inhibit_counters(unsigned long mask, int on)
{
	if (on)
		__asm__ volatile("csrs 0x320, %0" :: "r"(mask));
	else
		__asm__ volatile("csrc 0x320, %0" :: "r"(mask));
}

/**
 * fw_relax() - one turn of a wait for another hart's few stores
 *
 * A wfi that cannot sleep: S-mode's software interrupt is made pending
 * and enabled for it (M-mode's interrupts are off, so nothing is taken),
 * then both go back as they were. The privileged spec lets wfi return at
 * once when an enabled interrupt is pending, and hardware running harts
 * side by side does. QEMU's one-thread round robin (-icount) leaves the
 * hart at every wfi and runs the next one: without it a hart spinning
 * here keeps the one it waits for (descheduled in its critical section
 * when its time slice ended) from running until the spinner's own slice
 * ends, up to 100 ms of virtual time. That was timerdl's sampler tick,
 * a fill lock behind a hart leaving the run, 100 ms late.
 *
 * Context: M-mode with its interrupts off (a trap handler); any hart.
 */
static inline void fw_relax(void)
{
	unsigned long ie = csr_read_set(CSR_MIE, MIP_SSIP) & MIP_SSIP;
	unsigned long ip = csr_read_set(CSR_MIP, MIP_SSIP) & MIP_SSIP;

	__asm__ volatile("wfi" ::: "memory");
	if (!ip)
		csr_clear(CSR_MIP, MIP_SSIP);
	if (!ie)
		csr_clear(CSR_MIE, MIP_SSIP);
}
#endif

#endif
