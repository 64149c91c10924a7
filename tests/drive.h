/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tests/drive.h - drive a hart with arbitrary calls and events, checking
 * after every call that an error left the hart exactly as it was (except
 * what stop+RESET may release) and that the invariants hold, and between
 * calls that counts never go backwards. The source of choices is pluggable:
 * a PRNG for the randomized test, the fuzzer's bytes for the fuzz target.
 * Failures are reported through t.h (t_state.cur_failed).
 */
#ifndef RVPMU_DRIVE_H
#define RVPMU_DRIVE_H

#include "fixture.h"

struct drive {
	struct fx *f;
	uint64_t (*next)(void *src);	/* the next arbitrary 64-bit value */
	void *src;
	unsigned long calls, errors;	/* statistics */
};

/* One SBI PMU call with arbitrary arguments, then some events. */
void drive_step(struct drive *d);

/* Check the hart's invariants (see above); failures go to t.h. */
void drive_invariants(struct fx *f);

#endif
