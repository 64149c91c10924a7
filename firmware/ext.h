/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/ext.h - the extension table: which SBI extensions this
 * firmware offers, what each needs of the platform, and how an ecall
 * reaches its handler (one function per extension, sbi_*.c).
 *
 * Hart context: any hart, on the calling hart's M-mode stack, in the
 * ecall's path; the table is constant and plat read-only by then.
 *
 * Why a file of its own: both the dispatch (ecall.c) and the legacy calls
 * (sbi_legacy.c), and the base extension's probe (sbi_base.c), read this
 * one list; with it in ecall.c, ecall.c and sbi_legacy.c called each
 * other. Now ecall.c routes to sbi_legacy.c and both read the table here
 * (sbi_extension_present: ext.c).
 */
#ifndef FW_EXT_H
#define FW_EXT_H

#include <stdbool.h>

#include "core/pmu.h"
#include "firmware/platform.h"
#include "rvpmu/sampler.h"
#include "rvpmu/sbi.h"

/* Our SBI implementation id: not registered with RISC-V International;
   "rvpm" in ASCII, far from the small registered numbers. */
#define FW_SBI_IMPL_ID		0x7276706dul
#define FW_SBI_IMPL_VERSION	0x00010000ul	/* 1.0 */

/* An SBI call's result is the core's struct rvpmu_ret (core/pmu.h), so the
   PMU glue is tail calls. */

struct fw_hart;

/*
 * One function per SBI extension (sbi_*.c), all with the ecall's
 * registers in order, the function id next and the calling hart last, so
 * that routing an ecall to one is a tail call that moves nothing but the
 * hart (computed once, into a7's place). The parameter list is one macro,
 * the names plain C (`struct rvpmu_ret sbi_NAME_ecall(SBI_HANDLER_ARGS)`),
 * so that grep and ctags find each handler's definition.
 */
#define SBI_HANDLER_ARGS unsigned long a0, unsigned long a1, unsigned long a2, \
	unsigned long a3, unsigned long a4, unsigned long a5, unsigned long fid, \
	struct fw_hart *h __attribute__((unused))
/**
 * sbi_base_ecall() - the base extension (EID 0x10)
 * @SBI_HANDLER_ARGS: a0 the extension id PROBE_EXT asks about; @fid the
 *	function; a1..a5 unused; @h the calling hart
 *
 * GET_SPEC_VERSION answers SBI 3.0 (every extension offered meets its 3.0
 * definition), GET_IMPL_ID and GET_IMPL_VERSION this firmware's
 * (FW_SBI_IMPL_ID, FW_SBI_IMPL_VERSION), PROBE_EXT whether S-mode may call
 * extension a0 (sbi_extension_present(); for the sampler's EID the
 * version it offers, RVPMU_SAMPLER_SPEC_VERSION), GET_MVENDORID,
 * GET_MARCHID and GET_MIMPID the hart's CSRs. entry.S calls it itself
 * (every client probes), with the hart in a7's place.
 *
 * Context: The calling hart (@h), in M-mode on its own M-mode stack, from
 *          entry.S's ecall path (M-mode interrupts off).
 * Return: { SBI_SUCCESS, the answer }, or SBI_ERR_NOT_SUPPORTED for any
 *         other FID.
 */
struct rvpmu_ret sbi_base_ecall(SBI_HANDLER_ARGS);
/**
 * sbi_time_ecall() - the timer extension: set_timer (FID 0)
 * @SBI_HANDLER_ARGS: a0 the deadline in mtime ticks (RV32: its low half,
 *	a1 the high half); @fid the function; the others unused; @h the
 *	calling hart
 *
 * With Sstc the deadline goes to stimecmp; else to this hart's mtimecmp,
 * shared with the sampler (fw_timer_set_smode(), which also clears a
 * pending S-mode timer interrupt). Counts the SET_TIMER firmware event
 * after the deadline is set. entry.S calls it from the trap vector itself,
 * so it checks for its timer (plat.has_timer); the legacy set_timer comes
 * here too (sbi_legacy_ecall()).
 *
 * Context: The calling hart (@h), in M-mode on its own M-mode stack, from
 *          entry.S's ecall path (M-mode interrupts off).
 * Return: { SBI_SUCCESS, 0 }; SBI_ERR_NOT_SUPPORTED for another FID, or
 *         where there is neither Sstc nor a timer device.
 */
