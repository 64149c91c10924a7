/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Randomized call sequences. After every call: an error leaves the hart
 * exactly as it was (except what stop+RESET may release), and the
 * invariants hold: started within configured within valid, counters that
 * are not started are inhibited, fw_counting matches the started firmware
 * counters, nothing touched a counter that does not exist. Between calls
 * events happen, and counts never go backwards: a stopped counter stays
 * put, a started one moves by at most what happened, a firmware counter by
 * exactly what happened.
 */
#include "drive.h"

static uint64_t rng;

static void run(uint64_t seed, unsigned int nr_hpm, unsigned int bits, bool sscof,
		unsigned int calls)
{
	static struct fx f;
	struct drive d = { &f, drive_xorshift, &rng, 0, 0 };
	unsigned int i;

	rng = seed;
	fx_init(&f, nr_hpm, bits, sscof, 16);
	for (i = 0; i < calls && !t_state.cur_failed; i++)
		drive_step(&d);
	if (t_state.cur_failed)
		printf("#   seed 0x%llx failed at call %u\n", (unsigned long long)seed, i);
}

static void random_sscofpmf_64bit(void)
{
	for (uint64_t s = 1; s <= 8; s++)
		run(s * 0x9E3779B97F4A7C15u, 16, 64, true, 4000);
}

static void random_no_sscofpmf(void)
{
	for (uint64_t s = 1; s <= 8; s++)
		run(s * 0xD1B54A32D192ED03u, 16, 64, false, 4000);
}

static void random_narrow_counters(void)
{
	for (uint64_t s = 1; s <= 8; s++)
		run(s * 0xA24BAED4963EE407u, 8, 40, true, 4000);
}

static void random_full_hpm(void)
{
	for (uint64_t s = 1; s <= 4; s++)
		run(s * 0x9FB21C651E98DF25u, 29, 64, true, 4000);
}

static const struct t_case cases[] = {
	T(random_sscofpmf_64bit),
	T(random_no_sscofpmf),
	T(random_narrow_counters),
	T(random_full_hpm),
};

void suite_random(void)
{
	T_RUN(cases);
}
