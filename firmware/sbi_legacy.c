/* SPDX-License-Identifier: BSD-2-Clause */
/* Legacy (v0.1) calls, 0x00..0x0F: console putchar and getchar (0x01,
   0x02); the others answer NOT_SUPPORTED. The result is a0 alone; a1 is
   left as the caller had it. */
#include "fw.h"

struct sbiret sbi_legacy_ecall(unsigned long eid, unsigned long a0, unsigned long a1)
{
	struct sbiret r = { 0, a1 };

	if (eid == SBI_EXT_LEGACY_PUTCHAR)
		fw_putc((char)a0);
	else if (eid == SBI_EXT_LEGACY_GETCHAR)
		r.error = fw_getc();
	else
		r.error = SBI_ERR_NOT_SUPPORTED;
	return r;
}
