/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tools/sim/sim_hart.h - a simulated RISC-V hart PMU for host tests.
 *
 * Models mcycle, minstret and mhpmcounter3..31 (a configurable subset, of
 * a configurable width), mhpmevent with the Sscofpmf OF and xINH bits,
 * mcyclecfg/minstretcfg (Smcntrpmf; not with the QEMU 7.2 model,
 * qemu_inhibit, as QEMU 7.2 has no Smcntrpmf), mcountinhibit, the LCOFI pending line, the privilege mode the hart runs
 * in, a RAM with the firmware's region carved out, and platform firmware
 * events. It plugs into the core through the same ops tables the firmware
 * uses. Any access to a counter that does not exist is recorded in
 * ->faults, as real hardware would trap.
 */
#ifndef SIM_HART_H
#define SIM_HART_H

#include <stdbool.h>
#include <stdint.h>

#include "core/pmu.h"

enum sim_mode { SIM_U, SIM_S, SIM_M, SIM_VU, SIM_VS };

#define SIM_RAM_BASE	UINT64_C(0x80000000)
#define SIM_RAM_SIZE	(64u * 1024u)
#define SIM_FW_SIZE	(16u * 1024u)	/* firmware at the start of RAM */
#define SIM_NR_IMPL	4		/* impl events 256..259 */
#define SIM_NR_PLAT	4		/* platform event data 0..3 */

struct sim_hart {
	uint32_t hpm;		/* mhpmcounterN that exist (bits 3..31) */
	unsigned int hpm_bits;	/* width of the hpm counters */
	bool sscofpmf;
	/* Smcntrpmf: mcyclecfg (fixedcfg[0]) and minstretcfg (fixedcfg[2])
	   filter the fixed counters by mode, with mhpmevent's xINH bits; set
	   it before rvpmu_hart_init. cfg_live counts cfg writes to a counter
	   that was counting: QEMU 9.1+ counts a filtered fixed counter as the
	   sum of its per-mode counts and an unfiltered one from the clock, so
	   such a write makes it jump (target/riscv/csr.c, read for facts) */
	bool smcntrpmf;
	uint64_t fixedcfg[3];
	unsigned int cfg_live;
	uint64_t ctr[32];
	uint64_t mhpmevent[32];
	uint32_t inhibit;
	bool lcofip;
	enum sim_mode mode;
	uint32_t asid;		/* satp.ASID S-mode runs with */
	/*
	 * Debian's QEMU 7.2 (target/riscv csr.c and pmu.c, read for facts):
	 *  - an event counts on one hpm counter only: mhpmevent maps its
	 *    event to the counter unless another counter has it; the map
	 *    loses a counter's entries only when its mhpmevent is written 0;
	 *  - mcycle, minstret and the hpm counter mapped to cycles or
	 *    instructions are derived from one clock (ticks): value = ticks -
	 *    prev + val, where a write sets val and, if the counter is such a
	 *    one at that moment, prev = ticks (else prev = val: mapped later,
	 *    it reads the clock itself); inhibiting does not stop them;
	 *  - the first read after a started counter is inhibited is live and
	 *    marks it stopped, later reads return val;
	 *  - with Sscofpmf, a write to such an hpm counter arms the faked
	 *    overflow timer, and from a value below 2^63 + 1 its deadline is
	 *    in the past: the hart is taken off its CPU, here for kick ticks
	 *    (under QEMU's round robin, another hart's slice).
	 */
	bool qemu_inhibit;
	/* with qemu_inhibit, on RV32 builds: a clock-like counter's high
	   half is the clock's high half since the write plus the value's,
	   with no borrow from the low half (QEMU 7.2 RV32: across every
	   multiple of 2^32 ticks it reads 2^32 too much); set it before
	   rvpmu_hart_init */
	bool split_halves;
	/* with qemu_inhibit: minstret and the hpm counter mapped to
	   instructions derive from insns, the instructions executed, not from
	   ticks (QEMU 9.1 and later under -icount: icount_get_raw() against
	   icount_get(), target/riscv/csr.c), so sim_idle moves the one and
	   not the other; the hart says so (hw ops' instret_own_clock) */
	bool instret_apart;
	uint64_t ticks;			/* the clock (sim_run, sim_idle) */
	uint64_t insns;			/* instructions executed (sim_run) */
	uint64_t prev[32];
	bool started[32];		/* QEMU's per-counter "started" */
	struct { uint64_t sel; unsigned int ctr; } map[8];	/* event -> counter */
	unsigned int nmap;
	uint64_t kick;			/* ticks a past-deadline write costs */
	unsigned int kicks;		/* such writes, for tests */
	/* Any model: the hart is taken off its CPU for preempt_ticks just
	   before its preempt_at-th counter CSR access from now (0: never). */
	unsigned int preempt_at;
	uint64_t preempt_ticks;
	unsigned int faults;	/* accesses to counters that do not exist */
	unsigned int programs;	/* mhpmevent writes, for tests */
	unsigned int writes;	/* counter writes, for tests */
	uint64_t event_at_write[32];	/* mhpmevent when each counter was last written */
	_Alignas(64) uint8_t ram[SIM_RAM_SIZE];
	uint64_t impl[SIM_NR_IMPL];
	uint64_t plat[SIM_NR_PLAT];
};

