/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The sampler's group accesses (core/pmu.h, struct rvpmu_group), both
 * XLENs: rvpmu_hw_platform.h calls them by `jal t2` from inline asm that names
 * every register they touch, so the switch around them keeps its own.
 * Each comes twice: by list (any counters: a table of slots, one per
 * counter, called by `jalr t0`), and for a group on hpm counters 3, 4, ..
 * 3 + n - 1 in order (seq: one fixed-size block a counter, from counter
 * 3 + n - 1 down to 3, entered at the group's size; no compressed
 * instructions there, so that the size is known).
 *
 *  - read: each counter's count (its value less the group base,
 *    RVPMU_GROUP_BASE = 0xC000000000000000) to dst + off[j], read while
 *    the counter runs (QEMU answers only the first read of an inhibited
 *    cycles/instret counter live; RV32 reads high, low, high until the
 *    highs agree), then mhpmevent 0 (RV32: both halves): QEMU 7.2 lets an
 *    event own one counter and drops the mapping only when mhpmevent is
 *    written 0, and the next group's events must find no counter holding
 *    them. The caller inhibits the group after.
 *  - load: a counter with mhpmevent 0 gets its event and the group base.
 *    The event before the value: QEMU starts a cycles/instret counter's
 *    count at the value's write only if the event is mapped by then. On
 *    RV32 the high halves first (the event's: QEMU maps the event when the
 *    low half, the selector, is written; then the counter's: QEMU arms its
 *    faked-overflow timer at each half's write from the 64-bit value it
 *    then holds, and the old high half with a new low one could put that
 *    deadline in the past, which takes the hart off its CPU).
 */
#include "csr.h"
#include "rvpmu_hw_platform.h"	/* FW_GROUP_BASE_SHIFT */

	.option	norelax
	.globl	fw_grp_read, fw_grp_load, fw_grp_read_seq, fw_grp_load_seq

#if __riscv_xlen == 64

/* fw_grp_read: a1 counter list, a2 n (> 0), a3 dst, a4 offset list.
   Uses a5, a6, t0, t1 (16-byte slots). The count is the value with bits
   63:62 cleared (the base's; no window counts 2^62). */
fw_grp_read:
	lla	a6, 1f
3:	lbu	t1, 0(a1)
	slli	t1, t1, 4
	add	t1, t1, a6
	jalr	t0, t1			/* a5: the value */
	slli	a5, a5, 64 - FW_GROUP_BASE_SHIFT
	srli	a5, a5, 64 - FW_GROUP_BASE_SHIFT
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
	csrr	a5, CSR_MHPMCOUNTER_BASE + \n
	.if	\n >= 3
	csrw	CSR_MHPMEVENT_BASE + \n, zero
	.endif
	jr	t0
	.endr

/* fw_grp_load: a1 counter list, a2 mhpmevent list, a3 n (> 0). a0: the
   counters' mcountinhibit mask. Uses a4, a5, a6, a7, t0, t1. */
fw_grp_load:
	lla	a6, 1f
	li	a7, -1
	slli	a7, a7, FW_GROUP_BASE_SHIFT	/* RVPMU_GROUP_BASE */
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
	csrw	CSR_MHPMEVENT_BASE + \n, a4
	csrw	CSR_MHPMCOUNTER_BASE + \n, a7
	.endif
	jr	t0
	.endr

/* fw_grp_read_seq: a2 n (1..29), a3 dst, a4 the last offset (off + n - 1).
   Uses a4, a5, t0 (the group base), t1. */
fw_grp_read_seq:
	lla	t1, 2f
	slli	t0, a2, 5
	sub	t1, t1, t0
	slli	t0, a2, 2
	add	t1, t1, t0		/* 2f - 28 n */
	li	t0, -1
	slli	t0, t0, FW_GROUP_BASE_SHIFT	/* RVPMU_GROUP_BASE */
	jr	t1
	.option	push
	.option	norvc
	.irp	n, 31,30,29,28,27,26,25,24,23,22,21,20,19,18,17,16,15,14,13,12,11,10,9,8,7,6,5,4,3
	csrr	a5, CSR_MHPMCOUNTER_BASE + \n
	csrw	CSR_MHPMEVENT_BASE + \n, zero
	sub	a5, a5, t0
	lwu	t1, 0(a4)
	add	t1, t1, a3
	sd	a5, 0(t1)
	addi	a4, a4, -4
	.endr
	.option	pop
2:	jr	t2

/* fw_grp_load_seq: a2 the last mhpmevent (ev + n - 1), a3 n (1..29).
   Uses a2, a4, t0 (the group base), t1. */
fw_grp_load_seq:
	lla	t1, 2f
	slli	t0, a3, 4
	sub	t1, t1, t0		/* 2f - 16 n */
	li	t0, -1
	slli	t0, t0, FW_GROUP_BASE_SHIFT	/* RVPMU_GROUP_BASE */
	jr	t1
	.option	push
	.option	norvc
	.irp	n, 31,30,29,28,27,26,25,24,23,22,21,20,19,18,17,16,15,14,13,12,11,10,9,8,7,6,5,4,3
	ld	a4, 0(a2)
	csrw	CSR_MHPMEVENT_BASE + \n, a4
	csrw	CSR_MHPMCOUNTER_BASE + \n, t0
	addi	a2, a2, -8
	.endr
	.option	pop
