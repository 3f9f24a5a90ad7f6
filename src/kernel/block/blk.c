// SPDX-License-Identifier: GPL-2.0
/*
 * The block layer below the VM: bios, request queues with the 2.6.32
 * request accounting and congestion marks (block/blk-core.c, reference
 * §6.3), plugging and merging, a CFQ-like scheduler and a disk model.
 *
 * Life of a request: __make_request merges the bio into a queued request
 * or allocates one (get_request, sleeping in get_request_wait when the
 * list of its direction is full); the scheduler hands requests to the
 * device when its rules allow; the device serves one at a time and raises
 * a completion interrupt, which ends the bios, frees the request
 * (freed_request: clear congestion below the off mark and wake
 * congestion_wait sleepers, wake one get_request_wait sleeper) and runs the
 * queue again.
 *
 * Deliberately simple: the scheduler's lists are sorted linked lists,
 * O(n) per insertion and merge lookup with n <= 3/2 nr_requests, searched
 * from the tail where sequential streams land.
 */
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include "linux/blkdev.h"
#include "linux/vmstat.h"

#ifndef list_for_each_entry_reverse
#define list_for_each_entry_reverse(pos, head, member)			\
	for (pos = list_entry((head)->prev, __typeof__(*pos), member);	\
	     &pos->member != (head);					\
	     pos = list_entry(pos->member.prev, __typeof__(*pos), member))
#endif

/* ---- bios ------------------------------------------------------------- */

/*
 * A run stops at an instant, with I/O in flight: the bios still held by
 * queues, the disk or dm-crypt are freed at blk_dev_exit().
 */
static LIST_HEAD(live_bios);

/*
 * Freed bios wait on per-size free lists (the kernel's bio slabs and
 * bvec pools, in spirit): a run allocates and frees a few million bios of
 * up to 1 MiB, and calloc/free of those sizes was 6% of a default run's
 * instructions.  Class k holds room for 2^k pages.  Under ASan the lists
 * are off, so a use after bio_put is still caught.
 */
#define BIO_CACHE_CLASSES	9	/* up to 256 pages, ext3's largest bio */

static struct bio *bio_cache[BIO_CACHE_CLASSES];

static int bio_cache_class(unsigned int nr_pages)
{
	int k = 0;

#ifdef MMSIM_ASAN
	return -1;
#endif
	while ((1U << k) < nr_pages)
		k++;
	return k < BIO_CACHE_CLASSES ? k : -1;
}

struct bio *bio_alloc(unsigned int nr_pages)
{
	int k = bio_cache_class(nr_pages);
	size_t room = k < 0 ? nr_pages : 1U << k;
	size_t size = sizeof(struct bio) + room * sizeof(struct page *);
	struct bio *bio;

	if (k >= 0 && bio_cache[k]) {
		bio = bio_cache[k];
		bio_cache[k] = bio->bi_next;
		memset(bio, 0, size);
	} else {
		bio = calloc(1, size);
		if (!bio)
			abort();
	}
	bio->bi_max_vecs = nr_pages;
	list_add(&bio->bi_live, &live_bios);
	return bio;
}

void bio_put(struct bio *bio)
{
	int k = bio_cache_class(bio->bi_max_vecs);

	list_del(&bio->bi_live);
	if (k < 0) {
		free(bio);
		return;
	}
	bio->bi_next = bio_cache[k];
	bio_cache[k] = bio;
}

static void bio_cache_drain(void)
{
	for (int k = 0; k < BIO_CACHE_CLASSES; k++)
		while (bio_cache[k]) {
			struct bio *bio = bio_cache[k];

			bio_cache[k] = bio->bi_next;
			free(bio);
		}
}

static void bio_free_all(void)
{
	struct bio *bio, *n;

	list_for_each_entry_safe(bio, n, &live_bios, bi_live)
		bio_put(bio);
}

unsigned int bio_add_page(struct bio *bio, struct page *page)
{
	if (bio->bi_vcnt >= bio->bi_max_vecs)
		return 0;
	bio->bi_io_vec[bio->bi_vcnt++] = page;
	return PAGE_SIZE;
}

void bio_endio(struct bio *bio, int error)
{
	if (bio->bi_end_io)
		bio->bi_end_io(bio, error);
}

struct bio *bio_clone(const struct bio *bio)
{
	struct bio *b = bio_alloc(bio->bi_vcnt);

	b->bi_sector = bio->bi_sector;
	b->bi_bdev = bio->bi_bdev;
	b->bi_rw = bio->bi_rw;
	b->bi_vcnt = bio->bi_vcnt;
	b->bi_submit_time = bio->bi_submit_time;
	memcpy(b->bi_io_vec, bio->bi_io_vec,
	       bio->bi_vcnt * sizeof(bio->bi_io_vec[0]));
	return b;
}

/* A task may sleep here; interrupt handlers and bare timers may not. */
static bool can_sleep(void)
{
	return !in_interrupt() && current;
}

/* ---- io contexts: the request "batcher" state of each task ------------ */

/*
 * The kernel hangs this off task_struct (current->io_context); mmsim
 * keeps one per pid here so the engine's task_struct stays generic.
 */
struct io_context {
	int nr_batch_requests;		/* left in the current batch */
	unsigned long last_waited;	/* jiffies the batch started */
};

static struct io_context *ioc_table;
static size_t ioc_table_len;

static struct io_context *current_io_context(void)
{
	size_t pid;

