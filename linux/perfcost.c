/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * perfcost.c - the guest side of make linux-cost ("cost" on the kernel
 * command line): what a perf user's context switches and samples cost in
 * M-mode, on one pinned CPU under -icount shift=0.
 *
 * The guest cannot see M-mode. The host does: scripts/linux-cost runs QEMU
 * with each instruction its own TB and logs the TBs run in the firmware's
 * range and at the two marker functions below, cost_begin and cost_end,
 * whose addresses it reads from this binary. The firmware's lines between
 * a begin and the next end are the M-mode instructions of that run; the
 * runs are in the order of the "cost-run" lines printed here. Each run is
 * one process, /init started again as "costpp ROUNDS" (two threads
 * ping-ponging a byte over two pipes on CPU 0) or "costloop N" (a user
 * loop), alone or as perf's workload; it prints its own context switches
 * and its instructions of every mode (rdinstret) between the markers.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "linux/perfcheck.h"

/* The markers: distinct bodies, so that no pass folds them into one. */
__attribute__((noipa)) void cost_begin(void)
{
	__asm__ volatile("nop" ::: "memory");
}

__attribute__((noipa)) void cost_end(void)
{
	__asm__ volatile("nop\n\tnop" ::: "memory");
}

/*
 * kernel.perf_user_access: 2 lets user mode read instret (the workloads'
 * totals), but an event opened while it is 2 is a "legacy" one, which the
 * driver puts on the fixed counters with SKIP_MATCH: the workload sets it
 * only after perf has opened its events, and back to 1 (the default) at
 * its end.
 */
static void user_access(int v)
{
	FILE *f = fopen("/proc/sys/kernel/perf_user_access", "w");

	if (f)
		fprintf(f, "%d\n", v), fclose(f);
}

static unsigned long instret(void)
{
	unsigned long n;

	__asm__ volatile("rdinstret %0" : "=r"(n));
	return n;
}

static long switches(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);	/* every thread of the process */
	return ru.ru_nvcsw + ru.ru_nivcsw;
}

static int pp_to[2], pp_back[2];

/* the other end of the ping-pong: the same CPU, so each round is two
   context switches */
static void *pong(void *arg)
{
	long rounds = (long)arg;
	char c;

	pin(0);
	while (rounds-- > 0 && read(pp_to[0], &c, 1) == 1)
		if (write(pp_back[1], &c, 1) != 1)
			break;
	return NULL;
}

static int ping_pong_run(long rounds)
{
	unsigned long i0, i1;
	long s0, s1, r;
	pthread_t t;
	char c = 'x';

	pin(0);
	user_access(2);
	if (pipe(pp_to) || pipe(pp_back) || pthread_create(&t, NULL, pong, (void *)rounds))
		return 1;
	/* the thread blocks in its first read before the measured part */
	usleep(1000);
	s0 = switches();
	i0 = instret();
	cost_begin();
	for (r = 0; r < rounds; r++)
		if (write(pp_to[1], &c, 1) != 1 || read(pp_back[0], &c, 1) != 1)
			break;
	cost_end();
	i1 = instret();
	s1 = switches();
	pthread_join(t, NULL);
	user_access(1);
	printf("cost-work units=%ld insns=%lu\n", s1 - s0, i1 - i0);
	return r == rounds ? 0 : 1;
}

static volatile unsigned long sink;

static int loop_run(unsigned long n)
{
	unsigned long i0, i1, x = 1;

	pin(0);
	user_access(2);
	i0 = instret();
	cost_begin();
	while (n--) {
		x = x * 6364136223846793005ull + 1442695040888963407ull;
		__asm__ volatile("" : "+r"(x));
	}
	cost_end();
	i1 = instret();
	sink = x;
	user_access(1);
	/* units: the samples, which perf record counts */
	printf("cost-work units=0 insns=%lu\n", i1 - i0);
	return 0;
}

int cost_workload(int argc, char **argv)
{
	if (argc > 2 && !strcmp(argv[1], "costpp"))
		return ping_pong_run(atol(argv[2]));
	if (argc > 2 && !strcmp(argv[1], "costloop"))
		return loop_run(strtoul(argv[2], NULL, 10));
	return -1;
}

#define OUT "/tmp/cost.out"

/* "key=" N from path's first line holding what; -1 if none */
static long field(const char *what, const char *key)
{
	char line[512];
	const char *p;

	if (!lines_with(OUT, what, line, sizeof(line)) || !(p = strstr(line, key)))
		return -1;
	return strtol(p + strlen(key), NULL, 10);
}

