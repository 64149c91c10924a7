/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The run: the tick, and how a hart ends its part (START's steps, which
 * set it going: start.c).
 *
 * Subsample k of the run covers the grid slot [t0 + k * P, t0 + (k + 1) *
 * P) on every hart: deadlines are absolute, so a late tick never shifts
 * the ones after it, and subsample k is the same slot on every hart. A
 * tick closes a window and opens the next, due at the next grid point.
 * The late policy: a tick so late that the window it would open has
 * under half a period left passes that subsample (and as many more as it
 * takes): each is written in its place as PASSED (its cycles 0, its
 * window word PASSED), counted, and the window opens on the first slot
 * with at least half a period left. The late window itself is written
 * (longer, which its cycles and mtime show). No window is ever under half
 * a period but for one a hart's own switch made short (then LOST), the
 * grid stays the die's, and a run still ends after nr_sample samples.
 *
 * The tick never divides: positions advance by addition, the buffer and
 * its capacity are looked up by index, slot offsets are precomputed.
 *
 * Buffers are filled in turn ("fills": fill n uses buffer n mod nr_bufs).
 * The first hart to need fill n claims it (s->fills OPENING bit), makes it
 * ready (ring mode: zeroes a reused buffer) and publishes it; every hart
 * waits for that before writing into fill n, so nobody writes into a fill
 * that is still being zeroed. A fill is closed (FULL, nr_samples final) by
 * the last hart still in the run to get through it.
 */
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
	sh->grp.hpm = 0;
	sh->running = false;
	if (!in_tick)
		sampler_ops(s)->set_deadline(sh->hctx, UINT64_MAX);
}

void rvpmu_sampler_hart_abort(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh)
{
	if (sh->running)
		let_go(s, sh, false);
}

/* ---- fills */

static void close_fill(struct rvpmu_sampler *s, uint32_t b)
{
	rvpmu_sampler_header_update(s, b, RVPMU_SAMPLER_BUF_FULL, s->cap[b]);
}

