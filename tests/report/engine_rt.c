/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * report-engine - the sampler engine (sampler/, on tests/sampler's
 * simulated harts) writes buffers; rvpmu-report's decoder reads them back.
 * The engine and the decoder were written apart from the same header, so
 * each check here is the ABI agreeing with itself: every count, cycle and
 * CID the decoder returns is the one the simulated harts produced, for
 * plain runs over several buffers, 2 clusters (positions in hartid order,
 * each with its cluster), ring mode as a collector would save it (every
 * fill in turn, or with a fill missing, which must show as lost samples;
 * each buffer's data area zeroed before it is released, as a client
 * does), and a run's mtimes and window words with a late tick, as true
 * window lengths. Layout 4 writes only the slots of counted windows: the
 * buffers start full of stale bytes here (a client that did not zero
 * them), which the decoder must never take for data.
 */
#define _POSIX_C_SOURCE 200809L	/* open_memstream */
#include <stdlib.h>

#include "core/pmu.h"
#include "sfx.h"
#include "tools/report/metrics.h"
#include "tools/report/report.h"

struct t_state t_state;

static const uint32_t events[4] = {
	SBI_PMU_DTLB_READ_MISS, FX_DTLB_WR_MISS, FX_ITLB_RD_MISS,
	SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER),
};

/* How often hart h sees event e in its window k. */
static uint64_t expect(unsigned int e, uint64_t k, unsigned int h)
{
	return 1000 * (e + 1) + 10 * k + h;
}

/* Window k of a hart: every event happens expect() times, 500 + k cycles. */
static void window(struct sfx *x, unsigned int i)
{
	uint64_t k = rvpmu_sampler_hart_subsamples(&x->s, &x->sh[i]);

	if (!x->sh[i].running)
		return;
	for (unsigned int e = 0; e < 3; e++)
		sim_event(&x->sim[i], events[e], expect(e, k, i));
	for (uint64_t n = expect(3, k, i); n; n--)
		rvpmu_fw_event(&x->h[i], SBI_PMU_FW_SET_TIMER);
	sim_run(&x->sim[i], 500 + k);
}

/* The file a collector writes: the buffers' bytes back to back. */
/* the mtime runs below: a window's cycles follow its length instead (checked there) */
static int cycles_by_time;

static uint8_t file[0x8000];
static size_t file_len;

/* What a buffer holds before the run: stale bytes, never data. */
#define STALE	0x5a

static void save(struct sfx *x, unsigned int b)
{
	uint64_t size = x->s.bufs[b].size;

	CHECK(file_len + size <= sizeof(file));
	if (file_len + size <= sizeof(file)) {
		memcpy(file + file_len, sfx_mem(x, x->s.bufs[b].addr), size);
		file_len += size;
	}
}

