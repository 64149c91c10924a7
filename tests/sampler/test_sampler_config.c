/* SPDX-License-Identifier: BSD-2-Clause */
/* CONFIGURE, START, STOP, STATUS and BUFFER_RELEASE errors: each answers
   its code and changes nothing. */
#include <stddef.h>

#include "sfx.h"
#include "core/internal.h"

static const uint32_t three[3] = {
	SBI_PMU_DTLB_READ_MISS, FX_DTLB_WR_MISS, FX_ITLB_RD_MISS,
};

/* CONFIGURE answers err and leaves everything in force as it was. */
static void refused(struct sfx *x, long err)
{
	static struct rvpmu_sampler before;
	static struct rvpmu_hart pmu[SFX_MAX];
	static uint8_t state[1 << 16];
	size_t n = offsetof(struct rvpmu_sampler, stage), len = x->s.mem ? x->state_len : 0;
	int states = x->states;

	CHECK(len <= sizeof(state));
	memcpy(&before, &x->s, n);
	memcpy(pmu, x->h, sizeof(pmu));
	if (len)
		memcpy(state, x->s.mem, len);
	CHECK_EQ(sfx_configure(x), err);
	CHECK(memcmp(&before, &x->s, n) == 0);
	CHECK(memcmp(pmu, x->h, sizeof(pmu)) == 0);
	/* the configuration's state too: the same memory, unchanged */
	CHECK(!len || memcmp(state, x->s.mem, len) == 0);
	CHECK_EQ(x->states, states);
}

static struct sfx *configured(void)
{
	struct sfx *x = sfx_new(4);

	sfx_cfg(x, three, 3, 0x1000);
	x->c.nr_pmu = 2;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_CONFIGURED);
	return x;
}

