/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Version 2's races and life cycle on simulated harts: BUFFER_RELEASE
 * against fills (interleaved at the engine's own header writes, and from
 * a second thread against harts ticking), a fill closed exactly once,
 * calls at a run's last moment, waits that relax (pauses and rejoins:
 * test_sampler_pause.c).
 */
#define _POSIX_C_SOURCE 200809L	/* nanosleep */
#include <pthread.h>
#include <sched.h>
#include <stddef.h>
#include <time.h>
#include <unistd.h>	/* alarm */

#include "sfx.h"
#include "core/internal.h"
#include "sampler/internal.h"

#define A	SBI_PMU_DTLB_READ_MISS
#define B	FX_DTLB_WR_MISS

static const uint32_t ab[2] = { A, B };
#define STATE_OFF	offsetof(struct rvpmu_sampler_header, state)

/* The buffer whose header state word pa is, or -1. */
static int state_of(struct sfx *x, uint64_t pa, unsigned long len)
{
	if (len != 4)
		return -1;
	for (unsigned int b = 0; b < x->s.nr_bufs; b++)
		if (pa == x->s.bufs[b].addr + STATE_OFF)
			return (int)b;
	return -1;
}

/* ---- BUFFER_RELEASE in the middle of the engine's header writes */

/* A release from another hart while a fill closes: it must wait for the
   closer (S-mode may already read FULL in the header) and succeed. */
struct waiter {
	struct sfx *x;
	uint32_t b;
	long ret;
};
static struct waiter waiters[16];
static pthread_t waiting[16];
static unsigned int denied, opening, closing, nwait, started;

static void *release_waits(void *arg)
{
	struct waiter *w = arg;

	__atomic_add_fetch(&started, 1, __ATOMIC_RELEASE);
	w->ret = rvpmu_sampler_buffer_release(&w->x->s, w->b);
	return NULL;
}

/* Join every waiting release: each returned 0 (the buffers' states are
   checked at the end of the run). */
static void join_waiters(void)
{
	for (unsigned int i = 0; i < nwait; i++) {
		pthread_join(waiting[i], NULL);
		CHECK_EQ(waiters[i].ret, 0);
	}
	nwait = 0;
}

static void release_inside(struct sfx *x, uint64_t pa, const void *src, unsigned long len)
{
	int b = state_of(x, pa, len);
	unsigned int want;
	uint32_t v;

	if (b < 0)
		return;
	memcpy(&v, src, 4);
	if (v == RVPMU_SAMPLER_BUF_FILLING) {
		/* a fill opening: a release landing now is DENIED and
		   writes nothing */
		opening++;
		sfx_write_hook = NULL;	/* a release's own store is not one */
		if (rvpmu_sampler_buffer_release(&x->s, (rvpmu_ulong)b) == SBI_ERR_DENIED)
			denied++;
		sfx_write_hook = release_inside;
	} else if (v == RVPMU_SAMPLER_BUF_FULL || v == RVPMU_SAMPLER_BUF_LAST) {
		/* a fill closing: a release now would wait for the closer */
		closing++;
		CHECK_EQ(__atomic_load_n(&x->s.bstate[b], __ATOMIC_ACQUIRE), BS_CLOSING);
		/* the run's LAST fill stays for the release after the run;
		   for a FULL one the release starts on another thread, and is
		   given the time to reach its wait before the closer goes on */
		if (v == RVPMU_SAMPLER_BUF_LAST || nwait == 16)
			return;
		waiters[nwait] = (struct waiter){ .x = x, .b = (uint32_t)b };
		want = __atomic_load_n(&started, __ATOMIC_ACQUIRE) + 1;
		CHECK_EQ(pthread_create(&waiting[nwait], NULL, release_waits, &waiters[nwait]), 0);
		nwait++;
		while (__atomic_load_n(&started, __ATOMIC_ACQUIRE) < want)
			sched_yield();
		for (unsigned int k = 0; k < 100; k++)
			sched_yield();
	}
}

static void release_full(struct sfx *x, unsigned int i)
{
	join_waiters();
	sfx_busy(x, i);
	for (unsigned int b = 0; b < x->s.nr_bufs; b++)
		if (sfx_hdr(x, x->s.bufs[b].addr)->state == RVPMU_SAMPLER_BUF_FULL)
			CHECK_EQ(rvpmu_sampler_buffer_release(&x->s, b), 0);
}

