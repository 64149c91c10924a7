/* SPDX-License-Identifier: BSD-2-Clause */
/* S-mode client of the sampler extension, version 2: see sampler.h. */
#include <stddef.h>
#include <string.h>

#include "client/rt.h"
#include "client/sampler.h"

bool sampler_present(void)
{
	return sbi_probe(RVPMU_SAMPLER_EID) >= (long)RVPMU_SAMPLER_SPEC_VERSION;
}

struct sbiret sampler_get_info(struct rvpmu_sampler_info *info)
{
	uintptr_t pa = (uintptr_t)info;

	return SBI_CALL3(RVPMU_SAMPLER_EID, RVPMU_SAMPLER_GET_INFO, SBI_LO(pa), SBI_HI(pa),
			 sizeof(*info));
}

void sampler_cfg_init(struct rvpmu_sampler_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->magic = RVPMU_SAMPLER_CFG_MAGIC;
	cfg->version = RVPMU_SAMPLER_CFG_VERSION;
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

void sampler_cfg_cycles_instret(struct rvpmu_sampler_config *cfg, uint32_t period_us,
				uint32_t nr_sample)
{
	sampler_cfg_init(cfg);
	sampler_cfg_event(cfg, SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_HW, SBI_PMU_HW_CPU_CYCLES), 0);
	sampler_cfg_event(cfg, SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_HW, SBI_PMU_HW_INSTRUCTIONS), 0);
	cfg->nr_pmu = 2;
	cfg->period_us = period_us;
	cfg->nr_sample = nr_sample;
}

struct sbiret sampler_configure(struct rvpmu_sampler_config *cfg, unsigned long hart_mask,
				unsigned long hart_mask_base, unsigned long flags)
{
	uintptr_t pa = (uintptr_t)cfg;

	return sbi_call(RVPMU_SAMPLER_EID, RVPMU_SAMPLER_CONFIGURE, SBI_LO(pa), SBI_HI(pa),
			hart_mask, hart_mask_base, flags, 0);
}

struct sbiret sampler_configure_all(struct rvpmu_sampler_config *cfg)
{
	return sampler_configure(cfg, 0, RVPMU_SAMPLER_ALL_HARTS, 0);
}

struct sbiret sampler_check(struct rvpmu_sampler_config *cfg, unsigned long hart_mask,
			    unsigned long hart_mask_base, unsigned long flags)
{
	return sampler_configure(cfg, hart_mask, hart_mask_base,
				 flags | RVPMU_SAMPLER_CONF_CHECK_ONLY);
}

/* Zero len bytes at p, then order the stores before the next ecall: the
   implementation on another hart reads what this one wrote. */
static void zero(void *p, uint64_t len)
{
	memset(p, 0, (size_t)len);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}

struct sbiret sampler_start(const struct rvpmu_sampler_config *cfg)
{
	for (uint32_t i = 0; cfg && i < cfg->nr_bufs && i < RVPMU_SAMPLER_MAX_BUFS; i++)
		zero((void *)(uintptr_t)cfg->bufs[i].addr, cfg->bufs[i].size);
	return SBI_CALL0(RVPMU_SAMPLER_EID, RVPMU_SAMPLER_START);
}

struct sbiret sampler_stop(void)
{
	return SBI_CALL0(RVPMU_SAMPLER_EID, RVPMU_SAMPLER_STOP);
}

struct sbiret sampler_reset(void)
{
	return SBI_CALL0(RVPMU_SAMPLER_EID, RVPMU_SAMPLER_RESET);
}

struct sbiret sampler_status(struct rvpmu_sampler_status *st, unsigned long size)
{
	uintptr_t pa = (uintptr_t)st;

	return SBI_CALL3(RVPMU_SAMPLER_EID, RVPMU_SAMPLER_STATUS, SBI_LO(pa), SBI_HI(pa), size);
}

uint32_t sampler_buffer_state(const void *buf)
{
	return __atomic_load_n((const uint32_t *)((const char *)buf +
			       offsetof(struct rvpmu_sampler_header, state)), __ATOMIC_ACQUIRE);
}

struct sbiret sampler_buffer_release(const struct rvpmu_sampler_config *cfg,
				     unsigned long index)
{
	if (cfg && index < cfg->nr_bufs && index < RVPMU_SAMPLER_MAX_BUFS) {
		char *b = (char *)(uintptr_t)cfg->bufs[index].addr;
		const struct rvpmu_sampler_header *h = (const void *)b;
		uint32_t state = sampler_buffer_state(b);
		uint64_t hs = h->header_size;

		/* a closed fill only: one being filled is the implementation's */
		if ((state == RVPMU_SAMPLER_BUF_FULL || state == RVPMU_SAMPLER_BUF_LAST) &&
		    hs <= cfg->bufs[index].size)
			zero(b + hs, cfg->bufs[index].size - hs);
	}
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

uint64_t sampler_my_subsamples(struct rvpmu_sampler_status *st, unsigned long size)
{
	const struct rvpmu_sampler_hart_status *h = (const void *)(st + 1);
	unsigned long me = rt_hartid(), fit;

	if (size < sizeof(*st) || sampler_status(st, size).error)
		return 0;
	fit = (size - sizeof(*st)) / sizeof(*h);
	for (uint32_t i = 0; i < st->nr_harts && i < fit; i++)
		if (h[i].hartid == me)
			return h[i].subsamples;
	return 0;
}
