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
 *           exists, done once it is closed; the module is loaded again;
 *   output  a software event on the same CPU is redirected into the
 *           event's ring (PERF_EVENT_IOC_SET_OUTPUT, as perf record does
 *           with a second event), so the ring has two holders; then cut
 *           in three orders (the sampler's ring and fd first with the AUX
 *           area still mapped; the AUX area first; the other event first).
 *
 * ROUNDS of each, one step at a time. Then memory fragmented before an
 * mmap (rvpmu_frag.ko: the driver refuses an area no run could write, see
 * fragmented() below). Then CROUNDS each of four kinds of
 * concurrent rounds, where a thread moves the event from CPU to CPU and
 * another tries delete_module while the round munmaps, closes or
 * disables mid-move (see "the concurrent rounds" below). Then: the kernel
 * log read after every round holds no BUG, WARNING, Oops, poison,
 * corruption, KASAN or use-after-free report and no rvpmu_sampler line
 * but the expected ones; a sweep hands most free memory out once (each
 * poisoned page it gets is checked); every CPU has the hpm counters it
 * had before; and the rounds' figures (done, samples seen, time).
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
#include <sys/klog.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "include/rvpmu/sampler.h"
#include "linux/perfcheck.h"
#include "linux/samplerrun.h"

/* 50 and 60 rounds; "stressrounds=N" on the command line: N and N + N / 5
   (the lying firmware's short form) */
static int rounds = 50, crounds = 60;
#define ROUNDS		rounds
#define PAGE		SRUN_PAGE
#define AUX_PAGES	64	/* 64 one-page buffers */
#define NR_SAMPLE	1000000	/* a run that never ends by itself */
#define WAIT_MS		3000	/* for the firmware's next buffer */

/* the same 8 the other way round: what the concurrent rounds' writer
   thread puts in user_events every other time */
static const char events8r[] = "8000000000000008 8000000000000007 8000000000000006 "
			       "8000000000000005 3000000010004 3000000010003 1 0\n";

enum { UNMAP, UNPLUG, UNLOAD, OUTPUT, KINDS };
static const char *const kind_name[KINDS] = { "unmap", "unplug", "unload", "output" };

/* "samplerlie" on the command line: the firmware lies (firmware/lie.h) */
static int lying;
/* opens retried after a lying firmware's run held the counters */
static int lie_retries;
/* rvpmu_frag.ko is in: the driver's refusal of an area is expected */
static int fragmenting;
/* nr_pmu of the runs opened (fragmented() asks for 2: longer samples) */
static unsigned int run_nr_pmu = 8;

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

/* reads until more than `than` samples came, at most WAIT_MS */
static long wait_samples(struct srun *r, long than)
{
	return srun_wait_samples(r, than, WAIT_MS);
}

/* die 0's event of nr_sample samples, not mapped yet: 0 or -errno */
static int run_open_event(struct srun *r, uint32_t nr_sample, unsigned int aux_pages)
{
	return srun_open_event(r, 0, nr_sample, run_nr_pmu, aux_pages);
}

/* both: the event, its ring and AUX area of aux_pages, enabled */
static int run_open_aux(struct srun *r, uint32_t nr_sample, unsigned int aux_pages)
{
	return srun_open(r, 0, nr_sample, run_nr_pmu, aux_pages);
}

static int run_open_n(struct srun *r, uint32_t nr_sample)
{
	return run_open_aux(r, nr_sample, AUX_PAGES);
}

static int run_open(struct srun *r)
{
	int err = run_open_n(r, NR_SAMPLE), t;

	/* a run a lying firmware went on with after STOP and RESET (the
	   driver kept its pages) holds its counters until the lie is over:
	   the firmware refuses the next run (EBUSY) meanwhile. Again, as a
	   user would, for up to a second */
	for (t = 0; lying && err == -EBUSY && t < 50; t++) {
		srun_cut(r, 0);
		usleep(20000);
		err = run_open_n(r, NR_SAMPLE);
		lie_retries++;
	}
	return err;
}

static int unload(void)
{
	return (int)syscall(SYS_delete_module, "rvpmu_sampler", O_NONBLOCK);
}

/* ---- the kernel log */

struct logscan {
	int bad;	/* BUG, WARNING, Oops, poison, corruption, KASAN,
			   use-after-free, a kernel fault */
	int unexpected;	/* rvpmu_sampler lines but the expected ones */
	int lines;
};

/* the module's lines a round may print: loaded, a move, CID2's source
   (the sched_switch tracepoint, or what a kernel without tracepoints uses);
   with a lying firmware, what the driver says of each lie */
