/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * core/reserve.h - what the firmware's sampler (sampler/) uses of the PMU
 * core: reserving counters for a run and counting windows on them as
 * groups (core/reserve.c, core/group.c). Not part of the SBI surface in
 * core/pmu.h; the same hart context (every function runs on the hart that
 * owns h) and the same rule that nothing else touches a hart's state.
 */
#ifndef RVPMU_CORE_RESERVE_H
#define RVPMU_CORE_RESERVE_H

#include "pmu.h"

/**
 * rvpmu_event_selector() - the mhpmevent selector of a hardware event
 * @h: the hart
 * @event_idx: the SBI event_idx, a hardware, cache or raw event
 * @event_data: the SBI event_data (a raw event's selector)
 *
 * The selector this hart programs for the event, without the Sscofpmf bits
 * (events.c).
 *
 * Context: Any hart: reads only the platform's read-only map (the
 *          sampler's CONFIGURE asks it on the calling hart).
 * Return: a raw event's @event_data; else the map's selector for the event
 *         (the DT's mapping); else @event_idx.
 */
uint64_t rvpmu_event_selector(const struct rvpmu_hart *h, uint32_t event_idx,
			      uint64_t event_data);

/**
 * rvpmu_event_is_fw() - whether an event is a firmware event
 * @event_idx: the SBI event_idx
 *
 * Context: Any hart; pure.
 * Return: true when @event_idx is of type 15 (firmware).
 */
static inline bool rvpmu_event_is_fw(uint32_t event_idx)
{
	return SBI_PMU_EVENT_TYPE(event_idx) == SBI_PMU_EVENT_TYPE_FW;
}

/*
 * ---- Reservation: counters the firmware's sampler (sampler/) takes for a
 * run. A reserved counter is invisible to S-mode: config_matching never
 * chooses it, and start, stop, SKIP_MATCH and fw_read on it answer
 * INVALID_PARAM as for a counter that is not configured. Only hpm counters
 * (3..31) and firmware counters can be reserved: mcycle and minstret stay
 * free-running, the sampler reads mcycle for its cycle count. All of these
 * run on the hart that owns h, like the SBI functions.
 */

/**
 * rvpmu_reservable() - the counters free to reserve for an event
 * @h: the hart
 * @event_idx: the SBI event_idx
 * @event_data: the SBI event_data
 *
 * Context: The hart that owns @h (reads its counters' state); no lock
 *          taken.
 * Return: the counters that can count (@event_idx, @event_data) and are
 *         free for a reservation: capable, not 0..2, neither configured
 *         nor reserved; 0 when there are none.
 */
uint64_t rvpmu_reservable(const struct rvpmu_hart *h, uint32_t event_idx,
			  uint64_t event_data);

/**
 * rvpmu_sampler_capable() - the counters that can count an event at all
 * @h: the hart
 * @event_idx: the SBI event_idx
 * @event_data: the SBI event_data
 *
 * Context: Any hart: reads only what rvpmu_hart_init() found and the
 *          read-only map (the sampler's CONFIGURE asks it for every hart
 *          of the set).
 * Return: the counters that can count the event, busy or not, without
 *         0..2; 0 when the event is invalid or this hart cannot count it.
 */
uint64_t rvpmu_sampler_capable(const struct rvpmu_hart *h, uint32_t event_idx,
			       uint64_t event_data);

/**
 * rvpmu_reserve() - reserve counters for the sampler
 * @h: the hart
 * @set: the counters: hpm and firmware counters
 *
 * Reserved hpm counters are left inhibited with mhpmevent 0. Parked
 * counters are unmapped first (rvpmu_unpark()): a parked counter keeps its
 * event mapped, and QEMU counts an event on one counter only.
 *
 * Context: The hart that owns @h (touches its CSRs); no lock taken.
 * Return: SBI_SUCCESS; SBI_ERR_INVALID_PARAM when @set is empty or names a
 *         counter that does not exist or is 0..2; SBI_ERR_DENIED when one
 *         is configured by S-mode or already reserved. On error nothing
 *         changes.
 */
long rvpmu_reserve(struct rvpmu_hart *h, uint64_t set);

/**
 * rvpmu_release() - stop reserved counters and give them back
 * @h: the hart
 * @set: the counters; those not reserved are ignored
 *
 * hpm counters are inhibited and get mhpmevent 0 (QEMU counts an event on
 * one counter only); a platform event stops counting and its counter holds
 * 0, as at the group's load (the sampler's count is not S-mode's).
 *
 * Context: The hart that owns @h (touches its CSRs); no lock taken.
 */
void rvpmu_release(struct rvpmu_hart *h, uint64_t set);

/**
 * rvpmu_fw_sample() - choose the firmware events the sampler counts
 * @h: the hart
 * @codes: the standard firmware events, bit c for code c < 22; 0: none
 *         (a run's end)
 *
 * The events whose count fw_total the sampler's groups read (a group's
 * open sets its events' counts to 0, its close reads them): from now on
 * those are counted there, the others no more. An event site nothing else
 * counts stays one load and a branch outside a run.
 *
 * Context: The hart that owns @h; no lock taken.
 */
