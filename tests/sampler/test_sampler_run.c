/* SPDX-License-Identifier: BSD-2-Clause */
/* Runs on simulated harts: layout, counts, order, buffers, reservation,
   late deadlines, harts leaving, stop reasons. */
#include "sfx.h"
#include "core/internal.h"

#define A	SBI_PMU_DTLB_READ_MISS
#define B	FX_DTLB_WR_MISS
#define C	FX_ITLB_RD_MISS
#define SET_TIMER	SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER)

static const uint32_t abc[3] = { A, B, C };

/* What hart h sees of event e in window k (0 for events it is not given). */
static uint64_t expect(unsigned int e, unsigned int k, unsigned int h)
{
	return 1000 * (e + 1) + 10 * k + h;
}

/* Window k of a hart: each event of abc (and SET_TIMER) happens
   expect() times, and 500 + k cycles pass. */
static void window(struct sfx *x, unsigned int i)
{
	const struct rvpmu_sampler_hart *sh = &x->sh[i];
	unsigned int k = (unsigned int)rvpmu_sampler_hart_subsamples(&x->s, sh);

	if (!sh->running)
		return;
	for (unsigned int e = 0; e < 3; e++)
		sim_event(&x->sim[i], abc[e], expect(e, k, i));
	for (uint64_t n = expect(3, k, i); n; n--)
		rvpmu_fw_event(&x->h[i], SBI_PMU_FW_SET_TIMER);
	sim_run(&x->sim[i], 500 + k);
}

/* Configure (abc's first nr events, one buffer) and start; windows as above. */
static void begin(struct sfx *x, unsigned int nr, uint64_t size, uint32_t nr_pmu,
		  uint32_t nr_sample)
{
	sfx_cfg(x, abc, nr, size);
	x->c.nr_pmu = nr_pmu;
	x->c.nr_sample = nr_sample;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_start(x), 0);
	sfx_window = window;
}

/* The worked example of docs/sampler.md: 3 events, nr_pmu 2, 2 harts in
   one cluster; every offset of sample 0 and the counts in them. */
static void worked_example_layout(void)
{
	struct sfx *x = sfx_new(2);
	const struct rvpmu_sampler_header *h = sfx_hdr(x, SFX_BUF);
	const uint64_t d = SFX_BUF + 168, s1 = d + 96;
	const uint64_t W = RVPMU_SAMPLER_WIN_COUNTED;

	sfx_cfg(x, abc, 3, 0x400);
	x->c.nr_pmu = 2;
	x->c.nr_sample = 2;
	x->c.cid2_addr = SFX_CID2;
	x->c.cid2_count = 2;
	*(uint32_t *)sfx_mem(x, SFX_CID2) = 0xC0DE0;
	*(uint32_t *)sfx_mem(x, SFX_CID2 + 4) = 0xC0DE1;
	CHECK_EQ(sfx_configure(x), 0);
	memset(sfx_mem(x, SFX_BUF), 0xAA, 0x400);
	CHECK_EQ(sfx_start(x), 0);
	sfx_window = window;
	CHECK_EQ(sfx_run(x, 100), 2 * (1 + 4));

	CHECK_EQ(h->magic, RVPMU_SAMPLER_BUF_MAGIC);
	CHECK_EQ(sizeof(*h), 104);
	CHECK_EQ(h->header_size, 168);
	CHECK_EQ(h->state, RVPMU_SAMPLER_BUF_LAST);
	CHECK_EQ(h->nr_harts, 2);
	CHECK_EQ(h->nr_clusters, 1);
	CHECK_EQ(h->nr_subsamples, 2);
	CHECK_EQ(h->version, RVPMU_SAMPLER_LAYOUT);
	CHECK_EQ(h->subsample_size, 96);
	CHECK_EQ(h->sample_size, 192);
	CHECK_EQ(h->capacity, (0x400 - 168) / 192);
	CHECK_EQ(h->nr_samples, 2);
	CHECK_EQ(h->t0, 1100);
	CHECK_EQ(h->period_ticks, 100);
	CHECK_EQ(h->timebase_hz, 1000000);
	CHECK_EQ(sfx_u32(x, SFX_BUF + 104), 0);		/* hart[0] */
	CHECK_EQ(sfx_u32(x, SFX_BUF + 108), 1);
	CHECK_EQ(sfx_u32(x, SFX_BUF + 112), 0);		/* cluster[0] */
	CHECK_EQ(sfx_u32(x, SFX_BUF + 120), A);		/* events[0].event_idx */
	CHECK_EQ(sfx_u32(x, SFX_BUF + 152), C);		/* events[2] */
	/* subsample 0: events 0 and 1 */
	CHECK_EQ(sfx_u32(x, d + 0), 0x100);			/* cid1, hart 0 */
	CHECK_EQ(sfx_u32(x, d + 4), 0x101);
	CHECK_EQ(sfx_u32(x, d + 8), 0xC0DE0);		/* cid2 */
	CHECK_EQ(sfx_u32(x, d + 12), 0xC0DE1);
	CHECK_EQ(sfx_u64(x, d + 16), expect(0, 0, 0));	/* count[0][hart 0] */
	CHECK_EQ(sfx_u64(x, d + 24), expect(0, 0, 1));
	CHECK_EQ(sfx_u64(x, d + 32), expect(1, 0, 0));	/* count[1] */
	CHECK_EQ(sfx_u64(x, d + 40), expect(1, 0, 1));
	CHECK_EQ(sfx_u64(x, d + 48), 500);			/* cycles */
	CHECK_EQ(sfx_u64(x, d + 56), 500);
	CHECK_EQ(sfx_u64(x, d + 64), 1100);			/* mtime: t0 */
	CHECK_EQ(sfx_u64(x, d + 72), 1100);
	CHECK_EQ(sfx_u64(x, d + 80), W | 100);		/* window: COUNTED, 100 */
	CHECK_EQ(sfx_u64(x, d + 88), W | 100);
	/* subsample 1: event 2, then the null event */
	CHECK_EQ(sfx_u64(x, s1 + 16), expect(2, 1, 0));
	CHECK_EQ(sfx_u64(x, s1 + 24), expect(2, 1, 1));
	CHECK_EQ(sfx_u64(x, s1 + 32), 0);
	CHECK_EQ(sfx_u64(x, s1 + 40), 0);
	CHECK_EQ(sfx_u64(x, s1 + 48), 501);
	CHECK_EQ(sfx_u64(x, s1 + 64), 1200);
	CHECK_EQ(sfx_u64(x, s1 + 80), W | 100);
	/* sample 1, subsample 0 (window 2) */
	CHECK_EQ(sfx_u64(x, d + 192 + 16), expect(0, 2, 0));
	CHECK_EQ(sfx_u64(x, d + 192 + 56), 502);
	/* the samples not taken, and the gap after the capacity: what was
	   there (the implementation never zeroes) */
	CHECK_EQ(sfx_u64(x, d + 2 * 192), 0xAAAAAAAAAAAAAAAAull);
	CHECK_EQ(sfx_u64(x, SFX_BUF + 0x3f8), 0xAAAAAAAAAAAAAAAAull);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_DONE);
	CHECK_EQ(x->s.stop_reason, RVPMU_SAMPLER_STOP_DONE);
	for (int i = 0; i < 2; i++) {
		CHECK_EQ(x->h[i].reserved, 0);
		CHECK_EQ(rvpmu_sampler_hart_subsamples(&x->s, &x->sh[i]), 4);
		CHECK_EQ(x->deadline[i], SFX_NO_DEADLINE);
		CHECK_EQ(x->sim[i].faults, 0);
	}
	CHECK_EQ(x->sim[0].faults, 0);
}

