/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/aia.h - what M-mode owns of the Advanced Interrupt Architecture
 * (aia.c): the APLIC's machine-level (root) domains, which hand their
 * sources to the supervisor-level domains the DT names and, in MSI mode,
 * say where both levels' MSIs go; the machine-level IMSIC interrupt files;
 * mstateen0 where the harts have Smstateen; and a DT for S-mode without
 * the machine-level controllers, which S-mode cannot use (QEMU virt's
 * aia=aplic and aia=aplic-imsic).
 *
 * Hart context: fw_aia_init and fw_aia_dt_fixup on the boot hart at boot
 * (main.c's order: once the harts are laid out; the fixup with the rest
 * of the DT's); fw_aia_hart_init on every hart in its set-up, after
 * fw_aia_init. Nothing here runs once S-mode does.
 */
#ifndef FW_AIA_H
#define FW_AIA_H

/*
 * Read the AIA controllers from the DT (plat.fdt): program every
 * machine-level APLIC (sources delegated as its riscv,delegation (or
 * QEMU 7.2's riscv,delegate) property says, the others inactive; in MSI
 * mode both levels' MSI address configurations from the IMSIC nodes),
 * and record the machine-level registers in plat.m_aia for PMP. Says on
 * the console what it did, and what it could not (a malformed property:
 * that controller left as reset left it). No return value: without AIA
 * nodes it does nothing.
 */
void fw_aia_init(const void *fdt);
/* This hart: mstateen0 opened for what S-mode's AIA and envcfg need
   (Smstateen), the machine-level IMSIC file quiet (delivery off). */
void fw_aia_hart_init(void);
/* Boot hart, in the banner: one line per thing fw_aia_init set up. */
void fw_aia_print(void);
/* Delete the machine-level APLIC and IMSIC nodes from S-mode's DT: 0, or
   a negative libfdt error. */
int fw_aia_dt_fixup(void *fdt);

#endif
