/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Counter reservation for the firmware's sampler (declared in pmu.h). The
 * sampler's counters live beside S-mode's: h->reserved is disjoint from
 * h->configured, so every S-mode path that requires a configured counter
 * already refuses a reserved one, and config_matching skips them. The
 * start/stop here act on a whole group at once (one mcountinhibit write)
 * because every counter of a subsample must see the same window, and they
 * are the sampler's switch, on every subsample of every hart: the group is
 * laid out once when loaded, so they only walk its lists.
 */
#include "internal.h"

/* The hpm counters of a set (reserved sets never hold 0..2); firmware
   counters may sit below bit 32, right after the highest hpm counter. */
static inline uint32_t hpm_of(const struct rvpmu_hart *h, uint64_t set)
{
	return (uint32_t)(set & h->hw);
}

uint64_t rvpmu_sampler_capable(const struct rvpmu_hart *h, uint32_t event_idx,
			       uint64_t event_data)
{
	return rvpmu_event_counters(h, event_idx, event_data) & ~FIXED_CTRS;
}

uint64_t rvpmu_reservable(const struct rvpmu_hart *h, uint32_t event_idx,
			  uint64_t event_data)
{
	return rvpmu_sampler_capable(h, event_idx, event_data) &
	       ~h->configured & ~h->reserved;
}

long rvpmu_reserve(struct rvpmu_hart *h, uint64_t set)
{
	const struct rvpmu_hw_ops *hw = RVPMU_HW(h);
	uint32_t hpm = hpm_of(h, set);

	if (!set || (set & ~h->valid) || (set & FIXED_CTRS))
		return SBI_ERR_INVALID_PARAM;
	if (set & (h->configured | h->reserved))
		return SBI_ERR_DENIED;
	/* a parked counter keeps its event mapped, and some hardware (QEMU)
	   counts an event on one counter only: the sampler's events must not
	   find theirs taken by one */
	if (h->parked)
		rvpmu_unpark(h, RVPMU_UNPARK_ALL);
	h->reserved |= set;
	/* free hpm counters are already inhibited; make sure, and count
	   nothing until programmed */
	if (hpm)
		hw->inhibit(h->ctx, hpm, true);
	rvpmu_reserved_idle(h, set);
	return SBI_SUCCESS;
}

void rvpmu_release(struct rvpmu_hart *h, uint64_t set)
{
	set &= h->reserved;
	if (!set)
		return;
	/* stop whatever still counts, whatever event it was given: hpm
	   counters, and platform events (fw_ext); a group's standard
	   firmware events are differences of fw_total (rvpmu_fw_sample) and
	   hold no fw_counting bit, which only configured counters get */
	if (hpm_of(h, set))
		rvpmu_hw_inhibit(h, hpm_of(h, set), true);
	h->fw_ext &= ~set;
	rvpmu_reserved_idle(h, set);
	h->reserved &= ~set;
}

void rvpmu_fw_sample(struct rvpmu_hart *h, uint32_t codes)
{
	uint32_t change = (h->fw_sampled ^ codes) & ((UINT32_C(1) << SBI_PMU_FW_STD_COUNT) - 1);

	while (change) {
		unsigned int c = rvpmu_ctz64(change);

		h->fw_counting[c].by.sampled ^= 1;
		change &= change - 1;
	}
	h->fw_sampled = codes & ((UINT32_C(1) << SBI_PMU_FW_STD_COUNT) - 1);
}

void rvpmu_reserved_idle(struct rvpmu_hart *h, uint64_t set)
{
	uint64_t m;
	unsigned int idx;

	if (!hpm_of(h, set))
		return;
	FOR_EACH_COUNTER(idx, (uint64_t)hpm_of(h, set), m) {
		/* 0: some hardware (QEMU) lets one event own one counter */
		h->mhpmevent[idx] = 0;
		rvpmu_hw_program(h, idx, 0);
	}
}

uint64_t rvpmu_reserved_mhpmevent(uint64_t sel, uint64_t inh)
{
	return (sel & ~MHPMEVENT_SSCOF_MASK) | (inh & MHPMEVENT_SSCOF_MASK) | MHPMEVENT_OF;
}

/* ---- the sampler's groups */

