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
#include <libfdt.h>
#include <string.h>

#include "console.h"
#include "harts.h"
#include "lib/bits.h"
#include "platform.h"
#include "topology.h"

struct topo {
	uint32_t *ids;
	uint16_t *cluster;
	unsigned int n, nr_clusters;
	int last_parent;		/* DT offset of the last cluster seen */
	bool bad;
};

static void topo_add(struct topo *t, const void *fdt, int leaf, int cluster_node)
{
	const fdt32_t *cpu = fdt_getprop(fdt, leaf, "cpu", NULL);
	struct fw_hart *h = cpu ? fw_hart_by_phandle(fdt32_to_cpu(*cpu), false) : 0;

	if (!h)		/* a cpu we do not run (disabled, past the limit) */
		return;
	if (t->n == plat.nr_harts || h->pos) {	/* pos is 1-based while placing */
		t->bad = true;
		return;
	}
	if (cluster_node != t->last_parent) {
		t->nr_clusters++;
		t->last_parent = cluster_node;
	}
	t->ids[t->n] = (uint32_t)h->hartid;
	t->cluster[t->n] = (uint16_t)(t->nr_clusters - 1);
	h->pos = ++t->n;
}

/*
 * Depth first through socket/cluster/core/thread nodes: a hart's cluster
 * is the node holding its core (so clusters inside sockets stay apart).
 */
static void topo_walk(struct topo *t, const void *fdt, int node, int parent, int depth)
{
	int child;

	if (depth > 6) {
		t->bad = true;
		return;
	}
	fdt_for_each_subnode(child, fdt, node) {
		const char *name = fdt_get_name(fdt, child, NULL);

		if (fdt_getprop(fdt, child, "cpu", NULL))
			topo_add(t, fdt, child, name && !strncmp(name, "thread", 6) ? parent : node);
		else
			topo_walk(t, fdt, child, node, depth + 1);
	}
}

void fw_topology_find(const void *fdt, uint32_t *ids, uint16_t *cluster)
{
	struct topo t = { .ids = ids, .cluster = cluster };
	int map = fdt_path_offset(fdt, "/cpus/cpu-map");
	unsigned long id;

	t.last_parent = -1;
	if (map >= 0)
		topo_walk(&t, fdt, map, map, 0);
	if (map < 0 || t.bad || t.n != plat.nr_harts) {
		if (map >= 0)
			fw_printf("rvpmu: /cpus/cpu-map does not name each hart once: "
				  "one cluster, by hartid\n");
		t.n = 0;
		t.nr_clusters = 1;
		for (id = 0; id < fw_hart_table_len; id++)
			if (fw_hart_table[id]) {
				t.cluster[t.n] = 0;
				t.ids[t.n++] = (uint32_t)id;
			}
	}
	for (id = 0; id < t.n; id++)
		fw_hart_table[t.ids[id]]->pos = (unsigned int)id;
	plat.hart_ids = t.ids;
	plat.hart_cluster = t.cluster;
	plat.nr_clusters = t.nr_clusters;
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