/* Firmware events and hardware events share a group; S-mode counts the
   same firmware event beside the sampler, undisturbed. */
static void firmware_events_are_sampled(void)
{
	struct sfx *x = sfx_new(2);
	const uint32_t ev[2] = { SET_TIMER, A };
	const uint64_t d = SFX_BUF + 104 + 8 + 8 + 32;
	long mine = sfx_match(x, 1, SET_TIMER, 0);

	CHECK(mine >= 19);
	CHECK_OK(rvpmu_counter_start(&x->h[1], (rvpmu_ulong)mine, 1, 0, 0), 0);
	sfx_cfg(x, ev, 2, 0x400);
	x->c.nr_sample = 3;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(x->s.nr_pmu, 2);
	CHECK_EQ(sfx_start(x), 0);
	CHECK(!(x->h[1].reserved & BIT64(mine)));
	sfx_window = window;
	sfx_run(x, 100);
	for (unsigned int k = 0; k < 3; k++) {
		uint64_t sub = d + 96 * (uint64_t)k;

		CHECK_EQ(sfx_u64(x, sub + 16), expect(3, k, 0));
		CHECK_EQ(sfx_u64(x, sub + 24), expect(3, k, 1));
		CHECK_EQ(sfx_u64(x, sub + 32), expect(0, k, 0));
	}
	/* S-mode's counter also saw the window before t0 (the sampler not) */
	CHECK_OK(rvpmu_counter_fw_read(&x->h[1], (rvpmu_ulong)mine),
		 (rvpmu_ulong)(2 * expect(3, 0, 1) + expect(3, 1, 1) + expect(3, 2, 1)));
	CHECK_EQ(x->sim[0].faults + x->sim[1].faults, 0);
}

/* Two clusters, harts numbered across them: the data field is in
   increasing hartid order (version 2), whatever the platform's order;
   each position's cluster number comes along. */
