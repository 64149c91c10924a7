/* SPDX-License-Identifier: BSD-2-Clause */
/* The sampler's reservation API in the core (core/reserve.c). */
#include "fixture.h"
#include "core/internal.h"

#include <string.h>

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

/* Open and close a mixed group (hpm counters first): the counts are the
   window's, in the order of the counters, and the hpm counters hold the
   group base. */
static void a_group_counts_its_window(void)
{
	static struct fx f;
	static struct rvpmu_group g;
	const uint8_t ctr[3] = { 4, 5, 19 };
	const uint64_t mhpm[2] = {
		rvpmu_reserved_mhpmevent(A, MHPMEVENT_MINH),
		rvpmu_reserved_mhpmevent(1, 0),
	};
	const uint8_t code[1] = { rvpmu_group_code(SET_TIMER) };
	const uint16_t tot[1] = { rvpmu_group_total_off(code[0]) };
	const struct rvpmu_event_ref fw[1] = { { SET_TIMER, 0 } };
	const struct rvpmu_group_spec two = { mhpm, code, tot, fw, 2, 1, false };
	const struct rvpmu_group_spec one = { mhpm, code, tot, fw, 1, 0, false };
	const uint32_t off[3] = { 0, 8, 16 };
	uint64_t set = BIT64(4) | BIT64(5) | BIT64(19), v[3], c;

	fx_std(&f);
	g.max_gap = UINT64_MAX;
	CHECK_EQ(mhpm[0], (A & ~MHPMEVENT_SSCOF_MASK) | MHPMEVENT_MINH | MHPMEVENT_OF);
	CHECK_EQ(code[0], SBI_PMU_FW_SET_TIMER);
	CHECK_EQ(rvpmu_group_code(SBI_PMU_FW_EVENT(0x100)), RVPMU_GROUP_EXT);
	CHECK_EQ(rvpmu_reserve(&f.h, set), 0);
	rvpmu_fw_sample(&f.h, UINT32_C(1) << SBI_PMU_FW_SET_TIMER);
	sim_event(&f.sim, A, 7);		/* before the open: not counted */
	rvpmu_fw_event(&f.h, SBI_PMU_FW_SET_TIMER);
	f.sim.ctr[0] = 1000;			/* mcycle */
	CHECK_EQ(rvpmu_group_open(&f.h, &g, ctr, &two), 1000);
	CHECK_EQ(f.sim.mhpmevent[4], mhpm[0]);
	CHECK_EQ(g.hpm, (1u << 4) | (1u << 5));
	CHECK(!(f.sim.inhibit & (1u << 4)));
	CHECK_EQ(fx_hw(&f, 4), RVPMU_GROUP_BASE);
	sim_event(&f.sim, A, 5);
	rvpmu_fw_event(&f.h, SBI_PMU_FW_SET_TIMER);
	rvpmu_fw_event(&f.h, SBI_PMU_FW_SET_TIMER);
	f.sim.mode = SIM_M;			/* filtered out */
	sim_event(&f.sim, A, 100);
	f.sim.mode = SIM_S;
	sim_run(&f.sim, 40);
	c = rvpmu_group_close(&f.h, &g, (uint8_t *)v, off);
	CHECK_EQ(c, 1040);
	CHECK_EQ(g.end, 1040);
	CHECK_EQ(v[0], 5);
	CHECK_EQ(v[1], 40);
	CHECK_EQ(v[2], 2);
	CHECK(f.sim.inhibit & (1u << 4));
	/* closed, its counters hold no event (QEMU maps an event to one
	   counter: the next group must find them all free) */
	CHECK_EQ(f.sim.mhpmevent[4], 0);
	CHECK_EQ(f.sim.mhpmevent[5], 0);
	sim_event(&f.sim, A, 9);		/* after the close: not counted */
	CHECK_EQ(fx_hw(&f, 4), RVPMU_GROUP_BASE + 5);
	/* the next group drops counter 5: it counts nothing any more, and 4
	   gets A again from the base */
	(void)rvpmu_group_open(&f.h, &g, ctr, &one);
	CHECK_EQ(f.sim.mhpmevent[5], 0);
	CHECK_EQ(fx_hw(&f, 4), RVPMU_GROUP_BASE);
	CHECK_EQ(g.hpm, 1u << 4);
	sim_event(&f.sim, A, 3);
	(void)rvpmu_group_close(&f.h, &g, (uint8_t *)v, off);
	CHECK_EQ(v[0], 3);
	(void)rvpmu_group_open(&f.h, &g, ctr, &one);
	rvpmu_release(&f.h, set | BIT64(6));	/* 6 is not reserved: ignored */
	CHECK_EQ(f.h.reserved, 0);
	CHECK(f.sim.inhibit & (1u << 4));
	CHECK_EQ(f.sim.mhpmevent[4], 0);
	CHECK_EQ(fx_match(&f, 0, A, 0), 3);
	CHECK_EQ(fx_match(&f, 0, A, 0), 4);
	CHECK_EQ(f.sim.faults, 0);
}

