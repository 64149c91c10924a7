/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/harts.h - the harts: each one's struct fw_hart, the hartid
 * table that finds it, its HSM state, the DT's cpu nodes (cpus.c), the
 * table laid out (harts.c), and the hart's way in and out of S-mode
 * (entry.S, sbi_hsm.c).
 *
 * Hart context: each hart runs on its own M-mode stack, in its block of
 * the firmware's memory (layout.h), right below its struct fw_hart;
 * this_hart() finds the struct from mhartid, the trap vector from
 * mscratch (which holds it while the hart is in S-mode). A hart writes
 * its own struct; another hart reads it (fw_read64), or writes only what
 * is marked volatile (hsm, ipis, mbox, call.pending).
 */
#ifndef FW_HARTS_H
#define FW_HARTS_H

#include <stdbool.h>
#include <stdint.h>

#include "core/pmu.h"
#include "firmware/layout.h"
#include "firmware/sbi_sse.h"
#include "rvpmu/sbi.h"
#include "sampler/sampler.h"

/* a hart's HSM state, as HART_GET_STATUS reports it */
enum fw_hsm_state {
	HSM_STARTED = SBI_HSM_STARTED, HSM_STOPPED = SBI_HSM_STOPPED,
	HSM_START_PENDING = SBI_HSM_START_PENDING, HSM_STOP_PENDING = SBI_HSM_STOP_PENDING,
	HSM_SUSPENDED = SBI_HSM_SUSPENDED, HSM_SUSPEND_PENDING = SBI_HSM_SUSPEND_PENDING,
	HSM_RESUME_PENDING = SBI_HSM_RESUME_PENDING,
};

struct fw_hart;
typedef void (*fw_call_fn)(struct fw_hart *h, void *arg);

/* A cross-hart call (ipi.h): one per sender (in its struct fw_hart), at
   most one in flight per hart; posted as the sender's bit in each
   target's mailbox. */
struct fw_call {
	fw_call_fn fn;
	void *arg;
	volatile unsigned long pending;		/* targets yet to run it */
};

struct __attribute__((aligned(16))) fw_hart {
	uint64_t sbi_calls;			/* first: entry.S counts every call */
	/* the M-mode timer's two clients (timer.c), near the start: every
	   switch of the sampler reads them (12-bit offsets); UINT64_MAX: none */
	uint64_t s_deadline;			/* S-mode's, without Sstc */
	uint64_t sampler_deadline;		/* the sampler's next switch */
	volatile uint32_t *mtimecmp;		/* NULL without a timer device */
	uint64_t m_traps;			/* implementation event */
	struct rvpmu_hart pmu;
	unsigned long hartid;
	unsigned int pos;			/* index in plat.hart_ids */
	volatile int hsm;			/* enum fw_hsm_state */
	unsigned long next_addr, next_arg;	/* for hart_start */
	/* its M-mode registers, from the DT (a CLINT's, or an ACLINT MSWI's
	   and MTIMER's: clint.c); NULL without an IPI / timer device
	   (plat.has_*) */
	volatile uint32_t *msip;
	uint32_t dt_phandle, intc_phandle;	/* its DT nodes, for boot */
	volatile unsigned long ipis;		/* IPIs waiting to be taken */
	struct fw_call call;			/* what this hart sends */
	/* what it is sent: bit p of the bitmap is the call of the hart at
	   topology position p; plat.nr_harts bits, in the region's tables */
	volatile unsigned long *mbox;
	struct rvpmu_sampler_hart sampler;	/* this hart's part of a run */
	/* its SNAPSHOT_SET_SHMEM calls (sbi_pmu.c): a platform event any
	   hart may read (pmu_hw.c), so 64 bits read with fw_read64 */
	uint64_t shmem_calls;
	/* its firmware features (sbi_fwft.c): bit f of each for feature f;
	   what the hart can do (probed at its set-up), what S-mode locked */
	uint8_t fwft_supported, fwft_locked;
	/* the pointer-masking lengths the hart takes (bit 0: 7, bit 1: 16) */
	uint8_t fwft_pmlens;
	struct fw_sse_hart sse;			/* sbi_sse.c */
};

/* A hart's block: its M-mode stack, then its struct fw_hart (layout.h). */
#define FW_HART_STRUCT	((sizeof(struct fw_hart) + 63) & ~(uint64_t)63)
#define FW_HART_BLOCK	(FW_STACK_SIZE + FW_HART_STRUCT)

