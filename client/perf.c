/* SPDX-License-Identifier: BSD-2-Clause */
#include "client/perf.h"

#define SSCOUNTOVF	0xda0
#define SIP_LCOFIP	(1ul << 13)

/* Read user counter CSR 0xc00 + n (and its high half on RV32). */
static unsigned long csr_ctr(unsigned int n, bool high)
{
	unsigned long v = 0;

#define C(k) case k: \
	if (high) __asm__ volatile("csrr %0, %1" : "=r"(v) : "i"(0xc80 + k)); \
	else __asm__ volatile("csrr %0, %1" : "=r"(v) : "i"(0xc00 + k)); \
	break;
	switch (n) {
	C(0) C(1) C(2) C(3) C(4) C(5) C(6) C(7) C(8) C(9) C(10) C(11) C(12) C(13) C(14)
	C(15) C(16) C(17) C(18) C(19) C(20) C(21) C(22) C(23) C(24) C(25) C(26) C(27)
	C(28) C(29) C(30) C(31)
	}
#undef C
	return v;
}

static bool is_fw(const struct pmu_machine *m, unsigned long ctr)
{
	return (m->fw >> ctr) & 1;
}

uint64_t pmu_read_counter(const struct pmu_machine *m, unsigned long ctr)
{
	unsigned int csr = (unsigned int)SBI_PMU_CTR_INFO_CSR(m->info[ctr]) - CSR_CYCLE;
	uint64_t v;

	if (is_fw(m, ctr)) {
		v = sbi_pmu_fw_read(ctr).value;
#if __riscv_xlen == 32
		v |= (uint64_t)sbi_pmu_fw_read_hi(ctr).value << 32;
#endif
		return v;
	}
#if __riscv_xlen == 32
	{
		unsigned long hi, lo;

		do {
			hi = csr_ctr(csr, true);
			lo = csr_ctr(csr, false);
		} while (hi != csr_ctr(csr, true));
		return ((uint64_t)hi << 32) | lo;
	}
#else
	v = csr_ctr(csr, false);
	return v;
#endif
}

long pmu_machine_init(struct pmu_machine *m)
{
	struct sbiret r = sbi_pmu_num_counters();
	unsigned long i;

	m->num = 0;
	m->valid = m->fw = 0;
	m->hw_width = 0;
	if (r.error)
		return r.error;
	m->num = r.value;
	for (i = 0; i < m->num && i < PMU_MAX_COUNTERS; i++) {
		r = sbi_pmu_get_info(i);
		if (r.error)
			continue;	/* the numbering may have gaps */
		m->info[i] = r.value;
		m->valid |= UINT64_C(1) << i;
		if (r.value >> (__riscv_xlen - 1))
			m->fw |= UINT64_C(1) << i;
		else if (!m->hw_width && i >= 3)
			m->hw_width = (unsigned int)SBI_PMU_CTR_INFO_WIDTH(r.value) + 1;
	}
	return 0;
}

void pmu_cpu_init(struct pmu_cpu *c, struct pmu_machine *m)
{
	unsigned int i;

	c->m = m;
	c->used = 0;
	c->max_overflows_per_tick = 1000;
	for (i = 0; i < PMU_MAX_COUNTERS; i++)
		c->events[i] = 0;
}

