/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sampler_acc - the sampler's numbers, window by window, on QEMU under
 * -icount shift=0 (make check runs it on rv64 and rv32, 4 harts).
 *
 * Under -icount QEMU's cycles counters, mcycle included, count virtual
 * nanoseconds: over any interval an hpm counter given the cycles event must
 * read what mcycle gained. What instret counts there depends on the QEMU:
 * 7.2 derives it from the same clock (virtual ns, the time every hart
 * spent asleep included); 9.1 and later count the instructions the machine
 * executed (one count for all harts, QEMU's icount without the jumps of
 * the clock over time when every hart sleeps, target/riscv/csr.c
 * riscv_pmu_ctr_get_fixed_counters_val). The payload asks the hart first
 * (instret across a sleep of every hart) and expects, for every hart and
 * every window (subsample) of every case:
 *  - a cycles slot within 1% of the window's cycles field (the window's
 *    mcycle difference);
 *  - an instructions slot between the instructions the spinner saw
 *    executed between its wakes and sleeps around the window's two
 *    deadlines (its own instret reads: the window's count less what ran
 *    while it slept, and more), and, where instret counts the time asleep,
 *    within 1% of the window's cycles field as well;
 *  - a TLB-miss slot is not cycle-sized (below 1% of it: the harts spin
 *    on a few pages, and the slot must not hold another event's count);
 *  - a firmware slot is exact: SET_TIMER and the platform's "SBI calls"
 *    event equal the set_timer calls this hart made inside the window, and
 *    events nobody causes (FENCE_I_SENT, IPI_SENT) read 0;
 *  - a padding slot (the null event) reads 0.
 * Every hart of the set only spins, reading `time`; in window k it makes a
 * number of set_timer(-1) calls that depends on the hart and on k, strictly
 * inside [t0 + k P, t0 + (k + 1) P) (each call is bracketed by two reads
 * of `time`; a call that straddles a deadline makes its window's firmware
 * check unverifiable, reported as skipped). The cases cover nr_pmu 1, 2,
 * 4, 8, 12 and 16; hardware only, firmware only and mixed groups;
 * duplicates (a copy in the same group may read 0 where another copy reads
 * the window); cycles and instructions in every slot position; events
 * rotating on one counter; with counters 3.. held by S-mode, the
 * switch's general path (counter lists) beside its unrolled one; and, last,
 * runs across 2^32 and 2^33 ns of virtual time (the harts sleep there:
 * instant under sleep=off), where QEMU 7.2's rv32 high halves lose the
 * low half's borrow (docs/perf-on-qemu.md).
 *
 * One TAP line per case and hart, with the worst per-window error; the
 * first bad window of each is printed in full.
 */
#include "client/rt.h"
#include "client/sampler.h"
#include "lib/fmt.h"

#define MAX_HARTS	8
#define PERIOD_US	1000
#define TIMEBASE	10000000ull	/* QEMU virt's mtime, Hz */
#define P_TICKS		(PERIOD_US * TIMEBASE / 1000000)
#define NS_PER_TICK	(1000000000 / TIMEBASE)	/* = cycles a tick under -icount shift=0 */
#define MARGIN		(P_TICKS / 8)	/* no call this close to a deadline */
#define MIN_WINDOWS	8
#define MAX_WINDOWS	64
#define BUF_SIZE	(192 * 1024)

/* Event letters of a case's list. */
static uint32_t event_of(char c)
{
	switch (c) {
	case 'C': return SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_HW, SBI_PMU_HW_CPU_CYCLES);
	case 'I': return SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_HW, SBI_PMU_HW_INSTRUCTIONS);
	case 'R': return SBI_PMU_DTLB_READ_MISS;
	case 'W': return SBI_PMU_CACHE_EVENT(SBI_PMU_HW_CACHE_DTLB, SBI_PMU_HW_CACHE_OP_WRITE,
					     SBI_PMU_HW_CACHE_RESULT_MISS);
	case 'T': return SBI_PMU_CACHE_EVENT(SBI_PMU_HW_CACHE_ITLB, SBI_PMU_HW_CACHE_OP_READ,
					     SBI_PMU_HW_CACHE_RESULT_MISS);
	case 'S': return SBI_PMU_FW_EVENT(SBI_PMU_FW_SET_TIMER);
	case 'P': return SBI_PMU_FW_EVENT(SBI_PMU_FW_IMPL_FIRST);	/* rvpmu: SBI calls */
	case 'F': return SBI_PMU_FW_EVENT(SBI_PMU_FW_FENCE_I_SENT);
	case 'X': return SBI_PMU_FW_EVENT(SBI_PMU_FW_IPI_SENT);
	default: return 0;
	}
}

