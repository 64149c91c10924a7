/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * START's steps (sampler.h): prepare the run, let each hart of the set
 * take its counters and arm its first deadline, then launch: t0 chosen
 * once every hart has armed. The run itself is engine.c's; how a hart
 * pauses and rejoins, pause.c's.
 */
#include "internal.h"
#include "core/hw.h"

const volatile uint32_t sampler_no_cid2;

long rvpmu_sampler_prepare(struct rvpmu_sampler *s)
{
	uint32_t state = rvpmu_sampler_settled(s), started = 0, i;

	if (state == RVPMU_SAMPLER_RUNNING)
		return SBI_ERR_ALREADY_STARTED;
	if (state == RVPMU_SAMPLER_IDLE)
		return SBI_ERR_INVALID_STATE;
	for (i = 0; i < s->nr_data; i++)
		if (sampler_ops(s)->hart_started(s->plat->ctx, s->plat->order[s->pos[i]]))
			started++;
	if (!started)
		return SBI_ERR_INVALID_STATE;	/* no hart of the set is started */

	/* the harts of the set are not sampling: their statistics are free.
	   Every hart is ABSENT until its own start step joins it: one started
	   now is invited, but may stop or suspend before its step runs (or
	   is not reached by it), and then never joins */
	for (i = 0; i < s->nr_data; i++) {
		struct rvpmu_sampler_hart *sh = sampler_hart_at(s, i);

		/* the last run's, for a START refused (abort) */
		sh->kept.flags = sh->flags;
		sh->kept.samples = sh->samples;
		sh->kept.late = sh->late;
		sh->kept.max_skew = sh->max_skew;
		sh->kept.passed = sh->passed;
		sh->kept.paused = sh->paused;
		sh->kept.gr = sh->gr;
		sh->invited = sampler_ops(s)->hart_started(s->plat->ctx, sh->hartid);
		stats_begin(sh);
		sh->flags = RVPMU_SAMPLER_HART_ABSENT;
		sh->samples = sh->late = sh->max_skew = sh->passed = sh->paused = 0;
		sh->gr = &s->group[0];
		stats_end(sh);
		sh->running = false;
		sh->begun = false;
	}
	/* t0 is chosen once every hart has armed (rvpmu_sampler_launch); until
	   then each arms a provisional deadline and, if that comes first,
	   waits for t0 */
	s->t0 = 0;
	s->t0_set = 0;
	s->p0 = sampler_now(s) + (s->plat->lead_ticks ? s->plat->lead_ticks : 1);
	/* the buffers are the client's to zero (before START); nothing is
	   written to them before launch, so a refused START leaves them be.
	   Each is FREE again (a run starts over from buffer 0); the harts
	   that join are counted in fill 0 as they do */
	for (i = 0; i < s->nr_bufs; i++) {
		s->lap[i] = 0;
		s->first[i] = 0;
		s->need[i] = 0;
		s->bstate[i] = RVPMU_SAMPLER_BUF_FREE;
	}
	s->prev_stop_reason = s->stop_reason;
	s->prev_fills = s->fills;
	s->next_first = s->cap[0];
	s->last_buf = 0;
	s->fills = 1u << FILLS_SHIFT;	/* fill 0, opened at launch */
	/* START's own hold on the run, let go at launch: each hart counts
	   itself in at its step, and harts that join and leave before the
	   launch cannot end the run before its headers are written */
	s->running = 1;
	s->active = 1;
	s->stop_req = 0;
	s->stop_reason = RVPMU_SAMPLER_STOP_NONE;
	s->prev_state = state;
	__atomic_store_n(&s->state, RVPMU_SAMPLER_RUNNING, __ATOMIC_RELEASE);
	return 0;
}

/* A refused START changes nothing STATUS shows (docs/sbi-sampler.md §3):
   the last run's figures come back. No hart of the set is in a run now
   (each was aborted, or never joined), so none writes its own. */
void rvpmu_sampler_abort(struct rvpmu_sampler *s)
{
	for (uint32_t i = 0; i < s->nr_data; i++) {
		struct rvpmu_sampler_hart *sh = sampler_hart_at(s, i);

		sh->flags = sh->kept.flags;
		sh->samples = sh->kept.samples;
		sh->late = sh->kept.late;
		sh->max_skew = sh->kept.max_skew;
		sh->passed = sh->kept.passed;
		sh->paused = sh->kept.paused;
		sh->gr = sh->kept.gr;
	}
	s->stop_reason = s->prev_stop_reason;
	s->fills = s->prev_fills;
	__atomic_store_n(&s->state, s->prev_state, __ATOMIC_RELEASE);
}

void rvpmu_sampler_launch(struct rvpmu_sampler *s)
{
	uint64_t t;
	uint32_t i;

	/* every header first, FREE and with t0 0 (prepare's): with many
	   buffers, harts or events that takes time, which must not come out
	   of the lead t0 leaves the harts (and START before t0) */
	for (i = 0; i < s->nr_bufs; i++)
		rvpmu_sampler_write_header(s, i, RVPMU_SAMPLER_BUF_FREE, 0);
	/* the harts are armed, for p0 at the latest: they need no message,
	   only a tick that finds t0 set (retry, below, at the most) */
	t = sampler_now(s) + sampler_launch_lead(s);
	s->t0 = t > s->p0 ? t : s->p0;
	/* then t0 into each, a word a buffer, and buffer 0 FILLING (state
	   last) */
	for (i = 0; i < s->nr_bufs; i++)
		rvpmu_sampler_header_t0(s, i);
	s->bstate[0] = RVPMU_SAMPLER_BUF_FILLING;
	rvpmu_sampler_header_update(s, 0, RVPMU_SAMPLER_BUF_FILLING, 0);
	/* every hart that joined left already: the run ends now (NO_HARTS) */
	if (rvpmu_sampler_unhold(s))
		__atomic_store_n(&s->t0_set, 1, __ATOMIC_RELEASE);
}

