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

/**
 * fw_clint_ipi_named() - does the DT name an IPI device?
 * @fdt: the device tree QEMU handed over
 *
 * An IPI device is a CLINT (riscv,clint0, sifive,clint0) or an ACLINT MSWI
 * (riscv,aclint-mswi). Asked before the harts are walked, so that the
 * waiting ones may sleep (fw_boot_sleep) once an IPI is sure to wake them.
 *
 * Context: Boot hart only, at boot, while the harts are scanned
 *          (fw_harts_scan()).
 * Return: true if the DT names one, else false.
 */
bool fw_clint_ipi_named(const void *fdt);
/**
 * fw_clint_init() - find each hart's msip and mtimecmp in the DT's devices
 * @fdt: the device tree (plat.fdt, the copy in the firmware's region)
 *
 * Each placed hart's msip and mtimecmp from the devices the DT names
 * (CLINTs, ACLINT MSWIs and MTIMERs), their span in plat.m_regs (for
 * PMP), plat.has_ipi, has_mtimer and has_timer (Sstc or an mtimecmp); a
 * console line for a missing kind of device (no IPI: no IPI or RFENCE;
 * no timer and no Sstc: no TIME).
 *
 * Context: Boot hart only, at boot, once each hart is placed and the
 *          topology found (fw_harts_layout()).
 * Return: 0, or -FDT_ERR_NOTFOUND (each hart without one said on the
 *         console) when the IPI or the timer devices reach some harts but
 *         not all.
 */
int fw_clint_init(const void *fdt);

#endif
