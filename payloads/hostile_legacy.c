/* SPDX-License-Identifier: BSD-2-Clause */
/* hostile's legacy (v0.1) checks: see hostile.c. */
#include "payloads/hostile.h"

/* ---- legacy (v0.1): answer in a0 alone, a1 left as it was; the hart
   mask is a pointer, NULL for every hart, checked before it is read */
#define A1		0x5a5a1234ul
#define SSIP		(1ul << 1)
#define STIP		(1ul << 5)
static unsigned long fw_mask, legacy_word[2];
static bool a1_kept = true;

static long legacy(unsigned long eid, unsigned long a0, unsigned long a1,
		   unsigned long a2, unsigned long a3)
{
	struct sbiret r = sbi_call(eid, 0, a0, a1, a2, a3, 0, 0);

	a1_kept &= r.value == a1;
	return r.error;
}

/* A firmware counter started on event code (-1 if none), and its count. */
static long fw_start(unsigned int code)
{
	struct sbiret r = sbi_pmu_config(0, fw_mask, AUTO, SBI_PMU_FW_EVENT(code), 0);

	return r.error ? -1 : (long)r.value;
}

static unsigned long fw_count(long ctr)
{
	unsigned long v = sbi_pmu_fw_read((unsigned long)ctr).value;

	sbi_pmu_stop((unsigned long)ctr, 1, SBI_PMU_STOP_RESET);
	return v;
}

/* one legacy call with a hart-mask pointer, for rt_expect_fault */
struct mask_call {
	unsigned long eid, ptr;
	long err;
};

static void mask_call(void *arg)
{
	struct mask_call *c = arg;

	c->err = legacy(c->eid, c->ptr, A1, 0, ~0ul);
}

/* Bad hart-mask pointers: the firmware's memory, no memory, misaligned.
   Each call under rt_expect_fault: a firmware that reads the mask with
   S-mode's rights and hands the access fault back to S-mode (OpenSBI does)
   fails the check, and the run goes on. */
static bool bad_masks_refused(unsigned long eid, unsigned int *faults)
{
	const unsigned long bad[] = {
		FW_BASE, 0x1000, TOP_PAGE, (unsigned long)legacy_word + 1,
	};
	struct mask_call c;
	unsigned long tval;
	unsigned int i;
	bool ok = true;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		c.eid = eid;
		c.ptr = bad[i];
		c.err = 0;
		if (rt_expect_fault(mask_call, &c, &tval) >= 0) {
			++*faults;
			ok = false;
		}
		ok &= c.err == SBI_ERR_INVALID_ADDRESS;
	}
	return ok;
}

/* eid with mask pointer ptr counts exactly want events of code; ok? */
static bool counted(unsigned long eid, unsigned long ptr, unsigned int code,
		    unsigned long want)
{
	long c = fw_start(code);
	bool ok = legacy(eid, ptr, A1, 0, ~0ul) == SBI_SUCCESS;

	return ok && c >= 0 && fw_count(c) == want;
}

static void test_legacy_timer(void)
{
	long c = fw_start(SBI_PMU_FW_SET_TIMER);
	uint64_t when = rd_time() + timebase_ms;
	bool fired = false;

	/* the time is 64-bit: a0 (and a1 on RV32) */
	check(legacy(0x00, (unsigned long)when,
		     __riscv_xlen == 32 ? (unsigned long)(when >> 32) : A1, 0, 0) == 0,
	      "legacy: set_timer succeeds");
	while (!fired && rd_time() < when + wait_ticks)
		fired = rt_csr_read(sip) & STIP;
	check(fired, "legacy: set_timer raises the supervisor timer interrupt when due");
	legacy(0x00, ~0ul, ~0ul, 0, 0);
	check(!(rt_csr_read(sip) & STIP), "legacy: set_timer to the far future clears it");
	check(c >= 0 && fw_count(c) == 2, "legacy: each set_timer counts SET_TIMER once");
}

