// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0
/*
 * run.c - one sampler run: the firmware's buffers are chunks of the
 * event's AUX pages, and it fills them in turn (ring mode); this file
 * hands each closed one to perf with perf_aux_output_end, then gives it
 * back to the firmware (BUFFER_RELEASE) once the reader moved aux_tail
 * past it. The extension: docs/sbi-sampler.md (7.3 STOP, 10 buffers,
 * 11 ordering).
 *
 * Every pmu::start is a fresh run at the reader's head, in the room there
 * is: the ring is cut into 2^i equal chunks and the run's buffers are the
 * whole chunks between the head and the reader's tail (two at least when
 * they fit, else one). When that is not the whole ring, each lap of the
 * run ends with a PAD record over the chunks it does not use, so perf's
 * AUX space and the firmware's buffers stay in step; a start past a chunk
 * boundary begins with one too (docs/linux.md, "AUX"). With no room at
 * all the poll waits for the reader, and the run starts then.
 *
 * Lifetime: the event's AUX handle is held from rvs_run_start to the end
 * of rvs_run_stop. perf frees AUX pages only when the last handle on them
 * is let go, and perf_mmap_close first calls pmu::stop on the event's CPU
 * (perf_pmu_output_stop) for an active event. The poll commits by ending
 * the handle and beginning it again at once, on the event's CPU with IRQs
 * off, so no pmu::stop comes between; if the new begin fails (the area is
 * being unmapped) the poll STOPs the firmware before it returns. After
 * STOP returns no hart of the run writes (docs/sbi-sampler.md, 7.3); one
 * STATUS read checks that promise, and if it was broken or STATUS fails
 * the handle is never let go: the pages leak rather than be written after
 * their free.
 *
 * Context: rvs_run_start / rvs_run_stop are pmu::start / pmu::stop (the
 * event's CPU, IRQs off); the poll is an hrtimer pinned to that CPU, so
 * the three never run at once. One run at a time (main.c's owner). No run
 * outlives its pmu::stop: a CPU hotplug move (perf_pmu_migrate_context)
 * is pmu::del on the old CPU, which stops the run and lets its pages go,
 * and pmu::add on the new one, which starts a fresh one there.
 */
#include <linux/bits.h>
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

/*
 * STOP, and the one check of its promise: afterwards STATUS says the run
 * is over (DONE, or IDLE/CONFIGURED when none was on). Returns false when
 * the firmware still says RUNNING or STATUS itself fails: then nothing
 * shows that its harts stopped writing, and the caller must assume they
 * did not.
 */
static bool firmware_stop(void)
{
	rvs_sbi(RVPMU_SAMPLER_STOP, 0, 0, 0);
	if (rvs_sbi(RVPMU_SAMPLER_STATUS, virt_to_phys(status), 0, sizeof(*status)))
		return false;
	return status->state != RVPMU_SAMPLER_RUNNING;
}

static unsigned long aux_size(struct rvs_event *ev)
{
	const struct rvs_aux *aux = ev->handle.rb ? perf_get_aux(&ev->handle) : NULL;

	return aux ? (unsigned long)aux->nr_pages << PAGE_SHIFT : 0;
}

/* Kernel address of AUX byte off (0 <= off < aux_size). */
static void *aux_at(struct rvs_event *ev, unsigned long off)
{
	const struct rvs_aux *aux = perf_get_aux(&ev->handle);

	return (char *)aux->pages[off >> PAGE_SHIFT] + (off & ~PAGE_MASK);
}

/*
 * Where run chunk j lies in perf's AUX space (aux_head's count, which
 * only grows): buffer j % nbufs, in lap j / nbufs. When the run has
 * fewer buffers than the ring has chunks, each lap ends with a pad over
 * the chunks the run does not use, so every lap starts on buffer 0's
 * place again.
 */
static unsigned long run_pos(struct rvs_event *ev, u64 j)
{
	return ev->head0 + (unsigned long)(j / ev->nbufs) * aux_size(ev) +
	       (unsigned long)(j % ev->nbufs) * ev->chunk;
}

