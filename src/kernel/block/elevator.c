// SPDX-License-Identifier: GPL-2.0
/*
 * The block core's side of the I/O scheduler, as 2.6.32's
 * block/elevator.c: merge lookup, insertion (and the unplug threshold),
 * the dispatch list, completion accounting, and setting the scheduler
 * up.  Every scheduler decision is CFQ's (block/cfq-iosched.c), reached
 * through q->elevator->ops.
 */
#include <stdlib.h>
#include "blk.h"
#include "trace/events/block.h"
#include "util/xalloc.h"

/*
 * Whether @bio may go into @rq at all: the same direction, and what the
 * scheduler allows (CFQ: the same sync class).  mmsim checks the size
 * limit here too (2.6.32 checks it later, in ll_back_merge_fn() and
 * ll_front_merge_fn()), so the search goes on to another request
 * instead of giving up.
 */
bool elv_rq_merge_ok(struct request *rq, struct bio *bio)
{
	struct request_queue *q = rq->q;
	const struct elevator_ops *ops = q->elevator->ops;

	if (rq_data_dir(rq) != bio_data_dir(bio))
		return false;
	if (ops->elevator_allow_merge_fn &&
	    !ops->elevator_allow_merge_fn(q, rq, bio))
		return false;
	return rq->nr_sectors + bio_sectors(bio) <= q->max_sectors;
}

/*
 * A queued (not yet dispatched) request that @bio extends at its end
 * (back merge) or start (front merge).  2.6.32 first tries the last
 * merged request and a hash of request ends; mmsim asks the scheduler,
 * whose lists are short.
 */
int elv_merge(struct request_queue *q, struct request **req, struct bio *bio)
{
	if (blk_queue_nomerges(q))
		return ELEVATOR_NO_MERGE;
	return q->elevator->ops->elevator_merge_fn(q, req, bio);
}

/* After a merge that left @rq in place: the scheduler may resort it. */
void elv_merged_request(struct request_queue *q, struct request *rq, int type)
{
	const struct elevator_ops *ops = q->elevator->ops;

	if (ops->elevator_merged_fn)
		ops->elevator_merged_fn(q, rq, type);
}

/* Whether a task may allocate a request for @rw_flags (get_request). */
int elv_may_queue(struct request_queue *q, unsigned long rw_flags)
{
	const struct elevator_ops *ops = q->elevator->ops;

	if (ops->elevator_may_queue_fn)
		return ops->elevator_may_queue_fn(q, rw_flags);
	return ELV_MQUEUE_MAY;
}

void elv_merge_requests(struct request_queue *q, struct request *rq,
			struct request *next)
{
	const struct elevator_ops *ops = q->elevator->ops;

	if (ops->elevator_merge_req_fn)
		ops->elevator_merge_req_fn(q, rq, next);
}

struct request *elv_former_request(struct request_queue *q,
				   struct request *rq)
{
	const struct elevator_ops *ops = q->elevator->ops;

	return ops->elevator_former_req_fn ?
	       ops->elevator_former_req_fn(q, rq) : NULL;
}

struct request *elv_latter_request(struct request_queue *q,
				   struct request *rq)
{
	const struct elevator_ops *ops = q->elevator->ops;

	return ops->elevator_latter_req_fn ?
	       ops->elevator_latter_req_fn(q, rq) : NULL;
}

/*
 * 2.6.32 elv_insert(), ELEVATOR_INSERT_SORT: to the scheduler; then,
 * behind a plug, enough requests queued beyond those in the driver are
 * worth starting.
 */
void elv_insert(struct request_queue *q, struct request *rq)
{
	trace_block_rq_insert(q, rq);
	q->elevator->ops->elevator_add_req_fn(q, rq);
	if (blk_queue_plugged(q)) {
		int nrq = q->rq.count[BLK_RW_SYNC] + q->rq.count[BLK_RW_ASYNC] -
			  queue_in_flight(q);

		if (nrq >= (int)q->unplug_thresh)
			__generic_unplug_device(q);
	}
}

/*
 * The scheduler's dispatch: to the end of the dispatch list, where
 * blk_fetch_request finds it.  (2.6.32 CFQ sorts into the list with
 * elv_dispatch_sort(); mmsim's CFQ dispatches one request at a time and
 * the driver takes it at once, so the list never holds two.)
 */
void elv_dispatch_add_tail(struct request_queue *q, struct request *rq)
{
	list_add_tail(&rq->queuelist, &q->queue_head);
}

int elv_queue_empty(struct request_queue *q)
{
	if (!list_empty(&q->queue_head))
		return 0;
	return q->elevator->ops->elevator_queue_empty_fn(q);
}

/* The driver is done with @rq: out of flight, and the scheduler learns. */
void elv_completed_request(struct request_queue *q, struct request *rq)
{
	const struct elevator_ops *ops = q->elevator->ops;

	q->in_flight[rq_is_sync(rq)]--;
	if (ops->elevator_completed_req_fn)
		ops->elevator_completed_req_fn(q, rq);
}

void elevator_init(struct request_queue *q, const struct cfq_params *p)
{
	struct elevator_queue *e = xcalloc(1, sizeof(*e));
	struct cfq_params dflt;

	if (!p) {
		cfq_default_params(&dflt);
		p = &dflt;
	}
	e->elevator_type = &iosched_cfq;
	e->ops = &iosched_cfq.ops;
	q->elevator = e;
	e->elevator_data = e->ops->elevator_init_fn(q, p);
}

void elevator_exit(struct elevator_queue *e)
{
	if (e->ops->elevator_exit_fn)
		e->ops->elevator_exit_fn(e);
	free(e);
}
