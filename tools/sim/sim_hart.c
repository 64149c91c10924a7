/* SPDX-License-Identifier: BSD-2-Clause */
#include "sim_hart.h"

#include <string.h>

static bool exists(const struct sim_hart *s, unsigned int ctr)
{
	return ctr == 0 || ctr == 2 || (ctr < 32 && (s->hpm & (1u << ctr)));
}

static uint64_t mask_of(const struct sim_hart *s, unsigned int ctr)
{
	if (ctr < 3 || s->hpm_bits >= 64)
		return ~UINT64_C(0);
	return (UINT64_C(1) << s->hpm_bits) - 1;
}

void sim_hart_init(struct sim_hart *s, unsigned int nr_hpm, unsigned int bits,
		   bool sscofpmf)
{
	unsigned int i;

	memset(s, 0, sizeof(*s));
	for (i = 0; i < nr_hpm && 3 + i < 32; i++)
		s->hpm |= 1u << (3 + i);
	s->hpm_bits = bits;
	s->sscofpmf = sscofpmf;
	s->mode = SIM_S;
	for (i = 0; i < 32; i++) {
		s->ctr[i] = (UINT64_C(0x9E3779B97F4A7C15) * (i + 1)) & mask_of(s, i);
		s->mhpmevent[i] = i < 3 ? 0 : 0x5A0 + i; /* junk, as after reset */
	}
}

/* Whether the hpm counter's mode filter lets the current mode count. */
static bool mode_counts(const struct sim_hart *s, unsigned int ctr)
{
	uint64_t ev = ctr < 3 ? s->fixedcfg[ctr] : s->mhpmevent[ctr];

	if (ctr < 3 ? !s->smcntrpmf : !s->sscofpmf)
		return true;
	switch (s->mode) {
	case SIM_U:  return !(ev & MHPMEVENT_UINH);
	case SIM_S:  return !(ev & MHPMEVENT_SINH);
	case SIM_M:  return !(ev & MHPMEVENT_MINH);
	case SIM_VU: return !(ev & MHPMEVENT_VUINH);
	case SIM_VS: return !(ev & MHPMEVENT_VSINH);
	}
	return true;
}

/* QEMU's event map: the counter event sel is mapped to, or 32. */
static unsigned int owner(const struct sim_hart *s, uint64_t sel)
{
	for (unsigned int i = 0; i < s->nmap; i++)
		if (s->map[i].sel == sel)
			return s->map[i].ctr;
	return 32;
}

static uint64_t qemu_sel(uint64_t ev)
{
	return ev & 0xFFFFF;	/* QEMU's MHPMEVENT_IDX_MASK */
}

/* The counters QEMU 7.2 derives from its clock (qemu_inhibit): mcycle,
   minstret and the hpm counter the cycles or instructions event is
   mapped to. */
static bool quirky(const struct sim_hart *s, unsigned int ctr)
{
	return s->qemu_inhibit && (ctr < 3 || owner(s, SBI_PMU_HW_CPU_CYCLES) == ctr ||
				   owner(s, SBI_PMU_HW_INSTRUCTIONS) == ctr);
}

static void bump(struct sim_hart *s, unsigned int ctr, uint64_t n)
{
	uint64_t m = mask_of(s, ctr), old = s->ctr[ctr];

	if (quirky(s, ctr))
		return;		/* derived from ticks */
	if ((s->inhibit & (1u << ctr)) || !mode_counts(s, ctr))
		return;
	s->ctr[ctr] = (old + n) & m;
	/* wrapped: Sscofpmf raises LCOFI once, until OF is cleared again */
	if (ctr >= 3 && s->sscofpmf && n > m - old) {
		if (!(s->mhpmevent[ctr] & MHPMEVENT_OF)) {
			s->mhpmevent[ctr] |= MHPMEVENT_OF;
			s->lcofip = true;
		}
	}
}

