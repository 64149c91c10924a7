/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer target for the SBI PMU call surface: the input chooses the
 * hart (hpm counters, width, Sscofpmf) and then every argument of a
 * sequence of calls and events, through the same driver as the randomized
 * unit test, which checks after every call that errors change nothing and
 * the invariants hold. Any violation aborts (a fuzzer finding).
 */
#include <stdlib.h>

#include "drive.h"

struct t_state t_state;

struct bytes {
	const uint8_t *p;
	size_t n;
};

static uint64_t next(void *src)
{
	struct bytes *b = src;
	uint64_t v = 0;

	for (int i = 0; i < 8 && b->n; i++, b->p++, b->n--)
		v |= (uint64_t)*b->p << (8 * i);
	return v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct fx f;
	struct bytes b = { data, size };
	struct drive d = { &f, next, &b, 0, 0 };
	uint64_t shape = next(&b);
	static const unsigned int widths[4] = { 64, 48, 40, 32 };

	fx_init(&f, (unsigned int)(shape % 30), widths[(shape >> 8) & 3],
		(shape >> 10) & 1, (unsigned int)((shape >> 16) % (RVPMU_MAX_FW + 1)));
	t_state.cur_failed = 0;
	while (b.n && !t_state.cur_failed)
		drive_step(&d);
	if (t_state.cur_failed)
		abort();
	return 0;
}
