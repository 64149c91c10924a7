/* SPDX-License-Identifier: BSD-2-Clause */
/* Base extension (EID 0x10). */
#include "csr.h"
#include "ext.h"

struct rvpmu_ret sbi_base_ecall(SBI_HANDLER_ARGS)
{
	(void)a1, (void)a2, (void)a3, (void)a4, (void)a5;
	struct rvpmu_ret r = { SBI_SUCCESS, 0 };

	switch (fid) {
	case SBI_BASE_GET_SPEC_VERSION:
		/* every extension we advertise meets its SBI 3.0 definition */
		r.value = SBI_SPEC_VERSION(3, 0);
		break;
	case SBI_BASE_GET_IMPL_ID:
		r.value = FW_SBI_IMPL_ID;
		break;
	case SBI_BASE_GET_IMPL_VERSION:
		r.value = FW_SBI_IMPL_VERSION;
		break;
	case SBI_BASE_PROBE_EXT:
		r.value = sbi_extension_present(a0);
		/* the sampler answers the version it offers (its spec, section 2) */
		if (r.value && a0 == RVPMU_SAMPLER_EID)
			r.value = RVPMU_SAMPLER_SPEC_VERSION;
		break;
	case SBI_BASE_GET_MVENDORID:
		r.value = csr_read(CSR_MVENDORID);
		break;
	case SBI_BASE_GET_MARCHID:
		r.value = csr_read(CSR_MARCHID);
		break;
	case SBI_BASE_GET_MIMPID:
		r.value = csr_read(CSR_MIMPID);
		break;
	default:
		r.error = SBI_ERR_NOT_SUPPORTED;
	}
	return r;
}
