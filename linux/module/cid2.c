// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0
/*
 * cid2.c - CID2, the PMCU's context id: the tgid of the task running on
 * each hart, in the array the firmware copies into every subsample.
 *
 * Kept by pmu::sched_task, and only while an event exists: event_init
 * asks perf for the callback (perf_sched_cb_inc) on every online CPU of
 * the event's die, the hotplug callbacks on a CPU of the die that comes
 * or goes meanwhile, and the event's destroy gives it back; an event sets
 * PERF_ATTACH_SCHED_CB, which turns perf's scheduler hooks on while it
 * exists. Both sides hold the hotplug lock (the callbacks run under it,
 * create and destroy take it), so a CPU is never counted twice or
 * missed. Not told: a switch into or out of a task that has perf events
 * of its own (perf then calls that task context's PMUs instead); the word
 * keeps the task before it until the hart's next switch.
 */
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/string.h>

#include "rvpmu_sampler.h"

static DEFINE_PER_CPU(bool, cid2_cb);	/* perf_sched_cb_inc done here */
static struct rvs_die *cid2_die;	/* the event's die, while one exists */

static void cid2_set(struct task_struct *t)
{
	unsigned long hart = rvs_hartid[smp_processor_id()];

	if (hart < rvs_cid2_count)
		WRITE_ONCE(rvs_cid2[hart], (u32)task_tgid_nr(t));
}

void rvs_sched_task(struct rvs_sched_ctx *ctx, bool sched_in)
{
	if (sched_in && READ_ONCE(cid2_die))
		cid2_set(current);
}

/*
 * On the CPU itself with IRQs off (an IPI, or the hotplug callback with
 * them saved): the scheduler walks this CPU's callback list, not while
 * we edit it.
 */
static void cb_on(struct rvs_die *die)
{
	if (!this_cpu_read(cid2_cb)) {
		perf_sched_cb_inc(&die->pmu);
		this_cpu_write(cid2_cb, true);
	}
	/* the task this CPU runs when the event comes, until its next switch */
	cid2_set(current);
}

static void cb_off(struct rvs_die *die)
{
	if (this_cpu_read(cid2_cb)) {
		perf_sched_cb_dec(&die->pmu);
		this_cpu_write(cid2_cb, false);
	}
}

void rvs_cid2_cpu_up(struct rvs_die *die)
{
	unsigned long flags;

	if (READ_ONCE(cid2_die) != die)
		return;
	local_irq_save(flags);
	cb_on(die);
	local_irq_restore(flags);
}

void rvs_cid2_cpu_down(struct rvs_die *die)
{
	unsigned long flags;

	if (READ_ONCE(cid2_die) != die)
		return;
	local_irq_save(flags);
	cb_off(die);
	local_irq_restore(flags);
}

static void cb_on_ipi(void *die)
{
	cb_on(die);
}

static void cb_off_ipi(void *die)
{
	cb_off(die);
}

/* the callers hold the hotplug lock (lockdep_assert_cpus_held: not exported) */
void rvs_cid2_create(struct rvs_die *die)
{
	WRITE_ONCE(cid2_die, die);
	on_each_cpu_mask(&die->cpus, cb_on_ipi, die, 1);
}

void rvs_cid2_destroy(struct rvs_die *die)
{
	on_each_cpu_mask(&die->cpus, cb_off_ipi, die, 1);
	WRITE_ONCE(cid2_die, NULL);
	memset(rvs_cid2, 0, rvs_cid2_count * sizeof(*rvs_cid2));
}
