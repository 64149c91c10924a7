/* SPDX-License-Identifier: BSD-2-Clause */
#include "drive.h"
#include "core/internal.h"

static uint64_t rnd(struct drive *d)
{
	return d->next(d->src);
}

static unsigned int pick(struct drive *d, unsigned int n)
{
	return (unsigned int)(rnd(d) % n);
}

static const uint32_t events[] = {
	FX_CYCLES, FX_INSTRET, SBI_PMU_DTLB_READ_MISS, FX_DTLB_WR_MISS, FX_ITLB_RD_MISS,
	SBI_PMU_HW_CACHE_MISSES, FX_BRANCHES, SBI_PMU_RAW_EVENT, SBI_PMU_RAW_V2_EVENT,
	SBI_PMU_FW_EVENT(0), SBI_PMU_FW_EVENT(5), SBI_PMU_FW_EVENT(6), SBI_PMU_FW_EVENT(21),
	SBI_PMU_FW_EVENT(256), SBI_PMU_FW_EVENT(0xffff), SBI_PMU_FW_EVENT(22),
	SBI_PMU_CACHE_EVENT(0, 0, 0), 0, 11, SBI_PMU_EVENT_IDX(9, 0),
};
static const uint64_t datas[] = { 0, 0, 0, 0x1234, 0x2042, 1, UINT64_C(0x42000000000077) };

static rvpmu_ulong rnd_base(struct drive *d)
{
	switch (pick(d, 8)) {
	case 0: return (rvpmu_ulong)rnd(d);
	case 1: case 2: return 0;
	default: return pick(d, 40);
	}
}

static rvpmu_ulong rnd_mask(struct drive *d)
{
	switch (pick(d, 8)) {
	case 0: return 0;
	case 1: return (rvpmu_ulong)rnd(d);
	case 2: return (rvpmu_ulong)rnd(d) & (rvpmu_ulong)rnd(d) & (rvpmu_ulong)rnd(d);
	default: return (rvpmu_ulong)1 << pick(d, 24);
	}
}

static rvpmu_ulong rnd_flags(struct drive *d, rvpmu_ulong valid)
{
	if (pick(d, 16) == 0)
		return (rvpmu_ulong)1 << pick(d, RVPMU_XLEN);
	return (rvpmu_ulong)rnd(d) & valid;
}

/* What stop+RESET answering ALREADY_STOPPED may change, applied to a copy. */
static void expect_release(struct rvpmu_hart *e, uint64_t set)
{
	uint64_t rel = set & ~e->started;

	e->configured &= ~rel;
	for (unsigned int i = 3; i < RVPMU_HW_SLOTS; i++)
		if (rel & BIT64(i))
			e->mhpmevent[i] = 0;
}

void drive_invariants(struct fx *f)
{
	struct rvpmu_hart *h = &f->h;
	uint32_t want[SBI_PMU_FW_STD_COUNT] = { 0 };
	unsigned int i;

	CHECK_EQ(h->started & ~h->configured, 0);
	CHECK_EQ(h->configured & ~h->valid, 0);
	/* overflow is noted only for hpm counters */
	CHECK_EQ(h->overflowed & ~(h->hw & ~UINT64_C(7)), 0);
	CHECK_EQ(f->sim.faults, 0);
	for (i = 0; i < h->fw_base; i++) {
		bool inhibited = f->sim.inhibit & (1u << i);

		if (!(h->hw & (1u << i)))
			continue;
		if (h->started & BIT64(i))
			CHECK(!inhibited);
		else if (i >= 3 || (h->configured & BIT64(i)))
			CHECK(inhibited);
		else
			CHECK(!inhibited);	/* a free fixed counter runs */
		if (i >= 3 && f->sim.sscofpmf && (h->configured & BIT64(i)) &&
		    !(h->started & BIT64(i)))
			CHECK(f->sim.mhpmevent[i] & MHPMEVENT_OF);
	}
	for (i = h->fw_base; i < h->nr_counters; i++)
		if ((h->started & BIT64(i)) &&
		    SBI_PMU_EVENT_CODE(h->event[i]) < SBI_PMU_FW_STD_COUNT)
			want[SBI_PMU_EVENT_CODE(h->event[i])] |= UINT32_C(1) << (i - h->fw_base);
	for (i = 0; i < SBI_PMU_FW_STD_COUNT; i++)
		CHECK(want[i] == h->fw_counting[i].by.ctrs && !h->fw_counting[i].by.sampled);
}

