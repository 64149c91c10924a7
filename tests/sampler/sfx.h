/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * tests/sampler/sfx.h - the sampler engine on up to SFX_MAX simulated
 * harts: a fake mtime (1 tick = 1 us), per-hart deadlines and HSM states
 * (satp ASIDs are the simulated harts'), one RAM (hart 0's simulated RAM) that every hart shares,
 * and a topology the test chooses.
 */
#ifndef SFX_H
#define SFX_H

#include "fixture.h"
#include "sampler/sampler.h"

#define SFX_MAX		4
#define SFX_CFG		(SIM_RAM_BASE + 0x4000)	/* the configuration */
#define SFX_INFO	(SIM_RAM_BASE + 0x5400)	/* GET_INFO output */
#define SFX_CID2	(SIM_RAM_BASE + 0x5480)	/* CID2 words */
#define SFX_STATUS	(SIM_RAM_BASE + 0x5500)	/* STATUS output */
#define SFX_BUF		(SIM_RAM_BASE + 0x6000)	/* buffers from here */
#define SFX_NO_DEADLINE	UINT64_MAX

struct sfx {
	unsigned int n;
	struct sim_hart sim[SFX_MAX];
	struct rvpmu_map map;
	struct rvpmu_config cfg;
	struct rvpmu_hart h[SFX_MAX];
	struct rvpmu_sampler_hart sh[SFX_MAX];	/* sh[i] is hartid i */
	struct rvpmu_sampler s;
	struct rvpmu_sampler_platform plat;
	uint32_t order[SFX_MAX], scratch[2 * SFX_MAX];
	uint16_t cluster[SFX_MAX];
	bool started[SFX_MAX];
	uint64_t deadline[SFX_MAX];
	uint64_t mtime;
	/* added to the mtime the engine reads (not to a tick's own time): a
	   hart away in the middle of its switch */
	uint64_t lag;
	struct rvpmu_sampler_config c;	/* what the test writes to SFX_CFG */
	/* CONFIGURE's registers besides the address (sfx_cfg: every hart) */
	rvpmu_ulong hart_mask, hart_base;
	uint32_t conf_flags;
	/* what the held op was told last, per hart */
	uint64_t held[SFX_MAX];
	/* the state op: the size asked last, the size of the last one
	   given (the one in force once CONFIGURE succeeded), how many are
	   held (given and not given back) */
	unsigned long state_asked, state_len;
	int states;
};

/* Whether sfx_new gives the platform a direct-access op (the tick then
   stores slots directly) or only the mem ops. */
extern bool sfx_use_direct;

/* The most bytes the state op gives (0: any); more: NULL. */
extern unsigned long sfx_state_room;

/* n harts (hartid i = sim[i]), all started, one cluster in hartid order,
   16 hpm counters each, Sscofpmf, 16 firmware counters. */
struct sfx *sfx_new(unsigned int n);

/* A valid configuration in x->c: the events given, one buffer of `size`
   bytes at SFX_BUF, period 100 us, nr_sample 4; every other field 0; the
   hart set every hart, no CONFIGURE flags. */
void sfx_cfg(struct sfx *x, const uint32_t *events, unsigned int nr, uint64_t size);

/* n buffers in x->c (n <= RVPMU_SAMPLER_MAX_BUFS), each of buffer 0's
   size (at most 0x400: sfx_cfg's), 0x400 apart from SFX_BUF. */
void sfx_cfg_bufs(struct sfx *x, unsigned int n);

/* Write x->c to SFX_CFG and CONFIGURE from hart 0 (with x->hart_mask,
   x->hart_base, x->conf_flags). */
long sfx_configure(struct sfx *x);

/* START as the firmware will: prepare, hart_start on every started hart
   of the set, abort on failure. */
long sfx_start(struct sfx *x);

/* Hart i's timer interrupt at mtime, as the firmware takes it: the tick,
   its answer the hart's next deadline. */
void sfx_tick(struct sfx *x, unsigned int i);

/*
 * Run until no hart has a deadline or max_ticks deadlines passed: mtime
 * goes to the earliest deadline; before that each running hart runs
 * `work` cycles and the events of the window (sfx_window). Returns ticks.
 */
unsigned int sfx_run(struct sfx *x, unsigned int max_ticks);

/* Run (sfx_run, a tick at a time) until every hart in the run has opened
   its first window, or no hart has a deadline left. */
void sfx_run_until_begun(struct sfx *x);

/* Called for every hart before each deadline it reaches (tests may
   replace: default none). */
extern void (*sfx_window)(struct sfx *x, unsigned int hart);

/* Called at each turn of a wait for another hart (the ops' relax; tests
   may set it: default none). In one thread the wait ends only if this
   does what the other hart would. */
extern void (*sfx_relax)(struct sfx *x);

/* Called before every write the engine makes through the mem ops (the
   headers always; the slots too without the direct op). Default none. */
extern void (*sfx_write_hook)(struct sfx *x, uint64_t pa, const void *src,
			      unsigned long len);

static inline void *sfx_mem(struct sfx *x, uint64_t pa)
{
	return sim_ram(&x->sim[0], pa);
}

/* 32 and 64 bits of S-mode memory at pa, as a client reads them. */
static inline uint32_t sfx_u32(struct sfx *x, uint64_t pa)
{
	uint32_t v;

	memcpy(&v, sfx_mem(x, pa), 4);
	return v;
}

static inline uint64_t sfx_u64(struct sfx *x, uint64_t pa)
{
	uint64_t v;

	memcpy(&v, sfx_mem(x, pa), 8);
	return v;
}

/* A window's work for tests of two events, dTLB read misses and the
   fixture's dTLB write misses: 3 of the one, 5 of the other and 700
   cycles on hart i, if it runs (a sfx_window). */
void sfx_busy(struct sfx *x, unsigned int i);

static inline const struct rvpmu_sampler_header *sfx_hdr(struct sfx *x, uint64_t pa)
{
	return sfx_mem(x, pa);
}

/* S-mode's config_matching on hart over every counter: the counter or
   the error. */
long sfx_match(struct sfx *x, unsigned int hart, uint32_t event, uint64_t data);

/* The plan CONFIGURE wrote into SFX_CFG. */
static inline const struct rvpmu_sampler_plan *sfx_plan(struct sfx *x)
{
	return &((const struct rvpmu_sampler_config *)sfx_mem(x, SFX_CFG))->plan;
}

/* STATUS into SFX_STATUS. */
struct rvpmu_ret sfx_status(struct sfx *x, const struct rvpmu_sampler_status **st);

#endif
