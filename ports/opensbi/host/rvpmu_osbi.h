/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ports/opensbi/host/rvpmu_osbi.h - what rvpmu's half of its OpenSBI host
 * keeps per hart, and shares between its files (rvpmu_host.c: the PMU
 * core; rvpmu_sampler_host.c: the sampler). OpenSBI's half holds a
 * pointer to it per hart and sees it as opaque, except that the core's
 * state comes first (rvpmu_host_fw_counting_offset is from its start).
 */
#ifndef RVPMU_OSBI_H
#define RVPMU_OSBI_H

#include "core/pmu.h"
#ifdef CONFIG_SBI_ECALL_RVPMU_SAMPLER
#include "sampler/sampler.h"
#endif

struct osbi_hart {
	struct rvpmu_hart pmu;			/* first */
#ifdef CONFIG_SBI_ECALL_RVPMU_SAMPLER
	struct rvpmu_sampler_hart sampler;	/* bound by the sampler */
#endif
	bool own;				/* set up on the hart itself */
};

/* rvpmu_host.c: the core's S-mode memory access, for the sampler too */
extern const struct rvpmu_mem_ops osbi_mem_ops;

#endif
