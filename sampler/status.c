/* SPDX-License-Identifier: BSD-2-Clause */
/* Boot-time binding, GET_INFO, STATUS, BUFFER_RELEASE and RESET. */
#include <stddef.h>

#include "internal.h"

void rvpmu_sampler_init(struct rvpmu_sampler *s,
			const struct rvpmu_sampler_platform *plat)
{
	__builtin_memset(s, 0, sizeof(*s));
	s->plat = plat;
	s->state = RVPMU_SAMPLER_IDLE;
}

void rvpmu_sampler_hart_init(struct rvpmu_sampler_hart *sh,
			     struct rvpmu_hart *pmu, void *hctx, uint32_t hartid)
{
	__builtin_memset(sh, 0, sizeof(*sh));
	sh->pmu = pmu;
	sh->hctx = hctx;
	sh->hartid = hartid;
}

/* A statistic another hart may be updating: read it once. */
static uint64_t once(const uint64_t *p)
{
	return *(volatile const uint64_t *)p;
}

/* Bounds the retries of a snapshot: a hart updates its statistics in a
   few instructions, so a reader that keeps meeting an update is being
   starved, not waiting for one (it then takes what it read). */
#define SNAP_TRIES	1000

void rvpmu_sampler_stats(const struct rvpmu_sampler *s, const struct rvpmu_sampler_hart *sh,
			 struct sampler_stats *o)
{
#if RVPMU_XLEN == 32
	for (unsigned int n = 0; n < SNAP_TRIES; n++) {
		uint32_t q = __atomic_load_n(&sh->seq, __ATOMIC_ACQUIRE);

		if (q & 1)
			continue;
#endif
		o->flags = __atomic_load_n(&sh->flags, __ATOMIC_RELAXED);
		o->samples = once(&sh->samples);
		o->subsamples = rvpmu_sampler_hart_subsamples(s, sh);
		o->late = once(&sh->late);
		o->max_skew = once(&sh->max_skew);
		o->passed = once(&sh->passed);
		o->paused = once(&sh->paused);
#if RVPMU_XLEN == 32
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		if (__atomic_load_n(&sh->seq, __ATOMIC_RELAXED) == q)
			break;
	}
#endif
}

struct rvpmu_ret rvpmu_sampler_get_info(struct rvpmu_sampler *s, rvpmu_ulong lo,
					rvpmu_ulong hi, rvpmu_ulong size)
{
	struct rvpmu_sampler_info info;
	struct rvpmu_ret r = { 0, sizeof(info) };
	uint64_t pa;

	if (!size || (size & 7)) {
		r.error = SBI_ERR_INVALID_PARAM;
		r.value = 0;
		return r;
	}
	if ((r.error = rvpmu_sampler_shmem(s, lo, hi, size, &pa))) {
		r.value = 0;
		return r;
	}
	rvpmu_sampler_info(s, &info);
	sampler_put(s, pa, &info, size < sizeof(info) ? (unsigned long)size : sizeof(info));
	return r;
}

/* The first len bytes of an answer whose bytes [at, at + n) are v. */
static void put_part(struct rvpmu_sampler *s, uint64_t pa, uint64_t len, uint64_t at,
		     const void *v, uint64_t n)
{
	if (at < len)
		sampler_put(s, pa + at, v, (unsigned long)(len - at < n ? len - at : n));
}

struct rvpmu_ret rvpmu_sampler_status(struct rvpmu_sampler *s, rvpmu_ulong lo,
				      rvpmu_ulong hi, rvpmu_ulong size)
{
	struct rvpmu_sampler_status st = { 0 };
	struct rvpmu_ret r = { 0, 0 };
	uint64_t pa, need, len;
	bool ran;
	uint32_t i;

	if (!size || (size & 7)) {
		r.error = SBI_ERR_INVALID_PARAM;
		return r;
	}
	if ((r.error = rvpmu_sampler_shmem(s, lo, hi, size, &pa)))
		return r;

	st.state = rvpmu_sampler_settled(s);
	ran = st.state == RVPMU_SAMPLER_RUNNING || st.state == RVPMU_SAMPLER_DONE;
	if (st.state != RVPMU_SAMPLER_IDLE) {
		st.stop_reason = __atomic_load_n(&s->stop_reason, __ATOMIC_ACQUIRE);
		st.nr_harts = s->nr_data;
		st.nr_pmu = s->nr_pmu;
		st.period_us = s->period_us;
		st.nr_sample = s->nr_sample;
	}
	/* a run's figures once there was one (CONFIGURE forgets them) */
	if (ran) {
		st.samples = rvpmu_sampler_samples(s);
		st.buffers_used = __atomic_load_n(&s->fills, __ATOMIC_ACQUIRE) >> FILLS_SHIFT;
		if (st.stop_reason == RVPMU_SAMPLER_STOP_FULL && s->nr_sample &&
		    st.samples < s->nr_sample)
			st.lost = s->nr_sample - st.samples;
	}
	need = sizeof(st) + (uint64_t)st.nr_harts * sizeof(struct rvpmu_sampler_hart_status);
	len = size < need ? size : need;
	for (i = 0; i < st.nr_harts; i++) {
		const struct rvpmu_sampler_hart *sh = sampler_hart_at(s, i);
		struct rvpmu_sampler_hart_status hs = { .hartid = sh->hartid };
		struct sampler_stats x;

		if (ran) {
			rvpmu_sampler_stats(s, sh, &x);
			hs.flags = x.flags;
			hs.subsamples = x.subsamples;
			hs.late = x.late;
			hs.max_skew = x.max_skew;
			hs.passed = x.passed;
			hs.paused = x.paused;
		}
		st.late += hs.late;
		st.passed += hs.passed;
		st.paused += hs.paused;
		if (hs.max_skew > st.max_skew)
			st.max_skew = hs.max_skew;
		put_part(s, pa, len, sizeof(st) + (uint64_t)i * sizeof(hs), &hs, sizeof(hs));
	}
	put_part(s, pa, len, 0, &st, sizeof(st));
	r.value = (rvpmu_ulong)need;
	return r;
}

