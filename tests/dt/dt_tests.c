/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Device-tree tests: the binding's examples, QEMU's own DTB, hand-made bad
 * trees (built by make from the .dts files here into the directory argv[1]) and
 * blobs built here with libfdt for what dtc cannot write.
 */
#include <libfdt.h>
#include <stdlib.h>

#include "../t.h"
#include "dt/cpu_map.h"
#include "dt/pmu_dt.h"
#include "lib/fmt.h"
#include "rvpmu/sbi.h"

struct t_state t_state;
static const char *dir;
static struct rvpmu_map map;
static struct rvpmu_dt_result res;

#define HPM16 (0x5u | (0xffffu << 3))	/* QEMU virt: 0, 2, 3..18 */
#define HPM29 (0x5u | (0x1fffffffu << 3))

static void *load(const char *name, size_t *size)
{
	char path[512];
	FILE *f;
	void *buf = malloc(1 << 20);

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "rb");
	if (!f || !buf) {
		printf("#   cannot read %s\n", path);
		exit(2);
	}
	*size = fread(buf, 1, 1 << 20, f);
	fclose(f);
	return buf;
}

static int parse_file(const char *name, uint32_t counters)
{
	size_t size;
	void *blob = load(name, &size);
	int err = rvpmu_dt_parse(blob, size, counters, &map, &res);

	free(blob);
	return err;
}

/* The problem list contains one for prop/row whose text contains what. */
static int has_problem(const char *prop, int row, const char *what)
{
	for (unsigned int i = 0; i < res.nr_problems && i < RVPMU_DT_MAX_PROBLEMS; i++) {
		const struct rvpmu_dt_problem *p = &res.problems[i];

		if (p->row == row && ((!p->prop && !prop) || (p->prop && prop && !strcmp(p->prop, prop))) &&
		    strstr(p->msg, what))
			return 1;
	}
	printf("#   missing problem: %s row %d: %s\n", prop ? prop : "-", row, what);
	return 0;
}

static void qemu_virt_dtb(void)
{
	CHECK_EQ(parse_file("qemu-virt.dtb", HPM16), 0);
	CHECK(res.node >= 0);
	CHECK_EQ(res.rows[0], 6);
	CHECK_EQ(map.nr_ranges, 5);
	CHECK_EQ(map.nr_sels, 0);
	CHECK_EQ(map.nr_raws, 0);
	CHECK_EQ(rvpmu_map_counters(&map, 1), 0x7fff9);
	CHECK_EQ(rvpmu_map_counters(&map, 2), 0x7fffc);
	CHECK_EQ(rvpmu_map_counters(&map, 0x10019), 0x7fff8);
	CHECK_EQ(rvpmu_map_counters(&map, 0x1001b), 0x7fff8);
	CHECK_EQ(rvpmu_map_counters(&map, 0x10021), 0x7fff8);
	CHECK_EQ(rvpmu_map_counters(&map, 0), 0);
	CHECK_EQ(res.nr_problems, 2);
	CHECK(has_problem(RVPMU_DT_PROP_EVENTS, 5, "names no counters"));
	CHECK(has_problem(RVPMU_DT_PROP_EVENTS, -1, "8 trailing bytes"));
}

static void qemu_virt_smp4_dtb(void)
{
	CHECK_EQ(parse_file("qemu-virt-smp4.dtb", HPM16), 0);
	CHECK_EQ(map.nr_ranges, 5);
	CHECK_EQ(res.nr_problems, 2);
}

static void binding_first_example(void)
{
	uint64_t sel;

	CHECK_EQ(parse_file("binding-example.dtb", HPM29), 0);
	CHECK_EQ(map.nr_ranges, 4);
	CHECK_EQ(rvpmu_map_counters(&map, 1), 0x1);
	CHECK_EQ(rvpmu_map_counters(&map, 2), 0x4);
	CHECK_EQ(rvpmu_map_counters(&map, 7), 0xff8);
	CHECK_EQ(rvpmu_map_counters(&map, 0x10033), 0xff000);
	CHECK(!rvpmu_map_selector(&map, 0xb, &sel));
	CHECK_EQ(map.nr_raws, 2);
	CHECK_EQ(rvpmu_map_raw_counters(&map, 2), 0xff8);
	CHECK_EQ(rvpmu_map_raw_counters(&map, 5), 0xff0);
	CHECK_EQ(res.nr_problems, 2);
	CHECK(has_problem(RVPMU_DT_PROP_SELECTORS, 0, "not a defined hardware general event"));
	CHECK(has_problem(RVPMU_DT_PROP_RAW, 2, "above 55"));
	/* with QEMU's 16 hpm counters, counter 19 of row 3 does not exist */
	CHECK_EQ(parse_file("binding-example.dtb", HPM16), 0);
	CHECK(has_problem(RVPMU_DT_PROP_EVENTS, 3, "counter(s) 19 dropped"));
	CHECK_EQ(rvpmu_map_counters(&map, 0x10000), 0x7f000);
}

