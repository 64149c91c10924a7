// SPDX-License-Identifier: BSD-2-Clause
/*
 * run.c - one sampler run: the firmware's buffers are the event's AUX
 * pages, cut into nr_bufs equal chunks in ring order; the firmware fills
 * them in turn (ring mode) and this file hands each closed one to perf
 * with perf_aux_output_end, then gives it back to the firmware
 * (BUFFER_RELEASE) once the reader moved aux_tail past it.
 *
 * Why chunk j of the run is AUX chunk (head0 / chunk + j) mod nr_bufs and
 * the run needs nr_bufs >= 2: perf's AUX space (CIRC_SPACE) never lets
 * the whole ring be committed, so at most nr_bufs - 1 chunks wait for the
 * reader while the firmware fills the last one.
 *
 * Context: rvs_run_start / rvs_run_stop are pmu::start / pmu::stop (the
 * event's CPU, IRQs off); the poll is an hrtimer pinned to that CPU, so
 * the three never run at once. One run at a time (main.c's busy flag).
 *
 * When the die's lead CPU goes offline, main.c moves the event to another
 * CPU of the die (perf_pmu_migrate_context: pmu::del on the old CPU, then
 * pmu::add on the new one). The firmware run is not the CPU's: the
 * firmware drops the stopping hart and samples the others, and STATUS,
 * BUFFER_RELEASE and STOP may come from any hart. So between
 * rvs_run_move_begin and rvs_run_move_end the stop only parks the run
 * (the poll cancelled on the old CPU, nothing said to the firmware) and
 * the start resumes it (the poll pinned to the new CPU).
 */
#include <linux/delay.h>
#include <linux/io.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <asm/sbi.h>

#include "rvpmu_sampler.h"

unsigned long rvs_hartid[NR_CPUS];

static struct rvpmu_sampler_config *cfg;	/* CONFIGURE copies it */
static struct rvpmu_sampler_status *status;
static u64 *hartmap;
static u32 *cid2;
static unsigned int hart_words, cid2_count;
static DEFINE_PER_CPU(struct perf_event *, cid2_ev);

static struct {
	struct perf_event *event;
	struct rvs_aux *aux;
	unsigned long chunk;	/* bytes per buffer */
	unsigned int nbufs;
	unsigned long head0;	/* aux_head when the run started */
	u64 done;		/* chunks committed to perf */
	u64 released;		/* chunks given back to the firmware */
	u32 period_us;
	bool running, ended;
	bool moving;		/* the event moves to another CPU (main.c) */
	bool parked;		/* running, its poll cancelled for the move */
	struct hrtimer poll;
} run;

static long rvs_sbi(int fid, unsigned long a0, unsigned long a1, unsigned long a2)
{
	struct sbiret r = sbi_ecall(RVPMU_SAMPLER_EID, fid, a0, a1, a2, 0, 0, 0);

	return r.error ? r.error : 0;
}

static int sbi_to_errno(long e)
{
	switch (e) {
	case 0:				return 0;
	case SBI_ERR_NOT_SUPPORTED:	return -EOPNOTSUPP;
	case SBI_ERR_DENIED:		return -EBUSY;
	case SBI_ERR_INVALID_ADDRESS:	return -EFAULT;
	case -7:			return -EBUSY;	/* ALREADY_STARTED */
	default:			return -EINVAL;
	}
}

static struct rvpmu_sampler_header *chunk_hdr(unsigned int buf)
{
	unsigned long off = (run.head0 + (unsigned long)buf * run.chunk) %
			    ((unsigned long)run.aux->nr_pages << PAGE_SHIFT);

	return (struct rvpmu_sampler_header *)
	       ((char *)run.aux->pages[off >> PAGE_SHIFT] + (off & ~PAGE_MASK));
}

/* Physical start of AUX bytes [off, off + len), or 0 if not contiguous. */
static phys_addr_t aux_phys(const struct rvs_aux *aux, unsigned long off,
			    unsigned long len)
{
	unsigned long p = off >> PAGE_SHIFT, n = len >> PAGE_SHIFT, i;
	phys_addr_t base = virt_to_phys(aux->pages[p]);

	for (i = 1; i < n; i++)
		if (virt_to_phys(aux->pages[p + i]) != base + (i << PAGE_SHIFT))
			return 0;
	return base;
}

