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

/**
 * sbi_call() - one SBI call, as the calling convention has it
 * @eid: the extension id (a7)
 * @fid: the function id (a6)
 * @a0: the first argument (a0)
 * @a1: the second argument (a1)
 * @a2: the third argument (a2)
 * @a3: the fourth argument (a3)
 * @a4: the fifth argument (a4)
 * @a5: the sixth argument (a5)
 *
 * The wrappers below and SBI_CALL0..3 are made of it. A memory clobber:
 * the firmware may read or write what the arguments point to.
 *
 * Context: Any hart, any context that may take an ecall.
 * Return: the firmware's sbiret: error SBI_SUCCESS or an SBI_ERR_* code
 *         (SBI_ERR_NOT_SUPPORTED for an extension or function it does not
 *         offer), value as the function defines it.
 */
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
/**
 * sbi_probe() - whether the firmware offers an extension
 * @eid: the extension id
 *
 * Context: Any hart, any context that may take an ecall.
 * Return: the base extension's probe_extension value: 0 when the extension
 *         is not offered (or the call failed), else nonzero (1, or a value
 *         the extension defines: the sampler's version).
 */
static inline long sbi_probe(unsigned long eid)
{
	struct sbiret r = SBI_CALL1(SBI_EXT_BASE, SBI_BASE_PROBE_EXT, eid);

	return r.error ? 0 : (long)r.value;
}

/**
 * sbi_spec_version() - the SBI specification version the firmware follows
 *
 * Context: Any hart, any context that may take an ecall.
 * Return: the version, major in bits [30:24] and minor in [23:0]
 *         (SBI_SPEC_VERSION()); the call's error is not looked at (the
 *         base extension's calls cannot fail).
 */
static inline unsigned long sbi_spec_version(void)
{
	return SBI_CALL0(SBI_EXT_BASE, SBI_BASE_GET_SPEC_VERSION).value;
}

/* ---- Timer, IPI, RFENCE */
/**
 * sbi_set_timer() - set S-mode's next timer event (TIME extension)
 * @when: the time (the time CSR's clock) the timer interrupt is due at;
 *        ~0 for none
 *
 * Context: Any hart, any context that may take an ecall; sets the calling
 *          hart's timer.
 * Return: the sbiret: SBI_SUCCESS, or SBI_ERR_NOT_SUPPORTED where the
 *         firmware has no TIME extension (or no timer).
 */
static inline struct sbiret sbi_set_timer(uint64_t when)
{
	return SBI_CALL2(SBI_EXT_TIME, SBI_TIME_SET_TIMER, SBI_LO(when), SBI_HI(when));
}

/**
 * sbi_send_ipi() - raise a supervisor software interrupt on a set of harts
 * @mask: the harts: bit i is hartid @base + i
 * @base: the first hartid of @mask; -1ul for every hart (@mask ignored)
 *
 * Context: Any hart, any context that may take an ecall.
 * Return: the sbiret: SBI_SUCCESS; SBI_ERR_INVALID_PARAM when a hartid of
 *         the set is not valid or not available to S-mode;
 *         SBI_ERR_NOT_SUPPORTED without the IPI extension.
 */
static inline struct sbiret sbi_send_ipi(unsigned long mask, unsigned long base)
{
	return SBI_CALL2(SBI_EXT_IPI, SBI_IPI_SEND_IPI, mask, base);
}

/**
 * sbi_rfence() - a remote fence on a set of harts (RFENCE extension)
 * @fid: the function, SBI_RFENCE_*
 * @mask: the harts: bit i is hartid @base + i
 * @base: the first hartid of @mask; -1ul for every hart
 * @start: the start of the address range (a function without one ignores it)
 * @size: the range's size (0 or -1ul with @start 0: everything)
 * @id: the ASID or VMID of the functions that take one, else ignored
 *
 * Context: Any hart, any context that may take an ecall.
 * Return: the sbiret: SBI_SUCCESS; SBI_ERR_NOT_SUPPORTED for a function the
 *         firmware does not implement (HFENCE without the H extension) or
 *         without RFENCE; SBI_ERR_INVALID_PARAM for a hartid of the set that
 *         is not valid; SBI_ERR_INVALID_ADDRESS for a range that is not.
 */
