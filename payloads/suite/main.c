/* SPDX-License-Identifier: BSD-2-Clause */
/* The suite's harness, discovery, helpers and workloads. */
#include <stdarg.h>

#include "lib/fmt.h"
#include "suite.h"
#include "client/fdt.h"

struct suite S;
static int n_pass, n_fail, n_skip;
static const char *skip_why;

void t_skip_begin(const char *why) { skip_why = why; }
void t_skip_end(void) { skip_why = 0; }
void t_skip_if(bool cond, const char *why) { if (cond) skip_why = why; }

unsigned long ev_a(void) { return S.dtlb ? SBI_PMU_DTLB_READ_MISS : SBI_PMU_HW_CPU_CYCLES; }
unsigned long ev_b(void) { return S.dtlb ? DTLB_WR_MISS : SBI_PMU_HW_INSTRUCTIONS; }
const char *why_no_dtlb(void) { return S.nr_hpm ? WHY_NO_DTLB : WHY_NO_HPM; }

static void report(const char *status, char tag, const char *fmt, va_list ap,
		   const char *skip)
{
	char msg[200];

	rvpmu_vsnprintf(msg, sizeof(msg), fmt, ap);
	if (skip)
		rt_printf("%s %d - [%c] %s # SKIP %s\n", status, n_pass + n_fail + n_skip, tag,
			  msg, skip);
	else
		rt_printf("%s %d - [%c] %s\n", status, n_pass + n_fail + n_skip, tag, msg);
}

void t_check(char tag, bool ok, const char *fmt, ...)
{
	va_list ap;

	if (skip_why) {
		n_skip++;
		va_start(ap, fmt);
		report("ok", tag, fmt, ap, skip_why);
		va_end(ap);
		return;
	}
	if (ok)
		n_pass++;
	else
		n_fail++;
	va_start(ap, fmt);
	report(ok ? "ok" : "not ok", tag, fmt, ap, 0);
	va_end(ap);
}

void t_skip(char tag, const char *why, const char *fmt, ...)
{
	va_list ap;

	n_skip++;
	va_start(ap, fmt);
	report("ok", tag, fmt, ap, why);
	va_end(ap);
}

unsigned long hw_mask(void) { return (unsigned long)S.hw; }
unsigned long fw_mask(void) { return (unsigned long)S.m.fw; }
unsigned long all_mask(void) { return (unsigned long)S.m.valid; }

long first_hpm(void)
{
	uint64_t h = S.hw & ~UINT64_C(7);

	return h ? (long)__builtin_ctzll(h) : -1;
}

long first_fw(void)
{
	return S.m.fw ? (long)__builtin_ctzll(S.m.fw) : -1;
}

long cfg_in(unsigned long base, unsigned long mask, unsigned long flags,
	    unsigned long event, uint64_t data)
{
	struct sbiret r = sbi_pmu_config(base, mask, flags, event, data);

	return r.error ? r.error : (long)r.value;
}

long cfg(unsigned long flags, unsigned long event, uint64_t data)
{
	return cfg_in(0, all_mask(), flags, event, data);
}

long refused(long ctr_or_err)
{
	if (ctr_or_err >= 0)
		release(ctr_or_err);
	return ctr_or_err;
}

void release(long ctr)
{
	if (ctr < 0)
		return;
	sbi_pmu_stop((unsigned long)ctr, 1, 0);
	sbi_pmu_stop((unsigned long)ctr, 1, SBI_PMU_STOP_RESET);
}

uint64_t value_of(long ctr)
{
	return pmu_read_counter(&S.m, (unsigned long)ctr);
}

static volatile unsigned long sink;

void spin(unsigned long n)
{
	while (n--)
		__asm__ volatile("" ::: "memory");
}

static char pages[256 * 4096] __attribute__((aligned(4096)));

void touch_fresh_pages(unsigned long n)
{
	unsigned long i;

	if (n > 256)
		n = 256;
	/* the TLBs forget; the runtime's .bss zeroing filled them once */
	__asm__ volatile("sfence.vma" ::: "memory");
	for (i = 0; i < n; i++)
		sink += pages[i * 4096]++;
}

static char code[64 * 4096] __attribute__((aligned(4096)));

void run_code_pages(unsigned long n)
{
	static bool built;
	unsigned long i;

	if (n > 64)
		n = 64;
	if (!built) {
		for (i = 0; i < 64; i++)	/* c.jr ra: a one-instruction function */
			*(volatile uint16_t *)&code[i * 4096] = 0x8082;
		__asm__ volatile("fence.i" ::: "memory");
		built = true;
	}
	__asm__ volatile("sfence.vma" ::: "memory");
	for (i = 0; i < n; i++)
		((void (*)(void))(void *)&code[i * 4096])();
}

