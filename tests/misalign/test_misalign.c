/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The firmware's misaligned load/store emulation (firmware/misalign.c) on
 * a simulated hart (mhart.c), RV32 and RV64: every encoding it emulates,
 * sign and zero extension, NaN-boxing, x0, mtinst, faults at every byte
 * of an access, the instructions it must refuse, XLEN wrap-around.
 */
#include <stdlib.h>

#include "mhart.h"
#include "t.h"

struct t_state t_state;

#define PC	0x1000ull	/* instructions: readable and executable */
#define DATA	0x2000ull	/* data: readable and writable */
#define F_D	(MA_FPU_F | MA_FPU_D)

/* ---- encoders; every field the emulator must ignore is set to ones */
static uint32_t ld32(unsigned int op, unsigned int f3, unsigned int rd)
{
	return op | rd << 7 | f3 << 12 | 31u << 15 | 0xfffu << 20;
}
static uint32_t st32(unsigned int op, unsigned int f3, unsigned int rs2)
{
	return op | 31u << 7 | f3 << 12 | 31u << 15 | rs2 << 20 | 0x7fu << 25;
}
/* quadrant 0: rd'/rs2' in 4:2, rs1' and the offset all ones */
static uint32_t cq0(unsigned int f3, unsigned int rp)
{
	return f3 << 13 | 7u << 10 | 7u << 7 | 3u << 5 | (rp - 8) << 2;
}
static uint32_t cq2_load(unsigned int f3, unsigned int rd)
{
	return f3 << 13 | 1u << 12 | rd << 7 | 31u << 2 | 2;
}
static uint32_t cq2_store(unsigned int f3, unsigned int rs2)
{
	return f3 << 13 | 63u << 7 | rs2 << 2 | 2;
}

/* ---- every emulated encoding, with what it must do */
#define X32 1u
#define X64 2u
struct enc {
	const char *name;
	uint32_t insn;
	unsigned int len, size, reg;
	bool store, fp, sign;
	unsigned int xlens, fpu;	/* where it exists; FP it needs */
};

static unsigned int nenc;
static struct enc encs[64];

static void add(const char *name, uint32_t insn, unsigned int len, unsigned int size,
		unsigned int reg, bool store, bool fp, bool sign, unsigned int xlens,
		unsigned int fpu)
{
	struct enc e = { name, insn, len, size, reg, store, fp, sign, xlens, fpu };

	encs[nenc++] = e;
}

static void build_encs(void)
{
	nenc = 0;
	add("lb", ld32(0x03, 0, 7), 4, 1, 7, false, false, true, X32 | X64, 0);
	add("lh", ld32(0x03, 1, 9), 4, 2, 9, false, false, true, X32 | X64, 0);
	add("lw", ld32(0x03, 2, 31), 4, 4, 31, false, false, true, X32 | X64, 0);
	add("ld", ld32(0x03, 3, 2), 4, 8, 2, false, false, true, X64, 0);
	add("lbu", ld32(0x03, 4, 5), 4, 1, 5, false, false, false, X32 | X64, 0);
	add("lhu", ld32(0x03, 5, 17), 4, 2, 17, false, false, false, X32 | X64, 0);
	add("lwu", ld32(0x03, 6, 18), 4, 4, 18, false, false, false, X64, 0);
	add("sb", st32(0x23, 0, 11), 4, 1, 11, true, false, false, X32 | X64, 0);
	add("sh", st32(0x23, 1, 1), 4, 2, 1, true, false, false, X32 | X64, 0);
	add("sw", st32(0x23, 2, 30), 4, 4, 30, true, false, false, X32 | X64, 0);
	add("sd", st32(0x23, 3, 8), 4, 8, 8, true, false, false, X64, 0);
	add("flw", ld32(0x07, 2, 0), 4, 4, 0, false, true, false, X32 | X64, MA_FPU_F);
	add("fld", ld32(0x07, 3, 31), 4, 8, 31, false, true, false, X32 | X64, MA_FPU_D);
	add("fsw", st32(0x27, 2, 3), 4, 4, 3, true, true, false, X32 | X64, MA_FPU_F);
	add("fsd", st32(0x27, 3, 29), 4, 8, 29, true, true, false, X32 | X64, MA_FPU_D);
	add("c.lw", cq0(2, 8), 2, 4, 8, false, false, true, X32 | X64, 0);
	add("c.sw", cq0(6, 15), 2, 4, 15, true, false, false, X32 | X64, 0);
	add("c.ld", cq0(3, 12), 2, 8, 12, false, false, true, X64, 0);
	add("c.sd", cq0(7, 9), 2, 8, 9, true, false, false, X64, 0);
	add("c.flw", cq0(3, 13), 2, 4, 13, false, true, false, X32, MA_FPU_F);
	add("c.fsw", cq0(7, 10), 2, 4, 10, true, true, false, X32, MA_FPU_F);
	add("c.fld", cq0(1, 14), 2, 8, 14, false, true, false, X32 | X64, MA_FPU_D);
	add("c.fsd", cq0(5, 11), 2, 8, 11, true, true, false, X32 | X64, MA_FPU_D);
	add("c.lwsp", cq2_load(2, 26), 2, 4, 26, false, false, true, X32 | X64, 0);
	add("c.swsp", cq2_store(6, 2), 2, 4, 2, true, false, false, X32 | X64, 0);
	add("c.ldsp", cq2_load(3, 1), 2, 8, 1, false, false, true, X64, 0);
	add("c.sdsp", cq2_store(7, 31), 2, 8, 31, true, false, false, X64, 0);
	add("c.flwsp", cq2_load(3, 0), 2, 4, 0, false, true, false, X32, MA_FPU_F);
	add("c.fswsp", cq2_store(7, 21), 2, 4, 21, true, true, false, X32, MA_FPU_F);
	add("c.fldsp", cq2_load(1, 19), 2, 8, 19, false, true, false, X32 | X64, MA_FPU_D);
	add("c.fsdsp", cq2_store(5, 0), 2, 8, 0, true, true, false, X32 | X64, MA_FPU_D);
}

