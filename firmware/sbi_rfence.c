/* SPDX-License-Identifier: BSD-2-Clause */
/* RFENCE extension: remote fence.i, sfence.vma(.asid), hfence with H. */
#include "fw.h"

#define RFENCE_FENCE_I			0
#define RFENCE_SFENCE_VMA		1
#define RFENCE_SFENCE_VMA_ASID		2
#define RFENCE_HFENCE_GVMA_VMID		3
#define RFENCE_HFENCE_GVMA		4
#define RFENCE_HFENCE_VVMA_ASID		5
#define RFENCE_HFENCE_VVMA		6

SBI_HANDLER(sbi_rfence_ecall)
{
	struct sbiret r = { SBI_SUCCESS, 0 };
	struct fw_req req = { 0, a2, a3, a4 };	/* start, size, asid/vmid */
	unsigned long targets, mask = a0, base = a1;

	(void)a5;
	switch (fid) {
	case RFENCE_FENCE_I:		req.type = REQ_FENCE_I; break;
	case RFENCE_SFENCE_VMA:		req.type = REQ_SFENCE_VMA; break;
	case RFENCE_SFENCE_VMA_ASID:	req.type = REQ_SFENCE_VMA_ASID; break;
	case RFENCE_HFENCE_GVMA_VMID:	req.type = REQ_HFENCE_GVMA_VMID; break;
	case RFENCE_HFENCE_GVMA:	req.type = REQ_HFENCE_GVMA; break;
	case RFENCE_HFENCE_VVMA_ASID:	req.type = REQ_HFENCE_VVMA_ASID; break;
	case RFENCE_HFENCE_VVMA:	req.type = REQ_HFENCE_VVMA; break;
	default:
		r.error = SBI_ERR_NOT_SUPPORTED;
		return r;
	}
	if (req.type >= REQ_HFENCE_GVMA && !plat.hyp) {
		r.error = SBI_ERR_NOT_SUPPORTED;
		return r;
	}
	r.error = fw_hart_mask(mask, base, &targets);
	if (r.error)
		return r;
	fw_remote_request(targets, &req, SBI_PMU_FW_FENCE_I_SENT +
			  2 * (unsigned int)(req.type - REQ_FENCE_I));
	return r;
}
