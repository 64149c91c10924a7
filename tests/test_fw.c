/* SPDX-License-Identifier: BSD-2-Clause */
/* Firmware counters: event sites, fw_read / fw_read_hi, platform events. */
#include "fixture.h"
#include "core/internal.h"

#define AUTO	(SBI_PMU_CFG_FLAG_AUTO_START | SBI_PMU_CFG_FLAG_CLEAR_VALUE)

static void every_standard_event_counts_exactly(void)
{
	struct fx f;
	uint32_t code;

	for (code = 0; code < SBI_PMU_FW_STD_COUNT; code++) {
		unsigned int n;

		fx_std(&f);
		CHECK_EQ(fx_match(&f, AUTO, SBI_PMU_FW_EVENT(code), 0), 19);
		for (n = 0; n < code + 1; n++)
			rvpmu_fw_event(&f.h, code);
		/* other events do not leak in */
		rvpmu_fw_event(&f.h, (code + 1) % SBI_PMU_FW_STD_COUNT);
		CHECK_OK(rvpmu_counter_fw_read(&f.h, 19), code + 1);
	}
}

static void two_counters_on_one_event(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, AUTO, SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), 0), 19);
	rvpmu_fw_event(&f.h, SBI_PMU_FW_SET_TIMER);
	CHECK_EQ(fx_match(&f, AUTO, SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), 0), 20);
	rvpmu_fw_event(&f.h, SBI_PMU_FW_SET_TIMER);
	CHECK_OK(rvpmu_counter_fw_read(&f.h, 19), 2);
	CHECK_OK(rvpmu_counter_fw_read(&f.h, 20), 1);
	CHECK_OK(rvpmu_counter_stop(&f.h, 19, 1, 0), 0);
	rvpmu_fw_event(&f.h, SBI_PMU_FW_SET_TIMER);
	CHECK_OK(rvpmu_counter_fw_read(&f.h, 19), 2);
	CHECK_OK(rvpmu_counter_fw_read(&f.h, 20), 2);
}

static void event_site_is_idle_when_nothing_counts(void)
{
	struct fx f;
	unsigned int code;

	fx_std(&f);
	for (code = 0; code < SBI_PMU_FW_STD_COUNT; code++) {
		rvpmu_fw_event(&f.h, code);
		CHECK_EQ(f.h.fw_counting[code].by.ctrs, 0);
	}
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_FW_EVENT(3), 0), 19);
	rvpmu_fw_event(&f.h, 3);	/* configured but not started */
	CHECK_OK(rvpmu_counter_fw_read(&f.h, 19), f.h.fw_value[0]);
	CHECK_EQ(f.h.fw_counting[3].by.ctrs, 0);
}

static void fw_read_rejects_hardware_and_bad_indices(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_ERR(rvpmu_counter_fw_read(&f.h, 0), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_fw_read(&f.h, 1), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_fw_read(&f.h, 3), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_fw_read(&f.h, 18), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_fw_read(&f.h, 35), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_fw_read(&f.h, ~(rvpmu_ulong)0), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_fw_read_hi(&f.h, 3), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_counter_fw_read_hi(&f.h, 35), SBI_ERR_INVALID_PARAM);
	CHECK_EQ(rvpmu_counter_fw_read(&f.h, 19).error, 0);
	CHECK_EQ(rvpmu_counter_fw_read(&f.h, 34).error, 0);
	CHECK_EQ(f.sim.faults, 0);
}

static void fw_read_hi_gives_the_upper_half(void)
{
	struct fx f;
	uint64_t v = UINT64_C(0x123456789);

	fx_std(&f);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_FW_EVENT(SBI_PMU_FW_IPI_RECEIVED), 0), 19);
	CHECK_OK(rvpmu_counter_start(&f.h, 19, 1, SBI_PMU_START_SET_INIT_VALUE, v), 0);
	rvpmu_fw_event(&f.h, SBI_PMU_FW_IPI_RECEIVED);
#if RVPMU_XLEN == 32
	CHECK_OK(rvpmu_counter_fw_read(&f.h, 19), 0x2345678a);
	CHECK_OK(rvpmu_counter_fw_read_hi(&f.h, 19), 0x1);
#else
	CHECK_OK(rvpmu_counter_fw_read(&f.h, 19), v + 1);
	CHECK_OK(rvpmu_counter_fw_read_hi(&f.h, 19), 0);
#endif
}

static void implementation_event_counts_the_difference(void)
{
	struct fx f;

	fx_std(&f);
	f.sim.impl[1] = 1000;
	CHECK_EQ(fx_match(&f, AUTO, SBI_PMU_FW_EVENT(257), 0), 19);
	f.sim.impl[1] += 25;
	CHECK_OK(rvpmu_counter_fw_read(&f.h, 19), 25);
	CHECK_OK(rvpmu_counter_stop(&f.h, 19, 1, 0), 0);
	f.sim.impl[1] += 100;
	CHECK_OK(rvpmu_counter_fw_read(&f.h, 19), 25);
	CHECK_OK(rvpmu_counter_start(&f.h, 19, 1, 0, 0), 0);
	f.sim.impl[1] += 5;
	CHECK_OK(rvpmu_counter_fw_read(&f.h, 19), 30);
	CHECK_ERR(rvpmu_counter_start(&f.h, 19, 1, 0, 0), SBI_ERR_ALREADY_STARTED);
}

