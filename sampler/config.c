/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * CONFIGURE: copy S-mode's configuration into the staging area, check all
 * of it (order in sampler.h), and only then put it in force.
 */
#include "internal.h"

#define HEADER_FIXED	((uint32_t)sizeof(struct rvpmu_sampler_header))
#define MAX_HART_BITS	65536u	/* hartids below 2^16: bounds the bitmap walk */

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

static long check_scalars(const struct rvpmu_sampler_config *c)
{
	if (c->magic != RVPMU_SAMPLER_CFG_MAGIC || c->version != RVPMU_SAMPLER_VERSION ||
	    c->reserved || (c->flags & ~RVPMU_SAMPLER_F_ALL) ||
	    /* window[] follows mtime[]: WINDOW needs MTIME */
	    (c->flags & (RVPMU_SAMPLER_F_MTIME | RVPMU_SAMPLER_F_WINDOW)) ==
		    RVPMU_SAMPLER_F_WINDOW ||
	    (c->filter & ~RVPMU_SAMPLER_EXCLUDE_ALL))
		return SBI_ERR_INVALID_PARAM;
	if (!c->nr_events || c->nr_events > RVPMU_SAMPLER_MAX_EVENTS ||
	    c->nr_pmu > RVPMU_SAMPLER_NR_PMU_MAX ||
	    (c->period_us && (c->period_us < RVPMU_SAMPLER_PERIOD_MIN_US ||
			      c->period_us > RVPMU_SAMPLER_PERIOD_MAX_US)) ||
	    !c->nr_bufs || c->nr_bufs > RVPMU_SAMPLER_MAX_BUFS)
		return SBI_ERR_INVALID_PARAM;
	if (c->harts_addr && (!c->harts_bits || (c->harts_bits % 64) ||
			      c->harts_bits > MAX_HART_BITS || (c->harts_addr & 7)))
		return SBI_ERR_INVALID_PARAM;
	return 0;
}

/* Read bit hartid of the S-mode bitmap (range already checked). */
static bool bitmap_bit(const struct rvpmu_sampler *s, uint64_t addr, uint32_t hartid)
{
	uint64_t w;

	s->plat->mem->read(s->plat->ctx, addr + (hartid / 64) * 8, &w, 8);
	return (w >> (hartid % 64)) & 1;
}

/*
 * The hart set, into pos[] (platform positions in topology order):
 * every platform hart, or those of the bitmap. A bitmap bit that names no
 * platform hart, or an empty set, is INVALID_PARAM. Returns the count in
 * *nr, the clusters in *nr_clusters and the highest hartid in *max_id.
 */
static long hart_set(const struct rvpmu_sampler *s, const struct rvpmu_sampler_config *c,
		     uint32_t *pos, uint32_t *nr, uint32_t *nr_clusters, uint32_t *max_id)
{
	const struct rvpmu_sampler_platform *p = s->plat;
	uint32_t n = 0, bits = 0, i;
	long err;

	if (c->harts_addr) {
		err = rvpmu_sampler_mem_ok(s, c->harts_addr, c->harts_bits / 8, false);
		if (err)
			return err;
		for (i = 0; i < c->harts_bits / 64; i++) {
			uint64_t w;

			p->mem->read(p->ctx, c->harts_addr + (uint64_t)i * 8, &w, 8);
			bits += (uint32_t)__builtin_popcountll(w);
		}
	}
	*max_id = 0;
	*nr_clusters = 0;
	for (i = 0; i < p->nr_harts; i++) {
		uint32_t id = p->order[i];

		if (c->harts_addr && (id >= c->harts_bits ||
				      !bitmap_bit(s, c->harts_addr, id)))
			continue;
		if (!n || p->cluster[i] != p->cluster[pos[n - 1]])
			(*nr_clusters)++;
		pos[n++] = i;
		if (id > *max_id)
			*max_id = id;
	}
	/* every bit must have named a platform hart (S-mode may change the
	   bitmap meanwhile: then the counts differ too, and it is refused) */
	if (!n || (c->harts_addr && bits != n))
		return SBI_ERR_INVALID_PARAM;
	*nr = n;
	return 0;
}

