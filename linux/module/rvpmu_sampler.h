/* SPDX-License-Identifier: BSD-2-Clause OR GPL-2.0 */
/*
 * Specification: docs/sbi-sampler.md (the SBI extension this module drives).
 * rvpmu_sampler.h - the Linux side of rvpmu's offloaded sampler: a perf
 * PMU per die whose AUX pages are the firmware's output buffers.
 *
 * Pieces: main.c registers the PMUs and their sysfs files and answers
 * perf's callbacks; events.c turns the user_events text into SBI events;
 * run.c drives the firmware (CONFIGURE, START, STOP, STATUS,
 * BUFFER_RELEASE) and hands full buffers to perf; cid2.c keeps CID2
 * current.
 *
 * The firmware has one sampler, so one event of one die runs at a time
 * (a second perf_event_open gets -EBUSY): main.c's owner pointer says
 * which. Every run is in ring mode over the event's AUX area cut into
 * nr_bufs equal chunks.
 *
 * The rule that keeps AUX pages alive: from pmu::start to pmu::stop the
 * event holds its AUX output handle (perf_aux_output_begin), so perf
 * cannot free the pages; the handle is only let go once the firmware's
 * STOP has returned and STATUS shows the run over, and the extension
 * promises that after STOP no hart of the run writes again
 * (docs/sbi-sampler.md, STOP).
 */
#ifndef RVPMU_SAMPLER_KMOD_H
#define RVPMU_SAMPLER_KMOD_H

#include <linux/cpumask.h>
#include <linux/hrtimer.h>
#include <linux/mutex.h>
#include <linux/perf_event.h>

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

/* The event's settings, decoded from attr.config* (main.c). */
struct rvs_settings {
	u32 harts;		/* the die's CPUs by index, 0: all */
	u32 nr_sample;
	u32 period_us;
	u32 nr_pmu;
	u32 filter;
};

/* The AUX area as perf handed it to setup_aux. */
struct rvs_aux {
	void **pages;		/* kernel addresses of the pages, in ring order */
	int nr_pages;
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
	bool leaked;		/* STOP's promise unproven: pages never let go */
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

/* ---- run.c */
/*
 * Writes the run's configuration (every field but the buffers) from the
 * die's events and s, and tries it on the firmware with a scratch buffer
 * (CONFIGURE, START, STOP) so that perf_event_open answers what the run
 * would: 0, -EINVAL (the firmware refuses the configuration), -EBUSY (the
 * counters it needs are held by S-mode, or another run is on),
 * -EOPNOTSUPP (an event the platform cannot count), -ENOMEM. Process
 * context (event_init), by the owner only.
 */
int rvs_run_prepare(struct rvs_event *ev, const struct rvs_settings *s);
/*
 * Starts a fresh run of the prepared configuration at the AUX area's head,
 * in the room the reader left (run.c); with no room yet, the poll starts
 * it once there is. pmu::start context (the event's CPU, IRQs off).
 * Returns 0 or a negative errno: -EINVAL (no AUX area, or the firmware
 * refuses the configuration, e.g. no chunk holds header + sample), -EBUSY
 * (the counters are taken: DENIED), -EOPNOTSUPP (an event the platform
 * cannot count). A refusal is recorded in the AUX area as a truncated,
 * empty record.
 */
int rvs_run_start(struct rvs_event *ev);
/*
 * Stops the run: STOP (synchronous), the closed buffers handed to perf,
 * the handle let go. pmu::stop context. Idempotent.
 */
void rvs_run_stop(struct rvs_event *ev);
/* Per-event setup and teardown (event_init / event destroy). */
void rvs_event_setup(struct rvs_event *ev);
void rvs_event_teardown(struct rvs_event *ev);
/* Allocates / frees the run's kernel memory (module init / exit). */
int rvs_run_init(void);
void rvs_run_exit(void);
/* Hart id of each CPU from the DT (module init). */
extern unsigned long rvs_hartid[NR_CPUS];
/* the firmware's CID2 array (cid2.c keeps it, run.c names it) */
extern u32 *rvs_cid2;
extern unsigned int rvs_cid2_count;

/* ---- cid2.c */
/* pmu::sched_task: the incoming task's tgid into its hart's CID2 word. */
void rvs_sched_task(struct rvs_sched_ctx *ctx, bool sched_in);
/*
 * perf_sched_cb_inc / _dec for die's PMU on this CPU (hotplug callbacks,
 * on the CPU concerned; the PMU registered). Idempotent.
 */
void rvs_cid2_cpu_up(struct rvs_die *die);
void rvs_cid2_cpu_down(struct rvs_die *die);
/*
 * CID2 upkeep on / off with the event (event_init / event destroy,
 * process context): the words seeded with each CPU's current task, and
 * zeroed at the end.
 */
void rvs_cid2_create(struct rvs_die *die);
void rvs_cid2_destroy(void);

#endif /* RVPMU_SAMPLER_KMOD_H */
