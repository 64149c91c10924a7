/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * samplerkexec.c - a kexec during a sampler run (issue 37), the
 * "samplerkexec" boot of the Linux test system (the linux-sampler-kexec
 * row). A kernel that kexecs leaves the firmware running unless something
 * stops it, and the firmware then writes the run's buffers, by physical
 * address, into memory the next kernel owns. The driver RESETs the
 * firmware from its reboot notifier, which kernel_kexec runs.
 *
 * This /init loads the module, opens die 0's event with a 64-page AUX
 * area (64 one-page buffers, 1 ms subsamples: about 10 samples a buffer,
 * so the run fills the ring in well over a second when nothing reads),
 * enables it, reads until the firmware has written a buffer, and then,
 * with the event open, enabled and mapped, kexec_loads
 * /sampler_kexec.elf (payloads/sampler_kexec.c) and reboots into it. The
 * payload gets, in a segment of its own (struct kx_args, the payload's
 * layout repeated here: a Linux file names no payload file), the
 * physical pages of 16 of the buffers (from /proc/self/pagemap) and
 * checks that no run is on and that those pages do not change.
 *
 * kexec_load (CONFIG_KEXEC) rather than kexec_file_load: the payload is
 * loaded where it is linked, with the DT (riscv's machine_kexec wants
 * one among the segments) and the block, and no purgatory runs.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/kexec.h>
#include <linux/perf_event.h>
#include <linux/reboot.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "linux/perfcheck.h"

#define PAGE		4096ul
#define DATA_PAGES	8
#define AUX_PAGES	64
#define PAYLOAD		"/sampler_kexec.elf"
/* payloads/sampler_kexec.c: the block at its base + 16 MiB */
#define KX_ARGS_OFFSET	0x1000000ul
#define KX_MAGIC	0x4b585652u	/* "RVXK" */
#define KX_MAX		16
/* the DT: after the block */
#define KX_DTB_OFFSET	0x1100000ul

struct kx_args {
	uint32_t magic;
	uint32_t nr;
	uint64_t period_us;
	struct {
		uint64_t pa;
		uint64_t size;
	} r[KX_MAX];
};

static const char events8[] = "0 1 3000000010003 3000000010004 8000000000000005 "
			      "8000000000000006 8000000000000007 8000000000000008\n";

