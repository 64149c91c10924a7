/* SPDX-License-Identifier: BSD-2-Clause */
/* The call sequences Linux 6.1, 6.10 and 6.18 make, replayed. */
#include "suite.h"

#define RESET SBI_PMU_STOP_RESET

/* 6.1 boot: num_counters, get_info of every index, stop(0, cmask, RESET). */
static void boot_61(void)
{
	struct sbiret r;
	unsigned long i, gaps = 0;
	long c;

	for (i = 0; i < S.m.num; i++)
		gaps += sbi_pmu_get_info(i).error != 0;
	t_check(IMPL, gaps < S.m.num, "6.1 boot: get_info of every index (%lu gaps)", gaps);
	r = sbi_pmu_stop(0, all_mask(), RESET);
	t_check(IMPL, r.error == 0 || r.error == SBI_ERR_INVALID_PARAM || r.error == SBI_ERR_ALREADY_STOPPED,
		"6.1 boot: stop(0, cmask, RESET) answers (%ld; Linux ignores it)", r.error);
	c = cfg(0, SBI_PMU_HW_CPU_CYCLES, 0);
	t_check(IMPL, c >= 0, "6.1 boot: counters are still usable afterwards");
	release(c);
}

/* 6.1 per event: add/start/read/stop/del, as perf stat does. */
static void event_61(void)
{
	long c = cfg(SBI_PMU_CFG_FLAG_SET_SINH, ev_a(), 0);
	long f = cfg(0, SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), 0);
	uint64_t init = (uint64_t)0 - 1000000;

	t_check(IMPL, c >= 0 && f >= 0, "6.1 add: config_matching with exclude_kernel, and a firmware event");
	t_check(IMPL, sbi_pmu_start((unsigned long)c, 1, SBI_PMU_START_SET_INIT_VALUE, init).error == 0 &&
		sbi_pmu_start((unsigned long)f, 1, SBI_PMU_START_SET_INIT_VALUE, 0).error == 0,
		"6.1 start: SET_INIT_VALUE (-period, and 0)");
	sbi_set_timer(~0ull);
	t_check(IMPL, sbi_pmu_fw_read((unsigned long)f).value == 1, "6.1 read: fw_read of the firmware counter");
	t_check(IMPL, sbi_pmu_stop((unsigned long)c, 1, 0).error == 0, "6.1 stop: flags 0");
	t_check(IMPL, sbi_pmu_stop((unsigned long)c, 1, RESET).error == SBI_ERR_ALREADY_STOPPED,
		"6.1 del: stop+RESET after stop answers ALREADY_STOPPED (Linux accepts it)");
	t_check(IMPL, cfg_in((unsigned long)c, 1, 0, ev_a(), 0) == c, "6.1 del released the counter");
	release(c);
	release(f);
}

/* 6.1 overflow handler: stop all used, scountovf, start the rest, re-arm. */
static void overflow_61(void)
{
	long a = cfg(0, ev_a(), 0), b = cfg(0, ev_b(), 0);
	unsigned long used = 1ul << a | 1ul << b;

	sbi_pmu_start((unsigned long)a, 1, SBI_PMU_START_SET_INIT_VALUE, 0);
	sbi_pmu_start((unsigned long)b, 1, SBI_PMU_START_SET_INIT_VALUE, 0);
	t_check(IMPL, sbi_pmu_stop(0, used, 0).error == 0, "6.1 overflow: stop(0, used, 0)");
	t_check(IMPL, sbi_pmu_start(0, used & ~(1ul << a), 0, 0).error == 0,
		"6.1 overflow: start(0, rest, 0)");
	t_check(IMPL, sbi_pmu_start((unsigned long)a, 1, SBI_PMU_START_SET_INIT_VALUE, 5).error == 0,
		"6.1 overflow: re-arm the overflowed counter with SET_INIT_VALUE");
	t_check(IMPL, sbi_pmu_start(0, 0, 0, 0).error != 0, "6.1 overflow: an empty rest is refused harmlessly");
	release(a);
	release(b);
}

