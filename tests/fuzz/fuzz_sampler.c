/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer target for the sampler's call surface: the input shapes a
 * configuration (every field, biased toward the edges) and then a
 * sequence of GET_INFO, CONFIGURE (hart sets in every SBI form, CHECK_ONLY),
 * START, ticks, STOP, RESET, STATUS, BUFFER_RELEASE, HSM leaves, pauses
 * and resumes, and S-mode counter calls on up to four simulated harts. After
 * every step: an error changed nothing in force, nothing was written
 * outside S-mode RAM (the simulated RAM records such a write as a fault),
 * the sampler's counters and S-mode's never overlap, and nothing stays
 * reserved once no run is going on (but on a hart still paused in the
 * run that ended). Any violation aborts.
 */
#include <stddef.h>
#include <stdlib.h>

#include "sampler/sfx.h"

struct t_state t_state;

struct bytes {
	const uint8_t *p;
	size_t n;
};

static uint64_t next(struct bytes *b)
{
	uint64_t v = 0;

	for (int i = 0; i < 8 && b->n; i++, b->p++, b->n--)
		v |= (uint64_t)*b->p << (8 * i);
	return v;
}

static uint32_t pick(struct bytes *b, uint32_t n)
{
	return (uint32_t)(next(b) % n);
}

static const uint32_t events[] = {
	SBI_PMU_DTLB_READ_MISS, FX_DTLB_WR_MISS, FX_ITLB_RD_MISS, FX_CYCLES, FX_INSTRET,
	FX_BRANCHES, SBI_PMU_RAW_EVENT, SBI_PMU_RAW_V2_EVENT,
	SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), SBI_PMU_FW_EVENT(256),
	SBI_PMU_FW_EVENT(0xffff), SBI_PMU_EVENT_IDX(9, 0), 0,
};
static const uint64_t datas[] = { 0, 0, 0x1234, 0x2042, 1, UINT64_C(0x42000000000077) };

/* An address: mostly inside S-mode RAM, sometimes anywhere. */
static uint64_t addr(struct bytes *b)
{
	switch (pick(b, 8)) {
	case 0: return next(b);
	case 1: return SIM_RAM_BASE + pick(b, SIM_RAM_SIZE);
	default: return SFX_BUF + 8 * pick(b, 0x1400);
	}
}

static uint32_t small(struct bytes *b, uint32_t lo, uint32_t hi)
{
	return pick(b, 8) == 0 ? (uint32_t)next(b) : lo + pick(b, hi - lo + 1);
}

static void shape(struct sfx *x, struct bytes *b)
{
	struct rvpmu_sampler_config *c = &x->c;
	uint32_t i;

	memset(c, 0, sizeof(*c));
	c->magic = pick(b, 32) ? RVPMU_SAMPLER_CFG_MAGIC : (uint32_t)next(b);
	c->version = pick(b, 32) ? RVPMU_SAMPLER_CFG_VERSION : (uint32_t)next(b);
	c->nr_events = small(b, 0, 12);
	c->nr_pmu = small(b, 0, 6);
	c->period_us = pick(b, 4) ? 100 : (uint32_t)next(b);
	c->nr_sample = small(b, 0, 6);
	c->filter = pick(b, 4) ? 0 : (uint32_t)next(b) & 0x3f;
	c->flags = pick(b, 2) ? 0 : (uint32_t)next(b) & 3;
	x->hart_base = (rvpmu_ulong)RVPMU_SAMPLER_ALL_HARTS;
	x->hart_mask = 0;
	x->conf_flags = pick(b, 4) ? 0 : pick(b, 8) ? (uint32_t)next(b) & 3 : (uint32_t)next(b);
	if (!pick(b, 3)) {
		x->hart_base = pick(b, 4) ? pick(b, 4) : (rvpmu_ulong)next(b);
		x->hart_mask = pick(b, 4) ? next(b) & 0x1f : (rvpmu_ulong)next(b);
	}
	if (!pick(b, 3)) {
		c->cid2_addr = pick(b, 2) ? SFX_CID2 : addr(b);
		c->cid2_count = small(b, 0, 6);
	}
	c->nr_bufs = small(b, 0, 4);
	for (i = 0; i < 4; i++) {
		c->bufs[i].addr = pick(b, 2) ? SFX_BUF + 0x1000 * i : addr(b);
		c->bufs[i].size = pick(b, 2) ? 8 * small(b, 20, 0x200) : next(b);
	}
	for (i = 0; i < 12; i++) {
		c->events[i].event_idx = events[pick(b, sizeof(events) / sizeof(events[0]))];
		c->events[i].event_data = datas[pick(b, sizeof(datas) / sizeof(datas[0]))];
		c->events[i].reserved = pick(b, 64) ? 0 : 1;
	}
}

/* S-mode wrote into memory a buffer may share since the last START (the
   configuration, the hart bitmap, STATUS output): headers may be its. */
static bool scribbled;

