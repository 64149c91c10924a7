/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The run: the tick, and how a hart ends its part (START's steps, which
 * set it going: start.c; pausing and rejoining: pause.c).
 *
 * Subsample k of the run covers the grid slot [t0 + k * P, t0 + (k + 1) *
 * P) on every hart: deadlines are absolute, so a late tick never shifts
 * the ones after it, and subsample k is the same slot on every hart. A
 * tick closes a window and opens the next, due at the next grid point.
 * The late policy (version 2): a hart passes a subsample only if its slot
 * has already ended when the hart gets to it; a passed subsample is not
 * written (its slots keep what the buffer held), only counted. A window
 * shortened by a late tick is data: its mtime and window word say how
 * long it was. So a tick late by a period or more passes the slots that
 * ended and opens the window of the slot now going on; the late window it
 * closes is written (longer, which its cycles and mtime show).
 *
 * The tick never divides: positions advance by addition, the buffer and
 * its capacity are looked up by index, slot offsets are precomputed. Its
 * work is bounded: the hart's own slots of one subsample, and at most one
 * header for each fill it opens or closes (the engine never zeroes).
 *
 * Buffers are filled in turn ("fills": fill n uses buffer n mod nr_bufs).
 * The first hart to need fill n opens it under the fill lock (s->fills),
 * taking the buffer FREE -> FILLING by compare-and-swap (BUFFER_RELEASE
 * takes it FULL/LAST -> RELEASING -> FREE the same way, so neither
 * overwrites the other), and counts in it every hart counting now
 * (need[]); every hart waits for that before writing into fill n. A fill
 * closes (FULL, nr_samples final) when the last hart counted in it gets
 * through it, or leaves or pauses while others got through: the one whose
 * compare-and-swap on need[] sets NEED_CLOSED, so exactly once.
 *
 * Why past 600 lines: the switch's fast path (rvpmu_sampler_tick), its
 * general path (tick_any) and the helpers both inline (write_cids,
 * stamp_q, may_cross, end_subsample's bookkeeping) are one translation
 * unit on purpose: split, those become calls on the path make
 * sampler-bench measures (its budget is a handful of instructions).
 * The fills (fills.c), pauses (pause.c) and START (start.c) are apart.
 */
#include <limits.h>

#include "internal.h"
#include "core/hw.h"

/* ---- a hart's part given up */

/* Counters back to the core, no more deadlines (in a tick, its answer
   says so). */
static void let_go(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh, bool in_tick)
{
	rvpmu_release(sh->pmu, sh->reserved);
	rvpmu_fw_sample(sh->pmu, 0);
	sh->reserved = 0;
	sampler_held(s, sh, 0);
	sh->grp.hpm = 0;
	sh->running = false;
	sh->begun = false;	/* begun implies running: the tick tests one */
	if (!in_tick)
		sampler_ops(s)->set_deadline(sh->hctx, UINT64_MAX);
}

void rvpmu_sampler_let_go(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh)
{
	let_go(s, sh, false);
}

void rvpmu_sampler_hart_abort(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh)
{
	if (sh->running)
		let_go(s, sh, false);
}

/* This hart's part of the run ends, for reason (STOP_NONE: it left; the
   run's reason is the first one given). */
static void finish(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh, uint32_t reason,
		   bool in_tick)
{
	uint32_t none = RVPMU_SAMPLER_STOP_NONE;

	let_go(s, sh, in_tick);
	if (reason != RVPMU_SAMPLER_STOP_NONE)
		__atomic_compare_exchange_n(&s->stop_reason, &none, reason, false,
					    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
	if (rvpmu_sampler_run_change(s, -1, 0))
		rvpmu_sampler_end_run(s);
}



/* ---- the tick */

/*
 * After a switch at tick time sh->tick_t (read before the switch read the
 * closing window's counters and mcycle): the closing window's start stamp
 * and its window word (COUNTED, its length, LOST), to slot q (M-mode's
 * view of the subsample) or through mem->write at base; then the next
 * window's start, now (right after the switch loaded its counters and
 * read mcycle). A window's cycles run between two
 * mcycle reads each bracketed by a tick time and a start stamp, so its
 * length (t less its start) is short of them by at most the two switches'
 * lengths in mtime: more than lost_ticks together and the window is LOST.
 * (t comes through sh: nothing more live across the switch.)
 */
static __attribute__((noinline)) void stamp(struct rvpmu_sampler *s,
					    struct rvpmu_sampler_hart *sh, uint8_t *q,
					    uint64_t base)
{
	uint64_t t = sh->tick_t, m = sampler_now(s), sw = m > t ? m - t : 0, w[2];
	uint64_t len = t > sh->mt_start ? t - sh->mt_start : 0;

	w[0] = sh->mt_start;
	w[1] = (len > RVPMU_SAMPLER_WIN_LEN_MAX ? RVPMU_SAMPLER_WIN_LEN_MAX : len) |
	       RVPMU_SAMPLER_WIN_COUNTED;
	if ((uint64_t)sh->sw_ticks + sw > s->lost_ticks)
		w[1] |= RVPMU_SAMPLER_WIN_LOST;
	if (q) {
		*(volatile uint64_t *)(q + sh->off_mt) = w[0];
		*(volatile uint64_t *)(q + sh->off_win) = w[1];
	} else {
		sampler_put(s, base + sh->off_mt, &w[0], 8);
		sampler_put(s, base + sh->off_win, &w[1], 8);
	}
	sh->mt_start = m;
	sh->sw_ticks = sw > ULONG_MAX ? ULONG_MAX : (unsigned long)sw;
}

/* mtime on this hart: inline where the platform reads it so (core/hw.h). */
static inline __attribute__((always_inline)) uint64_t hart_time(const struct rvpmu_sampler *s,
								const struct rvpmu_sampler_hart *sh)
{
#ifdef RVPMU_HW_MTIME
	(void)s;
	return rvpmu_hw_mtime(sh->pmu);
#else
	(void)sh;
	return sampler_now(s);
#endif
}

/*
 * stamp's work in the switch itself, where M-mode stores to the buffer
 * (q) and t is still at hand: the same words, no call. A window's length
 * is t less its start (mtime only moves forward on a hart; one that did
 * not would saturate); LOST as stamp says.
 */
#if RVPMU_XLEN == 32
/*
 * RV32: the same in 32-bit arithmetic while neither the window nor the
 * switch crossed a multiple of 2^32 ticks (else stamp, out of line): the
 * window word's high half is COUNTED's (and LOST's), its low half the
 * length; LOST judged in 32 bits but where the sum carries or passes the
 * saturated bound, then in 64.
 */
static inline __attribute__((always_inline)) void stamp_q(struct rvpmu_sampler_hart *sh,
							  volatile uint64_t *cyc, uint64_t t)
{
	uint64_t m = hart_time(sh->s, sh), st = sh->mt_start;
	uint32_t t_lo = (uint32_t)t, t_hi = (uint32_t)(t >> 32), m_lo = (uint32_t)m;
	uint32_t st_lo = (uint32_t)st, st_hi = (uint32_t)(st >> 32), sw, sum, whi;
	volatile uint32_t *mt = (volatile uint32_t *)((uint8_t *)cyc + sh->stride), *win;

	if (__builtin_expect(st_hi != t_hi || (uint32_t)(m >> 32) != t_hi, 0)) {
		sh->tick_t = t;
		stamp(sh->s, sh, (uint8_t *)cyc - sh->off_cyc, 0);
		return;
	}
	sw = m_lo - t_lo;
	sum = (uint32_t)sh->sw_ticks + sw;
	whi = (uint32_t)(RVPMU_SAMPLER_WIN_COUNTED >> 32);
	if (__builtin_expect(sum < sw || sum > sh->lost32, 0) &&
	    (uint64_t)sh->sw_ticks + sw > sh->lost_ticks)
		whi |= (uint32_t)(RVPMU_SAMPLER_WIN_LOST >> 32);
	win = (volatile uint32_t *)((uint8_t *)mt + sh->stride);
	mt[0] = st_lo;
	mt[1] = st_hi;
	win[0] = t_lo - st_lo;
	win[1] = whi;
	sh->mt_start = m;
	sh->sw_ticks = sw;
}
#else
static inline __attribute__((always_inline)) void stamp_q(struct rvpmu_sampler_hart *sh,
							  volatile uint64_t *cyc, uint64_t t)
{
	uint64_t m = hart_time(sh->s, sh), sw = m - t, st = sh->mt_start, len = t - st, w;
	/* mtime[] and window[] follow cycles[], nr_harts entries apart */
	volatile uint64_t *mt = (volatile uint64_t *)((uint8_t *)cyc + sh->stride);

	w = len | sh->counted;
	if (__builtin_expect(len >> RVPMU_SAMPLER_WIN_LEN_BITS, 0))
		w = (t > st ? RVPMU_SAMPLER_WIN_LEN_MAX : 0) | RVPMU_SAMPLER_WIN_COUNTED;
	if (__builtin_expect(sh->sw_ticks + sw > sh->lost_ticks, 0))
		w |= RVPMU_SAMPLER_WIN_LOST;
	*mt = st;
	*(volatile uint64_t *)((uint8_t *)mt + sh->stride) = w;
	sh->mt_start = m;
	sh->sw_ticks = sw;
}
#endif

/*
 * On a hart whose RV32 high halves lose the low half's borrow (core/pmu.h,
 * hi_no_borrow), each clock-like counter of a window that crossed a
 * multiple of 2^32 clock ticks reads 2^32 too much. The window's counters
 * ran from at most max_gap before its start (their load, timed) to before
 * next (their reads): it may have crossed one if next's high word is not
 * its start's, or its start's low word is below max_gap (sh->cross_low).
 * The test: a few instructions a window on RV32, none on RV64. Where
 * instret counts on a clock of its own (hw ops' instret_own_clock), its
 * crossings do not show in mcycle: cross_low is then UINT32_MAX and every
 * window is corrected, at no cost to a hart without that property.
 */
static inline bool may_cross(const struct rvpmu_sampler_hart *sh, uint64_t next)
{
#if RVPMU_XLEN == 32
	return __builtin_expect((uint32_t)(next >> 32) != (uint32_t)(sh->cyc0 >> 32) ||
				(uint32_t)sh->cyc0 < sh->cross_low, 0);
#else
	(void)sh;
	(void)next;
	return false;
#endif
}

/* ... and then, out of line: in a window under 2^31 ticks no counter
   counts 2^32 (none counts more than once a tick there), so a count that
   high is one of those and loses 2^32. */
static __attribute__((noinline)) void unborrow(const struct rvpmu_sampler_hart *sh,
					       uint8_t *dst, const uint32_t *off, unsigned long n)
{
	if (!sh->pmu->hi_no_borrow || sh->grp.end - sh->cyc0 >= UINT64_C(1) << 31)
		return;
	for (unsigned long j = 0; j < n; j++) {
		volatile uint64_t *v = (volatile uint64_t *)(dst + off[j]);

		if (*v >> 32 == 1)
			*v -= UINT64_C(1) << 32;
	}
}

/* may_cross for the window that began at mcycle old (sh->cyc0 already
   the next one's), and unborrow for it where M-mode stores directly: the
   subsample just written (sh->q is past it) of group sh->prev_gr. */
static inline bool may_cross_from(const struct rvpmu_sampler_hart *sh, uint64_t old,
				  uint64_t next)
{
#if RVPMU_XLEN == 32
	return __builtin_expect((uint32_t)(next >> 32) != (uint32_t)(old >> 32) ||
				(uint32_t)old < sh->cross_low, 0);
#else
	(void)sh;
	(void)old;
	(void)next;
	return false;
#endif
}

#if RVPMU_XLEN == 32
static __attribute__((noinline)) void unborrow_last(struct rvpmu_sampler_hart *sh, uint64_t old)
{
	const struct rvpmu_sampler_group *gr = sh->prev_gr;
	uint8_t *dst = sh->q - sh->s->subsample_size + sh->off_cnt;

	if (!sh->pmu->hi_no_borrow || sh->grp.end - old >= UINT64_C(1) << 31)
		return;
	for (unsigned long j = 0; j < gr->spec.nhpm; j++) {
		volatile uint64_t *v = (volatile uint64_t *)(dst + gr->soff[j]);

		if (*v >> 32 == 1)
			*v -= UINT64_C(1) << 32;
	}
}
#else
static inline void unborrow_last(struct rvpmu_sampler_hart *sh, uint64_t old)
{
	(void)sh;
	(void)old;
}
#endif

/* Slot offsets of v[] when M-mode cannot store into the buffer. */
static const uint32_t ident[RVPMU_SAMPLER_NR_PMU_MAX] = {
	0, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120, 128, 136, 144,
	152, 160, 168, 176, 184, 192, 200, 208, 216, 224,
};

/* CID1 and CID2 of this hart through mem (no direct store or read). */
static __attribute__((noinline)) void put_cids(struct rvpmu_sampler *s,
					       struct rvpmu_sampler_hart *sh, uint64_t base,
					       uint32_t cid1)
{
	const struct rvpmu_sampler_platform *p = s->plat;
	uint32_t cid2 = 0;

	if (sh->cid2_pa)
		p->mem->read(p->ctx, sh->cid2_pa, &cid2, 4);
	sampler_put(s, base + sh->off_cid1, &cid1, 4);
	sampler_put(s, base + sh->off_cid2, &cid2, 4);
}

/* CID1 and CID2 of this hart now, for the subsample at base (q: M-mode's
   view of it). */
static inline __attribute__((always_inline)) void write_cids(struct rvpmu_sampler *s,
							     struct rvpmu_sampler_hart *sh,
							     uint8_t *q, uint64_t base)
{
	uint32_t cid1 = rvpmu_hw_asid(sh->pmu);

	if (q) {	/* then CID2 is reached directly too (sh->cid2, a
			   zero word when there is none) */
		/* naturally aligned slots */
		*(volatile uint32_t *)(q + sh->off_cid1) = cid1;
		*(volatile uint32_t *)(q + sh->off_cid2) = *sh->cid2;
	} else {
		put_cids(s, sh, base, cid1);
	}
}

/* Without a direct store: the counts (v[j] to the slot soff[j] past the
   first) and the cycles through mem->write. Padding slots stay 0. */
static __attribute__((noinline)) void put_counts(struct rvpmu_sampler *s,
						 struct rvpmu_sampler_hart *sh, uint64_t base,
						 const uint64_t *v,
						 const struct rvpmu_sampler_group *gr,
						 uint64_t cycles)
{
	uint64_t pa = base + sh->off_cnt;

	for (uint32_t j = 0; j < gr->n; j++)
		sampler_put(s, pa + gr->soff[j], &v[j], 8);
	sampler_put(s, base + sh->off_cyc, &cycles, 8);
}

/*
 * A switch (its reads, its loads) that takes longer than this many mcycle
 * counts was interrupted and is done again (core/group.c): a 64th of a
 * window, measured as mcycle against mtime since hart_start, and at least
 * MIN_GAP (never less than a switch takes uninterrupted).
 */
#define GAP_FRACTION	64
#define MIN_GAP		4096
static uint64_t max_gap(const struct rvpmu_sampler *s, const struct rvpmu_sampler_hart *sh,
			uint64_t t)
{
	uint64_t dt = t - sh->cal_t, dc = rvpmu_read_cycles(sh->pmu) - sh->cal_c, gap;

	if (!dt || dc > UINT64_MAX / s->period_ticks)
		return UINT64_MAX;
	gap = dc * s->period_ticks / dt / GAP_FRACTION;
	return gap < MIN_GAP ? MIN_GAP : gap;
}

/*
 * The late policy, at t (a tick's time, or the first tick's): the window
 * to open now ends at sh->deadline. If that slot has already ended (t at
 * or past it), the subsamples to pass: every slot that ended by t, at
 * most the run's remaining ones (left: the subsamples of the run still to
 * write, this one included; passing them all ends this hart's part).
 * sh->deadline moves past the passed slots.
 */
static __attribute__((noinline)) uint64_t slots_to_pass(struct rvpmu_sampler *s,
							struct rvpmu_sampler_hart *sh, uint64_t t,
							uint64_t left)
{
	uint64_t P = s->period_ticks, n;

	if (t < sh->deadline || !left)
		return 0;
	n = (t - sh->deadline) / P + 1;
	if (n > left)
		n = left;
	sh->deadline += n * P;
	stats_begin(sh);
	sh->passed += n;
	stats_end(sh);
	return n;
}

/* Subsamples of the run still to write, the one at sh->gr included. */
static uint64_t subsamples_left(const struct rvpmu_sampler *s, const struct rvpmu_sampler_hart *sh)
{
	uint64_t done = sampler_position(s, sh);
	uint64_t all;

	if (s->limit == UINT64_MAX)
		return UINT64_MAX;
	all = s->limit * s->nsub;
	return all > done ? all - done : 0;
}

static unsigned long end_subsample(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh,
				   bool end_sample);
static uint64_t end_part(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh,
			 unsigned long reason);

/*
 * n subsamples passed, from the one at sh->gr: nothing written (their
 * slots keep what the buffer held), a sample's or a buffer's end kept as
 * for any subsample. The reason this hart's part ends (0: it goes on,
 * sh->gr then the group of the window to open).
 */
static __attribute__((noinline)) uint32_t pass_slots(struct rvpmu_sampler *s,
						     struct rvpmu_sampler_hart *sh, uint64_t n)
{
	while (n--) {
		const struct rvpmu_sampler_group *g = sh->gr;
		uint32_t reason;

		if (sh->q)
			sh->q += s->subsample_size;
		else
			sh->addr += s->subsample_size;
		sh->gr = g->next;
		reason = end_subsample(s, sh, g->last);
		if (reason)
			return reason;
	}
	return 0;
}

/* A new worst lateness (out of line: rare once a run settles). */
static __attribute__((noinline)) void new_skew(struct rvpmu_sampler_hart *sh, uint64_t late)
{
	stats_begin(sh);
	sh->max_skew = late;
	stats_end(sh);
	sampler_fast_lim(sh);
}

/* Once, at a hart's first window: how long a switch may take (max_gap)
   and which RV32 windows may have crossed 2^32 ticks. */
static void calibrate(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh, uint64_t t)
{
	sh->calibrated = true;
	sh->grp.max_gap = max_gap(s, sh, t);
	sh->cross_low = (uint32_t)sh->grp.max_gap;
	if (RVPMU_XLEN == 32 && sh->pmu->hi_no_borrow && rvpmu_instret_own_clock(sh->pmu))
		sh->cross_low = UINT32_MAX;
}

/*
 * A tick with no window open: the first one, or the first after the hart
 * rejoined (pause.c). Until START has chosen t0, look again later; before
 * the slot of the subsample the hart is at, wait for it; in it (late here
 * skews the window too) the hart opens that subsample's group, passing
 * slots that already ended (the late policy). Opened now, not at START: a
 * counter counts from its load where inhibiting does not freeze it
 * (QEMU's cycles and instret).
 */
static __attribute__((noinline)) uint64_t begin(struct rvpmu_sampler *s,
						struct rvpmu_sampler_hart *sh, uint64_t t)
{
	const struct rvpmu_sampler_group *gr;
	uint64_t start, n;
	uint32_t reason;

	if (!__atomic_load_n(&s->t0_set, __ATOMIC_ACQUIRE))
		return sh->deadline = t + sampler_retry_ticks(s);
	start = s->t0 + sampler_position(s, sh) * s->period_ticks;
	if (t < start)
		return sh->deadline = start;
	/* the run's first window's lateness is skew; a rejoin's is not (it
	   opens within its slot on purpose) */
	if (!sh->calibrated) {
		if (start == s->t0 && t - start > sh->max_skew)
			new_skew(sh, t - start);
		calibrate(s, sh, t);
	}
	sh->begun = true;
	sh->deadline = start + s->period_ticks;
	/* begun so late that the slot already ended: the late policy */
	if (__builtin_expect(t >= sh->deadline, 0)) {
		n = slots_to_pass(s, sh, t, subsamples_left(s, sh));
		reason = n ? pass_slots(s, sh, n) : 0;
		if (reason)
			return end_part(s, sh, reason);
	}
	gr = sh->gr;
	sh->cyc0 = rvpmu_group_open(sh->pmu, &sh->grp, &sh->ctr[gr->first], &gr->spec);
	sh->mt_start = sampler_now(s);
	sh->sw_ticks = (unsigned long)(sh->mt_start - t);
	return sh->deadline;
}

uint64_t rvpmu_sampler_begin(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh, uint64_t t)
{
	return begin(s, sh, t);
}

/* This hart's last sample in its buffer is written: the next fill opens
   in the next buffer and this hart is through the one it leaves, unless
   the run ends for reason, or there is none free (FULL). The reason to
   stop, 0 when the run goes on. */
static __attribute__((noinline)) unsigned long next_buffer(struct rvpmu_sampler *s,
							   struct rvpmu_sampler_hart *sh,
							   unsigned long reason)
{
	uint32_t b = sh->buf, nb = b + 1 == s->nr_bufs ? 0 : b + 1;

	if (!reason && !rvpmu_sampler_open_fill(s, sh->fill + 1, nb))
		reason = RVPMU_SAMPLER_STOP_FULL;
	/* a run that ends here ends in this fill: it goes from FILLING to
	   LAST (end_run), never through FULL, which S-mode could release
	   before LAST is written */
	if (reason)
		return reason;
	rvpmu_sampler_drop(s, b, true);
	sh->fill++;
	sh->buf = nb;
	sh->in_buf = 0;
	sh->addr = rvpmu_sampler_buf_data(s, nb);
	sh->q = sampler_reach(s, sh->addr);
	return 0;
}

static __attribute__((noinline)) uint64_t end_part(struct rvpmu_sampler *s,
						   struct rvpmu_sampler_hart *sh, unsigned long reason)
{
	finish(s, sh, reason, true);
	return UINT64_MAX;
}

/*
 * A subsample is written (end_sample: the last of its sample) or a STOP
 * was found: the sample's bookkeeping; the reason this hart's part of the
 * run ends (the last sample, the buffers full, STOP), or 0.
 */
static unsigned long end_subsample(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh,
				   bool end_sample)
{
	/* unsigned long: no narrowing on the switch's path */
	unsigned long reason = 0;

	/* STOP publishes nothing else: a relaxed load */
	if (__atomic_load_n(&s->stop_req, __ATOMIC_RELAXED))
		reason = RVPMU_SAMPLER_STOP_REQUESTED;
	else if (end_sample && sh->samples + 1 >= s->limit)
		reason = RVPMU_SAMPLER_STOP_DONE;
	if (end_sample) {
		stats_begin(sh);
		sh->samples++;
		stats_end(sh);
		if (++sh->in_buf == s->cap[sh->buf])
			reason = next_buffer(s, sh, reason);
	}
	return reason;
}

uint32_t rvpmu_sampler_end_subsample(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh,
				     bool end_sample)
{
	return end_subsample(s, sh, end_sample);
}

/*
 * The last subsample of a sample, just written (sh->q or sh->addr is
 * past it): its null-event slots (the last group has fewer events than
 * nr_pmu) get their count, 0; nothing zeroes them otherwise.
 */
static __attribute__((noinline)) void pad_last(struct rvpmu_sampler *s,
					       struct rvpmu_sampler_hart *sh)
{
	uint32_t j = s->nr_pmu - s->pad;

	for (; j < s->nr_pmu; j++) {
		uint32_t off = sh->off_cnt + 8 * s->nr_data * j;

		if (sh->q)
			*(volatile uint64_t *)(sh->q - s->subsample_size + off) = 0;
		else
			sampler_put(s, sh->addr - s->subsample_size + off, &(uint64_t){ 0 }, 8);
	}
}

void rvpmu_sampler_pad_last(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh)
{
	if (s->pad)
		pad_last(s, sh);
}

/*
 * After the switch that ended a sample (end_sample) or found a STOP:
 * end_subsample, and this hart's part ends if it says so (the group the
 * switch started is stopped with the rest). The next deadline, or none.
 */
static inline __attribute__((always_inline)) uint64_t tick_end(struct rvpmu_sampler *s,
							       struct rvpmu_sampler_hart *sh,
							       bool end_sample)
{
	unsigned long reason;

	if (end_sample && __builtin_expect(s->pad != 0, 0))
		pad_last(s, sh);
	reason = end_subsample(s, sh, end_sample);

	return reason ? end_part(s, sh, reason) : sh->deadline;
}

/*
 * A tick late by a period or more (counted late), closing group gr's
 * window: the subsamples the late policy passes (sh->pass, from
 * sh->pass_gr: the slots that ended) and the group of the window to open,
 * which the switch then loads.
 */
static __attribute__((noinline)) const struct rvpmu_sampler_group *
late_open(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh, uint64_t t,
	  const struct rvpmu_sampler_group *gr)
{
	const struct rvpmu_sampler_group *open = gr->next;
	/* sh->gr is still gr: the run's subsamples after the closing one */
	uint64_t left = subsamples_left(s, sh);
	uint64_t n;

	stats_begin(sh);
	sh->late++;
	stats_end(sh);
	n = slots_to_pass(s, sh, t, left ? left - 1 : 0);
	sh->pass = n;
	sh->pass_gr = open;
	while (n--)
		open = open->next;
	return open;
}

/* ... and after the switch: the closed subsample's bookkeeping, then the
   passed ones. The next deadline, or none. */
static __attribute__((noinline)) uint64_t tick_passed(struct rvpmu_sampler *s,
						      struct rvpmu_sampler_hart *sh, bool last)
{
	uint32_t reason;
	uint64_t n = sh->pass;

	if (last && s->pad)
		pad_last(s, sh);
	reason = end_subsample(s, sh, last);

	sh->pass = 0;
	if (!reason) {
		sh->gr = sh->pass_gr;
		reason = pass_slots(s, sh, n);
	}
	return reason ? end_part(s, sh, reason) : sh->deadline;
}

/* The switch where M-mode cannot store into the buffer: the counts come
   back in v and go out through mem->write (out of line). */
static __attribute__((noinline)) uint64_t switch_put(struct rvpmu_sampler *s,
						     struct rvpmu_sampler_hart *sh,
						     const struct rvpmu_sampler_group *gr,
						     const struct rvpmu_sampler_group *next)
{
	uint64_t v[RVPMU_SAMPLER_NR_PMU_MAX], c, base = sh->addr;

	c = rvpmu_group_switch(sh->pmu, &sh->grp, (uint8_t *)v, ident, &sh->ctr[next->first],
			       &next->spec);
	if (may_cross(sh, c))
		unborrow(sh, (uint8_t *)v, ident, gr->spec.nhpm);
	put_counts(s, sh, base, v, gr, sh->grp.end - sh->cyc0);
	stamp(s, sh, 0, base);
	sh->addr = base + s->subsample_size;
	return c;
}

/*
 * A switch in any case: the first tick, a late one, a new worst skew,
 * a buffer M-mode reaches only through mem->write. The common one is
 * rvpmu_sampler_tick's own (below), which comes here for the others.
 */
static __attribute__((noinline)) uint64_t tick_any(struct rvpmu_sampler *s,
						   struct rvpmu_sampler_hart *sh, uint64_t t)
{
	/* the timer comes at the deadline or after: an early call (never
	   from the firmware) counts as on time, in the rare paths below */
	uint64_t late = t - sh->deadline, c;
	const struct rvpmu_sampler_group *gr = sh->gr, *next = gr->next;
	uint8_t *q = sh->q;
	/* the rare ends, tested once after the switch: bit 0 the sample's
	   last subsample, bit 1 the late policy's passes */
	unsigned int slow = gr->last;

	/* begun implies running: one test for both */
	if (__builtin_expect(!sh->begun, 0))
		return sh->running ? begin(s, sh, t) : UINT64_MAX;
	if (__builtin_expect(late > sh->max_skew, 0) && (int64_t)late > 0)
		new_skew(sh, late);
	write_cids(s, sh, q, sh->addr);
	/* what does not need the switch's answer first: fewer values live
	   across the call */
	sh->deadline += s->period_ticks;
	/* late by a period: the slot to open has ended (late policy) */
	if (__builtin_expect(late >= s->period_ticks, 0) && (int64_t)late > 0) {
		next = late_open(s, sh, t, gr);
		slow |= sh->pass ? 2 : 0;
	}
	sh->gr = next;
	if (q) {
		volatile uint64_t *cyc = (volatile uint64_t *)(q + sh->off_cyc);

		sh->q = q + s->subsample_size;
		c = rvpmu_group_switch(sh->pmu, &sh->grp, q + sh->off_cnt, gr->soff,
				       &sh->ctr[next->first], &next->spec);
		if (may_cross(sh, c))
			unborrow(sh, q + sh->off_cnt, gr->soff, gr->spec.nhpm);
		*cyc = sh->grp.end - sh->cyc0;
		stamp_q(sh, cyc, t);
	} else {
		sh->tick_t = t;		/* for stamp, past the switch */
		c = switch_put(s, sh, gr, next);
	}
	sh->cyc0 = c;
	if (__builtin_expect(slow > 1, 0))
		return tick_passed(s, sh, slow & 1);
	if (slow || __atomic_load_n(&s->stop_req, __ATOMIC_RELAXED))
		return tick_end(s, sh, slow);
	return sh->deadline;
}

/*
 * One switch: this hart's CIDs, then the window closes and the next opens
 * in one core call, the counts stored straight into their slots (M-mode
 * reaches the buffer: q), then the cycles and the stamp; the rare end of
 * a sample or of the run, out of line. Anything else (the first tick, a
 * late one, a new worst skew, no direct store) goes to tick_any before
 * any work, so nothing here but the switch is a call: few registers live
 * across it.
 */
uint64_t rvpmu_sampler_tick(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh,
			    uint64_t t)
{
	uint64_t late = t - sh->deadline, c;
	const struct rvpmu_sampler_group *gr = sh->gr, *next;
	uint8_t *q = sh->q;
	volatile uint64_t *cyc;
	bool last;

	/* late past fast_lim: a new worst skew, or a period late (the late
	   policy); an early call (never from the firmware) wraps: tick_any */
	if (__builtin_expect(!sh->begun || !q || late > sh->fast_lim, 0))
		return tick_any(s, sh, t);
	next = gr->next;
	last = gr->last;
	*(volatile uint32_t *)(q + sh->off_cid1) = rvpmu_hw_asid(sh->pmu);
	/* a plain load: each tick is a new call, so it is read each time
	   (a volatile one cost a needless sign extension) */
	*(volatile uint32_t *)(q + sh->off_cid2) = *(const uint32_t *)sh->cid2;
	sh->deadline += s->period_ticks;
	sh->gr = next;
	sh->q = q + s->subsample_size;
#if RVPMU_XLEN == 32
	sh->prev_gr = gr;	/* for unborrow_last: nothing kept across */
#endif
	cyc = (volatile uint64_t *)(q + sh->off_cyc);
	c = rvpmu_group_switch(sh->pmu, &sh->grp, q + sh->off_cnt, gr->soff,
			       &sh->ctr[next->first], &next->spec);
	{
		uint64_t old = sh->cyc0;

		*cyc = sh->grp.end - old;
		sh->cyc0 = c;	/* now: c is not kept across any call */
		if (may_cross_from(sh, old, c))
			unborrow_last(sh, old);
	}
	stamp_q(sh, cyc, t);
	/* a STOP is seen at a sample's end here (end_subsample), and at
	   once where the firmware runs hart_stop, as both firmwares do */
	if (last)
		return tick_end(sh->s, sh, last);
	return sh->deadline;
}

/*
 * Close this hart's open window now, outside a tick (a pause): counts,
 * cycles and the stamp written as a switch writes them, COUNTED and
 * short; the group stopped, nothing opened. sh->gr moves past it.
 */
void rvpmu_sampler_close_window(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh)
{
	const struct rvpmu_sampler_group *gr = sh->gr;
	uint64_t v[RVPMU_SAMPLER_NR_PMU_MAX], base = sh->addr, c;
	uint8_t *q = sh->q;

	sh->tick_t = sampler_now(s);
	write_cids(s, sh, q, base);
	c = rvpmu_group_close(sh->pmu, &sh->grp, q ? q + sh->off_cnt : (uint8_t *)v,
			      q ? gr->soff : ident);
	if (may_cross(sh, c))
		unborrow(sh, q ? q + sh->off_cnt : (uint8_t *)v, q ? gr->soff : ident,
			 gr->spec.nhpm);
	if (q) {
		*(volatile uint64_t *)(q + sh->off_cyc) = c - sh->cyc0;
		stamp(s, sh, q, 0);
		sh->q = q + s->subsample_size;
	} else {
		put_counts(s, sh, base, v, gr, c - sh->cyc0);
		stamp(s, sh, 0, base);
		sh->addr = base + s->subsample_size;
	}
	sh->gr = gr->next;
	sh->begun = false;
}

void rvpmu_sampler_stamp(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh, uint8_t *q,
			 uint64_t base)
{
	stamp(s, sh, q, base);
}

uint64_t rvpmu_sampler_hart_subsamples(const struct rvpmu_sampler *s,
				       const struct rvpmu_sampler_hart *sh)
{
	/* read once each (the hart may be ticking; a tear at a sample's end
	   is off by one sample until the run is DONE, like any statistic) */
	const struct rvpmu_sampler_group *gr = *(const struct rvpmu_sampler_group *volatile *)&sh->gr;

	/* no group: CONFIGURE or RESET forgot the run (samples 0 too) */
	return *(volatile const uint64_t *)&sh->samples * s->nsub +
	       (gr ? (uint64_t)(gr - s->group) : 0);
}

/* ---- ending early */

long rvpmu_sampler_stop(struct rvpmu_sampler *s)
{
	if (rvpmu_sampler_settled(s) != RVPMU_SAMPLER_RUNNING)
		return SBI_ERR_ALREADY_STOPPED;
	__atomic_store_n(&s->stop_req, 1, __ATOMIC_RELEASE);
	return 0;
}

void rvpmu_sampler_hart_stop(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh)
{
	uint32_t none = RVPMU_SAMPLER_STOP_NONE;

	if (sh->running) {
		finish(s, sh, RVPMU_SAMPLER_STOP_REQUESTED, false);
		return;
	}
	/* paused (or paused when its run ended): its counters back, and it
	   no longer holds the run open */
	if (!sh->reserved)
		return;
	let_go(s, sh, false);
	if (!(sh->flags & RVPMU_SAMPLER_HART_PAUSED))
		return;
	__atomic_compare_exchange_n(&s->stop_reason, &none, RVPMU_SAMPLER_STOP_REQUESTED, false,
				    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
	if (rvpmu_sampler_run_change(s, 0, -1))
		rvpmu_sampler_end_run(s);
}

void rvpmu_sampler_finish(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh,
			  uint32_t reason, bool in_tick)
{
	finish(s, sh, reason, in_tick);
}
