/* SPDX-License-Identifier: BSD-2-Clause */
/* counter_start / counter_stop: flags, error rows, the all-or-nothing rule,
   overflow bits, RESET, and the call sequences Linux makes. */
#include "fixture.h"
#include "core/internal.h"

#define INIT	SBI_PMU_START_SET_INIT_VALUE
#define INITSNAP SBI_PMU_START_INIT_SNAPSHOT
#define RESET	SBI_PMU_STOP_RESET
#define TAKE	SBI_PMU_STOP_TAKE_SNAPSHOT
#define CLEAR	SBI_PMU_CFG_FLAG_CLEAR_VALUE

static void start_needs_a_configured_counter(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_ERR(rvpmu_counter_start(&f.h, 3, 1, 0, 0), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_start(&f.h, 0, 1, 0, 0), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_start(&f.h, 19, 1, 0, 0), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_DTLB_READ_MISS, 0), 3);
	/* one unconfigured counter in the set spoils the whole set */
	CHECK_ERR(rvpmu_counter_start(&f.h, 3, 3, 0, 0), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(f.h.started, 0);
}

static void start_reserved_flags_and_bad_sets(void)
{
	struct fx f;
	unsigned int b;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_DTLB_READ_MISS, 0), 3);
	for (b = 2; b < RVPMU_XLEN; b++)
		CHECK_ERR(rvpmu_counter_start(&f.h, 3, 1, (rvpmu_ulong)1 << b, 0),
			  SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_start(&f.h, 3, 0, 0, 0), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_start(&f.h, 35, 1, 0, 0), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_start(&f.h, 3, (rvpmu_ulong)1 << (RVPMU_XLEN - 1), 0, 0),
		  SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_start(&f.h, 1, 1, 0, 0), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(f.h.started, 0);
}

static void start_init_value_and_init_snapshot_exclude_each_other(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_OK(rvpmu_snapshot_set_shmem(&f.h, FX_SHMEM, 0, 0), 0);
	CHECK_ERR(rvpmu_counter_start(&f.h, 3, 1, INIT | INITSNAP, 5),
		  SBI_ERR_INVALID_PARAM);
	CHECK_EQ(f.h.started, 0);
}

static void start_init_snapshot_without_shmem(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_ERR(rvpmu_counter_start(&f.h, 3, 1, INITSNAP, 0), SBI_ERR_NO_SHMEM);
	CHECK_EQ(f.h.started, 0);
}

static void start_already_started_changes_nothing(void)
{
	struct fx f;
	struct rvpmu_hart before;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_EQ(fx_match(&f, 0, FX_DTLB_WR_MISS, 0), 4);
	CHECK_OK(rvpmu_counter_start(&f.h, 3, 1, 0, 0), 0);
	before = f.h;
	CHECK_ERR(rvpmu_counter_start(&f.h, 3, 3, INIT, 0), SBI_ERR_ALREADY_STARTED);
	CHECK(memcmp(&before, &f.h, sizeof(before)) == 0);
	CHECK(f.sim.inhibit & (1u << 4));
	CHECK_ERR(rvpmu_counter_start(&f.h, 3, 1, 0, 0), SBI_ERR_ALREADY_STARTED);
}

static void start_set_init_value(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_OK(rvpmu_counter_start(&f.h, 3, 1, INIT, UINT64_C(0xfffffffffff0)), 0);
	CHECK_EQ(fx_hw(&f, 3), UINT64_C(0xfffffffffff0));
	sim_event(&f.sim, SBI_PMU_DTLB_READ_MISS, 3);
	CHECK_EQ(fx_hw(&f, 3), UINT64_C(0xfffffffffff3));
}

static void start_one_value_for_several_counters(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_FW_EVENT(5), 0), 19);
	CHECK_OK(rvpmu_counter_config_matching(&f.h, 18, 1, 0, FX_ITLB_RD_MISS, 0), 18);
	/* base 3, mask bits 0 and 15, 16 = counters 3, 18, 19 */
	CHECK_OK(rvpmu_counter_start(&f.h, 3, 0x18001, INIT, 42), 0);
	CHECK_EQ(fx_hw(&f, 3), 42);
	CHECK_EQ(fx_hw(&f, 18), 42);
	CHECK_OK(rvpmu_counter_fw_read(&f.h, 19), 42);
	CHECK_EQ(f.h.started, BIT64(3) | BIT64(18) | BIT64(19));
}

