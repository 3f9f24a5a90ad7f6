// SPDX-License-Identifier: GPL-2.0
/*
 * Device mapper core, as 2.6.32's drivers/md/dm.c for bio-based devices:
 * a mapped device is a request queue whose make_request_fn (dm_request)
 * splits every bio into clones for its target (dm-linear.c, dm-crypt.c),
 * and whose backing_dev_info answers congestion and unplugging from the
 * device underneath.  The 2009 reproduction stacks partition -> dm-crypt
 * -> LVM PV -> LVs for ext3 and swap.
 *
 * Per bio (__split_and_process_bio): a struct dm_io from the device's
 * io_pool, and per clone a struct dm_target_io from its tio_pool and the
 * clone itself from its bio_set, all with GFP_NOIO, so the submitter
 * (kswapd writing swap, a flusher, a direct reclaimer) sleeps in
 * mempool_alloc when the slab and the reserve are both dry.  The clone's
 * completion (clone_endio) frees the tio and the clone; the last one
 * (dec_pending) ends the original bio and frees the io.  One target
 * covers the whole device, so there is one clone per bio.
 *
 * Object sizes: struct dm_io 40 bytes on x86-64, 24 on x86 in 2.6.32
 * (with endio_lock), 32 / 20 in 2.6.30 and 2.6.31
 * (kprofile.dm_io_endio_lock); struct dm_target_io 24 / 16.
 */
#include "linux/bug.h"
#include <stdlib.h>
#include <stdio.h>
#include "dm.h"
#include "linux/slab.h"
#include "linux/mmzone.h"
#include "mmsim/profile.h"
#include "trace/events/block.h"
#include "util/xalloc.h"

struct dm_pool_params dm_pool_params = {
	.min_ios = DM_MIN_IOS,
	.bio_pool = DM_BIO_POOL_SIZE,
};

static struct kmem_cache *_io_cache;
static struct kmem_cache *_tio_cache;

static bool arch32(void)
{
	return sim_arch && sim_arch->arch == ARCH_X86;
}

/*
 * local_init(): KMEM_CACHE(dm_io, 0) and KMEM_CACHE(dm_target_io, 0) (the
 * request-based caches dm_rq_target_io and dm_rq_clone_bio_info are not
 * made: nothing here is request-based).  A start_kernel initcall.
 */
void dm_init(void)
{
	unsigned int word = arch32() ? 4 : 8;
	unsigned int io_size = kprofile_get(dm_io_endio_lock) ?
			       (arch32() ? 24 : 40) : (arch32() ? 20 : 32);

	_io_cache = kmem_cache_create_host("dm_io", io_size, word, 0, NULL,
					   sizeof(struct dm_io));
	_tio_cache = kmem_cache_create_host("dm_target_io", arch32() ? 16 : 24,
					    word, 0, NULL,
					    sizeof(struct dm_target_io));
}

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

/* ---- the I/O path ---------------------------------------------------- */

static struct dm_io *alloc_io(struct mapped_device *md)
{
	return mempool_alloc(md->io_pool, GFP_NOIO);
}

static void free_io(struct mapped_device *md, struct dm_io *io)
{
	mempool_free(io, md->io_pool);
}

static struct dm_target_io *alloc_tio(struct mapped_device *md)
{
	return mempool_alloc(md->tio_pool, GFP_NOIO);
}

static void free_tio(struct mapped_device *md, struct dm_target_io *tio)
{
	mempool_free(tio, md->tio_pool);
}

/* dec_pending(): the last clone ends the original bio, then the io goes. */
static void dec_pending(struct dm_io *io, int error)
{
	struct mapped_device *md = io->md;

	if (error)
		io->error = error;
	if (--io->io_count)
		return;
	trace_block_bio_complete(md->queue, io->bio);
	bio_endio(io->bio, io->error);
	free_io(md, io);
}

/* The clone's destructor: back to the device's bio_set, which
 * clone_endio left in bi_private. */
static void dm_bio_destructor(struct bio *bio)
{
	struct bio_set *bs = bio->bi_private;

	bio_free(bio, bs);
}

static void clone_endio(struct bio *bio, int error)
{
	struct dm_target_io *tio = bio->bi_private;
	struct dm_io *io = tio->io;
	struct mapped_device *md = io->md;

	bio->bi_private = md->bs;
	free_tio(md, tio);
	bio_put(bio);
	dec_pending(io, error);
}

/*
 * __map_bio(): the target maps the clone; a remapped one goes down, its
 * remap traced on the queue it goes to (the mapped device's number and
 * the sector it had there).
 */
static void __map_bio(struct dm_target *ti, struct bio *clone,
		      struct dm_target_io *tio)
{
	sector_t sector = clone->bi_sector;

