/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Misaligned loads and stores from S- and U-mode, emulated (misalign.c)
 * on this hart's real state: the registers entry.S saved, the FP
 * registers in place, memory through MPRV.
 *
 * Every byte is accessed with mstatus.MPRV set, as the trapped mode
 * (mstatus.MPP) would access it: S-mode's translation, SUM and MXR, and
 * PMP as for S/U, so S-mode cannot reach the firmware's memory or the
 * M-mode registers through an emulated access any more than it can
 * directly. A fault is taken by fw_probe_vector (entry.S), which skips
 * the access; the nested trap overwrites mepc, mcause, mtval and mtinst
 * and mstatus' MPP/MPIE, so each access writes mstatus back and
 * fw_misaligned the others.
 */
#include "csr.h"
#include "misalign.h"
#include "platform.h"
#include "trap.h"

extern char fw_probe_vector[];
void fw_fpr_store64(unsigned int r, uint64_t *p);
void fw_fpr_load64(unsigned int r, const uint64_t *p);
void fw_fpr_store32(unsigned int r, uint32_t *p);
void fw_fpr_load32(unsigned int r, const uint32_t *p);

_Static_assert(sizeof(struct fw_frame_ext) == 15 * sizeof(unsigned long),
	       "entry.S stores sp, gp, tp, s0-s11 in this order");

struct ctx {
	struct fw_frame *f;
	struct fw_frame_ext *x;
	unsigned int fpu;
};

/* One byte at va through MPRV (bits: MPRV, and MXR for a fetch): 0, or
   the mcause of the fault. The access must be 4 bytes (norvc): that is
   what fw_probe_vector skips. */
static unsigned long mprv_byte(unsigned long va, unsigned long bits, bool store, uint8_t *b)
{
	unsigned long ms = csr_read(CSR_MSTATUS), tvec, fault, v = *b;

	tvec = csr_swap(CSR_MTVEC, (unsigned long)fw_probe_vector);
	if (store)
		__asm__ volatile(".option push\n\t.option norvc\n\t"
				 "li t1, 0\n\tcsrs mstatus, %2\n\tsb %1, 0(%3)\n\t"
				 "csrw mstatus, %4\n\tmv %0, t1\n\t.option pop"
				 : "=r"(fault) : "r"(v), "r"(bits), "r"(va), "r"(ms)
				 : "t0", "t1", "memory");
	else
		__asm__ volatile(".option push\n\t.option norvc\n\t"
				 "li t1, 0\n\tcsrs mstatus, %2\n\tlbu %1, 0(%3)\n\t"
				 "csrw mstatus, %4\n\tmv %0, t1\n\t.option pop"
				 : "=r"(fault), "+&r"(v) : "r"(bits), "r"(va), "r"(ms)
				 : "t0", "t1", "memory");
	csr_write(CSR_MTVEC, tvec);
	if (fault)
		return csr_read(CSR_MCAUSE);
	*b = (uint8_t)v;
	return 0;
}

static unsigned long load8(void *c, uint64_t va, bool insn, uint8_t *out)
{
	(void)c;
	return mprv_byte((unsigned long)va, MSTATUS_MPRV | (insn ? MSTATUS_MXR : 0), false, out);
}

static unsigned long store8(void *c, uint64_t va, uint8_t v)
{
	(void)c;
	return mprv_byte((unsigned long)va, MSTATUS_MPRV, true, &v);
}

