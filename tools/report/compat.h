/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/report/compat.h - the two kernel-style helpers the decoder uses,
 * for the host build. The decoder's copy in the perf tool
 * (scripts/perf-decoder) includes perf's <linux/kernel.h> instead, which
 * has both.
 */
#ifndef RVPMU_REPORT_COMPAT_H
#define RVPMU_REPORT_COMPAT_H

#ifndef __printf
#define __printf(a, b) __attribute__((format(printf, a, b)))
#endif
#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

#endif