static bool exists(const struct enc *e, unsigned int xlen)
{
	return e->xlens & (xlen == 32 ? X32 : X64);
}

/* A hart with the instruction window at PC and the data window at DATA. */
static void setup(struct mhart *h, unsigned int xlen, unsigned int fpu)
{
	mh_init(h, xlen, fpu);
	mh_map(h, PC, MH_R | MH_X);
	mh_map(h, DATA, MH_R | MH_W);
}

static struct ma_result run(struct mhart *h, unsigned long cause, uint64_t addr)
{
	struct ma_trap t = mh_trap(h, cause, PC, addr);

	return ma_emulate(&mh_ops, h, &t);
}

/* print which case a failed check belongs to */
static void label(int before, const char *name, unsigned int xlen, const char *what)
{
	if (t_state.cur_failed != before)
		printf("#   (%s, RV%u: %s)\n", name, xlen, what);
}

/* The value a load of e must produce from bytes b, by the ISA's rules. */
static uint64_t expect_load(const struct enc *e, const uint8_t *b, unsigned int xlen,
			    unsigned int fpu)
{
	uint64_t v = 0;
	unsigned int i;

	for (i = 0; i < e->size; i++)
		v |= (uint64_t)b[i] << 8 * i;
	if (e->sign && e->size < 8 && (b[e->size - 1] & 0x80))
		v |= UINT64_MAX << 8 * e->size;
	if (e->fp)
		return e->size == 4 && (fpu & MA_FPU_D) ? v | 0xffffffff00000000ull : v;
	return xlen == 32 ? v & UINT32_MAX : v;
}

/* Every load and store, both signs of the top byte, at every offset of
   an 8-byte word: the register (or memory) gets exactly the access,
   nothing else changes, pc moves past the instruction. */