/*
 * Does an hpm counter count dTLB misses? None without hpm counters
 * (counter_get_info); with them, event_get_info says whether the firmware
 * maps the events to them (QEMU 10's sifive_u: 16 hpm counters, no
 * riscv,pmu node, nothing mapped). Without event_get_info (SBI < 3.0) they
 * are taken to count. A hart with Sscofpmf is held to the dTLB checks
 * (QEMU virt's DT maps them), so a wrong "not supported" fails there.
 */
static bool dtlb(void)
{
	static struct sbi_pmu_event_info e[2] __attribute__((aligned(16)));
	struct sbiret r;

	if (!S.nr_hpm)
		return false;
	if (S.sscofpmf)
		return true;
	e[0] = (struct sbi_pmu_event_info){ SBI_PMU_DTLB_READ_MISS, 0, 0 };
	e[1] = (struct sbi_pmu_event_info){ DTLB_WR_MISS, 0, 0 };
	r = sbi_pmu_event_info((unsigned long)e, 0, 2, 0);
	return r.error || (e[0].output & 1 && e[1].output & 1);
}

/*
 * Does a stopped hardware counter hold its value? Not on a hart without
 * mcountinhibit (privileged spec 1.10: the FU540's U54), where counter_stop
 * can only note the value. Sscofpmf needs privileged spec 1.11 and so
 * mcountinhibit: a hart with it is never let off the stop checks, so a
 * stop that does not stop fails there.
 */
static bool stops(void)
{
	long c;
	uint64_t v, w;

	if (S.sscofpmf)
		return true;
	c = cfg_in(2, 1, SBI_PMU_CFG_FLAG_AUTO_START, SBI_PMU_HW_INSTRUCTIONS, 0);
	if (c != 2) {
		release(c);
		return true;
	}
	sbi_pmu_stop(2, 1, 0);
	v = value_of(2);
	spin(20000);
	w = value_of(2);
	release(2);
	return v == w;
}

static void discover(unsigned long hartid)
{
	unsigned long i;

	S.boot_hart = hartid;
	S.spec = sbi_spec_version();
	S.impl_id = SBI_CALL0(SBI_EXT_BASE, SBI_BASE_GET_IMPL_ID).value;
	pmu_machine_init(&S.m);
	S.hw = S.m.valid & ~S.m.fw;
	S.sscofpmf = rt_has_sscofpmf();
	/* hardware counters get_info lists past cycle, time and instret */
	for (i = 3; i < S.m.num && i < 64; i++)
		S.nr_hpm += (S.hw >> i & 1) != 0;
	S.dtlb = dtlb();
	S.stops = stops();
	for (i = 0; i < RT_MAX_HARTS; i++)
		if (!sbi_hart_status(i).error)
			S.nr_harts = i + 1;
	S.timebase_ms = 10000;
}

int main(unsigned long hartid, void *dtb)
{
	discover(hartid);
	S.smcntrpmf = fdt_isa_has(dtb, "smcntrpmf");
	S.harts_off = fdt_harts_disabled(dtb);
	rt_printf("# rvpmu SBI PMU conformance suite, RV%d\n", XLEN);
	rt_printf("# firmware: impl id 0x%lx, SBI %lu.%lu, %lu harts, %lu counters, "
		  "Sscofpmf %s, Smcntrpmf %s\n", S.impl_id, S.spec >> 24, S.spec & 0xffffff,
		  S.nr_harts, S.m.num, S.sscofpmf ? "yes" : "no", S.smcntrpmf ? "yes" : "no");
	rt_printf("# hart: %lu hpm counters, dTLB misses %scounted, stopped counters %s; "
		  "harts the DT disables 0x%lx\n", S.nr_hpm, S.dtlb ? "" : "not ",
		  S.stops ? "hold their value" : "count on", S.harts_off);
	suite_discovery();
	suite_matching();
	suite_startstop();
	suite_counting();
	suite_client();
	suite_fwread();
	suite_snapshot();
	suite_event_info();
	suite_linux();
	suite_filters();
	suite_harts();
	rt_printf("1..%d\n%d passed, %d failed, %d skipped\n", n_pass + n_fail + n_skip,
		  n_pass, n_fail, n_skip);
	return n_fail;
}
