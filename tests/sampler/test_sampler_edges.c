/* SPDX-License-Identifier: BSD-2-Clause */
/* A run's edges on simulated harts: t0 chosen once every hart armed, the
   MTIME layout, the buffer a run ends in, STOP as the last word. */
#include <stddef.h>

#include "sfx.h"
#include "core/internal.h"

#define A	SBI_PMU_DTLB_READ_MISS
#define B	FX_DTLB_WR_MISS

static const uint32_t ab[2] = { A, B };

/*
 * Hart 0 arms, then its provisional deadline passes while hart 1 is slow
 * to arm (mtime moves on): hart 0's tick writes nothing and looks again
 * later. t0 is chosen at the launch, after both armed, far enough ahead
 * that both see it; every window of the run is then a whole one.
 */
static void t0_is_chosen_once_every_hart_armed(void)
{
	struct sfx *x = sfx_new(2);
	const struct rvpmu_sampler_header *h = sfx_hdr(x, SFX_BUF);
	uint64_t p0, t0, retry;

	sfx_cfg(x, ab, 2, 0x800);
	x->c.nr_pmu = 2;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(rvpmu_sampler_prepare(&x->s), 0);
	CHECK_EQ(rvpmu_sampler_hart_start(&x->s, &x->sh[0]), 0);
	p0 = x->deadline[0];
	CHECK(p0 > x->mtime);
	CHECK_EQ(h->magic, 0);			/* no header before t0 is known */
	x->mtime = p0;
	sfx_tick(x, 0);				/* t0 not chosen yet */
	retry = x->deadline[0];
	CHECK(retry > p0);
	CHECK(!x->sh[0].begun);
	CHECK_EQ(x->h[0].reserved & x->sim[0].hpm, BIT64(3) | BIT64(4));
	CHECK_EQ(x->sim[0].mhpmevent[3], 0);	/* nothing loaded */
	x->mtime = p0 + 500;			/* hart 1 arms late */
	CHECK_EQ(rvpmu_sampler_hart_start(&x->s, &x->sh[1]), 0);
	rvpmu_sampler_launch(&x->s);
	t0 = x->s.t0;
	/* far enough ahead for a hart that looks again: it sees t0 in time */
	CHECK(t0 - x->mtime >= 2 * (retry - p0));
	CHECK_EQ(h->magic, RVPMU_SAMPLER_BUF_MAGIC);
	CHECK_EQ(h->t0, t0);
	CHECK_EQ(h->state, RVPMU_SAMPLER_BUF_FILLING);
	for (unsigned int i = 0; i < 2; i++) {	/* both past their deadline */
		sfx_tick(x, i);
		CHECK_EQ(x->deadline[i], t0);	/* now they wait for t0 */
		CHECK(!x->sh[i].begun);
	}
	sfx_window = sfx_busy;
	sfx_run(x, 100);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_DONE);
	/* every window whole: 700 cycles, 3 and 5 events, on both harts */
	for (unsigned int k = 0; k < 4; k++) {
		uint64_t sub = SFX_BUF + h->header_size + k * (uint64_t)h->sample_size;

		for (unsigned int p = 0; p < 2; p++) {
			CHECK_EQ(sfx_u64(x, sub + 16 + 8 * p), 3);
			CHECK_EQ(sfx_u64(x, sub + 16 + 16 + 8 * p), 5);
			CHECK_EQ(sfx_u64(x, sub + 16 + 32 + 8 * p), 700);
		}
	}
	CHECK_EQ(x->sh[0].late + x->sh[1].late, 0);
	CHECK_EQ(x->sh[0].max_skew, 0);
}

/* Writing through the mem ops takes time: a tick for every 8 bytes. */
static void slow_writes(struct sfx *x, uint64_t pa, const void *src, unsigned long len)
{
	(void)pa;
	(void)src;
	x->mtime += len / 8;
}

/*
 * START whose headers take longer to write than the launch's lead (16
 * buffers, slow memory): t0 is chosen once the bulk of the headers is
 * written, so START still returns before t0, and no hart passes
 * subsample 0 or starts its first window late.
 */