static void platform_event_uses_event_data(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, AUTO, SBI_PMU_FW_EVENT(SBI_PMU_FW_PLATFORM), 2), 19);
	CHECK_EQ(fx_match(&f, AUTO, SBI_PMU_FW_EVENT(SBI_PMU_FW_PLATFORM), 3), 20);
	f.sim.plat[2] += 7;
	f.sim.plat[3] += 9;
	CHECK_OK(rvpmu_counter_fw_read(&f.h, 19), 7);
	CHECK_OK(rvpmu_counter_fw_read(&f.h, 20), 9);
	CHECK_OK(rvpmu_counter_stop(&f.h, 19, 3, SBI_PMU_STOP_RESET), 0);
	CHECK_EQ(f.h.configured, 0);
}

static void fw_counter_keeps_value_across_reuse(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, AUTO, SBI_PMU_FW_EVENT(SBI_PMU_FW_ILLEGAL_INSN), 0), 19);
	rvpmu_fw_event(&f.h, SBI_PMU_FW_ILLEGAL_INSN);
	CHECK_OK(rvpmu_counter_stop(&f.h, 19, 1, SBI_PMU_STOP_RESET), 0);
	CHECK_OK(rvpmu_counter_fw_read(&f.h, 19), 1);
	/* reconfigured without CLEAR_VALUE: the value carries on */
	CHECK_EQ(fx_match(&f, SBI_PMU_CFG_FLAG_AUTO_START, SBI_PMU_FW_EVENT(SBI_PMU_FW_ACCESS_LOAD), 0), 19);
	rvpmu_fw_event(&f.h, SBI_PMU_FW_ILLEGAL_INSN);
	rvpmu_fw_event(&f.h, SBI_PMU_FW_ACCESS_LOAD);
	CHECK_OK(rvpmu_counter_fw_read(&f.h, 19), 2);
}

/* A set of firmware counters started and stopped together: standard and
   platform events each count from the value they kept. */
static void firmware_set_starts_from_kept_values(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), 0), 19);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_FW_EVENT(SBI_PMU_FW_PLATFORM), 2), 20);
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), 0), 21);
	f.h.fw_value[0] = 10;
	f.h.fw_value[1] = 20;
	CHECK_OK(rvpmu_counter_start(&f.h, 19, 7, 0, 0), 0);
	CHECK_EQ(f.h.started, BIT64(19) | BIT64(20) | BIT64(21));
	CHECK_EQ(f.h.fw_counting[SBI_PMU_FW_SET_TIMER].by.ctrs, 5);	/* counters 19, 21 */
	rvpmu_fw_event(&f.h, SBI_PMU_FW_SET_TIMER);
	f.sim.plat[2] += 4;
	CHECK_OK(rvpmu_counter_fw_read(&f.h, 19), 11);
	CHECK_OK(rvpmu_counter_fw_read(&f.h, 20), 24);
	CHECK_OK(rvpmu_counter_fw_read(&f.h, 21), 1);
	CHECK_ERR(rvpmu_counter_start(&f.h, 19, 7, 0, 0), SBI_ERR_ALREADY_STARTED);
	CHECK_OK(rvpmu_counter_stop(&f.h, 19, 7, 0), 0);
	CHECK_EQ(f.h.fw_counting[SBI_PMU_FW_SET_TIMER].by.ctrs, 0);
	f.sim.plat[2] += 4;
	CHECK_OK(rvpmu_counter_fw_read(&f.h, 20), 24);
}

static void all_firmware_counters_at_once(void)
{
	struct fx f;
	int i;

	fx_std(&f);
	for (i = 0; i < 16; i++)
		CHECK_OK(rvpmu_counter_config_matching(&f.h, 19, 0xffff, AUTO,
						       SBI_PMU_FW_EVENT(SBI_PMU_FW_FENCE_I_SENT), 0), 19 + i);
	CHECK_ERR(rvpmu_counter_config_matching(&f.h, 19, 0xffff, AUTO,
						SBI_PMU_FW_EVENT(SBI_PMU_FW_FENCE_I_SENT), 0),
		  SBI_ERR_NOT_SUPPORTED);
	rvpmu_fw_event(&f.h, SBI_PMU_FW_FENCE_I_SENT);
	for (i = 19; i < 35; i++)
		CHECK_OK(rvpmu_counter_fw_read(&f.h, i), 1);
	CHECK_OK(rvpmu_counter_stop(&f.h, 19, 0xffff, SBI_PMU_STOP_RESET), 0);
	CHECK_EQ(f.h.fw_counting[SBI_PMU_FW_FENCE_I_SENT].by.ctrs, 0);
}

static const struct t_case cases[] = {
	T(every_standard_event_counts_exactly),
	T(two_counters_on_one_event),
	T(event_site_is_idle_when_nothing_counts),
	T(fw_read_rejects_hardware_and_bad_indices),
	T(fw_read_hi_gives_the_upper_half),
	T(implementation_event_counts_the_difference),
	T(platform_event_uses_event_data),
	T(firmware_set_starts_from_kept_values),
	T(fw_counter_keeps_value_across_reuse),
	T(all_firmware_counters_at_once),
};

void suite_fw(void)
{
	T_RUN(cases);
}
