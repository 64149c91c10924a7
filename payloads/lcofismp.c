/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lcofismp - cycles and instructions sampling with LCOFI on every hart at
 * once, as `perf record -a` asks of the firmware: each hart adds a
 * sampling event (period 100000), starts it, runs a busy loop for RUN_MS
 * with its own LCOFI handler (Linux's sequence: stop all, scountovf, clear
 * LCOFIP, restart) and a "context switch" every millisecond, stops and
 * releases it; then the same for instructions. The harts start each run
 * together (a barrier), so every hart's overflow timer runs at once.
 *
 * A third run is what `perf record -a` asks after perf's own probe: each
 * hart first runs two counting probes (pmu_counting_probe: cycles and
 * instructions counting, as perf's API probe leaves them), then samples
 * cycles with no context switch at all (a CPU-wide event on a busy CPU is
 * never restarted by the scheduler), so one lost overflow ends the run's
 * samples. A fourth run is the control: no PMU, each hart's Sstc timer
 * (stimecmp) re-armed 100 us ahead from its own STI handler. QEMU 7.2
 * runs both the PMU's overflow timer and the Sstc timer as
 * QEMU_CLOCK_VIRTUAL timers fired by its main loop, so the control shows
 * how many timer interrupts QEMU delivers to each hart on this host at all.
 *
 * Each hart counts the interrupts it took and, for the PMU runs, the
 * samples (calls with its counter's scountovf bit set), and the longest
 * stretch without one; the boot hart prints them per hart. Checks: on the
 * PMU runs every hart gets samples and no more than count/period (+2 %);
 * on the third, where one lost overflow would end the run's samples, no
 * hart goes half of its run's work without one. QEMU 7.2 drops an
 * overflow whose timer expires while the counter is still inhibited, and
 * the firmware's start writes the value again, counting, for that
 * (docs/perf-on-qemu.md; OpenSBI 1.1 gets nothing there). Work is the busy
 * loop's blocks, not mtime: on a loaded host a hart's thread can wait
 * 100 ms and more for a CPU, and its interrupt comes when it runs again.
 * The rate itself is not checked: QEMU
 * 7.2 counts cycles in host ticks (instructions too, without -icount) but
 * fires the overflow in ns, and with several busy harts on a busy host
 * delivers a varying fraction; under -icount shift=0, where counts are
 * exact, at least half of count/period must come.
 *
 * Runs on any SBI firmware with Sscofpmf and HSM; last line
 * "N passed, N failed".
 */
#include "client/perf.h"
#include "client/rt.h"

#ifndef MAX_HARTS
#define MAX_HARTS	8	/* -DMAX_HARTS=1: only the boot hart samples, the others stay parked */
#endif
#define PERIOD		100000
#define RUN_MS		200
#define TIMEBASE_MS	10000	/* QEMU virt: 10 MHz */
#define TIMER_TICKS	1000	/* the control's period: 100 us */
#define PMU_RUNS	3	/* cycles, instructions, cycles after counting probes */
#define RUNS		4	/* and the Sstc timer */
/* stimecmp is CSR 0x14d, stimecmph 0x15d: written as numbers below (rt_csr_*
   paste their argument into the instruction) */

struct hart_run {
	unsigned long irqs, samples;
	uint64_t count, last, gap;	/* count; last interrupt, longest gap (mtime) */
	unsigned long work, last_work, work_gap;	/* the same in the hart's own work */
	uint64_t due, late;		/* the control: deadline set, total lateness */
	int ctr;
	long err;
};

static struct pmu_machine m;
static struct pmu_cpu cpus[MAX_HARTS];
static struct hart_run runs[MAX_HARTS][RUNS];
static volatile unsigned int cur[MAX_HARTS];	/* the run each hart is in */
static volatile bool ran[MAX_HARTS];		/* the hart came to hart_main */
static unsigned long nharts;
static volatile unsigned long arrived[RUNS], done;
static volatile unsigned long sink;
/* blocks of the busy loop done: written by the hart alone, read by its own
   interrupt handlers, so a word (rv32 too) is never read torn */
static volatile unsigned long work[MAX_HARTS];
static bool icount, sstc;

static const struct pmu_attr attrs[PMU_RUNS] = {
	{ PMU_TYPE_HW, SBI_PMU_HW_CPU_CYCLES, false, false, PERIOD },
	{ PMU_TYPE_HW, SBI_PMU_HW_INSTRUCTIONS, false, false, PERIOD },
	{ PMU_TYPE_HW, SBI_PMU_HW_CPU_CYCLES, false, false, PERIOD },
};
static const char *const names[RUNS] = {
	"cycles", "instructions", "cycles after counting probes, no switches", "Sstc timer"
};
#define PROBED_RUN	2	/* perf record -a after perf's probe: no switches */
#define TIMER_RUN	3

/* An interrupt on this hart: count it in the run the hart is in, and the
   gap since the last; that run, or 0 on a hart beyond MAX_HARTS. */
static struct hart_run *took(void)
{
	unsigned long h = rt_hartid();
	struct hart_run *hr;
	uint64_t now = rd_time();

	if (h >= MAX_HARTS)
		return 0;
	hr = &runs[h][cur[h]];
	hr->irqs++;
	if (now - hr->last > hr->gap)
		hr->gap = now - hr->last;
	hr->last = now;
	if (work[h] - hr->last_work > hr->work_gap)
		hr->work_gap = work[h] - hr->last_work;
	hr->last_work = work[h];
	return hr;
}

/* The end of a run: the stretch since the last interrupt counts too. */
static void run_end(unsigned long h, struct hart_run *hr)
{
	if (rd_time() - hr->last > hr->gap)
		hr->gap = rd_time() - hr->last;
	hr->work = work[h] - hr->work;
	if (work[h] - hr->last_work > hr->work_gap)
		hr->work_gap = work[h] - hr->last_work;
}

/* The start of a run. */
static void run_begin(unsigned long h, struct hart_run *hr)
{
	hr->last = rd_time();
	hr->work = hr->last_work = work[h];
}

static void on_lcofi(unsigned long irq)
{
	(void)irq;
	if (took())
		pmu_overflow(&cpus[rt_hartid()]);
}

/* The control's expiry: count it, its lateness, and re-arm 100 us on. */
static void on_sti(unsigned long irq)
{
	struct hart_run *hr = took();

	(void)irq;
	if (!hr)
		return;
	hr->samples++;
	hr->late += hr->last - hr->due;
	hr->due = rd_time() + TIMER_TICKS;
	rt_set_stimecmp(hr->due);
}

/* Everyone at the barrier of run r, then go. */
static void barrier(unsigned int r)
{
	__atomic_fetch_add(&arrived[r], 1, __ATOMIC_ACQ_REL);
	while (__atomic_load_n(&arrived[r], __ATOMIC_ACQUIRE) < nharts)
		;
}

/* The busy loop of one run, with a "context switch" of ev every ms
   (none when ev is 0 or switches is false). */
static void busy(struct pmu_cpu *c, struct pmu_event *ev, bool switches, unsigned long h)
{
	uint64_t end = rd_time() + RUN_MS * TIMEBASE_MS, sw = rd_time() + TIMEBASE_MS;

	rt_irq_enable(true);
	while (rd_time() < end) {
		unsigned long i, x = h + 1;

		for (i = 0; i < 1000; i++)
			x = x * 6364136223846793005ul + 1442695040888963407ul;
		sink += x;
		work[h]++;
		if (ev && switches && rd_time() >= sw) {
			rt_irq_enable(false);
			pmu_event_stop(c, ev);
			pmu_event_start(c, ev);
			pmu_tick(c);
			rt_irq_enable(true);
			sw += TIMEBASE_MS;
		}
	}
	rt_irq_enable(false);
}

static void pmu_run(unsigned long h, unsigned int r)
{
	struct pmu_cpu *c = &cpus[h];
	struct hart_run *hr = &runs[h][r];
	struct pmu_event ev;

	if (r == PROBED_RUN) {
		pmu_counting_probe(&m, SBI_PMU_HW_CPU_CYCLES);
		pmu_counting_probe(&m, SBI_PMU_HW_INSTRUCTIONS);
	}
	hr->err = pmu_event_init(&ev, &attrs[r]);
	if (!hr->err)
		hr->err = pmu_event_add(c, &ev);
	hr->ctr = ev.ctr;
	barrier(r);
	if (hr->err < 0)
		return;
	run_begin(h, hr);
	pmu_event_start(c, &ev);
	busy(c, &ev, r != PROBED_RUN, h);
	pmu_event_stop(c, &ev);
	hr->samples = ev.samples;
	hr->count = ev.count;
	pmu_event_del(c, &ev);
	run_end(h, hr);
}

static void timer_run(unsigned long h, unsigned int r)
{
	struct hart_run *hr = &runs[h][r];

	barrier(r);
	if (!sstc)
		return;
	run_begin(h, hr);
	hr->count = RUN_MS * TIMEBASE_MS;
	hr->due = rd_time() + TIMER_TICKS;
	rt_set_stimecmp(hr->due);
	rt_csr_set(sie, 1ul << 5);
	busy(0, 0, false, h);
	rt_csr_clear(sie, 1ul << 5);
	rt_set_stimecmp(~0ull);
	run_end(h, hr);
}

static void hart_main(void *arg)
{
	unsigned long h = (unsigned long)arg;
	unsigned int r;

	ran[h] = true;
	pmu_cpu_init(&cpus[h], &m);
	cpus[h].max_overflows_per_tick = ~0ul;
	rt_csr_clear(sip, 1ul << 13);
	rt_csr_set(sie, 1ul << 13);
	for (r = 0; r < PMU_RUNS; r++) {
		cur[h] = r;
		pmu_run(h, r);
	}
	rt_csr_clear(sie, 1ul << 13);
	cur[h] = TIMER_RUN;
	timer_run(h, TIMER_RUN);
	__atomic_fetch_add(&done, 1, __ATOMIC_RELEASE);
}

/* Under -icount shift=0 the cycle CSR moves 1 per ns of mtime's clock,
   with host ticks by the host's rate (GHz: ~2 per ns and up). */
static bool icount_mode(void)
{
	uint64_t t0 = rd_time();
	unsigned long c0 = rd_cycle();

	while (rd_time() < t0 + TIMEBASE_MS)
		;
	return rd_cycle() - c0 < 1500000;
}

static void read_stimecmp(void *arg)
{
	*(unsigned long *)arg = rt_csr_read(0x14d);
}

/* One hart's line for run r; returns whether its checks pass. */
static bool report(unsigned long h, unsigned int r)
{
	const struct hart_run *hr = &runs[h][r];
	bool pmu = r < PMU_RUNS, checked = pmu;
	uint64_t expect = pmu ? hr->count / PERIOD : hr->count / TIMER_TICKS;
	bool ok = true;

	if (pmu)
		ok = hr->err >= 0 && hr->samples > 0 && hr->samples <= expect + expect / 50 &&
		     (!icount || hr->samples * 2 >= expect) &&
		     (r != PROBED_RUN || hr->work_gap < hr->work / 2);
	rt_printf("%s %s on hart %lu", !checked ? "#" : ok ? "ok" : "not ok", names[r], h);
	if (pmu)
		rt_printf(" (counter %d)", hr->ctr);
	rt_printf(": %lu interrupts, %lu %s for %llu %s, longest gap %llu us, %llu%% of its work",
		  hr->irqs, hr->samples, pmu ? "samples" : "expiries", (unsigned long long)expect,
		  pmu ? "count/period" : "periods", (unsigned long long)hr->gap / 10,
		  (unsigned long long)(hr->work ? (uint64_t)hr->work_gap * 100 / hr->work : 0));
	if (!pmu && hr->irqs)
		rt_printf(", %llu us late on average", (unsigned long long)(hr->late / hr->irqs / 10));
	rt_printf("\n");
	return ok || !checked;
}

int main(unsigned long hartid, void *dtb)
{
	unsigned long h, passed = 0, failed = 0, started = 1, all, v;
	unsigned int r;

	(void)dtb;
	if (pmu_machine_init(&m)) {
		rt_printf("lcofismp: no SBI PMU extension\n0 passed, 1 failed\n");
		return 1;
	}
	icount = icount_mode();
	sstc = rt_expect_fault(read_stimecmp, &v, 0) < 0;
	all = nharts = rt_count_harts(MAX_HARTS);
	if (hartid >= nharts) {
		rt_printf("lcofismp: boot hart %lu beyond %lu harts\n0 passed, 1 failed\n",
			  hartid, nharts);
		return 1;
	}
	rt_set_irq(13, on_lcofi);
	rt_set_irq(5, on_sti);
	rt_printf("# %lu harts, %s, period %u, %u ms per run%s\n", nharts,
		  icount ? "icount" : "host ticks", PERIOD, RUN_MS, sstc ? "" : ", no Sstc");
	for (h = 0; h < all; h++)
		if (h != hartid) {
			long err = rt_start_hart(h, hart_main, (void *)h);

			if (err) {
				rt_printf("not ok hart_start(%lu) = %ld\n", h, err);
				failed++;
				/* it will not come to the barriers */
				__atomic_fetch_sub(&nharts, 1, __ATOMIC_ACQ_REL);
			} else
				started++;
		}
	hart_main((void *)hartid);
	while (__atomic_load_n(&done, __ATOMIC_ACQUIRE) < started)
		;
	for (r = 0; r < RUNS; r++)
		for (h = 0; h < all; h++) {
			if (!ran[h])
				continue;	/* a hart that did not start */
			if (r == TIMER_RUN && !sstc)
				continue;
			if (report(h, r))
				passed += r < PMU_RUNS;
			else
				failed++;
		}
	rt_printf("%lu passed, %lu failed\n", passed, failed);
	return failed != 0;
}
