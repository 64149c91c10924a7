/* SPDX-License-Identifier: BSD-2-Clause */
/* S-mode ecalls other than the PMU's, the base extension's and TIME's
   (entry.S routes those): by extension id; each extension's file does the rest. */
#include "fw.h"

#define LEGACY_EID_LAST	0x0F	/* v0.1 extension ids are 0x00..0x0F */

_Static_assert(__builtin_offsetof(struct fw_hart, sbi_calls) == 0,
	       "entry.S counts every call at offset 0 of struct fw_hart");

/* TIME needs Sstc or a timer device, IPI and RFENCE an IPI device (the
   DT may lack them: harts.c says so at boot). Inline: a call would
   cost every ecall through here a stack frame. */
static inline bool has_device(unsigned long eid)
{
	if (eid == SBI_EXT_TIME)
		return plat.has_timer;
	if (eid == RVPMU_SAMPLER_EID)	/* switches on mtimecmp, starts by IPI */
		return plat.has_mtimer && plat.has_ipi;
	return plat.has_ipi;	/* IPI, RFENCE */
}

struct sbiret fw_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
		       unsigned long a3, unsigned long a4, unsigned long a5,
		       unsigned long fid, unsigned long eid, struct fw_hart *h)
{
	struct sbiret ret = { SBI_ERR_NOT_SUPPORTED, 0 };

	switch (eid) {
	/* SBI_EXT_BASE, SBI_EXT_TIME and SBI_EXT_PMU: entry.S calls their
	   handlers (TIME's checks for its device itself) */
	case SBI_EXT_IPI:
		if (!has_device(eid))
			break;
		return sbi_ipi_ecall(a0, a1, a2, a3, a4, a5, fid, h);
	case SBI_EXT_RFENCE:
		if (!has_device(eid))
			break;
		return sbi_rfence_ecall(a0, a1, a2, a3, a4, a5, fid, h);
	case SBI_EXT_HSM:
		return sbi_hsm_ecall(a0, a1, a2, a3, a4, a5, fid, h);
	case SBI_EXT_SRST:
		return sbi_srst_ecall(a0, a1, a2, a3, a4, a5, fid, h);
	case SBI_EXT_DBCN:
		return sbi_dbcn_ecall(a0, a1, a2, a3, a4, a5, fid, h);
	case RVPMU_SAMPLER_EID:
		if (!has_device(eid))
			break;
		return sbi_sampler_ecall(a0, a1, a2, a3, a4, a5, fid, h);
	}
	/* every legacy (v0.1) id, implemented or not: those answer in a0
	   alone and must leave the caller's a1 as it was */
	if (eid <= LEGACY_EID_LAST)
		return sbi_legacy_ecall(a0, a1, a2, a3, eid, h);
	return ret;
}

bool sbi_extension_present(unsigned long eid)
{
	switch (eid) {
	case SBI_EXT_TIME: case SBI_EXT_IPI: case SBI_EXT_RFENCE: case RVPMU_SAMPLER_EID:
		return has_device(eid);
	/* v0.1: each offered where its v0.2 equal is (sbi_legacy.c) */
	case SBI_EXT_LEGACY_SET_TIMER:
		return has_device(SBI_EXT_TIME);
	case SBI_EXT_LEGACY_CLEAR_IPI: case SBI_EXT_LEGACY_SEND_IPI:
		return has_device(SBI_EXT_IPI);
	case SBI_EXT_LEGACY_REMOTE_FENCE_I: case SBI_EXT_LEGACY_REMOTE_SFENCE_VMA:
	case SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID:
		return has_device(SBI_EXT_RFENCE);
	case SBI_EXT_LEGACY_SHUTDOWN:
	case SBI_EXT_BASE:
	case SBI_EXT_HSM: case SBI_EXT_SRST: case SBI_EXT_DBCN: case SBI_EXT_PMU:
	case SBI_EXT_LEGACY_PUTCHAR: case SBI_EXT_LEGACY_GETCHAR:
		return true;
	}
	return false;
}
