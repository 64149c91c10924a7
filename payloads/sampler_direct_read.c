/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sampler_direct_read - counters a sampler run holds are hidden from
 * S-mode's direct reads (version 2, docs/sbi-sampler.md): while a run
 * holds them on a hart, their mcounteren bits are clear there, so
 * S-mode's rdhpmcounter of one traps (illegal instruction) and scountovf
 * reads 0 for it; the counters the run does not hold, and cycle and
 * instret, read as before; after RESET every one reads again.
 *
 * Every hart of a 4-hart run probes its own hpmcounter3..31 before the
 * run, while it runs (after START: each hart joined at START), and after
 * RESET. The run takes as many counters per hart as there are hpm
 * counters that read before (at most GET_INFO's max_nr_pmu, which counts
 * firmware counters too), with hardware events, so at least nr_pmu of the
 * counters that read before must trap on each hart while it runs, and
 * after RESET the same ones read as before.
 *
 * Needs our firmware's version 2 (it refuses, with one line, on another)
 * and Sscofpmf.
 */
#include "client/rt.h"
#include "client/sampler.h"

#define MAX_HARTS	8
#define BUF_SIZE	(256 * 1024)	/* with a 10 ms period: seconds of run */
#define PHASES		3	/* before, during, after */

static struct rvpmu_sampler_config cfg;
static struct rvpmu_sampler_info info;
static char buf[BUF_SIZE] __attribute__((aligned(4096)));
static unsigned long nr_harts;
/* per hart and phase: the hpm counters whose read trapped (bit i: counter
   i), scountovf read, whether cycle or instret trapped */
static volatile uint32_t trapped[MAX_HARTS][PHASES], ovf[MAX_HARTS][PHASES];
static volatile int fixed_trapped[MAX_HARTS][PHASES];
static volatile int phase = -1, done[PHASES];

#define RD(n) case n: __asm__ volatile("csrr %0, hpmcounter" #n : "=r"(v)); break
static void rd_hpm(void *arg)
{
	unsigned long v = 0;

	switch ((uintptr_t)arg) {
	RD(3); RD(4); RD(5); RD(6); RD(7); RD(8); RD(9); RD(10); RD(11); RD(12); RD(13);
	RD(14); RD(15); RD(16); RD(17); RD(18); RD(19); RD(20); RD(21); RD(22); RD(23);
	RD(24); RD(25); RD(26); RD(27); RD(28); RD(29); RD(30); RD(31);
	}
	(void)v;
}

static void rd_fixed(void *arg)
{
	(void)arg;
	(void)rd_cycle();
	(void)rd_instret();
}

static void rd_ovf(void *arg)
{
	*(unsigned long *)arg = rt_csr_read(0xda0);	/* scountovf */
}

/* This hart's reads in phase p. */
static void probe(unsigned int p)
{
	unsigned long me = rt_hartid(), o = 0;
	uint32_t t = 0;

	for (unsigned int i = 3; i < 32; i++)
		if (rt_expect_fault(rd_hpm, (void *)(uintptr_t)i, 0) >= 0)
			t |= 1u << i;
	trapped[me][p] = t;
	fixed_trapped[me][p] = rt_expect_fault(rd_fixed, 0, 0) >= 0;
	if (rt_expect_fault(rd_ovf, &o, 0) >= 0)
		o = ~0ul;	/* scountovf itself trapped */
	ovf[me][p] = (uint32_t)o;
}

static void other(void *arg)
{
	int seen = -1;

	(void)arg;
	while (seen < PHASES - 1) {
		int p = __atomic_load_n(&phase, __ATOMIC_ACQUIRE);

		if (p == seen)
			continue;
		probe((unsigned int)p);
		__atomic_fetch_add(&done[p], 1, __ATOMIC_ACQ_REL);
		seen = p;
	}
}

/* Every hart probes in phase p; the boot hart too. */
static bool all_probe(unsigned int p)
{
	uint64_t end = rd_time() + 10000000;	/* 1 s */

	__atomic_store_n(&phase, (int)p, __ATOMIC_RELEASE);
	probe(p);
	while (__atomic_load_n(&done[p], __ATOMIC_ACQUIRE) < (int)nr_harts - 1)
		if (rd_time() > end)
			return false;
	return true;
}

static unsigned int popcount(uint32_t v)
{
	unsigned int n = 0;

	for (; v; v &= v - 1)
		n++;
	return n;
}

