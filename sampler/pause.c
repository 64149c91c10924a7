/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A hart of the run going away and coming back (sampler.h): leaving for
 * good (HSM stop, non-retentive suspend), pausing for a retentive suspend
 * and rejoining after it.
 *
 * A hart counting is counted in the fill it is in and in every fill
 * opened since (need[], set from active when a fill opens). Pausing or
 * leaving gives those counts up under the fill lock, so no fill opens
 * meanwhile with a stale active; a fill that then has every counted hart
 * through closes (FULL). A rejoining hart counts in again under the lock
 * and walks its position to the current slot: the fills it skips it
 * closes if nobody else is in them (every hart in them paused or left),
 * or gets through if it was counted in them; the fill it lands in it
 * joins if still open (need[] not CLOSED), else it goes on to the next
 * fill's first slot.
 */
#include "internal.h"

/* This hart gives up its count in every fill it is counted in: the one
   it is in and each opened since. */
static void uncount(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh)
{
	uint32_t opened = rvpmu_sampler_lock(s) >> FILLS_SHIFT, f, b;

	__atomic_sub_fetch(&s->active, 1, __ATOMIC_SEQ_CST);
	for (f = sh->fill, b = sh->buf; f < opened; f++) {
		rvpmu_sampler_drop(s, b, false);
		b = b + 1 == s->nr_bufs ? 0 : b + 1;
	}
	rvpmu_sampler_unlock(s);
}

void rvpmu_sampler_hart_leave(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh,
			      bool suspend)
{
	uint32_t fl = suspend ? RVPMU_SAMPLER_HART_SUSPENDED : RVPMU_SAMPLER_HART_STOPPED;

	if (!sh->running) {
		/* paused (retentive) and now leaving from there: no longer
		   holds the run open; unless STOP's step already counted it
		   out (rvpmu_sampler_hart_stop: its counters back) */
		if (!(sh->flags & RVPMU_SAMPLER_HART_PAUSED) || !sh->reserved)
			return;
		if (sh->reserved)
			rvpmu_sampler_let_go(s, sh);
		__atomic_store_n(&sh->flags, fl, __ATOMIC_SEQ_CST);
		if (rvpmu_sampler_run_change(s, 0, -1))
			rvpmu_sampler_end_run(s);
		return;
	}
	__atomic_or_fetch(&sh->flags, fl, __ATOMIC_SEQ_CST);
	uncount(s, sh);
	rvpmu_sampler_finish(s, sh, RVPMU_SAMPLER_STOP_NONE, false);
}

void rvpmu_sampler_hart_pause(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh)
{
	if (!sh->running)
		return;
	sampler_ops(s)->set_deadline(sh->hctx, UINT64_MAX);
	if (sh->begun) {
		bool last = sh->gr->last;
		uint32_t reason;

		rvpmu_sampler_close_window(s, sh);
		if (last)
			rvpmu_sampler_pad_last(s, sh);
		reason = rvpmu_sampler_end_subsample(s, sh, last);
		if (reason) {
			rvpmu_sampler_finish(s, sh, reason, false);
			return;
		}
	}
	__atomic_or_fetch(&sh->flags, RVPMU_SAMPLER_HART_PAUSED, __ATOMIC_SEQ_CST);
	uncount(s, sh);
	/* its counters stay reserved (stopped): it comes back to them */
	sh->running = false;
	if (rvpmu_sampler_run_change(s, -1, 1))
		rvpmu_sampler_end_run(s);
}

/* Where the hart's subsamples live now (its buffer, in_buf, gr). */
static void place(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh)
{
	uint64_t k = (uint64_t)sh->in_buf * s->sample_size +
		     (uint64_t)(sh->gr - s->group) * s->subsample_size;

	sh->addr = rvpmu_sampler_buf_data(s, sh->buf) + k;
	sh->q = sampler_reach(s, sh->addr);
}

/* Fill sh->fill left without writing the rest of it: closed if nobody
   is in it (not counted: every hart in it paused or left), got through
   if counted in it (opened since the rejoin: opened here if need be). */
