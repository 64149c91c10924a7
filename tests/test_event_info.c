/* SPDX-License-Identifier: BSD-2-Clause */
/* event_get_info: argument checks and the answer for every event kind. */
#include "fixture.h"
#include "core/internal.h"

#define INFO_PA (SIM_RAM_BASE + 0x9000)

static struct sbi_pmu_event_info *entries(struct fx *f)
{
	return sim_ram(&f->sim, INFO_PA);
}

static void arguments_are_checked(void)
{
	struct fx f;

	fx_std(&f);
	CHECK_ERR(rvpmu_event_get_info(&f.h, INFO_PA, 0, 1, 1), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_event_get_info(&f.h, INFO_PA, 0, 1, (rvpmu_ulong)1 << (RVPMU_XLEN - 1)),
		  SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_event_get_info(&f.h, INFO_PA + 8, 0, 1, 0), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_event_get_info(&f.h, INFO_PA + 4, 0, 1, 0), SBI_ERR_INVALID_PARAM);
	CHECK_ERR(rvpmu_event_get_info(&f.h, INFO_PA, 0, 0, 0), SBI_ERR_INVALID_PARAM);
#if RVPMU_XLEN == 64
	/* num_entries * 16 does not fit */
	CHECK_ERR(rvpmu_event_get_info(&f.h, INFO_PA, 0, UINT64_C(1) << 60, 0),
		  SBI_ERR_INVALID_PARAM);
#endif
	CHECK_EQ(f.sim.faults, 0);
}

static void addresses_are_checked(void)
{
	struct fx f;
	rvpmu_ulong end = (rvpmu_ulong)(SIM_RAM_BASE + SIM_RAM_SIZE);

	fx_std(&f);
	CHECK_ERR(rvpmu_event_get_info(&f.h, (rvpmu_ulong)SIM_RAM_BASE, 0, 1, 0),
		  SBI_ERR_INVALID_ADDRESS);
	CHECK_ERR(rvpmu_event_get_info(&f.h, 0x1000, 0, 1, 0), SBI_ERR_INVALID_ADDRESS);
	/* the array runs off the end of RAM */
	CHECK_ERR(rvpmu_event_get_info(&f.h, end - 32, 0, 3, 0), SBI_ERR_INVALID_ADDRESS);
	CHECK_OK(rvpmu_event_get_info(&f.h, end - 32, 0, 2, 0), 0);
	/* the array starts in RAM and ends in the firmware */
	CHECK_ERR(rvpmu_event_get_info(&f.h, (rvpmu_ulong)(SIM_RAM_BASE + SIM_FW_SIZE - 16),
				       0, 2, 0), SBI_ERR_INVALID_ADDRESS);
	CHECK_ERR(rvpmu_event_get_info(&f.h, INFO_PA, 1, 1, 0), SBI_ERR_INVALID_ADDRESS);
	CHECK_ERR(rvpmu_event_get_info(&f.h, ~(rvpmu_ulong)0xf, 0, 2, 0), SBI_ERR_INVALID_ADDRESS);
	CHECK_EQ(f.sim.faults, 0);
}

struct want {
	uint32_t event;
	uint64_t data;
	uint32_t supported;
};

