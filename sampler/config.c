/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * CONFIGURE: copy S-mode's configuration into the staging area, check all
 * of it (order in sampler.h), write the plan, and only then put it in
 * force (not with CHECK_ONLY). GET_INFO's answer, which the checks use.
 */
#include "internal.h"

#define HEADER_FIXED	((uint32_t)sizeof(struct rvpmu_sampler_header))
#define PAD8(n)		(((uint64_t)(n) + 7) & ~UINT64_C(7))

static const uint32_t *plat_order(const struct rvpmu_sampler *s)
{
	return s->plat->order;
}

static bool overlap(uint64_t a, uint64_t alen, uint64_t b, uint64_t blen)
{
	return a < b + blen && b < a + alen;
}

static uint64_t filter_bits(uint32_t filter)
{
	static const uint64_t bit[5] = {
		MHPMEVENT_MINH, MHPMEVENT_SINH, MHPMEVENT_UINH,
		MHPMEVENT_VSINH, MHPMEVENT_VUINH,
	};
	uint64_t inh = 0;

	for (unsigned int i = 0; i < 5; i++)
		if (filter & (1u << i))
			inh |= bit[i];
	return inh;
}

/* The hart's counters the sampler may take (hpm and firmware counters,
   not 0..2), at most a group's. */
static uint32_t hart_nr_pmu(const struct rvpmu_hart *pmu)
{
	uint32_t n = (uint32_t)__builtin_popcountll(pmu->valid & ~UINT64_C(7));

	return n > RVPMU_SAMPLER_NR_PMU_MAX ? RVPMU_SAMPLER_NR_PMU_MAX : n;
}

void rvpmu_sampler_info(const struct rvpmu_sampler *s, struct rvpmu_sampler_info *info)
{
	const struct rvpmu_sampler_platform *p = s->plat;
	uint32_t max_nr_pmu = RVPMU_SAMPLER_NR_PMU_MAX, max_id = 0;
	bool filter = true;

	for (uint32_t i = 0; i < p->nr_harts; i++) {
		const struct rvpmu_sampler_hart *sh = p->ops->hart(p->ctx, p->order[i]);

		if (p->order[i] > max_id)
			max_id = p->order[i];
		if (!sh)
			continue;
		if (hart_nr_pmu(sh->pmu) < max_nr_pmu)
			max_nr_pmu = hart_nr_pmu(sh->pmu);
		filter &= sh->pmu->sscofpmf;
	}
	*info = (struct rvpmu_sampler_info){
		.version = RVPMU_SAMPLER_SPEC_VERSION,
		.info_size = sizeof(*info),
		.flags = RVPMU_SAMPLER_F_ALL,
		.conf_flags = RVPMU_SAMPLER_CONF_ALL,
		.filter = filter ? RVPMU_SAMPLER_EXCLUDE_ALL : 0,
		.layouts = 1u << RVPMU_SAMPLER_LAYOUT,
		.max_events = RVPMU_SAMPLER_MAX_EVENTS,
		.max_bufs = RVPMU_SAMPLER_MAX_BUFS,
		.max_nr_pmu = max_nr_pmu,
		.period_min_us = RVPMU_SAMPLER_PERIOD_MIN_US,
		.period_max_us = RVPMU_SAMPLER_PERIOD_MAX_US,
		.nr_harts = p->nr_harts,
		.max_hartid = max_id,
		.max_header_size = (uint32_t)(HEADER_FIXED + 2 * PAD8(4 * (uint64_t)p->nr_harts) +
					      RVPMU_SAMPLER_MAX_EVENTS *
						      sizeof(struct rvpmu_sampler_event)),
		.timebase_hz = p->timebase_hz,
		.start_lead_ticks = (p->lead_ticks ? p->lead_ticks : 1) + sampler_launch_lead(s),
	};
}

