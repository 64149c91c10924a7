/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/report/perfdata.c - the AUX data of a perf.data file. See
 * perfdata.h. The layout is perf's documented one
 * (tools/perf/Documentation/perf.data-file-format.txt): a 104-byte header
 * whose data section holds records, each starting with a perf_event_header
 * (u32 type, u16 misc, u16 size); an AUXTRACE record's payload follows it
 * and is not counted in its size.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "perfdata.h"

#define PERF_MAGIC		0x32454c4946524550ull	/* "PERFILE2" */
#define FILE_HEADER_SIZE	104u
#define REC_AUX			11u
#define REC_COMPRESSED		81u
#define REC_AUXTRACE		71u
#define AUX_FLAG_TRUNCATED	1u
#define AUXTRACE_RECORD_SIZE	48u	/* header, size, offset, reference, idx, tid, cpu, pad */

static uint64_t le(const uint8_t *p, unsigned int bytes)
{
	uint64_t v = 0;

	while (bytes--)
		v = v << 8 | p[bytes];
	return v;
}

int rr_is_perfdata(const uint8_t *p, size_t size)
{
	return size >= 8 && le(p, 8) == PERF_MAGIC;
}

void rr_perfdata_free(struct rr_perfdata *pd)
{
	free(pd->pieces);
	free(pd->aux);
	memset(pd, 0, sizeof(*pd));
}

static int add_piece(struct rr_perfdata *pd, const uint8_t *p, size_t off, size_t len)
{
	struct rr_piece *np = realloc(pd->pieces, (pd->nr_pieces + 1) * sizeof(*np));
	uint8_t *na = realloc(pd->aux, pd->aux_size + len + 1);

	if (np)
		pd->pieces = np;
	if (na)
		pd->aux = na;
	if (!np || !na)
		return -1;
	pd->pieces[pd->nr_pieces].offset = off;
	pd->pieces[pd->nr_pieces++].size = len;
	memcpy(pd->aux + pd->aux_size, p + off, len);
	pd->aux_size += len;
	return 0;
}

int rr_perfdata(const uint8_t *p, size_t size, struct rr_perfdata *pd, char *err, size_t n)
{
	uint64_t hsize, data, data_size, off, end;

	memset(pd, 0, sizeof(*pd));
	if (size < FILE_HEADER_SIZE || !rr_is_perfdata(p, size)) {
		snprintf(err, n, "not a perf.data file (a pipe-mode one is not read: use -o)");
		return -1;
	}
	hsize = le(p + 8, 8);
	data = le(p + 40, 8);
	data_size = le(p + 48, 8);
	if (hsize != FILE_HEADER_SIZE || data > size || data_size > size - data) {
		snprintf(err, n, "perf.data header: size %llu, data section %llu+%llu in a file "
			 "of %zu bytes", (unsigned long long)hsize, (unsigned long long)data,
			 (unsigned long long)data_size, size);
		return -1;
	}
	end = data + data_size;
	for (off = data; off < end;) {
		uint32_t type;
		uint16_t rsize;

		if (end - off < 8)
			goto bad;
		type = (uint32_t)le(p + off, 4);
		rsize = (uint16_t)le(p + off + 6, 2);
		if (rsize < 8 || rsize > end - off)
			goto bad;
		if (type == REC_COMPRESSED) {
			snprintf(err, n, "offset %llu: a compressed perf.data (perf record -z) is "
				 "not read", (unsigned long long)off);
			rr_perfdata_free(pd);
			return -1;
		}
		if (type == REC_AUX && rsize >= 32) {
			pd->aux_records++;
			pd->truncated += !!(le(p + off + 24, 8) & AUX_FLAG_TRUNCATED);
		}
		if (type == REC_AUXTRACE) {
			uint64_t len = rsize >= AUXTRACE_RECORD_SIZE ? le(p + off + 8, 8) : UINT64_MAX;

			if (len > end - off - rsize)
				goto bad;
			if (add_piece(pd, p, off + rsize, len)) {
				snprintf(err, n, "out of memory");
				rr_perfdata_free(pd);
				return -1;
			}
			off += len;
		}
		off += rsize;
	}
	return 0;
bad:
	snprintf(err, n, "offset %llu (0x%llx): a perf record overruns the data section",
		 (unsigned long long)off, (unsigned long long)off);
	rr_perfdata_free(pd);
	return -1;
}
