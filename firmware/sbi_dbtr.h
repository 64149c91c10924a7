/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * firmware/sbi_dbtr.h - the debug triggers extension's per-hart state
 * (sbi_dbtr.c; the ecall is in ext.h's table).
 *
 * Hart context: fw_dbtr_hart_init on the hart itself, in its set-up and
 * when it stops, before S-mode runs there again: the hart's Sdtrig
 * triggers are probed (the first time) and every one is cleared and
 * unmapped, the shared memory forgotten.
 */
#ifndef FW_SBI_DBTR_H
#define FW_SBI_DBTR_H

#include <stdbool.h>
#include <stdint.h>

/* The triggers a hart serves at most (QEMU has 2); a logical trig_idx is
   its hardware trigger's index (tselect) */
#define FW_DBTR_MAX	8

/* One hart's triggers, as the extension sees them. */
struct fw_dbtr_hart {
	uint64_t shmem;			/* the shared memory; valid with on */
	bool on;			/* set_shmem gave one */
	uint8_t max;			/* trig_max: its Sdtrig triggers (probed) */
	uint8_t probed;			/* max and types are known */
	uint8_t state[FW_DBTR_MAX];	/* each trigger's trig_state bits 4:0
					   (mapped, u, s, vu, vs); 0: free */
	uint16_t types[FW_DBTR_MAX];	/* tinfo: bit t, it takes type t */
};

struct fw_hart;
/**
 * fw_dbtr_hart_init() - probe this hart's debug triggers, clear them all
 * @h: the calling hart's struct
 *
 * The first time: how many triggers the hart has (tselect reads back what
 * was written; a hart without Sdtrig traps: none) and the types each
 * takes (tinfo, or the type tdata1 shows where tinfo traps). Every time:
 * each trigger's tdata1..3 written 0 (nothing fires), every trig_state
 * cleared, the shared memory disabled. The boot hart's probe says whether
 * the extension is offered (plat.dbtr).
 *
 * Context: The hart itself, in M-mode: in its set-up and again when it
 *          stops (fw_hart_stop()), before S-mode runs there.
 */
void fw_dbtr_hart_init(struct fw_hart *h);

#endif
