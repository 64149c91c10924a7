/* SPDX-License-Identifier: BSD-2-Clause */
/* counter_config_matching: choice, every flag, every error row. */
#include "fixture.h"
#include "core/internal.h"

#define SKIP	SBI_PMU_CFG_FLAG_SKIP_MATCH
#define CLEAR	SBI_PMU_CFG_FLAG_CLEAR_VALUE
#define AUTO	SBI_PMU_CFG_FLAG_AUTO_START

static void cycles_take_an_hpm_counter_with_sscofpmf(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, 0, FX_CYCLES, 0), 3);
	CHECK_EQ(fx_match(&f, 0, FX_INSTRET, 0), 4);
	CHECK_EQ(f.sim.mhpmevent[3] & ~MHPMEVENT_SSCOF_MASK, 1);
	CHECK_EQ(f.sim.mhpmevent[4] & ~MHPMEVENT_SSCOF_MASK, 2);
}

static void cycles_take_the_fixed_counter_without_sscofpmf(void)
{
	struct fx f;

	fx_init(&f, 16, 64, false, 16);
	CHECK_EQ(fx_match(&f, 0, FX_CYCLES, 0), 0);
	CHECK_EQ(fx_match(&f, 0, FX_INSTRET, 0), 2);
	/* the next ones go to hpm counters */
	CHECK_EQ(fx_match(&f, 0, FX_CYCLES, 0), 3);
	CHECK_EQ(fx_match(&f, 0, FX_INSTRET, 0), 4);
	CHECK_EQ(f.sim.faults, 0);
}

static void cycles_fall_back_to_fixed_when_hpm_busy(void)
{
	struct fx f;
	int i;

	fx_std(&f);
	for (i = 3; i <= 18; i++)
		CHECK_EQ(fx_match(&f, 0, SBI_PMU_DTLB_READ_MISS, 0), i);
	CHECK_EQ(fx_match(&f, 0, FX_CYCLES, 0), 0);
	CHECK_EQ(fx_match(&f, 0, FX_INSTRET, 0), 2);
	CHECK_EQ(fx_match(&f, 0, FX_CYCLES, 0), SBI_ERR_NOT_SUPPORTED);
}

static void caller_mask_is_respected(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_OK(rvpmu_counter_config_matching(&f.h, 0, 1, 0, FX_CYCLES, 0), 0);
	CHECK_OK(rvpmu_counter_config_matching(&f.h, 2, 1, 0, FX_INSTRET, 0), 2);
	CHECK_OK(rvpmu_counter_config_matching(&f.h, 10, 0xc, 0, SBI_PMU_DTLB_READ_MISS, 0), 12);
	CHECK_OK(rvpmu_counter_config_matching(&f.h, 10, 0xc, 0, SBI_PMU_DTLB_READ_MISS, 0), 13);
	CHECK_ERR(rvpmu_counter_config_matching(&f.h, 10, 0xc, 0, SBI_PMU_DTLB_READ_MISS, 0),
		  SBI_ERR_NOT_SUPPORTED);
	/* cycles on the instret counter: no */
	CHECK_ERR(rvpmu_counter_config_matching(&f.h, 2, 1, 0, FX_CYCLES, 0),
		  SBI_ERR_NOT_SUPPORTED);
}

static void map_limits_the_counters(void)
{
	struct fx f;

	fx_std(&f);
	/* general events 3..6 may only use counters 3 and 4 */
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_HW_CACHE_MISSES, 0), 3);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_HW_BRANCH_MISSES, 0), 4);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_HW_CACHE_REFERENCES, 0), SBI_ERR_NOT_SUPPORTED);
}

static void unmapped_and_invalid_hw_events(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_CACHE_EVENT(0, 0, 0), 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_HW_NO_EVENT, 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(fx_match(&f, 0, 11, 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_HW_REF_CPU_CYCLES, 0), SBI_ERR_NOT_SUPPORTED);
	/* cache op 3 and cache id 7 do not exist */
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_CACHE_EVENT(3, 3, 1), 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_CACHE_EVENT(7, 0, 1), 0), SBI_ERR_NOT_SUPPORTED);
	/* event_data is reserved (must be 0) for general and cache events */
	CHECK_EQ(fx_match(&f, 0, FX_CYCLES, 1), SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_DTLB_READ_MISS, 0x100), SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(f.h.configured, 0);
}

