/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * rvpmu/sbi.h - the SBI ABI as the specification (v3.0) defines it.
 *
 * The one place where numbers from the spec live: extension and function
 * ids, error codes, the PMU event encodings, counter_info fields, flag bits
 * and the layouts of the two shared-memory areas. Shared by the PMU core,
 * the firmware, the S-mode client, the conformance suite and the host tools.
 * Freestanding: needs only <stdint.h>. Assembly may include it too (the
 * firmware's trap vector): the C types are hidden from it.
 */
#ifndef RVPMU_SBI_H
#define RVPMU_SBI_H

#ifndef __ASSEMBLER__
#include <stdint.h>
#endif

/* ---- Spec version (sbi_get_spec_version: major in [30:24], minor in [23:0]) */
#define SBI_SPEC_VERSION(maj, min)	(((unsigned long)(maj) << 24) | (min))

/* ---- Extension ids */
#define SBI_EXT_LEGACY_SET_TIMER	0x00
#define SBI_EXT_LEGACY_PUTCHAR		0x01
#define SBI_EXT_LEGACY_GETCHAR		0x02
#define SBI_EXT_LEGACY_CLEAR_IPI	0x03
#define SBI_EXT_LEGACY_SEND_IPI		0x04
#define SBI_EXT_LEGACY_REMOTE_FENCE_I	0x05
#define SBI_EXT_LEGACY_REMOTE_SFENCE_VMA	0x06
#define SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID	0x07
#define SBI_EXT_LEGACY_SHUTDOWN		0x08
#define SBI_EXT_BASE			0x10
#define SBI_EXT_TIME			0x54494D45	/* "TIME" */
#define SBI_EXT_IPI			0x735049	/* "sPI" */
#define SBI_EXT_RFENCE			0x52464E43	/* "RFNC" */
#define SBI_EXT_HSM			0x48534D	/* "HSM" */
#define SBI_EXT_SRST			0x53525354	/* "SRST" */
#define SBI_EXT_PMU			0x504D55	/* "PMU" */
#define SBI_EXT_DBCN			0x4442434E	/* "DBCN" */
#define SBI_EXT_FWFT			0x46574654	/* "FWFT" */
#define SBI_EXT_SSE			0x535345	/* "SSE" */
#define SBI_EXT_SUSP			0x53555350	/* "SUSP" */
#define SBI_EXT_DBTR			0x44425452	/* "DBTR" */

/* ---- Base extension functions */
#define SBI_BASE_GET_SPEC_VERSION	0
#define SBI_BASE_GET_IMPL_ID		1
#define SBI_BASE_GET_IMPL_VERSION	2
#define SBI_BASE_PROBE_EXT		3
#define SBI_BASE_GET_MVENDORID		4
#define SBI_BASE_GET_MARCHID		5
#define SBI_BASE_GET_MIMPID		6

/* ---- Timer, IPI, RFENCE, HSM, SRST, DBCN and SUSP functions and values */
#define SBI_TIME_SET_TIMER		0
#define SBI_IPI_SEND_IPI		0
#define SBI_RFENCE_FENCE_I		0
#define SBI_RFENCE_SFENCE_VMA		1
#define SBI_RFENCE_SFENCE_VMA_ASID	2
#define SBI_RFENCE_HFENCE_GVMA_VMID	3
#define SBI_RFENCE_HFENCE_GVMA		4
#define SBI_RFENCE_HFENCE_VVMA_ASID	5
#define SBI_RFENCE_HFENCE_VVMA		6
#define SBI_HSM_HART_START		0
#define SBI_HSM_HART_STOP		1
#define SBI_HSM_HART_STATUS		2
#define SBI_HSM_HART_SUSPEND		3
/* hart states (HART_GET_STATUS) */
#define SBI_HSM_STARTED			0
#define SBI_HSM_STOPPED			1
#define SBI_HSM_START_PENDING		2
#define SBI_HSM_STOP_PENDING		3
#define SBI_HSM_SUSPENDED		4
#define SBI_HSM_SUSPEND_PENDING		5
#define SBI_HSM_RESUME_PENDING		6
/* suspend types (HART_SUSPEND's 32-bit suspend_type) */
#define SBI_HSM_SUSPEND_RETENTIVE	0x00000000ul
#define SBI_HSM_SUSPEND_NON_RETENTIVE	0x80000000ul
#define SBI_SRST_SYSTEM_RESET		0
#define SBI_SRST_SHUTDOWN		0
#define SBI_SRST_COLD_REBOOT		1
#define SBI_SRST_WARM_REBOOT		2
#define SBI_SRST_REASON_NONE		0
#define SBI_SRST_REASON_FAILURE		1
#define SBI_DBCN_WRITE			0
#define SBI_DBCN_READ			1
#define SBI_DBCN_WRITE_BYTE		2
/* SUSP (system suspend): its one function; sleep types (32 bits) */
#define SBI_SUSP_SYSTEM_SUSPEND		0
#define SBI_SUSP_TO_RAM			0x00000000u
#define SBI_SUSP_PLATFORM_TYPES		0x80000000u	/* .. 0xffffffff */

/* ---- Firmware features extension (FWFT, SBI 3.0): functions, feature
   ids (32 bits), the ranges the spec keeps, set flags */
#define SBI_FWFT_SET			0
#define SBI_FWFT_GET			1
#define SBI_FWFT_MISALIGNED_EXC_DELEG	0x00000000
#define SBI_FWFT_LANDING_PAD		0x00000001
#define SBI_FWFT_SHADOW_STACK		0x00000002
#define SBI_FWFT_DOUBLE_TRAP		0x00000003
#define SBI_FWFT_PTE_AD_HW_UPDATING	0x00000004
#define SBI_FWFT_POINTER_MASKING_PMLEN	0x00000005
#define SBI_FWFT_NR_DEFINED		6
#define SBI_FWFT_LOCAL_RESERVED_START	0x00000006	/* .. 0x3fffffff */
#define SBI_FWFT_LOCAL_PLATFORM_START	0x40000000	/* .. 0x7fffffff */
#define SBI_FWFT_GLOBAL_RESERVED_START	0x80000000	/* .. 0xbfffffff */
#define SBI_FWFT_GLOBAL_PLATFORM_START	0xc0000000	/* .. 0xffffffff */
#define SBI_FWFT_SET_FLAG_LOCK		(1ul << 0)

/* ---- Debug triggers extension (DBTR, SBI 3.0): functions, the
   trig_state word's bits, a shared-memory entry's XLEN-bit words */
#define SBI_DBTR_NUM_TRIGGERS		0
#define SBI_DBTR_SET_SHMEM		1
#define SBI_DBTR_READ_TRIGGERS		2
#define SBI_DBTR_INSTALL_TRIGGERS	3
#define SBI_DBTR_UPDATE_TRIGGERS	4
#define SBI_DBTR_UNINSTALL_TRIGGERS	5
#define SBI_DBTR_ENABLE_TRIGGERS	6
#define SBI_DBTR_DISABLE_TRIGGERS	7
#define SBI_DBTR_STATE_MAPPED		(1ul << 0)
#define SBI_DBTR_STATE_U		(1ul << 1)
#define SBI_DBTR_STATE_S		(1ul << 2)
#define SBI_DBTR_STATE_VU		(1ul << 3)
#define SBI_DBTR_STATE_VS		(1ul << 4)
#define SBI_DBTR_STATE_HAVE_HW_TRIG	(1ul << 5)
#define SBI_DBTR_STATE_HW_IDX_SHIFT	8
#define SBI_DBTR_ENTRY_WORDS		4	/* state or idx, tdata1..3 */

/* ---- Supervisor software events extension (SSE, SBI 3.0) */
#define SBI_SSE_READ_ATTRS		0
#define SBI_SSE_WRITE_ATTRS		1
#define SBI_SSE_REGISTER		2
#define SBI_SSE_UNREGISTER		3
#define SBI_SSE_ENABLE			4
#define SBI_SSE_DISABLE			5
#define SBI_SSE_COMPLETE		6
#define SBI_SSE_INJECT			7
#define SBI_SSE_HART_UNMASK		8
#define SBI_SSE_HART_MASK		9
/* event ids (32 bits): bit 15 global, bit 14 platform-specific */
#define SBI_SSE_EVENT_LOCAL_HIGH_PRIO_RAS	0x00000000
#define SBI_SSE_EVENT_LOCAL_DOUBLE_TRAP		0x00000001
#define SBI_SSE_EVENT_GLOBAL_HIGH_PRIO_RAS	0x00008000
#define SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW	0x00010000
#define SBI_SSE_EVENT_LOCAL_LOW_PRIO_RAS	0x00100000
#define SBI_SSE_EVENT_GLOBAL_LOW_PRIO_RAS	0x00108000
#define SBI_SSE_EVENT_LOCAL_SOFTWARE		0xffff0000
#define SBI_SSE_EVENT_GLOBAL_SOFTWARE		0xffff8000
#define SBI_SSE_EVENT_GLOBAL_BIT		(1u << 15)
/* attributes */
#define SBI_SSE_ATTR_STATUS		0
#define SBI_SSE_ATTR_PRIORITY		1
#define SBI_SSE_ATTR_CONFIG		2
#define SBI_SSE_ATTR_PREFERRED_HART	3
#define SBI_SSE_ATTR_ENTRY_PC		4
#define SBI_SSE_ATTR_ENTRY_ARG		5
#define SBI_SSE_ATTR_INTERRUPTED_SEPC	6
#define SBI_SSE_ATTR_INTERRUPTED_FLAGS	7
#define SBI_SSE_ATTR_INTERRUPTED_A6	8
#define SBI_SSE_ATTR_INTERRUPTED_A7	9
#define SBI_SSE_NR_ATTRS		10
/* STATUS: state in [1:0], pending [2], injection allowed [3] */
#define SBI_SSE_STATE_UNUSED		0
#define SBI_SSE_STATE_REGISTERED	1
#define SBI_SSE_STATE_ENABLED		2
#define SBI_SSE_STATE_RUNNING		3
#define SBI_SSE_STATUS_PENDING		(1ul << 2)
#define SBI_SSE_STATUS_INJECT		(1ul << 3)
#define SBI_SSE_CONFIG_ONESHOT		(1ul << 0)
/* INTERRUPTED_FLAGS */
#define SBI_SSE_IFLAG_SPP		(1ul << 0)
#define SBI_SSE_IFLAG_SPIE		(1ul << 1)
#define SBI_SSE_IFLAG_SPV		(1ul << 2)
#define SBI_SSE_IFLAG_SPVP		(1ul << 3)
#define SBI_SSE_IFLAG_SPELP		(1ul << 4)
#define SBI_SSE_IFLAG_SDT		(1ul << 5)
#define SBI_SSE_IFLAGS_ALL		0x3ful

/* ---- Error codes (sbiret.error) */
#define SBI_SUCCESS			0
#define SBI_ERR_FAILED			(-1)
#define SBI_ERR_NOT_SUPPORTED		(-2)
#define SBI_ERR_INVALID_PARAM		(-3)
#define SBI_ERR_DENIED			(-4)
#define SBI_ERR_INVALID_ADDRESS		(-5)
#define SBI_ERR_ALREADY_AVAILABLE	(-6)
#define SBI_ERR_ALREADY_STARTED		(-7)
#define SBI_ERR_ALREADY_STOPPED		(-8)
#define SBI_ERR_NO_SHMEM		(-9)
#define SBI_ERR_INVALID_STATE		(-10)
#define SBI_ERR_BAD_RANGE		(-11)
#define SBI_ERR_TIMEOUT			(-12)
#define SBI_ERR_IO			(-13)
#define SBI_ERR_DENIED_LOCKED		(-14)

/* ---- PMU extension function ids (EID 0x504D55) */
#define SBI_PMU_NUM_COUNTERS		0
#define SBI_PMU_COUNTER_GET_INFO	1
#define SBI_PMU_COUNTER_CONFIG_MATCHING	2
#define SBI_PMU_COUNTER_START		3
#define SBI_PMU_COUNTER_STOP		4
#define SBI_PMU_COUNTER_FW_READ		5
#define SBI_PMU_COUNTER_FW_READ_HI	6
#define SBI_PMU_SNAPSHOT_SET_SHMEM	7
#define SBI_PMU_EVENT_GET_INFO		8

/* ---- event_idx: [19:16] type, [15:0] code */
#define SBI_PMU_EVENT_IDX_BITS		20
#define SBI_PMU_EVENT_IDX_MASK		0xFFFFFu
#define SBI_PMU_EVENT_TYPE_SHIFT	16
#define SBI_PMU_EVENT_CODE_MASK		0xFFFFu
#define SBI_PMU_EVENT_IDX(type, code)	(((uint32_t)(type) << 16) | ((code) & 0xFFFFu))
#define SBI_PMU_EVENT_TYPE(idx)		(((uint32_t)(idx) >> 16) & 0xFu)
#define SBI_PMU_EVENT_CODE(idx)		((uint32_t)(idx) & 0xFFFFu)

#define SBI_PMU_EVENT_TYPE_HW		0x0
#define SBI_PMU_EVENT_TYPE_CACHE	0x1
#define SBI_PMU_EVENT_TYPE_RAW		0x2	/* deprecated: 48-bit selector */
#define SBI_PMU_EVENT_TYPE_RAW_V2	0x3	/* 56-bit selector */
#define SBI_PMU_EVENT_TYPE_FW		0xF

/* Type 0: hardware general events */
#define SBI_PMU_HW_NO_EVENT			0
#define SBI_PMU_HW_CPU_CYCLES			1
#define SBI_PMU_HW_INSTRUCTIONS			2
#define SBI_PMU_HW_CACHE_REFERENCES		3
#define SBI_PMU_HW_CACHE_MISSES			4
#define SBI_PMU_HW_BRANCH_INSTRUCTIONS		5
#define SBI_PMU_HW_BRANCH_MISSES		6
#define SBI_PMU_HW_BUS_CYCLES			7
#define SBI_PMU_HW_STALLED_CYCLES_FRONTEND	8
#define SBI_PMU_HW_STALLED_CYCLES_BACKEND	9
#define SBI_PMU_HW_REF_CPU_CYCLES		10
#define SBI_PMU_HW_GENERAL_MAX			10	/* highest defined code */

/* Type 1: cache events, code = cache_id[15:3] op_id[2:1] result_id[0] */
#define SBI_PMU_HW_CACHE_L1D		0
#define SBI_PMU_HW_CACHE_L1I		1
#define SBI_PMU_HW_CACHE_LL		2
#define SBI_PMU_HW_CACHE_DTLB		3
#define SBI_PMU_HW_CACHE_ITLB		4
#define SBI_PMU_HW_CACHE_BPU		5
#define SBI_PMU_HW_CACHE_NODE		6
#define SBI_PMU_HW_CACHE_ID_MAX		6
#define SBI_PMU_HW_CACHE_OP_READ	0
#define SBI_PMU_HW_CACHE_OP_WRITE	1
#define SBI_PMU_HW_CACHE_OP_PREFETCH	2
#define SBI_PMU_HW_CACHE_OP_MAX		2
#define SBI_PMU_HW_CACHE_RESULT_ACCESS	0
#define SBI_PMU_HW_CACHE_RESULT_MISS	1
#define SBI_PMU_CACHE_CODE(id, op, res) \
	(((uint32_t)(id) << 3) | ((uint32_t)(op) << 1) | (uint32_t)(res))
#define SBI_PMU_CACHE_EVENT(id, op, res) \
	SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_CACHE, SBI_PMU_CACHE_CODE(id, op, res))
