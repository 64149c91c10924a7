/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU core's hardware seam bound to this hart's CSRs, and the PMU's
 * set-up: which counters and extensions exist and which QEMU quirks hold
 * (probed at boot), the riscv,pmu mapping parsed (fw_pmu_init), the
 * core's configuration in plat. CSR numbers must be immediates, so
 * counter access goes through switches that the compiler turns into jump
 * tables. S-mode memory and the firmware's events: pmu_seams.c.
 *
 * Hart context: the ops run on the hart the core runs a call on;
 * fw_pmu_init and fw_pmu_probe_clocks on the boot hart at boot,
 * fw_pmu_hart_init on each hart at set-up.
 *
 * Past 400 lines on purpose: the boot probes drive the very CSR helpers
 * the ops are made of (static, so the ops inline them), and pick between
 * the two ops tables built from them here; split, the helpers would turn
 * into calls on the counters' hot path.
 */
#include <libfdt.h>

#include "console.h"
#include "csr.h"
#include "harts.h"
#include "lib/bits.h"
#include "platform.h"
#include "pmu_hw.h"
#include "timer.h"
#include "core/hw.h"	/* and through it rvpmu_hw_platform.h: the inline CSR path */

extern char fw_probe_vector[];

/* The core only names counters that exist (hw_hpm_present), so the
   switches below need no range check. */
#define NO_OTHER default: __builtin_unreachable();

#define HPM(X) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) \
	X(13) X(14) X(15) X(16) X(17) X(18) X(19) X(20) X(21) X(22) X(23) \
	X(24) X(25) X(26) X(27) X(28) X(29) X(30) X(31)

#if __riscv_xlen == 64
#define READ64(lo, hi)		csr_read(lo)
#define WRITE64(lo, hi, v)	csr_write(lo, v)
#else
#define READ64(lo, hi) ({ unsigned long __h, __l; \
	do { __h = csr_read(hi); __l = csr_read(lo); } while (__h != csr_read(hi)); \
	((uint64_t)__h << 32) | __l; })
#define WRITE64(lo, hi, v) do { csr_write(lo, 0); \
	csr_write(hi, (unsigned long)((v) >> 32)); csr_write(lo, (unsigned long)(v)); } while (0)
#endif

#if __riscv_xlen == 64
/* pmu_csr.S: slot tables with the ops signatures */
uint64_t fw_csr_read_ctr(void *ctx, unsigned int ctr);
void fw_csr_write_ctr(void *ctx, unsigned int ctr, uint64_t v);
void fw_csr_write_event(void *ctx, unsigned int ctr, uint64_t v);
uint64_t fw_csr_read_event(void *ctx, unsigned int ctr);
uint64_t fw_csr_swap_event(void *ctx, unsigned int ctr, uint64_t v);
#define hw_read fw_csr_read_ctr
#define hw_write fw_csr_write_ctr
#define hw_program fw_csr_write_event
#define hw_swap_event fw_csr_swap_event
#else
/* The ops table's single-counter accesses (the inline ones are pmu_csr.S's slots) */
static uint64_t fw_hw_read(unsigned int ctr)
{
	switch (ctr) {
	case 0: return READ64(CSR_MCYCLE, CSR_MCYCLEH);
	case 2: return READ64(CSR_MINSTRET, CSR_MCYCLEH + 2);
#define R(n) case n: return READ64(CSR_MCYCLE + n, CSR_MCYCLEH + n);
	HPM(R)
#undef R
	NO_OTHER
	}
}

static void fw_hw_write(unsigned int ctr, uint64_t v)
{
	switch (ctr) {
	case 0: WRITE64(CSR_MCYCLE, CSR_MCYCLEH, v); break;
	case 2: WRITE64(CSR_MINSTRET, CSR_MCYCLEH + 2, v); break;
#define W(n) case n: WRITE64(CSR_MCYCLE + n, CSR_MCYCLEH + n, v); break;
	HPM(W)
#undef W
	NO_OTHER
	}
}

