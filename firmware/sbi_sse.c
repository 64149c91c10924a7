/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Supervisor software events (SSE, SBI 3.0). Three events are offered:
 *
 *   LOCAL_PMU_OVERFLOW  (0x00010000, where the harts have Sscofpmf): while
 *                       a hart's handler is ENABLED or RUNNING, M-mode
 *                       takes that hart's counter-overflow interrupt
 *                       (LCOFI out of mideleg, into mie), clears it and
 *                       makes the event pending: S-mode gets the overflow
 *                       even with its interrupts off, like an NMI; it
 *                       reads scountovf as from the interrupt. Otherwise
 *                       LCOFI is delegated to S-mode as at boot.
 *   LOCAL_SOFTWARE      (0xffff0000) and
 *   GLOBAL_SOFTWARE     (0xffff8000): pending only through sbi_sse_inject.
 *
 * All three may be injected (STATUS bit 3). The other standard events
 * (RAS, double trap) are NOT_SUPPORTED; reserved and platform-specific
 * ids INVALID_PARAM.
 *
 * Delivery: an event is taken on a hart when it is pending, ENABLED, the
 * hart has unmasked events, it is local to the hart or global with the
 * hart as preferred, and it beats the event RUNNING there, if any, on
 * (priority, id). It is checked where something may have changed it: at
 * the end of every SSE call (inject to self, enable, unmask, complete),
 * of the IPI another hart's injection sends, and of LCOFI. Injection
 * follows the spec's steps on the trap's frame: a6/a7 saved and replaced
 * (hartid, ENTRY_ARG), sepc the interrupted pc, sstatus SPP/SPIE/SIE, with
 * H hstatus SPV/SPVP and V off, then mret to ENTRY_PC in S-mode. An
 * event injected from an ecall interrupts the instruction after it, with
 * a0/a1 the call's result. sbi_sse_complete undoes that for the innermost
 * RUNNING event and returns with a0/a1 as the handler left them.
 *
 * Memory: each hart's local events in its struct fw_hart (the hart
 * alone touches them, others set `remote` atomically and IPI it); the
 * global event here, under `glock`. Attribute buffers are S-mode physical
 * memory (fw_smode_range), copied in whole and checked before any state
 * changes.
 *
 * fw_sse_hart_init is a reset: hart set-up at boot and HSM stop
 * (fw_hart_stop in sbi_hsm.c) call it, as the spec resets local events
 * with the hart. The global event is the platform's, not a hart's: a
 * hart's reset leaves it alone (its preferred hart is set once, at boot).
 */
#include "csr.h"
#include "ext.h"
#include "harts.h"
#include "ipi.h"
#include "sbi_sse.h"
#include "trap.h"

#define RB		sizeof(unsigned long)
#define PMU_IDX		0
#define SW_IDX		1
#define HSTATUS_SPV_BIT	7
#define HSTATUS_SPVP_BIT 8

static struct fw_sse_event global_ev = { .id = SBI_SSE_EVENT_GLOBAL_SOFTWARE };
static unsigned long global_run_hart;	/* where it is RUNNING */
static bool global_set;			/* its preferred hart set at boot */
static int glock;

static void lock(void)
{
	while (__atomic_exchange_n(&glock, 1, __ATOMIC_ACQUIRE))
		fw_relax();
}

static void unlock(void)
{
	__atomic_store_n(&glock, 0, __ATOMIC_RELEASE);
}

static bool is_global(const struct fw_sse_event *e)
{
	return e == &global_ev;
}

static void route_lcofi(bool to_m);

