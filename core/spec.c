/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The spec layer (spec.h): sbi_pmu_counter_config_matching,
 * sbi_pmu_counter_start and sbi_pmu_counter_stop as the SBI PMU chapter
 * words them, one counter at a time, with no regard for speed. The steps
 * on one counter (what the hardware is told, steps.h) are shared with the
 * fast layer; what a call means is written here, and the fast layer must
 * agree with it.
 */
#include "spec.h"
#include "steps.h"

/* Whether counter idx is in set. */
static bool in_set(uint64_t set, unsigned int idx)
{
	return (set >> idx) & 1;
}

/* "Reset the counter to event mapping" of each (stopped) counter of set. */
static void release_each(struct rvpmu_hart *h, uint64_t set)
{
	unsigned int idx;
	uint64_t m;

	FOR_EACH_COUNTER(idx, set, m)
		release_one(h, idx);
}

/* ---- sbi_pmu_counter_config_matching */

/*
 * "Find and configure a counter from a set of counters which is not
 * started (or enabled) and can monitor the specified event." The set is
 * counter_idx_base and counter_idx_mask; every counter of it must be
 * valid, and config_flags must have no reserved bit (INVALID_PARAM).
 */
struct rvpmu_ret rvpmu_spec_config_matching(struct rvpmu_hart *h, rvpmu_ulong base,
					    rvpmu_ulong mask, rvpmu_ulong flags,
					    rvpmu_ulong event_idx, uint64_t data)
{
	uint64_t set = rvpmu_counter_set(h, base, mask);

	if ((flags & ~SBI_PMU_CFG_FLAG_ALL) || !set)
		return ret_err(SBI_ERR_INVALID_PARAM);
	return rvpmu_spec_config_set(h, set, flags, event_idx, data);
}

struct rvpmu_ret rvpmu_spec_config_set(struct rvpmu_hart *h, uint64_t set, rvpmu_ulong flags,
				       rvpmu_ulong event_idx, uint64_t data)
{
	/* the counters of this hart that can monitor the event, busy or not */
	uint64_t capable = rvpmu_event_counters(h, event_idx, data);
	uint64_t free;
	unsigned int idx;

	/* NOT_SUPPORTED: "none of the counters can monitor the specified
	   event" (or the event is no event at all) */
	if (!capable)
		return ret_err(SBI_ERR_NOT_SUPPORTED);

	if (flags & SBI_PMU_CFG_FLAG_SKIP_MATCH) {
		/*
		 * "Unconditionally select the first counter from the set": the
		 * counter an earlier config_matching gave the caller, so it
		 * must be configured, stopped and of the event's kind
		 * (INVALID_PARAM), and able to count the event (NOT_SUPPORTED).
		 */
		idx = lowest_bit(set);
		if (!in_set(h->configured, idx) || in_set(h->started, idx) ||
		    is_fw_ctr(h, idx) != event_is_fw(event_idx))
			return ret_err(SBI_ERR_INVALID_PARAM);
		if (!in_set(capable, idx))
			return ret_err(SBI_ERR_NOT_SUPPORTED);
	} else {
		/* a counter of the set that can count the event and is
		   neither configured nor the sampler's */
		free = set & capable & ~h->configured & ~h->reserved;
		if (!free)
			return ret_err(SBI_ERR_NOT_SUPPORTED);
		/* the request is valid: a hardware event's choice first
		   unmaps the parked counters that are done spending
		   (rvpmu_unpark) */
		if (!event_is_fw(event_idx) && h->parked) {
			/* as note_event keeps it: a raw event with data
			   meets parked raw events with data */
			rvpmu_unpark(h, (uint32_t)event_idx | (data ? RVPMU_EVENT_HAS_DATA : 0));
			idx = choose(h, free);
			/* one still parked (the only one free) gets the event:
			   parked no more (its parked_at is its saved value now) */
			h->parked &= ~(UINT32_C(1) << idx);
		} else {
			idx = choose(h, free);
		}
	}

	/* CLEAR_VALUE and the filter flags are the configuration's;
	   AUTO_START "has no impact on the counter value" */
	rvpmu_configure(h, idx, (uint32_t)event_idx, data, flags);
	if (flags & SBI_PMU_CFG_FLAG_AUTO_START)
		rvpmu_autostart(h, idx);
	return ret_val(idx);
}

