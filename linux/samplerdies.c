/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * samplerdies.c - the sampler on a machine of several dies (issue 21),
 * the "multidie" boot of the Linux test system (make linux-multidie: 32
 * CPUs, a DT of our own with four sockets of one cluster of 8 harts).
 *
 * A die is what the module and Linux's topology call the physical
 * package: the DT cpu-map's socketN node. The firmware knows clusters
 * (the node holding a core, so a cluster never spans two sockets) and
 * puts them in the data; Linux 6.1 folds clusters into one package when
 * the cpu-map has no socket, so it takes sockets for several PMUs.
 *
 * Checked: a PMU per package, named by it, its cpumask a CPU of it; then
 * on every die in turn, with the 240 events written to its user_events,
 *   perf record -a -e rvpmu_sampler_die<N>/nr_sample=32,sample_period_ms=1/
 *       -- /init busyctl CTL ACK <N>
 * (with -D -1 --control fifo:CTL,ACK: the workload, busy on the die's
 * CPUs, enables perf's events itself once it runs on each of them)
 * exits 0, perf report -D and perf report --stdio decode all 32 samples,
 * 0 lost, the dump agrees line for line with rvpmu-report -D of the same
 * perf.data and no window counts more than it can (samplercheck.c's
 * report_checks), the data's harts are the die's CPUs and no other, its
 * clusters are no other die's, and CID2 shows the workload's pid on every
 * hart of the die.
 *
 * Then the last die whole offline mid-run (whole_die_offline below),
 * again and again while runs come and go (whole_die_concurrent), and
 * after that the die's perf record and its checks once more.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "linux/perfcheck.h"
#include "linux/samplerrun.h"

#define MAX_HARTS 64
#define CTL "/tmp/perf-ctl.fifo"	/* perf record's control fifo */
#define ACK "/tmp/perf-ack.fifo"

/* the harts, clusters and the harts whose CID2 was pid, of a perf.data
   (rvpmu-report --csv: time_s,hart,cluster,cid1,cid2,...), as bit masks */
static int decoded(const char *data, long pid, uint64_t *harts, uint64_t *clusters,
		   uint64_t *with_pid)
{
	char *argv[] = { "/bin/rvpmu-report", "--csv", (char *)data, NULL }, line[256];
	unsigned int hart, cluster, cid2, seen[6] = { 0 }, count[6] = { 0 };
	FILE *f;
	int i;

	*harts = *clusters = *with_pid = 0;
	if (run(argv, "/tmp/die.csv"))
		return 0;
	f = fopen("/tmp/die.csv", "r");
	while (f && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%*f,%u,%u,%*u,%u,", &hart, &cluster, &cid2) != 3 ||
		    hart >= MAX_HARTS || cluster >= 64)
			continue;
		*harts |= 1ull << hart;
		*clusters |= 1ull << cluster;
		if (cid2 == pid)
			*with_pid |= 1ull << hart;
		for (i = 0; i < 6 && count[i] && seen[i] != cid2; i++)
			;
		if (i < 6)
			seen[i] = cid2, count[i]++;
	}
	if (f)
		fclose(f);
	printf("# multidie: %s: CID2 (rows):", data);
	for (i = 0; i < 6 && count[i]; i++)
		printf(" %u (%u)", seen[i], count[i]);
	printf("\n");
	return 1;
}

/* mtime of the first and the last subsample perf report -D printed
   (/tmp/perf-D.txt, report_checks' file): the run's length */
static double run_length_s(void)
{
	char line[512];
	unsigned long long t, first = 0, last = 0;
	FILE *f = fopen("/tmp/perf-D.txt", "r");
	const char *p;

	while (f && fgets(line, sizeof(line), f))
		if (strstr(line, "RVPMU SAMPLER subsample") && (p = strstr(line, "mtime ")) &&
		    sscanf(p, "mtime %llu", &t) == 1) {
			first = first ? first : t;
			last = t;
		}
	if (f)
		fclose(f);
	return (double)(last - first) / 1e7;	/* QEMU virt's timebase, 10 MHz */
}

/* the first subsample perf report -D printed, on the console */
static void first_subsample(int die)
{
	char line[512];
	FILE *f = fopen("/tmp/perf-D.txt", "r");
	int n = 0;

	while (f && fgets(line, sizeof(line), f) && n < 10)
		if (n || strstr(line, "RVPMU SAMPLER subsample 0 of sample 0"))
			printf("# die%d -D: %s%s", die, line, strchr(line, '\n') ? "" : "\n"), n++;
	if (f)
		fclose(f);
}

