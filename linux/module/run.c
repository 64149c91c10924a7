// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0
/*
 * Specification: docs/sbi-sampler.md (section 7.3 STOP, 10 buffers, 11 ordering).
 * run.c - one sampler run: the firmware's buffers are the event's AUX
 * pages, cut into nr_bufs equal chunks in ring order; the firmware fills
 * them in turn (ring mode) and this file hands each closed one to perf
 * with perf_aux_output_end, then gives it back to the firmware
 * (BUFFER_RELEASE) once the reader moved aux_tail past it.
 *
 * Why chunk j of the run is AUX chunk (head0 / chunk + j) mod nr_bufs and
 * the run needs nr_bufs >= 2: perf's AUX space (CIRC_SPACE) never lets
 * the whole ring be committed, so at most nr_bufs - 1 chunks wait for the
 * reader while the firmware fills the last one.
 *
 * Lifetime: the event's AUX handle is held from rvs_run_start to the end
 * of rvs_run_stop. perf frees AUX pages only when the last handle on them
 * is let go, and perf_mmap_close first calls pmu::stop on the event's CPU
 * (perf_pmu_output_stop) for an active event. The poll commits by ending
 * the handle and beginning it again at once, on the event's CPU with IRQs
 * off, so no pmu::stop comes between; if the new begin fails (the area is
 * being unmapped) the poll STOPs the firmware before it returns. After
 * STOP returns no hart of the run writes (docs/sampler.md, section 1.4);
 * one STATUS read checks that promise, and if it was broken the handle is
 * never let go: the pages leak rather than be written after their free.
 *
 * Context: rvs_run_start / rvs_run_stop are pmu::start / pmu::stop (the
 * event's CPU, IRQs off); the poll is an hrtimer pinned to that CPU, so
 * the three never run at once. One run at a time (main.c's owner).
 *
 * When the die's lead CPU goes offline, main.c moves the event to another
 * CPU of the die (perf_pmu_migrate_context: pmu::del on the old CPU, then
 * pmu::add on the new one). The firmware run is not the CPU's: the
 * firmware drops the stopping hart and samples the others, and STATUS,
 * BUFFER_RELEASE and STOP may come from any hart. So while ev->moving the
 * stop only parks the run (the poll cancelled on the old CPU, the handle
 * kept, nothing said to the firmware) and the start resumes it.
 */
#include <linux/gfp.h>
#include <linux/io.h>
#include <linux/log2.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <asm/sbi.h>

#include "rvpmu_sampler.h"

unsigned long rvs_hartid[NR_CPUS];
u32 *rvs_cid2;
unsigned int rvs_cid2_count;

static struct rvpmu_sampler_config *cfg;	/* CONFIGURE copies it */
static struct rvpmu_sampler_status *status;
static u64 *hartmap;
static unsigned int hart_words;

static long rvs_sbi(int fid, unsigned long a0, unsigned long a1, unsigned long a2)
{
	struct sbiret r = sbi_ecall(RVPMU_SAMPLER_EID, fid, a0, a1, a2, 0, 0, 0);

	return r.error;
}

static int sbi_to_errno(long e)
{
	switch (e) {
	case 0:				return 0;
	case SBI_ERR_NOT_SUPPORTED:	return -EOPNOTSUPP;
	case SBI_ERR_DENIED:		return -EBUSY;
	case SBI_ERR_INVALID_ADDRESS:	return -EFAULT;
	case -7:			return -EBUSY;	/* ALREADY_STARTED */
	default:			return -EINVAL;
	}
}

static const char *refusal(int err)
{
	switch (err) {
	case -EBUSY:	  return "the counters it needs are held by S-mode (regular perf events)";
	case -EOPNOTSUPP: return "an event the platform cannot count";
	case -EFAULT:	  return "a buffer the firmware cannot write";
	default:	  return "the configuration";
	}
}

static void read_status(void)
{
	if (rvs_sbi(RVPMU_SAMPLER_STATUS, virt_to_phys(status), 0, sizeof(*status)))
		memset(status, 0, sizeof(*status));
}

/*
 * STOP, and the one check of its promise: afterwards the state is DONE
 * (or IDLE/CONFIGURED when no run was on). Returns false when the
 * firmware still says RUNNING: its harts may still write.
 */
static bool firmware_stop(void)
{
	rvs_sbi(RVPMU_SAMPLER_STOP, 0, 0, 0);
	read_status();
	return status->state != RVPMU_SAMPLER_RUNNING;
}

static unsigned long aux_size(struct rvs_event *ev)
{
	const struct rvs_aux *aux = ev->handle.rb ? perf_get_aux(&ev->handle) : NULL;

	return aux ? (unsigned long)aux->nr_pages << PAGE_SHIFT : 0;
}

