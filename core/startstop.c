/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sbi_pmu_counter_start / sbi_pmu_counter_stop.
 *
 * Two paths each way, chosen once, by the entry's first test:
 *
 *   fast     one counter (mask 1); a start with no flag or SET_INIT_VALUE,
 *            a stop with no flag, RESET or TAKE_SNAPSHOT (not both). That
 *            is every call Linux's perf makes for one event (add, start,
 *            stop, del, a stop that takes a snapshot) and every row of
 *            make bench but the sets. Inlined in the entry, which then
 *            needs no frame: after the checks each kind of counter and
 *            flag goes on in a leaf of its own by a tail call, so a
 *            hardware stop pays nothing for firmware counters or RESET.
 *   general  everything else: sets, INIT_SNAPSHOT, RESET with
 *            TAKE_SNAPSHOT, and any request whose flags the fast test
 *            turns away (a reserved bit is refused there). Linux sends
 *            sets only around its overflow handler.
 *
 * Both validate through the same checks (start_check, stop_check), in the
 * spec's order and complete before the first write (the rule in pmu.h);
 * the fast path builds its set of one without walking a mask.
 *
 * A stopped hardware counter keeps its value in h->saved and gets it
 * written back on start: some hardware (QEMU 7.2) lets inhibited counters
 * drift, and a non-retentive suspend loses them; the same reason makes
 * start rewrite mhpmevent. Stopping inhibits a counter, reads it and
 * writes the value back: on real hardware the write changes nothing; on
 * QEMU 7.2 (Debian's, with the 7.2.9 fix) the first read after inhibiting
 * a cycle/instret counter is live and later reads give the value last
 * written, so without the write a stopped counter would read as its start
 * value.
 *
 * Past 600 lines on purpose: the leaves are static so that the entries'
 * tail calls stay in this file; moving the set walks out cost 12-20
 * instructions per call (docs/speed.md).
 */
#include "internal.h"

/* Inlined on purpose: a call frame per level cost more than the work on
   the one-counter path. */
#define HOT static inline __attribute__((always_inline))
/* Out of line, reached by a tail call, so that its caller needs no frame
   for what this one does. */
#define APART static __attribute__((noinline))

/*
 * What start and stop check alike, in the spec's order: flags within
 * valid, then a set (not empty: 0 is rvpmu_counter_range's bad range) of
 * configured counters (INVALID_PARAM), then shared memory when a flag of
 * snap asks for it (NO_SHMEM). 0 or the error.
 */
HOT long request_check(const struct rvpmu_hart *h, uint64_t set, rvpmu_ulong flags,
		       rvpmu_ulong valid, rvpmu_ulong snap)
{
	if ((flags & ~valid) || !set || (set & ~h->configured))
		return SBI_ERR_INVALID_PARAM;
	if ((flags & snap) && !h->shmem_on)
		return SBI_ERR_NO_SHMEM;
	return 0;
}

HOT long start_check(const struct rvpmu_hart *h, uint64_t set, rvpmu_ulong flags)
{
	long err;

	if ((flags & SBI_PMU_START_SET_INIT_VALUE) && (flags & SBI_PMU_START_INIT_SNAPSHOT))
		return SBI_ERR_INVALID_PARAM;
	err = request_check(h, set, flags, SBI_PMU_START_FLAG_ALL, SBI_PMU_START_INIT_SNAPSHOT);
	if (!err && (set & h->started))
		err = SBI_ERR_ALREADY_STARTED;
	return err;
}

/* A stop of a set with a stopped counter is ALREADY_STOPPED, answered by
   already_stopped (RESET releases those counters first). */
HOT long stop_check(const struct rvpmu_hart *h, uint64_t set, rvpmu_ulong flags)
{
	return request_check(h, set, flags, SBI_PMU_STOP_FLAG_ALL, SBI_PMU_STOP_TAKE_SNAPSHOT);
}

/* The bit of counter base for a request on it alone, 0 when out of range. */
static inline uint64_t one_counter(const struct rvpmu_hart *h, rvpmu_ulong base)
{
	return base < h->nr_counters ? BIT64(base) : 0;
}

/* An error, answered by a call where every other way out is a tail call
   (the general paths, the stop's fast path): a result built in place
   beside the callees' made GCC keep it in memory, and the calls were tail
   calls no more. The start's fast path, whose work is inline, builds it
   in place (fewer instructions there, measured). */
APART struct rvpmu_ret refuse(long err)
{
	return ret_err(err);
}

/* ---- start ---- */

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
HOT void start_hw(struct rvpmu_hart *h, unsigned int idx, uint64_t v)
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

/* Start counter idx (configured, stopped, its bit in h->started already)
   from v. ret_val(0): a firmware counter's platform event is a tail call. */
HOT struct rvpmu_ret start_counter(struct rvpmu_hart *h, unsigned int idx, uint64_t v)
{
	if (is_fw_ctr(h, idx))
		return rvpmu_fw_start(h, idx, v);
	start_hw(h, idx, v);
	return ret_val(0);
}

/* AUTO_START of counter idx, just configured (config_matching): from the
   value it keeps. rvpmu_autostart_hw is the same for an hpm counter,
   answering idx, so that its caller reaches it by a tail call. */
void rvpmu_autostart(struct rvpmu_hart *h, unsigned int idx)
{
	h->started |= BIT64(idx);
	(void)start_counter(h, idx, stopped_value(h, idx));
}

struct rvpmu_ret rvpmu_autostart_hw(struct rvpmu_hart *h, unsigned int idx)
{
	h->started |= HW_BIT(idx);
	start_hw(h, idx, h->saved[idx]);
	return ret_val(idx);
}

/* The general path a counter at a time: with flags (each value from
   them), or a set of both kinds. */
APART struct rvpmu_ret start_each(struct rvpmu_hart *h, uint64_t set, rvpmu_ulong base,
				  rvpmu_ulong flags, uint64_t initial_value)
{
	uint64_t m;
	unsigned int idx;

	FOR_EACH_COUNTER(idx, set, m)
		(void)start_counter(h, idx, start_value(h, idx, base, flags, initial_value));
	return ret_val(0);
}

/* The general path for hardware counters only, no flags: each from the
   value it keeps, in a loop without calls, walked as 32 bits. */
APART struct rvpmu_ret start_hw_each(struct rvpmu_hart *h, uint32_t hw)
{
	uint32_t m;
	unsigned int idx;

	FOR_EACH_COUNTER(idx, hw, m)
		start_hw(h, idx, h->saved[idx]);
	return ret_val(0);
}

/* The general path: any set, any flags. A set of one kind without flags
   (a set restarted as it was) goes on in a loop of its own by a tail call,
   so that this function needs no frame. */
APART struct rvpmu_ret start_general(struct rvpmu_hart *h, rvpmu_ulong base, rvpmu_ulong mask,
				     rvpmu_ulong flags, uint64_t initial_value)
{
	uint64_t set = rvpmu_counter_range(h, base, mask);
	long err = start_check(h, set, flags);
	uint32_t hw;

	if (err)
		return refuse(err);
	h->started |= set;
	hw = (uint32_t)set & h->hw;
	if (flags || (hw && set != hw))
		return start_each(h, set, base, flags, initial_value);
	if (hw)
		return start_hw_each(h, hw);
	return rvpmu_fw_set(h, set, true);
}

/* The fast path: counter base alone, bit its bit (0: out of range), flags
   0 or SET_INIT_VALUE. */
HOT struct rvpmu_ret start_one(struct rvpmu_hart *h, rvpmu_ulong base, uint64_t bit,
			       rvpmu_ulong flags, uint64_t initial_value)
{
	long err = start_check(h, bit, flags);

	if (err)
		return ret_err(err);
	h->started |= bit;
	return start_counter(h, (unsigned int)base,
			     flags ? initial_value : stopped_value(h, (unsigned int)base));
}

struct rvpmu_ret rvpmu_counter_start(struct rvpmu_hart *h, rvpmu_ulong base,
				     rvpmu_ulong mask, rvpmu_ulong flags,
				     uint64_t initial_value)
{
	if (mask != 1 || (flags & ~SBI_PMU_START_SET_INIT_VALUE))
		return start_general(h, base, mask, flags, initial_value);
	flags &= SBI_PMU_START_SET_INIT_VALUE;	/* said, for the checks */
	/* RV32: a hardware counter's bits tested in the low words alone (a
	   64-bit bit test there is a pair chosen by base >= 32) */
	if (RVPMU_XLEN == 32 && base < h->fw_base)
		return start_one(h, base, HW_BIT(base), flags, initial_value);
	return start_one(h, base, one_counter(h, base), flags, initial_value);
}

/* ---- stop ---- */

/*
 * Stop one hardware counter: inhibit it, keep its count and set OF so no
 * overflow interrupt comes while it is stopped. Answers 1 when the
 * hardware had set OF while it ran (0 without Sscofpmf), for
 * note_overflows: a set of counters is noted once for the whole set.
 * stop_hw_as takes h->stale and h->sscofpmf as read once for a set, and
 * whether the counter is already inhibited (where the first read after
 * inhibiting is the final count: every counter on RV64, those not stale
 * on RV32; rvpmu_hw_inhibit_read_as).
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

/* Stop the (started) hardware counters hw (not empty), in a loop without
   calls (so what it reads of h stays in registers), walked as 32 bits. */
HOT void stop_hw_many(struct rvpmu_hart *h, uint32_t hw)
{
	uint32_t stale = h->stale, m, seen = 0, at_once;
	bool sscofpmf = h->sscofpmf;
	unsigned long idx;

	/* the set's hpm counters inhibited at once, one CSR write, where the
	   read after is the final count (rvpmu_hw_inhibit_read_as): all of
	   them on RV64, those not stale on RV32 */
	at_once = hw & ~UINT32_C(7) & (RVPMU_XLEN == 64 ? ~UINT32_C(0) : ~stale);
	rvpmu_hw_inhibit(h, at_once, true);
	FOR_EACH_COUNTER(idx, hw, m)
		seen |= (uint32_t)stop_hw_as(h, idx, stale, sscofpmf,
					     RVPMU_XLEN == 64 || ((at_once >> idx) & 1)) << idx;
	note_overflows(h, hw, seen);
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

/* Forget the mapping of the (stopped) counters in set. */
APART void release(struct rvpmu_hart *h, uint64_t set)
{
	uint64_t m;
	unsigned int idx;

	FOR_EACH_COUNTER(idx, set, m)
		release_one(h, idx);
}

/* ALREADY_STOPPED; with RESET the stopped counters of set are released
   first (stop, then stop+RESET of the stopped counter is how Linux's del()
   ends). */
APART struct rvpmu_ret already_stopped(struct rvpmu_hart *h, uint64_t set, rvpmu_ulong base,
				       rvpmu_ulong flags)
{
	if (flags & SBI_PMU_STOP_RESET) {
		uint64_t stopped = set & ~h->started;

		/* one counter, Linux's del(): no walk */
		if (stopped == BIT64(base))
			release_one(h, (unsigned int)base);
		else
			release(h, stopped);
	}
	return ret_err(SBI_ERR_ALREADY_STOPPED);
}

/* The general path a counter at a time (the hardware ones first): with
   flags, or a set of both kinds; then the snapshot, then RESET. Also the
   fast path's for a firmware counter's snapshot. */
APART struct rvpmu_ret stop_each(struct rvpmu_hart *h, uint64_t set, rvpmu_ulong base,
				 rvpmu_ulong flags)
{
	uint32_t hw = (uint32_t)set & h->hw;
	uint64_t fw = set & ~(uint64_t)hw, m;
	unsigned int idx;

	h->started &= ~set;
	if (hw)
		stop_hw_many(h, hw);
	if (fw) {
		FOR_EACH_COUNTER(idx, fw, m)
			(void)rvpmu_fw_stop(h, idx);
	}
	if (flags & SBI_PMU_STOP_TAKE_SNAPSHOT)
		(void)rvpmu_snapshot_store(h, set, base);
	if (flags & SBI_PMU_STOP_RESET)
		release(h, set);
	return ret_val(0);
}

/* The general path for hardware counters only, no flags: stop_hw_many,
   a loop without calls. On RV32 a set of hpm counters none of which is
   stale has a leaner loop (all inhibited at once, each read once, the
   registers of one read); any other set goes to stop_each by a tail
   call. */
APART struct rvpmu_ret stop_hw_each(struct rvpmu_hart *h, uint32_t hw)
{
	uint32_t m, seen = 0;
	bool sscofpmf = h->sscofpmf;
	unsigned long idx;

	if (RVPMU_XLEN == 64) {
		stop_hw_many(h, hw);
		return ret_val(0);
	}
	if (hw & (h->stale | 7))
		return stop_each(h, hw, 0, 0);
	rvpmu_hw_inhibit(h, hw, true);
	FOR_EACH_COUNTER(idx, hw, m) {
		if (idx < 3)
			__builtin_unreachable();
		seen |= (uint32_t)stop_hw_as(h, idx, 0, sscofpmf, true) << idx;
	}
	note_overflows(h, hw, seen);
	return ret_val(0);
}

/* The general path: any set, any flags. A set of one kind without flags
   goes on in a loop of its own by a tail call, as in start_general. */
APART struct rvpmu_ret stop_general(struct rvpmu_hart *h, rvpmu_ulong base, rvpmu_ulong mask,
				    rvpmu_ulong flags)
{
	uint64_t set = rvpmu_counter_range(h, base, mask);
	long err = stop_check(h, set, flags);
	uint32_t hw;

	if (err)
		return refuse(err);
	if (set & ~h->started)
		return already_stopped(h, set, base, flags);
	hw = (uint32_t)set & h->hw;
	if (flags || (hw && set != hw))
		return stop_each(h, set, base, flags);
	h->started &= ~set;
	if (hw)
		return stop_hw_each(h, hw);
	return rvpmu_fw_set(h, set, false);
}

/*
 * The fast path's leaves, one per kind and flag. One hardware counter,
 * started: stopped, its state noted (stale_set as stop_hw_as). On RV32 a
 * stale counter (two reads, the newer kept, and the write-back) takes
 * stop_hw_stale by a tail call, so that the rest are stopped with the
 * registers of one read.
 */
HOT void stop_hw_started(struct rvpmu_hart *h, unsigned long idx, uint32_t stale_set)
{
	note_overflows(h, HW_BIT(idx),
		       HW_AT(stop_hw_as(h, idx, stale_set, h->sscofpmf, false), idx));
	h->started &= ~HW_BIT(idx);
}

APART struct rvpmu_ret stop_hw_stale(struct rvpmu_hart *h, unsigned long idx)
{
	stop_hw_started(h, idx, h->stale);
	return ret_val(0);
}

APART struct rvpmu_ret stop_hw_one(struct rvpmu_hart *h, unsigned long idx)
{
	if (RVPMU_XLEN == 32) {
		if ((h->stale >> idx) & 1)
			return stop_hw_stale(h, idx);
		stop_hw_started(h, idx, 0);
	} else {
		stop_hw_started(h, idx, h->stale);
	}
	return ret_val(0);
}

/* TAKE_SNAPSHOT, base = idx: its value is slot 0 */
APART struct rvpmu_ret stop_hw_one_snapshot(struct rvpmu_hart *h, unsigned long idx)
{
	uint64_t running, ovf;

	stop_hw_started(h, idx, h->stale);
	ovf = rvpmu_snapshot_ovf(h, idx, &running);
	rvpmu_mem_write64(h, rvpmu_snapshot_slot(h, 0), h->saved[idx]);
	return rvpmu_snapshot_store_bitmap(h, idx, ovf, running);
}

/* RESET */
APART struct rvpmu_ret stop_hw_one_reset(struct rvpmu_hart *h, unsigned int idx)
{
	uint32_t bit = UINT32_C(1) << idx;

	h->started &= ~HW_BIT(idx);
	if (idx < 3 || (h->held & bit)) {
		/* the whole stop first: release may park the counter, which
		   needs its event still mapped and OF set */
		note_overflows(h, HW_BIT(idx), HW_AT(stop_hw(h, idx), idx));
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
	h->configured &= ~HW_BIT(idx);
	h->mhpmevent[idx] = 0;
	rvpmu_hw_program(h, idx, 0);
	if (h->stale & bit)
		rvpmu_hw_write(h, idx, h->saved[idx]);
	return ret_val(0);
}

/* A firmware counter, without TAKE_SNAPSHOT */
APART struct rvpmu_ret stop_fw_one(struct rvpmu_hart *h, unsigned int idx, rvpmu_ulong flags)
{
	h->started &= ~BIT64(idx);
	if (flags & SBI_PMU_STOP_RESET)
		h->configured &= ~BIT64(idx);	/* release_one of a firmware counter */
	return rvpmu_fw_stop(h, idx);
}

/* The fast path: counter base alone, bit its bit (0: out of range), flags
   0, RESET or TAKE_SNAPSHOT. */
HOT struct rvpmu_ret stop_one(struct rvpmu_hart *h, rvpmu_ulong base, uint64_t bit,
			      rvpmu_ulong flags)
{
	long err = stop_check(h, bit, flags);
	unsigned int idx = (unsigned int)base;

	if (err)
		return refuse(err);
	if (!(h->started & bit))
		return already_stopped(h, bit, base, flags);
	if (is_fw_ctr(h, idx)) {
		if (flags & SBI_PMU_STOP_TAKE_SNAPSHOT)
			return stop_each(h, bit, base, flags);
		return stop_fw_one(h, idx, flags);
	}
	if (flags & SBI_PMU_STOP_RESET)
		return stop_hw_one_reset(h, idx);
	if (flags)
		return stop_hw_one_snapshot(h, idx);
	return stop_hw_one(h, idx);
}

struct rvpmu_ret rvpmu_counter_stop(struct rvpmu_hart *h, rvpmu_ulong base,
				    rvpmu_ulong mask, rvpmu_ulong flags)
{
	/* flags below RESET | TAKE_SNAPSHOT: none, or one of the two */
	if (mask != 1 || flags >= (SBI_PMU_STOP_RESET | SBI_PMU_STOP_TAKE_SNAPSHOT))
		return stop_general(h, base, mask, flags);
	/* RV32: as in rvpmu_counter_start */
	if (RVPMU_XLEN == 32 && base < h->fw_base)
		return stop_one(h, base, HW_BIT(base), flags);
	return stop_one(h, base, one_counter(h, base), flags);
}

void rvpmu_unpark(struct rvpmu_hart *h, uint32_t event_idx)
{
	const struct rvpmu_hw_ops *hw = h->cfg->hw;
	uint64_t now = hw->clock_ns(h->ctx);
	uint32_t parked = h->parked & ~UINT32_C(7), bit, m;
	unsigned int idx;

	if (!parked)
		return;
	/* the parked counters alone, not every slot: under Linux's perf stat
	   one is parked by each del() and met by the next config_matching
	   (make linux-cost: the slot walk was a third of rvpmu's M-mode
	   instructions per context switch) */
	FOR_EACH_COUNTER(idx, parked, m) {
		bit = UINT32_C(1) << idx;
		if (now - h->parked_at[idx] >= RVPMU_PARK_NS)
			h->held &= ~bit;	/* its expiry has run */
		else if (event_idx != RVPMU_UNPARK_ALL && h->event[idx] != event_idx)
			continue;		/* let it run on: no clash */
		hw->inhibit(h->ctx, bit, true);
		hw->program(h->ctx, idx, 0);
		h->parked &= ~bit;
	}
}
