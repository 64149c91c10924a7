/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Mode filters on the fixed counters (Smcntrpmf, issue 27): cycles on
 * counter 0 and instructions on counter 2 configured with the SBI filter
 * flags must count only the modes the flags leave on. The spec calls the
 * flags hints, so these are [I] checks, and they run only where every
 * riscv,isa of the DT names Smcntrpmf (else each is a skip with the
 * reason).
 *
 * The work: ROUNDS times an S-mode spin, then a U-mode loop that ends in
 * an ecall (delegated to S-mode). Two ways of comparing:
 *  - in one run (one start, one stop call for both counters): the fixed
 *    counter beside an hpm counter of the same event with the same filter
 *    (Sscofpmf's mhpmevent bits). M-mode is filtered out, and the start
 *    and stop happen in M-mode, so both see the very same U and S time:
 *    equal, exactly, on any QEMU;
 *  - in four runs of the same work on the fixed counter: U only, S only,
 *    M only and no filter. U + S + M must be the unfiltered count: exactly
 *    when the hart counts deterministically (two unfiltered runs agree, as
 *    under -icount), else within BOUND_PCT of it, best of TRIES (host
 *    ticks without -icount: the runs differ by what the host does
 *    meanwhile). A firmware that ignores the flags counts everything
 *    three times over and fails either way.
 */
#include "suite.h"
#include "client/fdt.h"

#define ROUNDS		4
#define S_ITERS		4000
#define U_ITERS		4000
#define TRIES		5
#define BOUND_PCT	10

#define F(x)	SBI_PMU_CFG_FLAG_SET_##x
#define UONLY	(F(SINH) | F(VSINH) | F(VUINH) | F(MINH))
#define SONLY	(F(UINH) | F(VSINH) | F(VUINH) | F(MINH))
#define MONLY	(F(UINH) | F(SINH) | F(VSINH) | F(VUINH))

/* U-mode: a0 times round a loop, then ecall (rt_u_run). */
void suite_u_loop(void);
__asm__(".text\n"
	".align 2\n"
	".globl suite_u_loop\n"
	"suite_u_loop:\n"
	"1:	addi a0, a0, -1\n"
	"	bnez a0, 1b\n"
	"	ecall\n");

static bool u_ok;

static void work(void)
{
	unsigned int r;

	for (r = 0; r < ROUNDS; r++) {
		spin(S_ITERS);
		if (rt_u_run(suite_u_loop, U_ITERS) != 8)
			u_ok = false;
	}
}

static const char *mode_name(unsigned long flags)
{
	return flags == UONLY ? "U" : flags == SONLY ? "S" : flags == MONLY ? "M" : "all";
}

/* The work counted on fixed counter idx (event ev) with flags: the count,
   or UINT64_MAX when the counter could not be had. */
static uint64_t measure(unsigned long idx, unsigned long ev, unsigned long flags)
{
	uint64_t v;

	if (cfg_in(idx, 1, flags | SBI_PMU_CFG_FLAG_CLEAR_VALUE, ev, 0) != (long)idx)
		return UINT64_MAX;
	sbi_pmu_start(idx, 1, 0, 0);
	work();
	sbi_pmu_stop(idx, 1, 0);
	v = value_of((long)idx);
	sbi_pmu_stop(idx, 1, SBI_PMU_STOP_RESET);
	return v;
}

/* Fixed counter idx and an hpm counter, both counting ev with flags, in
   one start and one stop. */
static void beside_hpm(unsigned long idx, unsigned long ev, const char *name,
		       unsigned long flags)
{
	long h;
	unsigned long set;
	uint64_t vf, vh;

	if (!S.sscofpmf) {
		t_skip(IMPL, "no Sscofpmf: no hpm counter filters alongside",
		       "filters: %s %s-only on counter %lu equals an hpm counter's, one run",
		       name, mode_name(flags), idx);
		return;
	}
	h = cfg_in(0, hw_mask() & ~7ul, flags | SBI_PMU_CFG_FLAG_CLEAR_VALUE, ev, 0);
	if (h < 0 || h >= XLEN) {
		t_check(IMPL, false, "filters: an hpm counter for %s %s-only (%ld)", name,
			mode_name(flags), h);
		release(h);
		return;
	}
	if (cfg_in(idx, 1, flags | SBI_PMU_CFG_FLAG_CLEAR_VALUE, ev, 0) != (long)idx) {
		t_check(IMPL, false, "filters: counter %lu for %s %s-only", idx, name,
			mode_name(flags));
		release(h);
		return;
	}
	set = 1ul << idx | 1ul << h;
	sbi_pmu_start(0, set, 0, 0);
	work();
	sbi_pmu_stop(0, set, 0);
	vf = value_of((long)idx);
	vh = value_of(h);
	sbi_pmu_stop(0, set, SBI_PMU_STOP_RESET);
	t_check(IMPL, vf == vh && vf > 0,
		"filters: %s %s-only on counter %lu equals hpm counter %ld's, one run "
		"(%llu, %llu)", name, mode_name(flags), idx, h,
		(unsigned long long)vf, (unsigned long long)vh);
}

/* U + S + M against the unfiltered count, on fixed counter idx. */
static void parts_add_up(unsigned long idx, unsigned long ev, const char *name)
{
	uint64_t u = 0, s = 0, m = 0, all = 0, all2, sum = 0, diff = 0;
	bool exact, ok = false;
	unsigned int t;

	all = measure(idx, ev, 0);
	all2 = measure(idx, ev, 0);
	exact = all == all2;
	for (t = 0; t < TRIES && !ok; t++) {
		m = measure(idx, ev, MONLY);
		s = measure(idx, ev, SONLY);
		u = measure(idx, ev, UONLY);	/* last: the release check below */
		if (t)
			all = measure(idx, ev, 0);
		if (u == UINT64_MAX || s == UINT64_MAX || m == UINT64_MAX || all == UINT64_MAX)
			break;
		sum = u + s + m;
		diff = sum > all ? sum - all : all - sum;
		ok = exact ? diff == 0 : diff * 100 <= all * BOUND_PCT;
	}
	t_check(IMPL, ok && u && s && m,
		"filters: %s on counter %lu: U + S + M = the unfiltered count, %s "
		"(%llu + %llu + %llu = %llu, unfiltered %llu)", name, idx,
		exact ? "exactly (two unfiltered runs agree)" : "within " "10%",
		(unsigned long long)u, (unsigned long long)s, (unsigned long long)m,
		(unsigned long long)sum, (unsigned long long)all);
}

/* Released after a U-only run: counter idx counts S-mode again. */
static void released_counts_all(unsigned long idx, const char *name)
{
	uint64_t v0 = value_of((long)idx), v1;

	spin(S_ITERS);
	v1 = value_of((long)idx);
	t_check(IMPL, v1 - v0 >= S_ITERS,
		"filters: %s counter %lu, released after a U-only run, counts S-mode again "
		"(%llu over a spin of %u)", name, idx, (unsigned long long)(v1 - v0), S_ITERS);
}

void suite_filters(void)
{
	static const struct { unsigned long idx, ev; const char *name; } fixed[2] = {
		{ 0, SBI_PMU_HW_CPU_CYCLES, "cycles" },
		{ 2, SBI_PMU_HW_INSTRUCTIONS, "instructions" },
	};
	unsigned int i;

	for (i = 0; i < 2; i++) {
		unsigned long idx = fixed[i].idx, ev = fixed[i].ev;
		const char *name = fixed[i].name;

		if (!S.smcntrpmf) {
			const char *why = "the hart has no Smcntrpmf (riscv,isa)";

			t_skip(IMPL, why, "filters: %s U-only on counter %lu equals an hpm "
			       "counter's, one run", name, idx);
			t_skip(IMPL, why, "filters: %s S-only on counter %lu equals an hpm "
			       "counter's, one run", name, idx);
			t_skip(IMPL, why, "filters: %s on counter %lu: U + S + M = the "
			       "unfiltered count", name, idx);
			t_skip(IMPL, why, "filters: %s counter %lu, released after a U-only "
			       "run, counts S-mode again", name, idx);
			continue;
		}
		u_ok = true;
		beside_hpm(idx, ev, name, UONLY);
		beside_hpm(idx, ev, name, SONLY);
		parts_add_up(idx, ev, name);
		released_counts_all(idx, name);
		t_check(IMPL, u_ok, "filters: every U-mode run ended in its ecall");
	}
}
