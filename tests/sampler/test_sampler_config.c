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
	size_t n = offsetof(struct rvpmu_sampler, stage);

	memcpy(&before, &x->s, n);
	memcpy(pmu, x->h, sizeof(pmu));
	CHECK_EQ(sfx_configure(x), err);
	CHECK(memcmp(&before, &x->s, n) == 0);
	CHECK(memcmp(pmu, x->h, sizeof(pmu)) == 0);
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
	uint64_t *bits = sfx_mem(x, SFX_HARTS);
#define BAD(stmt, err) do { sfx_cfg(x, three, 3, 0x1000); x->c.nr_pmu = 2; stmt; \
		refused(x, err); } while (0)

	BAD(x->c.magic++, SBI_ERR_INVALID_PARAM);
	BAD(x->c.version = 2, SBI_ERR_INVALID_PARAM);
	BAD(x->c.reserved = 1, SBI_ERR_INVALID_PARAM);
	BAD(x->c.flags = 4, SBI_ERR_INVALID_PARAM);
	BAD(x->c.filter = 0x20, SBI_ERR_INVALID_PARAM);
	BAD(x->c.nr_events = 0, SBI_ERR_INVALID_PARAM);
	BAD(x->c.nr_events = 241, SBI_ERR_INVALID_PARAM);
	BAD(x->c.nr_pmu = 30, SBI_ERR_INVALID_PARAM);
	BAD(x->c.period_us = 99, SBI_ERR_INVALID_PARAM);
	BAD(x->c.period_us = 85899001, SBI_ERR_INVALID_PARAM);
	BAD(x->c.nr_bufs = 0, SBI_ERR_INVALID_PARAM);
	BAD(x->c.nr_bufs = 65, SBI_ERR_INVALID_PARAM);
	BAD((x->c.harts_addr = SFX_HARTS, x->c.harts_bits = 0), SBI_ERR_INVALID_PARAM);
	BAD((x->c.harts_addr = SFX_HARTS, x->c.harts_bits = 32), SBI_ERR_INVALID_PARAM);
	BAD((x->c.harts_addr = SFX_HARTS + 4, x->c.harts_bits = 64), SBI_ERR_INVALID_PARAM);
	BAD((x->c.harts_addr = SIM_RAM_BASE, x->c.harts_bits = 64), SBI_ERR_INVALID_ADDRESS);
	bits[0] = 0;
	BAD((x->c.harts_addr = SFX_HARTS, x->c.harts_bits = 64), SBI_ERR_INVALID_PARAM);
	bits[0] = 0x21;		/* hart 5 does not exist */
	BAD((x->c.harts_addr = SFX_HARTS, x->c.harts_bits = 64), SBI_ERR_INVALID_PARAM);
	bits[0] = 1;
	bits[1] = 1;		/* hart 64 neither */
	BAD((x->c.harts_addr = SFX_HARTS, x->c.harts_bits = 128), SBI_ERR_INVALID_PARAM);
	BAD(x->c.events[1].reserved = 1, SBI_ERR_INVALID_PARAM);
	BAD(x->c.events[2].event_idx = SBI_PMU_EVENT_IDX(9, 0), SBI_ERR_NOT_SUPPORTED);
	BAD((x->c.events[2].event_idx = SBI_PMU_RAW_EVENT, x->c.events[2].event_data = 0x9999),
	    SBI_ERR_NOT_SUPPORTED);
	/* cycles and instret need an hpm counter: 0 and 2 stay S-mode's */
	BAD(x->c.events[2].event_idx = SBI_PMU_FW_EVENT(SBI_PMU_FW_IMPL_FIRST + 9),
	    SBI_ERR_NOT_SUPPORTED);
	BAD((x->c.cid2_addr = SFX_CID2 + 2, x->c.cid2_count = 4), SBI_ERR_INVALID_PARAM);
	BAD((x->c.cid2_addr = SFX_CID2, x->c.cid2_count = 3), SBI_ERR_INVALID_PARAM);
	BAD((x->c.cid2_addr = SIM_RAM_BASE + 0x100, x->c.cid2_count = 4), SBI_ERR_INVALID_ADDRESS);
	BAD(x->c.bufs[0].addr += 4, SBI_ERR_INVALID_PARAM);
	BAD(x->c.bufs[0].size -= 4, SBI_ERR_INVALID_PARAM);
	BAD(x->c.bufs[0].size = 184 + 256 - 8, SBI_ERR_INVALID_PARAM); /* header + sample - 8 */	/* < header + sample */
	BAD(x->c.bufs[0].addr = SIM_RAM_BASE, SBI_ERR_INVALID_ADDRESS);	/* firmware's */
	BAD(x->c.bufs[0].addr = SIM_RAM_BASE + SIM_RAM_SIZE - 0x800, SBI_ERR_INVALID_ADDRESS);
	BAD(x->c.bufs[0].addr = UINT64_MAX - 0xfff, SBI_ERR_INVALID_ADDRESS);
	BAD((x->c.nr_bufs = 2, x->c.bufs[1].addr = SFX_BUF + 0xff8, x->c.bufs[1].size = 0x1000),
	    SBI_ERR_INVALID_ADDRESS);
	BAD((x->c.cid2_addr = SFX_BUF + 0x10, x->c.cid2_count = 4), SBI_ERR_INVALID_ADDRESS);
	/* order: values before memory, events before buffer sizes */
	BAD((x->c.nr_events = 0, x->c.bufs[0].addr = SIM_RAM_BASE), SBI_ERR_INVALID_PARAM);
	BAD((x->c.events[0].event_idx = 0, x->c.bufs[0].size = 8), SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(x->s.nr_pmu, 2);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_CONFIGURED);
