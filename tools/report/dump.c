/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/report/dump.c - rvpmu-report -D: every byte of the file that
 * means something, in the spirit of perf report -D. Lines that start a
 * record begin with its file offset and size in hex, "0x<offset>
 * [0x<size>]:", and carry the keyword "RVPMU SAMPLER" to search for. The
 * dump shows the data as written (a subsample's mtime and window word too,
 * where its layout has them), not what the exporters make of it; in layout
 * 4 a hart's slots without COUNTED are no data, and the dump says "not
 * counted" instead. A stream of several runs is dumped run
 * by run, each after a "run <k> of <n>" line; a PAD record is a line of
 * its own, before the buffer that follows it in the file, so that the
 * offsets and sizes still add up.
 */
#include <inttypes.h>

#include "report.h"

void rr_dump_run(FILE *out, const struct rr_run *r, int brief)
{
	char name[RR_LABEL_MAX];
	uint32_t i;

	fprintf(out, ". ... RVPMU SAMPLER data: %zu buffer(s), %llu bytes\n", r->nr_bufs,
		(unsigned long long)r->bytes);
	if (brief)
		return;
	fprintf(out,
		".  %u hart(s) in %u cluster(s), %u event(s), nr_pmu %u, %u subsample(s) per sample, subsample %u bytes, sample %u bytes\n",
		r->nr_harts, r->nr_clusters, r->nr_events, r->nr_pmu, r->nr_subsamples,
		r->subsample_size, r->sample_size);
	fprintf(out, ".  period %u us = %" PRIu64 " ticks at %" PRIu64 " Hz, t0 %" PRIu64
		", filter 0x%x, header version %u%s\n", r->period_us, r->period_ticks,
		r->timebase_hz, r->t0, r->filter, r->version,
		r->version == RVPMU_SAMPLER_LAYOUT ? " (mtime and window per subsample, counted only)"
		: RR_HAS_WINDOW(r) ? " (mtime and window per subsample)"
		: RR_HAS_MTIME(r) ? " (mtime per subsample)" : "");
	fprintf(out, ".  samples %" PRIu64 ", lost %" PRIu64 "\n", r->samples, r->lost);
	for (i = 0; i < r->nr_harts; i++)
		fprintf(out, ".  position %u: hart %u cluster %u\n", i, r->hart[i], r->cluster[i]);
	for (i = 0; i < r->nr_events; i++)
		fprintf(out, ".  event %u: %s (event_idx 0x%x, event_data 0x%" PRIx64
			"), subsample %u slot %u\n", i, rr_event_label(r, i, name),
			r->events[i].event_idx, r->events[i].event_data, i / r->nr_pmu,
			i % r->nr_pmu);
}

static void subsample(FILE *out, const struct rr_run *r, const struct rr_buf *b, uint32_t s,
		      uint32_t sub, uint64_t base)
{
	uint64_t k = rr_subsample_index(r, b, s, sub);
	char name[RR_LABEL_MAX];
	uint32_t pos, slot;

	fprintf(out, "0x%" PRIx64 " [0x%x]: RVPMU SAMPLER subsample %u of sample %" PRIu64
		", k %" PRIu64 ", t %.9f s, mtime %" PRIu64 "\n",
		base + rr_subsample_offset(r, b, s, sub), r->subsample_size, sub,
		b->first_sample + s,
		k, rr_time_s(r, k), r->t0 + k * r->period_ticks);
	for (pos = 0; pos < r->nr_harts; pos++) {
		uint64_t w = rr_winword(r, b, s, sub, pos);

		if (r->version == RVPMU_SAMPLER_LAYOUT && !(w & RVPMU_SAMPLER_WIN_COUNTED)) {
			fprintf(out, "  hart %u cluster %u not counted\n", r->hart[pos],
				r->cluster[pos]);
			continue;
		}
		fprintf(out, "  hart %u cluster %u cid1 0x%08x cid2 0x%08x cycles %" PRIu64,
			r->hart[pos], r->cluster[pos], rr_cid1(r, b, s, sub, pos),
			rr_cid2(r, b, s, sub, pos), rr_cycles(r, b, s, sub, pos));
		if (RR_HAS_MTIME(r))
			fprintf(out, " mtime %" PRIu64, rr_mtime(r, b, s, sub, pos));
		if (RR_HAS_WINDOW(r))
			fprintf(out, " len %" PRIu64 "%s%s", RVPMU_SAMPLER_WIN_LEN(w),
				r->version == RVPMU_SAMPLER_V1_LAYOUT_WINDOW &&
				(w & RVPMU_SAMPLER_V1_WIN_PASSED) ? " PASSED" : "",
				w & RVPMU_SAMPLER_WIN_LOST ? " LOST" : "");
		for (slot = 0; slot < r->nr_pmu; slot++) {
			uint32_t e = sub * r->nr_pmu + slot;

			if (e >= r->nr_events)
				break;	/* the null event's padding */
			fprintf(out, " | %s %" PRIu64, rr_event_label(r, e, name),
				rr_slot(r, b, s, sub, slot, pos));
		}
		fputc('\n', out);
	}
}