static long workload_pid(void)
{
	char b[32] = "";
	int fd = open("/tmp/workload.pid", O_RDONLY);
	ssize_t n = fd >= 0 ? read(fd, b, sizeof(b) - 1) : -1;

	if (fd >= 0)
		close(fd);
	return n > 0 ? atol(b) : -1;
}

static void list(const char *what, uint64_t mask)
{
	int i;

	printf("%s", what);
	for (i = 0; i < 64; i++)
		if (mask >> i & 1)
			printf(" %d", i);
}

static void one_die(int die, const long hart[MAX_HARTS], uint64_t *clusters_seen,
		    const char *when)
{
	char ev[96], out[32], log[40], dies[16];
	/* perf record starts with its events disabled (-D -1) and the
	   workload, busy on the die's CPUs, enables them through perf's
	   control fifo once it runs on each (perftool.c): the run sees it on
	   every hart of the die, however slowly a loaded host starts it */
	char *argv[] = { "/bin/perf", "record", "-q", "-a", "-D", "-1", "--control",
			 "fifo:" CTL "," ACK, "-e", ev, "-o", out, "--", "/init", "busyctl",
			 CTL, ACK, dies, NULL };
	uint64_t want = 0, harts, clusters, with_pid;
	int c, rc, ok;
	long pid;

	snprintf(ev, sizeof(ev), "rvpmu_sampler_die%d/nr_sample=32,sample_period_ms=1/", die);
	snprintf(dies, sizeof(dies), "%d", die);
	snprintf(out, sizeof(out), "/tmp/die%d.data", die);
	snprintf(log, sizeof(log), "/tmp/die%d.log", die);
	for (c = 0; c < ncpu && c < MAX_HARTS; c++)
		if (package_of(c) == die && hart[c] >= 0 && hart[c] < MAX_HARTS)
			want |= 1ull << hart[c];
	check(write_events(die) && events_back(die) == 240,
	      "multidie: die%d%s: 240 events written to its user_events", die, when);
	unlink("/tmp/workload.pid");
	unlink(CTL), unlink(ACK);
	mkfifo(CTL, 0600), mkfifo(ACK, 0600);
	rc = run(argv, log);
	if (rc)
		echo_file(log, 10);
	pid = workload_pid();
	check(rc == 0 && pid > 0, "multidie: die%d%s: perf record -a -e %s -- /init busyctl exits 0 "
	      "(workload pid %ld)", die, when, ev, pid);
	report_checks(out, die, 32);
	printf("# multidie: die%d%s: the run's subsamples span %.3f s of mtime\n", die, when,
	       run_length_s());
	first_subsample(die);
	ok = decoded(out, pid, &harts, &clusters, &with_pid);
	printf("# multidie: die%d%s:", die, when);
	list(" harts", want);
	list("; in the data: harts", harts);
	list(", clusters", clusters);
	list(", CID2 the workload's on harts", with_pid);
	printf("\n");
	check(ok && want && harts == want,
	      "multidie: die%d%s: the data's harts are the die's %d CPUs and no other", die, when,
	      __builtin_popcountll(want));
	check(ok && clusters && !(clusters & *clusters_seen),
	      "multidie: die%d%s: its %d cluster(s) are no other die's", die, when,
	      __builtin_popcountll(clusters));
	check(ok && pid > 0 && with_pid == want,
	      "multidie: die%d%s: CID2 shows the workload's pid %ld on every hart of the die (%d of "
	      "%d)", die, when, pid, __builtin_popcountll(with_pid), __builtin_popcountll(want));
	*clusters_seen |= clusters;
}

/* ---- a whole die offline */

#define AUX_PAGES	64

/* die's event (a run that does not end by itself, 1 ms samples, nr_pmu
   8) on its lead, ring and AUX area mapped, enabled: 0 or -errno */
static int drun_open(struct srun *r, int die)
{
	return srun_open(r, die, 1000000, 8, AUX_PAGES);
}

/* whether the run wrote: a committed buffer read within 3 s */
static int drun_wrote(struct srun *r)
{
	return srun_wait_samples(r, 0, 3000) > 0;
}

/* whether a fresh run on the die writes; its open's -errno in *err */
static int fresh_run_writes(int die, int *err)
{
	struct srun r;
	int wrote;

	*err = drun_open(&r, die);
	wrote = !*err && drun_wrote(&r);
	srun_cut(&r, 0);
	return wrote;
}

