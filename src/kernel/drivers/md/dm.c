// SPDX-License-Identifier: GPL-2.0
/*
 * Device mapper: dm-crypt (drivers/md/dm-crypt.c as in 2.6.32) and LVM
 * linear volumes (dm-linear), stacked as in the 2009 reproduction:
 * partition -> dm-crypt -> LVM PV -> LVs for ext3 and swap.
 *
 * dm-crypt paths:
 *   read:  crypt_request queues the io on kcryptd_io, which clones the bio
 *          onto the disk (may sleep in get_request_wait, sync list);
 *          completion interrupt queues it on kcryptd, which decrypts
 *          (CPU) and ends the original bio.
 *   write: crypt_request queues the io on kcryptd, which copies the data
 *          into pages from the page pool, encrypts them (CPU) and submits
 *          the clone to the disk itself (may sleep in get_request_wait,
 *          async list); the completion interrupt returns the pages and
 *          ends the original bio.
 * Each workqueue is one task and serves its items in order, so a read
 * waiting to be decrypted queues behind writes being encrypted, and a
 * write behind reads.
 *
 * The single-threaded workqueue lives here because nothing else in mmsim
 * needs one yet; kernel/workqueue.c would be its home.
 */
#include <assert.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "linux/blkdev.h"
#include "mmsim/profile.h"

/* ---- single-threaded workqueues --------------------------------------- */

struct work_struct {
	struct list_head entry;
	void (*func)(struct work_struct *work);
	bool pending;
};

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

static struct workqueue_struct *create_singlethread_workqueue(const char *name)
{
	struct workqueue_struct *wq = calloc(1, sizeof(*wq));

	if (!wq)
		abort();
	INIT_LIST_HEAD(&wq->worklist);
	init_waitqueue_head(&wq->more_work);
	wq->task = kthread_run(worker_thread, wq, name, DEFAULT_PRIO);
	return wq;
}

/* Callable from interrupt context: only wakes the worker. */
static bool queue_work(struct workqueue_struct *wq, struct work_struct *work)
{
	if (work->pending)
		return false;
	work->pending = true;
	list_add_tail(&work->entry, &wq->worklist);
	wake_up(&wq->more_work);
	return true;
}

/* ---- mapped devices --------------------------------------------------- */

struct crypt_config;

struct mapped_device {
	struct block_device bdev;	/* what users hold */
	struct request_queue *queue;
	struct block_device *dev;	/* the device underneath */
	sector_t start;			/* our sector 0 on dev */
	struct crypt_config *crypt;	/* NULL: linear */
};

/* dm_any_congested: a dm device is congested when what it maps onto is. */
static int dm_any_congested(void *congested_data, int bdi_bits)
{
	struct mapped_device *md = congested_data;

	return bdi_congested(blk_get_backing_dev_info(md->dev), bdi_bits);
}

static void dm_unplug_q(struct request_queue *q)
{
	struct mapped_device *md = q->queuedata;

	blk_unplug(bdev_get_queue(md->dev));
}

static void dm_unplug_all(struct backing_dev_info *bdi, struct page *page)
{
	dm_unplug_q(bdi->unplug_io_data);
}

static struct mapped_device *alloc_dev(const char *name, make_request_fn *fn,
				       struct block_device *dev,
				       sector_t start, sector_t len)
{
	struct mapped_device *md = calloc(1, sizeof(*md));
	struct backing_dev_info *bdi;

	if (!md)
		abort();
	assert(len > 0 && start + len <= dev->bd_nr_sectors);
	md->queue = blk_alloc_queue(name, fn, md);
	md->queue->unplug_fn = dm_unplug_q;
	bdi = &md->queue->backing_dev_info;
	bdi->congested_fn = dm_any_congested;
	bdi->congested_data = md;
	bdi->unplug_io_fn = dm_unplug_all;
	bdi->unplug_io_data = md->queue;
	md->dev = dev;
	md->start = start;
	snprintf(md->bdev.bd_name, sizeof(md->bdev.bd_name), "%s", name);
	md->bdev.bd_queue = md->queue;
	md->bdev.bd_nr_sectors = len;
	return md;
}

static bool is_dm_queue(struct request_queue *q);

static struct mapped_device *bdev_to_md(struct block_device *bdev)
{
	assert(is_dm_queue(bdev->bd_queue));
	return bdev->bd_queue->queuedata;
}

/* ---- dm-linear -------------------------------------------------------- */

static void linear_endio(struct bio *clone, int error)
{
	struct bio *bio = clone->bi_private;

	bio_put(clone);
	bio_endio(bio, error);
}