#undef BAD
}

static void bad_configuration_address(void)
{
	struct sfx *x = configured();
	static struct rvpmu_sampler before;
	size_t n = offsetof(struct rvpmu_sampler, stage);

	memcpy(&before, &x->s, n);
	CHECK_EQ(rvpmu_sampler_configure(&x->s, &x->h[0], SFX_CFG + 4, 0), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(rvpmu_sampler_configure(&x->s, &x->h[0], SIM_RAM_BASE, 0),
		 SBI_ERR_INVALID_ADDRESS);
	CHECK_EQ(rvpmu_sampler_configure(&x->s, &x->h[0], SIM_RAM_BASE + SIM_RAM_SIZE - 0x100, 0),
		 SBI_ERR_INVALID_ADDRESS);
#if RVPMU_XLEN == 64
	CHECK_EQ(rvpmu_sampler_configure(&x->s, &x->h[0], SFX_CFG, 1), SBI_ERR_INVALID_ADDRESS);
#else
	CHECK_EQ(rvpmu_sampler_configure(&x->s, &x->h[0], SFX_CFG, 1), SBI_ERR_INVALID_ADDRESS);
#endif
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
	CHECK_EQ(x->s.nr_sample, RVPMU_SAMPLER_NR_SAMPLE_DEFAULT);
	CHECK_EQ(x->s.nr_pmu, 3);	/* all it can give: three events */
	CHECK_EQ(x->s.nr_data, 2);
	/* S-mode holds all but one capable counter of hart 0: default 1 */
	for (unsigned int i = 0; i < 15; i++)
		CHECK_EQ(sfx_match(x, 0, SBI_PMU_DTLB_READ_MISS, 0), 3 + i);
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(x->s.nr_pmu, 1);
	CHECK_EQ(x->s.nsub, 3);
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
	refused(x, SBI_ERR_INVALID_PARAM);
	/* without hart 2 in the set, both are fine */
	*(uint64_t *)sfx_mem(x, SFX_HARTS) = 3;
	x->c.harts_addr = SFX_HARTS;
	x->c.harts_bits = 64;
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
	CHECK_ERR(rvpmu_sampler_status(&x->s, SFX_STATUS + 4, 0, 256), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_sampler_status(&x->s, SFX_STATUS, 0, sizeof(*st) - 1),
		  SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_sampler_status(&x->s, SIM_RAM_BASE, 0, 256), SBI_ERR_INVALID_ADDRESS);
	CHECK_ERR(rvpmu_sampler_status(&x->s, SFX_STATUS, 1, 256), SBI_ERR_INVALID_ADDRESS);
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

void suite_sampler_config(void)
{
	static const struct t_case cases[] = {
		T(bad_values_are_invalid_param),
		T(bad_configuration_address),
		T(limits_are_accepted),
		T(defaults_apply),
		T(an_event_one_hart_cannot_count),
		T(state_errors),
		T(status_errors),
	};

	T_RUN(cases);
}