static void answers_for_every_kind(void)
{
	static const struct want w[] = {
		{ FX_CYCLES, 0, 1 },
		{ FX_INSTRET, 0, 1 },
		{ SBI_PMU_HW_NO_EVENT, 0, 0 },
		{ SBI_PMU_HW_CACHE_MISSES, 0, 1 },
		{ SBI_PMU_HW_BUS_CYCLES, 0, 0 },
		{ 11, 0, 0 },
		{ SBI_PMU_DTLB_READ_MISS, 0, 1 },
		{ FX_ITLB_RD_MISS, 0, 1 },
		{ SBI_PMU_CACHE_EVENT(0, 0, 0), 0, 0 },
		{ SBI_PMU_CACHE_EVENT(3, 3, 1), 0, 0 },
		/* event_data is ignored for general and cache events */
		{ SBI_PMU_DTLB_READ_MISS, 0xdead, 1 },
		{ SBI_PMU_RAW_EVENT, 0x1234, 1 },
		{ SBI_PMU_RAW_EVENT, 0x2077, 1 },
		{ SBI_PMU_RAW_EVENT, 0x3077, 0 },
		{ SBI_PMU_RAW_EVENT | 5, 0x1234, 0 },
		{ SBI_PMU_RAW_V2_EVENT, 0x2077, 1 },
		{ SBI_PMU_RAW_V2_EVENT, UINT64_C(0x42000000000077), RVPMU_XLEN == 64 },
		{ SBI_PMU_RAW_EVENT, UINT64_C(0x42000000000077), 0 },
		{ SBI_PMU_FW_EVENT(0), 0, 1 },
		{ SBI_PMU_FW_EVENT(21), 0, 1 },
		{ SBI_PMU_FW_EVENT(5), 1, 0 },
		{ SBI_PMU_FW_EVENT(22), 0, 0 },
		{ SBI_PMU_FW_EVENT(256), 0, 1 },
		{ SBI_PMU_FW_EVENT(300), 0, 0 },
		{ SBI_PMU_FW_EVENT(SBI_PMU_FW_PLATFORM), 1, 1 },
		{ SBI_PMU_FW_EVENT(SBI_PMU_FW_PLATFORM), 99, 0 },
		{ SBI_PMU_EVENT_IDX(7, 1), 0, 0 },
	};
	const unsigned int n = sizeof(w) / sizeof(w[0]);
	struct fx f;
	struct sbi_pmu_event_info *e;
	unsigned int i;

	fx_std(&f);
	e = entries(&f);
	for (i = 0; i < n; i++) {
		e[i].event_idx = w[i].event;
		e[i].output = 0xfffffffe;	/* reserved bits must come back 0 */
		e[i].event_data = w[i].data;
	}
	CHECK_OK(rvpmu_event_get_info(&f.h, INFO_PA, 0, n, 0), 0);
	for (i = 0; i < n; i++) {
		if (e[i].output != w[i].supported)
			printf("#   entry %u (event 0x%x data 0x%llx): got %u\n", i,
			       w[i].event, (unsigned long long)w[i].data, e[i].output);
		CHECK_EQ(e[i].output, w[i].supported);
		/* read-only words stay as they were */
		CHECK_EQ(e[i].event_idx, w[i].event);
		CHECK_EQ(e[i].event_data, w[i].data);
	}
	CHECK_EQ(f.h.configured, 0);
}

/* Bits [31:20] of an entry's event_idx are reserved: INVALID_PARAM for the
   whole call, and no entry's output written, wherever the bad entry is. */
static void reserved_event_idx_bits_are_invalid(void)
{
	static const uint32_t bad[] = { 0x00100001u, 0x800F0005u, FX_CYCLES | 0xFFF00000u };
	struct fx f;
	struct sbi_pmu_event_info *e;
	unsigned int i, at;

	fx_std(&f);
	e = entries(&f);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		for (at = 0; at < 3; at++) {
			e[0] = (struct sbi_pmu_event_info){ FX_CYCLES, 0xabcdef01u, 0 };
			e[1] = (struct sbi_pmu_event_info){ FX_INSTRET, 0xabcdef01u, 0 };
			e[2] = (struct sbi_pmu_event_info){ SBI_PMU_FW_EVENT(1), 0xabcdef01u, 0 };
			e[at].event_idx = bad[i];
			CHECK_ERR(rvpmu_event_get_info(&f.h, INFO_PA, 0, 3, 0),
				  SBI_ERR_INVALID_PARAM);
			CHECK_EQ(e[0].output, 0xabcdef01u);
			CHECK_EQ(e[1].output, 0xabcdef01u);
			CHECK_EQ(e[2].output, 0xabcdef01u);
			CHECK_EQ(e[at].event_idx, bad[i]);
		}
	}
	/* the same entries without the bad one are answered */
	e[0].event_idx = FX_CYCLES;
	CHECK_OK(rvpmu_event_get_info(&f.h, INFO_PA, 0, 2, 0), 0);
	CHECK_EQ(e[0].output, 1);
	CHECK_EQ(e[1].output, 1);
	CHECK_EQ(f.sim.faults, 0);
}

