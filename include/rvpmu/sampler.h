/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * rvpmu/sampler.h - the ABI of the sampler extension, version 2: its SBI
 * functions and the layouts it reads and writes in memory.
 * docs/sbi-sampler.md is the specification (section 5, the layouts;
 * section 7, the functions); this header is the one place the numbers live,
 * and the specification's tables and these definitions agree.
 *
 * Shared by the sampler engine, both firmwares (rvpmu's and the OpenSBI
 * series), the S-mode client, the Linux driver and perf's decoder, and
 * rvpmu-report. Freestanding: needs only <stdint.h>.
 *
 * Every structure is little-endian, naturally aligned, with fixed-size
 * fields and explicit padding, so that RV32, RV64 and a 64-bit host read
 * them alike. A physical address passed to an ecall is two XLEN registers,
 * lo then hi (on RV64, hi must be 0).
 *
 * The model is HiSilicon's PMCU: events are rotated over nr_pmu counters
 * on every hart of a set; one pass over all events is a sample, one group
 * of nr_pmu events a subsample; every hart switches on the same absolute
 * mtime grid t0 + k * period_ticks.
 *
 * Recordings made with version 1 of the extension (buffer layouts 1, 2
 * and 3) stay readable: their numbers are at the end, for decoders only.
 */
#ifndef RVPMU_SAMPLER_ABI_H
#define RVPMU_SAMPLER_ABI_H

#include <stdint.h>

/* ---- The SBI extension: the SBI's experimental space 0x08000000-0x08FFFFFF */
#define RVPMU_SAMPLER_EID		0x0853504Cul	/* 0x08 "SPL" */
/* sbi_probe_extension(RVPMU_SAMPLER_EID) returns the version offered */
#define RVPMU_SAMPLER_SPEC_VERSION	2u

/* Function IDs (docs/sbi-sampler.md section 7) and their registers */
#define RVPMU_SAMPLER_GET_INFO		0	/* (out_lo, out_hi, out_size) */
/* CONFIGURE's arguments: cfg_lo, cfg_hi, hart_mask, hart_mask_base, flags */
#define RVPMU_SAMPLER_CONFIGURE		1
#define RVPMU_SAMPLER_START		2	/* () */
#define RVPMU_SAMPLER_STOP		3	/* () */
#define RVPMU_SAMPLER_STATUS		4	/* (out_lo, out_hi, out_size) */
#define RVPMU_SAMPLER_BUFFER_RELEASE	5	/* (buffer_index) */
#define RVPMU_SAMPLER_RESET		6	/* () */
#define RVPMU_SAMPLER_NR_FIDS		7

/* CONFIGURE's flags register (a4) */
#define RVPMU_SAMPLER_CONF_CHECK_ONLY	(1u << 0)	/* check, write plan, keep what is in force */
/* HART_RANGE: hart_mask is a count of hartids from hart_mask_base (the range form) */
#define RVPMU_SAMPLER_CONF_HART_RANGE	(1u << 1)
#define RVPMU_SAMPLER_CONF_ALL		0x3u
/* hart_mask_base: every hart available to S-mode (hart_mask ignored) */
#define RVPMU_SAMPLER_ALL_HARTS		(~0ul)

/* ---- rvpmu's limits (an implementation gives its own in GET_INFO) */
#define RVPMU_SAMPLER_MAX_EVENTS	240	/* also the configuration's event slots */
#define RVPMU_SAMPLER_MAX_BUFS		64	/* also the configuration's buffer slots */
#define RVPMU_SAMPLER_PERIOD_MIN_US	100u
#define RVPMU_SAMPLER_PERIOD_MAX_US	85899000u	/* the PMCU's 85,899 ms */
#define RVPMU_SAMPLER_PERIOD_DEFAULT_US	3000u		/* the PMCU's default */
#define RVPMU_SAMPLER_NR_PMU_MAX	29u		/* mhpmcounter3..31 */

