/* SPDX-License-Identifier: BSD-2-Clause */
/* What hostile.c shares with the checks kept in their own files. */
#ifndef PAYLOADS_HOSTILE_H
#define PAYLOADS_HOSTILE_H

#include "client/rt.h"

#define FW_BASE		0x80000000ul
#define TOP_PAGE	(~0ul & ~4095ul)
#define AUTO		(SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START)
#define check rt_check

/* hostile.c: the boot hart, the harts, ticks per ms, how long to wait */
extern unsigned long nr_harts, me, timebase_ms;
extern uint64_t wait_ticks;
/* The first firmware counter (0 before discover, which finds it). */
extern unsigned long fw_first;
void discover(void);
/* Every other hart started spinning in S-mode / stopped again: all ok? */
bool start_spinners(void);
bool stop_spinners(void);
/* hostile_legacy.c: the v0.1 calls, on the boot hart, other harts stopped. */
void test_legacy(void);

#endif
