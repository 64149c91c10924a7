/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * samplerstress.c - the sampler's AUX lifetime under stress (issue 21),
 * the "samplerstress" boot of the Linux test system (make linux-stress,
 * with page_poison=1 and slub_debug=FZP on the kernel command line).
 *
 * The firmware writes the event's AUX pages by physical address from
 * M-mode, where no page table stops it: a write after perf freed them
 * lands in whatever the page is next. With page poisoning a freed page
 * is filled with a pattern that is checked when the page is handed out
 * again, so such a write shows up in the kernel log as "pagealloc:
 * memory corruption"; slub_debug does the same for the module's own
 * objects. Each round opens die 0's event with perf_event_open (no perf
 * tool), maps the data ring and a 64-page AUX area (64 buffers of a page,
 * 10 samples of 1 ms each), enables it, reads committed buffers until the
 * firmware has written at least one (every tenth unmap round: until the
 * ring went round once), and then, while the run goes on:
 *
 *   unmap   munmaps the AUX area and closes the event, in four orders
 *           (AUX first; the fd first; the data ring first; fd and ring
 *           first, so the AUX munmap frees the event);
 *   unplug  takes the event's CPU (the PMU's cpumask) offline, then the
 *           CPU it moved to: each time the event moves to another CPU
 *           of the die and samples keep coming; the CPUs come back, then
 *           the event is closed;
 *   unload  tries delete_module: refused (EWOULDBLOCK) while the event
 *           exists, done once it is closed; the module is loaded again.
 *
 * ROUNDS of each. Then: the kernel log read after every round holds no
 * BUG, WARNING, Oops, poison or corruption report and no rvpmu_sampler
 * line but the expected ones; a sweep hands most free memory out once
 * (each poisoned page it gets is checked); every CPU has the hpm counters
 * it had before; and the rounds' figures (done, samples seen, time).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/klog.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "include/rvpmu/sampler.h"
#include "linux/perfcheck.h"

#define ROUNDS		50
#define PAGE		4096ul
#define DATA_PAGES	8	/* the data ring, for PERF_RECORD_AUX */
#define AUX_PAGES	64	/* 64 one-page buffers */
#define NR_SAMPLE	1000000	/* a run that never ends by itself */
#define WAIT_MS		3000	/* for the firmware's next buffer */

/* the 8 kinds of samplercheck.c once each, nr_pmu 8: a sample is one
   subsample of 1 ms, 10 to a one-page buffer on 4 harts */
static const char events8[] = "0 1 3000000010003 3000000010004 8000000000000005 "
			      "8000000000000006 8000000000000007 8000000000000008\n";

struct run {
	int fd;
	struct perf_event_mmap_page *pg;
	char *aux;
	long samples;		/* in the committed buffers read so far */
	int bad;		/* committed buffers that did not decode */
};

enum { UNMAP, UNPLUG, UNLOAD, KINDS };
static const char *const kind_name[KINDS] = { "unmap", "unplug", "unload" };

struct figures {
	int done;		/* rounds whose run was on when it was cut */
	int good;		/* rounds that did all the kind asks */
	long smin, smax;	/* samples seen in a round */
	double tsum, tmax;	/* seconds a round */
	int bad;		/* committed buffers that did not decode */
};

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* bytes [at, at + n) of the data ring, which wraps */
static void ring_copy(void *to, const struct run *r, uint64_t at, size_t n)
{
	const unsigned char *data = (const unsigned char *)r->pg + r->pg->data_offset;
	unsigned char *p = to;
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = data[(at + i) % r->pg->data_size];
}

/* the buffers of one PERF_RECORD_AUX: each a header and its samples;
   afterwards the reader is past them, so the module releases them */
static void aux_record(struct run *r, uint64_t off, uint64_t size)
{
	uint64_t end = off + size;

	while (off < end) {
		const struct rvpmu_sampler_header *h =
			(const void *)(r->aux + off % (AUX_PAGES * PAGE));

		if (off % 8 || h->magic != RVPMU_SAMPLER_BUF_MAGIC || !h->buffer_size ||
		    h->buffer_size > end - off || h->nr_samples > h->capacity) {
			r->bad++;
			break;
		}
		r->samples += h->nr_samples;
		off += h->buffer_size;
	}
	__atomic_store_n(&r->pg->aux_tail, end, __ATOMIC_RELEASE);
}

