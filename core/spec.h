/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * core/spec.h - the core's spec layer: one plain function per SBI PMU
 * call that has a fast layer, written to read like the SBI PMU chapter
 * (SBI v3.0), with the rules and order of pmu.h.
 *
 * The functions pmu.h exports for config_matching, start and stop are the
 * fast layer (match.c, startstop.c): they answer the hot cases (one
 * counter, the common flags, a set of one kind restarted or stopped as it
 * was) themselves and hand every other request to the function here. The
 * two must agree on every request: the same answer, the same counter
 * state, the same snapshot area (tests/diff.c runs both side by side, the
 * make check row core-diff-rv64 / core-diff-rv32, and the fuzzer
 * fuzz-calls-diff). The other six calls (num_counters, get_info, fw_read,
 * fw_read_hi, snapshot_set_shmem, event_get_info) have one plain
 * implementation, the functions pmu.h names; it is their spec layer.
 *
 * Same arguments, answers, errors and hart context as the pmu.h function
 * of the same name without "spec_".
 */
#ifndef RVPMU_SPEC_H
#define RVPMU_SPEC_H

#include "pmu.h"

/**
 * rvpmu_spec_config_matching() - sbi_pmu_counter_config_matching, spec layer
 * @h: the hart
 * @counter_idx_base: the first counter of the set
 * @counter_idx_mask: the set, relative to @counter_idx_base
 * @config_flags: SBI_PMU_CFG_FLAG_*
 * @event_idx: the SBI event_idx
 * @event_data: the SBI event_data
 *
 * rvpmu_counter_config_matching() as the SBI PMU chapter words it
 * (spec.c): the flags and the set checked, then rvpmu_spec_config_set().
 *
 * Context: The hart that owns @h, in its SBI call; no lock taken.
 * Return: as rvpmu_counter_config_matching().
 */
struct rvpmu_ret rvpmu_spec_config_matching(struct rvpmu_hart *h, rvpmu_ulong counter_idx_base,
					    rvpmu_ulong counter_idx_mask, rvpmu_ulong config_flags,
					    rvpmu_ulong event_idx, uint64_t event_data);

/**
 * rvpmu_spec_config_set() - config_matching past its first checks
 * @h: the hart
 * @set: the counter set: valid, not empty
 * @config_flags: SBI_PMU_CFG_FLAG_*, no reserved bit
 * @event_idx: the SBI event_idx
 * @event_data: the SBI event_data
 *
 * Where the fast layer hands over a request it has checked that far.
 *
 * Context: The hart that owns @h, in its SBI call; no lock taken.
 * Return: SBI_SUCCESS with the counter chosen; SBI_ERR_NOT_SUPPORTED when
 *         no counter of this hart can count the event, or none of @set is
 *         free for it; with SKIP_MATCH, SBI_ERR_INVALID_PARAM when the
 *         set's lowest counter is not configured, is started or is of the
 *         other kind than the event, SBI_ERR_NOT_SUPPORTED when it cannot
 *         count the event. On an error nothing changes.
 */
struct rvpmu_ret rvpmu_spec_config_set(struct rvpmu_hart *h, uint64_t set,
				       rvpmu_ulong config_flags, rvpmu_ulong event_idx,
				       uint64_t event_data);

/**
 * rvpmu_spec_counter_start() - sbi_pmu_counter_start, spec layer
 * @h: the hart
 * @counter_idx_base: the first counter of the set
 * @counter_idx_mask: the set, relative to @counter_idx_base
 * @start_flags: SBI_PMU_START_*
 * @initial_value: the value with SET_INIT_VALUE
 *
 * rvpmu_counter_start() as the SBI PMU chapter words it, one counter at a
 * time (spec.c).
 *
 * Context: The hart that owns @h, in its SBI call; no lock taken.
 * Return: as rvpmu_counter_start().
 */
struct rvpmu_ret rvpmu_spec_counter_start(struct rvpmu_hart *h, rvpmu_ulong counter_idx_base,
					  rvpmu_ulong counter_idx_mask, rvpmu_ulong start_flags,
					  uint64_t initial_value);

/**
 * rvpmu_spec_counter_stop() - sbi_pmu_counter_stop, spec layer
 * @h: the hart
 * @counter_idx_base: the first counter of the set
 * @counter_idx_mask: the set, relative to @counter_idx_base
 * @stop_flags: SBI_PMU_STOP_*
 *
 * rvpmu_counter_stop() as the SBI PMU chapter words it, one counter at a
 * time (spec.c).
 *
 * Context: The hart that owns @h, in its SBI call; no lock taken.
 * Return: as rvpmu_counter_stop().
 */
struct rvpmu_ret rvpmu_spec_counter_stop(struct rvpmu_hart *h, rvpmu_ulong counter_idx_base,
					 rvpmu_ulong counter_idx_mask, rvpmu_ulong stop_flags);

#endif
