/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The sampler extension, version 2 (RVPMU_SAMPLER_EID in the SBI's
 * experimental space, docs/sampler.md): the ecall glue, which only
 * unpacks registers (the flags register is a uint32_t: its upper bits
 * are ignored), and the engine's seams bound to this firmware (mtime, the
 * shared M-mode timer, HSM state, every hart's sampler state, SBI shared
 * memory, the counters a hart holds). Specification: docs/sbi-sampler.md.
 *
 * Every function runs one at a time under a lock; a hart waiting for it
 * keeps serving its mailbox, because the holder may be waiting for that
 * hart to run START's or STOP's per-hart step. The per-hart steps go to
 * every hart through fw_remote_call (a suspended hart serves its mailbox
 * too: sbi_hsm.c).
 */
#include "csr.h"
#include "ext.h"
#include "harts.h"
#include "ipi.h"
#include "platform.h"
#include "pmu_hw.h"
#include "sbi_sampler.h"
#include "timer.h"
#include "topology.h"

struct rvpmu_sampler fw_sampler;	/* sbi_sampler.h: the timer ticks it */
static struct rvpmu_sampler_platform sampler_plat;
static int lock;

/* ---- the engine's seams */

static uint64_t op_mtime(void *ctx)
{
	(void)ctx;
	return fw_mtime();
}

static void op_set_deadline(void *hctx, uint64_t t)
{
	fw_timer_set_sampler(hctx, t);
}

static void op_relax(void *ctx)
{
	(void)ctx;
	fw_relax();
}

static bool op_hart_started(void *ctx, uint32_t hartid)
{
	struct fw_hart *t = fw_hart_of(hartid);

	(void)ctx;
	return t && __atomic_load_n(&t->hsm, __ATOMIC_ACQUIRE) == HSM_STARTED;
}

static struct rvpmu_sampler_hart *op_hart(void *ctx, uint32_t hartid)
{
	struct fw_hart *t = fw_hart_of(hartid);

	(void)ctx;
	/* a hart still setting itself up has no PMU state yet; once set,
	   pmu.cfg stays (rvpmu_hart_reset, at HSM stop, keeps it): the
	   engine looks harts up at any time, without a lock, and a NULL
	   here for a hart of the run would be dereferenced */
	return t && rvpmu_sampler_hart_bound(&t->sampler) && t->pmu.cfg ? &t->sampler : 0;
}

/* M-mode runs with bare physical addresses */
static void *op_direct(void *ctx, uint64_t pa)
{
	(void)ctx;
	return (void *)(uintptr_t)pa;
}

/* On the hart of hctx: S-mode's direct reads of the counters it holds
   trap (and scountovf hides them) while it holds them (main.c). */
static void op_held(void *hctx, uint64_t counters)
{
	(void)counters;
	fw_counteren_update(hctx);
}

static const struct rvpmu_sampler_ops sampler_ops = {
	.mtime = op_mtime,
	.set_deadline = op_set_deadline,
	.hart_started = op_hart_started,
	.hart = op_hart,
	.held = op_held,
	.relax = op_relax,
};

/* The region's room for the largest configuration, given again at each
   CONFIGURE (the engine reads nothing of the old one after asking). */
static void *state_mem;
static unsigned long state_room;

static void *op_state(void *ctx, void *old, unsigned long size)
{
	(void)ctx;
	(void)old;
	return size <= state_room ? state_mem : 0;
}

void fw_sampler_init(const struct fw_sampler_mem *sm)
{
	sampler_plat.ops = &sampler_ops;
	sampler_plat.mem = &fw_sampler_mem_ops;
	sampler_plat.ctx = 0;
	sampler_plat.timebase_hz = plat.timebase;
	/* START: every hart must be reached before t0, even at 512 harts */
	sampler_plat.lead_ticks = plat.timebase / 1000 + plat.timebase / 100000 * plat.nr_harts;
	sampler_plat.nr_harts = plat.nr_harts;
	sampler_plat.order = plat.hart_ids;
	sampler_plat.cluster = plat.hart_cluster;
	sampler_plat.scratch = sm->scratch;
	sampler_plat.direct = op_direct;
	sampler_plat.state = op_state;
	state_mem = sm->state;
	state_room = sm->state_size;
	rvpmu_sampler_init(&fw_sampler, &sampler_plat);
}

void fw_sampler_hart_init(struct fw_hart *h)
{
	rvpmu_sampler_hart_init(&h->sampler, &h->pmu, h, (uint32_t)h->hartid);
}

void fw_sampler_leave(struct fw_hart *h, bool suspend)
{
	bool in_run = h->sampler.running || h->sampler.reserved;

	rvpmu_sampler_hart_leave(&fw_sampler, &h->sampler, suspend);
	fw_lie_left(h, in_run);
}

void fw_sampler_pause(struct fw_hart *h)
{
	rvpmu_sampler_hart_pause(&fw_sampler, &h->sampler);
}

void fw_sampler_resume(struct fw_hart *h)
{
	rvpmu_sampler_hart_resume(&fw_sampler, &h->sampler);
}