/* Every hart of the set can count every event; filters need Sscofpmf. */
static long harts_can(const struct rvpmu_sampler *s, const struct rvpmu_sampler_config *c,
		      const uint32_t *pos, uint32_t n)
{
	uint32_t i, e;

	for (e = 0; e < c->nr_events; e++)
		if (c->events[e].reserved)
			return SBI_ERR_INVALID_PARAM;
	for (i = 0; i < n; i++) {
		const struct rvpmu_sampler_hart *sh =
			s->plat->ops->hart(s->plat->ctx, plat_order(s)[pos[i]]);

		if (!sh)
			return SBI_ERR_INVALID_PARAM;
		if (c->filter && !sh->pmu->sscofpmf)
			return SBI_ERR_INVALID_PARAM;
	}
	for (i = 0; i < n; i++) {
		const struct rvpmu_sampler_hart *sh =
			s->plat->ops->hart(s->plat->ctx, plat_order(s)[pos[i]]);

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
		const struct rvpmu_sampler_hart *sh =
			s->plat->ops->hart(s->plat->ctx, plat_order(s)[pos[i]]);

		if (!rvpmu_sampler_fit(sh->pmu, c->events, c->nr_events, nr_pmu, false, 0))
			return SBI_ERR_NOT_SUPPORTED;
	}
	return 0;
}

/* nr_pmu 0: as many counters as the calling hart can give these events. */
static uint32_t default_nr_pmu(const struct rvpmu_hart *pmu,
			       const struct rvpmu_sampler_config *c)
{
	uint64_t can = 0;
	uint32_t n;

	for (uint32_t e = 0; e < c->nr_events; e++)
		can |= rvpmu_reservable(pmu, c->events[e].event_idx, c->events[e].event_data);
	n = (uint32_t)__builtin_popcountll(can);
	return n ? n : 1;
}

