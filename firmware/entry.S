/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Reset entry, trap vectors and the way into S-mode.
 *
 * The ecall path is the hot one (the PMU calls): it saves only the
 * registers the C calling convention lets the callee clobber (ra, t0-t2,
 * a2-a7; a0/a1 carry the sbiret back; t3-t6 are fixed registers in the
 * firmware's C, see FW_FIXED in the Makefile, so no callee touches them),
 * calls the handler with the SBI arguments still in place, and restores
 * them. Everything else takes the whole frame, t3-t6 and a0/a1 included,
 * through fw_trap; misaligned loads and stores (emulated) also s0-s11,
 * gp, tp and S-mode's sp (struct fw_frame_ext).
 */
#include "csr.h"
#include "layout.h"
#include "rvpmu/sbi.h"

#if __riscv_xlen == 64
#define REG_S	sd
#define REG_L	ld
#define RB	8
#define RB_SHIFT 3
#else
#define REG_S	sw
#define REG_L	lw
#define RB	4
#define RB_SHIFT 2
#endif

	.section .text.entry, "ax"
	.globl _start
_start:
	/* QEMU: a0 = hartid, a1 = DTB, a2 = fw_dynamic_info */
	csrw	mie, zero
	csrw	mip, zero
	csrr	t2, mhartid
	la	t0, fw_trap_table
	ori	t0, t0, 1		/* vectored: interrupts by cause */
	csrw	mtvec, t0
	/* fw_dynamic_info v2+ may name the boot hart; else the first one
	   here boots the machine */
	beqz	a2, .Llottery
	REG_L	t0, 0(a2)
	li	t1, FW_DYNAMIC_MAGIC
	bne	t0, t1, .Llottery
	REG_L	t0, FW_DYNAMIC_VERSION*RB(a2)
	li	t1, 2
	bltu	t0, t1, .Llottery
	REG_L	t0, FW_DYNAMIC_BOOT_HART*RB(a2)
	li	t1, -1
	beq	t0, t1, .Llottery
	bne	t0, t2, .Lsecondary
	j	.Lboot
.Llottery:
	la	t0, fw_lottery
	li	t1, 1
	amoswap.w t1, t1, (t0)
	bnez	t1, .Lsecondary
.Lboot:
	/* a stack in the image until this hart has its block; an M-mode
	   trap meanwhile (a firmware bug) lands on it too */
	la	sp, fw_boot_stack + FW_BOOT_STACK
	csrw	mscratch, sp
	mv	s0, a0
	mv	s1, a1
	mv	s2, a2
	/* zero .bss, the boot stack with it (the other harts wait) */
	la	t0, _bss_start
	la	t1, _fw_end
1:	bgeu	t0, t1, 2f
	REG_S	zero, 0(t0)
	addi	t0, t0, RB
	j	1b
2:	mv	a0, s0
	mv	a1, s1
	mv	a2, s2
	call	fw_boot		/* returns this hart's struct in its own block */
	mv	sp, a0
	csrw	mscratch, a0
	mv	a0, s0
	call	fw_boot_finish
	j	.Lpark_forever

	/*
	 * The others wait until the per-hart memory exists, then find their
	 * block by hartid. They sleep (wfi, woken by the boot hart's IPI: a
	 * spinning hart would take host time from the booting one under
	 * QEMU) once the boot hart has seen an IPI device in the DT
	 * (fw_boot_sleep); until then, and for good without one, they spin.
	 * A hart the firmware does not run sleeps for good.
	 */
.Lsecondary:
	li	t0, 1 << IRQ_M_SOFT
	csrw	mie, t0
	la	t0, fw_boot_done
	la	t3, fw_boot_sleep
3:	lw	t1, 0(t0)
	bnez	t1, 4f
	lw	t1, 0(t3)
	beqz	t1, 5f
	wfi
	j	3b
5:	.word	0x0100000f	/* pause */
	j	3b
4:	fence	r, rw
	la	t0, fw_hart_table_len
	REG_L	t0, 0(t0)
	bgeu	t2, t0, .Lpark_forever
	la	t0, fw_hart_table
	REG_L	t0, 0(t0)
	slli	t1, t2, RB_SHIFT
	add	t0, t0, t1
	REG_L	sp, 0(t0)
	beqz	sp, .Lpark_forever
	csrw	mscratch, sp
	call	fw_secondary
.Lpark_forever:
	csrw	mie, zero
	wfi
	j	.Lpark_forever

/* ------------------------------------------------------------------ */
/*
 * The frame: 16 bytes of outgoing argument space (the hart's struct, as
 * the 9th argument of fw_ecall), then ra, t0-t6, a0-a7.
 */
#define SLOT(n)	(16 + (n) * RB)
#define TFRAME	(16 + 16 * RB)
#define XFRAME	(16 * RB)	/* struct fw_frame_ext, 16-byte aligned */

/* What the ecall path and the timer's entry save first, and the common
   exit restores: ra, t0-t2, a2-a7 (a0/a1 are each path's own). */
.macro	CALLER_REGS op
	\op	ra, SLOT(0)(sp)
	\op	t0, SLOT(1)(sp)
	\op	t1, SLOT(2)(sp)
	\op	t2, SLOT(3)(sp)
	\op	a2, SLOT(10)(sp)
	\op	a3, SLOT(11)(sp)
	\op	a4, SLOT(12)(sp)
	\op	a5, SLOT(13)(sp)
	\op	a6, SLOT(14)(sp)
	\op	a7, SLOT(15)(sp)
.endm

/* gp, tp, s0-s11 to or from struct fw_frame_ext at sp (its sp first) */
.macro	XREGS op
	.set	.Lxi, 1
	.irp	r, gp, tp, s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11
	\op	\r, .Lxi * RB(sp)
	.set	.Lxi, .Lxi + 1
	.endr
.endm

	.text
	/*
	 * mtvec, vectored: exceptions at +0, interrupt n at +4n. The M-mode
	 * timer (the sampler's switch, S-mode's deadline without Sstc) has
	 * its own way in, straight to its C (t3-t6 are fixed in the
	 * firmware's C: the caller-saved rest is saved); every other cause
	 * goes to fw_trap_vector, which reads mcause.
	 */
	.balign	64
	.globl	fw_trap_table
fw_trap_table:
	.option	push
	.option	norvc		/* 4 bytes an entry */
	.rept	IRQ_M_TIMER
	j	fw_trap_vector
	.endr
	j	.Lmtip
	.rept	16 - IRQ_M_TIMER - 1
	j	fw_trap_vector
	.endr
	.option	pop
.Lmtip:
	csrrw	sp, mscratch, sp
	addi	sp, sp, -TFRAME
	CALLER_REGS REG_S
	REG_S	a0, SLOT(8)(sp)
	REG_S	a1, SLOT(9)(sp)
	addi	a0, sp, TFRAME
	call	fw_timer_trap
	REG_L	a0, SLOT(8)(sp)
	REG_L	a1, SLOT(9)(sp)
	j	.Lrestore

	.globl	fw_trap_vector
fw_trap_vector:
	csrrw	sp, mscratch, sp
	addi	sp, sp, -TFRAME
	CALLER_REGS REG_S
	csrr	t0, mcause
	li	t1, CAUSE_SUPERVISOR_ECALL
	bne	t0, t1, .Lslow
	/*
	 * An ecall. a0/a1 come back as the sbiret, so they are not saved.
	 * The calling hart's struct sits right above this frame. The PMU, the
	 * hot extension, goes straight to the core's function for the FID
	 * (sbi_pmu.c), the base and TIME extensions to their handlers with
	 * the hart in a7 (the extension id is known); the rest through
	 * fw_ecall, with the hart as its 9th argument.
	 */
	/* count the call: struct fw_hart.sbi_calls, 64 bits on both XLENs */
#if __riscv_xlen == 64
	ld	t1, TFRAME(sp)
	addi	t1, t1, 1
	sd	t1, TFRAME(sp)
#else
	lw	t1, TFRAME(sp)
	addi	t1, t1, 1
	sw	t1, TFRAME(sp)
	bnez	t1, 1f
	lw	t1, TFRAME + 4(sp)
	addi	t1, t1, 1
	sw	t1, TFRAME + 4(sp)
1:
#endif
	li	t1, SBI_EXT_PMU
	beq	a7, t1, .Lpmu
	/* the base extension (probed by every client) and TIME (S-mode's
	   every timer tick) the same way; jal: the firmware is far smaller
	   than its 1 MiB reach */
	li	t1, SBI_EXT_BASE
	beq	a7, t1, .Lbase
	li	t1, SBI_EXT_TIME
	beq	a7, t1, .Ltime
	addi	t2, sp, TFRAME
	REG_S	t2, 0(sp)
	jal	fw_ecall
	j	.Lecall_done
.Lbase:
	addi	a7, sp, TFRAME
	jal	sbi_base_ecall
	j	.Lecall_done
.Ltime:
	addi	a7, sp, TFRAME
	jal	sbi_time_ecall
	j	.Lecall_done
.Lpmu_unknown:
	li	a0, SBI_ERR_NOT_SUPPORTED
	li	a1, 0
	j	.Lecall_done
	/* the core's function for the FID (sbi_pmu.c), arguments one up */
.Lpmu:
	li	t1, FW_PMU_FIDS
	bgeu	a6, t1, .Lpmu_unknown
	lla	t1, fw_pmu_fids
	slli	t0, a6, RB_SHIFT
	add	t1, t1, t0
	REG_L	t1, 0(t1)
#if __riscv_xlen == 32
	mv	a6, a5		/* config_matching's event data, high half */
#endif
	mv	a5, a4
	mv	a4, a3
	mv	a3, a2
	mv	a2, a1
	mv	a1, a0
	addi	a0, sp, TFRAME + FW_HART_PMU
	jalr	t1
.Lecall_done:
	csrr	t0, mepc
	addi	t0, t0, 4
	csrw	mepc, t0
	/* a0/a1 hold the SBI return values; the slow path joins here too */
.Lrestore:
	CALLER_REGS REG_L
	addi	sp, sp, TFRAME
	csrrw	sp, mscratch, sp
	mret
.Lslow:
	/* a trap from M-mode itself (no handler expects one): .Lnested */
	csrr	t1, mstatus
	srli	t1, t1, 11
	andi	t1, t1, 3
	addi	t1, t1, -3
	beqz	t1, .Lnested
	/* the whole frame: fw_trap may read or write any of them */
	REG_S	t3, SLOT(4)(sp)
	REG_S	t4, SLOT(5)(sp)
	REG_S	t5, SLOT(6)(sp)
	REG_S	t6, SLOT(7)(sp)
	REG_S	a0, SLOT(8)(sp)
	REG_S	a1, SLOT(9)(sp)
	addi	a0, sp, SLOT(0)
	/* t0 = mcause: 4 or 6, a misaligned load or store, is emulated and
	   needs the rest of the registers too */
	addi	t1, t0, -CAUSE_MISALIGNED_LOAD
	andi	t1, t1, ~2
	beqz	t1, .Lmisaligned
	li	a1, 0
	call	fw_trap
.Lslow_done:
	REG_L	t3, SLOT(4)(sp)
	REG_L	t4, SLOT(5)(sp)
	REG_L	t5, SLOT(6)(sp)
	REG_L	t6, SLOT(7)(sp)
	REG_L	a0, SLOT(8)(sp)
	REG_L	a1, SLOT(9)(sp)
	j	.Lrestore
.Lmisaligned:
	/* struct fw_frame_ext below the frame: S-mode's sp (in mscratch),
	   gp, tp, s0-s11; written back, since the emulated load may have
	   written any of them */
	addi	sp, sp, -XFRAME
	csrr	t1, mscratch
	REG_S	t1, 0(sp)
	XREGS	REG_S
	mv	a1, sp
	call	fw_trap
	REG_L	t1, 0(sp)
	csrw	mscratch, t1
	XREGS	REG_L
	addi	sp, sp, XFRAME
	j	.Lslow_done
.Lnested:
	/*
	 * A trap taken in M-mode: a firmware handler faulted. Inside a
	 * handler mscratch holds S-mode's sp, so the swap above put this frame
	 * on S-mode's stack; where M-mode cannot store there (S-mode's virtual
	 * addresses), the stores faulted in turn and this is that second trap:
	 * the first one's pc and cause are gone, but the swap brought the
	 * handler's own sp back and this frame holds its registers. Either
	 * way the frame's ra is the handler's. fw_nested_trap reports and
	 * halts, on the top of this hart's stack (nothing below matters any
	 * more); before per-hart memory exists, on the stack it is on.
	 */
	REG_L	a0, SLOT(0)(sp)
	mv	a1, sp
	la	t1, fw_hart_table
	REG_L	t1, 0(t1)
	beqz	t1, 1f
	csrr	t0, mhartid
	slli	t0, t0, RB_SHIFT
	add	t1, t1, t0
	REG_L	sp, 0(t1)
1:	call	fw_nested_trap
	.globl	fw_trap_vector_end
fw_trap_vector_end:

/*
 * fw_enter_smode(addr, a0, a1): reset this hart's M-mode stack (its
 * struct fw_hart stays) and mret to S-mode at addr.
 */
	.globl	fw_enter_smode
fw_enter_smode:
	csrw	mepc, a0
	mv	a0, a1
	mv	a1, a2
	li	t0, MSTATUS_MPP
	csrc	mstatus, t0
	li	t0, MSTATUS_MPP_S
	csrs	mstatus, t0
	li	t0, MSTATUS_MPIE | MSTATUS_SIE | MSTATUS_SPIE | MSTATUS_SPP
	csrc	mstatus, t0
	csrw	satp, zero
	csrw	sie, zero
	csrw	stvec, zero
	csrw	sscratch, zero
	/* this hart's struct fw_hart (its stack's top): mscratch while in
	   S-mode */
	csrr	t0, mhartid
	la	t1, fw_hart_table
	REG_L	t1, 0(t1)
	slli	t0, t0, RB_SHIFT
	add	t1, t1, t0
	REG_L	t0, 0(t1)
	csrw	mscratch, t0
	li	sp, 0
	li	ra, 0
	mret

	.data
	.align	2
	.globl	fw_lottery, fw_boot_done, fw_boot_sleep
fw_lottery:	.word 0
fw_boot_done:	.word 0
fw_boot_sleep:	.word 0