static int expected(const char *line)
{
	/* a reader that did not keep up (a slow guest on a loaded host, the
	   small rounds' by design) is told so: not an error */
	if (strstr(line, ": the AUX area filled after "))
		return 1;
	if (fragmenting && (strstr(line, " is not physically contiguous in chunks of ") ||
			    strstr(line, " contiguous bytes for the scratch buffer that checks")))
		return 1;
	if (lying && (strstr(line, ": the firmware did not show its run stopped after STOP; ") ||
		      strstr(line, ": the firmware did not say its run is over: ") ||
		      strstr(line, ": the firmware refused the run (") ||
		      strstr(line, ": the firmware refuses the run (") ||
		      strstr(line, ": the run started after the firmware's refusal") ||
		      strstr(line, ": the firmware may still run after STOP and RESET; ") ||
		      strstr(line, ": the firmware's run went on after STOP and RESET; ")))
		return 1;
	return strstr(line, " CPUs, events open on CPU ") ||
	       strstr(line, " goes offline, events now on CPU ") ||
	       strstr(line, "rvpmu_sampler: CID2 from ") ||
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
		if (kernel_report(line)) {
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
	struct srun r;
	int err = run_open(&r);
	/* every tenth round past the ring's first lap: the buffers the
	   firmware fills then are ones the module released */
	long n = err ? 0 : wait_samples(&r, i % 10 == 9 ? AUX_PAGES * 10 : 0);

	if (!err && n > 0)
		usleep(1000u * (unsigned)(i % 7));	/* a cut elsewhere in a buffer */
	srun_cut(&r, i);
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
	struct srun r;
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
		srun_consume(&r);
	}
	srun_cut(&r, 0);
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
	struct srun r;
	int err = run_open(&r), e = 0, refused = 0, tries = 0, loaded;
	long n = err ? 0 : wait_samples(&r, 0);

	if (!err && n > 0) {
		refused = unload() < 0;
		e = errno;
	}
	srun_cut(&r, i);
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
	loaded = sampler_load() == 0 && write_user_events(0, srun_events8);
	refused = refused && (e == EWOULDBLOCK || e == EBUSY);
	if (!refused || tries > 50 || !loaded)
		printf("# stress: unload round %d: refused %d (%s), unloaded after %d tries, "
		       "loaded again %d\n", i, refused, strerror(e), tries, loaded);
	note(f, n, t0, refused && tries <= 50 && loaded);
}

/* the output rounds: SET_OUTPUT refused, and the fewest records the
   other event put in the sampler's ring in a round */
static struct {
	int refused;
	long rmin;
} output = { 0, -1 };

/* cpu-clock on the lead CPU, a sample every ms, redirected into r's
   ring: its fd, or -errno (*set: SET_OUTPUT's -errno, or 0) */