	if (!can_sleep())
		return NULL;
	pid = (size_t)current->pid;
	if (pid >= ioc_table_len) {
		size_t len = ioc_table_len ? ioc_table_len : 64;

		while (len <= pid)
			len *= 2;
		ioc_table = realloc(ioc_table, len * sizeof(*ioc_table));
		if (!ioc_table)
			abort();
		memset(ioc_table + ioc_table_len, 0,
		       (len - ioc_table_len) * sizeof(*ioc_table));
		ioc_table_len = len;
	}
	return &ioc_table[pid];
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

/* ---- the CFQ-like scheduler (declarations) ---------------------------- */

struct cfq_queue {
	struct list_head sort_list;	/* queued requests by sector */
	struct list_head fifo;		/* queued requests by arrival */
	unsigned int queued;
	unsigned int dispatched;	/* in the device */
	sim_time_t slice_end;
	bool slice_new;			/* slice starts at its first completion */
	unsigned int slice_dispatch;
	bool fifo_checked;		/* fifo looked at once per slice */
	int sync;
	int pid;			/* owner of a sync queue */
	struct list_head rr;		/* service order, while on_rr */
	bool on_rr;			/* has requests queued */
	int64_t rb_key;			/* service order key (ns) */
	/*
	 * 2.6.32 keeps these per process (cfq_io_context); mmsim has one sync
	 * queue, so it keeps them per queue (exact under dm-crypt, where
	 * kcryptd_io is the only reader).
	 */
	bool idle_window;		/* CFQ_CFQQ_FLAG_idle_window */
	sim_time_t last_end_request;	/* last sync completion */
	unsigned long ttime_samples;	/* fixed point, 256 = one sample */
	uint64_t ttime_total;
	sim_time_t ttime_mean;
	sector_t last_request_pos;	/* end of the last request queued */
	unsigned long seek_samples;
	uint64_t seek_total;
	sector_t seek_mean;
};

struct cfq_data {
	struct request_queue *queue;
	struct cfq_params p;
	struct cfq_queue async_queue;	/* every async request (ioprio BE/4) */
	struct cfq_queue **sync_queues;	/* one per process, by creation */
	unsigned int nr_sync_queues;
	struct list_head rr_list;	/* busy queues by rb_key: service order */
	unsigned int busy_queues;
	struct cfq_queue *active_queue;
	unsigned int rq_queued;
	int rq_in_driver;
	int rq_in_flight[2];
	sector_t last_position;
	sim_time_t last_end_sync_rq;
	bool hw_tag;			/* the device queues more than one */
	int rq_in_driver_peak;		/* hw_tag detection (cfq_update_hw_tag) */
	int hw_tag_samples;
	bool wait_request;		/* idling on the active sync queue */
	struct timer idle_slice_timer;
};

static void cfq_insert_request(struct cfq_data *cfqd, struct request *rq);
static struct cfq_queue *cfq_find_queue(struct cfq_data *cfqd, bool sync,
					bool create);
static struct request *cfq_dispatch_request(struct cfq_data *cfqd);
static void cfq_completed_request(struct cfq_data *cfqd, struct request *rq);
static void cfq_merged_requests(struct cfq_data *cfqd, struct request *rq,
				struct request *next);

static bool elv_queue_empty(struct request_queue *q)
{
	return q->elevator->rq_queued == 0;
}

/* ---- the disk (declarations) ------------------------------------------ */

struct disk {
	struct disk_params p;
	struct request_queue *q;
	struct list_head queue;		/* held by the device, not started */
	unsigned int nr_held;		/* queued here + active */
	struct request *active;
	sim_time_t active_start;
	struct irq_work done;
	sector_t head;			/* sector after the last transferred */
	double seek_k_ns;		/* seek = track + k * sqrt(d / capacity) */
	sim_time_t rev_ns;		/* one revolution */
};

static void disk_start_next(struct disk *disk);

/* ---- request allocation (reference §6.3) ------------------------------ */

static int queue_full_flag(int sync)
{
	return sync ? QUEUE_FLAG_SYNCFULL : QUEUE_FLAG_ASYNCFULL;
}

static bool blk_queue_full(struct request_queue *q, int sync)
{
	return q->queue_flags & (1UL << queue_full_flag(sync));
}

static void blk_set_queue_full(struct request_queue *q, int sync)
{
	q->queue_flags |= 1UL << queue_full_flag(sync);
}

static void blk_clear_queue_full(struct request_queue *q, int sync)
{
	q->queue_flags &= ~(1UL << queue_full_flag(sync));
}

void blk_queue_congestion_threshold(struct request_queue *q)
{
	long nr = (long)q->nr_requests;
	long on = nr - nr / 8 + 1, off = nr - nr / 8 - nr / 16 - 1;

	q->nr_congestion_on = (unsigned long)(on > nr ? nr : on);
	q->nr_congestion_off = (unsigned long)(off < 1 ? 1 : off);
}

/*
 * The elevator's may_queue is always ELV_MQUEUE_MAY here: CFQ's MUST (a
 * queue it is idling for) would only let that task past the full mark.
 */
static struct request *get_request(struct request_queue *q,
				   unsigned long rw_flags)
{
	struct request_list *rl = &q->rq;
	struct io_context *ioc = NULL;
	const int is_sync = rw_is_sync(rw_flags);
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
			} else if (!ioc_batching(q, ioc)) {
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

	rq = calloc(1, sizeof(*rq));
	if (!rq)
		abort();
	INIT_LIST_HEAD(&rq->queuelist);
	INIT_LIST_HEAD(&rq->fifo);
	rq->q = q;
	rq->cmd_flags = (rw_flags & (1UL << BIO_RW) ? REQ_RW : 0) |
			(is_sync ? REQ_RW_SYNC : 0);
	rq->start_time = sim_now();
	if (ioc_batching(q, ioc))
		ioc->nr_batch_requests--;
	return rq;
}

static void __generic_unplug_device(struct request_queue *q);

/* Sleep (exclusively, unplugging first) until a request can be had. */
static struct request *get_request_wait(struct request_queue *q,
					unsigned long rw_flags)
{
	const int is_sync = rw_is_sync(rw_flags);
	struct request_list *rl = &q->rq;
	struct request *rq = get_request(q, rw_flags);

	while (!rq) {
		DEFINE_WAIT(wait);
		sim_time_t start = sim_now();

		prepare_to_wait_exclusive(&rl->wait[is_sync], &wait,
					  TASK_UNINTERRUPTIBLE);
		__generic_unplug_device(q);
		io_schedule();
		/* A woken task is a batcher: it got in line first. */
		ioc_set_batching(q, current_io_context());
		finish_wait(&rl->wait[is_sync], &wait);
		q->stats.sleeps[is_sync]++;
		q->stats.sleep_ns[is_sync] += sim_now() - start;
		rq = get_request(q, rw_flags);
	}
	return rq;
}

/*
 * Every freed request below the off mark clears congestion, which wakes
 * every congestion_wait sleeper of this direction (reference §6.2).
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
	assert(rl->count[sync] >= 0);
	__freed_request(q, sync);
	if (rl->starved[sync ^ 1])
		__freed_request(q, sync ^ 1);
}

static void blk_put_request(struct request *rq)
{
	struct request_queue *q = rq->q;
	int sync = rq_is_sync(rq);

	free(rq);
	freed_request(q, sync);
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
	q->queue_flags |= 1UL << QUEUE_FLAG_PLUGGED;
	timer_add(&q->unplug_timer, jiffies_to_ns(jiffies + q->unplug_delay));
}

static bool blk_remove_plug(struct request_queue *q)
{
	if (!blk_queue_plugged(q))
		return false;
	q->queue_flags &= ~(1UL << QUEUE_FLAG_PLUGGED);
	timer_del(&q->unplug_timer);
	return true;
}

static void disk_request_fn(struct request_queue *q);

static void __blk_run_queue(struct request_queue *q)
{
	blk_remove_plug(q);
	if (elv_queue_empty(q))
		return;
	disk_request_fn(q);
}

static void __generic_unplug_device(struct request_queue *q)
{
	if (!blk_remove_plug(q) &&
	    !(q->queue_flags & (1UL << QUEUE_FLAG_NONROT)))
		return;
	disk_request_fn(q);
}

static void generic_unplug_device(struct request_queue *q)
{
	if (blk_queue_plugged(q))
		__generic_unplug_device(q);
}

static void blk_unplug_timeout(struct timer *t)
{
	struct request_queue *q = t->data;

	/* The kernel hands this to kblockd; mmsim unplugs right here. */
	q->queue_flags &= ~(1UL << QUEUE_FLAG_PLUGGED);
	disk_request_fn(q);
}

