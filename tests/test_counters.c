/* SPDX-License-Identifier: BSD-2-Clause */
/* Discovery: boot state, numbering, num_counters, counter_get_info, sets. */
#define _DEFAULT_SOURCE	/* mmap's MAP_ANONYMOUS */
#include <stddef.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fixture.h"
#include "core/internal.h"

static void num_counters_like_opensbi_on_virt(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_OK(rvpmu_num_counters(&f.h), 35);
	CHECK_EQ(f.h.fw_base, 19);
	CHECK_EQ(f.sim.faults, 0);
}

static void boot_state_with_sscofpmf(void)
{
	struct fx f;
	unsigned int i;

	fx_std(&f);
	for (i = 3; i <= 18; i++) {
		CHECK_EQ(f.sim.mhpmevent[i], MHPMEVENT_OF | MHPMEVENT_MINH);
		CHECK(f.sim.inhibit & (1u << i));
	}
	CHECK(!(f.sim.inhibit & 5u));	/* cycle, instret run */
	CHECK_EQ(f.h.configured, 0);
	CHECK_EQ(f.h.started, 0);
}

static void boot_state_without_sscofpmf(void)
{
	struct fx f;
	unsigned int i;

	fx_init(&f, 16, 64, false, 16);
	for (i = 3; i <= 18; i++)
		CHECK_EQ(f.sim.mhpmevent[i], 0);
	CHECK(!f.h.sscofpmf);
	CHECK_EQ(f.sim.faults, 0);
}

/* A hart that stops (HSM) gets its boot state back: nothing configured,
   counting or remembered, every hpm counter inhibited with OF|MINH. */
static void reset_returns_to_the_boot_state(void)
{
	struct fx f;
	unsigned int i;

	fx_std(&f);
	CHECK_OK(rvpmu_snapshot_set_shmem(&f.h, FX_SHMEM, 0, 0), 0);
	CHECK_EQ(fx_match(&f, SBI_PMU_CFG_FLAG_AUTO_START, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_EQ(fx_match(&f, 0, FX_DTLB_WR_MISS, 0), 4);
	CHECK_OK(rvpmu_counter_start(&f.h, 4, 1, SBI_PMU_START_SET_INIT_VALUE, ~UINT64_C(0)), 0);
	CHECK_EQ(fx_match(&f, SBI_PMU_CFG_FLAG_AUTO_START, SBI_PMU_FW_EVENT(5), 0), 19);
	sim_event(&f.sim, SBI_PMU_DTLB_READ_MISS, 5);
	sim_event(&f.sim, FX_DTLB_WR_MISS, 2);
	rvpmu_fw_event(&f.h, 5);
	CHECK_OK(rvpmu_counter_stop(&f.h, 4, 1, 0), 0);
	CHECK(f.h.overflowed);
	rvpmu_hart_reset(&f.h);
	CHECK_EQ(f.h.configured, 0);
	CHECK_EQ(f.h.started, 0);
	CHECK_EQ(f.h.overflowed, 0);
	CHECK(!f.h.shmem_on);
	CHECK_EQ(f.h.fw_counting[5].by.ctrs, 0);
	CHECK_OK(rvpmu_num_counters(&f.h), 35);
	for (i = 3; i <= 18; i++) {
		CHECK_EQ(f.sim.mhpmevent[i], MHPMEVENT_OF | MHPMEVENT_MINH);
		CHECK(f.sim.inhibit & (1u << i));
		CHECK_EQ(fx_hw(&f, i), 0);
	}
	/* the firmware counter counts nothing and reads 0 once mapped again */
	rvpmu_fw_event(&f.h, 5);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_FW_EVENT(5), 0), 19);
	CHECK_OK(rvpmu_counter_fw_read(&f.h, 19), 0);
	CHECK_EQ(f.sim.faults, 0);
}

