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

void fw_console_init(uintptr_t base);
void fw_putc(char c);
int fw_getc(void);			/* -1 when nothing is waiting */
void fw_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void fw_puts_raw(const char *s, unsigned long n);

#endif
