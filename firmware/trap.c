/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Traps other than ecalls: M-mode interrupts (IPIs, the timer without
 * Sstc) and the exceptions medeleg keeps here so they can be counted as
 * firmware events, then handed to S-mode as if delegated; misaligned
 * loads and stores are emulated first (trap_misalign.c).
 */
#include "console.h"
#include "csr.h"
#include "harts.h"
#include "ipi.h"
#include "platform.h"
#include "topology.h"
#include "trap.h"

/*
 * With H, a trap delegated to HS-mode also records whether it came from a
 * guest (hstatus.SPV, SPVP), whether stval is a guest virtual address
 * (GVA), and htval/htinst; then execution continues in HS-mode (V=0).
 */
static unsigned long redirect_h(unsigned long ms)
{
#if __riscv_xlen == 64
	unsigned long hi = ms >> 32;
#else
	unsigned long hi = csr_read(CSR_MSTATUSH);
#endif
	unsigned long v = hi >> (MSTATUS_MPV_BIT - 32) & 1;
	unsigned long hs = csr_read(CSR_HSTATUS) & ~(HSTATUS_SPV | HSTATUS_GVA);

	if (hi >> (MSTATUS_GVA_BIT - 32) & 1)
		hs |= HSTATUS_GVA;
	if (v) {
		hs |= HSTATUS_SPV;
		if ((ms & MSTATUS_MPP) == MSTATUS_MPP_S)
			hs |= HSTATUS_SPVP;
		else
			hs &= ~HSTATUS_SPVP;
	}
	csr_write(CSR_HSTATUS, hs);
	csr_write(CSR_HTVAL, csr_read(CSR_MTVAL2));
	csr_write(CSR_HTINST, csr_read(CSR_MTINST));
	/* mret lands in HS-mode: the caller writes mstatus back */
#if __riscv_xlen == 64
	ms &= ~(1ul << MSTATUS_MPV_BIT);
#else
	csr_clear(CSR_MSTATUSH, 1ul << (MSTATUS_MPV_BIT - 32));
#endif
	return ms;
}

/*
 * S-mode on this hart cannot go on: say which hart, why, the cause and
 * the pc, and stop this hart alone; HSM then reports it stopped, so
 * another hart may start it again. Only when no other hart runs or can be
 * started into running is the machine halted (nothing could ever act).
 */
static void __attribute__((noreturn)) confine(struct fw_hart *h, unsigned long cause,
					      const char *why)
{
	unsigned int p;

	fw_printf("rvpmu: hart %lu stopped: %s (cause %lu, pc 0x%lx, tval 0x%lx)\n",
		  h->hartid, why, cause, csr_read(CSR_MEPC), csr_read(CSR_MTVAL));
	for (p = 0; p < plat.nr_harts; p++)
		if (fw_hart_at(p) != h &&
		    __atomic_load_n(&fw_hart_at(p)->hsm, __ATOMIC_ACQUIRE) != HSM_STOPPED)
			fw_hart_stop(h);
	fw_halt("no hart left running");
}

/* Deliver an exception to S-mode's handler, as delegation would have. */
static void redirect(struct fw_hart *h, unsigned long cause, unsigned long tval)
{
	unsigned long ms = csr_read(CSR_MSTATUS), stvec = csr_read(CSR_STVEC);

	/* right after hart_start stvec is 0: S-mode has no handler yet; and a
	   handler that faults on its own entry would be re-entered forever */
	if (!stvec)
		confine(h, cause, "S-mode exception with no stvec set");
	if (csr_read(CSR_MEPC) == (stvec & ~3ul))
		confine(h, cause, "S-mode's trap handler faults at its entry");
	csr_write(CSR_SCAUSE, cause);
	csr_write(CSR_STVAL, tval);
	csr_write(CSR_SEPC, csr_read(CSR_MEPC));
	if (plat.hyp)
		ms = redirect_h(ms);
	if ((ms & MSTATUS_MPP) == MSTATUS_MPP_S)
		ms |= MSTATUS_SPP;
	else
		ms &= ~MSTATUS_SPP;
	if (ms & MSTATUS_SIE)
		ms |= MSTATUS_SPIE;
	else
		ms &= ~MSTATUS_SPIE;
	ms &= ~(MSTATUS_SIE | MSTATUS_MPP);
	ms |= MSTATUS_MPP_S;
	csr_write(CSR_MSTATUS, ms);
	csr_write(CSR_MEPC, stvec & ~3ul);
}

