/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/lie.h - a firmware that lies to the sampler's client, for
 * tests only (issue 39): built into build/rvpmu-fw-lie-rv64.elf with
 * RVPMU_LIE, never into the default image. What it does (lie.c):
 *
 *   STOP     every second STOP of a running run answers SUCCESS at once
 *            and lets every hart go on writing for FW_LIE_STOP_US more
 *            (STATUS says RUNNING meanwhile: it does not lie);
 *   RESET    after the third such STOP, the next RESET lies the same
 *            way, so a client that trusts nothing but STATUS keeps the
 *            run's memory for good;
 *   STATUS   every seventh STATUS answers SBI_ERR_FAILED, once;
 *   a fill   every 64th switch of the run's second hart comes
 *            FW_LIE_DELAY_US late (the fill it writes closes late);
 *
 * and it logs, through QEMU's semihosting console (QEMU:
 * -semihosting-config enable=on,chardev=ID), every buffer a hart of the
 * run wrote and when, and every lie:
 *
 *   w HART ADDR SIZE T0 T1   hart wrote within [ADDR, ADDR + SIZE)
 *                            between mtime T0 and T1 (hex, inclusive:
 *                            T0 read before its first write, T1 after
 *                            its last)
 *   lie stop|reset|status|delay T
 *
 * ext.h routes the extension's ecalls to sbi_sampler_lie_ecall.
 * scripts/lie-check holds these against the pages the Linux driver said
 * it held (its trace parameter). Hart context: as the sampler's.
 */
#ifndef FW_LIE_H
#define FW_LIE_H

#include <stdbool.h>
#include <stdint.h>

struct fw_hart;

#ifdef RVPMU_LIE
/**
 * fw_lie_tick() - the sampler's switch, with the lies and the log around it
 * @h: the hart whose timer it is
 * @now: mtime at the tick
 *
 * Starts a lying STOP's or RESET's real stop once its time has come; every
 * 64th switch of the run's second hart (its data position 1, whatever
 * the set: a run on any die has one) comes
 * FW_LIE_DELAY_US late instead of switching; otherwise the switch
 * (rvpmu_sampler_tick()), with the buffers it wrote logged. Built only
 * with RVPMU_LIE.
 *
 * Context: The hart @h itself, in M-mode, from its timer
 *          (fw_sampler_tick()).
 * Return: the next deadline, as rvpmu_sampler_tick() answers it
 *         (UINT64_MAX: none), or now + FW_LIE_DELAY_US for a delayed switch.
 */
uint64_t fw_lie_tick(struct fw_hart *h, uint64_t now);
/**
 * fw_lie_left() - log that a hart left a run through HSM
 * @h: the hart leaving (a stop or a non-retentive suspend)
 * @in_run: whether it was in a run
 *
 * h left through HSM (a stop or a non-retentive suspend), in_run if it
 * was in a run: its last writes were before now, logged as every buffer
 * of the run written at now. Nothing without RVPMU_LIE (an empty inline).
 *
 * Context: The hart @h itself, in M-mode, on its way out
 *          (fw_sampler_leave()).
 */
void fw_lie_left(struct fw_hart *h, bool in_run);
/* the extension's ecall, lying (ext.h routes the sampler's EID here) */
#else
static inline void fw_lie_left(struct fw_hart *h, bool in_run)
{
	(void)h;
	(void)in_run;
}
#endif

#endif
