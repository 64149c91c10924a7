/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0 */
/* Lets include/rvpmu/sampler.h (which asks for <stdint.h>) build in the
 * kernel, where uint32_t and friends come from <linux/types.h>. */
#include <linux/types.h>
