/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/pmu_hw.h - the PMU core bound to this machine (pmu_hw.c): its
 * seams on the real CSRs, S-mode memory and the firmware's events, and
 * the PMU's set-up.
 *
 * Hart context: fw_pmu_init on the boot hart once the DT is the copy: the
 * hpm counters (the harts are alike, as plat.sscofpmf takes them to be),
 * the riscv,pmu mapping (dt/pmu_dt.h's parse) and the core's
 * configuration in plat; 0, or the DT parser's error. fw_pmu_hart_init on
 * each hart at set-up; fw_pmu_probe_clocks on the boot hart, every other
 * hart parked. The ops run on the hart the core runs on.
 */
#ifndef FW_PMU_HW_H
#define FW_PMU_HW_H

#include "core/pmu.h"
#include "rvpmu/sbi.h"

/* Implementation-specific firmware events: include/rvpmu/sbi.h */
#define FW_EVENT_SBI_CALLS	RVPMU_FW_SBI_CALLS
#define FW_EVENT_M_TRAPS	RVPMU_FW_M_TRAPS

struct fw_hart;

int fw_pmu_init(const void *fdt);
void fw_pmu_hart_init(struct fw_hart *h);
/* whether minstret keeps a clock of its own (plat.instret_apart) */
void fw_pmu_probe_clocks(struct fw_hart *h);
extern const struct rvpmu_hw_ops fw_pmu_hw_ops;
extern const struct rvpmu_mem_ops fw_pmu_mem_ops;
extern const struct rvpmu_mem_ops fw_sampler_mem_ops;	/* SBI shared memory */
extern const struct rvpmu_fw_ops fw_pmu_fw_ops;

#endif