#define SBI_PMU_CACHE_ID(code)		((uint32_t)(code) >> 3)
#define SBI_PMU_CACHE_OP(code)		(((uint32_t)(code) >> 1) & 3u)
#define SBI_PMU_CACHE_RESULT(code)	((uint32_t)(code) & 1u)
/* The cache event clients name most: dTLB read misses */
#define SBI_PMU_DTLB_READ_MISS \
	SBI_PMU_CACHE_EVENT(SBI_PMU_HW_CACHE_DTLB, SBI_PMU_HW_CACHE_OP_READ, \
			    SBI_PMU_HW_CACHE_RESULT_MISS)

/* Types 2 and 3: raw events, code must be 0; event_data is the selector */
#define SBI_PMU_RAW_V1_BITS		48
#define SBI_PMU_RAW_V2_BITS		56
#define SBI_PMU_RAW_V1_MASK		((UINT64_C(1) << SBI_PMU_RAW_V1_BITS) - 1)
#define SBI_PMU_RAW_V2_MASK		((UINT64_C(1) << SBI_PMU_RAW_V2_BITS) - 1)
#define SBI_PMU_RAW_EVENT		SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_RAW, 0)
#define SBI_PMU_RAW_V2_EVENT		SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_RAW_V2, 0)

/* Type 15: firmware events */
#define SBI_PMU_FW_EVENT(code)		SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_FW, (code))
#define SBI_PMU_FW_MISALIGNED_LOAD		0
#define SBI_PMU_FW_MISALIGNED_STORE		1
#define SBI_PMU_FW_ACCESS_LOAD			2
#define SBI_PMU_FW_ACCESS_STORE			3
#define SBI_PMU_FW_ILLEGAL_INSN			4
#define SBI_PMU_FW_SET_TIMER			5
#define SBI_PMU_FW_IPI_SENT			6
#define SBI_PMU_FW_IPI_RECEIVED			7
#define SBI_PMU_FW_FENCE_I_SENT			8
#define SBI_PMU_FW_FENCE_I_RECEIVED		9
#define SBI_PMU_FW_SFENCE_VMA_SENT		10
#define SBI_PMU_FW_SFENCE_VMA_RECEIVED		11
#define SBI_PMU_FW_SFENCE_VMA_ASID_SENT		12
#define SBI_PMU_FW_SFENCE_VMA_ASID_RECEIVED	13
#define SBI_PMU_FW_HFENCE_GVMA_SENT		14
#define SBI_PMU_FW_HFENCE_GVMA_RECEIVED		15
#define SBI_PMU_FW_HFENCE_GVMA_VMID_SENT	16
#define SBI_PMU_FW_HFENCE_GVMA_VMID_RECEIVED	17
#define SBI_PMU_FW_HFENCE_VVMA_SENT		18
#define SBI_PMU_FW_HFENCE_VVMA_RECEIVED		19
#define SBI_PMU_FW_HFENCE_VVMA_ASID_SENT	20
#define SBI_PMU_FW_HFENCE_VVMA_ASID_RECEIVED	21
#define SBI_PMU_FW_STD_COUNT			22	/* codes 0..21 */
#define SBI_PMU_FW_IMPL_FIRST			256	/* implementation-specific */
#define SBI_PMU_FW_IMPL_LAST			65534
#define SBI_PMU_FW_PLATFORM			65535	/* event_data = platform config */

