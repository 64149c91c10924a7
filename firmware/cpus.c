/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The harts the DT names: which cpu nodes the firmware runs (the first
 * FW_MAX_HARTS enabled ones with ids up to FW_MAX_HARTID, in DT order),
 * the timebase, and the ISA extensions every one of them has (plat).
 *
 * Hart context: boot hart only, at boot, before the region is laid out
 * (layout.c walks the same harts again to place them); the others wait in
 * entry.S, and stop spinning once fw_boot_sleep says an IPI will wake
 * them.
 */
#include <libfdt.h>
#include <string.h>

#include "clint.h"
#include "console.h"
#include "harts.h"
#include "layout.h"
#include "platform.h"

/* What fw_harts_scan found. */
static unsigned int named;		/* harts the DT names */
extern int fw_boot_sleep;		/* entry.S: the others may wfi */

static bool isa_has(const char *isa, const char *ext)
{
	const char *p = strchr(isa, '_');
	size_t n = strlen(ext);

	while (p) {
		p++;
		if (!strncmp(p, ext, n) && (p[n] == '_' || p[n] == 0))
			return true;
		p = strchr(p, '_');
	}
	return false;
}

static bool isa_base_has(const char *isa, char letter)
{
	const char *p = isa + 4;	/* after "rv64" / "rv32" */

	for (; *p && *p != '_'; p++)
		if (*p == letter)
			return true;
	return false;
}

/*
 * Calls fn for each hart the firmware runs: enabled cpu nodes, the first
 * FW_MAX_HARTS of them with ids up to FW_MAX_HARTID, in DT order. With
 * `loud`, every cpu node left out is named on the console.
 */
static void for_each_cpu(const void *fdt, bool loud,
			 void (*fn)(const void *fdt, int node, unsigned long id, void *arg),
			 void *arg)
{
	int cpus = fdt_path_offset(fdt, "/cpus"), node;
	unsigned int taken = 0;

	named = 0;
	fdt_for_each_subnode(node, fdt, cpus) {
		const char *type = fdt_getprop(fdt, node, "device_type", NULL);
		const char *status = fdt_getprop(fdt, node, "status", NULL);
		const fdt32_t *reg = fdt_getprop(fdt, node, "reg", NULL);
		unsigned long id;

		if (!type || strcmp(type, "cpu") || !reg ||
		    (status && strcmp(status, "okay") && strcmp(status, "ok")))
			continue;
		named++;
		id = fdt32_to_cpu(*reg);
		if (id > FW_MAX_HARTID) {
			if (loud)
				fw_printf("rvpmu: hart %lu left stopped: hart ids above %d are "
					  "not supported\n", id, FW_MAX_HARTID);
			continue;
		}
		if (taken == FW_MAX_HARTS) {
			if (loud)
				fw_printf("rvpmu: hart %lu left stopped: this firmware runs at "
					  "most %d harts\n", id, FW_MAX_HARTS);
			continue;
		}
		taken++;
		fn(fdt, node, id, arg);
	}
}

void fw_for_each_cpu(const void *fdt,
		     void (*fn)(const void *fdt, int node, unsigned long id, void *arg),
		     void *arg)
{
	for_each_cpu(fdt, false, fn, arg);
}

static void scan_one(const void *fdt, int node, unsigned long id, void *arg)
{
	const char *isa = fdt_getprop(fdt, node, "riscv,isa", NULL);
	bool *first = arg;

	if (id > plat.max_hartid || !plat.nr_harts)
		plat.max_hartid = id;
	plat.nr_harts++;
	if (!isa)
		return;
	/* an extension counts only if every hart has it */
	if (*first) {
		plat.sstc = isa_has(isa, "sstc");
		plat.sscofpmf = isa_has(isa, "sscofpmf");
		plat.smcdeleg = isa_has(isa, "smcdeleg");
		plat.smstateen = isa_has(isa, "smstateen");
		plat.smaia = isa_has(isa, "smaia");
		plat.hyp = isa_base_has(isa, 'h');
		*first = false;
	} else {
		plat.sstc &= isa_has(isa, "sstc");
		plat.sscofpmf &= isa_has(isa, "sscofpmf");
		plat.smcdeleg &= isa_has(isa, "smcdeleg");
		plat.smstateen &= isa_has(isa, "smstateen");
		plat.smaia &= isa_has(isa, "smaia");
		plat.hyp &= isa_base_has(isa, 'h');
	}
}

int fw_harts_scan(const void *fdt)
{
	int cpus = fdt_path_offset(fdt, "/cpus");
	const fdt32_t *tb;
	bool first = true;

	if (cpus < 0)
		return cpus;
	/* before the long walk of the harts: the waiting ones stop spinning
	   once an IPI is sure to wake them */
	if (fw_clint_ipi_named(fdt))
		__atomic_store_n(&fw_boot_sleep, 1, __ATOMIC_RELEASE);
	tb = fdt_getprop(fdt, cpus, "timebase-frequency", NULL);
	plat.timebase = tb ? fdt32_to_cpu(*tb) : 10000000;
	for_each_cpu(fdt, true, scan_one, &first);
	if (named > plat.nr_harts)
		fw_printf("rvpmu: the device tree names %u harts; %u of them run (limit: %d "
			  "harts, hart ids up to %d)\n", named, plat.nr_harts, FW_MAX_HARTS,
			  FW_MAX_HARTID);
	return plat.nr_harts ? 0 : -FDT_ERR_NOTFOUND;
}
