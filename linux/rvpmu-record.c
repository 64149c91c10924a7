/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * rvpmu-record - perf record for rvpmu's sampler PMU (issue 13), static,
 * for the test initramfs or any rv64 Linux with rvpmu_sampler.ko:
 *
 *   rvpmu-record -e rvpmu_sampler_die0/nr_sample=32,sample_period_ms=1/ \
 *                -o FILE [-m AUX_PAGES] [-t SECONDS]
 *
 * Opens the event system-wide on the PMU's cpumask CPU (the module moves
 * it to another CPU of the die if that one goes offline), with the terms
 * set through the PMU's format/ files, maps the data and AUX areas,
 * enables it and copies every buffer the module commits to FILE as is
 * (the buffers back to back: what rvpmu-report reads), until nr_sample
 * samples are in, a LAST buffer came, or the -t time is up (no limit by
 * default). Progress and a
 * summary on stderr. Exit 0 when every sample arrived.
 *
 * A run the firmware refuses at enable (the kernel log says "the firmware
 * refused the run (errno)", e.g. -EBUSY when regular perf holds the
 * counters it needs) leaves the event stopped: no buffer comes and
 * rvpmu-record ends at its -t time limit, exit 1. Linux's own perf record
 * has no AUX support for this PMU (it only maps AUX for the PMUs its
 * auxtrace code knows), hence this tool.
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
#include <time.h>
#include <unistd.h>

#include "rvpmu/sampler.h"

#define SYSFS "/sys/bus/event_source/devices/"
#define DATA_PAGES 8

static long read_num(const char *path, int base)
{
	char b[64] = "";
	FILE *f = fopen(path, "r");

	if (!f || !fgets(b, sizeof(b), f)) {
		if (f)
			fclose(f);
		return -1;
	}
	fclose(f);
	return strtol(b, NULL, base);
}

