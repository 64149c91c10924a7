/* SPDX-License-Identifier: BSD-2-Clause */
/* snapshot_set_shmem and the INIT_SNAPSHOT / TAKE_SNAPSHOT flags. */
#include "fixture.h"
#include "core/internal.h"

#define ALL1 (~(rvpmu_ulong)0)
#define TAKE SBI_PMU_STOP_TAKE_SNAPSHOT

static struct sbi_pmu_snapshot *snap(struct fx *f)
{
	return sim_ram(&f->sim, FX_SHMEM);
}

/* A standard fixture whose snapshot page S-mode filled with fill, set. */
static struct sbi_pmu_snapshot *snap_set(struct fx *f, int fill)
{
	struct sbi_pmu_snapshot *s;

	fx_std(f);
	s = snap(f);
	memset(s, fill, sizeof(*s));
	CHECK_OK(rvpmu_snapshot_set_shmem(&f->h, FX_SHMEM, 0, 0), 0);
	return s;
}

static void set_shmem_flags_must_be_zero(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_ERR(rvpmu_snapshot_set_shmem(&f.h, FX_SHMEM, 0, 1), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_snapshot_set_shmem(&f.h, ALL1, ALL1, 1), SBI_ERR_INVALID_PARAM);
	CHECK(!f.h.shmem_on);
}

static void set_shmem_must_be_page_aligned(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_ERR(rvpmu_snapshot_set_shmem(&f.h, FX_SHMEM + 8, 0, 0), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_snapshot_set_shmem(&f.h, FX_SHMEM + 0x800, 0, 0), SBI_ERR_INVALID_PARAM);
	/* only one half all-ones is an address, not "disable" */
	CHECK_ERR(rvpmu_snapshot_set_shmem(&f.h, ALL1, 0, 0), SBI_ERR_INVALID_PARAM);
	CHECK(!f.h.shmem_on);
}

static void set_shmem_rejects_memory_that_is_not_smode_ram(void)
{
	struct fx f;

	fx_std(&f);
	/* the firmware's own pages */
	CHECK_ERR(rvpmu_snapshot_set_shmem(&f.h, (rvpmu_ulong)SIM_RAM_BASE, 0, 0),
		  SBI_ERR_INVALID_ADDRESS);
	/* below RAM, and the last page crossing its end */
	CHECK_ERR(rvpmu_snapshot_set_shmem(&f.h, 0x1000, 0, 0), SBI_ERR_INVALID_ADDRESS);
	CHECK_ERR(rvpmu_snapshot_set_shmem(&f.h, (rvpmu_ulong)(SIM_RAM_BASE + SIM_RAM_SIZE), 0, 0),
		  SBI_ERR_INVALID_ADDRESS);
	/* an address that wraps past the top */
	CHECK_ERR(rvpmu_snapshot_set_shmem(&f.h, ALL1 & ~(rvpmu_ulong)0xfff, 0, 0),
		  SBI_ERR_INVALID_ADDRESS);
	/* the upper half: beyond RV64 entirely, or above 4 GiB on RV32 */
	CHECK_ERR(rvpmu_snapshot_set_shmem(&f.h, FX_SHMEM, 1, 0), SBI_ERR_INVALID_ADDRESS);
	CHECK_ERR(rvpmu_snapshot_set_shmem(&f.h, ALL1 & ~(rvpmu_ulong)0xfff, ALL1, 0),
		  SBI_ERR_INVALID_ADDRESS);
	CHECK(!f.h.shmem_on);
	CHECK_EQ(f.sim.faults, 0);
}

static void set_shmem_does_not_touch_the_memory(void)
{
	struct fx f;
	int i;

	fx_std(&f);
	memset(snap(&f), 0xa5, SBI_PMU_SNAPSHOT_SIZE);
	CHECK_OK(rvpmu_snapshot_set_shmem(&f.h, FX_SHMEM, 0, 0), 0);
	for (i = 0; i < SBI_PMU_SNAPSHOT_SIZE; i++)
		if (((uint8_t *)snap(&f))[i] != 0xa5)
			break;
	CHECK_EQ(i, SBI_PMU_SNAPSHOT_SIZE);
	CHECK(f.h.shmem_on);
}

