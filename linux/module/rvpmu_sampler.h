/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * rvpmu_sampler.h - the Linux side of rvpmu's offloaded sampler: a perf
 * PMU per die whose AUX pages are the firmware's output buffers.
 *
 * Pieces: main.c registers the PMUs and their sysfs files and answers
 * perf's callbacks; events.c turns the user_events text into SBI events;
 * run.c drives the firmware (CONFIGURE, START, STOP, STATUS,
 * BUFFER_RELEASE), hands full buffers to perf and keeps CID2 current.
 *
 * The firmware has one sampler, so one event of one die runs at a time
 * (a second perf_event_open gets -EBUSY); every run is in ring mode over
 * the event's AUX area cut into nr_bufs equal chunks.
 */
#ifndef RVPMU_SAMPLER_KMOD_H
#define RVPMU_SAMPLER_KMOD_H

#include <linux/cpumask.h>
#include <linux/hrtimer.h>
#include <linux/mutex.h>
#include <linux/perf_event.h>

#include "rvpmu/sampler.h"

#define RVS_NAME "rvpmu_sampler"

/* One die: a PMU, its CPUs and its event list (user_events). */
struct rvs_die {
	struct pmu pmu;
	int id;				/* N in rvpmu_sampler_die<N> */
	cpumask_t cpus;			/* possible CPUs of the die */
	unsigned int lead_cpu;		/* the CPU the event lives on (cpumask);
					   nr_cpu_ids: none of the die's is online */
	struct hlist_node node;		/* in the CPU hotplug state (main.c) */
	char name[32];
	struct mutex lock;		/* user_events */
	unsigned int nr_events;
	u64 ids[RVPMU_SAMPLER_MAX_EVENTS];	/* as written (see events.c) */
};

/* The event's settings, decoded from attr.config* (main.c). */
struct rvs_settings {
	u32 nr_sample;
	u32 period_us;
	u32 nr_pmu;
	u32 filter;
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
/* The AUX area as perf handed it to setup_aux. */
struct rvs_aux {
	void **pages;		/* kernel addresses of the pages, in ring order */
	int nr_pages;
};

/*
 * Writes the run's configuration (every field but the buffers) from the
 * die's events and s. Process context (event_init), by the busy flag's
 * owner only.
 */
void rvs_run_prepare(struct rvs_die *die, const struct rvs_settings *s);
/*
 * Starts the prepared run: buffers = chunks of the event's AUX area from
 * the ring's head, CONFIGURE, START, and the poll. pmu::start context (the
 * event's CPU, IRQs off). Returns 0 or a negative errno: -EINVAL (no AUX
 * area, or it cannot hold two buffers of header + sample), -EBUSY (the
 * reader has not emptied the AUX area, or the firmware's counters are
 * taken: DENIED), -EOPNOTSUPP (an event the platform cannot count).
 */
int rvs_run_start(struct perf_event *event);
/* Stops the run, waits for the firmware to let go of the buffers, and
 * hands the closed ones to perf. pmu::stop context. Idempotent. Between
 * rvs_run_move_begin and rvs_run_move_end it only parks the run (see
 * below) and the next rvs_run_start of the event resumes it. */
void rvs_run_stop(struct perf_event *event);
/*
 * Brackets perf_pmu_migrate_context of the die's event from a CPU going
 * offline to another CPU of the die (main.c's hotplug callback, process
 * context, CPU hotplug lock held): the firmware run goes on, the old CPU
 * cancels its poll and the new CPU polls, commits and releases buffers.
 * move_end finds the event added back; if it were not, it STOPs the run.
 */
void rvs_run_move_begin(void);
void rvs_run_move_end(void);
/* CID2 upkeep: the sched_switch tracepoint when the kernel has
 * tracepoints, else per-CPU kernel cpu-clock events on the die's online
 * CPUs (process context, from event_init / event destroy). */
int rvs_cid2_create(struct rvs_die *die, u32 period_us);
void rvs_cid2_destroy(void);
/* Allocates / frees the run's kernel memory (module init / exit). */
int rvs_run_init(void);
void rvs_run_exit(void);
/* Hart id of each CPU from the DT (module init). */
extern unsigned long rvs_hartid[NR_CPUS];

#endif /* RVPMU_SAMPLER_KMOD_H */