static void start_clears_of_and_stop_sets_it(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK(f.sim.mhpmevent[3] & MHPMEVENT_OF);
	CHECK_OK(rvpmu_counter_start(&f.h, 3, 1, 0, 0), 0);
	CHECK(!(f.sim.mhpmevent[3] & MHPMEVENT_OF));
	CHECK(!(f.sim.inhibit & (1u << 3)));
	CHECK_OK(rvpmu_counter_stop(&f.h, 3, 1, 0), 0);
	CHECK(f.sim.mhpmevent[3] & MHPMEVENT_OF);
	CHECK(f.sim.inhibit & (1u << 3));
	CHECK_EQ(f.sim.mhpmevent[3] & ~MHPMEVENT_SSCOF_MASK, SBI_PMU_DTLB_READ_MISS);
}

static void counts_only_while_started(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, CLEAR, SBI_PMU_DTLB_READ_MISS, 0), 3);
	sim_event(&f.sim, SBI_PMU_DTLB_READ_MISS, 10);
	CHECK_EQ(fx_hw(&f, 3), 0);
	CHECK_OK(rvpmu_counter_start(&f.h, 3, 1, 0, 0), 0);
	sim_event(&f.sim, SBI_PMU_DTLB_READ_MISS, 10);
	CHECK_OK(rvpmu_counter_stop(&f.h, 3, 1, 0), 0);
	sim_event(&f.sim, SBI_PMU_DTLB_READ_MISS, 10);
	CHECK_EQ(fx_hw(&f, 3), 10);
	CHECK_OK(rvpmu_counter_start(&f.h, 3, 1, 0, 0), 0);
	sim_event(&f.sim, SBI_PMU_DTLB_READ_MISS, 1);
	CHECK_EQ(fx_hw(&f, 3), 11);
}

static void restart_restores_the_stopped_value(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, CLEAR | SBI_PMU_CFG_FLAG_AUTO_START, FX_CYCLES, 0), 3);
	sim_run(&f.sim, 100);
	CHECK_OK(rvpmu_counter_stop(&f.h, 3, 1, 0), 0);
	/* hardware that drifts while inhibited (QEMU 7.2) or lost its state */
	f.sim.ctr[3] += 5000;
	f.sim.mhpmevent[3] = 0;
	CHECK_OK(rvpmu_counter_start(&f.h, 3, 1, 0, 0), 0);
	CHECK_EQ(fx_hw(&f, 3), 100);
	CHECK_EQ(f.sim.mhpmevent[3], FX_CYCLES);
	sim_run(&f.sim, 1);
	CHECK_EQ(fx_hw(&f, 3), 101);
}

