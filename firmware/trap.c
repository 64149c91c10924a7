/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Traps other than ecalls: M-mode interrupts (IPIs, the timer without
 * Sstc) and the exceptions medeleg keeps here so they can be counted as
 * firmware events, then handed to S-mode as if delegated.
 */
#include "csr.h"
#include "fw.h"

void fw_timer_interrupt(void)
{
	csr_clear(CSR_MIE, MIP_MTIP);
	csr_set(CSR_MIP, MIP_STIP);
	this_hart()->timer_armed = false;
}

/* Deliver an exception to S-mode's handler, as delegation would have. */
static void redirect(unsigned long cause, unsigned long tval)
{
	unsigned long ms = csr_read(CSR_MSTATUS), stvec = csr_read(CSR_STVEC);

	if (!stvec)
		fw_halt("S-mode took an exception with no stvec set");
	csr_write(CSR_SCAUSE, cause);
	csr_write(CSR_STVAL, tval);
	csr_write(CSR_SEPC, csr_read(CSR_MEPC));
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

void fw_trap(struct fw_frame *f)
{
	struct fw_hart *h = this_hart();
	unsigned long cause = csr_read(CSR_MCAUSE);
	unsigned int event;

	(void)f;
	h->m_traps++;
	if ((long)cause < 0) {
		switch (cause & 0xff) {
		case IRQ_M_SOFT:
			fw_process_mailbox(h);
			return;
		case IRQ_M_TIMER:
			fw_timer_interrupt();
			return;
		}
		fw_printf("rvpmu: unexpected interrupt %lu\n", cause & 0xff);
		fw_halt("unexpected M-mode interrupt");
	}
	if ((csr_read(CSR_MSTATUS) & MSTATUS_MPP) == MSTATUS_MPP) {
		fw_printf("rvpmu: M-mode trap: cause %lu at 0x%lx, tval 0x%lx\n", cause,
			  csr_read(CSR_MEPC), csr_read(CSR_MTVAL));
		fw_halt("firmware fault");
	}
	switch (cause) {
	case CAUSE_ILLEGAL_INSN:	event = SBI_PMU_FW_ILLEGAL_INSN; break;
	case CAUSE_MISALIGNED_LOAD:	event = SBI_PMU_FW_MISALIGNED_LOAD; break;
	case CAUSE_MISALIGNED_STORE:	event = SBI_PMU_FW_MISALIGNED_STORE; break;
	case CAUSE_LOAD_ACCESS:		event = SBI_PMU_FW_ACCESS_LOAD; break;
	case CAUSE_STORE_ACCESS:	event = SBI_PMU_FW_ACCESS_STORE; break;
	default:
		fw_printf("rvpmu: unexpected exception %lu at 0x%lx\n", cause,
			  csr_read(CSR_MEPC));
		fw_halt("unexpected exception");
	}
	rvpmu_fw_event(&h->pmu, event);
	redirect(cause, csr_read(CSR_MTVAL));
}
