/* SPDX-License-Identifier: BSD-2-Clause */
/* sampler/internal.h - shared by the sampler's own files; not an API. */
#ifndef RVPMU_SAMPLER_INTERNAL_H
#define RVPMU_SAMPLER_INTERNAL_H

#include "fills.h"
#include "sampler.h"

/**
 * rvpmu_sampler_fit() - a counter for every event of every group
 * @pmu: the hart whose counters are chosen
 * @ev: the events, events[0..nr_events) in groups of @nr_pmu
 * @nr_events: how many
 * @nr_pmu: events a group
 * @reserving: only counters free now (rvpmu_reservable), else every
 *             counter that can count the event (rvpmu_sampler_capable)
 * @ctr: the counters chosen, in the order below (NULL: not wanted)
 *
 * Counters distinct within each group: greedy, lowest first, preferring
 * counters an earlier group already took so that the run holds as few as
 * it can; each group's hpm events first, then its firmware events (the
 * order of struct rvpmu_sampler's p). Nothing is reserved here.
 *
 * Context: Any hart (CONFIGURE, for each hart of the set); reserving, on
 *          the hart of @pmu (START's step 2).
 * Return: the counters, as a bitmap; 0 when some group cannot be served.
 */
uint64_t rvpmu_sampler_fit(const struct rvpmu_hart *pmu, const struct rvpmu_sampler_event *ev,
			   uint32_t nr_events, uint32_t nr_pmu, bool reserving, uint8_t *ctr);
/**
 * rvpmu_sampler_addr() - a 64-bit physical address from two XLEN registers
 * @lo: the low XLEN bits
 * @hi: the high bits (RV32's upper half; must be 0 on RV64)
 * @pa: the address (written in any case)
 *
 * Context: Any hart.
 * Return: true; false when it needs more bits than the platform has
 *         (RV64: @hi != 0).
 */
bool rvpmu_sampler_addr(rvpmu_ulong lo, rvpmu_ulong hi, uint64_t *pa);
/**
 * rvpmu_sampler_mem_ok() - whether a range is good SBI shared memory
 * @s: the shared state (its platform's memory check)
 * @pa: the range's S-mode physical address
 * @size: its bytes
 *
 * [pa, pa + size) 8-byte aligned, not empty, not wrapping, S-mode
 * read/write memory (the platform's check).
 *
 * Context: Any hart, in the extension's calls.
 * Return: 0; SBI_ERR_INVALID_PARAM when @pa is not 8-byte aligned (as the
 *         SBI's PMU and STA functions answer a misaligned address); else
 *         SBI_ERR_INVALID_ADDRESS.
 */
long rvpmu_sampler_mem_ok(const struct rvpmu_sampler *s, uint64_t pa, uint64_t size);
/**
 * rvpmu_sampler_shmem() - the same check for an address in two registers
 * @s: the shared state
 * @lo: the address's low XLEN bits
 * @hi: its high bits (!= 0 on RV64: refused)
 * @size: the range's bytes
 * @pa: the address, 64 bits (written in any case)
 *
 * As rvpmu_sampler_mem_ok(), for the address @lo and @hi make; @lo's
 * alignment is checked before @hi.
 *
 * Context: Any hart, in the extension's calls.
 * Return: 0; SBI_ERR_INVALID_PARAM when @lo is not 8-byte aligned; else
 *         SBI_ERR_INVALID_ADDRESS.
 */
long rvpmu_sampler_shmem(const struct rvpmu_sampler *s, rvpmu_ulong lo, rvpmu_ulong hi,
			 uint64_t size, uint64_t *pa);
/**
 * rvpmu_sampler_info() - what GET_INFO answers
 * @s: the shared state
 * @info: the answer
 *
 * From the platform and every hart bound so far (max_nr_pmu and the
 * filter are the least any of them offers).
 *
 * Context: Any hart, any state.
 */
void rvpmu_sampler_info(const struct rvpmu_sampler *s, struct rvpmu_sampler_info *info);
/**
 * rvpmu_sampler_buf_data() - where a buffer's data area begins
 * @s: the shared state
 * @b: the buffer, of the configuration in force
 *
 * Context: Any hart, while the configuration is in force.
 * Return: the S-mode physical address past buffer @b's header.
 */
