/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pmu_device - OpenSBI+rvpmu calls the platform's sbi_pmu_device hooks
 * where OpenSBI's own PMU calls them (issue 38): a hardware counter that
 * is configured gets hw_counter_disable_irq and hw_counter_filter_mode
 * with the request's flags, one that starts hw_counter_enable_irq, one
 * that stops hw_counter_disable_irq; a refused request calls none; the
 * platform's firmware events go through fw_event_validate_encoding,
 * fw_counter_start and fw_counter_read_value (every count below is read
 * through them).
 *
 * Only for the OpenSBI test build with rvpmu's test PMU device
 * (ports/opensbi/test/rvpmu_test/pmu_dev.c, row opensbi-pmu-device): that
 * device counts each hook's calls per hart, and the counters they named
 * and the flags they got, added up, and serves each count as a platform
 * firmware event (SBI_PMU_FW_PLATFORM, event_data TEST_TAG | kind). Every
 * check below reads those counts through SBI PMU calls, before and after
 * one request. On any other firmware the first check fails: there is no
 * such device. Boot hart only; last line "N passed, N failed".
 */
#include "client/rt.h"
#include "lib/fmt.h"

#define TEST_TAG	0x7e570000ull	/* pmu_dev.c's RVPMU_TEST_TAG */

/* pmu_dev.c's enum test_kind */
enum kind {
	ENABLE_CALLS, DISABLE_CALLS, FILTER_CALLS,
	ENABLE_SUM, DISABLE_SUM, FILTER_SUM, FLAGS_SUM, NKINDS
};

static const char *const kind_name[NKINDS] = {
	"enable_irq calls", "disable_irq calls", "filter_mode calls",
	"enable_irq counters", "disable_irq counters", "filter_mode counters",
	"filter_mode flags",
};

static unsigned long fw_base, nr_ctrs, ctr_of[NKINDS];
static uint64_t before[NKINDS];

#define PLATFORM_EVENT	SBI_PMU_FW_EVENT(SBI_PMU_FW_PLATFORM)

/* every counter from fw_base on, as a base and a mask */
static struct sbiret config_fw(unsigned long flags, uint64_t data)
{
	unsigned long n = nr_ctrs - fw_base;
	unsigned long mask = n >= 8 * sizeof(long) ? ~0ul : (1ul << n) - 1;

	return sbi_pmu_config(fw_base, mask, flags, PLATFORM_EVENT, data);
}

static uint64_t now(enum kind k)
{
	struct sbiret r = sbi_pmu_fw_read(ctr_of[k]);
	uint64_t v = (unsigned long)r.value;

#if __riscv_xlen == 32
	v |= (uint64_t)(unsigned long)sbi_pmu_fw_read_hi(ctr_of[k]).value << 32;
#endif
	return r.error ? ~0ull : v;
}

static void mark(void)
{
	for (unsigned int k = 0; k < NKINDS; k++)
		before[k] = now(k);
}

/* each kind's change since mark() against want[], one check for all */
static void expect(const char *what, const uint64_t want[NKINDS])
{
	char got[256];
	unsigned long n = 0;
	bool ok = true;

	got[0] = 0;
	for (unsigned int k = 0; k < NKINDS; k++) {
		uint64_t d = now(k) - before[k];

		if (d != want[k]) {
			ok = false;
			if (n < sizeof(got) - 64)
				n += rvpmu_snprintf(got + n, sizeof(got) - n, "%s%s %llu (want %llu)",
						    n ? ", " : "", kind_name[k],
						    (unsigned long long)d,
						    (unsigned long long)want[k]);
		}
	}
	rt_check(ok, "pmu device: %s%s%s", what, ok ? "" : ": ", got);
}