/*
 * Ring mode, one sample a buffer: at every state store of a fill opening
 * or closing, BUFFER_RELEASE of that buffer comes in (as from another
 * hart between the engine's check and its store). At an opening it is
 * DENIED and writes nothing; at a closing it waits for the closer and
 * succeeds (version 1 stored FREE over a fill being opened, issue 37;
 * the first version 2 answered DENIED for a buffer whose header already
 * said FULL). Every fill still ends with its own state.
 */
static void release_never_overwrites_a_fill(void)
{
	struct sfx *x = sfx_new(2);
	const uint64_t size = 152 + 96;
	const struct rvpmu_sampler_status *st;

	sfx_cfg(x, ab, 2, size);
	x->c.nr_pmu = 2;
	x->c.nr_sample = 9;
	x->c.flags = RVPMU_SAMPLER_F_RING;
	sfx_cfg_bufs(x, 3);
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_start(x), 0);
	denied = opening = closing = nwait = started = 0;
	sfx_write_hook = release_inside;
	sfx_window = release_full;
	sfx_run(x, 1000);
	sfx_write_hook = NULL;
	join_waiters();
	CHECK_EQ(opening, 8);	/* fill 0 opened at START, before the hook */
	CHECK_EQ(denied, opening);
	CHECK_EQ(closing, 9);
	CHECK_OK(sfx_status(x, &st), sizeof(*st) + 2 * sizeof(struct rvpmu_sampler_hart_status));
	CHECK_EQ(st->state, RVPMU_SAMPLER_DONE);
	CHECK_EQ(st->stop_reason, RVPMU_SAMPLER_STOP_DONE);
	CHECK_EQ(st->samples, 9);
	CHECK_EQ(st->buffers_used, 9);
	/* sample 8 is in buffer 2, lap 2: LAST; the others FREE (released) */
	for (unsigned int b = 0; b < 3; b++) {
		const struct rvpmu_sampler_header *h = sfx_hdr(x, x->s.bufs[b].addr);

		CHECK_EQ(h->lap, 2);
		CHECK_EQ(h->first_sample, 6 + b);
		CHECK_EQ(h->nr_samples, 1);
		CHECK_EQ(h->state, (b == 2 ? RVPMU_SAMPLER_BUF_LAST : RVPMU_SAMPLER_BUF_FREE));
		CHECK_EQ(x->s.bstate[b], h->state);
	}
	/* after the run: LAST goes FREE, FREE stays FREE */
	CHECK_EQ(rvpmu_sampler_buffer_release(&x->s, 2), 0);
	CHECK_EQ(sfx_hdr(x, x->s.bufs[2].addr)->state, RVPMU_SAMPLER_BUF_FREE);
	CHECK_EQ(rvpmu_sampler_buffer_release(&x->s, 2), 0);
}

/* ---- a fill closed exactly once */

static unsigned int closes[4];
static void count_closes(struct sfx *x, uint64_t pa, const void *src, unsigned long len)
{
	int b = state_of(x, pa, len);
	uint32_t v;

	if (b < 0)
		return;
	memcpy(&v, src, 4);
	if (v == RVPMU_SAMPLER_BUF_FULL || v == RVPMU_SAMPLER_BUF_LAST)
		closes[b]++;
}

/*
 * Every closer the engine has (a hart through the fill, a hart leaving or
 * pausing, the run's end) closes a fill at most once, and a second one
 * never rewrites a buffer S-mode already released. Version 1's
 * through_fill and hart_leave could both close it (issue 37: engine.c
 * ~102-108 and ~651-657), the second FULL over the client's FREE.
 */
