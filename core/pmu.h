/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * core/pmu.h - the rvpmu PMU core: the nine SBI PMU functions (SBI v3.0).
 *
 * Freestanding C: no libc, no allocation, no firmware or QEMU headers. All
 * state lives in a struct rvpmu_hart the caller provides, one per hart. The
 * core touches hardware only through struct rvpmu_hw_ops, S-mode memory
 * only through struct rvpmu_mem_ops, and platform firmware events only
 * through the optional struct rvpmu_fw_ops. The firmware binds those to real
 * CSRs; host tests bind them to a simulated hart.
 *
 * Hart context: every function works on the hart whose struct it is given
 * and must run on that hart (the hardware ops touch the calling hart's
 * CSRs). No locking is needed or done: a hart's state is only ever touched
 * by that hart. struct rvpmu_config and struct rvpmu_map are read-only after
 * boot and shared by all harts.
 *
 * Logical counters (counter_idx):
 *   0 = mcycle, 1 = time (never valid), 2 = minstret, 3..31 = mhpmcounterN
 *   when it exists (a missing one is a gap: INVALID_PARAM), then the
 *   firmware counters, starting right after the highest hpm counter present.
 *
 * The rule for requests on a counter set (config_matching, start, stop):
 *   The whole request is validated before anything changes: flag bits,
 *   counter_idx_mask != 0, counter_idx_base and base + highest mask bit
 *   within num_counters, every counter of the set valid (no gaps), and for
 *   start/stop every counter configured, none already started (start) or
 *   stopped (stop), shared memory present for snapshot flags. On any error
 *   nothing changes, with one exception the spec's users rely on: stop with
 *   RESET still releases the counters of the set that were already stopped
 *   when it answers ALREADY_STOPPED (Linux's del() is stop, then stop+RESET).
 *   Errors are checked in this order: INVALID_PARAM, NO_SHMEM,
 *   ALREADY_STARTED / ALREADY_STOPPED.
 */
#ifndef RVPMU_PMU_H
#define RVPMU_PMU_H

#include <stdbool.h>
#include <stdint.h>

#include "rvpmu/sbi.h"
#include "map.h"

#ifndef RVPMU_XLEN
#ifdef __riscv_xlen
#define RVPMU_XLEN __riscv_xlen
#else
#define RVPMU_XLEN 64
#endif
#endif

#if RVPMU_XLEN == 32
typedef uint32_t rvpmu_ulong;
#elif RVPMU_XLEN == 64
typedef uint64_t rvpmu_ulong;
#else
#error "RVPMU_XLEN must be 32 or 64"
#endif

#define RVPMU_HW_SLOTS		32	/* mcycle .. mhpmcounter31 */
/* firmware counters at most: what struct rvpmu_hart has room for (16 bytes
   and an event word each); a platform with fewer builds with its own
   (rvpmu's firmware: RVPMU_DEFAULT_FW, 320 bytes a hart less on rv64) */
#ifndef RVPMU_MAX_FW
#define RVPMU_MAX_FW		32
#endif
#define RVPMU_MAX_COUNTERS	(RVPMU_HW_SLOTS + RVPMU_MAX_FW)
#define RVPMU_DEFAULT_FW	16
_Static_assert(RVPMU_DEFAULT_FW <= RVPMU_MAX_FW, "the default fits the build's room");
#define RVPMU_PARK_NS		1000000	/* a parked counter's expiry has run by then */

/* The sbiret of one call: error is SBI_SUCCESS or an SBI_ERR_* code. */
struct rvpmu_ret {
	long error;
	rvpmu_ulong value;
};

/*
 * Hardware seam. Counter numbers are hardware numbers: 0 mcycle,
 * 2 minstret, 3..31 mhpmcounterN. Values are full 64-bit (RV32 glue joins
 * the halves). Called only on the hart that owns ctx.
 */
struct rvpmu_hw_ops {
	uint64_t (*read)(void *ctx, unsigned int ctr);
	void (*write)(void *ctx, unsigned int ctr, uint64_t value);
	/* Write mhpmeventN (N >= 3); value includes the Sscofpmf bits [63:56]. */
	void (*program)(void *ctx, unsigned int ctr, uint64_t mhpmevent);
	/* program, returning mhpmeventN's previous value (a CSR swap: stop
	   learns whether the hardware set OF as it sets OF itself). Only
	   called with Sscofpmf; bit 63 (OF) must be right, on RV32 too. */
	uint64_t (*swap_event)(void *ctx, unsigned int ctr, uint64_t mhpmevent);
	/* Set (inhibit = true) or clear the mcountinhibit bits in mask. */
	void (*inhibit)(void *ctx, uint32_t mask, bool inhibit);
	/* mhpmeventN.OF of a hpm counter (false without Sscofpmf). */
	bool (*overflowed)(void *ctx, unsigned int ctr);
	/* Bitmap of the mhpmcounterN (3..31) that exist; asked once at init. */
	uint32_t (*hpm_present)(void *ctx);
	/* Whether Sscofpmf is implemented; asked once at init. */
	bool (*has_sscofpmf)(void *ctx);
	/*
	 * Optional hardware property: whether counter ctr, counting mhpmevent
	 * (0 for the fixed counters), keeps counting while inhibited and,
	 * once inhibited, reads back the value last written (after one live
	 * read), so that stop must write back the value it read (QEMU 7.2's
	 * counters of cycles and instructions, derived from its clock). Asked
	 * when a counter is configured; NULL: every counter may (always
	 * written back).
	 */
	bool (*counts_while_inhibited)(void *ctx, unsigned int ctr, uint64_t mhpmevent);
	/*
	 * Optional hardware property: whether starting hpm counter ctr
	 * (counting mhpmevent) from value leaves the counter's next overflow
	 * interrupt held back. Hardware that fakes overflow with a timer that
	 * cannot hold the distance to the wrap may keep a left-over that
	 * swallows the next expiry (QEMU 7.2, for a value whose wrap lies
	 * more than INT64_MAX ns ahead, Linux's counting value -(2^63 - 1)
	 * among them). config_matching then prefers other counters until an
	 * overflow of this one is seen. NULL: never.
	 */
	bool (*holds_overflow)(void *ctx, unsigned int ctr, uint64_t mhpmevent, uint64_t value);
	/*
	 * Optional, with holds_overflow: the platform's time in ns. A held
	 * counter released is left running from 0 with OF set ("parked") so
	 * that the held expiry comes and goes; one parked at least
	 * RVPMU_PARK_NS before a config_matching counts as spent then. NULL:
	 * held counters stay held.
	 */
	uint64_t (*clock_ns)(void *ctx);
	/* Optional: satp.ASID S-mode runs with now on this hart (the sampler's
	   CID1). NULL: 0. */
	uint32_t (*asid)(void *ctx);
	/*
	 * Optional hardware property, RV32: whether the high half of a
	 * counter that counts like the clock (mcycle, minstret, an hpm
	 * counter of cycles or instructions) is the clock's high half since
	 * the write, without the borrow from the low half: a counter written
	 * at clock T0 and read at T1 then reads 2^32 too much whenever T1's
	 * low 32 bits are below T0's, that is across every multiple of 2^32
	 * (QEMU 7.2). Asked once at init; NULL: never.
	 */
	bool (*hi_without_borrow)(void *ctx);
	/*
	 * Optional hardware property: whether minstret and a counter of the
	 * instructions event count on a clock of their own, not mcycle's
	 * (mcycle also counts time in which no instruction retires), so that
	 * their multiples of 2^32 fall elsewhere (QEMU 9.1 and later under
	 * -icount: the instructions the machine executed, against a virtual
	 * clock that jumps over the time every hart sleeps). With
	 * hi_without_borrow, the sampler then corrects every window on RV32,
	 * not only one whose mcycle crossed such a multiple. Asked when the
	 * sampler starts on the hart, so a platform may learn it by a probe
	 * after init; NULL: never.
	 */
	bool (*instret_own_clock)(void *ctx);
	/*
	 * Optional: whether the hart has Smcntrpmf (mcyclecfg, minstretcfg:
	 * mode filters for the fixed counters, the xINH bits at mhpmevent's
	 * positions 62..58); asked once at init. NULL: no.
	 */
	bool (*has_smcntrpmf)(void *ctx);
	/*
	 * With has_smcntrpmf: mcyclecfg (ctr 0) or minstretcfg (ctr 2) :=
	 * cfg, which holds only the xINH bits 62..58 (RV32: mcyclecfgh /
	 * minstretcfgh take the high half). Called only while the counter is
	 * inhibited: hardware may count a filtered counter from another base
	 * than an unfiltered one (QEMU 9.1+: the sum of its per-mode counts
	 * against the clock), so a change while it runs can make it jump.
	 */
	void (*filter_fixed)(void *ctx, unsigned int ctr, uint64_t cfg);
};

/*
 * Memory seam for S-mode physical addresses.
 * check: 0 when [pa, pa + size) is RAM S-mode may use, outside the
 * firmware's own memory (writable too when write is true); else
 * SBI_ERR_INVALID_ADDRESS. size > 0 and pa + size does not wrap (the core
 * checks both first). read/write are only called on a checked range.
 */
struct rvpmu_mem_ops {
	int (*check)(void *ctx, uint64_t pa, uint64_t size, bool write);
	void (*read)(void *ctx, uint64_t pa, void *dst, unsigned long len);
	void (*write)(void *ctx, uint64_t pa, const void *src, unsigned long len);
};

/*
 * Optional platform firmware events: implementation-specific codes
 * 256..65534 and SBI_PMU_FW_PLATFORM (0xFFFF, with event_data). Without
 * this table, or with a NULL member, those events answer NOT_SUPPORTED.
 * supported: whether (code, data) can be counted on this hart.
 * read: a free-running count of (code, data) on this hart; the core turns
 * it into start/stop semantics by taking differences.
 */
struct rvpmu_fw_ops {
	bool (*supported)(void *ctx, uint32_t code, uint64_t data);
	uint64_t (*read)(void *ctx, uint32_t code, uint64_t data);
};

/* What a platform gives every hart; read-only after boot. */
struct rvpmu_config {
	const struct rvpmu_hw_ops *hw;
	const struct rvpmu_mem_ops *mem;
	const struct rvpmu_fw_ops *fw;	/* optional */
	const struct rvpmu_map *map;	/* optional: then only cycles, instret
					   and firmware events */
	unsigned int nr_fw;		/* firmware counters, <= RVPMU_MAX_FW */
};

/* What counts a standard firmware event on a hart: its started firmware
   counters (bit idx - fw_base) and whether the sampler counts it in
   fw_total (rvpmu_fw_sample); an event site tests both at once (any). */
#if RVPMU_MAX_FW <= 16	/* rvpmu's firmware, the OpenSBI port: half the room */
typedef uint16_t rvpmu_fw_bits;
typedef uint32_t rvpmu_fw_both;
#else
typedef uint32_t rvpmu_fw_bits;
typedef uint64_t rvpmu_fw_both;
#endif
union rvpmu_fw_counting {
	rvpmu_fw_both any;
	struct {
		rvpmu_fw_bits ctrs;
		rvpmu_fw_bits sampled;
	} by;
};

/*
 * Per-hart state. Its first part is API: what rvpmu_hart_init was given
 * and what it discovered, constant from then on (rvpmu_hart_reset never
 * writes it), which any hart may read at any time (the firmware sets
 * mcounteren from hw; the sampler checks every hart's sscofpmf and
 * counters). Everything from RVPMU_HART_STATE on is the core's own: use
 * the functions below.
 */
struct rvpmu_hart {
	const struct rvpmu_config *cfg;	/* the platform's, as given */
	void *ctx;			/* the platform's, passed to its ops */
	unsigned long nr_counters;	/* logical counters incl. gaps */
	unsigned long fw_base;		/* first firmware counter */
	uint64_t valid;			/* logical counters that exist */
	uint32_t hw;			/* hardware counters that exist (bit n:
					   counter n; 0 and 2 always) */
	bool sscofpmf;			/* the hart has Sscofpmf */
	bool hpm64;			/* every hpm counter is 64 bits wide */
	bool hi_no_borrow;		/* RV32 high halves without the low
					   half's borrow (hw ops'
					   hi_without_borrow): the sampler
					   corrects its windows */
	bool smcntrpmf;			/* the hart has Smcntrpmf: mode
					   filters on counters 0 and 2 */
	/* 64 less each hardware counter's width (0: 64 bits): the shift that
	   cuts a value to it, not a mask word a counter */
	uint8_t lacks[RVPMU_HW_SLOTS];
	/* the core's own, from RVPMU_HART_STATE to the end (rvpmu_hart_reset
	   clears it) */
	/* the snapshot area: early in the struct, as fw_counting, so that a
	   stop reaches it with 12-bit offsets */
	bool shmem_on;
	uint64_t shmem;
	uint64_t configured;
	uint64_t started;
	uint32_t stale;			/* hw counters whose stop writes back */
	uint32_t filtered;		/* fixed counters (0, 2) whose mcyclecfg /
					   minstretcfg is not 0 (Smcntrpmf) */
	/* per standard code, what counts it; early in the struct so that an
	   event site is one load (a 12-bit offset) and a branch (two loads
	   on RV32) */
	union rvpmu_fw_counting fw_counting[SBI_PMU_FW_STD_COUNT];
	uint64_t reserved;			/* counters the sampler holds */
	uint64_t overflowed;		/* hpm counters that had OF at their last
					   stop; only configured, stopped ones count */
	/* each standard event the sampler counts (RVPMU_FW_SAMPLED), while
	   it does: a group's open sets it to 0, its close reads it (group.c);
	   a window's count modulo 2^32 on either XLEN (an RV32 sample's slot
	   always was; 2^32 firmware events take minutes, a window at most
	   86 s); early in the struct, as fw_counting, for 12-bit offsets */
	uint32_t fw_total[SBI_PMU_FW_STD_COUNT + 1];	/* + RVPMU_GROUP_EXT's, 0 */
	uint32_t fw_sampled;		/* the codes with RVPMU_FW_SAMPLED */
	/* event_idx of a configured counter; an hpm counter's with
	   RVPMU_EVENT_HAS_DATA when its event_data is not 0 (whose selector
	   then is that data: a raw event), which is not kept */
	uint32_t event[RVPMU_MAX_COUNTERS];
	uint64_t mhpmevent[RVPMU_HW_SLOTS];	/* programmed, without OF */
	/* A configured counter's value when last stopped; a parked one's
	   clock_ns when it was parked: a counter is parked only once
	   released, and one chosen while parked is parked no more (steps.h
	   release_one; match.c, spec.c). 64 bits, so that the park's store
	   shares mhpmevent's address (in 32: stop+RESET took a frame, +8 on
	   make bench; apart, +15 a switch in make linux-cost). */
	union {
		uint64_t saved[RVPMU_HW_SLOTS];
		uint64_t parked_at[RVPMU_HW_SLOTS];
	};
	uint32_t held;		/* hpm counters whose next overflow may be held back */
	uint32_t parked;	/* released held counters left running (steps.h, steps.c) */
	/* a firmware counter's value; while a platform event runs (fw_ext),
	   the value less fw_ops->read at its start (fwctr.c) */
	uint64_t fw_value[RVPMU_MAX_FW];
	/* a firmware counter's event_data while it has a platform event
	   (a standard one has none) */
	uint64_t fw_data[RVPMU_MAX_FW];
	uint64_t fw_ext;			/* counters on platform events */
};

/* In struct rvpmu_hart's event[], an hpm counter's event had event_data
   (bits 31..20 of an event_idx are reserved: never set in one). */
#define RVPMU_EVENT_HAS_DATA	UINT32_C(0x80000000)

/* The first field of struct rvpmu_hart's state: everything before it is
   cfg, ctx and what init discovered. */
#define RVPMU_HART_STATE	shmem_on

/**
 * rvpmu_hart_init() - bring a hart's PMU to its boot state, probing it
 * @h: the hart's struct, the caller's (all of it is written)
 * @cfg: what the platform gives every hart (kept, read-only after boot)
 * @ctx: the platform's, passed to its ops
 *
 * Probes which counters exist and their widths, inhibits every hpm counter
 * and writes its mhpmevent to OF|MINH (Sscofpmf) or 0, leaves
 * mcycle/minstret running and unfiltered (mcyclecfg/minstretcfg 0 with
 * Smcntrpmf), forgets every mapping and the snapshot area.
 *
 * Context: Once per hart, on that hart, before any other function on @h.
 * Return: 0 (SBI_SUCCESS), or SBI_ERR_INVALID_PARAM for a NULL @cfg, a
 *         config without hw/mem ops or with nr_fw > RVPMU_MAX_FW (then @h
 *         is not touched).
 */
int rvpmu_hart_init(struct rvpmu_hart *h, const struct rvpmu_config *cfg,
		    void *ctx);

/**
 * rvpmu_hart_reset() - bring an initialised hart's PMU back to its boot state
 * @h: the hart, initialised by rvpmu_hart_init()
 *
 * As rvpmu_hart_init() does: every counter stopped and released, firmware
 * counts and overflow state cleared, no snapshot area. For a hart that
 * stops (HSM) or faults, so that nothing survives into its next start.
 * Cannot fail. Unlike init it does not probe again: cfg, ctx and what init
 * discovered are never written, not even for a moment, so other harts may
 * read them meanwhile.
 *
 * Context: Must run on the hart that owns @h (touches its CSRs).
 */
void rvpmu_hart_reset(struct rvpmu_hart *h);

/**
 * rvpmu_num_counters() - sbi_pmu_num_counters
 * @h: the hart
 *
 * Context: The hart that owns @h, in its SBI call; no lock taken.
 * Return: always SBI_SUCCESS, with the number of logical counters
 *         (hardware, gaps included, and firmware).
 */
struct rvpmu_ret rvpmu_num_counters(const struct rvpmu_hart *h);

/**
 * rvpmu_counter_get_info() - sbi_pmu_counter_get_info
 * @h: the hart
 * @counter_idx: the logical counter
 *
 * The answer holds csr [11:0], width - 1 [17:12], type at XLEN-1.
 * Firmware counters report csr 0 and width 63.
 *
 * Context: The hart that owns @h, in its SBI call; no lock taken.
 * Return: SBI_SUCCESS with the counter's info, or SBI_ERR_INVALID_PARAM
 *         for an index out of range or a gap (including counter 1, time).
 */
struct rvpmu_ret rvpmu_counter_get_info(const struct rvpmu_hart *h,
					rvpmu_ulong counter_idx);

/**
 * rvpmu_counter_config_matching() - sbi_pmu_counter_config_matching
 * @h: the hart
 * @counter_idx_base: the first counter of the set
 * @counter_idx_mask: the set, relative to @counter_idx_base
 * @config_flags: SBI_PMU_CFG_FLAG_*
 * @event_idx: the SBI event_idx
 * @event_data: the SBI event_data
 *
 * Order of the checks: flags and set (INVALID_PARAM), then an event no
 * counter of this hart can count (NOT_SUPPORTED), then the SKIP_MATCH
 * checks (INVALID_PARAM, or NOT_SUPPORTED when that counter cannot count
 * it). Choice: firmware events take the lowest free firmware
 * counter. Hardware events take the lowest free capable hpm counter; for
 * cycles and instret the fixed counter (0 or 2) is taken first when it fits
 * better: always without Sscofpmf (an hpm counter could do no more), and
 * with Sscofpmf only when no capable hpm counter is free in the set,
 * because only an hpm counter can raise the overflow interrupt sampling
 * needs. Filter flags go to mhpmevent [62:58] when Sscofpmf exists, and
 * on the fixed counters to mcyclecfg / minstretcfg [62:58] when
 * Smcntrpmf exists (written while the counter is inhibited; 0 again on
 * release); elsewhere they are ignored (the spec calls them hints): so
 * without Smcntrpmf a filtered cycles/instret request that finds only the
 * fixed counter free gets it, counting in every mode, rather than
 * NOT_SUPPORTED. The choice above already prefers a counter that can
 * filter: with Sscofpmf an hpm counter, without it the fixed counter.
 * CLEAR_VALUE zeroes the counter; AUTO_START starts it. A counter the
 * sampler reserved is never chosen.
 *
 * Context: The hart that owns @h, in its SBI call; no lock taken.
 * Return: SBI_SUCCESS with the counter chosen; SBI_ERR_INVALID_PARAM for a
 *         reserved flag bit, a bad counter set, SKIP_MATCH on a counter
 *         that is not configured, is started, or is of the other kind
 *         (hardware/firmware) than the event; SBI_ERR_NOT_SUPPORTED for an
 *         invalid event encoding, or when no free counter of the set can
 *         count the event. On an error nothing changes.
 */
struct rvpmu_ret rvpmu_counter_config_matching(struct rvpmu_hart *h,
					       rvpmu_ulong counter_idx_base,
					       rvpmu_ulong counter_idx_mask,
					       rvpmu_ulong config_flags,
					       rvpmu_ulong event_idx,
					       uint64_t event_data);

/**
 * rvpmu_counter_start() - sbi_pmu_counter_start
 * @h: the hart
 * @counter_idx_base: the first counter of the set
 * @counter_idx_mask: the set, relative to @counter_idx_base
 * @start_flags: SBI_PMU_START_*
 * @initial_value: the value with SET_INIT_VALUE
 *
 * SET_INIT_VALUE writes @initial_value to every counter of the set;
 * INIT_SNAPSHOT writes each from its snapshot slot (relative to
 * @counter_idx_base); without either a counter starts from the value it
 * kept. Clears mhpmevent.OF, then starts.
 *
 * Context: The hart that owns @h, in its SBI call; no lock taken.
 * Return: SBI_SUCCESS; SBI_ERR_INVALID_PARAM for a reserved flag, a bad
 *         set, a counter not configured (one the sampler reserved among
 *         them), SET_INIT_VALUE together with INIT_SNAPSHOT;
 *         SBI_ERR_NO_SHMEM for INIT_SNAPSHOT without a snapshot area;
 *         SBI_ERR_ALREADY_STARTED when a counter of the set is started.
 *         Checked in that order; on an error nothing changes.
 */
struct rvpmu_ret rvpmu_counter_start(struct rvpmu_hart *h,
				     rvpmu_ulong counter_idx_base,
				     rvpmu_ulong counter_idx_mask,
				     rvpmu_ulong start_flags,
				     uint64_t initial_value);

/**
 * rvpmu_counter_stop() - sbi_pmu_counter_stop
 * @h: the hart
 * @counter_idx_base: the first counter of the set
 * @counter_idx_mask: the set, relative to @counter_idx_base
 * @stop_flags: SBI_PMU_STOP_*
 *
 * Stopping notes whether an hpm counter had overflowed (OF), then
 * sets mhpmevent.OF so no interrupt comes while stopped; TAKE_SNAPSHOT
 * stores each value relative to @counter_idx_base, leaving other value
 * slots alone, and rebuilds the whole overflow bitmap from the core's own
 * state: bit i set when counter base + i is an hpm counter that overflowed
 * (noted at its stop, or OF now for a running one); zero without Sscofpmf.
 * Start and release forget a counter's overflow. RESET releases the
 * counter and writes its mhpmevent 0.
 *
 * Context: The hart that owns @h, in its SBI call; no lock taken.
 * Return: SBI_SUCCESS; SBI_ERR_INVALID_PARAM for a reserved flag, a bad
 *         set, a counter not configured; SBI_ERR_NO_SHMEM for TAKE_SNAPSHOT
 *         without a snapshot area; SBI_ERR_ALREADY_STOPPED when a counter
 *         of the set is stopped. Checked in that order; on an error nothing
 *         changes, but with RESET ALREADY_STOPPED still releases the
 *         counters of the set that were stopped (the rule above).
 */
struct rvpmu_ret rvpmu_counter_stop(struct rvpmu_hart *h,
				    rvpmu_ulong counter_idx_base,
				    rvpmu_ulong counter_idx_mask,
				    rvpmu_ulong stop_flags);

/**
 * rvpmu_counter_fw_read() - sbi_pmu_counter_fw_read
 * @h: the hart
 * @counter_idx: the firmware counter
 *
 * Context: The hart that owns @h, in its SBI call; no lock taken.
 * Return: SBI_SUCCESS with the low XLEN bits of the counter's value, or
 *         SBI_ERR_INVALID_PARAM unless @counter_idx is a firmware counter
 *         (one the sampler reserved is not).
 */
struct rvpmu_ret rvpmu_counter_fw_read(const struct rvpmu_hart *h,
				       rvpmu_ulong counter_idx);
/**
 * rvpmu_counter_fw_read_hi() - sbi_pmu_counter_fw_read_hi
 * @h: the hart
 * @counter_idx: the firmware counter
 *
 * Context: The hart that owns @h, in its SBI call; no lock taken.
 * Return: SBI_SUCCESS with the upper 32 bits of the counter's value on
 *         RV32 and 0 on RV64, or SBI_ERR_INVALID_PARAM as
 *         rvpmu_counter_fw_read().
 */
struct rvpmu_ret rvpmu_counter_fw_read_hi(const struct rvpmu_hart *h,
					  rvpmu_ulong counter_idx);

/**
 * rvpmu_snapshot_set_shmem() - sbi_pmu_snapshot_set_shmem
 * @h: the hart
 * @shmem_phys_lo: the snapshot area's address, low XLEN bits
 * @shmem_phys_hi: the snapshot area's address, high XLEN bits
 * @flags: must be 0
 *
 * Both halves all-ones: disable. Does not touch the memory.
 *
 * Context: The hart that owns @h, in its SBI call; no lock taken.
 * Return: SBI_SUCCESS; SBI_ERR_INVALID_PARAM for @flags != 0, or an
 *         address not 4 KiB aligned; SBI_ERR_INVALID_ADDRESS when the
 *         4 KiB are not S-mode RAM (memory check), or the address needs
 *         more than 64 bits (on RV64: @shmem_phys_hi not 0) or wraps.
 */
struct rvpmu_ret rvpmu_snapshot_set_shmem(struct rvpmu_hart *h,
					  rvpmu_ulong shmem_phys_lo,
					  rvpmu_ulong shmem_phys_hi,
					  rvpmu_ulong flags);

/**
 * rvpmu_event_get_info() - sbi_pmu_event_get_info
 * @h: the hart
 * @shmem_phys_lo: the entry array's address, low XLEN bits
 * @shmem_phys_hi: the entry array's address, high XLEN bits
 * @num_entries: the entries (16 bytes each)
 * @flags: must be 0
 *
 * Writes each entry's output word: bit 0 set when config_matching could
 * give the event a counter of this hart if all were free. All entries are
 * checked before any output is written.
 *
 * Context: The hart that owns @h, in its SBI call; no lock taken.
 * Return: SBI_SUCCESS; SBI_ERR_INVALID_PARAM for @flags != 0, an address
 *         not 16-byte aligned, @num_entries 0 or @num_entries * 16
 *         overflowing, then (after the address check) a reserved bit
 *         [31:20] set in any entry's event_idx; SBI_ERR_INVALID_ADDRESS
 *         when the array is not writable S-mode RAM, wraps, or (RV64)
 *         @shmem_phys_hi is not 0.
 */
struct rvpmu_ret rvpmu_event_get_info(struct rvpmu_hart *h,
				      rvpmu_ulong shmem_phys_lo,
				      rvpmu_ulong shmem_phys_hi,
				      rvpmu_ulong num_entries,
				      rvpmu_ulong flags);

/**
 * rvpmu_fw_count_slow() - count a standard firmware event that something counts
 * @h: the hart
 * @code: the event's code, < SBI_PMU_FW_STD_COUNT
 * @counting: rvpmu_fw_counting() of @code, not 0 (the site's test, whose
 *            halves are what counts it)
 *
 * rvpmu_fw_event()'s work when something counts the event (fwctr.c): each
 * started firmware counter of @code gains one, and so does the sampler's
 * free-running count when it samples @code.
 *
 * Context: The hart that owns @h, where the event happens; no lock taken.
 * Return: { SBI_SUCCESS, 0 }, so that a site that answers SBI success
 *         right after the event, set_timer, counts by a tail call and
 *         needs no frame.
 */
struct rvpmu_ret rvpmu_fw_count_slow(struct rvpmu_hart *h, unsigned int code,
				     rvpmu_fw_both counting);

/**
 * rvpmu_fw_counting() - what counts a standard firmware event
 * @h: the hart
 * @code: the event's code, < SBI_PMU_FW_STD_COUNT
 *
 * The event site's test: one load.
 *
 * Context: The hart that owns @h, where the event happens; no lock taken.
 * Return: not 0 when a started firmware counter or the sampler counts
 *         @code; 0 when nothing does.
 */
static inline rvpmu_fw_both rvpmu_fw_counting(const struct rvpmu_hart *h, unsigned int code)
{
	return h->fw_counting[code].any;
}

/**
 * rvpmu_fw_event() - count one standard firmware event
 * @h: the hart
 * @code: the event's code, < SBI_PMU_FW_STD_COUNT
 *
 * The firmware calls it where the event happens. One load and a branch
 * when nothing counts the event; else rvpmu_fw_count_slow() with what
 * counts it.
 *
 * Context: The hart that owns @h (this hart's event), where the event
 *          happens; no lock taken.
 */
static inline void rvpmu_fw_event(struct rvpmu_hart *h, unsigned int code)
{
	rvpmu_fw_both counting = rvpmu_fw_counting(h, code);

	if (counting)
		(void)rvpmu_fw_count_slow(h, code, counting);
}

#endif /* RVPMU_PMU_H */
