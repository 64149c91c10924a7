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

/**
 * main() - the payload's entry on the boot hart
 * @hartid: the boot hart's id
 * @dtb: the device tree the firmware passed (physical address)
 *
 * Called by the runtime's entry once .bss is zeroed and the console is
 * chosen (DBCN where the firmware has it); its return ends the run.
 *
 * Context: Boot hart, S-mode, once.
 * Return: the failures: 0 shuts down with reason "none", anything else
 *         with reason "system failure" (rt_shutdown()).
 */
int main(unsigned long hartid, void *dtb);

/* instret (low XLEN bits) as the payload's first instruction ran on the
   boot hart: the instructions from reset to S-mode entry. */
extern unsigned long rt_entry_instret;
/* The time CSR (low XLEN bits) as the payload's first instruction ran on
   the boot hart: under -icount, virtual time from reset to S-mode entry,
   which counts what the harts waited as well as what they executed. */
extern unsigned long rt_entry_time;

/**
 * rt_printf() - print to the console
 * @fmt: a printf format (rvpmu_snprintf's conversions)
 * @...: its arguments
 *
 * The message is formatted first (cut at 319 bytes), then written whole
 * through DBCN, or the legacy putchar where DBCN is missing.
 *
 * Context: Any hart, S-mode; a spin lock keeps messages of different harts
 *          apart.
 */
void rt_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/**
 * rt_hartid() - this hart's id
 *
 * Context: Any hart, S-mode, once the runtime's entry has set tp.
 * Return: the hartid, kept in tp.
 */
static inline unsigned long rt_hartid(void)
{
	unsigned long tp;

	__asm__ volatile("mv %0, tp" : "=r"(tp));
	return tp;
}

/* An interrupt hook: irq is the interrupt's cause (rt_set_irq()). */
typedef void (*rt_irq_fn)(unsigned long irq);
/**
 * rt_set_irq() - set the hook of an interrupt cause
 * @irq: the cause (1 SSI, 5 STI, 9 SEI, 13 LCOFI); its low 4 bits are used
 * @fn: the hook, NULL for none
 *
 * One table for every hart: a hook runs on whichever hart takes the
 * interrupt, with interrupts off. An interrupt without a hook is reported
 * ("# unexpected interrupt") and disabled in that hart's sie.
 *
 * Context: Any hart, S-mode, before the interrupt is enabled.
 */
void rt_set_irq(unsigned int irq, rt_irq_fn fn);

/**
 * rt_expect_fault() - run a function that is expected to fault
 * @fn: the function
 * @arg: its argument
 * @tval: where the exception's stval goes (NULL: nowhere)
 *
 * The first exception while fn(arg) runs is recorded and its instruction
 * skipped (2 or 4 bytes, as its encoding says), and fn goes on; a second
 * one is unexpected (reported, then a failure shutdown).
 *
 * Context: Any hart, S-mode, not nested (one slot per hart).
 * Return: the exception's scause, or -1 if none came (*@tval 0 then).
 */
long rt_expect_fault(void (*fn)(void *), void *arg, unsigned long *tval);

/**
 * rt_start_hart() - start a hart in a function, on its own stack
 * @hartid: the hart to start
 * @fn: what it runs, with tp, its stack and the trap vector set up
 * @arg: fn's argument
 *
 * The hart stops (HSM) when fn returns.
 *
 * Context: Any hart, S-mode; one start of a given hart at a time (its
 *          start slot is written before the call).
 * Return: the SBI error of hart_start (0: under way), or
 *         SBI_ERR_INVALID_PARAM for a hartid of RT_MAX_HARTS or above (no
 *         stack for it).
 */
long rt_start_hart(unsigned long hartid, void (*fn)(void *), void *arg);

/**
 * rt_vs_run() - run code in VS-mode until it makes an ecall
 * @code: the guest's code
 *
 * Runs @code in VS-mode (bare translation, so guest addresses are ours)
 * until it makes an ecall or takes an interrupt or an exception numbered
 * above 9. Exceptions on the way are skipped (sepc + 4); bit N of
 * rt_vs_spv says exception N reached HS-mode with hstatus.SPV = 1, i.e.
 * marked as coming from the guest. sie is 0 while the guest runs (no HS
 * interrupt), then restored, as is stvec.
 *
 * Context: HS-mode (needs the H extension), interrupts off; one hart at a
 *          time (the saved sp and rt_vs_spv are global).
 * Return: the scause that ended the run (10 for the guest's ecall).
 */
