/* SPDX-License-Identifier: BSD-2-Clause */
/* start / stop on hardware with the properties core/hw.h describes (as
   QEMU 7.2 has them): counters that count while inhibited, writes back
   of stale values, counters that hold their overflow back, held counters
   taken last and parked when released. */
#include "fixture.h"
#include "core/internal.h"

/* QEMU 7.2: a read of an inhibited cycle/instret counter returns the value
   last written, and inhibiting does not stop it */
static void exact_counts_on_qemu_inhibit_quirk(void)
{
	struct fx f;
	uint64_t free_running;

	fx_std(&f);
	f.sim.qemu_inhibit = true;
	CHECK_EQ(fx_match(&f, SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START,
			  FX_INSTRET, 0), 3);
	sim_run(&f.sim, 1234);
	CHECK_OK(rvpmu_counter_stop(&f.h, 3, 1, 0), 0);
	/* S-mode reads the stopped counter itself */
	CHECK_EQ(sim_hw_ops.read(&f.sim, 3), 1234);
	sim_run(&f.sim, 100);
	CHECK_EQ(sim_hw_ops.read(&f.sim, 3), 1234);
	CHECK_OK(rvpmu_counter_start(&f.h, 3, 1, 0, 0), 0);
	sim_run(&f.sim, 6);
	CHECK_EQ(sim_hw_ops.read(&f.sim, 3), 1240);
	/* a running fixed counter keeps its value when configured */
	sim_run(&f.sim, 10);
	free_running = sim_hw_ops.read(&f.sim, 0);
	CHECK_OK(rvpmu_counter_config_matching(&f.h, 0, 1, SBI_PMU_CFG_FLAG_AUTO_START,
					       FX_CYCLES, 0), 0);
	CHECK_EQ(sim_hw_ops.read(&f.sim, 0), free_running);
	sim_run(&f.sim, 5);
	CHECK_OK(rvpmu_counter_stop(&f.h, 0, 1, 0), 0);
	CHECK_EQ(sim_hw_ops.read(&f.sim, 0), free_running + 5);
	CHECK_EQ(f.sim.faults, 0);
}

/* On the QEMU-quirk sim: dTLB read misses on counter 3 (7 of them) and
   instructions on counter 4 (50), both started from 0. */
static void count_dtlb_on_3_instret_on_4(struct fx *f)
{
	f->sim.qemu_inhibit = true;
	CHECK_EQ(fx_match(f, SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START,
			  SBI_PMU_DTLB_READ_MISS, 0), 3);
	CHECK_EQ(fx_match(f, SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START,
			  FX_INSTRET, 0), 4);
	sim_event(&f->sim, SBI_PMU_DTLB_READ_MISS, 7);
	sim_run(&f->sim, 50);
}

/* Stop writes a counter back only when the platform says its reads go
   stale once inhibited: the cycle/instret-derived ones on QEMU. */
static void stop_writes_back_only_stale_counters(void)
{
	struct fx f;
	unsigned int w;

	fx_std(&f);
	count_dtlb_on_3_instret_on_4(&f);
	w = f.sim.writes;
	CHECK_OK(rvpmu_counter_stop(&f.h, 3, 1, 0), 0);
	CHECK_EQ(f.sim.writes, w);
	CHECK_EQ(fx_hw(&f, 3), 7);
	CHECK_OK(rvpmu_counter_stop(&f.h, 4, 1, 0), 0);
	CHECK_EQ(f.sim.writes, w + 1);
	sim_run(&f.sim, 10);
	CHECK_EQ(fx_hw(&f, 4), 50);
	/* re-mapped to the instret event, counter 3 is written back too
	   (counter 4 let go of instret first: QEMU counts an event on one
	   counter only) */
	CHECK_ERR(rvpmu_counter_stop(&f.h, 3, 1, SBI_PMU_STOP_RESET), SBI_ERR_ALREADY_STOPPED);
	CHECK_ERR(rvpmu_counter_stop(&f.h, 4, 1, SBI_PMU_STOP_RESET), SBI_ERR_ALREADY_STOPPED);
	CHECK_EQ(fx_match(&f, SBI_PMU_CFG_FLAG_CLEAR_VALUE | SBI_PMU_CFG_FLAG_AUTO_START,
			  FX_INSTRET, 0), 3);
	sim_run(&f.sim, 9);
	w = f.sim.writes;
	CHECK_OK(rvpmu_counter_stop(&f.h, 3, 1, 0), 0);
	CHECK_EQ(f.sim.writes, w + 1);
	sim_run(&f.sim, 10);
	CHECK_EQ(fx_hw(&f, 3), 9);
}

