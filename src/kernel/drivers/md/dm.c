// SPDX-License-Identifier: GPL-2.0
/*
 * Device mapper core, as 2.6.32's drivers/md/dm.c: a mapped device is a
 * request queue with only a make_request_fn (dm_request), which hands
 * every bio to the device's target (dm-linear.c, dm-crypt.c); its
 * backing_dev_info answers congestion and unplugging from the device
 * underneath.  The 2009 reproduction stacks partition -> dm-crypt ->
 * LVM PV -> LVs for ext3 and swap.
 *
 * 2.6.32's dm core clones every bio before the target sees it
 * (__map_bio, clone_endio); mmsim leaves cloning to the targets, since
 * dm-crypt makes clones of its own anyway.
 */
#include "linux/bug.h"
#include <stdlib.h>
#include <stdio.h>
#include "dm.h"

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

static void dm_request(struct request_queue *q, struct bio *bio)
{
	struct mapped_device *md = q->queuedata;

	md->ti.type->map(&md->ti, bio);
}

struct mapped_device *alloc_dev(const char *name, struct block_device *dev,
				sector_t start, sector_t len,
				const struct target_type *type)
{
	struct mapped_device *md = calloc(1, sizeof(*md));
	struct backing_dev_info *bdi;

	if (!md)
		abort();
	BUG_ON(len == 0 || start + len > dev->bd_nr_sectors);
	md->queue = blk_alloc_queue(name, dm_request, md);
	md->queue->unplug_fn = dm_unplug_q;
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
	md->bdev.bd_queue = md->queue;
	md->bdev.bd_nr_sectors = len;
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
	blk_cleanup_queue(md->queue);
	free(md);
}