struct rvpmu_ret sbi_time_ecall(SBI_HANDLER_ARGS);
/**
 * sbi_ipi_ecall() - the IPI extension: send_ipi (FID 0)
 * @SBI_HANDLER_ARGS: a0 hart_mask, a1 hart_mask_base (struct fw_hartset);
 *	@fid the function; the others unused; @h the calling hart
 *
 * Each hart of the set that runs S-mode (started or suspended:
 * fw_hart_reachable(); a stopped one is skipped) gets a supervisor
 * software interrupt: this hart at once (SSIP), another through its count
 * of IPIs waiting (struct fw_hart ipis) and its MSIP. Counts IPI_SENT
 * for each, IPI_RECEIVED for this hart (the others count their own when
 * they take it). Offered with an IPI device only (fw_ecall(),
 * NEED_IPI); the legacy send_ipi comes here too.
 *
 * Context: The calling hart (@h), in M-mode on its own M-mode stack, in
 *          its ecall (routed by fw_ecall(); M-mode interrupts off).
 * Return: SBI_SUCCESS; SBI_ERR_INVALID_PARAM (nothing sent) when a hartid
 *         of the set is not a hart of the platform; SBI_ERR_NOT_SUPPORTED
 *         for another FID.
 */
struct rvpmu_ret sbi_ipi_ecall(SBI_HANDLER_ARGS);
/**
 * sbi_rfence_ecall() - the RFENCE extension: remote fences
 * @SBI_HANDLER_ARGS: a0 hart_mask, a1 hart_mask_base; a2 start_addr, a3
 *	size; a4 the ASID or VMID (the *_ASID and *_VMID FIDs); @fid the
 *	fence; a5 unused; @h the calling hart
 *
 * Remote fence.i, sfence.vma, sfence.vma.asid, and with H hfence.gvma(.vmid)
 * and hfence.vvma(.asid) (a guest fence is always of the whole guest
 * space, which is never wrong). An sfence of 0/0, of size -1, of more
 * than 64 * 4096 bytes, or of a range that wraps fences everything; one
 * of size 0 at another start fences nothing. A set of this hart alone is
 * fenced here; any other set through fw_remote_call(), which returns once
 * every hart of the set that runs S-mode has fenced. Counts the fence's
 * SENT event per hart fenced, each target its RECEIVED. Offered with an
 * IPI device only (NEED_IPI); the legacy remote fences come here too.
 *
 * Context: The calling hart (@h), in M-mode on its own M-mode stack, in
 *          its ecall (routed by fw_ecall(); M-mode interrupts off).
 * Return: SBI_SUCCESS; SBI_ERR_INVALID_PARAM (nothing fenced) when a
 *         hartid of the set is not a hart of the platform;
 *         SBI_ERR_NOT_SUPPORTED for another FID, or an hfence without H.
 */
