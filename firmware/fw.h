/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/fw.h - the rvpmu M-mode firmware's shared definitions.
 *
 * Hart context: each hart runs on its own 16 KiB stack, at whose top sits
 * its struct fw_hart; this_hart() finds it from sp, so the trap path needs
 * no scratch register beyond mscratch (which holds that top while the hart
 * is in S-mode). struct fw_platform is written by the boot hart before any
 * other hart leaves the entry spin, and read-only afterwards.
 */
#ifndef FW_H
#define FW_H

#include <stdbool.h>
#include <stdint.h>

#include "core/pmu.h"
#include "dt/pmu_dt.h"
#include "rvpmu/sbi.h"

#define FW_MAX_HARTS	8
#define FW_STACK_SHIFT	14
#define FW_STACK_SIZE	(1ul << FW_STACK_SHIFT)
#define FW_MAX_MEM	4

/* Our SBI implementation id: not registered with RISC-V International;
   "rvpm" in ASCII, far from the small registered numbers. */
#define FW_SBI_IMPL_ID		0x7276706dul
#define FW_SBI_IMPL_VERSION	0x00010000ul	/* 1.0 */

/* Implementation-specific firmware events (SBI_PMU_FW codes 256..) */
#define FW_EVENT_SBI_CALLS	256	/* ecalls handled on this hart */
#define FW_EVENT_M_TRAPS	257	/* every trap into M-mode on this hart */

enum fw_hsm_state {
	HSM_STARTED = 0, HSM_STOPPED = 1, HSM_START_PENDING = 2,
	HSM_STOP_PENDING = 3, HSM_SUSPENDED = 4, HSM_SUSPEND_PENDING = 5,
	HSM_RESUME_PENDING = 6,
};

/* An SBI call's result: the core's type, so the PMU glue is tail calls. */
#define sbiret rvpmu_ret	/* struct sbiret is struct rvpmu_ret */

/* A remote request one hart posts in another's mailbox. */
enum fw_req_type {
	REQ_FENCE_I = 1, REQ_SFENCE_VMA, REQ_SFENCE_VMA_ASID,
	REQ_HFENCE_GVMA, REQ_HFENCE_GVMA_VMID, REQ_HFENCE_VVMA,
	REQ_HFENCE_VVMA_ASID,
};

struct fw_req {
	unsigned long type, start, size, id;
};

struct __attribute__((aligned(16))) fw_hart {
	uint64_t sbi_calls;			/* first: entry.S counts every call */
	struct rvpmu_hart pmu;
	unsigned long hartid;
	volatile int hsm;			/* enum fw_hsm_state */
	unsigned long next_addr, next_arg;	/* for hart_start */
	volatile unsigned long ipis;		/* IPIs waiting to be taken */
	volatile unsigned long req_pending;	/* senders with a request */
	struct fw_req req[FW_MAX_HARTS];	/* one slot per sender */
	volatile unsigned long req_done[FW_MAX_HARTS];
	uint64_t m_traps;			/* implementation event */
};

struct fw_mem {
	uint64_t base, size;
};

struct fw_platform {
	const char *model;
	unsigned int nr_harts;
	bool hart_ok[FW_MAX_HARTS];		/* hartid is a usable hart */
	unsigned int nr_mem;
	struct fw_mem mem[FW_MAX_MEM];
	uint64_t fw_base, fw_size;		/* PMP-protected, power of 2 */
	uintptr_t uart, test_dev;
	/* msip[0]: the CLINT's, or the ACLINT MSWI's; 0 when the DT has
	   neither (then no IPIs: IPI and RFENCE are not offered) */
	uintptr_t clint;
	/* mtimecmp[0]: the CLINT's (+0x4000) or the ACLINT MTIMER's; 0 when
	   absent (then TIME needs Sstc) */
	uintptr_t mtimecmp;
	/* the M-mode timer and IPI registers, closed to S-mode by PMP */
	struct fw_mem m_regs[2];
	bool has_timer;				/* Sstc or mtimecmp: TIME offered */
	uint32_t test_off, poweroff_val, reboot_val;
	unsigned long timebase;
	bool sstc, sscofpmf, hyp;
	void *fdt;
	unsigned long fdt_room;			/* bytes the DT may grow to */
	struct rvpmu_map map;
	struct rvpmu_dt_result dt;
	struct rvpmu_config pmu;
};

extern struct fw_platform plat;