static void answer_does_not_depend_on_busy_counters(void)
{
	struct fx f;
	struct sbi_pmu_event_info *e;
	int i;

	fx_std(&f);
	for (i = 3; i <= 18; i++)
		CHECK_EQ(fx_match(&f, 0, SBI_PMU_DTLB_READ_MISS, 0), i);
	e = entries(&f);
	e[0] = (struct sbi_pmu_event_info){ FX_ITLB_RD_MISS, 0, 0 };
	CHECK_OK(rvpmu_event_get_info(&f.h, INFO_PA, 0, 1, 0), 0);
	CHECK_EQ(e[0].output, 1);
}

static void supported_means_config_matching_succeeds(void)
{
	static const uint32_t evs[] = {
		FX_CYCLES, FX_INSTRET, SBI_PMU_HW_CACHE_MISSES, SBI_PMU_HW_BRANCH_MISSES,
		SBI_PMU_HW_BUS_CYCLES, SBI_PMU_DTLB_READ_MISS, FX_DTLB_WR_MISS, FX_ITLB_RD_MISS,
		SBI_PMU_CACHE_EVENT(0, 0, 1), SBI_PMU_CACHE_EVENT(2, 1, 1),
	};
	struct fx f;
	struct sbi_pmu_event_info *e;
	unsigned int i, n = sizeof(evs) / sizeof(evs[0]);

	fx_std(&f);
	e = entries(&f);
	for (i = 0; i < n; i++)
		e[i] = (struct sbi_pmu_event_info){ evs[i], 0, 0 };
	CHECK_OK(rvpmu_event_get_info(&f.h, INFO_PA, 0, n, 0), 0);
	for (i = 0; i < n; i++) {
		long c = fx_match(&f, 0, evs[i], 0);

		CHECK_EQ(c >= 0, e[i].output);
		if (c >= 0)
			CHECK_EQ(rvpmu_counter_stop(&f.h, c, 1, SBI_PMU_STOP_RESET).error,
				 SBI_ERR_ALREADY_STOPPED);
	}
}

static void linux_6_18_boot_probe_of_52_events(void)
{
	struct fx f;
	struct sbi_pmu_event_info *e;
	unsigned int i, n = 0, yes = 0;

	fx_std(&f);
	e = entries(&f);
	for (i = 1; i <= SBI_PMU_HW_GENERAL_MAX; i++)
		e[n++] = (struct sbi_pmu_event_info){ i, 0, 0 };
	for (i = 0; i <= SBI_PMU_HW_CACHE_ID_MAX; i++) {
		unsigned int op, res;

		for (op = 0; op <= SBI_PMU_HW_CACHE_OP_MAX; op++)
			for (res = 0; res < 2; res++)
				if (n < 52)
					e[n++] = (struct sbi_pmu_event_info){
						SBI_PMU_CACHE_EVENT(i, op, res), 0, 0 };
	}
	CHECK_EQ(n, 52);
	CHECK_OK(rvpmu_event_get_info(&f.h, INFO_PA, 0, n, 0), 0);
	for (i = 0; i < n; i++)
		yes += e[i].output;
	/* cycles, instret, 3..6 via the 3..6 row, DTLB rd/wr miss, ITLB rd miss */
	CHECK_EQ(yes, 9);
}

static const struct t_case cases[] = {
	T(arguments_are_checked),
	T(addresses_are_checked),
	T(answers_for_every_kind),
	T(reserved_event_idx_bits_are_invalid),
	T(answer_does_not_depend_on_busy_counters),
	T(supported_means_config_matching_succeeds),
	T(linux_6_18_boot_probe_of_52_events),
};

void suite_event_info(void)
{
	T_RUN(cases);
}
