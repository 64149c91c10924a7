/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/sampler-cost: instructions the sampler engine's tick takes on a
 * real (QEMU) hart, in M-mode, with the firmware's jump-table CSR ops
 * (firmware/pmu_csr.S) and direct RAM access - what the firmware will run,
 * minus the trap entry and the timer multiplexing. Prints, for nr_pmu
 * 1, 4 and 8, the minstret delta of one subsample tick (group switch and
 * the hart's slots written) and of the tick that also opens a buffer.
 * Events mix hardware and firmware counters in each group, as
 * payloads/sampler_bench.c does. Lines starting with # break one tick
 * down (group stop+read, load, start,
 * slot writes, mcycle read). Runs as QEMU virt's -bios under -icount
 * shift=0 (exact); `make sampler-cost`.
 */
#include <stddef.h>
#include <string.h>

#include "firmware/csr.h"
#include "sampler/sampler.h"

uint64_t fw_csr_read_ctr(void *ctx, unsigned int ctr);
void fw_csr_write_ctr(void *ctx, unsigned int ctr, uint64_t v);
void fw_csr_write_event(void *ctx, unsigned int ctr, uint64_t v);

#define UART	((volatile uint8_t *)0x10000000)
#define FINISHER ((volatile uint32_t *)0x100000)
#define CLINT_MTIME ((volatile uint64_t *)0x200bff8)

static void putc_(char c) { *UART = (uint8_t)c; }
static void puts_(const char *s) { while (*s) putc_(*s++); }
static void putu(uint64_t v)
{
	char b[24];
	int i = 0;

	do { b[i++] = (char)('0' + v % 10); v /= 10; } while (v);
	while (i) putc_(b[--i]);
}

static void inhibit(void *ctx, uint32_t mask, bool on)
{
	(void)ctx;
	csr_inhibit_counters(mask, on);
}
static bool overflowed(void *ctx, unsigned int ctr) { (void)ctx; (void)ctr; return false; }
static uint32_t hpm_present(void *ctx) { (void)ctx; return 0x7fff8; }	/* virt: 3..18 */
static bool sscof(void *ctx) { (void)ctx; return true; }

const struct rvpmu_hw_ops fw_pmu_hw_ops = {
	.read = fw_csr_read_ctr, .write = fw_csr_write_ctr, .program = fw_csr_write_event,
	.inhibit = inhibit, .overflowed = overflowed, .hpm_present = hpm_present,
	.has_sscofpmf = sscof,
};

static int m_check(void *ctx, uint64_t pa, uint64_t size, bool write)
{
	(void)ctx; (void)write;
	return pa >= 0x80100000 && size <= 0x88000000 - pa ? 0 : SBI_ERR_INVALID_ADDRESS;
}
static void m_read(void *ctx, uint64_t pa, void *dst, unsigned long len)
{
	(void)ctx;
	memcpy(dst, (void *)(uintptr_t)pa, len);
}
static void m_write(void *ctx, uint64_t pa, const void *src, unsigned long len)
{
	(void)ctx;
	if (len == 8)
		*(volatile uint64_t *)(uintptr_t)pa = *(const uint64_t *)src;
	else if (len == 4)
		*(volatile uint32_t *)(uintptr_t)pa = *(const uint32_t *)src;
	else
		memcpy((void *)(uintptr_t)pa, src, len);
}
static const struct rvpmu_mem_ops mem = { m_check, m_read, m_write };

/* M-mode reaches physical memory as is */
static void *direct(void *ctx, uint64_t pa)
{
	(void)ctx;
	return (void *)(uintptr_t)pa;
}

static uint64_t fake_mtime;
static struct rvpmu_sampler_hart shs[1];
static uint64_t op_mtime(void *ctx) { (void)ctx; return fake_mtime; }
static void op_deadline(void *hctx, uint64_t t) { (void)hctx; (void)t; }
static bool op_started(void *ctx, uint32_t id) { (void)ctx; return id == 0; }
static struct rvpmu_sampler_hart *op_hart(void *ctx, uint32_t id)
{
	(void)ctx;
	return id == 0 ? &shs[0] : NULL;
}
static const struct rvpmu_sampler_ops ops = { op_mtime, op_deadline, op_started, op_hart, NULL, NULL };

static struct rvpmu_map map;
static struct rvpmu_config cfg = { &fw_pmu_hw_ops, &mem, NULL, &map, 16 };
static struct rvpmu_hart pmu;
static struct rvpmu_sampler s;
static uint32_t order[1], scratch[2];
static uint16_t cluster[1];
static uint64_t arena[RVPMU_SAMPLER_STATE_MAX(1) / 8];

/* one region for any configuration, given again at each CONFIGURE */
static void *op_state(void *ctx, void *old, unsigned long size)
{
	(void)ctx;
	(void)old;
	return size <= sizeof(arena) ? arena : NULL;
}

static const struct rvpmu_sampler_platform plat = {
	.ops = &ops, .mem = &mem, .ctx = NULL, .timebase_hz = 10000000, .nr_harts = 1,
	.order = order, .cluster = cluster, .scratch = scratch, .direct = direct,
	.state = op_state,
};
/* S-mode memory: the configuration and the buffers lie past the probe */
#define c (*(struct rvpmu_sampler_config *)0x80180000)

static uint64_t tick_cost(void)
{
	uint64_t a, b;

	fake_mtime = shs[0].deadline;
	a = csr_read(CSR_MINSTRET);
	rvpmu_sampler_tick(&s, &shs[0], fake_mtime);
	b = csr_read(CSR_MINSTRET);
	return b - a;
}

static const uint32_t pool[] = {
	SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_HW, SBI_PMU_HW_CPU_CYCLES),
	SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_HW, SBI_PMU_HW_INSTRUCTIONS),
	SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), SBI_PMU_FW_EVENT(SBI_PMU_FW_IPI_SENT),
	SBI_PMU_FW_EVENT(SBI_PMU_FW_IPI_RECEIVED),
};

