/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sbi_pmu_counter_config_matching, the fast layer: the requests Linux
 * makes on its hot paths (standard firmware events, a standard hardware
 * event on the map's slots, SKIP_MATCH of the counter Linux reuses, a raw
 * event where the platform maps none), answered without asking the event
 * tables and shaped around what GCC 12 emits (noinline / always_inline,
 * tail calls, one answer site). Every other request goes to the spec
 * layer, rvpmu_spec_config_set (spec.c), which is what this must agree
 * with (tests/diff.c).
 */
/* the shared steps forced inline here: a frame per level cost more than
   the work (steps.h) */
#define RVPMU_STEP static inline __attribute__((always_inline))
#include "steps.h"
#include "spec.h"

/* AUTO_START of counter idx, just configured: start it, answer idx. Out
   of line, so that the paths that call it need no frame otherwise. */
static __attribute__((noinline)) struct rvpmu_ret start_configured(struct rvpmu_hart *h,
								   unsigned int idx)
{
	rvpmu_autostart(h, idx);
	return ret_val(idx);
}

/* A raw event (type 2 or 3) on a hart whose platform maps no raw event:
   config_known answers it as the spec layer would (no counter:
   NOT_SUPPORTED), without that function's frame. */
static inline bool unmapped_raw(const struct rvpmu_hart *h, rvpmu_ulong event_idx)
{
	const struct rvpmu_map *map;

	if (SBI_PMU_EVENT_TYPE(event_idx) - SBI_PMU_EVENT_TYPE_RAW > 1)
		return false;
	map = h->cfg->map;
	return !map || !map->nr_raws;
}

/* A standard firmware event (every firmware event Linux uses), without
   event data: every firmware counter can count it. */
static inline bool fw_std_event(rvpmu_ulong event_idx, uint64_t data)
{
	return !data && event_idx - SBI_PMU_FW_EVENT(0) < SBI_PMU_FW_STD_COUNT;
}

/* Firmware counter idx (chosen, valid) takes standard event event_idx:
   note it, then AUTO_START as rvpmu_fw_start from the value it has. */
static inline void fw_std_take(struct rvpmu_hart *h, unsigned long idx,
			       rvpmu_ulong flags, uint32_t event_idx)
{
	uint64_t bit = BIT64(idx);

	h->event[idx] = event_idx;	/* note_event (fw_data is a platform event's) */
	h->configured |= bit;
	if (flags & SBI_PMU_CFG_FLAG_CLEAR_VALUE)
		fw_clear(h, idx);
	if (flags & SBI_PMU_CFG_FLAG_AUTO_START) {
		/* rvpmu_fw_std_on: the counter's bit among the firmware ones */
		h->started |= bit;
		h->fw_counting[SBI_PMU_EVENT_CODE(event_idx)].by.ctrs |= (uint32_t)(bit >> h->fw_base);
	}
}

/*
 * A standard firmware event without SKIP_MATCH: the general path's checks
 * and answers for it, without asking the event tables: SBI_SUCCESS with
 * the counter in *idx, or the error. The free set is within the capable
 * one, so "nothing can count it" and "nothing free" are one test (both
 * NOT_SUPPORTED). Parked hpm counters are left for the next hardware
 * request to unpark: choosing a firmware counter does not depend on them.
 */
static inline long config_fw_std(struct rvpmu_hart *h, uint64_t set, rvpmu_ulong flags,
				 uint32_t event_idx, unsigned long *idx)
{
	/* set is valid: its firmware counters are those from fw_base */
	uint64_t free = set & ~(BIT64(h->fw_base) - 1) & ~h->configured & ~h->reserved;

	if (!free)
		return SBI_ERR_NOT_SUPPORTED;
	*idx = lowest_bit(free);
	fw_std_take(h, *idx, flags, event_idx);
	return SBI_SUCCESS;
}

/* The same with SKIP_MATCH on counter idx: configured implies valid, so a
   configured, stopped firmware counter can count it; otherwise the
   general path's answers, NOT_SUPPORTED first when this hart has no
   firmware counter at all. */
static inline long config_fw_skip(struct rvpmu_hart *h, unsigned long idx,
				  rvpmu_ulong flags, uint32_t event_idx)
{
	if (!bit_at(h->configured & ~h->started, idx) || !is_fw_ctr(h, idx))
		return rvpmu_fw_counters(h) ? SBI_ERR_INVALID_PARAM : SBI_ERR_NOT_SUPPORTED;
	fw_std_take(h, idx, flags, event_idx);
	return SBI_SUCCESS;
}