static void start_returns_before_t0(void)
{
	struct sfx *x = sfx_new(2);
	const struct rvpmu_sampler_header *h;
	uint64_t t0;

	sfx_cfg(x, ab, 2, 0x400);
	x->c.nr_pmu = 2;
	sfx_cfg_bufs(x, 16);
	CHECK_EQ(sfx_configure(x), 0);
	sfx_write_hook = slow_writes;
	CHECK_EQ(sfx_start(x), 0);
	sfx_write_hook = NULL;
	t0 = x->s.t0;
	CHECK(x->mtime < t0);
	for (unsigned int b = 0; b < 16; b++) {
		h = sfx_hdr(x, SFX_BUF + 0x400 * (uint64_t)b);
		CHECK_EQ(h->t0, t0);
		CHECK_EQ(h->magic, RVPMU_SAMPLER_BUF_MAGIC);
		CHECK_EQ(h->state, b ? RVPMU_SAMPLER_BUF_FREE : RVPMU_SAMPLER_BUF_FILLING);
	}
	sfx_window = sfx_busy;
	sfx_run(x, 100);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_DONE);
	CHECK_EQ(x->s.stop_reason, RVPMU_SAMPLER_STOP_DONE);
	for (unsigned int i = 0; i < 2; i++) {
		CHECK_EQ(x->sh[i].passed, 0);
		CHECK_EQ(x->sh[i].max_skew, 0);
		CHECK_EQ(rvpmu_sampler_hart_subsamples(&x->s, &x->sh[i]), 4);
	}
	h = sfx_hdr(x, SFX_BUF);
	CHECK_EQ(sfx_u64(x, SFX_BUF + h->header_size + 16 + 32), 700);	/* window 0 whole */
}

/* Layout 4: header version 4, six fields per subsample: cid1, cid2,
   counts, cycles, each hart's mtime when the window began (its deadline
   here) and its window word (COUNTED, its length). */
static void layout_4_every_subsample(void)
{
	struct sfx *x = sfx_new(2);
	const struct rvpmu_sampler_header *h = sfx_hdr(x, SFX_BUF);
	const uint32_t H = 2;

	sfx_cfg(x, ab, 2, 0x800);
	x->c.nr_pmu = 1;
	x->c.nr_sample = 2;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_start(x), 0);
	CHECK_EQ(h->version, RVPMU_SAMPLER_LAYOUT);
	CHECK_EQ(h->subsample_size, RVPMU_SAMPLER_SUBSAMPLE_SIZE(1, 2));
	CHECK_EQ(h->subsample_size, (4 + 4 + 8 + 8 + 8 + 8) * H);
	sfx_window = sfx_busy;
	sfx_run(x, 100);
	for (unsigned int k = 0; k < 4; k++) {
		uint64_t sub = SFX_BUF + h->header_size + k * (uint64_t)h->subsample_size;

		for (unsigned int p = 0; p < H; p++) {
			CHECK_EQ(sfx_u64(x, sub + 8 * H + 8 * H + 8 * p), 700);	/* cycles */
			CHECK_EQ(sfx_u64(x, sub + 8 * H + 16 * H + 8 * p),
				 h->t0 + k * h->period_ticks);			/* mtime */
			CHECK_EQ(sfx_u64(x, sub + 8 * H + 24 * H + 8 * p),
				 RVPMU_SAMPLER_WIN_COUNTED | h->period_ticks);	/* window */
		}
	}
}

/*
 * The window word, each window's: its length from its start stamp to the
 * tick that closed it, COUNTED, and LOST where a switch at either end
 * took longer than a 100th of a period (x->lag: the hart away inside its
 * switch). A tick 80 late does not pass the slot going on (version 2): it
 * opens a window of 20.
 */
static uint64_t word(struct sfx *x, unsigned int j, unsigned int p, unsigned int field)
{
	const struct rvpmu_sampler_header *h = sfx_hdr(x, SFX_BUF);

	return sfx_u64(x, SFX_BUF + h->header_size + j * (uint64_t)h->subsample_size +
		   8 * 2 * field + 8 * p);
}