long rt_vs_run(void (*code)(void));

/**
 * rt_u_run() - run code in U-mode until it traps
 * @code: the code (assembly: it must leave sp, ra and every callee-saved
 *        register alone)
 * @arg: what it finds in a0
 *
 * Runs @code in U-mode (satp as S-mode has it) until it traps: an ecall
 * when done. S-mode interrupts are off meanwhile (sie 0); sie, stvec and
 * sstatus.SIE are restored after.
 *
 * Context: Any hart, S-mode; a single hart at a time (the saved state is
 *          global).
 * Return: the scause of the trap (8 for the ecall that ends it).
 */
long rt_u_run(void (*code)(void), unsigned long arg);
/* rt_vs_run()'s record: bit N, exception N came from the guest (SPV). */
extern unsigned long rt_vs_spv;

/**
 * rt_shutdown() - shut the system down; never returns
 * @failed: whether the run failed: SRST reason "system failure", else
 *          "none"
 *
 * SRST shutdown; where SRST does not act, the legacy shutdown; then wfi
 * for ever.
 *
 * Context: Any hart, S-mode.
 */
void rt_shutdown(bool failed) __attribute__((noreturn));

/**
 * rt_check() - one TAP check: "ok N - what" or "not ok N - what", counted
 * @cond: whether the check passed
 * @what: what was checked: a printf format (rvpmu_snprintf's conversions),
 *        cut at 256 bytes
 * @...: its arguments
 *
 * Context: Any hart, S-mode, several at once (the tallies are atomic; the
 *          console may interleave their lines).
 */
void rt_check(bool cond, const char *what, ...) __attribute__((format(printf, 2, 3)));
/**
 * rt_check_report() - the TAP plan and the tallies of the checks so far
 *
 * Description: Prints the plan ("1..N") and "N passed, N failed" for the
 * rt_check() calls so far.
 *
 * Context: Any hart, S-mode, after the last rt_check().
 * Return: the number failed.
 */
int rt_check_report(void);

/**
 * rt_wait() - spin until a flag is set, or a timeout
 * @flag: the flag, set by a handler or another hart
 * @ticks: the timeout, in ticks of the time CSR
 *
 * Context: Any hart, S-mode; it spins (no wfi), interrupts as they are.
 * Return: true once *@flag is nonzero, false when @ticks passed first.
 */
bool rt_wait(volatile int *flag, uint64_t ticks);

/**
 * rt_wait_hart_status() - spin until HSM reports a hart in a state
 * @hart: the hart
 * @want: the state, SBI_HSM_*
 * @ticks: the timeout, in ticks of the time CSR
 *
 * Context: Any hart, S-mode; it spins, calling hart_get_status.
 * Return: true once hart_get_status answers @want, false when @ticks
 *         passed first.
 */
bool rt_wait_hart_status(unsigned long hart, unsigned long want, uint64_t ticks);

/**
 * rt_suspend_non_retentive() - suspend this hart, to resume in a function
 * @fn: what the hart runs on resume, on a fresh stack, as a started hart
 * @arg: fn's argument
 *
 * HSM non-retentive suspend of this hart: on resume it runs fn(arg) and
 * stops (HSM) when fn returns.
 *
 * Context: The hart to suspend, S-mode.
 * Return: only on failure: SBI_ERR_INVALID_PARAM for a hartid of
 *         RT_MAX_HARTS or more (no start slot), else the SBI error of
 *         hart_suspend.
 */
long rt_suspend_non_retentive(void (*fn)(void *), void *arg);

