// SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0
/*
 * fw.c - the module's calls into the firmware's sampler extension,
 * version 2 (docs/sbi-sampler.md, include/rvpmu/sampler.h): GET_INFO and
 * RESET at load, the configuration written and checked for an event
 * (CHECK_ONLY's plan, then a scratch run), the hart set in the SBI's
 * hart_mask / hart_mask_base form, STOP with its promise checked, and the
 * RESET on reboot and kexec. run.c drives a run with these.
 *
 * The memory the firmware reads or writes here (the configuration, which
 * it writes the plan into; STATUS's and GET_INFO's answers; the CID2
 * array) is kmalloc'ed: RAM of the kernel's, 8-byte aligned, as the
 * extension's shared-memory rules ask.
 */
#include <linux/bits.h>
#include <linux/gfp.h>
#include <linux/delay.h>
#include <linux/io.h>
#include <linux/ktime.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <asm/sbi.h>

#include "rvpmu_sampler.h"

unsigned long rvs_hartid[NR_CPUS];
u32 *rvs_cid2;
unsigned int rvs_cid2_count;
struct rvpmu_sampler_info *rvs_info;

struct rvpmu_sampler_config *rvs_cfg;	/* CONFIGURE reads it, writes plan */
struct rvpmu_sampler_status *rvs_status;
/* reboot or kexec under way: no run starts again (rvs_run_shutdown) */
bool rvs_shut;

/* A physical address as the extension's lo, hi register pair. */
#define PA_LO(pa)	((unsigned long)(pa))
#define PA_HI(pa)	((unsigned long)(IS_ENABLED(CONFIG_32BIT) ? upper_32_bits((u64)(pa)) : 0))

long rvs_sbi(int fid, unsigned long a0, unsigned long a1, unsigned long a2,
	     unsigned long a3, unsigned long a4)
{
	struct sbiret r = sbi_ecall(RVPMU_SAMPLER_EID, fid, a0, a1, a2, a3, a4, 0);

	return r.error;
}

/*
 * A failed STATUS is no answer: asked again, up to three times, before
 * the caller takes the run as not over (and, after a STOP, keeps its
 * memory for good: one lost call would otherwise leak a whole AUX area).
 */
long rvs_read_status(void)
{
	long err;
	int i;

	for (i = 0; i < 3; i++) {
		err = rvs_sbi(RVPMU_SAMPLER_STATUS, PA_LO(virt_to_phys(rvs_status)),
			      PA_HI(virt_to_phys(rvs_status)), sizeof(*rvs_status), 0, 0);
		if (err != SBI_ERR_FAILURE)
			break;
	}
	return err;
}

long rvs_configure_call(struct rvs_event *ev, unsigned long flags)
{
	return rvs_sbi(RVPMU_SAMPLER_CONFIGURE, PA_LO(virt_to_phys(rvs_cfg)),
		       PA_HI(virt_to_phys(rvs_cfg)), ev->hart_mask, ev->hart_base,
		       ev->conf_flags | flags);
}

/*
 * The kernel's mapping of an SBI error, but for what perf_event_open
 * must tell apart: DENIED and ALREADY_STARTED are the sampler's counters
 * or the sampler itself being in use (-EBUSY, which perf reports as
 * such), FAILED the firmware's lack of memory for a configuration (the
 * one FAILED the extension answers, CONFIGURE's: -ENOMEM), and what the
 * kernel maps to its own not-supported code (not a user errno) is
 * -EOPNOTSUPP.
 */
int rvs_errno(long e)
{
	int err;

	if (e == SBI_ERR_DENIED || e == SBI_ERR_ALREADY_STARTED)
		return -EBUSY;
	if (e == SBI_ERR_FAILURE)
		return -ENOMEM;
	err = sbi_err_map_linux_errno(e);
	return err == 0 || err == -EINVAL || err == -EFAULT ? err : -EOPNOTSUPP;
}

