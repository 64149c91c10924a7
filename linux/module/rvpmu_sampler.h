/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0 */
/*
 * Specification: docs/sbi-sampler.md (the SBI extension this module drives).
 * rvpmu_sampler.h - the Linux side of rvpmu's offloaded sampler: a perf
 * PMU per die whose AUX pages are the firmware's output buffers.
 *
 * Pieces: main.c registers the PMUs and their sysfs files and answers
 * perf's callbacks; events.c turns the user_events text into SBI events;
 * fw.c makes the firmware calls (GET_INFO, CONFIGURE, STOP, STATUS,
 * RESET) and checks a configuration; run.c drives a run (START,
 * BUFFER_RELEASE, the poll) and hands full buffers to perf; aux.c holds
 * the AUX pages a run may write; cid2.c keeps CID2 current.
 *
 * The firmware has one sampler, so one event of one die runs at a time
 * (a second perf_event_open gets -EBUSY): main.c's owner pointer says
 * which. Every run is in ring mode over the event's AUX area cut into
 * nr_bufs equal chunks.
 *
 * The rule that keeps AUX pages alive: a run holds its own reference on
 * every page of the AUX area (get_page) from before CONFIGURE names them
 * to the firmware until STATUS says the run is over (after STOP, or after
 * RESET when STOP's answer cannot be trusted); perf's own free of the
 * area then only drops its reference. If the firmware never says the run
 * is over, the pages are kept for good, counted and logged. The AUX
 * output handle is held from pmu::start to pmu::stop as perf's AUX rules
 * ask, but the pages' lifetime does not rest on it.
 *
 * Version 2 of the extension (include/rvpmu/sampler.h): the module loads
 * only when the firmware offers it (probe value 2) and GET_INFO says it
 * writes layout 4 in ring mode; it RESETs the firmware when it loads (a
 * kernel before a kexec may have left a run) and on reboot, kexec and
 * shutdown (main.c), so that no run writes into the next kernel.
 */
#ifndef RVPMU_SAMPLER_KMOD_H
#define RVPMU_SAMPLER_KMOD_H

#include <linux/cpumask.h>
#include <linux/hrtimer.h>
#include <linux/mutex.h>
#include <linux/perf_event.h>
#include <linux/refcount.h>
#include <linux/workqueue.h>

#include "rvpmu/sampler.h"
#include "shim/rvs_compat.h"

#define RVS_NAME "rvpmu_sampler"

/* One die: a PMU, its CPUs and its event list (user_events). */
struct rvs_die {
	struct pmu pmu;
	int id;				/* N in rvpmu_sampler_die<N> */
	cpumask_t cpus;			/* possible CPUs of the die */
	/* the CPU the event lives on (cpumask); nr_cpu_ids: none is online */
	unsigned int lead_cpu;
	struct hlist_node node;		/* in the CPU hotplug state (main.c) */
	char name[32];
	struct mutex lock;		/* user_events */
	unsigned int nr_events;
	u64 ids[RVPMU_SAMPLER_MAX_EVENTS];	/* as written (see events.c) */
};

/* nr_sample when the config says 0: a run of 128 samples (issue 13) */
#define RVS_NR_SAMPLE_DEFAULT	128u

/* The event's settings, decoded from attr.config* (main.c). */
struct rvs_settings {
	u32 harts;		/* the die's CPUs by index, 0: all */
	u32 nr_sample;
	u32 period_us;
	u32 nr_pmu;
	u32 filter;
};

/*
 * The AUX area as perf handed it to setup_aux, and the references runs
 * hold on its pages (run.c). Freed when perf is done with it (free_aux)
 * and no run holds its pages any more, whichever comes last.
 */
struct rvs_aux {
	/* kernel addresses of the pages, in ring order (perf's array: valid until free_aux) */
	void **pages;
	int nr_pages;
	struct page **pg;	/* the same pages, ours to put */
	/* bit n: cut into 2^n chunks, each is contiguous and holds a header and a sample */
	unsigned long cuts;
	refcount_t ref;		/* perf's (until free_aux) + one per pinning run */
	atomic_t unpins;	/* runs over whose page references go */
	struct llist_node unpin_node;	/* on aux.c's list of areas to unpin */
	unsigned long queued;	/* bit 0: on that list */
};

