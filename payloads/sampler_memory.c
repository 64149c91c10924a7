/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sampler_memory - a sampler configuration's memory (version 2,
 * docs/sbi-sampler.md section 14): CONFIGURE sizes the implementation's
 * state for the configuration, and where it takes that state from a heap
 * (rvpmu in OpenSBI) it may answer SBI_ERR_FAILED; then nothing changes.
 *
 * On one hart, with 240 events (cycles and instructions in turn) and up
 * to 64 buffers. Checked:
 *  - from IDLE, configurations from the largest state down (groups of 1,
 *    2, 4, 8, 16 events, 64 buffers): each is accepted or answers FAILED
 *    and leaves the state IDLE; one is accepted; rvpmu's own firmware
 *    (its SBI implementation ID) accepts the largest;
 *  - reconfigurations no larger than the one accepted (fewer buffers, more
 *    events a group, fewer events), 40 of them, each accepted, STATUS
 *    showing its nr_pmu: a client reconfiguring for each run never fails
 *    for memory once one configuration of that size went in (Linux's
 *    driver does; the port once failed it, its heap too small for the new
 *    state beside the old);
 *  - a run of the last one samples (START, 2 samples, DONE, the buffers'
 *    headers counting 2): the state reused is whole;
 *  - after RESET the first accepted configuration is accepted again (the
 *    memory came back), and a FAILED one after it leaves its nr_pmu in
 *    force.
 */
#include <string.h>

#include "client/rt.h"
#include "client/sampler.h"

#define NR_EVENTS	240
#define NR_BUFS		64
#define AREA		(4u << 20)	/* every buffer's bytes */
#define RVPMU_IMPL_ID	0x7276706dul	/* rvpmu's firmware (firmware/ext.h) */

static struct rvpmu_sampler_config cfg;
static uint8_t area[AREA] __attribute__((aligned(4096)));
static SAMPLER_STATUS_FOR(1) st;

/* a configuration of n events in groups of nr_pmu, nb buffers; 0 or the
   CHECK_ONLY error */
static long shape(uint32_t n, uint32_t nr_pmu, uint32_t nb, uint32_t nr_sample)
{
	struct sbiret r;
	uint64_t size;

	sampler_cfg_init(&cfg);
	for (uint32_t i = 0; i < n; i++)
		sampler_cfg_event(&cfg, SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_HW,
							  i & 1 ? SBI_PMU_HW_INSTRUCTIONS :
								  SBI_PMU_HW_CPU_CYCLES), 0);
	cfg.nr_pmu = nr_pmu;
	cfg.period_us = 1000;
	cfg.nr_sample = nr_sample;
	r = sampler_check(&cfg, 1, 0, 0);
	if (r.error)
		return r.error;
	size = (cfg.plan.min_buffer_size + 4095) & ~4095ull;
	if (size * nb > AREA)
		nb = (uint32_t)(AREA / size);
	for (uint32_t b = 0; b < nb; b++)
		sampler_cfg_buffer(&cfg, area + b * size, size);
	return 0;
}

static uint32_t state(uint32_t *nr_pmu)
{
	*nr_pmu = ~0u;
	if (sampler_status(&st.s, sizeof(st)).error)
		return ~0u;
	*nr_pmu = st.s.nr_pmu;
	return st.s.state;
}

