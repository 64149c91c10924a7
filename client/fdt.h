/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * client/fdt.h - the little of a flattened device tree S-mode payloads
 * read: the size of the blob, the RAM banks, the /reserved-memory regions.
 * Read-only, no allocation; any hart, S-mode (physical addresses: the
 * payloads run with satp = 0).
 */
#ifndef RVPMU_CLIENT_FDT_H
#define RVPMU_CLIENT_FDT_H

#include <stdbool.h>
#include <stdint.h>

struct fdt_range {
	uint64_t base, size;
	bool no_map;		/* reserved-memory: the "no-map" property */
};

/* The blob's totalsize, or 0 if dtb is not a DT (bad magic). */
uint32_t fdt_size(const void *dtb);

/*
 * The free bytes at the blob's end: totalsize less the end of its last
 * block (memory reservations, structure or strings, whichever ends last);
 * what a next stage can add in place. 0 for a bad magic or a block that
 * runs past totalsize.
 */
uint32_t fdt_free(const void *dtb);

/*
 * The reg ranges of the nodes the DT names: FDT_MEMORY, every node with
 * device_type "memory" under the root; FDT_RESERVED, every child of
 * /reserved-memory. Up to max into r; returns how many there are (may be
 * more than max), or -1 for a blob this reader cannot walk.
 */
enum fdt_what { FDT_MEMORY, FDT_RESERVED };
int fdt_ranges(const void *dtb, enum fdt_what what, struct fdt_range *r, int max);

/*
 * Whether every riscv,isa property of the DT names multi-letter extension
 * ext (lower case, e.g. "smcntrpmf") after an underscore; false when the DT
 * has none or cannot be walked.
 */
bool fdt_isa_has(const void *dtb, const char *ext);

/*
 * The harts (ids below XLEN) whose cpu node has a status other than
 * "okay": the firmware's fixup disables a hart S-mode cannot use (OpenSBI:
 * one without "mmu-type", as the FU540's E51). 0 when none or no DT.
 */
unsigned long fdt_harts_disabled(const void *dtb);

#endif
