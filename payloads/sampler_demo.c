/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sampler_demo - rvpmu's offloaded sampler on every hart: each hart runs a
 * mixed workload that moves through four phases (an ALU loop, a pointer
 * chase across pages for TLB misses, IPI ping-pong with its neighbour,
 * set_timer calls and illegal instructions), so that every event it
 * samples has something to count; the firmware rotates hardware and firmware events over
 * the counters on every hart with no S-mode work, and the boot hart writes
 * the buffers to the host (semihosting) as build/sampler-demo.bin for
 * rvpmu-report. CID2 is kept, per hart, as 100 + the phase it is in, so the
 * report shows which phase each sample caught. Layout 4 (the only one of
 * version 2) gives each window its mtime and window word, so that the
 * report knows each window's own length, which windows it cannot trust,
 * and which slots hold no data (no COUNTED bit: passed, paused, absent).
 *
 * Needs our firmware (it refuses, with one line, on another) and QEMU with
 * -semihosting-config enable=on,target=native.
 */
#include "client/rt.h"
#include "client/sampler.h"
#include "client/semihost.h"

#define MAX_HARTS	64
#define NR_BUFS		2
#define BUF_SIZE	(16 * 4096)
#define PAGES		256
#define PHASES		4
/* make run's window and run length; a measurement may build others
   (-DDEMO_PERIOD_US=3000 -DDEMO_SAMPLES=200) */
#ifndef DEMO_PERIOD_US
#define DEMO_PERIOD_US	20000
#endif
#ifndef DEMO_SAMPLES
#define DEMO_SAMPLES	30
#endif

static char bufs[NR_BUFS][BUF_SIZE] __attribute__((aligned(4096)));
static char pages[PAGES * 4096] __attribute__((aligned(4096)));
static unsigned long chase[PAGES];
static uint32_t cid2[MAX_HARTS];
static struct rvpmu_sampler_config cfg;
static SAMPLER_STATUS_FOR(MAX_HARTS) st;
static volatile int done, running_harts;
static volatile unsigned long sink, pings[MAX_HARTS];
static unsigned long nr_harts, timebase_ms = 10000;

static void on_ipi(unsigned long irq)
{
	(void)irq;
	rt_csr_clear(sip, 2ul);
	pings[rt_hartid() % MAX_HARTS]++;
}

static void on_timer(unsigned long irq)
{
	(void)irq;
	sbi_set_timer(~0ull);
}

/* An illegal instruction: the firmware counts it (fw:illegal_insn) and
   hands it to S-mode, where rt_expect_fault steps over it. */
static void illegal(void *a)
{
	(void)a;
	__asm__ volatile(".word 0xffffffff");
}

/* One phase's worth of work (about a millisecond of QEMU time). */
static void phase_work(unsigned int phase, unsigned long me)
{
	unsigned long i, x = me + 1, p;

	switch (phase) {
	case 0:	/* ALU */
		for (i = 0; i < 20000; i++)
			x = x * 6364136223846793005ul + 1442695040888963407ul;
		sink += x;
		break;
	case 1:	/* pointer chase over fresh translations */
		__asm__ volatile("sfence.vma" ::: "memory");
		for (i = 0, p = me % PAGES; i < PAGES; i++) {
			sink += pages[p * 4096 + (i & 63) * 64]++;
			p = chase[p];
		}
		break;
	case 2:	/* IPI ping-pong with the next hart */
		for (i = 0; i < 8; i++)
			sbi_send_ipi(1ul, (me + 1) % nr_harts);
		break;
	default:	/* timer calls and illegal instructions */
		for (i = 0; i < 8; i++) {
			sbi_set_timer(rd_time() + 1000 * timebase_ms);
			rt_expect_fault(illegal, 0, 0);
		}
		break;
	}
}

/* The workload's phase for this hart now: each hart starts in its own
   phase and moves on every 10 ms. */
static void work_a_little(unsigned long me)
{
	unsigned int phase = (unsigned int)((rd_time() / (10 * timebase_ms) + me) % PHASES);

	__atomic_store_n(&cid2[me], 100 + phase, __ATOMIC_RELAXED);
	phase_work(phase, me);
}

static void irqs_on(void)
{
	rt_set_irq(1, on_ipi);
	rt_set_irq(5, on_timer);
	rt_csr_set(sie, (1ul << 1) | (1ul << 5));
	rt_irq_enable(true);
}

static void workload(void *arg)
{
	unsigned long me = rt_hartid();

	(void)arg;
	irqs_on();
	__atomic_fetch_add(&running_harts, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&done, __ATOMIC_ACQUIRE))
		work_a_little(me);
	rt_irq_enable(false);
}

static const uint32_t events[] = {
	SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_HW, SBI_PMU_HW_CPU_CYCLES),
	SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_HW, SBI_PMU_HW_INSTRUCTIONS),
	SBI_PMU_DTLB_READ_MISS,
	SBI_PMU_CACHE_EVENT(SBI_PMU_HW_CACHE_DTLB, SBI_PMU_HW_CACHE_OP_WRITE,
			    SBI_PMU_HW_CACHE_RESULT_MISS),
	SBI_PMU_CACHE_EVENT(SBI_PMU_HW_CACHE_ITLB, SBI_PMU_HW_CACHE_OP_READ,
			    SBI_PMU_HW_CACHE_RESULT_MISS),
	SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER),
	SBI_PMU_FW_EVENT(SBI_PMU_FW_IPI_SENT),
	SBI_PMU_FW_EVENT(SBI_PMU_FW_IPI_RECEIVED),
	SBI_PMU_FW_EVENT(SBI_PMU_FW_ILLEGAL_INSN),
	SBI_PMU_FW_EVENT(256),	/* rvpmu's own: SBI calls handled on the hart */
};