const char *rvs_refusal(int err)
{
	switch (err) {
	case -EBUSY:	  return "the counters it needs are held by S-mode (regular perf events)";
	case -EOPNOTSUPP: return "an event or filter the platform cannot count";
	case -EFAULT:	  return "a buffer the firmware cannot write";
	case -ENOMEM:	  return "memory the firmware lacks for it (fewer events, buffers or CPUs)";
	default:	  return "the configuration";
	}
}

/*
 * STOP, and the check of its promise: afterwards STATUS says the run is
 * over (DONE, or IDLE/CONFIGURED when none was on). When it does not, or
 * STATUS fails, RESET (which ends any run) and STATUS again: rvs_status is
 * then IDLE's, and what the run counted is lost. Returns false when even
 * that does not show the run over: nothing shows that its harts stopped
 * writing, and the caller must assume they did not.
 */
bool rvs_firmware_stop(bool *reset)
{
	rvs_sbi(RVPMU_SAMPLER_STOP, 0, 0, 0, 0, 0);
	*reset = false;
	if (!rvs_read_status() && rvs_status->state != RVPMU_SAMPLER_RUNNING)
		return true;
	*reset = true;
	rvs_sbi(RVPMU_SAMPLER_RESET, 0, 0, 0, 0, 0);
	return !rvs_read_status() && rvs_status->state == RVPMU_SAMPLER_IDLE;
}

/*
 * The hart set of CONFIGURE in the SBI's form: a mask of hartids from a
 * base when they span fewer than XLEN, else the range form when they are
 * consecutive. -EINVAL otherwise (logged).
 */
static int hart_set(struct rvs_event *ev, const struct rvs_settings *s, unsigned int *count)
{
	struct rvs_die *die = ev->die;
	unsigned long lo = ULONG_MAX, hi = 0;
	unsigned int i, n = 0, harts = 0;

	for_each_cpu(i, &die->cpus) {
		/* the harts term names the die's CPUs by index, 0 all of them */
		if (!s->harts || (n < 32 && (s->harts >> n & 1))) {
			lo = min(lo, rvs_hartid[i]);
			hi = max(hi, rvs_hartid[i]);
			harts++;
		}
		n++;
	}
	*count = harts;
	if (!harts)
		return -EINVAL;
	ev->hart_base = lo;
	ev->conf_flags = 0;
	if (hi - lo < BITS_PER_LONG) {
		ev->hart_mask = 0;
		n = 0;
		for_each_cpu(i, &die->cpus) {
			if (!s->harts || (n < 32 && (s->harts >> n & 1)))
				ev->hart_mask |= BIT(rvs_hartid[i] - lo);
			n++;
		}
		return 0;
	}
	if (hi - lo + 1 == harts) {
		ev->hart_mask = harts;
		ev->conf_flags = RVPMU_SAMPLER_CONF_HART_RANGE;
		return 0;
	}
	pr_info_ratelimited(RVS_NAME ": %s: harts %lu..%lu are neither within %d hartids nor consecutive: no CONFIGURE hart set names them\n",
			    die->name, lo, hi, BITS_PER_LONG);
	return -EINVAL;
}

/*
 * Process context, after a STOP and a RESET that did not show the run
 * over: STATUS every millisecond for up to ms more, until it shows no run
 * on (a firmware slow to stop). Whether it did.
 */
static bool over_within(unsigned int ms)
{
	ktime_t t0 = ktime_get();

	while (ktime_ms_delta(ktime_get(), t0) < ms) {
		usleep_range(1000, 2000);
		if (!rvs_read_status() && rvs_status->state != RVPMU_SAMPLER_RUNNING) {
			pr_warn_ratelimited(RVS_NAME ": the firmware's run went on after STOP and RESET; it ended within %lld ms, the scratch buffer kept until then\n",
					    ktime_ms_delta(ktime_get(), t0));
			return true;
		}
	}
	return false;
}

