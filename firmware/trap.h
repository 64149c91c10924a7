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
void fw_trap(struct fw_frame *f, struct fw_frame_ext *x);
/* entry.S, for a trap taken in M-mode (a firmware bug): report the
   handler's ra and the trap, or that the vector faulted on S-mode's stack
   and the handler's trap is lost; halt. */
void fw_nested_trap(unsigned long ra, unsigned long frame) __attribute__((noreturn));
/*
 * trap_misalign.c: emulate the misaligned load or store (cause 4 or 6)
 * that trapped from S- or U-mode (not from a guest) on this hart, with
 * the trapped registers in f and x: true when done (register written,
 * mepc past the instruction). False when S-mode must take an exception:
 * *cause and *tval are then what to deliver (the original one, or the
 * access or page fault the emulated access met), and mepc, mtval and
 * mtinst are as the original trap left them.
 */
bool fw_misaligned(struct fw_frame *f, struct fw_frame_ext *x, unsigned long *cause,
		   unsigned long *tval);

#endif
