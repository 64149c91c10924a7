/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The firmware's memory laid out at boot (layout.h) for exactly the harts
 * the DT names: where the region goes, the DT S-mode gets, the tables
 * sized and handed out; the harts (harts.c), the topology (topology.c)
 * and the M-mode registers (clint.c) are filled in from here, in order.
 *
 * The region follows the image, from the start of RAM to below the next
 * stage: loaders (U-Boot) relocate themselves to the top of RAM and do not
 * read /reserved-memory, so nothing of ours may lie anywhere else.
 *
 * Hart context: boot hart only, on the boot stack, once the harts are
 * scanned (cpus.c); the others wait in entry.S.
 */
#include <libfdt.h>
#include <stdarg.h>
#include <string.h>

#include "clint.h"
#include "harts.h"
#include "ipi.h"
#include "layout.h"
#include "lib/fmt.h"
#include "platform.h"
#include "sampler/sampler.h"
#include "topology.h"

extern char _fw_end[];

/*
 * Room the DT fixup may take (fw_dt_fixup: /reserved-memory, two nodes),
 * and room left free in the DT S-mode gets. A next stage edits its DT in
 * place: U-Boot keeps its control DT in a copy exactly as large as the DT's
 * totalsize and at booti writes /chosen (bootargs, linux,initrd-start/end,
 * boot-hartid, rng-seed) into it where it lies (qemu-riscv sets fdt_high
 * to ~0). A packed DT made that write run over U-Boot's global data just
 * above the copy: "Load access fault" with string bytes in TVAL.
 */
#define FW_DT_SLACK	1024
#define FW_DT_ROOM	8192

static uint64_t round_up(uint64_t v, uint64_t to)
{
	return (v + to - 1) & ~(to - 1);
}

/* One console line and halt: the firmware cannot run here. */
static void __attribute__((noreturn, format(printf, 1, 2))) no_room(const char *fmt, ...)
{
	static char why[200];
	va_list ap;

	va_start(ap, fmt);
	rvpmu_vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	fw_halt(why);
}

/* The bank of plat.mem holding pa: its end, or 0 */
static uint64_t bank_end(uint64_t pa)
{
	unsigned int i;

	for (i = 0; i < plat.nr_mem; i++)
		if (pa >= plat.mem[i].base && pa - plat.mem[i].base < plat.mem[i].size)
			return plat.mem[i].base + plat.mem[i].size;
	return 0;
}

/* /chosen's linux,initrd-start or -end (one or two cells), or 0 */
static uint64_t chosen_u64(const void *fdt, const char *name)
{
	int node = fdt_path_offset(fdt, "/chosen"), len;
	const fdt32_t *v = node < 0 ? NULL : fdt_getprop(fdt, node, name, &len);

	if (!v || (len != 4 && len != 8))
		return 0;
	return len == 4 ? fdt32_to_cpu(v[0]) :
	       (uint64_t)fdt32_to_cpu(v[0]) << 32 | fdt32_to_cpu(v[1]);
}

/*
 * Whether the DT S-mode gets can stay where it was handed over, at `at`,
 * grown to end: the growth (the fixup's room) lies in the DT's own RAM
 * bank and clear of the region [base, fw_end), of the next stage's
 * address and of an initrd. QEMU puts its DT at the top of RAM, aligned
 * down to 2 MiB below the end, so there is room above it unless its end
 * meets that alignment; OpenSBI edits it there too. At 512 harts the DT
 * is 204 KiB that the region would otherwise carry below the next stage.
 */
static bool dt_stays(const void *fdt, uint64_t at, uint64_t end, uint64_t base, uint64_t fw_end)
{
	uint64_t rd0 = chosen_u64(fdt, "linux,initrd-start");
	uint64_t rd1 = chosen_u64(fdt, "linux,initrd-end");
	uint64_t bank = bank_end(at);

	return bank && end <= bank && end > at &&
	       (at >= fw_end || end <= base) &&
	       (plat.next_addr <= at || plat.next_addr >= end) &&
	       (rd1 <= at || rd0 >= end);
}

/*
 * Where everything goes (layout.h): the harts' blocks after the image,
 * `tables` bytes after them, PMP's end on a page; the DT S-mode gets with
 * room for the fixup where it lies (dt_stays), else copied after the
 * tables. All of the region (and a copy) must lie in the RAM bank that
 * holds the image and below the next stage (when that lies above us in
 * it); else one line says what is needed and what there is, and the
 * firmware halts before it has written a byte there. A DT handed over
 * inside the region (not by QEMU: it puts its DT at the top of RAM)
 * halts too.
 */
