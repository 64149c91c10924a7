/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * perfcheck.h - what perfcheck.c (/init of the Linux test system) shares
 * with samplercheck.c. User space, any CPU.
 */
#ifndef RVPMU_PERFCHECK_H
#define RVPMU_PERFCHECK_H

#include <stdint.h>

extern int ncpu;	/* online CPUs */

struct reading {
	uint64_t value, enabled, running;
};

/* One TAP line; counts toward "N passed, N failed". */
void check(int cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* perf_event_open of a disabled counting (period 0) or sampling event;
   returns the fd or -1. */
int perf_open(uint32_t type, uint64_t config, int cpu, int pid, uint64_t period,
	      int exclude_user, int exclude_kernel);
/* value, time enabled, time running; zeros if the read fails */
struct reading perf_read(int fd);
void on(int fd);	/* reset and enable */
void off(int fd);	/* disable */
void pin(int cpu);	/* the calling thread to that CPU */
void compute(unsigned long n);	/* about 3n user instructions */
void touch_pages(unsigned long pages);	/* writes fresh pages: dTLB misses */

/* issue 13: the sampler module, rvpmu-record and the decoded run
   (samplercheck.c); fw: "opensbi" when the firmware has no sampler */
void sampler_checks(const char *fw);

#endif
