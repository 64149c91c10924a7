/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * rvpmu/sampler.h - the ABI of rvpmu's offloaded sampler: its SBI
 * extension and the layout it writes to memory. docs/sbi-sampler.md is
 * the specification (section 5, the layouts; section 7, the functions);
 * docs/sampler.md explains the design. This header is the one place the
 * numbers live.
 * Shared by the sampler engine, the firmware, the S-mode client, the Linux
 * module and collector, and rvpmu-report. Freestanding: needs only
 * <stdint.h>.
 *
 * All structures are little-endian, naturally aligned, with fixed-size
 * fields and explicit padding, so that RV32, RV64 and the host read them
 * alike. A 64-bit physical address is passed to an ecall as two XLEN
 * registers, lo and hi (on RV64, hi must be 0).
 *
 * The model is HiSilicon's PMCU: events are rotated over nr_pmu counters
 * on every hart of a set; one pass over all events is a sample, one group
 * of nr_pmu events a subsample; every hart switches on the same absolute
 * mtime deadlines t0 + k * period.
 */
#ifndef RVPMU_SAMPLER_ABI_H
#define RVPMU_SAMPLER_ABI_H

#include <stdint.h>

/* ---- The SBI extension (firmware-specific EID space 0x0A000000-0x0AFFFFFF) */
#define RVPMU_SAMPLER_EID		0x0A53504Cul	/* 0x0A "SPL" */

#define RVPMU_SAMPLER_CONFIGURE		0	/* (cfg_lo, cfg_hi) */
#define RVPMU_SAMPLER_START		1	/* () */
#define RVPMU_SAMPLER_STOP		2	/* () */
#define RVPMU_SAMPLER_STATUS		3	/* (out_lo, out_hi, out_size) */
#define RVPMU_SAMPLER_BUFFER_RELEASE	4	/* (buffer_index) ring mode */

/* ---- Limits and defaults */
#define RVPMU_SAMPLER_MAX_EVENTS	240
#define RVPMU_SAMPLER_MAX_BUFS		64
#define RVPMU_SAMPLER_PERIOD_MIN_US	100u
#define RVPMU_SAMPLER_PERIOD_MAX_US	85899000u	/* the PMCU's 85,899 ms */
#define RVPMU_SAMPLER_PERIOD_DEFAULT_US	3000u
#define RVPMU_SAMPLER_NR_SAMPLE_DEFAULT	128u
#define RVPMU_SAMPLER_NR_PMU_MAX	29u		/* mhpmcounter3..31 */

/* ---- The configuration S-mode writes and passes by address to CONFIGURE */
#define RVPMU_SAMPLER_CFG_MAGIC		0x43535652u	/* "RVSC" */
#define RVPMU_SAMPLER_VERSION		1u

/*
 * config.filter: counts are not taken in the modes whose bit is set
 * (Sscofpmf's mhpmevent inhibit bits; without Sscofpmf only 0 is valid)
 */
#define RVPMU_SAMPLER_EXCLUDE_M		(1u << 0)
#define RVPMU_SAMPLER_EXCLUDE_S		(1u << 1)
#define RVPMU_SAMPLER_EXCLUDE_U		(1u << 2)
#define RVPMU_SAMPLER_EXCLUDE_VS	(1u << 3)
#define RVPMU_SAMPLER_EXCLUDE_VU	(1u << 4)
#define RVPMU_SAMPLER_EXCLUDE_ALL	0x1Fu

/* config.flags */
#define RVPMU_SAMPLER_F_RING		(1u << 0)	/* reuse released buffers */
#define RVPMU_SAMPLER_F_MTIME		(1u << 1)	/* each subsample has mtime[] */
#define RVPMU_SAMPLER_F_WINDOW		(1u << 2)	/* ... and window[] (needs MTIME) */
#define RVPMU_SAMPLER_F_ALL		0x7u

