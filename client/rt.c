/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdarg.h>

#include "client/rt.h"
#include "lib/fmt.h"

char rt_stacks[RT_MAX_HARTS][1 << 14] __attribute__((aligned(16)));

unsigned long rt_entry_instret, rt_entry_time;
static rt_irq_fn irq_fns[16];
static volatile int print_lock;
static bool have_dbcn;

struct fault_slot {
	volatile bool armed;
	volatile long cause;
	volatile unsigned long tval;
};
static struct fault_slot faults[RT_MAX_HARTS];

struct start_slot {
	void (*fn)(void *);
	void *arg;
};
static struct start_slot starts[RT_MAX_HARTS];
extern char rt_secondary_entry[];

static void out(const char *s, unsigned long n)
{
	unsigned long i;

	if (have_dbcn) {
		sbi_dbcn_write(s, n);
		return;
	}
	for (i = 0; i < n; i++)
		SBI_CALL1(SBI_EXT_LEGACY_PUTCHAR, 0, (unsigned long)s[i]);
}

void rt_printf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	rvpmu_vprint_locked(&print_lock, out, fmt, ap);
	va_end(ap);
}

void rt_set_irq(unsigned int irq, rt_irq_fn fn)
{
	irq_fns[irq & 15] = fn;
}

void rt_irq_enable(bool on)
{
	if (on)
		rt_csr_set(sstatus, 2);
	else
		rt_csr_clear(sstatus, 2);
}

void rt_shutdown(bool failed)
{
	sbi_system_reset(SBI_SRST_SHUTDOWN, failed ? SBI_SRST_REASON_FAILURE
						   : SBI_SRST_REASON_NONE);
	/* no SRST: the legacy shutdown */
	SBI_CALL0(SBI_EXT_LEGACY_SHUTDOWN, 0);
	for (;;)
		__asm__ volatile("wfi");
}

void rt_trap(void)
{
	unsigned long cause = rt_csr_read(scause);
	struct fault_slot *fs = &faults[rt_hartid() % RT_MAX_HARTS];

	if ((long)cause < 0) {
		unsigned long irq = cause & 0xff;

		if (irq < 16 && irq_fns[irq]) {
			irq_fns[irq](irq);
			return;
		}
		rt_printf("# unexpected interrupt %lu on hart %lu\n", irq, rt_hartid());
		rt_csr_clear(sie, 1ul << irq);
		return;
	}
	if (fs->armed) {
		unsigned long epc = rt_csr_read(sepc);
		uint16_t insn = *(volatile uint16_t *)epc;

		fs->cause = (long)cause;
		fs->tval = rt_csr_read(stval);
		fs->armed = false;
		rt_csr_write(sepc, epc + ((insn & 3) == 3 ? 4 : 2));
		return;
	}
	rt_printf("# unexpected exception %lu at 0x%lx (tval 0x%lx) on hart %lu\n", cause,
		  rt_csr_read(sepc), rt_csr_read(stval), rt_hartid());
	rt_printf("0 passed, 1 failed\n");
	rt_shutdown(true);
}

long rt_expect_fault(void (*fn)(void *), void *arg, unsigned long *tval)
{
	struct fault_slot *fs = &faults[rt_hartid() % RT_MAX_HARTS];

	fs->cause = -1;
	fs->tval = 0;
	fs->armed = true;
	__asm__ volatile("" ::: "memory");
	fn(arg);
	__asm__ volatile("" ::: "memory");
	fs->armed = false;
	if (tval)
		*tval = fs->tval;
	return fs->cause;
}

bool rt_wait(volatile int *flag, uint64_t ticks)
{
	uint64_t end = rd_time() + ticks;

	while (!*flag)
		if (rd_time() > end)
			return false;
	return true;
}

static int checks_ok, checks_failed;

void rt_check(bool cond, const char *what, ...)
{
	char line[256];
	va_list ap;

	va_start(ap, what);
	rvpmu_vsnprintf(line, sizeof(line), what, ap);
	va_end(ap);
	/* several harts may check at once: each count is one atomic add, and
	   the TAP number is the sum as this check left it */
	if (cond)
		__atomic_add_fetch(&checks_ok, 1, __ATOMIC_RELAXED);
	else
		__atomic_add_fetch(&checks_failed, 1, __ATOMIC_RELAXED);
	rt_printf("%s %d - %s\n", cond ? "ok" : "not ok",
		  __atomic_load_n(&checks_ok, __ATOMIC_RELAXED) +
		  __atomic_load_n(&checks_failed, __ATOMIC_RELAXED), line);
}

int rt_check_report(void)
{
	rt_printf("1..%d\n%d passed, %d failed\n", checks_ok + checks_failed, checks_ok,
		  checks_failed);
	return checks_failed;
}

bool rt_wait_hart_status(unsigned long hart, unsigned long want, uint64_t ticks)
{
	uint64_t end = rd_time() + ticks;

	while (sbi_hart_status(hart).value != want)
		if (rd_time() > end)
			return false;
	return true;
}

static void read_scountovf(void *a)
{
	*(volatile unsigned long *)a = rt_csr_read(0xda0);
}

bool rt_has_sscofpmf(void)
{
	unsigned long v;

	return rt_expect_fault(read_scountovf, &v, 0) < 0;
}

unsigned long rt_count_harts(unsigned long max)
{
	unsigned long n = 0;

	while (n < max && !sbi_hart_status(n).error)
		n++;
	return n;
}

long rt_start_hart(unsigned long hartid, void (*fn)(void *), void *arg)
{
	if (hartid >= RT_MAX_HARTS)
		return SBI_ERR_INVALID_PARAM;
	starts[hartid].fn = fn;
	starts[hartid].arg = arg;
	__atomic_thread_fence(__ATOMIC_RELEASE);
	return sbi_hart_start(hartid, (unsigned long)rt_secondary_entry, 0).error;
}

long rt_suspend_non_retentive(void (*fn)(void *), void *arg)
{
	unsigned long me = rt_hartid();

	if (me >= RT_MAX_HARTS)
		return SBI_ERR_INVALID_PARAM;
	starts[me].fn = fn;
	starts[me].arg = arg;
	__atomic_thread_fence(__ATOMIC_RELEASE);
	return sbi_hart_suspend(SBI_HSM_SUSPEND_NON_RETENTIVE, (unsigned long)rt_secondary_entry,
				0).error;
}

unsigned long rt_start_others(unsigned long n, void (*fn)(void *))
{
	unsigned long h, started = 1;

	for (h = 0; h < n; h++)
		if (h != rt_hartid() && !rt_start_hart(h, fn, (void *)h))
			started++;
	return started;
}

void rt_secondary(unsigned long hartid, unsigned long late_boot_entry)
{
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	if (late_boot_entry)
		rt_printf("# hart %lu entered at the boot entry, not its hart_start address "
			  "(the firmware let it run before the address was set); it goes on as started\n",
			  hartid);
	if (starts[hartid].fn)
		starts[hartid].fn(starts[hartid].arg);
	sbi_hart_stop();
}

void rt_boot(unsigned long hartid, void *dtb)
{
	int failed;

	have_dbcn = sbi_probe(SBI_EXT_DBCN) > 0;
	failed = main(hartid, dtb);
	rt_shutdown(failed != 0);
}

void rt_spin(uint64_t ticks)
{
	static volatile unsigned long sink;
	uint64_t end = rd_time() + ticks;
	unsigned long x = 1;

	while (rd_time() < end)
		x = x * 6364136223846793005ul + 1442695040888963407ul;
	sink += x;
}
