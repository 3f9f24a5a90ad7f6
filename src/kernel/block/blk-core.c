// SPDX-License-Identifier: GPL-2.0
/*
 * The core of the block layer, as 2.6.32's block/blk-core.c: request
 * allocation with the request accounting and congestion marks,
 * plugging, __make_request, generic_make_request and submit_bio, the
 * driver's side (blk_fetch_request, blk_end_request_all), and queue
 * set-up and tear-down.
 *
 * Life of a request: __make_request merges the bio into a queued request
 * (elv_merge) or allocates one (get_request, sleeping in get_request_wait
 * when the list of its direction is full) and hands it to the elevator;
 * the driver's request_fn fetches what the elevator dispatches and gives
 * it to the device; at completion the driver ends it here, which ends
 * the bios, tells the elevator, and frees the request (freed_request:
 * clear congestion below the off mark and wake congestion_wait sleepers,
 * wake one get_request_wait sleeper).
 */
#include "linux/bug.h"
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "blk.h"
#include "linux/mmzone.h"
#include "linux/slab.h"
#include "linux/vmstat.h"
#include "trace/events/block.h"
#include "util/xalloc.h"

/*
 * The request slab (blk_dev_init): struct request is 336 bytes on x86-64,
 * 200 on x86 (2.6.32 include/linux/blkdev.h, BLK_MAX_CDB 16).
 */
static struct kmem_cache *request_cachep;

struct kmem_cache *blk_request_cachep(void)
{
	return request_cachep;
}

static void blk_rq_init(struct request_queue *q, struct request *rq)
{
	memset(rq, 0, sizeof(*rq));
	INIT_LIST_HEAD(&rq->queuelist);
	INIT_LIST_HEAD(&rq->fifo);
	rq->q = q;
}

/*
 * blk_alloc_request(): from the queue's request mempool (BLKDEV_MIN_RQ
 * requests in reserve), with the caller's mask: GFP_NOIO from
 * get_request_wait, so that a task finding the slab and the reserve
 * empty sleeps in mempool_alloc until a request completes.
 */
static struct request *blk_alloc_request(struct request_queue *q,
					 unsigned long rw_flags, int is_sync,
					 gfp_t gfp_mask)
{
	struct request *rq = mempool_alloc(q->rq.rq_pool, gfp_mask);

	if (!rq)
		return NULL;
	blk_rq_init(q, rq);
	rq->cmd_flags = (rw_flags & (1UL << BIO_RW) ? REQ_RW : 0) |
			(is_sync ? REQ_RW_SYNC : 0);
	return rq;
}

static void blk_free_request(struct request_queue *q, struct request *rq)
{
	mempool_free(rq, q->rq.rq_pool);
}

/* ---- request allocation ----------------------------------------------- */

/*
 * 2.6.32 blk_queue_congestion_threshold(): congested from nr - nr/8 + 1
 * requests (113 of 128), no longer below nr - nr/8 - nr/16 - 1 (103).
 */
void blk_queue_congestion_threshold(struct request_queue *q)
{
	long nr = (long)q->nr_requests;
	long on = nr - nr / 8 + 1, off = nr - nr / 8 - nr / 16 - 1;

	q->nr_congestion_on = (unsigned long)(on > nr ? nr : on);
	q->nr_congestion_off = (unsigned long)(off < 1 ? 1 : off);
}

/*
 * A batcher may allocate past the full mark: nr_batching requests, or any
 * it has left within BLK_BATCH_TIME of becoming one.
 */
static bool ioc_batching(struct request_queue *q, struct io_context *ioc)
{
	if (!ioc)
		return false;
	return ioc->nr_batch_requests == (int)q->nr_batching ||
	       (ioc->nr_batch_requests > 0 &&
		(long)(jiffies - (ioc->last_waited + BLK_BATCH_TIME)) < 0);
}

static void ioc_set_batching(struct request_queue *q, struct io_context *ioc)
{
	if (!ioc || ioc_batching(q, ioc))
		return;
	ioc->nr_batch_requests = (int)q->nr_batching;
	ioc->last_waited = jiffies;
}

