// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0
/*
 * aux.c - the event's AUX area as the firmware sees it: which cuts of it
 * into equal chunks give physically contiguous buffers, and the page
 * references a run holds so that no page is freed while the firmware may
 * still write it (issue 39).
 *
 * Why references of our own: perf frees the AUX pages when the area is
 * unmapped and the last output handle on it is let go (rb_free_aux). The
 * driver lets its handle go at pmu::stop and between two polls (run.c's
 * drain), and it cannot always prove that the firmware stopped by then
 * (STOP or STATUS may fail). A run therefore takes one reference on every
 * page of the area before CONFIGURE gives their addresses to the
 * firmware, and gives them back only once STATUS says the run is over;
 * perf's free of the area then drops perf's reference only, and the pages
 * go back to the allocator when the run's references go.
 *
 * The references are dropped by a work item: a run ends in the poll (an
 * hrtimer, hard interrupt context, also on PREEMPT_RT) or in pmu::stop
 * (IRQs off), where freeing a page is not allowed on PREEMPT_RT. The work
 * is queued from an irq_work: pmu::stop runs under perf's context lock,
 * and queueing a work item there may wake a worker (the pool's lock, then
 * the scheduler's, which perf's sched_task path takes before the context
 * lock): lockdep reports that cycle (make linux612-rt), while an
 * irq_work is queued without a lock. rvs_aux_exit waits for the irq_work,
 * then destroys the work queue, which runs what is queued first.
 *
 * PERF_PMU_CAP_AUX_NO_SG is enforced by perf only for overwrite mode,
 * which this driver refuses, so perf hands it an area made of whatever
 * orders the allocator had; setup_aux checks here that some cut of it into
 * 2^n chunks (n buffers) gives contiguous chunks that each hold a header
 * and one sample, and refuses the area with a message saying so otherwise
 * (perf then fails the mmap with -ENOMEM, its one answer for a refused
 * setup_aux).
 */
#include <linux/irq_work.h>
#include <linux/llist.h>
#include <linux/log2.h>
#include <linux/mm.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>
#include <asm/timex.h>

#include "rvpmu_sampler.h"

static struct workqueue_struct *unpin_wq;
/* pages kept for good: the firmware never said its run was over */
static atomic_long_t kept_pages;

/*
 * trace=1 (for tests: scripts/lie-check): each run's page references
 * logged with the time CSR, the firmware's clock, so that a log of what
 * the firmware wrote can be held against them. "hold RUN ADDR SIZE T"
 * (a physically contiguous range of the area) before CONFIGURE, then
 * "drop RUN T" before the references go, or "keep RUN T".
 */
static bool trace;
module_param(trace, bool, 0444);
MODULE_PARM_DESC(trace, "log each run's page references with the time CSR (tests)");
static atomic_t trace_runs;

static void trace_hold(struct rvs_event *ev, struct rvs_aux *aux)
{
	u64 t = get_cycles64();
	int i, first = 0;

	ev->trace_run = atomic_inc_return(&trace_runs);
	for (i = 1; i <= aux->nr_pages; i++) {
		if (i < aux->nr_pages &&
		    page_to_phys(aux->pg[i]) == page_to_phys(aux->pg[i - 1]) + PAGE_SIZE)
			continue;
		pr_info("rvs-trace: hold %d %llx %lx %llx\n", ev->trace_run,
			(u64)page_to_phys(aux->pg[first]), (i - first) * PAGE_SIZE, t);
		first = i;
	}
}

int rvs_trace_hold(phys_addr_t addr, size_t size)
{
	int run;

	if (!trace)
		return 0;
	run = atomic_inc_return(&trace_runs);
	pr_info("rvs-trace: hold %d %llx %zx %llx\n", run, (u64)addr, size, get_cycles64());
	return run;
}

void rvs_trace_end(int run, bool keep)
{
	if (trace && run)
		pr_info("rvs-trace: %s %d %llx\n", keep ? "keep" : "drop", run, get_cycles64());
}

static void aux_put(struct rvs_aux *aux, unsigned int n)
{
	if (refcount_sub_and_test(n, &aux->ref)) {
		kfree(aux->pg);
		kfree(aux);
	}
}

/* Whether AUX pages [first, first + n) are physically contiguous. */
static bool contiguous(struct rvs_aux *aux, int first, int n)
{
	phys_addr_t base = page_to_phys(aux->pg[first]);
	int i;

	for (i = 1; i < n; i++)
		if (page_to_phys(aux->pg[first + i]) != base + ((phys_addr_t)i << PAGE_SHIFT))
			return false;
	return true;
}

/* Areas with runs over, each once: their page references to drop. */
static LLIST_HEAD(unpin_list);
static void unpin_all(struct work_struct *w);
static DECLARE_WORK(unpin_work, unpin_all);

/* aux on unpin_list unless it is there already; whether it was put there */
static bool enlist(struct rvs_aux *aux)
{
	if (test_and_set_bit(0, &aux->queued))
		return false;
	llist_add(&aux->unpin_node, &unpin_list);
	return true;
}