static int fail(const char *what, long err)
{
	rt_printf("sampler demo: %s failed (%ld)\n", what, err);
	return 1;
}

int main(unsigned long hartid, void *dtb)
{
	struct semihost_part parts[NR_BUFS];
	unsigned long h, i, nparts = 0;
	struct sbiret r;

	(void)dtb;
	if (!sampler_present()) {
		rt_printf("sampler demo: this firmware has no rvpmu sampler extension (version 2)\n");
		return 1;
	}
	sampler_reset();	/* a previous kernel may have left a run */
	nr_harts = rt_count_harts(MAX_HARTS);
	for (i = 0; i < PAGES; i++)	/* a stride that visits every page */
		chase[i] = (i + 97) % PAGES;

	sampler_cfg_init(&cfg);
	for (i = 0; i < sizeof(events) / sizeof(events[0]); i++)
		sampler_cfg_event(&cfg, events[i], 0);
	cfg.nr_pmu = 4;
	cfg.period_us = DEMO_PERIOD_US;
	cfg.nr_sample = DEMO_SAMPLES;
	cfg.cid2_addr = (uintptr_t)cid2;
	cfg.cid2_count = MAX_HARTS;
	for (i = 0; i < NR_BUFS; i++)
		sampler_cfg_buffer(&cfg, bufs[i], BUF_SIZE);
	/* the plan first: each buffer must hold at least one sample */
	r = sampler_check(&cfg, 0, RVPMU_SAMPLER_ALL_HARTS, 0);
	if (r.error)
		return fail("check-only configure", r.error);
	if (cfg.plan.min_buffer_size > BUF_SIZE)
		return fail("sizing: a sample is larger than a buffer", (long)cfg.plan.min_buffer_size);
	r = sampler_configure_all(&cfg);
	if (r.error)
		return fail("configure", r.error);

	for (h = 0; h < nr_harts; h++)
		if (h != hartid)
			rt_start_hart(h, workload, 0);
	while (__atomic_load_n(&running_harts, __ATOMIC_ACQUIRE) < (int)nr_harts - 1)
		;
	rt_printf("sampler demo: %lu harts, %u events over %u counters, %u us period, "
		  "%u samples\n", nr_harts, (unsigned int)cfg.nr_events,
		  (unsigned int)cfg.nr_pmu, (unsigned int)cfg.period_us,
		  (unsigned int)cfg.nr_sample);
	r = sampler_start(&cfg);
	if (r.error)
		return fail("start", r.error);
	/* the boot hart works too, and asks for the status in between */
	irqs_on();
	for (i = 0;; i++) {
		r = sampler_status(&st.s, sizeof(st));
		if (r.error || st.s.state != RVPMU_SAMPLER_RUNNING || i > 100000)
			break;
		work_a_little(hartid);
	}
	rt_irq_enable(false);
	__atomic_store_n(&done, 1, __ATOMIC_RELEASE);
	if (r.error)
		return fail("status", r.error);
	if (st.s.state == RVPMU_SAMPLER_RUNNING)
		return fail("waiting for the sampler to finish", SBI_ERR_TIMEOUT);
	rt_printf("sampler demo: %llu samples, %llu lost, %llu late deadlines, "
		  "skew at most %llu ticks, %llu passed, %u buffer(s), stop reason %u\n",
		  (unsigned long long)st.s.samples, (unsigned long long)st.s.lost,
		  (unsigned long long)st.s.late, (unsigned long long)st.s.max_skew,
		  (unsigned long long)st.s.passed, (unsigned int)st.s.buffers_used,
		  (unsigned int)st.s.stop_reason);
	for (i = 0; i < st.s.nr_harts && i < MAX_HARTS; i++)
		rt_printf("sampler demo: hart %u: %llu subsamples, %llu late, %llu passed, "
			  "skew at most %llu ticks\n",
			  (unsigned int)st.h[i].hartid, (unsigned long long)st.h[i].subsamples,
			  (unsigned long long)st.h[i].late, (unsigned long long)st.h[i].passed,
			  (unsigned long long)st.h[i].max_skew);
	for (i = 0; i < NR_BUFS; i++) {
		uint64_t n = sampler_buffer_bytes(bufs[i]);

		if (n) {
			parts[nparts].data = bufs[i];
			parts[nparts++].len = (unsigned long)n;
		}
	}
	if (semihost_write_file("build/sampler-demo.bin", parts, (unsigned int)nparts))
		return fail("writing build/sampler-demo.bin on the host", -1);
	rt_printf("sampler demo: %lu buffer(s) written to build/sampler-demo.bin\n", nparts);
	return st.s.stop_reason == RVPMU_SAMPLER_STOP_DONE && st.s.lost == 0 ? 0 : 1;
}
