/* SPDX-License-Identifier: BSD-2-Clause */
#include <string.h>

#include "mhart.h"

static uint64_t xmask(const struct mhart *h)
{
	return h->xlen == 32 ? UINT32_MAX : UINT64_MAX;
}

void mh_init(struct mhart *h, unsigned int xlen, unsigned int fpu)
{
	unsigned int i;

	memset(h, 0, sizeof(*h));
	h->xlen = xlen;
	h->fpu = fpu;
	for (i = 1; i < 32; i++)
		h->x[i] = (0x1111111111111111ull * (i & 15) ^ (uint64_t)i << 40) & xmask(h);
	for (i = 0; i < 32; i++)
		h->f[i] = 0x4000000000000000ull | (uint64_t)i << 20 | i;
	if (!(fpu & MA_FPU_D))
		for (i = 0; i < 32; i++)
			h->f[i] &= UINT32_MAX;
}

struct mh_window *mh_map(struct mhart *h, uint64_t base, unsigned int perm)
{
	struct mh_window *w = &h->win[h->nwin++];
	unsigned int i;

	w->base = base;
	w->perm = perm;
	w->load_cause = 13;
	w->store_cause = 15;
	for (i = 0; i < MH_WIN; i++)
		w->b[i] = (uint8_t)(0xa0 + i * 7 + h->nwin);
	return w;
}

static struct mh_window *find(struct mhart *h, uint64_t va)
{
	unsigned int i;

	for (i = 0; i < h->nwin; i++)
		if (va - h->win[i].base < MH_WIN)
			return &h->win[i];
	return NULL;
}

uint8_t *mh_byte(struct mhart *h, uint64_t va)
{
	struct mh_window *w = find(h, va);

	return w ? &w->b[va - w->base] : NULL;
}

void mh_put_insn(struct mhart *h, uint64_t va, uint32_t insn, unsigned int len)
{
	unsigned int i;

	for (i = 0; i < len; i++)
		*mh_byte(h, va + i) = (uint8_t)(insn >> 8 * i);
}

struct ma_trap mh_trap(const struct mhart *h, unsigned long cause, uint64_t pc, uint64_t addr)
{
	struct ma_trap t = { cause, pc, addr, 0, h->xlen, h->fpu };

	return t;
}

static unsigned long load8(void *c, uint64_t va, bool insn, uint8_t *out)
{
	struct mhart *h = c;
	struct mh_window *w = find(h, va);

	if (va > xmask(h))
		h->misuse++;
	if (insn)
		h->fetches++;
	else
		h->loads++;
	if (!w)
		return 5;
	/* a fetch reads what is executable too (MXR) */
	if (!(w->perm & MH_R) && !(insn && (w->perm & MH_X)))
		return w->load_cause;
	*out = w->b[va - w->base];
	return 0;
}

static unsigned long store8(void *c, uint64_t va, uint8_t v)
{
	struct mhart *h = c;
	struct mh_window *w = find(h, va);

	if (va > xmask(h))
		h->misuse++;
	h->stores++;
	if (!w)
		return 7;
	if (!(w->perm & MH_W))
		return w->store_cause;
	w->b[va - w->base] = v;
	return 0;
}

static uint64_t get_x(void *c, unsigned int r)
{
	struct mhart *h = c;

	if (r == 0 || r > 31)
		h->misuse++;
	return h->x[r & 31];
}

static void set_x(void *c, unsigned int r, uint64_t v)
{
	struct mhart *h = c;

	if (r == 0 || r > 31 || v > xmask(h))
		h->misuse++;
	h->x_writes++;
	if (r && r < 32)
		h->x[r] = v;
}

static uint64_t get_f(void *c, unsigned int r)
{
	struct mhart *h = c;

	if (r > 31 || !(h->fpu & MA_FPU_F))
		h->misuse++;
	return h->f[r & 31];
}

static void set_f(void *c, unsigned int r, uint64_t v)
{
	struct mhart *h = c;

	if (r > 31 || !(h->fpu & MA_FPU_F) || (!(h->fpu & MA_FPU_D) && v > UINT32_MAX))
		h->misuse++;
	h->f_writes++;
	h->f[r & 31] = v;
}

const struct ma_ops mh_ops = { load8, store8, get_x, set_x, get_f, set_f };
