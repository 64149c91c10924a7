/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sampler_suspend - harts of a sampler run suspending (version 2,
 * docs/sbi-sampler.md): a retentive suspend PAUSES the hart (STATUS flags
 * it PAUSED meanwhile; the subsamples it sleeps through are counted in
 * its `paused` and not written) and it REJOINS the run when it wakes (it
 * writes counted windows again, ends the run with no flag); a
 * non-retentive suspend makes the hart LEAVE (flag SUSPENDED, nothing
 * counted after, even once it has come back through its resume address).
 *
 * 4 harts sample cycles and instructions every 2 ms. Hart 2 sleeps
 * in a retentive suspend after its 4th subsample until the boot hart has
 * seen it PAUSED and 6 periods more have passed (an IPI wakes it);
 * hart 3 suspends non-retentively after its 8th and comes back 3 periods
 * later; hart 1 works throughout; the boot hart watches STATUS. The run's
 * buffer is then read: hart 2's windows not counted are exactly what it
 * paused for and passed (a loaded host passes many), it counted windows
 * after it woke; hart 3 counted none after it suspended.
 *
 * Needs our firmware's version 2 (it refuses, with one line, on another)
 * and 4 harts.
 */
#include "client/rt.h"
#include "client/sampler.h"

#define NR_HARTS	4
#define PERIOD_US	2000
#define SAMPLES		300	/* 600 ms: time to count again after waking */
#define BUF_SIZE	(64 * 1024)
#define MS		10000ull	/* QEMU virt's mtime: 10 MHz */
#define P		(PERIOD_US * MS / 1000)
#define RET		2	/* the hart that suspends retentively */
#define NONRET		3	/* ... and the one that does not */

static struct rvpmu_sampler_config cfg;
static char buf[BUF_SIZE] __attribute__((aligned(4096)));
static SAMPLER_STATUS_FOR(NR_HARTS) st, mine[NR_HARTS];
static volatile int done, ret_asleep, ret_awake, nonret_back, seen_paused, started;
static volatile long ret_err = 1, nonret_err;
static volatile uint64_t ret_sleep_t, ret_wake_t, nonret_t, nonret_wake_t;

/* This hart's subsamples in the run, from STATUS. */
static uint64_t my_subsamples(void)
{
	unsigned long me = rt_hartid();

	return sampler_my_subsamples(&mine[me].s, sizeof(mine[me]));
}

static void wait_subsamples(uint64_t n)
{
	uint64_t end = rd_time() + 2000 * MS;

	while (my_subsamples() < n && rd_time() < end)
		rt_spin(MS / 10);
}

/* Asleep (retentive) until an IPI, or the S-mode timer `ticks` from now:
   SIE off, SSIE and STIE on, so either only ends the suspend. */
static long sleep_retentive(uint64_t ticks)
{
	long err;

	rt_csr_set(sie, (1ul << 1) | (1ul << 5));
	sbi_set_timer(rd_time() + ticks);
	err = sbi_hart_suspend(SBI_HSM_SUSPEND_RETENTIVE, 0, 0).error;
	sbi_set_timer(~0ull);
	rt_csr_clear(sip, 1ul << 1);
	rt_csr_clear(sie, (1ul << 1) | (1ul << 5));
	return err;
}

static void retentive(void *arg)
{
	(void)arg;
	__atomic_fetch_add(&started, 1, __ATOMIC_RELEASE);
	wait_subsamples(4);
	ret_sleep_t = rd_time();
	__atomic_store_n(&ret_asleep, 1, __ATOMIC_RELEASE);
	ret_err = sleep_retentive(500 * P);	/* the boot hart's IPI ends it first */
	ret_wake_t = rd_time();
	__atomic_store_n(&ret_awake, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&done, __ATOMIC_ACQUIRE))
		rt_spin(MS / 10);
}

/* Where hart NONRET comes back: a fresh stack, as if started. */
static void nonret_resumed(void *arg)
{
	(void)arg;
	nonret_wake_t = rd_time();
	sbi_set_timer(~0ull);
	__atomic_store_n(&nonret_back, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&done, __ATOMIC_ACQUIRE))
		rt_spin(MS / 10);
}