void drive_pick(struct drive *d, struct drive_call *c)
{
	const struct rvpmu_hart *h = &d->f->h;
	rvpmu_ulong base = rnd_base(d), mask = rnd_mask(d);

	/* often a subset of what is configured: the interesting start/stop
	   cases (some started, some not) need all-configured sets */
	if (pick(d, 2) && h->configured) {
		base = lowest_bit(h->configured) - pick(d, 2);
		if (base > 63)
			base = 0;
		mask = (rvpmu_ulong)((h->configured >> base) & rnd(d));
		if (!mask)
			mask = 1;
		/* or one of them alone, as Linux names its counters */
		if (pick(d, 2)) {
			uint64_t from = h->configured & ~(BIT64(pick(d, 64)) - 1);

			base = lowest_bit(from ? from : h->configured);
			mask = 1;
		}
	}
	c->a0 = base;
	c->a1 = mask;
	c->a2 = c->a3 = 0;
	c->a4 = 0;
	switch (pick(d, 11)) {
	case 0: case 1: case 2:
		c->fn = DRIVE_CONFIG;
		c->a2 = rnd_flags(d, 0xff);
		c->a3 = events[pick(d, sizeof(events) / 4)];
		c->a4 = datas[pick(d, sizeof(datas) / 8)];
		break;
	case 3: case 4:
		c->fn = DRIVE_START;
		c->a2 = rnd_flags(d, 3);
		/* often a sampling period, as Linux starts from: close
		   below the wrap, of any counter width */
		c->a4 = pick(d, 2) ? rnd(d) : (~UINT64_C(0) >> pick(d, 33)) - pick(d, 64);
		break;
	case 5: case 6:
		c->fn = DRIVE_STOP;
		c->a2 = rnd_flags(d, 3);
		break;
	case 7:
		c->fn = DRIVE_FW_READ;
		c->a0 = pick(d, 40);
		break;
	case 8:
		c->fn = DRIVE_SET_SHMEM;
		c->a0 = pick(d, 4) ? FX_SHMEM : (rvpmu_ulong)rnd(d);
		c->a1 = pick(d, 8) ? 0 : (rvpmu_ulong)rnd(d);
		c->a2 = pick(d, 8) ? 0 : 1;
		break;
	case 9:
		c->fn = DRIVE_GET_INFO;
		c->a0 = pick(d, 70);
		break;
	case 10:
		c->fn = DRIVE_EVENT_INFO;
		c->a0 = (rvpmu_ulong)(FX_SHMEM + 8 * pick(d, 1024));
		c->a1 = pick(d, 8) ? 0 : 1;
		c->a2 = pick(d, 40);
		c->a3 = pick(d, 16) ? 0 : 1;
		break;
	}
}

struct rvpmu_ret drive_call(struct rvpmu_hart *h, const struct drive_call *c)
{
	switch (c->fn) {
	case DRIVE_CONFIG:
		return rvpmu_counter_config_matching(h, c->a0, c->a1, c->a2, c->a3, c->a4);
	case DRIVE_START:
		return rvpmu_counter_start(h, c->a0, c->a1, c->a2, c->a4);
	case DRIVE_STOP:
		return rvpmu_counter_stop(h, c->a0, c->a1, c->a2);
	case DRIVE_FW_READ:
		return rvpmu_counter_fw_read(h, c->a0);
	case DRIVE_SET_SHMEM:
		return rvpmu_snapshot_set_shmem(h, c->a0, c->a1, c->a2);
	case DRIVE_GET_INFO:
		return rvpmu_counter_get_info(h, c->a0);
	case DRIVE_EVENT_INFO:
		return rvpmu_event_get_info(h, c->a0, c->a1, c->a2, c->a3);
	}
	return ret_err(SBI_ERR_FAILED);
}

static void one_call(struct drive *d, struct fx *f)
{
	struct rvpmu_hart before = f->h;
	struct drive_call c;
	struct rvpmu_ret r;
	uint64_t set;
	bool reset_stopped;

	drive_pick(d, &c);
	r = drive_call(&f->h, &c);
	reset_stopped = c.fn == DRIVE_STOP && (c.a2 & SBI_PMU_STOP_RESET) &&
			r.error == SBI_ERR_ALREADY_STOPPED;
	d->errors += r.error != 0;
	if (r.error) {
		set = rvpmu_counter_set(&before, c.a0, c.a1);
		if (reset_stopped && set)
			expect_release(&before, set);
		CHECK(memcmp(&before, &f->h, sizeof(before)) == 0);
	}
	drive_invariants(f);
}

static uint64_t value(struct fx *f, unsigned int i)
{
	return rvpmu_counter_value(&f->h, i);
}

static void activity(struct drive *d, struct fx *f)
{
	uint64_t v0[RVPMU_MAX_COUNTERS];
	unsigned int i, n = pick(d, 50), nfw = pick(d, 4), code = pick(d, SBI_PMU_FW_STD_COUNT);
	unsigned int k;

	for (i = 0; i < f->h.nr_counters; i++)
		if (f->h.valid & BIT64(i))
			v0[i] = value(f, i);
	sim_run(&f->sim, n);
	sim_event(&f->sim, SBI_PMU_DTLB_READ_MISS, n);
	sim_event(&f->sim, 0x1234, n);
	for (k = 0; k < nfw; k++)
		rvpmu_fw_event(&f->h, code);
	f->sim.impl[0] += nfw;
	for (i = 0; i < f->h.nr_counters; i++) {
		uint64_t d;

		if (!(f->h.valid & BIT64(i)))
			continue;
		d = value(f, i) - v0[i];
		if (i < f->h.fw_base)
			d &= width_mask(&f->h, i);
		if (!(f->h.started & BIT64(i))) {
			if (i >= 3 || (f->h.configured & BIT64(i)))
				CHECK_EQ(d, 0);
			continue;
		}
		if (i < f->h.fw_base) {
			CHECK(d <= n);
		} else if (SBI_PMU_EVENT_CODE(f->h.event[i]) == code) {
			CHECK_EQ(d, nfw);
		} else if (SBI_PMU_EVENT_CODE(f->h.event[i]) == 256) {
			CHECK_EQ(d, nfw);
		} else {
			CHECK_EQ(d, 0);
		}
	}
}

uint64_t drive_xorshift(void *state)
{
	uint64_t *x = state;

	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

void drive_step(struct drive *d)
{
	one_call(d, d->f);
	activity(d, d->f);
	d->calls++;
}
