/* SPDX-License-Identifier: BSD-2-Clause */
/* counter_config_matching: counter sets, flags, event encodings, SKIP_MATCH. */
#include "suite.h"

static void reserved_flags(void)
{
	static const unsigned int bits[] = { 8, 9, 10, 12, 16, 20, 24, 31 };
	unsigned int i;

	for (i = 0; i < sizeof(bits) / sizeof(bits[0]); i++)
		t_check(SPEC, refused(cfg(1ul << bits[i], SBI_PMU_HW_CPU_CYCLES, 0)) == SBI_ERR_INVALID_PARAM,
			"config_matching: reserved flag bit %u is INVALID_PARAM", bits[i]);
#if XLEN == 64
	t_check(SPEC, refused(cfg(1ul << 63, SBI_PMU_HW_CPU_CYCLES, 0)) == SBI_ERR_INVALID_PARAM,
		"config_matching: reserved flag bit 63 is INVALID_PARAM");
#endif
}

static void counter_sets(void)
{
	long last = (long)S.m.num - 1;

	t_check(IMPL, refused(cfg_in(0, 0, 0, SBI_PMU_HW_CPU_CYCLES, 0)) == SBI_ERR_INVALID_PARAM,
		"config_matching: counter_idx_mask 0 is INVALID_PARAM");
	t_check(SPEC, refused(cfg_in(S.m.num, 1, 0, SBI_PMU_FW_EVENT(5), 0)) == SBI_ERR_INVALID_PARAM,
		"config_matching: base = num_counters is INVALID_PARAM");
	t_check(SPEC, refused(cfg_in(ALL1, 1, 0, SBI_PMU_FW_EVENT(5), 0)) == SBI_ERR_INVALID_PARAM,
		"config_matching: base -1 is INVALID_PARAM (no wrap-around)");
	t_check(SPEC, refused(cfg_in((unsigned long)last, 3, 0, SBI_PMU_FW_EVENT(5), 0)) == SBI_ERR_INVALID_PARAM,
		"config_matching: base + mask past the last counter is INVALID_PARAM");
	t_check(SPEC, refused(cfg_in(1, ALL1, 0, SBI_PMU_FW_EVENT(5), 0)) == SBI_ERR_INVALID_PARAM,
		"config_matching: a full mask from base 1 is INVALID_PARAM");
	t_check(IMPL, refused(cfg_in(0, 7, 0, SBI_PMU_HW_CPU_CYCLES, 0)) == SBI_ERR_INVALID_PARAM,
		"config_matching: a set with the time gap is INVALID_PARAM");
}

