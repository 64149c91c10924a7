/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * samplercheck.c - issues 13 and 21 inside the Linux test system: loads
 * rvpmu_sampler.ko (or, on OpenSBI, sees it refuse), writes 240 events to
 * user_events, runs perf record -a on the sampler's PMU while a workload
 * busies every CPU, checks perf report -D and perf report against
 * rvpmu-report on the same perf.data, that regular perf keeps working on
 * the counters left and that every counter comes back, the refusals
 * (unprivileged, counters held), unloads the module, and prints the
 * perf.data on the console between marker lines for scripts/linux-check
 * to decode and check with the host's rvpmu-report:
 *   # rvpmu-samples begin SIZE
 *   b <base64 of 48 bytes>      (or: z N  for N blocks of 48 zero bytes)
 *   # rvpmu-samples end
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "include/rvpmu/sampler.h"
#include "linux/perfcheck.h"

#define DIE0 SAMPLER_PMU "0"
#define OUT "/tmp/sampler.data"

/* dTLB write misses over 256 fresh pages, by the regular SBI PMU on
   this CPU: an event the sampler's list leaves out, since QEMU 7.2 counts
   a hardware event on one counter only */
static struct reading dtlb_writes(void)
{
	int c = perf_open(PERF_TYPE_HW_CACHE, PERF_COUNT_HW_CACHE_DTLB |
			  (PERF_COUNT_HW_CACHE_OP_WRITE << 8) |
			  (PERF_COUNT_HW_CACHE_RESULT_MISS << 16), -1, 0, 0, 0, 0);
	struct reading rd;

	on(c);
	touch_pages(256);
	off(c);
	rd = perf_read(c);
	if (c >= 0)
		close(c);
	return rd;
}

/* perf record -a of die 0 with those terms into out, in a child, while
   perf's workload waits secs seconds and then until done() tells it; its
   output goes to out.log */
static pid_t record(const char *terms, const char *out, const char *secs)
{
	char ev[128], log[96];
	pid_t rec;

	snprintf(ev, sizeof(ev), "rvpmu_sampler_die0/%s/", terms);
	snprintf(log, sizeof(log), "%s.log", out);
	unlink("/tmp/workload.started");
	unlink("/tmp/workload.stop");
	rec = fork();
	if (rec == 0) {
		char *argv[] = { "/bin/perf", "record", "-q", "-a", "-e", ev, "-o", (char *)out,
				 "--", "/init", "wait", (char *)secs, NULL };
		int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);

		if (fd >= 0)
			dup2(fd, 1), dup2(fd, 2);
		execv(argv[0], argv);
		_exit(127);
	}
	return rec;
}

/* the checks on record()'s open event are done: its workload ends, and
   with it perf record, whose status comes back */
static int done(pid_t rec)
{
	int st = -1;

	close(open("/tmp/workload.stop", O_WRONLY | O_CREAT, 0644));
	waitpid(rec, &st, 0);
	return st;
}

/* until perf's workload started (its events are enabled: the run is on),
   at most 10 s */
static void run_is_on(void)
{
	int i;

	for (i = 0; i < 500 && access("/tmp/workload.started", F_OK); i++)
		usleep(20000);
}



/* a hart hot-unplugged while sampled leaves the run (HSM stop): the run
   goes on with the others, and the hart's counters come back with it */
static void hotplug(void)
{
	int cpu = ncpu - 1, before = free_counters(cpu), st = -1, after, runs;
	pid_t rec = record("nr_sample=8,sample_period_ms=1,nr_pmu=8", "/tmp/hotplug.data", "2");
	long n, lost;

	run_is_on();
	check(set_online(cpu, 0), "sampler: cpu%d goes offline while sampled", cpu);
	st = done(rec);
	n = samples_of("/tmp/hotplug.data", &lost, &runs);
	check(WIFEXITED(st) && WEXITSTATUS(st) == 0 && n == 8 && lost == 0 && runs == 1,
	      "sampler: the run goes on without it: perf record took every sample (%ld, %ld lost, %d run(s))",
	      n, lost, runs);
	check(set_online(cpu, 1), "sampler: cpu%d comes back online", cpu);
	after = free_counters(cpu);
	check(after == before && before > 0, "sampler: cpu%d has its %d counters back (%d)",
	      cpu, before, after);
}

