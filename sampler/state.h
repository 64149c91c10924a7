/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sampler/state.h - the sampler engine's state as its callers provide it
 * (sampler/sampler.h): the platform's seams, the shared state, each
 * hart's state, and the size of the largest configuration's state, for
 * the platforms that keep room for it. The engine's functions are in
 * sampler.h; what is in these structs is the engine's (opaque to the
 * platform, except the platform struct it fills in).
 */
#ifndef RVPMU_SAMPLER_STATE_H
#define RVPMU_SAMPLER_STATE_H

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
	/* Optional (NULL: none), on the hart of hctx: the counters this hart
	   holds for the run are now `counters` (0: none any more). Called
	   when a hart joins and when its part ends, never in a switch: the
	   firmware hides them from S-mode meanwhile (mcounteren). */
	void (*held)(void *hctx, uint64_t counters);
	/* Optional (NULL: none), on any hart: one turn of a wait for another
	   hart's few stores (the fill lock, a buffer's release, the run's
	   close). A hint, never a sleep: it returns at once on hardware
	   that runs harts side by side; where one host thread runs every
	   hart in turn (QEMU's round robin under -icount) it hands the
	   thread on, or the hart being waited for would not run until the
	   waiter's time slice ended (up to 100 ms of virtual time). */
	void (*relax)(void *ctx);
};

