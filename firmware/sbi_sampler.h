/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/sbi_sampler.h - the sampler bound to this firmware
 * (sbi_sampler.c), as the rest of the firmware drives it.
 *
 * Hart context: fw_sampler_init on the boot hart once the harts are laid
 * out (its memory in the region, from fw_harts_layout); fw_sampler_hart_init on each hart at setup;
 * fw_sampler_tick from that hart's timer; fw_sampler_leave on a hart that
 * stops or suspends non-retentively through HSM, before it goes;
 * fw_sampler_pause on a hart going into a retentive suspend and
 * fw_sampler_resume on it when it wakes; fw_sampler_reset on any hart
 * before a system reset or suspend (the run ended as by RESET: every
 * hart's counters back, nothing written after).
 */
#ifndef FW_SBI_SAMPLER_H
#define FW_SBI_SAMPLER_H

#include <stdbool.h>
#include <stdint.h>

#include "firmware/harts.h"
#include "firmware/layout.h"
#include "firmware/lie.h"
#include "sampler/sampler.h"

/**
 * fw_sampler_init() - bind the sampler to this firmware
 * @sm: its memory in the region, from fw_harts_layout(): 2 *
 *      plat.nr_harts words of per-hart memory and room for the largest
 *      configuration's state
 *
 * The engine's seams (mtime, the shared M-mode timer, HSM state, every
 * hart's sampler state, SBI shared memory, the counters a hart holds), the
 * timebase, the harts in topology order and their clusters, and START's
 * lead (every hart must be reached before t0, even at 512 harts); the
 * sampler's state IDLE.
 *
 * Context: Boot hart, once, at boot, once the harts are laid out and the
 *          PMU is set up (fw_pmu_init()).
 */
void fw_sampler_init(const struct fw_sampler_mem *sm);
/**
 * fw_sampler_hart_init() - bind this hart's sampler state to its PMU state
 * @h: the calling hart's struct
 *
 * Until then the engine does not take the hart for one of a run.
 *
 * Context: Each hart, on itself, at its set-up (hart_setup), after
 *          fw_pmu_hart_init().
 */
void fw_sampler_hart_init(struct fw_hart *h);
extern struct rvpmu_sampler fw_sampler;
/**
 * fw_sampler_tick() - the sampler's switch on this hart, at its deadline
 * @h: the hart whose timer it is
 * @now: mtime now (at or past the hart's sampler deadline)
 *
 * rvpmu_sampler_tick() on this hart's part of the run; in the lying test
 * build (RVPMU_LIE) fw_lie_tick() instead, with its lies and log.
 *
 * Context: The hart @h itself, in M-mode, from its timer (timer.c: the
 *          MTIP trap, or an M-mode wait that serves its timer).
 * Return: the hart's next sampler deadline (UINT64_MAX: none, its part of
 *         the run is over or it is paused).
 */
static inline uint64_t fw_sampler_tick(struct fw_hart *h, uint64_t now)
{
#ifdef RVPMU_LIE
	return fw_lie_tick(h, now);	/* a test build's (lie.h) */
#else
	return rvpmu_sampler_tick(&fw_sampler, &h->sampler, now);
#endif
}
/**
 * fw_sampler_leave() - this hart leaves any run for good (HSM)
 * @h: the calling hart's struct
 * @suspend: false for an HSM stop, true for a non-retentive suspend
 *
 * Recorded in the run (flags STOPPED or SUSPENDED), its counters
 * released, its open window not written, no more fills wait for it.
 * Nothing on a hart that is not in a run (but the lying build's log).
 *
 * Context: The hart itself, in M-mode, in its HSM stop or non-retentive
 *          suspend, before it goes.
 */
void fw_sampler_leave(struct fw_hart *h, bool suspend);
/**
 * fw_sampler_pause() - this hart pauses its part of a run (retentive suspend)
 * @h: the calling hart's struct
 *
 * Its open window closes now (written, short), its deadline is disarmed,
 * fills no longer wait for it; its counters stay reserved. Nothing on a
 * hart that is not in a run.
 *
 * Context: The hart itself, in M-mode, in its HSM retentive suspend,
 *          before it waits.
 */
void fw_sampler_pause(struct fw_hart *h);
/**
 * fw_sampler_resume() - this hart rejoins its run after a retentive suspend
 * @h: the calling hart's struct
 *
 * It rejoins at the current slot if that slot's fill is still open, else
 * at the next fill's first slot; its deadline re-armed. Nothing on a hart
 * that is not paused.
 *
 * Context: The hart itself, in M-mode, when it wakes from a retentive
 *          suspend (fw_sampler_pause() before it).
 */
void fw_sampler_resume(struct fw_hart *h);
/**
 * fw_sampler_reset() - end any sampler run as RESET does, and forget it
 * @h: the calling hart's struct
 *
 * The run stopped as STOP stops it (synchronous: every hart's counters
 * back, nothing written after), every hart's step once more, then IDLE:
 * the configuration forgotten. Under the sampler's lock, serving this
 * hart's mailbox and timer while it waits for it.
 *
 * Context: Any hart, in M-mode, in its SRST ecall (the legacy shutdown
 *          too), before the system reset.
 */
void fw_sampler_reset(struct fw_hart *h);
/**
 * fw_counteren_update() - set this hart's mcounteren
 * @h: the calling hart's struct
 *
 * main.c: this hart's mcounteren: every counter that exists and time,
 * but those the sampler holds on it (their direct reads trap, and
 * scountovf reads 0 for them), until the hart's part of the run ends.
 *
 * Context: The hart @h itself, in M-mode: at its set-up, and whenever
 *          the counters the sampler holds there change (at a run's join
 *          and end).
 */
void fw_counteren_update(struct fw_hart *h);

#endif
