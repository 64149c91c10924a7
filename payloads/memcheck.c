/* SPDX-License-Identifier: BSD-2-Clause */
/* The memory contract from S-mode (memcheck.h). */
#include "client/fdt.h"
#include "client/rt.h"
#include "payloads/memcheck.h"

#define MAX_RANGES	8
#define PAGE		4096ul
#define DT_ROOM		8192u	/* docs/firmware.md, "The firmware's memory" */

extern char _start[];	/* this program's first byte (client/smode.lds) */
extern char _bss_end[];	/* ... and the end of its image */

static void load_word(void *arg)
{
	(void)*(volatile unsigned long *)arg;
}

void check_memory_contract(const void *dtb)
{
	struct fdt_range mem[MAX_RANGES], res[MAX_RANGES];
	uint64_t me = (uintptr_t)_start, ram = 0, ram_end = 0, fw_end = 0, below = 1;
	int nm = fdt_ranges(dtb, FDT_MEMORY, mem, MAX_RANGES);
	int nr = fdt_ranges(dtb, FDT_RESERVED, res, MAX_RANGES), i;
	uint32_t size = fdt_size(dtb);
	long cause;
	uint64_t a;

	/* below it (a copy after the firmware's region) or above (where
	   QEMU put it, at the top of RAM) */
	rt_check(size && ((uintptr_t)dtb + size <= me || (uintptr_t)dtb >= (uintptr_t)_bss_end),
		 "memory: the DT this program got (0x%lx, %lu bytes) lies outside it "
		 "(0x%lx-0x%lx)", (unsigned long)(uintptr_t)dtb, (unsigned long)size,
		 (unsigned long)me, (unsigned long)(uintptr_t)_bss_end);
	/* a next stage edits its DT in place (U-Boot's booti writes /chosen
	   into its copy, which is exactly totalsize long): docs/firmware.md
	   promises this much room inside totalsize */
	rt_check(fdt_free(dtb) >= DT_ROOM, "memory: the DT has at least %u bytes free "
		 "inside its totalsize for the next stage (%lu)", DT_ROOM,
		 (unsigned long)fdt_free(dtb));
	for (i = 0; i < nm && i < MAX_RANGES; i++)
		if (me >= mem[i].base && me - mem[i].base < mem[i].size) {
			ram = mem[i].base;
			ram_end = mem[i].base + mem[i].size;
		}
	for (i = 0; i < nr && i < MAX_RANGES; i++) {
		below &= res[i].base + res[i].size <= me;
		if (res[i].base == ram && res[i].no_map)
			fw_end = res[i].base + res[i].size;
	}
	rt_check(ram && nr >= 1 && nr <= MAX_RANGES && below && fw_end > ram,
		 "memory: /reserved-memory names the firmware's memory from the start of RAM "
		 "(0x%llx-0x%llx, no-map), %d region(s), all below this program", 
		 (unsigned long long)ram, (unsigned long long)fw_end, nr);
	if (!fw_end)
		return;
	rt_check((uintptr_t)dtb >= fw_end, "memory: the DT (0x%lx) lies above the firmware's "
		 "closed memory (to 0x%llx)", (unsigned long)(uintptr_t)dtb,
		 (unsigned long long)fw_end);
	cause = rt_expect_fault(load_word, (void *)(uintptr_t)(fw_end - sizeof(long)), 0);
	rt_check(cause == 5, "memory: the firmware's last word (0x%llx) is closed to S-mode "
		 "(load: cause %ld)", (unsigned long long)(fw_end - sizeof(long)), cause);
	/* a word of every page, up to the first that faults */
	for (a = fw_end, cause = -1; a < ram_end && cause < 0; a += PAGE)
		cause = rt_expect_fault(load_word, (void *)(uintptr_t)a, 0);
	rt_check(cause < 0, "memory: every page from there to the end of RAM (0x%llx) is "
		 "S-mode's (%s at 0x%llx)", (unsigned long long)ram_end,
		 cause < 0 ? "no fault" : "a fault", (unsigned long long)(a - PAGE));
}
