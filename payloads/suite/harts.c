/* SPDX-License-Identifier: BSD-2-Clause */
/* Several harts: IPIs and fences counted on both ends, per-hart state. */
#include "suite.h"

#define AUTO (SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START)
enum { R_IPI, R_FENCE_I, R_SFENCE, R_SFENCE_ASID, R_HFENCE, R_N };
static const unsigned int rcv_code[R_N] = {
	SBI_PMU_FW_IPI_RECEIVED, SBI_PMU_FW_FENCE_I_RECEIVED, SBI_PMU_FW_SFENCE_VMA_RECEIVED,
	SBI_PMU_FW_SFENCE_VMA_ASID_RECEIVED, SBI_PMU_FW_HFENCE_GVMA_RECEIVED,
};

struct job {
	volatile int ready, go, done, ipis;
	long my_ctr;			/* the counter config_matching gave this hart */
	int my_ctr_started_here;
	uint64_t rcv[R_N];
};
static struct job jobs[RT_MAX_HARTS];

static void on_ipi(unsigned long irq)
{
	(void)irq;
	rt_csr_clear(sip, 2);
	jobs[rt_hartid()].ipis++;
}

static void job(void *arg)
{
	struct job *j = arg;
	long c[R_N];
	int i;

	for (i = 0; i < R_N; i++)
		c[i] = cfg(AUTO, SBI_PMU_FW_EVENT(rcv_code[i]), 0);
	j->my_ctr = cfg(0, ev_a(), 0);
	j->my_ctr_started_here = sbi_pmu_start((unsigned long)j->my_ctr, 1, 0, 0).error == 0;
	rt_csr_set(sie, 2);
	j->ready = 1;
	while (!j->go)
		rt_wfi_irqs();
	for (i = 0; i < R_N; i++) {
		j->rcv[i] = value_of(c[i]);
		release(c[i]);
	}
	release(j->my_ctr);
	j->done = 1;
}

/* The harts these checks use: those a hart_mask from base 0 can name,
   less those the DT disables (the FU540's E51: no S-mode to start in). */
static unsigned long nr_used(void)
{
	return S.nr_harts < 8 * sizeof(long) ? S.nr_harts : 8 * sizeof(long);
}

static unsigned long others(void)
{
	unsigned long m = 0, h;

	for (h = 0; h < nr_used(); h++)
		if (h != S.boot_hart)
			m |= 1ul << h;
	return m & ~S.harts_off;
}

