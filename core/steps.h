/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * core/steps.h - the steps on one counter that both layers of the core
 * take: the spec layer (spec.c, one plain function per SBI call) and the
 * fast layer (match.c, startstop.c: the hot cases). What a step does to
 * the hardware, and the platform properties it honours (a counter that
 * counts on while inhibited, an overflow held back, Smcntrpmf), is
 * written here once; what an SBI call means is the layers'.
 *
 * Each step is RVPMU_STEP: a file that includes this header may define it
 * first (the fast layer forces the steps inline: a call frame per level
 * cost more than the work on a one-counter path, docs/speed.md); by
 * default it is plain static inline. All run on the hart that owns h.
 */
#ifndef RVPMU_STEPS_H
#define RVPMU_STEPS_H

#include "internal.h"

#ifndef RVPMU_STEP
#define RVPMU_STEP static inline
#endif

/* ---- config_matching */

/**
 * choose() - which of the free counters an event takes
 * @h: the hart
 * @free: the free counters (capable, not configured, not reserved); not
 *        empty
 *
 * The lowest hpm counter, except that the fixed counter is taken for
 * cycles/instret when it fits as well: always without Sscofpmf, and with
 * it only when no hpm counter is free (only hpm counters can interrupt on
 * overflow and filter by mode). Capable sets hold a fixed counter only for
 * its own event. An hpm counter whose next overflow the platform may hold
 * back (h->held) is taken only when no other is free: on it a sampling
 * event would lose an interrupt.
 *
 * Context: The hart that owns @h; no lock taken.
 * Return: the counter chosen, one of @free.
 */
RVPMU_STEP unsigned int choose(const struct rvpmu_hart *h, uint64_t free)
{
	uint64_t fixed = free & FIXED_CTRS, hpm = free & ~FIXED_CTRS;
	uint64_t clear = hpm & ~(uint64_t)h->held;

	if (fixed && (!h->sscofpmf || !hpm))
		return lowest_bit(fixed);
	return lowest_bit(clear ? clear : hpm);
}

/**
 * filter_bits() - the mode filter flags as xINH bits
 * @flags: config_matching's flags
 *
 * Context: Any hart; pure.
 * Return: the filter flags of @flags as the xINH bits 62..58 (Sscofpmf's
 *         mhpmevent, Smcntrpmf's mcyclecfg / minstretcfg).
 */
RVPMU_STEP uint64_t filter_bits(rvpmu_ulong flags)
{
	return (uint64_t)(flags & SBI_PMU_CFG_FLAG_FILTER_MASK) << MHPMEVENT_FILTER_SHIFT;
}

/**
 * with_filter() - a selector with the mode filter
 * @ev: the selector or mhpmevent
 * @flags: config_matching's flags
 *
 * Context: Any hart; pure.
 * Return: @ev with Sscofpmf's bits (OF clear) set from the mode filter
 *         flags: the top 8 bits shifted out and the filter's 5 in.
 */
RVPMU_STEP uint64_t with_filter(uint64_t ev, rvpmu_ulong flags)
{
	_Static_assert(MHPMEVENT_SSCOF_MASK == ~(~UINT64_C(0) >> 8), "Sscofpmf owns the top byte");
	return (ev << 8 >> 8) | filter_bits(flags);
}

/**
 * with_valid_filter() - with_filter() for flags with no reserved bit
 * @ev: the selector or mhpmevent
 * @flags: config_matching's flags, within SBI_PMU_CFG_FLAG_ALL
 *
 * The filter flags are then the top five of @flags' eight: two shifts
 * and no mask (config_std_hw's path, where the request is valid).
 *
 * Context: Any hart; pure.
 * Return: with_filter(@ev, @flags).
 */
RVPMU_STEP uint64_t with_valid_filter(uint64_t ev, rvpmu_ulong flags)
{
	_Static_assert(SBI_PMU_CFG_FLAG_ALL >> 3 == SBI_PMU_CFG_FLAG_FILTER_MASK >> 3,
		       "the filter flags are the top ones");
	return (ev << 8 >> 8) | (uint64_t)(flags >> 3) << (MHPMEVENT_FILTER_SHIFT + 3);
}

/**
 * note_event() - note a counter's event
 * @h: the hart
 * @idx: the counter
 * @event_idx: the SBI event_idx
 * @data: the SBI event_data
 *
 * Maps (@event_idx, @data) to counter @idx, configured: what every counter
 * kind notes.
 *
 * Context: The hart that owns @h; no lock taken.
 */