/*
 * SKIP_MATCH naming an hpm counter configured, and stopped, for this very
 * event (how Linux reuses a counter): the event was checked against the
 * counter when it was configured, and the selector is already programmed,
 * so only the mode filter and CLEAR_VALUE are left to do here (and
 * AUTO_START). same_needs_work says whether any of it is to do; Linux's
 * usual reuse needs none, and is then answered in the entry with no frame.
 */
static inline bool reused_same(const struct rvpmu_hart *h, unsigned long idx,
			       rvpmu_ulong event_idx, uint64_t data)
{
	if (idx >= h->fw_base || idx < 3 || !bit_at(h->configured & ~h->started, idx))
		return false;
	if (h->event[idx] == event_idx)
		return !data;
	/* configured with event data (kept only as RVPMU_EVENT_HAS_DATA): a
	   raw event (the only hardware kind with data), whose selector is
	   that data, below the bits Sscofpmf owns */
	return h->event[idx] == (event_idx | RVPMU_EVENT_HAS_DATA) &&
	       (h->mhpmevent[idx] & ~MHPMEVENT_SSCOF_MASK) == data;
}

static inline bool same_needs_work(const struct rvpmu_hart *h, unsigned long idx,
				   rvpmu_ulong flags)
{
	return (flags & (SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START)) ||
	       (h->sscofpmf && with_filter(h->mhpmevent[idx], flags) != h->mhpmevent[idx]);
}