static void window_words(void)
{
	struct sfx *x = sfx_new(2);
	const struct rvpmu_sampler_header *h = sfx_hdr(x, SFX_BUF);
	const struct rvpmu_sampler_status *st;
	const uint64_t LOST = RVPMU_SAMPLER_WIN_LOST, W = RVPMU_SAMPLER_WIN_COUNTED;
	uint64_t P, t0;

	sfx_cfg(x, ab, 2, 0x1000);
	x->c.nr_pmu = 1;
	x->c.nr_sample = 3;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_start(x), 0);
	sfx_window = sfx_busy;
	sfx_run_until_begun(x);
	P = h->period_ticks;
	t0 = h->t0;
	CHECK_EQ(x->mtime, t0);
	sfx_run(x, 1);				/* window 0 closes on time */
	/* window 1: hart 1 is away 5 ticks inside its switch */
	x->mtime = t0 + 2 * P;
	sfx_busy(x, 0);
	sfx_busy(x, 1);
	sfx_tick(x, 0);
	x->lag = 5;
	sfx_tick(x, 1);
	x->lag = 0;
	/* window 2: hart 1 comes 80 late; window 3 opens with 20 left */
	x->mtime = t0 + 3 * P;
	sfx_busy(x, 0);
	sfx_busy(x, 1);
	sfx_tick(x, 0);
	x->mtime = t0 + 3 * P + 80;
	sfx_tick(x, 1);
	CHECK_EQ(x->deadline[1], t0 + 4 * P);
	sfx_run(x, 100);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_DONE);
	for (unsigned int j = 0; j < 6; j++) {
		CHECK_EQ(word(x, j, 0, 3), t0 + j * P);		/* mtime */
		CHECK_EQ(word(x, j, 0, 4), W | P);		/* window */
	}
	CHECK_EQ(word(x, 0, 1, 3), t0);
	CHECK_EQ(word(x, 0, 1, 4), W | P);
	CHECK_EQ(word(x, 1, 1, 3), t0 + P);
	CHECK_EQ(word(x, 1, 1, 4), W | P | LOST);	/* its end's switch */
	CHECK_EQ(word(x, 2, 1, 3), t0 + 2 * P + 5);
	CHECK_EQ(word(x, 2, 1, 4), W | (P + 75) | LOST);	/* its start's */
	/* subsample 3: short, but counted: data */
	CHECK_EQ(word(x, 3, 1, 3), t0 + 3 * P + 80);
	CHECK_EQ(word(x, 3, 1, 4), W | (P - 80));
	CHECK(word(x, 3, 1, 2) > 0);			/* its cycles */
	CHECK_EQ(word(x, 4, 1, 3), t0 + 4 * P);
	CHECK_EQ(word(x, 4, 1, 4), W | P);
	CHECK_EQ(word(x, 5, 1, 3), t0 + 5 * P);
	CHECK_EQ(word(x, 5, 1, 4), W | P);
	CHECK_EQ(RVPMU_SAMPLER_WIN_LEN(word(x, 2, 1, 4)), P + 75);
	CHECK_OK(sfx_status(x, &st), sizeof(*st) + 2 * sizeof(struct rvpmu_sampler_hart_status));
	CHECK_EQ(st->passed, 0);
	CHECK_EQ(st->late, 0);
}

/* A hart away 80 ticks inside the switch that closes window 0 (on time):
   window 1 starts 20 ticks before its deadline. The tick could not know
   (it came on time); the window keeps its slot and its 20 ticks, and is
   LOST (the switch took far more than a 100th of a period). */
