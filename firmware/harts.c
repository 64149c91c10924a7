/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The harts: which ones the DT names, the firmware's memory laid out at
 * boot for exactly that many (layout.h), each one's msip and mtimecmp (in
 * CLINTs or ACLINT MSWIs and MTIMERs), the topology from /cpus/cpu-map,
 * and the SBI hart sets (hart_mask, hart_mask_base).
 *
 * The region follows the image, from the start of RAM to below the next
 * stage: loaders (U-Boot) relocate themselves to the top of RAM and do not
 * read /reserved-memory, so nothing of ours may lie anywhere else.
 */
#include <libfdt.h>
#include <stdarg.h>
#include <string.h>

#include "fw.h"
#include "lib/bits.h"
#include "lib/fmt.h"

struct fw_hart **fw_hart_table;
unsigned long fw_hart_table_len;
extern char _fw_end[];

/* What fw_harts_scan found, for fw_harts_layout. */
static unsigned int named;		/* harts the DT names */
extern int fw_boot_sleep;		/* entry.S: the others may wfi */
static bool ipi_device_named(const void *fdt);

static bool isa_has(const char *isa, const char *ext)
{
	const char *p = strchr(isa, '_');
	size_t n = strlen(ext);

	while (p) {
		p++;
		if (!strncmp(p, ext, n) && (p[n] == '_' || p[n] == 0))
			return true;
		p = strchr(p, '_');
	}
	return false;
}

static bool isa_base_has(const char *isa, char letter)
{
	const char *p = isa + 4;	/* after "rv64" / "rv32" */

	for (; *p && *p != '_'; p++)
		if (*p == letter)
			return true;
	return false;
}

/*
 * Calls fn for each hart the firmware runs: enabled cpu nodes, the first
 * FW_MAX_HARTS of them with ids up to FW_MAX_HARTID, in DT order. With
 * `loud`, every cpu node left out is named on the console.
 */
static void for_each_cpu(const void *fdt, bool loud,
			 void (*fn)(const void *fdt, int node, unsigned long id, void *arg),
			 void *arg)
{
	int cpus = fdt_path_offset(fdt, "/cpus"), node;
	unsigned int taken = 0;

	named = 0;
	fdt_for_each_subnode(node, fdt, cpus) {
		const char *type = fdt_getprop(fdt, node, "device_type", NULL);
		const char *status = fdt_getprop(fdt, node, "status", NULL);
		const fdt32_t *reg = fdt_getprop(fdt, node, "reg", NULL);
		unsigned long id;

		if (!type || strcmp(type, "cpu") || !reg ||
		    (status && strcmp(status, "okay") && strcmp(status, "ok")))
			continue;
		named++;
		id = fdt32_to_cpu(*reg);
		if (id > FW_MAX_HARTID) {
			if (loud)
				fw_printf("rvpmu: hart %lu left stopped: hart ids above %d are "
					  "not supported\n", id, FW_MAX_HARTID);
			continue;
		}
		if (taken == FW_MAX_HARTS) {
			if (loud)
				fw_printf("rvpmu: hart %lu left stopped: this firmware runs at "
					  "most %d harts\n", id, FW_MAX_HARTS);
			continue;
		}
		taken++;
		fn(fdt, node, id, arg);
	}
}

static void scan_one(const void *fdt, int node, unsigned long id, void *arg)
{
	const char *isa = fdt_getprop(fdt, node, "riscv,isa", NULL);
	bool *first = arg;

	if (id > plat.max_hartid || !plat.nr_harts)
		plat.max_hartid = id;
	plat.nr_harts++;
	if (!isa)
		return;
	/* an extension counts only if every hart has it */
	if (*first) {
		plat.sstc = isa_has(isa, "sstc");
		plat.sscofpmf = isa_has(isa, "sscofpmf");
		plat.smcdeleg = isa_has(isa, "smcdeleg");
		plat.hyp = isa_base_has(isa, 'h');
		*first = false;
	} else {
		plat.sstc &= isa_has(isa, "sstc");
		plat.sscofpmf &= isa_has(isa, "sscofpmf");
		plat.smcdeleg &= isa_has(isa, "smcdeleg");
		plat.hyp &= isa_base_has(isa, 'h');
	}
}

