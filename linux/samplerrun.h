/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * linux/samplerrun.h - one sampler event opened as perf record opens it,
 * for the Linux test system's boots that drive the event themselves (the
 * stress, samplerstress.c; a whole die offline, samplerdies.c):
 * perf_event_open on the die's lead CPU, the data ring and the AUX area
 * mapped, enabled; the committed buffers read as PERF_RECORD_AUX records
 * come; the run cut in one of four orders. Every function runs in the
 * calling thread; a struct srun is one thread's at a time.
 */
#ifndef RVPMU_LINUX_SAMPLERRUN_H
#define RVPMU_LINUX_SAMPLERRUN_H

#include <stdint.h>

#define SRUN_PAGE	4096ul
#define SRUN_DATA_PAGES	8	/* the data ring, for PERF_RECORD_AUX */

struct perf_event_mmap_page;

/* for user_events: the 8 kinds of samplercheck.c once each, so that with
   nr_pmu 8 a sample is one subsample of 1 ms (10 to a one-page buffer on
   4 harts) */
extern const char srun_events8[];

struct srun {
	int fd;				/* -1: closed */
	struct perf_event_mmap_page *pg;	/* MAP_FAILED: not mapped */
	char *aux;			/* MAP_FAILED: not mapped */
	unsigned long aux_size;		/* bytes of the AUX area */
	long samples;			/* in the committed buffers read so far */
	int bad;			/* committed buffers that did not decode */
};

/**
 * srun_open_event() - a die's sampler event on its lead CPU, not mapped
 * @r: the run (all of it is written)
 * @die: the die whose PMU (rvpmu_sampler_die<N>) it is
 * @nr_sample: samples the run asks for, each 1 ms
 * @nr_pmu: counters each hart rotates the events over
 * @aux_pages: pages of the AUX area srun_map() maps
 *
 * The event starts disabled.
 *
 * Return: 0, or -errno of perf_event_open (r->fd is then -1).
 */
int srun_open_event(struct srun *r, int die, uint32_t nr_sample, unsigned int nr_pmu,
		    unsigned int aux_pages);

/**
 * srun_map() - the data ring and the AUX area mapped, the event enabled
 * @r: a run srun_open_event() opened
 *
 * Return: 0, or -errno of the first mmap or ioctl that failed (what was
 *         mapped stays mapped: srun_cut() undoes it).
 */
int srun_map(struct srun *r);

/**
 * srun_open() - srun_open_event(), then srun_map()
 * @r: the run
 * @die: as srun_open_event()
 * @nr_sample: as srun_open_event()
 * @nr_pmu: as srun_open_event()
 * @aux_pages: as srun_open_event()
 *
 * Return: 0 or the first -errno.
 */
int srun_open(struct srun *r, int die, uint32_t nr_sample, unsigned int nr_pmu,
	      unsigned int aux_pages);

/**
 * srun_consume() - read the PERF_RECORD_AUX records that came
 * @r: a mapped run
 *
 * Each committed buffer's samples are added to r->samples (a buffer whose
 * header does not decode counts in r->bad and ends the record), and the
 * reader moves past the record, so the driver may hand its pages back.
 */
void srun_consume(struct srun *r);

/**
 * srun_wait_samples() - read until more than @than samples came
 * @r: a mapped run
 * @than: samples already seen
 * @ms: the longest wait, in ms (read every 2 ms)
 *
 * Return: r->samples at the end.
 */
long srun_wait_samples(struct srun *r, long than, int ms);

/* Each undoes one part of a run, once (a second call does nothing). */
void srun_unmap_aux(struct srun *r);
void srun_unmap_ring(struct srun *r);
void srun_close(struct srun *r);

/**
 * srun_cut() - the run cut in one of four orders; the event is gone after
 * @r: the run
 * @order: 0 the AUX area first (the event still enabled); 1 the fd first
 *         (the AUX munmap stops the event); 2 the data ring first; 3 fd,
 *         ring, then AUX (the AUX munmap is the last reference: it frees
 *         the event); taken modulo 4
 */
void srun_cut(struct srun *r, int order);

#endif
