/* SPDX-License-Identifier: BSD-2-Clause */
/* Several harts: state is per hart, the map and config are shared. */
#include "fixture.h"
#include "core/internal.h"

#define NH 4

struct four {
	struct sim_hart sim[NH];
	struct rvpmu_map map;
	struct rvpmu_config cfg;
	struct rvpmu_hart h[NH];
};

static struct four *four_init(unsigned int hpm_of_last)
{
	static struct four x;
	int i;

	fx_map(&x.map);
	x.cfg = (struct rvpmu_config){ &sim_hw_ops, &sim_mem_ops, &sim_fw_ops, &x.map, 16 };
	for (i = 0; i < NH; i++) {
		sim_hart_init(&x.sim[i], i == NH - 1 ? hpm_of_last : 16, 64, true);
		CHECK_EQ(rvpmu_hart_init(&x.h[i], &x.cfg, &x.sim[i]), 0);
	}
	return &x;
}

static void mappings_are_per_hart(void)
{
	struct four *x = four_init(16);
	int i;

	for (i = 0; i < NH; i++)
		CHECK_OK(rvpmu_counter_config_matching(&x->h[i], 0, 0x7fff8, 0,
						       SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_OK(rvpmu_counter_start(&x->h[1], 3, 1, SBI_PMU_START_SET_INIT_VALUE, 0), 0);
	CHECK_EQ(x->h[0].started, 0);
	CHECK_EQ(x->h[1].started, BIT64(3));
	CHECK_ERR(rvpmu_counter_start(&x->h[1], 3, 1, 0, 0), SBI_ERR_ALREADY_STARTED);
	CHECK_OK(rvpmu_counter_start(&x->h[2], 3, 1, 0, 0), 0);
	sim_event(&x->sim[1], SBI_PMU_DTLB_READ_MISS, 4);
	CHECK_EQ(x->sim[1].ctr[3], 4);
	CHECK(x->sim[0].inhibit & (1u << 3));
	for (i = 0; i < NH; i++)
		CHECK_EQ(x->sim[i].faults, 0);
}

static void firmware_events_count_on_their_hart(void)
{
	struct four *x = four_init(16);
	int i;

	for (i = 0; i < NH; i++)
		CHECK_OK(rvpmu_counter_config_matching(&x->h[i], 19, 1,
						       SBI_PMU_CFG_FLAG_AUTO_START |
						       SBI_PMU_CFG_FLAG_CLEAR_VALUE,
						       SBI_PMU_FW_EVENT(SBI_PMU_FW_IPI_RECEIVED), 0), 19);
	/* hart 0 sends an IPI to harts 1..3; each counts its own receive */
	for (i = 1; i < NH; i++)
		rvpmu_fw_event(&x->h[i], SBI_PMU_FW_IPI_RECEIVED);
	rvpmu_fw_event(&x->h[3], SBI_PMU_FW_IPI_RECEIVED);
	CHECK_OK(rvpmu_counter_fw_read(&x->h[0], 19), 0);
	CHECK_OK(rvpmu_counter_fw_read(&x->h[1], 19), 1);
	CHECK_OK(rvpmu_counter_fw_read(&x->h[3], 19), 2);
}

static void snapshot_areas_are_per_hart(void)
{
	struct four *x = four_init(16);

	CHECK_OK(rvpmu_snapshot_set_shmem(&x->h[0], FX_SHMEM, 0, 0), 0);
	CHECK(x->h[0].shmem_on);
	CHECK(!x->h[1].shmem_on);
	CHECK_OK(rvpmu_counter_config_matching(&x->h[1], 0, 0x8, 0, SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_ERR(rvpmu_counter_start(&x->h[1], 3, 1, SBI_PMU_START_INIT_SNAPSHOT, 0),
		  SBI_ERR_NO_SHMEM);
}

static void harts_may_differ(void)
{
	struct four *x = four_init(4);

	CHECK_OK(rvpmu_num_counters(&x->h[0]), 35);
	CHECK_OK(rvpmu_num_counters(&x->h[NH - 1]), 23);
	/* 4 hpm counters (3..6): counter 7 is its first firmware counter */
	CHECK_OK(rvpmu_counter_get_info(&x->h[NH - 1], 7),
		 (rvpmu_ulong)1 << (RVPMU_XLEN - 1) | (63ul << 12));
	CHECK_EQ(rvpmu_counter_get_info(&x->h[0], 7).value, (CSR_CYCLE + 7) | (63ul << 12));
	CHECK_OK(rvpmu_counter_config_matching(&x->h[NH - 1], 0, 0xff0, 0, SBI_PMU_FW_EVENT(3), 0), 7);
}

static const struct t_case cases[] = {
	T(mappings_are_per_hart),
	T(firmware_events_count_on_their_hart),
	T(snapshot_areas_are_per_hart),
	T(harts_may_differ),
};

void suite_harts(void)
{
	T_RUN(cases);
}