struct rvpmu_ret sbi_rfence_ecall(SBI_HANDLER_ARGS);
/**
 * sbi_hsm_ecall() - the HSM extension: hart start, stop, status, suspend
 * @SBI_HANDLER_ARGS: HART_START: a0 hartid, a1 start_addr, a2 opaque;
 *	HART_GET_STATUS: a0 hartid; HART_SUSPEND: a0 suspend_type (32 bits),
 *	a1 resume_addr, a2 opaque; @fid the function; @h the calling hart
 *
 * HART_START claims a stopped hart (STOP_PENDING, reported as
 * START_PENDING), tells it where to go and IPIs it: it leaves
 * fw_hsm_park() for S-mode at start_addr with a0 its hartid, a1 opaque.
 * HART_STOP stops the calling hart (fw_hart_stop()) and does not return.
 * HART_GET_STATUS answers a hart's state. HART_SUSPEND, retentive (0) or
 * non-retentive (0x80000000), waits serving the hart's mailbox and timer
 * until an interrupt S-mode enabled is pending; the sampler pauses this
 * hart's part of a run over a retentive suspend, and a non-retentive one
 * leaves the run and resumes in S-mode at resume_addr (a0 hartid, a1
 * opaque).
 *
 * Context: The calling hart (@h), in M-mode on its own M-mode stack, in
 *          its ecall (routed by fw_ecall(); M-mode interrupts off).
 * Return: SBI_SUCCESS (a retentive suspend: once woken), or the state for
 *         HART_GET_STATUS; SBI_ERR_INVALID_PARAM for a hartid that is not a
 *         hart of the platform, or a suspend type other than the two;
 *         SBI_ERR_INVALID_ADDRESS for a start or resume address that is not
 *         S-mode RAM; SBI_ERR_ALREADY_AVAILABLE when the hart to start is
 *         not stopped; SBI_ERR_FAILED when the hart to stop is not
 *         started; SBI_ERR_NOT_SUPPORTED for another FID.
 */
struct rvpmu_ret sbi_hsm_ecall(SBI_HANDLER_ARGS);
/**
 * sbi_srst_ecall() - the system reset extension (FID 0), through sifive,test
 * @SBI_HANDLER_ARGS: a0 reset_type, a1 reset_reason (each 32 bits: the
 *	registers' upper bits are ignored); @fid the function; the others
 *	unused; @h the calling hart
 *
 * A sampler run ends first as by RESET (no hart writes into memory the
 * next boot may own, no counter stays held: fw_sampler_reset()), the
 * M-mode stacks' depth is printed, then the test device is written: a
 * shutdown with no reason powers off, one for a failure (any other
 * reason) makes QEMU exit non-zero; a cold or warm reboot reboots. Does
 * not return then. The legacy shutdown comes here too.
 *
 * Context: The calling hart (@h), in M-mode on its own M-mode stack, in
 *          its ecall (routed by fw_ecall(); M-mode interrupts off).
 * Return: only on an error: SBI_ERR_INVALID_PARAM for a reserved or vendor
 *         type (none is implemented) or a reserved reason (implementation
 *         and vendor reasons are accepted); SBI_ERR_NOT_SUPPORTED without a
 *         test device, or for another FID.
 */
struct rvpmu_ret sbi_srst_ecall(SBI_HANDLER_ARGS);
/**
 * sbi_dbcn_ecall() - the debug console extension
 * @SBI_HANDLER_ARGS: WRITE and READ: a0 num_bytes, a1 base_addr_lo, a2
 *	base_addr_hi; WRITE_BYTE: a0's low byte; @fid the function; the
 *	others unused; @h the calling hart
 *
 * WRITE sends S-mode's bytes to the console as they are (fw_puts_raw()),
 * READ copies into S-mode memory what the UART has waiting, without
 * waiting for more, WRITE_BYTE sends one byte. The range is checked
 * against S-mode RAM first (on RV64 a nonzero base_addr_hi is out of it);
 * num_bytes 0 does nothing.
 *
 * Context: The calling hart (@h), in M-mode on its own M-mode stack, in
 *          its ecall (routed by fw_ecall(); M-mode interrupts off).
 * Return: { SBI_SUCCESS, bytes written (num_bytes) or read }, { SBI_SUCCESS,
 *         0 } for WRITE_BYTE; SBI_ERR_INVALID_PARAM when the range is not
 *         S-mode RAM; SBI_ERR_NOT_SUPPORTED for another FID.
 */
