/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the files of block/ share and nobody else needs, as 2.6.32's
 * block/blk.h: the batching constants, io contexts, the congestion
 * thresholds, plugging and merging helpers, and the dispatch list.
 */
#ifndef MMSIM_BLOCK_BLK_H
#define MMSIM_BLOCK_BLK_H

#include "linux/blkdev.h"

/* Amount of time in which a process may batch requests */
#define BLK_BATCH_TIME		(HZ / 50)
/* Number of requests a "batching" process may submit */
#define BLK_BATCH_REQ		32

#ifndef list_for_each_entry_reverse
#define list_for_each_entry_reverse(pos, head, member)			\
	for (pos = list_entry((head)->prev, __typeof__(*pos), member);	\
	     &pos->member != (head);					\
	     pos = list_entry(pos->member.prev, __typeof__(*pos), member))
#endif

/*
 * A task may sleep here; interrupt handlers and bare timers may not
 * (mmsim: the block layer is entered from both, see __make_request).
 */
static inline bool can_sleep(void)
{
	return !in_interrupt() && current;
}

/* ---- io contexts (block/blk-ioc.c) ------------------------------------ */

/*
 * The request "batcher" state of a task.  The kernel hangs this off
 * task_struct (current->io_context); mmsim keeps one per pid in
 * blk-ioc.c so the engine's task_struct stays generic.
 */
struct io_context {
	int nr_batch_requests;		/* left in the current batch */
	unsigned long last_waited;	/* jiffies the batch started */
};

/* The current task's, made on first use; NULL where nothing may sleep. */
struct io_context *current_io_context(void);
/* Forget every task's io context (blk_dev_init, blk_dev_exit). */
void blk_ioc_exit(void);

/* ---- request accounting (block/blk-core.c) ---------------------------- */

void blk_queue_congestion_threshold(struct request_queue *q);

/*
 * The threshold (number of used requests) at which the queue is
 * considered congested, and the one below which it no longer is: a
 * little hysteresis keeps the congestion_wait wake-ups down.
 */
static inline int queue_congestion_on_threshold(const struct request_queue *q)
{
	return (int)q->nr_congestion_on;
}

static inline int queue_congestion_off_threshold(const struct request_queue *q)
{
	return (int)q->nr_congestion_off;
}

/* Free a request no longer needed (merged away or completed). */
void __blk_put_request(struct request *rq);

/* ---- plugging (block/blk-core.c) -------------------------------------- */

void __generic_unplug_device(struct request_queue *q);
void generic_unplug_device(struct request_queue *q);
void blk_unplug_timeout(struct timer *t);

/* ---- merging (block/blk-merge.c) -------------------------------------- */

/*
 * After a back (front) merge: merge with the next (previous) request too;
 * 1 if it did (the front one frees @rq).
 */
int attempt_back_merge(struct request_queue *q, struct request *rq);
int attempt_front_merge(struct request_queue *q, struct request *rq);

/* ---- the elevator ---------------------------------------------------- */

/* mmsim's one scheduler (block/cfq-iosched.c); elevator_init uses it. */
extern const struct elevator_type iosched_cfq;

/* ---- the dispatch list ------------------------------------------------ */

/*
 * The next request for the driver: the dispatch list's first, after
 * asking the elevator to dispatch one if the list is empty.
 */
static inline struct request *__elv_next_request(struct request_queue *q)
{
	for (;;) {
		if (!list_empty(&q->queue_head))
			return list_first_entry(&q->queue_head,
						struct request, queuelist);
		if (!q->elevator->ops->elevator_dispatch_fn(q, 0))
			return NULL;
	}
}

#endif /* MMSIM_BLOCK_BLK_H */