int fw_harts_scan(const void *fdt)
{
	int cpus = fdt_path_offset(fdt, "/cpus");
	const fdt32_t *tb;
	bool first = true;

	if (cpus < 0)
		return cpus;
	/* before the long walk of the harts: the waiting ones stop spinning
	   once an IPI is sure to wake them */
	if (ipi_device_named(fdt))
		__atomic_store_n(&fw_boot_sleep, 1, __ATOMIC_RELEASE);
	tb = fdt_getprop(fdt, cpus, "timebase-frequency", NULL);
	plat.timebase = tb ? fdt32_to_cpu(*tb) : 10000000;
	for_each_cpu(fdt, true, scan_one, &first);
	if (named > plat.nr_harts)
		fw_printf("rvpmu: the device tree names %u harts; %u of them run (limit: %d "
			  "harts, hart ids up to %d)\n", named, plat.nr_harts, FW_MAX_HARTS,
			  FW_MAX_HARTID);
	return plat.nr_harts ? 0 : -FDT_ERR_NOTFOUND;
}

/* ---- layout */

/*
 * Room the DT fixup may take (fw_dt_fixup: /reserved-memory, two nodes),
 * and room left free in the DT S-mode gets. A next stage edits its DT in
 * place: U-Boot keeps its control DT in a copy exactly as large as the DT's
 * totalsize and at booti writes /chosen (bootargs, linux,initrd-start/end,
 * boot-hartid, rng-seed) into it where it lies (qemu-riscv sets fdt_high
 * to ~0). A packed DT made that write run over U-Boot's global data just
 * above the copy: "Load access fault" with string bytes in TVAL.
 */
#define FW_DT_SLACK	1024
#define FW_DT_ROOM	8192

static uint64_t round_up(uint64_t v, uint64_t to)
{
	return (v + to - 1) & ~(to - 1);
}

/* One console line and halt: the firmware cannot run here. */
static void __attribute__((noreturn, format(printf, 1, 2))) no_room(const char *fmt, ...)
{
	static char why[200];
	va_list ap;

	va_start(ap, fmt);
	rvpmu_vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	fw_halt(why);
}

/*
 * Where everything goes (layout.h): the harts' blocks after the image,
 * `tables` bytes after them, PMP's end on a page, then the DT S-mode gets
 * with room for the fixup. All of it must lie in the RAM bank that holds
 * the image and below the next stage (when that lies above us in it);
 * else one line says what is needed and what there is, and the firmware
 * halts before it has written a byte there. A DT placed inside the region
 * (not by QEMU: it puts its DT at the top of RAM) halts too.
 */
static void place_region(const void *fdt, uint64_t tables)
{
	uint64_t base = plat.fw_base, bank = 0, limit, end, dt;
	uint64_t harts = round_up((uintptr_t)_fw_end, 64);
	uint64_t at = (uintptr_t)fdt, dt_len = fdt_totalsize(fdt);
	unsigned int i;

	for (i = 0; i < plat.nr_mem; i++)
		if (base >= plat.mem[i].base && base - plat.mem[i].base < plat.mem[i].size)
			bank = plat.mem[i].base + plat.mem[i].size;
	if (!bank)
		no_room("no memory node of the device tree holds the firmware at 0x%llx",
			(unsigned long long)base);
	plat.harts_base = harts;
	plat.fw_size = round_up(harts + (uint64_t)plat.nr_harts * FW_HART_BLOCK + tables,
				FW_PAGE) - base;
	plat.dt_base = dt = base + plat.fw_size;
	plat.dt_size = round_up(dt_len + FW_DT_SLACK + FW_DT_ROOM, FW_PAGE);
	end = dt + plat.dt_size;
	limit = plat.next_addr > base && plat.next_addr < bank ? plat.next_addr : bank;
	if (end > limit)
		no_room("%u harts need %llu KiB of firmware memory from 0x%llx (image %llu KiB, "
			"%llu bytes a hart, DT %llu KiB); %s 0x%llx leaves %llu KiB",
			plat.nr_harts, (unsigned long long)((end - base) >> 10),
			(unsigned long long)base, (unsigned long long)((harts - base) >> 10),
			(unsigned long long)FW_HART_BLOCK, (unsigned long long)(plat.dt_size >> 10),
			limit == bank ? "the end of RAM at" : "the next stage at",
			(unsigned long long)limit, (unsigned long long)((limit - base) >> 10));
	if (at < end && harts < at + dt_len)
		no_room("the device tree at 0x%llx lies where the firmware's memory goes "
			"(0x%llx-0x%llx)", (unsigned long long)at, (unsigned long long)harts,
			(unsigned long long)(end - 1));
}

