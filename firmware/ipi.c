/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Cross-hart messages through the CLINT's MSIP bits. Plain IPIs are a
 * count per target (so none is lost or merged when counting them); fences
 * are requests in a per-sender slot of the target's mailbox, and the
 * sender waits for each to be done, as the SBI spec wants remote fences
 * complete when the call returns. While waiting, a hart keeps serving its
 * own mailbox, so two harts fencing each other cannot deadlock.
 */
#include "csr.h"
#include "fw.h"

/* Without an IPI device (plat.clint 0) parked harts poll instead. */
void fw_send_ipi(unsigned long hartid)
{
	if (plat.clint)
		*(volatile uint32_t *)(plat.clint + 4 * hartid) = 1;
}

static void clear_ipi(const struct fw_hart *h)
{
	if (plat.clint)
		*(volatile uint32_t *)(plat.clint + 4 * h->hartid) = 0;
}

long fw_hart_mask(unsigned long mask, unsigned long base, unsigned long *targets)
{
	unsigned long id;
	unsigned int i;

	*targets = 0;
	if (base == ~0ul) {
		for (id = 0; id < FW_MAX_HARTS; id++)
			if (fw_hart_valid(id))
				*targets |= 1ul << id;
		return SBI_SUCCESS;
	}
	for (i = 0; i < 8 * sizeof(mask); i++) {
		if (!(mask >> i & 1))
			continue;
		id = base + i;
		if (id < base || !fw_hart_valid(id))
			return SBI_ERR_INVALID_PARAM;
		*targets |= 1ul << id;
	}
	return SBI_SUCCESS;
}

/*
 * The walk counts pages rather than comparing addresses: a range ending
 * in the last page of the address space would otherwise wrap to 0 and
 * never end.
 */
static void sfence_range(unsigned long start, unsigned long size, unsigned long asid,
			 bool with_asid)
{
	unsigned long a, pages;

	/* 0/0 and -1 mean everything; so does a range not worth walking */
	if ((!start && !size) || size == ~0ul || size > 64 * 4096 || start + size < start) {
		if (with_asid)
			__asm__ volatile("sfence.vma x0, %0" :: "r"(asid) : "memory");
		else
			__asm__ volatile("sfence.vma" ::: "memory");
		return;
	}
	if (!size)
		return;
	/* start + size - 1 does not wrap (checked above) */
	pages = (((start + size - 1) & ~4095ul) - (start & ~4095ul)) / 4096 + 1;
	for (a = start & ~4095ul; pages; pages--, a += 4096) {
		if (with_asid)
			__asm__ volatile("sfence.vma %0, %1" :: "r"(a), "r"(asid) : "memory");
		else
			__asm__ volatile("sfence.vma %0" :: "r"(a) : "memory");
	}
}

/* hfence.gvma rs1, rs2 / hfence.vvma rs1, rs2, by encoding (H extension) */
#define HFENCE_GVMA(a, id) __asm__ volatile(".insn r 0x73, 0, 0x31, x0, %0, %1" \
					     :: "r"(a), "r"(id) : "memory")
#define HFENCE_VVMA(a, id) __asm__ volatile(".insn r 0x73, 0, 0x11, x0, %0, %1" \
					     :: "r"(a), "r"(id) : "memory")

static void run_request(const struct fw_req *r)
{
	switch (r->type) {
	case REQ_FENCE_I:
		__asm__ volatile("fence.i" ::: "memory");
		break;
	case REQ_SFENCE_VMA:
		sfence_range(r->start, r->size, 0, false);
		break;
	case REQ_SFENCE_VMA_ASID:
		sfence_range(r->start, r->size, r->id, true);
		break;
	/* guest fences: always the whole guest space, which is never wrong */
	case REQ_HFENCE_GVMA:
		HFENCE_GVMA(0, 0);
		break;
	case REQ_HFENCE_GVMA_VMID:
		HFENCE_GVMA(0, r->id);
		break;
	case REQ_HFENCE_VVMA:
		HFENCE_VVMA(0, 0);
		break;
	case REQ_HFENCE_VVMA_ASID:
		HFENCE_VVMA(0, r->id);
		break;
	}
}

/* The firmware event a request of this type counts when received. */
static unsigned int received_event(unsigned long type)
{
	return SBI_PMU_FW_FENCE_I_RECEIVED + 2 * (unsigned int)(type - REQ_FENCE_I);
}

void fw_process_mailbox(struct fw_hart *h)
{
	unsigned long n, pending;
	int st;

	clear_ipi(h);
	n = __atomic_exchange_n(&h->ipis, 0, __ATOMIC_ACQ_REL);
	st = __atomic_load_n(&h->hsm, __ATOMIC_ACQUIRE);
	if (n && (st == HSM_STARTED || st == HSM_SUSPENDED)) {
		csr_set(CSR_MIP, MIP_SSIP);
		while (n--)
			rvpmu_fw_event(&h->pmu, SBI_PMU_FW_IPI_RECEIVED);
	}
	pending = __atomic_exchange_n(&h->req_pending, 0, __ATOMIC_ACQ_REL);
	while (pending) {
		unsigned int s = (unsigned int)__builtin_ctzl(pending);

		pending &= pending - 1;
		run_request(&h->req[s]);
		rvpmu_fw_event(&h->pmu, received_event(h->req[s].type));
		__atomic_store_n(&h->req_done[s], 1, __ATOMIC_RELEASE);
	}
}

static bool reachable(unsigned long hartid)
{
	int st = __atomic_load_n(&fw_hart_of(hartid)->hsm, __ATOMIC_ACQUIRE);

	return st == HSM_STARTED || st == HSM_SUSPENDED;
}

void fw_remote_request(unsigned long targets, const struct fw_req *req,
		       unsigned int sent_event)
{
	struct fw_hart *me = this_hart();
	unsigned long self = me->hartid, waiting = 0, rest;

	for (rest = targets; rest; rest &= rest - 1) {
		unsigned long t = (unsigned long)__builtin_ctzl(rest);
		struct fw_hart *th = fw_hart_of(t);

		if (t == self || !reachable(t))
			continue;
		th->req[self] = *req;
		th->req_done[self] = 0;
		__atomic_fetch_or(&th->req_pending, 1ul << self, __ATOMIC_RELEASE);
		fw_send_ipi(t);
		rvpmu_fw_event(&me->pmu, sent_event);
		waiting |= 1ul << t;
	}
	if (targets & (1ul << self)) {
		run_request(req);
		rvpmu_fw_event(&me->pmu, sent_event);
		rvpmu_fw_event(&me->pmu, received_event(req->type));
	}
	while (waiting) {
		for (rest = waiting; rest; rest &= rest - 1) {
			unsigned long t = (unsigned long)__builtin_ctzl(rest);

			if (__atomic_load_n(&fw_hart_of(t)->req_done[self], __ATOMIC_ACQUIRE))
				waiting &= ~(1ul << t);
		}
		fw_process_mailbox(me);
	}
}