struct acc_case {
	const char *what, *events;
	unsigned int nr_pmu;
	/* hpm counters 3 .. 3 + hold - 1 held by S-mode on every hart during
	   the run (configured with the dTLB write-miss event, which no such
	   case samples): the sampler's groups then sit elsewhere and its
	   switch takes the general path (counter lists), not the unrolled one */
	unsigned int hold;
	/* run across a multiple of 2^32 ns of the harts' clock: the run
	   begins a few windows before virtual time reaches 2^32 ns (the
	   harts sleep until then: under -icount,sleep=off that is instant) */
	bool across;
	/* every hart spins through the run, deadlines included: QEMU's round
	   robin then gives a hart its tick late, often more than half a
	   period (forced late deadlines); checked by check_late */
	bool busy;
};

static const struct acc_case cases[] = {
	{ "one counter, cycles, no rotation", "C", 1, 0, false, false },
	{ "cycles and instructions, no rotation", "CI", 2, 0, false, false },
	{ "dTLB and cycles rotating on one counter", "RC", 1, 0, false, false },
	{ "four hardware events on one counter", "CRIW", 1, 0, false, false },
	{ "hardware and firmware on one counter", "CSIP", 1, 0, false, false },
	{ "instructions before cycles, rotating", "ICRWSC", 2, 0, false, false },
	{ "nr_pmu 2, firmware and hardware swap slots", "SCIS", 2, 0, false, false },
	{ "nr_pmu 4, cycles and instructions in every slot", "CIRSRCIWSRCIIWSC", 4, 0, false, false },
	{ "nr_pmu 4, firmware only", "SPFXPSXF", 4, 0, false, false },
	{ "nr_pmu 4, hardware only", "CIRWWCIRRWCIIRWC", 4, 0, false, false },
	{ "nr_pmu 8, mixed", "CIRWTSPFFPSTWRIC", 8, 0, false, false },
	{ "nr_pmu 8, duplicates across groups, padding", "CCIIRRSSPCIS", 8, 0, false, false },
	{ "nr_pmu 16, mixed", "CRWTSPFXSPFXSPFIIRWTSPFXSPFXSPFC", 16, 0, false, false },
	{ "nr_pmu 16, one group, instructions last", "CRWTSPFXSPFXSPFI", 16, 0, false, false },
	{ "counter 3 held: lists, duplicates in a group", "CCCCIIIIRRSSTTPC", 8, 1, false, false },
	{ "counters 3-5 held: lists, nr_pmu 4, mixed", "CIRSTCIPICRT", 4, 3, false, false },
	{ "counter 3 held: lists, nr_pmu 12, duplicates", "CICICIRTRSPFCIRT", 12, 1, false, false },
	/* the last ones: time only goes forward */
	{ "across 2^32 ns, unrolled", "CIRSCIIC", 2, 0, true, false },
	{ "across 2^33 ns, lists", "CICIRTSC", 4, 1, true, false },
	/* every hart busy: late ticks, the late policy */
	{ "late deadlines forced: every hart spins", "CIIC", 2, 0, false, true },
};
#define NR_CASES (sizeof(cases) / sizeof(cases[0]))

static char buf[BUF_SIZE] __attribute__((aligned(4096)));
static struct rvpmu_sampler_config cfg;
static SAMPLER_STATUS_FOR(MAX_HARTS) st;
static unsigned long nr_harts;

/* One case's run as the harts see it, set by hart 0 before `go`. */
static volatile uint64_t run_t0, run_end;
static volatile unsigned int run_windows;
static volatile unsigned long spinner;
static volatile int go, arrived, ready, run_over;
/* what the harts do at the next `go`: take part in a run, or hold (1) or
   release (0) the case's counters */
enum { TAKE_PART, HOLD, RELEASE };
static volatile int cmd;
static volatile unsigned int hold_n;
static volatile int hold_failed;
/* set_timer calls each hart made in each window, and whether one
   straddled a deadline (then its firmware counts are not checked) */
static unsigned int made[MAX_HARTS][MAX_WINDOWS];
static bool straddled[MAX_HARTS][MAX_WINDOWS];
/* the spinner's instret (low XLEN bits: a window's count is far below
   2^32) right before it sleeps across deadline k and right after it wakes
   past it: window k's instructions are at least ins_sleep[k + 1] -
   ins_wake[k] and at most ins_wake[k + 1] - ins_sleep[k] (every hart's
   tick at deadline k comes while the spinner sleeps there) */
