/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/sbi_sse.h - supervisor software events (SSE, SBI 3.0,
 * sbi_sse.c): each hart's local events and the hooks by which events
 * reach a hart (its M-mode interrupts); the ecall is in ext.h's table.
 *
 * Hart context: fw_sse_hart_init on the hart itself, in its set-up;
 * fw_sse_trap_exit on the trapping hart, at the end of an M-mode
 * interrupt taken from S- or U-mode, with that trap's frame. A hart's
 * struct fw_sse_hart is its own but for `remote`, which other harts set
 * atomically (an injection from elsewhere) before they IPI it.
 */
#ifndef FW_SBI_SSE_H
#define FW_SBI_SSE_H

#include <stdbool.h>
#include <stdint.h>

/* One event's state and attributes, as the spec names them. */
struct fw_sse_event {
	uint32_t id, prio;
	uint8_t state, pending, oneshot;
	unsigned long hart;			/* PREFERRED_HART */
	unsigned long entry_pc, entry_arg;
	unsigned long sepc, flags, a6, a7;	/* INTERRUPTED_* */
};

#define FW_SSE_LOCAL	2	/* LOCAL_PMU_OVERFLOW, LOCAL_SOFTWARE */

struct fw_sse_hart {
	struct fw_sse_event local[FW_SSE_LOCAL];
	/* the events RUNNING here, innermost (highest priority) last: one
	   of each at most, the global one included */
	struct fw_sse_event *running[FW_SSE_LOCAL + 1];
	uint8_t nr_running;
	bool unmasked;
	uint32_t remote;			/* bit i: local[i] injected */
};

struct fw_hart;
struct fw_frame;
/**
 * fw_sse_hart_init() - this hart's SSE state to its reset state
 * @h: the calling hart's struct
 *
 * This hart's events to their reset state (UNUSED, masked), LCOFI
 * delegated to S-mode again (with Sscofpmf); on the boot hart, the global
 * event's preferred hart set to it.
 *
 * Context: The hart itself, in M-mode: at its set-up (hart_setup), and
 *          when it stops (fw_hart_stop()).
 */
void fw_sse_hart_init(struct fw_hart *h);
/**
 * fw_sse_trap_exit() - deliver SSE events at the end of an M-mode interrupt
 * @h: the trapping hart's struct
 * @f: the trap's frame (its a6/a7 are rewritten on delivery)
 * @irq: the interrupt taken (IRQ_M_SOFT or IRQ_LCOF)
 *
 * An M-mode interrupt from S/U-mode ends: take the PMU overflow (LCOFI,
 * when SSE holds it) as the event (cleared in mip, the event pending),
 * and deliver the most urgent pending event that may run now, rewriting
 * the frame and mepc to enter its handler. No delivery when the trap came
 * from M-mode.
 *
 * Context: The trapping hart, in M-mode, at the end of fw_trap() for MSIP
 *          (another hart's injection comes this way) or LCOFI, with that
 *          trap's frame; takes the events' lock.
 */
void fw_sse_trap_exit(struct fw_hart *h, struct fw_frame *f, unsigned long irq);

#endif
