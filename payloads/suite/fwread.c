/* SPDX-License-Identifier: BSD-2-Clause */
/* counter_fw_read / counter_fw_read_hi. */
#include "suite.h"

void suite_fwread(void)
{
	long f = cfg(SBI_PMU_CFG_FLAG_CLEAR_VALUE, SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), 0);
	long h = first_hpm();

	t_check(SPEC, sbi_pmu_fw_read((unsigned long)f).error == 0, "fw_read of a firmware counter");
	t_check(SPEC, sbi_pmu_fw_read(0).error == SBI_ERR_INVALID_PARAM,
		"fw_read of the cycle counter is INVALID_PARAM");
	t_check(SPEC, sbi_pmu_fw_read((unsigned long)h).error == SBI_ERR_INVALID_PARAM,
		"fw_read of an hpm counter is INVALID_PARAM");
	t_check(SPEC, sbi_pmu_fw_read(S.m.num).error == SBI_ERR_INVALID_PARAM,
		"fw_read(num_counters) is INVALID_PARAM");
	t_check(SPEC, sbi_pmu_fw_read(ALL1).error == SBI_ERR_INVALID_PARAM,
		"fw_read(-1) is INVALID_PARAM");
	{
		struct sbiret r;

		if (S.spec < SBI_SPEC_VERSION(2, 0))
			t_skip_begin("fw_read_hi is an SBI 2.0 function");
		sbi_pmu_start((unsigned long)f, 1, SBI_PMU_START_SET_INIT_VALUE, UINT64_C(0x500000007));
		r = sbi_pmu_fw_read_hi((unsigned long)f);
		t_check(SPEC, r.error == 0, "fw_read_hi of a firmware counter");
		t_check(SPEC, sbi_pmu_fw_read_hi((unsigned long)h).error == SBI_ERR_INVALID_PARAM,
			"fw_read_hi of a hardware counter is INVALID_PARAM");
#if XLEN == 64
		t_check(SPEC, r.value == 0 && sbi_pmu_fw_read((unsigned long)f).value == 0x500000007ul,
			"RV64: fw_read has all 64 bits, fw_read_hi is 0");
#else
		t_check(SPEC, r.value == 5 && sbi_pmu_fw_read((unsigned long)f).value == 7,
			"RV32: fw_read has the low half, fw_read_hi the high half");
#endif
		t_skip_end();
	}
	release(f);
}