static void hart_order_by_hartid(void)
{
	struct sfx *x = sfx_new(4);
	const uint32_t order[4] = { 2, 3, 0, 1 };
	const uint16_t cl[4] = { 0, 0, 1, 1 };
	const struct rvpmu_sampler_header *h = sfx_hdr(x, SFX_BUF);
	uint64_t d;

	memcpy(x->order, order, sizeof(order));
	memcpy(x->cluster, cl, sizeof(cl));
	sfx_cfg(x, abc, 1, 0x800);
	x->c.nr_sample = 1;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_start(x), 0);
	sfx_window = window;
	sfx_run(x, 100);
	CHECK_EQ(h->nr_harts, 4);
	CHECK_EQ(h->nr_clusters, 2);
	d = SFX_BUF + h->header_size;
	for (unsigned int p = 0; p < 4; p++) {
		CHECK_EQ(sfx_u32(x, SFX_BUF + 104 + 4 * p), p);
		CHECK_EQ(sfx_u32(x, SFX_BUF + 120 + 4 * p), p < 2 ? 1 : 0);
		CHECK_EQ(sfx_u32(x, d + 4 * p), 0x100 + p);		/* cid1 */
		CHECK_EQ(sfx_u64(x, d + 32 + 8 * p), expect(0, 0, p));
	}
	/* a set of harts 3 and 0: one per cluster */
	x->hart_base = 0;
	x->hart_mask = 0x9;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_start(x), 0);
	sfx_run(x, 100);
	CHECK_EQ(h->nr_harts, 2);
	CHECK_EQ(h->nr_clusters, 2);
	CHECK_EQ(sfx_u32(x, SFX_BUF + 104), 0);
	CHECK_EQ(sfx_u32(x, SFX_BUF + 108), 3);
	/* hart 1, not in this set: CONFIGURE forgot the first run's */
	CHECK_EQ(rvpmu_sampler_hart_subsamples(&x->s, &x->sh[1]), 0);
}

/* Two buffers of two samples each with a tail gap; five samples wanted:
   four fit, then FULL. */
static void buffers_fill_in_turn_then_full(void)
{
	struct sfx *x = sfx_new(2);
	const uint64_t b1 = SFX_BUF + 0x800, size = 168 + 2 * 192 + 40;
	const struct rvpmu_sampler_header *h0 = sfx_hdr(x, SFX_BUF), *h1 = sfx_hdr(x, b1);
	const struct rvpmu_sampler_status *st;

	sfx_cfg(x, abc, 3, size);
	x->c.nr_pmu = 2;
	x->c.nr_sample = 5;
	x->c.nr_bufs = 2;
	x->c.bufs[1].addr = b1;
	x->c.bufs[1].size = size;
	CHECK_EQ(sfx_configure(x), 0);
	memset(sfx_mem(x, SFX_BUF), 0xAA, 0x1000);
	CHECK_EQ(sfx_start(x), 0);
	CHECK_EQ(h0->state, RVPMU_SAMPLER_BUF_FILLING);
	CHECK_EQ(h1->state, RVPMU_SAMPLER_BUF_FREE);
	sfx_window = window;
	sfx_run(x, 100);
	CHECK_EQ(h0->capacity, 2);
	CHECK_EQ(h0->state, RVPMU_SAMPLER_BUF_FULL);
	CHECK_EQ(h0->nr_samples, 2);
	CHECK_EQ(h0->first_sample, 0);
	CHECK_EQ(h1->state, RVPMU_SAMPLER_BUF_LAST);
	CHECK_EQ(h1->nr_samples, 2);
	CHECK_EQ(h1->first_sample, 2);
	/* buffer 1 holds samples 2 and 3: windows 4 and 6 open them */
	CHECK_EQ(sfx_u64(x, b1 + 168 + 16), expect(0, 4, 0));
	CHECK_EQ(sfx_u64(x, b1 + 168 + 192 + 24), expect(0, 6, 1));
	/* nothing written past capacity * sample_size */
	for (uint64_t g = 168 + 384; g < size; g += 8) {
		CHECK_EQ(sfx_u64(x, SFX_BUF + g), 0xAAAAAAAAAAAAAAAAull);
		CHECK_EQ(sfx_u64(x, b1 + g), 0xAAAAAAAAAAAAAAAAull);
	}
	CHECK_OK(sfx_status(x, &st), sizeof(*st) + 2 * sizeof(struct rvpmu_sampler_hart_status));
	CHECK_EQ(st->state, RVPMU_SAMPLER_DONE);
	CHECK_EQ(st->stop_reason, RVPMU_SAMPLER_STOP_FULL);
	CHECK_EQ(st->samples, 4);
	CHECK_EQ(st->lost, 1);
	CHECK_EQ(st->buffers_used, 2);
	CHECK_EQ(x->h[0].reserved | x->h[1].reserved, 0);
}

static void release_full(struct sfx *x, unsigned int i)
{
	window(x, i);
	for (unsigned int b = 0; b < x->s.nr_bufs; b++)
		if (sfx_hdr(x, x->s.bufs[b].addr)->state == RVPMU_SAMPLER_BUF_FULL)
			CHECK_EQ(rvpmu_sampler_buffer_release(&x->s, b), 0);
}

/* Ring mode: released buffers are filled again, in order, lap by lap;
   one still FILLING cannot be released. */
