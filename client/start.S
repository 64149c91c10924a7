/* SPDX-License-Identifier: BSD-2-Clause */
/* S-mode entry points and trap vector of the payload runtime. */
#if __riscv_xlen == 64
#define REG_S	sd
#define REG_L	ld
#define RB	8
#else
#define REG_S	sw
#define REG_L	lw
#define RB	4
#endif
#define STACK_SHIFT 14
#define FRAME (16 * RB)

/* tp = hartid, sp = the top of this hart's stack, traps to rt_trap_vector */
.macro hart_setup
	mv	tp, a0
	la	sp, rt_stacks
	addi	t0, a0, 1
	slli	t0, t0, STACK_SHIFT
	add	sp, sp, t0
	la	t0, rt_trap_vector
	csrw	stvec, t0
.endm

	.section .text.entry, "ax"
	.globl _start
_start:				/* a0 = hartid, a1 = DTB */
	csrr	s1, time	/* first thing: time since reset (boot benches) */
	csrr	s0, instret	/* and instructions since reset */
	/*
	 * Only the boot hart belongs here. A hart that arrives after it was
	 * sent by a firmware whose hart_start let it run before the start
	 * address was set (the entry it had at boot is this one): zeroing
	 * .bss now would wipe the running payload, so it goes on as the
	 * hart_start it was meant to be (rt_secondary says so).
	 */
	la	t0, rt_boot_entered
	li	t1, 1
	amoswap.w t1, t1, (t0)
	bnez	t1, .Llate_boot_entry
	hart_setup
	la	t0, _bss_start
	la	t1, _bss_end
1:	bgeu	t0, t1, 2f
	REG_S	zero, 0(t0)
	addi	t0, t0, RB
	j	1b
2:	la	t0, rt_entry_instret
	REG_S	s0, 0(t0)
	la	t0, rt_entry_time
	REG_S	s1, 0(t0)
	call	rt_boot
3:	wfi
	j	3b

	.globl	rt_secondary_entry
rt_secondary_entry:		/* a0 = hartid, a1 = opaque (unused) */
	li	a1, 0
.Lsecondary_common:
	hart_setup
	call	rt_secondary	/* (hartid, came by the boot entry) */
4:	wfi
	j	4b

.Llate_boot_entry:
	li	a1, 1
	j	.Lsecondary_common

	.data
	.align	2
rt_boot_entered:
	.word	0

	.text
	.align	4
	.globl	rt_trap_vector
rt_trap_vector:
	addi	sp, sp, -FRAME
	REG_S	ra, 0*RB(sp)
	REG_S	t0, 1*RB(sp)
	REG_S	t1, 2*RB(sp)
	REG_S	t2, 3*RB(sp)
	REG_S	t3, 4*RB(sp)
	REG_S	t4, 5*RB(sp)
	REG_S	t5, 6*RB(sp)
	REG_S	t6, 7*RB(sp)
	REG_S	a0, 8*RB(sp)
	REG_S	a1, 9*RB(sp)
	REG_S	a2, 10*RB(sp)
	REG_S	a3, 11*RB(sp)
	REG_S	a4, 12*RB(sp)
	REG_S	a5, 13*RB(sp)
	REG_S	a6, 14*RB(sp)
	REG_S	a7, 15*RB(sp)
	call	rt_trap
	REG_L	ra, 0*RB(sp)
	REG_L	t0, 1*RB(sp)
	REG_L	t1, 2*RB(sp)
	REG_L	t2, 3*RB(sp)
	REG_L	t3, 4*RB(sp)
	REG_L	t4, 5*RB(sp)
	REG_L	t5, 6*RB(sp)
	REG_L	t6, 7*RB(sp)
	REG_L	a0, 8*RB(sp)
	REG_L	a1, 9*RB(sp)
	REG_L	a2, 10*RB(sp)
	REG_L	a3, 11*RB(sp)
	REG_L	a4, 12*RB(sp)
	REG_L	a5, 13*RB(sp)
	REG_L	a6, 14*RB(sp)
	REG_L	a7, 15*RB(sp)
	addi	sp, sp, FRAME
	sret