static long check_memory(const struct rvpmu_sampler *s, const struct rvpmu_sampler_config *c,
			 uint32_t max_id, uint64_t need)
{
	uint64_t cid2_len = (uint64_t)c->cid2_count * 4;
	uint32_t i, j;
	long err;

	if (c->cid2_addr && ((c->cid2_addr & 3) || c->cid2_count <= max_id))
		return SBI_ERR_INVALID_PARAM;
	for (i = 0; i < c->nr_bufs; i++)
		if ((c->bufs[i].addr & 7) || (c->bufs[i].size & 7) || c->bufs[i].size < need)
			return SBI_ERR_INVALID_PARAM;
	if (c->cid2_addr && (err = rvpmu_sampler_mem_ok(s, c->cid2_addr, cid2_len, false)))
		return err;
	for (i = 0; i < c->nr_bufs; i++) {
		const struct rvpmu_sampler_buf *b = &c->bufs[i];

		if ((err = rvpmu_sampler_mem_ok(s, b->addr, b->size, true)))
			return err;
		if (c->cid2_addr && overlap(b->addr, b->size, c->cid2_addr, cid2_len))
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

/* Put the checked staging configuration in force. */
static void commit(struct rvpmu_sampler *s, const struct rvpmu_hart *pmu, uint32_t *pos,
		   uint32_t nr, uint32_t nr_clusters, uint32_t nr_pmu, uint64_t hdr,
		   uint64_t sub)
{
	const struct rvpmu_sampler_config *c = &s->stage;
	uint32_t i;

	s->pos = pos;
	s->nr_data = nr;
	s->nr_clusters = nr_clusters;
	s->nr_pmu = nr_pmu;
	s->nr_events = c->nr_events;
	s->nsub = (c->nr_events + nr_pmu - 1) / nr_pmu;
	s->period_us = c->period_us ? c->period_us : RVPMU_SAMPLER_PERIOD_DEFAULT_US;
	s->nr_sample = c->nr_sample ? c->nr_sample : RVPMU_SAMPLER_NR_SAMPLE_DEFAULT;
	s->period_ticks = (uint64_t)s->period_us * s->plat->timebase_hz / 1000000u;
	if (!s->period_ticks)
		s->period_ticks = 1;
	s->half_ticks = s->period_ticks / 2;
	s->lost_ticks = s->period_ticks / 100;
	s->filter = c->filter;
	s->inh = filter_bits(c->filter);
	s->flags = c->flags;
	s->nr_bufs = c->nr_bufs;
	s->cid2_addr = c->cid2_addr;
	s->subsample_size = (uint32_t)sub;
	s->sample_size = (uint32_t)(sub * s->nsub);
	s->header_size = (uint32_t)hdr;
	for (i = 0; i < c->nr_bufs; i++) {
		uint64_t cap = (c->bufs[i].size - hdr) / s->sample_size;

		s->bufs[i] = c->bufs[i];
		s->cap[i] = cap > UINT32_MAX ? UINT32_MAX : (uint32_t)cap;
	}
	for (i = 0; i < c->nr_events; i++)
		s->events[i] = c->events[i];
	s->fw_codes = 0;
	for (i = 0; i < s->nsub; i++)
		lay_out_group(s, pmu, i);
	s->stop_reason = RVPMU_SAMPLER_STOP_NONE;
	s->state = RVPMU_SAMPLER_CONFIGURED;
}

long rvpmu_sampler_configure(struct rvpmu_sampler *s, const struct rvpmu_hart *pmu,
			     rvpmu_ulong lo, rvpmu_ulong hi)
{
	const struct rvpmu_sampler_config *c = &s->stage;
	uint32_t *pos, nr, nr_clusters, max_id, nr_pmu;
	uint64_t pa, hdr, sub, sample;
	long err;

	if (__atomic_load_n(&s->state, __ATOMIC_ACQUIRE) == RVPMU_SAMPLER_RUNNING)
		return SBI_ERR_ALREADY_STARTED;
	if (lo & 7)
		return SBI_ERR_INVALID_PARAM;
	if (!rvpmu_sampler_addr(lo, hi, &pa) || rvpmu_sampler_mem_ok(s, pa, sizeof(*c), false))
		return SBI_ERR_INVALID_ADDRESS;
	s->plat->mem->read(s->plat->ctx, pa, &s->stage, sizeof(*c));

	if ((err = check_scalars(c)))
		return err;
	/* the half of scratch not in force */
	pos = s->pos == s->plat->scratch ? s->plat->scratch + s->plat->nr_harts
					 : s->plat->scratch;
	if ((err = hart_set(s, c, pos, &nr, &nr_clusters, &max_id)))
		return err;
	if ((err = harts_can(s, c, pos, nr)))
		return err;
	nr_pmu = c->nr_pmu ? c->nr_pmu : default_nr_pmu(pmu, c);
	if (nr_pmu > c->nr_events)
		nr_pmu = c->nr_events;
	if (nr_pmu > RVPMU_SAMPLER_NR_PMU_MAX)
		nr_pmu = RVPMU_SAMPLER_NR_PMU_MAX;
	if ((err = harts_fit(s, c, pos, nr, nr_pmu)))
		return err;
	sub = c->flags & RVPMU_SAMPLER_F_WINDOW ? RVPMU_SAMPLER_SUBSAMPLE_SIZE_WINDOW(nr_pmu, nr)
	      : c->flags & RVPMU_SAMPLER_F_MTIME ? RVPMU_SAMPLER_SUBSAMPLE_SIZE_MTIME(nr_pmu, nr)
						 : RVPMU_SAMPLER_SUBSAMPLE_SIZE(nr_pmu, nr);
	sample = sub * ((c->nr_events + nr_pmu - 1) / nr_pmu);
	hdr = HEADER_FIXED + 2 * (((uint64_t)nr * 4 + 7) & ~UINT64_C(7)) +
	      (uint64_t)c->nr_events * sizeof(struct rvpmu_sampler_event);
	/* header.header_size and .sample_size are 16 and 32 bits wide */
	if (hdr > UINT16_MAX || sample > UINT32_MAX)
		return SBI_ERR_INVALID_PARAM;
	if ((err = check_memory(s, c, max_id, hdr + sample)))
		return err;
	commit(s, pmu, pos, nr, nr_clusters, nr_pmu, hdr, sub);
	return 0;
}
