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

/* Map (event_idx, data) to counter idx: what every counter kind notes. */
static inline void note_event(struct rvpmu_hart *h, unsigned int idx,
			      uint32_t event_idx, uint64_t data, rvpmu_ulong flags)
{
	h->event[idx] = event_idx;
	h->data[idx] = data;
	h->configured |= BIT64(idx);
	if (is_fw_ctr(h, idx) && (flags & SBI_PMU_CFG_FLAG_CLEAR_VALUE))
		h->fw_value[idx - h->fw_base] = 0;
}

static void configure(struct rvpmu_hart *h, unsigned int idx,
		      uint32_t event_idx, uint64_t data, rvpmu_ulong flags)
{
	bool clear = flags & SBI_PMU_CFG_FLAG_CLEAR_VALUE;

	note_event(h, idx, event_idx, data, flags);
	if (is_fw_ctr(h, idx))
		return;
	if (idx >= 3) {
		uint64_t ev = rvpmu_event_selector(h, event_idx, data);

		if (h->sscofpmf)
			ev = (ev & ~MHPMEVENT_SSCOF_MASK) |
			     ((uint64_t)(flags & SBI_PMU_CFG_FLAG_FILTER_MASK)
			      << MHPMEVENT_FILTER_SHIFT);
		h->mhpmevent[idx] = ev;
		/* OF stays set until start: no interrupt from a stopped counter */
		rvpmu_hw_program(h, idx, h->sscofpmf ? ev | MHPMEVENT_OF : ev);
		rvpmu_note_stale(h, idx, ev);
		h->saved[idx] = rvpmu_hw_read(h, idx);
	} else {
		/* a free fixed counter runs; a configured one waits for start */
		rvpmu_note_stale(h, idx, 0);
		rvpmu_hw_inhibit_keep(h, idx);
	}
	if (clear) {
		rvpmu_hw_write(h, idx, 0);
		h->saved[idx] = 0;
	}
}

/*
 * A standard firmware event (every firmware event Linux uses): the general
 * path's checks and answers for it, without asking the event tables.
 * Every firmware counter can count it; set is valid. Parked hpm counters
 * are left for the next hardware request to unpark: choosing a firmware
 * counter does not depend on them.
 */
static __attribute__((noinline)) struct rvpmu_ret config_fw_std(struct rvpmu_hart *h,
								uint64_t set,
								rvpmu_ulong flags,
								uint32_t event_idx)
{
	uint64_t capable = rvpmu_fw_counters(h), free;
	unsigned int idx;

	if (!capable)
		return ret_err(SBI_ERR_NOT_SUPPORTED);
	if (flags & SBI_PMU_CFG_FLAG_SKIP_MATCH) {
		idx = lowest_bit(set);
		/* configured implies valid, so a firmware one is capable */
		if (!(h->configured & BIT64(idx)) || (h->started & BIT64(idx)) ||
		    !is_fw_ctr(h, idx))
			return ret_err(SBI_ERR_INVALID_PARAM);
	} else {
		free = set & capable & ~h->configured & ~h->reserved;
		if (!free)
			return ret_err(SBI_ERR_NOT_SUPPORTED);
		idx = lowest_bit(free);
	}
	note_event(h, idx, event_idx, 0, flags);
	if (flags & SBI_PMU_CFG_FLAG_AUTO_START) {
		/* rvpmu_fw_start from the value it has, for a standard event */
		h->started |= BIT64(idx);
		rvpmu_fw_std_on(h, idx, SBI_PMU_EVENT_CODE(event_idx));
	}
	return ret_val(idx);
}

/*
 * SKIP_MATCH naming an hpm counter configured, and stopped, for this very
 * event (how Linux reuses a counter): the event was checked against the
 * counter when it was configured, and the selector is already programmed,
 * so only the mode filter, CLEAR_VALUE and AUTO_START are left to do.
 */
static __attribute__((noinline)) struct rvpmu_ret reconfigure_same(struct rvpmu_hart *h,
								   unsigned int idx,
								   rvpmu_ulong flags)
{
	uint64_t ev = h->mhpmevent[idx];

	if (h->sscofpmf) {
		ev = (ev & ~MHPMEVENT_SSCOF_MASK) |
		     ((uint64_t)(flags & SBI_PMU_CFG_FLAG_FILTER_MASK) << MHPMEVENT_FILTER_SHIFT);
		if (ev != h->mhpmevent[idx]) {
			h->mhpmevent[idx] = ev;
			/* stopped: OF stays set until start */
			rvpmu_hw_program(h, idx, ev | MHPMEVENT_OF);
		}
	}
	if (flags & SBI_PMU_CFG_FLAG_CLEAR_VALUE) {
		rvpmu_hw_write(h, idx, 0);
		h->saved[idx] = 0;
	}
	if (flags & SBI_PMU_CFG_FLAG_AUTO_START)
		rvpmu_start_set(h, BIT64(idx), idx, 0, 0);
	return ret_val(idx);
}

/* Any event, any flags: ask the event tables which counters can count it. */
static __attribute__((noinline)) struct rvpmu_ret config_general(struct rvpmu_hart *h,
								 uint64_t set,
								 rvpmu_ulong flags,
								 rvpmu_ulong event_idx,
								 uint64_t data)
{
	uint64_t capable, free;
	unsigned int idx;

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

/* Validate what every path shares, then the path: every call below is a
   tail call, so this function needs no frame. */
struct rvpmu_ret rvpmu_counter_config_matching(struct rvpmu_hart *h,
					       rvpmu_ulong base,
					       rvpmu_ulong mask,
					       rvpmu_ulong flags,
					       rvpmu_ulong event_idx,
					       uint64_t data)
{
	uint64_t set;
	unsigned int idx;
	long err;

	if (flags & ~SBI_PMU_CFG_FLAG_ALL)
		return ret_err(SBI_ERR_INVALID_PARAM);
	err = rvpmu_counter_set(h, base, mask, &set);
	if (err)
		return ret_err(err);
	if (event_idx <= SBI_PMU_EVENT_IDX_MASK && event_is_fw(event_idx) && !data &&
	    SBI_PMU_EVENT_CODE(event_idx) < SBI_PMU_FW_STD_COUNT)
		return config_fw_std(h, set, flags, (uint32_t)event_idx);
	if (flags & SBI_PMU_CFG_FLAG_SKIP_MATCH) {
		/* Linux names the counter itself: base, mask 1 */
		idx = mask == 1 ? (unsigned int)base : lowest_bit(set);
		if (idx >= 3 && idx < h->fw_base && (h->configured & BIT64(idx)) &&
		    !(h->started & BIT64(idx)) && h->event[idx] == event_idx &&
		    h->data[idx] == data)
			return reconfigure_same(h, idx, flags);
	}
	return config_general(h, set, flags, event_idx, data);
}
