/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sampler/fills.h - the run's fills and counts (fills.c), shared by the
 * sampler's own files through internal.h; not an API: the fill lock,
 * the buffers' fills opening, closing and dropped, the harts counting
 * and paused, and the run's end.
 */
#ifndef RVPMU_SAMPLER_FILLS_H
#define RVPMU_SAMPLER_FILLS_H

#include "sampler.h"

/**
 * rvpmu_sampler_samples() - the run's complete samples
 * @s: the shared state
 *
 * A sample is complete when every hart counting (joined, not paused, not
 * left) wrote it.
 *
 * Context: Any hart; the harts' statistics read untorn, each may move on
 *          meanwhile.
 * Return: the fewest samples any hart counting wrote; when none is
 *         counting, the most any wrote.
 */
uint64_t rvpmu_sampler_samples(struct rvpmu_sampler *s);
/**
 * rvpmu_sampler_unhold() - START lets go of the hold prepare put on the run
 * @s: the shared state
 *
 * START (launch, headers written) lets go of the hold prepare put on the
 * run's counts; if no hart is left in the run, the run ends here
 * (rvpmu_sampler_end_run()).
 *
 * Context: The hart running START's launch, once.
 * Return: true while the run goes on; false when no hart is left in it:
 *         the run has ended.
 */
bool rvpmu_sampler_unhold(struct rvpmu_sampler *s);

/* s->fills: fills opened << FILLS_SHIFT, whether none was free, and the
   fill lock (held while a fill opens, and while a hart pauses, leaves or
   rejoins: what active and the fills opened are stay together) */
#define FILLS_NONE_FREE	1u
#define FILLS_LOCK	2u
#define FILLS_SHIFT	2
/**
 * rvpmu_sampler_lock() - take the fill lock
 * @s: the shared state
 *
 * Spins until the lock is free.
 *
 * Context: Any hart of the run, for a short section; not nested.
 * Return: s->fills as it was when taken (the lock bit clear).
 */
uint32_t rvpmu_sampler_lock(struct rvpmu_sampler *s);	/* returns s->fills */
/**
 * rvpmu_sampler_unlock() - drop the fill lock
 * @s: the shared state
 *
 * Context: The hart that took it.
 */
void rvpmu_sampler_unlock(struct rvpmu_sampler *s);
/**
 * rvpmu_sampler_open_fill() - fill nf open, opening it if nobody has
 * @s: the shared state
 * @nf: the fill
 * @b: its buffer (@nf mod nr_bufs)
 *
 * The first hart to need fill @nf opens it under the fill lock: @b goes
 * FREE -> FILLING (a second lap: ring mode only, once S-mode released it),
 * every hart counting now is counted in it, its whole header is written.
 * Spins while another hart holds the lock.
 *
 * Context: Any hart of the run (fills.c, engine.c, pause.c), not holding
 *          the fill lock.
 * Return: true when fill @nf is open; false when no buffer is free: the
 *         run is FULL (and stays so).
 */
bool rvpmu_sampler_open_fill(struct rvpmu_sampler *s, uint32_t nf, uint32_t b);
/**
 * rvpmu_sampler_close() - close buffer b's fill, once
 * @s: the shared state
 * @b: the buffer
 * @state: RVPMU_SAMPLER_BUF_FULL or RVPMU_SAMPLER_BUF_LAST
 * @n: its nr_samples
 *
 * Written once: only from FILLING, by compare-and-swap (through the
 * transitional BS_CLOSING while the header is written); nothing on a
 * buffer that is not FILLING.
 *
 * Context: Any hart.
 */
void rvpmu_sampler_close(struct rvpmu_sampler *s, uint32_t b, uint32_t state, uint32_t n);
/**
 * rvpmu_sampler_drop() - a hart counted in buffer b's fill leaves the count
 * @s: the shared state
 * @b: the buffer
 * @thru: true: the hart got through the fill; false: it paused or left
 *        without
 *
 * need[b] less one. The fill closes (FULL, every sample of it final) when
 * that was the last hart counted and some hart got through; a fill every
 * hart left or paused in without getting through stays open (end_run or a
 * rejoining hart settles it). Nothing when the fill counts no hart or has
 * closed.
 *
 * Context: Any hart counted in the fill (compare-and-swap on need[b]).
 */
void rvpmu_sampler_drop(struct rvpmu_sampler *s, uint32_t b, bool thru);

/* s->running: harts of the run counting (RUN_MASK), paused ones (<<
   RUN_PAUSED_SHIFT), and RUN_ENDED once the run's end is decided. */
#define RUN_MASK		0x3FFFu
#define RUN_PAUSED_SHIFT	14
#define RUN_PAUSED_ONE		(1u << RUN_PAUSED_SHIFT)
#define RUN_ENDED		(1u << 31)
/**
 * rvpmu_sampler_run_change() - add to the run's counting and paused harts
 * @s: the shared state
 * @counting: added to the harts counting (+1, -1 or 0)
 * @paused: added to the harts paused (+1, -1 or 0)
 *
 * The run ends (RUN_ENDED) when nobody counts any more and there is a
 * reason to end, or nobody is paused either.
 *
 * Context: Any hart of the run (compare-and-swap on s->running).
 * Return: true when this change ends the run: the caller runs
 *         rvpmu_sampler_end_run(); false otherwise, and when the run had
 *         already ended (nothing changed then).
 */
bool rvpmu_sampler_run_change(struct rvpmu_sampler *s, int counting, int paused);
/**
 * rvpmu_sampler_run_rejoin() - a paused hart counts again
 * @s: the shared state
 *
 * Context: The paused hart, as it resumes.
 * Return: true; false when the run has ended (nothing changed).
 */
bool rvpmu_sampler_run_rejoin(struct rvpmu_sampler *s);
/**
 * rvpmu_sampler_end_run() - the last hart out ends the run
 * @s: the shared state
 *
 * Every buffer still FILLING gets its final count of complete samples (a
 * run that stops early may leave two: a fast hart can be a fill ahead of
 * a slow one), the newest as LAST (and a newest already FULL, not yet
 * released, becomes LAST); the stop reason is NO_HARTS unless one was
 * given; the run is DONE.
 *
 * Context: The hart whose rvpmu_sampler_run_change() (or
 *          rvpmu_sampler_unhold()) ended the run, once.
 */
void rvpmu_sampler_end_run(struct rvpmu_sampler *s);
/**
 * rvpmu_sampler_settled() - the state a call acts on
 * @s: the shared state
 *
 * The state, except while the run's end is decided (RUN_ENDED) and its
 * last hart is still in rvpmu_sampler_end_run(): then DONE, once that
 * hart has stored it. S-mode may already have read a LAST (or FULL)
 * header end_run wrote, and the call must not say the run goes on.
 *
 * Context: Any hart of a call. The wait is for a few header stores by a
 *          hart in M-mode with its interrupts off; never on that hart.
 * Return: RVPMU_SAMPLER_IDLE..DONE.
 */
uint32_t rvpmu_sampler_settled(const struct rvpmu_sampler *s);

#endif
