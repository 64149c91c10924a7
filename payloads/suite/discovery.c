/* SPDX-License-Identifier: BSD-2-Clause */
/* Discovery: the extension, num_counters, counter_get_info and its gaps. */
#include "suite.h"

static void read_ctr(void *ctr)
{
	(void)value_of((long)(unsigned long)ctr);
}

void suite_discovery(void)
{
	struct sbiret r = sbi_pmu_num_counters();
	unsigned long i, bad_csr = 0, bad_width = 0, bad_rsvd = 0, fw_type = 0;
	const unsigned long rsvd = ((1ul << (XLEN - 1)) - 1) & ~0x3fffful;

	t_check(SPEC, sbi_probe(SBI_EXT_PMU) > 0, "the PMU extension is present (probe)");
	t_check(SPEC, !r.error && r.value > 0, "num_counters succeeds (%lu)", r.value);
	t_check(IMPL, S.m.num <= 64, "at most 64 counters (Linux's RISCV_MAX_COUNTERS)");
	t_check(SPEC, sbi_pmu_get_info(S.m.num).error == SBI_ERR_INVALID_PARAM,
		"get_info(num_counters) is INVALID_PARAM");
	t_check(SPEC, sbi_pmu_get_info(ALL1).error == SBI_ERR_INVALID_PARAM,
		"get_info(-1) is INVALID_PARAM");
	t_check(SPEC, sbi_pmu_get_info(S.m.num + 1000).error == SBI_ERR_INVALID_PARAM,
		"get_info far past the end is INVALID_PARAM");
	t_check(IMPL, sbi_pmu_get_info(1).error == SBI_ERR_INVALID_PARAM,
		"counter 1 (time) is a gap: INVALID_PARAM");
	for (i = 0; i < S.m.num && i < 64; i++) {
		unsigned long info = S.m.info[i];

		if (!(S.m.valid >> i & 1))
			continue;
		if (info & rsvd)
			bad_rsvd++;
		if (info >> (XLEN - 1)) {
			fw_type++;
			continue;
		}
		if (SBI_PMU_CTR_INFO_CSR(info) < CSR_CYCLE ||
		    SBI_PMU_CTR_INFO_CSR(info) > CSR_CYCLE + 31)
			bad_csr++;
		if (SBI_PMU_CTR_INFO_WIDTH(info) < 31)
			bad_width++;
	}
	t_check(SPEC, !bad_csr, "every hardware counter names a user counter CSR (cycle..hpmcounter31)");
	t_check(IMPL, !bad_width, "every hardware counter is at least 32 bits wide");
	t_check(SPEC, !bad_rsvd, "counter_info reserved bits [XLEN-2:18] are zero");
	t_check(IMPL, fw_type > 0, "firmware counters exist (%lu)", fw_type);
	t_check(IMPL, (S.m.valid & 1) && SBI_PMU_CTR_INFO_CSR(S.m.info[0]) == CSR_CYCLE &&
		SBI_PMU_CTR_INFO_WIDTH(S.m.info[0]) == 63, "counter 0 is cycle, 64 bits");
	t_check(IMPL, (S.m.valid & 4) && SBI_PMU_CTR_INFO_CSR(S.m.info[2]) == CSR_INSTRET &&
		SBI_PMU_CTR_INFO_WIDTH(S.m.info[2]) == 63, "counter 2 is instret, 64 bits");
	t_skip_if(!S.nr_hpm, WHY_NO_HPM);
	t_check(IMPL, S.m.hw_width > 0, "the first hpm counter gives a width (%u bits; Linux "
		"uses it before any counter is assigned)", S.m.hw_width);
	t_skip_end();
	t_check(IMPL, !(S.m.fw & ((UINT64_C(1) << (63 - __builtin_clzll(S.hw | 1))) - 1)),
		"firmware counters come after the hardware ones");
	/* S-mode reads hardware counters itself: mcounteren must allow it */
	for (i = 0, bad_csr = 0; i < 32; i++)
		if ((S.hw >> i & 1) && i != 1 && rt_expect_fault(read_ctr, (void *)i, 0) >= 0)
			bad_csr++;
	t_check(IMPL, !bad_csr, "every hardware counter's CSR reads from S-mode without a trap "
		"(%lu trapped)", bad_csr);
}
