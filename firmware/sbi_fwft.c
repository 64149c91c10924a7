/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Firmware features extension (FWFT, SBI 3.0): S-mode sets and reads,
 * per hart, what M-mode controls on its behalf. All six features the spec
 * defines are local; each is a CSR field of the calling hart, so the CSR
 * is the value (nothing to keep in step) and only the locks are state:
 *
 *   MISALIGNED_EXC_DELEG   medeleg's misaligned load and store bits (the
 *                          fetch one is always delegated). Reset 0: the
 *                          firmware emulates misaligned accesses and counts
 *                          them as the MISALIGNED_LOAD/STORE firmware
 *                          events; once delegated S-mode takes them, and
 *                          those counters stop counting (docs/firmware.md).
 *   LANDING_PAD            menvcfg.LPE (Zicfilp)
 *   SHADOW_STACK           menvcfg.SSE (Zicfiss)
 *   DOUBLE_TRAP            menvcfg.DTE (Ssdbltrp)
 *   PTE_AD_HW_UPDATING     menvcfg.ADUE (Svadu)
 *   POINTER_MASKING_PMLEN  menvcfg.PMM (Ssnpm, RV64): 0, 7 or 16, each
 *                          where the hart takes it
 *
 * A feature is supported where its field holds what is written to it
 * (probed on each hart at its set-up: the fields are WARL, so a hart
 * without the extension reads 0 back). Reset values are all 0.
 *
 * Errors, in this order, state untouched by any: a reserved or
 * platform-specific id (none is implemented) DENIED; a defined feature
 * the hart lacks NOT_SUPPORTED; flags other than LOCK, or a value the
 * feature does not take, INVALID_PARAM; a locked feature DENIED_LOCKED
 * (even for the value it has: locked means no set succeeds). The feature
 * id is 32 bits (the register's upper bits ignored); value and flags are
 * whole registers.
 *
 * Hart context: the calling hart, on its M-mode stack, in its ecall; it
 * touches its own CSRs and its own struct fw_hart only.
 */
#include "csr.h"
#include "ext.h"
#include "harts.h"
#include "sbi_fwft.h"

#define MENVCFG_LPE	(1ull << 2)
#define MENVCFG_SSE	(1ull << 3)
#define MENVCFG_PMM	(3ull << 32)	/* RV64 only */
#define PMM_PMLEN7	(2ull << 32)
#define PMM_PMLEN16	(3ull << 32)
#define MENVCFG_DTE	(1ull << 59)
#define MENVCFG_ADUE	(1ull << 61)
#define MEDELEG_MISALIGNED ((1ul << CAUSE_MISALIGNED_LOAD) | (1ul << CAUSE_MISALIGNED_STORE))

#define FEAT(f)		(1u << (f))

/* The menvcfg bit of the one-bit features, 0 for the others. */
static uint64_t envcfg_bit(uint32_t f)
{
	switch (f) {
	case SBI_FWFT_LANDING_PAD:		return MENVCFG_LPE;
	case SBI_FWFT_SHADOW_STACK:		return MENVCFG_SSE;
	case SBI_FWFT_DOUBLE_TRAP:		return MENVCFG_DTE;
	case SBI_FWFT_PTE_AD_HW_UPDATING:	return MENVCFG_ADUE;
	}
	return 0;
}

/* menvcfg as 64 bits on both XLENs (RV32: the high half in menvcfgh). */
static uint64_t envcfg_read(void)
{
#if __riscv_xlen == 64
	return csr_read(CSR_MENVCFG);
#else
	return (uint64_t)csr_read(CSR_MENVCFGH) << 32 | csr_read(CSR_MENVCFG);
#endif
}

static void envcfg_set(uint64_t bits)
{
#if __riscv_xlen == 64
	csr_set(CSR_MENVCFG, bits);
#else
	if ((uint32_t)bits)
		csr_set(CSR_MENVCFG, (uint32_t)bits);
	if (bits >> 32)
		csr_set(CSR_MENVCFGH, (uint32_t)(bits >> 32));
#endif
}

static void envcfg_clear(uint64_t bits)
{
#if __riscv_xlen == 64
	csr_clear(CSR_MENVCFG, bits);
#else
	if ((uint32_t)bits)
		csr_clear(CSR_MENVCFG, (uint32_t)bits);
	if (bits >> 32)
		csr_clear(CSR_MENVCFGH, (uint32_t)(bits >> 32));
#endif
}

/* Does field value v stick in menvcfg? Left cleared either way. */
static bool envcfg_takes(uint64_t field, uint64_t v)
{
	bool ok;

	envcfg_clear(field);
	envcfg_set(v);
	ok = (envcfg_read() & field) == v;
	envcfg_clear(field);
	return ok;
}

void fw_fwft_hart_init(struct fw_hart *h)
{
	uint8_t supp = 0, pmlens = 0;
	uint32_t f;

	/* medeleg's misaligned bits are WARL too; hart_setup left them 0 */
	csr_set(CSR_MEDELEG, MEDELEG_MISALIGNED);
	if ((csr_read(CSR_MEDELEG) & MEDELEG_MISALIGNED) == MEDELEG_MISALIGNED)
		supp |= FEAT(SBI_FWFT_MISALIGNED_EXC_DELEG);
	csr_clear(CSR_MEDELEG, MEDELEG_MISALIGNED);
	for (f = SBI_FWFT_LANDING_PAD; f <= SBI_FWFT_PTE_AD_HW_UPDATING; f++)
		if (envcfg_takes(envcfg_bit(f), envcfg_bit(f)))
			supp |= FEAT(f);
#if __riscv_xlen == 64
	if (envcfg_takes(MENVCFG_PMM, PMM_PMLEN7))
		pmlens |= 1;
	if (envcfg_takes(MENVCFG_PMM, PMM_PMLEN16))
		pmlens |= 2;
	if (pmlens)
		supp |= FEAT(SBI_FWFT_POINTER_MASKING_PMLEN);
#endif
	h->fwft_supported = supp;
	h->fwft_pmlens = pmlens;
	h->fwft_locked = 0;
}

/* The feature's value on this hart (supported, so its field exists). */
static unsigned long get_value(uint32_t f)
{
	uint64_t pmm;

	switch (f) {
	case SBI_FWFT_MISALIGNED_EXC_DELEG:
		return (csr_read(CSR_MEDELEG) & MEDELEG_MISALIGNED) == MEDELEG_MISALIGNED;
	case SBI_FWFT_POINTER_MASKING_PMLEN:
		pmm = envcfg_read() & MENVCFG_PMM;
		return pmm == PMM_PMLEN16 ? 16 : pmm == PMM_PMLEN7 ? 7 : 0;
	}
	return (envcfg_read() & envcfg_bit(f)) != 0;
}

/* Is value one feature f takes on hart h? */
static bool value_ok(const struct fw_hart *h, uint32_t f, unsigned long value)
{
	if (f != SBI_FWFT_POINTER_MASKING_PMLEN)
		return value <= 1;
	return !value || (value == 7 && (h->fwft_pmlens & 1)) ||
	       (value == 16 && (h->fwft_pmlens & 2));
}

static void set_value(uint32_t f, unsigned long value)
{
	switch (f) {
	case SBI_FWFT_MISALIGNED_EXC_DELEG:
		if (value)
			csr_set(CSR_MEDELEG, MEDELEG_MISALIGNED);
		else
			csr_clear(CSR_MEDELEG, MEDELEG_MISALIGNED);
		return;
	case SBI_FWFT_POINTER_MASKING_PMLEN:
		envcfg_clear(MENVCFG_PMM);
		envcfg_set(value == 16 ? PMM_PMLEN16 : value == 7 ? PMM_PMLEN7 : 0);
		return;
	}
	if (value)
		envcfg_set(envcfg_bit(f));
	else
		envcfg_clear(envcfg_bit(f));
}

/* DENIED for an id the spec reserves or leaves to platforms (none here),
   NOT_SUPPORTED for a defined feature this hart lacks, else SUCCESS. */
static long feature_error(const struct fw_hart *h, uint32_t f)
{
	if (f >= SBI_FWFT_NR_DEFINED)
		return SBI_ERR_DENIED;
	return h->fwft_supported & FEAT(f) ? SBI_SUCCESS : SBI_ERR_NOT_SUPPORTED;
}

struct rvpmu_ret sbi_fwft_ecall(SBI_HANDLER_ARGS)
{
	struct rvpmu_ret r = { SBI_SUCCESS, 0 };
	uint32_t f = (uint32_t)a0;	/* a 32-bit parameter */
	unsigned long value = a1, flags = a2;

	(void)a3, (void)a4, (void)a5;
	switch (fid) {
	case SBI_FWFT_SET:
		r.error = feature_error(h, f);
		if (r.error)
			break;
		if ((flags & ~SBI_FWFT_SET_FLAG_LOCK) || !value_ok(h, f, value))
			r.error = SBI_ERR_INVALID_PARAM;
		else if (h->fwft_locked & FEAT(f))
			r.error = SBI_ERR_DENIED_LOCKED;
		if (r.error)
			break;
		set_value(f, value);
		if (flags & SBI_FWFT_SET_FLAG_LOCK)
			h->fwft_locked |= FEAT(f);
		break;
	case SBI_FWFT_GET:
		r.error = feature_error(h, f);
		if (!r.error)
			r.value = get_value(f);
		break;
	default:
		r.error = SBI_ERR_NOT_SUPPORTED;
	}
	return r;
}