/* Whether fill nf (in buffer b) is open, opening it if nobody has. */
static bool open_fill(struct rvpmu_sampler *s, uint32_t nf, uint32_t b)
{
	for (;;) {
		uint32_t f = __atomic_load_n(&s->fills, __ATOMIC_ACQUIRE);
		uint32_t state;

		if (f & FILLS_NONE_FREE)
			return false;
		if ((f >> FILLS_SHIFT) > nf)
			return true;
		if (f & FILLS_OPENING)
			continue;	/* another hart is making it ready */
		if (!__atomic_compare_exchange_n(&s->fills, &f, f | FILLS_OPENING, false,
						 __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
			continue;
		if (nf >= s->nr_bufs) {
			/* ring mode only, and only once S-mode released it */
			s->plat->mem->read(s->plat->ctx, s->bufs[b].addr +
					   __builtin_offsetof(struct rvpmu_sampler_header, state),
					   &state, 4);
			if (!(s->flags & RVPMU_SAMPLER_F_RING) ||
			    state != RVPMU_SAMPLER_BUF_FREE) {
				__atomic_store_n(&s->fills, f | FILLS_NONE_FREE, __ATOMIC_RELEASE);
				return false;
			}
			s->lap[b]++;
			rvpmu_sampler_zero(s, rvpmu_sampler_buf_data(s, b),
					   s->bufs[b].size - s->header_size);
		}
		s->first[b] = s->next_first;
		s->next_first += s->cap[b];
		s->done[b] = 0;
		s->last_buf = b;
		/* the whole header: S-mode may have written any of it */
		rvpmu_sampler_write_header(s, b, RVPMU_SAMPLER_BUF_FILLING, 0);
		__atomic_store_n(&s->fills, (nf + 1) << FILLS_SHIFT, __ATOMIC_RELEASE);
		return true;
	}
}

/* This hart is through fill b: the last one still in the run closes it. */
static void through_fill(struct rvpmu_sampler *s, uint32_t b)
{
	uint32_t d = __atomic_add_fetch(&s->done[b], 1, __ATOMIC_SEQ_CST);

	if (d >= __atomic_load_n(&s->active, __ATOMIC_SEQ_CST))
		close_fill(s, b);
}

/*
 * The last hart out: every buffer still FILLING gets its final count of
 * complete samples (a run that stops early may leave two: a fast hart can
 * be a fill ahead of a slow one), the newest as LAST; the run is DONE.
 */
static void end_run(struct rvpmu_sampler *s)
{
	uint32_t none = RVPMU_SAMPLER_STOP_NONE, b, state;
	uint64_t total = rvpmu_sampler_samples(s), n;

	__atomic_compare_exchange_n(&s->stop_reason, &none, RVPMU_SAMPLER_STOP_NO_HARTS,
				    false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
	for (b = 0; b < s->nr_bufs; b++) {
		s->plat->mem->read(s->plat->ctx, s->bufs[b].addr +
				   __builtin_offsetof(struct rvpmu_sampler_header, state),
				   &state, 4);
		if (b != s->last_buf && state != RVPMU_SAMPLER_BUF_FILLING)
			continue;
		n = total > s->first[b] ? total - s->first[b] : 0;
		if (n > s->cap[b])
			n = s->cap[b];
		rvpmu_sampler_header_update(s, b, b == s->last_buf ? RVPMU_SAMPLER_BUF_LAST
								   : RVPMU_SAMPLER_BUF_FULL,
					    (uint32_t)n);
	}
	__atomic_store_n(&s->state, RVPMU_SAMPLER_DONE, __ATOMIC_RELEASE);
}

bool rvpmu_sampler_unhold(struct rvpmu_sampler *s)
{
	/* no hart has gone through a fill before t0: none to close */
	__atomic_sub_fetch(&s->active, 1, __ATOMIC_SEQ_CST);
	if (__atomic_sub_fetch(&s->running, 1, __ATOMIC_SEQ_CST))
		return true;
	end_run(s);
	return false;
}

/* This hart's part of the run ends, for reason. */
static void finish(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh, uint32_t reason,
		   bool in_tick)
{
	uint32_t none = RVPMU_SAMPLER_STOP_NONE;

	let_go(s, sh, in_tick);
	__atomic_compare_exchange_n(&s->stop_reason, &none, reason, false,
				    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
	if (__atomic_sub_fetch(&s->running, 1, __ATOMIC_SEQ_CST) == 0)
		end_run(s);
}

/* ---- the tick */

/*
 * RVPMU_SAMPLER_F_MTIME, after a switch at tick time sh->tick_t (read
 * before the switch read the closing window's counters and mcycle): the
 * closing window's start stamp, and with RVPMU_SAMPLER_F_WINDOW its window
 * word, to slot q (M-mode's view of the subsample) or through mem->write
 * at base; then the next window's start, now (right after the switch
 * loaded its counters and read mcycle). A window's cycles run between two
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
	w[1] = len > RVPMU_SAMPLER_WIN_LEN_MAX ? RVPMU_SAMPLER_WIN_LEN_MAX : len;
	if (sh->sw_ticks + sw > s->lost_ticks)
		w[1] |= RVPMU_SAMPLER_WIN_LOST;
	if (q) {
		*(volatile uint64_t *)(q + sh->off_mt) = w[0];
		if (sh->off_win)
			*(volatile uint64_t *)(q + sh->off_win) = w[1];
	} else {
		sampler_put(s, base + sh->off_mt, &w[0], 8);
		if (sh->off_win)
			sampler_put(s, base + sh->off_win, &w[1], 8);
	}
	sh->mt_start = m;
	sh->sw_ticks = sw;
}

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

	if (q) {	/* then CID2 is reached directly too (sh->cid2) */
		/* naturally aligned slots */
		*(volatile uint32_t *)(q + sh->off_cid1) = cid1;
		*(volatile uint32_t *)(q + sh->off_cid2) = sh->cid2 ? *sh->cid2 : 0;
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
 * to open now is due at sh->deadline. Under half a period (rounded up)
 * from t, the subsamples to pass: those whose slots end before t plus
 * that half, at most the run's remaining ones (left: the subsamples of
 * the run still to write, this one included; passing them all ends this
 * hart's part). sh->deadline moves past the passed slots.
 */
static __attribute__((noinline)) uint64_t slots_to_pass(struct rvpmu_sampler *s,
							struct rvpmu_sampler_hart *sh, uint64_t t,
							uint64_t left)
{
	uint64_t P = s->period_ticks, want = t + (P - s->half_ticks), n;

	if (sh->deadline >= want || !left)
		return 0;
	n = (want - sh->deadline + P - 1) / P;
	if (n > left)
		n = left;
	sh->deadline += n * P;
	sh->skipped += n;
	return n;
}

/* Subsamples of the run still to write, the one at sh->gr included. */
static uint64_t subsamples_left(const struct rvpmu_sampler *s, const struct rvpmu_sampler_hart *sh)
{
	uint64_t done = sh->samples * s->nsub + (uint64_t)(sh->gr - s->group);
	uint64_t all = (uint64_t)s->nr_sample * s->nsub;

	return all > done ? all - done : 0;
}

/* One 8-byte slot of this hart's current subsample. */
static void put_slot(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh, uint32_t off,
		     uint64_t v)
{
	if (sh->q)
		*(volatile uint64_t *)(sh->q + off) = v;
	else
		sampler_put(s, sh->addr + off, &v, 8);
}

static uint32_t end_subsample(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh,
			      bool end_sample);
static uint64_t end_part(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh,
			 uint32_t reason);

/*
 * n subsamples passed at t, from the one at sh->gr: each written in its
 * place (CIDs now, its group's counts and cycles 0, mtime t, window word
 * PASSED), a sample's or a buffer's end kept as for any subsample. The
 * reason this hart's part ends (0: it goes on, sh->gr then the group of
 * the window to open).
 */
static __attribute__((noinline)) uint32_t pass_slots(struct rvpmu_sampler *s,
						     struct rvpmu_sampler_hart *sh,
						     uint64_t n, uint64_t t)
{
	while (n--) {
		const struct rvpmu_sampler_group *g = sh->gr;
		uint32_t reason;

		write_cids(s, sh, sh->q, sh->addr);
		for (uint32_t j = 0; j < g->n; j++)
			put_slot(s, sh, sh->off_cnt + g->soff[j], 0);
		put_slot(s, sh, sh->off_cyc, 0);
		if (sh->off_mt)
			put_slot(s, sh, sh->off_mt, t);
		if (sh->off_win)
			put_slot(s, sh, sh->off_win, RVPMU_SAMPLER_WIN_PASSED);
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

/*
 * The first tick: until START has chosen t0, look again later; before t0,
 * wait for it; at t0 (late here skews the window too) the hart opens
 * group 0. Opened now, not at START: a counter counts from its load where
 * inhibiting does not freeze it (QEMU's cycles and instret).
 */
static __attribute__((noinline)) uint64_t begin(struct rvpmu_sampler *s,
						struct rvpmu_sampler_hart *sh, uint64_t t)
{
	const struct rvpmu_sampler_group *gr;
	uint64_t t0, n;
	uint32_t reason;

	if (!__atomic_load_n(&s->t0_set, __ATOMIC_ACQUIRE))
		return sh->deadline = t + sampler_retry_ticks(s);
	t0 = s->t0;
	if (t < t0)
		return sh->deadline = t0;
	if (t - t0 > sh->max_skew)
		sh->max_skew = t - t0;
	sh->begun = true;
	sh->grp.max_gap = max_gap(s, sh, t);
	sh->cross_low = (uint32_t)sh->grp.max_gap;
	if (RVPMU_XLEN == 32 && sh->pmu->hi_no_borrow && rvpmu_instret_own_clock(sh->pmu))
		sh->cross_low = UINT32_MAX;
	sh->deadline = t0 + s->period_ticks;
	/* begun so late that subsample 0 would be short: the late policy */
	if (__builtin_expect(t - t0 > s->half_ticks, 0)) {
		n = slots_to_pass(s, sh, t, subsamples_left(s, sh));
		reason = n ? pass_slots(s, sh, n, t) : 0;
		if (reason)
			return end_part(s, sh, reason);
	}
	gr = sh->gr;
	sh->cyc0 = rvpmu_group_open(sh->pmu, &sh->grp, &sh->ctr[gr->first], &gr->spec);
	if (sh->off_mt) {
		sh->mt_start = sampler_now(s);
		sh->sw_ticks = sh->mt_start - t;
	}
	return sh->deadline;
}

/* This hart's last sample in its buffer is written: the next fill opens
   in the next buffer and this hart is through the one it leaves, unless
   the run ends for reason, or there is none free (FULL). The reason to
   stop, 0 when the run goes on. */
static __attribute__((noinline)) uint32_t next_buffer(struct rvpmu_sampler *s,
						      struct rvpmu_sampler_hart *sh,
						      uint32_t reason)
{
	uint32_t b = sh->buf, nb = b + 1 == s->nr_bufs ? 0 : b + 1;

	if (!reason && !open_fill(s, sh->fill + 1, nb))
		reason = RVPMU_SAMPLER_STOP_FULL;
	/* a run that ends here ends in this fill: it goes from FILLING to
	   LAST (end_run), never through FULL, which S-mode could release
	   before LAST is written */
	if (reason)
		return reason;
	through_fill(s, b);
	sh->fill++;
	sh->buf = nb;
	sh->in_buf = 0;
	sh->addr = rvpmu_sampler_buf_data(s, nb);
	sh->q = sampler_reach(s, sh->addr);
	return 0;
}

static __attribute__((noinline)) uint64_t end_part(struct rvpmu_sampler *s,
						   struct rvpmu_sampler_hart *sh, uint32_t reason)
{
	finish(s, sh, reason, true);
	return UINT64_MAX;
}

/*
 * A subsample is written (end_sample: the last of its sample) or a STOP
 * was found: the sample's bookkeeping; the reason this hart's part of the
 * run ends (the last sample, the buffers full, STOP), or 0.
 */
static uint32_t end_subsample(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh,
			      bool end_sample)
{
	uint32_t reason = 0;

	if (__atomic_load_n(&s->stop_req, __ATOMIC_ACQUIRE))
		reason = RVPMU_SAMPLER_STOP_REQUESTED;
	else if (end_sample && sh->samples + 1 >= s->nr_sample)
		reason = RVPMU_SAMPLER_STOP_DONE;
	if (end_sample) {
		sh->samples++;
		if (++sh->in_buf == s->cap[sh->buf])
			reason = next_buffer(s, sh, reason);
	}
	return reason;
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
	uint32_t reason = end_subsample(s, sh, end_sample);

	return reason ? end_part(s, sh, reason) : sh->deadline;
}

/*
 * A tick late by more than half a period, closing group gr's window:
 * the subsamples the late policy passes (sh->pass, from sh->pass_gr) and
 * the group of the window to open, which the switch then loads.
 */
static __attribute__((noinline)) const struct rvpmu_sampler_group *
late_open(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh, uint64_t t,
	  const struct rvpmu_sampler_group *gr)
{
	const struct rvpmu_sampler_group *open = gr->next;
	/* sh->gr is still gr: the run's subsamples after the closing one */
	uint64_t left = subsamples_left(s, sh);
	uint64_t n = slots_to_pass(s, sh, t, left ? left - 1 : 0);

	sh->pass = n;
	sh->pass_gr = open;
	while (n--)
		open = open->next;
	return open;
}

/* ... and after the switch: the closed subsample's bookkeeping, then the
   passed ones written. The next deadline, or none. */
static __attribute__((noinline)) uint64_t tick_passed(struct rvpmu_sampler *s,
						      struct rvpmu_sampler_hart *sh, bool last)
{
	uint32_t reason = end_subsample(s, sh, last);
	uint64_t n = sh->pass;

	sh->pass = 0;
	if (!reason) {
		sh->gr = sh->pass_gr;
		reason = pass_slots(s, sh, n, sh->tick_t);
	}
	return reason ? end_part(s, sh, reason) : sh->deadline;
}

/*
 * One switch: this hart's CIDs, then the window closes and the next opens
 * in one core call, the counts stored straight into their slots where
 * M-mode reaches the buffer (q), then the cycles; the rare end of a
 * sample or of the run, out of line.
 */
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
	if (sh->off_mt)
		stamp(s, sh, 0, base);
	sh->addr = base + s->subsample_size;
	return c;
}

uint64_t rvpmu_sampler_tick(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh,
			    uint64_t t)
{
	uint64_t late = t > sh->deadline ? t - sh->deadline : 0, c;
	const struct rvpmu_sampler_group *gr = sh->gr, *next = gr->next;
	uint8_t *q = sh->q;
	bool last = gr->last;

	if (!sh->running)
		return UINT64_MAX;
	if (!sh->begun)
		return begin(s, sh, t);
	if (late > sh->max_skew)
		sh->max_skew = late;
	write_cids(s, sh, q, sh->addr);
	/* what does not need the switch's answer first: fewer values live
	   across the call */
	sh->deadline += s->period_ticks;
	sh->tick_t = t;
	/* late by a period (counted) is late by more than half: one test */
	if (__builtin_expect(late > s->half_ticks, 0)) {
		if (late >= s->period_ticks)
			sh->late++;
		next = late_open(s, sh, t, gr);
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
		if (sh->off_mt)
			stamp(s, sh, q, 0);
	} else {
		c = switch_put(s, sh, gr, next);
	}
	sh->cyc0 = c;
	if (__builtin_expect(sh->pass != 0, 0))
		return tick_passed(s, sh, last);
	if (last || __atomic_load_n(&s->stop_req, __ATOMIC_RELAXED))
		return tick_end(s, sh, last);
	return sh->deadline;
}

uint64_t rvpmu_sampler_hart_subsamples(const struct rvpmu_sampler *s,
				       const struct rvpmu_sampler_hart *sh)
{
	/* read once each (the hart may be ticking; a tear at a sample's end
	   is off by one sample until the run is DONE, like any statistic) */
	const struct rvpmu_sampler_group *gr = *(const struct rvpmu_sampler_group *volatile *)&sh->gr;

	return *(volatile const uint64_t *)&sh->samples * s->nsub + (uint64_t)(gr - s->group);
}

/* ---- ending early */

long rvpmu_sampler_stop(struct rvpmu_sampler *s)
{
	if (__atomic_load_n(&s->state, __ATOMIC_ACQUIRE) != RVPMU_SAMPLER_RUNNING)
		return SBI_ERR_ALREADY_STOPPED;
	__atomic_store_n(&s->stop_req, 1, __ATOMIC_RELEASE);
	return 0;
}

void rvpmu_sampler_hart_stop(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh)
{
	if (sh->running)
		finish(s, sh, RVPMU_SAMPLER_STOP_REQUESTED, false);
}

void rvpmu_sampler_hart_leave(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh,
			      bool suspend)
{
	uint32_t a, f, opened, b;

	if (!sh->running)
		return;
	__atomic_or_fetch(&sh->flags, suspend ? RVPMU_SAMPLER_HART_SUSPENDED
					      : RVPMU_SAMPLER_HART_STOPPED, __ATOMIC_SEQ_CST);
	let_go(s, sh, false);
	a = __atomic_sub_fetch(&s->active, 1, __ATOMIC_SEQ_CST);
	/* fills every remaining hart is already through close now */
	opened = __atomic_load_n(&s->fills, __ATOMIC_SEQ_CST) >> FILLS_SHIFT;
	for (f = sh->fill, b = sh->buf; a && f < opened; f++) {
		if (__atomic_load_n(&s->done[b], __ATOMIC_SEQ_CST) >= a)
			close_fill(s, b);
		b = b + 1 == s->nr_bufs ? 0 : b + 1;
	}
	if (__atomic_sub_fetch(&s->running, 1, __ATOMIC_SEQ_CST) == 0)
		end_run(s);
}
