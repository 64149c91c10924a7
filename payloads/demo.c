/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * demo - what `make run` boots: the perf-like client counting cycles,
 * instructions, dTLB read misses and firmware events around a small
 * workload, printed as a perf-stat-like table. Runs on any SBI firmware.
 */
#include "client/perf.h"
#include "client/rt.h"
#include "lib/names.h"
#include "lib/fmt.h"


struct row {
	struct pmu_attr attr;
	char name[RVPMU_EVENT_NAME_MAX];
	struct pmu_event ev;
	long err;
};

static char pages[128 * 4096] __attribute__((aligned(4096)));
static volatile unsigned long sink;
static volatile int ipis;

static void on_ipi(unsigned long irq)
{
	(void)irq;
	__asm__ volatile("csrc sip, %0" :: "r"(2ul));
	ipis++;
}

static void on_timer(unsigned long irq)
{
	(void)irq;
	sbi_set_timer(~0ull);
}

static void illegal(void *a) { (void)a; __asm__ volatile(".word 0xffffffff"); }

/* Touch fresh pages, compute a little, talk to the firmware. */
static void workload(unsigned long hartid)
{
	unsigned long i, x = 1;
	int round;

	for (round = 0; round < 4; round++) {
		__asm__ volatile("sfence.vma" ::: "memory");
		for (i = 0; i < sizeof(pages); i += 4096)
			sink += pages[i]++;
		for (i = 0; i < 50000; i++)
			x = x * 6364136223846793005ul + 1442695040888963407ul;
		sbi_set_timer(rd_time() + 100000);
		sbi_send_ipi(1ul << hartid, 0);
		sbi_rfence(SBI_RFENCE_FENCE_I, 1ul << hartid, 0, 0, 0, 0);
	}
	rt_expect_fault(illegal, 0, 0);
	sink += x;
}

static void print_count(uint64_t v)
{
	char out[32];

	rvpmu_fmt_grouped(out, sizeof(out), v);
	rt_printf("%18s", out);
}

int main(unsigned long hartid, void *dtb)
{
	static struct pmu_machine m;
	static struct pmu_cpu cpu;
	static struct row rows[] = {
		{ .attr = { PMU_TYPE_HW, SBI_PMU_HW_CPU_CYCLES, false, false, 0 } },
		{ .attr = { PMU_TYPE_HW, SBI_PMU_HW_INSTRUCTIONS, false, false, 0 } },
		{ .attr = { PMU_TYPE_HW, SBI_PMU_HW_INSTRUCTIONS, true, false, 0 } },
		{ .attr = { PMU_TYPE_CACHE, SBI_PMU_HW_CACHE_DTLB | 0 << 8 | 1 << 16, false, false, 0 } },
		{ .attr = { PMU_TYPE_HW, SBI_PMU_HW_BRANCH_MISSES, false, false, 0 } },
		{ .attr = { PMU_TYPE_FW, SBI_PMU_FW_SET_TIMER, false, false, 0 } },
		{ .attr = { PMU_TYPE_FW, SBI_PMU_FW_IPI_SENT, false, false, 0 } },
		{ .attr = { PMU_TYPE_FW, SBI_PMU_FW_IPI_RECEIVED, false, false, 0 } },
		{ .attr = { PMU_TYPE_FW, SBI_PMU_FW_FENCE_I_SENT, false, false, 0 } },
		{ .attr = { PMU_TYPE_FW, SBI_PMU_FW_ILLEGAL_INSN, false, false, 0 } },
	};
	const unsigned int n = sizeof(rows) / sizeof(rows[0]);
	uint64_t cyc = 0, ins = 0;
	unsigned int i;
	long err;

	(void)dtb;
	err = pmu_machine_init(&m);
	if (err) {
		rt_printf("demo: no SBI PMU extension (%ld)\n", err);
		return 1;
	}
	pmu_cpu_init(&cpu, &m);
	rt_set_irq(1, on_ipi);
	rt_set_irq(5, on_timer);
	__asm__ volatile("csrs sie, %0" :: "r"(2ul | 32ul));
	for (i = 0; i < n; i++) {
		rows[i].err = pmu_event_init(&rows[i].ev, &rows[i].attr);
		/* perf's names, from the one table (lib/names.c) */
		rvpmu_event_name_mode((uint32_t)rows[i].ev.event_idx, !rows[i].attr.exclude_user,
				      !rows[i].attr.exclude_kernel, rows[i].name);
		if (!rows[i].err)
			rows[i].err = pmu_event_add(&cpu, &rows[i].ev);
		if (rows[i].err >= 0)
			rows[i].err = pmu_event_start(&cpu, &rows[i].ev);
	}
	rt_irq_enable(true);
	workload(hartid);
	rt_irq_enable(false);
	for (i = 0; i < n; i++)
		if (!rows[i].err)
			pmu_event_stop(&cpu, &rows[i].ev);

	rt_printf("\n Performance counter stats for 'demo workload' (hart %lu, %lu counters):\n\n",
		  hartid, m.num);
	for (i = 0; i < n; i++) {
		if (rows[i].err) {
			rt_printf("%18s      %-20s (%s)\n", "<not supported>", rows[i].name,
				  rows[i].err == SBI_ERR_NOT_SUPPORTED ? "no counter can count it"
								       : "error");
			continue;
		}
		print_count(rows[i].ev.count);
		rt_printf("      %-20s # counter %d\n", rows[i].name, rows[i].ev.ctr);
		if (i == 0)
			cyc = rows[i].ev.count;
		if (i == 1)
			ins = rows[i].ev.count;
	}
	if (cyc)
		rt_printf("\n%15lu.%02lu      instructions per cycle\n",
			  (unsigned long)(ins / cyc), (unsigned long)(ins * 100 / cyc % 100));
	for (i = 0; i < n; i++)
		if (!rows[i].err)
			pmu_event_del(&cpu, &rows[i].ev);
	rt_printf("\n%u ipi(s) taken\n", ipis);
	return 0;
}