static void fill_closed_once(void)
{
	struct sfx *x = sfx_new(3);
	const uint64_t size = 168 + 144;	/* header and one sample */
	uint64_t h0 = SFX_BUF;

	sfx_cfg(x, ab, 2, size);
	x->c.nr_pmu = 2;
	x->c.nr_sample = 0;			/* no limit */
	x->c.flags = RVPMU_SAMPLER_F_RING;
	sfx_cfg_bufs(x, 2);
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_plan(x)->min_buffer_size, size);
	CHECK_EQ(sfx_start(x), 0);
	memset(closes, 0, sizeof(closes));
	sfx_write_hook = count_closes;
	sfx_window = sfx_busy;
	sfx_run_until_begun(x);
	/* hart 0 gets through fill 0 (opening fill 1), hart 1 too */
	x->mtime = x->deadline[0];
	sfx_tick(x, 0);
	sfx_tick(x, 1);
	CHECK_EQ(x->s.need[0] & NEED_COUNT, 1);
	CHECK_EQ(closes[0], 0);
	/* hart 2 leaves: it was the last one counted: fill 0 closes FULL */
	rvpmu_sampler_hart_leave(&x->s, &x->sh[2], false);
	CHECK_EQ(closes[0], 1);
	CHECK_EQ(sfx_hdr(x, h0)->state, RVPMU_SAMPLER_BUF_FULL);
	CHECK_EQ(sfx_hdr(x, h0)->nr_samples, 1);
	CHECK(x->s.need[0] & NEED_CLOSED);
	CHECK_EQ(rvpmu_sampler_buffer_release(&x->s, 0), 0);
	/* every other closer now: nothing, the client's FREE stays */
	rvpmu_sampler_drop(&x->s, 0, true);
	rvpmu_sampler_drop(&x->s, 0, false);
	rvpmu_sampler_close(&x->s, 0, RVPMU_SAMPLER_BUF_FULL, 1);
	CHECK_EQ(closes[0], 1);
	CHECK_EQ(sfx_hdr(x, h0)->state, RVPMU_SAMPLER_BUF_FREE);
	CHECK_EQ(x->s.bstate[0], RVPMU_SAMPLER_BUF_FREE);
	/* the run goes on through fills 1, 2 (buffer 0 again), 3 */
	sfx_window = release_full;
	sfx_run(x, 12);
	CHECK(x->sh[0].fill >= 3);
	CHECK_EQ(rvpmu_sampler_stop(&x->s), 0);
	for (unsigned int i = 0; i < 3; i++)
		rvpmu_sampler_hart_stop(&x->s, &x->sh[i]);
	sfx_write_hook = NULL;
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_DONE);
	/* each fill closed once: fills 0 and 2 in buffer 0, 1 and 3 in 1 */
	CHECK_EQ(closes[0] + closes[1], x->sh[0].fill + 1);
	CHECK_EQ(x->sh[0].fill + 1, x->s.fills >> FILLS_SHIFT);
}

/* ---- BUFFER_RELEASE from another thread while the harts tick */

static volatile int racing;
static unsigned int bad_free, bad_filling, releases;
static unsigned int fills_closed[64];

static void watch_stores(struct sfx *x, uint64_t pa, const void *src, unsigned long len)
{
	int b = state_of(x, pa, len);
	uint32_t v, bs;

	if (b < 0)
		return;
	memcpy(&v, src, 4);
	bs = __atomic_load_n(&x->s.bstate[b], __ATOMIC_ACQUIRE);
	/* FREE is stored only by a release that took the buffer, FILLING
	   only into a buffer the engine took, FULL/LAST only while closing */
	if (v == RVPMU_SAMPLER_BUF_FREE && bs != BS_RELEASING)
		__atomic_add_fetch(&bad_free, 1, __ATOMIC_RELAXED);
	if (v == RVPMU_SAMPLER_BUF_FILLING && bs != RVPMU_SAMPLER_BUF_FILLING)
		__atomic_add_fetch(&bad_filling, 1, __ATOMIC_RELAXED);
	if (v == RVPMU_SAMPLER_BUF_FULL || v == RVPMU_SAMPLER_BUF_LAST) {
		if (bs != BS_CLOSING)
			__atomic_add_fetch(&bad_filling, 1, __ATOMIC_RELAXED);
		__atomic_add_fetch(&fills_closed[b], 1, __ATOMIC_RELAXED);
	}
}

/* The client: releases every buffer whose header says FULL, as fast as
   it can, until the run is over. */
static void *client(void *arg)
{
	struct sfx *x = arg;

	while (__atomic_load_n(&racing, __ATOMIC_ACQUIRE)) {
		for (unsigned int b = 0; b < x->s.nr_bufs; b++) {
			uint32_t st = __atomic_load_n(&((struct rvpmu_sampler_header *)sfx_mem(
							       x, x->s.bufs[b].addr))->state,
						       __ATOMIC_ACQUIRE);

			if (st == RVPMU_SAMPLER_BUF_FULL &&
			    !rvpmu_sampler_buffer_release(&x->s, b))
				__atomic_add_fetch(&releases, 1, __ATOMIC_RELAXED);
		}
		sched_yield();
	}
	return NULL;
}

/* A window; and when half the buffers wait for the client, the harts
   wait for it a little (a client that never ran would end the run FULL
   before any race). */
