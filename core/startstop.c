/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sbi_pmu_counter_start / sbi_pmu_counter_stop. Validation is complete
 * before the first write (the rule in pmu.h). A stopped hardware counter
 * keeps its value in h->saved and gets it written back on start: some
 * hardware (QEMU 7.2) lets inhibited counters drift, and a non-retentive
 * suspend loses them; the same reason makes start rewrite mhpmevent.
 *
 * Stopping inhibits a counter, reads it and writes the value back: on real
 * hardware the write changes nothing; on QEMU 7.2 (Debian's, with the
 * 7.2.9 fix) the first read after inhibiting a cycle/instret counter is
 * live and later reads give the value last written, so without the write
 * a stopped counter would read as its start value.
 */
#include "internal.h"

/*
 * The helpers below are inlined into the entry points on purpose: a call
 * frame per level cost more than the work on the single-counter path.
 */
#define HOT static inline __attribute__((always_inline))

/* What start and stop check alike, in this order: the set is a valid set
   of configured counters, and shared memory exists when a snapshot flag
   (snap) asks for it. */
HOT long check_set(const struct rvpmu_hart *h, rvpmu_ulong base, rvpmu_ulong mask,
		   rvpmu_ulong snap, uint64_t *set)
{
	*set = rvpmu_counter_range(h, base, mask);
	if (!*set || (*set & ~h->configured))
		return SBI_ERR_INVALID_PARAM;
	if (snap && !h->shmem_on)
		return SBI_ERR_NO_SHMEM;
	return 0;
}

/* The value a counter starts from. */
HOT uint64_t start_value(const struct rvpmu_hart *h, unsigned int idx,
			    rvpmu_ulong base, rvpmu_ulong flags, uint64_t initial_value)
{
	if (flags & SBI_PMU_START_SET_INIT_VALUE)
		return initial_value;
	if (flags & SBI_PMU_START_INIT_SNAPSHOT)
		return rvpmu_snapshot_value(h, idx - (unsigned int)base);
	return stopped_value(h, idx);
}

/*
 * Value first, then OF cleared, then counting: in that order. With
 * Sscofpmf an hpm counter's value is then written once more, running:
 * QEMU 7.2 arms its overflow timer only on a counter write, and its expiry
 * (on another thread) raises LCOFI only if the counter is counting with OF
 * clear, else drops it for good; the first write's expiry could come
 * before the uninhibit if the hart's thread stalls in between
 * (docs/perf-on-qemu.md). Elsewhere the second write only restarts the
 * count from v a few instructions later.
 */