/* ---- GET_INFO's answer (section 5.1) */
struct rvpmu_sampler_info {
	uint32_t version;	/* RVPMU_SAMPLER_SPEC_VERSION */
	uint32_t info_size;	/* bytes of this structure the implementation has */
	uint32_t flags;		/* config.flags bits it takes (RVPMU_SAMPLER_F_*) */
	uint32_t conf_flags;	/* CONFIGURE flags bits it takes (_CONF_*) */
	uint32_t filter;	/* config.filter bits every hart can honour */
	uint32_t layouts;	/* bit n: it writes buffer layout n */
	uint32_t max_events;	/* nr_events at most (<= 240) */
	uint32_t max_bufs;	/* nr_bufs at most (<= 64) */
	uint32_t max_nr_pmu;	/* nr_pmu at most */
	uint32_t period_min_us;	/* period_us, when not 0, at least */
	uint32_t period_max_us;	/* ... and at most */
	uint32_t nr_harts;	/* harts available to S-mode */
	uint32_t max_hartid;	/* the highest of their hartids */
	uint32_t max_header_size; /* a buffer header at most (<= 65535) */
	uint64_t timebase_hz;	/* mtime ticks per second */
	/* START: t0 at most this far after the call, for a set of every hart
	 * (absent descheduling)
	 */
	uint64_t start_lead_ticks;
	uint64_t reserved[2];	/* 0 */
};

/* ---- The configuration S-mode writes, passed by address to CONFIGURE */
#define RVPMU_SAMPLER_CFG_MAGIC		0x43535652u	/* "RVSC" */
#define RVPMU_SAMPLER_CFG_VERSION	2u	/* = the extension's version */

/*
 * config.filter: counts are not taken in the modes whose bit is set
 * (Sscofpmf's mhpmevent inhibit bits; GET_INFO's filter says which work)
 */
#define RVPMU_SAMPLER_EXCLUDE_M		(1u << 0)
#define RVPMU_SAMPLER_EXCLUDE_S		(1u << 1)
#define RVPMU_SAMPLER_EXCLUDE_U		(1u << 2)
#define RVPMU_SAMPLER_EXCLUDE_VS	(1u << 3)
#define RVPMU_SAMPLER_EXCLUDE_VU	(1u << 4)
#define RVPMU_SAMPLER_EXCLUDE_ALL	0x1Fu

/* config.flags */
#define RVPMU_SAMPLER_F_RING		(1u << 0)	/* reuse released buffers */
#define RVPMU_SAMPLER_F_ALL		0x1u

struct rvpmu_sampler_event {
	uint32_t event_idx;	/* an SBI PMU event_idx (hw, cache, raw, raw v2, fw) */
	uint32_t reserved;	/* must be 0 */
	uint64_t event_data;	/* the SBI event_data (raw selector, platform data) */
};

struct rvpmu_sampler_buf {
	uint64_t addr;		/* physical, 8-byte aligned */
	uint64_t size;		/* bytes, a multiple of 8 */
};

/*
 * What CONFIGURE puts in force (or would: CHECK_ONLY), written by the
 * implementation into config.plan; S-mode's values there are ignored.
 */
struct rvpmu_sampler_plan {
	uint32_t nr_harts;	/* harts in the set: entries of every per-hart array */
	uint32_t nr_clusters;	/* distinct cluster numbers among them */
	uint32_t nr_pmu;	/* events per group, after the default and the caps */
	uint32_t nr_subsamples;	/* ceil(nr_events / nr_pmu) */
	uint32_t header_size;	/* bytes before a buffer's first sample */
	uint32_t subsample_size;
	uint32_t sample_size;	/* subsample_size * nr_subsamples */
	uint32_t period_us;	/* after the default */
	uint64_t period_ticks;	/* mtime ticks per subsample */
	uint64_t min_buffer_size; /* header_size + sample_size: a buffer's least size */
};