/* Each case breaks one thing of a good configuration. */
static void bad_values_are_invalid_param(void)
{
	struct sfx *x = configured();
#define BAD(stmt, err) do { sfx_cfg(x, three, 3, 0x1000); x->c.nr_pmu = 2; stmt; \
		refused(x, err); } while (0)

	BAD(x->c.magic++, SBI_ERR_INVALID_PARAM);
	BAD(x->c.version = 1, SBI_ERR_INVALID_PARAM);	/* version 1's: refused */
	BAD(x->c.version = 3, SBI_ERR_INVALID_PARAM);
	BAD(x->c.flags = 2, SBI_ERR_INVALID_PARAM);	/* v1's F_MTIME: gone */
	BAD(x->c.filter = 0x20, SBI_ERR_INVALID_PARAM);
	BAD(x->c.nr_events = 0, SBI_ERR_INVALID_PARAM);
	BAD(x->c.nr_events = 241, SBI_ERR_INVALID_PARAM);
	BAD(x->c.nr_pmu = 30, SBI_ERR_INVALID_PARAM);
	BAD(x->c.period_us = 99, SBI_ERR_INVALID_PARAM);
	BAD(x->c.period_us = 85899001, SBI_ERR_INVALID_PARAM);
	BAD(x->c.nr_bufs = 0, SBI_ERR_INVALID_PARAM);
	BAD(x->c.nr_bufs = 65, SBI_ERR_INVALID_PARAM);
	/* the flags register: unknown bits */
	BAD(x->conf_flags = 4, SBI_ERR_INVALID_PARAM);
	BAD(x->conf_flags = 0x80000000u, SBI_ERR_INVALID_PARAM);
	/* hart sets: empty, or naming a hart that does not exist */
	BAD((x->hart_base = 0, x->hart_mask = 0), SBI_ERR_INVALID_PARAM);
	BAD((x->hart_base = 0, x->hart_mask = 0x21), SBI_ERR_INVALID_PARAM);	/* hart 5 */
	BAD((x->hart_base = 4, x->hart_mask = 1), SBI_ERR_INVALID_PARAM);	/* hart 4 */
	BAD((x->hart_base = 3, x->hart_mask = 3), SBI_ERR_INVALID_PARAM);	/* 3 and 4 */
	BAD((x->hart_base = (rvpmu_ulong)-2, x->hart_mask = 6), SBI_ERR_INVALID_PARAM); /* wraps */
	BAD((x->conf_flags = RVPMU_SAMPLER_CONF_HART_RANGE, x->hart_base = 0, x->hart_mask = 0),
	    SBI_ERR_INVALID_PARAM);
	BAD((x->conf_flags = RVPMU_SAMPLER_CONF_HART_RANGE, x->hart_base = 2, x->hart_mask = 3),
	    SBI_ERR_INVALID_PARAM);
	BAD((x->conf_flags = RVPMU_SAMPLER_CONF_HART_RANGE, x->hart_base = 1,
	     x->hart_mask = (rvpmu_ulong)-1), SBI_ERR_INVALID_PARAM);
	BAD(x->c.events[1].reserved = 1, SBI_ERR_INVALID_PARAM);
	BAD(x->c.events[2].event_idx = SBI_PMU_EVENT_IDX(9, 0), SBI_ERR_NOT_SUPPORTED);
	BAD((x->c.events[2].event_idx = SBI_PMU_RAW_EVENT, x->c.events[2].event_data = 0x9999),
	    SBI_ERR_NOT_SUPPORTED);
	/* cycles and instret need an hpm counter: 0 and 2 stay S-mode's */
	BAD(x->c.events[2].event_idx = SBI_PMU_FW_EVENT(SBI_PMU_FW_IMPL_FIRST + 9),
	    SBI_ERR_NOT_SUPPORTED);
	/* shared memory: 8-byte aligned, S-mode's (SBI's rules) */
	BAD((x->c.cid2_addr = SFX_CID2 + 4, x->c.cid2_count = 4), SBI_ERR_INVALID_PARAM);
	BAD((x->c.cid2_addr = SFX_CID2, x->c.cid2_count = 3), SBI_ERR_INVALID_PARAM);
	BAD((x->c.cid2_addr = SIM_RAM_BASE + 0x100, x->c.cid2_count = 4), SBI_ERR_INVALID_ADDRESS);
	BAD(x->c.bufs[0].addr += 4, SBI_ERR_INVALID_PARAM);
	BAD(x->c.bufs[0].size -= 4, SBI_ERR_INVALID_PARAM);
	/* < header + sample: 184 + 2 * 192 */
	BAD(x->c.bufs[0].size = 184 + 384 - 8, SBI_ERR_INVALID_PARAM);
	BAD(x->c.bufs[0].addr = SIM_RAM_BASE, SBI_ERR_INVALID_ADDRESS);	/* firmware's */
	BAD(x->c.bufs[0].addr = SIM_RAM_BASE + SIM_RAM_SIZE - 0x800, SBI_ERR_INVALID_ADDRESS);
	BAD(x->c.bufs[0].addr = UINT64_MAX - 0xfff, SBI_ERR_INVALID_ADDRESS);
	BAD((x->c.nr_bufs = 2, x->c.bufs[1].addr = SFX_BUF + 0xff8, x->c.bufs[1].size = 0x1000),
	    SBI_ERR_INVALID_ADDRESS);
	BAD((x->c.cid2_addr = SFX_BUF + 0x10, x->c.cid2_count = 4), SBI_ERR_INVALID_ADDRESS);
	/* a buffer over the configuration itself */
	BAD(x->c.bufs[0].addr = SFX_CFG - 0x800, SBI_ERR_INVALID_ADDRESS);
	/* order: values before memory, events before buffer sizes */
	BAD((x->c.nr_events = 0, x->c.bufs[0].addr = SIM_RAM_BASE), SBI_ERR_INVALID_PARAM);
	BAD((x->c.events[0].event_idx = 0, x->c.bufs[0].size = 8), SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(x->s.nr_pmu, 2);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_CONFIGURED);
#undef BAD
}

/* The SBI hart-set forms: mask and base, every hart, a range. */
static void hart_mask_forms(void)
{
	struct sfx *x = sfx_new(4);

	sfx_cfg(x, three, 3, 0x1000);
	x->hart_base = 1;
	x->hart_mask = 0x5;		/* harts 1 and 3 */
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(x->s.nr_data, 2);
	CHECK(rvpmu_sampler_in_set(&x->s, 1) && rvpmu_sampler_in_set(&x->s, 3));
	CHECK(!rvpmu_sampler_in_set(&x->s, 0) && !rvpmu_sampler_in_set(&x->s, 2));
	CHECK_EQ(sfx_plan(x)->nr_harts, 2);
	/* every hart: hart_mask ignored */
	x->hart_base = (rvpmu_ulong)RVPMU_SAMPLER_ALL_HARTS;
	x->hart_mask = 0x12345;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(x->s.nr_data, 4);
	/* the range form: 3 hartids from 1 */
	x->conf_flags = RVPMU_SAMPLER_CONF_HART_RANGE;
	x->hart_base = 1;
	x->hart_mask = 3;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(x->s.nr_data, 3);
	CHECK(!rvpmu_sampler_in_set(&x->s, 0) && rvpmu_sampler_in_set(&x->s, 3));
}