static void disable_with_all_ones(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_OK(rvpmu_snapshot_set_shmem(&f.h, FX_SHMEM, 0, 0), 0);
	CHECK_OK(rvpmu_snapshot_set_shmem(&f.h, ALL1, ALL1, 0), 0);
	CHECK(!f.h.shmem_on);
	CHECK_EQ(fx_match(&f, SBI_PMU_CFG_FLAG_AUTO_START, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_ERR(rvpmu_counter_stop(&f.h, 3, 1, TAKE), SBI_ERR_NO_SHMEM);
	/* disabling twice is fine */
	CHECK_OK(rvpmu_snapshot_set_shmem(&f.h, ALL1, ALL1, 0), 0);
}

static void take_snapshot_is_relative_to_base(void)
{
	struct fx f;
	struct sbi_pmu_snapshot *s;
	int i;

	s = snap_set(&f, 0xee);
	CHECK_OK(rvpmu_counter_config_matching(&f.h, 5, 1, SBI_PMU_CFG_FLAG_CLEAR_VALUE |
					       SBI_PMU_CFG_FLAG_AUTO_START, SBI_PMU_DTLB_READ_MISS, 0), 5);
	CHECK_OK(rvpmu_counter_config_matching(&f.h, 19, 1, SBI_PMU_CFG_FLAG_CLEAR_VALUE |
					       SBI_PMU_CFG_FLAG_AUTO_START, SBI_PMU_FW_EVENT(5), 0), 19);
	sim_event(&f.sim, SBI_PMU_DTLB_READ_MISS, 17);
	rvpmu_fw_event(&f.h, 5);
	rvpmu_fw_event(&f.h, 5);
	/* base 5: counter 5 -> slot 0, counter 19 -> slot 14 */
	CHECK_OK(rvpmu_counter_stop(&f.h, 5, 1 | (1u << 14), TAKE), 0);
	CHECK_EQ(s->counter_values[0], 17);
	CHECK_EQ(s->counter_values[14], 2);
	for (i = 1; i < 64; i++)
		if (i != 14)
			CHECK_EQ(s->counter_values[i], UINT64_C(0xeeeeeeeeeeeeeeee));
	/* the bitmap is rebuilt, never read back: nothing overflowed */
	CHECK_EQ(s->counter_overflow_bitmap, 0);
	CHECK_EQ(s->reserved[0], 0xee);
}

static void take_snapshot_records_overflow(void)
{
	struct fx f;
	struct sbi_pmu_snapshot *s;

	s = snap_set(&f, 0);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_EQ(fx_match(&f, 0, FX_DTLB_WR_MISS, 0), 4);
	CHECK_OK(rvpmu_counter_start(&f.h, 3, 1, SBI_PMU_START_SET_INIT_VALUE, ~UINT64_C(0)), 0);
	CHECK_OK(rvpmu_counter_start(&f.h, 4, 1, SBI_PMU_START_SET_INIT_VALUE, 0), 0);
	sim_event(&f.sim, SBI_PMU_DTLB_READ_MISS, 3);
	sim_event(&f.sim, FX_DTLB_WR_MISS, 3);
	CHECK_OK(rvpmu_counter_stop(&f.h, 2, 0x6, TAKE), 0);
	CHECK_EQ(s->counter_overflow_bitmap, 0x2);	/* counter 3 - base 2 */
	CHECK_EQ(s->counter_values[1], 2);
	CHECK_EQ(s->counter_values[2], 3);
	/* a restart clears OF; the next snapshot has no overflow */
	CHECK_OK(rvpmu_counter_start(&f.h, 3, 1, 0, 0), 0);
	CHECK_OK(rvpmu_counter_stop(&f.h, 3, 1, TAKE), 0);
	CHECK_EQ(s->counter_overflow_bitmap, 0);
}

/*
 * A hart (with or without Sscofpmf) whose snapshot page S-mode filled with
 * 0xAA, counter 3 (dTLB read misses) started at ~0 and overflowed by two
 * misses; with `other`, counter 4 (dTLB write misses) started too.
 */
static struct sbi_pmu_snapshot *overflowed_3(struct fx *f, bool sscofpmf, bool other)
{
	struct sbi_pmu_snapshot *s;

	fx_init(f, 16, 64, sscofpmf, 16);
	s = snap(f);
	memset(s, 0xaa, sizeof(*s));
	CHECK_OK(rvpmu_snapshot_set_shmem(&f->h, FX_SHMEM, 0, 0), 0);
	CHECK_EQ(fx_match(f, 0, SBI_PMU_DTLB_READ_MISS, 0), 3);
	if (other)
		CHECK_EQ(fx_match(f, SBI_PMU_CFG_FLAG_AUTO_START, FX_DTLB_WR_MISS, 0), 4);
	CHECK_OK(rvpmu_counter_start(&f->h, 3, 1, SBI_PMU_START_SET_INIT_VALUE, ~UINT64_C(0)), 0);
	sim_event(&f->sim, SBI_PMU_DTLB_READ_MISS, 2);
	return s;
}

/* The issue 15 case: an overflowed counter stopped with a snapshot, then
   an unrelated firmware counter: the second bitmap is relative to the
   firmware counter and names nothing. S-mode's 0xAA never comes back. */
static void bitmap_is_rebuilt_on_every_snapshot(void)
{
	struct fx f;
	struct sbi_pmu_snapshot *s = overflowed_3(&f, true, false);

	CHECK_EQ(fx_match(&f, SBI_PMU_CFG_FLAG_AUTO_START, SBI_PMU_FW_EVENT(5), 0), 19);
	CHECK_OK(rvpmu_counter_stop(&f.h, 2, 0x2, TAKE), 0);
	CHECK_EQ(s->counter_overflow_bitmap, 0x2);
	memset(s, 0xaa, sizeof(*s));
	CHECK_OK(rvpmu_counter_stop(&f.h, 19, 1, TAKE), 0);
	CHECK_EQ(s->counter_overflow_bitmap, 0);
	/* the stopped overflowed counter is still reported relative to a
	   base below it, until it is started or released */
	CHECK_OK(rvpmu_counter_start(&f.h, 19, 1, 0, 0), 0);
	CHECK_OK(rvpmu_counter_stop(&f.h, 0, BIT64(19), TAKE), 0);
	CHECK_EQ(s->counter_overflow_bitmap, 0x8);
	CHECK_ERR(rvpmu_counter_stop(&f.h, 3, 1, SBI_PMU_STOP_RESET), SBI_ERR_ALREADY_STOPPED);
	CHECK_OK(rvpmu_counter_start(&f.h, 19, 1, 0, 0), 0);
	CHECK_OK(rvpmu_counter_stop(&f.h, 0, BIT64(19), TAKE), 0);
	CHECK_EQ(s->counter_overflow_bitmap, 0);
}

/* A running counter that overflowed shows in a snapshot taken by a stop
   of another counter. */
static void bitmap_includes_running_overflowed_counters(void)
{
	struct fx f;
	struct sbi_pmu_snapshot *s = overflowed_3(&f, true, true);

	CHECK_OK(rvpmu_counter_stop(&f.h, 3, 0x2, TAKE), 0);
	CHECK_EQ(s->counter_overflow_bitmap, 0x1);
	CHECK_OK(rvpmu_counter_stop(&f.h, 3, 0x1, TAKE), 0);
	CHECK_EQ(s->counter_overflow_bitmap, 0x1);
}

/* Without Sscofpmf the bitmap must be zero, whatever S-mode left there. */
static void bitmap_is_zero_without_sscofpmf(void)
{
	struct fx f;
	struct sbi_pmu_snapshot *s = overflowed_3(&f, false, false);

	CHECK_OK(rvpmu_counter_stop(&f.h, 2, 0x2, TAKE), 0);
	CHECK_EQ(s->counter_overflow_bitmap, 0);
	CHECK_EQ(s->counter_values[1], 1);
}

static void init_snapshot_loads_values_relative_to_base(void)
{
	struct fx f;
	struct sbi_pmu_snapshot *s;

	s = snap_set(&f, 0);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_FW_EVENT(1), 0), 19);
	s->counter_values[0] = 1000;
	s->counter_values[16] = 2000;
	CHECK_OK(rvpmu_counter_start(&f.h, 3, 1 | (1u << 16), SBI_PMU_START_INIT_SNAPSHOT, 0), 0);
	CHECK_EQ(fx_hw(&f, 3), 1000);
	CHECK_OK(rvpmu_counter_fw_read(&f.h, 19), 2000);
}

