/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bench - instructions retired by one S-mode round trip of each SBI call
 * Linux makes on a hot path (rdinstret around the ecall), on any SBI
 * firmware. Exact and repeatable under QEMU -icount shift=0; each figure
 * is the smallest of RUNS runs, so a first-call effect cannot inflate it.
 * Prints "bench NAME COUNT ERROR" lines (ERROR: the call's SBI error, 0 on
 * success), one per call, in the same order on every firmware.
 *
 * Two things keep the figures honest on OpenSBI 1.1: it leaves minstret
 * inhibited after stop+RESET of an instructions counter (that would
 * freeze rdinstret), so instret is configured on hpm counters only; and
 * every counter a case configured is released (start, then stop+RESET)
 * before the next run, so no case measures a full counter set.
 *
 * It runs on several OpenSBI releases side by side (scripts/bench-table),
 * and feeds none of them a hostile input: no event_get_info, no shared
 * memory outside RAM (the snapshot area is in the image), no counter that
 * get_info did not list. OpenSBI 1.6 and 1.9 halt the whole machine on
 * some such inputs (docs/conformance.md); bench-table would still finish,
 * naming the run and where it stopped.
 */
#include "client/rt.h"

#define RUNS	8
#define SET	8	/* counters in the set cases */

static unsigned long valid, fwmask;	/* counters that exist; firmware ones */
static struct sbi_pmu_snapshot snap __attribute__((aligned(SBI_PMU_SNAPSHOT_ALIGN)));

struct call {
	unsigned long eid, fid, a0, a1, a2, a3;
};

struct result {
	unsigned long n;
	long err;
};

static void report(const char *name, struct result r)
{
	rt_printf("bench %-26s %lu %ld\n", name, r.n, r.err);
}

/* One run; the call's value to *value when value is not NULL. */
static struct result measure_value(struct call c, unsigned long *value)
{
	struct sbiret got;
	struct result r;

	r.n = sbi_measure_err(c.eid, c.fid, c.a0, c.a1, c.a2, c.a3, &got);
	r.err = got.error;
	if (value)
		*value = got.value;
	return r;
}

static struct result measure(struct call c)
{
	return measure_value(c, 0);
}

static void keep_least(struct result *best, struct result r)
{
	if (r.n < best->n)
		*best = r;
}

/* A call that changes nothing: least of RUNS. */
static void plain(const char *name, struct call c)
{
	struct result best = { ~0ul, 0 };
	unsigned int i;

	for (i = 0; i < RUNS; i++)
		keep_least(&best, measure(c));
	report(name, best);
}

static struct call pmu(unsigned long fid, unsigned long a0, unsigned long a1,
		       unsigned long a2, unsigned long a3)
{
	struct call c = { SBI_EXT_PMU, fid, a0, a1, a2, a3 };

	return c;
}

/* Put counters back as they were before a case: started or not, stop with RESET. */
static void release(unsigned long base, unsigned long mask)
{
	sbi_pmu_start(base, mask, 0, 0);
	sbi_pmu_stop(base, mask, SBI_PMU_STOP_RESET);
}

/* config_matching as measured: every run's counter released after it. */
static void config_case(const char *name, unsigned long mask, unsigned long flags,
			unsigned long event)
{
	struct result best = { ~0ul, 0 }, r;
	unsigned long ctr;
	unsigned int i;

	for (i = 0; i < RUNS; i++) {
		r = measure_value(pmu(SBI_PMU_COUNTER_CONFIG_MATCHING, 0, mask, flags, event), &ctr);
		if (!r.err)
			release(ctr, 1);
		keep_least(&best, r);
	}
	report(name, best);
}

/* SKIP_MATCH reconfigures the configured, stopped counter it names. */
static void skip_match_case(const char *name, unsigned long mask, unsigned long event)
{
	struct sbiret r = sbi_pmu_config(0, mask, 0, event, 0);

	if (r.error) {
		report(name, (struct result){ 0, r.error });
		return;
	}
	plain(name, pmu(SBI_PMU_COUNTER_CONFIG_MATCHING, r.value, 1,
			SBI_PMU_CFG_FLAG_SKIP_MATCH, event));
	release(r.value, 1);
}

/* Configure n counters for event; their set as base + mask (0: failed). */
static unsigned long take(unsigned long mask, unsigned long event, unsigned int n,
			  unsigned long *base)
{
	unsigned long got = 0, i;
	struct sbiret r;

	for (i = 0; i < n; i++) {
		r = sbi_pmu_config(0, mask, 0, event, 0);
		if (r.error)
			break;
		got |= 1ul << r.value;
	}
	*base = got ? (unsigned long)__builtin_ctzl(got) : 0;
	if (i < n || (got >> *base) >> (SET - 1) >> 1) {
		/* fewer than n, or not within one mask window: give them back */
		if (got)
			release(*base, got >> *base);
		return 0;
	}
	return got >> *base;
}

