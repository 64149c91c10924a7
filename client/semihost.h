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

/*
 * Create (or truncate) host file `path` and write the `n` parts given as
 * (data, len) pairs in order. Returns 0, or -1 when the host refused to
 * open or write. Any hart; not reentrant per file.
 */
struct semihost_part {
	const void *data;
	unsigned long len;
};
long semihost_write_file(const char *path, const struct semihost_part *parts,
			 unsigned int n);

#endif
