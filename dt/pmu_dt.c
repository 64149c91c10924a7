/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The binding leaves much unsaid, so the checks here are what a platform
 * author would want to hear about: rows that cannot mean anything (dropped)
 * and parts of rows that cannot be used (trimmed), each with the row number
 * as written in the source. The property length is trusted only as far as
 * whole rows go.
 */
#include <libfdt.h>

#include "pmu_dt.h"
#include "lib/fmt.h"
#include "rvpmu/sbi.h"

#define FIXED_AND_TIME	0x7u

struct ctx {
	const void *fdt;
	uint32_t counters;
	struct rvpmu_map *map;
	struct rvpmu_dt_result *res;
	const char *prop;
};

static void problem(struct ctx *c, int row, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void problem(struct ctx *c, int row, const char *fmt, ...)
{
	struct rvpmu_dt_result *r = c->res;
	va_list ap;

	if (r->nr_problems < RVPMU_DT_MAX_PROBLEMS) {
		struct rvpmu_dt_problem *p = &r->problems[r->nr_problems];

		p->prop = c->prop;
		p->row = row;
		va_start(ap, fmt);
		rvpmu_vsnprintf(p->msg, sizeof(p->msg), fmt, ap);
		va_end(ap);
	}
	r->nr_problems++;
}

static uint64_t cells64(const fdt32_t *p)
{
	return ((uint64_t)fdt32_to_cpu(p[0]) << 32) | fdt32_to_cpu(p[1]);
}

/*
 * Find the property and work out how many whole rows it holds, reporting
 * a ragged tail and rows beyond the binding's limit. Returns the row count
 * (0 when absent) and the cells in *cells.
 */
static unsigned int rows_of(struct ctx *c, int node, unsigned int width,
			    const fdt32_t **cells)
{
	int len;
	unsigned int n, extra;
	const fdt32_t *p = fdt_getprop(c->fdt, node, c->prop, &len);

	*cells = p;
	if (!p)
		return 0;
	if (len == 0) {
		problem(c, -1, "empty property");
		return 0;
	}
	n = (unsigned int)len / (4 * width);
	extra = (unsigned int)len - n * 4 * width;
	if (extra)
		problem(c, -1, "%u trailing bytes do not make a whole %u-cell "
			"row; ignored", extra, width);
	if (n > RVPMU_MAP_MAX_ROWS) {
		problem(c, -1, "%u rows, more than the %u the binding allows; "
			"rows %u.. ignored", n, RVPMU_MAP_MAX_ROWS, RVPMU_MAP_MAX_ROWS);
		n = RVPMU_MAP_MAX_ROWS;
	}
	return n;
}

/*
 * Counters a row may use: drop time, the fixed counters unless the row is
 * exactly their own event, and counters this hart lacks. Reports what it
 * drops; returns what is left.
 */
static uint32_t usable_counters(struct ctx *c, int row, uint32_t ctrs,
				uint32_t fixed_ok)
{
	char list[96];
	uint32_t bad = ctrs & FIXED_AND_TIME & ~fixed_ok;

	if (bad) {
		rvpmu_fmt_counters(list, sizeof(list), bad);
		problem(c, row, "counter(s) %s dropped from the row: 1 is time, "
			"0 and 2 count only cycles and instructions", list);
		ctrs &= ~bad;
	}
	bad = ctrs & ~c->counters & ~FIXED_AND_TIME;
	if (bad) {
		rvpmu_fmt_counters(list, sizeof(list), bad);
		problem(c, row, "counter(s) %s dropped from the row: not on "
			"this hart", list);
		ctrs &= ~bad;
	}
	return ctrs;
}

/* Why an event cannot appear in the plain tables, or NULL when it can. */
static const char *plain_event_error(uint32_t ev)
{
	uint32_t type = SBI_PMU_EVENT_TYPE(ev), code = SBI_PMU_EVENT_CODE(ev);

	if (ev > SBI_PMU_EVENT_IDX_MASK)
		return "is not a 20-bit event_idx";
	switch (type) {
	case SBI_PMU_EVENT_TYPE_HW:
		if (code == SBI_PMU_HW_NO_EVENT)
			return "is SBI_PMU_HW_NO_EVENT";
		if (code > SBI_PMU_HW_GENERAL_MAX)
			return "is not a defined hardware general event (codes 1-10)";
		return 0;
	case SBI_PMU_EVENT_TYPE_CACHE:
		if (SBI_PMU_CACHE_ID(code) > SBI_PMU_HW_CACHE_ID_MAX ||
		    SBI_PMU_CACHE_OP(code) > SBI_PMU_HW_CACHE_OP_MAX)
			return "is not a defined cache event";
		return 0;
	case SBI_PMU_EVENT_TYPE_RAW:
	case SBI_PMU_EVENT_TYPE_RAW_V2:
		return "is a raw event: raw events belong in "
		       RVPMU_DT_PROP_RAW;
	case SBI_PMU_EVENT_TYPE_FW:
		return "is a firmware event: firmware counters count those";
	default:
		return "has an event type the spec does not define";
	}
}

/*
 * The rows kept so far, to name the one a refused row overlaps. Static,
 * not on the stack: at 3 KiB it was most of a firmware hart's stack
 * (OpenSBI gives each hart 8 KiB, and the parse runs deep in its cold
 * boot), and the parse runs on one hart at a time (at boot, or in a
 * host tool), never concurrently.
 */
static struct { uint32_t first, last; int row; } ok[RVPMU_MAP_MAX_ROWS];

static void parse_ranges(struct ctx *c, int node)
{
	const fdt32_t *p;
	unsigned int n, i, k, nok = 0;
	int err;

	c->prop = RVPMU_DT_PROP_EVENTS;
	n = rows_of(c, node, 3, &p);
	c->res->rows[0] = n;
	for (i = 0; i < n; i++, p += 3) {
		uint32_t first = fdt32_to_cpu(p[0]), last = fdt32_to_cpu(p[1]);
		uint32_t ctrs = fdt32_to_cpu(p[2]), fixed_ok = 0;
		const char *why;
		int row = (int)i;

		if (!ctrs) {
			problem(c, row, "names no counters; row dropped");
			continue;
		}
		if (first > last) {
			problem(c, row, "first event 0x%x is above last 0x%x; "
				"row dropped", (unsigned int)first, (unsigned int)last);
			continue;
		}
		why = plain_event_error(first);
		if (!why && SBI_PMU_EVENT_TYPE(first) != SBI_PMU_EVENT_TYPE(last))
			why = "starts a range that crosses event types";
		if (!why && (first != last) && plain_event_error(last))
			why = "starts a range that ends in an undefined event";
		if (why) {
			problem(c, row, "event 0x%x %s; row dropped", (unsigned int)first, why);
			continue;
		}
		if (first == last && first == SBI_PMU_HW_CPU_CYCLES)
			fixed_ok = 1u << 0;
		if (first == last && first == SBI_PMU_HW_INSTRUCTIONS)
			fixed_ok = 1u << 2;
		ctrs = usable_counters(c, row, ctrs, fixed_ok);
		if (!ctrs) {
			problem(c, row, "no usable counter left; row dropped");
			continue;
		}
		err = rvpmu_map_add_range(c->map, first, last, ctrs);
		if (err) {
			/* the map refuses overlaps; ok[] names the row it overlaps */
			for (k = 0; k < nok; k++)
				if (first <= ok[k].last && ok[k].first <= last)
					break;
			if (k < nok)
				problem(c, row, "events 0x%x-0x%x overlap row %d; row dropped",
					(unsigned int)first, (unsigned int)last, ok[k].row);
			else
				problem(c, row, "the mapping is full; row dropped");
			continue;
		}
		ok[nok].first = first;
		ok[nok].last = last;
		ok[nok++].row = row;
	}
}

static void parse_selectors(struct ctx *c, int node, bool have_ranges)
{
	const fdt32_t *p;
	unsigned int n, i;

	c->prop = RVPMU_DT_PROP_SELECTORS;
	n = rows_of(c, node, 3, &p);
	c->res->rows[1] = n;
	if (n && !have_ranges) {
		problem(c, -1, "needs " RVPMU_DT_PROP_EVENTS " (which counters "
			"count each event); property ignored");
		return;
	}
	for (i = 0; i < n; i++, p += 3) {
		uint32_t ev = fdt32_to_cpu(p[0]);
		uint64_t sel = cells64(p + 1), prev;
		const char *why = plain_event_error(ev);
		int row = (int)i;

		if (why) {
			problem(c, row, "event 0x%x %s; row dropped", (unsigned int)ev, why);
			continue;
		}
		if (sel & MHPMEVENT_SSCOF_MASK) {
			problem(c, row, "selector 0x%llx sets bits 63:56, which "
				"Sscofpmf owns (OF, mode filters); row dropped",
				(unsigned long long)sel);
			continue;
		}
		if (rvpmu_map_add_sel(c->map, ev, sel)) {
			if (rvpmu_map_selector(c->map, ev, &prev))
				problem(c, row, "event 0x%x already has selector 0x%llx; "
					"row dropped", (unsigned int)ev, (unsigned long long)prev);
			else
				problem(c, row, "the mapping is full; row dropped");
			continue;
		}
		if (!rvpmu_map_counters(c->map, ev))
			problem(c, row, "no " RVPMU_DT_PROP_EVENTS " row covers "
				"event 0x%x: the selector is never used", (unsigned int)ev);
	}
}

static void parse_raw(struct ctx *c, int node)
{
	const fdt32_t *p;
	unsigned int n, i;

	c->prop = RVPMU_DT_PROP_RAW;
	n = rows_of(c, node, 5, &p);
	c->res->rows[2] = n;
	for (i = 0; i < n; i++, p += 5) {
		uint64_t match = cells64(p), mask = cells64(p + 2);
		uint32_t ctrs = fdt32_to_cpu(p[4]);
		int row = (int)i;

		if (!ctrs) {
			problem(c, row, "names no counters; row dropped");
			continue;
		}
		if (match & ~mask) {
			problem(c, row, "match 0x%llx has bits outside mask 0x%llx: "
				"no event can match; row dropped",
				(unsigned long long)match, (unsigned long long)mask);
			continue;
		}
		if (match & ~SBI_PMU_RAW_V2_MASK) {
			problem(c, row, "match 0x%llx needs bits above 55, beyond "
				"any raw selector: no event can match; row dropped",
				(unsigned long long)match);
			continue;
		}
		ctrs = usable_counters(c, row, ctrs, 0);
		if (!ctrs) {
			problem(c, row, "no usable counter left; row dropped");
			continue;
		}
		rvpmu_map_add_raw(c->map, match, mask, ctrs);
	}
}

int rvpmu_dt_parse(const void *fdt, unsigned long size, uint32_t counters,
		   struct rvpmu_map *map, struct rvpmu_dt_result *res)
{
	struct ctx c = { fdt, counters, map, res, 0 };
	int node, err, other;

	rvpmu_map_init(map);
	res->node = -1;
	res->path[0] = 0;
	res->rows[0] = res->rows[1] = res->rows[2] = 0;
	res->nr_problems = 0;
	if (size < FDT_V1_SIZE)
		return -FDT_ERR_TRUNCATED;
	err = fdt_check_header(fdt);
	if (err)
		return err;
	/* libfdt bounds every read by the header's sizes: make those true */
	if (fdt_totalsize(fdt) > size)
		return -FDT_ERR_TRUNCATED;
	node = fdt_node_offset_by_compatible(fdt, -1, RVPMU_DT_COMPATIBLE);
	if (node == -FDT_ERR_NOTFOUND)
		return 0;
	if (node < 0)
		return node;
	res->node = node;
	if (fdt_get_path(fdt, node, res->path, sizeof(res->path)))
		rvpmu_snprintf(res->path, sizeof(res->path), "(node at %d)", node);
	other = fdt_node_offset_by_compatible(fdt, node, RVPMU_DT_COMPATIBLE);
	if (other >= 0)
		problem(&c, -1, "more than one riscv,pmu node; only %s is used",
			res->path);

	parse_ranges(&c, node);
	parse_selectors(&c, node, fdt_getprop(fdt, node, RVPMU_DT_PROP_EVENTS, 0) != 0);
	parse_raw(&c, node);
	return 0;
}

int rvpmu_dt_problem_str(const struct rvpmu_dt_problem *p, char *buf,
			 unsigned long size)
{
	if (p->prop && p->row >= 0)
		return rvpmu_snprintf(buf, size, "%s row %d: %s", p->prop, p->row, p->msg);
	if (p->prop)
		return rvpmu_snprintf(buf, size, "%s: %s", p->prop, p->msg);
	return rvpmu_snprintf(buf, size, "%s", p->msg);
}

int rvpmu_dt_strip(void *fdt)
{
	static const char *const props[] = {
		RVPMU_DT_PROP_EVENTS, RVPMU_DT_PROP_SELECTORS, RVPMU_DT_PROP_RAW,
	};
	int node = -1, err;
	unsigned int i;

	for (;;) {
		node = fdt_node_offset_by_compatible(fdt, node, RVPMU_DT_COMPATIBLE);
		if (node == -FDT_ERR_NOTFOUND)
			return 0;
		if (node < 0)
			return node;
		for (i = 0; i < 3; i++) {
			err = fdt_delprop(fdt, node, props[i]);
			if (err && err != -FDT_ERR_NOTFOUND)
				return err;
		}
	}
}
