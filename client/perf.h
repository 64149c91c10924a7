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

/* Discover the counters: 0, or the SBI error of num_counters. */
long pmu_machine_init(struct pmu_machine *m);

void pmu_cpu_init(struct pmu_cpu *c, struct pmu_machine *m);

/* Translate the attribute: 0, or SBI_ERR_INVALID_PARAM when it means no
   event (as perf's event_init refuses it). */
long pmu_event_init(struct pmu_event *e, const struct pmu_attr *attr);

/*
 * Give the event a counter through config_matching: the fixed cycle or
 * instret counter first when it serves (a counting event without mode
 * filters), any valid counter otherwise; sampling needs a counter that can
 * interrupt, so the fixed counters are skipped. Returns the counter or the
 * SBI error (NOT_SUPPORTED: no counter can count it).
 */
long pmu_event_add(struct pmu_cpu *c, struct pmu_event *e);

/* Start: load the counter (-period_left for sampling, else the last
   value) with SET_INIT_VALUE. Returns the SBI error. */
long pmu_event_start(struct pmu_cpu *c, struct pmu_event *e);

/* Stop the counter and fold what it counted into ->count. */
long pmu_event_stop(struct pmu_cpu *c, struct pmu_event *e);

/* Fold what the counter counted since the last read into ->count. */
uint64_t pmu_event_read(struct pmu_cpu *c, struct pmu_event *e);

/* Stop, then stop with RESET: the counter is free again. */
void pmu_event_del(struct pmu_cpu *c, struct pmu_event *e);

/*
 * The LCOFI handler's work, as Linux does it: stop every used counter,
 * read scountovf, clear LCOFIP, count a sample for each overflowed
 * sampling event and re-arm it with SET_INIT_VALUE; an event that
 * overflows more than max_overflows_per_tick times before pmu_tick() is
 * throttled (left stopped until the next tick). Returns the overflows
 * handled.
 */
unsigned long pmu_overflow(struct pmu_cpu *c);

/*
 * What perf leaves behind before it records (its API probe opens
 * "cycles:u" and "instructions:u" counting) and what a perf stat leaves:
 * a counting event (S-mode inhibited) on the lowest free counter but the
 * fixed time counter, started from Linux's counting value -(2^63 - 1), run
 * briefly, stopped and released. On QEMU 7.2 that start stores a left-over
 * that swallows the counter's next overflow (docs/perf-on-qemu.md). Errors
 * are ignored: a firmware that refuses leaves nothing behind.
 */
void pmu_counting_probe(const struct pmu_machine *m, unsigned long event_idx);

/* Per tick: restart throttled events. */
void pmu_tick(struct pmu_cpu *c);

/* The raw value of a counter as S-mode reads it: the CSR for hardware
   counters, fw_read(+_hi) for firmware ones. */
uint64_t pmu_read_counter(const struct pmu_machine *m, unsigned long ctr);

#endif
