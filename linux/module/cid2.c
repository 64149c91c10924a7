// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0
/*
 * cid2.c - CID2, the PMCU's context id: the tgid of the task running on
 * each hart, in the array the firmware copies into every subsample.
 */
#include <linux/perf_event.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/tracepoint.h>

#include "rvpmu_sampler.h"

static DEFINE_PER_CPU(struct perf_event *, cid2_ev);

/*
 * CID2 upkeep. The hart's word is the tgid of the task running on it.
 * With tracepoints in the kernel, the scheduler's sched_switch tracepoint
 * writes it on every switch (no ecall, no timer): found by name, since
 * Linux 6.1 does not export it to modules. Without them, a pinned
 * cpu-clock kernel event per CPU looks four times a subsample.
 */
static void cid2_set(struct task_struct *t)
{
	unsigned long hart = rvs_hartid[smp_processor_id()];

	if (hart < rvs_cid2_count)
		WRITE_ONCE(rvs_cid2[hart], (u32)task_tgid_nr(t));
}

static void cid2_tick(struct perf_event *ev, struct perf_sample_data *d,
		      struct pt_regs *regs)
{
	/* the task this tick interrupted is the one running on the hart */
	cid2_set(current);
}

#ifdef CONFIG_TRACEPOINTS
static struct tracepoint *sched_switch_tp;
static bool cid2_hooked;

static void find_sched_switch(struct tracepoint *tp, void *priv)
{
	if (!strcmp(tp->name, "sched_switch"))
		sched_switch_tp = tp;
}

/* sched_switch's prototype in Linux 6.1 (include/trace/events/sched.h) */
static void cid2_switch(void *data, bool preempt, struct task_struct *prev,
			struct task_struct *next, unsigned int prev_state)
{
	cid2_set(next);
}

/* the task a CPU runs when the hook goes in, until its first switch */
static void cid2_seed(void *info)
{
	cid2_set(current);
}

static int cid2_hook(struct rvs_die *die)
{
	int cpu;

	if (!sched_switch_tp)
		for_each_kernel_tracepoint(find_sched_switch, NULL);
	if (!sched_switch_tp || tracepoint_probe_register(sched_switch_tp, cid2_switch, NULL))
		return -ENOENT;
	cid2_hooked = true;
	for_each_cpu_and(cpu, &die->cpus, cpu_online_mask)
		smp_call_function_single(cpu, cid2_seed, NULL, 1);
	return 0;
}

static void cid2_unhook(void)
{
	if (!cid2_hooked)
		return;
	tracepoint_probe_unregister(sched_switch_tp, cid2_switch, NULL);
	tracepoint_synchronize_unregister();
	cid2_hooked = false;
}
#else
static int cid2_hook(struct rvs_die *die)
{
	return -ENOENT;
}

static void cid2_unhook(void)
{
}
#endif

int rvs_cid2_create(struct rvs_die *die, u32 period_us)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_SOFTWARE,
		.config = PERF_COUNT_SW_CPU_CLOCK,
		.size = sizeof(attr),
		.pinned = 1,
		/* four looks per subsample, none closer than 100 us */
		.sample_period = max(period_us / 4, 100u) * 1000ull,
	};
	static bool said;
	int cpu;

	if (!cid2_hook(die)) {
		if (!said)
			pr_info("rvpmu_sampler: CID2 from the sched_switch tracepoint\n");
		said = true;
		return 0;
	}
	if (!said)
		pr_info("rvpmu_sampler: CID2 from a cpu-clock event every %llu us (no tracepoints)\n",
			attr.sample_period / 1000);
	said = true;
	for_each_cpu_and(cpu, &die->cpus, cpu_online_mask) {
		struct perf_event *ev;

		ev = perf_event_create_kernel_counter(&attr, cpu, NULL, cid2_tick, NULL);
		if (IS_ERR(ev)) {
			rvs_cid2_destroy();
			return PTR_ERR(ev);
		}
		per_cpu(cid2_ev, cpu) = ev;
	}
	return 0;
}

void rvs_cid2_destroy(void)
{
	int cpu;

	cid2_unhook();
	for_each_possible_cpu(cpu) {
		struct perf_event *ev = per_cpu(cid2_ev, cpu);

		if (ev) {
			perf_event_release_kernel(ev);
			per_cpu(cid2_ev, cpu) = NULL;
		}
	}
	memset(rvs_cid2, 0, rvs_cid2_count * sizeof(*rvs_cid2));
}