/* Decode the file; every value must be the simulated harts'. */
static void read_back(struct sfx *x, struct rr_run *r, uint64_t samples, uint64_t lost)
{
	char err[256] = "";
	char *text = NULL;
	size_t len = 0;
	FILE *mem;

	if (rr_decode(file, file_len, r, err, sizeof(err))) {
		printf("#   decode: %s\n", err);
		CHECK(0);
		return;
	}
	CHECK_EQ(r->samples, samples);
	CHECK_EQ(r->lost, lost);
	CHECK_EQ(r->nr_harts, x->s.nr_data);
	CHECK_EQ(r->version, RVPMU_SAMPLER_LAYOUT);
	CHECK_EQ(r->timebase_hz, 1000000);
	CHECK_EQ(r->period_ticks, 100);
	/* positions in increasing hartid order, each with its hart's cluster */
	for (uint32_t pos = 0; pos < r->nr_harts; pos++) {
		CHECK_EQ(r->hart[pos], pos);
		for (unsigned int i = 0; i < x->n; i++)
			if (x->order[i] == pos)
				CHECK_EQ(r->cluster[pos], x->cluster[i]);
	}
	for (size_t i = 0; i < r->nr_bufs; i++) {
		const struct rr_buf *b = &r->bufs[i];

		for (uint32_t s = 0; s < b->nr_samples; s++)
			for (uint32_t sub = 0; sub < r->nr_subsamples; sub++)
				for (uint32_t pos = 0; pos < r->nr_harts; pos++) {
					uint64_t k = rr_subsample_index(r, b, s, sub);
					uint32_t h = r->hart[pos];
					struct rr_win w;

					/* a passed window is not written: no data */
					rr_window(r, b, s, sub, pos, &w);
					if (!RR_WIN_HAS_DATA(&w))
						continue;
					CHECK(rr_winword(r, b, s, sub, pos) & RVPMU_SAMPLER_WIN_COUNTED);
					CHECK_EQ(rr_cid1(r, b, s, sub, pos), 0x100 + h);
					CHECK_EQ(rr_cid2(r, b, s, sub, pos), 0xC0DE0 + h);
					if (!cycles_by_time)
						CHECK_EQ(rr_cycles(r, b, s, sub, pos), 500 + k);
					for (uint32_t j = 0; j < r->nr_pmu; j++) {
						uint32_t e = sub * r->nr_pmu + j;

						/* the null event's padding: 0 */
						CHECK_EQ(rr_slot(r, b, s, sub, j, pos),
							 e < r->nr_events ? expect(e, k, h) : 0);
					}
				}
	}
	/* the summary's line says the same */
	mem = open_memstream(&text, &len);
	CHECK(mem && !rr_summary(mem, r));
	if (mem)
		fclose(mem);
	CHECK(text && strstr(text, "4 hart(s) in 2 cluster(s), 4 event(s), nr_pmu 3"));
	free(text);
}

/* 4 harts, 2 clusters in a topology order that is not the hartids', CID2
   words, 4 events on 3 counters (a padded subsample), buffers of 2
   samples with a tail gap, full of stale bytes. */
static struct sfx *setup(unsigned int nr_bufs, uint32_t nr_sample, uint32_t flags)
{
	static const uint32_t order[4] = { 2, 3, 0, 1 };
	static const uint16_t cl[4] = { 0, 0, 1, 1 };
	const uint64_t size = 1136;	/* header 200 + 2 samples of 448 + a gap of 40 */
	struct sfx *x = sfx_new(4);

	for (unsigned int i = 0; i < 4; i++) {	/* element by element, whatever sfx's types */
		x->order[i] = order[i];
		x->cluster[i] = cl[i];
	}
	sfx_cfg(x, events, 4, size);
	x->c.nr_pmu = 3;
	x->c.nr_sample = nr_sample;
	x->c.nr_bufs = nr_bufs;
	x->c.flags = flags;
	for (unsigned int b = 0; b < nr_bufs; b++) {
		x->c.bufs[b].addr = SFX_BUF + b * size;
		x->c.bufs[b].size = size;
		memset(sfx_mem(x, SFX_BUF + b * size), STALE, size);
	}
	x->c.cid2_addr = SFX_CID2;
	x->c.cid2_count = 4;
	for (unsigned int h = 0; h < 4; h++)
		((uint32_t *)sfx_mem(x, SFX_CID2))[h] = 0xC0DE0 + h;
	CHECK_EQ(sfx_configure(x), 0);
	CHECK_EQ(sfx_start(x), 0);
	sfx_window = window;
	file_len = 0;
	return x;
}

static const char *out;	/* where three_buffers saves its file, if anywhere */

static void three_buffers(void)
{
	struct sfx *x = setup(3, 5, 0);
	struct rr_run r;

	sfx_run(x, 1000);
	CHECK_EQ(x->s.stop_reason, RVPMU_SAMPLER_STOP_DONE);
	for (unsigned int b = 0; b < 3; b++)
		save(x, b);
	read_back(x, &r, 5, 0);
	CHECK_EQ(r.nr_bufs, 3);
	CHECK_EQ(r.bufs[2].state, RVPMU_SAMPLER_BUF_LAST);
	rr_free(&r);
	if (out) {	/* for a look with rvpmu-report itself */
		FILE *f = fopen(out, "wb");

		CHECK(f && fwrite(file, 1, file_len, f) == file_len);
		if (f)
			fclose(f);
	}
}