RVPMU_STEP void note_event(struct rvpmu_hart *h, unsigned int idx,
			   uint32_t event_idx, uint64_t data)
{
	if (is_fw_ctr(h, idx))
		h->fw_data[idx - h->fw_base] = data;
	else if (data)
		event_idx |= RVPMU_EVENT_HAS_DATA;
	h->event[idx] = event_idx;
	h->configured |= BIT64(idx);
}

/**
 * forget_overflow() - forget an hpm counter's overflow
 * @h: the hart
 * @idx: the hpm counter, configured afresh (not SKIP_MATCH)
 *
 * A counter configured afresh has not overflowed: the bit an earlier event
 * left in h->overflowed would be in the next snapshot's bitmap
 * (rvpmu_snapshot_ovf()) until its first stop.
 *
 * Context: The hart that owns @h; no lock taken.
 */
RVPMU_STEP void forget_overflow(struct rvpmu_hart *h, unsigned int idx)
{
	h->overflowed &= ~HW_BIT(idx);
}

/**
 * fw_clear() - CLEAR_VALUE of a firmware counter
 * @h: the hart
 * @idx: the firmware counter
 *
 * Context: The hart that owns @h; no lock taken.
 */
RVPMU_STEP void fw_clear(struct rvpmu_hart *h, unsigned int idx)
{
	h->fw_value[idx - h->fw_base] = 0;
}

/**
 * rvpmu_configure() - a counter takes an event
 * @h: the hart
 * @idx: the counter: valid, free or configured and stopped
 * @event_idx: the SBI event_idx
 * @data: the SBI event_data
 * @flags: config_matching's flags
 *
 * Counter @idx takes (@event_idx, @data) with @flags: noted, its selector
 * and mode filter programmed with OF set (an hpm counter: no interrupt
 * from a stopped counter), a fixed counter inhibited with its filter, the
 * value a free counter holds read as the one it keeps (zeroed with
 * CLEAR_VALUE). Not AUTO_START: the caller's. Out of line (steps.c).
 *
 * Context: The hart that owns @h (touches its CSRs); no lock taken.
 */
void rvpmu_configure(struct rvpmu_hart *h, unsigned int idx, uint32_t event_idx,
		     uint64_t data, rvpmu_ulong flags);

/* ---- start */

/**
 * start_hw_fit() - start a hardware counter from a value within its width
 * @h: the hart
 * @idx: the hardware counter, configured, stopped
 * @v: the value it starts from, within @idx's width (h->saved always is)
 *
 * Value first, then OF cleared, then counting: in that order. With
 * Sscofpmf an hpm counter's value is then written once more, running:
 * QEMU 7.2 arms its overflow timer only on a counter write, and its expiry
 * (on another thread) raises LCOFI only if the counter is counting with OF
 * clear, else drops it for good; the first write's expiry could come
 * before the uninhibit if the hart's thread stalls in between
 * (docs/perf-on-qemu.md). Elsewhere the second write only restarts the
 * count from @v a few instructions later. An hpm counter whose next
 * overflow the start holds back is noted in h->held.
 *
 * Context: The hart that owns @h (touches its CSRs); no lock taken.
 */
RVPMU_STEP void start_hw_fit(struct rvpmu_hart *h, unsigned int idx, uint64_t v)
{
	rvpmu_hw_write(h, idx, v);
	if (idx >= 3) {
		if (rvpmu_hw_holds_overflow(h, idx, h->mhpmevent[idx], v))
			h->held |= UINT32_C(1) << idx;
		rvpmu_hw_program(h, idx, h->mhpmevent[idx]);
	}
	rvpmu_hw_inhibit(h, UINT32_C(1) << idx, false);
	if (idx >= 3 && h->sscofpmf)
		rvpmu_hw_write(h, idx, v);
}

/**
 * start_hw() - start a hardware counter from any value
 * @h: the hart
 * @idx: the hardware counter, configured, stopped
 * @v: the value it starts from, cut to @idx's width here
 *
 * As start_hw_fit(), for a value S-mode gave.
 *
 * Context: The hart that owns @h (touches its CSRs); no lock taken.
 */
