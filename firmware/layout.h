/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/layout.h - per-hart memory geometry, shared by C and entry.S.
 *
 * Each hart the firmware runs owns one naturally aligned block of
 * FW_HART_BLOCK bytes: its struct fw_hart at the top, its M-mode stack
 * below. The blocks are laid out at boot, from the number of harts the
 * device tree names, in a PMP-protected region carved from the top of RAM
 * (see fw_harts_layout() in harts.c); this_hart() finds the struct from sp.
 */
#ifndef FW_LAYOUT_H
#define FW_LAYOUT_H

#define FW_HART_SHIFT	13			/* 8 KiB per hart */
#define FW_HART_BLOCK	(1 << FW_HART_SHIFT)
#define FW_MAX_HARTS	512			/* QEMU virt's limit, rv64 and rv32 */
#define FW_MAX_HARTID	4095			/* one CLINT's reach */

/* struct fw_hart as entry.S's PMU dispatch sees it (checked in sbi_pmu.c):
   its struct rvpmu_hart's offset, and the PMU's FIDs 0..FW_PMU_FIDS-1 */
#define FW_HART_PMU	40
#define FW_PMU_FIDS	9

#endif