/*
 * A group's platform event released while it runs: its counter stops and
 * holds 0, neither the sampler's count nor the platform read's origin
 * (while it runs the counter keeps its value less that origin).
 */
static void release_of_a_running_platform_event_leaves_zero(void)
{
	static struct fx f;
	static struct rvpmu_group g;
	const uint8_t ctr[1] = { 19 };
	const uint8_t code[1] = { RVPMU_GROUP_EXT };
	const uint16_t tot[1] = { rvpmu_group_total_off(RVPMU_GROUP_EXT) };
	const struct rvpmu_event_ref fw[1] = { { SBI_PMU_FW_EVENT(257), 0 } };
	const struct rvpmu_group_spec one = { NULL, code, tot, fw, 0, 1, true };
	const uint32_t off[1] = { 0 };
	uint64_t v[1];

	fx_std(&f);
	g.max_gap = UINT64_MAX;
	f.sim.impl[1] = 1000;
	CHECK_EQ(rvpmu_reserve(&f.h, BIT64(19)), 0);
	(void)rvpmu_group_open(&f.h, &g, ctr, &one);
	f.sim.impl[1] += 25;
	(void)rvpmu_group_close(&f.h, &g, (uint8_t *)v, off);
	CHECK_EQ(v[0], 25);
	(void)rvpmu_group_open(&f.h, &g, ctr, &one);
	f.sim.impl[1] += 7;
	rvpmu_release(&f.h, BIT64(19));
	f.sim.impl[1] += 3;
	CHECK_EQ(f.h.fw_ext, 0);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), 0), 19);
	CHECK_OK(rvpmu_counter_fw_read(&f.h, 19), 0);
	CHECK_EQ(f.sim.faults, 0);
}

/*
 * The switch closes one group and opens the next: the closing counts land
 * at their offsets, the next group counts from the base, and mcycle marks
 * where one window ends (g.end) and the next begins (the answer).
 */
static void a_switch_closes_one_window_and_opens_the_next(void)
{
	static struct fx f;
	static struct rvpmu_group g;
	const uint8_t ctr[3] = { 4, 5, 19 }, ctr2[2] = { 5, 19 };
	const uint64_t mhpm[2] = {
		rvpmu_reserved_mhpmevent(A, 0),
		rvpmu_reserved_mhpmevent(1, 0),
	};
	const uint8_t code[1] = { rvpmu_group_code(SET_TIMER) };
	const uint16_t tot[1] = { rvpmu_group_total_off(code[0]) };
	const struct rvpmu_event_ref fw[1] = { { SET_TIMER, 0 } };
	const struct rvpmu_group_spec first = { mhpm, code, tot, fw, 2, 1, false };
	/* counter 5 now counts A, 4 is dropped, 19 keeps SET_TIMER */
	const struct rvpmu_group_spec second = { mhpm, code, tot, fw, 1, 1, false };
	const uint32_t slots[3] = { 16, 0, 40 };
	const uint32_t off[2] = { 0, 8 };
	uint64_t out[6];

	fx_std(&f);
	g.max_gap = UINT64_MAX;
	CHECK_EQ(rvpmu_reserve(&f.h, BIT64(4) | BIT64(5) | BIT64(19)), 0);
	rvpmu_fw_sample(&f.h, UINT32_C(1) << SBI_PMU_FW_SET_TIMER);
	(void)rvpmu_group_open(&f.h, &g, ctr, &first);
	sim_event(&f.sim, A, 6);
	rvpmu_fw_event(&f.h, SBI_PMU_FW_SET_TIMER);
	memset(out, 0xEE, sizeof(out));
	f.sim.ctr[0] = 123456;			/* mcycle at the switch */
	CHECK_EQ(rvpmu_group_switch(&f.h, &g, (uint8_t *)out, slots, ctr2, &second), 123456);
	CHECK_EQ(g.end, 123456);
	CHECK_EQ(out[2], 6);			/* counter 4 at byte 16 */
	CHECK_EQ(out[5], 1);			/* the fw counter at byte 40 */
	CHECK_EQ(out[1], 0xEEEEEEEEEEEEEEEEull);	/* untouched */
	CHECK_EQ(f.sim.mhpmevent[4], 0);	/* dropped: counts nothing */
	CHECK_EQ(f.sim.mhpmevent[5], mhpm[0]);
	CHECK(!(f.sim.inhibit & (1u << 5)));	/* the next group runs */
	CHECK(f.sim.inhibit & (1u << 4));
	sim_event(&f.sim, A, 2);
	rvpmu_fw_event(&f.h, SBI_PMU_FW_SET_TIMER);
	rvpmu_fw_event(&f.h, SBI_PMU_FW_SET_TIMER);
	(void)rvpmu_group_close(&f.h, &g, (uint8_t *)out, off);
	CHECK_EQ(out[0], 2);
	CHECK_EQ(out[1], 2);
	CHECK_EQ(f.sim.faults, 0);
}

