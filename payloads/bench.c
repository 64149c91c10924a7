/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bench - instructions retired by one S-mode round trip of SBI calls
 * (rdinstret around the ecall), on any SBI firmware. Exact and repeatable
 * under QEMU -icount shift=0; each figure is the smallest of 8 runs, so a
 * first-call effect cannot inflate it. Prints "bench NAME COUNT" lines.
 */
#include "client/rt.h"

#define RUNS 8

static unsigned long best(unsigned long eid, unsigned long fid, unsigned long a0,
			  unsigned long a1, unsigned long a2, unsigned long a3)
{
	unsigned long m = ~0ul, i, n;

	for (i = 0; i < RUNS; i++) {
		n = sbi_measure(eid, fid, a0, a1, a2, a3);
		if (n < m)
			m = n;
	}
	return m;
}

static void report(const char *name, unsigned long n)
{
	rt_printf("bench %-28s %lu\n", name, n);
}

int main(unsigned long hartid, void *dtb)
{
	unsigned long valid = 0, fwmask = 0, n, i, ctr, fctr, m = ~0ul;
	struct sbiret r;

	(void)hartid;
	(void)dtb;
	n = sbi_pmu_num_counters().value;
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
	report("base.get_spec_version", best(SBI_EXT_BASE, SBI_BASE_GET_SPEC_VERSION, 0, 0, 0, 0));
	report("pmu.num_counters", best(SBI_EXT_PMU, SBI_PMU_NUM_COUNTERS, 0, 0, 0, 0));
	report("pmu.counter_get_info", best(SBI_EXT_PMU, SBI_PMU_COUNTER_GET_INFO, 3, 0, 0, 0));

	/*
	 * config_matching as Linux calls it (every counter in the mask), for
	 * an event only hpm counters count: OpenSBI 1.1 leaves minstret
	 * inhibited after stop+RESET of the instructions counter, which would
	 * freeze rdinstret and every later figure.
	 */
	for (i = 0; i < RUNS; i++) {
		unsigned long c = sbi_measure(SBI_EXT_PMU, SBI_PMU_COUNTER_CONFIG_MATCHING, 0, valid,
					      0, SBI_PMU_DTLB_READ_MISS);
		unsigned long j;

		/* release whatever the measured call configured */
		for (j = 3; j < __riscv_xlen; j++)
			if ((valid & ~fwmask) >> j & 1)
				sbi_pmu_stop(j, 1, SBI_PMU_STOP_RESET);
		if (c < m)
			m = c;
	}
	report("pmu.counter_config_matching", m);

	/* start/stop on an event only hpm counters count: stopping the
	   instret counter would stop rdinstret itself */
	r = sbi_pmu_config(0, valid, 0, SBI_PMU_DTLB_READ_MISS, 0);
	ctr = r.value;
	if (r.error) {
		/* nothing to start or stop: leave those rows out */
		rt_printf("# bench: no counter for dTLB read misses (%ld)\n", r.error);
		goto fw_read;
	}
	m = ~0ul;
	for (i = 0; i < RUNS; i++) {
		unsigned long s = sbi_measure(SBI_EXT_PMU, SBI_PMU_COUNTER_START, ctr, 1,
					      SBI_PMU_START_SET_INIT_VALUE, 0);
		unsigned long t = sbi_measure(SBI_EXT_PMU, SBI_PMU_COUNTER_STOP, ctr, 1, 0, 0);

		if (s < m)
			m = s;
		if (!i || t < n)
			n = t;
	}
	report("pmu.counter_start", m);
	report("pmu.counter_stop", n);
	report("pmu.counter_stop_reset", sbi_measure(SBI_EXT_PMU, SBI_PMU_COUNTER_STOP, ctr, 1,
						     SBI_PMU_STOP_RESET, 0));
fw_read:
	r = sbi_pmu_config(0, fwmask, SBI_PMU_CFG_FLAG_AUTO_START, SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), 0);
	fctr = r.value;
	report("pmu.counter_fw_read", r.error ? 0 : best(SBI_EXT_PMU, SBI_PMU_COUNTER_FW_READ,
							 fctr, 0, 0, 0));
	sbi_pmu_stop(fctr, 1, SBI_PMU_STOP_RESET);
	rt_printf("0 passed, 0 failed\n");
	return 0;
}