void fw_sse_hart_init(struct fw_hart *h)
{
	struct fw_sse_hart *s = &h->sse;
	unsigned int i;

	for (i = 0; i < FW_SSE_LOCAL; i++)
		s->local[i] = (struct fw_sse_event){ .hart = h->hartid };
	s->local[PMU_IDX].id = SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW;
	s->local[SW_IDX].id = SBI_SSE_EVENT_LOCAL_SOFTWARE;
	s->nr_running = 0;
	s->unmasked = false;
	__atomic_store_n(&s->remote, 0, __ATOMIC_RELEASE);
	/* a reset: the overflow interrupt is S-mode's again */
	if (plat.sscofpmf)
		route_lcofi(false);
	/* once, at boot: a later stop of the boot hart must not take back a
	   preferred hart S-mode chose */
	if (h->hartid == plat.boot_hartid && !global_set) {
		global_ev.hart = h->hartid;
		global_set = true;
	}
}

/*
 * The event for id on hart h, or NULL with *err: NOT_SUPPORTED for the
 * standard events not offered, INVALID_PARAM for anything else.
 */
static struct fw_sse_event *lookup(struct fw_hart *h, uint32_t id, long *err)
{
	switch (id) {
	case SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW:
		if (plat.sscofpmf)
			return &h->sse.local[PMU_IDX];
		break;
	case SBI_SSE_EVENT_LOCAL_SOFTWARE:
		return &h->sse.local[SW_IDX];
	case SBI_SSE_EVENT_GLOBAL_SOFTWARE:
		return &global_ev;
	case SBI_SSE_EVENT_LOCAL_HIGH_PRIO_RAS:
	case SBI_SSE_EVENT_LOCAL_DOUBLE_TRAP:
	case SBI_SSE_EVENT_GLOBAL_HIGH_PRIO_RAS:
	case SBI_SSE_EVENT_LOCAL_LOW_PRIO_RAS:
	case SBI_SSE_EVENT_GLOBAL_LOW_PRIO_RAS:
		break;
	default:
		*err = SBI_ERR_INVALID_PARAM;
		return 0;
	}
	*err = SBI_ERR_NOT_SUPPORTED;
	return 0;
}

/* LCOFI to M-mode (the event holds it) or to S-mode (delegated). */
static void route_lcofi(bool to_m)
{
	if (to_m) {
		csr_clear(CSR_MIDELEG, MIP_LCOFIP);
		csr_set(CSR_MIE, MIP_LCOFIP);
	} else {
		csr_clear(CSR_MIE, MIP_LCOFIP);
		csr_set(CSR_MIDELEG, MIP_LCOFIP);
	}
}

static void set_state(struct fw_hart *h, struct fw_sse_event *e, uint8_t st)
{
	e->state = st;
	if (e == &h->sse.local[PMU_IDX])
		route_lcofi(st >= SBI_SSE_STATE_ENABLED);
}

/* Does a run before b: lower priority value, then lower id. */
static bool before(const struct fw_sse_event *a, const struct fw_sse_event *b)
{
	return a->prio != b->prio ? a->prio < b->prio : a->id < b->id;
}

static bool mpv(unsigned long ms)
{
#if __riscv_xlen == 64
	return ms >> MSTATUS_MPV_BIT & 1;
#else
	(void)ms;
	return csr_read(CSR_MSTATUSH) >> (MSTATUS_MPV_BIT - 32) & 1;
#endif
}

static unsigned long set_mpv(unsigned long ms, bool v)
{
#if __riscv_xlen == 64
	ms &= ~(1ul << MSTATUS_MPV_BIT);
	return ms | (unsigned long)v << MSTATUS_MPV_BIT;
#else
	if (v)
		csr_set(CSR_MSTATUSH, 1ul << (MSTATUS_MPV_BIT - 32));
	else
		csr_clear(CSR_MSTATUSH, 1ul << (MSTATUS_MPV_BIT - 32));
	return ms;
#endif
}

/*
 * Enter e's handler (the spec's "Software Event Injection"): f holds the
 * interrupted a6/a7, pc is where the interrupted context resumes; ecall:
 * the ecall path adds 4 to mepc on its way out.
 */
