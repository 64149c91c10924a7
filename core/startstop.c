/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sbi_pmu_counter_start / sbi_pmu_counter_stop. Validation is complete
 * before the first write (the rule in pmu.h). A stopped hardware counter
 * keeps its value in h->saved and gets it written back on start: some
 * hardware (QEMU 7.2) lets inhibited counters drift, and a non-retentive
 * suspend loses them; the same reason makes start rewrite mhpmevent.
 *
 * Stopping reads a counter both before and after inhibiting it, keeps the
 * newer and writes it back. Real hardware freezes the counter, so the later
 * read is the final count; QEMU 7.2 does not freeze cycle/instret counters
 * and, some time after inhibiting, answers reads with the value last
 * written, so there the earlier read can be the count, and only the
 * write-back makes a stopped counter read what it counted.
 */
#include "internal.h"

void rvpmu_hw_settle(struct rvpmu_hart *h, unsigned int idx, uint64_t before)
{
	const struct rvpmu_hw_ops *hw = h->cfg->hw;
	uint64_t after = hw->read(h->ctx, idx), m = width_mask(h, idx);

	/* the newer of the two reads, modulo the counter's width, written
	   back so that the stopped counter holds it whatever the hardware */
	h->saved[idx] = ((after - before) & m) <= (m >> 1) ? after : before;
	hw->write(h->ctx, idx, h->saved[idx]);
}

void rvpmu_start_set(struct rvpmu_hart *h, uint64_t set, rvpmu_ulong base,
		     rvpmu_ulong flags, uint64_t initial_value)
{
	const struct rvpmu_hw_ops *hw = h->cfg->hw;
	uint32_t hw_mask = 0;
	uint64_t rest = set;

	while (rest) {
		unsigned int idx = lowest_bit(rest);
		uint64_t v;

		rest &= rest - 1;
		if (flags & SBI_PMU_START_SET_INIT_VALUE)
			v = initial_value;
		else if (flags & SBI_PMU_START_INIT_SNAPSHOT)
			v = rvpmu_snapshot_value(h, idx - (unsigned int)base);
		else if (is_fw_ctr(h, idx))
			v = h->fw_value[idx - h->fw_base];
		else
			v = h->saved[idx];

		if (is_fw_ctr(h, idx)) {
			rvpmu_fw_start(h, idx, v);
			continue;
		}
		/* value first, then OF cleared, then counting: in that order */
		hw->write(h->ctx, idx, v & width_mask(h, idx));
		if (idx >= 3)
			hw->program(h->ctx, idx, h->mhpmevent[idx]);
		hw_mask |= UINT32_C(1) << idx;
	}
	h->started |= set;
	if (hw_mask)
		hw->inhibit(h->ctx, hw_mask, false);
}

struct rvpmu_ret rvpmu_counter_start(struct rvpmu_hart *h, rvpmu_ulong base,
				     rvpmu_ulong mask, rvpmu_ulong flags,
				     uint64_t initial_value)
{
	uint64_t set;
	long err;

	if (flags & ~SBI_PMU_START_FLAG_ALL)
		return ret_err(SBI_ERR_INVALID_PARAM);
	if ((flags & SBI_PMU_START_SET_INIT_VALUE) &&
	    (flags & SBI_PMU_START_INIT_SNAPSHOT))
		return ret_err(SBI_ERR_INVALID_PARAM);
	err = rvpmu_counter_set(h, base, mask, &set);
	if (err)
		return ret_err(err);
	if (set & ~h->configured)
		return ret_err(SBI_ERR_INVALID_PARAM);
	if ((flags & SBI_PMU_START_INIT_SNAPSHOT) && !h->shmem_on)
		return ret_err(SBI_ERR_NO_SHMEM);
	if (set & h->started)
		return ret_err(SBI_ERR_ALREADY_STARTED);

	rvpmu_start_set(h, set, base, flags, initial_value);
	return ret_val(0);
}

/* Forget the mapping of the (stopped) counters in set. */
static void release(struct rvpmu_hart *h, uint64_t set)
{
	const struct rvpmu_hw_ops *hw = h->cfg->hw;
	uint32_t fixed = (uint32_t)(set & FIXED_CTRS);
	uint64_t hpm = set & h->hw & ~FIXED_CTRS;

	h->configured &= ~set;
	/* 0, not OF|MINH: some hardware lets one event own one counter only */
	while (hpm) {
		unsigned int idx = lowest_bit(hpm);

		hpm &= hpm - 1;
		h->mhpmevent[idx] = 0;
		hw->program(h->ctx, idx, 0);
	}
	/* a free fixed counter runs again, as at boot */
	if (fixed)
		hw->inhibit(h->ctx, fixed, false);
}

struct rvpmu_ret rvpmu_counter_stop(struct rvpmu_hart *h, rvpmu_ulong base,
				    rvpmu_ulong mask, rvpmu_ulong flags)
{
	const struct rvpmu_hw_ops *hw = h->cfg->hw;
	uint64_t set, rest, overflowed = 0;
	uint32_t hw_mask;
	long err;

	if (flags & ~SBI_PMU_STOP_FLAG_ALL)
		return ret_err(SBI_ERR_INVALID_PARAM);
	err = rvpmu_counter_set(h, base, mask, &set);
	if (err)
		return ret_err(err);
	if (set & ~h->configured)
		return ret_err(SBI_ERR_INVALID_PARAM);
	if ((flags & SBI_PMU_STOP_TAKE_SNAPSHOT) && !h->shmem_on)
		return ret_err(SBI_ERR_NO_SHMEM);
	if (set & ~h->started) {
		if (flags & SBI_PMU_STOP_RESET)
			release(h, set & ~h->started);
		return ret_err(SBI_ERR_ALREADY_STOPPED);
	}

	hw_mask = (uint32_t)(set & h->hw);
	for (rest = hw_mask; rest; rest &= rest - 1)
		h->saved[lowest_bit(rest)] = hw->read(h->ctx, lowest_bit(rest));
	if (hw_mask)
		hw->inhibit(h->ctx, hw_mask, true);
	rest = set;
	while (rest) {
		unsigned int idx = lowest_bit(rest);

		rest &= rest - 1;
		if (is_fw_ctr(h, idx)) {
			rvpmu_fw_stop(h, idx);
			continue;
		}
		rvpmu_hw_settle(h, idx, h->saved[idx]);
		if (idx >= 3 && h->sscofpmf) {
			if (hw->overflowed(h->ctx, idx))
				overflowed |= BIT64(idx);
			hw->program(h->ctx, idx, h->mhpmevent[idx] | MHPMEVENT_OF);
		}
	}
	h->started &= ~set;
	if (flags & SBI_PMU_STOP_TAKE_SNAPSHOT)
		rvpmu_snapshot_store(h, set, base, overflowed);
	if (flags & SBI_PMU_STOP_RESET)
		release(h, set);
	return ret_val(0);
}
