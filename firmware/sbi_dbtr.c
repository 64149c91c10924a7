/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Debug triggers extension (DBTR, SBI 3.0): S-mode installs, updates,
 * enables, disables and removes the calling hart's Sdtrig triggers, which
 * only M-mode may program. Each logical trig_idx is the hardware trigger
 * of that index (tselect), so a chain's contiguous trig_idx values are
 * contiguous hardware triggers. The trigger's tdata1..3 CSRs are its
 * configuration (read back from them, nothing kept in step); the state is
 * trig_state's five low bits per trigger: mapped, and the u, s, vu, vs
 * bits install or update saved, which disable clears in the hardware and
 * enable puts back. have_hw_trig stays 0: the hardware index is M-mode's.
 *
 * A configuration S-mode gives must leave M-mode alone: tdata1.dmode and
 * its m bit 0 (INVALID_PARAM), and a type whose bit layout this file
 * knows (mcontrol 2, icount 3, mcontrol6 6), else no trigger can take it
 * (FAILED). After the write, tdata1 must read back as written: bits the
 * hardware does not implement are NOT_SUPPORTED, the trigger cleared.
 *
 * Ranges: the spec's tables say BAD_RANGE for trig_idx_base + trig_count
 * >= trig_max (read) and trig_count >= trig_max (install, update); read
 * to the letter no call could read the last trigger or install trig_max
 * of them, so a range is refused when it leaves [0, trig_max): base >=
 * trig_max or count > trig_max - base.
 *
 * Every request is checked whole before a CSR or the shared memory is
 * written; install undoes what it installed if the hardware refuses a
 * later entry, update puts the refused trigger back as it was (the
 * entries before it stay updated: value names the refused one). sbiret.value of install and update is the failing entry's
 * index, 0 otherwise.
 *
 * Hart context: the calling hart, in its ecall, on its own triggers and
 * its own struct fw_hart; S-mode's shared memory read and written as
 * S-mode gave it (checked at set_shmem).
 */
#include "csr.h"
#include "ext.h"
#include "harts.h"
#include "platform.h"
#include "sbi_dbtr.h"

#define CSR_TSELECT	0x7a0
#define CSR_TDATA1	0x7a1
#define CSR_TDATA2	0x7a2
#define CSR_TDATA3	0x7a3
#define CSR_TINFO	0x7a4

#define XLEN		(8 * sizeof(unsigned long))
#define ENTRY_BYTES	(SBI_DBTR_ENTRY_WORDS * sizeof(unsigned long))
#define TYPE(t1)	((unsigned int)((t1) >> (XLEN - 4)))
#define DMODE		(1ul << (XLEN - 5))
#define STATE_MODES	(SBI_DBTR_STATE_U | SBI_DBTR_STATE_S | SBI_DBTR_STATE_VU | \
			 SBI_DBTR_STATE_VS)

extern char fw_probe_vector[];

/* Where a type keeps its mode bits and chain (Sdtrig 1.0, 5.7): a bit
   position, or 0 where the type has none (no type has one at bit 0). */
struct layout {
	uint8_t m, s, u, vs, vu, chain;
};

static const struct layout *layout_of(unsigned int type)
{
	static const struct layout mcontrol = { 6, 4, 3, 0, 0, 11 };
	static const struct layout icount = { 9, 7, 6, 26, 25, 0 };
	static const struct layout mcontrol6 = { 6, 4, 3, 24, 23, 11 };

	switch (type) {
	case 2: return &mcontrol;
	case 3: return &icount;
	case 6: return &mcontrol6;
	}
	return 0;
}

static unsigned long bit(uint8_t pos)
{
	return pos ? 1ul << pos : 0;
}

/* tdata1's u, s, vu, vs bits as trig_state bits, and back. */
static uint8_t modes_of(const struct layout *l, unsigned long t1)
{
	return (uint8_t)((t1 & bit(l->u) ? SBI_DBTR_STATE_U : 0) |
			 (t1 & bit(l->s) ? SBI_DBTR_STATE_S : 0) |
			 (t1 & bit(l->vu) ? SBI_DBTR_STATE_VU : 0) |
			 (t1 & bit(l->vs) ? SBI_DBTR_STATE_VS : 0));
}

static unsigned long tdata1_modes(const struct layout *l, uint8_t st)
{
	return (st & SBI_DBTR_STATE_U ? bit(l->u) : 0) | (st & SBI_DBTR_STATE_S ? bit(l->s) : 0) |
	       (st & SBI_DBTR_STATE_VU ? bit(l->vu) : 0) |
	       (st & SBI_DBTR_STATE_VS ? bit(l->vs) : 0);
}