/* whether aux_head and every AUX byte stay as they are for ms */
static int stands_still(struct srun *r, int ms)
{
	static unsigned char was[AUX_PAGES * SRUN_PAGE];
	uint64_t h = __atomic_load_n(&r->pg->aux_head, __ATOMIC_ACQUIRE);

	memcpy(was, r->aux, sizeof(was));
	usleep(1000u * (unsigned int)ms);
	return h == __atomic_load_n(&r->pg->aux_head, __ATOMIC_ACQUIRE) &&
	       !memcmp(was, r->aux, sizeof(was));
}

/*
 * The whole of die `die` offline mid-run, then back (issue 39): every
 * CPU of the die goes offline while its event writes, the lead moving
 * until none is left. The module says its event stops, the PMU's
 * cpumask is empty, and the AUX area (still mapped) stands still for
 * 50 ms: the firmware no longer writes pages perf may free. The CPUs
 * come back, the cpumask is one of them again; the event is cut, and a
 * fresh one on the die writes.
 */
static void whole_die_offline(int die)
{
	int cpus[64], n = 0, c, off = 0, on = 0, lead, err, wrote, still = 0, fresh = 0;
	char said[96];
	struct srun r;
	int before;

	snprintf(said, sizeof(said), "rvpmu_sampler_die%d: no CPU left online, its event stops",
		 die);
	before = klog_count(said);
	for (c = 0; c < ncpu && c < 64; c++)
		if (package_of(c) == die)
			cpus[n++] = c;
	err = drun_open(&r, die);
	wrote = !err && drun_wrote(&r);
	if (wrote) {
		for (c = 0; c < n; c++)
			off += set_online(cpus[c], 0);
		lead = lead_cpu(die);
		still = stands_still(&r, 50);
		printf("# multidie: die%d: %d of its %d CPUs offline, cpumask %d, the AUX area %s\n",
		       die, off, n, lead, still ? "still" : "written");
		check(off == n && lead < 0 && klog_count(said) == before + 1,
		      "multidie: die%d: all %d of its CPUs offline mid-run: the module says its event "
		      "stops (%d times), the cpumask is empty (%d)", die, n,
		      klog_count(said) - before, lead);
		check(still, "multidie: die%d: with no CPU of the die online the AUX area, still "
		      "mapped, stands still for 50 ms (the firmware stopped)", die);
		for (c = 0; c < n; c++)
			on += set_online(cpus[c], 1);
	}
	lead = lead_cpu(die);
	srun_cut(&r, 0);
	check(wrote && on == n && lead >= 0 && package_of(lead) == die,
	      "multidie: die%d: a run wrote (%s), its CPUs came back online (%d of %d), the cpumask "
	      "is one of them (%d)", die, err ? strerror(-err) : "open", on, n, lead);
	fresh = fresh_run_writes(die, &err);
	check(fresh, "multidie: die%d: after the die came back a fresh event writes (%s)", die,
	      err ? strerror(-err) : "open");
}

/* ---- a whole die going offline and back while runs come and go */

#define CROUNDS		40

struct dier {
	int cpus[64], n;
	int stop;		/* the main thread's: end the cycle */
	int cycles;		/* the whole die offline and back */
	int off_fail, on_fail;	/* sysfs writes that did not take */
};

static uint32_t prng(uint64_t *s)
{
	*s = *s * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)(*s >> 33);
}

/* every CPU of the die offline, a few ms, every one back, a few ms */
static void *dier_fn(void *arg)
{
	struct dier *d = arg;
	uint64_t s = 0x2545f4914f6cdd1dull;
	int c, off;

	while (!__atomic_load_n(&d->stop, __ATOMIC_ACQUIRE)) {
		for (c = off = 0; c < d->n; c++)
			off += set_online(d->cpus[c], 0);
		d->off_fail += d->n - off;
		usleep(1000u * (1 + prng(&s) % 8));
		for (c = 0; c < d->n; c++)
			d->on_fail += !set_online(d->cpus[c], 1);
		__atomic_add_fetch(&d->cycles, 1, __ATOMIC_RELEASE);
		/* long enough, some of the time, for a run to fill a buffer */
		usleep(1000u * (5 + prng(&s) % 40));
	}
	return NULL;
}

/*
 * The whole of die `die` goes offline and comes back again and again (a
 * thread) while the main thread opens a run on it, reads it for a few
 * ms, maybe disables and enables it, and cuts it in one of the four
 * orders: the driver stops the run when the die's last CPU goes, and no
 * write may land in pages it let go (the lying firmware's boot checks
 * every one: scripts/lie-check). An open while the die is offline finds
 * no CPU (refused); one whose CPU goes while it maps is cut as it is.
 * Then: no kernel report, the die back whole, a fresh run writes.
 */