bool rvpmu_sampler_in_set(const struct rvpmu_sampler *s, uint32_t hartid)
{
	for (uint32_t i = 0; i < s->nr_data; i++)
		if (s->plat->order[s->pos[i]] == hartid)
			return true;
	return false;
}

/* Whether every group's hpm events have counters 3, 4, .. in order (no
   group has a platform firmware event, which needs its own counter): the
   core's switch then walks no list (struct rvpmu_group seq). */
static bool counters_in_order(const struct rvpmu_sampler *s,
			      const struct rvpmu_sampler_hart *sh)
{
	for (uint32_t g = 0; g < s->nsub; g++) {
		const struct rvpmu_group_spec *sp = &s->group[g].spec;

		if (sp->ext)
			return false;
		for (uint32_t k = 0; k < sp->nhpm; k++)
			if (sh->ctr[s->group[g].first + k] != 3 + k)
				return false;
	}
	return true;
}

long rvpmu_sampler_hart_start(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh)
{
	uint32_t nh = s->nr_data, p;
	uint64_t held;
	long err;

	/* counters still held from a run that ended while this hart was
	   paused (retentive suspend) go back first */
	if (!sh->running && sh->reserved)
		rvpmu_sampler_let_go(s, sh);
	for (p = 0; p < nh && s->plat->order[s->pos[p]] != sh->hartid; p++)
		;
	if (p == nh)
		return 0;	/* not in the set */
	if (!sh->invited)
		return 0;	/* started after prepare: not in the run */
	/* stopped or suspended since prepare (HSM, racing START): it stays
	   ABSENT; only this hart changes that, so it cannot change here */
	if (!sampler_ops(s)->hart_started(s->plat->ctx, sh->hartid))
		return 0;
	sh->ctr = s->ctrs + p * s->nr_events;	/* its row (configure) */
	held = rvpmu_sampler_fit(sh->pmu, s->events, s->nr_events, s->nr_pmu, true, sh->ctr);
	if (!held)
		return SBI_ERR_DENIED;
	err = rvpmu_reserve(sh->pmu, held);
	if (err)
		return err;
	sh->reserved = held;
	sampler_held(s, sh, held);
	rvpmu_fw_sample(sh->pmu, s->fw_codes);
	sh->grp.seq = counters_in_order(s, sh);
	sh->pos = p;
	sh->off_cid1 = 4 * p;
	sh->off_cid2 = 4 * nh + 4 * p;
	sh->off_cnt = 8 * nh + 8 * p;
	sh->off_cyc = 8 * nh + 8 * nh * s->nr_pmu + 8 * p;
	sh->cid2_pa = s->cid2_addr ? s->cid2_addr + 4 * (uint64_t)sh->hartid : 0;
	/* M-mode's view of its CID2 word, or of a zero word without one
	   (the switch reads it without a test) */
	sh->cid2 = sh->cid2_pa ? (const volatile uint32_t *)sampler_reach(s, sh->cid2_pa)
			       : &sampler_no_cid2;
	sh->gr = &s->group[0];
	sh->in_buf = sh->fill = sh->buf = 0;
	sh->addr = rvpmu_sampler_buf_data(s, 0);
	sh->q = sampler_reach(s, sh->addr);
	sh->s = s;
	sh->lost_ticks = s->lost_ticks;
	sh->lost32 = s->lost_ticks > UINT32_MAX ? UINT32_MAX : (uint32_t)s->lost_ticks;
	sh->counted = s->counted;
	sampler_fast_lim(sh);		/* max_skew 0 (prepare) */
	sh->off_mt = sh->off_cyc + 8 * nh;
	sh->off_win = sh->off_cyc + 16 * nh;
	sh->stride = 8 * nh;
	sh->pass = 0;
	sh->grp.hpm = 0;
	sh->deadline = s->p0;
	sh->begun = false;
	sh->calibrated = false;
	/* joined: counted in, and in fill 0 (START's hold keeps the run from
	   ending; no fill opens before launch, so the lock is not needed) */
	__atomic_add_fetch(&s->need[0], 1, __ATOMIC_SEQ_CST);
	__atomic_add_fetch(&s->active, 1, __ATOMIC_SEQ_CST);
	__atomic_add_fetch(&s->running, 1, __ATOMIC_SEQ_CST);
	__atomic_store_n(&sh->flags, 0, __ATOMIC_RELAXED);
	sh->running = true;
	/* mcycle against mtime from here to t0: how many counts a switch may
	   take (begin) */
	sh->cal_t = sampler_now(s);
	sh->cal_c = rvpmu_read_cycles(sh->pmu);
	sampler_ops(s)->set_deadline(sh->hctx, s->p0);
	return 0;
}