static inline struct sbiret sbi_rfence(unsigned long fid, unsigned long mask,
				       unsigned long base, unsigned long start,
				       unsigned long size, unsigned long id)
{
	return sbi_call(SBI_EXT_RFENCE, fid, mask, base, start, size, id, 0);
}

/* ---- HSM */
/**
 * sbi_hart_start() - start a stopped hart in S-mode (HSM)
 * @hartid: the hart to start
 * @addr: the physical address it starts at, with satp 0
 * @opaque: what it finds in a1 there (a0 is its hartid)
 *
 * Context: Any hart, any context that may take an ecall.
 * Return: the sbiret: SBI_SUCCESS once the start is under way (the hart
 *         may not run yet); SBI_ERR_INVALID_PARAM for a hartid that is not
 *         valid; SBI_ERR_INVALID_ADDRESS for an @addr S-mode cannot run
 *         from; SBI_ERR_ALREADY_AVAILABLE when the hart is not stopped;
 *         SBI_ERR_FAILED when the start failed otherwise.
 */
static inline struct sbiret sbi_hart_start(unsigned long hartid, unsigned long addr,
					   unsigned long opaque)
{
	return SBI_CALL3(SBI_EXT_HSM, SBI_HSM_HART_START, hartid, addr, opaque);
}

/**
 * sbi_hart_stop() - stop the calling hart (HSM)
 *
 * Context: The hart to stop, S-mode, with its interrupts off.
 * Return: only on failure: the sbiret, error SBI_ERR_FAILED.
 */
static inline struct sbiret sbi_hart_stop(void)
{
	return SBI_CALL0(SBI_EXT_HSM, SBI_HSM_HART_STOP);
}

/**
 * sbi_hart_status() - a hart's HSM state
 * @hartid: the hart
 *
 * Context: Any hart, any context that may take an ecall.
 * Return: the sbiret: value the state (SBI_HSM_STARTED, SBI_HSM_STOPPED,
 *         ...) with SBI_SUCCESS; SBI_ERR_INVALID_PARAM for a hartid that is
 *         not valid.
 */
static inline struct sbiret sbi_hart_status(unsigned long hartid)
{
	return SBI_CALL1(SBI_EXT_HSM, SBI_HSM_HART_STATUS, hartid);
}

/**
 * sbi_hart_suspend() - suspend the calling hart (HSM)
 * @type: SBI_HSM_SUSPEND_RETENTIVE, SBI_HSM_SUSPEND_NON_RETENTIVE or a
 *        platform's type
 * @resume: a non-retentive suspend's resume address (physical, satp 0)
 * @opaque: what a non-retentive resume finds in a1 (a0 is the hartid)
 *
 * A retentive suspend returns when the hart wakes (an interrupt pending
 * and enabled); a non-retentive one resumes at @resume and returns only
 * on failure.
 *
 * Context: The hart to suspend, S-mode.
 * Return: the sbiret: SBI_SUCCESS after a retentive suspend;
 *         SBI_ERR_INVALID_PARAM for a reserved @type; SBI_ERR_NOT_SUPPORTED
 *         for a type the firmware does not implement;
 *         SBI_ERR_INVALID_ADDRESS for a @resume S-mode cannot run from;
 *         SBI_ERR_FAILED when the suspend failed otherwise.
 */
static inline struct sbiret sbi_hart_suspend(unsigned long type, unsigned long resume,
					     unsigned long opaque)
{
	return SBI_CALL3(SBI_EXT_HSM, SBI_HSM_HART_SUSPEND, type, resume, opaque);
}

/* ---- SRST, DBCN */
/**
 * sbi_system_reset() - shut the system down or reboot it (SRST)
 * @type: SBI_SRST_SHUTDOWN, SBI_SRST_COLD_REBOOT or SBI_SRST_WARM_REBOOT
 * @reason: SBI_SRST_REASON_NONE or SBI_SRST_REASON_FAILURE
 *
 * Context: Any hart, any context that may take an ecall.
 * Return: only on failure: the sbiret, error SBI_ERR_INVALID_PARAM for a
 *         reserved @type or @reason, SBI_ERR_NOT_SUPPORTED for one the
 *         firmware cannot do (or without SRST), SBI_ERR_FAILED otherwise.
 */
