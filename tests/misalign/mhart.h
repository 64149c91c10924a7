/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tests/misalign/mhart.h - a simulated hart for firmware/misalign.c: XLEN
 * 32 or 64, its x and f registers, and a few 64-byte windows of memory,
 * each with its own permissions and the exception a denied access raises
 * (an address in no window: an access fault). Bound to struct ma_ops, it
 * also checks how the emulator uses it: no write to x0, no value wider
 * than XLEN, no FP register access without the FP extension.
 */
#ifndef MHART_H
#define MHART_H

#include "firmware/misalign.h"

#define MH_R	1u
#define MH_W	2u
#define MH_X	4u
#define MH_WIN	64
#define MH_MAXWIN 4

struct mh_window {
	uint64_t base;
	uint8_t b[MH_WIN];
	unsigned int perm;
	unsigned long load_cause, store_cause;	/* when perm denies */
};

struct mhart {
	unsigned int xlen, fpu;
	uint64_t x[32], f[32];
	struct mh_window win[MH_MAXWIN];
	unsigned int nwin;
	/* what the emulator did */
	unsigned int fetches, loads, stores, x_writes, f_writes;
	unsigned int misuse;			/* broken rules, must stay 0 */
};

extern const struct ma_ops mh_ops;

/* A hart of this XLEN and FPU, every register a distinct pattern. */
void mh_init(struct mhart *h, unsigned int xlen, unsigned int fpu);
/* Add a window at base (its bytes: a pattern); returns it. */
struct mh_window *mh_map(struct mhart *h, uint64_t base, unsigned int perm);
/* The window byte at va, or NULL. */
uint8_t *mh_byte(struct mhart *h, uint64_t va);
/* Put insn (len 2 or 4 bytes) at va. */
void mh_put_insn(struct mhart *h, uint64_t va, uint32_t insn, unsigned int len);
/* A trap of this cause at pc for address addr, tinst 0. */
struct ma_trap mh_trap(const struct mhart *h, unsigned long cause, uint64_t pc, uint64_t addr);

#endif