void rvpmu_fw_sample(struct rvpmu_hart *h, uint32_t codes);

/**
 * rvpmu_reserved_idle() - let reserved hpm counters count nothing
 * @h: the hart
 * @set: reserved counters; its firmware counters are ignored
 *
 * The hpm counters of @set get mhpmevent 0: a counter a group no longer
 * uses must not keep its event, since QEMU counts an event on one counter
 * only.
 *
 * Context: The hart that owns @h (touches its CSRs); no lock taken.
 */
void rvpmu_reserved_idle(struct rvpmu_hart *h, uint64_t set);

/* ---- Groups: reserved counters that count one window together (a
   sampler subsample). */

#define RVPMU_GROUP_MAX	29	/* counters in a group (as many as hpm 3..31) */

/*
 * A group's hpm counters are loaded with a base value, not 0, and a
 * window's count is the value read less it: the top two bits of the
 * counter's width (RVPMU_GROUP_BASE for a 64-bit counter). Hardware that
 * fakes the overflow of a cycles/instret-class counter with a timer armed
 * at each counter write (QEMU 7.2 does, when the hart has Sscofpmf)
 * computes the deadline from the distance to the wrap as a signed 64-bit
 * count: from a value below 2^63 that distance is negative, the deadline
 * is in the past, and the timer's expiry takes the hart off its CPU in the
 * middle of the switch (under QEMU's round robin until other harts' slices
 * are over: up to a whole window, seen as the counts and the cycle count
 * covering different intervals). From the base the wrap is a quarter of
 * the range away, so the deadline is far ahead (2^62 ns) and harmless; no
 * window counts that many events.
 */
#define RVPMU_GROUP_BASE	UINT64_C(0xC000000000000000)

/* An event of a group's firmware counter (only a platform event's is
   looked at). */
struct rvpmu_event_ref {
	uint32_t event_idx;
	uint64_t event_data;
};

/* A firmware event as a group's code list holds it: a standard event's
   code, or RVPMU_GROUP_EXT for any other (counted through fw ops). */
#define RVPMU_GROUP_EXT	SBI_PMU_FW_STD_COUNT	/* fw_total has it, never counted */
/**
 * rvpmu_group_code() - a firmware event as a group's code list holds it
 * @event_idx: the SBI event_idx of a firmware event
 *
 * Context: Any hart; pure.
 * Return: a standard event's code, or RVPMU_GROUP_EXT for any other
 *         (counted through fw ops).
 */
static inline uint8_t rvpmu_group_code(uint32_t event_idx)
{
	uint32_t code = SBI_PMU_EVENT_CODE(event_idx);

	return code < SBI_PMU_FW_STD_COUNT ? (uint8_t)code : RVPMU_GROUP_EXT;
}

/**
 * rvpmu_reserved_mhpmevent() - the mhpmevent of a reserved hpm counter
 * @sel: the selector (from rvpmu_event_selector())
 * @inh: the mode filter: Sscofpmf bits [62:58]
 *
 * The caller computes it once per run.
 *
 * Context: Any hart; pure.
 * Return: @sel without its top 8 bits, filtered by @inh, OF set so that
 *         the counter never interrupts.
 */
uint64_t rvpmu_reserved_mhpmevent(uint64_t sel, uint64_t inh);

/*
 * A loaded group: the counters in caller memory, hpm counters first and
 * firmware counters after (so the hpm ones go to the hardware as one list
 * and the switch looks nothing up) and the mcountinhibit mask; each
 * standard firmware event's count (h->fw_total) is set to 0 at the open and
 * read at the close. Caller memory; zero it before the first open and set
 * seq and max_gap.
 */
struct rvpmu_group {
	uint32_t hpm;			/* its hpm counters, as mcountinhibit bits */
	/* set by the caller: every load's hpm counters are 3, 4, .. in order
	   and no group has a platform firmware event (then the switch walks
	   no list and calls nothing) */
	bool seq;
	/* set by the caller: the longest, in mcycle counts, that reading the
	   group's counters or loading them may take; a pass that took longer
	   was interrupted (group.c says where that happens) and is done
	   again. UINT64_MAX: never done again. */
	uint64_t max_gap;
	uint64_t end;			/* mcycle where the last window closed ended */
	/* the switch's own, while it runs (core/group.c) */
	struct {
		uint8_t *dst;
		const uint32_t *off;
		const uint8_t *ctr;
		const struct rvpmu_group_spec *next;
	} sw;
	const uint8_t *ctr;		/* [nhpm + nfw] */
	const struct rvpmu_group_spec *sp; /* its events */
};

