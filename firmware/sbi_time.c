/* SPDX-License-Identifier: BSD-2-Clause */
/* Timer extension: stimecmp with Sstc, else the CLINT's or ACLINT MTIMER's
   mtimecmp through timer.c (without either, ecall.c does not offer TIME). */
#include "csr.h"
#include "fw.h"

static void set_timer(struct fw_hart *h, uint64_t when)
{
	rvpmu_fw_event(&h->pmu, SBI_PMU_FW_SET_TIMER);
	if (plat.sstc) {
#if __riscv_xlen == 64
		csr_write(CSR_STIMECMP, when);
#else
		csr_write(CSR_STIMECMP, ~0ul);	/* no spurious match midway */
		csr_write(CSR_STIMECMPH, (unsigned long)(when >> 32));
		csr_write(CSR_STIMECMP, (unsigned long)when);
#endif
		return;
	}
	fw_timer_set_smode(h, when);	/* mtimecmp, shared with the sampler */
}

SBI_HANDLER(sbi_time_ecall)
{
	(void)a2, (void)a3, (void)a4, (void)a5;
	struct sbiret r = { SBI_SUCCESS, 0 };

	if (fid != 0) {
		r.error = SBI_ERR_NOT_SUPPORTED;
		return r;
	}
#if __riscv_xlen == 64
	(void)a1;
	set_timer(h, a0);
#else
	set_timer(h, ((uint64_t)a1 << 32) | a0);
#endif
	return r;
}
