/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/layout.h - the firmware's memory, shared by C and entry.S.
 *
 * Everything the firmware owns lies in one region from the start of RAM,
 * below the next stage's address (fw_dynamic_info.next_addr: 0x80200000
 * on rv64, 0x80400000 on rv32), laid out at boot (layout.c) for the harts
 * the DT names:
 *
 *   image     code, data, bss (the boot stack, the sampler's shared state)
 *   harts     one block per hart: its M-mode stack (FW_STACK_SIZE), then
 *             its struct fw_hart, whose address is the stack's top
 *   tables    hartid -> struct fw_hart, the topology, the sampler's
 *             scratch
 *             -- PMP closes everything above to S-mode (one TOR range)
 *   DT        the device tree S-mode gets (open to S-mode), when it cannot
 *             grow where QEMU put it (layout.c)
 *
 * A hart finds its struct through fw_hart_table[mhartid] (this_hart()),
 * or, in the trap vector, from mscratch (its struct while it runs S-mode).
 *
 * Hart context: the boot hart lays it out before any other hart leaves
 * the entry wait; it does not move afterwards.
 */
#ifndef FW_LAYOUT_H
#define FW_LAYOUT_H

#define FW_STACK_SIZE	1280		/* M-mode stack per hart: scripts/stack-bound */

/* QEMU's struct fw_dynamic_info (OpenSBI's convention), a2 at reset: the
   magic, then words version, next_addr, next_mode, options, boot_hart */
#define FW_DYNAMIC_MAGIC	0x4942534f
#define FW_DYNAMIC_VERSION	1	/* word index */
#define FW_DYNAMIC_BOOT_HART	5	/* word index, from version 2 */
#define FW_BOOT_STACK	8192		/* the boot hart's until it has a block */
#define FW_MAX_HARTS	512		/* QEMU virt's limit, rv64 and rv32 */
#define FW_MAX_HARTID	4095		/* one CLINT's reach */
#define FW_PAGE		4096		/* the DT's bounds: page-aligned */

/* struct fw_hart as entry.S's PMU dispatch sees it (checked in sbi_pmu.c):
   its struct rvpmu_hart's offset, and the PMU's FIDs 0..FW_PMU_FIDS-1 */
#define FW_HART_PMU	40
#define FW_PMU_FIDS	9

#ifndef __ASSEMBLER__
#include <stdint.h>

/* The sampler's memory in the region (fw_harts_layout()). */
struct fw_sampler_mem {
	uint32_t *scratch;		/* 2 * plat.nr_harts words */
	void *state;			/* a configuration's state: room for
					   the largest (this firmware has no
					   heap), given at each CONFIGURE */
	unsigned long state_size;	/* its bytes */
};

/**
 * fw_harts_layout() - lay out the firmware's region and fill it
 * @fdt: the device tree QEMU handed over (grown in place or copied)
 * @sm: set to the sampler's memory in the region
 *
 * layout.c: lay out the firmware's region after the image (the harts'
 * blocks, the hartid table, the mailboxes, the topology arrays, the DT
 * S-mode gets), halting with one console line if it does not fit below
 * plat.next_addr or in the RAM bank, or if the DT lies where the region
 * goes; grow the DT where it lies if it can, else copy it after the
 * region (plat.fdt is S-mode's from then on); fill every
 * struct fw_hart, the topology (cpu-map), each hart's mailbox, msip and
 * mtimecmp, plat.m_regs, has_ipi and has_timer; *@sm: the sampler's
 * per-hart words and its configuration's state in the region.
 *
 * Context: Boot hart only, on the boot stack, once the harts are scanned
 *          (fw_harts_scan()); the others wait in entry.S.
 * Return: 0, or a negative libfdt error: the copy's (fdt_open_into()), or
 *         -FDT_ERR_NOTFOUND (the console says why) for a DT whose IPI or
 *         timer devices reach some harts but not all.
 */
int fw_harts_layout(const void *fdt, struct fw_sampler_mem *sm);
#endif

#endif