static unsigned long ins_sleep[MAX_WINDOWS + 1], ins_wake[MAX_WINDOWS + 1];
/* whether instret counts the time every hart sleeps (QEMU 7.2) or only
   the instructions executed (QEMU 9.1 and later): asked once, at boot */
static bool instret_counts_sleep;

/* set_timer calls the spinner makes in window k: 0..4 */
static unsigned int plan(unsigned int k)
{
	return (k * 3 + 1) % 5;
}

static void wait_time(uint64_t t)
{
	while (rd_time() < t)
		;
}

/* Asleep until *flag differs from seen: each sampler tick or IPI ends a
   wfi (interrupts stay off in S-mode, so only wfi sees them). */
static int sleep_while(volatile int *flag, int seen)
{
	int v;

	while ((v = __atomic_load_n(flag, __ATOMIC_ACQUIRE)) == seen)
		__asm__ volatile("wfi" ::: "memory");
	rt_csr_clear(sip, 2ul);
	return v;
}

static void wake_others(void)
{
	for (unsigned long h = 0; h < nr_harts; h++)
		if (h != rt_hartid())
			sbi_send_ipi(1, h);
}

static void read_stimecmp(void *arg)
{
	(void)arg;
	(void)rt_csr_read(0x14d);
}

/* Asleep until time t: the S-mode timer (or a sampler tick) ends the wfi.
   stimecmp, not SBI set_timer, so that the firmware events stay the calls
   the spinner makes. */
static void sleep_until(uint64_t t)
{
	rt_set_stimecmp(t);
	while (rd_time() < t)
		__asm__ volatile("wfi" ::: "memory");
	rt_set_stimecmp(~0ull);
}

/*
 * The spinner's run: in each window it spins and makes the window's calls,
 * and it sleeps (wfi) for MARGIN on either side of each deadline. Under
 * -icount QEMU 7.2's round robin lets a vCPU run up to the next timer
 * deadline before the next vCPU gets any time: a hart spinning across a
 * deadline delays the other harts' ticks by most of a window, and the
 * vCPU after one that used all of its time gets none, so its tick waits
 * whole windows (the sampler then writes long and catch-up windows, right
 * as counts but not what this check is about; docs/sampling.md, "QEMU facts the sampler meets").
 * Asleep around the deadlines, every hart takes its tick on time.
 */
static void spin_run(unsigned long h)
{
	uint64_t t0 = run_t0;
	unsigned int w = run_windows, k, i;

	for (k = 0; k < w; k++) {
		uint64_t d = t0 + k * P_TICKS, dn = d + P_TICKS;

		ins_sleep[k] = rd_instret();
		sleep_until(d + MARGIN);
		ins_wake[k] = rd_instret();
		for (i = 0; i < plan(k); i++) {
			uint64_t before = rd_time(), after;

			if (before >= dn - MARGIN)
				break;
			sbi_set_timer(~0ull);
			after = rd_time();
			made[h][k]++;
			if (before < d || after >= dn)
				straddled[h][k] = true;
		}
		wait_time(dn - MARGIN);
	}
	ins_sleep[w] = rd_instret();
	sleep_until(t0 + w * P_TICKS + MARGIN);	/* the run's last tick */
	ins_wake[w] = rd_instret();
	__atomic_store_n(&run_over, 1, __ATOMIC_RELEASE);
	wake_others();
}

/* A busy case: spin, deadlines and all, until the run is over (its one
   buffer LAST). */
static void busy_run(void)
{
	const volatile struct rvpmu_sampler_header *hd = (const void *)buf;

	while (hd->state != RVPMU_SAMPLER_BUF_LAST && !__atomic_load_n(&run_over, __ATOMIC_ACQUIRE))
		;
	__atomic_store_n(&run_over, 1, __ATOMIC_RELEASE);
}

static bool busy_case;

/* This hart's part of a run: the spinner's, or asleep throughout (the
   sampler's ticks wake it and it sleeps again). */
static void take_part(void)
{
	unsigned long h = rt_hartid();

	if (busy_case)
		busy_run();
	else if (h == spinner)
		spin_run(h);
	else
		sleep_while(&run_over, 0);
}

/* counters 3 .. 3 + hold_n - 1 of this hart configured by S-mode (HOLD),
   or released (RELEASE) */
static void hold_counters(int what)
{
	unsigned long mask = (1ul << hold_n) - 1;

	if (what == HOLD) {
		for (unsigned int i = 0; i < hold_n; i++)
			if (sbi_pmu_config(3 + i, 1, 0,
					   event_of('W'), 0).error)
				__atomic_store_n(&hold_failed, 1, __ATOMIC_RELAXED);
	} else if (sbi_pmu_start(3, mask, 0, 0).error ||
		   sbi_pmu_stop(3, mask, SBI_PMU_STOP_RESET).error) {
		/* a configured counter is released by stopping it with RESET;
		   one never started would answer ALREADY_STOPPED and stay */
		__atomic_store_n(&hold_failed, 1, __ATOMIC_RELAXED);
	}
}