static void measure(uint32_t nr_pmu)
{
	uint64_t worst = 0, sum = 0, n = 0, open = 0;

	memset(&c, 0, sizeof(c));
	c.magic = RVPMU_SAMPLER_CFG_MAGIC;
	c.version = RVPMU_SAMPLER_CFG_VERSION;
	c.nr_events = 16;
	c.nr_pmu = nr_pmu;
	c.period_us = 100;
	c.nr_sample = 1000;
	c.nr_bufs = 2;
	c.bufs[0] = (struct rvpmu_sampler_buf){ 0x80200000, 0x1000 };
	c.bufs[1] = (struct rvpmu_sampler_buf){ 0x80300000, 0x100000 };
	/* as sampler_bench: hardware and firmware events mixed in each group */
	for (unsigned int i = 0; i < 16; i++)
		c.events[i].event_idx = pool[i % (sizeof(pool) / sizeof(pool[0]))];
	/* every hart (the one): the SBI form's "all" */
	if (rvpmu_sampler_configure(&s, &pmu, 0x80180000, 0, 0, (rvpmu_ulong)RVPMU_SAMPLER_ALL_HARTS,
				    0) ||
	    rvpmu_sampler_prepare(&s) || rvpmu_sampler_hart_start(&s, &shs[0])) {
		puts_("sampler-cost: setup failed\n");
		return;
	}
	rvpmu_sampler_launch(&s);
	while (!shs[0].begun)
		tick_cost();			/* t0: open group 0 */
	while (shs[0].fill == 0) {		/* every tick of buffer 0 */
		uint32_t fill = shs[0].fill;
		uint64_t t = tick_cost();

		if (shs[0].fill != fill) {
			open = t;
			break;
		}
		sum += t;
		n++;
		if (t > worst)
			worst = t;
	}
	{
		uint64_t a, b, v = 0, vv[8];
		const uint32_t off[8] = { 0, 8, 16, 24, 32, 40, 48, 56 };
		struct rvpmu_group *g = &shs[0].grp;

		a = csr_read(CSR_MINSTRET);
		rvpmu_group_close(&pmu, g, (uint8_t *)vv, off);
		b = csr_read(CSR_MINSTRET);
		v = vv[0];
		puts_("# parts, nr_pmu "); putu(nr_pmu); puts_(": close "); putu(b - a);
		a = csr_read(CSR_MINSTRET);
		rvpmu_group_open(&pmu, g, shs[0].ctr, &s.group[0].spec);
		b = csr_read(CSR_MINSTRET);
		puts_(" open "); putu(b - a);
		a = csr_read(CSR_MINSTRET);
		for (unsigned int j = 0; j < nr_pmu; j++)
			m_write(NULL, 0x80300000 + 8 * j, &v, 8);
		b = csr_read(CSR_MINSTRET);
		puts_(" " ); putu(nr_pmu); puts_(" slot writes "); putu(b - a);
		a = csr_read(CSR_MINSTRET);
		v = rvpmu_read_cycles(&pmu);
		b = csr_read(CSR_MINSTRET);
		puts_(" mcycle read "); putu(b - a);
		puts_("\n");
	}
	puts_("sampler tick, nr_pmu ");
	putu(nr_pmu);
	puts_(": mean ");
	putu(sum / n);
	puts_(", worst ");
	putu(worst);
	puts_(" instructions over ");
	putu(n);
	puts_(" ticks; tick that opens the next buffer: ");
	putu(open);
	puts_("\n");
	rvpmu_sampler_stop(&s);
	tick_cost();
}

int main(void)
{
	rvpmu_map_init(&map);
	rvpmu_map_add_range(&map, SBI_PMU_EVENT_IDX(0, SBI_PMU_HW_CPU_CYCLES),
			    SBI_PMU_EVENT_IDX(0, SBI_PMU_HW_INSTRUCTIONS), 0x7fff8);
	rvpmu_hart_init(&pmu, &cfg, NULL);
	rvpmu_sampler_init(&s, &plat);
	rvpmu_sampler_hart_init(&shs[0], &pmu, NULL, 0);
	(void)CLINT_MTIME;
	measure(1);
	measure(4);
	measure(8);
	puts_("ok 1 - sampler-cost ran\n1 passed, 0 failed\n");
	*FINISHER = 0x5555;
	for (;;)
		;
}
