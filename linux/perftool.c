/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * perftool - the Linux test system's checks of the real perf tool
 * (/bin/perf, 6.1, static, from the kernel source), run from /init: perf
 * stat (hardware events, every CPU, 20 events multiplexed, firmware events
 * by raw code and by format name), perf record repeated in one boot
 * (every run must get samples), perf report (the workload's hot function on
 * top), per-CPU sampling with -a, CPU hotplug, and perf test's PMU tests
 * (printed for scripts/perf-compare, which diffs them between firmwares).
 *
 * There is no shell: perf is started with fork/exec, its output read
 * through a pipe, echoed as "# " lines and parsed here. The workloads are
 * /init itself started by perf ("/init work", "/init nap", "/init busy",
 * "/init busyctl CTL ACK DIE").
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "linux/perfcheck.h"

#define PERF_BIN	"/bin/perf"
#define DATA		"/tmp/perf.data"
#define RECORD_RUNS	10
#define MAX_ARGS	64
#define ECHO_LINES	30

static char out[1 << 17];

/* ---- workloads (perf's child: /init work|nap|busy) */

static volatile uint64_t sink;

/* The hot function perf report must put on top, in its own section so its
   address range is known (__start_/__stop_ symbols from the linker). */
__attribute__((noinline, section("perfcheck_hot"))) void perfcheck_hot_loop(unsigned long n)
{
	uint64_t x = 1;

	while (n--)
		x = x * 6364136223846793005ull + 1442695040888963407ull;
	sink += x;
}
extern const char __start_perfcheck_hot[], __stop_perfcheck_hot[];
/* where the executable's first segment (file offset 0) is loaded: perf
   without a symbol table reader shows addresses relative to it */
extern const char __executable_start[];

/* Fresh pages for dTLB misses. */
static void touch(unsigned long pages)
{
	volatile char *p = malloc(pages * 4096);
	unsigned long i;

	for (i = 0; p && i < pages; i++)
		p[i * 4096] = (char)i;
	free((void *)p);
}

static void *spin(void *arg)
{
	unsigned long cpu = (unsigned long)arg;
	cpu_set_t s;
	time_t end = time(NULL) + 1;

	CPU_ZERO(&s);
	CPU_SET(cpu, &s);
	sched_setaffinity(0, sizeof(s), &s);
	while (time(NULL) <= end)
		perfcheck_hot_loop(100000);
	return NULL;
}

/* busyctl: threads on their CPU, counted in, until told to stop */
static int spinning, stop_spinning;

static void *spin_until_told(void *arg)
{
	unsigned long cpu = (unsigned long)arg;
	cpu_set_t s;

	CPU_ZERO(&s);
	CPU_SET(cpu, &s);
	sched_setaffinity(0, sizeof(s), &s);
	__atomic_add_fetch(&spinning, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&stop_spinning, __ATOMIC_ACQUIRE))
		perfcheck_hot_loop(100000);
	return NULL;
}

/*
 * "busyctl CTL ACK DIE": the CPUs of package DIE busy; once a thread runs
 * on each, perf record's events (started disabled, -D -1) are enabled
 * through its control fifo CTL (its answer on ACK), and the threads go on
 * for 3 s more. The sampler's multi-die checks want the workload on every
 * hart of the die for the whole run, however slowly a loaded host starts
 * the threads; the other CPUs idle, which leaves the host's time to the
 * die's (a run ends when its slowest hart has written every sample).
 */
