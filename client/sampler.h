/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * client/sampler.h - S-mode client of the sampler extension, version 2
 * (RVPMU_SAMPLER_EID, docs/sbi-sampler.md): discover it, build a
 * configuration, size buffers from a check-only CONFIGURE, start, poll or
 * wait, release ring buffers, read the status, stop, reset.
 *
 * The configuration, the buffers and the status live in the caller's
 * memory; the implementation reads the configuration at CONFIGURE (and
 * writes its plan there) and never again. Version 2 never zeroes a
 * buffer: a hart writes only the slots of windows it counted, so the
 * helpers here zero each buffer before START and a buffer's data area
 * before BUFFER_RELEASE, and a slot without the window word's COUNTED bit
 * then reads 0. Addresses are physical: the payloads run with satp = 0.
 * Any hart; calls on different harts need no locking (the implementation
 * serialises them), but a configuration is the caller's to share.
 */
#ifndef RVPMU_CLIENT_SAMPLER_H
#define RVPMU_CLIENT_SAMPLER_H

#include <stdbool.h>
#include <stdint.h>

#include "client/sbi.h"
#include "rvpmu/sampler.h"

/* Whether the firmware offers the sampler extension at version 2 or later
   (base probe_extension on RVPMU_SAMPLER_EID). */
bool sampler_present(void);

/* GET_INFO into *info (all of it); value = the implementation's size. */
struct sbiret sampler_get_info(struct rvpmu_sampler_info *info);

/*
 * Start a configuration with the defaults (nr_pmu and period chosen by
 * the implementation, no sample limit, no filter, no buffers, no CID2).
 */
void sampler_cfg_init(struct rvpmu_sampler_config *cfg);

/* Append an event: 0, or SBI_ERR_INVALID_PARAM when the list is full. */
long sampler_cfg_event(struct rvpmu_sampler_config *cfg, uint32_t event_idx,
		       uint64_t event_data);

/* Append an output buffer: 0, or SBI_ERR_INVALID_PARAM when 64 are given. */
long sampler_cfg_buffer(struct rvpmu_sampler_config *cfg, void *addr, uint64_t size);
/* cfg from sampler_cfg_init with cycles and instructions (nr_pmu 2), a
   sample every period_us, nr_sample of them: the run most payloads time
   things against. Buffers are the caller's to add. */
void sampler_cfg_cycles_instret(struct rvpmu_sampler_config *cfg, uint32_t period_us,
				uint32_t nr_sample);

/*
 * CONFIGURE with the hart set in SBI form: hart_mask_base
 * RVPMU_SAMPLER_ALL_HARTS is every hart; else bit i of hart_mask is hartid
 * base + i, or, with RVPMU_SAMPLER_CONF_HART_RANGE in flags, hart_mask is
 * a count of hartids from base. sbiret.error is the implementation's
 * answer; on success cfg->plan holds what is in force.
 */
struct sbiret sampler_configure(struct rvpmu_sampler_config *cfg, unsigned long hart_mask,
				unsigned long hart_mask_base, unsigned long flags);
/* The same on every hart. */
struct sbiret sampler_configure_all(struct rvpmu_sampler_config *cfg);
/*
 * CONFIGURE with RVPMU_SAMPLER_CONF_CHECK_ONLY: nothing put in force, any
 * state; cfg->plan says what CONFIGURE would use (nr_pmu, sizes,
 * min_buffer_size), so that buffers can be sized before they are given.
 */
struct sbiret sampler_check(struct rvpmu_sampler_config *cfg, unsigned long hart_mask,
			    unsigned long hart_mask_base, unsigned long flags);

/*
 * Zero every configured buffer of cfg (cfg may be NULL: nothing), then
 * START. Zeroing first is what makes an unwritten slot read 0.
 */
struct sbiret sampler_start(const struct rvpmu_sampler_config *cfg);
struct sbiret sampler_stop(void);
/* RESET: any state; the run (if any) is over when it returns, back to IDLE. */
struct sbiret sampler_reset(void);
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

/*
 * The calling hart's subsamples in the run so far: STATUS into st (size
 * bytes, as for sampler_status; the caller's, one per hart that calls
 * concurrently), then the entry whose hartid is the caller's. 0 when the
 * call fails or the hart is not in the set (or not within size).
 */
uint64_t sampler_my_subsamples(struct rvpmu_sampler_status *st, unsigned long size);

/*
 * BUFFER_RELEASE(index). With cfg (not NULL, index < nr_bufs) and the
 * buffer's header saying FULL or LAST (closed: the implementation no
 * longer writes it), its data area (past header_size) is zeroed first;
 * else only the call is made, and the implementation answers.
 */
struct sbiret sampler_buffer_release(const struct rvpmu_sampler_config *cfg,
				     unsigned long index);

/* The header state of a buffer (an acquire load: what it covers is seen). */
uint32_t sampler_buffer_state(const void *buf);

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
