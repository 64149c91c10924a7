/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The M-mode timer, shared. Each hart's mtimecmp serves two clients: S-mode's
 * deadline (SBI set_timer, only without Sstc: with Sstc S-mode has stimecmp)
 * and the sampler's next switch. The register holds the earlier of the two;
 * the interrupt hands each client whose time has come its due and re-arms
 * for what is left. All on the hart itself: no locking.
 */
#include "csr.h"
#include "harts.h"
#include "sbi_sampler.h"
#include "timer.h"

#define NEVER UINT64_MAX

uint64_t fw_mtime(void)
{
	return csr_read_time64();
}

/* mtimecmp := when; MTIP on only while a deadline is pending. */
static inline __attribute__((always_inline)) void arm(struct fw_hart *h, uint64_t when)
{
	volatile uint32_t *cmp = h->mtimecmp;

	if (when == NEVER) {
		csr_clear(CSR_MIE, MIP_MTIP);
		return;
	}
#if __riscv_xlen == 64
	*(volatile uint64_t *)cmp = when;	/* one store: no torn value */
#else
	cmp[1] = ~0u;	/* no spurious match while the halves change */
	cmp[0] = (uint32_t)when;
	cmp[1] = (uint32_t)(when >> 32);
#endif
	csr_set(CSR_MIE, MIP_MTIP);
}

/* mtimecmp := the earlier deadline. */
static void rearm(struct fw_hart *h)
{
	arm(h, h->s_deadline < h->sampler_deadline ? h->s_deadline : h->sampler_deadline);
}

void fw_timer_set_smode(struct fw_hart *h, uint64_t when)
{
	h->s_deadline = when;
	csr_clear(CSR_MIP, MIP_STIP);
	rearm(h);
}

/* Outside the switch (the tick answers its next deadline itself). */
void fw_timer_set_sampler(struct fw_hart *h, uint64_t when)
{
	h->sampler_deadline = when;
	rearm(h);
}

/* What is due at now: the sampler's switch, S-mode's deadline; then
   mtimecmp for what is left. */
static inline __attribute__((always_inline)) void serve(struct fw_hart *h, uint64_t now)
{
	if (h->sampler_deadline <= now) {
		/* the tick answers the next switch (UINT64_MAX: none) */
		uint64_t next = fw_sampler_tick(h, now);

		h->sampler_deadline = next;
		/* no S-mode deadline (with Sstc, always): the switch's alone */
		if (h->s_deadline == NEVER) {
			arm(h, next);
			return;
		}
		/* S-mode's deadline may have come during the tick */
		now = fw_mtime();
	}
	if (h->s_deadline <= now) {
		h->s_deadline = NEVER;
		csr_set(CSR_MIP, MIP_STIP);
	}
	rearm(h);
}

void fw_timer_interrupt(struct fw_hart *h)
{
	serve(h, fw_mtime());
}

/* From the trap vector's own path for MTIP (entry.S). */
void fw_timer_trap(struct fw_hart *h)
{
	fw_count64(&h->m_traps);
	serve(h, fw_mtime());
}