struct rvpmu_sampler_config {
	uint32_t magic;		/* RVPMU_SAMPLER_CFG_MAGIC */
	uint32_t version;	/* RVPMU_SAMPLER_CFG_VERSION */
	uint32_t nr_events;	/* 1..max_events */
	uint32_t nr_pmu;	/* counters per hart per subsample; 0 = default */
	uint32_t period_us;	/* 0 = 3000; else period_min_us..period_max_us */
	uint32_t nr_sample;	/* samples to take; 0 = no limit */
	uint32_t filter;	/* RVPMU_SAMPLER_EXCLUDE_* */
	uint32_t flags;		/* RVPMU_SAMPLER_F_* */
	/* a uint32_t per hartid, kept by S-mode, 8-byte aligned; 0: none */
	uint64_t cid2_addr;
	uint32_t cid2_count;	/* entries in that array (> the set's highest hartid) */
	uint32_t nr_bufs;	/* 1..max_bufs (ignored with CHECK_ONLY) */
	struct rvpmu_sampler_plan plan;	/* written by the implementation */
	struct rvpmu_sampler_buf bufs[RVPMU_SAMPLER_MAX_BUFS];	/* first nr_bufs used */
	struct rvpmu_sampler_event events[RVPMU_SAMPLER_MAX_EVENTS];	/* first nr_events used */
};

/* ---- The buffer header, at offset 0 of every output buffer */
#define RVPMU_SAMPLER_BUF_MAGIC		0x53505652u	/* "RVPS" */
/*
 * header.version: the layout of the buffer. Version 2 of the extension
 * writes layout 4 only (layouts 1-3 are version 1's, below).
 */
#define RVPMU_SAMPLER_LAYOUT		4u

/* header.state, written by the implementation only */
#define RVPMU_SAMPLER_BUF_FREE		0	/* not in use by the run; ring: may be filled */
#define RVPMU_SAMPLER_BUF_FILLING	1	/* the run writes into it */
#define RVPMU_SAMPLER_BUF_FULL		2	/* closed: nr_samples is final */
#define RVPMU_SAMPLER_BUF_LAST		3	/* closed, and the run ended in it */

struct rvpmu_sampler_header {
	uint32_t magic;		/* RVPMU_SAMPLER_BUF_MAGIC */
	uint16_t version;	/* the layout: RVPMU_SAMPLER_LAYOUT (v1: 1..3) */
	uint16_t header_size;	/* bytes before the first sample; multiple of 8 */
	uint32_t state;		/* RVPMU_SAMPLER_BUF_* */
	uint32_t buffer_index;	/* which configured buffer this is */
	uint64_t buffer_size;	/* bytes of this buffer, header included */
	uint32_t lap;		/* ring mode: times this buffer was filled before */
	uint32_t nr_harts;	/* harts in a data field */
	uint32_t nr_clusters;	/* distinct cluster numbers among them */
	uint32_t nr_pmu;	/* event counts per hart per subsample */
	uint32_t nr_events;	/* events in a sample */
	uint32_t nr_subsamples;	/* per sample: ceil(nr_events / nr_pmu) */
	uint32_t subsample_size; /* bytes, RVPMU_SAMPLER_SUBSAMPLE_SIZE */
	uint32_t sample_size;	/* bytes: subsample_size * nr_subsamples */
	uint32_t period_us;
	uint32_t filter;	/* RVPMU_SAMPLER_EXCLUDE_* in force */
	uint64_t timebase_hz;	/* mtime ticks per second */
	uint64_t t0;		/* mtime at which subsample 0 of the run begins */
	uint64_t period_ticks;	/* mtime ticks per subsample */
	uint64_t first_sample;	/* run-wide index of this fill's first sample */
	uint32_t nr_samples;	/* complete samples here; final once FULL/LAST */
	uint32_t capacity;	/* samples this buffer can hold */
	/*
	 * Then, each part 8-byte aligned:
	 *   uint32_t hart[nr_harts]: hartid of each position (increasing
	 *     hartid order), zero-padded to 8 bytes;
	 *   uint32_t cluster[nr_harts]: the platform's cluster number of
	 *     each position (0 where it has none), padded;
	 *   struct rvpmu_sampler_event events[nr_events].
	 * header_size covers all of it. Samples follow back to back; the
	 * implementation writes nothing past capacity * sample_size.
	 */
};

