/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What perfcheck.c (the /init of the Linux test system) and perftool.c
 * (its checks of the real perf binary) share. Everything runs in the one
 * /init process, single-threaded except where a check says otherwise.
 */
#ifndef RVPMU_LINUX_PERFCHECK_H
#define RVPMU_LINUX_PERFCHECK_H

/* One TAP line; counts towards "N passed, N failed". */
void check(int cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Online CPUs when /init started. */
extern int ncpu;

/*
 * /init started by perf as the workload ("/init work" or "/init nap"):
 * runs it and returns its exit status; -1 when argv asks for no workload.
 */
int perftool_workload(int argc, char **argv);

/* The checks that run /bin/perf (perftool.c): quick ones only when full is
   0 (the second boot after the warm reboot); perf record, report and the
   per-CPU sampling checks when sampling; perf test when with_tests. */
void perftool_checks(int full, int sampling, int with_tests);

/* CPU hotplug: every CPU offline and online again, rounds times. */
void hotplug_checks(int rounds);

#endif
