/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/fw.h - the rvpmu M-mode firmware's shared definitions.
 *
 * Hart context: each hart runs on its own M-mode stack, in its block of
 * the firmware's memory (layout.h), right below its struct fw_hart;
 * this_hart() finds the struct from mhartid, the trap vector from
 * mscratch (which holds it while the hart is in S-mode). struct
 * fw_platform is written by the boot hart before any other hart leaves the
 * entry wait, and read-only afterwards.
 */
#ifndef FW_H
#define FW_H

#include <stdbool.h>
#include <stdint.h>

#include "core/pmu.h"
#include "dt/pmu_dt.h"
#include "rvpmu/sbi.h"
#include "firmware/layout.h"
#include "sampler/sampler.h"

#define FW_MAX_MEM	4
#define FW_MAX_CLINTS	8

/* Our SBI implementation id: not registered with RISC-V International;
   "rvpm" in ASCII, far from the small registered numbers. */
#define FW_SBI_IMPL_ID		0x7276706dul
#define FW_SBI_IMPL_VERSION	0x00010000ul	/* 1.0 */

/* Implementation-specific firmware events: include/rvpmu/sbi.h */
#define FW_EVENT_SBI_CALLS	RVPMU_FW_SBI_CALLS
#define FW_EVENT_M_TRAPS	RVPMU_FW_M_TRAPS

enum fw_hsm_state {
	HSM_STARTED = 0, HSM_STOPPED = 1, HSM_START_PENDING = 2,
	HSM_STOP_PENDING = 3, HSM_SUSPENDED = 4, HSM_SUSPEND_PENDING = 5,
	HSM_RESUME_PENDING = 6,
};

/* An SBI call's result: the core's type, so the PMU glue is tail calls. */
#define sbiret rvpmu_ret	/* struct sbiret is struct rvpmu_ret */

struct fw_hart;
typedef void (*fw_call_fn)(struct fw_hart *h, void *arg);

/* A cross-hart call: one per sender (in its struct fw_hart), at most one
   in flight per hart; posted as the sender's bit in each target's
   mailbox. */
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
	   and MTIMER's); NULL without an IPI / timer device (plat.has_*) */
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
};

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

struct fw_mem {
	uint64_t base, size;
};

/* A hart's block: its M-mode stack, then its struct fw_hart (layout.h). */
#define FW_HART_STRUCT	((sizeof(struct fw_hart) + 63) & ~(uint64_t)63)
#define FW_HART_BLOCK	(FW_STACK_SIZE + FW_HART_STRUCT)

/*
 * The platform description. The hart part is what a sampler needs:
 *   nr_harts           harts the firmware runs (<= FW_MAX_HARTS)
 *   hart_ids[p]        the hartid at position p, 0 <= p < nr_harts, in
 *                      topology order: hart in cluster, then cluster (the
 *                      order of /cpus/cpu-map; without one, by hartid)
 *   hart_cluster[p]    the cluster index (0 .. nr_clusters-1) of position p
 *   nr_clusters        1 without a cpu-map
 * All three arrays live in the firmware's region, sized at boot; read-only
 * once the boot hart has released the others. A hart's position is also
 * fw_hart_of(id)->pos.
 */
