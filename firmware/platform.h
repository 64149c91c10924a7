/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/platform.h - the platform description (plat) and the machine
 * as the device tree names it: RAM, the UART, the test device, the DT
 * S-mode gets, the way out (platform.c).
 *
 * Hart context: the boot hart fills plat (main.c's boot order) before any
 * other hart leaves the entry wait; every hart reads it afterwards, and
 * nobody writes it then. Here, not in each unit, because every unit reads
 * some of it.
 */
#ifndef FW_PLATFORM_H
#define FW_PLATFORM_H

#include <stdbool.h>
#include <stdint.h>

#include "core/pmu.h"
#include "dt/pmu_dt.h"

#define FW_MAX_MEM	4
#define FW_MAX_RESV	8	/* /reserved-memory no-map ranges kept */
#define FW_MAX_M_AIA	8	/* PMP entries for the AIA's M-level registers */

struct fw_mem {
	uint64_t base, size;
};

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
 * fw_hart_of(id)->pos (harts.h); fw_hart_at(p) (topology.h) the other way.
 */
struct fw_platform {
	unsigned int nr_harts, nr_clusters;
	const uint32_t *hart_ids;
	const uint16_t *hart_cluster;
	unsigned long max_hartid;		/* highest hartid run */
	unsigned long boot_hartid;
	unsigned int nr_mem;
	struct fw_mem mem[FW_MAX_MEM];
	/* QEMU's DT's /reserved-memory nodes with no-map: RAM S-mode must
	   not use (SBI shared memory refuses them); nr_resv > FW_MAX_RESV
	   when there were more, and then every such check refuses */
	unsigned int nr_resv;
	struct fw_mem resv[FW_MAX_RESV];
	/*
	 * The firmware's memory (layout.h): [fw_base, fw_base + fw_size) is
	 * the image, the harts' blocks from harts_base and the tables, closed
	 * to S-mode by PMP, below next_addr. The DT S-mode gets, open to it,
	 * is [dt_base, dt_base + dt_size): where it was handed over, grown,
	 * or a copy right after the region (layout.c), then below next_addr
	 * too.
	 */
	uint64_t fw_base, fw_size;
	uint64_t harts_base;
	uint64_t dt_base, dt_size;
	bool dt_copied;				/* ... a copy after the region */
	unsigned long next_addr;		/* the next stage's entry */
	/*
	 * The M-mode IPI and timer registers, closed to S-mode by PMP: [0]
	 * spans every CLINT and ACLINT MSWI, [1] every ACLINT MTIMER (mtimecmp
	 * and mtime); each is covered by one NAPOT entry; size 0 when absent.
	 */
	struct fw_mem m_regs[2];
	/* the AIA's machine-level registers (aia.c: each M-level APLIC's, each
	   range of an M-level IMSIC), each closed by a NAPOT entry of its own */
	struct fw_mem m_aia[FW_MAX_M_AIA];
	unsigned int nr_m_aia;
	/* every hart has an msip word (a CLINT or an MSWI names it, or,
	   without either, its M-level IMSIC file's seteipnum_le: ipi_imsic);
	   without one no hart has: no IPI, no RFENCE, parked harts poll */
	bool has_ipi;
	/* M-mode's IPIs are identity 1 of each hart's M-level IMSIC file:
	   they arrive as MEIP, not MSIP (aia.c, ipi.c) */
	bool ipi_imsic;
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
	/* mstateen0 exists (aia.c opens what S-mode needs); the AIA's M-level
	   CSRs (miselect, mireg, mtopei) exist */
	bool smstateen, smaia;
	/* the boot hart has Sdtrig triggers: DBTR offered (sbi_dbtr.c) */
	bool dbtr;
	/* minstret counts on a clock of its own, not mcycle's: probed once
	   the harts are set up (fw_pmu_probe_clocks) */
	bool instret_apart;
	/* a cycles counter keeps counting, or reads stale, once inhibited
	   (QEMU 7.2): probed at fw_pmu_init on an hpm counter; true until
	   then, and where there is none to probe on */
	bool counts_inhibited;
	uint32_t hpm;				/* the hpm counters (bits 3..31) */
	void *fdt;				/* QEMU's, then S-mode's at dt_base */
	struct rvpmu_map map;
	struct rvpmu_dt_result dt;
	struct rvpmu_config pmu;
};

/* platform.c owns it; the boot hart fills it (main.c's boot order), every
   hart reads it after. */
extern struct fw_platform plat;

/* platform.c: the machine's devices and RAM (plat), the DT S-mode sees,
   and the way out. Boot hart only, except fw_smode_range, fw_smode_shmem
   and fw_halt (any hart). */
/**
 * fw_platform_init() - the devices and RAM banks from QEMU's DT
 * @fdt: the device tree QEMU handed over
 * @next_addr: the next stage's entry (plat.next_addr)
 *
 * Checks the DT's header, then fills plat: the DT (plat.fdt, until the
 * region holds its copy), the next stage's address, the firmware's base,
 * the UART and the sifive,test device (with the syscon-poweroff/reboot
 * values), the memory banks (at most FW_MAX_MEM) and /reserved-memory's
 * no-map ranges.
 *
 * Context: Boot hart only, first thing at boot (fw_boot), on the boot
 *          stack; the others wait in entry.S.
 * Return: 0, or a negative libfdt error (fdt_check_header()'s).
 */
int fw_platform_init(void *fdt, unsigned long next_addr);
/**
 * fw_dt_fixup() - make the copy in the region S-mode's DT
 *
 * The firmware-only PMU mapping out, the machine-level AIA controllers
 * out (fw_aia_dt_fixup()), the region reserved in two nodes (the part PMP
 * closes, no-map; the DT itself, mapped), then packed and opened again
 * over the whole area, so that the next stage finds the free space in the
 * DT's totalsize. Halts with a console line if any step fails.
 *
 * Context: Boot hart only, at boot, after the banner and before the other
 *          harts are woken and S-mode runs.
 */
void fw_dt_fixup(void);			/* what S-mode sees of the DT */
/**
 * fw_smode_range() - is [pa, pa + size) S-mode RAM?
 * @pa: physical address
 * @size: bytes
 *
 * S-mode RAM: inside one of the DT's memory banks, no byte of it in the
 * firmware's memory (PMP-closed; the DT after it is S-mode's to use).
 *
 * Context: Any hart, in M-mode; reads plat only.
 * Return: true if it is, false if not, or when @size is 0 or the range
 *         wraps.
 */
bool fw_smode_range(uint64_t pa, uint64_t size);	/* S-mode RAM? */
/**
 * fw_smode_addr() - an address S-mode passed as two registers, lo and hi
 * @lo: the low XLEN bits
 * @hi: the high bits (on RV32, bits 63..32; on RV64 they would be past 64
 *      bits)
 * @pa: the address (written in any case)
 *
 * As the SBI specification passes a physical address: on RV32 hi:lo, on
 * RV64 lo with hi 0.
 *
 * Context: Any hart, in M-mode.
 * Return: true; false on RV64 when @hi is not 0 (no address S-mode may
 *         name), *@pa then all-ones.
 */
static inline bool fw_smode_addr(unsigned long lo, unsigned long hi, uint64_t *pa)
{
#if __riscv_xlen == 32
	*pa = (uint64_t)hi << 32 | lo;
	return true;
#else
	*pa = hi ? ~0ull : lo;
	return !hi;
#endif
}
/**
 * fw_smode_shmem() - may S-mode share [pa, pa + size) with the firmware?
 * @pa: physical address
 * @size: bytes
 *
 * SBI shared memory (the sampler's): [pa, pa + size) S-mode may read and
 * write: S-mode RAM (fw_smode_range, so not the firmware's, PMP-closed),
 * and no byte in a reserved-memory no-map range. With more no-map ranges
 * than plat keeps (FW_MAX_RESV), every range is refused.
 *
 * Context: Any hart, in M-mode; reads plat only.
 * Return: true if it may, else false.
 */
bool fw_smode_shmem(uint64_t pa, uint64_t size);
/**
 * fw_halt() - stop the machine
 * @why: what went wrong, for the console
 *
 * The machine stops: why on the console, QEMU told to exit with a
 * failure (the sifive,test device), else this hart sleeps for ever.
 *
 * Context: Any hart, in M-mode, boot included (the console works from
 *          the start). Never returns.
 */
void fw_halt(const char *why) __attribute__((noreturn));
/**
 * fw_dt_reg() - reg entry i of a DT node
 * @fdt: the device tree
 * @node: the node's offset
 * @i: the entry's index, from 0
 * @base: set to the entry's address
 * @size: set to its size
 *
 * Read in the parent's #address-cells (1 or 2) and #size-cells (0 to 2).
 *
 * Context: Boot hart, at boot (the DT walks of platform.c, clint.c,
 *          aia.c).
 * Return: 0, or -1 if the node has no such entry, no reg, or cell sizes
 *         out of those ranges (*@base and *@size untouched then).
 */
int fw_dt_reg(const void *fdt, int node, int i, uint64_t *base, uint64_t *size);

#endif