static void away_in_switch(void)
{
	struct sfx *x = sfx_new(1);
	const struct rvpmu_sampler_header *h = sfx_hdr(x, SFX_BUF);
	const struct rvpmu_sampler_status *st;
	uint64_t P, t0, sub;

	sfx_cfg(x, ab, 2, 0x1000);
	x->c.nr_pmu = 1;
	x->c.nr_sample = 2;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_start(x), 0);
	sfx_window = sfx_busy;
	while (!x->sh[0].begun)
		sfx_run(x, 1);
	P = h->period_ticks;
	t0 = h->t0;
	x->lag = 80;
	sfx_run(x, 1);				/* the tick at t0 + P */
	x->lag = 0;
	CHECK_EQ(x->deadline[0], t0 + 2 * P);
	sfx_run(x, 100);
	sub = SFX_BUF + h->header_size + h->subsample_size;	/* window 1 */
	CHECK_EQ(sfx_u64(x, sub + 8 * 3), t0 + P + 80);
	CHECK_EQ(sfx_u64(x, sub + 8 * 4),
		 (P - 80) | RVPMU_SAMPLER_WIN_LOST | RVPMU_SAMPLER_WIN_COUNTED);
	CHECK_OK(sfx_status(x, &st), sizeof(*st) + sizeof(struct rvpmu_sampler_hart_status));
	CHECK_EQ(st->passed, 0);
	CHECK_EQ(st->late, 0);
}

/*
 * The late policy across a sample's and a buffer's end, and at the
 * first tick: the passed subsamples keep their places unwritten (no
 * COUNTED: the zeros the client left), the grid stays the run's (every
 * window after them ends on its own grid point), and the run ends at t0
 * + nr_sample * nsub * P all the same. One hart, 2 groups a sample, one
 * sample in each of 4 buffers.
 */
static void release_all_full(struct sfx *x, unsigned int i)
{
	sfx_busy(x, i);
	for (unsigned int b = 0; b < x->s.nr_bufs; b++)
		if (sfx_hdr(x, x->s.bufs[b].addr)->state == RVPMU_SAMPLER_BUF_FULL)
			CHECK_EQ(rvpmu_sampler_buffer_release(&x->s, b), 0);
}

static void passes_keep_the_grid(void)
{
	struct sfx *x = sfx_new(1);
	const struct rvpmu_sampler_header *h;
	const struct rvpmu_sampler_status *st;
	const uint64_t size = 152 + 2 * (4 + 4 + 8 + 8 + 8 + 8);	/* one sample */
	uint64_t P, t0, end;
	unsigned int passed = 0, windows = 0;

	sfx_cfg(x, ab, 2, size);
	x->c.nr_pmu = 1;
	x->c.nr_sample = 4;
	x->c.flags = RVPMU_SAMPLER_F_RING;
	sfx_cfg_bufs(x, 4);
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_start(x), 0);
	h = sfx_hdr(x, SFX_BUF);
	sfx_window = release_all_full;
	P = h->period_ticks;
	/* the first tick comes 1.6 periods after t0: subsample 0's slot
	   ended, passed; 1 opens, short */
	while (!x->s.t0_set)
		sfx_run(x, 1);
	t0 = x->s.t0;
	x->mtime = t0 + P * 16 / 10;
	sfx_tick(x, 0);
	CHECK_EQ(x->deadline[0], t0 + 2 * P);
	/* the tick closing subsample 1 (due t0 + 2P) comes 2.7 periods late:
	   subsamples 2 and 3 (samples 1's both, a buffer's end) ended:
	   passed; 4 opens, short */
	x->mtime = t0 + 2 * P + P * 27 / 10;
	sfx_tick(x, 0);
	CHECK_EQ(x->deadline[0], t0 + 5 * P);
	sfx_run(x, 100);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_DONE);
	CHECK_EQ(x->s.stop_reason, RVPMU_SAMPLER_STOP_DONE);
	/* every subsample in its place: read the 12 back, buffer by buffer */
	end = 0;
	for (unsigned int k = 0; k < 8; k++) {
		uint64_t base = x->s.bufs[k / 2].addr + h->header_size +
				(k % 2) * (uint64_t)h->subsample_size;
		uint64_t mt = sfx_u64(x, base + 8 * 3), w = sfx_u64(x, base + 8 * 4);

		if (k == 0 || k == 2 || k == 3) {
			CHECK_EQ(w, 0);
			CHECK_EQ(mt, 0);
			CHECK_EQ(sfx_u64(x, base + 8 * 2), 0);
			passed++;
			continue;
		}
		windows++;
		CHECK(w & RVPMU_SAMPLER_WIN_COUNTED);
		/* each window ends on its own grid point, but the late one
		   (subsample 1), which ends at its late tick */
		CHECK_EQ(mt + RVPMU_SAMPLER_WIN_LEN(w),
			 k == 1 ? t0 + 2 * P + P * 27 / 10 : t0 + (k + 1) * P);
		if (k == 1)	/* opened by the first tick */
			CHECK_EQ(mt, t0 + P * 16 / 10);
		if (k == 4)	/* opened by the late one */
			CHECK_EQ(mt, t0 + 2 * P + P * 27 / 10);
		end = mt + RVPMU_SAMPLER_WIN_LEN(w);
	}
	CHECK_EQ(passed, 3);
	CHECK_EQ(windows, 5);
	CHECK_EQ(end, t0 + 8 * P);
	CHECK_OK(sfx_status(x, &st), sizeof(*st) + sizeof(struct rvpmu_sampler_hart_status));
	CHECK_EQ(st->passed, 3);
	CHECK_EQ(st->late, 1);
	CHECK_EQ(((const struct rvpmu_sampler_hart_status *)(st + 1))->subsamples, 8);
}

