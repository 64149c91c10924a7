/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * core/internal.h - helpers shared by the core's files; not an API.
 *
 * RVPMU_SMALL, defined by a host short of code space (OpenSBI, whose
 * read-only part must stay under 256 KiB for its writable part to stay
 * at 256 KiB: ports/opensbi), trades the sampler's group switch's
 * unrolled and specialised code (core/group.c) for loops and the general
 * path: the same counts and the same order, a few instructions more per
 * subsample. Nothing else in the core changes with it (OpenSBI's host
 * also calls the spec layer for config_matching, start and stop, which
 * leaves the fast layer out of its image).
 */
#ifndef RVPMU_INTERNAL_H
#define RVPMU_INTERNAL_H

#include "pmu.h"
#include "hw.h"
#include "lib/bits.h"

#define BIT64(n)	(UINT64_C(1) << (n))
#define FIXED_CTRS	(BIT64(0) | BIT64(2))	/* mcycle, minstret */
/* BIT64 of a hardware counter (n < RVPMU_HW_SLOTS), and b (0 or 1) at
   its bit: on RV32 a 32-bit shift, where BIT64's is a pair chosen by
   n >= 32 (RV64 keeps the plain shift, one instruction) */
#if RVPMU_XLEN == 32
#define HW_BIT(n)	((uint64_t)(UINT32_C(1) << (n)))
#define HW_AT(b, n)	((uint64_t)((uint32_t)(b) << (n)))
#else
#define HW_BIT(n)	BIT64(n)
#define HW_AT(b, n)	((uint64_t)(b) << (n))
#endif

/**
 * ret_err() - an SBI call's answer for an error
 * @err: the SBI_ERR_* code
 *
 * Context: Any hart; pure.
 * Return: { @err, 0 }.
 */
static inline struct rvpmu_ret ret_err(long err)
{
	struct rvpmu_ret r = { err, 0 };
	return r;
}

/**
 * ret_val() - an SBI call's answer for a success
 * @value: the value answered
 *
 * Context: Any hart; pure.
 * Return: { SBI_SUCCESS, @value }.
 */
static inline struct rvpmu_ret ret_val(rvpmu_ulong value)
{
	struct rvpmu_ret r = { SBI_SUCCESS, value };
	return r;
}

/**
 * lowest_bit() - index of the lowest set bit
 * @x: the bits, not 0
 *
 * Context: Any hart; pure.
 * Return: the index of the lowest set bit of @x.
 */
static inline unsigned int lowest_bit(uint64_t x)
{
	return rvpmu_ctz64(x);
}

/**
 * bit_at() - one bit of a 64-bit value
 * @x: the value
 * @idx: the bit's index, < 64
 *
 * RV32 holds @x in a register pair: the half that has the bit, then a
 * 32-bit shift (a 64-bit shift by a variable is a branch and six
 * instructions there).
 *
 * Context: Any hart; pure.
 * Return: bit @idx of @x, 0 or 1.
 */
static inline unsigned int bit_at(uint64_t x, unsigned long idx)
{
#if RVPMU_XLEN == 32
	uint32_t half = idx & 32 ? (uint32_t)(x >> 32) : (uint32_t)x;

	return half >> (idx & 31) & 1;
#else
	return (unsigned int)(x >> idx & 1);
#endif
}

/*
 * Walk a non-empty set from its lowest counter by shifting: one bit scan per set,
 * and the common single-counter set is a single step.
 */
#define FOR_EACH_COUNTER(idx, set, m) \
	for (m = (set) >> ((idx) = lowest_bit(set)); m; m >>= 1, (idx)++) \
		if (m & 1)

/**
 * is_fw_ctr() - whether a logical counter is a firmware counter
 * @h: the hart
 * @idx: the logical counter
 *
 * Context: Any hart: reads only what rvpmu_hart_init() found.
 * Return: true when @idx is at or past the hart's first firmware counter.
 */
static inline bool is_fw_ctr(const struct rvpmu_hart *h, unsigned int idx)
{
	return idx >= h->fw_base;
}