static void inject(struct fw_hart *h, struct fw_sse_event *e, struct fw_frame *f,
		   unsigned long pc, bool ecall)
{
	unsigned long ms = csr_read(CSR_MSTATUS), flags = 0, hs;
	bool from_s = (ms & MSTATUS_MPP) == MSTATUS_MPP_S;

	if (ms & MSTATUS_SPP)
		flags |= SBI_SSE_IFLAG_SPP;
	if (ms & MSTATUS_SPIE)
		flags |= SBI_SSE_IFLAG_SPIE;
	if (plat.hyp) {
		hs = csr_read(CSR_HSTATUS);
		flags |= (hs >> HSTATUS_SPV_BIT & 1) * SBI_SSE_IFLAG_SPV;
		flags |= (hs >> HSTATUS_SPVP_BIT & 1) * SBI_SSE_IFLAG_SPVP;
		hs &= ~(HSTATUS_SPV | HSTATUS_SPVP);
		if (mpv(ms)) {
			hs |= HSTATUS_SPV;
			if (from_s)
				hs |= HSTATUS_SPVP;
		}
		csr_write(CSR_HSTATUS, hs);
		ms = set_mpv(ms, false);
	}
	e->flags = flags;
	e->sepc = csr_read(CSR_SEPC);
	e->a6 = f->a6;
	e->a7 = f->a7;
	f->a6 = h->hartid;
	f->a7 = e->entry_arg;
	csr_write(CSR_SEPC, pc);
	ms &= ~(MSTATUS_SPP | MSTATUS_SPIE | MSTATUS_SIE | MSTATUS_MPP);
	if (from_s)
		ms |= MSTATUS_SPP;
	if (csr_read(CSR_MSTATUS) & MSTATUS_SIE)
		ms |= MSTATUS_SPIE;
	ms |= MSTATUS_MPP_S;
	csr_write(CSR_MSTATUS, ms);
	csr_write(CSR_MEPC, e->entry_pc - (ecall ? 4 : 0));
	e->pending = 0;
	e->state = SBI_SSE_STATE_RUNNING;
	if (is_global(e))
		global_run_hart = h->hartid;
	h->sse.running[h->sse.nr_running++] = e;
}

/* The most urgent event that may run on h now, or NULL. */
static struct fw_sse_event *pick(struct fw_hart *h)
{
	struct fw_sse_hart *s = &h->sse;
	struct fw_sse_event *best = 0, *e;
	uint32_t remote = __atomic_exchange_n(&s->remote, 0, __ATOMIC_ACQ_REL);
	unsigned int i;

	for (i = 0; i < FW_SSE_LOCAL; i++) {
		e = &s->local[i];
		if (remote >> i & 1 && e->state != SBI_SSE_STATE_UNUSED)
			e->pending = 1;
		if (e->pending && e->state == SBI_SSE_STATE_ENABLED && (!best || before(e, best)))
			best = e;
	}
	e = &global_ev;
	if (e->pending && e->state == SBI_SSE_STATE_ENABLED && e->hart == h->hartid &&
	    (!best || before(e, best)))
		best = e;
	if (!best || !s->unmasked)
		return 0;
	if (s->nr_running && !before(best, s->running[s->nr_running - 1]))
		return 0;
	return best;
}

static void deliver(struct fw_hart *h, struct fw_frame *f, bool ecall)
{
	struct fw_sse_event *e;
	unsigned long pc = csr_read(CSR_MEPC) + (ecall ? 4 : 0);

	lock();
	e = pick(h);
	if (e)
		inject(h, e, f, pc, ecall);
	unlock();
}

void fw_sse_trap_exit(struct fw_hart *h, struct fw_frame *f, unsigned long irq)
{
	if (irq == IRQ_LCOF) {
		/* not delegated while the event holds it: S-mode cannot clear
		   it, M-mode does, and the event stands for it */
		csr_clear(CSR_MIP, MIP_LCOFIP);
		h->sse.local[PMU_IDX].pending = 1;
	}
	if ((csr_read(CSR_MSTATUS) & MSTATUS_MPP) != MSTATUS_MPP)
		deliver(h, f, false);
}

/* ---- attributes */