struct fw_platform {
	unsigned int nr_harts, nr_clusters;
	const uint32_t *hart_ids;
	const uint16_t *hart_cluster;
	unsigned long max_hartid;		/* highest hartid run */
	unsigned long boot_hartid;
	unsigned int nr_mem;
	struct fw_mem mem[FW_MAX_MEM];
	/*
	 * The firmware's memory (layout.h): [fw_base, fw_base + fw_size) is
	 * the image, the harts' blocks from harts_base and the tables, closed
	 * to S-mode by PMP; the DT S-mode gets follows at dt_base, open to it.
	 * The whole region ends at dt_base + dt_size <= next_addr.
	 */
	uint64_t fw_base, fw_size;
	uint64_t harts_base;
	uint64_t dt_base, dt_size;
	unsigned long next_addr;		/* the next stage's entry */
	/*
	 * The M-mode IPI and timer registers, closed to S-mode by PMP: [0]
	 * spans every CLINT and ACLINT MSWI, [1] every ACLINT MTIMER (mtimecmp
	 * and mtime); each is covered by one NAPOT entry; size 0 when absent.
	 */
	struct fw_mem m_regs[2];
	/* every hart has an msip word (a CLINT or an MSWI names it); without
	   one no hart has: no IPI, no RFENCE, parked harts poll */
	bool has_ipi;
	bool has_timer;				/* Sstc or mtimecmp: TIME offered */
	bool has_mtimer;			/* every hart has an mtimecmp */
	uintptr_t uart, test_dev;		/* the DT's ns16550a, sifive,test (0: none) */
	uint32_t test_off, poweroff_val, reboot_val, fail_val;	/* sifive,test words */
	unsigned long timebase;
	bool sstc, sscofpmf, hyp;
	/* mcyclecfg / minstretcfg exist (probed: fw_pmu_init) */
	bool smcntrpmf;
	/* counter delegation (menvcfg.CDE) exists; the firmware keeps it off */
	bool smcdeleg;
	/* minstret counts on a clock of its own, not mcycle's: probed once
	   the harts are set up (fw_pmu_probe_clocks) */
	bool instret_apart;
	/* a cycles counter keeps counting, or reads stale, once inhibited
	   (QEMU 7.2): probed at fw_pmu_init on an hpm counter; true until
	   then, and where there is none to probe on */
	bool counts_inhibited;
	uint32_t hpm;				/* the hpm counters (bits 3..31) */
	void *fdt;				/* QEMU's, then our copy at dt_base */
	struct rvpmu_map map;
	struct rvpmu_dt_result dt;
	struct rvpmu_config pmu;
};

/* platform.c owns it; the boot hart fills it (main.c's boot order), every
   hart reads it after. */
extern struct fw_platform plat;

/* hartid -> struct fw_hart, NULL for a hart the firmware does not run;
   fw_hart_table_len entries (max hartid + 1), laid out at boot. entry.S
   reads both to put a secondary hart on its stack. */
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

/* The struct of the hart at topology position pos < plat.nr_harts. */
static inline struct fw_hart *fw_hart_at(unsigned int pos)
{
	return fw_hart_table[plat.hart_ids[pos]];
}

/*
 * A set of harts as SBI names them: the bits of mask are hartids from
 * base; base == FW_HARTSET_ALL means every hart (mask ignored). Walking a
 * set costs O(XLEN) or O(harts), never more.
 */
#define FW_HARTSET_ALL (~0ul)
struct fw_hartset {
	unsigned long mask, base;
};
/* SBI_SUCCESS, or SBI_ERR_INVALID_PARAM when a hartid of the set is not
   a hart of the platform (or base + bit wraps). Any hart. */
long fw_hartset_check(struct fw_hartset s);
/* The next hart of a checked set; start with *cursor = 0; NULL at the end. */
struct fw_hart *fw_hartset_next(struct fw_hartset s, unsigned long *cursor);

/* console.c: any hart; fw_console_init (the DT's UART) on the boot hart
   at boot. */
void fw_console_init(uintptr_t base);
void fw_putc(char c);
int fw_getc(void);			/* -1 when nothing is waiting */
void fw_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void fw_puts_raw(const char *s, unsigned long n);

/* platform.c: the machine's devices and RAM (plat), the DT S-mode sees,
   and the way out. Boot hart only, except fw_smode_range and fw_halt (any
   hart). fw_platform_init: the devices and RAM banks from QEMU's DT; 0, or
   a negative libfdt error. */