/* ---- one call at a time */

/*
 * While it waits, a hart serves its mailbox (the holder may wait for this
 * hart's START or STOP step) and its own timer: a hart of a run that
 * waited here without its switches would hold every fill open, and the
 * run would end FULL (seen in sampler-hsm: a STATUS poller that never
 * ticked).
 */
static void take_lock(struct fw_hart *h)
{
	while (__atomic_exchange_n(&lock, 1, __ATOMIC_ACQUIRE)) {
		fw_process_mailbox(h);
		if (csr_read(CSR_MIP) & csr_read(CSR_MIE) & MIP_MTIP)
			fw_timer_interrupt(h);
		fw_relax();	/* the holder may be this hart's round-robin peer */
	}
}

static void drop_lock(void)
{
	__atomic_store_n(&lock, 0, __ATOMIC_RELEASE);
}

/* ---- START's and STOP's per-hart steps */

static const struct fw_hartset every_hart = { 0, FW_HARTSET_ALL };
static unsigned int start_failures;

/* On every hart reached: the engine joins it only if it is of the set,
   was started at prepare and still is (op_hart_started). A hart that
   stopped meanwhile is not reached and never joins: nothing waits for it. */
static void hart_start(struct fw_hart *t, void *arg)
{
	(void)arg;
	if (rvpmu_sampler_hart_start(&fw_sampler, &t->sampler))
		__atomic_fetch_add(&start_failures, 1, __ATOMIC_RELAXED);
}

static void hart_abort(struct fw_hart *t, void *arg)
{
	(void)arg;
	rvpmu_sampler_hart_abort(&fw_sampler, &t->sampler);
}

static void hart_stop(struct fw_hart *t, void *arg)
{
	(void)arg;
	rvpmu_sampler_hart_stop(&fw_sampler, &t->sampler);
}

static long start(struct fw_hart *h)
{
	long err = rvpmu_sampler_prepare(&fw_sampler);

	(void)h;
	if (err)
		return err;
	start_failures = 0;
	fw_remote_call(every_hart, hart_start, 0);
	if (!start_failures) {
		rvpmu_sampler_launch(&fw_sampler);
		return SBI_SUCCESS;
	}
	fw_remote_call(every_hart, hart_abort, 0);
	rvpmu_sampler_abort(&fw_sampler);
	return SBI_ERR_DENIED;
}

/*
 * Synchronous (docs/sampler.md): every hart of the run stops now, not at
 * its next switch, and STOP returns only once the run is DONE, so no hart
 * writes into S-mode's buffers after it (a client may free them then). A
 * hart that left the run through HSM did so before it stopped; one that is
 * leaving (HSM stop pending) finishes its part on its way out: the wait
 * serves the mailbox meanwhile.
 */
static long stop(struct fw_hart *h)
{
	long err = rvpmu_sampler_stop(&fw_sampler);

	if (err)
		return err;
	fw_remote_call(every_hart, hart_stop, 0);
	while (rvpmu_sampler_state(&fw_sampler) == RVPMU_SAMPLER_RUNNING) {
		fw_process_mailbox(h);
		fw_relax();
	}
	return 0;
}

/*
 * RESET: the run stopped as STOP stops it (synchronous: nothing written
 * after), then every hart's step once more, which gives back counters a
 * hart paused in a run that ended still holds; then IDLE. Never fails.
 */
static long reset(struct fw_hart *h)
{
	stop(h);
	fw_remote_call(every_hart, hart_stop, 0);
	return rvpmu_sampler_reset(&fw_sampler);
}

void fw_sampler_reset(struct fw_hart *h)
{
	take_lock(h);
	reset(h);
	drop_lock();
}

struct rvpmu_ret sbi_sampler_ecall(SBI_HANDLER_ARGS)
{
	struct rvpmu_ret r = { SBI_ERR_NOT_SUPPORTED, 0 };

	(void)a5;
	take_lock(h);
	switch (fid) {
	case RVPMU_SAMPLER_GET_INFO:
		r = rvpmu_sampler_get_info(&fw_sampler, a0, a1, a2);
		break;
	case RVPMU_SAMPLER_CONFIGURE:
		/* flags: a 32-bit parameter */
		r.error = rvpmu_sampler_configure(&fw_sampler, &h->pmu, a0, a1, a2, a3,
						  (uint32_t)a4);
		break;
	case RVPMU_SAMPLER_START:
		r.error = start(h);
		break;
	case RVPMU_SAMPLER_STOP:
		r.error = stop(h);
		break;
	case RVPMU_SAMPLER_STATUS:
		r = rvpmu_sampler_status(&fw_sampler, a0, a1, a2);
		break;
	case RVPMU_SAMPLER_BUFFER_RELEASE:
		r.error = rvpmu_sampler_buffer_release(&fw_sampler, a0);
		break;
	case RVPMU_SAMPLER_RESET:
		r.error = reset(h);
		break;
	}
	drop_lock();
	return r;
}
