/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Retentive-suspend pauses on simulated harts (version 2): a hart pausing
 * in a window and rejoining later, every hart paused, STOP's step reaching
 * a paused hart, a pause before t0.
 */
#include "sfx.h"
#include "core/internal.h"
#include "sampler/internal.h"

#define A	SBI_PMU_DTLB_READ_MISS
#define B	FX_DTLB_WR_MISS

static const uint32_t ab[2] = { A, B };

static uint64_t win(struct sfx *x, unsigned int k, unsigned int p)
{
	return sfx_u64(x, SFX_BUF + x->s.header_size + (uint64_t)k * x->s.subsample_size +
		   8 * 2 * 4 + 8 * p);
}

/*
 * Hart 1 pauses in the middle of subsample 1: that window closes now
 * (COUNTED, short), the hart is PAUSED, has no deadline, and does not
 * hold the run's fills back (hart 0 goes on, buffers close without it);
 * samples counts hart 0 alone. It resumes in subsample 6: the slots
 * between are paused (not written), and it rejoins with a short window
 * in the current slot. Version 1 made it leave the run for good.
 */
static void pause_and_rejoin(void)
{
	struct sfx *x = sfx_new(2);
	const struct rvpmu_sampler_status *st;
	const struct rvpmu_sampler_hart_status *hs;
	const uint64_t W = RVPMU_SAMPLER_WIN_COUNTED;
	uint64_t P, t0;

	sfx_cfg(x, ab, 2, 0x1000);
	x->c.nr_pmu = 1;
	x->c.nr_sample = 5;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_start(x), 0);
	CHECK(x->held[1] != 0);
	sfx_window = sfx_busy;
	sfx_run_until_begun(x);
	P = x->s.period_ticks;
	t0 = x->s.t0;
	sfx_run(x, 1);				/* subsample 0 on both */
	x->mtime = t0 + P + 30;
	sfx_busy(x, 1);
	rvpmu_sampler_hart_pause(&x->s, &x->sh[1]);
	CHECK_EQ(x->deadline[1], SFX_NO_DEADLINE);
	CHECK(x->sh[1].flags & RVPMU_SAMPLER_HART_PAUSED);
	CHECK_EQ(win(x, 1, 1), W | 30);
	CHECK(x->held[1] != 0);			/* its counters stay its own */
	CHECK_OK(sfx_status(x, &st), sizeof(*st) + 2 * sizeof(*hs));
	hs = (const void *)(st + 1);
	CHECK_EQ(hs[1].flags, RVPMU_SAMPLER_HART_PAUSED);
	CHECK_EQ(hs[1].subsamples, 2);
	/* hart 0 goes on alone to subsample 6 (sample 3) */
	while (x->mtime < t0 + 6 * P)
		sfx_run(x, 1);
	CHECK_OK(sfx_status(x, &st), sizeof(*st) + 2 * sizeof(*hs));
	CHECK_EQ(st->samples, 3);		/* hart 0's: hart 1 paused */
	x->mtime = t0 + 6 * P + 40;
	rvpmu_sampler_hart_resume(&x->s, &x->sh[1]);
	CHECK(!(x->sh[1].flags & RVPMU_SAMPLER_HART_PAUSED));
	CHECK_EQ(x->deadline[1], t0 + 7 * P);
	CHECK_EQ(x->sh[1].paused, 4);		/* subsamples 2..5 */
	sfx_run(x, 100);
	CHECK_OK(sfx_status(x, &st), sizeof(*st) + 2 * sizeof(*hs));
	CHECK_EQ(st->state, RVPMU_SAMPLER_DONE);
	CHECK_EQ(st->stop_reason, RVPMU_SAMPLER_STOP_DONE);
	CHECK_EQ(st->samples, 5);
	CHECK_EQ(st->paused, 4);
	CHECK_EQ(st->passed, 0);
	CHECK_EQ(hs[1].flags, 0);
	CHECK_EQ(hs[1].subsamples, 10);
	for (unsigned int k = 2; k < 6; k++)
		CHECK_EQ(win(x, k, 1), 0);	/* paused: not written */
	CHECK_EQ(win(x, 6, 1), W | (P - 40));	/* rejoined: short */
	CHECK_EQ(win(x, 7, 1), W | P);
	for (unsigned int k = 0; k < 10; k++)
		CHECK_EQ(win(x, k, 0), W | P);
	CHECK_EQ(x->held[1], 0);
	CHECK_EQ(x->h[1].reserved, 0);
}

