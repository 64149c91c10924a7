/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * perfcheck - /init of the Linux 6.1 test system: checks, through
 * perf_event_open and Linux's riscv_pmu_sbi driver, that the SBI firmware
 * underneath counts, samples and filters. Prints TAP, a perf-stat-like
 * table and "N passed, N failed", then powers the machine off.
 *
 * QEMU 7.2 facts the checks allow for (see shared/notes/field-notes.md):
 * only cycles, instructions, dTLB read/write and iTLB misses count; one
 * counter per event (a second counter with the same event stays 0), so
 * filtered variants of one event are measured in separate runs; the mode
 * filters only act on the TLB events; without -icount, cycles and
 * instructions are host ticks and sampling delivers a fraction of
 * count/period.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/klog.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#include "include/rvpmu/sbi.h"
#include "lib/fmt.h"
#include "linux/perfcheck.h"

#define FW(code) (0x8000000000000000ull | (code))
#define CACHE(id, op, res) ((id) | (op) << 8 | (res) << 16)
#define DTLB_RD_MISS CACHE(PERF_COUNT_HW_CACHE_DTLB, PERF_COUNT_HW_CACHE_OP_READ, \
			   PERF_COUNT_HW_CACHE_RESULT_MISS)
enum { FW_SET_TIMER = 5, FW_IPI_SENT = 6, FW_IPI_RECEIVED = 7, FW_FENCE_I_SENT = 8,
       FW_SFENCE_VMA_SENT = 10, FW_SFENCE_VMA_RECEIVED = 11 };

static int n_ok, n_fail;
static volatile uint64_t sink;	/* what dtlb_run reads, kept */
int ncpu;
static int have_sstc;

void check(int cond, const char *fmt, ...)
{
	va_list ap;

	if (cond)
		n_ok++;
	else
		n_fail++;
	printf("%s %d - ", cond ? "ok" : "not ok", n_ok + n_fail);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

/* perf_open, and pinned: the event is never multiplexed (a reference). */
static int perf_open_as(uint32_t type, uint64_t config, int cpu, int pid, uint64_t period,
			int exclude_user, int exclude_kernel, int pinned)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = type;
	a.config = config;
	a.disabled = 1;
	a.exclude_user = exclude_user;
	a.exclude_kernel = exclude_kernel;
	a.exclude_hv = 1;
	a.pinned = pinned;
	a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
	if (period) {
		a.sample_period = period;
		a.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID;
		a.wakeup_events = 1;
	}
	return (int)syscall(SYS_perf_event_open, &a, pid, cpu, -1, 0);
}

int perf_open(uint32_t type, uint64_t config, int cpu, int pid, uint64_t period,
	      int exclude_user, int exclude_kernel)
{
	return perf_open_as(type, config, cpu, pid, period, exclude_user, exclude_kernel, 0);
}


struct reading perf_read(int fd)
{
	struct reading r = { 0, 0, 0 };

	if (fd < 0 || read(fd, &r, sizeof(r)) != (ssize_t)sizeof(r))
		memset(&r, 0, sizeof(r));
	return r;
}

void on(int fd)
{
	if (fd >= 0)
		ioctl(fd, PERF_EVENT_IOC_RESET, 0), ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
}

void off(int fd)
{
	if (fd >= 0)
		ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
}

void pin(int cpu)
{
	cpu_set_t s;

	CPU_ZERO(&s);
	CPU_SET(cpu, &s);
	sched_setaffinity(0, sizeof(s), &s);
}

/* ---- the table */

static void print_count(uint64_t v, const char *name, const struct reading *r)
{
	char out[32];

	rvpmu_fmt_grouped(out, sizeof(out), v);
	if (r && r->enabled && r->running < r->enabled)
		printf("%18s      %-24s (%5.1f%%)\n", out, name,
		       100.0 * (double)r->running / (double)r->enabled);
	else
		printf("%18s      %-24s\n", out, name);
}

/* ---- the checks */

struct counted {
	const char *name;
	uint32_t type;
	uint64_t config;
	int per_cpu;	/* firmware events: count everything on the CPU */
	int fd;
	struct reading r;
};

/* QEMU counts no raw event: the driver finds no counter and never runs
   it, while the event opens (perf cannot tell in advance) */
static void raw_unmapped(int cpu)
{
	int fd = perf_open(PERF_TYPE_RAW, 0x1, -1, 0, 0, 0, 0);
	struct reading r;

	on(fd);
	compute(100000);
	off(fd);
	r = perf_read(fd);
	check(fd >= 0 && r.running == 0 && r.value == 0,
	      "cpu%d: raw event without a mapping opens but never runs", cpu);
	if (fd >= 0)
		close(fd);
}

