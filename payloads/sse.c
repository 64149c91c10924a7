/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sse - counter overflow delivered as the SBI's LOCAL_PMU_OVERFLOW
 * supervisor software event (SSE, SBI 3.0), beside the overflow interrupt
 * (LCOFI) path, in one boot on one hart: cycles sampled with a period, as
 * `perf record -c` asks (add, start, overflow handled as Linux does: stop
 * all, scountovf, restart with SET_INIT_VALUE) and a context switch
 * (stop, start) every millisecond, four runs of 50 ms:
 *
 *   1. SSE, S-mode interrupts off the whole run: samples arrive, the
 *      handler entered with sstatus.SPIE 0 (it interrupted a region with
 *      interrupts off), the event RUNNING inside it;
 *   2. SSE, interrupts on;
 *   3. the event disabled: LCOFI is S-mode's again, samples through the
 *      interrupt, interrupts on, no handler entry;
 *   4. the interrupt path with interrupts off: no sample at all (what the
 *      event is for).
 *
 * Every handler entry checks its hartid (a6), that scountovf holds the
 * sampled counter's bit and no other, and that it counted one sample.
 * Without Sscofpmf the event must be NOT_SUPPORTED. Runs on any SBI 3.0
 * firmware with SSE; last line "N passed, N failed".
 */
#include "client/perf.h"
#include "client/rt.h"

#define PERIOD		100000
#define RUN_MS		50
#define TIMEBASE_MS	10000	/* QEMU virt: 10 MHz */
#define STACK		4096

#if __riscv_xlen == 64
#define RS "sd"
#define RL "ld"
#define RB "8"
#else
#define RS "sw"
#define RL "lw"
#define RB "4"
#endif

/* What the entry stub needs (a7 points here): where it keeps the
   interrupted sp, and its own stack's top. */
struct sse_ctx {
	unsigned long saved_sp, stack_top;
};

static struct pmu_machine m;
static struct pmu_cpu cpu;
static struct pmu_event ev;
static struct sse_ctx ctx;
static unsigned char stack[STACK] __attribute__((aligned(16)));
static volatile unsigned long sink;
static volatile unsigned long entries, bad_hart, bad_bits, bad_samples, spie_on, not_running;
static volatile unsigned long irqs, idle_entries;

/*
 * The handler's entry (ENTRY_PC): a6 = hartid, a7 = &ctx. Everything the
 * C call may change is saved on ctx's stack, then restored, and the event
 * completed with a6/a7 set for the call (the firmware gives the
 * interrupted a6/a7 back).
 */
__asm__(
	".text\n"
	".balign 4\n"
	".globl sse_entry\n"
	"sse_entry:\n"
	RS "	sp, 0(a7)\n"
	RL "	sp, " RB "(a7)\n"
	"addi	sp, sp, -18*" RB "\n"
	RS "	ra, 0*" RB "(sp)\n"
	RS "	t0, 1*" RB "(sp)\n"
	RS "	t1, 2*" RB "(sp)\n"
	RS "	t2, 3*" RB "(sp)\n"
	RS "	t3, 4*" RB "(sp)\n"
	RS "	t4, 5*" RB "(sp)\n"
	RS "	t5, 6*" RB "(sp)\n"
	RS "	t6, 7*" RB "(sp)\n"
	RS "	a0, 8*" RB "(sp)\n"
	RS "	a1, 9*" RB "(sp)\n"
	RS "	a2, 10*" RB "(sp)\n"
	RS "	a3, 11*" RB "(sp)\n"
	RS "	a4, 12*" RB "(sp)\n"
	RS "	a5, 13*" RB "(sp)\n"
	RS "	a7, 14*" RB "(sp)\n"
	"mv	a0, a7\n"
	"mv	a1, a6\n"
	"call	sse_handler\n"
	RL "	a7, 14*" RB "(sp)\n"
	RL "	ra, 0*" RB "(sp)\n"
	RL "	t0, 1*" RB "(sp)\n"
	RL "	t1, 2*" RB "(sp)\n"
	RL "	t2, 3*" RB "(sp)\n"
	RL "	t3, 4*" RB "(sp)\n"
	RL "	t4, 5*" RB "(sp)\n"
	RL "	t5, 6*" RB "(sp)\n"
	RL "	t6, 7*" RB "(sp)\n"
	RL "	a0, 8*" RB "(sp)\n"
	RL "	a1, 9*" RB "(sp)\n"
	RL "	a2, 10*" RB "(sp)\n"
	RL "	a3, 11*" RB "(sp)\n"
	RL "	a4, 12*" RB "(sp)\n"
	RL "	a5, 13*" RB "(sp)\n"
	RL "	sp, 0(a7)\n"
	"li	a7, 0x535345\n"		/* SBI_EXT_SSE */
	"li	a6, 6\n"		/* SBI_SSE_COMPLETE */
	"ecall\n");
