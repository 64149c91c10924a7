/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * sampler_address - the sampler extension's shared-memory rules (version
 * 2, docs/sbi-sampler.md): every address S-mode passes (GET_INFO's and
 * STATUS's output, the configuration, the buffers, the CID2 array) must be
 * 8-byte aligned and lie wholly in RAM S-mode may read and write: not the
 * firmware's (a /reserved-memory no-map region of the DT it hands over),
 * not MMIO or ROM, not past the end of RAM, not wrapping, hi 0 on RV64.
 * With a DT that has another /reserved-memory no-map region in RAM
 * (scripts/resv-dtb: the sampler-address-resv rows), that region is
 * refused the same way, though S-mode can read and write it (version 1
 * took all of /memory but the firmware as S-mode's).
 * Each bad request gets INVALID_ADDRESS (a bad size or count, or a
 * misaligned address, INVALID_PARAM as in the SBI's PMU and STA
 * functions), writes nothing (canaries around it in RAM S-mode can see
 * stay as they were) and changes no state (STATUS says the same
 * configuration is in force, or the same run still RUNNING). A good
 * request after the bad ones then takes effect, so the canaries are not
 * untouched by accident; and after RESET nothing more is written into a
 * run's buffers.
 *
 * Needs our firmware's version 2 (it refuses, with one line, on another).
 */
#include <string.h>

#include "client/fdt.h"
#include "client/rt.h"
#include "client/sampler.h"

#define MAX_HARTS	8
#define CANARY		0xa5
#define BUF_SIZE	(4 * 4096)
#define ROM		0x1000ull	/* QEMU virt's boot ROM: not RAM */

static struct rvpmu_sampler_config good;
/* a configuration placed anywhere: room for an 8-byte-aligned copy and a
   misaligned one */
static uint8_t cfgbuf[sizeof(struct rvpmu_sampler_config) + 16] __attribute__((aligned(8)));
static uint8_t bufs[2][BUF_SIZE] __attribute__((aligned(4096)));
static uint8_t out[512] __attribute__((aligned(8)));
static uint32_t cid2[MAX_HARTS + 2] __attribute__((aligned(8)));
static SAMPLER_STATUS_FOR(MAX_HARTS) st;
static uint64_t ram_end, fw_base, fw_end, nr_harts, resv_base, resv_end;

static bool all(const uint8_t *p, uint64_t n, uint8_t v)
{
	for (uint64_t i = 0; i < n; i++)
		if (p[i] != v)
			return false;
	return true;
}

/* A call of the extension with its registers as given. */
static struct sbiret call(unsigned long fid, unsigned long a0, unsigned long a1, unsigned long a2,
			  unsigned long a3, unsigned long a4)
{
	return sbi_call(RVPMU_SAMPLER_EID, fid, a0, a1, a2, a3, a4, 0);
}

/* The state in force, from STATUS (a good call): state, period. */
static void state_now(uint32_t *state, uint32_t *period)
{
	*state = ~0u;
	*period = ~0u;
	if (!sampler_status(&st.s, sizeof(st)).error) {
		*state = st.s.state;
		*period = st.s.period_us;
	}
}

/*
 * GET_INFO's or STATUS's output rules (fid): out_size 0 or not a multiple
 * of 8, a misaligned, firmware, ROM, past-RAM, RAM-end-straddling or
 * wrapping address, hi set. Around every good address a canary. full: the
 * bytes of a whole answer (the value of a good call).
 */
static void out_rules(unsigned long fid, const char *name)
{
	uintptr_t o = (uintptr_t)out + 64;
	uint8_t *top = (uint8_t *)(uintptr_t)(ram_end - 40), keep[80];
	uint32_t s0, p0, s1, p1;
	unsigned long full;
	struct sbiret r;
	bool ok = true;

	r = call(fid, o, 0, sizeof(out) - 64, 0, 0);
	full = r.value;
	rt_check(!r.error && full >= 8 && full <= sizeof(out) - 64,
		 "%s: a good call answers %lu bytes (error %ld)", name, full, r.error);
	state_now(&s0, &p0);
	memset(out, CANARY, sizeof(out));
	ok &= call(fid, o, 0, 0, 0, 0).error == SBI_ERR_INVALID_PARAM;
	ok &= call(fid, o, 0, 12, 0, 0).error == SBI_ERR_INVALID_PARAM;
	rt_check(ok && all(out, sizeof(out), CANARY), "%s: out_size 0 or 12: INVALID_PARAM, nothing "
		 "written", name);
	ok = call(fid, o + 4, 0, 8, 0, 0).error == SBI_ERR_INVALID_PARAM;
	rt_check(ok && all(out, sizeof(out), CANARY), "%s: out 4-byte aligned only: "
		 "INVALID_PARAM, nothing written", name);
	ok = call(fid, SBI_LO(fw_base), SBI_HI(fw_base), 8, 0, 0).error == SBI_ERR_INVALID_ADDRESS;
	ok &= call(fid, SBI_LO(fw_base + 64), SBI_HI(fw_base + 64), full, 0, 0).error ==
	      SBI_ERR_INVALID_ADDRESS;
	rt_check(ok, "%s: out in the firmware's reserved no-map region (0x%llx): INVALID_ADDRESS",
		 name, (unsigned long long)fw_base);
	if (fw_end + sizeof(keep) <= ram_end) {
		/* the firmware's last 8 bytes and the S-mode RAM after them */
		memcpy(keep, (const void *)(uintptr_t)fw_end, sizeof(keep));
		ok = call(fid, SBI_LO(fw_end - 8), SBI_HI(fw_end - 8), full, 0, 0).error ==
		     SBI_ERR_INVALID_ADDRESS;
		rt_check(ok && !memcmp(keep, (const void *)(uintptr_t)fw_end, sizeof(keep)),
			 "%s: out from the firmware's end into S-mode RAM: INVALID_ADDRESS, the RAM "
			 "part unchanged", name);
	}
	ok = call(fid, SBI_LO(ROM), SBI_HI(ROM), 8, 0, 0).error == SBI_ERR_INVALID_ADDRESS;
	ok &= call(fid, SBI_LO(ram_end), SBI_HI(ram_end), 8, 0, 0).error == SBI_ERR_INVALID_ADDRESS;
	rt_check(ok, "%s: out in ROM or past the end of RAM: INVALID_ADDRESS", name);
	memset(top, CANARY, 40);
	ok = call(fid, SBI_LO(ram_end - 40), SBI_HI(ram_end - 40), full, 0, 0).error ==
	     SBI_ERR_INVALID_ADDRESS;
	rt_check(ok && all(top, 40, CANARY), "%s: out across the end of RAM: INVALID_ADDRESS, "
		 "its 40 bytes in RAM unchanged", name);
	ok = call(fid, ~7ul, 0, full, 0, 0).error == SBI_ERR_INVALID_ADDRESS;
	ok &= call(fid, ~7ul, ~0ul, full, 0, 0).error == SBI_ERR_INVALID_ADDRESS;
	rt_check(ok, "%s: out at the top of the address space (the range wraps): INVALID_ADDRESS",
		 name);
	/* RV64: hi must be 0; RV32: hi 1 is 4 GiB up, no RAM of QEMU virt's */
	ok = call(fid, o, 1, full, 0, 0).error == SBI_ERR_INVALID_ADDRESS;
	rt_check(ok && all(out, sizeof(out), CANARY), "%s: hi 1: INVALID_ADDRESS, nothing written",
		 name);
	r = call(fid, o, 0, 8, 0, 0);
	rt_check(!r.error && r.value == full && !all(out + 64, 8, CANARY) &&
		 all(out + 72, sizeof(out) - 72, CANARY) && all(out, 64, CANARY),
		 "%s: out_size 8 at a good address: 8 bytes written, no more (value %lu of %lu)",
		 name, r.value, full);
	state_now(&s1, &p1);
	rt_check(s0 == s1 && p0 == p1, "%s: the state is as it was (state %u, period %u us)", name,
		 (unsigned int)s1, (unsigned int)p1);
}

/* CONFIGURE with the configuration at pa (registers as given). */
static long configure_at(uint64_t pa, unsigned long hi_extra, unsigned long flags)
{
	return call(RVPMU_SAMPLER_CONFIGURE, SBI_LO(pa), SBI_HI(pa) | hi_extra, 0,
		    RVPMU_SAMPLER_ALL_HARTS, flags).error;
}

/* The configuration copy at cfgbuf: a variant of good with another period
   (so that one put in force would show), its plan a canary. */
static struct rvpmu_sampler_config *variant(void)
{
	struct rvpmu_sampler_config *c = (void *)cfgbuf;

	memcpy(c, &good, sizeof(good));
	c->period_us = 5000;
	memset(&c->plan, CANARY, sizeof(c->plan));
	memset(bufs, CANARY, sizeof(bufs));
	return c;
}

/* One bad configuration: its answer, nothing written (plan, buffers),
   the configuration in force unchanged. */
static void bad_config(const char *what, long want, unsigned long flags)
{
	const struct rvpmu_sampler_config *c = (const void *)cfgbuf;
	uint32_t s0, p0, s1, p1;
	long err;

	state_now(&s0, &p0);
	err = configure_at((uintptr_t)c, 0, flags);
	state_now(&s1, &p1);
	rt_check(err == want && all((const uint8_t *)&c->plan, sizeof(c->plan), CANARY) &&
		 all(bufs[0], sizeof(bufs), CANARY) && s0 == s1 && p0 == p1,
		 "CONFIGURE%s, %s: %ld (want %ld), plan and buffers unwritten, state %u period %u us "
		 "as before", flags ? " (check only)" : "", what, err, want, (unsigned int)s1,
		 (unsigned int)p1);
}

static void config_rules(unsigned long flags)
{
	struct rvpmu_sampler_config *c;
	uint64_t top = ram_end - sizeof(*c) + 8;
	uint32_t s0, p0, s1, p1;
	long err;

	/* the configuration itself */
	c = variant();
	state_now(&s0, &p0);
	memmove(cfgbuf + 4, cfgbuf, sizeof(*c));
	err = configure_at((uintptr_t)cfgbuf + 4, 0, flags);
	state_now(&s1, &p1);
	rt_check(err == SBI_ERR_INVALID_PARAM && s0 == s1 && p0 == p1,
		 "CONFIGURE, configuration 4-byte aligned only: INVALID_PARAM (%ld), state as "
		 "before", err);
	err = configure_at(fw_base, 0, flags);
	rt_check(err == SBI_ERR_INVALID_ADDRESS, "CONFIGURE, configuration in the firmware's "
		 "region: INVALID_ADDRESS (%ld)", err);
	err = configure_at(ROM, 0, flags);
	rt_check(err == SBI_ERR_INVALID_ADDRESS, "CONFIGURE, configuration in ROM: "
		 "INVALID_ADDRESS (%ld)", err);
	/* all of it but its last 8 bytes in RAM */
	c = variant();
	memcpy((void *)(uintptr_t)top, c, sizeof(*c) - 8);
	memset((void *)(uintptr_t)(top + offsetof(struct rvpmu_sampler_config, plan)), CANARY,
	       sizeof(c->plan));
	err = configure_at(top, 0, flags);
	state_now(&s1, &p1);
	rt_check(err == SBI_ERR_INVALID_ADDRESS && s0 == s1 && p0 == p1 &&
		 all((const uint8_t *)(uintptr_t)(top + offsetof(struct rvpmu_sampler_config, plan)),
		     sizeof(c->plan), CANARY),
		 "CONFIGURE, configuration across the end of RAM: INVALID_ADDRESS (%ld), its plan "
		 "unwritten, state as before", err);
	c = variant();
	err = configure_at((uintptr_t)c, 1, flags);
	rt_check(err == SBI_ERR_INVALID_ADDRESS, "CONFIGURE, hi 1: INVALID_ADDRESS (%ld)", err);

	/* the buffers (not read with CHECK_ONLY) */
	if (!flags) {
		c = variant();
		c->bufs[0].addr += 4;
		bad_config("a buffer 4-byte aligned only", SBI_ERR_INVALID_PARAM, flags);
		c = variant();
		c->bufs[0].size -= 4;
		bad_config("a buffer's size not a multiple of 8", SBI_ERR_INVALID_PARAM, flags);
		c = variant();
		c->bufs[0].size = 8;
		bad_config("a buffer under plan.min_buffer_size", SBI_ERR_INVALID_PARAM, flags);
		c = variant();
		c->bufs[1].addr = fw_base;
		bad_config("a buffer in the firmware's region", SBI_ERR_INVALID_ADDRESS, flags);
		c = variant();
		c->bufs[1].addr = ROM;
		bad_config("a buffer in ROM", SBI_ERR_INVALID_ADDRESS, flags);
		c = variant();
		c->bufs[1].addr = ram_end - BUF_SIZE / 4;	/* half of it past the end */
		bad_config("a buffer across the end of RAM", SBI_ERR_INVALID_ADDRESS, flags);
		c = variant();
		c->bufs[1].addr = ~(uint64_t)4095;
		c->bufs[1].size = 2 * 4096;
		bad_config("a buffer wrapping at 2^64", SBI_ERR_INVALID_ADDRESS, flags);
		c = variant();
		c->bufs[1].addr = c->bufs[0].addr + 4096;
		bad_config("two buffers overlapping", SBI_ERR_INVALID_ADDRESS, flags);
		c = variant();
		c->bufs[1].addr = (uintptr_t)cfgbuf & ~(uintptr_t)7;
		bad_config("a buffer over the configuration", SBI_ERR_INVALID_ADDRESS, flags);
		c = variant();
		c->bufs[1].addr = (uintptr_t)cid2 & ~(uintptr_t)4095;
		c->bufs[1].size = ((uintptr_t)cid2 & 4095) + 4096;
		bad_config("a buffer over the CID2 array", SBI_ERR_INVALID_ADDRESS, flags);
	}
	/* the CID2 array */
	c = variant();
	c->cid2_addr = (uintptr_t)&cid2[1];
	bad_config("CID2 array 4-byte aligned only", SBI_ERR_INVALID_PARAM, flags);
	c = variant();
	c->cid2_addr = fw_base;
	bad_config("CID2 array in the firmware's region", SBI_ERR_INVALID_ADDRESS, flags);
	c = variant();
	c->cid2_addr = ram_end - 8;
	bad_config("CID2 array across the end of RAM", SBI_ERR_INVALID_ADDRESS, flags);
	c = variant();
	c->cid2_count = (uint32_t)nr_harts - 1;
	bad_config("cid2_count not above the highest hartid", SBI_ERR_INVALID_PARAM, flags);
}

/*
 * A reserved no-map region in RAM other than the firmware's: GET_INFO and
 * STATUS out in it or across its start, a configuration, a buffer or the
 * CID2 array in it: INVALID_ADDRESS, and it keeps its bytes.
 */
static void resv_rules(void)
{
	uint8_t *r = (uint8_t *)(uintptr_t)resv_base;
	struct rvpmu_sampler_config *c;
	uint32_t s0, p0, s1, p1;
	bool ok = true;
	long err;

	state_now(&s0, &p0);
	memset(r - 64, CANARY, 64 + 4096);
	for (unsigned long fid = RVPMU_SAMPLER_GET_INFO; fid <= RVPMU_SAMPLER_STATUS;
	     fid += RVPMU_SAMPLER_STATUS - RVPMU_SAMPLER_GET_INFO) {
		ok &= call(fid, SBI_LO(resv_base), SBI_HI(resv_base), 64, 0, 0).error ==
		      SBI_ERR_INVALID_ADDRESS;
		ok &= call(fid, SBI_LO(resv_base - 32), SBI_HI(resv_base - 32), 64, 0, 0).error ==
		      SBI_ERR_INVALID_ADDRESS;
	}
	rt_check(ok && all(r - 64, 64 + 4096, CANARY), "GET_INFO and STATUS out in the reserved "
		 "no-map region 0x%llx or across its start: INVALID_ADDRESS, nothing written",
		 (unsigned long long)resv_base);
	c = variant();
	memcpy(r, c, sizeof(*c));
	memset(r + offsetof(struct rvpmu_sampler_config, plan), CANARY, sizeof(c->plan));
	err = configure_at(resv_base, 0, 0);
	state_now(&s1, &p1);
	rt_check(err == SBI_ERR_INVALID_ADDRESS && s0 == s1 && p0 == p1 &&
		 all(r + offsetof(struct rvpmu_sampler_config, plan), sizeof(c->plan), CANARY),
		 "CONFIGURE, configuration in the reserved no-map region: INVALID_ADDRESS (%ld), "
		 "its plan unwritten, state as before", err);
	c = variant();
	c->bufs[1].addr = resv_base;
	bad_config("a buffer in the reserved no-map region", SBI_ERR_INVALID_ADDRESS, 0);
	c = variant();
	c->bufs[1].addr = resv_base - 4096;
	c->bufs[1].size = 2 * 4096;
	bad_config("a buffer across the reserved no-map region's start", SBI_ERR_INVALID_ADDRESS, 0);
	c = variant();
	c->cid2_addr = resv_base;
	bad_config("CID2 array in the reserved no-map region", SBI_ERR_INVALID_ADDRESS, 0);
}

int main(unsigned long hartid, void *dtb)
{
	struct fdt_range mem[4], resv[8];
	int nm, nr, i;
	uint32_t s, p;
	long err;

	(void)hartid;
	if (!sampler_present()) {
		rt_printf("sampler_address: this firmware has no rvpmu sampler extension (version 2)\n");
		return 1;
	}
	sampler_reset();	/* a previous kernel may have left a run */
	nr_harts = rt_count_harts(MAX_HARTS);
	nm = fdt_ranges(dtb, FDT_MEMORY, mem, 4);
	nr = fdt_ranges(dtb, FDT_RESERVED, resv, 8);
	/* the firmware's region is the one at the start of RAM (QEMU virt
	   jumps to it), another no-map region in RAM the DT's own */
	for (i = 0; i < nr && i < 8; i++)
		if (resv[i].no_map && resv[i].base >= mem[0].base &&
		    resv[i].base < mem[0].base + mem[0].size) {
			if (resv[i].base == mem[0].base && !fw_end) {
				fw_base = resv[i].base;
				fw_end = resv[i].base + resv[i].size;
			} else if (!resv_end && resv[i].base > mem[0].base + 0x1000000 &&
				   resv[i].size >= 4096) {
				resv_base = resv[i].base;
				resv_end = resv[i].base + resv[i].size;
			}
		}
	if (nm < 1 || !fw_end) {
		rt_printf("sampler_address: no RAM bank or no reserved no-map region in the DT\n");
		return 1;
	}
	ram_end = mem[0].base + mem[0].size;
	rt_printf("# RAM 0x%llx-0x%llx, the firmware's no-map region 0x%llx-0x%llx, another "
		  "0x%llx-0x%llx, %llu harts\n", (unsigned long long)mem[0].base,
		  (unsigned long long)ram_end, (unsigned long long)fw_base,
		  (unsigned long long)fw_end, (unsigned long long)resv_base,
		  (unsigned long long)resv_end, (unsigned long long)nr_harts);

	/* IDLE: the output rules */
	out_rules(RVPMU_SAMPLER_GET_INFO, "GET_INFO");
	out_rules(RVPMU_SAMPLER_STATUS, "STATUS");

	/* CONFIGURED (period 2000 us): bad configurations leave it so */
	sampler_cfg_init(&good);
	sampler_cfg_event(&good, SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_HW, SBI_PMU_HW_CPU_CYCLES), 0);
	sampler_cfg_event(&good, SBI_PMU_EVENT_IDX(SBI_PMU_EVENT_TYPE_HW,
						   SBI_PMU_HW_INSTRUCTIONS), 0);
	good.period_us = 2000;
	good.cid2_addr = (uintptr_t)cid2;
	good.cid2_count = MAX_HARTS;
	sampler_cfg_buffer(&good, bufs[0], BUF_SIZE / 2);
	sampler_cfg_buffer(&good, bufs[1], BUF_SIZE / 2);
	err = sampler_configure_all(&good).error;
	state_now(&s, &p);
	rt_check(!err && s == RVPMU_SAMPLER_CONFIGURED && p == 2000,
		 "a good configuration in force (error %ld, state %u, period %u us)", err,
		 (unsigned int)s, (unsigned int)p);
	config_rules(0);
	config_rules(RVPMU_SAMPLER_CONF_CHECK_ONLY);
	if (resv_end)
		resv_rules();
	else
		rt_printf("# no reserved no-map region in RAM but the firmware's: its checks skipped\n");
	/* the bad ones' good twin takes effect: the canaries were reachable */
	variant();
	err = configure_at((uintptr_t)cfgbuf, 0, 0);
	state_now(&s, &p);
	rt_check(!err && p == 5000 && ((const struct rvpmu_sampler_config *)cfgbuf)->plan.nr_harts ==
		 nr_harts, "the same configuration with good addresses takes effect (error %ld, "
		 "period %u us, plan written)", err, (unsigned int)p);

	/* RUNNING: bad calls leave the run alone */
	good.nr_sample = 0;	/* no limit: RESET ends it */
	good.period_us = 3000;	/* the buffers last 100 ms and more */
	err = sampler_configure_all(&good).error;
	err = err ? err : sampler_start(&good).error;
	state_now(&s, &p);
	rt_check(!err && s == RVPMU_SAMPLER_RUNNING, "a run started (error %ld, state %u)", err,
		 (unsigned int)s);
	out_rules(RVPMU_SAMPLER_GET_INFO, "GET_INFO while running");
	out_rules(RVPMU_SAMPLER_STATUS, "STATUS while running");
	err = configure_at(fw_base, 0, RVPMU_SAMPLER_CONF_CHECK_ONLY);
	state_now(&s, &p);
	rt_check(err == SBI_ERR_INVALID_ADDRESS && s == RVPMU_SAMPLER_RUNNING && p == 3000,
		 "CONFIGURE (check only) of a configuration in the firmware's region while running: "
		 "INVALID_ADDRESS (%ld), still running", err);
	/* RESET: nothing written into the run's buffers after it returns */
	err = sampler_reset().error;
	memcpy(bufs[1] + BUF_SIZE / 2, bufs[0], BUF_SIZE / 2);	/* a copy of buffer 0 */
	{
		uint64_t end = rd_time() + 20 * 30000;	/* 60 ms: 20 periods */

		while (rd_time() < end)
			;
	}
	state_now(&s, &p);
	rt_check(!err && s == RVPMU_SAMPLER_IDLE &&
		 !memcmp(bufs[1] + BUF_SIZE / 2, bufs[0], BUF_SIZE / 2),
		 "RESET ends the run: IDLE (state %u, error %ld), buffer 0 unchanged 20 periods later",
		 (unsigned int)s, err);
	return rt_check_report();
}