static void snapshot_round_trip_like_linux_6_10(void)
{
	struct fx f;
	struct sbi_pmu_snapshot *s;

	s = snap_set(&f, 0);
	CHECK_EQ(fx_match(&f, SBI_PMU_CFG_FLAG_CLEAR_VALUE, FX_CYCLES, 0), 3);
	CHECK_OK(rvpmu_counter_start(&f.h, 0, 8, SBI_PMU_START_INIT_SNAPSHOT, 0), 0);
	sim_run(&f.sim, 40);
	CHECK_OK(rvpmu_counter_stop(&f.h, 0, 8, TAKE), 0);
	CHECK_EQ(s->counter_values[3], 40);
	CHECK_OK(rvpmu_counter_start(&f.h, 0, 8, SBI_PMU_START_INIT_SNAPSHOT, 0), 0);
	sim_run(&f.sim, 2);
	CHECK_OK(rvpmu_counter_stop(&f.h, 0, 8, TAKE | SBI_PMU_STOP_RESET), 0);
	CHECK_EQ(s->counter_values[3], 42);
	CHECK_EQ(f.h.configured, 0);
}

/*
 * Linux 6.10+'s del() of one counter with the snapshot on: stop with
 * TAKE_SNAPSHOT, then stop with RESET | TAKE_SNAPSHOT of the stopped
 * counter (ALREADY_STOPPED, released, the snapshot left as the first stop
 * wrote it); the same two flags on a started counter stop it, write its
 * value to slot 0 and release it, hardware and firmware alike.
 */