uint64_t rvpmu_sampler_buf_data(const struct rvpmu_sampler *s, unsigned int b);
/**
 * rvpmu_sampler_write_header() - write a buffer's whole header
 * @s: the shared state
 * @b: the buffer
 * @state: its state (RVPMU_SAMPLER_BUF_*), written last
 * @nr_samples: its nr_samples
 *
 * The fixed part, the hart and cluster tables and the events, then the
 * fields that change over a run (rvpmu_sampler_header_update()).
 *
 * Context: Any hart: START's launch, or the hart that opens a fill in @b
 *          (under the fill lock).
 */
void rvpmu_sampler_write_header(struct rvpmu_sampler *s, unsigned int b, uint32_t state,
				uint32_t nr_samples);
/**
 * rvpmu_sampler_header_t0() - t0 into a buffer's header
 * @s: the shared state
 * @b: the buffer, its header written whole before START chose t0
 *
 * Context: Any hart: START's launch.
 */
void rvpmu_sampler_header_t0(struct rvpmu_sampler *s, unsigned int b);
/**
 * rvpmu_sampler_header_update() - write the header fields a run changes
 * @s: the shared state
 * @b: the buffer
 * @state: its state (RVPMU_SAMPLER_BUF_*)
 * @nr_samples: its nr_samples
 *
 * lap, first_sample and nr_samples, then, after a release fence, state:
 * a reader that sees FULL sees the rest.
 *
 * Context: Any hart that holds @b's transition (opening or closing its
 *          fill, START's launch).
 */
void rvpmu_sampler_header_update(struct rvpmu_sampler *s, unsigned int b,
				 uint32_t state, uint32_t nr_samples);
/**
 * rvpmu_sampler_zero() - zero S-mode memory through mem->write
 * @s: the shared state
 * @pa: the S-mode physical address
 * @len: the bytes, at most what is left of a checked buffer (no wrap)
 *
 * Context: Any hart.
 */
void rvpmu_sampler_zero(struct rvpmu_sampler *s, uint64_t pa, uint64_t len);
/**
 * sampler_fast_lim() - the lateness past which the tick leaves its fast path
 * @sh: the hart's sampler state, its run set (sh->s)
 *
 * sh->fast_lim: a new worst skew, or a period (the late policy), whichever
 * comes first. After max_skew changes.
 *
 * Context: On the hart of @sh.
 */
static inline void sampler_fast_lim(struct rvpmu_sampler_hart *sh)
{
	uint64_t p1 = sh->s->period_ticks - 1;

	sh->fast_lim = sh->max_skew < p1 ? sh->max_skew : p1;
}

/* A hart's CID2 word when the configuration has no CID2 array: 0. */
extern const volatile uint32_t sampler_no_cid2;

/**
 * rvpmu_sampler_let_go() - a hart's counters back to the core, no more deadline
 * @s: the shared state
 * @sh: the hart's sampler state
 *
 * Its counters released (and its firmware events no longer sampled), the
 * held op told, not running, the deadline disarmed (set_deadline).
 *
 * Context: On the hart of @sh, outside its tick.
 */
void rvpmu_sampler_let_go(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh);
/**
 * rvpmu_sampler_finish() - this hart's part of the run ends, for a reason
 * @s: the shared state
 * @sh: this hart's sampler state
 * @reason: RVPMU_SAMPLER_STOP_*; STOP_NONE: it left. The run's reason is
 *          the first one given
 * @in_tick: in a tick: its answer disarms the deadline (no set_deadline)
 *
 * The counters go back (rvpmu_sampler_let_go()); the run ends if this
 * was the last hart counting (rvpmu_sampler_end_run()).
 *
 * Context: On the hart of @sh (engine.c, and pause.c's leave, pause and
 *          resume).
 */
void rvpmu_sampler_finish(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh,
			  uint32_t reason, bool in_tick);
/**
 * rvpmu_sampler_begin() - a tick with no window open: the first one
 * @s: the shared state
 * @sh: this hart's sampler state
 * @t: mtime now
 *
 * The first tick, or the first after the hart rejoined. Until START has
 * chosen t0, look again later; before the slot of the subsample the hart
 * is at, wait for it; in it the hart opens that subsample's group, passing
 * slots that already ended (the late policy).
 *
 * Context: On the hart of @sh: its tick, or pause.c's resume.
 * Return: the next deadline; UINT64_MAX when the hart's part ended on the
 *         way (passing its last slots).
 */