static void act(void)
{
	if (cmd == TAKE_PART)
		take_part();
	else
		hold_counters(cmd);
}

static void worker(void *arg)
{
	int seen = 0;

	(void)arg;
	rt_csr_clear(sstatus, 2ul);
	rt_csr_set(sie, (1ul << 1) | (1ul << 5));	/* an IPI or the timer ends a wfi */
	__atomic_fetch_add(&ready, 1, __ATOMIC_ACQ_REL);
	sbi_send_ipi(1, 0);
	for (;;) {
		seen = sleep_while(&go, seen);
		if (seen < 0)
			return;
		act();
		__atomic_fetch_add(&arrived, 1, __ATOMIC_ACQ_REL);
		sbi_send_ipi(1, 0);	/* hart 0 may be asleep waiting */
	}
}

static uint64_t rd64(const void *p)
{
	return *(const volatile uint64_t *)p;
}

static uint32_t rd32(const void *p)
{
	return *(const volatile uint32_t *)p;
}

/* |a - b| in parts per million of b (b > 0) */
static uint64_t ppm(uint64_t a, uint64_t b)
{
	uint64_t d = a > b ? a - b : b - a;

	return b ? d * 1000000 / b : (a ? 1000000 : 0);
}

/*
 * Whether count v of hardware event ev ('C' or 'I') fits window k, whose
 * cycles field is field; *err: how far off, in ppm (of the field, or of
 * the nearer end of the spinner's bracket for instructions outside it).
 */
static bool hw_fits(char ev, uint64_t v, uint64_t field, unsigned int k, uint64_t *err)
{
	bool in = true;
	uint64_t f;

	*err = 0;
	if (ev == 'I') {
		uint64_t lo = (unsigned long)(ins_sleep[k + 1] - ins_wake[k]);
		uint64_t hi = (unsigned long)(ins_wake[k + 1] - ins_sleep[k]);

		in = v >= lo && v <= hi;
		if (!in)
			*err = ppm(v, v < lo ? lo : hi);
		if (!instret_counts_sleep)
			return in;
	}
	f = ppm(v, field);
	if (f > *err)
		*err = f;
	return in && f <= 10000;
}

/* Check every window of hart position p of the run in buf; returns 0 when
   all hold. */