void sse_entry(void);
void sse_handler(struct sse_ctx *c, unsigned long hartid);

static struct sbiret sse_call(unsigned long fid, unsigned long a0, unsigned long a1,
			      unsigned long a2, unsigned long a3, unsigned long a4)
{
	return sbi_call(SBI_EXT_SSE, fid, a0, a1, a2, a3, a4, 0);
}

static unsigned long event_state(void)
{
	unsigned long status = ~0ul;
	struct sbiret r = sse_call(SBI_SSE_READ_ATTRS, SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW,
				   SBI_SSE_ATTR_STATUS, 1, (unsigned long)&status, 0);

	return r.error ? ~0ul : status & 3;
}

void sse_handler(struct sse_ctx *c, unsigned long hartid)
{
	unsigned long ovf, sstatus, want, before = ev.samples;
	unsigned int csr = (unsigned int)SBI_PMU_CTR_INFO_CSR(m.info[ev.ctr]) - CSR_CYCLE;

	(void)c;
	__asm__ volatile("csrr %0, sstatus" : "=r"(sstatus));
	__asm__ volatile("csrr %0, %1" : "=r"(ovf) : "i"(CSR_SCOUNTOVF));
	if (sstatus & 0x20)
		spie_on++;
	if (hartid != rt_hartid())
		bad_hart++;
	if (event_state() != SBI_SSE_STATE_RUNNING)
		not_running++;
	/* the sampled counter's bit (stopped counters keep OF set too) */
	want = 1ul << csr;
	if (!(ovf & want))
		bad_bits++;
	/* an overflow raised just as the counter was stopped (a switch, the
	   run's end) is taken once it is: nothing to sample then; the event
	   preempts S-mode anywhere, the client's own stop/start included */
	if (!ev.running) {
		idle_entries++;
		return;
	}
	entries++;
	pmu_overflow(&cpu);
	if (ev.samples != before + 1)
		bad_samples++;
}

static void on_lcofi(unsigned long irq)
{
	(void)irq;
	irqs++;
	pmu_overflow(&cpu);
}

/* One 50 ms run of sampled cycles; its samples. */
static unsigned long run(bool irqs_on)
{
	static const struct pmu_attr a = { PMU_TYPE_HW, SBI_PMU_HW_CPU_CYCLES, false, false,
					   PERIOD };
	unsigned long samples;
	uint64_t end, sw;

	if (pmu_event_init(&ev, &a) || pmu_event_add(&cpu, &ev) < 0)
		return 0;
	pmu_event_start(&cpu, &ev);
	end = rd_time() + RUN_MS * TIMEBASE_MS;
	sw = rd_time() + TIMEBASE_MS;
	rt_irq_enable(irqs_on);
	while (rd_time() < end) {
		unsigned long i, x = 1;

		for (i = 0; i < 1000; i++)
			x = x * 6364136223846793005ul + 1442695040888963407ul;
		sink += x;
		/* a context switch every millisecond (SBI calls, no interrupt):
		   it re-arms QEMU's one overflow timer, which an overflow
		   landing while the counter was stopped leaves idle
		   (docs/perf-on-qemu.md) */
		if (rd_time() >= sw) {
			pmu_event_stop(&cpu, &ev);
			pmu_event_start(&cpu, &ev);
			pmu_tick(&cpu);
			sw += TIMEBASE_MS;
		}
	}
	rt_irq_enable(false);
	pmu_event_stop(&cpu, &ev);
	samples = ev.samples;
	pmu_event_del(&cpu, &ev);
	return samples;
}

