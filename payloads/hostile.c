/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * hostile - S-mode calls a firmware must survive and answer exactly:
 * 32-bit arguments with junk in the upper register bits, reserved and
 * unimplemented platform types, fence and DBCN ranges at the top of the
 * address space (which must neither hang nor wrap), the legacy (v0.1)
 * calls (a1 left alone, hart-mask pointers checked, events counted), secondary harts faulting before they
 * have a trap vector (only that hart may stop), and a hart's PMU state
 * across hart_stop / hart_start (nothing may survive). Needs 2+ harts for
 * the cross-hart parts; on a DT without an IPI device it checks that IPI
 * and RFENCE are absent and that harts still start. Prints TAP and "N passed, N failed"; the final
 * shutdown itself passes junk upper bits, so a firmware that refuses it
 * fails the run.
 */
#include "payloads/hostile.h"

#if __riscv_xlen == 64
#define JUNK		(1ul << 63)	/* upper bits a uint32_t argument ignores */
#else
#define JUNK		0ul		/* no upper bits to fill on RV32 */
#endif

unsigned long nr_harts, me, timebase_ms = 10000;	/* 10 MHz */
/* How long a hart may take to answer: 5 s (an answer that comes takes
   microseconds; a loaded host can hold a vCPU back for a good part of a
   second), more without an IPI device
   (set in main): then every stopped hart polls, and under QEMU each one
   takes host time from the harts under test. */
uint64_t wait_ticks = 5000 * 10000;


/* The n-th hart other than the boot hart. */
static unsigned long other(unsigned long n)
{
	return rt_other_hart(me, n);
}

static bool wait_status(unsigned long hart, unsigned long want)
{
	return rt_wait_hart_status(hart, want, wait_ticks);
}

/* ---- every register but a0/a1 comes back as it was (the firmware's
   ecall path saves only what its C may touch; t3-t6 are fixed there) */
#if __riscv_xlen == 64
#define ST "sd"
#else
#define ST "sw"
#endif

static bool regs_kept(unsigned long eid, unsigned long fid, unsigned long arg0)
{
	unsigned long out[13], i;
	register unsigned long a0 __asm__("a0") = arg0;
	register unsigned long a1 __asm__("a1") = 0;
	register unsigned long a6 __asm__("a6") = fid;
	register unsigned long a7 __asm__("a7") = eid;

	__asm__ volatile(
		"li t0, 0x101\n li t1, 0x102\n li t2, 0x103\n li t3, 0x104\n"
		"li t4, 0x105\n li t5, 0x106\n li t6, 0x107\n li a2, 0x108\n"
		"li a3, 0x109\n li a4, 0x10a\n li a5, 0x10b\n"
		"ecall\n"
		ST " t0, 0*%c[w](%[o])\n" ST " t1, 1*%c[w](%[o])\n" ST " t2, 2*%c[w](%[o])\n"
		ST " t3, 3*%c[w](%[o])\n" ST " t4, 4*%c[w](%[o])\n" ST " t5, 5*%c[w](%[o])\n"
		ST " t6, 6*%c[w](%[o])\n" ST " a2, 7*%c[w](%[o])\n" ST " a3, 8*%c[w](%[o])\n"
		ST " a4, 9*%c[w](%[o])\n" ST " a5, 10*%c[w](%[o])\n"
		ST " a6, 11*%c[w](%[o])\n" ST " a7, 12*%c[w](%[o])\n"
		: "+r"(a0), "+r"(a1), "+r"(a6), "+r"(a7)
		: [o] "r"(out), [w] "i"(sizeof(unsigned long))
		: "t0", "t1", "t2", "t3", "t4", "t5", "t6", "a2", "a3", "a4", "a5", "memory");
	for (i = 0; i < 11; i++)
		if (out[i] != 0x101 + i)
			return false;
	return out[11] == fid && out[12] == eid;
}

