/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Cross-hart messages through each hart's MSIP word (in a CLINT or an
 * ACLINT MSWI). Plain IPIs are a count per target (so none is lost or
 * merged when counting them). Calls (fw_remote_call; the remote fences are
 * calls) are posted as the caller's bit in each target's mailbox, a bitmap
 * with a bit per hart: a hart has one call in flight at most, so the
 * mailbox can never be full and a sender never waits to post; a broadcast
 * costs one post per target. The caller sleeps until its call's pending
 * count drops to zero (the last target IPIs it back), serving its own
 * mailbox meanwhile, so harts calling each other cannot deadlock; the SBI
 * spec wants remote fences complete when the call returns. Without an IPI
 * device neither IPI nor RFENCE is offered (ext.h), so no call is ever
 * made.
 */
#include "csr.h"
#include "harts.h"
#include "ipi.h"
#include "lib/bits.h"
#include "platform.h"
#include "timer.h"
#include "topology.h"

#define XLEN	(8 * sizeof(unsigned long))
/* S-mode's interrupts in mie: what an M-mode wait must not wake on */
#define S_IRQS	(MIP_SSIP | MIP_STIP | MIP_SEIP | MIP_LCOFIP)

/* The fences order memory against the MSIP (device) accesses: the target
   must not see MSIP before what it announces, nor read its mailbox before
   clearing MSIP (it could miss a call whose IPI it then drops). Without an
   IPI device (no msip) there is nothing to raise: parked harts poll. */
void fw_send_ipi(struct fw_hart *t)
{
	/* a CLINT's or MSWI's msip: 1 raises MSIP; an IMSIC file's
	   seteipnum_le: 1 makes identity 1 pending (MEIP) */
	if (!t->msip)
		return;
	__asm__ volatile("fence rw, ow" ::: "memory");
	*t->msip = 1;
}

bool fw_hart_reachable(const struct fw_hart *t)
{
	int st = __atomic_load_n(&t->hsm, __ATOMIC_ACQUIRE);

	return st == HSM_STARTED || st == HSM_SUSPENDED;
}

/* Post my call to t: my bit in its mailbox, then the IPI. */
static void post(const struct fw_hart *me, struct fw_hart *t)
{
	__atomic_fetch_or(&t->mbox[me->pos / XLEN], 1ul << (me->pos % XLEN), __ATOMIC_RELEASE);
	fw_send_ipi(t);
}

/* Run the calls of the harts whose bits are set in word w of h's mailbox
   (taken whole, so each call runs once), IPIing each caller its last
   target is done. */
static void run_calls(struct fw_hart *h, unsigned long w)
{
	unsigned long bits = __atomic_exchange_n(&h->mbox[w], 0, __ATOMIC_ACQUIRE);

	for (; bits; bits &= bits - 1) {
		struct fw_hart *from = fw_hart_at((unsigned int)(w * XLEN + rvpmu_ctz64(bits)));
		struct fw_call *c = &from->call;

		c->fn(h, c->arg);
		if (__atomic_sub_fetch(&c->pending, 1, __ATOMIC_ACQ_REL) == 0)
			fw_send_ipi(from);
	}
}

void fw_ipi_clear(struct fw_hart *h)
{
	if (plat.ipi_imsic) {
		/* identity 1's pending bit, in this hart's own M-level file
		   (miselect is M-mode's alone and only ever used here and at
		   set-up: nothing is interrupted halfway) */
		csr_write(CSR_MISELECT, IMSIC_EIP0);
		csr_clear(CSR_MIREG, 1ul << IMSIC_IPI_ID);
	} else if (h->msip) {
		*h->msip = 0;
		__asm__ volatile("fence ow, rw" ::: "memory");
	}
}

unsigned long fw_ipi_mie(void)
{
	return plat.ipi_imsic ? MIP_MEIP : MIP_MSIP;
}

void fw_process_mailbox(struct fw_hart *h)
{
	unsigned long n, w;

	fw_ipi_clear(h);
	n = __atomic_exchange_n(&h->ipis, 0, __ATOMIC_ACQ_REL);
	if (n && fw_hart_reachable(h)) {
		csr_set(CSR_MIP, MIP_SSIP);
		while (n--)
			rvpmu_fw_event(&h->pmu, SBI_PMU_FW_IPI_RECEIVED);
	}
	for (w = 0; w < FW_MBOX_WORDS(plat.nr_harts); w++)
		if (__atomic_load_n(&h->mbox[w], __ATOMIC_RELAXED))
			run_calls(h, w);
}

unsigned int fw_remote_call(struct fw_hartset set, fw_call_fn fn, void *arg)
{
	struct fw_hart *me = this_hart(), *t;
	struct fw_call *c = &me->call;
	unsigned long cur = 0, s_irqs;
	unsigned int n = 0;
	bool self = false;

	c->fn = fn;
	c->arg = arg;
	/* one count held by us until every target is posted: the call cannot
	   complete (and IPI us) halfway through the walk */
	__atomic_store_n(&c->pending, 1, __ATOMIC_RELEASE);
	while ((t = fw_hartset_next(set, &cur))) {
		if (t == me) {
			self = true;
			continue;
		}
		if (!fw_hart_reachable(t))
			continue;
		__atomic_fetch_add(&c->pending, 1, __ATOMIC_ACQ_REL);
		post(me, t);
		n++;
	}
	if (self) {
		fn(me, arg);
		n++;
	}
	/* no other target (a call to this hart alone): nothing to wait for */
	if (!__atomic_sub_fetch(&c->pending, 1, __ATOMIC_ACQ_REL))
		return n;
	/*
	 * Sleep until the last target's IPI. wfi does not sleep while an
	 * enabled interrupt is pending, M-mode's or not: S-mode's (an IPI
	 * taken while we wait, its timer, an overflow) are masked meanwhile,
	 * and stay pending for S-mode. A hart spinning here under -icount
	 * would keep the hart after it in QEMU's round robin from running at
	 * all, the target we wait for perhaps (docs/perf-on-qemu.md).
	 */
	s_irqs = csr_read(CSR_MIE) & S_IRQS;
	csr_clear(CSR_MIE, s_irqs);
	for (;;) {
		fw_process_mailbox(me);	/* clears MSIP, then looks */
		if (!__atomic_load_n(&c->pending, __ATOMIC_ACQUIRE))
			break;
		/* S-mode's mtimecmp timer (no Sstc) would keep wfi from sleeping */
		if (csr_read(CSR_MIP) & csr_read(CSR_MIE) & MIP_MTIP)
			fw_timer_interrupt(me);
		__asm__ volatile("wfi");	/* the last target's IPI wakes us */
	}
	csr_set(CSR_MIE, s_irqs);
	return n;
}
