/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the machine is, from QEMU's device tree: harts and their ISA, RAM,
 * the UART, CLINT and test (poweroff/reboot) device, the riscv,pmu node.
 * And what S-mode gets to see of it: the DT without the firmware-only PMU
 * mapping and with the firmware's memory reserved.
 */
#include <libfdt.h>
#include <string.h>

#include "fw.h"
#include "lib/fmt.h"

extern char _fw_start[], _fw_end[];

static uint64_t read_cells(const fdt32_t *p, int n)
{
	uint64_t v = 0;

	while (n--)
		v = (v << 32) | fdt32_to_cpu(*p++);
	return v;
}

/* Reg entry i of a node, in its parent's cell sizes. */
static int node_reg_at(const void *fdt, int node, int i, uint64_t *base, uint64_t *size)
{
	int parent = fdt_parent_offset(fdt, node), len;
	int ac = fdt_address_cells(fdt, parent), sc = fdt_size_cells(fdt, parent);
	const fdt32_t *reg = fdt_getprop(fdt, node, "reg", &len);

	if (!reg || ac < 1 || ac > 2 || sc < 0 || sc > 2 || len / (4 * (ac + sc)) <= i)
		return -1;
	reg += i * (ac + sc);
	*base = read_cells(reg, ac);
	*size = read_cells(reg + ac, sc);
	return 0;
}

static int node_reg(const void *fdt, int node, uint64_t *base, uint64_t *size)
{
	return node_reg_at(fdt, node, 0, base, size);
}

/* The first node compatible with any of the NULL-terminated list. */
static int find_compatible(const void *fdt, const char *const *compat)
{
	int node = -1;

	for (; *compat && node < 0; compat++)
		node = fdt_node_offset_by_compatible(fdt, -1, *compat);
	return node;
}

#define CLINT_MTIMECMP	0x4000	/* in a CLINT: msip at 0, mtimecmp, mtime */
#define CLINT_SIZE	0xc000
#define ACLINT_MTIME	0x7ff8	/* in an MTIMER given as one range */

/*
 * The M-mode IPI and timer registers: a CLINT (riscv,clint0 as QEMU has
 * it, sifive,clint0 as real boards have it) holds both; with ACLINT
 * (QEMU's virt,aclint=on) msip is in a riscv,aclint-mswi device and
 * mtimecmp/mtime in a riscv,aclint-mtimer, whose reg is either mtime then
 * mtimecmp (QEMU) or one range with mtimecmp first and mtime at 0x7ff8.
 */
static void find_clint(const void *fdt)
{
	static const char *const clint[] = { "riscv,clint0", "sifive,clint0", NULL };
	static const char *const mswi[] = { "riscv,aclint-mswi", NULL };
	static const char *const mtimer[] = { "riscv,aclint-mtimer", NULL };
	uint64_t base, size, cmp, cmp_size;
	int node = find_compatible(fdt, clint);

	if (node >= 0 && !node_reg(fdt, node, &base, &size)) {
		plat.clint = (uintptr_t)base;
		plat.mtimecmp = (uintptr_t)(base + CLINT_MTIMECMP);
		plat.m_regs[0] = (struct fw_mem){ base, size < CLINT_SIZE ? CLINT_SIZE : size };
		return;
	}
	node = find_compatible(fdt, mswi);
	if (node >= 0 && !node_reg(fdt, node, &base, &size)) {
		plat.clint = (uintptr_t)base;
		plat.m_regs[0] = (struct fw_mem){ base, size };
	}
	node = find_compatible(fdt, mtimer);
	if (node >= 0 && !node_reg(fdt, node, &base, &size)) {
		if (!node_reg_at(fdt, node, 1, &cmp, &cmp_size)) {
			/* mtime, then mtimecmp: protect the span of both */
			uint64_t lo = cmp < base ? cmp : base;
			uint64_t hi = cmp + cmp_size > base + size ? cmp + cmp_size : base + size;

			plat.mtimecmp = (uintptr_t)cmp;
			plat.m_regs[1] = (struct fw_mem){ lo, hi - lo };
		} else {
			plat.mtimecmp = (uintptr_t)base;
			plat.m_regs[1] = (struct fw_mem){ base, size > ACLINT_MTIME + 8 ?
							  size : ACLINT_MTIME + 8 };
		}
	}
}

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

static void find_devices(const void *fdt)
{
	uint64_t base, size;
	const fdt32_t *v;
	int node;

	node = fdt_node_offset_by_compatible(fdt, -1, "ns16550a");
	if (node >= 0 && !node_reg(fdt, node, &base, &size))
		plat.uart = (uintptr_t)base;
	find_clint(fdt);
	if (!plat.clint)
		fw_printf("rvpmu: no IPI device in the DT (riscv,clint0, sifive,clint0, "
			  "riscv,aclint-mswi): no IPI or RFENCE extension\n");
	node = fdt_node_offset_by_compatible(fdt, -1, "sifive,test0");
	if (node >= 0 && !node_reg(fdt, node, &base, &size))
		plat.test_dev = (uintptr_t)base;
	plat.poweroff_val = 0x5555;
	plat.reboot_val = 0x7777;
	node = fdt_node_offset_by_compatible(fdt, -1, "syscon-poweroff");
	if (node >= 0 && (v = fdt_getprop(fdt, node, "value", NULL)))
		plat.poweroff_val = fdt32_to_cpu(*v);
	if (node >= 0 && (v = fdt_getprop(fdt, node, "offset", NULL)))
		plat.test_off = fdt32_to_cpu(*v);
	node = fdt_node_offset_by_compatible(fdt, -1, "syscon-reboot");
	if (node >= 0 && (v = fdt_getprop(fdt, node, "value", NULL)))
		plat.reboot_val = fdt32_to_cpu(*v);
}