/*
 * STOP's step reaches a paused hart before the others end: it is counted
 * out then, once. Its leaving or waking afterwards counts nothing again:
 * the run goes on until the last running hart's step (found by
 * fuzz-sampler: the leave ended the run under hart 1, a wake rejoined).
 */
static void stopped_while_paused(void)
{
	for (int wake = 0; wake < 2; wake++) {
		struct sfx *x = sfx_new(3);

		sfx_cfg(x, ab, 2, 0x1000);
		x->c.nr_pmu = 1;
		x->c.nr_sample = 0;
		CHECK_EQ(sfx_configure(x), 0);
		CHECK_EQ(sfx_start(x), 0);
		sfx_window = sfx_busy;
		sfx_run_until_begun(x);
		rvpmu_sampler_hart_pause(&x->s, &x->sh[0]);
		CHECK_EQ(rvpmu_sampler_stop(&x->s), 0);
		rvpmu_sampler_hart_stop(&x->s, &x->sh[0]);
		CHECK_EQ(x->h[0].reserved, 0);
		if (wake)
			rvpmu_sampler_hart_resume(&x->s, &x->sh[0]);
		else
			rvpmu_sampler_hart_leave(&x->s, &x->sh[0], false);
		CHECK(!x->sh[0].running);
		CHECK_EQ(x->h[0].reserved, 0);
		CHECK_EQ(x->s.state, RVPMU_SAMPLER_RUNNING);
		rvpmu_sampler_hart_stop(&x->s, &x->sh[1]);
		CHECK_EQ(x->s.state, RVPMU_SAMPLER_RUNNING);	/* hart 2 runs */
		CHECK(x->h[2].reserved != 0);
		rvpmu_sampler_hart_stop(&x->s, &x->sh[2]);
		CHECK_EQ(x->s.state, RVPMU_SAMPLER_DONE);
		CHECK_EQ(x->s.stop_reason, RVPMU_SAMPLER_STOP_REQUESTED);
		for (unsigned int i = 0; i < 3; i++)
			CHECK_EQ(x->h[i].reserved, 0);
	}
}

/*
 * One sample a buffer: every hart pauses, so no fill can close; the run
 * goes on (it is not NO_HARTS). A hart rejoining after its fill has
 * gone by closes the fills nobody was in and rejoins at the current
 * slot; a run ending (STOP) while a hart is paused ends all the same,
 * and the paused hart's counters come back at its resume.
 */
