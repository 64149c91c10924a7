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

/**
 * rvpmu_event_name() - the perf-style name of an event
 * @event_idx: the SBI event_idx
 * @buf: where the name goes: at least RVPMU_EVENT_NAME_MAX bytes
 *
 * "cycles", "dtlb-read-miss", "fw:set_timer", ... Events without a
 * standard name are written as "raw", "raw2", "fw:platform", rvpmu's own
 * "fw:sbi_calls" and "fw:m_traps", "fw:impl-0x<code>",
 * "fw:reserved-0x<code>" or "event-0x<idx>" (hexadecimal).
 *
 * Context: Any context; pure but for @buf.
 * Return: @buf.
 */
const char *rvpmu_event_name(uint32_t event_idx, char *buf);

/**
 * rvpmu_event_name_mode() - an event's name with perf's privilege modifier
 * @event_idx: the SBI event_idx
 * @user: whether user mode counts
 * @kernel: whether S-mode counts
 * @buf: where the name goes: at least RVPMU_EVENT_NAME_MAX bytes
 *
 * rvpmu_event_name() with perf's modifier for a privilege filter: ":u"
 * when only user mode counts (@kernel false), ":k" when only S-mode does
 * (@user false), none when both or neither do.
 *
 * Context: Any context; pure but for @buf.
 * Return: @buf.
 */
const char *rvpmu_event_name_mode(uint32_t event_idx, bool user, bool kernel, char *buf);

/**
 * rvpmu_fw_event_name() - the name of a standard firmware event
 * @code: the firmware event's code
 *
 * Context: Any context; pure.
 * Return: the name of standard code @code (0..21), such as "set_timer";
 *         0 (NULL) for any other.
 */
const char *rvpmu_fw_event_name(uint32_t code);

#endif
