/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer target for the riscv,pmu parser. Two modes, by the first byte:
 *   even: the rest is a blob handed to rvpmu_dt_parse as is (no
 *         fdt_check_full first: the parser must be safe on its own);
 *   odd:  the rest fills the three mapping properties of a well-formed
 *         tree, so the row logic sees every shape of row.
 * After a successful parse the map must keep its promises (sorted,
 * disjoint ranges; no fixed/time counters where they do not belong; no
 * missing counters; no Sscofpmf bits in selectors; raw match within mask),
 * and a hart built on it must answer config_matching without harm.
 *
 * The /cpus/cpu-map walk (dt/cpu_map.c) runs on every tree: on the blob
 * (once its header parses) and on a map the odd mode's bytes after the
 * properties shape (clusters, cores, threads, nested); an answer that
 * says the map is good must name each hart once, clusters in order.
 */
#include <libfdt.h>
#include <stdio.h>
#include <stdlib.h>

#include "dt/cpu_map.h"
#include "dt/pmu_dt.h"
#include "fixture.h"

struct t_state t_state;

static char tree[1 << 16];

/* The bytes after the properties: the cpu-map's nodes, one a byte (low
   2 bits: open a cluster, a core leaf, close, a thread leaf; the rest
   the leaf's cpu phandle, 1..64, or none for 0) */
static int build_map(const uint8_t *d, size_t n)
{
	unsigned int depth = 0, k = 0;
	char name[16];
	size_t i;

	if (fdt_begin_node(tree, "cpus") || fdt_begin_node(tree, "cpu-map"))
		return -1;
	for (i = 0; i < n && i < 256; i++) {
		unsigned int op = d[i] & 3, ph = d[i] >> 2;

		if (op == 2) {
			if (depth && fdt_end_node(tree))
				return -1;
			depth -= depth > 0;
			continue;
		}
		snprintf(name, sizeof(name), "%s%u", op == 0 ? "cluster" : op == 1 ? "core" :
			 "thread", k++);
		if (fdt_begin_node(tree, name))
			return -1;
		if (op == 0) {
			depth++;
			continue;
		}
		if ((ph && fdt_property_u32(tree, "cpu", ph)) || fdt_end_node(tree))
			return -1;
	}
	while (depth--)
		if (fdt_end_node(tree))
			return -1;
	return fdt_end_node(tree) || fdt_end_node(tree) ? -1 : 0;
}

/* every phandle 1..48 is a hart (hartid 100 + phandle); the rest are
   cpus the firmware does not run */
static long hartid_of(void *ctx, uint32_t phandle)
{
	(void)ctx;
	return phandle >= 1 && phandle <= 48 ? 100 + (long)phandle : -1;
}

static void check_cpu_map(const void *fdt, unsigned int max)
{
	static uint32_t ids[64];
	static uint16_t cluster[64];
	int nr = rvpmu_dt_cpu_map(fdt, hartid_of, NULL, ids, cluster, max);
	unsigned int i, j;

	if (nr < RVPMU_CPU_MAP_BAD)
		abort();
	if (nr <= 0)
		return;
	for (i = 0; i < max; i++) {
		if (ids[i] < 101 || ids[i] > 148 || cluster[i] >= (unsigned int)nr ||
		    (i ? cluster[i] < cluster[i - 1] || cluster[i] > cluster[i - 1] + 1 :
			 cluster[0] != 0))
			abort();
		for (j = 0; j < i; j++)
			if (ids[j] == ids[i])
				abort();
	}
	if (cluster[max - 1] != nr - 1)
		abort();
}

static int build(const uint8_t *d, size_t n)
{
	static const char *const props[3] = {
		RVPMU_DT_PROP_EVENTS, RVPMU_DT_PROP_SELECTORS, RVPMU_DT_PROP_RAW,
	};
	size_t i, off = 0;

	if (fdt_create(tree, sizeof(tree)) || fdt_finish_reservemap(tree) ||
	    fdt_begin_node(tree, "") || fdt_begin_node(tree, "pmu") ||
	    fdt_property_string(tree, "compatible", RVPMU_DT_COMPATIBLE))
		return -1;
	for (i = 0; i < 3 && off < n; i++) {
		uint8_t hdr = d[off++];
		size_t len = (hdr & 0x7f) * 4u + (i == 2 ? 0 : (hdr & 3));

		if (len > n - off)
			len = n - off;
		if (!(len == 0 && (hdr & 0x80)) &&
		    fdt_property(tree, props[i], d + off, (int)len))
			return -1;
		off += len;
	}
	if (fdt_end_node(tree) || build_map(d + off, n - off) || fdt_end_node(tree) ||
	    fdt_finish(tree))
		return -1;
	return 0;
}

static void check_map(const struct rvpmu_map *m, uint32_t counters)
{
	unsigned int i;

	for (i = 0; i < m->nr_ranges; i++) {
		const struct rvpmu_map_range *r = &m->ranges[i];

		if (r->first > r->last || (i && m->ranges[i - 1].last >= r->first) ||
		    (r->counters & 2) || (r->counters & ~counters) || !r->counters ||
		    ((r->counters & 1) && !(r->first == 1 && r->last == 1)) ||
		    ((r->counters & 4) && !(r->first == 2 && r->last == 2)) ||
		    SBI_PMU_EVENT_TYPE(r->first) > 1)
			abort();
	}
	for (i = 0; i < m->nr_sels; i++)
		if ((m->sels[i].selector & MHPMEVENT_SSCOF_MASK) ||
		    (i && m->sels[i - 1].event >= m->sels[i].event))
			abort();
	for (i = 0; i < m->nr_raws; i++)
		if ((m->raws[i].match & ~m->raws[i].mask) || (m->raws[i].counters & 7) ||
		    (m->raws[i].counters & ~counters) || !m->raws[i].counters)
			abort();
}

static void use_map(const struct rvpmu_map *m, const uint8_t *d, size_t n)
{
	static struct fx f;
	unsigned int i;

	fx_init(&f, 16, 64, true, 8);
	f.cfg.map = m;
	for (i = 0; i + 4 <= n && i < 64; i += 4) {
		uint32_t ev = (uint32_t)d[i] | (uint32_t)d[i + 1] << 8 | (uint32_t)(d[i + 2] & 0x3f) << 16;
		uint64_t data = d[i + 3] & 1 ? (uint64_t)ev * 0x10001 : 0;

		fx_match(&f, 0, ev, data);
	}
	if (f.sim.faults)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct rvpmu_map map;
	static struct rvpmu_dt_result res;
	const uint32_t counters = 0x5u | (0xffffu << 3);

	if (!size)
		return 0;
	if (data[0] & 1) {
		if (build(data + 1, size - 1))
			return 0;
		if (rvpmu_dt_parse(tree, sizeof(tree), counters, &map, &res))
			abort();	/* a tree we built must parse */
		check_cpu_map(tree, 1 + data[0] % 48);
	} else {
		/* copy: the blob must not be read past its end */
		uint8_t *copy = malloc(size - 1 ? size - 1 : 1);

		memcpy(copy, data + 1, size - 1);
		if (rvpmu_dt_parse(copy, size - 1, counters, &map, &res)) {
			free(copy);
			return 0;
		}
		check_cpu_map(copy, 1 + data[0] % 48);
		free(copy);
	}
	check_map(&map, counters);
	use_map(&map, data, size);
	return 0;
}
