/* SPDX-License-Identifier: BSD-2-Clause */
/* sbi_pmu_counter_config_matching: choose a counter and map the event to it. */
#include "internal.h"

/*
 * Among free capable counters, take the lowest hpm counter, except that
 * the fixed counter is taken for cycles/instret when it fits as well:
 * always without Sscofpmf, and with it only when no hpm counter is free
 * (only hpm counters can interrupt on overflow and filter by mode).
 * Capable sets hold a fixed counter only for its own event. An hpm
 * counter whose next overflow the platform may hold back (h->held) is
 * taken only when no other is free: on it a sampling event would lose an
 * interrupt.
 */
static unsigned int choose(const struct rvpmu_hart *h, uint64_t free)
{
	uint64_t fixed = free & FIXED_CTRS, hpm = free & ~FIXED_CTRS;
	uint64_t clear = hpm & ~(uint64_t)h->held;

	if (fixed && (!h->sscofpmf || !hpm))
		return lowest_bit(fixed);
	return lowest_bit(clear ? clear : hpm);
}

static void configure(struct rvpmu_hart *h, unsigned int idx,
		      uint32_t event_idx, uint64_t data, rvpmu_ulong flags)
{
	const struct rvpmu_hw_ops *hw = RVPMU_HW(h);
	bool clear = flags & SBI_PMU_CFG_FLAG_CLEAR_VALUE;

	h->event[idx] = event_idx;
	h->data[idx] = data;
	h->configured |= BIT64(idx);
	if (is_fw_ctr(h, idx)) {
		if (clear)
			h->fw_value[idx - h->fw_base] = 0;
		return;
	}
	if (idx >= 3) {
		uint64_t ev = rvpmu_event_selector(h, event_idx, data);

		if (h->sscofpmf)
			ev = (ev & ~MHPMEVENT_SSCOF_MASK) |
			     ((uint64_t)(flags & SBI_PMU_CFG_FLAG_FILTER_MASK)
			      << MHPMEVENT_FILTER_SHIFT);
		h->mhpmevent[idx] = ev;
		/* OF stays set until start: no interrupt from a stopped counter */
		hw->program(h->ctx, idx, h->sscofpmf ? ev | MHPMEVENT_OF : ev);
		rvpmu_note_stale(h, idx, ev);
		h->saved[idx] = hw->read(h->ctx, idx);
	} else {
		/* a free fixed counter runs; a configured one waits for start */
		rvpmu_note_stale(h, idx, 0);
		rvpmu_hw_inhibit_keep(h, idx);
	}
	if (clear) {
		hw->write(h->ctx, idx, 0);
		h->saved[idx] = 0;
	}
}

struct rvpmu_ret rvpmu_counter_config_matching(struct rvpmu_hart *h,
					       rvpmu_ulong base,
					       rvpmu_ulong mask,
					       rvpmu_ulong flags,
					       rvpmu_ulong event_idx,
					       uint64_t data)
{
	uint64_t set, capable, free;
	unsigned int idx;
	long err;

	if (flags & ~SBI_PMU_CFG_FLAG_ALL)
		return ret_err(SBI_ERR_INVALID_PARAM);
	err = rvpmu_counter_set(h, base, mask, &set);
	if (err)
		return ret_err(err);
	capable = rvpmu_event_counters(h, event_idx, data);
	if (!capable)
		return ret_err(SBI_ERR_NOT_SUPPORTED);

	if (flags & SBI_PMU_CFG_FLAG_SKIP_MATCH) {
		idx = lowest_bit(set);
		if (!(h->configured & BIT64(idx)) || (h->started & BIT64(idx)) ||
		    is_fw_ctr(h, idx) != event_is_fw(event_idx))
			return ret_err(SBI_ERR_INVALID_PARAM);
		if (!(capable & BIT64(idx)))
			return ret_err(SBI_ERR_NOT_SUPPORTED);
	} else {
		free = set & capable & ~h->configured & ~h->reserved;
		if (!free)
			return ret_err(SBI_ERR_NOT_SUPPORTED);
		/* the request is valid: parked counters are done spending */
		if (h->parked)
			rvpmu_unpark(h, (uint32_t)event_idx);
		idx = choose(h, free);
	}

	configure(h, idx, (uint32_t)event_idx, data, flags);
	if (flags & SBI_PMU_CFG_FLAG_AUTO_START)
		rvpmu_start_set(h, BIT64(idx), idx, 0, 0);
	return ret_val(idx);
}