static uint64_t selector(const struct sim_hart *s, unsigned int ctr)
{
	uint64_t ev = s->mhpmevent[ctr];

	return s->sscofpmf ? ev & ~MHPMEVENT_SSCOF_MASK : ev;
}

void sim_event(struct sim_hart *s, uint64_t sel, uint64_t n)
{
	unsigned int i;

	if (!sel)
		return;
	if (s->qemu_inhibit) {	/* on its one counter */
		i = owner(s, qemu_sel(sel));
		if (i < 32 && selector(s, i) == sel)
			bump(s, i, n);
		return;
	}
	for (i = 3; i < 32; i++)
		if ((s->hpm & (1u << i)) && selector(s, i) == sel)
			bump(s, i, n);
}

void sim_run(struct sim_hart *s, uint64_t n)
{
	s->ticks += n;
	s->insns += n;
	bump(s, 0, n);
	bump(s, 2, n);
	sim_event(s, SBI_PMU_HW_CPU_CYCLES, n);
	sim_event(s, SBI_PMU_HW_INSTRUCTIONS, n);
}

void sim_idle(struct sim_hart *s, uint64_t n)
{
	s->ticks += n;
	bump(s, 0, n);
	sim_event(s, SBI_PMU_HW_CPU_CYCLES, n);
}

/* The clock a clock-like (quirky) counter derives from: insns for
   minstret and the instructions counter where instret keeps its own. */
static uint64_t clock_of(const struct sim_hart *s, unsigned int ctr)
{
	if (s->instret_apart &&
	    (ctr == 2 || owner(s, SBI_PMU_HW_INSTRUCTIONS) == ctr))
		return s->insns;
	return s->ticks;
}

/* Every counter CSR access: the hart may be taken off its CPU first. */
static void access(struct sim_hart *s)
{
	if (s->preempt_at && !--s->preempt_at)
		sim_run(s, s->preempt_ticks);
}

void *sim_ram(struct sim_hart *s, uint64_t pa)
{
	return &s->ram[pa - SIM_RAM_BASE];
}

/* ---- ops */

/* QEMU 7.2 on RV32: each half of a clock-like counter on its own, the
   clock's half now less at the write plus the value's: the low half's
   borrow never reaches the high half (sim_hart.h, split_halves). */
static uint64_t split(const struct sim_hart *s, unsigned int ctr)
{
	uint64_t clk = clock_of(s, ctr);
	uint32_t lo = (uint32_t)clk - (uint32_t)s->prev[ctr] + (uint32_t)s->ctr[ctr];
	uint32_t hi = (uint32_t)(clk >> 32) - (uint32_t)(s->prev[ctr] >> 32) +
		      (uint32_t)(s->ctr[ctr] >> 32);

	return (uint64_t)hi << 32 | lo;
}

static uint64_t hw_read(void *ctx, unsigned int ctr)
{
	struct sim_hart *s = ctx;

	access(s);
	if (!exists(s, ctr)) {
		s->faults++;
		return 0;
	}
	if (quirky(s, ctr)) {
		bool live = !(s->inhibit & (1u << ctr)) || s->started[ctr];
		uint64_t now = RVPMU_XLEN == 32 && s->split_halves ? split(s, ctr) :
				       (clock_of(s, ctr) - s->prev[ctr] + s->ctr[ctr]) & mask_of(s, ctr);

		if (s->inhibit & (1u << ctr))
			s->started[ctr] = false;
#if RVPMU_XLEN == 32
		/* RV32 reads mhpmcounterNh, then mhpmcounterN: once inhibited,
		   only the first of the two CSR reads is live */
		if (live && (s->inhibit & (1u << ctr)))
			return (now & ~UINT64_C(0xffffffff)) | (s->ctr[ctr] & 0xffffffff);
#endif
		if (live)
			return now;
	}
	return s->ctr[ctr];
}


