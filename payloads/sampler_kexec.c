/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sampler_kexec - the next "kernel" of the linux-sampler-kexec row (issue
 * 37): Linux's /init (linux/samplerkexec.c) leaves a sampler run on, its
 * perf event open, and kexecs into this payload with kexec_load. Whatever
 * the run was writing must have stopped before the jump: the driver
 * RESETs the firmware from its reboot notifier, which kernel_kexec runs.
 *
 * /init passes, as a kexec segment of its own at this payload's base + 16
 * MiB (KX_ARGS_OFFSET), the physical ranges of the run's buffers (its AUX
 * chunks) and the run's period; the layout is linux/samplerkexec.c's
 * struct kx_args, repeated here (a payload names no Linux file). Checks:
 * the block is there; STATUS says IDLE (the RESET); and the ranges do not
 * change over 20 of the run's periods, so nothing writes into the memory
 * the next kernel now owns. Prints TAP and "N passed, N failed", then
 * shuts the machine down.
 */
#include "client/rt.h"
#include "client/sbi.h"
#include "include/rvpmu/sampler.h"

/* past .bss, which holds 8 MiB of hart stacks (client/rt.h) */
#define KX_ARGS_OFFSET	0x1000000ul
#define KX_MAGIC	0x4b585652u	/* "RVXK" */
#define KX_MAX		16

struct kx_args {
	uint32_t magic;		/* KX_MAGIC */
	uint32_t nr;		/* ranges that follow, at most KX_MAX */
	uint64_t period_us;	/* the run's period */
	struct {
		uint64_t pa;	/* physical, 8-byte aligned */
		uint64_t size;	/* bytes, a multiple of 8 */
	} r[KX_MAX];
};

extern char _start[];

/* FNV-1a over the ranges: what a write into any of them would change */
static uint64_t digest(const struct kx_args *a)
{
	uint64_t h = 0xcbf29ce484222325ull;
	uint32_t i;

	for (i = 0; i < a->nr; i++) {
		const volatile uint64_t *p = (const volatile uint64_t *)(uintptr_t)a->r[i].pa;
		uint64_t k;

		for (k = 0; k < a->r[i].size / 8; k++) {
			h ^= p[k];
			h *= 0x100000001b3ull;
		}
	}
	return h;
}

int main(unsigned long hartid, void *dtb)
{
	const struct kx_args *a = (const void *)((uintptr_t)_start + KX_ARGS_OFFSET);
	static struct rvpmu_sampler_status st;
	uint64_t before, after, wait;
	struct sbiret r;
	bool args = a->magic == KX_MAGIC && a->nr >= 1 && a->nr <= KX_MAX;

	(void)hartid;
	(void)dtb;
	rt_printf("# sampler_kexec: the payload Linux kexecs into\n");
	rt_check(args, "kexec: the first kernel's block of the run's buffers is there (%u ranges)",
		 args ? (unsigned int)a->nr : 0u);
	r = sbi_call(RVPMU_SAMPLER_EID, RVPMU_SAMPLER_STATUS, (unsigned long)(uintptr_t)&st, 0,
		     sizeof(st), 0, 0, 0);
	/*
	 * IDLE: the driver RESET the firmware before the jump. A run that
	 * was not reset may also have ended by itself by now (DONE: its
	 * harts left as Linux stopped them), which says nothing of the
	 * memory it wrote on the way: only IDLE shows the RESET.
	 */
	rt_check(!r.error && st.state == RVPMU_SAMPLER_IDLE,
		 "kexec: the sampler was RESET before the kexec: IDLE (STATUS %ld, state %u, "
		 "stop reason %u, %llu samples)", r.error, (unsigned int)st.state,
		 (unsigned int)st.stop_reason, (unsigned long long)st.samples);
	if (args) {
		/* 20 periods at 10 MHz (QEMU virt's timebase), at least 20 ms */
		wait = (a->period_us > 1000 ? a->period_us : 1000) * 20 * 10;
		before = digest(a);
		after = rd_time() + wait;
		while (rd_time() < after)
			;
		after = digest(a);
		rt_check(before == after,
			 "kexec: the run's %u buffers stay unwritten over 20 periods (%llu us)",
			 (unsigned int)a->nr, (unsigned long long)(wait / 10));
	}
	return rt_check_report();
}