static void place_region(const void *fdt, uint64_t tables)
{
	uint64_t base = plat.fw_base, bank = bank_end(base), limit, end, fw_end;
	uint64_t harts = round_up((uintptr_t)_fw_end, 64);
	uint64_t at = (uintptr_t)fdt, dt_len = fdt_totalsize(fdt);
	uint64_t grown = dt_len + FW_DT_SLACK + FW_DT_ROOM;
	uint64_t grown_end = round_up(at + grown, FW_PAGE);	/* in place */

	if (!bank)
		no_room("no memory node of the device tree holds the firmware at 0x%llx",
			(unsigned long long)base);
	plat.harts_base = harts;
	plat.fw_size = round_up(harts + (uint64_t)plat.nr_harts * FW_HART_BLOCK + tables,
				FW_PAGE) - base;
	fw_end = end = base + plat.fw_size;
	if (dt_stays(fdt, at, grown_end, base, fw_end)) {
		plat.dt_base = at;
		plat.dt_size = grown_end - at;
	} else {
		plat.dt_base = fw_end;
		plat.dt_size = round_up(grown, FW_PAGE);
		plat.dt_copied = true;
		end += plat.dt_size;
	}
	limit = plat.next_addr > base && plat.next_addr < bank ? plat.next_addr : bank;
	if (end > limit)
		no_room("%u harts need %llu KiB of firmware memory from 0x%llx (image %llu KiB, "
			"%llu bytes a hart%s%llu KiB); %s 0x%llx leaves %llu KiB",
			plat.nr_harts, (unsigned long long)((end - base) >> 10),
			(unsigned long long)base, (unsigned long long)((harts - base) >> 10),
			(unsigned long long)FW_HART_BLOCK,
			end > fw_end ? ", a DT copy " : ", tables ",
			(unsigned long long)((end > fw_end ? plat.dt_size :
					      fw_end - harts - plat.nr_harts * FW_HART_BLOCK) >> 10),
			limit == bank ? "the end of RAM at" : "the next stage at",
			(unsigned long long)limit, (unsigned long long)((limit - base) >> 10));
	if (at < end && harts < at + dt_len)
		no_room("the device tree at 0x%llx lies where the firmware's memory goes "
			"(0x%llx-0x%llx)", (unsigned long long)at, (unsigned long long)harts,
			(unsigned long long)(end - 1));
}

int fw_harts_layout(const void *orig, struct fw_sampler_mem *sm)
{
	uint64_t blocks = (uint64_t)plat.nr_harts * FW_HART_BLOCK;
	uint64_t table = (plat.max_hartid + 1) * sizeof(struct fw_hart *);
	uint64_t mbox = FW_MBOX_WORDS(plat.nr_harts) * sizeof(unsigned long);
	/* the hartid table; per position: its mailbox, hartid, 2 words for
	   the sampler, cluster; then the sampler's configuration state */
	uint64_t state_at = round_up(table + plat.nr_harts * (mbox + 3 * sizeof(uint32_t) +
							      sizeof(uint16_t)), 8);
	unsigned long state = rvpmu_sampler_state_size(RVPMU_SAMPLER_MAX_EVENTS,
						       RVPMU_SAMPLER_MAX_EVENTS,
						       RVPMU_SAMPLER_MAX_BUFS, plat.nr_harts);
	uint64_t tables = state_at + state;
	unsigned int p;
	uint8_t *after;
	const void *fdt;
	uint32_t *ids;
	int err;

	_Static_assert(FW_STACK_SIZE % 16 == 0, "the stack's top must stay 16-byte aligned");
	place_region(orig, tables);
	/* from here on the DT is the one S-mode gets, grown in place or a
	   copy (fw_dt_fixup edits it); fdt_open_into moves it either way */
	err = fdt_open_into(orig, (void *)(uintptr_t)plat.dt_base, (int)plat.dt_size);
	if (err)
		return err;
	plat.fdt = (void *)(uintptr_t)plat.dt_base;
	fdt = plat.fdt;
	after = (uint8_t *)(uintptr_t)(plat.harts_base + blocks);
	memset(after, 0, tables);
	fw_hart_table = (struct fw_hart **)after;
	fw_hart_table_len = plat.max_hartid + 1;
	ids = (uint32_t *)(after + table + plat.nr_harts * mbox);
	fw_harts_place(fdt);
	fw_topology_find(fdt, ids, (uint16_t *)(ids + 3 * plat.nr_harts));
	for (p = 0; p < plat.nr_harts; p++)
		fw_hart_at(p)->mbox = (unsigned long *)(after + table + p * mbox);
	err = fw_clint_init(fdt);
	if (err)
		return err;
	sm->scratch = ids + plat.nr_harts;
	sm->state = after + state_at;
	sm->state_size = state;
	return 0;
}
