/* SPDX-License-Identifier: BSD-2-Clause */
/* IPI extension: send_ipi. Each target's count is taken in its mailbox. */
#include "csr.h"
#include "ext.h"
#include "harts.h"
#include "ipi.h"
#include "topology.h"

struct rvpmu_ret sbi_ipi_ecall(SBI_HANDLER_ARGS)
{
	struct fw_hartset set = { a0, a1 };
	struct rvpmu_ret r = { SBI_SUCCESS, 0 };
	unsigned long cur = 0;
	struct fw_hart *t;

	(void)a2, (void)a3, (void)a4, (void)a5;
	if (fid != 0) {
		r.error = SBI_ERR_NOT_SUPPORTED;
		return r;
	}
	r.error = fw_hartset_check(set);
	if (r.error)
		return r;
	while ((t = fw_hartset_next(set, &cur))) {
		/* a stopped hart has no S-mode to interrupt */
		if (!fw_hart_reachable(t))
			continue;
		rvpmu_fw_event(&h->pmu, SBI_PMU_FW_IPI_SENT);
		if (t == h) {
			/* to this hart: taken right here, no M-mode interrupt */
			csr_set(CSR_MIP, MIP_SSIP);
			rvpmu_fw_event(&h->pmu, SBI_PMU_FW_IPI_RECEIVED);
			continue;
		}
		__atomic_fetch_add(&t->ipis, 1, __ATOMIC_RELEASE);
		fw_send_ipi(t);
	}
	return r;
}