static void non_retentive(void *arg)
{
	(void)arg;
	__atomic_fetch_add(&started, 1, __ATOMIC_RELEASE);
	wait_subsamples(8);
	rt_csr_set(sie, 1ul << 5);
	sbi_set_timer(rd_time() + 3 * P);
	nonret_t = rd_time();
	nonret_err = rt_suspend_non_retentive(nonret_resumed, 0);	/* only on failure */
	__atomic_store_n(&nonret_back, -1, __ATOMIC_RELEASE);
}

static void worker(void *arg)
{
	(void)arg;
	__atomic_fetch_add(&started, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&done, __ATOMIC_ACQUIRE))
		rt_spin(MS / 10);
}

static uint64_t rd64(const char *p)
{
	return *(const volatile uint64_t *)p;
}

static const struct rvpmu_sampler_hart_status *hart_status(unsigned long hartid)
{
	for (uint32_t i = 0; i < st.s.nr_harts && i < NR_HARTS; i++)
		if (st.h[i].hartid == hartid)
			return &st.h[i];
	return 0;
}

/* Position p's window word and mtime in subsample k of the buffer. */
static void slot(const struct rvpmu_sampler_header *hd, uint64_t k, uint32_t p, uint64_t *word,
		 uint64_t *mt)
{
	uint32_t H = hd->nr_harts;
	const char *sub = (const char *)hd + hd->header_size + (k / hd->nr_subsamples) *
			  hd->sample_size + (k % hd->nr_subsamples) * hd->subsample_size;
	const char *cyc = sub + 8 * H + 8 * (uint64_t)hd->nr_pmu * H;

	*mt = rd64(cyc + 8 * H + 8 * p);
	*word = rd64(cyc + 16 * H + 8 * p);
}

