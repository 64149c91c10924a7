/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/console.h - the ns16550 console (console.c): firmware
 * messages, DBCN and the legacy putchar/getchar.
 *
 * Hart context: any hart, in M-mode (a lock keeps lines whole);
 * fw_console_init on the boot hart at boot, with the DT's UART. Its own
 * header because nearly every unit prints and nothing else here is that
 * widely needed.
 */
#ifndef FW_CONSOLE_H
#define FW_CONSOLE_H

#include <stdint.h>

/**
 * fw_console_init() - use the DT's UART from now on
 * @base: the ns16550's register base (plat.uart)
 *
 * Until it is called the console writes to QEMU virt's UART (0x10000000),
 * so that a message about a bad DT still gets out. Not called when the DT
 * names no UART.
 *
 * Context: Boot hart, once, at boot (fw_boot), before the other harts run.
 */
void fw_console_init(uintptr_t base);
/**
 * fw_putc() - write one byte to the console
 * @c: the byte, sent as it is (no CR added)
 *
 * Waits until the UART can take it. Takes no lock: bytes of two harts may
 * mix (DBCN, the legacy putchar).
 *
 * Context: Any hart, in M-mode.
 */
void fw_putc(char c);
/**
 * fw_getc() - read one byte from the console, without waiting
 *
 * Context: Any hart, in M-mode (DBCN's read, the legacy getchar).
 * Return: the byte (0..255), or -1 when nothing is waiting.
 */
int fw_getc(void);			/* -1 when nothing is waiting */
/**
 * fw_printf() - a firmware message on the console
 * @fmt: printf format (lib/fmt.h's subset)
 * @...: its arguments
 *
 * One message (up to 320 bytes; longer ones are cut) handed to the UART
 * whole under the console's lock, so that lines of two harts never
 * interleave; each '\n' goes out as CR LF.
 *
 * Context: Any hart, in M-mode; spins while another hart prints.
 */
void fw_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/**
 * fw_puts_raw() - write n bytes to the console as they are
 * @s: the bytes (S-mode memory the caller checked, for DBCN)
 * @n: how many
 *
 * No CR added, no lock taken: DBCN's write of S-mode's bytes.
 *
 * Context: Any hart, in M-mode.
 */
void fw_puts_raw(const char *s, unsigned long n);

#endif
