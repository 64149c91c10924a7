/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * rt_vs_run: run code in VS-mode (V=1, bare G-stage and VS-stage
 * translation) until it makes an ecall, for tests of how the firmware
 * treats traps from a guest. See client/rt.h.
 */
#if __riscv_xlen == 64
#define REG_S	sd
#define REG_L	ld
#define RB	8
#else
#define REG_S	sw
#define REG_L	lw
#define RB	4
#endif
#define CSR_HSTATUS	0x600
#define CSR_HGATP	0x680
#define CSR_VSATP	0x280
#define HSTATUS_SPV	(1 << 7)
#define SSTATUS_SPP	(1 << 8)
#define CAUSE_VS_ECALL	10

	.text
	.globl	rt_vs_run
rt_vs_run:			/* a0 = code */
	addi	sp, sp, -4 * RB
	REG_S	ra, 0(sp)
	REG_S	s0, RB(sp)
	REG_S	s1, 2 * RB(sp)
	la	t0, vs_sp
	REG_S	sp, 0(t0)
	la	t0, rt_vs_spv
	REG_S	zero, 0(t0)
	csrr	s0, stvec
	csrrw	s1, sie, zero	/* no HS interrupt while the guest runs */
	la	t0, vs_trap
	csrw	stvec, t0
	csrw	CSR_VSATP, zero
	csrw	CSR_HGATP, zero
	li	t0, HSTATUS_SPV
	csrs	CSR_HSTATUS, t0
	li	t0, SSTATUS_SPP
	csrs	sstatus, t0
	csrw	sepc, a0
	sret

	.align	2
vs_trap:
	csrr	t0, scause
	li	t1, CAUSE_VS_ECALL
	beq	t0, t1, 2f
	bltu	t0, t1, 1f	/* interrupts (negative) and large causes end the run */
	j	2f
1:	csrr	t1, CSR_HSTATUS	/* an exception from the guest: note SPV, skip it */
	andi	t1, t1, HSTATUS_SPV
	beqz	t1, 3f
	li	t1, 1
	sll	t1, t1, t0
	la	t2, rt_vs_spv
	REG_L	t0, 0(t2)
	or	t0, t0, t1
	REG_S	t0, 0(t2)
3:	csrr	t0, sepc
	addi	t0, t0, 4
	csrw	sepc, t0
	sret			/* hstatus.SPV is still 1: back into the guest */
2:	li	t0, HSTATUS_SPV	/* done: stay in HS-mode */
	csrc	CSR_HSTATUS, t0
	csrr	a0, scause
	la	t0, vs_sp
	REG_L	sp, 0(t0)
	csrw	stvec, s0
	csrw	sie, s1
	REG_L	ra, 0(sp)
	REG_L	s0, RB(sp)
	REG_L	s1, 2 * RB(sp)
	addi	sp, sp, 4 * RB
	ret

	.data
	.align	3
vs_sp:	.space	RB
	.globl	rt_vs_spv
rt_vs_spv:
	.space	RB
