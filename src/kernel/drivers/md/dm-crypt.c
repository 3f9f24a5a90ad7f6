// SPDX-License-Identifier: GPL-2.0
/*
 * The crypt target, as drivers/md/dm-crypt.c of 2.6.30, 2.6.31 and
 * 2.6.32-rc6 (their I/O paths are the same), and with Chris Mason's
 * "make crypto unplug fix V3" (<20091113125812.GB7891@think>, quoted in
 * full in <20091113173446.GL29804@csn.ul.ie>) when the profile has it
 * (kprofile.dm_crypt_io_path, patch 6 of the 2009 tables).
 *
 *   read:  crypt_map queues the io on kcryptd_io, which clones the bio
 *          onto the disk (may sleep in get_request_wait, sync list);
 *          the completion interrupt queues it on kcryptd, which decrypts
 *          (CPU) and ends the original bio.
 *   write: crypt_map queues the io on kcryptd, which copies the data
 *          into pages from the page pool, encrypts them (CPU) and submits
 *          the clone to the disk itself (may sleep in get_request_wait,
 *          async list); the completion interrupt returns the pages and
 *          ends the original bio.
 * Each workqueue is one task and serves its items in order, so a read
 * waiting to be decrypted queues behind writes being encrypted, and a
 * write behind reads.  Nothing unplugs the disk for a clone: a reader's
 * unplug that came while its bio still waited on kcryptd_io is lost, and
 * the clone waits for the plug timer (Chris Mason's "we miss the unplug
 * completely").
 *
 * With the patch: a third single-threaded queue, kcryptd_async_io.  An io
 * whose original bio has BIO_RW_SYNCIO goes to kcryptd_io, any other
 * (plain READs, swap-in and readahead included, and ordinary writes) to
 * kcryptd_async_io; kcryptd hands encrypted writes to these queues
 * instead of submitting them; and each of them unplugs the disk (through
 * the crypt device's backing_dev_info) after a submission that empties
 * the sync count, or the async count while no sync io waits.
 */
#include <stdlib.h>
#include "dm.h"
#include "linux/mempool.h"
#include "linux/workqueue.h"
#include "mmsim/profile.h"

