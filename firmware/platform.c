/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The platform's state (plat, which every other unit reads) and what the
 * machine is, from QEMU's device tree: RAM, the UART and the test
 * (poweroff/reboot) device; the harts are cpus.c's and harts.c's, the
 * IPI and timer devices clint.c's, the riscv,pmu node pmu_hw.c's. And what S-mode gets to see of the DT: the copy in the
 * firmware's region (layout.h) without the firmware-only PMU mapping and
 * with the region reserved. And the machine's way out, fw_halt.
 */
#include <libfdt.h>
#include <string.h>

#include "aia.h"
#include "console.h"
#include "lib/fmt.h"
#include "platform.h"

extern char _fw_start[];

struct fw_platform plat;

void fw_halt(const char *why)
{
	fw_printf("rvpmu: halting: %s\n", why);
	if (plat.test_dev)	/* make QEMU exit with a failure */
		*(volatile uint32_t *)(plat.test_dev + plat.test_off) = plat.fail_val;
	for (;;)
		__asm__ volatile("wfi");
}

static uint64_t read_cells(const fdt32_t *p, int n)
{
	uint64_t v = 0;

	while (n--)
		v = (v << 32) | fdt32_to_cpu(*p++);
	return v;
}

int fw_dt_reg(const void *fdt, int node, int i, uint64_t *base, uint64_t *size)
{
	int parent = fdt_parent_offset(fdt, node), len;
	int ac = fdt_address_cells(fdt, parent), sc = fdt_size_cells(fdt, parent);
	const fdt32_t *reg = fdt_getprop(fdt, node, "reg", &len);

	if (!reg || ac < 1 || ac > 2 || sc < 0 || sc > 2 || i < 0 || len / (4 * (ac + sc)) <= i)
		return -1;
	reg += i * (ac + sc);
	*base = read_cells(reg, ac);
	*size = read_cells(reg + ac, sc);
	return 0;
}

static void find_devices(const void *fdt)
{
	uint64_t base, size;
	const fdt32_t *v;
	int node;

	node = fdt_node_offset_by_compatible(fdt, -1, "ns16550a");
	if (node >= 0 && !fw_dt_reg(fdt, node, 0, &base, &size))
		plat.uart = (uintptr_t)base;
	node = fdt_node_offset_by_compatible(fdt, -1, "sifive,test0");
	if (node >= 0 && !fw_dt_reg(fdt, node, 0, &base, &size))
		plat.test_dev = (uintptr_t)base;
	plat.poweroff_val = 0x5555;
	plat.reboot_val = 0x7777;
	plat.fail_val = (1u << 16) | 0x3333;	/* FAIL with exit code 1: QEMU exits 1 */
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

/* /reserved-memory's children with no-map (the firmware adds its own
   later, inside its region: fw_smode_range excludes that already). */
static void find_reserved(const void *fdt)
{
	int resv = fdt_path_offset(fdt, "/reserved-memory"), node;

	if (resv < 0)
		return;
	fdt_for_each_subnode(node, fdt, resv) {
		uint64_t base, size;

		if (!fdt_getprop(fdt, node, "no-map", NULL))
			continue;
		for (int i = 0; !fw_dt_reg(fdt, node, i, &base, &size); i++) {
			if (plat.nr_resv < FW_MAX_RESV) {
				plat.resv[plat.nr_resv].base = base;
				plat.resv[plat.nr_resv].size = size;
			}
			if (plat.nr_resv <= FW_MAX_RESV)
				plat.nr_resv++;
		}
	}
}

int fw_platform_init(void *fdt, unsigned long next_addr)
{
	int err = fdt_check_header(fdt);

	if (err)
		return err;
	plat.fdt = fdt;
	plat.next_addr = next_addr;
	plat.fw_base = (uintptr_t)_fw_start;
	find_devices(fdt);
	find_memory(fdt);
	find_reserved(fdt);
	return 0;
}

bool fw_smode_range(uint64_t pa, uint64_t size)
{
	unsigned int i;

	if (!size || pa + size < pa)
		return false;
	/* the firmware's memory; the DT after it is S-mode's to use */
	if (pa < plat.fw_base + plat.fw_size && plat.fw_base < pa + size)
		return false;
	for (i = 0; i < plat.nr_mem; i++)
		if (pa >= plat.mem[i].base &&
		    pa + size <= plat.mem[i].base + plat.mem[i].size)
			return true;
	return false;
}

bool fw_smode_shmem(uint64_t pa, uint64_t size)
{
	if (!fw_smode_range(pa, size) || plat.nr_resv > FW_MAX_RESV)
		return false;
	for (unsigned int i = 0; i < plat.nr_resv; i++) {
		uint64_t b = plat.resv[i].base, e = b + plat.resv[i].size;

		/* a range that wraps runs to the top of the address space */
		if ((e < b || pa < e) && b < pa + size)
			return false;
	}
	return true;
}

/* A node under /reserved-memory for [base, base + size); no-map keeps it
   out of S-mode's mappings (Linux would not map it at all). */
static int add_reserved(void *fdt, uint64_t base, uint64_t size, bool no_map)
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
	rvpmu_snprintf(name, sizeof(name), "mmode_resv@%llx", (unsigned long long)base);
	node = fdt_add_subnode(fdt, resv, name);
	if (node < 0)
		return node;
	reg[0] = cpu_to_fdt32((uint32_t)(base >> 32));
	reg[1] = cpu_to_fdt32((uint32_t)base);
	reg[2] = cpu_to_fdt32((uint32_t)(size >> 32));
	reg[3] = cpu_to_fdt32((uint32_t)size);
	err = fdt_setprop(fdt, node, "reg", reg, sizeof(reg));
	return err || !no_map ? err : fdt_setprop(fdt, node, "no-map", NULL, 0);
}

/*
 * S-mode's DT (room to spare, layout.c): the PMU mapping out, the region
 * reserved: the part PMP closes, no-map, and a DT copied after it, mapped
 * (Linux reads its DT through its linear map); a DT left where QEMU put it
 * is no memory of ours (Linux reserves its DT itself, U-Boot copies it),
 * so /reserved-memory names only what lies below the next stage. Then
 * packed and opened again over the whole area, so the next stage finds
 * the free space (layout.c, FW_DT_ROOM) in the DT's totalsize, where it
 * looks for it, and not after it.
 */
void fw_dt_fixup(void)
{
	void *fdt = plat.fdt;
	int err = rvpmu_dt_strip(fdt);

	/* the M-level interrupt controllers are M-mode's (aia.c) */
	err = err ? err : fw_aia_dt_fixup(fdt);

	err = err ? err : add_reserved(fdt, plat.fw_base, plat.fw_size, true);
	if (plat.dt_copied)
		err = err ? err : add_reserved(fdt, plat.dt_base, plat.dt_size, false);
	err = err ? err : fdt_pack(fdt);
	err = err ? err : fdt_open_into(fdt, fdt, (int)plat.dt_size);
	if (err) {
		fw_printf("rvpmu: device tree fixup failed: %s\n", fdt_strerror(err));
		fw_halt("cannot hand a correct device tree to S-mode");
	}
}