static void fw_hw_program(unsigned int ctr, uint64_t ev)
{
	/* mhpmeventNh exists only with Sscofpmf */
	bool high = plat.sscofpmf;

	switch (ctr) {
#define P(n) case n: { csr_write(CSR_MHPMEVENT3 + n - 3, (unsigned long)ev); \
		if (high) \
			csr_write(CSR_MHPMEVENT3H + n - 3, (unsigned long)(ev >> 32)); \
		break; }
	HPM(P)
#undef P
	NO_OTHER
	}
}

/* Only called with Sscofpmf, so mhpmeventNh exists: low half, then the
   high half (with OF) swapped. */
static uint64_t fw_hw_swap_event(unsigned int ctr, uint64_t ev)
{
	unsigned long lo = 0, hi = 0;

	switch (ctr) {
#define S(n) case n: lo = csr_swap(CSR_MHPMEVENT3 + n - 3, (unsigned long)ev); \
		hi = csr_swap(CSR_MHPMEVENT3H + n - 3, (unsigned long)(ev >> 32)); break;
	HPM(S)
#undef S
	NO_OTHER
	}
	return ((uint64_t)hi << 32) | lo;
}

static uint64_t hw_read(void *ctx, unsigned int ctr)
{
	(void)ctx;
	return fw_hw_read(ctr);
}

static void hw_write(void *ctx, unsigned int ctr, uint64_t v)
{
	(void)ctx;
	fw_hw_write(ctr, v);
}

static void hw_program(void *ctx, unsigned int ctr, uint64_t ev)
{
	(void)ctx;
	fw_hw_program(ctr, ev);
}

static uint64_t hw_swap_event(void *ctx, unsigned int ctr, uint64_t ev)
{
	(void)ctx;
	return fw_hw_swap_event(ctr, ev);
}
#endif

static void hw_inhibit(void *ctx, uint32_t mask, bool on)
{
	(void)ctx;
	csr_inhibit_counters(mask, on);
}

/* not scountovf: QEMU 7.2 masks it with mcounteren even in M-mode */
#if __riscv_xlen == 64
static bool hw_overflowed(void *ctx, unsigned int ctr)
{
	return plat.sscofpmf && fw_csr_read_event(ctx, ctr) >> 63;
}
#else
static bool fw_hw_overflowed(unsigned int ctr)
{
	unsigned long ev = 0;

	if (!plat.sscofpmf)
		return false;
	switch (ctr) {
#define O(n) case n: ev = csr_read(CSR_MHPMEVENT3H + n - 3) >> 31; break;
	HPM(O)
#undef O
	NO_OTHER
	}
	return ev;
}

static bool hw_overflowed(void *ctx, unsigned int ctr)
{
	(void)ctx;
	return fw_hw_overflowed(ctr);
}
#endif

/* Does mhpmcounterN exist? QEMU 7.2 traps on 19..31 even in M-mode. */
static bool hpm_exists(unsigned int n)
{
	unsigned long fault = 0, old = csr_swap(CSR_MTVEC, (unsigned long)fw_probe_vector);

	switch (n) {
#define E(k) case k: __asm__ volatile("li t1, 0\n\tcsrr t0, %1\n\tmv %0, t1" \
		: "=r"(fault) : "i"(CSR_MCYCLE + k) : "t0", "t1", "memory"); break;
	HPM(E)
#undef E
	}
	csr_write(CSR_MTVEC, old);
	return !fault;
}

/* Smcntrpmf: mcyclecfg and minstretcfg (on RV32 their high halves too)
   read without a trap. */
static bool smcntrpmf_exists(void)
{
	unsigned long fault = 0, old = csr_swap(CSR_MTVEC, (unsigned long)fw_probe_vector);

#define C(csr) __asm__ volatile("li t1, 0\n\tcsrr t0, %1\n\tor %0, %0, t1" \
		: "+r"(fault) : "i"(csr) : "t0", "t1", "memory")
	C(CSR_MCYCLECFG);
	C(CSR_MINSTRETCFG);
