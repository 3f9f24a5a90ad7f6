// SPDX-License-Identifier: GPL-2.0
/*
 * The OOM killer, simplified.  2.6.32's badness() starts from the task's
 * total_vm, adds half of each child's, divides by the square roots of CPU
 * time and run time, and discounts root and rt tasks.  mmsim's tasks have
 * no children, and virtual size is what they touch, so badness here is
 * the pages the task's mm holds (resident plus swapped), which ranks the
 * workloads the same way for the scenarios modelled.  A task already
 * dying (TIF_MEMDIE) makes the killer wait instead of killing again, as
 * select_bad_process does.
 *
 * As in 2.6.32 (mm/oom_kill.c of the 2.6.32.9 tree, docs/model.md
 * "Kernel sources"): a machine with nothing left to kill panics ("Out of memory and no
 * killable processes..."), and every out_of_memory() call ends with a
 * one-tick sleep unless the caller is itself the victim.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "linux/oom.h"
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "linux/mm.h"
#include "mmsim/alloc_fail.h"
#include "metrics/metrics.h"
#include "util/xalloc.h"

int sysctl_oom_dump_tasks;

static bool oom_locked;
static struct oom_kill_record *kills;
static size_t nr_kills, cap_kills;
static size_t nr_calls;
static struct oom_panic_record panic_record;
static bool panicked;

/* One lock for the node's zonelist: mmsim has one node. */
bool try_set_zone_oom(struct zonelist *zonelist, gfp_t gfp_mask)
{
	(void)zonelist;
	(void)gfp_mask;
	if (oom_locked)
		return false;
	oom_locked = true;
	return true;
}

void clear_zonelist_oom(struct zonelist *zonelist, gfp_t gfp_mask)
{
	(void)zonelist;
	(void)gfp_mask;
	oom_locked = false;
}

/*
 * Badness [MODEL]: the pages @p's mm holds, resident (anon and file) plus
 * swapped out, standing in for 2.6.32's total_vm (which mmsim's mm does not
 * keep).
 */
unsigned long oom_task_pages(struct task_struct *p)
{
	const struct mm_struct *mm = p->mm;
	long pages;

	if (!mm)
		return 0;
	pages = mm->anon_rss + mm->file_rss + mm->swap_ptes;
	return pages > 0 ? (unsigned long)pages : 0;
}

static bool unkillable(const struct task_struct *p)
{
	/* Kernel threads have no mm to free. */
	return !p->mm || p->state == TASK_DEAD || (p->flags & PF_KSWAPD);
}

/*
 * The task to kill, or NULL: nobody to kill, or (*dying) a victim is
 * still exiting.
 */
static struct task_struct *select_bad_process(unsigned long *ppoints,
					      bool *dying)
{
	struct task_struct *p, *chosen = NULL;
	unsigned long best = 0;

	*dying = false;
	for (p = task_next(NULL); p; p = task_next(p)) {
		unsigned long points;

		if (unkillable(p))
			continue;
		if (test_bit(TIF_MEMDIE, &p->tif_flags)) {
			*dying = true;
			return NULL;
		}
		points = oom_task_pages(p);
		/*
		 * "|| !chosen" as 2.6.32: any task with an mm is a candidate,
		 * even one whose score is 0, so the kernel panics only when
		 * no task has an mm at all.
		 */
		if (points > best || !chosen) {
			best = points;
			chosen = p;
		}
	}
	*ppoints = best;
	return chosen;
}

/* The pages @mm's vmas span: mm->total_vm, which mmsim does not keep. */
static unsigned long total_vm(const struct mm_struct *mm)
{
	const struct vm_area_struct *vma;
	unsigned long pages = 0;

	list_for_each_entry(vma, &mm->mmap, vm_list)
		pages += (vma->vm_end - vma->vm_start) >> PAGE_SHIFT;
	return pages;
}

/* dump_tasks(): every task with an mm, in the task list's order. */
static void record_tasks(struct oom_kill_record *r)
{
	struct task_struct *p;
	size_t n = 0;

	for (p = task_next(NULL); p; p = task_next(p))
		n += p->mm != NULL;
	r->tasks = xcalloc(n ? n : 1, sizeof(*r->tasks));
	for (p = task_next(NULL); p; p = task_next(p)) {
		struct oom_task_dump *t;
		long rss;

		if (!p->mm)
			continue;
		t = &r->tasks[r->nr_tasks++];
		t->pid = t->tgid = p->pid;
		t->total_vm = total_vm(p->mm);
		rss = p->mm->anon_rss + p->mm->file_rss;
		t->rss = rss > 0 ? (unsigned long)rss : 0;
		t->cpu = p->cpu;
		memcpy(t->comm, p->comm, sizeof(t->comm));
	}
}

