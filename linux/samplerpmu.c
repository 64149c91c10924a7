/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * samplerpmu.c - the sampler's PMUs as Linux shows them, for the checks
 * (samplercheck.c, samplerdies.c, samplerstress.c): each die's PMU
 * directory (type, cpumask, user_events), the topology's packages, the
 * module's loading, a CPU's free hpm counters and bringing CPUs up and
 * down (perfcheck.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "linux/perfcheck.h"

/* a file of die's PMU directory, opened with flags; -1 if it is not there */
static int pmu_file(int die, const char *file, int flags)
{
	char path[128];

	snprintf(path, sizeof(path), SAMPLER_PMU "%d/%s", die, file);
	return open(path, flags);
}

/* a number at the start of one of die's PMU files; -1 if none */
static int pmu_number(int die, const char *file)
{
	char b[32] = "";
	int fd = pmu_file(die, file, O_RDONLY);
	ssize_t n = fd >= 0 ? read(fd, b, sizeof(b) - 1) : -1;

	if (fd >= 0)
		close(fd);
	return n > 0 && b[0] >= '0' && b[0] <= '9' ? atoi(b) : -1;
}

int sampler_pmu_type(int die)
{
	return pmu_number(die, "type");
}

int lead_cpu(int die)
{
	return pmu_number(die, "cpumask");
}

int package_of(int cpu)
{
	char path[96], b[16] = "";
	int fd;
	ssize_t n;

	snprintf(path, sizeof(path),
		 "/sys/devices/system/cpu/cpu%d/topology/physical_package_id", cpu);
	fd = open(path, O_RDONLY);
	n = fd >= 0 ? read(fd, b, sizeof(b) - 1) : -1;
	if (fd >= 0)
		close(fd);
	return n > 0 && b[0] >= '0' && b[0] <= '9' ? atoi(b) : -1;
}

/* a PMU per die: rvpmu_sampler_die<N> for each package N of Linux's
   topology and no other, each with its cpumask on a CPU of its package */
int pmu_per_die(void)
{
	int d, c, dies = 0, packages = 0, named = 0, seen[64] = { 0 };

	for (d = 0; d < 64; d++) {
		int lead = lead_cpu(d);

		dies += sampler_pmu_type(d) >= 0;
		named += sampler_pmu_type(d) >= 0 && lead >= 0 && package_of(lead) == d;
	}
	for (c = 0; c < ncpu; c++) {
		int id = package_of(c);

		if (id >= 0 && id < 64 && !seen[id]++)
			packages++;
	}
	check(dies == packages && named == dies && dies > 0,
	      "sampler: a PMU per die: %d PMUs (%d named by a package and on a CPU of it), "
	      "%d packages in Linux's topology", dies, named, packages);
	return dies;
}

const char *kernel_cmdline(void)
{
	static char line[1024];
	static int read_once;
	FILE *f;

	if (!read_once && (f = fopen("/proc/cmdline", "r"))) {
		if (!fgets(line, sizeof(line), f))
			line[0] = '\0';
		fclose(f);
		read_once = 1;
	}
	return line;
}

/*
 * The module's parameters from the kernel command line's
 * "rvpmu_sampler.NAME=VALUE" words, as modprobe passes them (insmod by
 * hand does not read the command line).
 */
static void module_params(char *out, size_t size)
{
	static const char pre[] = "rvpmu_sampler.";
	char line[1024], *w, *save;
	size_t n = 0;

	out[0] = 0;
	snprintf(line, sizeof(line), "%s", kernel_cmdline());
	for (w = strtok_r(line, " \n", &save); w; w = strtok_r(NULL, " \n", &save)) {
		if (strncmp(w, pre, sizeof(pre) - 1) || n + strlen(w) + 2 > size)
			continue;
		n += (size_t)snprintf(out + n, size - n, "%s%s", n ? " " : "",
				      w + sizeof(pre) - 1);
	}
}

int sampler_load(void)
{
	int fd = open("/rvpmu_sampler.ko", O_RDONLY);
	char params[256];
	long r;
	int e;

	module_params(params, sizeof(params));
	r = fd >= 0 ? syscall(SYS_finit_module, fd, params, 0) : -1;
	e = errno;

	if (fd >= 0)
		close(fd);
	return r ? -e : 0;
}

/* one group of 8 (nr_pmu 8): no event twice in a subsample, since QEMU
   7.2 counts a hardware event on one counter only */
static const char *const group[8] = {
	"0",			/* cycles */
	"1",			/* instructions */
	"3000000010003",	/* dTLB read misses */
	"3000000010004",	/* iTLB read misses */
	"8000000000000005",	/* fw: set_timer */
	"8000000000000006",	/* fw: ipi_sent */
	"8000000000000007",	/* fw: ipi_received */
	"8000000000000008",	/* fw: fence_i_sent */
};

/* a pinned dTLB-load-miss event: each holds one hpm counter */
void pinned_dtlb(struct perf_event_attr *a)
{
	memset(a, 0, sizeof(*a));
	a->size = sizeof(*a);
	a->type = PERF_TYPE_HW_CACHE;
	a->config = PERF_COUNT_HW_CACHE_DTLB | (PERF_COUNT_HW_CACHE_OP_READ << 8) |
		    (PERF_COUNT_HW_CACHE_RESULT_MISS << 16);
	a->pinned = 1;
}

/* pinned dTLB-load-miss events a CPU can run at once: its free hpm counters */
int free_counters(int cpu)
{
	struct perf_event_attr a;
	int fds[32], n = 0, i, ran = 0;

	pinned_dtlb(&a);
	a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
	for (n = 0; n < 32; n++) {
		fds[n] = (int)syscall(SYS_perf_event_open, &a, -1, cpu, -1, 0);
		if (fds[n] < 0)
			break;
	}
	usleep(20000);
	for (i = 0; i < n; i++) {
		struct reading r = perf_read(fds[i]);

		ran += r.running > 0;
		close(fds[i]);
	}
	return ran;
}

void free_counters_all(int n[64])
{
	for (int c = 0; c < ncpu && c < 64; c++)
		n[c] = free_counters(c);
}

int counters_back(const int before[64], const char *who)
{
	int c, back = 0;

	for (c = 0; c < ncpu && c < 64; c++) {
		int now = free_counters(c);

		back += now == before[c] && now > 0;
		if (now != before[c])
			printf("# %s: cpu%d: %d free counters, %d before\n", who, c, now, before[c]);
	}
	return back;
}


int online_retries;

/*
 * Bringing a CPU up right after it went down can fail on Linux 6.1
 * (riscv): __cpu_die returns once the dying CPU has reported its death,
 * before that CPU has made its HSM stop call, and its check of the
 * firmware's view takes HSM_STATE_STARTED (0) for "stopped"; the start
 * that follows then gets ALREADY_AVAILABLE ("CPUn: failed to start"). So
 * a failed online is tried again, up to 50 times 10 ms apart, and counted.
 */
int set_online(int cpu, int on)
{
	char path[96];
	int fd, ok, tries = 0;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online", cpu);
	do {
		if (tries)
			usleep(10000);
		fd = open(path, O_WRONLY);
		ok = fd >= 0 && write(fd, on ? "1" : "0", 1) == 1;
		if (fd >= 0)
			close(fd);
	} while (!ok && on && ++tries < 50);
	if (tries) {
		online_retries += tries;
		printf("# cpu%d: online %s after %d retr%s\n", cpu, ok ? "took" : "failed", tries,
		       tries == 1 ? "y" : "ies");
	}
	return ok;
}

int write_user_events(int die, const char *ids)
{
	size_t n = strlen(ids);
	int fd = pmu_file(die, "user_events", O_WRONLY);
	int ok = fd >= 0 && write(fd, ids, n) == (ssize_t)n;

	if (fd >= 0)
		close(fd);
	return ok;
}

int write_events(int die)
{
	char buf[240 * 18 + 1];
	size_t o = 0;
	int i;

	for (i = 0; i < 240; i++)
		o += (size_t)snprintf(buf + o, sizeof(buf) - o, "%s%c", group[i % 8],
				      i == 239 ? '\n' : ' ');
	return write_user_events(die, buf);
}

int read_user_events(int die, char *buf, size_t size)
{
	int fd = pmu_file(die, "user_events", O_RDONLY);
	ssize_t len = fd >= 0 ? read(fd, buf, size - 1) : -1;

	if (fd >= 0)
		close(fd);
	buf[len > 0 ? len : 0] = '\0';
	return len < 0 ? -1 : (int)len;
}

int events_back(int die)
{
	char buf[240 * 18 + 1];
	int fd = pmu_file(die, "user_events", O_RDONLY), n = 0;
	ssize_t len = fd >= 0 ? read(fd, buf, sizeof(buf) - 1) : -1;
	char *p;

	if (fd >= 0)
		close(fd);
	if (len <= 0)
		return 0;
	buf[len] = '\0';
	for (p = strtok(buf, " \n"); p; p = strtok(NULL, " \n"))
		n += !strcmp(p, group[n % 8]);
	return n;
}