void blk_unplug(struct request_queue *q)
{
	if (q->unplug_fn)
		q->unplug_fn(q);
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

/* ---- merging and queueing --------------------------------------------- */

static bool rq_mergeable(const struct request *rq, const struct bio *bio)
{
	/* CFQ: never a sync bio into an async request (nor the reverse). */
	return rq_data_dir(rq) == bio_data_dir(bio) &&
	       rq_is_sync(rq) == (int)bio_sync(bio);
}

static void bio_attach_back(struct request *rq, struct bio *bio)
{
	rq->biotail->bi_next = bio;
	rq->biotail = bio;
	bio->bi_next = NULL;
	rq->nr_sectors += bio_sectors(bio);
}

static void bio_attach_front(struct request *rq, struct bio *bio)
{
	bio->bi_next = rq->bio;
	rq->bio = bio;
	rq->sector = bio->bi_sector;
	rq->nr_sectors += bio_sectors(bio);
}

/* attempt_back_merge / attempt_front_merge: two requests now touch. */
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
	if (next->start_time < rq->start_time)
		rq->start_time = next->start_time;
	cfq_merged_requests(q->elevator, rq, next);
	blk_put_request(next);
}

/*
 * elv_merge: a queued (not yet dispatched) request of the same direction
 * and sync class that @bio extends at its end (back merge) or start
 * (front merge), within max_sectors.
 */
static bool elv_merge(struct request_queue *q, struct bio *bio)
{
	struct cfq_queue *cfqq = cfq_find_queue(q->elevator, bio_sync(bio),
						false);
	sector_t start = bio->bi_sector, end = start + bio_sectors(bio);
	struct request *rq, *other;

	/* cfq_allow_merge: only into the submitter's own queue. */
	if (!cfqq || (q->queue_flags & (1UL << QUEUE_FLAG_NOMERGES)))
		return false;
	list_for_each_entry_reverse(rq, &cfqq->sort_list, queuelist) {
		if (!rq_mergeable(rq, bio) ||
		    rq->nr_sectors + bio_sectors(bio) > q->max_sectors)
			continue;
		if (rq->sector + rq->nr_sectors == start) {
			bio_attach_back(rq, bio);
			q->stats.back_merges++;
			if (rq->queuelist.next != &cfqq->sort_list) {
				other = list_entry(rq->queuelist.next,
						   struct request, queuelist);
				attempt_merge(q, rq, other);
			}
			return true;
		}
		if (end == rq->sector) {
			bio_attach_front(rq, bio);
			q->stats.front_merges++;
			if (rq->queuelist.prev != &cfqq->sort_list) {
				other = list_entry(rq->queuelist.prev,
						   struct request, queuelist);
				attempt_merge(q, other, rq);
			}
			return true;
		}
		if (rq->sector + rq->nr_sectors < start)
			break;		/* sorted: nothing further down touches */
	}
	return false;
}

static void init_request_from_bio(struct request *rq, struct bio *bio)
{
	rq->sector = bio->bi_sector;
	rq->nr_sectors = bio_sectors(bio);
	rq->bio = rq->biotail = bio;
	bio->bi_next = NULL;
}

static void add_request(struct request_queue *q, struct request *rq)
{
	cfq_insert_request(q->elevator, rq);
	/* elv_insert: enough queued behind a plug is worth starting. */
	if (blk_queue_plugged(q)) {
		int nrq = q->rq.count[0] + q->rq.count[1] - q->disk->nr_held;

		if (nrq >= (int)q->unplug_thresh)
			__generic_unplug_device(q);
	}
}

static void blk_defer_bio(struct request_queue *q, struct bio *bio)
{
	bio->bi_next = NULL;
	*q->deferred_tail = bio;
	q->deferred_tail = &bio->bi_next;
	q->stats.deferred++;
}

/* Plugging only pays where merging saves seeks or commands. */
static bool queue_should_plug(const struct request_queue *q)
{
	return !((q->queue_flags & (1UL << QUEUE_FLAG_NONROT)) &&
		 q->disk->p.queue_depth > 1);
}

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
		struct request *rq = get_request(q, bio->bi_rw);

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
	if (elv_merge(q, bio))
		goto out;
	if (!can_sleep()) {
		/* Behind earlier deferred bios, to keep their order. */
		rq = q->deferred ? NULL : get_request(q, bio->bi_rw);
		if (!rq) {
			blk_defer_bio(q, bio);
			return;
		}
	} else {
		rq = get_request_wait(q, bio->bi_rw);
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
	else if (!blk_queue_plugged(q) && !q->disk->nr_held)
		__blk_run_queue(q);	/* idle device: nothing else would */
}

