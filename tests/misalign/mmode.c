/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The firmware's binding of the misaligned emulation (firmware/
 * trap_misalign.c, fpr.S, probe.S) on a real hart: QEMU virt's, in
 * M-mode, as -bios. QEMU 7.2 never raises a misaligned exception for a
 * plain load or store, so each test sets the CSRs as such a trap from
 * S-mode (or U-mode) leaves them - mepc at the instruction, mcause,
 * mtval, mstatus.MPP - and calls fw_misaligned with the registers laid
 * out as entry.S saves them. The accesses are real: MPRV loads and
 * stores under PMP (one 4 KiB region closed to S/U-mode, to fault in),
 * the FP registers through fpr.S, faults through fw_probe_vector.
 * TAP on the UART, "N passed, N failed" last; QEMU exits 0 or 1.
 */
#include <string.h>

#include "firmware/csr.h"
#include "firmware/console.h"
#include "firmware/platform.h"
#include "firmware/trap.h"

struct fw_platform plat = { .uart = 0x10000000 };

void fw_fpr_store64(unsigned int r, uint64_t *p);
void fw_fpr_load64(unsigned int r, const uint64_t *p);

#define FINISHER	((volatile uint32_t *)0x100000)

static uint8_t code[64] __attribute__((aligned(64)));
static uint8_t data[64] __attribute__((aligned(64)));
/* mem.closed: PMP closes it to S/U-mode; mem.open's tail lies right below */
static struct {
	uint8_t open[4096], closed[4096];
} mem __attribute__((aligned(4096)));
#define closed		mem.closed
#define BELOW(n)	(&mem.open[sizeof(mem.open) - (n)])	/* n bytes below closed */
static struct fw_frame f;
static struct fw_frame_ext x;
static int passed, failed;

/* Register r as entry.S saves it: this test's own statement of the layout. */
static unsigned long *const where[32] = {
	0, &f.ra, &x.sp, &x.gp, &x.tp, &f.t0, &f.t1, &f.t2, &x.s[0], &x.s[1],
	&f.a0, &f.a1, &f.a2, &f.a3, &f.a4, &f.a5, &f.a6, &f.a7,
	&x.s[2], &x.s[3], &x.s[4], &x.s[5], &x.s[6], &x.s[7], &x.s[8], &x.s[9], &x.s[10], &x.s[11],
	&f.t3, &f.t4, &f.t5, &f.t6,
};

static unsigned long pattern(unsigned int r)
{
	return (unsigned long)0x0123456789abcdefull ^ (0x0101010101010101ul * r);
}

static void fill(void)
{
	for (unsigned int r = 1; r < 32; r++)
		*where[r] = pattern(r);
}

/* Every register but `except` holds its pattern. */
static bool others_kept(unsigned int except)
{
	for (unsigned int r = 1; r < 32; r++)
		if (r != except && *where[r] != pattern(r))
			return false;
	return true;
}

static void __attribute__((noreturn)) finish(void)
{
	fw_printf("1..%d\n%d passed, %d failed\n", passed + failed, passed, failed);
	*FINISHER = failed ? 0x13333 : 0x5555;
	for (;;)
		__asm__ volatile("wfi");
}

static void __attribute__((interrupt("machine"), aligned(4))) unexpected(void)
{
	fw_printf("# unexpected M-mode trap: cause %lu at 0x%lx, tval 0x%lx\n",
		  csr_read(CSR_MCAUSE), csr_read(CSR_MEPC), csr_read(CSR_MTVAL));
	failed++;
	finish();
}

static void check(bool ok, const char *what)
{
	if (ok)
		passed++;
	else
		failed++;
	fw_printf("%s %d - %s\n", ok ? "ok" : "not ok", passed + failed, what);
}

/* A trap of `cause` at the instruction insn (len bytes, put at pc) for
   address addr, from mode mpp; *c and *t get what S-mode must take. */
static bool trap_at(uintptr_t pc, uint32_t insn, unsigned int len, unsigned long cause,
		    const void *addr, unsigned long mpp, unsigned long *c, unsigned long *t)
{
	if (pc == (uintptr_t)code)
		memcpy(code, &insn, len);
	csr_clear(CSR_MSTATUS, MSTATUS_MPP | MSTATUS_MPRV);
	csr_set(CSR_MSTATUS, mpp);
	csr_write(CSR_MEPC, pc);
	csr_write(CSR_MCAUSE, cause);
	csr_write(CSR_MTVAL, (uintptr_t)addr);
	*c = cause;
	*t = (uintptr_t)addr;
	return fw_misaligned(&f, &x, c, t);
}

