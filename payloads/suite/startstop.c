/* SPDX-License-Identifier: BSD-2-Clause */
/* counter_start / counter_stop: flags, sets, states, values, RESET. */
#include "suite.h"

#define INIT	SBI_PMU_START_SET_INIT_VALUE
#define RESET	SBI_PMU_STOP_RESET

static void flags_and_sets(long c)
{
	static const unsigned int bits[] = { 2, 3, 8, 31 };
	unsigned int i;

	for (i = 0; i < sizeof(bits) / sizeof(bits[0]); i++) {
		t_check(SPEC, sbi_pmu_start((unsigned long)c, 1, 1ul << bits[i], 0).error ==
			SBI_ERR_INVALID_PARAM, "start: reserved flag bit %u is INVALID_PARAM", bits[i]);
		t_check(SPEC, sbi_pmu_stop((unsigned long)c, 1, 1ul << bits[i]).error ==
			SBI_ERR_INVALID_PARAM, "stop: reserved flag bit %u is INVALID_PARAM", bits[i]);
	}
	t_check(IMPL, sbi_pmu_start((unsigned long)c, 0, 0, 0).error == SBI_ERR_INVALID_PARAM,
		"start: mask 0 is INVALID_PARAM");
	t_check(IMPL, sbi_pmu_stop((unsigned long)c, 0, 0).error == SBI_ERR_INVALID_PARAM,
		"stop: mask 0 is INVALID_PARAM");
	t_check(SPEC, sbi_pmu_start(S.m.num, 1, 0, 0).error == SBI_ERR_INVALID_PARAM,
		"start: base = num_counters is INVALID_PARAM");
	t_check(SPEC, sbi_pmu_stop(ALL1, 1, 0).error == SBI_ERR_INVALID_PARAM,
		"stop: base -1 is INVALID_PARAM");
	t_check(SPEC, sbi_pmu_start(S.m.num - 1, 2, 0, 0).error == SBI_ERR_INVALID_PARAM,
		"start: base + mask past the last counter is INVALID_PARAM");
	t_check(IMPL, sbi_pmu_start((unsigned long)c, 1, INIT | SBI_PMU_START_INIT_SNAPSHOT, 0).error ==
		SBI_ERR_INVALID_PARAM, "start: SET_INIT_VALUE with INIT_SNAPSHOT is INVALID_PARAM");
}

static void states(void)
{
	long c = cfg(0, ev_a(), 0), d = cfg(0, ev_b(), 0), f = first_fw();
	unsigned long lo = (unsigned long)(c < d ? c : d), hi = (unsigned long)(c < d ? d : c);

	flags_and_sets(c);
	t_check(IMPL, sbi_pmu_start((unsigned long)f, 1, 0, 0).error == SBI_ERR_INVALID_PARAM,
		"start: an unconfigured counter is INVALID_PARAM");
	t_check(IMPL, sbi_pmu_stop((unsigned long)f, 1, 0).error == SBI_ERR_INVALID_PARAM,
		"stop: an unconfigured counter is INVALID_PARAM");
	t_check(SPEC, sbi_pmu_stop((unsigned long)c, 1, 0).error == SBI_ERR_ALREADY_STOPPED,
		"stop: a configured, never started counter is ALREADY_STOPPED");
	t_check(SPEC, sbi_pmu_start((unsigned long)c, 1, 0, 0).error == 0, "start: succeeds");
	t_check(SPEC, sbi_pmu_start((unsigned long)c, 1, 0, 0).error == SBI_ERR_ALREADY_STARTED,
		"start again: ALREADY_STARTED");
	t_check(SPEC, sbi_pmu_start(lo, 1 | 1ul << (hi - lo), 0, 0).error == SBI_ERR_ALREADY_STARTED,
		"start of a set with one started counter: ALREADY_STARTED");
	t_check(IMPL, sbi_pmu_stop((unsigned long)d, 1, 0).error == SBI_ERR_ALREADY_STOPPED,
		"... and the other counter of that set was not started (all or nothing)");
	t_check(SPEC, sbi_pmu_stop((unsigned long)c, 1, 0).error == 0, "stop: succeeds");
	t_check(SPEC, sbi_pmu_stop((unsigned long)c, 1, 0).error == SBI_ERR_ALREADY_STOPPED,
		"stop again: ALREADY_STOPPED");
	t_check(SPEC, sbi_pmu_start(lo, 1 | 1ul << (hi - lo), 0, 0).error == 0,
		"start two counters in one call (base + mask)");
	t_check(SPEC, sbi_pmu_stop(lo, 1 | 1ul << (hi - lo), 0).error == 0,
		"stop two counters in one call");
	release(c);
	release(d);
}