static void consume(struct run *r)
{
	uint64_t head = __atomic_load_n(&r->pg->data_head, __ATOMIC_ACQUIRE);
	uint64_t tail = r->pg->data_tail;

	while (tail + sizeof(struct perf_event_header) <= head) {
		struct perf_event_header h;
		uint64_t f[3];	/* aux_offset, aux_size, flags */

		ring_copy(&h, r, tail, sizeof(h));
		if (h.size < sizeof(h) || tail + h.size > head)
			break;
		if (h.type == PERF_RECORD_AUX && h.size >= sizeof(h) + sizeof(f)) {
			ring_copy(f, r, tail + sizeof(h), sizeof(f));
			aux_record(r, f[0], f[1]);
		}
		tail += h.size;
	}
	__atomic_store_n(&r->pg->data_tail, tail, __ATOMIC_RELEASE);
}

/* reads until more than `than` samples came, at most WAIT_MS */
static long wait_samples(struct run *r, long than)
{
	int ms;

	for (ms = 0; ms < WAIT_MS; ms += 2) {
		consume(r);
		if (r->samples > than)
			break;
		usleep(2000);
	}
	return r->samples;
}

/* die 0's event of nr_sample samples, the data ring and the AUX area
   mapped, enabled: 0 or -errno */
static int run_open_n(struct run *r, uint32_t nr_sample)
{
	struct perf_event_attr a;

	memset(r, 0, sizeof(*r));
	r->pg = MAP_FAILED;
	r->aux = MAP_FAILED;
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = (uint32_t)sampler_pmu_type(0);
	a.config = nr_sample | 1ull << 32;	/* nr_sample, sample_period_ms=1 */
	a.config1 = 8ull << 32;			/* nr_pmu=8 */
	a.disabled = 1;
	r->fd = (int)syscall(SYS_perf_event_open, &a, -1, lead_cpu(0), -1, PERF_FLAG_FD_CLOEXEC);
	if (r->fd < 0)
		return -errno;
	r->pg = mmap(NULL, (1 + DATA_PAGES) * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, r->fd, 0);
	if (r->pg == MAP_FAILED)
		return -errno;
	r->pg->aux_offset = (1 + DATA_PAGES) * PAGE;
	r->pg->aux_size = AUX_PAGES * PAGE;
	r->aux = mmap(NULL, AUX_PAGES * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, r->fd,
		      (off_t)r->pg->aux_offset);
	if (r->aux == MAP_FAILED)
		return -errno;
	return ioctl(r->fd, PERF_EVENT_IOC_ENABLE, 0) ? -errno : 0;
}

static int run_open(struct run *r)
{
	return run_open_n(r, NR_SAMPLE);
}

static void unmap_aux(struct run *r)
{
	if (r->aux != MAP_FAILED)
		munmap(r->aux, AUX_PAGES * PAGE);
	r->aux = MAP_FAILED;
}

static void unmap_ring(struct run *r)
{
	if (r->pg != MAP_FAILED)
		munmap(r->pg, (1 + DATA_PAGES) * PAGE);
	r->pg = MAP_FAILED;
}

static void close_fd(struct run *r)
{
	if (r->fd >= 0)
		close(r->fd);
	r->fd = -1;
}

/* the run cut in one of four orders; the event is gone afterwards */
static void cut(struct run *r, int order)
{
	switch (order % 4) {
	case 0:	/* AUX first, the event still enabled */
		unmap_aux(r), unmap_ring(r), close_fd(r);
		break;
	case 1:	/* the fd first: the AUX munmap stops the event */
		close_fd(r), unmap_aux(r), unmap_ring(r);
		break;
	case 2:	/* the data ring first */
		unmap_ring(r), unmap_aux(r), close_fd(r);
		break;
	default:	/* the AUX munmap is the last reference: it frees the event */
		close_fd(r), unmap_ring(r), unmap_aux(r);
		break;
	}
}

static int unload(void)
{
	return (int)syscall(SYS_delete_module, "rvpmu_sampler", O_NONBLOCK);
}

