/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sampler_bench - what the sampler costs the harts it samples, measured
 * from S-mode under QEMU -icount shift=0 (instructions are exact). Every
 * hart of a case sleeps in a loop of known length for the whole run; the
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
static struct rvpmu_sampler_config cfg;
static SAMPLER_STATUS_FOR(MAX_HARTS) st;
static unsigned long nr_harts;
static volatile uint64_t spin_end;
static volatile int go, finished;

/*
 * Under -icount, QEMU's instret is one count for the whole machine, and it
 * jumps over the time every hart sleeps; and a hart that spins starves the
 * others of QEMU's round robin. So a case runs twice:
 *  1. on all its harts, which sleep (wfi) between the sampler's switches:
 *     samples, lost, late deadlines and skew;
 *  2. on hart 0 alone, as many samples and at least PHASE2_SUBSAMPLES
 *     subsamples (a run's one-off start and end, some thousand
 *     instructions, spread as over a run of some length), spinning on a
 *     loop of exactly SPIN_INSNS instructions (the run's length in
 *     instructions) while every other hart sleeps: what hart 0 retires
 *     beyond its loop is the sampler's M-mode work (trap in, stop, read,
 *     write, program, start, trap out), per subsample.
 */
#define SPIN_INSNS 2
#define PHASE2_SUBSAMPLES 64

/* n iterations of exactly SPIN_INSNS instructions, none of them I/O (a
   time read would end QEMU's translation block and blur the count). */
static void spin(unsigned long n)
{
	__asm__ volatile("1:	addi	%0, %0, -1\n"
			 "	bnez	%0, 1b\n"
			 : "+r"(n) :: "memory");
}

/* Sleep until the end (an S-mode timer, taken with sstatus.SIE off, ends
   the last wfi); the sampler's switches wake us in between. */
static void sleep_until(uint64_t end)
{
	sbi_set_timer(end);
	while (rd_time() < end)
		__asm__ volatile("wfi" ::: "memory");
	sbi_set_timer(~0ull);
}

/* Wait a little without spinning. */
static void nap(void)
{
	sleep_until(rd_time() + 1000);
}

static void secondary(void *arg)
{
	int seen = 0;

	(void)arg;
	rt_csr_clear(sstatus, 2ul);	/* interrupts only end a wfi */
	rt_csr_set(sie, (1ul << 1) | (1ul << 5));
	for (;;) {
		/* asleep until hart 0's IPI: no instructions meanwhile */
		while (__atomic_load_n(&go, __ATOMIC_ACQUIRE) == seen)
			__asm__ volatile("wfi" ::: "memory");
		rt_csr_clear(sip, 2ul);
		seen = __atomic_load_n(&go, __ATOMIC_ACQUIRE);
		if (seen < 0)
			return;
		sleep_until(spin_end);
		__atomic_fetch_add(&finished, 1, __ATOMIC_RELEASE);
	}
}

static void wake_all(int how)
{
	unsigned long h;

	__atomic_store_n(&go, how, __ATOMIC_RELEASE);
	for (h = 1; h < nr_harts; h++)
		sbi_send_ipi(1, h);
}

/* Harts 0 .. harts - 1: CONFIGURE's range form (a count from hartid 0),
   which takes more harts than a register has bits. */
static long configure(const struct bench_case *c, unsigned int harts, unsigned int samples)
{
	unsigned long i;

	sampler_cfg_init(&cfg);
	for (i = 0; i < c->events; i++)
		sampler_cfg_event(&cfg, event_pool[i % POOL], 0);
	cfg.nr_pmu = c->nr_pmu;
	cfg.period_us = c->period_us;
	cfg.nr_sample = samples;
	sampler_cfg_buffer(&cfg, buf, BUF_SIZE);
	return sampler_configure(&cfg, harts, 0, RVPMU_SAMPLER_CONF_HART_RANGE).error;
}

/* The run's length in ticks, with room for the lead and the last switch. */
static uint64_t run_ticks(const struct bench_case *c, unsigned int samples, uint64_t tb)
{
	uint64_t dur = (uint64_t)samples * ((c->events + c->nr_pmu - 1) / c->nr_pmu) *
		       c->period_us * tb / 1000000;

	return dur + dur / 4 + tb / 100;
}

