/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * lib/fmt.h - a small freestanding vsnprintf for the DT layer and the
 * firmware (which have no libc). Conversions: %d %i %u %x %X %c %s %p %%,
 * with the l / ll / z length modifiers, a field width, '0' and '-' flags.
 * Always NUL-terminates when size > 0; returns the length the full output
 * would have had (as C's snprintf does). Reentrant, any hart.
 */
#ifndef RVPMU_FMT_H
#define RVPMU_FMT_H

#include <stdarg.h>
#include <stddef.h>

int rvpmu_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int rvpmu_snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Counter bitmap as a list with ranges: 0x7fff9 -> "0,3-18". */
int rvpmu_fmt_counters(char *buf, size_t size, unsigned long long mask);

/* v in decimal with thousands separators, perf stat's way: 1,234,567. */
int rvpmu_fmt_grouped(char *buf, size_t size, unsigned long long v);

/*
 * Format one message into a 320-byte buffer (longer ones are cut) and hand
 * it whole to out() while holding *lock, a spin-lock word shared by every
 * user of one console, so messages from different harts never interleave.
 * Any hart; spins while another hart prints.
 */
void rvpmu_vprint_locked(volatile int *lock, void (*out)(const char *, unsigned long),
			 const char *fmt, va_list ap);

#endif
