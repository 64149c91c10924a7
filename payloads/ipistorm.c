/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ipistorm - S-mode IPIs from every hart to every hart, each delivered
 * exactly once, while every hart also takes overflow interrupts (a cycles
 * sampling counter, LCOFI), timer ticks (SBI set_timer every 100 us) and
 * remote fences (the firmware's mailboxes, M-mode waiting for the other
 * harts) - what Linux asks of the firmware under `perf record -a` on a
 * busy machine. Meant to run under -icount, where a lost IPI does not hide
 * behind host timing.
 *
 * Rounds: in round r hart i calls hart (i + r) mod N, itself when r is a
 * multiple of N, the way Linux's cross-CPU calls go: it posts a message
 * (a count per sender and target), sends the IPI and waits, interrupts
 * on, for the target to consume it; on rounds r % 3 == 1 it sends a remote
 * fence.i to every hart between the two, so its own IPI may arrive while
 * it waits in M-mode for the fence. The target's SSI handler clears SSIP,
 * then consumes every message waiting for it. Each round calls every hart
 * exactly once, so each IPI stands alone: a lost one is a call that never
 * completes (no other IPI to that target comes along to pick its message
 * up) until the harts meet at the round's barrier.
 *
 * Checks: every call completes within 2 ms (none lost); every message is
 * consumed exactly once and each hart took exactly one SSI per message
 * sent to it (no IPI lost, merged or delivered twice); where the firmware
 * counts them (PMU firmware events), the IPIs received on each hart are
 * the IPIs sent to it; every hart took LCOFIs and timer ticks meanwhile.
 * Runs on any SBI firmware with IPI, RFENCE, HSM and a PMU that samples
 * cycles (Sscofpmf); last line "N passed, N failed".
 */
#include "client/perf.h"
#include "client/rt.h"

#define MAX_HARTS	8
#define ROUNDS		1200
#define PERIOD		40000		/* cycles between overflows */
#define TICK		1000		/* timer ticks every 100 us (10 MHz) */
#define CALL_WAIT	20000		/* 2 ms for a call, in time ticks */

struct hart_stats {
	unsigned long calls_late, ssi, empty_ssi, ticks, lcofis, fences_failed;
	uint64_t worst_wait;		/* time ticks, longest completed call */
	long ev_err;			/* sampling event: add's error */
	/* the firmware's counts of IPIs sent and received, ~0ul: none */
	unsigned long fw_sent, fw_received;
};

static unsigned long nharts;
/* posted[s][t]: messages s sent t; taken[s][t]: those t consumed */
static volatile unsigned long posted[MAX_HARTS][MAX_HARTS], taken[MAX_HARTS][MAX_HARTS];
static struct hart_stats st[MAX_HARTS];
static struct pmu_machine m;
static struct pmu_cpu cpus[MAX_HARTS];
static volatile unsigned long arrived[ROUNDS + 1], finished;
static volatile bool ran[MAX_HARTS];

/* An SSI: everything posted to this hart, consumed once. SSIP is cleared
   first, as Linux's handler does, so an IPI sent meanwhile raises it again. */
static void on_ssi(unsigned long irq)
{
	unsigned long me = rt_hartid(), s, n, got = 0;

	(void)irq;
	rt_csr_clear(sip, 1ul << 1);
	for (s = 0; s < nharts; s++) {
		n = __atomic_load_n(&posted[s][me], __ATOMIC_ACQUIRE) - taken[s][me];
		if (n) {
			__atomic_store_n(&taken[s][me], taken[s][me] + n, __ATOMIC_RELEASE);
			got += n;
		}
	}
	st[me].ssi++;
	st[me].empty_ssi += !got;
}

static void on_sti(unsigned long irq)
{
	(void)irq;
	st[rt_hartid()].ticks++;
	sbi_set_timer(rd_time() + TICK);
}

static void on_lcofi(unsigned long irq)
{
	(void)irq;
	st[rt_hartid()].lcofis++;
	pmu_overflow(&cpus[rt_hartid()]);
}