uint64_t rvpmu_sampler_begin(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh,
			     uint64_t t);
/**
 * rvpmu_sampler_stamp() - the window-closing stamp
 * @s: the shared state
 * @sh: this hart's sampler state (sh->tick_t: the closing time)
 * @q: M-mode's view of the subsample, or NULL
 * @base: the subsample's S-mode address, used without @q (mem->write)
 *
 * The closing window's start stamp and its window word (COUNTED, its
 * length, LOST), then the next window's start, now.
 *
 * Context: On the hart of @sh, right after a switch or a window's close.
 */
void rvpmu_sampler_stamp(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh, uint8_t *q,
			 uint64_t base);
/**
 * rvpmu_sampler_close_window() - close the open window outside a tick
 * @s: the shared state
 * @sh: this hart's sampler state, a window open
 *
 * A pause: counts, cycles and the stamp written as a switch writes them,
 * COUNTED and short; the group stopped, nothing opened. sh->gr moves past
 * it; no window is open after.
 *
 * Context: On the hart of @sh (pause.c).
 */
void rvpmu_sampler_close_window(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh);
/**
 * rvpmu_sampler_pad_last() - zero a sample's null-event slots
 * @s: the shared state
 * @sh: this hart's sampler state, just past a sample's last window
 *
 * After a sample's last window: its null-event slots (the last group has
 * fewer events than nr_pmu) get their count, 0; nothing when there are
 * none.
 *
 * Context: On the hart of @sh.
 */
void rvpmu_sampler_pad_last(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh);
/**
 * rvpmu_sampler_end_subsample() - a subsample's bookkeeping, once written
 * @s: the shared state
 * @sh: this hart's sampler state
 * @end_sample: the subsample was the last of its sample
 *
 * At a sample's end its count goes up and, at its buffer's end, the hart
 * moves to the next fill (opening it if need be) unless its part ends.
 *
 * Context: On the hart of @sh.
 * Return: the reason this hart's part of the run ends
 *         (RVPMU_SAMPLER_STOP_REQUESTED, _DONE: its last sample, _FULL: no
 *         buffer free), or 0.
 */
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

/**
 * stats_begin() - a hart's 64-bit statistics start to change
 * @sh: the hart's sampler state
 *
 * They change between this and stats_end() (RV32: STATUS reads them under
 * the sequence count, odd meanwhile; RV64 loads cannot tear: nothing).
 *
 * Context: On the hart of @sh (or with its hart out of the run).
 */
static inline void stats_begin(struct rvpmu_sampler_hart *sh)
{
#if RVPMU_XLEN == 32
	__atomic_store_n(&sh->seq, sh->seq + 1, __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_RELEASE);
#else
	(void)sh;
#endif
}

/**
 * stats_end() - a hart's 64-bit statistics have changed
 * @sh: the hart's sampler state
 *
 * As stats_begin(), at the end (RV32: the sequence count even again).
 *
 * Context: On the hart of @sh (or with its hart out of the run).
 */
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
/**
 * rvpmu_sampler_stats() - a hart's statistics as STATUS shows them, untorn
 * @s: the shared state
 * @sh: the hart's sampler state
 * @o: the statistics
 *
 * RV32 retries while the hart updates them (odd sequence count), at most
 * SNAP_TRIES times, then takes what it read.
 *
 * Context: Any hart.
 */
void rvpmu_sampler_stats(const struct rvpmu_sampler *s, const struct rvpmu_sampler_hart *sh,
			 struct sampler_stats *o);

/**
 * sampler_position() - the subsample a hart is at
 * @s: the shared state
 * @sh: the hart's sampler state
 *
 * Context: On the hart of @sh.
 * Return: the run-wide index of the subsample @sh is at (its next to
 *         write).
 */
static inline uint64_t sampler_position(const struct rvpmu_sampler *s,
					const struct rvpmu_sampler_hart *sh)
{
	return sh->samples * s->nsub + (uint64_t)(sh->gr - s->group);
}

/**
 * sampler_held() - call the platform's held op, where it has one
 * @s: the shared state
 * @sh: the hart's sampler state
 * @counters: the counters it holds for the run now (0: none)
 *
 * Context: On the hart of @sh.
 */
