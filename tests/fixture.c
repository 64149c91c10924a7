/* SPDX-License-Identifier: BSD-2-Clause */
#include "fixture.h"

void fx_map(struct rvpmu_map *m)
{
	rvpmu_map_init(m);
	rvpmu_map_add_range(m, FX_CYCLES, FX_CYCLES, 0x7fff9);
	rvpmu_map_add_range(m, FX_INSTRET, FX_INSTRET, 0x7fffc);
	rvpmu_map_add_range(m, SBI_PMU_DTLB_READ_MISS, SBI_PMU_DTLB_READ_MISS, 0x7fff8);
	rvpmu_map_add_range(m, FX_DTLB_WR_MISS, FX_DTLB_WR_MISS, 0x7fff8);
	rvpmu_map_add_range(m, FX_ITLB_RD_MISS, FX_ITLB_RD_MISS, 0x7fff8);
	rvpmu_map_add_range(m, 3, 6, 0x18);
	rvpmu_map_add_sel(m, FX_BRANCHES, 0x4000);
	rvpmu_map_add_raw(m, 0x1234, 0xffff, 0x60);
	rvpmu_map_add_raw(m, 0x2000, ~UINT64_C(0xff), 0x7fff8);
	rvpmu_map_add_raw(m, UINT64_C(0x42000000000077), UINT64_C(0xff00000000ffff), 0x80);
}

void fx_init(struct fx *f, unsigned int nr_hpm, unsigned int bits,
	     bool sscofpmf, unsigned int nr_fw)
{
	fx_init_ext(f, nr_hpm, bits, sscofpmf, false, nr_fw);
}

void fx_init_ext(struct fx *f, unsigned int nr_hpm, unsigned int bits,
		 bool sscofpmf, bool smcntrpmf, unsigned int nr_fw)
{
	sim_hart_init(&f->sim, nr_hpm, bits, sscofpmf);
	f->sim.smcntrpmf = smcntrpmf;
	fx_map(&f->map);
	f->cfg.hw = &sim_hw_ops;
	f->cfg.mem = &sim_mem_ops;
	f->cfg.fw = &sim_fw_ops;
	f->cfg.map = &f->map;
	f->cfg.nr_fw = nr_fw;
	CHECK_EQ(rvpmu_hart_init(&f->h, &f->cfg, &f->sim), 0);
}

void fx_std(struct fx *f)
{
	fx_init(f, 16, 64, true, 16);
}

long fx_match(struct fx *f, rvpmu_ulong flags, rvpmu_ulong event, uint64_t data)
{
	struct rvpmu_ret r = rvpmu_counter_config_matching(&f->h, 0, fx_all(f),
							   flags, event, data);

	return r.error ? r.error : (long)r.value;
}

uint64_t fx_hw(struct fx *f, unsigned int ctr)
{
	return f->sim.ctr[ctr];
}

rvpmu_ulong fx_all(const struct fx *f)
{
	unsigned int n = f->h.nr_counters < RVPMU_XLEN ? f->h.nr_counters : RVPMU_XLEN;
	rvpmu_ulong all = n >= RVPMU_XLEN ? ~(rvpmu_ulong)0
					  : ((rvpmu_ulong)1 << n) - 1;

	return all & (rvpmu_ulong)f->h.valid;
}
