/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The /cpus/cpu-map walk (cpu_map.h): depth first, each leaf with a
 * "cpu" property a hart, its cluster the node that holds its core.
 */
#include <libfdt.h>

#include "cpu_map.h"

struct walk {
	const void *fdt;
	long (*hartid)(void *ctx, uint32_t phandle);
	void *ctx;
	uint32_t *ids;
	uint16_t *cluster;
	unsigned int n, max, nr_clusters;
	int last_parent;	/* DT offset of the last cluster seen */
	int bad;
};

static void add(struct walk *w, int leaf, int cluster_node)
{
	int len;
	const fdt32_t *cpu = fdt_getprop(w->fdt, leaf, "cpu", &len);
	long id = cpu && len == (int)sizeof(*cpu) ? w->hartid(w->ctx, fdt32_to_cpu(*cpu)) : -1;
	unsigned int i;

	if (id < 0 || id > (long)UINT32_MAX)
		return;		/* a cpu the caller does not run */
	/* named twice, or one too many: a linear search, at boot (512
	   harts: 130,816 compares at most) */
	for (i = 0; i < w->n && w->ids[i] != (uint32_t)id; i++)
		;
	if (i < w->n || w->n == w->max) {
		w->bad = 1;
		return;
	}
	if (cluster_node != w->last_parent) {
		w->nr_clusters++;
		w->last_parent = cluster_node;
	}
	w->ids[w->n] = (uint32_t)id;
	w->cluster[w->n++] = (uint16_t)(w->nr_clusters - 1);
}

/* Whether a node's name begins "thread" (no libc: OpenSBI has none). */
static int is_thread(const char *name)
{
	static const char t[] = "thread";
	unsigned int i;

	for (i = 0; name && i < sizeof(t) - 1; i++)
		if (name[i] != t[i])
			return 0;
	return name != NULL;
}

static void walk(struct walk *w, int node, int parent, int depth)
{
	int child;

	if (depth > RVPMU_CPU_MAP_DEPTH) {
		w->bad = 1;
		return;
	}
	fdt_for_each_subnode(child, w->fdt, node) {
		if (w->bad)
			return;
		if (fdt_getprop(w->fdt, child, "cpu", NULL))
			add(w, child,
			    is_thread(fdt_get_name(w->fdt, child, NULL)) ? parent : node);
		else
			walk(w, child, node, depth + 1);
	}
}

int rvpmu_dt_cpu_map(const void *fdt, long (*hartid)(void *ctx, uint32_t phandle), void *ctx,
		     uint32_t *ids, uint16_t *cluster, unsigned int max)
{
	struct walk w = { .fdt = fdt, .hartid = hartid, .ctx = ctx, .ids = ids,
			  .cluster = cluster, .max = max, .last_parent = -1 };
	int map = fdt_path_offset(fdt, "/cpus/cpu-map");

	if (map < 0)
		return 0;
	walk(&w, map, map, 0);
	if (w.bad || w.n != max || w.nr_clusters > UINT16_MAX)
		return RVPMU_CPU_MAP_BAD;
	return (int)w.nr_clusters;
}
