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
 */
#include <libfdt.h>
#include <stdlib.h>

#include "dt/pmu_dt.h"
#include "fixture.h"

struct t_state t_state;

static char tree[1 << 16];

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
	if (fdt_end_node(tree) || fdt_end_node(tree) || fdt_finish(tree))
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
	} else {
		/* copy: the blob must not be read past its end */
		uint8_t *copy = malloc(size - 1 ? size - 1 : 1);

		memcpy(copy, data + 1, size - 1);
		if (rvpmu_dt_parse(copy, size - 1, counters, &map, &res)) {
			free(copy);
			return 0;
		}
		free(copy);
	}
	check_map(&map, counters);
	use_map(&map, data, size);
	return 0;
}
