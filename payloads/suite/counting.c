/* SPDX-License-Identifier: BSD-2-Clause */
/* Counts that really move, exact firmware counts, overflow, filters. */
#include "suite.h"

#define AUTO (SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START)

static void hardware(void)
{
	long c;

	c = cfg(AUTO, SBI_PMU_HW_CPU_CYCLES, 0);
	spin(10000);
	t_check(SPEC, value_of(c) > 0, "cycles count");
	release(c);
	c = cfg(AUTO, SBI_PMU_HW_INSTRUCTIONS, 0);
	spin(10000);
	t_check(SPEC, value_of(c) >= 10000, "instructions count at least a 10000-step loop (%llu)",
		(unsigned long long)value_of(c));
	release(c);
	t_skip_if(!S.dtlb, why_no_dtlb());
	c = cfg(AUTO, SBI_PMU_DTLB_READ_MISS, 0);
	touch_fresh_pages(128);
	t_check(IMPL, value_of(c) > 0, "dTLB read misses after touching fresh pages (%llu)",
		(unsigned long long)value_of(c));
	release(c);
	c = cfg(AUTO, ITLB_RD_MISS, 0);
	run_code_pages(32);
	t_check(IMPL, c >= 0 && value_of(c) > 0, "iTLB misses after running code on fresh pages (%llu)",
		(unsigned long long)value_of(c));
	t_skip_end();
	release(c);
}

static void fw_exact(void)
{
	long c = cfg(AUTO, SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), 0), i;
	long s = cfg(AUTO, SBI_PMU_FW_EVENT(SBI_PMU_FW_IPI_SENT), 0), r = cfg(AUTO, SBI_PMU_FW_EVENT(SBI_PMU_FW_IPI_RECEIVED), 0);

	for (i = 0; i < 7; i++)
		sbi_set_timer(~0ull);
	t_check(IMPL, value_of(c) == 7, "set_timer firmware event: exactly 7 for 7 calls (%llu)",
		(unsigned long long)value_of(c));
	sbi_pmu_stop((unsigned long)c, 1, 0);
	sbi_set_timer(~0ull);
	t_check(SPEC, value_of(c) == 7, "a stopped firmware counter does not count");
	for (i = 0; i < 3; i++)
		sbi_send_ipi(1ul << S.boot_hart, 0);
	rt_csr_clear(sip, 2);
	t_check(IMPL, value_of(s) == 3 && value_of(r) == 3,
		"IPIs to this hart: 3 sent, 3 received (%llu, %llu)",
		(unsigned long long)value_of(s), (unsigned long long)value_of(r));
	release(c);
	release(s);
	release(r);
}

static volatile unsigned long sink;
static void illegal(void *a) { (void)a; __asm__ volatile(".word 0xffffffff"); }
static void load_fw(void *a) { (void)a; sink = *(volatile unsigned long *)FW_BASE_PA; }
static void store_fw(void *a) { (void)a; *(volatile unsigned long *)FW_BASE_PA = 0; }

static void fw_traps(void)
{
	long i = cfg(AUTO, SBI_PMU_FW_EVENT(SBI_PMU_FW_ILLEGAL_INSN), 0);
	long l = cfg(AUTO, SBI_PMU_FW_EVENT(SBI_PMU_FW_ACCESS_LOAD), 0), s = cfg(AUTO, SBI_PMU_FW_EVENT(SBI_PMU_FW_ACCESS_STORE), 0);

	t_check(IMPL, rt_expect_fault(illegal, 0, 0) == 2, "an illegal instruction reaches S-mode");
	t_check(IMPL, rt_expect_fault(load_fw, 0, 0) == 5, "a load from firmware memory is an access fault");
	t_check(IMPL, rt_expect_fault(store_fw, 0, 0) == 7, "a store to firmware memory is an access fault");
	t_check(IMPL, value_of(i) == 1, "illegal-instruction firmware event counted once (%llu)",
		(unsigned long long)value_of(i));
	t_check(IMPL, value_of(l) == 1 && value_of(s) == 1,
		"access-fault firmware events counted once each (%llu, %llu)",
		(unsigned long long)value_of(l), (unsigned long long)value_of(s));
	release(i);
	release(l);
	release(s);
}