static unsigned long read_attr(const struct fw_sse_event *e, uint32_t a)
{
	switch (a) {
	case SBI_SSE_ATTR_STATUS:
		return e->state | (e->pending ? SBI_SSE_STATUS_PENDING : 0) |
		       SBI_SSE_STATUS_INJECT;
	case SBI_SSE_ATTR_PRIORITY:		return e->prio;
	case SBI_SSE_ATTR_CONFIG:		return e->oneshot;
	case SBI_SSE_ATTR_PREFERRED_HART:	return e->hart;
	case SBI_SSE_ATTR_ENTRY_PC:		return e->entry_pc;
	case SBI_SSE_ATTR_ENTRY_ARG:		return e->entry_arg;
	case SBI_SSE_ATTR_INTERRUPTED_SEPC:	return e->sepc;
	case SBI_SSE_ATTR_INTERRUPTED_FLAGS:	return e->flags;
	case SBI_SSE_ATTR_INTERRUPTED_A6:	return e->a6;
	}
	return e->a7;
}

/* May attribute a of e take v, from hart h? SUCCESS or the spec's error. */
static long check_attr(const struct fw_hart *h, const struct fw_sse_event *e, uint32_t a,
		       unsigned long v)
{
	bool quiet = e->state <= SBI_SSE_STATE_REGISTERED;
	bool mine = e->state == SBI_SSE_STATE_RUNNING &&
		    (!is_global(e) || global_run_hart == h->hartid);

	switch (a) {
	case SBI_SSE_ATTR_STATUS:
	case SBI_SSE_ATTR_ENTRY_PC:
	case SBI_SSE_ATTR_ENTRY_ARG:
		return SBI_ERR_DENIED;
	case SBI_SSE_ATTR_PRIORITY:
		if (v > 0xfffffffful)
			return SBI_ERR_INVALID_PARAM;
		return quiet ? SBI_SUCCESS : SBI_ERR_INVALID_STATE;
	case SBI_SSE_ATTR_CONFIG:
		if (v & ~SBI_SSE_CONFIG_ONESHOT)
			return SBI_ERR_INVALID_PARAM;
		return quiet ? SBI_SUCCESS : SBI_ERR_INVALID_STATE;
	case SBI_SSE_ATTR_PREFERRED_HART:
		if (!is_global(e))
			return SBI_ERR_DENIED;
		if (!fw_hart_of(v))
			return SBI_ERR_INVALID_PARAM;
		return quiet ? SBI_SUCCESS : SBI_ERR_INVALID_STATE;
	case SBI_SSE_ATTR_INTERRUPTED_FLAGS:
		if (v & ~SBI_SSE_IFLAGS_ALL)
			return SBI_ERR_INVALID_PARAM;
		/* fall through */
	default:
		return mine ? SBI_SUCCESS : SBI_ERR_INVALID_STATE;
	}
}

static void write_attr(struct fw_sse_event *e, uint32_t a, unsigned long v)
{
	switch (a) {
	case SBI_SSE_ATTR_PRIORITY:		e->prio = (uint32_t)v; break;
	case SBI_SSE_ATTR_CONFIG:		e->oneshot = v & 1; break;
	case SBI_SSE_ATTR_PREFERRED_HART:	e->hart = v; break;
	case SBI_SSE_ATTR_INTERRUPTED_SEPC:	e->sepc = v; break;
	case SBI_SSE_ATTR_INTERRUPTED_FLAGS:	e->flags = v; break;
	case SBI_SSE_ATTR_INTERRUPTED_A6:	e->a6 = v; break;
	case SBI_SSE_ATTR_INTERRUPTED_A7:	e->a7 = v; break;
	}
}

/*
 * read_attrs / write_attrs: count attributes from base, values at
 * (lo, hi) in S-mode memory, one XLEN word each from the buffer's start.
 * Checked in the spec's order: count 0 INVALID_PARAM, a reserved
 * attribute BAD_RANGE, a buffer not aligned or not S-mode RAM
 * INVALID_ADDRESS; writes then check every value (the first error by
 * attribute id) before changing any.
 */
