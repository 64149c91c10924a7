/* SPDX-License-Identifier: BSD-2-Clause */
/* PMU extension (EID 0x504D55): unpack the registers, call the core. On
   RV32 a 64-bit argument comes in two registers, low half first. */
#include "fw.h"

#if __riscv_xlen == 64
#define U64(lo, hi) ((void)(hi), (uint64_t)(lo))
#else
#define U64(lo, hi) (((uint64_t)(hi) << 32) | (lo))
#endif

SBI_HANDLER(sbi_pmu_ecall)
{
	struct rvpmu_hart *pmu = &h->pmu;
	struct sbiret ns = { SBI_ERR_NOT_SUPPORTED, 0 };

	switch (fid) {
	case SBI_PMU_NUM_COUNTERS:
		return rvpmu_num_counters(pmu);
	case SBI_PMU_COUNTER_GET_INFO:
		return rvpmu_counter_get_info(pmu, a0);
	case SBI_PMU_COUNTER_CONFIG_MATCHING:
		return rvpmu_counter_config_matching(pmu, a0, a1, a2, a3, U64(a4, a5));
	case SBI_PMU_COUNTER_START:
		return rvpmu_counter_start(pmu, a0, a1, a2, U64(a3, a4));
	case SBI_PMU_COUNTER_STOP:
		return rvpmu_counter_stop(pmu, a0, a1, a2);
	case SBI_PMU_COUNTER_FW_READ:
		return rvpmu_counter_fw_read(pmu, a0);
	case SBI_PMU_COUNTER_FW_READ_HI:
		return rvpmu_counter_fw_read_hi(pmu, a0);
	case SBI_PMU_SNAPSHOT_SET_SHMEM:
		return rvpmu_snapshot_set_shmem(pmu, a0, a1, a2);
	case SBI_PMU_EVENT_GET_INFO:
		return rvpmu_event_get_info(pmu, a0, a1, a2, a3);
	}
	return ns;
}