struct rvpmu_ret sbi_dbcn_ecall(SBI_HANDLER_ARGS);
/**
 * sbi_sampler_ecall() - the sampler extension (docs/sbi-sampler.md)
 * @SBI_HANDLER_ARGS: GET_INFO and STATUS: a0, a1 out_phys lo/hi, a2
 *	out_size; CONFIGURE: a0, a1 cfg_phys lo/hi, a2 hart_mask, a3
 *	hart_mask_base, a4 flags (32 bits); BUFFER_RELEASE: a0 the buffer;
 *	@fid the function; @h the calling hart
 *
 * The ecall glue: it unpacks registers for the engine (sampler/). Every
 * call runs alone under the sampler's lock; a hart waiting for it serves
 * its mailbox and its own timer meanwhile (the holder may wait for this
 * hart's START or STOP step). START and STOP run their per-hart steps on
 * every hart through fw_remote_call(); STOP returns once the run is DONE
 * (no hart writes after it); RESET stops as STOP does, then forgets the
 * configuration. Offered with a timer device and an IPI device only
 * (NEED_SAMPLER).
 *
 * Context: The calling hart (@h), in M-mode on its own M-mode stack, in
 *          its ecall (routed by fw_ecall(); M-mode interrupts off).
 * Return: GET_INFO's and STATUS's answer, or for the other FIDs
 *         SBI_SUCCESS or the engine's error as docs/sbi-sampler.md section
 *         7 lists them: SBI_ERR_INVALID_PARAM, SBI_ERR_INVALID_ADDRESS,
 *         SBI_ERR_NOT_SUPPORTED, SBI_ERR_ALREADY_STARTED,
 *         SBI_ERR_ALREADY_STOPPED, SBI_ERR_INVALID_STATE, SBI_ERR_DENIED
 *         (START: a joining hart could not get its counters; every hart's
 *         step undone); RESET never fails; SBI_ERR_NOT_SUPPORTED for an
 *         unknown FID.
 */
struct rvpmu_ret sbi_sampler_ecall(SBI_HANDLER_ARGS);
/**
 * sbi_fwft_ecall() - the firmware features extension (FWFT, SBI 3.0)
 * @SBI_HANDLER_ARGS: a0 the feature (32 bits: the register's upper bits
 *	ignored); SET: a1 value, a2 flags; @fid SET or GET; the others
 *	unused; @h the calling hart
 *
 * SET and GET one of the six features the spec defines, all local to the
 * calling hart: each is a field of its medeleg or menvcfg (sbi_fwft.c).
 * SET with the LOCK flag locks the feature until the hart's next set-up
 * or stop. Errors come in this order, state untouched by any.
 *
 * Context: The calling hart (@h), in M-mode on its own M-mode stack, in
 *          its ecall (routed by fw_ecall(); M-mode interrupts off).
 * Return: SBI_SUCCESS (GET: with the feature's value); SBI_ERR_DENIED for
 *         a reserved or platform-specific feature (none is implemented);
 *         SBI_ERR_NOT_SUPPORTED for a defined feature this hart lacks, or
 *         another FID; SBI_ERR_INVALID_PARAM (SET) for flags other than
 *         LOCK or a value the feature does not take; SBI_ERR_DENIED_LOCKED
 *         (SET) for a locked feature, even with the value it has.
 */
