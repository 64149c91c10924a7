/* SPDX-License-Identifier: BSD-2-Clause */
/* S-mode client of rvpmu's offloaded sampler: see sampler.h. */
#include <string.h>

#include "client/sampler.h"

bool sampler_present(void)
{
	return sbi_probe(RVPMU_SAMPLER_EID) > 0;
}

void sampler_cfg_init(struct rvpmu_sampler_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->magic = RVPMU_SAMPLER_CFG_MAGIC;
	cfg->version = RVPMU_SAMPLER_VERSION;
}

long sampler_cfg_event(struct rvpmu_sampler_config *cfg, uint32_t event_idx,
		       uint64_t event_data)
{
	struct rvpmu_sampler_event *e;

	if (cfg->nr_events >= RVPMU_SAMPLER_MAX_EVENTS)
		return SBI_ERR_INVALID_PARAM;
	e = &cfg->events[cfg->nr_events++];
	e->event_idx = event_idx;
	e->reserved = 0;
	e->event_data = event_data;
	return 0;
}

long sampler_cfg_buffer(struct rvpmu_sampler_config *cfg, void *addr, uint64_t size)
{
	if (cfg->nr_bufs >= RVPMU_SAMPLER_MAX_BUFS)
		return SBI_ERR_INVALID_PARAM;
	cfg->bufs[cfg->nr_bufs].addr = (uintptr_t)addr;
	cfg->bufs[cfg->nr_bufs].size = size;
	cfg->nr_bufs++;
	return 0;
}

struct sbiret sampler_configure(const struct rvpmu_sampler_config *cfg)
{
	uintptr_t pa = (uintptr_t)cfg;

	return SBI_CALL2(RVPMU_SAMPLER_EID, RVPMU_SAMPLER_CONFIGURE, SBI_LO(pa), SBI_HI(pa));
}

struct sbiret sampler_start(void)
{
	return SBI_CALL0(RVPMU_SAMPLER_EID, RVPMU_SAMPLER_START);
}

struct sbiret sampler_stop(void)
{
	return SBI_CALL0(RVPMU_SAMPLER_EID, RVPMU_SAMPLER_STOP);
}

struct sbiret sampler_status(struct rvpmu_sampler_status *st, unsigned long size)
{
	uintptr_t pa = (uintptr_t)st;

	return SBI_CALL3(RVPMU_SAMPLER_EID, RVPMU_SAMPLER_STATUS, SBI_LO(pa), SBI_HI(pa), size);
}

struct sbiret sampler_buffer_release(unsigned long index)
{
	return SBI_CALL1(RVPMU_SAMPLER_EID, RVPMU_SAMPLER_BUFFER_RELEASE, index);
}

long sampler_wait(struct rvpmu_sampler_status *st, unsigned long size, uint64_t ticks)
{
	uint64_t end = rd_time() + ticks;
	struct sbiret r;

	for (;;) {
		r = sampler_status(st, size);
		if (r.error || st->state != RVPMU_SAMPLER_RUNNING)
			return r.error;
		if (rd_time() > end)
			return SBI_ERR_TIMEOUT;
	}
}

uint64_t sampler_buffer_bytes(const void *buf)
{
	const struct rvpmu_sampler_header *h = buf;

	return h->magic == RVPMU_SAMPLER_BUF_MAGIC ? h->buffer_size : 0;
}