static inline struct sbiret sbi_system_reset(unsigned long type, unsigned long reason)
{
	return SBI_CALL2(SBI_EXT_SRST, SBI_SRST_SYSTEM_RESET, type, reason);
}

/**
 * sbi_dbcn_write() - write bytes to the debug console (DBCN)
 * @buf: the bytes; its address goes to the firmware as physical (the
 *       payloads run with satp = 0)
 * @n: how many
 *
 * Context: Any hart, any context that may take an ecall.
 * Return: the sbiret: value the bytes written (maybe fewer than @n) with
 *         SBI_SUCCESS; SBI_ERR_INVALID_PARAM for memory the firmware may
 *         not read; SBI_ERR_DENIED when writes are not allowed;
 *         SBI_ERR_FAILED on an I/O error; SBI_ERR_NOT_SUPPORTED without
 *         DBCN.
 */
static inline struct sbiret sbi_dbcn_write(const void *buf, unsigned long n)
{
	uint64_t pa = (uintptr_t)buf;

	return SBI_CALL3(SBI_EXT_DBCN, SBI_DBCN_WRITE, n, SBI_LO(pa), SBI_HI(pa));
}

/* ---- PMU */
/**
 * sbi_pmu_num_counters() - how many counters the PMU extension numbers
 *
 * Context: Any hart, any context that may take an ecall.
 * Return: the sbiret: value the number of counters, hardware and firmware,
 *         gaps included, with SBI_SUCCESS; SBI_ERR_NOT_SUPPORTED without
 *         the PMU extension.
 */
static inline struct sbiret sbi_pmu_num_counters(void)
{
	return SBI_CALL0(SBI_EXT_PMU, SBI_PMU_NUM_COUNTERS);
}

/**
 * sbi_pmu_get_info() - what a counter is (counter_get_info)
 * @idx: the counter index
 *
 * Context: Any hart, any context that may take an ecall.
 * Return: the sbiret: value the counter_info (CSR in [11:0], width - 1 in
 *         [17:12], bit XLEN-1 set for a firmware counter) with SBI_SUCCESS;
 *         SBI_ERR_INVALID_PARAM for an index that is no counter (a gap).
 */
static inline struct sbiret sbi_pmu_get_info(unsigned long idx)
{
	return SBI_CALL1(SBI_EXT_PMU, SBI_PMU_COUNTER_GET_INFO, idx);
}

/**
 * sbi_pmu_config() - find and configure a counter for an event
 * @base: the first counter index of @mask
 * @mask: the counters to choose from: bit i is counter @base + i
 * @flags: SBI_PMU_CFG_FLAG_* (SKIP_MATCH, CLEAR_VALUE, AUTO_START, the
 *         mode filters)
 * @event: the event_idx
 * @data: the event_data (64 bits: two registers on RV32)
 *
 * counter_config_matching on the calling hart's counters.
 *
 * Context: Any hart, any context that may take an ecall.
 * Return: the sbiret: value the counter chosen with SBI_SUCCESS;
 *         SBI_ERR_NOT_SUPPORTED when no counter of the set can count the
 *         event (or the event is not valid); SBI_ERR_INVALID_PARAM for a
 *         bad set or flags (SKIP_MATCH on a counter not configured).
 */
static inline struct sbiret sbi_pmu_config(unsigned long base, unsigned long mask,
					   unsigned long flags, unsigned long event,
					   uint64_t data)
{
	return sbi_call(SBI_EXT_PMU, SBI_PMU_COUNTER_CONFIG_MATCHING, base, mask, flags,
			event, SBI_LO(data), SBI_HI(data));
}