/*
 * header.version: 1, the seed's layout exactly; 2, a run with
 * RVPMU_SAMPLER_F_MTIME (each subsample has a fifth field, mtime[]); 3, a
 * run with RVPMU_SAMPLER_F_MTIME | RVPMU_SAMPLER_F_WINDOW (a sixth field,
 * window[]). A layout never changes within a version.
 */
#define RVPMU_SAMPLER_VERSION_MTIME	2u
#define RVPMU_SAMPLER_VERSION_WINDOW	3u

/*
 * A window[] word (version 3): what the hart knows of the window it
 * closed. Bits 0..47: the window's length in mtime ticks, from the mtime
 * read right after its counters were loaded (its mtime[] entry) to the
 * mtime read right before they were read (at its tick); saturates. Its
 * cycles field covers the same interval to within period_ticks / 100 + 2
 * ticks unless LOST is set. Bit 62 PASSED: the late policy passed this
 * subsample (docs/sbi-sampler.md section 9.3): a tick came so late that the
 * window would have had under half a period; nothing was counted (its
 * counts and cycles are 0, length 0), its mtime[] is when it was passed.
 * Bit 63 LOST: the hart was away (QEMU: its vCPU descheduled) for longer
 * than that bound in a switch at one of the window's ends, so its length
 * and its cycles may disagree by more. Bits 48..61: 0.
 */
#define RVPMU_SAMPLER_WIN_LEN_BITS	48
#define RVPMU_SAMPLER_WIN_LEN_MAX	((UINT64_C(1) << RVPMU_SAMPLER_WIN_LEN_BITS) - 1)
#define RVPMU_SAMPLER_WIN_PASSED	(UINT64_C(1) << 62)
#define RVPMU_SAMPLER_WIN_LOST		(UINT64_C(1) << 63)
#define RVPMU_SAMPLER_WIN_LEN(w)	((w) & RVPMU_SAMPLER_WIN_LEN_MAX)
/* The bound on |length - cycles at the clock's rate|, ticks (not LOST) */
#define RVPMU_SAMPLER_WIN_BOUND(period_ticks)	((period_ticks) / 100 + 2)

struct rvpmu_sampler_event {
	uint32_t event_idx;	/* an SBI PMU event_idx (hw, cache, raw, raw v2, fw) */
	uint32_t reserved;	/* must be 0 */
	uint64_t event_data;	/* the SBI event_data (raw selector, platform data) */
};

struct rvpmu_sampler_buf {
	uint64_t addr;		/* physical, 8-byte aligned */
	uint64_t size;		/* bytes, a multiple of 8 */
};

struct rvpmu_sampler_config {
	uint32_t magic;		/* RVPMU_SAMPLER_CFG_MAGIC */
	uint32_t version;	/* RVPMU_SAMPLER_VERSION */
	uint32_t nr_events;	/* 1..240 */
	uint32_t nr_pmu;	/* counters per hart per subsample; 0 = default */
	uint32_t period_us;	/* 0 = 3000; else 100..85,899,000 */
	uint32_t nr_sample;	/* 0 = 128 */
	uint32_t filter;	/* RVPMU_SAMPLER_EXCLUDE_* */
	uint32_t flags;		/* RVPMU_SAMPLER_F_* */
	uint64_t harts_addr;	/* bitmap of hartids (bit i = hart i); 0 = every hart */
	uint32_t harts_bits;	/* bits in that bitmap (a multiple of 64) */
	uint32_t nr_bufs;	/* 1..64 */
	uint64_t cid2_addr;	/* uint32_t per hartid, kept by S-mode; 0 = none */
	uint32_t cid2_count;	/* entries in that array */
	uint32_t reserved;	/* must be 0 */
	struct rvpmu_sampler_buf bufs[RVPMU_SAMPLER_MAX_BUFS];	/* first nr_bufs used */
	struct rvpmu_sampler_event events[RVPMU_SAMPLER_MAX_EVENTS];	/* first nr_events used */
};

/* ---- The buffer header, at offset 0 of every output buffer */
#define RVPMU_SAMPLER_BUF_MAGIC		0x53505652u	/* "RVPS" */