/*
 * 2.6.32 get_request().  The elevator is asked first (elv_may_queue):
 * CFQ answers MUST for the queue it idles on, once a slice, and that
 * request may go past the full mark.
 */
static void freed_request(struct request_queue *q, int sync);

static struct request *get_request(struct request_queue *q,
				   unsigned long rw_flags, struct bio *bio,
				   gfp_t gfp_mask)
{
	struct request_list *rl = &q->rq;
	struct io_context *ioc = NULL;
	const int is_sync = rw_is_sync(rw_flags);
	const int may_queue = elv_may_queue(q, rw_flags);
	struct request *rq;

	if (rl->count[is_sync] + 1 >= queue_congestion_on_threshold(q)) {
		if (rl->count[is_sync] + 1 >= (int)q->nr_requests) {
			ioc = current_io_context();
			/*
			 * The task that fills the list becomes a batcher: it
			 * may go on allocating so it can finish its batch.
			 */
			if (!blk_queue_full(q, is_sync)) {
				ioc_set_batching(q, ioc);
				blk_set_queue_full(q, is_sync);
			} else if (may_queue != ELV_MQUEUE_MUST &&
				   !ioc_batching(q, ioc)) {
				return NULL;
			}
		}
		set_bdi_congested(&q->backing_dev_info, is_sync);
	}
	/* Never beyond 3/2 nr_requests, not even for a batcher. */
	if (rl->count[is_sync] >= (int)(3 * q->nr_requests / 2))
		return NULL;

	rl->count[is_sync]++;
	rl->starved[is_sync] = 0;

	/* The queue lock is dropped here: mempool_alloc may sleep. */
	rq = blk_alloc_request(q, rw_flags, is_sync, gfp_mask);
	if (!rq) {
		/*
		 * Out of memory: undo the count; with no request of this
		 * direction pending, mark it starved so that a request freed
		 * in the other direction tries again.
		 */
		freed_request(q, is_sync);
		if (rl->count[is_sync] == 0)
			rl->starved[is_sync] = 1;
		return NULL;
	}
	rq->start_time = sim_now();
	if (ioc_batching(q, ioc))
		ioc->nr_batch_requests--;
	q->stats.allocated[rw_flags & 1]++;
	trace_block_getrq(q, bio, (int)(rw_flags & 1));
	return rq;
}

/* Sleep (exclusively, unplugging first) until a request can be had. */
static struct request *get_request_wait(struct request_queue *q,
					unsigned long rw_flags, struct bio *bio)
{
	const int is_sync = rw_is_sync(rw_flags);
	struct request_list *rl = &q->rq;
	struct request *rq = get_request(q, rw_flags, bio, GFP_NOIO);

	while (!rq) {
		DEFINE_WAIT(wait);
		sim_time_t start = sim_now();

		enum task_time old;

		prepare_to_wait_exclusive(&rl->wait[is_sync], &wait,
					  TASK_UNINTERRUPTIBLE);
		trace_block_sleeprq(q, bio, (int)(rw_flags & 1));
		__generic_unplug_device(q);
		old = task_time_enter(TT_REQUEST);
		io_schedule();
		task_time_exit(old);
		/* A woken task is a batcher: it got in line first. */
		ioc_set_batching(q, current_io_context());
		finish_wait(&rl->wait[is_sync], &wait);
		q->stats.sleeps[is_sync]++;
		q->stats.sleep_ns[is_sync] += sim_now() - start;
		rq = get_request(q, rw_flags, bio, GFP_NOIO);
	}
	return rq;
}

/*
 * Every freed request below the off mark clears congestion, which wakes
 * every congestion_wait sleeper of this direction (2.6.32
 * mm/backing-dev.c clear_bdi_congested() wakes congestion_wqh[sync]
 * whenever it has waiters, not only on a congested -> uncongested
 * transition).
 */