static void yield_busy(struct sfx *x, unsigned int i)
{
	unsigned int full, b, n = 0;

	sfx_busy(x, i);
	do {
		sched_yield();
		for (full = 0, b = 0; b < x->s.nr_bufs; b++)
			full += __atomic_load_n(&x->s.bstate[b], __ATOMIC_ACQUIRE) ==
				RVPMU_SAMPLER_BUF_FULL;
	} while (2 * full >= x->s.nr_bufs && ++n < 100000);
}

/*
 * Four harts, tiny buffers (one sample), ring mode, a client thread
 * releasing FULL buffers while the harts tick (and one hart pausing and
 * rejoining now and then): no state store lands out of its transition,
 * every fill is closed exactly once, and the run's samples are its
 * fills' in order.
 */
static void release_races_fills(void)
{
	struct sfx *x = sfx_new(4);
	const uint64_t size = 104 + 16 + 16 + 32 + 192;
	pthread_t t;
	unsigned int b, nb = 8, n, ticks = 0, fills;

	sfx_cfg(x, ab, 2, size);
	x->c.nr_pmu = 2;
	x->c.nr_sample = 400;
	x->c.nr_bufs = nb;
	x->c.flags = RVPMU_SAMPLER_F_RING;
	for (b = 1; b < nb; b++) {
		x->c.bufs[b].addr = SFX_BUF + 0x200 * b;
		x->c.bufs[b].size = size;
	}
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_start(x), 0);
	bad_free = bad_filling = releases = 0;
	memset(fills_closed, 0, sizeof(fills_closed));
	sfx_write_hook = watch_stores;
	sfx_window = yield_busy;
	racing = 1;
	CHECK_EQ(pthread_create(&t, NULL, client, x), 0);
	for (n = 0; x->s.state == RVPMU_SAMPLER_RUNNING && n < 100000; n++) {
		ticks += sfx_run(x, 4);
		/* hart 3 pauses for a few periods every so often */
		if (n % 37 == 5)
			rvpmu_sampler_hart_pause(&x->s, &x->sh[3]);
		if (n % 37 == 20)
			rvpmu_sampler_hart_resume(&x->s, &x->sh[3]);
	}
	__atomic_store_n(&racing, 0, __ATOMIC_RELEASE);
	pthread_join(t, NULL);
	rvpmu_sampler_hart_resume(&x->s, &x->sh[3]);
	sfx_write_hook = NULL;
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_DONE);
	CHECK_EQ(bad_free, 0);
	CHECK_EQ(bad_filling, 0);
	fills = x->s.fills >> FILLS_SHIFT;
	for (n = 0, b = 0; b < nb; b++)
		n += fills_closed[b];
	CHECK_EQ(n, fills);
	CHECK(releases > 0);
	/* each buffer's last fill: lap and first sample in order */
	for (b = 0; b < nb; b++) {
		const struct rvpmu_sampler_header *h = sfx_hdr(x, x->s.bufs[b].addr);

		if (h->state == RVPMU_SAMPLER_BUF_FREE)
			continue;
		CHECK_EQ(h->first_sample, (uint64_t)h->lap * nb + b);
	}
	for (unsigned int i = 0; i < 4; i++)
		CHECK_EQ(x->h[i].reserved, 0);
	printf("# %u ticks, %u fills, %u releases, stop reason %u\n", ticks, fills, releases,
	       x->s.stop_reason);
}

/* ---- a call while the run's end is written */

/* What a client on another hart sees just after it read LAST. */
struct late_call {
	struct sfx *x;
	long stop, reset;
	uint32_t state, reason;
	int done;
};
static struct late_call late;
static pthread_t late_thread;
static int late_seen;

