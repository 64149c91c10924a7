/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tests/diff.h - the core's two layers side by side: two simulated harts
 * of one shape, one driven through the functions pmu.h exports (the fast
 * layer, which hands what it does not answer to the spec layer) and one
 * through the spec layer alone (core/spec.h), given the same calls and
 * the same events. After every call the two must agree on the answer,
 * the core's state (struct rvpmu_hart), the simulated hardware (counters,
 * mhpmevent, mcountinhibit, QEMU's model state) and S-mode memory, where
 * the snapshot area is. Each difference is printed as a TAP diagnostic;
 * the source of choices is pluggable, as for drive.h.
 */
#ifndef RVPMU_DIFF_H
#define RVPMU_DIFF_H

#include "drive.h"

/* What a hart is made of; diff_shape turns any 64-bit value into one. */
struct diff_shape {
	unsigned int nr_hpm, bits, nr_fw;
	bool sscofpmf, smcntrpmf;
	bool qemu;	/* QEMU 7.2's counters (sim_hart.h qemu_inhibit) */
	bool split;	/* and its RV32 high halves (split_halves) */
	bool holds;	/* a platform that holds overflows back, with a clock:
			   released held counters are parked */
};

struct diff {
	struct fx fast, spec;
	struct rvpmu_hw_ops ops;	/* the simulated hart's, with holds */
	struct drive d;			/* choices, made on the fast hart */
	unsigned long calls;
	unsigned int differences;	/* found so far */
};

void diff_shape(uint64_t v, struct diff_shape *s);

/* Both harts of shape s, choices from next(src). */
void diff_init(struct diff *x, const struct diff_shape *s, uint64_t (*next)(void *), void *src);

/* One arbitrary call on both layers, compared, then the same events on
   both, compared. Answers the differences found in this step. */
unsigned int diff_step(struct diff *x);

/* Compare the two harts' states now; each difference is printed (as
   "call" says where), and counted. */
unsigned int diff_compare(struct diff *x, const char *where);

#endif
