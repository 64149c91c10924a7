/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/sampler_inline.h - the sampler engine's CID1 seam inline
 * (named to the engine by -DRVPMU_SAMPLER_INLINE, see sampler/engine.c):
 * every switch reads satp.ASID, and a call through the ops table cost
 * more than the CSR read. The same as sbi_sampler.c's op_asid.
 */
#ifndef FW_SAMPLER_INLINE_H
#define FW_SAMPLER_INLINE_H

#include "firmware/csr.h"

static inline uint32_t rvpmu_sampler_inline_asid(void *hctx)
{
	(void)hctx;
#if __riscv_xlen == 64
	return (uint32_t)(csr_read(CSR_SATP) >> 44) & 0xFFFFu;
#else
	return (uint32_t)(csr_read(CSR_SATP) >> 22) & 0x1FFu;
#endif
}

#endif