/* ---- the kernel log */

struct logscan {
	int bad;	/* BUG, WARNING, Oops, poison, corruption */
	int unexpected;	/* rvpmu_sampler lines but the expected ones */
	int lines;
};

/* word in line, not as part of a longer word (BUG, not DEBUG) */
static int has_word(const char *line, const char *word)
{
	size_t n = strlen(word);
	const char *p;

	for (p = strstr(line, word); p; p = strstr(p + 1, word)) {
		int before = p > line && (p[-1] == '_' || (p[-1] >= 'A' && p[-1] <= 'Z') ||
					  (p[-1] >= 'a' && p[-1] <= 'z'));
		int after = p[n] == '_' || (p[n] >= 'A' && p[n] <= 'Z') ||
			    (p[n] >= 'a' && p[n] <= 'z');

		if (!before && !after)
			return 1;
	}
	return 0;
}

/* the module's lines a round may print: loaded, a move, CID2's source */
static int expected(const char *line)
{
	return strstr(line, " CPUs, events open on CPU ") ||
	       strstr(line, " goes offline, events now on CPU ") ||
	       strstr(line, "rvpmu_sampler: CID2 from the sched_switch tracepoint") ||
	       strstr(line, "rvpmu_sampler: loading out-of-tree module taints kernel");
}

/* the kernel log since the last read, then emptied (it holds 128 KiB: a
   read every round loses nothing) */
static void scan_log(struct logscan *ls)
{
	static char buf[1 << 17];
	char *line, *save = NULL;
	int n = klogctl(4 /* SYSLOG_ACTION_READ_CLEAR */, buf, (int)sizeof(buf) - 1);

	if (n <= 0)
		return;
	buf[n] = '\0';
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		ls->lines++;
		if (strstr(line, "Kernel command line:"))
			continue;	/* it names page_poison */
		if (has_word(line, "BUG") || has_word(line, "WARNING") || strstr(line, "Oops") ||
		    strcasestr(line, "poison") || strcasestr(line, "corrupt")) {
			if (ls->bad++ < 8)
				printf("# stress: kernel log: %s\n", line);
		} else if (strstr(line, "rvpmu_sampler") && !expected(line)) {
			if (ls->unexpected++ < 8)
				printf("# stress: kernel log, unexpected: %s\n", line);
		}
	}
}

/* most of the free memory handed out once and given back: every page it
   gets that was poisoned when freed is checked on the way out */
static long sweep(void)
{
	char line[128];
	long avail = 0, pages, i;
	FILE *f = fopen("/proc/meminfo", "r");
	char *p;

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "MemAvailable: %ld kB", &avail) == 1)
			break;
	if (f)
		fclose(f);
	pages = avail / 4 * 3 / 4;	/* 3/4 of it, in pages */
	p = pages > 0 ? mmap(NULL, (size_t)pages * PAGE, PROT_READ | PROT_WRITE,
			     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) : MAP_FAILED;
	if (p == MAP_FAILED)
		return 0;
	for (i = 0; i < pages; i++)
		p[i * PAGE] = 1;
	munmap(p, (size_t)pages * PAGE);
	return pages * 4 / 1024;
}

/* ---- the rounds */

static void note(struct figures *f, long samples, double t0, int good)
{
	double t = now() - t0;

	if (!f->done++ || samples < f->smin)
		f->smin = samples;
	if (samples > f->smax)
		f->smax = samples;
	f->tsum += t;
	if (t > f->tmax)
		f->tmax = t;
	f->good += good;
}

static void round_unmap(int i, struct figures *f)
{
	double t0 = now();
	struct run r;
	int err = run_open(&r);
	/* every tenth round past the ring's first lap: the buffers the
	   firmware fills then are ones the module released */
	long n = err ? 0 : wait_samples(&r, i % 10 == 9 ? AUX_PAGES * 10 : 0);

	if (!err && n > 0)
		usleep(1000u * (unsigned)(i % 7));	/* a cut elsewhere in a buffer */
	cut(&r, i);
	f->bad += r.bad;
	if (err || n <= 0) {
		printf("# stress: unmap round %d: %s, %ld samples\n", i,
		       err ? strerror(-err) : "no buffer came", n);
		return;
	}
	note(f, n, t0, 1);
}