/* the whole of a file, its size in *n; NULL if it cannot be read */
static void *slurp(const char *path, size_t *n)
{
	size_t cap = 1 << 16, len = 0;
	char *b = malloc(cap);
	int fd = open(path, O_RDONLY);
	ssize_t r;

	if (fd < 0 || !b) {
		free(b);
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	while ((r = read(fd, b + len, cap - len)) > 0) {
		len += (size_t)r;
		if (len == cap) {
			char *nb = realloc(b, cap * 2);

			if (!nb)
				break;
			b = nb;
			cap *= 2;
		}
	}
	close(fd);
	*n = len;
	return b;
}

/* the physical address of the page at v (mapped, touched); 0 if unknown */
static uint64_t phys_of(const void *v)
{
	uint64_t e = 0;
	int fd = open("/proc/self/pagemap", O_RDONLY);

	if (fd < 0)
		return 0;
	if (pread(fd, &e, 8, (off_t)((uintptr_t)v / PAGE * 8)) != 8)
		e = 0;
	close(fd);
	/* bit 63 present, bits 0-54 the frame (0 without CAP_SYS_ADMIN) */
	return (e >> 63) ? (e & ((1ull << 55) - 1)) * PAGE : 0;
}

/*
 * The payload's PT_LOAD segments as one image from its lowest address
 * (kexec segments may not share a page), the bss zeroed by kexec (memsz
 * past bufsz); its entry in *entry. 0, or -1 if the ELF is not one.
 */
static int payload_segment(const unsigned char *elf, size_t n, struct kexec_segment *s,
			   uint64_t *entry)
{
	const Elf64_Ehdr *eh = (const void *)elf;
	uint64_t lo = UINT64_MAX, hi = 0, end = 0;
	unsigned char *img;
	int i;

	if (n < sizeof(*eh) || memcmp(eh->e_ident, ELFMAG, SELFMAG) ||
	    eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_phoff + (uint64_t)eh->e_phnum *
	    sizeof(Elf64_Phdr) > n)
		return -1;
	for (i = 0; i < eh->e_phnum; i++) {
		const Elf64_Phdr *ph = (const void *)(elf + eh->e_phoff + i * sizeof(*ph));

		if (ph->p_type != PT_LOAD || !ph->p_memsz)
			continue;
		if (ph->p_offset + ph->p_filesz > n)
			return -1;
		lo = ph->p_paddr < lo ? ph->p_paddr : lo;
		hi = ph->p_paddr + ph->p_filesz > hi ? ph->p_paddr + ph->p_filesz : hi;
		end = ph->p_paddr + ph->p_memsz > end ? ph->p_paddr + ph->p_memsz : end;
	}
	if (lo == UINT64_MAX || lo % PAGE)
		return -1;
	img = calloc(1, hi - lo);
	if (!img)
		return -1;
	for (i = 0; i < eh->e_phnum; i++) {
		const Elf64_Phdr *ph = (const void *)(elf + eh->e_phoff + i * sizeof(*ph));

		if (ph->p_type == PT_LOAD && ph->p_filesz)
			memcpy(img + (ph->p_paddr - lo), elf + ph->p_offset, ph->p_filesz);
	}
	s->buf = img;
	s->bufsz = hi - lo;
	s->mem = (void *)(uintptr_t)lo;
	s->memsz = (end - lo + PAGE - 1) / PAGE * PAGE;
	*entry = eh->e_entry;
	return 0;
}

void sampler_kexec(void)
{
	static struct kx_args args;
	struct kexec_segment seg[3];
	struct perf_event_mmap_page *pg;
	struct perf_event_attr a;
	unsigned char *elf, *aux;
	uint64_t entry = 0, base;
	size_t elf_n = 0, dtb_n = 0;
	void *dtb;
	long r;
	int fd, ms, i;

	check(sampler_load() == 0 && write_user_events(0, events8),
	      "kexec: rvpmu_sampler.ko loads and takes 8 events");
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = (uint32_t)sampler_pmu_type(0);
	a.config = 1000000 | 1ull << 32;	/* nr_sample, sample_period_ms=1 */
	a.config1 = 8ull << 32;			/* nr_pmu=8: a sample is a subsample */
	a.disabled = 1;
	fd = (int)syscall(SYS_perf_event_open, &a, -1, lead_cpu(0), -1, 0);
	pg = fd < 0 ? MAP_FAILED : mmap(NULL, (1 + DATA_PAGES) * PAGE, PROT_READ | PROT_WRITE,
					 MAP_SHARED, fd, 0);
	aux = MAP_FAILED;
	if (pg != MAP_FAILED) {
		pg->aux_offset = (1 + DATA_PAGES) * PAGE;
		pg->aux_size = AUX_PAGES * PAGE;
		aux = mmap(NULL, AUX_PAGES * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
			   (off_t)pg->aux_offset);
	}
	check(aux != MAP_FAILED && !ioctl(fd, PERF_EVENT_IOC_ENABLE, 0),
	      "kexec: die 0's event opens, maps a %d-page AUX area and is enabled (%s)",
	      AUX_PAGES, aux == MAP_FAILED ? strerror(errno) : "ok");
	if (aux == MAP_FAILED)
		return;
	for (ms = 0; ms < 3000 && !__atomic_load_n(&pg->aux_head, __ATOMIC_ACQUIRE); ms += 2)
		usleep(2000);
	check(pg->aux_head > 0, "kexec: the run is on: the firmware filled a buffer (%llu bytes "
	      "committed after %d ms)", (unsigned long long)pg->aux_head, ms);
	/* the buffers the payload watches: every fourth page, each a buffer */
	args.magic = KX_MAGIC;
	args.period_us = 1000;
	for (i = 0; i < KX_MAX; i++) {
		volatile const char *p = (const char *)aux + (size_t)i * 4 * PAGE;
		uint64_t pa;

		(void)*p;	/* faulted in: pagemap shows its frame */
		pa = phys_of(aux + (size_t)i * 4 * PAGE);
		if (!pa)
			break;
		args.r[args.nr].pa = pa;
		args.r[args.nr].size = PAGE;
		args.nr++;
	}
	check(args.nr == KX_MAX, "kexec: the physical pages of %u of the run's buffers "
	      "(the first at 0x%llx)", args.nr, (unsigned long long)args.r[0].pa);
	elf = slurp(PAYLOAD, &elf_n);
	dtb = slurp("/sys/firmware/fdt", &dtb_n);
	r = elf && dtb ? payload_segment(elf, elf_n, &seg[0], &entry) : -1;
	check(!r, "kexec: %s is an ELF to load (%zu bytes), the DT is there (%zu bytes)",
	      PAYLOAD, elf_n, dtb_n);
	if (r || args.nr != KX_MAX)
		return;
	base = (uint64_t)(uintptr_t)seg[0].mem;
	seg[1].buf = &args;
	seg[1].bufsz = sizeof(args);
	seg[1].mem = (void *)(uintptr_t)(base + KX_ARGS_OFFSET);
	seg[1].memsz = PAGE;
	seg[2].buf = dtb;
	seg[2].bufsz = dtb_n;
	seg[2].mem = (void *)(uintptr_t)(base + KX_DTB_OFFSET);
	seg[2].memsz = (dtb_n + PAGE - 1) / PAGE * PAGE;
	r = syscall(SYS_kexec_load, (unsigned long)entry, 3ul, seg, KEXEC_ARCH_DEFAULT);
	check(r == 0, "kexec: kexec_load takes the payload at 0x%llx, the block and the DT (%s)",
	      (unsigned long long)base, r ? strerror(errno) : "ok");
	if (r)
		return;
	/* the result line of this boot; the payload prints its own */
	printf("# samplerkexec: kexec into the payload, the event still open and enabled\n");
	check_summary();
	fflush(stdout);
	sync();
	reboot(LINUX_REBOOT_CMD_KEXEC);
	check(0, "kexec: reboot(KEXEC) returned (%s)", strerror(errno));
}
