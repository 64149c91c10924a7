/* SPDX-License-Identifier: BSD-2-Clause */
/* Host files through QEMU's RISC-V semihosting: see semihost.h. */
#include <string.h>

#include "client/semihost.h"

#define SYS_OPEN	0x01
#define SYS_CLOSE	0x02
#define SYS_WRITE	0x05
#define OPEN_MODE_WB	5	/* "wb" */

/*
 * The semihosting trap: op in a0, parameter block in a1, result in a0. The
 * three instructions must be uncompressed and in one page, which QEMU
 * checks to tell semihosting from an ordinary ebreak.
 */
static long semihost_call(unsigned long op, const unsigned long *args)
{
	register unsigned long a0 __asm__("a0") = op;
	register unsigned long a1 __asm__("a1") = (unsigned long)args;

	__asm__ volatile(".balign 16\n\t.option push\n\t.option norvc\n\t"
			 "slli zero, zero, 0x1f\n\tebreak\n\tsrai zero, zero, 0x7\n\t"
			 ".option pop"
			 : "+r"(a0) : "r"(a1) : "memory");
	return (long)a0;
}

long semihost_write_file(const char *path, const struct semihost_part *parts,
			 unsigned int n)
{
	unsigned long args[3] = { (unsigned long)path, OPEN_MODE_WB, strlen(path) };
	long fd = semihost_call(SYS_OPEN, args), bad = 0;
	unsigned int i;

	if (fd < 0)
		return -1;
	for (i = 0; i < n && !bad; i++) {
		args[0] = (unsigned long)fd;
		args[1] = (unsigned long)parts[i].data;
		args[2] = parts[i].len;
		/* SYS_WRITE answers the bytes it did not write */
		bad = parts[i].len && semihost_call(SYS_WRITE, args) != 0;
	}
	args[0] = (unsigned long)fd;
	semihost_call(SYS_CLOSE, args);
	return bad ? -1 : 0;
}
