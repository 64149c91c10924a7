/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * samplerrestart.c - a restart while the reader has not read everything
 * (docs/linux.md, "AUX"): the fresh run's buffers are the chunks in the
 * room at the reader's head, and each lap of it ends with a PAD record
 * over the chunks it does not use. A reader written here from the docs
 * alone (perf_event_open, no perf tool): it lets three buffers wait
 * unread, disables and enables the event, then reads everything as perf
 * record does (the AUX bytes from aux_tail to aux_head, pads included)
 * for two laps of the ring, and rvpmu-report decodes what it read.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "include/rvpmu/sampler.h"
#include "linux/perfcheck.h"

#define PAGE		4096ul
#define DATA_PAGES	8
#define AUX_PAGES	16	/* 16 one-page buffers when the ring is empty */
#define DATA_OUT	"/tmp/restart.rvps"

static const char events8[] = "0 1 3000000010003 3000000010004 8000000000000005 "
			      "8000000000000006 8000000000000007 8000000000000008\n";

struct reader {
	struct perf_event_mmap_page *pg;
	unsigned char *aux;
	unsigned char *out;	/* everything read, in order */
	size_t len;
	int truncated;		/* PERF_RECORD_AUX records flagged truncated */
};

static void count_truncated(void *arg, const uint64_t f[3])
{
	struct reader *r = arg;

	r->truncated += !!(f[2] & PERF_AUX_FLAG_TRUNCATED);
}

/* the data ring's records read: PERF_RECORD_AUX ones flagged truncated
   counted in r->truncated */
static void read_records(struct reader *r)
{
	aux_records(r->pg, count_truncated, r);
}

/* waits (at most ms) until aux_head is at least `at` */
static uint64_t head_at_least(struct reader *r, uint64_t at, int ms)
{
	uint64_t h = 0;
	int t;

	for (t = 0; t < ms; t += 2) {
		h = __atomic_load_n(&r->pg->aux_head, __ATOMIC_ACQUIRE);
		read_records(r);
		if (h >= at)
			break;
		usleep(2000);
	}
	return h;
}

/* the AUX bytes [aux_tail, aux_head) appended to out; the tail moved */
static int read_aux(struct reader *r)
{
	uint64_t head = __atomic_load_n(&r->pg->aux_head, __ATOMIC_ACQUIRE);
	uint64_t tail = r->pg->aux_tail, i;
	unsigned char *n = realloc(r->out, r->len + (head - tail) + 1);

	if (!n)
		return -1;
	r->out = n;
	for (i = tail; i < head; i++)
		r->out[r->len++] = r->aux[i % (AUX_PAGES * PAGE)];
	__atomic_store_n(&r->pg->aux_tail, head, __ATOMIC_RELEASE);
	return 0;
}

/* lines of rvpmu-report's output (argv[1] an option or the file) with s */
static int report_lines(const char *opt, const char *s, char *first, size_t n)
{
	char *argv[] = { "/bin/rvpmu-report", (char *)opt, DATA_OUT, NULL };

	if (!strcmp(opt, DATA_OUT))
		argv[2] = NULL;
	if (run(argv, "/tmp/restart.txt"))
		return -1;
	return lines_with("/tmp/restart.txt", s, first, n);
}

/*
 * The reader stops reading: the run fills the ring and stops FULL, and
 * the driver must say so at once (a PERF_RECORD_AUX flagged truncated,
 * before the reader is back) and write nothing more. perf core then asks
 * for the event to be disabled (perf_aux_output_end); the driver withdraws
 * the request and waits for room, and starts a fresh run itself. So once
 * the reader has read everything, an ENABLE (a no-op: the event is still
 * on) must bring a fresh run that writes.
 */
static void full_then_room(struct reader *r, int fd, int ok)
{
	int before = r->truncated;
	uint64_t full, later;

	usleep(600000);			/* 16 one-page buffers fill in ~150 ms */
	full = head_at_least(r, ~0ull, 50);
	later = head_at_least(r, ~0ull, 200);
	check(ok && r->truncated > before && later == full,
	      "sampler restart: a ring left unread stops the run FULL: flagged truncated at once (%d record(s)), nothing written after (%llu bytes)",
	      r->truncated - before, (unsigned long long)(later - full));
	ok = ok && read_aux(r) == 0 && !ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	/* the full run's last buffer (after a lap's pad: up to 4 pages),
	   then at least 4 of the fresh run's */
	later = head_at_least(r, full + 8 * PAGE, 2000);
	check(ok && later >= full + 8 * PAGE,
	      "sampler restart: once the reader read everything, a fresh run writes again (%llu bytes)",
	      (unsigned long long)(later - full));
}