static const uint32_t hw[] = {
	SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_HW, SBI_PMU_HW_CPU_CYCLES),
	SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_HW, SBI_PMU_HW_INSTRUCTIONS),
	SBI_PMU_DTLB_READ_MISS,
	SBI_PMU_CACHE_EVENT(SBI_PMU_HW_CACHE_DTLB, SBI_PMU_HW_CACHE_OP_WRITE,
			    SBI_PMU_HW_CACHE_RESULT_MISS),
	SBI_PMU_CACHE_EVENT(SBI_PMU_HW_CACHE_ITLB, SBI_PMU_HW_CACHE_OP_READ,
			    SBI_PMU_HW_CACHE_RESULT_MISS),
};

int main(unsigned long hartid, void *dtb)
{
	struct rvpmu_sampler_status st;
	unsigned int nr_pmu = 0;
	unsigned long h;
	long err;
	bool ok;

	(void)dtb;
	if (!sampler_present()) {
		rt_printf("sampler_direct_read: this firmware has no rvpmu sampler extension "
			  "(version 2)\n");
		return 1;
	}
	if (!rt_has_sscofpmf()) {
		rt_printf("sampler_direct_read: needs Sscofpmf (scountovf)\n");
		return 1;
	}
	sampler_reset();	/* a previous kernel may have left a run */
	nr_harts = rt_count_harts(MAX_HARTS);
	err = sampler_get_info(&info).error;
	rt_check(!err && info.max_nr_pmu > 0, "GET_INFO: max_nr_pmu %u (error %ld)",
		 (unsigned int)info.max_nr_pmu, err);
	for (h = 0; h < nr_harts; h++)
		if (h != hartid)
			rt_start_hart(h, other, 0);

	ok = all_probe(0);
	for (h = 0; h < nr_harts; h++) {
		ok &= popcount(~trapped[h][0] & ~7u) > 0 && !fixed_trapped[h][0];
		if (!h || popcount(~trapped[h][0] & ~7u) < nr_pmu)
			nr_pmu = popcount(~trapped[h][0] & ~7u);
	}
	if (nr_pmu > info.max_nr_pmu)
		nr_pmu = info.max_nr_pmu;
	rt_check(ok, "before the run: cycle, instret and %u hpmcounters read on every hart "
		 "(hart 0: 0x%08x trap)", nr_pmu, (unsigned int)trapped[0][0]);

	/* every hpm counter a hart reads, hardware events only, every hart */
	sampler_cfg_init(&cfg);
	for (unsigned int i = 0; i < 2 * nr_pmu && i < RVPMU_SAMPLER_MAX_EVENTS; i++)
		sampler_cfg_event(&cfg, hw[i % (sizeof(hw) / sizeof(hw[0]))], 0);
	cfg.nr_pmu = nr_pmu;
	cfg.period_us = 10000;
	cfg.nr_sample = 0;	/* no limit: RESET ends it (or a full buffer, seconds on) */
	sampler_cfg_buffer(&cfg, buf, BUF_SIZE);
	err = sampler_configure_all(&cfg).error;
	err = err ? err : sampler_start(&cfg).error;
	rt_check(!err, "a run on every hart, nr_pmu %u (error %ld)", (unsigned int)cfg.nr_pmu, err);

	ok = all_probe(1);
	sampler_status(&st, sizeof(st));
	rt_check(ok && st.state == RVPMU_SAMPLER_RUNNING, "every hart probed while the run holds "
		 "its counters (state %u)", (unsigned int)st.state);
	for (h = 0; h < nr_harts; h++) {
		uint32_t held = trapped[h][1] & ~trapped[h][0];

		rt_check(popcount(held) >= cfg.nr_pmu,
			 "hart %lu while running: %u hpmcounter reads that worked before trap "
			 "(0x%08x), at least nr_pmu %u", h, popcount(held), (unsigned int)held,
			 (unsigned int)cfg.nr_pmu);
		rt_check(ovf[h][1] != ~0u && !(ovf[h][1] & held),
			 "hart %lu while running: scountovf 0x%08x shows none of them", h,
			 (unsigned int)ovf[h][1]);
		rt_check(!fixed_trapped[h][1], "hart %lu while running: cycle and instret still read",
			 h);
	}

	err = sampler_reset().error;
	ok = all_probe(2);
	for (h = 0; h < nr_harts; h++)
		ok &= trapped[h][2] == trapped[h][0] && !fixed_trapped[h][2];
	rt_check(!err && ok, "after RESET (error %ld): every hpmcounter reads again on every hart "
		 "as before the run", err);
	return rt_check_report();
}