static void encodings(void)
{
	static const unsigned long undefined_types[] = { 4, 5, 9, 14 };
	unsigned int i;
	long c;

	c = cfg(0, SBI_PMU_HW_CPU_CYCLES, 0);
	t_check(SPEC, c >= 0 && !(S.m.fw >> c & 1), "cycles: configured on a hardware counter (%ld)", c);
	release(c);
	c = cfg(0, SBI_PMU_HW_INSTRUCTIONS, 0);
	t_check(SPEC, c >= 0 && !(S.m.fw >> c & 1), "instructions: configured on a hardware counter (%ld)", c);
	release(c);
	c = cfg(0, SBI_PMU_DTLB_READ_MISS, 0);
	t_skip_if(!S.dtlb, why_no_dtlb());
	t_check(IMPL, c >= 3, "dTLB read misses: an hpm counter (QEMU's DT maps them)");
	t_skip_end();
	release(c);
	t_check(IMPL, refused(cfg(0, SBI_PMU_HW_NO_EVENT, 0)) == SBI_ERR_NOT_SUPPORTED,
		"general event 0 (no event) is NOT_SUPPORTED");
	t_check(SPEC, refused(cfg(0, 11, 0)) == SBI_ERR_NOT_SUPPORTED, "general event code 11 (undefined) is NOT_SUPPORTED");
	t_check(SPEC, refused(cfg(0, SBI_PMU_CACHE_EVENT(3, 3, 1), 0)) == SBI_ERR_NOT_SUPPORTED,
		"cache op 3 (undefined) is NOT_SUPPORTED");
	t_check(SPEC, refused(cfg(0, SBI_PMU_CACHE_EVENT(7, 0, 0), 0)) == SBI_ERR_NOT_SUPPORTED,
		"cache id 7 (undefined) is NOT_SUPPORTED");
	for (i = 0; i < sizeof(undefined_types) / sizeof(undefined_types[0]); i++)
		t_check(SPEC, refused(cfg(0, SBI_PMU_EVENT_IDX(undefined_types[i], 1), 0)) == SBI_ERR_NOT_SUPPORTED,
			"event type %lu (undefined) is NOT_SUPPORTED", undefined_types[i]);
	t_check(IMPL, refused(cfg(0, SBI_PMU_HW_CPU_CYCLES | (1ul << 20), 0)) == SBI_ERR_NOT_SUPPORTED,
		"event_idx with bits above 19 is NOT_SUPPORTED");
	t_check(IMPL, refused(cfg(0, SBI_PMU_HW_CPU_CYCLES, 1)) == SBI_ERR_NOT_SUPPORTED,
		"a general event with event_data != 0 (reserved) is NOT_SUPPORTED");
	t_check(IMPL, refused(cfg(0, SBI_PMU_RAW_EVENT, 0x1234)) == SBI_ERR_NOT_SUPPORTED,
		"raw v1 without a DT raw row is NOT_SUPPORTED (QEMU has none)");
	t_check(IMPL, refused(cfg(0, SBI_PMU_RAW_V2_EVENT, 0x1234)) == SBI_ERR_NOT_SUPPORTED,
		"raw v2 without a DT raw row is NOT_SUPPORTED");
	t_check(IMPL, refused(cfg(0, SBI_PMU_RAW_EVENT | 3, 0)) == SBI_ERR_NOT_SUPPORTED,
		"a raw event with code != 0 is NOT_SUPPORTED");
	for (i = 0; i < SBI_PMU_FW_STD_COUNT; i++) {
		c = cfg(0, SBI_PMU_FW_EVENT(i), 0);
		if (c < 0 || !(S.m.fw >> c & 1))
			break;
		release(c);
	}
	t_check(IMPL, i == SBI_PMU_FW_STD_COUNT, "all 22 standard firmware events configure "
		"on firmware counters (%u did)", i);
	t_check(SPEC, refused(cfg(0, SBI_PMU_FW_EVENT(22), 0)) == SBI_ERR_NOT_SUPPORTED,
		"firmware code 22 (reserved) is NOT_SUPPORTED");
	t_check(SPEC, refused(cfg(0, SBI_PMU_FW_EVENT(255), 0)) == SBI_ERR_NOT_SUPPORTED,
		"firmware code 255 (reserved) is NOT_SUPPORTED");
	t_check(IMPL, refused(cfg(0, SBI_PMU_FW_EVENT(5), 1)) == SBI_ERR_NOT_SUPPORTED,
		"a standard firmware event with event_data != 0 is NOT_SUPPORTED");
	t_check(IMPL, refused(cfg(0, SBI_PMU_FW_EVENT(SBI_PMU_FW_PLATFORM), 0)) == SBI_ERR_NOT_SUPPORTED,
		"platform firmware event: NOT_SUPPORTED on QEMU (no platform events)");
	t_check(SPEC, refused(cfg_in(0, hw_mask(), 0, SBI_PMU_FW_EVENT(6), 0)) == SBI_ERR_NOT_SUPPORTED,
		"a firmware event on hardware counters only is NOT_SUPPORTED");
	t_check(SPEC, refused(cfg_in(0, fw_mask(), 0, SBI_PMU_HW_CPU_CYCLES, 0)) == SBI_ERR_NOT_SUPPORTED,
		"cycles on firmware counters only is NOT_SUPPORTED");
}

static void choice(void)
{
	long c, h = first_hpm(), cs[64];
	int n = 0, i;

	c = cfg_in(3, 0x1, 0, SBI_PMU_DTLB_READ_MISS, 0);
	t_skip_if(!S.dtlb, why_no_dtlb());
	t_check(SPEC, c == 3, "the counter comes from the caller's set (base 3, mask 1)");
	t_skip_end();
	release(c);
	/* fill every counter that can count ev_a (dTLB read misses) */
	while (n < 64 && (cs[n] = cfg(0, ev_a(), 0)) >= 0)
		n++;
	t_check(SPEC, n > 0 && cs[n] == SBI_ERR_NOT_SUPPORTED,
		"with every capable counter taken: NOT_SUPPORTED (%d taken)", n);
	for (i = 0; i < n; i++)
		release(cs[i]);
	c = cfg(0, SBI_PMU_HW_CPU_CYCLES, 0);
	if (S.sscofpmf)
		t_check(IMPL, c >= 3, "cycles take an hpm counter when Sscofpmf can sample (%ld)", c);
	else
		t_check(IMPL, c == 0, "cycles take the fixed counter without Sscofpmf (%ld)", c);
	release(c);
	c = cfg_in(0, 1, 0, SBI_PMU_HW_CPU_CYCLES, 0);
	t_check(SPEC, c == 0, "cycles on the cycle counter when the set holds only it");
	release(c);
	t_check(SPEC, refused(cfg_in(2, 1, 0, SBI_PMU_HW_CPU_CYCLES, 0)) == SBI_ERR_NOT_SUPPORTED,
		"cycles on the instret counter: NOT_SUPPORTED");
	c = cfg(SBI_PMU_CFG_FLAG_SET_SINH | SBI_PMU_CFG_FLAG_SET_UINH | SBI_PMU_CFG_FLAG_SET_MINH |
		SBI_PMU_CFG_FLAG_SET_VSINH | SBI_PMU_CFG_FLAG_SET_VUINH, ev_a(), 0);
	t_check(SPEC, c >= 0, "every filter flag is accepted (they are hints)");
	release(c);
	(void)h;
}

