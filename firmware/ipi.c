/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Cross-hart messages through each hart's MSIP word (in a CLINT or an
 * ACLINT MSWI). Plain IPIs are a count per target (so none is lost or
 * merged when counting them). Calls
 * (fw_remote_call; the remote fences are calls) go by pointer into each
 * target's mailbox, a fixed ring: memory per hart does not grow with the
 * number of harts, and a broadcast costs one post per target. The caller
 * waits, asleep, for its call's pending count to drop to zero (the last
 * target IPIs it back), serving its own mailbox meanwhile, so harts
 * calling each other cannot deadlock; the SBI spec wants remote fences
 * complete when the call returns. Without an IPI device neither IPI nor
 * RFENCE is offered (ecall.c), so no call is ever made.
 */
#include "csr.h"
#include "fw.h"

/* The fences order memory against the MSIP (device) accesses: the target
   must not see MSIP before what it announces, nor read its mailbox before
   clearing MSIP (it could miss a call whose IPI it then drops). Without an
   IPI device (no msip) there is nothing to raise: parked harts poll. */
void fw_send_ipi(struct fw_hart *t)
{
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

/* Mailbox locks are held for a few instructions, never across a wait;
   M-mode runs with interrupts off, so nothing nests inside one. */
static void mbox_lock(struct fw_mailbox *m)
{
	while (__atomic_exchange_n(&m->lock, 1, __ATOMIC_ACQUIRE))
		while (__atomic_load_n(&m->lock, __ATOMIC_RELAXED))
			;
}

static void mbox_unlock(struct fw_mailbox *m)
{
	__atomic_store_n(&m->lock, 0, __ATOMIC_RELEASE);
}

/* Put call c in t's mailbox; while it is full, serve our own (the harts
   whose calls fill t's may be waiting on us). */
static void post(struct fw_hart *me, struct fw_hart *t, struct fw_call *c)
{
	struct fw_mailbox *m = &t->mbox;

	for (;;) {
		mbox_lock(m);
		if (m->head - m->tail < FW_MAILBOX_SLOTS) {
			m->slot[m->head++ % FW_MAILBOX_SLOTS] = c;
			mbox_unlock(m);
			fw_send_ipi(t);
			return;
		}
		mbox_unlock(m);
		fw_process_mailbox(me);
	}
}

static struct fw_call *take(struct fw_mailbox *m)
{
	struct fw_call *c = 0;

	mbox_lock(m);
	if (m->head != m->tail)
		c = m->slot[m->tail++ % FW_MAILBOX_SLOTS];
	mbox_unlock(m);
	return c;
}

void fw_process_mailbox(struct fw_hart *h)
{
	unsigned long n;
	struct fw_call *c;

	if (h->msip) {
		*h->msip = 0;
		__asm__ volatile("fence ow, rw" ::: "memory");
	}
	n = __atomic_exchange_n(&h->ipis, 0, __ATOMIC_ACQ_REL);
	if (n && fw_hart_reachable(h)) {
		csr_set(CSR_MIP, MIP_SSIP);
		while (n--)
			rvpmu_fw_event(&h->pmu, SBI_PMU_FW_IPI_RECEIVED);
	}
	while ((c = take(&h->mbox))) {
		struct fw_hart *from = c->from;	/* c may be reused once released */

		c->fn(h, c->arg);
		if (__atomic_sub_fetch(&c->pending, 1, __ATOMIC_ACQ_REL) == 0)
			fw_send_ipi(from);
	}
}

unsigned int fw_remote_call(struct fw_hartset set, fw_call_fn fn, void *arg)
{
	struct fw_hart *me = this_hart(), *t;
	struct fw_call *c = &me->call;
	unsigned long cur = 0;
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
		post(me, t, c);
		n++;
	}
	if (self) {
		fn(me, arg);
		n++;
	}
	/* no other target (a call to this hart alone): nothing to wait for */
	if (!__atomic_sub_fetch(&c->pending, 1, __ATOMIC_ACQ_REL))
		return n;
	for (;;) {
		fw_process_mailbox(me);	/* clears MSIP, then looks */
		if (!__atomic_load_n(&c->pending, __ATOMIC_ACQUIRE))
			return n;
		/* S-mode's mtimecmp timer (no Sstc) would keep wfi from sleeping */
		if (csr_read(CSR_MIP) & csr_read(CSR_MIE) & MIP_MTIP)
			fw_timer_interrupt(me);
		__asm__ volatile("wfi");	/* the last target's IPI wakes us */
	}
}