void restart_unread(void)
{
	struct perf_event_attr a;
	struct reader r = { .pg = MAP_FAILED, .aux = MAP_FAILED };
	uint64_t before, at_restart, h = 0;
	char line[512];
	int fd = -1, ok = 0, runs, pads;
	FILE *f;

	if (!write_user_events(0, events8)) {
		check(0, "sampler restart: 8 events written to user_events");
		return;
	}
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = (uint32_t)sampler_pmu_type(0);
	a.config = 1000000 | 1ull << 32;	/* nr_sample, sample_period_ms=1 */
	a.config1 = 8ull << 32;			/* nr_pmu=8: a sample is one subsample */
	a.disabled = 1;
	fd = (int)syscall(SYS_perf_event_open, &a, -1, lead_cpu(0), -1, PERF_FLAG_FD_CLOEXEC);
	if (fd >= 0)
		r.pg = mmap(NULL, (1 + DATA_PAGES) * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (r.pg != MAP_FAILED) {
		r.pg->aux_offset = (1 + DATA_PAGES) * PAGE;
		r.pg->aux_size = AUX_PAGES * PAGE;
		r.aux = mmap(NULL, AUX_PAGES * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
			     (off_t)r.pg->aux_offset);
	}
	if (r.aux != MAP_FAILED && !ioctl(fd, PERF_EVENT_IOC_ENABLE, 0)) {
		/* three buffers committed, none read */
		before = head_at_least(&r, 3 * PAGE, 3000);
		ok = before >= 3 * PAGE && !ioctl(fd, PERF_EVENT_IOC_DISABLE, 0) &&
		     !ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
		at_restart = r.pg->aux_head;
		/* then a reader that keeps up, over two laps of the ring */
		while (ok && h < at_restart + 2 * AUX_PAGES * PAGE) {
			uint64_t want = r.pg->aux_head + PAGE;

			h = head_at_least(&r, want, 3000);
			ok = h >= want && read_aux(&r) == 0;
		}
		check(ok, "sampler restart: enabled again with 3 buffers unread, the run goes on for two laps (%llu bytes read)",
		      (unsigned long long)r.len);
		full_then_room(&r, fd, ok);
		ok = !ioctl(fd, PERF_EVENT_IOC_DISABLE, 0) && read_aux(&r) == 0;
	} else {
		check(0, "sampler restart: the event opens, maps and enables");
	}
	if (r.aux != MAP_FAILED)
		munmap(r.aux, AUX_PAGES * PAGE);
	if (r.pg != MAP_FAILED)
		munmap(r.pg, (1 + DATA_PAGES) * PAGE);
	if (fd >= 0)
		close(fd);
	f = fopen(DATA_OUT, "w");
	ok = f && fwrite(r.out, 1, r.len, f) == r.len;
	if (f)
		fclose(f);
	free(r.out);
	runs = report_lines(DATA_OUT, "RVPMU SAMPLER summary", NULL, 0);
	if (runs != 3)
		echo_file("/tmp/restart.txt", 40);
	check(ok && runs == 3, "sampler restart: rvpmu-report reads three runs (%d): the first, the one enabled again, the one after FULL",
	      runs);
	pads = report_lines("-D", "RVPMU SAMPLER pad", line, sizeof(line));
	printf("# sampler restart: %s", pads > 0 ? line : "(no pad)\n");
	check(pads >= 2,
	      "sampler restart: the fresh run's laps end with pads over the unread chunks (%d pads)",
	      pads);
	/* the last run's summary: none of its samples lost */
	report_lines(DATA_OUT, "RVPMU SAMPLER summary", line, sizeof(line));
	{
		long n = -1, lost = -1, r2;

		f = fopen("/tmp/restart.txt", "r");
		while (f && fgets(line, sizeof(line), f))
			if (strstr(line, "RVPMU SAMPLER summary") && strstr(line, "us, "))
				sscanf(strstr(line, "us, "), "us, %ld sample(s), %ld lost", &n, &lost);
		if (f)
			fclose(f);
		r2 = n;
		check(r2 > 0 && lost == 0,
		      "sampler restart: the fresh run decodes whole (%ld samples, %ld lost)", r2, lost);
	}
	check(write_events(0), "sampler restart: the 240 events back in user_events");
}
