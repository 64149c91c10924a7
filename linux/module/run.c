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
 * Lifetime: the run holds a reference on every AUX page from before
 * CONFIGURE until STATUS says the run is over (aux.c), so no page is
 * freed under a firmware that has not stopped, whatever perf does with
 * the area. The event's AUX handle is held from rvs_run_start to the end
 * of rvs_run_stop, as perf's AUX rules ask; the poll commits by ending the
 * handle and beginning it again at once, on the event's CPU with IRQs
 * off; if the new begin fails (the area is being unmapped) the poll STOPs
 * the firmware before it returns. After STOP returns no hart of the run
 * writes (docs/sbi-sampler.md, STOP); STATUS checks that promise, and if
 * it was broken or STATUS fails, RESET is tried and STATUS read again;
 * when even that does not show the run over, its pages are kept for good.
 *
 * Layout 4: the firmware writes only the slots of windows it counted, so
 * every chunk is zeroed before START and its data area again before its
 * BUFFER_RELEASE: a slot it passes then reads as "not counted", never as
 * a stale one of an earlier lap.
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

/* Zeroes AUX bytes [off, off + len) (any offset in perf's AUX space). */
static void zero_aux(struct rvs_event *ev, unsigned long off, unsigned long len)
{
	while (len) {
		unsigned long n = min(len, PAGE_SIZE - (off & ~PAGE_MASK));

		memset(aux_at(ev, off % aux_size(ev)), 0, n);
		off += n;
		len -= n;
	}
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
	/*
	 * The pad's words before the head that covers them: the reader
	 * reads aux_head, then the bytes below it (perf_aux_output_end's
	 * store of aux_head comes after this, on this CPU)
	 */
	smp_wmb();
	perf_aux_output_skip(&ev->handle, len);
}

/* Whether STATUS shows the run stopped because it had no free buffer. */
static bool full_now(void)
{
	return !rvs_read_status() && rvs_status->state != RVPMU_SAMPLER_RUNNING &&
	       rvs_status->stop_reason == RVPMU_SAMPLER_STOP_FULL;
}

/*
 * Gives back to the firmware every buffer the reader is past: where its
 * tail was at the last begin is CIRC_SPACE's inverse. Each buffer's data
 * area is zeroed first (layout 4: a slot the next fill does not write
 * must read as not counted); the header stays, the firmware's.
 */
static void release_read(struct rvs_event *ev)
{
	struct perf_output_handle *h = &ev->handle;
	unsigned long tail = h->head + h->size + 1 - aux_size(ev);

	while (ev->released < ev->done &&
	       (long)(tail - run_pos(ev, ev->released) - ev->chunk) >= 0) {
		zero_aux(ev, run_pos(ev, ev->released) + ev->hdr_size, ev->chunk - ev->hdr_size);
		/* the zeroes before the firmware may fill the buffer again */
		wmb();
		rvs_sbi(RVPMU_SAMPLER_BUFFER_RELEASE, ev->released % ev->nbufs, 0, 0, 0, 0);
		ev->released++;
	}
}

/* Whether run chunk done is closed (FULL or LAST of its lap). */
static bool closed(struct rvs_event *ev, u32 *state)
{
	struct rvpmu_sampler_header *hdr = chunk_hdr(ev, ev->done);
	bool yes;

	*state = READ_ONCE(hdr->state);
	/* the header's state is written last: the reads of the rest after it */
	smp_rmb();
	yes = (*state == RVPMU_SAMPLER_BUF_FULL || *state == RVPMU_SAMPLER_BUF_LAST) &&
	      READ_ONCE(hdr->lap) == ev->done / ev->nbufs;
	/*
	 * and before the store of aux_head that hands the buffer to the
	 * reader (perf_aux_output_end): a full barrier, so that the
	 * firmware's writes this CPU saw through the state are seen by the
	 * reader that sees the head, not a bare control dependency
	 */
	if (yes)
		smp_mb();	/* the firmware's data before aux_head: above */
	return yes;
}

/*
 * A begin that found no room, and an end of a record marked truncated,
 * ask perf to disable the event, as for a PMU that cannot go on after a
 * loss: Linux 6.1 acts on it from an irq_work on this CPU (unless this is
 * CPU 0, whose id it stores as the request), 6.9 and later at the event's
 * next sched-out. This PMU goes on: no run starts until a begin finds
 * room (wait_room), and the samples in between are lost, never
 * overwritten. So the request is withdrawn, on this CPU with IRQs off,
 * before either acts on it. Nothing else asks to disable this event (no
 * overflow, no sigtrap).
 */
static void keep_enabled(struct rvs_event *ev)
{
	WRITE_ONCE(ev->event->pending_disable, 0);
}