/*
 * A window's counts on the QEMU 7.2 model: a dTLB slot reads 0 (the hart
 * only runs), a cycles or instructions slot its window's mcycle length, or
 * 0 for a duplicate (QEMU lets one counter own an event) as long as another
 * copy of the same event in the group reads the window.
 */
static bool window_right(const uint64_t *mhpm, const uint64_t *v, unsigned int n, uint64_t len)
{
	bool seen[2] = { false, false };
	bool want[2] = { false, false };

	for (unsigned int j = 0; j < n; j++) {
		uint64_t ev = mhpm[j] & 0xffff;
		int e = ev == SBI_PMU_HW_CPU_CYCLES ? 0 : ev == SBI_PMU_HW_INSTRUCTIONS ? 1 : -1;

		if (e < 0) {
			if (v[j])
				return false;
			continue;
		}
		want[e] = true;
		if (v[j] == len)
			seen[e] = true;
		else if (v[j])
			return false;
	}
	return seen[0] == want[0] && seen[1] == want[1];
}

/*
 * On the QEMU 7.2 model (tools/sim): a switch from group a to group b on
 * counters 3.., windows of W ticks, the hart taken off its CPU for a whole
 * window (P ticks) just before the k-th counter access of the switch, for
 * every k the switch makes. Each window's counts must be right
 * (window_right) against its mcycle length (g.end - the open's answer): the
 * part the interruption hit is done again, and done again the way the load
 * did it (a redo that gave the events back in another order would hand a
 * duplicate's counter the event, and it would count from where it never
 * started). And no load writes a value that puts QEMU's overflow deadline
 * in the past (f.sim.kicks: the hart would lose its CPU on every switch).
 */
static void interrupt_every_access(const struct rvpmu_group_spec *a,
				   const struct rvpmu_group_spec *b)
{
	enum { W = 5000, P = 100000 };
	static struct fx f;
	static struct rvpmu_group g;
	static const uint8_t ctr[4] = { 3, 4, 5, 6 };
	static const uint32_t off[4] = { 0, 8, 16, 24 };
	unsigned int k, bad = 0, interrupted = 0;

	for (k = 0; k < 80; k++) {
		uint64_t v[4], c0, c1;

		fx_std(&f);
		f.sim.qemu_inhibit = true;
		f.sim.kick = P;
		memset(&g, 0, sizeof(g));
		g.seq = true;
		g.max_gap = 1000;
		CHECK_EQ(rvpmu_reserve(&f.h, BIT64(3) | BIT64(4) | BIT64(5) | BIT64(6)), 0);
		c0 = rvpmu_group_open(&f.h, &g, ctr, a);
		sim_run(&f.sim, W);
		f.sim.preempt_at = k + 1;
		f.sim.preempt_ticks = P;
		c1 = rvpmu_group_switch(&f.h, &g, (uint8_t *)v, off, ctr, b);
		if (f.sim.preempt_at)
			break;			/* k is past the switch's accesses */
		interrupted++;
		if (!window_right(a->mhpm, v, a->nhpm, g.end - c0))
			bad++;
		sim_run(&f.sim, W);
		(void)rvpmu_group_close(&f.h, &g, (uint8_t *)v, off);
		if (!window_right(b->mhpm, v, b->nhpm, g.end - c1))
			bad++;
	}
	CHECK(interrupted > 2 * (a->nhpm + b->nhpm));
	CHECK_EQ(bad, 0);
	CHECK_EQ(f.sim.kicks, 0);
	CHECK_EQ(f.sim.faults, 0);
}

#define CYC	rvpmu_reserved_mhpmevent(SBI_PMU_HW_CPU_CYCLES, 0)
#define INS	rvpmu_reserved_mhpmevent(SBI_PMU_HW_INSTRUCTIONS, 0)
#define TLB	rvpmu_reserved_mhpmevent(A, 0)

