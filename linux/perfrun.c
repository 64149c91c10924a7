/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * perfrun.c - the Linux test system's programs run and their output read
 * (rvpmu-report, perf report), and a file put on the console for the host
 * to decode (perfcheck.h says what each does).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "linux/perfcheck.h"

#define BLOCK 48

/* path on the console between the marker lines scripts/linux-check reads:
   48-byte blocks in base64, runs of zero blocks as a count */
static void dump(const char *path)
{
	static const char b64[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	unsigned char blk[BLOCK];
	unsigned long zeros = 0;
	struct stat st;
	FILE *f = fopen(path, "rb");
	size_t n;

	if (!f || stat(path, &st))
		return;
	printf("# rvpmu-samples begin %lld\n", (long long)st.st_size);
	while ((n = fread(blk, 1, BLOCK, f)) > 0) {
		char line[2 * BLOCK];
		size_t i, o = 0;

		for (i = 0; i < n && !blk[i]; i++)
			;
		if (i == n && n == BLOCK) {
			zeros++;
			continue;
		}
		if (zeros)
			printf("z %lu\n", zeros);
		zeros = 0;
		for (i = 0; i < n; i += 3) {	/* base64, = padded */
			unsigned v = blk[i] << 16 | (i + 1 < n ? blk[i + 1] << 8 : 0) |
				     (i + 2 < n ? blk[i + 2] : 0);

			line[o++] = b64[v >> 18 & 63];
			line[o++] = b64[v >> 12 & 63];
			line[o++] = i + 1 < n ? b64[v >> 6 & 63] : '=';
			line[o++] = i + 2 < n ? b64[v & 63] : '=';
		}
		line[o] = '\0';
		printf("b %s\n", line);
	}
	if (zeros)
		printf("z %lu\n", zeros);
	printf("# rvpmu-samples end\n");
	fclose(f);
}

/* argv run to completion with its output in out; its exit status */
int run_apart(char *const argv[], const char *out, const char *err)
{
	pid_t pid = fork();
	int st = -1;

	if (pid == 0) {
		int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		int fe = err ? open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644) : fd;

		if (fd >= 0)
			dup2(fd, 1);
		if (fe >= 0)
			dup2(fe, 2);
		execv(argv[0], argv);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &st, 0) < 0)
		return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

int run(char *const argv[], const char *out)
{
	return run_apart(argv, out, NULL);
}

/* lines of path containing what (count), and the first such line */
int lines_with(const char *path, const char *what, char *first, size_t n)
{
	char line[512];
	FILE *f = fopen(path, "r");
	int k = 0;

	if (first)
		first[0] = '\0';
	while (f && fgets(line, sizeof(line), f))
		if (strstr(line, what) && !k++ && first)
			snprintf(first, n, "%s", line);
	if (f)
		fclose(f);
	return k;
}

/* the first max lines of path as "# " lines (perf's own words) */
void echo_file(const char *path, int max)
{
	char line[512];
	FILE *f = fopen(path, "r");

	while (f && max-- > 0 && fgets(line, sizeof(line), f))
		printf("#   %s%s", line, strchr(line, '\n') ? "" : "\n");
	if (f)
		fclose(f);
}

/* samples and lost of a perf.data, from rvpmu-report's summary; -1 if none */
long samples_of(const char *data, long *lost, int *runs)
{
	char *argv[] = { "/bin/rvpmu-report", (char *)data, NULL }, line[512], last[512] = "";
	long n = -1;
	const char *p;
	FILE *f;
	int k;

	*lost = -1;
	*runs = -1;
	if (run(argv, "/tmp/summary.txt"))
		return -1;
	/* several runs: a summary each, the last run's last */
	f = fopen("/tmp/summary.txt", "r");
	for (k = 0; f && fgets(line, sizeof(line), f);)
		if (strstr(line, "RVPMU SAMPLER summary") && ++k)
			snprintf(last, sizeof(last), "%s", line);
	if (f)
		fclose(f);
	*runs = k;
	if ((p = strstr(last, " hart(s)")) && (p = strstr(last, "us, ")))
		sscanf(p, "us, %ld sample(s), %ld lost", &n, lost);
	return n;
}

/* The dumps of perf report -D and rvpmu-report -D of one perf.data: the
   lines of the sampler's (RVPMU SAMPLER and per-hart lines), in order, are
   the same; their count goes to *n. */