static struct rvpmu_sampler_header *chunk_hdr(struct rvs_event *ev, unsigned int buf)
{
	const struct rvs_aux *aux = perf_get_aux(&ev->handle);
	unsigned long off = (ev->head0 + (unsigned long)buf * ev->chunk) % aux_size(ev);

	return (struct rvpmu_sampler_header *)
	       ((char *)aux->pages[off >> PAGE_SHIFT] + (off & ~PAGE_MASK));
}

/* Physical start of AUX bytes [off, off + len), or 0 if not contiguous. */
static phys_addr_t aux_phys(const struct rvs_aux *aux, unsigned long off,
			    unsigned long len)
{
	unsigned long p = off >> PAGE_SHIFT, n = len >> PAGE_SHIFT, i;
	phys_addr_t base = virt_to_phys(aux->pages[p]);

	for (i = 1; i < n; i++)
		if (virt_to_phys(aux->pages[p + i]) != base + (i << PAGE_SHIFT))
			return 0;
	return base;
}

/*
 * Commits every closed buffer perf has room for and releases every chunk
 * the reader consumed: the handle is ended with the bytes committed and
 * begun again, which also tells how far the reader got. The room is what
 * it was at the last begin: when a closed buffer waits for more and none
 * was committed, the handle is ended empty and begun again (once) to learn
 * the reader's progress, else a reader that caught up after the last
 * commit would never be seen (the run's last buffer left out, or no
 * buffer released until the run stops FULL). Returns false when the
 * handle cannot be begun again (the AUX area is going away): the caller
 * must STOP the firmware before it returns.
 */
static bool drain(struct rvs_event *ev, bool refreshed)
{
	unsigned long size = aux_size(ev), commit = 0;
	struct perf_output_handle *h = &ev->handle;
	bool waiting = false;

	for (;;) {
		struct rvpmu_sampler_header *hdr;
		unsigned long tail;
		u64 consumed;
		u32 state;

		/* CIRC_SPACE's inverse: where the reader's tail was at begin */
		tail = h->head + h->size + 1 - size;
		consumed = tail > ev->head0 ? (tail - ev->head0) / ev->chunk : 0;
		while (ev->released < consumed && ev->released < ev->done) {
			rvs_sbi(RVPMU_SAMPLER_BUFFER_RELEASE, ev->released % ev->nbufs, 0, 0);
			ev->released++;
		}
		hdr = chunk_hdr(ev, ev->done % ev->nbufs);
		state = READ_ONCE(hdr->state);
		smp_rmb();	/* the header's state is written last */
		if ((state != RVPMU_SAMPLER_BUF_FULL && state != RVPMU_SAMPLER_BUF_LAST) ||
		    READ_ONCE(hdr->lap) != ev->done / ev->nbufs)
			break;
		if (h->size < commit + ev->chunk) {
			waiting = true;		/* closed, but no room at begin */
			break;
		}
		commit += ev->chunk;
		ev->done++;
		if (state == RVPMU_SAMPLER_BUF_LAST)
			ev->ended = true;
	}
	if (!commit && (!waiting || refreshed))
		return true;
	/* end and begin again back to back: nothing can free the pages in
	   between (see the top of the file) */
	perf_aux_output_end(h, commit);
	ev->held = perf_aux_output_begin(h, ev->event) != NULL;
	/* after a commit more may be closed, now that it is known; after an
	   empty end, the room may now do */
	if (ev->held && (!commit || !ev->ended))
		return drain(ev, !commit);
	return ev->held;
}

/* The handle let go, with a truncation mark when samples were lost. */
static void let_go(struct rvs_event *ev, bool lost)
{
	if (!ev->held)
		return;
	if (lost)
		perf_aux_output_flag(&ev->handle, PERF_AUX_FLAG_TRUNCATED);
	perf_aux_output_end(&ev->handle, 0);
	ev->held = false;
}

/* STOP, the last buffers committed, the handle let go (or kept forever
   if the firmware broke STOP's promise). */
static void finish(struct rvs_event *ev)
{
	bool stopped = firmware_stop();

	ev->running = false;
	ev->parked = false;
	if (!stopped) {
		ev->leaked = true;
		pr_err_ratelimited(RVS_NAME ": %s: the firmware still runs after STOP; its AUX pages are kept (leaked) so it cannot write into freed memory\n",
				   ev->die->name);
		return;
	}
	if (ev->held)
		drain(ev, false);
	if (status->lost)
		pr_warn_ratelimited(RVS_NAME ": %s: %llu sample(s) lost: the reader did not keep up (a larger AUX area, -m, helps)\n",
				    ev->die->name, status->lost);
	let_go(ev, status->lost || status->stop_reason == RVPMU_SAMPLER_STOP_FULL);
}

