/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * perfload.c - the checks' workload (perfcheck.h): user compute, fresh
 * pages (dTLB misses, a TLB flush), timer naps and a thread woken on
 * another CPU (IPIs both ways), for the events the firmware counts.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "linux/perfcheck.h"

static volatile uint64_t sink;

void compute(unsigned long n)
{
	uint64_t x = 1;

	while (n--)
		x = x * 6364136223846793005ull + 1442695040888963407ull;
	sink += x;
}

void touch_pages(unsigned long pages)
{
	char *p = mmap(NULL, pages * 4096, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned long i;

	if (p == MAP_FAILED)
		return;
	/* read first: every page's first access is a load that misses (a
	   write first leaves the reads below nothing to miss, and the
	   kernel's own loads in the faults are few from Linux 6.12 on),
	   then a store to the read-only zero page that misses again */
	for (i = 0; i < pages; i++)
		sink += (unsigned char)p[i * 4096];
	for (i = 0; i < pages; i++)
		p[i * 4096] = (char)i;
	for (i = 0; i < pages; i++)
		sink += (unsigned char)p[i * 4096];
	munmap(p, pages * 4096);	/* a TLB flush, remote when shared */
}

static int pipes[2][2];

static void *pong(void *arg)
{
	char c;
	int n = (int)(intptr_t)arg;

	pin(n);
	while (read(pipes[0][0], &c, 1) == 1 && c)
		if (write(pipes[1][1], &c, 1) != 1)
			break;
	return NULL;
}

/* Wake a thread on another CPU, rounds times: IPIs both ways. */
void ping_pong(int other, int rounds)
{
	pthread_t t;
	char c = 1;
	int i;

	if (pipe(pipes[0]) || pipe(pipes[1]))
		return;
	pthread_create(&t, NULL, pong, (void *)(intptr_t)other);
	for (i = 0; i < rounds; i++)
		if (write(pipes[0][1], &c, 1) != 1 || read(pipes[1][0], &c, 1) != 1)
			break;
	c = 0;
	if (write(pipes[0][1], &c, 1) != 1)
		perror("write");
	pthread_join(t, NULL);
	for (i = 0; i < 2; i++)
		close(pipes[i][0]), close(pipes[i][1]);
}

/* n sleeps of 2 ms: timer interrupts */
void naps(int n)
{
	struct timespec ts = { 0, 2 * 1000 * 1000 };

	while (n--)
		nanosleep(&ts, NULL);
}

/* all of the above, the cross-CPU part with the next CPU */
void workload(int cpu)
{
	compute(2000000);
	touch_pages(256);
	naps(10);
	if (ncpu > 1)
		ping_pong((cpu + 1) % ncpu, 50);
}