/* A load's hpm part, counter by counter: without the list op, or without
   Sscofpmf (the bits [63:56] dropped). */
static __attribute__((noinline)) uint32_t load_each(struct rvpmu_hart *h, const uint8_t *ctr,
						    const uint64_t *mhpm, unsigned long n)
{
	uint64_t keep = h->sscofpmf ? ~UINT64_C(0) : ~MHPMEVENT_SSCOF_MASK;
	uint32_t mask = 0;

	for (unsigned long j = 0; j < n; j++) {
		rvpmu_hw_program(h, ctr[j], mhpm[j] & keep);
		rvpmu_hw_write(h, ctr[j], 0);
		mask |= UINT32_C(1) << ctr[j];
	}
	return mask;
}

#ifdef RVPMU_HW_SEQ_INLINED
/* The mcountinhibit mask of a seq group's n hpm counters, 3 .. 3 + n - 1. */
static inline uint32_t seq_mask(unsigned long n)
{
	return ((UINT32_C(1) << n) - 1) << 3;
}
#endif

/* The hpm counters ctr[0..n) (mhpmevent 0) get their events, count from 0:
   their mcountinhibit mask. seq: they are 3 .. 3 + n - 1. */
static inline __attribute__((always_inline)) uint32_t load_hpm(struct rvpmu_hart *h,
							       const uint8_t *ctr,
							       const uint64_t *mhpm,
							       unsigned long n, bool seq)
{
#ifdef RVPMU_HW_SEQ_INLINED
	if (seq && h->sscofpmf) {
		if (!n)
			return 0;
		rvpmu_hw_load_seq(h, mhpm, n);
		return seq_mask(n);
	}
#else
	(void)seq;
#endif
#ifdef RVPMU_HW_LIST_INLINED
	if (h->sscofpmf)
		return rvpmu_hw_load_list(h, ctr, mhpm, n);
#else
	const struct rvpmu_hw_ops *hw = RVPMU_HW(h);

	if (hw->load && h->sscofpmf)
		return n ? hw->load(h->ctx, ctr, mhpm, (unsigned int)n) : 0;
#endif
	return load_each(h, ctr, mhpm, n);
}

/* The stopped hpm counters ctr[0..n): each value to dst + off[j], each
   mhpmevent to 0. seq: they are 3 .. 3 + n - 1. */
static inline __attribute__((always_inline)) void read_hpm(struct rvpmu_hart *h,
							   const uint8_t *ctr, unsigned long n,
							   uint8_t *dst, const uint32_t *off,
							   bool seq)
{
#ifdef RVPMU_HW_SEQ_INLINED
	if (seq) {
		if (n)
			rvpmu_hw_read_seq(h, n, dst, off);
		return;
	}
#else
	(void)seq;
#endif
#ifdef RVPMU_HW_LIST_INLINED
	rvpmu_hw_read_list(h, ctr, n, dst, off);
#else
	const struct rvpmu_hw_ops *hw = RVPMU_HW(h);

	if (hw->read_list) {
		if (n)
			hw->read_list(h->ctx, ctr, (unsigned int)n, dst, off);
		return;
	}
	for (unsigned long j = 0; j < n; j++) {
		*(uint64_t *)(dst + off[j]) = rvpmu_hw_read(h, ctr[j]);
		rvpmu_hw_program(h, ctr[j], 0);
	}
#endif
}

/* Platform firmware events go through fwctr.c, which needs the event (out
   of the switch's way: its hot path then saves fewer registers). */
static __attribute__((noinline)) void ext_load_start(struct rvpmu_hart *h,
						     const struct rvpmu_group *g)
{
	const struct rvpmu_group_spec *sp = g->sp;

	for (unsigned int k = 0; k < sp->nfw; k++) {
		unsigned int c = g->ctr[sp->nhpm + k];

		if (sp->code[k] != RVPMU_GROUP_EXT)
			continue;
		h->fw_value[c - h->fw_base] = 0;
		h->event[c] = sp->fw[k].event_idx;
		h->data[c] = sp->fw[k].event_data;
		rvpmu_fw_start(h, c, 0);
	}
}

