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
#include "firmware/sbi_dbtr.h"
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
	struct fw_dbtr_hart dbtr;		/* sbi_dbtr.c */
};

/* A hart's block: its M-mode stack, then its struct fw_hart (layout.h). */
#define FW_HART_STRUCT	((sizeof(struct fw_hart) + 63) & ~(uint64_t)63)
#define FW_HART_BLOCK	(FW_STACK_SIZE + FW_HART_STRUCT)

/**
 * fw_count64() - count one event in a 64-bit count of this hart's
 * @c: the count, in the calling hart's own struct fw_hart
 *
 * On RV32 the low word's carry is the rare case (as entry.S counts SBI
 * calls), where a 64-bit add took both words every time. Little-endian:
 * the low word first. Not atomic: only the owning hart writes the count;
 * other harts read it with fw_read64().
 *
 * Context: The hart that owns the count, in M-mode (its ecall or trap).
 */
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

/**
 * fw_read64() - read a 64-bit count of another hart's
 * @c: the count (kept with fw_count64())
 *
 * On RV32 the high word again until it did not move, so a carry between
 * the two word loads cannot tear the value.
 *
 * Context: Any hart, in M-mode; no lock.
 * Return: the count.
 */
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

/**
 * this_hart() - the calling hart's struct fw_hart
 *
 * Found through fw_hart_table[mhartid].
 *
 * Context: Any hart the firmware runs, in M-mode, once the boot hart has
 *          laid the table out (fw_harts_layout()).
 * Return: the calling hart's struct fw_hart.
 */
static inline struct fw_hart *this_hart(void)
{
	unsigned long id;

	__asm__("csrr %0, mhartid" : "=r"(id));
	return fw_hart_table[id];
}

/**
 * fw_hart_of() - the struct of hart hartid
 * @hartid: any value (S-mode's, unchecked, included)
 *
 * Any hart may look at any other's.
 *
 * Context: Any hart, after boot (the boot hart from the table's layout on).
 * Return: the hart's struct fw_hart, or NULL if the platform has no such
 *         hart or the firmware does not run it.
 */
static inline struct fw_hart *fw_hart_of(unsigned long hartid)
{
	return hartid < fw_hart_table_len ? fw_hart_table[hartid] : 0;
}

/**
 * fw_harts_scan() - count the DT's harts, read the timebase and extensions
 * @fdt: the device tree QEMU handed over
 *
 * cpus.c. Count the DT's harts the firmware runs (enabled cpu nodes: the
 * first FW_MAX_HARTS with ids up to FW_MAX_HARTID; every hart left out is
 * named on the console) into plat.nr_harts and max_hartid, the timebase
 * (10 MHz without one), and the extensions all of them have (Sstc,
 * Sscofpmf, Smcdeleg, Smstateen, Smaia, H). First, when the DT names an
 * IPI device, the waiting harts are told they may sleep (fw_boot_sleep).
 *
 * Context: Boot hart only, at boot, before the region is laid out; the
 *          others wait in entry.S.
 * Return: 0; -FDT_ERR_NOTFOUND if no hart is left to run; the negative
 *         libfdt error of looking up /cpus when there is none.
 */
int fw_harts_scan(const void *fdt);
/**
 * fw_for_each_cpu() - call fn for each hart the firmware runs
 * @fdt: the device tree
 * @fn: called with @fdt, the cpu node's offset, its hartid and @arg
 * @arg: passed to @fn
 *
 * cpus.c. The harts fw_harts_scan() counted, in DT order, quietly: the
 * scan has said what it leaves out.
 *
 * Context: Boot hart only, at boot (fw_harts_place()).
 */
void fw_for_each_cpu(const void *fdt,
		     void (*fn)(const void *fdt, int node, unsigned long id, void *arg),
		     void *arg);

/**
 * fw_harts_place() - fill each hart's struct fw_hart and the hartid table
 * @fdt: the device tree (plat.fdt, the copy)
 *
 * harts.c: each hart's struct fw_hart in its block, zeroed but for its
 * hartid, its state (stopped) and its DT phandles (its cpu node's and its
 * interrupt controller's), and its entry in fw_hart_table.
 *
 * Context: Boot hart only, while the region is laid out
 *          (fw_harts_layout()), before the topology is found.
 */