static void __freed_request(struct request_queue *q, int sync)
{
	struct request_list *rl = &q->rq;

	if (rl->count[sync] < queue_congestion_off_threshold(q))
		clear_bdi_congested(&q->backing_dev_info, sync);
	if (rl->count[sync] + 1 <= (int)q->nr_requests) {
		if (waitqueue_active(&rl->wait[sync]))
			wake_up(&rl->wait[sync]);
		blk_clear_queue_full(q, sync);
	}
}

static void freed_request(struct request_queue *q, int sync)
{
	struct request_list *rl = &q->rq;

	rl->count[sync]--;
	BUG_ON(rl->count[sync] < 0);
	__freed_request(q, sync);
	if (rl->starved[sync ^ 1])
		__freed_request(q, sync ^ 1);
}

void __blk_put_request(struct request *rq)
{
	struct request_queue *q = rq->q;
	int sync = rq_is_sync(rq);

	blk_free_request(q, rq);
	freed_request(q, sync);
}

/* ---- plugging --------------------------------------------------------- */

/*
 * An empty queue is plugged for unplug_delay (3 ms, rounded up to a tick)
 * or until unplug_thresh requests are queued, so a burst of bios merges
 * before the first one goes to the disk.
 */
static void blk_plug_device(struct request_queue *q)
{
	if (blk_queue_plugged(q))
		return;
	queue_flag_set(QUEUE_FLAG_PLUGGED, q);
	timer_add(&q->unplug_timer, jiffies_to_ns(jiffies + q->unplug_delay));
	trace_block_plug(q);
}

static bool blk_remove_plug(struct request_queue *q)
{
	if (!blk_queue_plugged(q))
		return false;
	queue_flag_clear(QUEUE_FLAG_PLUGGED, q);
	timer_del(&q->unplug_timer);
	return true;
}

void __blk_run_queue(struct request_queue *q)
{
	blk_remove_plug(q);
	if (elv_queue_empty(q))
		return;
	q->request_fn(q);
}

void __generic_unplug_device(struct request_queue *q)
{
	if (!blk_remove_plug(q) && !blk_queue_nonrot(q))
		return;
	q->request_fn(q);
}

void generic_unplug_device(struct request_queue *q)
{
	if (blk_queue_plugged(q))
		__generic_unplug_device(q);
}

void blk_unplug_timeout(struct timer *t)
{
	struct request_queue *q = t->data;

	q->stats.unplugs_timer++;
	trace_block_unplug_timer(q);
	/*
	 * The kernel hands this to kblockd, whose blk_unplug_work()
	 * traces an unplug by I/O too and calls q->unplug_fn; mmsim
	 * unplugs right here, and so counts and traces both.
	 */
	q->stats.unplugs_io++;
	trace_block_unplug_io(q);
	queue_flag_clear(QUEUE_FLAG_PLUGGED, q);
	q->request_fn(q);
}

void blk_unplug(struct request_queue *q)
{
	if (q->unplug_fn) {
		q->stats.unplugs_io++;
		trace_block_unplug_io(q);
		q->unplug_fn(q);
	}
}

void blk_run_backing_dev(struct backing_dev_info *bdi, struct page *page)
{
	if (bdi && bdi->unplug_io_fn)
		bdi->unplug_io_fn(bdi, page);
}

static void blk_backing_dev_unplug(struct backing_dev_info *bdi,
				   struct page *page)
{
	blk_unplug(bdi->unplug_io_data);
}

/* ---- queueing bios ---------------------------------------------------- */

static void init_request_from_bio(struct request *rq, struct bio *bio)
{
	/* WRITE_SYNC and WRITE_SYNC_PLUG: CFQ does not idle after them. */
	if (bio_rw_flagged(bio, BIO_RW_NOIDLE))
		rq->cmd_flags |= REQ_NOIDLE;
	rq->sector = bio->bi_sector;
	rq->nr_sectors = bio_sectors(bio);
	rq->bio = rq->biotail = bio;
	bio->bi_next = NULL;
}

static void add_request(struct request_queue *q, struct request *rq)
{
	elv_insert(q, rq);
}

static void blk_defer_bio(struct request_queue *q, struct bio *bio)
{
	bio->bi_next = NULL;
	*q->deferred_tail = bio;
	q->deferred_tail = &bio->bi_next;
	q->stats.deferred++;
}

