/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * M-mode's per-hart registers from the devices the DT names: each hart's
 * msip (a CLINT's, or an ACLINT MSWI's) and mtimecmp (a CLINT's, or an
 * ACLINT MTIMER's), the devices' spans for PMP (plat.m_regs), and whether
 * the firmware has IPIs and a timer at all.
 *
 * Hart context: boot hart only, at boot: fw_clint_ipi_named while the
 * harts are scanned (cpus.c), fw_clint_init once each is placed
 * (layout.c). After boot each hart uses its own registers (ipi.c,
 * timer.c).
 */
#include <libfdt.h>

#include "aia.h"
#include "clint.h"
#include "console.h"
#include "harts.h"
#include "platform.h"
#include "topology.h"

#define CAUSE_MSI	3	/* interrupts-extended causes: software */
#define CAUSE_MTI	7	/* ... and timer */
#define CLINT_MTIMECMP	0x4000	/* in a CLINT: msip words at 0, mtimecmp, mtime */
#define CLINT_SIZE	0xc000
#define MTIMER_SIZE	0x8000	/* an MTIMER as one range: mtimecmp at 0, mtime at 0x7ff8 */

/*
 * The devices that hold M-mode's per-hart registers. A CLINT (riscv,clint0
 * as QEMU has it, sifive,clint0 as real boards have it) holds msip and
 * mtimecmp; with ACLINT (QEMU's virt,aclint=on) msip is in a
 * riscv,aclint-mswi and mtimecmp in a riscv,aclint-mtimer. QEMU virt has
 * one of each per NUMA socket.
 */
enum mdev_kind { MDEV_CLINT, MDEV_MSWI, MDEV_MTIMER };
static const struct mdev {
	const char *compat;
	enum mdev_kind kind;
} mdevs[] = {
	{ "riscv,clint0", MDEV_CLINT }, { "sifive,clint0", MDEV_CLINT },
	{ "riscv,aclint-mswi", MDEV_MSWI }, { "riscv,aclint-mtimer", MDEV_MTIMER },
};

bool fw_clint_ipi_named(const void *fdt)
{
	unsigned int i;

	for (i = 0; i < sizeof(mdevs) / sizeof(mdevs[0]); i++)
		if (mdevs[i].kind != MDEV_MTIMER &&
		    fdt_node_offset_by_compatible(fdt, -1, mdevs[i].compat) >= 0)
			return true;
	return false;
}

/* Grow span r (size 0: empty) to hold [base, base + size). */
static void span_add(struct fw_mem *r, uint64_t base, uint64_t size)
{
	uint64_t end = base + size;

	if (!r->size) {
		*r = (struct fw_mem){ base, size };
		return;
	}
	if (end < r->base + r->size)
		end = r->base + r->size;
	if (base > r->base)
		base = r->base;
	*r = (struct fw_mem){ base, end - base };
}

/*
 * A device's interrupts-extended lists <intc cause> per hart it serves;
 * the k-th entry with this cause is the hart of register k, at base +
 * k * stride (msip for the software cause, mtimecmp for the timer one). A
 * hart two devices name keeps the first.
 */
static void assign_regs(const void *fdt, int node, uint32_t cause, uint64_t base,
			unsigned int stride)
{
	int len, i;
	const fdt32_t *ie = fdt_getprop(fdt, node, "interrupts-extended", &len);
	unsigned int k = 0;

	for (i = 0; ie && i + 2 <= len / 4; i += 2) {
		struct fw_hart *h;
		volatile uint32_t **reg;

		if (fdt32_to_cpu(ie[i + 1]) != cause)
			continue;
		h = fw_hart_by_phandle(fdt32_to_cpu(ie[i]), true);
		reg = !h ? 0 : cause == CAUSE_MSI ? &h->msip : &h->mtimecmp;
		if (reg && !*reg)
			*reg = (volatile uint32_t *)(uintptr_t)(base + (uint64_t)k * stride);
		k++;
	}
}

/*
 * One device: each hart's registers in it, and its range in plat.m_regs.
 * An MTIMER's reg is either one range (mtimecmp first, mtime at 0x7ff8)
 * or two, mtime then mtimecmp (QEMU); PMP closes the span of both.
 */
static void add_mdev(const void *fdt, int node, enum mdev_kind kind)
{
	uint64_t base, size, cmp, cmp_size;

	if (fw_dt_reg(fdt, node, 0, &base, &size))
		return;
	switch (kind) {
	case MDEV_CLINT:
		assign_regs(fdt, node, CAUSE_MSI, base, 4);
		assign_regs(fdt, node, CAUSE_MTI, base + CLINT_MTIMECMP, 8);
		span_add(&plat.m_regs[0], base, size < CLINT_SIZE ? CLINT_SIZE : size);
		break;
	case MDEV_MSWI:
		assign_regs(fdt, node, CAUSE_MSI, base, 4);
		span_add(&plat.m_regs[0], base, size);
		break;
	case MDEV_MTIMER:
		if (!fw_dt_reg(fdt, node, 1, &cmp, &cmp_size)) {
			span_add(&plat.m_regs[1], cmp, cmp_size);
		} else {
			cmp = base;
			size = size < MTIMER_SIZE ? MTIMER_SIZE : size;
		}
		assign_regs(fdt, node, CAUSE_MTI, cmp, 8);
		span_add(&plat.m_regs[1], base, size);
		break;
	}
}

static void find_mdevs(const void *fdt)
{
	unsigned int i, j;
	int node;

	for (i = 0; i < sizeof(mdevs) / sizeof(mdevs[0]); i++)
		for (node = fdt_node_offset_by_compatible(fdt, -1, mdevs[i].compat); node >= 0;
		     node = fdt_node_offset_by_compatible(fdt, node, mdevs[i].compat)) {
			/* a node listing two of our compatibles is taken once */
			for (j = 0; j < i; j++)
				if (!fdt_node_check_compatible(fdt, node, mdevs[j].compat))
					break;
			if (j == i)
				add_mdev(fdt, node, mdevs[i].kind);
		}
}

/*
 * How many harts have an msip (timer: an mtimecmp): all of them, or none
 * (no such device: a mode of its own); some but not all is a DT the
 * firmware cannot run, said on the console.
 */
static bool has_reg(unsigned int pos, bool timer)
{
	return timer ? fw_hart_at(pos)->mtimecmp : fw_hart_at(pos)->msip;
}

static int count_regs(bool timer, bool *all)
{
	unsigned int p, n = 0;

	for (p = 0; p < plat.nr_harts; p++)
		n += has_reg(p, timer);
	*all = n == plat.nr_harts;
	if (!n || *all)
		return 0;
	for (p = 0; p < plat.nr_harts; p++)
		if (!has_reg(p, timer))
			fw_printf("rvpmu: hart %lu has no %s device in the device tree\n",
				  fw_hart_at(p)->hartid, timer ? "timer" : "IPI");
	return -FDT_ERR_NOTFOUND;
}

int fw_clint_init(const void *fdt)
{
	unsigned int p;
	bool timer;
	int err;

	find_mdevs(fdt);
	/* no MSWI for any hart: M-mode's IPIs through the M-level IMSIC */
	for (p = 0; p < plat.nr_harts && !has_reg(p, false); p++)
		;
	if (p == plat.nr_harts)
		fw_aia_ipi_regs(fdt);
	err = count_regs(false, &plat.has_ipi);
	if (!err)
		err = count_regs(true, &timer);
	if (err)
		return err;
	if (!plat.has_ipi)
		fw_printf("rvpmu: no IPI device in the DT (riscv,clint0, sifive,clint0, "
			  "riscv,aclint-mswi, an M-level riscv,imsics on Smaia harts): no IPI "
			  "or RFENCE extension; parked harts poll\n");
	plat.has_mtimer = timer;
	plat.has_timer = plat.sstc || timer;
	if (!plat.has_timer)
		fw_printf("rvpmu: no timer device in the DT (riscv,clint0, sifive,clint0, "
			  "riscv,aclint-mtimer) and no Sstc: no TIME extension\n");
	return 0;
}