HOT void start_hw(struct rvpmu_hart *h, unsigned int idx,
					       uint64_t v)
{
	v &= width_mask(h, idx);
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

HOT void start_one(struct rvpmu_hart *h, unsigned int idx, rvpmu_ulong base,
		      rvpmu_ulong flags, uint64_t initial_value)
{
	uint64_t v = start_value(h, idx, base, flags, initial_value);

	if (is_fw_ctr(h, idx))
		rvpmu_fw_start(h, idx, v);
	else
		start_hw(h, idx, v);
}

static __attribute__((noinline)) void start_many(struct rvpmu_hart *h, uint64_t set,
						 rvpmu_ulong base, rvpmu_ulong flags,
						 uint64_t initial_value)
{
	uint64_t m;
	unsigned int idx;

	/* firmware counters from the values they keep (no flags): for a
	   standard event only its fw_counting bit changes */
	if (!flags && !(set & ~rvpmu_fw_counters(h))) {
		FOR_EACH_COUNTER(idx, set, m) {
			uint32_t code = SBI_PMU_EVENT_CODE(h->event[idx]);

			if (code < SBI_PMU_FW_STD_COUNT)
				rvpmu_fw_std_on(h, idx, code);
			else
				rvpmu_fw_start_ext(h, idx);
		}
		return;
	}
	FOR_EACH_COUNTER(idx, set, m)
		start_one(h, idx, base, flags, initial_value);
}

HOT void start_set(struct rvpmu_hart *h, uint64_t set, rvpmu_ulong base,
		   rvpmu_ulong flags, uint64_t initial_value)
{
	h->started |= set;
	/* one counter (every Linux call) takes the short way */
	if (!(set & (set - 1)))
		start_one(h, set == BIT64(base) ? (unsigned int)base : lowest_bit(set),
			  base, flags, initial_value);
	else
		start_many(h, set, base, flags, initial_value);
}

void rvpmu_start_set(struct rvpmu_hart *h, uint64_t set, rvpmu_ulong base,
		     rvpmu_ulong flags, uint64_t initial_value)
{
	start_set(h, set, base, flags, initial_value);
}

/* One counter: what Linux always asks. Hardware and firmware counters
   each take their own short way, so neither pays for the other's test. */
static __attribute__((noinline)) struct rvpmu_ret start_hw_one(struct rvpmu_hart *h,
							       unsigned int idx,
							       rvpmu_ulong flags,
							       uint64_t initial_value)
{
	h->started |= BIT64(idx);
	start_hw(h, idx, start_value(h, idx, idx, flags, initial_value));
	return ret_val(0);
}

/* AUTO_START of hpm counter idx, just configured (config_matching's
   standard hardware path): started from the value it keeps, as
   start_hw_one without flags, answering idx. */
struct rvpmu_ret rvpmu_autostart_hw(struct rvpmu_hart *h, unsigned int idx)
{
	h->started |= BIT64(idx);
	start_hw(h, idx, h->saved[idx]);
	return ret_val(idx);
}

static __attribute__((noinline)) struct rvpmu_ret start_fw_one(struct rvpmu_hart *h,
							       unsigned int idx,
							       rvpmu_ulong flags,
							       uint64_t initial_value)
{
	h->started |= BIT64(idx);
	return rvpmu_fw_start(h, idx, start_value(h, idx, idx, flags, initial_value));
}

static __attribute__((noinline)) struct rvpmu_ret start_general(struct rvpmu_hart *h,
								uint64_t set, rvpmu_ulong base,
								rvpmu_ulong flags,
								uint64_t initial_value)
{
	start_set(h, set, base, flags, initial_value);
	return ret_val(0);
}

struct rvpmu_ret rvpmu_counter_start(struct rvpmu_hart *h, rvpmu_ulong base,
				     rvpmu_ulong mask, rvpmu_ulong flags,
				     uint64_t initial_value)
{
	uint64_t set;
	long err;

	/*
	 * One counter without a snapshot (what Linux asks): its checks in
	 * short, same answers and order as the general ones below.
	 */
	if (mask == 1 && base < h->nr_counters && !(flags & ~SBI_PMU_START_SET_INIT_VALUE)) {
		if (!(h->configured & BIT64(base)))
			return ret_err(SBI_ERR_INVALID_PARAM);
		if (h->started & BIT64(base))
			return ret_err(SBI_ERR_ALREADY_STARTED);
		return base < h->fw_base ?
			start_hw_one(h, (unsigned int)base, flags, initial_value) :
			start_fw_one(h, (unsigned int)base, flags, initial_value);
	}
	if (flags & ~SBI_PMU_START_FLAG_ALL)
		return ret_err(SBI_ERR_INVALID_PARAM);
	if ((flags & SBI_PMU_START_SET_INIT_VALUE) &&
	    (flags & SBI_PMU_START_INIT_SNAPSHOT))
		return ret_err(SBI_ERR_INVALID_PARAM);
	err = check_set(h, base, mask, flags & SBI_PMU_START_INIT_SNAPSHOT, &set);
	if (err)
		return ret_err(err);
	if (set & h->started)
		return ret_err(SBI_ERR_ALREADY_STARTED);

	/* every call below is a tail call: this function needs no frame */
	if (set == BIT64(base))
		return base < h->fw_base ?
			start_hw_one(h, (unsigned int)base, flags, initial_value) :
			start_fw_one(h, (unsigned int)base, flags, initial_value);
	return start_general(h, set, base, flags, initial_value);
}

/*
 * Stop one hardware counter: inhibit it, keep its count and set OF so no
 * overflow interrupt comes while it is stopped. Answers 1 when the
 * hardware had set OF while it ran (0 without Sscofpmf), for
 * note_overflows: a set of counters is noted once for the whole set.
 * stop_hw_as takes h->stale and h->sscofpmf as read once for a set, and
 * whether the counter is already inhibited (RV64 only: there the first
 * read after inhibiting is the final count; rvpmu_hw_inhibit_read).
 */
HOT uint64_t stop_hw_as(struct rvpmu_hart *h, unsigned long idx, uint32_t stale_set, bool sscofpmf,
		       bool inhibited)
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
		rvpmu_hw_inhibit_read(h, idx);
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

HOT uint64_t stop_hw(struct rvpmu_hart *h, unsigned long idx)
{
	return stop_hw_as(h, idx, h->stale, h->sscofpmf, false);
}

/*
 * After stopping the hardware counters of set, seen holding the OF each
 * had at its stop (stop_hw's answer at its counter's bit): h->overflowed
 * keeps that state whatever it was before, and an overflow seen means
 * whatever held it back has let go. h->overflowed is meaningful only for
 * configured, stopped counters, so start and release need not touch it
 * (and a fixed or firmware counter's bit there stays 0).
 */
HOT void note_overflows(struct rvpmu_hart *h, uint64_t set, uint64_t seen)
{
	h->overflowed = (h->overflowed & ~set) | seen;
	h->held &= ~(uint32_t)seen;
}

/* Stop the (started) counters of set: the hardware ones first, in a loop
   without calls (so what it reads of h stays in registers). */
static __attribute__((noinline)) void stop_many(struct rvpmu_hart *h, uint64_t set)
{
	uint64_t hw = set & (BIT64(h->fw_base) - 1), fw = set & ~hw, m, seen = 0;
	uint32_t stale = h->stale;
	bool sscofpmf = h->sscofpmf;
	unsigned long idx;

	if (hw) {
		/* RV64: the set's hpm counters inhibited at once, one CSR write */
		if (RVPMU_XLEN == 64)
			rvpmu_hw_inhibit(h, hw & ~UINT64_C(7), true);
		FOR_EACH_COUNTER(idx, hw, m)
			seen |= stop_hw_as(h, idx, stale, sscofpmf, RVPMU_XLEN == 64) << idx;
		note_overflows(h, hw, seen);
	}
	if (fw) {
		FOR_EACH_COUNTER(idx, fw, m)
			rvpmu_fw_stop(h, idx);
	}
}

/* Forget the mapping of one stopped counter. */
HOT void release_one(struct rvpmu_hart *h, unsigned int idx)
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
		h->parked_at[idx] = h->cfg->hw->clock_ns(h->ctx);
		h->mhpmevent[idx] = 0;
	} else if (idx >= 3) {
		/* 0, not OF|MINH: some hardware lets one event own one counter */
		h->mhpmevent[idx] = 0;
		rvpmu_hw_program(h, idx, 0);
	} else {
		/* a free fixed counter runs again, as at boot */
		rvpmu_hw_inhibit(h, UINT32_C(1) << idx, false);
	}
}