/*
 * A PAD record in the Linux driver's AUX stream (not written by the
 * firmware): a run restarted while the reader had not consumed everything
 * begins at the reader's head with the room there is, and the driver fills
 * what it skips with one. Layout: u32 magic RVPMU_SAMPLER_PAD_MAGIC ("RPAD"
 * as little-endian bytes), u32 reserved (0), u64 size: the pad's length in
 * bytes including these RVPMU_SAMPLER_PAD_SIZE bytes, a multiple of 8, at
 * least RVPMU_SAMPLER_PAD_SIZE. The bytes after the first
 * RVPMU_SAMPLER_PAD_SIZE are stale data, skipped unread. docs/report.md
 * describes the stream.
 */
#define RVPMU_SAMPLER_PAD_MAGIC		0x44415052u	/* "RPAD" */
#define RVPMU_SAMPLER_PAD_SIZE		16u

/* header.state */
#define RVPMU_SAMPLER_BUF_FREE		0	/* S-mode's (ring mode: released) */
#define RVPMU_SAMPLER_BUF_FILLING	1	/* the firmware writes into it */
#define RVPMU_SAMPLER_BUF_FULL		2	/* closed: nr_samples is final */
#define RVPMU_SAMPLER_BUF_LAST		3	/* closed, and the run ended in it */

struct rvpmu_sampler_header {
	uint32_t magic;		/* RVPMU_SAMPLER_BUF_MAGIC */
	uint16_t version;	/* RVPMU_SAMPLER_VERSION, _VERSION_MTIME or _WINDOW */
	uint16_t header_size;	/* bytes before the first sample; multiple of 8 */
	uint32_t state;		/* RVPMU_SAMPLER_BUF_* */
	uint32_t buffer_index;	/* which configured buffer this is */
	uint64_t buffer_size;	/* bytes of this buffer, header included */
	uint32_t lap;		/* ring mode: times this buffer was filled before */
	uint32_t nr_harts;	/* harts in a data field */
	uint32_t nr_clusters;	/* clusters those harts come from */
	uint32_t nr_pmu;	/* event counts per hart per subsample */
	uint32_t nr_events;	/* events in a sample */
	uint32_t nr_subsamples;	/* per sample: ceil(nr_events / nr_pmu) */
	/* bytes: (4 + 4 + 8 * nr_pmu + 8) * nr_harts, + 8 (v2) or 16 (v3) * nr_harts */
	uint32_t subsample_size;
	uint32_t sample_size;	/* bytes: subsample_size * nr_subsamples */
	uint32_t period_us;
	uint32_t filter;	/* RVPMU_SAMPLER_EXCLUDE_* in force */
	uint64_t timebase_hz;	/* mtime ticks per second */
	uint64_t t0;		/* mtime of the run's first deadline */
	uint64_t period_ticks;	/* mtime ticks per subsample */
	uint64_t first_sample;	/* run-wide index of this buffer's first sample */
	uint32_t nr_samples;	/* complete samples here; final once FULL/LAST */
	uint32_t capacity;	/* samples this buffer can hold */
	/*
	 * Then, each part 8-byte aligned:
	 *   uint32_t hart[nr_harts]: hartid of each data-field position
	 *     (hart in cluster, then cluster), zero-padded to 8 bytes;
	 *   uint32_t cluster[nr_harts]: cluster of each position, padded;
	 *   struct rvpmu_sampler_event events[nr_events].
	 * header_size covers all of it. Samples follow back to back; the
	 * tail past capacity * sample_size is a gap (zeros).
	 */
};

