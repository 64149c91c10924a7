/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tests/fixture.h - one simulated hart wired to the core, with a platform
 * map shaped like QEMU virt's plus a few rows that exercise the rest:
 *   cycles -> 0,3..18   instret -> 2..18   DTLB/ITLB misses -> 3..18
 *   general events 3..6 -> counters 3,4 only
 *   branch instructions (0x5) -> selector 0x4000
 *   raw (data & 0xffff) == 0x1234 -> counters 5,6
 *   raw (data & ~0xff) == 0x2000 -> counters 3..18
 *   raw v2 only: (data & 0xff00000000ffff) == 0x42000000000077 -> 7
 */
#ifndef RVPMU_FIXTURE_H
#define RVPMU_FIXTURE_H

#include "core/pmu.h"
#include "tools/sim/sim_hart.h"
#include "t.h"

#define FX_DTLB_WR_MISS	SBI_PMU_CACHE_EVENT(SBI_PMU_HW_CACHE_DTLB, 1, 1)
#define FX_ITLB_RD_MISS	SBI_PMU_CACHE_EVENT(SBI_PMU_HW_CACHE_ITLB, 0, 1)
#define FX_CYCLES	SBI_PMU_EVENT_IDX(0, SBI_PMU_HW_CPU_CYCLES)
#define FX_INSTRET	SBI_PMU_EVENT_IDX(0, SBI_PMU_HW_INSTRUCTIONS)
#define FX_BRANCHES	SBI_PMU_EVENT_IDX(0, SBI_PMU_HW_BRANCH_INSTRUCTIONS)
#define FX_SHMEM	(SIM_RAM_BASE + 0x8000)	/* a usable 4 KiB page */

struct fx {
	struct sim_hart sim;
	struct rvpmu_map map;
	struct rvpmu_config cfg;
	struct rvpmu_hart h;
};

/* The map described above. */
void fx_map(struct rvpmu_map *m);

/* A hart with nr_hpm hpm counters of `bits` bits and nr_fw firmware
   counters; fails the current test if init fails. */
void fx_init(struct fx *f, unsigned int nr_hpm, unsigned int bits,
	     bool sscofpmf, unsigned int nr_fw);

/* The same, with Smcntrpmf (mode filters on counters 0 and 2) as given. */
void fx_init_ext(struct fx *f, unsigned int nr_hpm, unsigned int bits,
		 bool sscofpmf, bool smcntrpmf, unsigned int nr_fw);

/* The usual: 16 hpm counters of 64 bits, Sscofpmf, 16 firmware counters
   (35 counters, firmware from 19, like OpenSBI on QEMU virt). */
void fx_std(struct fx *f);

/* config_matching over every counter with no flags; returns the counter or
   the (negative) error. */
long fx_match(struct fx *f, rvpmu_ulong flags, rvpmu_ulong event, uint64_t data);

/* Value of a hardware counter as S-mode would read it. */
uint64_t fx_hw(struct fx *f, unsigned int ctr);

/* All counters as one mask for base 0 (counters 0..min(n, XLEN)-1). */
rvpmu_ulong fx_all(const struct fx *f);

#endif
