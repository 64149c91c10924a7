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

/**
 * sampler_present() - whether the firmware offers the sampler extension
 *
 * Context: Any hart, S-mode.
 * Return: true when base probe_extension on RVPMU_SAMPLER_EID answers
 *         version 2 (RVPMU_SAMPLER_SPEC_VERSION) or later.
 */
bool sampler_present(void);

/**
 * sampler_get_info() - GET_INFO into *info, all of it
 * @info: where the answer goes (physical address: satp = 0)
 *
 * Context: Any hart, S-mode, any state.
 * Return: the sbiret: value the implementation's size of struct
 *         rvpmu_sampler_info with SBI_SUCCESS; SBI_ERR_INVALID_PARAM when
 *         @info is not 8-byte aligned; SBI_ERR_INVALID_ADDRESS when it is
 *         not S-mode writable memory;
 *         SBI_ERR_NOT_SUPPORTED where the firmware does not offer the
 *         extension.
 */
struct sbiret sampler_get_info(struct rvpmu_sampler_info *info);

/**
 * sampler_cfg_init() - start a configuration with the defaults
 * @cfg: the configuration: zeroed, then magic and version set
 *
 * The defaults: nr_pmu and period chosen by the implementation, no sample
 * limit, no filter, no events, no buffers, no CID2.
 *
 * Context: Any hart; touches only @cfg.
 */
void sampler_cfg_init(struct rvpmu_sampler_config *cfg);

/**
 * sampler_cfg_event() - append an event to a configuration
 * @cfg: the configuration
 * @event_idx: the event, in the PMU extension's encoding
 * @event_data: its event_data (a raw event's selector)
 *
 * Context: Any hart; touches only @cfg.
 * Return: 0, or SBI_ERR_INVALID_PARAM when the list is full
 *         (RVPMU_SAMPLER_MAX_EVENTS).
 */
long sampler_cfg_event(struct rvpmu_sampler_config *cfg, uint32_t event_idx,
		       uint64_t event_data);

/**
 * sampler_cfg_buffer() - append an output buffer to a configuration
 * @cfg: the configuration
 * @addr: the buffer (physical address: satp = 0)
 * @size: its size in bytes
 *
 * Context: Any hart; touches only @cfg.
 * Return: 0, or SBI_ERR_INVALID_PARAM when 64 are given
 *         (RVPMU_SAMPLER_MAX_BUFS).
 */
long sampler_cfg_buffer(struct rvpmu_sampler_config *cfg, void *addr, uint64_t size);
/**
 * sampler_cfg_cycles_instret() - a configuration sampling cycles and instret
 * @cfg: the configuration, started afresh (sampler_cfg_init())
 * @period_us: a sample every period_us
 * @nr_sample: how many samples (0: no limit)
 *
 * Cycles and instructions (nr_pmu 2): the run most payloads time things
 * against. Buffers are the caller's to add.
 *
 * Context: Any hart; touches only @cfg.
 */
void sampler_cfg_cycles_instret(struct rvpmu_sampler_config *cfg, uint32_t period_us,
				uint32_t nr_sample);

/**
 * sampler_configure() - CONFIGURE, with the hart set in SBI form
 * @cfg: the configuration (physical address: satp = 0); the implementation
 *       reads it here and writes its plan into it
 * @hart_mask: bit i is hartid @hart_mask_base + i; with
 *             RVPMU_SAMPLER_CONF_HART_RANGE, a count of hartids from
 *             @hart_mask_base
 * @hart_mask_base: the first hartid; RVPMU_SAMPLER_ALL_HARTS is every hart
 * @flags: RVPMU_SAMPLER_CONF_*
 *
 * Context: Any hart, S-mode; @cfg is the caller's to share.
 * Return: the sbiret: error the implementation's answer, SBI_SUCCESS (then
 *         cfg->plan holds what is in force) or CONFIGURE's errors
 *         (docs/sbi-sampler.md 7.2: INVALID_PARAM, ALREADY_STARTED while a
 *         run goes on, INVALID_ADDRESS, NOT_SUPPORTED);
 *         SBI_ERR_NOT_SUPPORTED also where the firmware does not offer the
 *         extension.
 */
struct sbiret sampler_configure(struct rvpmu_sampler_config *cfg, unsigned long hart_mask,
				unsigned long hart_mask_base, unsigned long flags);
/**
 * sampler_configure_all() - CONFIGURE on every hart
 * @cfg: the configuration, as for sampler_configure()
 *
 * As sampler_configure() with the hart set RVPMU_SAMPLER_ALL_HARTS and no
 * flags.
 *
 * Context: Any hart, S-mode; @cfg is the caller's to share.
 * Return: as sampler_configure().
 */
struct sbiret sampler_configure_all(struct rvpmu_sampler_config *cfg);
/**
 * sampler_check() - CONFIGURE with RVPMU_SAMPLER_CONF_CHECK_ONLY
 * @cfg: the configuration, as for sampler_configure()
 * @hart_mask: the hart set, as for sampler_configure()
 * @hart_mask_base: its first hartid, or RVPMU_SAMPLER_ALL_HARTS
 * @flags: RVPMU_SAMPLER_CONF_* (CHECK_ONLY is added)
 *
 * Nothing is put in force, in any state; cfg->plan says what CONFIGURE
 * would use (nr_pmu, sizes, min_buffer_size), so that buffers can be
 * sized before they are given.
 *
 * Context: Any hart, S-mode; @cfg is the caller's to share.
 * Return: as sampler_configure(), but never ALREADY_STARTED and without
 *         the buffers' checks.
 */