static void test_registers_kept(void)
{
	check(regs_kept(SBI_EXT_BASE, SBI_BASE_GET_SPEC_VERSION, 0) &&
	      regs_kept(SBI_EXT_BASE, SBI_BASE_PROBE_EXT, SBI_EXT_PMU),
	      "registers: base calls keep t0-t6 and a2-a7");
	check(regs_kept(SBI_EXT_PMU, SBI_PMU_NUM_COUNTERS, 0) &&
	      regs_kept(SBI_EXT_PMU, SBI_PMU_COUNTER_STOP, ~0ul) &&
	      regs_kept(SBI_EXT_PMU, SBI_PMU_COUNTER_FW_READ, ~0ul),
	      "registers: PMU calls (and their errors) keep t0-t6 and a2-a7");
	check(regs_kept(0x0B0E0B0E, 0, 0) && regs_kept(SBI_EXT_TIME, SBI_TIME_SET_TIMER, ~0ul),
	      "registers: an unknown extension and set_timer keep t0-t6 and a2-a7");
}

/* ---- 32-bit arguments and reserved / platform types */
static volatile int timer_fired;
static void on_timer(unsigned long irq)
{
	(void)irq;
	sbi_set_timer(~0ull);
	timer_fired++;
}

static void test_types(void)
{
	static const unsigned long bad_suspend[] = {
		0x00000001, 0x0fffffff, 0x10000000, 0x7fffffff,
		0x80000001, 0x8fffffff, 0x90000000, 0xffffffff,
	};
	static const unsigned long bad_reset[] = { 3, 0xefffffff, 0xf0000000, 0xffffffff };
	bool ok = true;
	unsigned int i;

	for (i = 0; i < sizeof(bad_suspend) / sizeof(bad_suspend[0]); i++) {
		ok &= sbi_hart_suspend(bad_suspend[i], 0, 0).error == SBI_ERR_INVALID_PARAM;
		ok &= sbi_hart_suspend(bad_suspend[i] | JUNK, 0, 0).error == SBI_ERR_INVALID_PARAM;
	}
	check(ok, "hsm: reserved and unimplemented platform suspend types are INVALID_PARAM");
	ok = true;
	for (i = 0; i < sizeof(bad_reset) / sizeof(bad_reset[0]); i++) {
		ok &= sbi_system_reset(bad_reset[i], 0).error == SBI_ERR_INVALID_PARAM;
		ok &= sbi_system_reset(bad_reset[i] | JUNK, 0).error == SBI_ERR_INVALID_PARAM;
	}
	check(ok, "srst: reserved and unimplemented vendor reset types are INVALID_PARAM");
	check(sbi_system_reset(0 | JUNK, 2 | JUNK).error == SBI_ERR_INVALID_PARAM,
	      "srst: a reserved reason with junk upper bits is INVALID_PARAM");
	check(sbi_hart_suspend(SBI_HSM_SUSPEND_NON_RETENTIVE | JUNK, FW_BASE, 0).error ==
	      SBI_ERR_INVALID_ADDRESS,
	      "hsm: non-retentive suspend type with junk upper bits is read as non-retentive");

	if (sbi_probe(SBI_EXT_TIME) <= 0) {
		/* no timer device and no Sstc (the firmware said so) */
		check(sbi_set_timer(0).error == SBI_ERR_NOT_SUPPORTED,
		      "time: absent, set_timer answers NOT_SUPPORTED");
		return;
	}
	rt_set_irq(5, on_timer);
	timer_fired = 0;
	sbi_set_timer(rd_time() + timebase_ms);
	rt_csr_set(sie, 1ul << 5);	/* enabled in sie, SIE off: wakes only */
	check(!sbi_hart_suspend(SBI_HSM_SUSPEND_RETENTIVE | JUNK, 0, 0).error &&
	      (rt_csr_read(sip) & (1ul << 5)),
	      "hsm: retentive suspend with junk upper bits suspends and returns on the timer");
	rt_irq_enable(true);
	rt_irq_enable(false);
	check(timer_fired == 1, "time: the waking timer interrupt is taken");
}

/* ---- secondaries that spin (taking fences in M-mode) until told */
static volatile int spin_go, spin_ready[RT_MAX_HARTS];