static void place_hart(const void *fdt, int node, unsigned long id, void *arg)
{
	unsigned int *n = arg;
	int intc = fdt_first_subnode(fdt, node);
	struct fw_hart *h = (struct fw_hart *)(uintptr_t)(plat.harts_base +
		(uint64_t)*n * FW_HART_BLOCK + FW_STACK_SIZE);

	memset(h, 0, sizeof(*h));
	h->hartid = id;
	h->hsm = HSM_STOPPED;
	h->dt_phandle = fdt_get_phandle(fdt, node);
	for (; intc >= 0; intc = fdt_next_subnode(fdt, intc))
		if (fdt_getprop(fdt, intc, "interrupt-controller", NULL))
			h->intc_phandle = fdt_get_phandle(fdt, intc);
	fw_hart_table[id] = h;
	(*n)++;
}

/* The hart whose cpu node (or its interrupt controller) has phandle ph. */
static struct fw_hart *hart_by_phandle(uint32_t ph, bool intc)
{
	unsigned long id;

	for (id = 0; id < fw_hart_table_len; id++) {
		struct fw_hart *h = fw_hart_table[id];

		if (h && ph == (intc ? h->intc_phandle : h->dt_phandle))
			return h;
	}
	return 0;
}

/* ---- M-mode IPI and timer registers */

#define CAUSE_MSI	3	/* interrupts-extended causes: software */
#define CAUSE_MTI	7	/* ... and timer */
#define CLINT_MTIMECMP	0x4000	/* in a CLINT: msip words at 0, mtimecmp, mtime */
#define CLINT_SIZE	0xc000
#define MTIMER_SIZE	0x8000	/* an MTIMER as one range: mtimecmp at 0, mtime at 0x7ff8 */

/*
 * The devices that hold M-mode's per-hart registers. A CLINT (riscv,clint0
 * as QEMU has it, sifive,clint0 as real boards have it) holds msip and
 * mtimecmp; with ACLINT (QEMU's virt,aclint=on) msip is in a
 * riscv,aclint-mswi and mtimecmp in a riscv,aclint-mtimer. QEMU virt has
 * one of each per NUMA socket.
 */
enum mdev_kind { MDEV_CLINT, MDEV_MSWI, MDEV_MTIMER };
static const struct mdev {
	const char *compat;
	enum mdev_kind kind;
} mdevs[] = {
	{ "riscv,clint0", MDEV_CLINT }, { "sifive,clint0", MDEV_CLINT },
	{ "riscv,aclint-mswi", MDEV_MSWI }, { "riscv,aclint-mtimer", MDEV_MTIMER },
};

static bool ipi_device_named(const void *fdt)
{
	unsigned int i;

	for (i = 0; i < sizeof(mdevs) / sizeof(mdevs[0]); i++)
		if (mdevs[i].kind != MDEV_MTIMER &&
		    fdt_node_offset_by_compatible(fdt, -1, mdevs[i].compat) >= 0)
			return true;
	return false;
}

/* Grow span r (size 0: empty) to hold [base, base + size). */
static void span_add(struct fw_mem *r, uint64_t base, uint64_t size)
{
	uint64_t end = base + size;

	if (!r->size) {
		*r = (struct fw_mem){ base, size };
		return;
	}
	if (end < r->base + r->size)
		end = r->base + r->size;
	if (base > r->base)
		base = r->base;
	*r = (struct fw_mem){ base, end - base };
}

/*
 * A device's interrupts-extended lists <intc cause> per hart it serves;
 * the k-th entry with this cause is the hart of register k, at base +
 * k * stride (msip for the software cause, mtimecmp for the timer one). A
 * hart two devices name keeps the first.
 */
