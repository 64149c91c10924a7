/* SPDX-License-Identifier: BSD-2-Clause */
/* System reset extension, through QEMU's sifive,test device. */
#include "fw.h"

#define RESET_SHUTDOWN		0
#define RESET_COLD_REBOOT	1
#define RESET_WARM_REBOOT	2
#define REASON_NONE		0
#define REASON_FAILURE		1
#define FINISHER_FAIL		0x3333

SBI_HANDLER(sbi_srst_ecall)
{
	unsigned long type = a0, reason = a1;
	struct sbiret r = { SBI_SUCCESS, 0 };
	volatile uint32_t *dev = (volatile uint32_t *)(plat.test_dev + plat.test_off);

	(void)a2, (void)a3, (void)a4, (void)a5;
	if (fid != 0) {
		r.error = SBI_ERR_NOT_SUPPORTED;
		return r;
	}
	if (type > 0xFFFFFFFFul || reason > 0xFFFFFFFFul ||
	    (type > RESET_WARM_REBOOT && type < 0xF0000000ul) ||
	    (reason > REASON_FAILURE && reason < 0xE0000000ul)) {
		r.error = SBI_ERR_INVALID_PARAM;
		return r;
	}
	if (type > RESET_WARM_REBOOT || !plat.test_dev) {
		r.error = SBI_ERR_NOT_SUPPORTED;	/* vendor types; no device */
		return r;
	}
	if (type == RESET_SHUTDOWN)
		/* a shutdown for a failure makes QEMU exit non-zero */
		*dev = reason == REASON_NONE ? plat.poweroff_val
					     : (1u << 16) | FINISHER_FAIL;
	else
		*dev = plat.reboot_val;
	for (;;)
		__asm__ volatile("wfi");
}
