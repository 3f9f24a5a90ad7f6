/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What dm core (dm.c) and its targets (dm-linear.c, dm-crypt.c) share,
 * as 2.6.32's drivers/md/dm.h and include/linux/device-mapper.h.
 *
 * mmsim's device tables have one line: one target covering the whole
 * mapped device, over one device underneath.
 */
#ifndef MMSIM_DRIVERS_MD_DM_H
#define MMSIM_DRIVERS_MD_DM_H

#include "linux/blkdev.h"

struct dm_target;

/*
 * A target's map function gets dm core's clone of every bio submitted to
 * the mapped device: it remaps it and returns DM_MAPIO_REMAPPED (dm core
 * resubmits it), or takes it over (DM_MAPIO_SUBMITTED: dm-crypt queues
 * it to its threads and ends it later).
 */
typedef int (dm_map_fn)(struct dm_target *ti, struct bio *bio);
typedef void (dm_dtr_fn)(struct dm_target *ti);

#define DM_MAPIO_SUBMITTED	0
#define DM_MAPIO_REMAPPED	1

/* MIN_IOS: dm core's io and tio reserves per mapped device (dm.c), and
 * dm-crypt's io, request and bio reserves (dm-crypt.c). */
#define DM_MIN_IOS		256
#define DM_BIO_POOL_SIZE	16	/* bioset_create(16, 0): bio-based */

struct target_type {
	const char *name;
	dm_map_fn *map;
	dm_dtr_fn *dtr;
};

struct mapped_device;

struct dm_target {
	struct mapped_device *md;
	const struct target_type *type;
	sector_t len;
	void *private;			/* the target's context */
};

struct mapped_device {
	struct block_device bdev;	/* what users hold */
	struct request_queue *queue;
	struct block_device *dev;	/* the table's device underneath */
	struct dm_target ti;		/* the table's target */
	/* dm_alloc_md_mempools(DM_TYPE_BIO_BASED), bound at table load. */
	mempool_t *io_pool;		/* dm_io, one per bio */
	mempool_t *tio_pool;		/* dm_target_io, one per clone */
	struct bio_set *bs;		/* the clones */
	/* 2.6.31/32: blk_init_queue's request pool, unused by bio-based dm */
	mempool_t *rq_pool;
};

/* dm core's per-bio state (2.6.32 drivers/md/dm.c struct dm_io). */
struct dm_io {
	struct mapped_device *md;
	int error;
	int io_count;			/* clones in flight, plus one while mapping */
	struct bio *bio;		/* the original */
};

/* One clone's (struct dm_target_io). */
struct dm_target_io {
	struct dm_io *io;
	struct dm_target *ti;
};

/* The pool sizes of every mapped device: the kernel's constants (no
 * scenario key sets them). */
struct dm_pool_params {
	unsigned int min_ios;		/* io_pool, tio_pool: MIN_IOS 256 */
	unsigned int bio_pool;		/* the bioset: 16 */
};
extern struct dm_pool_params dm_pool_params;

/*
 * A mapped device of @len sectors mapped by @type onto sectors [start,
 * start + len) of @dev (the caller fills in ti.private): the dm ioctls'
 * create and table load in one.
 */
struct mapped_device *alloc_dev(const char *name, struct block_device *dev,
				sector_t start, sector_t len,
				const struct target_type *type);
/* The mapped device behind @bdev, which must be one. */
struct mapped_device *dm_bdev_to_md(struct block_device *bdev);

#endif /* MMSIM_DRIVERS_MD_DM_H */
