/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * rvpmu-dt - check the riscv,pmu node of a device tree blob.
 *
 *   rvpmu-dt check FILE.dtb [--hpm N]
 *
 * Prints the mapping the firmware would use, as a table, then every
 * problem found. --hpm N says the hart has mhpmcounter3..3+N-1 (default:
 * all 29), so rows naming other counters are reported. Exit status: 0 clean,
 * 1 problems found, 2 not a device tree blob (or bad usage).
 */
#include <errno.h>
#include <libfdt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/names.h"
#include "dt/pmu_dt.h"
#include "lib/fmt.h"

static void usage(void)
{
	fprintf(stderr, "usage: rvpmu-dt check FILE.dtb [--hpm N]\n"
			"  N: number of mhpmcounters from 3 (0..29, default 29)\n");
	exit(2);
}

static void *slurp(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n = 0;

	if (!f) {
		fprintf(stderr, "rvpmu-dt: %s: %s\n", path, strerror(errno));
		exit(2);
	}
	for (;;) {
		if (n == cap) {
			cap = cap ? cap * 2 : 65536;
			buf = realloc(buf, cap);
			if (!buf) {
				fprintf(stderr, "rvpmu-dt: out of memory\n");
				exit(2);
			}
		}
		size_t got = fread(buf + n, 1, cap - n, f);

		if (!got)
			break;
		n += got;
	}
	fclose(f);
	*size = n;
	return buf;
}

static const char *event_label(uint32_t first, uint32_t last, char *buf)
{
	char a[RVPMU_EVENT_NAME_MAX], b[RVPMU_EVENT_NAME_MAX];

	if (first == last)
		return rvpmu_event_name(first, buf);
	snprintf(buf, 96, "%s .. %s", rvpmu_event_name(first, a),
		 rvpmu_event_name(last, b));
	return buf;
}

static void print_map(const struct rvpmu_map *m, const struct rvpmu_dt_result *r)
{
	char list[96], name[96], evs[32];
	unsigned int i;

	printf("\n%s: %u row(s) given, %u used\n", RVPMU_DT_PROP_EVENTS, r->rows[0],
	       m->nr_ranges);
	if (m->nr_ranges)
		printf("  %-17s  %-42s  %s\n", "events", "name", "counters");
	for (i = 0; i < m->nr_ranges; i++) {
		const struct rvpmu_map_range *x = &m->ranges[i];

		if (x->first == x->last)
			snprintf(evs, sizeof(evs), "0x%05x", x->first);
		else
			snprintf(evs, sizeof(evs), "0x%05x-0x%05x", x->first, x->last);
		rvpmu_fmt_counters(list, sizeof(list), x->counters);
		printf("  %-17s  %-42s  %s\n", evs, event_label(x->first, x->last, name), list);
	}

	printf("\n%s: %u row(s) given, %u used\n", RVPMU_DT_PROP_SELECTORS, r->rows[1],
	       m->nr_sels);
	if (!m->nr_sels)
		printf("  hardware events program the zero-extended event_idx "
		       "(the spec's default)\n");
	else
		printf("  %-17s  %-42s  %s\n", "event", "name", "mhpmevent");
	for (i = 0; i < m->nr_sels; i++)
		printf("  0x%05x            %-42s  0x%llx\n", m->sels[i].event,
		       rvpmu_event_name(m->sels[i].event, name),
		       (unsigned long long)m->sels[i].selector);

	printf("\n%s: %u row(s) given, %u used\n", RVPMU_DT_PROP_RAW, r->rows[2],
	       m->nr_raws);
	if (!m->nr_raws)
		printf("  no raw event can be counted\n");
	else
		printf("  %-18s  %-18s  %s\n", "match", "mask", "counters");
	for (i = 0; i < m->nr_raws; i++) {
		rvpmu_fmt_counters(list, sizeof(list), m->raws[i].counters);
		printf("  0x%016llx  0x%016llx  %s\n", (unsigned long long)m->raws[i].match,
		       (unsigned long long)m->raws[i].mask, list);
	}
}

int main(int argc, char **argv)
{
	static struct rvpmu_map map;
	static struct rvpmu_dt_result res;
	char line[256], list[96];
	unsigned int i, hpm = 29;
	uint32_t counters;
	size_t size;
	void *blob;
	int err;

	if (argc < 3 || strcmp(argv[1], "check"))
		usage();
	for (i = 3; i < (unsigned int)argc; i++) {
		char *end;

		if (strcmp(argv[i], "--hpm") || i + 1 >= (unsigned int)argc)
			usage();
		hpm = (unsigned int)strtoul(argv[++i], &end, 0);
		if (*end || hpm > 29)
			usage();
	}
	counters = 0x5u | (uint32_t)(((UINT64_C(1) << hpm) - 1) << 3);

	blob = slurp(argv[2], &size);
	err = size >= FDT_V1_SIZE && fdt_check_header(blob) == 0 ?
	      fdt_check_full(blob, size) : -FDT_ERR_BADMAGIC;
	if (!err)
		err = rvpmu_dt_parse(blob, size, counters, &map, &res);
	if (err) {
		printf("%s: not a usable device tree blob: %s\n", argv[2], fdt_strerror(err));
		free(blob);
		return 2;
	}
	rvpmu_fmt_counters(list, sizeof(list), counters);
	printf("%s\nhardware counters: %s\n", argv[2], list);
	if (res.node < 0) {
		printf("no riscv,pmu node: only cycles, instructions and firmware "
		       "events can be counted\n");
		free(blob);
		return 0;
	}
	printf("riscv,pmu node: %s\n", res.path);
	print_map(&map, &res);

	printf("\nproblems: %u\n", res.nr_problems);
	for (i = 0; i < res.nr_problems && i < RVPMU_DT_MAX_PROBLEMS; i++) {
		rvpmu_dt_problem_str(&res.problems[i], line, sizeof(line));
		printf("  %s\n", line);
	}
	if (res.nr_problems > RVPMU_DT_MAX_PROBLEMS)
		printf("  ... and %u more\n", res.nr_problems - RVPMU_DT_MAX_PROBLEMS);
	free(blob);
	return res.nr_problems ? 1 : 0;
}