void fw_harts_place(const void *fdt);

/**
 * fw_hart_by_phandle() - the hart whose cpu node has phandle ph
 * @ph: a phandle from the DT
 * @intc: true: @ph is of the hart's interrupt controller, not its cpu node
 *
 * A walk of the hartid table. Inline: the device and topology walks
 * (clint.c, topology.c) call it once per hart, and as a call it cost a
 * 512-hart boot 0.2 % more instructions.
 *
 * Context: Boot hart, at boot, once the harts are placed
 *          (fw_harts_place()).
 * Return: the hart's struct fw_hart, or NULL if no hart the firmware runs
 *         has that phandle.
 */
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
/**
 * fw_stack_paint() - paint the unused part of this hart's M-mode stack
 * @h: the calling hart's struct (its stack lies right below it)
 *
 * A pattern from the stack's bottom to 64 bytes below sp, so that
 * fw_stack_report() can tell how deep the stack has been since.
 *
 * Context: Each hart, on itself, at its set-up (hart_setup).
 */
void fw_stack_paint(struct fw_hart *h);
/**
 * fw_stack_report() - print the deepest any M-mode stack has been
 *
 * One console line: the most bytes of its FW_STACK_SIZE any hart's M-mode
 * stack has used since fw_stack_paint(), and which hart.
 *
 * Context: Any hart, in M-mode (SRST, before the machine resets); reads
 *          the other harts' stacks without a lock.
 */
void fw_stack_report(void);

/**
 * fw_enter_smode() - leave M-mode for S-mode at addr
 * @addr: where S-mode starts (mepc)
 * @a0: S-mode's a0 (the hartid)
 * @a1: S-mode's a1 (the DT, or HSM's opaque)
 *
 * entry.S: mret to S-mode at @addr with @a0, @a1, S-mode's interrupts off
 * (sstatus SIE, SPIE, sie 0), no translation (satp 0), stvec and sscratch
 * 0, sp and ra 0. Resets this hart's M-mode stack: mscratch := its
 * struct, where the next trap's stack starts.
 *
 * Context: The calling hart, in M-mode, on its way into S-mode: the boot
 *          hart at the end of boot, a started hart leaving
 *          fw_hsm_park(), a non-retentive suspend's resume. Never returns.
 */
void fw_enter_smode(unsigned long addr, unsigned long a0, unsigned long a1)
	__attribute__((noreturn));
/**
 * fw_hsm_park() - wait stopped, serving the mailbox, until HSM starts us
 *
 * sbi_hsm.c: with only MSIP enabled, the calling hart serves its mailbox
 * (a call posted to it before it stopped still runs, so its caller is not
 * left waiting) until its state is START_PENDING; then STARTED, and it
 * enters S-mode at the address and with the argument HART_START gave it.
 * Asleep between IPIs; without an IPI device it polls.
 *
 * Context: The calling hart, in M-mode, S-mode not running there: a
 *          secondary after its set-up (fw_secondary), or a hart that
 *          stopped (fw_hart_stop()). Never returns.
 */
void fw_hsm_park(void) __attribute__((noreturn));
/**
 * fw_hart_stop() - stop the calling hart, then park it
 * @h: the calling hart's struct
 *
 * sbi_hsm.c: stop the calling hart (HSM_STOP, or a fault S-mode cannot
 * take): it leaves any sampler run, its deadlines cleared, M-mode
 * interrupts but MSIP off, S-mode's pending software and timer interrupts
 * cleared, its PMU back to the boot state, its FWFT features and SSE
 * events reset; state STOPPED, then park (fw_hsm_park()) until HSM starts
 * it again.
 *
 * Context: The calling hart (@h), in M-mode, in its HART_STOP ecall or
 *          from trap.c when S-mode cannot take a fault while another hart
 *          runs. Never returns.
 */
void fw_hart_stop(struct fw_hart *h) __attribute__((noreturn));

#endif