static void undefined_event_types(void)
{
	struct fx f;
	uint32_t type;

	fx_std(&f);
	for (type = 4; type < 15; type++)
		CHECK_EQ(fx_match(&f, 0, SBI_PMU_EVENT_IDX(type, 1), 0),
			 SBI_ERR_NOT_SUPPORTED);
	/* bits above the 20-bit event_idx */
	CHECK_EQ(fx_match(&f, 0, FX_CYCLES | (1ul << 20), 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(fx_match(&f, 0, FX_CYCLES | (1ul << (RVPMU_XLEN - 1)), 0),
		 SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(f.h.configured, 0);
}

static void raw_v1_events(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_RAW_EVENT, 0x1234), 5);
	CHECK_EQ(f.sim.mhpmevent[5] & ~MHPMEVENT_SSCOF_MASK, 0x1234);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_RAW_EVENT, 0xab1234), 6);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_RAW_EVENT, 0x1234), SBI_ERR_NOT_SUPPORTED);
	/* the 0x20xx row: union with nothing else */
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_RAW_EVENT, 0x20ff), 3);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_RAW_EVENT, 0x3000), SBI_ERR_NOT_SUPPORTED);
	/* the code of a raw event must be 0 */
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_RAW_EVENT | 1, 0x2001), SBI_ERR_NOT_SUPPORTED);
}

static void raw_event_rows_are_a_union(void)
{
	struct fx f;

	fx_std(&f);
	/* a second row matching 0x1234 adds counter 8 to counters 5, 6 */
	rvpmu_map_add_raw(&f.map, 0x1200, 0xff00, 0x100);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_RAW_EVENT, 0x1234), 5);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_RAW_EVENT, 0x1234), 6);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_RAW_EVENT, 0x1234), 8);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_RAW_EVENT, 0x1234), SBI_ERR_NOT_SUPPORTED);
}

static void raw_selector_widths(void)
{
	struct fx f;
	uint64_t v2 = UINT64_C(0x42000000000077);

	fx_std(&f);
#if RVPMU_XLEN == 64
	/* 56 bits only for type 3 */
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_RAW_EVENT, v2), SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_RAW_V2_EVENT, v2), 7);
	CHECK_EQ(f.sim.mhpmevent[7] & ~MHPMEVENT_SSCOF_MASK, v2);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_RAW_V2_EVENT, v2 | (UINT64_C(1) << 56)),
		 SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_RAW_EVENT, UINT64_C(1) << 48 | 0x2000),
		 SBI_ERR_NOT_SUPPORTED);
#else
	/* RV32: mhpmevent is 32 bits, so is a raw selector */
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_RAW_V2_EVENT, v2), SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_RAW_V2_EVENT, UINT64_C(1) << 32 | 0x2000),
		 SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_RAW_V2_EVENT, 0x2001), 3);
#endif
}

static void firmware_events(void)
{
	struct fx f;
	uint32_t code;

	fx_std(&f);
	for (code = 0; code < SBI_PMU_FW_STD_COUNT; code++) {
		CHECK_EQ(fx_match(&f, 0, SBI_PMU_FW_EVENT(code), 0), 19);
		CHECK_ERR(rvpmu_counter_stop(&f.h, 19, 1, SBI_PMU_STOP_RESET),
			  SBI_ERR_ALREADY_STOPPED);
	}
	CHECK_EQ(f.h.configured, 0);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_FW_EVENT(5), 1), SBI_ERR_NOT_SUPPORTED);	/* data */
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_FW_EVENT(22), 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_FW_EVENT(255), 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_FW_EVENT(256), 0), 19);	/* sim implements 256..259 */
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_FW_EVENT(260), 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_FW_EVENT(SBI_PMU_FW_PLATFORM), 3), 20);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_FW_EVENT(SBI_PMU_FW_PLATFORM), 4), SBI_ERR_NOT_SUPPORTED);
	/* a hardware-only set cannot take a firmware event, and back */
	CHECK_ERR(rvpmu_counter_config_matching(&f.h, 0, 0x7fffd, 0, SBI_PMU_FW_EVENT(6), 0),
		  SBI_ERR_NOT_SUPPORTED);
	CHECK_ERR(rvpmu_counter_config_matching(&f.h, 21, 0xff, 0, FX_CYCLES, 0),
		  SBI_ERR_NOT_SUPPORTED);
}

static void platform_events_without_callbacks(void)
{
	struct fx f;

	fx_std(&f);
	f.cfg.fw = NULL;
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_FW_EVENT(256), 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_FW_EVENT(SBI_PMU_FW_PLATFORM), 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_FW_EVENT(4), 0), 19);
}