/* A configured buffer the run never reached has a FREE header: kept. */
static void unused_buffer(void)
{
	struct sfx *x = setup(3, 2, 0);
	struct rr_run r;

	sfx_run(x, 1000);
	for (unsigned int b = 0; b < 3; b++)
		save(x, b);
	read_back(x, &r, 2, 0);
	CHECK_EQ(r.nr_bufs, 3);
	rr_free(&r);
}

/* Ring mode: the collector saves each fill when it is full, releases it. */
static int skip_fill = -1, fills;

static void collect(struct sfx *x, unsigned int i)
{
	window(x, i);
	for (unsigned int b = 0; b < x->s.nr_bufs; b++)
		if (sfx_hdr(x, x->s.bufs[b].addr)->state == RVPMU_SAMPLER_BUF_FULL) {
			uint32_t hs = sfx_hdr(x, x->s.bufs[b].addr)->header_size;

			if (fills++ != skip_fill)
				save(x, b);
			/* as a client: the data area zeroed, then released */
			memset((uint8_t *)sfx_mem(x, x->s.bufs[b].addr) + hs, 0,
			       x->s.bufs[b].size - hs);
			CHECK_EQ(rvpmu_sampler_buffer_release(&x->s, b), 0);
		}
}

static void ring(int skip, uint64_t samples, uint64_t lost)
{
	struct sfx *x = setup(2, 9, RVPMU_SAMPLER_F_RING);
	struct rr_run r;

	skip_fill = skip;
	fills = 0;
	sfx_window = collect;
	sfx_run(x, 1000);
	CHECK_EQ(x->s.stop_reason, RVPMU_SAMPLER_STOP_DONE);
	for (unsigned int b = 0; b < 2; b++)	/* the last fill, still unreleased */
		if (sfx_hdr(x, x->s.bufs[b].addr)->state == RVPMU_SAMPLER_BUF_LAST)
			save(x, b);
	read_back(x, &r, samples, lost);
	CHECK_EQ(r.nr_bufs, 5 - (skip >= 0));
	CHECK_EQ(r.bufs[r.nr_bufs - 1].lap, 2);
	rr_free(&r);
}

static void ring_every_fill(void)
{
	ring(-1, 9, 0);
}

static void ring_fill_missing(void)
{
	ring(1, 7, 2);	/* the second fill held samples 2 and 3 */
}

/*
 * mtime and the window word: the ticks for the end of window 2 come a
 * period and 10 ticks late (mtime is the platform's: every hart ticks
 * late there); window 3's slot has then ended, so the late policy passes
 * it (not written: its slots keep the stale bytes) and window 4 opens
 * with 90 ticks of its slot left (shortened: data); window 5 on time.
 * Each hart runs MT_RATE cycles a tick, except hartid 1 in window 4:
 * three times that, so its cycles and its length disagree. The decoder
 * reads the mtimes and window words the engine wrote, and rr_window makes
 * of them what the harts lived: lengths, late, uncounted, disagreeing.
 */
#define MT_P		100	/* period_ticks: 100 us at sfx's 1 MHz */
#define MT_LATE		(MT_P + 10)	/* ticks past its deadline */
#define MT_RATE		5	/* cycles a tick */

static void late_tick(struct sfx *x, unsigned int i)
{
	const struct rvpmu_sampler_hart *sh = &x->sh[i];
	uint64_t k = rvpmu_sampler_hart_subsamples(&x->s, sh), end;
	unsigned int e;

	if (!sh->running)
		return;
	if (k == 2 && x->mtime < x->deadline[i] + MT_LATE)
		x->mtime = x->deadline[i] + MT_LATE;
	end = x->mtime > x->deadline[i] ? x->mtime : x->deadline[i];	/* its tick */
	for (e = 0; e < 3; e++)
		sim_event(&x->sim[i], events[e], expect(e, k, i));
	for (uint64_t n = expect(3, k, i); n; n--)
		rvpmu_fw_event(&x->h[i], SBI_PMU_FW_SET_TIMER);
	sim_run(&x->sim[i], MT_RATE * (end - sh->mt_start) * (k == 4 && i == 1 ? 3 : 1));
}

