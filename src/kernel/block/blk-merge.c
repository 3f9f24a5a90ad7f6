// SPDX-License-Identifier: GPL-2.0
/*
 * Merging two queued requests that a bio made contiguous, as 2.6.32's
 * block/blk-merge.c attempt_merge().  Whole pages only: no segment
 * counting, only the max_sectors limit.
 */
#include "blk.h"

/*
 * @rq and @next touch (rq first): make one request of them.  1 if they
 * merged (@next is freed).  Both come from one CFQ queue, so they have
 * the same sync class; other flags (REQ_NOIDLE) do not matter.
 */
static int attempt_merge(struct request_queue *q, struct request *rq,
			 struct request *next)
{
	if (rq_data_dir(rq) != rq_data_dir(next) ||
	    rq_is_sync(rq) != rq_is_sync(next) ||
	    rq->sector + rq->nr_sectors != next->sector ||
	    rq->nr_sectors + next->nr_sectors > q->max_sectors)
		return 0;
	rq->biotail->bi_next = next->bio;
	rq->biotail = next->biotail;
	rq->nr_sectors += next->nr_sectors;
	/* The merged request is as old as the older of the two. */
	if (next->start_time < rq->start_time)
		rq->start_time = next->start_time;
	elv_merge_requests(q, rq, next);
	__blk_put_request(next);
	return 1;
}

int attempt_back_merge(struct request_queue *q, struct request *rq)
{
	struct request *next = elv_latter_request(q, rq);

	return next ? attempt_merge(q, rq, next) : 0;
}

int attempt_front_merge(struct request_queue *q, struct request *rq)
{
	struct request *prev = elv_former_request(q, rq);

	return prev ? attempt_merge(q, prev, rq) : 0;
}
