/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The fills of a run (engine.c says how they go) and the run's count of
 * harts: opening a fill, closing it exactly once, a hart getting through
 * it or giving up its place, and the run's end.
 */
#include "internal.h"


uint32_t rvpmu_sampler_lock(struct rvpmu_sampler *s)
{
	for (;;) {
		uint32_t f = __atomic_load_n(&s->fills, __ATOMIC_ACQUIRE);

		if (!(f & FILLS_LOCK) &&
		    __atomic_compare_exchange_n(&s->fills, &f, f | FILLS_LOCK, false,
						__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
			return f;
		sampler_relax(s);
	}
}

void rvpmu_sampler_unlock(struct rvpmu_sampler *s)
{
	__atomic_and_fetch(&s->fills, ~FILLS_LOCK, __ATOMIC_RELEASE);
}

/* Close buffer b's fill: state (FULL or LAST) with n samples, written
   once: only from FILLING, by compare-and-swap. */
void rvpmu_sampler_close(struct rvpmu_sampler *s, uint32_t b, uint32_t state, uint32_t n)
{
	uint32_t filling = RVPMU_SAMPLER_BUF_FILLING;

	if (!__atomic_compare_exchange_n(&s->bstate[b], &filling, BS_CLOSING, false,
					 __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
		return;
	rvpmu_sampler_header_update(s, b, state, n);
	__atomic_store_n(&s->bstate[b], state, __ATOMIC_RELEASE);
}

/*
 * need[b] less one: a hart counted in the fill got through it (thru), or
 * paused or left without. The fill closes (FULL, every sample of it
 * final) when that was the last hart counted and some hart got through;
 * a fill every hart left or paused in without getting through stays open
 * (end_run or a rejoining hart settles it).
 */
void rvpmu_sampler_drop(struct rvpmu_sampler *s, uint32_t b, bool thru)
{
	uint32_t n = __atomic_load_n(&s->need[b], __ATOMIC_ACQUIRE), w, c;

	do {
		c = n & NEED_COUNT;
		if (!c || (n & NEED_CLOSED))
			return;		/* not counted: nothing to give */
		w = (c - 1) | (n & NEED_THRU) | (thru ? NEED_THRU : 0);
		if (c == 1 && (w & NEED_THRU))
			w = NEED_CLOSED | NEED_THRU;
	} while (!__atomic_compare_exchange_n(&s->need[b], &n, w, false, __ATOMIC_ACQ_REL,
					      __ATOMIC_ACQUIRE));
	if (w & NEED_CLOSED)
		rvpmu_sampler_close(s, b, RVPMU_SAMPLER_BUF_FULL, s->cap[b]);
}

/* Whether fill nf (in buffer b) is open, opening it if nobody has. */
bool rvpmu_sampler_open_fill(struct rvpmu_sampler *s, uint32_t nf, uint32_t b)
{
	for (;;) {
		uint32_t f = __atomic_load_n(&s->fills, __ATOMIC_ACQUIRE), st;

		if (f & FILLS_NONE_FREE)
			return false;
		if ((f >> FILLS_SHIFT) > nf)
			return true;
		if (f & FILLS_LOCK) {
			sampler_relax(s);	/* another hart is opening one */
			continue;
		}
		if (!__atomic_compare_exchange_n(&s->fills, &f, f | FILLS_LOCK, false,
						 __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
			continue;
		/* a second lap: ring mode only, and only once S-mode released
		   it (a release going on finishes first: a few stores) */
		st = RVPMU_SAMPLER_BUF_FREE;
		if (nf < s->nr_bufs || (s->flags & RVPMU_SAMPLER_F_RING))
			while (!__atomic_compare_exchange_n(&s->bstate[b], &st,
							    RVPMU_SAMPLER_BUF_FILLING, false,
							    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE) &&
			       st == BS_RELEASING) {
				sampler_relax(s);
				st = RVPMU_SAMPLER_BUF_FREE;
			}
		else
			st = RVPMU_SAMPLER_BUF_FULL;
		if (st != RVPMU_SAMPLER_BUF_FREE) {
			__atomic_store_n(&s->fills, f | FILLS_NONE_FREE, __ATOMIC_RELEASE);
			return false;
		}
		if (nf >= s->nr_bufs)
			s->lap[b]++;
		s->first[b] = s->next_first;
		s->next_first += s->cap[b];
		/* every hart counting now goes through it (the lock keeps
		   active still: pause, leave and rejoin take it too) */
		__atomic_store_n(&s->need[b], __atomic_load_n(&s->active, __ATOMIC_ACQUIRE),
				 __ATOMIC_RELEASE);
		s->last_buf = b;
		/* the whole header: S-mode may have written any of it */
		rvpmu_sampler_write_header(s, b, RVPMU_SAMPLER_BUF_FILLING, 0);
		__atomic_store_n(&s->fills, (nf + 1) << FILLS_SHIFT, __ATOMIC_RELEASE);
		return true;
	}
}

/*
 * The last hart out: every buffer still FILLING gets its final count of
 * complete samples (a run that stops early may leave two: a fast hart can
 * be a fill ahead of a slow one), the newest as LAST (and a newest
 * already FULL, not yet released, becomes LAST); the run is DONE.
 */
void rvpmu_sampler_end_run(struct rvpmu_sampler *s)
{
	uint32_t none = RVPMU_SAMPLER_STOP_NONE, b, full = RVPMU_SAMPLER_BUF_FULL;
	uint64_t total = rvpmu_sampler_samples(s), n;

	__atomic_compare_exchange_n(&s->stop_reason, &none, RVPMU_SAMPLER_STOP_NO_HARTS,
				    false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
	for (b = 0; b < s->nr_bufs; b++) {
		n = total > s->first[b] ? total - s->first[b] : 0;
		if (n > s->cap[b])
			n = s->cap[b];
		if (b == s->last_buf &&
		    __atomic_compare_exchange_n(&s->bstate[b], &full, RVPMU_SAMPLER_BUF_FILLING,
						false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
			n = s->cap[b];
		rvpmu_sampler_close(s, b, b == s->last_buf ? RVPMU_SAMPLER_BUF_LAST
							   : RVPMU_SAMPLER_BUF_FULL, (uint32_t)n);
	}
	__atomic_store_n(&s->state, RVPMU_SAMPLER_DONE, __ATOMIC_RELEASE);
}

uint32_t rvpmu_sampler_settled(const struct rvpmu_sampler *s)
{
	uint32_t st = __atomic_load_n(&s->state, __ATOMIC_ACQUIRE);

	/* START resets running before it stores RUNNING (release): a
	   RUN_ENDED seen with RUNNING is this run's end, being written */
	while (st == RVPMU_SAMPLER_RUNNING &&
	       (__atomic_load_n(&s->running, __ATOMIC_ACQUIRE) & RUN_ENDED)) {
		sampler_relax(s);
		st = __atomic_load_n(&s->state, __ATOMIC_ACQUIRE);
	}
	return st;
}

bool rvpmu_sampler_run_change(struct rvpmu_sampler *s, int counting, int paused)
{
	uint32_t n = __atomic_load_n(&s->running, __ATOMIC_ACQUIRE), w;

	do {
		if (n & RUN_ENDED)
			return false;
		w = n + (uint32_t)counting + (uint32_t)paused * RUN_PAUSED_ONE;
		/* nobody counts any more: the end, if there is a reason or
		   nobody paused who could come back */
		if (!(w & RUN_MASK) &&
		    (__atomic_load_n(&s->stop_reason, __ATOMIC_SEQ_CST) != RVPMU_SAMPLER_STOP_NONE ||
		     !((w >> RUN_PAUSED_SHIFT) & RUN_MASK)))
			w |= RUN_ENDED;
	} while (!__atomic_compare_exchange_n(&s->running, &n, w, false, __ATOMIC_SEQ_CST,
					      __ATOMIC_SEQ_CST));
	return w & RUN_ENDED;
}

bool rvpmu_sampler_run_rejoin(struct rvpmu_sampler *s)
{
	uint32_t n = __atomic_load_n(&s->running, __ATOMIC_ACQUIRE);

	do {
		if (n & RUN_ENDED)
			return false;
	} while (!__atomic_compare_exchange_n(&s->running, &n, n + 1 - RUN_PAUSED_ONE, false,
					      __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
	return true;
}

bool rvpmu_sampler_unhold(struct rvpmu_sampler *s)
{
	/* no hart has gone through a fill before t0: none to close */
	__atomic_sub_fetch(&s->active, 1, __ATOMIC_SEQ_CST);
	if (!rvpmu_sampler_run_change(s, -1, 0))
		return true;
	rvpmu_sampler_end_run(s);
	return false;
}
