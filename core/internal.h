/* SPDX-License-Identifier: BSD-2-Clause */
/* core/internal.h - helpers shared by the core's files; not an API. */
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

static inline struct rvpmu_ret ret_err(long err)
{
	struct rvpmu_ret r = { err, 0 };
	return r;
}

static inline struct rvpmu_ret ret_val(rvpmu_ulong value)
{
	struct rvpmu_ret r = { SBI_SUCCESS, value };
	return r;
}

/* Index of the lowest set bit of x (x != 0). */
static inline unsigned int lowest_bit(uint64_t x)
{
	return rvpmu_ctz64(x);
}

/* Bit idx (< 64) of x. RV32 holds x in a register pair: the half that
   has the bit, then a 32-bit shift (a 64-bit shift by a variable is a
   branch and six instructions there). */
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

static inline bool is_fw_ctr(const struct rvpmu_hart *h, unsigned int idx)
{
	return idx >= h->fw_base;
}

/* The value a stopped counter keeps. */
static inline uint64_t stopped_value(const struct rvpmu_hart *h, unsigned int idx)
{
	return is_fw_ctr(h, idx) ? h->fw_value[idx - h->fw_base] : h->saved[idx];
}

/* Bits of hardware counter ctr that hold its value. */
static inline uint64_t width_mask(const struct rvpmu_hart *h, unsigned int ctr)
{
	return h->wmask[ctr];
}

/* The value a group loads into hpm counter ctr (pmu.h, RVPMU_GROUP_BASE:
   the top two bits of its width), and the count a value read stands for. */
static inline uint64_t group_base(const struct rvpmu_hart *h, unsigned int ctr)
{
	return h->wmask[ctr] & ~(h->wmask[ctr] >> 2);
}

static inline uint64_t group_count(const struct rvpmu_hart *h, unsigned int ctr, uint64_t v)
{
	return (v - group_base(h, ctr)) & h->wmask[ctr];
}

/*
 * Turn (counter_idx_base, counter_idx_mask) into a bitmap of logical
 * counters: the set, or 0 for SBI_ERR_INVALID_PARAM (mask 0, a base or a
 * highest counter beyond num_counters, or, counter_set, a gap in the set;
 * a valid set is never empty). start and stop check only the range: their
 * set must be configured, and configured counters are valid. Inline: on
 * every start/stop path; the answer is the set, not an error and a
 * pointer, so the callers keep it in a register.
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

static inline uint64_t rvpmu_counter_set(const struct rvpmu_hart *h, rvpmu_ulong base,
					 rvpmu_ulong mask)
{
	uint64_t set = rvpmu_counter_range(h, base, mask);

	return set & ~h->valid ? 0 : set;
}

/*
 * Logical counters of this hart that can count (event_idx, event_data),
 * busy or not; 0 when the encoding is invalid or nothing can count it.
 */
uint64_t rvpmu_event_counters(const struct rvpmu_hart *h,
			      rvpmu_ulong event_idx, uint64_t event_data);


/* The firmware counters of this hart: every one can count any firmware event. */
static inline uint64_t rvpmu_fw_counters(const struct rvpmu_hart *h)
{
	return h->valid & ~(BIT64(h->fw_base) - 1);
}

static inline bool event_is_fw(rvpmu_ulong event_idx)
{
	return rvpmu_event_is_fw((uint32_t)event_idx);
}

/* Current value of a logical counter (hardware or firmware). */
uint64_t rvpmu_counter_value(const struct rvpmu_hart *h, unsigned int idx);

/* Firmware counter bookkeeping: platform events in fwctr.c. Both answer
   ret_val(0), so the one-counter paths reach them by a tail call and
   stay leaf functions for standard events. */
struct rvpmu_ret rvpmu_fw_start_ext(struct rvpmu_hart *h, unsigned int idx);
/* What fw_ops->read advanced by since firmware counter idx started on a
   platform event (its bit in h->fw_ext: the one test of that). */
