/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Groups: the sampler's reserved counters counting one window together
 * (declared in reserve.h). A group is started and stopped with one
 * mcountinhibit write, because every counter of a subsample must see the
 * same window; the switch from one group to the next is on every
 * subsample of every hart, so a group is laid out once by the sampler and
 * here only walked.
 *
 * Where a window begins and ends. The sampler's cycle count for a window
 * is mcycle read right after the group's counters were loaded (its
 * beginning) and right before they are read (its end): the time between
 * two windows, when the counters are read and reprogrammed, is in no
 * window. The counters are read while they still run, then stopped. Some
 * hardware does not freeze every counter while the hart is in M-mode:
 * under QEMU a hart can be taken off its CPU in the middle of a switch,
 * and a cycles/instret counter there keeps counting (from its write) while
 * it is away. So each part is timed with mcycle, and one that took longer
 * than g->max_gap is done again: the reads (counters that run can be read
 * again) and the loads (a counter written again starts again). On
 * hardware that is never interrupted there, nothing is ever redone.
 */
#include "internal.h"

/* A part is done again at most this many times (a hart interrupted over
   and over gets the last pass's numbers, as hardware would). */
#define GROUP_TRIES	4

/* ---- the hpm counters of a group, one at a time (hw.h: the group
   accesses' meaning, for a platform to fall back on) */

const uint8_t rvpmu_seq_ctr[RVPMU_GROUP_MAX] = {
	3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23,
	24, 25, 26, 27, 28, 29, 30, 31,
};

void rvpmu_group_read_each(const struct rvpmu_hart *h, const uint8_t *ctr, unsigned long n,
			   uint8_t *dst, const uint32_t *off)
{
	for (unsigned long j = 0; j < n; j++) {
		*(uint64_t *)(dst + off[j]) = group_count(h, ctr[j], rvpmu_hw_read(h, ctr[j]));
		rvpmu_hw_program(h, ctr[j], 0);
	}
}

/* The bits [63:56] are dropped without Sscofpmf. */
static inline uint64_t keep_bits(const struct rvpmu_hart *h)
{
	return h->sscofpmf ? ~UINT64_C(0) : ~MHPMEVENT_SSCOF_MASK;
}

uint32_t rvpmu_group_load_each(const struct rvpmu_hart *h, const uint8_t *ctr,
			       const uint64_t *ev, unsigned long n)
{
	uint64_t keep = keep_bits(h);
	uint32_t mask = 0;

	for (unsigned long j = 0; j < n; j++) {
		rvpmu_hw_program(h, ctr[j], ev[j] & keep);
		rvpmu_hw_write(h, ctr[j], group_base(h, ctr[j]));
		mask |= UINT32_C(1) << ctr[j];
	}
	return mask;
}

/* The mcountinhibit mask of a seq group's n hpm counters, 3 .. 3 + n - 1. */
static inline uint32_t seq_mask(unsigned long n)
{
	return ((UINT32_C(1) << n) - 1) << 3;
}

/* ---- the hpm counters of a group, through the platform's group accesses */

/* Each running counter's count to dst + off[j], then mhpmevent 0. */
static inline __attribute__((always_inline)) void read_hpm(struct rvpmu_hart *h,
							   const struct rvpmu_group *g,
							   uint8_t *dst, const uint32_t *off)
{
	unsigned long n = g->sp->nhpm;

	if (!n)
		return;
	if (g->seq && rvpmu_hw_seq_ok(h))
		rvpmu_hw_read_seq(h, n, dst, off);
	else
		rvpmu_hw_read_list(h, g->ctr, n, dst, off);
}

/* Counter ctr[j] (mhpmevent 0, stopped) gets mhpm[j] and the group base:
   their mcountinhibit mask. */