/**
 * rt_start_others() - start every other hart in a function
 * @n: the harts: 0..n-1
 * @fn: what each runs, as fn((void *)hartid), on its own stack
 *
 * Starts harts 0..n-1 but this one (rt_start_hart()); it is the caller's
 * to call fn on itself.
 *
 * Context: Any hart, S-mode (the boot hart, as a rule), while no other
 *          start is under way.
 * Return: how many harts run fn then, this one counted: 1 + the starts
 *         that succeeded.
 */
unsigned long rt_start_others(unsigned long n, void (*fn)(void *));

/**
 * rt_count_harts() - how many harts there are, from hartid 0 up
 * @max: the most to count
 *
 * Harts 0, 1, ... that HSM knows: the first id whose hart_get_status
 * fails ends the count (QEMU virt numbers its harts from 0 without gaps).
 *
 * Context: Any hart, S-mode.
 * Return: the count, at most @max.
 */
unsigned long rt_count_harts(unsigned long max);

/**
 * rt_spin() - busy work until some time passed
 * @ticks: how long, in ticks of the time CSR
 *
 * A multiply-add chain (no memory but one store at the end): keeps the
 * hart's counters moving while it waits.
 *
 * Context: Any hart, S-mode.
 */
void rt_spin(uint64_t ticks);

/**
 * rt_has_sscofpmf() - whether this hart has Sscofpmf
 *
 * Description: scountovf (0xda0) is readable then, and an illegal
 * instruction without it; the read runs under rt_expect_fault().
 *
 * Context: Any hart, S-mode, not within rt_expect_fault().
 * Return: true when scountovf could be read.
 */
bool rt_has_sscofpmf(void);

/**
 * rt_other_hart() - the n-th hart other than a given one
 * @me: the hart to skip
 * @n: which other hart, from 0
 *
 * Context: Any hart.
 * Return: the hartid (harts numbered from 0, no gaps): @n below @me, else
 *         @n + 1.
 */
static inline unsigned long rt_other_hart(unsigned long me, unsigned long n)
{
	return n < me ? n : n + 1;
}

/**
 * rt_irq_enable() - interrupts on or off for this hart (sstatus.SIE)
 * @on: true: on
 *
 * Context: This hart, S-mode.
 */
void rt_irq_enable(bool on);

#define rt_csr_read(csr) ({ unsigned long __v; \
	__asm__ volatile("csrr %0, " #csr : "=r"(__v) :: "memory"); __v; })
#define rt_csr_set(csr, v) __asm__ volatile("csrs " #csr ", %0" :: "r"((unsigned long)(v)) : "memory")
#define rt_csr_clear(csr, v) __asm__ volatile("csrc " #csr ", %0" :: "r"((unsigned long)(v)) : "memory")
#define rt_csr_write(csr, v) __asm__ volatile("csrw " #csr ", %0" :: "r"((unsigned long)(v)) : "memory")

/**
 * rt_wfi_irqs() - sleep with interrupts off, then take what woke the hart
 *
 * Description: wfi with SIE off, then SIE opened and closed again: the
 * body of a loop that waits for what a handler or another hart's IPI
 * changes, `while (!flag) rt_wfi_irqs();`, entered with SIE off. With SIE
 * on in such a loop, an interrupt taken between the look and the wfi
 * (QEMU takes it at the wfi's own pc) is handled there, and the wfi then
 * sleeps with nothing left to wake it: smoke's parked hart missed its stop
 * IPI so 3 times in 100 on QEMU 10. wfi wakes on an interrupt pending and
 * enabled in sie whatever SIE says.
 *
 * Context: This hart, S-mode; SIE off on entry and on return.
 */
static inline void rt_wfi_irqs(void)
{
	__asm__ volatile("wfi" ::: "memory");
	rt_csr_set(sstatus, 2);
	rt_csr_clear(sstatus, 2);
}

/**
 * rt_set_stimecmp() - set S-mode's timer deadline with no SBI call (Sstc)
 * @t: the deadline, in time CSR ticks; ~0 for none
 *
 * Writes stimecmp (CSR 0x14d; stimecmph 0x15d on RV32). RV32 parks the
 * high half at all-ones while the halves change, so that no early match
 * fires meanwhile.
 *
 * Context: This hart, S-mode, with Sstc (else an illegal instruction).
 */
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
