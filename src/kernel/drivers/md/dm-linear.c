// SPDX-License-Identifier: GPL-2.0
/*
 * The linear target, as 2.6.32's drivers/md/dm-linear.c: an LVM logical
 * volume is sectors [start, start + len) of the device underneath.  dm
 * core's clone of every bio is moved by the volume's start and handed
 * back for submission (DM_MAPIO_REMAPPED).
 */
#include <stdlib.h>
#include "dm.h"
#include "util/xalloc.h"

struct linear_c {
	struct block_device *dev;
	sector_t start;			/* our sector 0 on dev */
};

static int linear_map(struct dm_target *ti, struct bio *bio)
{
	struct linear_c *lc = ti->private;

	bio->bi_bdev = lc->dev;
	bio->bi_sector = lc->start + bio->bi_sector;
	return DM_MAPIO_REMAPPED;
}

static void linear_dtr(struct dm_target *ti)
{
	free(ti->private);
}

static const struct target_type linear_target = {
	.name = "linear",
	.map = linear_map,
	.dtr = linear_dtr,
};

struct block_device *dm_linear_create(const char *name,
				      struct block_device *dev,
				      sector_t start, sector_t len, bool swap)
{
	struct mapped_device *md = alloc_dev(name, dev, start, len,
					     &linear_target);
	struct linear_c *lc = xcalloc(1, sizeof(*lc));

	lc->dev = dev;
	lc->start = start;
	md->ti.private = lc;
	/* swap_backing_dev_info has no congestion state at all. */
	if (swap) {
		md->queue->backing_dev_info.congested_fn = NULL;
		md->queue->backing_dev_info.congested_data = NULL;
	}
	return &md->bdev;
}
