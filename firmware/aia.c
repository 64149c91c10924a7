/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The AIA controllers M-mode owns (aia.h). An APLIC's machine-level domain
 * is the root of the domain tree: until it delegates a source (its
 * sourcecfg's D bit and a child's index), the supervisor-level domain
 * cannot see that source at all, and S-mode's devices (the UART first)
 * never interrupt. In MSI mode only the root domain holds the MSI address
 * configurations, both its own (mmsiaddrcfg/h: also the hart-index
 * layout both levels use) and the supervisor level's (smsiaddrcfg/h), so
 * S-mode's APLIC driver cannot send an MSI until M-mode has written them.
 * The machine-level IMSIC files are M-mode's; QEMU names them in the DT it
 * hands the firmware, and a kernel given them waits for ever for a
 * controller it cannot reach ("deferred probe pending").
 *
 * A controller is machine-level when its interrupts-extended names a
 * hart's machine external interrupt (cause 11), or, for an APLIC in MSI
 * mode, when its msi-parent is such an IMSIC.
 *
 * Register offsets and fields: the RISC-V AIA specification, 1.0
 * (APLIC: 4.5; IMSIC: 3.6 and 3.9).
 */
#include <libfdt.h>

#include "aia.h"
#include "console.h"
#include "csr.h"
#include "harts.h"
#include "platform.h"

#define CAUSE_MEXT		11	/* interrupts-extended causes: external */
#define CAUSE_SEXT		9

#define APLIC_DOMAINCFG		0x0000
#define APLIC_DOMAINCFG_DM	(1u << 2)	/* delivery mode: MSI */
#define APLIC_SOURCECFG(i)	(0x0004 + 4 * ((i) - 1))	/* source i >= 1 */
#define APLIC_SOURCECFG_D	(1u << 10)	/* delegated; bits 9:0 child */
#define APLIC_MMSIADDRCFG	0x1bc0
#define APLIC_MMSIADDRCFGH	0x1bc4
#define APLIC_SMSIADDRCFG	0x1bc8
#define APLIC_SMSIADDRCFGH	0x1bcc
#define APLIC_MAX_SOURCES	1023
#define APLIC_MAX_CHILD		1023		/* the child index: 10 bits */

#define CSR_MSTATEEN0		0x30c
#define CSR_MSTATEEN0H		0x31c		/* RV32 */
/* mstateen0's bits S-mode's AIA and envcfg need (Smstateen): hstateen
   (SE0), senvcfg (ENVCFG), siselect/sireg (CSRIND), the AIA CSRs (AIA)
   and stopei (IMSIC). WARL: what the hart lacks reads back 0. */
#define MSTATEEN0_OPEN		(1ull << 63 | 1ull << 62 | 1ull << 60 | 1ull << 59 | 1ull << 58)

/* An IMSIC node's layout (the DT binding's properties, their defaults):
   base is the lowest of its reg ranges. */
struct imsic {
	bool found;
	uint64_t base;
	unsigned int guest_bits, hart_bits, group_bits, group_shift;
};

/* What fw_aia_init did, for fw_aia_print (boot hart only). */
static struct {
	unsigned int aplics, delegated, problems;
	bool msi;
	struct imsic m, s;
} seen;

static unsigned int prop_u32(const void *fdt, int node, const char *name, unsigned int dflt)
{
	int len;
	const fdt32_t *v = fdt_getprop(fdt, node, name, &len);

	return v && len == 4 ? fdt32_to_cpu(*v) : dflt;
}

/* The cause every entry of the node's interrupts-extended names (pairs
   <intc cause>), or -1: none, or not all alike. */
static int ie_cause(const void *fdt, int node, unsigned int *nr)
{
	int len, i, cause = -1;
	const fdt32_t *ie = fdt_getprop(fdt, node, "interrupts-extended", &len);

	*nr = 0;
	for (i = 0; ie && i + 2 <= len / 4; i += 2) {
		int c = (int)fdt32_to_cpu(ie[i + 1]);

		if (cause >= 0 && c != cause)
			return -1;
		cause = c;
		(*nr)++;
	}
	return cause;
}

static bool is_imsic(const void *fdt, int node)
{
	return !fdt_node_check_compatible(fdt, node, "riscv,imsics");
}

