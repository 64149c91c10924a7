/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * payloads/memcheck.h - the memory contract as an S-mode program sees it
 * (docs/firmware.md, "The firmware's memory"): everything the firmware owns lies
 * below this program, from the start of RAM; the DT it got says so in
 * /reserved-memory; the firmware's part is closed to S-mode and the rest
 * of RAM is open. Boot hart, early (before anything else uses memory
 * above the program); TAP checks through rt_check.
 */
#ifndef RVPMU_PAYLOADS_MEMCHECK_H
#define RVPMU_PAYLOADS_MEMCHECK_H

void check_memory_contract(const void *dtb);

#endif
