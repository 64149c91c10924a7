/* SPDX-License-Identifier: BSD-2-Clause */
/* Timer extension: stimecmp with Sstc, else the CLINT's or ACLINT MTIMER's
   mtimecmp through timer.c (without either, TIME is not offered: entry.S
   calls this handler straight from the trap vector, so it checks).
   The SET_TIMER firmware event is counted after the deadline is set, so
   that counting is a tail call (rvpmu_fw_count_slow, core/pmu.h) and the
   Sstc path, a leaf, needs no frame. */
#include "csr.h"
#include "ext.h"
#include "harts.h"
#include "platform.h"
#include "timer.h"

/* Count SET_TIMER; { SBI_SUCCESS, 0 }. */
static inline struct rvpmu_ret counted(struct fw_hart *h)
{
	rvpmu_fw_both counting = rvpmu_fw_counting(&h->pmu, SBI_PMU_FW_SET_TIMER);

	if (counting)
		return rvpmu_fw_count_slow(&h->pmu, SBI_PMU_FW_SET_TIMER, counting);
	return (struct rvpmu_ret){ SBI_SUCCESS, 0 };
}

/* Without Sstc: mtimecmp, shared with the sampler. */
static __attribute__((noinline)) struct rvpmu_ret set_mtimecmp(struct fw_hart *h, uint64_t when)
{
	fw_timer_set_smode(h, when);
	return counted(h);
}

struct rvpmu_ret sbi_time_ecall(SBI_HANDLER_ARGS)
{
	(void)a2, (void)a3, (void)a4, (void)a5;
	rvpmu_fw_both counting = 0;
#if __riscv_xlen == 64
	uint64_t when = a0;

	(void)a1;
#else
	uint64_t when = ((uint64_t)a1 << 32) | a0;
#endif

	bool set = fid == 0 && plat.has_timer;

	if (set && !plat.sstc)
		return set_mtimecmp(h, when);
	if (set) {
#if __riscv_xlen == 64
		csr_write(CSR_STIMECMP, when);
#else
		csr_write(CSR_STIMECMP, ~0ul);	/* no spurious match midway */
		csr_write(CSR_STIMECMPH, (unsigned long)(when >> 32));
		csr_write(CSR_STIMECMP, (unsigned long)when);
#endif
		counting = rvpmu_fw_counting(&h->pmu, SBI_PMU_FW_SET_TIMER);
		if (counting)
			return rvpmu_fw_count_slow(&h->pmu, SBI_PMU_FW_SET_TIMER, counting);
	}
	/* one answer site: GCC 12 keeps struct answers from several sites
	   in memory */
	return (struct rvpmu_ret){ set ? SBI_SUCCESS : SBI_ERR_NOT_SUPPORTED, 0 };
}
