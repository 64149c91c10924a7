/* SPDX-License-Identifier: BSD-2-Clause */
#include "diff.h"
#include "core/internal.h"
#include "core/spec.h"

static uint64_t diff_ns;	/* the platform's clock (shape holds) */

static uint64_t rnd(struct diff *x)
{
	return x->d.next(x->d.src);
}

static unsigned int pick(struct diff *x, unsigned int n)
{
	return (unsigned int)(rnd(x) % n);
}

/* The platform property of shape holds: a start from a value in the top
   quarter but one leaves the next overflow held back (any rule will do:
   what matters is that both layers ask it alike). */
static bool holds(void *ctx, unsigned int ctr, uint64_t ev, uint64_t v)
{
	(void)ctx;
	(void)ctr;
	(void)ev;
	return v >> 62 == 2;
}

static uint64_t clock_ns(void *ctx)
{
	(void)ctx;
	return diff_ns;
}

void diff_shape(uint64_t v, struct diff_shape *s)
{
	static const unsigned int widths[4] = { 64, 48, 40, 32 };

	s->nr_hpm = (unsigned int)(v % 30);
	s->bits = widths[(v >> 8) & 3];
	s->sscofpmf = (v >> 10) & 1;
	s->smcntrpmf = (v >> 11) & 1;
	s->qemu = (v >> 12) & 1;
	s->split = s->qemu && ((v >> 13) & 1);
	s->holds = (v >> 14) & 1;
	s->nr_fw = (unsigned int)((v >> 16) % (RVPMU_MAX_FW + 1));
	if (s->qemu)
		s->smcntrpmf = false;	/* QEMU 7.2 has none (sim_hart.h) */
}

static void hart(struct diff *x, struct fx *f, const struct diff_shape *s)
{
	fx_init_ext(f, s->nr_hpm, s->bits, s->sscofpmf, s->smcntrpmf, s->nr_fw);
	f->sim.qemu_inhibit = s->qemu;
	f->sim.split_halves = s->split;
	f->sim.kick = 0;	/* no time passes inside a call: both layers
				   may write in another order */
	f->cfg.hw = &x->ops;
	CHECK_EQ(rvpmu_hart_init(&f->h, &f->cfg, &f->sim), 0);
}

void diff_init(struct diff *x, const struct diff_shape *s, uint64_t (*next)(void *), void *src)
{
	x->ops = sim_hw_ops;
	if (s->holds) {
		x->ops.holds_overflow = holds;
		x->ops.clock_ns = clock_ns;
	}
	diff_ns = 0;
	hart(x, &x->fast, s);
	hart(x, &x->spec, s);
	x->d = (struct drive){ &x->fast, next, src, 0, 0 };
	x->calls = 0;
	x->differences = 0;
}

/* Call c on h through the spec layer: config_matching, start and stop
   have one; the other six calls are their own spec layer (spec.h). */
static struct rvpmu_ret spec_call(struct rvpmu_hart *h, const struct drive_call *c)
{
	switch (c->fn) {
	case DRIVE_CONFIG:
		return rvpmu_spec_config_matching(h, c->a0, c->a1, c->a2, c->a3, c->a4);
	case DRIVE_START:
		return rvpmu_spec_counter_start(h, c->a0, c->a1, c->a2, c->a4);
	case DRIVE_STOP:
		return rvpmu_spec_counter_stop(h, c->a0, c->a1, c->a2);
	default:
		return drive_call(h, c);
	}
}

static const char *const fn_names[] = {
	"config_matching", "start", "stop", "fw_read", "set_shmem", "get_info", "event_get_info",
};

static unsigned int differ(struct diff *x, const char *where, const char *what, unsigned int i,
			   uint64_t fast, uint64_t spec)
{
	if (fast == spec)
		return 0;
	if (x->differences++ < 8)
		printf("#   %s: %s[%u]: fast 0x%llx, spec 0x%llx\n", where, what, i,
		       (unsigned long long)fast, (unsigned long long)spec);
	t_state.cur_failed++;
	return 1;
}

#define SAME(field) (n += differ(x, where, #field, 0, (uint64_t)a->field, (uint64_t)b->field))
#define SAME_ALL(field) do { \
	for (unsigned int i_ = 0; i_ < sizeof(a->field) / sizeof(a->field[0]); i_++) \
		n += differ(x, where, #field, i_, (uint64_t)a->field[i_], (uint64_t)b->field[i_]); \
} while (0)

/* The core's state: everything from RVPMU_HART_STATE on. */
static unsigned int same_hart(struct diff *x, const char *where)
{
	const struct rvpmu_hart *a = &x->fast.h, *b = &x->spec.h;
	unsigned int n = 0;

	SAME(shmem_on);
	SAME(shmem);
	SAME(configured);
	SAME(started);
	SAME(stale);
	SAME(filtered);
	for (unsigned int i = 0; i < SBI_PMU_FW_STD_COUNT; i++)
		n += differ(x, where, "fw_counting", i, a->fw_counting[i].any, b->fw_counting[i].any);
	SAME(reserved);
	/* read only for configured counters (rvpmu_snapshot_ovf): a RESET
	   may leave the bit of a released counter either way */
	n += differ(x, where, "overflowed & configured", 0, a->overflowed & a->configured,
		    b->overflowed & b->configured);
	SAME_ALL(fw_total);
	SAME(fw_sampled);
	SAME_ALL(event);
	SAME_ALL(mhpmevent);
	SAME_ALL(saved);		/* parked_at too: one array */
	SAME(held);
	SAME(parked);
	SAME_ALL(fw_value);
	/* event_data: read only while a configured firmware counter has a
	   platform event (the layers may leave other entries as they were) */
	for (unsigned int f = 0; f < RVPMU_MAX_FW && a->fw_base + f < RVPMU_MAX_COUNTERS; f++)
		if ((a->configured >> (a->fw_base + f) & 1) &&
		    SBI_PMU_EVENT_CODE(a->event[a->fw_base + f]) >= SBI_PMU_FW_STD_COUNT)
			n += differ(x, where, "fw_data", f, a->fw_data[f], b->fw_data[f]);
	SAME(fw_ext);
	return n;
}

