/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Work queues, as 2.6.32's include/linux/workqueue.h, single-threaded
 * only: each workqueue is one kernel thread that runs its work items in
 * the order they were queued (kernel/workqueue.c).
 */
#ifndef MMSIM_WORKQUEUE_H
#define MMSIM_WORKQUEUE_H

#include <stdbool.h>
#include "sim/sim.h"

struct work_struct;
typedef void (*work_func_t)(struct work_struct *work);

struct work_struct {
	struct list_head entry;
	work_func_t func;
	bool pending;			/* queued, not yet started */
};

static inline void INIT_WORK(struct work_struct *work, work_func_t func)
{
	INIT_LIST_HEAD(&work->entry);
	work->func = func;
	work->pending = false;
}

struct workqueue_struct;

/* A workqueue served by one task named @name (as ps shows it). */
struct workqueue_struct *create_singlethread_workqueue(const char *name);
/*
 * Queue @work unless it is already pending; false if it was.  Callable
 * from interrupt context: it only wakes the worker.
 */
bool queue_work(struct workqueue_struct *wq, struct work_struct *work);
/*
 * mmsim: the end of a run.  Pending work is dropped, not run (a run stops
 * with I/O in flight), and the worker task ends with the simulation.
 */
void destroy_workqueue(struct workqueue_struct *wq);
/* mmsim: the worker task, for reports (its CPU time). */
struct task_struct *workqueue_task(struct workqueue_struct *wq);

#endif /* MMSIM_WORKQUEUE_H */
