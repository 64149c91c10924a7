/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer target for the core's two layers (tests/diff.h): the input
 * chooses the hart's shape (counters, width, Sscofpmf, Smcntrpmf, QEMU
 * 7.2's counters, held overflows) and then every argument of a sequence
 * of calls and events, made alike on a hart driven through pmu.h (the
 * fast layer) and one driven through the spec layer. Any difference in
 * an answer, the core's state, the simulated hardware or S-mode memory
 * aborts (a fuzzer finding).
 */
#include <stdio.h>
#include <stdlib.h>

#include "diff.h"

struct t_state t_state;

struct bytes {
	const uint8_t *p;
	size_t n;
};

/* Two input bytes a choice, spread over 64 bits (splitmix64's finaliser):
   a call and its events take some 30 bytes, so that short inputs already
   reach the sequences that matter (configure, start, overflow, stop). */
static uint64_t next(void *src)
{
	struct bytes *b = src;
	uint64_t v = 0;

	for (int i = 0; i < 2 && b->n; i++, b->p++, b->n--)
		v |= (uint64_t)*b->p << (8 * i);
	v = (v + 1) * UINT64_C(0x9E3779B97F4A7C15);
	v = (v ^ (v >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	v = (v ^ (v >> 27)) * UINT64_C(0x94D049BB133111EB);
	return v ^ (v >> 31);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct diff x;
	struct bytes b = { data, size };
	struct diff_shape s;

	diff_shape(next(&b) ^ next(&b) << 16, &s);
	diff_init(&x, &s, next, &b);
	t_state.cur_failed = 0;
	while (b.n && !t_state.cur_failed)
		diff_step(&x);
	if (t_state.cur_failed) {
		fflush(stdout);	/* the differences, before the abort */
		abort();
	}
	return 0;
}