/* an unprivileged open (perf_event_paranoid 2, as nobody) while the
   privileged run is on: EACCES, and the run goes on (checked after) */
static void unprivileged(struct perf_event_attr *a)
{
	int fd = open("/proc/sys/kernel/perf_event_paranoid", O_RDWR), st = -1;
	char old[16] = "";
	ssize_t n = fd >= 0 ? read(fd, old, sizeof(old) - 1) : -1;
	pid_t pid;

	if (fd >= 0)
		(void)!pwrite(fd, "2\n", 2, 0);
	pid = fork();
	if (pid == 0) {
		int e;

		if (setgid(65534) || setuid(65534))
			_exit(2);
		e = (int)syscall(SYS_perf_event_open, a, -1, 0, -1, 0) < 0 ? errno : 0;
		_exit(e == EACCES ? 0 : 1);
	}
	waitpid(pid, &st, 0);
	if (fd >= 0 && n > 0)
		(void)!pwrite(fd, old, (size_t)n, 0);
	if (fd >= 0)
		close(fd);
	check(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	      "sampler: an unprivileged open (paranoid 2, as nobody) gets EACCES (status %d)",
	      WIFEXITED(st) ? WEXITSTATUS(st) : -1);
}

/* perf report -D and perf report --stdio of a perf.data of die's PMU,
   and rvpmu-report -D of the same file: nr_sample samples decode, none
   lost, perf's -D prints every subsample the summary announces, and the
   two dumps agree line for line */
/* the rows of a perf.data (rvpmu-report --csv: time_s,hart,cluster,cid1,
   cid2,event,value,cycles,...) whose count no window can hold: more than
   twice the window's cycles and 10^7 (a counter that counted from where it
   never started reads a host clock, or 2^62 more); -1 when it does not
   decode */
static long wild_rows(const char *data, int die)
{
	char *argv[] = { "/bin/rvpmu-report", "--csv", (char *)data, NULL }, line[256];
	unsigned long long value, cycles;
	long wild = 0;
	FILE *f;

	if (run(argv, "/tmp/wild.csv"))
		return -1;
	f = fopen("/tmp/wild.csv", "r");
	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "%*f,%*u,%*u,%*u,%*u,%*[^,],%llu,%llu,", &value, &cycles) == 2 &&
		    value > 2 * cycles + 10000000ull && wild++ < 3)
			printf("# sampler die%d: impossible count: %s", die, line);
	if (f)
		fclose(f);
	return f ? wild : -1;
}

/* the summary is perf report --stdio's alone: perf script (like the TUI
   and perf inject) processes the same AUX data and prints none of it.
   Perf 6.12's series only: 6.1's prints it from flush_events, for every
   tool */
static void script_checks(const char *data, int die)
{
	char *argv[] = { "/bin/perf", "script", "-i", (char *)data, NULL };
	struct utsname u;
	int rc, k;

	if (uname(&u) == 0 && !strncmp(u.release, "6.1.", 4))
		return;
	rc = run_apart(argv, "/tmp/perf-script.txt", "/tmp/perf-script.err");
	k = lines_with("/tmp/perf-script.txt", "RVPMU SAMPLER", NULL, 0);
	check(rc == 0 && k == 0,
	      "sampler die%d: perf script prints no summary, perf report --stdio alone does (%d line(s), status %d)",
	      die, k, rc);
}

/* perf 6.12's own shell test of the sampler (its series' 0006), run the
   way perf's users run it, by perf test: skipped (the script exits 2)
   while no sampler PMU is there, passed once the module is in. Only
   where the initramfs has it and /bin/sh (6.12's) */
static void shell_test(int pmu)
{
	char *argv[] = { "/bin/perf", "test", "rvpmu", NULL };
	const char *want = pmu ? ": Ok" : ": Skip";
	char line[256];
	int rc, k;

	if (access("/tests/shell/test_rvpmu_sampler.sh", R_OK) || access("/bin/sh", X_OK))
		return;
	rc = run_apart(argv, "/tmp/perf-test.txt", "/tmp/perf-test.err");
	k = lines_with("/tmp/perf-test.err", "Check rvpmu sampler", line, sizeof(line));
	line[strcspn(line, "\n")] = '\0';
	if (k != 1 || !strstr(line, want)) {	/* again, -v: the script's words */
		char *verbose[] = { "/bin/perf", "test", "-v", "rvpmu", NULL };

		run_apart(verbose, "/tmp/perf-test-v.txt", "/tmp/perf-test-v.err");
		echo_file("/tmp/perf-test-v.txt", 30);
		echo_file("/tmp/perf-test-v.err", 30);
	}
	check(rc == 0 && k == 1 && strstr(line, want),
	      "sampler: perf test rvpmu %s (%d test(s), status %d): %s", pmu ?
	      "passes with rvpmu_sampler_die0" : "skips without a sampler PMU", k, rc,
	      line[0] ? line : "(no line)");
}