static void skip_match(void)
{
	long h = first_hpm(), f = first_fw(), c;

	/* on the first hpm counter, with dTLB events */
	t_skip_if(!S.dtlb, why_no_dtlb());
	t_check(IMPL, refused(cfg_in((unsigned long)h, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, SBI_PMU_DTLB_READ_MISS, 0)) ==
		SBI_ERR_INVALID_PARAM, "SKIP_MATCH on an unconfigured counter is INVALID_PARAM");
	c = cfg_in((unsigned long)h, 1, 0, SBI_PMU_DTLB_READ_MISS, 0);
	t_check(SPEC, cfg_in((unsigned long)h, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, DTLB_WR_MISS, 0) == c,
		"SKIP_MATCH reconfigures the first counter of the set");
	sbi_pmu_start((unsigned long)h, 1, 0, 0);
	t_check(IMPL, cfg_in((unsigned long)h, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, SBI_PMU_DTLB_READ_MISS, 0) ==
		SBI_ERR_INVALID_PARAM, "SKIP_MATCH on a started counter is INVALID_PARAM");
	sbi_pmu_stop((unsigned long)h, 1, 0);
	/* last: a firmware that accepts this leaves the counter released */
	t_check(IMPL, refused(cfg_in((unsigned long)h, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, SBI_PMU_FW_EVENT(4), 0)) < 0,
		"SKIP_MATCH of a firmware event onto a hardware counter is refused");
	t_skip_end();
	release(c);
	c = cfg_in((unsigned long)f, 1, 0, SBI_PMU_FW_EVENT(6), 0);
	t_check(SPEC, cfg_in((unsigned long)f, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, SBI_PMU_FW_EVENT(7), 0) == f,
		"SKIP_MATCH moves a firmware counter to another firmware event");
	t_check(IMPL, refused(cfg_in((unsigned long)f, 1, SBI_PMU_CFG_FLAG_SKIP_MATCH, SBI_PMU_HW_CPU_CYCLES, 0)) < 0,
		"SKIP_MATCH of a hardware event onto a firmware counter is refused");
	release(c);
}

static void clear_and_autostart(void)
{
	long c;
	uint64_t v;

	c = cfg(SBI_PMU_CFG_FLAG_CLEAR_VALUE, ev_a(), 0);
	/* cleared and not started: only a counter that stops stays at 0 */
	t_skip_if(!S.stops, WHY_NO_INHIBIT);
	t_check(SPEC, c >= 0 && value_of(c) == 0, "CLEAR_VALUE: the hardware counter reads 0");
	t_skip_end();
	t_check(SPEC, sbi_pmu_start((unsigned long)c, 1, 0, 0).error == 0,
		"a configured counter starts without AUTO_START");
	release(c);
	c = cfg(SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START, SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), 0);
	t_check(SPEC, c >= 0 && value_of(c) == 0, "CLEAR_VALUE: the firmware counter reads 0");
	t_check(SPEC, sbi_pmu_start((unsigned long)c, 1, 0, 0).error == SBI_ERR_ALREADY_STARTED,
		"AUTO_START: the counter is started (start answers ALREADY_STARTED)");
	sbi_set_timer(~0ull);
	t_check(SPEC, value_of(c) == 1, "AUTO_START: it counts (one set_timer)");
	release(c);
	c = cfg(SBI_PMU_CFG_FLAG_AUTO_START, SBI_PMU_HW_INSTRUCTIONS, 0);
	v = value_of(c);
	spin(1000);
	t_check(SPEC, value_of(c) > v, "AUTO_START on a hardware counter: it counts");
	t_check(SPEC, cfg_in((unsigned long)c, 1, 0, SBI_PMU_HW_INSTRUCTIONS, 0) ==
		SBI_ERR_NOT_SUPPORTED, "a started counter is not handed out again");
	release(c);
}

void suite_matching(void)
{
	reserved_flags();
	counter_sets();
	encodings();
	choice();
	skip_match();
	clear_and_autostart();
}