static __attribute__((noinline)) void ext_stop_read(struct rvpmu_hart *h,
						    const struct rvpmu_group *g, uint8_t *dst,
						    const uint32_t *off)
{
	const struct rvpmu_group_spec *sp = g->sp;

	for (unsigned int k = 0; k < sp->nfw; k++) {
		unsigned int c = g->ctr[sp->nhpm + k];

		if (sp->code[k] != RVPMU_GROUP_EXT)
			continue;
		if (h->fw_ext & BIT64(c))
			rvpmu_fw_stop(h, c);
		*(uint64_t *)(dst + off[k]) = h->fw_value[c - h->fw_base];
	}
}

/* X(k) for k = RVPMU_GROUP_MAX - 1 down to 0: the firmware counts' loops
   unrolled as a switch on their length that falls through to k = 0 (a
   loop spent as much on its indexes as on the counts). */
#define UNROLL_DOWN(X) X(28) X(27) X(26) X(25) X(24) X(23) X(22) X(21) X(20) X(19) \
	X(18) X(17) X(16) X(15) X(14) X(13) X(12) X(11) X(10) X(9) X(8) X(7) X(6) X(5) \
	X(4) X(3) X(2) X(1) X(0)
_Static_assert(RVPMU_GROUP_MAX == 29, "UNROLL_DOWN covers a group");

/* A standard event's free-running count, by its rvpmu_group_total_off. */
static inline uint64_t fw_total_at(const struct rvpmu_hart *h, uint16_t tot)
{
	return *(const uint64_t *)((const char *)h + tot);
}

#if RVPMU_XLEN == 32
/* RV32's hpm part of a close by list: a counter is two CSRs and QEMU
   answers only the first read of an inhibited cycles/instret counter live,
   so each is also read just before the inhibit and the newer read kept
   (out of line: the unrolled path's switch then saves fewer registers). */
static __attribute__((noinline)) void close_hpm_rv32(struct rvpmu_hart *h,
						     const struct rvpmu_group *g, uint8_t *dst,
						     const uint32_t *off)
{
	uint64_t before[RVPMU_GROUP_MAX];
	unsigned long k, nh = g->sp->nhpm;

	for (k = 0; k < nh; k++)
		before[k] = rvpmu_hw_read(h, g->ctr[k]);
	rvpmu_hw_inhibit(h, g->hpm, true);
	read_hpm(h, g->ctr, nh, dst, off, false);
	for (k = 0; k < nh; k++)
		*(uint64_t *)(dst + off[k]) = rv32_newer(h, g->ctr[k], before[k],
							  *(uint64_t *)(dst + off[k]));
}
#endif

/* g's standard firmware events' counts to dst + fo[k]: what each
   free-running count gained, unrolled (entered at the group's size). */
static inline __attribute__((always_inline)) void close_fw(struct rvpmu_hart *h,
							   const struct rvpmu_group *g,
							   uint8_t *dst, const uint32_t *fo)
{
	const uint16_t *tot = g->sp->tot;

#define CLOSE(k) case (k) + 1: \
	*(uint64_t *)(dst + fo[k]) = (unsigned long)fw_total_at(h, tot[k]) - g->origin[k]; \
	__attribute__((fallthrough));
	switch (g->sp->nfw) {
	UNROLL_DOWN(CLOSE)
	default:
		break;
	}
#undef CLOSE
}

/* Where g's standard firmware events' free-running counts stand now. */
static inline __attribute__((always_inline)) void open_fw(struct rvpmu_hart *h,
							  struct rvpmu_group *g)
{
	const uint16_t *tot = g->sp->tot;

#define OPEN(k) case (k) + 1: g->origin[k] = (unsigned long)fw_total_at(h, tot[k]); \
	__attribute__((fallthrough));
	switch (g->sp->nfw) {
	UNROLL_DOWN(OPEN)
	default:
		break;
	}
#undef OPEN
}

/* Close g: its firmware counts (a standard event's is what its
   free-running count gained), then its hpm counters stopped together,
   read, and unmapped. */