static void read_status(void)
{
	if (rvs_sbi(RVPMU_SAMPLER_STATUS, virt_to_phys(status), 0, sizeof(*status)))
		memset(status, 0, sizeof(*status));
}

/*
 * Commits every closed buffer perf has room for and releases every chunk
 * the reader consumed. Returns false once the event's AUX area is gone.
 */
static bool drain(void)
{
	unsigned long aux_size = (unsigned long)run.aux->nr_pages << PAGE_SHIFT;
	struct perf_output_handle h;

	for (;;) {
		struct rvpmu_sampler_header *hdr;
		unsigned long tail;
		u64 consumed;
		u32 state;

		if (!perf_aux_output_begin(&h, run.event))
			return false;
		tail = h.head + h.size + 1 - aux_size;	/* CIRC_SPACE's inverse */
		consumed = tail > run.head0 ? (tail - run.head0) / run.chunk : 0;
		while (run.released < consumed && run.released < run.done) {
			rvs_sbi(RVPMU_SAMPLER_BUFFER_RELEASE, run.released % run.nbufs, 0, 0);
			run.released++;
		}
		hdr = chunk_hdr(run.done % run.nbufs);
		state = READ_ONCE(hdr->state);
		smp_rmb();	/* the header's state is written last */
		if ((state == RVPMU_SAMPLER_BUF_FULL || state == RVPMU_SAMPLER_BUF_LAST) &&
		    READ_ONCE(hdr->lap) == run.done / run.nbufs && h.size >= run.chunk) {
			perf_aux_output_end(&h, run.chunk);
			run.done++;
			if (state == RVPMU_SAMPLER_BUF_LAST)
				run.ended = true;
			continue;
		}
		perf_aux_output_end(&h, 0);
		return true;
	}
}

static enum hrtimer_restart poll_fn(struct hrtimer *t)
{
	/* STATUS first: DONE then means every buffer is final for drain() */
	read_status();
	if (!drain() || status->state == RVPMU_SAMPLER_DONE)
		run.ended = true;
	if (run.ended)
		return HRTIMER_NORESTART;
	hrtimer_forward_now(t, ns_to_ktime(clamp(run.period_us, 1000u, 20000u) * NSEC_PER_USEC));
	return HRTIMER_RESTART;
}

/* Picks nr_bufs (a power of two, 2..64, chunks physically contiguous and
 * aligned to the ring's head), fills cfg->bufs and CONFIGUREs. */
static int configure(struct rvs_aux *aux, unsigned long head)
{
	unsigned long aux_size = (unsigned long)aux->nr_pages << PAGE_SHIFT;
	unsigned int n = min(RVPMU_SAMPLER_MAX_BUFS, aux->nr_pages);
	long err = SBI_ERR_INVALID_PARAM;

	n = rounddown_pow_of_two(n);
	for (; n >= 2; n /= 2) {
		unsigned long chunk = aux_size / n;
		unsigned int i;

		if (head % chunk)
			continue;
		for (i = 0; i < n; i++) {
			unsigned long off = (head + i * chunk) % aux_size;

			cfg->bufs[i].addr = aux_phys(aux, off, chunk);
			cfg->bufs[i].size = chunk;
			if (!cfg->bufs[i].addr)
				break;
		}
		if (i < n)
			continue;
		cfg->nr_bufs = n;
		err = rvs_sbi(RVPMU_SAMPLER_CONFIGURE, virt_to_phys(cfg), 0, 0);
		if (err != SBI_ERR_INVALID_PARAM) {
			run.chunk = chunk;
			run.nbufs = n;
			break;
		}
	}
	return sbi_to_errno(err);
}

void rvs_run_prepare(struct rvs_die *die, const struct rvs_settings *s)
{
	unsigned int i;

	memset(cfg, 0, sizeof(*cfg));
	cfg->magic = RVPMU_SAMPLER_CFG_MAGIC;
	cfg->version = RVPMU_SAMPLER_VERSION;
	mutex_lock(&die->lock);
	cfg->nr_events = die->nr_events;
	for (i = 0; i < die->nr_events; i++)
		rvs_id_to_sbi(die->ids[i], &cfg->events[i]);
	mutex_unlock(&die->lock);
	cfg->nr_pmu = s->nr_pmu;
	cfg->period_us = s->period_us;
	cfg->nr_sample = s->nr_sample;
	cfg->filter = s->filter;
	cfg->flags = RVPMU_SAMPLER_F_RING;
	memset(hartmap, 0, hart_words * 8);
	for_each_cpu(i, &die->cpus)
		hartmap[rvs_hartid[i] / 64] |= 1ull << (rvs_hartid[i] % 64);
	cfg->harts_addr = virt_to_phys(hartmap);
	cfg->harts_bits = hart_words * 64;
	cfg->cid2_addr = virt_to_phys(cid2);
	cfg->cid2_count = cid2_count;
	run.period_us = s->period_us;
}