void report_checks(const char *data, int die, long nr_sample)
{
	long wild = wild_rows(data, die);

	char *dump[] = { "/bin/perf", "report", "-D", "-i", (char *)data, NULL };
	char *sum[] = { "/bin/perf", "report", "--stdio", "-i", (char *)data, NULL };
	char *rr[] = { "/bin/rvpmu-report", "-D", (char *)data, NULL };
	char line[512], want[64];
	int rd = run(dump, "/tmp/perf-D.txt");
	int rs = run_apart(sum, "/tmp/perf-report.txt", "/tmp/perf-report.err");
	int rr_rc = run(rr, "/tmp/rr-D.txt"), subs, per = 0, n = 0, runs;
	long samples, lost;
	const char *p;

	lines_with("/tmp/perf-report.txt", "RVPMU SAMPLER summary", line, sizeof(line));
	printf("# sampler die%d: perf report: %s", die, line);
	if ((p = strstr(line, "subsample(s) per sample")))
		while (p > line && p[-1] != '(')
			p--;
	if (p)
		per = atoi(p);
	snprintf(want, sizeof(want), " %ld sample(s), 0 lost", nr_sample);
	check(rs == 0 && strstr(line, want) && per > 0,
	      "sampler die%d: perf report sums up %ld samples of %d subsamples, 0 lost", die,
	      nr_sample, per);
	subs = lines_with("/tmp/perf-D.txt", "RVPMU SAMPLER subsample", line, sizeof(line));
	printf("# sampler die%d: perf report -D: %s", die, line);
	check(rd == 0 && per > 0 && subs == nr_sample * per,
	      "sampler die%d: perf report -D prints every subsample: %d (%ld samples of %d)", die,
	      subs, nr_sample, per);
	echo_file("/tmp/perf-report.err", 3);	/* perf's warnings, if any */
	script_checks(data, die);
	check(lines_with("/tmp/perf-report.txt", "RVPMU SAMPLER harts:", line, sizeof(line)) == 1,
	      "sampler die%d: perf report says which CPU each hart is", die);
	printf("# sampler die%d: %s", die, line[0] ? line : "(no harts line)\n");
	samples = samples_of(data, &lost, &runs);
	check(samples == nr_sample && lost == 0 && runs == 1,
	      "sampler die%d: rvpmu-report reads the perf.data: %ld samples, %ld lost, %d run(s)",
	      die, samples, lost, runs);
	check(rr_rc == 0 && dumps_agree("/tmp/perf-D.txt", "/tmp/rr-D.txt", &n),
	      "sampler die%d: perf report -D and rvpmu-report -D agree line for line (%d lines)",
	      die, n);
	check(wild == 0, "sampler die%d: no window's count above twice its cycles (%ld such rows)",
	      die, wild);
}

/* counters held by pinned regular perf events on every CPU: the run is
   refused, and perf record says why and exits non-zero */
static void refused_run(void)
{
	char *argv[] = { "/bin/perf", "record", "-q", "-a", "-e",
			 "rvpmu_sampler_die0/nr_sample=4,sample_period_ms=1,nr_pmu=8/",
			 "-o", "/tmp/refused.data", "--", "/init", "nap", NULL };
	struct perf_event_attr a;
	int fds[64 * 20], nfd = 0, cpu, k, rc;

	pinned_dtlb(&a);
	for (cpu = 0; cpu < ncpu && cpu < 64; cpu++)
		for (k = 0; k < 20; k++) {
			int fd = (int)syscall(SYS_perf_event_open, &a, -1, cpu, -1, 0);

			if (fd < 0)
				break;
			fds[nfd++] = fd;
		}
	usleep(20000);
	rc = run(argv, "/tmp/refused.txt");
	echo_file("/tmp/refused.txt", 10);
	check(rc != 0 && lines_with("/tmp/refused.txt", "Device or resource busy", NULL, 0) > 0,
	      "sampler: counters held by pinned perf events: perf record says EBUSY and exits %d", rc);
	while (nfd)
		close(fds[--nfd]);
}


