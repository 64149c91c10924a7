/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Firmware counters. Standard events (codes 0..21) are counted at the event
 * site: h->fw_counting[code] holds the started firmware counters of that
 * code and whether the sampler counts it, so a site with nothing to count
 * costs a load and a branch.
 * Implementation and platform events come from struct rvpmu_fw_ops->read,
 * a free-running count; a counter holds the difference since its start.
 */
#include "internal.h"

/* By shifting from the lowest counter (a bit scan only when that is not
   the first firmware counter): one counter counting, the usual case,
   is a single step. */
struct rvpmu_ret rvpmu_fw_count_slow(struct rvpmu_hart *h, unsigned int code,
				     rvpmu_fw_both counting)
{
	uint64_t *v = h->fw_value;
	/* the site's load holds both halves: ctrs the low one (little-endian) */
	unsigned long counters = (rvpmu_fw_bits)counting;
	unsigned int f;

	_Static_assert(__builtin_offsetof(union rvpmu_fw_counting, by.ctrs) == 0,
		       "ctrs is the low half of any");
	if (counting >> (8 * sizeof(rvpmu_fw_bits))) {	/* by.sampled */
		h->fw_total[code]++;
		if (!counters)
			return ret_val(0);
	}

	if (!(counters & 1)) {
		f = lowest_bit(counters);
		v += f;
		counters >>= f;
	}
	do {
		if (counters & 1)
			(*v)++;
		v++;
	} while (counters >>= 1);
	return ret_val(0);
}

/* The platform-event halves of rvpmu_fw_start/stop (internal.h): a
   counter holds what fw_ops->read advanced by while it ran. While it runs
   its fw_value is the value less the read's origin (modulo 2^64), so that
   value = fw_value + read now, with no second word a counter. */
struct rvpmu_ret rvpmu_fw_start_ext(struct rvpmu_hart *h, unsigned int idx)
{
	h->fw_value[idx - h->fw_base] -= rvpmu_fw_ext_read(h, idx);
	h->fw_ext |= BIT64(idx);
	return ret_val(0);
}

struct rvpmu_ret rvpmu_fw_stop_ext(struct rvpmu_hart *h, unsigned int idx)
{
	h->fw_value[idx - h->fw_base] += rvpmu_fw_ext_read(h, idx);
	h->fw_ext &= ~BIT64(idx);
	return ret_val(0);
}

/* rvpmu_fw_set's platform events (startstop.c): ext as firmware counter
   numbers less fw_base. */
struct rvpmu_ret rvpmu_fw_set_ext(struct rvpmu_hart *h, uint32_t ext, bool on)
{
	unsigned int idx;

	do {
		idx = (unsigned int)h->fw_base + lowest_bit(ext);
		ext &= ext - 1;
		if (on)
			rvpmu_fw_start_ext(h, idx);
		else
			rvpmu_fw_stop_ext(h, idx);
	} while (ext);
	return ret_val(0);
}

static bool fw_index(const struct rvpmu_hart *h, rvpmu_ulong idx)
{
	/* a reserved counter is the sampler's: S-mode cannot read it */
	return idx < h->nr_counters && idx >= h->fw_base &&
	       !(h->reserved & BIT64(idx));
}

/* A firmware counter's value: kept here, unless a platform event runs. */
static uint64_t fw_value(const struct rvpmu_hart *h, rvpmu_ulong idx)
{
	if (h->fw_ext & BIT64(idx))
		return rvpmu_counter_value(h, (unsigned int)idx);
	return h->fw_value[idx - h->fw_base];
}

struct rvpmu_ret rvpmu_counter_fw_read(const struct rvpmu_hart *h,
				       rvpmu_ulong idx)
{
	if (!fw_index(h, idx))
		return ret_err(SBI_ERR_INVALID_PARAM);
	return ret_val((rvpmu_ulong)fw_value(h, idx));
}

struct rvpmu_ret rvpmu_counter_fw_read_hi(const struct rvpmu_hart *h,
					  rvpmu_ulong idx)
{
	if (!fw_index(h, idx))
		return ret_err(SBI_ERR_INVALID_PARAM);
#if RVPMU_XLEN == 32
	return ret_val((rvpmu_ulong)(fw_value(h, idx) >> 32));
#else
	return ret_val(0);
#endif
}
