/*
 * SPDX-License-Identifier: BSD-2-Clause
 *
 * A PMU device for tests only (never in the series): on QEMU virt it
 * registers an sbi_pmu_device whose hooks count their calls per hart, and
 * serves those counts as the platform's firmware events
 * (SBI_PMU_FW_PLATFORM), so that an S-mode payload sees, through the SBI
 * PMU calls alone, which hooks the PMU extension called, on which
 * counters and with which filter flags (payloads/pmu_device.c).
 *
 * event_data: RVPMU_TEST_TAG | kind, kind one of enum test_kind; any
 * other event_data fails fw_event_validate_encoding. Every kind is a
 * count or a sum, so it only grows: a firmware counter on it reads what
 * happened since the counter started.
 */

#include <platform_override.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_error.h>
#include <sbi/sbi_pmu.h>
#include <sbi/sbi_scratch.h>
#include <sbi_utils/fdt/fdt_driver.h>

#define RVPMU_TEST_TAG		0x7e570000ULL
#define RVPMU_TEST_HARTS	8

enum test_kind {
	KIND_ENABLE_CALLS,	/* hw_counter_enable_irq calls */
	KIND_DISABLE_CALLS,	/* hw_counter_disable_irq calls */
	KIND_FILTER_CALLS,	/* hw_counter_filter_mode calls */
	KIND_ENABLE_CTR_SUM,	/* the counters they named, added up */
	KIND_DISABLE_CTR_SUM,
	KIND_FILTER_CTR_SUM,
	KIND_FILTER_FLAGS_SUM,	/* the flags filter_mode was given, added up */
	KIND_MAX
};

static u64 counts[RVPMU_TEST_HARTS][KIND_MAX];
/* the kind each of a hart's platform counters was started on */
static u64 started_on[RVPMU_TEST_HARTS][SBI_PMU_FW_CTR_MAX];

static u64 *hart_counts(void)
{
	u32 i = current_hartindex();

	return i < RVPMU_TEST_HARTS ? counts[i] : NULL;
}

static void add(enum test_kind kind, u64 v)
{
	u64 *c = hart_counts();

	if (c)
		c[kind] += v;
}

static void test_enable_irq(u32 ctr)
{
	add(KIND_ENABLE_CALLS, 1);
	add(KIND_ENABLE_CTR_SUM, ctr);
}

static void test_disable_irq(u32 ctr)
{
	add(KIND_DISABLE_CALLS, 1);
	add(KIND_DISABLE_CTR_SUM, ctr);
}

static void test_filter_mode(unsigned long flags, int ctr)
{
	add(KIND_FILTER_CALLS, 1);
	add(KIND_FILTER_CTR_SUM, ctr);
	add(KIND_FILTER_FLAGS_SUM, flags);
}

/*
 * sbi_pmu.c takes what this returns as the event's type (a negative error
 * refuses the event_data), so an accepted one answers the firmware type.
 */
static int test_validate(u32 hartid, u64 data)
{
	if ((data & ~0xffffULL) != RVPMU_TEST_TAG ||
	    (data & 0xffff) >= KIND_MAX)
		return SBI_EINVAL;

	return SBI_PMU_EVENT_TYPE_FW;
}

static int test_fw_start(u32 hartid, u32 idx, u64 data)
{
	u32 h = current_hartindex();

	if (h >= RVPMU_TEST_HARTS || idx >= SBI_PMU_FW_CTR_MAX ||
	    test_validate(hartid, data) < 0)
		return SBI_EINVAL;
	started_on[h][idx] = data & 0xffff;

	return 0;
}

static u64 test_fw_read(u32 hartid, u32 idx)
{
	u64 *c = hart_counts();
	u32 h = current_hartindex();

	if (!c || idx >= SBI_PMU_FW_CTR_MAX)
		return 0;

	return c[started_on[h][idx]];
}

/*
 * Nothing to write: a kind's value is the count itself, and the core
 * counts from the value it read at the start. Given all the same, as
 * sbi_pmu.c refuses to start a platform event without it.
 */
static void test_fw_write(u32 hartid, u32 idx, u64 value)
{
}

static const struct sbi_pmu_device rvpmu_test_pmu_device = {
	.name = "rvpmu-test-pmu-device",
	.fw_event_validate_encoding = test_validate,
	.fw_counter_read_value = test_fw_read,
	.fw_counter_write_value = test_fw_write,
	.fw_counter_start = test_fw_start,
	.hw_counter_enable_irq = test_enable_irq,
	.hw_counter_disable_irq = test_disable_irq,
	.hw_counter_filter_mode = test_filter_mode,
};

static int rvpmu_test_pmu_init(void)
{
	int rc = generic_pmu_init();

	if (rc)
		return rc;
	sbi_pmu_set_device(&rvpmu_test_pmu_device);

	return 0;
}

static int rvpmu_test_platform_init(const void *fdt, int nodeoff,
				    const struct fdt_match *match)
{
	generic_platform_ops.pmu_init = rvpmu_test_pmu_init;

	return 0;
}

static const struct fdt_match rvpmu_test_match[] = {
	{ .compatible = "riscv-virtio" },
	{ },
};

const struct fdt_driver rvpmu_test_pmu = {
	.match_table = rvpmu_test_match,
	.init = rvpmu_test_platform_init,
};
