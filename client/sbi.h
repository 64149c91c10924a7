/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * client/sbi.h - S-mode calls into any SBI firmware (ours, OpenSBI, ...).
 * Inline wrappers, one per function used; 64-bit arguments are split into
 * two registers on RV32 as the spec says. Any hart, any context that may
 * take an ecall.
 */
#ifndef RVPMU_CLIENT_SBI_H
#define RVPMU_CLIENT_SBI_H

#include <stdint.h>

#include "rvpmu/sbi.h"

struct sbiret {
	long error;
	unsigned long value;
};

static inline struct sbiret sbi_call(unsigned long eid, unsigned long fid,
				     unsigned long a0, unsigned long a1,
				     unsigned long a2, unsigned long a3,
				     unsigned long a4, unsigned long a5)
{
	register unsigned long r0 __asm__("a0") = a0;
	register unsigned long r1 __asm__("a1") = a1;
	register unsigned long r2 __asm__("a2") = a2;
	register unsigned long r3 __asm__("a3") = a3;
	register unsigned long r4 __asm__("a4") = a4;
	register unsigned long r5 __asm__("a5") = a5;
	register unsigned long r6 __asm__("a6") = fid;
	register unsigned long r7 __asm__("a7") = eid;
	struct sbiret ret;

	__asm__ volatile("ecall"
			 : "+r"(r0), "+r"(r1)
			 : "r"(r2), "r"(r3), "r"(r4), "r"(r5), "r"(r6), "r"(r7)
			 : "memory");
	ret.error = (long)r0;
	ret.value = r1;
	return ret;
}

#define SBI_CALL0(e, f)			sbi_call(e, f, 0, 0, 0, 0, 0, 0)
#define SBI_CALL1(e, f, a)		sbi_call(e, f, a, 0, 0, 0, 0, 0)
#define SBI_CALL2(e, f, a, b)		sbi_call(e, f, a, b, 0, 0, 0, 0)
#define SBI_CALL3(e, f, a, b, c)	sbi_call(e, f, a, b, c, 0, 0, 0)

#if __riscv_xlen == 32
#define SBI_LO(v) ((unsigned long)(v))
#define SBI_HI(v) ((unsigned long)((uint64_t)(v) >> 32))
#else
#define SBI_LO(v) ((unsigned long)(v))
#define SBI_HI(v) 0ul
#endif

/* ---- Base */
static inline long sbi_probe(unsigned long eid)
{
	struct sbiret r = SBI_CALL1(SBI_EXT_BASE, SBI_BASE_PROBE_EXT, eid);

	return r.error ? 0 : (long)r.value;
}

static inline unsigned long sbi_spec_version(void)
{
	return SBI_CALL0(SBI_EXT_BASE, SBI_BASE_GET_SPEC_VERSION).value;
}

/* ---- Timer, IPI, RFENCE */
static inline struct sbiret sbi_set_timer(uint64_t when)
{
	return SBI_CALL2(SBI_EXT_TIME, SBI_TIME_SET_TIMER, SBI_LO(when), SBI_HI(when));
}

static inline struct sbiret sbi_send_ipi(unsigned long mask, unsigned long base)
{
	return SBI_CALL2(SBI_EXT_IPI, SBI_IPI_SEND_IPI, mask, base);
}

static inline struct sbiret sbi_rfence(unsigned long fid, unsigned long mask,
				       unsigned long base, unsigned long start,
				       unsigned long size, unsigned long id)
{
	return sbi_call(SBI_EXT_RFENCE, fid, mask, base, start, size, id, 0);
}

/* ---- HSM */
static inline struct sbiret sbi_hart_start(unsigned long hartid, unsigned long addr,
					   unsigned long opaque)
{
	return SBI_CALL3(SBI_EXT_HSM, SBI_HSM_HART_START, hartid, addr, opaque);
}

static inline struct sbiret sbi_hart_stop(void)
{
	return SBI_CALL0(SBI_EXT_HSM, SBI_HSM_HART_STOP);
}

static inline struct sbiret sbi_hart_status(unsigned long hartid)
{
	return SBI_CALL1(SBI_EXT_HSM, SBI_HSM_HART_STATUS, hartid);
}

static inline struct sbiret sbi_hart_suspend(unsigned long type, unsigned long resume,
					     unsigned long opaque)
{
	return SBI_CALL3(SBI_EXT_HSM, SBI_HSM_HART_SUSPEND, type, resume, opaque);
}

/* ---- SRST, DBCN */
static inline struct sbiret sbi_system_reset(unsigned long type, unsigned long reason)
{
	return SBI_CALL2(SBI_EXT_SRST, SBI_SRST_SYSTEM_RESET, type, reason);
}

static inline struct sbiret sbi_dbcn_write(const void *buf, unsigned long n)
{
	uint64_t pa = (uintptr_t)buf;

	return SBI_CALL3(SBI_EXT_DBCN, SBI_DBCN_WRITE, n, SBI_LO(pa), SBI_HI(pa));
}

