/* SPDX-License-Identifier: BSD-2-Clause */
/* Debug console extension: bytes from and to S-mode memory, checked first. */
#include "console.h"
#include "ext.h"
#include "platform.h"

struct rvpmu_ret sbi_dbcn_ecall(SBI_HANDLER_ARGS)
{
	struct rvpmu_ret r = { SBI_SUCCESS, 0 };
	unsigned long num = a0, hi = a2;
	uint64_t pa;
	unsigned long i;
	int c;

	(void)a3, (void)a4, (void)a5;
	fw_smode_addr(a1, hi, &pa);	/* RV64 hi != 0: all-ones, refused below */
	switch (fid) {
	case SBI_DBCN_WRITE:
	case SBI_DBCN_READ:
		if (!num)
			break;
		if (!fw_smode_range(pa, num)) {
			r.error = SBI_ERR_INVALID_PARAM;
			break;
		}
		if (fid == SBI_DBCN_WRITE) {
			fw_puts_raw((const char *)(uintptr_t)pa, num);
			r.value = num;
			break;
		}
		for (i = 0; i < num && (c = fw_getc()) >= 0; i++)
			((volatile char *)(uintptr_t)pa)[i] = (char)c;
		r.value = i;
		break;
	case SBI_DBCN_WRITE_BYTE:
		fw_putc((char)num);
		break;
	default:
		r.error = SBI_ERR_NOT_SUPPORTED;
	}
	return r;
}
