/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * rotbench - what rotating events over the counters costs when S-mode does
 * it through SBI calls, the way Linux's perf multiplexing does (per
 * counter: del = stop then stop+RESET, add = config_matching, start with
 * SET_INIT_VALUE), on any SBI firmware. The sampler does the same switch
 * inside the firmware; `make sampler-bench` prints both side by side.
 *
 * Two groups of 8 events (the three TLB events QEMU counts and five
 * firmware events each) alternate on 8 counters; the figure is the
 * instructions retired (rdinstret, exact under -icount shift=0) by one
 * whole switch, smallest of 8. Prints "rotation NAME COUNT" lines.
 */
#include "client/rt.h"

#define NR_PMU	8
#define RUNS	8

static const uint32_t groups[2][NR_PMU] = {
	{ SBI_PMU_DTLB_READ_MISS,
	  SBI_PMU_CACHE_EVENT(SBI_PMU_HW_CACHE_DTLB, SBI_PMU_HW_CACHE_OP_WRITE,
			      SBI_PMU_HW_CACHE_RESULT_MISS),
	  SBI_PMU_CACHE_EVENT(SBI_PMU_HW_CACHE_ITLB, SBI_PMU_HW_CACHE_OP_READ,
			      SBI_PMU_HW_CACHE_RESULT_MISS),
	  SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), SBI_PMU_FW_EVENT(SBI_PMU_FW_IPI_SENT),
	  SBI_PMU_FW_EVENT(SBI_PMU_FW_IPI_RECEIVED), SBI_PMU_FW_EVENT(SBI_PMU_FW_ILLEGAL_INSN),
	  SBI_PMU_FW_EVENT(SBI_PMU_FW_FENCE_I_SENT) },
	{ SBI_PMU_CACHE_EVENT(SBI_PMU_HW_CACHE_ITLB, SBI_PMU_HW_CACHE_OP_READ,
			      SBI_PMU_HW_CACHE_RESULT_MISS),
	  SBI_PMU_DTLB_READ_MISS,
	  SBI_PMU_CACHE_EVENT(SBI_PMU_HW_CACHE_DTLB, SBI_PMU_HW_CACHE_OP_WRITE,
			      SBI_PMU_HW_CACHE_RESULT_MISS),
	  SBI_PMU_FW_EVENT(SBI_PMU_FW_FENCE_I_RECEIVED), SBI_PMU_FW_EVENT(SBI_PMU_FW_SFENCE_VMA_SENT),
	  SBI_PMU_FW_EVENT(SBI_PMU_FW_SFENCE_VMA_RECEIVED),
	  SBI_PMU_FW_EVENT(SBI_PMU_FW_MISALIGNED_LOAD), SBI_PMU_FW_EVENT(SBI_PMU_FW_ACCESS_LOAD) },
};

static unsigned long valid;	/* counters Linux would pass: all that exist */
static unsigned long ctr[NR_PMU];

/* Put group g on the counters; 0, or the first error. */
static long add_group(unsigned int g)
{
	unsigned int i;

	for (i = 0; i < NR_PMU; i++) {
		struct sbiret r = sbi_pmu_config(0, valid, 0, groups[g][i], 0);

		if (r.error)
			return r.error;
		ctr[i] = r.value;
		r = sbi_pmu_start(ctr[i], 1, SBI_PMU_START_SET_INIT_VALUE, 0);
		if (r.error)
			return r.error;
	}
	return 0;
}

static void del_group(void)
{
	unsigned int i;

	for (i = 0; i < NR_PMU; i++) {
		sbi_pmu_stop(ctr[i], 1, 0);
		sbi_pmu_stop(ctr[i], 1, SBI_PMU_STOP_RESET);
	}
}

int main(unsigned long hartid, void *dtb)
{
	unsigned long n, i, best = ~0ul, t;
	unsigned int g = 0;
	long err;

	(void)hartid;
	(void)dtb;
	n = sbi_pmu_num_counters().value;
	for (i = 0; i < n && i < __riscv_xlen; i++)
		if (!sbi_pmu_get_info(i).error && i != 0 && i != 2)
			valid |= 1ul << i;	/* not the fixed ones: see bench.c */
	err = add_group(g);
	for (i = 0; !err && i < RUNS; i++) {
		t = rd_instret();
		del_group();
		g ^= 1;
		err = add_group(g);
		t = rd_instret() - t;
		if (t < best)
			best = t;
	}
	if (err) {
		rt_printf("# rotbench: a group could not be placed (%ld)\n", err);
		return 1;
	}
	del_group();
	rt_printf("rotation switch_%u_counters %lu\n", NR_PMU, best);
	rt_printf("rotation per_counter %lu\n", best / NR_PMU);
	return 0;
}