/*
 * rvpmu's implementation-specific firmware events (event_data 0), counted
 * per hart by the firmware and named by lib/names.c
 */
#define RVPMU_FW_SBI_CALLS			256	/* ecalls handled */
#define RVPMU_FW_M_TRAPS			257	/* traps into M-mode, all causes */

/*
 * rvpmu's platform firmware events: SBI_PMU_FW_PLATFORM with these
 * event_data (any other event_data is NOT_SUPPORTED). Each counts on
 * whatever hart runs its counter.
 * RVPMU_PLAT_SHMEM_CALLS(hartid): the SNAPSHOT_SET_SHMEM calls hart
 * hartid (0..0xFFFF) made, setting its snapshot area or dropping it; how
 * a client can see, from any hart, which harts set theirs up and when.
 * (Linux 6.12+ opens one as raw config 0xC000000000000000 | event_data.)
 */
#define RVPMU_PLAT_SHMEM_CALLS_TAG		0x53530000u	/* "SS" */
#define RVPMU_PLAT_SHMEM_CALLS(hartid)		(RVPMU_PLAT_SHMEM_CALLS_TAG | (hartid))

/* ---- counter_info: [11:0] csr, [17:12] width (bits - 1), [XLEN-1] type */
#define SBI_PMU_CTR_INFO_CSR_MASK	0xFFFul
#define SBI_PMU_CTR_INFO_WIDTH_SHIFT	12
#define SBI_PMU_CTR_INFO_WIDTH_MASK	0x3Ful
#define SBI_PMU_CTR_INFO_CSR(info)	((unsigned long)(info) & SBI_PMU_CTR_INFO_CSR_MASK)
#define SBI_PMU_CTR_INFO_WIDTH(info) \
	(((unsigned long)(info) >> 12) & SBI_PMU_CTR_INFO_WIDTH_MASK)