static void values(void)
{
	/* dTLB misses barely move here, unlike QEMU's tick-based instret */
	long c = cfg(0, SBI_PMU_DTLB_READ_MISS, 0);
	uint64_t v, w;

	t_skip_if(!S.dtlb, why_no_dtlb());
	t_check(SPEC, sbi_pmu_start((unsigned long)c, 1, INIT, 1000000).error == 0,
		"start with SET_INIT_VALUE");
	v = value_of(c);
	t_check(SPEC, v >= 1000000 && v < 1000000 + 1000,
		"SET_INIT_VALUE: the counter starts from the value (%llu)", (unsigned long long)v);
	t_skip_end();
	release(c);
	c = cfg(0, SBI_PMU_HW_INSTRUCTIONS, 0);
	sbi_pmu_start((unsigned long)c, 1, INIT, 1000000);
	sbi_pmu_stop((unsigned long)c, 1, 0);
	v = value_of(c);
	spin(20000);
	w = value_of(c);
	t_skip_if(!S.stops, WHY_NO_INHIBIT);
	t_check(SPEC, v == w, "a stopped counter does not count (%llu, %llu)",
		(unsigned long long)v, (unsigned long long)w);
	sbi_pmu_start((unsigned long)c, 1, 0, 0);
	w = value_of(c);
	t_check(SPEC, w >= v && w < v + 10000000, "start without SET_INIT_VALUE continues from "
		"the stopped value (%llu -> %llu)", (unsigned long long)v, (unsigned long long)w);
	t_skip_end();
	release(c);
}

static void reset(void)
{
	long c = cfg(0, SBI_PMU_DTLB_READ_MISS, 0), d;
	unsigned long before, after;

	/* two events on one counter: only an hpm counter takes both */
	t_skip_if(!S.dtlb, why_no_dtlb());
	sbi_pmu_start((unsigned long)c, 1, 0, 0);
	t_check(SPEC, sbi_pmu_stop((unsigned long)c, 1, RESET).error == 0,
		"stop with RESET of a running counter");
	t_check(IMPL, sbi_pmu_start((unsigned long)c, 1, 0, 0).error == SBI_ERR_INVALID_PARAM,
		"after RESET the counter is not configured: start is INVALID_PARAM");
	d = cfg_in((unsigned long)c, 1, 0, DTLB_WR_MISS, 0);
	t_check(SPEC, d == c, "after RESET the counter is mapped to another event");
	t_check(IMPL, sbi_pmu_stop((unsigned long)d, 1, RESET).error == SBI_ERR_ALREADY_STOPPED,
		"stop+RESET of a stopped counter: ALREADY_STOPPED (Linux's del)");
	t_check(IMPL, cfg_in((unsigned long)c, 1, 0, SBI_PMU_DTLB_READ_MISS, 0) == c,
		"... and it was released all the same");
	t_skip_end();
	release(c);
	/* the fixed counters: configure, release, and they still count */
	c = cfg_in(2, 1, SBI_PMU_CFG_FLAG_AUTO_START, SBI_PMU_HW_INSTRUCTIONS, 0);
	t_check(SPEC, c == 2, "instret counter configured for instructions");
	release(c);
	before = rd_instret();
	spin(1000);
	after = rd_instret();
	t_check(IMPL, after > before, "after releasing instret, rdinstret still counts");
	t_check(IMPL, cfg_in(2, 1, 0, SBI_PMU_HW_INSTRUCTIONS, 0) == 2,
		"the instret counter can be configured again");
	release(2);
	before = rd_instret();
	spin(1000);
	t_check(IMPL, rd_instret() > before, "and released again, it keeps counting");
}

static void no_shmem(void)
{
	long c = cfg(0, ev_a(), 0);

	sbi_pmu_snapshot(ALL1, ALL1, 0);	/* make sure none is set */
	t_check(SPEC, sbi_pmu_start((unsigned long)c, 1, SBI_PMU_START_INIT_SNAPSHOT, 0).error ==
		SBI_ERR_NO_SHMEM, "start with INIT_SNAPSHOT and no shared memory: NO_SHMEM");
	sbi_pmu_start((unsigned long)c, 1, 0, 0);
	t_check(SPEC, sbi_pmu_stop((unsigned long)c, 1, SBI_PMU_STOP_TAKE_SNAPSHOT).error ==
		SBI_ERR_NO_SHMEM, "stop with TAKE_SNAPSHOT and no shared memory: NO_SHMEM");
	t_check(IMPL, sbi_pmu_stop((unsigned long)c, 1, 0).error == 0,
		"... and the counter was not stopped by the refused call");
	release(c);
}

void suite_startstop(void)
{
	states();
	values();
	reset();
	no_shmem();
}
