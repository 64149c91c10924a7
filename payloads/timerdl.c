/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * timerdl - S-mode's timer fires at the deadline S-mode asked for: not
 * before it, and not later than the trap that delivers it takes. Every
 * hart asks SBI set_timer for ROUNDS deadlines, 2 us to 2 ms ahead, and
 * sleeps (wfi) until its STI handler reads the time. Without Sstc the
 * firmware serves the deadline through mtimecmp, which it shares with the
 * offloaded sampler's switches (firmware/timer.c): the same again while
 * the sampler runs on every hart every 100 us (where the firmware has
 * it). Under -icount shift=0 time is QEMU's virtual clock: a deadline
 * served late (a wfi woken after it, a shared comparator holding another
 * client's later value) shows as virtual time and as boot time in Linux
 * (make linux-bench), so the bound is tight: LATE_TICKS of the 10 MHz
 * time base. Meant for -icount shift=0,sleep=off (with sleep=on an idle
 * wait takes host time, host latency included); last line
 * "N passed, N failed".
 */
#include "client/rt.h"
#include "client/sampler.h"

#define MAX_HARTS	8
#define ROUNDS		200
/* 5 us: the trap that delivers it, and, with the sampler, the other
   harts' switches at the same instant, which QEMU runs one after the other
   on its one thread (rv32, 4 harts: up to 1.5 us). A deadline the firmware
   misses is served at the next switch at best: 100 us. */
#define LATE_TICKS	50
#define NR_BUFS		4
#define BUF_SIZE	(64 * 1024)

struct hart_result {
	unsigned long fired, early;
	uint64_t worst;			/* ticks past the deadline */
};

static unsigned long nharts;
static volatile uint64_t due[MAX_HARTS], got[MAX_HARTS];
static struct hart_result res[2][MAX_HARTS];	/* [sampler on][hart] */
static volatile unsigned long arrived[3];
static char bufs[NR_BUFS][BUF_SIZE] __attribute__((aligned(4096)));
static struct rvpmu_sampler_config cfg;
static SAMPLER_STATUS_FOR(MAX_HARTS) st;

static void on_sti(unsigned long irq)
{
	unsigned long me = rt_hartid();

	(void)irq;
	got[me] = rd_time();
	sbi_set_timer(~0ull);
}

/* Everyone here, asleep meanwhile (a spinning hart under -icount would
   keep the next one in QEMU's round robin from running). */
static void barrier(unsigned int b)
{
	__atomic_fetch_add(&arrived[b], 1, __ATOMIC_ACQ_REL);
	while (__atomic_load_n(&arrived[b], __ATOMIC_ACQUIRE) < nharts) {
		sbi_set_timer(rd_time() + 100);
		rt_wfi_irqs();
	}
}

/* The deadlines of one phase on this hart; offsets spread 2 us to 2 ms
   by a small LCG, different on each hart. */
static void phase(unsigned long me, struct hart_result *r)
{
	uint64_t x = me * 7919 + 1;
	unsigned int i;

	for (i = 0; i < ROUNDS; i++) {
		uint64_t off;

		x = x * 6364136223846793005ull + 1442695040888963407ull;
		off = 20 + (x >> 33) % (i % 4 ? 2000 : 20000);
		got[me] = 0;
		due[me] = rd_time() + off;
		sbi_set_timer(due[me]);
		while (!got[me])
			rt_wfi_irqs();
		r->fired++;
		if (got[me] < due[me])
			r->early++;
		else if (got[me] - due[me] > r->worst)
			r->worst = got[me] - due[me];
	}
}

static void hart_main(void *arg)
{
	unsigned long me = (unsigned long)arg;

	rt_csr_set(sie, 1ul << 5);
	phase(me, &res[0][me]);
	barrier(0);
	barrier(1);		/* the boot hart starts the sampler between */
	phase(me, &res[1][me]);
	barrier(2);
	rt_csr_clear(sie, 1ul << 5);
	sbi_set_timer(~0ull);
}

/* Cycles and instructions every 100 us on every hart; 0 or the error. */
static long sampler_on(void)
{
	unsigned int b;
	long err;

	/* longer than the phase: STOP ends it */
	sampler_cfg_cycles_instret(&cfg, 100, 100000);
	for (b = 0; b < NR_BUFS; b++)
		sampler_cfg_buffer(&cfg, bufs[b], BUF_SIZE);
	err = sampler_configure_all(&cfg).error;
	return err ? err : sampler_start(&cfg).error;
}

static void report(const char *what, unsigned int s, const char *extra)
{
	unsigned long h, fired = 0, early = 0;
	uint64_t worst = 0;

	for (h = 0; h < nharts; h++) {
		fired += res[s][h].fired;
		early += res[s][h].early;
		if (res[s][h].worst > worst)
			worst = res[s][h].worst;
	}
	rt_check(fired == nharts * ROUNDS && !early && worst <= LATE_TICKS,
		 "%s%s: %lu of %lu deadlines fired, %lu early, the latest %llu ticks after its "
		 "deadline (bound %d)", what, extra, fired, nharts * ROUNDS, early,
		 (unsigned long long)worst, LATE_TICKS);
}

int main(unsigned long hartid, void *dtb)
{
	unsigned long started;
	bool sampler = sampler_present();
	long err = SBI_ERR_NOT_SUPPORTED;

	(void)dtb;
	if (sampler)
		sampler_reset();	/* a previous kernel may have left a run */
	nharts = rt_count_harts(MAX_HARTS);
	if (hartid >= nharts) {
		rt_printf("timerdl: boot hart %lu beyond %lu harts\n0 passed, 1 failed\n", hartid,
			  nharts);
		return 1;
	}
	rt_set_irq(5, on_sti);
	started = rt_start_others(nharts, hart_main);
	rt_check(started == nharts, "every hart started (%lu of %lu)", started, nharts);
	if (started != nharts)
		return rt_check_report();
	/* the boot hart's own phases, with the sampler started between */
	rt_csr_set(sie, 1ul << 5);
	phase(hartid, &res[0][hartid]);
	barrier(0);
	if (sampler)
		err = sampler_on();
	barrier(1);
	phase(hartid, &res[1][hartid]);
	barrier(2);
	report("S-mode's timer", 0, "");
	if (sampler) {
		rt_check(!err, "the sampler runs on every hart, every 100 us (error %ld)", err);
		sampler_status(&st.s, sizeof(st));
		rt_check(st.s.state == RVPMU_SAMPLER_RUNNING && st.s.samples > 0,
			 "the sampler ran through the second phase (state %u, %llu samples)",
			 (unsigned int)st.s.state, (unsigned long long)st.s.samples);
		sampler_stop();
		report("S-mode's timer", 1, " while the sampler switches every 100 us");
	}
	return rt_check_report();
}