/*
 * Waits sleep (wfi: the tick wakes them within 100 us) rather than spin.
 * Under -icount QEMU 7.2 runs the harts in turn on one thread, each until
 * the next timer deadline; the hart after one that spins up to a deadline
 * finds that timer due and gets no time at all, every turn, for as long
 * as the spinning lasts: spinning here would test QEMU's scheduler, not
 * the firmware. Linux idles in wfi the same way.
 */
static void sleep_until(volatile unsigned long *v, unsigned long want)
{
	while (__atomic_load_n(v, __ATOMIC_ACQUIRE) < want)
		__asm__ volatile("wfi");
}

/* Everyone at barrier b, interrupts on: the handlers keep running. */
static void barrier(unsigned int b)
{
	__atomic_fetch_add(&arrived[b], 1, __ATOMIC_ACQ_REL);
	sleep_until(&arrived[b], nharts);
}

/* A cross-hart call: post, IPI, wait for the target to consume it. */
static void call(unsigned long me, unsigned long t, bool fence)
{
	unsigned long want = posted[me][t] + 1;
	uint64_t t0 = rd_time(), waited;

	__atomic_store_n(&posted[me][t], want, __ATOMIC_RELEASE);
	sbi_send_ipi(1ul << t, 0);
	if (fence && sbi_rfence(SBI_RFENCE_FENCE_I, 0, ~0ul, 0, 0, 0).error)
		st[me].fences_failed++;
	while (__atomic_load_n(&taken[me][t], __ATOMIC_ACQUIRE) != want) {
		if (rd_time() - t0 > CALL_WAIT) {
			st[me].calls_late++;
			return;
		}
		__asm__ volatile("wfi");
	}
	waited = rd_time() - t0;
	if (waited > st[me].worst_wait)
		st[me].worst_wait = waited;
}

/* A firmware counter of this hart counting `code` from now, or -1. */
static long fw_counter(unsigned long code)
{
	unsigned long base = (unsigned long)__builtin_ctzll(m.fw);
	struct sbiret r = sbi_pmu_config(base, (unsigned long)(m.fw >> base),
					 SBI_PMU_CFG_FLAG_AUTO_START | SBI_PMU_CFG_FLAG_CLEAR_VALUE,
					 SBI_PMU_FW_EVENT(code), 0);

	return m.fw && !r.error ? (long)r.value : -1;
}

static unsigned long fw_value(long ctr)
{
	return ctr < 0 ? ~0ul : sbi_pmu_fw_read((unsigned long)ctr).value;
}

static void hart_main(void *arg)
{
	unsigned long me = (unsigned long)arg;
	struct pmu_attr a = { PMU_TYPE_HW, SBI_PMU_HW_CPU_CYCLES, false, false, PERIOD };
	long sent = fw_counter(SBI_PMU_FW_IPI_SENT), received = fw_counter(SBI_PMU_FW_IPI_RECEIVED);
	struct pmu_event ev;
	unsigned int r;

	ran[me] = true;
	pmu_cpu_init(&cpus[me], &m);
	cpus[me].max_overflows_per_tick = ~0ul;
	st[me].ev_err = pmu_event_init(&ev, &a);
	if (!st[me].ev_err)
		st[me].ev_err = pmu_event_add(&cpus[me], &ev) < 0 ? -1 : 0;
	rt_csr_clear(sip, (1ul << 1) | (1ul << 13));
	rt_csr_set(sie, (1ul << 1) | (1ul << 5) | (1ul << 13));
	sbi_set_timer(rd_time() + TICK);
	if (!st[me].ev_err)
		pmu_event_start(&cpus[me], &ev);
	rt_irq_enable(true);
	barrier(0);
	for (r = 0; r < ROUNDS; r++) {
		call(me, (me + r) % nharts, r % 3 == 1);
		barrier(r + 1);
	}
	rt_irq_enable(false);
	if (!st[me].ev_err) {
		pmu_event_stop(&cpus[me], &ev);
		pmu_event_del(&cpus[me], &ev);
	}
	sbi_set_timer(~0ull);
	rt_csr_clear(sie, (1ul << 5) | (1ul << 13));
	/* every IPI is sent (each round's calls complete before its barrier) */
	st[me].fw_sent = fw_value(sent);
	st[me].fw_received = fw_value(received);
	__atomic_fetch_add(&finished, 1, __ATOMIC_RELEASE);
}

