/* SPDX-License-Identifier: BSD-2-Clause */
/* sampler/internal.h - shared by the sampler's own files; not an API. */
#ifndef RVPMU_SAMPLER_INTERNAL_H
#define RVPMU_SAMPLER_INTERNAL_H

#include "sampler.h"

/*
 * A counter for every event of every group (events[0..nr_events) in
 * groups of nr_pmu), distinct within each group: greedy, lowest first,
 * preferring counters an earlier group already took so that the run
 * holds as few as it can; each group's hpm events first, then its
 * firmware events (the order of struct rvpmu_sampler's p). reserving:
 * only counters free now (rvpmu_reservable), else every counter that can
 * count the event (rvpmu_sampler_capable). ctr (optional): the counters,
 * in that order. Returns the counters, 0 when some group cannot be served.
 */
uint64_t rvpmu_sampler_fit(const struct rvpmu_hart *pmu, const struct rvpmu_sampler_event *ev,
			   uint32_t nr_events, uint32_t nr_pmu, bool reserving, uint8_t *ctr);
bool rvpmu_sampler_addr(rvpmu_ulong lo, rvpmu_ulong hi, uint64_t *pa);
/* SBI shared memory: [pa, pa + size) 8-byte aligned, not empty, not
   wrapping, S-mode read/write memory (the platform's check): 0, else
   SBI_ERR_INVALID_ADDRESS. */
long rvpmu_sampler_mem_ok(const struct rvpmu_sampler *s, uint64_t pa, uint64_t size);
/* The same for an address in two registers (hi != 0 on RV64: refused). */
long rvpmu_sampler_shmem(const struct rvpmu_sampler *s, rvpmu_ulong lo, rvpmu_ulong hi,
			 uint64_t size, uint64_t *pa);
/* What GET_INFO answers (any hart, any state). */
void rvpmu_sampler_info(const struct rvpmu_sampler *s, struct rvpmu_sampler_info *info);
uint64_t rvpmu_sampler_buf_data(const struct rvpmu_sampler *s, unsigned int b);
void rvpmu_sampler_write_header(struct rvpmu_sampler *s, unsigned int b, uint32_t state,
				uint32_t nr_samples);
void rvpmu_sampler_header_t0(struct rvpmu_sampler *s, unsigned int b);
void rvpmu_sampler_header_update(struct rvpmu_sampler *s, unsigned int b,
				 uint32_t state, uint32_t nr_samples);
void rvpmu_sampler_zero(struct rvpmu_sampler *s, uint64_t pa, uint64_t len);
uint64_t rvpmu_sampler_samples(struct rvpmu_sampler *s);
/* START (launch, headers written) lets go of the hold prepare put on the
   run's counts; false when no hart is left in it: the run has ended. */
bool rvpmu_sampler_unhold(struct rvpmu_sampler *s);

/* s->fills: fills opened << FILLS_SHIFT, whether none was free, and the
   fill lock (held while a fill opens, and while a hart pauses, leaves or
   rejoins: what active and the fills opened are stay together) */
#define FILLS_NONE_FREE	1u
#define FILLS_LOCK	2u
#define FILLS_SHIFT	2
uint32_t rvpmu_sampler_lock(struct rvpmu_sampler *s);	/* returns s->fills */
void rvpmu_sampler_unlock(struct rvpmu_sampler *s);
/* engine.c: fill n (in buffer b) open, opening it if nobody has (false:
   no buffer free, the run is FULL); a fill closed once; a hart counted in
   buffer b's fill gets through it (thru) or gives up its count */
bool rvpmu_sampler_open_fill(struct rvpmu_sampler *s, uint32_t nf, uint32_t b);
void rvpmu_sampler_close(struct rvpmu_sampler *s, uint32_t b, uint32_t state, uint32_t n);
void rvpmu_sampler_drop(struct rvpmu_sampler *s, uint32_t b, bool thru);
/* The lateness past which the tick leaves its fast path: a new worst
   skew, or a period (the late policy). After max_skew changes. */
static inline void sampler_fast_lim(struct rvpmu_sampler_hart *sh)
{
	uint64_t p1 = sh->s->period_ticks - 1;

	sh->fast_lim = sh->max_skew < p1 ? sh->max_skew : p1;
}

/* A hart's CID2 word when the configuration has no CID2 array: 0. */
extern const volatile uint32_t sampler_no_cid2;

/* s->running: harts of the run counting (RUN_MASK), paused ones (<<
   RUN_PAUSED_SHIFT), and RUN_ENDED once the run's end is decided.
   run_change adds counting and paused: true when that ends the run (the
   caller runs end_run): nobody counts any more and there is a reason to
   end, or nobody is paused either. run_rejoin: a paused hart counts
   again, unless the run has ended (false). */