static void find_memory(const void *fdt)
{
	int node, len, ac = fdt_address_cells(fdt, 0), sc = fdt_size_cells(fdt, 0);

	fdt_for_each_subnode(node, fdt, 0) {
		const char *type = fdt_getprop(fdt, node, "device_type", NULL);
		const fdt32_t *reg;
		int i;

		if (!type || strcmp(type, "memory"))
			continue;
		reg = fdt_getprop(fdt, node, "reg", &len);
		for (i = 0; reg && i + (ac + sc) * 4 <= len && plat.nr_mem < FW_MAX_MEM;
		     i += (ac + sc) * 4) {
			plat.mem[plat.nr_mem].base = read_cells(reg + i / 4, ac);
			plat.mem[plat.nr_mem].size = read_cells(reg + i / 4 + ac, sc);
			plat.nr_mem++;
		}
	}
}

static int find_harts(const void *fdt)
{
	int cpus = fdt_path_offset(fdt, "/cpus"), node;
	const fdt32_t *tb;
	bool first = true;

	if (cpus < 0)
		return cpus;
	tb = fdt_getprop(fdt, cpus, "timebase-frequency", NULL);
	plat.timebase = tb ? fdt32_to_cpu(*tb) : 10000000;
	fdt_for_each_subnode(node, fdt, cpus) {
		const char *type = fdt_getprop(fdt, node, "device_type", NULL);
		const char *status = fdt_getprop(fdt, node, "status", NULL);
		const char *isa = fdt_getprop(fdt, node, "riscv,isa", NULL);
		const fdt32_t *reg = fdt_getprop(fdt, node, "reg", NULL);
		unsigned long id;

		if (!type || strcmp(type, "cpu") || !reg ||
		    (status && strcmp(status, "okay") && strcmp(status, "ok")))
			continue;
		id = fdt32_to_cpu(*reg);
		if (id >= FW_MAX_HARTS)
			continue;
		plat.hart_ok[id] = true;
		plat.nr_harts++;
		if (!isa)
			continue;
		/* an extension counts only if every hart has it */
		if (first) {
			plat.sstc = isa_has(isa, "sstc");
			plat.sscofpmf = isa_has(isa, "sscofpmf");
			plat.hyp = isa_base_has(isa, 'h');
			first = false;
		} else {
			plat.sstc &= isa_has(isa, "sstc");
			plat.sscofpmf &= isa_has(isa, "sscofpmf");
			plat.hyp &= isa_base_has(isa, 'h');
		}
	}
	return plat.nr_harts ? 0 : -FDT_ERR_NOTFOUND;
}

/* How far the DT may grow in place: to the end of its RAM region. */
static void find_dt_room(void)
{
	uint64_t at = (uintptr_t)plat.fdt;
	unsigned int i;

	for (i = 0; i < plat.nr_mem; i++)
		if (at >= plat.mem[i].base && at < plat.mem[i].base + plat.mem[i].size)
			plat.fdt_room = (unsigned long)(plat.mem[i].base + plat.mem[i].size - at);
}

int fw_platform_init(void *fdt)
{
	uint64_t used = (uintptr_t)_fw_end - (uintptr_t)_fw_start;
	int err = fdt_check_header(fdt);

	if (err)
		return err;
	plat.fdt = fdt;
	plat.model = fdt_getprop(fdt, 0, "model", NULL);
	find_devices(fdt);
	find_memory(fdt);
	err = find_harts(fdt);
	if (err)
		return err;
	plat.has_timer = plat.sstc || plat.mtimecmp;
	if (!plat.has_timer)
		fw_printf("rvpmu: no timer device in the DT (riscv,clint0, sifive,clint0, "
			  "riscv,aclint-mtimer) and no Sstc: no TIME extension\n");
	find_dt_room();
	/* the PMP region: a naturally aligned power of two */
	plat.fw_base = (uintptr_t)_fw_start;
	plat.fw_size = 4096;
	while (plat.fw_size < used)
		plat.fw_size <<= 1;

	err = rvpmu_dt_parse(fdt, fdt_totalsize(fdt), fw_pmu_probe_hpm() | 5u,
			     &plat.map, &plat.dt);
	if (err)
		return err;
	plat.pmu.hw = &fw_pmu_hw_ops;
	plat.pmu.mem = &fw_pmu_mem_ops;
	plat.pmu.fw = &fw_pmu_fw_ops;
	plat.pmu.map = &plat.map;
	plat.pmu.nr_fw = RVPMU_DEFAULT_FW;
	return 0;
}

