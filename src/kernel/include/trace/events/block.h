/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The block layer's trace points, as 2.6.32-rc6 include/trace/events/
 * block.h declares them, called where 2.6.32-rc6 calls them
 * (block/blk-core.c, block/elevator.c, drivers/md/dm.c).  The kernel's
 * blktrace registers probes on them (kernel/trace/blktrace.c
 * blk_register_tracepoints) which record only for a queue with a
 * blk_trace; here each point tests q->blk_trace itself and calls the
 * probe: one predicted branch while nothing is traced.
 *
 * Not called, because mmsim has no such path: block_rq_abort,
 * block_rq_requeue, block_bio_bounce, block_split (mmsim's bios never
 * cross a target boundary), and the remap of a partition
 * (blk_partition_remap: mmsim's crypt device maps the disk at an offset,
 * there is no partition table).
 */
#ifndef MMSIM_TRACE_EVENTS_BLOCK_H
#define MMSIM_TRACE_EVENTS_BLOCK_H

#include "linux/blkdev.h"
#include "linux/blktrace_api.h"
#include "linux/kernel.h"

/* __generic_make_request(): every queue a bio enters, stacked ones too. */
static inline void trace_block_bio_queue(struct request_queue *q,
					 struct bio *bio)
{
	if (unlikely(q->blk_trace))
		blk_add_trace_bio(q, bio, BLK_TA_QUEUE);
}

/* __make_request(): @bio joined a queued request at its end or start. */
static inline void trace_block_bio_backmerge(struct request_queue *q,
					     struct bio *bio)
{
	if (unlikely(q->blk_trace))
		blk_add_trace_bio(q, bio, BLK_TA_BACKMERGE);
}

static inline void trace_block_bio_frontmerge(struct request_queue *q,
					      struct bio *bio)
{
	if (unlikely(q->blk_trace))
		blk_add_trace_bio(q, bio, BLK_TA_FRONTMERGE);
}

/* get_request(): a request was allocated for @bio (@rw its direction). */
static inline void trace_block_getrq(struct request_queue *q,
				     struct bio *bio, int rw)
{
	if (unlikely(q->blk_trace))
		blk_add_trace_getrq(q, bio, rw, BLK_TA_GETRQ);
}

/* get_request_wait(): the submitter sleeps for a free request. */
static inline void trace_block_sleeprq(struct request_queue *q,
				       struct bio *bio, int rw)
{
	if (unlikely(q->blk_trace))
		blk_add_trace_getrq(q, bio, rw, BLK_TA_SLEEPRQ);
}

/* elv_insert(): the request goes to the scheduler. */
static inline void trace_block_rq_insert(struct request_queue *q,
					 struct request *rq)
{
	if (unlikely(q->blk_trace))
		blk_add_trace_rq(q, rq, BLK_TA_INSERT);
}

/* blk_peek_request(): the driver sees the request for the first time. */
static inline void trace_block_rq_issue(struct request_queue *q,
					struct request *rq)
{
	if (unlikely(q->blk_trace))
		blk_add_trace_rq(q, rq, BLK_TA_ISSUE);
}

/* blk_update_request(): the device is done with the request. */
static inline void trace_block_rq_complete(struct request_queue *q,
					   struct request *rq)
{
	if (unlikely(q->blk_trace))
		blk_add_trace_rq(q, rq, BLK_TA_COMPLETE);
}

/* dm.c dec_pending(): a mapped device ends the bio it was given. */
static inline void trace_block_bio_complete(struct request_queue *q,
					    struct bio *bio)
{
	if (unlikely(q->blk_trace))
		blk_add_trace_bio(q, bio, BLK_TA_COMPLETE);
}

/* blk_plug_device(): an empty queue is plugged. */
static inline void trace_block_plug(struct request_queue *q)
{
	if (unlikely(q->blk_trace))
		blk_add_trace_plug(q);
}

/* blk_unplug() and kblockd's blk_unplug_work(). */
static inline void trace_block_unplug_io(struct request_queue *q)
{
	if (unlikely(q->blk_trace))
		blk_add_trace_unplug(q, BLK_TA_UNPLUG_IO);
}

/* blk_unplug_timeout(): the plug timer fired. */
static inline void trace_block_unplug_timer(struct request_queue *q)
{
	if (unlikely(q->blk_trace))
		blk_add_trace_unplug(q, BLK_TA_UNPLUG_TIMER);
}

/*
 * dm.c __map_bio(): a target remapped dm core's clone @bio onto the
 * device underneath (@q its queue); it was sector @from of @dev.
 */
static inline void trace_block_remap(struct request_queue *q,
				     struct bio *bio, uint32_t dev,
				     sector_t from)
{
	if (unlikely(q->blk_trace))
		blk_add_trace_remap(q, bio, dev, from);
}

#endif /* MMSIM_TRACE_EVENTS_BLOCK_H */