/* the lead offline mid-run, then the CPU the event moved to: two moves,
   the first from the CPU the module chose at load (cpu0, the boot CPU,
   after an unload round), the second from another */
static void round_unplug(int i, struct figures *f)
{
	double t0 = now();
	int from = lead_cpu(0), mid = -1, to = -1, off = 0, on = 0, good;
	struct run r;
	int err = run_open(&r);
	long n1 = err ? 0 : wait_samples(&r, 0), n2 = n1, n3 = n1;

	if (!err && n1 > 0) {
		off = set_online(from, 0);
		mid = lead_cpu(0);
		n2 = wait_samples(&r, n1);	/* the run goes on from the new CPU */
		off = off && mid >= 0 && mid != from && set_online(mid, 0);
		to = lead_cpu(0);
		n3 = wait_samples(&r, n2);
		on = set_online(from, 1);
		on = mid >= 0 && set_online(mid, 1) && on;
		ioctl(r.fd, PERF_EVENT_IOC_DISABLE, 0);
		consume(&r);
	}
	cut(&r, 0);
	f->bad += r.bad;
	if (err || n1 <= 0) {
		printf("# stress: unplug round %d: %s, %ld samples\n", i,
		       err ? strerror(-err) : "no buffer came", n1);
		return;
	}
	good = off && on && to >= 0 && to != mid && to != from && n2 > n1 && n3 > n2;
	if (!good)
		printf("# stress: unplug round %d: offline %d, online %d, cpumask cpu%d -> cpu%d -> "
		       "cpu%d, samples %ld, %ld, %ld\n", i, off, on, from, mid, to, n1, n2, n3);
	note(f, r.samples, t0, good);
}

static void round_unload(int i, struct figures *f, int *max_tries)
{
	double t0 = now();
	struct run r;
	int err = run_open(&r), e = 0, refused = 0, tries = 0, loaded;
	long n = err ? 0 : wait_samples(&r, 0);

	if (!err && n > 0) {
		refused = unload() < 0;
		e = errno;
	}
	cut(&r, i);
	f->bad += r.bad;
	if (err || n <= 0) {
		printf("# stress: unload round %d: %s, %ld samples\n", i,
		       err ? strerror(-err) : "no buffer came", n);
		return;
	}
	/* the event is gone: the module goes (a few tries for perf's
	   deferred frees) */
	while (unload() && tries++ < 50)
		usleep(2000);
	*max_tries = tries > *max_tries ? tries : *max_tries;
	loaded = sampler_load() == 0 && write_user_events(0, events8);
	refused = refused && (e == EWOULDBLOCK || e == EBUSY);
	if (!refused || tries > 50 || !loaded)
		printf("# stress: unload round %d: refused %d (%s), unloaded after %d tries, "
		       "loaded again %d\n", i, refused, strerror(e), tries, loaded);
	note(f, n, t0, refused && tries <= 50 && loaded);
}

/*
 * A run of exactly one lap of the ring (its last sample in the last
 * buffer) whose reader reads nothing until the run is over: perf's AUX
 * space never holds the whole ring, so the last buffer can be handed to
 * perf only once the reader has made room, after the firmware said DONE.
 * Every sample must arrive all the same.
 */
static void late_reader(void)
{
	/* samples in a one-page buffer on ncpu harts, 8 events, version 3 */
	unsigned int header = 104 + 2 * ((4 * ncpu + 7) / 8 * 8) + 16 * 8;
	unsigned int per = (unsigned int)(PAGE - header) / (unsigned int)((4 + 4 + 8 * 8 + 8 + 8 + 8) * ncpu);
	long want = (long)per * AUX_PAGES, n = 0;
	struct run r;
	int err = run_open_n(&r, (uint32_t)want);

	if (!err) {
		usleep(200000 + 2000 * (unsigned)want);	/* the run is over */
		n = wait_samples(&r, want - 1);
		ioctl(r.fd, PERF_EVENT_IOC_DISABLE, 0);
		consume(&r);
		n = r.samples;
	}
	cut(&r, 0);
	check(!err && n == want && !r.bad, "stress: a reader that reads nothing until a run of one "
	      "lap of the ring is over gets all of it: %ld of %ld samples", n, want);
}