/* Count one event in a 64-bit count of this hart's: on RV32 the low
   word's carry is the rare case (as entry.S counts SBI calls), where a
   64-bit add took both words every time. Little-endian: the low word
   first. */
static inline void fw_count64(uint64_t *c)
{
#if __riscv_xlen == 32
	typedef uint32_t __attribute__((may_alias)) word;
	word *w = (word *)c;

	if (!++w[0])
		w[1]++;
#else
	(*c)++;
#endif
}

/* Read a 64-bit count of another hart's (fw_count64): on RV32 the high
   word again until it did not move, so a carry between the two word
   loads cannot tear the value. */
static inline uint64_t fw_read64(const volatile uint64_t *c)
{
#if __riscv_xlen == 32
	typedef volatile uint32_t __attribute__((may_alias)) word;
	word *w = (word *)c;
	uint32_t hi, lo;

	do {
		hi = w[1];
		lo = w[0];
	} while (w[1] != hi);
	return (uint64_t)hi << 32 | lo;
#else
	return *c;
#endif
}

/* hartid -> struct fw_hart, NULL for a hart the firmware does not run;
   fw_hart_table_len entries (max hartid + 1), laid out at boot (layout.c).
   entry.S reads both to put a secondary hart on its stack. */
extern struct fw_hart **fw_hart_table;
extern unsigned long fw_hart_table_len;

/* The calling hart's struct: any hart the firmware runs, once laid out. */
static inline struct fw_hart *this_hart(void)
{
	unsigned long id;

	__asm__("csrr %0, mhartid" : "=r"(id));
	return fw_hart_table[id];
}

/* The struct of hart `hartid` (any hart may look at any other's), or NULL
   if the platform has no such hart. Any hart, after boot. */
static inline struct fw_hart *fw_hart_of(unsigned long hartid)
{
	return hartid < fw_hart_table_len ? fw_hart_table[hartid] : 0;
}

/*
 * cpus.c, boot hart only. fw_harts_scan: count the DT's harts (the first
 * FW_MAX_HARTS with ids up to FW_MAX_HARTID; every hart left out is named
 * on the console), the timebase, the extensions all of them have;
 * -FDT_ERR_NOTFOUND if none. fw_for_each_cpu: fn for each of those harts,
 * in DT order (quietly: the scan has said what it leaves out).
 */
int fw_harts_scan(const void *fdt);
void fw_for_each_cpu(const void *fdt,
		     void (*fn)(const void *fdt, int node, unsigned long id, void *arg),
		     void *arg);

/*
 * harts.c, boot hart only, while the region is laid out (layout.c):
 * fill each hart's struct fw_hart in its block (stopped, its DT
 * phandles) and the hartid table.
 */
void fw_harts_place(const void *fdt);

/* The hart whose cpu node (intc: its interrupt controller) has phandle
   ph, or NULL; boot hart, once placed. Inline: the device and topology
   walks (clint.c, topology.c) call it once per hart, and as a call it
   cost a 512-hart boot 0.2 % more instructions. */
static inline struct fw_hart *fw_hart_by_phandle(uint32_t ph, bool intc)
{
	unsigned long id;

	for (id = 0; id < fw_hart_table_len; id++) {
		struct fw_hart *h = fw_hart_table[id];

		if (h && ph == (intc ? h->intc_phandle : h->dt_phandle))
			return h;
	}
	return 0;
}
/* Each hart paints its own M-mode stack's unused part at set-up (on that
   hart); fw_stack_report prints the deepest any has been since (any hart). */
void fw_stack_paint(struct fw_hart *h);
void fw_stack_report(void);

/* entry.S: leave M-mode for S-mode at addr with a0, a1; resets this
   hart's M-mode stack (mscratch := its struct). Never returns. */
void fw_enter_smode(unsigned long addr, unsigned long a0, unsigned long a1)
	__attribute__((noreturn));
/* sbi_hsm.c: a stopped hart waits here, serving its mailbox, until HSM
   starts it (then it enters S-mode). Never returns. */
void fw_hsm_park(void) __attribute__((noreturn));
/* sbi_hsm.c: stop the calling hart (HSM_STOP, or a fault S-mode cannot
   take): its PMU back to the boot state, M-mode interrupts but MSIP off,
   state STOPPED, then park until HSM starts it again. Never returns. */
void fw_hart_stop(struct fw_hart *h) __attribute__((noreturn));

#endif