#define SBI_PMU_CTR_TYPE_HW		0
#define SBI_PMU_CTR_TYPE_FW		1
/* The type bit is XLEN-1: callers pass their XLEN (32 or 64). */
#define SBI_PMU_CTR_INFO_TYPE_BIT(xlen)	((xlen) - 1)

/* User-visible counter CSRs */
#define CSR_CYCLE			0xC00
#define CSR_TIME			0xC01
#define CSR_INSTRET			0xC02
#define CSR_HPMCOUNTER3			0xC03
#define CSR_CYCLEH			0xC80
#define CSR_TIMEH			0xC81
#define CSR_SCOUNTOVF			0xDA0

/* ---- counter_config_matching flags */
#define SBI_PMU_CFG_FLAG_SKIP_MATCH	(1ul << 0)
#define SBI_PMU_CFG_FLAG_CLEAR_VALUE	(1ul << 1)
#define SBI_PMU_CFG_FLAG_AUTO_START	(1ul << 2)
#define SBI_PMU_CFG_FLAG_SET_VUINH	(1ul << 3)
#define SBI_PMU_CFG_FLAG_SET_VSINH	(1ul << 4)
#define SBI_PMU_CFG_FLAG_SET_UINH	(1ul << 5)
#define SBI_PMU_CFG_FLAG_SET_SINH	(1ul << 6)
#define SBI_PMU_CFG_FLAG_SET_MINH	(1ul << 7)
#define SBI_PMU_CFG_FLAG_FILTER_MASK	(0x1Ful << 3)
#define SBI_PMU_CFG_FLAG_ALL		0xFFul		/* bits 8..XLEN-1 reserved */