/* Positions are in increasing hartid order whatever the platform's
   order; nr_clusters counts distinct cluster numbers. */
static void positions_by_hartid(void)
{
	struct sfx *x = sfx_new(4);
	static const uint32_t ord[4] = { 2, 0, 3, 1 };
	static const uint16_t cl[4] = { 5, 7, 5, 7 };
	const struct rvpmu_sampler_header *h;
	const uint32_t *ids;

	memcpy(x->order, ord, sizeof(ord));
	memcpy(x->cluster, cl, sizeof(cl));
	sfx_cfg(x, three, 3, 0x1000);
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(x->s.nr_clusters, 2);
	CHECK_EQ(sfx_plan(x)->nr_clusters, 2);
	CHECK_EQ(sfx_start(x), 0);
	h = sfx_hdr(x, SFX_BUF);
	ids = (const uint32_t *)(h + 1);
	for (unsigned int i = 0; i < 4; i++) {
		CHECK_EQ(ids[i], i);
		CHECK_EQ(ids[4 + i], (i < 2 ? 7u : 5u));	/* harts 0, 1: cluster 7 */
	}
}

/* CHECK_ONLY: the plan written, nothing else, in any state. */
static void check_only(void)
{
	struct sfx *x = configured();
	static struct rvpmu_sampler before;
	size_t n = offsetof(struct rvpmu_sampler, stage);
	const struct rvpmu_sampler_plan *pl = sfx_plan(x);

	CHECK_EQ(pl->nr_pmu, 2);
	CHECK_EQ(pl->nr_harts, 4);
	CHECK_EQ(pl->nr_subsamples, 2);
	CHECK_EQ(pl->header_size, 184);
	CHECK_EQ(pl->subsample_size, 192);
	CHECK_EQ(pl->sample_size, 384);
	CHECK_EQ(pl->period_us, 100);
	CHECK_EQ(pl->period_ticks, 100);
	CHECK_EQ(pl->min_buffer_size, 568);
	/* another configuration, checked only, with no buffers at all */
	sfx_cfg(x, three, 1, 0x1000);
	x->c.nr_bufs = 0;
	x->c.period_us = 0;
	x->conf_flags = RVPMU_SAMPLER_CONF_CHECK_ONLY;
	x->hart_base = 0;
	x->hart_mask = 1;
	memcpy(&before, &x->s, n);
	CHECK_EQ(sfx_configure(x), 0);
	CHECK(memcmp(&before, &x->s, n) == 0);
	CHECK_EQ(pl->nr_harts, 1);
	CHECK_EQ(pl->nr_pmu, 1);
	CHECK_EQ(pl->period_us, RVPMU_SAMPLER_PERIOD_DEFAULT_US);
	CHECK_EQ(pl->period_ticks, 3000);
	CHECK_EQ(pl->header_size, 104 + 8 + 8 + 16);
	CHECK_EQ(pl->sample_size, 40);
	/* a bad one: refused, plan untouched */
	x->c.nr_events = 0;
	memset(&x->c.plan, 0xAA, sizeof(x->c.plan));
	CHECK_EQ(sfx_configure(x), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(pl->nr_harts, 0xAAAAAAAA);
	/* while running too; and without CHECK_ONLY, ALREADY_STARTED */
	sfx_cfg(x, three, 3, 0x1000);
	x->c.nr_pmu = 2;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_start(x), 0);
	x->conf_flags = RVPMU_SAMPLER_CONF_CHECK_ONLY;
	x->c.nr_pmu = 3;
	memcpy(&before, &x->s, n);
	CHECK_EQ(sfx_configure(x), 0);
	CHECK(memcmp(&before, &x->s, n) == 0);
	CHECK_EQ(pl->nr_pmu, 3);
	x->conf_flags = 0;
	CHECK_EQ(sfx_configure(x), SBI_ERR_ALREADY_STARTED);
}