/*
 * One subsample (layout 4): six fields, each with one entry per position:
 *   uint32_t cid1[nr_harts];            satp.ASID when the window closed
 *   uint32_t cid2[nr_harts];            the hart's CID2 word then
 *   uint64_t count[nr_pmu][nr_harts];   event j of the group, all harts
 *   uint64_t cycles[nr_harts];          mcycle over the window
 *   uint64_t mtime[nr_harts];           mtime when the window began
 *   uint64_t window[nr_harts];          the window word (below)
 * Event j of subsample s counts events[s * nr_pmu + j]; slots past
 * nr_events in the last subsample hold the null event: count 0.
 *
 * A hart writes its slots of a subsample only when it counted a window
 * for it; the window word then has COUNTED set. It writes nothing for a
 * subsample it passed (late), was paused for (retentive suspend), or was
 * not in the run for (absent, left): those slots keep what the buffer
 * held, which is 0 in a buffer S-mode zeroed (docs/sbi-sampler.md 5.4).
 */
#define RVPMU_SAMPLER_SUBSAMPLE_SIZE(nr_pmu, nr_harts) \
	((uint64_t)(4 + 4 + 8 * (uint64_t)(nr_pmu) + 8 + 8 + 8) * (uint64_t)(nr_harts))

/*
 * The window word (layout 4). Bits 0..47: the window's length in mtime
 * ticks, from its mtime[] entry (read right after its counters started)
 * to the mtime read when the hart took the interrupt that closed it,
 * before reading them; saturates. Its cycles cover the same interval to
 * within RVPMU_SAMPLER_WIN_BOUND ticks unless LOST is set. Bit 61
 * COUNTED: the hart counted this window; every field of its slots is
 * written. A slot without COUNTED holds no data, whatever else is there.
 * Bit 63 LOST: a switch at one of the window's ends took longer than that
 * bound (the hart was away), so its length and its cycles may disagree by
 * more; its counts are still what the counters counted. Other bits 0.
 */
#define RVPMU_SAMPLER_WIN_LEN_BITS	48
#define RVPMU_SAMPLER_WIN_LEN_MAX	((UINT64_C(1) << RVPMU_SAMPLER_WIN_LEN_BITS) - 1)
#define RVPMU_SAMPLER_WIN_COUNTED	(UINT64_C(1) << 61)
#define RVPMU_SAMPLER_WIN_LOST		(UINT64_C(1) << 63)
#define RVPMU_SAMPLER_WIN_LEN(w)	((w) & RVPMU_SAMPLER_WIN_LEN_MAX)
/* The bound on |length - cycles at the clock's rate|, ticks (not LOST) */
#define RVPMU_SAMPLER_WIN_BOUND(period_ticks)	((period_ticks) / 100 + 2)

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

/* ---- STATUS's answer (section 5.6) */
#define RVPMU_SAMPLER_IDLE		0	/* nothing configured */
#define RVPMU_SAMPLER_CONFIGURED	1	/* configured, not running */
#define RVPMU_SAMPLER_RUNNING		2
#define RVPMU_SAMPLER_DONE		3	/* ran and ended; configuration kept */

/* status.stop_reason */
#define RVPMU_SAMPLER_STOP_NONE		0	/* still running or never ran */
#define RVPMU_SAMPLER_STOP_DONE		1	/* nr_sample samples written */
#define RVPMU_SAMPLER_STOP_REQUESTED	2	/* STOP from S-mode */
#define RVPMU_SAMPLER_STOP_FULL		3	/* no free buffer for the next fill */
#define RVPMU_SAMPLER_STOP_NO_HARTS	4	/* every hart of the run left */

