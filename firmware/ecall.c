/* SPDX-License-Identifier: BSD-2-Clause */
/* S-mode ecalls other than the PMU's, the base extension's and TIME's
   (entry.S routes those): by extension id; each extension's file does the
   rest. */
#include "fw.h"

#define LEGACY_EID_LAST	0x0F	/* v0.1 extension ids are 0x00..0x0F */

_Static_assert(__builtin_offsetof(struct fw_hart, sbi_calls) == 0,
	       "entry.S counts every call at offset 0 of struct fw_hart");

/* What an extension needs from the platform (the DT may lack it:
   harts.c says so at boot). */
enum fw_need { NEED_NOTHING, NEED_TIMER, NEED_IPI, NEED_SAMPLER };

/*
 * The extensions this firmware offers: the one list that both
 * probe_extension (sbi_extension_present) and the dispatch (fw_ecall) are
 * written from, X(eid, handler, need). Three parts because they are
 * routed three ways: entry.S calls the base, TIME and PMU handlers itself
 * (the hot ones; PMU calls go straight to the core by FID, sbi_pmu.c, and
 * sbi_time_ecall checks for its timer itself), fw_ecall the rest, and every v0.1 id goes to
 * sbi_legacy_ecall, each offered where its v0.2 equal is.
 */
#define FW_EXT_BY_ENTRY(X) \
	X(SBI_EXT_BASE, sbi_base_ecall, NEED_NOTHING) \
	X(SBI_EXT_TIME, sbi_time_ecall, NEED_TIMER) \
	X(SBI_EXT_PMU, fw_pmu_fids, NEED_NOTHING)
#define FW_EXT_BY_ECALL(X) \
	X(SBI_EXT_IPI, sbi_ipi_ecall, NEED_IPI) \
	X(SBI_EXT_RFENCE, sbi_rfence_ecall, NEED_IPI) \
	X(SBI_EXT_HSM, sbi_hsm_ecall, NEED_NOTHING) \
	X(SBI_EXT_SRST, sbi_srst_ecall, NEED_NOTHING) \
	X(SBI_EXT_DBCN, sbi_dbcn_ecall, NEED_NOTHING) \
	X(RVPMU_SAMPLER_EID, sbi_sampler_ecall, NEED_SAMPLER)
#define FW_EXT_LEGACY(X)	/* X(eid, need): all go to sbi_legacy_ecall */ \
	X(SBI_EXT_LEGACY_SET_TIMER, NEED_TIMER) \
	X(SBI_EXT_LEGACY_PUTCHAR, NEED_NOTHING) \
	X(SBI_EXT_LEGACY_GETCHAR, NEED_NOTHING) \
	X(SBI_EXT_LEGACY_CLEAR_IPI, NEED_IPI) \
	X(SBI_EXT_LEGACY_SEND_IPI, NEED_IPI) \
	X(SBI_EXT_LEGACY_REMOTE_FENCE_I, NEED_IPI) \
	X(SBI_EXT_LEGACY_REMOTE_SFENCE_VMA, NEED_IPI) \
	X(SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID, NEED_IPI) \
	X(SBI_EXT_LEGACY_SHUTDOWN, NEED_NOTHING)

/* TIME needs Sstc or a timer device, IPI and RFENCE an IPI device, the
   sampler both (it switches on mtimecmp, starts by IPI). Inline, and
   called with a constant: in fw_ecall it folds to a flag test or nothing
   (a call would cost every ecall through here a stack frame). */
static inline bool need_met(enum fw_need need)
{
	switch (need) {
	case NEED_TIMER:
		return plat.has_timer;
	case NEED_IPI:
		return plat.has_ipi;
	case NEED_SAMPLER:
		return plat.has_mtimer && plat.has_ipi;
	case NEED_NOTHING:
		break;
	}
	return true;
}

struct sbiret fw_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
		       unsigned long a3, unsigned long a4, unsigned long a5,
		       unsigned long fid, unsigned long eid, struct fw_hart *h)
{
	struct sbiret ret = { SBI_ERR_NOT_SUPPORTED, 0 };

	switch (eid) {
#define DISPATCH(id, handler, need) \
	case id: \
		if (!need_met(need)) \
			break; \
		return handler(a0, a1, a2, a3, a4, a5, fid, h);
	FW_EXT_BY_ECALL(DISPATCH)
#undef DISPATCH
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
#define PRESENT(id, need) case id: return need_met(need);
#define PRESENT_ROUTED(id, handler, need) PRESENT(id, need)
	FW_EXT_BY_ENTRY(PRESENT_ROUTED)
	FW_EXT_BY_ECALL(PRESENT_ROUTED)
	FW_EXT_LEGACY(PRESENT)
#undef PRESENT_ROUTED
#undef PRESENT
	}
	return false;
}