static void invariants(struct sfx *x)
{
	bool run = x->s.state == RVPMU_SAMPLER_RUNNING;

	for (unsigned int i = 0; i < x->n; i++) {
		CHECK_EQ(x->h[i].reserved & x->h[i].configured, 0);
		CHECK_EQ(x->sim[i].faults, 0);
		if (!run && !(x->sh[i].flags & RVPMU_SAMPLER_HART_PAUSED))
			CHECK_EQ(x->h[i].reserved, 0);
	}
	CHECK(x->s.state <= RVPMU_SAMPLER_DONE);
	if (x->s.state != RVPMU_SAMPLER_IDLE) {
		CHECK(x->s.nr_pmu >= 1 && x->s.nr_pmu <= x->s.nr_events);
		CHECK_EQ(x->s.sample_size, (uint64_t)x->s.subsample_size * x->s.nsub);
		for (unsigned int i = 0; i < x->s.nr_bufs; i++)
			CHECK(x->s.cap[i] >= 1);
	}
	/* a finished run leaves every buffer closed, counts within capacity */
	if (x->s.state == RVPMU_SAMPLER_DONE && !scribbled)
		for (unsigned int i = 0; i < x->s.nr_bufs; i++) {
			const struct rvpmu_sampler_header *h = sfx_hdr(x, x->s.bufs[i].addr);

			CHECK(h->state != RVPMU_SAMPLER_BUF_FILLING);
			CHECK(h->nr_samples <= h->capacity);
			CHECK_EQ(h->magic, RVPMU_SAMPLER_BUF_MAGIC);
		}
}

static void step(struct sfx *x, struct bytes *b)
{
	static struct rvpmu_sampler before;
	size_t n = offsetof(struct rvpmu_sampler, stage);
	unsigned int h = pick(b, x->n);

	switch (pick(b, 14)) {
	case 0:
		scribbled = true;
		shape(x, b);
		memcpy(&before, &x->s, n);
		if (sfx_configure(x))
			CHECK(memcmp(&before, &x->s, n) == 0);
		break;
	case 1:
		memcpy(&before, &x->s, n);
		/* a failed START leaves the buffers undefined (docs/sampler.md) */
		scribbled = sfx_start(x) != 0;
		if (scribbled && x->s.state != RVPMU_SAMPLER_RUNNING)
			CHECK_EQ(x->s.state, before.state);
		break;
	case 2: case 3:
		sfx_window = pick(b, 2) ? NULL : sfx_window;
		sfx_run(x, pick(b, 12));
		break;
	case 4:
		rvpmu_sampler_stop(&x->s);
		if (pick(b, 2))
			rvpmu_sampler_hart_stop(&x->s, &x->sh[h]);
		break;
	case 5:
		scribbled = true;
		rvpmu_sampler_status(&x->s, (rvpmu_ulong)addr(b), pick(b, 16) ? 0 : 1,
				     (rvpmu_ulong)small(b, 0, 0x200));
		break;
	case 6:
		rvpmu_sampler_buffer_release(&x->s, small(b, 0, 4));
		break;
	case 7:
		rvpmu_sampler_hart_leave(&x->s, &x->sh[h], pick(b, 2));
		break;
	case 8:
		sfx_match(x, h, events[pick(b, sizeof(events) / sizeof(events[0]))],
			  datas[pick(b, sizeof(datas) / sizeof(datas[0]))]);
		break;
	case 10:
		rvpmu_sampler_hart_pause(&x->s, &x->sh[h]);
		break;
	case 11:
		rvpmu_sampler_hart_resume(&x->s, &x->sh[h]);
		break;
	case 12:
		/* RESET as the firmware does it: the run stopped first */
		if (!rvpmu_sampler_stop(&x->s))
			for (unsigned int i = 0; i < x->n; i++)
				rvpmu_sampler_hart_stop(&x->s, &x->sh[i]);
		for (unsigned int i = 0; i < x->n; i++)
			rvpmu_sampler_hart_stop(&x->s, &x->sh[i]);
		CHECK(x->s.state != RVPMU_SAMPLER_RUNNING);
		CHECK_EQ(rvpmu_sampler_reset(&x->s), 0);
		CHECK_EQ(x->s.state, RVPMU_SAMPLER_IDLE);
		for (unsigned int i = 0; i < x->n; i++)
			CHECK_EQ(x->h[i].reserved, 0);
		break;
	case 13:
		scribbled = true;
		rvpmu_sampler_get_info(&x->s, (rvpmu_ulong)addr(b), pick(b, 16) ? 0 : 1,
				       (rvpmu_ulong)small(b, 0, 0x100));
		break;
	default:
		x->mtime += pick(b, 400);
		sim_event(&x->sim[h], SBI_PMU_DTLB_READ_MISS, pick(b, 100));
		sim_run(&x->sim[h], pick(b, 1000));
		break;
	}
	invariants(x);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct bytes b = { data, size };
	uint64_t shape = next(&b);
	struct sfx *x;

	sfx_use_direct = (shape >> 8) & 1;
	x = sfx_new(1 + (unsigned int)(shape % SFX_MAX));

	t_state.cur_failed = 0;
	scribbled = false;
	if (pick(&b, 4) == 0)
		x->started[x->n - 1] = false;
	while (b.n && !t_state.cur_failed)
		step(x, &b);
	if (t_state.cur_failed) {
		fflush(stdout);
		abort();
	}
	return 0;
}
