/* SPDX-License-Identifier: BSD-2-Clause */
#include "names.h"
#include "rvpmu/sbi.h"

static const char *const hw_names[SBI_PMU_HW_GENERAL_MAX + 1] = {
	"no-event", "cycles", "instructions", "cache-references",
	"cache-misses", "branch-instructions", "branch-misses", "bus-cycles",
	"stalled-cycles-frontend", "stalled-cycles-backend", "ref-cycles",
};

static const char *const cache_names[SBI_PMU_HW_CACHE_ID_MAX + 1] = {
	"l1d", "l1i", "llc", "dtlb", "itlb", "bpu", "node",
};
static const char *const op_names[SBI_PMU_HW_CACHE_OP_MAX + 1] = {
	"read", "write", "prefetch",
};
static const char *const result_names[2] = { "access", "miss" };

static const char *const fw_names[SBI_PMU_FW_STD_COUNT] = {
	"misaligned_load", "misaligned_store", "access_load", "access_store",
	"illegal_insn", "set_timer", "ipi_sent", "ipi_received",
	"fence_i_sent", "fence_i_received", "sfence_vma_sent",
	"sfence_vma_received", "sfence_vma_asid_sent",
	"sfence_vma_asid_received", "hfence_gvma_sent", "hfence_gvma_received",
	"hfence_gvma_vmid_sent", "hfence_gvma_vmid_received",
	"hfence_vvma_sent", "hfence_vvma_received", "hfence_vvma_asid_sent",
	"hfence_vvma_asid_received",
};

const char *rvpmu_fw_event_name(uint32_t code)
{
	return code < SBI_PMU_FW_STD_COUNT ? fw_names[code] : 0;
}

static char *put(char *p, const char *s)
{
	while (*s)
		*p++ = *s++;
	*p = 0;
	return p;
}

static char *put_hex(char *p, uint32_t v)
{
	char tmp[8];
	int n = 0;

	do {
		tmp[n++] = "0123456789abcdef"[v & 15];
		v >>= 4;
	} while (v);
	while (n)
		*p++ = tmp[--n];
	*p = 0;
	return p;
}

const char *rvpmu_event_name(uint32_t idx, char *buf)
{
	uint32_t code = SBI_PMU_EVENT_CODE(idx);
	char *p = buf;

	if (idx > SBI_PMU_EVENT_IDX_MASK)
		goto other;
	switch (SBI_PMU_EVENT_TYPE(idx)) {
	case SBI_PMU_EVENT_TYPE_HW:
		if (code > SBI_PMU_HW_GENERAL_MAX)
			break;
		put(p, hw_names[code]);
		return buf;
	case SBI_PMU_EVENT_TYPE_CACHE:
		if (SBI_PMU_CACHE_ID(code) > SBI_PMU_HW_CACHE_ID_MAX ||
		    SBI_PMU_CACHE_OP(code) > SBI_PMU_HW_CACHE_OP_MAX)
			break;
		p = put(p, cache_names[SBI_PMU_CACHE_ID(code)]);
		p = put(p, "-");
		p = put(p, op_names[SBI_PMU_CACHE_OP(code)]);
		p = put(p, "-");
		put(p, result_names[SBI_PMU_CACHE_RESULT(code)]);
		return buf;
	case SBI_PMU_EVENT_TYPE_RAW:
		put(p, "raw");
		return buf;
	case SBI_PMU_EVENT_TYPE_RAW_V2:
		put(p, "raw2");
		return buf;
	case SBI_PMU_EVENT_TYPE_FW:
		p = put(p, "fw:");
		if (code < SBI_PMU_FW_STD_COUNT) {
			put(p, fw_names[code]);
		} else if (code == SBI_PMU_FW_PLATFORM) {
			put(p, "platform");
		} else if (code == RVPMU_FW_SBI_CALLS) {
			put(p, "sbi_calls");
		} else if (code == RVPMU_FW_M_TRAPS) {
			put(p, "m_traps");
		} else {
			p = put(p, code >= SBI_PMU_FW_IMPL_FIRST ? "impl-0x" : "reserved-0x");
			put_hex(p, code);
		}
		return buf;
	default:
		break;
	}
other:
	p = put(buf, "event-0x");
	put_hex(p, idx);
	return buf;
}

const char *rvpmu_event_name_mode(uint32_t event_idx, bool user, bool kernel, char *buf)
{
	char *p = buf;

	rvpmu_event_name(event_idx, buf);
	while (*p)
		p++;
	/* the longest name is 28 bytes: the modifier always fits */
	if (user != kernel)
		put(p, user ? ":u" : ":k");
	return buf;
}
