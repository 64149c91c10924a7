/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * rvpmu-simstat - a perf-stat-like session against the PMU core on a
 * simulated hart: the core as S-mode software would see it, before there
 * is firmware to run it on.
 *
 *   rvpmu-simstat [FILE.dtb]
 *
 * The event mapping comes from FILE.dtb's riscv,pmu node (for QEMU
 * virt's: build/dt/qemu-virt.dtb); without one, only cycles, instructions and
 * firmware events can be counted. The workload is synthetic and
 * deterministic: 2,000,000 instructions split between S- and U-mode, DTLB
 * misses, timer and IPI firmware events. One instructions event samples
 * with a period, re-armed from the overflow interrupt as Linux does.
 */
#include <libfdt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/names.h"
#include "lib/fmt.h"
#include "core/pmu.h"
#include "dt/pmu_dt.h"
#include "tools/sim/sim_hart.h"

#define PERIOD		100000

struct ev {
	uint32_t event;
	rvpmu_ulong flags;
	long ctr;
};

static struct sim_hart sim;
static struct rvpmu_map map;
static struct rvpmu_config cfg;
static struct rvpmu_hart hart;

static int load_map(const char *path)
{
	static struct rvpmu_dt_result res;
	static char blob[1 << 20];
	FILE *f = fopen(path, "rb");
	size_t n;

	if (!f) {
		perror(path);
		return -1;
	}
	n = fread(blob, 1, sizeof(blob), f);
	fclose(f);
	if (rvpmu_dt_parse(blob, n, sim.hpm | 5u, &map, &res)) {
		fprintf(stderr, "%s: not a device tree blob\n", path);
		return -1;
	}
	printf("mapping from %s: %u event rows, %u problem(s) reported by rvpmu-dt\n",
	       path, map.nr_ranges, res.nr_problems);
	cfg.map = &map;
	return 0;
}

static uint64_t read_counter(long c)
{
	struct rvpmu_ret info = rvpmu_counter_get_info(&hart, (rvpmu_ulong)c);

	if (info.value >> (RVPMU_XLEN - 1))
		return rvpmu_counter_fw_read(&hart, (rvpmu_ulong)c).value;
	return sim.ctr[SBI_PMU_CTR_INFO_CSR(info.value) - CSR_CYCLE]; /* as S-mode reads it */
}

/* The overflow handler of a perf-like client: stop, count, re-arm. */
static unsigned long samples;
static void overflow(long ctr)
{
	rvpmu_counter_stop(&hart, (rvpmu_ulong)ctr, 1, 0);
	sim.lcofip = false;
	samples++;
	rvpmu_counter_start(&hart, (rvpmu_ulong)ctr, 1, SBI_PMU_START_SET_INIT_VALUE,
			    (uint64_t)0 - PERIOD);
}

static void workload(long sampler)
{
	uint64_t seed = 0x2545F4914F6CDD1DULL;
	int i;

	for (i = 0; i < 2000; i++) {
		seed ^= seed << 13;
		seed ^= seed >> 7;
		seed ^= seed << 17;
		sim.mode = (i % 4 == 0) ? SIM_S : SIM_U;
		sim_run(&sim, 1000);
		sim_event(&sim, SBI_PMU_DTLB_READ_MISS, seed % 7);
		if (i % 100 == 0)
			rvpmu_fw_event(&hart, SBI_PMU_FW_SET_TIMER);
		if (i % 250 == 0)
			rvpmu_fw_event(&hart, SBI_PMU_FW_IPI_SENT);
		if (sim.lcofip && sampler >= 0)
			overflow(sampler);
	}
}

static void print_number(uint64_t v)
{
	char out[32];

	rvpmu_fmt_grouped(out, sizeof(out), v);
	printf("%18s", out);
}

int main(int argc, char **argv)
{
	struct ev evs[] = {
		{ SBI_PMU_HW_INSTRUCTIONS, 0, -1 },	/* the sampler */
		{ SBI_PMU_HW_CPU_CYCLES, 0, -1 },
		{ SBI_PMU_HW_INSTRUCTIONS, 0, -1 },
		{ SBI_PMU_HW_INSTRUCTIONS, SBI_PMU_CFG_FLAG_SET_SINH, -1 },
		{ SBI_PMU_HW_INSTRUCTIONS, SBI_PMU_CFG_FLAG_SET_UINH, -1 },
		{ SBI_PMU_DTLB_READ_MISS, 0, -1 },
		{ SBI_PMU_HW_BRANCH_MISSES, 0, -1 },
		{ SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), 0, -1 },
		{ SBI_PMU_FW_EVENT(SBI_PMU_FW_IPI_SENT), 0, -1 },
	};
	unsigned int i, n = sizeof(evs) / sizeof(evs[0]);
	rvpmu_ulong all;

	sim_hart_init(&sim, 16, 64, true);
	cfg = (struct rvpmu_config){ &sim_hw_ops, &sim_mem_ops, NULL, NULL, RVPMU_DEFAULT_FW };
	if (argc > 1 && load_map(argv[1]))
		return 2;
	if (rvpmu_hart_init(&hart, &cfg, &sim))
		return 2;
	printf("simulated hart: 16 hpm counters, Sscofpmf, %lu counters in all\n",
	       (unsigned long)rvpmu_num_counters(&hart).value);

	all = (rvpmu_ulong)(hart.valid & ((UINT64_C(1) << hart.nr_counters) - 1));
	for (i = 0; i < n; i++) {
		struct rvpmu_ret r = rvpmu_counter_config_matching(&hart, 0, all,
			evs[i].flags | SBI_PMU_CFG_FLAG_CLEAR_VALUE, evs[i].event, 0);

		evs[i].ctr = r.error ? r.error : (long)r.value;
		if (r.error)
			continue;
		rvpmu_counter_start(&hart, r.value, 1, SBI_PMU_START_SET_INIT_VALUE,
				    i == 0 ? (uint64_t)0 - PERIOD : 0);
	}
	workload(evs[0].ctr);
	for (i = 0; i < n; i++)
		if (evs[i].ctr >= 0)
			rvpmu_counter_stop(&hart, (rvpmu_ulong)evs[i].ctr, 1, 0);

	printf("\n Performance counter stats for 'synthetic workload' (simulated hart 0):\n\n");
	for (i = 1; i < n; i++) {
		char label[RVPMU_EVENT_NAME_MAX];

		rvpmu_event_name_mode(evs[i].event, !(evs[i].flags & SBI_PMU_CFG_FLAG_SET_UINH),
				      !(evs[i].flags & SBI_PMU_CFG_FLAG_SET_SINH), label);
		if (evs[i].ctr < 0) {
			printf("%18s      %-22s  (%s)\n", "<not supported>", label,
			       evs[i].ctr == SBI_ERR_NOT_SUPPORTED ? "no counter can count it"
								   : "error");
			continue;
		}
		print_number(read_counter(evs[i].ctr));
		printf("      %-22s  # counter %ld\n", label, evs[i].ctr);
	}
	printf("\n%18lu      samples of instructions, period %d (counter %ld, "
	       "overflow interrupts)\n", samples, PERIOD, evs[0].ctr);

	for (i = 0; i < n; i++)
		if (evs[i].ctr >= 0)
			rvpmu_counter_stop(&hart, (rvpmu_ulong)evs[i].ctr, 1, SBI_PMU_STOP_RESET);
	return sim.faults ? 1 : 0;
}
