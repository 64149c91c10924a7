/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * core/hw_each.h - the group accesses of the fast-path contract (hw.h)
 * one counter at a time, through core/group.c's rvpmu_group_read_each and
 * rvpmu_group_load_each: for platforms with nothing faster (hw.h's
 * ops-table defaults, the simulated hart). A group laid out in order is
 * walked from its highest counter down, as the firmware's unrolled code
 * walks it, so that a load gives an event to the same counter on every
 * platform and a simulated hart's interruptions land where the
 * firmware's would. Included by hw.h and by a platform's
 * rvpmu_hw_platform.h, nowhere else.
 */
#ifndef RVPMU_CORE_HW_EACH_H
#define RVPMU_CORE_HW_EACH_H

static inline void rvpmu_hw_read_list(const struct rvpmu_hart *h, const uint8_t *ctr,
				      unsigned long n, uint8_t *dst, const uint32_t *off)
{
	rvpmu_group_read_each(h, ctr, n, dst, off);
}

static inline uint32_t rvpmu_hw_load_list(const struct rvpmu_hart *h, const uint8_t *ctr,
					  const uint64_t *ev, unsigned long n)
{
	return rvpmu_group_load_each(h, ctr, ev, n);
}

static inline bool rvpmu_hw_seq_ok(const struct rvpmu_hart *h)
{
	(void)h;
	return true;
}

static inline void rvpmu_hw_read_seq(const struct rvpmu_hart *h, unsigned long n,
				     uint8_t *dst, const uint32_t *off)
{
	while (n--)
		rvpmu_group_read_each(h, &rvpmu_seq_ctr[n], 1, dst, &off[n]);
}

static inline void rvpmu_hw_load_seq(const struct rvpmu_hart *h, const uint64_t *ev,
				     unsigned long n)
{
	while (n--)
		(void)rvpmu_group_load_each(h, &rvpmu_seq_ctr[n], &ev[n], 1);
}

#endif
