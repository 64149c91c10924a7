/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * client/sampler.h - S-mode client of rvpmu's offloaded sampler (the SBI
 * extension RVPMU_SAMPLER_EID, docs/sampler.md): build a configuration,
 * start, poll or wait, read the status, stop.
 *
 * The configuration and the status live in the caller's memory; the
 * firmware reads the configuration once, at configure, and never again.
 * Addresses are physical: the payloads run with satp = 0. Any hart; calls
 * on different harts need no locking (the firmware serialises them), but a
 * struct sampler_session is the caller's to share.
 */
#ifndef RVPMU_CLIENT_SAMPLER_H
#define RVPMU_CLIENT_SAMPLER_H

#include <stdbool.h>
#include <stdint.h>

#include "client/sbi.h"
#include "rvpmu/sampler.h"

/* Whether the firmware has the sampler extension (base probe_extension). */
bool sampler_present(void);

/*
 * Start a configuration with the defaults (every hart, nr_pmu and period
 * and nr_sample chosen by the firmware, no filter, no buffers, no CID2).
 */
void sampler_cfg_init(struct rvpmu_sampler_config *cfg);

/* Append an event: 0, or SBI_ERR_INVALID_PARAM when the list is full. */
long sampler_cfg_event(struct rvpmu_sampler_config *cfg, uint32_t event_idx,
		       uint64_t event_data);

/* Append an output buffer: 0, or SBI_ERR_INVALID_PARAM when 64 are given. */
long sampler_cfg_buffer(struct rvpmu_sampler_config *cfg, void *addr, uint64_t size);

/* The SBI calls: sbiret.error is the firmware's answer (docs/sampler.md). */
struct sbiret sampler_configure(const struct rvpmu_sampler_config *cfg);
struct sbiret sampler_start(void);
struct sbiret sampler_stop(void);
/* Writes the status and as many per-hart entries as fit in size bytes;
   value = the bytes a full answer needs. */
struct sbiret sampler_status(struct rvpmu_sampler_status *st, unsigned long size);
/*
 * A STATUS answer with room for n harts: the status and n per-hart
 * entries as one object, whose size is what sampler_status() is given
 * (`static SAMPLER_STATUS_FOR(MAX_HARTS) st; sampler_status(&st.s,
 * sizeof(st))`).
 */
#define SAMPLER_STATUS_FOR(n) \
	struct { \
		struct rvpmu_sampler_status s; \
		struct rvpmu_sampler_hart_status h[n]; \
	}
struct sbiret sampler_buffer_release(unsigned long index);

/*
 * Poll the status until the run is no longer RUNNING or `ticks` of time
 * pass. Returns the last status call's error, or SBI_ERR_TIMEOUT. The
 * caller's hart does nothing else meanwhile (the sampler needs no S-mode
 * work, so other harts run their workloads undisturbed).
 */
long sampler_wait(struct rvpmu_sampler_status *st, unsigned long size, uint64_t ticks);

/* Bytes of buffer i as written: its header's buffer_size, or 0 if the
   header is not (yet) a sampler header. */
uint64_t sampler_buffer_bytes(const void *buf);

#endif
