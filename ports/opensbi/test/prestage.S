/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ports/opensbi/test/prestage.S - a previous boot stage, for tests only:
 * with COUNTING, on every hart, leaves mhpmcounter3 counting cycles and
 * mhpmcounter4 instructions (QEMU virt's event selectors 1 and 2,
 * mcountinhibit cleared); then, with or without, enters the next stage at
 * NEXT with a0-a2 as QEMU's reset code gave them (hart id, DT,
 * fw_dynamic_info). What a loader that uses the counters, or a warm reset
 * that keeps them (QEMU's does), hands OpenSBI; without COUNTING the same
 * start with the counters as QEMU resets them (ports/opensbi/prestage-check).
 */
	.section .text.entry
	.globl	_start
_start:
#ifdef COUNTING
	li	t0, 1
	csrw	mhpmevent3, t0
	li	t0, 2
	csrw	mhpmevent4, t0
	csrw	mcountinhibit, zero
#endif
	li	t0, NEXT
	jr	t0
