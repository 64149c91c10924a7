/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * dt/cpu_map.h - the harts' topology order for the sampler (its data
 * field is "hart in cluster, then cluster"), from the device tree's
 * /cpus/cpu-map. Runs on the host and in the firmware at boot, on one
 * hart; no allocation.
 */
#ifndef RVPMU_CPU_MAP_H
#define RVPMU_CPU_MAP_H

#include <stdint.h>

/*
 * Fill order[i] (hartid) and cluster[i] for every hart, i < max, in
 * topology order: the cores (and threads) of the first leaf cluster of
 * /cpus/cpu-map in tree order, then the next cluster's, clusters numbered
 * from 0 in that order (socket nodes above clusters only group them).
 * Without a cpu-map: every /cpus/cpu@ node's reg in tree order, all in
 * cluster 0. Returns the number of harts, or -1 when the tree has no
 * /cpus, a cpu-map entry names no cpu node with a reg, or there are more
 * than max harts. fdt must have been checked (fdt_check_header).
 */
int rvpmu_dt_cpu_order(const void *fdt, uint32_t *order, uint32_t *cluster,
		       unsigned int max);

#endif
