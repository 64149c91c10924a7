/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Randomized call sequences. After every call: an error leaves the hart
 * exactly as it was (except what stop+RESET may release), and the
 * invariants hold: started within configured within valid, counters that
 * are not started are inhibited, fw_counting matches the started firmware
 * counters, nothing touched a counter that does not exist. Between calls
 * events happen, and counts never go backwards: a stopped counter stays
 * put, a started one moves by at most what happened, a firmware counter by
 * exactly what happened.
 */
#include "fixture.h"
#include "core/internal.h"

static uint64_t rng;

static uint64_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static unsigned int pick(unsigned int n)
{
	return (unsigned int)(rnd() % n);
}

static const uint32_t events[] = {
	FX_CYCLES, FX_INSTRET, FX_DTLB_RD_MISS, FX_DTLB_WR_MISS, FX_ITLB_RD_MISS,
	SBI_PMU_HW_CACHE_MISSES, FX_BRANCHES, SBI_PMU_RAW_EVENT, SBI_PMU_RAW_V2_EVENT,
	FX_FW(0), FX_FW(5), FX_FW(6), FX_FW(21), FX_FW(256), FX_FW(0xffff), FX_FW(22),
	SBI_PMU_CACHE_EVENT(0, 0, 0), 0, 11, SBI_PMU_EVENT_IDX(9, 0),
};
static const uint64_t datas[] = { 0, 0, 0, 0x1234, 0x2042, 1, UINT64_C(0x42000000000077) };

static rvpmu_ulong rnd_base(void)
{
	switch (pick(8)) {
	case 0: return (rvpmu_ulong)rnd();
	case 1: case 2: return 0;
	default: return pick(40);
	}
}

static rvpmu_ulong rnd_mask(void)
{
	switch (pick(8)) {
	case 0: return 0;
	case 1: return (rvpmu_ulong)rnd();
	case 2: return (rvpmu_ulong)rnd() & (rvpmu_ulong)rnd() & (rvpmu_ulong)rnd();
	default: return (rvpmu_ulong)1 << pick(24);
	}
}

static rvpmu_ulong rnd_flags(rvpmu_ulong valid)
{
	if (pick(16) == 0)
		return (rvpmu_ulong)1 << pick(RVPMU_XLEN);
	return (rvpmu_ulong)rnd() & valid;
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

static void invariants(struct fx *f)
{
	struct rvpmu_hart *h = &f->h;
	uint32_t want[SBI_PMU_FW_STD_COUNT] = { 0 };
	unsigned int i;

	CHECK_EQ(h->started & ~h->configured, 0);
	CHECK_EQ(h->configured & ~h->valid, 0);
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
			want[SBI_PMU_EVENT_CODE(h->event[i])] |= 1u << (i - h->fw_base);
	CHECK(memcmp(want, h->fw_counting, sizeof(want)) == 0);
}

static void one_call(struct fx *f)
{
	struct rvpmu_hart before = f->h;
	struct rvpmu_ret r = { 0, 0 };
	rvpmu_ulong base = rnd_base(), mask = rnd_mask(), flags;
	uint64_t set;
	bool reset_stopped = false;

	/* often a subset of what is configured: the interesting start/stop
	   cases (some started, some not) need all-configured sets */
	if (pick(2) && f->h.configured) {
		base = lowest_bit(f->h.configured) - pick(2);
		if (base > 63)
			base = 0;
		mask = (rvpmu_ulong)((f->h.configured >> base) & rnd());
		if (!mask)
			mask = 1;
	}

	switch (pick(10)) {
	case 0: case 1: case 2:
		flags = rnd_flags(0xff);
		r = rvpmu_counter_config_matching(&f->h, base, mask, flags,
						  events[pick(sizeof(events) / 4)],
						  datas[pick(sizeof(datas) / 8)]);
		break;
	case 3: case 4:
		flags = rnd_flags(3);
		r = rvpmu_counter_start(&f->h, base, mask, flags, rnd());
		break;
	case 5: case 6:
		flags = rnd_flags(3);
		r = rvpmu_counter_stop(&f->h, base, mask, flags);
		reset_stopped = (flags & SBI_PMU_STOP_RESET) &&
				r.error == SBI_ERR_ALREADY_STOPPED;
		break;
	case 7:
		r = rvpmu_counter_fw_read(&f->h, pick(40));
		break;
	case 8:
		r = rvpmu_snapshot_set_shmem(&f->h, pick(4) ? FX_SHMEM : (rvpmu_ulong)rnd(),
					     pick(8) ? 0 : (rvpmu_ulong)rnd(), pick(8) ? 0 : 1);
		break;
	case 9:
		r = rvpmu_counter_get_info(&f->h, pick(70));
		break;
	}
	if (r.error) {
		if (reset_stopped && rvpmu_counter_set(&before, base, mask, &set) == 0)
			expect_release(&before, set);
		CHECK(memcmp(&before, &f->h, sizeof(before)) == 0);
	}
	invariants(f);
}

static uint64_t value(struct fx *f, unsigned int i)
{
	return rvpmu_counter_value(&f->h, i);
}

static void activity(struct fx *f)
{
	uint64_t v0[RVPMU_MAX_COUNTERS];
	unsigned int i, n = pick(50), nfw = pick(4), code = pick(SBI_PMU_FW_STD_COUNT);
	unsigned int k;

	for (i = 0; i < f->h.nr_counters; i++)
		if (f->h.valid & BIT64(i))
			v0[i] = value(f, i);
	sim_run(&f->sim, n);
	sim_event(&f->sim, FX_DTLB_RD_MISS, n);
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

static void run(uint64_t seed, unsigned int nr_hpm, unsigned int bits, bool sscof,
		unsigned int calls)
{
	static struct fx f;
	unsigned int i;

	rng = seed;
	fx_init(&f, nr_hpm, bits, sscof, 16);
	for (i = 0; i < calls && !t_state.cur_failed; i++) {
		one_call(&f);
		activity(&f);
	}
	if (t_state.cur_failed)
		printf("#   seed 0x%llx failed at call %u\n", (unsigned long long)seed, i);
}

static void random_sscofpmf_64bit(void)
{
	for (uint64_t s = 1; s <= 8; s++)
		run(s * 0x9E3779B97F4A7C15u, 16, 64, true, 4000);
}

static void random_no_sscofpmf(void)
{
	for (uint64_t s = 1; s <= 8; s++)
		run(s * 0xD1B54A32D192ED03u, 16, 64, false, 4000);
}

static void random_narrow_counters(void)
{
	for (uint64_t s = 1; s <= 8; s++)
		run(s * 0xA24BAED4963EE407u, 8, 40, true, 4000);
}

static void random_full_hpm(void)
{
	for (uint64_t s = 1; s <= 4; s++)
		run(s * 0x9FB21C651E98DF25u, 29, 64, true, 4000);
}

static const struct t_case cases[] = {
	T(random_sscofpmf_64bit),
	T(random_no_sscofpmf),
	T(random_narrow_counters),
	T(random_full_hpm),
};

void suite_random(void)
{
	T_RUN(cases);
}
