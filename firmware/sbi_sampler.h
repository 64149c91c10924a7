/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/sbi_sampler.h - the sampler bound to this firmware
 * (sbi_sampler.c), as the rest of the firmware drives it.
 *
 * Hart context: fw_sampler_init on the boot hart once the harts are laid
 * out (scratch: 2 * nr_harts words of per-hart memory, from
 * fw_harts_layout); fw_sampler_hart_init on each hart at setup;
 * fw_sampler_tick from that hart's timer; fw_sampler_leave on a hart that
 * stops or suspends non-retentively through HSM, before it goes;
 * fw_sampler_pause on a hart going into a retentive suspend and
 * fw_sampler_resume on it when it wakes; fw_sampler_reset on any hart
 * before a system reset or suspend (the run ended as by RESET: every
 * hart's counters back, nothing written after).
 */
#ifndef FW_SBI_SAMPLER_H
#define FW_SBI_SAMPLER_H

#include <stdbool.h>
#include <stdint.h>

#include "firmware/harts.h"
#include "firmware/lie.h"
#include "sampler/sampler.h"

void fw_sampler_init(uint32_t *scratch);
void fw_sampler_hart_init(struct fw_hart *h);
extern struct rvpmu_sampler fw_sampler;
static inline uint64_t fw_sampler_tick(struct fw_hart *h, uint64_t now)
{
#ifdef RVPMU_LIE
	return fw_lie_tick(h, now);	/* a test build's (lie.h) */
#else
	return rvpmu_sampler_tick(&fw_sampler, &h->sampler, now);
#endif
}
void fw_sampler_leave(struct fw_hart *h, bool suspend);
void fw_sampler_pause(struct fw_hart *h);
void fw_sampler_resume(struct fw_hart *h);
void fw_sampler_reset(struct fw_hart *h);
/* main.c: this hart's mcounteren: every counter that exists and time,
   but those the sampler holds on it. On that hart. */
void fw_counteren_update(struct fw_hart *h);

#endif