struct rvpmu_ret sbi_fwft_ecall(SBI_HANDLER_ARGS);
/**
 * sbi_sse_ecall() - supervisor software events (SSE, SBI 3.0)
 * @SBI_HANDLER_ARGS: a0 the event id (32 bits) but for COMPLETE and the
 *	mask calls; READ/WRITE_ATTRS: a1 the first attribute, a2 the count,
 *	a3, a4 the buffer's address lo/hi; REGISTER: a1 entry pc, a2 entry
 *	arg; INJECT: a1 the hartid; COMPLETE: a0, a1 the interrupted context's
 *	a0/a1; @fid the function; @h the calling hart
 *
 * The events offered: LOCAL_PMU_OVERFLOW (with Sscofpmf), LOCAL_SOFTWARE
 * and GLOBAL_SOFTWARE (sbi_sse.c). Each call runs under the events' lock.
 * After a call that succeeded, or COMPLETE, the most urgent event that may
 * run here now is delivered, as if it had interrupted the instruction
 * after the ecall; COMPLETE resumes what the innermost running event
 * interrupted, with a0/a1 as its handler left them.
 *
 * Context: The calling hart (@h), in M-mode on its own M-mode stack, in
 *          its ecall (routed by fw_ecall(); M-mode interrupts off).
 * Return: SBI_SUCCESS (COMPLETE: the interrupted context's a0/a1);
 *         SBI_ERR_NOT_SUPPORTED for a standard event not offered (RAS,
 *         double trap; the PMU overflow without Sscofpmf) or another FID;
 *         SBI_ERR_INVALID_PARAM for a reserved or platform-specific event
 *         id, an attribute count of 0, an attribute value out of range, an
 *         odd entry pc or a bad hartid to INJECT; SBI_ERR_BAD_RANGE for
 *         attributes past the last; SBI_ERR_INVALID_ADDRESS for a buffer
 *         not aligned or not S-mode RAM; SBI_ERR_DENIED for a read-only
 *         attribute, or PREFERRED_HART of a local event;
 *         SBI_ERR_INVALID_STATE for a call the event's state does not
 *         allow; SBI_ERR_FAILED to INJECT an unregistered event (on either
 *         hart) or, without an IPI device, to another hart;
 *         SBI_ERR_ALREADY_STARTED / SBI_ERR_ALREADY_STOPPED to unmask /
 *         mask a hart already so.
 */
struct rvpmu_ret sbi_sse_ecall(SBI_HANDLER_ARGS);
/**
 * sbi_dbtr_ecall() - the debug triggers extension (DBTR, SBI 3.0)
 * @SBI_HANDLER_ARGS: a0..a2 the function's parameters (num_triggers:
 *	trig_tdata1; set_shmem: lo, hi, flags; read: trig_idx_base,
 *	trig_count; install, update: trig_count; uninstall, enable,
 *	disable: trig_idx_base, trig_idx_mask); fid the function
 *
 * The calling hart's Sdtrig triggers on S-mode's behalf (sbi_dbtr.c says
 * how: trig_idx is the hardware index, configurations that would reach
 * M-mode or debug mode refused, every request checked whole first).
 *
 * Context: The calling hart, in its ecall; its own triggers and state.
 * Return: SBI_SUCCESS; INVALID_PARAM (flags, alignment, a bad tdata1, an
 *         index past trig_max or not installed, a chain left open);
 *         INVALID_ADDRESS (shared memory S-mode may not share); NO_SHMEM;
 *         BAD_RANGE (a range past trig_max); FAILED (no free trigger
 *         takes a configuration, or an update of one not installed);
 *         NOT_SUPPORTED (a bit the hardware lacks, an unknown fid).
 *         value: num_triggers' count, install's and update's failing
 *         entry, else 0.
 */
struct rvpmu_ret sbi_dbtr_ecall(SBI_HANDLER_ARGS);
/* a build that lies to the sampler's client, for tests only (lie.h) */
#ifdef RVPMU_LIE
/**
 * sbi_sampler_lie_ecall() - the sampler extension, lying (a test build)
 * @SBI_HANDLER_ARGS: as sbi_sampler_ecall()
 *
 * As sbi_sampler_ecall(), but for the lies lie.h lists: every second STOP
 * of a running run answers SUCCESS at once and the run ends FW_LIE_STOP_US
 * later; after the third such STOP the next RESET of a running run does
 * the same; every seventh STATUS answers SBI_ERR_FAILED. Logs the run's
 * writes and each lie on QEMU's semihosting console. Built only with
 * RVPMU_LIE (build/rvpmu-fw-lie-rv64.elf), where FW_SAMPLER_ECALL routes
 * the sampler's EID here.
 *
 * Context: The calling hart (@h), in M-mode on its own M-mode stack, in
 *          its ecall (routed by fw_ecall(); M-mode interrupts off).
 * Return: sbi_sampler_ecall()'s answer; SBI_SUCCESS for a lying STOP or
 *         RESET; SBI_ERR_FAILED for every seventh STATUS.
 */
