/* SPDX-License-Identifier: BSD-2-Clause */
#include "fixture.h"
#include "lib/names.h"

static void standard_names(void)
{
	char b[RVPMU_EVENT_NAME_MAX];

	CHECK(!strcmp(rvpmu_event_name(FX_CYCLES, b), "cycles"));
	CHECK(!strcmp(rvpmu_event_name(SBI_PMU_HW_REF_CPU_CYCLES, b), "ref-cycles"));
	CHECK(!strcmp(rvpmu_event_name(SBI_PMU_DTLB_READ_MISS, b), "dtlb-read-miss"));
	CHECK(!strcmp(rvpmu_event_name(SBI_PMU_CACHE_EVENT(6, 2, 0), b), "node-prefetch-access"));
	CHECK(!strcmp(rvpmu_event_name(SBI_PMU_FW_EVENT(5), b), "fw:set_timer"));
	CHECK(!strcmp(rvpmu_event_name(SBI_PMU_FW_EVENT(21), b), "fw:hfence_vvma_asid_received"));
	CHECK(!strcmp(rvpmu_event_name(SBI_PMU_FW_EVENT(0xffff), b), "fw:platform"));
	CHECK(!strcmp(rvpmu_event_name(SBI_PMU_FW_EVENT(RVPMU_FW_SBI_CALLS), b), "fw:sbi_calls"));
	CHECK(!strcmp(rvpmu_event_name(SBI_PMU_FW_EVENT(RVPMU_FW_M_TRAPS), b), "fw:m_traps"));
	CHECK(!strcmp(rvpmu_event_name(SBI_PMU_FW_EVENT(0x102), b), "fw:impl-0x102"));
	CHECK(!strcmp(rvpmu_event_name(SBI_PMU_FW_EVENT(22), b), "fw:reserved-0x16"));
	CHECK(!strcmp(rvpmu_event_name(SBI_PMU_RAW_EVENT, b), "raw"));
	CHECK(!strcmp(rvpmu_event_name(SBI_PMU_RAW_V2_EVENT, b), "raw2"));
	CHECK(!strcmp(rvpmu_event_name(11, b), "event-0xb"));
	CHECK(!strcmp(rvpmu_event_name(0xffffffff, b), "event-0xffffffff"));
	CHECK(!strcmp(rvpmu_event_name(SBI_PMU_CACHE_EVENT(3, 3, 0), b), "event-0x1001e"));
	CHECK(rvpmu_fw_event_name(22) == NULL);
}

static void mode_modifiers(void)
{
	char b[RVPMU_EVENT_NAME_MAX];

	CHECK(!strcmp(rvpmu_event_name_mode(FX_INSTRET, true, true, b), "instructions"));
	CHECK(!strcmp(rvpmu_event_name_mode(FX_INSTRET, false, false, b), "instructions"));
	CHECK(!strcmp(rvpmu_event_name_mode(FX_INSTRET, true, false, b), "instructions:u"));
	CHECK(!strcmp(rvpmu_event_name_mode(FX_INSTRET, false, true, b), "instructions:k"));
	/* the longest name with a modifier still fits */
	CHECK(!strcmp(rvpmu_event_name_mode(SBI_PMU_FW_EVENT(21), false, true, b),
		      "fw:hfence_vvma_asid_received:k"));
}

static const struct t_case cases[] = {
	T(standard_names),
	T(mode_modifiers),
};

void suite_names(void)
{
	T_RUN(cases);
}