static long attrs(struct fw_hart *h, struct fw_sse_event *e, uint32_t base, uint32_t count,
		  unsigned long lo, unsigned long hi, bool write)
{
	unsigned long buf[SBI_SSE_NR_ATTRS];
	volatile unsigned long *mem;
	uint64_t pa;
	uint32_t i;
	long err;

	if (!count)
		return SBI_ERR_INVALID_PARAM;
	if (base >= SBI_SSE_NR_ATTRS || count > SBI_SSE_NR_ATTRS - base)
		return SBI_ERR_BAD_RANGE;
	if (!fw_smode_addr(lo, hi, &pa))
		return SBI_ERR_INVALID_ADDRESS;
	if (pa % RB || !fw_smode_range(pa, (uint64_t)count * RB))
		return SBI_ERR_INVALID_ADDRESS;
	mem = (volatile unsigned long *)(uintptr_t)pa;
	if (!write) {
		for (i = 0; i < count; i++)
			mem[i] = read_attr(e, base + i);
		return SBI_SUCCESS;
	}
	for (i = 0; i < count; i++)
		buf[i] = mem[i];
	for (i = 0; i < count; i++)
		if ((err = check_attr(h, e, base + i, buf[i])))
			return err;
	for (i = 0; i < count; i++)
		write_attr(e, base + i, buf[i]);
	return SBI_SUCCESS;
}

/* ---- the calls */

/* sbi_sse_complete: resume what the innermost RUNNING event interrupted
   (the spec's "Software Event Completion"); false if none runs here. */
static bool complete(struct fw_hart *h, struct fw_frame *f)
{
	struct fw_sse_hart *s = &h->sse;
	struct fw_sse_event *e;
	unsigned long ms = csr_read(CSR_MSTATUS), hs;

	if (!s->nr_running)
		return false;
	e = s->running[--s->nr_running];
	/* back to sepc, in the mode sstatus.SPP says (the ecall path adds 4) */
	csr_write(CSR_MEPC, csr_read(CSR_SEPC) - 4);
	ms &= ~MSTATUS_MPP;
	ms |= ms & MSTATUS_SPP ? MSTATUS_MPP_S : 0;
	if (plat.hyp) {
		hs = csr_read(CSR_HSTATUS);
		ms = set_mpv(ms, hs & HSTATUS_SPV);
		hs &= ~(HSTATUS_SPV | HSTATUS_SPVP);
		if (e->flags & SBI_SSE_IFLAG_SPV)
			hs |= HSTATUS_SPV;
		if (e->flags & SBI_SSE_IFLAG_SPVP)
			hs |= HSTATUS_SPVP;
		csr_write(CSR_HSTATUS, hs);
	}
	ms &= ~(MSTATUS_SIE | MSTATUS_SPIE | MSTATUS_SPP);
	if (csr_read(CSR_MSTATUS) & MSTATUS_SPIE)
		ms |= MSTATUS_SIE;
	if (e->flags & SBI_SSE_IFLAG_SPIE)
		ms |= MSTATUS_SPIE;
	if (e->flags & SBI_SSE_IFLAG_SPP)
		ms |= MSTATUS_SPP;
	csr_write(CSR_MSTATUS, ms);
	f->a7 = e->a7;
	f->a6 = e->a6;
	csr_write(CSR_SEPC, e->sepc);
	set_state(h, e, e->oneshot ? SBI_SSE_STATE_REGISTERED : SBI_SSE_STATE_ENABLED);
	return true;
}

/* sbi_sse_inject: pending on the hart that takes it; that hart IPI'd
   unless it is this one (delivered on the way out of this call). */
