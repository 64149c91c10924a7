/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which extensions S-mode may call (the base extension's probe, and the
 * legacy calls' own check), from the one table in ext.h.
 *
 * Hart context: any hart, on its M-mode stack, in an ecall; reads plat
 * only. A file of its own so that neither ecall.c (the dispatch) nor
 * sbi_legacy.c (which it routes to) has to call the other for it.
 */
#include "ext.h"

bool sbi_extension_present(unsigned long eid)
{
	switch (eid) {
#define PRESENT(id, need) case id: return fw_need_met(need);
#define PRESENT_ROUTED(id, handler, need) PRESENT(id, need)
	FW_EXT_BY_ENTRY(PRESENT_ROUTED)
	FW_EXT_BY_ECALL(PRESENT_ROUTED)
	FW_EXT_LEGACY(PRESENT)
#undef PRESENT_ROUTED
#undef PRESENT
	}
	return false;
}