static void test_every_encoding(void)
{
	static const unsigned int xlens[2] = { 32, 64 };
	struct mhart h, before;
	unsigned int k, n, off, neg, i;

	build_encs();
	for (k = 0; k < 2; k++)
		for (n = 0; n < nenc; n++) {
			const struct enc *e = &encs[n];
			unsigned int xlen = xlens[k];

			if (!exists(e, xlen))
				continue;
			for (off = 1; off < 8; off++)
				for (neg = 0; neg < 2; neg++) {
					int f0 = t_state.cur_failed;
					uint64_t addr = DATA + 8 + off;
					struct ma_result r;
					uint8_t *m;

					setup(&h, xlen, F_D);
					mh_put_insn(&h, PC, e->insn, e->len);
					m = mh_byte(&h, addr);
					m[e->size - 1] = (uint8_t)(neg ? 0x80 | off : 0x7f - off);
					before = h;
					r = run(&h, e->store ? MA_CAUSE_STORE : MA_CAUSE_LOAD, addr);
					CHECK_EQ(r.status, MA_DONE);
					CHECK_EQ(r.next_pc, PC + e->len);
					CHECK_EQ(h.fetches, e->len);
					CHECK_EQ(h.misuse, 0);
					if (e->store) {
						uint64_t v = e->fp ? before.f[e->reg]
							 : e->reg ? before.x[e->reg] : 0;

						CHECK_EQ(h.stores, e->size);
						for (i = 0; i < e->size; i++)
							CHECK_EQ(m[i], (uint8_t)(v >> 8 * i));
						for (i = 0; i < MH_WIN; i++)
							if (i < 8 + off || i >= 8 + off + e->size)
								CHECK_EQ(h.win[1].b[i], before.win[1].b[i]);
						CHECK(!memcmp(h.x, before.x, sizeof(h.x)));
						CHECK(!memcmp(h.f, before.f, sizeof(h.f)));
					} else {
						uint64_t want = expect_load(e, m, xlen, F_D);

						CHECK_EQ(h.loads, e->size);
						CHECK(!memcmp(h.win, before.win, sizeof(h.win)));
						if (e->fp) {
							CHECK_EQ(h.f[e->reg], want);
							CHECK_EQ(h.f_writes, 1);
							before.f[e->reg] = want;
						} else {
							CHECK_EQ(h.x[e->reg], want);
							CHECK_EQ(h.x_writes, 1);
							before.x[e->reg] = want;
						}
						CHECK(!memcmp(h.x, before.x, sizeof(h.x)));
						CHECK(!memcmp(h.f, before.f, sizeof(h.f)));
					}
					label(f0, e->name, xlen, neg ? "top bit set" : "top bit clear");
				}
		}
}

/* Sign and zero extension written out, so the rule is not only the one
   expect_load computes. */
static void test_extension_values(void)
{
	static const uint8_t bytes[8] = { 0x01, 0x92, 0x03, 0x84, 0x05, 0x06, 0x07, 0x88 };
	static const struct {
		unsigned int f3, xlen, op;
		uint64_t want;
	} v[] = {
		{ 0, 64, 0x03, 0x0000000000000001ull },	/* lb of 0x01 */
		{ 1, 64, 0x03, 0xffffffffffff9201ull },	/* lh */
		{ 1, 32, 0x03, 0x00000000ffff9201ull },
		{ 5, 64, 0x03, 0x0000000000009201ull },	/* lhu */
		{ 5, 32, 0x03, 0x0000000000009201ull },
		{ 2, 64, 0x03, 0xffffffff84039201ull },	/* lw */
		{ 2, 32, 0x03, 0x0000000084039201ull },
		{ 6, 64, 0x03, 0x0000000084039201ull },	/* lwu */
		{ 3, 64, 0x03, 0x8807060584039201ull },	/* ld */
		{ 2, 64, 0x07, 0xffffffff84039201ull },	/* flw, NaN-boxed */
		{ 2, 32, 0x07, 0xffffffff84039201ull },	/* RV32 with D too */
		{ 3, 32, 0x07, 0x8807060584039201ull },	/* fld */
	};
	struct mhart h;
	unsigned int i;

	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		struct ma_result r;

		setup(&h, v[i].xlen, F_D);
		mh_put_insn(&h, PC, ld32(v[i].op, v[i].f3, 10), 4);
		memcpy(mh_byte(&h, DATA + 3), bytes, 8);
		r = run(&h, MA_CAUSE_LOAD, DATA + 3);
		CHECK_EQ(r.status, MA_DONE);
		CHECK_EQ(v[i].op == 0x07 ? h.f[10] : h.x[10], v[i].want);
	}
	/* F without D: a float is 32 bits, no boxing */
	setup(&h, 32, MA_FPU_F);
	mh_put_insn(&h, PC, cq0(3, 9), 2);			/* c.flw f9 */
	memcpy(mh_byte(&h, DATA + 1), bytes, 4);
	CHECK_EQ(run(&h, MA_CAUSE_LOAD, DATA + 1).status, MA_DONE);
	CHECK_EQ(h.f[9], 0x84039201ull);
	CHECK_EQ(h.misuse, 0);
	/* fsw from a D register writes its low 32 bits only */
	setup(&h, 64, F_D);
	h.f[4] = 0x1122334455667788ull;
	mh_put_insn(&h, PC, st32(0x27, 2, 4), 4);
	CHECK_EQ(run(&h, MA_CAUSE_STORE, DATA + 1).status, MA_DONE);
	CHECK(!memcmp(mh_byte(&h, DATA + 1), "\x88\x77\x66\x55", 4));
	CHECK(*mh_byte(&h, DATA + 5) != 0x44);
}