static void hw_write(void *ctx, unsigned int ctr, uint64_t v)
{
	struct sim_hart *s = ctx;

	access(s);
	if (!exists(s, ctr)) {
		s->faults++;
		return;
	}
	s->ctr[ctr] = v & mask_of(s, ctr);
	s->event_at_write[ctr] = s->mhpmevent[ctr];
	s->writes++;
	if (!quirky(s, ctr)) {
		s->prev[ctr] = s->ctr[ctr];
		return;
	}
	s->prev[ctr] = clock_of(s, ctr);
	if (ctr >= 3 && s->sscofpmf && v <= (UINT64_C(1) << 63)) {
		s->kicks++;
		sim_run(s, s->kick);
	}
}

/* QEMU: mhpmevent 0 drops the counter's entries; another event is mapped
   to it unless some counter has it already. */
static void qemu_map(struct sim_hart *s, unsigned int ctr, uint64_t ev)
{
	unsigned int i, n = 0;

	if (!ev) {
		for (i = 0; i < s->nmap; i++)
			if (s->map[i].ctr != ctr)
				s->map[n++] = s->map[i];
		s->nmap = n;
		return;
	}
	if (!qemu_sel(ev) || owner(s, qemu_sel(ev)) < 32 ||
	    s->nmap == sizeof(s->map) / sizeof(s->map[0]))
		return;
	s->map[s->nmap].sel = qemu_sel(ev);
	s->map[s->nmap++].ctr = ctr;
}

static void hw_program(void *ctx, unsigned int ctr, uint64_t ev)
{
	struct sim_hart *s = ctx;

	access(s);
	if (ctr < 3 || !exists(s, ctr)) {
		s->faults++;
		return;
	}
	if (!s->sscofpmf)
		ev &= ~MHPMEVENT_SSCOF_MASK; /* no such bits without it */
	s->mhpmevent[ctr] = ev;
	s->programs++;
	if (s->qemu_inhibit)
		qemu_map(s, ctr, ev);
}

static uint64_t hw_swap_event(void *ctx, unsigned int ctr, uint64_t ev)
{
	struct sim_hart *s = ctx;
	uint64_t old = ctr >= 3 && exists(s, ctr) ? s->mhpmevent[ctr] : 0;

	hw_program(ctx, ctr, ev);
	return old;
}

static void hw_inhibit(void *ctx, uint32_t mask, bool on)
{
	struct sim_hart *s = ctx;
	uint32_t real = mask & (s->hpm | 5u);

	access(s);
	if (mask & ~(s->hpm | 5u))
		s->faults++;
	if (on)
		s->inhibit |= real;
	else
		s->inhibit &= ~real;
	for (unsigned int i = 0; i < 32; i++)	/* QEMU marks every running one */
		if (!(s->inhibit & (1u << i)))
			s->started[i] = true;
}

static bool hw_overflowed(void *ctx, unsigned int ctr)
{
	struct sim_hart *s = ctx;

	if (ctr < 3 || !exists(s, ctr)) {
		s->faults++;
		return false;
	}
	return s->sscofpmf && (s->mhpmevent[ctr] & MHPMEVENT_OF);
}

static uint32_t hw_hpm_present(void *ctx)
{
	return ((struct sim_hart *)ctx)->hpm;
}

static bool hw_has_sscofpmf(void *ctx)
{
	return ((struct sim_hart *)ctx)->sscofpmf;
}

static bool hw_counts_while_inhibited(void *ctx, unsigned int ctr, uint64_t ev)
{
	const struct sim_hart *s = ctx;
	uint64_t sel = ev & ~MHPMEVENT_SSCOF_MASK;

	return s->qemu_inhibit && (ctr < 3 || sel == SBI_PMU_HW_CPU_CYCLES ||
				   sel == SBI_PMU_HW_INSTRUCTIONS);
}

static bool hw_has_smcntrpmf(void *ctx)
{
	return ((struct sim_hart *)ctx)->smcntrpmf;
}