/* A client that releases every FULL buffer at once (ring mode): the run
   ends in exactly one buffer, which goes to LAST with its samples, never
   to FULL first (it could be released before LAST is written). */
static unsigned int full_seen;
static void release_as_soon_as_full(struct sfx *x, unsigned int i)
{
	sfx_busy(x, i);
	for (unsigned int b = 0; b < x->s.nr_bufs; b++)
		if (sfx_hdr(x, x->s.bufs[b].addr)->state == RVPMU_SAMPLER_BUF_FULL) {
			full_seen++;
			CHECK_EQ(rvpmu_sampler_buffer_release(&x->s, b), 0);
		}
}

/* Whether each buffer's state was written FULL since it last became
   FILLING. */
static bool went_full[2];
static void watch_states(struct sfx *x, uint64_t pa, const void *src, unsigned long len)
{
	for (unsigned int b = 0; b < 2; b++) {
		uint32_t v;

		if (pa != x->s.bufs[b].addr + offsetof(struct rvpmu_sampler_header, state) ||
		    len != 4)
			continue;
		memcpy(&v, src, 4);
		if (v == RVPMU_SAMPLER_BUF_FILLING)
			went_full[b] = false;
		if (v == RVPMU_SAMPLER_BUF_FULL)
			went_full[b] = true;
	}
}

static void a_run_ends_in_one_last_buffer(void)
{
	struct sfx *x = sfx_new(2);
	const uint64_t size = 152 + 96;	/* header and one sample */
	unsigned int last = 0, b;

	for (uint32_t n = 3; n <= 4; n++) {
		sfx_cfg(x, ab, 2, size);
		x->c.nr_pmu = 2;
		x->c.nr_sample = n;		/* the run ends as a buffer fills */
		x->c.flags = RVPMU_SAMPLER_F_RING;
		sfx_cfg_bufs(x, 2);
		CHECK_EQ(sfx_configure(x), 0);
		CHECK_EQ(sfx_start(x), 0);
		full_seen = 0;
		sfx_window = release_as_soon_as_full;
		sfx_write_hook = watch_states;
		sfx_run(x, 100);
		CHECK_EQ(x->s.state, RVPMU_SAMPLER_DONE);
		CHECK_EQ(x->s.stop_reason, RVPMU_SAMPLER_STOP_DONE);
		CHECK_EQ(full_seen, n - 1);
		for (last = 0, b = 0; b < 2; b++) {
			const struct rvpmu_sampler_header *h = sfx_hdr(x, x->s.bufs[b].addr);

			if (h->state != RVPMU_SAMPLER_BUF_LAST)
				continue;
			last++;
			CHECK(!went_full[b]);
			CHECK_EQ(h->nr_samples, 1);
			CHECK_EQ(h->first_sample, n - 1);
		}
		CHECK_EQ(last, 1);
	}
}

