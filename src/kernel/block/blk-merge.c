// SPDX-License-Identifier: GPL-2.0
/*
 * Merging two queued requests that a bio made contiguous, as 2.6.32's
 * block/blk-merge.c attempt_merge().  Whole pages only: no segment
 * counting, only the max_sectors limit.
 */
#include "blk.h"

/* @rq and @next touch (rq first): make one request of them. */
static void attempt_merge(struct request_queue *q, struct request *rq,
			  struct request *next)
{
	if (rq->cmd_flags != next->cmd_flags ||
	    rq->sector + rq->nr_sectors != next->sector ||
	    rq->nr_sectors + next->nr_sectors > q->max_sectors)
		return;
	rq->biotail->bi_next = next->bio;
	rq->biotail = next->biotail;
	rq->nr_sectors += next->nr_sectors;
	/* The merged request is as old as the older of the two. */
	if (next->start_time < rq->start_time)
		rq->start_time = next->start_time;
	elv_merge_requests(q, rq, next);
	__blk_put_request(next);
}

void attempt_back_merge(struct request_queue *q, struct request *rq)
{
	struct request *next = elv_latter_request(q, rq);

	if (next)
		attempt_merge(q, rq, next);
}

void attempt_front_merge(struct request_queue *q, struct request *rq)
{
	struct request *prev = elv_former_request(q, rq);

	if (prev)
		attempt_merge(q, prev, rq);
}