static bool finish(void)
{
	unsigned int i;

	for (i = 0; i < 1000 && !sampler_status(&st.s, sizeof(st)).error &&
		    st.s.state == RVPMU_SAMPLER_RUNNING; i++)
		nap();
	if (st.s.state != RVPMU_SAMPLER_RUNNING)
		return true;
	rt_printf("# sampler-bench: the run did not finish\n");
	sampler_stop();
	return false;
}

static int run_case(const struct bench_case *c, uint64_t tb)
{
	unsigned int groups = (c->events + c->nr_pmu - 1) / c->nr_pmu;
	/* phase 2's samples: as many, and at least PHASE2_SUBSAMPLES */
	unsigned int s2 = (PHASE2_SUBSAMPLES + groups - 1) / groups;
	unsigned long t, n;
	uint64_t samples, lost, late, skew;
	long err;

	if (c->harts > nr_harts) {
		rt_printf("# sampler-bench: %u harts wanted, %lu here: case skipped\n",
			  c->harts, nr_harts);
		return 0;
	}
	/* 1: every hart of the case */
	err = configure(c, c->harts, c->samples);
	err = err ? err : sampler_start(&cfg).error;
	if (err) {
		rt_printf("# sampler-bench: the %u-hart run failed to start (%ld)\n", c->harts, err);
		return 1;
	}
	spin_end = rd_time() + run_ticks(c, c->samples, tb);
	finished = 0;
	wake_all(go + 1);
	sleep_until(spin_end);
	while (__atomic_load_n(&finished, __ATOMIC_ACQUIRE) < (int)nr_harts - 1)
		nap();
	if (!finish())
		return 1;
	samples = st.s.samples;
	lost = st.s.lost;
	late = st.s.late;
	skew = st.s.max_skew;

	/* 2: hart 0 alone, spinning, the others asleep */
	if (s2 < c->samples)
		s2 = c->samples;
	err = configure(c, 1, s2);
	err = err ? err : sampler_start(&cfg).error;
	if (err) {
		rt_printf("# sampler-bench: the 1-hart run failed to start (%ld)\n", err);
		return 1;
	}
	/* 1 instruction is 1 ns under -icount shift=0 */
	n = (unsigned long)(run_ticks(c, s2, tb) * (1000000000 / tb) / SPIN_INSNS);
	t = rd_instret();
	spin(n);
	t = rd_instret() - t;
	if (!finish() || !st.s.nr_harts || !st.h[0].subsamples)
		return 1;
	rt_printf("sampler: %u events, nr_pmu %u, period %u us, %u harts, %llu samples, "
		  "%llu lost, %llu late, %lu instructions per subsample per hart, "
		  "skew %llu ticks\n", c->events, c->nr_pmu, c->period_us, c->harts,
		  (unsigned long long)samples, (unsigned long long)lost,
		  (unsigned long long)late,
		  (t - n * SPIN_INSNS) / (unsigned long)st.h[0].subsamples,
		  (unsigned long long)skew);
	return lost || samples != c->samples;
}

int main(unsigned long hartid, void *dtb)
{
	unsigned long h;
	uint64_t tb = 10000000;	/* QEMU virt's timebase */
	unsigned int i;
	int failed = 0;

	(void)dtb;
	if (!sampler_present()) {
		rt_printf("sampler-bench: this firmware has no rvpmu sampler extension (version 2)\n");
		return 1;
	}
	sampler_reset();	/* a previous kernel may have left a run */
	nr_harts = rt_count_harts(MAX_HARTS);
	for (h = 0; h < nr_harts; h++)
		if (h != hartid)
			rt_start_hart(h, secondary, 0);
	rt_csr_clear(sstatus, 2ul);	/* the timer only ends a wfi */
	rt_csr_set(sie, 1ul << 5);
	rt_printf("# sampler-bench: %lu harts\n", nr_harts);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		failed |= run_case(&cases[i], tb);
	wake_all(-1);
	return failed;
}
