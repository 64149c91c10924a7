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

static uint64_t slot_addr(const struct rvpmu_hart *h, unsigned int slot)
{
	return h->shmem + SBI_PMU_SNAPSHOT_VALUES_OFFSET + 8u * slot;
}

uint64_t rvpmu_snapshot_value(const struct rvpmu_hart *h, unsigned int slot)
{
	uint64_t v;

	h->cfg->mem->read(h->ctx, slot_addr(h, slot), &v, sizeof(v));
	return v;
}

/*
 * Write the overflow bitmap relative to base, from the core's own state
 * only (never from S-mode memory): stopped hpm counters noted as
 * overflowed at their stop, and running hpm counters whose OF is set now.
 * Zero without Sscofpmf, as the spec requires. Its own function, reached
 * by a tail call: its loop needs the registers the value writes do not.
 */
static __attribute__((noinline)) struct rvpmu_ret store_overflow_bitmap(const struct rvpmu_hart *h,
									rvpmu_ulong base)
{
	uint64_t ovf = 0, running;
	unsigned int idx;

	if (h->sscofpmf) {
		ovf = h->overflowed & h->configured & ~h->started;
		/* base < nr_counters <= 64 (checked by the caller): the shift is fine */
		running = h->started & h->hw & ~UINT64_C(7) & ~(BIT64(base) - 1);
		while (running) {
			idx = lowest_bit(running);
			running &= running - 1;
			if (rvpmu_hw_overflowed(h, idx))
				ovf |= BIT64(idx);
		}
	}
	rvpmu_mem_write64(h, h->shmem + SBI_PMU_SNAPSHOT_OVF_OFFSET, ovf >> base);
	return ret_val(0);
}

/* The set starts at base or above (a mask shifted by base): no bit scan. */
struct rvpmu_ret rvpmu_snapshot_store(const struct rvpmu_hart *h, uint64_t set,
				      rvpmu_ulong base)
{
	uint64_t m;
	unsigned int slot;

	for (m = set >> base, slot = 0; m; m >>= 1, slot++)
		if (m & 1)
			rvpmu_mem_write64(h, slot_addr(h, slot),
					  stopped_value(h, (unsigned int)base + slot));
	return store_overflow_bitmap(h, base);
}
