/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The tables are small (at most 255 rows) and written once at boot, so
 * insertion keeps them sorted with a plain shift; lookups, which sit on the
 * config_matching path, use binary search.
 */
#include "map.h"
#include "rvpmu/sbi.h"

/* The event_idx of standard slot i. */
static uint32_t std_event(unsigned int i)
{
	return i < RVPMU_MAP_STD_GENERAL ? i : 0x10000 + i - RVPMU_MAP_STD_GENERAL;
}

/* Whether the spec defines the event of standard slot i. */
static bool std_defined(unsigned int i)
{
	uint32_t code = SBI_PMU_EVENT_CODE(std_event(i));

	if (i < RVPMU_MAP_STD_GENERAL)
		return code != SBI_PMU_HW_NO_EVENT && code <= SBI_PMU_HW_GENERAL_MAX;
	return SBI_PMU_CACHE_ID(code) <= SBI_PMU_HW_CACHE_ID_MAX &&
	       SBI_PMU_CACHE_OP(code) <= SBI_PMU_HW_CACHE_OP_MAX;
}

void rvpmu_map_init(struct rvpmu_map *m)
{
	unsigned int i;

	m->nr_ranges = 0;
	m->nr_sels = 0;
	m->nr_raws = 0;
	for (i = 0; i < RVPMU_MAP_STD_SLOTS; i++) {
		/* the fixed counters always count their own event */
		m->std_ctrs[i] = std_event(i) == SBI_PMU_HW_CPU_CYCLES ? 1u << 0 :
				 std_event(i) == SBI_PMU_HW_INSTRUCTIONS ? 1u << 2 : 0;
		m->std_sel[i] = std_event(i);
	}
}

/* First index whose range starts after event (upper bound on .first). */
static unsigned int range_upper(const struct rvpmu_map *m, uint32_t event)
{
	unsigned int lo = 0, hi = m->nr_ranges;

	while (lo < hi) {
		unsigned int mid = (lo + hi) / 2;

		if (m->ranges[mid].first <= event)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int rvpmu_map_add_range(struct rvpmu_map *m, uint32_t first, uint32_t last,
			uint32_t counters)
{
	unsigned int pos, i;

	if (m->nr_ranges >= RVPMU_MAP_MAX_ROWS)
		return -1;
	pos = range_upper(m, first);
	if (pos > 0 && m->ranges[pos - 1].last >= first)
		return -2;
	if (pos < m->nr_ranges && m->ranges[pos].first <= last)
		return -2;
	for (i = m->nr_ranges; i > pos; i--)
		m->ranges[i] = m->ranges[i - 1];
	m->ranges[pos].first = first;
	m->ranges[pos].last = last;
	m->ranges[pos].counters = counters;
	m->nr_ranges++;
	/* ranges are disjoint: each standard event gets one row's counters */
	for (i = 0; i < RVPMU_MAP_STD_SLOTS; i++)
		if (std_defined(i) && std_event(i) >= first && std_event(i) <= last)
			m->std_ctrs[i] |= counters & ~UINT32_C(7);
	return 0;
}

int rvpmu_map_find_range(const struct rvpmu_map *m, uint32_t event_idx)
{
	unsigned int pos = range_upper(m, event_idx);

	if (pos == 0 || m->ranges[pos - 1].last < event_idx)
		return -1;
	return (int)pos - 1;
}

uint32_t rvpmu_map_counters(const struct rvpmu_map *m, uint32_t event_idx)
{
	int i = rvpmu_map_find_range(m, event_idx);

	return i < 0 ? 0 : m->ranges[i].counters;
}

/* Index of the first selector row with .event >= event. */
static unsigned int sel_lower(const struct rvpmu_map *m, uint32_t event)
{
	unsigned int lo = 0, hi = m->nr_sels;

	while (lo < hi) {
		unsigned int mid = (lo + hi) / 2;

		if (m->sels[mid].event < event)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int rvpmu_map_add_sel(struct rvpmu_map *m, uint32_t event, uint64_t selector)
{
	unsigned int pos, i;

	if (m->nr_sels >= RVPMU_MAP_MAX_ROWS)
		return -1;
	pos = sel_lower(m, event);
	if (pos < m->nr_sels && m->sels[pos].event == event)
		return -2;
	for (i = m->nr_sels; i > pos; i--)
		m->sels[i] = m->sels[i - 1];
	m->sels[pos].event = event;
	m->sels[pos].selector = selector;
	m->nr_sels++;
	i = (unsigned int)rvpmu_map_std_slot(event);
	if (i < RVPMU_MAP_STD_SLOTS)
		m->std_sel[i] = selector;
	return 0;
}

bool rvpmu_map_selector(const struct rvpmu_map *m, uint32_t event_idx,
			uint64_t *sel)
{
	unsigned int pos = sel_lower(m, event_idx);

	if (pos >= m->nr_sels || m->sels[pos].event != event_idx)
		return false;
	*sel = m->sels[pos].selector;
	return true;
}

int rvpmu_map_add_raw(struct rvpmu_map *m, uint64_t match, uint64_t mask,
		      uint32_t counters)
{
	struct rvpmu_map_raw *r;

	if (m->nr_raws >= RVPMU_MAP_MAX_ROWS)
		return -1;
	r = &m->raws[m->nr_raws++];
	r->match = match;
	r->mask = mask;
	r->counters = counters;
	return 0;
}

uint32_t rvpmu_map_raw_counters(const struct rvpmu_map *m, uint64_t data)
{
	uint32_t counters = 0;
	unsigned int i;

	for (i = 0; i < m->nr_raws; i++)
		if ((data & m->raws[i].mask) == m->raws[i].match)
			counters |= m->raws[i].counters;
	return counters;
}
