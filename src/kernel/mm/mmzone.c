// SPDX-License-Identifier: GPL-2.0
/*
 * Walking the nodes and zones (2.6.32 mm/mmzone.c): first_online_pgdat,
 * next_online_pgdat and next_zone, which for_each_online_pgdat,
 * for_each_zone and for_each_populated_zone (mmzone.h) are built on.
 * Setting the zones up at boot is mm_init.c's (2.6.32: mm/page_alloc.c's)
 * and arch/x86/'s.
 */
#include "linux/mmzone.h"

struct pglist_data *first_online_pgdat(void)
{
	return NODE_DATA(0);
}

struct pglist_data *next_online_pgdat(struct pglist_data *pgdat)
{
	int nid = pgdat->node_id + 1;

	return nid < nr_online_nodes ? NODE_DATA(nid) : NULL;
}

/* The zone after @zone: the node's next, or the next node's first. */
struct zone *next_zone(struct zone *zone)
{
	pg_data_t *pgdat = zone->zone_pgdat;

	if (zone < pgdat->node_zones + MAX_NR_ZONES - 1)
		return zone + 1;
	pgdat = next_online_pgdat(pgdat);
	return pgdat ? pgdat->node_zones : NULL;
}