static void binding_unmatched_example(void)
{
	uint64_t sel = 0;

	CHECK_EQ(parse_file("binding-unmatched.dtb", HPM29), 0);
	CHECK_EQ(res.nr_problems, 0);
	CHECK_EQ(map.nr_ranges, 6);
	CHECK_EQ(map.nr_sels, 10);
	CHECK_EQ(map.nr_raws, 3);
	CHECK(rvpmu_map_selector(&map, 0x10019, &sel));
	CHECK_EQ(sel, 0x1002);
	CHECK(rvpmu_map_selector(&map, 3, &sel));
	CHECK_EQ(sel, 0x1801);
	CHECK_EQ(rvpmu_map_counters(&map, 5), 0x18);
	CHECK_EQ(rvpmu_map_counters(&map, 0x10009), 0x18);
	CHECK_EQ(rvpmu_map_counters(&map, 0x1000a), 0);
	CHECK_EQ(rvpmu_map_raw_counters(&map, 0x4200), 0x18);
	CHECK_EQ(rvpmu_map_raw_counters(&map, 0x1003), 0);	/* event class 3 */
}

static void bad_ranges(void)
{
	const char *P = RVPMU_DT_PROP_EVENTS;

	CHECK_EQ(parse_file("bad-ranges.dtb", HPM16), 0);
	CHECK(has_problem(P, 1, "counter(s) 0 dropped"));
	CHECK(has_problem(P, 2, "above last"));
	CHECK(has_problem(P, 3, "crosses event types"));
	CHECK(has_problem(P, 4, "raw event"));
	CHECK(has_problem(P, 5, "firmware event"));
	CHECK(has_problem(P, 6, "does not define"));
	CHECK(has_problem(P, 7, "counter(s) 1 dropped"));
	CHECK(has_problem(P, 7, "no usable counter left"));
	CHECK(has_problem(P, 8, "names no counters"));
	CHECK(has_problem(P, 10, "overlap row 9"));
	CHECK(has_problem(P, 11, "counter(s) 19-31 dropped"));
	CHECK(has_problem(P, 12, "NO_EVENT"));
	CHECK(has_problem(P, 13, "not a defined hardware general event"));
	CHECK(has_problem(P, 14, "not a defined cache event"));
	CHECK_EQ(res.nr_problems, 14);
	/* what survived */
	CHECK_EQ(map.nr_ranges, 4);
	CHECK_EQ(rvpmu_map_counters(&map, 1), 0x9);
	CHECK_EQ(rvpmu_map_counters(&map, 2), 0x4);
	CHECK_EQ(rvpmu_map_counters(&map, 6), 0x30);
	CHECK_EQ(rvpmu_map_counters(&map, 7), 0);
	CHECK_EQ(rvpmu_map_counters(&map, 0x10019), 0x8);
}

static void bad_selectors(void)
{
	const char *P = RVPMU_DT_PROP_SELECTORS;
	uint64_t sel = 0;

	CHECK_EQ(parse_file("bad-selectors.dtb", HPM29), 0);
	CHECK(has_problem(P, 1, "already has selector 0x1801"));
	CHECK(has_problem(P, 2, "bits 63:56"));
	CHECK(has_problem(P, 3, "raw event"));
	CHECK(has_problem(P, 4, "never used"));
	CHECK_EQ(res.nr_problems, 4);
	CHECK(rvpmu_map_selector(&map, 3, &sel));
	CHECK_EQ(sel, 0x1801);
	CHECK(rvpmu_map_selector(&map, 5, &sel));
	CHECK_EQ(sel, UINT64_C(0x00ff000000004000));
	CHECK(!rvpmu_map_selector(&map, 4, &sel));
	CHECK(rvpmu_map_selector(&map, 0x10019, &sel));	/* kept, with a warning */
}

static void selectors_need_ranges(void)
{
	CHECK_EQ(parse_file("bad-selectors-alone.dtb", HPM29), 0);
	CHECK_EQ(res.nr_problems, 1);
	CHECK(has_problem(RVPMU_DT_PROP_SELECTORS, -1, "needs " RVPMU_DT_PROP_EVENTS));
	CHECK_EQ(map.nr_sels, 0);
}

