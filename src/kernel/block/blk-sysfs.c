// SPDX-License-Identifier: GPL-2.0
/*
 * Queue attributes written through sysfs, as 2.6.32's block/blk-sysfs.c.
 */
#include "blk.h"

/*
 * /sys/block/DEV/queue/nr_requests (2.6.32 queue_requests_store()): at
 * least BLKDEV_MIN_RQ; the congestion thresholds follow, and both
 * directions' congestion marks and full flags are set or cleared for
 * the requests already allocated, waking get_request_wait sleepers of a
 * list no longer full.
 */
void blk_queue_set_nr_requests(struct request_queue *q, unsigned long nr)
{
	struct request_list *rl = &q->rq;

	if (nr < BLKDEV_MIN_RQ)
		nr = BLKDEV_MIN_RQ;
	q->nr_requests = nr;
	blk_queue_congestion_threshold(q);
	for (int sync = BLK_RW_SYNC; sync >= BLK_RW_ASYNC; sync--) {
		if (rl->count[sync] >= queue_congestion_on_threshold(q))
			set_bdi_congested(&q->backing_dev_info, sync);
		else if (rl->count[sync] < queue_congestion_off_threshold(q))
			clear_bdi_congested(&q->backing_dev_info, sync);
	}
	for (int sync = BLK_RW_SYNC; sync >= BLK_RW_ASYNC; sync--) {
		if (rl->count[sync] >= (int)q->nr_requests) {
			blk_set_queue_full(q, sync);
		} else {
			blk_clear_queue_full(q, sync);
			wake_up(&rl->wait[sync]);
		}
	}
}
