/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * RV64 counter CSR access for the PMU core's hardware ops: CSR numbers
 * are immediates, so each counter gets an 8-byte slot (the access, then
 * a jump back) and a call jumps straight to slot[ctr]: one jalr from the
 * inline accesses on every start/stop, where a C switch takes seven.
 * The core passes only counters that exist. RV32 has its own tables of
 * 16-byte slots below (a 64-bit counter is two CSRs there); its ops table
 * keeps pmu_hw.c's C switches.
 *
 * They have the signatures of struct rvpmu_hw_ops, so the ops table points
 * at them directly (ctx, in a0, is not used):
 *   uint64_t fw_csr_read_ctr(void *ctx, unsigned int ctr)    mcycle..mhpmcounter31
 *   void     fw_csr_write_ctr(void *ctx, unsigned int ctr, uint64_t v)
 *   void     fw_csr_write_event(void *ctx, unsigned int ctr, uint64_t v)  mhpmevent3..31
 *   uint64_t fw_csr_read_event(void *ctx, unsigned int ctr)
 *   uint64_t fw_csr_swap_event(void *ctx, unsigned int ctr, uint64_t v)
 * The sampler's group accesses are grp_csr.S's.
 */
#if __riscv_xlen == 64
	.option	norelax		/* the slots must stay 8 bytes apart */

/*
 * One region of 8-byte slots, a table of 32 per access (slot n for
 * counter n; the event tables' slots 0..2 are never called). A slot takes
 * its value in t1, leaves its result in t1 and returns by t0:
 * firmware/rvpmu_hw_platform.h calls it with one `jalr t0, TABLE(slots + 8*ctr)`
 * from inline asm that declares only t0 clobbered, so the calling C
 * function keeps every other register and needs no frame for ra.
 */
#include "csr.h"
#include "rvpmu_hw_platform.h"	/* the FW_SLOT_* table offsets */

	.text
	.globl	fw_csr_slots
	.balign	8
/* .org puts each table where rvpmu_hw_platform.h expects it (and fails the
   build if the one before overran it) */
.macro TABLE at, first, insn:vararg
	.org	fw_csr_slots + \at + 8 * \first
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	.if	\n >= \first
	.balign	8
	\insn
	jr	t0
	.endif
	.endr
.endm
fw_csr_slots:
	TABLE	FW_SLOT_READ_CTR, 0, csrr t1, CSR_MHPMCOUNTER_BASE + \n
	TABLE	FW_SLOT_WRITE_CTR, 0, csrw CSR_MHPMCOUNTER_BASE + \n, t1
	TABLE	FW_SLOT_WRITE_EVENT, 3, csrw CSR_MHPMEVENT_BASE + \n, t1
	TABLE	FW_SLOT_SWAP_EVENT, 3, csrrw t1, CSR_MHPMEVENT_BASE + \n, t1
	TABLE	FW_SLOT_READ_EVENT, 3, csrr t1, CSR_MHPMEVENT_BASE + \n
	.org	fw_csr_slots + FW_SLOT_READ_EVENT + 256

/* The same accesses for the ops table (C calling convention; ctx, in a0,
   is not used): one slot call each. */
.macro OPS_CALL table
	lla	t1, fw_csr_slots
	slli	a1, a1, 3
	add	a1, a1, t1
	mv	t1, a2
	jalr	t0, \table(a1)
	mv	a0, t1
	ret
.endm

	.globl	fw_csr_read_ctr, fw_csr_write_ctr, fw_csr_write_event, fw_csr_read_event
	.globl	fw_csr_swap_event
fw_csr_read_ctr:
	OPS_CALL FW_SLOT_READ_CTR
fw_csr_write_ctr:
	OPS_CALL FW_SLOT_WRITE_CTR
fw_csr_write_event:
	OPS_CALL FW_SLOT_WRITE_EVENT
fw_csr_swap_event:
	OPS_CALL FW_SLOT_SWAP_EVENT
fw_csr_read_event:
	OPS_CALL FW_SLOT_READ_EVENT

#else	/* RV32 */
	.option	norelax		/* the slots must stay 16 bytes apart */
#include "csr.h"
#include "rvpmu_hw_platform.h"	/* the FW_SLOT_* table offsets */

/*
 * RV32: a counter and its event are CSR pairs, so a slot is 16 bytes (at
 * most three CSR accesses and the jump back) and one table 512 bytes. The
 * six tables would not fit a jalr's reach from their start, so
 * fw_csr_slots is their middle (FW_SLOT_BIAS in): the offsets run from
 * -1536 to +1024. A slot takes a value's low half in t1 and high half in
 * t2, answers the same way and returns by t0; the read slot also leaves
 * its second read of the high half in a7, and the caller repeats it until
 * the two high halves agree (rvpmu_hw_platform.h).
 */
	.text
	.globl	fw_csr_slots
	.balign	16
.macro TABLE at, first, body
	.org	fw_csr_region + FW_SLOT_BIAS + \at + 16 * \first
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	.if	\n >= \first
	.balign	16
	\body	\n
	jr	t0
	.endif
	.endr
.endm
/* hi, lo, hi again (a7): the pair is whole when the highs agree */
.macro READ_CTR n
	csrr	t2, CSR_MHPMCOUNTERH_BASE + \n
	csrr	t1, CSR_MHPMCOUNTER_BASE + \n
	csrr	a7, CSR_MHPMCOUNTERH_BASE + \n
.endm
/* low half 0 first: no carry into the new high half */
.macro WRITE_CTR n
	csrw	CSR_MHPMCOUNTER_BASE + \n, zero
	csrw	CSR_MHPMCOUNTERH_BASE + \n, t2
	csrw	CSR_MHPMCOUNTER_BASE + \n, t1
.endm
/* mhpmeventNh exists only with Sscofpmf: WRITE_EVENT_LO without it */
.macro WRITE_EVENT n
	csrw	CSR_MHPMEVENT_BASE + \n, t1
	csrw	CSR_MHPMEVENTH_BASE + \n, t2
.endm
.macro SWAP_EVENT n
	csrrw	t1, CSR_MHPMEVENT_BASE + \n, t1
	csrrw	t2, CSR_MHPMEVENTH_BASE + \n, t2
.endm
/* the high half only (OF is its bit 31), in t1 */
.macro READ_EVENT n
	csrr	t1, CSR_MHPMEVENTH_BASE + \n
.endm
.macro WRITE_EVENT_LO n
	csrw	CSR_MHPMEVENT_BASE + \n, t1
.endm
fw_csr_region:
	TABLE	FW_SLOT_READ_CTR, 0, READ_CTR
	TABLE	FW_SLOT_WRITE_CTR, 0, WRITE_CTR
	TABLE	FW_SLOT_WRITE_EVENT, 3, WRITE_EVENT
	TABLE	FW_SLOT_SWAP_EVENT, 3, SWAP_EVENT
	TABLE	FW_SLOT_READ_EVENT, 3, READ_EVENT
	TABLE	FW_SLOT_WRITE_EVENT_LO, 3, WRITE_EVENT_LO
	.org	fw_csr_region + FW_SLOT_BIAS + FW_SLOT_WRITE_EVENT_LO + 512
	.set	fw_csr_slots, fw_csr_region + FW_SLOT_BIAS

#endif
