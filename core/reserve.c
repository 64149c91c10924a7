/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Counter reservation for the firmware's sampler (declared in pmu.h). The
 * sampler's counters live beside S-mode's: h->reserved is disjoint from
 * h->configured, so every S-mode path that requires a configured counter
 * already refuses a reserved one, and config_matching skips them. The
 * start/stop here act on a whole group at once (one mcountinhibit write)
 * because every counter of a subsample must see the same window.
 */
#include "internal.h"

/* The hpm counters of a set (reserved sets never hold 0..2); firmware
   counters may sit below bit 32, right after the highest hpm counter. */
static inline uint32_t hpm_of(const struct rvpmu_hart *h, uint64_t set)
{
	return (uint32_t)(set & h->hw);
}

static inline uint64_t fw_of(const struct rvpmu_hart *h, uint64_t set)
{
	return set & ~(BIT64(h->fw_base) - 1);
}

uint64_t rvpmu_sampler_capable(const struct rvpmu_hart *h, uint32_t event_idx,
			       uint64_t event_data)
{
	return rvpmu_event_counters(h, event_idx, event_data) & ~FIXED_CTRS;
}

uint64_t rvpmu_reservable(const struct rvpmu_hart *h, uint32_t event_idx,
			  uint64_t event_data)
{
	return rvpmu_sampler_capable(h, event_idx, event_data) &
	       ~h->configured & ~h->reserved;
}

long rvpmu_reserve(struct rvpmu_hart *h, uint64_t set)
{
	const struct rvpmu_hw_ops *hw = RVPMU_HW(h);
	uint32_t hpm = hpm_of(h, set);

	if (!set || (set & ~h->valid) || (set & FIXED_CTRS))
		return SBI_ERR_INVALID_PARAM;
	if (set & (h->configured | h->reserved))
		return SBI_ERR_DENIED;
	h->reserved |= set;
	/* free hpm counters are already inhibited; make sure, and count
	   nothing until programmed */
	if (hpm)
		hw->inhibit(h->ctx, hpm, true);
	rvpmu_reserved_idle(h, set);
	return SBI_SUCCESS;
}

void rvpmu_release(struct rvpmu_hart *h, uint64_t set)
{
	const struct rvpmu_hw_ops *hw = RVPMU_HW(h);
	unsigned int idx;

	set &= h->reserved;
	if (!set)
		return;
	/* stop whatever still counts, whatever event it was given */
	if (hpm_of(h, set))
		hw->inhibit(h->ctx, hpm_of(h, set), true);
	for (idx = 0; idx < SBI_PMU_FW_STD_COUNT; idx++)
		h->fw_counting[idx] &= ~(uint32_t)(set >> h->fw_base);
	h->fw_ext &= ~set;
	rvpmu_reserved_idle(h, set);
	h->reserved &= ~set;
}

void rvpmu_reserved_idle(struct rvpmu_hart *h, uint64_t set)
{
	const struct rvpmu_hw_ops *hw = RVPMU_HW(h);
	uint64_t m;
	unsigned int idx;

	if (!hpm_of(h, set))
		return;
	FOR_EACH_COUNTER(idx, (uint64_t)hpm_of(h, set), m) {
		/* 0: some hardware (QEMU) lets one event own one counter */
		h->mhpmevent[idx] = 0;
		hw->program(h->ctx, idx, 0);
	}
}

void rvpmu_reserved_program(struct rvpmu_hart *h, unsigned int idx,
			    uint32_t event_idx, uint64_t event_data,
			    uint64_t sel, uint64_t inh)
{
	const struct rvpmu_hw_ops *hw = RVPMU_HW(h);

	h->event[idx] = event_idx;
	h->data[idx] = event_data;
	if (is_fw_ctr(h, idx)) {
		h->fw_value[idx - h->fw_base] = 0;
		return;
	}
	if (h->sscofpmf)
		sel = (sel & ~MHPMEVENT_SSCOF_MASK) | (inh & MHPMEVENT_SSCOF_MASK) |
		      MHPMEVENT_OF;
	/* 0 first: some hardware (QEMU 7.2) keeps every event a counter was
	   given mapped to it until its mhpmevent is written 0, and would go
	   on counting the old event too */
	if (h->mhpmevent[idx] && h->mhpmevent[idx] != sel)
		hw->program(h->ctx, idx, 0);
	h->mhpmevent[idx] = sel;
	hw->program(h->ctx, idx, sel);
	hw->write(h->ctx, idx, 0);
}

void rvpmu_reserved_start(struct rvpmu_hart *h, uint64_t set)
{
	uint32_t hpm = hpm_of(h, set);
	uint64_t m;
	unsigned int idx;

	if (hpm)
		RVPMU_HW(h)->inhibit(h->ctx, hpm, false);
	if (fw_of(h, set))
		FOR_EACH_COUNTER(idx, fw_of(h, set), m)
			rvpmu_fw_start(h, idx, 0);
}

void rvpmu_reserved_stop_read(struct rvpmu_hart *h, uint64_t set, const uint8_t *ctr,
			      unsigned int n, uint64_t *out)
{
	const struct rvpmu_hw_ops *hw = RVPMU_HW(h);
	uint32_t hpm = hpm_of(h, set);
	uint64_t m;
	unsigned int idx, j;
#if RVPMU_XLEN == 32
	uint64_t before[RVPMU_HW_SLOTS];

	for (j = 0; j < n; j++)
		if (!is_fw_ctr(h, ctr[j]))
			before[j] = hw->read(h->ctx, ctr[j]);
#endif
	if (fw_of(h, set))
		FOR_EACH_COUNTER(idx, fw_of(h, set), m)
			rvpmu_fw_stop(h, idx);
	if (hpm)
		hw->inhibit(h->ctx, hpm, true);
	for (j = 0; j < n; j++) {
		unsigned int c = ctr[j];
		uint64_t v;

		if (is_fw_ctr(h, c)) {
			out[j] = stopped_value(h, c);
			continue;
		}
		v = hw->read(h->ctx, c);
#if RVPMU_XLEN == 32
		v = rv32_newer(h, c, before[j], v);
#endif
		out[j] = v;
	}
}

void rvpmu_reserved_program_hpm(struct rvpmu_hart *h, const uint8_t *ctr,
				const uint64_t *ev, unsigned int n)
{
	const struct rvpmu_hw_ops *hw = RVPMU_HW(h);
	uint64_t keep = h->sscofpmf ? ~UINT64_C(0) : ~MHPMEVENT_SSCOF_MASK;

	for (unsigned int j = 0; j < n; j++) {
		/* 0 first: QEMU 7.2 keeps every event a counter was given mapped
		   to it until its mhpmevent is written 0, and goes on counting
		   the old event (cycles under a TLB event's name) */
		hw->program(h->ctx, ctr[j], 0);
		hw->program(h->ctx, ctr[j], ev[j] & keep);
		hw->write(h->ctx, ctr[j], 0);
	}
}

uint64_t rvpmu_read_cycles(const struct rvpmu_hart *h)
{
	return RVPMU_HW(h)->read(h->ctx, 0);
}
