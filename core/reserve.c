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
	/* a parked counter keeps its event mapped, and some hardware (QEMU)
	   counts an event on one counter only: the sampler's events must not
	   find theirs taken by one */
	if (h->parked)
		rvpmu_unpark(h, RVPMU_UNPARK_ALL);
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

uint64_t rvpmu_reserved_mhpmevent(uint64_t sel, uint64_t inh)
{
	return (sel & ~MHPMEVENT_SSCOF_MASK) | (inh & MHPMEVENT_SSCOF_MASK) | MHPMEVENT_OF;
}

/* The hpm part of a load, counter by counter: without the list op, or
   without Sscofpmf (the bits [63:56] dropped). */
static __attribute__((noinline)) void load_each(struct rvpmu_hart *h, const uint8_t *ctr, const uint64_t *mhpm,
		      unsigned int n)
{
	const struct rvpmu_hw_ops *hw = RVPMU_HW(h);
	uint64_t keep = h->sscofpmf ? ~UINT64_C(0) : ~MHPMEVENT_SSCOF_MASK;

	for (unsigned int j = 0; j < n; j++) {
		/* 0 first: QEMU 7.2 keeps every event a counter was given
		   mapped to it until its mhpmevent is written 0, and goes on
		   counting the old event (cycles under a TLB event's name) */
		hw->program(h->ctx, ctr[j], 0);
		hw->program(h->ctx, ctr[j], mhpm[j] & keep);
		hw->write(h->ctx, ctr[j], 0);
	}
}

/* Platform firmware events go through fwctr.c, which needs the event. */
static __attribute__((noinline)) void load_ext(struct rvpmu_hart *h, const uint8_t *ctr,
					       const uint8_t *code,
					       const struct rvpmu_event_ref *fw, unsigned int n)
{
	for (unsigned int k = 0; k < n; k++) {
		if (code[k] != RVPMU_GROUP_EXT)
			continue;
		h->fw_value[ctr[k] - h->fw_base] = 0;
		h->event[ctr[k]] = fw[k].event_idx;
		h->data[ctr[k]] = fw[k].event_data;
	}
}

/* The parts below are inline so that the switch is one frame: the
   sampler runs it on every subsample of every hart. */
static inline __attribute__((always_inline)) void load(struct rvpmu_hart *h,
						       struct rvpmu_group *g,
						       const uint8_t *ctr,
						       const struct rvpmu_group_spec *sp)
{
	const struct rvpmu_hw_ops *hw = RVPMU_HW(h);
	unsigned int k, nhpm = sp->nhpm;
	uint32_t hpm = 0;

	for (k = 0; k < nhpm; k++)
		hpm |= UINT32_C(1) << ctr[k];
	/* before any counter gets its event: QEMU keeps an event on the
	   counter that had it until that counter's mhpmevent is 0 */
	if (g->hpm & ~hpm)
		rvpmu_reserved_idle(h, g->hpm & ~hpm);
	if (hw->load && h->sscofpmf)
		hw->load(h->ctx, ctr, sp->mhpm, nhpm);
	else
		load_each(h, ctr, sp->mhpm, nhpm);
	if (sp->ext)
		load_ext(h, ctr + nhpm, sp->code, sp->fw, sp->nfw);
	g->hpm = hpm;
	g->nhpm = (uint8_t)nhpm;
	g->nfw = sp->nfw;
	g->ext = sp->ext;
	g->ctr = ctr;
	g->code = sp->code;
}

void rvpmu_group_load(struct rvpmu_hart *h, struct rvpmu_group *g, const uint8_t *ctr,
		      const struct rvpmu_group_spec *spec)
{
	load(h, g, ctr, spec);
}

/* The platform firmware events of a group, through fwctr.c (out of the
   switch's way: its hot path then saves fewer registers). */