long pmu_event_init(struct pmu_event *e, const struct pmu_attr *attr)
{
	uint64_t cfg = attr->config;

	e->attr = *attr;
	e->event_data = 0;
	e->ctr = -1;
	e->count = e->prev = 0;
	e->running = false;
	e->samples = e->throttled = e->overflows_this_tick = 0;
	e->period_left = attr->sample_period;
	switch (attr->type) {
	case PMU_TYPE_HW:
		if (!cfg || cfg > SBI_PMU_HW_GENERAL_MAX)
			return SBI_ERR_INVALID_PARAM;
		e->event_idx = SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_HW, cfg);
		break;
	case PMU_TYPE_CACHE:
		if ((cfg & 0xff) > SBI_PMU_HW_CACHE_ID_MAX || ((cfg >> 8) & 0xff) >
		    SBI_PMU_HW_CACHE_OP_MAX || ((cfg >> 16) & 0xff) > 1 || cfg >> 24)
			return SBI_ERR_INVALID_PARAM;
		e->event_idx = SBI_PMU_CACHE_EVENT(cfg & 0xff, (cfg >> 8) & 0xff,
						   (cfg >> 16) & 0xff);
		break;
	case PMU_TYPE_RAW:
		e->event_idx = SBI_PMU_RAW_EVENT;
		e->event_data = cfg & SBI_PMU_RAW_V1_MASK;
		break;
	case PMU_TYPE_RAW2:
		e->event_idx = SBI_PMU_RAW_V2_EVENT;
		e->event_data = cfg & SBI_PMU_RAW_V2_MASK;
		break;
	case PMU_TYPE_FW:
		if (cfg >= SBI_PMU_FW_PLATFORM)
			return SBI_ERR_INVALID_PARAM;
		e->event_idx = SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_FW, cfg);
		break;
	case PMU_TYPE_FW_PLATFORM:
		e->event_idx = SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_FW, SBI_PMU_FW_PLATFORM);
		e->event_data = cfg;
		break;
	default:
		return SBI_ERR_INVALID_PARAM;
	}
	return 0;
}

static unsigned long cfg_flags(const struct pmu_event *e)
{
	unsigned long f = 0;

	if (e->attr.exclude_kernel)
		f |= SBI_PMU_CFG_FLAG_SET_SINH;
	if (e->attr.exclude_user)
		f |= SBI_PMU_CFG_FLAG_SET_UINH;
	return f;
}

static struct sbiret match(uint64_t set, unsigned long flags, const struct pmu_event *e)
{
	struct sbiret r = { SBI_ERR_NOT_SUPPORTED, 0 };
	unsigned long base;

	/* one call per XLEN-wide window of the counter set, as Linux does */
	for (base = 0; base < PMU_MAX_COUNTERS && r.error; base += __riscv_xlen) {
		unsigned long mask = (unsigned long)(set >> base);

		if (mask)
			r = sbi_pmu_config(base, mask, flags, e->event_idx, e->event_data);
	}
	return r;
}

long pmu_event_add(struct pmu_cpu *c, struct pmu_event *e)
{
	const struct pmu_machine *m = c->m;
	unsigned long flags = cfg_flags(e);
	uint64_t set = m->valid & ~c->used, fixed = 0;
	struct sbiret r = { SBI_ERR_NOT_SUPPORTED, 0 };

	if (e->event_idx == SBI_PMU_HW_CPU_CYCLES)
		fixed = 1u << 0;
	else if (e->event_idx == SBI_PMU_HW_INSTRUCTIONS)
		fixed = 1u << 2;
	/* the fixed counters cannot interrupt or filter by mode */
	if (fixed && !e->attr.sample_period && !flags && (set & fixed))
		r = match(fixed, flags, e);
	if (r.error && e->attr.sample_period)
		set &= ~UINT64_C(7);
	if (r.error)
		r = match(set, flags, e);
	if (r.error)
		return r.error;
	if (r.value >= PMU_MAX_COUNTERS || ((c->used >> r.value) & 1)) {
		/* the firmware handed out a counter we hold: give it back */
		sbi_pmu_stop(r.value, 1, SBI_PMU_STOP_RESET);
		return SBI_ERR_FAILED;
	}
	e->ctr = (int)r.value;
	c->used |= UINT64_C(1) << r.value;
	c->events[r.value] = e;
	if (is_fw(m, r.value))
		e->width_mask = ~UINT64_C(0);
	else {
		unsigned int w = (unsigned int)SBI_PMU_CTR_INFO_WIDTH(m->info[r.value]) + 1;

		e->width_mask = w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1;
	}
	return (long)r.value;
}

long pmu_event_start(struct pmu_cpu *c, struct pmu_event *e)
{
	uint64_t init;
	struct sbiret r;

	(void)c;
	if (e->ctr < 0)
		return SBI_ERR_INVALID_PARAM;
	if (e->attr.sample_period) {
		if (!e->period_left || e->period_left > e->attr.sample_period)
			e->period_left = e->attr.sample_period;
		init = (0 - e->period_left) & e->width_mask;
	} else {
		init = e->prev & e->width_mask;
	}
	e->prev = init;
	r = sbi_pmu_start((unsigned long)e->ctr, 1, SBI_PMU_START_SET_INIT_VALUE, init);
	if (!r.error || r.error == SBI_ERR_ALREADY_STARTED)
		e->running = true;
	return r.error;
}