static void reserved_flag_bits(void)
{
	struct fx f;
	unsigned int b, programs;

	fx_std(&f);
	programs = f.sim.programs;
	for (b = 8; b < RVPMU_XLEN; b++)
		CHECK_EQ(fx_match(&f, (rvpmu_ulong)1 << b, FX_CYCLES, 0),
			 SBI_ERR_INVALID_PARAM);
	CHECK_EQ(f.h.configured, 0);
	CHECK_EQ(f.sim.programs, programs);
}

static void bad_counter_sets(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_ERR(rvpmu_counter_config_matching(&f.h, 0, 0, 0, FX_CYCLES, 0),
		  SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_config_matching(&f.h, 35, 1, 0, SBI_PMU_FW_EVENT(1), 0),
		  SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_config_matching(&f.h, 30, 0x3f, 0, SBI_PMU_FW_EVENT(1), 0),
		  SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_config_matching(&f.h, ~(rvpmu_ulong)0, 1, 0, SBI_PMU_FW_EVENT(1), 0),
		  SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_config_matching(&f.h, 0, 7, 0, FX_CYCLES, 0),
		  SBI_ERR_INVALID_PARAM);	/* includes time */
	/* invalid set wins over an invalid event */
	CHECK_ERR(rvpmu_counter_config_matching(&f.h, 0, 0, 0, 0xfffff, 0),
		  SBI_ERR_INVALID_PARAM);
	CHECK_EQ(f.h.configured, 0);
}

static void skip_match_needs_a_configured_counter(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_ERR(rvpmu_counter_config_matching(&f.h, 0, 1, SKIP, FX_CYCLES, 0),
		  SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_config_matching(&f.h, 5, 1, SKIP, SBI_PMU_DTLB_READ_MISS, 0),
		  SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_config_matching(&f.h, 19, 1, SKIP, SBI_PMU_FW_EVENT(1), 0),
		  SBI_ERR_INVALID_PARAM);
	CHECK_EQ(f.h.configured, 0);
}

static void skip_match_checks_the_counter_kind(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_FW_EVENT(4), 0), 19);
	/* a firmware event on a hardware counter, and the reverse */
	CHECK_ERR(rvpmu_counter_config_matching(&f.h, 3, 1, SKIP, SBI_PMU_FW_EVENT(4), 0),
		  SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_config_matching(&f.h, 19, 1, SKIP, SBI_PMU_DTLB_READ_MISS, 0),
		  SBI_ERR_INVALID_PARAM);
	CHECK_EQ(f.h.event[3], SBI_PMU_DTLB_READ_MISS);
	CHECK_EQ(f.h.event[19], SBI_PMU_FW_EVENT(4));
	CHECK_EQ(f.sim.faults, 0);
}

static void skip_match_reconfigures_the_first_counter(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_DTLB_READ_MISS, 0), 4);
	/* set {3, 4, ...}: the first counter is taken, no search */
	CHECK_OK(rvpmu_counter_config_matching(&f.h, 3, 0xff, SKIP, FX_ITLB_RD_MISS, 0), 3);
	CHECK_EQ(f.sim.mhpmevent[3], FX_ITLB_RD_MISS | MHPMEVENT_OF);
	CHECK_EQ(f.h.event[3], FX_ITLB_RD_MISS);
	CHECK_OK(rvpmu_counter_config_matching(&f.h, 19, 1, 0, SBI_PMU_FW_EVENT(6), 0), 19);
	CHECK_OK(rvpmu_counter_config_matching(&f.h, 19, 1, SKIP, SBI_PMU_FW_EVENT(7), 0), 19);
	CHECK_EQ(f.h.event[19], SBI_PMU_FW_EVENT(7));
}

static void skip_match_refuses_a_started_counter(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, AUTO, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_ERR(rvpmu_counter_config_matching(&f.h, 3, 1, SKIP, FX_ITLB_RD_MISS, 0),
		  SBI_ERR_INVALID_PARAM);
	CHECK_EQ(f.h.event[3], SBI_PMU_DTLB_READ_MISS);
}

static void skip_match_on_a_counter_that_cannot_count(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_RAW_EVENT, 0x20aa), 3);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_RAW_EVENT, 0x20ab), 4);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_RAW_EVENT, 0x20ac), 5);
	/* raw 0x1234 may only use counters 5 and 6: counter 3 is configured
	   and of the right kind, but cannot count it */
	CHECK_ERR(rvpmu_counter_config_matching(&f.h, 3, 1, SKIP, SBI_PMU_RAW_EVENT, 0x1234),
		  SBI_ERR_NOT_SUPPORTED);
	CHECK_OK(rvpmu_counter_config_matching(&f.h, 5, 1, SKIP, SBI_PMU_RAW_EVENT, 0x1234), 5);
}