static inline __attribute__((always_inline)) uint32_t load_hpm(struct rvpmu_hart *h,
							       const uint8_t *ctr,
							       const uint64_t *mhpm,
							       unsigned long n, bool seq)
{
	if (!n)
		return 0;
	if (seq && rvpmu_hw_seq_ok(h)) {
		rvpmu_hw_load_seq(h, mhpm, n);
		return seq_mask(n);
	}
	return rvpmu_hw_load_list(h, ctr, mhpm, n);
}

/* ---- firmware counters */

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
		h->fw_data[c - h->fw_base] = sp->fw[k].event_data;
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

#ifndef RVPMU_SMALL
/* X(k) for k = RVPMU_GROUP_MAX - 1 down to 0: the firmware counts' loops
   unrolled as a switch on their length that falls through to k = 0 (a
   loop spent as much on its indexes as on the counts). */
#define UNROLL_DOWN(X) X(28) X(27) X(26) X(25) X(24) X(23) X(22) X(21) X(20) X(19) \
	X(18) X(17) X(16) X(15) X(14) X(13) X(12) X(11) X(10) X(9) X(8) X(7) X(6) X(5) \
	X(4) X(3) X(2) X(1) X(0)
_Static_assert(RVPMU_GROUP_MAX == 29, "UNROLL_DOWN covers a group");
#endif

/* A standard event's count, by its rvpmu_group_total_off. */
static inline uint32_t fw_total_at(const struct rvpmu_hart *h, uint16_t tot)
{
	return *(const uint32_t *)((const char *)h + tot);
}

/* ... set to 0 where a window begins (open_fw) */
static inline void fw_total_zero(struct rvpmu_hart *h, uint16_t tot)
{
	*(uint32_t *)((char *)h + tot) = 0;
}

#ifndef RVPMU_SMALL
/* g's standard firmware events' counts to dst + fo[k]: what each count
   gained since open_fw set it to 0, unrolled (entered at the group's
   size). */
static inline __attribute__((always_inline)) void close_fw(struct rvpmu_hart *h,
							   const struct rvpmu_group *g,
							   uint8_t *dst, const uint32_t *fo)
{
	const uint16_t *tot = g->sp->tot;

#define CLOSE(k) case (k) + 1: \
	*(uint64_t *)(dst + fo[k]) = fw_total_at(h, tot[k]); \
	__attribute__((fallthrough));
	switch (g->sp->nfw) {
	UNROLL_DOWN(CLOSE)
	default:
		break;
	}
#undef CLOSE
}

/* g's standard firmware events' counts from 0: fw_total is the sampler's
   alone (S-mode's firmware counters count at their own bits), so the
   window's count is fw_total itself, with no origin kept a counter (232
   bytes a hart on RV64) and one load fewer each at the close. A code
   twice in the group is set to 0 twice and read twice: both see it all. */
static inline __attribute__((always_inline)) void open_fw(struct rvpmu_hart *h,
							  struct rvpmu_group *g)
{
	const uint16_t *tot = g->sp->tot;

#define OPEN(k) case (k) + 1: fw_total_zero(h, tot[k]); \
	__attribute__((fallthrough));
	switch (g->sp->nfw) {
	UNROLL_DOWN(OPEN)
	default:
		break;
	}
#undef OPEN
}
#else
/* RVPMU_SMALL (a host short of code space; core/internal.h): the same
   counts, in the same order, by one loop each, called where the unrolled
   forms above are inlined. */
static __attribute__((noinline)) void close_fw(struct rvpmu_hart *h, const struct rvpmu_group *g,
					       uint8_t *dst, const uint32_t *fo)
{
	const uint16_t *tot = g->sp->tot;

	for (unsigned int k = g->sp->nfw; k-- > 0;)
		*(uint64_t *)(dst + fo[k]) = fw_total_at(h, tot[k]);
}

static __attribute__((noinline)) void open_fw(struct rvpmu_hart *h, struct rvpmu_group *g)
{
	const uint16_t *tot = g->sp->tot;

	for (unsigned int k = g->sp->nfw; k-- > 0;)
		fw_total_zero(h, tot[k]);
}
#endif