/* Without the counts_while_inhibited op every counter is written back, so
   counts stay exact on QEMU. */
static void no_stale_op_writes_back_every_counter(void)
{
	struct fx f;
	struct rvpmu_hw_ops ops = sim_hw_ops;
	unsigned int w;

	fx_std(&f);
	ops.counts_while_inhibited = NULL;
	f.cfg.hw = &ops;
	CHECK_EQ(rvpmu_hart_init(&f.h, &f.cfg, &f.sim), 0);
	count_dtlb_on_3_instret_on_4(&f);
	w = f.sim.writes;
	CHECK_OK(rvpmu_counter_stop(&f.h, 3, 0x3, 0), 0);
	CHECK_EQ(f.sim.writes, w + 2);
	sim_run(&f.sim, 10);
	CHECK_EQ(fx_hw(&f, 3), 7);
	CHECK_EQ(fx_hw(&f, 4), 50);
}

/* QEMU 7.2 arms its overflow timer when a cycle/instret-mapped counter is
   written: stop writes the value back with the event unmapped (mhpmevent
   0), start writes it with the event mapped, and the stopped counter still
   reads its count. */
static void stop_writes_back_with_the_event_unmapped(void)
{
	struct fx f;
	uint64_t ev;

	fx_std(&f);
	f.sim.qemu_inhibit = true;
	CHECK_EQ(fx_match(&f, SBI_PMU_CFG_FLAG_CLEAR_VALUE, FX_INSTRET, 0), 3);
	CHECK_OK(rvpmu_counter_start(&f.h, 3, 1, SBI_PMU_START_SET_INIT_VALUE, 100), 0);
	ev = f.sim.mhpmevent[3];
	CHECK_EQ(ev & ~MHPMEVENT_SSCOF_MASK, SBI_PMU_HW_INSTRUCTIONS);
	CHECK_EQ(f.sim.event_at_write[3] & ~MHPMEVENT_SSCOF_MASK, SBI_PMU_HW_INSTRUCTIONS);
	sim_run(&f.sim, 25);
	CHECK_OK(rvpmu_counter_stop(&f.h, 3, 1, 0), 0);
	CHECK_EQ(f.sim.event_at_write[3], 0);
	CHECK_EQ(f.sim.mhpmevent[3], ev | MHPMEVENT_OF);
	sim_run(&f.sim, 10);
	CHECK_EQ(sim_hw_ops.read(&f.sim, 3), 125);
	CHECK_OK(rvpmu_counter_start(&f.h, 3, 1, 0, 0), 0);
	CHECK_EQ(f.sim.event_at_write[3] & ~MHPMEVENT_SSCOF_MASK, SBI_PMU_HW_INSTRUCTIONS);
	CHECK_EQ(f.sim.faults, 0);
}

/* the test platform: a start from 2^63 + 1 (Linux's counting value) holds
   the counter's next overflow back */
static bool holds_from_half(void *ctx, unsigned int ctr, uint64_t ev, uint64_t v)
{
	(void)ctx, (void)ctr, (void)ev;
	return v == (UINT64_C(1) << 63) + 1;	/* HALF */
}

static uint64_t test_ns;

static uint64_t test_clock(void *ctx)
{
	(void)ctx;
	return test_ns;
}

#define HALF ((UINT64_C(1) << 63) + 1)

/* A hart whose platform holds a counter's overflow back after a start
   from HALF, with a clock when clock is true. */
static void fx_holding(struct fx *f, struct rvpmu_hw_ops *ops, bool clock)
{
	fx_std(f);
	*ops = sim_hw_ops;
	ops->holds_overflow = holds_from_half;
	ops->clock_ns = clock ? test_clock : NULL;
	f->cfg.hw = ops;
	CHECK_EQ(rvpmu_hart_init(&f->h, &f->cfg, &f->sim), 0);
}

/* the test platform: what the last start of a counter asked about */
static uint64_t asked_v;

static bool holds_never(void *ctx, unsigned int ctr, uint64_t ev, uint64_t v)
{
	(void)ctx, (void)ctr, (void)ev;
	asked_v = v;
	return false;
}

/* A 40-bit counter started from a value wider than it: the platform is
   asked about (and the counter gets) the value cut to 40 bits, the one it
   counts from; a stop's RV32 "went back" test reads bit 39 as the sign. */