static long check_scalars(const struct rvpmu_sampler_config *c, uint32_t max_nr_pmu,
			  bool check_only)
{
	if (c->magic != RVPMU_SAMPLER_CFG_MAGIC || c->version != RVPMU_SAMPLER_CFG_VERSION ||
	    (c->flags & ~RVPMU_SAMPLER_F_ALL) || (c->filter & ~RVPMU_SAMPLER_EXCLUDE_ALL))
		return SBI_ERR_INVALID_PARAM;
	if (!c->nr_events || c->nr_events > RVPMU_SAMPLER_MAX_EVENTS ||
	    c->nr_pmu > max_nr_pmu ||
	    (c->period_us && (c->period_us < RVPMU_SAMPLER_PERIOD_MIN_US ||
			      c->period_us > RVPMU_SAMPLER_PERIOD_MAX_US)) ||
	    (!check_only && (!c->nr_bufs || c->nr_bufs > RVPMU_SAMPLER_MAX_BUFS)))
		return SBI_ERR_INVALID_PARAM;
	for (uint32_t e = 0; e < c->nr_events; e++)
		if (c->events[e].reserved)
			return SBI_ERR_INVALID_PARAM;
	return 0;
}

/* Whether hartid is in the SBI hart set (mask, base; range form). */
static bool in_mask(uint32_t id, rvpmu_ulong mask, rvpmu_ulong base, bool range)
{
	rvpmu_ulong d;

	if (base == (rvpmu_ulong)RVPMU_SAMPLER_ALL_HARTS)
		return true;
	if (id < base)
		return false;
	d = id - base;
	if (range)
		return d < mask;
	return d < 8 * sizeof(rvpmu_ulong) && ((mask >> d) & 1);
}

/*
 * The hart set, into pos[] (platform indexes, in increasing hartid
 * order). A hartid of the set that is no platform hart (its bit, or part
 * of its range, named nothing: the counts differ), or an empty set, is
 * INVALID_PARAM. Returns the count in *nr, the distinct cluster numbers
 * in *nr_clusters and the highest hartid in *max_id. O(harts^2) at most,
 * in CONFIGURE only.
 */
static long hart_set(const struct rvpmu_sampler *s, rvpmu_ulong mask, rvpmu_ulong base,
		     bool range, uint32_t *pos, uint32_t *nr, uint32_t *nr_clusters,
		     uint32_t *max_id)
{
	const struct rvpmu_sampler_platform *p = s->plat;
	uint32_t n = 0, i, j, k;

	*max_id = 0;
	for (i = 0; i < p->nr_harts; i++) {
		uint32_t id = p->order[i];

		if (!in_mask(id, mask, base, range))
			continue;
		for (j = n; j && p->order[pos[j - 1]] > id; j--)
			pos[j] = pos[j - 1];
		pos[j] = i;
		n++;
		if (id > *max_id)
			*max_id = id;
	}
	if (!n)
		return SBI_ERR_INVALID_PARAM;
	if (base != (rvpmu_ulong)RVPMU_SAMPLER_ALL_HARTS &&
	    (range ? mask != n : (uint32_t)__builtin_popcountll((uint64_t)mask) != n))
		return SBI_ERR_INVALID_PARAM;
	*nr_clusters = 0;
	for (i = 0; i < n; i++) {
		for (k = 0; k < i && p->cluster[pos[k]] != p->cluster[pos[i]]; k++)
			;
		if (k == i)
			(*nr_clusters)++;
	}
	*nr = n;
	return 0;
}

/* The hart at position index i of the set. */
static const struct rvpmu_sampler_hart *plat_hart(const struct rvpmu_sampler *s, uint32_t i)
{
	return s->plat->ops->hart(s->plat->ctx, plat_order(s)[i]);
}

/* Every hart of the set is ready (INVALID_PARAM), then honours the
   filter (Sscofpmf) and can count every event (NOT_SUPPORTED). */
static long harts_can(const struct rvpmu_sampler *s, const struct rvpmu_sampler_config *c,
		      const uint32_t *pos, uint32_t n)
{
	uint32_t i, e;

	for (i = 0; i < n; i++) {
		const struct rvpmu_sampler_hart *sh = plat_hart(s, pos[i]);

		if (!sh)
			return SBI_ERR_INVALID_PARAM;
	}
	/* then the NOT_SUPPORTED rows, in the spec's order */
	for (i = 0; i < n; i++)
		if (c->filter && !plat_hart(s, pos[i])->pmu->sscofpmf)
			return SBI_ERR_NOT_SUPPORTED;
	for (i = 0; i < n; i++) {
		const struct rvpmu_sampler_hart *sh = plat_hart(s, pos[i]);

		for (e = 0; e < c->nr_events; e++)
			if (!rvpmu_sampler_capable(sh->pmu, c->events[e].event_idx,
						   c->events[e].event_data))
				return SBI_ERR_NOT_SUPPORTED;
	}
	return 0;
}