static struct rvpmu_sampler_header *chunk_hdr(struct rvs_event *ev, u64 j)
{
	return aux_at(ev, run_pos(ev, j) % aux_size(ev));
}

/*
 * A PAD record over AUX bytes [pos, pos + len) (the docs' stream format:
 * magic, reserved, length; the rest is stale and skipped by readers),
 * then the handle moved past it. len is a multiple of the page size and
 * at most the room: the caller checked.
 */
static void pad(struct rvs_event *ev, unsigned long pos, unsigned long len)
{
	__le32 *p = aux_at(ev, pos % aux_size(ev));

	p[0] = cpu_to_le32(RVPMU_SAMPLER_PAD_MAGIC);
	p[1] = 0;
	*(__le64 *)(p + 2) = cpu_to_le64(len);
	perf_aux_output_skip(&ev->handle, len);
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

/* Whether STATUS shows the run stopped because it had no free buffer. */
static bool full_now(void)
{
	return !rvs_sbi(RVPMU_SAMPLER_STATUS, virt_to_phys(status), 0, sizeof(*status)) &&
	       status->state != RVPMU_SAMPLER_RUNNING &&
	       status->stop_reason == RVPMU_SAMPLER_STOP_FULL;
}

/*
 * Gives back to the firmware every buffer the reader is past: where its
 * tail was at the last begin is CIRC_SPACE's inverse.
 */
static void release_read(struct rvs_event *ev)
{
	struct perf_output_handle *h = &ev->handle;
	unsigned long tail = h->head + h->size + 1 - aux_size(ev);

	while (ev->released < ev->done &&
	       (long)(tail - run_pos(ev, ev->released) - ev->chunk) >= 0) {
		rvs_sbi(RVPMU_SAMPLER_BUFFER_RELEASE, ev->released % ev->nbufs, 0, 0);
		ev->released++;
	}
}

/* Whether run chunk done is closed (FULL or LAST of its lap). */
static bool closed(struct rvs_event *ev, u32 *state)
{
	struct rvpmu_sampler_header *hdr = chunk_hdr(ev, ev->done);

	*state = READ_ONCE(hdr->state);
	smp_rmb();	/* the header's state is written last */
	return (*state == RVPMU_SAMPLER_BUF_FULL || *state == RVPMU_SAMPLER_BUF_LAST) &&
	       READ_ONCE(hdr->lap) == ev->done / ev->nbufs;
}

/*
 * Commits every closed buffer perf has room for (with the pad a new lap
 * needs first) and releases every chunk the reader consumed: the handle
 * is ended with the bytes committed and begun again, which also tells how
 * far the reader got. The room is what it was at the last begin: when a
 * closed buffer waits for more and none was committed, the handle is
 * ended empty and begun again once to learn the reader's progress. The
 * end and the begin are back to back on the event's CPU with IRQs off,
 * so nothing can free the pages in between (see the top of the file).
 * Returns false when the handle cannot be begun again (the AUX area is
 * going away): the caller must STOP the firmware before it returns.
 */
static bool drain(struct rvs_event *ev)
{
	struct perf_output_handle *h = &ev->handle;
	unsigned long commit = 0, skip;
	bool looked = false;
	u32 state;

	for (;;) {
		release_read(ev);
		if (ev->ended || !closed(ev, &state)) {
			if (!commit)
				return true;
			goto again;
		}
		skip = run_pos(ev, ev->done) - (h->head + commit);
		if (skip && commit)
			goto again;	/* a new lap: the pad goes after this end */
		if (h->size < skip + commit + ev->chunk) {
			if (commit || !looked)
				goto again;
			/*
			 * The run is over but its LAST buffer waits for room: a
			 * run that ran out of buffers says so now, not when the
			 * reader comes back (the buffer is committed then).
			 */
			if (state == RVPMU_SAMPLER_BUF_LAST && !ev->told && full_now()) {
				perf_aux_output_flag(h, PERF_AUX_FLAG_TRUNCATED);
				ev->told = true;
				goto again;
			}
			return true;	/* closed, but the reader has not made room */
		}
		if (skip)
			pad(ev, h->head, skip);
		commit += ev->chunk;
		ev->done++;
		ev->ended = state == RVPMU_SAMPLER_BUF_LAST;
		continue;
again:
		looked = !commit;
		perf_aux_output_end(h, commit);
		commit = 0;
		ev->held = !!perf_aux_output_begin(h, ev->event);
		if (!ev->held)
			return false;
	}
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

/*
 * STOP (a run that ended by itself answers ALREADY_STOPPED), the last
 * buffers committed, the handle let go, or kept forever when STATUS does
 * not show the run over: then its harts may still write, and the pages
 * leak rather than be written after their free. Returns the STOP reason
 * (RVPMU_SAMPLER_STOP_NONE when the pages were kept).
 */
static u32 finish(struct rvs_event *ev)
{
	bool stopped = firmware_stop();

	ev->running = false;
	if (!stopped) {
		ev->leaked = true;
		pr_err_ratelimited(RVS_NAME ": %s: the firmware may still run after STOP; its AUX pages are kept (leaked) so it cannot write into freed memory\n",
				   ev->die->name);
		return RVPMU_SAMPLER_STOP_NONE;
	}
	if (ev->held && !ev->ended)
		drain(ev);
	if (status->lost)
		pr_warn_ratelimited(RVS_NAME ": %s: %llu sample(s) lost: the reader did not keep up (a larger AUX area, -m, helps)\n",
				    ev->die->name, status->lost);
	let_go(ev, !ev->told && (status->lost || status->stop_reason == RVPMU_SAMPLER_STOP_FULL));
	return status->stop_reason;
}

/*
 * Picks the run's buffers in the room at the handle's head: equal chunks
 * of the ring (a power of two of them, physically contiguous), whole
 * ones, at least want of them; fills cfg->bufs and CONFIGUREs. -ENOSPC:
 * no chunk size leaves want whole chunks in the room.
 */
static int configure(struct rvs_event *ev, unsigned int want)
{
	struct perf_output_handle *h = &ev->handle;
	const struct rvs_aux *aux = perf_get_aux(h);
	unsigned long size = aux_size(ev), room = h->size + 1;
	unsigned int n = rounddown_pow_of_two(min(RVPMU_SAMPLER_MAX_BUFS, aux->nr_pages));
	long err = -ENOSPC;

	for (; n >= 1; n /= 2) {
		unsigned long chunk = size / n;
		unsigned long skip = roundup(h->head, chunk) - h->head;
		unsigned int i, k;

		if (skip >= room || (room - skip) / chunk < want)
			continue;
		k = min_t(unsigned long, (room - skip) / chunk, n);
		for (i = 0; i < k; i++) {
			unsigned long off = (h->head + skip + i * chunk) % size;

			cfg->bufs[i].addr = aux_phys(aux, off, chunk);
			cfg->bufs[i].size = chunk;
			if (!cfg->bufs[i].addr)
				break;
		}
		if (i < k)
			continue;
		cfg->nr_bufs = k;
		err = rvs_sbi(RVPMU_SAMPLER_CONFIGURE, virt_to_phys(cfg), 0, 0);
		if (err == SBI_ERR_INVALID_PARAM)
			continue;	/* a chunk too small for a sample */
		if (!err) {
			if (skip)
				pad(ev, h->head, skip);
			ev->head0 = h->head;
			ev->chunk = chunk;
			ev->nbufs = k;
		}
		break;
	}
	return err == -ENOSPC ? -ENOSPC : sbi_to_errno(err);
}

/* The poll, pinned to the calling CPU: the first look in a millisecond. */
static void poll_here(struct rvs_event *ev)
{
	hrtimer_start(&ev->poll, ns_to_ktime(1000 * NSEC_PER_USEC), HRTIMER_MODE_REL_PINNED);
}

/*
 * A fresh run at the head of the begun handle, in the room there is (two
 * buffers at least, else one). -ENOSPC: not one chunk free; the handle
 * is then still held. Any other error is the firmware's refusal: the
 * handle is let go, marked truncated.
 */
static int run_at_head(struct rvs_event *ev)
{
	int err = configure(ev, 2);

	if (err == -ENOSPC)
		err = configure(ev, 1);
	if (!err)
		err = sbi_to_errno(rvs_sbi(RVPMU_SAMPLER_START, 0, 0, 0));
	if (err == -ENOSPC)
		return err;
	if (err) {
		pr_warn_ratelimited(RVS_NAME ": %s: the firmware refused the run (%d): %s\n",
				    ev->die->name, err, refusal(err));
		let_go(ev, true);	/* perf report says: AUX data lost */
		return err;
	}
	ev->done = 0;
	ev->released = 0;
	ev->ended = false;
	ev->told = false;
	ev->running = true;
	return 0;
}

/*
 * While waiting for room (ev->waiting): begins the handle to see the
 * reader's progress and starts a fresh run when a chunk is free. Returns
 * false when there is nothing more to wait for: the run started, the
 * firmware refused it, or the AUX area is going away or full (perf then
 * disables the event itself).
 */
static bool wait_room(struct rvs_event *ev)
{
	int err;

	if (!perf_aux_output_begin(&ev->handle, ev->event)) {
		ev->waiting = false;
		return false;
	}
	ev->held = true;
	err = run_at_head(ev);
	if (err == -ENOSPC) {
		perf_aux_output_end(&ev->handle, 0);
		ev->held = false;
		return true;
	}
	ev->waiting = false;
	return false;
}

static enum hrtimer_restart poll_fn(struct hrtimer *t)
{
	struct rvs_event *ev = container_of(t, struct rvs_event, poll);
	u64 ns = clamp(ev->period_us, 1000u, 20000u) * NSEC_PER_USEC;

	if (ev->waiting && wait_room(ev))
		goto again;
	if (!ev->running)
		return HRTIMER_NORESTART;
	if (!drain(ev)) {	/* the AUX area is going away: STOP now */
		finish(ev);
		return HRTIMER_NORESTART;
	}
	/*
	 * Once the LAST buffer is perf's, the run is over: the handle goes
	 * at once, marked truncated if the run ran out of buffers, and then
	 * a fresh run starts as soon as the reader makes room. A run that
	 * wrote its nr_sample samples is simply over. Until LAST, go on, also
	 * after the firmware is DONE: the last buffer may wait for room.
	 */
	if (ev->ended) {
		if (finish(ev) != RVPMU_SAMPLER_STOP_FULL)
			return HRTIMER_NORESTART;
		ev->waiting = true;
	}
again:
	hrtimer_forward_now(t, ns_to_ktime(ns));
	return HRTIMER_RESTART;
}

int rvs_run_start(struct rvs_event *ev)
{
	int err;

	if (ev->running || ev->leaked)
		return -EBUSY;
	if (!perf_aux_output_begin(&ev->handle, ev->event))
		return -EINVAL;
	ev->held = true;
	err = run_at_head(ev);
	if (err == -ENOSPC) {	/* the reader has not made room yet */
		perf_aux_output_end(&ev->handle, 0);
		ev->held = false;
		ev->waiting = true;
		err = 0;
	}
	if (!err)
		poll_here(ev);
	return err;
}

void rvs_run_stop(struct rvs_event *ev)
{
	/* IRQs are off on the poll's CPU: it is not running, so this cancels */
	hrtimer_try_to_cancel(&ev->poll);
	ev->waiting = false;
	if (ev->running)
		finish(ev);
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
		pr_err_ratelimited(RVS_NAME ": the firmware may still run after STOP; the scratch buffer is kept (leaked)\n");
		return -EIO;
	}
	free_pages_exact(buf, size);
	return sbi_to_errno(err);
}

int rvs_run_prepare(struct rvs_event *ev, const struct rvs_settings *s)
{
	struct rvs_die *die = ev->die;
	unsigned int i, n = 0, harts = 0;
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
		/* the harts term names the die's CPUs by index, 0 all of them */
		if (!s->harts || (n < 32 && (s->harts >> n & 1))) {
			hartmap[rvs_hartid[i] / 64] |= BIT_ULL(rvs_hartid[i] % 64);
			harts++;
		}
		n++;
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