/*
 * The probe: the configuration with one zeroed scratch buffer of the
 * plan's least size, START, STOP, RESET (so that the firmware keeps no
 * address of it). After STOP returns nothing writes it again, so it is
 * freed at once, unless STATUS does not show the run over: then it is
 * freed once STATUS does, within 20 ms, and kept for good if not.
 */
static int probe(struct rvs_event *ev)
{
	size_t size = rvs_cfg->plan.min_buffer_size;
	/*
	 * More than a page with many events: on fragmented memory a
	 * refusal (ENOMEM), never the OOM killer that GFP_KERNEL alone
	 * calls for orders up to 3.
	 */
	void *buf = alloc_pages_exact(size, GFP_KERNEL | __GFP_NORETRY | __GFP_NOWARN |
					    __GFP_ZERO);
	bool reset;
	long err;
	int run;

	if (!buf) {
		pr_warn_ratelimited(RVS_NAME ": %s: no %zu contiguous bytes for the scratch buffer that checks the firmware (the memory is fragmented): the event is refused\n",
				    ev->die->name, size);
		return -ENOMEM;
	}
	run = rvs_trace_hold(virt_to_phys(buf), size);
	rvs_cfg->nr_bufs = 1;
	rvs_cfg->bufs[0].addr = virt_to_phys(buf);
	rvs_cfg->bufs[0].size = size;
	err = rvs_configure_call(ev, 0);
	if (!err)
		err = rvs_sbi(RVPMU_SAMPLER_START, 0, 0, 0, 0, 0);
	if (!err && !rvs_firmware_stop(&reset) && !over_within(20)) {
		pr_err_ratelimited(RVS_NAME ": the firmware may still run after STOP and RESET; the scratch buffer is kept (leaked)\n");
		rvs_trace_end(run, true);
		return -EIO;
	}
	rvs_sbi(RVPMU_SAMPLER_RESET, 0, 0, 0, 0, 0);
	rvs_trace_end(run, false);
	free_pages_exact(buf, size);
	return rvs_errno(err);
}

int rvs_run_prepare(struct rvs_event *ev, const struct rvs_settings *s)
{
	struct rvs_die *die = ev->die;
	unsigned int i, harts;
	long e;
	int err;

	memset(rvs_cfg, 0, sizeof(*rvs_cfg));
	rvs_cfg->magic = RVPMU_SAMPLER_CFG_MAGIC;
	rvs_cfg->version = RVPMU_SAMPLER_CFG_VERSION;
	mutex_lock(&die->lock);
	rvs_cfg->nr_events = die->nr_events;
	for (i = 0; i < die->nr_events; i++)
		rvs_id_to_sbi(die->ids[i], &rvs_cfg->events[i]);
	mutex_unlock(&die->lock);
	if (rvs_cfg->nr_events > rvs_info->max_events)
		return -EINVAL;
	rvs_cfg->nr_pmu = s->nr_pmu;
	rvs_cfg->period_us = s->period_us;
	rvs_cfg->nr_sample = s->nr_sample;
	rvs_cfg->filter = s->filter;
	rvs_cfg->flags = RVPMU_SAMPLER_F_RING;
	rvs_cfg->cid2_addr = virt_to_phys(rvs_cid2);
	rvs_cfg->cid2_count = rvs_cid2_count;
	ev->period_us = s->period_us;
	err = hart_set(ev, s, &harts);
	if (err)
		return err;
	/* the plan first: nr_pmu and a buffer's least size, nothing in force */
	e = rvs_configure_call(ev, RVPMU_SAMPLER_CONF_CHECK_ONLY);
	if (e) {
		err = rvs_errno(e);
		pr_info_ratelimited(RVS_NAME ": %s: the firmware refuses the run (%d): %s\n",
				    die->name, err, rvs_refusal(err));
		return err;
	}
	/* the probe says why it failed (no memory, a firmware that runs on) */
	err = probe(ev);
	if (err == -ENOMEM || err == -EIO)
		return err;
	if (err) {
		pr_info_ratelimited(RVS_NAME ": %s: the firmware refuses the run (%d): %s\n",
				    die->name, err, rvs_refusal(err));
		return err;
	}
	ev->min_buf = rvs_cfg->plan.min_buffer_size;
	return 0;
}

