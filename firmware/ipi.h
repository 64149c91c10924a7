/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/ipi.h - cross-hart messages (ipi.c): plain IPIs and calls run
 * on other harts through each one's mailbox and MSIP word.
 *
 * Hart context: any hart, in M-mode, after boot (the boot hart also wakes
 * the others with fw_send_ipi).
 */
#ifndef FW_IPI_H
#define FW_IPI_H

#include <stdbool.h>

#include "firmware/harts.h"
#include "firmware/topology.h"

/* Words of a mailbox for n harts: a bit per topology position. */
#define FW_MBOX_WORDS(n) (((n) + 8 * sizeof(unsigned long) - 1) / (8 * sizeof(unsigned long)))
/**
 * fw_send_ipi() - raise a hart's MSIP
 * @t: the hart to interrupt
 *
 * A fence first, so that the target sees what the IPI announces (its
 * mailbox bit, its IPI count, its HSM state) before it sees MSIP. Nothing
 * without an IPI device (no msip): parked harts poll then.
 *
 * Context: Any hart, in M-mode; the boot hart also wakes the others with
 *          it at boot.
 */
void fw_send_ipi(struct fw_hart *t);		/* raise its MSIP */
/**
 * fw_ipi_clear() - take back this hart's pending IPI
 * @h: the calling hart's struct
 *
 * Clears its msip (a CLINT's or MSWI's word), or identity 1's pending bit
 * in its M-level IMSIC file where IPIs come that way (plat.ipi_imsic);
 * nothing without an IPI device.
 *
 * Context: The hart @h itself, in M-mode.
 */
void fw_ipi_clear(struct fw_hart *h);
/**
 * fw_ipi_mie() - the mie bit M-mode's IPIs arrive on
 *
 * Context: Any hart, in M-mode, once fw_clint_init() has run.
 * Return: MIP_MEIP where IPIs come through the M-level IMSIC, else
 *         MIP_MSIP.
 */
unsigned long fw_ipi_mie(void);
/**
 * fw_process_mailbox() - take this hart's IPIs and run the calls posted to it
 * @h: the calling hart's struct
 *
 * Clears MSIP before it looks (a call posted after is not missed: its IPI
 * comes again); the IPIs waiting become S-mode's software interrupt
 * (SSIP), each counted as IPI_RECEIVED, where S-mode runs on the hart
 * (fw_hart_reachable()), else they are dropped; then runs each call in
 * the mailbox once, IPIing a caller back when its last target is done.
 *
 * Context: The hart @h itself, in M-mode: its MSIP interrupt, and every
 *          M-mode wait (HSM park and suspend, fw_remote_call(), the
 *          sampler's lock).
 */
void fw_process_mailbox(struct fw_hart *h);	/* take IPIs, run calls */
/**
 * fw_hart_reachable() - is the hart running S-mode, so worth a call?
 * @t: the hart
 *
 * Context: Any hart, in M-mode; one atomic load of @t's HSM state.
 * Return: true if @t is started or suspended, else false.
 */
bool fw_hart_reachable(const struct fw_hart *t);
/**
 * fw_remote_call() - run fn on every hart of a set that runs S-mode
 * @set: the harts (checked: fw_hartset_check())
 * @fn: what to run, on each hart h as fn(h, arg)
 * @arg: passed to @fn
 *
 * Run fn(h, arg) on every reachable hart h of the (checked) set: through
 * each one's mailbox and an IPI, and here, directly, if this hart is in
 * the set; return once every one has run it, asleep meanwhile but serving
 * this hart's own mailbox (two harts calling each other cannot deadlock)
 * and its M-mode timer, S-mode's interrupts masked (they stay pending for
 * it). fn runs in M-mode on the target, must not make a remote call
 * itself, and must be short. O(harts in the set).
 *
 * Context: The calling hart, in M-mode, in an ecall (RFENCE; the
 *          sampler's START, STOP and RESET, SRST's reset of it); one call
 *          in flight per hart.
 * Return: how many harts ran @fn (this one included).
 */
unsigned int fw_remote_call(struct fw_hartset set, fw_call_fn fn, void *arg);

#endif