static void spinner(void *arg)
{
	(void)arg;
	spin_ready[rt_hartid()] = 1;
	while (!spin_go)
		__asm__ volatile("nop");
	spin_ready[rt_hartid()] = 0;
	rt_csr_clear(sip, 2);	/* a legacy send_ipi's SSIP is not carried on */
}

bool start_spinners(void)
{
	unsigned long h;
	bool ok = true;

	spin_go = 0;
	for (h = 0; h + 1 < nr_harts; h++)
		ok &= rt_start_hart(other(h), spinner, 0) == 0;
	for (h = 0; h + 1 < nr_harts; h++)
		ok &= rt_wait(&spin_ready[other(h)], wait_ticks);
	return ok;
}

bool stop_spinners(void)
{
	unsigned long h;
	bool ok = true;

	spin_go = 1;
	for (h = 0; h + 1 < nr_harts; h++)
		ok &= wait_status(other(h), SBI_HSM_STOPPED);
	return ok;
}

/* ---- ranges at the top of the address space: no hang, no wrap */
struct range {
	unsigned long start, size;
};

static const struct range top_ranges[] = {
	{ TOP_PAGE, 4095 },		/* ends inside the last page */
	{ TOP_PAGE, 4096 },		/* ends exactly at the top */
	{ ~0ul, 1 },			/* the last byte */
	{ TOP_PAGE - 4096, 8192 },	/* the last two pages */
	{ TOP_PAGE, 8192 },		/* wraps past the top */
	{ 0x1000, ~0ul },		/* size -1: flush everything */
	{ 0x1000, ~0ul >> 1 },		/* huge */
	{ TOP_PAGE, ~0ul },
	{ 0, ~0ul },
};
#define NR_RANGES (sizeof(top_ranges) / sizeof(top_ranges[0]))

static void test_fences(void)
{
	static const unsigned long fids[] = {
		SBI_RFENCE_FENCE_I, SBI_RFENCE_SFENCE_VMA, SBI_RFENCE_SFENCE_VMA_ASID,
		SBI_RFENCE_HFENCE_GVMA_VMID, SBI_RFENCE_HFENCE_GVMA,
		SBI_RFENCE_HFENCE_VVMA_ASID, SBI_RFENCE_HFENCE_VVMA,
	};
	unsigned long all = 0, h;
	unsigned int i, f;
	bool ok = true;

	if (sbi_probe(SBI_EXT_IPI) <= 0 || sbi_probe(SBI_EXT_RFENCE) <= 0) {
		/* a machine whose DT names no IPI device (the firmware said so) */
		check(sbi_send_ipi(1, 0).error == SBI_ERR_NOT_SUPPORTED &&
		      sbi_rfence(SBI_RFENCE_FENCE_I, 1, 0, 0, 0, 0).error == SBI_ERR_NOT_SUPPORTED,
		      "no IPI device: IPI and RFENCE are absent and answer NOT_SUPPORTED");
		return;
	}
	if (nr_harts > 1)
		check(start_spinners(), "rfence: secondaries run to take the fences");
	for (h = 0; h < nr_harts; h++)
		all |= 1ul << h;
	for (f = 0; f < sizeof(fids) / sizeof(fids[0]); f++) {
		/* the hfences exist only with the H extension */
		if (fids[f] >= SBI_RFENCE_HFENCE_GVMA_VMID &&
		    sbi_rfence(fids[f], 1ul << me, 0, 0, 0, 1).error == SBI_ERR_NOT_SUPPORTED)
			continue;
		for (i = 0; i < NR_RANGES; i++) {
			const struct range *r = &top_ranges[i];

			/* every hart by mask, then every hart by base -1 */
			ok &= !sbi_rfence(fids[f], all, 0, r->start, r->size, 1).error;
			ok &= !sbi_rfence(fids[f], 0, ~0ul, r->start, r->size, 1).error;
		}
	}
	check(ok, "rfence: every fence (hfences with H) with ranges at the top, huge and -1 "
	      "returns SUCCESS on every hart");
	if (nr_harts > 1)
		check(stop_spinners(), "rfence: every secondary still runs and stops");
}