2:	jr	t2

#else	/* RV32 */

/* fw_grp_read: a1 counter list, a2 n (> 0), a3 dst, a4 offset list.
   Uses a0, a5, a6, a7, t0, t1 (32-byte slots). */
fw_grp_read:
	lla	a6, 1f
	li	a7, -1 << (FW_GROUP_BASE_SHIFT - 32)	/* RVPMU_GROUP_BASE's high half */
3:	lbu	t1, 0(a1)
	slli	t1, t1, 5
	add	t1, t1, a6
	jalr	t0, t1			/* a5: high, a0: low */
	sub	a5, a5, a7
	lw	t1, 0(a4)
	add	t1, t1, a3
	sw	a0, 0(t1)
	sw	a5, 4(t1)
	addi	a1, a1, 1
	addi	a4, a4, 4
	addi	a2, a2, -1
	bnez	a2, 3b
	jr	t2
	.balign	32
1:
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	.balign	32
4:	csrr	a5, CSR_MHPMCOUNTERH_BASE + \n
	csrr	a0, CSR_MHPMCOUNTER_BASE + \n
	csrr	t1, CSR_MHPMCOUNTERH_BASE + \n
	bne	a5, t1, 4b
	.if	\n >= 3
	csrw	CSR_MHPMEVENT_BASE + \n, zero
	csrw	CSR_MHPMEVENTH_BASE + \n, zero
	.endif
	jr	t0
	.endr

/* fw_grp_load: a1 counter list, a2 mhpmevent list (64 bits each), a3 n
   (> 0). a0: the counters' mcountinhibit mask. Uses a4, a5, a6, a7, t0,
   t1 (32-byte slots). */
fw_grp_load:
	lla	a6, 1f
	li	a7, -1 << (FW_GROUP_BASE_SHIFT - 32)	/* RVPMU_GROUP_BASE's high half */
	li	a0, 0
3:	lbu	t1, 0(a1)
	lw	a4, 0(a2)
	lw	a5, 4(a2)
	li	t0, 1
	sll	t0, t0, t1
	or	a0, a0, t0
	slli	t1, t1, 5
	add	t1, t1, a6
	jalr	t0, t1
	addi	a1, a1, 1
	addi	a2, a2, 8
	addi	a3, a3, -1
	bnez	a3, 3b
	jr	t2
	.balign	32
1:
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	.balign	32
	.if	\n >= 3
	csrw	CSR_MHPMEVENTH_BASE + \n, a5
	csrw	CSR_MHPMEVENT_BASE + \n, a4
	csrw	CSR_MHPMCOUNTERH_BASE + \n, a7
	csrw	CSR_MHPMCOUNTER_BASE + \n, zero
	.endif
	jr	t0
	.endr

/* fw_grp_read_seq: a2 n (1..29), a3 dst, a4 the last offset (off + n - 1).
   Uses a2 (the group base's high half, once n is spent), a4, a5, t0, t1. */
fw_grp_read_seq:
	lla	t1, 2f
	li	t0, 48
	mul	t0, t0, a2
	sub	t1, t1, t0		/* 2f - 48 n */
	li	a2, -1 << (FW_GROUP_BASE_SHIFT - 32)	/* RVPMU_GROUP_BASE's high half */
	jr	t1
	.option	push
	.option	norvc
	.irp	n, 31,30,29,28,27,26,25,24,23,22,21,20,19,18,17,16,15,14,13,12,11,10,9,8,7,6,5,4,3
1:	csrr	a5, CSR_MHPMCOUNTERH_BASE + \n
	csrr	t0, CSR_MHPMCOUNTER_BASE + \n
	csrr	t1, CSR_MHPMCOUNTERH_BASE + \n
	bne	a5, t1, 1b
	sub	a5, a5, a2
	lw	t1, 0(a4)
	add	t1, t1, a3
	sw	t0, 0(t1)
	sw	a5, 4(t1)
	csrw	CSR_MHPMEVENT_BASE + \n, zero
	csrw	CSR_MHPMEVENTH_BASE + \n, zero
	addi	a4, a4, -4
	.endr
	.option	pop
2:	jr	t2

/* fw_grp_load_seq: a2 the last mhpmevent (ev + n - 1, 64 bits each), a3 n
   (1..29). Uses a2, a4, a5, t0 (the group base's high half), t1. */
fw_grp_load_seq:
	lla	t1, 2f
	slli	t0, a3, 5
	sub	t1, t1, t0
	slli	t0, a3, 2
	add	t1, t1, t0		/* 2f - 28 n */
	li	t0, -1 << (FW_GROUP_BASE_SHIFT - 32)	/* RVPMU_GROUP_BASE's high half */
	jr	t1
	.option	push
	.option	norvc
	.irp	n, 31,30,29,28,27,26,25,24,23,22,21,20,19,18,17,16,15,14,13,12,11,10,9,8,7,6,5,4,3
	lw	a4, 0(a2)
	lw	a5, 4(a2)
	csrw	CSR_MHPMEVENTH_BASE + \n, a5
	csrw	CSR_MHPMEVENT_BASE + \n, a4
	csrw	CSR_MHPMCOUNTERH_BASE + \n, t0
	csrw	CSR_MHPMCOUNTER_BASE + \n, zero
	addi	a2, a2, -8
	.endr
	.option	pop
2:	jr	t2
#endif