uint64_t rvpmu_sampler_fit(const struct rvpmu_hart *pmu, const struct rvpmu_sampler_event *ev,
			   uint32_t nr_events, uint32_t nr_pmu, bool reserving, uint8_t *ctr)
{
	uint64_t held = 0;
	uint32_t p = 0;

	for (uint32_t e0 = 0; e0 < nr_events; e0 += nr_pmu) {
		uint32_t n = nr_events - e0 < nr_pmu ? nr_events - e0 : nr_pmu;
		uint64_t used = 0;
		bool fw = false;

		/* the group's hpm events first, then its firmware events: the
		   order the switch takes them (struct rvpmu_sampler) */
		for (int pass = 0; pass < 2; pass++, fw = true) {
			for (uint32_t j = 0; j < n; j++) {
				const struct rvpmu_sampler_event *e = &ev[e0 + j];
				uint64_t can, pick;

				if (rvpmu_event_is_fw(e->event_idx) != fw)
					continue;
				can = reserving ? rvpmu_reservable(pmu, e->event_idx, e->event_data)
						: rvpmu_sampler_capable(pmu, e->event_idx,
									e->event_data);
				can &= ~used;
				pick = (can & held) ? (can & held) : can;
				if (!pick)
					return 0;
				pick &= -pick;
				if (ctr)
					ctr[p] = (uint8_t)__builtin_ctzll(pick);
				p++;
				used |= pick;
			}
		}
		held |= used;
	}
	return held;
}

/* Every hart of the set can give every group a counter per event, were
   its counters all free (S-mode's may still make START fail). */
static long harts_fit(const struct rvpmu_sampler *s, const struct rvpmu_sampler_config *c,
		      const uint32_t *pos, uint32_t n, uint32_t nr_pmu)
{
	for (uint32_t i = 0; i < n; i++) {
		const struct rvpmu_sampler_hart *sh = plat_hart(s, pos[i]);

		if (!rvpmu_sampler_fit(sh->pmu, c->events, c->nr_events, nr_pmu, false, 0))
			return SBI_ERR_NOT_SUPPORTED;
	}
	return 0;
}

/* nr_pmu 0: as many counters as the calling hart can give these events,
   at most GET_INFO's max_nr_pmu (firmware counters can make more than the
   29 a group may have, and a hart of the set may have fewer). */
static uint32_t default_nr_pmu(const struct rvpmu_hart *pmu,
			       const struct rvpmu_sampler_config *c, uint32_t max_nr_pmu)
{
	uint64_t can = 0;
	uint32_t n;

	for (uint32_t e = 0; e < c->nr_events; e++)
		can |= rvpmu_reservable(pmu, c->events[e].event_idx, c->events[e].event_data);
	n = (uint32_t)__builtin_popcountll(can);
	if (n > max_nr_pmu)
		n = max_nr_pmu;
	return n ? n : 1;
}

/* CID2: enough entries for the set, S-mode memory. */
static long check_cid2(const struct rvpmu_sampler *s, const struct rvpmu_sampler_config *c,
		       uint32_t max_id)
{
	if (!c->cid2_addr)
		return 0;
	if (c->cid2_count <= max_id)
		return SBI_ERR_INVALID_PARAM;
	return rvpmu_sampler_mem_ok(s, c->cid2_addr, PAD8((uint64_t)c->cid2_count * 4));
}

/* The buffers: sizes and alignment, then S-mode memory overlapping nothing of ours
   (each other, the configuration, the CID2 array). */