static void assign_regs(const void *fdt, int node, uint32_t cause, uint64_t base,
			unsigned int stride)
{
	int len, i;
	const fdt32_t *ie = fdt_getprop(fdt, node, "interrupts-extended", &len);
	unsigned int k = 0;

	for (i = 0; ie && i + 2 <= len / 4; i += 2) {
		struct fw_hart *h;
		volatile uint32_t **reg;

		if (fdt32_to_cpu(ie[i + 1]) != cause)
			continue;
		h = hart_by_phandle(fdt32_to_cpu(ie[i]), true);
		reg = !h ? 0 : cause == CAUSE_MSI ? &h->msip : &h->mtimecmp;
		if (reg && !*reg)
			*reg = (volatile uint32_t *)(uintptr_t)(base + (uint64_t)k * stride);
		k++;
	}
}

/*
 * One device: each hart's registers in it, and its range in plat.m_regs.
 * An MTIMER's reg is either one range (mtimecmp first, mtime at 0x7ff8)
 * or two, mtime then mtimecmp (QEMU); PMP closes the span of both.
 */
static void add_mdev(const void *fdt, int node, enum mdev_kind kind)
{
	uint64_t base, size, cmp, cmp_size;

	if (fw_dt_reg(fdt, node, 0, &base, &size))
		return;
	switch (kind) {
	case MDEV_CLINT:
		assign_regs(fdt, node, CAUSE_MSI, base, 4);
		assign_regs(fdt, node, CAUSE_MTI, base + CLINT_MTIMECMP, 8);
		span_add(&plat.m_regs[0], base, size < CLINT_SIZE ? CLINT_SIZE : size);
		break;
	case MDEV_MSWI:
		assign_regs(fdt, node, CAUSE_MSI, base, 4);
		span_add(&plat.m_regs[0], base, size);
		break;
	case MDEV_MTIMER:
		if (!fw_dt_reg(fdt, node, 1, &cmp, &cmp_size)) {
			span_add(&plat.m_regs[1], cmp, cmp_size);
		} else {
			cmp = base;
			size = size < MTIMER_SIZE ? MTIMER_SIZE : size;
		}
		assign_regs(fdt, node, CAUSE_MTI, cmp, 8);
		span_add(&plat.m_regs[1], base, size);
		break;
	}
}

static void find_mdevs(const void *fdt)
{
	unsigned int i, j;
	int node;

	for (i = 0; i < sizeof(mdevs) / sizeof(mdevs[0]); i++)
		for (node = fdt_node_offset_by_compatible(fdt, -1, mdevs[i].compat); node >= 0;
		     node = fdt_node_offset_by_compatible(fdt, node, mdevs[i].compat)) {
			/* a node listing two of our compatibles is taken once */
			for (j = 0; j < i; j++)
				if (!fdt_node_check_compatible(fdt, node, mdevs[j].compat))
					break;
			if (j == i)
				add_mdev(fdt, node, mdevs[i].kind);
		}
}

/*
 * How many harts have an msip (timer: an mtimecmp): all of them, or none
 * (no such device: a mode of its own); some but not all is a DT the
 * firmware cannot run, said on the console.
 */
static bool has_reg(unsigned int pos, bool timer)
{
	return timer ? fw_hart_at(pos)->mtimecmp : fw_hart_at(pos)->msip;
}

static int count_regs(bool timer, bool *all)
{
	unsigned int p, n = 0;

	for (p = 0; p < plat.nr_harts; p++)
		n += has_reg(p, timer);
	*all = n == plat.nr_harts;
	if (!n || *all)
		return 0;
	for (p = 0; p < plat.nr_harts; p++)
		if (!has_reg(p, timer))
			fw_printf("rvpmu: hart %lu has no %s device in the device tree\n",
				  fw_hart_at(p)->hartid, timer ? "timer" : "IPI");
	return -FDT_ERR_NOTFOUND;
}

/* ---- topology */

struct topo {
	uint32_t *ids;
	uint16_t *cluster;
	unsigned int n, nr_clusters;
	int last_parent;		/* DT offset of the last cluster seen */
	bool bad;
};

