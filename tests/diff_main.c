/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * core-diff: the fast layer against the spec layer (tests/diff.h) on
 * harts of every shape, a few thousand arbitrary calls each. A test fails
 * on the first call or events after which the two differ in an answer,
 * the core's state, the simulated hardware or S-mode memory.
 */
#include "diff.h"

struct t_state t_state;

static uint64_t rng;

/* calls arbitrary calls on a hart of shape s, from seed */
static void run(const struct diff_shape *s, uint64_t seed, unsigned int calls)
{
	static struct diff x;
	unsigned int i;

	rng = seed;
	diff_init(&x, s, drive_xorshift, &rng);
	for (i = 0; i < calls && !t_state.cur_failed; i++)
		diff_step(&x);
	if (t_state.cur_failed)
		printf("#   seed 0x%llx, shape: %u hpm of %u bits, %u fw, sscofpmf %d, "
		       "smcntrpmf %d, qemu %d, split %d, holds %d\n",
		       (unsigned long long)seed, s->nr_hpm, s->bits, s->nr_fw, s->sscofpmf,
		       s->smcntrpmf, s->qemu, s->split, s->holds);
}

static void shaped(bool sscofpmf, bool smcntrpmf, bool qemu, bool holds)
{
	for (uint64_t k = 1; k <= 8 && !t_state.cur_failed; k++) {
		struct diff_shape s;

		diff_shape(k * 0x9E3779B97F4A7C15u, &s);
		s.nr_hpm = k == 1 ? 29 : k == 2 ? 0 : s.nr_hpm;
		s.nr_fw = k == 3 ? 0 : s.nr_fw;
		s.sscofpmf = sscofpmf;
		s.smcntrpmf = smcntrpmf && !qemu;
		s.qemu = qemu;
		s.split = qemu && (k & 1);
		s.holds = holds;
		run(&s, k * 0xD1B54A32D192ED03u, 3000);
	}
}

static void plain_hart(void) { shaped(false, false, false, false); }
static void sscofpmf(void) { shaped(true, false, false, false); }
static void smcntrpmf(void) { shaped(true, true, false, false); }
static void qemu_counters(void) { shaped(true, false, true, false); }
static void qemu_no_sscofpmf(void) { shaped(false, false, true, false); }
static void held_and_parked(void) { shaped(true, false, false, true); }
static void held_on_qemu(void) { shaped(true, false, true, true); }

/* Shapes drawn from the seed, as the fuzz target draws them. */
static void any_shape(void)
{
	for (uint64_t k = 1; k <= 40 && !t_state.cur_failed; k++) {
		struct diff_shape s;

		diff_shape(k * 0xA24BAED4963EE407u, &s);
		run(&s, k * 0x9FB21C651E98DF25u, 3000);
	}
}

/* The comparison sees a difference: one call made on one hart only. */
static void a_difference_is_seen(void)
{
	static struct diff x;
	struct diff_shape s;
	int failed;

	diff_shape(0x10000 * 16 + (1 << 10) + 16, &s);
	diff_init(&x, &s, drive_xorshift, &rng);
	CHECK_OK(rvpmu_counter_config_matching(&x.fast.h, 0, 1, 0,
					       SBI_PMU_EVENT_IDX(0, SBI_PMU_HW_CPU_CYCLES), 0), 0);
	failed = t_state.cur_failed;
	printf("# (the differences below are expected)\n");
	CHECK(diff_compare(&x, "config_matching on the fast hart alone") > 0);
	t_state.cur_failed = failed;	/* diff_compare's own, expected */
	CHECK(x.differences > 0);
}

static const struct t_case cases[] = {
	T(a_difference_is_seen),
	T(plain_hart),
	T(sscofpmf),
	T(smcntrpmf),
	T(qemu_counters),
	T(qemu_no_sscofpmf),
	T(held_and_parked),
	T(held_on_qemu),
	T(any_shape),
};

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	t_state.filter = argc > 1 ? argv[1] : NULL;
	printf("# rvpmu core: fast layer against spec layer, XLEN %d\n", RVPMU_XLEN);
	T_RUN(cases);
	return t_finish();
}