static void whole_die_concurrent(int die)
{
	struct dier d = { .n = 0 };
	uint64_t s = 0x9e3779b97f4a7c15ull;
	int i, err, opened = 0, wrote = 0, refused = 0, before = klog_reports(), lead, fresh;
	long samples = 0;
	struct srun r;
	pthread_t t;

	for (i = 0; i < ncpu && i < 64; i++)
		if (package_of(i) == die)
			d.cpus[d.n++] = i;
	/* a sample of one 1 ms subsample: a buffer fills in a few ms */
	check(write_user_events(die, srun_events8),
	      "multidie: die%d concurrent: 8 events written to its user_events", die);
	if (pthread_create(&t, NULL, dier_fn, &d)) {
		check(0, "multidie: die%d concurrent: the hotplug thread starts", die);
		return;
	}
	for (i = 0; i < CROUNDS; i++) {
		err = drun_open(&r, die);
		if (err) {
			refused++;
			srun_cut(&r, i);
			usleep(1000u * (1 + prng(&s) % 4));
			continue;
		}
		opened++;
		srun_wait_samples(&r, 0, 1 + (int)(prng(&s) % (i % 3 ? 20 : 100)));
		if (prng(&s) % 2 && !ioctl(r.fd, PERF_EVENT_IOC_DISABLE, 0)) {
			usleep(1000u * (prng(&s) % 4));
			ioctl(r.fd, PERF_EVENT_IOC_ENABLE, 0);
			srun_wait_samples(&r, r.samples, 1 + (int)(prng(&s) % 10));
		}
		samples += r.samples;
		wrote += r.samples > 0;
		srun_cut(&r, (int)(prng(&s) % 4));
	}
	__atomic_store_n(&d.stop, 1, __ATOMIC_RELEASE);
	pthread_join(t, NULL);
	for (i = 0; i < d.n; i++)
		d.on_fail += !set_online(d.cpus[i], 1);
	lead = lead_cpu(die);
	printf("# multidie: die%d concurrent: %d rounds, %d opened (%d wrote, %ld samples), %d "
	       "refused; the die offline and back %d times (%d offline, %d online writes failed)\n",
	       die, CROUNDS, opened, wrote, samples, refused, d.cycles, d.off_fail, d.on_fail);
	check(opened > 0 && wrote > 0 && d.cycles > 1 && !d.on_fail,
	      "multidie: die%d concurrent: %d runs cut while the whole die went offline and back "
	      "%d times: %d wrote, %d opens refused (no CPU left), every online took", die,
	      opened, d.cycles, wrote, refused);
	check(klog_reports() == before,
	      "multidie: die%d concurrent: no kernel report (%d new lines)", die,
	      klog_reports() - before);
	fresh = fresh_run_writes(die, &err);
	check(lead >= 0 && package_of(lead) == die && fresh,
	      "multidie: die%d concurrent: then the cpumask is one of its CPUs (%d) and a fresh "
	      "run writes (%s)", die, lead, err ? strerror(-err) : "open");
}

void sampler_dies(void)
{
	long hart[MAX_HARTS], r = sampler_load();
	uint64_t clusters = 0, others = 0;
	int dies, d, c;

	check(r == 0, "multidie: rvpmu_sampler.ko loads (%s)", r ? strerror((int)-r) : "ok");
	if (r)
		return;
	for (c = 0; c < MAX_HARTS; c++)
		hart[c] = hartid_of(c);
	dies = pmu_per_die();
	check(dies > 1, "multidie: more than one die (%d)", dies);
	for (d = 0; d < dies; d++) {
		if (d == dies - 1)
			others = clusters;
		one_die(d, hart, &clusters, "");
	}
	if (dies > 1) {
		whole_die_offline(dies - 1);
		whole_die_concurrent(dies - 1);
		/*
		 * What the storm leaves behind: the die records as it did
		 * before, CID2 the workload's on every hart. Events opened
		 * while some of its CPUs were offline, which came back and
		 * went again meanwhile, are where the scheduler callbacks'
		 * bookkeeping (cid2.c) can go wrong for good.
		 */
		one_die(dies - 1, hart, &others, " after the storm");
	}
	check(syscall(SYS_delete_module, "rvpmu_sampler", O_NONBLOCK) == 0,
	      "multidie: the module unloads");
}
