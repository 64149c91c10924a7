/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Legacy (v0.1) calls, 0x00..0x0F. Each one that has a v0.2 equal is that
 * call's handler with the v0.1 arguments moved into its places (so the
 * same checks, state and firmware events); console putchar and getchar
 * (0x01, 0x02) and clear_ipi are done here. The result is a0 alone; a1 is
 * left as the caller had it, whatever the call did.
 *
 * Hart context: the calling hart, on its M-mode stack, routed here by
 * ecall.c. What is offered it reads from the extension table (ext.h,
 * ext.c), never from the dispatch, so the two files do not call each
 * other.
 */
#include "console.h"
#include "csr.h"
#include "ext.h"
#include "harts.h"
#include "platform.h"
#include "topology.h"

#define SATP_MODE_SHIFT		(__riscv_xlen == 64 ? 60 : 31)

/*
 * The hart set a v0.1 hart-mask pointer names: NULL is every hart; else
 * an aligned unsigned long in S-mode RAM (never the firmware's own
 * memory), bits from hart 0. S-mode with translation on passes a virtual
 * address this firmware does not walk: refused too (NOT_SUPPORTED).
 */
static long legacy_hartset(unsigned long ptr, struct fw_hartset *set)
{
	set->mask = 0;
	set->base = 0;
	if (!ptr) {
		set->base = FW_HARTSET_ALL;
		return SBI_SUCCESS;
	}
	if (csr_read(CSR_SATP) >> SATP_MODE_SHIFT)
		return SBI_ERR_NOT_SUPPORTED;
	if (ptr % sizeof(unsigned long) || !fw_smode_range(ptr, sizeof(unsigned long)))
		return SBI_ERR_INVALID_ADDRESS;
	set->mask = *(volatile const unsigned long *)ptr;
	return SBI_SUCCESS;
}

/*
 * SHUTDOWN, by a tail call from sbi_legacy_ecall: SRST waits for the
 * sampler's reset and serves remote calls and ticks meanwhile, the
 * deepest stack a hart has, which then holds this small frame rather
 * than the dispatch's (scripts/stack-bound).
 */
static __attribute__((noinline)) struct rvpmu_ret legacy_shutdown(unsigned long a1,
								   struct fw_hart *h)
{
	struct rvpmu_ret r = { sbi_srst_ecall(0, 0, 0, 0, 0, 0, 0, h).error, a1 };

	return r;
}

struct rvpmu_ret sbi_legacy_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
			       unsigned long a3, unsigned long eid, struct fw_hart *h)
{
	struct rvpmu_ret r = { SBI_ERR_NOT_SUPPORTED, a1 };
	struct fw_hartset set;

	/* the ids this firmware offers here (ext.h's table), where it does */
	if (!sbi_extension_present(eid))
		return r;
	switch (eid) {
	case SBI_EXT_LEGACY_SET_TIMER:	/* the 64-bit time in a0 (a0, a1 on RV32) */
		r.error = sbi_time_ecall(a0, a1, 0, 0, 0, 0, 0, h).error;
		break;
	case SBI_EXT_LEGACY_PUTCHAR:
		fw_putc((char)a0);
		r.error = SBI_SUCCESS;
		break;
	case SBI_EXT_LEGACY_GETCHAR:
		r.error = fw_getc();
		break;
	case SBI_EXT_LEGACY_CLEAR_IPI:		/* this hart's pending supervisor IPI */
		csr_clear(CSR_MIP, MIP_SSIP);
		r.error = SBI_SUCCESS;
		break;
	case SBI_EXT_LEGACY_SEND_IPI:
		r.error = legacy_hartset(a0, &set);
		if (!r.error)
			r.error = sbi_ipi_ecall(set.mask, set.base, 0, 0, 0, 0, 0, h).error;
		break;
	/* mask, start, size, asid: RFENCE fids 0..2 (fence.i, sfence.vma,
	   sfence.vma.asid) in the same order as these ids */
	case SBI_EXT_LEGACY_REMOTE_FENCE_I ... SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID:
		r.error = legacy_hartset(a0, &set);
		if (!r.error)
			r.error = sbi_rfence_ecall(set.mask, set.base, a1, a2, a3, 0,
						   eid - SBI_EXT_LEGACY_REMOTE_FENCE_I, h).error;
		break;
	case SBI_EXT_LEGACY_SHUTDOWN:	/* returns only without a device */
		return legacy_shutdown(a1, h);
	}
	return r;
}