static long check_bufs(const struct rvpmu_sampler *s, const struct rvpmu_sampler_config *c,
		       uint64_t cfg_pa, uint64_t need)
{
	uint64_t cid2_len = PAD8((uint64_t)c->cid2_count * 4);
	uint32_t i, j;
	long err;

	for (i = 0; i < c->nr_bufs; i++)
		if ((c->bufs[i].size & 7) || c->bufs[i].size < need || (c->bufs[i].addr & 7))
			return SBI_ERR_INVALID_PARAM;
	for (i = 0; i < c->nr_bufs; i++) {
		const struct rvpmu_sampler_buf *b = &c->bufs[i];

		if ((err = rvpmu_sampler_mem_ok(s, b->addr, b->size)))
			return err;
		if (c->cid2_addr && overlap(b->addr, b->size, c->cid2_addr, cid2_len))
			return SBI_ERR_INVALID_ADDRESS;
		if (overlap(b->addr, b->size, cfg_pa, sizeof(*c)))
			return SBI_ERR_INVALID_ADDRESS;
		for (j = 0; j < i; j++)
			if (overlap(b->addr, b->size, c->bufs[j].addr, c->bufs[j].size))
				return SBI_ERR_INVALID_ADDRESS;
	}
	return 0;
}

/*
 * Group g's events in the order the switch wants them (struct
 * rvpmu_sampler): hpm events first, then firmware events, each kind in
 * event order, with everything the switch would otherwise look up.
 */
static void lay_out_group(struct rvpmu_sampler *s, const struct rvpmu_hart *pmu, uint32_t g)
{
	uint32_t e0 = g * s->nr_pmu, n = s->nr_events - e0, p = e0, j, nh = 0;
	bool fw, ext = false;

	if (n > s->nr_pmu)
		n = s->nr_pmu;
	for (fw = false;; fw = true) {
		for (j = 0; j < n; j++) {
			const struct rvpmu_sampler_event *ev = &s->events[e0 + j];

			if (rvpmu_event_is_fw(ev->event_idx) != fw)
				continue;
			s->pm[p] = fw ? 0 : rvpmu_reserved_mhpmevent(
				rvpmu_event_selector(pmu, ev->event_idx, ev->event_data), s->inh);
			s->pcode[p] = fw ? rvpmu_group_code(ev->event_idx) : 0;
			s->ptot[p] = rvpmu_group_total_off(s->pcode[p]);
			if (fw && s->pcode[p] != RVPMU_GROUP_EXT)
				s->fw_codes |= UINT32_C(1) << s->pcode[p];
			ext |= fw && s->pcode[p] == RVPMU_GROUP_EXT;
			s->pev[p].event_idx = ev->event_idx;
			s->pev[p].event_data = ev->event_data;
			/* slots of a subsample: event-major, nr_data harts each */
			s->soff[p] = 8 * s->nr_data * j;
			p++;
		}
		if (fw)
			break;
		nh = p - e0;
	}
	s->group[g] = (struct rvpmu_sampler_group){
		.spec = { &s->pm[e0], &s->pcode[e0 + nh], &s->ptot[e0 + nh], &s->pev[e0 + nh],
			  (uint8_t)nh, (uint8_t)(n - nh), ext },
		.first = e0, .n = n, .soff = &s->soff[e0],
		.next = &s->group[g + 1 == s->nsub ? 0 : g + 1], .last = g + 1 == s->nsub,
	};
}

/*
 * A configuration's state at base, in an order that keeps each array
 * aligned (8-byte ones first); with s NULL only its size.
 */
