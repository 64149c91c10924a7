/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/sbi_sampler.h - the sampler bound to this firmware
 * (sbi_sampler.c), as the rest of the firmware drives it.
 *
 * Hart context: fw_sampler_init on the boot hart once the harts are laid
 * out (scratch: 2 * nr_harts words of per-hart memory, from
 * fw_harts_layout); fw_sampler_hart_init on each hart at setup;
 * fw_sampler_tick from that hart's timer; fw_sampler_leave on a hart that
 * stops or suspends through HSM, before it goes.
 */
#ifndef FW_SBI_SAMPLER_H
#define FW_SBI_SAMPLER_H

#include <stdbool.h>
#include <stdint.h>

#include "firmware/harts.h"
#include "sampler/sampler.h"

void fw_sampler_init(uint32_t *scratch);
void fw_sampler_hart_init(struct fw_hart *h);
extern struct rvpmu_sampler fw_sampler;
static inline uint64_t fw_sampler_tick(struct fw_hart *h, uint64_t now)
{
	return rvpmu_sampler_tick(&fw_sampler, &h->sampler, now);
}
void fw_sampler_leave(struct fw_hart *h, bool suspend);

#endif