void suite_harts(void)
{
	unsigned long o = others(), h, k, n = (unsigned long)__builtin_popcountl(o);
	long sent_ipi, sent_fi, sent_sf, sent_sfa, c, hf;
	int i, ok = 1;

	if (!o) {
		t_skip(IMPL, "one hart", "cross-hart checks");
		return;
	}
	rt_set_irq(1, on_ipi);
	for (h = 0; h < nr_used(); h++)
		if (o >> h & 1) {
			long e = rt_start_hart(h, job, &jobs[h]);
			bool ready = !e && rt_wait(&jobs[h].ready, 500 * S.timebase_ms);

			if (!ready)
				rt_printf("# hart %lu: hart_start %ld, %s\n", h, e,
					  e ? "not started" : "not ready in 500 ms");
			ok &= ready;
		}
	t_check(SPEC, ok, "%lu other harts started through HSM and ready", n);
	if (!ok)
		return;
	sent_ipi = cfg(AUTO, SBI_PMU_FW_EVENT(SBI_PMU_FW_IPI_SENT), 0);
	sent_fi = cfg(AUTO, SBI_PMU_FW_EVENT(SBI_PMU_FW_FENCE_I_SENT), 0);
	sent_sf = cfg(AUTO, SBI_PMU_FW_EVENT(SBI_PMU_FW_SFENCE_VMA_SENT), 0);
	sent_sfa = cfg(AUTO, SBI_PMU_FW_EVENT(SBI_PMU_FW_SFENCE_VMA_ASID_SENT), 0);
	/* per-hart state: the others configured and started the same counter */
	c = cfg(0, ev_a(), 0);
	t_check(IMPL, c == jobs[__builtin_ctzl(o)].my_ctr && jobs[__builtin_ctzl(o)].my_ctr_started_here,
		"another hart's config and start of a counter do not touch this hart's (both got %ld)", c);
	t_check(SPEC, sbi_pmu_start((unsigned long)c, 1, 0, 0).error == 0,
		"the same counter starts here while started on another hart");
	release(c);
	for (i = 0; i < 2; i++)
		for (h = 0; h < nr_used(); h++) {
			int before = jobs[h].ipis;

			if (!(o >> h & 1))
				continue;
			uint64_t end = rd_time() + 500 * S.timebase_ms;

			sbi_send_ipi(1ul << h, 0);
			while (jobs[h].ipis == before && rd_time() < end)
				;
			ok &= jobs[h].ipis > before;
		}
	t_check(SPEC, ok, "every other hart takes the IPIs sent to it");
	t_check(SPEC, !sbi_rfence(SBI_RFENCE_FENCE_I, o, 0, 0, 0, 0).error, "remote fence.i to the others");
	t_check(SPEC, !sbi_rfence(SBI_RFENCE_SFENCE_VMA, o, 0, 0, 0, 0).error, "remote sfence.vma to the others");
	t_check(SPEC, !sbi_rfence(SBI_RFENCE_SFENCE_VMA_ASID, o, 0, 0, 0x1000, 3).error,
		"remote sfence.vma.asid to the others");
	hf = sbi_rfence(SBI_RFENCE_HFENCE_GVMA, o, 0, 0, 0, 0).error;
	t_check(SPEC, hf == SBI_SUCCESS || hf == SBI_ERR_NOT_SUPPORTED,
		"remote hfence.gvma to the others: done, or NOT_SUPPORTED without H (%ld)", hf);
	t_check(IMPL, value_of(sent_ipi) == 2 * n, "IPIs sent counted per target (%llu of %lu)",
		(unsigned long long)value_of(sent_ipi), 2 * n);
	t_check(IMPL, value_of(sent_fi) == n && value_of(sent_sf) == n && value_of(sent_sfa) == n,
		"fences sent counted per target (%llu, %llu, %llu of %lu)",
		(unsigned long long)value_of(sent_fi), (unsigned long long)value_of(sent_sf),
		(unsigned long long)value_of(sent_sfa), n);
	for (h = 0; h < nr_used(); h++)
		if (o >> h & 1)
			jobs[h].go = 1;
	for (h = 0; h < nr_used(); h++) {
		if (!(o >> h & 1))
			continue;
		sbi_send_ipi(1ul << h, 0);	/* out of wfi */
		rt_wait(&jobs[h].done, 500 * S.timebase_ms);
	}
	/* Named by rank, not hart id: OpenSBI boots on a random hart, and the
	 * results table matches checks by name. */
	for (h = 0, k = 0; h < nr_used(); h++) {
		struct job *j = &jobs[h];

		if (!(o >> h & 1))
			continue;
		t_check(IMPL, j->rcv[R_IPI] >= 2 && j->rcv[R_FENCE_I] == 1 && j->rcv[R_SFENCE] == 1 &&
			j->rcv[R_SFENCE_ASID] == 1 && (j->rcv[R_HFENCE] == 1) == (hf == SBI_SUCCESS),
			"other hart %lu counted what it received (hart %lu: %llu IPIs, fence.i %llu, "
			"sfence.vma %llu, .asid %llu, hfence.gvma %llu)", ++k, h,
			(unsigned long long)j->rcv[R_IPI],
			(unsigned long long)j->rcv[R_FENCE_I], (unsigned long long)j->rcv[R_SFENCE],
			(unsigned long long)j->rcv[R_SFENCE_ASID], (unsigned long long)j->rcv[R_HFENCE]);
	}
	release(sent_ipi);
	release(sent_fi);
	release(sent_sf);
	release(sent_sfa);
	for (h = 0, ok = 1; h < nr_used(); h++)
		if (o >> h & 1)
			ok &= rt_wait_hart_status(h, SBI_HSM_STOPPED, 500 * S.timebase_ms);
	t_check(SPEC, ok, "the other harts stop through HSM");
}