/**
 * stopped_value() - the value a stopped counter keeps
 * @h: the hart
 * @idx: the logical counter, a valid one
 *
 * Context: The hart that owns @h; no lock taken.
 * Return: h->fw_value's entry for a firmware counter, else h->saved[@idx].
 */
static inline uint64_t stopped_value(const struct rvpmu_hart *h, unsigned int idx)
{
	return is_fw_ctr(h, idx) ? h->fw_value[idx - h->fw_base] : h->saved[idx];
}

/**
 * width_mask() - the bits of a hardware counter that hold its value
 * @h: the hart
 * @ctr: the hardware counter, one that exists
 *
 * Context: Any hart: reads only what rvpmu_hart_init() found.
 * Return: the mask of @ctr's width.
 */
static inline uint64_t width_mask(const struct rvpmu_hart *h, unsigned int ctr)
{
	return ~UINT64_C(0) >> h->lacks[ctr];
}

/**
 * width_trunc() - a value cut to a hardware counter's width
 * @h: the hart
 * @ctr: the hardware counter, one that exists
 * @v: the value
 *
 * Nothing to cut where every counter has 64 bits (h->hpm64: a flag's
 * load and a branch, fewer instructions than a mask word a counter took,
 * and 256 bytes a hart less); else two shifts by h->lacks (0..63).
 *
 * Context: Any hart: reads only what rvpmu_hart_init() found.
 * Return: @v & width_mask(@h, @ctr).
 */
static inline uint64_t width_trunc(const struct rvpmu_hart *h, unsigned int ctr, uint64_t v)
{
	unsigned int s;

	if (__builtin_expect(h->hpm64, 1))
		return v;
	s = h->lacks[ctr];
	return v << s >> s;
}

/**
 * width_negative() - whether a difference of counter values is past half
 *		      the counter's range
 * @h: the hart
 * @ctr: the hardware counter, one that exists
 * @d: the difference
 *
 * Context: Any hart: reads only what rvpmu_hart_init() found.
 * Return: whether bit width - 1 of @d is set.
 */
static inline bool width_negative(const struct rvpmu_hart *h, unsigned int ctr, uint64_t d)
{
	if (__builtin_expect(h->hpm64, 1))
		return (int64_t)d < 0;
	return (int64_t)(d << h->lacks[ctr]) < 0;
}

/**
 * group_base() - the value a group loads into an hpm counter
 * @h: the hart
 * @ctr: the hpm counter, one that exists
 *
 * The top two bits of the counter's width (reserve.h, RVPMU_GROUP_BASE for
 * a 64-bit counter).
 *
 * Context: Any hart: reads only what rvpmu_hart_init() found.
 * Return: @ctr's group base.
 */
static inline uint64_t group_base(const struct rvpmu_hart *h, unsigned int ctr)
{
	return width_mask(h, ctr) & ~(width_mask(h, ctr) >> 2);
}

/**
 * group_count() - the count a group counter's value stands for
 * @h: the hart
 * @ctr: the hpm counter, one that exists
 * @v: a value read from it
 *
 * Context: Any hart: reads only what rvpmu_hart_init() found.
 * Return: @v less @ctr's group base (group_base()), within its width.
 */
static inline uint64_t group_count(const struct rvpmu_hart *h, unsigned int ctr, uint64_t v)
{
	return width_trunc(h, ctr, v - group_base(h, ctr));
}

/**
 * rvpmu_counter_range() - a request's counters, checked against the range
 * @h: the hart
 * @base: the request's counter_idx_base
 * @mask: the request's counter_idx_mask
 *
 * Turns (counter_idx_base, counter_idx_mask) into a bitmap of logical
 * counters. start and stop check only the range (rvpmu_counter_set() also
 * checks for gaps): their set must be configured, and configured counters
 * are valid. Inline: on every start/stop path; the answer is the set, not
 * an error and a pointer, so the callers keep it in a register.
 *
 * Context: Any hart: reads only what rvpmu_hart_init() found.
 * Return: the set (never empty), or 0 for SBI_ERR_INVALID_PARAM: @mask 0,
 *         or @base or the highest counter of the set at or beyond
 *         num_counters.
 */