extern const struct rvpmu_hw_ops sim_hw_ops;
extern const struct rvpmu_mem_ops sim_mem_ops;
extern const struct rvpmu_fw_ops sim_fw_ops;

/**
 * sim_hart_init() - a simulated hart, as after a reset
 * @s: the hart
 * @nr_hpm: its hpm counters: mhpmcounter3..3+nr_hpm-1 (at most 29 are made)
 * @bits: their width (mcycle and minstret have 64 bits)
 * @sscofpmf: whether it has Sscofpmf
 *
 * Counters and mhpmevent hold garbage and are not inhibited, as after a
 * reset; the rest is zeroed: S-mode, asid 0, no Smcntrpmf, not the QEMU
 * model, no preemption, an empty RAM. The caller sets those options after
 * this (smcntrpmf and split_halves before rvpmu_hart_init).
 *
 * Context: Host tests and tools, the thread that drives @s, before
 *          anything else uses it.
 */
void sim_hart_init(struct sim_hart *s, unsigned int nr_hpm, unsigned int bits,
		   bool sscofpmf);

/**
 * sim_run() - the hart runs code for n cycles
 * @s: the hart
 * @n: cycles, in which as many instructions retire
 *
 * mcycle, minstret and hpm counters whose selector is 1 or 2 count them
 * (sim_event()), those inhibited or filtered out in the current mode
 * excepted; the clock (ticks) and insns move. With qemu_inhibit the
 * counters derived from the clock follow it instead. An hpm counter that
 * wraps sets its OF bit and the LCOFI pending line (with Sscofpmf, unless
 * OF is set already).
 *
 * Context: Host tests and tools, the thread that drives @s, between core
 *          calls (the hart running code); the model calls it too, for a
 *          preemption (preempt_at) or a kick.
 */
void sim_run(struct sim_hart *s, uint64_t n);

/**
 * sim_idle() - n ticks in which every hart sleeps
 * @s: the hart
 * @n: ticks
 *
 * The clock moves, no instruction retires. mcycle and cycles counters
 * count them; minstret and instructions counters only where they derive
 * from the clock (the QEMU model without instret_apart, as QEMU 7.2).
 *
 * Context: Host tests and tools, the thread that drives @s, between core
 *          calls.
 */
void sim_idle(struct sim_hart *s, uint64_t n);

/**
 * sim_event() - n occurrences of an event
 * @s: the hart
 * @sel: the event's mhpmevent selector (0: none, nothing counts)
 * @n: occurrences
 *
 * Every hpm counter whose mhpmevent, less the Sscofpmf bits, is @sel
 * counts them, unless inhibited or filtered out in the current mode; with
 * qemu_inhibit only the counter the event is mapped to. A counter that
 * wraps sets its OF bit and the LCOFI pending line, as in sim_run().
 *
 * Context: Host tests and tools, the thread that drives @s, between core
 *          calls.
 */
void sim_event(struct sim_hart *s, uint64_t sel, uint64_t n);

/**
 * sim_ram() - where a physical address is in the simulated RAM
 * @s: the hart
 * @pa: the address, within SIM_RAM_BASE..SIM_RAM_BASE + SIM_RAM_SIZE (not
 *      checked)
 *
 * Context: Host tests and tools, any thread: the RAM is the memory the
 *          harts and S-mode share, and the caller orders its accesses.
 * Return: a pointer into the simulated RAM for @pa.
 */
void *sim_ram(struct sim_hart *s, uint64_t pa);

#endif
