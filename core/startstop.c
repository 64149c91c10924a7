/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sbi_pmu_counter_start / sbi_pmu_counter_stop, the fast layer.
 *
 * Each entry makes one test (one counter; a start with no flag or
 * SET_INIT_VALUE, a stop with no flag, RESET or TAKE_SNAPSHOT) and goes
 * on to its fast path, inlined: that is every call Linux's perf makes for
 * one event (add, start, stop, del, a stop that takes a snapshot) and
 * every row of make bench but the sets. The entry then needs no frame:
 * after the checks each kind of counter and flag goes on in a leaf of its
 * own by a tail call, so a hardware stop pays nothing for firmware
 * counters or RESET. Anything else goes to start_set / stop_set, which
 * keep a set of one kind without flags (a set restarted or stopped as it
 * was: Linux's overflow handler) in a loop of its own and hand every
 * other request, errors included, to the spec layer (spec.c:
 * rvpmu_spec_counter_start / _stop), which this must agree with
 * (tests/diff.c).
 *
 * The fast path validates through its own checks (start_check,
 * stop_check), in the spec's order and complete before the first write
 * (the rule in pmu.h); it builds its set of one without walking a mask.
 *
 * A stopped hardware counter keeps its value in h->saved and gets it
 * written back on start: some hardware (QEMU 7.2) lets inhibited counters
 * drift, and a non-retentive suspend loses them; the same reason makes
 * start rewrite mhpmevent (steps.h: start_hw, stop_hw_as).
 */
/* Inlined on purpose: a call frame per level cost more than the work on
   the one-counter path. */
#define HOT static inline __attribute__((always_inline))
/* Out of line, reached by a tail call, so that its caller needs no frame
   for what this one does. */
#define APART static __attribute__((noinline))
#define RVPMU_STEP HOT
#include "steps.h"
#include "spec.h"

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
   (the stop's fast path): a result built in place
   beside the callees' made GCC keep it in memory, and the calls were tail
   calls no more. The start's fast path, whose work is inline, builds it
   in place (fewer instructions there, measured). */
APART struct rvpmu_ret refuse(long err)
{
	return ret_err(err);
}

/* ---- start ---- */

/*
 * Start (on) or stop the firmware counters of set (configured, in the
 * other state) from the values they keep, without flags: a general start
 * or stop. h->started is the caller's. ret_val(0). A standard event's
 * counter is its bit in fw_counting, so the set is walked as 32 bits from
 * the first firmware counter in a loop without calls; counters of platform
 * events (h->fw_ext's kind) are left to rvpmu_fw_set_ext (fwctr.c) by a
 * tail call, so that neither needs a frame. Inline: on the set paths,
 * where on is a constant.
 */
static inline struct rvpmu_ret rvpmu_fw_set(struct rvpmu_hart *h, uint64_t set, bool on)
{
	uint32_t fs = (uint32_t)(set >> h->fw_base), m, ext = 0;
	const uint32_t *ev = &h->event[h->fw_base];
	unsigned int f;

	for (m = fs >> (f = lowest_bit(fs)); m; m >>= 1, f++) {
		uint32_t code;

		if (!(m & 1))
			continue;
		code = SBI_PMU_EVENT_CODE(ev[f]);
		if (code >= SBI_PMU_FW_STD_COUNT)
			ext |= UINT32_C(1) << f;
		else if (on)
			h->fw_counting[code].by.ctrs |= UINT32_C(1) << f;
		else
			h->fw_counting[code].by.ctrs &= ~(UINT32_C(1) << f);
	}
	if (ext)
		return rvpmu_fw_set_ext(h, ext, on);
	return ret_val(0);
}


/* AUTO_START of an hpm counter, just configured (match.c's standard
   hardware path): rvpmu_autostart answering idx, so that its caller
   reaches it by a tail call. */
struct rvpmu_ret rvpmu_autostart_hw(struct rvpmu_hart *h, unsigned int idx)
{
	h->started |= HW_BIT(idx);
	start_hw_fit(h, idx, h->saved[idx]);
	return ret_val(idx);
}

/* A valid set of hardware counters only, no flags: each from the
   value it keeps, in a loop without calls, walked as 32 bits. */
APART struct rvpmu_ret start_hw_each(struct rvpmu_hart *h, uint32_t hw)
{
	uint32_t m;
	unsigned int idx;

	FOR_EACH_COUNTER(idx, hw, m)
		start_hw_fit(h, idx, h->saved[idx]);
	return ret_val(0);
}

/* A request start_set turned away (set: its rvpmu_counter_range). Linux's overflow handler restarting
   the hardware counters it stopped from the values it left in the
   snapshot area (INIT_SNAPSHOT, once a sample: make linux-cost) goes on
   in a loop of its own; anything else, errors included, to the spec
   layer. */
APART struct rvpmu_ret start_other(struct rvpmu_hart *h, rvpmu_ulong base, rvpmu_ulong mask,
				   rvpmu_ulong flags, uint64_t initial_value, uint64_t set)
{
	uint64_t m;
	unsigned int idx;

	if (flags != SBI_PMU_START_INIT_SNAPSHOT || set != ((uint32_t)set & h->hw) ||
	    start_check(h, set, flags))
		return rvpmu_spec_counter_start(h, base, mask, flags, initial_value);
	h->started |= set;
	/* S-mode's values, cut to each counter's width: nothing to cut on a
	   hart whose counters all have 64 bits, asked once, not per counter */
	if (h->hpm64) {
		FOR_EACH_COUNTER(idx, set, m)
			start_hw_fit(h, idx, rvpmu_snapshot_value(h, idx - (unsigned int)base));
	} else {
		FOR_EACH_COUNTER(idx, set, m)
			start_hw(h, idx, rvpmu_snapshot_value(h, idx - (unsigned int)base));
	}
	return ret_val(0);
}

/* A request the one-counter test turned away. A valid set of one kind
   without flags (a set restarted as it was) goes on in a loop of its own
   by a tail call, so that this function needs no frame; anything else,
   errors included, to the spec layer. */
APART struct rvpmu_ret start_set(struct rvpmu_hart *h, rvpmu_ulong base, rvpmu_ulong mask,
				 rvpmu_ulong flags, uint64_t initial_value)
{
	uint64_t set = rvpmu_counter_range(h, base, mask);
	uint32_t hw = (uint32_t)set & h->hw;

	if (flags || (hw && set != hw) || start_check(h, set, 0))
		return start_other(h, base, mask, flags, initial_value, set);
	h->started |= set;
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
		return start_set(h, base, mask, flags, initial_value);
	flags &= SBI_PMU_START_SET_INIT_VALUE;	/* said, for the checks */
	/* RV32: a hardware counter's bits tested in the low words alone (a
	   64-bit bit test there is a pair chosen by base >= 32) */
	if (RVPMU_XLEN == 32 && base < h->fw_base)
		return start_one(h, base, HW_BIT(base), flags, initial_value);
	return start_one(h, base, one_counter(h, base), flags, initial_value);
}

/* ---- stop ---- */

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

/* ALREADY_STOPPED of counter idx alone; with RESET it is released first
   (stop, then stop+RESET of the stopped counter is how Linux's del()
   ends). */
APART struct rvpmu_ret already_stopped(struct rvpmu_hart *h, unsigned int idx, rvpmu_ulong flags)
{
	if (flags & SBI_PMU_STOP_RESET)
		release_one(h, idx);
	return ret_err(SBI_ERR_ALREADY_STOPPED);
}

/* A valid set of hardware counters only, started, no flags:
   stop_hw_many, a loop without calls. On RV32 (where stop_set sends only
   sets of hpm counters none of which is stale) a leaner loop: all
   inhibited at once, each read once, the registers of one read. */
APART struct rvpmu_ret stop_hw_each(struct rvpmu_hart *h, uint32_t hw)
{
	uint32_t m, seen = 0;
	bool sscofpmf = h->sscofpmf;
	unsigned long idx;

	if (RVPMU_XLEN == 64) {
		stop_hw_many(h, hw);
		return ret_val(0);
	}
	rvpmu_hw_inhibit(h, hw, true);
	FOR_EACH_COUNTER(idx, hw, m) {
		if (idx < 3)
			__builtin_unreachable();
		seen |= (uint32_t)stop_hw_as(h, idx, 0, sscofpmf, true) << idx;
	}
	note_overflows(h, hw, seen);
	return ret_val(0);
}

/* stop_hw_each, then the snapshot of the set (from base), out of line:
   stop_other keeps no frame for its other ways out. */
APART struct rvpmu_ret stop_hw_each_snapshot(struct rvpmu_hart *h, uint32_t hw, rvpmu_ulong base)
{
	h->started &= ~(uint64_t)hw;
	(void)stop_hw_each(h, hw);
	return rvpmu_snapshot_store(h, hw, base);
}

/*
 * A request stop_set turned away (set: its rvpmu_counter_range). Two of Linux's stops go on here, each
 * once a sample or a context switch (make linux-cost): del()'s second
 * stop, RESET (and TAKE_SNAPSHOT with the snapshot on) of the one counter
 * it has just stopped (already_stopped); and its overflow handler's stop
 * of the started hardware counters with TAKE_SNAPSHOT (on RV32 without
 * fixed or stale ones, as stop_set's loop). Anything else, errors
 * included, to the spec layer.
 */
APART struct rvpmu_ret stop_other(struct rvpmu_hart *h, rvpmu_ulong base, rvpmu_ulong mask,
				  rvpmu_ulong flags, uint64_t set)
{
	uint32_t hw = (uint32_t)set & h->hw;

	if (stop_check(h, set, flags))
		return rvpmu_spec_counter_stop(h, base, mask, flags);
	if (mask == 1 && !(set & h->started))
		return already_stopped(h, (unsigned int)base, flags);
	if (flags != SBI_PMU_STOP_TAKE_SNAPSHOT || set != hw || (set & ~h->started) ||
	    (RVPMU_XLEN == 32 && (hw & (h->stale | 7))))
		return rvpmu_spec_counter_stop(h, base, mask, flags);
	return stop_hw_each_snapshot(h, hw, base);
}

/* A request the one-counter test turned away, as start_set: a valid set
   of one kind, started, without flags, in a loop of its own (on RV32 a
   hardware set without fixed or stale counters); anything else, errors
   included, to the spec layer. */
APART struct rvpmu_ret stop_set(struct rvpmu_hart *h, rvpmu_ulong base, rvpmu_ulong mask,
				rvpmu_ulong flags)
{
	uint64_t set = rvpmu_counter_range(h, base, mask);
	uint32_t hw = (uint32_t)set & h->hw;

	if (flags || (hw && set != hw) || stop_check(h, set, 0) || (set & ~h->started) ||
	    (RVPMU_XLEN == 32 && (hw & (h->stale | 7))))
		return stop_other(h, base, mask, flags, set);
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
	 * configured, so OF is not read (configuring afresh forgets it:
	 * steps.h, forget_overflow).
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
		return already_stopped(h, idx, flags);
	if (is_fw_ctr(h, idx)) {
		if (flags & SBI_PMU_STOP_TAKE_SNAPSHOT)
			return rvpmu_spec_counter_stop(h, base, 1, flags);
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
		return stop_set(h, base, mask, flags);
	/* RV32: as in rvpmu_counter_start */
	if (RVPMU_XLEN == 32 && base < h->fw_base)
		return stop_one(h, base, HW_BIT(base), flags);
	return stop_one(h, base, one_counter(h, base), flags);
}
