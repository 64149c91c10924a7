/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/topology.h - the harts in topology order (clusters, sockets:
 * /cpus/cpu-map) and the SBI hart sets (hart_mask, hart_mask_base) walked
 * over them (topology.c).
 *
 * Hart context: fw_topology_find on the boot hart while the region is
 * laid out (layout.c); the rest any hart, after boot: the order is
 * read-only by then. Apart from harts.h because a position is the
 * platform's (plat.hart_ids), a hartid the hart's.
 */
#ifndef FW_TOPOLOGY_H
#define FW_TOPOLOGY_H

#include <stdint.h>

#include "firmware/harts.h"
#include "firmware/platform.h"

/**
 * fw_hart_at() - the struct of the hart at a topology position
 * @pos: the position, < plat.nr_harts (not checked)
 *
 * Context: Any hart, once the boot hart has found the topology
 *          (fw_topology_find()); read-only after boot.
 * Return: the struct fw_hart of the hart at @pos.
 */
static inline struct fw_hart *fw_hart_at(unsigned int pos)
{
	return fw_hart_table[plat.hart_ids[pos]];
}

/**
 * fw_topology_find() - the harts' topology order and clusters
 * @fdt: the device tree (plat.fdt, the copy)
 * @ids: plat.nr_harts entries in the region's tables: the hartid at each
 *       position
 * @cluster: plat.nr_harts entries: the cluster of each position
 *
 * The topology from the DT's /cpus/cpu-map (one cluster, by hartid,
 * without one or when it does not name each hart once: a console line
 * says so) into ids and cluster; then plat.hart_ids, hart_cluster,
 * nr_clusters and each hart's pos. A hart's cluster is the node holding
 * its core, so clusters inside sockets stay apart.
 *
 * Context: Boot hart, once every hart is placed (fw_harts_place()), while
 *          the region is laid out (fw_harts_layout()).
 */
void fw_topology_find(const void *fdt, uint32_t *ids, uint16_t *cluster);
/**
 * fw_print_topology() - one console line: the clusters and their harts
 *
 * Context: Boot hart, in the banner, after fw_topology_find().
 */
void fw_print_topology(void);		/* one console line */

/*
 * A set of harts as SBI names them: the bits of mask are hartids from
 * base; base == FW_HARTSET_ALL means every hart (mask ignored). Walking a
 * set costs O(XLEN) or O(harts), never more.
 */
#define FW_HARTSET_ALL (~0ul)
struct fw_hartset {
	unsigned long mask, base;
};
/**
 * fw_hartset_check() - does every hartid of an SBI hart set name a hart?
 * @s: the set, as S-mode passed it
 *
 * Every hart (FW_HARTSET_ALL) always does; otherwise each bit of the mask
 * is looked up. An empty mask passes.
 *
 * Context: Any hart, in M-mode, in an ecall; reads what the boot hart
 *          left read-only.
 * Return: SBI_SUCCESS, or SBI_ERR_INVALID_PARAM when a hartid of the set
 *         is not a hart of the platform (or base + bit wraps).
 */
long fw_hartset_check(struct fw_hartset s);
/**
 * fw_hartset_next() - the next hart of a checked set
 * @s: the set (fw_hartset_check() passed it)
 * @cursor: the walk's state: start with *cursor = 0
 *
 * Every hart (FW_HARTSET_ALL) in topology order; a mask by hartid, its
 * lowest bit first.
 *
 * Context: Any hart, in M-mode; the walk is the caller's alone.
 * Return: the next hart's struct fw_hart; NULL at the end.
 */
struct fw_hart *fw_hartset_next(struct fw_hartset s, unsigned long *cursor);

#endif