/*
 * Start and stop of the counters base + mask, configured for one event:
 * start (with flags), stop (with flags) in turn, each the least of RUNS.
 * A stop with RESET releases the counters, so then each run configures
 * them again first (nothing of that is measured).
 */
static void start_stop_case(const char *sname, const char *tname, unsigned long cmask, unsigned long event,
			    unsigned int n, unsigned long start_flags, unsigned long stop_flags)
{
	struct result s = { ~0ul, 0 }, t = { ~0ul, 0 }, r;
	unsigned long base = 0, mask = 0;
	unsigned int i;

	for (i = 0; i < RUNS; i++) {
		if (!mask)
			mask = take(cmask, event, n, &base);
		if (!mask)
			break;
		keep_least(&s, measure(pmu(SBI_PMU_COUNTER_START, base, mask, start_flags, 0)));
		r = measure(pmu(SBI_PMU_COUNTER_STOP, base, mask, stop_flags, 0));
		keep_least(&t, r);
		if (stop_flags & SBI_PMU_STOP_RESET)
			mask = 0;
		else if (r.err)	/* a flag refused (no snapshot memory): stop plainly, so the next start is one */
			sbi_pmu_stop(base, mask, 0);
	}
	if (mask)
		release(base, mask);
	if (i < RUNS && !i) {
		s.n = t.n = 0;
		s.err = t.err = SBI_ERR_FAILED;	/* no counters for the case */
	}
	report(sname, s);
	report(tname, t);
}

static void discover(void)
{
	unsigned long n = sbi_pmu_num_counters().value, i;
	struct sbiret r;

	for (i = 0; i < n && i < __riscv_xlen; i++) {
		r = sbi_pmu_get_info(i);
		if (r.error)
			continue;
		valid |= 1ul << i;
		if (r.value >> (__riscv_xlen - 1))
			fwmask |= 1ul << i;
	}
	rt_printf("# bench: impl id 0x%lx, spec 0x%lx, %lu counters\n",
		  SBI_CALL0(SBI_EXT_BASE, SBI_BASE_GET_IMPL_ID).value, sbi_spec_version(), n);
}

