/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SBI PMU conformance suite: an S-mode payload that runs on any SBI
 * firmware. Every check is tagged:
 *   [S] spec-mandated: the SBI v3.0 PMU chapter dictates the answer;
 *   [I] implementation-defined: what rvpmu does and real clients rely on
 *       (Linux 6.1/6.10/6.18, KVM), where the spec leaves room.
 * A check of an optional function the firmware does not offer is a TAP
 * skip. Output: TAP, then "N passed, N failed, N skipped".
 */
#ifndef SUITE_H
#define SUITE_H

#include "client/perf.h"
#include "client/rt.h"

#define SPEC 'S'
#define IMPL 'I'

#define DTLB_WR_MISS	SBI_PMU_CACHE_EVENT(SBI_PMU_HW_CACHE_DTLB, 1, 1)
#define ITLB_RD_MISS	SBI_PMU_CACHE_EVENT(SBI_PMU_HW_CACHE_ITLB, 0, 1)
#define FW_BASE_PA	0x80000000ul	/* QEMU virt: firmware at RAM start */
#define XLEN		__riscv_xlen
#define ALL1		(~0ul)

struct suite {
	struct pmu_machine m;
	unsigned long spec, impl_id, nr_harts, boot_hart;
	unsigned long harts_off;	/* harts the DT disables (no S-mode) */
	uint64_t hw;			/* valid hardware counters */
	bool sscofpmf;
	unsigned long nr_hpm;		/* counter_get_info: hardware counters past 0..2 */
	bool dtlb;			/* an hpm counter counts dTLB misses */
	bool stops;			/* a stopped hardware counter holds its value */
	bool smcntrpmf;			/* every riscv,isa in the DT names it */
	unsigned long timebase_ms;
};
extern struct suite S;

/*
 * Why a check is skipped on a hart that lacks what it needs. Each is
 * decided from what the hart shows (discover() in main.c), never from the
 * failure of the call a check makes.
 */
#define WHY_NO_HPM	"no hpm counter (counter_get_info: cycle and instret alone)"
#define WHY_NO_SSCOF	"no Sscofpmf"
#define WHY_NO_INHIBIT	"counters that cannot be stopped: no mcountinhibit"
#define WHY_NO_DTLB	"no hpm counter counts dTLB misses (event_get_info; no riscv,pmu mapping)"
/* For a check that needs dTLB misses counted: WHY_NO_HPM or WHY_NO_DTLB. */
const char *why_no_dtlb(void);

/* t_skip_begin(why) when cond, else nothing: pair with t_skip_end(). */
void t_skip_if(bool cond, const char *why);

/*
 * Two programmable events for the checks of config/start/stop states: the
 * dTLB read and write misses (hpm counters) when an hpm counter counts
 * them, else cycles and instructions (the only events there).
 */
unsigned long ev_a(void);
unsigned long ev_b(void);

void t_check(char tag, bool ok, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void t_skip(char tag, const char *why, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Until t_skip_end, every t_check is reported as a skip for `why`: a
   group whose function the firmware lacks still lists each check. */
void t_skip_begin(const char *why);
void t_skip_end(void);

/* Counters as masks for base 0 (the first XLEN of them). */
unsigned long hw_mask(void);
unsigned long fw_mask(void);
unsigned long all_mask(void);
/* The lowest valid hpm / firmware counter, or -1. */
long first_hpm(void);
long first_fw(void);

/* config_matching over every counter; the counter or the error. */
long cfg(unsigned long flags, unsigned long event, uint64_t data);
long cfg_in(unsigned long base, unsigned long mask, unsigned long flags,
	    unsigned long event, uint64_t data);
/* The same, for requests a check expects refused: a counter handed out
   anyway is released at once, so one wrong answer does not spoil the
   checks after it. */
long refused(long ctr_or_err);
/* Release a counter this suite configured (stop, stop+RESET). */
void release(long ctr);
/* A counter's value as S-mode reads it. */
uint64_t value_of(long ctr);

/* Workloads. */
void spin(unsigned long n);
void touch_fresh_pages(unsigned long n);
void run_code_pages(unsigned long n);

/* The groups of checks, one per file. */
void suite_discovery(void);
void suite_matching(void);
void suite_startstop(void);
void suite_counting(void);
void suite_fwread(void);
void suite_snapshot(void);
void suite_event_info(void);
void suite_linux(void);
void suite_harts(void);
void suite_client(void);
void suite_filters(void);

#endif
