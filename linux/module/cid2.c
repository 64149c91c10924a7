// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0
/*
 * cid2.c - CID2, the PMCU's context id: the tgid of the task running on
 * each hart, in the array the firmware copies into every subsample.
 *
 * Kept by pmu::sched_task: each die's PMU asks perf for it on every CPU of
 * the die while that CPU is online (perf_sched_cb_inc from the hotplug
 * callbacks, which run on the CPU itself), and an event sets
 * PERF_ATTACH_SCHED_CB, which turns perf's scheduler hooks on while it
 * exists. No ecall, no timer, no tracepoint, nothing when no event is
 * open. Not told: a switch into or out of a task that has perf events of
 * its own (perf then calls that task context's PMUs instead); the word
 * keeps the task before it until the hart's next switch.
 */
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/string.h>

#include "rvpmu_sampler.h"

static DEFINE_PER_CPU(bool, cid2_cb);	/* perf_sched_cb_inc done here */
static bool cid2_on;			/* an event exists: keep the words */

static void cid2_set(struct task_struct *t)
{
	unsigned long hart = rvs_hartid[smp_processor_id()];

	if (hart < rvs_cid2_count)
		WRITE_ONCE(rvs_cid2[hart], (u32)task_tgid_nr(t));
}

void rvs_sched_task(struct rvs_sched_ctx *ctx, bool sched_in)
{
	if (sched_in && READ_ONCE(cid2_on))
		cid2_set(current);
}

void rvs_cid2_cpu_up(struct rvs_die *die)
{
	unsigned long flags;

	/* the scheduler walks this CPU's callback list: not while we edit it */
	local_irq_save(flags);
	if (!this_cpu_read(cid2_cb)) {
		perf_sched_cb_inc(&die->pmu);
		this_cpu_write(cid2_cb, true);
	}
	local_irq_restore(flags);
}

void rvs_cid2_cpu_down(struct rvs_die *die)
{
	unsigned long flags;

	local_irq_save(flags);
	if (this_cpu_read(cid2_cb)) {
		perf_sched_cb_dec(&die->pmu);
		this_cpu_write(cid2_cb, false);
	}
	local_irq_restore(flags);
}

/* the task a CPU runs when the event comes, until its first switch */
static void cid2_seed(void *info)
{
	cid2_set(current);
}

void rvs_cid2_create(struct rvs_die *die)
{
	WRITE_ONCE(cid2_on, true);
	on_each_cpu_mask(&die->cpus, cid2_seed, NULL, 1);
}

void rvs_cid2_destroy(void)
{
	WRITE_ONCE(cid2_on, false);
	memset(rvs_cid2, 0, rvs_cid2_count * sizeof(*rvs_cid2));
}