/* term=value through format/term ("configN:lo-hi") */
static int set_term(struct perf_event_attr *a, const char *pmu, const char *term,
		    uint64_t v)
{
	char path[256], fmt[64] = "";
	unsigned lo, hi;
	__u64 *field;
	FILE *f;

	snprintf(path, sizeof(path), SYSFS "%s/format/%s", pmu, term);
	f = fopen(path, "r");
	if (!f || !fgets(fmt, sizeof(fmt), f)) {
		fprintf(stderr, "rvpmu-record: %s has no term %s\n", pmu, term);
		if (f)
			fclose(f);
		return -1;
	}
	fclose(f);
	field = !strncmp(fmt, "config1:", 8) ? &a->config1 :
		!strncmp(fmt, "config2:", 8) ? &a->config2 : &a->config;
	if (sscanf(strchr(fmt, ':') + 1, "%u-%u", &lo, &hi) != 2 || hi < lo || hi > 63)
		return -1;
	if (hi - lo < 63 && v >> (hi - lo + 1)) {
		fprintf(stderr, "rvpmu-record: %s=%llu does not fit %s", term,
			(unsigned long long)v, fmt);
		return -1;
	}
	*field |= v << lo;
	return 0;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	const char *ev = NULL, *out = NULL;
	long aux_pages = 128, secs = 0, psz = sysconf(_SC_PAGESIZE);
	struct perf_event_attr attr;
	struct perf_event_mmap_page *up;
	char pmu[64], terms[256] = "", path[256], *t, *save;
	uint64_t nr_sample = RVPMU_SAMPLER_NR_SAMPLE_DEFAULT, samples = 0, bufs = 0;
	unsigned char *aux;
	int opt, fd, cpu, last = 0;
	double t_end;
	FILE *o;

	while ((opt = getopt(argc, argv, "e:o:m:t:")) != -1) {
		if (opt == 'e')
			ev = optarg;
		else if (opt == 'o')
			out = optarg;
		else if (opt == 'm')
			aux_pages = strtol(optarg, NULL, 0);
		else if (opt == 't')
			secs = strtol(optarg, NULL, 0);
	}
	if (!ev || !out || sscanf(ev, "%63[^/]/%255[^/]", pmu, terms) < 1 ||
	    aux_pages < 2 || (aux_pages & (aux_pages - 1))) {
		fprintf(stderr, "usage: rvpmu-record -e PMU/term=v,.../ -o FILE "
			"[-m AUX_PAGES (power of 2, default 128)] [-t SECONDS (default: no limit)]\n");
		return 2;
	}
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.disabled = 1;
	snprintf(path, sizeof(path), SYSFS "%s/type", pmu);
	attr.type = (uint32_t)read_num(path, 10);
	snprintf(path, sizeof(path), SYSFS "%s/cpumask", pmu);
	cpu = (int)read_num(path, 10);
	if ((int)attr.type < 0 || cpu < 0) {
		fprintf(stderr, "rvpmu-record: no PMU %s (is rvpmu_sampler.ko loaded?)\n", pmu);
		return 1;
	}
	for (t = strtok_r(terms, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(t, '=');
		uint64_t v = eq ? strtoull(eq + 1, NULL, 0) : 1;

		if (eq)
			*eq = '\0';
		if (set_term(&attr, pmu, t, v))
			return 2;
		if (!strcmp(t, "nr_sample") && v)
			nr_sample = v;
	}
	fd = (int)syscall(SYS_perf_event_open, &attr, -1, cpu, -1, 0);
	if (fd < 0) {
		fprintf(stderr, "rvpmu-record: perf_event_open %s on cpu%d: %s\n", pmu, cpu,
			strerror(errno));
		return 1;
	}
	up = mmap(NULL, (1 + DATA_PAGES) * psz, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (up == MAP_FAILED) {
		perror("rvpmu-record: mmap data");
		return 1;
	}
	up->aux_offset = (1 + DATA_PAGES) * psz;
	up->aux_size = aux_pages * psz;
	aux = mmap(NULL, up->aux_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, up->aux_offset);
	o = fopen(out, "wb");
	if (aux == MAP_FAILED || !o) {
		perror(aux == MAP_FAILED ? "rvpmu-record: mmap AUX" : out);
		return 1;
	}
	if (ioctl(fd, PERF_EVENT_IOC_ENABLE, 0)) {
		perror("rvpmu-record: enable");
		return 1;
	}
	t_end = secs > 0 ? now() + secs : 0;
	while (samples < nr_sample && !last && (!t_end || now() < t_end)) {
		uint64_t head = __atomic_load_n(&up->aux_head, __ATOMIC_ACQUIRE);
		uint64_t tail = up->aux_tail;

		while (tail < head) {	/* whole buffers, never across the ring's end */
			uint64_t off = tail % up->aux_size;
			struct rvpmu_sampler_header *h = (void *)(aux + off);

			if (h->magic != RVPMU_SAMPLER_BUF_MAGIC || !h->buffer_size ||
			    h->buffer_size > head - tail || off + h->buffer_size > up->aux_size) {
				fprintf(stderr, "rvpmu-record: bad buffer at AUX offset %llu\n",
					(unsigned long long)off);
				return 1;
			}
			fwrite(h, 1, h->buffer_size, o);
			fflush(o);	/* the file grows buffer by buffer */
			samples += h->nr_samples;
			last = h->state == RVPMU_SAMPLER_BUF_LAST;
			bufs++;
			fprintf(stderr, "rvpmu-record: buffer %llu: %u samples, %llu/%llu\n",
				(unsigned long long)bufs, h->nr_samples,
				(unsigned long long)samples, (unsigned long long)nr_sample);
			tail += h->buffer_size;
		}
		__atomic_store_n(&up->aux_tail, tail, __ATOMIC_RELEASE);
		usleep(2000);
	}
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	fclose(o);
	close(fd);
	fprintf(stderr, "rvpmu-record: %llu samples of %llu in %llu buffers to %s%s\n",
		(unsigned long long)samples, (unsigned long long)nr_sample,
		(unsigned long long)bufs, out, samples < nr_sample ? " (incomplete)" : "");
	return samples >= nr_sample ? 0 : 1;
}