/* {cycles, instructions}, then {dTLB, cycles}: an event moves counter */
static void windows_agree_when_the_switch_is_interrupted(void)
{
	const uint64_t ci[2] = { CYC, INS }, ac[2] = { TLB, CYC };
	const struct rvpmu_group_spec a = { ci, 0, 0, 0, 2, 0, false };
	const struct rvpmu_group_spec b = { ac, 0, 0, 0, 2, 0, false };

	interrupt_every_access(&a, &b);
}

/* Each event two or three times a group (the multi-die boot's groups):
   only one copy counts on QEMU, and a redo must not move it. */
static void duplicates_agree_when_the_switch_is_interrupted(void)
{
	const uint64_t d1[4] = { CYC, INS, CYC, INS }, d2[4] = { INS, CYC, TLB, CYC };
	const struct rvpmu_group_spec a = { d1, 0, 0, 0, 4, 0, false };
	const struct rvpmu_group_spec b = { d2, 0, 0, 0, 4, 0, false };

	interrupt_every_access(&a, &b);
	interrupt_every_access(&b, &a);
	interrupt_every_access(&a, &a);
}

#undef CYC
#undef INS
#undef TLB

/*
 * A standard event's free-running count moves only while the sampler
 * counts it (rvpmu_fw_sample): outside a run an event site that no counter
 * counts is one load and a branch. S-mode's counters count beside it.
 */
static void free_running_counts_only_while_sampled(void)
{
	static struct fx f;
	const uint64_t timer = UINT64_C(1) << SBI_PMU_FW_SET_TIMER;

	fx_std(&f);
	rvpmu_fw_event(&f.h, SBI_PMU_FW_SET_TIMER);
	CHECK_EQ(f.h.fw_total[SBI_PMU_FW_SET_TIMER], 0);
	CHECK_EQ(f.h.fw_counting[SBI_PMU_FW_SET_TIMER].any, 0);
	rvpmu_fw_sample(&f.h, (uint32_t)timer | (UINT32_C(1) << SBI_PMU_FW_IPI_SENT));
	CHECK_EQ(f.h.fw_counting[SBI_PMU_FW_SET_TIMER].by.sampled, 1);
	CHECK_EQ(f.h.fw_counting[SBI_PMU_FW_SET_TIMER].by.ctrs, 0);
	rvpmu_fw_event(&f.h, SBI_PMU_FW_SET_TIMER);
	rvpmu_fw_event(&f.h, SBI_PMU_FW_SET_TIMER);
	rvpmu_fw_event(&f.h, SBI_PMU_FW_IPI_RECEIVED);	/* not sampled */
	CHECK_EQ(f.h.fw_total[SBI_PMU_FW_SET_TIMER], 2);
	CHECK_EQ(f.h.fw_total[SBI_PMU_FW_IPI_RECEIVED], 0);
	/* an S-mode counter of the same event counts beside it */
	CHECK_EQ(fx_match(&f, SBI_PMU_CFG_FLAG_AUTO_START, SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), 0),
		 (long)f.h.fw_base);
	rvpmu_fw_event(&f.h, SBI_PMU_FW_SET_TIMER);
	CHECK_EQ(f.h.fw_total[SBI_PMU_FW_SET_TIMER], 3);
	CHECK_EQ(rvpmu_counter_fw_read(&f.h, f.h.fw_base).value, 1);
	/* the run ends: the sampled codes stop, the S-mode counter goes on */
	rvpmu_fw_sample(&f.h, 0);
	CHECK_EQ(f.h.fw_counting[SBI_PMU_FW_SET_TIMER].by.ctrs, 1);
	CHECK_EQ(f.h.fw_counting[SBI_PMU_FW_SET_TIMER].by.sampled, 0);
	CHECK_EQ(f.h.fw_counting[SBI_PMU_FW_IPI_SENT].any, 0);
	rvpmu_fw_event(&f.h, SBI_PMU_FW_SET_TIMER);
	CHECK_EQ(f.h.fw_total[SBI_PMU_FW_SET_TIMER], 3);
	CHECK_EQ(rvpmu_counter_fw_read(&f.h, f.h.fw_base).value, 2);
}

void suite_reserve(void)
{
	static const struct t_case cases[] = {
		T(reserve_checks_the_whole_set),
		T(a_group_counts_its_window),
		T(release_of_a_running_platform_event_leaves_zero),
		T(a_switch_closes_one_window_and_opens_the_next),
		T(windows_agree_when_the_switch_is_interrupted),
		T(duplicates_agree_when_the_switch_is_interrupted),
		T(free_running_counts_only_while_sampled),
	};

	T_RUN(cases);
}