/* x0: a load into it reads (and may fault) but writes nothing; a store
   from it writes zeros; c.lwsp/c.ldsp with rd = x0 are reserved. */
static void test_x0(void)
{
	struct mhart h;
	struct ma_result r;

	setup(&h, 64, F_D);
	mh_put_insn(&h, PC, ld32(0x03, 2, 0), 4);		/* lw x0 */
	r = run(&h, MA_CAUSE_LOAD, DATA + 1);
	CHECK_EQ(r.status, MA_DONE);
	CHECK_EQ(h.loads, 4);
	CHECK_EQ(h.x_writes, 0);
	CHECK_EQ(h.x[0], 0);
	CHECK_EQ(h.misuse, 0);
	setup(&h, 64, F_D);
	mh_put_insn(&h, PC, ld32(0x03, 3, 0), 4);		/* ld x0, unmapped */
	r = run(&h, MA_CAUSE_LOAD, 0x9001);
	CHECK_EQ(r.status, MA_FAULT);
	CHECK_EQ(r.fault_cause, 5);
	CHECK_EQ(r.fault_addr, 0x9001);
	setup(&h, 32, F_D);
	mh_put_insn(&h, PC, st32(0x23, 2, 0), 4);		/* sw x0 */
	CHECK_EQ(run(&h, MA_CAUSE_STORE, DATA + 2).status, MA_DONE);
	CHECK(!memcmp(mh_byte(&h, DATA + 2), "\0\0\0\0", 4));
	CHECK_EQ(h.misuse, 0);
	for (unsigned int xlen = 32; xlen <= 64; xlen += 32) {
		setup(&h, xlen, F_D);
		mh_put_insn(&h, PC, cq2_load(xlen == 64 ? 3 : 2, 0), 2);
		CHECK_EQ(run(&h, MA_CAUSE_LOAD, DATA + 1).status, MA_REFUSE);
		CHECK_EQ(h.loads, 0);
	}
}

/* A fault at any byte: the fault's cause at that byte's address; a load
   writes no register; a store has written only the bytes below it. */
static void test_fault_every_byte(void)
{
	struct mhart h, before;
	unsigned int xlen, size, k, i, store;

	for (xlen = 32; xlen <= 64; xlen += 32)
		for (store = 0; store < 2; store++)
			for (size = 2; size <= (xlen == 64 ? 8u : 4u); size *= 2)
				for (k = 0; k < size; k++) {
					unsigned int f3 = size == 2 ? 1 : size == 4 ? 2 : 3;
					/* the access runs from DATA+MH_WIN-k into a
					   window at DATA+MH_WIN that denies it */
					uint64_t addr = DATA + MH_WIN - k;
					struct mh_window *w;
					struct ma_result r;
					int f0 = t_state.cur_failed;

					setup(&h, xlen, F_D);
					w = mh_map(&h, DATA + MH_WIN, store ? MH_R : 0);
					w->load_cause = 13;
					w->store_cause = k & 1 ? 15 : 7;
					mh_put_insn(&h, PC, store ? st32(0x23, f3, 6) : ld32(0x03, f3, 6), 4);
					before = h;
					r = run(&h, store ? MA_CAUSE_STORE : MA_CAUSE_LOAD, addr);
					CHECK_EQ(r.status, MA_FAULT);
					CHECK_EQ(r.fault_addr, DATA + MH_WIN);
					CHECK_EQ(r.fault_cause, store ? (k & 1 ? 15u : 7u) : 13u);
					CHECK(!memcmp(h.x, before.x, sizeof(h.x)));
					CHECK_EQ(h.x_writes, 0);
					CHECK(!memcmp(w->b, before.win[2].b, MH_WIN));
					for (i = 0; i < k; i++)
						CHECK_EQ(h.win[1].b[MH_WIN - k + i],
							 store ? (uint8_t)(before.x[6] >> 8 * i)
							       : before.win[1].b[MH_WIN - k + i]);
					CHECK_EQ(h.misuse, 0);
					label(f0, store ? "store" : "load", xlen, "fault at a byte");
				}
	/* an FP load that faults writes no FP register either */
	setup(&h, 64, F_D);
	mh_put_insn(&h, PC, ld32(0x07, 3, 12), 4);
	before = h;
	CHECK_EQ(run(&h, MA_CAUSE_LOAD, DATA + MH_WIN - 3).status, MA_FAULT);
	CHECK(!memcmp(h.f, before.f, sizeof(h.f)));
	CHECK_EQ(h.f_writes, 0);
}

