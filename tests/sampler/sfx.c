/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdlib.h>

#include "sfx.h"

static struct sfx the_sfx;
void (*sfx_window)(struct sfx *x, unsigned int hart);

static unsigned int hart_of(void *hctx)
{
	return (unsigned int)((struct sim_hart *)hctx - the_sfx.sim);
}

static uint64_t op_mtime(void *ctx)
{
	return ((struct sfx *)ctx)->mtime + ((struct sfx *)ctx)->lag;
}

static void op_deadline(void *hctx, uint64_t t)
{
	the_sfx.deadline[hart_of(hctx)] = t;
}

static bool op_started(void *ctx, uint32_t hartid)
{
	struct sfx *x = ctx;

	return hartid < x->n && x->started[hartid];
}

static struct rvpmu_sampler_hart *op_hart(void *ctx, uint32_t hartid)
{
	struct sfx *x = ctx;

	return hartid < x->n ? &x->sh[hartid] : NULL;
}

static void op_held(void *hctx, uint64_t counters)
{
	the_sfx.held[hart_of(hctx)] = counters;
}

void (*sfx_relax)(struct sfx *x);

static void op_relax(void *ctx)
{
	if (sfx_relax)
		sfx_relax(ctx);
}

static const struct rvpmu_sampler_ops sfx_ops = {
	op_mtime, op_deadline, op_started, op_hart, op_held, op_relax,
};

/* All harts share hart 0's RAM. */
static int m_check(void *ctx, uint64_t pa, uint64_t size, bool write)
{
	return sim_mem_ops.check(&((struct sfx *)ctx)->sim[0], pa, size, write);
}

static void m_read(void *ctx, uint64_t pa, void *dst, unsigned long len)
{
	sim_mem_ops.read(&((struct sfx *)ctx)->sim[0], pa, dst, len);
}

void (*sfx_write_hook)(struct sfx *x, uint64_t pa, const void *src, unsigned long len);

static void m_write(void *ctx, uint64_t pa, const void *src, unsigned long len)
{
	if (sfx_write_hook)
		sfx_write_hook(ctx, pa, src, len);
	sim_mem_ops.write(&((struct sfx *)ctx)->sim[0], pa, src, len);
}

static const struct rvpmu_mem_ops sfx_mem_ops = { m_check, m_read, m_write };

static void *m_direct(void *ctx, uint64_t pa)
{
	return sim_ram(&((struct sfx *)ctx)->sim[0], pa);
}

bool sfx_use_direct;
unsigned long sfx_state_room;

/* A configuration's state from the heap, so that ASan sees a use of one
   CONFIGURE or RESET gave back; filled with junk, so that a test sees the
   engine rely on memory it did not write. */
static void *op_state(void *ctx, void *old, unsigned long size)
{
	struct sfx *x = ctx;
	void *p;

	(void)old;
	x->state_asked = size;
	if (sfx_state_room && size > sfx_state_room)
		return NULL;
	p = malloc(size);
	CHECK(p != NULL);
	memset(p, 0xa5, size);
	x->state_len = size;
	x->states++;
	return p;
}

static void op_state_free(void *ctx, void *p)
{
	struct sfx *x = ctx;

	x->states--;
	free(p);
}

struct sfx *sfx_new(unsigned int n)
{
	struct sfx *x = &the_sfx;
	unsigned int i;

	/* the last test's configuration, whatever its state */
	if (x->s.mem)
		op_state_free(x, x->s.mem);
	memset(x, 0, sizeof(*x));
	x->n = n;
	fx_map(&x->map);
	x->cfg = (struct rvpmu_config){ &sim_hw_ops, &sim_mem_ops, &sim_fw_ops, &x->map, 16 };
	for (i = 0; i < n; i++) {
		sim_hart_init(&x->sim[i], 16, 64, true);
		CHECK_EQ(rvpmu_hart_init(&x->h[i], &x->cfg, &x->sim[i]), 0);
		rvpmu_sampler_hart_init(&x->sh[i], &x->h[i], &x->sim[i], i);
		x->order[i] = i;
		x->started[i] = true;
		x->sim[i].asid = 0x100 + i;
		x->deadline[i] = SFX_NO_DEADLINE;
	}
	x->mtime = 1000;
	x->plat = (struct rvpmu_sampler_platform){
		.ops = &sfx_ops, .mem = &sfx_mem_ops, .ctx = x,
		.timebase_hz = 1000000, .lead_ticks = 100, .nr_harts = n,
		.order = x->order, .cluster = x->cluster, .scratch = x->scratch,
		.direct = sfx_use_direct ? m_direct : NULL,
		.state = op_state, .state_free = op_state_free,
	};
	rvpmu_sampler_init(&x->s, &x->plat);
	sfx_window = NULL;
	sfx_write_hook = NULL;
	return x;
}

