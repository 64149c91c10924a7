/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * S-mode ecalls other than the PMU's, the base extension's and TIME's
 * (entry.S routes those): by extension id, from the table in ext.h; each
 * extension's file does the rest, every v0.1 id sbi_legacy.c.
 *
 * Hart context: the calling hart, on its M-mode stack, from entry.S's
 * ecall path. The routing only: the table is ext.h's, so that the legacy
 * calls read it without calling back here.
 */
#include "ext.h"
#include "harts.h"

_Static_assert(__builtin_offsetof(struct fw_hart, sbi_calls) == 0,
	       "entry.S counts every call at offset 0 of struct fw_hart");

struct rvpmu_ret fw_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
		       unsigned long a3, unsigned long a4, unsigned long a5,
		       unsigned long fid, unsigned long eid, struct fw_hart *h)
{
	struct rvpmu_ret ret = { SBI_ERR_NOT_SUPPORTED, 0 };

	switch (eid) {
#define DISPATCH(id, handler, need) \
	case id: \
		if (!fw_need_met(need)) \
			break; \
		return handler(a0, a1, a2, a3, a4, a5, fid, h);
	FW_EXT_BY_ECALL(DISPATCH)
#undef DISPATCH
	}
	/* every legacy (v0.1) id, implemented or not: those answer in a0
	   alone and must leave the caller's a1 as it was */
	if (eid <= FW_LEGACY_EID_LAST)
		return sbi_legacy_ecall(a0, a1, a2, a3, eid, h);
	return ret;
}