/*
 * One event's run (event->pmu_private), created by event_init. Touched
 * only on the event's CPU with IRQs off (pmu::add, del, start, stop and
 * the poll, an hrtimer pinned there), so it needs no lock.
 */
struct rvs_event {
	struct perf_event *event;
	struct rvs_die *die;
	struct perf_output_handle handle;	/* held from start to stop */
	bool held;		/* handle is begun */
	bool running;		/* the firmware run is this event's */
	bool ended;		/* the run's LAST buffer is committed */
	bool told;		/* its truncation is already in the AUX records */
	bool waiting;		/* no run: the poll waits for the reader's room */
	int refused;		/* waiting: the firmware's last refusal (errno), 0 none */
	struct rvs_aux *pinned;	/* the area whose pages the run holds */
	int trace_run;		/* aux.c's trace: the run's number */
	u64 min_buf;		/* plan.min_buffer_size: a buffer's least size */
	u32 hdr_size;		/* plan.header_size */
	unsigned long hart_mask, hart_base, conf_flags;	/* CONFIGURE's hart set */
	unsigned long chunk;	/* bytes per buffer */
	unsigned int nbufs;	/* the run's buffers */
	unsigned long head0;	/* aux_head of the run's first buffer */
	u64 done;		/* chunks committed to perf */
	u64 released;		/* chunks given back to the firmware */
	u32 period_us;
	struct hrtimer poll;
};

/* ---- events.c */
/*
 * Parses user_events text: hex ids separated by whitespace, at most
 * RVPMU_SAMPLER_MAX_EVENTS, each a config in riscv_pmu_sbi's encoding with
 * the perf type in bits 48..55 (see events.c). Fills ids[] and returns the
 * count, or -EINVAL (bad token or encoding) / -E2BIG (too many); ids[]
 * (RVPMU_SAMPLER_MAX_EVENTS entries) is then undefined. Process context.
 */
int rvs_parse_events(const char *buf, size_t len, u64 *ids);
/* The SBI event (event_idx, event_data) of a valid id. */
void rvs_id_to_sbi(u64 id, struct rvpmu_sampler_event *ev);

/* ---- fw.c: the firmware's extension */
/* an ecall of the sampler extension (EID RVPMU_SAMPLER_EID): its error */
long rvs_sbi(int fid, unsigned long a0, unsigned long a1, unsigned long a2,
	     unsigned long a3, unsigned long a4);
/* STATUS into rvs_status (its fixed part): the SBI error */
long rvs_read_status(void);
/* CONFIGURE of rvs_cfg with ev's hart set and flags: the SBI error */
long rvs_configure_call(struct rvs_event *ev, unsigned long flags);
/* An SBI error as the errno perf_event_open gives (0 for success). */
int rvs_errno(long e);
/* What an errno of the firmware's refusal means, for the log. */
const char *rvs_refusal(int err);
/*
 * STOP; then STATUS must show the run over, else RESET and STATUS must
 * show IDLE (*reset says RESET was needed). false: neither did, the
 * run's harts may still write. Any context.
 */
bool rvs_firmware_stop(bool *reset);
/* the configuration CONFIGURE reads (and writes the plan into), STATUS */
extern struct rvpmu_sampler_config *rvs_cfg;
extern struct rvpmu_sampler_status *rvs_status;
/* set by rvs_run_shutdown: no run starts again */
extern bool rvs_shut;

/*
 * Writes the run's configuration (every field but the buffers) from the
 * die's events and s, checks it with CONFIGURE's CHECK_ONLY (which gives
 * the plan: nr_pmu, a buffer's least size), then tries it with a scratch
 * buffer of that size (CONFIGURE, START, STOP, RESET) so that
 * perf_event_open answers what the run would: 0, -EINVAL (the firmware
 * refuses the configuration, or the hart set has no SBI form), -EBUSY (the
 * counters it needs are held by S-mode, or another run is on),
 * -EOPNOTSUPP (an event or filter the platform cannot count), -ENOMEM,
 * -EIO (the firmware did not show the scratch run over; the buffer is
 * kept). Process context (event_init), by the owner only.
 */
int rvs_run_prepare(struct rvs_event *ev, const struct rvs_settings *s);
/*
 * Module init: allocates the run's kernel memory, GET_INFO (the firmware
 * must offer layout 4, ring mode and CHECK_ONLY; -ENODEV otherwise) and
 * RESET (a run a previous kernel left). Module exit: frees it, after the
 * last deferred page release. Process context.
 */