/* Not emulated: nothing read past the instruction, nothing written. */
static void expect_refuse(unsigned int xlen, unsigned int fpu, unsigned long cause,
			  uint32_t insn, const char *what)
{
	struct mhart h, before;
	struct ma_result r;
	int f0 = t_state.cur_failed;

	setup(&h, xlen, fpu);
	mh_put_insn(&h, PC, insn, (insn & 3) == 3 ? 4 : 2);
	before = h;
	r = run(&h, cause, DATA + 1);
	CHECK_EQ(r.status, MA_REFUSE);
	CHECK_EQ(h.loads + h.stores + h.x_writes + h.f_writes, 0);
	CHECK(!memcmp(h.x, before.x, sizeof(h.x)) && !memcmp(h.f, before.f, sizeof(h.f)));
	CHECK(!memcmp(h.win, before.win, sizeof(h.win)));
	label(f0, what, xlen, "refused");
}

static void test_refused(void)
{
	unsigned int xlen;

	for (xlen = 32; xlen <= 64; xlen += 32) {
		/* atomics: amoadd.w, amoswap.d, lr.w, sc.w */
		expect_refuse(xlen, F_D, MA_CAUSE_STORE, 0x00b5252fu, "amoadd.w");
		expect_refuse(xlen, F_D, MA_CAUSE_STORE, 0x08b5352fu, "amoswap.d");
		expect_refuse(xlen, F_D, MA_CAUSE_LOAD, 0x1005252fu, "lr.w");
		expect_refuse(xlen, F_D, MA_CAUSE_STORE, 0x18b5252fu, "sc.w");
		/* a load for a store cause and the reverse */
		expect_refuse(xlen, F_D, MA_CAUSE_STORE, ld32(0x03, 2, 5), "lw as a store");
		expect_refuse(xlen, F_D, MA_CAUSE_LOAD, st32(0x23, 2, 5), "sw as a load");
		expect_refuse(xlen, F_D, MA_CAUSE_LOAD, cq2_store(6, 5), "c.swsp as a load");
		/* other causes are not this module's */
		expect_refuse(xlen, F_D, 5, ld32(0x03, 2, 5), "cause 5");
		expect_refuse(xlen, F_D, 2, ld32(0x03, 2, 5), "cause 2");
		/* FP without the extension, half and quad precision */
		expect_refuse(xlen, 0, MA_CAUSE_LOAD, ld32(0x07, 2, 5), "flw without F");
		expect_refuse(xlen, MA_FPU_F, MA_CAUSE_LOAD, ld32(0x07, 3, 5), "fld without D");
		expect_refuse(xlen, MA_FPU_F, MA_CAUSE_STORE, st32(0x27, 3, 5), "fsd without D");
		expect_refuse(xlen, MA_FPU_F, MA_CAUSE_LOAD, cq0(1, 8), "c.fld without D");
		expect_refuse(xlen, MA_FPU_F, MA_CAUSE_STORE, cq2_store(5, 8), "c.fsdsp without D");
		expect_refuse(xlen, F_D, MA_CAUSE_LOAD, ld32(0x07, 1, 5), "flh");
		expect_refuse(xlen, F_D, MA_CAUSE_LOAD, ld32(0x07, 4, 5), "flq");
		/* reserved load funct3, other opcodes, other compressed ones */
		expect_refuse(xlen, F_D, MA_CAUSE_LOAD, ld32(0x03, 7, 5), "load funct3 7");
		expect_refuse(xlen, F_D, MA_CAUSE_STORE, st32(0x23, 4, 5), "store funct3 4");
		expect_refuse(xlen, F_D, MA_CAUSE_LOAD, 0x00150513u, "addi");
		expect_refuse(xlen, F_D, MA_CAUSE_LOAD, 0x0000u, "c.illegal");
		expect_refuse(xlen, F_D, MA_CAUSE_LOAD, 0x4501u, "c.li");
		expect_refuse(xlen, F_D, MA_CAUSE_LOAD, 0x8082u, "c.jr");
		expect_refuse(xlen, F_D, MA_CAUSE_LOAD, 0x0040u, "c.addi4spn");
	}
	/* RV64's encodings on RV32; RV32's compressed F forms without F */
	expect_refuse(32, F_D, MA_CAUSE_LOAD, ld32(0x03, 3, 5), "ld on RV32");
	expect_refuse(32, F_D, MA_CAUSE_LOAD, ld32(0x03, 6, 5), "lwu on RV32");
	expect_refuse(32, F_D, MA_CAUSE_STORE, st32(0x23, 3, 5), "sd on RV32");
	expect_refuse(32, 0, MA_CAUSE_LOAD, cq0(3, 8), "c.flw without F");
	expect_refuse(32, 0, MA_CAUSE_STORE, cq2_store(7, 8), "c.fswsp without F");
}

