/* SPDX-License-Identifier: BSD-2-Clause */
/* IPI extension: send_ipi. Each target's count is taken in its mailbox. */
#include "fw.h"

SBI_HANDLER(sbi_ipi_ecall)
{
	unsigned long mask = a0, base = a1;
	struct sbiret r = { SBI_SUCCESS, 0 };
	struct fw_hart *me = h;
	unsigned long targets;

	(void)a2, (void)a3, (void)a4, (void)a5;
	if (fid != 0) {
		r.error = SBI_ERR_NOT_SUPPORTED;
		return r;
	}
	r.error = fw_hart_mask(mask, base, &targets);
	if (r.error)
		return r;
	for (; targets; targets &= targets - 1) {
		unsigned long t = (unsigned long)__builtin_ctzl(targets);
		struct fw_hart *th = fw_hart_of(t);
		int st = __atomic_load_n(&th->hsm, __ATOMIC_ACQUIRE);

		/* a stopped hart has no S-mode to interrupt */
		if (st != HSM_STARTED && st != HSM_SUSPENDED)
			continue;
		__atomic_fetch_add(&th->ipis, 1, __ATOMIC_RELEASE);
		fw_send_ipi(t);
		rvpmu_fw_event(&me->pmu, SBI_PMU_FW_IPI_SENT);
	}
	return r;
}