/*
 * Attributes the driver cannot keep, refused before the one-run check
 * (issue 39; c85ca20's driver took them, so each of these got EBUSY
 * while a run was on): freq (perf would stop and start the run every
 * tick), exclude_idle, a config3 bit (6.3 and later; 6.1 refuses the
 * larger attr itself, E2BIG)
 */
static void attr_refusals(const struct perf_event_attr *base)
{
	struct {
		struct perf_event_attr a;
		uint64_t config3[8];	/* past what this libc's header knows */
	} big;
	struct perf_event_attr a = *base;
	int fd, e;

	a.freq = 1;
	a.sample_freq = 1000;
	fd = (int)syscall(SYS_perf_event_open, &a, -1, 0, -1, 0);
	e = errno;
	check(fd < 0 && e == EINVAL, "sampler: freq is refused with EINVAL (%s)",
	      fd < 0 ? strerror(e) : "opened");
	if (fd >= 0)
		close(fd);
	a = *base;
	a.exclude_idle = 1;
	fd = (int)syscall(SYS_perf_event_open, &a, -1, 0, -1, 0);
	e = errno;
	check(fd < 0 && e == EOPNOTSUPP, "sampler: exclude_idle is refused with EOPNOTSUPP (%s)",
	      fd < 0 ? strerror(e) : "opened");
	if (fd >= 0)
		close(fd);
	/* config3 is the u64 at byte 128 (PERF_ATTR_SIZE_VER8, 136 bytes) */
	memset(&big, 0, sizeof(big));
	big.a = *base;
	big.a.size = 136;
	memcpy((char *)&big + 128, &(uint64_t){ 1 }, 8);
	fd = (int)syscall(SYS_perf_event_open, &big, -1, 0, -1, 0);
	e = errno;
	check(fd < 0 && (e == EINVAL || e == E2BIG),
	      "sampler: a config3 bit is refused (%s)", fd < 0 ? strerror(e) : "opened");
	if (fd >= 0)
		close(fd);
}

/* while a run is on: a second event, a per-task event and bad
   user_events writes are refused, and the list stays */
static void refusals(void)
{
	struct perf_event_attr a;
	char big[241 * 2 + 1];
	int fd, type = sampler_pmu_type(0), e1, e2, w1, w2, i;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = (uint32_t)type;
	a.disabled = 1;
	fd = (int)syscall(SYS_perf_event_open, &a, -1, 0, -1, 0);
	e1 = errno;
	check(fd < 0 && e1 == EBUSY, "sampler: a second event gets EBUSY (%s)",
	      fd < 0 ? strerror(e1) : "opened");
	if (fd >= 0)
		close(fd);
	fd = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
	e2 = errno;
	check(fd < 0 && e2 == EOPNOTSUPP, "sampler: a per-task event is refused (%s)",
	      fd < 0 ? strerror(e2) : "opened");
	if (fd >= 0)
		close(fd);
	attr_refusals(&a);
	unprivileged(&a);
	for (i = 0; i < 241; i++)
		memcpy(big + 2 * i, "1 ", 2);
	big[sizeof(big) - 1] = '\0';
	fd = open(DIE0 "/user_events", O_WRONLY);
	w1 = fd >= 0 ? (int)write(fd, "0 zz\n", 5) : 0;
	e1 = errno;
	w2 = fd >= 0 ? (int)write(fd, big, strlen(big)) : 0;
	e2 = errno;
	if (fd >= 0)
		close(fd);
	check(w1 < 0 && e1 == EINVAL && w2 < 0 && e2 == E2BIG && events_back(0) == 240,
	      "sampler: a bad id (EINVAL) or a 241st event (E2BIG) leaves user_events as it was");
}

