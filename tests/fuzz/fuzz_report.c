/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer target for rvpmu-report: the input is a file of sampler
 * buffers. The decoder must refuse it with a message or accept it; an
 * accepted run must keep the decoder's promises (every buffer, sample and
 * window inside the file and in 64 bits, buffers sorted and disjoint),
 * and then every exporter runs on it, writing to /dev/null, under ASan and
 * UBSan. Any violation aborts (a fuzzer finding).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tools/report/report.h"

static void promises(const struct rr_run *r, size_t size)
{
	uint64_t samples = 0, end = 0;

	for (size_t i = 0; i < r->nr_bufs; i++) {
		const struct rr_buf *b = &r->bufs[i];

		if (b->offset > size || b->size > size - b->offset || b->data < b->offset ||
		    b->data > b->offset + b->size ||
		    (uint64_t)b->capacity * r->sample_size > b->offset + b->size - b->data ||
		    b->nr_samples > b->capacity)
			abort();
		if (b->nr_samples) {
			if (b->first_sample < end)
				abort();
			end = b->first_sample + b->nr_samples;
			samples += b->nr_samples;
		}
	}
	if (samples != r->samples || end != r->end_sample || r->lost != end - samples ||
	    r->nr_subsamples * r->nr_pmu < r->nr_events)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *null;
	struct rr_run run;
	char err[256];

	if (!null && !(null = fopen("/dev/null", "w")))
		abort();
	if (rr_decode(data, size, &run, err, sizeof(err))) {
		if (strncmp(err, "offset ", 7))	/* every refusal names its offset */
			abort();
		return 0;
	}
	promises(&run, size);
	if (rr_dump(null, &run) || rr_csv(null, &run) || rr_perfetto(null, &run) ||
	    rr_svg(null, &run, 1 + (unsigned int)(size % RVPMU_SAMPLER_MAX_EVENTS), null) ||
	    rr_summary(null, &run))
		abort();
	rr_free(&run);
	return 0;
}
