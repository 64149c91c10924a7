/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sampler_hsm - the sampler's harts leaving by HSM hart_stop in the middle
 * of a run, the way Linux takes its PMU's lead CPU offline: the sampler
 * runs (ring mode) on every hart; the boot hart (the victim) works a
 * little and calls hart_stop, while a driver hart keeps calling STATUS and
 * BUFFER_RELEASE as fast as it can (the other harts call STATUS too), then
 * STOP; the driver starts the victim
 * again, and the round repeats. Half the rounds STOP as the victim leaves
 * (STOP's per-hart steps and the victim's leaving race), half only once
 * HSM reports it stopped. The other harts work and take their ticks
 * throughout.
 *
 * A firmware that faults ends the run by halting (QEMU exits with a
 * failure) or hangs; otherwise each round is checked: the run ends DONE
 * for the stop, the victim is marked as having left, the harts that stayed
 * are not, and the victim comes back through HSM.
 *
 * Needs our firmware (it refuses, with one line, on another) and 3 harts
 * or more.
 */
#include "client/rt.h"
#include "client/sampler.h"

#define MAX_HARTS	8
#define ROUNDS		50
#define NR_BUFS		4
#define BUF_SIZE	(16 * 4096)
#define MS		(timebase / 1000)

static char bufs[NR_BUFS][BUF_SIZE] __attribute__((aligned(4096)));
static struct rvpmu_sampler_config cfg;
static SAMPLER_STATUS_FOR(MAX_HARTS) st;
static unsigned long nr_harts, victim, driver_hart;
static const uint64_t timebase = 10000000;	/* QEMU virt's */
/* the round the victim is to leave in (set by the driver), the round it
   is leaving in (set by the victim), and the workers' end */
static volatile int go, leaving, done, started;
static uint64_t longest_restart;	/* ticks from hart_start to STARTED */

/* This hart's subsamples in the run, from STATUS (0 if not in it). */
static uint64_t my_subsamples(void)
{
	static SAMPLER_STATUS_FOR(MAX_HARTS) mine[MAX_HARTS];
	unsigned long me = rt_hartid();

	return sampler_my_subsamples(&mine[me].s, sizeof(mine[me]));
}

/* The victim: wait for the round and for its first subsamples (so that it
   leaves a run it is part of), work a little longer (it varies, so the
   leave lands in different places of the subsample), leave. */
static void victim_fn(void *arg)
{
	uint64_t end;
	int round;

	(void)arg;
	while (!(round = __atomic_load_n(&go, __ATOMIC_ACQUIRE)))
		;
	__atomic_store_n(&go, 0, __ATOMIC_RELAXED);
	end = rd_time() + 1000 * MS;
	while (my_subsamples() < 1 + (unsigned int)round % 3 && rd_time() < end)
		rt_spin(MS / 10);
	rt_spin((uint64_t)(round % 7) * MS / 8);
	__atomic_store_n(&leaving, round, __ATOMIC_RELEASE);
	sbi_hart_stop();
	for (;;)
		;	/* hart_stop does not come back */
}

/* The others work and ask for the status too: more callers reading
   every hart's sampler state while the victim leaves. */
static void worker(void *arg)
{
	(void)arg;
	__atomic_fetch_add(&started, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&done, __ATOMIC_ACQUIRE)) {
		rt_spin(MS / 20);
		my_subsamples();
	}
}

/* STATUS, then every closed buffer back to the firmware, as Linux's
   module does from its poll; returns STATUS's error. */
static long poll_once(void)
{
	long err = sampler_status(&st.s, sizeof(st)).error;

	for (unsigned int i = 0; i < NR_BUFS; i++)
		if (sampler_buffer_state(bufs[i]) == RVPMU_SAMPLER_BUF_FULL)
			sampler_buffer_release(&cfg, i);
	return err;
}

static const struct rvpmu_sampler_hart_status *hart_status(unsigned long hartid)
{
	for (uint32_t i = 0; i < st.s.nr_harts && i < MAX_HARTS; i++)
		if (st.h[i].hartid == hartid)
			return &st.h[i];
	return 0;
}