static void ring_mode_reuses_released_buffers(void)
{
	struct sfx *x = sfx_new(2);
	const uint64_t size = 168 + 192;
	const struct rvpmu_sampler_header *h0 = sfx_hdr(x, SFX_BUF);
	const struct rvpmu_sampler_status *st;

	sfx_cfg(x, abc, 3, size);
	x->c.nr_pmu = 2;
	x->c.nr_sample = 5;
	x->c.nr_bufs = 2;
	x->c.flags = RVPMU_SAMPLER_F_RING;
	x->c.bufs[1].addr = SFX_BUF + 0x800;
	x->c.bufs[1].size = size;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_start(x), 0);
	CHECK_EQ(rvpmu_sampler_buffer_release(&x->s, 0), SBI_ERR_DENIED);
	CHECK_EQ(rvpmu_sampler_buffer_release(&x->s, 2), SBI_ERR_INVALID_PARAM);
	sfx_window = release_full;
	sfx_run(x, 100);
	CHECK_OK(sfx_status(x, &st), sizeof(*st) + 2 * sizeof(struct rvpmu_sampler_hart_status));
	CHECK_EQ(st->stop_reason, RVPMU_SAMPLER_STOP_DONE);
	CHECK_EQ(st->samples, 5);
	CHECK_EQ(st->buffers_used, 5);
	/* sample 4 is the third fill of buffer 0 */
	CHECK_EQ(h0->lap, 2);
	CHECK_EQ(h0->first_sample, 4);
	CHECK_EQ(h0->state, RVPMU_SAMPLER_BUF_LAST);
	CHECK_EQ(h0->nr_samples, 1);
	CHECK_EQ(sfx_u64(x, SFX_BUF + 168 + 16), expect(0, 8, 0));
	/* without releases, ring mode stops FULL after both buffers */
	sfx_window = window;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_start(x), 0);
	sfx_run(x, 100);
	CHECK_OK(sfx_status(x, &st), sizeof(*st) + 2 * sizeof(struct rvpmu_sampler_hart_status));
	CHECK_EQ(st->stop_reason, RVPMU_SAMPLER_STOP_FULL);
	CHECK_EQ(st->samples, 2);
	CHECK_EQ(st->lost, 3);
}

/* The sampler takes only free counters, hides them from S-mode while it
   runs, and gives them back (mhpmevent 0) when it stops. */
static void reservation(void)
{
	struct sfx *x = sfx_new(2);
	uint64_t ev3;

	CHECK_EQ(sfx_match(x, 1, A, 0), 3);	/* S-mode's, on hart 1 */
	ev3 = x->sim[1].mhpmevent[3];
	sfx_cfg(x, abc, 2, 0x400);
	x->c.nr_sample = 2;
	x->c.filter = RVPMU_SAMPLER_EXCLUDE_M | RVPMU_SAMPLER_EXCLUDE_U;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_start(x), 0);
	CHECK_EQ(x->h[0].reserved, BIT64(3) | BIT64(4));
	CHECK_EQ(x->h[1].reserved, BIT64(4) | BIT64(5));
	/* held, idle until t0: a counter loaded at START would count the
	   lead time where inhibiting does not freeze it (QEMU) */
	CHECK_EQ(x->sim[1].mhpmevent[4], 0);
	sfx_run(x, 2);				/* t0 on both: group 0 loaded */
	CHECK_EQ(x->sim[1].mhpmevent[4] & ~MHPMEVENT_SSCOF_MASK, A);
	CHECK_EQ(x->sim[1].mhpmevent[4] & MHPMEVENT_SSCOF_MASK,
		 MHPMEVENT_OF | MHPMEVENT_MINH | MHPMEVENT_UINH);
	/* S-mode: matching skips them, start/stop/fw_read refuse them */
	CHECK_EQ(sfx_match(x, 0, A, 0), 5);
	CHECK_ERR(rvpmu_counter_config_matching(&x->h[0], 3, 1, 0, A, 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_ERR(rvpmu_counter_config_matching(&x->h[0], 3, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, A, 0),
		  SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_start(&x->h[0], 3, 1, 0, 0), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_stop(&x->h[0], 4, 1, 0), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(rvpmu_reserve(&x->h[0], BIT64(4)), SBI_ERR_DENIED);
	CHECK_EQ(rvpmu_reserve(&x->h[0], BIT64(0)), SBI_ERR_INVALID_PARAM);
	sfx_window = window;
	sfx_run(x, 100);
	for (int i = 0; i < 2; i++) {
		CHECK_EQ(x->h[i].reserved, 0);
		CHECK_EQ(x->sim[i].faults, 0);
	}
	CHECK_EQ(x->sim[0].mhpmevent[4], 0);
	CHECK_EQ(x->sim[1].mhpmevent[5], 0);
	CHECK_EQ(x->sim[1].mhpmevent[3], ev3);	/* S-mode's, untouched */
	CHECK(x->h[1].configured & BIT64(3));
	CHECK_EQ(sfx_match(x, 0, A, 0), 3);
}

/* A firmware counter the sampler holds answers fw_read as unconfigured. */
static void reserved_firmware_counter_is_hidden(void)
{
	struct sfx *x = sfx_new(1);
	const uint32_t ev[1] = { SET_TIMER };

	sfx_cfg(x, ev, 1, 0x400);
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_start(x), 0);
	CHECK_EQ(x->h[0].reserved, BIT64(x->h[0].fw_base));
	CHECK_ERR(rvpmu_counter_fw_read(&x->h[0], x->h[0].fw_base), SBI_ERR_INVALID_PARAM);
	CHECK_OK(rvpmu_counter_fw_read(&x->h[0], x->h[0].fw_base + 1), 0);
	CHECK_EQ(sfx_match(x, 0, SET_TIMER, 0), (long)x->h[0].fw_base + 1);
	CHECK_EQ(x->sim[0].faults, 0);
}

/* START fails on a hart whose counters S-mode holds: nothing starts. */
static void start_denied_changes_nothing(void)
{
	struct sfx *x = sfx_new(3);
	uint32_t ev[2] = { SBI_PMU_RAW_EVENT, SBI_PMU_RAW_EVENT };

	sfx_cfg(x, ev, 2, 0x800);
	x->c.events[0].event_data = 0x1234;	/* counters 5, 6 */
	x->c.events[1].event_data = 0x1234;
	x->c.nr_pmu = 2;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_match(x, 2, SBI_PMU_RAW_EVENT, 0x1234), 5);
	CHECK_EQ(sfx_start(x), SBI_ERR_DENIED);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_CONFIGURED);
	for (int i = 0; i < 3; i++) {
		CHECK_EQ(x->h[i].reserved, 0);
		CHECK_EQ(x->deadline[i], SFX_NO_DEADLINE);
	}
	CHECK_EQ(x->sim[0].mhpmevent[5], 0);
	/* with nr_pmu 1 each group needs one counter: it runs */
	x->c.nr_pmu = 1;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_start(x), 0);
	CHECK_EQ(x->h[2].reserved, BIT64(6));
}