/*
 * What a group load takes besides its counters ctr[0..nhpm + nfw)
 * (reserved, stopped, distinct, hpm counters first; nhpm + nfw <=
 * RVPMU_GROUP_MAX): hpm counter ctr[j] gets mhpmevent mhpm[j]
 * (rvpmu_reserved_mhpmevent; the Sscofpmf bits are dropped on a hart
 * without Sscofpmf), firmware counter ctr[nhpm + k] the event fw[k], whose
 * rvpmu_group_code is code[k] (and tot[k] its rvpmu_group_total_off);
 * ext: whether some code[k] is RVPMU_GROUP_EXT. Every event must be one rvpmu_sampler_capable gives its
 * counter for. ctr and the spec must stay until the next load. One spec
 * serves every hart (the counters are each hart's own).
 */
struct rvpmu_group_spec {
	const uint64_t *mhpm;
	const uint8_t *code;
	const uint16_t *tot;		/* [nfw] rvpmu_group_total_off(code[k]) */
	const struct rvpmu_event_ref *fw;
	uint8_t nhpm, nfw;
	bool ext;
};

/**
 * rvpmu_group_total_off() - where a group code's free-running count lies
 * @code: the group code (rvpmu_group_code())
 *
 * The switch adds it to the hart's address instead of indexing.
 *
 * Context: Any hart; pure.
 * Return: the byte offset of fw_total[@code] in struct rvpmu_hart.
 */
static inline uint16_t rvpmu_group_total_off(uint8_t code)
{
	return (uint16_t)(__builtin_offsetof(struct rvpmu_hart, fw_total) + 4u * code);
}

/**
 * rvpmu_group_open() - open a window on a group
 * @h: the hart
 * @g: the group, caller memory
 * @ctr: the counters, hpm ones first (struct rvpmu_group_spec); kept
 *       until the next load
 * @spec: their events, kept until the next load
 *
 * @spec's counters (reserved, stopped, every hpm counter of them with
 * mhpmevent 0) count in @g from now: hpm counter ctr[j] gets mhpmevent
 * mhpm[j] and the group base (RVPMU_GROUP_BASE), then the group starts
 * with a single mcountinhibit clear, its firmware counters right after.
 * Every reserved hpm counter outside an open group has mhpmevent 0
 * (rvpmu_reserve() gives them that, closing a group gives it to the
 * group's): QEMU counts an event on one counter only, so no event may stay
 * mapped to a counter the new group does not use.
 *
 * Context: The hart that owns @h (the sampler; touches its CSRs); no lock
 *          taken.
 * Return: mcycle where the window begins (right after the load).
 */
uint64_t rvpmu_group_open(struct rvpmu_hart *h, struct rvpmu_group *g, const uint8_t *ctr,
			  const struct rvpmu_group_spec *spec);

/**
 * rvpmu_group_close() - close a group's window
 * @h: the hart
 * @g: the group, open
 * @dst: where the counts go
 * @off: the byte offset in @dst of each counter's count (8-byte aligned)
 *
 * Its firmware counts, then its hpm counts read while they run (each
 * counter given mhpmevent 0 right after its read), then its hpm counters
 * stopped with a single mcountinhibit set. The count of counter ctr[j] (of
 * the open) goes to @dst + off[j].
 *
 * Context: The hart that owns @h (the sampler; touches its CSRs); no lock
 *          taken.
 * Return: mcycle where the window ends (right before the reads), also in
 *         g->end.
 */
uint64_t rvpmu_group_close(struct rvpmu_hart *h, struct rvpmu_group *g, uint8_t *dst,
			   const uint32_t *off);

/**
 * rvpmu_group_switch() - close a group's window and open the next
 * @h: the hart
 * @g: the group, open
 * @dst: where the closed window's counts go
 * @off: the byte offset in @dst of each counter's count (8-byte aligned)
 * @ctr: the next window's counters, kept until the next load
 * @next: the next window's events, kept until the next load
 *
 * The sampler's switch, one call on g's hart: rvpmu_group_close(g, dst,
 * off), then rvpmu_group_open(g, ctr, next).
 *
 * Context: The hart that owns @h (the sampler; touches its CSRs); no lock
 *          taken.
 * Return: mcycle where the new window begins; g->end is where the closed
 *         one ended.
 */
uint64_t rvpmu_group_switch(struct rvpmu_hart *h, struct rvpmu_group *g, uint8_t *dst,
			    const uint32_t *off, const uint8_t *ctr,
			    const struct rvpmu_group_spec *next);

/**
 * rvpmu_read_cycles() - read mcycle
 * @h: the hart
 *
 * Context: The hart that owns @h (reads its CSR).
 * Return: mcycle now.
 */
uint64_t rvpmu_read_cycles(const struct rvpmu_hart *h);
/**
 * rvpmu_instret_own_clock() - whether minstret counts on a clock of its own
 * @h: the hart
 *
 * The hw ops' instret_own_clock: a rare path's question.
 *
 * Context: The hart that owns @h (the platform may probe it).
 * Return: the platform's answer; false without instret_own_clock.
 */
bool rvpmu_instret_own_clock(const struct rvpmu_hart *h);

#endif /* RVPMU_CORE_RESERVE_H */