/* GET_INFO: the limits, and the SBI shared-memory rules. */
static void get_info(void)
{
	struct sfx *x = sfx_new(3);
	const struct rvpmu_sampler_info *in = sfx_mem(x, SFX_INFO);
	uint8_t *raw = sfx_mem(x, SFX_INFO);

	memset(raw, 0xAA, 128);
	CHECK_OK(rvpmu_sampler_get_info(&x->s, SFX_INFO, 0, 128), 88);
	CHECK_EQ(raw[88], 0xAA);	/* nothing past its size */
	CHECK_EQ(in->version, 2);
	CHECK_EQ(in->info_size, 88);
	CHECK_EQ(in->flags, RVPMU_SAMPLER_F_RING);
	CHECK_EQ(in->conf_flags, RVPMU_SAMPLER_CONF_ALL);
	CHECK_EQ(in->filter, RVPMU_SAMPLER_EXCLUDE_ALL);
	CHECK_EQ(in->layouts, 1u << 4);
	CHECK_EQ(in->max_events, 240);
	CHECK_EQ(in->max_bufs, 64);
	CHECK_EQ(in->max_nr_pmu, 29);
	CHECK_EQ(in->period_min_us, 100);
	CHECK_EQ(in->period_max_us, 85899000);
	CHECK_EQ(in->nr_harts, 3);
	CHECK_EQ(in->max_hartid, 2);
	CHECK_EQ(in->max_header_size, 104 + 2 * 16 + 240 * 16);
	CHECK_EQ(in->timebase_hz, 1000000);
	CHECK(in->start_lead_ticks >= 100);
	/* a short answer: the first 16 bytes only */
	memset(raw, 0xAA, 128);
	CHECK_OK(rvpmu_sampler_get_info(&x->s, SFX_INFO, 0, 16), 88);
	CHECK_EQ(in->version, 2);
	CHECK_EQ(raw[16], 0xAA);
	/* errors: nothing written */
	memset(raw, 0xAA, 128);
	CHECK_ERR(rvpmu_sampler_get_info(&x->s, SFX_INFO, 0, 0), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_sampler_get_info(&x->s, SFX_INFO, 0, 12), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_sampler_get_info(&x->s, SFX_INFO + 4, 0, 88), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_sampler_get_info(&x->s, SIM_RAM_BASE, 0, 88), SBI_ERR_INVALID_ADDRESS);
	CHECK_ERR(rvpmu_sampler_get_info(&x->s, SIM_RAM_BASE + SIM_RAM_SIZE - 8, 0, 88),
		  SBI_ERR_INVALID_ADDRESS);
#if RVPMU_XLEN == 64
	CHECK_ERR(rvpmu_sampler_get_info(&x->s, SFX_INFO, 1, 88), SBI_ERR_INVALID_ADDRESS);
#endif
	CHECK_EQ(raw[0], 0xAA);
	/* a hart without Sscofpmf: no filter bit is honoured everywhere */
	sim_hart_init(&x->sim[2], 16, 64, false);
	CHECK_EQ(rvpmu_hart_init(&x->h[2], &x->cfg, &x->sim[2]), 0);
	CHECK_OK(rvpmu_sampler_get_info(&x->s, SFX_INFO, 0, 88), 88);
	CHECK_EQ(in->filter, 0);
}

static void bad_configuration_address(void)
{
	struct sfx *x = configured();
	static struct rvpmu_sampler before;
	size_t n = offsetof(struct rvpmu_sampler, stage);

	memcpy(&before, &x->s, n);
#define CONF(lo, hi) rvpmu_sampler_configure(&x->s, &x->h[0], lo, hi, 0, \
					     (rvpmu_ulong)RVPMU_SAMPLER_ALL_HARTS, 0)
	CHECK_EQ(CONF(SFX_CFG + 4, 0), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(CONF(SIM_RAM_BASE, 0), SBI_ERR_INVALID_ADDRESS);
	CHECK_EQ(CONF(SIM_RAM_BASE + SIM_RAM_SIZE - 0x100, 0), SBI_ERR_INVALID_ADDRESS);
	/* RV64: hi must be 0; RV32: hi:lo is past the simulated RAM */
	CHECK_EQ(CONF(SFX_CFG, 1), SBI_ERR_INVALID_ADDRESS);
#undef CONF
	CHECK(memcmp(&before, &x->s, n) == 0);
}

