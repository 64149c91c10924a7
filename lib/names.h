/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/names.h - perf-style names of the spec's standard events: the one
 * table for the tools, the host tests and S-mode payloads (freestanding).
 */
#ifndef RVPMU_NAMES_H
#define RVPMU_NAMES_H

#include <stdbool.h>
#include <stdint.h>

#define RVPMU_EVENT_NAME_MAX 40

/*
 * Write the name of event_idx into buf (at least RVPMU_EVENT_NAME_MAX
 * bytes) and return buf: "cycles", "dtlb-read-miss", "fw:set_timer", ...
 * Events without a standard name are written as "raw", "raw2",
 * "fw:impl-<code>", "fw:platform" or "event-0x<idx>". Pure, any context.
 */
const char *rvpmu_event_name(uint32_t event_idx, char *buf);

/*
 * rvpmu_event_name with perf's modifier for a privilege filter: ":u" when
 * only user mode counts (kernel false), ":k" when only S-mode does (user
 * false), none when both or neither do. Same buffer rule. Pure.
 */
const char *rvpmu_event_name_mode(uint32_t event_idx, bool user, bool kernel, char *buf);

/* Name of a standard firmware event code (0..21), or 0 for any other. */
const char *rvpmu_fw_event_name(uint32_t code);

#endif