int main(unsigned long hartid, void *dtb)
{
	unsigned long c, c2, sinh = SBI_PMU_CFG_FLAG_SET_SINH,
		      uinh = SBI_PMU_CFG_FLAG_SET_UINH | SBI_PMU_CFG_FLAG_AUTO_START;
	unsigned int k, started = 0;
	long first_err = 0;
	struct sbiret r;

	(void)hartid;
	(void)dtb;
	nr_ctrs = (unsigned long)sbi_pmu_num_counters().value;
	for (fw_base = 0; fw_base < nr_ctrs; fw_base++) {
		r = sbi_pmu_get_info(fw_base);
		if (!r.error && ((unsigned long)r.value >> (__riscv_xlen - 1)))
			break;
	}
	rt_check(fw_base < nr_ctrs, "pmu device: firmware counters from %lu of %lu", fw_base,
		 nr_ctrs);

	/* one started firmware counter per kind */
	for (k = 0; k < NKINDS; k++) {
		r = config_fw(SBI_PMU_CFG_FLAG_AUTO_START, TEST_TAG | k);
		ctr_of[k] = (unsigned long)r.value;
		started += !r.error;
		first_err = first_err ? first_err : r.error;
	}
	rt_check(started == NKINDS,
		 "pmu device: the device's %u platform events configured and started (%u; %ld)",
		 NKINDS, started, first_err);
	if (started != NKINDS)
		return rt_check_report();

	/* an event_data the device's fw_event_validate_encoding refuses */
	mark();
	r = config_fw(0, TEST_TAG | NKINDS);
	rt_check(r.error == SBI_ERR_NOT_SUPPORTED,
		 "pmu device: an event_data the device refuses: NOT_SUPPORTED (%ld)", r.error);
	expect("the refused platform event started nothing", (uint64_t[NKINDS]){ 0 });
	/* configure: disable_irq and filter_mode on the counter, with the flags */
	mark();
	r = sbi_pmu_config(3, 0xffff, sinh, SBI_PMU_HW_INSTRUCTIONS, 0);
	c = (unsigned long)r.value;
	rt_check(!r.error && c >= 3 && c < fw_base,
		 "pmu device: instructions on an hpm counter (%ld, counter %lu)", r.error, c);
	if (r.error)
		return rt_check_report();
	expect("config_matching calls disable_irq and filter_mode(flags) on its counter",
	       (uint64_t[NKINDS]){ [DISABLE_CALLS] = 1, [FILTER_CALLS] = 1,
				   [DISABLE_SUM] = c, [FILTER_SUM] = c, [FLAGS_SUM] = sinh });

	mark();
	r = sbi_pmu_start(c, 1, 0, 0);
	rt_check(!r.error, "pmu device: start it (%ld)", r.error);
	expect("start calls enable_irq on its counter",
	       (uint64_t[NKINDS]){ [ENABLE_CALLS] = 1, [ENABLE_SUM] = c });

	/* refused requests call no hook */
	mark();
	r = sbi_pmu_start(c, 1, 0, 0);
	rt_check(r.error == SBI_ERR_ALREADY_STARTED, "pmu device: a second start: ALREADY_STARTED (%ld)",
		 r.error);
	r = sbi_pmu_config(3, 0xffff, 1ul << 20, SBI_PMU_HW_INSTRUCTIONS, 0);
	rt_check(r.error == SBI_ERR_INVALID_PARAM,
		 "pmu device: config_matching with a reserved flag: INVALID_PARAM (%ld)", r.error);
	expect("refused requests call no hook", (uint64_t[NKINDS]){ 0 });

	mark();
	r = sbi_pmu_stop(c, 1, 0);
	rt_check(!r.error, "pmu device: stop it (%ld)", r.error);
	expect("stop calls disable_irq on its counter",
	       (uint64_t[NKINDS]){ [DISABLE_CALLS] = 1, [DISABLE_SUM] = c });

	/* AUTO_START: all three, the flags as given */
	mark();
	r = sbi_pmu_config(3, 0xffff, uinh, SBI_PMU_HW_CPU_CYCLES, 0);
	c2 = (unsigned long)r.value;
	rt_check(!r.error && c2 >= 3 && c2 < fw_base && c2 != c,
		 "pmu device: cycles with AUTO_START on another hpm counter (%ld, counter %lu)",
		 r.error, c2);
	expect("config_matching with AUTO_START calls disable_irq, filter_mode(flags) and enable_irq",
	       (uint64_t[NKINDS]){ [ENABLE_CALLS] = 1, [DISABLE_CALLS] = 1, [FILTER_CALLS] = 1,
				   [ENABLE_SUM] = c2, [DISABLE_SUM] = c2, [FILTER_SUM] = c2,
				   [FLAGS_SUM] = uinh });

	mark();
	r = sbi_pmu_stop(3, (1ul << (c - 3)) | (1ul << (c2 - 3)), SBI_PMU_STOP_RESET);
	rt_check(r.error == SBI_ERR_ALREADY_STOPPED,
		 "pmu device: stop of a set with a stopped counter: ALREADY_STOPPED (%ld)", r.error);
	r = sbi_pmu_stop(c2, 1, SBI_PMU_STOP_RESET);
	rt_check(!r.error, "pmu device: stop and reset the started one (%ld)", r.error);
	expect("only the stop that stopped a counter calls disable_irq",
	       (uint64_t[NKINDS]){ [DISABLE_CALLS] = 1, [DISABLE_SUM] = c2 });

	return rt_check_report();
}