static int redirect_into(struct srun *r, int *set)
{
	struct perf_event_attr a;
	int fd;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = PERF_TYPE_SOFTWARE;
	a.config = PERF_COUNT_SW_CPU_CLOCK;
	a.sample_period = 1000000;
	a.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID;
	fd = (int)syscall(SYS_perf_event_open, &a, -1, lead_cpu(0), -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return -errno;
	*set = ioctl(fd, PERF_EVENT_IOC_SET_OUTPUT, r->fd) ? -errno : 0;
	return fd;
}

static void round_output(int i, struct figures *f)
{
	double t0 = now();
	struct srun r;
	int err = run_open(&r), set = -ENOENT, other = err ? -1 : redirect_into(&r, &set);
	long n = 0, recs = 0;

	if (!err && other >= 0 && !set) {
		n = wait_samples(&r, 0);
		/* the other event's records, some: more come every ms */
		for (int ms = 0; ms < WAIT_MS && !recs; ms += 2) {
			recs = ring_records(r.pg, PERF_RECORD_SAMPLE);
			srun_consume(&r);
			if (!recs)
				usleep(2000);
		}
		usleep(1000u * (unsigned)(i % 5));
	}
	switch (i % 3) {
	case 0:	/* the sampler's fd and ring first, its AUX area mapped */
		srun_close(&r), srun_unmap_ring(&r);
		usleep(2000);
		srun_unmap_aux(&r);
		break;
	case 1:	/* the AUX area first, the other event still writing */
		srun_unmap_aux(&r);
		usleep(2000);
		srun_close(&r), srun_unmap_ring(&r);
		break;
	default:
		break;
	}
	if (other >= 0)
		close(other);
	srun_cut(&r, i);	/* what is left of the run (all of it in order 2) */
	f->bad += r.bad;
	output.refused += set != 0;
	if (err || other < 0 || set || n <= 0 || !recs) {
		printf("# stress: output round %d: %s, other event %s, SET_OUTPUT %s, %ld samples, "
		       "%ld of its records\n", i, err ? strerror(-err) : "ok",
		       other < 0 ? strerror(-other) : "open", set ? strerror(-set) : "ok", n, recs);
		return;
	}
	output.rmin = output.rmin < 0 || recs < output.rmin ? recs : output.rmin;
	note(f, n, t0, 1);
}

static int frag_load(void)
{
	int fd = open("/rvpmu_frag.ko", O_RDONLY);
	long r = fd >= 0 ? syscall(SYS_finit_module, fd, "", 0) : -1;

	if (fd >= 0)
		close(fd);
	return r == 0;
}

/*
 * Memory fragmented (issue 39): rvpmu_frag.ko leaves no free run of more
 * than five pages (single pages, and a few blocks of four for the
 * kernel's own stacks). With the 240 events and nr_pmu 2 a buffer needs
 * more than 32 KiB (a sample is 120 subsamples of 2 counters on every
 * hart): no cut of the area gives a buffer the firmware could write, and the driver must refuse it at
 * mmap with its line, once, not take it and wait for room for ever (the
 * first driver's silent stall). An event opened meanwhile is refused too
 * (the driver's probe needs a buffer of that size: ENOMEM and its line,
 * never the OOM killer). Once the module is gone the same open and mmap
 * give a run that writes.
 */
static void fragmented(struct logscan *ls)
{
	const char *aux_line = " is not physically contiguous in chunks of ";
	const char *probe_line = " contiguous bytes for the scratch buffer that checks";
	int loaded, e_open, e_map, e_open2 = 0, aux_lines, probe_lines, ok_after, ring, t;
	struct srun r, r2;
	long n = 0;

	check(write_events(0), "stress: fragmented: the 240 events written to die 0");
	scan_log(ls);
	fragmenting = 1;
	run_nr_pmu = 2;
	e_open = run_open_event(&r, NR_SAMPLE, AUX_PAGES);
	loaded = frag_load();
	e_map = e_open ? e_open : srun_map(&r);
	aux_lines = klog_count(aux_line);
	ring = r.pg != MAP_FAILED;
	srun_cut(&r, 0);
	/* one event a die: the first one's end may come a moment later */
	for (t = 0; t < 50; t++) {
		e_open2 = run_open_event(&r2, NR_SAMPLE, AUX_PAGES);
		if (e_open2 != -EBUSY)
			break;
		usleep(2000);
	}
	probe_lines = klog_count(probe_line);
	srun_cut(&r2, 0);
	check(loaded && !e_open && e_map < 0 && ring && aux_lines == 1,
	      "stress: fragmented: with no free block above a page the AUX area's mmap is refused "
	      "(%s) and the driver says why once (%d lines; rvpmu_frag.ko loaded %d, open %s)",
	      e_map ? strerror(-e_map) : "taken", aux_lines, loaded, strerror(-e_open));
	check(e_open2 == -ENOMEM && probe_lines == 1,
	      "stress: fragmented: an event opened meanwhile is refused (%s), the driver's line "
	      "once (%d)", e_open2 ? strerror(-e_open2) : "taken", probe_lines);
	check(syscall(SYS_delete_module, "rvpmu_frag", O_NONBLOCK) == 0,
	      "stress: fragmented: rvpmu_frag.ko unloads, its pages given back");
	scan_log(ls);
	fragmenting = 0;
	e_open = run_open(&r);
	ok_after = !e_open && (n = wait_samples(&r, 0)) > 0;
	srun_cut(&r, 0);
	check(ok_after, "stress: fragmented: then the same open and mmap give a run that writes "
	      "(%s, %ld samples)", e_open ? strerror(-e_open) : "open", n);
	run_nr_pmu = 8;
	check(write_user_events(0, srun_events8), "stress: fragmented: the 8 events back");
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
	struct srun r;
	int err = run_open_n(&r, (uint32_t)want);

	if (!err) {
		usleep(200000 + 2000 * (unsigned)want);	/* the run is over */
		n = wait_samples(&r, want - 1);
		ioctl(r.fd, PERF_EVENT_IOC_DISABLE, 0);
		srun_consume(&r);
		n = r.samples;
	}
	srun_cut(&r, 0);
	check(!err && n == want && !r.bad, "stress: a reader that reads nothing until a run of one "
	      "lap of the ring is over gets all of it: %ld of %ld samples", n, want);
}

/* ---- the concurrent rounds
 *
 * The rounds above cut a run one step at a time: nothing happens while a
 * CPU move is under way. Here three threads run at once:
 *
 *   mover    takes the event's lead CPU (die 0's cpumask) offline and
 *            back online, again and again while a round is on: each
 *            offline moves the event (perf_pmu_migrate_context), and for
 *            that while the event is in no CPU's context;
 *   unloader tries delete_module every 0-1 ms while a round is on: it
 *            must be refused (EWOULDBLOCK) for as long as the event
 *            exists; once the round has begun to drop the last reference
 *            an unload may take, and the round loads the module again;
 *   the round (this thread) opens a run, waits until it wrote, waits for
 *            the mover to start an offline and for the module to name the
 *            new lead in cpumask (which it does just before it migrates
 *            the event: perf_pmu_migrate_context takes it out of the old
 *            CPU's context, waits an RCU grace period and puts it in the
 *            new CPU's), sleeps 0-3 ms (a fixed-seed PRNG: every boot
 *            the same sequence, every round another delay) and then, by
 *            the round's kind:
 *     munmap   munmaps the AUX area, 12-31 ms later (the poll has met a
 *              full buffer) the data ring, then closes;
 *     close    closes the fd first, then munmaps (the last munmap, AUX or
 *              ring, frees the event while the CPU moves);
 *     disable  PERF_EVENT_IOC_DISABLE; once the move is over (the mover
 *              paused) a second DISABLE, because perf_pmu_migrate_context
 *              enables a disabled event it moves (state OFF becomes
 *              INACTIVE: perf's own doing, so the reader catches up at
 *              once after the first DISABLE for the start perf may make);
 *              then "stopped" (below), then the mover goes on and ENABLE:
 *              a new run must write again; then the run is cut (close
 *              first or munmap first);
 *     dis-close the same DISABLEs and "stopped", then the run is cut.
 *
 * "stopped": with no move under way, perf_event_disable returns once
 * pmu::stop ran on the event's CPU, and pmu::stop returns once the
 * firmware's STOP did, after which no hart writes the run's buffers
 * (docs/sampler.md, 1.4) and the last buffers are committed. So, from the ioctl's return on, neither
 * aux_head nor a single byte of the AUX area may change: both are read
 * right after the ioctl and again FROZEN_MS later (each hart writes a
 * subsample every 1 ms, the poll commits every 1 ms: 25 of each). A
 * disable that was lost (the run parked as if for a move, the firmware
 * still writing) shows as AUX bytes that changed, or aux_head moving.
 * The check cannot fail on a disable that took: nothing else writes the
 * AUX area (the reader writes only aux_tail, in the control page), and no
 * move comes between the second DISABLE and the check. A DISABLE that
 * pmu::stop took for the first half of a move (parked the run) leaves
 * perf's event OFF, so the second DISABLE does nothing and the firmware
 * goes on writing: that is what the check is for.
 *
 * A run left running by a lost stop also shows in the next round: its
 * perf_event_open is refused (the firmware's START says it is busy).
 */
#define CROUNDS		crounds	/* rounds of each concurrent kind */
#define FROZEN_MS	25
#define SEED		0x5eed5a3b1e55ull

enum { C_MUNMAP, C_CLOSE, C_DISABLE, C_DISCLOSE, CKINDS };
static const char *const ckind_name[CKINDS] = { "munmap", "close", "disable", "dis-close" };

/* xorshift64*: a fixed seed per thread, so a boot repeats the last one's
   delays as far as the threads' interleaving lets it */
static uint64_t prng(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545f4914f6cdd1dull;
}

static int stop_threads;		/* the threads return */

static struct {
	int active;		/* a round is on: cycle */
	int busy;		/* in a cycle (the round waits for 0) */
	int seq;		/* offlines begun */
	int cycles, off_fail, on_fail;
	uint64_t s;
} mover = { .s = SEED ^ 1 };

static struct {
	int active, busy;
	int alive;		/* the round's event exists; 0 from its last drop on */
	int tries, refused, gone, after, early, other, last_err;
	uint64_t s;
} unloader = { .s = SEED ^ 2 };

/* the configuration written while rounds run: every 1-3 ms die 0's
   user_events gets srun_events8 or events8r in turn and is read back (a new
   run, after a move or an ENABLE, takes whichever is there) */
static struct {
	int active, busy;
	int writes;		/* writes that took */
	int absent;		/* the module was unloaded: no PMU to write */
	int failed;		/* a write refused with the PMU there */
	int torn;		/* read back as neither set */
	uint64_t s;
} writer = { .s = SEED ^ 3 };

static int ld(const int *p)
{
	return __atomic_load_n(p, __ATOMIC_SEQ_CST);
}

static void st(int *p, int v)
{
	__atomic_store_n(p, v, __ATOMIC_SEQ_CST);
}

static void *mover_fn(void *unused)
{
	(void)unused;
	while (!ld(&stop_threads)) {
		int cpu;

		st(&mover.busy, ld(&mover.active));
		if (!ld(&mover.busy) || (cpu = lead_cpu(0)) < 0) {
			st(&mover.busy, 0);
			usleep(200);
			continue;
		}
		__atomic_add_fetch(&mover.seq, 1, __ATOMIC_SEQ_CST);
		if (!set_online(cpu, 0)) {
			mover.off_fail++;
			st(&mover.busy, 0);
			usleep(1000);
			continue;
		}
		usleep((unsigned)(prng(&mover.s) % 2001));
		mover.on_fail += !set_online(cpu, 1);
		mover.cycles++;
		st(&mover.busy, 0);
	}
	return NULL;
}

static void *unloader_fn(void *unused)
{
	(void)unused;
	while (!ld(&stop_threads)) {
		int r, e;

		st(&unloader.busy, ld(&unloader.active));
		if (!ld(&unloader.busy)) {
			usleep(200);
			continue;
		}
		r = unload();
		e = errno;
		unloader.tries++;
		if (r == 0) {
			/* the event was still there when the unload returned */
			if (ld(&unloader.alive))
				unloader.early++;
			else
				unloader.after++;
		} else if (e == EWOULDBLOCK || e == EBUSY) {
			unloader.refused++;
		} else if (e == ENOENT) {
			unloader.gone++;	/* unloaded after the close */
		} else {
			unloader.other++;
			unloader.last_err = e;
		}
		st(&unloader.busy, 0);
		usleep((unsigned)(prng(&unloader.s) % 1001));
	}
	return NULL;
}

static void *writer_fn(void *unused)
{
	char back[256];

	(void)unused;
	while (!ld(&stop_threads)) {
		const char *ids;

		st(&writer.busy, ld(&writer.active));
		if (!ld(&writer.busy)) {
			usleep(200);
			continue;
		}
		ids = writer.writes & 1 ? events8r : srun_events8;
		/* once more if the PMU is there: an unload and reload may
		   have come between the open and the write */
		if (write_user_events(0, ids) ||
		    (sampler_pmu_type(0) >= 0 && write_user_events(0, ids))) {
			writer.writes++;
			/* the other set only if a reload wrote it meanwhile */
			if (read_user_events(0, back, sizeof(back)) >= 0 &&
			    strcmp(back, srun_events8) && strcmp(back, events8r) && writer.torn++ < 4)
				printf("# stress: user_events read back as neither set: %s", back);
		} else if (sampler_pmu_type(0) < 0) {
			writer.absent++;
		} else {
			writer.failed++;
		}
		st(&writer.busy, 0);
		usleep(1000 + (unsigned)(prng(&writer.s) % 2001));
	}
	return NULL;
}

/* the threads told to stop cycling, and waited for (a cycle ends with
   the CPU online again) */
static void threads_idle(void)
{
	st(&mover.active, 0);
	st(&unloader.active, 0);
	st(&writer.active, 0);
	while (ld(&mover.busy) || ld(&unloader.busy) || ld(&writer.busy))
		usleep(200);
}

struct cfigures {
	int done;		/* rounds whose run wrote before the kind's step */
	int good;		/* ... and did all the kind asks */
	int open_fail;		/* perf_event_open or mmap refused, or no buffer */
	int reported;		/* rounds after which the kernel log had a report */
	long smin, smax;
	double tsum, tmax;
};

static struct {
	int checked, frozen;	/* DISABLEs checked; after which all stood still */
	int reenabled, rewrote;	/* ENABLEs after them; runs that wrote again */
	int lost_disables;	/* aux_head or the AUX area moved */
} dis;

/* the AUX area and aux_head after a DISABLE, and FROZEN_MS later: 1 if
   neither changed */
static int stood_still(struct srun *r, int i)
{
	static unsigned char before[AUX_PAGES * PAGE];
	uint64_t h1, h2;
	size_t k, changed = 0, first = 0;

	h1 = __atomic_load_n(&r->pg->aux_head, __ATOMIC_ACQUIRE);
	memcpy(before, r->aux, sizeof(before));
	usleep(FROZEN_MS * 1000);
	h2 = __atomic_load_n(&r->pg->aux_head, __ATOMIC_ACQUIRE);
	for (k = 0; k < sizeof(before); k++)
		if (before[k] != (unsigned char)r->aux[k] && !changed++)
			first = k;
	dis.checked++;
	if (h1 == h2 && !changed) {
		dis.frozen++;
		return 1;
	}
	dis.lost_disables++;
	printf("# stress: concurrent round %d: after DISABLE returned, in %d ms aux_head went "
	       "%llu -> %llu and %zu AUX bytes changed (the first at %zu, buffer %zu): the "
	       "firmware still writes\n", i, FROZEN_MS, (unsigned long long)h1,
	       (unsigned long long)h2, changed, first, first / PAGE);
	return 0;
}

/* the run cut with the event's last reference dropped after alive = 0 */
static void ccut(struct srun *r, int order)
{
	switch (order % 3) {
	case 0:		/* AUX, ring, fd */
		srun_unmap_aux(r), srun_unmap_ring(r);
		st(&unloader.alive, 0);
		srun_close(r);
		break;
	case 1:		/* fd, ring, AUX: the AUX munmap frees the event */
		srun_close(r), srun_unmap_ring(r);
		st(&unloader.alive, 0);
		srun_unmap_aux(r);
		break;
	default:	/* fd, AUX, ring */
		srun_close(r), srun_unmap_aux(r);
		st(&unloader.alive, 0);
		srun_unmap_ring(r);
		break;
	}
}

/* the reader at aux_head: what perf committed is read, and a start (an
   ENABLE, or perf's own after a move) finds the AUX area empty */
static void catch_up(struct srun *r)
{
	srun_consume(r);
	__atomic_store_n(&r->pg->aux_tail, __atomic_load_n(&r->pg->aux_head, __ATOMIC_ACQUIRE),
			 __ATOMIC_RELEASE);
}

/* the mover paused once its cycle is over (the CPU back online) */
static void mover_pause(void)
{
	st(&mover.active, 0);
	while (ld(&mover.busy))
		usleep(200);
}

static void cround(int i, int kind, uint64_t *s, struct cfigures *f)
{
	double t0 = now();
	struct srun r;
	int err = run_open(&r), seq, good = 1, ms, lead;
	long n = err ? 0 : wait_samples(&r, 0);

	if (err || n <= 0) {
		f->open_fail++;
		printf("# stress: concurrent %s round %d: %s, %ld samples\n", ckind_name[kind], i,
		       err ? strerror(-err) : "no buffer came", n);
		srun_cut(&r, 0);
		return;
	}
	st(&unloader.alive, 1);
	st(&unloader.active, 1);
	st(&writer.active, 1);
	lead = lead_cpu(0);
	seq = ld(&mover.seq);
	st(&mover.active, 1);
	/* an offline begins (reading on: the ring must not fill) */
	for (ms = 0; ld(&mover.seq) == seq && ms < WAIT_MS; ms++) {
		srun_consume(&r);
		usleep(1000);
	}
	/* the move begins: the module names the new lead in cpumask just
	   before perf_pmu_migrate_context takes the event out of the old
	   CPU's context; it is out of every context for an RCU grace period */
	for (ms = 0; lead_cpu(0) == lead && ms < 500; ms++) {
		srun_consume(&r);
		usleep(100);
	}
	usleep((unsigned)(prng(s) % 3001));
	switch (kind) {
	case C_MUNMAP:
		/* the AUX area goes first; the poll (and perf) are given 12-31
		   ms, a buffer or two, before the fd goes */
		srun_unmap_aux(&r);
		usleep(1000u * (unsigned)(12 + prng(s) % 20));
		ccut(&r, 0);
		break;
	case C_CLOSE:
		ccut(&r, 1 + (int)(prng(s) % 2));
		break;
	default:
		ioctl(r.fd, PERF_EVENT_IOC_DISABLE, 0);
		catch_up(&r);
		/* perf_pmu_migrate_context puts a disabled event back in its new
		   context enabled (state OFF becomes INACTIVE): once the move
		   is over, a second DISABLE stops what perf started again, and
		   is a no-op for an event perf holds disabled */
		mover_pause();
		ioctl(r.fd, PERF_EVENT_IOC_DISABLE, 0);
		good = stood_still(&r, i);
		catch_up(&r);
		st(&mover.active, 1);
		if (kind == C_DISABLE) {
			long before = r.samples;

			dis.reenabled++;
			if (ioctl(r.fd, PERF_EVENT_IOC_ENABLE, 0) == 0 &&
			    wait_samples(&r, before) > before) {
				dis.rewrote++;
			} else {
				good = 0;
				printf("# stress: concurrent round %d: no sample after the ENABLE "
				       "that followed the DISABLE (%ld before)\n", i, before);
			}
		}
		ccut(&r, (int)(prng(s) % 3));
		break;
	}
	threads_idle();
	if (!f->done++ || r.samples < f->smin)
		f->smin = r.samples;
	if (r.samples > f->smax)
		f->smax = r.samples;
	f->tsum += now() - t0;
	if (now() - t0 > f->tmax)
		f->tmax = now() - t0;
	f->good += good;
}

/* the module back after an unload the unloader got in */
static int reload(void)
{
	if (sampler_pmu_type(0) >= 0)
		return 1;
	return sampler_load() == 0 && write_user_events(0, srun_events8);
}

static int all_online(void)
{
	int c, n = 0;

	for (c = 0; c < ncpu; c++) {
		char path[96], b[4] = "1";
		int fd;

		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online", c);
		fd = open(path, O_RDONLY);
		if (fd >= 0) {
			if (read(fd, b, 1) != 1)
				b[0] = '?';
			close(fd);
		}
		n += b[0] == '1';	/* cpu0 may have no online file: online */
	}
	return n;
}

/* every round as asked; with a lying firmware a round whose open it
   refused counts too (it was still running after a RESET that lied: the
   driver kept the run's pages and says so), if some round was as asked */
static int all_good(const struct cfigures *c)
{
	return c->good == CROUNDS || (lying && c->good > 0 && c->good + c->open_fail == CROUNDS);
}

static void concurrent_rounds(void)
{
	struct cfigures f[CKINDS];
	struct logscan ls = { 0, 0, 0 };
	uint64_t s = SEED;
	pthread_t tm, tu, tw;
	int i, k, bad = 0, reloads = 0, reload_fail = 0, online;
	double t0 = now();

	memset(f, 0, sizeof(f));
	printf("# stress: concurrent rounds: %d of each of %d kinds, the lead CPU moving and "
	       "delete_module tried meanwhile, PRNG seed %#llx\n", CROUNDS, CKINDS,
	       (unsigned long long)SEED);
	fflush(stdout);
	scan_log(&ls);
	ls.bad = ls.unexpected = ls.lines = 0;	/* the earlier rounds' are checked there */
	pthread_create(&tm, NULL, mover_fn, NULL);
	pthread_create(&tu, NULL, unloader_fn, NULL);
	pthread_create(&tw, NULL, writer_fn, NULL);
	for (i = 0; i < CROUNDS * CKINDS; i++) {
		int kind = i % CKINDS;

		cround(i, kind, &s, &f[kind]);
		if (sampler_pmu_type(0) < 0) {
			reloads++;
			reload_fail += !reload();
		}
		scan_log(&ls);
		if (ls.bad > bad) {
			if (!bad)
				printf("# stress: the first kernel log report came after concurrent "
				       "round %d (%s)\n", i, ckind_name[kind]);
			f[kind].reported++;
		}
		bad = ls.bad;
		/* a kernel that broke badly, or a firmware run nothing stops
		   any more, ends the rounds: the report is out */
		if (ls.bad >= 240 || f[0].open_fail + f[1].open_fail + f[2].open_fail +
				    f[3].open_fail >= 5) {
			i++;
			break;
		}
	}
	st(&stop_threads, 1);
	pthread_join(tm, NULL);
	pthread_join(tu, NULL);
	pthread_join(tw, NULL);
	online = all_online();
	printf("# stress: concurrent: %d rounds in %.1f s; the lead CPU offline and online %d "
	       "times (%d offline, %d online writes failed; %d online retries in all); "
	       "delete_module %d tries: %d refused, %d done after the last reference went, "
	       "%d done while the event existed, %d found it gone, %d other errors (%s); "
	       "%d reloads\n", i, now() - t0, mover.cycles, mover.off_fail, mover.on_fail,
	       online_retries, unloader.tries, unloader.refused, unloader.after, unloader.early,
	       unloader.gone, unloader.other, strerror(unloader.last_err), reloads);
	for (k = 0; k < CKINDS; k++) {
		struct cfigures *c = &f[k];

		printf("# stress: concurrent %-9s rounds %d, as asked %d, open refused %d, kernel "
		       "log reports after %d, samples per round %ld..%ld, time per round %.3f s "
		       "mean, %.3f s max\n", ckind_name[k], c->done, c->good, c->open_fail,
		       c->reported, c->smin, c->smax,
		       c->done ? c->tsum / c->done : 0.0, c->tmax);
	}
	check(f[C_MUNMAP].done == CROUNDS && all_good(&f[C_MUNMAP]),
	      "stress: concurrent munmap: the AUX area munmapped, then the ring, then the fd "
	      "closed, 0-3 ms into a lead CPU move: %d of %d rounds (%d opens refused)",
	      f[C_MUNMAP].good, CROUNDS, f[C_MUNMAP].open_fail);
	check(f[C_CLOSE].done == CROUNDS && all_good(&f[C_CLOSE]),
	      "stress: concurrent close: the fd closed first, the last munmap freeing the event, "
	      "0-3 ms into a lead CPU move: %d of %d rounds (%d opens refused)",
	      f[C_CLOSE].good, CROUNDS, f[C_CLOSE].open_fail);
	check(f[C_DISABLE].done == CROUNDS && all_good(&f[C_DISABLE]),
	      "stress: concurrent disable: DISABLE 0-3 ms into a lead CPU move stops the "
	      "firmware, ENABLE starts a run that writes again: %d of %d rounds (%d opens "
	      "refused)", f[C_DISABLE].good, CROUNDS, f[C_DISABLE].open_fail);
	check(f[C_DISCLOSE].done == CROUNDS && all_good(&f[C_DISCLOSE]),
	      "stress: concurrent dis-close: DISABLE 0-3 ms into a lead CPU move stops the "
	      "firmware, then the run is cut: %d of %d rounds (%d opens refused)",
	      f[C_DISCLOSE].good, CROUNDS, f[C_DISCLOSE].open_fail);
	check(writer.writes > 0 && writer.failed == 0 && writer.torn == 0,
	      "stress: concurrent: user_events rewritten every 1-3 ms through the rounds, each "
	      "new run taking the set there (%d writes took, %d found the module out), none "
	      "refused and each read back whole (%d refused, %d torn)", writer.writes,
	      writer.absent, writer.failed, writer.torn);
	check(dis.checked > 0 && dis.frozen == dis.checked,
	      "stress: concurrent: after every DISABLE returned, aux_head and every AUX byte "
	      "stood still for %d ms (the firmware had stopped): %d of %d, %d lost",
	      FROZEN_MS, dis.frozen, dis.checked, dis.lost_disables);
	check(dis.reenabled > 0 && dis.rewrote == dis.reenabled,
	      "stress: concurrent: every ENABLE after such a DISABLE started a run that wrote: "
	      "%d of %d", dis.rewrote, dis.reenabled);
	check(mover.cycles >= i && !mover.off_fail && !mover.on_fail && online == ncpu,
	      "stress: concurrent: the lead CPU went offline and online %d times during %d "
	      "rounds, every write took (%d, %d failed), all %d CPUs online at the end",
	      mover.cycles, i, mover.off_fail, mover.on_fail, online);
	check(unloader.refused > 0 && !unloader.early && !unloader.other && !reload_fail,
	      "stress: concurrent: delete_module refused every time the event existed "
	      "(%d refused, %d unloads while it existed, %d other errors), %d unloads after "
	      "the last reference, each loaded again (%d failed)", unloader.refused,
	      unloader.early, unloader.other, unloader.after, reload_fail);
	check(ls.bad == 0, "stress: concurrent: the kernel log has no BUG, WARNING, Oops, "
	      "poison, corruption, KASAN or use-after-free report (%d lines)", ls.bad);
	check(ls.unexpected == 0, "stress: concurrent: the kernel log has no rvpmu_sampler line "
	      "but the expected ones (%d others)", ls.unexpected);
}

/*
 * A small AUX area and a slow reader, then CPU moves: 4 one-page buffers
 * (a lap of the ring in about 40 ms), read every 60 ms for 480 ms, the
 * mover taking the lead CPU offline and back in the second half. The ring
 * is full at every read; each time the driver must wait for room and
 * start a fresh run once the reader made some (never stall for good,
 * never hand perf a buffer it has no room for). SROUNDS rounds; each must
 * see more than a lap and a half of samples in its first 240 ms (a driver
 * that never starts again after a full ring sees one), every committed
 * buffer decoding.
 */
#define SROUNDS		6
#define SMALL_PAGES	4

static void small_rounds(void)
{
	struct logscan ls = { 0, 0, 0 };
	long smin = -1, smax = 0, lap = 0, hmin = -1;
	int i, k, opened = 0, bad = 0, flowed = 0;
	pthread_t tm;

	scan_log(&ls);
	ls.bad = ls.unexpected = ls.lines = 0;
	st(&stop_threads, 0);
	pthread_create(&tm, NULL, mover_fn, NULL);
	for (i = 0; i < SROUNDS; i++) {
		struct srun r;
		int err = run_open_aux(&r, NR_SAMPLE, SMALL_PAGES);

		if (!err) {
			opened++;
			wait_samples(&r, 0);
			/* a lap: what the 4 buffers hold (their first fill) */
			lap = lap ? lap : r.samples * SMALL_PAGES;
			/* 200 ms without a move (a move starts a fresh run
			   by itself: it would hide a run that never starts
			   again once the ring was full), then 200 ms with */
			for (k = 0; k < 8; k++) {
				if (k == 4) {
					flowed += 2 * r.samples > 3 * lap;
					hmin = hmin < 0 || r.samples < hmin ? r.samples : hmin;
					st(&mover.active, 1);
				}
				usleep(60000);
				srun_consume(&r);
			}
			mover_pause();
			srun_consume(&r);
			bad += r.bad;
			smin = smin < 0 || r.samples < smin ? r.samples : smin;
			smax = r.samples > smax ? r.samples : smax;
		} else {
			printf("# stress: small round %d: %s\n", i, strerror(-err));
		}
		srun_cut(&r, i % 4);
		if (sampler_pmu_type(0) < 0)
			reload();
	}
	st(&stop_threads, 1);
	pthread_join(tm, NULL);
	scan_log(&ls);
	printf("# stress: small: %d rounds of a %d-page AUX area read every 60 ms for 480 ms, "
	       "the lead CPU moving in the second half: samples per round %ld..%ld, in the "
	       "first half %ld at least (a lap is %ld)\n", SROUNDS, SMALL_PAGES, smin, smax, hmin,
	       lap);
	check(opened == SROUNDS && flowed == SROUNDS && !bad,
	      "stress: small: a %d-page AUX area with a slow reader keeps its samples coming "
	      "past a full ring: %d of %d rounds saw more than a lap and a half (%ld samples a "
	      "lap) before any move, %d opened, %d buffers did not decode (moves and all)", SMALL_PAGES, flowed, SROUNDS, lap,
	      opened, bad);
	check(ls.bad == 0 && ls.unexpected == 0,
	      "stress: small: the kernel log has no report and no rvpmu_sampler line but the "
	      "expected ones (%d, %d)", ls.bad, ls.unexpected);
}

/* what follows word on the kernel command line (word's first place), or NULL */
static const char *cmdline_word(const char *word)
{
	const char *p = strstr(kernel_cmdline(), word);

	return p ? p + strlen(word) : NULL;
}

static int cmdline_has(const char *word)
{
	return cmdline_word(word) != NULL;
}

void sampler_stress(void)
{
	struct figures fig[KINDS];
	struct logscan ls = { 0, 0, 0 };
	int before[64], back, i, k, max_tries = 0;
	double t0 = now();
	long r = sampler_load(), swept;
	const char *n = cmdline_word("stressrounds=");

	lying = cmdline_has("samplerlie");
	if (n && atoi(n) > 0) {
		rounds = atoi(n);
		crounds = rounds + rounds / 5;
	}
	memset(fig, 0, sizeof(fig));
	check(cmdline_has("page_poison=1"), "stress: page poisoning is on (page_poison=1)");
	check(r == 0, "stress: rvpmu_sampler.ko loads (%s)", r ? strerror((int)-r) : "ok");
	if (r)
		return;
	check(write_user_events(0, srun_events8), "stress: 8 events written to die 0's user_events");
	free_counters_all(before);
	scan_log(&ls);	/* the boot's, then every round's */
	for (i = 0; i < ROUNDS; i++) {
		round_unmap(i, &fig[UNMAP]);
		scan_log(&ls);
		round_unplug(i, &fig[UNPLUG]);
		scan_log(&ls);
		round_unload(i, &fig[UNLOAD], &max_tries);
		scan_log(&ls);
		round_output(i, &fig[OUTPUT]);
		scan_log(&ls);
	}
	late_reader();
	scan_log(&ls);
	fragmented(&ls);
	printf("# stress: %d rounds of each kind in %.1f s; %d kernel log lines read; %d opens "
	       "tried again after a lie\n", ROUNDS, now() - t0, ls.lines, lie_retries);
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
	check(fig[OUTPUT].good == ROUNDS,
	      "stress: output: a software event redirected into the ring (SET_OUTPUT, refused %d "
	      "times, at least %ld of its records a round), the run cut in 3 orders: %d of %d "
	      "rounds", output.refused, output.rmin, fig[OUTPUT].good, ROUNDS);
	check(ls.bad == 0, "stress: the kernel log has no BUG, WARNING, Oops, poison or "
	      "corruption report (%d lines)", ls.bad);
	check(ls.unexpected == 0, "stress: the kernel log has no rvpmu_sampler line but the "
	      "expected ones (%d others)", ls.unexpected);
	fflush(stdout);
	concurrent_rounds();
	small_rounds();
	/* every page a freed AUX page was written after its free is checked
	   as the sweep gets it */
	scan_log(&ls);
	ls.bad = ls.unexpected = 0;
	swept = sweep();
	scan_log(&ls);
	check(swept > 0 && ls.bad == 0,
	      "stress: the sweep handed out %ld MiB, every page poisoned at its free checked: "
	      "no poison or corruption report (%d lines)", swept, ls.bad);
	back = counters_back(before, "stress");
	check(back == ncpu && ncpu <= 64,
	      "stress: every CPU has its counters back (%d of %d CPUs, %d on cpu0)", back, ncpu,
	      before[0]);
	check(unload() == 0, "stress: the module unloads at the end");
}