/* ---- a part interrupted: done again (out of line: never on hardware
   that is not interrupted in M-mode) */

/* The reads again until one pass took at most max_gap; g->end is mcycle
   right before that pass. Returns mcycle right after it. The counters are
   still running: each gets its event back (a read unmaps it), which
   leaves its count as it was (QEMU keeps a cycles/instret counter's
   origin; other events go on counting from where they were). In the
   load's order (hw.h: a seq load goes from the highest counter down): on
   hardware where the first counter given an event owns it, another order
   would give a duplicate the event, and that counter, written while it
   counted nothing, would count from where it never started. */
static __attribute__((noinline)) uint64_t reread(struct rvpmu_hart *h, struct rvpmu_group *g,
						 uint8_t *dst, const uint32_t *off)
{
	const struct rvpmu_group_spec *sp = g->sp;
	bool seq = g->seq && rvpmu_hw_seq_ok(h);
	uint64_t c0 = 0, c = 0;

	for (unsigned int i = 0; i < GROUP_TRIES; i++) {
		for (unsigned long k = 0; k < sp->nhpm; k++) {
			unsigned long j = seq ? sp->nhpm - 1 - k : k;

			rvpmu_hw_program(h, seq ? rvpmu_seq_ctr[j] : g->ctr[j],
					 sp->mhpm[j] & keep_bits(h));
		}
		c0 = rvpmu_hw_cycles(h);
		read_hpm(h, g, dst, off);
		c = rvpmu_hw_cycles(h);
		if (c - c0 <= g->max_gap)
			break;
	}
	g->end = c0;
	return c;
}

/* The load again until one took at most max_gap: mcycle right after it. */
static __attribute__((noinline)) uint64_t reload(struct rvpmu_hart *h, struct rvpmu_group *g)
{
	uint64_t c0, c = 0;

	for (unsigned int i = 0; i < GROUP_TRIES; i++) {
		c0 = rvpmu_hw_cycles(h);
		(void)load_hpm(h, g->ctr, g->sp->mhpm, g->sp->nhpm, g->seq);
		c = rvpmu_hw_cycles(h);
		if (c - c0 <= g->max_gap)
			break;
	}
	return c;
}

/* ---- closing and opening a window */

/* Close g: its firmware counts, then its hpm counts read while they run
   (each then unmapped), then the counters stopped together. g->end:
   mcycle where the window ended. Returns mcycle right after the reads. */
static inline __attribute__((always_inline)) uint64_t close_group(struct rvpmu_hart *h,
								  struct rvpmu_group *g,
								  uint8_t *dst,
								  const uint32_t *off)
{
	const struct rvpmu_group_spec *sp = g->sp;
	const uint32_t *fo = off + sp->nhpm;
	uint64_t c0, c;

	close_fw(h, g, dst, fo);
	if (sp->ext)
		ext_stop_read(h, g, dst, fo);
	c0 = rvpmu_hw_cycles(h);
	read_hpm(h, g, dst, off);
	c = rvpmu_hw_cycles(h);
	g->end = c0;
	if (c - c0 > g->max_gap)
		c = reread(h, g, dst, off);
	rvpmu_hw_inhibit(h, g->hpm, true);
	return c;
}

/* Load sp into g and start it; c0 is mcycle before the load. Returns
   mcycle where the window begins. */
static inline __attribute__((always_inline)) uint64_t open_group(struct rvpmu_hart *h,
								 struct rvpmu_group *g,
								 const uint8_t *ctr,
								 const struct rvpmu_group_spec *sp,
								 uint64_t c0)
{
	uint64_t c;

	g->hpm = load_hpm(h, ctr, sp->mhpm, sp->nhpm, g->seq);
	g->ctr = ctr;
	g->sp = sp;
	c = rvpmu_hw_cycles(h);
	if (c - c0 > g->max_gap)
		c = reload(h, g);
	rvpmu_hw_inhibit(h, g->hpm, false);
	open_fw(h, g);
	if (sp->ext)
		ext_load_start(h, g);
	return c;
}

