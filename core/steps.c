/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The counter steps of steps.h that both layers call out of line: a
 * counter configured for an event, AUTO_START, and the parked counters
 * unmapped before a choice. Plain functions: each is the rare half of a
 * path, or on a path that has a frame anyway.
 */
#include "steps.h"

/* Smcntrpmf: fixed counter idx (0 or 2, inhibited) gets mode filter cfg
   (the xINH bits 62..58) in mcyclecfg / minstretcfg, noted in
   h->filtered. Only on a hart with h->smcntrpmf. */
static void fixed_filter(struct rvpmu_hart *h, unsigned int idx, uint64_t cfg)
{
	uint32_t bit = UINT32_C(1) << idx;

	rvpmu_hw_filter_fixed(h, idx, cfg);
	h->filtered = cfg ? h->filtered | bit : h->filtered & ~bit;
}

void rvpmu_configure(struct rvpmu_hart *h, unsigned int idx, uint32_t event_idx,
		     uint64_t data, rvpmu_ulong flags)
{
	bool clear = flags & SBI_PMU_CFG_FLAG_CLEAR_VALUE;
	bool again = h->configured & BIT64(idx);	/* SKIP_MATCH */

	note_event(h, idx, event_idx, data);
	if (is_fw_ctr(h, idx)) {
		if (clear)
			fw_clear(h, idx);
		return;
	}
	if (idx >= 3) {
		uint64_t ev = rvpmu_event_selector(h, event_idx, data);

		if (h->sscofpmf)
			ev = with_filter(ev, flags);
		h->mhpmevent[idx] = ev;
		/* OF stays set until start: no interrupt from a stopped counter */
		rvpmu_hw_program(h, idx, h->sscofpmf ? ev | MHPMEVENT_OF : ev);
		rvpmu_note_stale(h, idx, ev);
		/* a free counter holds what it holds; one configured again
		   keeps the value it stopped with (on QEMU 7.2 a read of an
		   inhibited counter is not always that: sim_hart.h) */
		if (!again) {
			h->saved[idx] = rvpmu_hw_read(h, idx);
			forget_overflow(h, idx);
		}
	} else {
		/* a free fixed counter runs; a configured one waits for start,
		   its filter set while it is inhibited */
		rvpmu_note_stale(h, idx, 0);
		rvpmu_hw_inhibit_keep(h, idx);
		if (h->smcntrpmf)
			fixed_filter(h, idx, filter_bits(flags));
	}
	if (clear) {
		rvpmu_hw_write(h, idx, 0);
		h->saved[idx] = 0;
	}
}

void rvpmu_autostart(struct rvpmu_hart *h, unsigned int idx)
{
	h->started |= BIT64(idx);
	(void)start_counter(h, idx, stopped_value(h, idx));
}

void rvpmu_unpark(struct rvpmu_hart *h, uint32_t event_idx)
{
	uint64_t now;
	uint32_t parked = h->parked & ~UINT32_C(7), bit, m;
	unsigned int idx;

	if (!parked)
		return;
	now = rvpmu_hw_clock_ns(h);
	/* the parked counters alone, not every slot: under Linux's perf stat
	   one is parked by each del() and met by the next config_matching
	   (make linux-cost: the slot walk was a third of rvpmu's M-mode
	   instructions per context switch) */
	FOR_EACH_COUNTER(idx, parked, m) {
		bit = UINT32_C(1) << idx;
		if (now - h->parked_at[idx] >= RVPMU_PARK_NS)
			h->held &= ~bit;	/* its expiry has run */
		else if (event_idx != RVPMU_UNPARK_ALL && h->event[idx] != event_idx)
			continue;		/* let it run on: no clash */
		/* the inline contract (core/hw.h), not the ops table: two
		   calls less on every config_matching under perf stat */
		rvpmu_hw_inhibit(h, bit, true);
		rvpmu_hw_program(h, idx, 0);
		h->parked &= ~bit;
	}
}