static void counting(int cpu, uint64_t *fw_ipis_sent, uint64_t *fw_ipis_rcvd)
{
	struct counted c[] = {
		{ "cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, 0, -1, { 0 } },
		{ "instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, 0, -1, { 0 } },
		{ "dTLB-load-misses", PERF_TYPE_HW_CACHE, DTLB_RD_MISS, 0, -1, { 0 } },
		{ "fw:set_timer", PERF_TYPE_RAW, FW(FW_SET_TIMER), 1, -1, { 0 } },
		{ "fw:ipi_sent", PERF_TYPE_RAW, FW(FW_IPI_SENT), 1, -1, { 0 } },
		{ "fw:ipi_received", PERF_TYPE_RAW, FW(FW_IPI_RECEIVED), 1, -1, { 0 } },
		{ "fw:sfence_vma_sent", PERF_TYPE_RAW, FW(FW_SFENCE_VMA_SENT), 1, -1, { 0 } },
	};
	const int n = sizeof(c) / sizeof(c[0]);
	int i;

	pin(cpu);
	for (i = 0; i < n; i++) {
		c[i].fd = c[i].per_cpu ? perf_open(c[i].type, c[i].config, cpu, -1, 0, 0, 0)
				       : perf_open(c[i].type, c[i].config, -1, 0, 0, 0, 0);
		check(c[i].fd >= 0, "cpu%d: open %s", cpu, c[i].name);
	}
	for (i = 0; i < n; i++)
		on(c[i].fd);
	workload(cpu);
	for (i = 0; i < n; i++) {
		off(c[i].fd);
		c[i].r = perf_read(c[i].fd);
	}
	check(c[0].r.value > 0 && c[0].r.running > 0, "cpu%d: cycles count", cpu);
	check(c[1].r.value >= 2000000, "cpu%d: instructions >= 2,000,000 (%llu)", cpu,
	      (unsigned long long)c[1].r.value);
	/* the hardware events had counters all along: nothing multiplexed
	   them (an event no counter takes, opened beside them, makes perf
	   rotate them, and a count then misses whatever ran while its event
	   was out: the raw event below is opened on its own for that) */
	for (i = 0; i < 3; i++)
		check(c[i].r.running == c[i].r.enabled, "cpu%d: %s counted all the time it was "
		      "enabled (%llu of %llu ns)", cpu, c[i].name,
		      (unsigned long long)c[i].r.running, (unsigned long long)c[i].r.enabled);
	check(c[2].r.value >= 256, "cpu%d: dTLB read misses after reading 256 fresh pages (%llu)", cpu,
	      (unsigned long long)c[2].r.value);
	if (have_sstc)
		check(c[3].r.value == 0, "cpu%d: Sstc: no set_timer calls", cpu);
	else
		check(c[3].r.value > 0, "cpu%d: set_timer counted (%llu)", cpu,
		      (unsigned long long)c[3].r.value);
	*fw_ipis_sent += c[4].r.value;
	*fw_ipis_rcvd += c[5].r.value;
	raw_unmapped(cpu);

	printf("\n Performance counter stats on cpu%d:\n\n", cpu);
	for (i = 0; i < n; i++) {
		print_count(c[i].r.value, c[i].name, &c[i].r);
		close(c[i].fd);
	}
	printf("\n");
}

/*
 * A count read at the stop against the same count read running, on cpu:
 * riscv_pmu_sbi reads a running counter itself (its CSR, or FW_READ for a
 * firmware counter) but takes a stopped one's value from where the stop
 * put it. From Linux 6.10 on, with an SBI >= 2.0 firmware, that is the
 * snapshot shared memory: the stop carries TAKE_SNAPSHOT, the firmware
 * writes the value at slot 0 of the call's counter_idx_base, the driver
 * moves it to the counter's own slot and reads it there; before 6.10
 * (and without a snapshot area) the driver reads the CSR or FW_READ once
 * more. Either way the count at the stop can only have grown since the
 * running read just before it, by what ran between the two (one syscall
 * return and entry). Each event is read, then disabled at once, so that
 * gap is a few syscalls for every event; the counters: cycles (fixed
 * counter 0: slot 0 is its own), instructions (fixed counter 2, moved),
 * dTLB read misses (an hpm counter, moved) and set_timer (a firmware
 * counter, moved). Cycles and instructions are host ticks without
 * -icount, so a host that takes the vCPU away between read and stop
 * adds to them: they may grow by up to the run's own count, or by 4 a ns
 * of the time the reads took if that is more (a busy host took 13.6 M
 * cycles there after a run of 6.7 M). dTLB misses (QEMU's own TLB:
 * about 24 between the two on QEMU 7.2, none on QEMU 10, usually) are
 * printed and noted, not checked (below), firmware counts may grow by 2
 * (a tick). A stop
 * whose value never reached the driver gives it a stale or zero slot:
 * a count that went back, or one near 2^63 (a wrap of the width).
 */
static void stop_reads(int cpu, const char *when)
{
	static const struct {
		const char *name;
		uint32_t type;
		uint64_t config;
		int per_cpu;
		uint64_t slack;	/* 0: up to the running count itself */
	} e[] = {
		{ "cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, 0, 0 },
		{ "instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, 0, 0 },
		/* noted, not checked: see below */
		{ "dTLB-load-misses", PERF_TYPE_HW_CACHE, DTLB_RD_MISS, 0, 256 },
		{ "fw:set_timer", PERF_TYPE_RAW, FW(FW_SET_TIMER), 1, 2 },
	};
	enum { N = sizeof(e) / sizeof(e[0]) };
	struct reading run[N], stop[N];
	struct timespec t0, t1;
	uint64_t away;
	int fd[N], i, ok = 1, opened = 0;
	char what[320] = "";
	size_t len = 0;

	pin(cpu);
	for (i = 0; i < N; i++) {
		fd[i] = e[i].per_cpu ? perf_open(e[i].type, e[i].config, cpu, -1, 0, 0, 0)
				     : perf_open(e[i].type, e[i].config, -1, 0, 0, 0, 0);
		opened += fd[i] >= 0;
	}
	for (i = 0; i < N; i++)
		on(fd[i]);
	compute(400000);
	touch_pages(64);
	naps(2);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < N; i++) {
		run[i] = perf_read(fd[i]);
		off(fd[i]);
	}
	for (i = 0; i < N; i++)
		stop[i] = perf_read(fd[i]);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	/* host ticks: at most 4 a ns (a 4 GHz TSC) of the time the reads
	   took, however long the host kept the vCPU away */
	away = (uint64_t)(t1.tv_sec - t0.tv_sec) * 1000000000u + (uint64_t)t1.tv_nsec -
	       (uint64_t)t0.tv_nsec;
	for (i = 0; i < N; i++) {
		uint64_t slack = e[i].slack ? e[i].slack : run[i].value;
		int good;

		if (!e[i].slack && slack < 4 * away)
			slack = 4 * away;
		if (e[i].config == FW(FW_SET_TIMER) && have_sstc)
			/* Sstc: no set_timer calls at all, 0 at both reads */
			good = fd[i] >= 0 && run[i].value == 0 && stop[i].value == 0;
		else
			good = fd[i] >= 0 && run[i].running > 0 && run[i].value > 0 &&
			       stop[i].value >= run[i].value &&
			       stop[i].value - run[i].value <= slack;
		/*
		 * dTLB misses are QEMU's softmmu TLB fills, and two of their
		 * readings defeat this check without a firmware in between:
		 * on QEMU 10 a stop once grew 18382 past the running read (a
		 * softirq's kernel work in the one ioctl); on QEMU 7.2 with
		 * Linux 6.1, which reads a running counter straight from its
		 * CSR, a running read was 158396 above the value the stop
		 * then gave (1 boot in 3; the counter's own later reads were
		 * right). Cause open (README); the figure is still printed.
		 */
		if (e[i].type == PERF_TYPE_HW_CACHE && !good) {
			printf("# cpu%d%s: dTLB misses at the stop do not agree with the running read "
			       "(%llu -> %llu; not checked, see stop_reads)\n", cpu, when,
			       (unsigned long long)run[i].value, (unsigned long long)stop[i].value);
			good = fd[i] >= 0 && run[i].running > 0;
		}
		ok &= good;
		if (len < sizeof(what))
			len += (size_t)snprintf(what + len, sizeof(what) - len, "%s%s %llu->%llu%s",
						i ? ", " : "", e[i].name,
						(unsigned long long)run[i].value,
						(unsigned long long)stop[i].value, good ? "" : " (!)");
		close(fd[i]);
	}
	check(opened == N && ok, "cpu%d%s: counts at the stop agree with the running reads (%s)",
	      cpu, when, what);
}

long hartid_of(int cpu)
{
	char line[256];
	FILE *f = fopen("/proc/cpuinfo", "r");
	long c = -1, h, found = -1;

	while (f && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "processor : %ld", &c) == 1)
			continue;
		if (sscanf(line, "hart : %ld", &h) == 1 && c == cpu)
			found = h;
	}
	if (f)
		fclose(f);
	return found;
}

/*
 * Which harts set their snapshot area up, seen from the firmware: rvpmu's
 * platform firmware event RVPMU_PLAT_SHMEM_CALLS(hartid) counts the
 * SNAPSHOT_SET_SHMEM calls of that hart (include/rvpmu/sbi.h), on
 * whatever CPU counts it. Linux 6.10+ drops a CPU's area as the CPU goes
 * offline and must set it up again as it comes back online: counted on
 * cpu0 while cpu N goes offline and online, hart N makes one call each
 * way. Linux 6.1 cannot name a platform firmware event (its firmware
 * format is config:63; 6.12's is config:62-63, 3 the platform kind), nor
 * uses snapshots: skipped there, and on OpenSBI, stock or with rvpmu's
 * series (no such event: the port serves the board's PMU device's
 * platform events, docs/opensbi.md).
 */
static void shmem_calls(const char *fw)
{
	char fmt[64] = "";
	FILE *f = fopen("/sys/bus/event_source/devices/cpu/format/firmware", "r");
	int osbi = fw && !strncmp(fw, "opensbi", 7);
	int cpu;

	if (f) {
		if (!fgets(fmt, sizeof(fmt), f))
			fmt[0] = 0;
		fclose(f);
	}
	if (strncmp(fmt, "config:62-63", 12) || osbi) {
		printf("# snapshot set_shmem calls: skipped (%s)\n", osbi ?
		       "the firmware has no such platform event" :
		       "this kernel has no platform firmware events and no snapshot");
		return;
	}
	pin(0);
	for (cpu = 1; cpu < ncpu; cpu++) {
		long hart = hartid_of(cpu);
		uint64_t config = 0xC000000000000000ull |
				  RVPMU_PLAT_SHMEM_CALLS((uint64_t)(hart < 0 ? 0 : hart));
		int fd = hart < 0 ? -1 : perf_open(PERF_TYPE_RAW, config, 0, -1, 0, 0, 0);
		struct reading r0, r1, r2;

		on(fd);
		r0 = perf_read(fd);
		set_online(cpu, 0);
		r1 = perf_read(fd);
		set_online(cpu, 1);
		usleep(20000);
		r2 = perf_read(fd);
		off(fd);
		check(fd >= 0 && r2.running > 0 && r0.value == 0 && r1.value == 1 && r2.value == 2,
		      "cpu%d (hart %ld): its SNAPSHOT_SET_SHMEM calls, counted by the firmware on "
		      "cpu0: %llu before, %llu offline (the area dropped), %llu online again (set "
		      "up again; want 0, 1, 2)", cpu, hart, (unsigned long long)r0.value,
		      (unsigned long long)r1.value, (unsigned long long)r2.value);
		if (fd >= 0)
			close(fd);
	}
}

/* Sampling: PERF_RECORD_SAMPLEs read back from the ring buffer. */
static unsigned long samples_in(struct perf_event_mmap_page *pg, size_t data_size)
{
	uint64_t head = __atomic_load_n(&pg->data_head, __ATOMIC_ACQUIRE), tail = pg->data_tail;
	const char *data = (const char *)pg + pg->data_offset;
	unsigned long n = 0;

	while (tail < head) {
		const struct perf_event_header *h =
			(const void *)(data + (tail % data_size));

		if (!h->size)
			break;
		if (h->type == PERF_RECORD_SAMPLE)
			n++;
		tail += h->size;
	}
	__atomic_store_n(&pg->data_tail, tail, __ATOMIC_RELEASE);
	return n;
}

/* One round of sampling()'s work. */
static void sampling_round(int pages_touched)
{
	compute(400000);
	if (pages_touched)
		touch_pages(pages_touched);
}

static void sampling(const char *name, uint32_t type, uint64_t config, uint64_t period,
		     int pages_touched)
{
	const size_t data_pages = 64, psz = 4096;
	int fd, ref;
	struct perf_event_mmap_page *pg;
	struct reading r, one;
	unsigned long n = 0;
	int round, attempt;

	/* the dTLB event's reference (below): one round counted, not
	   sampled, and closed again before the sampling event opens (no
	   counting cycles or instructions before it: see main) */
	pin(0);
	memset(&one, 0, sizeof(one));
	if (type == PERF_TYPE_HW_CACHE) {
		ref = perf_open(type, config, -1, 0, 0, 0, 0);
		on(ref);
		sampling_round(pages_touched);
		off(ref);
		one = perf_read(ref);
		if (ref >= 0)
			close(ref);
	}
	fd = perf_open(type, config, -1, 0, period, 0, 0);
	check(fd >= 0, "sampling %s: open with sample_period %llu", name,
	      (unsigned long long)period);
	if (fd < 0)
		return;
	pg = mmap(NULL, (1 + data_pages) * psz, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	check(pg != MAP_FAILED, "sampling %s: mmap the ring buffer", name);
	if (pg == MAP_FAILED) {
		close(fd);
		return;
	}
	/*
	 * On CPU 0, and up to three tries: QEMU 7.2 fakes the overflow of
	 * cycles and instret with a timer that on a many-hart machine now and
	 * then never fires for a run (OpenSBI's runs see the same).
	 */
	pin(0);
	for (attempt = 1; attempt <= 3 && !n; attempt++) {
		on(fd);
		for (round = 0; round < 10; round++) {
			sampling_round(pages_touched);
			n += samples_in(pg, data_pages * psz);
		}
		off(fd);
		n += samples_in(pg, data_pages * psz);
	}
	r = perf_read(fd);
	printf("# sampling %s: %lu samples, count %llu, period %llu, %d run(s)\n", name, n,
	       (unsigned long long)r.value, (unsigned long long)period, attempt - 1);
	check(n > 0, "sampling %s: PERF_RECORD_SAMPLEs arrive (%lu)", name, n);
	/* no more samples than the count allows (plus the one in flight) */
	check(n <= r.value / period + 2, "sampling %s: samples <= count/period", name);
	/*
	 * Each overflow stops the counters and starts them again: a driver
	 * whose restart the firmware refuses leaves the event stopped after
	 * its first sample, with a count that stopped too (so the check above
	 * holds), until the task is scheduled in again. For the dTLB event,
	 * which QEMU counts itself, ten rounds must count at least twice
	 * what one round counted unsampled (a round's misses vary with
	 * QEMU's TLB: 3-4x were seen for ten, 0.15x with the restart lost).
	 * Instructions are host ticks without -icount and restarted at every
	 * context switch: too loose a measure for this.
	 */
	if (type == PERF_TYPE_HW_CACHE)
		check(one.value > 0 && r.value >= 2 * one.value,
		      "sampling %s: the sampled event counts all ten rounds (%llu; one round "
		      "unsampled: %llu)", name, (unsigned long long)r.value,
		      (unsigned long long)one.value);
	munmap(pg, (1 + data_pages) * psz);
	close(fd);
}

/*
 * Mode filters, one run per variant (QEMU keeps one counter per event).
 * Faulting pages in is kernel work; walking them again afterwards, more
 * pages than QEMU's TLB holds, is user work with no kernel in it, so both
 * shares are large next to the run-to-run noise.
 */
#define FILTER_PAGES 2048
/*
 * The user passes miss QEMU's TLB only if nothing keeps the pages there:
 * Linux 6.1 flushed it all the time (its :k misses are some 47k per run),
 * 6.12 hardly ever (some 200), and QEMU's TLB, which grows with use, then
 * held all 2048 pages in some boots and not in others (:u 16 or 6160 for
 * the same passes). An munmap of populated pages makes the kernel flush
 * (sfence.vma, which QEMU answers by flushing its whole TLB): one before
 * every pass, kernel work all of it, and every pass misses again.
 */
static void flush_tlb(void)
{
	char *q = mmap(NULL, 128 * 4096, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);

	if (q != MAP_FAILED)
		munmap(q, 128 * 4096);
}

static uint64_t dtlb_run(int exclude_user, int exclude_kernel)
{
	int fd = perf_open(PERF_TYPE_HW_CACHE, DTLB_RD_MISS, -1, 0, 0, exclude_user,
			   exclude_kernel);
	char *p = mmap(NULL, FILTER_PAGES * 4096, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	struct reading r;
	unsigned long i;
	int pass;

	if (fd < 0 || p == MAP_FAILED)
		return 0;
	on(fd);
	for (i = 0; i < FILTER_PAGES; i++)
		p[i * 4096 + 8] = 1;	/* populated: no faults, but cold */
	munmap(p, FILTER_PAGES * 4096);
	p = mmap(NULL, FILTER_PAGES * 4096, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	for (i = 0; i < FILTER_PAGES; i++)
		p[i * 4096] = 1;	/* faults: kernel work */
	for (pass = 0; pass < 3; pass++) {
		flush_tlb();
		for (i = 0; i < FILTER_PAGES; i++)
			sink += (unsigned char)p[i * 4096];	/* user only */
	}
	off(fd);
	r = perf_read(fd);
	munmap(p, FILTER_PAGES * 4096);
	close(fd);
	return r.value;
}

static void filters(void)
{
	int fd_u = perf_open(PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, -1, 0, 0, 0, 1);
	int fd_k = perf_open(PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, -1, 0, 0, 1, 0);
	uint64_t all, u, k;

	check(fd_u >= 0, "filters: instructions:u opens (exclude_kernel)");
	check(fd_k >= 0, "filters: instructions:k opens (exclude_user)");
	close(fd_u);
	close(fd_k);
	all = dtlb_run(0, 0);
	u = dtlb_run(0, 1);
	k = dtlb_run(1, 0);
	printf("# dTLB read misses, %d pages: all %llu, :u %llu, :k %llu\n", FILTER_PAGES,
	       (unsigned long long)all, (unsigned long long)u, (unsigned long long)k);
	check(u > 0 && u < all, "filters: dTLB misses :u counts only user (%llu of %llu)",
	      (unsigned long long)u, (unsigned long long)all);
	check(k > 0 && k < all, "filters: dTLB misses :k counts only kernel (%llu of %llu)",
	      (unsigned long long)k, (unsigned long long)all);
	/* separate runs vary by a few percent; a filter that did nothing
	   would make u + k twice all */
	check(u + k > all - all / 4 && u + k < all + all / 4,
	      "filters: :u + :k is all of them, within 25%%");
}

/* The /proc/interrupts line naming name: its count on cpu (-1: all CPUs),
   or -1 without such a line; line (if not NULL) gets the line. */
static long irq_count(const char *name, int cpu, char *line, size_t size)
{
	char buf[512];
	FILE *f = fopen("/proc/interrupts", "r");
	long total = -1;

	if (!f)
		return -1;
	while (fgets(buf, sizeof(buf), f)) {
		char *p = strchr(buf, ':');
		int col = 0;

		if (!strstr(buf, name) || !p)
			continue;
		if (line)
			snprintf(line, size, "%s", buf);
		for (total = 0, p++; *p; col++) {
			char *end;
			unsigned long v = strtoul(p, &end, 10);

			if (end == p)
				break;
			if (cpu < 0 || col == cpu)
				total += (long)v;
			p = end;
		}
		break;
	}
	fclose(f);
	return total;
}

/* More events than firmware counters: time_running < time_enabled, scaling. */
/*
 * More firmware events than firmware counters on cpu0: perf rotates them
 * (every tick while any waits), and each reads its count scaled by
 * enabled / running. A pinned event of the same kind is never rotated out:
 * its plain count is the reference the scaled estimates must come near.
 * (The rotation itself re-arms perf's hrtimer, an SBI set_timer call
 * without Sstc, so the count depends on how often perf rotated.)
 */
static void multiplexing(void)
{
	enum { N = 24 };
	int fd[N], ref, i, opened = 0, multiplexed = 0, ran = 0;
	long irqs;
	struct reading r[N], rr;
	double scaled[N], mean = 0, lo = 1e30, hi = 0;
	/* a steady source: timer programming without Sstc, IPIs with it */
	uint64_t ev = have_sstc ? FW(FW_IPI_RECEIVED) : FW(FW_SET_TIMER);

	pin(0);
	ref = perf_open_as(PERF_TYPE_RAW, ev, 0, -1, 0, 0, 0, 1);
	for (i = 0; i < N; i++) {
		fd[i] = perf_open(PERF_TYPE_RAW, ev, 0, -1, 0, 0, 0);
		opened += fd[i] >= 0;
	}
	check(opened == N && ref >= 0, "multiplex: %d firmware events and a pinned one open on "
	      "cpu0 (%d)", N, opened);
	irqs = irq_count("riscv-timer", 0, NULL, 0);
	on(ref);
	for (i = 0; i < N; i++)
		on(fd[i]);
	for (i = 0; i < 30; i++) {
		compute(200000);
		naps(2);
		if (ncpu > 1 && have_sstc)
			ping_pong(1, 5);
	}
	for (i = 0; i < N; i++)
		off(fd[i]);
	off(ref);
	irqs = irq_count("riscv-timer", 0, NULL, 0) - irqs;
	rr = perf_read(ref);
	close(ref);
	for (i = 0; i < N; i++) {
		r[i] = perf_read(fd[i]);
		close(fd[i]);
		ran += r[i].running > 0;
		multiplexed += r[i].running < r[i].enabled;
		scaled[i] = r[i].running ? (double)r[i].value * (double)r[i].enabled /
					   (double)r[i].running : 0;
		mean += scaled[i] / N;
	}
	for (i = 0; i < N; i++) {
		if (scaled[i] < lo)
			lo = scaled[i];
		if (scaled[i] > hi)
			hi = scaled[i];
	}
	printf("# multiplex: %d of %d events ran, %d multiplexed, scaled counts %.0f..%.0f "
	       "(mean %.0f); the pinned reference counted %llu in %.1f ms on cpu0 (running %.0f%%), "
	       "which took %ld timer interrupts\n",
	       ran, N, multiplexed, lo, hi, mean, (unsigned long long)rr.value, rr.enabled / 1e6,
	       rr.enabled ? 100.0 * (double)rr.running / (double)rr.enabled : 0, irqs);
	print_count(r[0].value, "first event", &r[0]);
	check(ran == N, "multiplex: every event got counter time");
	check(multiplexed > 0, "multiplex: time_running < time_enabled for some");
	check(mean > 0 && lo > 0.5 * mean && hi < 1.5 * mean,
	      "multiplex: scaled counts agree within 50%% of their mean");
	check(rr.running == rr.enabled && rr.value > 0 && mean > 0.5 * (double)rr.value &&
	      mean < 1.5 * (double)rr.value,
	      "multiplex: their mean (%.0f) is within 50%% of the pinned event's count (%llu)",
	      mean, (unsigned long long)rr.value);
	/* without Sstc Linux answers every timer interrupt with a new
	   deadline through set_timer (the tick is periodic): a count below
	   the interrupts taken has missed calls */
	if (!have_sstc)
		check(irqs > 0 && rr.value >= (uint64_t)irqs,
		      "multiplex: the pinned set_timer count (%llu) is at least cpu0's timer "
		      "interrupts in the same time (%ld)", (unsigned long long)rr.value, irqs);
}

static void pmu_interrupts(void)
{
	char line[512];
	long total = irq_count("riscv-pmu", -1, line, sizeof(line));

	if (total >= 0)
		printf("# /proc/interrupts: %s", line);
	check(total >= 0, "/proc/interrupts lists the riscv-pmu (LCOFI) interrupt");
	check(total > 0, "LCOFI interrupts were taken (%ld)", total);
}

/*
 * Is this the boot after perfcheck's warm reboot? QEMU's reset keeps
 * nothing Linux could read, so scripts/linux-check says so on the console
 * once it sees /init start a second time: wait up to 5 s for that line.
 */
static int second_boot(void)
{
	struct pollfd p = { .fd = 0, .events = POLLIN };
	char line[64] = "";
	ssize_t n;

	if (poll(&p, 1, 5000) != 1)
		return 0;
	n = read(0, line, sizeof(line) - 1);
	line[n > 0 ? n : 0] = 0;
	return strstr(line, "second-boot") != NULL;
}

/*
 * instret from user space, as the first thing /init does: how many
 * instructions the boot took (exact under -icount: make linux-bench).
 * Linux 6.6 and later keep cycle and instret from user space unless
 * sysctl kernel.perf_user_access is 2 (legacy), so there rdinstret traps:
 * SIGILL, caught here once, steps over it and the figure is left out.
 */
static volatile int insn_trapped;

static void step_over(int sig, siginfo_t *si, void *ctx)
{
	ucontext_t *uc = ctx;

	(void)sig;
	(void)si;
	uc->uc_mcontext.__gregs[REG_PC] += 4;	/* csrrs: never compressed */
	insn_trapped = 1;
}

static unsigned long boot_instructions(void)
{
	struct sigaction sa, old;
	unsigned long n = 0;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = step_over;
	sa.sa_flags = SA_SIGINFO;
	sigaction(SIGILL, &sa, &old);
	__asm__ volatile("rdinstret %0" : "+r"(n));
	sigaction(SIGILL, &old, NULL);
	return insn_trapped ? 0 : n;
}

/* The result line, then power off. */
/*
 * "v3" (make linux-newest): what a kernel of SBI 3.0's PMU (Linux 6.18
 * and later) asks of the firmware beyond 6.12. At probe it asks
 * EVENT_GET_INFO about every standard hardware and cache event and drops
 * those the answer does not mark supported: cycles, instructions and dTLB
 * read misses counting on every CPU (counting()) is the firmware's answer
 * seen working. Raw events go as raw v2 (event_idx 0x30000, 56 bits of
 * data) where SBI 3.0 is found, as v1 (48 bits) before: a raw config with
 * bits 48..55 set opens only as v2 (and never runs: no mapping on QEMU),
 * one with bit 56 set is refused either way.
 */
static void sbi_v3_checks(void)
{
	uint64_t ipis_sent = 0, ipis_rcvd = 0;
	int fd, cpu;

	check(access("/sys/bus/event_source/devices/cpu/format/firmware", F_OK) == 0,
	      "the SBI PMU driver registered (sysfs cpu/format/firmware)");
	for (cpu = 0; cpu < ncpu; cpu++)
		counting(cpu, &ipis_sent, &ipis_rcvd);
	for (cpu = 0; cpu < ncpu; cpu++)
		stop_reads(cpu, "");
	fd = perf_open(PERF_TYPE_RAW, 0x00AB000000000001ull, -1, 0, 0, 0, 0);
	check(fd >= 0, "raw v2: a raw event with 56 bits of data (0x00ab000000000001) opens");
	if (fd >= 0)
		close(fd);
	fd = perf_open(PERF_TYPE_RAW, 0x0100000000000001ull, -1, 0, 0, 0, 0);
	check(fd < 0, "raw v2: one with bit 56 set is refused");
	if (fd >= 0)
		close(fd);
}

void check_summary(void)
{
	printf("1..%d\n%d passed, %d failed\n", n_ok + n_fail, n_ok, n_fail);
}

static void finish(void) __attribute__((noreturn));
static void finish(void)
{
	check_summary();
	fflush(stdout);
	sync();
	reboot(RB_POWER_OFF);
	_exit(1);
}

/*
 * Whether Linux sends its IPIs through an IMSIC (QEMU's virt,aia=aplic-imsic:
 * "riscv-imsic: ...: providing IPIs using interrupt N" at boot) rather than
 * through the SBI IPI extension: then the firmware counts none. Read from
 * the kernel log before the checks run, while the boot's lines are in it.
 */
static int imsic_ipis(void)
{
	static char buf[1 << 17];
	int n = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, buf, (int)sizeof(buf) - 1);

	if (n < 0)
		return 0;
	buf[n] = '\0';
	return strstr(buf, "riscv-imsic: ") && strstr(buf, ": providing IPIs using interrupt ");
}

int main(int argc, char **argv)
{
	unsigned long boot_insns;
	uint64_t ipis_sent = 0, ipis_rcvd = 0;
	char isa[512] = "";
	FILE *f;
	int cpu, imsic;

	boot_insns = boot_instructions();
	cpu = cost_workload(argc, argv);
	if (cpu >= 0)
		return cpu;	/* make linux-cost's workload, alone or under perf */
	cpu = perftool_workload(argc, argv);
	if (cpu >= 0)
		return cpu;	/* started by perf as its workload */
	mkdir("/proc", 0555);
	mkdir("/sys", 0555);
	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	mount("tmpfs", "/tmp", "tmpfs", 0, NULL);	/* perf.data */
	setvbuf(stdout, NULL, _IOLBF, 0);
	/* exact only under -icount (make linux-bench); host ticks otherwise */
	if (boot_insns)
		printf("# perfcheck: instructions from reset to /init: %lu\n", boot_insns);
	else
		printf("# perfcheck: instructions from reset to /init: rdinstret traps "
		       "(kernel.perf_user_access is not 2)\n");
	/* "boot-only" on the kernel command line: just that figure */
	if (argc > 1 && !strcmp(argv[1], "boot-only")) {
		fflush(stdout);
		reboot(RB_POWER_OFF);
	}
	ncpu = (int)sysconf(_SC_NPROCESSORS_ONLN);
	f = fopen("/proc/cpuinfo", "r");
	while (f && fgets(isa, sizeof(isa), f))
		if (!strncmp(isa, "isa", 3))
			break;
	if (f)
		fclose(f);
	have_sstc = strstr(isa, "sstc") != NULL;
	printf("# %d cpu(s), %s", ncpu, isa);
	/* "recordall": perf record -a alone, for a boot under -icount, where
	   QEMU's cycles and its overflow timer both count instructions, so
	   samples can be held to cycles / period (make check, 4 CPUs) */
	if (argc > 1 && !strcmp(argv[1], "recordall")) {
		perftool_record_all();
		finish();
	}
	/* "samplerstress": the sampler's AUX lifetime under stress alone
	   (make linux-stress, with page_poison=1); "multidie": perf record
	   and report on every die of a DT with sockets (make linux-multidie) */
	if (argc > 1 && !strcmp(argv[1], "samplerstress")) {
		sampler_stress();
		finish();
	}
	/* "samplerkexec": a kexec during a run (the linux-sampler-kexec
	   row); finish() only when the kexec did not happen */
	if (argc > 1 && !strcmp(argv[1], "samplerkexec")) {
		sampler_kexec();
		finish();
	}
	if (argc > 1 && !strcmp(argv[1], "multidie")) {
		sampler_dies();
		finish();
	}
	if (argc > 1 && !strcmp(argv[1], "fixedonly")) {
		check(access("/sys/bus/event_source/devices/cpu/format/firmware", F_OK) == 0,
		      "the SBI PMU driver registered (sysfs cpu/format/firmware)");
		perftool_fixed_checks();
		finish();
	}
	if (argc > 1 && !strcmp(argv[1], "v3")) {
		sbi_v3_checks();
		finish();
	}
	/* "cost" (make linux-cost): the runs scripts/linux-cost measures */
	if (argc > 1 && !strcmp(argv[1], "cost")) {
		cost_runs(argc > 2 && !strcmp(argv[2], "short"));
		finish();
	}
	if (second_boot()) {
		/* after the warm reboot: the firmware and the PMU came back */
		printf("# perfcheck: second boot, after the warm reboot\n");
		perftool_checks(0, 0, 0);
		finish();
	}
	check(access("/sys/bus/event_source/devices/cpu/format/firmware", F_OK) == 0,
	      "the SBI PMU driver registered (sysfs cpu/format/firmware)");
	imsic = imsic_ipis();

	/* sampling first: a counting cycles/instructions event opened before
	   a sampling one can starve it on QEMU 7.2 */
	sampling("instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, 100000, 0);
	sampling("dTLB-load-misses", PERF_TYPE_HW_CACHE, DTLB_RD_MISS, 50, 256);
	for (cpu = 0; cpu < ncpu; cpu++)
		counting(cpu, &ipis_sent, &ipis_rcvd);
	for (cpu = 0; cpu < ncpu; cpu++)
		stop_reads(cpu, "");
	/* before the first CPU goes offline anywhere else */
	shmem_calls(getenv("rvpmu_fw"));
	if (ncpu > 1 && !imsic) {
		check(ipis_sent > 0, "fw:ipi_sent counted across cpus (%llu)",
		      (unsigned long long)ipis_sent);
		check(ipis_rcvd > 0, "fw:ipi_received counted across cpus (%llu)",
		      (unsigned long long)ipis_rcvd);
	} else if (ncpu > 1) {
		/* Linux never calls the SBI's send_ipi: the firmware counts none */
		check(ipis_sent == 0 && ipis_rcvd == 0,
		      "fw:ipi_sent and fw:ipi_received stay 0 across cpus: Linux's IPIs go "
		      "through the IMSIC (%llu, %llu)", (unsigned long long)ipis_sent,
		      (unsigned long long)ipis_rcvd);
	}
	filters();
	multiplexing();
	pmu_interrupts();
	sampler_checks(getenv("rvpmu_fw"));
	/* kernel command line: "perfsample" adds perf record/report, and
	   "perfcompare" perf test as well (make perf-compare) */
	perftool_checks(1, argc > 1 && (!strcmp(argv[1], "perfsample") ||
					!strcmp(argv[1], "perfcompare")),
			argc > 1 && !strcmp(argv[1], "perfcompare"));
	/* 20 rounds; 2 on the many-hart boot (make check's 32 harts), where
	   each round already takes every CPU down and up */
	if (ncpu > 1) {
		hotplug_checks(ncpu <= 8 ? 20 : 2);
		/* every CPU went down and came up: the snapshot area (6.10+)
		   is the driver's to set again on each */
		for (cpu = 0; cpu < ncpu; cpu++)
			stop_reads(cpu, " after hotplug");
	} else
		printf("# hotplug: one CPU, which Linux keeps online\n");
	/* the last line before the reboot: the second boot adds its own */
	printf("1..%d\n%d passed, %d failed\n", n_ok + n_fail, n_ok, n_fail);
	printf("# perfcheck: warm reboot\n");
	fflush(stdout);
	sync();
	reboot(RB_AUTOBOOT);
	return 0;
}