static inline uint64_t rvpmu_counter_range(const struct rvpmu_hart *h, rvpmu_ulong base,
					   rvpmu_ulong mask)
{
	unsigned long room;

	/* base is checked before any arithmetic, so nothing can wrap; then
	   no mask bit may reach counter nr_counters */
	if (!mask || base >= h->nr_counters)
		return 0;
	room = h->nr_counters - base;
	if (room < RVPMU_XLEN && (mask >> room))
		return 0;
	return (uint64_t)mask << base;
}

/**
 * rvpmu_counter_set() - a request's counters, every one valid
 * @h: the hart
 * @base: the request's counter_idx_base
 * @mask: the request's counter_idx_mask
 *
 * As rvpmu_counter_range(), but a gap in the set (a counter that does not
 * exist, counter 1 among them) is an error too; a valid set is never
 * empty.
 *
 * Context: Any hart: reads only what rvpmu_hart_init() found.
 * Return: the set, or 0 for SBI_ERR_INVALID_PARAM.
 */
static inline uint64_t rvpmu_counter_set(const struct rvpmu_hart *h, rvpmu_ulong base,
					 rvpmu_ulong mask)
{
	uint64_t set = rvpmu_counter_range(h, base, mask);

	return set & ~h->valid ? 0 : set;
}

/**
 * rvpmu_event_counters() - the counters of a hart that can count an event
 * @h: the hart
 * @event_idx: the SBI event_idx
 * @event_data: the SBI event_data (0 for hardware and cache events)
 *
 * The logical counters of this hart that can count (@event_idx,
 * @event_data), busy or not (events.c): from the map's standard slots,
 * range and raw tables, the fixed counters for cycles and instructions,
 * every firmware counter for a firmware event the hart supports.
 *
 * Context: Any hart: reads only what rvpmu_hart_init() found and the
 *          read-only map (the fw ops' supported is asked with h->ctx).
 * Return: the counters as a bitmap; 0 when the encoding is invalid or
 *         nothing can count the event.
 */
uint64_t rvpmu_event_counters(const struct rvpmu_hart *h,
			      rvpmu_ulong event_idx, uint64_t event_data);


/**
 * rvpmu_fw_counters() - the firmware counters of a hart
 * @h: the hart
 *
 * Every one can count any firmware event.
 *
 * Context: Any hart: reads only what rvpmu_hart_init() found.
 * Return: the hart's firmware counters as a bitmap (0: none).
 */
static inline uint64_t rvpmu_fw_counters(const struct rvpmu_hart *h)
{
	return h->valid & ~(BIT64(h->fw_base) - 1);
}

/**
 * event_is_fw() - whether an event is a firmware event
 * @event_idx: the SBI event_idx
 *
 * rvpmu_event_is_fw() of an XLEN-wide event_idx.
 *
 * Context: Any hart; pure.
 * Return: true for type 15 (firmware).
 */
static inline bool event_is_fw(rvpmu_ulong event_idx)
{
	return rvpmu_event_is_fw((uint32_t)event_idx);
}

/**
 * rvpmu_counter_value() - the current value of a logical counter
 * @h: the hart
 * @idx: the logical counter (hardware or firmware), a valid one
 *
 * A hardware counter is read from the hardware; a firmware counter on a
 * platform event that runs adds what the fw ops' read advanced by since
 * it started (counters.c).
 *
 * Context: The hart that owns @h (touches its CSRs); no lock taken.
 * Return: the counter's value.
 */
uint64_t rvpmu_counter_value(const struct rvpmu_hart *h, unsigned int idx);

/**
 * rvpmu_fw_start_ext() - start a firmware counter on a platform event
 * @h: the hart
 * @idx: the firmware counter, configured for a platform event, stopped
 *
 * Firmware counter bookkeeping for platform events (fwctr.c): takes where
 * the fw ops' read stands from the counter's h->fw_value (which holds the
 * value less that origin, modulo 2^64, while the event runs: one word a
 * counter, not two) and sets the counter's bit in h->fw_ext. Answers
 * ret_val(0), as rvpmu_fw_stop_ext() does, so the one-counter paths reach
 * it by a tail call and stay leaf functions for standard events.
 *
 * Context: The hart that owns @h; no lock taken.
 * Return: ret_val(0).
 */