static void topo_add(struct topo *t, const void *fdt, int leaf, int cluster_node)
{
	const fdt32_t *cpu = fdt_getprop(fdt, leaf, "cpu", NULL);
	struct fw_hart *h = cpu ? hart_by_phandle(fdt32_to_cpu(*cpu), false) : 0;

	if (!h)		/* a cpu we do not run (disabled, past the limit) */
		return;
	if (t->n == plat.nr_harts || h->pos) {	/* pos is 1-based while placing */
		t->bad = true;
		return;
	}
	if (cluster_node != t->last_parent) {
		t->nr_clusters++;
		t->last_parent = cluster_node;
	}
	t->ids[t->n] = (uint32_t)h->hartid;
	t->cluster[t->n] = (uint16_t)(t->nr_clusters - 1);
	h->pos = ++t->n;
}

/*
 * Depth first through socket/cluster/core/thread nodes: a hart's cluster
 * is the node holding its core (so clusters inside sockets stay apart).
 */
static void topo_walk(struct topo *t, const void *fdt, int node, int parent, int depth)
{
	int child;

	if (depth > 6) {
		t->bad = true;
		return;
	}
	fdt_for_each_subnode(child, fdt, node) {
		const char *name = fdt_get_name(fdt, child, NULL);

		if (fdt_getprop(fdt, child, "cpu", NULL))
			topo_add(t, fdt, child, name && !strncmp(name, "thread", 6) ? parent : node);
		else
			topo_walk(t, fdt, child, node, depth + 1);
	}
}

static void find_topology(const void *fdt, struct topo *t)
{
	int map = fdt_path_offset(fdt, "/cpus/cpu-map");
	unsigned long id;

	t->last_parent = -1;
	if (map >= 0)
		topo_walk(t, fdt, map, map, 0);
	if (map < 0 || t->bad || t->n != plat.nr_harts) {
		if (map >= 0)
			fw_printf("rvpmu: /cpus/cpu-map does not name each hart once: "
				  "one cluster, by hartid\n");
		t->n = 0;
		t->nr_clusters = 1;
		for (id = 0; id < fw_hart_table_len; id++)
			if (fw_hart_table[id]) {
				t->cluster[t->n] = 0;
				t->ids[t->n++] = (uint32_t)id;
			}
	}
	for (id = 0; id < t->n; id++)
		fw_hart_table[t->ids[id]]->pos = (unsigned int)id;
	plat.hart_ids = t->ids;
	plat.hart_cluster = t->cluster;
	plat.nr_clusters = t->nr_clusters;
}

int fw_harts_layout(const void *orig, uint32_t **sampler_scratch)
{
	uint64_t blocks = (uint64_t)plat.nr_harts * FW_HART_BLOCK;
	uint64_t table = (plat.max_hartid + 1) * sizeof(struct fw_hart *);
	uint64_t mbox = FW_MBOX_WORDS(plat.nr_harts) * sizeof(unsigned long);
	/* the hartid table; per position: its mailbox, hartid, 2 words for
	   the sampler, cluster */
	uint64_t tables = table + plat.nr_harts * (mbox + 3 * sizeof(uint32_t) +
						   sizeof(uint16_t));
	struct topo t = { 0 };
	unsigned int n = 0, p;
	uint8_t *after;
	const void *fdt;
	bool timer;
	int err;

	_Static_assert(FW_STACK_SIZE % 16 == 0, "the stack's top must stay 16-byte aligned");
	place_region(orig, tables);
	/* from here on the DT is the copy S-mode gets (fw_dt_fixup edits it) */
	err = fdt_open_into(orig, (void *)(uintptr_t)plat.dt_base, (int)plat.dt_size);
	if (err)
		return err;
	plat.fdt = (void *)(uintptr_t)plat.dt_base;
	fdt = plat.fdt;
	after = (uint8_t *)(uintptr_t)(plat.harts_base + blocks);
	memset(after, 0, tables);
	fw_hart_table = (struct fw_hart **)after;
	fw_hart_table_len = plat.max_hartid + 1;
	t.ids = (uint32_t *)(after + table + plat.nr_harts * mbox);
	t.cluster = (uint16_t *)(t.ids + 3 * plat.nr_harts);
	for_each_cpu(fdt, false, place_hart, &n);
	find_topology(fdt, &t);
	for (p = 0; p < plat.nr_harts; p++)
		fw_hart_at(p)->mbox = (unsigned long *)(after + table + p * mbox);
	find_mdevs(fdt);
	err = count_regs(false, &plat.has_ipi);
	if (!err)
		err = count_regs(true, &timer);
	if (err)
		return err;
	if (!plat.has_ipi)
		fw_printf("rvpmu: no IPI device in the DT (riscv,clint0, sifive,clint0, "
			  "riscv,aclint-mswi): no IPI or RFENCE extension; parked harts poll\n");
	plat.has_mtimer = timer;
	plat.has_timer = plat.sstc || timer;
	if (!plat.has_timer)
		fw_printf("rvpmu: no timer device in the DT (riscv,clint0, sifive,clint0, "
			  "riscv,aclint-mtimer) and no Sstc: no TIME extension\n");
	*sampler_scratch = t.ids + plat.nr_harts;
	return 0;
}

