/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The simulated machine of one run: the engine, memory, the block stack
 * (disk -> dm-crypt -> LVM volumes), the filesystem, swap, kswapd and the
 * workload programs, built from a scenario.
 */
#ifndef MMSIM_MACHINE_H
#define MMSIM_MACHINE_H

#include <stdbool.h>
#include "sim/sim.h"
#include "scenario/scenario.h"
#include "workload/workload.h"

struct block_device;
struct super_block;
struct netrx;

struct machine {
	const struct scenario *sc;
	struct block_device *disk;		/* the partition */
	struct block_device *crypt;		/* dm-crypt on it, or NULL */
	struct block_device *fs_volume;		/* LVM: ext3 */
	struct block_device *swap_volume;	/* LVM: swap */
	struct super_block *sb;			/* ext3 on fs_volume */
	struct workload *workloads;
	size_t nr_workloads;
};

/* The machine running now (one per process). */
extern struct machine *current_machine;

/* Find a workload by task-section name, or NULL. */
struct workload *machine_find_workload(struct machine *m, const char *name);

#endif