#if __riscv_xlen == 32
	C(CSR_MCYCLECFGH);
	C(CSR_MINSTRETCFGH);
#endif
#undef C
	csr_write(CSR_MTVEC, old);
	return !fault;
}

static bool hw_has_smcntrpmf(void *ctx)
{
	(void)ctx;
	return plat.smcntrpmf;
}

static void hw_filter_fixed(void *ctx, unsigned int ctr, uint64_t cfg)
{
	rvpmu_hw_filter_fixed(&((struct fw_hart *)ctx)->pmu, ctr, cfg);
}

/* Probed once, by probe_hpm: each probe is 29 traps. */
static uint32_t hw_hpm_present(void *ctx)
{
	(void)ctx;
	return plat.hpm;
}

static bool hw_has_sscofpmf(void *ctx)
{
	(void)ctx;
	return plat.sscofpmf;
}

/*
 * QEMU derives mcycle, minstret and any hpm counter counting its cycles
 * (1) or instructions (2) event from its clock. QEMU looks the event up
 * by the selector's low bits, so any selector whose low 16 bits are 1 or
 * 2 is taken as one.
 */
static bool clock_like(unsigned int ctr, uint64_t ev)
{
	return fw_counts_while_inhibited(ctr, ev);
}

/*
 * QEMU 7.2's clock-like counters keep counting while inhibited and read
 * stale once inhibited: stop writes them back (h->stale). Since 9.1 an
 * inhibit saves the count and the counter holds still, and nothing needs
 * writing back. Probed at boot (probe_counts_inhibited), and bound by
 * choosing the ops table (fw_pmu_init), so that neither kind of hart
 * tests the answer when a counter is configured.
 */
static bool hw_counts_while_inhibited(void *ctx, unsigned int ctr, uint64_t ev)
{
	(void)ctx;
	return clock_like(ctr, ev);
}

static bool hw_holds_still(void *ctx, unsigned int ctr, uint64_t ev)
{
	(void)ctx;
	(void)ctr;
	(void)ev;
	return false;
}

/* ns per mtime tick (1 without a timebase), set by fw_pmu_init: the
   division once at boot, not at every park and unpark (each
   config_matching and del() under perf stat). */
unsigned long fw_ns_per_tick = 1;

/*
 * QEMU's overflow timer holds an overflow back (rvpmu_hw_holds_overflow,
 * rvpmu_hw_platform.h): read in QEMU 7.2's and 10.0.2's
 * target/riscv/pmu.c (riscv_pmu_setup_timer, pmu_timer_trigger_irq:
 * irq_overflow_left), alike in both; only with Sscofpmf, which is
 * when QEMU runs the timer. fw_pmu_init sets this then, and leaves it
 * false (no quirk) otherwise.
 */
bool fw_quirk_held_overflow;

static bool hw_holds_overflow(void *ctx, unsigned int ctr, uint64_t ev, uint64_t v)
{
	return rvpmu_hw_holds_overflow(&((struct fw_hart *)ctx)->pmu, ctr, ev, v);
}

/* QEMU's virtual clock in ns, as far as mtime tells (10 MHz on virt). */
static uint64_t hw_clock_ns(void *ctx)
{
	(void)ctx;
	return rvpmu_hw_clock_ns(NULL);	/* the core's inline form */
}

static uint32_t hw_asid(void *ctx)
{
	return rvpmu_hw_asid(&((struct fw_hart *)ctx)->pmu);
}

/* QEMU 7.2 on RV32 derives a clock-like counter's high half as the
   clock's high half now less at the write, plus the value's: the low
   half's borrow is lost (docs/perf-on-qemu.md). */
static bool hw_hi_without_borrow(void *ctx)
{
	(void)ctx;
	return __riscv_xlen == 32;
}

