// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0
/*
 * rvpmu_frag.ko - for rvpmu's sampler stress only (linux/samplerstress.c,
 * issue 39): while it is loaded the page allocator has no free block
 * above order 0, so an AUX area mapped meanwhile comes in single pages,
 * no two of them physically adjacent.
 *
 * Every block of order 1 or more the allocator will give (highest order
 * first) is taken and split into pages; of each pair the even page is
 * kept and the odd one given back: its buddy is held, so it cannot merge.
 * The kept pages are the kernel's, unmovable: compaction cannot rebuild a
 * block out of them. The kernel's own order-2 needs (a new thread's
 * stack: a kernel that cannot fork a kworker OOM-panics) are left
 * RESERVE blocks: the first four pages of an aligned eight given back
 * whole, whose buddy half keeps held pages, so nothing free is longer
 * than five pages. Unloading gives every page back.
 */
#include <linux/gfp.h>
#include <linux/list.h>
#include <linux/mm.h>
#include <linux/mmzone.h>
#include <linux/module.h>
#include <linux/sched.h>

#ifdef MAX_PAGE_ORDER
#define FRAG_TOP	MAX_PAGE_ORDER		/* 6.8 and later: inclusive */
#else
#define FRAG_TOP	(MAX_ORDER - 1)		/* before: exclusive */
#endif

/* order-2 blocks left free: 16 MiB. 256 (4 MiB) ran out once in ~6
   runs of the concurrent stress (an OOM panic on kthreadd's order-2
   allocation with none on the free lists): every AUX area mapped meanwhile
   takes order-2 blocks first, and freed ones wait on per-CPU lists. The
   pages held are the same either way. */
#define RESERVE		1024

static LIST_HEAD(held);
static unsigned long nr_held, nr_given, nr_reserved;
/* the first RESERVE eight-page groups split: given back as order-2
   blocks once everything is taken (before, the allocator would hand them
   out again at order 2) */
static struct page *group[RESERVE];

static int __init frag_init(void)
{
	struct page *page;
	unsigned long i;
	int order;

	for (order = FRAG_TOP; order >= 1; order--) {
		while ((page = alloc_pages(GFP_KERNEL | __GFP_NORETRY | __GFP_NOWARN, order))) {
			split_page(page, order);
			for (i = 0; i < (1UL << order); i += 2) {
				list_add(&page[i].lru, &held);
				__free_page(page + i + 1);
			}
			for (i = 0; order >= 3 && i < (1UL << order) && nr_reserved < RESERVE; i += 8)
				group[nr_reserved++] = page + i;
			nr_held += 1UL << (order - 1);
			nr_given += 1UL << (order - 1);
			cond_resched();
		}
	}
	/* pages 0 and 2 of each group back: 0-3 merge, 4 and 6 stay held */
	for (i = 0; i < nr_reserved; i++) {
		list_del(&group[i][0].lru);
		list_del(&group[i][2].lru);
		__free_page(group[i]);
		__free_page(group[i] + 2);
	}
	nr_held -= 2 * nr_reserved;
	nr_given += 2 * nr_reserved;
	pr_info("rvpmu_frag: %lu pages held, %lu free between them (%lu blocks of 4, the rest single)\n",
		nr_held, nr_given, nr_reserved);
	return 0;
}

static void __exit frag_exit(void)
{
	struct page *page, *next;

	list_for_each_entry_safe(page, next, &held, lru) {
		list_del(&page->lru);
		__free_page(page);
	}
}

module_init(frag_init);
module_exit(frag_exit);
MODULE_DESCRIPTION("rvpmu sampler stress: no free page block above order 0 while loaded");
MODULE_LICENSE("Dual BSD/GPL");