static int busy_then_enable(const char *ctl, const char *ack, int die)
{
	struct timespec ms = { 0, 1000000 }, three = { 3, 0 };
	FILE *f = fopen("/tmp/workload.pid", "w");
	pthread_t t[64];
	long i, n = sysconf(_SC_NPROCESSORS_ONLN), k = 0;
	char answer[16];
	int fd;

	if (f)	/* the checks look for it in CID2 */
		fprintf(f, "%d\n", (int)getpid()), fclose(f);
	for (i = 0; i < n && i < 64; i++)
		if (package_of((int)i) == die)
			pthread_create(&t[k++], NULL, spin_until_told, (void *)i);
	while (__atomic_load_n(&spinning, __ATOMIC_ACQUIRE) < k)
		nanosleep(&ms, NULL);
	fd = open(ctl, O_WRONLY);
	if (fd < 0 || write(fd, "enable\n", 7) != 7)
		perror("busyctl: perf's control fifo");
	if (fd >= 0)
		close(fd);
	fd = open(ack, O_RDONLY);
	if (fd < 0 || read(fd, answer, sizeof(answer)) <= 0)
		perror("busyctl: perf's ack fifo");
	if (fd >= 0)
		close(fd);
	nanosleep(&three, NULL);
	__atomic_store_n(&stop_spinning, 1, __ATOMIC_RELEASE);
	while (k)
		pthread_join(t[--k], NULL);
	return 0;
}

int perftool_workload(int argc, char **argv)
{
	struct timespec ts = { 1, 0 };
	pthread_t t[64];
	long i, n;

	if (argc < 2)
		return -1;
	if (!strcmp(argv[1], "work")) {
		perfcheck_hot_loop(30000000);
		touch(512);
		return 0;
	}
	if (!strcmp(argv[1], "nap")) {
		nanosleep(&ts, NULL);
		return 0;
	}
	if (!strcmp(argv[1], "wait") && argc > 2) {
		/*
		 * N seconds, then until /tmp/workload.stop appears
		 * (samplercheck's checks on the open event are done), at most
		 * a minute more: the event must outlive the checks however
		 * slowly a loaded host runs them
		 */
		struct timespec tick = { 0, 10000000 };
		int ticks = 6000;

		/* perf starts its workload once its events are enabled: the
		   marker tells samplercheck that the sampler's run is on */
		close(open("/tmp/workload.started", O_WRONLY | O_CREAT, 0644));
		ts.tv_sec = atoi(argv[2]);
		nanosleep(&ts, NULL);
		while (ticks-- > 0 && access("/tmp/workload.stop", F_OK))
			nanosleep(&tick, NULL);
		return 0;
	}
	if (!strcmp(argv[1], "busyctl") && argc > 4)
		return busy_then_enable(argv[2], argv[3], atoi(argv[4]));
	if (!strcmp(argv[1], "busy")) {	/* every CPU busy for about a second */
		FILE *f = fopen("/tmp/workload.pid", "w");

		/* the sampler's multi-die checks look for it in CID2 */
		if (f)
			fprintf(f, "%d\n", (int)getpid()), fclose(f);
		n = sysconf(_SC_NPROCESSORS_ONLN);
		for (i = 0; i < n && i < 64; i++)
			pthread_create(&t[i], NULL, spin, (void *)i);
		for (i = 0; i < n && i < 64; i++)
			pthread_join(t[i], NULL);
		return 0;
	}
	return -1;
}

/* ---- running perf */

/* Run perf with the NULL-terminated arguments; stdout and stderr land in
   out (echoed as "# " lines, the first ECHO_LINES of them). Returns perf's
   exit status, -1 if it could not run. */
