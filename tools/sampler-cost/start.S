/* SPDX-License-Identifier: BSD-2-Clause */
/* M-mode entry of the sampler cost probe: hart 0 runs main, others park. */
	.section .text.entry
	.globl	_start
_start:
	csrr	t0, mhartid
	bnez	t0, 2f
	lla	sp, stack_top
	call	main
2:	wfi
	j	2b

	.bss
	.balign	16
	.space	16384
stack_top:
