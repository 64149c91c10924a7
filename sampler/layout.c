/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The buffers: header contents, data areas, and the run-wide sample count.
 * Sizes and capacities are computed once by CONFIGURE (config.c); nothing
 * here runs in the tick except a header when a fill opens or closes. The
 * engine never zeroes a data area (clients do, before START and before
 * each BUFFER_RELEASE): a tick's work stays bounded by what it writes.
 */
#include <stddef.h>

#include "internal.h"

#define HDR_FIELD(f)	offsetof(struct rvpmu_sampler_header, f)

/* The ABI's sizes, the same for RV32, RV64 and the host (docs/sampler.md) */
_Static_assert(sizeof(struct rvpmu_sampler_config) == 4960, "config layout");
_Static_assert(sizeof(struct rvpmu_sampler_plan) == 48, "plan layout");
_Static_assert(sizeof(struct rvpmu_sampler_info) == 88, "info layout");
_Static_assert(sizeof(struct rvpmu_sampler_header) == 104, "header layout");
_Static_assert(sizeof(struct rvpmu_sampler_status) == 80, "status layout");
_Static_assert(sizeof(struct rvpmu_sampler_hart_status) == 48, "hart status layout");

/* A 64-bit physical address from two XLEN registers; false when it needs
   more bits than the platform has (RV64: hi != 0). */
bool rvpmu_sampler_addr(rvpmu_ulong lo, rvpmu_ulong hi, uint64_t *pa)
{
#if RVPMU_XLEN == 32
	*pa = ((uint64_t)hi << 32) | lo;
	return true;
#else
	*pa = lo;
	return hi == 0;
#endif
}

/* Alignment (INVALID_PARAM, as the SBI's PMU, STA and MPXY functions
   answer a misaligned shared-memory address), then size > 0, no wrap and
   the platform's check (S-mode may read and write every byte: its RAM,
   not the firmware's, not PMP-closed, not reserved no-map). */
long rvpmu_sampler_mem_ok(const struct rvpmu_sampler *s, uint64_t pa, uint64_t size)
{
	if (pa & 7)
		return SBI_ERR_INVALID_PARAM;
	if (!size || pa + size < pa ||
	    s->plat->mem->check(s->plat->ctx, pa, size, true))
		return SBI_ERR_INVALID_ADDRESS;
	return 0;
}

/* lo's alignment first: on RV32 hi only adds bits above it */
long rvpmu_sampler_shmem(const struct rvpmu_sampler *s, rvpmu_ulong lo, rvpmu_ulong hi,
			 uint64_t size, uint64_t *pa)
{
	if (lo & 7)
		return SBI_ERR_INVALID_PARAM;
	if (!rvpmu_sampler_addr(lo, hi, pa))
		return SBI_ERR_INVALID_ADDRESS;
	return rvpmu_sampler_mem_ok(s, *pa, size);
}

uint64_t rvpmu_sampler_buf_data(const struct rvpmu_sampler *s, unsigned int b)
{
	return s->bufs[b].addr + s->header_size;
}

void rvpmu_sampler_zero(struct rvpmu_sampler *s, uint64_t pa, uint64_t len)
{
	static const uint8_t zeros[256];

	/* len <= what is left of a checked buffer: pa + len cannot wrap */
	while (len) {
		unsigned long n = len < sizeof(zeros) ? (unsigned long)len : sizeof(zeros);

		sampler_put(s, pa, zeros, n);
		pa += n;
		len -= n;
	}
}

/* The fields that change over a run: state, lap, first_sample, nr_samples. */
void rvpmu_sampler_header_update(struct rvpmu_sampler *s, unsigned int b,
				 uint32_t state, uint32_t nr_samples)
{
	uint64_t base = s->bufs[b].addr;

	sampler_put(s, base + HDR_FIELD(lap), &s->lap[b], 4);
	sampler_put(s, base + HDR_FIELD(first_sample), &s->first[b], 8);
	sampler_put(s, base + HDR_FIELD(nr_samples), &nr_samples, 4);
	/* state last: a reader that sees FULL sees the rest */
	__atomic_thread_fence(__ATOMIC_RELEASE);
	sampler_put(s, base + HDR_FIELD(state), &state, 4);
}

/* t0 into the header of buffer b, written whole before START chose it. */
void rvpmu_sampler_header_t0(struct rvpmu_sampler *s, unsigned int b)
{
	sampler_put(s, s->bufs[b].addr + HDR_FIELD(t0), &s->t0, 8);
}

/* The whole header of buffer b: fixed part, hart and cluster tables, events. */
void rvpmu_sampler_write_header(struct rvpmu_sampler *s, unsigned int b, uint32_t state,
				uint32_t nr_samples)
{
	const struct rvpmu_sampler_platform *p = s->plat;
	uint64_t pa = s->bufs[b].addr + sizeof(struct rvpmu_sampler_header);
	uint64_t table = ((uint64_t)s->nr_data * 4 + 7) & ~UINT64_C(7);
	struct rvpmu_sampler_header h = {
		.magic = RVPMU_SAMPLER_BUF_MAGIC,
		.version = RVPMU_SAMPLER_LAYOUT,
		.header_size = (uint16_t)s->header_size,
		.state = RVPMU_SAMPLER_BUF_FREE,
		.buffer_index = b,
		.buffer_size = s->bufs[b].size,
		.nr_harts = s->nr_data,
		.nr_clusters = s->nr_clusters,
		.nr_pmu = s->nr_pmu,
		.nr_events = s->nr_events,
		.nr_subsamples = s->nsub,
		.subsample_size = s->subsample_size,
		.sample_size = s->sample_size,
		.period_us = s->period_us,
		.filter = s->filter,
		.timebase_hz = p->timebase_hz,
		.t0 = s->t0,
		.period_ticks = s->period_ticks,
		.capacity = s->cap[b],
	};

	sampler_put(s, s->bufs[b].addr, &h, sizeof(h));
	rvpmu_sampler_zero(s, pa, 2 * table);
	for (uint32_t i = 0; i < s->nr_data; i++) {
		uint32_t cl = p->cluster[s->pos[i]];

		sampler_put(s, pa + 4 * (uint64_t)i, &p->order[s->pos[i]], 4);
		sampler_put(s, pa + table + 4 * (uint64_t)i, &cl, 4);
	}
	sampler_put(s, pa + 2 * table, s->events,
	    s->nr_events * sizeof(struct rvpmu_sampler_event));
	rvpmu_sampler_header_update(s, b, state, nr_samples);
}

/*
 * Complete samples of the run: the fewest any hart counting (joined, not
 * paused, not left) wrote (a sample is complete when every such hart
 * wrote it); when none is counting, the most any wrote.
 */
uint64_t rvpmu_sampler_samples(struct rvpmu_sampler *s)
{
	uint64_t least = UINT64_MAX, most = 0;

	for (uint32_t i = 0; i < s->nr_data; i++) {
		struct sampler_stats st;

		rvpmu_sampler_stats(s, sampler_hart_at(s, i), &st);
		if (st.flags & RVPMU_SAMPLER_HART_ABSENT)
			continue;
		if (st.samples > most)
			most = st.samples;
		if (!(st.flags & (RVPMU_SAMPLER_HART_STOPPED | RVPMU_SAMPLER_HART_SUSPENDED |
				  RVPMU_SAMPLER_HART_PAUSED)) &&
		    st.samples < least)
			least = st.samples;
	}
	return least == UINT64_MAX ? most : least;
}
