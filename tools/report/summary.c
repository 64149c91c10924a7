/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/report/summary.c - rvpmu-report's default output: the run in a
 * line, then per event and hart the mean, min and max of its rate over
 * the samples present (a rate is a subsample's count over period_us).
 */
#include <inttypes.h>

#include "report.h"

static void row(FILE *out, const struct rr_run *r, uint32_t e, uint32_t pos)
{
	uint64_t lo = UINT64_MAX, hi = 0;
	double sum = 0;
	char a[32], b[32], c[32], name[RR_LABEL_MAX];
	size_t i;

	for (i = 0; i < r->nr_bufs; i++) {
		const struct rr_buf *bf = &r->bufs[i];
		uint32_t s;

		for (s = 0; s < bf->nr_samples; s++) {
			uint64_t v = rr_count(r, bf, s, e, pos);

			sum += (double)v;
			lo = v < lo ? v : lo;
			hi = v > hi ? v : hi;
		}
	}
	fprintf(out, "  %-28s %10u %14s %14s %14s\n", pos ? "" : rr_event_label(r, e, name),
		r->hart[pos], rr_si(rr_rate(r, sum / (double)r->samples), "/s", a, sizeof(a)),
		rr_si(rr_rate(r, lo), "/s", b, sizeof(b)),
		rr_si(rr_rate(r, hi), "/s", c, sizeof(c)));
}

int rr_summary(FILE *out, const struct rr_run *r)
{
	uint32_t e, pos;

	fprintf(out,
		"RVPMU SAMPLER summary: %u hart(s) in %u cluster(s), %u event(s), nr_pmu %u (%u subsample(s) per sample), period %u us, %llu sample(s), %llu lost, %zu buffer(s)\n",
		r->nr_harts, r->nr_clusters, r->nr_events, r->nr_pmu, r->nr_subsamples,
		r->period_us, (unsigned long long)r->samples, (unsigned long long)r->lost,
		r->nr_bufs);
	if (!r->samples) {
		fprintf(out, "no samples\n");
		return ferror(out) ? -1 : 0;
	}
	fprintf(out, "  %-28s %10s %14s %14s %14s\n", "event", "hart", "mean", "min", "max");
	for (e = 0; e < r->nr_events; e++)
		for (pos = 0; pos < r->nr_harts; pos++)
			row(out, r, e, pos);
	return ferror(out) ? -1 : 0;
}