uint64_t rvpmu_group_open(struct rvpmu_hart *h, struct rvpmu_group *g, const uint8_t *ctr,
			  const struct rvpmu_group_spec *spec)
{
	return open_group(h, g, ctr, spec, rvpmu_hw_cycles(h));
}

uint64_t rvpmu_group_close(struct rvpmu_hart *h, struct rvpmu_group *g, uint8_t *dst,
			   const uint32_t *off)
{
	(void)close_group(h, g, dst, off);
	return g->end;
}

#ifndef RVPMU_SMALL
/* The fast switch's rest when its reads were interrupted: read again,
   stop, and open next (out of line, entered by a tail call, so that the
   fast switch needs no frame). */
static __attribute__((noinline)) uint64_t switch_reread(struct rvpmu_hart *h,
							struct rvpmu_group *g)
{
	uint64_t c = reread(h, g, g->sw.dst, g->sw.off);

	rvpmu_hw_inhibit(h, g->hpm, true);
	return open_group(h, g, g->sw.ctr, g->sw.next, c);
}

/* ... and when its load was: load again and start. */
static __attribute__((noinline)) uint64_t switch_reload(struct rvpmu_hart *h,
							struct rvpmu_group *g)
{
	uint64_t c = reload(h, g);

	rvpmu_hw_inhibit(h, g->hpm, false);
	open_fw(h, g);
	return c;
}

#endif

static __attribute__((noinline)) uint64_t switch_general(struct rvpmu_hart *h,
							 struct rvpmu_group *g, uint8_t *dst,
							 const uint32_t *off, const uint8_t *ctr,
							 const struct rvpmu_group_spec *next)
{
	return open_group(h, g, ctr, next, close_group(h, g, dst, off));
}

uint64_t rvpmu_group_switch(struct rvpmu_hart *h, struct rvpmu_group *g, uint8_t *dst,
			    const uint32_t *off, const uint8_t *ctr,
			    const struct rvpmu_group_spec *next)
{
	/*
	 * Counters 3.. in order and no platform event (g->seq): close, load
	 * and open written out with no call but the group accesses (the
	 * firmware's are inline and name their registers), so that this needs
	 * no frame; a part that was interrupted, and the general path, go out
	 * of line by a tail call. RVPMU_SMALL keeps only the general path,
	 * which does the same for such a group.
	 */
#ifndef RVPMU_SMALL
	if (g->seq && rvpmu_hw_seq_ok(h)) {
		unsigned long nh = g->sp->nhpm, nn;
		uint64_t c0, c;

		/* what an interrupted read's redo and the load need, kept in
		   g rather than in registers across the reads (no frame) */
		g->sw.dst = dst;
		g->sw.off = off;
		g->sw.ctr = ctr;
		g->sw.next = next;
		close_fw(h, g, dst, off + nh);
		c0 = rvpmu_hw_cycles(h);
		if (nh)
			rvpmu_hw_read_seq(h, nh, dst, off);
		c = rvpmu_hw_cycles(h);
		g->end = c0;
		if (__builtin_expect(c - c0 > g->max_gap, 0))
			return switch_reread(h, g);
		rvpmu_hw_inhibit(h, g->hpm, true);
		c0 = c;
		next = g->sw.next;
		nn = next->nhpm;
		if (nn)
			rvpmu_hw_load_seq(h, next->mhpm, nn);
		g->hpm = seq_mask(nn);
		g->ctr = g->sw.ctr;
		g->sp = next;
		c = rvpmu_hw_cycles(h);
		if (__builtin_expect(c - c0 > g->max_gap, 0))
			return switch_reload(h, g);
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

bool rvpmu_instret_own_clock(const struct rvpmu_hart *h)
{
	const struct rvpmu_hw_ops *hw = h->cfg->hw;

	return hw->instret_own_clock && hw->instret_own_clock(h->ctx);
}