/**
 * sbi_pmu_start() - start configured counters
 * @base: the first counter index of @mask
 * @mask: the counters: bit i is counter @base + i
 * @flags: SBI_PMU_START_* (SET_INIT_VALUE, INIT_SNAPSHOT)
 * @value: the initial value with SET_INIT_VALUE (two registers on RV32)
 *
 * Context: Any hart, any context that may take an ecall; the calling
 *          hart's counters.
 * Return: the sbiret: SBI_SUCCESS; SBI_ERR_INVALID_PARAM for a bad set or
 *         flags or a counter not configured; SBI_ERR_ALREADY_STARTED when
 *         a counter of the set is started; SBI_ERR_NO_SHMEM for
 *         INIT_SNAPSHOT without a snapshot area.
 */
static inline struct sbiret sbi_pmu_start(unsigned long base, unsigned long mask,
					  unsigned long flags, uint64_t value)
{
	return sbi_call(SBI_EXT_PMU, SBI_PMU_COUNTER_START, base, mask, flags,
			SBI_LO(value), SBI_HI(value), 0);
}

/**
 * sbi_pmu_stop() - stop counters (and release them with RESET)
 * @base: the first counter index of @mask
 * @mask: the counters: bit i is counter @base + i
 * @flags: SBI_PMU_STOP_* (RESET, TAKE_SNAPSHOT)
 *
 * Context: Any hart, any context that may take an ecall; the calling
 *          hart's counters.
 * Return: the sbiret: SBI_SUCCESS; SBI_ERR_INVALID_PARAM for a bad set or
 *         flags or a counter not configured; SBI_ERR_ALREADY_STOPPED when
 *         a counter of the set is stopped; SBI_ERR_NO_SHMEM for
 *         TAKE_SNAPSHOT without a snapshot area.
 */
static inline struct sbiret sbi_pmu_stop(unsigned long base, unsigned long mask,
					 unsigned long flags)
{
	return SBI_CALL3(SBI_EXT_PMU, SBI_PMU_COUNTER_STOP, base, mask, flags);
}

/**
 * sbi_pmu_fw_read() - a firmware counter's value, low XLEN bits
 * @idx: the firmware counter
 *
 * Context: Any hart, any context that may take an ecall; the calling
 *          hart's counter.
 * Return: the sbiret: value the low XLEN bits with SBI_SUCCESS;
 *         SBI_ERR_INVALID_PARAM unless @idx is a firmware counter.
 */
static inline struct sbiret sbi_pmu_fw_read(unsigned long idx)
{
	return SBI_CALL1(SBI_EXT_PMU, SBI_PMU_COUNTER_FW_READ, idx);
}

/**
 * sbi_pmu_fw_read_hi() - a firmware counter's upper 32 bits (RV32)
 * @idx: the firmware counter
 *
 * Context: Any hart, any context that may take an ecall; the calling
 *          hart's counter.
 * Return: the sbiret: value the upper 32 bits on RV32 (0 on RV64) with
 *         SBI_SUCCESS; SBI_ERR_INVALID_PARAM unless @idx is a firmware
 *         counter; SBI_ERR_NOT_SUPPORTED from a firmware before SBI 2.0.
 */
static inline struct sbiret sbi_pmu_fw_read_hi(unsigned long idx)
{
	return SBI_CALL1(SBI_EXT_PMU, SBI_PMU_COUNTER_FW_READ_HI, idx);
}

/**
 * sbi_pmu_snapshot() - set (or disable) the calling hart's snapshot area
 * @lo: the area's physical address, low XLEN bits (all-ones with @hi:
 *      disable)
 * @hi: its high bits (RV32; 0 on RV64)
 * @flags: 0
 *
 * Context: Any hart, any context that may take an ecall; the calling
 *          hart's area.
 * Return: the sbiret: SBI_SUCCESS; SBI_ERR_INVALID_PARAM for flags other
 *         than 0 or an address not 4 KiB aligned; SBI_ERR_INVALID_ADDRESS
 *         when the 4 KiB are not S-mode RAM; SBI_ERR_NOT_SUPPORTED where
 *         the firmware has no snapshot (before SBI 2.0).
 */
static inline struct sbiret sbi_pmu_snapshot(unsigned long lo, unsigned long hi,
					     unsigned long flags)
{
	return SBI_CALL3(SBI_EXT_PMU, SBI_PMU_SNAPSHOT_SET_SHMEM, lo, hi, flags);
}