/* ---- sbi_pmu_counter_start */

/*
 * "Start or enable a set of counters on the calling hart with the
 * specified initial value." Errors, in pmu.h's order: INVALID_PARAM for a
 * reserved flag, SET_INIT_VALUE with INIT_SNAPSHOT ("mutually
 * exclusive"), a bad set or a counter not configured; NO_SHMEM for
 * INIT_SNAPSHOT without a snapshot area; ALREADY_STARTED for a counter of
 * the set already started.
 */
struct rvpmu_ret rvpmu_spec_counter_start(struct rvpmu_hart *h, rvpmu_ulong base,
					  rvpmu_ulong mask, rvpmu_ulong flags,
					  uint64_t initial_value)
{
	/* configured counters are valid: the range is all to check */
	uint64_t set = rvpmu_counter_range(h, base, mask), v, m;
	bool set_init = flags & SBI_PMU_START_SET_INIT_VALUE;
	bool init_snapshot = flags & SBI_PMU_START_INIT_SNAPSHOT;
	unsigned int idx;

	if ((flags & ~SBI_PMU_START_FLAG_ALL) || (set_init && init_snapshot) || !set ||
	    (set & ~h->configured))
		return ret_err(SBI_ERR_INVALID_PARAM);
	if (init_snapshot && !h->shmem_on)
		return ret_err(SBI_ERR_NO_SHMEM);
	if (set & h->started)
		return ret_err(SBI_ERR_ALREADY_STARTED);

	h->started |= set;
	FOR_EACH_COUNTER(idx, set, m) {
		/* "when neither flag is set, the counter value will not be
		   modified": it starts from the value it kept */
		if (set_init)
			v = initial_value;
		else if (init_snapshot)
			v = rvpmu_snapshot_value(h, idx - (unsigned int)base);
		else
			v = stopped_value(h, idx);
		(void)start_counter(h, idx, v);
	}
	return ret_val(0);
}

/* ---- sbi_pmu_counter_stop */

/*
 * "Stop or disable a set of counters on the calling hart." Errors, in
 * pmu.h's order: INVALID_PARAM for a reserved flag, a bad set or a
 * counter not configured; NO_SHMEM for TAKE_SNAPSHOT without a snapshot
 * area; ALREADY_STOPPED for a counter of the set already stopped, after
 * RESET has released the stopped ones (pmu.h's one exception: Linux's
 * del() is stop, then stop+RESET).
 */
struct rvpmu_ret rvpmu_spec_counter_stop(struct rvpmu_hart *h, rvpmu_ulong base,
					 rvpmu_ulong mask, rvpmu_ulong flags)
{
	uint64_t set = rvpmu_counter_range(h, base, mask), seen = 0, m;
	bool reset = flags & SBI_PMU_STOP_RESET;
	unsigned int idx;

	if ((flags & ~SBI_PMU_STOP_FLAG_ALL) || !set || (set & ~h->configured))
		return ret_err(SBI_ERR_INVALID_PARAM);
	if ((flags & SBI_PMU_STOP_TAKE_SNAPSHOT) && !h->shmem_on)
		return ret_err(SBI_ERR_NO_SHMEM);
	if (set & ~h->started) {
		if (reset)
			release_each(h, set & ~h->started);
		return ret_err(SBI_ERR_ALREADY_STOPPED);
	}

	h->started &= ~set;
	FOR_EACH_COUNTER(idx, set, m) {
		if (is_fw_ctr(h, idx))
			(void)rvpmu_fw_stop(h, idx);
		else
			seen |= HW_AT(stop_hw(h, idx), idx);	/* its OF at the stop */
	}
	note_overflows(h, set & h->hw, seen);
	/* "save the current value of all the stopped counters in the
	   shared memory" and "update the overflown counter bitmap" */
	if (flags & SBI_PMU_STOP_TAKE_SNAPSHOT)
		(void)rvpmu_snapshot_store(h, set, base);
	if (reset)
		release_each(h, set);
	return ret_val(0);
}