void test_legacy(void)
{
	static const unsigned long eids[] = { 0x00, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08 };
	unsigned long i, eid, mine = 1ul << me, harts = nr_harts;
	unsigned int faults = 0;
	bool ok = true;

	discover();
	for (i = fw_first; fw_first && i < __riscv_xlen &&
	     i < sbi_pmu_num_counters().value; i++)
		fw_mask |= 1ul << i;	/* firmware counters follow the hardware's */
	check(legacy(0x09, 0, A1, 0, 0) == SBI_ERR_NOT_SUPPORTED &&
	      legacy(0x0f, 0, A1, 0, 0) == SBI_ERR_NOT_SUPPORTED,
	      "legacy: EIDs 0x09 and 0x0f answer NOT_SUPPORTED in a0");
	/* implemented exactly where the v0.2 extension is */
	for (i = 0; i < sizeof(eids) / sizeof(eids[0]); i++) {
		long want = eids[i] == 0x00 ? sbi_probe(SBI_EXT_TIME) :
			    eids[i] == 0x08 ? sbi_probe(SBI_EXT_SRST) :
			    eids[i] >= 0x05 ? sbi_probe(SBI_EXT_RFENCE) : sbi_probe(SBI_EXT_IPI);

		ok &= (sbi_probe(eids[i]) > 0) == (want > 0);
		if (sbi_probe(eids[i]) <= 0)
			ok &= legacy(eids[i], 0, A1, 0, 0) == SBI_ERR_NOT_SUPPORTED;
	}
	check(ok, "legacy: 0x00, 0x03-0x08 probed as their v0.2 extensions, else NOT_SUPPORTED");
	if (sbi_probe(0x00) > 0)
		test_legacy_timer();
	if (sbi_probe(0x04) <= 0) {	/* no IPI device: nor the fences */
		check(a1_kept, "legacy: every call leaves a1 as it was");
		return;
	}
	/* clear_ipi and send_ipi to this hart: SSIP set, then cleared */
	rt_csr_set(sip, SSIP);
	check(legacy(0x03, 0, A1, 0, 0) == 0 && !(rt_csr_read(sip) & SSIP),
	      "legacy: clear_ipi clears this hart's pending SSIP");
	legacy_word[0] = mine;
	check(counted(0x04, (unsigned long)legacy_word, SBI_PMU_FW_IPI_SENT, 1) &&
	      (rt_csr_read(sip) & SSIP),
	      "legacy: send_ipi through a mask pointer reaches this hart, IPI_SENT counted once");
	legacy(0x03, 0, A1, 0, 0);
	for (eid = 0x04; eid <= 0x07; eid++)
		ok &= bad_masks_refused(eid, &faults);
	check(ok, "legacy: mask pointers into firmware, to no memory or misaligned: "
	      "INVALID_ADDRESS (%u of 16 calls gave S-mode an access fault)", faults);
	legacy_word[0] = 1ul << (__riscv_xlen - 1);	/* no such hart here */
	check(nr_harts == __riscv_xlen ||
	      legacy(0x04, (unsigned long)legacy_word, A1, 0, 0) == SBI_ERR_INVALID_PARAM,
	      "legacy: a mask naming a hart that does not exist: INVALID_PARAM");
	legacy_word[0] = mine;
	ok = true;
	for (eid = 0x05; eid <= 0x07; eid++)	/* FENCE_I, SFENCE_VMA(_ASID) _SENT */
		ok &= counted(eid, (unsigned long)legacy_word,
			      SBI_PMU_FW_FENCE_I_SENT + 2 * (unsigned int)(eid - 0x05), 1);
	check(ok, "legacy: remote fence.i, sfence.vma, sfence.vma.asid on this hart, counted once");
	/* NULL: every hart, each one running (spinning) counted */
	if (!start_spinners())
		harts = 0;
	ok = counted(0x04, 0, SBI_PMU_FW_IPI_SENT, harts);
	for (eid = 0x05; eid <= 0x07; eid++)
		ok &= counted(eid, 0, SBI_PMU_FW_FENCE_I_SENT + 2 * (unsigned int)(eid - 0x05),
			      harts);
	legacy(0x03, 0, A1, 0, 0);
	check(stop_spinners() && ok, "legacy: a NULL mask is every hart (each one counted)");
	check(a1_kept, "legacy: every call leaves a1 as it was");
}
