/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/ext.h - the extension table: which SBI extensions this
 * firmware offers, what each needs of the platform, and how an ecall
 * reaches its handler (one function per extension, sbi_*.c).
 *
 * Hart context: any hart, on the calling hart's M-mode stack, in the
 * ecall's path; the table is constant and plat read-only by then.
 *
 * Why a file of its own: both the dispatch (ecall.c) and the legacy calls
 * (sbi_legacy.c), and the base extension's probe (sbi_base.c), read this
 * one list; with it in ecall.c, ecall.c and sbi_legacy.c called each
 * other. Now ecall.c routes to sbi_legacy.c and both read the table here
 * (sbi_extension_present: ext.c).
 */
#ifndef FW_EXT_H
#define FW_EXT_H

#include <stdbool.h>

#include "core/pmu.h"
#include "firmware/platform.h"
#include "rvpmu/sampler.h"
#include "rvpmu/sbi.h"

/* Our SBI implementation id: not registered with RISC-V International;
   "rvpm" in ASCII, far from the small registered numbers. */
#define FW_SBI_IMPL_ID		0x7276706dul
#define FW_SBI_IMPL_VERSION	0x00010000ul	/* 1.0 */

/* An SBI call's result is the core's struct rvpmu_ret (core/pmu.h), so the
   PMU glue is tail calls. */

struct fw_hart;

/*
 * One function per SBI extension (sbi_*.c), all with the ecall's
 * registers in order, the function id next and the calling hart last, so
 * that routing an ecall to one is a tail call that moves nothing but the
 * hart (computed once, into a7's place). The parameter list is one macro,
 * the names plain C (`struct rvpmu_ret sbi_NAME_ecall(SBI_HANDLER_ARGS)`),
 * so that grep and ctags find each handler's definition.
 */
#define SBI_HANDLER_ARGS unsigned long a0, unsigned long a1, unsigned long a2, \
	unsigned long a3, unsigned long a4, unsigned long a5, unsigned long fid, \
	struct fw_hart *h __attribute__((unused))
struct rvpmu_ret sbi_base_ecall(SBI_HANDLER_ARGS);
struct rvpmu_ret sbi_time_ecall(SBI_HANDLER_ARGS);
struct rvpmu_ret sbi_ipi_ecall(SBI_HANDLER_ARGS);
struct rvpmu_ret sbi_rfence_ecall(SBI_HANDLER_ARGS);
struct rvpmu_ret sbi_hsm_ecall(SBI_HANDLER_ARGS);
struct rvpmu_ret sbi_srst_ecall(SBI_HANDLER_ARGS);
struct rvpmu_ret sbi_dbcn_ecall(SBI_HANDLER_ARGS);
struct rvpmu_ret sbi_sampler_ecall(SBI_HANDLER_ARGS);
struct rvpmu_ret sbi_fwft_ecall(SBI_HANDLER_ARGS);
struct rvpmu_ret sbi_sse_ecall(SBI_HANDLER_ARGS);
/* a build that lies to the sampler's client, for tests only (lie.h) */
#ifdef RVPMU_LIE
struct rvpmu_ret sbi_sampler_lie_ecall(SBI_HANDLER_ARGS);
#define FW_SAMPLER_ECALL sbi_sampler_lie_ecall
#else
#define FW_SAMPLER_ECALL sbi_sampler_ecall
#endif

/* ecall.c: every ecall but the PMU's, the base extension's and TIME's
   (entry.S routes those itself), by extension id. */
struct rvpmu_ret fw_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
		       unsigned long a3, unsigned long a4, unsigned long a5,
		       unsigned long fid, unsigned long eid, struct fw_hart *h);
/*
 * sbi_legacy.c: any legacy (v0.1) id 0x00..0x0F, on the calling hart:
 * set_timer, putchar, getchar, clear_ipi, send_ipi, remote fence.i /
 * sfence.vma / sfence.vma.asid, shutdown, each where sbi_extension_present
 * offers it; the others NOT_SUPPORTED. A hart-mask pointer that is not
 * NULL, aligned and in S-mode RAM gets INVALID_ADDRESS (NOT_SUPPORTED when
 * S-mode translates addresses); a bad hartid INVALID_PARAM. The error is
 * the result; the value is always a1 unchanged.
 */
struct rvpmu_ret sbi_legacy_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
			       unsigned long a3, unsigned long eid, struct fw_hart *h);
/* ext.c: may S-mode call extension eid (the base extension's probe, the
   legacy calls)? Any hart. */
bool sbi_extension_present(unsigned long eid);

#define FW_LEGACY_EID_LAST	0x0F	/* v0.1 extension ids are 0x00..0x0F */

/* What an extension needs from the platform (the DT may lack it:
   clint.c says so at boot). */
enum fw_need { NEED_NOTHING, NEED_TIMER, NEED_IPI, NEED_SAMPLER };

/*
 * The extensions this firmware offers: the one list that both
 * probe_extension (sbi_extension_present) and the dispatch (fw_ecall) are
 * written from, X(eid, handler, need). Three parts because they are
 * routed three ways: entry.S calls the base, TIME and PMU handlers itself
 * (the hot ones; PMU calls go straight to the core by FID, sbi_pmu.c, and
 * sbi_time_ecall checks for its timer itself), fw_ecall the rest, and
 * every v0.1 id goes to sbi_legacy_ecall, each offered where its v0.2
 * equal is.
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
	X(SBI_EXT_FWFT, sbi_fwft_ecall, NEED_NOTHING) \
	X(SBI_EXT_SSE, sbi_sse_ecall, NEED_NOTHING) \
	X(RVPMU_SAMPLER_EID, FW_SAMPLER_ECALL, NEED_SAMPLER)
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
static inline bool fw_need_met(enum fw_need need)
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

#endif
