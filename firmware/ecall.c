/* SPDX-License-Identifier: BSD-2-Clause */
/* S-mode ecalls other than the PMU's (entry.S routes those): by extension
   id; each extension's file does the rest. */
#include "fw.h"

_Static_assert(__builtin_offsetof(struct fw_hart, sbi_calls) == 0,
	       "entry.S counts every call at offset 0 of struct fw_hart");

struct sbiret fw_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
		       unsigned long a3, unsigned long a4, unsigned long a5,
		       unsigned long fid, unsigned long eid, struct fw_hart *h)
{
	struct sbiret ret = { SBI_ERR_NOT_SUPPORTED, 0 };

	switch (eid) {
	case SBI_EXT_BASE:
		return sbi_base_ecall(a0, a1, a2, a3, a4, a5, fid, h);
	case SBI_EXT_TIME:
		return sbi_time_ecall(a0, a1, a2, a3, a4, a5, fid, h);
	case SBI_EXT_IPI:
		return sbi_ipi_ecall(a0, a1, a2, a3, a4, a5, fid, h);
	case SBI_EXT_RFENCE:
		return sbi_rfence_ecall(a0, a1, a2, a3, a4, a5, fid, h);
	case SBI_EXT_HSM:
		return sbi_hsm_ecall(a0, a1, a2, a3, a4, a5, fid, h);
	case SBI_EXT_SRST:
		return sbi_srst_ecall(a0, a1, a2, a3, a4, a5, fid, h);
	case SBI_EXT_DBCN:
		return sbi_dbcn_ecall(a0, a1, a2, a3, a4, a5, fid, h);
	case RVPMU_SAMPLER_EID:
		return sbi_sampler_ecall(a0, a1, a2, a3, a4, a5, fid, h);
	case SBI_EXT_LEGACY_PUTCHAR:
	case SBI_EXT_LEGACY_GETCHAR:
		return sbi_legacy_ecall(eid, a0, a1);
	}
	return ret;
}

bool sbi_extension_present(unsigned long eid)
{
	switch (eid) {
	case SBI_EXT_BASE: case SBI_EXT_TIME: case SBI_EXT_IPI: case SBI_EXT_RFENCE:
	case SBI_EXT_HSM: case SBI_EXT_SRST: case SBI_EXT_DBCN: case SBI_EXT_PMU:
	case SBI_EXT_LEGACY_PUTCHAR: case SBI_EXT_LEGACY_GETCHAR: case RVPMU_SAMPLER_EID:
		return true;
	}
	return false;
}
