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
void fw_send_ipi(struct fw_hart *t);		/* raise its MSIP */
void fw_process_mailbox(struct fw_hart *h);	/* take IPIs, run calls */
/* Is the hart running S-mode (started or suspended), so worth a call? */
bool fw_hart_reachable(const struct fw_hart *t);
/*
 * Run fn(h, arg) on every reachable hart h of the (checked) set: through
 * each one's mailbox and an IPI, and here, directly, if this hart is in
 * the set; return once every one has run it, asleep meanwhile but serving
 * this hart's own mailbox (two harts calling each other cannot deadlock).
 * fn runs in M-mode on the target, must not make a remote call itself,
 * and must be short. Returns how many harts ran fn. O(harts in the set).
 */
unsigned int fw_remote_call(struct fw_hartset set, fw_call_fn fn, void *arg);

#endif