/*
 * 2.6.32 queue_should_plug(): plugging only pays where merging saves
 * seeks or commands, so not on a non-rotational device that queues.
 */
static bool queue_should_plug(const struct request_queue *q)
{
	return !(blk_queue_nonrot(q) && blk_queue_tagged(q));
}

/* The get_rq: tail of __make_request, for a bio that did not merge. */
static void queue_new_request(struct request_queue *q, struct request *rq,
			      struct bio *bio)
{
	init_request_from_bio(rq, bio);
	if (queue_should_plug(q) && elv_queue_empty(q))
		blk_plug_device(q);
	add_request(q, rq);
}

/*
 * A bio that arrived in interrupt context (or from a bare timer) and found
 * no free request waits here, in order, instead of sleeping: each freed
 * request gives the oldest one another try, before any task woken in
 * get_request_wait gets to run.  The kernel never submits from interrupt
 * context; this keeps a model that does from sleeping there.
 */
static void blk_retry_deferred(struct request_queue *q)
{
	while (q->deferred) {
		struct bio *bio = q->deferred;
		struct request *rq = get_request(q, bio->bi_rw, bio, GFP_ATOMIC);

		if (!rq)
			return;
		q->deferred = bio->bi_next;
		if (!q->deferred)
			q->deferred_tail = &q->deferred;
		queue_new_request(q, rq, bio);
	}
}

static void __make_request(struct request_queue *q, struct bio *bio)
{
	struct request *rq;

	q->stats.bios[bio_data_dir(bio)]++;
	switch (elv_merge(q, &rq, bio)) {
	case ELEVATOR_BACK_MERGE:
		trace_block_bio_backmerge(q, bio);
		rq->biotail->bi_next = bio;
		rq->biotail = bio;
		bio->bi_next = NULL;
		rq->nr_sectors += bio_sectors(bio);
		q->stats.back_merges++;
		q->stats.merges[bio_data_dir(bio)]++;
		if (!attempt_back_merge(q, rq))
			elv_merged_request(q, rq, ELEVATOR_BACK_MERGE);
		goto out;
	case ELEVATOR_FRONT_MERGE:
		trace_block_bio_frontmerge(q, bio);
		bio->bi_next = rq->bio;
		rq->bio = bio;
		rq->sector = bio->bi_sector;
		rq->nr_sectors += bio_sectors(bio);
		q->stats.front_merges++;
		q->stats.merges[bio_data_dir(bio)]++;
		if (!attempt_front_merge(q, rq))
			elv_merged_request(q, rq, ELEVATOR_FRONT_MERGE);
		goto out;
	default:
		break;
	}
	if (!can_sleep()) {
		/* Behind earlier deferred bios, to keep their order. */
		rq = q->deferred ? NULL :
		     get_request(q, bio->bi_rw, bio, GFP_ATOMIC);
		if (!rq) {
			blk_defer_bio(q, bio);
			return;
		}
	} else {
		rq = get_request_wait(q, bio->bi_rw, bio);
	}
	queue_new_request(q, rq, bio);
out:
	/*
	 * 2.6.32 __make_request: only BIO_RW_UNPLUG unplugs here.  A reader
	 * unplugs when it waits on the page (sync_page), after the rest of
	 * its readahead window was queued behind the plug and merged.
	 */
	if (bio_rw_flagged(bio, BIO_RW_UNPLUG) || !queue_should_plug(q))
		__generic_unplug_device(q);
}

void generic_make_request(struct bio *bio)
{
	struct block_device *bdev = bio->bi_bdev;

	BUG_ON(!bdev || bio->bi_vcnt == 0);
	/* A bio beyond the end of its device. */
	BUG_ON(bio->bi_sector + bio_sectors(bio) > bdev->bd_nr_sectors);
	bio->bi_queue_time = sim_now();
	trace_block_bio_queue(bdev->bd_queue, bio);
	bdev->bd_queue->make_request_fn(bdev->bd_queue, bio);
}