int rvs_run_init(void);
void rvs_run_exit(void);
/*
 * Reboot, kexec, power off: no run starts from now on, and the firmware is
 * RESET so that nothing is written into the next kernel's memory. sync:
 * first wait for every CPU to be out of a poll or pmu::start in flight
 * (a reboot notifier, process context); without it, just RESET (syscore
 * shutdown, the last chance). Idempotent.
 */
void rvs_run_shutdown(bool sync);
/* GET_INFO's answer (filled at init) */
extern struct rvpmu_sampler_info *rvs_info;

/* Hart id of each CPU from the DT (module init). */
extern unsigned long rvs_hartid[NR_CPUS];
/* the firmware's CID2 array (cid2.c keeps it, fw.c names it) */
extern u32 *rvs_cid2;
extern unsigned int rvs_cid2_count;

/* ---- run.c */
/*
 * Starts a fresh run of the prepared configuration at the AUX area's head,
 * in the room the reader left (run.c); with no room yet, or when the
 * firmware refuses the run, the poll tries again (logged when refused).
 * pmu::start context (the event's CPU, IRQs off). Returns 0, -EINVAL (no
 * AUX area), -EBUSY (a run is on) or -ESHUTDOWN (the system reboots).
 */
int rvs_run_start(struct rvs_event *ev);
/*
 * Stops the run: STOP (synchronous; RESET when STATUS does not show it
 * over), the closed buffers handed to perf, the handle let go, the run's
 * page references given back (or kept). pmu::stop context. Idempotent.
 */
void rvs_run_stop(struct rvs_event *ev);
/* Per-event setup and teardown (event_init / event destroy). */
void rvs_event_setup(struct rvs_event *ev);
void rvs_event_teardown(struct rvs_event *ev);

/* ---- aux.c */
/*
 * setup_aux: the area's own copy of its pages and the cuts of it that
 * give contiguous buffers of ev->min_buf bytes or more. NULL (logged)
 * when no cut does, or no memory. Process context.
 */
void *rvs_aux_setup(struct rvs_event *ev, void **pages, int nr_pages);
/* free_aux: perf is done with the area (its pages may outlive it). */
void rvs_aux_free(void *aux);
/*
 * A run's reference on every page of aux, and on aux (ev->pinned), taken
 * before CONFIGURE names them to the firmware. Any context.
 */
void rvs_aux_pin(struct rvs_event *ev, struct rvs_aux *aux);
/* The run is over: its references go (deferred to process context). */
void rvs_aux_unpin(struct rvs_event *ev);
/* The run may not be over: its references are kept for good, logged. */
void rvs_aux_keep(struct rvs_event *ev);
/*
 * With the trace parameter (tests: scripts/lie-check), memory a firmware
 * may write from now on, [addr, addr + size), logged with the time CSR:
 * returns the number naming it (0 without trace), which rvs_trace_end
 * logs when it is let go or kept for good. Any context.
 */
int rvs_trace_hold(phys_addr_t addr, size_t size);
void rvs_trace_end(int run, bool keep);
/* The work queue that drops references (module init / exit). */
int rvs_aux_init(void);
void rvs_aux_exit(void);

/* ---- cid2.c */
/* pmu::sched_task: the incoming task's tgid into its hart's CID2 word. */
void rvs_sched_task(struct rvs_sched_ctx *ctx, bool sched_in);
/*
 * While an event exists: perf_sched_cb_inc / _dec for its die's PMU on
 * this CPU (hotplug callbacks, on the CPU concerned, the hotplug lock
 * held). Nothing when no event exists. Idempotent.
 */
void rvs_cid2_cpu_up(struct rvs_die *die);
void rvs_cid2_cpu_down(struct rvs_die *die);
/*
 * CID2 upkeep on / off with the event (event_init / event destroy,
 * process context, the hotplug lock not held): perf's scheduler callback
 * asked on the die's online CPUs, the words seeded with each CPU's
 * current task; at the end the callback given back and the words zeroed.
 */
void rvs_cid2_create(struct rvs_die *die);
void rvs_cid2_destroy(struct rvs_die *die);

#endif /* RVPMU_SAMPLER_KMOD_H */