/* SKIP_MATCH of the event a stopped hpm counter already has (Linux's
   reuse) takes a short path: it must still apply the filter, CLEAR_VALUE
   and AUTO_START, and refuse what the general path refuses. */
static void skip_match_of_the_same_event(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_DTLB_READ_MISS, 0), 3);
	f.sim.ctr[3] = 500;
	CHECK_OK(rvpmu_counter_config_matching(&f.h, 3, 1, SKIP | SBI_PMU_CFG_FLAG_SET_UINH,
					       SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_EQ(f.sim.mhpmevent[3], SBI_PMU_DTLB_READ_MISS | MHPMEVENT_UINH | MHPMEVENT_OF);
	CHECK_EQ(fx_hw(&f, 3), 500);
	CHECK_OK(rvpmu_counter_config_matching(&f.h, 3, 1, SKIP | CLEAR,
					       SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_EQ(f.sim.mhpmevent[3], SBI_PMU_DTLB_READ_MISS | MHPMEVENT_OF);
	CHECK_EQ(fx_hw(&f, 3), 0);
	CHECK_OK(rvpmu_counter_config_matching(&f.h, 3, 1, SKIP | AUTO,
					       SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_EQ(f.h.started, BIT64(3));
	CHECK_EQ(f.sim.mhpmevent[3] & MHPMEVENT_OF, 0);
	sim_event(&f.sim, SBI_PMU_DTLB_READ_MISS, 4);
	CHECK_EQ(fx_hw(&f, 3), 4);
	/* started now: refused, nothing changes */
	CHECK_ERR(rvpmu_counter_config_matching(&f.h, 3, 1, SKIP | CLEAR,
						SBI_PMU_DTLB_READ_MISS, 0), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(fx_hw(&f, 3), 4);
	/* a reserved flag bit is refused before any path is chosen */
	CHECK_EQ(rvpmu_counter_stop(&f.h, 3, 1, 0).error, 0);
	CHECK_ERR(rvpmu_counter_config_matching(&f.h, 3, 1, SKIP | 0x100,
						SBI_PMU_DTLB_READ_MISS, 0), SBI_ERR_INVALID_PARAM);
}

/* The same for a raw event, whose event_data the core keeps only as the
   selector it programmed: SKIP_MATCH of the same data is the reuse, of
   other data a new selector, of data 0 another event again, each with
   the filter kept apart (seen failing with the reuse matching on the
   event_idx alone: 0x2006 and 0 answered as 0x2005's reuse). */
static void skip_match_of_a_raw_event(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, SBI_PMU_CFG_FLAG_SET_UINH, SBI_PMU_RAW_EVENT, 0x2005), 3);
	CHECK_EQ(f.sim.mhpmevent[3], 0x2005 | MHPMEVENT_UINH | MHPMEVENT_OF);
	CHECK_OK(rvpmu_counter_config_matching(&f.h, 3, 1, SKIP | SBI_PMU_CFG_FLAG_SET_UINH,
					       SBI_PMU_RAW_EVENT, 0x2005), 3);
	CHECK_EQ(f.sim.mhpmevent[3], 0x2005 | MHPMEVENT_UINH | MHPMEVENT_OF);
	CHECK_OK(rvpmu_counter_config_matching(&f.h, 3, 1, SKIP | SBI_PMU_CFG_FLAG_SET_UINH,
					       SBI_PMU_RAW_EVENT, 0x2006), 3);
	CHECK_EQ(f.sim.mhpmevent[3], 0x2006 | MHPMEVENT_UINH | MHPMEVENT_OF);
	/* 0x2000 and 0 are one map row apart: 0 is not the reuse of 0x2000 */
	CHECK_OK(rvpmu_counter_config_matching(&f.h, 3, 1, SKIP, SBI_PMU_RAW_EVENT, 0x2000), 3);
	CHECK_EQ(f.sim.mhpmevent[3], 0x2000 | MHPMEVENT_OF);
	CHECK_ERR(rvpmu_counter_config_matching(&f.h, 3, 1, SKIP, SBI_PMU_RAW_EVENT, 0),
		  SBI_ERR_NOT_SUPPORTED);
	CHECK_EQ(f.sim.mhpmevent[3], 0x2000 | MHPMEVENT_OF);
	/* a standard event after the raw one is no reuse either */
	CHECK_OK(rvpmu_counter_config_matching(&f.h, 3, 1, SKIP, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_EQ(f.sim.mhpmevent[3], SBI_PMU_DTLB_READ_MISS | MHPMEVENT_OF);
	CHECK_EQ(f.h.event[3], SBI_PMU_DTLB_READ_MISS);
	CHECK_EQ(f.sim.faults, 0);
}

/* Standard firmware events take a short path: the general path's answers. */
static void firmware_events_short_path_answers(void)
{
	struct fx f;

	fx_init(&f, 16, 64, true, 0);	/* no firmware counters */
	CHECK_ERR(rvpmu_counter_config_matching(&f.h, 0, fx_all(&f), 0,
						SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), 0),
		  SBI_ERR_NOT_SUPPORTED);
	fx_std(&f);
	/* event_data is reserved for standard firmware events */
	CHECK_ERR(rvpmu_counter_config_matching(&f.h, 0, fx_all(&f), 0,
						SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), 1),
		  SBI_ERR_NOT_SUPPORTED);
	/* only hardware counters in the mask */
	CHECK_ERR(rvpmu_counter_config_matching(&f.h, 3, 0xff, 0,
						SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), 0),
		  SBI_ERR_NOT_SUPPORTED);
	/* SKIP_MATCH on a configured hardware counter: wrong kind */
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_ERR(rvpmu_counter_config_matching(&f.h, 3, 1, SKIP,
						SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), 0),
		  SBI_ERR_INVALID_PARAM);
	CHECK_EQ(f.h.configured, BIT64(3));
	/* AUTO_START counts from the counter's value */
	CHECK_EQ(fx_match(&f, AUTO, SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), 0), 19);
	rvpmu_fw_event(&f.h, SBI_PMU_FW_SET_TIMER);
	CHECK_OK(rvpmu_counter_fw_read(&f.h, 19), 1);
}

static void clear_value_zeroes_the_counter(void)
{
	struct fx f;

	fx_std(&f);
	CHECK(fx_hw(&f, 0) != 0);
	CHECK_EQ(fx_match(&f, CLEAR, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_EQ(fx_hw(&f, 3), 0);
	CHECK_OK(rvpmu_counter_config_matching(&f.h, 0, 1, CLEAR, FX_CYCLES, 0), 0);
	CHECK_EQ(fx_hw(&f, 0), 0);
	f.h.fw_value[0] = 77;
	CHECK_EQ(fx_match(&f, CLEAR, SBI_PMU_FW_EVENT(3), 0), 19);
	CHECK_OK(rvpmu_counter_fw_read(&f.h, 19), 0);
}

static void without_clear_value_the_value_stays(void)
{
	struct fx f;

	fx_std(&f);
	f.sim.ctr[3] = 1234;
	CHECK_EQ(fx_match(&f, AUTO, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_EQ(fx_hw(&f, 3), 1234);
	f.h.fw_value[0] = 77;
	CHECK_EQ(fx_match(&f, AUTO, SBI_PMU_FW_EVENT(3), 0), 19);
	CHECK_OK(rvpmu_counter_fw_read(&f.h, 19), 77);
}

static void auto_start_starts_counting(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, AUTO | CLEAR, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_EQ(f.h.started, BIT64(3));
	CHECK_EQ(f.sim.mhpmevent[3] & MHPMEVENT_OF, 0);
	sim_event(&f.sim, SBI_PMU_DTLB_READ_MISS, 9);
	CHECK_EQ(fx_hw(&f, 3), 9);
	CHECK_ERR(rvpmu_counter_start(&f.h, 3, 1, 0, 0), SBI_ERR_ALREADY_STARTED);
	CHECK_EQ(fx_match(&f, AUTO | CLEAR, SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), 0), 19);
	rvpmu_fw_event(&f.h, SBI_PMU_FW_SET_TIMER);
	CHECK_OK(rvpmu_counter_fw_read(&f.h, 19), 1);
}

static void auto_start_on_fixed_counter(void)
{
	struct fx f;

	fx_init(&f, 16, 64, false, 4);
	CHECK_EQ(fx_match(&f, AUTO | CLEAR, FX_INSTRET, 0), 2);
	sim_run(&f.sim, 100);
	CHECK_EQ(fx_hw(&f, 2), 100);
}

/* Each mode filter flag and the xINH bit it must land on (Sscofpmf's
   mhpmevent, Smcntrpmf's mcyclecfg / minstretcfg: the same bits). */
static const rvpmu_ulong xinh_flags[5] = { SBI_PMU_CFG_FLAG_SET_VUINH, SBI_PMU_CFG_FLAG_SET_VSINH,
				      SBI_PMU_CFG_FLAG_SET_UINH, SBI_PMU_CFG_FLAG_SET_SINH,
				      SBI_PMU_CFG_FLAG_SET_MINH };
static const uint64_t xinh_bits[5] = { MHPMEVENT_VUINH, MHPMEVENT_VSINH, MHPMEVENT_UINH,
				  MHPMEVENT_SINH, MHPMEVENT_MINH };

static void filter_flags_reach_mhpmevent_with_sscofpmf(void)
{
	struct fx f;
	int i;

	fx_std(&f);
	for (i = 0; i < 5; i++) {
		long c = fx_match(&f, xinh_flags[i], SBI_PMU_DTLB_READ_MISS, 0);

		CHECK_EQ(c, 3 + i);
		CHECK_EQ(f.sim.mhpmevent[c], SBI_PMU_DTLB_READ_MISS | xinh_bits[i] | MHPMEVENT_OF);
	}
}

static void filter_flags_filter_counting(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, AUTO | CLEAR | SBI_PMU_CFG_FLAG_SET_UINH, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_EQ(fx_match(&f, AUTO | CLEAR | SBI_PMU_CFG_FLAG_SET_SINH, FX_DTLB_WR_MISS, 0), 4);
	f.sim.mode = SIM_U;
	sim_event(&f.sim, SBI_PMU_DTLB_READ_MISS, 5);
	sim_event(&f.sim, FX_DTLB_WR_MISS, 5);
	f.sim.mode = SIM_S;
	sim_event(&f.sim, SBI_PMU_DTLB_READ_MISS, 7);
	sim_event(&f.sim, FX_DTLB_WR_MISS, 7);
	CHECK_EQ(fx_hw(&f, 3), 7);
	CHECK_EQ(fx_hw(&f, 4), 5);
}

static void filter_flags_are_hints_without_sscofpmf(void)
{
	struct fx f;

	fx_init(&f, 16, 64, false, 16);
	CHECK_EQ(fx_match(&f, SBI_PMU_CFG_FLAG_SET_SINH, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_EQ(f.sim.mhpmevent[3], SBI_PMU_DTLB_READ_MISS);
	/* the fixed counter serves even with filters it cannot apply */
	CHECK_EQ(fx_match(&f, SBI_PMU_CFG_FLAG_SET_UINH, FX_CYCLES, 0), 0);
	CHECK_EQ(f.sim.faults, 0);
}

#define UONLY	(SBI_PMU_CFG_FLAG_SET_SINH | SBI_PMU_CFG_FLAG_SET_VSINH | \
		 SBI_PMU_CFG_FLAG_SET_VUINH | SBI_PMU_CFG_FLAG_SET_MINH)
#define SONLY	(SBI_PMU_CFG_FLAG_SET_UINH | SBI_PMU_CFG_FLAG_SET_VSINH | \
		 SBI_PMU_CFG_FLAG_SET_VUINH | SBI_PMU_CFG_FLAG_SET_MINH)
#define MONLY	(SBI_PMU_CFG_FLAG_SET_UINH | SBI_PMU_CFG_FLAG_SET_SINH | \
		 SBI_PMU_CFG_FLAG_SET_VSINH | SBI_PMU_CFG_FLAG_SET_VUINH)

/* n cycles (and instructions) in each of U, S and M. */
static void run_modes(struct fx *f, uint64_t u, uint64_t s, uint64_t m)
{
	f->sim.mode = SIM_U;
	sim_run(&f->sim, u);
	f->sim.mode = SIM_S;
	sim_run(&f->sim, s);
	f->sim.mode = SIM_M;
	sim_run(&f->sim, m);
	f->sim.mode = SIM_S;
}

/* Smcntrpmf: each filter flag lands on its bit of mcyclecfg / minstretcfg. */
static void filter_flags_reach_mcyclecfg_with_smcntrpmf(void)
{
	struct fx f;
	int i;

	fx_init_ext(&f, 16, 64, true, true, 16);
	for (i = 0; i < 5; i++) {
		CHECK_OK(rvpmu_counter_config_matching(&f.h, 0, 1, xinh_flags[i], FX_CYCLES, 0), 0);
		CHECK_OK(rvpmu_counter_config_matching(&f.h, 2, 1, xinh_flags[i], FX_INSTRET, 0), 2);
		CHECK_EQ(f.sim.fixedcfg[0], xinh_bits[i]);
		CHECK_EQ(f.sim.fixedcfg[2], xinh_bits[i]);
		CHECK_ERR(rvpmu_counter_stop(&f.h, 0, 5, SBI_PMU_STOP_RESET), SBI_ERR_ALREADY_STOPPED);
		CHECK_EQ(f.sim.fixedcfg[0] | f.sim.fixedcfg[2], 0);
	}
	CHECK_EQ(f.sim.cfg_live, 0);
	CHECK_EQ(f.sim.faults, 0);
}

/* Smcntrpmf: cycles:u and instructions:k on the fixed counters count only
   their mode; u + k + m of one run add up to the unfiltered count. */
static void fixed_counters_filter_by_mode_with_smcntrpmf(void)
{
	struct fx f;

	fx_init_ext(&f, 16, 64, false, true, 16);
	CHECK_EQ(fx_match(&f, AUTO | CLEAR | UONLY, FX_CYCLES, 0), 0);
	CHECK_EQ(fx_match(&f, AUTO | CLEAR | SONLY, FX_INSTRET, 0), 2);
	run_modes(&f, 100, 50, 7);
	CHECK_EQ(fx_hw(&f, 0), 100);
	CHECK_EQ(fx_hw(&f, 2), 50);
	/* stopped, reconfigured in place (SKIP_MATCH) for M alone, and on */
	CHECK_OK(rvpmu_counter_stop(&f.h, 0, 1, 0), 0);
	CHECK_OK(rvpmu_counter_config_matching(&f.h, 0, 1, SKIP | CLEAR | AUTO | MONLY,
					       FX_CYCLES, 0), 0);
	run_modes(&f, 100, 50, 7);
	CHECK_EQ(fx_hw(&f, 0), 7);
	CHECK_EQ(f.sim.cfg_live, 0);
	CHECK_EQ(f.sim.faults, 0);
}

/* A released fixed counter counts in every mode again (S-mode's rdcycle),
   and a hart reset leaves it unfiltered too; the filter never changes
   while the counter counts. */
static void released_fixed_counter_is_unfiltered(void)
{
	struct fx f;

	fx_init_ext(&f, 16, 64, false, true, 16);
	CHECK_EQ(fx_match(&f, AUTO | CLEAR | UONLY, FX_CYCLES, 0), 0);
	CHECK_OK(rvpmu_counter_stop(&f.h, 0, 1, SBI_PMU_STOP_RESET), 0);
	CHECK_EQ(f.sim.fixedcfg[0], 0);
	f.sim.ctr[0] = 0;
	run_modes(&f, 100, 50, 7);
	CHECK_EQ(fx_hw(&f, 0), 157);
	CHECK_EQ(fx_match(&f, AUTO | SONLY, FX_INSTRET, 0), 2);
	rvpmu_hart_reset(&f.h);
	CHECK_EQ(f.sim.fixedcfg[2], 0);
	CHECK_EQ(f.h.filtered, 0);
	f.sim.ctr[2] = 0;
	run_modes(&f, 100, 50, 7);
	CHECK_EQ(fx_hw(&f, 2), 157);
	CHECK_EQ(f.sim.cfg_live, 0);
	CHECK_EQ(f.sim.faults, 0);
}

/* With Sscofpmf too, a filtered cycles request still takes an hpm counter
   first (sampling needs its interrupt); the fixed counter, once the hpm
   counters are busy, filters as well. */
static void filtered_cycles_prefer_hpm_then_fixed_filters(void)
{
	struct fx f;
	int i;

	fx_init_ext(&f, 16, 64, true, true, 16);
	CHECK_EQ(fx_match(&f, SBI_PMU_CFG_FLAG_SET_SINH, FX_CYCLES, 0), 3);
	CHECK_EQ(f.sim.fixedcfg[0], 0);
	for (i = 4; i <= 18; i++)
		CHECK_EQ(fx_match(&f, 0, SBI_PMU_DTLB_READ_MISS, 0), i);
	CHECK_EQ(fx_match(&f, AUTO | CLEAR | SBI_PMU_CFG_FLAG_SET_SINH, FX_CYCLES, 0), 0);
	CHECK_EQ(f.sim.fixedcfg[0], MHPMEVENT_SINH);
	run_modes(&f, 100, 50, 7);
	CHECK_EQ(fx_hw(&f, 0), 107);
}

/* Without Smcntrpmf the filter is a hint the fixed counter cannot apply:
   a filtered request that finds only the fixed counter free gets it, and
   it counts in every mode (the spec lets the hints be ignored). */
static void fixed_counter_ignores_filters_without_smcntrpmf(void)
{
	struct fx f;
	int i;

	fx_std(&f);
	for (i = 3; i <= 18; i++)
		CHECK_EQ(fx_match(&f, 0, SBI_PMU_DTLB_READ_MISS, 0), i);
	CHECK_EQ(fx_match(&f, AUTO | CLEAR | UONLY, FX_CYCLES, 0), 0);
	run_modes(&f, 100, 50, 7);
	CHECK_EQ(fx_hw(&f, 0), 157);
	CHECK_EQ(f.h.filtered, 0);
	CHECK_EQ(f.sim.faults, 0);	/* mcyclecfg never touched */
}

static void selector_from_the_map_or_the_default(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, 0, FX_BRANCHES, 0), 3);
	CHECK_EQ(f.sim.mhpmevent[3], 0x4000 | MHPMEVENT_OF);
	CHECK_EQ(fx_match(&f, 0, FX_ITLB_RD_MISS, 0), 4);
	CHECK_EQ(f.sim.mhpmevent[4], FX_ITLB_RD_MISS | MHPMEVENT_OF);
}

static void configured_fixed_counter_waits_for_start(void)
{
	struct fx f;
	uint64_t v;

	fx_init(&f, 16, 64, false, 4);
	CHECK_EQ(fx_match(&f, 0, FX_CYCLES, 0), 0);
	v = fx_hw(&f, 0);
	sim_run(&f.sim, 50);
	CHECK_EQ(fx_hw(&f, 0), v);
	CHECK_OK(rvpmu_counter_start(&f.h, 0, 1, 0, 0), 0);
	sim_run(&f.sim, 50);
	CHECK_EQ(fx_hw(&f, 0), v + 50);
}

static void errors_change_nothing(void)
{
	struct fx f;
	struct rvpmu_hart before;
	unsigned int programs;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_DTLB_READ_MISS, 0), 3);
	before = f.h;
	programs = f.sim.programs;
	CHECK_EQ(fx_match(&f, 0x100, SBI_PMU_DTLB_READ_MISS, 0), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_CACHE_EVENT(0, 0, 0), 0), SBI_ERR_NOT_SUPPORTED);
	CHECK_ERR(rvpmu_counter_config_matching(&f.h, 3, 1, 0, SBI_PMU_DTLB_READ_MISS, 0),
		  SBI_ERR_NOT_SUPPORTED);
	CHECK_ERR(rvpmu_counter_config_matching(&f.h, 19, 1, SKIP, SBI_PMU_FW_EVENT(0), 0),
		  SBI_ERR_INVALID_PARAM);
	CHECK(memcmp(&before, &f.h, sizeof(before)) == 0);
	CHECK_EQ(f.sim.programs, programs);
}

