/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The free lists of every populated zone, read for the run's "buddy"
 * series (src/metrics/buddy_series.c) the way 2.6.32 mm/vmstat.c reads
 * them for /proc/pagetypeinfo.  Defined in src/kernel/mm/vmstat.c.
 */
#ifndef MMSIM_BUDDY_SNAPSHOT_H
#define MMSIM_BUDDY_SNAPSHOT_H

#include <stdint.h>
#include "metrics/records.h"

/* Called once per populated zone, in for_each_populated_zone() order,
 * with its free blocks and pageblocks (@b->when is @when) and its min and
 * low watermarks in pages. */
typedef void (*buddy_snapshot_fn)(const struct buddy_sample *b,
				  uint64_t min_wmark, uint64_t low_wmark,
				  void *data);
void buddy_snapshot(uint64_t when, buddy_snapshot_fn fn, void *data);

/* The name of node 0's preferred zone of GFP_ATOMIC (first_zones_zonelist
 * of gfp_zone(GFP_ATOMIC)), where network receive's atomic allocations
 * are served or fail; NULL on a machine without one. */
const char *gfp_atomic_zone_name(void);

#endif /* MMSIM_BUDDY_SNAPSHOT_H */