static void a_narrow_counter_starts_from_its_cut_value(void)
{
	struct fx f;
	struct rvpmu_hw_ops ops;

	fx_init(&f, 4, 40, true, 2);
	ops = sim_hw_ops;
	ops.holds_overflow = holds_never;
	f.cfg.hw = &ops;
	CHECK_EQ(rvpmu_hart_init(&f.h, &f.cfg, &f.sim), 0);
	CHECK(!f.h.hpm64);
	CHECK_EQ(fx_match(&f, 0, FX_CYCLES, 0), 3);
	CHECK_OK(rvpmu_counter_start(&f.h, 3, 1, SBI_PMU_START_SET_INIT_VALUE,
				     UINT64_C(0xabcd001234567890)), 0);
	CHECK_EQ(asked_v, UINT64_C(0x001234567890));
	CHECK_EQ(fx_hw(&f, 3), UINT64_C(0x001234567890));
	sim_run(&f.sim, 16);
	CHECK_OK(rvpmu_counter_stop(&f.h, 3, 1, 0), 0);
	/* from the value it kept: within its width, as the stop read it */
	CHECK_OK(rvpmu_counter_start(&f.h, 3, 1, 0, 0), 0);
	CHECK_EQ(asked_v, UINT64_C(0x0012345678a0));
	/* get_info's width - 1 from the same byte */
	CHECK_OK(rvpmu_counter_get_info(&f.h, 3), (39u << SBI_PMU_CTR_INFO_WIDTH_SHIFT) | 0xc03);
	CHECK_EQ(f.sim.faults, 0);
}

/* config_matching takes a counter whose next overflow is held back only
   when no other is free, until an overflow of it is seen at a stop. */
static void held_counters_are_taken_last(void)
{
	struct fx f;
	struct rvpmu_hw_ops ops;

	fx_holding(&f, &ops, false);
	/* a counting start holds counter 3; a sampling one on 4 does not */
	CHECK_EQ(fx_match(&f, 0, FX_CYCLES, 0), 3);
	CHECK_OK(rvpmu_counter_start(&f.h, 3, 1, SBI_PMU_START_SET_INIT_VALUE, HALF), 0);
	CHECK_EQ(fx_match(&f, 0, FX_CYCLES, 0), 4);
	CHECK_OK(rvpmu_counter_start(&f.h, 4, 1, SBI_PMU_START_SET_INIT_VALUE, -UINT64_C(100)), 0);
	CHECK_EQ(f.h.held, 1u << 3);
	CHECK_OK(rvpmu_counter_stop(&f.h, 3, 1, SBI_PMU_STOP_RESET), 0);
	CHECK_OK(rvpmu_counter_stop(&f.h, 4, 1, SBI_PMU_STOP_RESET), 0);
	/* free again, 3 is still taken last */
	CHECK_EQ(fx_match(&f, 0, FX_CYCLES, 0), 4);
	CHECK_ERR(rvpmu_counter_stop(&f.h, 4, 1, SBI_PMU_STOP_RESET), SBI_ERR_ALREADY_STOPPED);
	/* when it is the only choice it is taken; an overflow seen clears it */
	CHECK_OK(rvpmu_counter_config_matching(&f.h, 3, 1, 0, FX_CYCLES, 0), 3);
	CHECK_OK(rvpmu_counter_start(&f.h, 3, 1, SBI_PMU_START_SET_INIT_VALUE, -UINT64_C(100)), 0);
	f.sim.mhpmevent[3] |= MHPMEVENT_OF;	/* the hart saw it wrap */
	CHECK_OK(rvpmu_counter_stop(&f.h, 3, 1, SBI_PMU_STOP_RESET), 0);
	CHECK_EQ(f.h.held, 0);
	CHECK_EQ(fx_match(&f, 0, FX_CYCLES, 0), 3);
	CHECK_EQ(f.sim.faults, 0);
}

/* Counter 3 counted event from a holding value, then was released: parked. */
static void park3(struct fx *f, uint32_t event)
{
	test_ns = 1000;
	CHECK_EQ(fx_match(f, 0, event, 0), 3);
	CHECK_OK(rvpmu_counter_start(&f->h, 3, 1, SBI_PMU_START_SET_INIT_VALUE, HALF), 0);
	CHECK_OK(rvpmu_counter_stop(&f->h, 3, 1, SBI_PMU_STOP_RESET), 0);
	CHECK_EQ(f->h.parked, 1u << 3);
}