/* dm core clones every bio; the linear target only moves it. */
static void linear_request(struct request_queue *q, struct bio *bio)
{
	struct mapped_device *md = q->queuedata;
	struct bio *clone = bio_clone(bio);

	clone->bi_bdev = md->dev;
	clone->bi_sector = md->start + bio->bi_sector;
	clone->bi_end_io = linear_endio;
	clone->bi_private = bio;
	generic_make_request(clone);
}

struct block_device *dm_linear_create(const char *name,
				      struct block_device *dev,
				      sector_t start, sector_t len, bool swap)
{
	struct mapped_device *md = alloc_dev(name, linear_request, dev,
					     start, len);

	/* swap_backing_dev_info has no congestion state at all. */
	if (swap) {
		md->queue->backing_dev_info.congested_fn = NULL;
		md->queue->backing_dev_info.congested_data = NULL;
	}
	return &md->bdev;
}

/* ---- dm-crypt: the page pool ------------------------------------------ */

struct page *(*dm_crypt_alloc_page)(gfp_t gfp_mask);
void (*dm_crypt_free_page)(struct page *page);

static struct page *crypt_page_alloc(gfp_t gfp_mask)
{
	struct page *page;

	if (dm_crypt_alloc_page)
		return dm_crypt_alloc_page(gfp_mask);
	page = calloc(1, sizeof(*page));
	if (!page)
		abort();
	return page;
}

static void crypt_page_free(struct page *page)
{
	if (dm_crypt_free_page)
		dm_crypt_free_page(page);
	else
		free(page);
}

/* mempool_create_page_pool(MIN_POOL_PAGES, 0) */
struct page_pool {
	unsigned int min_nr, curr_nr;
	struct page **elements;
	struct wait_queue_head wait;
};

/*
 * mempool_alloc: the allocator first, without __GFP_WAIT/__GFP_IO (and
 * __GFP_NOMEMALLOC|__GFP_NORETRY|__GFP_NOWARN always); then a reserve
 * element; then, if the caller may sleep, wait up to 5 s for an element to
 * come back and try again, this time letting the allocator reclaim.
 */
static struct page *mempool_alloc(struct page_pool *pool, gfp_t gfp_mask,
				  struct dm_crypt_stats *stats)
{
	gfp_t gfp_temp;

	gfp_mask |= __GFP_NOMEMALLOC | __GFP_NORETRY | __GFP_NOWARN;
	gfp_temp = gfp_mask & ~(__GFP_WAIT | __GFP_IO);
	for (;;) {
		struct page *page = crypt_page_alloc(gfp_temp);
		DEFINE_WAIT(wait);

		if (page) {
			stats->pages_allocated++;
			return page;
		}
		if (pool->curr_nr) {
			stats->pool_pages++;
			return pool->elements[--pool->curr_nr];
		}
		if (!(gfp_mask & __GFP_WAIT))
			return NULL;
		gfp_temp = gfp_mask;
		prepare_to_wait(&pool->wait, &wait, TASK_UNINTERRUPTIBLE);
		if (!pool->curr_nr) {
			stats->pool_waits++;
			io_schedule_timeout(5 * HZ);
		}
		finish_wait(&pool->wait, &wait);
	}
}

/* mempool_free: refill the reserve first; callable from interrupts. */
static void mempool_free(struct page_pool *pool, struct page *page)
{
	if (pool->curr_nr < pool->min_nr) {
		pool->elements[pool->curr_nr++] = page;
		wake_up(&pool->wait);
		return;
	}
	crypt_page_free(page);
}

static void page_pool_init(struct page_pool *pool, unsigned int min_nr)
{
	pool->min_nr = min_nr;
	pool->elements = calloc(min_nr ? min_nr : 1, sizeof(*pool->elements));
	if (!pool->elements)
		abort();
	init_waitqueue_head(&pool->wait);
	while (pool->curr_nr < min_nr) {
		struct page *page = crypt_page_alloc(GFP_KERNEL);

		if (!page)
			break;
		pool->elements[pool->curr_nr++] = page;
	}
}

static void page_pool_destroy(struct page_pool *pool)
{
	while (pool->curr_nr)
		crypt_page_free(pool->elements[--pool->curr_nr]);
	free(pool->elements);
}

/* ---- dm-crypt --------------------------------------------------------- */

struct crypt_config {
	struct mapped_device *md;
	struct dm_crypt_params p;
	struct workqueue_struct *io_queue;	/* kcryptd_io */
	struct workqueue_struct *crypt_queue;	/* kcryptd */
	struct page_pool page_pool;
	struct dm_crypt_stats stats;
	/* Every io not yet ended: a run cut by time leaves some in flight. */
	struct list_head ios;
};