/*
 * STOP is the last word: once every hart ran its stop (what the firmware's
 * STOP waits for), the run is DONE, the buffer it ended in is LAST, and
 * nothing writes into the buffers again, whatever the harts' timers do.
 */
static void nothing_is_written_after_stop(void)
{
	struct sfx *x = sfx_new(2);
	static uint8_t before[0x800];

	sfx_cfg(x, ab, 2, 0x800);
	x->c.nr_pmu = 1;
	x->c.nr_sample = 50;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_start(x), 0);
	sfx_window = sfx_busy;
	sfx_run(x, 7);
	CHECK_EQ(rvpmu_sampler_stop(&x->s), 0);
	rvpmu_sampler_hart_stop(&x->s, &x->sh[0]);
	rvpmu_sampler_hart_stop(&x->s, &x->sh[1]);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_DONE);
	CHECK_EQ(sfx_hdr(x, SFX_BUF)->state, RVPMU_SAMPLER_BUF_LAST);
	memcpy(before, sfx_mem(x, SFX_BUF), sizeof(before));
	for (unsigned int i = 0; i < 2; i++) {
		CHECK_EQ(x->deadline[i], SFX_NO_DEADLINE);
		x->mtime += 1000;
		sfx_tick(x, i);			/* a stray timer interrupt */
		CHECK_EQ(x->deadline[i], SFX_NO_DEADLINE);
	}
	CHECK(memcmp(before, sfx_mem(x, SFX_BUF), sizeof(before)) == 0);
	CHECK_EQ(x->h[0].reserved | x->h[1].reserved, 0);
}

/* 700 cycles (and instructions) a window. */
static void spin(struct sfx *x, unsigned int i)
{
	if (x->sh[i].running)
		sim_run(&x->sim[i], 700);
}

/*
 * QEMU 7.2 on RV32 (tools/sim split_halves): a cycles or instructions
 * counter read in a window that crossed a multiple of 2^32 clock ticks
 * has 2^32 too much in its high half. Windows of cycles and instructions
 * (one copy each counting, a duplicate reading 0) from 2,000 ticks before
 * 2^32 to after it: every window's counts are its 700 cycles.
 */
static void windows_across_2_32_ticks(void)
{
	static const uint32_t ci[4] = { SBI_PMU_HW_CPU_CYCLES, SBI_PMU_HW_INSTRUCTIONS,
					SBI_PMU_HW_CPU_CYCLES, A };
	struct sfx *x = sfx_new(1);
	const struct rvpmu_sampler_header *h = sfx_hdr(x, SFX_BUF);
	struct sim_hart *sim = &x->sim[0];
	unsigned int k, j, bad = 0;

	sim->qemu_inhibit = true;
	sim->split_halves = true;
	sim->ticks = (UINT64_C(1) << 32) - 2000;
	for (j = 0; j < 3; j += 2)		/* mcycle, minstret: 0 at reset */
		sim->ctr[j] = sim->prev[j] = 0;
	CHECK_EQ(rvpmu_hart_init(&x->h[0], &x->cfg, sim), 0);
	CHECK_EQ(x->h[0].hi_no_borrow, RVPMU_XLEN == 32);
	sfx_cfg(x, ci, 4, 0x800);
	x->c.nr_pmu = 4;
	x->c.nr_sample = 8;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_start(x), 0);
	sfx_window = spin;
	sfx_run(x, 100);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_DONE);
	CHECK(sim->ticks > UINT64_C(1) << 32);
	for (k = 0; k < 8; k++) {
		uint64_t sub = SFX_BUF + h->header_size + k * (uint64_t)h->sample_size;
		uint64_t c = sfx_u64(x, sub + 8), i = sfx_u64(x, sub + 16), d = sfx_u64(x, sub + 24);

		if (sfx_u64(x, sub + 40) == 700 && i == 700 && sfx_u64(x, sub + 32) == 0 &&
		    ((c == 700 && d == 0) || (c == 0 && d == 700)))
			continue;
		if (!bad++)
			printf("# window %u: cycles %llu, instructions %llu, cycles again %llu, "
			       "field %llu\n", k, (unsigned long long)c, (unsigned long long)i,
			       (unsigned long long)d, (unsigned long long)sfx_u64(x, sub + 40));
	}
	CHECK_EQ(bad, 0);
}

