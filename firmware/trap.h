/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/trap.h - the trap frame entry.S saves, and the C code it hands
 * traps to: trap.c (interrupts, exceptions kept in M-mode) and
 * trap_misalign.c (misaligned loads and stores emulated).
 *
 * Hart context: on the trapping hart, in M-mode, on its own M-mode stack.
 * Apart from the harts' and the platform's headers so that the misaligned
 * emulation's M-mode test (tests/misalign/mmode.c) links trap_misalign.c
 * without the rest of the firmware.
 */
#ifndef FW_TRAP_H
#define FW_TRAP_H

#include <stdbool.h>

struct fw_frame {
	unsigned long ra, t0, t1, t2, t3, t4, t5, t6;
	unsigned long a0, a1, a2, a3, a4, a5, a6, a7;
};
/* The registers the C code keeps (callee-saved) and S-mode's sp: saved
   by entry.S only for the traps that read or write any register of the
   trapped context (misaligned loads and stores); NULL for the others. */
struct fw_frame_ext {
	unsigned long sp, gp, tp, s[12];
};
/**
 * fw_trap() - a trap from S- or U-mode other than an ecall or MTIP
 * @f: the trapped registers entry.S saved (struct fw_frame)
 * @x: the rest of them and S-mode's sp, for misaligned loads and stores
 *     only (entry.S writes them back after); NULL for the others
 *
 * trap.c. Counts the M-mode trap (m_traps). M-mode interrupts: MSIP serves
 * the mailbox (fw_process_mailbox()), then SSE's exit
 * (fw_sse_trap_exit()); LCOFI (held by SSE) goes to SSE; any other halts
 * the machine. The exceptions medeleg keeps here (illegal instruction,
 * misaligned and access faults on loads and stores) are counted as their
 * firmware events and handed to S-mode's handler as if delegated;
 * misaligned loads and stores are emulated first (fw_misaligned()). A
 * fetch access fault is handed on uncounted. S-mode that cannot take the
 * exception (no stvec, or a fault at its handler's entry), or any other
 * exception, stops the hart (fw_hart_stop()), or halts the machine when
 * no other hart runs or can be started.
 *
 * Context: The trapping hart, in M-mode on its own M-mode stack, from
 *          entry.S's trap vector (M-mode interrupts off).
 */
void fw_trap(struct fw_frame *f, struct fw_frame_ext *x);
/**
 * fw_nested_trap() - a trap taken in M-mode: report it and halt
 * @ra: the faulting handler's ra (from the frame the vector saved)
 * @frame: where the vector put that frame
 *
 * entry.S, for a trap taken in M-mode (a firmware bug): report the
 * handler's ra and the trap (cause, pc, tval), or, when the pc is in the
 * trap vector, that the vector faulted on S-mode's stack and the
 * handler's trap is lost; halt (fw_halt()).
 *
 * Context: The hart that trapped, in M-mode, on the top of its own M-mode
 *          stack (before per-hart memory exists: the stack it was on).
 *          Never returns.
 */
void fw_nested_trap(unsigned long ra, unsigned long frame) __attribute__((noreturn));
/**
 * fw_misaligned() - emulate a misaligned load or store from S- or U-mode
 * @f: the trapped registers entry.S saved
 * @x: the callee-saved ones and S-mode's sp
 * @cause: in: the trap's mcause (4 or 6); out: what S-mode must take
 * @tval: in: the trap's mtval (the misaligned address); out: its stval
 *
 * trap_misalign.c: emulate the misaligned load or store (cause 4 or 6)
 * that trapped from S- or U-mode on this hart, with the trapped registers
 * in f and x, the FP registers in place and every byte accessed through
 * MPRV as the trapped mode would (ma_emulate()). A trap from a guest
 * (V=1) is not emulated: its hypervisor's to handle.
 *
 * Context: The trapping hart, in M-mode, from fw_trap() (entry.S saved
 *          @x for this trap only).
 * Return: true when done (register written, mepc past the instruction).
 *         False when S-mode must take an exception: *@cause and *@tval
 *         are then what to deliver (the original one, or the access or
 *         page fault the emulated access met), and mepc, mcause and mtval
 *         are as the original trap left them; so is mtinst (with H), but
 *         after a fault of the emulated access, which leaves it 0.
 */
bool fw_misaligned(struct fw_frame *f, struct fw_frame_ext *x, unsigned long *cause,
		   unsigned long *tval);

#endif
