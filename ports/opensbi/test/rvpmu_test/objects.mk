#
# SPDX-License-Identifier: BSD-2-Clause
#
# rvpmu's test PMU device (tests only: ports/opensbi/opensbi.mk copies
# this folder into a test tree, never into the series)
#

carray-platform_override_modules-y += rvpmu_test_pmu
platform-objs-y += rvpmu_test/pmu_dev.o