#define RUN_MASK		0x3FFFu
#define RUN_PAUSED_SHIFT	14
#define RUN_PAUSED_ONE		(1u << RUN_PAUSED_SHIFT)
#define RUN_ENDED		(1u << 31)
bool rvpmu_sampler_run_change(struct rvpmu_sampler *s, int counting, int paused);
bool rvpmu_sampler_run_rejoin(struct rvpmu_sampler *s);
/* The last hart out: the buffers closed, state DONE (fills.c). */
void rvpmu_sampler_end_run(struct rvpmu_sampler *s);
/* engine.c: the counters back to the core, no more deadline */
void rvpmu_sampler_let_go(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh);
/* engine.c, for pause.c: this hart's part ends for reason (in_tick: the
   tick's answer disarms it); the window-closing stamp; the first tick */
void rvpmu_sampler_finish(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh,
			  uint32_t reason, bool in_tick);
uint64_t rvpmu_sampler_begin(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh,
			     uint64_t t);
void rvpmu_sampler_stamp(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh, uint8_t *q,
			 uint64_t base);
void rvpmu_sampler_close_window(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh);
/* ... and, after a sample's last window, its null-event slots' zeros */
void rvpmu_sampler_pad_last(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh);
uint32_t rvpmu_sampler_end_subsample(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh,
				     bool end_sample);

/* s->bstate[]: besides RVPMU_SAMPLER_BUF_*, the two transitions that
   write the header (nobody else may change the state meanwhile) */
#define BS_RELEASING	4u	/* BUFFER_RELEASE: FULL/LAST -> FREE */
#define BS_CLOSING	5u	/* a fill closes: FILLING -> FULL/LAST */

/* s->need[]: harts counted in the fill that have not got through it,
   whether one has (THRU), whether it closed (CLOSED: set once, by the
   one that closes it) */
#define NEED_COUNT	0x0FFFFFFFu
#define NEED_THRU	0x40000000u
#define NEED_CLOSED	0x80000000u

/* A hart's 64-bit statistics change between these (RV32: STATUS reads
   them under the sequence count; RV64 loads cannot tear). */
static inline void stats_begin(struct rvpmu_sampler_hart *sh)
{
#if RVPMU_XLEN == 32
	__atomic_store_n(&sh->seq, sh->seq + 1, __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_RELEASE);
#else
	(void)sh;
#endif
}

static inline void stats_end(struct rvpmu_sampler_hart *sh)
{
#if RVPMU_XLEN == 32
	__atomic_store_n(&sh->seq, sh->seq + 1, __ATOMIC_RELEASE);
#else
	(void)sh;
#endif
}

/* A hart's statistics as STATUS shows them, untorn. */
struct sampler_stats {
	uint32_t flags;
	uint64_t samples, subsamples, late, max_skew, passed, paused;
};
void rvpmu_sampler_stats(const struct rvpmu_sampler *s, const struct rvpmu_sampler_hart *sh,
			 struct sampler_stats *o);

/* Run-wide index of the subsample hart sh is at (its next to write). */
static inline uint64_t sampler_position(const struct rvpmu_sampler *s,
					const struct rvpmu_sampler_hart *sh)
{
	return sh->samples * s->nsub + (uint64_t)(sh->gr - s->group);
}

/* The platform's held op, where it has one. */
static inline void sampler_held(const struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh,
				uint64_t counters)
{
	if (s->plat->ops->held)
		s->plat->ops->held(sh->hctx, counters);
}

static inline const struct rvpmu_sampler_ops *sampler_ops(const struct rvpmu_sampler *s)
{
	return s->plat->ops;
}

static inline uint64_t sampler_now(const struct rvpmu_sampler *s)
{
	return sampler_ops(s)->mtime(s->plat->ctx);
}

static inline void sampler_put(struct rvpmu_sampler *s, uint64_t pa, const void *v,
			       unsigned long len)
{
	s->plat->mem->write(s->plat->ctx, pa, v, len);
}

/* Where M-mode stores to S-mode address pa of a checked range (linear over
   each buffer), NULL when only mem->write reaches it. */
static inline uint8_t *sampler_reach(const struct rvpmu_sampler *s, uint64_t pa)
{
	const struct rvpmu_sampler_platform *p = s->plat;

	return p->direct ? (uint8_t *)p->direct(p->ctx, pa) : 0;
}

/* The i-th hart of the set, in the data's order (increasing hartid). */
static inline struct rvpmu_sampler_hart *sampler_hart_at(const struct rvpmu_sampler *s,
							 uint32_t i)
{
	return sampler_ops(s)->hart(s->plat->ctx, s->plat->order[s->pos[i]]);
}

/* A hart that ticks before START has chosen t0 looks again this much
   later; t0 is at least twice that far from the launch, so every hart has
   seen it in time. */
static inline uint64_t sampler_retry_ticks(const struct rvpmu_sampler *s)
{
	uint64_t r = s->plat->lead_ticks / 4;

	return r ? r : 1;
}

static inline uint64_t sampler_launch_lead(const struct rvpmu_sampler *s)
{
	return 2 * sampler_retry_ticks(s) + 1;
}
#endif
