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

uint64_t fw_mtime(void);			/* any hart */
void fw_timer_set_smode(struct fw_hart *h, uint64_t when);
void fw_timer_set_sampler(struct fw_hart *h, uint64_t when);
void fw_timer_interrupt(struct fw_hart *h);	/* MTIP: serve what is due */
void fw_timer_trap(struct fw_hart *h);		/* entry.S's MTIP path: count, serve */

#endif
