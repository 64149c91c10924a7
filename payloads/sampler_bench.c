/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sampler_bench - what the sampler costs the harts it samples, measured
 * from S-mode under QEMU -icount shift=0 (instructions are exact). Every
 * hart of a case spins on a calibrated loop for the whole run; the
 * instructions it retired beyond the loop's own are the M-mode work of the
 * sampler's switches on that hart (trap in, stop, read, write, program,
 * start, trap out), divided by the subsamples that hart wrote. Prints one
 * line per case:
 *   sampler: E events, nr_pmu P, period T us, H harts, S samples, L lost,
 *   D late, I instructions per subsample per hart, skew K ticks
 * and fails (exit status) when a case loses samples or cannot run.
 */
#include "client/rt.h"
#include "client/sampler.h"

#define MAX_HARTS	512
#define BUF_SIZE	(256 * 1024)

struct bench_case {
	unsigned int events, nr_pmu, period_us, harts, samples;
};

static const struct bench_case cases[] = {
	{ 240, 8, 1000, 8, 2 },
	{ 240, 8, 100, 4, 4 },
	{ 16, 8, 1000, 32, 4 },
};

/* Events QEMU counts or the firmware counts, repeated to fill the list
   (duplicates are allowed; only one copy of a hardware event counts). */
static const uint32_t event_pool[] = {
	SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_HW, SBI_PMU_HW_CPU_CYCLES),
	SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_HW, SBI_PMU_HW_INSTRUCTIONS),
	SBI_PMU_DTLB_READ_MISS,
	SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), SBI_PMU_FW_EVENT(SBI_PMU_FW_IPI_SENT),
	SBI_PMU_FW_EVENT(SBI_PMU_FW_IPI_RECEIVED), SBI_PMU_FW_EVENT(SBI_PMU_FW_FENCE_I_SENT),
	SBI_PMU_FW_EVENT(SBI_PMU_FW_FENCE_I_RECEIVED), SBI_PMU_FW_EVENT(SBI_PMU_FW_ILLEGAL_INSN),
	SBI_PMU_FW_EVENT(SBI_PMU_FW_ACCESS_LOAD),
};
#define POOL (sizeof(event_pool) / sizeof(event_pool[0]))

static char buf[BUF_SIZE] __attribute__((aligned(4096)));
static uint64_t harts_bitmap[MAX_HARTS / 64];
static struct rvpmu_sampler_config cfg;
static struct {
	struct rvpmu_sampler_status s;
	struct rvpmu_sampler_hart_status h[MAX_HARTS];
} st;
static unsigned long nr_harts;
static volatile uint64_t spin_end;
static volatile int go, finished;
static unsigned long iters[MAX_HARTS], retired[MAX_HARTS];

static inline unsigned long rdinstret(void)
{
	unsigned long v;

	__asm__ volatile("rdinstret %0" : "=r"(v) :: "memory");
	return v;
}

/* The measured loop: a fixed number of instructions per iteration. */
static __attribute__((noinline)) unsigned long spin_until(uint64_t end)
{
	unsigned long n = 0;

	while (rd_time() < end)
		n++;
	return n;
}

static void measure(unsigned long me)
{
	unsigned long t = rdinstret();

	iters[me] = spin_until(spin_end);
	retired[me] = rdinstret() - t;
}

static void secondary(void *arg)
{
	unsigned long me = rt_hartid();
	int seen = 0;

	(void)arg;
	for (;;) {
		while (__atomic_load_n(&go, __ATOMIC_ACQUIRE) == seen)
			;
		seen = __atomic_load_n(&go, __ATOMIC_ACQUIRE);
		if (seen < 0)
			return;
		measure(me);
		__atomic_fetch_add(&finished, 1, __ATOMIC_RELEASE);
	}
}

/* Instructions per iteration of the loop, with nothing else running. */
static unsigned long calibrate(void)
{
	unsigned long t = rdinstret(), n = spin_until(rd_time() + 2000);

	return (rdinstret() - t) / (n ? n : 1);
}