static uint64_t lay_out_state(struct rvpmu_sampler *s, uint8_t *base, uint32_t ne,
			      uint32_t ng, uint32_t nb, uint32_t nh)
{
	uint64_t at = 0;

#define TAKE(f, n)							\
	do {								\
		if (s)							\
			s->f = (void *)(base + at);			\
		at += (uint64_t)(n) * sizeof(*((struct rvpmu_sampler *)0)->f); \
	} while (0)
	TAKE(group, ng);
	TAKE(pm, ne);
	TAKE(first, nb);
	TAKE(events, ne);
	TAKE(bufs, nb);
	TAKE(pev, ne);
	TAKE(soff, ne);
	TAKE(cap, nb);
	TAKE(bstate, nb);
	TAKE(need, nb);
	TAKE(lap, nb);
	TAKE(ptot, ne);
	TAKE(pcode, ne);
	TAKE(ctrs, (uint64_t)ne * nh);
#undef TAKE
	_Static_assert(_Alignof(struct rvpmu_sampler_group) <= 8 &&
		       _Alignof(struct rvpmu_sampler_event) <= 8 &&
		       _Alignof(struct rvpmu_sampler_buf) <= 8 &&
		       _Alignof(struct rvpmu_event_ref) <= 8 &&
		       sizeof(struct rvpmu_sampler_group) % 8 == 0,
		       "each array of the state starts aligned");
	/* RVPMU_SAMPLER_STATE_MAX's bytes an event and a buffer */
	_Static_assert(sizeof(uint64_t) + sizeof(struct rvpmu_sampler_event) +
		       sizeof(struct rvpmu_event_ref) + 4 + 2 + 1 == 47 &&
		       sizeof(struct rvpmu_sampler_buf) + 8 + 4 * 4 == 40,
		       "RVPMU_SAMPLER_STATE_MAX");
	return (at + 7) & ~(uint64_t)7;
}

unsigned long rvpmu_sampler_state_size(uint32_t nr_events, uint32_t nr_groups,
				       uint32_t nr_bufs, uint32_t nr_harts)
{
	uint64_t n = lay_out_state(0, 0, nr_events, nr_groups, nr_bufs, nr_harts);

	return n > (unsigned long)-1 ? (unsigned long)-1 : (unsigned long)n;
}

/* Put the checked staging configuration in force, its state at mem. */
static void commit(struct rvpmu_sampler *s, const struct rvpmu_hart *pmu, uint32_t *pos,
		   const struct rvpmu_sampler_plan *plan, void *mem)
{
	const struct rvpmu_sampler_config *c = &s->stage;
	void *old = s->mem;
	uint32_t i;

	rvpmu_sampler_forget(s);
	s->mem = mem;
	lay_out_state(s, mem, c->nr_events, plan->nr_subsamples, c->nr_bufs, plan->nr_harts);
	s->pos = pos;
	s->nr_data = plan->nr_harts;
	s->nr_clusters = plan->nr_clusters;
	s->nr_pmu = plan->nr_pmu;
	s->nr_events = c->nr_events;
	s->nsub = plan->nr_subsamples;
	s->period_us = plan->period_us;
	s->nr_sample = c->nr_sample;
	s->limit = c->nr_sample ? c->nr_sample : UINT64_MAX;
	s->period_ticks = plan->period_ticks;
	s->lost_ticks = s->period_ticks / 100;
	s->counted = RVPMU_SAMPLER_WIN_COUNTED;
	s->filter = c->filter;
	s->inh = filter_bits(c->filter);
	s->flags = c->flags;
	s->nr_bufs = c->nr_bufs;
	s->cid2_addr = c->cid2_addr;
	s->subsample_size = plan->subsample_size;
	s->sample_size = plan->sample_size;
	s->header_size = plan->header_size;
	for (i = 0; i < c->nr_bufs; i++) {
		uint64_t cap = (c->bufs[i].size - s->header_size) / s->sample_size;

		s->bufs[i] = c->bufs[i];
		s->cap[i] = cap > UINT32_MAX ? UINT32_MAX : (uint32_t)cap;
		s->bstate[i] = RVPMU_SAMPLER_BUF_FREE;
		s->need[i] = 0;
	}
	for (i = 0; i < c->nr_events; i++)
		s->events[i] = c->events[i];
	s->fw_codes = 0;
	for (i = 0; i < s->nsub; i++)
		lay_out_group(s, pmu, i);
	s->pad = s->nsub * s->nr_pmu - s->nr_events;
	s->fills = 0;
	s->stop_reason = RVPMU_SAMPLER_STOP_NONE;
	__atomic_store_n(&s->state, RVPMU_SAMPLER_CONFIGURED, __ATOMIC_RELEASE);
	if (old && old != mem && s->plat->state_free)
		s->plat->state_free(s->plat->ctx, old);
}