int dumps_agree(const char *perf_out, const char *rr_out, int *n)
{
	FILE *a = fopen(perf_out, "r"), *b = fopen(rr_out, "r");
	char la[1024], lb[1024];
	int same = a && b;

	*n = 0;
	while (same) {
		int ga = 0, gb = 0;

		while (!ga && fgets(la, sizeof(la), a))
			ga = strstr(la, "RVPMU SAMPLER") || !strncmp(la, "  hart ", 7);
		while (!gb && fgets(lb, sizeof(lb), b))
			gb = strstr(lb, "RVPMU SAMPLER") || !strncmp(lb, "  hart ", 7);
		if (!ga || !gb) {
			same = ga == gb;
			break;
		}
		same = !strcmp(la, lb);
		*n += same;
	}
	if (a)
		fclose(a);
	if (b)
		fclose(b);
	return same && *n > 0;
}

void dump_quietly(const char *path)
{
	char level[64] = "";
	int fd = open("/proc/sys/kernel/printk", O_RDWR);
	ssize_t n = fd >= 0 ? read(fd, level, sizeof(level) - 1) : -1;

	if (fd >= 0)
		(void)!pwrite(fd, "1\n", 2, 0);
	dump(path);
	if (fd >= 0 && n > 0)
		(void)!pwrite(fd, level, strcspn(level, " \t"), 0);
	if (fd >= 0)
		close(fd);
}

/* bytes [at, at + n) of a data ring, which wraps */
static void ring_copy(void *to, const struct perf_event_mmap_page *pg, uint64_t at, size_t n)
{
	const unsigned char *data = (const unsigned char *)pg + pg->data_offset;
	unsigned char *p = to;
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = data[(at + i) % pg->data_size];
}

/* the kernel log since its last clear (SYSLOG_ACTION_READ_ALL, up to
   128 KiB), a string; the buffer is the next call's too */
static char *klog_all(void)
{
	static char buf[1 << 17];
	int n = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, buf, (int)sizeof(buf) - 1);

	buf[n > 0 ? n : 0] = '\0';
	return buf;
}

int klog_count(const char *what)
{
	char *p = klog_all();
	int count = 0;

	while ((p = strstr(p, what)) != NULL)
		count++, p++;
	return count;
}

/* word in line, not as part of a longer word (BUG, not DEBUG) */
static int has_word(const char *line, const char *word)
{
	size_t n = strlen(word);
	const char *p;

	for (p = strstr(line, word); p; p = strstr(p + 1, word)) {
		int before = p > line && (p[-1] == '_' || (p[-1] >= 'A' && p[-1] <= 'Z') ||
					  (p[-1] >= 'a' && p[-1] <= 'z'));
		int after = p[n] == '_' || (p[n] >= 'A' && p[n] <= 'Z') ||
			    (p[n] >= 'a' && p[n] <= 'z');

		if (!before && !after)
			return 1;
	}
	return 0;
}

int kernel_report(const char *line)
{
	if (strstr(line, "Kernel command line:"))
		return 0;	/* it names page_poison */
	return has_word(line, "BUG") || has_word(line, "WARNING") || strstr(line, "Oops") ||
	       strcasestr(line, "poison") || strcasestr(line, "corrupt") ||
	       has_word(line, "KASAN") || strcasestr(line, "use-after-free") ||
	       strstr(line, "Unable to handle kernel") || strstr(line, "Kernel panic");
}

int klog_reports(void)
{
	char *line, *save = NULL;
	int count = 0;

	for (line = strtok_r(klog_all(), "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		count += kernel_report(line) != 0;
	return count;
}

long ring_records(const struct perf_event_mmap_page *pg, uint32_t type)
{
	uint64_t head = __atomic_load_n(&pg->data_head, __ATOMIC_ACQUIRE), at = pg->data_tail;
	long n = 0;

	while (at + sizeof(struct perf_event_header) <= head) {
		struct perf_event_header h;

		ring_copy(&h, pg, at, sizeof(h));
		if (h.size < sizeof(h) || at + h.size > head)
			break;
		n += h.type == type;
		at += h.size;
	}
	return n;
}

void aux_records(struct perf_event_mmap_page *pg, void (*fn)(void *arg, const uint64_t f[3]),
		 void *arg)
{
	uint64_t head = __atomic_load_n(&pg->data_head, __ATOMIC_ACQUIRE);
	uint64_t tail = pg->data_tail;

	while (tail + sizeof(struct perf_event_header) <= head) {
		struct perf_event_header h;
		uint64_t f[3];	/* aux_offset, aux_size, flags */

		ring_copy(&h, pg, tail, sizeof(h));
		if (h.size < sizeof(h) || tail + h.size > head)
			break;
		if (h.type == PERF_RECORD_AUX && h.size >= sizeof(h) + sizeof(f)) {
			ring_copy(f, pg, tail + sizeof(h), sizeof(f));
			fn(arg, f);
		}
		tail += h.size;
	}
	__atomic_store_n(&pg->data_tail, tail, __ATOMIC_RELEASE);
}
