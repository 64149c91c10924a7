/* SPDX-License-Identifier: BSD-2-Clause */
/* HSM extension: start, stop, status, suspend. */
#include "csr.h"
#include "ext.h"
#include "harts.h"
#include "ipi.h"
#include "platform.h"
#include "sbi_dbtr.h"
#include "sbi_fwft.h"
#include "sbi_sampler.h"
#include "sbi_sse.h"
#include "timer.h"

/* Wait, serving the mailbox, until an interrupt S-mode enabled is pending. */
static void suspend_wait(struct fw_hart *h)
{
	const unsigned long s_irqs = MIP_SSIP | MIP_STIP | MIP_SEIP | MIP_LCOFIP;

	while (!(csr_read(CSR_MIP) & csr_read(CSR_MIE) & s_irqs)) {
		__asm__ volatile("wfi");
		fw_process_mailbox(h);
		if (csr_read(CSR_MIP) & csr_read(CSR_MIE) & MIP_MTIP)
			fw_timer_interrupt(h);
	}
}

/*
 * suspend_type is a uint32_t: the register's upper bits are ignored. Every
 * type but the two defaults is reserved or platform-specific, and none of
 * the latter is implemented: INVALID_PARAM, as the spec says for both.
 */
static struct rvpmu_ret suspend(struct fw_hart *h, unsigned long type_reg,
			     unsigned long resume, unsigned long opaque)
{
	struct rvpmu_ret r = { SBI_SUCCESS, 0 };
	uint32_t type = (uint32_t)type_reg;

	if (type != SBI_HSM_SUSPEND_RETENTIVE && type != SBI_HSM_SUSPEND_NON_RETENTIVE) {
		r.error = SBI_ERR_INVALID_PARAM;
		return r;
	}
	if (type == SBI_HSM_SUSPEND_NON_RETENTIVE && !fw_smode_range(resume, 4)) {
		r.error = SBI_ERR_INVALID_ADDRESS;
		return r;
	}
	/* the sampler: a retentive suspend pauses this hart's part of a run
	   (its window closed now, it rejoins on resume); a non-retentive one
	   leaves it, as a stop does (S-mode starts over at resume) */
	if (type == SBI_HSM_SUSPEND_RETENTIVE)
		fw_sampler_pause(h);
	else
		fw_sampler_leave(h, true);
	__atomic_store_n(&h->hsm, HSM_SUSPENDED, __ATOMIC_RELEASE);
	suspend_wait(h);
	__atomic_store_n(&h->hsm, HSM_STARTED, __ATOMIC_RELEASE);
	if (type == SBI_HSM_SUSPEND_NON_RETENTIVE)
		fw_enter_smode(resume, h->hartid, opaque);
	fw_sampler_resume(h);
	return r;
}

void fw_hart_stop(struct fw_hart *h)
{
	fw_sampler_leave(h, false);
	h->s_deadline = h->sampler_deadline = UINT64_MAX;
	csr_write(CSR_MIE, fw_ipi_mie());
	csr_clear(CSR_MIP, MIP_SSIP | MIP_STIP);
	/* nothing of this run's PMU use may survive into the next start */
	rvpmu_hart_reset(&h->pmu);
	/* nor its FWFT features and locks, nor its SSE events: the next
	   start parks straight into S-mode, past hart set-up */
	fw_fwft_hart_init(h);
	fw_sse_hart_init(h);
	fw_dbtr_hart_init(h);
	__atomic_store_n(&h->hsm, HSM_STOPPED, __ATOMIC_RELEASE);
	fw_hsm_park();
}

struct rvpmu_ret sbi_hsm_ecall(SBI_HANDLER_ARGS)
{
	struct rvpmu_ret r = { SBI_SUCCESS, 0 };
	struct fw_hart *t;
	int expect = HSM_STOPPED;

	(void)a3, (void)a4, (void)a5;
	switch (fid) {
	case SBI_HSM_HART_START:
		t = fw_hart_of(a0);
		if (!t) {
			r.error = SBI_ERR_INVALID_PARAM;
			break;
		}
		if (!fw_smode_range(a1, 4)) {
			r.error = SBI_ERR_INVALID_ADDRESS;
			break;
		}
		/* claim the stopped hart before telling it where to go */
		if (!__atomic_compare_exchange_n(&t->hsm, &expect, HSM_STOP_PENDING, false,
						 __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
			r.error = SBI_ERR_ALREADY_AVAILABLE;
			break;
		}
		t->next_addr = a1;
		t->next_arg = a2;
		__atomic_store_n(&t->hsm, HSM_START_PENDING, __ATOMIC_RELEASE);
		fw_send_ipi(t);
		break;
	case SBI_HSM_HART_STOP:
		if (h->hsm != HSM_STARTED) {
			r.error = SBI_ERR_FAILED;
			break;
		}
		fw_hart_stop(h);
	case SBI_HSM_HART_STATUS:
		t = fw_hart_of(a0);
		if (!t) {
			r.error = SBI_ERR_INVALID_PARAM;
			break;
		}
		r.value = (unsigned long)__atomic_load_n(&t->hsm, __ATOMIC_ACQUIRE);
		/* a claimed but not yet released start is a pending start */
		if (r.value == HSM_STOP_PENDING)
			r.value = HSM_START_PENDING;
		break;
	case SBI_HSM_HART_SUSPEND:
		return suspend(h, a0, a1, a2);
	default:
		r.error = SBI_ERR_NOT_SUPPORTED;
	}
	return r;
}

void fw_hsm_park(void)
{
	struct fw_hart *h = this_hart();

	csr_write(CSR_MIE, fw_ipi_mie());
	for (;;) {
		fw_process_mailbox(h);
		if (__atomic_load_n(&h->hsm, __ATOMIC_ACQUIRE) == HSM_START_PENDING) {
			__atomic_store_n(&h->hsm, HSM_STARTED, __ATOMIC_RELEASE);
			fw_enter_smode(h->next_addr, h->hartid, h->next_arg);
		}
		/* without an IPI device nothing would wake a wfi: poll */
		if (plat.has_ipi)
			__asm__ volatile("wfi");
	}
}
