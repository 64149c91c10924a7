/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Many harts: every hart the firmware reports (ids may be sparse: every id
 * below RT_MAX_HARTS is asked) is started through HSM and
 * answers an IPI broadcast (base -1); a hart_mask reaching the top hart
 * from hart_mask_base, masks past the last hart, remote fence.i to all,
 * every hart stopped again. Also prints the bench lines: instructions
 * from reset to S-mode entry, and on this hart for an IPI and a remote
 * fence.i to all harts; the boot line in µs of the time CSR too (virtual
 * time under -icount, the measure that counts waiting). Runs on any SBI firmware; ends "N passed, N failed".
 */
#include "client/rt.h"

#define XLEN (8 * sizeof(unsigned long))

static unsigned long nr_harts, max_id, me, timebase = 10000000;
static bool is_hart[RT_MAX_HARTS];
static volatile int ready[RT_MAX_HARTS], go;
static volatile unsigned int ipis[RT_MAX_HARTS];

/* what, then the detail that says how far it went */
#define check(ok, what, detail) rt_check(ok, what " (%lu)", (unsigned long)(detail))

static void on_ipi(unsigned long irq)
{
	(void)irq;
	rt_csr_clear(sip, 2);
	__atomic_fetch_add(&ipis[rt_hartid()], 1, __ATOMIC_RELAXED);
}

/* A started hart: take IPIs (asleep between them) until told to stop. */
static void hart_main(void *arg)
{
	(void)arg;
	rt_csr_set(sie, 2);
	ready[rt_hartid()] = 1;
	while (!go)
		rt_wfi_irqs();
}

/* Sleep about a millisecond (timer, wfi): a spinning hart would keep the
   others from running under QEMU's round-robin icount mode, and steal host
   time from them otherwise. Interrupts stay off; the timer only wakes. */
static void nap(void)
{
	sbi_set_timer(rd_time() + timebase / 1000);
	rt_csr_set(sie, 1ul << 5);
	while (!(rt_csr_read(sip) & (1ul << 5)))
		__asm__ volatile("wfi");
	rt_csr_clear(sie, 1ul << 5);
	sbi_set_timer(~0ull);
}

/* Harts other than this one with a count below `want` before the deadline. */
static unsigned long wait_all(volatile unsigned int *cnt, volatile int *flag,
			      unsigned int want, unsigned long seconds)
{
	uint64_t end = rd_time() + seconds * timebase;
	unsigned long h, missing;

	do {
		for (h = 0, missing = 0; h <= max_id; h++)
			if (is_hart[h] && h != me && (cnt ? cnt[h] : (unsigned int)flag[h]) < want)
				missing++;
	} while (missing && rd_time() < end && (nap(), 1));
	return missing;
}

int main(unsigned long hartid, void *dtb)
{
	unsigned long boot = rt_entry_instret, boot_time = rt_entry_time, h, bad, t0, ipi_cost, fence_cost, top, mask;
	long err;

	(void)dtb;
	me = hartid;
	rt_set_irq(1, on_ipi);
	for (h = 0; h < RT_MAX_HARTS; h++)
		if (!sbi_hart_status(h).error) {
			is_hart[h] = true;
			max_id = h;
			nr_harts++;
		}
	rt_printf("# scale: %lu harts, ids up to %lu, boot hart %lu\n", nr_harts, max_id, me);
	rt_printf("bench: harts=%lu boot-to-smode instret=%lu\n", nr_harts, boot);
	rt_printf("bench: harts=%lu boot-to-smode-us time=%lu\n", nr_harts,
		  (unsigned long)((uint64_t)boot_time * 1000000 / timebase));
	for (h = 0, bad = 0; h <= max_id; h++)
		if (is_hart[h] && h != me && rt_start_hart(h, hart_main, 0))
			bad++;
	check(!bad, "hart_start accepted for every other hart; refused", bad);
	bad = wait_all(0, ready, 1, 120);
	check(!bad, "every other hart runs S-mode code; missing", bad);
	for (h = 0, bad = 0; h <= max_id; h++)
		if (is_hart[h] && sbi_hart_status(h).value != SBI_HSM_STARTED)
			bad++;
	check(!bad, "hart_status says started for every hart; not", bad);

	t0 = rt_csr_read(instret);
	err = sbi_send_ipi(0, ~0ul).error;
	ipi_cost = rt_csr_read(instret) - t0;
	rt_csr_clear(sip, 2);	/* ours: interrupts are off here */
	check(!err, "IPI broadcast (hart_mask_base -1); error", (unsigned long)-err);
	bad = wait_all(ipis, 0, 1, 60);
	check(!bad, "every other hart answers the broadcast; missing", bad);

	t0 = rt_csr_read(instret);
	err = sbi_rfence(SBI_RFENCE_FENCE_I, 0, ~0ul, 0, 0, 0).error;
	fence_cost = rt_csr_read(instret) - t0;
	check(!err, "remote fence.i to every hart; error", (unsigned long)-err);
	rt_printf("bench: harts=%lu ipi-all instret=%lu\n", nr_harts, ipi_cost);
	rt_printf("bench: harts=%lu rfence-fence.i-all instret=%lu\n", nr_harts, fence_cost);

	/* the top harts, named by a mask from a base: each gets one more */
	top = max_id + 1 > XLEN ? max_id + 1 - XLEN : 0;
	for (h = top, mask = 0; h <= max_id; h++)
		if (is_hart[h])
			mask |= 1ul << (h - top);
	err = sbi_send_ipi(mask, top).error;
	check(!err, "IPI to the top harts by hart_mask_base + mask; error", (unsigned long)-err);
	rt_csr_clear(sip, 2);
	bad = wait_all(ipis, 0, 2, 60);
	for (h = 0; h < top; h++)	/* below the base: only the broadcast */
		bad -= is_hart[h] && h != me && ipis[h] == 1;
	check(!bad, "the top harts take it; missing", bad);
	check(sbi_send_ipi(1, max_id + 1).error == SBI_ERR_INVALID_PARAM,
	      "IPI to the hart past the last is INVALID_PARAM", max_id + 1);
	check(sbi_send_ipi(3, max_id).error == SBI_ERR_INVALID_PARAM,
	      "a mask from the last hart reaching past it is INVALID_PARAM", max_id);
	check(sbi_rfence(SBI_RFENCE_FENCE_I, 3, max_id, 0, 0, 0).error ==
	      SBI_ERR_INVALID_PARAM, "the same mask for a remote fence.i", max_id);
	for (h = 0; h <= max_id && is_hart[h]; h++)
		;
	if (h <= max_id)	/* a gap in the ids */
		check(sbi_send_ipi(1, h).error == SBI_ERR_INVALID_PARAM &&
		      sbi_hart_start(h, (unsigned long)hart_main, 0).error == SBI_ERR_INVALID_PARAM,
		      "a hart id in a gap is INVALID_PARAM for IPI and hart_start", h);

	go = 1;
	sbi_send_ipi(0, ~0ul);	/* out of wfi */
	rt_csr_clear(sip, 2);
	{
		uint64_t end = rd_time() + 60 * timebase;

		do {
			for (h = 0, bad = 0; h <= max_id; h++)
				if (is_hart[h] && h != me &&
				    sbi_hart_status(h).value != SBI_HSM_STOPPED)
					bad++;
		} while (bad && rd_time() < end && (nap(), 1));
	}
	check(!bad, "every other hart stops through HSM; not stopped", bad);
	return rt_check_report();
}