/* A held counter released is parked: left running from 0 with its event
   and OF set, until a config_matching 1 ms later (then held no more) or
   one for the same event sooner (then still held). */
static void released_held_counters_are_parked(void)
{
	struct fx f;
	struct rvpmu_hw_ops ops;

	fx_holding(&f, &ops, true);
	park3(&f, FX_CYCLES);
	CHECK_EQ(f.sim.inhibit & (1u << 3), 0);
	CHECK_EQ(f.sim.mhpmevent[3] & ~MHPMEVENT_SSCOF_MASK, SBI_PMU_HW_CPU_CYCLES);
	CHECK(f.sim.mhpmevent[3] & MHPMEVENT_OF);
	CHECK_EQ(fx_hw(&f, 3), 0);
	/* another event soon after: 3 runs on */
	test_ns += 500000;
	CHECK_EQ(fx_match(&f, 0, FX_INSTRET, 0), 4);
	CHECK_EQ(f.h.parked, 1u << 3);
	/* the same event soon after: 3 is unmapped, still held */
	CHECK_EQ(fx_match(&f, 0, FX_CYCLES, 0), 5);
	CHECK_EQ(f.h.parked, 0);
	CHECK_EQ(f.sim.mhpmevent[3], 0);
	CHECK(f.sim.inhibit & (1u << 3));
	CHECK_EQ(f.h.held, 1u << 3);
	/* held, parked again, and 1 ms later it is free of it */
	CHECK_OK(rvpmu_counter_config_matching(&f.h, 3, 1, 0, FX_CYCLES, 0), 3);
	CHECK_OK(rvpmu_counter_start(&f.h, 3, 1, SBI_PMU_START_SET_INIT_VALUE, HALF), 0);
	CHECK_OK(rvpmu_counter_stop(&f.h, 3, 1, SBI_PMU_STOP_RESET), 0);
	CHECK_EQ(f.h.parked, 1u << 3);
	test_ns += RVPMU_PARK_NS;
	CHECK_EQ(fx_match(&f, 0, FX_CYCLES, 0), 3);
	CHECK_EQ(f.h.parked, 0);
	CHECK_EQ(f.h.held, 0);
	CHECK_EQ(f.sim.faults, 0);
}

/* A park's age is right across the clock's 32-bit wrap and past 2^32 ns
   of uptime (seen failing with the time kept in 32 bits and the age taken
   in 64). */
static void a_parks_age_holds_past_32_bits_of_clock(void)
{
	static const uint64_t at[] = { (UINT64_C(1) << 32) + 1000, (UINT64_C(1) << 32) - 200000,
				       (UINT64_C(5) << 32) - 1 };

	for (unsigned int i = 0; i < sizeof(at) / sizeof(at[0]); i++) {
		struct fx f;
		struct rvpmu_hw_ops ops;

		fx_holding(&f, &ops, true);
		park3(&f, FX_CYCLES);
		/* park3 parked at 1000; park again at at[i] */
		test_ns += RVPMU_PARK_NS;
		CHECK_EQ(fx_match(&f, 0, FX_INSTRET, 0), 3);
		CHECK_EQ(f.h.parked, 0);
		CHECK_OK(rvpmu_counter_start(&f.h, 3, 1, SBI_PMU_START_SET_INIT_VALUE, HALF), 0);
		CHECK_EQ(f.h.held, 1u << 3);
		test_ns = at[i];
		CHECK_OK(rvpmu_counter_stop(&f.h, 3, 1, SBI_PMU_STOP_RESET), 0);
		CHECK_EQ(f.h.parked, 1u << 3);
		/* young: another event leaves it parked */
		test_ns += RVPMU_PARK_NS - 1;
		CHECK_EQ(fx_match(&f, 0, FX_CYCLES, 0), 4);
		CHECK_EQ(f.h.parked, 1u << 3);
		/* old: unmapped and held no more */
		test_ns += 1;
		CHECK_EQ(fx_match(&f, 0, FX_CYCLES, 0), 3);
		CHECK_EQ(f.h.parked, 0);
		CHECK_EQ(f.h.held, 0);
		CHECK_EQ(f.sim.faults, 0);
	}
}

/* A parked counter taken for another event, being the only one free,
   holds that event from then on: no longer parked, so the unpark of a
   later choice, its park's time up, leaves it mapped and counting (seen
   failing: the unpark inhibited and unmapped it). On the standard
   hardware path and on the spec layer's (a raw event). */