static int perf(const char *arg0, ...)
{
	const char *argv[MAX_ARGS];
	va_list ap;
	size_t len = 0;
	ssize_t r;
	int fds[2], status = -1, argc = 1, lines = 0;
	pid_t pid;
	char *p, *nl;

	argv[0] = "perf";
	va_start(ap, arg0);
	for (argv[argc] = arg0; argv[argc] && argc < MAX_ARGS - 1;)
		argv[++argc] = va_arg(ap, const char *);
	va_end(ap);
	argv[argc] = NULL;
	out[0] = 0;
	printf("# $");
	for (argc = 0; argv[argc]; argc++)
		printf(" %s", argv[argc]);
	printf("\n");
	fflush(stdout);
	if (pipe(fds))
		return -1;
	pid = fork();
	if (pid == 0) {
		dup2(fds[1], 1);
		dup2(fds[1], 2);
		close(fds[0]);
		execv(PERF_BIN, (char *const *)argv);
		_exit(127);
	}
	close(fds[1]);
	while (pid > 0 && (r = read(fds[0], out + len, sizeof(out) - 1 - len)) > 0)
		len += (size_t)r;
	/* drain what did not fit so perf never blocks on a full pipe */
	while (pid > 0 && len == sizeof(out) - 1 && read(fds[0], &status, 1) > 0)
		;
	close(fds[0]);
	out[len] = 0;
	if (pid > 0 && waitpid(pid, &status, 0) == pid)
		status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	else
		status = -1;
	for (p = out; *p && lines < ECHO_LINES; p = nl + 1, lines++) {
		nl = strchrnul(p, '\n');
		printf("#   %.*s\n", (int)(nl - p), p);
		if (!*nl)
			break;
	}
	fflush(stdout);
	return status;
}

/*
 * Find event's row in perf stat's -x';' output (after "CPUn;" when cpu is
 * not NULL): 1 with *value and *pct (the running share, 100 when not
 * multiplexed) when counted, 0 when "<not counted>"/"<not supported>",
 * -1 when there is no such row.
 */
static int stat_row(const char *event, const char *cpu, double *value, double *pct)
{
	char *line, *save = NULL, buf[sizeof(out)];

	memcpy(buf, out, sizeof(out));
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *f[8], *s = line;
		int n = 0;

		while (n < 8 && (f[n] = strsep(&s, ";")))
			n++;
		if (cpu) {
			if (n < 6 || strcmp(f[0], cpu))
				continue;
			memmove(f, f + 1, sizeof(f[0]) * 7);
			n--;
		}
		if (n < 5 || strcmp(f[2], event))
			continue;
		if (f[0][0] == '<')
			return 0;
		*value = strtod(f[0], NULL);
		*pct = f[4][0] ? strtod(f[4], NULL) : 100.0;
		return 1;
	}
	return -1;
}

/* "(N samples)" from perf record's last line, -1 if none. */
static long recorded_samples(void)
{
	const char *p = strstr(out, "samples)");

	while (p > out && p[-1] == ' ')
		p--;
	while (p > out && p[-1] >= '0' && p[-1] <= '9')
		p--;
	return p && p > out && p[-1] == '(' ? strtol(p, NULL, 10) : -1;
}

/* ---- the checks */

/* perf stat of the first n of cycles, instructions, dTLB-load-misses
   on the workload */
static void stat_hw(int n)
{
	static const char *const ev[] = { "cycles", "instructions", "dTLB-load-misses" };
	static const double least[] = { 1e6, 1e6, 256 };	/* 512 fresh pages touched */
	/* and at most: a count near 2^64 is a wrap, a stopped counter whose
	   value never reached the driver (the run takes well under a second:
	   some 1e8 cycles, 1e4 dTLB misses) */
	static const double most[] = { 1e12, 1e12, 1e9 };
	double v, pct;
	int i, st = perf("stat", "-x;", "-e",
			 n > 2 ? "cycles,instructions,dTLB-load-misses" : "cycles,instructions",
			 "--", "/init", "work", NULL);

	for (i = 0; i < n; i++) {
		int found = stat_row(ev[i], NULL, &v, &pct);

		check(st == 0 && found == 1 && v >= least[i] && v <= most[i],
		      "perf stat: %s counted on the workload (%.0f, at least %.0f, at most %.0f)",
		      ev[i], found == 1 ? v : -1.0, least[i], most[i]);
	}
}

static void stat_all_cpus(const char *when)
{
	char cpu[16];
	double v, pct;
	int c, counted = 0, st = perf("stat", "-a", "-A", "-x;", "-e", "cycles,instructions",
				      "--", "/init", "nap", NULL);

	for (c = 0; c < ncpu; c++) {
		snprintf(cpu, sizeof(cpu), "CPU%d", c);
		if (stat_row("cycles", cpu, &v, &pct) == 1 && v > 0 &&
		    stat_row("instructions", cpu, &v, &pct) == 1 && v > 0)
			counted++;
	}
	check(st == 0 && counted == ncpu, "perf stat -a -A%s: cycles and instructions on every "
	      "CPU (%d of %d)", when, counted, ncpu);
}