static void pads(FILE *out, const struct rr_runs *rs, size_t from, size_t to, uint64_t base)
{
	for (; rs && from < to; from++)
		fprintf(out, "\n0x%llx [0x%llx]: RVPMU SAMPLER pad\n",
			(unsigned long long)(base + rs->pads[from].offset),
			(unsigned long long)rs->pads[from].size);
}

/* rr_dump_buffers, with the pads of rs (may be NULL) before each buffer */
static void buffers(FILE *out, const struct rr_runs *rs, const struct rr_run *r,
		    uint64_t base, uint64_t *next)
{
	size_t i;

	for (i = 0; i < r->nr_bufs; i++) {
		const struct rr_buf *b = &r->bufs[i];
		uint64_t used = (uint64_t)b->capacity * r->sample_size;
		uint32_t s, sub;

		pads(out, rs, b->pad0, b->pad0 + b->nr_pads, base);

		fprintf(out, "\n0x%llx [0x%llx]: RVPMU SAMPLER buffer index %u lap %u %s: ",
			(unsigned long long)(base + b->offset), (unsigned long long)b->size,
			b->index, b->lap, rr_state_name(b->state));
		if (b->nr_samples)
			fprintf(out, "samples %" PRIu64 "..%" PRIu64 " (%u", b->first_sample,
				b->first_sample + b->nr_samples - 1, b->nr_samples);
		else
			fprintf(out, "no samples (0");
		fprintf(out, " of capacity %u), header %u bytes, gap %" PRIu64 " bytes\n",
			b->capacity, b->header_size, b->size - b->header_size - used);
		if (!b->nr_samples)
			continue;
		if (b->first_sample > *next)
			fprintf(out, ". ... RVPMU SAMPLER lost samples %" PRIu64 "..%" PRIu64
				" (%" PRIu64 ")\n", *next, b->first_sample - 1,
				b->first_sample - *next);
		*next = b->first_sample + b->nr_samples;
		for (s = 0; s < b->nr_samples; s++)
			for (sub = 0; sub < r->nr_subsamples; sub++)
				subsample(out, r, b, s, sub, base);
	}
}

void rr_dump_buffers(FILE *out, const struct rr_run *r, uint64_t base, uint64_t *next)
{
	buffers(out, NULL, r, base, next);
}

void rr_dump_stream(FILE *out, const struct rr_runs *rs, uint64_t base,
		    struct rr_dump_state *st)
{
	size_t i;

	for (i = 0; i < rs->nr_runs; i++) {
		const struct rr_run *r = &rs->runs[i];
		uint64_t key = rr_run_key(r);
		int same = st->runs && key == st->key;

		if (!same) {
			st->runs++;
			st->key = key;
			st->next = 0;
			if (st->total > 1)
				fprintf(out, ". ... RVPMU SAMPLER run %u of %u\n", st->runs,
					st->total);
			else if (st->runs > 1)
				fprintf(out, ". ... RVPMU SAMPLER run %u\n", st->runs);
		}
		rr_dump_run(out, r, same);
		buffers(out, rs, r, base, &st->next);
	}
	pads(out, rs, rs->trail0, rs->nr_pads, base);
}

int rr_dump(FILE *out, const struct rr_run *r)
{
	uint64_t next = 0;

	rr_dump_run(out, r, 0);
	rr_dump_buffers(out, r, 0, &next);
	return ferror(out) ? -1 : 0;
}

int rr_dump_all(FILE *out, const struct rr_runs *rs)
{
	struct rr_dump_state st = { .total = (unsigned int)rs->nr_runs };

	if (!rs->nr_runs)
		fprintf(out, ". ... RVPMU SAMPLER data: no buffer, %zu pad(s), %zu bytes\n",
			rs->nr_pads, rs->file_size);
	rr_dump_stream(out, rs, 0, &st);
	return ferror(out) ? -1 : 0;
}
