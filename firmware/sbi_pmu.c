/* SPDX-License-Identifier: BSD-2-Clause */
/* PMU extension (EID 0x504D55): unpack the registers, call the core. On
   RV32 a 64-bit argument comes in two registers, low half first. */
#include "fw.h"

#if __riscv_xlen == 64
#define U64(lo, hi) ((void)(hi), (uint64_t)(lo))
#else
#define U64(lo, hi) (((uint64_t)(hi) << 32) | (lo))
#endif

static struct sbiret from(struct rvpmu_ret r)
{
	struct sbiret s = { r.error, r.value };
	return s;
}

struct sbiret sbi_pmu_ecall(unsigned long fid, unsigned long a0, unsigned long a1,
			    unsigned long a2, unsigned long a3, unsigned long a4,
			    unsigned long a5)
{
	struct rvpmu_hart *h = &this_hart()->pmu;
	struct sbiret ns = { SBI_ERR_NOT_SUPPORTED, 0 };

	switch (fid) {
	case SBI_PMU_NUM_COUNTERS:
		return from(rvpmu_num_counters(h));
	case SBI_PMU_COUNTER_GET_INFO:
		return from(rvpmu_counter_get_info(h, a0));
	case SBI_PMU_COUNTER_CONFIG_MATCHING:
		return from(rvpmu_counter_config_matching(h, a0, a1, a2, a3, U64(a4, a5)));
	case SBI_PMU_COUNTER_START:
		return from(rvpmu_counter_start(h, a0, a1, a2, U64(a3, a4)));
	case SBI_PMU_COUNTER_STOP:
		return from(rvpmu_counter_stop(h, a0, a1, a2));
	case SBI_PMU_COUNTER_FW_READ:
		return from(rvpmu_counter_fw_read(h, a0));
	case SBI_PMU_COUNTER_FW_READ_HI:
		return from(rvpmu_counter_fw_read_hi(h, a0));
	case SBI_PMU_SNAPSHOT_SET_SHMEM:
		return from(rvpmu_snapshot_set_shmem(h, a0, a1, a2));
	case SBI_PMU_EVENT_GET_INFO:
		return from(rvpmu_event_get_info(h, a0, a1, a2, a3));
	}
	return ns;
}