RVPMU_STEP void start_hw(struct rvpmu_hart *h, unsigned int idx, uint64_t v)
{
	start_hw_fit(h, idx, width_trunc(h, idx, v));
}

/**
 * start_counter() - start a counter
 * @h: the hart
 * @idx: the counter: configured, stopped, its bit in h->started already
 * @v: the value it starts from
 *
 * Context: The hart that owns @h (touches its CSRs); no lock taken.
 * Return: ret_val(0): a firmware counter's platform event is a tail call.
 */
RVPMU_STEP struct rvpmu_ret start_counter(struct rvpmu_hart *h, unsigned int idx, uint64_t v)
{
	if (is_fw_ctr(h, idx))
		return rvpmu_fw_start(h, idx, v);
	start_hw(h, idx, v);
	return ret_val(0);
}

/* ---- stop */

/**
 * stop_hw_as() - stop one hardware counter, with the hart's state given
 * @h: the hart
 * @idx: the hardware counter, started
 * @stale_set: h->stale as read once for a set
 * @sscofpmf: h->sscofpmf as read once for a set
 * @inhibited: whether the counter is already inhibited (where the first
 *             read after inhibiting is the final count: every counter on
 *             RV64, those not stale on RV32; rvpmu_hw_inhibit_read_as())
 *
 * Inhibits the counter, keeps its count and, with Sscofpmf, sets OF so no
 * overflow interrupt comes while it is stopped. A stale counter is written
 * back with its event unmapped. A fixed counter is
 * rvpmu_hw_inhibit_keep() alone.
 *
 * Context: The hart that owns @h (touches its CSRs); no lock taken.
 * Return: 1 when the hardware had set OF while it ran, else 0 (always 0
 *         without Sscofpmf, and for a fixed counter), for
 *         note_overflows(): a set of counters is noted once for the whole
 *         set.
 */
RVPMU_STEP uint64_t stop_hw_as(struct rvpmu_hart *h, unsigned long idx, uint32_t stale_set,
			       bool sscofpmf, bool inhibited)
{
	bool stale = (stale_set >> idx) & 1;
	uint64_t ev = h->mhpmevent[idx] | (sscofpmf ? MHPMEVENT_OF : 0), of = 0;

	if (idx < 3) {
		rvpmu_hw_inhibit_keep(h, idx);
		return 0;
	}
	if (inhibited)
		h->saved[idx] = rvpmu_hw_read(h, idx);
	else
		rvpmu_hw_inhibit_read_as(h, idx, stale);
	/*
	 * A stale counter is written back with its event unmapped: mhpmevent
	 * 0 (QEMU drops the counter from its event map), the value, the event
	 * again. QEMU 7.2 arms its one overflow timer per hart whenever a
	 * cycle/instret-mapped counter is written, and only ever earlier: the
	 * write-back of a counter that has just wrapped (Linux's overflow
	 * handler stops it) put the deadline in the past, the restart's write
	 * could not move it, and the stale expiry either raised a spurious
	 * LCOFI or, landing while the counter was inhibited, left the restarted
	 * counter with no timer at all (docs/perf-on-qemu.md).
	 */
	if (sscofpmf)
		of = rvpmu_hw_swap_event(h, idx, stale ? 0 : ev) >> 63;	/* OF: bit 63 */
	else if (stale)
		rvpmu_hw_program(h, idx, 0);
	if (stale) {
		rvpmu_hw_write(h, idx, h->saved[idx]);
		rvpmu_hw_program(h, idx, ev);
	}
	return of;
}

/**
 * stop_hw() - stop one hardware counter
 * @h: the hart
 * @idx: the hardware counter, started, not inhibited
 *
 * stop_hw_as() with h->stale and h->sscofpmf.
 *
 * Context: The hart that owns @h (touches its CSRs); no lock taken.
 * Return: as stop_hw_as(): 1 when the hardware had set OF while it ran.
 */
RVPMU_STEP uint64_t stop_hw(struct rvpmu_hart *h, unsigned long idx)
{
	return stop_hw_as(h, idx, h->stale, h->sscofpmf, false);
}