static void window_words(void)
{
	struct sfx *x = setup(3, 3, 0);
	struct rr_win w;
	struct rr_run r;
	uint64_t t0;

	sfx_window = late_tick;
	cycles_by_time = 1;
	sfx_run(x, 1000);
	CHECK_EQ(x->s.stop_reason, RVPMU_SAMPLER_STOP_DONE);
	for (unsigned int b = 0; b < 3; b++)
		save(x, b);
	read_back(x, &r, 3, 0);
	CHECK_EQ(r.nr_bufs, 3);
	CHECK_EQ((uint64_t)(r.cycle_hz + 0.5), MT_RATE * 1000000);
	t0 = r.t0;
	for (size_t i = 0; i < r.nr_bufs; i++)
		for (uint32_t ss = 0; ss < r.bufs[i].nr_samples * r.nr_subsamples; ss++)
			for (uint32_t pos = 0; pos < r.nr_harts; pos++) {
				uint32_t s = ss / r.nr_subsamples, sub = ss % r.nr_subsamples;
				uint64_t k = rr_subsample_index(&r, &r.bufs[i], s, sub);
				uint64_t start = t0 + k * MT_P;

				rr_window(&r, &r.bufs[i], s, sub, pos, &w);
				if (k == 3) {	/* passed: not written, stale */
					CHECK_EQ(w.kind, RR_WIN_UNCOUNTED);
					CHECK_EQ(rr_winword(&r, &r.bufs[i], s, sub, pos),
						 0x5a5a5a5a5a5a5a5aull & ~RVPMU_SAMPLER_WIN_COUNTED);
					CHECK(!rr_win_used(&w));
					continue;
				}
				/* a window begins where the one before ended */
				start += k == 4 ? MT_LATE - MT_P : 0;
				CHECK_EQ(rr_mtime(&r, &r.bufs[i], s, sub, pos), start);
				CHECK_EQ(w.src, RR_LEN_WINDOW);
				CHECK_EQ(w.kind, k == 2 ? RR_WIN_LATE : RR_WIN_OK);
				CHECK_EQ((uint64_t)(w.len_s * 1e6 + 0.5),
					 k == 2 ? 2 * MT_P + 10 : k == 4 ? MT_P - 10 : MT_P);
				CHECK_EQ(w.lost, 0);
				CHECK_EQ(w.disagree, k == 4 && r.hart[pos] == 1);
				CHECK_EQ((uint64_t)(w.start_s * 1e6 + 0.5), start - t0);
			}
	/* per event and hart: subsample 0 had the late window (used) and
	   hartid 1's disagreeing one (not) */
	for (uint32_t pos = 0; pos < r.nr_harts; pos++) {
		struct rr_stat st;
		int one = r.hart[pos] == 1;

		rr_event_stat(&r, 0, pos, &st);
		CHECK(st.windows == 3 && st.late == 1 && st.nshort == 0);
		CHECK_EQ(st.unsure, one ? 1u : 0u);
		CHECK_EQ(st.used, one ? 2u : 3u);
		CHECK(st.min <= st.mean && st.mean <= st.max);
		rr_event_stat(&r, 3, pos, &st);
		CHECK(st.windows == 3 && st.late == 0 && st.nshort == 0 && st.uncounted == 1 &&
		      st.used == 2);
	}
	/* cycles a tick in every window but the disagreeing one */
	for (size_t i = 0; i < r.nr_bufs; i++)
		for (uint32_t ss = 0; ss < r.bufs[i].nr_samples * r.nr_subsamples; ss++)
			for (uint32_t pos = 0; pos < r.nr_harts; pos++) {
				uint32_t s = ss / r.nr_subsamples, sub = ss % r.nr_subsamples;
				uint64_t k = rr_subsample_index(&r, &r.bufs[i], s, sub);

				rr_window(&r, &r.bufs[i], s, sub, pos, &w);
				if (!RR_WIN_HAS_DATA(&w))
					continue;
				CHECK_EQ(rr_cycles(&r, &r.bufs[i], s, sub, pos),
					 (uint64_t)(w.len_s * 1e6 + 0.5) * MT_RATE *
					 (k == 4 && r.hart[pos] == 1 ? 3 : 1));
			}
	cycles_by_time = 0;
	rr_free(&r);
}