static bool is_mlevel(const void *fdt, int node)
{
	unsigned int nr;
	const fdt32_t *mp;
	int len, parent;

	if (ie_cause(fdt, node, &nr) == CAUSE_MEXT)
		return true;
	if (is_imsic(fdt, node))
		return false;
	mp = fdt_getprop(fdt, node, "msi-parent", &len);
	if (!mp || len < 4)
		return false;
	parent = fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(*mp));
	return parent >= 0 && is_imsic(fdt, parent) && ie_cause(fdt, parent, &nr) == CAUSE_MEXT;
}

static unsigned int ceil_log2(unsigned int n)
{
	unsigned int b = 0;

	while (b < 31 && (1u << b) < n)
		b++;
	return b;
}

/* The first IMSIC node with a reg delivering `cause`, or a negative
   error; *nr its interrupts-extended entries. */
static int imsic_node(const void *fdt, int cause, unsigned int *nr)
{
	uint64_t base, size;
	int node;

	for (node = fdt_node_offset_by_compatible(fdt, -1, "riscv,imsics"); node >= 0;
	     node = fdt_node_offset_by_compatible(fdt, node, "riscv,imsics"))
		if (ie_cause(fdt, node, nr) == cause && !fw_dt_reg(fdt, node, 0, &base, &size))
			break;
	return node;
}

/* The first IMSIC node delivering `cause`, its layout in *im. */
static void read_imsic(const void *fdt, int cause, struct imsic *im)
{
	unsigned int nr;
	uint64_t base, size;
	int node = imsic_node(fdt, cause, &nr), i;

	if (node < 0)
		return;
	im->found = true;
	im->base = ~0ull;	/* it has a reg 0 (imsic_node) */
	for (i = 0; !fw_dt_reg(fdt, node, i, &base, &size); i++)
		if (base < im->base)
			im->base = base;
	im->guest_bits = prop_u32(fdt, node, "riscv,guest-index-bits", 0);
	im->hart_bits = prop_u32(fdt, node, "riscv,hart-index-bits", ceil_log2(nr));
	im->group_bits = prop_u32(fdt, node, "riscv,group-index-bits", 0);
	im->group_shift = prop_u32(fdt, node, "riscv,group-index-shift", 24);
}

/* Record a machine-level register range for PMP (plat.m_aia); false when
   there is no entry left for it. */
static bool close_range(uint64_t base, uint64_t size)
{
	if (plat.nr_m_aia >= FW_MAX_M_AIA)
		return false;
	plat.m_aia[plat.nr_m_aia++] = (struct fw_mem){ base, size };
	return true;
}

static void wr(uint64_t base, uint32_t off, uint32_t v)
{
	*(volatile uint32_t *)(uintptr_t)(base + off) = v;
}

/* The MSI address configurations of a root domain (AIA 4.5.3, 4.5.4):
   the group (high hart index) and hart fields as the M-level IMSIC lays
   its files out; each level's base PPN and guest-index width. */
static void set_msi_cfg(uint64_t regs)
{
	const struct imsic *m = seen.m.found ? &seen.m : &seen.s;
	uint64_t mppn = m->base >> 12, sppn = seen.s.base >> 12;
	unsigned int hhxs = m->group_shift >= 24 ? m->group_shift - 24 : 0;

	uint32_t layout = (hhxs & 0x1f) << 24 | (m->group_bits & 7) << 16 |
			  (m->hart_bits & 0xf) << 12;

	wr(regs, APLIC_MMSIADDRCFG, (uint32_t)mppn);
	wr(regs, APLIC_MMSIADDRCFGH, layout | (m->guest_bits & 7) << 20 |
	   ((uint32_t)(mppn >> 32) & 0xfff));
	/*
	 * The hart-index layout (HHXS, HHXW, LHXW) is mmsiaddrcfgh's alone;
	 * smsiaddrcfgh holds only LHXS and the base. QEMU up to 10.0 reads
	 * the layout for S-level MSIs from smsiaddrcfgh, so without it there
	 * every S-level MSI went to hart index 0: the UART's interrupt, moved
	 * off CPU 0 (an affinity change, CPU 0 offline), was lost for good
	 * (scripts/aia-hotplug-check). Those bits are reserved in
	 * smsiaddrcfgh (AIA 4.5.4), read as zero where the layout is read
	 * right; written the same in both, as OpenSBI does.
	 */
	if (seen.s.found) {
		wr(regs, APLIC_SMSIADDRCFG, (uint32_t)sppn);
		wr(regs, APLIC_SMSIADDRCFGH, layout | (seen.s.guest_bits & 7) << 20 |
		   ((uint32_t)(sppn >> 32) & 0xfff));
	}
}

