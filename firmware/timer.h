/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/timer.h - the M-mode timer (timer.c): each hart's mtimecmp
 * shared by S-mode's deadline (SBI set_timer without Sstc) and the
 * sampler's next switch.
 *
 * Hart context: on the hart whose timer it is (no locking), except
 * fw_mtime (any hart).
 */
#ifndef FW_TIMER_H
#define FW_TIMER_H

#include <stdint.h>

struct fw_hart;

/**
 * fw_mtime() - mtime now
 *
 * The time CSR, all 64 bits (csr_read_time64()).
 *
 * Context: Any hart, in M-mode.
 * Return: mtime in ticks of plat.timebase.
 */
uint64_t fw_mtime(void);			/* any hart */
/**
 * fw_timer_set_smode() - set S-mode's deadline on this hart's mtimecmp
 * @h: the hart whose timer it is
 * @when: the deadline in mtime ticks; UINT64_MAX: none
 *
 * S-mode's deadline (SBI set_timer without Sstc; also the boot hart's
 * alarms while S-mode does not run yet), any pending S-mode timer
 * interrupt cleared, mtimecmp re-armed for the earlier of it and the
 * sampler's deadline (MTIP off while neither is set). The hart must have
 * an mtimecmp.
 *
 * Context: The hart @h itself, in M-mode (its ecall, or boot); no lock.
 */
void fw_timer_set_smode(struct fw_hart *h, uint64_t when);
/**
 * fw_timer_set_sampler() - set the sampler's next switch on this hart
 * @h: the hart whose timer it is
 * @when: the deadline in mtime ticks; UINT64_MAX: none
 *
 * Outside the switch (the tick answers its next deadline itself):
 * mtimecmp re-armed for the earlier of it and S-mode's deadline.
 *
 * Context: The hart @h itself, in M-mode, in the sampler's per-hart steps
 *          (joining a run, leaving, pausing or resuming its part: the
 *          engine's set_deadline seam); no lock.
 */
void fw_timer_set_sampler(struct fw_hart *h, uint64_t when);
/**
 * fw_timer_interrupt() - serve what is due on this hart's M-mode timer
 * @h: the hart whose timer it is
 *
 * MTIP: the sampler's switch if its time has come (fw_sampler_tick()),
 * S-mode's deadline if its time has come (STIP raised for S-mode), then
 * mtimecmp re-armed for what is left.
 *
 * Context: The hart @h itself, in M-mode, where MTIP is pending during an
 *          M-mode wait (HSM suspend, fw_remote_call(), the sampler's lock)
 *          and no trap will take it.
 */
void fw_timer_interrupt(struct fw_hart *h);	/* MTIP: serve what is due */
/**
 * fw_timer_trap() - entry.S's MTIP path: count the trap, serve the timer
 * @h: the trapping hart's struct
 *
 * Counts an M-mode trap (m_traps), then serves as fw_timer_interrupt()
 * does.
 *
 * Context: The trapping hart, in M-mode, from the trap vector's own MTIP
 *          path (caller-saved registers only saved; interrupts off).
 */
void fw_timer_trap(struct fw_hart *h);		/* entry.S's MTIP path: count, serve */

#endif
