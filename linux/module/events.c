// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0
/*
 * events.c - user_events: the ids a user writes, and their SBI events.
 *
 * An id is a 64-bit hex number in the encodings Linux 6.1's riscv_pmu_sbi
 * takes as perf config, with the perf type put in bits 48..55 (raw configs
 * use bits 0..47 only, so nothing collides):
 *   0x0000_0000_0000_00NN  hardware: PERF_COUNT_HW_* NN (0 cycles, 1 instructions)
 *   0x0003_0000_00RR_OOCC  cache: perf's cache config (id | op << 8 | result << 16)
 *   0x0004_RRRR_RRRR_RRRR  raw: the 48-bit raw event (SBI event_data)
 *   0x8000_0000_0000_FFFF  firmware: riscv_pmu_sbi's raw form with bit 63
 *                          set, FFFF the SBI firmware event code
 * The SBI numbering these map to is the SBI PMU specification's.
 */
#include <linux/bits.h>
#include <linux/ctype.h>
#include <linux/errno.h>
#include <linux/kernel.h>

#include "rvpmu_sampler.h"

#define ID_FW		BIT_ULL(63)
#define ID_TYPE(id)	(((id) >> 48) & 0xff)
#define ID_CONFIG(id)	((id) & GENMASK_ULL(47, 0))

#define SBI_TYPE_HW	0u
#define SBI_TYPE_CACHE	1u
#define SBI_TYPE_RAW	2u
#define SBI_TYPE_FW	15u
#define SBI_HW_MAX	10u	/* PERF_COUNT_HW_* 0..9 map to SBI 1..10 */
#define SBI_FW_CODES	22u	/* standard SBI firmware events 0..21 */

static bool id_valid(u64 id)
{
	u64 c = ID_CONFIG(id);

	if (id & ID_FW)
		return (id & ~(ID_FW | 0xffffull)) == 0 && (id & 0xffff) < SBI_FW_CODES;
	if (id >> 56)
		return false;
	switch (ID_TYPE(id)) {
	case PERF_TYPE_HARDWARE:
		return c < SBI_HW_MAX;
	case PERF_TYPE_HW_CACHE:
		return (c & 0xff) < PERF_COUNT_HW_CACHE_MAX &&
		       ((c >> 8) & 0xff) < PERF_COUNT_HW_CACHE_OP_MAX &&
		       ((c >> 16) & 0xff) < PERF_COUNT_HW_CACHE_RESULT_MAX &&
		       (c >> 24) == 0;
	case PERF_TYPE_RAW:
		return true;
	default:
		return false;
	}
}

void rvs_id_to_sbi(u64 id, struct rvpmu_sampler_event *ev)
{
	u64 c = ID_CONFIG(id);

	ev->reserved = 0;
	ev->event_data = 0;
	if (id & ID_FW) {
		ev->event_idx = (SBI_TYPE_FW << 16) | (u32)(id & 0xffff);
		return;
	}
	switch (ID_TYPE(id)) {
	case PERF_TYPE_HARDWARE:
		ev->event_idx = (SBI_TYPE_HW << 16) | (u32)(c + 1);
		break;
	case PERF_TYPE_HW_CACHE:	/* SBI: cache_id << 3 | op << 1 | result */
		ev->event_idx = (SBI_TYPE_CACHE << 16) | (u32)((c & 0xff) << 3) |
				(u32)(((c >> 8) & 0xff) << 1) | (u32)((c >> 16) & 0xff);
		break;
	default:			/* raw */
		ev->event_idx = SBI_TYPE_RAW << 16;
		ev->event_data = c;
		break;
	}
}

int rvs_parse_events(const char *buf, size_t len, u64 *ids)
{
	char tok[24];
	size_t i = 0;
	int n = 0;

	while (i < len) {
		size_t t = 0;

		while (i < len && isspace(buf[i]))
			i++;
		if (i >= len || buf[i] == '\0')
			break;
		while (i < len && buf[i] && !isspace(buf[i])) {
			if (t + 1 >= sizeof(tok))
				return -EINVAL;
			tok[t++] = buf[i++];
		}
		tok[t] = '\0';
		if (n == RVPMU_SAMPLER_MAX_EVENTS)
			return -E2BIG;
		if (kstrtou64(tok, 16, &ids[n]) || !id_valid(ids[n]))
			return -EINVAL;
		n++;
	}
	return n;
}