/*
 * A retentive suspend and a leave, as the decoder sees them: hartid 1
 * pauses 30 ticks before the end of window 2 (that window closes then,
 * counted, 70 ticks long) and resumes 30 ticks before the end of window 5, which
 * it rejoins (short, counted); windows 3 and 4 it was paused for are not
 * written: uncounted, their stale bytes never read. Hartid 3 leaves (HSM
 * stop) before its tick at the end of window 6: windows 6 on are not
 * written and none after is counted: absent. STATUS says the same.
 */
#define PR_EARLY	30	/* ticks before a deadline: pause, resume */

static void pause_leave_tick(struct sfx *x, unsigned int i)
{
	uint64_t k = rvpmu_sampler_hart_subsamples(&x->s, &x->sh[i]);

	window(x, i);
	if (i == 1 && k == 2) {
		x->mtime = x->deadline[1] - PR_EARLY;
		rvpmu_sampler_hart_pause(&x->s, &x->sh[1]);
	}
	if (i == 0 && k == 5) {
		x->mtime = x->deadline[0] - PR_EARLY;
		rvpmu_sampler_hart_resume(&x->s, &x->sh[1]);
	}
	if (i == 3 && k == 6) {
		x->started[3] = false;
		rvpmu_sampler_hart_leave(&x->s, &x->sh[3], false);
	}
}

static void pause_and_leave(void)
{
	struct sfx *x = setup(3, 5, 0);
	const struct rvpmu_sampler_status *st;
	const struct rvpmu_sampler_hart_status *hs;
	struct rr_win w;
	struct rr_run r;

	sfx_window = pause_leave_tick;
	sfx_run(x, 1000);
	CHECK_EQ(x->s.stop_reason, RVPMU_SAMPLER_STOP_DONE);
	for (unsigned int b = 0; b < 3; b++)
		save(x, b);
	read_back(x, &r, 5, 0);
	for (size_t i = 0; i < r.nr_bufs; i++)
		for (uint32_t ss = 0; ss < r.bufs[i].nr_samples * r.nr_subsamples; ss++) {
			uint32_t s = ss / r.nr_subsamples, sub = ss % r.nr_subsamples;
			uint64_t k = rr_subsample_index(&r, &r.bufs[i], s, sub);

			for (uint32_t pos = 0; pos < r.nr_harts; pos++) {
				enum rr_win_kind want = RR_WIN_OK;
				uint64_t len = 100;

				if (pos == 1 && k == 2) {
					len = 100 - PR_EARLY;	/* closed by the pause */
				} else if (pos == 1 && k == 5) {
					want = RR_WIN_SHORT;	/* opened by the resume */
					len = PR_EARLY;
				} else if (pos == 1 && (k == 3 || k == 4)) {
					want = RR_WIN_UNCOUNTED;
				} else if (pos == 3 && k >= 6) {
					want = RR_WIN_ABSENT;
				}
				rr_window(&r, &r.bufs[i], s, sub, pos, &w);
				CHECK_EQ(w.kind, want);
				if (RR_WIN_HAS_DATA(&w))
					CHECK_EQ((uint64_t)(w.len_s * 1e6 + 0.5), len);
			}
		}
	sfx_status(x, &st);
	hs = (const void *)(st + 1);
	CHECK_EQ(st->paused, 2);
	CHECK_EQ(hs[1].paused, 2);
	CHECK_EQ(hs[1].flags, 0);
	CHECK_EQ(hs[3].flags, RVPMU_SAMPLER_HART_STOPPED);
	rr_free(&r);
}

/* report-engine [FILE]: FILE receives the three-buffer run's file. */
int main(int argc, char **argv)
{
	static const struct t_case cases[] = {
		T(three_buffers), T(unused_buffer), T(ring_every_fill), T(ring_fill_missing),
		T(window_words), T(pause_and_leave),
	};

	out = argc > 1 ? argv[1] : NULL;
	setvbuf(stdout, NULL, _IONBF, 0);
	printf("# the sampler engine's buffers read back by rvpmu-report's decoder\n");
	T_RUN(cases);
	return t_finish();
}