static inline struct fw_hart *this_hart(void)
{
	unsigned long sp;

	__asm__("mv %0, sp" : "=r"(sp));
	return (struct fw_hart *)(((sp >> FW_STACK_SHIFT) + 1) << FW_STACK_SHIFT) - 1;
}

/* The struct of hart `hartid` (any hart may look at any other's). */
struct fw_hart *fw_hart_of(unsigned long hartid);

/* hartid of a started... hart, valid for this platform? */
static inline bool fw_hart_valid(unsigned long hartid)
{
	return hartid < FW_MAX_HARTS && plat.hart_ok[hartid];
}

/* console.c */
void fw_putc(char c);
int fw_getc(void);			/* -1 when nothing is waiting */
void fw_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void fw_puts_raw(const char *s, unsigned long n);

/* platform.c */
int fw_platform_init(void *fdt);	/* 0, or a negative error */
void fw_dt_fixup(void);			/* what S-mode sees of the DT */
bool fw_smode_range(uint64_t pa, uint64_t size);	/* S-mode RAM? */
void fw_print_banner(void);

/* pmu_hw.c */
void fw_pmu_hart_init(struct fw_hart *h);
uint32_t fw_pmu_probe_hpm(void);	/* hpm counters on this hart */
extern const struct rvpmu_hw_ops fw_pmu_hw_ops;
extern const struct rvpmu_mem_ops fw_pmu_mem_ops;
extern const struct rvpmu_fw_ops fw_pmu_fw_ops;

/* ipi.c: cross-hart messages */
void fw_send_ipi(unsigned long hartid);		/* raise MSIP */
void fw_process_mailbox(struct fw_hart *h);	/* take IPIs, run requests */
/* post req to every hart of targets (bitmap of hartids), run it locally if
   this hart is one, count sent events, wait until all are done */
void fw_remote_request(unsigned long targets, const struct fw_req *req,
		       unsigned int sent_event);
/* Decode hart_mask / hart_mask_base: the hartids, or -1 when invalid. */
long fw_hart_mask(unsigned long mask, unsigned long base, unsigned long *targets);

/* trap.c */
struct fw_frame {
	unsigned long ra, t0, t1, t2, t3, t4, t5, t6;
	unsigned long a0, a1, a2, a3, a4, a5, a6, a7;
};
void fw_trap(struct fw_frame *f);
/* Every ecall but the PMU's (entry.S routes those itself). */
struct sbiret fw_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
		       unsigned long a3, unsigned long a4, unsigned long a5,
		       unsigned long fid, unsigned long eid, struct fw_hart *h);
void fw_timer_interrupt(void);

/* main.c / entry.S: leave M-mode for S-mode at addr with a0, a1; resets
   this hart's M-mode stack. Never returns. */
void fw_enter_smode(unsigned long addr, unsigned long a0, unsigned long a1)
	__attribute__((noreturn));
void fw_hsm_park(void) __attribute__((noreturn));
/* sbi_hsm.c: stop the calling hart (HSM_STOP, or a fault S-mode cannot
   take): its PMU back to the boot state, M-mode interrupts but MSIP off,
   state STOPPED, then park until HSM starts it again. Never returns. */
void fw_hart_stop(struct fw_hart *h) __attribute__((noreturn));
void fw_halt(const char *why) __attribute__((noreturn));

/*
 * One function per SBI extension (sbi_*.c), all with the ecall's
 * registers in order, the function id next and the calling hart last, so
 * that routing an ecall to one is a tail call that moves nothing but the
 * hart (computed once, into a7's place).
 */
#define SBI_HANDLER(name) struct sbiret name(unsigned long a0, unsigned long a1, \
	unsigned long a2, unsigned long a3, unsigned long a4, unsigned long a5, \
	unsigned long fid, struct fw_hart *h __attribute__((unused)))
SBI_HANDLER(sbi_base_ecall);
SBI_HANDLER(sbi_time_ecall);
SBI_HANDLER(sbi_ipi_ecall);
SBI_HANDLER(sbi_rfence_ecall);
SBI_HANDLER(sbi_hsm_ecall);
SBI_HANDLER(sbi_srst_ecall);
SBI_HANDLER(sbi_dbcn_ecall);
SBI_HANDLER(sbi_pmu_ecall);
/* Any legacy id 0x00..0x0F; returns a1 unchanged as the value. */
struct sbiret sbi_legacy_ecall(unsigned long eid, unsigned long a0, unsigned long a1);
bool sbi_extension_present(unsigned long eid);

#endif