/* The poll, pinned to the calling CPU: the first look in a millisecond. */
static void poll_here(void)
{
	hrtimer_start(&run.poll, ns_to_ktime(1000 * NSEC_PER_USEC), HRTIMER_MODE_REL_PINNED);
}

int rvs_run_start(struct perf_event *event)
{
	unsigned long aux_size;
	struct perf_output_handle h;
	struct rvs_aux *aux;
	int err;

	if (run.parked && run.event == event) {	/* the move's second half */
		run.parked = false;
		poll_here();
		return 0;
	}

	aux = perf_aux_output_begin(&h, event);
	if (!aux)
		return -EINVAL;
	aux_size = (unsigned long)aux->nr_pages << PAGE_SHIFT;
	if (h.size != aux_size - 1) {	/* the reader must have caught up */
		perf_aux_output_end(&h, 0);
		return -EBUSY;
	}
	err = configure(aux, h.head);
	if (!err)
		err = sbi_to_errno(rvs_sbi(RVPMU_SAMPLER_START, 0, 0, 0));
	if (err) {
		perf_aux_output_end(&h, 0);
		pr_warn(RVS_NAME ": the firmware refused the run (%d)\n", err);
		return err;
	}
	run.event = event;
	run.aux = aux;
	run.head0 = h.head;
	run.done = run.released = 0;
	run.ended = false;
	run.running = true;
	perf_aux_output_end(&h, 0);
	poll_here();
	return 0;
}

void rvs_run_stop(struct perf_event *event)
{
	unsigned long waited;

	if (!run.running || run.event != event)
		return;
	/* IRQs are off on the poll's CPU: it is not running, so this cancels */
	hrtimer_try_to_cancel(&run.poll);
	if (run.moving) {	/* the move's first half: the run goes on */
		run.parked = true;
		return;
	}
	run.parked = false;
	rvs_sbi(RVPMU_SAMPLER_STOP, 0, 0, 0);
	/* every hart stops at its next deadline at the latest: until then
	 * the firmware may still write into the AUX pages */
	for (waited = 0; waited < run.period_us + 20000ul; waited += 20) {
		read_status();
		if (status->state != RVPMU_SAMPLER_RUNNING)
			break;
		udelay(20);
	}
	drain();
	run.running = false;
}

void rvs_run_move_begin(void)
{
	WRITE_ONCE(run.moving, true);
}

void rvs_run_move_end(void)
{
	WRITE_ONCE(run.moving, false);
	/* perf_pmu_migrate_context always adds the event back, so this is
	   not expected; were it left parked, nothing would read its buffers:
	   end the firmware's run rather than let it fill them and stop FULL */
	if (WARN_ON_ONCE(run.parked)) {
		rvs_sbi(RVPMU_SAMPLER_STOP, 0, 0, 0);
		run.parked = false;
		run.running = false;
	}
}

/*
 * CID2 upkeep. The hart's word is the tgid of the task running on it.
 * With tracepoints in the kernel, the scheduler's sched_switch tracepoint
 * writes it on every switch (no ecall, no timer): found by name, since
 * Linux 6.1 does not export it to modules. Without them, a pinned
 * cpu-clock kernel event per CPU looks four times a subsample.
 */
static void cid2_set(struct task_struct *t)
{
	unsigned long hart = rvs_hartid[smp_processor_id()];

	if (hart < cid2_count)
		WRITE_ONCE(cid2[hart], (u32)task_tgid_nr(t));
}

static void cid2_tick(struct perf_event *ev, struct perf_sample_data *d,
		      struct pt_regs *regs)
{
	/* the task this tick interrupted is the one running on the hart */
	cid2_set(current);
}