static volatile int lcofi;
static volatile unsigned long ovf_bits;
static volatile long stop_err;
static long lcofi_ctr;

static void on_lcofi(unsigned long irq)
{
	(void)irq;
	stop_err = sbi_pmu_stop((unsigned long)lcofi_ctr, 1, 0).error;
	ovf_bits = rt_csr_read(0xda0);
	rt_csr_clear(sip, 1ul << 13);
	lcofi++;
}

static void overflow(void)
{
	long c;
	uint64_t end;

	if (!S.sscofpmf) {
		t_skip(SPEC, "no Sscofpmf", "overflow interrupt of a programmable counter");
		t_skip(SPEC, "no Sscofpmf", "scountovf shows the overflowed counter");
		return;
	}
	/*
	 * A dTLB counter just below its wrap: it overflows when it really
	 * wraps (QEMU fakes cycle/instret overflow with a timer shared by all
	 * such counters, which can fire for any of them).
	 */
	c = cfg(0, SBI_PMU_DTLB_READ_MISS, 0);
	lcofi_ctr = c;
	rt_set_irq(13, on_lcofi);
	sbi_pmu_start((unsigned long)c, 1, SBI_PMU_START_SET_INIT_VALUE,
		      (uint64_t)0 - 10);
	/*
	 * An LCOFI may be pending from earlier: QEMU 7.2 raises one at once
	 * when a cycle/instret counter starts from 0 (its overflow delta,
	 * 2^64, becomes -1 as a signed timer value). Clear it, as Linux does,
	 * before enabling the interrupt.
	 */
	rt_csr_clear(sip, 1ul << 13);
	rt_csr_set(sie, 1ul << 13);
	rt_irq_enable(true);
	end = rd_time() + 200 * S.timebase_ms;
	while (!lcofi && rd_time() < end)
		touch_fresh_pages(64);
	rt_irq_enable(false);
	rt_csr_clear(sie, 1ul << 13);
	t_check(SPEC, lcofi == 1 && !stop_err, "an overflowing counter raises LCOFI, once (%d; "
		"the handler stopped it: %ld)", lcofi, stop_err);
	t_check(SPEC, ovf_bits >> (SBI_PMU_CTR_INFO_CSR(S.m.info[c]) - CSR_CYCLE) & 1,
		"scountovf shows that counter");
	{
		long e = sbi_pmu_start((unsigned long)c, 1, SBI_PMU_START_SET_INIT_VALUE, 0).error;
		unsigned long ov = rt_csr_read(0xda0);

		t_check(IMPL, !e && !((ov >> (SBI_PMU_CTR_INFO_CSR(S.m.info[c]) - CSR_CYCLE)) & 1),
			"restart clears the counter's overflow bit (start %ld, scountovf 0x%lx)", e, ov);
	}
	release(c);
}

static uint64_t dtlb_with(unsigned long flags)
{
	long c = cfg(AUTO | flags, SBI_PMU_DTLB_READ_MISS, 0);
	uint64_t v;

	touch_fresh_pages(128);
	v = value_of(c);
	release(c);
	return v;
}

static void filters(void)
{
	uint64_t all, s_off;

	if (!S.sscofpmf) {
		t_skip(IMPL, "no Sscofpmf: filters are hints", "SINH keeps S-mode dTLB misses out");
		t_skip(IMPL, "no Sscofpmf: filters are hints", "UINH leaves S-mode dTLB misses counted");
		return;
	}
	all = dtlb_with(0);
	s_off = dtlb_with(SBI_PMU_CFG_FLAG_SET_SINH);

	/* the suite runs in S-mode: S-mode inhibited means nothing counts */
	t_check(IMPL, all > 0 && s_off == 0,
		"SINH keeps S-mode dTLB misses out (%llu with, %llu without)",
		(unsigned long long)s_off, (unsigned long long)all);
	t_check(IMPL, dtlb_with(SBI_PMU_CFG_FLAG_SET_UINH) > 0,
		"UINH leaves S-mode dTLB misses counted");
}

void suite_counting(void)
{
	hardware();
	fw_exact();
	fw_traps();
	overflow();
	filters();
}