/* 20 firmware events on 16 firmware counters: perf must rotate them. */
static void stat_multiplexed(void)
{
	char list[512] = "", name[32];
	double v, pct, set_timer = 0;
	int code, counted = 0, scaled = 0, st;

	for (code = 0; code < 20; code++) {
		snprintf(name, sizeof(name), "%sr80000000000000%02x", code ? "," : "", code);
		strcat(list, name);
	}
	st = perf("stat", "-x;", "-e", list, "--", "/init", "work", NULL);
	for (code = 0; code < 20; code++) {
		snprintf(name, sizeof(name), "r80000000000000%02x", code);
		if (stat_row(name, NULL, &v, &pct) == 1 && pct > 0) {
			counted++;
			scaled += pct < 100.0;
			if (code == 5)
				set_timer = v;
		}
	}
	check(st == 0 && counted == 20 && scaled > 0,
	      "perf stat: 20 firmware events multiplexed, each counted part of the time "
	      "(%d counted, %d scaled)", counted, scaled);
	/* a short run's set_timer calls: tens to thousands, never a wrap */
	check(set_timer > 0 && set_timer < 1e6, "perf stat: multiplexed set_timer still counts "
	      "(%.0f, under 1,000,000)", set_timer);
}

/*
 * The driver's "firmware" format: Linux 6.1 has it as config:63 (1: an
 * SBI firmware event); 6.12, which added platform firmware events, as
 * config:62-63 (2: an SBI firmware event, 3: a platform one). Either
 * way the name must reach the same event as the raw code.
 */
static void stat_firmware_names(void)
{
	double raw = 0, named = 0, pct;
	char fmt[64] = "", ev[64], list[96];
	FILE *f = fopen("/sys/bus/event_source/devices/cpu/format/firmware", "r");
	int st, a, b;

	if (f) {
		if (!fgets(fmt, sizeof(fmt), f))
			fmt[0] = 0;
		fclose(f);
	}
	snprintf(ev, sizeof(ev), "cpu/firmware=%d,event=0x5/",
		 strncmp(fmt, "config:62-63", 12) ? 1 : 2);
	snprintf(list, sizeof(list), "r8000000000000005,%s", ev);
	st = perf("stat", "-x;", "-e", list, "--", "/init", "work", NULL);
	a = stat_row("r8000000000000005", NULL, &raw, &pct);
	b = stat_row(ev, NULL, &named, &pct);
	check(st == 0 && a == 1 && b == 1 && raw > 0 && named > 0,
	      "perf stat: firmware set_timer by raw code (%.0f) and by format name %s (%.0f)",
	      raw, ev, named);
}

/* The LCOFI line of /proc/interrupts, for the log. */
static void lcofi(const char *when)
{
	char line[256];
	FILE *f = fopen("/proc/interrupts", "r");

	while (f && fgets(line, sizeof(line), f))
		if (strstr(line, "riscv-pmu"))
			printf("# LCOFIs %s: %s", when, line);
	if (f)
		fclose(f);
}

static void record_repeated(const char *event)
{
	long n, least = -1, total = 0;
	int run, with = 0;

	lcofi("before the record runs");
	for (run = 0; run < RECORD_RUNS; run++) {
		perf("record", "-o", DATA, "-e", event, "-c", "100000", "--", "/init", "work",
		     NULL);
		n = recorded_samples();
		with += n > 0;
		total += n > 0 ? n : 0;
		if (least < 0 || n < least)
			least = n;
	}
	check(with == RECORD_RUNS, "perf record -e %s -c 100000, %d runs in one boot: every run "
	      "has samples (%d did; fewest %ld, %ld in all)", event, RECORD_RUNS, with, least,
	      total);
}

