/* SPDX-License-Identifier: BSD-2-Clause */
/* The ns16550 console: firmware messages, DBCN and the legacy calls. */
#include <stdarg.h>

#include "console.h"
#include "lib/fmt.h"

#define UART_RBR 0
#define UART_THR 0
#define UART_LSR 5
#define LSR_DR   0x01
#define LSR_THRE 0x20

static volatile int print_lock;
/* QEMU virt's UART until the boot hart has read the DT (fw_console_init):
   a message about a bad DT must get out too */
static uintptr_t uart = 0x10000000;

void fw_console_init(uintptr_t base)
{
	uart = base;
}

static inline volatile uint8_t *uart_reg(unsigned int r)
{
	return (volatile uint8_t *)(uart + r);
}

void fw_putc(char c)
{
	if (!uart)
		return;
	while (!(*uart_reg(UART_LSR) & LSR_THRE))
		;
	*uart_reg(UART_THR) = (uint8_t)c;
}

int fw_getc(void)
{
	if (!uart || !(*uart_reg(UART_LSR) & LSR_DR))
		return -1;
	return *uart_reg(UART_RBR);
}

void fw_puts_raw(const char *s, unsigned long n)
{
	while (n--)
		fw_putc(*s++);
}

/* The UART wants CR LF. */
static void out_crlf(const char *s, unsigned long n)
{
	while (n--) {
		if (*s == '\n')
			fw_putc('\r');
		fw_putc(*s++);
	}
}

void fw_printf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	rvpmu_vprint_locked(&print_lock, out_crlf, fmt, ap);
	va_end(ap);
}