long rvpmu_sampler_buffer_release(struct rvpmu_sampler *s, rvpmu_ulong index)
{
	uint32_t st = __atomic_load_n(&s->state, __ATOMIC_ACQUIRE), b, free = RVPMU_SAMPLER_BUF_FREE;

	if (st == RVPMU_SAMPLER_IDLE)
		return SBI_ERR_INVALID_STATE;
	if (!(s->flags & RVPMU_SAMPLER_F_RING) || index >= s->nr_bufs)
		return SBI_ERR_INVALID_PARAM;
	/*
	 * One compare-and-swap takes the buffer from FULL or LAST: a fill
	 * opens only from FREE (engine.c, open_fill), so none can open in it
	 * until FREE is stored below, after the header says FREE; and a
	 * FILLING (or closing) buffer is never touched. BUFFER_RELEASE calls
	 * are serialised by the caller, so RELEASING is ours alone.
	 */
	for (;;) {
		b = __atomic_load_n(&s->bstate[index], __ATOMIC_ACQUIRE);
		if (b == RVPMU_SAMPLER_BUF_FREE)
			return 0;
		/* a closer between its header's FULL or LAST and its own
		   state (rvpmu_sampler_close: a few stores): S-mode may
		   already have read the header, so wait, never DENIED */
		if (b == BS_CLOSING) {
			sampler_relax(s);
			continue;
		}
		if (b != RVPMU_SAMPLER_BUF_FULL && b != RVPMU_SAMPLER_BUF_LAST)
			return SBI_ERR_DENIED;
		if (__atomic_compare_exchange_n(&s->bstate[index], &b, BS_RELEASING, false,
						__ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
			break;
	}
	/* the calling hart's reads of the buffer (S-mode's, before the call)
	   before FREE: once a fill sees FREE it may write the buffer again,
	   and a read still outstanding would see the new data */
	__atomic_thread_fence(__ATOMIC_RELEASE);
	sampler_put(s, s->bufs[index].addr + offsetof(struct rvpmu_sampler_header, state), &free,
		    4);
	__atomic_store_n(&s->bstate[index], RVPMU_SAMPLER_BUF_FREE, __ATOMIC_RELEASE);
	return 0;
}

void rvpmu_sampler_forget(struct rvpmu_sampler *s)
{
	/* no hart is in a run: their statistics and flags are free */
	for (uint32_t i = 0; i < s->nr_data; i++) {
		struct rvpmu_sampler_hart *sh = sampler_hart_at(s, i);

		sh->flags = 0;
		sh->samples = sh->late = sh->max_skew = sh->passed = sh->paused = 0;
		sh->gr = 0;
	}
}

long rvpmu_sampler_reset(struct rvpmu_sampler *s)
{
	if (rvpmu_sampler_settled(s) == RVPMU_SAMPLER_RUNNING)
		return SBI_ERR_DENIED;
	rvpmu_sampler_forget(s);
	s->nr_data = 0;
	s->nr_bufs = 0;
	s->fills = 0;
	s->stop_reason = RVPMU_SAMPLER_STOP_NONE;
	__atomic_store_n(&s->state, RVPMU_SAMPLER_IDLE, __ATOMIC_RELEASE);
	/* nothing configured: the platform has its memory back */
	if (s->mem && s->plat->state_free)
		s->plat->state_free(s->plat->ctx, s->mem);
	s->mem = 0;
	return 0;
}
