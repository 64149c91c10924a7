/* SPDX-License-Identifier: BSD-2-Clause */
/* lib/bits.h - bit scans for the freestanding parts (core, firmware). */
#ifndef RVPMU_LIB_BITS_H
#define RVPMU_LIB_BITS_H
#include <stdint.h>

/**
 * rvpmu_ctz64_debruijn() - index of the lowest set bit, by de Bruijn multiply
 * @x: the bits, not 0
 *
 * Without Zbb, GCC turns __builtin_ctzll into a libgcc call that walks the
 * bits (90 instructions for a high bit); a de Bruijn multiply is a handful
 * of instructions and sits on every start/stop and every hart-set walk.
 * Defined on every target so the host tests check it against the builtin.
 *
 * Context: Any hart; pure.
 * Return: the index of the lowest set bit of @x.
 */
static inline unsigned int rvpmu_ctz64_debruijn(uint64_t x)
{
	static const unsigned char debruijn[64] = {
		0, 1, 48, 2, 57, 49, 28, 3, 61, 58, 50, 42, 38, 29, 17, 4,
		62, 55, 59, 36, 53, 51, 43, 22, 45, 39, 33, 30, 24, 18, 12, 5,
		63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11,
		46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9, 13, 8, 7, 6,
	};

	return debruijn[((x & -x) * UINT64_C(0x03f79d71b4cb0a89)) >> 58];
}

/**
 * rvpmu_ctz64() - index of the lowest set bit
 * @x: the bits, not 0
 *
 * rvpmu_ctz64_debruijn() on RISC-V without Zbb, else __builtin_ctzll.
 *
 * Context: Any hart; pure.
 * Return: the index of the lowest set bit of @x.
 */
static inline unsigned int rvpmu_ctz64(uint64_t x)
{
#if defined(__riscv) && !defined(__riscv_zbb)
	return rvpmu_ctz64_debruijn(x);
#else
	return (unsigned int)__builtin_ctzll(x);
#endif
}

#endif