static void test_dbcn(void)
{
	unsigned int i;
	bool ok = true;
	struct sbiret r;

	for (i = 0; i < NR_RANGES; i++) {
		const struct range *q = &top_ranges[i];

		if (!q->size)
			continue;
		r = SBI_CALL3(SBI_EXT_DBCN, SBI_DBCN_WRITE, q->size, q->start, 0);
		ok &= r.error == SBI_ERR_INVALID_PARAM;
		r = SBI_CALL3(SBI_EXT_DBCN, SBI_DBCN_READ, q->size, q->start, 0);
		ok &= r.error == SBI_ERR_INVALID_PARAM;
		/* the same in the upper half of a 64-bit address */
		r = SBI_CALL3(SBI_EXT_DBCN, SBI_DBCN_WRITE, q->size, q->start, ~0ul);
		ok &= r.error == SBI_ERR_INVALID_PARAM;
	}
	check(ok, "dbcn: write/read of ranges at the top or past it are INVALID_PARAM");
	r = SBI_CALL3(SBI_EXT_DBCN, SBI_DBCN_WRITE, 4096, FW_BASE - 4096 + 1, 0);
	check(r.error == SBI_ERR_INVALID_PARAM, "dbcn: a range running into the firmware");
}

/* SUSP refuses before anything changes: a resume address in the firmware
   or wrapping past the top, a reserved or platform sleep type (with junk
   in the register's upper bits) */
static void test_susp(void)
{
	unsigned long here = (unsigned long)&test_susp;

	if (sbi_probe(SBI_EXT_SUSP) <= 0)
		return;
	check(SBI_CALL3(SBI_EXT_SUSP, SBI_SUSP_SYSTEM_SUSPEND, SBI_SUSP_TO_RAM, FW_BASE, 0).error ==
		      SBI_ERR_INVALID_ADDRESS &&
	      SBI_CALL3(SBI_EXT_SUSP, SBI_SUSP_SYSTEM_SUSPEND, SBI_SUSP_TO_RAM, ~0ul - 1, 0).error ==
		      SBI_ERR_INVALID_ADDRESS,
	      "susp: a resume address in the firmware or at the top is INVALID_ADDRESS");
	check(SBI_CALL3(SBI_EXT_SUSP, SBI_SUSP_SYSTEM_SUSPEND, 1 | JUNK, here, 0).error ==
		      SBI_ERR_INVALID_PARAM &&
	      SBI_CALL3(SBI_EXT_SUSP, SBI_SUSP_SYSTEM_SUSPEND, SBI_SUSP_PLATFORM_TYPES | JUNK, here,
			0).error == SBI_ERR_NOT_SUPPORTED,
	      "susp: a reserved sleep type is INVALID_PARAM, a platform one NOT_SUPPORTED");
}

/*
 * DBTR keeps S-mode's triggers S-mode's: a configuration that would fire
 * in M-mode or enter debug mode is refused with nothing installed, the
 * shared memory cannot be the firmware's, a range past trig_max or
 * wrapping is refused, and a set naming a trigger not installed changes
 * nothing.
 */