struct dm_crypt_io {
	struct crypt_config *cc;
	struct bio *base_bio;
	struct work_struct work;
	sector_t sector;		/* on the device underneath */
	int error;
	int pending;			/* clones and conversions in progress */
	struct list_head node;		/* crypt_config.ios */
};

static void crypt_dec_pending(struct dm_crypt_io *io)
{
	if (--io->pending)
		return;
	bio_endio(io->base_bio, io->error);
	list_del(&io->node);
	free(io);
}

static void kcryptd_io(struct work_struct *work);
static void kcryptd_crypt(struct work_struct *work);

static void kcryptd_queue_io(struct dm_crypt_io *io)
{
	io->work.func = kcryptd_io;
	queue_work(io->cc->io_queue, &io->work);
}

static void kcryptd_queue_crypt(struct dm_crypt_io *io)
{
	io->work.func = kcryptd_crypt;
	queue_work(io->cc->crypt_queue, &io->work);
}

/* Completion of a clone on the disk, in interrupt context. */
static void crypt_endio(struct bio *clone, int error)
{
	struct dm_crypt_io *io = clone->bi_private;
	struct crypt_config *cc = io->cc;
	int rw = bio_data_dir(clone);

	if (rw == WRITE)
		for (unsigned int i = 0; i < clone->bi_vcnt; i++)
			mempool_free(&cc->page_pool, clone->bi_io_vec[i]);
	bio_put(clone);
	if (rw == READ && !error) {
		kcryptd_queue_crypt(io);	/* decrypt on kcryptd */
		return;
	}
	if (error)
		io->error = error;
	crypt_dec_pending(io);
}

static struct bio *crypt_clone_init(struct dm_crypt_io *io, struct bio *clone)
{
	clone->bi_private = io;
	clone->bi_end_io = crypt_endio;
	clone->bi_bdev = io->cc->md->dev;
	clone->bi_rw = io->base_bio->bi_rw;
	clone->bi_submit_time = io->base_bio->bi_submit_time;
	return clone;
}

/* kcryptd_io: send the read clone to the disk (the pages are shared). */
static void kcryptd_io_read(struct dm_crypt_io *io)
{
	struct bio *clone = crypt_clone_init(io, bio_clone(io->base_bio));

	clone->bi_sector = io->sector;
	io->pending++;
	generic_make_request(clone);
}

static void kcryptd_io(struct work_struct *work)
{
	struct dm_crypt_io *io = container_of(work, struct dm_crypt_io, work);

	/* 2.6.32 submits writes here only for async cipher drivers. */
	kcryptd_io_read(io);
}

/*
 * crypt_alloc_buffer: up to @nr pool pages; the first min_bio_pages may
 * wait, after that a shortage returns a partial clone and sets
 * *out_of_pages so the caller submits it and naps.
 */
static struct bio *crypt_alloc_buffer(struct dm_crypt_io *io, unsigned int nr,
				      bool *out_of_pages)
{
	struct crypt_config *cc = io->cc;
	gfp_t gfp_mask = GFP_NOIO | __GFP_HIGHMEM;
	struct bio *clone = crypt_clone_init(io, bio_alloc(nr));

	*out_of_pages = false;
	for (unsigned int i = 0; i < nr; i++) {
		struct page *page = mempool_alloc(&cc->page_pool, gfp_mask,
						  &cc->stats);

		if (!page) {
			*out_of_pages = true;
			break;
		}
		if (i == cc->p.min_bio_pages - 1)
			gfp_mask = (gfp_mask | __GFP_NOWARN) & ~__GFP_WAIT;
		bio_add_page(clone, page);
	}
	if (!clone->bi_vcnt) {
		bio_put(clone);
		return NULL;
	}
	return clone;
}

static void kcryptd_crypt_write_convert(struct dm_crypt_io *io)
{
	struct crypt_config *cc = io->cc;
	unsigned int remaining = io->base_bio->bi_vcnt;
	sector_t sector = io->sector;

	io->pending++;		/* held while converting */
	while (remaining) {
		bool out_of_pages;
		struct bio *clone = crypt_alloc_buffer(io, remaining,
						       &out_of_pages);

		if (!clone) {
			io->error = -12;	/* -ENOMEM */
			break;
		}
		/* Encrypt into the new pages: one CPU cost per page. */
		cpu_consume(clone->bi_vcnt * cc->p.ns_per_page);
		cc->stats.pages_encrypted += clone->bi_vcnt;
		clone->bi_sector = sector;
		sector += bio_sectors(clone);
		remaining -= clone->bi_vcnt;
		io->pending++;
		generic_make_request(clone);
		/*
		 * Out of memory: let the disk catch up.  BLK_RW_ASYNC since
		 * 8aa7e847 (2.6.31), WRITE = the SYNC queue in 2.6.30.
		 */
		if (out_of_pages) {
			cc->stats.partial_clones++;
			cc->stats.congestion_waits++;
			congestion_wait_site(CW_DMCRYPT, kprofile.cw_writeback,
					     HZ / 100);
		}
	}
	crypt_dec_pending(io);
}