static enum hrtimer_restart poll_fn(struct hrtimer *t)
{
	struct rvs_event *ev = container_of(t, struct rvs_event, poll);

	if (!ev->running)
		return HRTIMER_NORESTART;
	if (!drain(ev, false)) {	/* the AUX area is going away: STOP now */
		finish(ev);
		return HRTIMER_NORESTART;
	}
	/* once the LAST buffer is perf's, stop() ends the rest; until then
	   go on, also after the firmware is DONE: the last buffer may wait
	   for the reader to make room */
	if (ev->ended)
		return HRTIMER_NORESTART;
	hrtimer_forward_now(t, ns_to_ktime(clamp(ev->period_us, 1000u, 20000u) * NSEC_PER_USEC));
	return HRTIMER_RESTART;
}

/* Picks nr_bufs (a power of two, 2..64, chunks physically contiguous and
 * aligned to the ring's head), fills cfg->bufs and CONFIGUREs. */
static int configure(struct rvs_event *ev, const struct rvs_aux *aux, unsigned long head)
{
	unsigned long size = (unsigned long)aux->nr_pages << PAGE_SHIFT;
	unsigned int n = rounddown_pow_of_two(min(RVPMU_SAMPLER_MAX_BUFS, aux->nr_pages));
	long err = SBI_ERR_INVALID_PARAM;

	for (; n >= 2; n /= 2) {
		unsigned long chunk = size / n;
		unsigned int i;

		if (head % chunk)
			continue;
		for (i = 0; i < n; i++) {
			unsigned long off = (head + i * chunk) % size;

			cfg->bufs[i].addr = aux_phys(aux, off, chunk);
			cfg->bufs[i].size = chunk;
			if (!cfg->bufs[i].addr)
				break;
		}
		if (i < n)
			continue;
		cfg->nr_bufs = n;
		err = rvs_sbi(RVPMU_SAMPLER_CONFIGURE, virt_to_phys(cfg), 0, 0);
		if (err != SBI_ERR_INVALID_PARAM) {
			ev->chunk = chunk;
			ev->nbufs = n;
			break;
		}
	}
	return sbi_to_errno(err);
}

/* The poll, pinned to the calling CPU: the first look in a millisecond. */
static void poll_here(struct rvs_event *ev)
{
	hrtimer_start(&ev->poll, ns_to_ktime(1000 * NSEC_PER_USEC), HRTIMER_MODE_REL_PINNED);
}

int rvs_run_start(struct rvs_event *ev)
{
	struct perf_output_handle *h = &ev->handle;
	struct rvs_aux *aux;
	int err;

	if (ev->parked) {	/* the move's second half */
		ev->parked = false;
		poll_here(ev);
		return 0;
	}
	if (ev->running || ev->leaked)
		return -EBUSY;
	aux = perf_aux_output_begin(h, ev->event);
	if (!aux)
		return -EINVAL;
	ev->held = true;
	if (h->size != ((unsigned long)aux->nr_pages << PAGE_SHIFT) - 1) {
		err = -EBUSY;	/* the reader must have caught up */
		goto refused;
	}
	err = configure(ev, aux, h->head);
	if (!err)
		err = sbi_to_errno(rvs_sbi(RVPMU_SAMPLER_START, 0, 0, 0));
	if (err)
		goto refused;
	ev->head0 = h->head;
	ev->done = ev->released = 0;
	ev->ended = false;
	ev->running = true;
	poll_here(ev);
	return 0;
refused:
	pr_warn_ratelimited(RVS_NAME ": %s: the firmware refused the run (%d): %s\n",
			    ev->die->name, err, refusal(err));
	let_go(ev, true);	/* perf report says: AUX data lost */
	return err;
}

void rvs_run_stop(struct rvs_event *ev)
{
	if (!ev->running || ev->parked)
		return;
	/* IRQs are off on the poll's CPU: it is not running, so this cancels */
	hrtimer_try_to_cancel(&ev->poll);
	if (READ_ONCE(ev->moving)) {	/* the move's first half: the run goes on */
		ev->parked = true;
		return;
	}
	finish(ev);
}

void rvs_run_unpark(struct rvs_event *ev)
{
	unsigned long flags;

	/* perf_pmu_migrate_context always adds the event back, so this is
	   not expected; were it left parked, nothing would read its buffers */
	if (WARN_ON_ONCE(ev->parked)) {
		local_irq_save(flags);
		finish(ev);
		local_irq_restore(flags);
	}
}