void rvs_run_shutdown(bool sync)
{
	WRITE_ONCE(rvs_shut, true);
	/*
	 * every poll and pmu::start runs with IRQs off: once each CPU took
	 * an IPI, none that began before the flag is still in flight, and
	 * every later one sees it and starts nothing
	 */
	if (sync)
		kick_all_cpus_sync();
	rvs_sbi(RVPMU_SAMPLER_RESET, 0, 0, 0, 0, 0);
}

int rvs_run_init(void)
{
	unsigned long max_hart = 0;
	int cpu, err;
	long e;

	for_each_possible_cpu(cpu)
		max_hart = max(max_hart, rvs_hartid[cpu]);
	rvs_cid2_count = max_hart + 1;
	rvs_cfg = kzalloc(sizeof(*rvs_cfg), GFP_KERNEL);
	rvs_status = kzalloc(sizeof(*rvs_status), GFP_KERNEL);
	rvs_info = kzalloc(sizeof(*rvs_info), GFP_KERNEL);
	/* 8-byte aligned, as the extension's shared memory must be */
	rvs_cid2 = kcalloc(ALIGN(rvs_cid2_count, 2), sizeof(*rvs_cid2), GFP_KERNEL);
	err = rvs_aux_init();
	if (!rvs_cfg || !rvs_status || !rvs_info || !rvs_cid2 || err) {
		rvs_run_exit();
		return -ENOMEM;
	}
	e = rvs_sbi(RVPMU_SAMPLER_GET_INFO, PA_LO(virt_to_phys(rvs_info)),
		    PA_HI(virt_to_phys(rvs_info)), sizeof(*rvs_info), 0, 0);
	if (e || rvs_info->version < RVPMU_SAMPLER_SPEC_VERSION ||
	    !(rvs_info->layouts & BIT(RVPMU_SAMPLER_LAYOUT)) ||
	    !(rvs_info->flags & RVPMU_SAMPLER_F_RING) ||
	    !(rvs_info->conf_flags & RVPMU_SAMPLER_CONF_CHECK_ONLY) ||
	    !rvs_info->max_events || !rvs_info->max_bufs) {
		pr_err(RVS_NAME ": the firmware's sampler (GET_INFO %ld: version %u, layouts 0x%x, flags 0x%x, CONFIGURE flags 0x%x) lacks layout %u, ring mode or CHECK_ONLY; not loading\n",
		       e, rvs_info->version, rvs_info->layouts, rvs_info->flags,
		       rvs_info->conf_flags, RVPMU_SAMPLER_LAYOUT);
		rvs_run_exit();
		return -ENODEV;
	}
	/*
	 * a run a kernel before a kexec may have left writes into our
	 * memory: said (the kexec row looks for it), and ended
	 */
	if (!rvs_read_status() && rvs_status->state == RVPMU_SAMPLER_RUNNING)
		pr_warn(RVS_NAME ": the firmware's sampler was running when the module loaded (left by a kernel before a kexec?); RESET\n");
	rvs_sbi(RVPMU_SAMPLER_RESET, 0, 0, 0, 0, 0);
	return 0;
}

void rvs_run_exit(void)
{
	/* no event can be left (perf holds the module while one is open) */
	rvs_aux_exit();
	kfree(rvs_cfg);
	kfree(rvs_status);
	kfree(rvs_info);
	kfree(rvs_cid2);
	rvs_cfg = NULL;
	rvs_info = NULL;
}