static inline void sampler_held(const struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh,
				uint64_t counters)
{
	if (s->plat->ops->held)
		s->plat->ops->held(sh->hctx, counters);
}

/**
 * sampler_ops() - the platform's ops
 * @s: the shared state
 *
 * Context: Any hart.
 * Return: s->plat->ops.
 */
static inline const struct rvpmu_sampler_ops *sampler_ops(const struct rvpmu_sampler *s)
{
	return s->plat->ops;
}

/**
 * sampler_relax() - one turn of a wait for another hart's few stores
 * @s: the shared state
 *
 * The platform's relax (struct rvpmu_sampler_ops), if it has one.
 *
 * Context: Any hart, in a wait that another hart ends.
 */
static inline void sampler_relax(const struct rvpmu_sampler *s)
{
	if (sampler_ops(s)->relax)
		sampler_ops(s)->relax(s->plat->ctx);
}

/**
 * sampler_now() - mtime, through the platform's op
 * @s: the shared state
 *
 * Context: Any hart.
 * Return: mtime now.
 */
static inline uint64_t sampler_now(const struct rvpmu_sampler *s)
{
	return sampler_ops(s)->mtime(s->plat->ctx);
}

/**
 * sampler_put() - write bytes to S-mode memory through mem->write
 * @s: the shared state
 * @pa: the S-mode physical address, of a range already checked
 * @v: the bytes
 * @len: how many
 *
 * Context: Any hart.
 */
static inline void sampler_put(struct rvpmu_sampler *s, uint64_t pa, const void *v,
			       unsigned long len)
{
	s->plat->mem->write(s->plat->ctx, pa, v, len);
}

/**
 * sampler_reach() - where M-mode stores to an S-mode address
 * @s: the shared state
 * @pa: the S-mode physical address, of a checked range
 *
 * Context: Any hart.
 * Return: M-mode's pointer to @pa (linear over each buffer), NULL when
 *         only mem->write reaches it (no direct op).
 */
static inline uint8_t *sampler_reach(const struct rvpmu_sampler *s, uint64_t pa)
{
	const struct rvpmu_sampler_platform *p = s->plat;

	return p->direct ? (uint8_t *)p->direct(p->ctx, pa) : 0;
}

/**
 * rvpmu_sampler_forget() - the last run's statistics gone
 * @s: the shared state
 *
 * Each hart of the set in force: its statistics, flags and group cleared
 * (the group pointed into the state CONFIGURE or RESET gives back).
 *
 * Context: CONFIGURE or RESET, no run going on.
 */
void rvpmu_sampler_forget(struct rvpmu_sampler *s);

/**
 * sampler_hart_at() - the i-th hart of the set in force
 * @s: the shared state
 * @i: the position, in the data's order (increasing hartid)
 *
 * Context: Any hart, while the configuration is in force.
 * Return: that hart's sampler state (ops->hart).
 */
static inline struct rvpmu_sampler_hart *sampler_hart_at(const struct rvpmu_sampler *s,
							 uint32_t i)
{
	return sampler_ops(s)->hart(s->plat->ctx, s->plat->order[s->pos[i]]);
}

/**
 * sampler_retry_ticks() - how long before t0 is chosen a ticking hart waits
 * @s: the shared state
 *
 * A hart that ticks before START has chosen t0 looks again this much
 * later; t0 is at least twice that far from the launch, so every hart has
 * seen it in time.
 *
 * Context: Any hart.
 * Return: a quarter of the platform's lead_ticks, at least 1.
 */
static inline uint64_t sampler_retry_ticks(const struct rvpmu_sampler *s)
{
	uint64_t r = s->plat->lead_ticks / 4;

	return r ? r : 1;
}

/**
 * sampler_launch_lead() - how far past the launch t0 is at least
 * @s: the shared state
 *
 * Twice sampler_retry_ticks(), and one: every hart that looks again has
 * seen t0 before it. GET_INFO's start_lead_ticks counts it too.
 *
 * Context: Any hart.
 * Return: the ticks.
 */
static inline uint64_t sampler_launch_lead(const struct rvpmu_sampler *s)
{
	return 2 * sampler_retry_ticks(s) + 1;
}
#endif
