/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ports/opensbi/host/rvpmu_host.c - rvpmu's half of its host in OpenSBI
 * (the patched tree's lib/utils/rvpmu builds it as src/host/): the core's
 * platform configuration, the riscv,pmu mapping read once at cold boot by
 * rvpmu's own parser, and the SBI PMU calls by function id. OpenSBI's half
 * (sbi_ecall_rvpmu.c) registers the extension, keeps each hart's struct
 * rvpmu_hart in its scratch space and gives the services this file uses
 * (include/sbi_utils/rvpmu/rvpmu_host.h); the two meet only there.
 *
 * Why rvpmu's parser and not OpenSBI's fdt_pmu: the core reads its own
 * map (struct rvpmu_map, with the standard events' lookups precomputed);
 * fdt_pmu fills sbi_pmu.c's private tables, which nothing here can read.
 * rvpmu's parser also keeps the good rows of a malformed property (QEMU
 * 7.2's) and says what it dropped, on the console. It runs on OpenSBI's
 * libfdt, once, on the cold-boot hart, before any hart's PMU is set up.
 */
#include <libfdt.h>
#include <sbi_utils/rvpmu/rvpmu_host.h>

#include "core/pmu.h"
#include "core/spec.h"
#include "dt/pmu_dt.h"
#include "lib/bits.h"
#include "rvpmu_osbi.h"

/* read-only once cold init is done: every hart's cfg, and RAM */
#define OSBI_RAM_MAX	8
struct osbi_ram {
	uint64_t base, size;
};
static struct osbi_ram osbi_ram[OSBI_RAM_MAX];
static unsigned int osbi_nr_ram;
static struct rvpmu_map osbi_map;
static struct rvpmu_dt_result osbi_dt;
static struct rvpmu_config osbi_cfg;

/* ---- the hardware seam's ops table: init and the rare paths (the hot
   paths take rvpmu_hw_platform.h's inline calls) */

static uint64_t hw_read(void *ctx, unsigned int ctr)
{
	(void)ctx;
	return rvpmu_osbi_ctr_read(ctr);
}

static void hw_write(void *ctx, unsigned int ctr, uint64_t v)
{
	(void)ctx;
	rvpmu_osbi_ctr_write(ctr, v);
}

/* mhpmeventNh (RV32) exists only with Sscofpmf; ctx is the hart */
static void hw_program(void *ctx, unsigned int ctr, uint64_t ev)
{
	const struct rvpmu_hart *h = ctx;

	rvpmu_osbi_evt_write(ctr, ev, h->sscofpmf);
}

static uint64_t hw_swap_event(void *ctx, unsigned int ctr, uint64_t ev)
{
	(void)ctx;
	return rvpmu_osbi_evt_swap(ctr, ev);
}

static void hw_inhibit(void *ctx, uint32_t mask, bool on)
{
	(void)ctx;
	rvpmu_osbi_inhibit(mask, on);
}

static bool hw_overflowed(void *ctx, unsigned int ctr)
{
	const struct rvpmu_hart *h = ctx;

	return h->sscofpmf && rvpmu_osbi_evt_read(ctr) >> 63;
}

/* what OpenSBI probed at its hart init (sbi_hart.c) */
static uint32_t hw_hpm_present(void *ctx)
{
	(void)ctx;
	return rvpmu_osbi_hpm_mask();
}

static bool hw_has_sscofpmf(void *ctx)
{
	(void)ctx;
	return rvpmu_osbi_has_sscofpmf();
}

static bool hw_has_smcntrpmf(void *ctx)
{
	(void)ctx;
	return rvpmu_osbi_has_smcntrpmf();
}

static void hw_filter_fixed(void *ctx, unsigned int ctr, uint64_t cfg)
{
	(void)ctx;
	rvpmu_osbi_filter_fixed(ctr, cfg);
}

static uint32_t hw_asid(void *ctx)
{
	(void)ctx;
	return rvpmu_osbi_asid();
}

/* ns per timer tick where QEMU's held overflow applies, else 0
   (rvpmu_hw_platform.h); set at cold boot */
unsigned long rvpmu_osbi_held_ns_per_tick;

/* the platform's time in ns, for the parking of held counters */
static uint64_t hw_clock_ns(void *ctx)
{
	unsigned long f = rvpmu_osbi_timer_freq();

	(void)ctx;
	return f ? rvpmu_osbi_time() * (1000000000u / f) : rvpmu_osbi_time();
}

/* firmware events past the standard ones: OpenSBI's half answers them
   (the platform's own, SBI_PMU_FW_PLATFORM), free-running */
static bool fw_supported(void *ctx, uint32_t code, uint64_t data)
{
	(void)ctx;
	return rvpmu_osbi_fw_supported(code, data);
}

static uint64_t fw_read(void *ctx, uint32_t code, uint64_t data)
{
	(void)ctx;
	return rvpmu_osbi_fw_read(code, data);
}

static const struct rvpmu_fw_ops osbi_fw_ops = {
	.supported = fw_supported,
	.read = fw_read,
};

/* A clock-like counter's RV32 high half that loses the low half's borrow
   (QEMU: docs/perf-on-qemu.md) is taken to be possible on every RV32
   hart, as rvpmu's firmware takes it: the sampler's correction touches
   only a count of 2^32 or more in a window under 2^31 ticks, which no
   counter that keeps its borrow reaches. */
static bool hw_hi_without_borrow(void *ctx)
{
	(void)ctx;
	return RVPMU_XLEN == 32;
}

static const struct rvpmu_hw_ops osbi_hw_ops = {
	.read = hw_read,
	.write = hw_write,
	.program = hw_program,
	.swap_event = hw_swap_event,
	.inhibit = hw_inhibit,
	.overflowed = hw_overflowed,
	.hpm_present = hw_hpm_present,
	.has_sscofpmf = hw_has_sscofpmf,
	.has_smcntrpmf = hw_has_smcntrpmf,
	.filter_fixed = hw_filter_fixed,
	.asid = hw_asid,
	.clock_ns = hw_clock_ns,
	.hi_without_borrow = hw_hi_without_borrow,
};

/* ---- S-mode memory: RAM (the DT's memory nodes) that the hart's domain
   lets S-mode use. The root domain alone would let a snapshot or an
   event_get_info array land on a device: its S-mode region is all of the
   address space but the firmware's own. */

/* one cell-sized number from a reg property; cells is 1 or 2 */
static uint64_t reg_cells(const fdt32_t *p, int cells)
{
	return cells == 2 ? ((uint64_t)fdt32_to_cpu(p[0]) << 32) | fdt32_to_cpu(p[1]) :
			    fdt32_to_cpu(p[0]);
}

static void find_ram(const void *fdt)
{
	int ac = fdt_address_cells(fdt, 0), sc = fdt_size_cells(fdt, 0);
	int node, len, i;
	const fdt32_t *reg;

	osbi_nr_ram = 0;
	if (ac < 1 || ac > 2 || sc < 1 || sc > 2)
		return;
	for (node = fdt_node_offset_by_prop_value(fdt, -1, "device_type", "memory", 7);
	     node >= 0;
	     node = fdt_node_offset_by_prop_value(fdt, node, "device_type", "memory", 7)) {
		reg = fdt_getprop(fdt, node, "reg", &len);
		if (!reg)
			continue;
		for (i = 0; (i + ac + sc) * 4 <= len && osbi_nr_ram < OSBI_RAM_MAX; i += ac + sc) {
			osbi_ram[osbi_nr_ram].base = reg_cells(reg + i, ac);
			osbi_ram[osbi_nr_ram].size = reg_cells(reg + i + ac, sc);
			if (osbi_ram[osbi_nr_ram].size)
				osbi_nr_ram++;
		}
	}
}

static bool in_ram(uint64_t pa, uint64_t size)
{
	unsigned int i;

	for (i = 0; i < osbi_nr_ram; i++)
		if (pa >= osbi_ram[i].base && pa - osbi_ram[i].base < osbi_ram[i].size &&
		    size <= osbi_ram[i].size - (pa - osbi_ram[i].base))
			return true;
	return false;
}

static int mem_check(void *ctx, uint64_t pa, uint64_t size, bool write)
{
	(void)ctx;
	if (osbi_nr_ram && !in_ram(pa, size))
		return SBI_ERR_INVALID_ADDRESS;
	return rvpmu_osbi_smode_check(pa, size, write);
}

static void mem_read(void *ctx, uint64_t pa, void *dst, unsigned long len)
{
	(void)ctx;
	rvpmu_osbi_smode_read(pa, dst, len);
}

static void mem_write(void *ctx, uint64_t pa, const void *src, unsigned long len)
{
	(void)ctx;
	rvpmu_osbi_smode_write(pa, src, len);
}

const struct rvpmu_mem_ops osbi_mem_ops = {
	.check = mem_check,
	.read = mem_read,
	.write = mem_write,
};

/* ---- counting while inhibited: QEMU 7.2 derives counters of cycles and
   instructions from its clock and lets them run on in mcountinhibit;
   later QEMUs and real hardware hold them still. */

bool rvpmu_osbi_counts_inhibited = true;

/* OpenSBI's event sites test the core's word for their code first */
unsigned long rvpmu_host_fw_counting_offset = __builtin_offsetof(struct rvpmu_hart, fw_counting);
_Static_assert(sizeof(union rvpmu_fw_counting) == 4,
	       "rvpmu_host.h: one 32-bit word per standard firmware event (RVPMU_MAX_FW 16)");

/*
 * The lowest hpm counter, given the cycles event (OF set with Sscofpmf:
 * no interrupt) and left to run a little, then inhibited: read at once
 * and after a short wait, twice. A counter that holds still reads the
 * same each time. One that did not count at all tells nothing: the
 * write-backs stay (harmless where they are not needed). The counter's
 * event goes back to 0 after (QEMU maps an event to one counter only,
 * and drops the mapping only when the selector is written 0); each hart's
 * init then writes its boot state. Cold boot, before any hart's init.
 */
static void probe_counts_inhibited(void)
{
	uint32_t hpm = rvpmu_osbi_hpm_mask() & ~UINT32_C(7), bit;
	uint64_t ev = 1, r0, r1, r2;
	unsigned int c, i;
	bool counted;

	if (!hpm)
		return;
	c = rvpmu_ctz64(hpm);
	bit = UINT32_C(1) << c;
	if (rvpmu_osbi_has_sscofpmf())
		ev |= MHPMEVENT_OF;
	rvpmu_osbi_inhibit(bit, true);
	rvpmu_osbi_evt_write(c, ev, rvpmu_osbi_has_sscofpmf());
	rvpmu_osbi_ctr_write(c, 0);
	rvpmu_osbi_inhibit(bit, false);
	for (i = 0; i < 1000 && !rvpmu_osbi_ctr_read(c); i++)
		;
	counted = i < 1000;
	rvpmu_osbi_inhibit(bit, true);
	r0 = rvpmu_osbi_ctr_read(c);
	for (i = 0; i < 64; i++)
		__asm__ volatile("nop");
	r1 = rvpmu_osbi_ctr_read(c);
	r2 = rvpmu_osbi_ctr_read(c);
	rvpmu_osbi_evt_write(c, 0, rvpmu_osbi_has_sscofpmf());
	rvpmu_osbi_ctr_write(c, 0);
	rvpmu_osbi_counts_inhibited = !counted || r0 != r1 || r1 != r2 || !r1;
}

/* ---- the host's entry points */

/* the core's state and the sampler's (rvpmu_osbi.h) */
unsigned long rvpmu_host_hart_size(void)
{
	return sizeof(struct osbi_hart);
}

static void report_dt(void)
{
	char line[160];
	unsigned int i, n = osbi_dt.nr_problems;

	if (osbi_dt.node < 0) {
		rvpmu_osbi_puts("rvpmu: no riscv,pmu node: cycles, instructions and "
				"firmware events only");
		return;
	}
	for (i = 0; i < n && i < RVPMU_DT_MAX_PROBLEMS; i++) {
		unsigned long k = 0;
		const char *pre = "rvpmu: riscv,pmu: ";

		while (pre[k] && k < sizeof(line) - 1) {
			line[k] = pre[k];
			k++;
		}
		rvpmu_dt_problem_str(&osbi_dt.problems[i], line + k, sizeof(line) - k);
		rvpmu_osbi_puts(line);
	}
}

int rvpmu_host_cold_init(const void *fdt)
{
	int err;

	probe_counts_inhibited();
	rvpmu_osbi_puts(rvpmu_osbi_counts_inhibited ?
			"rvpmu: counters count on while inhibited (probed): stop writes them back" :
			"rvpmu: counters hold still while inhibited (probed)");
	rvpmu_map_init(&osbi_map);
	osbi_dt.node = -1;
	if (fdt) {
		find_ram(fdt);
		/* the harts are taken to be alike, as OpenSBI's PMU takes them */
		err = rvpmu_dt_parse(fdt, fdt_totalsize(fdt), rvpmu_osbi_hpm_mask() | 5u,
				     &osbi_map, &osbi_dt);
		if (err < 0)
			rvpmu_osbi_puts("rvpmu: the device tree is unreadable: "
					"no platform event mapping");
		else
			report_dt();
	}
	/* the overflow held back by a far write (rvpmu_hw_platform.h): as in
	   rvpmu's firmware, assumed wherever Sscofpmf is, no platform test */
	if (rvpmu_osbi_has_sscofpmf() && rvpmu_osbi_timer_freq() &&
	    rvpmu_osbi_timer_freq() <= 1000000000u)
		rvpmu_osbi_held_ns_per_tick = 1000000000u / rvpmu_osbi_timer_freq();
	osbi_cfg.hw = &osbi_hw_ops;
	osbi_cfg.mem = &osbi_mem_ops;
	osbi_cfg.fw = &osbi_fw_ops;
	osbi_cfg.map = &osbi_map;
	osbi_cfg.nr_fw = RVPMU_DEFAULT_FW;
	return 0;
}

/*
 * On the hart, when it starts. Started again after an HSM stop, it keeps
 * its state, which rvpmu_host_hart_reset() released when it stopped (as
 * in rvpmu's firmware): the sampler reads every hart's state at any
 * time, and a new init would clear it under the reader.
 */
int rvpmu_host_hart_init(void *hart)
{
	struct osbi_hart *h = hart;
	int err;

	if (h->own && h->pmu.cfg)
		return 0;
	err = rvpmu_hart_init(&h->pmu, &osbi_cfg, hart);
	if (!err)
		h->own = true;
	return err;
}

/* Cold boot, on the boot hart, for a hart not started yet: the boot
   hart's state stands in for its own until it starts */
int rvpmu_host_hart_stand_in(void *hart)
{
	struct osbi_hart *h = hart;

	return rvpmu_hart_init(&h->pmu, &osbi_cfg, hart);
}

void rvpmu_host_hart_reset(void *hart)
{
	rvpmu_hart_reset(hart);
}

unsigned long rvpmu_host_fw_base(void *hart)
{
	return ((struct rvpmu_hart *)hart)->fw_base;
}

void rvpmu_host_fw_event(void *hart, unsigned long code)
{
	if (code < SBI_PMU_FW_STD_COUNT)
		rvpmu_fw_event(hart, (unsigned int)code);
}

/* a 64-bit argument from S-mode: one register, or two (low first) on RV32 */
static uint64_t arg64(const unsigned long *a, unsigned int i)
{
#if RVPMU_XLEN == 32
	return ((uint64_t)a[i + 1] << 32) | a[i];
#else
	return a[i];
#endif
}

/*
 * config_matching, start and stop. With RVPMU_SMALL (OpenSBI's room:
 * core/internal.h) they go straight to the core's spec layer, which takes
 * every request as the SBI chapter words it; the fast layer in front of
 * it (the same answers, fewer instructions for the common requests) is
 * then left out of the image, 6.9 KB of code on RV64.
 */
#ifdef RVPMU_SMALL
#define osbi_config_matching	rvpmu_spec_config_matching
#define osbi_counter_start	rvpmu_spec_counter_start
#define osbi_counter_stop	rvpmu_spec_counter_stop
#else
#define osbi_config_matching	rvpmu_counter_config_matching
#define osbi_counter_start	rvpmu_counter_start
#define osbi_counter_stop	rvpmu_counter_stop
#endif

long rvpmu_host_call(void *hart, unsigned long fid, const unsigned long *a,
		     unsigned long *value)
{
	struct rvpmu_hart *h = hart;
	struct rvpmu_ret r;

	switch (fid) {
	case SBI_PMU_NUM_COUNTERS:
		r = rvpmu_num_counters(h);
		break;
	case SBI_PMU_COUNTER_GET_INFO:
		r = rvpmu_counter_get_info(h, a[0]);
		break;
	case SBI_PMU_COUNTER_CONFIG_MATCHING:
		r = osbi_config_matching(h, a[0], a[1], a[2], a[3], arg64(a, 4));
		break;
	case SBI_PMU_COUNTER_START:
		r = osbi_counter_start(h, a[0], a[1], a[2], arg64(a, 3));
		break;
	case SBI_PMU_COUNTER_STOP:
		r = osbi_counter_stop(h, a[0], a[1], a[2]);
		break;
	case SBI_PMU_COUNTER_FW_READ:
		r = rvpmu_counter_fw_read(h, a[0]);
		break;
	case SBI_PMU_COUNTER_FW_READ_HI:
		r = rvpmu_counter_fw_read_hi(h, a[0]);
		break;
	case SBI_PMU_SNAPSHOT_SET_SHMEM:
		r = rvpmu_snapshot_set_shmem(h, a[0], a[1], a[2]);
		break;
	case SBI_PMU_EVENT_GET_INFO:
		r = rvpmu_event_get_info(h, a[0], a[1], a[2], a[3]);
		break;
	default:
		r.error = SBI_ERR_NOT_SUPPORTED;
		r.value = 0;
		break;
	}
	*value = r.value;
	return r.error;
}
