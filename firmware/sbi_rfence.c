/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * RFENCE extension: remote fence.i, sfence.vma(.asid), hfence with H. Each
 * is a fw_remote_call of one fence function on the hart set; the callee
 * counts the fence received, the caller one sent per hart reached.
 */
#include "ext.h"
#include "harts.h"
#include "ipi.h"
#include "platform.h"
#include "topology.h"

enum fw_req_type {
	REQ_FENCE_I = 1, REQ_SFENCE_VMA, REQ_SFENCE_VMA_ASID,
	REQ_HFENCE_GVMA, REQ_HFENCE_GVMA_VMID, REQ_HFENCE_VVMA,
	REQ_HFENCE_VVMA_ASID,
};

struct fw_req {
	unsigned long type, start, size, id;
};

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

/* The firmware events a fence of this type counts: sent, received + 1. */
static unsigned int sent_event(unsigned long type)
{
	return SBI_PMU_FW_FENCE_I_SENT + 2 * (unsigned int)(type - REQ_FENCE_I);
}

/* On each target (fw_remote_call): the fence, counted as received. */
static void fence_call(struct fw_hart *h, void *arg)
{
	const struct fw_req *r = arg;

	run_request(r);
	rvpmu_fw_event(&h->pmu, sent_event(r->type) + 1);
}

struct rvpmu_ret sbi_rfence_ecall(SBI_HANDLER_ARGS)
{
	struct rvpmu_ret r = { SBI_SUCCESS, 0 };
	struct fw_req req = { 0, a2, a3, a4 };	/* start, size, asid/vmid */
	struct fw_hartset set = { a0, a1 };
	unsigned int n;

	(void)a5;
	switch (fid) {
	case SBI_RFENCE_FENCE_I:		req.type = REQ_FENCE_I; break;
	case SBI_RFENCE_SFENCE_VMA:		req.type = REQ_SFENCE_VMA; break;
	case SBI_RFENCE_SFENCE_VMA_ASID:	req.type = REQ_SFENCE_VMA_ASID; break;
	case SBI_RFENCE_HFENCE_GVMA_VMID:	req.type = REQ_HFENCE_GVMA_VMID; break;
	case SBI_RFENCE_HFENCE_GVMA:	req.type = REQ_HFENCE_GVMA; break;
	case SBI_RFENCE_HFENCE_VVMA_ASID:	req.type = REQ_HFENCE_VVMA_ASID; break;
	case SBI_RFENCE_HFENCE_VVMA:	req.type = REQ_HFENCE_VVMA; break;
	default:
		r.error = SBI_ERR_NOT_SUPPORTED;
		return r;
	}
	if (req.type >= REQ_HFENCE_GVMA && !plat.hyp) {
		r.error = SBI_ERR_NOT_SUPPORTED;
		return r;
	}
	if (set.base == h->hartid && set.mask == 1) {
		/* this hart alone (a fence after its own code or mappings
		   changed): done here, counted as sent and received */
		fence_call(h, &req);
		rvpmu_fw_event(&h->pmu, sent_event(req.type));
		return r;
	}
	r.error = fw_hartset_check(set);
	if (r.error)
		return r;
	for (n = fw_remote_call(set, fence_call, &req); n; n--)
		rvpmu_fw_event(&h->pmu, sent_event(req.type));
	return r;
}