int main(unsigned long hartid, void *dtb)
{
	const struct rvpmu_sampler_header *hd = (const void *)buf;
	const struct rvpmu_sampler_hart_status *hr, *hn;
	uint64_t k, windows, uncounted = 0, after_wake = 0, after_nonret = 0;
	uint64_t end, seen_t = 0, paused_sum = 0;
	long err;

	(void)dtb;
	if (!sampler_present()) {
		rt_printf("sampler_suspend: this firmware has no rvpmu sampler extension (version 2)\n");
		return 1;
	}
	if (rt_count_harts(NR_HARTS) < NR_HARTS || hartid == RET || hartid == NONRET) {
		rt_printf("sampler_suspend: needs harts 0..3, booted on hart 0 or 1\n");
		return 1;
	}
	sampler_reset();	/* a previous kernel may have left a run */
	sampler_cfg_cycles_instret(&cfg, PERIOD_US, SAMPLES);
	sampler_cfg_buffer(&cfg, buf, BUF_SIZE);
	err = sampler_configure_all(&cfg).error;
	rt_check(!err && cfg.plan.min_buffer_size - cfg.plan.header_size <= BUF_SIZE / SAMPLES,
		 "configured: 4 harts, %u samples fit (error %ld)", SAMPLES, err);
	rt_start_hart(hartid ? 0 : 1, worker, 0);
	rt_start_hart(RET, retentive, 0);
	rt_start_hart(NONRET, non_retentive, 0);
	while (__atomic_load_n(&started, __ATOMIC_ACQUIRE) < NR_HARTS - 1)
		;
	err = sampler_start(&cfg).error;
	rt_check(!err, "START (error %ld)", err);

	/* watch hart RET while it sleeps; wake it 6 periods after it was
	   first seen PAUSED (or a second after it went to sleep, whatever was
	   seen). Counted from the sighting, not from ret_sleep_t: a vCPU the
	   host descheduled between its rd_time() and its suspend pauses late,
	   and a wake-up 6 periods after ret_sleep_t can then come 2 slots
	   after the pause (seen once on a loaded CI machine). */
	end = rd_time() + 5000 * MS;
	while (!__atomic_load_n(&ret_awake, __ATOMIC_ACQUIRE) && rd_time() < end) {
		if (!__atomic_load_n(&ret_asleep, __ATOMIC_ACQUIRE) ||
		    sbi_hart_status(RET).value != SBI_HSM_SUSPENDED)
			continue;
		if (!seen_paused && !sampler_status(&st.s, sizeof(st)).error &&
		    (hr = hart_status(RET)) &&
		    (hr->flags & RVPMU_SAMPLER_HART_PAUSED) &&
		    sbi_hart_status(RET).value == SBI_HSM_SUSPENDED)
			seen_paused = 1, seen_t = rd_time();
		if ((seen_paused && rd_time() > seen_t + 6 * P) ||
		    rd_time() > ret_sleep_t + 1000 * MS)
			sbi_send_ipi(1ul, RET);
	}
	err = sampler_wait(&st.s, sizeof(st), 5000 * MS);
	__atomic_store_n(&done, 1, __ATOMIC_RELEASE);
	rt_check(!err && st.s.state == RVPMU_SAMPLER_DONE &&
		 st.s.stop_reason == RVPMU_SAMPLER_STOP_DONE && st.s.samples == SAMPLES,
		 "the run ends DONE with %u samples (error %ld, state %u, reason %u, %llu samples)",
		 SAMPLES, err, (unsigned int)st.s.state, (unsigned int)st.s.stop_reason,
		 (unsigned long long)st.s.samples);
	hr = hart_status(RET);
	hn = hart_status(NONRET);
	rt_check(!ret_err && ret_wake_t - ret_sleep_t >= 5 * P,
		 "hart %u slept in a retentive suspend (error %ld, %llu us)", RET, ret_err,
		 (unsigned long long)((ret_wake_t - ret_sleep_t) / 10));
	rt_check(seen_paused, "while hart %u slept, STATUS flagged it PAUSED", RET);
	rt_check(hr && !hr->flags && hr->paused >= 3,
		 "after the run hart %u has no flag (0x%x: it rejoined, it did not leave) and was "
		 "paused for %llu subsamples (3 or more)", RET, hr ? (unsigned int)hr->flags : ~0u,
		 hr ? (unsigned long long)hr->paused : 0ull);
	for (uint32_t i = 0; i < st.s.nr_harts && i < NR_HARTS; i++)
		paused_sum += st.h[i].paused;
	rt_check(st.s.paused == paused_sum && hr && paused_sum == hr->paused,
		 "STATUS's paused (%llu) is the harts' (%llu), hart %u's alone",
		 (unsigned long long)st.s.paused, (unsigned long long)paused_sum, RET);
	rt_check(nonret_back == 1 && hn && (hn->flags & RVPMU_SAMPLER_HART_SUSPENDED),
		 "hart %u came back from a non-retentive suspend (%d) and left the run (flags 0x%x)",
		 NONRET, nonret_back, hn ? (unsigned int)hn->flags : ~0u);

	/* the buffer: position i is hartid i (increasing hartids) */
	windows = (uint64_t)hd->nr_samples * hd->nr_subsamples;
	for (k = 0; k < windows; k++) {
		uint64_t w, mt;

		slot(hd, k, RET, &w, &mt);
		if (w & RVPMU_SAMPLER_WIN_COUNTED)
			after_wake += mt >= ret_wake_t;
		else
			uncounted++;
		slot(hd, k, NONRET, &w, &mt);
		after_nonret += (w & RVPMU_SAMPLER_WIN_COUNTED) && mt >= nonret_wake_t;
	}
	rt_check(hr && uncounted == hr->paused + hr->passed && after_wake > 0,
		 "hart %u's windows: %llu not counted, its paused %llu and passed %llu; %llu counted "
		 "after it woke", RET, (unsigned long long)uncounted,
		 hr ? (unsigned long long)hr->paused : 0ull,
		 hr ? (unsigned long long)hr->passed : 0ull, (unsigned long long)after_wake);
	rt_check(after_nonret == 0 && nonret_wake_t > nonret_t, "hart %u counted no window after it "
		 "came back from its non-retentive suspend (%llu, suspended for %llu us)", NONRET,
		 (unsigned long long)after_nonret,
		 (unsigned long long)((nonret_wake_t - nonret_t) / 10));
	return rt_check_report();
}
