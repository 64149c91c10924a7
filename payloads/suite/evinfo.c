/* SPDX-License-Identifier: BSD-2-Clause */
/* event_get_info (SBI 3.0). */
#include "suite.h"

static struct sbi_pmu_event_info e[64] __attribute__((aligned(16)));

struct want {
	unsigned long event;
	uint64_t data;
	int supported;		/* 1 yes, 0 no, -1 the platform's choice */
	char tag;
	const char *what;
};

static const struct want wants[] = {
	{ SBI_PMU_HW_CPU_CYCLES, 0, 1, SPEC, "cycles" },
	{ SBI_PMU_HW_INSTRUCTIONS, 0, 1, SPEC, "instructions" },
	{ SBI_PMU_HW_NO_EVENT, 0, 0, IMPL, "no event (code 0)" },
	{ 11, 0, 0, SPEC, "general code 11 (undefined)" },
	{ SBI_PMU_DTLB_READ_MISS, 0, 1, IMPL, "dTLB read misses (QEMU's DT)" },
	{ SBI_PMU_CACHE_EVENT(0, 0, 0), 0, 0, IMPL, "L1D read accesses (not on QEMU)" },
	{ SBI_PMU_CACHE_EVENT(3, 3, 1), 0, 0, SPEC, "cache op 3 (undefined)" },
	{ SBI_PMU_RAW_EVENT, 0x1234, 0, IMPL, "raw v1 without a raw row" },
	{ SBI_PMU_RAW_V2_EVENT, 0x1234, 0, IMPL, "raw v2 without a raw row" },
	{ SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), 0, 1, IMPL, "firmware set_timer" },
	{ SBI_PMU_FW_EVENT(SBI_PMU_FW_HFENCE_VVMA_ASID_RECEIVED), 0, 1, IMPL, "firmware code 21" },
	{ SBI_PMU_FW_EVENT(22), 0, 0, SPEC, "firmware code 22 (reserved)" },
	{ SBI_PMU_FW_EVENT(SBI_PMU_FW_PLATFORM), 0, 0, IMPL, "platform firmware event (none on QEMU)" },
	{ SBI_PMU_EVENT_IDX(6, 0), 0, 0, SPEC, "event type 6 (undefined)" },
};

/*
 * An entry whose event_idx has a reserved bit [31:20] set makes the whole
 * call INVALID_PARAM (v3.0 error table), wherever it is in the array, and
 * an error leaves S-mode's memory untouched: no output is written.
 */
static void reserved_bits(unsigned long pa)
{
	static const uint32_t bad[] = { 0x00100001u, 0x800F0005u };
	unsigned int i, at, k;
	bool err = true, untouched = true;

	for (i = 0; i < 2; i++) {
		for (at = 0; at < 3; at++) {
			e[0] = (struct sbi_pmu_event_info){ SBI_PMU_HW_CPU_CYCLES, 0xabcd0000u, 0 };
			e[1] = (struct sbi_pmu_event_info){ SBI_PMU_HW_INSTRUCTIONS, 0xabcd0000u, 0 };
			e[2] = (struct sbi_pmu_event_info){ SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER),
							    0xabcd0000u, 0 };
			e[at].event_idx = bad[i];
			err &= sbi_pmu_event_info(pa, 0, 3, 0).error == SBI_ERR_INVALID_PARAM;
			for (k = 0; k < 3; k++)
				untouched &= e[k].output == 0xabcd0000u;
		}
	}
	t_check(SPEC, err, "event_get_info: an event_idx with reserved bits (0x00100001, "
		"0x800F0005) first, mid or last is INVALID_PARAM");
	t_check(SPEC, untouched, "event_get_info: INVALID_PARAM writes no output");
}

void suite_event_info(void)
{
	const unsigned int n = sizeof(wants) / sizeof(wants[0]);
	unsigned long pa = (unsigned long)e;
	unsigned int i;
	struct sbiret r;

	r = sbi_pmu_event_info(pa, 0, 1, 0);
	if (r.error == SBI_ERR_NOT_SUPPORTED && S.spec < SBI_SPEC_VERSION(3, 0))
		t_skip_begin("event_get_info is NOT_SUPPORTED (an SBI 3.0 function)");
	t_check(SPEC, sbi_pmu_event_info(pa, 0, 1, 1).error == SBI_ERR_INVALID_PARAM,
		"event_get_info: flags != 0 is INVALID_PARAM");
	t_check(SPEC, sbi_pmu_event_info(pa + 8, 0, 1, 0).error == SBI_ERR_INVALID_PARAM,
		"event_get_info: not 16-byte aligned is INVALID_PARAM");
	t_check(IMPL, sbi_pmu_event_info(pa, 0, 0, 0).error == SBI_ERR_INVALID_PARAM,
		"event_get_info: zero entries is INVALID_PARAM");
#if XLEN == 64
	t_check(IMPL, sbi_pmu_event_info(pa, 0, 1ul << 62, 0).error == SBI_ERR_INVALID_PARAM,
		"event_get_info: num_entries * 16 overflowing is INVALID_PARAM");
#else
	t_check(IMPL, sbi_pmu_event_info(pa, 0, 1ul << 30, 0).error == SBI_ERR_INVALID_ADDRESS,
		"event_get_info: 16 GiB of entries is INVALID_ADDRESS");
#endif
	t_check(SPEC, sbi_pmu_event_info(FW_BASE_PA, 0, 1, 0).error == SBI_ERR_INVALID_ADDRESS,
		"event_get_info: firmware memory is INVALID_ADDRESS");
	t_check(SPEC, sbi_pmu_event_info(0x1000, 0, 1, 0).error == SBI_ERR_INVALID_ADDRESS,
		"event_get_info: an address that is not RAM is INVALID_ADDRESS");
	for (i = 0; i < n; i++) {
		e[i].event_idx = (uint32_t)wants[i].event;
		e[i].output = 0xfffffffe;
		e[i].event_data = wants[i].data;
	}
	r = sbi_pmu_event_info(pa, 0, n, 0);
	t_check(SPEC, r.error == 0, "event_get_info for %u entries", n);
	for (i = 0; i < n; i++) {
		int want = wants[i].supported;

		/* dTLB misses need an hpm counter that counts them */
		if (wants[i].event == SBI_PMU_DTLB_READ_MISS && !S.dtlb)
			want = 0;
		t_check(wants[i].tag, e[i].output == (uint32_t)want,
			"event_get_info: %s is %ssupported%s (output 0x%x)", wants[i].what,
			want ? "" : "not ", want == wants[i].supported ? "" : " (no hpm counter for it)",
			(unsigned int)e[i].output);
	}
	for (i = 0; i < n && e[i].event_idx == (uint32_t)wants[i].event &&
		    e[i].event_data == wants[i].data; i++)
		;
	t_check(SPEC, i == n, "event_get_info leaves event_idx and event_data as they were");
	/* supported <=> config_matching can give the event a counter */
	for (i = 0; i < 9; i++) {
		long c = cfg(0, wants[i].event, wants[i].data);

		release(c);
		if ((c >= 0) != (e[i].output == 1))
			break;
	}
	t_check(IMPL, i == 9, "event_get_info agrees with config_matching");
	reserved_bits(pa);
	t_skip_end();
}
