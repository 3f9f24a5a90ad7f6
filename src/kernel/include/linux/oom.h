/* SPDX-License-Identifier: GPL-2.0 */
/* The OOM killer (oom_kill.c): records kills, never prints. */
#ifndef MMSIM_OOM_H
#define MMSIM_OOM_H

#include <stdbool.h>
#include <stddef.h>
#include "linux/gfp.h"
#include "sim/sim.h"
#include "metrics/kstate.h"

struct zonelist;

/* /proc/sys/vm/oom_dump_tasks: 0 in 2.6.32 (mm/oom_kill.c). */
extern int sysctl_oom_dump_tasks;

/*
 * The kill and panic records (struct oom_kill_record, oom_panic_record)
 * are metrics/kstate.h's.  2.6.32 panics when out_of_memory() finds no
 * task with an mm to kill: mmsim records it, stops the simulation
 * (sim_stop) and never returns to the allocating task.
 */

bool try_set_zone_oom(struct zonelist *zonelist, gfp_t gfp_mask);
void clear_zonelist_oom(struct zonelist *zonelist, gfp_t gfp_mask);
void out_of_memory(struct zonelist *zonelist, gfp_t gfp_mask, int order);

/*
 * Memory a task's mm holds, in pages, for badness: resident plus swapped.
 * oom_kill.c computes it from the mm's anon_rss, file_rss and swap_ptes.
 */
unsigned long oom_task_pages(struct task_struct *p);

static inline bool fatal_signal_pending(const struct task_struct *p)
{
	return p && (p->tif_flags & (1UL << TIF_SIGKILL));
}

size_t oom_kill_count(void);
/* out_of_memory() calls: kills, waits for a dying victim and the panic. */
size_t oom_call_count(void);
/* The panic, or NULL if the kernel did not panic. */
const struct oom_panic_record *oom_panic_get(void);
const struct oom_kill_record *oom_kill_get(size_t i);
void oom_kills_reset(void);

#endif