static void bad_raw_rows(void)
{
	const char *P = RVPMU_DT_PROP_RAW;

	CHECK_EQ(parse_file("bad-raw.dtb", HPM29), 0);
	CHECK(has_problem(P, 0, "outside mask"));
	CHECK(has_problem(P, 1, "above 55"));
	CHECK(has_problem(P, 2, "counter(s) 0,2 dropped"));
	CHECK(has_problem(P, 3, "names no counters"));
	CHECK(has_problem(P, 4, "no usable counter left"));
	CHECK(has_problem(RVPMU_DT_PROP_EVENTS, -1, "6 trailing bytes"));
	CHECK_EQ(res.nr_problems, 7);
	CHECK_EQ(map.nr_raws, 3);
	CHECK_EQ(rvpmu_map_raw_counters(&map, 0x34), 0x18 | 0x10);
	CHECK_EQ(rvpmu_map_raw_counters(&map, UINT64_C(0xff000000000001)), 0x8 | 0x10);
	CHECK_EQ(rvpmu_map_raw_counters(&map, 0x99), 0x10);
	CHECK_EQ(map.nr_ranges, 1);
}

static void two_nodes_use_the_first(void)
{
	CHECK_EQ(parse_file("two-nodes.dtb", HPM29), 0);
	CHECK(has_problem(NULL, -1, "more than one riscv,pmu node"));
	CHECK_EQ(rvpmu_map_counters(&map, 0x10019), 0x18);
	CHECK_EQ(rvpmu_map_counters(&map, 0x10021), 0);
}

static void no_node_is_not_a_problem(void)
{
	CHECK_EQ(parse_file("no-pmu.dtb", HPM29), 0);
	CHECK_EQ(res.node, -1);
	CHECK_EQ(res.nr_problems, 0);
	CHECK_EQ(map.nr_ranges + map.nr_sels + map.nr_raws, 0);
}

static void clean_tree(void)
{
	CHECK_EQ(parse_file("clean.dtb", HPM16), 0);
	CHECK_EQ(res.nr_problems, 0);
	CHECK_EQ(map.nr_ranges, 3);
	CHECK_EQ(map.nr_sels, 1);
	CHECK_EQ(map.nr_raws, 1);
}

/* ---- blobs built here */

static char blob[1 << 17];

/* A tree with one riscv,pmu node holding one property of len bytes. */
static void build(const char *prop, const void *val, int len)
{
	CHECK_EQ(fdt_create(blob, sizeof(blob)), 0);
	CHECK_EQ(fdt_finish_reservemap(blob), 0);
	CHECK_EQ(fdt_begin_node(blob, ""), 0);
	CHECK_EQ(fdt_begin_node(blob, "pmu"), 0);
	CHECK_EQ(fdt_property_string(blob, "compatible", RVPMU_DT_COMPATIBLE), 0);
	if (prop)
		CHECK_EQ(fdt_property(blob, prop, val, len), 0);
	CHECK_EQ(fdt_end_node(blob), 0);
	CHECK_EQ(fdt_end_node(blob), 0);
	CHECK_EQ(fdt_finish(blob), 0);
}

static void too_many_rows(void)
{
	static fdt32_t cells[300 * 3];
	unsigned int i;

	for (i = 0; i < 300; i++) {
		cells[3 * i] = cpu_to_fdt32(0x10000 + i);	/* distinct cache codes */
		cells[3 * i + 1] = cpu_to_fdt32(0x10000 + i);
		cells[3 * i + 2] = cpu_to_fdt32(0x8);
	}
	build(RVPMU_DT_PROP_EVENTS, cells, sizeof(cells));
	CHECK_EQ(rvpmu_dt_parse(blob, sizeof(blob), HPM29, &map, &res), 0);
	CHECK(has_problem(RVPMU_DT_PROP_EVENTS, -1, "300 rows, more than the 255"));
	CHECK_EQ(res.rows[0], 255);
	/* rows with undefined cache codes are reported, the rest kept */
	CHECK(map.nr_ranges > 0 && map.nr_ranges <= 255);
	CHECK(res.nr_problems > RVPMU_DT_MAX_PROBLEMS);	/* counted past the store */
	CHECK_EQ(rvpmu_map_counters(&map, 0x10019), 0x8);
}