static void test_dbtr(void)
{
	static unsigned long shm[8][SBI_DBTR_ENTRY_WORDS] __attribute__((aligned(64)));
	const unsigned long type6 = 6ul << (__riscv_xlen - 4), store = 1ul << 1;
	const unsigned long m = 1ul << 6, s_mode = 1ul << 4;
	const unsigned long dmode = 1ul << (__riscv_xlen - 5);
	unsigned long max, here = (unsigned long)&shm[0][0];
	struct sbiret r;
	bool ok;

	if (sbi_probe(SBI_EXT_DBTR) <= 0)
		return;
	max = SBI_CALL1(SBI_EXT_DBTR, SBI_DBTR_NUM_TRIGGERS, 0).value;
	ok = SBI_CALL3(SBI_EXT_DBTR, SBI_DBTR_SET_SHMEM, FW_BASE, 0, 0).error ==
		     SBI_ERR_INVALID_ADDRESS &&
	     SBI_CALL3(SBI_EXT_DBTR, SBI_DBTR_SET_SHMEM, here + 2, 0, 0).error ==
		     SBI_ERR_INVALID_PARAM &&
	     SBI_CALL3(SBI_EXT_DBTR, SBI_DBTR_SET_SHMEM, here, 0, 1).error == SBI_ERR_INVALID_PARAM &&
	     SBI_CALL3(SBI_EXT_DBTR, SBI_DBTR_SET_SHMEM, ~0ul - 7, 0, 0).error ==
		     SBI_ERR_INVALID_ADDRESS;
	ok &= max > 0 && max <= 8 &&
	      !SBI_CALL3(SBI_EXT_DBTR, SBI_DBTR_SET_SHMEM, here, 0, 0).error;
	check(ok, "dbtr: shared memory in the firmware, past the top, misaligned or with flags "
	      "refused; S-mode's taken (%lu trigger(s))", max);
	if (!ok)
		return;
	/* an M-mode store trigger, then a debug-mode one: refused, entry 0 */
	shm[0][1] = type6 | store | m | s_mode;
	shm[0][2] = here;
	shm[0][3] = 0;
	r = SBI_CALL1(SBI_EXT_DBTR, SBI_DBTR_INSTALL_TRIGGERS, 1);
	ok = r.error == SBI_ERR_INVALID_PARAM && r.value == 0;
	shm[0][1] = type6 | store | s_mode | dmode;
	r = SBI_CALL1(SBI_EXT_DBTR, SBI_DBTR_INSTALL_TRIGGERS, 1);
	ok &= r.error == SBI_ERR_INVALID_PARAM && r.value == 0;
	ok &= !SBI_CALL2(SBI_EXT_DBTR, SBI_DBTR_READ_TRIGGERS, 0, max).error &&
	      !(shm[0][0] & SBI_DBTR_STATE_MAPPED) && !(shm[max - 1][0] & SBI_DBTR_STATE_MAPPED);
	check(ok, "dbtr: a trigger with tdata1.m or dmode set is INVALID_PARAM, none installed");
	ok = SBI_CALL2(SBI_EXT_DBTR, SBI_DBTR_READ_TRIGGERS, max, 1).error == SBI_ERR_BAD_RANGE &&
	     SBI_CALL2(SBI_EXT_DBTR, SBI_DBTR_READ_TRIGGERS, 0, max + 1).error ==
		     SBI_ERR_BAD_RANGE &&
	     SBI_CALL2(SBI_EXT_DBTR, SBI_DBTR_READ_TRIGGERS, 1, ~0ul).error == SBI_ERR_BAD_RANGE &&
	     SBI_CALL1(SBI_EXT_DBTR, SBI_DBTR_INSTALL_TRIGGERS, max + 1).error ==
		     SBI_ERR_BAD_RANGE &&
	     SBI_CALL2(SBI_EXT_DBTR, SBI_DBTR_UNINSTALL_TRIGGERS, 0, 1).error ==
		     SBI_ERR_INVALID_PARAM &&
	     SBI_CALL2(SBI_EXT_DBTR, SBI_DBTR_ENABLE_TRIGGERS, ~0ul, 1).error ==
		     SBI_ERR_INVALID_PARAM &&
	     SBI_CALL2(SBI_EXT_DBTR, SBI_DBTR_DISABLE_TRIGGERS, 0, 1ul << (__riscv_xlen - 1)).error ==
		     SBI_ERR_INVALID_PARAM;
	SBI_CALL3(SBI_EXT_DBTR, SBI_DBTR_SET_SHMEM, ~0ul, ~0ul, 0);
	ok &= SBI_CALL2(SBI_EXT_DBTR, SBI_DBTR_READ_TRIGGERS, 0, 1).error == SBI_ERR_NO_SHMEM;
	check(ok, "dbtr: ranges past trig_max or wrapping are BAD_RANGE, a set naming a trigger "
	      "not installed INVALID_PARAM, no shared memory NO_SHMEM");
}

/* ---- M-mode's IPI and timer registers are closed to S-mode (PMP) */
static void read_word(void *addr)
{
	(void)*(volatile uint32_t *)addr;
}