struct rvpmu_ret rvpmu_fw_start_ext(struct rvpmu_hart *h, unsigned int idx);
/**
 * rvpmu_fw_ext_read() - the platform's count of a firmware counter's event
 * @h: the hart
 * @idx: the firmware counter, configured for a platform event
 *
 * Context: The hart that owns @h; no lock taken.
 * Return: fw_ops->read of @idx's event now.
 */
static inline uint64_t rvpmu_fw_ext_read(const struct rvpmu_hart *h, unsigned int idx)
{
	return h->cfg->fw->read(h->ctx, SBI_PMU_EVENT_CODE(h->event[idx]),
				h->fw_data[idx - h->fw_base]);
}
/**
 * rvpmu_fw_stop_ext() - stop a firmware counter on a platform event
 * @h: the hart
 * @idx: the firmware counter, started on a platform event
 *
 * Adds where the fw ops' read stands to the counter's h->fw_value (the
 * value less the origin while it ran): the value it keeps is what it
 * started from plus what the read advanced by; clears its bit in
 * h->fw_ext (fwctr.c). Answers
 * ret_val(0) for a tail call, as rvpmu_fw_start_ext() does.
 *
 * Context: The hart that owns @h; no lock taken.
 * Return: ret_val(0).
 */
struct rvpmu_ret rvpmu_fw_stop_ext(struct rvpmu_hart *h, unsigned int idx);

/**
 * rvpmu_fw_set_ext() - start or stop firmware counters on platform events
 * @h: the hart
 * @ext: the counters, as firmware counter numbers less fw_base; not empty
 * @on: true to start them (rvpmu_fw_start_ext()), false to stop them
 *      (rvpmu_fw_stop_ext())
 *
 * rvpmu_fw_set's platform events (startstop.c, fwctr.c).
 *
 * Context: The hart that owns @h; no lock taken.
 * Return: ret_val(0).
 */
struct rvpmu_ret rvpmu_fw_set_ext(struct rvpmu_hart *h, uint32_t ext, bool on);

/**
 * rvpmu_fw_std_on() - let a firmware counter count its standard event
 * @h: the hart
 * @idx: the firmware counter, started
 * @code: its standard event's code (< SBI_PMU_FW_STD_COUNT)
 *
 * Sets the counter's bit in h->fw_counting[@code]: it counts from now.
 *
 * Context: The hart that owns @h; no lock taken.
 */
static inline void rvpmu_fw_std_on(struct rvpmu_hart *h, unsigned int idx, uint32_t code)
{
	h->fw_counting[code].by.ctrs |= UINT32_C(1) << (idx - (unsigned int)h->fw_base);
}

/**
 * rvpmu_fw_start() - start a firmware counter
 * @h: the hart
 * @idx: the firmware counter, configured, stopped
 * @value: the value it starts from
 *
 * Standard events count at their site, so starting one is setting its bit
 * in fw_counting; a platform event goes to rvpmu_fw_start_ext(). h->started
 * is the caller's. Inline: on every firmware-counter start.
 *
 * Context: The hart that owns @h; no lock taken.
 * Return: ret_val(0).
 */
static inline struct rvpmu_ret rvpmu_fw_start(struct rvpmu_hart *h, unsigned int idx,
					      uint64_t value)
{
	unsigned int f = idx - (unsigned int)h->fw_base;
	uint32_t code = SBI_PMU_EVENT_CODE(h->event[idx]);

	h->fw_value[f] = value;
	if (code >= SBI_PMU_FW_STD_COUNT)
		return rvpmu_fw_start_ext(h, idx);
	rvpmu_fw_std_on(h, idx, code);
	return ret_val(0);
}

/**
 * rvpmu_fw_stop() - stop a firmware counter
 * @h: the hart
 * @idx: the firmware counter, started
 *
 * Its value stays in fw_value (a platform event's through
 * rvpmu_fw_stop_ext()). h->started is the caller's.
 *
 * Context: The hart that owns @h; no lock taken.
 * Return: ret_val(0).
 */