int fw_platform_init(void *fdt, unsigned long next_addr);
void fw_dt_fixup(void);			/* what S-mode sees of the DT */
bool fw_smode_range(uint64_t pa, uint64_t size);	/* S-mode RAM? */
/* The machine stops: why on the console, QEMU told to exit with a
   failure (the sifive,test device), else this hart sleeps for ever. */
void fw_halt(const char *why) __attribute__((noreturn));
/* Reg entry i of a node, in its parent's cell sizes: 0, or -1 if absent. */
int fw_dt_reg(const void *fdt, int node, int i, uint64_t *base, uint64_t *size);

/*
 * harts.c, boot hart only, in this order:
 * fw_harts_scan: count the DT's harts (the first FW_MAX_HARTS with ids up
 *   to FW_MAX_HARTID; every hart left out is named on the console), the
 *   extensions all of them have; -FDT_ERR_NOTFOUND if none.
 * fw_harts_layout: lay out the firmware's region after the image (the
 *   harts' blocks, the hartid table, the topology arrays, the DT S-mode
 *   gets: layout.h), halting with one console line if it does not fit
 *   below plat.next_addr or in the RAM bank; copy the DT there (plat.fdt
 *   is the copy from then on); fill every struct fw_hart, the topology
 *   (cpu-map), each hart's msip and mtimecmp, plat.m_regs, has_ipi and
 *   has_timer; *sampler_scratch: the sampler's per-hart words in the
 *   region. 0, or a negative error (the console says why): a DT whose
 *   IPI or timer devices reach some harts but not all.
 */
int fw_harts_scan(const void *fdt);
int fw_harts_layout(const void *fdt, uint32_t **sampler_scratch);
void fw_print_topology(void);
/* Each hart paints its own M-mode stack's unused part at set-up (on that
   hart); fw_stack_report prints the deepest any has been since (any hart). */
void fw_stack_paint(struct fw_hart *h);
void fw_stack_report(void);

/* pmu_hw.c: fw_pmu_init on the boot hart once the DT is the copy: the hpm
   counters (the harts are alike, as plat.sscofpmf takes them to be), the
   riscv,pmu mapping and the core's configuration in plat; 0, or the DT
   parser's error. fw_pmu_hart_init on each hart at set-up. */
int fw_pmu_init(const void *fdt);
void fw_pmu_hart_init(struct fw_hart *h);
extern const struct rvpmu_hw_ops fw_pmu_hw_ops;
extern const struct rvpmu_mem_ops fw_pmu_mem_ops;
extern const struct rvpmu_fw_ops fw_pmu_fw_ops;

/* ipi.c: cross-hart messages. Any hart, in M-mode. */
#define FW_MBOX_WORDS(n) (((n) + 8 * sizeof(unsigned long) - 1) / (8 * sizeof(unsigned long)))
void fw_send_ipi(struct fw_hart *t);		/* raise its MSIP */
void fw_process_mailbox(struct fw_hart *h);	/* take IPIs, run calls */
/* Is the hart running S-mode (started or suspended), so worth a call? */
bool fw_hart_reachable(const struct fw_hart *t);
/*
 * Run fn(h, arg) on every reachable hart h of the (checked) set: through
 * each one's mailbox and an IPI, and here, directly, if this hart is in
 * the set; return once every one has run it, asleep meanwhile but serving
 * this hart's own mailbox (two harts calling each other cannot deadlock).
 * fn runs in M-mode on the target, must not make a remote call itself,
 * and must be short. Returns how many harts ran fn. O(harts in the set).
 */
unsigned int fw_remote_call(struct fw_hartset set, fw_call_fn fn, void *arg);

/* trap.c */
struct fw_frame {
	unsigned long ra, t0, t1, t2, t3, t4, t5, t6;
	unsigned long a0, a1, a2, a3, a4, a5, a6, a7;
};
/* The registers the C code keeps (callee-saved) and S-mode's sp: saved
   by entry.S only for the traps that read or write any register of the
   trapped context (misaligned loads and stores); NULL for the others. */