int main(unsigned long hartid, void *dtb)
{
	const unsigned long timer = SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER);
	const unsigned long cycles = SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_HW, SBI_PMU_HW_CPU_CYCLES);
	const unsigned long instret = SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_HW,
							SBI_PMU_HW_INSTRUCTIONS);
	unsigned long hw, hpm, fctr;
	struct sbiret r;

	(void)dtb;
	discover();
	hw = valid & ~fwmask;
	hpm = hw & ~7ul;

	plain("base.get_spec_version", (struct call){ SBI_EXT_BASE, SBI_BASE_GET_SPEC_VERSION,
						      0, 0, 0, 0 });
	plain("base.probe_extension", (struct call){ SBI_EXT_BASE, SBI_BASE_PROBE_EXT,
						     SBI_EXT_PMU, 0, 0, 0 });
	plain("pmu.num_counters", pmu(SBI_PMU_NUM_COUNTERS, 0, 0, 0, 0));
	plain("pmu.get_info", pmu(SBI_PMU_COUNTER_GET_INFO, 3, 0, 0, 0));

	/* config_matching as Linux calls it: every counter in the mask */
	config_case("cfg.cycles", valid, 0, cycles);
	config_case("cfg.instret(hpm)", hpm | fwmask, 0, instret);
	config_case("cfg.hpm(cycles)", hpm | fwmask, 0, cycles);
	config_case("cfg.cache(dtlb)", valid, 0, SBI_PMU_DTLB_READ_MISS);
	config_case("cfg.raw", valid, 0, SBI_PMU_RAW_EVENT);
	config_case("cfg.fw", valid, 0, timer);
	config_case("cfg.fw.auto_start", valid, SBI_PMU_CFG_FLAG_AUTO_START, timer);
	config_case("cfg.fw.clear_value", valid, SBI_PMU_CFG_FLAG_CLEAR_VALUE, timer);
	skip_match_case("cfg.fw.skip_match", fwmask, timer);
	config_case("cfg.hw.auto_start", valid, SBI_PMU_CFG_FLAG_AUTO_START,
		    SBI_PMU_DTLB_READ_MISS);
	config_case("cfg.hw.clear_value", valid, SBI_PMU_CFG_FLAG_CLEAR_VALUE,
		    SBI_PMU_DTLB_READ_MISS);
	skip_match_case("cfg.hw.skip_match", hpm, SBI_PMU_DTLB_READ_MISS);

	/* start/stop on an event only hpm counters count (not instret's) */
	start_stop_case("start.hw", "stop.hw", hpm, SBI_PMU_DTLB_READ_MISS, 1, 0, 0);
	start_stop_case("start.hw.init", "stop.hw.reset", hpm, SBI_PMU_DTLB_READ_MISS, 1,
			SBI_PMU_START_SET_INIT_VALUE,
			SBI_PMU_STOP_RESET);
	start_stop_case("start.fw", "stop.fw", fwmask, timer, 1, 0, 0);
	start_stop_case("start.fw.init", "stop.fw.reset", fwmask, timer, 1,
			SBI_PMU_START_SET_INIT_VALUE,
			SBI_PMU_STOP_RESET);
	start_stop_case("start.hw8", "stop.hw8", hpm, SBI_PMU_DTLB_READ_MISS, SET, 0, 0);
	start_stop_case("start.fw8", "stop.fw8", fwmask, timer, SET, 0, 0);
	/* clock-like counters: where inhibiting does not stop them (QEMU
	   7.2), stop writes the value back */
	start_stop_case("start.cycles", "stop.cycles", 1, cycles, 1, 0, 0);
	start_stop_case("start.hw(cycles)", "stop.hw(cycles)", hpm, cycles, 1, 0, 0);

	/* Linux's del(): stop, then stop+RESET of the stopped counter */
	r = sbi_pmu_config(0, hpm, 0, SBI_PMU_DTLB_READ_MISS, 0);
	if (!r.error) {
		sbi_pmu_start(r.value, 1, 0, 0);
		sbi_pmu_stop(r.value, 1, 0);
	}
	report("stop.hw.reset_stopped", r.error ? (struct result){ 0, r.error } :
		measure(pmu(SBI_PMU_COUNTER_STOP, r.value, 1, SBI_PMU_STOP_RESET, 0)));

	/* snapshot-taking stop (SBI 2.0; a firmware without it says so) */
	r = sbi_pmu_snapshot((unsigned long)&snap, 0, 0);
	if (r.error)
		rt_printf("# bench: snapshot_set_shmem: %ld\n", r.error);
	start_stop_case("start.hw(snapshot)", "stop.hw.snapshot", hpm,
			SBI_PMU_DTLB_READ_MISS, 1, 0, SBI_PMU_STOP_TAKE_SNAPSHOT);
	sbi_pmu_snapshot(~0ul, ~0ul, 0);

	/* a counting firmware counter: fw_read, and the event site it counts */
	plain("time.set_timer", (struct call){ SBI_EXT_TIME, SBI_TIME_SET_TIMER, ~0ul, ~0ul, 0, 0 });
	r = sbi_pmu_config(0, fwmask, SBI_PMU_CFG_FLAG_AUTO_START, timer, 0);
	fctr = r.value;
	if (r.error) {
		report("pmu.fw_read", (struct result){ 0, r.error });
		report("pmu.fw_read_hi", (struct result){ 0, r.error });
		report("time.set_timer.counted", (struct result){ 0, r.error });
	} else {
		plain("pmu.fw_read", pmu(SBI_PMU_COUNTER_FW_READ, fctr, 0, 0, 0));
		plain("pmu.fw_read_hi", pmu(SBI_PMU_COUNTER_FW_READ_HI, fctr, 0, 0, 0));
		plain("time.set_timer.counted", (struct call){ SBI_EXT_TIME, SBI_TIME_SET_TIMER, ~0ul, ~0ul, 0, 0 });
		sbi_pmu_stop(fctr, 1, SBI_PMU_STOP_RESET);
	}

	/* to this hart alone: what a 1-hart run can measure */
	{
		struct result best = { ~0ul, 0 };
		unsigned int i;

		for (i = 0; i < RUNS; i++) {
			keep_least(&best, measure((struct call){ SBI_EXT_IPI, SBI_IPI_SEND_IPI, 1, hartid, 0, 0 }));
			rt_csr_clear(sip, 2);	/* the IPI it sent */
		}
		report("ipi.send(self)", best);
	}
	plain("rfence.fence_i(self)", (struct call){ SBI_EXT_RFENCE, SBI_RFENCE_FENCE_I,
						     1, hartid, 0, 0 });
	plain("rfence.sfence_vma(self)", (struct call){ SBI_EXT_RFENCE, SBI_RFENCE_SFENCE_VMA,
							1, hartid, 0, ~0ul });
	rt_printf("0 passed, 0 failed\n");
	return 0;
}