/* A START refused (DENIED) in DONE changes nothing STATUS shows: the last
   run's statistics, stop reason, fills and flags are still there. */
static void start_denied_keeps_last_run(void)
{
	struct sfx *x = sfx_new(3);
	uint32_t ev[2] = { SBI_PMU_RAW_EVENT, SBI_PMU_RAW_EVENT };
	const struct rvpmu_sampler_status *st;
	const struct rvpmu_sampler_hart_status *hs;
	uint8_t before[sizeof(*st) + 3 * sizeof(*hs)];

	sfx_cfg(x, ev, 2, 0x800);
	x->c.events[0].event_data = 0x1234;	/* counters 5, 6 */
	x->c.events[1].event_data = 0x1234;
	x->c.nr_pmu = 2;
	x->c.nr_sample = 4;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_start(x), 0);
	sfx_window = window;
	sfx_run(x, 3 + 3);			/* t0, then a sample */
	rvpmu_sampler_hart_leave(&x->s, &x->sh[1], false);
	x->mtime = x->deadline[0] + 160;	/* hart 0 late: a sample passed */
	window(x, 0);
	sfx_tick(x, 0);
	sfx_run(x, 100);
	CHECK_OK(sfx_status(x, &st), sizeof(before));
	hs = (const void *)(st + 1);
	CHECK_EQ(st->state, RVPMU_SAMPLER_DONE);
	CHECK_EQ(st->stop_reason, RVPMU_SAMPLER_STOP_DONE);
	CHECK_EQ(st->samples, 4);
	CHECK(st->late > 0);			/* figures worth keeping */
	CHECK(st->passed > 0);
	CHECK(st->max_skew >= 160);
	CHECK_EQ(st->buffers_used, 1);
	CHECK_EQ(hs[1].flags, RVPMU_SAMPLER_HART_STOPPED);
	CHECK_EQ(hs[1].subsamples, 1);
	memcpy(before, st, sizeof(before));
	/* S-mode takes a counter hart 2 needs: START is refused */
	CHECK_EQ(sfx_match(x, 2, SBI_PMU_RAW_EVENT, 0x1234), 5);
	CHECK_EQ(sfx_start(x), SBI_ERR_DENIED);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_DONE);
	memset(sfx_mem(x, SFX_STATUS), 0xAA, sizeof(before));
	CHECK_OK(sfx_status(x, &st), sizeof(before));
	CHECK(!memcmp(before, st, sizeof(before)));
	CHECK_EQ(st->samples, 4);
	CHECK(st->passed > 0);
	CHECK_EQ(hs[1].flags, RVPMU_SAMPLER_HART_STOPPED);
	for (int i = 0; i < 2; i++) {
		CHECK_EQ(x->h[i].reserved, 0);
		CHECK_EQ(x->deadline[i], SFX_NO_DEADLINE);
	}
}

/*
 * The late policy (version 2): a late hart still writes every subsample
 * it counts, in order, on the absolute grid; a tick late by less than a
 * period passes nothing (the window it opens is short: data); one late
 * by a period or more passes the slots that already ended (not written:
 * their slots keep what the buffer held, no COUNTED bit) and opens the
 * slot going on; the passed ones are counted; lateness and skew reported.
 * Seen failing against version 1's policy (half a period: t0 + 351 passed
 * subsample 3, and passed slots were written with PASSED).
 */