static inline uint64_t rvpmu_fw_ext_ran(const struct rvpmu_hart *h, unsigned int idx)
{
	return h->cfg->fw->read(h->ctx, SBI_PMU_EVENT_CODE(h->event[idx]), h->data[idx]) -
	       h->fw_origin[idx - h->fw_base];
}
struct rvpmu_ret rvpmu_fw_stop_ext(struct rvpmu_hart *h, unsigned int idx);

/* rvpmu_fw_set's platform events (startstop.c): ext as firmware counter
   numbers less fw_base, started (on) or stopped; ret_val(0). */
struct rvpmu_ret rvpmu_fw_set_ext(struct rvpmu_hart *h, uint32_t ext, bool on);

/* A started firmware counter idx of standard event code counts from now. */
static inline void rvpmu_fw_std_on(struct rvpmu_hart *h, unsigned int idx, uint32_t code)
{
	h->fw_counting[code].by.ctrs |= UINT32_C(1) << (idx - (unsigned int)h->fw_base);
}

/* Start firmware counter idx (configured, stopped) from value. Standard
   events count at their site, so starting one is setting its bit in
   fw_counting. Inline: on every firmware-counter start. ret_val(0). */
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

/* Stop firmware counter idx (started); its value stays in fw_value.
   ret_val(0). */
static inline struct rvpmu_ret rvpmu_fw_stop(struct rvpmu_hart *h, unsigned int idx)
{
	unsigned int f = idx - (unsigned int)h->fw_base;
	uint32_t code = SBI_PMU_EVENT_CODE(h->event[idx]);

	if (code >= SBI_PMU_FW_STD_COUNT)
		return rvpmu_fw_stop_ext(h, idx);
	h->fw_counting[code].by.ctrs &= ~(UINT32_C(1) << f);
	return ret_val(0);
}

/* Ask the platform whether counter idx, now counting ev, reads stale once
   inhibited (hw ops' counts_while_inhibited); keep the answer in h->stale. */
static inline void rvpmu_note_stale(struct rvpmu_hart *h, unsigned int idx, uint64_t ev)
{
	uint32_t bit = UINT32_C(1) << idx;

	if (rvpmu_hw_counts_while_inhibited(h, idx, ev))
		h->stale |= bit;
	else
		h->stale &= ~bit;
}

/*
 * Of a read just before inhibiting (before) and one just after (after),
 * the newer: on RV32 QEMU answers only the first of the two CSR reads of
 * an inhibited counter live, so the read after may go back in time (seen
 * as a difference past half the counter's range).
 */
static inline uint64_t rv32_newer(const struct rvpmu_hart *h, unsigned int idx,
				  uint64_t before, uint64_t after)
{
	if (((after - before) & width_mask(h, idx)) > (width_mask(h, idx) >> 1))
		return before;
	return after;
}

/*
 * Inhibit hardware counter idx and keep its value in h->saved. The first
 * read after inhibiting is the final count on RV64; RV32 reads a counter
 * as two CSRs and QEMU answers only the first of them live once inhibited
 * (a counter that counts on while inhibited and reads stale: stale, from
 * h->stale), so there such a counter is also read just before inhibiting
 * and the newer read is kept. Any other counter stops counting when
 * inhibited and reads what it holds, so the read after is its final
 * count on both XLENs (the read before could only be older).
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

static inline void rvpmu_hw_inhibit_read(struct rvpmu_hart *h, unsigned long idx)
{
	rvpmu_hw_inhibit_read_as(h, idx, (h->stale >> idx) & 1);
}

/*
 * rvpmu_hw_inhibit_read, then, where the platform says the counter reads
 * stale once inhibited (h->stale), write the value back: QEMU 7.2 answers
 * later reads of an inhibited cycle/instret counter with the value last
 * written, so the write-back is what makes such a stopped counter read
 * what it counted. For the fixed counters; stop writes an hpm counter back
 * with its event unmapped (startstop.c, stop_hw).
 */