static bool trap(uint32_t insn, unsigned int len, unsigned long cause, const void *addr)
{
	unsigned long c, t;

	return trap_at((uintptr_t)code, insn, len, cause, addr, MSTATUS_MPP_S, &c, &t);
}

static uint32_t load(unsigned int f3, unsigned int rd)
{
	return 0x03 | rd << 7 | f3 << 12 | 10u << 15;
}

static uint32_t store(unsigned int f3, unsigned int rs2)
{
	return 0x23 | f3 << 12 | 10u << 15 | rs2 << 20;
}

/* After an emulation: mepc moved by len, M-mode's own state as it was. */
static bool resumed(unsigned int len)
{
	return csr_read(CSR_MEPC) == (uintptr_t)code + len &&
	       csr_read(CSR_MTVEC) == (uintptr_t)unexpected &&
	       !(csr_read(CSR_MSTATUS) & MSTATUS_MPRV) &&
	       (csr_read(CSR_MSTATUS) & MSTATUS_MPP) == MSTATUS_MPP_S;
}

static void test_gpr_loads(void)
{
	static const uint8_t w[8] = { 0x81, 0x92, 0xa3, 0xb4, 0xc5, 0xd6, 0xe7, 0xf8 };
	unsigned long want = (unsigned long)(long)(int32_t)0xb4a39281u;
	bool ok = true, ok16 = true;

	memcpy(data + 1, w, 8);
	for (unsigned int r = 1; r < 32; r++) {
		fill();
		ok &= trap(load(2, r), 4, 4, data + 1) && *where[r] == want &&
		      others_kept(r) && resumed(4);
		fill();		/* c.lwsp */
		ok16 &= trap(0x4002 | r << 7, 2, 4, data + 1) && *where[r] == want &&
			others_kept(r) && resumed(2);
	}
	check(ok, "lw into each of x1-x31: sign-extended, nothing else written, mepc + 4");
	check(ok16, "c.lwsp into each of x1-x31: mepc + 2");
	fill();
	check(trap(load(5, 12), 4, 4, data + 2) && *where[12] == 0xa392 && others_kept(12),
	      "lhu zero-extends");
#if __riscv_xlen == 64
	fill();
	check(trap(load(3, 9), 4, 4, data + 1) && *where[9] == 0xf8e7d6c5b4a39281ul &&
	      others_kept(9), "ld reads 8 bytes");
#endif
	fill();
	check(trap(load(2, 0), 4, 4, data + 1) && others_kept(0) && resumed(4),
	      "lw into x0 changes no register");
}

static void test_gpr_stores(void)
{
	bool ok = true, ok16 = true;
	unsigned int size = __riscv_xlen / 8;

	for (unsigned int r = 1; r < 32; r++) {
		unsigned long v = pattern(r);

		fill();
		memset(data, 0, sizeof(data));
		ok &= trap(store(size == 8 ? 3 : 2, r), 4, 6, data + 3) &&
		      !memcmp(data + 3, &v, size) && data[2] == 0 && data[3 + size] == 0 &&
		      others_kept(0) && resumed(4);
		fill();		/* c.swsp */
		memset(data, 0, sizeof(data));
		ok16 &= trap(0xc002 | r << 2, 2, 6, data + 5) && !memcmp(data + 5, &v, 4) &&
			data[9] == 0 && others_kept(0) && resumed(2);
	}
	check(ok, "a store of XLEN bytes from each of x1-x31: its bytes, little-endian, mepc + 4");
	check(ok16, "c.swsp from each of x1-x31: mepc + 2");
}