/* ---- counter_start flags */
#define SBI_PMU_START_SET_INIT_VALUE	(1ul << 0)
#define SBI_PMU_START_INIT_SNAPSHOT	(1ul << 1)
#define SBI_PMU_START_FLAG_ALL		0x3ul

/* ---- counter_stop flags */
#define SBI_PMU_STOP_RESET		(1ul << 0)
#define SBI_PMU_STOP_TAKE_SNAPSHOT	(1ul << 1)
#define SBI_PMU_STOP_FLAG_ALL		0x3ul

/* ---- mhpmevent bits added by Sscofpmf (RV64 layout; mhpmeventh on RV32) */
#define MHPMEVENT_OF			(UINT64_C(1) << 63)
#define MHPMEVENT_MINH			(UINT64_C(1) << 62)
#define MHPMEVENT_SINH			(UINT64_C(1) << 61)
#define MHPMEVENT_UINH			(UINT64_C(1) << 60)
#define MHPMEVENT_VSINH			(UINT64_C(1) << 59)
#define MHPMEVENT_VUINH			(UINT64_C(1) << 58)
#define MHPMEVENT_SSCOF_MASK		(UINT64_C(0xFF) << 56)
/* config flags [7:3] line up with mhpmevent [62:58] */
#define MHPMEVENT_FILTER_SHIFT		55