/* Where entry.S keeps register r (1..31) of the trapped context. */
static unsigned long *gpr(struct ctx *c, unsigned int r)
{
	static const uint8_t in_f[32] = {
		/* x1 ra, x5-x7 t0-t2, x10-x17 a0-a7, x28-x31 t3-t6: index in
		   struct fw_frame + 1; 0: in struct fw_frame_ext */
		[1] = 1, [5] = 2, [6] = 3, [7] = 4,
		[10] = 9, [11] = 10, [12] = 11, [13] = 12, [14] = 13, [15] = 14, [16] = 15, [17] = 16,
		[28] = 5, [29] = 6, [30] = 7, [31] = 8,
	};

	if (in_f[r])
		return &((unsigned long *)c->f)[in_f[r] - 1];
	switch (r) {
	case 2: return &c->x->sp;
	case 3: return &c->x->gp;
	case 4: return &c->x->tp;
	case 8: case 9: return &c->x->s[r - 8];
	}
	return &c->x->s[r - 16];	/* s2-s11: x18-x27 */
}

static uint64_t get_x(void *c, unsigned int r)
{
	return *gpr(c, r & 31);
}

static void set_x(void *c, unsigned int r, uint64_t v)
{
	*gpr(c, r & 31) = (unsigned long)v;
}

static uint64_t get_f(void *c, unsigned int r)
{
	uint64_t d;
	uint32_t w;

	if (((struct ctx *)c)->fpu & MA_FPU_D) {
		fw_fpr_store64(r, &d);
		return d;
	}
	fw_fpr_store32(r, &w);
	return w;
}

static void set_f(void *c, unsigned int r, uint64_t v)
{
	uint32_t w = (uint32_t)v;

	/* the hardware marks mstatus.FS dirty, so S-mode will save it */
	if (((struct ctx *)c)->fpu & MA_FPU_D)
		fw_fpr_load64(r, &v);
	else
		fw_fpr_load32(r, &w);
}

static const struct ma_ops fw_ma_ops = {
	.load8 = load8, .store8 = store8, .get_x = get_x, .set_x = set_x,
	.get_f = get_f, .set_f = set_f,
};

/* The FP registers S-mode has and has on (mstatus.FS: with it Off, an
   FP access would have been an illegal instruction, and would be one
   here in M-mode too). */
static unsigned int fpu(void)
{
	unsigned long misa = csr_read(CSR_MISA);

	if (!(csr_read(CSR_MSTATUS) & MSTATUS_FS))
		return 0;
	return (misa & MISA_F ? MA_FPU_F : 0) | (misa & MISA_D ? MA_FPU_D : 0);
}

/* Did the trap come from a guest (V=1)? Its hypervisor emulates, not us. */
static bool from_guest(void)
{
	if (!plat.hyp)
		return false;
#if __riscv_xlen == 64
	return csr_read(CSR_MSTATUS) >> MSTATUS_MPV_BIT & 1;
#else
	return csr_read(CSR_MSTATUSH) >> (MSTATUS_MPV_BIT - 32) & 1;
#endif
}

bool fw_misaligned(struct fw_frame *f, struct fw_frame_ext *x, unsigned long *cause,
		   unsigned long *tval)
{
	struct ctx c = { f, x, 0 };
	struct ma_trap t;
	struct ma_result r;
	unsigned long tinst = plat.hyp ? csr_read(CSR_MTINST) : 0;

	if (from_guest())
		return false;
	c.fpu = fpu();
	t.cause = *cause;
	t.pc = csr_read(CSR_MEPC);
	t.addr = *tval;
	t.tinst = tinst;
	t.xlen = __riscv_xlen;
	t.fpu = c.fpu;
	r = ma_emulate(&fw_ma_ops, &c, &t);
	if (r.status == MA_DONE) {
		csr_write(CSR_MEPC, r.next_pc);
		return true;
	}
	/* what a nested fault overwrote; a fault's own mtinst means nothing
	   to S-mode (0 is always a valid htinst) */
	csr_write(CSR_MEPC, t.pc);
	csr_write(CSR_MCAUSE, *cause);
	csr_write(CSR_MTVAL, *tval);
	if (plat.hyp)
		csr_write(CSR_MTINST, r.status == MA_FAULT ? 0 : tinst);
	if (r.status == MA_FAULT) {
		*cause = r.fault_cause;
		*tval = (unsigned long)r.fault_addr;
	}
	return false;
}