/* One round; returns what went wrong, 0 if nothing. */
static const char *round_trip(int round)
{
	bool stop_early = round & 1;
	const struct rvpmu_sampler_hart_status *hs;
	uint64_t end, t;
	long err;

	err = sampler_start(&cfg).error;
	if (err)
		return "START failed";
	__atomic_store_n(&go, round, __ATOMIC_RELEASE);
	/* poll hard while the victim works and leaves */
	end = rd_time() + 1000 * MS;
	while (__atomic_load_n(&leaving, __ATOMIC_ACQUIRE) != round)
		if (poll_once() || rd_time() > end)
			return "STATUS failed, or the victim never left";
	if (!stop_early) {
		while (sbi_hart_status(victim).value != SBI_HSM_STOPPED)
			if (poll_once() || rd_time() > end)
				return "STATUS failed, or the victim never stopped";
		for (int i = 0; i < 20; i++)
			if (poll_once())
				return "STATUS failed after the victim stopped";
	}
	err = sampler_stop().error;
	if (err && err != SBI_ERR_ALREADY_STOPPED)
		return "STOP failed";
	do {
		if (poll_once() || rd_time() > end)
			return "STATUS failed, or the run did not end after STOP";
	} while (st.s.state == RVPMU_SAMPLER_RUNNING);
	if (st.s.state != RVPMU_SAMPLER_DONE)
		return "the run did not end DONE";
	hs = hart_status(victim);
	if (st.s.stop_reason != RVPMU_SAMPLER_STOP_REQUESTED)
		return "the run did not end for the STOP";
	if (!hs || !(hs->flags & RVPMU_SAMPLER_HART_STOPPED) || !hs->subsamples)
		return "the victim is not marked as having left, or never sampled";
	hs = hart_status(driver_hart);
	if (!hs || (hs->flags & RVPMU_SAMPLER_HART_STOPPED))
		return "the driver's hart is marked as having left";
	if (!rt_wait_hart_status(victim, SBI_HSM_STOPPED, 100 * MS))
		return "the victim did not stop";
	t = rd_time();
	if (rt_start_hart(victim, victim_fn, 0))
		return "the victim could not be started again";
	/* generous: on a loaded host a vCPU can wait long for its thread */
	if (!rt_wait_hart_status(victim, SBI_HSM_STARTED, 1000 * MS))
		return "the victim did not come back";
	if (rd_time() - t > longest_restart)
		longest_restart = rd_time() - t;
	return 0;
}

static void driver(void *arg)
{
	const char *why = 0;
	int round;

	(void)arg;
	for (round = 1; round <= ROUNDS && !why; round++)
		why = round_trip(round);
	rt_check(!why, "%d rounds of the victim (hart %lu) leaving mid-run, the driver "
		 "(hart %lu) polling STATUS/BUFFER_RELEASE and STOPping%s%s", round - 1,
		 victim, driver_hart, why ? ": " : "", why ? why : "");
	rt_printf("# the victim's slowest restart: %llu us\n",
		  (unsigned long long)(longest_restart * 1000 / MS));
	__atomic_store_n(&done, 1, __ATOMIC_RELEASE);
	rt_shutdown(rt_check_report() != 0);
}

static const uint32_t events[] = {
	SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_HW, SBI_PMU_HW_CPU_CYCLES),
	SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_HW, SBI_PMU_HW_INSTRUCTIONS),
	SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER),
	SBI_PMU_FW_EVENT(SBI_PMU_FW_IPI_SENT),
	SBI_PMU_FW_EVENT(SBI_PMU_FW_IPI_RECEIVED),
	SBI_PMU_FW_EVENT(256),	/* rvpmu's own: SBI calls handled on the hart */
};

int main(unsigned long hartid, void *dtb)
{
	unsigned long h, i;
	long err;

	(void)dtb;
	if (!sampler_present()) {
		rt_printf("sampler hsm: this firmware has no rvpmu sampler extension (version 2)\n");
		return 1;
	}
	sampler_reset();	/* a previous kernel may have left a run */
	nr_harts = rt_count_harts(MAX_HARTS);
	if (nr_harts < 3) {
		rt_printf("sampler hsm: needs 3 harts or more\n");
		return 1;
	}
	victim = hartid;
	driver_hart = rt_other_hart(hartid, 0);
	sampler_cfg_init(&cfg);
	for (i = 0; i < sizeof(events) / sizeof(events[0]); i++)
		sampler_cfg_event(&cfg, events[i], 0);
	cfg.nr_pmu = 2;
	cfg.period_us = 500;
	cfg.nr_sample = 1000000;	/* only STOP ends a run */
	cfg.flags = RVPMU_SAMPLER_F_RING;
	for (i = 0; i < NR_BUFS; i++)
		sampler_cfg_buffer(&cfg, bufs[i], BUF_SIZE);
	err = sampler_configure_all(&cfg).error;
	if (err) {
		rt_printf("sampler hsm: configure failed (%ld)\n", err);
		return 1;
	}
	for (h = 0; h < nr_harts; h++)
		if (h != hartid && h != driver_hart)
			rt_start_hart(h, worker, 0);
	while (__atomic_load_n(&started, __ATOMIC_ACQUIRE) < (int)nr_harts - 2)
		;
	rt_start_hart(driver_hart, driver, 0);
	victim_fn(0);	/* the driver ends the machine */
	return 1;
}