/* PGPGIN/PGPGOUT in KiB (the kernel counts sectors and halves them in
 * /proc/vmstat; the printed value is the same). */
void submit_bio(struct bio *bio)
{
	long kib = (long)(bio->bi_vcnt * (PAGE_SIZE / 1024));

	if (bio_data_dir(bio) == WRITE)
		count_vm_events(PGPGOUT, kib);
	else
		count_vm_events(PGPGIN, kib);
	bio->bi_submit_time = sim_now();
	generic_make_request(bio);
}

unsigned int blk_queue_in_flight(const struct request_queue *q)
{
	return (unsigned int)(q->rq.count[0] + q->rq.count[1]);
}

/* ---- the driver's side ------------------------------------------------ */

static struct request *blk_peek_request(struct request_queue *q)
{
	return __elv_next_request(q);
}

/* From the dispatch list to the driver: counted in flight from here. */
static void blk_dequeue_request(struct request *rq)
{
	struct request_queue *q = rq->q;
	int sync = rq_is_sync(rq);

	list_del_init(&rq->queuelist);
	if (!q->in_flight[sync]++)
		q->stats.busy_since[sync] = sim_now();
}

/*
 * [MODEL] The shape of what the driver gets, for the measures (no kernel
 * counterpart; btt computes the same from a blktrace): the request's
 * size, and the seek from the request dispatched before it, of either
 * class, as btt's seek_dist() measures it: none when the two overlap,
 * forward from the end of the last one, backward from its start.
 */
unsigned int blk_size_bucket(unsigned int sectors)
{
	unsigned int b = 0;

	/* <= 4 KiB, <= 8 KiB, ... <= 512 KiB, then the rest. */
	while (b + 1 < BLK_SIZE_BUCKETS && sectors > (PAGE_SECTORS << b))
		b++;
	return b;
}

unsigned int blk_seek_bucket(uint64_t sectors)
{
	unsigned int b = 0;

	/* 0, < 64 KiB, < 1 MiB, ... 16-fold, then the rest. */
	if (!sectors)
		return 0;
	for (b = 1; b + 1 < BLK_SEEK_BUCKETS; b++)
		if (sectors < (128ULL << (4 * (b - 1))))
			break;
	return b;
}

static void blk_account_dispatch(struct request_queue *q, struct request *rq,
				 int sync)
{
	struct blk_queue_stats *st = &q->stats;
	uint64_t start = rq->sector, end = rq->sector + rq->nr_sectors;
	uint64_t dist;

	if ((st->last_start <= start && start <= st->last_end) ||
	    (st->last_start <= end && end <= st->last_end))
		dist = 0;
	else if (start > st->last_end)
		dist = start - st->last_end;
	else
		dist = st->last_start - start;
	st->last_start = start;
	st->last_end = end;
	st->seeks[sync]++;
	st->seek_sectors[sync] += dist;
	st->seek_hist[sync][blk_seek_bucket(dist)]++;
	st->class_sectors[sync] += rq->nr_sectors;
	st->size_hist[sync][blk_size_bucket(rq->nr_sectors)]++;
}

static void blk_start_request(struct request *rq)
{
	struct request_queue *q = rq->q;
	int dir = rq_data_dir(rq), sync = rq_is_sync(rq);

	blk_dequeue_request(rq);
	rq->dispatch_time = sim_now();
	q->stats.requests[dir]++;
	q->stats.sectors[dir] += rq->nr_sectors;
	blk_account_dispatch(q, rq, sync);
	if (q->in_flight[sync] > q->stats.max_in_driver[sync])
		q->stats.max_in_driver[sync] = q->in_flight[sync];
}

/* blk_peek_request() traces the issue the first time the driver sees a
 * request; mmsim's driver takes every request it peeks at. */
struct request *blk_fetch_request(struct request_queue *q)
{
	struct request *rq = blk_peek_request(q);

	if (rq) {
		trace_block_rq_issue(q, rq);
		blk_start_request(rq);
	}
	return rq;
}

