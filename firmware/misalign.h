/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/misalign.h - emulation of misaligned loads and stores,
 * freestanding: the decoder and the byte-by-byte access reach the trapped
 * context only through struct ma_ops, so the firmware binds them to CSRs
 * and MPRV accesses (firmware/trap_misalign.c) and the host tests to a
 * simulated hart (tests/test_misalign.c). No libc, no allocation, no
 * global state: any hart, any number at once.
 *
 * Emulated: lb, lh, lw, lbu, lhu, sb, sh, sw; on RV64 also ld, lwu, sd;
 * flw/fsw with F, fld/fsd with D; the compressed c.lw, c.sw, c.lwsp,
 * c.swsp, on RV64 c.ld, c.sd, c.ldsp, c.sdsp, on RV32 c.flw, c.fsw,
 * c.flwsp, c.fswsp (with F), and c.fld, c.fsd, c.fldsp, c.fsdsp (with D).
 * Not emulated (MA_REFUSE, the caller hands S-mode the original
 * exception): AMOs, LR/SC, any other instruction, a load for a store
 * cause or the reverse, reserved encodings, FP without the FP extension.
 */
#ifndef FW_MISALIGN_H
#define FW_MISALIGN_H

#include <stdbool.h>
#include <stdint.h>

/* mcause values this module handles */
#define MA_CAUSE_LOAD	4
#define MA_CAUSE_STORE	6

/* the hart's FP registers (struct ma_trap.fpu) */
#define MA_FPU_F	1u	/* F: 32-bit FP registers at least */
#define MA_FPU_D	2u	/* D: 64-bit FP registers (a float is NaN-boxed) */

/*
 * The trapped context. Each access op returns 0, or the exception the
 * access raised (its mcause: an access or page fault); it must leave the
 * context untouched when it faults.
 *   load8   read the byte at virtual address va as the trapped mode would
 *           (insn: an instruction fetch, readable where executable)
 *   store8  write the byte at va as the trapped mode would
 *   get_x / set_x   integer register r (1..31; set_x is never called for
 *           x0), XLEN bits in the low bits
 *   get_f / set_f   FP register r: 64 bits with D, the low 32 without
 */
struct ma_ops {
	unsigned long (*load8)(void *ctx, uint64_t va, bool insn, uint8_t *out);
	unsigned long (*store8)(void *ctx, uint64_t va, uint8_t v);
	uint64_t (*get_x)(void *ctx, unsigned int r);
	void (*set_x)(void *ctx, unsigned int r, uint64_t v);
	uint64_t (*get_f)(void *ctx, unsigned int r);
	void (*set_f)(void *ctx, unsigned int r, uint64_t v);
};

/* What trapped: mcause, mepc, mtval (the misaligned address) and mtinst
   (0 when the hart gives none), with the hart's XLEN and FP registers. */
struct ma_trap {
	unsigned long cause;
	uint64_t pc, addr, tinst;
	unsigned int xlen;		/* 32 or 64 */
	unsigned int fpu;		/* MA_FPU_* bits */
};

/* One decoded load or store. */
struct ma_insn {
	uint8_t len;			/* 2 (compressed) or 4 */
	uint8_t size;			/* bytes accessed: 1, 2, 4, 8 */
	uint8_t reg;			/* rd of a load, rs2 of a store */
	bool store, fp, sign;		/* sign: a load that sign-extends */
};

/**
 * ma_decode() - decode a load or store this module emulates
 * @insn: the instruction (its low 16 bits alone when compressed)
 * @xlen: the hart's XLEN, 32 or 64
 * @fpu: the hart's FP registers, MA_FPU_* bits
 * @out: filled with the decoded access when it is one
 *
 * Decode insn for a hart of this XLEN and FPU: a load or store emulated
 * here (see above). Pure.
 *
 * Context: Any hart or host thread; no state, no lock.
 * Return: true and *@out filled when @insn is a load or store emulated
 *         here, false otherwise (*@out then means nothing).
 */
bool ma_decode(uint32_t insn, unsigned int xlen, unsigned int fpu, struct ma_insn *out);

enum ma_status {
	MA_DONE,	/* emulated: register written, *next_pc = the next insn */
	MA_REFUSE,	/* not emulated: deliver the original exception */
	MA_FAULT,	/* an access faulted: deliver fault_cause at fault_addr */
};

struct ma_result {
	enum ma_status status;
	uint64_t next_pc;		/* MA_DONE */
	unsigned long fault_cause;	/* MA_FAULT: what load8/store8 returned */
	uint64_t fault_addr;		/* MA_FAULT: the byte's address (stval) */
};

/**
 * ma_emulate() - emulate the misaligned load or store a trap describes
 * @ops: the trapped context's accesses (struct ma_ops)
 * @ctx: passed to each of @ops
 * @t: what trapped
 *
 * Emulate the misaligned access t describes. The instruction is t->tinst
 * when that is a transformed load/store (bit 0 set, 32 bits; bit 1 clear
 * means the original was compressed), else it is read at t->pc through
 * load8 (a fault there: MA_REFUSE). The data is accessed one byte at a
 * time, from the lowest address, at t->addr + i (XLEN wrap-around, as the
 * hardware computes it). A load reads every byte before writing its
 * register (nothing written if one faults; x0 is never written); a store
 * reads its register, then writes the bytes: on a fault the bytes below
 * the faulting one are written already, as a hardware split of the access
 * may leave them, and the re-executed store writes them again.
 *
 * Context: Any hart or host thread, on its own trapped context (@ctx); no
 *          global state, no lock. In the firmware: the trapping hart, in
 *          M-mode, from fw_misaligned().
 * Return: MA_DONE with next_pc (the instruction after, XLEN-wrapped);
 *         MA_REFUSE for a cause other than MA_CAUSE_LOAD/STORE, an
 *         instruction that cannot be fetched or is not emulated here, or a
 *         load for a store cause or the reverse; MA_FAULT with fault_cause
 *         (what load8 or store8 returned) and fault_addr (the byte's
 *         address) when a data access faulted.
 */
struct ma_result ma_emulate(const struct ma_ops *ops, void *ctx, const struct ma_trap *t);

#endif