struct rvpmu_ret sbi_sampler_lie_ecall(SBI_HANDLER_ARGS);
#define FW_SAMPLER_ECALL sbi_sampler_lie_ecall
#else
#define FW_SAMPLER_ECALL sbi_sampler_ecall
#endif

/**
 * fw_ecall() - route an ecall entry.S does not route itself
 * @a0: the ecall's a0
 * @a1: its a1
 * @a2: its a2
 * @a3: its a3
 * @a4: its a4
 * @a5: its a5
 * @fid: its a6, the function id
 * @eid: its a7, the extension id
 * @h: the calling hart (entry.S passes it as the 9th argument, on the stack)
 *
 * ecall.c: every ecall but the PMU's, the base extension's and TIME's
 * (entry.S routes those itself), by extension id: to the handler of
 * FW_EXT_BY_ECALL where the platform has what it needs (fw_need_met()),
 * every legacy (v0.1) id 0x00..0x0F to sbi_legacy_ecall().
 *
 * Context: The calling hart (@h), in M-mode on its own M-mode stack, from
 *          entry.S's ecall path (M-mode interrupts off).
 * Return: the handler's answer; SBI_ERR_NOT_SUPPORTED for an extension not
 *         offered, or whose need the platform does not meet.
 */
struct rvpmu_ret fw_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
		       unsigned long a3, unsigned long a4, unsigned long a5,
		       unsigned long fid, unsigned long eid, struct fw_hart *h);
/**
 * sbi_legacy_ecall() - a legacy (v0.1) call, 0x00..0x0F
 * @a0: the call's argument: the deadline (RV32: its low half), the byte to
 *	put, or the hart-mask pointer
 * @a1: the deadline's high half (RV32 set_timer), or a remote fence's start
 * @a2: a remote fence's size
 * @a3: a remote sfence.vma.asid's ASID
 * @eid: the legacy extension id (0x00..0x0F)
 * @h: the calling hart
 *
 * sbi_legacy.c: any legacy (v0.1) id 0x00..0x0F, on the calling hart:
 * set_timer, putchar, getchar, clear_ipi, send_ipi, remote fence.i /
 * sfence.vma / sfence.vma.asid, shutdown, each where sbi_extension_present
 * offers it; the others NOT_SUPPORTED. Each that has a v0.2 equal is that
 * call's handler with the arguments moved into its places. A hart-mask
 * pointer that is not NULL (NULL: every hart), aligned and in S-mode RAM
 * gets INVALID_ADDRESS (NOT_SUPPORTED when S-mode translates addresses); a
 * bad hartid INVALID_PARAM.
 *
 * Context: The calling hart (@h), in M-mode on its own M-mode stack, in
 *          its ecall (routed by fw_ecall(); M-mode interrupts off).
 * Return: the error is the result (a0): 0 on success, getchar's byte or
 *         -1, or one of the errors above (shutdown returns only with
 *         SBI_ERR_NOT_SUPPORTED, without a test device); the value is
 *         always @a1 unchanged.
 */
struct rvpmu_ret sbi_legacy_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
			       unsigned long a3, unsigned long eid, struct fw_hart *h);
/**
 * sbi_extension_present() - may S-mode call extension eid?
 * @eid: an extension id, legacy ones included
 *
 * ext.c, from the one table here: the base extension's probe, and the
 * legacy calls' own check.
 *
 * Context: Any hart, in M-mode, in an ecall; reads plat only.
 * Return: true if this firmware offers @eid and the platform has what it
 *         needs (fw_need_met()), else false.
 */
bool sbi_extension_present(unsigned long eid);

#define FW_LEGACY_EID_LAST	0x0F	/* v0.1 extension ids are 0x00..0x0F */

/* What an extension needs from the platform (the DT may lack it:
   clint.c says so at boot). */
