/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * client/perf.h - a perf-like S-mode client of the SBI PMU extension,
 * freestanding, for RV64 and RV32, on any SBI firmware.
 *
 * The model is Linux's riscv_pmu_sbi driver: an event is opened from an
 * attribute (init), given a counter through config_matching (add), started
 * and stopped with a value reload (start/stop), read with 64-bit
 * accumulation across the counter's width, and released (del). Hardware
 * counters are read from the CSR that counter_get_info names, firmware
 * counters with fw_read (+ fw_read_hi on RV32). Sampling events get an
 * overflow interrupt (LCOFI) through pmu_overflow().
 *
 * Context: a struct pmu_cpu belongs to one hart and is used only there,
 * with interrupts off or from that hart's LCOFI handler.
 */
#ifndef RVPMU_CLIENT_PERF_H
#define RVPMU_CLIENT_PERF_H

#include <stdbool.h>
#include <stdint.h>

#include "client/sbi.h"

#define PMU_MAX_COUNTERS	64
#define PMU_MAX_EVENTS		32

/* What to count: perf's attribute types, mapped to the spec's encodings. */
enum pmu_type {
	PMU_TYPE_HW,		/* config = SBI_PMU_HW_* general event code */
	PMU_TYPE_CACHE,		/* config = cache id | op << 8 | result << 16 (perf's) */
	PMU_TYPE_RAW,		/* config = raw selector (48 bits, type 2) */
	PMU_TYPE_RAW2,		/* config = raw selector (56 bits, type 3) */
	PMU_TYPE_FW,		/* config = firmware event code (0..21, 256..65534) */
	PMU_TYPE_FW_PLATFORM,	/* config = event_data of SBI_PMU_FW_PLATFORM */
};

struct pmu_attr {
	enum pmu_type type;
	uint64_t config;
	bool exclude_user, exclude_kernel;
	uint64_t sample_period;	/* 0: counting */
};

/* What the machine offers, from num_counters and counter_get_info. */
struct pmu_machine {
	unsigned long num;		/* counters, gaps included */
	uint64_t valid, fw;		/* bitmaps of counters */
	unsigned long info[PMU_MAX_COUNTERS];
	unsigned int hw_width;		/* bits of the first hpm counter */
};

struct pmu_event {
	struct pmu_attr attr;
	unsigned long event_idx;
	uint64_t event_data;
	int ctr;		/* counter, or -1 while not added */
	uint64_t count;		/* accumulated, 64 bits */
	uint64_t prev;		/* last raw value read or loaded */
	uint64_t width_mask;
	bool running;
	/* sampling */
	uint64_t period_left;
	unsigned long samples, throttled, overflows_this_tick;
};

struct pmu_cpu {
	struct pmu_machine *m;
	struct pmu_event *events[PMU_MAX_COUNTERS];	/* by counter */
	uint64_t used;					/* counters in use */
	unsigned long max_overflows_per_tick;		/* throttling */
};

/**
 * pmu_machine_init() - discover the counters the firmware offers
 * @m: what is found: the counters, which are valid and which firmware ones
 *
 * num_counters, then counter_get_info for each counter up to
 * PMU_MAX_COUNTERS: one that answers an error is a gap, left out of
 * m->valid. hw_width is the width of the first hardware counter from
 * index 3 (0 when there is none).
 *
 * Context: Any hart, S-mode, once, before the harts' struct pmu_cpu use
 *          @m (they only read it).
 * Return: 0, or the SBI error of num_counters (then m->num is 0).
 */
long pmu_machine_init(struct pmu_machine *m);

/**
 * pmu_cpu_init() - set up a hart's client state, with no event added
 * @c: the hart's state
 * @m: the machine, from pmu_machine_init()
 *
 * Throttling starts at 1000 overflows a tick (c->max_overflows_per_tick,
 * the caller's to change).
 *
 * Context: The hart that owns @c, before its first event.
 */
void pmu_cpu_init(struct pmu_cpu *c, struct pmu_machine *m);

/**
 * pmu_event_init() - translate a perf-like attribute into an SBI event
 * @e: the event, reset: no counter, nothing counted, not running
 * @attr: what to count (copied into @e)
 *
 * Sets e->event_idx and e->event_data from the attribute's type and
 * config (a raw selector is cut to its type's bits); a sampling event's
 * period_left starts at the period.
 *
 * Context: Any hart; touches only @e.
 * Return: 0, or SBI_ERR_INVALID_PARAM when the attribute means no event
 *         (as perf's event_init refuses it).
 */
long pmu_event_init(struct pmu_event *e, const struct pmu_attr *attr);

/**
 * pmu_event_add() - give the event a counter through config_matching
 * @c: the hart's state
 * @e: the event, from pmu_event_init()
 *
 * The fixed cycle or instret counter first when it serves (a counting
 * event without mode filters, the counter free), any valid free counter
 * otherwise, through config_matching window by window (XLEN counters a
 * call) until one answers; sampling needs a counter that can interrupt,
 * so counters 0..2 are skipped. The counter is not started. Its width
 * gives e->width_mask.
 *
 * Context: The hart that owns @c, with interrupts off or from its LCOFI
 *          handler.
 * Return: the counter, or the SBI error: NOT_SUPPORTED when no free
 *         counter can count the event, config_matching's other errors, or
 *         SBI_ERR_FAILED when the firmware handed out a counter this hart
 *         already holds (or past PMU_MAX_COUNTERS): that one is released
 *         again.
 */
