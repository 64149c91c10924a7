/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sampler_storm - every hart calls the sampler (version 2) at once, for
 * 2 s: each in turn STATUS, STOP, START, CONFIGURE and, every fourth
 * round, RESET (most of them refused for the
 * run's state, which is the point: the calls cross each other's START and
 * STOP, whose per-hart steps go to every hart by IPI). A firmware whose
 * waits do not serve the IPIs of the interrupt controller in use (an
 * IMSIC: QEMU virt,aia=aplic-imsic) stops answering and the run hangs
 * until QEMU's timeout; one that answers gets its counts checked: every
 * hart answered calls, and a last STOP leaves the run stopped.
 *
 * Errors are not failures here except SBI_ERR_FAILED and NOT_SUPPORTED
 * (the extension is gone) and a TIMEOUT (a bounded wait ran out: a hart
 * did not answer a step for the firmware's whole bound).
 *
 * Needs 2 harts or more and the rvpmu sampler extension, version 2 (the
 * client of branch s2-cli).
 */
#include "client/rt.h"
#include "client/sampler.h"

#define MAX_HARTS	8
#define NR_BUFS		2
#define BUF_SIZE	(4 * 4096)
#define MS		(timebase / 1000)
#define SECONDS		2
#define MIN_CALLS	4	/* per hart in SECONDS: one round */

static char bufs[NR_BUFS][BUF_SIZE] __attribute__((aligned(4096)));
static struct rvpmu_sampler_config cfg;
static SAMPLER_STATUS_FOR(MAX_HARTS) st[MAX_HARTS];
static const uint64_t timebase = 10000000;	/* QEMU virt's */
static unsigned long nr_harts;
static volatile int go, finished;
static unsigned long calls[MAX_HARTS], bad[MAX_HARTS];
static long bad_err[MAX_HARTS];
static unsigned long slowest[5];	/* ticks: STATUS, STOP, START, CONFIGURE, RESET */
static const char *const fname[5] = { "STATUS", "STOP", "START", "CONFIGURE", "RESET" };

static void note(unsigned long me, long err, unsigned int f, uint64_t t0)
{
	/* ticks fit a word: 429 s at QEMU virt's 10 MHz */
	unsigned long t = (unsigned long)(rd_time() - t0);
	unsigned long old = __atomic_load_n(&slowest[f], __ATOMIC_RELAXED);

	while (t > old && !__atomic_compare_exchange_n(&slowest[f], &old, t, false,
							__ATOMIC_RELAXED, __ATOMIC_RELAXED))
		;
	calls[me]++;
	if (err == SBI_ERR_FAILED || err == SBI_ERR_NOT_SUPPORTED || err == SBI_ERR_TIMEOUT) {
		bad[me]++;
		bad_err[me] = err;
	}
}

static void storm(void *arg)
{
	unsigned long me = rt_hartid(), round = 0;
	uint64_t end;

	(void)arg;
	while (!__atomic_load_n(&go, __ATOMIC_ACQUIRE))
		;
	end = rd_time() + SECONDS * 1000 * MS;
	while (rd_time() < end) {
		uint64_t t0 = rd_time();

		note(me, sampler_status(&st[me].s, sizeof(st[me])).error, 0, t0);
		t0 = rd_time();
		note(me, sampler_stop().error, 1, t0);
		t0 = rd_time();
		note(me, sampler_start(&cfg).error, 2, t0);
		t0 = rd_time();
		note(me, sampler_configure_all(&cfg).error, 3, t0);
		if (++round % 4 == 0) {
			t0 = rd_time();
			note(me, sampler_reset().error, 4, t0);
		}
	}
	__atomic_fetch_add(&finished, 1, __ATOMIC_RELEASE);
}

static const uint32_t events[] = {
	SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_HW, SBI_PMU_HW_CPU_CYCLES),
	SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_HW, SBI_PMU_HW_INSTRUCTIONS),
	SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER),
	SBI_PMU_FW_EVENT(SBI_PMU_FW_IPI_SENT),
};

int main(unsigned long hartid, void *dtb)
{
	unsigned long h, i, total = 0, least = ~0ul, nbad = 0;
	uint64_t end;
	long err;

	(void)dtb;
	if (!sampler_present()) {
		rt_printf("sampler storm: this firmware has no rvpmu sampler extension\n");
		return 1;
	}
	nr_harts = rt_count_harts(MAX_HARTS);
	if (nr_harts < 2) {
		rt_printf("sampler storm: needs 2 harts or more\n");
		return 1;
	}
	sampler_cfg_init(&cfg);
	for (i = 0; i < sizeof(events) / sizeof(events[0]); i++)
		sampler_cfg_event(&cfg, events[i], 0);
	cfg.nr_pmu = 2;
	cfg.period_us = 1000;
	cfg.nr_sample = 1000000;	/* only STOP ends a run */
	cfg.flags = RVPMU_SAMPLER_F_RING;
	for (i = 0; i < NR_BUFS; i++)
		sampler_cfg_buffer(&cfg, bufs[i], BUF_SIZE);
	sampler_reset();	/* a previous kernel may have left a run */
	err = sampler_configure_all(&cfg).error;
	rt_check(!err, "the first CONFIGURE succeeds (%ld)", err);
	for (h = 0; h < nr_harts; h++)
		if (h != hartid)
			rt_start_hart(h, storm, 0);
	__atomic_store_n(&go, 1, __ATOMIC_RELEASE);
	storm(0);
	end = rd_time() + 5000 * MS;
	while (__atomic_load_n(&finished, __ATOMIC_ACQUIRE) < (int)nr_harts && rd_time() < end)
		;
	rt_check(finished == (int)nr_harts, "all %lu harts came out of %d s of calls (%d did)",
		 nr_harts, SECONDS, finished);
	for (h = 0; h < nr_harts; h++) {
		total += calls[h];
		nbad += bad[h];
		if (calls[h] < least)
			least = calls[h];
		if (bad[h])
			rt_printf("# hart %lu: %lu calls failed as the firmware's (last %ld)\n", h,
				  bad[h], bad_err[h]);
	}
	rt_printf("# %lu calls answered on %lu harts in %d s, the fewest on one hart %lu\n",
		  total, nr_harts, SECONDS, least);
	for (i = 0; i < 5; i++)
		rt_printf("# slowest %s: %llu us\n", fname[i],
			  (unsigned long long)((uint64_t)slowest[i] * 1000 / MS));
	rt_check(least >= MIN_CALLS, "every hart had %d calls answered or more (fewest %lu)",
		 MIN_CALLS, least);
	rt_check(!nbad, "no call failed with FAILED, NOT_SUPPORTED or TIMEOUT (%lu did)", nbad);
	err = sampler_stop().error;
	rt_check(!err || err == SBI_ERR_ALREADY_STOPPED, "a last STOP is answered (%ld)", err);
	err = sampler_status(&st[hartid].s, sizeof(st[hartid])).error;
	rt_check(!err && st[hartid].s.state != RVPMU_SAMPLER_RUNNING,
		 "the run is not running after it (%ld, state %u)", err,
		 (unsigned int)st[hartid].s.state);
	rt_shutdown(rt_check_report() != 0);
	return 1;
}