static void kcryptd_crypt_read_convert(struct dm_crypt_io *io)
{
	struct crypt_config *cc = io->cc;
	unsigned int nr = io->base_bio->bi_vcnt;

	/* Decrypt in place: one CPU cost per page. */
	cpu_consume(nr * cc->p.ns_per_page);
	cc->stats.pages_decrypted += nr;
	crypt_dec_pending(io);		/* the read clone's reference */
}

static void kcryptd_crypt(struct work_struct *work)
{
	struct dm_crypt_io *io = container_of(work, struct dm_crypt_io, work);

	if (bio_data_dir(io->base_bio) == READ)
		kcryptd_crypt_read_convert(io);
	else
		kcryptd_crypt_write_convert(io);
}

/* crypt_map: reads go to kcryptd_io first, writes to kcryptd. */
static void crypt_request(struct request_queue *q, struct bio *bio)
{
	struct mapped_device *md = q->queuedata;
	struct crypt_config *cc = md->crypt;
	struct dm_crypt_io *io = calloc(1, sizeof(*io));

	if (!io)
		abort();
	io->cc = cc;
	io->base_bio = bio;
	io->sector = md->start + bio->bi_sector;
	INIT_LIST_HEAD(&io->work.entry);
	list_add_tail(&io->node, &cc->ios);
	if (bio_data_dir(bio) == READ) {
		cc->stats.read_bios++;
		kcryptd_queue_io(io);
	} else {
		cc->stats.write_bios++;
		kcryptd_queue_crypt(io);
	}
}

static bool is_dm_queue(struct request_queue *q)
{
	return q->make_request_fn == crypt_request ||
	       q->make_request_fn == linear_request;
}

void dm_crypt_default_params(struct dm_crypt_params *p)
{
	*p = (struct dm_crypt_params) {
		.ns_per_page = 50 * NSEC_PER_USEC,
		.pool_pages = 32,
		.min_bio_pages = 8,
	};
}

struct block_device *dm_crypt_create(const char *name,
				     struct block_device *dev,
				     sector_t start, sector_t len,
				     const struct dm_crypt_params *p)
{
	struct mapped_device *md = alloc_dev(name, crypt_request, dev,
					     start, len);
	struct crypt_config *cc = calloc(1, sizeof(*cc));

	if (!cc)
		abort();
	if (p)
		cc->p = *p;
	else
		dm_crypt_default_params(&cc->p);
	if (!cc->p.min_bio_pages)
		cc->p.min_bio_pages = 1;
	cc->md = md;
	md->crypt = cc;
	INIT_LIST_HEAD(&cc->ios);
	page_pool_init(&cc->page_pool, cc->p.pool_pages);
	/* Kernel thread names as ps shows them. */
	cc->io_queue = create_singlethread_workqueue("kcryptd_io");
	cc->crypt_queue = create_singlethread_workqueue("kcryptd");
	return &md->bdev;
}

static void free_pending_work(struct workqueue_struct *wq)
{
	while (!list_empty(&wq->worklist))
		list_del_init(wq->worklist.next);
	free(wq);
}

/* Queued, being converted, or with clones on the disk: all of them. */
static void free_ios(struct crypt_config *cc)
{
	struct dm_crypt_io *io, *next;

	list_for_each_entry_safe(io, next, &cc->ios, node)
		free(io);
	INIT_LIST_HEAD(&cc->ios);
}

void dm_destroy(struct block_device *bdev)
{
	struct mapped_device *md = bdev_to_md(bdev);
	struct crypt_config *cc = md->crypt;

	if (cc) {
		free_pending_work(cc->io_queue);
		free_pending_work(cc->crypt_queue);
		free_ios(cc);
		page_pool_destroy(&cc->page_pool);
		free(cc);
	}
	blk_cleanup_queue(md->queue);
	free(md);
}

const struct dm_crypt_stats *dm_crypt_get_stats(struct block_device *bdev)
{
	struct mapped_device *md = bdev_to_md(bdev);

	return md->crypt ? &md->crypt->stats : NULL;
}

struct task_struct *dm_crypt_kcryptd(struct block_device *bdev)
{
	struct mapped_device *md = bdev_to_md(bdev);

	return md->crypt ? md->crypt->crypt_queue->task : NULL;
}

struct task_struct *dm_crypt_kcryptd_io(struct block_device *bdev)
{
	struct mapped_device *md = bdev_to_md(bdev);

	return md->crypt ? md->crypt->io_queue->task : NULL;
}