/* 700 instructions, then 300 ticks with every hart asleep, a window. */
static void spin_then_sleep(struct sfx *x, unsigned int i)
{
	if (!x->sh[i].running)
		return;
	sim_run(&x->sim[i], 700);
	sim_idle(&x->sim[i], 300);
}

/*
 * QEMU 9.1 and later under -icount on RV32 (tools/sim instret_apart with
 * split_halves): instret counts the instructions executed, mcycle a clock
 * that also moves while every hart sleeps, and both lose the low half's
 * borrow. Windows of 700 instructions and 300 ticks asleep, from 2,000
 * instructions before 2^32 to after it, with mcycle far from a multiple
 * of 2^32 (it never crosses one in the run): the instructions counts are
 * 700, the cycles 1000, though mcycle shows no crossing.
 */
static void instret_across_2_32_on_its_own_clock(void)
{
	static const uint32_t ci[2] = { SBI_PMU_HW_CPU_CYCLES, SBI_PMU_HW_INSTRUCTIONS };
	struct sfx *x = sfx_new(1);
	const struct rvpmu_sampler_header *h = sfx_hdr(x, SFX_BUF);
	struct sim_hart *sim = &x->sim[0];
	unsigned int k, bad = 0;

	sim->qemu_inhibit = true;
	sim->split_halves = true;
	sim->instret_apart = true;
	sim->insns = (UINT64_C(1) << 32) - 2000;
	sim->ticks = (UINT64_C(5) << 31);	/* 2^33 + 2^31: 2^31 from a multiple */
	sim->ctr[0] = sim->prev[0] = 0;		/* mcycle: 0 at reset */
	sim->ctr[2] = sim->prev[2] = 0;		/* minstret too */
	CHECK_EQ(rvpmu_hart_init(&x->h[0], &x->cfg, sim), 0);
	CHECK_EQ(x->h[0].hi_no_borrow, RVPMU_XLEN == 32);
	CHECK(rvpmu_instret_own_clock(&x->h[0]));
	sfx_cfg(x, ci, 2, 0x800);
	x->c.nr_pmu = 2;
	x->c.nr_sample = 8;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_start(x), 0);
	sfx_window = spin_then_sleep;
	sfx_run(x, 100);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_DONE);
	CHECK(sim->insns > UINT64_C(1) << 32);
	CHECK(sim->ticks >> 32 == 2);
	for (k = 0; k < 8; k++) {
		uint64_t sub = SFX_BUF + h->header_size + k * (uint64_t)h->sample_size;
		uint64_t c = sfx_u64(x, sub + 8), i = sfx_u64(x, sub + 16), f = sfx_u64(x, sub + 24);

		if (c == 1000 && i == 700 && f == 1000)
			continue;
		if (!bad++)
			printf("# window %u: cycles %llu, instructions %llu, field %llu\n", k,
			       (unsigned long long)c, (unsigned long long)i, (unsigned long long)f);
	}
	CHECK_EQ(bad, 0);
}

void suite_sampler_edges(void)
{
	static const struct t_case cases[] = {
		T(t0_is_chosen_once_every_hart_armed),
		T(start_returns_before_t0),
		T(layout_4_every_subsample),
		T(window_words),
		T(away_in_switch),
		T(passes_keep_the_grid),
		T(a_run_ends_in_one_last_buffer),
		T(nothing_is_written_after_stop),
		T(windows_across_2_32_ticks),
		T(instret_across_2_32_on_its_own_clock),
	};

	T_RUN(cases);
}