/**
 * sbi_pmu_event_info() - which events the calling hart can count (SBI 3.0)
 * @lo: the physical address of the array of 16-byte entries, low XLEN bits
 * @hi: its high bits (RV32; 0 on RV64)
 * @n: the entries
 * @flags: 0
 *
 * Each entry's output word gets bit 0 set when config_matching could give
 * its event a counter of this hart, were they all free.
 *
 * Context: Any hart, any context that may take an ecall.
 * Return: the sbiret: SBI_SUCCESS; SBI_ERR_INVALID_PARAM for flags other
 *         than 0, an array not 16-byte aligned, @n 0 (or too large) or a
 *         reserved event_idx bit; SBI_ERR_INVALID_ADDRESS when the array is
 *         not writable S-mode RAM; SBI_ERR_NOT_SUPPORTED from a firmware
 *         before SBI 3.0.
 */
static inline struct sbiret sbi_pmu_event_info(unsigned long lo, unsigned long hi,
					       unsigned long n, unsigned long flags)
{
	return sbi_call(SBI_EXT_PMU, SBI_PMU_EVENT_GET_INFO, lo, hi, n, flags, 0, 0);
}

/* ---- counters S-mode reads itself */
/**
 * rd_instret() - the instret counter, as S-mode reads it
 *
 * Description: A memory clobber: what is measured between two reads stays
 * there.
 *
 * Context: Any hart, S-mode, where mcounteren lets it read instret (else
 *          an illegal instruction trap).
 * Return: instret, the low XLEN bits.
 */
static inline unsigned long rd_instret(void)
{
	unsigned long v;

	/* a memory clobber: what is measured between two reads stays there */
	__asm__ volatile("rdinstret %0" : "=r"(v) :: "memory");
	return v;
}

/**
 * rd_cycle() - the cycle counter, as S-mode reads it
 *
 * Context: Any hart, S-mode, where mcounteren lets it read cycle (else an
 *          illegal instruction trap).
 * Return: cycle, the low XLEN bits.
 */
static inline unsigned long rd_cycle(void)
{
	unsigned long v;

	__asm__ volatile("rdcycle %0" : "=r"(v));
	return v;
}

/**
 * rd_time() - the time CSR, all 64 bits
 *
 * Description: RV32 reads the high half, the low half and the high half
 * again until the two high reads agree, so that no carry tears the value.
 *
 * Context: Any hart, S-mode, where mcounteren lets it read time (else an
 *          illegal instruction trap).
 * Return: time, 64 bits.
 */
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

/**
 * sbi_measure_err() - the instructions one SBI call retires, and its answer
 * @eid: the extension id
 * @fid: the function id
 * @a0: the first argument
 * @a1: the second argument
 * @a2: the third argument
 * @a3: the fourth argument (a4 and a5 are 0)
 * @ret: where the call's sbiret goes, or NULL
 *
 * Instructions retired by one ecall round trip as S-mode sees it:
 * rdinstret, ecall, rdinstret in one block (the measurement itself adds
 * the first rdinstret). Exact and repeatable under QEMU -icount shift=0.
 *
 * Context: Any hart, S-mode, where it may read instret; any context that
 *          may take the call.
 * Return: the instret difference across the ecall (XLEN bits); the call's
 *         own error goes to *@ret only.
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

/**
 * sbi_measure() - the instructions one SBI call retires
 * @eid: the extension id
 * @fid: the function id
 * @a0: the first argument
 * @a1: the second argument
 * @a2: the third argument
 * @a3: the fourth argument
 *
 * As sbi_measure_err(), but the call's sbiret is dropped.
 *
 * Context: Any hart, S-mode, where it may read instret; any context that
 *          may take the call.
 * Return: the instret difference across the ecall (XLEN bits).
 */
static inline unsigned long sbi_measure(unsigned long eid, unsigned long fid,
					unsigned long a0, unsigned long a1,
					unsigned long a2, unsigned long a3)
{
	return sbi_measure_err(eid, fid, a0, a1, a2, a3, 0);
}

#endif