int main(unsigned long hartid, void *dtb)
{
	unsigned long h, s, late = 0, empty = 0, bad_count = 0, bad_ssi = 0, no_bg = 0;
	unsigned long fw_bad = 0, fw_seen = 0, fences = 0, started;
	uint64_t worst = 0;

	(void)dtb;
	nharts = rt_count_harts(MAX_HARTS);
	if (pmu_machine_init(&m) || hartid >= nharts || nharts < 2) {
		rt_printf("ipistorm: needs 2..%d harts with ids from 0 and the SBI PMU\n"
			  "0 passed, 1 failed\n", MAX_HARTS);
		return 1;
	}
	rt_set_irq(1, on_ssi);
	rt_set_irq(5, on_sti);
	rt_set_irq(13, on_lcofi);
	rt_printf("# ipistorm: %lu harts, %u rounds, cycles period %u, tick %u us\n", nharts,
		  ROUNDS, PERIOD, TICK / 10);
	started = rt_start_others(nharts, hart_main);
	rt_check(started == nharts, "every hart started (%lu of %lu)", started, nharts);
	if (started != nharts)
		return rt_check_report();
	hart_main((void *)hartid);
	/* the tick is off by now: nap on each check */
	while (__atomic_load_n(&finished, __ATOMIC_ACQUIRE) < nharts) {
		sbi_set_timer(rd_time() + TICK);
		rt_csr_set(sie, 1ul << 5);
		__asm__ volatile("wfi");
		rt_csr_clear(sie, 1ul << 5);
	}
	sbi_set_timer(~0ull);
	for (h = 0; h < nharts; h++) {
		unsigned long in = 0;

		late += st[h].calls_late;
		fences += st[h].fences_failed;
		if (st[h].worst_wait > worst)
			worst = st[h].worst_wait;
		for (s = 0; s < nharts; s++) {
			in += posted[s][h];
			bad_count += posted[s][h] != ROUNDS / nharts + (ROUNDS % nharts > (h - s + nharts) % nharts) ||
				     taken[s][h] != posted[s][h];
		}
		bad_ssi += st[h].ssi != in;
		empty += st[h].empty_ssi;
		no_bg += !st[h].ticks || st[h].ev_err || !st[h].lcofis;
		if (st[h].fw_sent != ~0ul && st[h].fw_received != ~0ul) {
			fw_seen++;
			fw_bad += st[h].fw_sent != ROUNDS || st[h].fw_received != in;
		}
		rt_printf("# hart %lu: %lu SSIs (%lu empty) for %lu messages, %lu ticks, %lu LCOFIs, "
			  "IPIs sent/received by the firmware's count %ld/%ld, longest call %llu us\n",
			  h, st[h].ssi, st[h].empty_ssi, in, st[h].ticks, st[h].lcofis,
			  (long)st[h].fw_sent, (long)st[h].fw_received,
			  (unsigned long long)st[h].worst_wait / 10);
	}
	rt_check(!late, "every call's IPI reached its target within 2 ms (%lu did not; "
		 "longest %llu us)", late, (unsigned long long)worst / 10);
	rt_check(!bad_count, "every message consumed exactly once (%lu sender/target pairs off)",
		 bad_count);
	rt_check(!bad_ssi && !empty, "one SSI per IPI on every hart: none lost, none twice "
		 "(%lu harts off, %lu empty SSIs)", bad_ssi, empty);
	if (fw_seen)
		rt_check(!fw_bad, "the firmware counted each hart's IPIs sent and received as sent "
			 "(%lu of %lu harts off)", fw_bad, fw_seen);
	rt_check(!fences, "remote fences meanwhile (%lu failed)", fences);
	rt_check(!no_bg, "every hart took timer ticks and LCOFIs meanwhile (%lu did not)", no_bg);
	return rt_check_report();
}