/* mtinst: a transformed instruction is used as it is (nothing fetched);
   bit 1 clear says the original was compressed (pc + 2); a value with
   bit 0 clear is not an instruction: the one at pc is read. */
static void test_tinst(void)
{
	struct mhart h;
	struct ma_trap t;
	struct ma_result r;

	setup(&h, 64, F_D);
	mh_put_insn(&h, PC, 0x00b5252fu, 4);		/* an AMO at pc: must not be read */
	t = mh_trap(&h, MA_CAUSE_LOAD, PC, DATA + 1);
	t.tinst = ld32(0x03, 5, 9) & ~(31u << 15);	/* lhu x9, rs1 field 0 */
	r = ma_emulate(&mh_ops, &h, &t);
	CHECK_EQ(r.status, MA_DONE);
	CHECK_EQ(r.next_pc, PC + 4);
	CHECK_EQ(h.fetches, 0);
	CHECK_EQ(h.x[9], *mh_byte(&h, DATA + 1) | *mh_byte(&h, DATA + 2) << 8);
	/* c.sd's transformed form: sd with bit 1 clear */
	setup(&h, 64, F_D);
	t = mh_trap(&h, MA_CAUSE_STORE, PC, DATA + 3);
	t.tinst = st32(0x23, 3, 12) & ~2u;
	r = ma_emulate(&mh_ops, &h, &t);
	CHECK_EQ(r.status, MA_DONE);
	CHECK_EQ(r.next_pc, PC + 2);
	CHECK_EQ(h.fetches, 0);
	CHECK_EQ(*mh_byte(&h, DATA + 10), (uint8_t)(h.x[12] >> 56));
	/* a pseudo-instruction (bit 0 clear) is ignored */
	setup(&h, 64, F_D);
	mh_put_insn(&h, PC, cq0(2, 10), 2);			/* c.lw x10 */
	t = mh_trap(&h, MA_CAUSE_LOAD, PC, DATA + 1);
	t.tinst = 0x3000;
	r = ma_emulate(&mh_ops, &h, &t);
	CHECK_EQ(r.status, MA_DONE);
	CHECK_EQ(r.next_pc, PC + 2);
	CHECK_EQ(h.fetches, 2);
	/* an AMO handed over in mtinst is refused */
	setup(&h, 64, F_D);
	t = mh_trap(&h, MA_CAUSE_STORE, PC, DATA + 1);
	t.tinst = 0x00b0252fu;
	CHECK_EQ(ma_emulate(&mh_ops, &h, &t).status, MA_REFUSE);
	CHECK_EQ(h.stores, 0);
}

/* The instruction is read as an instruction (execute-only is fine), its
   data as data; an instruction that cannot be read is refused. */
