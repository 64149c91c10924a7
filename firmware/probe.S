/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * While probing for CSRs that may not exist (pmu_hw.c), or accessing
 * memory as the trapped mode would (trap_misalign.c), mtvec points here:
 * skip the faulting (4-byte) instruction and say so in t1; mcause and
 * mtval say what faulted. The code sets t1 = 0 before the access and
 * declares t0/t1 clobbered. A file of its own, so that the misaligned
 * emulation's M-mode test (tests/misalign/mmode.c) links it alone.
 */
	.text
	.align	4
	.globl	fw_probe_vector
fw_probe_vector:
	csrr	t0, mepc
	addi	t0, t0, 4
	csrw	mepc, t0
	li	t1, 1
	mret