static void limits_are_accepted(void)
{
	struct sfx *x = sfx_new(2);
	static uint32_t many[240];

	for (int i = 0; i < 240; i++)
		many[i] = three[i % 3];	/* duplicates allowed */
	sfx_cfg(x, many, 240, 0x8000);
	x->c.period_us = RVPMU_SAMPLER_PERIOD_MAX_US;
	x->c.nr_pmu = 29;
	/* 29 hpm counters per group: no hart has them (16), so no START
	   could succeed: CONFIGURE refuses it, and nothing changes */
	refused(x, SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_IDLE);
	x->c.nr_pmu = 16;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(x->s.nr_pmu, 16);
	x->c.period_us = RVPMU_SAMPLER_PERIOD_MIN_US;
	x->c.nr_events = 1;
	x->c.nr_pmu = 5;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(x->s.nr_pmu, 1);	/* never more than the events */
	CHECK_EQ(x->s.period_ticks, 100);
}

static void defaults_apply(void)
{
	struct sfx *x = sfx_new(2);

	sfx_cfg(x, three, 3, 0x1000);
	x->c.period_us = 0;
	x->c.nr_sample = 0;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(x->s.period_us, RVPMU_SAMPLER_PERIOD_DEFAULT_US);
	CHECK_EQ(x->s.period_ticks, 3000);
	CHECK_EQ(x->s.nr_sample, 0);		/* no limit */
	CHECK_EQ(x->s.limit, UINT64_MAX);
	CHECK_EQ(x->s.nr_pmu, 3);	/* all it can give: three events */
	CHECK_EQ(x->s.nr_data, 2);
	/* S-mode holds all but one capable counter of hart 0: default 1 */
	for (unsigned int i = 0; i < 15; i++)
		CHECK_EQ(sfx_match(x, 0, SBI_PMU_DTLB_READ_MISS, 0), 3 + i);
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(x->s.nr_pmu, 1);
	CHECK_EQ(x->s.nsub, 3);
}

/* The default nr_pmu never passes GET_INFO's max_nr_pmu: hardware and
   firmware events together can have more counters (15 hpm and 16
   firmware here) than a group may hold (29). */
static void default_nr_pmu_is_capped(void)
{
	struct sfx *x = sfx_new(2);
	static uint32_t many[240];
	const struct rvpmu_sampler_plan *pl = sfx_plan(x);

	for (uint32_t i = 0; i < 240; i++)
		many[i] = i % 2 ? three[i % 3] : SBI_PMU_FW_EVENT(i / 2 % 16);
	sfx_cfg(x, many, 240, 0x8000);
	x->c.nr_pmu = 0;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(x->s.nr_pmu, 29);
	CHECK_EQ(pl->nr_pmu, 29);
	CHECK_EQ(pl->nr_subsamples, (240 + 28) / 29);
}

static void an_event_one_hart_cannot_count(void)
{
	struct sfx *x = sfx_new(3);

	sim_hart_init(&x->sim[2], 2, 64, false);	/* counters 3, 4 only */
	CHECK_EQ(rvpmu_hart_init(&x->h[2], &x->cfg, &x->sim[2]), 0);
	sfx_cfg(x, three, 2, 0x1000);
	x->c.events[1].event_idx = SBI_PMU_RAW_EVENT;
	x->c.events[1].event_data = 0x1234;		/* counters 5, 6 */
	refused(x, SBI_ERR_NOT_SUPPORTED);
	/* a filter needs Sscofpmf on every hart of the set */
	sfx_cfg(x, three, 2, 0x1000);
	x->c.filter = RVPMU_SAMPLER_EXCLUDE_M;
	refused(x, SBI_ERR_NOT_SUPPORTED);
	/* without hart 2 in the set, both are fine */
	x->hart_base = 0;
	x->hart_mask = 3;
	x->c.events[1].event_idx = SBI_PMU_RAW_EVENT;
	x->c.events[1].event_data = 0x1234;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(x->s.nr_data, 2);
}