/*
 * One subsample, as written: four fields, each with one entry per hart in
 * header order:
 *   uint32_t cid1[nr_harts];            satp.ASID at capture
 *   uint32_t cid2[nr_harts];            the hart's CID2 word at capture
 *   uint64_t count[nr_pmu][nr_harts];   event j of the group, all harts
 *   uint64_t cycles[nr_harts];          mcycle over the subsample
 * and in version 2 (RVPMU_SAMPLER_F_MTIME) a fifth:
 *   uint64_t mtime[nr_harts];           mtime when the subsample began
 * and in version 3 (RVPMU_SAMPLER_F_WINDOW too) a sixth:
 *   uint64_t window[nr_harts];          its length, skips, LOST (above)
 * Event j of subsample s counts events[s * nr_pmu + j]; slots past
 * nr_events in the last subsample hold the null event: count 0.
 * A hart that left the run (HSM stop or suspend) or never joined it has
 * zeros in its slots.
 */
#define RVPMU_SAMPLER_SUBSAMPLE_SIZE(nr_pmu, nr_harts) \
	((uint64_t)(4 + 4 + 8 * (uint64_t)(nr_pmu) + 8) * (uint64_t)(nr_harts))
#define RVPMU_SAMPLER_SUBSAMPLE_SIZE_MTIME(nr_pmu, nr_harts) \
	((uint64_t)(4 + 4 + 8 * (uint64_t)(nr_pmu) + 8 + 8) * (uint64_t)(nr_harts))
#define RVPMU_SAMPLER_SUBSAMPLE_SIZE_WINDOW(nr_pmu, nr_harts) \
	((uint64_t)(4 + 4 + 8 * (uint64_t)(nr_pmu) + 8 + 16) * (uint64_t)(nr_harts))

/* ---- STATUS output */
#define RVPMU_SAMPLER_IDLE		0	/* nothing configured */
#define RVPMU_SAMPLER_CONFIGURED	1	/* configured, not running */
#define RVPMU_SAMPLER_RUNNING		2
#define RVPMU_SAMPLER_DONE		3	/* ran and stopped; configuration kept */

/* status.stop_reason */
#define RVPMU_SAMPLER_STOP_NONE		0	/* still running or never ran */
#define RVPMU_SAMPLER_STOP_DONE		1	/* nr_sample samples written */
#define RVPMU_SAMPLER_STOP_REQUESTED	2	/* STOP from S-mode */
#define RVPMU_SAMPLER_STOP_FULL		3	/* no free buffer for the next sample */
#define RVPMU_SAMPLER_STOP_NO_HARTS	4	/* every hart of the set left */

/* status.harts[i].flags */
#define RVPMU_SAMPLER_HART_ABSENT	(1u << 0)	/* did not join at START */
#define RVPMU_SAMPLER_HART_STOPPED	(1u << 1)	/* left: HSM stop */
#define RVPMU_SAMPLER_HART_SUSPENDED	(1u << 2)	/* left: HSM suspend */

struct rvpmu_sampler_hart_status {
	uint32_t hartid;
	uint32_t flags;		/* RVPMU_SAMPLER_HART_* */
	uint64_t subsamples;	/* written by this hart */
	uint64_t late;		/* deadlines it reached after the next one was due */
	/*
	 * the worst lateness of its ticks, in ticks: mtime read on entry to
	 * the timer interrupt, less the deadline served (t0 for the first)
	 */
	uint64_t max_skew;
};

struct rvpmu_sampler_status {
	uint32_t state;		/* RVPMU_SAMPLER_IDLE.. */
	uint32_t stop_reason;	/* RVPMU_SAMPLER_STOP_* */
	uint64_t samples;	/* complete samples written */
	uint64_t lost;		/* samples due but not written (always 0 unless FULL) */
	uint64_t late;		/* sum of the harts' late deadlines */
	uint64_t max_skew;	/* worst over harts, ticks */
	uint32_t buffers_used;	/* buffers written into (ring mode: fills) */
	uint32_t nr_harts;	/* entries that follow */
	uint32_t nr_pmu;	/* in force (after defaults) */
	uint32_t period_us;	/* in force */
	uint32_t nr_sample;	/* in force */
	uint32_t skipped;	/* subsamples the harts passed (late policy), saturating */
	/* struct rvpmu_sampler_hart_status harts[nr_harts], as many as fit */
};

#endif /* RVPMU_SAMPLER_ABI_H */