/**
 * note_overflows() - note the overflows a stop saw
 * @h: the hart
 * @set: the hardware counters just stopped
 * @seen: the OF each had at its stop (stop_hw()'s answer at its counter's
 *        bit)
 *
 * h->overflowed keeps that state whatever it was before, and an overflow
 * seen means whatever held it back has let go (h->held). h->overflowed is
 * read only for configured, stopped counters (rvpmu_snapshot_ovf()), so
 * start and release need not touch it; a counter configured afresh has
 * its bit cleared (forget_overflow()). A fixed or firmware counter's bit
 * there stays 0.
 *
 * Context: The hart that owns @h; no lock taken.
 */
RVPMU_STEP void note_overflows(struct rvpmu_hart *h, uint64_t set, uint64_t seen)
{
	h->overflowed = (h->overflowed & ~set) | seen;
	h->held &= ~(uint32_t)seen;
}

/**
 * release_one() - forget the mapping of one stopped counter
 * @h: the hart
 * @idx: the counter, stopped
 *
 * A firmware counter only loses its configured bit. An hpm counter whose
 * next overflow may be held back (h->held) is parked where the hart has
 * Sscofpmf and the platform a clock_ns: event still mapped, OF set,
 * running from 0 (rvpmu_unpark() unmaps it later); any other hpm counter
 * gets mhpmevent 0; a fixed counter runs again, unfiltered, as at boot.
 *
 * Context: The hart that owns @h (touches its CSRs); no lock taken.
 */
RVPMU_STEP void release_one(struct rvpmu_hart *h, unsigned int idx)
{
	h->configured &= ~BIT64(idx);
	if (is_fw_ctr(h, idx))
		return;
	if (idx >= 3 && (h->held & (UINT32_C(1) << idx)) && h->sscofpmf &&
	    h->cfg->hw->clock_ns) {
		uint64_t ev = h->mhpmevent[idx] & ~MHPMEVENT_OF;

		/*
		 * Park it: event still mapped, OF set (no interrupt), run from 0 so
		 * that QEMU's overflow timer expires at once and the expiry spends
		 * the left-over that held the counter's next overflow back. The
		 * next config_matching unmaps it (rvpmu_unpark). Counting before
		 * the write: an expiry that finds the counter inhibited spends
		 * nothing (start_hw).
		 *
		 * QEMU 7.2 spends the left-over at an expiry whatever OF says.
		 * QEMU 9 and later (10.0 read) look at OF first: an expiry or a
		 * write with OF set leaves the left-over alone, and the parked
		 * counter, held no more in our eyes after RVPMU_PARK_NS, would
		 * swallow the first overflow of the next event on it and, with
		 * nothing restarting that event (perf record -a on a busy CPU),
		 * every later one. Those QEMUs set the left-over afresh on every
		 * write of a running, mapped counter with OF clear, to 0 for a
		 * write of 0 (whose wrap lies exactly 2^64 ticks ahead). So: the
		 * first write of 0 with OF clear (the reset there), then OF set
		 * and the write of 0 that QEMU 7.2's park needs. Between the two
		 * the counter is not near its wrap; an expiry there spends a
		 * left-over on QEMU 7.2 and re-arms the timer on 9 and later.
		 */
		rvpmu_hw_program(h, idx, ev);
		rvpmu_hw_inhibit(h, UINT32_C(1) << idx, false);
		rvpmu_hw_write(h, idx, 0);
		rvpmu_hw_program(h, idx, ev | MHPMEVENT_OF);
		rvpmu_hw_write(h, idx, 0);
		h->parked |= UINT32_C(1) << idx;
		/* through the ops: the inline form here would cost every
		   stop+RESET inlining this a stack frame (make bench's
		   stop.hw.reset_stopped +1) */
		h->parked_at[idx] = h->cfg->hw->clock_ns(h->ctx);
		h->mhpmevent[idx] = 0;
	} else if (idx >= 3) {
		/* 0, not OF|MINH: some hardware lets one event own one counter */
		h->mhpmevent[idx] = 0;
		rvpmu_hw_program(h, idx, 0);
	} else {
		/* a free fixed counter runs again, as at boot: unfiltered (its
		   filter cleared while still inhibited; never set without
		   Smcntrpmf) */
		if (h->filtered & (UINT32_C(1) << idx)) {
			/* inline (a CSR write on the firmware): a call here
			   would cost every stop+RESET a frame */
			rvpmu_hw_filter_fixed(h, idx, 0);
			h->filtered &= ~(UINT32_C(1) << idx);
		}
		rvpmu_hw_inhibit(h, UINT32_C(1) << idx, false);
	}
}

#endif