/*
 * Commits every closed buffer perf has room for (with the pad a new lap
 * needs first) and releases every chunk the reader consumed: the handle
 * is ended with the bytes committed and begun again, which also tells how
 * far the reader got. The room is what it was at the last begin: when a
 * closed buffer waits for more and none was committed, the handle is
 * ended empty and begun again once to learn the reader's progress.
 * Returns false when the handle cannot be begun again (no room at the
 * reader's tail, or the AUX area is going away): the caller must STOP
 * the firmware before it returns (the run's own page references keep the
 * pages until then).
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
		keep_enabled(ev);
		commit = 0;
		ev->held = !!perf_aux_output_begin(h, ev->event);
		if (!ev->held) {
			keep_enabled(ev);
			return false;
		}
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
	keep_enabled(ev);
	ev->held = false;
}

/*
 * STOP (a run that ended by itself answers ALREADY_STOPPED), the last
 * buffers committed, the handle let go, the run's page references given
 * back; or, when STATUS does not show the run over even after a RESET,
 * the references kept for good (its harts may still write). Returns the
 * STOP reason (RVPMU_SAMPLER_STOP_NONE when the run was RESET or its
 * pages kept: what it wrote since the last commit is lost).
 */
static u32 finish(struct rvs_event *ev)
{
	bool reset, over = rvs_firmware_stop(&reset);

	ev->running = false;
	if (reset) {
		pr_err_ratelimited(RVS_NAME ": %s: the firmware did not show its run stopped after STOP; %s\n",
				   ev->die->name,
				   over ? "RESET ended it (its last samples are lost)" :
				   "not even after RESET");
		if (over)
			rvs_aux_unpin(ev);
		else
			rvs_aux_keep(ev);
		let_go(ev, true);
		return RVPMU_SAMPLER_STOP_NONE;
	}
	if (ev->held && !ev->ended)
		drain(ev);
	/*
	 * STATUS's lost is what this run did not take of its nr_sample, not
	 * what the event misses: the poll starts a fresh run once the reader
	 * makes room, and only that gap goes unsampled.
	 */
	if (rvs_status->stop_reason == RVPMU_SAMPLER_STOP_FULL)
		pr_warn_ratelimited(RVS_NAME ": %s: the AUX area filled after %llu of %u sample(s) of a run; none are taken until the reader makes room (a larger AUX area, -m, helps)\n",
				    ev->die->name, rvs_status->samples, rvs_status->nr_sample);
	let_go(ev, !ev->told &&
	       (rvs_status->lost || rvs_status->stop_reason == RVPMU_SAMPLER_STOP_FULL));
	rvs_aux_unpin(ev);
	return rvs_status->stop_reason;
}

/*
 * Picks the run's buffers in the room at the handle's head: equal chunks
 * of the ring (a power of two of them, physically contiguous and each
 * holding a header and a sample: aux.c's cuts), whole ones, at least want
 * of them; zeroes them, takes the run's page references, fills rvs_cfg->bufs
 * and CONFIGUREs. -ENOSPC: no cut leaves want whole chunks in the room.
 * On an error the references are given back (the firmware refused, so it
 * never had the addresses).
 */
static int configure(struct rvs_event *ev, unsigned int want)
{
	struct perf_output_handle *h = &ev->handle;
	struct rvs_aux *aux = perf_get_aux(h);
	unsigned long size = aux_size(ev), room = h->size + 1;
	unsigned long skip = 0, chunk = 0;
	unsigned int i, k;
	int b;
	long err;

	/* the finest cut first: the most buffers */
	for (b = aux->cuts ? __fls(aux->cuts) : -1; b >= 0; b--) {
		if (!(aux->cuts & BIT(b)))
			continue;
		chunk = size >> b;
		skip = roundup(h->head, chunk) - h->head;
		if (skip < room && (room - skip) / chunk >= want)
			break;
	}
	if (b < 0)
		return -ENOSPC;
	WARN_ON_ONCE(ev->pinned);
	k = min_t(unsigned long, (room - skip) / chunk, BIT(b));
	for (i = 0; i < k; i++) {
		unsigned long off = (h->head + skip + i * chunk) % size;

		rvs_cfg->bufs[i].addr = page_to_phys(aux->pg[off >> PAGE_SHIFT]);
		rvs_cfg->bufs[i].size = chunk;
		zero_aux(ev, off, chunk);
	}
	rvs_cfg->nr_bufs = k;
	rvs_aux_pin(ev, aux);
	/* the zeroes before the firmware may write the buffers (START) */
	wmb();
	err = rvs_configure_call(ev, 0);
	if (err) {
		rvs_aux_unpin(ev);
		return rvs_errno(err);
	}
	if (skip)
		pad(ev, h->head, skip);
	ev->head0 = h->head;
	ev->chunk = chunk;
	ev->nbufs = k;
	ev->hdr_size = rvs_cfg->plan.header_size;
	return 0;
}

/*
 * The poll, pinned to the calling CPU, in hard interrupt context also on
 * PREEMPT_RT (pmu::stop's cancel relies on it: see rvs_run_stop): the
 * first look in a millisecond.
 */
static void poll_here(struct rvs_event *ev)
{
	hrtimer_start(&ev->poll, ns_to_ktime(1000 * NSEC_PER_USEC), HRTIMER_MODE_REL_PINNED_HARD);
}