int main(unsigned long hartid, void *dtb)
{
	unsigned long s1, s2, s3, s4, e1, e2, sp1;
	struct sbiret r;

	(void)hartid;
	(void)dtb;
	r = SBI_CALL1(SBI_EXT_BASE, SBI_BASE_PROBE_EXT, SBI_EXT_SSE);
	rt_check(!r.error && r.value, "sse: the SSE extension is offered");
	if (r.error || !r.value || pmu_machine_init(&m))
		return rt_check_report();
	r = sse_call(SBI_SSE_READ_ATTRS, SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW, SBI_SSE_ATTR_STATUS, 1,
		     (unsigned long)&s1, 0);
	if (!rt_has_sscofpmf()) {
		rt_check(r.error == SBI_ERR_NOT_SUPPORTED,
			 "sse: no Sscofpmf: LOCAL_PMU_OVERFLOW NOT_SUPPORTED (%ld)", r.error);
		return rt_check_report();
	}
	rt_check(!r.error && (s1 & 3) == SBI_SSE_STATE_UNUSED,
		 "sse: LOCAL_PMU_OVERFLOW offered, UNUSED (%ld, status 0x%lx)", r.error, s1);
	pmu_cpu_init(&cpu, &m);
	cpu.max_overflows_per_tick = ~0ul;
	/* no overflow left over from before (the firmware's boot probes) */
	rt_csr_clear(sip, 1ul << 13);
	ctx.stack_top = (unsigned long)(stack + STACK);
	r = sse_call(SBI_SSE_REGISTER, SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW,
		     (unsigned long)sse_entry, (unsigned long)&ctx, 0, 0);
	rt_check(!r.error, "sse: register the overflow handler (%ld)", r.error);
	r = sse_call(SBI_SSE_ENABLE, SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW, 0, 0, 0, 0);
	rt_check(!r.error && event_state() == SBI_SSE_STATE_ENABLED,
		 "sse: enable it (%ld): ENABLED", r.error);
	r = sse_call(SBI_SSE_HART_UNMASK, 0, 0, 0, 0, 0);
	rt_check(!r.error, "sse: unmask events on this hart (%ld)", r.error);

	/* a throwaway run first: QEMU 7.2 may give the first sampling run
	   after counting (the firmware's boot probes) no overflow at all
	   (docs/perf-on-qemu.md) */
	run(true);
	entries = spie_on = bad_hart = bad_bits = bad_samples = not_running = 0;
	/* 1: SSE, interrupts off throughout */
	s1 = run(false);
	e1 = entries;
	sp1 = spie_on;
	rt_check(s1 > 0 && e1 == s1,
		 "sse: interrupts off 50 ms: %lu samples, all through the event (%lu entries)",
		 s1, e1);
	rt_check(sp1 == 0, "sse: every entry interrupted a region with interrupts off "
		 "(%lu saw SPIE 1)", sp1);
	/* 2: SSE, interrupts on */
	s2 = run(true);
	e2 = entries - e1;
	rt_check(s2 > 0 && e2 == s2 && irqs == 0,
		 "sse: interrupts on: %lu samples, %lu entries, %lu LCOFI taken", s2, e2, irqs);
	rt_check(!bad_hart && !bad_bits && !bad_samples && !not_running,
		 "sse: every entry: hartid in a6 (%lu bad), scountovf has the sampled counter "
		 "(%lu bad), one sample each (%lu bad), the event RUNNING (%lu not)",
		 bad_hart, bad_bits, bad_samples, not_running);

	/* 3, 4: the event disabled, LCOFI S-mode's again */
	r = sse_call(SBI_SSE_DISABLE, SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW, 0, 0, 0, 0);
	rt_check(!r.error && event_state() == SBI_SSE_STATE_REGISTERED,
		 "sse: disable it (%ld): REGISTERED", r.error);
	rt_set_irq(13, on_lcofi);
	rt_csr_clear(sip, 1ul << 13);
	rt_csr_set(sie, 1ul << 13);
	e1 = entries;
	s3 = run(true);
	/* samples through the interrupt alone (an overflow landing on a
	   switch's stopped counter is an interrupt without a sample) */
	rt_check(s3 > 0 && irqs >= s3 && entries == e1,
		 "sse: interrupt path, interrupts on: %lu samples, %lu LCOFI, %lu entries",
		 s3, irqs, entries - e1);
	s4 = run(false);
	rt_check(s4 == 0, "sse: interrupt path, interrupts off: %lu samples (none can come)", s4);
	rt_csr_clear(sie, 1ul << 13);
	rt_csr_clear(sip, 1ul << 13);
	rt_printf("# samples in 50 ms: SSE irqs off %lu, SSE irqs on %lu, LCOFI irqs on %lu, "
		  "LCOFI irqs off %lu; %lu entries on a stopped counter\n", s1, s2, s3, s4, idle_entries);
	r = sse_call(SBI_SSE_UNREGISTER, SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW, 0, 0, 0, 0);
	rt_check(!r.error && event_state() == SBI_SSE_STATE_UNUSED,
		 "sse: unregister (%ld): UNUSED", r.error);
	return rt_check_report();
}
