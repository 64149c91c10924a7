/* SPDX-License-Identifier: BSD-2-Clause */
/* System reset extension, through QEMU's sifive,test device. */
#include "ext.h"
#include "harts.h"
#include "platform.h"
#include "sbi_sampler.h"

struct rvpmu_ret sbi_srst_ecall(SBI_HANDLER_ARGS)
{
	/* both are uint32_t: the registers' upper bits are ignored */
	uint32_t type = (uint32_t)a0, reason = (uint32_t)a1;
	struct rvpmu_ret r = { SBI_SUCCESS, 0 };
	volatile uint32_t *dev = (volatile uint32_t *)(plat.test_dev + plat.test_off);

	(void)a2, (void)a3, (void)a4, (void)a5;
	if (fid != 0) {
		r.error = SBI_ERR_NOT_SUPPORTED;
		return r;
	}
	/* reserved types and vendor types (none implemented) alike; reserved
	   reasons (implementation and vendor reasons are accepted) */
	if (type > SBI_SRST_WARM_REBOOT ||
	    (reason > SBI_SRST_REASON_FAILURE && reason < 0xE0000000u)) {
		r.error = SBI_ERR_INVALID_PARAM;
		return r;
	}
	if (!plat.test_dev) {
		r.error = SBI_ERR_NOT_SUPPORTED;	/* no device to do it */
		return r;
	}
	/* a sampler run ends as by RESET: no hart writes into memory the next
	   boot may own, no counter stays held */
	fw_sampler_reset(h);
	fw_stack_report();
	if (type == SBI_SRST_SHUTDOWN)
		/* a shutdown for a failure makes QEMU exit non-zero */
		*dev = reason == SBI_SRST_REASON_NONE ? plat.poweroff_val : plat.fail_val;
	else
		*dev = plat.reboot_val;
	for (;;)
		__asm__ volatile("wfi");
}