/*
 * The probe: the configuration with one scratch buffer, START, STOP. The
 * buffer is sized for the worst nr_pmu (1 counter a subsample gives the
 * largest sample); START writes its header and zeroes it, and after STOP
 * returns nothing writes it again, so it is freed at once.
 */
static int probe(unsigned int nr_harts)
{
	size_t size = 104 + 2 * ALIGN(4 * nr_harts, 8) + 16 * cfg->nr_events +
		      (size_t)RVPMU_SAMPLER_SUBSAMPLE_SIZE_WINDOW(1, nr_harts) * cfg->nr_events;
	void *buf = alloc_pages_exact(size, GFP_KERNEL | __GFP_NOWARN);
	long err;

	if (!buf)
		return -ENOMEM;
	cfg->nr_bufs = 1;
	cfg->bufs[0].addr = virt_to_phys(buf);
	cfg->bufs[0].size = ALIGN(size, 8);
	err = rvs_sbi(RVPMU_SAMPLER_CONFIGURE, virt_to_phys(cfg), 0, 0);
	if (!err)
		err = rvs_sbi(RVPMU_SAMPLER_START, 0, 0, 0);
	if (!err && !firmware_stop()) {
		pr_err_ratelimited(RVS_NAME ": the firmware still runs after STOP; the probe's buffer is kept (leaked)\n");
		return -EIO;
	}
	free_pages_exact(buf, size);
	return sbi_to_errno(err);
}

int rvs_run_prepare(struct rvs_event *ev, const struct rvs_settings *s)
{
	struct rvs_die *die = ev->die;
	unsigned int i, harts = 0;
	int err;

	memset(cfg, 0, sizeof(*cfg));
	cfg->magic = RVPMU_SAMPLER_CFG_MAGIC;
	cfg->version = RVPMU_SAMPLER_VERSION;
	mutex_lock(&die->lock);
	cfg->nr_events = die->nr_events;
	for (i = 0; i < die->nr_events; i++)
		rvs_id_to_sbi(die->ids[i], &cfg->events[i]);
	mutex_unlock(&die->lock);
	cfg->nr_pmu = s->nr_pmu;
	cfg->period_us = s->period_us;
	cfg->nr_sample = s->nr_sample;
	cfg->filter = s->filter;
	/* each window's mtime: rates from true lengths (docs/sampler.md) */
	cfg->flags = RVPMU_SAMPLER_F_RING | RVPMU_SAMPLER_F_MTIME | RVPMU_SAMPLER_F_WINDOW;
	memset(hartmap, 0, hart_words * 8);
	for_each_cpu(i, &die->cpus) {
		hartmap[rvs_hartid[i] / 64] |= 1ull << (rvs_hartid[i] % 64);
		harts++;
	}
	cfg->harts_addr = virt_to_phys(hartmap);
	cfg->harts_bits = hart_words * 64;
	cfg->cid2_addr = virt_to_phys(rvs_cid2);
	cfg->cid2_count = rvs_cid2_count;
	ev->period_us = s->period_us;
	err = probe(harts);
	if (err)
		pr_info_ratelimited(RVS_NAME ": %s: the firmware refuses the run (%d): %s\n",
				    die->name, err, refusal(err));
	return err;
}

void rvs_event_setup(struct rvs_event *ev)
{
	hrtimer_init(&ev->poll, CLOCK_MONOTONIC, HRTIMER_MODE_REL_PINNED);
	ev->poll.function = poll_fn;
}

void rvs_event_teardown(struct rvs_event *ev)
{
	/* pmu::del ran (the event is gone from its context): no run, no poll */
	hrtimer_cancel(&ev->poll);
	WARN_ON_ONCE(ev->running || (ev->held && !ev->leaked));
}

int rvs_run_init(void)
{
	unsigned long max_hart = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		max_hart = max(max_hart, rvs_hartid[cpu]);
	hart_words = max_hart / 64 + 1;
	rvs_cid2_count = max_hart + 1;
	cfg = kzalloc(sizeof(*cfg), GFP_KERNEL);
	status = kzalloc(sizeof(*status), GFP_KERNEL);
	hartmap = kcalloc(hart_words, 8, GFP_KERNEL);
	rvs_cid2 = kcalloc(rvs_cid2_count, sizeof(*rvs_cid2), GFP_KERNEL);
	if (!cfg || !status || !hartmap || !rvs_cid2) {
		rvs_run_exit();
		return -ENOMEM;
	}
	return 0;
}

void rvs_run_exit(void)
{
	/* no event can be left (perf holds the module while one is open) */
	kfree(cfg);
	kfree(status);
	kfree(hartmap);
	kfree(rvs_cid2);
	cfg = NULL;
}
