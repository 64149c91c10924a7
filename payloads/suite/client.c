/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The perf-like client's own overflow handling (client/perf.c): samples
 * from LCOFI through pmu_overflow, throttling past max_overflows_per_tick,
 * pmu_tick restarting a throttled event. What Linux's driver does, checked
 * on the firmware underneath.
 */
#include "suite.h"

#define PERIOD		16	/* dTLB read misses per sample */
#define MAX_PER_TICK	3

static struct pmu_cpu cpu;
static struct pmu_event ev;
static volatile unsigned long handled;

static void on_lcofi(unsigned long irq)
{
	(void)irq;
	handled += pmu_overflow(&cpu);
}

/* ev's fields as the LCOFI handler leaves them */
static unsigned long seen(const unsigned long *field)
{
	return *(const volatile unsigned long *)field;
}

/* Touch fresh pages with LCOFI on until done() or 200 ms pass. */
static void run_until(bool (*done)(void))
{
	uint64_t end = rd_time() + 200 * S.timebase_ms;

	rt_irq_enable(true);
	while (!done() && rd_time() < end)
		touch_fresh_pages(64);
	rt_irq_enable(false);
}

static bool throttled(void) { return seen(&ev.throttled) > 0; }
static bool sampled_again(void) { return seen(&ev.samples) > MAX_PER_TICK + 1; }

void suite_client(void)
{
	struct pmu_attr a = { .type = PMU_TYPE_CACHE, .sample_period = PERIOD,
			      .config = SBI_PMU_HW_CACHE_DTLB | SBI_PMU_HW_CACHE_OP_READ << 8 |
					SBI_PMU_HW_CACHE_RESULT_MISS << 16 };
	long ctr;
	uint64_t v;

	if (!S.sscofpmf) {
		t_skip(IMPL, "no Sscofpmf", "client: a dTLB sampling event gets an hpm counter");
		t_skip(IMPL, "no Sscofpmf", "client: overflow past the per-tick limit throttles the event");
		t_skip(IMPL, "no Sscofpmf", "client: a throttled event's counter stays stopped");
		t_skip(IMPL, "no Sscofpmf", "client: pmu_tick restarts it and samples come again");
		return;
	}
	pmu_cpu_init(&cpu, &S.m);
	cpu.max_overflows_per_tick = MAX_PER_TICK;
	ctr = pmu_event_init(&ev, &a);
	if (!ctr)
		ctr = pmu_event_add(&cpu, &ev);
	t_check(IMPL, ctr >= 3 && !(S.m.fw >> ctr & 1),
		"client: a dTLB sampling event gets an hpm counter (%ld)", ctr);
	if (ctr < 3)
		return;
	rt_set_irq(13, on_lcofi);
	rt_csr_clear(sip, 1ul << 13);	/* QEMU may have one pending (see counting.c) */
	rt_csr_set(sie, 1ul << 13);
	pmu_event_start(&cpu, &ev);
	run_until(throttled);
	t_check(IMPL, ev.samples == MAX_PER_TICK + 1 && ev.throttled == 1 && !ev.running &&
		handled == ev.samples && ev.count >= ev.samples * PERIOD,
		"client: overflow past the per-tick limit throttles the event (%lu samples, "
		"%lu throttled, count %llu)", ev.samples, ev.throttled,
		(unsigned long long)ev.count);
	v = value_of(ctr);
	touch_fresh_pages(64);
	t_check(IMPL, value_of(ctr) == v, "client: a throttled event's counter stays stopped");
	pmu_tick(&cpu);
	run_until(sampled_again);
	t_check(IMPL, ev.samples > MAX_PER_TICK + 1,
		"client: pmu_tick restarts it and samples come again (%lu samples)", ev.samples);
	rt_csr_clear(sie, 1ul << 13);
	pmu_event_del(&cpu, &ev);
}
