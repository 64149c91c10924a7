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

struct rvpmu_ret rvpmu_spec_config_matching(struct rvpmu_hart *h, rvpmu_ulong counter_idx_base,
					    rvpmu_ulong counter_idx_mask, rvpmu_ulong config_flags,
					    rvpmu_ulong event_idx, uint64_t event_data);

/* config_matching past its first checks: set is the valid, non-empty
   counter set and config_flags have no reserved bit. Where the fast
   layer hands over a request it has checked that far. */
struct rvpmu_ret rvpmu_spec_config_set(struct rvpmu_hart *h, uint64_t set,
				       rvpmu_ulong config_flags, rvpmu_ulong event_idx,
				       uint64_t event_data);

struct rvpmu_ret rvpmu_spec_counter_start(struct rvpmu_hart *h, rvpmu_ulong counter_idx_base,
					  rvpmu_ulong counter_idx_mask, rvpmu_ulong start_flags,
					  uint64_t initial_value);

struct rvpmu_ret rvpmu_spec_counter_stop(struct rvpmu_hart *h, rvpmu_ulong counter_idx_base,
					 rvpmu_ulong counter_idx_mask, rvpmu_ulong stop_flags);

#endif
