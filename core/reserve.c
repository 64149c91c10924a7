/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Counter reservation for the firmware's sampler (declared in reserve.h). The
 * sampler's counters live beside S-mode's: h->reserved is disjoint from
 * h->configured, so every S-mode path that requires a configured counter
 * already refuses a reserved one, and config_matching skips them. What the
 * sampler does with them is group.c's.
 */
#include "internal.h"

/* The hpm counters of a set (reserved sets never hold 0..2); firmware
   counters may sit below bit 32, right after the highest hpm counter. */
static inline uint32_t hpm_of(const struct rvpmu_hart *h, uint64_t set)
{
	return (uint32_t)(set & h->hw);
}

uint64_t rvpmu_sampler_capable(const struct rvpmu_hart *h, uint32_t event_idx,
			       uint64_t event_data)
{
	return rvpmu_event_counters(h, event_idx, event_data) & ~FIXED_CTRS;
}

uint64_t rvpmu_reservable(const struct rvpmu_hart *h, uint32_t event_idx,
			  uint64_t event_data)
{
	return rvpmu_sampler_capable(h, event_idx, event_data) &
	       ~h->configured & ~h->reserved;
}

long rvpmu_reserve(struct rvpmu_hart *h, uint64_t set)
{
	const struct rvpmu_hw_ops *hw = h->cfg->hw;
	uint32_t hpm = hpm_of(h, set);

	if (!set || (set & ~h->valid) || (set & FIXED_CTRS))
		return SBI_ERR_INVALID_PARAM;
	if (set & (h->configured | h->reserved))
		return SBI_ERR_DENIED;
	/* a parked counter keeps its event mapped, and some hardware (QEMU)
	   counts an event on one counter only: the sampler's events must not
	   find theirs taken by one */
	if (h->parked)
		rvpmu_unpark(h, RVPMU_UNPARK_ALL);
	h->reserved |= set;
	/* free hpm counters are already inhibited; make sure, and count
	   nothing until programmed */
	if (hpm)
		hw->inhibit(h->ctx, hpm, true);
	rvpmu_reserved_idle(h, set);
	return SBI_SUCCESS;
}

void rvpmu_release(struct rvpmu_hart *h, uint64_t set)
{
	uint64_t m;
	unsigned int idx;

	set &= h->reserved;
	if (!set)
		return;
	/* stop whatever still counts, whatever event it was given: hpm
	   counters, and platform events (fw_ext); a group's standard
	   firmware events are counts in fw_total (rvpmu_fw_sample) and
	   hold no fw_counting bit, which only configured counters get */
	if (hpm_of(h, set))
		rvpmu_hw_inhibit(h, hpm_of(h, set), true);
	/* a platform event still running leaves 0 behind, as its load began
	   from (group.c): its fw_value is the count less the read's origin
	   while it runs (fwctr.c), nothing S-mode may be given */
	if (h->fw_ext & set)
		FOR_EACH_COUNTER(idx, h->fw_ext & set, m)
			h->fw_value[idx - h->fw_base] = 0;
	h->fw_ext &= ~set;
	rvpmu_reserved_idle(h, set);
	h->reserved &= ~set;
}

void rvpmu_fw_sample(struct rvpmu_hart *h, uint32_t codes)
{
	uint32_t change = (h->fw_sampled ^ codes) & ((UINT32_C(1) << SBI_PMU_FW_STD_COUNT) - 1);

	while (change) {
		unsigned int c = rvpmu_ctz64(change);

		h->fw_counting[c].by.sampled ^= 1;
		change &= change - 1;
	}
	h->fw_sampled = codes & ((UINT32_C(1) << SBI_PMU_FW_STD_COUNT) - 1);
}

void rvpmu_reserved_idle(struct rvpmu_hart *h, uint64_t set)
{
	uint64_t m;
	unsigned int idx;

	if (!hpm_of(h, set))
		return;
	FOR_EACH_COUNTER(idx, (uint64_t)hpm_of(h, set), m) {
		/* 0: some hardware (QEMU) lets one event own one counter */
		h->mhpmevent[idx] = 0;
		rvpmu_hw_program(h, idx, 0);
	}
}

uint64_t rvpmu_reserved_mhpmevent(uint64_t sel, uint64_t inh)
{
	return (sel & ~MHPMEVENT_SSCOF_MASK) | (inh & MHPMEVENT_SSCOF_MASK) | MHPMEVENT_OF;
}