static int check_hart(const struct acc_case *c, const struct rvpmu_sampler_header *hd,
		      unsigned int p, unsigned int windows)
{
	unsigned int H = hd->nr_harts, np = hd->nr_pmu, nsub = hd->nr_subsamples;
	unsigned long h = rd32((const char *)hd + 104 + 4 * p);
	unsigned int k, j, bad = 0, fw_checked = 0, fw_skipped = 0, hw_checked = 0;
	uint64_t worst_hw = 0, worst_len = 0, last_mt = 0, last_field = 0, widest = 0;
	unsigned int mt_checked = 0, lost = 0;
	char first_bad[160] = "";

	for (k = 0; k < windows; k++) {
		unsigned int g = k % nsub;
		const char *sub = buf + hd->header_size + (uint64_t)(k / nsub) * hd->sample_size +
				  (uint64_t)g * hd->subsample_size;
		uint64_t field = rd64(sub + 8 * H + 8 * np * H + 8 * p);
		uint64_t len_ppm = ppm(field, P_TICKS * NS_PER_TICK);

		if (len_ppm > worst_len)
			worst_len = len_ppm;
		uint64_t word = rd64(sub + 8 * H + 8 * np * H + 16 * H + 8 * p);

		/* every window a whole one: t0 after every hart armed, no hart
		   late (-icount shift=0,sleep=off: virtual time is exact);
		   counted (the hart wrote it). LOST may be set: QEMU's round
		   robin can take a vCPU away inside its switch, the other harts'
		   instructions then pass as virtual time */
		lost += !!(word & RVPMU_SAMPLER_WIN_LOST);
		if ((len_ppm > 20000 || (word & ~(RVPMU_SAMPLER_WIN_LEN_MAX | RVPMU_SAMPLER_WIN_LOST)) !=
					RVPMU_SAMPLER_WIN_COUNTED) && !bad++)
			rvpmu_snprintf(first_bad, sizeof(first_bad),
				       "window %u is %llu cycles long, word 0x%llx",
				       k, (unsigned long long)field, (unsigned long long)word);
		/* mtime at each window's beginning, not before its slot; the
		   window before is as long as the two mtimes are apart (100
		   cycles a tick here), within 1% and a tick */
		{
			uint64_t mt = rd64(sub + 8 * H + 8 * np * H + 8 * H + 8 * p);
			uint64_t len = mt - last_mt, want = last_field / NS_PER_TICK;

			if ((mt < hd->t0 + (uint64_t)k * P_TICKS ||
			     (k && ppm(len, want) > 10000 + 1000000 / want)) && !bad++)
				rvpmu_snprintf(first_bad, sizeof(first_bad),
					       "window %u: mtime %llu, %llu ticks after the last, which counted %llu cycles",
					       k, (unsigned long long)mt, (unsigned long long)len,
					       (unsigned long long)last_field);
			last_mt = mt;
			last_field = field;
			mt_checked++;
		}
		for (j = 0; j < np; j++) {
			unsigned int e = g * np + j;
			uint64_t v = rd64(sub + 8 * H + 8 * (j * H + p));
			char ev = e < hd->nr_events ? c->events[e] : 0;
			bool ok = true, fw = false;
			uint64_t want = 0;

			switch (ev) {
			case 'C':
			case 'I': {
				uint64_t e_ppm, w_ppm;
				bool fits = hw_fits(ev, v, field, k, &e_ppm);

				/* a duplicate of a hardware event in the same
				   group: QEMU counts an event on one counter,
				   so a copy may read 0, where another copy of
				   the group reads the window */
				bool dup = false, counted = false;

				for (unsigned int o = g * np; o < g * np + np && o < hd->nr_events; o++)
					if (o != e && c->events[o] == ev) {
						uint64_t w = rd64(sub + 8 * H + 8 * ((o - g * np) * H + p));

						dup = true;
						counted |= w && hw_fits(ev, w, field, k, &w_ppm);
					}
				ok = fits || (dup && v == 0 && counted);
				if (!(dup && v == 0)) {
					hw_checked++;
					if (e_ppm > worst_hw)
						worst_hw = e_ppm;
				}
				if (ev == 'I') {
					uint64_t lo = (unsigned long)(ins_sleep[k + 1] - ins_wake[k]);

					w_ppm = ppm((unsigned long)(ins_wake[k + 1] - ins_sleep[k]), lo);
					if (w_ppm > widest)
						widest = w_ppm;
				}
				break;
			}
			case 'R':
			case 'W':
			case 'T':
				ok = v < field / 100;
				break;
			case 'S':
			case 'P':
				fw = true;
				want = made[h][k];
				break;
			case 'F':
			case 'X':
			case 0:
				fw = true;
				break;
			}
			if (fw) {
				if (ev && straddled[h][k] && (ev == 'S' || ev == 'P')) {
					fw_skipped++;
					continue;
				}
				ok = v == want;
				fw_checked++;
			}
			if (!ok && !bad++)
				rvpmu_snprintf(first_bad, sizeof(first_bad),
					       "window %u slot %u (%c): %llu, cycles field %llu, "
					       "calls %u, spinner's instructions %lu..%lu", k, j,
					       ev ? ev : '-', (unsigned long long)v,
					       (unsigned long long)field, made[h][k],
					       ins_sleep[k + 1] - ins_wake[k],
					       ins_wake[k + 1] - ins_sleep[k]);
		}
	}
	if (bad)
		rt_printf("# %s, hart %lu, first bad: %s\n", c->events, h, first_bad);
	rt_check(!bad && !(fw_skipped && !fw_checked),
		 "%s (%s, nr_pmu %u): hart %lu, %u windows: worst cycles/instructions "
		 "error %llu.%04llu%% (%u checked), firmware exact in %u (%u skipped), "
		 "worst window length off by %llu.%02llu%%, mtime checked in %u, %u LOST, "
		 "instructions' bracket at most %llu.%02llu%% wide", c->what,
		 c->events, c->nr_pmu, h, windows, (unsigned long long)(worst_hw / 10000),
		 (unsigned long long)(worst_hw % 10000), hw_checked, fw_checked, fw_skipped,
		 (unsigned long long)(worst_len / 10000),
		 (unsigned long long)(worst_len % 10000 / 100), mt_checked, lost,
		 (unsigned long long)(widest / 10000), (unsigned long long)(widest % 10000 / 100));
	return bad != 0;
}

/* What instret counts: its gain over a sleep of every hart (the others
   wait for `go`), against cycle's. QEMU 7.2 under -icount: the clock, so
   as much; 9.1 and later: the instructions executed, a few hundred. */
