/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Counter reservation for the firmware's sampler (declared in pmu.h). The
 * sampler's counters live beside S-mode's: h->reserved is disjoint from
 * h->configured, so every S-mode path that requires a configured counter
 * already refuses a reserved one, and config_matching skips them. The
 * start/stop here act on a whole group at once (one mcountinhibit write)
 * because every counter of a subsample must see the same window, and they
 * are the sampler's switch, on every subsample of every hart: the group is
 * laid out once when loaded, so they only walk its lists.
 */
#include "internal.h"

/* The hpm counters of a set (reserved sets never hold 0..2); firmware
   counters may sit below bit 32, right after the highest hpm counter. */
/* struct rvpmu_group code[] of a platform firmware event: counted through
   fw ops, started and stopped by fwctr.c */
#define CODE_EXT	0xff

static inline uint32_t hpm_of(const struct rvpmu_hart *h, uint64_t set)
{
	return (uint32_t)(set & h->hw);
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

/* A platform firmware event goes through fwctr.c, which needs it. */
static __attribute__((noinline, cold)) void load_ext(struct rvpmu_hart *h, unsigned int c,
						    const struct rvpmu_reserved_event *ev)
{
	h->fw_value[c - h->fw_base] = 0;
	h->event[c] = ev->event_idx;
	h->data[c] = ev->event_data;
}

void rvpmu_group_load(struct rvpmu_hart *h, struct rvpmu_group *g, const uint8_t *ctr,
		      const struct rvpmu_reserved_event *ev, unsigned int n)
{
	const struct rvpmu_hw_ops *hw = RVPMU_HW(h);
	uint64_t keep = h->sscofpmf ? ~UINT64_C(0) : ~MHPMEVENT_SSCOF_MASK;
	uint64_t sel[RVPMU_GROUP_MAX];
	unsigned long j, c, code, fw_base = h->fw_base, nh = 0, nf = 0;
	uint32_t hpm = 0;
	bool ext = false;

	/* on every subsample of every hart: no per-counter lookups, and a
	   standard firmware event needs only its code (fw_total) */
	for (j = 0; j < n; j++) {
		c = ctr[j];
		if (c < fw_base) {
			hpm |= UINT32_C(1) << c;
			g->hctr[nh] = (uint8_t)c;
			g->hpos[nh] = (uint8_t)j;
			sel[nh++] = ev[j].mhpmevent & keep;
			continue;
		}
		code = SBI_PMU_EVENT_CODE(ev[j].event_idx);
		if (code >= SBI_PMU_FW_STD_COUNT) {
			load_ext(h, (unsigned int)c, &ev[j]);
			code = CODE_EXT;
			ext = true;
		}
		g->fw[nf] = (uint8_t)(c - fw_base);
		g->fpos[nf] = (uint8_t)j;
		g->code[nf++] = (uint8_t)code;
	}
	/* before any counter gets its event: QEMU keeps an event on the
	   counter that had it until that counter's mhpmevent is 0 */
	if (g->hpm & ~hpm)
		rvpmu_reserved_idle(h, g->hpm & ~hpm);
	if (hw->load) {
		hw->load(h->ctx, g->hctr, sel, (unsigned int)nh);
	} else {
		for (j = 0; j < nh; j++) {
			/* 0 first: QEMU 7.2 keeps every event a counter was given
			   mapped to it until its mhpmevent is written 0, and goes on
			   counting the old event (cycles under a TLB event's name) */
			hw->program(h->ctx, g->hctr[j], 0);
			hw->program(h->ctx, g->hctr[j], sel[j]);
			hw->write(h->ctx, g->hctr[j], 0);
		}
	}
	g->hpm = hpm;
	g->nhpm = (uint8_t)nh;
	g->nfw = (uint8_t)nf;
	g->ext = ext;
}

void rvpmu_group_start(struct rvpmu_hart *h, struct rvpmu_group *g)
{
	unsigned long k, nf = g->nfw;

	if (g->hpm)
		RVPMU_HW(h)->inhibit(h->ctx, g->hpm, false);
	for (k = 0; k < nf; k++) {
		/* a standard event: what its free-running count gains from now */
		if (g->code[k] != CODE_EXT)
			g->origin[k] = h->fw_total[g->code[k]];
		else
			rvpmu_fw_start(h, (unsigned int)h->fw_base + g->fw[k], 0);
	}
}

void rvpmu_group_stop_read(struct rvpmu_hart *h, const struct rvpmu_group *g,
			   uint64_t *out)
{
	const struct rvpmu_hw_ops *hw = RVPMU_HW(h);
	uint64_t v[RVPMU_GROUP_MAX];
	unsigned long k, nh = g->nhpm, nf = g->nfw, idx;
#if RVPMU_XLEN == 32
	uint64_t before[RVPMU_GROUP_MAX];

	for (k = 0; k < nh; k++)
		before[k] = hw->read(h->ctx, g->hctr[k]);
#endif
	for (k = 0; k < nf; k++) {
		if (g->code[k] != CODE_EXT) {
			out[g->fpos[k]] = h->fw_total[g->code[k]] - g->origin[k];
			continue;
		}
		idx = h->fw_base + g->fw[k];
		if (h->fw_ext & BIT64(idx))
			rvpmu_fw_stop(h, (unsigned int)idx);
		out[g->fpos[k]] = h->fw_value[g->fw[k]];
	}
	if (g->hpm)
		hw->inhibit(h->ctx, g->hpm, true);
	if (hw->read_list)
		hw->read_list(h->ctx, g->hctr, (unsigned int)nh, v);
	else
		for (k = 0; k < nh; k++)
			v[k] = hw->read(h->ctx, g->hctr[k]);
	for (k = 0; k < nh; k++) {
#if RVPMU_XLEN == 32
		v[k] = rv32_newer(h, g->hctr[k], before[k], v[k]);
#endif
		out[g->hpos[k]] = v[k];
	}
}

uint64_t rvpmu_read_cycles(const struct rvpmu_hart *h)
{
	return RVPMU_HW(h)->read(h->ctx, 0);
}
