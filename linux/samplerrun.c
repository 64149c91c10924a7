/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * samplerrun.c - one sampler event opened as perf record opens it, read
 * and cut (samplerrun.h says what each function does).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/perf_event.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "include/rvpmu/sampler.h"
#include "linux/perfcheck.h"
#include "linux/samplerrun.h"

#define RING_SIZE	((1 + SRUN_DATA_PAGES) * SRUN_PAGE)

const char srun_events8[] = "0 1 3000000010003 3000000010004 8000000000000005 "
			    "8000000000000006 8000000000000007 8000000000000008\n";

int srun_open_event(struct srun *r, int die, uint32_t nr_sample, unsigned int nr_pmu,
		    unsigned int aux_pages)
{
	struct perf_event_attr a;

	memset(r, 0, sizeof(*r));
	r->pg = MAP_FAILED;
	r->aux = MAP_FAILED;
	r->aux_size = aux_pages * SRUN_PAGE;
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = (uint32_t)sampler_pmu_type(die);
	a.config = nr_sample | 1ull << 32;	/* nr_sample, sample_period_ms=1 */
	a.config1 = (uint64_t)nr_pmu << 32;	/* nr_pmu */
	a.disabled = 1;
	r->fd = (int)syscall(SYS_perf_event_open, &a, -1, lead_cpu(die), -1,
			     PERF_FLAG_FD_CLOEXEC);
	return r->fd < 0 ? -errno : 0;
}

int srun_map(struct srun *r)
{
	r->pg = mmap(NULL, RING_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, r->fd, 0);
	if (r->pg == MAP_FAILED)
		return -errno;
	r->pg->aux_offset = RING_SIZE;
	r->pg->aux_size = r->aux_size;
	r->aux = mmap(NULL, r->aux_size, PROT_READ | PROT_WRITE, MAP_SHARED, r->fd,
		      (off_t)r->pg->aux_offset);
	if (r->aux == MAP_FAILED)
		return -errno;
	return ioctl(r->fd, PERF_EVENT_IOC_ENABLE, 0) ? -errno : 0;
}

int srun_open(struct srun *r, int die, uint32_t nr_sample, unsigned int nr_pmu,
	      unsigned int aux_pages)
{
	int err = srun_open_event(r, die, nr_sample, nr_pmu, aux_pages);

	return err ? err : srun_map(r);
}

/* the buffers of one PERF_RECORD_AUX: each a header and its samples;
   afterwards the reader is past them, so the driver releases them */
static void aux_record(void *arg, const uint64_t f[3])
{
	struct srun *r = arg;
	uint64_t off = f[0], end = f[0] + f[1];

	while (off < end) {
		const struct rvpmu_sampler_header *h =
			(const void *)(r->aux + off % r->aux_size);

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

void srun_consume(struct srun *r)
{
	aux_records(r->pg, aux_record, r);
}

long srun_wait_samples(struct srun *r, long than, int ms)
{
	for (int t = 0; t < ms; t += 2) {
		srun_consume(r);
		if (r->samples > than)
			break;
		usleep(2000);
	}
	return r->samples;
}

void srun_unmap_aux(struct srun *r)
{
	if (r->aux != MAP_FAILED)
		munmap(r->aux, r->aux_size);
	r->aux = MAP_FAILED;
}

void srun_unmap_ring(struct srun *r)
{
	if (r->pg != MAP_FAILED)
		munmap(r->pg, RING_SIZE);
	r->pg = MAP_FAILED;
}

void srun_close(struct srun *r)
{
	if (r->fd >= 0)
		close(r->fd);
	r->fd = -1;
}

void srun_cut(struct srun *r, int order)
{
	switch (order % 4) {
	case 0:
		srun_unmap_aux(r), srun_unmap_ring(r), srun_close(r);
		break;
	case 1:
		srun_close(r), srun_unmap_aux(r), srun_unmap_ring(r);
		break;
	case 2:
		srun_unmap_ring(r), srun_unmap_aux(r), srun_close(r);
		break;
	default:
		srun_close(r), srun_unmap_ring(r), srun_unmap_aux(r);
		break;
	}
}
