/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Boot, and its order (this file alone calls the units' set-up functions):
 * the first hart in (entry.S) reads the platform on a boot stack in
 * the image, lays out the firmware's memory (layout.c), moves to its own
 * block, sets itself up, prints the banner, fixes the DT up, wakes the
 * others, sleeps until the last of them has set itself up and wakes it,
 * and enters the next stage in S-mode. The others, asleep in entry.S
 * until then, set themselves up and park, stopped, until HSM starts them.
 */
#include <libfdt.h>

#include "aia.h"
#include "console.h"
#include "csr.h"
#include "ext.h"
#include "harts.h"
#include "ipi.h"
#include "layout.h"
#include "lib/fmt.h"
#include "platform.h"
#include "pmu_hw.h"
#include "sbi_dbtr.h"
#include "sbi_fwft.h"
#include "sbi_sampler.h"
#include "timer.h"
#include "topology.h"

/* The boot hart's stack until its block exists (entry.S). */
char fw_boot_stack[FW_BOOT_STACK] __attribute__((aligned(16)));
extern int fw_boot_done;

/* QEMU's record of what to run next (OpenSBI's fw_dynamic convention). */
struct fw_dynamic_info {
	unsigned long magic, version, next_addr, next_mode, options, boot_hart;
};
_Static_assert(__builtin_offsetof(struct fw_dynamic_info, boot_hart) ==
	       FW_DYNAMIC_BOOT_HART * sizeof(unsigned long), "entry.S reads boot_hart");
#if __riscv_xlen == 64
#define DEFAULT_NEXT 0x80200000ul
#else
#define DEFAULT_NEXT 0x80400000ul
#endif

static unsigned long napot(uint64_t base, uint64_t size)
{
	return (unsigned long)((base | (size / 2 - 1)) >> 2);
}

/* pmpaddr of the smallest NAPOT region that covers [base, base + size). */
static unsigned long napot_cover(const struct fw_mem *r)
{
	uint64_t size = 8, end = r->base + r->size;

	while (size && ((r->base & ~(size - 1)) + size < end))
		size <<= 1;
	return napot(r->base & ~(size - 1), size);
}

/* pmpaddr i, pmpcfg register r: CSR numbers are part of the instruction */
static void pmpaddr_write(unsigned int i, unsigned long v)
{
	switch (i) {
#define W(n) case n: csr_write(CSR_PMPADDR0 + n, v); break;
	W(0) W(1) W(2) W(3) W(4) W(5) W(6) W(7) W(8) W(9) W(10) W(11) W(12) W(13)
	W(14) W(15)
#undef W
	}
}

static void pmpcfg_write(unsigned int r, unsigned long v)
{
	switch (r) {
	case 0: csr_write(CSR_PMPCFG0, v); break;
	case 1: csr_write(CSR_PMPCFG0 + 1, v); break;	/* rv32 only */
	case 2: csr_write(CSR_PMPCFG0 + 2, v); break;
	case 3: csr_write(CSR_PMPCFG0 + 3, v); break;	/* rv32 only */
	}
}

/*
 * PMP, first match wins: entries 0 and 1 close the firmware's memory
 * [fw_base, fw_base + fw_size) to S/U-mode (entry 0 is off and only holds
 * the base of entry 1's top-of-range, so the range needs no power-of-two
 * size or alignment), entries 2 and 3 M-mode's IPI and timer registers
 * (plat.m_regs: the CLINTs, or the ACLINT MSWIs and MTIMERs, each kind
 * under one NAPOT cover, so that two devices far apart do not close what
 * lies between them; off when absent), then one NAPOT entry per AIA
 * M-level register range (plat.m_aia: each APLIC root domain, each M-level
 * IMSIC range; none without AIA), and last one entry that opens
 * everything else (the DT S-mode gets included). At most 5 + FW_MAX_M_AIA
 * entries: 13 of QEMU's 16.
 */
static void pmp_setup(void)
{
	uint8_t cfg[16] = { 0, PMP_TOR };
	unsigned int i, n = 4, r;

	pmpaddr_write(0, (unsigned long)(plat.fw_base >> 2));
	pmpaddr_write(1, (unsigned long)((plat.fw_base + plat.fw_size) >> 2));
	for (i = 0; i < 2; i++) {
		pmpaddr_write(2 + i, plat.m_regs[i].size ? napot_cover(&plat.m_regs[i]) : 0);
		cfg[2 + i] = plat.m_regs[i].size ? PMP_NAPOT : 0;
	}
	for (i = 0; i < plat.nr_m_aia; i++, n++) {
		pmpaddr_write(n, napot_cover(&plat.m_aia[i]));
		cfg[n] = PMP_NAPOT;
	}
	pmpaddr_write(n, ~0ul);
	cfg[n] = PMP_NAPOT | PMP_R | PMP_W | PMP_X;
	/* from the highest register down: the catch-all entry is written
	   before the entries in front of it close anything (M-mode is not
	   held by them anyway: none is locked) */
	for (r = (n + sizeof(unsigned long)) / sizeof(unsigned long); r--;) {
		unsigned long v = 0;

		for (i = 0; i < sizeof(unsigned long); i++)
			v |= (unsigned long)cfg[r * sizeof(unsigned long) + i] << (8 * i);
		pmpcfg_write(r * sizeof(unsigned long) / 4, v);
	}
	__asm__ volatile("sfence.vma" ::: "memory");
}

static void hart_setup(struct fw_hart *h)
{
	unsigned long deleg = MIP_SSIP | MIP_STIP | MIP_SEIP;

	fw_stack_paint(h);
	pmp_setup();
	/* the overflow interrupt is S-mode's */
	if (plat.sscofpmf)
		deleg |= MIP_LCOFIP;
	csr_write(CSR_MIDELEG, deleg);
	/* illegal instructions, misaligned and access faults on loads and
	   stores come here first: they are firmware events; so do fetch
	   access faults, so that S-mode jumping to a stvec of 0 (a fault
	   right after hart_start) stops that hart instead of looping */
	csr_write(CSR_MEDELEG, (1ul << CAUSE_MISALIGNED_FETCH) |
		  (1ul << CAUSE_BREAKPOINT) | (1ul << CAUSE_USER_ECALL) |
		  (1ul << CAUSE_FETCH_PAGE_FAULT) | (1ul << CAUSE_LOAD_PAGE_FAULT) |
		  (1ul << CAUSE_STORE_PAGE_FAULT));
	/* with H, what guests raise is the hypervisor's (KVM's) to handle */
	if (plat.hyp)
		csr_set(CSR_MEDELEG, (1ul << CAUSE_VS_ECALL) | (1ul << CAUSE_FETCH_GUEST_PF) |
			(1ul << CAUSE_LOAD_GUEST_PF) | (1ul << CAUSE_VIRTUAL_INSN) |
			(1ul << CAUSE_STORE_GUEST_PF));
	if (plat.sstc) {
#if __riscv_xlen == 64
		csr_set(CSR_MENVCFG, MENVCFG_STCE);
#else
		csr_set(CSR_MENVCFGH, MENVCFG_STCE >> 32);
#endif
	}
	/*
	 * Counter delegation stays off: with menvcfg.CDE S-mode would program
	 * the counters itself (sireg/siselect), behind the PMU core, which
	 * keeps each counter's state (configured, saved value, filter) and
	 * the sampler's reservations (docs/firmware.md). Cleared rather than
	 * left at its reset value, which the spec does not fix.
	 */
	if (plat.smcdeleg) {
#if __riscv_xlen == 64
		csr_clear(CSR_MENVCFG, MENVCFG_CDE);
#else
		csr_clear(CSR_MENVCFGH, MENVCFG_CDE >> 32);
#endif
	}
	fw_aia_hart_init();
	fw_fwft_hart_init(h);
	fw_sse_hart_init(h);
	fw_dbtr_hart_init(h);
	fw_pmu_hart_init(h);
	fw_sampler_hart_init(h);
	h->s_deadline = h->sampler_deadline = UINT64_MAX;	/* MTIP off below */
	fw_counteren_update(h);
	csr_write(CSR_MIE, fw_ipi_mie());
}

/*
 * S-mode may read time and every counter that exists, but a counter the
 * sampler holds on this hart (a run's reservation, sbi_sampler.c's held
 * op at each hart's join and end): its direct read traps and scountovf
 * reads 0 for it, so S-mode sees nothing of the run's counts. Restored
 * when the hart's part of the run ends. Runs on h.
 */
void fw_counteren_update(struct fw_hart *h)
{
	uint64_t held = rvpmu_sampler_held(&h->sampler);

	csr_write(CSR_MCOUNTEREN, (h->pmu.hw | 0x2u) & ~(uint32_t)held);
}

/*
 * On the boot stack: read the platform and lay out the firmware's memory.
 * Returns this hart's struct, where entry.S moves sp before calling
 * fw_boot_finish.
 */
struct fw_hart *fw_boot(unsigned long hartid, void *fdt, const struct fw_dynamic_info *info)
{
	unsigned long next = DEFAULT_NEXT;
	struct fw_sampler_mem sm = { 0 };
	struct fw_hart *h;
	int err;

	if (info && info->magic == FW_DYNAMIC_MAGIC) {
		next = info->next_addr;
		if (info->next_mode != 1)
			fw_halt("the next stage must run in S-mode");
	}
	plat.boot_hartid = hartid;
	/* the machine, its harts and the firmware's region (the DT S-mode
	   gets, grown where it lies or copied there: plat.fdt from then
	   on), the PMU, the sampler */
	err = fw_platform_init(fdt, next);
	if (plat.uart)
		fw_console_init(plat.uart);
	err = err ? err : fw_harts_scan(fdt);
	err = err ? err : fw_harts_layout(fdt, &sm);
	err = err ? err : fw_pmu_init(plat.fdt);
	if (err) {
		fw_printf("rvpmu: bad device tree at %p (error %d)\n", fdt, err);
		fw_halt("cannot continue without a device tree");
	}
	fw_sampler_init(&sm);
	h = fw_hart_of(hartid);
	if (!h)
		fw_halt("the boot hart is not one this firmware runs");
	return h;
}

static void print_banner(void)
{
	char ctrs[96], line[160];
	const struct rvpmu_hart *pmu = &this_hart()->pmu;
	const char *model = fdt_getprop(plat.fdt, 0, "model", NULL);
	unsigned int i;

	fw_printf("\nrvpmu firmware %lu.%lu, SBI %d.%d\n", FW_SBI_IMPL_VERSION >> 16,
		  FW_SBI_IMPL_VERSION & 0xffff, 3, 0);
	fw_printf("platform: %s, %u hart(s), timebase %lu Hz, Sstc %s, H %s\n",
		  model ? model : "?", plat.nr_harts, plat.timebase,
		  plat.sstc ? "yes" : "no", plat.hyp ? "yes" : "no");
	if (plat.smcdeleg)
		fw_printf("pmu: counter delegation (Smcdeleg) present, left off: menvcfg.CDE 0\n");
	for (i = 0; i < plat.nr_mem; i++)
		fw_printf("memory: 0x%llx-0x%llx (%llu MiB)\n",
			  (unsigned long long)plat.mem[i].base,
			  (unsigned long long)(plat.mem[i].base + plat.mem[i].size - 1),
			  (unsigned long long)(plat.mem[i].size >> 20));
	fw_printf("firmware: 0x%llx-0x%llx (%llu KiB: image %llu KiB, %u harts x %llu bytes "
		  "from 0x%llx, tables), closed by PMP; DT 0x%llx-0x%llx (%s); next stage 0x%llx\n",
		  (unsigned long long)plat.fw_base,
		  (unsigned long long)(plat.fw_base + plat.fw_size - 1),
		  (unsigned long long)(plat.fw_size >> 10),
		  (unsigned long long)((plat.harts_base - plat.fw_base) >> 10), plat.nr_harts,
		  (unsigned long long)FW_HART_BLOCK, (unsigned long long)plat.harts_base,
		  (unsigned long long)plat.dt_base,
		  (unsigned long long)(plat.dt_base + plat.dt_size - 1),
		  plat.dt_copied ? "copied" : "in place",
		  (unsigned long long)plat.next_addr);
	for (i = 0; i < 2; i++)
		if (plat.m_regs[i].size)
			fw_printf("%s registers: 0x%llx-0x%llx, closed by PMP\n",
				  i ? "timer" : "IPI", (unsigned long long)plat.m_regs[i].base,
				  (unsigned long long)(plat.m_regs[i].base + plat.m_regs[i].size - 1));
	fw_aia_print();
	fw_print_topology();
	rvpmu_fmt_counters(ctrs, sizeof(ctrs), pmu->hw);
	fw_printf("pmu: hardware counters %s, %u firmware counters (%lu..%lu), Sscofpmf %s, "
		  "Smcntrpmf %s\n", ctrs, plat.pmu.nr_fw, pmu->fw_base, pmu->nr_counters - 1,
		  plat.sscofpmf ? "yes" : "no", plat.smcntrpmf ? "yes" : "no");
	if (plat.dt.node < 0)
		fw_printf("pmu: no riscv,pmu node: cycles, instret and firmware events only\n");
	else
		fw_printf("pmu: DT mapping %s: %u event row(s), %u selector(s), %u raw row(s), "
			  "%u problem(s)\n", plat.dt.path, plat.map.nr_ranges, plat.map.nr_sels,
			  plat.map.nr_raws, plat.dt.nr_problems);
	for (i = 0; i < plat.dt.nr_problems && i < RVPMU_DT_MAX_PROBLEMS; i++) {
		rvpmu_dt_problem_str(&plat.dt.problems[i], line, sizeof(line));
		fw_printf("pmu: DT: %s\n", line);
	}
}

static unsigned int harts_ready;	/* secondaries through hart_setup */

/*
 * S-mode may ask anything of any hart from its first instruction (the
 * sampler reads every hart's PMU state at configure), so it starts only
 * once every hart has set itself up. The boot hart sleeps meanwhile (a
 * spinning hart would keep QEMU's one-thread round robin under -icount
 * from running the others until its 100 ms time slice ends, and take host
 * time from them without it) and the last secondary to arrive wakes it by
 * IPI. A hart that has not arrived within a second is named and left out
 * of nothing else (HSM still waits for it); the mtimecmp alarm that ends
 * the wait is S-mode's deadline slot, free until S-mode runs.
 */
static void wait_for_harts(struct fw_hart *h)
{
	uint64_t give_up = fw_mtime() + plat.timebase;
	unsigned int want = plat.nr_harts - 1, got;

	if (!want)
		return;
	if (plat.has_mtimer)
		fw_timer_set_smode(h, give_up);
	while ((got = __atomic_load_n(&harts_ready, __ATOMIC_ACQUIRE)) < want) {
		if (fw_mtime() > give_up) {
			fw_printf("rvpmu: only %u of %u secondary harts set up within a second\n",
				  got, want);
			break;
		}
		/* the IPI or the alarm wakes it; without either device: poll */
		if (plat.has_ipi && plat.has_mtimer)
			__asm__ volatile("wfi");
	}
	fw_ipi_clear(h);
	if (plat.has_mtimer)
		fw_timer_set_smode(h, UINT64_MAX);
}

/* On the boot hart's own block: the rest of the boot. */
void fw_boot_finish(unsigned long hartid)
{
	struct fw_hart *h = this_hart();
	unsigned int p;

	/* before any hart's PMP: the M-level AIA registers it closes */
	fw_aia_init(plat.fdt);
	hart_setup(h);
	h->hsm = HSM_STARTED;
	print_banner();
	fw_dt_fixup();
	fw_printf("rvpmu: entering S-mode at 0x%lx on hart %lu\n\n", plat.next_addr, hartid);
	__atomic_store_n(&fw_boot_done, 1, __ATOMIC_RELEASE);
	/* the others wait in entry.S: asleep until an IPI, or spinning on
	   fw_boot_done without an IPI device */
	for (p = 0; p < plat.nr_harts; p++)
		if (fw_hart_at(p) != h)
			fw_send_ipi(fw_hart_at(p));
	wait_for_harts(h);
	fw_pmu_probe_clocks(h);
	fw_enter_smode(plat.next_addr, hartid, (unsigned long)plat.fdt);
}

/* A secondary hart the firmware runs, on its own block (entry.S); the
   last one in wakes the boot hart. */
void fw_secondary(void)
{
	struct fw_hart *h = this_hart();

	hart_setup(h);
	if (__atomic_add_fetch(&harts_ready, 1, __ATOMIC_RELEASE) == plat.nr_harts - 1)
		fw_send_ipi(fw_hart_of(plat.boot_hartid));
	fw_hsm_park();
}