void sfx_cfg(struct sfx *x, const uint32_t *events, unsigned int nr, uint64_t size)
{
	struct rvpmu_sampler_config *c = &x->c;

	memset(c, 0, sizeof(*c));
	c->magic = RVPMU_SAMPLER_CFG_MAGIC;
	c->version = RVPMU_SAMPLER_CFG_VERSION;
	c->nr_events = nr;
	c->period_us = 100;
	c->nr_sample = 4;
	c->nr_bufs = 1;
	c->bufs[0].addr = SFX_BUF;
	c->bufs[0].size = size;
	for (unsigned int i = 0; i < nr; i++)
		c->events[i].event_idx = events[i];
	x->hart_mask = 0;
	x->hart_base = (rvpmu_ulong)RVPMU_SAMPLER_ALL_HARTS;
	x->conf_flags = 0;
}

void sfx_cfg_bufs(struct sfx *x, unsigned int n)
{
	x->c.nr_bufs = n;
	for (unsigned int b = 1; b < n; b++) {
		x->c.bufs[b].addr = SFX_BUF + 0x400 * (uint64_t)b;
		x->c.bufs[b].size = x->c.bufs[0].size;
	}
}

long sfx_configure(struct sfx *x)
{
	memcpy(sfx_mem(x, SFX_CFG), &x->c, sizeof(x->c));
	return rvpmu_sampler_configure(&x->s, &x->h[0], SFX_CFG, 0, x->hart_mask, x->hart_base,
				       x->conf_flags);
}

long sfx_start(struct sfx *x)
{
	unsigned int i, j;
	long err = rvpmu_sampler_prepare(&x->s);

	if (err)
		return err;
	for (i = 0; i < x->n; i++) {
		if (!x->started[i] || !rvpmu_sampler_in_set(&x->s, i))
			continue;
		err = rvpmu_sampler_hart_start(&x->s, &x->sh[i]);
		if (err) {
			for (j = 0; j < i; j++)
				rvpmu_sampler_hart_abort(&x->s, &x->sh[j]);
			rvpmu_sampler_abort(&x->s);
			return err;
		}
	}
	rvpmu_sampler_launch(&x->s);
	return 0;
}

void sfx_tick(struct sfx *x, unsigned int i)
{
	x->deadline[i] = rvpmu_sampler_tick(&x->s, &x->sh[i], x->mtime);
}

unsigned int sfx_run(struct sfx *x, unsigned int max_ticks)
{
	unsigned int ticks = 0, i;

	while (ticks < max_ticks) {
		uint64_t next = SFX_NO_DEADLINE;

		for (i = 0; i < x->n; i++)
			if (x->deadline[i] < next)
				next = x->deadline[i];
		if (next == SFX_NO_DEADLINE)
			break;
		for (i = 0; i < x->n; i++)
			if (x->deadline[i] == next && sfx_window)
				sfx_window(x, i);
		if (next > x->mtime)
			x->mtime = next;
		for (i = 0; i < x->n; i++)
			if (x->deadline[i] <= x->mtime) {
				sfx_tick(x, i);
				ticks++;
			}
	}
	return ticks;
}

struct rvpmu_ret sfx_status(struct sfx *x, const struct rvpmu_sampler_status **st)
{
	*st = sfx_mem(x, SFX_STATUS);
	return rvpmu_sampler_status(&x->s, SFX_STATUS, 0, 0x300);
}

long sfx_match(struct sfx *x, unsigned int hart, uint32_t event, uint64_t data)
{
	struct rvpmu_ret r = rvpmu_counter_config_matching(&x->h[hart], 0,
							   (rvpmu_ulong)x->h[hart].valid,
							   0, event, data);

	return r.error ? r.error : (long)r.value;
}

void sfx_busy(struct sfx *x, unsigned int i)
{
	if (!x->sh[i].running)
		return;
	sim_event(&x->sim[i], SBI_PMU_DTLB_READ_MISS, 3);
	sim_event(&x->sim[i], FX_DTLB_WR_MISS, 5);
	sim_run(&x->sim[i], 700);
}

void sfx_run_until_begun(struct sfx *x)
{
	for (;;) {
		unsigned int i;

		for (i = 0; i < x->n && (!x->sh[i].running || x->sh[i].begun); i++)
			;
		if (i == x->n || !sfx_run(x, 1))
			return;
	}
}