static void *call_after_last(void *arg)
{
	struct late_call *c = arg;
	const struct rvpmu_sampler_status *st;

	c->stop = rvpmu_sampler_stop(&c->x->s);
	if (!sfx_status(c->x, &st).error) {
		c->state = st->state;
		c->reason = st->stop_reason;
	}
	c->reset = rvpmu_sampler_reset(&c->x->s);
	__atomic_store_n(&c->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

/* At end_run's LAST store: the client's calls start on another thread,
   given 200 ms to answer while the closer stands still. */
static void calls_at_last(struct sfx *x, uint64_t pa, const void *src, unsigned long len)
{
	uint32_t v;

	if (late_seen || state_of(x, pa, len) < 0)
		return;
	memcpy(&v, src, 4);
	if (v != RVPMU_SAMPLER_BUF_LAST)
		return;
	late_seen = 1;
	late = (struct late_call){ .x = x };
	CHECK_EQ(pthread_create(&late_thread, NULL, call_after_last, &late), 0);
	for (unsigned int ms = 0; ms < 200 && !__atomic_load_n(&late.done, __ATOMIC_ACQUIRE);
	     ms++)
		nanosleep(&(struct timespec){ .tv_nsec = 1000000 }, NULL);
}

/*
 * Between end_run's LAST header and its DONE, a client that read LAST
 * calls STOP, STATUS and RESET: each sees the run ended (ALREADY_STOPPED,
 * DONE with its reason, RESET done), not RUNNING: the calls wait for the
 * closer's few stores. The first version answered RUNNING there (STATUS,
 * and RESET DENIED), seen by sampler-release on QEMU.
 */
static void calls_after_last_see_done(void)
{
	struct sfx *x = sfx_new(2);

	sfx_cfg(x, ab, 2, 0x1000);
	x->c.nr_pmu = 2;
	x->c.nr_sample = 3;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_start(x), 0);
	late_seen = 0;
	sfx_write_hook = calls_at_last;
	sfx_window = sfx_busy;
	sfx_run(x, 100);
	sfx_write_hook = NULL;
	CHECK_EQ(late_seen, 1);
	if (!late_seen)
		return;
	pthread_join(late_thread, NULL);
	CHECK_EQ(late.stop, SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(late.state, RVPMU_SAMPLER_DONE);
	CHECK_EQ(late.reason, RVPMU_SAMPLER_STOP_DONE);
	CHECK_EQ(late.reset, 0);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_IDLE);
}

/* ---- waits for another hart hand the thread on */

static unsigned int relaxed;

/* The holder's unlock, on the waiter's third turn. */
static void unlock_at_third(struct sfx *x)
{
	if (++relaxed == 3)
		rvpmu_sampler_unlock(&x->s);
}

/* The closer's DONE, on the waiter's second turn. */
static void done_at_second(struct sfx *x)
{
	if (++relaxed == 2)
		__atomic_store_n(&x->s.state, RVPMU_SAMPLER_DONE, __ATOMIC_RELEASE);
}

/*
 * A hart at a fill's boundary finds the fill lock held by a hart that is
 * not running (leaving the run, descheduled by QEMU's round robin in its
 * few stores), and STATUS finds the run's end decided but DONE not yet
 * stored: each wait turns through the platform's relax, the only way the
 * other hart gets to run where one thread runs them all. Without it the
 * firmware's tick spun through its 100 ms slice (timerdl on QEMU 7.2, 6
 * runs in 100); here the test would hang (alarm).
 */
static void waits_relax(void)
{
	struct sfx *x = sfx_new(1);
	const struct rvpmu_sampler_status *st;
	uint32_t fills0;

	sfx_cfg(x, ab, 2, 0x400);
	x->c.nr_pmu = 2;
	x->c.nr_sample = 0;
	sfx_cfg_bufs(x, 2);
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_start(x), 0);
	sfx_window = sfx_busy;
	alarm(10);
	/* up to the last subsample of fill 0, then the lock taken */
	while (x->sh[0].fill == 0 && sfx_run(x, 1))
		if (rvpmu_sampler_hart_subsamples(&x->s, &x->sh[0]) + 1 == x->s.cap[0] * x->s.nsub)
			break;
	fills0 = rvpmu_sampler_lock(&x->s);
	relaxed = 0;
	sfx_relax = unlock_at_third;
	sfx_run(x, 2);
	CHECK_EQ(relaxed, 3);
	CHECK(__atomic_load_n(&x->s.fills, __ATOMIC_ACQUIRE) >> FILLS_SHIFT > fills0 >> FILLS_SHIFT);
	CHECK_EQ(x->sh[0].fill, 1);
	/* the end decided, DONE not yet stored */
	__atomic_or_fetch(&x->s.running, RUN_ENDED, __ATOMIC_SEQ_CST);
	relaxed = 0;
	sfx_relax = done_at_second;
	CHECK_EQ(sfx_status(x, &st).error, 0);
	CHECK_EQ(relaxed, 2);
	CHECK_EQ(st->state, RVPMU_SAMPLER_DONE);
	alarm(0);
	sfx_relax = NULL;
	sfx_window = NULL;
}

/* ---- retentive suspend: pause and rejoin */

/* The window word of subsample k, position p (two harts, nr_pmu 1). */
void suite_sampler_v2(void)
{
	static const struct t_case cases[] = {
		T(release_never_overwrites_a_fill),
		T(fill_closed_once),
		T(release_races_fills),
		T(calls_after_last_see_done),
		T(waits_relax),
	};

	T_RUN(cases);
}
