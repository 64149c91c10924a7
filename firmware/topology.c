/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The harts in topology order: clusters (inside sockets) from the DT's
 * /cpus/cpu-map, or one cluster by hartid; and the SBI hart sets
 * (hart_mask, hart_mask_base) walked over the harts.
 *
 * Hart context: fw_topology_find on the boot hart while the region is laid
 * out (layout.c), fw_print_topology in its banner; the hart sets any
 * hart, in an ecall, reading what the boot hart left read-only.
 */
#include <stddef.h>

#include "console.h"
#include "dt/cpu_map.h"
#include "harts.h"
#include "lib/bits.h"
#include "platform.h"
#include "topology.h"

/* The hartid of the cpu with this phandle, if this firmware runs it. */
static long run_hartid(void *ctx, uint32_t phandle)
{
	struct fw_hart *h = fw_hart_by_phandle(phandle, false);

	(void)ctx;
	return h ? (long)h->hartid : -1;
}

void fw_topology_find(const void *fdt, uint32_t *ids, uint16_t *cluster)
{
	int nr = rvpmu_dt_cpu_map(fdt, run_hartid, NULL, ids, cluster, plat.nr_harts);
	unsigned long id, n = plat.nr_harts;

	if (nr <= 0) {
		n = 0;
		if (nr < 0)
			fw_printf("rvpmu: /cpus/cpu-map does not name each hart once: "
				  "one cluster, by hartid\n");
		nr = 1;
		for (id = 0; id < fw_hart_table_len; id++)
			if (fw_hart_table[id]) {
				cluster[n] = 0;
				ids[n++] = (uint32_t)id;
			}
	}
	for (id = 0; id < n; id++)
		fw_hart_table[ids[id]]->pos = (unsigned int)id;
	plat.hart_ids = ids;
	plat.hart_cluster = cluster;
	plat.nr_clusters = (unsigned int)nr;
}

void fw_print_topology(void)
{
	unsigned int c, lo = ~0u, hi = 0, p = 0;

	for (c = 0; c < plat.nr_clusters; c++) {
		unsigned int k = 0;

		for (; p < plat.nr_harts && plat.hart_cluster[p] == c; p++)
			k++;
		lo = k < lo ? k : lo;
		hi = k > hi ? k : hi;
	}
	if (lo == hi)
		fw_printf("topology: %u cluster%s x %u hart%s\n", plat.nr_clusters,
			  plat.nr_clusters == 1 ? "" : "s", lo, lo == 1 ? "" : "s");
	else
		fw_printf("topology: %u clusters of %u to %u harts, %u harts\n",
			  plat.nr_clusters, lo, hi, plat.nr_harts);
}

/* ---- hart sets */

long fw_hartset_check(struct fw_hartset s)
{
	unsigned long m;

	if (s.base == FW_HARTSET_ALL)
		return SBI_SUCCESS;
	for (m = s.mask; m; m &= m - 1) {
		unsigned long id = s.base + (unsigned long)rvpmu_ctz64(m);

		if (id < s.base || !fw_hart_of(id))
			return SBI_ERR_INVALID_PARAM;
	}
	return SBI_SUCCESS;
}

struct fw_hart *fw_hartset_next(struct fw_hartset s, unsigned long *cursor)
{
	unsigned long rest;

	if (s.base == FW_HARTSET_ALL)
		return *cursor < plat.nr_harts ? fw_hart_at((unsigned int)(*cursor)++) : 0;
	/* *cursor: the mask bits already walked */
	rest = s.mask & ~*cursor;
	if (!rest)
		return 0;
	rest &= -rest;
	*cursor |= rest;
	return fw_hart_of(s.base + (unsigned long)rvpmu_ctz64(rest));
}