/* What a platform gives the sampler; read-only after boot. */
struct rvpmu_sampler_platform {
	const struct rvpmu_sampler_ops *ops;
	const struct rvpmu_mem_ops *mem;
	void *ctx;			/* for ops and mem */
	uint64_t timebase_hz;		/* mtime ticks per second, > 0 */
	uint64_t lead_ticks;		/* START: t0 is this far ahead (time for
					   every hart of the set to arm it) */
	uint32_t nr_harts;		/* harts the platform has (all available
					   to S-mode) */
	/* [nr_harts], in any order (the firmware's topology order:
	   plat.hart_ids and plat.hart_cluster); a run's positions are its
	   harts in increasing hartid order, whatever this order is */
	const uint32_t *order;		/* hartid of each platform hart */
	const uint16_t *cluster;	/* its cluster number (0: none) */
	/* Optional: where M-mode reaches S-mode physical address pa of a
	   range the sampler checked (identity in the firmware), linear over
	   each buffer; then the tick stores a hart's slots directly instead
	   of through mem->write, and reads CID2 directly. */
	void *(*direct)(void *ctx, uint64_t pa);
	uint32_t *scratch;		/* [2 * nr_harts] caller memory: the
					   positions of the configuration in
					   force and of one being checked */
	/*
	 * Memory for a configuration's state: size bytes (at most
	 * rvpmu_sampler_state_size() of the largest configuration for
	 * nr_harts), 8-byte aligned, or NULL when the platform has none
	 * now (CONFIGURE then fails, nothing changed). The engine reads
	 * nothing from the state in force (old, NULL if none) after the
	 * call, so a platform with one region sized for the largest may
	 * return it again. Called by CONFIGURE, serialised like it.
	 */
	void *(*state)(void *ctx, void *old, unsigned long size);
	/* Optional: p (a state had from state()) is no longer used:
	   CONFIGURE put another in force, or RESET. */
	void (*state_free)(void *ctx, void *p);
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
	uint32_t pad;			/* null-event slots of a sample's last group */
	uint64_t period_ticks, cid2_addr;
	uint64_t limit;			/* nr_sample, UINT64_MAX for 0 (no limit) */
	uint64_t lost_ticks;		/* period_ticks / 100: a window's LOST bound */
	uint64_t counted;		/* RVPMU_SAMPLER_WIN_COUNTED (a load is
					   cheaper than making the constant) */
	uint64_t t0;			/* the run's: set by launch (t0_set) */
	uint64_t p0;			/* START's provisional deadline */
	uint32_t t0_set;
	uint64_t inh;			/* filter as mhpmevent bits */
	uint32_t *pos;			/* [nr_data] indexes into plat->order */
	/* The configuration's state (platform state op): one block, laid
	   out by rvpmu_sampler_state_size()'s order; the arrays below point
	   into it, [nr_bufs], [nr_events] or [nsub] long. */
	void *mem;
	struct rvpmu_sampler_buf *bufs;
	uint32_t *cap;				/* samples each holds */
	struct rvpmu_sampler_event *events;
	/* Each group's events in the order its counters take them, hpm
	   events first, then firmware events (the core's struct rvpmu_group);
	   p below is an index in that order. */
	struct rvpmu_sampler_group *group;
	uint64_t *pm;				/* p: an hpm event's mhpmevent */
	uint8_t *pcode;				/* p: a fw event's group code */
	uint16_t *ptot;				/* p: rvpmu_group_total_off */
	struct rvpmu_event_ref *pev;		/* p: the event */
	uint32_t *soff;				/* p: its slot past the first */
	/* [nr_data][nr_events]: each hart's counter of each p, chosen at
	   START (rvpmu_sampler_hart.ctr points at its row) */
	uint8_t *ctrs;
	/* one run: written by prepare; then atomics only */
	uint32_t fills;		/* fills opened << 2 | LOCK | NONE_FREE */
	uint32_t running;	/* harts still in the run (paused ones too) */
	uint32_t active;	/* harts counting: joined, not paused, not left */
	uint32_t stop_reason;
	/* the engine's state of each buffer: RVPMU_SAMPLER_BUF_* or the
	   transitional BS_RELEASING/BS_CLOSING (internal.h); CAS only */
	uint32_t *bstate;
	/* the open fill in each buffer: harts that must still get through
	   it before it closes, with the NEED_* flags (internal.h) */
	uint32_t *need;
	uint64_t *first;			/* its first sample */
	uint32_t *lap;
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
	/* RV32: odd while this hart updates its 64-bit statistics (STATUS
	   retries); unused on RV64 */
	uint32_t seq;
	/* statistics of the last run: samples and gr give the subsamples */
	uint64_t samples, late, max_skew;
	uint64_t passed;		/* subsamples passed (late policy) */
	uint64_t paused;		/* subsamples it was paused for */
	/* ... as they were before a START that may yet be refused: prepare
	   keeps them, rvpmu_sampler_abort puts them back */
	struct {
		uint32_t flags;
		uint64_t samples, late, max_skew, passed, paused;
		const struct rvpmu_sampler_group *gr;
	} kept;
	/* run state */
	bool running;			/* in the run, not paused */
	bool begun;			/* a window is open (counting): only
					   while running */
	bool calibrated;		/* max_gap and cross_low measured */
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
	uint64_t mt_start;		/* mtime the open window began at */
	/* mtime the switch that opened it took: XLEN bits, saturating (a
	   switch of 2^32 ticks on RV32 is LOST whatever the period) */
	unsigned long sw_ticks;
	uint64_t pass;			/* subsamples this tick passes (late policy) */
	const struct rvpmu_sampler_group *pass_gr; /* ... the first one's group */
	const struct rvpmu_sampler_group *prev_gr; /* RV32: the group the
						      switch just closed */
	uint64_t tick_t;		/* mtime this tick began at */
	uint64_t addr;			/* this subsample's start: kept only
					   without q, else the buffer's data */
	uint8_t *q;			/* this subsample as M-mode stores to
					   it, or NULL (then mem->write) */
	uint64_t cid2_pa;		/* this hart's CID2 word, 0: none */
	const volatile uint32_t *cid2;	/* ... as M-mode reads it, or NULL */
	uint32_t off_cid1, off_cid2, off_cnt, off_cyc; /* slots */
	uint32_t off_mt, off_win;	/* mtime's and the window word's slots */
	uint32_t stride;		/* 8 * nr_harts: one field to the next */
	/* the run's, copied for the switch (fewer registers across it) */
	uint32_t lost32;		/* lost_ticks, saturated (RV32's switch) */
	struct rvpmu_sampler *s;
	uint64_t fast_lim;		/* min(max_skew, period_ticks - 1) */
	uint64_t lost_ticks, counted;	/* s->lost_ticks, s->counted */
	uint8_t *ctr;			/* p: the event's counter (its row of
					   s->ctrs, set at START) */
};

/* rvpmu_sampler_state_size() of the largest configuration for n harts, as
   a constant expression (static memory for a fixed hart count). */
#define RVPMU_SAMPLER_STATE_MAX(n)					\
	((RVPMU_SAMPLER_MAX_EVENTS * (sizeof(struct rvpmu_sampler_group) + 47 + \
				      (unsigned long)(n)) +		\
	  RVPMU_SAMPLER_MAX_BUFS * 40 + 7) & ~7ul)

#endif
