// SPDX-License-Identifier: GPL-2.0
/*
 * Queue settings, as 2.6.32's block/blk-settings.c: the defaults of a
 * queue that allocates requests, and the limits a driver or sysfs sets.
 */
#include "blk.h"

static unsigned long msecs_to_jiffies(unsigned int ms)
{
	return ((unsigned long)ms * HZ + 999) / 1000;
}

/*
 * 2.6.32 blk_queue_make_request(): BLKDEV_MAX_RQ requests, the congestion
 * thresholds that follow from them, BLK_BATCH_REQ for a batcher, the
 * default merge limit, and unplugging at 4 queued requests or after
 * 3 ms (never less than a jiffy).
 */
void blk_queue_make_request(struct request_queue *q, make_request_fn *mfn)
{
	q->nr_requests = BLKDEV_MAX_RQ;
	q->make_request_fn = mfn;
	blk_queue_congestion_threshold(q);
	q->nr_batching = BLK_BATCH_REQ;
	q->max_sectors = BLK_DEF_MAX_SECTORS;
	q->unplug_thresh = 4;
	q->unplug_delay = msecs_to_jiffies(3);
	if (!q->unplug_delay)
		q->unplug_delay = 1;
}

/*
 * /sys/block/DEV/queue/max_sectors_kb: the largest request merging may
 * build.  Never below one page (blk_queue_max_sectors raises anything
 * smaller to PAGE_CACHE_SIZE >> 9).  [MODEL] There is no separate
 * max_hw_sectors: a bio larger than the limit is not split (mmsim's bios
 * stay within readahead's 128 KiB window or one page).
 */
void blk_queue_max_sectors(struct request_queue *q, unsigned int max_sectors)
{
	if (max_sectors < PAGE_SECTORS)
		max_sectors = PAGE_SECTORS;
	q->max_sectors = max_sectors;
}