/* ---- Snapshot shared memory (snapshot_set_shmem) */
#define SBI_PMU_SNAPSHOT_SIZE		4096
#define SBI_PMU_SNAPSHOT_ALIGN		4096
#define SBI_PMU_SNAPSHOT_OVF_OFFSET	0x0	/* u64 overflow bitmap */
#define SBI_PMU_SNAPSHOT_VALUES_OFFSET	0x8	/* u64 values[64] */
#define SBI_PMU_SNAPSHOT_NR_VALUES	64

#ifndef __ASSEMBLER__
struct sbi_pmu_snapshot {
	uint64_t counter_overflow_bitmap;
	uint64_t counter_values[SBI_PMU_SNAPSHOT_NR_VALUES];
	uint8_t reserved[3576];
};

/* ---- event_get_info entry (16 bytes each, 16-byte aligned array) */
#define SBI_PMU_EVENT_INFO_ENTRY_SIZE	16
#define SBI_PMU_EVENT_INFO_ALIGN	16
#define SBI_PMU_EVENT_INFO_SUPPORTED	0x1u	/* output bit 0 */

struct sbi_pmu_event_info {
	uint32_t event_idx;	/* RO: [19:0] event_idx, [31:20] reserved */
	uint32_t output;	/* RW: [0] supported, [31:1] reserved */
	uint64_t event_data;	/* RO: for raw (2, 3) and firmware (15) types */
};
#endif /* !__ASSEMBLER__ */

/* ---- Shared-memory "disable" value for both halves of an address */
#define SBI_SHMEM_DISABLE		(~0ul)

#endif /* RVPMU_SBI_H */