/* mcyclecfg / minstretcfg: only the xINH bits are writable (bit 63 and the
   low bits are reserved); a write to a counter that counts is noted */
static void hw_filter_fixed(void *ctx, unsigned int ctr, uint64_t cfg)
{
	struct sim_hart *s = ctx;

	access(s);
	if (!s->smcntrpmf || (ctr != 0 && ctr != 2)) {
		s->faults++;
		return;
	}
	if (!(s->inhibit & (1u << ctr)))
		s->cfg_live++;
	s->fixedcfg[ctr] = cfg & (MHPMEVENT_SSCOF_MASK & ~MHPMEVENT_OF & ~(UINT64_C(3) << 56));
}

static uint32_t hw_asid(void *ctx)
{
	return ((struct sim_hart *)ctx)->asid;
}

static bool hw_hi_without_borrow(void *ctx)
{
	return RVPMU_XLEN == 32 && ((struct sim_hart *)ctx)->split_halves;
}

static bool hw_instret_own_clock(void *ctx)
{
	const struct sim_hart *s = ctx;

	return s->qemu_inhibit && s->instret_apart;
}

const struct rvpmu_hw_ops sim_hw_ops = {
	.read = hw_read,
	.write = hw_write,
	.program = hw_program,
	.swap_event = hw_swap_event,
	.inhibit = hw_inhibit,
	.overflowed = hw_overflowed,
	.hpm_present = hw_hpm_present,
	.has_sscofpmf = hw_has_sscofpmf,
	.counts_while_inhibited = hw_counts_while_inhibited,
	.asid = hw_asid,
	.hi_without_borrow = hw_hi_without_borrow,
	.instret_own_clock = hw_instret_own_clock,
	.has_smcntrpmf = hw_has_smcntrpmf,
	.filter_fixed = hw_filter_fixed,
};

static int mem_check(void *ctx, uint64_t pa, uint64_t size, bool write)
{
	uint64_t s_base = SIM_RAM_BASE + SIM_FW_SIZE;

	(void)ctx;
	(void)write;
	if (pa < s_base || pa > SIM_RAM_BASE + SIM_RAM_SIZE ||
	    size > SIM_RAM_BASE + SIM_RAM_SIZE - pa)
		return SBI_ERR_INVALID_ADDRESS;
	return 0;
}

static void mem_read(void *ctx, uint64_t pa, void *dst, unsigned long len)
{
	struct sim_hart *s = ctx;

	if (mem_check(ctx, pa, len, false)) {
		s->faults++;
		return;
	}
	memcpy(dst, sim_ram(s, pa), len);
}

static void mem_write(void *ctx, uint64_t pa, const void *src, unsigned long len)
{
	struct sim_hart *s = ctx;

	if (mem_check(ctx, pa, len, true)) {
		s->faults++;
		return;
	}
	memcpy(sim_ram(s, pa), src, len);
}

const struct rvpmu_mem_ops sim_mem_ops = {
	.check = mem_check,
	.read = mem_read,
	.write = mem_write,
};

static bool fw_supported(void *ctx, uint32_t code, uint64_t data)
{
	(void)ctx;
	if (code >= SBI_PMU_FW_IMPL_FIRST && code < SBI_PMU_FW_IMPL_FIRST + SIM_NR_IMPL)
		return data == 0;
	if (code == SBI_PMU_FW_PLATFORM)
		return data < SIM_NR_PLAT;
	return false;
}

static uint64_t fw_read(void *ctx, uint32_t code, uint64_t data)
{
	struct sim_hart *s = ctx;

	if (code == SBI_PMU_FW_PLATFORM)
		return s->plat[data];
	return s->impl[code - SBI_PMU_FW_IMPL_FIRST];
}

const struct rvpmu_fw_ops sim_fw_ops = {
	.supported = fw_supported,
	.read = fw_read,
};