static int cmdline_has(const char *word)
{
	char line[1024] = "";
	FILE *f = fopen("/proc/cmdline", "r");

	if (f) {
		if (!fgets(line, sizeof(line), f))
			line[0] = '\0';
		fclose(f);
	}
	return strstr(line, word) != NULL;
}

void sampler_stress(void)
{
	struct figures fig[KINDS];
	struct logscan ls = { 0, 0, 0 };
	int before[64], back, i, k, max_tries = 0;
	double t0 = now();
	long r = sampler_load(), swept;

	memset(fig, 0, sizeof(fig));
	check(cmdline_has("page_poison=1"), "stress: page poisoning is on (page_poison=1)");
	check(r == 0, "stress: rvpmu_sampler.ko loads (%s)", r ? strerror((int)-r) : "ok");
	if (r)
		return;
	check(write_user_events(0, events8), "stress: 8 events written to die 0's user_events");
	free_counters_all(before);
	scan_log(&ls);	/* the boot's, then every round's */
	for (i = 0; i < ROUNDS; i++) {
		round_unmap(i, &fig[UNMAP]);
		scan_log(&ls);
		round_unplug(i, &fig[UNPLUG]);
		scan_log(&ls);
		round_unload(i, &fig[UNLOAD], &max_tries);
		scan_log(&ls);
	}
	late_reader();
	scan_log(&ls);
	swept = sweep();
	scan_log(&ls);
	printf("# stress: %d rounds of each kind in %.1f s; the sweep handed out %ld MiB; "
	       "%d kernel log lines read\n", ROUNDS, now() - t0, swept, ls.lines);
	for (k = 0; k < KINDS; k++) {
		struct figures *f = &fig[k];

		printf("# stress: %-6s rounds %d, as asked %d, samples seen per round %ld..%ld, "
		       "time per round %.3f s mean, %.3f s max\n", kind_name[k], f->done, f->good,
		       f->smin, f->smax, f->done ? f->tsum / f->done : 0.0, f->tmax);
		check(f->done == ROUNDS && f->smin > 0,
		      "stress: %s: %d of %d rounds cut a run that had written (samples per round "
		      "%ld..%ld)", kind_name[k], f->done, ROUNDS, f->smin, f->smax);
		check(f->bad == 0, "stress: %s: every committed buffer decodes (%d did not)",
		      kind_name[k], f->bad);
		check(f->done > 0 && f->tmax < 10.0,
		      "stress: %s: no round took 10 s (%.3f s mean, %.3f s max)", kind_name[k],
		      f->done ? f->tsum / f->done : 0.0, f->tmax);
	}
	check(fig[UNMAP].good == ROUNDS,
	      "stress: unmap: the AUX area munmapped and the event closed mid-run, in 4 orders, "
	      "%d of %d rounds", fig[UNMAP].good, ROUNDS);
	check(fig[UNPLUG].good == ROUNDS,
	      "stress: unplug: the lead CPU offline mid-run, twice, the event moved and sampled "
	      "on each time, the CPUs back: %d of %d rounds (%d online retries)",
	      fig[UNPLUG].good, ROUNDS, online_retries);
	check(fig[UNLOAD].good == ROUNDS,
	      "stress: unload: delete_module refused (EWOULDBLOCK) mid-run, done once the event "
	      "was closed (at most %d retries), loaded again: %d of %d rounds", max_tries,
	      fig[UNLOAD].good, ROUNDS);
	check(ls.bad == 0, "stress: the kernel log has no BUG, WARNING, Oops, poison or "
	      "corruption report (%d lines)", ls.bad);
	check(ls.unexpected == 0, "stress: the kernel log has no rvpmu_sampler line but the "
	      "expected ones (%d others)", ls.unexpected);
	back = counters_back(before, "stress");
	check(back == ncpu && ncpu <= 64,
	      "stress: every CPU has its counters back (%d of %d CPUs, %d on cpu0)", back, ncpu,
	      before[0]);
	check(unload() == 0, "stress: the module unloads at the end");
}