static int run_case(const struct bench_case *c, unsigned long per_iter, uint64_t tb)
{
	unsigned long i, h, total = 0, subs = 0;
	uint64_t dur;
	struct sbiret r;

	if (c->harts > nr_harts) {
		rt_printf("# sampler-bench: %u harts wanted, %lu here: case skipped\n",
			  c->harts, nr_harts);
		return 0;
	}
	sampler_cfg_init(&cfg);
	for (i = 0; i < c->events; i++)
		sampler_cfg_event(&cfg, event_pool[i % POOL], 0);
	cfg.nr_pmu = c->nr_pmu;
	cfg.period_us = c->period_us;
	cfg.nr_sample = c->samples;
	for (i = 0; i < MAX_HARTS / 64; i++)
		harts_bitmap[i] = 0;
	for (h = 0; h < c->harts; h++)
		harts_bitmap[h / 64] |= 1ull << (h % 64);
	cfg.harts_addr = (uintptr_t)harts_bitmap;
	cfg.harts_bits = MAX_HARTS;
	sampler_cfg_buffer(&cfg, buf, BUF_SIZE);
	r = sampler_configure(&cfg);
	if (r.error) {
		rt_printf("# sampler-bench: configure failed (%ld)\n", r.error);
		return 1;
	}
	/* the run: lead + every subsample, then a margin for the last one */
	dur = (uint64_t)c->samples * ((c->events + c->nr_pmu - 1) / c->nr_pmu) *
	      c->period_us * tb / 1000000;
	r = sampler_start();
	if (r.error) {
		rt_printf("# sampler-bench: start failed (%ld)\n", r.error);
		return 1;
	}
	spin_end = rd_time() + dur + dur / 4 + tb / 100;
	finished = 0;
	__atomic_fetch_add(&go, 1, __ATOMIC_RELEASE);
	measure(rt_hartid());
	while (__atomic_load_n(&finished, __ATOMIC_ACQUIRE) < (int)nr_harts - 1)
		;
	if (sampler_wait(&st.s, sizeof(st), tb) || st.s.state == RVPMU_SAMPLER_RUNNING) {
		rt_printf("# sampler-bench: the run did not finish\n");
		sampler_stop();
		return 1;
	}
	for (i = 0; i < st.s.nr_harts && i < MAX_HARTS; i++) {
		unsigned long id = st.h[i].hartid;

		if (!st.h[i].subsamples || id >= MAX_HARTS)
			continue;
		total += retired[id] - iters[id] * per_iter;
		subs += st.h[i].subsamples;
	}
	rt_printf("sampler: %u events, nr_pmu %u, period %u us, %u harts, %llu samples, "
		  "%llu lost, %llu late, %lu instructions per subsample per hart, "
		  "skew %llu ticks\n", c->events, c->nr_pmu, c->period_us, c->harts,
		  (unsigned long long)st.s.samples, (unsigned long long)st.s.lost,
		  (unsigned long long)st.s.late, subs ? total / subs : 0,
		  (unsigned long long)st.s.max_skew);
	return st.s.lost || st.s.samples != c->samples;
}

int main(unsigned long hartid, void *dtb)
{
	unsigned long h, per_iter;
	uint64_t tb = 10000000;	/* QEMU virt's timebase */
	unsigned int i;
	int failed = 0;

	(void)dtb;
	if (!sampler_present()) {
		rt_printf("sampler-bench: this firmware has no rvpmu sampler extension\n");
		return 1;
	}
	while (nr_harts < MAX_HARTS && !sbi_hart_status(nr_harts).error)
		nr_harts++;
	for (h = 0; h < nr_harts; h++)
		if (h != hartid)
			rt_start_hart(h, secondary, 0);
	per_iter = calibrate();
	rt_printf("# sampler-bench: %lu harts, %lu instructions per loop iteration\n",
		  nr_harts, per_iter);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		failed |= run_case(&cases[i], per_iter, tb);
	__atomic_store_n(&go, -1, __ATOMIC_RELEASE);
	return failed;
}
