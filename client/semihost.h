/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * client/semihost.h - write files on the host from a payload, through
 * QEMU's semihosting (RISC-V semihosting: the ARM semihosting calls behind
 * a marked ebreak). QEMU must run with `-semihosting-config
 * enable=on,target=native`; paths are relative to QEMU's working directory.
 * Without semihosting the marked ebreak is a plain breakpoint trap, so
 * call semihost_write_file only where the runner enabled it.
 */
#ifndef RVPMU_CLIENT_SEMIHOST_H
#define RVPMU_CLIENT_SEMIHOST_H

/* One part of a host file: len bytes at data (semihost_write_file()). */
struct semihost_part {
	const void *data;
	unsigned long len;
};
/**
 * semihost_write_file() - write a file on the host from parts, in order
 * @path: the host file's path, relative to QEMU's working directory
 * @parts: the parts, as (data, len) pairs
 * @n: how many parts there are
 *
 * Create (or truncate) host file @path and write the @n parts in order (a
 * part of length 0 makes no call); the first write the host refuses ends
 * the writing. The file is closed in any case.
 *
 * Context: Any hart, S-mode, where the runner enabled semihosting (else
 *          the marked ebreak is a breakpoint trap); not reentrant per file.
 * Return: 0, or -1 when the host refused to open or write.
 */
long semihost_write_file(const char *path, const struct semihost_part *parts,
			 unsigned int n);

#endif
