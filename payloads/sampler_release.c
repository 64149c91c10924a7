/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sampler_release - BUFFER_RELEASE racing the sampler's fills (version 2,
 * docs/sbi-sampler.md): a release never overwrites a fill in progress and
 * every fill is closed exactly once.
 *
 * A ring-mode run on 4 harts with 64 small buffers (4 samples each: room
 * for a hart to be late by 500 ms on a loaded host, where QEMU's vCPUs
 * wait long for a host CPU): the
 * boot hart is the collector: it saves every closed fill (FULL or LAST),
 * checks it and gives it back (data area zeroed, BUFFER_RELEASE); harts 1
 * and 2 hammer BUFFER_RELEASE on the FREE buffer the engine fills next
 * (and now and then on every FREE one), as fast as they can, so that
 * releases land while the engine opens a fill in that buffer on another
 * hart ("FREE stays FREE": a release of a FREE buffer is allowed and does
 * nothing); hart 3 works. Checked:
 *  - every release answers 0 or DENIED (the buffer was being filled);
 *  - no fill is closed twice: no first_sample is seen FULL or LAST twice;
 *  - no fill in progress is shown FREE: a header the collector reads
 *    FREE with a first_sample nobody released (read twice a period apart,
 *    so that a header being written is not taken for one) is never seen
 *    FULL or LAST afterwards with that first_sample (version 1 stored
 *    FREE over a fill that had just opened: it then closed as FULL);
 *  - every saved fill holds its own samples: FULL with capacity samples,
 *    and each counted window's mtime inside its own slot of the grid
 *    (t0 + k * period .. + period, plus the bound: a window opened just
 *    before its slot ended stamps its start after the switch, which took
 *    less than the bound unless LOST; a LOST one may begin later): data of
 *    two fills mixed in one buffer would show windows of other slots;
 *  - every fill of the run was saved (or freed unseen by a hammer, below)
 *    and the run reached its last sample: a fill stored FREE while in
 *    progress would be lost or block the ring (the run ends FULL);
 *  - enough releases raced to mean something.
 * A hammer's release that lands on a fill which opened and closed between
 * its look at the header and its call frees a FULL fill the collector has
 * not saved: allowed (any hart may release), seen by the hammer (the
 * header's first_sample changed under it), and that buffer's next fill
 * is then not checked for mixed data (its unwritten slots hold the old
 * fill's bytes, as a client that did not zero them would have).
 *
 * Needs our firmware's version 2 (it refuses, with one line, on another)
 * and 4 harts.
 */
#include <string.h>

#include "client/rt.h"
#include "client/sampler.h"

#define NR_HARTS	4
#define NR_BUFS		64
#define CAP		4		/* samples a buffer holds */
#define PERIOD_US	2000
#define SAMPLES		800
#define MS		10000ull	/* QEMU virt's mtime: 10 MHz */
#define MAX_BUF		8192
#define MIN_RACED	200
#ifndef HAMMERS
#define HAMMERS		2
#endif

static struct rvpmu_sampler_config cfg;
static char bufs[NR_BUFS][MAX_BUF] __attribute__((aligned(4096)));
static SAMPLER_STATUS_FOR(NR_HARTS) st;
static volatile int done, started;
static volatile unsigned long calls[NR_HARTS], denied[NR_HARTS], bad_answer[NR_HARTS];
static volatile unsigned long suspect[NR_HARTS];
/* per buffer: a hammer may have freed an unsaved fill in it */
static volatile int unsaved[NR_BUFS];
/* first_sample / CAP seen: saved by the collector; read FREE unreleased */
static uint8_t saved[SAMPLES / CAP + 2], released[SAMPLES / CAP + 2], free_seen[SAMPLES / CAP + 2];
static volatile unsigned long sink;

static const struct rvpmu_sampler_header *hdr(unsigned int b)
{
	return (const void *)bufs[b];
}

static uint64_t first_of(unsigned int b)
{
	return *(const volatile uint64_t *)&hdr(b)->first_sample;
}

/* The buffer the engine fills next: the one after the newest FILLING
   (fills go round the ring in order), or -1 if none is FILLING. */
static int next_to_fill(void)
{
	uint64_t newest = 0;
	int at = -1;

	for (unsigned int b = 0; b < NR_BUFS; b++)
		if (sampler_buffer_state(bufs[b]) == RVPMU_SAMPLER_BUF_FILLING &&
		    (at < 0 || first_of(b) > newest)) {
			newest = first_of(b);
			at = (int)b;
		}
	return at < 0 ? -1 : (at + 1) % NR_BUFS;
}

static uint32_t nr_samples_of(unsigned int b)
{
	return *(const volatile uint32_t *)&hdr(b)->nr_samples;
}

/*
 * BUFFER_RELEASE of buffer b if this hart reads it FREE. Its first_sample
 * and nr_samples are taken before the look (a fill may open and close
 * between the look and the call): after a release that answered 0, a
 * header that changed means a fill went by unseen (buffer 0's first fill
 * has START's FREE header's first_sample, 0: its nr_samples tells it
 * apart).
 */
static void release_free(unsigned long me, unsigned int b)
{
	uint64_t f0 = first_of(b);
	uint32_t n0 = nr_samples_of(b);
	long err;

	__atomic_thread_fence(__ATOMIC_ACQUIRE);	/* those loads before the look */
	if (sampler_buffer_state(bufs[b]) != RVPMU_SAMPLER_BUF_FREE)
		return;
	err = sampler_buffer_release(0, b).error;	/* no zeroing: FREE */
	calls[me]++;
	if (err == SBI_ERR_DENIED)
		denied[me]++;
	else if (err)
		bad_answer[me]++;
	else if ((first_of(b) != f0 || nr_samples_of(b) != n0) &&
		 sampler_buffer_state(bufs[b]) == RVPMU_SAMPLER_BUF_FREE) {
		/* a fill opened and (maybe) closed under the look */
		suspect[me]++;
		__atomic_store_n(&unsaved[b], 1, __ATOMIC_RELEASE);
	}
}

/*
 * Release, again and again, the FREE buffer the engine opens next, until
 * it opens (the race: the open on a ticking hart, the release here); now
 * and then every FREE buffer too.
 */
static void hammer(void *arg)
{
	unsigned long me = rt_hartid(), round = 0;

	(void)arg;
	__atomic_fetch_add(&started, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&done, __ATOMIC_ACQUIRE)) {
		int b = next_to_fill();
		uint64_t t = rd_time() + 20;

		while (rd_time() < t)
			;	/* 2 us: the others get the extension's lock too */
		if (++round % 64 == 0) {
			for (unsigned int i = 0; i < NR_BUFS; i++)
				release_free(me, i);
		} else if (b >= 0) {
			release_free(me, (unsigned int)b);
		}
	}
}

static void worker(void *arg)
{
	unsigned long x = 1;

	(void)arg;
	__atomic_fetch_add(&started, 1, __ATOMIC_RELEASE);
	while (!__atomic_load_n(&done, __ATOMIC_ACQUIRE))
		x = x * 6364136223846793005ul + 1442695040888963407ul;
	sink = x;
}

static uint64_t rd64(const char *p)
{
	return *(const volatile uint64_t *)p;
}

/* Counted windows of fill b not inside their own slot (0: all are). */
static unsigned int mixed(unsigned int b)
{
	const struct rvpmu_sampler_header *h = hdr(b);
	uint32_t H = h->nr_harts;
	unsigned int bad = 0;

	for (uint32_t s = 0; s < h->nr_samples; s++)
		for (uint32_t sub = 0; sub < h->nr_subsamples; sub++) {
			const char *q = bufs[b] + h->header_size + s * h->sample_size +
					sub * h->subsample_size;
			const char *cyc = q + 8 * H + 8 * (uint64_t)h->nr_pmu * H;
			uint64_t k = (h->first_sample + s) * h->nr_subsamples + sub;
			uint64_t lo = h->t0 + k * h->period_ticks;

			for (uint32_t p = 0; p < H; p++) {
				uint64_t w = rd64(cyc + 16 * H + 8 * p), mt = rd64(cyc + 8 * H + 8 * p);

				/* a window opened just before its slot ended is
				   stamped after its opening switch, which took less
				   than the bound unless the window is LOST; a LOST one
				   (its hart away inside the switch) may begin past its
				   slot, never before it, and a buffer's other laps are
				   half a ring away */
				uint64_t hi = w & RVPMU_SAMPLER_WIN_LOST ?
					      NR_BUFS * CAP / 2 * h->period_ticks :
					      h->period_ticks +
						      RVPMU_SAMPLER_WIN_BOUND(h->period_ticks);

				if ((w & RVPMU_SAMPLER_WIN_COUNTED) && (mt < lo || mt - lo >= hi) &&
				    !bad++)
					rt_printf("# buffer %u sample %llu hart %u: mtime %lld ticks from its "
						  "slot's start, word 0x%llx\n", b,
						  (unsigned long long)(h->first_sample + s), (unsigned int)p,
						  (long long)(mt - lo), (unsigned long long)w);
			}
		}
	return bad;
}

/* Wait a period, spinning (the collector's second look). */
static void a_period(void)
{
	uint64_t end = rd_time() + PERIOD_US * MS / 1000;

	while (rd_time() < end)
		;
}

int main(unsigned long hartid, void *dtb)
{
	unsigned long fills = 0, twice = 0, shown_free = 0, short_fill = 0, mixes = 0, short_ok = 0;
	unsigned long unchecked = 0, rel_bad = 0, free_looks = 0;
	unsigned long total_calls = 0, total_denied = 0, total_bad = 0, total_suspect = 0;
	uint64_t end;
	long err;
	bool last = false;

	(void)dtb;
	if (!sampler_present()) {
		rt_printf("sampler_release: this firmware has no rvpmu sampler extension (version 2)\n");
		return 1;
	}
	if (rt_count_harts(NR_HARTS) < NR_HARTS) {
		rt_printf("sampler_release: needs 4 harts\n");
		return 1;
	}
	sampler_reset();	/* a previous kernel may have left a run */
	sampler_cfg_cycles_instret(&cfg, PERIOD_US, SAMPLES);
	cfg.flags = RVPMU_SAMPLER_F_RING;
	/* the plan sizes the buffers: CAP samples each */
	err = sampler_check(&cfg, 0, RVPMU_SAMPLER_ALL_HARTS, 0).error;
	if (err || cfg.plan.header_size + CAP * (uint64_t)cfg.plan.sample_size > MAX_BUF) {
		rt_check(false, "the plan (error %ld): %u samples of %u bytes fit in %u", err, CAP,
			 (unsigned int)cfg.plan.sample_size, MAX_BUF);
		return rt_check_report();
	}
	for (unsigned int b = 0; b < NR_BUFS; b++)
		sampler_cfg_buffer(&cfg, bufs[b], cfg.plan.header_size + CAP * cfg.plan.sample_size);
	err = sampler_configure_all(&cfg).error;
	rt_check(!err, "ring mode, %u buffers of %u samples, %u harts (error %ld)", NR_BUFS, CAP,
		 NR_HARTS, err);
	for (unsigned long h = 0, n = 0; h < NR_HARTS; h++)
		if (h != hartid)
			rt_start_hart(h, (long)n++ < HAMMERS ? hammer : worker, 0);
	while (__atomic_load_n(&started, __ATOMIC_ACQUIRE) < NR_HARTS - 1)
		;
	err = sampler_start(&cfg).error;
	rt_check(!err, "START (error %ld)", err);

	end = rd_time() + 20000 * MS;
	while (!last && rd_time() < end) {
		bool running = !sampler_status(&st.s, sizeof(st)).error &&
			       st.s.state == RVPMU_SAMPLER_RUNNING;

		for (unsigned int b = 0; b < NR_BUFS; b++) {
			uint32_t state = sampler_buffer_state(bufs[b]);
			uint64_t f = first_of(b), n = f / CAP;

			if (state == RVPMU_SAMPLER_BUF_FULL || state == RVPMU_SAMPLER_BUF_LAST) {
				if (n >= sizeof(saved) || f % CAP) {
					mixes++;	/* not a fill of this run */
					continue;
				}
				if (saved[n] && !released[n])
					continue;	/* the run is over: it stays */
				twice += saved[n];
				shown_free += free_seen[n];
				saved[n] = 1;
				fills++;
				short_fill += state == RVPMU_SAMPLER_BUF_FULL &&
					      hdr(b)->nr_samples != CAP;
				if (__atomic_exchange_n(&unsaved[b], 0, __ATOMIC_ACQ_REL))
					unchecked++;
				else
					mixes += mixed(b);
				last |= state == RVPMU_SAMPLER_BUF_LAST;
				/* after the run, a closed fill stays (DENIED) */
				if (!running)
					continue;
				if (sampler_buffer_release(&cfg, b).error)
					rel_bad++;
				else
					released[n] = 1;
				continue;
			}
			/* FREE, with a fill nobody released: look again a
			   period later (a header being written is not one) */
			if (state != RVPMU_SAMPLER_BUF_FREE || !running || !f || n >= sizeof(saved) ||
			    released[n] || free_seen[n])
				continue;
			a_period();
			if (sampler_buffer_state(bufs[b]) == RVPMU_SAMPLER_BUF_FREE &&
			    first_of(b) == f) {
				free_seen[n] = 1;
				free_looks++;
			}
		}
		if (!running && !last && sampler_status(&st.s, sizeof(st)).error == 0 &&
		    st.s.state != RVPMU_SAMPLER_RUNNING && st.s.stop_reason != RVPMU_SAMPLER_STOP_DONE)
			break;	/* ended otherwise (FULL: the collector was too slow) */
	}
	__atomic_store_n(&done, 1, __ATOMIC_RELEASE);
	sampler_status(&st.s, sizeof(st));
	for (unsigned int h = 0; h < NR_HARTS; h++) {
		total_calls += calls[h];
		total_denied += denied[h];
		total_bad += bad_answer[h];
		total_suspect += suspect[h];
	}
	rt_printf("# %lu fills saved (%lu unchecked), run ended state %u reason %u with %llu "
		  "samples; hammers: %lu releases, %lu DENIED, %lu freed a fill unseen; %lu headers "
		  "read FREE for a fill nobody released\n", fills, unchecked,
		  (unsigned int)st.s.state, (unsigned int)st.s.stop_reason,
		  (unsigned long long)st.s.samples, total_calls, total_denied, total_suspect,
		  free_looks);
	for (unsigned int n = 0; n < SAMPLES / CAP; n++)
		if (!saved[n])
			rt_printf("# the fill of samples %u.. (buffer %u) was not saved%s\n", n * CAP,
				  n % NR_BUFS, free_seen[n] ? ": it was read FREE, unreleased" : "");
	for (unsigned int h = 0; h < st.s.nr_harts && h < NR_HARTS; h++)
		rt_printf("# hart %u: flags 0x%x, %llu subsamples, %llu late, %llu passed, %llu paused, "
			  "skew %llu\n", (unsigned int)st.h[h].hartid, (unsigned int)st.h[h].flags,
			  (unsigned long long)st.h[h].subsamples, (unsigned long long)st.h[h].late,
			  (unsigned long long)st.h[h].passed, (unsigned long long)st.h[h].paused,
			  (unsigned long long)st.h[h].max_skew);
	rt_check(!total_bad && total_calls >= MIN_RACED,
		 "%lu releases hammered on FREE buffers while fills opened: each 0 or DENIED "
		 "(%lu DENIED, %lu other)", total_calls, total_denied, total_bad);
	rt_check(!twice, "no fill closed twice (%lu seen FULL or LAST again)", twice);
	rt_check(!shown_free, "no fill in progress shown FREE (%lu read FREE, then closed)",
		 shown_free);
	/* a run stopped early closes its open fills FULL with what is complete */
	if (st.s.stop_reason != RVPMU_SAMPLER_STOP_DONE) {
		short_ok = short_fill;
		short_fill = 0;
	}
	rt_check(!mixes && !short_fill, "every saved fill holds its own samples (%lu windows "
		 "outside their slot, %lu FULL fills short, %lu where the run stopped early)", mixes,
		 short_fill, short_ok);
	rt_check(!rel_bad, "every closed fill released by the collector (%lu refused)", rel_bad);
	/* a fill stored FREE while in progress is lost (never closed), or
	   closed FULL over a later release: either way the run cannot reach
	   its end with every fill saved */
	rt_check(fills + total_suspect >= SAMPLES / CAP && st.s.state == RVPMU_SAMPLER_DONE &&
		 st.s.stop_reason == RVPMU_SAMPLER_STOP_DONE && st.s.samples == SAMPLES,
		 "every fill of the run saved: %lu, and %lu a hammer freed first, of %u; the run "
		 "DONE with its %u samples (state %u, reason %u, %llu samples)", fills, total_suspect,
		 SAMPLES / CAP, SAMPLES, (unsigned int)st.s.state, (unsigned int)st.s.stop_reason,
		 (unsigned long long)st.s.samples);
	sampler_reset();
	return rt_check_report();
}