void generic_make_request(struct bio *bio)
{
	struct block_device *bdev = bio->bi_bdev;

	assert(bdev && bio->bi_vcnt > 0);
	assert(bio->bi_sector + bio_sectors(bio) <= bdev->bd_nr_sectors &&
	       "bio beyond the end of its device");
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

/* ---- CFQ -------------------------------------------------------------- */

/*
 * CFQ as 2.6.32's block/cfq-iosched.c, for one priority (BE/4): a sync
 * queue per process, one async queue for every async write.  Under
 * dm-crypt that is two queues: every read comes from kcryptd_io and every
 * write from kcryptd.
 *
 * - The busy queues are served in rb_key order (cfq_service_tree_add:
 *   joining or rejoining at now + an offset that grows with the number of
 *   busy queues; a preempting queue goes first).  The active queue keeps
 *   the disk for its slice (sync 100 ms, async 40 ms or 16 requests),
 *   timed from its first completion.
 * - Sync is favoured: a sync request arriving while the async queue is
 *   active preempts it; async is not dispatched while sync requests are
 *   in the device; while a sync queue has an idle window, its requests
 *   wait for async ones to drain and, when it runs empty, the scheduler
 *   idles on it (slice_idle, 8 ms; CFQ_MIN_TT, one tick, if seeky) before
 *   giving the disk away; a request close to the head preempts a queue
 *   that is idling.  The idle window follows the process's think time and
 *   seek distance (cfq_update_idle_window); hw_tag is detected from the
 *   device's depth under load (cfq_update_hw_tag).
 * - low_latency (2.6.32, on by default) decides two branches: the async
 *   queue may have at most (time since the last sync completion) /
 *   slice_sync requests in the device, and 1 when it has none; and a
 *   seeky sync queue on a queueing device keeps its idle window (off: it
 *   loses it, so its reads no longer wait for async requests to drain).
 * - A queue may have quantum (4) requests in the device while another is
 *   busy, 4 x quantum when it is alone.
 * - mmsim's minimum async share: an async slice is only preempted by sync
 *   once it has dispatched one request, so async I/O gets at least one
 *   request each time it is served.  The kernel preempts at once; without
 *   this rule the default reproduction's 2.6.30 row stalls 18-19 s at
 *   seeds 1 and 3 (docs/block.md); .30's own CFQ is not modelled.
 */

static bool cfq_slice_used(const struct cfq_queue *cfqq)
{
	return !cfqq->slice_new && sim_now() >= cfqq->slice_end;
}

static unsigned int cfq_busy_queues(const struct cfq_data *cfqd)
{
	return cfqd->busy_queues;
}

static void cfq_init_cfqq(struct cfq_queue *cfqq, int sync, int pid)
{
	INIT_LIST_HEAD(&cfqq->sort_list);
	INIT_LIST_HEAD(&cfqq->fifo);
	INIT_LIST_HEAD(&cfqq->rr);
	cfqq->sync = sync;
	cfqq->pid = pid;
	/* cfq_init_cfqq: sync queues start with an idle window. */
	cfqq->idle_window = sync;
	cfqq->last_end_request = sim_now();
}

/*
 * cfq_get_queue: every async request goes to the one async queue (all
 * tasks are ioprio BE/4); a sync request to its process's own queue, made
 * on its first request.  Without a task (interrupt context) pid 0 stands
 * in.  NULL only when @create is false and there is none yet.
 */
static struct cfq_queue *cfq_find_queue(struct cfq_data *cfqd, bool sync,
					bool create)
{
	int pid = can_sleep() ? current->pid : 0;
	struct cfq_queue *cfqq, **qs;

	if (!sync)
		return &cfqd->async_queue;
	for (unsigned int i = 0; i < cfqd->nr_sync_queues; i++)
		if (cfqd->sync_queues[i]->pid == pid)
			return cfqd->sync_queues[i];
	if (!create)
		return NULL;
	cfqq = calloc(1, sizeof(*cfqq));
	qs = realloc(cfqd->sync_queues,
		     (cfqd->nr_sync_queues + 1) * sizeof(*qs));
	if (!cfqq || !qs)
		abort();
	cfq_init_cfqq(cfqq, 1, pid);
	qs[cfqd->nr_sync_queues++] = cfqq;
	cfqd->sync_queues = qs;
	return cfqq;
}

static struct cfq_queue *rq_cfqq(const struct request *rq)
{
	return rq->elv_private;
}

/*
 * cfq_slice_offset (2.6.32): a queue joining or rejoining the service
 * order goes behind the others by (busy queues - 1) times the difference
 * between the largest slice (prio 0 sync: 180 ms) and its own: 80 ms for
 * a BE/4 sync queue, 140 ms for the async one.
 */
static int64_t cfq_slice_offset(const struct cfq_data *cfqd,
				const struct cfq_queue *cfqq)
{
	int64_t max_slice = (int64_t)(cfqd->p.slice[BLK_RW_SYNC] +
				      cfqd->p.slice[BLK_RW_SYNC] / 5 * 4);

	return (int64_t)(cfqd->busy_queues - 1) *
	       (max_slice - (int64_t)cfqd->p.slice[cfqq->sync]);
}

/*
 * cfq_service_tree_add: the busy queues in rb_key order, the first served
 * next; equal keys keep their arrival order.  A preempting queue goes a
 * second (HZ) ahead of the first.  The residual slice the kernel banks in
 * the key (slice_resid) is not modelled.
 */
static void cfq_service_tree_add(struct cfq_data *cfqd,
				 struct cfq_queue *cfqq, bool add_front)
{
	struct cfq_queue *pos;
	int64_t key;

	if (!add_front) {
		key = (int64_t)sim_now() + cfq_slice_offset(cfqd, cfqq);
	} else {
		key = list_empty(&cfqd->rr_list) ? (int64_t)sim_now() :
		      list_first_entry(&cfqd->rr_list, struct cfq_queue,
				       rr)->rb_key;
		key -= (int64_t)NSEC_PER_SEC;
	}
	list_del_init(&cfqq->rr);
	cfqq->rb_key = key;
	list_for_each_entry(pos, &cfqd->rr_list, rr)
		if (pos->rb_key > key)
			break;
	list_add_tail(&cfqq->rr, &pos->rr);
}

static void cfq_add_cfqq_rr(struct cfq_data *cfqd, struct cfq_queue *cfqq)
{
	cfqq->on_rr = true;
	cfqd->busy_queues++;
	cfq_service_tree_add(cfqd, cfqq, false);
}

static void cfq_del_cfqq_rr(struct cfq_data *cfqd, struct cfq_queue *cfqq)
{
	cfqq->on_rr = false;
	list_del_init(&cfqq->rr);
	cfqd->busy_queues--;
}

/* 2.6.32 cfq-iosched.c constants. */
#define CFQ_MIN_TT_MS		2
#define CFQ_HW_QUEUE_MIN	5
#define CIC_SEEK_THR		(8 * 1024)	/* sectors: 4 MiB */

/* 256 is one sample; more than 80 means at least 3 of them. */
static bool cfq_sample_valid(unsigned long samples)
{
	return samples > 80;
}

/*
 * CFQ_MIN_TT is msecs_to_jiffies(2): whole jiffies, so one tick (4 ms) at
 * HZ 250, unlike slice_idle (HZ/125), which is 8 ms at any HZ.
 */
static sim_time_t cfq_min_tt_ns(void)
{
	return (sim_time_t)((CFQ_MIN_TT_MS * HZ + 999) / 1000) *
	       (NSEC_PER_SEC / HZ);
}

static bool cfq_seeky(const struct cfq_queue *cfqq)
{
	return cfqq->seek_mean > CIC_SEEK_THR;
}

/*
 * cfq_update_io_thinktime: a decaying mean of the time from the queue's
 * last sync completion to its next request, each sample capped at twice
 * slice_idle.
 */
static void cfq_update_io_thinktime(struct cfq_data *cfqd,
				    struct cfq_queue *cfqq)
{
	sim_time_t ttime = sim_now() - cfqq->last_end_request;

	if (ttime > 2 * cfqd->p.slice_idle)
		ttime = 2 * cfqd->p.slice_idle;
	cfqq->ttime_samples = (7 * cfqq->ttime_samples + 256) / 8;
	cfqq->ttime_total = (7 * cfqq->ttime_total + 256 * (uint64_t)ttime) / 8;
	cfqq->ttime_mean = (sim_time_t)((cfqq->ttime_total + 128) /
					cfqq->ttime_samples);
}

/*
 * cfq_update_io_seektime: a decaying mean of the distance from the end of
 * the previous request to the start of this one, each sample capped
 * (harder after the first few) so one far jump does not make a queue
 * seeky.
 */
static void cfq_update_io_seektime(struct cfq_queue *cfqq,
				   const struct request *rq)
{
	sector_t sdist, cap;
	uint64_t total;

	if (!cfqq->last_request_pos)
		sdist = 0;
	else if (cfqq->last_request_pos < rq->sector)
		sdist = rq->sector - cfqq->last_request_pos;
	else
		sdist = cfqq->last_request_pos - rq->sector;
	if (cfqq->seek_samples <= 60)
		cap = cfqq->seek_mean * 4 + 2 * 1024 * 1024;
	else
		cap = cfqq->seek_mean * 4 + 2 * 1024 * 64;
	if (sdist > cap)
		sdist = cap;
	cfqq->seek_samples = (7 * cfqq->seek_samples + 256) / 8;
	cfqq->seek_total = (7 * cfqq->seek_total + 256 * (uint64_t)sdist) / 8;
	total = cfqq->seek_total + cfqq->seek_samples / 2;
	cfqq->seek_mean = (sector_t)(total / cfqq->seek_samples);
}

/*
 * cfq_update_idle_window (2.6.32): a sync queue idles unless it thinks
 * longer than slice_idle (CFQ_MIN_TT if it is seeky).  low_latency
 * decides one case: with it off, a seeky queue on a device that queues
 * (hw_tag) never idles; with it on, it keeps a short idle window, which
 * also makes async requests drain from the device before its requests go.
 */
static void cfq_update_idle_window(struct cfq_data *cfqd,
				   struct cfq_queue *cfqq)
{
	bool enable = cfqq->idle_window;

	if (!cfqq->sync)
		return;
	if (!cfqd->p.slice_idle ||
	    (!cfqd->p.low_latency && cfqd->hw_tag && cfq_seeky(cfqq))) {
		enable = false;
	} else if (cfq_sample_valid(cfqq->ttime_samples)) {
		sim_time_t slice_idle = cfqd->p.slice_idle;

		if (cfq_sample_valid(cfqq->seek_samples) && cfq_seeky(cfqq))
			slice_idle = cfq_min_tt_ns();
		enable = cfqq->ttime_mean <= slice_idle;
	}
	cfqq->idle_window = enable;
}

/*
 * cfq_update_hw_tag (2.6.32): under load (more than CFQ_HW_QUEUE_MIN
 * requests queued or in the device), every 50 completions decide whether
 * the device queues: it does if it held CFQ_HW_QUEUE_MIN at once.
 */
static void cfq_update_hw_tag(struct cfq_data *cfqd)
{
	if (cfqd->rq_in_driver > cfqd->rq_in_driver_peak)
		cfqd->rq_in_driver_peak = cfqd->rq_in_driver;
	if (cfqd->rq_queued <= CFQ_HW_QUEUE_MIN &&
	    cfqd->rq_in_driver <= CFQ_HW_QUEUE_MIN)
		return;
	if (cfqd->hw_tag_samples++ < 50)
		return;
	cfqd->hw_tag = cfqd->rq_in_driver_peak >= CFQ_HW_QUEUE_MIN;
	cfqd->hw_tag_samples = 0;
	cfqd->rq_in_driver_peak = 0;
}

/* 2 * (slice_async_rq + slice_async_rq * (CFQ_PRIO_LISTS - 1 - ioprio 4)) */
static unsigned int cfq_prio_to_maxrq(const struct cfq_data *cfqd)
{
	unsigned int base = cfqd->p.slice_async_rq;

	return 2 * (base + base * (8 - 1 - 4));
}

static void cfq_clear_wait_request(struct cfq_data *cfqd)
{
	cfqd->wait_request = false;
	timer_del(&cfqd->idle_slice_timer);
}

static void cfq_slice_expired(struct cfq_data *cfqd)
{
	struct cfq_queue *cfqq = cfqd->active_queue;

	cfq_clear_wait_request(cfqd);
	if (!cfqq)
		return;
	cfqq->slice_end = 0;
	/* cfq_resort_rr_list: a queue still busy goes to the back. */
	if (cfqq->on_rr)
		cfq_service_tree_add(cfqd, cfqq, false);
	cfqd->active_queue = NULL;
}

static struct cfq_queue *cfq_get_next_queue(struct cfq_data *cfqd)
{
	if (list_empty(&cfqd->rr_list))
		return NULL;
	return list_first_entry(&cfqd->rr_list, struct cfq_queue, rr);
}

static struct cfq_queue *cfq_set_active_queue(struct cfq_data *cfqd)
{
	struct cfq_queue *cfqq = cfq_get_next_queue(cfqd);

	if (cfqq) {
		cfqq->slice_end = 0;
		cfqq->slice_new = true;
		cfqq->slice_dispatch = 0;
		cfqq->fifo_checked = false;
		cfq_clear_wait_request(cfqd);
	}
	cfqd->active_queue = cfqq;
	return cfqq;
}

static struct cfq_queue *cfq_select_queue(struct cfq_data *cfqd)
{
	struct cfq_queue *cfqq = cfqd->active_queue;

	if (!cfqq)
		return cfq_set_active_queue(cfqd);
	if (cfq_slice_used(cfqq))
		goto expire;
	if (cfqq->queued)
		return cfqq;
	/* Idle for the sync queue's next request, or let its I/O finish. */
	if (timer_pending(&cfqd->idle_slice_timer) ||
	    (cfqq->dispatched && cfqq->idle_window))
		return NULL;
expire:
	cfq_slice_expired(cfqd);
	return cfq_set_active_queue(cfqd);
}

static bool cfq_may_dispatch(struct cfq_data *cfqd, struct cfq_queue *cfqq)
{
	unsigned int max_dispatch = cfqd->p.quantum;

	/* Drain async requests before we start sync I/O (idling queues). */
	if (cfqq->idle_window && cfqd->rq_in_flight[BLK_RW_ASYNC])
		return false;
	/* An async queue waits while sync I/O is in the device. */
	if (cfqd->rq_in_flight[BLK_RW_SYNC] && !cfqq->sync)
		return false;
	if (cfqq->dispatched >= max_dispatch) {
		if (cfq_busy_queues(cfqd) > 1)
			return false;
		max_dispatch *= 4;	/* sole queue: 2.6.32 allows 4 quanta */
	}
	/*
	 * 2.6.32 low_latency: async depth ramps up with the time since the
	 * last sync completion; Mel Gorman's Nov 2009 runs found this slows
	 * writeback (and so reclaim) under memory pressure.
	 */
	if (!cfqq->sync && cfqd->p.low_latency) {
		sim_time_t last_sync = sim_now() - cfqd->last_end_sync_rq;
		unsigned int depth = (unsigned int)(last_sync /
						    cfqd->p.slice[BLK_RW_SYNC]);

		if (!depth && !cfqq->dispatched)
			depth = 1;
		if (depth < max_dispatch)
			max_dispatch = depth;
	}
	return cfqq->dispatched < max_dispatch;
}

/* Once per slice, a request past its fifo deadline goes first. */
static struct request *cfq_check_fifo(struct cfq_data *cfqd,
				      struct cfq_queue *cfqq)
{
	struct request *rq;

	if (cfqq->fifo_checked)
		return NULL;
	cfqq->fifo_checked = true;
	if (list_empty(&cfqq->fifo))
		return NULL;
	rq = list_first_entry(&cfqq->fifo, struct request, fifo);
	if (sim_now() < rq->start_time + cfqd->p.fifo_expire[cfqq->sync])
		return NULL;
	return rq;
}

/*
 * cfq_choose_req: the nearest request ahead of the head; one behind it
 * within back_max counts back_penalty times its distance; beyond that it
 * waits for the sweep to wrap (lowest sector first).
 */
static struct request *cfq_next_rq(struct cfq_data *cfqd,
				   struct cfq_queue *cfqq)
{
	sector_t last = cfqd->last_position;
	struct request *rq, *best = NULL;
	bool best_wrap = true;
	sector_t best_d = ~(sector_t)0;

	list_for_each_entry(rq, &cfqq->sort_list, queuelist) {
		bool wrap = false;
		sector_t d;

		if (rq->sector >= last) {
			d = rq->sector - last;
		} else if (last - rq->sector <= cfqd->p.back_max) {
			d = (last - rq->sector) * cfqd->p.back_penalty;
		} else {
			wrap = true;
			d = rq->sector;
		}
		if (!best || (best_wrap && !wrap) ||
		    (best_wrap == wrap && d < best_d)) {
			best = rq;
			best_wrap = wrap;
			best_d = d;
		}
	}
	return best;
}

static void cfq_remove_request(struct cfq_data *cfqd, struct request *rq)
{
	struct cfq_queue *cfqq = rq_cfqq(rq);

	list_del_init(&rq->queuelist);
	list_del_init(&rq->fifo);
	cfqq->queued--;
	cfqd->rq_queued--;
	/* cfq_del_rq_rb: an empty queue leaves the service order. */
	if (!cfqq->queued && cfqq->on_rr)
		cfq_del_cfqq_rr(cfqd, cfqq);
}

static struct request *cfq_dispatch_request(struct cfq_data *cfqd)
{
	struct cfq_queue *cfqq;
	struct request *rq;

	if (!cfqd->rq_queued)
		return NULL;
	cfqq = cfq_select_queue(cfqd);
	if (!cfqq || !cfq_may_dispatch(cfqd, cfqq))
		return NULL;
	rq = cfq_check_fifo(cfqd, cfqq);
	if (!rq)
		rq = cfq_next_rq(cfqd, cfqq);
	cfq_remove_request(cfqd, rq);
	cfqq->dispatched++;
	cfqd->rq_in_driver++;
	cfqd->rq_in_flight[cfqq->sync]++;
	cfqd->last_position = rq->sector + rq->nr_sectors;
	cfqq->slice_dispatch++;
	cfq_clear_wait_request(cfqd);

	/* An async queue that used its request allowance yields at once. */
	if (cfq_busy_queues(cfqd) > 1 && !cfqq->sync &&
	    cfqq->slice_dispatch >= cfq_prio_to_maxrq(cfqd)) {
		cfqq->slice_new = false;
		cfqq->slice_end = sim_now();
		cfq_slice_expired(cfqd);
	}
	return rq;
}

/*
 * cfq_rq_close: @rq starts within the idling queue's mean seek distance
 * (CIC_SEEK_THR until it has samples) of where the head is.
 */
static bool cfq_rq_close(const struct cfq_data *cfqd,
			 const struct cfq_queue *active, const struct request *rq)
{
	sector_t sdist = active->seek_mean, d;

	if (!cfq_sample_valid(active->seek_samples))
		sdist = CIC_SEEK_THR;
	d = rq->sector >= cfqd->last_position ?
	    rq->sector - cfqd->last_position : cfqd->last_position - rq->sector;
	return d <= sdist;
}

static bool cfq_should_preempt(struct cfq_data *cfqd,
			       struct cfq_queue *new_cfqq, struct request *rq)
{
	struct cfq_queue *cfqq = cfqd->active_queue;

	if (!cfqq)
		return false;
	if (cfq_slice_used(cfqq))
		return true;
	/* mmsim: after one async dispatch (the minimum async share). */
	if (rq_is_sync(rq) && !cfqq->sync)
		return cfqq->slice_dispatch > 0;
	/*
	 * 2.6.32: a queue idling for its next request gives way to one
	 * whose request is as close as its own would be (the cooperating
	 * queue marks that limit this are not modelled).
	 */
	return cfqd->wait_request && cfq_rq_close(cfqd, cfqq, rq);
}

static void cfq_insert_request(struct cfq_data *cfqd, struct request *rq)
{
	struct cfq_queue *cfqq = cfq_find_queue(cfqd, rq_is_sync(rq), true);
	struct request *pos;

	rq->elv_private = cfqq;

	/* By sector; sequential streams append, so search from the tail. */
	list_for_each_entry_reverse(pos, &cfqq->sort_list, queuelist)
		if (pos->sector <= rq->sector)
			break;
	list_add(&rq->queuelist, &pos->queuelist);
	list_add_tail(&rq->fifo, &cfqq->fifo);
	cfqq->queued++;
	cfqd->rq_queued++;
	if (!cfqq->on_rr)
		cfq_add_cfqq_rr(cfqd, cfqq);

	/* cfq_rq_enqueued */
	if (cfqq->sync) {
		cfq_update_io_thinktime(cfqd, cfqq);
		cfq_update_io_seektime(cfqq, rq);
		cfq_update_idle_window(cfqd, cfqq);
		cfqq->last_request_pos = rq->sector + rq->nr_sectors;
	}
	if (cfqq == cfqd->active_queue) {
		if (cfqd->wait_request) {
			cfq_clear_wait_request(cfqd);
			__blk_run_queue(cfqd->queue);
		}
	} else if (cfq_should_preempt(cfqd, cfqq, rq)) {
		/* cfq_preempt_queue: to the front, a fresh slice. */
		cfqd->queue->stats.preemptions++;
		cfq_slice_expired(cfqd);
		cfq_service_tree_add(cfqd, cfqq, true);
		cfqq->slice_end = 0;
		cfqq->slice_new = true;
		__blk_run_queue(cfqd->queue);
	}
}

static void cfq_merged_requests(struct cfq_data *cfqd, struct request *rq,
				struct request *next)
{
	/* The survivor keeps the older fifo position. */
	if (next->start_time <= rq->start_time)
		list_move(&rq->fifo, &next->fifo);
	cfq_remove_request(cfqd, next);
}

/*
 * 2.6.32: no idling on a non-rotational device that queues, for a queue
 * without an idle window, with requests still in the device, or when the
 * queue's mean think time exceeds what is left of its slice; a seeky
 * queue idles at most CFQ_MIN_TT.
 */
static void cfq_arm_slice_timer(struct cfq_data *cfqd)
{
	struct cfq_queue *cfqq = cfqd->active_queue;
	sim_time_t sl = cfqd->p.slice_idle;

	if ((cfqd->queue->queue_flags & (1UL << QUEUE_FLAG_NONROT)) &&
	    cfqd->hw_tag)
		return;
	if (!sl || !cfqq->idle_window || cfqd->rq_in_driver)
		return;
	if (cfq_sample_valid(cfqq->ttime_samples) &&
	    cfqq->slice_end - sim_now() < cfqq->ttime_mean)
		return;
	if (cfq_sample_valid(cfqq->seek_samples) && cfq_seeky(cfqq) &&
	    sl > cfq_min_tt_ns())
		sl = cfq_min_tt_ns();
	cfqd->wait_request = true;
	timer_add(&cfqd->idle_slice_timer, sim_now() + sl);
}

static void cfq_idle_slice_timer(struct timer *t)
{
	struct cfq_data *cfqd = t->data;
	struct cfq_queue *cfqq = cfqd->active_queue;

	cfqd->wait_request = false;
	if (cfqq && !cfq_slice_used(cfqq)) {
		if (cfqq->queued)
			goto kick;
		if (!cfqd->rq_queued)
			return;		/* nobody else waits: stay active */
	}
	cfq_slice_expired(cfqd);
kick:
	__blk_run_queue(cfqd->queue);
}

static void cfq_completed_request(struct cfq_data *cfqd, struct request *rq)
{
	int sync = rq_is_sync(rq);
	struct cfq_queue *cfqq = rq_cfqq(rq);

	cfq_update_hw_tag(cfqd);
	cfqd->rq_in_driver--;
	cfqd->rq_in_flight[sync]--;
	cfqq->dispatched--;
	if (sync) {
		cfqq->last_end_request = sim_now();
		cfqd->last_end_sync_rq = sim_now();
	}
	if (cfqd->active_queue != cfqq)
		return;
	if (cfqq->slice_new) {
		cfqq->slice_end = sim_now() + cfqd->p.slice[sync];
		cfqq->slice_new = false;
	}
	if (cfq_slice_used(cfqq))
		cfq_slice_expired(cfqd);
	else if (!cfqq->queued && sync)
		cfq_arm_slice_timer(cfqd);
}

bool cfq_sync_idle_window(const struct request_queue *q, int pid)
{
	const struct cfq_data *cfqd = q->elevator;

	for (unsigned int i = 0; i < cfqd->nr_sync_queues; i++)
		if (cfqd->sync_queues[i]->pid == pid)
			return cfqd->sync_queues[i]->idle_window;
	return false;
}

unsigned int cfq_nr_sync_queues(const struct request_queue *q)
{
	return q->elevator->nr_sync_queues;
}

bool cfq_hw_tag(const struct request_queue *q)
{
	return q->elevator->hw_tag;
}

void cfq_default_params(struct cfq_params *p)
{
	*p = (struct cfq_params) {
		.quantum = 4,
		.fifo_expire = { 250 * NSEC_PER_MSEC, 125 * NSEC_PER_MSEC },
		.slice = { 40 * NSEC_PER_MSEC, 100 * NSEC_PER_MSEC },
		.slice_async_rq = 2,
		.slice_idle = 8 * NSEC_PER_MSEC,
		.back_max = 16 * 1024 * 2,
		.back_penalty = 2,
		.low_latency = true,
	};
}

static struct cfq_data *cfq_init_queue(struct request_queue *q,
				       const struct cfq_params *p)
{
	struct cfq_data *cfqd = calloc(1, sizeof(*cfqd));

	if (!cfqd)
		abort();
	cfqd->queue = q;
	cfqd->p = *p;
	if (!cfqd->p.slice[BLK_RW_SYNC])
		cfqd->p.slice[BLK_RW_SYNC] = 1;
	cfq_init_cfqq(&cfqd->async_queue, 0, 0);
	INIT_LIST_HEAD(&cfqd->rr_list);
	cfqd->last_end_sync_rq = sim_now();
	timer_init(&cfqd->idle_slice_timer, cfq_idle_slice_timer, cfqd);
	return cfqd;
}

/* ---- the disk --------------------------------------------------------- */

void disk_default_params(struct disk_params *p)
{
	*p = (struct disk_params) {
		.rotational = true,
		.capacity = 250000000000ULL >> SECTOR_SHIFT,	/* 250 GB */
		.seek_track_ns = 800 * NSEC_PER_USEC,
		.seek_avg_ns = 8500 * NSEC_PER_USEC,
		.rpm = 7200,
		.read_bps = 80000000,
		.write_bps = 80000000,
		.access_ns = 50 * NSEC_PER_USEC,
		.queue_depth = 31,
		.irq_cpu = 0,
	};
}

void disk_fast_params(struct disk_params *p)
{
	*p = (struct disk_params) {
		.rotational = false,
		.capacity = 80000000000ULL >> SECTOR_SHIFT,	/* 80 GB */
		.read_bps = 250000000,
		.write_bps = 100000000,
		.access_ns = 85 * NSEC_PER_USEC,
		.queue_depth = 31,
		.irq_cpu = 0,
	};
}

static sim_time_t transfer_ns(uint64_t bytes, uint64_t bps)
{
	return (sim_time_t)(bytes * NSEC_PER_SEC / bps);
}

/* Head positioning before @rq can transfer (0 if it is where the head is). */
static sim_time_t disk_position_ns(struct disk *disk, const struct request *rq,
				   bool estimate)
{
	const struct disk_params *p = &disk->p;
	uint64_t bps = rq_data_dir(rq) == WRITE ? p->write_bps : p->read_bps;
	sector_t d;
	sim_time_t ns;

	if (!p->rotational || rq->sector == disk->head)
		return 0;
	if (rq->sector > disk->head) {
		d = rq->sector - disk->head;
		/* Less than a turn ahead: wait for it to pass the head. */
		if (transfer_ns(d << SECTOR_SHIFT, bps) < disk->rev_ns)
			return transfer_ns(d << SECTOR_SHIFT, bps);
	} else {
		d = disk->head - rq->sector;
	}
	ns = p->seek_track_ns + (sim_time_t)(disk->seek_k_ns *
					     sqrt((double)d / p->capacity));
	if (estimate)
		return ns + disk->rev_ns / 2;
	return ns + prandom_below(disk->rev_ns);
}

static sim_time_t disk_service_ns(struct disk *disk, const struct request *rq)
{
	uint64_t bps = rq_data_dir(rq) == WRITE ? disk->p.write_bps
						: disk->p.read_bps;

	return disk->p.access_ns + disk_position_ns(disk, rq, false) +
	       transfer_ns((uint64_t)rq->nr_sectors << SECTOR_SHIFT, bps);
}

/*
 * The device serves one request at a time.  With NCQ (queue_depth > 1) it
 * picks the held request with the shortest expected positioning time;
 * ties go to the oldest.
 */
static void disk_start_next(struct disk *disk)
{
	struct request *rq, *best = NULL;
	sim_time_t best_ns = 0;

	if (disk->active || list_empty(&disk->queue))
		return;
	list_for_each_entry(rq, &disk->queue, queuelist) {
		sim_time_t ns = disk_position_ns(disk, rq, true);

		if (!best || ns < best_ns) {
			best = rq;
			best_ns = ns;
		}
		if (disk->p.queue_depth <= 1)
			break;
	}
	list_del_init(&best->queuelist);
	disk->active = best;
	disk->active_start = sim_now();
	irq_work_queue_at(&disk->done, sim_now() + disk_service_ns(disk, best));
}

/* The driver's request_fn: fill the device up to its queue depth. */
static void disk_request_fn(struct request_queue *q)
{
	struct disk *disk = q->disk;
	unsigned int in_driver;
	int sync;

	while (disk->nr_held < disk->p.queue_depth) {
		struct request *rq = cfq_dispatch_request(q->elevator);

		if (!rq)
			break;
		rq->dispatch_time = sim_now();
		list_add_tail(&rq->queuelist, &disk->queue);
		disk->nr_held++;
		q->stats.requests[rq_data_dir(rq)]++;
		q->stats.sectors[rq_data_dir(rq)] += rq->nr_sectors;
		sync = rq_is_sync(rq);
		in_driver = (unsigned int)q->elevator->rq_in_flight[sync];
		if (in_driver > q->stats.max_in_driver[sync])
			q->stats.max_in_driver[sync] = in_driver;
	}
	disk_start_next(disk);
}

/* blk_end_request: end the bios, let the scheduler know, free the request. */
static void blk_end_request(struct request *rq, int error)
{
	struct request_queue *q = rq->q;
	int sync = rq_is_sync(rq);
	sim_time_t latency = sim_now() - rq->start_time;
	struct bio *bio = rq->bio;

	while (bio) {
		struct bio *next = bio->bi_next;

		bio->bi_next = NULL;
		bio_endio(bio, error);
		bio = next;
	}
	cfq_completed_request(q->elevator, rq);
	q->stats.completed[sync]++;
	q->stats.latency_ns[sync] += latency;
	if (latency > q->stats.max_latency_ns[sync])
		q->stats.max_latency_ns[sync] = latency;
	blk_put_request(rq);
	blk_retry_deferred(q);
}

/* The completion interrupt. */
static void disk_end_io(struct irq_work *w)
{
	struct disk *disk = w->data;
	struct request_queue *q = disk->q;
	struct request *rq = disk->active;

	disk->active = NULL;
	disk->nr_held--;
	disk->head = rq->sector + rq->nr_sectors;
	q->stats.busy_ns += sim_now() - disk->active_start;
	blk_end_request(rq, 0);
	disk_start_next(disk);
	__blk_run_queue(q);
}

static void disk_init_model(struct disk *disk, const struct disk_params *p)
{
	disk->p = *p;
	if (!disk->p.queue_depth)
		disk->p.queue_depth = 1;
	if (!disk->p.read_bps)
		disk->p.read_bps = 1;
	if (!disk->p.write_bps)
		disk->p.write_bps = 1;
	if (!disk->p.capacity)
		disk->p.capacity = 1;
	disk->rev_ns = disk->p.rpm ? 60 * NSEC_PER_SEC / disk->p.rpm : 0;
	/*
	 * The mean of sqrt(|x - y|) over x, y uniform in [0, 1] is 8/15, so
	 * this k makes the mean random seek seek_avg_ns.
	 */
	if (disk->p.seek_avg_ns > disk->p.seek_track_ns)
		disk->seek_k_ns = (double)(disk->p.seek_avg_ns -
					   disk->p.seek_track_ns) * 15.0 / 8.0;
	INIT_LIST_HEAD(&disk->queue);
	irq_work_init(&disk->done, disk->p.irq_cpu, disk_end_io, disk);
}

/* ---- queues and devices ----------------------------------------------- */

static struct request_queue *blk_queue_alloc(const char *name)
{
	struct request_queue *q = calloc(1, sizeof(*q));

	if (!q)
		abort();
	snprintf(q->name, sizeof(q->name), "%s", name);
	bdi_init(&q->backing_dev_info, q->name);
	q->deferred_tail = &q->deferred;
	return q;
}

struct request_queue *blk_alloc_queue(const char *name,
				      make_request_fn *fn, void *queuedata)
{
	struct request_queue *q = blk_queue_alloc(name);

	q->make_request_fn = fn;
	q->queuedata = queuedata;
	return q;
}

void blk_cleanup_queue(struct request_queue *q)
{
	free(q);
}

static unsigned long msecs_to_jiffies(unsigned int ms)
{
	return ((unsigned long)ms * HZ + 999) / 1000;
}

struct block_device *disk_create(const char *name,
				 const struct disk_params *dp,
				 const struct cfq_params *cp)
{
	struct block_device *bdev = calloc(1, sizeof(*bdev));
	struct disk_params dflt_disk;
	struct cfq_params dflt_cfq;
	struct request_queue *q;

	if (!bdev)
		abort();
	if (!dp) {
		disk_default_params(&dflt_disk);
		dp = &dflt_disk;
	}
	if (!cp) {
		cfq_default_params(&dflt_cfq);
		cp = &dflt_cfq;
	}
	q = blk_queue_alloc(name);
	q->make_request_fn = __make_request;
	q->unplug_fn = generic_unplug_device;
	q->backing_dev_info.unplug_io_fn = blk_backing_dev_unplug;
	q->backing_dev_info.unplug_io_data = q;
	for (int i = 0; i < 2; i++)
		init_waitqueue_head(&q->rq.wait[i]);
	q->nr_requests = BLKDEV_MAX_RQ;
	blk_queue_congestion_threshold(q);
	q->nr_batching = BLK_BATCH_REQ;
	q->max_sectors = BLK_DEF_MAX_SECTORS;
	q->unplug_thresh = 4;
	q->unplug_delay = msecs_to_jiffies(3);
	if (!q->unplug_delay)
		q->unplug_delay = 1;
	timer_init(&q->unplug_timer, blk_unplug_timeout, q);
	if (!dp->rotational)
		q->queue_flags |= 1UL << QUEUE_FLAG_NONROT;

	q->disk = calloc(1, sizeof(*q->disk));
	if (!q->disk)
		abort();
	q->disk->q = q;
	disk_init_model(q->disk, dp);
	q->elevator = cfq_init_queue(q, cp);
	q->elevator->hw_tag = q->disk->p.queue_depth > 1;

	snprintf(bdev->bd_name, sizeof(bdev->bd_name), "%s", name);
	bdev->bd_queue = q;
	bdev->bd_nr_sectors = q->disk->p.capacity;
	return bdev;
}

static void free_request_and_bios(struct request *rq)
{
	struct bio *bio = rq->bio;

	while (bio) {
		struct bio *next = bio->bi_next;

		bio_put(bio);
		bio = next;
	}
	free(rq);
}

/* Call before sim_exit(): the queue's timers leave the event queue. */
void disk_destroy(struct block_device *bdev)
{
	struct request_queue *q = bdev->bd_queue;
	struct cfq_data *cfqd = q->elevator;
	struct request *rq, *n;

	timer_del(&q->unplug_timer);
	timer_del(&cfqd->idle_slice_timer);
	timer_del(&q->disk->done.timer);
	list_for_each_entry_safe(rq, n, &cfqd->async_queue.sort_list,
				 queuelist)
		free_request_and_bios(rq);
	for (unsigned int i = 0; i < cfqd->nr_sync_queues; i++) {
		list_for_each_entry_safe(rq, n,
					 &cfqd->sync_queues[i]->sort_list,
					 queuelist)
			free_request_and_bios(rq);
		free(cfqd->sync_queues[i]);
	}
	free(cfqd->sync_queues);
	list_for_each_entry_safe(rq, n, &q->disk->queue, queuelist)
		free_request_and_bios(rq);
	if (q->disk->active)
		free_request_and_bios(q->disk->active);
	while (q->deferred) {
		struct bio *bio = q->deferred;

		q->deferred = bio->bi_next;
		bio_put(bio);
	}
	free(cfqd);
	free(q->disk);
	free(q);
	free(bdev);
}

void blk_dev_init(void)
{
	free(ioc_table);
	ioc_table = NULL;
	ioc_table_len = 0;
	bdi_congestion_init();
}

void blk_dev_exit(void)
{
	bio_free_all();
	bio_cache_drain();
	free(ioc_table);
	ioc_table = NULL;
	ioc_table_len = 0;
	bdi_congestion_exit();
}
