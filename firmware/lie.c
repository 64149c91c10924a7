/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/lie.c - the sampler's client lied to, for tests only (lie.h
 * says what and when). Built with RVPMU_LIE into
 * build/rvpmu-fw-lie-rv64.elf; the default image has none of it.
 *
 * Each lie breaks one promise of docs/sbi-sampler.md that a careful
 * client need not trust: STOP's "no hart writes after it" (STATUS still
 * tells the truth), RESET's, STATUS answering at all, and a fill closing
 * on time. The log is what the run wrote, by buffer and time, for
 * scripts/lie-check to hold against the pages the client held.
 *
 * What is logged, and why it is enough: a hart of the run writes only at
 * its switches (fw_lie_tick: the buffer it was in and the one it is in
 * after), at START (the first headers), at its part of a real STOP or
 * RESET (the LAST headers), when it leaves through HSM, and at a
 * BUFFER_RELEASE (the FREE header). Whole-run writes (START, STOP, RESET,
 * leaving) are logged as every buffer of the run written over the call,
 * more than was, never less. CONFIGURE's and STATUS's stores go to the
 * caller's shared memory during its own call and are not logged.
 */
#include <stdarg.h>

#include "ext.h"
#include "harts.h"
#include "lie.h"
#include "lib/fmt.h"
#include "sbi_sampler.h"
#include "timer.h"

#define FW_LIE_STOP_US	3000	/* how long a lying STOP's run goes on */
#define FW_LIE_DELAY_US	2000	/* how late a delayed switch comes */
#define LIE_HARTS	64	/* harts whose writes are logged as spans */

/* one hart's current span of writes into one buffer */
struct span {
	uint64_t addr, size, t0, t1;
};

static struct span spans[LIE_HARTS];	/* each touched by its hart only */
static volatile int log_lock;
static uint64_t stop_at;		/* a lying STOP's real one, 0: none */
static uint32_t stops, statuses, lied, delays;
static bool reset_lies;

static uint64_t us(uint64_t n)
{
	return n * plat.timebase / 1000000;
}

/* QEMU's semihosting SYS_WRITE0 (0x04): the three instructions are its
   marker, uncompressed and within one aligned block */
static void semi_out(const char *s, unsigned long n)
{
	register unsigned long a0 __asm__("a0") = 0x04;
	register unsigned long a1 __asm__("a1") = (unsigned long)s;

	(void)n;
	__asm__ volatile(".option push\n.option norvc\n.balign 16\n"
			 "slli zero, zero, 0x1f\nebreak\nsrai zero, zero, 7\n.option pop"
			 : "+r"(a0) : "r"(a1) : "memory");
}

static void lie_log(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	rvpmu_vprint_locked(&log_lock, semi_out, fmt, ap);
	va_end(ap);
}

static void put_span(const char *who, uint64_t addr, uint64_t size, uint64_t t0, uint64_t t1)
{
	lie_log("w %s %llx %llx %llx %llx\n", who, (unsigned long long)addr,
		(unsigned long long)size, (unsigned long long)t0, (unsigned long long)t1);
}

static void flush(unsigned int pos)
{
	struct span *sp = &spans[pos];
	char who[12];

	if (!sp->size)
		return;
	rvpmu_snprintf(who, sizeof(who), "%u", pos);
	put_span(who, sp->addr, sp->size, sp->t0, sp->t1);
	sp->size = 0;
}

/* hart h wrote within buffer b between t0 and t1 */
static void note(struct fw_hart *h, uint32_t b, uint64_t t0, uint64_t t1)
{
	const struct rvpmu_sampler_buf *buf = &fw_sampler.bufs[b];
	struct span *sp;

	if (b >= fw_sampler.nr_bufs)
		return;
	if (h->pos >= LIE_HARTS) {
		put_span("*", buf->addr, buf->size, t0, t1);
		return;
	}
	sp = &spans[h->pos];
	if (sp->size && sp->addr == buf->addr) {
		sp->t1 = t1;
		return;
	}
	flush(h->pos);
	*sp = (struct span){ buf->addr, buf->size, t0, t1 };
}

/* the run's first nb buffers written between t0 and t1, adjacent ones
   as one (RESET leaves bufs[] as they were: nb is read before it) */
static void note_all(uint32_t nb, uint64_t t0, uint64_t t1)
{
	uint64_t a = 0, n = 0;
	uint32_t i;

	for (i = 0; i < nb; i++) {
		const struct rvpmu_sampler_buf *b = &fw_sampler.bufs[i];

		if (n && b->addr == a + n) {
			n += b->size;
			continue;
		}
		if (n)
			put_span("*", a, n, t0, t1);
		a = b->addr;
		n = b->size;
	}
	if (n)
		put_span("*", a, n, t0, t1);
}

