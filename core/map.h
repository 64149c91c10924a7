/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * core/map.h - the platform's event mapping (what the riscv,pmu DT node says).
 *
 * Three tables, filled once at boot (by dt/ or by platform code) and
 * read-only afterwards, so any hart may read them without locking:
 *   ranges: event_idx range -> hardware counters that can count it
 *   sels:   event_idx -> mhpmevent selector value (absent: zero-extended idx)
 *   raws:   (event_data & mask) == match -> hardware counters
 * Counter bitmaps use hardware counter numbers (bit 0 mcycle, bit 2 minstret,
 * bit N mhpmcounterN).
 */
#ifndef RVPMU_MAP_H
#define RVPMU_MAP_H

#include <stdbool.h>
#include <stdint.h>

#define RVPMU_MAP_MAX_ROWS 255

struct rvpmu_map_range {
	uint32_t first, last;	/* inclusive event_idx range */
	uint32_t counters;
};

struct rvpmu_map_sel {
	uint32_t event;
	uint64_t selector;
};

struct rvpmu_map_raw {
	uint64_t match, mask;
	uint32_t counters;
};

/*
 * The standard hardware events (type 0, codes 0..15; type 1, codes 0..63)
 * by slot, the two tables' answers for each kept as rows are added, so
 * that config_matching of the events Linux uses is a lookup, not two
 * binary searches: RVPMU_MAP_STD_SLOTS slots, -1 for any other event_idx.
 */
#define RVPMU_MAP_STD_GENERAL	16
#define RVPMU_MAP_STD_SLOTS	(RVPMU_MAP_STD_GENERAL + 64)

/**
 * rvpmu_map_std_slot() - the standard slot of an event
 * @event_idx: the SBI event_idx
 *
 * Type 0 codes 0..15 take slots 0..15, type 1 codes 0..63 the slots after.
 *
 * Context: Any hart; pure.
 * Return: the slot, 0 .. RVPMU_MAP_STD_SLOTS - 1; -1 for any other
 *         event_idx.
 */
static inline int rvpmu_map_std_slot(uint64_t event_idx)
{
	if (event_idx < RVPMU_MAP_STD_GENERAL)
		return (int)event_idx;
	if (event_idx - 0x10000 < RVPMU_MAP_STD_SLOTS - RVPMU_MAP_STD_GENERAL)
		return (int)(event_idx - 0x10000 + RVPMU_MAP_STD_GENERAL);
	return -1;
}

struct rvpmu_map {
	uint16_t nr_ranges, nr_sels, nr_raws;
	struct rvpmu_map_range ranges[RVPMU_MAP_MAX_ROWS]; /* sorted, disjoint */
	struct rvpmu_map_sel sels[RVPMU_MAP_MAX_ROWS];	    /* sorted, unique */
	struct rvpmu_map_raw raws[RVPMU_MAP_MAX_ROWS];	    /* in given order */
	/*
	 * By standard slot: the counters that can count the event, as the
	 * core answers them before a hart's own (rvpmu_event_counters): the
	 * range table's hpm counters (3..31), and counter 0 for cycles, 2
	 * for instructions; 0 for a code the spec does not define (general
	 * 0 and 11..15, cache id 7 or op 3). And its selector: the selector
	 * row's, else the event_idx itself.
	 */
	uint32_t std_ctrs[RVPMU_MAP_STD_SLOTS];
	uint64_t std_sel[RVPMU_MAP_STD_SLOTS];
};

/**
 * rvpmu_map_init() - empty a map
 * @m: the map
 *
 * No rows; each standard slot back to what the core answers without rows:
 * counter 0 for cycles, 2 for instructions, the event_idx as selector.
 *
 * Context: Before the map is shared: the boot hart (dt/ or platform code)
 *          or a host tool; no lock taken.
 */
void rvpmu_map_init(struct rvpmu_map *m);

/**
 * rvpmu_map_add_range() - add a row to the range table
 * @m: the map
 * @first: the first event_idx of the range
 * @last: the last event_idx of the range (inclusive)
 * @counters: the hardware counters that can count it
 *
 * Keeps the table sorted, and the standard slots' counters: each standard
 * event the range covers gets its hpm counters (3..31). The caller
 * validates the row's content.
 *
 * Context: Before the map is shared: the boot hart (dt/ or platform code)
 *          or a host tool; no lock taken.
 * Return: 0; -1 when the table is full; -2 when the range overlaps an
 *         existing one.
 */
int rvpmu_map_add_range(struct rvpmu_map *m, uint32_t first, uint32_t last,
			uint32_t counters);
/**
 * rvpmu_map_add_sel() - add a row to the selector table
 * @m: the map
 * @event: the event_idx
 * @selector: the mhpmevent selector it gets
 *
 * Keeps the table sorted, and the standard slots' selectors. The caller
 * validates the row's content.
 *
 * Context: Before the map is shared: the boot hart (dt/ or platform code)
 *          or a host tool; no lock taken.
 * Return: 0; -1 when the table is full; -2 when @event already has a
 *         selector.
 */
int rvpmu_map_add_sel(struct rvpmu_map *m, uint32_t event, uint64_t selector);
/**
 * rvpmu_map_add_raw() - add a row to the raw table
 * @m: the map
 * @match: the event_data bits to match, under @mask
 * @mask: the event_data bits compared
 * @counters: the hardware counters that can count a matching raw event
 *
 * The row goes after the others: the raw table keeps the given order. The
 * caller validates the row's content.
 *
 * Context: Before the map is shared: the boot hart (dt/ or platform code)
 *          or a host tool; no lock taken.
 * Return: 0; -1 when the table is full.
 */
int rvpmu_map_add_raw(struct rvpmu_map *m, uint64_t match, uint64_t mask,
		      uint32_t counters);

/**
 * rvpmu_map_counters() - the counters the range table gives an event
 * @m: the map
 * @event_idx: the SBI event_idx
 *
 * Context: Any hart; the map is read-only once shared; no lock taken.
 * Return: the counters of the row covering @event_idx; 0 when no row
 *         covers it.
 */
uint32_t rvpmu_map_counters(const struct rvpmu_map *m, uint32_t event_idx);

/**
 * rvpmu_map_find_range() - the range row covering an event
 * @m: the map
 * @event_idx: the SBI event_idx
 *
 * Context: Any hart; the map is read-only once shared; no lock taken.
 * Return: the index of the range row covering @event_idx, or -1.
 */
int rvpmu_map_find_range(const struct rvpmu_map *m, uint32_t event_idx);

/**
 * rvpmu_map_selector() - the selector table's row for an event
 * @m: the map
 * @event_idx: the SBI event_idx
 * @sel: set to the row's selector when there is one (else left alone)
 *
 * Context: Any hart; the map is read-only once shared; no lock taken.
 * Return: true when a row for @event_idx exists, else false.
 */
bool rvpmu_map_selector(const struct rvpmu_map *m, uint32_t event_idx,
			uint64_t *sel);

/**
 * rvpmu_map_raw_counters() - the counters the raw table gives event data
 * @m: the map
 * @data: a raw event's event_data
 *
 * Context: Any hart; the map is read-only once shared; no lock taken.
 * Return: the union of the counters of every raw row that matches @data;
 *         0 when none does.
 */
uint32_t rvpmu_map_raw_counters(const struct rvpmu_map *m, uint64_t data);

#endif