static inline struct rvpmu_ret rvpmu_fw_stop(struct rvpmu_hart *h, unsigned int idx)
{
	unsigned int f = idx - (unsigned int)h->fw_base;
	uint32_t code = SBI_PMU_EVENT_CODE(h->event[idx]);

	if (code >= SBI_PMU_FW_STD_COUNT)
		return rvpmu_fw_stop_ext(h, idx);
	h->fw_counting[code].by.ctrs &= ~(UINT32_C(1) << f);
	return ret_val(0);
}

/**
 * rvpmu_note_stale() - note whether a counter reads stale once inhibited
 * @h: the hart
 * @idx: the hardware counter
 * @ev: the mhpmevent it now counts (0 for a fixed counter)
 *
 * Asks the platform (rvpmu_hw_counts_while_inhibited(), the hw ops'
 * counts_while_inhibited) and keeps the answer in h->stale.
 *
 * Context: The hart that owns @h; no lock taken.
 */
static inline void rvpmu_note_stale(struct rvpmu_hart *h, unsigned int idx, uint64_t ev)
{
	uint32_t bit = UINT32_C(1) << idx;

	if (rvpmu_hw_counts_while_inhibited(h, idx, ev))
		h->stale |= bit;
	else
		h->stale &= ~bit;
}

/**
 * rv32_newer() - the newer of two reads around an inhibit
 * @h: the hart
 * @idx: the hardware counter read
 * @before: its read just before inhibiting
 * @after: its read just after
 *
 * On RV32 QEMU answers only the first of the two CSR reads of an
 * inhibited counter live, so the read after may go back in time (seen as a
 * difference past half the counter's range).
 *
 * Context: Any hart: reads only what rvpmu_hart_init() found.
 * Return: @before when @after is behind it by that test, else @after.
 */
static inline uint64_t rv32_newer(const struct rvpmu_hart *h, unsigned int idx,
				  uint64_t before, uint64_t after)
{
	if (width_negative(h, idx, after - before))
		return before;
	return after;
}

/**
 * rvpmu_hw_inhibit_read_as() - inhibit a hardware counter and keep its value
 * @h: the hart
 * @idx: the hardware counter
 * @stale: whether it counts on while inhibited and reads stale (as in
 *         h->stale, read once by the caller)
 *
 * Keeps the value in h->saved. The first read after inhibiting is the
 * final count on RV64; RV32 reads a counter as two CSRs and QEMU answers
 * only the first of them live once inhibited (a counter that counts on
 * while inhibited and reads stale: @stale), so there such a counter is
 * also read just before inhibiting and the newer read is kept. Any other
 * counter stops counting when inhibited and reads what it holds, so the
 * read after is its final count on both XLENs (the read before could only
 * be older).
 *
 * Context: The hart that owns @h (touches its CSRs); no lock taken.
 */
static inline void rvpmu_hw_inhibit_read_as(struct rvpmu_hart *h, unsigned long idx, bool stale)
{
	uint64_t v;
#if RVPMU_XLEN == 32
	uint64_t before = stale ? rvpmu_hw_read(h, idx) : 0;
#else
	(void)stale;
#endif

	rvpmu_hw_inhibit(h, HW_BIT(idx), true);
	v = rvpmu_hw_read(h, idx);
#if RVPMU_XLEN == 32
	if (stale)
		v = rv32_newer(h, idx, before, v);
#endif
	h->saved[idx] = v;
}

/**
 * rvpmu_hw_inhibit_read() - inhibit a hardware counter and keep its value
 * @h: the hart
 * @idx: the hardware counter
 *
 * rvpmu_hw_inhibit_read_as() with the counter's bit of h->stale.
 *
 * Context: The hart that owns @h (touches its CSRs); no lock taken.
 */
static inline void rvpmu_hw_inhibit_read(struct rvpmu_hart *h, unsigned long idx)
{
	rvpmu_hw_inhibit_read_as(h, idx, (h->stale >> idx) & 1);
}

/**
 * rvpmu_hw_inhibit_keep() - inhibit a fixed counter so that it reads its count
 * @h: the hart
 * @idx: the fixed counter (0 or 2)
 *
 * rvpmu_hw_inhibit_read(), then, where the platform says the counter reads
 * stale once inhibited (h->stale), write the value back: QEMU 7.2 answers
 * later reads of an inhibited cycle/instret counter with the value last
 * written, so the write-back is what makes such a stopped counter read
 * what it counted. For the fixed counters; stop writes an hpm counter back
 * with its event unmapped (steps.h, stop_hw_as()).
 *
 * Context: The hart that owns @h (touches its CSRs); no lock taken.
 */
