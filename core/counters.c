/* SPDX-License-Identifier: BSD-2-Clause */
/* Counter discovery, the logical numbering, and num_counters / get_info. */
#include "internal.h"

/*
 * Width of an hpm counter: write all ones and count what sticks (the
 * counter is inhibited and counts no event while we do). mcycle and
 * minstret are 64 bits by the privileged spec, and running, so they are
 * not probed.
 */
static unsigned int probe_width(const struct rvpmu_hart *h, unsigned int ctr)
{
	const struct rvpmu_hw_ops *hw = h->cfg->hw;
	uint64_t v;
	unsigned int bits = 0;

	if (ctr < 3)
		return 64;
	hw->write(h->ctx, ctr, ~UINT64_C(0));
	v = hw->read(h->ctx, ctr);
	hw->write(h->ctx, ctr, 0);
	while (bits < 64 && (v >> bits))
		bits++;
	return bits ? bits : 64;
}

/*
 * The boot state on the hardware: every hpm counter inhibited and 0, its
 * mhpmevent 0 and then OF|MINH with Sscofpmf (0 first: QEMU keeps its
 * event-to-counter map across a system reset and drops a counter from it
 * only then); mcycle and minstret run freely until S-mode configures them,
 * and with Smcntrpmf unfiltered (their cfg written 0 while inhibited: a
 * filter changed on a running counter may make it jump).
 */
static void hw_boot_state(const struct rvpmu_hart *h)
{
	const struct rvpmu_hw_ops *hw = h->cfg->hw;
	uint32_t hpm = h->hw & ~(uint32_t)FIXED_CTRS;

	if (hpm)
		hw->inhibit(h->ctx, hpm, true);
	for (unsigned int i = 3; i < RVPMU_HW_SLOTS; i++) {
		if (!(hpm & (UINT32_C(1) << i)))
			continue;
		hw->write(h->ctx, i, 0);
		hw->program(h->ctx, i, 0);
		if (h->sscofpmf)
			hw->program(h->ctx, i, MHPMEVENT_OF | MHPMEVENT_MINH);
	}
	if (h->smcntrpmf) {
		hw->inhibit(h->ctx, (uint32_t)FIXED_CTRS, true);
		hw->filter_fixed(h->ctx, 0, 0);
		hw->filter_fixed(h->ctx, 2, 0);
	}
	hw->inhibit(h->ctx, (uint32_t)FIXED_CTRS, false);
}

int rvpmu_hart_init(struct rvpmu_hart *h, const struct rvpmu_config *cfg,
		    void *ctx)
{
	const struct rvpmu_hw_ops *hw;
	uint32_t hpm;
	unsigned int i, top = 2;

	if (!cfg || !cfg->hw || !cfg->mem || cfg->nr_fw > RVPMU_MAX_FW)
		return SBI_ERR_INVALID_PARAM;
	__builtin_memset(h, 0, sizeof(*h));
	h->cfg = cfg;
	h->ctx = ctx;
	hw = cfg->hw;
	hpm = hw->hpm_present(ctx) & ~UINT32_C(7);
	h->sscofpmf = hw->has_sscofpmf(ctx);
	h->hi_no_borrow = RVPMU_XLEN == 32 && hw->hi_without_borrow && hw->hi_without_borrow(ctx);
	h->smcntrpmf = hw->has_smcntrpmf && hw->filter_fixed && hw->has_smcntrpmf(ctx);
	h->hw = hpm | (uint32_t)FIXED_CTRS;
	for (i = 3; i < RVPMU_HW_SLOTS; i++)
		if (hpm & (UINT32_C(1) << i))
			top = i;
	h->fw_base = top + 1;
	h->nr_counters = h->fw_base + cfg->nr_fw;
	h->valid = h->hw;
	for (i = 0; i < cfg->nr_fw; i++)
		h->valid |= BIT64(h->fw_base + i);

	if (hpm)
		hw->inhibit(ctx, hpm, true);
	h->hpm64 = true;
	for (i = 0; i < RVPMU_HW_SLOTS; i++) {
		if (!(h->hw & (UINT32_C(1) << i)))
			continue;
		h->lacks[i] = (uint8_t)(64 - probe_width(h, i));
		if (i >= 3 && h->lacks[i])
			h->hpm64 = false;
	}
	hw_boot_state(h);
	return SBI_SUCCESS;
}

void rvpmu_hart_reset(struct rvpmu_hart *h)
{
	/* the state alone: the discovered part above it stays as it is */
	__builtin_memset(&h->RVPMU_HART_STATE, 0,
			 sizeof(*h) - __builtin_offsetof(struct rvpmu_hart, RVPMU_HART_STATE));
	hw_boot_state(h);
}

struct rvpmu_ret rvpmu_num_counters(const struct rvpmu_hart *h)
{
	return ret_val(h->nr_counters);
}

struct rvpmu_ret rvpmu_counter_get_info(const struct rvpmu_hart *h,
					rvpmu_ulong idx)
{
	rvpmu_ulong info;

	if (idx >= h->nr_counters || !(h->valid & BIT64(idx)))
		return ret_err(SBI_ERR_INVALID_PARAM);
	if (is_fw_ctr(h, (unsigned int)idx)) {
		info = (rvpmu_ulong)SBI_PMU_CTR_TYPE_FW << (RVPMU_XLEN - 1);
		info |= (rvpmu_ulong)63 << SBI_PMU_CTR_INFO_WIDTH_SHIFT;
	} else {
		info = CSR_CYCLE + (rvpmu_ulong)idx;
		info |= (rvpmu_ulong)(h->lacks[idx] ^ 63u)	/* width - 1: lacks is 0..63 */
			<< SBI_PMU_CTR_INFO_WIDTH_SHIFT;
	}
	return ret_val(info);
}

uint64_t rvpmu_counter_value(const struct rvpmu_hart *h, unsigned int idx)
{
	uint64_t v;

	if (!is_fw_ctr(h, idx))
		return h->cfg->hw->read(h->ctx, idx);
	v = h->fw_value[idx - h->fw_base];
	if (h->fw_ext & BIT64(idx))	/* a platform event runs: v less its origin */
		v += rvpmu_fw_ext_read(h, idx);
	return v;
}
