/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * client/rt.h - a minimal S-mode runtime for rvpmu's payloads (smoke test,
 * demo, conformance suite): entry on any SBI firmware, per-hart stacks,
 * a trap handler with interrupt hooks and expected-fault support, console
 * output through DBCN (or the legacy putchar where DBCN is missing), and
 * secondary harts started through HSM.
 */
#ifndef RVPMU_RT_H
#define RVPMU_RT_H

#include <stdbool.h>
#include <stdint.h>

#include "client/sbi.h"

/* hartids 0 .. RT_MAX_HARTS-1 (QEMU virt numbers its harts so), 16 KiB of
   stack each, in .bss */
#define RT_MAX_HARTS	512

/* The payload's entry on the boot hart. Return value: failures. */
int main(unsigned long hartid, void *dtb);

/* instret (low XLEN bits) as the payload's first instruction ran on the
   boot hart: the instructions from reset to S-mode entry. */
extern unsigned long rt_entry_instret;
/* The time CSR (low XLEN bits) as the payload's first instruction ran on
   the boot hart: under -icount, virtual time from reset to S-mode entry,
   which counts what the harts waited as well as what they executed. */
extern unsigned long rt_entry_time;

void rt_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* This hart's id (kept in tp). */
static inline unsigned long rt_hartid(void)
{
	unsigned long tp;

	__asm__ volatile("mv %0, tp" : "=r"(tp));
	return tp;
}

/* Interrupt hooks, per cause (1 SSI, 5 STI, 9 SEI, 13 LCOFI); run on
   whichever hart takes the interrupt, with interrupts off. */
typedef void (*rt_irq_fn)(unsigned long irq);
void rt_set_irq(unsigned int irq, rt_irq_fn fn);

/* Run fn(arg) expecting an exception: returns its scause (stval in *tval)
   after skipping the faulting instruction, or -1 if none came. */
long rt_expect_fault(void (*fn)(void *), void *arg, unsigned long *tval);

/* Start hart `hartid` in fn(arg) on its own stack; it stops (HSM) when fn
   returns. Returns the SBI error of hart_start. */
long rt_start_hart(unsigned long hartid, void (*fn)(void *), void *arg);

/*
 * Needs the H extension; interrupts off. Run code in VS-mode (bare
 * translation, so guest addresses are ours) until it makes an ecall or
 * takes an interrupt or an exception numbered above 9: returns that
 * scause (10 for the guest's ecall). Exceptions on the way are skipped (sepc + 4); bit N
 * of rt_vs_spv says exception N reached HS-mode with hstatus.SPV = 1, i.e.
 * marked as coming from the guest.
 */
long rt_vs_run(void (*code)(void));

/*
 * Run code in U-mode, with arg in a0, until it traps (an ecall when done:
 * scause 8) and return that scause; S-mode interrupts are off meanwhile.
 * Single hart at a time (the saved state is global). code must leave sp,
 * ra and every callee-saved register alone (it is assembly).
 */
long rt_u_run(void (*code)(void), unsigned long arg);
extern unsigned long rt_vs_spv;

/* SRST shutdown; reason "system failure" when failed. Never returns. */
void rt_shutdown(bool failed) __attribute__((noreturn));

/* One TAP check: "ok N - what" or "not ok N - what", counted; what is a
   printf format (rvpmu_snprintf's conversions), cut at 256 bytes. */
void rt_check(bool cond, const char *what, ...) __attribute__((format(printf, 2, 3)));
/* The TAP plan and "N passed, N failed" for the rt_check calls so far;
   returns the number failed. */
int rt_check_report(void);

/* Spin until *flag becomes nonzero or `ticks` of time pass; 0 on timeout. */
bool rt_wait(volatile int *flag, uint64_t ticks);

/* Spin until HSM reports hart in state `want` or `ticks` pass; 0 on timeout. */
bool rt_wait_hart_status(unsigned long hart, unsigned long want, uint64_t ticks);

/* HSM non-retentive suspend of this hart: on resume it runs fn(arg) on a
   fresh stack and stops (HSM) when fn returns, as a started hart; returns
   only on failure, with the SBI error. */
long rt_suspend_non_retentive(void (*fn)(void *), void *arg);

/* Start harts 0..n-1 but this one in fn((void *)hartid), each on its
   stack; returns how many harts run it then, this one counted (it is the
   caller's to call fn on itself). */
unsigned long rt_start_others(unsigned long n, void (*fn)(void *));

/* Harts 0, 1, ... that HSM knows, up to max: the first id it refuses ends
   the count (QEMU virt numbers its harts from 0 without gaps). */
unsigned long rt_count_harts(unsigned long max);

/* Busy work (a multiply-add chain, no memory) until `ticks` of time
   passed: keeps the hart's counters moving while it waits. */
void rt_spin(uint64_t ticks);

/* Does this hart have Sscofpmf? scountovf (0xda0) is readable then, and
   an illegal instruction without it. Any hart, S-mode. */
bool rt_has_sscofpmf(void);

/* The n-th hart other than hart `me` (harts numbered from 0, no gaps). */
static inline unsigned long rt_other_hart(unsigned long me, unsigned long n)
{
	return n < me ? n : n + 1;
}

/* Interrupts on/off for this hart (sstatus.SIE). */
void rt_irq_enable(bool on);

#define rt_csr_read(csr) ({ unsigned long __v; \
	__asm__ volatile("csrr %0, " #csr : "=r"(__v) :: "memory"); __v; })
#define rt_csr_set(csr, v) __asm__ volatile("csrs " #csr ", %0" :: "r"((unsigned long)(v)) : "memory")
#define rt_csr_clear(csr, v) __asm__ volatile("csrc " #csr ", %0" :: "r"((unsigned long)(v)) : "memory")
#define rt_csr_write(csr, v) __asm__ volatile("csrw " #csr ", %0" :: "r"((unsigned long)(v)) : "memory")

/*
 * Sleep (wfi) with interrupts off, then take whatever woke the hart (SIE
 * opened and closed again): the body of a loop that waits for what a
 * handler or another hart's IPI changes, `while (!flag) rt_wfi_irqs();`,
 * entered with SIE off. With SIE on in such a loop, an interrupt taken
 * between the look and the wfi (QEMU takes it at the wfi's own pc) is
 * handled there, and the wfi then sleeps with nothing left to wake it:
 * smoke's parked hart missed its stop IPI so 3 times in 100 on QEMU 10.
 * wfi wakes on an interrupt pending and enabled in sie whatever SIE says.
 * This hart, S-mode; SIE off on entry and on return.
 */
static inline void rt_wfi_irqs(void)
{
	__asm__ volatile("wfi" ::: "memory");
	rt_csr_set(sstatus, 2);
	rt_csr_clear(sstatus, 2);
}

/* Sstc's stimecmp (CSR 0x14d; stimecmph 0x15d on RV32): S-mode's timer
   deadline t with no SBI call. RV32 parks the high half at all-ones while
   the halves change, so that no early match fires meanwhile. */
static inline void rt_set_stimecmp(uint64_t t)
{
#if __riscv_xlen == 32
	rt_csr_write(0x15d, ~0ul);
	rt_csr_write(0x14d, (unsigned long)t);
	rt_csr_write(0x15d, (unsigned long)(t >> 32));
#else
	rt_csr_write(0x14d, t);
#endif
}

#endif