/* irq_work: no perf lock is held here, queueing the work is allowed */
static void unpin_kick(struct irq_work *w)
{
	queue_work(unpin_wq, &unpin_work);
}

static struct irq_work unpin_iw = IRQ_WORK_INIT(unpin_kick);

/* Process context: aux's runs over give their references back. */
static void unpin(struct rvs_aux *aux)
{
	unsigned int n = atomic_xchg(&aux->unpins, 0), k;
	int i;

	for (k = 0; k < n; k++)
		for (i = 0; i < aux->nr_pages; i++)
			put_page(aux->pg[i]);
	/*
	 * Off the list, then back on it if a run ended since the xchg: that
	 * run's own reference keeps aux, so the put below cannot free it
	 * while it is listed.
	 */
	clear_bit(0, &aux->queued);
	/*
	 * The clear before the look at unpins: pairs with the full barrier
	 * of test_and_set_bit after an unpin's atomic_inc (enlist).
	 */
	smp_mb__after_atomic();
	if (atomic_read(&aux->unpins) && enlist(aux))
		queue_work(unpin_wq, &unpin_work);
	if (n)
		aux_put(aux, n);
}

static void unpin_all(struct work_struct *w)
{
	struct llist_node *list = llist_del_all(&unpin_list);
	struct rvs_aux *aux, *next;

	llist_for_each_entry_safe(aux, next, list, unpin_node)
		unpin(aux);
}

void *rvs_aux_setup(struct rvs_event *ev, void **pages, int nr_pages)
{
	unsigned int n, max = min_t(unsigned int, rvs_info->max_bufs, RVPMU_SAMPLER_MAX_BUFS);
	struct rvs_aux *aux = kzalloc(sizeof(*aux), GFP_KERNEL);
	int i;

	if (!aux)
		return NULL;
	aux->pg = kcalloc(nr_pages, sizeof(*aux->pg), GFP_KERNEL);
	if (!aux->pg) {
		kfree(aux);
		return NULL;
	}
	aux->pages = pages;
	aux->nr_pages = nr_pages;
	for (i = 0; i < nr_pages; i++)
		aux->pg[i] = virt_to_page(pages[i]);
	refcount_set(&aux->ref, 1);
	/* perf's AUX areas are 2^k pages: every cut into 2^n chunks is whole */
	for (n = 1; n <= max && n <= (unsigned int)nr_pages; n *= 2) {
		int per = nr_pages / n, c;

		if (((u64)per << PAGE_SHIFT) < ev->min_buf)
			break;	/* and every finer cut */
		for (c = 0; c < (int)n; c++)
			if (!contiguous(aux, c * per, per))
				break;
		if (c == (int)n)
			aux->cuts |= BIT(ilog2(n));
	}
	if (!aux->cuts) {
		pr_warn_ratelimited(RVS_NAME ": %s: the AUX area (%d pages) is not physically contiguous in chunks of %llu bytes or more, a buffer's least size for this configuration: the firmware could not write it (a smaller area, -m, or less fragmented memory helps)\n",
				    ev->die->name, nr_pages, ev->min_buf);
		aux_put(aux, 1);
		return NULL;
	}
	return aux;
}

void rvs_aux_free(void *p)
{
	aux_put(p, 1);
}

void rvs_aux_pin(struct rvs_event *ev, struct rvs_aux *aux)
{
	int i;

	for (i = 0; i < aux->nr_pages; i++)
		get_page(aux->pg[i]);
	refcount_inc(&aux->ref);
	ev->pinned = aux;
	if (trace)
		trace_hold(ev, aux);
}

void rvs_aux_unpin(struct rvs_event *ev)
{
	struct rvs_aux *aux = ev->pinned;

	if (!aux)
		return;
	rvs_trace_end(ev->trace_run, false);
	ev->pinned = NULL;
	atomic_inc(&aux->unpins);
	if (enlist(aux))
		irq_work_queue(&unpin_iw);
}

void rvs_aux_keep(struct rvs_event *ev)
{
	struct rvs_aux *aux = ev->pinned;

	if (!aux)
		return;
	rvs_trace_end(ev->trace_run, true);
	ev->pinned = NULL;
	pr_err_ratelimited(RVS_NAME ": %s: the firmware did not say its run is over: its %d AUX pages are kept, never freed, so that it cannot write into memory in other use (%ld kept in all)\n",
			   ev->die->name, aux->nr_pages,
			   atomic_long_add_return(aux->nr_pages, &kept_pages));
}

int rvs_aux_init(void)
{
	unpin_wq = alloc_workqueue("rvpmu_sampler", 0, 0);
	return unpin_wq ? 0 : -ENOMEM;
}

void rvs_aux_exit(void)
{
	irq_work_sync(&unpin_iw);
	if (unpin_wq)
		destroy_workqueue(unpin_wq);	/* runs what is queued first */
	unpin_wq = NULL;
}