/* perf stat -x';' rows in OUT that counted the whole run (100 % running) */
static int counted_whole(void)
{
	char line[512], *f[8], *s;
	FILE *f0 = fopen(OUT, "r");
	int n, k = 0;

	while (f0 && fgets(line, sizeof(line), f0)) {
		for (n = 0, s = line; n < 8 && (f[n] = strsep(&s, ";")); n++)
			;
		if (n >= 5 && f[0][0] >= '0' && f[0][0] <= '9' &&
		    (!f[4][0] || strtod(f[4], NULL) >= 100.0))
			k++;
	}
	if (f0)
		fclose(f0);
	return k;
}

/*
 * One run: /init WORK ARG, under perf with the arguments before it when
 * perf_args is not NULL. Prints "cost-run NAME units=U insns=I events=E"
 * (units: the workload's context switches, or perf record's samples),
 * or "cost-run NAME failed" when the workload did not finish.
 */
static void one_run(const char *name, const char *const *perf_args, const char *work,
		    const char *arg)
{
	char *argv[32];
	int n = 0, st, events = 0;
	long units, insns;

	if (perf_args) {
		argv[n++] = "/bin/perf";
		while (*perf_args && n < 26)
			argv[n++] = (char *)*perf_args++;
		argv[n++] = "--";
	}
	argv[n++] = "/init";
	argv[n++] = (char *)work;
	argv[n++] = (char *)arg;
	argv[n] = NULL;
	st = run(argv, OUT);
	units = field("cost-work", "units=");
	insns = field("cost-work", "insns=");
	if (perf_args && strstr(name, "record")) {
		/* the samples: perf script's lines, one a sample */
		char *script[] = { "/bin/perf", "script", "-i", "/tmp/perf.data", "-F", "ip",
				   NULL };

		units = run(script, "/tmp/cost.script") ? -1 :
			lines_with("/tmp/cost.script", "", NULL, 0);
	}
	if (perf_args && !strstr(name, "record"))
		events = counted_whole();
	if (st || units < 0 || insns < 0) {
		printf("cost-run %s failed (status %d)\n", name, st);
		echo_file(OUT, 20);
		return;
	}
	printf("cost-run %s units=%ld insns=%ld events=%d\n", name, units, insns, events);
}

/*
 * The runs, in the order the host reads their markers: the ping-pong
 * alone, under perf stat (--no-inherit: the measured thread's events are
 * switched out and in at every switch to the other thread, which has none;
 * with inherited events Linux swaps the two threads' equal contexts and
 * touches no counter), and the loop alone and under perf record. short:
 * fewer rounds and the 2-event row only (make linux-cost's check row, linux612-cost).
 */
void cost_runs(int short_form)
{
	static const char *const stat2[] = { "stat", "--no-inherit", "-x;", "-e",
					     "cycles,instructions", NULL };
	static const char *const stat6[] = { "stat", "--no-inherit", "-x;", "-e",
		"cycles,instructions,dTLB-load-misses,dTLB-store-misses,iTLB-load-misses,"
		"r8000000000000004", NULL };
	static char all_list[1024];
	static const char *const statall[] = { "stat", "--no-inherit", "-x;", "-e", all_list,
					       NULL };
	static const char *const record[] = { "record", "-N", "-B", "-o", "/tmp/perf.data",
					      "-e", "instructions", "-c", "100000", NULL };
	const char *rounds = short_form ? "20" : "100";
	/* the loop as long in both forms: OpenSBI 1.1 records no sample of
	   a loop of 600000 (QEMU holds its first overflows back; 101 of
	   rvpmu's 124 in the long one), so the short form had nothing to
	   compare a sample with */
	const char *loop = "3000000";
	int code;

	/* every counter: the five events QEMU counts, then the firmware
	   counters (16 on both firmwares) with firmware events 0..15 */
	strcpy(all_list, "cycles,instructions,dTLB-load-misses,dTLB-store-misses,iTLB-load-misses");
	for (code = 0; code < 16; code++)
		sprintf(all_list + strlen(all_list), ",r80000000000000%02x", code);
	pin(0);
	printf("# cost: rounds %s, loop %s\n", rounds, loop);
	one_run("pp-alone", NULL, "costpp", rounds);
	one_run("pp-stat2", stat2 + 0, "costpp", rounds);
	if (!short_form) {
		one_run("pp-stat6", stat6, "costpp", rounds);
		one_run("pp-statall", statall, "costpp", rounds);
	}
	one_run("loop-alone", NULL, "costloop", loop);
	one_run("loop-record", record, "costloop", loop);
	printf("cost-done\n");
}
