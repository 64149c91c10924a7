/* SPDX-License-Identifier: BSD-2-Clause */
/* Event validation, event -> counters and event -> mhpmevent, event_get_info. */
#include "internal.h"

/* Bits a raw selector may use: the width of mhpmevent minus the bits the
   SBI implementation owns (spec: 48 for type 2, 56 for type 3 on RV64). */
static uint64_t raw_bits(uint32_t type)
{
#if RVPMU_XLEN == 32
	(void)type;
	return UINT64_C(0xFFFFFFFF);
#else
	return type == SBI_PMU_EVENT_TYPE_RAW ? SBI_PMU_RAW_V1_MASK
					      : SBI_PMU_RAW_V2_MASK;
#endif
}

static bool fw_platform_event(const struct rvpmu_hart *h, uint32_t code,
			      uint64_t data)
{
	const struct rvpmu_fw_ops *fw = h->cfg->fw;

	return fw && fw->supported && fw->read &&
	       fw->supported(h->ctx, code, data);
}

uint64_t rvpmu_event_counters(const struct rvpmu_hart *h,
			      rvpmu_ulong event_idx, uint64_t data)
{
	const struct rvpmu_map *map = h->cfg->map;
	uint32_t code = SBI_PMU_EVENT_CODE(event_idx), ctrs = 0, fixed = 0;

	if (event_idx > SBI_PMU_EVENT_IDX_MASK)
		return 0;
	switch (SBI_PMU_EVENT_TYPE(event_idx)) {
	case SBI_PMU_EVENT_TYPE_HW:
	case SBI_PMU_EVENT_TYPE_CACHE:
		if (data)
			return 0;
		/* the map keeps the answer for every standard event (map.h) */
		if (map) {
			int slot = rvpmu_map_std_slot(event_idx);

			return slot < 0 ? 0 : map->std_ctrs[slot] & h->hw;
		}
		if (SBI_PMU_EVENT_TYPE(event_idx) == SBI_PMU_EVENT_TYPE_CACHE)
			return 0;	/* no map, no cache event */
		if (code == SBI_PMU_HW_NO_EVENT ||
		    code > SBI_PMU_HW_GENERAL_MAX)
			return 0;
		/* the fixed counters always count their own event */
		if (code == SBI_PMU_HW_CPU_CYCLES)
			fixed = 1u << 0;
		else if (code == SBI_PMU_HW_INSTRUCTIONS)
			fixed = 1u << 2;
		break;
	case SBI_PMU_EVENT_TYPE_RAW:
	case SBI_PMU_EVENT_TYPE_RAW_V2:
		if (code || (data & ~raw_bits(SBI_PMU_EVENT_TYPE(event_idx))))
			return 0;
		if (map)
			ctrs = rvpmu_map_raw_counters(map, data);
		break;
	case SBI_PMU_EVENT_TYPE_FW:
		if (code < SBI_PMU_FW_STD_COUNT)
			return data ? 0 : rvpmu_fw_counters(h);
		if (code >= SBI_PMU_FW_IMPL_FIRST &&
		    fw_platform_event(h, code, data))
			return rvpmu_fw_counters(h);
		return 0;
	default:
		return 0;
	}
	/* of the map's counters the hpm ones: 0-2 are the fixed counters' */
	return ((ctrs & ~UINT32_C(7)) | fixed) & h->hw;
}

uint64_t rvpmu_event_selector(const struct rvpmu_hart *h, uint32_t event_idx,
			      uint64_t data)
{
	uint64_t sel;
	uint32_t type = SBI_PMU_EVENT_TYPE(event_idx);

	int slot = rvpmu_map_std_slot(event_idx);

	if (type == SBI_PMU_EVENT_TYPE_RAW || type == SBI_PMU_EVENT_TYPE_RAW_V2)
		return data;
	if (h->cfg->map && slot >= 0)
		return h->cfg->map->std_sel[slot];
	if (h->cfg->map && rvpmu_map_selector(h->cfg->map, event_idx, &sel))
		return sel;
	/* the spec's suggested default for hardware general/cache events */
	return event_idx;
}

struct rvpmu_ret rvpmu_event_get_info(struct rvpmu_hart *h,
				      rvpmu_ulong lo, rvpmu_ulong hi,
				      rvpmu_ulong num, rvpmu_ulong flags)
{
	const struct rvpmu_mem_ops *mem = h->cfg->mem;
	uint64_t addr, size, i;

	if (flags || (lo & (SBI_PMU_EVENT_INFO_ALIGN - 1)) || !num)
		return ret_err(SBI_ERR_INVALID_PARAM);
#if RVPMU_XLEN == 32
	addr = ((uint64_t)hi << 32) | lo;
#else
	/* on RV32 num * 16 always fits in 64 bits */
	if (num > UINT64_MAX / SBI_PMU_EVENT_INFO_ENTRY_SIZE)
		return ret_err(SBI_ERR_INVALID_PARAM);
	if (hi)
		return ret_err(SBI_ERR_INVALID_ADDRESS);
	addr = lo;
#endif
	size = (uint64_t)num * SBI_PMU_EVENT_INFO_ENTRY_SIZE;
	if (addr + size < addr || mem->check(h->ctx, addr, size, true))
		return ret_err(SBI_ERR_INVALID_ADDRESS);

	/* every entry first: INVALID_PARAM must leave the outputs untouched */
	for (i = 0; i < num; i++) {
		uint32_t idx;

		mem->read(h->ctx, addr + i * SBI_PMU_EVENT_INFO_ENTRY_SIZE, &idx, sizeof(idx));
		if (idx & ~(uint32_t)SBI_PMU_EVENT_IDX_MASK)
			return ret_err(SBI_ERR_INVALID_PARAM);
	}
	for (i = 0; i < num; i++) {
		struct sbi_pmu_event_info e;
		uint64_t pa = addr + i * SBI_PMU_EVENT_INFO_ENTRY_SIZE;
		uint32_t type, out = 0;

		/* read again: another hart may have changed the array; an entry
		   that now has reserved bits is simply not supported */
		mem->read(h->ctx, pa, &e, sizeof(e));
		type = SBI_PMU_EVENT_TYPE(e.event_idx);
		/* event_data is only defined for raw and firmware types */
		if (type != SBI_PMU_EVENT_TYPE_RAW &&
		    type != SBI_PMU_EVENT_TYPE_RAW_V2 &&
		    type != SBI_PMU_EVENT_TYPE_FW)
			e.event_data = 0;
		if (rvpmu_event_counters(h, e.event_idx, e.event_data))
			out = SBI_PMU_EVENT_INFO_SUPPORTED;
		mem->write(h->ctx, pa + 4, &out, sizeof(out));
	}
	return ret_val(0);
}