bool fw_smode_range(uint64_t pa, uint64_t size)
{
	unsigned int i;

	if (!size || pa + size < pa)
		return false;
	if (pa < plat.fw_base + plat.fw_size && plat.fw_base < pa + size)
		return false;
	for (i = 0; i < plat.nr_mem; i++)
		if (pa >= plat.mem[i].base &&
		    pa + size <= plat.mem[i].base + plat.mem[i].size)
			return true;
	return false;
}

static int add_reserved(void *fdt)
{
	char name[48];
	fdt32_t reg[4];
	int resv = fdt_path_offset(fdt, "/reserved-memory"), node, err;

	if (resv < 0) {
		resv = fdt_add_subnode(fdt, 0, "reserved-memory");
		if (resv < 0)
			return resv;
		err = fdt_setprop_u32(fdt, resv, "#address-cells", 2);
		err = err ? err : fdt_setprop_u32(fdt, resv, "#size-cells", 2);
		err = err ? err : fdt_setprop(fdt, resv, "ranges", NULL, 0);
		if (err)
			return err;
	} else if (fdt_address_cells(fdt, resv) != 2 || fdt_size_cells(fdt, resv) != 2) {
		return -FDT_ERR_BADNCELLS;
	}
	rvpmu_snprintf(name, sizeof(name), "mmode_resv@%llx",
		       (unsigned long long)plat.fw_base);
	node = fdt_add_subnode(fdt, resv, name);
	if (node < 0)
		return node;
	reg[0] = cpu_to_fdt32((uint32_t)(plat.fw_base >> 32));
	reg[1] = cpu_to_fdt32((uint32_t)plat.fw_base);
	reg[2] = cpu_to_fdt32((uint32_t)(plat.fw_size >> 32));
	reg[3] = cpu_to_fdt32((uint32_t)plat.fw_size);
	err = fdt_setprop(fdt, node, "reg", reg, sizeof(reg));
	return err ? err : fdt_setprop(fdt, node, "no-map", NULL, 0);
}

void fw_dt_fixup(void)
{
	void *fdt = plat.fdt;
	unsigned long want = fdt_totalsize(fdt) + 1024;
	int err;

	if (want > plat.fdt_room)
		fw_halt("no room to grow the device tree in place");
	err = fdt_open_into(fdt, fdt, (int)want);
	err = err ? err : rvpmu_dt_strip(fdt);
	err = err ? err : add_reserved(fdt);
	if (err) {
		fw_printf("rvpmu: device tree fixup failed: %s\n", fdt_strerror(err));
		fw_halt("cannot hand a correct device tree to S-mode");
	}
}

void fw_print_banner(void)
{
	char ctrs[96], line[160];
	const struct rvpmu_hart *pmu = &this_hart()->pmu;
	unsigned int i;

	fw_printf("\nrvpmu firmware %lu.%lu, SBI %d.%d\n", FW_SBI_IMPL_VERSION >> 16,
		  FW_SBI_IMPL_VERSION & 0xffff, 3, 0);
	fw_printf("platform: %s, %u hart(s), timebase %lu Hz, Sstc %s, H %s\n",
		  plat.model ? plat.model : "?", plat.nr_harts, plat.timebase,
		  plat.sstc ? "yes" : "no", plat.hyp ? "yes" : "no");
	for (i = 0; i < plat.nr_mem; i++)
		fw_printf("memory: 0x%llx-0x%llx (%llu MiB)\n",
			  (unsigned long long)plat.mem[i].base,
			  (unsigned long long)(plat.mem[i].base + plat.mem[i].size - 1),
			  (unsigned long long)(plat.mem[i].size >> 20));
	fw_printf("firmware: 0x%llx-0x%llx, protected by PMP\n",
		  (unsigned long long)plat.fw_base,
		  (unsigned long long)(plat.fw_base + plat.fw_size - 1));
	rvpmu_fmt_counters(ctrs, sizeof(ctrs), pmu->hw);
	fw_printf("pmu: hardware counters %s, %u firmware counters (%lu..%lu), Sscofpmf %s\n",
		  ctrs, plat.pmu.nr_fw, pmu->fw_base, pmu->nr_counters - 1,
		  plat.sscofpmf ? "yes" : "no");
	if (plat.dt.node < 0)
		fw_printf("pmu: no riscv,pmu node: cycles, instret and firmware events only\n");
	else
		fw_printf("pmu: DT mapping %s: %u event row(s), %u selector(s), %u raw row(s), "
			  "%u problem(s)\n", plat.dt.path, plat.map.nr_ranges, plat.map.nr_sels,
			  plat.map.nr_raws, plat.dt.nr_problems);
	for (i = 0; i < plat.dt.nr_problems && i < RVPMU_DT_MAX_PROBLEMS; i++) {
		rvpmu_dt_problem_str(&plat.dt.problems[i], line, sizeof(line));
		fw_printf("pmu: DT: %s\n", line);
	}
}