static void probe_instret(void)
{
	unsigned long c0 = rd_cycle(), i0 = rd_instret(), dc, di;

	sleep_until(rd_time() + 10 * P_TICKS);
	di = rd_instret() - i0;
	dc = rd_cycle() - c0;
	instret_counts_sleep = di >= dc / 100 * 99;
	rt_printf("# instret gained %lu while cycle gained %lu, every hart asleep: it counts %s\n",
		  di, dc, instret_counts_sleep ? "the time asleep (QEMU 7.2)" :
		  "instructions executed (QEMU 9.1 and later)");
}

/*
 * Cycles a count of cycles or instructions may be off its window's cycles
 * field beyond 1%: the counters and mcycle are read some hundred
 * instructions apart inside a switch (a nanosecond each under -icount),
 * which a window shortened by a late tick makes large against its length.
 */
#define SWITCH_SLACK	1000

/*
 * A busy case's hart p (layout 4): with ticks forced late, window k is
 * grid slot k (its deadline t0 + (k + 1) * P) on every hart. A passed one
 * (the late policy: its slot had ended when the hart got to it) was not
 * written: no COUNTED bit, every field as S-mode zeroed it. Every other
 * has COUNTED, begins inside its slot or later (mtime >= t0 + k * P),
 * ends at or after its deadline (a window shortened by a late tick is
 * data, however short), its cycles field is its length at 100 cycles a
 * tick within the bound (period / 100 + 2 ticks) and its cycles and
 * instructions slots its cycles field within 1% and SWITCH_SLACK, unless
 * LOST (a vCPU taken away inside a switch moves time between the two:
 * docs/perf-on-qemu.md). Returns the windows passed, which the caller
 * adds up against STATUS's.
 */
static uint64_t check_late(const struct acc_case *c, const struct rvpmu_sampler_header *hd,
			   unsigned int p, unsigned int windows)
{
	unsigned int H = hd->nr_harts, np = hd->nr_pmu, nsub = hd->nr_subsamples;
	unsigned long h = rd32((const char *)hd + 104 + 4 * p);
	uint64_t passed = 0, shortest = UINT64_MAX, worst = 0;
	unsigned int k, j, bad = 0, lost = 0, long_ones = 0, short_ones = 0;
	const uint64_t bound = RVPMU_SAMPLER_WIN_BOUND(P_TICKS);
	char first_bad[160] = "";

	for (k = 0; k < windows; k++) {
		const char *sub = buf + hd->header_size + (uint64_t)(k / nsub) * hd->sample_size +
				  (uint64_t)(k % nsub) * hd->subsample_size;
		uint64_t cyc = rd64(sub + 8 * H + 8 * np * H + 8 * p);
		uint64_t mt = rd64(sub + 8 * H + 8 * np * H + 8 * H + 8 * p);
		uint64_t w = rd64(sub + 8 * H + 8 * np * H + 16 * H + 8 * p);
		uint64_t len = RVPMU_SAMPLER_WIN_LEN(w), want = len * NS_PER_TICK, d;
		uint64_t counted = 0;

		d = hd->t0 + (uint64_t)(k + 1) * P_TICKS;	/* its deadline */
		for (j = 0; j < np && (k % nsub) * np + j < hd->nr_events; j++)
			counted |= rd64(sub + 8 * H + 8 * (j * H + p));
		if (!(w & RVPMU_SAMPLER_WIN_COUNTED)) {
			passed++;
			if ((w || cyc || counted || mt) && !bad++)
				rvpmu_snprintf(first_bad, sizeof(first_bad),
					       "window %u not counted, but word 0x%llx, cycles %llu, mtime %llu",
					       k, (unsigned long long)w, (unsigned long long)cyc,
					       (unsigned long long)mt);
			continue;
		}
		if (len < shortest)
			shortest = len;
		long_ones += len > P_TICKS + P_TICKS / 2;
		short_ones += len < P_TICKS / 2;
		if (w & RVPMU_SAMPLER_WIN_LOST)
			lost++;
		else if ((cyc > want ? cyc - want : want - cyc) > worst)
			worst = cyc > want ? cyc - want : want - cyc;
		if (((w & ~(RVPMU_SAMPLER_WIN_LEN_MAX | RVPMU_SAMPLER_WIN_LOST)) !=
		     RVPMU_SAMPLER_WIN_COUNTED || mt < d - P_TICKS || mt + len < d ||
		     (!(w & RVPMU_SAMPLER_WIN_LOST) &&
		      (cyc > want ? cyc - want : want - cyc) > bound * NS_PER_TICK)) && !bad++)
			rvpmu_snprintf(first_bad, sizeof(first_bad),
				       "window %u: mtime %llu, length %llu, deadline %llu, cycles %llu, word 0x%llx",
				       k, (unsigned long long)mt, (unsigned long long)len,
				       (unsigned long long)d, (unsigned long long)cyc,
				       (unsigned long long)w);
		for (j = 0; j < np && (k % nsub) * np + j < hd->nr_events; j++) {
			uint64_t v = rd64(sub + 8 * H + 8 * (j * H + p));

			if (!(w & RVPMU_SAMPLER_WIN_LOST) &&
			    (v > cyc ? v - cyc : cyc - v) > cyc / 100 + SWITCH_SLACK && !bad++)
				rvpmu_snprintf(first_bad, sizeof(first_bad),
					       "window %u slot %u (%c): %llu, cycles field %llu", k, j,
					       c->events[(k % nsub) * np + j], (unsigned long long)v,
					       (unsigned long long)cyc);
		}
	}
	if (bad)
		rt_printf("# %s, hart %lu, first bad: %s\n", c->events, h, first_bad);
	rt_check(!bad, "%s: hart %lu, %u windows on the run's grid, %llu passed, %u longer than "
		 "1.5 periods, %u shorter than 0.5, shortest %llu ticks of %llu, cycles off their "
		 "length by %llu at most (bound %llu), %u LOST", c->what, h, windows,
		 (unsigned long long)passed, long_ones, short_ones, (unsigned long long)shortest,
		 (unsigned long long)P_TICKS, (unsigned long long)worst,
		 (unsigned long long)(bound * NS_PER_TICK), lost);
	return passed;
}

