/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * dt/cpu_map.h - the harts a device tree's /cpus/cpu-map names, in its
 * order, with their clusters: the sampler's topology order (clusters,
 * inside sockets, one after another), for rvpmu's firmware and for the
 * OpenSBI port alike. Runs on the host (tests, fuzz-dt) and in M-mode at
 * boot, on one hart; no allocation.
 */
#ifndef RVPMU_DT_CPU_MAP_H
#define RVPMU_DT_CPU_MAP_H

#include <stdint.h>

/* What rvpmu_dt_cpu_map() returns for a map it cannot use. */
#define RVPMU_CPU_MAP_BAD	(-1)
/* The deepest cpu-map nesting walked below /cpus/cpu-map (socket,
   clusters in clusters, core, thread): deeper is a bad map. */
#define RVPMU_CPU_MAP_DEPTH	6

/**
 * rvpmu_dt_cpu_map() - the harts of /cpus/cpu-map in topology order
 * @fdt: the flattened device tree (read only)
 * @hartid: the hartid of the cpu node with this phandle, which a leaf's
 *          "cpu" property names; negative for a cpu the caller does not
 *          run (disabled, past its limit): that leaf is skipped
 * @ctx: passed to @hartid
 * @ids: the hartids in topology order, at most @max of them
 * @cluster: each one's cluster, from 0 in order of first appearance: the
 *           node holding its core (a thread's core's parent, a core's
 *           parent), so that clusters inside sockets stay apart
 * @max: the room in @ids and @cluster: the number of harts the caller
 *       runs, each of which the map must name
 *
 * Context: Any, one caller at a time on @ids; recursion at most
 *          RVPMU_CPU_MAP_DEPTH + 1 frames.
 * Return: the number of clusters (1 or more) when the map names each of
 *         @max harts exactly once; 0 when there is no /cpus/cpu-map;
 *         RVPMU_CPU_MAP_BAD when it names a hart twice, more or fewer
 *         than @max, or nests too deep (@ids and @cluster are then partly
 *         written: the caller takes its own order).
 */
int rvpmu_dt_cpu_map(const void *fdt, long (*hartid)(void *ctx, uint32_t phandle), void *ctx,
		     uint32_t *ids, uint16_t *cluster, unsigned int max);

#endif
