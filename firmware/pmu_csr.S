/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * RV64 counter CSR access for the PMU core's hardware ops: CSR numbers
 * are immediates, so each counter gets an 8-byte slot (the access, then
 * a jump back) and a call jumps straight to slot[ctr]: one jalr from the
 * inline accesses on every start/stop, where a C switch takes seven.
 * The core passes only counters that exist. RV32 uses the C switches in
 * pmu_hw.c (a 64-bit counter is two CSRs there).
 *
 * They have the signatures of struct rvpmu_hw_ops, so the ops table points
 * at them directly (ctx, in a0, is not used):
 *   uint64_t fw_csr_read_ctr(void *ctx, unsigned int ctr)    mcycle..mhpmcounter31
 *   void     fw_csr_write_ctr(void *ctx, unsigned int ctr, uint64_t v)
 *   void     fw_csr_write_event(void *ctx, unsigned int ctr, uint64_t v)  mhpmevent3..31
 *   uint64_t fw_csr_read_event(void *ctx, unsigned int ctr)
 *   uint64_t fw_csr_swap_event(void *ctx, unsigned int ctr, uint64_t v)
 * and the sampler's list ops (the meaning of struct rvpmu_hw_ops load and
 * read_list), one dispatch per counter: fw_grp_read and fw_grp_load, which
 * pmu_inline.h calls without the C calling convention (so the ops table
 * does not name them).
 */
#if __riscv_xlen == 64
	.option	norelax		/* the slots must stay 8 bytes apart */

/*
 * One region of 8-byte slots, a table of 32 per access (slot n for
 * counter n; the event tables' slots 0..2 are never called). A slot takes
 * its value in t1, leaves its result in t1 and returns by t0:
 * firmware/pmu_inline.h calls it with one `jalr t0, TABLE(slots + 8*ctr)`
 * from inline asm that declares only t0 clobbered, so the calling C
 * function keeps every other register and needs no frame for ra.
 */
#include "pmu_inline.h"	/* the FW_SLOT_* table offsets */

	.text
	.globl	fw_csr_slots
	.balign	8
/* .org puts each table where pmu_inline.h expects it (and fails the
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
	TABLE	FW_SLOT_READ_CTR, 0, csrr t1, 0xb00 + \n
	TABLE	FW_SLOT_WRITE_CTR, 0, csrw 0xb00 + \n, t1
	TABLE	FW_SLOT_WRITE_EVENT, 3, csrw 0x320 + \n, t1
	TABLE	FW_SLOT_SWAP_EVENT, 3, csrrw t1, 0x320 + \n, t1
	TABLE	FW_SLOT_READ_EVENT, 3, csrr t1, 0x320 + \n
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

/*
 * The sampler's list ops. fw_grp_read and fw_grp_load are called by
 * `jal t2` from pmu_inline.h's inline asm, which names every register
 * they touch, so the switch around them keeps its own; each counter's
 * slot is called by `jalr t0` and returns by t0 (16-byte slots).
 *
 * fw_grp_read: a1 counter list, a2 n (> 0), a3 dst, a4 offset list;
 * counter a1[j]'s value to a3 + a4[j], its mhpmevent 0. Uses a5, a6, t0, t1.
 */
	.globl	fw_grp_read, fw_grp_load
fw_grp_read:
	lla	a6, 1f
3:	lbu	t1, 0(a1)
	slli	t1, t1, 4
	add	t1, t1, a6
	jalr	t0, t1
	lwu	t1, 0(a4)
	add	t1, t1, a3
	sd	a5, 0(t1)
	addi	a1, a1, 1
	addi	a4, a4, 4
	addi	a2, a2, -1
	bnez	a2, 3b
	jr	t2
	.balign	16
1:
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	.balign	16
	csrr	a5, 0xb00 + \n
	.if	\n >= 3
	/* unmapped: QEMU 7.2 lets an event own one counter until its
	   mhpmevent is 0, and the next group may want it elsewhere */
	csrw	0x320 + \n, zero
	.endif
	jr	t0
	.endr

/*
 * fw_grp_load: a1 counter list, a2 mhpmevent list, a3 n (> 0); counter
 * a1[j] (mhpmevent 0) gets a2[j] and counts from 0. a0: the counters'
 * mcountinhibit mask. Uses a4, a5, a6, t0, t1.
 */
fw_grp_load:
	lla	a6, 1f
	li	a0, 0
3:	lbu	t1, 0(a1)
	ld	a4, 0(a2)
	li	a5, 1
	sll	a5, a5, t1
	or	a0, a0, a5
	slli	t1, t1, 4
	add	t1, t1, a6
	jalr	t0, t1
	addi	a1, a1, 1
	addi	a2, a2, 8
	addi	a3, a3, -1
	bnez	a3, 3b
	jr	t2
	.balign	16
1:
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	.balign	16
	.if	\n >= 3
	csrw	0x320 + \n, a4
	csrw	0xb00 + \n, zero
	.endif
	jr	t0
	.endr

