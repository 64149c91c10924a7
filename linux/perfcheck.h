/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What perfcheck.c (the /init of the Linux test system), perftool.c (its
 * checks of the real perf binary) and samplercheck.c (the sampler module,
 * issue 13) share. Everything runs in the one /init process,
 * single-threaded except where a check says otherwise.
 */
#ifndef RVPMU_LINUX_PERFCHECK_H
#define RVPMU_LINUX_PERFCHECK_H

#include <stddef.h>
#include <stdint.h>

/* One TAP line; counts towards "N passed, N failed". */
void check(int cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "1..N" and "N passed, N failed" of the checks so far (a boot's result) */
void check_summary(void);

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
/* perf record -a and its checks alone (the "recordall" boot) */
void perftool_record_all(void);
/* perf stat of cycles and instructions, on the workload and on every CPU:
   all a hart with mcycle and minstret alone can count (perfcheck's
   "fixedonly": the FU540 on QEMU sifive_u) */
void perftool_fixed_checks(void);

/* CPU hotplug: every CPU offline and online again, rounds times. */
void hotplug_checks(int rounds);

struct reading {
	uint64_t value, enabled, running;
};

/* perf_event_open of a disabled counting (period 0) or sampling event;
   returns the fd or -1. */
int perf_open(uint32_t type, uint64_t config, int cpu, int pid, uint64_t period,
	      int exclude_user, int exclude_kernel);
/* value, time enabled, time running; zeros if the read fails */
struct reading perf_read(int fd);
void on(int fd);	/* reset and enable */
void off(int fd);	/* disable */
void pin(int cpu);	/* the calling thread to that CPU */

/* perfload.c: the workload */
void compute(unsigned long n);	/* about 3n user instructions */
void touch_pages(unsigned long pages);	/* writes fresh pages: dTLB misses */
void ping_pong(int other, int rounds);	/* wakes a thread on CPU other: IPIs */
void naps(int n);		/* n sleeps of 2 ms */
void workload(int cpu);		/* each of them, ping_pong with cpu + 1 */

/* perfrun.c: argv (argv[0] a path) run to completion with its output in
   out; its exit status (128 if killed, -1 if it could not run) */
int run(char *const argv[], const char *out);
/* ... with its standard error apart, in err: a warning written between two
   flushes of a buffered standard output cannot split a line of it */
int run_apart(char *const argv[], const char *out, const char *err);
/* lines of path containing what, and the first of them in first (n bytes;
   first may be NULL) */
int lines_with(const char *path, const char *what, char *first, size_t n);
/* the first max lines of path as "#   " lines on the console */
void echo_file(const char *path, int max);
/* samples and lost (*lost) of a perf.data's last run, and its runs
   (*runs: a fresh run each time the event was started), from
   rvpmu-report's summaries; -1 if none */
long samples_of(const char *data, long *lost, int *runs);
/* The records of an event's data ring from data_tail to data_head:
   fn(arg, {aux_offset, aux_size, flags}) for each PERF_RECORD_AUX, then
   data_tail moved past them all (the reader is done with them). */
struct perf_event_mmap_page;
void aux_records(struct perf_event_mmap_page *pg, void (*fn)(void *arg, const uint64_t f[3]),
		 void *arg);
/* Lines of the kernel log since its last clear that hold what (all of
   it: SYSLOG_ACTION_READ_ALL, up to 128 KiB; nothing is cleared). */
int klog_count(const char *what);
/* Whether a kernel log line reports a bug of the kernel's: BUG, WARNING,
   Oops, KASAN (as words: not DEBUG), poison, corruption, use-after-free,
   a fault it could not handle, a panic; the command line, which may name
   page_poison, never. */
int kernel_report(const char *line);
/* Lines of the kernel log since its last clear that kernel_report() takes
   (read as klog_count reads it; nothing is cleared). */
int klog_reports(void);
/* How many records of type (PERF_RECORD_*) an event's data ring holds
   from data_tail to data_head; data_tail is not moved. */
long ring_records(const struct perf_event_mmap_page *pg, uint32_t type);
/* whether perf report -D and rvpmu-report -D of one perf.data print the
   same sampler lines in the same order; *n: how many */
int dumps_agree(const char *perf_out, const char *rr_out, int *n);
/* path on the console between "# rvpmu-samples begin SIZE" and "# rvpmu-
   samples end" for scripts/linux-check, the kernel's console quiet */
void dump_quietly(const char *path);

/* issue 13: the sampler module, perf record of its PMU and the decoded
   run (samplercheck.c); fw: "opensbi" when the firmware has no sampler */
void sampler_checks(const char *fw);

/* samplerpmu.c and samplercheck.c: the pieces samplerstress.c and samplerdies.c use */
#define SAMPLER_PMU "/sys/bus/event_source/devices/rvpmu_sampler_die"
/* finit_module of /rvpmu_sampler.ko: 0 or -errno */
int sampler_load(void);
/* the perf type of rvpmu_sampler_die<die>, its cpumask CPU; -1 if none */
int sampler_pmu_type(int die);
int lead_cpu(int die);
/* Linux's physical package of cpu (sysfs topology); -1 if unknown */
int package_of(int cpu);
/* cpu's hartid, from /proc/cpuinfo's "hart" lines; -1 if it has none */
long hartid_of(int cpu);
/* one check: a PMU per package of Linux's topology, named by it, its
   cpumask a CPU of it; returns the number of PMUs */
int pmu_per_die(void);
/* the 240 events (8 kinds, 30 times) into die's user_events; whether the
   write took, and how many of them read back */
int write_events(int die);
int events_back(int die);
/* the kernel command line (/proc/cmdline, read once; "" if unreadable) */
const char *kernel_cmdline(void);
/* ids (user_events text) into die's user_events: whether the write took */
int write_user_events(int die, const char *ids);
/* die's user_events as text into buf (NUL-terminated): its length, or -1
   when the file cannot be read (no such PMU: the module is not loaded) */
int read_user_events(int die, char *buf, size_t size);
/* samplerkexec.c: kexec into payloads/sampler_kexec.c during a run, the
   event open; returns only when the kexec could not be done */
void sampler_kexec(void);
/* samplerrestart.c: an enable with buffers unread, read on as perf
   record reads, decoded: TAP lines */
void restart_unread(void);
/* a pinned dTLB-load-miss event's attributes: each such event holds one
   hpm counter */
struct perf_event_attr;
void pinned_dtlb(struct perf_event_attr *a);
/* pinned dTLB-load-miss events cpu can run at once: its free hpm counters */
int free_counters(int cpu);
/* free_counters of every CPU (the first 64) into n */
void free_counters_all(int n[64]);
/* the CPUs (of the first 64) whose free counters are before's again and
   not 0; each one that differs printed, as who's */
int counters_back(const int before[64], const char *who);
/* sysfs online of cpu: whether the write took; an online that fails is
   tried again (Linux 6.1's riscv hotplug race: samplerpmu.c), and the
   retries are counted in online_retries */
int set_online(int cpu, int on);
extern int online_retries;
/* perf report -D and --stdio and rvpmu-report -D of a perf.data of die's
   PMU: five checks (nr_sample samples, 0 lost, every subsample, the
   harts line, the two dumps agree, no count above twice its window's
   cycles) */
void report_checks(const char *data, int die, long nr_sample);

/* samplerstress.c: the "samplerstress" boot (make linux-stress): the AUX
   area's lifetime under 50 rounds each of close/munmap mid-run, the lead
   CPU unplugged mid-run and a module unload tried mid-run, then 240
   concurrent rounds (munmap, close, DISABLE while the lead CPU moves and
   delete_module is tried, in threads), then the kernel log and the
   counters */
void sampler_stress(void);
/* samplerdies.c: the "multidie" boot (make linux-multidie): perf record
   and report on every die's PMU of a DT with several sockets */
void sampler_dies(void);

/* perfcost.c: make linux-cost's guest side. cost_workload: /init started
   as "costpp ROUNDS" or "costloop N" (alone or by perf): runs it between
   the markers and returns its status, -1 when argv asks for neither;
   cost_runs: every run, in order, each as a "cost-run" line */
int cost_workload(int argc, char **argv);
void cost_runs(int short_form);

#endif