static void test_fetch(void)
{
	struct mhart h;
	struct ma_trap t;
	struct ma_result r;

	/* execute-only: fetched, but a load of it is a page fault */
	mh_init(&h, 64, F_D);
	mh_map(&h, PC, MH_X);
	mh_put_insn(&h, PC, ld32(0x03, 2, 5), 4);
	r = run(&h, MA_CAUSE_LOAD, PC + 1);
	CHECK_EQ(r.status, MA_FAULT);
	CHECK_EQ(r.fault_cause, 13);
	CHECK_EQ(r.fault_addr, PC + 1);
	CHECK_EQ(h.fetches, 4);
	/* a 4-byte instruction whose second half is on an unmapped page */
	mh_init(&h, 64, F_D);
	mh_map(&h, PC, MH_R | MH_X);
	mh_map(&h, DATA, MH_R | MH_W);
	mh_put_insn(&h, PC + MH_WIN - 2, ld32(0x03, 2, 5) & 0xffff, 2);
	t = mh_trap(&h, MA_CAUSE_LOAD, PC + MH_WIN - 2, DATA + 1);
	r = ma_emulate(&mh_ops, &h, &t);
	CHECK_EQ(r.status, MA_REFUSE);
	CHECK_EQ(h.loads + h.x_writes, 0);
	/* the same instruction across two mapped windows is read whole */
	mh_map(&h, PC + MH_WIN, MH_X);
	mh_put_insn(&h, PC + MH_WIN - 2, ld32(0x03, 2, 5), 4);
	r = ma_emulate(&mh_ops, &h, &t);
	CHECK_EQ(r.status, MA_DONE);
	CHECK_EQ(r.next_pc, PC + MH_WIN + 2);
}

/* Addresses and pc wrap at XLEN: RV32's top of memory is followed by 0. */
static void test_wrap(void)
{
	struct mhart h;
	struct ma_trap t;
	struct ma_result r;
	uint64_t top = 0x100000000ull - MH_WIN;

	mh_init(&h, 32, F_D);
	mh_map(&h, top, MH_R | MH_W | MH_X);
	mh_map(&h, 0, MH_R | MH_W);
	mh_put_insn(&h, 0xfffffffcull, ld32(0x03, 2, 7), 4);
	*mh_byte(&h, 0xfffffffeull) = 0x11;
	*mh_byte(&h, 0xffffffffull) = 0x22;
	*mh_byte(&h, 0) = 0x33;
	*mh_byte(&h, 1) = 0x44;
	t = mh_trap(&h, MA_CAUSE_LOAD, 0xfffffffcull, 0xfffffffeull);
	r = ma_emulate(&mh_ops, &h, &t);
	CHECK_EQ(r.status, MA_DONE);
	CHECK_EQ(r.next_pc, 0);
	CHECK_EQ(h.x[7], 0x44332211u);
	CHECK_EQ(h.misuse, 0);
	/* the store the other way */
	h.x[7] = 0xa1b2c3d4u;
	mh_put_insn(&h, 0xfffffffcull, st32(0x23, 2, 7), 4);
	t.cause = MA_CAUSE_STORE;
	CHECK_EQ(ma_emulate(&mh_ops, &h, &t).status, MA_DONE);
	CHECK_EQ(*mh_byte(&h, 0xfffffffeull), 0xd4);
	CHECK_EQ(*mh_byte(&h, 1), 0xa1);
	CHECK_EQ(h.misuse, 0);
}

/* ma_decode on its own: what each field of a decoded instruction says */
static void test_decode(void)
{
	struct ma_insn d;
	unsigned int n, xlen;

	build_encs();
	for (xlen = 32; xlen <= 64; xlen += 32)
		for (n = 0; n < nenc; n++) {
			const struct enc *e = &encs[n];
			int f0 = t_state.cur_failed;
			bool ok = ma_decode(e->insn, xlen, F_D, &d);

			if (!exists(e, xlen)) {
				/* RV32's c.flw is RV64's c.ld, and so on, or nothing */
				CHECK(!ok || d.fp != e->fp);
				label(f0, e->name, xlen, "decode of another XLEN's encoding");
				continue;
			}
			CHECK(ok);
			if (ok) {
				CHECK_EQ(d.len, e->len);
				CHECK_EQ(d.size, e->size);
				CHECK_EQ(d.reg, e->reg);
				CHECK_EQ(d.store, e->store);
				CHECK_EQ(d.fp, e->fp);
				CHECK_EQ(d.sign, e->sign);
			}
			if (e->fpu)	/* and not without its extension */
				CHECK(!ma_decode(e->insn, xlen, e->fpu == MA_FPU_D ? MA_FPU_F : 0, &d));
			label(f0, e->name, xlen, "decode");
		}
}

static const struct t_case cases[] = {
	T(test_decode), T(test_every_encoding), T(test_extension_values), T(test_x0),
	T(test_fault_every_byte), T(test_refused), T(test_tinst), T(test_fetch), T(test_wrap),
};

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	t_state.filter = argc > 1 ? argv[1] : NULL;
	printf("# misaligned load/store emulation (firmware/misalign.c), RV32 and RV64\n");
	T_RUN(cases);
	return t_finish();
}
