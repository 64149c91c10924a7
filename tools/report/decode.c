/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/report/decode.c - parse and validate a stream of sampler buffers.
 * The layout checked: docs/sbi-sampler.md, section 5.
 * See decode.h. Every check happens here, before an exporter reads a
 * byte, in the order the fields depend on each other: a size is checked
 * against the file before anything inside it is read.
 *
 * The stream (a file of buffers, or the AUX data the Linux driver writes,
 * docs/report.md) is a sequence of 8-byte-aligned records, each either
 *  - a sampler buffer: a buffer header (magic RVPMU_SAMPLER_BUF_MAGIC,
 *    "RVPS", docs/sampler.md section 3), header.buffer_size bytes long; or
 *  - a PAD record: u32 magic RVPMU_SAMPLER_PAD_MAGIC ("RPAD" as bytes),
 *    u32 reserved (0), u64 size, the pad's length including these 16
 *    bytes, a multiple of 8 and at least 16; the bytes after the first 16
 *    are stale data, skipped unread.
 * The layouts read: 4 (version 2 of the extension: only slots whose window
 * word has COUNTED are data) and version 1's 1, 2 and 3, by the header's
 * version field and the RVPMU_SAMPLER_V1_* numbers.
 * Consecutive buffers belong to one run while their run-wide parameters
 * are equal (same_run: version, nr_harts, nr_clusters, nr_pmu, nr_events,
 * period_us, filter, timebase_hz, t0, period_ticks and the hart, cluster
 * and event arrays); a buffer whose parameters differ from the current
 * run's starts a new run (the driver restarted the firmware: a new
 * pmu::add). Within a run the buffers are sorted by first_sample, no two
 * may hold the same sample and the samples missing between them are lost.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat.h"
#include "decode.h"

_Static_assert(sizeof(struct rvpmu_sampler_header) == RR_HEADER_FIXED,
	       "the header's fixed part is 104 bytes");
_Static_assert(offsetof(struct rvpmu_sampler_header, capacity) == 100, "header layout");
_Static_assert(sizeof(struct rvpmu_sampler_event) == 16, "event layout");

/*
 * Little-endian loads from any alignment: the file is little-endian
 * whatever the host is.
 */
static uint64_t le(const uint8_t *p, unsigned int bytes)
{
	uint64_t v = 0;

	while (bytes--)
		v = v << 8 | p[bytes];
	return v;
}
#define LE16(p) ((uint16_t)le((p), 2))
#define LE32(p) ((uint32_t)le((p), 4))
#define LE64(p) le((p), 8)

/* Field offsets in the file, from offsetof so they follow the header. */
#define F(field) offsetof(struct rvpmu_sampler_header, field)

static __printf(4, 5) int fail(char *err, size_t n, size_t off, const char *fmt, ...);
static int fail(char *err, size_t n, size_t off, const char *fmt, ...)
{
	va_list ap;
	int k = snprintf(err, n, "offset %zu (0x%zx): ", off, off);

	va_start(ap, fmt);
	if (k >= 0 && (size_t)k < n)
		vsnprintf(err + k, n - (size_t)k, fmt, ap);
	va_end(ap);
	return -1;
}

static uint64_t pad8(uint64_t v)
{
	return (v + 7) & ~(uint64_t)7;
}

/* What one buffer's header says, before it is compared with the run. */
struct hdr {
	uint32_t version, header_size, state, index, lap;
	uint64_t buffer_size;
	uint32_t nr_harts, nr_clusters, nr_pmu, nr_events, nr_subsamples;
	uint32_t subsample_size, sample_size, period_us, filter;
	uint64_t timebase_hz, t0, period_ticks, first_sample;
	uint32_t nr_samples, capacity;
	uint64_t arrays;	/* bytes of hart + cluster + events after the fixed part */
};