/* Every hart (this one too) does what. */
static void all_harts(int what)
{
	cmd = what;
	arrived = 0;
	__atomic_fetch_add(&go, 1, __ATOMIC_ACQ_REL);
	wake_others();
	act();
	while (__atomic_load_n(&arrived, __ATOMIC_ACQUIRE) < (int)nr_harts - 1)
		sleep_while(&arrived, __atomic_load_n(&arrived, __ATOMIC_ACQUIRE));
}

/* mtime (100 ns a tick) at the next multiple of 2^32 ns of the clock
   QEMU's cycles and instret counters count under -icount shift=0 (virtual
   ns, as mtime) */
static uint64_t next_2_32_ns(void)
{
	uint64_t ns = rd_time() * NS_PER_TICK;

	return (((ns >> 32) + 1) << 32) / NS_PER_TICK;
}

static void run_case(const struct acc_case *c)
{
	const struct rvpmu_sampler_header *hd = (const void *)buf;
	unsigned int n = 0, nsub, samples, windows, p;
	struct sbiret r;
	uint64_t returned;
	long err;

	while (c->events[n])
		n++;
	nsub = (n + c->nr_pmu - 1) / c->nr_pmu;
	samples = ((c->busy ? 4 : 1) * MIN_WINDOWS + nsub - 1) / nsub;
	if (samples < 2)
		samples = 2;
	windows = samples * nsub;
	sampler_cfg_init(&cfg);
	for (unsigned int i = 0; i < n; i++)
		sampler_cfg_event(&cfg, event_of(c->events[i]), 0);
	cfg.nr_pmu = c->nr_pmu;
	cfg.period_us = PERIOD_US;
	cfg.nr_sample = samples;
	sampler_cfg_buffer(&cfg, buf, BUF_SIZE);
	if (c->hold) {
		hold_n = c->hold;
		hold_failed = 0;
		all_harts(HOLD);
		rt_check(!hold_failed, "%s: S-mode holds counters 3..%u on every hart", c->what,
			 2 + c->hold);
	}
	if (c->across) {
		/* t0 comes a little after START: the boundary falls about
		   mid-run, inside a window */
		uint64_t b = next_2_32_ns();

		rt_printf("# %s: from mtime %llu, the boundary at mtime %llu\n", c->what,
			  (unsigned long long)rd_time(), (unsigned long long)b);
		sleep_until(b - (uint64_t)windows * P_TICKS / 2 - P_TICKS / 3);
	}
	/* harts 0 .. nr_harts - 1, in the range form */
	err = sampler_configure(&cfg, nr_harts, 0, RVPMU_SAMPLER_CONF_HART_RANGE).error;
	err = err ? err : sampler_start(&cfg).error;
	if (err || windows > MAX_WINDOWS) {
		rt_check(false, "%s: configure and start (%ld)", c->what, err);
		return;
	}
	returned = rd_time();
	run_t0 = hd->t0;
	run_windows = windows;
	run_end = hd->t0 + (uint64_t)windows * P_TICKS + P_TICKS / 2;
	spinner = (unsigned long)(c - cases) % nr_harts;
	for (p = 0; p < MAX_HARTS; p++)
		for (unsigned int k = 0; k < MAX_WINDOWS; k++) {
			made[p][k] = 0;
			straddled[p][k] = false;
		}
	run_over = 0;
	busy_case = c->busy;
	all_harts(TAKE_PART);
	rt_check(returned < hd->t0, "%s: START returns before t0 (%llu ticks before it)",
		 c->what, (unsigned long long)(hd->t0 > returned ? hd->t0 - returned : 0));
	r = sampler_status(&st.s, sizeof(st));
	if (c->busy) {
		uint64_t passed = 0;

		/* QEMU 7.2's round robin under -icount serves a spinning hart's
		   tick late, often by more than half a period: windows are
		   shortened, and one whose slot has ended is passed; QEMU 9.1
		   and later (instret counting instructions, probed above) serve
		   every tick but a run's last within half a period: there
		   nothing is forced late. Either way the windows are checked
		   one by one below */
		rt_check(!r.error && st.s.state == RVPMU_SAMPLER_DONE && st.s.samples == samples &&
			 !st.s.lost && !st.s.paused,
			 "%s: the run is DONE with %u samples (%llu, lost %llu, paused %llu), ticks "
			 "late (%llu a period late, %llu subsamples passed)", c->what, samples,
			 (unsigned long long)st.s.samples, (unsigned long long)st.s.lost,
			 (unsigned long long)st.s.paused, (unsigned long long)st.s.late,
			 (unsigned long long)st.s.passed);
		for (p = 0; p < hd->nr_harts; p++)
			passed += check_late(c, hd, p, windows);
		rt_check(passed == st.s.passed,
			 "%s: the windows not counted (%llu) are STATUS's passed (%llu)", c->what,
			 (unsigned long long)passed, (unsigned long long)st.s.passed);
		return;
	}
	rt_check(!r.error && st.s.state == RVPMU_SAMPLER_DONE && st.s.samples == samples &&
		 !st.s.lost && !st.s.late,
		 "%s: the run is DONE with %u samples (%llu, lost %llu, late %llu)", c->what,
		 samples, (unsigned long long)st.s.samples, (unsigned long long)st.s.lost,
		 (unsigned long long)st.s.late);
	if (st.s.state != RVPMU_SAMPLER_DONE)
		sampler_stop();
	for (p = 0; p < st.s.nr_harts && p < MAX_HARTS; p++)
		if (st.h[p].flags)
			rt_printf("# hart %u flags 0x%x\n", (unsigned)st.h[p].hartid, (unsigned)st.h[p].flags);
	for (p = 0; p < hd->nr_harts; p++)
		check_hart(c, hd, p, windows);
	if (c->hold) {
		hold_failed = 0;
		all_harts(RELEASE);
		rt_check(!hold_failed, "%s: S-mode's counters released on every hart", c->what);
	}
}