static bool chained(unsigned long t1)
{
	const struct layout *l = layout_of(TYPE(t1));

	return l && (t1 & bit(l->chain));
}

/* ---- the hardware */

static void select(unsigned int t)
{
	csr_write(CSR_TSELECT, t);
}

static void write_trigger(unsigned int t, unsigned long t1, unsigned long t2, unsigned long t3)
{
	select(t);
	csr_write(CSR_TDATA1, 0);	/* off while tdata2/3 change */
	csr_write(CSR_TDATA2, t2);
	csr_write(CSR_TDATA3, t3);
	csr_write(CSR_TDATA1, t1);
}

static void clear_trigger(unsigned int t)
{
	write_trigger(t, 0, 0, 0);
}

/* The first time on this hart: its triggers and their types. tselect
   takes values up to its triggers' count less one (WARL); without Sdtrig
   it traps. tinfo, where it traps, gives way to tdata1's type. */
static void probe(struct fw_dbtr_hart *d)
{
	unsigned long old = csr_swap(CSR_MTVEC, (unsigned long)fw_probe_vector);
	unsigned long got, info, t1, fault;
	unsigned int t;

	for (t = 0; t < FW_DBTR_MAX; t++) {
		__asm__ volatile("li t1, 0\n\tcsrw %2, %3\n\tcsrr %0, %2\n\tmv %1, t1"
				 : "=r"(got), "=r"(fault) : "i"(CSR_TSELECT), "r"(t)
				 : "t0", "t1", "memory");
		if (fault || got != t)
			break;
		__asm__ volatile("li t1, 0\n\tcsrr %0, %2\n\tmv %1, t1"
				 : "=r"(info), "=r"(fault) : "i"(CSR_TINFO) : "t0", "t1", "memory");
		if (fault || !(info & 0xffff)) {
			__asm__ volatile("li t1, 0\n\tcsrr %0, %2\n\tmv %1, t1"
					 : "=r"(t1), "=r"(fault) : "i"(CSR_TDATA1)
					 : "t0", "t1", "memory");
			info = fault ? 0 : 1ul << TYPE(t1);
		}
		/* type 0 (none) and 15 (disabled) configure nothing */
		d->types[t] = (uint16_t)(info & 0x7ffe);
	}
	csr_write(CSR_MTVEC, old);
	d->max = (uint8_t)t;
	d->probed = 1;
}

void fw_dbtr_hart_init(struct fw_hart *h)
{
	struct fw_dbtr_hart *d = &h->dbtr;
	unsigned int t;

	if (!d->probed)
		probe(d);
	for (t = 0; t < d->max; t++) {
		clear_trigger(t);
		d->state[t] = 0;
	}
	d->on = false;
	if (h->hartid == plat.boot_hartid)
		plat.dbtr = d->max != 0;
}

/* ---- checks */

/* The shared memory's entry i (S-mode's, checked at set_shmem). */
static volatile unsigned long *entry(const struct fw_dbtr_hart *d, unsigned long i)
{
	return (volatile unsigned long *)(uintptr_t)(d->shmem + i * ENTRY_BYTES);
}

/* A configuration S-mode may give: not debug mode, not M-mode, a type
   whose layout is known. */
static long check_tdata1(unsigned long t1)
{
	const struct layout *l = layout_of(TYPE(t1));

	if (t1 & DMODE)
		return SBI_ERR_INVALID_PARAM;
	if (!l)
		return SBI_ERR_FAILED;
	return t1 & bit(l->m) ? SBI_ERR_INVALID_PARAM : SBI_SUCCESS;
}

/* The triggers of base + mask: each below trig_max and mapped. */
static long check_set(const struct fw_dbtr_hart *d, unsigned long base, unsigned long mask)
{
	unsigned long i;

	for (i = 0; mask && i < XLEN; i++, mask >>= 1)
		if ((mask & 1) && (base >= d->max || i >= d->max - base ||
				   !(d->state[base + i] & SBI_DBTR_STATE_MAPPED)))
			return SBI_ERR_INVALID_PARAM;
	return SBI_SUCCESS;
}

/* ---- the functions */

static struct rvpmu_ret num_triggers(const struct fw_dbtr_hart *d, unsigned long t1)
{
	unsigned int t, n = 0;