static void late_deadlines(void)
{
	struct sfx *x = sfx_new(2);
	const struct rvpmu_sampler_status *st;
	const struct rvpmu_sampler_hart_status *hs;
	const uint64_t W = RVPMU_SAMPLER_WIN_COUNTED;
	uint64_t t0, sub;

	begin(x, 3, 0x800, 1, 2);
	sfx_run(x, 3);				/* t0 and subsample 0 */
	t0 = x->s.t0;
	CHECK_EQ(x->deadline[1], t0 + 2 * 100);
	/* hart 0: half a period late: nothing passed */
	x->mtime = t0 + 250;
	window(x, 0);
	sfx_tick(x, 0);
	CHECK_EQ(x->deadline[0], t0 + 300);
	x->mtime = t0 + 351;			/* 51 late: the slot goes on */
	window(x, 0);
	sfx_tick(x, 0);
	CHECK_EQ(x->deadline[0], t0 + 400);
	CHECK_EQ(x->sh[0].passed, 0);
	CHECK_EQ(x->sh[0].late, 0);
	x->mtime = t0 + 520;			/* 120 late: slot 4 ended */
	window(x, 0);
	sfx_tick(x, 0);
	CHECK_EQ(x->deadline[0], t0 + 600);
	CHECK_EQ(x->sh[0].passed, 1);
	CHECK_EQ(x->sh[0].late, 1);
	window(x, 1);
	x->mtime = t0 + 450;			/* hart 1 arrives 2.5 periods late */
	sfx_tick(x, 1);
	/* subsamples 2 and 3 (slots ending t0 + 300, t0 + 400) ended: both
	   passed; 4, in its slot, opens (short) */
	CHECK_EQ(x->deadline[1], t0 + 500);
	CHECK_EQ(x->sh[1].passed, 2);
	sfx_run(x, 100);
	CHECK_EQ(rvpmu_sampler_hart_subsamples(&x->s, &x->sh[1]), 6);
	CHECK_EQ(x->sh[1].late, 1);		/* deadline 2: the next already due */
	CHECK_EQ(x->sh[1].max_skew, 250);
	CHECK_OK(sfx_status(x, &st), sizeof(*st) + 2 * sizeof(*hs));
	hs = (const void *)(st + 1);
	CHECK_EQ(st->late, 2);
	CHECK_EQ(st->passed, 3);
	CHECK_EQ(st->max_skew, 250);
	CHECK_EQ(hs[0].passed, 1);
	CHECK_EQ(hs[1].passed, 2);
	CHECK_EQ(hs[1].subsamples, 6);
	CHECK_EQ(hs[1].max_skew, 250);
	CHECK_EQ(st->samples, 2);
	/* in order: window 1 of hart 1 is subsample 1 (its window long: it
	   ran until the late tick); subsamples 2 and 3 passed: not written */
	sub = SFX_BUF + x->s.header_size;
	CHECK_EQ(x->s.subsample_size, 80);
	CHECK_EQ(sfx_u64(x, sub + 80 + 24), expect(1, 1, 1));
	CHECK_EQ(sfx_u64(x, sub + 80 + 72), W | 350);
	for (unsigned int k = 2; k < 4; k++) {
		CHECK_EQ(sfx_u64(x, sub + 80 * k + 24), 0);	/* count */
		CHECK_EQ(sfx_u64(x, sub + 80 * k + 40), 0);	/* cycles */
		CHECK_EQ(sfx_u64(x, sub + 80 * k + 72), 0);	/* no COUNTED */
	}
	/* subsample 4: opened at t0 + 450, closed at t0 + 500 */
	CHECK_EQ(sfx_u64(x, sub + 80 * 4 + 56), t0 + 450);
	CHECK_EQ(sfx_u64(x, sub + 80 * 4 + 72), W | 50);
	/* hart 0's subsample 4 passed, 3 written (long), 5 short */
	CHECK_EQ(sfx_u64(x, sub + 80 * 4 + 64), 0);
	CHECK_EQ(sfx_u64(x, sub + 80 * 3 + 64), W | 169);
	CHECK_EQ(sfx_u64(x, sub + 80 * 5 + 64), W | 80);
	CHECK(sfx_u64(x, sub + 80 + 40) > 0);
}

/* A hart that stops through HSM is recorded and not waited for; one that
   never started has zeros; when all leave, NO_HARTS. */
static void harts_leave_and_absent(void)
{
	struct sfx *x = sfx_new(3);
	const struct rvpmu_sampler_status *st;
	const struct rvpmu_sampler_hart_status *hs;
	uint64_t d, sub;

	x->started[2] = false;
	begin(x, 1, 0x800, 0, 4);
	sfx_run(x, 5);			/* t0 and subsample 0, 1 of hart 0.. */
	rvpmu_sampler_hart_leave(&x->s, &x->sh[1], false);
	CHECK_EQ(x->h[1].reserved, 0);
	CHECK_EQ(x->deadline[1], SFX_NO_DEADLINE);
	sfx_run(x, 100);
	CHECK_OK(sfx_status(x, &st), sizeof(*st) + 3 * sizeof(*hs));
	hs = (const void *)(st + 1);
	CHECK_EQ(st->stop_reason, RVPMU_SAMPLER_STOP_DONE);
	CHECK_EQ(st->samples, 4);
	CHECK_EQ(hs[0].flags, 0);
	CHECK_EQ(hs[1].flags, RVPMU_SAMPLER_HART_STOPPED);
	CHECK_EQ(hs[2].flags, RVPMU_SAMPLER_HART_ABSENT);
	CHECK_EQ(hs[1].subsamples, 2);
	CHECK_EQ(hs[2].subsamples, 0);
	d = SFX_BUF + x->s.header_size;
	for (unsigned int k = 0; k < 4; k++) {
		sub = d + (uint64_t)k * x->s.subsample_size;
		CHECK_EQ(sfx_u64(x, sub + 24 + 0), expect(0, k, 0));
		CHECK_EQ(sfx_u64(x, sub + 24 + 8), k < 2 ? expect(0, k, 1) : 0);
		CHECK_EQ(sfx_u64(x, sub + 24 + 16), 0);
		CHECK_EQ(sfx_u32(x, sub + 8), 0);	/* hart 2's cid1 */
	}
	CHECK_EQ(sfx_hdr(x, SFX_BUF)->nr_samples, 4);

	/* every hart leaves: the run ends */
	x = sfx_new(2);
	begin(x, 1, 0x800, 0, 0);
	sfx_run(x, 4);
	rvpmu_sampler_hart_leave(&x->s, &x->sh[0], true);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_RUNNING);
	rvpmu_sampler_hart_leave(&x->s, &x->sh[1], false);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_DONE);
	CHECK_EQ(x->s.stop_reason, RVPMU_SAMPLER_STOP_NO_HARTS);
	CHECK_EQ(x->sh[0].flags, RVPMU_SAMPLER_HART_SUSPENDED);
	CHECK_EQ(sfx_hdr(x, SFX_BUF)->state, RVPMU_SAMPLER_BUF_LAST);
	CHECK_EQ(sfx_hdr(x, SFX_BUF)->nr_samples, 1);
}

