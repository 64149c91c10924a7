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
void fw_fwft_hart_init(struct fw_hart *h);

#endif