long rvpmu_sampler_configure(struct rvpmu_sampler *s, const struct rvpmu_hart *pmu,
			     rvpmu_ulong lo, rvpmu_ulong hi, rvpmu_ulong hart_mask,
			     rvpmu_ulong hart_mask_base, uint32_t flags)
{
	const struct rvpmu_sampler_config *c = &s->stage;
	bool check_only = flags & RVPMU_SAMPLER_CONF_CHECK_ONLY;
	struct rvpmu_sampler_info info;
	struct rvpmu_sampler_plan plan = { 0 };
	uint32_t *pos, max_id, nr_pmu;
	uint64_t pa, sub;
	void *mem = 0;
	long err;

	if (flags & ~RVPMU_SAMPLER_CONF_ALL)
		return SBI_ERR_INVALID_PARAM;
	if (!check_only &&
	    rvpmu_sampler_settled(s) == RVPMU_SAMPLER_RUNNING)
		return SBI_ERR_ALREADY_STARTED;
	/* read and written (plan): S-mode read/write memory */
	if ((err = rvpmu_sampler_shmem(s, lo, hi, sizeof(*c), &pa)))
		return err;
	s->plat->mem->read(s->plat->ctx, pa, &s->stage, sizeof(*c));

	rvpmu_sampler_info(s, &info);
	if ((err = check_scalars(c, info.max_nr_pmu, check_only)))
		return err;
	/* the half of scratch not in force */
	pos = s->pos == s->plat->scratch ? s->plat->scratch + s->plat->nr_harts
					 : s->plat->scratch;
	if ((err = hart_set(s, hart_mask, hart_mask_base,
			    flags & RVPMU_SAMPLER_CONF_HART_RANGE, pos, &plan.nr_harts,
			    &plan.nr_clusters, &max_id)))
		return err;
	if ((err = harts_can(s, c, pos, plan.nr_harts)))
		return err;
	nr_pmu = c->nr_pmu ? c->nr_pmu : default_nr_pmu(pmu, c, info.max_nr_pmu);
	if (nr_pmu > c->nr_events)
		nr_pmu = c->nr_events;
	if ((err = harts_fit(s, c, pos, plan.nr_harts, nr_pmu)))
		return err;
	sub = RVPMU_SAMPLER_SUBSAMPLE_SIZE(nr_pmu, plan.nr_harts);
	plan.nr_pmu = nr_pmu;
	plan.nr_subsamples = (c->nr_events + nr_pmu - 1) / nr_pmu;
	plan.period_us = c->period_us ? c->period_us : RVPMU_SAMPLER_PERIOD_DEFAULT_US;
	plan.period_ticks = (uint64_t)plan.period_us * s->plat->timebase_hz / 1000000u;
	if (!plan.period_ticks)
		plan.period_ticks = 1;
	{
		uint64_t sample = sub * plan.nr_subsamples;
		uint64_t hdr = HEADER_FIXED + 2 * PAD8(4 * (uint64_t)plan.nr_harts) +
			       (uint64_t)c->nr_events * sizeof(struct rvpmu_sampler_event);

		/* header.header_size and .sample_size are 16 and 32 bits wide */
		if (hdr > UINT16_MAX || sample > UINT32_MAX)
			return SBI_ERR_INVALID_PARAM;
		plan.header_size = (uint32_t)hdr;
		plan.subsample_size = (uint32_t)sub;
		plan.sample_size = (uint32_t)sample;
		plan.min_buffer_size = hdr + sample;
	}
	if ((err = check_cid2(s, c, max_id)))
		return err;
	if (!check_only && (err = check_bufs(s, c, pa, plan.min_buffer_size)))
		return err;
	/* the last thing that may fail: the memory for it */
	if (!check_only) {
		unsigned long size = rvpmu_sampler_state_size(c->nr_events, plan.nr_subsamples,
							      c->nr_bufs, plan.nr_harts);

		mem = size == (unsigned long)-1 ? 0 : s->plat->state(s->plat->ctx, s->mem, size);
		if (!mem)
			return SBI_ERR_FAILED;
	}
	sampler_put(s, pa + __builtin_offsetof(struct rvpmu_sampler_config, plan), &plan,
		    sizeof(plan));
	if (!check_only)
		commit(s, pmu, pos, &plan, mem);
	return 0;
}