/* Whether minstret keeps a clock of its own (plat.instret_apart, probed
   after init: the sampler asks at its start). */
static bool hw_instret_own_clock(void *ctx)
{
	(void)ctx;
	return plat.instret_apart;
}

/*
 * minstret against mcycle across a wait in which every hart sleeps (the
 * others are parked: the boot hart runs this after they set themselves
 * up), the S-mode deadline slot as the alarm, free until S-mode runs.
 * Where both count one clock (QEMU 7.2; QEMU 9.1 and later without
 * -icount, host ticks) they gain alike; QEMU 9.1 and later under -icount
 * count instructions executed in minstret and virtual time in mcycle, and
 * a sleep of every hart retires a few dozen instructions while mcycle
 * gains the whole wait. Without an mtimecmp the hart cannot sleep on a
 * deadline: not probed (false, as before).
 */
#define PROBE_TICKS	100	/* 10 us at virt's 10 MHz */
void fw_pmu_probe_clocks(struct fw_hart *h)
{
	uint64_t c0, i0, dc, di, until;

	if (!plat.has_mtimer)
		return;
	until = fw_mtime() + PROBE_TICKS;
	fw_timer_set_smode(h, until);
	/* minstret's reads around mcycle's: a host that takes the vCPU
	   away between two reads can only make di the larger, so one clock
	   never reads as two (it did once, mcycle first, on a busy host) */
	i0 = rvpmu_hw_read(&h->pmu, 2);
	c0 = rvpmu_hw_cycles(&h->pmu);
	while (fw_mtime() < until)
		__asm__ volatile("wfi");
	dc = rvpmu_hw_cycles(&h->pmu) - c0;
	di = rvpmu_hw_read(&h->pmu, 2) - i0;
	fw_timer_set_smode(h, UINT64_MAX);
	plat.instret_apart = di < dc / 2;
	fw_printf("pmu: quirks: counts while inhibited %s (probed), overflow held after a far "
		  "write %s, rv32 high half without borrow %s, instret on its own clock %s "
		  "(probed)\n", plat.counts_inhibited ? "yes" : "no",
		  fw_quirk_held_overflow ? "yes" : "no (no Sscofpmf)", __riscv_xlen == 32 ? "yes" : "no",
		  plat.instret_apart ? "yes" : "no");
	if (plat.instret_apart)
		fw_printf("pmu: instret counts apart from mcycle (%llu instructions in %llu cycles "
			  "asleep)%s\n", (unsigned long long)di, (unsigned long long)dc,
			  __riscv_xlen == 32 ? ": every sampler window is checked for a lost borrow" :
			  "");
}

/* The probe's answer, for the inline contract (rvpmu_hw_platform.h) */
bool fw_quirk_counts_inhibited = true;

/* Both tables but for counts_while_inhibited (fw_pmu_init picks one) */
#define FW_PMU_HW_OPS(counts_while_inhibited_)		\
	.read = hw_read,					\
	.write = hw_write,					\
	.program = hw_program,					\
	.swap_event = hw_swap_event,				\
	.inhibit = hw_inhibit,					\
	.overflowed = hw_overflowed,				\
	.hpm_present = hw_hpm_present,				\
	.has_sscofpmf = hw_has_sscofpmf,			\
	.counts_while_inhibited = counts_while_inhibited_,	\
	.holds_overflow = hw_holds_overflow,			\
	.clock_ns = hw_clock_ns,				\
	.asid = hw_asid,					\
	.hi_without_borrow = hw_hi_without_borrow,		\
	.instret_own_clock = hw_instret_own_clock,		\
	.has_smcntrpmf = hw_has_smcntrpmf,			\
	.filter_fixed = hw_filter_fixed,