static void stop_needs_a_configured_counter(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_ERR(rvpmu_counter_stop(&f.h, 3, 1, 0), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_stop(&f.h, 3, 1, RESET), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(fx_match(&f, SBI_PMU_CFG_FLAG_AUTO_START, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_ERR(rvpmu_counter_stop(&f.h, 3, 3, 0), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(f.h.started, BIT64(3));
}

static void stop_reserved_flags_and_bad_sets(void)
{
	struct fx f;
	unsigned int b;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, SBI_PMU_CFG_FLAG_AUTO_START, SBI_PMU_DTLB_READ_MISS, 0), 3);
	for (b = 2; b < RVPMU_XLEN; b++)
		CHECK_ERR(rvpmu_counter_stop(&f.h, 3, 1, (rvpmu_ulong)1 << b),
			  SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_stop(&f.h, 3, 0, 0), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_stop(&f.h, 40, 1, 0), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_stop(&f.h, 0, 0xa, 0), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(f.h.started, BIT64(3));
}

static void stop_take_snapshot_without_shmem(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, SBI_PMU_CFG_FLAG_AUTO_START, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_ERR(rvpmu_counter_stop(&f.h, 3, 1, TAKE), SBI_ERR_NO_SHMEM);
	CHECK_ERR(rvpmu_counter_stop(&f.h, 3, 1, TAKE | RESET), SBI_ERR_NO_SHMEM);
	CHECK_EQ(f.h.started, BIT64(3));
	CHECK_EQ(f.h.configured, BIT64(3));
}

static void stop_already_stopped_changes_nothing(void)
{
	struct fx f;
	struct rvpmu_hart before;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, SBI_PMU_CFG_FLAG_AUTO_START, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_EQ(fx_match(&f, 0, FX_DTLB_WR_MISS, 0), 4);
	before = f.h;
	CHECK_ERR(rvpmu_counter_stop(&f.h, 3, 3, 0), SBI_ERR_ALREADY_STOPPED);
	CHECK(memcmp(&before, &f.h, sizeof(before)) == 0);
	CHECK(!(f.sim.inhibit & (1u << 3)));
	CHECK_ERR(rvpmu_counter_stop(&f.h, 4, 1, 0), SBI_ERR_ALREADY_STOPPED);
}

static void stop_reset_releases_the_counter(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, SBI_PMU_CFG_FLAG_AUTO_START, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_OK(rvpmu_counter_stop(&f.h, 3, 1, RESET), 0);
	CHECK_EQ(f.h.configured, 0);
	CHECK_EQ(f.sim.mhpmevent[3], 0);
	CHECK(f.sim.inhibit & (1u << 3));
	CHECK_ERR(rvpmu_counter_start(&f.h, 3, 1, 0, 0), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(fx_match(&f, 0, FX_ITLB_RD_MISS, 0), 3);
}

static void linux_del_stop_then_stop_reset(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, SBI_PMU_CFG_FLAG_AUTO_START, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_OK(rvpmu_counter_stop(&f.h, 3, 1, 0), 0);
	/* already stopped, but the mapping still goes */
	CHECK_ERR(rvpmu_counter_stop(&f.h, 3, 1, RESET), SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(f.h.configured, 0);
	CHECK_EQ(f.sim.mhpmevent[3], 0);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_DTLB_READ_MISS, 0), 3);
}

static void reset_with_mixed_set_releases_only_stopped(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, SBI_PMU_CFG_FLAG_AUTO_START, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_EQ(fx_match(&f, 0, FX_DTLB_WR_MISS, 0), 4);
	CHECK_ERR(rvpmu_counter_stop(&f.h, 3, 3, RESET), SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(f.h.configured, BIT64(3));
	CHECK_EQ(f.h.started, BIT64(3));
}

static void fixed_counters_stay_usable_after_reset(void)
{
	struct fx f;
	int round;
	uint64_t v;

	fx_init(&f, 16, 64, false, 4);
	for (round = 0; round < 3; round++) {
		CHECK_EQ(fx_match(&f, SBI_PMU_CFG_FLAG_AUTO_START, FX_CYCLES, 0), 0);
		CHECK_OK(rvpmu_counter_stop(&f.h, 0, 1, RESET), 0);
		CHECK_EQ(f.h.configured, 0);
		/* released: it runs freely again, for rdcycle */
		v = fx_hw(&f, 0);
		sim_run(&f.sim, 3);
		CHECK_EQ(fx_hw(&f, 0), v + 3);
	}
	CHECK_EQ(f.sim.faults, 0);
}

static void overflow_sets_of_and_raises_lcofi(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_OK(rvpmu_counter_start(&f.h, 3, 1, INIT, ~UINT64_C(0) - 1), 0);
	sim_event(&f.sim, SBI_PMU_DTLB_READ_MISS, 1);
	CHECK(!f.sim.lcofip);
	sim_event(&f.sim, SBI_PMU_DTLB_READ_MISS, 2);
	CHECK(f.sim.lcofip);
	CHECK(f.sim.mhpmevent[3] & MHPMEVENT_OF);
	CHECK_EQ(fx_hw(&f, 3), 1);
	/* the Linux handler: stop, clear LCOFIP, re-arm with a new value */
	CHECK_OK(rvpmu_counter_stop(&f.h, 3, 1, 0), 0);
	f.sim.lcofip = false;
	CHECK_OK(rvpmu_counter_start(&f.h, 3, 1, INIT, ~UINT64_C(0)), 0);
	CHECK(!(f.sim.mhpmevent[3] & MHPMEVENT_OF));
	sim_event(&f.sim, SBI_PMU_DTLB_READ_MISS, 1);
	CHECK(f.sim.lcofip);
}

static void no_overflow_interrupt_without_sscofpmf(void)
{
	struct fx f;

	fx_init(&f, 16, 64, false, 4);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_OK(rvpmu_counter_start(&f.h, 3, 1, INIT, ~UINT64_C(0)), 0);
	sim_event(&f.sim, SBI_PMU_DTLB_READ_MISS, 2);
	CHECK(!f.sim.lcofip);
	CHECK_EQ(f.sim.mhpmevent[3], SBI_PMU_DTLB_READ_MISS);
	CHECK_OK(rvpmu_counter_stop(&f.h, 3, 1, 0), 0);
	CHECK_EQ(f.sim.faults, 0);
}

static void linux_overflow_handler_sequence(void)
{
	struct fx f;
	rvpmu_ulong used;

	fx_std(&f);
	/* two sampling events and one counting event, as perf record sets up */
	CHECK_EQ(fx_match(&f, 0, FX_INSTRET, 0), 3);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_DTLB_READ_MISS, 0), 4);
	CHECK_EQ(fx_match(&f, 0, FX_CYCLES, 0), 5);
	CHECK_OK(rvpmu_counter_start(&f.h, 3, 1, INIT, (uint64_t)0 - 1000), 0);
	CHECK_OK(rvpmu_counter_start(&f.h, 4, 1, INIT, (uint64_t)0 - 1000000), 0);
	CHECK_OK(rvpmu_counter_start(&f.h, 5, 1, INIT, 0), 0);
	sim_run(&f.sim, 1500);
	CHECK(f.sim.lcofip);
	used = 0x38;
	CHECK_OK(rvpmu_counter_stop(&f.h, 0, used, 0), 0);
	f.sim.lcofip = false;
	/* counter 3 overflowed: restart the rest in one call, then it */
	CHECK_OK(rvpmu_counter_start(&f.h, 0, used & ~(rvpmu_ulong)0x8, 0, 0), 0);
	CHECK_OK(rvpmu_counter_start(&f.h, 3, 1, INIT, (uint64_t)0 - 1000), 0);
	/* the "rest" may be empty: mask 0 is refused and changes nothing */
	CHECK_ERR(rvpmu_counter_start(&f.h, 0, 0, 0, 0), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(fx_hw(&f, 5), 1500);
	CHECK_EQ(fx_hw(&f, 3), (uint64_t)0 - 1000);
	CHECK_EQ(f.h.started, 0x38);
}

static void linux_boot_stop_all_is_harmless(void)
{
	struct fx f;
	struct rvpmu_hart before;

	fx_std(&f);
	before = f.h;
	/* Linux 6.1 pmu_sbi_stop_all: stop(0, cmask, RESET), result ignored */
	CHECK_ERR(rvpmu_counter_stop(&f.h, 0, fx_all(&f), RESET), SBI_ERR_INVALID_PARAM);
	CHECK(memcmp(&before, &f.h, sizeof(before)) == 0);
}

static void firmware_counter_start_stop(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, CLEAR, SBI_PMU_FW_EVENT(SBI_PMU_FW_IPI_SENT), 0), 19);
	rvpmu_fw_event(&f.h, SBI_PMU_FW_IPI_SENT);
	CHECK_OK(rvpmu_counter_start(&f.h, 19, 1, 0, 0), 0);
	rvpmu_fw_event(&f.h, SBI_PMU_FW_IPI_SENT);
	rvpmu_fw_event(&f.h, SBI_PMU_FW_IPI_SENT);
	CHECK_OK(rvpmu_counter_stop(&f.h, 19, 1, 0), 0);
	rvpmu_fw_event(&f.h, SBI_PMU_FW_IPI_SENT);
	CHECK_OK(rvpmu_counter_fw_read(&f.h, 19), 2);
	CHECK_ERR(rvpmu_counter_stop(&f.h, 19, 1, 0), SBI_ERR_ALREADY_STOPPED);
	CHECK_OK(rvpmu_counter_start(&f.h, 19, 1, INIT, 100), 0);
	rvpmu_fw_event(&f.h, SBI_PMU_FW_IPI_SENT);
	CHECK_OK(rvpmu_counter_fw_read(&f.h, 19), 101);
	CHECK_OK(rvpmu_counter_stop(&f.h, 19, 1, RESET), 0);
	CHECK_EQ(f.h.fw_counting[SBI_PMU_FW_IPI_SENT].by.ctrs, 0);
}

static const struct t_case cases[] = {
	T(start_needs_a_configured_counter),
	T(start_reserved_flags_and_bad_sets),
	T(start_init_value_and_init_snapshot_exclude_each_other),
	T(start_init_snapshot_without_shmem),
	T(start_already_started_changes_nothing),
	T(start_set_init_value),
	T(start_one_value_for_several_counters),
	T(start_clears_of_and_stop_sets_it),
	T(counts_only_while_started),
	T(restart_restores_the_stopped_value),
	T(stop_needs_a_configured_counter),
	T(stop_reserved_flags_and_bad_sets),
	T(stop_take_snapshot_without_shmem),
	T(stop_already_stopped_changes_nothing),
	T(stop_reset_releases_the_counter),
	T(linux_del_stop_then_stop_reset),
	T(reset_with_mixed_set_releases_only_stopped),
	T(fixed_counters_stay_usable_after_reset),
	T(overflow_sets_of_and_raises_lcofi),
	T(no_overflow_interrupt_without_sscofpmf),
	T(linux_overflow_handler_sequence),
	T(linux_boot_stop_all_is_harmless),
	T(firmware_counter_start_stop),
};

void suite_startstop(void)
{
	T_RUN(cases);
}