/* Whether every slot of the hart at position p is 0 in the first n
   subsamples of buffer 0 (version 1). */
static bool hart_slots_zero(struct sfx *x, unsigned int p, unsigned int n)
{
	const uint64_t H = x->s.nr_data, P = x->s.nr_pmu;

	for (unsigned int k = 0; k < n; k++) {
		uint64_t sub = SFX_BUF + x->s.header_size + (uint64_t)k * x->s.subsample_size;

		if (sfx_u32(x, sub + 4 * p) || sfx_u32(x, sub + 4 * H + 4 * p) ||
		    sfx_u64(x, sub + 8 * H + 8 * P * H + 8 * p))
			return false;
		for (uint64_t j = 0; j < P; j++)
			if (sfx_u64(x, sub + 8 * H + 8 * (j * H + p)))
				return false;
	}
	return true;
}

/*
 * A hart counted in at START's preparation that stops or suspends before
 * its own start step (S-mode's HSM call races START): the firmware cannot
 * reach a stopped hart, and a suspended one is no longer started when its
 * step arrives. It never joins: ABSENT, zeros in its slots, and the run
 * neither waits for it nor leaves STOP waiting for ever.
 */
static void hart_leaves_during_start(void)
{
	for (unsigned int suspend = 0; suspend < 2; suspend++) {
		struct sfx *x = sfx_new(3);
		const struct rvpmu_sampler_status *st;
		const struct rvpmu_sampler_hart_status *hs;

		sfx_cfg(x, abc, 3, 0x800);
		x->c.nr_pmu = 1;
		x->c.nr_sample = 100;
		CHECK_EQ(sfx_configure(x), 0);
		CHECK_EQ(rvpmu_sampler_prepare(&x->s), 0);
		CHECK_EQ(rvpmu_sampler_hart_start(&x->s, &x->sh[0]), 0);
		/* hart 1 goes, HSM's way: it leaves, then is not started */
		rvpmu_sampler_hart_leave(&x->s, &x->sh[1], suspend);
		x->started[1] = false;
		if (suspend)	/* its step reaches it, suspended */
			CHECK_EQ(rvpmu_sampler_hart_start(&x->s, &x->sh[1]), 0);
		CHECK_EQ(rvpmu_sampler_hart_start(&x->s, &x->sh[2]), 0);
		rvpmu_sampler_launch(&x->s);
		CHECK(!x->sh[1].running);
		CHECK_EQ(x->h[1].reserved, 0);
		CHECK_EQ(x->deadline[1], SFX_NO_DEADLINE);
		sfx_window = window;
		sfx_run(x, 2 + 2 * 4);		/* t0, then 4 subsamples */
		CHECK_EQ(rvpmu_sampler_stop(&x->s), 0);
		for (unsigned int i = 0; i < 3; i++)
			rvpmu_sampler_hart_stop(&x->s, &x->sh[i]);
		CHECK_EQ(x->s.state, RVPMU_SAMPLER_DONE);
		CHECK_OK(sfx_status(x, &st), sizeof(*st) + 3 * sizeof(*hs));
		hs = (const void *)(st + 1);
		CHECK_EQ(st->state, RVPMU_SAMPLER_DONE);
		CHECK_EQ(st->stop_reason, RVPMU_SAMPLER_STOP_REQUESTED);
		CHECK_EQ(st->samples, 1);
		CHECK_EQ(hs[0].flags, 0);
		CHECK_EQ(hs[1].flags, RVPMU_SAMPLER_HART_ABSENT);
		CHECK_EQ(hs[2].flags, 0);
		CHECK_EQ(hs[0].subsamples, 4);
		CHECK_EQ(hs[1].subsamples, 0);
		CHECK(hart_slots_zero(x, 1, 4));
		CHECK(!hart_slots_zero(x, 2, 4));
		CHECK_EQ(sfx_hdr(x, SFX_BUF)->state, RVPMU_SAMPLER_BUF_LAST);
		CHECK_EQ(sfx_hdr(x, SFX_BUF)->nr_samples, 1);
		for (unsigned int i = 0; i < 3; i++)
			CHECK_EQ(x->h[i].reserved, 0);
	}

	/* both harts join and leave before the launch: the run ends there,
	   its headers written first (buffer 0 LAST, not left FILLING) */
	struct sfx *x = sfx_new(2);

	sfx_cfg(x, abc, 2, 0x800);
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(rvpmu_sampler_prepare(&x->s), 0);
	for (unsigned int i = 0; i < 2; i++) {
		CHECK_EQ(rvpmu_sampler_hart_start(&x->s, &x->sh[i]), 0);
		rvpmu_sampler_hart_leave(&x->s, &x->sh[i], i == 1);
	}
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_RUNNING);
	rvpmu_sampler_launch(&x->s);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_DONE);
	CHECK_EQ(x->s.stop_reason, RVPMU_SAMPLER_STOP_NO_HARTS);
	CHECK_EQ(sfx_hdr(x, SFX_BUF)->magic, RVPMU_SAMPLER_BUF_MAGIC);
	CHECK_EQ(sfx_hdr(x, SFX_BUF)->state, RVPMU_SAMPLER_BUF_LAST);
	CHECK_EQ(sfx_hdr(x, SFX_BUF)->nr_samples, 0);
	CHECK_EQ(x->sh[0].flags, RVPMU_SAMPLER_HART_STOPPED);
	CHECK_EQ(x->sh[1].flags, RVPMU_SAMPLER_HART_SUSPENDED);
	CHECK_EQ(rvpmu_sampler_stop(&x->s), SBI_ERR_ALREADY_STOPPED);
}