static const struct t_case cases[] = {
	T(cycles_take_an_hpm_counter_with_sscofpmf),
	T(cycles_take_the_fixed_counter_without_sscofpmf),
	T(cycles_fall_back_to_fixed_when_hpm_busy),
	T(caller_mask_is_respected),
	T(map_limits_the_counters),
	T(unmapped_and_invalid_hw_events),
	T(undefined_event_types),
	T(raw_v1_events),
	T(raw_event_rows_are_a_union),
	T(raw_selector_widths),
	T(firmware_events),
	T(platform_events_without_callbacks),
	T(reserved_flag_bits),
	T(bad_counter_sets),
	T(skip_match_needs_a_configured_counter),
	T(skip_match_checks_the_counter_kind),
	T(skip_match_reconfigures_the_first_counter),
	T(skip_match_refuses_a_started_counter),
	T(skip_match_on_a_counter_that_cannot_count),
	T(skip_match_of_the_same_event),
	T(skip_match_of_a_raw_event),
	T(firmware_events_short_path_answers),
	T(clear_value_zeroes_the_counter),
	T(without_clear_value_the_value_stays),
	T(auto_start_starts_counting),
	T(auto_start_on_fixed_counter),
	T(filter_flags_reach_mhpmevent_with_sscofpmf),
	T(filter_flags_filter_counting),
	T(filter_flags_are_hints_without_sscofpmf),
	T(filter_flags_reach_mcyclecfg_with_smcntrpmf),
	T(fixed_counters_filter_by_mode_with_smcntrpmf),
	T(released_fixed_counter_is_unfiltered),
	T(filtered_cycles_prefer_hpm_then_fixed_filters),
	T(fixed_counter_ignores_filters_without_smcntrpmf),
	T(selector_from_the_map_or_the_default),
	T(configured_fixed_counter_waits_for_start),
	T(errors_change_nothing),
};

void suite_match(void)
{
	T_RUN(cases);
}