static void read_hdr(const uint8_t *p, struct hdr *h)
{
	h->version = LE16(p + F(version));
	h->header_size = LE16(p + F(header_size));
	h->state = LE32(p + F(state));
	h->index = LE32(p + F(buffer_index));
	h->buffer_size = LE64(p + F(buffer_size));
	h->lap = LE32(p + F(lap));
	h->nr_harts = LE32(p + F(nr_harts));
	h->nr_clusters = LE32(p + F(nr_clusters));
	h->nr_pmu = LE32(p + F(nr_pmu));
	h->nr_events = LE32(p + F(nr_events));
	h->nr_subsamples = LE32(p + F(nr_subsamples));
	h->subsample_size = LE32(p + F(subsample_size));
	h->sample_size = LE32(p + F(sample_size));
	h->period_us = LE32(p + F(period_us));
	h->filter = LE32(p + F(filter));
	h->timebase_hz = LE64(p + F(timebase_hz));
	h->t0 = LE64(p + F(t0));
	h->period_ticks = LE64(p + F(period_ticks));
	h->first_sample = LE64(p + F(first_sample));
	h->nr_samples = LE32(p + F(nr_samples));
	h->capacity = LE32(p + F(capacity));
}

/*
 * The fixed header of the buffer at off: each field against the ABI and
 * against the fields it depends on, and the buffer against the file.
 */