static void every_hart_paused(void)
{
	struct sfx *x = sfx_new(2);
	const uint64_t size = 152 + 80 * 2;	/* header and one sample */
	const struct rvpmu_sampler_header *h1;
	uint64_t P, t0;

	sfx_cfg(x, ab, 2, size);
	x->c.nr_pmu = 1;
	x->c.nr_sample = 0;
	sfx_cfg_bufs(x, 4);
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_start(x), 0);
	sfx_window = sfx_busy;
	sfx_run_until_begun(x);
	P = x->s.period_ticks;
	t0 = x->s.t0;
	sfx_run(x, 1);				/* subsample 0 */
	x->mtime = t0 + P + 10;
	rvpmu_sampler_hart_pause(&x->s, &x->sh[0]);
	rvpmu_sampler_hart_pause(&x->s, &x->sh[1]);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_RUNNING);
	/* both closed sample 0's last window: fill 0 is whole; fill 1,
	   opened then, has nobody in it now and stays open */
	CHECK_EQ(sfx_hdr(x, SFX_BUF)->state, RVPMU_SAMPLER_BUF_FULL);
	CHECK_EQ(sfx_hdr(x, SFX_BUF + 0x400)->state, RVPMU_SAMPLER_BUF_FILLING);
	CHECK_EQ(sfx_run(x, 10), 0);		/* nobody ticks */
	/* hart 0 wakes in subsample 5 (sample 2, fill 2): fill 1 (nobody
	   in it) closed on the way, fill 2 opened */
	x->mtime = t0 + 5 * P + 20;
	rvpmu_sampler_hart_resume(&x->s, &x->sh[0]);
	CHECK_EQ(x->sh[0].fill, 2);
	CHECK_EQ(sfx_hdr(x, SFX_BUF)->state, RVPMU_SAMPLER_BUF_FULL);
	h1 = sfx_hdr(x, SFX_BUF + 0x400);
	CHECK_EQ(h1->state, RVPMU_SAMPLER_BUF_FULL);
	CHECK_EQ(h1->first_sample, 1);
	CHECK_EQ(sfx_hdr(x, SFX_BUF + 0x800)->state, RVPMU_SAMPLER_BUF_FILLING);
	CHECK_EQ(x->sh[0].paused, 3);		/* subsamples 2, 3, 4 */
	CHECK_EQ(x->deadline[0], t0 + 6 * P);
	sfx_run(x, 2);
	/* STOP while hart 1 is still paused: the run ends with hart 0's
	   step; hart 1 keeps its counters until its own (the firmware's STOP
	   reaches a suspended hart too) */
	CHECK_EQ(rvpmu_sampler_stop(&x->s), 0);
	rvpmu_sampler_hart_stop(&x->s, &x->sh[0]);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_DONE);
	CHECK(x->h[1].reserved != 0);
	rvpmu_sampler_hart_stop(&x->s, &x->sh[1]);
	CHECK_EQ(x->s.stop_reason, RVPMU_SAMPLER_STOP_REQUESTED);
	CHECK_EQ(x->h[1].reserved, 0);
	CHECK_EQ(x->held[1], 0);
	for (unsigned int b = 0; b < 4; b++)
		CHECK(sfx_hdr(x, x->s.bufs[b].addr)->state != RVPMU_SAMPLER_BUF_FILLING);
	/* its resume then: nothing (the run is over) */
	rvpmu_sampler_hart_resume(&x->s, &x->sh[1]);
	CHECK_EQ(x->deadline[1], SFX_NO_DEADLINE);

	/* nr_sample reached while a hart is paused: DONE without it; its
	   resume gives its counters back */
	x = sfx_new(2);
	sfx_cfg(x, ab, 2, 0x1000);
	x->c.nr_pmu = 1;
	x->c.nr_sample = 3;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_start(x), 0);
	sfx_window = sfx_busy;
	sfx_run_until_begun(x);
	rvpmu_sampler_hart_pause(&x->s, &x->sh[1]);
	sfx_run(x, 100);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_DONE);
	CHECK_EQ(x->s.stop_reason, RVPMU_SAMPLER_STOP_DONE);
	CHECK_EQ(sfx_hdr(x, SFX_BUF)->state, RVPMU_SAMPLER_BUF_LAST);
	CHECK_EQ(sfx_hdr(x, SFX_BUF)->nr_samples, 3);
	CHECK(x->h[1].reserved != 0);
	rvpmu_sampler_hart_resume(&x->s, &x->sh[1]);
	CHECK_EQ(x->h[1].reserved, 0);
	CHECK_EQ(x->held[1], 0);
	CHECK(x->sh[1].flags & RVPMU_SAMPLER_HART_PAUSED);
}

/* A pause before t0 and a resume after: the hart starts at the slot
   going on, as a late first tick would, its skew not counted. */
static void pause_before_t0(void)
{
	struct sfx *x = sfx_new(2);
	uint64_t t0, P;

	sfx_cfg(x, ab, 2, 0x1000);
	x->c.nr_pmu = 1;
	x->c.nr_sample = 3;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_start(x), 0);
	rvpmu_sampler_hart_pause(&x->s, &x->sh[1]);
	sfx_window = sfx_busy;
	while (x->mtime < x->s.t0 + 3 * x->s.period_ticks)
		sfx_run(x, 1);
	t0 = x->s.t0;
	P = x->s.period_ticks;
	x->mtime = t0 + 3 * P + 50;
	rvpmu_sampler_hart_resume(&x->s, &x->sh[1]);
	CHECK(x->sh[1].begun);
	CHECK_EQ(x->deadline[1], t0 + 4 * P);
	CHECK_EQ(x->sh[1].paused, 3);
	CHECK_EQ(x->sh[1].max_skew, 0);
	sfx_run(x, 100);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_DONE);
	CHECK_EQ(rvpmu_sampler_hart_subsamples(&x->s, &x->sh[1]), 6);
}

void suite_sampler_pause(void)
{
	static const struct t_case cases[] = {
		T(pause_and_rejoin),
		T(every_hart_paused),
		T(stopped_while_paused),
		T(pause_before_t0),
	};

	T_RUN(cases);
}