/*
 * Other harts read cfg and the discovered part of a hart's PMU at any
 * time (the firmware's sampler: its hart lookup, CONFIGURE's check of
 * every hart), so the reset of a stopping hart must not write them, not
 * even for a moment: here they sit on a read-only page, the state on the
 * next one, and the reset must get through without a fault.
 */
static void reset_never_writes_the_discovered_part(void)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	size_t at = offsetof(struct rvpmu_hart, RVPMU_HART_STATE);
	struct rvpmu_hart *h;
	struct fx f;
	char *m;

	fx_std(&f);
	CHECK_OK(rvpmu_snapshot_set_shmem(&f.h, FX_SHMEM, 0, 0), 0);
	CHECK_EQ(fx_match(&f, SBI_PMU_CFG_FLAG_AUTO_START, SBI_PMU_DTLB_READ_MISS, 0), 3);
	m = mmap(NULL, 2 * pg + sizeof(*h), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		 -1, 0);
	CHECK(m != MAP_FAILED && at <= pg);
	if (m == MAP_FAILED || at > pg)
		return;
	h = (struct rvpmu_hart *)(m + pg - at);
	memcpy(h, &f.h, sizeof(*h));
	CHECK_EQ(mprotect(m, pg, PROT_READ), 0);
	rvpmu_hart_reset(h);
	CHECK_EQ(mprotect(m, pg, PROT_READ | PROT_WRITE), 0);
	CHECK(h->cfg == &f.cfg);
	CHECK_EQ(h->configured, 0);
	CHECK_EQ(h->started, 0);
	CHECK(!h->shmem_on);
	CHECK_OK(rvpmu_num_counters(h), 35);
	CHECK_EQ(f.sim.mhpmevent[3], MHPMEVENT_OF | MHPMEVENT_MINH);
	CHECK(f.sim.inhibit & (1u << 3));
	munmap(m, 2 * pg + sizeof(*h));
}

static void boot_counts_nothing(void)
{
	struct fx f;
	uint64_t before;

	fx_std(&f);
	before = fx_hw(&f, 3);
	sim_run(&f.sim, 1000);
	sim_event(&f.sim, SBI_PMU_DTLB_READ_MISS, 5);
	CHECK_EQ(fx_hw(&f, 3), before);
	CHECK(fx_hw(&f, 0) != 0);
}

static void get_info_fixed_counters(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_OK(rvpmu_counter_get_info(&f.h, 0), CSR_CYCLE | (63ul << 12));
	CHECK_OK(rvpmu_counter_get_info(&f.h, 2), CSR_INSTRET | (63ul << 12));
}

static void get_info_time_is_a_gap(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_ERR(rvpmu_counter_get_info(&f.h, 1), SBI_ERR_INVALID_PARAM);
}

static void get_info_hpm_width_is_bits_minus_one(void)
{
	struct fx f;
	unsigned int i;

	fx_init(&f, 16, 48, true, 16);
	for (i = 3; i <= 18; i++)
		CHECK_OK(rvpmu_counter_get_info(&f.h, i),
			 (CSR_CYCLE + i) | (47ul << 12));
	fx_init(&f, 4, 40, false, 2);
	CHECK_OK(rvpmu_counter_get_info(&f.h, 6), (CSR_CYCLE + 6) | (39ul << 12));
}

static void get_info_firmware_counters(void)
{
	struct fx f;
	unsigned int i;
	rvpmu_ulong type = (rvpmu_ulong)1 << (RVPMU_XLEN - 1);

	fx_std(&f);
	for (i = 19; i < 35; i++) {
		struct rvpmu_ret r = rvpmu_counter_get_info(&f.h, i);

		CHECK_EQ(r.error, 0);
		CHECK_EQ(r.value & type, type);
		CHECK_EQ(SBI_PMU_CTR_INFO_WIDTH(r.value), 63);
	}
}

static void get_info_out_of_range(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_ERR(rvpmu_counter_get_info(&f.h, 35), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_get_info(&f.h, 64), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_get_info(&f.h, ~(rvpmu_ulong)0), SBI_ERR_INVALID_PARAM);
}