uint64_t pmu_event_read(struct pmu_cpu *c, struct pmu_event *e)
{
	uint64_t now, delta;

	if (e->ctr < 0)
		return e->count;
	now = pmu_read_counter(c->m, (unsigned long)e->ctr);
	delta = (now - e->prev) & e->width_mask;
	e->prev = now;
	e->count += delta;
	if (e->attr.sample_period)
		e->period_left = delta >= e->period_left ? 0 : e->period_left - delta;
	return e->count;
}

long pmu_event_stop(struct pmu_cpu *c, struct pmu_event *e)
{
	struct sbiret r;

	if (e->ctr < 0)
		return SBI_ERR_INVALID_PARAM;
	r = sbi_pmu_stop((unsigned long)e->ctr, 1, 0);
	if (!r.error)
		pmu_event_read(c, e);
	e->running = false;
	return r.error;
}

void pmu_event_del(struct pmu_cpu *c, struct pmu_event *e)
{
	if (e->ctr < 0)
		return;
	pmu_event_stop(c, e);
	sbi_pmu_stop((unsigned long)e->ctr, 1, SBI_PMU_STOP_RESET);
	c->used &= ~(UINT64_C(1) << e->ctr);
	c->events[e->ctr] = 0;
	e->ctr = -1;
}

unsigned long pmu_overflow(struct pmu_cpu *c)
{
	uint64_t hw_used = c->used & ~c->m->fw;
	unsigned long ovf, n = 0, i;

	/* stop everything, then look: the OF bits only mean something now */
	for (i = 0; i < PMU_MAX_COUNTERS; i++)
		if ((hw_used >> i & 1) && c->events[i]->running)
			sbi_pmu_stop(i, 1, 0);
	__asm__ volatile("csrr %0, %1" : "=r"(ovf) : "i"(SSCOUNTOVF));
	__asm__ volatile("csrc sip, %0" :: "r"(SIP_LCOFIP));
	for (i = 0; i < PMU_MAX_COUNTERS; i++) {
		struct pmu_event *e = c->events[i];
		unsigned int csr;

		if (!(hw_used >> i & 1) || !e->running)
			continue;
		pmu_event_read(c, e);
		csr = (unsigned int)SBI_PMU_CTR_INFO_CSR(c->m->info[i]) - CSR_CYCLE;
		if (e->attr.sample_period && (ovf >> csr & 1)) {
			e->samples++;
			n++;
			e->period_left = e->attr.sample_period;
			if (++e->overflows_this_tick > c->max_overflows_per_tick) {
				e->throttled++;
				e->running = false;	/* left stopped until pmu_tick */
				continue;
			}
		}
		pmu_event_start(c, e);
	}
	return n;
}

void pmu_tick(struct pmu_cpu *c)
{
	unsigned long i;

	for (i = 0; i < PMU_MAX_COUNTERS; i++) {
		struct pmu_event *e = c->events[i];

		if (!e)
			continue;
		if (e->overflows_this_tick > c->max_overflows_per_tick && !e->running)
			pmu_event_start(c, e);
		e->overflows_this_tick = 0;
	}
}

void pmu_counting_probe(const struct pmu_machine *m, unsigned long event_idx)
{
	unsigned long all = m->num >= __riscv_xlen ? ~0ul : (1ul << m->num) - 1;
	struct sbiret r = sbi_pmu_config(0, all & ~(1ul << 1), SBI_PMU_CFG_FLAG_SET_SINH,
					 event_idx, 0);
	volatile unsigned long spin;

	if (r.error)
		return;
	sbi_pmu_start(r.value, 1, SBI_PMU_START_SET_INIT_VALUE, (UINT64_C(1) << 63) + 1);
	for (spin = 0; spin < 10000; spin++)
		;
	sbi_pmu_stop(r.value, 1, 0);
	sbi_pmu_stop(r.value, 1, SBI_PMU_STOP_RESET);
}