int main(unsigned long hartid, void *dtb)
{
	unsigned long h;
	unsigned int i;

	(void)dtb;
	if (!sampler_present()) {
		rt_printf("sampler_acc: this firmware has no rvpmu sampler extension (version 2)\n");
		return 1;
	}
	sampler_reset();	/* a previous kernel may have left a run */
	nr_harts = rt_count_harts(MAX_HARTS);
	/* every wait between harts sleeps (wfi) and is ended by an IPI:
	   under -icount a spinning hart keeps QEMU's round robin from
	   running the others for long stretches */
	rt_csr_clear(sstatus, 2ul);
	rt_csr_set(sie, (1ul << 1) | (1ul << 5));
	if (rt_expect_fault(read_stimecmp, 0, 0) != -1) {
		rt_printf("sampler_acc: needs Sstc (stimecmp) for its timer\n");
		return 1;
	}
	for (h = 0; h < nr_harts; h++)
		if (h != hartid)
			rt_start_hart(h, worker, 0);
	while (__atomic_load_n(&ready, __ATOMIC_ACQUIRE) < (int)nr_harts - 1)
		sleep_while(&ready, __atomic_load_n(&ready, __ATOMIC_ACQUIRE));
	rt_printf("# sampler_acc: %lu harts, period %u us, -icount shift=0 expected\n",
		  nr_harts, PERIOD_US);
	probe_instret();
	for (i = 0; i < NR_CASES; i++)
		run_case(&cases[i]);
	__atomic_store_n(&go, -1, __ATOMIC_RELEASE);
	wake_others();
	return rt_check_report();
}
