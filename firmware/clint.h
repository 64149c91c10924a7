/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/clint.h - the devices that hold M-mode's per-hart registers:
 * CLINTs, ACLINT MSWIs and MTIMERs (clint.c), read from the DT at boot.
 *
 * Hart context: boot hart only, at boot; afterwards each hart uses its
 * own msip and mtimecmp (struct fw_hart) and nothing here.
 */
#ifndef FW_CLINT_H
#define FW_CLINT_H

#include <stdbool.h>

/* Does the DT name an IPI device (a CLINT or an ACLINT MSWI)? */
bool fw_clint_ipi_named(const void *fdt);
/*
 * Each placed hart's msip and mtimecmp from the devices the DT names,
 * their span in plat.m_regs, plat.has_ipi, has_mtimer and has_timer (a
 * console line for a missing one). 0, or -FDT_ERR_NOTFOUND (each hart
 * said on the console) when the devices reach some harts but not all.
 */
int fw_clint_init(const void *fdt);

#endif
