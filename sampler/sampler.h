/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sampler/sampler.h - the rvpmu sampler engine: HiSilicon-PMCU-style event
 * rotation run by M-mode on every hart of a set (ABI: rvpmu/sampler.h,
 * version 2 of the extension; design: docs/sampler.md; specification:
 * docs/sbi-sampler.md).
 *
 * Freestanding C like core/: no libc, no allocation, no firmware headers.
 * The engine reaches counters (and satp.ASID, CID1) only through the PMU
 * core's reservation API and its fast path contract (core/pmu.h,
 * core/hw.h), S-mode memory only through struct rvpmu_mem_ops, and the
 * timer and the harts' HSM state only through struct rvpmu_sampler_ops.
 * The firmware binds them to the real thing; the host tests to simulated
 * harts (tests/sampler/). Both firmwares (rvpmu's, firmware/sbi_sampler.c,
 * and the OpenSBI series) call the functions below; the ecall glue only
 * unpacks registers (32-bit parameters: the caller passes them as
 * uint32_t, so the upper bits of the register are ignored).
 *
 * State: one shared struct rvpmu_sampler and one struct rvpmu_sampler_hart
 * per hart, both provided by the caller. Per-position arrays (the hartid
 * order) are caller memory too: nothing is sized for a maximum hart count.
 * What a configuration needs (its events, groups, buffers and each hart's
 * counter choice) is sized for it, rvpmu_sampler_state_size(), and comes
 * from the platform at CONFIGURE (struct rvpmu_sampler_platform, state):
 * nothing is sized for the most events or buffers either.
 *
 * Hart context and locking:
 *  - get_info, configure, prepare, abort, launch, stop, reset, status and
 *    buffer_release run on any hart, and the caller serialises them (one
 *    SBI call of this extension at a time, e.g. a firmware lock). They
 *    may run while harts tick.
 *  - hart_start, hart_abort, tick, hart_stop, hart_leave, hart_pause and
 *    hart_resume run on the hart whose struct rvpmu_sampler_hart they
 *    get, and touch only that hart's counters and slots. After prepare,
 *    they share state only through the atomics of struct rvpmu_sampler
 *    (fills, which doubles as the fill lock, need[], bstate[], running,
 *    active, stop_req, stop_reason).
 *  - Buffer states are the engine's (bstate[]), changed by compare-and-
 *    swap only: a fill opens only from FREE, closes only from FILLING
 *    (so exactly once), and BUFFER_RELEASE goes FULL/LAST -> RELEASING ->
 *    FREE, so it never overwrites a fill; the header's state word is
 *    written from them, never read.
 *  - STATUS reads the harts' statistics without a lock; on RV32 each hart
 *    brackets its updates with a sequence count (seq), so no 64-bit
 *    value is ever torn (RV64 loads are single-copy atomic).
 *
 * Validation rule (CONFIGURE): the whole configuration is copied into a
 * staging area and checked there, so S-mode cannot change it between the
 * check and its use; nothing in force changes unless every check passes,
 * and config.plan is written only then. Errors in this order (the first
 * that applies answers):
 *   INVALID_PARAM     unknown bits in the flags register
 *   ALREADY_STARTED   a run is going on (not with CHECK_ONLY)
 *   INVALID_PARAM     configuration not 8-byte aligned
 *   INVALID_ADDRESS   configuration not S-mode read/write memory, or
 *                     hi != 0 on RV64
 *   INVALID_PARAM     magic, version, flags, unknown filter bits,
 *                     nr_events, nr_pmu (> GET_INFO's max_nr_pmu),
 *                     period_us, nr_bufs (not with CHECK_ONLY), an
 *                     event's reserved word
 *   INVALID_PARAM     hart set empty, or naming a hartid that is not a
 *                     hart available to S-mode (or base + i wraps)
 *   INVALID_PARAM     a hart of the set not ready (no sampler state)
 *   NOT_SUPPORTED     a filter bit some hart of the set cannot honour; an
 *                     event some hart of the set cannot count; a group
 *                     that needs more counters than some hart of the set
 *                     has for its events (were they all free)
 *   INVALID_PARAM     a sample past 4 GiB or a header past 64 KiB;
 *                     cid2_count not above the set's highest hartid, or
 *                     the CID2 array misaligned
 *   INVALID_ADDRESS   CID2 array not S-mode memory
 *   (not with CHECK_ONLY:)
 *   INVALID_PARAM     a buffer size not a multiple of 8 or under
 *                     plan.min_buffer_size, or a buffer misaligned
 *   INVALID_ADDRESS   a buffer not S-mode memory; buffers
 *                     overlapping each other, the configuration or CID2
 *   FAILED            the platform has no memory for the configuration's
 *                     state now (platform state op)
 */
#ifndef RVPMU_SAMPLER_H
#define RVPMU_SAMPLER_H

#include <stdbool.h>
#include <stdint.h>

#include "core/reserve.h"
#include "rvpmu/sampler.h"
#include "sampler/state.h"

/**
 * rvpmu_sampler_init() - bind the shared state to the platform
 * @s: the shared state, zeroed here
 * @plat: the platform (read-only after boot; kept, not copied)
 *
 * State IDLE, nothing configured.
 *
 * Context: Boot, once, before any hart uses @s.
 */
void rvpmu_sampler_init(struct rvpmu_sampler *s,
			const struct rvpmu_sampler_platform *plat);

/**
 * rvpmu_sampler_state_size() - the bytes of a configuration's state
 * @nr_events: its events (1..RVPMU_SAMPLER_MAX_EVENTS)
 * @nr_groups: its groups (subsamples), 1..@nr_events
 * @nr_bufs: its buffers (1..RVPMU_SAMPLER_MAX_BUFS)
 * @nr_harts: the harts of its set
 *
 * What CONFIGURE asks the platform's state op for: 47 bytes an event, 72
 * a group (40 on RV32), 40 a buffer and one an event for each hart of the
 * set, rounded up to 8. The largest for a platform of n harts is
 * rvpmu_sampler_state_size(RVPMU_SAMPLER_MAX_EVENTS,
 * RVPMU_SAMPLER_MAX_EVENTS, RVPMU_SAMPLER_MAX_BUFS, n).
 *
 * Context: Any.
 * Return: the bytes (ULONG_MAX where they would not fit an unsigned
 *         long: CONFIGURE then fails as for no memory); never an error.
 */
unsigned long rvpmu_sampler_state_size(uint32_t nr_events, uint32_t nr_groups,
				       uint32_t nr_bufs, uint32_t nr_harts);

/**
 * rvpmu_sampler_hart_init() - bind a hart's sampler state to its PMU hart
 * @sh: the hart's sampler state, zeroed here
 * @pmu: its PMU core hart
 * @hctx: the hart's context for the ops (set_deadline, held)
 * @hartid: its hartid
 *
 * Until this has run, rvpmu_sampler_hart_bound() says false for @sh.
 *
 * Context: Boot, on any hart (the firmware: each hart as it sets itself
 *          up), before the engine may look the hart up.
 */
void rvpmu_sampler_hart_init(struct rvpmu_sampler_hart *sh,
			     struct rvpmu_hart *pmu, void *hctx, uint32_t hartid);

/**
 * rvpmu_sampler_get_info() - GET_INFO, in any state
 * @s: the shared state
 * @out_lo: the answer's S-mode physical address, low XLEN bits
 * @out_hi: its high bits (must be 0 on RV64)
 * @out_size: the bytes at it
 *
 * Writes the first min(@out_size, sizeof(struct rvpmu_sampler_info))
 * bytes of this implementation's rvpmu_sampler_info. Nothing written on
 * error.
 *
 * Context: Any hart, M-mode; the caller serialises the extension's calls
 *          (one at a time); harts may tick meanwhile.
 * Return: value = the size of struct rvpmu_sampler_info, error 0;
 *         SBI_ERR_INVALID_PARAM: @out_size 0 or not a multiple of 8, or
 *         the address not 8-byte aligned; SBI_ERR_INVALID_ADDRESS: the
 *         range not S-mode memory (or @out_hi != 0 on RV64). value 0 on
 *         error.
 */
struct rvpmu_ret rvpmu_sampler_get_info(struct rvpmu_sampler *s, rvpmu_ulong out_lo,
					rvpmu_ulong out_hi, rvpmu_ulong out_size);

/**
 * rvpmu_sampler_configure() - CONFIGURE: check a configuration, put it in force
 * @s: the shared state
 * @pmu: the calling hart's PMU core (the default nr_pmu is what it can
 *       give)
 * @cfg_lo: the configuration's S-mode physical address, low XLEN bits
 * @cfg_hi: its high bits (must be 0 on RV64)
 * @hart_mask: bit i is hartid @hart_mask_base + i; with
 *             RVPMU_SAMPLER_CONF_HART_RANGE, a count of hartids from
 *             @hart_mask_base; ignored for every hart
 * @hart_mask_base: the first hartid; RVPMU_SAMPLER_ALL_HARTS is every hart
 * @flags: RVPMU_SAMPLER_CONF_*
 *
 * See the validation rule above: the configuration is copied into the
 * staging area and checked there. Success: config.plan written; without
 * CHECK_ONLY, the configuration is in force, state CONFIGURED, every
 * buffer FREE, the last run's statistics forgotten. With CHECK_ONLY
 * nothing else changes (any state, RUNNING too).
 *
 * Context: Any hart, M-mode; the caller serialises the extension's calls
 *          (one at a time); harts may tick meanwhile.
 * Return: 0, or the first error of the validation rule above
 *         (SBI_ERR_INVALID_PARAM, SBI_ERR_ALREADY_STARTED,
 *         SBI_ERR_INVALID_ADDRESS, SBI_ERR_NOT_SUPPORTED).
 */
long rvpmu_sampler_configure(struct rvpmu_sampler *s, const struct rvpmu_hart *pmu,
			     rvpmu_ulong cfg_lo, rvpmu_ulong cfg_hi, rvpmu_ulong hart_mask,
			     rvpmu_ulong hart_mask_base, uint32_t flags);

/**
 * rvpmu_sampler_prepare() - START, step 1, on the calling hart
 * @s: the shared state
 *
 * Lays out the run (the engine never zeroes a buffer: clients zero data
 * areas before START), a provisional deadline p0 = mtime + lead (at least
 * 1 tick) for the harts to arm; state RUNNING. The harts started now are
 * invited; every hart of the set is ABSENT until its own step joins it.
 * Then the firmware runs rvpmu_sampler_hart_start on every hart of the set
 * it can reach (a hart that stopped meanwhile need not be: it never joins,
 * and nothing waits for it); if any fails, rvpmu_sampler_hart_abort on
 * every hart and rvpmu_sampler_abort: the state, and all STATUS shows, are
 * as before START (nothing written to any buffer). If all succeed,
 * rvpmu_sampler_launch.
 *
 * Context: Any hart, M-mode; the caller serialises the extension's calls
 *          (one at a time); harts may tick meanwhile.
 * Return: 0; SBI_ERR_ALREADY_STARTED when running; SBI_ERR_INVALID_STATE
 *         when nothing is configured, or no hart of the set is started
 *         (HSM). Nothing changes on error.
 */
long rvpmu_sampler_prepare(struct rvpmu_sampler *s);
/**
 * rvpmu_sampler_abort() - undo rvpmu_sampler_prepare() after a refused START
 * @s: the shared state
 *
 * The state, the stop reason, the fills and every hart's statistics and
 * flags are as before START, so STATUS shows nothing of it.
 *
 * Context: The hart that ran rvpmu_sampler_prepare(), once
 *          rvpmu_sampler_hart_abort() has run on every hart; the caller
 *          serialises the extension's calls.
 */
void rvpmu_sampler_abort(struct rvpmu_sampler *s);

/**
 * rvpmu_sampler_launch() - START, step 3: write the headers, choose t0
 * @s: the shared state
 *
 * Every buffer's header is written (FREE), then t0 is chosen (p0, or
 * later if arming or the headers took longer: a run's first window is a
 * whole one) and written into each, buffer 0 goes FILLING (the others
 * stay FREE) and t0 is published. A hart that ticks before looks again
 * later (a fraction of the lead), so that t0 reaches every hart with no
 * message. If every hart that joined has left by then, the run ends here
 * (NO_HARTS) and t0 is not published.
 *
 * Context: The hart that ran rvpmu_sampler_prepare(), once every hart of
 *          the set has armed (rvpmu_sampler_hart_start() succeeded on
 *          each); the caller serialises the extension's calls.
 */
void rvpmu_sampler_launch(struct rvpmu_sampler *s);

/**
 * rvpmu_sampler_in_set() - whether a hart is in the set in force
 * @s: the shared state
 * @hartid: the hart
 *
 * Context: Any hart; reads the configuration in force, so not while
 *          CONFIGURE or RESET changes it.
 * Return: true when @hartid is in the configuration in force's hart set
 *         (false when nothing is configured).
 */
bool rvpmu_sampler_in_set(const struct rvpmu_sampler *s, uint32_t hartid);

/**
 * rvpmu_sampler_hart_start() - START, step 2: this hart joins the run
 * @s: the shared state
 * @sh: this hart's sampler state
 *
 * A hart invited at prepare and still started (HSM) joins the run: it
 * counts itself in, reserves counters for every group and arms the
 * provisional deadline p0. Any other hart (not in the set, started since
 * prepare, or stopped or suspended since) does nothing and stays ABSENT.
 * First, on any hart, counters still held from a run that ended while it
 * was paused go back.
 *
 * Context: On the hart of @sh (M-mode), between rvpmu_sampler_prepare()
 *          and rvpmu_sampler_launch() (the firmware's remote call to every
 *          hart).
 * Return: 0, joined or nothing to do; SBI_ERR_DENIED when this hart
 *         cannot give nr_pmu counters to some group (S-mode holds them):
 *         nothing reserved; or rvpmu_reserve()'s error.
 */
long rvpmu_sampler_hart_start(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh);
/**
 * rvpmu_sampler_hart_abort() - undo rvpmu_sampler_hart_start() on this hart
 * @s: the shared state
 * @sh: this hart's sampler state
 *
 * Another hart of the set failed: this one's counters released, its
 * deadline disarmed. Nothing on a hart that is not in the run, so the
 * firmware may call it on every hart.
 *
 * Context: On the hart of @sh (M-mode), after a failed START step 2,
 *          before rvpmu_sampler_abort().
 */
void rvpmu_sampler_hart_abort(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh);

/**
 * rvpmu_sampler_tick() - the sampler's timer interrupt on this hart
 * @s: the shared state
 * @sh: this hart's sampler state
 * @now: mtime now (>= its deadline)
 *
 * One switch: the window closes, its slots are written, the next opens
 * (before t0, or before the hart's slot, it only answers when to look
 * again). Within the tick the engine does not call set_deadline: its
 * answer is the deadline the firmware arms, UINT64_MAX where the hart's
 * part ends. The late policy: a subsample whose slot has ended when the
 * hart gets to it is passed (not written, counted in passed); a window
 * shortened by a late tick is data.
 *
 * Context: On the hart of @sh (M-mode), from its sampler timer interrupt.
 * Return: the next deadline; UINT64_MAX: none, this hart's part of the run
 *         is over or it is paused.
 */
uint64_t rvpmu_sampler_tick(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh,
			    uint64_t now);

/**
 * rvpmu_sampler_stop() - STOP: ask every hart of the run to stop
 * @s: the shared state
 *
 * Asks every hart to stop at its next sample's end (or its next tick off
 * the fast path); the firmware brings that forward by running
 * rvpmu_sampler_hart_stop on each hart of the set (an IPI; a paused hart
 * too) and, for STOP to be synchronous, waits until the state is not
 * RUNNING (DONE once the last hart stopped).
 *
 * Context: Any hart, M-mode; the caller serialises the extension's calls
 *          (one at a time); harts may tick meanwhile.
 * Return: 0; SBI_ERR_ALREADY_STOPPED unless running.
 */
long rvpmu_sampler_stop(struct rvpmu_sampler *s);
/**
 * rvpmu_sampler_hart_stop() - STOP's step on this hart, now
 * @s: the shared state
 * @sh: this hart's sampler state
 *
 * A counting hart's part ends now (reason REQUESTED): its counters
 * released, its deadline disarmed; the windows it closed are written, the
 * one it had open is dropped (not written). A paused hart
 * (or one paused when its run ended) gives its counters back, and a
 * paused one no longer holds the run open. Nothing on a hart that is not
 * in the run.
 *
 * Context: On the hart of @sh (M-mode), after rvpmu_sampler_stop() (the
 *          firmware's remote call to every hart).
 */
void rvpmu_sampler_hart_stop(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh);

/**
 * rvpmu_sampler_reset() - RESET: forget the configuration and the last run
 * @s: the shared state
 *
 * Any state but RUNNING: state IDLE, every hart's statistics and flags
 * cleared. The run must be over first: the firmware stops it as STOP does
 * (stop, hart_stop on every hart, wait until not RUNNING: every hart's
 * counters released, nothing written after) and then calls this.
 *
 * Context: Any hart, M-mode; the caller serialises the extension's calls
 *          (one at a time); harts may tick meanwhile.
 * Return: 0; SBI_ERR_DENIED, changing nothing, while the state is RUNNING.
 */
long rvpmu_sampler_reset(struct rvpmu_sampler *s);

/**
 * rvpmu_sampler_hart_leave() - a hart of the run leaves it for good
 * @s: the shared state
 * @sh: this hart's sampler state
 * @suspend: false: HSM stop; true: non-retentive suspend
 *
 * The hart LEAVES: recorded (flags STOPPED or SUSPENDED), its counters
 * released, its open window not written, no more fills wait for it. A
 * paused hart leaves from there (no longer holding the run open). Nothing
 * on a hart that is not in the run.
 *
 * Context: On the hart of @sh (M-mode), before it goes (HSM stop or
 *          non-retentive suspend).
 */
void rvpmu_sampler_hart_leave(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh,
			      bool suspend);

/**
 * rvpmu_sampler_hart_pause() - a hart of the run pauses (retentive suspend)
 * @s: the shared state
 * @sh: this hart's sampler state
 *
 * The hart PAUSES: its open window closes now (written, COUNTED, short),
 * its deadline is disarmed, it is not counted for closing fills, flag
 * PAUSED (its counters stay reserved). Where the closed window ends the
 * hart's part (its last sample, the buffers full, a STOP), it finishes
 * instead, as at a tick. Nothing on a hart not in the run.
 *
 * Context: On the hart of @sh (M-mode), before it waits in a retentive
 *          suspend.
 */
void rvpmu_sampler_hart_pause(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh);
/**
 * rvpmu_sampler_hart_resume() - a paused hart rejoins the run
 * @s: the shared state
 * @sh: this hart's sampler state
 *
 * It rejoins at the current slot (a shortened window, opened now) if that
 * slot's fill is still open, else at the first slot of the next fill; the
 * slots between are counted in paused (not written). Re-arms its deadline
 * (set_deadline) unless its part ended on the way (its last sample, the
 * buffers full, a STOP). If the run ended while it was paused, it keeps the
 * flag and gives its counters back. Nothing else on a hart that is not
 * paused, but counters it still holds from an ended run go back.
 *
 * Context: On the hart of @sh (M-mode), as it wakes from a retentive
 *          suspend.
 */
void rvpmu_sampler_hart_resume(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh);

/**
 * rvpmu_sampler_status() - STATUS: the status and its per-hart entries
 * @s: the shared state
 * @out_lo: the answer's S-mode physical address, low XLEN bits
 * @out_hi: its high bits (must be 0 on RV64)
 * @out_size: the bytes at it
 *
 * Writes the first min(@out_size, 80 + 48 * nr_harts) bytes of the status
 * and its per-hart entries. Each 64-bit value is untorn; samples is the
 * least of the counting harts' complete samples.
 *
 * Context: Any hart, M-mode; the caller serialises the extension's calls
 *          (one at a time); harts may tick meanwhile.
 * Return: value = bytes a full answer has, error 0; errors as GET_INFO's
 *         (SBI_ERR_INVALID_PARAM, SBI_ERR_INVALID_ADDRESS; value 0).
 */
struct rvpmu_ret rvpmu_sampler_status(struct rvpmu_sampler *s, rvpmu_ulong out_lo,
				      rvpmu_ulong out_hi, rvpmu_ulong out_size);

/**
 * rvpmu_sampler_buffer_release() - BUFFER_RELEASE, ring mode
 * @s: the shared state
 * @index: the buffer
 *
 * S-mode is done with a FULL or LAST buffer; it goes FREE (header state
 * written, after a release fence) so the run may fill it again; a FREE
 * one stays FREE. One compare-and-swap takes it (FULL/LAST -> RELEASING),
 * so a fill never opens in it before FREE is written, and a fill in
 * progress is never overwritten. A buffer being closed is waited for (a
 * few stores): S-mode may already have read its header.
 *
 * Context: Any hart, M-mode; the caller serialises the extension's calls
 *          (one at a time); harts may tick meanwhile.
 * Return: 0; SBI_ERR_INVALID_STATE: nothing configured;
 *         SBI_ERR_INVALID_PARAM: not ring mode, @index >= nr_bufs;
 *         SBI_ERR_DENIED: the buffer is FILLING.
 */
long rvpmu_sampler_buffer_release(struct rvpmu_sampler *s, rvpmu_ulong index);

/**
 * rvpmu_sampler_hart_subsamples() - the subsamples a hart is past
 * @s: the shared state
 * @sh: the hart's sampler state
 *
 * From its samples and the group it is at (no count of its own on the
 * switch's path).
 *
 * Context: Any hart; the two reads may be a sample apart while @sh's hart
 *          ticks.
 * Return: the subsamples hart @sh is past in the last run (0 once
 *         CONFIGURE or RESET forgot it).
 */
uint64_t rvpmu_sampler_hart_subsamples(const struct rvpmu_sampler *s,
				       const struct rvpmu_sampler_hart *sh);

/**
 * rvpmu_sampler_state() - the extension's state now
 * @s: the shared state
 *
 * Context: Any hart (an acquire load).
 * Return: the state, RVPMU_SAMPLER_IDLE..DONE.
 */
static inline uint32_t rvpmu_sampler_state(const struct rvpmu_sampler *s)
{
	return __atomic_load_n(&s->state, __ATOMIC_ACQUIRE);
}

/**
 * rvpmu_sampler_hart_bound() - whether rvpmu_sampler_hart_init() bound a hart
 * @sh: the hart's sampler state
 *
 * Context: Any hart (an acquire load).
 * Return: true once rvpmu_sampler_hart_init() has bound @sh; false for a
 *         hart still setting itself up.
 */
static inline bool rvpmu_sampler_hart_bound(const struct rvpmu_sampler_hart *sh)
{
	return __atomic_load_n(&sh->pmu, __ATOMIC_ACQUIRE) != 0;
}

/**
 * rvpmu_sampler_held() - the counters a hart holds for a run now
 * @sh: the hart's sampler state
 *
 * The firmware keeps their mcounteren bits clear meanwhile (the PMU core
 * already keeps them out of S-mode's calls, its snapshot and LCOFI).
 *
 * Context: On the hart of @sh.
 * Return: the counters, a bitmap by counter index (0: none).
 */
static inline uint64_t rvpmu_sampler_held(const struct rvpmu_sampler_hart *sh)
{
	return sh->reserved;
}

#endif /* RVPMU_SAMPLER_H */