struct sbiret sampler_check(struct rvpmu_sampler_config *cfg, unsigned long hart_mask,
			    unsigned long hart_mask_base, unsigned long flags);

/**
 * sampler_start() - zero the buffers, then START
 * @cfg: the configuration in force, whose buffers are zeroed (NULL:
 *       nothing is)
 *
 * Zeroing first is what makes an unwritten slot read 0. The zeroing is
 * ordered before the call, so the harts of the run see it.
 *
 * Context: Any hart, S-mode; not while a run writes the buffers.
 * Return: the sbiret: SBI_SUCCESS, the run going; SBI_ERR_ALREADY_STARTED
 *         while a run goes on; SBI_ERR_INVALID_STATE when nothing is
 *         configured or no hart of the set is started; SBI_ERR_DENIED when
 *         a hart of the set cannot give its counters (S-mode holds them:
 *         nothing changed); SBI_ERR_NOT_SUPPORTED where the firmware does
 *         not offer the extension.
 */
struct sbiret sampler_start(const struct rvpmu_sampler_config *cfg);
/**
 * sampler_stop() - STOP
 *
 * Description: Synchronous: the run has ended (DONE) and no hart writes to
 * the buffers when it returns.
 *
 * Context: Any hart, S-mode.
 * Return: the sbiret: SBI_SUCCESS; SBI_ERR_ALREADY_STOPPED when no run
 *         goes on; SBI_ERR_NOT_SUPPORTED where the firmware does not offer
 *         the extension.
 */
struct sbiret sampler_stop(void);
/**
 * sampler_reset() - RESET, in any state
 *
 * Description: The run (if any) is over when it returns, the configuration
 * forgotten: back to IDLE.
 *
 * Context: Any hart, S-mode.
 * Return: the sbiret: SBI_SUCCESS; SBI_ERR_NOT_SUPPORTED where the
 *         firmware does not offer the extension.
 */
struct sbiret sampler_reset(void);
/**
 * sampler_status() - STATUS: the status and the per-hart entries that fit
 * @st: where the answer goes (physical address: satp = 0)
 * @size: the bytes at @st: the status and as many per-hart entries as fit
 *        are written
 *
 * Context: Any hart, S-mode, any state.
 * Return: the sbiret: value the bytes a full answer needs with
 *         SBI_SUCCESS; SBI_ERR_INVALID_PARAM for a @size 0 or not a
 *         multiple of 8, or @st not 8-byte aligned; SBI_ERR_INVALID_ADDRESS
 *         when @st is not S-mode writable memory; SBI_ERR_NOT_SUPPORTED
 *         where the firmware does not offer the extension.
 */
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

/**
 * sampler_my_subsamples() - the calling hart's subsamples in the run so far
 * @st: STATUS's answer goes here (the caller's, one per hart that calls
 *      concurrently)
 * @size: the bytes at @st, as for sampler_status()
 *
 * STATUS into @st, then the entry whose hartid is the caller's.
 *
 * Context: Any hart, S-mode.
 * Return: that entry's subsamples; 0 when the call fails, @size is
 *         smaller than the status, or the hart is not in the set (or not
 *         within @size).
 */
uint64_t sampler_my_subsamples(struct rvpmu_sampler_status *st, unsigned long size);

/**
 * sampler_buffer_release() - BUFFER_RELEASE, the data area zeroed first
 * @cfg: the configuration in force, or NULL
 * @index: the buffer
 *
 * With @cfg (not NULL, @index < nr_bufs) and the buffer's header saying
 * FULL or LAST (closed: the implementation no longer writes it), its data
 * area (past header_size) is zeroed first; else only the call is made,
 * and the implementation answers.
 *
 * Context: Any hart, S-mode, once the caller has read the buffer.
 * Return: the sbiret: SBI_SUCCESS, the buffer FREE;
 *         SBI_ERR_INVALID_STATE when nothing is configured;
 *         SBI_ERR_INVALID_PARAM when not in ring mode or @index is not a
 *         buffer; SBI_ERR_DENIED while the buffer is FILLING;
 *         SBI_ERR_NOT_SUPPORTED where the firmware does not offer the
 *         extension.
 */
struct sbiret sampler_buffer_release(const struct rvpmu_sampler_config *cfg,
				     unsigned long index);

/**
 * sampler_buffer_state() - the header state of a buffer
 * @buf: the buffer
 *
 * An acquire load: what the state covers is seen.
 *
 * Context: Any hart.
 * Return: the header's state, RVPMU_SAMPLER_BUF_*.
 */
uint32_t sampler_buffer_state(const void *buf);

/**
 * sampler_wait() - poll the status until the run is no longer RUNNING
 * @st: STATUS's answer goes here, as for sampler_status()
 * @size: the bytes at @st
 * @ticks: the timeout, in ticks of the time CSR
 *
 * The caller's hart does nothing else meanwhile (the sampler needs no
 * S-mode work, so other harts run their workloads undisturbed).
 *
 * Context: Any hart, S-mode.
 * Return: the last status call's error (0 once the run is no longer
 *         RUNNING), or SBI_ERR_TIMEOUT when @ticks passed first.
 */
long sampler_wait(struct rvpmu_sampler_status *st, unsigned long size, uint64_t ticks);

/**
 * sampler_buffer_bytes() - the bytes of a buffer as written
 * @buf: the buffer
 *
 * Context: Any hart.
 * Return: its header's buffer_size, or 0 if the header is not (yet) a
 *         sampler header (magic).
 */
uint64_t sampler_buffer_bytes(const void *buf);

#endif