/*
 * A fresh run at the head of the begun handle, in the room there is (two
 * buffers at least, else one). -ENOSPC: not one chunk free; -ESHUTDOWN:
 * the system reboots. Any other error is the firmware's refusal. On an
 * error the handle is still held.
 */
static int run_at_head(struct rvs_event *ev)
{
	int err;

	if (READ_ONCE(rvs_shut))
		return -ESHUTDOWN;
	err = configure(ev, 2);
	if (err == -ENOSPC)
		err = configure(ev, 1);
	if (err)
		return err;
	err = rvs_errno(rvs_sbi(RVPMU_SAMPLER_START, 0, 0, 0, 0, 0));
	if (err) {
		/* not started: the firmware never writes these buffers */
		rvs_sbi(RVPMU_SAMPLER_RESET, 0, 0, 0, 0, 0);
		rvs_aux_unpin(ev);
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
 * A run could not start at the head: no room yet (-ENOSPC), or the
 * firmware refused it. Either way the poll tries again (wait_room): for
 * room every period, after a refusal every 100 ms, the refusal logged
 * when it is new (W1 of issue 39: never a silent disable, never a stream
 * of empty records). A reboot (-ESHUTDOWN) ends the event's runs.
 */
static void wait_again(struct rvs_event *ev, int err)
{
	let_go(ev, false);
	if (err == -ESHUTDOWN)
		return;
	if (err != -ENOSPC && err != ev->refused)
		pr_warn_ratelimited(RVS_NAME ": %s: the firmware refused the run (%d): %s; trying again every 100 ms\n",
				    ev->die->name, err, rvs_refusal(err));
	ev->refused = err == -ENOSPC ? 0 : err;
	ev->waiting = true;
}

/*
 * While waiting (ev->waiting): begins the handle to see the reader's
 * progress and starts a fresh run when a chunk is free. Returns false
 * when there is nothing more to wait for: the run started. A begin that
 * fails (no room yet, or the AUX area going away, when pmu::stop ends
 * the wait) waits on.
 */
static bool wait_room(struct rvs_event *ev)
{
	int err, was = ev->refused;

	if (!perf_aux_output_begin(&ev->handle, ev->event)) {
		keep_enabled(ev);
		return true;
	}
	ev->waiting = false;
	ev->held = true;
	err = run_at_head(ev);
	if (!err) {
		if (was)
			pr_info_ratelimited(RVS_NAME ": %s: the run started after the firmware's refusal\n",
					    ev->die->name);
		ev->refused = 0;
		return false;
	}
	wait_again(ev, err);
	return ev->waiting;
}

static enum hrtimer_restart poll_fn(struct hrtimer *t)
{
	struct rvs_event *ev = container_of(t, struct rvs_event, poll);
	u64 ns = clamp(ev->period_us, 1000u, 20000u) * NSEC_PER_USEC;

	if (ev->waiting && wait_room(ev)) {
		if (ev->refused)
			ns = 100 * NSEC_PER_MSEC;
		goto again;
	}
	if (!ev->running)
		return HRTIMER_NORESTART;
	if (!drain(ev)) {
		/*
		 * No handle: no room at the reader's tail, or the AUX area is
		 * going away. STOP now, then wait for room as after a full
		 * ring; pmu::stop ends the wait if the area goes.
		 */
		finish(ev);
		ev->waiting = true;
		goto again;
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

	if (ev->running)
		return -EBUSY;
	if (!perf_aux_output_begin(&ev->handle, ev->event))
		return -EINVAL;
	ev->held = true;
	err = run_at_head(ev);
	if (err == -ESHUTDOWN) {
		let_go(ev, false);
		return err;
	}
	if (err)	/* no room yet, or refused: the poll tries again */
		wait_again(ev, err);
	poll_here(ev);
	return 0;
}

void rvs_run_stop(struct rvs_event *ev)
{
	/*
	 * IRQs are off on the poll's CPU and the poll runs in hard interrupt
	 * context there (HRTIMER_MODE_*_HARD, also on PREEMPT_RT): it is not
	 * running, so this cancels or finds nothing queued (0). -1 (running)
	 * cannot happen; if it did, the poll would still touch ev, so say so.
	 */
	WARN_ON_ONCE(hrtimer_try_to_cancel(&ev->poll) < 0);
	ev->waiting = false;
	ev->refused = 0;
	if (ev->running)
		finish(ev);
}

void rvs_event_setup(struct rvs_event *ev)
{
	hrtimer_init(&ev->poll, CLOCK_MONOTONIC, HRTIMER_MODE_REL_PINNED_HARD);
	ev->poll.function = poll_fn;
}

void rvs_event_teardown(struct rvs_event *ev)
{
	/* pmu::del ran (the event is gone from its context): no run, no poll */
	hrtimer_cancel(&ev->poll);
	WARN_ON_ONCE(ev->running || ev->held || ev->pinned);
}