struct crypt_config {
	struct block_device *dev;	/* the device underneath */
	sector_t start;			/* our sector 0 on dev */
	struct dm_crypt_params p;
	struct workqueue_struct *io_queue;	/* kcryptd_io */
	struct workqueue_struct *async_io_queue; /* kcryptd_async_io (patch) */
	struct workqueue_struct *crypt_queue;	/* kcryptd */
	/* The patch's counts of ios waiting on each io queue. */
	int sync_bios_in_queue, async_bios_in_queue;
	mempool_t *page_pool;
	struct dm_crypt_stats stats;
	/* Every io not yet ended: a run cut by time leaves some in flight. */
	struct list_head ios;
	struct list_head io_works;	/* queued crypt_io_works (patch) */
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

/* ---- the page pool ---------------------------------------------------- */

struct page *(*dm_crypt_alloc_page)(gfp_t gfp_mask);
void (*dm_crypt_free_page)(struct page *page);

/*
 * The kernel's mempool_create_page_pool(MIN_POOL_PAGES, 0) allocates
 * with alloc_pages; mmsim reaches the page allocator through the hooks,
 * and without them pages are heap objects that never run out.
 */
static void *crypt_page_alloc(gfp_t gfp_mask, void *pool_data)
{
	struct page *page;

	if (dm_crypt_alloc_page)
		return dm_crypt_alloc_page(gfp_mask);
	page = calloc(1, sizeof(*page));
	if (!page)
		abort();
	return page;
}

static void crypt_page_free(void *element, void *pool_data)
{
	if (dm_crypt_free_page)
		dm_crypt_free_page(element);
	else
		free(element);
}

/* ---- ios -------------------------------------------------------------- */

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

/*
 * One submission for an io queue under the patch: the io, and for a
 * write the clone to send (the patch keeps it in io->ctx.bio_out and
 * queues io->work, which a write split by a page shortage would queue
 * twice; mmsim gives each clone its own item, as the patch means it).
 */
struct crypt_io_work {
	struct work_struct work;
	struct dm_crypt_io *io;
	struct bio *clone;		/* NULL: a read, cloned when it runs */
	struct list_head node;		/* crypt_config.io_works */
};

static bool dm_crypt_unplug_fix(void)
{
	return kprofile.dm_crypt_io_path == DM_CRYPT_IO_UNPLUG_V3;
}

/* The patch's test: the original bio's BIO_RW_SYNCIO bit only. */
static bool crypt_io_is_sync(const struct dm_crypt_io *io)
{
	return bio_rw_flagged(io->base_bio, BIO_RW_SYNCIO);
}

static void kcryptd_io_patched(struct work_struct *work);

static void kcryptd_queue_io_clone(struct dm_crypt_io *io, struct bio *clone)
{
	struct crypt_config *cc = io->cc;
	struct crypt_io_work *w = calloc(1, sizeof(*w));

	if (!w)
		abort();
	w->io = io;
	w->clone = clone;
	list_add_tail(&w->node, &cc->io_works);
	INIT_WORK(&w->work, kcryptd_io_patched);
	if (crypt_io_is_sync(io)) {
		cc->sync_bios_in_queue++;
		queue_work(cc->io_queue, &w->work);
	} else {
		cc->async_bios_in_queue++;
		queue_work(cc->async_io_queue, &w->work);
	}
}

static void kcryptd_queue_io(struct dm_crypt_io *io)
{
	if (dm_crypt_unplug_fix()) {
		kcryptd_queue_io_clone(io, NULL);
		return;
	}
	INIT_WORK(&io->work, kcryptd_io);
	queue_work(io->cc->io_queue, &io->work);
}

static void kcryptd_queue_crypt(struct dm_crypt_io *io)
{
	INIT_WORK(&io->work, kcryptd_crypt);
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
			mempool_free(clone->bi_io_vec[i], cc->page_pool);
	bio_put(clone);
	if (rw == READ && !error) {
		kcryptd_queue_crypt(io);	/* decrypt on kcryptd */
		return;
	}
	if (error)
		io->error = error;
	crypt_dec_pending(io);
}

static struct bio *clone_init(struct dm_crypt_io *io, struct bio *clone)
{
	clone->bi_private = io;
	clone->bi_end_io = crypt_endio;
	clone->bi_bdev = io->cc->dev;
	clone->bi_rw = io->base_bio->bi_rw;
	clone->bi_submit_time = io->base_bio->bi_submit_time;
	return clone;
}

/* kcryptd_io: send the read clone to the disk (the pages are shared). */
static void kcryptd_io_read(struct dm_crypt_io *io)
{
	struct bio *clone = clone_init(io, bio_clone(io->base_bio));

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
 * The patch's kcryptd_io(), for both io queues: count the io out, submit
 * it, and unplug the disk when this emptied the sync queue, or the async
 * queue while no sync io waits.
 */
static void kcryptd_io_patched(struct work_struct *work)
{
	struct crypt_io_work *w = container_of(work, struct crypt_io_work, work);
	struct dm_crypt_io *io = w->io;
	struct crypt_config *cc = io->cc;
	struct bio *clone = w->clone;
	bool was_sync = crypt_io_is_sync(io), zero_sync = false;
	bool zero_async = false;
	struct block_device *bdev = io->base_bio->bi_bdev;

	if (was_sync)
		zero_sync = --cc->sync_bios_in_queue == 0;
	else
		zero_async = --cc->async_bios_in_queue == 0;
	list_del(&w->node);
	free(w);
	if (!clone)
		kcryptd_io_read(io);
	else
		generic_make_request(clone);	/* kcryptd_io_write */
	if ((was_sync && zero_sync) ||
	    (!was_sync && zero_async && cc->sync_bios_in_queue == 0))
		blk_run_backing_dev(blk_get_backing_dev_info(bdev), NULL);
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
	struct bio *clone = clone_init(io, bio_alloc(nr));

	*out_of_pages = false;
	for (unsigned int i = 0; i < nr; i++) {
		struct page *page = mempool_alloc(cc->page_pool, gfp_mask);

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
		/*
		 * kcryptd_crypt_write_io_submit(io, r, 0) submits here; the
		 * patch passes async = 1, so the clone goes through the io
		 * queues.
		 */
		if (dm_crypt_unplug_fix())
			kcryptd_queue_io_clone(io, clone);
		else
			generic_make_request(clone);
		/*
		 * Out of memory: let the disk catch up.  BLK_RW_ASYNC since
		 * 8aa7e847 (2.6.31), WRITE = the SYNC queue in 2.6.30.
		 */
		if (out_of_pages) {
			cc->stats.partial_clones++;
			cc->stats.congestion_waits++;
			congestion_wait(kprofile.cw_writeback, HZ / 100);
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

static struct dm_crypt_io *crypt_io_alloc(struct crypt_config *cc,
					  struct bio *bio, sector_t sector)
{
	struct dm_crypt_io *io = calloc(1, sizeof(*io));

	if (!io)
		abort();
	io->cc = cc;
	io->base_bio = bio;
	io->sector = sector;
	list_add_tail(&io->node, &cc->ios);
	return io;
}

/* Reads go to kcryptd_io first, writes to kcryptd. */
static int crypt_map(struct dm_target *ti, struct bio *bio)
{
	struct crypt_config *cc = ti->private;
	struct dm_crypt_io *io = crypt_io_alloc(cc, bio,
						cc->start + bio->bi_sector);

	if (bio_data_dir(bio) == READ) {
		cc->stats.read_bios++;
		kcryptd_queue_io(io);
	} else {
		cc->stats.write_bios++;
		kcryptd_queue_crypt(io);
	}
	return DM_MAPIO_SUBMITTED;
}

/* Queued, being converted, or with clones on the disk: all of them. */
static void free_ios(struct crypt_config *cc)
{
	struct dm_crypt_io *io, *next;

	list_for_each_entry_safe(io, next, &cc->ios, node)
		free(io);
	INIT_LIST_HEAD(&cc->ios);
}

static void crypt_dtr(struct dm_target *ti)
{
	struct crypt_config *cc = ti->private;
	struct crypt_io_work *w, *next;

	destroy_workqueue(cc->io_queue);
	if (cc->async_io_queue)
		destroy_workqueue(cc->async_io_queue);
	destroy_workqueue(cc->crypt_queue);
	list_for_each_entry_safe(w, next, &cc->io_works, node) {
		if (w->clone) {
			for (unsigned int i = 0; i < w->clone->bi_vcnt; i++)
				mempool_free(w->clone->bi_io_vec[i],
					     cc->page_pool);
			bio_put(w->clone);
		}
		free(w);
	}
	free_ios(cc);
	mempool_destroy(cc->page_pool);
	free(cc);
}

static const struct target_type crypt_target = {
	.name = "crypt",
	.map = crypt_map,
	.dtr = crypt_dtr,
};

void dm_crypt_default_params(struct dm_crypt_params *p)
{
	*p = (struct dm_crypt_params) {
		.ns_per_page = 50 * NSEC_PER_USEC,
		.pool_pages = 32,
		.min_bio_pages = 8,
	};
}

/* crypt_ctr, with the table line's cipher and key left out. */
struct block_device *dm_crypt_create(const char *name,
				     struct block_device *dev,
				     sector_t start, sector_t len,
				     const struct dm_crypt_params *p)
{
	struct mapped_device *md = alloc_dev(name, dev, start, len,
					     &crypt_target);
	struct crypt_config *cc = calloc(1, sizeof(*cc));

	if (!cc)
		abort();
	if (p)
		cc->p = *p;
	else
		dm_crypt_default_params(&cc->p);
	if (!cc->p.min_bio_pages)
		cc->p.min_bio_pages = 1;
	cc->dev = dev;
	cc->start = start;
	md->ti.private = cc;
	INIT_LIST_HEAD(&cc->ios);
	INIT_LIST_HEAD(&cc->io_works);
	cc->page_pool = mempool_create((int)cc->p.pool_pages,
				       crypt_page_alloc, crypt_page_free,
				       NULL);
	/* Kernel thread names as ps shows them; the patch makes its queue
	 * first (crypt_ctr). */
	if (dm_crypt_unplug_fix())
		cc->async_io_queue =
			create_singlethread_workqueue("kcryptd_async_io");
	cc->io_queue = create_singlethread_workqueue("kcryptd_io");
	cc->crypt_queue = create_singlethread_workqueue("kcryptd");
	return &md->bdev;
}

/* The crypt target's context behind @bdev, or NULL for another target. */
static struct crypt_config *bdev_to_cc(struct block_device *bdev)
{
	struct mapped_device *md = dm_bdev_to_md(bdev);

	return md->ti.type == &crypt_target ? md->ti.private : NULL;
}

const struct dm_crypt_stats *dm_crypt_get_stats(struct block_device *bdev)
{
	struct crypt_config *cc = bdev_to_cc(bdev);

	if (!cc)
		return NULL;
	/* What the page pool counted, as of now. */
	cc->stats.pages_allocated = cc->page_pool->nr_from_alloc;
	cc->stats.pool_pages = cc->page_pool->nr_from_reserve;
	cc->stats.pool_waits = cc->page_pool->nr_waits;
	return &cc->stats;
}

struct task_struct *dm_crypt_kcryptd(struct block_device *bdev)
{
	struct crypt_config *cc = bdev_to_cc(bdev);

	return cc ? workqueue_task(cc->crypt_queue) : NULL;
}

struct task_struct *dm_crypt_kcryptd_io(struct block_device *bdev)
{
	struct crypt_config *cc = bdev_to_cc(bdev);

	return cc ? workqueue_task(cc->io_queue) : NULL;
}

struct task_struct *dm_crypt_kcryptd_async_io(struct block_device *bdev)
{
	struct crypt_config *cc = bdev_to_cc(bdev);

	return cc && cc->async_io_queue ?
	       workqueue_task(cc->async_io_queue) : NULL;
}