static void a_parked_counter_taken_is_parked_no_more(void)
{
	static const struct { rvpmu_ulong event; uint64_t data; } ev[] = {
		{ FX_INSTRET, 0 }, { SBI_PMU_RAW_EVENT, 0x2005 },
	};

	for (unsigned int i = 0; i < sizeof(ev) / sizeof(ev[0]); i++) {
		struct fx f;
		struct rvpmu_hw_ops ops;

		fx_holding(&f, &ops, true);
		park3(&f, FX_CYCLES);
		for (unsigned int c = 4; c < 3 + 16; c++)
			CHECK_EQ(fx_match(&f, SBI_PMU_CFG_FLAG_AUTO_START, SBI_PMU_RAW_EVENT,
					  0x2000 + c), c);
		CHECK_EQ(fx_match(&f, SBI_PMU_CFG_FLAG_AUTO_START, ev[i].event, ev[i].data), 3);
		CHECK_EQ(f.h.parked, 0);
		test_ns += RVPMU_PARK_NS;
		CHECK_OK(rvpmu_counter_stop(&f.h, 4, 1, SBI_PMU_STOP_RESET), 0);
		CHECK_EQ(fx_match(&f, 0, FX_CYCLES, 0), 4);
		CHECK(f.h.mhpmevent[3] != 0);
		CHECK_EQ(f.sim.mhpmevent[3], f.h.mhpmevent[3]);
		CHECK_EQ(f.sim.inhibit & (1u << 3), 0);
		CHECK_EQ(f.sim.faults, 0);
	}
}

/* A raw event with data chosen while a counter parked on a raw event
   with data is young: that counter is unmapped first, as for a standard
   event (QEMU maps an event to one counter only). Seen failing with the
   spec layer's unpark given the bare event_idx (the parked counter's
   word has RVPMU_EVENT_HAS_DATA). */
static void a_raw_event_unparks_a_parked_raw_counter(void)
{
	struct fx f;
	struct rvpmu_hw_ops ops;

	fx_holding(&f, &ops, true);
	test_ns = 1000;
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_RAW_EVENT, 0x2005), 3);
	CHECK_OK(rvpmu_counter_start(&f.h, 3, 1, SBI_PMU_START_SET_INIT_VALUE, HALF), 0);
	CHECK_OK(rvpmu_counter_stop(&f.h, 3, 1, SBI_PMU_STOP_RESET), 0);
	CHECK_EQ(f.h.parked, 1u << 3);
	test_ns += 500000;
	CHECK_EQ(fx_match(&f, 0, SBI_PMU_RAW_EVENT, 0x2005), 4);
	CHECK_EQ(f.h.parked, 0);
	CHECK_EQ(f.sim.mhpmevent[3], 0);
	CHECK_EQ(f.sim.mhpmevent[4] & ~MHPMEVENT_SSCOF_MASK, 0x2005);
	CHECK_EQ(f.sim.faults, 0);
}

/* The sampler's reservation unmaps every parked counter, whatever its
   event: a parked counter keeps its event, which QEMU then counts nowhere
   else (a sampler slot for that event would read 0). */
static void reserving_unparks_every_counter(void)
{
	struct fx f;
	struct rvpmu_hw_ops ops;

	fx_holding(&f, &ops, true);
	park3(&f, FX_INSTRET);
	CHECK_EQ(rvpmu_reserve(&f.h, 1u << 5), SBI_SUCCESS);
	CHECK_EQ(f.h.parked, 0);
	CHECK_EQ(f.sim.mhpmevent[3], 0);
	CHECK(f.sim.inhibit & (1u << 3));
	rvpmu_release(&f.h, 1u << 5);
	CHECK_EQ(f.sim.faults, 0);
}

static const struct t_case cases[] = {
	T(released_held_counters_are_parked),
	T(a_parks_age_holds_past_32_bits_of_clock),
	T(a_parked_counter_taken_is_parked_no_more),
	T(a_raw_event_unparks_a_parked_raw_counter),
	T(reserving_unparks_every_counter),
	T(stop_writes_back_with_the_event_unmapped),
	T(a_narrow_counter_starts_from_its_cut_value),
	T(held_counters_are_taken_last),
	T(exact_counts_on_qemu_inhibit_quirk),
	T(stop_writes_back_only_stale_counters),
	T(no_stale_op_writes_back_every_counter),
};

void suite_hwprops(void)
{
	T_RUN(cases);
}
