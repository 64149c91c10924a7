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

/**
 * rvpmu_vsnprintf() - format into a buffer
 * @buf: where the output goes
 * @size: the bytes at @buf
 * @fmt: the format (the conversions above)
 * @ap: its arguments
 *
 * Always NUL-terminates when @size > 0. An unknown conversion is written
 * as it stands.
 *
 * Context: Any hart; reentrant.
 * Return: the length the full output would have had (as C's snprintf).
 */
int rvpmu_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
/**
 * rvpmu_snprintf() - format into a buffer
 * @buf: where the output goes
 * @size: the bytes at @buf
 * @fmt: the format (the conversions above)
 * @...: its arguments
 *
 * As rvpmu_vsnprintf().
 *
 * Context: Any hart; reentrant.
 * Return: the length the full output would have had (as C's snprintf).
 */
int rvpmu_snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/**
 * rvpmu_fmt_counters() - a counter bitmap as a list with ranges
 * @buf: where the text goes, NUL-terminated when @size > 0
 * @size: the bytes at @buf
 * @mask: the counters: 0x7fff9 -> "0,3-18"; 0 -> "none"
 *
 * Context: Any hart; reentrant.
 * Return: the length the full text would have had (as C's snprintf).
 */
int rvpmu_fmt_counters(char *buf, size_t size, unsigned long long mask);

/**
 * rvpmu_fmt_grouped() - a number with thousands separators
 * @buf: where the text goes, NUL-terminated when @size > 0
 * @size: the bytes at @buf
 * @v: the number, in decimal perf stat's way: 1,234,567
 *
 * Context: Any hart; reentrant.
 * Return: the length the full text would have had (as C's snprintf).
 */
int rvpmu_fmt_grouped(char *buf, size_t size, unsigned long long v);

/**
 * rvpmu_vprint_locked() - print one message whole on a shared console
 * @lock: a spin-lock word shared by every user of one console
 * @out: writes a message of the given length to the console
 * @fmt: the format (the conversions above)
 * @ap: its arguments
 *
 * Formats one message into a 320-byte buffer (longer ones are cut) and
 * hands it whole to @out while holding @lock, so messages from different
 * harts never interleave.
 *
 * Context: Any hart; spins while another hart prints.
 */
void rvpmu_vprint_locked(volatile int *lock, void (*out)(const char *, unsigned long),
			 const char *fmt, va_list ap);

#endif