long pmu_event_add(struct pmu_cpu *c, struct pmu_event *e);

/**
 * pmu_event_start() - start the event's counter from its reload value
 * @c: the hart's state
 * @e: the event, added
 *
 * Loads the counter with SET_INIT_VALUE: -period_left for sampling
 * (period_left back to the period when it is 0 or above it), else the
 * last value; either cut to the counter's width. The event runs on
 * success or ALREADY_STARTED.
 *
 * Context: The hart that owns @c, with interrupts off or from its LCOFI
 *          handler.
 * Return: 0, or the SBI error of counter_start; SBI_ERR_INVALID_PARAM
 *         when the event has no counter.
 */
long pmu_event_start(struct pmu_cpu *c, struct pmu_event *e);

/**
 * pmu_event_stop() - stop the counter and fold what it counted into ->count
 * @c: the hart's state
 * @e: the event, added
 *
 * The count is read only when the stop succeeds; the event is not running
 * afterwards in any case.
 *
 * Context: The hart that owns @c, with interrupts off or from its LCOFI
 *          handler.
 * Return: 0, or the SBI error of counter_stop (ALREADY_STOPPED, ...);
 *         SBI_ERR_INVALID_PARAM when the event has no counter.
 */
long pmu_event_stop(struct pmu_cpu *c, struct pmu_event *e);

/**
 * pmu_event_read() - fold what the counter counted since the last read
 * @c: the hart's state
 * @e: the event
 *
 * The difference is taken modulo the counter's width, so a counter that
 * wrapped once is read right; a sampling event's period_left goes down by
 * it (to 0 at the least).
 *
 * Context: The hart that owns @c, with interrupts off or from its LCOFI
 *          handler.
 * Return: e->count, the 64-bit accumulated count (unchanged when the event
 *         has no counter).
 */
uint64_t pmu_event_read(struct pmu_cpu *c, struct pmu_event *e);

/**
 * pmu_event_del() - release the event's counter
 * @c: the hart's state
 * @e: the event (nothing happens when it has no counter)
 *
 * Stop (folding the count in), then stop with RESET: the counter is free
 * again. Errors are ignored.
 *
 * Context: The hart that owns @c, with interrupts off or from its LCOFI
 *          handler.
 */
void pmu_event_del(struct pmu_cpu *c, struct pmu_event *e);

/**
 * pmu_overflow() - the LCOFI handler's work, as Linux does it
 * @c: the hart's state
 *
 * Stop every running event on a hardware counter (firmware counters are
 * left alone), read scountovf, clear LCOFIP, fold each stopped event's
 * count, count a sample for each overflowed sampling event and restart
 * every stopped event with SET_INIT_VALUE (pmu_event_start()); an event
 * that overflows more than max_overflows_per_tick times before pmu_tick()
 * is throttled (left stopped until the next tick).
 *
 * Context: The hart that owns @c, from its overflow handler (LCOFI, or
 *          SSE's PMU overflow event), interrupts off.
 * Return: the overflows handled: the samples counted.
 */
unsigned long pmu_overflow(struct pmu_cpu *c);

/**
 * pmu_counting_probe() - leave behind what a perf probe or perf stat does
 * @m: the machine
 * @event_idx: the event to count
 *
 * What perf leaves behind before it records (its API probe opens
 * "cycles:u" and "instructions:u" counting) and what a perf stat leaves:
 * a counting event (S-mode inhibited) on a counter config_matching picks
 * among all but the time counter (among the first XLEN), started from
 * Linux's counting value -(2^63 - 1), run briefly, stopped and released.
 * On QEMU 7.2 that start stores a left-over that swallows the counter's
 * next overflow (docs/perf-on-qemu.md). Errors are ignored: a firmware
 * that refuses leaves nothing behind.
 *
 * Context: Any hart, S-mode; a counter of the calling hart is taken while
 *          it runs, outside any struct pmu_cpu.
 */
void pmu_counting_probe(const struct pmu_machine *m, unsigned long event_idx);

/**
 * pmu_tick() - per tick: restart throttled events
 * @c: the hart's state
 *
 * Restarts every event pmu_overflow() left stopped for throttling and
 * starts a new count of overflows for each event.
 *
 * Context: The hart that owns @c, with interrupts off (its tick handler,
 *          or a switch done with interrupts off).
 */
void pmu_tick(struct pmu_cpu *c);

/**
 * pmu_read_counter() - the raw value of a counter as S-mode reads it
 * @m: the machine
 * @ctr: the counter, valid in @m
 *
 * The CSR counter_get_info names for a hardware counter (on RV32 its high
 * half too, read again until it holds still), fw_read (+ fw_read_hi on
 * RV32) for a firmware one.
 *
 * Context: Any hart, S-mode; reads the calling hart's counter.
 * Return: the value, 64 bits; the firmware's errors are not looked at.
 */
uint64_t pmu_read_counter(const struct pmu_machine *m, unsigned long ctr);

#endif