void blk_end_request_all(struct request *rq, int error)
{
	struct request_queue *q = rq->q;
	int sync = rq_is_sync(rq);
	sim_time_t now = sim_now();
	sim_time_t latency = now - rq->start_time;
	struct bio *bio = rq->bio;

	trace_block_rq_complete(q, rq);
	while (bio) {
		struct bio *next = bio->bi_next;

		/* Per bio, as btt's Q2C and D2C count them. */
		q->stats.bios_done[sync]++;
		q->stats.q2c_ns[sync] += now - bio->bi_queue_time;
		q->stats.d2c_ns[sync] += now - rq->dispatch_time;
		bio->bi_next = NULL;
		bio_endio(bio, error);
		bio = next;
	}
	elv_completed_request(q, rq);
	if (!q->in_flight[sync])
		q->stats.busy_ns[sync] += now - q->stats.busy_since[sync];
	q->stats.completed[sync]++;
	q->stats.completed_rw[rq_data_dir(rq)]++;
	q->stats.latency_ns[sync] += latency;
	if (latency > q->stats.max_latency_ns[sync])
		q->stats.max_latency_ns[sync] = latency;
	__blk_put_request(rq);
	blk_retry_deferred(q);
}

void blk_free_request_at_exit(struct request *rq)
{
	/* The request and its bios are slab objects: they go with their
	 * caches (kmem_cache_exit), their pools may be gone already. */
	rq->bio = rq->biotail = NULL;
}

/* ---- queues ----------------------------------------------------------- */

static struct request_queue *blk_alloc_queue_node(const char *name)
{
	struct request_queue *q = xcalloc(1, sizeof(*q));

	snprintf(q->name, sizeof(q->name), "%s", name);
	bdi_init(&q->backing_dev_info, q->name);
	q->deferred_tail = &q->deferred;
	INIT_LIST_HEAD(&q->queue_head);
	timer_init(&q->unplug_timer, blk_unplug_timeout, q);
	return q;
}

struct request_queue *blk_alloc_queue(const char *name,
				      make_request_fn *fn, void *queuedata)
{
	struct request_queue *q = blk_alloc_queue_node(name);

	q->make_request_fn = fn;
	q->queuedata = queuedata;
	return q;
}

struct request_queue *blk_init_queue(request_fn_proc *rfn, const char *name)
{
	struct request_queue *q = blk_alloc_queue_node(name);

	/* blk_init_free_list */
	for (int i = 0; i < 2; i++)
		init_waitqueue_head(&q->rq.wait[i]);
	q->rq.rq_pool = mempool_create_slab_pool(BLKDEV_MIN_RQ, request_cachep);
	mempool_set_name(q->rq.rq_pool, "%s requests", name);
	q->request_fn = rfn;
	q->unplug_fn = generic_unplug_device;
	q->backing_dev_info.unplug_io_fn = blk_backing_dev_unplug;
	q->backing_dev_info.unplug_io_data = q;
	blk_queue_make_request(q, __make_request);
	return q;
}

void blk_cleanup_queue(struct request_queue *q)
{
	/* 2.6.32 block/blk-sysfs.c blk_release_queue(): blk_trace_shutdown. */
	blk_trace_remove(q);
	timer_del(&q->unplug_timer);
	if (q->elevator)
		elevator_exit(q->elevator);
	/* Deferred bios are slab objects, gone with their caches. */
	q->deferred = NULL;
	mempool_destroy(q->rq.rq_pool);
	free(q);
}

/* ---- the block layer as a whole --------------------------------------- */

void blk_dev_init(void)
{
	blk_ioc_exit();
	bdi_congestion_init();
	/* fs/bio.c init_bio, a subsys_initcall linked before block/. */
	init_bio();
	request_cachep = kmem_cache_create_host("blkdev_requests",
						sim_arch && sim_arch->arch == ARCH_X86 ?
						200 : 336, 0, SLAB_PANIC, NULL,
						sizeof(struct request));
}

void blk_dev_exit(void)
{
	bio_exit();
	request_cachep = NULL;
	blk_ioc_exit();
	bdi_congestion_exit();
}
