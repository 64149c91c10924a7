/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0 */
/* The out-of-tree build's differences between kernels: the context
 * pmu::sched_task is given (a perf_event_pmu_context from Linux 6.2), and
 * attr.config3 (from Linux 6.3; before it, no such bits to refuse). */
#include <linux/version.h>
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 2, 0)
#define rvs_sched_ctx perf_event_context
#else
#define rvs_sched_ctx perf_event_pmu_context
#endif
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 3, 0)
#define rvs_config3(attr) 0ull
#else
#define rvs_config3(attr) ((attr)->config3)
#endif