static void ragged_and_empty_properties(void)
{
	fdt32_t cells[5] = { cpu_to_fdt32(1), cpu_to_fdt32(1), cpu_to_fdt32(9),
			     cpu_to_fdt32(2), cpu_to_fdt32(2) };

	build(RVPMU_DT_PROP_EVENTS, cells, 5 * 4);
	CHECK_EQ(rvpmu_dt_parse(blob, sizeof(blob), HPM29, &map, &res), 0);
	CHECK_EQ(map.nr_ranges, 1);
	CHECK(has_problem(RVPMU_DT_PROP_EVENTS, -1, "8 trailing bytes"));
	build(RVPMU_DT_PROP_EVENTS, cells, 2);
	CHECK_EQ(rvpmu_dt_parse(blob, sizeof(blob), HPM29, &map, &res), 0);
	CHECK_EQ(map.nr_ranges, 0);
	CHECK(has_problem(RVPMU_DT_PROP_EVENTS, -1, "2 trailing bytes"));
	build(RVPMU_DT_PROP_RAW, cells, 0);
	CHECK_EQ(rvpmu_dt_parse(blob, sizeof(blob), HPM29, &map, &res), 0);
	CHECK(has_problem(RVPMU_DT_PROP_RAW, -1, "empty property"));
}

static void not_a_blob(void)
{
	char junk[256];

	memset(junk, 0x41, sizeof(junk));
	CHECK(rvpmu_dt_parse(junk, sizeof(junk), HPM29, &map, &res) < 0);
	CHECK(rvpmu_dt_parse(junk, 4, HPM29, &map, &res) < 0);
	/* a real blob cut short: the header promises more than there is */
	build(NULL, NULL, 0);
	CHECK_EQ(rvpmu_dt_parse(blob, fdt_totalsize(blob) - 1, HPM29, &map, &res),
		 -FDT_ERR_TRUNCATED);
	CHECK_EQ(rvpmu_dt_parse(blob, fdt_totalsize(blob), HPM29, &map, &res), 0);
}

static void strip_removes_the_mapping(void)
{
	size_t size;
	void *b = load("qemu-virt.dtb", &size);
	int node;

	CHECK_EQ(fdt_open_into(b, b, 1 << 20), 0);
	CHECK_EQ(rvpmu_dt_strip(b), 0);
	node = fdt_node_offset_by_compatible(b, -1, RVPMU_DT_COMPATIBLE);
	CHECK(node >= 0);	/* the node stays: Linux probes it */
	CHECK(!fdt_getprop(b, node, RVPMU_DT_PROP_EVENTS, NULL));
	CHECK(!fdt_getprop(b, node, RVPMU_DT_PROP_SELECTORS, NULL));
	CHECK(!fdt_getprop(b, node, RVPMU_DT_PROP_RAW, NULL));
	CHECK(fdt_getprop(b, node, "compatible", NULL) != NULL);
	CHECK(fdt_path_offset(b, "/cpus") >= 0);
	free(b);
	b = load("two-nodes.dtb", &size);
	CHECK_EQ(fdt_open_into(b, b, 1 << 20), 0);
	CHECK_EQ(rvpmu_dt_strip(b), 0);
	CHECK_EQ(rvpmu_dt_parse(b, 1 << 20, HPM29, &map, &res), 0);
	CHECK_EQ(map.nr_ranges, 0);
	free(b);
}

static void problem_strings(void)
{
	char buf[256];
	struct rvpmu_dt_problem p = { RVPMU_DT_PROP_RAW, 3, "x" };

	rvpmu_dt_problem_str(&p, buf, sizeof(buf));
	CHECK(!strcmp(buf, "riscv,raw-event-to-mhpmcounters row 3: x"));
	p.row = -1;
	rvpmu_dt_problem_str(&p, buf, sizeof(buf));
	CHECK(!strcmp(buf, "riscv,raw-event-to-mhpmcounters: x"));
	p.prop = NULL;
	rvpmu_dt_problem_str(&p, buf, sizeof(buf));
	CHECK(!strcmp(buf, "x"));
}

/* ---- /cpus/cpu-map (dt/cpu_map.c) */

/* the hartid (reg) of an enabled cpu node, by phandle; -1 otherwise */
static long reg_of(void *fdt, uint32_t phandle)
{
	int node = fdt_node_offset_by_phandle(fdt, phandle);
	const fdt32_t *reg = node >= 0 ? fdt_getprop(fdt, node, "reg", NULL) : NULL;
	const char *st = node >= 0 ? fdt_getprop(fdt, node, "status", NULL) : NULL;

	return reg && (!st || !strcmp(st, "okay")) ? (long)fdt32_to_cpu(*reg) : -1;
}

/*
 * Clusters inside sockets stay apart, a thread's cluster is its core's,
 * a nested cluster is its own, a disabled cpu is left out: harts 5 4 3
 * (cluster 0), 0 (1), 2 1 (2). Six harts asked for, each once: 3
 * clusters; five or seven: a bad map; no map: 0.
 */