int main(unsigned long hartid, void *dtb)
{
	static const uint32_t groups[] = { 1, 2, 4, 8, 16 };
	bool ours = SBI_CALL0(SBI_EXT_BASE, SBI_BASE_GET_IMPL_ID).value == RVPMU_IMPL_ID;
	uint32_t first = 0, s, np, refused = 0, bad = 0, reconf = 0, in_bufs = 0;
	long err = 0;

	(void)hartid;
	(void)dtb;
	if (!sampler_present()) {
		rt_printf("sampler_memory: no sampler extension\n");
		return 1;
	}
	sampler_reset();
	/* from the largest state down */
	for (unsigned int i = 0; i < sizeof(groups) / sizeof(groups[0]) && !first; i++) {
		err = shape(NR_EVENTS, groups[i], NR_BUFS, 0);
		err = err ? err : sampler_configure(&cfg, 1, 0, 0).error;
		if (!err) {
			first = groups[i];
			break;
		}
		refused++;
		if (err != SBI_ERR_FAILED || state(&np) != RVPMU_SAMPLER_IDLE)
			bad++;
		rt_printf("# 240 events in groups of %u, %u buffers: refused (%ld)\n",
			  (unsigned int)groups[i], (unsigned int)cfg.nr_bufs, err);
	}
	rt_printf("# the largest accepted: 240 events in groups of %u, %u buffers (%s)\n",
		  (unsigned int)first, (unsigned int)cfg.nr_bufs, ours ? "rvpmu" : "another firmware");
	rt_check(first && !bad, "a configuration of 240 events is accepted; the %u refused before it "
		 "answered FAILED and left the state IDLE (%u did not)", (unsigned int)refused,
		 (unsigned int)bad);
	rt_check(!ours || first == 1, "rvpmu's firmware accepts the largest state, another may "
		 "refuse it (%s: groups of %u accepted)", ours ? "rvpmu" : "another",
		 (unsigned int)first);
	if (!first)
		return rt_check_report();

	/* reconfigurations no larger than the first */
	for (unsigned int k = 0; k < 40; k++) {
		uint32_t nr_pmu = first << (k % 3);
		uint32_t nb = NR_BUFS - (k * 7) % NR_BUFS;
		uint32_t n = NR_EVENTS - (k % 4) * 40;

		if (nr_pmu > 16)
			nr_pmu = 16;
		err = shape(n, nr_pmu, nb, 2);
		err = err ? err : sampler_configure(&cfg, 1, 0, 0).error;
		s = state(&np);
		if (!err && s == RVPMU_SAMPLER_CONFIGURED && np == nr_pmu)
			reconf++;
		else
			rt_printf("# reconfiguration %u (%u events in groups of %u, %u buffers): %ld, "
				  "state %u, nr_pmu %u\n", k, (unsigned int)n, (unsigned int)nr_pmu,
				  (unsigned int)cfg.nr_bufs, err, (unsigned int)s, (unsigned int)np);
	}
	rt_check(reconf == 40, "40 reconfigurations no larger than the first accepted (%u were)",
		 (unsigned int)reconf);

	/* the last one runs */
	err = sampler_start(&cfg).error;
	err = err ? err : sampler_wait(&st.s, sizeof(st), 10000000ull * 5);
	for (uint32_t b = 0; b < cfg.nr_bufs; b++)
		in_bufs += ((const struct rvpmu_sampler_header *)(uintptr_t)cfg.bufs[b].addr)->nr_samples;
	rt_check(!err && st.s.state == RVPMU_SAMPLER_DONE && st.s.samples == 2 && in_bufs == 2,
		 "a run of the last one ends DONE with 2 samples, in its buffers' headers too "
		 "(error %ld, state %u, %llu samples, %u in the headers)", err,
		 (unsigned int)st.s.state, (unsigned long long)st.s.samples, (unsigned int)in_bufs);

	/* RESET gives it back: the first fits again */
	sampler_reset();
	err = shape(NR_EVENTS, first, NR_BUFS, 0);
	err = err ? err : sampler_configure(&cfg, 1, 0, 0).error;
	s = state(&np);
	rt_check(!err && s == RVPMU_SAMPLER_CONFIGURED && np == first,
		 "after RESET the first accepted is accepted again (error %ld, nr_pmu %u)", err,
		 (unsigned int)np);
	if (first > 1) {
		err = shape(NR_EVENTS, 1, NR_BUFS, 0);
		err = err ? err : sampler_configure(&cfg, 1, 0, 0).error;
		s = state(&np);
		rt_check(err == SBI_ERR_FAILED && s == RVPMU_SAMPLER_CONFIGURED && np == first,
			 "a larger one refused again leaves the one in force (error %ld, nr_pmu %u)",
			 err, (unsigned int)np);
	}
	sampler_reset();
	return rt_check_report();
}
