/* SPDX-License-Identifier: BSD-2-Clause */
/* The topology order of the harts from /cpus/cpu-map (see cpu_map.h). */
#include <libfdt.h>
#include <string.h>

#include "cpu_map.h"

#define MAX_DEPTH	4	/* socket / cluster / core / thread */

struct walk {
	const void *fdt;
	uint32_t *order, *cluster;
	unsigned int max, n, clusters;
	int err;
};

static int hart_of_cpu_node(const void *fdt, int node, uint32_t *hartid)
{
	const fdt32_t *reg;
	int len;

	reg = fdt_getprop(fdt, node, "reg", &len);
	if (node < 0 || !reg || len < (int)sizeof(*reg))
		return -1;
	/* #address-cells of /cpus is 1 on RISC-V; a 2-cell reg's low word */
	*hartid = fdt32_to_cpu(reg[len / (int)sizeof(*reg) - 1]);
	return 0;
}

static void add(struct walk *w, uint32_t hartid, uint32_t cl)
{
	if (w->n >= w->max) {
		w->err = -1;
		return;
	}
	w->order[w->n] = hartid;
	w->cluster[w->n] = cl;
	w->n++;
}

/* Every cpu below node (a core or thread with a "cpu" phandle), into
   cluster cl; returns whether any was found. */
static int leaves(struct walk *w, int node, uint32_t cl, int depth)
{
	const fdt32_t *ph;
	uint32_t hartid;
	int child, len, found = 0;

	ph = fdt_getprop(w->fdt, node, "cpu", &len);
	if (ph && len == (int)sizeof(*ph)) {
		int cpu = fdt_node_offset_by_phandle(w->fdt, fdt32_to_cpu(*ph));

		if (hart_of_cpu_node(w->fdt, cpu, &hartid))
			w->err = -1;
		else
			add(w, hartid, cl);
		return 1;
	}
	if (depth >= MAX_DEPTH)
		return 0;
	fdt_for_each_subnode(child, w->fdt, node)
		found |= leaves(w, child, cl, depth + 1);
	return found;
}

/* A cluster whose children are cores gets the next number; one whose
   children are clusters (or a socket) only groups them. */
static void clusters(struct walk *w, int node, int depth)
{
	int child;

	fdt_for_each_subnode(child, w->fdt, node) {
		const char *name = fdt_get_name(w->fdt, child, NULL);
		int grandchild, has_cluster = 0;

		if (!name || (strncmp(name, "cluster", 7) && strncmp(name, "socket", 6)))
			continue;
		fdt_for_each_subnode(grandchild, w->fdt, child) {
			const char *g = fdt_get_name(w->fdt, grandchild, NULL);

			if (g && !strncmp(g, "cluster", 7))
				has_cluster = 1;
		}
		if (has_cluster && depth < MAX_DEPTH)
			clusters(w, child, depth + 1);
		else if (leaves(w, child, w->clusters, depth + 1))
			w->clusters++;
	}
}

int rvpmu_dt_cpu_order(const void *fdt, uint32_t *order, uint32_t *cluster,
		       unsigned int max)
{
	struct walk w = { fdt, order, cluster, max, 0, 0, 0 };
	int cpus = fdt_path_offset(fdt, "/cpus"), map, node;
	uint32_t hartid;

	if (cpus < 0)
		return -1;
	map = fdt_subnode_offset(fdt, cpus, "cpu-map");
	if (map >= 0)
		clusters(&w, map, 0);
	if (map < 0 || (!w.n && !w.err)) {
		fdt_for_each_subnode(node, fdt, cpus) {
			const char *type = fdt_getprop(fdt, node, "device_type", NULL);

			if (!type || strcmp(type, "cpu"))
				continue;
			if (hart_of_cpu_node(fdt, node, &hartid))
				return -1;
			add(&w, hartid, 0);
		}
	}
	return w.err ? -1 : (int)w.n;
}
