/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU core's two seams that are not CSRs: S-mode memory (the
 * snapshot area, event_get_info's list), checked against RAM and the
 * firmware's region, and the firmware's own events (SBI calls, M-mode
 * traps, SNAPSHOT_SET_SHMEM calls: include/rvpmu/sbi.h).
 *
 * Hart context: the hart the core runs a call on, in M-mode; a platform
 * event may read another hart's count (fw_read64). Apart from pmu_hw.c
 * (the CSRs and their probes) because they share nothing with it but
 * the ops tables fw_pmu_init hands the core.
 */
#include <string.h>

#include "harts.h"
#include "platform.h"
#include "pmu_hw.h"
#include "core/hw.h"	/* and through it rvpmu_hw_platform.h: fw_smode_store64 */

/* ---- S-mode memory: checked against RAM and the firmware's region */

static int mem_check(void *ctx, uint64_t pa, uint64_t size, bool write)
{
	(void)ctx;
	(void)write;	/* all S-mode RAM is writable by S-mode */
	return fw_smode_range(pa, size) ? 0 : SBI_ERR_INVALID_ADDRESS;
}

static void mem_read(void *ctx, uint64_t pa, void *dst, unsigned long len)
{
	(void)ctx;
	/* a snapshot word (START's INIT_SNAPSHOT, a value per counter of
	   Linux's overflow handler): a load, as mem_write stores */
	if (len == sizeof(uint64_t) && !(pa & 7) && !((uintptr_t)dst & 7)) {
		*(uint64_t *)dst = *(const volatile uint64_t *)(uintptr_t)pa;
		return;
	}
	memcpy(dst, (const void *)(uintptr_t)pa, len);
}

static void mem_write(void *ctx, uint64_t pa, const void *src, unsigned long len)
{
	(void)ctx;
	/* the snapshot's words, one at a time: a store, where memcpy spent
	   some fifty instructions deciding how to copy eight bytes */
	if (len == sizeof(uint64_t) && !(pa & 7) && !((uintptr_t)src & 7)) {
		fw_smode_store64(pa, *(const uint64_t *)src);
		return;
	}
	memcpy((void *)(uintptr_t)pa, src, len);
}

const struct rvpmu_mem_ops fw_pmu_mem_ops = {
	.check = mem_check,
	.read = mem_read,
	.write = mem_write,
};

/* The sampler's S-mode memory: SBI shared memory (fw_smode_shmem). */
static int shmem_check(void *ctx, uint64_t pa, uint64_t size, bool write)
{
	(void)ctx;
	(void)write;	/* readable and writable alike */
	return fw_smode_shmem(pa, size) ? 0 : SBI_ERR_INVALID_ADDRESS;
}

const struct rvpmu_mem_ops fw_sampler_mem_ops = {
	.check = shmem_check,
	.read = mem_read,
	.write = mem_write,
};

/* ---- implementation and platform events: counts this firmware keeps
   per hart (include/rvpmu/sbi.h) */

/* The hart whose SNAPSHOT_SET_SHMEM calls a platform event's event_data
   names, or NULL. */
static struct fw_hart *shmem_calls_of(uint64_t data)
{
	if ((data & ~(uint64_t)0xFFFF) != RVPMU_PLAT_SHMEM_CALLS_TAG)
		return 0;
	return fw_hart_of((unsigned long)(data & 0xFFFF));
}

static bool fw_supported(void *ctx, uint32_t code, uint64_t data)
{
	(void)ctx;
	if (code == SBI_PMU_FW_PLATFORM)
		return shmem_calls_of(data) != 0;
	return data == 0 && (code == FW_EVENT_SBI_CALLS || code == FW_EVENT_M_TRAPS);
}

static uint64_t fw_read(void *ctx, uint32_t code, uint64_t data)
{
	struct fw_hart *h = ctx;

	if (code == SBI_PMU_FW_PLATFORM)
		return fw_read64(&shmem_calls_of(data)->shmem_calls);
	return code == FW_EVENT_SBI_CALLS ? h->sbi_calls : h->m_traps;
}

const struct rvpmu_fw_ops fw_pmu_fw_ops = {
	.supported = fw_supported,
	.read = fw_read,
};