/* 6.10 boot: snapshot_set_shmem, then every standard event probed. */
static void boot_610(void)
{
	static struct sbi_pmu_snapshot snap __attribute__((aligned(4096)));
	struct sbiret r = sbi_pmu_snapshot((unsigned long)&snap, 0, 0);
	unsigned long i, ok = 0, probed = 0;

	t_check(IMPL, r.error == 0 || r.error == SBI_ERR_NOT_SUPPORTED,
		"6.10 boot: snapshot_set_shmem answers SUCCESS or NOT_SUPPORTED (%ld)", r.error);
	unsigned long released = 0;

	for (i = 1; i <= SBI_PMU_HW_GENERAL_MAX; i++, probed++) {
		long c = cfg(0, i, 0);

		if (c >= 0) {
			ok++;
			released += sbi_pmu_stop((unsigned long)c, 1, RESET).error == SBI_ERR_ALREADY_STOPPED;
		}
	}
	t_check(IMPL, released == ok, "6.10 probe: stop+RESET of each probed event answers "
		"ALREADY_STOPPED and releases it (%lu of %lu)", released, ok);
	t_check(IMPL, ok >= 2, "6.10 probe: cycles and instructions at least (%lu of %lu)", ok, probed);
	if (!r.error) {
		long c = cfg(SBI_PMU_CFG_FLAG_CLEAR_VALUE, SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), 0);

		sbi_pmu_start((unsigned long)c, 1, 0, 0);
		sbi_set_timer(~0ull);
		t_check(IMPL, sbi_pmu_stop(0, 1ul << c, SBI_PMU_STOP_TAKE_SNAPSHOT).error == 0 &&
			snap.counter_values[c] == 1, "6.10 read: a stopped counter's value from the snapshot");
		t_check(IMPL, sbi_pmu_start(0, 1ul << c, SBI_PMU_START_INIT_SNAPSHOT, 0).error == 0,
			"6.10 start: INIT_SNAPSHOT with base 0");
		release(c);
	} else {
		t_skip(IMPL, "no snapshot", "6.10 read: a stopped counter's value from the snapshot");
		t_skip(IMPL, "no snapshot", "6.10 start: INIT_SNAPSHOT with base 0");
	}
	sbi_pmu_snapshot(ALL1, ALL1, 0);
}

/* 6.18 boot: one event_get_info for 52 events; raw v2 events. */
static void boot_618(void)
{
	static struct sbi_pmu_event_info e[52] __attribute__((aligned(16)));
	unsigned long n = 0, id, op, res, yes = 0;
	struct sbiret r;

	for (id = 1; id <= SBI_PMU_HW_GENERAL_MAX; id++)
		e[n++] = (struct sbi_pmu_event_info){ (uint32_t)id, 0, 0 };
	for (id = 0; id <= SBI_PMU_HW_CACHE_ID_MAX; id++)
		for (op = 0; op <= SBI_PMU_HW_CACHE_OP_MAX; op++)
			for (res = 0; res < 2; res++)
				if (n < 52)
					e[n++] = (struct sbi_pmu_event_info){
						SBI_PMU_CACHE_EVENT(id, op, res), 0, 0 };
	r = sbi_pmu_event_info((unsigned long)e, 0, n, 0);
	if (r.error == SBI_ERR_NOT_SUPPORTED)
		t_skip_begin("no event_get_info");
	for (id = 0; id < n; id++)
		yes += e[id].output & 1;
	t_check(IMPL, !r.error && yes >= 2, "6.18 boot: event_get_info for 52 events (%lu supported)", yes);
	t_skip_end();
	t_check(IMPL, refused(cfg(0, SBI_PMU_RAW_V2_EVENT, 0x1)) == SBI_ERR_NOT_SUPPORTED,
		"6.18: a raw v2 event with no mapping is NOT_SUPPORTED, not an error of another kind");
}

void suite_linux(void)
{
	boot_61();
	event_61();
	overflow_61();
	boot_610();
	boot_618();
}