static void sparse_hpm_counters_leave_gaps(void)
{
	struct fx f;

	sim_hart_init(&f.sim, 0, 64, true);
	f.sim.hpm = (1u << 3) | (1u << 4) | (1u << 7);
	fx_map(&f.map);
	f.cfg = (struct rvpmu_config){ &sim_hw_ops, &sim_mem_ops, NULL, &f.map, 4 };
	CHECK_EQ(rvpmu_hart_init(&f.h, &f.cfg, &f.sim), 0);
	CHECK_OK(rvpmu_num_counters(&f.h), 12);
	CHECK_EQ(rvpmu_counter_get_info(&f.h, 4).error, 0);
	CHECK_ERR(rvpmu_counter_get_info(&f.h, 5), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_get_info(&f.h, 6), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(rvpmu_counter_get_info(&f.h, 7).error, 0);
	CHECK_EQ(rvpmu_counter_get_info(&f.h, 8).error, 0); /* firmware */
	/* a set that includes a gap is invalid as a whole */
	CHECK_ERR(rvpmu_counter_config_matching(&f.h, 3, 0x7, 0, SBI_PMU_DTLB_READ_MISS, 0),
		  SBI_ERR_INVALID_PARAM);
	CHECK_EQ(f.sim.faults, 0);
}

static void no_hpm_counters(void)
{
	struct fx f;

	fx_init(&f, 0, 64, false, 8);
	CHECK_OK(rvpmu_num_counters(&f.h), 11);
	CHECK_EQ(f.h.fw_base, 3);
	CHECK_EQ(fx_match(&f, 0, FX_CYCLES, 0), 0);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_DTLB_READ_MISS, 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_FW_EVENT(5), 0), 3);
	CHECK_EQ(f.sim.faults, 0);
}

/* Every hpm counter and as many firmware counters as the build has room
   for (RVPMU_MAX_FW: 64 counters in all with the default, 48 as the
   firmware builds). */
static void the_most_counters_a_build_has_room_for(void)
{
	struct fx f;
	unsigned int last = RVPMU_MAX_COUNTERS - 1;

	fx_init(&f, 29, 64, true, RVPMU_MAX_FW);
	CHECK_OK(rvpmu_num_counters(&f.h), RVPMU_MAX_COUNTERS);
	CHECK_EQ(rvpmu_counter_get_info(&f.h, last).error, 0);
	CHECK_EQ(rvpmu_counter_get_info(&f.h, last + 1).error, SBI_ERR_INVALID_PARAM);
	CHECK_EQ(rvpmu_counter_set(&f.h, last, 1), BIT64(last));
	CHECK_EQ(rvpmu_counter_set(&f.h, last, 2), 0);
	/* from 32 to the last: a mask one bit longer reaches past it */
	CHECK_EQ(rvpmu_counter_set(&f.h, 32, (rvpmu_ulong)(~UINT64_C(0) >> (95 - last))),
		 (~UINT64_C(0) >> (63 - last)) & ~UINT64_C(0xffffffff));
	if (last < 63)
		CHECK_EQ(rvpmu_counter_set(&f.h, 32, (rvpmu_ulong)(~UINT64_C(0) >> (94 - last))), 0);
	CHECK_EQ(f.sim.faults, 0);
}