static void record_kill(struct task_struct *victim, unsigned long points,
			gfp_t gfp_mask, int order)
{
	struct oom_kill_record *r;

	if (nr_kills == cap_kills) {
		cap_kills = cap_kills ? cap_kills * 2 : 8;
		kills = xrealloc(kills, cap_kills * sizeof(*kills));
	}
	r = &kills[nr_kills++];
	memset(r, 0, sizeof(*r));
	r->when = sim_now();
	r->pid = victim->pid;
	memcpy(r->comm, victim->comm, sizeof(r->comm));
	r->points = points;
	if (current) {
		r->trigger_pid = current->pid;
		memcpy(r->trigger_comm, current->comm, sizeof(r->trigger_comm));
	}
	r->in_interrupt = in_interrupt();
	r->gfp_mask = gfp_mask;
	r->order = order;
	/*
	 * 2.6.32 oom_kill_process(): the header only if printk_ratelimit(),
	 * the state allocation failure warnings share; the two kill lines
	 * always.  Every task may use every node (no cpusets configured).
	 */
	if (nr_online_nodes > 1)
		snprintf(r->mems_allowed, sizeof(r->mems_allowed), "0-%d",
			 nr_online_nodes - 1);
	else
		snprintf(r->mems_allowed, sizeof(r->mems_allowed), "0");
	r->header = printk_ratelimit(&r->ratelimit_missed);
	if (!r->header)
		return;
	r->mem = show_mem_snapshot_take();
	if (sysctl_oom_dump_tasks)
		record_tasks(r);
}

/*
 * 2.6.32's __out_of_memory: "Found nothing?!?! Either we hang forever, or
 * we panic."  It panics.  mmsim records the panic, stops the simulation
 * and parks the calling task for good: a panicked kernel runs nothing
 * more, so the allocation never returns.
 */
static void oom_panic(gfp_t gfp_mask, int order)
{
	panicked = true;
	memset(&panic_record, 0, sizeof(panic_record));
	panic_record.when = sim_now();
	panic_record.gfp_mask = gfp_mask;
	panic_record.order = order;
	panic_record.message = "Out of memory and no killable processes...";
	if (current) {
		panic_record.pid = current->pid;
		memcpy(panic_record.comm, current->comm,
		       sizeof(panic_record.comm));
	}
	sim_stop();
	if (!current || in_interrupt())
		return;
	for (;;) {
		set_current_state(TASK_UNINTERRUPTIBLE);
		schedule();
	}
}

/*
 * The victim gets TIF_MEMDIE (it may then ignore watermarks to exit) and a
 * pending SIGKILL; a sleeping victim is woken so it notices.  Its memory is
 * freed when its program sees the signal and exits.
 */
void out_of_memory(struct zonelist *zonelist, gfp_t gfp_mask, int order)
{
	struct task_struct *victim;
	unsigned long points;
	bool dying;

	(void)zonelist;
	nr_calls++;
	victim = select_bad_process(&points, &dying);
	if (victim) {
		record_kill(victim, points, gfp_mask, order);
		set_bit(TIF_MEMDIE, &victim->tif_flags);
		set_bit(TIF_SIGKILL, &victim->tif_flags);
		if (victim != current && victim->state == TASK_INTERRUPTIBLE)
			wake_up_process(victim);
	} else if (!dying) {
		oom_panic(gfp_mask, order);
		return;
	}

	/*
	 * 2.6.32: 'Give "p" a good chance of killing itself before we retry
	 * to allocate memory unless "p" is current' -- one tick, with the
	 * zonelist's OOM lock still held by our caller.
	 */
	if (current && !in_interrupt() &&
	    !test_bit(TIF_MEMDIE, &current->tif_flags))
		schedule_timeout_uninterruptible(1);
}

size_t oom_call_count(void)
{
	return nr_calls;
}

const struct oom_panic_record *oom_panic_get(void)
{
	return panicked ? &panic_record : NULL;
}

size_t oom_kill_count(void)
{
	return nr_kills;
}

const struct oom_kill_record *oom_kill_get(size_t i)
{
	return i < nr_kills ? &kills[i] : NULL;
}

void oom_kills_reset(void)
{
	for (size_t i = 0; i < nr_kills; i++) {
		show_mem_snapshot_free(kills[i].mem);
		free(kills[i].tasks);
	}
	free(kills);
	kills = NULL;
	nr_kills = cap_kills = 0;
	nr_calls = 0;
	panicked = false;
	memset(&panic_record, 0, sizeof(panic_record));
	oom_locked = false;
}

/* Measures of a run (metrics/metrics.h). */
static void collect_oom(struct run_result *r)
{
	result_set_uint(r, "oom_kills", oom_kill_count());
	result_set_bool(r, "panicked", oom_panic_get() != NULL);
}

static struct measure oom_kills_measure = {
	.name = "oom_kills", .doc = "tasks the OOM killer killed",
	.unit = "tasks", .kind = MEASURE_COUNTER,
	.aggregate = AGGREGATE_MEAN, .json = "oom_kills", .csv = "oom_kills",
	.type = MT_UINT, .collect = collect_oom,
};
MEASURE_REGISTER(oom_kills_measure);

static struct measure panicked_measure = {
	.name = "panicked", .doc = "the kernel panicked: out_of_memory() "
	"found nothing to kill (saved only when true)",
	.kind = MEASURE_GAUGE, .json = "panicked", .csv = "panicked",
	.type = MT_BOOL, .flags = MF_OMIT_EMPTY,
};
MEASURE_REGISTER(panicked_measure);