static uint32_t skip_fill(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh,
			  uint32_t opened_at)
{
	uint32_t b = sh->buf, n;

	if (sh->fill < opened_at) {
		n = __atomic_load_n(&s->need[b], __ATOMIC_ACQUIRE);
		while (!(n & (NEED_CLOSED | NEED_COUNT)))
			if (__atomic_compare_exchange_n(&s->need[b], &n, NEED_CLOSED | n, false,
							__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
				rvpmu_sampler_close(s, b, RVPMU_SAMPLER_BUF_FULL, s->cap[b]);
				break;
			}
	} else {
		if (!rvpmu_sampler_open_fill(s, sh->fill, b))
			return RVPMU_SAMPLER_STOP_FULL;
		rvpmu_sampler_drop(s, b, true);
	}
	sh->fill++;
	sh->buf = b + 1 == s->nr_bufs ? 0 : b + 1;
	sh->in_buf = 0;
	return 0;
}

/* The position moves on to subsample target, each one passed over
   counted in paused. The reason the hart's part ends (0: none). */
static uint32_t walk(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh, uint64_t target,
		     uint32_t opened_at)
{
	uint64_t pos = sampler_position(s, sh), k;
	uint32_t reason;

	while (pos < target) {
		stats_begin(sh);
		if (sh->gr == &s->group[0] && target - pos >= s->nsub) {
			/* whole samples at once, up to the fill's end */
			k = (target - pos) / s->nsub;
			if (k > s->cap[sh->buf] - sh->in_buf)
				k = s->cap[sh->buf] - sh->in_buf;
			if (k > s->limit - sh->samples)
				k = s->limit - sh->samples;
			sh->samples += k;
			sh->paused += k * s->nsub;
			sh->in_buf += (uint32_t)k;
			pos += k * s->nsub;
		} else {
			bool last = sh->gr->last;

			sh->gr = sh->gr->next;
			sh->paused++;
			pos++;
			if (last) {
				sh->samples++;
				sh->in_buf++;
			}
		}
		stats_end(sh);
		if (sh->samples >= s->limit)
			return RVPMU_SAMPLER_STOP_DONE;
		if (sh->in_buf == s->cap[sh->buf] && (reason = skip_fill(s, sh, opened_at)))
			return reason;
	}
	return 0;
}

/* Count in fill f's buffer b, unless it has closed. */
static bool join(struct rvpmu_sampler *s, uint32_t b)
{
	uint32_t n = __atomic_load_n(&s->need[b], __ATOMIC_ACQUIRE);

	do
		if (n & NEED_CLOSED)
			return false;
	while (!__atomic_compare_exchange_n(&s->need[b], &n, n + 1, false, __ATOMIC_ACQ_REL,
					    __ATOMIC_ACQUIRE));
	return true;
}

/* The position is in fill sh->fill: count in it (and in each opened
   since), or go on to the next fill's first slot while it has closed. */
static uint32_t land(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh, uint32_t opened_at)
{
	uint32_t reason, f, b;

	while (sh->fill < opened_at) {
		if (join(s, sh->buf)) {
			for (f = sh->fill + 1, b = sh->buf; f < opened_at; f++) {
				b = b + 1 == s->nr_bufs ? 0 : b + 1;
				join(s, b);
			}
			return 0;
		}
		reason = walk(s, sh, (sh->samples - sh->in_buf + s->cap[sh->buf]) * s->nsub,
			      opened_at);
		if (reason)
			return reason;
	}
	/* opened since the rejoin (counted in it), or to be opened */
	return rvpmu_sampler_open_fill(s, sh->fill, sh->buf) ? 0 : RVPMU_SAMPLER_STOP_FULL;
}

void rvpmu_sampler_hart_resume(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh)
{
	uint64_t now, target, dl;
	uint32_t opened_at, reason;

	/* a paused hart still in the run holds counters (START's fit never
	   joins one without); none: STOP's step counted it out */
	if (sh->running || !(sh->flags & RVPMU_SAMPLER_HART_PAUSED) || !sh->reserved) {
		/* a run that ended meanwhile and was followed by another:
		   the counters it kept go back */
		if (!sh->running && sh->reserved)
			rvpmu_sampler_let_go(s, sh);
		return;
	}
	if (!rvpmu_sampler_run_rejoin(s)) {
		/* the run ended while it was paused: it keeps the flag */
		rvpmu_sampler_let_go(s, sh);
		return;
	}
	sh->running = true;
	opened_at = rvpmu_sampler_lock(s) >> FILLS_SHIFT;
	__atomic_add_fetch(&s->active, 1, __ATOMIC_SEQ_CST);
	rvpmu_sampler_unlock(s);
	__atomic_and_fetch(&sh->flags, ~RVPMU_SAMPLER_HART_PAUSED, __ATOMIC_SEQ_CST);
	/* the current slot, or the one the hart is at if later (it paused
	   and comes back within the slot of its last window) */
	now = sampler_now(s);
	target = sampler_position(s, sh);
	if (__atomic_load_n(&s->t0_set, __ATOMIC_ACQUIRE) && now >= s->t0 &&
	    (now - s->t0) / s->period_ticks > target)
		target = (now - s->t0) / s->period_ticks;
	reason = walk(s, sh, target, opened_at);
	if (!reason)
		reason = land(s, sh, opened_at);
	if (reason) {
		rvpmu_sampler_finish(s, sh, reason, false);
		return;
	}
	place(s, sh);
	sh->begun = false;
	dl = rvpmu_sampler_begin(s, sh, now);
	if (dl != UINT64_MAX)
		sampler_ops(s)->set_deadline(sh->hctx, dl);
}
