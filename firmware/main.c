/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Boot: the first hart in (entry.S) reads the platform on a boot stack in
 * the image, lays out every hart's memory (harts.c), moves to its own
 * block, sets itself up, prints the banner, fixes the DT up, wakes the
 * others and enters the next stage in S-mode. The others, asleep in
 * entry.S until then, set themselves up and park, stopped, until HSM
 * starts them.
 */
#include "csr.h"
#include "fw.h"

struct fw_platform plat;
const unsigned long fw_hart_size = sizeof(struct fw_hart);
/* The boot hart's stack until per-hart memory exists (one block, so that
   this_hart() finds a harmless struct there meanwhile). */
char fw_boot_block[FW_HART_BLOCK]
	__attribute__((aligned(FW_HART_BLOCK), section(".stacks")));
extern int fw_boot_done;
static unsigned long next_stage;

/* QEMU's record of what to run next (OpenSBI's fw_dynamic convention). */
struct fw_dynamic_info {
	unsigned long magic, version, next_addr, next_mode, options, boot_hart;
};
#define FW_DYNAMIC_MAGIC 0x4942534ful
#if __riscv_xlen == 64
#define DEFAULT_NEXT 0x80200000ul
#else
#define DEFAULT_NEXT 0x80400000ul
#endif

void fw_halt(const char *why)
{
	fw_printf("rvpmu: halting: %s\n", why);
	if (plat.test_dev)	/* make QEMU exit with a failure */
		*(volatile uint32_t *)(plat.test_dev + plat.test_off) = plat.fail_val;
	for (;;)
		__asm__ volatile("wfi");
}

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

/*
 * PMP, first match wins: entry 0 closes the firmware's image to S/U-mode,
 * entry 1 the per-hart region, entries 2 and 3 M-mode's IPI and timer
 * registers (plat.m_regs: the CLINTs, or the ACLINT MSWIs and MTIMERs, each
 * kind under one NAPOT cover, so that two devices far apart do not close
 * what lies between them; off when absent), entry 4 opens everything
 * else. Five entries: pmpcfg0 on rv64, pmpcfg0 and pmpcfg1 on rv32.
 */
static void pmp_setup(void)
{
	uint64_t cfg = PMP_NAPOT | (uint64_t)PMP_NAPOT << 8 |
		       (uint64_t)(PMP_NAPOT | PMP_R | PMP_W | PMP_X) << 32;

	csr_write(CSR_PMPADDR0, napot(plat.fw_base, plat.fw_size));
	csr_write(CSR_PMPADDR0 + 1, napot(plat.harts_base, plat.harts_size));
	csr_write(CSR_PMPADDR0 + 2, plat.m_regs[0].size ? napot_cover(&plat.m_regs[0]) : 0);
	csr_write(CSR_PMPADDR0 + 3, plat.m_regs[1].size ? napot_cover(&plat.m_regs[1]) : 0);
	csr_write(CSR_PMPADDR0 + 4, ~0ul);
	if (plat.m_regs[0].size)
		cfg |= (uint64_t)PMP_NAPOT << 16;
	if (plat.m_regs[1].size)
		cfg |= (uint64_t)PMP_NAPOT << 24;
#if __riscv_xlen == 64
	csr_write(CSR_PMPCFG0, cfg);
#else
	csr_write(CSR_PMPCFG0 + 1, (unsigned long)(cfg >> 32));
	csr_write(CSR_PMPCFG0, (unsigned long)cfg);
#endif
	__asm__ volatile("sfence.vma" ::: "memory");
}

static void hart_setup(struct fw_hart *h)
{
	unsigned long deleg = MIP_SSIP | MIP_STIP | MIP_SEIP;

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
	fw_pmu_hart_init(h);
	fw_sampler_hart_init(h);
	h->s_deadline = h->sampler_deadline = UINT64_MAX;	/* MTIP off below */
	/* S-mode may read time and every counter that exists */
	csr_write(CSR_MCOUNTEREN, h->pmu.hw | 0x2u);
	csr_write(CSR_MIE, MIP_MSIP);
}

/*
 * On the boot block: read the platform and lay out per-hart memory.
 * Returns this hart's struct, where entry.S moves sp before calling
 * fw_boot_finish.
 */
struct fw_hart *fw_boot(unsigned long hartid, void *fdt, const struct fw_dynamic_info *info)
{
	struct fw_hart *h;
	int err;

	plat.uart = 0x10000000;	/* QEMU virt's, until the DT says otherwise */
	next_stage = DEFAULT_NEXT;
	if (info && info->magic == FW_DYNAMIC_MAGIC) {
		next_stage = info->next_addr;
		if (info->next_mode != 1)
			fw_halt("the next stage must run in S-mode");
	}
	err = fw_platform_init(fdt);
	if (err) {
		fw_printf("rvpmu: bad device tree at %p (error %d)\n", fdt, err);
		fw_halt("cannot continue without a device tree");
	}
	h = fw_hart_of(hartid);
	if (!h)
		fw_halt("the boot hart is not one this firmware runs");
	return h;
}

static unsigned int harts_ready;	/* secondaries through hart_setup */

/*
 * S-mode may ask anything of any hart from its first instruction (the
 * sampler reads every hart's PMU state at configure), so it starts only
 * once every hart has set itself up; a hart that does not within a second
 * is named and left out of nothing else (HSM still waits for it).
 */
static void wait_for_harts(void)
{
	uint64_t give_up = fw_mtime() + plat.timebase;
	unsigned int want = plat.nr_harts - 1;

	while (__atomic_load_n(&harts_ready, __ATOMIC_ACQUIRE) < want)
		if (fw_mtime() > give_up) {
			fw_printf("rvpmu: only %u of %u secondary harts set up within a second\n",
				  __atomic_load_n(&harts_ready, __ATOMIC_ACQUIRE), want);
			return;
		}
}

/* On the boot hart's own block: the rest of the boot. */
void fw_boot_finish(unsigned long hartid)
{
	struct fw_hart *h = this_hart();
	unsigned int p;

	hart_setup(h);
	h->hsm = HSM_STARTED;
	fw_print_banner();
	fw_dt_fixup();
	fw_printf("rvpmu: entering S-mode at 0x%lx on hart %lu\n\n", next_stage, hartid);
	__atomic_store_n(&fw_boot_done, 1, __ATOMIC_RELEASE);
	/* the others wait in entry.S: asleep until an IPI, or spinning on
	   fw_boot_done without an IPI device */
	for (p = 0; p < plat.nr_harts; p++)
		if (fw_hart_at(p) != h)
			fw_send_ipi(fw_hart_at(p));
	wait_for_harts();
	fw_enter_smode(next_stage, hartid, (unsigned long)plat.fdt);
}

/* A secondary hart the firmware runs, on its own block (entry.S). */
void fw_secondary(void)
{
	hart_setup(this_hart());
	__atomic_fetch_add(&harts_ready, 1, __ATOMIC_RELEASE);
	fw_hsm_park();
}

void fw_hsm_park(void)
{
	struct fw_hart *h = this_hart();

	csr_write(CSR_MIE, MIP_MSIP);
	for (;;) {
		fw_process_mailbox(h);
		if (__atomic_load_n(&h->hsm, __ATOMIC_ACQUIRE) == HSM_START_PENDING) {
			__atomic_store_n(&h->hsm, HSM_STARTED, __ATOMIC_RELEASE);
			fw_enter_smode(h->next_addr, h->hartid, h->next_arg);
		}
		/* without an IPI device nothing would wake a wfi: poll */
		if (plat.has_ipi)
			__asm__ volatile("wfi");
	}
}
