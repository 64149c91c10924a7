/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * rt_u_run: run code in U-mode (satp as S-mode has it, interrupts off)
 * until it traps, for counts taken by privilege mode. See client/rt.h.
 */
#if __riscv_xlen == 64
#define REG_S	sd
#define REG_L	ld
#else
#define REG_S	sw
#define REG_L	lw
#endif
#define SSTATUS_SPP	(1 << 8)
#define SSTATUS_SIE	(1 << 1)

	.text
	.globl	rt_u_run
rt_u_run:			/* a0 = code, a1 = its a0 */
	la	t0, u_saved
	REG_S	sp, 0(t0)
	REG_S	ra, 1 * (__riscv_xlen / 8)(t0)
	csrr	t1, stvec
	REG_S	t1, 2 * (__riscv_xlen / 8)(t0)
	csrrw	t1, sie, zero	/* no S-mode interrupt while U-mode runs */
	REG_S	t1, 3 * (__riscv_xlen / 8)(t0)
	csrr	t1, sstatus	/* its SIE, which the trap back clears */
	REG_S	t1, 4 * (__riscv_xlen / 8)(t0)
	la	t1, u_trap
	csrw	stvec, t1
	li	t1, SSTATUS_SPP
	csrc	sstatus, t1
	csrw	sepc, a0
	mv	a0, a1
	sret

	.align	2
u_trap:
	csrr	a0, scause
	la	t0, u_saved
	REG_L	sp, 0(t0)
	REG_L	ra, 1 * (__riscv_xlen / 8)(t0)
	REG_L	t1, 2 * (__riscv_xlen / 8)(t0)
	csrw	stvec, t1
	REG_L	t1, 3 * (__riscv_xlen / 8)(t0)
	csrw	sie, t1
	REG_L	t1, 4 * (__riscv_xlen / 8)(t0)
	andi	t1, t1, SSTATUS_SIE
	csrs	sstatus, t1
	ret

	.data
	.align	3
u_saved:
	.space	5 * (__riscv_xlen / 8)
