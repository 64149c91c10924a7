/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sampler/sampler.h - the rvpmu sampler engine: HiSilicon-PMCU-style event
 * rotation run by M-mode on every hart of a set (ABI: rvpmu/sampler.h,
 * design: docs/sampler.md). Specification: docs/sbi-sampler.md (its
 * section 7.1 is the validation order below, section 9 the timing).
 *
 * Freestanding C like core/: no libc, no allocation, no firmware headers.
 * The engine reaches counters (and satp.ASID, CID1) only through the PMU
 * core's reservation API and its fast path contract (core/pmu.h,
 * core/hw.h), S-mode memory only through struct rvpmu_mem_ops, and the
 * timer and the harts' HSM state only through struct rvpmu_sampler_ops. The firmware binds them to the real thing; the host
 * tests to simulated harts (tests/sampler/).
 *
 * State: one shared struct rvpmu_sampler and one struct rvpmu_sampler_hart
 * per hart, both provided by the caller. Per-position arrays (the topology
 * order) are caller memory too: nothing is sized for a maximum hart count.
 *
 * Hart context and locking:
 *  - configure, prepare, stop, status, buffer_release run on any hart, and
 *    the caller serialises them (one SBI call of this extension at a time,
 *    e.g. a firmware lock). They may run while harts tick.
 *  - hart_start, hart_abort, tick, hart_stop, hart_leave run on the hart
 *    whose struct rvpmu_sampler_hart they get, and touch only that hart's
 *    counters and slots. After prepare, they share state only through the
 *    atomics of struct rvpmu_sampler (fills, running, active, done[],
 *    stop_req, stop_reason); STATUS reads the harts' statistics without a
 *    lock (a 64-bit statistic may tear on RV32 while the run goes on; all
 *    are final once the state is DONE).
 *
 * Validation rule (CONFIGURE): the whole configuration is copied into a
 * staging area and checked there, so S-mode cannot change it between the
 * check and its use; nothing in force changes unless every check passes.
 * Errors in this order (the first that applies answers):
 *   ALREADY_STARTED   a run is going on
 *   INVALID_PARAM     configuration address not 8-byte aligned
 *   INVALID_ADDRESS   configuration not readable S-mode RAM (or hi != 0 on RV64)
 *   INVALID_PARAM     magic, version, reserved words, flags, filter bits,
 *                     nr_events, nr_pmu, period_us, nr_bufs, harts_bits,
 *                     harts_addr alignment
 *   INVALID_ADDRESS   hart bitmap not readable
 *   INVALID_PARAM     hart set empty or naming a hart that does not exist;
 *                     a filter on a hart without Sscofpmf; an event's
 *                     reserved word
 *   NOT_SUPPORTED     an event some hart of the set cannot count; a group
 *                     that needs more counters than some hart of the set
 *                     has for its events (were they all free)
 *   INVALID_PARAM     CID2 array misaligned or too short; a buffer
 *                     misaligned, not a multiple of 8, or too small for the
 *                     header and one sample; a sample past 4 GiB or a
 *                     header past 64 KiB (the header's field widths)
 *   INVALID_ADDRESS   CID2 array not readable; a buffer not writable
 *                     S-mode RAM; buffers overlapping each other or CID2
 */
#ifndef RVPMU_SAMPLER_H
#define RVPMU_SAMPLER_H

#include <stdbool.h>
#include <stdint.h>

#include "core/reserve.h"
#include "rvpmu/sampler.h"

struct rvpmu_sampler_hart;

/* The platform seams. ctx is the platform's; hctx a hart's own. */
struct rvpmu_sampler_ops {
	/* mtime, on any hart. */
	uint64_t (*mtime)(void *ctx);
	/* Raise this hart's sampler timer interrupt at mtime >= t (calls
	   rvpmu_sampler_tick); the firmware multiplexes it with S-mode's
	   timer. UINT64_MAX: no more sampler deadline on this hart. */
	void (*set_deadline)(void *hctx, uint64_t t);
	/* Whether hartid is started (HSM STARTED) now. */
	bool (*hart_started)(void *ctx, uint32_t hartid);
	/* The per-hart sampler state of hartid (NULL: no such hart). */
	struct rvpmu_sampler_hart *(*hart)(void *ctx, uint32_t hartid);
};

/* What a platform gives the sampler; read-only after boot. */
struct rvpmu_sampler_platform {
	const struct rvpmu_sampler_ops *ops;
	const struct rvpmu_mem_ops *mem;
	void *ctx;			/* for ops and mem */
	uint64_t timebase_hz;		/* mtime ticks per second, > 0 */
	uint64_t lead_ticks;		/* START: t0 is this far ahead (time for
					   every hart of the set to arm it) */
	uint32_t nr_harts;		/* harts the platform has */
	/* [nr_harts], hart in cluster then cluster (DT /cpus/cpu-map; no
	   cpu-map: one cluster in hartid order): the firmware's
	   plat.hart_ids and plat.hart_cluster */
	const uint32_t *order;		/* hartid of each position */
	const uint16_t *cluster;	/* cluster of each position */
	/* Optional: where M-mode reaches S-mode physical address pa of a
	   range the sampler checked (identity in the firmware), linear over
	   each buffer; then the tick stores a hart's slots directly instead
	   of through mem->write, and reads CID2 directly. */
	void *(*direct)(void *ctx, uint64_t pa);
	uint32_t *scratch;		/* [2 * nr_harts] caller memory: the
					   positions of the configuration in
					   force and of one being checked */
};

/* A group as the switch takes it: its events (core spec), its first
   event, its slots (soff below, from the first), and the group after it
   (group 0 after the last, which ends a sample). */
struct rvpmu_sampler_group {
	struct rvpmu_group_spec spec;
	uint32_t first, n;
	const uint32_t *soff;
	const struct rvpmu_sampler_group *next;
	bool last;
};

/* Shared state. Opaque: use the functions below. */
struct rvpmu_sampler {
	const struct rvpmu_sampler_platform *plat;
	uint32_t state;			/* RVPMU_SAMPLER_IDLE.. */
	uint32_t stop_req;		/* (a run's; first: every tick reads it) */
	/* in force after CONFIGURE */
	uint32_t nr_pmu, period_us, nr_sample, nsub, nr_data, nr_clusters;
	uint32_t filter, flags, nr_bufs, nr_events;
	uint32_t fw_codes;		/* standard firmware events (bit a code) */
	uint32_t subsample_size, sample_size, header_size;
	uint64_t period_ticks, cid2_addr;
	uint64_t half_ticks;		/* period_ticks / 2: the late policy */
	uint64_t lost_ticks;		/* period_ticks / 100: a window's LOST bound */
	uint64_t t0;			/* the run's: set by launch (t0_set) */
	uint64_t p0;			/* START's provisional deadline */
	uint32_t t0_set;
	uint64_t inh;			/* filter as mhpmevent bits */
	uint32_t *pos;			/* [nr_data] indexes into plat->order */
	struct rvpmu_sampler_buf bufs[RVPMU_SAMPLER_MAX_BUFS];
	uint32_t cap[RVPMU_SAMPLER_MAX_BUFS];	/* samples each holds */
	struct rvpmu_sampler_event events[RVPMU_SAMPLER_MAX_EVENTS];
	/* Each group's events in the order its counters take them, hpm
	   events first, then firmware events (the core's struct rvpmu_group);
	   p below is an index in that order. */
	struct rvpmu_sampler_group group[RVPMU_SAMPLER_MAX_EVENTS];
	uint64_t pm[RVPMU_SAMPLER_MAX_EVENTS];	/* p: an hpm event's mhpmevent */
	uint8_t pcode[RVPMU_SAMPLER_MAX_EVENTS]; /* p: a fw event's group code */
	uint16_t ptot[RVPMU_SAMPLER_MAX_EVENTS]; /* p: rvpmu_group_total_off */
	struct rvpmu_event_ref pev[RVPMU_SAMPLER_MAX_EVENTS];	/* p: the event */
	uint32_t soff[RVPMU_SAMPLER_MAX_EVENTS]; /* p: its slot past the first */
	/* one run: written by prepare; then atomics only */
	uint32_t fills;		/* fills opened << 2 | OPENING | NONE_FREE */
	uint32_t running;	/* harts still sampling */
	uint32_t active;	/* harts joined and not left */
	uint32_t stop_reason;
	uint32_t done[RVPMU_SAMPLER_MAX_BUFS];	/* harts through the open fill */
	uint64_t first[RVPMU_SAMPLER_MAX_BUFS];	/* its first sample */
	uint32_t lap[RVPMU_SAMPLER_MAX_BUFS];
	uint32_t prev_state;	/* for an aborted START, with: */
	uint32_t prev_stop_reason, prev_fills;
	uint32_t last_buf;	/* buffer of the newest fill */
	uint64_t next_first;	/* first sample of the next fill */
	/* CONFIGURE's staging copy */
	struct rvpmu_sampler_config stage;
};

/* Per-hart state, touched only by its hart (STATUS reads the statistics). */
struct rvpmu_sampler_hart {
	struct rvpmu_hart *pmu;
	void *hctx;
	uint32_t hartid;
	uint32_t flags;			/* RVPMU_SAMPLER_HART_* */
	/* statistics of the last run */
	uint64_t samples, late, max_skew;	/* subsamples: samples and gr */
	uint64_t skipped;		/* subsamples passed (late policy) */
	/* ... as they were before a START that may yet be refused: prepare
	   keeps them, rvpmu_sampler_abort puts them back */
	struct {
		uint32_t flags;
		uint64_t samples, late, max_skew, skipped;
		const struct rvpmu_sampler_group *gr;
	} kept;
	/* run state */
	bool running, begun;
	bool invited;			/* started at START's prepare */
	uint32_t pos;			/* data-field position */
	const struct rvpmu_sampler_group *gr; /* the group counting */
	uint32_t in_buf, fill, buf;	/* sample in buffer, fill, its buffer */
	uint64_t reserved;		/* counters held */
	struct rvpmu_group grp;		/* the group loaded */
	uint64_t deadline, cyc0;
	/* RV32: a window whose mcycle began with a low word below this may
	   have crossed a multiple of 2^32 ticks in its counters' load
	   (engine.c, may_cross): the switch's max_gap, or, where instret
	   keeps a clock of its own, every window (UINT32_MAX) */
	uint32_t cross_low;
	uint64_t cal_t, cal_c;		/* mtime and mcycle at hart_start */
	uint64_t mt_start;		/* mtime the open window began at (MTIME) */
	uint64_t sw_ticks;		/* mtime the switch that opened it took */
	uint64_t pass;			/* subsamples this tick passes (late policy) */
	const struct rvpmu_sampler_group *pass_gr; /* ... the first one's group */
	uint64_t tick_t;		/* mtime this tick began at */
	uint64_t addr;			/* this subsample's start: kept only
					   without q, else the buffer's data */
	uint8_t *q;			/* this subsample as M-mode stores to
					   it, or NULL (then mem->write) */
	uint64_t cid2_pa;		/* this hart's CID2 word, 0: none */
	const volatile uint32_t *cid2;	/* ... as M-mode reads it, or NULL */
	uint32_t off_cid1, off_cid2, off_cnt, off_cyc; /* slots */
	uint32_t off_mt;		/* mtime's slot (RVPMU_SAMPLER_F_MTIME), or 0 */
	uint32_t off_win;		/* window's slot (RVPMU_SAMPLER_F_WINDOW), or 0 */
	uint8_t ctr[RVPMU_SAMPLER_MAX_EVENTS];	/* p: the event's counter */
};

/* Boot: bind the shared state to the platform; state IDLE. */
void rvpmu_sampler_init(struct rvpmu_sampler *s,
			const struct rvpmu_sampler_platform *plat);

/* Boot, on any hart: bind hartid's state to its PMU core hart. */
void rvpmu_sampler_hart_init(struct rvpmu_sampler_hart *sh,
			     struct rvpmu_hart *pmu, void *hctx, uint32_t hartid);

/*
 * CONFIGURE (cfg_lo, cfg_hi): see the validation rule above. pmu is the
 * calling hart's PMU core (the default nr_pmu is what it can give).
 * Success: state CONFIGURED, previous statistics forgotten.
 */
long rvpmu_sampler_configure(struct rvpmu_sampler *s, const struct rvpmu_hart *pmu,
			     rvpmu_ulong cfg_lo, rvpmu_ulong cfg_hi);

/*
 * START, step 1, on the calling hart. INVALID_STATE when nothing is
 * configured, ALREADY_STARTED when running. Lays out the run: every data
 * area zeroed, a provisional deadline p0 = mtime + lead (at least 1 tick)
 * for the harts to arm; state RUNNING. The harts started now are invited;
 * every hart of the set is ABSENT until its own step joins it. Then the
 * firmware runs rvpmu_sampler_hart_start on every hart of the set it can
 * reach (a hart that stopped meanwhile need not be: it never joins, and
 * nothing waits for it); if any fails, rvpmu_sampler_hart_abort on every
 * hart and rvpmu_sampler_abort: the state, and all STATUS shows, are as
 * before START (the buffers' data areas are then undefined, their headers
 * unchanged). If all succeed, rvpmu_sampler_launch.
 */
long rvpmu_sampler_prepare(struct rvpmu_sampler *s);
void rvpmu_sampler_abort(struct rvpmu_sampler *s);

/*
 * START, step 3, on the calling hart once every hart of the set has armed:
 * every buffer's header is written, then t0 is chosen (p0, or later if
 * arming or the headers took longer: a run's first window is a whole one)
 * and written into each, buffer 0 goes FILLING (the others stay FREE)
 * and t0 is published. A hart that ticks before
 * looks again later (a fraction of the lead), so that t0 reaches every
 * hart with no message. If every hart that joined has left by then, the
 * run ends here (NO_HARTS).
 */
void rvpmu_sampler_launch(struct rvpmu_sampler *s);

/* Whether hartid is in the running configuration's hart set. */
bool rvpmu_sampler_in_set(const struct rvpmu_sampler *s, uint32_t hartid);

/*
 * START, step 2, on each hart of the set: a hart invited at prepare and
 * still started (HSM) joins the run: it counts itself in, reserves
 * counters for every group and arms the provisional deadline p0. Any
 * other hart (not in the set, started since prepare, or stopped or
 * suspended since) does nothing and stays ABSENT: 0. SBI_ERR_DENIED when
 * this hart cannot give nr_pmu counters to some group (S-mode holds
 * them): nothing reserved.
 */
long rvpmu_sampler_hart_start(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh);
/* Undo hart_start on this hart (another hart of the set failed): its
   counters released, its deadline disarmed. Nothing on a hart that is not
   in the run, so the firmware may call it on every hart. */
void rvpmu_sampler_hart_abort(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh);

/*
 * The sampler's timer interrupt on this hart, at mtime now (>= its
 * deadline). Returns the next deadline (UINT64_MAX: none, this hart's part
 * of the run is over); within the tick the engine does not call
 * set_deadline but where a hart's part ends (with UINT64_MAX).
 */
uint64_t rvpmu_sampler_tick(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh,
			    uint64_t now);

/*
 * STOP: ALREADY_STOPPED unless running. Asks every hart to stop at its
 * next tick; the firmware may bring that forward by running
 * rvpmu_sampler_hart_stop on each hart of the set (an IPI). The state is
 * DONE once the last hart stopped.
 */
long rvpmu_sampler_stop(struct rvpmu_sampler *s);
/* STOP's step on this hart, now (its last window written, its counters
   released). Nothing on a hart that is not in the run. */
void rvpmu_sampler_hart_stop(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh);

/* HSM stop (suspend = false) or suspend of a sampled hart, on that hart
   before it goes: recorded, its counters released, its slots zero.
   Nothing on a hart that is not in the run. */
void rvpmu_sampler_hart_leave(struct rvpmu_sampler *s, struct rvpmu_sampler_hart *sh,
			      bool suspend);

/*
 * STATUS (out_lo, out_hi, out_size). INVALID_PARAM: out not 8-byte
 * aligned or out_size < sizeof(struct rvpmu_sampler_status).
 * INVALID_ADDRESS: [out, out + out_size) not writable S-mode RAM.
 * Writes the status and as many per-hart entries as fit; value = bytes a
 * full answer needs.
 */
struct rvpmu_ret rvpmu_sampler_status(struct rvpmu_sampler *s, rvpmu_ulong out_lo,
				      rvpmu_ulong out_hi, rvpmu_ulong out_size);

/*
 * BUFFER_RELEASE (index), ring mode: S-mode is done with a FULL buffer;
 * its header goes to FREE so the run may fill it again. INVALID_STATE:
 * nothing configured. INVALID_PARAM: not ring mode, index >= nr_bufs.
 * DENIED: the buffer is FILLING (the run writes into it).
 */
long rvpmu_sampler_buffer_release(struct rvpmu_sampler *s, rvpmu_ulong index);

/* Subsamples hart sh wrote in the last run: its samples and the group it
   is at (no count of its own on the switch's path). Any hart. */
uint64_t rvpmu_sampler_hart_subsamples(const struct rvpmu_sampler *s,
				       const struct rvpmu_sampler_hart *sh);

/* The state (RVPMU_SAMPLER_IDLE..DONE) now. Any hart. */
static inline uint32_t rvpmu_sampler_state(const struct rvpmu_sampler *s)
{
	return __atomic_load_n(&s->state, __ATOMIC_ACQUIRE);
}

/* Whether rvpmu_sampler_hart_init has bound sh (a hart still setting
   itself up has not). Any hart. */
static inline bool rvpmu_sampler_hart_bound(const struct rvpmu_sampler_hart *sh)
{
	return __atomic_load_n(&sh->pmu, __ATOMIC_ACQUIRE) != 0;
}

#endif /* RVPMU_SAMPLER_H */