static bool running(void)
{
	return rvpmu_sampler_state(&fw_sampler) == RVPMU_SAMPLER_RUNNING;
}

/* SUCCESS now, the real stop FW_LIE_STOP_US later (a switch asks it) */
static struct rvpmu_ret lie_later(const char *what, uint64_t now)
{
	lie_log("lie %s %llx\n", what, (unsigned long long)now);
	__atomic_store_n(&stop_at, now + us(FW_LIE_STOP_US), __ATOMIC_RELEASE);
	return (struct rvpmu_ret){ SBI_SUCCESS, 0 };
}

uint64_t fw_lie_tick(struct fw_hart *h, uint64_t now)
{
	struct rvpmu_sampler_hart *sh = &h->sampler;
	uint64_t at = __atomic_load_n(&stop_at, __ATOMIC_ACQUIRE), next, t1;
	uint32_t b = sh->buf;
	bool was = sh->running;

	if (at && now >= at && __atomic_compare_exchange_n(&stop_at, &at, 0, false,
							    __ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
		rvpmu_sampler_stop(&fw_sampler);	/* each hart ends at its next sample */
	if (was && sh->pos == 1 && __atomic_add_fetch(&delays, 1, __ATOMIC_RELAXED) % 64 == 0) {
		lie_log("lie delay %llx\n", (unsigned long long)now);
		return now + us(FW_LIE_DELAY_US);
	}
	next = rvpmu_sampler_tick(&fw_sampler, sh, now);
	t1 = fw_mtime();
	if (was)
		note(h, b, now, t1);
	if (sh->running && sh->buf != b)
		note(h, sh->buf, now, t1);
	if (!sh->running && h->pos < LIE_HARTS)
		flush(h->pos);
	return next;
}

void fw_lie_left(struct fw_hart *h, bool in_run)
{
	uint64_t t = fw_mtime();

	if (!in_run)
		return;
	if (h->pos < LIE_HARTS)
		flush(h->pos);
	note_all(fw_sampler.nr_bufs, t, t);
}

struct rvpmu_ret sbi_sampler_lie_ecall(SBI_HANDLER_ARGS)
{
	uint64_t t0 = fw_mtime(), t1;
	uint32_t nb = fw_sampler.nr_bufs;
	bool was = running();
	unsigned int pos;
	struct rvpmu_ret r;

	switch (fid) {
	case RVPMU_SAMPLER_STOP:
		if (running() && __atomic_add_fetch(&stops, 1, __ATOMIC_RELAXED) % 2 == 0) {
			if (__atomic_add_fetch(&lied, 1, __ATOMIC_RELAXED) == 3)
				reset_lies = true;
			return lie_later("stop", t0);
		}
		break;
	case RVPMU_SAMPLER_RESET:
		if (running() && reset_lies) {
			reset_lies = false;
			return lie_later("reset", t0);
		}
		break;
	case RVPMU_SAMPLER_STATUS:
		if (__atomic_add_fetch(&statuses, 1, __ATOMIC_RELAXED) % 7 == 0) {
			lie_log("lie status %llx\n", (unsigned long long)t0);
			return (struct rvpmu_ret){ SBI_ERR_FAILED, 0 };
		}
		break;
	}
	r = sbi_sampler_ecall(a0, a1, a2, a3, a4, a5, fid, h);
	t1 = fw_mtime();
	if (r.error)
		return r;
	switch (fid) {
	case RVPMU_SAMPLER_START:
		note_all(nb, t0, t1);
		break;
	case RVPMU_SAMPLER_STOP:
	case RVPMU_SAMPLER_RESET:
		__atomic_store_n(&stop_at, 0, __ATOMIC_RELEASE);
		if (!was)
			break;	/* nothing ran: nothing was written */
		/* synchronous: no hart of the run switches any more, so each
		   span is read from here; the LAST headers came in the call */
		for (pos = 0; pos < LIE_HARTS; pos++) {
			if (spans[pos].size)
				spans[pos].t1 = t1;
			flush(pos);
		}
		note_all(nb, t0, t1);
		break;
	case RVPMU_SAMPLER_BUFFER_RELEASE:
		if (a0 < fw_sampler.nr_bufs)
			put_span("*", fw_sampler.bufs[a0].addr, fw_sampler.bufs[a0].size, t0, t1);
		break;
	}
	return r;
}
