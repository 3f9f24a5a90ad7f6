/* SPDX-License-Identifier: GPL-2.0 */
/* The OOM killer (oom_kill.c): records kills, never prints. */
#ifndef MMSIM_OOM_H
#define MMSIM_OOM_H

#include <stdbool.h>
#include <stddef.h>
#include "linux/gfp.h"
#include "sim/sim.h"

struct zonelist;
struct show_mem_snapshot;

/* One line of dump_tasks(): a task with an mm, when the kill dumped them. */
struct oom_task_dump {
	int pid;
	unsigned int uid;		/* mmsim's tasks all run as root: 0 */
	int tgid;
	unsigned long total_vm;		/* pages its vmas span */
	unsigned long rss;		/* get_mm_rss(): anon + file pages mapped */
	int cpu;
	int oom_adj;
	char comm[16];
};

/*
 * One kill, with what 2.6.32's oom_kill_process() printed before it: the
 * header (the "invoked oom-killer" line, the cpuset line, dump_stack(),
 * show_mem() and, with sysctl_oom_dump_tasks, dump_tasks()) when
 * printk_ratelimit() allowed it, then "Out of memory: kill process" and
 * __oom_kill_task()'s "Killed process".
 */
struct oom_kill_record {
	sim_time_t when;
	int pid;			/* victim */
	char comm[16];
	unsigned long points;		/* its badness */
	int trigger_pid;		/* the allocating task */
	char trigger_comm[16];
	bool in_interrupt;
	gfp_t gfp_mask;
	int order;
	int oom_adj;			/* current->signal->oom_adj: always 0 */
	char mems_allowed[32];		/* cpuset_print_task_mems_allowed(): "0", "0-1" */
	bool header;			/* printk_ratelimit() let the header print */
	int ratelimit_missed;		/* "__ratelimit: N callbacks suppressed" first */
	struct show_mem_snapshot *mem;	/* show_mem(), when @header */
	struct oom_task_dump *tasks;	/* dump_tasks(), when @header and the sysctl */
	size_t nr_tasks;
};

/* /proc/sys/vm/oom_dump_tasks: 0 in 2.6.32 (mm/oom_kill.c). */
extern int sysctl_oom_dump_tasks;

/*
 * 2.6.32 panics when out_of_memory() finds no task with an mm to kill.
 * mmsim records it here, stops the simulation (sim_stop) and never returns
 * to the allocating task.
 */
struct oom_panic_record {
	sim_time_t when;
	int pid;			/* the allocating task */
	char comm[16];
	gfp_t gfp_mask;
	int order;
	/* panic()'s text, without "Kernel panic - not syncing: " */
	const char *message;
};

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
