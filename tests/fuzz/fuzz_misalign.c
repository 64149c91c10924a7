/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer target for the firmware's misaligned load/store emulation
 * (firmware/misalign.c) on the simulated hart of tests/misalign: the
 * input chooses XLEN, FP extensions, cause, mtinst, the instruction, the
 * address and which windows of memory exist with what permissions. After
 * each emulation the rules of misalign.h must hold: a refusal or a fault
 * changes no register (a refusal no memory either), a fault names a byte
 * of the access, a done access moves pc by 2 or 4 and writes at most one
 * register, and the ops are never misused. Any violation aborts.
 */
#include <stdlib.h>
#include <string.h>

#include "misalign/mhart.h"

static uint64_t take(const uint8_t **p, size_t *n, unsigned int bytes)
{
	uint64_t v = 0;
	unsigned int i;

	for (i = 0; i < bytes && *n; i++, (*p)++, (*n)--)
		v |= (uint64_t)**p << 8 * i;
	return v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct mhart h, before;
	uint64_t shape = take(&data, &size, 8), mask, pc, addr, d;
	struct ma_trap t;
	struct ma_result r;
	unsigned int i;
	uint32_t insn;

	mh_init(&h, shape & 1 ? 64 : 32, (unsigned int)(shape >> 1 & 3));
	if (h.fpu == MA_FPU_D)
		h.fpu = MA_FPU_F | MA_FPU_D;
	mask = h.xlen == 32 ? UINT32_MAX : UINT64_MAX;
	/* instructions at 0x1000 (or at the top of memory), data near them */
	pc = (shape >> 3 & 1 ? mask - 63 : 0x1000) + (shape >> 4 & 31) * 2;
	addr = (shape >> 9 & 1 ? pc - (pc & 63) : 0x2000) + (shape >> 10 & 63) + (shape >> 16 & 7);
	mh_map(&h, pc - (pc & 63), (unsigned int)(shape >> 19 & 7));
	mh_map(&h, 0x2000, (unsigned int)(shape >> 22 & 7));
	mh_map(&h, 0x2040, (unsigned int)(shape >> 25 & 7));
	mh_map(&h, 0, (unsigned int)(shape >> 28 & 7));
	h.win[1].store_cause = shape >> 31 & 1 ? 7 : 15;
	insn = (uint32_t)take(&data, &size, 4);
	for (i = 0; i < 4; i++) {
		uint8_t *b = mh_byte(&h, (pc + i) & mask);

		if (b)
			*b = (uint8_t)(insn >> 8 * i);
	}
	for (i = 0; i < 16 && size; i++) {
		uint8_t *b = mh_byte(&h, (addr + i) & mask);

		if (b)
			*b = (uint8_t)take(&data, &size, 1);
	}
	t = mh_trap(&h, shape >> 32 & 1 ? MA_CAUSE_STORE : MA_CAUSE_LOAD, pc, addr & mask);
	if (shape >> 33 & 1)
		t.cause = shape >> 34 & 15;
	if (shape >> 38 & 1)
		t.tinst = take(&data, &size, shape >> 39 & 1 ? 8 : 4);
	before = h;
	r = ma_emulate(&mh_ops, &h, &t);
	if (h.misuse)
		abort();
	switch (r.status) {
	case MA_REFUSE:
		if (memcmp(h.win, before.win, sizeof(h.win)) || h.loads || h.stores)
			abort();
		/* fall through */
	case MA_FAULT:
		if (memcmp(h.x, before.x, sizeof(h.x)) || memcmp(h.f, before.f, sizeof(h.f)) ||
		    h.x_writes || h.f_writes)
			abort();
		if (r.status == MA_FAULT) {
			d = (r.fault_addr - t.addr) & mask;
			if (d >= 8 || r.fault_cause == 0)
				abort();
		}
		break;
	case MA_DONE:
		d = (r.next_pc - pc) & mask;
		if ((d != 2 && d != 4) || h.x_writes + h.f_writes > 1 ||
		    (h.loads && h.stores) || h.loads + h.stores > 8)
			abort();
		break;
	default:
		abort();
	}
	return 0;
}