/* STOP: every hart ends at its next tick (or at once, by IPI). */
static void stop_requested(void)
{
	struct sfx *x = sfx_new(2);
	const struct rvpmu_sampler_status *st;

	begin(x, 3, 0x800, 3, 100);
	sfx_run(x, 6);
	CHECK_EQ(rvpmu_sampler_stop(&x->s), 0);
	rvpmu_sampler_hart_stop(&x->s, &x->sh[1]);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_RUNNING);
	CHECK_EQ(sfx_run(x, 100), 1);
	CHECK_OK(sfx_status(x, &st), sizeof(*st) + 2 * sizeof(struct rvpmu_sampler_hart_status));
	CHECK_EQ(st->state, RVPMU_SAMPLER_DONE);
	CHECK_EQ(st->stop_reason, RVPMU_SAMPLER_STOP_REQUESTED);
	CHECK_EQ(st->samples, 2);
	CHECK_EQ(st->lost, 0);
	CHECK_EQ(rvpmu_sampler_hart_subsamples(&x->s, &x->sh[0]), 3);
	CHECK_EQ(x->h[0].reserved | x->h[1].reserved, 0);
	CHECK_EQ(rvpmu_sampler_stop(&x->s), SBI_ERR_ALREADY_STOPPED);
	/* DONE keeps the configuration: START again runs it again */
	CHECK_EQ(sfx_start(x), 0);
	CHECK_EQ(rvpmu_sampler_hart_subsamples(&x->s, &x->sh[0]), 0);
}

/* STOP while a fast hart is a buffer ahead of a slow one: both buffers
   get their final count of complete samples, none is left FILLING. */
static void stop_across_buffers(void)
{
	struct sfx *x = sfx_new(2);
	const uint64_t size = 152 + 96;		/* one sample each */

	sfx_cfg(x, abc, 2, size);
	x->c.nr_bufs = 2;
	x->c.bufs[1].addr = SFX_BUF + 0x800;
	x->c.bufs[1].size = size;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_start(x), 0);
	sfx_window = window;
	sfx_run(x, 2);				/* t0 on both */
	x->mtime = x->deadline[0];
	window(x, 0);
	sfx_tick(x, 0);	/* hart 0: sample 0, opens buffer 1 */
	CHECK_EQ(x->sh[0].fill, 1);
	CHECK_EQ(sfx_hdr(x, SFX_BUF + 0x800)->state, RVPMU_SAMPLER_BUF_FILLING);
	CHECK_EQ(rvpmu_sampler_stop(&x->s), 0);
	rvpmu_sampler_hart_stop(&x->s, &x->sh[0]);
	rvpmu_sampler_hart_stop(&x->s, &x->sh[1]);
	CHECK_EQ(x->s.state, RVPMU_SAMPLER_DONE);
	CHECK_EQ(sfx_hdr(x, SFX_BUF)->state, RVPMU_SAMPLER_BUF_FULL);
	CHECK_EQ(sfx_hdr(x, SFX_BUF)->nr_samples, 0);	/* hart 1 never wrote it */
	CHECK_EQ(sfx_hdr(x, SFX_BUF + 0x800)->state, RVPMU_SAMPLER_BUF_LAST);
	CHECK_EQ(sfx_hdr(x, SFX_BUF + 0x800)->nr_samples, 0);
	CHECK_EQ(sfx_hdr(x, SFX_BUF + 0x800)->first_sample, 1);
}

void suite_sampler_run(void)
{
	static const struct t_case cases[] = {
		T(worked_example_layout),
		T(firmware_events_are_sampled),
		T(hart_order_by_hartid),
		T(buffers_fill_in_turn_then_full),
		T(ring_mode_reuses_released_buffers),
		T(reservation),
		T(reserved_firmware_counter_is_hidden),
		T(start_denied_changes_nothing),
		T(start_denied_keeps_last_run),
		T(late_deadlines),
		T(harts_leave_and_absent),
		T(hart_leaves_during_start),
		T(stop_requested),
		T(stop_across_buffers),
	};

	T_RUN(cases);
}
