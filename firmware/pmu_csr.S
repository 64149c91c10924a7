/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * RV64 counter CSR access for the PMU core's hardware ops: CSR numbers
 * are immediates, so each counter gets an 8-byte slot (the access, then
 * ret) and a call jumps straight to slot[ctr]. Four instructions of
 * dispatch where a C switch takes seven; these sit on every start/stop.
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
 * and the sampler's list ops (struct rvpmu_hw_ops load and read_list),
 * one dispatch per counter and no C call:
 *   void fw_csr_load(void *ctx, const uint8_t *ctr, const uint64_t *ev, unsigned int n)
 *   void fw_csr_read_list(void *ctx, const uint8_t *ctr, unsigned int n, uint8_t *dst,
 *                         const uint32_t *off)
 */
#if __riscv_xlen == 64
	.option	norelax		/* the slots must stay 8 bytes apart */

/* firmware/pmu_inline.h calls the slots from inline asm that declares
   only a0, a1, t0, t1 and ra clobbered: keep the slots to those. */
.macro DISPATCH table
	slli	t1, a1, 3
	lla	t0, \table
	add	t0, t0, t1
	jr	t0
.endm

	.text
	.globl	fw_csr_read_ctr, fw_csr_write_ctr, fw_csr_write_event, fw_csr_read_event
	.globl	fw_csr_swap_event
fw_csr_read_ctr:
	DISPATCH 1f
	.balign	8
1:
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	.balign	8
	csrr	a0, 0xb00 + \n
	ret
	.endr

fw_csr_write_ctr:
	DISPATCH 1f
	.balign	8
1:
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	.balign	8
	csrw	0xb00 + \n, a2
	ret
	.endr

/* the event tables start at counter 3: callers never name 0..2 */
fw_csr_write_event:
	addi	a1, a1, -3
	DISPATCH 1f
	.balign	8
1:
	.irp	n, 3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	.balign	8
	csrw	0x320 + \n, a2
	ret
	.endr

fw_csr_read_event:
	addi	a1, a1, -3
	DISPATCH 1f
	.balign	8
1:
	.irp	n, 3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	.balign	8
	csrr	a0, 0x320 + \n
	ret
	.endr

fw_csr_swap_event:
	addi	a1, a1, -3
	DISPATCH 1f
	.balign	8
1:
	.irp	n, 3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	.balign	8
	csrrw	a0, 0x320 + \n, a2
	ret
	.endr

/* The list ops call their slot with jalr t0 and the slot returns by t0;
   16-byte slots for load (three CSR writes, then the jump back). */
	.globl	fw_csr_load, fw_csr_read_list
fw_csr_load:
	beqz	a3, 2f
	lla	t2, 1f
3:	lbu	t1, 0(a1)
	ld	a4, 0(a2)
	addi	t1, t1, -3
	slli	t1, t1, 4
	add	t1, t1, t2
	jalr	t0, t1
	addi	a1, a1, 1
	addi	a2, a2, 8
	addiw	a3, a3, -1
	bnez	a3, 3b
2:	ret
	.balign	16
1:
	.irp	n, 3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	.balign	16
	/* 0 first: QEMU 7.2 keeps an old event mapped until mhpmevent is 0 */
	csrw	0x320 + \n, zero
	csrw	0x320 + \n, a4
	csrw	0xb00 + \n, zero
	jr	t0
	.endr

fw_csr_read_list:
	beqz	a2, 2f
	lla	t2, 1f
3:	lbu	t1, 0(a1)
	slli	t1, t1, 3
	add	t1, t1, t2
	jalr	t0, t1
	lwu	t1, 0(a4)
	add	t1, t1, a3
	sd	a5, 0(t1)
	addi	a1, a1, 1
	addi	a4, a4, 4
	addiw	a2, a2, -1
	bnez	a2, 3b
2:	ret
	.balign	8
1:
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	.balign	8
	csrr	a5, 0xb00 + \n
	jr	t0
	.endr
#endif