#ifdef CONFIG_TRACEPOINTS
static struct tracepoint *sched_switch_tp;
static bool cid2_hooked;

static void find_sched_switch(struct tracepoint *tp, void *priv)
{
	if (!strcmp(tp->name, "sched_switch"))
		sched_switch_tp = tp;
}

/* sched_switch's prototype in Linux 6.1 (include/trace/events/sched.h) */
static void cid2_switch(void *data, bool preempt, struct task_struct *prev,
			struct task_struct *next, unsigned int prev_state)
{
	cid2_set(next);
}

/* the task a CPU runs when the hook goes in, until its first switch */
static void cid2_seed(void *info)
{
	cid2_set(current);
}

static int cid2_hook(struct rvs_die *die)
{
	int cpu;

	if (!sched_switch_tp)
		for_each_kernel_tracepoint(find_sched_switch, NULL);
	if (!sched_switch_tp || tracepoint_probe_register(sched_switch_tp, cid2_switch, NULL))
		return -ENOENT;
	cid2_hooked = true;
	for_each_cpu_and(cpu, &die->cpus, cpu_online_mask)
		smp_call_function_single(cpu, cid2_seed, NULL, 1);
	return 0;
}

static void cid2_unhook(void)
{
	if (!cid2_hooked)
		return;
	tracepoint_probe_unregister(sched_switch_tp, cid2_switch, NULL);
	tracepoint_synchronize_unregister();
	cid2_hooked = false;
}
#else
static int cid2_hook(struct rvs_die *die)
{
	return -ENOENT;
}

static void cid2_unhook(void)
{
}
#endif

int rvs_cid2_create(struct rvs_die *die, u32 period_us)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_SOFTWARE,
		.config = PERF_COUNT_SW_CPU_CLOCK,
		.size = sizeof(attr),
		.pinned = 1,
		/* four looks per subsample, none closer than 100 us */
		.sample_period = max(period_us / 4, 100u) * 1000ull,
	};
	static bool said;
	int cpu;

	if (!cid2_hook(die)) {
		if (!said)
			pr_info("rvpmu_sampler: CID2 from the sched_switch tracepoint\n");
		said = true;
		return 0;
	}
	if (!said)
		pr_info("rvpmu_sampler: CID2 from a cpu-clock event every %llu us (no tracepoints)\n",
			attr.sample_period / 1000);
	said = true;
	for_each_cpu_and(cpu, &die->cpus, cpu_online_mask) {
		struct perf_event *ev;

		ev = perf_event_create_kernel_counter(&attr, cpu, NULL, cid2_tick, NULL);
		if (IS_ERR(ev)) {
			rvs_cid2_destroy();
			return PTR_ERR(ev);
		}
		per_cpu(cid2_ev, cpu) = ev;
	}
	return 0;
}

void rvs_cid2_destroy(void)
{
	int cpu;

	cid2_unhook();
	for_each_possible_cpu(cpu) {
		struct perf_event *ev = per_cpu(cid2_ev, cpu);

		if (ev) {
			perf_event_release_kernel(ev);
			per_cpu(cid2_ev, cpu) = NULL;
		}
	}
	memset(cid2, 0, cid2_count * sizeof(*cid2));
}

int rvs_run_init(void)
{
	unsigned long max_hart = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		max_hart = max(max_hart, rvs_hartid[cpu]);
	hart_words = max_hart / 64 + 1;
	cid2_count = max_hart + 1;
	cfg = kzalloc(sizeof(*cfg), GFP_KERNEL);
	status = kzalloc(sizeof(*status), GFP_KERNEL);
	hartmap = kcalloc(hart_words, 8, GFP_KERNEL);
	cid2 = kcalloc(cid2_count, sizeof(*cid2), GFP_KERNEL);
	if (!cfg || !status || !hartmap || !cid2) {
		rvs_run_exit();
		return -ENOMEM;
	}
	hrtimer_init(&run.poll, CLOCK_MONOTONIC, HRTIMER_MODE_REL_PINNED);
	run.poll.function = poll_fn;
	return 0;
}

void rvs_run_exit(void)
{
	if (cfg)
		rvs_sbi(RVPMU_SAMPLER_STOP, 0, 0, 0);	/* no run can be left */
	kfree(cfg);
	kfree(status);
	kfree(hartmap);
	kfree(cid2);
	cfg = NULL;
}
