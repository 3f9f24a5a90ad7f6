/* SPDX-License-Identifier: GPL-2.0 */
/* The OOM killer (oom_kill.c): records kills, never prints. */
#ifndef MMSIM_OOM_H
#define MMSIM_OOM_H

#include <stdbool.h>
#include <stddef.h>
#include "gfp.h"
#include "../sim/sim.h"

struct zonelist;

struct oom_kill_record {
	sim_time_t when;
	int pid;			/* victim */
	char comm[16];
	unsigned long points;		/* its badness */
	int trigger_pid;		/* the allocating task */
	char trigger_comm[16];
	gfp_t gfp_mask;
	int order;
};

bool try_set_zone_oom(struct zonelist *zonelist, gfp_t gfp_mask);
void clear_zonelist_oom(struct zonelist *zonelist, gfp_t gfp_mask);
void out_of_memory(struct zonelist *zonelist, gfp_t gfp_mask, int order);

/*
 * Memory a task's mm holds, in pages, for badness: resident plus swapped.
 * The memory management code (memory.c) provides it; the weak default
 * counts nothing, so without it no task is ever chosen.
 */
unsigned long oom_task_pages(struct task_struct *p);

static inline bool fatal_signal_pending(const struct task_struct *p)
{
	return p && (p->tif_flags & (1UL << TIF_SIGKILL));
}

size_t oom_kill_count(void);
const struct oom_kill_record *oom_kill_get(size_t i);
void oom_kills_reset(void);

#endif