/* QEMU 7.2: clock-like counters count on while inhibited */
const struct rvpmu_hw_ops fw_pmu_hw_ops = { FW_PMU_HW_OPS(hw_counts_while_inhibited) };
/* QEMU 9.1 and later: every counter holds still once inhibited */
static const struct rvpmu_hw_ops fw_pmu_hw_ops_still = { FW_PMU_HW_OPS(hw_holds_still) };

/*
 * Does a counter of the cycles event hold still once inhibited? On the
 * lowest hpm counter, before any hart's PMU is set up (hart init then
 * writes its event 0, then OF|MINH): the event with OF set (no overflow
 * interrupt, and QEMU 9.1+ arms no timer), the group base as its value
 * (QEMU 7.2 arms its timer 2^62 ns ahead: no left-over), counting until
 * it reads past the base, then inhibited and read three times across a
 * short wait. A counter that holds still reads the same count past the
 * base each time (QEMU 9.1 and later save it at the inhibit). QEMU 7.2
 * answers the first CSR read after the inhibit live and later ones with
 * the value written: on rv64 the first read differs from the others, on
 * rv32 (a read is three CSR reads) all read the base. A counter that did
 * not count, or no hpm counter, tells nothing: the quirk is assumed (the
 * write-backs are harmless where it is absent).
 */
static bool probe_counts_inhibited(void)
{
	uint64_t ev = 1 | (plat.sscofpmf ? MHPMEVENT_OF : 0), r0, r1, r2;
	unsigned int c, i;
	uint32_t bit;
	bool counted;

	if (!plat.hpm)
		return true;
	c = rvpmu_ctz64(plat.hpm);
	bit = UINT32_C(1) << c;
	csr_inhibit_counters(bit, true);
	hw_program(0, c, ev);
	hw_write(0, c, RVPMU_GROUP_BASE);
	csr_inhibit_counters(bit, false);
	for (i = 0; i < 256 && hw_read(0, c) == RVPMU_GROUP_BASE; i++)
		;
	counted = i < 256;
	csr_inhibit_counters(bit, true);
	r0 = hw_read(0, c);
	for (i = 0; i < 64; i++)
		__asm__ volatile("nop");
	r1 = hw_read(0, c);
	r2 = hw_read(0, c);
	hw_program(0, c, 0);	/* unmapped: QEMU keeps the event elsewhere free */
	hw_write(0, c, 0);
	return !counted || r1 == RVPMU_GROUP_BASE || r1 != r0 || r2 != r0;
}

/* Which hpm counters this hart has, into plat.hpm; on the boot hart, once:
   the harts are alike (as plat.sscofpmf takes them to be). */
static void probe_hpm(void)
{
	unsigned int n;

	plat.hpm = 0;
	for (n = 3; n < 32; n++)
		if (hpm_exists(n))
			plat.hpm |= UINT32_C(1) << n;
}

int fw_pmu_init(const void *fdt)
{
	int err;

	probe_hpm();
	plat.smcntrpmf = smcntrpmf_exists();
	plat.counts_inhibited = probe_counts_inhibited();
	fw_quirk_counts_inhibited = plat.counts_inhibited;
	fw_ns_per_tick = plat.timebase ? 1000000000u / plat.timebase : 1;
	fw_quirk_held_overflow = plat.sscofpmf;
	err = rvpmu_dt_parse(fdt, fdt_totalsize(fdt), plat.hpm | 5u, &plat.map, &plat.dt);
	if (err)
		return err;
	plat.pmu.hw = plat.counts_inhibited ? &fw_pmu_hw_ops : &fw_pmu_hw_ops_still;
	plat.pmu.mem = &fw_pmu_mem_ops;
	plat.pmu.fw = &fw_pmu_fw_ops;
	plat.pmu.map = &plat.map;
	plat.pmu.nr_fw = RVPMU_DEFAULT_FW;
	return 0;
}

void fw_pmu_hart_init(struct fw_hart *h)
{
	if (rvpmu_hart_init(&h->pmu, &plat.pmu, h))
		fw_halt("PMU core refused the platform configuration");
}