/* harts in the first and in the last sample of a perf.data's last run:
   those that wrote any of its subsamples (counted, or passed by the late
   policy: an mtime; a hart out of the run has none there), from
   rvpmu-report -D ("RVPMU SAMPLER run K" before each run but the first
   when there are several, "RVPMU SAMPLER subsample S of sample N, ..."
   then a "  hart H ... mtime M ..." line a hart); -1 when it does not
   decode */
static void harts_at_ends(const char *data, int *first, int *last)
{
	char *argv[] = { "/bin/rvpmu-report", "-D", (char *)data, NULL }, line[512];
	unsigned long long n, lo = ~0ull, hi = 0, cur = 0, mt;
	uint64_t in_lo = 0, in_hi = 0;
	unsigned int sub, hart;
	int pass, runs = 0, run_no;
	const char *m;
	FILE *f;

	*first = *last = -1;
	if (run(argv, "/tmp/ends.txt"))
		return;
	/* pass 0 counts the runs, 1 finds the last one's samples, 2 its harts */
	for (pass = 0; pass < 3; pass++) {
		f = fopen("/tmp/ends.txt", "r");
		run_no = 0;
		while (f && fgets(line, sizeof(line), f)) {
			if (strstr(line, "RVPMU SAMPLER run ")) {
				run_no++;
				runs = pass ? runs : run_no;
				continue;
			}
			if (!pass || run_no != runs)
				continue;
			m = strstr(line, "RVPMU SAMPLER subsample ");
			if (m && sscanf(m, "RVPMU SAMPLER subsample %u of sample %llu", &sub, &n) == 2) {
				cur = n;
				lo = n < lo ? n : lo;
				hi = n > hi ? n : hi;
				continue;
			}
			m = strstr(line, " mtime ");
			if (pass < 2 || strncmp(line, "  hart ", 7) || !m ||
			    sscanf(line, "  hart %u", &hart) != 1 || sscanf(m, " mtime %llu", &mt) != 1)
				continue;
			if (mt && hart < 64) {
				in_lo |= cur == lo ? 1ull << hart : 0;
				in_hi |= cur == hi ? 1ull << hart : 0;
			}
		}
		if (f)
			fclose(f);
	}
	*first = __builtin_popcountll(in_lo);
	*last = __builtin_popcountll(in_hi);
}

/* the die's cpumask CPU going offline mid-run: the event moves to another
   CPU of the die and cpumask with it; the firmware run goes on without
   that hart, so perf record gets every sample; back online, the CPU has
   its counters again */
static void lead_offline(void)
{
	int from = lead_cpu(0), to, before[64], back, st = -1, off, first, last, runs;
	pid_t rec;
	long n, lost;

	free_counters_all(before);
	rec = record("nr_sample=32,sample_period_ms=1,nr_pmu=8", "/tmp/lead.data", "3");
	run_is_on();
	off = from >= 0 && set_online(from, 0);
	check(off, "sampler: cpu%d (the PMU's cpumask) goes offline while it samples", from);
	to = lead_cpu(0);
	check(off && to >= 0 && to != from && to < ncpu,
	      "sampler: the PMU's cpumask moves from cpu%d to cpu%d", from, to);
	st = done(rec);
	check(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	      "sampler: the run goes on: perf record exits %d",
	      WIFEXITED(st) ? WEXITSTATUS(st) : -1);
	n = samples_of("/tmp/lead.data", &lost, &runs);
	check(runs == 2, "sampler: the move stopped the run and started a fresh one (%d runs)",
	      runs);
	check(n == 32 && lost == 0,
	      "sampler: the fresh run holds all 32 samples (%ld, %ld lost)", n, lost);
	harts_at_ends("/tmp/lead.data", &first, &last);
	check((first == ncpu || first == ncpu - 1) && last == ncpu - 1,
	      "sampler: harts in the fresh run: %d in its first sample, %d in its last (cpu%d left)",
	      first, last, from);
	check(off && set_online(from, 1), "sampler: cpu%d comes back online", from);
	back = counters_back(before, "sampler");
	check(back == ncpu && ncpu <= 64,
	      "sampler: every CPU has its counters back, cpu%d its %d (%d of %d CPUs)",
	      from, from >= 0 && from < 64 ? before[from] : -1, back, ncpu);
}