/*
 * The same for a group whose hpm counters are 3, 4, .. 3 + n - 1 in order
 * (core/pmu.h, struct rvpmu_group seq): no list to walk, the code for
 * counters 3 + n - 1 down to 3 entered at its size, one fixed-size block a
 * counter (no compressed instructions, so that the size is known).
 *
 * fw_grp_read_seq: a2 n (1..29), a3 dst, a4 the last offset (off + n - 1);
 * counter 3 + j's value to a3 + off[j], its mhpmevent 0. Uses a4, a5, t0, t1.
 */
	.globl	fw_grp_read_seq, fw_grp_load_seq
fw_grp_read_seq:
	lla	t1, 2f
	slli	t0, a2, 4
	sub	t1, t1, t0
	slli	t0, a2, 3
	sub	t1, t1, t0		/* 2f - 24 n */
	jr	t1
	.option	push
	.option	norvc
	.irp	n, 31,30,29,28,27,26,25,24,23,22,21,20,19,18,17,16,15,14,13,12,11,10,9,8,7,6,5,4,3
	csrr	a5, 0xb00 + \n
	csrw	0x320 + \n, zero
	lwu	t1, 0(a4)
	add	t1, t1, a3
	sd	a5, 0(t1)
	addi	a4, a4, -4
	.endr
	.option	pop
2:	jr	t2

/*
 * fw_grp_load_seq: a2 the last mhpmevent (ev + n - 1), a3 n (1..29);
 * counter 3 + j (mhpmevent 0) gets ev[j] and counts from 0. Uses a2, a4,
 * t0, t1.
 */
fw_grp_load_seq:
	lla	t1, 2f
	slli	t0, a3, 4
	sub	t1, t1, t0		/* 2f - 16 n */
	jr	t1
	.option	push
	.option	norvc
	.irp	n, 31,30,29,28,27,26,25,24,23,22,21,20,19,18,17,16,15,14,13,12,11,10,9,8,7,6,5,4,3
	ld	a4, 0(a2)
	csrw	0x320 + \n, a4
	csrw	0xb00 + \n, zero
	addi	a2, a2, -8
	.endr
	.option	pop
2:	jr	t2

#else	/* RV32 */

/*
 * RV32: only the sampler's groups on hpm counters 3, 4, .. in order (core
 * struct rvpmu_group seq), entered at the group's size like RV64's, one
 * fixed-size block a counter (no compressed instructions). A counter is
 * two CSRs: the read takes each counter while it still runs (high, low,
 * high again until the highs agree: QEMU answers only the first read of
 * an inhibited cycles/instret counter live, so reading both halves after
 * the inhibit would take a stale half), then unmaps it; the caller
 * inhibits the group right after (pmu_inline.h, RVPMU_HW_SEQ_READ_LIVE).
 *
 * fw_grp_read_seq: a2 n (1..29), a3 dst, a4 the last offset (off + n - 1);
 * counter 3 + j's value to a3 + off[j], its mhpmevent and mhpmeventh 0.
 * Uses a4, a5, t0, t1.
 */
	.option	norelax
	.globl	fw_grp_read_seq, fw_grp_load_seq
fw_grp_read_seq:
	lla	t1, 2f
	li	t0, 44
	mul	t0, t0, a2
	sub	t1, t1, t0		/* 2f - 44 n */
	jr	t1
	.option	push
	.option	norvc
	.irp	n, 31,30,29,28,27,26,25,24,23,22,21,20,19,18,17,16,15,14,13,12,11,10,9,8,7,6,5,4,3
1:	csrr	a5, 0xb80 + \n
	csrr	t0, 0xb00 + \n
	csrr	t1, 0xb80 + \n
	bne	a5, t1, 1b
	lw	t1, 0(a4)
	add	t1, t1, a3
	sw	t0, 0(t1)
	sw	a5, 4(t1)
	csrw	0x320 + \n, zero
	csrw	0x720 + \n, zero
	addi	a4, a4, -4
	.endr
	.option	pop
2:	jr	t2

/*
 * fw_grp_load_seq: a2 the last mhpmevent (ev + n - 1, 64 bits each), a3 n
 * (1..29); counter 3 + j (mhpmevent 0) gets ev[j] (its high half first:
 * QEMU maps the event when the low half, the selector, is written) and
 * counts from 0. Uses a2, a4, a5, t0, t1.
 */
fw_grp_load_seq:
	lla	t1, 2f
	slli	t0, a3, 5
	sub	t1, t1, t0
	slli	t0, a3, 2
	sub	t1, t1, t0		/* 2f - 28 n */
	jr	t1
	.option	push
	.option	norvc
	.irp	n, 31,30,29,28,27,26,25,24,23,22,21,20,19,18,17,16,15,14,13,12,11,10,9,8,7,6,5,4,3
	lw	a4, 0(a2)
	lw	a5, 4(a2)
	csrw	0x720 + \n, a5
	csrw	0x320 + \n, a4
	csrw	0xb00 + \n, zero
	csrw	0xb80 + \n, zero
	addi	a2, a2, -8
	.endr
	.option	pop
2:	jr	t2
#endif