/*
 * perf record -a on a busy machine: samples on every CPU, and (ratio)
 * samples plus throttled periods within a factor of two of cycles /
 * period, the cycles taken from perf stat -a -A over the same workload.
 * The ratio holds on QEMU 7.2 only under -icount, where its cycles and its
 * overflow timer both count instructions (docs/perf-on-qemu.md).
 */
static void record_all_cpus(int ratio)
{
	static double cycles[64];
	static long samples[64];
	char cpu[16], *line, *save = NULL;
	double v, pct, throttled = 0;
	int c, with = 0, near = 0;
	const char *p;

	lcofi("before perf record -a");
	perf("record", "-a", "-o", DATA, "-e", "cycles", "-c", "200000", "--", "/init", "busy",
	     NULL);
	lcofi("after perf record -a");
	perf("stat", "-a", "-A", "-x;", "-e", "cycles", "--", "/init", "busy", NULL);
	for (c = 0; c < ncpu && c < 64; c++) {
		snprintf(cpu, sizeof(cpu), "CPU%d", c);
		cycles[c] = stat_row("cycles", cpu, &v, &pct) == 1 ? v : 0;
		samples[c] = 0;
	}
	perf("report", "-i", DATA, "--stats", NULL);
	p = strstr(out, "THROTTLE events:");
	if (p)
		throttled = strtod(p + 16, NULL);
	perf("report", "-i", DATA, "--stdio", "-n", "--sort", "cpu", NULL);
	for (line = strtok_r(out, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		long n;
		char *e;

		if (line[0] == '#' || !strchr(line, '%'))
			continue;
		n = strtol(strchr(line, '%') + 1, &e, 10);
		c = (int)strtol(e, NULL, 10);
		if (c >= 0 && c < 64)
			samples[c] = n;
	}
	for (c = 0; c < ncpu && c < 64; c++) {
		/* each THROTTLE record stands for at most a tick's worth of
		   periods the kernel chose not to take, spread over the CPUs */
		double expect = cycles[c] / 200000, got = samples[c] + throttled / ncpu;

		printf("# record -a: CPU%d %ld samples, cycles/period %.0f\n", c, samples[c],
		       expect);
		with += samples[c] > 0;
		near += expect > 0 && got * 2 >= expect && got <= expect * 2;
	}
	check(with == ncpu, "perf record -a -c 200000: samples on every CPU (%d of %d)", with,
	      ncpu);
	if (ratio)
		check(near == ncpu, "perf record -a: samples plus throttled (%.0f) within a factor "
		      "of two of cycles / period on every CPU (%d of %d)", throttled, near, ncpu);
}

/*
 * Bring a CPU online through its sysfs file. Linux 6.1 asks the firmware
 * to start a hart right after the hart reported itself dead but possibly
 * before it made its own HSM stop call (__cpu_die only warns), and the
 * firmware then rightly answers that the hart is still started (ENOTSUPP
 * here, on OpenSBI as on rvpmu): such a refusal is retried a few times,
 * 10 ms apart, and counted in *retried.
 */
static int cpu_online(const char *path, int c, int *retried)
{
	struct timespec ts = { 0, 10 * 1000 * 1000 };
	int tries, fd, ok = 0;

	for (tries = 0; tries < 5 && !ok; tries++) {
		if (tries) {
			nanosleep(&ts, NULL);
			(*retried)++;
		}
		fd = open(path, O_WRONLY);
		ok = fd >= 0 && write(fd, "1", 1) == 1;
		if (!ok)
			printf("# hotplug: cpu%d online refused: %s\n", c, strerror(errno));
		if (fd >= 0)
			close(fd);
	}
	return ok;
}

/* Every CPU, the boot CPU included, offline and online again, rounds
   times; then perf stat must count on every CPU. */
void hotplug_checks(int rounds)
{
	char path[64];
	int r, c, fd, fails = 0, moved = 0, retried = 0;

	for (r = 0; r < rounds; r++)
		for (c = 0; c < ncpu; c++) {
			snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online", c);
			fd = open(path, O_WRONLY);
			if (fd < 0 || write(fd, "0", 1) != 1) {
				printf("# hotplug: cpu%d offline failed: %s\n", c, strerror(errno));
				fails++;
			} else {
				moved++;
			}
			if (fd >= 0)
				close(fd);
			if (!cpu_online(path, c, &retried))
				fails++;
		}
	check(fails == 0 && moved == rounds * ncpu, "hotplug: every CPU (boot CPU included) "
	      "offline and online %d times (%d offlined, %d failures, %d online retries)",
	      rounds, moved, fails, retried);
	stat_all_cpus(" after hotplug");
}

/* perf report's top row must be the workload's hot loop (by name, or by
   address where perf has no symbol table reader). */
static void report_hot(void)
{
	char *p, *line, *save = NULL;
	unsigned long addr = 0;
	int ok = 0;

	perf("record", "-q", "-o", DATA, "-e", "cycles", "-c", "100000", "--", "/init", "work",
	     NULL);
	perf("report", "-i", DATA, "--stdio", "--sort", "sym", NULL);
	for (line = strtok_r(out, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (line[0] == '#' || !strchr(line, '%'))
			continue;
		p = strstr(line, "[.] ");
		if (p && strstr(p, "perfcheck_hot_loop"))
			ok = 1;
		else if (p && !strncmp(p + 4, "0x", 2)) {
			addr = strtoul(p + 4, NULL, 16) + (unsigned long)__executable_start;
			ok = addr >= (unsigned long)__start_perfcheck_hot &&
			     addr < (unsigned long)__stop_perfcheck_hot;
		}
		break;
	}
	check(ok, "perf report --stdio: the workload's hot loop on top (%#lx in [%p, %p))", addr,
	      (const void *)__start_perfcheck_hot, (const void *)__stop_perfcheck_hot);
}

/* perf test, printed as "# perf-test: ..." lines for scripts/perf-compare
   (which diffs them between firmwares); here it must run and report. */
static void perf_tests(void)
{
	char *line, *save = NULL;
	unsigned int ran = 0;

	perf("test", NULL);
	for (line = strtok_r(out, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		if (strstr(line, ": Ok") || strstr(line, ": FAILED") || strstr(line, ": Skip")) {
			printf("# perf-test: %s\n", line);
			ran++;
		}
	check(ran > 0, "perf test: ran and reported (%u results)", ran);
}

void perftool_record_all(void)
{
	if (access(PERF_BIN, X_OK)) {
		check(0, "perf tool present (%s)", PERF_BIN);
		return;
	}
	record_all_cpus(1);
}

void perftool_fixed_checks(void)
{
	if (access(PERF_BIN, X_OK)) {
		check(0, "perf tool present (%s)", PERF_BIN);
		return;
	}
	stat_hw(2);
	stat_all_cpus("");
}

void perftool_checks(int full, int sampling, int with_tests)
{
	if (access(PERF_BIN, X_OK)) {
		check(0, "perf tool present (%s)", PERF_BIN);
		return;
	}
	stat_hw(3);
	stat_all_cpus("");
	if (!full)
		return;
	stat_multiplexed();
	stat_firmware_names();
	/* QEMU 7.2 with SMP loses LCOFIs on some harts on every firmware
	   (docs/perf-on-qemu.md): make check runs these on one hart */
	if (sampling) {
		record_repeated("cycles");
		record_repeated("instructions");
		report_hot();
	}
	/* CPU-wide cycles sampling: samples on every CPU of a small SMP boot
	   (on OpenSBI 1.1 none: QEMU's left-over after perf's own probe).
	   The ratio to cycles / period holds on no firmware without -icount
	   (docs/perf-on-qemu.md): only the -icount boot ("recordall") checks
	   it, so that the comparison run can read 0 failed */
	if (with_tests || (ncpu > 1 && ncpu <= 4))
		record_all_cpus(0);
	if (with_tests)
		perf_tests();
}