static long inject_call(struct fw_hart *h, struct fw_sse_event *e, unsigned long hartid)
{
	struct fw_hart *t;
	unsigned int idx;

	if (e->state == SBI_SSE_STATE_UNUSED)
		return SBI_ERR_FAILED;
	if (is_global(e)) {
		e->pending = 1;
		t = fw_hart_of(e->hart);
	} else {
		t = fw_hart_of(hartid);
		if (!t)
			return SBI_ERR_INVALID_PARAM;
		if (t == h) {
			e->pending = 1;
			return SBI_SUCCESS;
		}
		idx = (unsigned int)(e - h->sse.local);
		/* the target's own event of the same kind */
		if (t->sse.local[idx].state == SBI_SSE_STATE_UNUSED)
			return SBI_ERR_FAILED;
		if (!plat.has_ipi)
			return SBI_ERR_FAILED;
		__atomic_fetch_or(&t->sse.remote, 1u << idx, __ATOMIC_ACQ_REL);
	}
	if (t && t != h) {
		if (!plat.has_ipi)
			return SBI_ERR_FAILED;
		fw_send_ipi(t);
	}
	return SBI_SUCCESS;
}

struct rvpmu_ret sbi_sse_ecall(SBI_HANDLER_ARGS)
{
	/* the ecall path's frame lies right below the hart's struct
	   (entry.S): a6/a7 are restored from it on the way out */
	struct fw_frame *f = (struct fw_frame *)h - 1;
	struct rvpmu_ret r = { SBI_SUCCESS, 0 };
	struct fw_sse_event *e = 0;
	long err = SBI_SUCCESS;

	(void)a5;
	if (fid <= SBI_SSE_INJECT && fid != SBI_SSE_COMPLETE) {
		e = lookup(h, (uint32_t)a0, &err);
		if (!e)
			return (struct rvpmu_ret){ err, 0 };
	}
	lock();
	switch (fid) {
	case SBI_SSE_READ_ATTRS:
	case SBI_SSE_WRITE_ATTRS:
		r.error = attrs(h, e, (uint32_t)a1, (uint32_t)a2, a3, a4,
				fid == SBI_SSE_WRITE_ATTRS);
		break;
	case SBI_SSE_REGISTER:
		if (a1 & 1)
			r.error = SBI_ERR_INVALID_PARAM;
		else if (e->state != SBI_SSE_STATE_UNUSED)
			r.error = SBI_ERR_INVALID_STATE;
		else {
			e->entry_pc = a1;
			e->entry_arg = a2;
			e->state = SBI_SSE_STATE_REGISTERED;
		}
		break;
	case SBI_SSE_UNREGISTER:
		if (e->state != SBI_SSE_STATE_REGISTERED)
			r.error = SBI_ERR_INVALID_STATE;
		else {
			e->state = SBI_SSE_STATE_UNUSED;
			e->pending = 0;
			e->entry_pc = e->entry_arg = 0;
		}
		break;
	case SBI_SSE_ENABLE:
		if (e->state != SBI_SSE_STATE_REGISTERED)
			r.error = SBI_ERR_INVALID_STATE;
		else
			set_state(h, e, SBI_SSE_STATE_ENABLED);
		break;
	case SBI_SSE_DISABLE:
		if (e->state != SBI_SSE_STATE_ENABLED)
			r.error = SBI_ERR_INVALID_STATE;
		else
			set_state(h, e, SBI_SSE_STATE_REGISTERED);
		break;
	case SBI_SSE_COMPLETE:
		/* the interrupted context's a0/a1, which the handler put back */
		if (complete(h, f))
			r = (struct rvpmu_ret){ (long)a0, a1 };
		break;
	case SBI_SSE_INJECT:
		r.error = inject_call(h, e, a1);
		break;
	case SBI_SSE_HART_UNMASK:
		if (h->sse.unmasked)
			r.error = SBI_ERR_ALREADY_STARTED;
		h->sse.unmasked = true;
		break;
	case SBI_SSE_HART_MASK:
		if (!h->sse.unmasked)
			r.error = SBI_ERR_ALREADY_STOPPED;
		h->sse.unmasked = false;
		break;
	default:
		r.error = SBI_ERR_NOT_SUPPORTED;
	}
	unlock();
	/* what the call made deliverable here runs now, as if it had
	   interrupted the instruction after the ecall */
	if (!r.error || fid == SBI_SSE_COMPLETE)
		deliver(h, f, true);
	return r;
}
