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

/**
 * rvpmu_hw_read_list() - read a group's running hpm counters
 * @h: the hart
 * @ctr: the counters: hpm counters (3..31) that run
 * @n: how many counters @ctr holds (> 0)
 * @dst: where the counts go
 * @off: the byte offset in @dst of each counter's count (8-byte aligned)
 *
 * hw.h's meaning, one counter at a time (rvpmu_group_read_each()): each
 * count (the value less its group base) to @dst + off[j], then mhpmevent 0.
 *
 * Context: The hart that owns @h (touches its CSRs).
 */
static inline void rvpmu_hw_read_list(const struct rvpmu_hart *h, const uint8_t *ctr,
				      unsigned long n, uint8_t *dst, const uint32_t *off)
{
	rvpmu_group_read_each(h, ctr, n, dst, off);
}

/**
 * rvpmu_hw_load_list() - load a group's hpm counters
 * @h: the hart
 * @ctr: the counters: stopped hpm counters (3..31) with mhpmevent 0
 * @ev: the mhpmevent each counter gets
 * @n: how many counters @ctr holds (> 0)
 *
 * hw.h's meaning, one counter at a time (rvpmu_group_load_each()): ctr[j]
 * gets ev[j] (its Sscofpmf bits dropped without Sscofpmf), then its group
 * base.
 *
 * Context: The hart that owns @h (touches its CSRs).
 * Return: the counters as an mcountinhibit mask.
 */
static inline uint32_t rvpmu_hw_load_list(const struct rvpmu_hart *h, const uint8_t *ctr,
					  const uint64_t *ev, unsigned long n)
{
	return rvpmu_group_load_each(h, ctr, ev, n);
}

/**
 * rvpmu_hw_seq_ok() - whether the in-order group accesses fit a hart
 * @h: the hart (unused here)
 *
 * Context: Any hart; pure.
 * Return: true: the one-at-a-time accesses fit every hart.
 */
static inline bool rvpmu_hw_seq_ok(const struct rvpmu_hart *h)
{
	(void)h;
	return true;
}

/**
 * rvpmu_hw_read_seq() - read a group laid out in order
 * @h: the hart
 * @n: how many counters: 3, 4, .. 3 + n - 1, running (> 0)
 * @dst: where the counts go
 * @off: the byte offset in @dst of each counter's count (8-byte aligned)
 *
 * rvpmu_hw_read_list() of counters 3 .. 3 + @n - 1, walked from the highest
 * counter down, as the firmware's unrolled code walks it, so that a
 * simulated hart's interruptions land where the firmware's would.
 *
 * Context: The hart that owns @h (touches its CSRs).
 */
static inline void rvpmu_hw_read_seq(const struct rvpmu_hart *h, unsigned long n,
				     uint8_t *dst, const uint32_t *off)
{
	while (n--)
		rvpmu_group_read_each(h, &rvpmu_seq_ctr[n], 1, dst, &off[n]);
}

/**
 * rvpmu_hw_load_seq() - load a group laid out in order
 * @h: the hart
 * @ev: the mhpmevent each counter gets, ev[0] for counter 3
 * @n: how many counters: 3, 4, .. 3 + n - 1, stopped (> 0)
 *
 * rvpmu_hw_load_list() of counters 3 .. 3 + @n - 1, from the highest
 * counter down: where the first counter given an event owns it (QEMU), a
 * load then gives an event to the same counter on every platform.
 *
 * Context: The hart that owns @h (touches its CSRs).
 */
static inline void rvpmu_hw_load_seq(const struct rvpmu_hart *h, const uint64_t *ev,
				     unsigned long n)
{
	while (n--)
		(void)rvpmu_group_load_each(h, &rvpmu_seq_ctr[n], &ev[n], 1);
}

#endif
