/* SPDX-License-Identifier: BSD-2-Clause */
/* snapshot_set_shmem and the snapshot flags of start/stop (SBI 2.0, optional). */
#include "suite.h"

static struct sbi_pmu_snapshot area __attribute__((aligned(4096)));
static char other[8192] __attribute__((aligned(4096)));

/*
 * The overflow bitmap: "all logical overflown counters relative to the
 * counter_idx_base", valid only with Sscofpmf, "otherwise, it must be
 * zero". So it is rebuilt on every TAKE_SNAPSHOT from what the firmware
 * knows, never read back from the page: a stop of an unrelated counter
 * must not report an earlier counter's bit, nor S-mode's 0xAA fill.
 */
static void overflow_bitmap(void)
{
	long c = cfg(0, SBI_PMU_DTLB_READ_MISS, 0), f;
	uint64_t end = rd_time() + 200 * S.timebase_ms;
	uint64_t want = S.sscofpmf ? 0x2 : 0;

	if (c < 1) {
		t_skip(SPEC, "no dTLB counter", "overflow bitmap of an overflowed counter");
		return;
	}
	__builtin_memset(&area, 0xaa, sizeof(area));
	/* no LCOFI taken: sie.LCOFIE stays clear; the pending bit is cleared */
	sbi_pmu_start((unsigned long)c, 1, SBI_PMU_START_SET_INIT_VALUE, (uint64_t)0 - 10);
	while (value_of(c) > 1000 && rd_time() < end)
		touch_fresh_pages(64);
	t_check(SPEC, sbi_pmu_stop((unsigned long)c - 1, 0x2, SBI_PMU_STOP_TAKE_SNAPSHOT).error == 0 &&
		area.counter_overflow_bitmap == want,
		"TAKE_SNAPSHOT of an overflowed counter: bitmap 0x%llx relative to the base "
		"(want 0x%llx)", (unsigned long long)area.counter_overflow_bitmap,
		(unsigned long long)want);
	f = cfg(SBI_PMU_CFG_FLAG_AUTO_START, SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), 0);
	__builtin_memset(&area, 0xaa, sizeof(area));
	t_check(SPEC, sbi_pmu_stop((unsigned long)f, 1, SBI_PMU_STOP_TAKE_SNAPSHOT).error == 0 &&
		area.counter_overflow_bitmap == 0,
		"TAKE_SNAPSHOT of an unrelated firmware counter: bitmap 0 (0x%llx), not stale "
		"bits nor S-mode's fill", (unsigned long long)area.counter_overflow_bitmap);
	rt_csr_clear(sip, 1ul << 13);
	release(f);
	release(c);
}

void suite_snapshot(void)
{
	unsigned long pa = (unsigned long)&area;
	struct sbiret r = sbi_pmu_snapshot(pa, 0, 0);
	long c, d, f;
	int i, untouched = 1;

	if (r.error == SBI_ERR_NOT_SUPPORTED)
		t_skip_begin("snapshot_set_shmem is NOT_SUPPORTED (optional)");
	t_check(SPEC, r.error == 0, "snapshot_set_shmem on a page of S-mode RAM");
	t_check(SPEC, sbi_pmu_snapshot(pa, 0, 1).error == SBI_ERR_INVALID_PARAM,
		"snapshot_set_shmem: flags != 0 is INVALID_PARAM");
	t_check(SPEC, sbi_pmu_snapshot(pa + 64, 0, 0).error == SBI_ERR_INVALID_PARAM,
		"snapshot_set_shmem: not 4 KiB aligned is INVALID_PARAM");
	t_check(SPEC, sbi_pmu_snapshot(FW_BASE_PA, 0, 0).error == SBI_ERR_INVALID_ADDRESS,
		"snapshot_set_shmem: firmware memory is INVALID_ADDRESS");
	t_check(SPEC, sbi_pmu_snapshot(0x1000, 0, 0).error == SBI_ERR_INVALID_ADDRESS,
		"snapshot_set_shmem: an address that is not RAM is INVALID_ADDRESS");
#if XLEN == 64
	t_check(IMPL, sbi_pmu_snapshot(pa, 1, 0).error == SBI_ERR_INVALID_ADDRESS,
		"snapshot_set_shmem: a high half on RV64 is INVALID_ADDRESS");
#else
	t_check(IMPL, sbi_pmu_snapshot(pa, 0x100, 0).error == SBI_ERR_INVALID_ADDRESS,
		"snapshot_set_shmem: an address above 4 GiB that is not RAM is INVALID_ADDRESS");
#endif
	/* set_shmem must leave the memory alone */
	for (i = 0; i < (int)sizeof(other); i++)
		other[i] = (char)0xa5;
	t_check(SPEC, sbi_pmu_snapshot((unsigned long)other, 0, 0).error == 0,
		"snapshot_set_shmem on another page");
	for (i = 0; i < (int)sizeof(other); i++)
		untouched &= other[i] == (char)0xa5;
	t_check(SPEC, untouched, "snapshot_set_shmem does not write the area");
	sbi_pmu_snapshot(pa, 0, 0);

	/* TAKE / INIT relative to counter_idx_base, other slots untouched */
	c = cfg(SBI_PMU_CFG_FLAG_CLEAR_VALUE, SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), 0);
	d = cfg(SBI_PMU_CFG_FLAG_CLEAR_VALUE, SBI_PMU_FW_EVENT(SBI_PMU_FW_IPI_SENT), 0);
	f = c - 1;	/* a base below the counters, so slots are not indices */
	for (i = 0; i < 64; i++)
		area.counter_values[i] = 0x1111;
	area.counter_overflow_bitmap = 0;
	area.counter_values[c - f] = 40;
	area.counter_values[d - f] = 50;
	t_check(SPEC, sbi_pmu_start((unsigned long)f, 1ul << (c - f) | 1ul << (d - f),
				    SBI_PMU_START_INIT_SNAPSHOT, 0).error == 0,
		"start with INIT_SNAPSHOT, counter_idx_base %ld", f);
	t_check(SPEC, value_of(c) == 40 && value_of(d) == 50,
		"INIT_SNAPSHOT loads each counter from its slot relative to the base");
	sbi_set_timer(~0ull);
	area.counter_values[c - f] = 0;
	t_check(SPEC, sbi_pmu_stop((unsigned long)f, 1ul << (c - f), SBI_PMU_STOP_TAKE_SNAPSHOT).error == 0,
		"stop with TAKE_SNAPSHOT");
	t_check(SPEC, area.counter_values[c - f] == 41, "TAKE_SNAPSHOT stores the value in its slot (%llu)",
		(unsigned long long)area.counter_values[c - f]);
	t_check(SPEC, area.counter_values[0] == 0x1111 && area.counter_values[d - f] == 50,
		"TAKE_SNAPSHOT leaves the other slots alone");
	t_check(SPEC, !(area.counter_overflow_bitmap & (1ul << (c - f))),
		"no overflow bit for a counter that did not overflow");
	release(c);
	release(d);
	overflow_bitmap();
	t_check(SPEC, sbi_pmu_snapshot(ALL1, ALL1, 0).error == 0, "snapshot_set_shmem(-1, -1) disables it");
	c = cfg(SBI_PMU_CFG_FLAG_AUTO_START, SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), 0);
	t_check(SPEC, sbi_pmu_stop((unsigned long)c, 1, SBI_PMU_STOP_TAKE_SNAPSHOT).error == SBI_ERR_NO_SHMEM,
		"after disabling, TAKE_SNAPSHOT is NO_SHMEM");
	release(c);
	t_skip_end();
}