/*
 * From entry.S: a trap taken in M-mode, inside a firmware handler (no
 * handler expects one), with the handler's ra and where the vector put its
 * frame. When the vector itself faulted (its pc in the vector: it was
 * saving to S-mode's stack, which mscratch holds inside a handler), the
 * handler's own trap is lost; say so rather than blame the vector.
 */
void fw_nested_trap(unsigned long ra, unsigned long frame)
{
	extern const char fw_trap_vector[], fw_trap_vector_end[];
	unsigned long pc = csr_read(CSR_MEPC), cause = csr_read(CSR_MCAUSE);

	if (pc >= (unsigned long)fw_trap_vector && pc < (unsigned long)fw_trap_vector_end)
		fw_printf("rvpmu: hart %lu: trap in a firmware handler (ra 0x%lx); its cause "
			  "and pc are lost: the trap vector, given S-mode's stack, faulted "
			  "in turn (cause %lu at 0x%lx, tval 0x%lx)\n", csr_read(CSR_MHARTID),
			  ra, cause, pc, csr_read(CSR_MTVAL));
	else
		fw_printf("rvpmu: hart %lu: trap in a firmware handler: cause %lu at 0x%lx, "
			  "tval 0x%lx, ra 0x%lx (frame at 0x%lx)\n", csr_read(CSR_MHARTID), cause,
			  pc, csr_read(CSR_MTVAL), ra, frame);
	fw_halt("firmware fault");
}

void fw_trap(struct fw_frame *f, struct fw_frame_ext *x)
{
	struct fw_hart *h = this_hart();
	unsigned long cause = csr_read(CSR_MCAUSE), tval;
	unsigned int event;

	fw_count64(&h->m_traps);
	if ((long)cause < 0) {
		switch (cause & 0xff) {
		case IRQ_M_EXT:	/* IPIs through the M-level IMSIC (ipi.c) */
			if (!plat.ipi_imsic)
				break;
			/* fall through */
		case IRQ_M_SOFT:
			fw_process_mailbox(h);
			/* another hart's SSE injection comes this way */
			fw_sse_trap_exit(h, f, IRQ_M_SOFT);
			return;
		case IRQ_LCOF:	/* SSE holds it (sbi_sse.c) */
			fw_sse_trap_exit(h, f, IRQ_LCOF);
			return;
		}
		fw_printf("rvpmu: unexpected interrupt %lu\n", cause & 0xff);
		fw_halt("unexpected M-mode interrupt");
	}
	switch (cause) {
	case CAUSE_ILLEGAL_INSN:	event = SBI_PMU_FW_ILLEGAL_INSN; break;
	case CAUSE_MISALIGNED_LOAD:	event = SBI_PMU_FW_MISALIGNED_LOAD; break;
	case CAUSE_MISALIGNED_STORE:	event = SBI_PMU_FW_MISALIGNED_STORE; break;
	case CAUSE_LOAD_ACCESS:		event = SBI_PMU_FW_ACCESS_LOAD; break;
	case CAUSE_STORE_ACCESS:	event = SBI_PMU_FW_ACCESS_STORE; break;
	case CAUSE_FETCH_ACCESS:
		/* kept here only to catch a jump to stvec 0; no event */
		redirect(h, cause, csr_read(CSR_MTVAL));
		return;
	default:
		confine(h, cause, "unexpected exception from S-mode");
	}
	rvpmu_fw_event(&h->pmu, event);
	tval = csr_read(CSR_MTVAL);
	/* entry.S saves every register (x) for misaligned loads and stores */
	if (x && fw_misaligned(f, x, &cause, &tval))
		return;
	redirect(h, cause, tval);
}
