/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tests/report/write.h - sampler buffers written from the ABI in
 * include/rvpmu/sampler.h alone, for rvpmu-report's tests (report-gen)
 * and its fuzz target. Host code. Each subsample holds CID1 = 0x100 *
 * (pos + 1) + n, CID2 = 0xc0de0000 + pos, cycles = 7000000 + n * 1000 +
 * subsample * 10 + pos (n the run-wide sample) unless the shape says
 * otherwise, counts from a callback, zeros in the null event's padding,
 * in layouts 2 to 4 each hart's mtime at the window's beginning (by
 * default its deadline, t0 + k * period_ticks, k the run-wide subsample),
 * and in layouts 3 and 4 each window's word (by default its length a
 * period, not LOST; in layout 4 COUNTED). Layouts 1 to 3 are version 1's
 * (RVPMU_SAMPLER_V1_*), layout 4 version 2's: there a window word without
 * COUNTED leaves the hart's slots of that subsample as a buffer S-mode did
 * not zero would hold them: GEN_STALE in every field (CIDs, counts and
 * padding, cycles, mtime), which no reader may show.
 */
#ifndef RVPMU_TESTS_REPORT_WRITE_H
#define RVPMU_TESTS_REPORT_WRITE_H

#include <stddef.h>
#include <stdint.h>

#include "rvpmu/sampler.h"

struct gbuf {
	uint32_t index;
	uint64_t first;
	uint32_t nr, capacity, gap, state;
};

#define GEN_MAX_HARTS	32

/* What an unwritten layout 4 slot holds here: 64-bit fields, 32-bit ones */
#define GEN_STALE	0x5a5a5a5a5a5a5a5aull
#define GEN_STALE32	0x5a5a5a5au

/* A per-window value of hart pos in run-wide subsample k (mtime, cycles). */
typedef uint64_t (*gen_time_fn)(void *ctx, uint64_t k, uint32_t pos);

struct shape {
	const char *name;
	uint32_t nr_harts, nr_clusters, nr_pmu, nr_events, period_us;
	uint32_t harts[GEN_MAX_HARTS], clusters[GEN_MAX_HARTS];
	uint64_t timebase;
	int kind;		/* the generator's value formula */
	uint32_t nr_bufs;
	struct gbuf bufs[4];	/* in file order */
	uint64_t t0, ticks;	/* 0: 5000000, and ticks from period_us */
	const struct rvpmu_sampler_event *events;	/* NULL: a rotation of kinds */
	/* the layout: 0 or 1, version 1's first; 2, mtime[] per subsample; 3,
	   window[] too; 4, version 2's (RVPMU_SAMPLER_LAYOUT) */
	uint32_t version;
	gen_time_fn mtime;	/* the mtime[] (layouts 2-4); NULL: the window's deadline */
	gen_time_fn cycles;	/* the cycles field; NULL: the formula above */
	gen_time_fn window;	/* the window[] (layouts 3, 4); NULL: the period's length
				   (layout 4: and COUNTED) */
};

/* The count of event e on position pos in run-wide sample n. */
typedef uint64_t (*gen_value_fn)(void *ctx, uint64_t n, uint32_t e, uint32_t pos);

/* Store v little-endian in bytes bytes at p. */
void gen_put(uint8_t *p, uint64_t v, unsigned int bytes);

/* Bytes of a buffer header with its arrays, for shape s. */
uint32_t gen_header_size(const struct shape *s);

/*
 * The whole file of shape s, its buffers back to back in file order, in a
 * calloc'd block of *size bytes (NULL if out of memory); at[i], when at is
 * not NULL, receives the offset of buffer i.
 */
uint8_t *gen_build(const struct shape *s, size_t *size, size_t *at, gen_value_fn value,
		   void *ctx);

/*
 * Bytes of one subsample of shape s (its layout), and the offset of hart
 * pos's cycles slot in it.
 */
uint64_t gen_subsample_size(const struct shape *s);
uint64_t gen_cycles_at(const struct shape *s, uint32_t pos);

#endif