static int check_hdr(const uint8_t *p, size_t size, size_t off, struct hdr *h,
		     char *err, size_t n)
{
	size_t left = size - off;
	uint64_t want, end, ticks;
	uint32_t magic;

	if (left < RR_HEADER_FIXED)
		return fail(err, n, off, "truncated: %zu byte(s) left, a buffer header needs %u",
			    left, RR_HEADER_FIXED);
	p += off;
	magic = LE32(p);
	if (magic != RVPMU_SAMPLER_BUF_MAGIC)
		return fail(err, n, off, "bad magic 0x%08x (a buffer starts with 0x%08x, \"RVPS\")",
			    magic, RVPMU_SAMPLER_BUF_MAGIC);
	read_hdr(p, h);
	if (h->version < RVPMU_SAMPLER_V1_LAYOUT || h->version > RVPMU_SAMPLER_LAYOUT)
		return fail(err, n, off + F(version),
			    "version %u (this tool reads layouts %u to %u)", h->version,
			    RVPMU_SAMPLER_V1_LAYOUT, RVPMU_SAMPLER_LAYOUT);
	if (h->state > RVPMU_SAMPLER_BUF_LAST)
		return fail(err, n, off + F(state), "state %u is not a buffer state", h->state);
	if (h->index >= RVPMU_SAMPLER_MAX_BUFS)
		return fail(err, n, off + F(buffer_index), "buffer_index %u (at most %u buffers)",
			    h->index, RVPMU_SAMPLER_MAX_BUFS);
	if (h->buffer_size < RR_HEADER_FIXED || h->buffer_size % 8)
		return fail(err, n, off + F(buffer_size),
			    "buffer_size %llu is not a multiple of 8 of at least %u",
			    (unsigned long long)h->buffer_size, RR_HEADER_FIXED);
	if (h->buffer_size > left)
		return fail(err, n, off + F(buffer_size),
			    "buffer_size %llu but only %zu byte(s) left in the file (truncated?)",
			    (unsigned long long)h->buffer_size, left);
	if (!h->nr_harts)
		return fail(err, n, off + F(nr_harts), "nr_harts is 0");
	if (!h->nr_clusters || h->nr_clusters > h->nr_harts)
		return fail(err, n, off + F(nr_clusters), "nr_clusters %u with %u hart(s)",
			    h->nr_clusters, h->nr_harts);
	if (!h->nr_pmu || h->nr_pmu > RVPMU_SAMPLER_NR_PMU_MAX)
		return fail(err, n, off + F(nr_pmu), "nr_pmu %u is outside 1..%u", h->nr_pmu,
			    RVPMU_SAMPLER_NR_PMU_MAX);
	if (!h->nr_events || h->nr_events > RVPMU_SAMPLER_MAX_EVENTS)
		return fail(err, n, off + F(nr_events), "nr_events %u is outside 1..%u",
			    h->nr_events, RVPMU_SAMPLER_MAX_EVENTS);
	want = (h->nr_events + h->nr_pmu - 1) / h->nr_pmu;
	if (h->nr_subsamples != want)
		return fail(err, n, off + F(nr_subsamples),
			    "nr_subsamples %u, but %u event(s) on %u counter(s) make %llu",
			    h->nr_subsamples, h->nr_events, h->nr_pmu, (unsigned long long)want);
	/* nr_pmu <= 29 and nr_harts < 2^32: the product fits in 64 bits */
	if (h->version == RVPMU_SAMPLER_LAYOUT)
		want = RVPMU_SAMPLER_SUBSAMPLE_SIZE(h->nr_pmu, h->nr_harts);
	else
		want = RVPMU_SAMPLER_V1_SUBSAMPLE_SIZE(h->version, h->nr_pmu, h->nr_harts);
	if (h->subsample_size != want)
		return fail(err, n, off + F(subsample_size),
			    "subsample_size %u, but %u counter(s) on %u hart(s) in version %u make %llu",
			    h->subsample_size, h->nr_pmu, h->nr_harts, h->version,
			    (unsigned long long)want);
	want = (uint64_t)h->subsample_size * h->nr_subsamples;
	if (h->sample_size != want)
		return fail(err, n, off + F(sample_size),
			    "sample_size %u, but %u subsample(s) of %u bytes make %llu",
			    h->sample_size, h->nr_subsamples, h->subsample_size,
			    (unsigned long long)want);
	if (h->period_us < RVPMU_SAMPLER_PERIOD_MIN_US ||
	    h->period_us > RVPMU_SAMPLER_PERIOD_MAX_US)
		return fail(err, n, off + F(period_us), "period_us %u is outside %u..%u",
			    h->period_us, RVPMU_SAMPLER_PERIOD_MIN_US, RVPMU_SAMPLER_PERIOD_MAX_US);
	if (h->filter & ~(uint32_t)RVPMU_SAMPLER_EXCLUDE_ALL)
		return fail(err, n, off + F(filter), "filter 0x%x has undefined bits", h->filter);
	if (!h->timebase_hz)
		return fail(err, n, off + F(timebase_hz), "timebase_hz is 0");
	if (!h->period_ticks)
		return fail(err, n, off + F(period_ticks), "period_ticks is 0");
	/* each array fits easily: nr_harts < 2^32, nr_events <= 240 */
	h->arrays = 2 * pad8(4 * (uint64_t)h->nr_harts) +
		    sizeof(struct rvpmu_sampler_event) * (uint64_t)h->nr_events;
	want = RR_HEADER_FIXED + h->arrays;
	if (h->header_size % 8 || h->header_size < want || h->header_size > h->buffer_size)
		return fail(err, n, off + F(header_size),
			    "header_size %u: it must be a multiple of 8, cover the %llu bytes of header and arrays, and fit in buffer_size %llu",
			    h->header_size, (unsigned long long)want,
			    (unsigned long long)h->buffer_size);
	/* both factors are below 2^32 */
	if ((uint64_t)h->capacity * h->sample_size > h->buffer_size - h->header_size)
		return fail(err, n, off + F(capacity),
			    "capacity %u samples of %u bytes do not fit in the %llu bytes after the header",
			    h->capacity, h->sample_size,
			    (unsigned long long)(h->buffer_size - h->header_size));
	if (h->nr_samples > h->capacity)
		return fail(err, n, off + F(nr_samples), "nr_samples %u is past capacity %u",
			    h->nr_samples, h->capacity);
	/*
	 * every subsample's window, [t0 + k * ticks, t0 + (k + 1) * ticks),
	 * must be an mtime: computed from here on without further checks
	 */
	if (__builtin_add_overflow(h->first_sample, (uint64_t)h->nr_samples, &end) ||
	    __builtin_mul_overflow(end, (uint64_t)h->nr_subsamples, &end) ||
	    __builtin_mul_overflow(end, h->period_ticks, &ticks) ||
	    __builtin_add_overflow(ticks, h->t0, &ticks))
		return fail(err, n, off + F(first_sample),
			    "first_sample %llu: its samples' mtimes pass 2^64",
			    (unsigned long long)h->first_sample);
	return 0;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/*
 * The first buffer's arrays become the run's: harts unique, events'
 * reserved words zero.
 */
static int take_arrays(struct rr_run *r, const uint8_t *p, size_t off, char *err, size_t n)
{
	size_t harts = off + RR_HEADER_FIXED;
	size_t clusters = harts + pad8(4 * (uint64_t)r->nr_harts);
	size_t events = clusters + pad8(4 * (uint64_t)r->nr_harts);
	uint32_t *sorted;
	uint32_t i;

	r->hart = calloc(r->nr_harts, sizeof(*r->hart));
	r->cluster = calloc(r->nr_harts, sizeof(*r->cluster));
	r->events = calloc(r->nr_events, sizeof(*r->events));
	sorted = calloc(r->nr_harts, sizeof(*sorted));
	if (!r->hart || !r->cluster || !r->events || !sorted) {
		free(sorted);
		return fail(err, n, off, "out of memory for %u harts", r->nr_harts);
	}
	for (i = 0; i < r->nr_harts; i++) {
		r->hart[i] = sorted[i] = LE32(p + harts + 4 * (size_t)i);
		r->cluster[i] = LE32(p + clusters + 4 * (size_t)i);
	}
	qsort(sorted, r->nr_harts, sizeof(*sorted), cmp_u32);
	for (i = 1; i < r->nr_harts; i++)
		if (sorted[i] == sorted[i - 1]) {
			uint32_t dup = sorted[i];

			free(sorted);
			return fail(err, n, harts, "hart %u appears twice in the hart order", dup);
		}
	free(sorted);
	for (i = 0; i < r->nr_events; i++) {
		const uint8_t *e = p + events + 16 * (size_t)i;

		r->events[i].event_idx = LE32(e);
		r->events[i].reserved = LE32(e + 4);
		r->events[i].event_data = LE64(e + 8);
		if (r->events[i].reserved)
			return fail(err, n, events + 16 * (size_t)i + 4,
				    "event %u: reserved word is 0x%x, not 0", i,
				    r->events[i].reserved);
	}
	return 0;
}

/*
 * Whether a buffer describes the same run as the run's first buffer (at
 * first): every run-wide parameter equal. One that differs starts a run.
 */
static int same_run(const struct rr_run *r, const struct hdr *h, const uint8_t *p,
		    size_t first, size_t off)
{
	const uint64_t same[][2] = {
		{ h->version, r->version },
		{ h->nr_harts, r->nr_harts },
		{ h->nr_clusters, r->nr_clusters },
		{ h->nr_pmu, r->nr_pmu },
		{ h->nr_events, r->nr_events },
		{ h->period_us, r->period_us },
		{ h->filter, r->filter },
		{ h->timebase_hz, r->timebase_hz },
		{ h->t0, r->t0 },
		{ h->period_ticks, r->period_ticks },
	};
	size_t k;

	for (k = 0; k < ARRAY_SIZE(same); k++)
		if (same[k][0] != same[k][1])
			return 0;
	/* the same counts, so the same array sizes: compare them byte for byte */
	return !memcmp(p + first + RR_HEADER_FIXED, p + off + RR_HEADER_FIXED, h->arrays);
}

size_t rr_subsample_offset(const struct rr_run *r, const struct rr_buf *b, uint32_t s,
			   uint32_t sub)
{
	return b->data + (size_t)s * r->sample_size + (size_t)sub * r->subsample_size;
}

uint32_t rr_cid1(const struct rr_run *r, const struct rr_buf *b, uint32_t s, uint32_t sub,
		 uint32_t pos)
{
	return LE32(r->file + rr_subsample_offset(r, b, s, sub) + 4 * (size_t)pos);
}

uint32_t rr_cid2(const struct rr_run *r, const struct rr_buf *b, uint32_t s, uint32_t sub,
		 uint32_t pos)
{
	return LE32(r->file + rr_subsample_offset(r, b, s, sub) + 4 * ((size_t)r->nr_harts + pos));
}

uint64_t rr_slot(const struct rr_run *r, const struct rr_buf *b, uint32_t s, uint32_t sub,
		 uint32_t slot, uint32_t pos)
{
	size_t at = rr_subsample_offset(r, b, s, sub) + 8 * (size_t)r->nr_harts +
		    8 * ((size_t)slot * r->nr_harts + pos);

	return LE64(r->file + at);
}

uint64_t rr_cycles(const struct rr_run *r, const struct rr_buf *b, uint32_t s, uint32_t sub,
		   uint32_t pos)
{
	return rr_slot(r, b, s, sub, r->nr_pmu, pos);
}

uint64_t rr_mtime(const struct rr_run *r, const struct rr_buf *b, uint32_t s, uint32_t sub,
		  uint32_t pos)
{
	/* the fifth field, after cycles[]: the slot past the cycles slot */
	if (!RR_HAS_MTIME(r))
		return 0;
	return rr_slot(r, b, s, sub, r->nr_pmu + 1, pos);
}

uint64_t rr_winword(const struct rr_run *r, const struct rr_buf *b, uint32_t s, uint32_t sub,
		    uint32_t pos)
{
	/* the sixth field, after mtime[] */
	if (!RR_HAS_WINDOW(r))
		return 0;
	return rr_slot(r, b, s, sub, r->nr_pmu + 2, pos);
}

uint64_t rr_count(const struct rr_run *r, const struct rr_buf *b, uint32_t s, uint32_t e,
		  uint32_t pos)
{
	return rr_slot(r, b, s, e / r->nr_pmu, e % r->nr_pmu, pos);
}

uint64_t rr_subsample_index(const struct rr_run *r, const struct rr_buf *b, uint32_t s,
			    uint32_t sub)
{
	return (b->first_sample + s) * r->nr_subsamples + sub;
}

/* Layout 4: whether the hart wrote its slots of that subsample. */
static int counted(const struct rr_run *r, const struct rr_buf *b, uint32_t s, uint32_t sub,
		   uint32_t pos)
{
	return !!(rr_winword(r, b, s, sub, pos) & RVPMU_SAMPLER_WIN_COUNTED);
}

/*
 * Slots past nr_events in each sample's last subsample hold the null
 * event: a count there means the writer and this reader disagree on the
 * layout, so nothing else in the buffer could be trusted. In layout 4
 * only a counted window's slots were written: the others are not read.
 */
static int check_padding(const struct rr_run *r, const struct rr_buf *b, char *err, size_t n)
{
	uint32_t last = r->nr_subsamples - 1, s, slot, pos;
	int v4 = r->version == RVPMU_SAMPLER_LAYOUT;

	for (s = 0; s < b->nr_samples; s++)
		for (slot = r->nr_events - last * r->nr_pmu; slot < r->nr_pmu; slot++)
			for (pos = 0; pos < r->nr_harts; pos++) {
				uint64_t v = rr_slot(r, b, s, last, slot, pos);
				size_t at = rr_subsample_offset(r, b, s, last) +
					    8 * (size_t)r->nr_harts +
					    8 * ((size_t)slot * r->nr_harts + pos);

				if (v && (!v4 || counted(r, b, s, last, pos)))
					return fail(err, n, at,
						    "sample %u: padding slot %u of hart %u holds %llu, not the null event's 0",
						    s, slot, r->hart[pos], (unsigned long long)v);
			}
	return 0;
}

static int cmp_buf(const void *a, const void *b)
{
	const struct rr_buf *x = a, *y = b;

	if (x->first_sample != y->first_sample)
		return x->first_sample < y->first_sample ? -1 : 1;
	return (x->offset > y->offset) - (x->offset < y->offset);
}

/*
 * Sort by first sample; count what is missing; refuse overlaps (two
 * buffers that claim the same sample cannot both be right).
 */
static int order(struct rr_run *r, char *err, size_t n)
{
	const struct rr_buf *prev = NULL;
	size_t i;

	qsort(r->bufs, r->nr_bufs, sizeof(*r->bufs), cmp_buf);
	for (i = 0; i < r->nr_bufs; i++) {
		const struct rr_buf *b = &r->bufs[i];

		if (!b->nr_samples)
			continue;
		if (prev && b->first_sample < r->end_sample)
			return fail(err, n, b->offset + F(first_sample),
				    "samples %llu.. overlap those of the buffer at offset %zu (%llu..%llu)",
				    (unsigned long long)b->first_sample,
				    prev->offset, (unsigned long long)prev->first_sample,
				    (unsigned long long)(r->end_sample - 1));
		r->lost += b->first_sample - r->end_sample;
		r->samples += b->nr_samples;
		r->end_sample = b->first_sample + b->nr_samples;
		prev = b;
	}
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/*
 * r->cycle_hz: the median of cycles / period over every window and hart
 * that has cycles; in layouts 3 and 4 of cycles over the window's own
 * length where it has one and is not LOST (every window then, a late one
 * too, says the rate); in layout 4 counted windows only. A window of a
 * hart takes at least 24 bytes of the file (CIDs, a count, cycles), so
 * the array stays below the file's size.
 */
static int cycle_rate(struct rr_run *r, char *err, size_t n)
{
	double period = (double)r->period_ticks / (double)r->timebase_hz, *v;
	size_t i, nv = 0, cap = (size_t)r->samples * r->nr_subsamples * r->nr_harts;
	uint32_t s, sub, pos;

	if (!cap)
		return 0;
	v = calloc(cap, sizeof(*v));
	if (!v)
		return fail(err, n, 0, "out of memory for %zu windows", cap);
	for (i = 0; i < r->nr_bufs; i++)
		for (s = 0; s < r->bufs[i].nr_samples; s++)
			for (sub = 0; sub < r->nr_subsamples; sub++)
				for (pos = 0; pos < r->nr_harts; pos++) {
					uint64_t c = rr_cycles(r, &r->bufs[i], s, sub, pos);
					uint64_t w = rr_winword(r, &r->bufs[i], s, sub, pos);

					if (r->version == RVPMU_SAMPLER_LAYOUT &&
					    !(w & RVPMU_SAMPLER_WIN_COUNTED))
						continue;	/* not data */
					if (c && RVPMU_SAMPLER_WIN_LEN(w) &&
					    !(w & RVPMU_SAMPLER_WIN_LOST))
						v[nv++] = (double)c * (double)r->timebase_hz /
							  (double)RVPMU_SAMPLER_WIN_LEN(w);
					else if (c && !w)
						v[nv++] = (double)c / period;
				}
	if (nv) {
		qsort(v, nv, sizeof(*v), cmp_double);
		r->cycle_hz = nv % 2 ? v[nv / 2] : (v[nv / 2 - 1] + v[nv / 2]) / 2;
	}
	free(v);
	return 0;
}

/*
 * Layout 4: r->counted_end, per position one past its last counted
 * window's run-wide subsample index (0: none). Buffers are sorted and
 * disjoint, so the last buffer with one holds it.
 */
static int counted_ends(struct rr_run *r, char *err, size_t n)
{
	uint32_t s, sub, pos;
	size_t i;

	if (r->version != RVPMU_SAMPLER_LAYOUT)
		return 0;
	r->counted_end = calloc(r->nr_harts, sizeof(*r->counted_end));
	if (!r->counted_end)
		return fail(err, n, r->offset, "out of memory for %u harts", r->nr_harts);
	for (i = 0; i < r->nr_bufs; i++)
		for (s = 0; s < r->bufs[i].nr_samples; s++)
			for (sub = 0; sub < r->nr_subsamples; sub++)
				for (pos = 0; pos < r->nr_harts; pos++)
					if (counted(r, &r->bufs[i], s, sub, pos))
						r->counted_end[pos] =
							rr_subsample_index(r, &r->bufs[i], s, sub) + 1;
	return 0;
}

void rr_free(struct rr_run *r)
{
	free(r->counted_end);
	free(r->hart);
	free(r->cluster);
	free(r->events);
	free(r->bufs);
	memset(r, 0, sizeof(*r));
}

void rr_runs_free(struct rr_runs *rs)
{
	size_t i;

	for (i = 0; i < rs->nr_runs; i++)
		rr_free(&rs->runs[i]);
	free(rs->runs);
	free(rs->pads);
	memset(rs, 0, sizeof(*rs));
}

/* Room for one more element in *arr of *nr; 0, or -1 out of memory. */
static int grow(void **arr, size_t nr, size_t *cap, size_t elem)
{
	void *na;

	if (nr < *cap)
		return 0;
	/* every element stands for at least 16 bytes of the file: no overflow */
	*cap = *cap ? 2 * *cap : 8;
	na = realloc(*arr, *cap * elem);
	if (!na)
		return -1;
	*arr = na;
	return 0;
}

/* The PAD record at off (its magic already seen): checked, then kept. */
static int take_pad(struct rr_runs *rs, size_t *cap, size_t off, char *err, size_t n)
{
	const uint8_t *p = rs->file + off;
	size_t left = rs->file_size - off;
	uint64_t size;

	if (left < RVPMU_SAMPLER_PAD_SIZE)
		return fail(err, n, off, "truncated: %zu byte(s) left, a pad record needs %u",
			    left, RVPMU_SAMPLER_PAD_SIZE);
	if (LE32(p + 4))
		return fail(err, n, off + 4, "pad reserved word is 0x%x, not 0", LE32(p + 4));
	size = LE64(p + 8);
	if (size < RVPMU_SAMPLER_PAD_SIZE || size % 8)
		return fail(err, n, off + 8, "pad size %llu is not a multiple of 8 of at least %u",
			    (unsigned long long)size, RVPMU_SAMPLER_PAD_SIZE);
	if (size > left)
		return fail(err, n, off + 8,
			    "pad size %llu but only %zu byte(s) left in the file (truncated?)",
			    (unsigned long long)size, left);
	if (grow((void **)&rs->pads, rs->nr_pads, cap, sizeof(*rs->pads)))
		return fail(err, n, off, "out of memory");
	rs->pads[rs->nr_pads].offset = off;
	rs->pads[rs->nr_pads++].size = size;
	return 0;
}

/* A new run, its parameters those of the buffer at off. */
static struct rr_run *start_run(struct rr_runs *rs, size_t *cap, const struct hdr *h,
				size_t off, char *err, size_t n)
{
	struct rr_run *r;

	if (grow((void **)&rs->runs, rs->nr_runs, cap, sizeof(*rs->runs))) {
		fail(err, n, off, "out of memory");
		return NULL;
	}
	r = &rs->runs[rs->nr_runs++];
	memset(r, 0, sizeof(*r));
	r->file = rs->file;
	r->file_size = rs->file_size;
	r->offset = off;
	r->version = h->version;
	r->nr_harts = h->nr_harts;
	r->nr_clusters = h->nr_clusters;
	r->nr_pmu = h->nr_pmu;
	r->nr_events = h->nr_events;
	r->nr_subsamples = h->nr_subsamples;
	r->subsample_size = h->subsample_size;
	r->sample_size = h->sample_size;
	r->period_us = h->period_us;
	r->filter = h->filter;
	r->timebase_hz = h->timebase_hz;
	r->t0 = h->t0;
	r->period_ticks = h->period_ticks;
	return take_arrays(r, rs->file, off, err, n) ? NULL : r;
}

int rr_decode_all(const uint8_t *p, size_t size, struct rr_runs *rs, char *err, size_t n)
{
	size_t off = 0, run_cap = 0, pad_cap = 0, buf_cap = 0, pad0 = 0;
	struct hdr h = { 0 };	/* check_hdr fills it; said for the compiler */
	struct rr_run *r = NULL;
	size_t i;

	memset(rs, 0, sizeof(*rs));
	rs->file = p;
	rs->file_size = size;
	if (!size)
		return fail(err, n, 0, "empty file: no buffer header");
	while (off < size) {
		struct rr_buf *b;

		if (size - off >= 4 && LE32(p + off) == RVPMU_SAMPLER_PAD_MAGIC) {
			if (take_pad(rs, &pad_cap, off, err, n))
				goto bad;
			off += (size_t)rs->pads[rs->nr_pads - 1].size;	/* <= size - off */
			continue;
		}
		if (check_hdr(p, size, off, &h, err, n))
			goto bad;
		if (!r || !same_run(r, &h, p, r->offset, off)) {
			r = start_run(rs, &run_cap, &h, off, err, n);
			if (!r)
				goto bad;
			buf_cap = 0;
		}
		if (grow((void **)&r->bufs, r->nr_bufs, &buf_cap, sizeof(*r->bufs))) {
			fail(err, n, off, "out of memory");
			goto bad;
		}
		b = &r->bufs[r->nr_bufs++];
		b->offset = off;
		b->data = off + h.header_size;
		b->size = h.buffer_size;
		b->first_sample = h.first_sample;
		b->nr_samples = h.nr_samples;
		b->capacity = h.capacity;
		b->index = h.index;
		b->lap = h.lap;
		b->state = h.state;
		b->header_size = h.header_size;
		b->pad0 = pad0;
		b->nr_pads = rs->nr_pads - pad0;
		pad0 = rs->nr_pads;
		r->bytes += h.buffer_size;
		if (check_padding(r, b, err, n))
			goto bad;
		off += (size_t)h.buffer_size;	/* <= size - off, checked */
	}
	rs->trail0 = pad0;
	for (i = 0; i < rs->nr_runs; i++)
		if (order(&rs->runs[i], err, n) || cycle_rate(&rs->runs[i], err, n) ||
		    counted_ends(&rs->runs[i], err, n))
			goto bad;
	return 0;
bad:
	rr_runs_free(rs);
	return -1;
}

int rr_decode(const uint8_t *p, size_t size, struct rr_run *r, char *err, size_t n)
{
	struct rr_runs rs;

	memset(r, 0, sizeof(*r));
	if (rr_decode_all(p, size, &rs, err, n))
		return -1;
	if (rs.nr_runs != 1) {
		size_t at = rs.nr_runs ? rs.runs[1].offset : 0;

		if (rs.nr_runs)
			fail(err, n, at,
			     "a second run starts here (its parameters differ from the first buffer's)");
		else
			fail(err, n, at, "no sampler buffer: only pad records");
		rr_runs_free(&rs);
		return -1;
	}
	*r = rs.runs[0];
	free(rs.runs);
	free(rs.pads);
	return 0;
}

/* FNV-1a, 64 bits, over the little-endian bytes of v */
static uint64_t fnv(uint64_t h, uint64_t v, unsigned int bytes)
{
	while (bytes--) {
		h = (h ^ (v & 0xff)) * 0x100000001b3ull;
		v >>= 8;
	}
	return h;
}

uint64_t rr_run_key(const struct rr_run *r)
{
	const uint64_t scalar[] = {
		r->version, r->nr_harts, r->nr_clusters, r->nr_pmu, r->nr_events,
		r->period_us, r->filter, r->timebase_hz, r->t0, r->period_ticks,
	};
	uint64_t h = 0xcbf29ce484222325ull;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(scalar); i++)
		h = fnv(h, scalar[i], 8);
	for (i = 0; i < r->nr_harts; i++)
		h = fnv(fnv(h, r->hart[i], 4), r->cluster[i], 4);
	for (i = 0; i < r->nr_events; i++)
		h = fnv(fnv(h, r->events[i].event_idx, 4), r->events[i].event_data, 8);
	return h;
}