static inline void rvpmu_hw_inhibit_keep(struct rvpmu_hart *h, unsigned int idx)
{
	rvpmu_hw_inhibit_read(h, idx);
	if (h->stale & (UINT32_C(1) << idx))
		rvpmu_hw_write(h, idx, h->saved[idx]);
}

#define RVPMU_UNPARK_ALL UINT32_MAX	/* every parked counter, whatever its event */
/**
 * rvpmu_unpark() - unmap the parked counters that are done or in the way
 * @h: the hart
 * @event_idx: the event a counter is about to be chosen for, as h->event
 *             notes it (RVPMU_EVENT_HAS_DATA with data), or
 *             RVPMU_UNPARK_ALL (every parked counter, whatever its event)
 *
 * Before choosing a counter for @event_idx: unmap and stop the parked
 * counters (released while held) parked RVPMU_PARK_NS or more ago, whose
 * expiry has spent QEMU's left-over (held no more), and those parked on
 * @event_idx itself, which would keep QEMU from mapping it elsewhere
 * (steps.c).
 *
 * Context: The hart that owns @h (touches its CSRs); no lock taken.
 */
void rvpmu_unpark(struct rvpmu_hart *h, uint32_t event_idx);

/**
 * rvpmu_autostart() - AUTO_START of a counter just configured
 * @h: the hart
 * @idx: the counter, just configured and stopped
 *
 * Starts it from the value it keeps (steps.c).
 *
 * Context: The hart that owns @h (touches its CSRs); no lock taken.
 */
void rvpmu_autostart(struct rvpmu_hart *h, unsigned int idx);
/**
 * rvpmu_autostart_hw() - AUTO_START of an hpm counter just configured
 * @h: the hart
 * @idx: the hpm counter, just configured and stopped
 *
 * rvpmu_autostart() for an hpm counter, answering its index so that the
 * fast layer's config_matching reaches it by a tail call (startstop.c).
 *
 * Context: The hart that owns @h (touches its CSRs); no lock taken.
 * Return: ret_val(@idx).
 */
struct rvpmu_ret rvpmu_autostart_hw(struct rvpmu_hart *h, unsigned int idx);

/**
 * rvpmu_snapshot_value() - read a value slot of the snapshot area
 * @h: the hart, with h->shmem_on
 * @slot: the slot
 *
 * Snapshot area access (snapshot.c); only with h->shmem_on.
 *
 * Context: The hart that owns @h; no lock taken.
 * Return: the 64-bit value S-mode memory holds in @slot now.
 */
uint64_t rvpmu_snapshot_value(const struct rvpmu_hart *h, unsigned int slot);
/**
 * rvpmu_snapshot_slot() - where a value slot of the snapshot area lies
 * @h: the hart, with h->shmem_on
 * @slot: the slot
 *
 * Context: The hart that owns @h; no lock taken.
 * Return: the physical address of value slot @slot.
 */
static inline uint64_t rvpmu_snapshot_slot(const struct rvpmu_hart *h, unsigned int slot)
{
	return h->shmem + SBI_PMU_SNAPSHOT_VALUES_OFFSET + 8u * slot;
}

/**
 * rvpmu_snapshot_store() - write stopped counters' values to the snapshot area
 * @h: the hart, with h->shmem_on
 * @set: the counters, stopped, at @base or above
 * @base: the request's counter_idx_base: counter @base is slot 0
 *
 * Writes the values of @set and the overflow bitmap relative to @base; the
 * other value slots are left alone. A stop that wrote its values itself
 * uses rvpmu_snapshot_store_bitmap(), the bitmap alone.
 *
 * Context: The hart that owns @h (touches its CSRs); no lock taken.
 * Return: ret_val(0), so that a stop can reach it by a tail call.
 */
struct rvpmu_ret rvpmu_snapshot_store(const struct rvpmu_hart *h, uint64_t set,
				      rvpmu_ulong base);