/* Index of phandle ph in the node's riscv,children, or -1. */
static int child_index(const void *fdt, int node, uint32_t ph)
{
	int len, i;
	const fdt32_t *c = fdt_getprop(fdt, node, "riscv,children", &len);

	for (i = 0; c && i < len / 4 && i <= APLIC_MAX_CHILD; i++)
		if (fdt32_to_cpu(c[i]) == ph)
			return i;
	return -1;
}

/* One machine-level APLIC: its delegations (triples <child first last>),
   each checked whole before any source is written. */
static void setup_aplic(const void *fdt, int node)
{
	uint64_t regs, size;
	unsigned int nsrc = prop_u32(fdt, node, "riscv,num-sources", 0), i, s;
	const fdt32_t *d;
	int len;
	bool msi = fdt_getprop(fdt, node, "msi-parent", NULL) != NULL;

	if (fw_dt_reg(fdt, node, 0, &regs, &size) || size < 0x4000) {
		fw_printf("rvpmu: an M-level APLIC without a reg of 16 KiB or more: "
			  "left as reset left it\n");
		seen.problems++;
		return;
	}
	seen.aplics++;
	if (!close_range(regs, size))
		fw_printf("rvpmu: no PMP entry left for the M-level APLIC at 0x%llx: "
			  "left open to S-mode\n", (unsigned long long)regs);
	/* interrupts of the domain itself stay off (IE 0): M-mode takes none */
	wr(regs, APLIC_DOMAINCFG, msi ? APLIC_DOMAINCFG_DM : 0);
	if (msi) {
		seen.msi = true;
		set_msi_cfg(regs);
	}
	d = fdt_getprop(fdt, node, "riscv,delegation", &len);
	if (!d)
		d = fdt_getprop(fdt, node, "riscv,delegate", &len);
	if (nsrc > APLIC_MAX_SOURCES)
		nsrc = APLIC_MAX_SOURCES;
	for (i = 0; d && i + 3 <= (unsigned int)len / 4; i += 3) {
		int child = child_index(fdt, node, fdt32_to_cpu(d[i]));
		unsigned int first = fdt32_to_cpu(d[i + 1]), last = fdt32_to_cpu(d[i + 2]);

		if (child < 0 || first < 1 || first > last || last > nsrc) {
			fw_printf("rvpmu: APLIC at 0x%llx: delegation <0x%x %u %u> names no child "
				  "or sources past %u: not delegated\n", (unsigned long long)regs,
				  (unsigned int)fdt32_to_cpu(d[i]), first, last, nsrc);
			seen.problems++;
			continue;
		}
		for (s = first; s <= last; s++)
			wr(regs, APLIC_SOURCECFG(s), APLIC_SOURCECFG_D | (uint32_t)child);
		seen.delegated += last - first + 1;
	}
}

static void close_imsic(const void *fdt, int node)
{
	uint64_t base, size;
	int i;

	for (i = 0; !fw_dt_reg(fdt, node, i, &base, &size); i++)
		if (!close_range(base, size))
			fw_printf("rvpmu: no PMP entry left for the M-level IMSIC at 0x%llx: "
				  "left open to S-mode\n", (unsigned long long)base);
}

void fw_aia_init(const void *fdt)
{
	unsigned int nr;
	int node;

	read_imsic(fdt, CAUSE_MEXT, &seen.m);
	read_imsic(fdt, CAUSE_SEXT, &seen.s);
	for (node = fdt_node_offset_by_compatible(fdt, -1, "riscv,imsics"); node >= 0;
	     node = fdt_node_offset_by_compatible(fdt, node, "riscv,imsics"))
		if (ie_cause(fdt, node, &nr) == CAUSE_MEXT)
			close_imsic(fdt, node);
	for (node = fdt_node_offset_by_compatible(fdt, -1, "riscv,aplic"); node >= 0;
	     node = fdt_node_offset_by_compatible(fdt, node, "riscv,aplic"))
		if (is_mlevel(fdt, node))
			setup_aplic(fdt, node);
}