	if (!t1)
		return (struct rvpmu_ret){ SBI_SUCCESS, d->max };
	for (t = 0; t < d->max; t++)
		n += (d->types[t] >> TYPE(t1)) & 1;
	return (struct rvpmu_ret){ SBI_SUCCESS, n };
}

static long set_shmem(struct fw_dbtr_hart *d, unsigned long lo, unsigned long hi,
		      unsigned long flags)
{
	uint64_t pa;

	if (flags)
		return SBI_ERR_INVALID_PARAM;
	if (lo == ~0ul && hi == ~0ul) {
		d->on = false;
		return SBI_SUCCESS;
	}
	if (lo % sizeof(unsigned long))
		return SBI_ERR_INVALID_PARAM;
	if (!fw_smode_addr(lo, hi, &pa))
		return SBI_ERR_INVALID_ADDRESS;
	if (!d->max || !fw_smode_shmem(pa, (uint64_t)d->max * ENTRY_BYTES))
		return SBI_ERR_INVALID_ADDRESS;
	d->shmem = pa;
	d->on = true;
	return SBI_SUCCESS;
}

static long read_triggers(struct fw_dbtr_hart *d, unsigned long base, unsigned long count)
{
	unsigned long i;

	if (!d->on)
		return SBI_ERR_NO_SHMEM;
	if (base >= d->max || count > d->max - base)
		return SBI_ERR_BAD_RANGE;
	for (i = 0; i < count; i++) {
		volatile unsigned long *e = entry(d, i);

		select((unsigned int)(base + i));
		e[0] = d->state[base + i];
		e[1] = csr_read(CSR_TDATA1);
		e[2] = csr_read(CSR_TDATA2);
		e[3] = csr_read(CSR_TDATA3);
	}
	return SBI_SUCCESS;
}

/*
 * Install: each entry (a chain: the entries up to the first without
 * chain) gets the lowest run of free triggers that take its types. The
 * whole request is placed on a copy of the free set first; then written.
 */
static struct rvpmu_ret install(struct fw_dbtr_hart *d, unsigned long count)
{
	unsigned long i, j, len, t1[FW_DBTR_MAX];
	unsigned int at[FW_DBTR_MAX], t;
	uint32_t busy = 0;
	long err;

	if (!d->on)
		return (struct rvpmu_ret){ SBI_ERR_NO_SHMEM, 0 };
	if (count > d->max)
		return (struct rvpmu_ret){ SBI_ERR_BAD_RANGE, 0 };
	for (t = 0; t < d->max; t++)
		busy |= d->state[t] ? 1u << t : 0;
	for (i = 0; i < count; i++) {
		t1[i] = entry(d, i)[1];
		if ((err = check_tdata1(t1[i])) == SBI_ERR_INVALID_PARAM)
			return (struct rvpmu_ret){ err, i };
		if (i + 1 == count && chained(t1[i]))
			return (struct rvpmu_ret){ SBI_ERR_INVALID_PARAM, i };
	}
	for (i = 0; i < count; i += len) {
		for (len = 1; chained(t1[i + len - 1]); len++)
			;
		for (t = 0; t + len <= d->max; t++) {
			for (j = 0; j < len; j++)
				if ((busy >> (t + j)) & 1 || check_tdata1(t1[i + j]) ||
				    !((d->types[t + j] >> TYPE(t1[i + j])) & 1))
					break;
			if (j == len)
				break;
		}
		if (t + len > d->max)
			return (struct rvpmu_ret){ SBI_ERR_FAILED, i };
		for (j = 0; j < len; j++) {
			at[i + j] = t + (unsigned int)j;
			busy |= 1u << (t + j);
		}
	}
	for (i = 0; i < count; i++) {
		volatile unsigned long *e = entry(d, i);

		write_trigger(at[i], t1[i], e[2], e[3]);
		if (csr_read(CSR_TDATA1) != t1[i]) {
			/* the hardware lacks a bit it was given: undo */
			for (j = 0; j <= i; j++) {
				clear_trigger(at[j]);
				d->state[at[j]] = 0;
			}
			return (struct rvpmu_ret){ SBI_ERR_NOT_SUPPORTED, i };
		}
		d->state[at[i]] = (uint8_t)(SBI_DBTR_STATE_MAPPED |
					    modes_of(layout_of(TYPE(t1[i])), t1[i]));
	}
	for (i = 0; i < count; i++)
		entry(d, i)[0] = at[i];
	return (struct rvpmu_ret){ SBI_SUCCESS, 0 };
}