static void test_m_regs_closed(void)
{
	/* QEMU virt: msip, mtimecmp and mtime, in a CLINT or in ACLINT's
	   MSWI and MTIMER alike, of NUMA socket 0 and 1 (on one socket the
	   second three are no device, and fault as well) */
	static const unsigned long regs[] = {
		0x2000000, 0x2004000, 0x200bff8, 0x2010000, 0x2014000, 0x201bff8,
	};
	unsigned int i;
	bool ok = true;

	if (sbi_probe(SBI_EXT_IPI) <= 0)
		return;		/* the DT names no such device */
	for (i = 0; i < sizeof(regs) / sizeof(regs[0]); i++)
		ok &= rt_expect_fault(read_word, (void *)regs[i], 0) == 5;
	check(ok, "pmp: S-mode loads from msip, mtimecmp and mtime fault (sockets 0 and 1)");
}

/* ---- a secondary that faults before it has a trap vector */
static void __attribute__((naked, aligned(4))) fault_illegal(void)
{
	__asm__ volatile(".word 0\n\tj .");
}

static void __attribute__((naked, aligned(4))) fault_load(void)
{
	__asm__ volatile("li t0, 0x80000000\n\tlw t1, 0(t0)\n\tj ." ::: "memory");
}

static void __attribute__((naked, aligned(4))) fault_fetch(void)
{
	__asm__ volatile("jr zero");
}

/* a trap vector in firmware memory: the handler's own fetch faults */
static void __attribute__((naked, aligned(4))) fault_bad_stvec(void)
{
	__asm__ volatile("li t0, 0x80000000\n\tcsrw stvec, t0\n\t.word 0\n\tj .");
}

static volatile int alive[RT_MAX_HARTS];
static void say_alive(void *arg)
{
	(void)arg;
	alive[rt_hartid()] = 1;
}

static void test_fault_confined(void)
{
	static void (*const entries[])(void) = {
		fault_illegal, fault_load, fault_fetch, fault_bad_stvec,
	};
	static const char *const what[] = {
		"hsm: a secondary's illegal instruction with stvec 0 stops that hart only",
		"hsm: a secondary's access fault on firmware memory with stvec 0 stops that hart only",
		"hsm: a secondary jumping to 0 with stvec 0 stops that hart only",
		"hsm: a secondary whose trap vector faults at its entry stops that hart only",
	};
	unsigned long t;
	unsigned int i;

	if (nr_harts < 2) {
		rt_printf("# one hart: fault confinement not tested\n");
		return;
	}
	t = other(0);
	for (i = 0; i < sizeof(entries) / sizeof(entries[0]); i++) {
		bool ok = !sbi_hart_start(t, (unsigned long)entries[i], 0).error;

		ok &= wait_status(t, SBI_HSM_STOPPED);
		check(ok, what[i]);
		alive[t] = 0;
		check(rt_start_hart(t, say_alive, 0) == 0 &&
		      rt_wait(&alive[t], wait_ticks) && wait_status(t, SBI_HSM_STOPPED),
		      "hsm: that hart starts again and runs");
	}
}

/* ---- the PMU of a hart that stops and starts again */
#define CSR_HPM(n) case n: __asm__ volatile("csrr %0, %1" : "=r"(v) : "i"(0xc00 + n)); break;
static unsigned long read_hpm(unsigned long n)
{
	unsigned long v = 0;

	switch (n) {
	CSR_HPM(3) CSR_HPM(4) CSR_HPM(5) CSR_HPM(6) CSR_HPM(7) CSR_HPM(8) CSR_HPM(9)
	CSR_HPM(10) CSR_HPM(11) CSR_HPM(12) CSR_HPM(13) CSR_HPM(14) CSR_HPM(15)
	CSR_HPM(16) CSR_HPM(17) CSR_HPM(18) CSR_HPM(19) CSR_HPM(20) CSR_HPM(21)
	CSR_HPM(22) CSR_HPM(23) CSR_HPM(24) CSR_HPM(25) CSR_HPM(26) CSR_HPM(27)
	CSR_HPM(28) CSR_HPM(29) CSR_HPM(30) CSR_HPM(31)
	}
	return v;
}