static inline __attribute__((always_inline)) void close_group(struct rvpmu_hart *h,
							      const struct rvpmu_group *g,
							      uint8_t *dst, const uint32_t *off)
{
	const struct rvpmu_group_spec *sp = g->sp;
	unsigned long nh = sp->nhpm;
	const uint32_t *fo = off + nh;

	close_fw(h, g, dst, fo);
	if (sp->ext)
		ext_stop_read(h, g, dst, fo);
#ifdef RVPMU_HW_SEQ_READ_LIVE
	/* read while they run (each counter's halves live), then stopped */
	if (g->seq) {
		if (nh)
			rvpmu_hw_read_seq(h, nh, dst, off);
		rvpmu_hw_inhibit(h, g->hpm, true);
		return;
	}
#endif
#if RVPMU_XLEN == 32
	close_hpm_rv32(h, g, dst, off);
#else
	rvpmu_hw_inhibit(h, g->hpm, true);
	read_hpm(h, g->ctr, nh, dst, off, g->seq);
#endif
}

/* Load sp into g (stopped): its hpm counters get their events. */
static inline __attribute__((always_inline)) void load(struct rvpmu_hart *h,
						       struct rvpmu_group *g,
						       const uint8_t *ctr,
						       const struct rvpmu_group_spec *sp)
{
	g->hpm = load_hpm(h, ctr, sp->mhpm, sp->nhpm, g->seq);
	g->ctr = ctr;
	g->sp = sp;
}

/* Start the loaded g: hpm counters with one mcountinhibit write, then
   where each standard firmware event's count stands. */
static inline __attribute__((always_inline)) void open_group(struct rvpmu_hart *h,
							     struct rvpmu_group *g)
{
	rvpmu_hw_inhibit(h, g->hpm, false);
	open_fw(h, g);
	if (g->sp->ext)
		ext_load_start(h, g);
}

void rvpmu_group_load(struct rvpmu_hart *h, struct rvpmu_group *g, const uint8_t *ctr,
		      const struct rvpmu_group_spec *spec)
{
	load(h, g, ctr, spec);
}

void rvpmu_group_start(struct rvpmu_hart *h, struct rvpmu_group *g)
{
	open_group(h, g);
}

void rvpmu_group_stop_read(struct rvpmu_hart *h, const struct rvpmu_group *g, uint8_t *dst,
			   const uint32_t *off)
{
	close_group(h, g, dst, off);
}

static __attribute__((noinline)) uint64_t switch_general(struct rvpmu_hart *h,
							 struct rvpmu_group *g, uint8_t *dst,
							 const uint32_t *off, const uint8_t *ctr,
							 const struct rvpmu_group_spec *next)
{
	uint64_t c;

	close_group(h, g, dst, off);
	load(h, g, ctr, next);
	c = rvpmu_hw_cycles(h);
	open_group(h, g);
	return c;
}

uint64_t rvpmu_group_switch(struct rvpmu_hart *h, struct rvpmu_group *g, uint8_t *dst,
			    const uint32_t *off, const uint8_t *ctr,
			    const struct rvpmu_group_spec *next)
{
#ifdef RVPMU_HW_SEQ_INLINED
	/*
	 * Counters 3.. in order and no platform event (g->seq): close, load
	 * and open written out with no call but the unrolled CSR code's
	 * (which names its registers), so this needs no frame; the general
	 * path, out of line, takes everything else.
	 */
	if (g->seq && h->sscofpmf) {
		const struct rvpmu_group_spec *sp = g->sp;
		unsigned long nh = sp->nhpm, nn = next->nhpm;
		uint64_t c;

		close_fw(h, g, dst, off + nh);
#ifdef RVPMU_HW_SEQ_READ_LIVE
		if (nh)
			rvpmu_hw_read_seq(h, nh, dst, off);
		rvpmu_hw_inhibit(h, g->hpm, true);
#else
		rvpmu_hw_inhibit(h, g->hpm, true);
		if (nh)
			rvpmu_hw_read_seq(h, nh, dst, off);
#endif
		if (nn)
			rvpmu_hw_load_seq(h, next->mhpm, nn);
		g->hpm = seq_mask(nn);
		g->ctr = ctr;
		g->sp = next;
		c = rvpmu_hw_cycles(h);
		rvpmu_hw_inhibit(h, g->hpm, false);
		open_fw(h, g);
		return c;
	}
#endif
	return switch_general(h, g, dst, off, ctr, next);
}

uint64_t rvpmu_read_cycles(const struct rvpmu_hart *h)
{
	return rvpmu_hw_cycles(h);
}