void fw_aia_print(void)
{
	unsigned int i;

	if (!seen.aplics && !seen.m.found && !seen.s.found)
		return;
	fw_printf("aia: %u M-level APLIC(s), %s mode, %u source(s) delegated to S-level "
		  "domains%s\n", seen.aplics, seen.msi ? "MSI" : "direct", seen.delegated,
		  seen.problems ? " (problems above)" : "");
	if (seen.msi)
		fw_printf("aia: MSIs to IMSICs at 0x%llx (M) and 0x%llx (S): hart index bits %u, "
			  "group bits %u at %u, S guest bits %u\n",
			  (unsigned long long)seen.m.base, (unsigned long long)seen.s.base,
			  seen.m.hart_bits, seen.m.group_bits, seen.m.group_shift,
			  seen.s.guest_bits);
	if (plat.ipi_imsic)
		fw_printf("aia: M-mode IPIs through each hart's M-level IMSIC file "
			  "(identity %u): no MSWI in the DT\n", IMSIC_IPI_ID);
	for (i = 0; i < plat.nr_m_aia; i++)
		fw_printf("aia: M-level registers 0x%llx-0x%llx, closed by PMP\n",
			  (unsigned long long)plat.m_aia[i].base,
			  (unsigned long long)(plat.m_aia[i].base + plat.m_aia[i].size - 1));
}

void fw_aia_hart_init(void)
{
	if (plat.smstateen) {
#if __riscv_xlen == 64
		csr_set(CSR_MSTATEEN0, MSTATEEN0_OPEN);
#else
		csr_set(CSR_MSTATEEN0H, MSTATEEN0_OPEN >> 32);
#endif
	}
	if (!plat.smaia || !seen.m.found)
		return;
	/*
	 * Where M-mode's IPIs come through the M-level file (no MSWI), it
	 * takes identity 1 alone, with no threshold; elsewhere it takes
	 * nothing: M-mode's IPIs are msip's.
	 */
	csr_write(CSR_MISELECT, IMSIC_EIDELIVERY);
	csr_write(CSR_MIREG, plat.ipi_imsic ? 1 : 0);
	if (plat.ipi_imsic) {
		csr_write(CSR_MISELECT, IMSIC_EITHRESHOLD);
		csr_write(CSR_MIREG, 0);
		csr_write(CSR_MISELECT, IMSIC_EIE0);
		csr_set(CSR_MIREG, 1ul << IMSIC_IPI_ID);
	}
}

/*
 * The k-th interrupt file of an IMSIC node: its files lie one after the
 * other through its reg ranges, each 2^(guest bits) + 1 pages (the
 * machine level has no guest files: one page), in the order of its
 * interrupts-extended entries (the DT binding's layout, as Linux reads
 * it). 0 when the ranges hold fewer than k + 1.
 */
static uint64_t imsic_file(const void *fdt, int node, unsigned int k)
{
	uint64_t base, size, stride = 4096ull << prop_u32(fdt, node, "riscv,guest-index-bits", 0);
	int i;

	for (i = 0; !fw_dt_reg(fdt, node, i, &base, &size); i++) {
		if (k < size / stride)
			return base + k * stride;
		k -= (unsigned int)(size / stride);
	}
	return 0;
}

bool fw_aia_ipi_regs(const void *fdt)
{
	const fdt32_t *ie;
	unsigned int nr, k = 0, got = 0;
	int node, len, i;

	if (!plat.smaia || (node = imsic_node(fdt, CAUSE_MEXT, &nr)) < 0)
		return false;
	ie = fdt_getprop(fdt, node, "interrupts-extended", &len);
	for (i = 0; ie && i + 2 <= len / 4; i += 2, k++) {
		struct fw_hart *h = fw_hart_by_phandle(fdt32_to_cpu(ie[i]), true);
		uint64_t file = imsic_file(fdt, node, k);

		if (h && file && !h->msip) {
			/* seteipnum_le, at the file's offset 0 */
			h->msip = (volatile uint32_t *)(uintptr_t)file;
			got++;
		}
	}
	if (got)
		plat.ipi_imsic = true;
	return got != 0;
}

/* The first machine-level APLIC or IMSIC node, or a negative error. */
static int next_mlevel(const void *fdt)
{
	static const char *const compat[] = { "riscv,aplic", "riscv,imsics" };
	unsigned int i;
	int node;

	for (i = 0; i < 2; i++)
		for (node = fdt_node_offset_by_compatible(fdt, -1, compat[i]); node >= 0;
		     node = fdt_node_offset_by_compatible(fdt, node, compat[i]))
			if (is_mlevel(fdt, node))
				return node;
	return -FDT_ERR_NOTFOUND;
}

/* The APLICs first: an M-level APLIC's msi-parent is how it is known as
   one, so its IMSIC goes after it. Deleting moves the offsets: look again
   from the start each time (a handful of nodes). */
int fw_aia_dt_fixup(void *fdt)
{
	int node, err;

	while ((node = next_mlevel(fdt)) >= 0)
		if ((err = fdt_del_node(fdt, node)))
			return err;
	return node == -FDT_ERR_NOTFOUND ? 0 : node;
}