static inline void rvpmu_hw_inhibit_keep(struct rvpmu_hart *h, unsigned int idx)
{
	rvpmu_hw_inhibit_read(h, idx);
	if (h->stale & (UINT32_C(1) << idx))
		rvpmu_hw_write(h, idx, h->saved[idx]);
}

/* Before choosing a counter for event_idx: unmap and stop the parked
   counters (released while held) parked RVPMU_PARK_NS or more ago, whose
   expiry has spent QEMU's left-over (held no more), and those parked on
   event_idx itself, which would keep QEMU from mapping it elsewhere
   (steps.c). */
#define RVPMU_UNPARK_ALL UINT32_MAX	/* every parked counter, whatever its event */
void rvpmu_unpark(struct rvpmu_hart *h, uint32_t event_idx);

/* AUTO_START of counter idx, just configured and stopped: from the value
   it keeps (steps.c). rvpmu_autostart_hw, for an hpm counter, answers
   ret_val(idx), so that the fast layer's config_matching reaches it by a
   tail call (startstop.c). */
void rvpmu_autostart(struct rvpmu_hart *h, unsigned int idx);
struct rvpmu_ret rvpmu_autostart_hw(struct rvpmu_hart *h, unsigned int idx);

/* Snapshot area access (snapshot.c); only with h->shmem_on. */
uint64_t rvpmu_snapshot_value(const struct rvpmu_hart *h, unsigned int slot);
/* Address of value slot slot of the snapshot area. */
static inline uint64_t rvpmu_snapshot_slot(const struct rvpmu_hart *h, unsigned int slot)
{
	return h->shmem + SBI_PMU_SNAPSHOT_VALUES_OFFSET + 8u * slot;
}

/* Write the values of set (stopped) and the overflow bitmap relative to
   base; ret_val(0), so a stop can reach it by a tail call. A stop that
   wrote its values itself uses rvpmu_snapshot_store_bitmap, the bitmap
   alone. */
struct rvpmu_ret rvpmu_snapshot_store(const struct rvpmu_hart *h, uint64_t set,
				      rvpmu_ulong base);

/* The overflow bitmap's word: ovf relative to base. ret_val(0). */
static inline struct rvpmu_ret rvpmu_snapshot_write_bitmap(const struct rvpmu_hart *h,
							   rvpmu_ulong base, uint64_t ovf)
{
	rvpmu_mem_write64(h, h->shmem + SBI_PMU_SNAPSHOT_OVF_OFFSET, ovf >> base);
	return ret_val(0);
}

/* rvpmu_snapshot_store_bitmap's loop for running hpm counters (running,
   not empty): their OF added to ovf, then the word. Out of line (snapshot.c),
   reached by a tail call, so that a stop with no other counter running
   pays nothing for the loop. */
struct rvpmu_ret rvpmu_snapshot_bitmap_running(const struct rvpmu_hart *h, rvpmu_ulong base,
					       uint64_t ovf, uint64_t running);

/*
 * The overflow bitmap comes from the core's own state only (never from
 * S-mode memory): stopped hpm counters noted as overflowed at their stop
 * (the answer here), and running hpm counters at or above base whose OF
 * is set now (*running, for rvpmu_snapshot_store_bitmap). Zero without
 * Sscofpmf, as the spec requires. Taken before the values are written:
 * the compiler cannot tell S-mode memory from h.
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

/* Write the overflow bitmap relative to base: ovf and running from
   rvpmu_snapshot_ovf. Inline: the end of every snapshot-taking stop. */
static inline struct rvpmu_ret rvpmu_snapshot_store_bitmap(const struct rvpmu_hart *h,
							   rvpmu_ulong base, uint64_t ovf,
							   uint64_t running)
{
	if (running)
		return rvpmu_snapshot_bitmap_running(h, base, ovf, running);
	return rvpmu_snapshot_write_bitmap(h, base, ovf);
}

#endif
