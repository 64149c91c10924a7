/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The hart table: each hart's struct fw_hart filled in its block of the
 * firmware's memory (layout.h), found by hartid (fw_hart_table) or by its
 * DT node's phandle (harts.h); and the M-mode stacks' paint, to see how
 * deep any has been.
 *
 * Hart context: fw_harts_place on the boot hart while the region is laid
 * out (layout.c); fw_stack_paint on each hart at set-up, on that hart;
 * fw_stack_report any hart.
 */
#include <libfdt.h>
#include <string.h>

#include "console.h"
#include "harts.h"
#include "layout.h"
#include "platform.h"
#include "topology.h"

struct fw_hart **fw_hart_table;
unsigned long fw_hart_table_len;

static void place_hart(const void *fdt, int node, unsigned long id, void *arg)
{
	unsigned int *n = arg;
	int intc = fdt_first_subnode(fdt, node);
	struct fw_hart *h = (struct fw_hart *)(uintptr_t)(plat.harts_base +
		(uint64_t)*n * FW_HART_BLOCK + FW_STACK_SIZE);

	memset(h, 0, sizeof(*h));
	h->hartid = id;
	h->hsm = HSM_STOPPED;
	h->dt_phandle = fdt_get_phandle(fdt, node);
	for (; intc >= 0; intc = fdt_next_subnode(fdt, intc))
		if (fdt_getprop(fdt, intc, "interrupt-controller", NULL))
			h->intc_phandle = fdt_get_phandle(fdt, intc);
	fw_hart_table[id] = h;
	(*n)++;
}

void fw_harts_place(const void *fdt)
{
	unsigned int n = 0;

	fw_for_each_cpu(fdt, place_hart, &n);
}

/*
 * The M-mode stacks are small (layout.h): each hart paints the unused part
 * of its own at set-up, and fw_stack_report finds how deep any has been.
 */
#define STACK_PAINT 0x5aa5c33c5aa5c33cull

void fw_stack_paint(struct fw_hart *h)
{
	unsigned long *w = (unsigned long *)((uintptr_t)h - FW_STACK_SIZE), sp;

	__asm__("mv %0, sp" : "=r"(sp));
	for (; (uintptr_t)w < sp - 64; w++)
		*w = (unsigned long)STACK_PAINT;
}

void fw_stack_report(void)
{
	unsigned long most = 0, who = 0;
	unsigned int p;

	for (p = 0; p < plat.nr_harts; p++) {
		const unsigned long *w = (const unsigned long *)((uintptr_t)fw_hart_at(p) -
								 FW_STACK_SIZE);
		unsigned long used = FW_STACK_SIZE;

		for (; used && *w == (unsigned long)STACK_PAINT; w++)
			used -= sizeof(*w);
		if (used > most) {
			most = used;
			who = fw_hart_at(p)->hartid;
		}
	}
	fw_printf("rvpmu: M-mode stacks: at most %lu of %u bytes used (hart %lu)\n", most,
		  FW_STACK_SIZE, who);
}
