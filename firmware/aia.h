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

#include <stdbool.h>

/**
 * fw_aia_init() - set up the AIA controllers M-mode owns, from the DT
 * @fdt: the device tree (plat.fdt, the copy S-mode gets)
 *
 * Read the AIA controllers from the DT: program every machine-level APLIC
 * (domaincfg with its interrupts off, direct or MSI delivery; sources
 * delegated as its riscv,delegation (or QEMU 7.2's riscv,delegate)
 * property says, the others inactive; in MSI mode both levels' MSI address
 * configurations from the IMSIC nodes), and record the machine-level
 * registers (each such APLIC, each range of a machine-level IMSIC) in
 * plat.m_aia for PMP. Each delegation triple is checked whole before any
 * of its sources is written; a bad one is said on the console and left
 * out, the others kept. An APLIC whose reg is missing or too small is left
 * as reset left it, counted as a problem for fw_aia_print(). A range with
 * no PMP entry left stays open to S-mode (a console line). Without AIA
 * nodes it does nothing.
 *
 * Context: Boot hart, once, at boot (fw_boot_finish), before any hart's
 *          set-up writes its PMP; the other harts still wait in entry.S.
 */
void fw_aia_init(const void *fdt);
/**
 * fw_aia_hart_init() - open this hart's AIA state to S-mode, quiet M's file
 *
 * This hart: mstateen0 opened for what S-mode's AIA and envcfg need
 * (Smstateen: hstateen, senvcfg, siselect/sireg, the AIA CSRs, stopei),
 * and the machine-level IMSIC file quiet (eidelivery 0: M-mode's IPIs are
 * msip's), where the harts have Smaia and the DT names that file.
 *
 * Context: Every hart, on itself, in its set-up (hart_setup), after
 *          fw_aia_init() and before S-mode runs there.
 */
void fw_aia_hart_init(void);
/**
 * fw_aia_ipi_regs() - M-mode's IPIs through the M-level IMSIC files
 * @fdt: the firmware's device tree
 *
 * For a machine with no MSWI (QEMU's virt,aclint=on,aia=aplic-imsic):
 * each hart the M-level IMSIC node names gets, as its msip word, its
 * interrupt file's seteipnum_le, so that fw_send_ipi() sets identity 1
 * there; plat.ipi_imsic then says IPIs arrive as MEIP
 * (fw_aia_hart_init() enables identity 1 on each hart). A hart that
 * already has an msip keeps it.
 *
 * Context: Boot hart, at boot, once the harts are placed (fw_clint_init()),
 *          on Smaia harts only.
 * Return: true if some hart got its IMSIC file, else false.
 */
bool fw_aia_ipi_regs(const void *fdt);
/**
 * fw_aia_print() - say on the console what fw_aia_init() set up
 *
 * One line per thing fw_aia_init() set up: the machine-level APLICs, their
 * mode and how many sources they delegate (and whether there were
 * problems); in MSI mode the IMSICs and the hart-index layout; each
 * machine-level register range PMP closes. Nothing without AIA.
 *
 * Context: Boot hart, in the banner, after fw_aia_init().
 */
void fw_aia_print(void);
/**
 * fw_aia_dt_fixup() - delete the machine-level controllers from S-mode's DT
 * @fdt: S-mode's device tree, writable (plat.fdt)
 *
 * Delete the machine-level APLIC and IMSIC nodes, which S-mode cannot
 * use: the APLICs first, since an M-level APLIC is known as one by its
 * msi-parent, the IMSIC it names.
 *
 * Context: Boot hart, at boot, in fw_dt_fixup() (with the rest of the
 *          DT's fixups), before S-mode runs.
 * Return: 0, or a negative libfdt error (from fdt_del_node()).
 */
int fw_aia_dt_fixup(void *fdt);

#endif