/* Forget the mapping of the (stopped) counters in set. */
static __attribute__((noinline)) void release(struct rvpmu_hart *h, uint64_t set)
{
	uint64_t m;
	unsigned int idx;

	FOR_EACH_COUNTER(idx, set, m)
		release_one(h, idx);
}

/* One hardware counter (started) stops, its state noted. */
HOT void stop_hw_started(struct rvpmu_hart *h, unsigned long idx)
{
	note_overflows(h, BIT64(idx), stop_hw(h, idx) << idx);
	h->started &= ~BIT64(idx);
}

/* One counter: Linux's stop, a snapshot-taking one, and (below) Linux's
   stop+RESET. */
static __attribute__((noinline)) struct rvpmu_ret stop_hw_one(struct rvpmu_hart *h,
							      unsigned long idx)
{
	stop_hw_started(h, idx);
	return ret_val(0);
}

/* base = idx: its value is slot 0 */
static __attribute__((noinline)) struct rvpmu_ret stop_hw_one_snapshot(struct rvpmu_hart *h,
								       unsigned long idx)
{
	uint64_t running, ovf;

	stop_hw_started(h, idx);
	ovf = rvpmu_snapshot_ovf(h, idx, &running);
	rvpmu_mem_write64(h, rvpmu_snapshot_slot(h, 0), h->saved[idx]);
	return rvpmu_snapshot_store_bitmap(h, idx, ovf, running);
}

static __attribute__((noinline)) struct rvpmu_ret stop_reset_hw_one(struct rvpmu_hart *h,
								    unsigned int idx)
{
	uint32_t bit = UINT32_C(1) << idx;

	h->started &= ~BIT64(idx);
	if (idx < 3 || (h->held & bit)) {
		/* the whole stop first: release may park the counter, which
		   needs its event still mapped and OF set */
		note_overflows(h, BIT64(idx), stop_hw(h, idx) << idx);
		release_one(h, idx);
		return ret_val(0);
	}
	/*
	 * An hpm counter release unmaps at once: stop straight to unmapped,
	 * the state stop_hw then release_one leave (mhpmevent 0, the value
	 * written back where stale). Whether it overflowed matters only while
	 * configured, so OF is not read.
	 */
	rvpmu_hw_inhibit_read(h, idx);
	h->configured &= ~BIT64(idx);
	h->mhpmevent[idx] = 0;
	rvpmu_hw_program(h, idx, 0);
	if (h->stale & bit)
		rvpmu_hw_write(h, idx, h->saved[idx]);
	return ret_val(0);
}

static __attribute__((noinline)) struct rvpmu_ret stop_fw_one(struct rvpmu_hart *h,
							      unsigned int idx,
							      rvpmu_ulong flags)
{
	h->started &= ~BIT64(idx);
	if (flags & SBI_PMU_STOP_RESET)
		h->configured &= ~BIT64(idx);	/* release_one of a firmware counter */
	return rvpmu_fw_stop(h, idx);
}

