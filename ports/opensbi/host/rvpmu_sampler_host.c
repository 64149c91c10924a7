/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ports/opensbi/host/rvpmu_sampler_host.c - rvpmu's half of the sampler
 * extension's host in OpenSBI, version 2 (the patched tree builds it as
 * lib/utils/rvpmu/src/host/ with CONFIG_SBI_ECALL_RVPMU_SAMPLER): the
 * engine's seams bound to OpenSBI's services, and the calls by function
 * id. It does what rvpmu's firmware does in firmware/sbi_sampler.c, with
 * OpenSBI's half (sbi_ecall_rvpmu_sampler.c) in place of the firmware's
 * timer, mailbox and HSM state:
 *  - a deadline is the hart's M-mode timer event (rvpmu_osbi_sampler_deadline);
 *  - START, STOP and RESET run their per-hart steps on every started hart
 *    and wait for them, bounded (rvpmu_osbi_sampler_each, IPIs);
 *  - a hart that stops or suspends non-retentively leaves the run on its
 *    way out; a retentive suspend pauses its part until it resumes;
 *  - the counters a hart holds are hidden from S-mode's direct reads
 *    (rvpmu_osbi_sampler_held: mcounteren).
 * The calls come one at a time (OpenSBI's half holds a lock around them).
 */
#include <sbi/sbi_heap.h>
#include <sbi_utils/rvpmu/rvpmu_host.h>

#include "rvpmu_osbi.h"
#include "lib/bits.h"

/*
 * The engine's libgcc calls: without Zbb GCC makes __builtin_ctzll and
 * __builtin_popcountll calls to __ctzdi2 and __popcountdi2. rvpmu's
 * firmware links libgcc; OpenSBI does not.
 */
int __ctzdi2(uint64_t x);
int __popcountdi2(uint64_t x);

int __ctzdi2(uint64_t x)
{
	return (int)rvpmu_ctz64_debruijn(x);
}

int __popcountdi2(uint64_t x)
{
	x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
	x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
	x = (x + (x >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
	return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
}

/* OpenSBI's half allocates it from its heap (rvpmu_host_sampler_size()) */
static struct rvpmu_sampler *osbi_sampler;
static struct rvpmu_sampler_platform osbi_splat;
static unsigned int start_failures;

/* ---- the engine's seams */

static uint64_t op_mtime(void *ctx)
{
	(void)ctx;
	return rvpmu_osbi_time();
}

static void op_set_deadline(void *hctx, uint64_t t)
{
	rvpmu_osbi_sampler_deadline(hctx, t);
}

static bool op_hart_started(void *ctx, uint32_t hartid)
{
	(void)ctx;
	return rvpmu_osbi_hart_started(hartid);
}

/*
 * Every hart's state is there from cold boot on (OpenSBI's half sets up
 * the harts not started yet with the boot hart's), and stays: reset, not
 * freed, when the hart stops. The engine looks harts up at any time,
 * without a lock.
 */
static struct rvpmu_sampler_hart *op_hart(void *ctx, uint32_t hartid)
{
	struct osbi_hart *h = rvpmu_osbi_hart_of(hartid);

	(void)ctx;
	return h && rvpmu_sampler_hart_bound(&h->sampler) ? &h->sampler : 0;
}

/* M-mode reaches S-mode RAM at its physical address */
static void *op_direct(void *ctx, uint64_t pa)
{
	(void)ctx;
	return (void *)(uintptr_t)pa;
}

/* on the hart of hctx: the counters it holds for the run (0: none) */
static void op_held(void *hctx, uint64_t counters)
{
	rvpmu_osbi_sampler_held(hctx, counters);
}

/* a wait for another hart's few stores: OpenSBI's half hands the host
   thread on under QEMU's round robin, and returns at once on hardware */
static void op_relax(void *ctx)
{
	(void)ctx;
	rvpmu_osbi_relax();
}

/* the configuration's state from the heap, and its size (0: none) */
static void *state_cur;
static unsigned long state_len;

/*
 * A configuration's state, sized for it, from OpenSBI's heap at CONFIGURE
 * (NULL: CONFIGURE fails with SBI_ERR_FAILED, nothing changed); the one
 * it replaces, or RESET's, goes back. The one in force serves again when
 * it holds the new one and is not twice its size: a reconfiguration
 * (Linux's at each run: the same events, other buffers) then needs no
 * second block, which a small heap may not have (seen at 4 harts: 15,448
 * bytes in force, 14,440 asked, the heap short). sbi_malloc() takes its
 * lock: the calls come one at a time, but other harts use the heap too.
 */
static void *op_state(void *ctx, void *old, unsigned long size)
{
	bool fits = old && old == state_cur && size <= state_len;
	void *p;

	(void)ctx;
	if (fits && size >= state_len / 2)
		return old;
	p = sbi_malloc(size);
	if (!p)
		return fits ? old : NULL;
	state_cur = p;
	state_len = size;
	return p;
}

static void op_state_free(void *ctx, void *p)
{
	(void)ctx;
	if (p == state_cur) {
		state_cur = NULL;	/* RESET's */
		state_len = 0;
	}
	sbi_free(p);
}

static const struct rvpmu_sampler_ops osbi_sampler_ops = {
	.mtime = op_mtime,
	.set_deadline = op_set_deadline,
	.hart_started = op_hart_started,
	.hart = op_hart,
	.held = op_held,
	.relax = op_relax,
};

/* ---- the host's entry points */

unsigned long rvpmu_host_sampler_size(void)
{
	return sizeof(struct rvpmu_sampler);
}

int rvpmu_host_sampler_cold_init(void *engine, u32 nr_harts, const u32 *order,
				 const u16 *cluster, u32 *scratch, bool direct)
{
	uint64_t hz = rvpmu_osbi_timer_freq();

	if (!hz)
		return SBI_ERR_NOT_SUPPORTED;
	osbi_sampler = engine;
	osbi_splat.ops = &osbi_sampler_ops;
	osbi_splat.mem = &osbi_mem_ops;
	osbi_splat.ctx = 0;
	osbi_splat.timebase_hz = hz;
	/* START: every hart must be reached before t0 (as rvpmu's firmware) */
	osbi_splat.lead_ticks = hz / 1000 + hz / 100000 * nr_harts;
	osbi_splat.nr_harts = nr_harts;
	osbi_splat.order = order;
	osbi_splat.cluster = cluster;
	osbi_splat.scratch = scratch;
	osbi_splat.direct = direct ? op_direct : 0;
	osbi_splat.state = op_state;
	osbi_splat.state_free = op_state_free;
	rvpmu_sampler_init(osbi_sampler, &osbi_splat);
	return 0;
}

void rvpmu_host_sampler_hart_init(void *hart, void *hctx, u32 hartid)
{
	struct osbi_hart *h = hart;

	/* once: a hart started again keeps its last run's statistics */
	if (!rvpmu_sampler_hart_bound(&h->sampler))
		rvpmu_sampler_hart_init(&h->sampler, &h->pmu, hctx, hartid);
}

u64 rvpmu_host_sampler_tick(void *hart, u64 now)
{
	struct osbi_hart *h = hart;

	return rvpmu_sampler_tick(osbi_sampler, &h->sampler, now);
}

void rvpmu_host_sampler_leave(void *hart, bool suspend)
{
	struct osbi_hart *h = hart;

	if (rvpmu_sampler_hart_bound(&h->sampler))
		rvpmu_sampler_hart_leave(osbi_sampler, &h->sampler, suspend);
}

void rvpmu_host_sampler_pause(void *hart)
{
	struct osbi_hart *h = hart;

	if (rvpmu_sampler_hart_bound(&h->sampler))
		rvpmu_sampler_hart_pause(osbi_sampler, &h->sampler);
}

void rvpmu_host_sampler_resume(void *hart)
{
	struct osbi_hart *h = hart;

	if (rvpmu_sampler_hart_bound(&h->sampler))
		rvpmu_sampler_hart_resume(osbi_sampler, &h->sampler);
}

void rvpmu_host_sampler_step(void *hart, unsigned int step)
{
	struct osbi_hart *h = hart;

	if (!rvpmu_sampler_hart_bound(&h->sampler))
		return;
	switch (step) {
	case RVPMU_HOST_SAMPLER_START:
		if (!rvpmu_sampler_in_set(osbi_sampler, h->sampler.hartid) ||
		    !rvpmu_osbi_hart_started(h->sampler.hartid))
			break;
		if (rvpmu_sampler_hart_start(osbi_sampler, &h->sampler))
			__atomic_fetch_add(&start_failures, 1, __ATOMIC_RELAXED);
		break;
	case RVPMU_HOST_SAMPLER_ABORT:
		rvpmu_sampler_hart_abort(osbi_sampler, &h->sampler);
		break;
	case RVPMU_HOST_SAMPLER_STOP:
		rvpmu_sampler_hart_stop(osbi_sampler, &h->sampler);
		break;
	}
}

/*
 * START: each hart of the set starts its part; if one fails, or a hart
 * does not answer in time (OpenSBI's half bounds every wait), every part
 * is aborted and the run goes back to CONFIGURED.
 */
static long start(void)
{
	long err = rvpmu_sampler_prepare(osbi_sampler);
	int rc;

	if (err)
		return err;
	__atomic_store_n(&start_failures, 0, __ATOMIC_RELAXED);
	rc = rvpmu_osbi_sampler_each(RVPMU_HOST_SAMPLER_START);
	if (!rc && !__atomic_load_n(&start_failures, __ATOMIC_ACQUIRE)) {
		rvpmu_sampler_launch(osbi_sampler);
		return SBI_SUCCESS;
	}
	(void)rvpmu_osbi_sampler_each(RVPMU_HOST_SAMPLER_ABORT);
	rvpmu_sampler_abort(osbi_sampler);
	return rc ? rc : SBI_ERR_DENIED;
}

/*
 * Synchronous (docs/sampler.md): every hart of the run stops now, and
 * STOP returns only once the run is DONE, so that no hart writes into
 * S-mode's buffers after it. A hart leaving through HSM finishes its part
 * on its way out; the wait serves IPIs meanwhile, and ends with
 * SBI_ERR_TIMEOUT if a hart never answers (the run then stays stopping:
 * a later STOP waits again).
 */
static long stop(void)
{
	long err = rvpmu_sampler_stop(osbi_sampler);
	uint64_t since;
	int rc;

	if (err)
		return err;
	rc = rvpmu_osbi_sampler_each(RVPMU_HOST_SAMPLER_STOP);
	if (rc)
		return rc;
	since = rvpmu_osbi_time();
	while (rvpmu_sampler_state(osbi_sampler) == RVPMU_SAMPLER_RUNNING)
		if (rvpmu_osbi_sampler_serve(since))
			return SBI_ERR_TIMEOUT;
	return SBI_SUCCESS;
}

unsigned long rvpmu_host_sampler_version(void)
{
	return RVPMU_SAMPLER_SPEC_VERSION;
}

/*
 * RESET: the run stopped as STOP stops it (nothing written after), then
 * every hart's step once more, which gives back counters a hart paused in
 * a run that ended still holds; then IDLE. Fails only when a hart does
 * not answer in time (the run is then left stopping: RESET again).
 */
static long reset(void)
{
	long err = stop();
	int rc;

	if (err && err != SBI_ERR_ALREADY_STOPPED)
		return err;
	rc = rvpmu_osbi_sampler_each(RVPMU_HOST_SAMPLER_STOP);
	if (rc)
		return rc;
	return rvpmu_sampler_reset(osbi_sampler);
}

long rvpmu_host_sampler_call(void *hart, unsigned long fid, const unsigned long *a,
			     unsigned long *value)
{
	struct osbi_hart *h = hart;
	struct rvpmu_ret r = { SBI_ERR_NOT_SUPPORTED, 0 };

	switch (fid) {
	case RVPMU_SAMPLER_GET_INFO:
		r = rvpmu_sampler_get_info(osbi_sampler, a[0], a[1], a[2]);
		break;
	case RVPMU_SAMPLER_CONFIGURE:
		/* flags: a 32-bit parameter, the register's upper bits ignored */
		r.error = rvpmu_sampler_configure(osbi_sampler, &h->pmu, a[0], a[1], a[2],
						  a[3], (uint32_t)a[4]);
		break;
	case RVPMU_SAMPLER_START:
		r.error = start();
		break;
	case RVPMU_SAMPLER_STOP:
		r.error = stop();
		break;
	case RVPMU_SAMPLER_STATUS:
		r = rvpmu_sampler_status(osbi_sampler, a[0], a[1], a[2]);
		break;
	case RVPMU_SAMPLER_BUFFER_RELEASE:
		r.error = rvpmu_sampler_buffer_release(osbi_sampler, a[0]);
		break;
	case RVPMU_SAMPLER_RESET:
		r.error = reset();
		break;
	}
	*value = r.value;
	return r.error;
}
