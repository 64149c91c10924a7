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

/**
 * fw_pmu_init() - probe the PMU and set up the core's configuration
 * @fdt: the device tree (plat.fdt, the copy)
 *
 * The hpm counters (plat.hpm; the harts are alike, as plat.sscofpmf takes
 * them to be), Smcntrpmf, whether cycles counters count on while inhibited
 * (QEMU 7.2: probed on the lowest hpm counter), the held overflow's ns per
 * tick (with Sscofpmf), the riscv,pmu mapping (dt/pmu_dt.h's parse, its
 * problems kept in plat.dt) and the core's configuration in plat.pmu,
 * with the ops table the probe picks.
 *
 * Context: Boot hart, once, at boot, once the DT is the copy and before
 *          any hart's set-up.
 * Return: 0, or the DT parser's error (a negative -FDT_ERR_*: the DT is
 *         not a usable blob).
 */
int fw_pmu_init(const void *fdt);
/**
 * fw_pmu_hart_init() - set up this hart's PMU core state
 * @h: the calling hart's struct
 *
 * rvpmu_hart_init() on h->pmu with plat.pmu: its counters in their boot
 * state. Halts the machine if the core refuses the configuration.
 *
 * Context: Each hart, on itself, at its set-up (hart_setup), after
 *          fw_pmu_init().
 */
void fw_pmu_hart_init(struct fw_hart *h);
/**
 * fw_pmu_probe_clocks() - does minstret keep a clock of its own?
 * @h: the boot hart's struct
 *
 * Whether minstret keeps a clock of its own (plat.instret_apart):
 * minstret against mcycle across a short wait in which every hart sleeps,
 * with S-mode's mtimecmp slot as the alarm (free until S-mode runs). Not
 * probed without an mtimecmp (false). Prints the PMU's quirks.
 *
 * Context: Boot hart, once, after every other hart has set itself up and
 *          parked, before S-mode runs.
 */
void fw_pmu_probe_clocks(struct fw_hart *h);
extern const struct rvpmu_hw_ops fw_pmu_hw_ops;
extern const struct rvpmu_mem_ops fw_pmu_mem_ops;
extern const struct rvpmu_mem_ops fw_sampler_mem_ops;	/* SBI shared memory */
extern const struct rvpmu_fw_ops fw_pmu_fw_ops;

#endif