#define DTLB_WRITE_MISS SBI_PMU_CACHE_EVENT(SBI_PMU_HW_CACHE_DTLB, 1, 1)

static uint8_t shmem[4096] __attribute__((aligned(4096)));
static unsigned long hpm_mask;
unsigned long fw_first;	/* hpm counters from 3; first fw */

/* Which counters exist, as get_info says. */
void discover(void)
{
	unsigned long i, n = sbi_pmu_num_counters().value;

	for (i = 0; i < n; i++) {
		struct sbiret r = sbi_pmu_get_info(i);

		if (r.error)
			continue;
		if (r.value >> (__riscv_xlen - 1)) {
			if (!fw_first)
				fw_first = i;
		} else if (i >= 3) {
			hpm_mask |= 1ul << (i - 3);
		}
	}
}
static volatile long hw_ctr = -1, fw_ctr = -1, stopped_ctr = -1;
static volatile int pmu_done;
static volatile unsigned long pmu_bad;	/* bit per failed check on the hart */

#define PMU_INIT	0x12345ul

/* Run 1: a snapshot area, a started hpm counter, a stopped one with a
   value, a started firmware counter with a value that has counted (when
   TIME is offered: set_timer is the event). Then stop. */
static void pmu_dirty(void *arg)
{
	struct sbiret r;

	(void)arg;
	pmu_bad = 0;
	if (sbi_pmu_snapshot((unsigned long)shmem, 0, 0).error)
		pmu_bad |= 1;
	r = sbi_pmu_config(3, hpm_mask, AUTO, SBI_PMU_DTLB_READ_MISS, 0);
	hw_ctr = r.error ? -1 : (long)r.value;
	r = sbi_pmu_config(3, hpm_mask, SBI_PMU_CFG_FLAG_CLEAR_VALUE, DTLB_WRITE_MISS, 0);
	stopped_ctr = r.error ? -1 : (long)r.value;
	if (stopped_ctr >= 0) {
		sbi_pmu_start((unsigned long)stopped_ctr, 1, SBI_PMU_START_SET_INIT_VALUE, PMU_INIT);
		sbi_pmu_stop((unsigned long)stopped_ctr, 1, 0);
	}
	r = sbi_pmu_config(fw_first, 1, SBI_PMU_CFG_FLAG_CLEAR_VALUE,
			   SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), 0);
	fw_ctr = r.error ? -1 : (long)r.value;
	if (fw_ctr >= 0)
		sbi_pmu_start((unsigned long)fw_ctr, 1, SBI_PMU_START_SET_INIT_VALUE, PMU_INIT);
	sbi_set_timer(~0ull);
	sbi_set_timer(~0ull);
	sbi_set_timer(~0ull);
	if (fw_ctr < 0 || sbi_pmu_fw_read((unsigned long)fw_ctr).value !=
	    PMU_INIT + (sbi_probe(SBI_EXT_TIME) > 0 ? 3 : 0))
		pmu_bad |= 2;
	if (hw_ctr < 0 || stopped_ctr < 0 || read_hpm((unsigned long)stopped_ctr) < PMU_INIT)
		pmu_bad |= 4;
	pmu_done = 1;
}