void sampler_checks(const char *fw)
{
	int before, during, after, i, st;
	pid_t kids[64], rec;
	struct reading ref;
	long r;

	shell_test(0);
	r = sampler_load();
	if (fw && !strcmp(fw, "opensbi")) {
		check(r == -ENODEV,
		      "sampler: rvpmu_sampler.ko refuses to load without the extension (ENODEV)");
		return;
	}
	check(r == 0, "sampler: rvpmu_sampler.ko loads (%s)", r ? strerror((int)-r) : "ok");
	if (r)
		return;
	check(access(DIE0 "/format/sample_period_ms", R_OK) == 0 &&
	      access(DIE0 "/format/nr_sample", R_OK) == 0,
	      "sampler: PMU rvpmu_sampler_die0 with format nr_sample, sample_period_ms");
	if (ncpu > 8) {	/* the 32-hart run: the PMUs only (a run takes long) */
		pmu_per_die();
		check(syscall(SYS_delete_module, "rvpmu_sampler", O_NONBLOCK) == 0,
		      "sampler: the module unloads");
		return;
	}
	check(write_events(0), "sampler: 240 events written to user_events");
	check(events_back(0) == 240, "sampler: user_events reads back the 240 events");
	before = free_counters(0);
	ref = dtlb_writes();

	for (i = 0; i < ncpu && i < 64; i++) {
		kids[i] = fork();
		if (kids[i] == 0) {
			pin(i);
			(void)!nice(10);	/* perf record must keep up */
			for (;;)
				compute(1000000);
		}
	}
	/* by hartid, which the samples name: CPU numbers are Linux's, and
	   cpu0 is whichever hart booted (OpenSBI's boot lottery can make it
	   any hart) */
	printf("# sampler: workload pids");
	for (i = 0; i < ncpu && i < 64; i++)
		printf(" %d@cpu%d:hart%ld", kids[i], i, hartid_of(i));
	printf("\n");
	fflush(stdout);
	{
		/* the PMU's defaults (128 samples of 3 ms subsamples) for a second */
		char *dflt[] = { "/bin/perf", "record", "-q", "-a", "-e", "rvpmu_sampler_die0//",
				 "-o", "/tmp/default.data", "--", "/init", "nap", NULL };
		int rc = run(dflt, "/tmp/default.txt");

		if (rc)
			echo_file("/tmp/default.txt", 20);
		check(rc == 0, "sampler: perf record -a -e rvpmu_sampler_die0// -- /init nap exits 0");
	}
	rec = record("nr_sample=32,sample_period_ms=1,nr_pmu=8", OUT, "3");
	run_is_on();	/* only now may this side take counters */
	during = free_counters(0);
	{
		struct reading rd = dtlb_writes();

		check(rd.running == rd.enabled && rd.value >= 256 && rd.value < ref.value * 2 &&
		      ref.value >= 256,
		      "sampler: while sampling, perf counts dTLB write misses of 256 fresh pages (%llu; %llu before)",
		      (unsigned long long)rd.value, (unsigned long long)ref.value);
	}
	refusals();
	r = syscall(SYS_delete_module, "rvpmu_sampler", O_NONBLOCK);
	check(r < 0 && errno == EWOULDBLOCK,
	      "sampler: the module stays while its event is open (%s)", r < 0 ? strerror(errno) : "unloaded");
	st = done(rec);
	for (i = 0; i < ncpu && i < 64; i++)
		kill(kids[i], SIGKILL), waitpid(kids[i], NULL, 0);
	echo_file(OUT ".log", 10);
	check(WIFEXITED(st) && WEXITSTATUS(st) == 0, "sampler: perf record -a -e rvpmu_sampler_die0/... exits 0");
	report_checks(OUT, 0, 32);
	after = free_counters(0);
	printf("# sampler: free hpm counters on cpu0: %d before, %d while sampling, %d after\n",
	       before, during, after);
	check(during > 0 && during < before, "sampler: while sampling, perf gets the counters left (%d of %d)",
	      during, before);
	check(after == before, "sampler: after the run every counter is back (%d)", after);
	shell_test(1);
	refused_run();
	if (ncpu > 1) {
		hotplug();
		lead_offline();
	}
	restart_unread();
	check(syscall(SYS_delete_module, "rvpmu_sampler", O_NONBLOCK) == 0,
	      "sampler: the module unloads");
	/* quiet console while dumping: kernel messages would cut into the
	   dump's lines; the level is put back for the checks that follow */
	dump_quietly(OUT);
}
