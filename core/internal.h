/* SPDX-License-Identifier: BSD-2-Clause */
/* core/internal.h - helpers shared by the core's files; not an API. */
#ifndef RVPMU_INTERNAL_H
#define RVPMU_INTERNAL_H

#include "pmu.h"

#define BIT64(n)	(UINT64_C(1) << (n))
#define FIXED_CTRS	(BIT64(0) | BIT64(2))	/* mcycle, minstret */

static inline struct rvpmu_ret ret_err(long err)
{
	struct rvpmu_ret r = { err, 0 };
	return r;
}

static inline struct rvpmu_ret ret_val(rvpmu_ulong value)
{
	struct rvpmu_ret r = { SBI_SUCCESS, value };
	return r;
}

static inline unsigned int lowest_bit(uint64_t x)
{
	return (unsigned int)__builtin_ctzll(x);
}

static inline bool is_fw_ctr(const struct rvpmu_hart *h, unsigned int idx)
{
	return idx >= h->fw_base;
}

/* Bits of hardware counter ctr that hold its value. */
static inline uint64_t width_mask(const struct rvpmu_hart *h, unsigned int ctr)
{
	unsigned int w = h->width[ctr];

	return w >= 64 ? ~UINT64_C(0) : BIT64(w) - 1;
}

/*
 * Turn (counter_idx_base, counter_idx_mask) into a bitmap of logical
 * counters. SBI_SUCCESS, or SBI_ERR_INVALID_PARAM for mask 0, a base or a
 * highest counter beyond num_counters, or a gap in the set.
 */
long rvpmu_counter_set(const struct rvpmu_hart *h, rvpmu_ulong base,
		       rvpmu_ulong mask, uint64_t *set);

/*
 * Logical counters of this hart that can count (event_idx, event_data),
 * busy or not; 0 when the encoding is invalid or nothing can count it.
 */
uint64_t rvpmu_event_counters(const struct rvpmu_hart *h,
			      rvpmu_ulong event_idx, uint64_t event_data);

/* mhpmevent value for an event, without the Sscofpmf bits. */
uint64_t rvpmu_event_selector(const struct rvpmu_hart *h, uint32_t event_idx,
			      uint64_t event_data);

static inline bool event_is_fw(rvpmu_ulong event_idx)
{
	return SBI_PMU_EVENT_TYPE(event_idx) == SBI_PMU_EVENT_TYPE_FW;
}

/* Current value of a logical counter (hardware or firmware). */
uint64_t rvpmu_counter_value(const struct rvpmu_hart *h, unsigned int idx);

/* Firmware counter bookkeeping (fwctr.c). */
void rvpmu_fw_start(struct rvpmu_hart *h, unsigned int idx, uint64_t value);
void rvpmu_fw_stop(struct rvpmu_hart *h, unsigned int idx);

/*
 * Record the value of a hardware counter just inhibited, given a read
 * taken just before inhibiting it: h->saved gets the newer of that and a
 * read now, and is written back (QEMU 7.2 answers reads of inhibited
 * cycle/instret counters with the value last written). See startstop.c.
 */
void rvpmu_hw_settle(struct rvpmu_hart *h, unsigned int idx, uint64_t before);

/* Start the counters of set (validated); values from the flags (start.c). */
void rvpmu_start_set(struct rvpmu_hart *h, uint64_t set, rvpmu_ulong base,
		     rvpmu_ulong flags, uint64_t initial_value);

/* Snapshot area access (snapshot.c); only with h->shmem_on. */
uint64_t rvpmu_snapshot_value(const struct rvpmu_hart *h, unsigned int slot);
void rvpmu_snapshot_store(const struct rvpmu_hart *h, uint64_t set,
			  rvpmu_ulong base, uint64_t overflowed);

#endif