static void init_rejects_bad_config(void)
{
	struct sim_hart s;
	struct rvpmu_hart h;
	struct rvpmu_config c = { &sim_hw_ops, &sim_mem_ops, NULL, NULL, RVPMU_MAX_FW + 1 };

	sim_hart_init(&s, 4, 64, false);
	CHECK_EQ(rvpmu_hart_init(&h, &c, &s), SBI_ERR_INVALID_PARAM);
	c.nr_fw = 2;
	c.hw = NULL;
	CHECK_EQ(rvpmu_hart_init(&h, &c, &s), SBI_ERR_INVALID_PARAM);
	c.hw = &sim_hw_ops;
	c.mem = NULL;
	CHECK_EQ(rvpmu_hart_init(&h, &c, &s), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(rvpmu_hart_init(&h, NULL, &s), SBI_ERR_INVALID_PARAM);
}

static void counter_set_rules(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(rvpmu_counter_set(&f.h, 0, 0), 0);
	CHECK_EQ(rvpmu_counter_set(&f.h, 35, 1), 0);
	CHECK_EQ(rvpmu_counter_set(&f.h, ~(rvpmu_ulong)0, 1), 0);
	/* base + highest bit beyond the last counter */
	CHECK_EQ(rvpmu_counter_set(&f.h, 30, 0x20), 0);
	CHECK_EQ(rvpmu_counter_set(&f.h, 34, 2), 0);
	/* mask with the top bit: no shift may wrap */
#if RVPMU_XLEN == 64
	CHECK_EQ(rvpmu_counter_set(&f.h, 1, (rvpmu_ulong)1 << 63), 0);
#else
	CHECK_EQ(rvpmu_counter_set(&f.h, 1, (rvpmu_ulong)1 << 31), BIT64(32));
	CHECK_EQ(rvpmu_counter_set(&f.h, 4, (rvpmu_ulong)1 << 31), 0);
#endif
	CHECK_EQ(rvpmu_counter_set(&f.h, 0, 2), 0); /* time */
	CHECK_EQ(rvpmu_counter_set(&f.h, 0, 0x5), 0x5);
	CHECK_EQ(rvpmu_counter_set(&f.h, 34, 1), BIT64(34));
	CHECK_EQ(rvpmu_counter_set(&f.h, 3, 0xffff), UINT64_C(0xffff) << 3);
}

static void narrow_counters_wrap_at_their_width(void)
{
	struct fx f;
	long c;

	fx_init(&f, 4, 40, true, 2);
	c = fx_match(&f, 0, SBI_PMU_DTLB_READ_MISS, 0);
	CHECK_EQ(c, 3);
	/* initial value is masked to the width */
	CHECK_EQ(rvpmu_counter_start(&f.h, c, 1, SBI_PMU_START_SET_INIT_VALUE,
				     ~UINT64_C(0)).error, 0);
	CHECK_EQ(fx_hw(&f, 3), (UINT64_C(1) << 40) - 1);
	sim_event(&f.sim, SBI_PMU_DTLB_READ_MISS, 2);
	CHECK_EQ(fx_hw(&f, 3), 1);
	CHECK(f.sim.lcofip);
}

static void debruijn_ctz_matches_the_builtin(void)
{
	uint64_t x = 0x9E3779B97F4A7C15u;
	unsigned int i;

	for (i = 0; i < 64; i++) {
		CHECK_EQ(rvpmu_ctz64_debruijn(UINT64_C(1) << i), i);
		CHECK_EQ(rvpmu_ctz64_debruijn(~UINT64_C(0) << i), i);
	}
	for (i = 0; i < 10000; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		CHECK_EQ(rvpmu_ctz64_debruijn(x), __builtin_ctzll(x));
	}
}

static const struct t_case cases[] = {
	T(debruijn_ctz_matches_the_builtin),
	T(num_counters_like_opensbi_on_virt),
	T(boot_state_with_sscofpmf),
	T(boot_state_without_sscofpmf),
	T(boot_counts_nothing),
	T(reset_returns_to_the_boot_state),
	T(reset_never_writes_the_discovered_part),
	T(get_info_fixed_counters),
	T(get_info_time_is_a_gap),
	T(get_info_hpm_width_is_bits_minus_one),
	T(get_info_firmware_counters),
	T(get_info_out_of_range),
	T(sparse_hpm_counters_leave_gaps),
	T(no_hpm_counters),
	T(the_most_counters_a_build_has_room_for),
	T(init_rejects_bad_config),
	T(counter_set_rules),
	T(narrow_counters_wrap_at_their_width),
};

void suite_counters(void)
{
	T_RUN(cases);
}
