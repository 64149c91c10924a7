/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tests/t.h - the smallest harness that does the job: a test is a function,
 * it passes when none of its checks fail. Output is TAP ("ok N - name"),
 * a diagnostic line for each failed check, and a last line
 * "N passed, N failed" that tools/summary sums over every test binary.
 */
#ifndef RVPMU_T_H
#define RVPMU_T_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

struct t_state {
	int run, passed, failed, cur_failed;
	const char *filter;
};
extern struct t_state t_state;

#define CHECK(cond) \
	t_check((cond) != 0, __FILE__, __LINE__, #cond, 0, 0, 0)

/* Integer equality, printing both values on failure. */
#define CHECK_EQ(a, b) do { \
	long long t_a_ = (long long)(a), t_b_ = (long long)(b); \
	t_check(t_a_ == t_b_, __FILE__, __LINE__, #a " == " #b, 1, t_a_, t_b_); \
} while (0)

/* An sbiret: error code and, when the call succeeded, value. */
#define CHECK_ERR(ret, err) CHECK_EQ((ret).error, (err))
#define CHECK_OK(ret, val) do { \
	struct rvpmu_ret t_r_ = (ret); \
	CHECK_EQ(t_r_.error, 0); \
	CHECK_EQ(t_r_.value, (val)); \
} while (0)

static inline void t_check(int ok, const char *file, int line, const char *what,
			   int show, long long a, long long b)
{
	if (ok)
		return;
	t_state.cur_failed++;
	if (show)
		printf("#   %s:%d: %s (0x%llx vs 0x%llx)\n", file, line, what,
		       (unsigned long long)a, (unsigned long long)b);
	else
		printf("#   %s:%d: %s\n", file, line, what);
}

typedef void (*t_fn)(void);
struct t_case {
	const char *name;
	t_fn fn;
};

/* Declare a list of tests: T_LIST(name) { T(test_a), T(test_b), }; */
#define T(fn) { #fn, fn }

static inline void t_run(const struct t_case *cases, int n)
{
	for (int i = 0; i < n; i++) {
		if (t_state.filter && !strstr(cases[i].name, t_state.filter))
			continue;
		t_state.cur_failed = 0;
		cases[i].fn();
		t_state.run++;
		if (t_state.cur_failed) {
			t_state.failed++;
			printf("not ok %d - %s\n", t_state.run, cases[i].name);
		} else {
			t_state.passed++;
			printf("ok %d - %s\n", t_state.run, cases[i].name);
		}
	}
}

#define T_RUN(arr) t_run(arr, (int)(sizeof(arr) / sizeof((arr)[0])))

static inline int t_finish(void)
{
	printf("1..%d\n%d passed, %d failed\n", t_state.run, t_state.passed,
	       t_state.failed);
	return t_state.failed ? 1 : 0;
}

#endif
