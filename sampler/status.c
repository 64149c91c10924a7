/* SPDX-License-Identifier: BSD-2-Clause */
/* Boot-time binding, STATUS and BUFFER_RELEASE. */
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

struct rvpmu_ret rvpmu_sampler_status(struct rvpmu_sampler *s, rvpmu_ulong lo,
				      rvpmu_ulong hi, rvpmu_ulong size)
{
	const struct rvpmu_sampler_platform *p = s->plat;
	struct rvpmu_sampler_status st = { 0 };
	struct rvpmu_ret r = { 0, 0 };
	uint64_t pa, need, fit;
	uint32_t i;

	if ((lo & 7) || size < sizeof(st)) {
		r.error = SBI_ERR_INVALID_PARAM;
		return r;
	}
	if (!rvpmu_sampler_addr(lo, hi, &pa) || rvpmu_sampler_mem_ok(s, pa, size, true)) {
		r.error = SBI_ERR_INVALID_ADDRESS;
		return r;
	}

	st.state = __atomic_load_n(&s->state, __ATOMIC_ACQUIRE);
	if (st.state != RVPMU_SAMPLER_IDLE) {
		st.stop_reason = __atomic_load_n(&s->stop_reason, __ATOMIC_ACQUIRE);
		st.nr_harts = s->nr_data;
		st.nr_pmu = s->nr_pmu;
		st.period_us = s->period_us;
		st.nr_sample = s->nr_sample;
	}
	/* a run's figures once there was one (CONFIGURE forgets them) */
	if (st.state == RVPMU_SAMPLER_RUNNING || st.state == RVPMU_SAMPLER_DONE) {
		st.samples = rvpmu_sampler_samples(s);
		st.buffers_used = __atomic_load_n(&s->fills, __ATOMIC_ACQUIRE) >> 2;
		if (st.stop_reason == RVPMU_SAMPLER_STOP_FULL && st.samples < s->nr_sample)
			st.lost = s->nr_sample - st.samples;
	}
	need = sizeof(st) + (uint64_t)st.nr_harts * sizeof(struct rvpmu_sampler_hart_status);
	fit = (size - sizeof(st)) / sizeof(struct rvpmu_sampler_hart_status);
	for (i = 0; i < st.nr_harts; i++) {
		const struct rvpmu_sampler_hart *sh = p->ops->hart(p->ctx, p->order[s->pos[i]]);
		struct rvpmu_sampler_hart_status hs = {
			.hartid = sh->hartid,
			.flags = __atomic_load_n(&sh->flags, __ATOMIC_RELAXED),
		};

		if (st.state == RVPMU_SAMPLER_RUNNING || st.state == RVPMU_SAMPLER_DONE) {
			hs.subsamples = rvpmu_sampler_hart_subsamples(s, sh);
			hs.late = once(&sh->late);
			hs.max_skew = once(&sh->max_skew);
		} else {
			hs.flags = 0;
		}
		st.late += hs.late;
		if (st.state == RVPMU_SAMPLER_RUNNING || st.state == RVPMU_SAMPLER_DONE) {
			uint64_t k = once(&sh->skipped);

			st.skipped = k > UINT32_MAX - st.skipped ? UINT32_MAX
								 : st.skipped + (uint32_t)k;
		}
		if (hs.max_skew > st.max_skew)
			st.max_skew = hs.max_skew;
		if (i < fit)
			p->mem->write(p->ctx, pa + sizeof(st) + (uint64_t)i * sizeof(hs),
				      &hs, sizeof(hs));
	}
	p->mem->write(p->ctx, pa, &st, sizeof(st));
	r.value = (rvpmu_ulong)need;
	return r;
}

long rvpmu_sampler_buffer_release(struct rvpmu_sampler *s, rvpmu_ulong index)
{
	uint64_t state_pa;
	uint32_t state, st = __atomic_load_n(&s->state, __ATOMIC_ACQUIRE);

	if (st == RVPMU_SAMPLER_IDLE)
		return SBI_ERR_INVALID_STATE;
	if (!(s->flags & RVPMU_SAMPLER_F_RING) || index >= s->nr_bufs)
		return SBI_ERR_INVALID_PARAM;
	state_pa = s->bufs[index].addr + offsetof(struct rvpmu_sampler_header, state);
	s->plat->mem->read(s->plat->ctx, state_pa, &state, 4);
	if (st == RVPMU_SAMPLER_RUNNING && state == RVPMU_SAMPLER_BUF_FILLING)
		return SBI_ERR_DENIED;
	/* the calling hart's reads of the buffer (S-mode's, before the call)
	   before FREE, as for every state store (layout.c): once a ring-mode
	   fill sees FREE it may zero and refill the buffer, and a read still
	   outstanding would see the new data (docs/sbi-sampler.md §11) */
	__atomic_thread_fence(__ATOMIC_RELEASE);
	state = RVPMU_SAMPLER_BUF_FREE;
	s->plat->mem->write(s->plat->ctx, state_pa, &state, 4);
	return 0;
}