/**
 * rvpmu_snapshot_write_bitmap() - write the snapshot area's overflow bitmap
 * @h: the hart, with h->shmem_on
 * @base: the request's counter_idx_base: counter @base is bit 0
 * @ovf: the overflowed counters, as logical counter bits
 *
 * Writes the overflow bitmap's word: @ovf relative to @base.
 *
 * Context: The hart that owns @h; no lock taken.
 * Return: ret_val(0).
 */
static inline struct rvpmu_ret rvpmu_snapshot_write_bitmap(const struct rvpmu_hart *h,
							   rvpmu_ulong base, uint64_t ovf)
{
	rvpmu_mem_write64(h, h->shmem + SBI_PMU_SNAPSHOT_OVF_OFFSET, ovf >> base);
	return ret_val(0);
}

/**
 * rvpmu_snapshot_bitmap_running() - the overflow bitmap, with running counters
 * @h: the hart, with h->shmem_on and Sscofpmf
 * @base: the request's counter_idx_base: counter @base is bit 0
 * @ovf: the overflowed stopped counters (rvpmu_snapshot_ovf())
 * @running: the running hpm counters at or above @base; not empty
 *
 * rvpmu_snapshot_store_bitmap()'s loop for running hpm counters: their OF
 * added to @ovf, then the word. Out of line (snapshot.c), reached by a tail
 * call, so that a stop with no other counter running pays nothing for the
 * loop.
 *
 * Context: The hart that owns @h (touches its CSRs); no lock taken.
 * Return: ret_val(0).
 */
struct rvpmu_ret rvpmu_snapshot_bitmap_running(const struct rvpmu_hart *h, rvpmu_ulong base,
					       uint64_t ovf, uint64_t running);

/**
 * rvpmu_snapshot_ovf() - what the snapshot's overflow bitmap is made of
 * @h: the hart
 * @base: the request's counter_idx_base, < num_counters (the caller
 *        checked)
 * @running: set to the running hpm counters at or above @base, whose OF
 *           rvpmu_snapshot_store_bitmap() reads now; 0 without Sscofpmf
 *
 * The overflow bitmap comes from the core's own state only (never from
 * S-mode memory): stopped hpm counters noted as overflowed at their stop
 * (the answer here), and running hpm counters at or above @base whose OF
 * is set now (set in @running). Zero without Sscofpmf, as the spec
 * requires. Taken before the values are written: the compiler cannot tell
 * S-mode memory from h.
 *
 * Context: The hart that owns @h; no lock taken.
 * Return: the configured, stopped hpm counters noted as overflowed at
 *         their stop; 0 without Sscofpmf.
 */
static inline uint64_t rvpmu_snapshot_ovf(const struct rvpmu_hart *h, rvpmu_ulong base,
					  uint64_t *running)
{
	*running = 0;
	if (!h->sscofpmf)
		return 0;
	/* base < nr_counters <= 64 (checked by the caller): the shift is fine */
	*running = h->started & h->hw & ~UINT64_C(7) & ~(BIT64(base) - 1);
	return h->overflowed & h->configured & ~h->started;
}

/**
 * rvpmu_snapshot_store_bitmap() - write the snapshot area's overflow bitmap
 * @h: the hart, with h->shmem_on
 * @base: the request's counter_idx_base: counter @base is bit 0
 * @ovf: from rvpmu_snapshot_ovf()
 * @running: from rvpmu_snapshot_ovf()
 *
 * The bitmap relative to @base: @ovf, with the OF of the @running counters
 * (rvpmu_snapshot_bitmap_running(), only when there are any). Inline: the
 * end of every snapshot-taking stop.
 *
 * Context: The hart that owns @h (touches its CSRs); no lock taken.
 * Return: ret_val(0).
 */
static inline struct rvpmu_ret rvpmu_snapshot_store_bitmap(const struct rvpmu_hart *h,
							   rvpmu_ulong base, uint64_t ovf,
							   uint64_t running)
{
	if (running)
		return rvpmu_snapshot_bitmap_running(h, base, ovf, running);
	return rvpmu_snapshot_write_bitmap(h, base, ovf);
}

#endif
