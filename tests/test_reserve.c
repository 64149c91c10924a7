/* SPDX-License-Identifier: BSD-2-Clause */
/* The sampler's reservation API in the core (core/reserve.c). */
#include "fixture.h"
#include "core/internal.h"

#define A	SBI_PMU_DTLB_READ_MISS
#define SET_TIMER	SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER)

static void reserve_checks_the_whole_set(void)
{
	static struct fx f;
	uint64_t fw = BIT64(19);

	fx_std(&f);		/* hpm 3..18, firmware counters 19.. */
	CHECK_EQ(rvpmu_reserve(&f.h, 0), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(rvpmu_reserve(&f.h, BIT64(0) | BIT64(3)), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(rvpmu_reserve(&f.h, BIT64(1)), SBI_ERR_INVALID_PARAM);	/* time */
	CHECK_EQ(rvpmu_reserve(&f.h, BIT64(2)), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(rvpmu_reserve(&f.h, BIT64(40)), SBI_ERR_INVALID_PARAM);	/* none */
	CHECK_EQ(fx_match(&f, 0, A, 0), 3);
	CHECK_EQ(rvpmu_reserve(&f.h, BIT64(3) | BIT64(4)), SBI_ERR_DENIED);
	CHECK_EQ(f.h.reserved, 0);
	CHECK_EQ(rvpmu_reserve(&f.h, BIT64(4) | fw), 0);
	CHECK_EQ(rvpmu_reserve(&f.h, BIT64(4)), SBI_ERR_DENIED);
	CHECK(f.sim.inhibit & (1u << 4));
	CHECK_EQ(f.sim.mhpmevent[4], 0);
	/* S-mode: not matchable, not startable, not readable */
	CHECK_EQ(fx_match(&f, 0, A, 0), 5);
	CHECK_EQ(fx_match(&f, 0, SET_TIMER, 0), 20);
	CHECK_ERR(rvpmu_counter_start(&f.h, 4, 1, 0, 0), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_fw_read(&f.h, 19), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_fw_read_hi(&f.h, 19), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(rvpmu_reservable(&f.h, A, 0) & (BIT64(3) | BIT64(4) | BIT64(5)), 0);
	CHECK_EQ(f.sim.faults, 0);
}

/* Program, start and stop a mixed group; the counts are the window's. */
static void a_group_counts_its_window(void)
{
	static struct fx f;
	const uint8_t ctr[2] = { 4, 19 };
	uint64_t set = BIT64(4) | BIT64(19), v[2], ev;

	fx_std(&f);
	CHECK_EQ(rvpmu_reserve(&f.h, set), 0);
	ev = (A & ~MHPMEVENT_SSCOF_MASK) | MHPMEVENT_MINH | MHPMEVENT_OF;
	rvpmu_reserved_program(&f.h, 4, A, 0, A, MHPMEVENT_MINH);
	CHECK_EQ(f.sim.mhpmevent[4], ev);
	rvpmu_reserved_program(&f.h, 19, SET_TIMER, 0, 0, 0);
	sim_event(&f.sim, A, 7);		/* before start: not counted */
	rvpmu_fw_event(&f.h, SBI_PMU_FW_SET_TIMER);
	rvpmu_reserved_start(&f.h, set);
	CHECK(!(f.sim.inhibit & (1u << 4)));
	sim_event(&f.sim, A, 5);
	rvpmu_fw_event(&f.h, SBI_PMU_FW_SET_TIMER);
	rvpmu_fw_event(&f.h, SBI_PMU_FW_SET_TIMER);
	f.sim.mode = SIM_M;			/* filtered out */
	sim_event(&f.sim, A, 100);
	f.sim.mode = SIM_S;
	rvpmu_reserved_stop_read(&f.h, set, ctr, 2, v);
	CHECK_EQ(v[0], 5);
	CHECK_EQ(v[1], 2);
	sim_event(&f.sim, A, 9);		/* after stop: not counted */
	rvpmu_fw_event(&f.h, SBI_PMU_FW_SET_TIMER);
	rvpmu_reserved_stop_read(&f.h, 0, ctr, 2, v);
	CHECK_EQ(v[0], 5);
	CHECK_EQ(v[1], 2);
	/* the fast path for hpm-only groups, then release */
	rvpmu_reserved_program_hpm(&f.h, ctr, &ev, 1);
	CHECK_EQ(fx_hw(&f, 4), 0);
	rvpmu_reserved_start(&f.h, BIT64(4));
	rvpmu_release(&f.h, set | BIT64(5));	/* 5 is not reserved: ignored */
	CHECK_EQ(f.h.reserved, 0);
	CHECK(f.sim.inhibit & (1u << 4));
	CHECK_EQ(f.sim.mhpmevent[4], 0);
	CHECK_EQ(f.h.fw_counting[SBI_PMU_FW_SET_TIMER], 0);
	CHECK_EQ(fx_match(&f, 0, A, 0), 3);
	CHECK_EQ(fx_match(&f, 0, A, 0), 4);
	CHECK_EQ(f.sim.faults, 0);
}

void suite_reserve(void)
{
	static const struct t_case cases[] = {
		T(reserve_checks_the_whole_set),
		T(a_group_counts_its_window),
	};

	T_RUN(cases);
}