/* Update: each entry's trigger installed, of the same type and chain. */
static struct rvpmu_ret update(struct fw_dbtr_hart *d, unsigned long count)
{
	unsigned long i, idx, t1, now;

	if (!d->on)
		return (struct rvpmu_ret){ SBI_ERR_NO_SHMEM, 0 };
	if (count > d->max)
		return (struct rvpmu_ret){ SBI_ERR_BAD_RANGE, 0 };
	for (i = 0; i < count; i++) {
		volatile unsigned long *e = entry(d, i);

		idx = e[0];
		t1 = e[1];
		if (idx >= d->max || check_tdata1(t1) == SBI_ERR_INVALID_PARAM)
			return (struct rvpmu_ret){ SBI_ERR_INVALID_PARAM, i };
		if (!(d->state[idx] & SBI_DBTR_STATE_MAPPED))
			return (struct rvpmu_ret){ SBI_ERR_FAILED, i };
		select((unsigned int)idx);
		now = csr_read(CSR_TDATA1);
		if (TYPE(t1) != TYPE(now) || chained(t1) != chained(now))
			return (struct rvpmu_ret){ SBI_ERR_INVALID_PARAM, i };
	}
	for (i = 0; i < count; i++) {
		volatile unsigned long *e = entry(d, i);
		unsigned long o1, o2, o3;

		idx = e[0];
		t1 = e[1];
		select((unsigned int)idx);
		o1 = csr_read(CSR_TDATA1);
		o2 = csr_read(CSR_TDATA2);
		o3 = csr_read(CSR_TDATA3);
		write_trigger((unsigned int)idx, t1, e[2], e[3]);
		if (csr_read(CSR_TDATA1) != t1) {
			/* the hardware lacks a bit: this trigger as it was,
			   the entries before it updated (value says where) */
			write_trigger((unsigned int)idx, o1, o2, o3);
			return (struct rvpmu_ret){ SBI_ERR_NOT_SUPPORTED, i };
		}
		d->state[idx] = (uint8_t)(SBI_DBTR_STATE_MAPPED |
					  modes_of(layout_of(TYPE(t1)), t1));
	}
	return (struct rvpmu_ret){ SBI_SUCCESS, 0 };
}

/* Uninstall, enable or disable the triggers of base + mask. */
static long each(struct fw_dbtr_hart *d, unsigned long fid, unsigned long base,
		 unsigned long mask)
{
	unsigned long i, t1;
	long err = check_set(d, base, mask);

	if (err)
		return err;
	for (i = 0; mask && i < XLEN; i++, mask >>= 1) {
		unsigned int t = (unsigned int)(base + i);
		const struct layout *l;

		if (!(mask & 1))
			continue;
		if (fid == SBI_DBTR_UNINSTALL_TRIGGERS) {
			clear_trigger(t);
			d->state[t] = 0;
			continue;
		}
		select(t);
		t1 = csr_read(CSR_TDATA1);
		l = layout_of(TYPE(t1));
		if (!l)
			continue;
		t1 &= ~tdata1_modes(l, STATE_MODES);
		if (fid == SBI_DBTR_ENABLE_TRIGGERS)
			t1 |= tdata1_modes(l, d->state[t]);
		csr_write(CSR_TDATA1, t1);
	}
	return SBI_SUCCESS;
}

struct rvpmu_ret sbi_dbtr_ecall(SBI_HANDLER_ARGS)
{
	struct fw_dbtr_hart *d = &h->dbtr;

	(void)a3;
	(void)a4;
	(void)a5;
	switch (fid) {
	case SBI_DBTR_NUM_TRIGGERS:
		return num_triggers(d, a0);
	case SBI_DBTR_SET_SHMEM:
		return (struct rvpmu_ret){ set_shmem(d, a0, a1, a2), 0 };
	case SBI_DBTR_READ_TRIGGERS:
		return (struct rvpmu_ret){ read_triggers(d, a0, a1), 0 };
	case SBI_DBTR_INSTALL_TRIGGERS:
		return install(d, a0);
	case SBI_DBTR_UPDATE_TRIGGERS:
		return update(d, a0);
	case SBI_DBTR_UNINSTALL_TRIGGERS:
	case SBI_DBTR_ENABLE_TRIGGERS:
	case SBI_DBTR_DISABLE_TRIGGERS:
		return (struct rvpmu_ret){ each(d, fid, a0, a1), 0 };
	}
	return (struct rvpmu_ret){ SBI_ERR_NOT_SUPPORTED, 0 };
}
