/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sampler_susp - a sampler run across a system suspend (SUSP; issue 37,
 * docs/sbi-sampler.md, "System events"): the suspend ends the run as
 * RESET does, and nothing writes the run's buffer while S-mode is away or
 * after it is back.
 *
 * One hart (smp=1: every other hart is STOPPED, SUSP's entry condition).
 * A run of cycles and instructions at 1 ms a sample in a buffer it takes
 * seconds to fill; once it has written 4 subsamples, the S-mode timer is
 * set 20 ms ahead (the wake-up; interrupts stay off) and SUSP suspends to
 * RAM with the runtime's resume entry. Checked: the call does not return;
 * the hart comes back at the entry, at least 20 ms later; STATUS says
 * IDLE (the run ended as by RESET, not DONE or stopped); the buffer does
 * not change over 20 periods; and the same run can be configured and
 * started again (no counter is still held). On a firmware without SUSP:
 * one line, and 1.
 */
#include "client/rt.h"
#include "client/sampler.h"

#define PERIOD_US	1000
#define SAMPLES		100000		/* the run never ends by itself here */
#define BUF_SIZE	(64 * 1024)
#define MS		10000ull	/* QEMU virt's mtime: 10 MHz */

static char buf[BUF_SIZE] __attribute__((aligned(4096)));
static struct rvpmu_sampler_config cfg;
static SAMPLER_STATUS_FOR(1) st;
static uint64_t asleep_t;

/* FNV-1a of the buffer: what a write into it would change */
static uint64_t digest(void)
{
	uint64_t h = 0xcbf29ce484222325ull;
	unsigned long k;

	for (k = 0; k < BUF_SIZE / 8; k++) {
		h ^= ((const volatile uint64_t *)buf)[k];
		h *= 0x100000001b3ull;
	}
	return h;
}

static void resumed(void *arg)
{
	uint64_t woke = rd_time(), before, end;
	long err;

	(void)arg;
	sbi_set_timer(~0ull);
	rt_csr_clear(sie, 1ul << 5);
	rt_check(woke - asleep_t >= 20 * MS,
		 "the hart resumed at the entry SUSP was given, %llu us after the call (20 ms "
		 "or more: the timer woke it)", (unsigned long long)((woke - asleep_t) / 10));
	err = sampler_status(&st.s, sizeof(st)).error;
	rt_check(!err && st.s.state == RVPMU_SAMPLER_IDLE,
		 "after the suspend the run is over as by RESET: IDLE (STATUS %ld, state %u, stop "
		 "reason %u)", err, (unsigned int)st.s.state, (unsigned int)st.s.stop_reason);
	before = digest();
	end = rd_time() + 20 * PERIOD_US * 10;
	while (rd_time() < end)
		;
	rt_check(digest() == before, "the run's buffer stays unwritten over 20 periods");
	err = sampler_configure_all(&cfg).error;
	if (!err)
		err = sampler_start(&cfg).error;
	rt_check(!err, "the same run configures and starts again: no counter is still held "
		 "(error %ld)", err);
	sampler_reset();
	rt_shutdown(rt_check_report() != 0);
}

int main(unsigned long hartid, void *dtb)
{
	uint64_t end;
	long err;

	(void)hartid;
	(void)dtb;
	if (!sampler_present() || sbi_probe(SBI_EXT_SUSP) <= 0) {
		rt_printf("sampler_susp: this firmware lacks the rvpmu sampler (version 2) or SUSP\n");
		return 1;
	}
	if (rt_count_harts(2) != 1) {
		rt_printf("sampler_susp: needs one hart (SUSP wants every other hart stopped)\n");
		return 1;
	}
	sampler_reset();
	sampler_cfg_cycles_instret(&cfg, PERIOD_US, SAMPLES);
	sampler_cfg_buffer(&cfg, buf, BUF_SIZE);
	err = sampler_configure_all(&cfg).error;
	if (!err)
		err = sampler_start(&cfg).error;
	rt_check(!err, "a run on this hart is configured and started (error %ld)", err);
	end = rd_time() + 2000 * MS;
	while (!err && sampler_my_subsamples(&st.s, sizeof(st)) < 4 && rd_time() < end)
		rt_spin(MS / 10);
	rt_csr_set(sie, 1ul << 5);
	asleep_t = rd_time();
	sbi_set_timer(asleep_t + 20 * MS);
	err = rt_system_suspend(resumed, 0);	/* returns only on failure */
	rt_check(0, "SUSP suspended the system (it returned %ld)", err);
	return rt_check_report();
}
