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

/* One SBI PMU call with its arguments: a0..a3 in the function's order
   (base, mask, flags, event_idx / base, mask, flags / ...), a4 its
   64-bit argument (event_data, initial_value). */
enum drive_fn {
	DRIVE_CONFIG, DRIVE_START, DRIVE_STOP, DRIVE_FW_READ, DRIVE_SET_SHMEM,
	DRIVE_GET_INFO, DRIVE_EVENT_INFO,
};
struct drive_call {
	enum drive_fn fn;
	rvpmu_ulong a0, a1, a2, a3;
	uint64_t a4;
};

/* An arbitrary call for the hart d->f (its sets often within what is
   configured there). */
void drive_pick(struct drive *d, struct drive_call *c);

/* Make call c on h through the functions pmu.h exports. */
struct rvpmu_ret drive_call(struct rvpmu_hart *h, const struct drive_call *c);

/* One SBI PMU call with arbitrary arguments, then some events. */
void drive_step(struct drive *d);

/* A next() for struct drive: xorshift64 on the uint64_t (not 0) at state. */
uint64_t drive_xorshift(void *state);

/* Check the hart's invariants (see above); failures go to t.h. */
void drive_invariants(struct fx *f);

#endif