static void state_errors(void)
{
	struct sfx *x = sfx_new(2);
	const struct rvpmu_sampler_status *st;

	CHECK_EQ(rvpmu_sampler_prepare(&x->s), SBI_ERR_INVALID_STATE);
	CHECK_EQ(rvpmu_sampler_stop(&x->s), SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(rvpmu_sampler_buffer_release(&x->s, 0), SBI_ERR_INVALID_STATE);
	CHECK_OK(sfx_status(x, &st), sizeof(*st));
	CHECK_EQ(st->state, RVPMU_SAMPLER_IDLE);
	CHECK_EQ(st->nr_harts, 0);
	sfx_cfg(x, three, 3, 0x1000);
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(rvpmu_sampler_stop(&x->s), SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(rvpmu_sampler_buffer_release(&x->s, 0), SBI_ERR_INVALID_PARAM); /* not ring */
	CHECK_EQ(sfx_start(x), 0);
	CHECK_EQ(rvpmu_sampler_prepare(&x->s), SBI_ERR_ALREADY_STARTED);
	refused(x, SBI_ERR_ALREADY_STARTED);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_RUNNING);
	/* RESET wants the run stopped first (the firmware does that), then
	   forgets everything: IDLE */
	CHECK_EQ(rvpmu_sampler_reset(&x->s), SBI_ERR_DENIED);
	CHECK_EQ(rvpmu_sampler_stop(&x->s), 0);
	rvpmu_sampler_hart_stop(&x->s, &x->sh[0]);
	rvpmu_sampler_hart_stop(&x->s, &x->sh[1]);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_DONE);
	CHECK_EQ(x->held[0], 0);
	CHECK_EQ(rvpmu_sampler_reset(&x->s), 0);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_IDLE);
	CHECK_EQ(rvpmu_sampler_prepare(&x->s), SBI_ERR_INVALID_STATE);
	CHECK_EQ(rvpmu_sampler_buffer_release(&x->s, 0), SBI_ERR_INVALID_STATE);
	CHECK_OK(sfx_status(x, &st), sizeof(*st));
	CHECK_EQ(st->state, RVPMU_SAMPLER_IDLE);
	CHECK_EQ(rvpmu_sampler_reset(&x->s), 0);	/* in any state */
	/* no hart of the set started: nothing to run */
	x = sfx_new(2);
	sfx_cfg(x, three, 3, 0x1000);
	CHECK_EQ(sfx_configure(x), 0);
	x->started[0] = x->started[1] = false;
	CHECK_EQ(sfx_start(x), SBI_ERR_INVALID_STATE);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_CONFIGURED);
}

static void status_errors(void)
{
	struct sfx *x = sfx_new(2);
	const struct rvpmu_sampler_status *st = sfx_mem(x, SFX_STATUS);
	const struct rvpmu_sampler_hart_status *hs = (const void *)(st + 1);

	sfx_cfg(x, three, 3, 0x1000);
	CHECK_EQ(sfx_configure(x), 0);
	memset(sfx_mem(x, SFX_STATUS), 0xAA, 256);
	CHECK_ERR(rvpmu_sampler_status(&x->s, SFX_STATUS + 4, 0, 256), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_sampler_status(&x->s, SFX_STATUS, 0, sizeof(*st) - 1),
		  SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_sampler_status(&x->s, SFX_STATUS, 0, 0), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_sampler_status(&x->s, SIM_RAM_BASE, 0, 256), SBI_ERR_INVALID_ADDRESS);
	CHECK_ERR(rvpmu_sampler_status(&x->s, SIM_RAM_BASE + SIM_RAM_SIZE - 64, 0, 256),
		  SBI_ERR_INVALID_ADDRESS);
#if RVPMU_XLEN == 64
	CHECK_ERR(rvpmu_sampler_status(&x->s, SFX_STATUS, 1, 256), SBI_ERR_INVALID_ADDRESS);
#endif
	CHECK_EQ(st->state, 0xAAAAAAAA);	/* nothing written */
	/* a short answer: the first 8 bytes */
	CHECK_OK(rvpmu_sampler_status(&x->s, SFX_STATUS, 0, 8), sizeof(*st) + 2 * sizeof(*hs));
	CHECK_EQ(st->state, RVPMU_SAMPLER_CONFIGURED);
	CHECK_EQ(st->samples, 0xAAAAAAAAAAAAAAAAull);
	memset(sfx_mem(x, SFX_STATUS), 0xAA, 256);
	/* room for one hart of two: one entry, and the size a full answer needs */
	CHECK_OK(rvpmu_sampler_status(&x->s, SFX_STATUS, 0, sizeof(*st) + sizeof(*hs)),
		 sizeof(*st) + 2 * sizeof(*hs));
	CHECK_EQ(st->state, RVPMU_SAMPLER_CONFIGURED);
	CHECK_EQ(st->nr_harts, 2);
	CHECK_EQ(st->nr_pmu, 3);
	CHECK_EQ(hs[0].hartid, 0);
	CHECK_EQ(hs[1].hartid, 0xAAAAAAAA);	/* did not fit: untouched */
}

