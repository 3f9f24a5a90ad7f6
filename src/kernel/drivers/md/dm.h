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
 * A target's map function takes every bio submitted to the mapped
 * device and sees it through: remapped and resubmitted, or queued to the
 * target's threads (mmsim's targets never hand a bio back to dm core).
 */
typedef int (dm_map_fn)(struct dm_target *ti, struct bio *bio);
typedef void (dm_dtr_fn)(struct dm_target *ti);

#define DM_MAPIO_SUBMITTED	0

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
};

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