/* status.harts[i].flags */
#define RVPMU_SAMPLER_HART_ABSENT	(1u << 0)	/* did not join at START */
#define RVPMU_SAMPLER_HART_STOPPED	(1u << 1)	/* left: HSM stop */
#define RVPMU_SAMPLER_HART_SUSPENDED	(1u << 2)	/* left: non-retentive suspend */
#define RVPMU_SAMPLER_HART_PAUSED	(1u << 3)	/* in a retentive suspend now */

struct rvpmu_sampler_hart_status {
	uint32_t hartid;
	uint32_t flags;		/* RVPMU_SAMPLER_HART_* */
	uint64_t subsamples;	/* subsamples of the run this hart is past */
	uint64_t late;		/* deadlines it reached after the next one was due */
	uint64_t max_skew;	/* its worst tick lateness, ticks */
	uint64_t passed;	/* subsamples it passed (late): not written */
	uint64_t paused;	/* subsamples it was paused for: not written */
};

struct rvpmu_sampler_status {
	uint32_t state;		/* RVPMU_SAMPLER_IDLE.. */
	uint32_t stop_reason;	/* RVPMU_SAMPLER_STOP_* */
	uint64_t samples;	/* complete samples written */
	uint64_t lost;		/* samples due but not written (FULL only) */
	uint64_t late;		/* the harts' late, summed */
	uint64_t max_skew;	/* worst over harts, ticks */
	uint64_t passed;	/* the harts' passed, summed */
	uint64_t paused;	/* the harts' paused, summed */
	uint32_t buffers_used;	/* fills opened in the run */
	uint32_t nr_harts;	/* per-hart entries in a full answer */
	uint32_t nr_pmu;	/* in force (after defaults) */
	uint32_t period_us;	/* in force */
	uint32_t nr_sample;	/* in force (0: no limit) */
	uint32_t reserved;	/* 0 */
	/* struct rvpmu_sampler_hart_status harts[nr_harts], as many as fit */
};

/*
 * ---- Version 1's recordings, for decoders only (docs/sbi-sampler.md,
 * "Changes"): EID 0x0A53504C, no GET_INFO, layouts 1 (cid1, cid2,
 * count, cycles), 2 (+ mtime[]) and 3 (+ window[], whose bit 62 PASSED
 * marked a passed subsample written with zeros and no COUNTED bit).
 * No implementation offers version 1 any more.
 */
#define RVPMU_SAMPLER_V1_LAYOUT		1u
#define RVPMU_SAMPLER_V1_LAYOUT_MTIME	2u
#define RVPMU_SAMPLER_V1_LAYOUT_WINDOW	3u
#define RVPMU_SAMPLER_V1_WIN_PASSED	(UINT64_C(1) << 62)
/**
 * rvpmu_sampler_v1_subsample_size() - size of a version 1 subsample
 * @layout: buffer layout of the recording: %RVPMU_SAMPLER_V1_LAYOUT,
 *          %RVPMU_SAMPLER_V1_LAYOUT_MTIME or %RVPMU_SAMPLER_V1_LAYOUT_WINDOW
 * @nr_pmu: event counts per hart per subsample
 * @nr_harts: harts in a data field
 *
 * For decoders of version 1 recordings. Layout 1 holds, per hart, a cid1
 * and a cid2 word, @nr_pmu counts and a cycle count; layout 2 adds an
 * mtime per hart, layout 3 a window word as well.
 *
 * Context: Any context.
 * Return: The size of one subsample in bytes.
 */
static inline uint64_t
rvpmu_sampler_v1_subsample_size(uint32_t layout, uint32_t nr_pmu, uint32_t nr_harts)
{
	return (uint64_t)(4 + 4 + 8 * (uint64_t)nr_pmu + 8 +
			  (layout >= 3u ? 16 : layout == 2u ? 8 : 0)) * nr_harts;
}

#define RVPMU_SAMPLER_V1_SUBSAMPLE_SIZE(layout, nr_pmu, nr_harts) \
	rvpmu_sampler_v1_subsample_size(layout, nr_pmu, nr_harts)

#endif /* RVPMU_SAMPLER_ABI_H */
