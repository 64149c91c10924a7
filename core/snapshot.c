/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Snapshot shared memory. The spec lets the implementation touch the area
 * only during stop with TAKE_SNAPSHOT (read/write) and start with
 * INIT_SNAPSHOT (read), so set_shmem checks the range and remembers it
 * without reading or writing it.
 */
#include "internal.h"

struct rvpmu_ret rvpmu_snapshot_set_shmem(struct rvpmu_hart *h,
					  rvpmu_ulong lo, rvpmu_ulong hi,
					  rvpmu_ulong flags)
{
	uint64_t addr;

	if (flags)
		return ret_err(SBI_ERR_INVALID_PARAM);
	if (lo == (rvpmu_ulong)~(rvpmu_ulong)0 && hi == (rvpmu_ulong)~(rvpmu_ulong)0) {
		h->shmem_on = false;
		h->shmem = 0;
		return ret_val(0);
	}
	if (lo & (SBI_PMU_SNAPSHOT_ALIGN - 1))
		return ret_err(SBI_ERR_INVALID_PARAM);
#if RVPMU_XLEN == 32
	addr = ((uint64_t)hi << 32) | lo;
#else
	if (hi)
		return ret_err(SBI_ERR_INVALID_ADDRESS);
	addr = lo;
#endif
	if (addr + SBI_PMU_SNAPSHOT_SIZE < addr ||
	    h->cfg->mem->check(h->ctx, addr, SBI_PMU_SNAPSHOT_SIZE, true))
		return ret_err(SBI_ERR_INVALID_ADDRESS);
	h->shmem = addr;
	h->shmem_on = true;
	return ret_val(0);
}


uint64_t rvpmu_snapshot_value(const struct rvpmu_hart *h, unsigned int slot)
{
	uint64_t v;

	h->cfg->mem->read(h->ctx, rvpmu_snapshot_slot(h, slot), &v, sizeof(v));
	return v;
}

/* rvpmu_snapshot_store_bitmap's part for running hpm counters (internal.h). */
struct rvpmu_ret rvpmu_snapshot_bitmap_running(const struct rvpmu_hart *h, rvpmu_ulong base,
					       uint64_t ovf, uint64_t running)
{
	unsigned int idx;

	do {
		idx = lowest_bit(running);
		running &= running - 1;
		if (rvpmu_hw_overflowed(h, idx))
			ovf |= BIT64(idx);
	} while (running);
	return rvpmu_snapshot_write_bitmap(h, base, ovf);
}

/* The set starts at base or above (a mask shifted by base): no bit scan. */
struct rvpmu_ret rvpmu_snapshot_store(const struct rvpmu_hart *h, uint64_t set,
				      rvpmu_ulong base)
{
	uint64_t m = set >> base, addr = rvpmu_snapshot_slot(h, 0), running;
	uint64_t ovf = rvpmu_snapshot_ovf(h, base, &running);
	unsigned int idx = (unsigned int)base;

	do {
		if (m & 1)
			rvpmu_mem_write64(h, addr, stopped_value(h, idx));
		addr += 8;
		idx++;
	} while (m >>= 1);
	return rvpmu_snapshot_store_bitmap(h, base, ovf, running);
}