static __attribute__((noinline)) void ext_start(struct rvpmu_hart *h,
						const struct rvpmu_group *g)
{
	for (unsigned int k = 0; k < g->nfw; k++)
		if (g->code[k] == RVPMU_GROUP_EXT)
			rvpmu_fw_start(h, g->ctr[g->nhpm + k], 0);
}

static __attribute__((noinline)) void ext_stop_read(struct rvpmu_hart *h,
						    const struct rvpmu_group *g, uint8_t *dst,
						    const uint32_t *off)
{
	for (unsigned int k = 0; k < g->nfw; k++) {
		unsigned int c = g->ctr[g->nhpm + k];

		if (g->code[k] != RVPMU_GROUP_EXT)
			continue;
		if (h->fw_ext & BIT64(c))
			rvpmu_fw_stop(h, c);
		*(uint64_t *)(dst + off[k]) = h->fw_value[c - h->fw_base];
	}
}

/* a standard event: what its free-running count gains from now (a
   platform event's entry reads fw_total's spare 0, unused) */
static inline __attribute__((always_inline)) void start_fw(struct rvpmu_hart *h,
							   struct rvpmu_group *g)
{
	const uint8_t *code = g->code;
	unsigned long k, nf = g->nfw;

	for (k = 0; k < nf; k++)
		g->origin[k] = h->fw_total[code[k]];
	if (g->ext)
		ext_start(h, g);
}

void rvpmu_group_start(struct rvpmu_hart *h, struct rvpmu_group *g)
{
	if (g->hpm)
		RVPMU_HW(h)->inhibit(h->ctx, g->hpm, false);
	start_fw(h, g);
}

static inline __attribute__((always_inline)) void stop_read(struct rvpmu_hart *h,
							    const struct rvpmu_group *g,
							    uint8_t *dst, const uint32_t *off)
{
	const struct rvpmu_hw_ops *hw = RVPMU_HW(h);
	const uint8_t *code = g->code;
	unsigned long k, nh = g->nhpm, nf = g->nfw;
	const uint32_t *fo = off + nh;
#if RVPMU_XLEN == 32
	uint64_t before[RVPMU_GROUP_MAX];

	for (k = 0; k < nh; k++)
		before[k] = hw->read(h->ctx, g->ctr[k]);
#endif
	for (k = 0; k < nf; k++)
		*(uint64_t *)(dst + fo[k]) = h->fw_total[code[k]] - g->origin[k];
	if (g->ext)
		ext_stop_read(h, g, dst, fo);
	if (g->hpm)
		hw->inhibit(h->ctx, g->hpm, true);
	if (hw->read_list)
		hw->read_list(h->ctx, g->ctr, (unsigned int)nh, dst, off);
	else
		for (k = 0; k < nh; k++)
			*(uint64_t *)(dst + off[k]) = hw->read(h->ctx, g->ctr[k]);
#if RVPMU_XLEN == 32
	for (k = 0; k < nh; k++)
		*(uint64_t *)(dst + off[k]) = rv32_newer(h, g->ctr[k], before[k],
							  *(uint64_t *)(dst + off[k]));
#endif
}

void rvpmu_group_stop_read(struct rvpmu_hart *h, const struct rvpmu_group *g, uint8_t *dst,
			   const uint32_t *off)
{
	stop_read(h, g, dst, off);
}

uint64_t rvpmu_group_switch(struct rvpmu_hart *h, struct rvpmu_group *g, uint8_t *dst,
			    const uint32_t *off, const uint8_t *ctr,
			    const struct rvpmu_group_spec *next)
{
	const struct rvpmu_hw_ops *hw = RVPMU_HW(h);
	uint64_t c;

	stop_read(h, g, dst, off);
	load(h, g, ctr, next);
	c = hw->read(h->ctx, 0);
	if (g->hpm)
		hw->inhibit(h->ctx, g->hpm, false);
	start_fw(h, g);
	return c;
}

uint64_t rvpmu_read_cycles(const struct rvpmu_hart *h)
{
	return RVPMU_HW(h)->read(h->ctx, 0);
}