static void test_fpr(void)
{
	static const uint8_t w[8] = { 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88 };
	uint64_t v, want = 0x8877665544332211ull;
	bool ok = true, dirty = true, boxed = true, st = true;

	if (!(csr_read(CSR_MISA) & MISA_D)) {
		fw_printf("# no D extension: FP registers not tested\n");
		return;
	}
	memcpy(data + 1, w, 8);
	for (unsigned int r = 0; r < 32; r++) {
		uint64_t p = pattern(r);

		csr_clear(CSR_MSTATUS, MSTATUS_FS);
		csr_set(CSR_MSTATUS, 1ul << 13);	/* FS Initial */
		fill();
		ok &= trap(0x07 | r << 7 | 3u << 12, 4, 4, data + 1) && others_kept(0) && resumed(4);
		fw_fpr_store64(r, &v);
		ok &= v == want;
		dirty &= (csr_read(CSR_MSTATUS) & MSTATUS_FS) == MSTATUS_FS;
		boxed &= trap(0x07 | r << 7 | 2u << 12, 4, 4, data + 3);	/* flw */
		fw_fpr_store64(r, &v);
		boxed &= v == 0xffffffff66554433ull;
		fw_fpr_load64(r, &p);
		memset(data + 16, 0, 16);
		st &= trap(0x27 | 3u << 12 | r << 20, 4, 6, data + 17) &&
		      !memcmp(data + 17, &p, 8) && data[25] == 0;		/* fsd */
	}
	check(ok, "fld into each of f0-f31, no integer register written");
	check(dirty, "an FP register written makes mstatus.FS dirty");
	check(boxed, "flw NaN-boxes");
	check(st, "fsd from each of f0-f31");
	csr_clear(CSR_MSTATUS, MSTATUS_FS);
	check(!trap(0x07 | 5u << 7 | 3u << 12, 4, 4, data + 1) && resumed(0),
	      "fld with mstatus.FS off is not emulated (and M-mode takes no illegal instruction)");
	csr_set(CSR_MSTATUS, MSTATUS_FS);
}

/* A fault: S-mode gets it, at the byte, and nothing else changes. */
static void test_faults(void)
{
	unsigned long c, t;
	bool ok;

	fill();
	closed[0] = 0x5a;
	ok = !trap_at((uintptr_t)code, load(2, 7), 4, 4, BELOW(2), MSTATUS_MPP_S, &c, &t);
	check(ok && c == CAUSE_LOAD_ACCESS && t == (uintptr_t)closed && others_kept(0),
	      "a load reaching PMP-closed memory: load access fault at its first closed byte, no register written");
	check(resumed(0) && csr_read(CSR_MCAUSE) == 4 && csr_read(CSR_MTVAL) == (uintptr_t)(BELOW(2)),
	      "... mepc, mcause, mtval, mtvec and mstatus as the trap left them");
	fill();
	*BELOW(1) = 0;
	ok = !trap_at((uintptr_t)code, store(2, 7), 4, 6, BELOW(1), MSTATUS_MPP_S, &c, &t);
	check(ok && c == CAUSE_STORE_ACCESS && t == (uintptr_t)closed && closed[0] == 0x5a &&
	      *BELOW(1) == (uint8_t)pattern(7) && resumed(0),
	      "a store reaching PMP-closed memory: store access fault there, the byte below written");
	fill();
	memset(data, 0x3c, 16);
	ok = !trap_at((uintptr_t)code, 0x00b5252fu, 4, 6, data + 1, MSTATUS_MPP_S, &c, &t);
	check(ok && c == 6 && t == (uintptr_t)(data + 1) && data[1] == 0x3c && others_kept(0) &&
	      resumed(0), "a misaligned AMO goes to S-mode as it came");
	ok = !trap_at((uintptr_t)code, 0x1005252fu, 4, 4, data + 1, MSTATUS_MPP_S, &c, &t);
	check(ok && c == 4 && t == (uintptr_t)(data + 1) && resumed(0), "... and LR");
	ok = !trap_at((uintptr_t)closed, 0, 4, 4, data + 1, MSTATUS_MPP_S, &c, &t);
	check(ok && c == 4 && csr_read(CSR_MEPC) == (uintptr_t)closed && others_kept(0),
	      "an instruction S-mode cannot read: the original exception, mepc kept");
}

static void test_umode(void)
{
	unsigned long c, t;

	data[1] = 0x81;
	data[2] = 0x92;
	fill();
	check(trap_at((uintptr_t)code, load(1, 20), 4, 4, data + 1, 0, &c, &t) &&
	      *where[20] == (unsigned long)(long)(int16_t)0x9281 && others_kept(20),
	      "a U-mode load is emulated too (lh, sign-extended)");
	fill();
	check(!trap_at((uintptr_t)code, load(2, 20), 4, 4, BELOW(1), 0, &c, &t) &&
	      c == CAUSE_LOAD_ACCESS && others_kept(0), "... and its PMP fault reported");
	csr_set(CSR_MSTATUS, MSTATUS_MPP_S);
}

/*
 * With S-mode's paging on (Sv39 / Sv32): the bytes are translated one by
 * one (an access may span two pages with unrelated physical pages), a
 * page S-mode may not read or write gives its page fault at the first
 * byte of that page, and the instruction is read from an execute-only
 * page (MXR for the fetch alone: data there still faults).
 */
