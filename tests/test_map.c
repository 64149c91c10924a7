/* SPDX-License-Identifier: BSD-2-Clause */
/* The platform map: sorted ranges, unique selectors, raw rows. */
#include "fixture.h"

static void ranges_sort_and_refuse_overlap(void)
{
	static struct rvpmu_map m;

	rvpmu_map_init(&m);
	CHECK_EQ(rvpmu_map_add_range(&m, 0x10000, 0x10033, 0xff000), 0);
	CHECK_EQ(rvpmu_map_add_range(&m, 3, 10, 0xff8), 0);
	CHECK_EQ(rvpmu_map_add_range(&m, 1, 1, 1), 0);
	CHECK_EQ(rvpmu_map_add_range(&m, 2, 2, 4), 0);
	CHECK_EQ(m.ranges[0].first, 1);
	CHECK_EQ(m.ranges[3].first, 0x10000);
	CHECK_EQ(rvpmu_map_add_range(&m, 10, 12, 8), -2);	/* touches 3..10 */
	CHECK_EQ(rvpmu_map_add_range(&m, 0, 1, 8), -2);
	CHECK_EQ(rvpmu_map_add_range(&m, 0x10033, 0x10040, 8), -2);
	CHECK_EQ(rvpmu_map_add_range(&m, 0x0ffff, 0x10000, 8), -2);
	CHECK_EQ(rvpmu_map_add_range(&m, 0, 0x20000, 8), -2);	/* covers all */
	CHECK_EQ(m.nr_ranges, 4);
	CHECK_EQ(rvpmu_map_counters(&m, 1), 1);
	CHECK_EQ(rvpmu_map_counters(&m, 7), 0xff8);
	CHECK_EQ(rvpmu_map_counters(&m, 11), 0);
	CHECK_EQ(rvpmu_map_counters(&m, 0), 0);
	CHECK_EQ(rvpmu_map_counters(&m, 0x10019), 0xff000);
	CHECK_EQ(rvpmu_map_counters(&m, 0x10034), 0);
	CHECK_EQ(rvpmu_map_find_range(&m, 0x10033), 3);
}

static void ranges_table_fills_up(void)
{
	static struct rvpmu_map m;
	unsigned int i;

	rvpmu_map_init(&m);
	for (i = 0; i < RVPMU_MAP_MAX_ROWS; i++)
		CHECK_EQ(rvpmu_map_add_range(&m, 1000 - 2 * i, 1000 - 2 * i, i), 0);
	CHECK_EQ(rvpmu_map_add_range(&m, 5000, 5000, 1), -1);
	for (i = 0; i < RVPMU_MAP_MAX_ROWS; i++)
		CHECK_EQ(rvpmu_map_counters(&m, 1000 - 2 * i), i);
	CHECK_EQ(rvpmu_map_counters(&m, 999), 0);
}

static void selectors_are_unique(void)
{
	static struct rvpmu_map m;
	uint64_t sel = 0;

	rvpmu_map_init(&m);
	CHECK_EQ(rvpmu_map_add_sel(&m, 0x10019, 0x1002), 0);
	CHECK_EQ(rvpmu_map_add_sel(&m, 3, 0x1801), 0);
	CHECK_EQ(rvpmu_map_add_sel(&m, 3, 0x1), -2);
	CHECK(rvpmu_map_selector(&m, 3, &sel));
	CHECK_EQ(sel, 0x1801);
	CHECK(rvpmu_map_selector(&m, 0x10019, &sel));
	CHECK_EQ(sel, 0x1002);
	CHECK(!rvpmu_map_selector(&m, 4, &sel));
	CHECK(!rvpmu_map_selector(&m, 0x2000000, &sel));
}

static void raw_rows_match_under_mask(void)
{
	static struct rvpmu_map m;

	rvpmu_map_init(&m);
	CHECK_EQ(rvpmu_map_add_raw(&m, 0x2, ~UINT64_C(0), 0xf8), 0);
	CHECK_EQ(rvpmu_map_add_raw(&m, 0x0, ~UINT64_C(0xf), 0xff0), 0);
	CHECK_EQ(rvpmu_map_raw_counters(&m, 2), 0xff8);
	CHECK_EQ(rvpmu_map_raw_counters(&m, 5), 0xff0);
	CHECK_EQ(rvpmu_map_raw_counters(&m, 0x12), 0);
}

/* The standard slots give what the two tables give (the fixture's map,
   and rows added after a selector), and nothing for undefined codes. */
static void std_slots_agree_with_tables(void)
{
	static struct rvpmu_map m;
	unsigned int i;
	uint64_t sel;

	fx_map(&m);
	CHECK_EQ(rvpmu_map_add_range(&m, 0x10000, 0x10007, 0x700), 0);
	CHECK_EQ(rvpmu_map_add_sel(&m, 0x10001, 0xabc), 0);
	CHECK_EQ(rvpmu_map_std_slot(0x10040), -1);
	CHECK_EQ(rvpmu_map_std_slot(16), -1);
	CHECK_EQ(rvpmu_map_std_slot(0xf0000), -1);
	for (i = 0; i < RVPMU_MAP_STD_SLOTS; i++) {
		uint32_t ev = i < RVPMU_MAP_STD_GENERAL ? i : 0x10000 + i - RVPMU_MAP_STD_GENERAL;
		uint32_t code = ev & 0xffff;
		bool defined = ev < 0x10000 ? code >= 1 && code <= 10 :
			       (code >> 3) <= 6 && ((code >> 1) & 3) <= 2;
		uint32_t fixed = ev == 1 ? 1 : ev == 2 ? 4 : 0;

		CHECK_EQ(rvpmu_map_std_slot(ev), (int)i);
		CHECK_EQ(m.std_ctrs[i], defined ? (rvpmu_map_counters(&m, ev) & ~7u) | fixed : 0);
		CHECK_EQ(m.std_sel[i], rvpmu_map_selector(&m, ev, &sel) ? sel : ev);
	}
}

static const struct t_case cases[] = {
	T(std_slots_agree_with_tables),
	T(ranges_sort_and_refuse_overlap),
	T(ranges_table_fills_up),
	T(selectors_are_unique),
	T(raw_rows_match_under_mask),
};

void suite_map(void)
{
	T_RUN(cases);
}
