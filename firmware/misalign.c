/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Misaligned loads and stores, emulated one byte at a time (misalign.h).
 * Freestanding: everything about the hart goes through struct ma_ops.
 */
#include "firmware/misalign.h"

#define OP_LOAD		0x03
#define OP_LOAD_FP	0x07
#define OP_STORE	0x23
#define OP_STORE_FP	0x27

/* fill *d; always true, so a decoder case can end in `return set(...)` */
static bool set(struct ma_insn *d, unsigned int len, unsigned int size, unsigned int reg,
		bool store, bool fp, bool sign)
{
	d->len = (uint8_t)len;
	d->size = (uint8_t)size;
	d->reg = (uint8_t)reg;
	d->store = store;
	d->fp = fp;
	d->sign = sign;
	return true;
}

static bool decode32(uint32_t insn, unsigned int xlen, unsigned int fpu, struct ma_insn *d)
{
	unsigned int f3 = insn >> 12 & 7, rd = insn >> 7 & 31, rs2 = insn >> 20 & 31;

	switch (insn & 0x7f) {
	case OP_LOAD:
		/* lb lh lw ld lbu lhu lwu; ld and lwu are RV64's, 7 reserved */
		if (f3 == 7 || ((f3 == 3 || f3 == 6) && xlen != 64))
			return false;
		return set(d, 4, 1u << (f3 & 3), rd, false, false, f3 < 4);
	case OP_STORE:
		if (f3 > 3 || (f3 == 3 && xlen != 64))
			return false;
		return set(d, 4, 1u << f3, rs2, true, false, false);
	case OP_LOAD_FP:
	case OP_STORE_FP:
		/* 2: flw/fsw (F), 3: fld/fsd (D); half and quad are not here */
		if (!(f3 == 2 && (fpu & MA_FPU_F)) && !(f3 == 3 && (fpu & MA_FPU_D)))
			return false;
		if ((insn & 0x7f) == OP_STORE_FP)
			return set(d, 4, 1u << f3, rs2, true, true, false);
		return set(d, 4, 1u << f3, rd, false, true, false);
	}
	return false;
}

/*
 * Quadrants 0 (registers x8..x15 / f8..f15 in bits 4:2) and 2 (the
 * stack-pointer forms: rd in 11:7, rs2 in 6:2). funct3 1/5 are the D
 * forms; 2/6 the word forms; 3/7 the doubleword forms on RV64 and the F
 * forms on RV32.
 */
static bool decode16(uint32_t insn, unsigned int xlen, unsigned int fpu, struct ma_insn *d)
{
	unsigned int f3 = insn >> 13 & 7, q = insn & 3, reg;
	bool store = f3 >= 5, fp, dbl;

	if (q == 0)
		reg = (insn >> 2 & 7) + 8;
	else if (q == 2)
		reg = store ? (insn >> 2 & 31) : (insn >> 7 & 31);
	else
		return false;
	switch (f3 & 3) {
	case 1:
		fp = dbl = true;
		break;
	case 2:
		fp = dbl = false;
		break;
	case 3:
		fp = xlen == 32;
		dbl = !fp;
		break;
	default:
		return false;	/* c.addi4spn, reserved, c.slli, c.mv/add... */
	}
	if (fp && !(fpu & (dbl ? MA_FPU_D : MA_FPU_F)))
		return false;
	/* c.lwsp and c.ldsp with rd = x0 are reserved */
	if (q == 2 && !store && !fp && reg == 0)
		return false;
	return set(d, 2, dbl ? 8 : 4, reg, store, fp, !store && !fp);
}

bool ma_decode(uint32_t insn, unsigned int xlen, unsigned int fpu, struct ma_insn *out)
{
	if ((insn & 3) == 3)
		return decode32(insn, xlen, fpu, out);
	return decode16(insn & 0xffff, xlen, fpu, out);
}

/* The trapping instruction and its length: 0 when it cannot be had. */
static unsigned int fetch(const struct ma_ops *ops, void *ctx, const struct ma_trap *t,
			  uint64_t mask, uint32_t *insn)
{
	uint8_t b[4];
	unsigned int i, len = 2;

	/* a transformed instruction: bit 0 set, bit 1 clear when the original
	   was compressed (then this is its 32-bit equivalent) */
	if ((t->tinst & 1) && t->tinst <= UINT32_MAX) {
		*insn = (uint32_t)t->tinst | 2;
		return t->tinst & 2 ? 4 : 2;
	}
	for (i = 0; i < len; i++) {
		if (ops->load8(ctx, (t->pc + i) & mask, true, &b[i]))
			return 0;
		if (i == 0 && (b[0] & 3) == 3)
			len = 4;
	}
	*insn = b[0] | (uint32_t)b[1] << 8;
	if (len == 4)
		*insn |= (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
	return len;
}

struct ma_result ma_emulate(const struct ma_ops *ops, void *ctx, const struct ma_trap *t)
{
	struct ma_result r = { MA_REFUSE, 0, 0, 0 };
	uint64_t mask = t->xlen == 32 ? UINT32_MAX : UINT64_MAX, v = 0, a;
	struct ma_insn d;
	unsigned long fault;
	unsigned int i, len;
	uint32_t insn;
	uint8_t b;

	if (t->cause != MA_CAUSE_LOAD && t->cause != MA_CAUSE_STORE)
		return r;
	len = fetch(ops, ctx, t, mask, &insn);
	if (!len || !ma_decode(insn, t->xlen, t->fpu, &d) ||
	    d.store != (t->cause == MA_CAUSE_STORE))
		return r;
	if (d.store) {
		if (d.fp)
			v = ops->get_f(ctx, d.reg);
		else if (d.reg)
			v = ops->get_x(ctx, d.reg);
	}
	for (i = 0; i < d.size; i++) {
		a = (t->addr + i) & mask;
		if (d.store)
			fault = ops->store8(ctx, a, (uint8_t)(v >> 8 * i));
		else
			fault = ops->load8(ctx, a, false, &b);
		if (fault) {
			r.status = MA_FAULT;
			r.fault_cause = fault;
			r.fault_addr = a;
			return r;
		}
		if (!d.store)
			v |= (uint64_t)b << 8 * i;
	}
	if (!d.store) {
		if (d.sign && d.size < 8 && (v >> (8 * d.size - 1) & 1))
			v |= UINT64_MAX << 8 * d.size;
		if (d.fp) {
			/* a float in a D register is NaN-boxed */
			if (d.size == 4 && (t->fpu & MA_FPU_D))
				v |= UINT64_MAX << 32;
			ops->set_f(ctx, d.reg, v);
		} else if (d.reg) {
			ops->set_x(ctx, d.reg, v & mask);
		}
	}
	r.status = MA_DONE;
	r.next_pc = (t->pc + len) & mask;
	return r;
}