struct fw_frame_ext {
	unsigned long sp, gp, tp, s[12];
};
void fw_trap(struct fw_frame *f, struct fw_frame_ext *x);
/* entry.S, for a trap taken in M-mode (a firmware bug): report the
   handler's ra and the trap, or that the vector faulted on S-mode's stack
   and the handler's trap is lost; halt. */
void fw_nested_trap(unsigned long ra, unsigned long frame) __attribute__((noreturn));
/*
 * trap_misalign.c: emulate the misaligned load or store (cause 4 or 6)
 * that trapped from S- or U-mode (not from a guest) on this hart, with
 * the trapped registers in f and x: true when done (register written,
 * mepc past the instruction). False when S-mode must take an exception:
 * *cause and *tval are then what to deliver (the original one, or the
 * access or page fault the emulated access met), and mepc, mtval and
 * mtinst are as the original trap left them.
 */
bool fw_misaligned(struct fw_frame *f, struct fw_frame_ext *x, unsigned long *cause,
		   unsigned long *tval);
/* Every ecall but the PMU's (entry.S routes those itself). */
struct sbiret fw_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
		       unsigned long a3, unsigned long a4, unsigned long a5,
		       unsigned long fid, unsigned long eid, struct fw_hart *h);

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
SBI_HANDLER(sbi_sampler_ecall);

/*
 * timer.c: each hart's mtimecmp shared by S-mode's deadline (SBI
 * set_timer without Sstc) and the sampler's next switch; on that hart.
 */
uint64_t fw_mtime(void);			/* any hart */
void fw_timer_set_smode(struct fw_hart *h, uint64_t when);
/* pmu_hw.c: whether minstret keeps a clock of its own (plat.instret_apart);
   on the boot hart, every other hart parked */
void fw_pmu_probe_clocks(struct fw_hart *h);
void fw_timer_set_sampler(struct fw_hart *h, uint64_t when);
void fw_timer_interrupt(struct fw_hart *h);	/* MTIP: serve what is due */
void fw_timer_trap(struct fw_hart *h);		/* entry.S's MTIP path: count, serve */

/*
 * sbi_sampler.c: the sampler bound to this firmware. fw_sampler_init on
 * the boot hart once the harts are laid out (scratch: 2 * nr_harts words
 * of per-hart memory, from fw_harts_layout); fw_sampler_hart_init on each
 * hart at setup; fw_sampler_tick from the timer; fw_sampler_leave on a
 * hart that stops or suspends through HSM, before it goes.
 */
void fw_sampler_init(uint32_t *scratch);
void fw_sampler_hart_init(struct fw_hart *h);
extern struct rvpmu_sampler fw_sampler;
static inline uint64_t fw_sampler_tick(struct fw_hart *h, uint64_t now)
{
	return rvpmu_sampler_tick(&fw_sampler, &h->sampler, now);
}
void fw_sampler_leave(struct fw_hart *h, bool suspend);
/*
 * Any legacy (v0.1) id 0x00..0x0F, on the calling hart: set_timer,
 * putchar, getchar, clear_ipi, send_ipi, remote fence.i / sfence.vma /
 * sfence.vma.asid, shutdown, each where sbi_extension_present offers it;
 * the others NOT_SUPPORTED. A hart-mask pointer that is not NULL, aligned
 * and in S-mode RAM gets INVALID_ADDRESS (NOT_SUPPORTED when S-mode
 * translates addresses); a bad hartid INVALID_PARAM. The error is the
 * result; the value is always a1 unchanged.
 */
struct sbiret sbi_legacy_ecall(unsigned long a0, unsigned long a1, unsigned long a2,
			       unsigned long a3, unsigned long eid, struct fw_hart *h);
/* May S-mode call extension eid (the base extension's probe)? Any hart. */
bool sbi_extension_present(unsigned long eid);

#endif