/* Run 2 on the same hart: nothing of run 1 is there. */
static void pmu_clean(void *arg)
{
	unsigned long hw = (unsigned long)hw_ctr, st = (unsigned long)stopped_ctr;
	unsigned long fw = (unsigned long)fw_ctr;
	struct sbiret r;

	(void)arg;
	pmu_bad = 0;
	/* configured counters answer stop; released ones INVALID_PARAM */
	if (sbi_pmu_stop(hw, 1, 0).error != SBI_ERR_INVALID_PARAM)
		pmu_bad |= 1;
	if (sbi_pmu_stop(st, 1, 0).error != SBI_ERR_INVALID_PARAM)
		pmu_bad |= 2;
	if (sbi_pmu_stop(fw, 1, 0).error != SBI_ERR_INVALID_PARAM)
		pmu_bad |= 4;
	/* the firmware count is gone: mapped again without CLEAR_VALUE */
	r = sbi_pmu_config(fw, 1, SBI_PMU_CFG_FLAG_AUTO_START,
			   SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER), 0);
	if (r.error || r.value != fw || sbi_pmu_fw_read(fw).value != 0)
		pmu_bad |= 8;
	/* no snapshot area */
	if (sbi_pmu_stop(fw, 1, SBI_PMU_STOP_TAKE_SNAPSHOT).error != SBI_ERR_NO_SHMEM)
		pmu_bad |= 16;
	sbi_pmu_stop(fw, 1, SBI_PMU_STOP_RESET);
	/* the hpm counter's value is gone: mapped again without CLEAR_VALUE */
	r = sbi_pmu_config(st, 1, 0, DTLB_WRITE_MISS, 0);
	if (r.error || r.value != st || read_hpm(st) >= PMU_INIT)
		pmu_bad |= 32;
	sbi_pmu_stop(st, 1, SBI_PMU_STOP_RESET);
	pmu_done = 1;
}

static void test_pmu_across_stop(void)
{
	unsigned long t;

	if (nr_harts < 2) {
		rt_printf("# one hart: PMU across hart_stop not tested\n");
		return;
	}
	discover();
	t = other(0);
	pmu_done = 0;
	check(rt_start_hart(t, pmu_dirty, 0) == 0 && rt_wait(&pmu_done, wait_ticks) &&
	      wait_status(t, SBI_HSM_STOPPED) && !pmu_bad,
	      "pmu: a hart configures, starts and stops counters, counts, then stops");
	if (pmu_bad)
		rt_printf("# run 1 failures: 0x%lx (counters %ld %ld %ld)\n", pmu_bad, hw_ctr,
			  stopped_ctr, fw_ctr);
	pmu_done = 0;
	check(rt_start_hart(t, pmu_clean, 0) == 0 && rt_wait(&pmu_done, wait_ticks) &&
	      wait_status(t, SBI_HSM_STOPPED),
	      "pmu: the hart starts again");
	check(!(pmu_bad & 7), "pmu: after hart_stop no counter is configured or started");
	check(!(pmu_bad & 8), "pmu: after hart_stop firmware counts are cleared");
	check(!(pmu_bad & 16), "pmu: after hart_stop the snapshot area is unset");
	check(!(pmu_bad & 32), "pmu: after hart_stop hpm counter values are cleared");
}

int main(unsigned long hartid, void *dtb)
{
	int failed;

	(void)dtb;
	me = hartid;
	rt_printf("# rvpmu hostile calls, RV%d, boot hart %lu\n", __riscv_xlen, hartid);
	nr_harts = rt_count_harts(RT_MAX_HARTS);
	rt_printf("# %lu hart(s)\n", nr_harts);
	if (sbi_probe(SBI_EXT_IPI) <= 0)
		wait_ticks *= (nr_harts + 3) / 4;
	test_legacy();
	test_registers_kept();
	test_types();
	test_fences();
	test_dbcn();
	test_susp();
	test_dbtr();
	test_m_regs_closed();
	test_fault_confined();
	test_pmu_across_stop();
	failed = rt_check_report();
#if __riscv_xlen == 32
	/* no upper bits to test here: a passing run ends by legacy shutdown */
	if (!failed && sbi_probe(SBI_EXT_LEGACY_SHUTDOWN) > 0) {
		sbi_call(SBI_EXT_LEGACY_SHUTDOWN, 0, 0, 0, 0, 0, 0, 0);
		rt_printf("not ok - legacy: shutdown returned\n");
		return 1;
	}
#endif
	/* the shutdown's type and reason are uint32_t: junk above must not
	   stop it (if it returns, the run fails) */
	sbi_system_reset(0 | JUNK, (failed ? 1 : 0) | JUNK);
	rt_printf("not ok - srst: shutdown with junk upper bits returned\n");
	return 1;
}
