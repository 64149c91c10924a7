/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * System suspend (SUSP, SBI 2.0): suspend to RAM once every other hart is
 * stopped. QEMU virt has no power controller to cut, so the system's
 * suspend is the calling hart's non-retentive suspend (sbi_hsm.c): it waits
 * until an interrupt S-mode enabled is pending (its timer, say: S-mode
 * sets its wake-up source before the call), RAM kept, every other hart
 * stopped, and resumes S-mode at resume_addr with a0 its hartid and a1
 * opaque, satp and sstatus.SIE as a hart start leaves them (0). A sampler
 * run ends first as by RESET: nothing writes into memory while S-mode is
 * away, no counter stays held.
 */
#include "ext.h"
#include "harts.h"
#include "platform.h"
#include "sbi_sampler.h"
#include "topology.h"

/* whether every hart but h is STOPPED (SUSP's entry condition) */
static bool others_stopped(const struct fw_hart *h)
{
	unsigned int pos;

	for (pos = 0; pos < plat.nr_harts; pos++) {
		const struct fw_hart *t = fw_hart_at(pos);

		if (t && t != h && __atomic_load_n(&t->hsm, __ATOMIC_ACQUIRE) != HSM_STOPPED)
			return false;
	}
	return true;
}

SBI_HANDLER(sbi_susp_ecall)
{
	/* sleep_type is a uint32_t: the register's upper bits are ignored */
	uint32_t type = (uint32_t)a0;
	struct sbiret r = { SBI_SUCCESS, 0 };

	(void)a3, (void)a4, (void)a5;
	if (fid != SBI_SUSP_SYSTEM_SUSPEND)
		r.error = SBI_ERR_NOT_SUPPORTED;
	/* reserved types; platform-specific ones exist but none here */
	else if (type != SBI_SUSP_TO_RAM)
		r.error = type < SBI_SUSP_PLATFORM_TYPES ? SBI_ERR_INVALID_PARAM :
							   SBI_ERR_NOT_SUPPORTED;
	else if (!fw_smode_range(a1, 4))
		r.error = SBI_ERR_INVALID_ADDRESS;
	else if (!others_stopped(h))
		r.error = SBI_ERR_DENIED;
	if (r.error)
		return r;
	fw_sampler_reset(h);
	fw_hart_suspend_nonret(h, a1, a2);
}
