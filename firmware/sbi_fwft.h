/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/sbi_fwft.h - the firmware features extension's per-hart state
 * (sbi_fwft.c; the ecall is in ext.h's table).
 *
 * Hart context: fw_fwft_hart_init on the hart itself, in its set-up (after
 * medeleg is written), before S-mode runs there: what the hart can do is
 * probed, every feature goes to its reset value, every lock is released.
 */
#ifndef FW_SBI_FWFT_H
#define FW_SBI_FWFT_H

struct fw_hart;
/**
 * fw_fwft_hart_init() - probe this hart's features, reset them, unlock them
 * @h: the calling hart's struct
 *
 * What the hart can do is probed (a field is supported where it holds
 * what is written: medeleg's misaligned bits, menvcfg's LPE, SSE, DTE,
 * ADUE, and on RV64 PMM's lengths), every feature goes to its reset value
 * (0), every lock is released.
 *
 * Context: The hart itself, in M-mode: in its set-up (after medeleg is
 *          written), before S-mode runs there, and again when it stops
 *          (fw_hart_stop()).
 */
void fw_fwft_hart_init(struct fw_hart *h);

#endif