#define VA	0x40000000ul		/* page 0 code (X), 1 data (RW), 2 (R), 3 unmapped */
#define PTE_V	0x01
#define PTE_R	0x02
#define PTE_W	0x04
#define PTE_X	0x08
#define PTE_AD	0xc0
static uint8_t pg[6][4096] __attribute__((aligned(4096)));	/* 3 leaves, 3 tables */

static unsigned long pte(const void *pa, unsigned long flags)
{
	return (uintptr_t)pa >> 12 << 10 | flags | PTE_V;
}

static void paging_on(void)
{
	unsigned long *leaf = (unsigned long *)pg[3];
	unsigned long i, perm[3] = { PTE_X, PTE_R | PTE_W, PTE_R };

	for (i = 0; i < 3; i++)
		leaf[i] = pte(pg[i], perm[i] | PTE_AD);
#if __riscv_xlen == 64
	((unsigned long *)pg[4])[VA >> 30] = pte(pg[5], 0);		/* root */
	((unsigned long *)pg[5])[VA >> 21 & 511] = pte(leaf, 0);
	csr_write(CSR_SATP, 8ul << 60 | (uintptr_t)pg[4] >> 12);
#else
	((unsigned long *)pg[4])[VA >> 22] = pte(leaf, 0);		/* root */
	csr_write(CSR_SATP, 1ul << 31 | (uintptr_t)pg[4] >> 12);
#endif
	__asm__ volatile("sfence.vma" ::: "memory");
}

static void test_paging(void)
{
	static const uint8_t w[4] = { 0x01, 0x82, 0x03, 0x84 };
	unsigned long c, t, pc = VA + 8;
	bool ok;

	paging_on();
	memcpy(pg[1] + 4094, w, 2);
	memcpy(pg[2], w + 2, 2);
	memcpy(pg[0] + 8, (const uint32_t[]){ load(2, 11) }, 4);
	fill();
	ok = trap_at(pc, 0, 4, 4, (void *)(VA + 0x1ffe), MSTATUS_MPP_S, &c, &t);
	check(ok && *where[11] == (unsigned long)(long)(int32_t)0x84038201u && others_kept(11) &&
	      csr_read(CSR_MEPC) == pc + 4,
	      "paging: a load across two pages, each translated, from code on an execute-only page");
	fill();
	ok = !trap_at(pc, 0, 4, 4, (void *)(VA + 0x2ffe), MSTATUS_MPP_S, &c, &t);
	check(ok && c == CAUSE_LOAD_PAGE_FAULT && t == VA + 0x3000 && others_kept(0) &&
	      csr_read(CSR_MEPC) == pc, "paging: a load into an unmapped page: load page fault at its first byte");
	memcpy(pg[0] + 8, (const uint32_t[]){ store(2, 11) }, 4);
	fill();
	ok = !trap_at(pc, 0, 4, 6, (void *)(VA + 0x1fff), MSTATUS_MPP_S, &c, &t);
	check(ok && c == CAUSE_STORE_PAGE_FAULT && t == VA + 0x2000 && pg[1][4095] == (uint8_t)pattern(11) &&
	      pg[2][0] == 0x03, "paging: a store into a read-only page: store page fault there");
	memcpy(pg[0] + 8, (const uint32_t[]){ load(2, 11) }, 4);
	ok = !trap_at(pc, 0, 4, 4, (void *)(VA + 1), MSTATUS_MPP_S, &c, &t);
	check(ok && c == CAUSE_LOAD_PAGE_FAULT && t == VA + 1,
	      "paging: data on the execute-only page still faults (MXR only for the fetch)");
	csr_write(CSR_SATP, 0);
	__asm__ volatile("sfence.vma" ::: "memory");
}

int main(void)
{
	unsigned long cfg = PMP_NAPOT | (PMP_NAPOT | PMP_R | PMP_W | PMP_X) << 8;

	csr_write(CSR_MTVEC, (uintptr_t)unexpected);
	/* entry 0 closes `closed` to S/U-mode, entry 1 opens the rest */
	csr_write(CSR_PMPADDR0, ((uintptr_t)closed | (sizeof(closed) / 2 - 1)) >> 2);
	csr_write(CSR_PMPADDR0 + 1, ~0ul);
	csr_write(CSR_PMPCFG0, cfg);
	csr_write(CSR_SATP, 0);
	csr_set(CSR_MSTATUS, MSTATUS_FS);
	fw_printf("# misaligned emulation on a QEMU hart in M-mode, RV%d\n", __riscv_xlen);
	test_gpr_loads();
	test_gpr_stores();
	test_fpr();
	test_faults();
	test_umode();
	test_paging();
	finish();
}
