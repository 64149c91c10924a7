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

/* The struct of the hart at topology position pos < plat.nr_harts. */
static inline struct fw_hart *fw_hart_at(unsigned int pos)
{
	return fw_hart_table[plat.hart_ids[pos]];
}

/*
 * The topology from the DT's /cpus/cpu-map (one cluster, by hartid,
 * without one or when it does not name each hart once) into ids and
 * cluster (plat.nr_harts entries each, in the region's tables); then
 * plat.hart_ids, hart_cluster, nr_clusters and each hart's pos. Boot hart,
 * once every hart is placed (fw_harts_place).
 */
void fw_topology_find(const void *fdt, uint32_t *ids, uint16_t *cluster);
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
/* SBI_SUCCESS, or SBI_ERR_INVALID_PARAM when a hartid of the set is not
   a hart of the platform (or base + bit wraps). Any hart. */
long fw_hartset_check(struct fw_hartset s);
/* The next hart of a checked set; start with *cursor = 0; NULL at the end. */
struct fw_hart *fw_hartset_next(struct fw_hartset s, unsigned long *cursor);

#endif