static void cpu_map_order(void)
{
	static const uint32_t want[6] = { 5, 4, 3, 0, 2, 1 };
	static const uint16_t want_cl[6] = { 0, 0, 0, 1, 2, 2 };
	uint32_t ids[8];
	uint16_t cl[8];
	size_t size;
	void *fdt = load("cpu-map.dtb", &size);

	CHECK(fdt != NULL);
	if (!fdt)
		return;
	CHECK_EQ(rvpmu_dt_cpu_map(fdt, reg_of, fdt, ids, cl, 6), 3);
	for (unsigned int i = 0; i < 6; i++) {
		CHECK_EQ(ids[i], want[i]);
		CHECK_EQ(cl[i], want_cl[i]);
	}
	CHECK_EQ(rvpmu_dt_cpu_map(fdt, reg_of, fdt, ids, cl, 5),
		 RVPMU_CPU_MAP_BAD);
	CHECK_EQ(rvpmu_dt_cpu_map(fdt, reg_of, fdt, ids, cl, 7),
		 RVPMU_CPU_MAP_BAD);
	free(fdt);
	fdt = load("cpu-map-twice.dtb", &size);
	CHECK_EQ(rvpmu_dt_cpu_map(fdt, reg_of, fdt, ids, cl, 2),
		 RVPMU_CPU_MAP_BAD);
	free(fdt);
	fdt = load("clean.dtb", &size);
	CHECK_EQ(rvpmu_dt_cpu_map(fdt, reg_of, fdt, ids, cl, 1), 0);
	free(fdt);
}

static void fmt_conversions(void)
{
	char b[64];

	CHECK_EQ(rvpmu_snprintf(b, sizeof(b), "%d|%5u|%-4x|%08llx|%s|%c|%%", -12, 7u, 0xabu,
				0x1234ULL, "ok", 'z'), 30);
	CHECK(!strcmp(b, "-12|    7|ab  |00001234|ok|z|%"));
	CHECK_EQ(rvpmu_snprintf(b, 4, "%s", "abcdef"), 6);	/* truncated, terminated */
	CHECK(!strcmp(b, "abc"));
	rvpmu_snprintf(b, sizeof(b), "%lld %llu %lx %zu", -9223372036854775807LL - 1,
		       18446744073709551615ULL, 0xdeadUL, (size_t)5);
	CHECK(!strcmp(b, "-9223372036854775808 18446744073709551615 dead 5"));
	rvpmu_fmt_counters(b, sizeof(b), 0x7fff9);
	CHECK(!strcmp(b, "0,3-18"));
	rvpmu_fmt_counters(b, sizeof(b), 0x8000000000000005ULL);
	CHECK(!strcmp(b, "0,2,63"));
	rvpmu_fmt_counters(b, sizeof(b), 0);
	CHECK(!strcmp(b, "none"));
	rvpmu_fmt_counters(b, 5, 0x7fff9);
	CHECK(!strcmp(b, "0,3-"));
	CHECK_EQ(rvpmu_fmt_grouped(b, sizeof(b), 0), 1);
	CHECK(!strcmp(b, "0"));
	rvpmu_fmt_grouped(b, sizeof(b), 999);
	CHECK(!strcmp(b, "999"));
	rvpmu_fmt_grouped(b, sizeof(b), 1000);
	CHECK(!strcmp(b, "1,000"));
	CHECK_EQ(rvpmu_fmt_grouped(b, sizeof(b), 18446744073709551615ULL), 26);
	CHECK(!strcmp(b, "18,446,744,073,709,551,615"));
	rvpmu_fmt_grouped(b, 4, 1234567);
	CHECK(!strcmp(b, "1,2"));
}

static const struct t_case cases[] = {
	T(fmt_conversions),
	T(cpu_map_order),
	T(qemu_virt_dtb),
	T(qemu_virt_smp4_dtb),
	T(binding_first_example),
	T(binding_unmatched_example),
	T(bad_ranges),
	T(bad_selectors),
	T(selectors_need_ranges),
	T(bad_raw_rows),
	T(two_nodes_use_the_first),
	T(no_node_is_not_a_problem),
	T(clean_tree),
	T(too_many_rows),
	T(ragged_and_empty_properties),
	T(not_a_blob),
	T(strip_removes_the_mapping),
	T(problem_strings),
};

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	if (argc < 2) {
		fprintf(stderr, "usage: dt-tests DTB_DIR [filter]\n");
		return 2;
	}
	dir = argv[1];
	t_state.filter = argc > 2 ? argv[2] : NULL;
	printf("# rvpmu device-tree tests\n");
	T_RUN(cases);
	return t_finish();
}
