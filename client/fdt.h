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

/**
 * fdt_size() - the blob's size, from its header
 * @dtb: the blob (NULL: none)
 *
 * Context: Any hart, S-mode; reads only.
 * Return: the header's totalsize, or 0 if @dtb is NULL or not a DT (bad
 *         magic).
 */
uint32_t fdt_size(const void *dtb);

/**
 * fdt_free() - the free bytes at the blob's end
 * @dtb: the blob
 *
 * Totalsize less the end of the blob's last block (memory reservations,
 * structure or strings, whichever ends last): what a next stage can add
 * in place.
 *
 * Context: Any hart, S-mode; reads only.
 * Return: the free bytes; 0 for a bad magic (or a totalsize shorter than
 *         the header) or a block that runs past totalsize.
 */
uint32_t fdt_free(const void *dtb);

/* What fdt_ranges() reads: the RAM banks, or the reserved regions. */
enum fdt_what { FDT_MEMORY, FDT_RESERVED };
/**
 * fdt_ranges() - the reg ranges of the RAM banks or the reserved regions
 * @dtb: the blob
 * @what: FDT_MEMORY, every node with device_type "memory" under the root;
 *        FDT_RESERVED, every child of /reserved-memory (with its no-map)
 * @r: where the ranges go
 * @max: room in @r
 *
 * Up to @max ranges into @r, in the blob's order. Each node's cells are
 * read with its parent's #address-cells and #size-cells (2 and 1 where
 * absent); a reg whose cells this reader cannot take (address cells not
 * 1 or 2, size cells above 2) is left out.
 *
 * Context: Any hart, S-mode; reads only.
 * Return: how many ranges there are (may be more than @max), or -1 for a
 *         blob this reader cannot walk.
 */
int fdt_ranges(const void *dtb, enum fdt_what what, struct fdt_range *r, int max);

/**
 * fdt_isa_has() - whether every hart's ISA string names an extension
 * @dtb: the blob
 * @ext: a multi-letter extension, lower case (e.g. "smcntrpmf")
 *
 * Context: Any hart, S-mode; reads only.
 * Return: true when every riscv,isa property of the DT names @ext after an
 *         underscore; false when one does not, or the DT has none or
 *         cannot be walked.
 */
bool fdt_isa_has(const void *dtb, const char *ext);

/**
 * fdt_harts_disabled() - the harts the DT marks disabled
 * @dtb: the blob
 *
 * The firmware's fixup disables a hart S-mode cannot use (OpenSBI: one
 * without "mmu-type", as the FU540's E51).
 *
 * Context: Any hart, S-mode; reads only.
 * Return: a mask of the harts (ids below XLEN) whose cpu node has a status
 *         other than "okay" (or "ok"); 0 when none, or when there is no DT
 *         or it cannot be walked.
 */
unsigned long fdt_harts_disabled(const void *dtb);

#endif