enum fw_need { NEED_NOTHING, NEED_TIMER, NEED_IPI, NEED_SAMPLER, NEED_DBTR };

/*
 * The extensions this firmware offers: the one list that both
 * probe_extension (sbi_extension_present) and the dispatch (fw_ecall) are
 * written from, X(eid, handler, need). Three parts because they are
 * routed three ways: entry.S calls the base, TIME and PMU handlers itself
 * (the hot ones; PMU calls go straight to the core by FID, sbi_pmu.c, and
 * sbi_time_ecall checks for its timer itself), fw_ecall the rest, and
 * every v0.1 id goes to sbi_legacy_ecall, each offered where its v0.2
 * equal is.
 */
#define FW_EXT_BY_ENTRY(X) \
	X(SBI_EXT_BASE, sbi_base_ecall, NEED_NOTHING) \
	X(SBI_EXT_TIME, sbi_time_ecall, NEED_TIMER) \
	X(SBI_EXT_PMU, fw_pmu_fids, NEED_NOTHING)
#define FW_EXT_BY_ECALL(X) \
	X(SBI_EXT_IPI, sbi_ipi_ecall, NEED_IPI) \
	X(SBI_EXT_RFENCE, sbi_rfence_ecall, NEED_IPI) \
	X(SBI_EXT_HSM, sbi_hsm_ecall, NEED_NOTHING) \
	X(SBI_EXT_SRST, sbi_srst_ecall, NEED_NOTHING) \
	X(SBI_EXT_DBCN, sbi_dbcn_ecall, NEED_NOTHING) \
	X(SBI_EXT_FWFT, sbi_fwft_ecall, NEED_NOTHING) \
	X(SBI_EXT_SSE, sbi_sse_ecall, NEED_NOTHING) \
	X(SBI_EXT_DBTR, sbi_dbtr_ecall, NEED_DBTR) \
	X(RVPMU_SAMPLER_EID, FW_SAMPLER_ECALL, NEED_SAMPLER)
#define FW_EXT_LEGACY(X)	/* X(eid, need): all go to sbi_legacy_ecall */ \
	X(SBI_EXT_LEGACY_SET_TIMER, NEED_TIMER) \
	X(SBI_EXT_LEGACY_PUTCHAR, NEED_NOTHING) \
	X(SBI_EXT_LEGACY_GETCHAR, NEED_NOTHING) \
	X(SBI_EXT_LEGACY_CLEAR_IPI, NEED_IPI) \
	X(SBI_EXT_LEGACY_SEND_IPI, NEED_IPI) \
	X(SBI_EXT_LEGACY_REMOTE_FENCE_I, NEED_IPI) \
	X(SBI_EXT_LEGACY_REMOTE_SFENCE_VMA, NEED_IPI) \
	X(SBI_EXT_LEGACY_REMOTE_SFENCE_VMA_ASID, NEED_IPI) \
	X(SBI_EXT_LEGACY_SHUTDOWN, NEED_NOTHING)

/**
 * fw_need_met() - has the platform what an extension needs?
 * @need: what it needs (enum fw_need)
 *
 * TIME needs Sstc or a timer device, IPI and RFENCE an IPI device, the
 * sampler both (it switches on mtimecmp, starts by IPI). Inline, and
 * called with a constant: in fw_ecall it folds to a flag test or nothing
 * (a call would cost every ecall through here a stack frame).
 *
 * Context: Any hart, once boot has filled plat (read-only by then).
 * Return: true if the platform meets @need, else false.
 */
static inline bool fw_need_met(enum fw_need need)
{
	switch (need) {
	case NEED_TIMER:
		return plat.has_timer;
	case NEED_IPI:
		return plat.has_ipi;
	case NEED_SAMPLER:
		return plat.has_mtimer && plat.has_ipi;
	case NEED_DBTR:
		return plat.dbtr;
	case NEED_NOTHING:
		break;
	}
	return true;
}

#endif