/* A configuration's state: asked of the platform at CONFIGURE, sized for
   the configuration; the old one given back; none without memory. */
static void state_sized_for_the_configuration(void)
{
	struct sfx *x = sfx_new(4);
	static uint32_t many[240];
	unsigned long small, gr = sizeof(struct rvpmu_sampler_group);

	CHECK(x->s.mem == NULL);
	sfx_cfg(x, three, 3, 0x1000);
	x->c.nr_pmu = 2;
	/* CHECK_ONLY asks for nothing */
	x->conf_flags = RVPMU_SAMPLER_CONF_CHECK_ONLY;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(x->state_asked, 0);
	x->conf_flags = 0;
	CHECK_EQ(sfx_configure(x), 0);
	/* 2 groups, 47 bytes an event, 40 the buffer, 3 events x 4 harts */
	small = (2 * gr + 3 * 47 + 40 + 3 * 4 + 7) & ~7ul;
	CHECK_EQ(x->state_asked, small);
	CHECK_EQ(rvpmu_sampler_state_size(3, 2, 1, 4), small);
	CHECK_EQ(x->states, 1);
	/* each hart of the run chooses its counters in its own row */
	CHECK_EQ(sfx_start(x), 0);
	for (unsigned int i = 0; i < 4; i++)
		CHECK(x->sh[i].ctr == x->s.ctrs + 3 * i);
	CHECK(x->s.ctrs + 12 <= (uint8_t *)x->s.mem + small);
	sfx_run(x, 2);
	CHECK_EQ(rvpmu_sampler_stop(&x->s), 0);
	for (unsigned int i = 0; i < 4; i++)
		rvpmu_sampler_hart_stop(&x->s, &x->sh[i]);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_DONE);
	/* 240 events in 15 groups, two buffers */
	for (int i = 0; i < 240; i++)
		many[i] = three[i % 3];
	sfx_cfg(x, many, 240, 0x4000);
	sfx_cfg_bufs(x, 2);
	x->c.bufs[1].addr = SFX_BUF + 0x4000;
	x->c.nr_pmu = 16;
	x->c.nr_sample = 0;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(x->state_asked, 15 * gr + 240 * 47 + 2 * 40 + 240 * 4);
	CHECK_EQ(x->states, 1);		/* the small one given back */
	/* the largest a platform of 512 harts gives */
	CHECK_EQ(rvpmu_sampler_state_size(240, 240, 64, 512),
		 240 * gr + 240 * 47 + 64 * 40 + 240 * 512);
	/* no memory for a configuration: FAILED, nothing changed, no plan */
	sfx_state_room = x->state_asked - 8;
	x->c.nr_pmu = 12;
	memset(&x->c.plan, 0xAA, sizeof(x->c.plan));
	refused(x, SBI_ERR_FAILED);
	CHECK_EQ(sfx_plan(x)->nr_harts, 0xAAAAAAAA);
	CHECK_EQ(x->s.nr_pmu, 16);
	/* with room for it, the same one goes in force */
	sfx_state_room = 0;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(x->s.nr_pmu, 12);
	CHECK_EQ(x->states, 1);
	/* RESET: nothing configured, nothing held */
	CHECK_EQ(rvpmu_sampler_reset(&x->s), 0);
	CHECK_EQ(x->states, 0);
	CHECK(x->s.mem == NULL);
}

void suite_sampler_config(void)
{
	static const struct t_case cases[] = {
		T(bad_values_are_invalid_param),
		T(bad_configuration_address),
		T(hart_mask_forms),
		T(positions_by_hartid),
		T(check_only),
		T(get_info),
		T(limits_are_accepted),
		T(defaults_apply),
		T(default_nr_pmu_is_capped),
		T(an_event_one_hart_cannot_count),
		T(state_errors),
		T(status_errors),
		T(state_sized_for_the_configuration),
	};

	T_RUN(cases);
}
