// SPDX-License-Identifier: GPL-2.0
/*
 * Single-threaded work queues, as 2.6.32's kernel/workqueue.c
 * (create_singlethread_workqueue, queue_work, worker_thread): one task
 * per queue, running the queued items one after another in order.  Not
 * modelled: per-CPU workqueues, flushing, delayed work.
 */
#include <stdlib.h>
#include "linux/workqueue.h"
#include "linux/kthread.h"
#include "util/xalloc.h"

struct workqueue_struct {
	struct task_struct *task;
	struct list_head worklist;
	struct wait_queue_head more_work;
};

static void worker_thread(void *arg)
{
	struct workqueue_struct *wq = arg;

	for (;;) {
		DEFINE_WAIT(wait);

		prepare_to_wait(&wq->more_work, &wait, TASK_INTERRUPTIBLE);
		if (list_empty(&wq->worklist))
			schedule();
		finish_wait(&wq->more_work, &wait);
		while (!list_empty(&wq->worklist)) {
			struct work_struct *work = list_first_entry(
				&wq->worklist, struct work_struct, entry);

			list_del_init(&work->entry);
			work->pending = false;
			work->func(work);
		}
	}
}

struct workqueue_struct *create_singlethread_workqueue(const char *name)
{
	struct workqueue_struct *wq = xcalloc(1, sizeof(*wq));

	INIT_LIST_HEAD(&wq->worklist);
	init_waitqueue_head(&wq->more_work);
	/* 2.6.30/31 worker_thread() sets nice -5 itself: kthread_prio()'s. */
	wq->task = kthread_run(worker_thread, wq, name, kthread_prio());
	return wq;
}

bool queue_work(struct workqueue_struct *wq, struct work_struct *work)
{
	if (work->pending)
		return false;
	work->pending = true;
	list_add_tail(&work->entry, &wq->worklist);
	wake_up(&wq->more_work);
	return true;
}

void destroy_workqueue(struct workqueue_struct *wq)
{
	while (!list_empty(&wq->worklist))
		list_del_init(wq->worklist.next);
	free(wq);
}

struct task_struct *workqueue_task(struct workqueue_struct *wq)
{
	return wq->task;
}