/* Stop with RESET on a stopped counter is how Linux's del() ends. */
static __attribute__((noinline)) struct rvpmu_ret already_stopped(struct rvpmu_hart *h,
								  uint64_t set,
								  rvpmu_ulong base,
								  rvpmu_ulong flags)
{
	if (flags & SBI_PMU_STOP_RESET) {
		uint64_t stopped = set & ~h->started;

		if (stopped == BIT64(base))
			release_one(h, (unsigned int)base);
		else
			release(h, stopped);
	}
	return ret_err(SBI_ERR_ALREADY_STOPPED);
}

/* Any set (started), any flags: stop, then the snapshot, then RESET. */
static __attribute__((noinline)) struct rvpmu_ret stop_set_general(struct rvpmu_hart *h,
								   uint64_t set, rvpmu_ulong base,
								   rvpmu_ulong flags)
{
	stop_many(h, set);
	h->started &= ~set;
	if (flags & SBI_PMU_STOP_TAKE_SNAPSHOT)
		rvpmu_snapshot_store(h, set, base);
	if (flags & SBI_PMU_STOP_RESET)
		release(h, set);
	return ret_val(0);
}

/* One hardware counter without RESET (a snapshot-taking stop among them)
   the short way; the rest in stop_set_general. */
static __attribute__((noinline)) struct rvpmu_ret stop_set(struct rvpmu_hart *h,
							   uint64_t set, rvpmu_ulong base,
							   rvpmu_ulong flags)
{
	unsigned int idx = set == BIT64(base) ? (unsigned int)base : lowest_bit(set);

	if (set != BIT64(idx) || (flags & SBI_PMU_STOP_RESET) || is_fw_ctr(h, idx))
		return stop_set_general(h, set, base, flags);
	if (!flags)
		return stop_hw_one(h, idx);
	/* the snapshot's slots and bitmap count from base */
	return idx == base ? stop_hw_one_snapshot(h, idx) : stop_set_general(h, set, base, flags);
}

struct rvpmu_ret rvpmu_counter_stop(struct rvpmu_hart *h, rvpmu_ulong base,
				    rvpmu_ulong mask, rvpmu_ulong flags)
{
	uint64_t set;
	long err;

	/* one counter (every Linux call), in short: the checks below, in
	   their order, for a set of one */
	if (mask == 1 && base < h->nr_counters && !(flags & ~SBI_PMU_STOP_FLAG_ALL)) {
		if (!(h->configured & BIT64(base)))
			return ret_err(SBI_ERR_INVALID_PARAM);
		if ((flags & SBI_PMU_STOP_TAKE_SNAPSHOT) && !h->shmem_on)
			return ret_err(SBI_ERR_NO_SHMEM);
		if (!(h->started & BIT64(base)))
			return already_stopped(h, BIT64(base), base, flags);
		if (base >= h->fw_base)
			return flags & SBI_PMU_STOP_TAKE_SNAPSHOT ?
			       stop_set_general(h, BIT64(base), base, flags) :
			       stop_fw_one(h, (unsigned int)base, flags);
		if (flags & SBI_PMU_STOP_RESET)
			return flags & SBI_PMU_STOP_TAKE_SNAPSHOT ?
			       stop_set_general(h, BIT64(base), base, flags) :
			       stop_reset_hw_one(h, (unsigned int)base);
		return flags ? stop_hw_one_snapshot(h, (unsigned int)base) :
			       stop_hw_one(h, (unsigned int)base);
	}
	if (flags & ~SBI_PMU_STOP_FLAG_ALL)
		return ret_err(SBI_ERR_INVALID_PARAM);
	err = check_set(h, base, mask, flags & SBI_PMU_STOP_TAKE_SNAPSHOT, &set);
	if (err)
		return ret_err(err);
	/* every call below is a tail call: this function needs no frame */
	if (set & ~h->started)
		return already_stopped(h, set, base, flags);
	return stop_set(h, set, base, flags);
}

void rvpmu_unpark(struct rvpmu_hart *h, uint32_t event_idx)
{
	const struct rvpmu_hw_ops *hw = h->cfg->hw;
	uint64_t now = hw->clock_ns(h->ctx);
	uint32_t bit;
	unsigned int idx;

	for (idx = 3; idx < RVPMU_HW_SLOTS; idx++) {
		bit = UINT32_C(1) << idx;
		if (!(h->parked & bit))
			continue;
		if (now - h->parked_at[idx] >= RVPMU_PARK_NS)
			h->held &= ~bit;	/* its expiry has run */
		else if (event_idx != RVPMU_UNPARK_ALL && h->event[idx] != event_idx)
			continue;		/* let it run on: no clash */
		hw->inhibit(h->ctx, bit, true);
		hw->program(h->ctx, idx, 0);
		h->parked &= ~bit;
	}
}