void fw_print_topology(void)
{
	unsigned int c, lo = ~0u, hi = 0, p = 0;

	for (c = 0; c < plat.nr_clusters; c++) {
		unsigned int k = 0;

		for (; p < plat.nr_harts && plat.hart_cluster[p] == c; p++)
			k++;
		lo = k < lo ? k : lo;
		hi = k > hi ? k : hi;
	}
	if (lo == hi)
		fw_printf("topology: %u cluster%s x %u hart%s\n", plat.nr_clusters,
			  plat.nr_clusters == 1 ? "" : "s", lo, lo == 1 ? "" : "s");
	else
		fw_printf("topology: %u clusters of %u to %u harts, %u harts\n",
			  plat.nr_clusters, lo, hi, plat.nr_harts);
}

/* ---- hart sets */

long fw_hartset_check(struct fw_hartset s)
{
	unsigned long m;

	if (s.base == FW_HARTSET_ALL)
		return SBI_SUCCESS;
	for (m = s.mask; m; m &= m - 1) {
		unsigned long id = s.base + (unsigned long)rvpmu_ctz64(m);

		if (id < s.base || !fw_hart_of(id))
			return SBI_ERR_INVALID_PARAM;
	}
	return SBI_SUCCESS;
}

struct fw_hart *fw_hartset_next(struct fw_hartset s, unsigned long *cursor)
{
	unsigned long rest;

	if (s.base == FW_HARTSET_ALL)
		return *cursor < plat.nr_harts ? fw_hart_at((unsigned int)(*cursor)++) : 0;
	/* *cursor: the mask bits already walked */
	rest = s.mask & ~*cursor;
	if (!rest)
		return 0;
	rest &= -rest;
	*cursor |= rest;
	return fw_hart_of(s.base + (unsigned long)rvpmu_ctz64(rest));
}

/*
 * The M-mode stacks are small (layout.h): each hart paints the unused part
 * of its own at set-up, and fw_stack_report finds how deep any has been.
 */
#define STACK_PAINT 0x5aa5c33c5aa5c33cull

void fw_stack_paint(struct fw_hart *h)
{
	unsigned long *w = (unsigned long *)((uintptr_t)h - FW_STACK_SIZE), sp;

	__asm__("mv %0, sp" : "=r"(sp));
	for (; (uintptr_t)w < sp - 64; w++)
		*w = (unsigned long)STACK_PAINT;
}

void fw_stack_report(void)
{
	unsigned long most = 0, who = 0;
	unsigned int p;

	for (p = 0; p < plat.nr_harts; p++) {
		const unsigned long *w = (const unsigned long *)((uintptr_t)fw_hart_at(p) -
								 FW_STACK_SIZE);
		unsigned long used = FW_STACK_SIZE;

		for (; used && *w == (unsigned long)STACK_PAINT; w++)
			used -= sizeof(*w);
		if (used > most) {
			most = used;
			who = fw_hart_at(p)->hartid;
		}
	}
	fw_printf("rvpmu: M-mode stacks: at most %lu of %u bytes used (hart %lu)\n", most,
		  FW_STACK_SIZE, who);
}