	clone->bi_end_io = clone_endio;
	clone->bi_private = tio;
	tio->io->io_count++;
	if (ti->type->map(ti, clone) == DM_MAPIO_REMAPPED) {
		trace_block_remap(bdev_get_queue(clone->bi_bdev), clone,
				  tio->io->bio->bi_bdev->bd_dev, sector);
		generic_make_request(clone);
	}
}

/* clone_bio(): room for the original's vecs, from the device's bio_set. */
static struct bio *clone_bio(struct bio *bio, struct bio_set *bs)
{
	struct bio *clone = bio_alloc_bioset(GFP_NOIO, bio->bi_max_vecs, bs);

	__bio_clone(clone, bio);
	clone->bi_destructor = dm_bio_destructor;
	return clone;
}

static void __split_and_process_bio(struct mapped_device *md, struct bio *bio)
{
	struct dm_io *io = alloc_io(md);
	struct dm_target_io *tio;

	io->error = 0;
	io->io_count = 1;
	io->bio = bio;
	io->md = md;
	/* __clone_and_map: the whole bio fits the one target. */
	tio = alloc_tio(md);
	tio->io = io;
	tio->ti = &md->ti;
	__map_bio(&md->ti, clone_bio(bio, md->bs), tio);
	/* Drop the extra reference count. */
	dec_pending(io, 0);
}

static void dm_request(struct request_queue *q, struct bio *bio)
{
	__split_and_process_bio(q->queuedata, bio);
}

/* ---- devices ------------------------------------------------------------- */

/*
 * dm_alloc_md_mempools(DM_TYPE_BIO_BASED): MIN_IOS dm_ios and
 * dm_target_ios, and a bio_set of 16 (not MIN_IOS: that is the
 * request-based size).
 */
static void dm_alloc_md_mempools(struct mapped_device *md, const char *name)
{
	md->io_pool = mempool_create_slab_pool((int)dm_pool_params.min_ios,
					       _io_cache);
	mempool_set_name(md->io_pool, "%s io", name);
	md->tio_pool = mempool_create_slab_pool((int)dm_pool_params.min_ios,
						_tio_cache);
	mempool_set_name(md->tio_pool, "%s tio", name);
	md->bs = bioset_create(dm_pool_params.bio_pool, 0);
	mempool_set_name(md->bs->bio_pool, "%s bio", name);
	mempool_set_name(md->bs->bvec_pool, "%s biovec", name);
}

struct mapped_device *alloc_dev(const char *name, struct block_device *dev,
				sector_t start, sector_t len,
				const struct target_type *type)
{
	struct mapped_device *md = xcalloc(1, sizeof(*md));
	struct backing_dev_info *bdi;

	BUG_ON(len == 0 || start + len > dev->bd_nr_sectors);
	BUG_ON(!_io_cache);
	md->queue = blk_alloc_queue(name, dm_request, md);
	md->queue->unplug_fn = dm_unplug_q;
	/*
	 * 2.6.31 and 2.6.32 alloc_dev() make the queue with blk_init_queue
	 * (for request-based dm) and then set dm_request: even a bio-based
	 * device has the BLKDEV_MIN_RQ requests of blk_init_free_list.
	 */
	if (kprofile_get(dm_request_queue)) {
		md->rq_pool = mempool_create_slab_pool(BLKDEV_MIN_RQ,
						       blk_request_cachep());
		mempool_set_name(md->rq_pool, "%s requests", name);
	}
	bdi = &md->queue->backing_dev_info;
	bdi->congested_fn = dm_any_congested;
	bdi->congested_data = md;
	bdi->unplug_io_fn = dm_unplug_all;
	bdi->unplug_io_data = md->queue;
	md->dev = dev;
	md->ti.md = md;
	md->ti.type = type;
	md->ti.len = len;
	snprintf(md->bdev.bd_name, sizeof(md->bdev.bd_name), "%s", name);
	md->bdev.bd_dev = blk_name_devt(name);
	md->bdev.bd_queue = md->queue;
	md->bdev.bd_nr_sectors = len;
	dm_alloc_md_mempools(md, name);
	return md;
}

struct mapped_device *dm_bdev_to_md(struct block_device *bdev)
{
	BUG_ON(bdev->bd_queue->make_request_fn != dm_request);
	return bdev->bd_queue->queuedata;
}

void dm_destroy(struct block_device *bdev)
{
	struct mapped_device *md = dm_bdev_to_md(bdev);

	if (md->ti.type->dtr)
		md->ti.type->dtr(&md->ti);
	/* Ios and clones still in flight are slab objects: they go with
	 * their caches at kmem_cache_exit. */
	mempool_destroy(md->io_pool);
	mempool_destroy(md->tio_pool);
	bioset_free(md->bs);
	mempool_destroy(md->rq_pool);
	blk_cleanup_queue(md->queue);
	free(md);
}