static __attribute__((noinline)) struct rvpmu_ret reconfigure_same(struct rvpmu_hart *h,
								   unsigned long idx,
								   rvpmu_ulong flags)
{
	uint64_t ev;

	if (h->sscofpmf) {
		ev = with_filter(h->mhpmevent[idx], flags);
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
		return start_configured(h, (unsigned int)idx);
	return (struct rvpmu_ret){ SBI_SUCCESS, idx };
}

/* What rvpmu_configure and the AUTO_START after it do, out of line: a fixed
   counter chosen on config_std_hw's path. */
static __attribute__((noinline)) struct rvpmu_ret configure_fixed(struct rvpmu_hart *h,
								  unsigned int idx,
								  rvpmu_ulong event_idx,
								  rvpmu_ulong flags)
{
	rvpmu_configure(h, idx, (uint32_t)event_idx, 0, flags);
	if (flags & SBI_PMU_CFG_FLAG_AUTO_START)
		return start_configured(h, idx);
	return ret_val(idx);
}

/* The end of config_std_hw's hpm path, out of line: the stale note (the
   platform's counts_while_inhibited, core/hw.h: inline in the firmware,
   so this makes no call), then AUTO_START by a tail call. */
static __attribute__((noinline)) struct rvpmu_ret hpm_configured(struct rvpmu_hart *h,
								 unsigned int idx, uint64_t ev,
								 rvpmu_ulong flags)
{
	/* an hpm counter (config_std_hw sends 0..2 to configure_fixed):
	   said, so the platform's stale test drops its fixed-counter case */
	if (idx < 3)
		__builtin_unreachable();
	rvpmu_note_stale(h, idx, ev);
	if (flags & SBI_PMU_CFG_FLAG_AUTO_START)
		return rvpmu_autostart_hw(h, idx);
	return ret_val(idx);
}

/*
 * A standard hardware event (general or cache, no event data) without
 * SKIP_MATCH: what the spec layer does, with the counters and the
 * selector from the map's standard slot (map.h) instead of the event
 * tables' searches, and an hpm counter configured as rvpmu_configure does,
 * with no frame (its one call, and AUTO_START, behind a tail call).
 * Parked counters are unparked first (config_std_hw_unpark, which comes
 * back here with @unparked true). A hart without a map, or with nothing
 * free, takes the spec layer (rvpmu_spec_config_set).
 */
static struct rvpmu_ret config_std_hw_unpark(struct rvpmu_hart *h, uint64_t set,
					     rvpmu_ulong flags, unsigned int slot,
					     rvpmu_ulong event_idx);

static inline __attribute__((always_inline)) struct rvpmu_ret config_std_hw(struct rvpmu_hart *h,
									  uint64_t set,
									  rvpmu_ulong flags,
									  unsigned int slot,
									  rvpmu_ulong event_idx,
									  bool unparked)
{
	const struct rvpmu_map *map = h->cfg->map;
	uint64_t free, ev;
	unsigned int idx;

	free = map ? set & (map->std_ctrs[slot] & h->hw) & ~h->configured & ~h->reserved : 0;
	/* without a map, or with no counter free (NOT_SUPPORTED there too):
	   every exit is a tail call, so the path needs no frame (an answer
	   of its own would be kept in memory) */
	if (!free)
		return rvpmu_spec_config_set(h, set, flags, event_idx, 0);
	/* parked counters (Linux's del() parks one a switch) unparked first,
	   as the spec layer does before it chooses (unparking may clear a
	   counter's held bit), by a call of its own: this path keeps no
	   frame */
	if (!unparked && h->parked)
		return config_std_hw_unpark(h, set, flags, slot, event_idx);
	idx = choose(h, free);
	if (idx < 3)
		return configure_fixed(h, idx, event_idx, flags);
	/* one still parked (the only one free) gets the event: parked no
	   more (its parked_at is its saved value now); only where something
	   was parked, so the common path pays nothing */
	if (unparked)
		h->parked &= ~(UINT32_C(1) << idx);
	/* note_event, with an hpm counter's bit in one word on RV32 */
	h->configured |= HW_BIT(idx);
	forget_overflow(h, idx);
	h->event[idx] = (uint32_t)event_idx;	/* data 0: no RVPMU_EVENT_HAS_DATA */
	ev = map->std_sel[slot];
	if (h->sscofpmf)
		ev = with_valid_filter(ev, flags);	/* config_tables' flags are */
	h->mhpmevent[idx] = ev;
	/* OF stays set until start: no interrupt from a stopped counter */
	rvpmu_hw_program(h, idx, h->sscofpmf ? ev | MHPMEVENT_OF : ev);
	h->saved[idx] = rvpmu_hw_read(h, idx);
	if (flags & SBI_PMU_CFG_FLAG_CLEAR_VALUE) {
		rvpmu_hw_write(h, idx, 0);
		h->saved[idx] = 0;
	}
	return hpm_configured(h, idx, ev, flags);
}

/* config_std_hw after rvpmu_unpark, the request known valid and a
   counter free. */
static __attribute__((noinline)) struct rvpmu_ret config_std_hw_unpark(struct rvpmu_hart *h,
								       uint64_t set,
								       rvpmu_ulong flags,
								       unsigned int slot,
								       rvpmu_ulong event_idx)
{
	rvpmu_unpark(h, (uint32_t)event_idx);
	return config_std_hw(h, set, flags, slot, event_idx, true);
}

/* A valid request without SKIP_MATCH for an event the tables answer:
   config_std_hw's for a standard hardware event, else the spec layer.
   Out of line, so that the entry's other paths pay nothing for the test. */
static __attribute__((noinline)) struct rvpmu_ret config_tables(struct rvpmu_hart *h,
								uint64_t set,
								rvpmu_ulong flags,
								rvpmu_ulong event_idx,
								uint64_t data)
{
	int slot = rvpmu_map_std_slot(event_idx);

	if (slot >= 0 && !data)
		return config_std_hw(h, set, flags, (unsigned int)slot, event_idx, false);
	return rvpmu_spec_config_set(h, set, flags, event_idx, data);
}

#if RVPMU_XLEN == 32
/* fw_std_take for the one counter base RV32's entry path (below) found
   configured, stopped and a firmware counter, out of line: the entry
   keeps no frame. */
static __attribute__((noinline)) struct rvpmu_ret fw_take_one(struct rvpmu_hart *h,
							      rvpmu_ulong base,
							      rvpmu_ulong flags,
							      rvpmu_ulong event_idx)
{
	fw_std_take(h, base, flags, (uint32_t)event_idx);
	return ret_val(base);
}
#endif

/*
 * The paths that need no event tables: standard firmware events (with
 * and without SKIP_MATCH), SKIP_MATCH of the event an hpm counter
 * already has, a raw event nothing maps (unmapped_raw) and the answer to
 * a bad set or flags; the rest to the spec layer. What is answered here
 * leaves by one return of (err, idx): GCC 12 keeps struct answers that
 * meet from several returns in memory. Inline on
 * RV64, where the entry then needs no frame on any path; out of line on
 * RV32, whose 64-bit values in register pairs need callee-saved registers
 * here, and inline their saving would land on the general path too.
 */
#if RVPMU_XLEN == 64
static inline __attribute__((always_inline))
#else
static __attribute__((noinline))
#endif
struct rvpmu_ret config_known(struct rvpmu_hart *h, uint64_t set, rvpmu_ulong cbase,
			      rvpmu_ulong flags, rvpmu_ulong event_idx, uint64_t data)
{
	unsigned long idx = 0;
	long err = SBI_ERR_INVALID_PARAM;

	if ((flags & ~SBI_PMU_CFG_FLAG_ALL) || !set) {
		/* err as it is */
	} else if (!(flags & SBI_PMU_CFG_FLAG_SKIP_MATCH)) {
		/* a standard firmware event, or a raw one nothing maps */
		err = fw_std_event(event_idx, data) ?
		      config_fw_std(h, set, flags, (uint32_t)event_idx, &idx) :
		      SBI_ERR_NOT_SUPPORTED;
	} else {
		/* Linux names the counter itself: base, mask 1 (the entry
		   passes that base, else ~0: the lowest of the set) */
		idx = cbase != ~(rvpmu_ulong)0 ? cbase : lowest_bit(set);
		/* an hpm counter never holds a firmware event: Linux's reuse of
		   one is tested first, and answered here when nothing changes */
		if (reused_same(h, idx, event_idx, data)) {
			if (same_needs_work(h, idx, flags))
				return reconfigure_same(h, idx, flags);
			err = SBI_SUCCESS;
		} else if (fw_std_event(event_idx, data)) {
			err = config_fw_skip(h, idx, flags, (uint32_t)event_idx);
		} else {
			return rvpmu_spec_config_set(h, set, flags, event_idx, data);
		}
	}
	return (struct rvpmu_ret){ err, err ? 0 : idx };
}

/* Validate what every path shares, then the path: a valid request for
   an event the tables must answer to config_tables, all else to
   config_known. */
struct rvpmu_ret rvpmu_counter_config_matching(struct rvpmu_hart *h,
					       rvpmu_ulong base,
					       rvpmu_ulong mask,
					       rvpmu_ulong flags,
					       rvpmu_ulong event_idx,
					       uint64_t data)
{
	uint64_t set;

#if RVPMU_XLEN == 32
	/* SKIP_MATCH of the one counter Linux names (mask 1) as it reuses
	   it: an hpm counter for the event it has, nothing to change, or a
	   firmware counter for a standard firmware event. Tested bit by bit
	   (bit_at) before the counter set, which RV32 builds in register
	   pairs; on RV64 config_known answers both as fast. */
	if ((flags & SBI_PMU_CFG_FLAG_SKIP_MATCH) && mask == 1 && base < 64 &&
	    !(flags & ~SBI_PMU_CFG_FLAG_ALL)) {
		if (reused_same(h, base, event_idx, data) && !same_needs_work(h, base, flags))
			return ret_val(base);
		/* a firmware counter, configured and stopped, takes a standard
		   firmware event: it is noted, and that is all without
		   CLEAR_VALUE or AUTO_START (configured stays set) */
		if (fw_std_event(event_idx, data) && is_fw_ctr(h, base) &&
		    bit_at(h->configured & ~h->started, base)) {
			if (flags & (SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START))
				return fw_take_one(h, base, flags, event_idx);
			h->event[base] = (uint32_t)event_idx;
			return ret_val(base);
		}
	}
#endif
	set = rvpmu_counter_set(h, base, mask);
	if (!(flags & ~SBI_PMU_CFG_FLAG_ALL) && set && !(flags & SBI_PMU_CFG_FLAG_SKIP_MATCH) &&
	    !fw_std_event(event_idx, data) && !unmapped_raw(h, event_idx))
		return config_tables(h, set, flags, event_idx, data);
	/* base only where mask is 1: config_known then takes 8 argument
	   words, all in registers on RV32 too, so this is a tail call and
	   the entry needs no frame on any path */
	return config_known(h, set, mask == 1 ? base : ~(rvpmu_ulong)0, flags, event_idx, data);
}