/* ---- PMU */
static inline struct sbiret sbi_pmu_num_counters(void)
{
	return SBI_CALL0(SBI_EXT_PMU, SBI_PMU_NUM_COUNTERS);
}

static inline struct sbiret sbi_pmu_get_info(unsigned long idx)
{
	return SBI_CALL1(SBI_EXT_PMU, SBI_PMU_COUNTER_GET_INFO, idx);
}

static inline struct sbiret sbi_pmu_config(unsigned long base, unsigned long mask,
					   unsigned long flags, unsigned long event,
					   uint64_t data)
{
	return sbi_call(SBI_EXT_PMU, SBI_PMU_COUNTER_CONFIG_MATCHING, base, mask, flags,
			event, SBI_LO(data), SBI_HI(data));
}

static inline struct sbiret sbi_pmu_start(unsigned long base, unsigned long mask,
					  unsigned long flags, uint64_t value)
{
	return sbi_call(SBI_EXT_PMU, SBI_PMU_COUNTER_START, base, mask, flags,
			SBI_LO(value), SBI_HI(value), 0);
}

static inline struct sbiret sbi_pmu_stop(unsigned long base, unsigned long mask,
					 unsigned long flags)
{
	return SBI_CALL3(SBI_EXT_PMU, SBI_PMU_COUNTER_STOP, base, mask, flags);
}

static inline struct sbiret sbi_pmu_fw_read(unsigned long idx)
{
	return SBI_CALL1(SBI_EXT_PMU, SBI_PMU_COUNTER_FW_READ, idx);
}

static inline struct sbiret sbi_pmu_fw_read_hi(unsigned long idx)
{
	return SBI_CALL1(SBI_EXT_PMU, SBI_PMU_COUNTER_FW_READ_HI, idx);
}

static inline struct sbiret sbi_pmu_snapshot(unsigned long lo, unsigned long hi,
					     unsigned long flags)
{
	return SBI_CALL3(SBI_EXT_PMU, SBI_PMU_SNAPSHOT_SET_SHMEM, lo, hi, flags);
}

static inline struct sbiret sbi_pmu_event_info(unsigned long lo, unsigned long hi,
					       unsigned long n, unsigned long flags)
{
	return sbi_call(SBI_EXT_PMU, SBI_PMU_EVENT_GET_INFO, lo, hi, n, flags, 0, 0);
}

/* ---- counters S-mode reads itself */
static inline unsigned long rd_instret(void)
{
	unsigned long v;

	/* a memory clobber: what is measured between two reads stays there */
	__asm__ volatile("rdinstret %0" : "=r"(v) :: "memory");
	return v;
}

static inline unsigned long rd_cycle(void)
{
	unsigned long v;

	__asm__ volatile("rdcycle %0" : "=r"(v));
	return v;
}

static inline uint64_t rd_time(void)
{
#if __riscv_xlen == 32
	unsigned long hi, lo;

	do {
		__asm__ volatile("rdtimeh %0" : "=r"(hi));
		__asm__ volatile("rdtime %0" : "=r"(lo));
	} while (hi != ({ unsigned long h2; __asm__ volatile("rdtimeh %0" : "=r"(h2)); h2; }));
	return ((uint64_t)hi << 32) | lo;
#else
	unsigned long v;

	__asm__ volatile("rdtime %0" : "=r"(v));
	return v;
#endif
}

/*
 * Instructions retired by one ecall round trip as S-mode sees it:
 * rdinstret, ecall, rdinstret in one block (the measurement itself adds
 * the first rdinstret). Exact and repeatable under QEMU -icount shift=0.
 * The call's sbiret goes to *ret when ret is not NULL.
 */
static inline unsigned long sbi_measure_err(unsigned long eid, unsigned long fid,
					    unsigned long a0, unsigned long a1,
					    unsigned long a2, unsigned long a3,
					    struct sbiret *ret)
{
	register unsigned long r0 __asm__("a0") = a0;
	register unsigned long r1 __asm__("a1") = a1;
	register unsigned long r2 __asm__("a2") = a2;
	register unsigned long r3 __asm__("a3") = a3;
	register unsigned long r4 __asm__("a4") = 0;
	register unsigned long r5 __asm__("a5") = 0;
	register unsigned long r6 __asm__("a6") = fid;
	register unsigned long r7 __asm__("a7") = eid;
	unsigned long t0, t1;

	__asm__ volatile("rdinstret %0\n\tecall\n\trdinstret %1"
			 : "=&r"(t0), "=&r"(t1), "+r"(r0), "+r"(r1)
			 : "r"(r2), "r"(r3), "r"(r4), "r"(r5), "r"(r6), "r"(r7)
			 : "memory");
	if (ret) {
		ret->error = (long)r0;
		ret->value = r1;
	}
	return t1 - t0;
}

static inline unsigned long sbi_measure(unsigned long eid, unsigned long fid,
					unsigned long a0, unsigned long a1,
					unsigned long a2, unsigned long a3)
{
	return sbi_measure_err(eid, fid, a0, a1, a2, a3, 0);
}

#endif
