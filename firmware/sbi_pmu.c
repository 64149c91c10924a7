/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * PMU extension (EID 0x504D55): the core's functions by FID.
 *
 * entry.S calls them straight from the trap vector (a C switch between
 * cost every PMU call 15-20 instructions): it moves the SBI arguments
 * a0..a5 one register up, puts the hart's struct rvpmu_hart in a0 and
 * calls fw_pmu_fids[fid]; an FID past the table answers NOT_SUPPORTED
 * there. One register up is each core function's own signature on both
 * XLENs: on RV32 a 64-bit argument (config_matching's event data, start's
 * initial value) comes from S-mode in two registers, low half first, which
 * is how the calling convention passes the core's uint64_t. On RV64 no
 * core function takes more than five SBI arguments (a0..a4), so a5 stays.
 */
#include "harts.h"
#include "layout.h"

_Static_assert(__builtin_offsetof(struct fw_hart, pmu) == FW_HART_PMU,
	       "entry.S finds the hart's struct rvpmu_hart at FW_HART_PMU");
_Static_assert(SBI_PMU_EVENT_GET_INFO + 1 == FW_PMU_FIDS,
	       "entry.S bounds the FID by FW_PMU_FIDS");

/* SNAPSHOT_SET_SHMEM counted first (the platform event
   RVPMU_PLAT_SHMEM_CALLS, include/rvpmu/sbi.h): a rare call, so the
   count costs no other call anything. Built with FW_NO_SNAPSHOT (make
   linux-cost's rvpmu-fw-rv64-nosnap.elf) it answers NOT_SUPPORTED, as a
   firmware without the snapshot does, so that Linux reads and stops its
   counters without it and the snapshot's share can be measured. */
static struct rvpmu_ret fw_snapshot_set_shmem(struct rvpmu_hart *pmu, rvpmu_ulong lo,
					      rvpmu_ulong hi, rvpmu_ulong flags)
{
	struct fw_hart *h = pmu->ctx;

	fw_count64(&h->shmem_calls);
#ifdef FW_NO_SNAPSHOT
	(void)lo, (void)hi, (void)flags;
	return (struct rvpmu_ret){ .error = SBI_ERR_NOT_SUPPORTED };
#else
	return rvpmu_snapshot_set_shmem(pmu, lo, hi, flags);
#endif
}

/*
 * A table entry: the core's function for one FID, in the member for its
 * shape (its arguments after the hart), so that each initializer below is
 * checked against the function's type and nothing is cast. Every member
 * is one code address at offset 0: entry.S loads the entry and calls it
 * with the SBI arguments one register up, as the head of this file says.
 */
union fw_pmu_fn {
	struct rvpmu_ret (*none)(const struct rvpmu_hart *);
	struct rvpmu_ret (*one)(const struct rvpmu_hart *, rvpmu_ulong);
	struct rvpmu_ret (*three)(struct rvpmu_hart *, rvpmu_ulong, rvpmu_ulong, rvpmu_ulong);
	struct rvpmu_ret (*four)(struct rvpmu_hart *, rvpmu_ulong, rvpmu_ulong, rvpmu_ulong,
				 rvpmu_ulong);
	struct rvpmu_ret (*three_u64)(struct rvpmu_hart *, rvpmu_ulong, rvpmu_ulong, rvpmu_ulong,
				      uint64_t);
	struct rvpmu_ret (*four_u64)(struct rvpmu_hart *, rvpmu_ulong, rvpmu_ulong, rvpmu_ulong,
				     rvpmu_ulong, uint64_t);
};

_Static_assert(sizeof(union fw_pmu_fn) == sizeof(void *),
	       "entry.S loads an entry as one pointer (RB_SHIFT)");

const union fw_pmu_fn fw_pmu_fids[FW_PMU_FIDS] = {
	[SBI_PMU_NUM_COUNTERS] = { .none = rvpmu_num_counters },
	[SBI_PMU_COUNTER_GET_INFO] = { .one = rvpmu_counter_get_info },
	[SBI_PMU_COUNTER_CONFIG_MATCHING] = { .four_u64 = rvpmu_counter_config_matching },
	[SBI_PMU_COUNTER_START] = { .three_u64 = rvpmu_counter_start },
	[SBI_PMU_COUNTER_STOP] = { .three = rvpmu_counter_stop },
	[SBI_PMU_COUNTER_FW_READ] = { .one = rvpmu_counter_fw_read },
	[SBI_PMU_COUNTER_FW_READ_HI] = { .one = rvpmu_counter_fw_read_hi },
	[SBI_PMU_SNAPSHOT_SET_SHMEM] = { .three = fw_snapshot_set_shmem },
	[SBI_PMU_EVENT_GET_INFO] = { .four = rvpmu_event_get_info },
};
