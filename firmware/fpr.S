/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The trapped context's FP registers by number, for the emulation of
 * misaligned FP loads and stores (trap_misalign.c). The firmware's C has
 * no FP: the register number picks an entry of a table of one access and
 * a return each. The caller has checked that the hart has the extension
 * and that mstatus.FS is not Off.
 *
 *   fw_fpr_store64(r, p)  *(uint64_t *)p = f[r]   (fsd, D)
 *   fw_fpr_load64(r, p)   f[r] = *(uint64_t *)p   (fld, D)
 *   fw_fpr_store32(r, p)  *(uint32_t *)p = f[r]   (fsw, F)
 *   fw_fpr_load32(r, p)   f[r] = *(uint32_t *)p   (flw, F)
 * Only t0 is used besides a0/a1 (t3-t6 are the firmware's fixed ones).
 */
	.option	push
	.option	arch, +d
	.option	norvc		/* 8 bytes an entry */

.macro	FPR_TABLE name, insn
	.text
	.align	2
	.globl	\name
\name:
	andi	a0, a0, 31
	slli	a0, a0, 3
	la	t0, .L\name\()_table
	add	t0, t0, a0
	jr	t0
.L\name\()_table:
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	\insn	f\n, 0(a1)
	ret
	.endr
.endm

	FPR_TABLE fw_fpr_store64, fsd
	FPR_TABLE fw_fpr_load64, fld
	FPR_TABLE fw_fpr_store32, fsw
	FPR_TABLE fw_fpr_load32, flw

	.option	pop