static void linux_del_of_one_counter(void)
{
	struct fx f;
	struct sbi_pmu_snapshot *s;

	s = snap_set(&f, 0);
	CHECK_EQ(fx_match(&f, SBI_PMU_CFG_FLAG_CLEAR_VALUE, FX_CYCLES, 0), 3);
	CHECK_OK(rvpmu_counter_start(&f.h, 3, 1, SBI_PMU_START_SET_INIT_VALUE, 0), 0);
	sim_run(&f.sim, 40);
	CHECK_OK(rvpmu_counter_stop(&f.h, 3, 1, TAKE), 0);
	CHECK_EQ(s->counter_values[0], 40);
	s->counter_values[0] = 7;	/* Linux moves it to its own slot */
	CHECK_ERR(rvpmu_counter_stop(&f.h, 3, 1, TAKE | SBI_PMU_STOP_RESET),
		  SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(f.h.configured, 0);
	CHECK_EQ(s->counter_values[0], 7);
	CHECK_EQ(fx_match(&f, SBI_PMU_CFG_FLAG_CLEAR_VALUE, FX_CYCLES, 0), 3);
	CHECK_OK(rvpmu_counter_start(&f.h, 3, 1, SBI_PMU_START_SET_INIT_VALUE, 0), 0);
	sim_run(&f.sim, 5);
	CHECK_OK(rvpmu_counter_stop(&f.h, 3, 1, TAKE | SBI_PMU_STOP_RESET), 0);
	CHECK_EQ(s->counter_values[0], 5);
	CHECK_EQ(f.h.configured, 0);
	CHECK_EQ(f.h.started, 0);
	CHECK_OK(rvpmu_counter_config_matching(&f.h, 19, 1, SBI_PMU_CFG_FLAG_CLEAR_VALUE |
					       SBI_PMU_CFG_FLAG_AUTO_START, SBI_PMU_FW_EVENT(5), 0), 19);
	rvpmu_fw_event(&f.h, 5);
	rvpmu_fw_event(&f.h, 5);
	CHECK_OK(rvpmu_counter_stop(&f.h, 19, 1, TAKE | SBI_PMU_STOP_RESET), 0);
	CHECK_EQ(s->counter_values[0], 2);
	CHECK_EQ(f.h.configured, 0);
}

static void errors_leave_the_snapshot_alone(void)
{
	struct fx f;
	struct sbi_pmu_snapshot *s;

	s = snap_set(&f, 0x11);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_ERR(rvpmu_counter_stop(&f.h, 3, 1, TAKE), SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(s->counter_values[0], UINT64_C(0x1111111111111111));
	CHECK_EQ(s->counter_overflow_bitmap, UINT64_C(0x1111111111111111));
}

static const struct t_case cases[] = {
	T(set_shmem_flags_must_be_zero),
	T(set_shmem_must_be_page_aligned),
	T(set_shmem_rejects_memory_that_is_not_smode_ram),
	T(set_shmem_does_not_touch_the_memory),
	T(disable_with_all_ones),
	T(take_snapshot_is_relative_to_base),
	T(take_snapshot_records_overflow),
	T(bitmap_is_rebuilt_on_every_snapshot),
	T(bitmap_includes_running_overflowed_counters),
	T(bitmap_is_zero_without_sscofpmf),
	T(init_snapshot_loads_values_relative_to_base),
	T(snapshot_round_trip_like_linux_6_10),
	T(linux_del_of_one_counter),
	T(errors_leave_the_snapshot_alone),
};

void suite_snapshot(void)
{
	T_RUN(cases);
}
