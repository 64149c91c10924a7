/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * dt/pmu_dt.h - the riscv,pmu device-tree binding, parsed with libfdt into
 * the core's platform map, every problem reported with property, row and
 * reason. Runs on the host (rvpmu-dt, tests) and in the firmware at boot,
 * on one hart, before the map is shared; no allocation.
 */
#ifndef RVPMU_PMU_DT_H
#define RVPMU_PMU_DT_H

#include <stdbool.h>
#include <stdint.h>

#include "core/map.h"

#define RVPMU_DT_PROP_EVENTS	"riscv,event-to-mhpmcounters"
#define RVPMU_DT_PROP_SELECTORS	"riscv,event-to-mhpmevent"
#define RVPMU_DT_PROP_RAW	"riscv,raw-event-to-mhpmcounters"
#define RVPMU_DT_COMPATIBLE	"riscv,pmu"

#define RVPMU_DT_MAX_PROBLEMS	64
#define RVPMU_DT_MSG_LEN	112

struct rvpmu_dt_problem {
	const char *prop;	/* property, or NULL for the node */
	int row;		/* row number from 0, or -1 for the property */
	char msg[RVPMU_DT_MSG_LEN];
};

struct rvpmu_dt_result {
	int node;			/* offset of the riscv,pmu node, or -1 */
	char path[64];			/* its path, when found */
	unsigned int rows[3];		/* rows given: events, selectors, raw */
	unsigned int nr_problems;	/* all found; the first
					   RVPMU_DT_MAX_PROBLEMS are stored */
	struct rvpmu_dt_problem problems[RVPMU_DT_MAX_PROBLEMS];
};

/**
 * rvpmu_dt_parse() - parse the riscv,pmu node into the core's map
 * @fdt: the device tree blob
 * @size: the bytes readable at @fdt
 * @counters: the hardware counters that exist (bit 0 mcycle, bit 2
 *            minstret, bit N mhpmcounterN); rows naming others lose those
 *            bits, with a problem reported
 * @map: the map, emptied first (also when the blob is refused)
 * @res: the result: the node, its rows, the problems found
 *
 * Parses the first riscv,pmu node of @fdt. Bad rows are dropped and
 * reported; good rows are kept, whatever else is wrong.
 *
 * Context: The firmware's boot hart, once, before the map is shared; or a
 *          host tool. No allocation.
 * Return: 0 (@res says whether a node was found and what was wrong), or a
 *         negative -FDT_ERR_* when @fdt is not a usable device tree blob
 *         (-FDT_ERR_TRUNCATED when it does not fit in @size).
 */
int rvpmu_dt_parse(const void *fdt, unsigned long size, uint32_t counters,
		   struct rvpmu_map *map, struct rvpmu_dt_result *res);

/**
 * rvpmu_dt_problem_str() - a problem as one line of text
 * @p: the problem
 * @buf: where the text goes, NUL-terminated when @size > 0
 * @size: the bytes at @buf
 *
 * "prop row N: message" (or without the parts that do not apply).
 *
 * Context: Any hart or host tool; reentrant.
 * Return: the length the full text has (as snprintf's), whether or not it
 *         fit.
 */
int rvpmu_dt_problem_str(const struct rvpmu_dt_problem *p, char *buf,
			 unsigned long size);

/**
 * rvpmu_dt_strip() - remove the firmware-only mapping properties
 * @fdt: the device tree blob, writable
 *
 * Removes the three mapping properties from every riscv,pmu node, as the
 * firmware does before handing the DT to S-mode.
 *
 * Context: The firmware's boot hart, before S-mode sees the DT; or a host
 *          tool.
 * Return: 0, or a negative -FDT_ERR_* from libfdt.
 */
int rvpmu_dt_strip(void *fdt);

#endif