/* The simulated hardware and S-mode memory. Not the tallies of accesses
   (programs, writes, kicks, event_at_write): the layers may take other
   ways to the same state. */
static unsigned int same_sim(struct diff *x, const char *where)
{
	const struct sim_hart *a = &x->fast.sim, *b = &x->spec.sim;
	unsigned int n = 0;

	SAME_ALL(ctr);
	SAME_ALL(mhpmevent);
	SAME(inhibit);
	SAME(lcofip);
	SAME_ALL(fixedcfg);
	SAME(cfg_live);
	SAME_ALL(prev);
	SAME_ALL(started);
	SAME(nmap);
	for (unsigned int i = 0; i < a->nmap && i < b->nmap; i++) {
		n += differ(x, where, "map.sel", i, a->map[i].sel, b->map[i].sel);
		n += differ(x, where, "map.ctr", i, a->map[i].ctr, b->map[i].ctr);
	}
	SAME(ticks);
	SAME(insns);
	SAME(faults);
	if (!memcmp(a->ram, b->ram, SIM_RAM_SIZE))
		return n;
	for (unsigned int i = 0; i < SIM_RAM_SIZE; i += 8) {
		uint64_t va, vb;

		memcpy(&va, &a->ram[i], 8);
		memcpy(&vb, &b->ram[i], 8);
		n += differ(x, where, "ram (8-byte word)", i / 8, va, vb);
	}
	return n;
}

unsigned int diff_compare(struct diff *x, const char *where)
{
	return same_hart(x, where) + same_sim(x, where);
}

/* The same events on both harts: time, instructions, hardware and
   firmware events, a mode, the platform's clock. */
static void activity(struct diff *x)
{
	uint64_t n = pick(x, 4) ? pick(x, 100) : UINT64_C(1) << pick(x, 41);
	uint64_t hpm = x->fast.h.started & x->fast.h.hw & ~UINT64_C(7);
	unsigned int nfw = pick(x, 4), code = pick(x, SBI_PMU_FW_STD_COUNT), k;
	enum sim_mode mode = pick(x, 4) ? SIM_S : (enum sim_mode)pick(x, 5);
	bool idle = !pick(x, 4);
	struct fx *f[2] = { &x->fast, &x->spec };

	/* often just past the wrap of a started hpm counter: an overflow
	   (OF, LCOFI) for the stops to see */
	if (hpm && pick(x, 2)) {
		unsigned int c = lowest_bit(hpm);

		n = ((width_mask(&x->fast.h, c) - x->fast.sim.ctr[c]) & width_mask(&x->fast.h, c)) +
		    1 + pick(x, 3);
	}
	diff_ns += pick(x, 2) ? pick(x, 1000) : RVPMU_PARK_NS / 2 * pick(x, 4);
	for (unsigned int i = 0; i < 2; i++) {
		f[i]->sim.mode = mode;
		if (idle)
			sim_idle(&f[i]->sim, n);
		else
			sim_run(&f[i]->sim, n);
		sim_event(&f[i]->sim, SBI_PMU_DTLB_READ_MISS, n);
		sim_event(&f[i]->sim, 0x1234, n);
		for (k = 0; k < nfw; k++)
			rvpmu_fw_event(&f[i]->h, code);
		f[i]->sim.impl[0] += nfw;
		f[i]->sim.plat[1] += n;
		f[i]->sim.mode = SIM_S;
	}
}

unsigned int diff_step(struct diff *x)
{
	struct drive_call c;
	struct rvpmu_ret rf, rs;
	char where[160];
	unsigned int n = 0;

	drive_pick(&x->d, &c);
	rf = drive_call(&x->fast.h, &c);
	rs = spec_call(&x->spec.h, &c);
	snprintf(where, sizeof(where), "call %lu, %s(0x%llx, 0x%llx, 0x%llx, 0x%llx, 0x%llx)",
		 x->calls, fn_names[c.fn], (unsigned long long)c.a0, (unsigned long long)c.a1,
		 (unsigned long long)c.a2, (unsigned long long)c.a3, (unsigned long long)c.a4);
	n += differ(x, where, "answer.error", 0, (uint64_t)rf.error, (uint64_t)rs.error);
	n += differ(x, where, "answer.value", 0, rf.value, rs.value);
	n += diff_compare(x, where);
	activity(x);
	snprintf(where, sizeof(where), "events after call %lu", x->calls);
	n += diff_compare(x, where);
	x->calls++;
	return n;
}
