// SPDX-License-Identifier: GPL-2.0
/*
 * What 2.6.30-2.6.32-rc6 set up at boot in mm/page_alloc.c: zones,
 * pagesets, zonelists, watermarks and reserves.  mmsim keeps it apart
 * from the allocation paths, as Linux 6.4 moved it to mm/mm_init.c; the
 * kernel functions keep their names and their 2.6.32 behaviour.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "linux/bootmem.h"
#include "mmsim/profile.h"
#include "trace/events/kmem.h"
#include "linux/swap.h"
#include "linux/oom.h"
#include "mmsim/alloc_fail.h"
#include "linux/backing-dev.h"
#include "metrics/metrics.h"
#include "internal.h"

/* ---- boot: zones, zonelists, pagesets, watermarks ---------------------- */

/*
 * What 2.6.32 sets up at boot in this file: the zones' spans and present
 * pages (free_area_init_nodes -> free_area_init_core), the boot pagesets
 * (zone_pcp_init), the zonelists (build_all_zonelists), and the per-zone
 * tunables (init_per_zone_wmark_min: min_free_kbytes, watermarks,
 * lowmem_reserve, MIGRATE_RESERVE blocks, inactive_ratio).  The
 * architecture's part -- zone limits, the e820 holes, the node ranges and
 * the order of it all -- is in arch/x86/; the boot-time free in
 * mm/bootmem.c.  The numbers these formulas give at mem=512M are in
 * docs/model.md, "Zones, watermarks, reserves".
 */

struct pglist_data contig_page_data;
int nr_online_nodes = 1;
/*
 * 2.6.32 defines zone_reclaim_mode in mm/vmscan.c; it lives here beside
 * build_zonelists, which would switch it on.  2.6.32 does so at boot only
 * if a node is farther than RECLAIM_DISTANCE (20); x86-64 without a SLIT
 * reports 20 for every remote node, so it stays 0 and allocations fall
 * back to remote nodes instead of reclaiming locally first.
 */
int zone_reclaim_mode;
enum zonelist_order current_zonelist_order = ZONELIST_ORDER_NODE;
/*
 * The one mem_map of the flat memory model (2.6.32 defines it in
 * mm/memory.c and fills it in alloc_node_mem_map, here).
 */
struct page *mem_map;

unsigned int pageblock_order;
int page_group_by_mobility_disabled;
int min_free_kbytes;
unsigned long totalreserve_pages;
unsigned long totalram_pages;
unsigned int sysctl_lowmem_reserve_ratio[MAX_NR_ZONES];

const char *const zone_names[MAX_NR_ZONES] = {
	"DMA", "DMA32", "Normal", "HighMem", "Movable",
};

/*
 * The zone types' pfn ranges before they are cut into nodes
 * (arch_zone_lowest_possible_pfn / arch_zone_highest_possible_pfn).
 */
static unsigned long arch_zone_lowest_possible_pfn[MAX_NR_ZONES];
static unsigned long arch_zone_highest_possible_pfn[MAX_NR_ZONES];

int alloc_node_mem_map(void)
{
	/*
	 * Round mem_map up to a MAX_ORDER block so a buddy lookup never
	 * leaves the array; the tail pages stay zero (not PageBuddy) and
	 * pfn_valid() stops at max_pfn.
	 */
	unsigned long mem_map_len = (max_pfn + MAX_ORDER_NR_PAGES - 1) &
				    ~(MAX_ORDER_NR_PAGES - 1);

	mem_map = calloc(mem_map_len, sizeof(struct page));
	return mem_map ? 0 : -ENOMEM;
}

/* zone_init_free_lists, and the LRU lists free_area_init_core sets up. */
static void zone_init_free_lists(struct zone *zone)
{
	for (int order = 0; order < MAX_ORDER; order++) {
		for (int t = 0; t < MIGRATE_TYPES; t++) {
			INIT_LIST_HEAD(&zone->free_area[order].free_list[t]);
			zone->free_area[order].nr_free_mt[t] = 0;
		}
		zone->free_area[order].nr_free = 0;
	}
	for (int l = 0; l < NR_LRU_LISTS; l++)
		INIT_LIST_HEAD(&zone->lru[l]);
}

/* usemap_size: pageblocks from the zone's first aligned one. */
static unsigned long pageblocks_in_zone(const struct zone *zone)
{
	unsigned long first = zone->zone_start_pfn & ~(pageblock_nr_pages - 1);
	unsigned long end = zone->zone_start_pfn + zone->spanned_pages;

	return (end - first + pageblock_nr_pages - 1) >> pageblock_order;
}

/*
 * __absent_pages_in_range: pfns of [start, end) the e820 map does not
 * give as RAM (arch/x86/kernel/e820.c; all of them lie below
 * E820_HOLES_END_PFN).
 */
static unsigned long zone_absent_pages(unsigned long start, unsigned long end)
{
	unsigned long absent = 0;

	for (unsigned long pfn = start; pfn < min(end, E820_HOLES_END_PFN); pfn++)
		absent += pfn_is_hole(pfn);
	return absent;
}

/*
 * One zone of free_area_init_core: spanned, present = spanned - holes -
 * memmap pages, where memmap pages = PAGE_ALIGN(spanned * sizeof(struct
 * page)) / 4096, counted against the zone's own span as 2.6.32 does.
 * dma_reserve (x86-64's count of early reservations in DMA) is taken as
 * 0; real boots show some tens of pages.
 *
 * Physically, mmsim puts a zone's memmap pages at its first RAM pfns (the
 * first zone above DMA: right after the kernel image, which is reserved
 * there first) and marks them PG_reserved, so that present_pages minus
 * boot reservations is exactly what the zone's buddy lists receive.  The
 * kernel allocates one mem_map from bootmem instead, above 16 MiB on
 * x86-32 even for highmem.
 */
static int init_zone(pg_data_t *pgdat, enum zone_type t,
		     unsigned long reserved_pages, bool *reserve_pending)
{
	struct zone *zone = &pgdat->node_zones[t];
	unsigned long node_end = pgdat->node_start_pfn + pgdat->node_spanned_pages;
	unsigned long start, end, memmap, absent;

	/* zone_spanned_pages_in_node: the node's share of the type's range. */
	start = min(arch_zone_lowest_possible_pfn[t], max_pfn);
	end = min(max(arch_zone_highest_possible_pfn[t], start), max_pfn);
	start = min(max(start, pgdat->node_start_pfn), node_end);
	end = min(max(end, start), node_end);
	zone->zone_pgdat = pgdat;
	zone->name = zone_names[t];
	zone->zone_start_pfn = start;
	zone->spanned_pages = end - start;
	zone->prev_priority = DEF_PRIORITY;
	zone_init_free_lists(zone);
	for (unsigned long pfn = start; pfn < end; pfn++) {
		set_page_zone(pfn_to_page(pfn), t);
		set_page_node(pfn_to_page(pfn), pgdat->node_id);
	}
	if (start == end)
		return 0;

	absent = zone_absent_pages(start, end);
	memmap = (zone->spanned_pages * sim_arch->struct_page_size +
		  PAGE_SIZE - 1) >> PAGE_SHIFT;
	if (zone->spanned_pages - absent < memmap)
		return mem_fail("zone %s: %lu pages cannot hold its %lu memmap pages",
				zone->name, zone->spanned_pages - absent, memmap);
	zone->present_pages = zone->spanned_pages - absent - memmap;

	reserve_bootmem_holes(start, end);
	if (t != ZONE_DMA && *reserve_pending) {
		if (reserved_pages >= zone->present_pages)
			return mem_fail("reserved %lu kB: more than zone %s holds (%lu kB)",
					reserved_pages << (PAGE_SHIFT - 10), zone->name,
					zone->present_pages << (PAGE_SHIFT - 10));
		start = reserve_bootmem_ram(start, end, reserved_pages);
		*reserve_pending = false;
	}
	reserve_bootmem_ram(start, end, memmap);

	zone->pageblock_flags = calloc(pageblocks_in_zone(zone), 1);
	if (!zone->pageblock_flags)
		return mem_fail("out of host memory for pageblock flags");
	/* memmap_init_zone: every pageblock starts MIGRATE_MOVABLE. */
	memset(zone->pageblock_flags, MIGRATE_MOVABLE, pageblocks_in_zone(zone));
	return 0;
}

/* ---- per-cpu pagesets ------------------------------------------------ */

static unsigned long rounddown_pow_of_two(unsigned long n)
{
	return n ? 1UL << (BITS_PER_LONG - 1 - __builtin_clzl(n)) : 0;
}

/*
 * zone_batchsize (2.6.30-2.6.32 mm/page_alloc.c): about a quarter of a
 * 1/1024th of the zone, capped at 512 KiB worth, then rounded to 2^n - 1
 * (the kernel's comment: batch sizes of 2^n - 1 avoid cache-colouring
 * pathologies); setup_pageset() makes high 6 x batch.  A 512 MB machine's
 * DMA32 or Normal zone (about 125,000 present pages) gets batch 31, high
 * 186; its DMA zone (about 3,990) gets 0: pcp.high 0, pcp.batch 1, so
 * its order-0 frees go straight back.
 */
static int zone_batchsize(const struct zone *zone)
{
	unsigned long batch = zone->present_pages / 1024;

	if (batch * PAGE_SIZE > 512 * 1024)
		batch = (512 * 1024) / PAGE_SIZE;
	batch /= 4;
	if (batch < 1)
		batch = 1;
	return (int)rounddown_pow_of_two(batch + batch / 2) - 1;
}

static void setup_pageset(struct per_cpu_pageset *p, int batch)
{
	struct per_cpu_pages *pcp = &p->pcp;

	memset(p, 0, sizeof(*p));
	pcp->count = 0;
	pcp->high = 6 * batch;
	pcp->batch = batch > 1 ? batch : 1;
	for (int t = 0; t < MIGRATE_PCPTYPES; t++)
		INIT_LIST_HEAD(&pcp->lists[t]);
}

/* percpu_pagelist_fraction: high = present / fraction, batch = high / 4
 * capped at PAGE_SHIFT * 8. */
static void setup_pagelist_highmark(struct per_cpu_pages *pcp,
				    unsigned long high)
{
	pcp->high = (int)high;
	pcp->batch = (int)max(1UL, high / 4);
	if (high / 4 > PAGE_SHIFT * 8)
		pcp->batch = PAGE_SHIFT * 8;
}

/*
 * zone_pcp_init, with what setup_per_cpu_pageset does later at boot (the
 * kernel starts from a shared boot_pageset): every CPU's pageset sized
 * by zone_batchsize or percpu_pagelist_fraction.
 */
static int zone_pcp_init(struct zone *zone, unsigned int fraction)
{
	zone->pageset = calloc(nr_online_cpus, sizeof(*zone->pageset));
	if (!zone->pageset)
		return mem_fail("out of host memory for pagesets");
	for (unsigned int cpu = 0; cpu < nr_online_cpus; cpu++) {
		setup_pageset(zone_pcp(zone, cpu), zone_batchsize(zone));
		if (fraction)
			setup_pagelist_highmark(&zone_pcp(zone, cpu)->pcp,
						zone->present_pages / fraction);
	}
	return 0;
}

/*
 * free_area_init_core: every zone of @pgdat, then the populated zones'
 * pagesets.
 */
static int free_area_init_core(pg_data_t *pgdat, unsigned long reserved_pages,
			       bool *reserve_pending, unsigned int fraction)
{
	for (int t = 0; t < MAX_NR_ZONES; t++) {
		int err = init_zone(pgdat, t, reserved_pages, reserve_pending);

		if (err)
			return err;
		pgdat->node_present_pages += pgdat->node_zones[t].present_pages;
	}
	for (int t = 0; t < MAX_NR_ZONES; t++) {
		struct zone *zone = &pgdat->node_zones[t];
		int err;

		if (!populated_zone(zone))
			continue;
		err = zone_pcp_init(zone, fraction);
		if (err)
			return err;
	}
	return 0;
}

int free_area_init_nodes(const unsigned long *max_zone_pfn,
			 unsigned long reserved_pages, unsigned int fraction)
{
	bool reserve_pending = true;
	pg_data_t *pgdat;

	/*
	 * Zone type t spans from where type t-1 ended to max_zone_pfn[t];
	 * a type the architecture does not configure is given the previous
	 * one's limit and stays empty.  ZONE_MOVABLE is only ever carved
	 * out by kernelcore=, which mmsim does not model: empty at max_pfn.
	 */
	arch_zone_lowest_possible_pfn[0] = 0;
	arch_zone_highest_possible_pfn[0] = max_zone_pfn[0];
	for (int t = 1; t < MAX_NR_ZONES; t++) {
		if (t == ZONE_MOVABLE) {
			arch_zone_lowest_possible_pfn[t] = max_pfn;
			arch_zone_highest_possible_pfn[t] = max_pfn;
			continue;
		}
		arch_zone_lowest_possible_pfn[t] =
			arch_zone_highest_possible_pfn[t - 1];
		arch_zone_highest_possible_pfn[t] =
			max(max_zone_pfn[t], arch_zone_lowest_possible_pfn[t]);
	}
	for_each_online_pgdat(pgdat) {
		int err = free_area_init_core(pgdat, reserved_pages,
					      &reserve_pending, fraction);

		if (err)
			return err;
	}
	return 0;
}

/* ---- zonelists ------------------------------------------------------- */

/*
 * find_next_best_node without node_load: the nearest node not yet used;
 * among equally distant ones, those numbered after @local first, then
 * wrapping round (2.6.32 penalises nodes below the local one by one).
 * The kernel also spreads ties by how often a node was already chosen as
 * a second choice; with equal remote distances that only permutes the
 * remote tail of lists of three or more nodes.  [MODEL]
 */
static void node_fallback_order(int local, int *order)
{
	int n = 0;

	order[n++] = local;
	for (int i = 1; i < nr_online_nodes; i++)
		order[n++] = (local + i) % nr_online_nodes;
}

static int add_node_zones(struct zonelist *zl, int n, pg_data_t *pgdat)
{
	for (int t = MAX_NR_ZONES - 1; t >= 0; t--)
		if (populated_zone(&pgdat->node_zones[t]))
			zl->_zonerefs[n++] = &pgdat->node_zones[t];
	return n;
}

/*
 * default_zonelist_order (2.6.32, CONFIG_NUMA): node order if some node
 * has no Normal zone (its kernel allocations would otherwise spill onto
 * other nodes first), if there is no DMA/DMA32 memory, or if DMA/DMA32 is
 * more than half of memory or more than 70% of a large node; zone order
 * otherwise, to keep DMA32 for those who need it.  On x86-64 this picks
 * node order for every machine whose node 0 ends at or below 4 GiB.
 */
static enum zonelist_order default_zonelist_order(void)
{
	unsigned long low = 0, total = 0, average;
	int nid;

	for_each_online_node(nid) {
		pg_data_t *pgdat = NODE_DATA(nid);

		for (int t = 0; t < MAX_NR_ZONES; t++) {
			struct zone *z = &pgdat->node_zones[t];

			if (populated_zone(z)) {
				if (t < ZONE_NORMAL)
					low += z->present_pages;
				total += z->present_pages;
			} else if (t == ZONE_NORMAL) {
				return ZONELIST_ORDER_NODE;
			}
		}
	}
	if (!low || low > total / 2)
		return ZONELIST_ORDER_NODE;
	average = total / ((unsigned long)nr_online_nodes + 1);
	for_each_online_node(nid) {
		pg_data_t *pgdat = NODE_DATA(nid);

		low = total = 0;
		for (int t = 0; t < MAX_NR_ZONES; t++) {
			struct zone *z = &pgdat->node_zones[t];

			if (t < ZONE_NORMAL)
				low += z->present_pages;
			total += z->present_pages;
		}
		if (low && total > average && low > total * 70 / 100)
			return ZONELIST_ORDER_NODE;
	}
	return ZONELIST_ORDER_ZONE;
}

/*
 * build_zonelists: node order lists every zone of the nearest node, then
 * of the next; zone order lists Normal of every node (nearest first),
 * then DMA32, then DMA.  The __GFP_THISNODE list has the local node only.
 * With one node both orders give the UMA list (highest zone first).
 */
static void build_zonelists(pg_data_t *pgdat)
{
	struct zonelist *zl = &pgdat->node_zonelists[0];
	int order[MAX_NUMNODES];
	int n = 0;

	memset(pgdat->node_zonelists, 0, sizeof(pgdat->node_zonelists));
	node_fallback_order(pgdat->node_id, order);
	if (current_zonelist_order == ZONELIST_ORDER_ZONE) {
		for (int t = MAX_NR_ZONES - 1; t >= 0; t--)
			for (int i = 0; i < nr_online_nodes; i++) {
				struct zone *z = &NODE_DATA(order[i])->node_zones[t];

				if (populated_zone(z))
					zl->_zonerefs[n++] = z;
			}
	} else {
		for (int i = 0; i < nr_online_nodes; i++)
			n = add_node_zones(zl, n, NODE_DATA(order[i]));
	}
	zl->_zonerefs[n] = NULL;
	n = add_node_zones(&pgdat->node_zonelists[1], 0, pgdat);
	pgdat->node_zonelists[1]._zonerefs[n] = NULL;
}

/* Sum of max(0, present - high watermark) of the zones gfp may use. */
static unsigned long nr_free_zone_pages(gfp_t gfp)
{
	struct zonelist *zl = node_zonelist(numa_node_id(), gfp);
	struct zone *zone, **z;
	unsigned long sum = 0;

	for_each_zone_zonelist(zone, z, zl, gfp_zone(gfp)) {
		unsigned long size = zone->present_pages;
		unsigned long high = high_wmark_pages(zone);

		if (size > high)
			sum += size - high;
	}
	return sum;
}

unsigned long nr_free_buffer_pages(void)
{
	return nr_free_zone_pages(GFP_USER);
}

unsigned long nr_free_pagecache_pages(void)
{
	return nr_free_zone_pages(GFP_HIGHUSER_MOVABLE);
}

void build_all_zonelists(enum zonelist_order requested)
{
	pg_data_t *pgdat;

	for_each_online_pgdat(pgdat) {
		pgdat->nr_zones = 0;
		for (int t = MAX_NR_ZONES - 1; t >= 0; t--)
			if (populated_zone(&pgdat->node_zones[t])) {
				pgdat->nr_zones = t + 1;
				break;
			}
	}
	current_zonelist_order = requested != ZONELIST_ORDER_DEFAULT ?
		requested : default_zonelist_order();
	for_each_online_pgdat(pgdat)
		build_zonelists(pgdat);

	/*
	 * Grouping by mobility is pointless when there are fewer pages than
	 * one pageblock per migrate type; watermarks are still 0 here, so
	 * vm_total_pages is every present page.
	 */
	page_group_by_mobility_disabled =
		nr_free_pagecache_pages() < pageblock_nr_pages * MIGRATE_TYPES;
}

/* ---- watermarks and reserves ---------------------------------------- */

/*
 * calculate_totalreserve_pages: per zone, its largest lowmem_reserve
 * plus its high watermark, at most its present pages.
 */
static void calculate_totalreserve_pages(void)
{
	unsigned long total = 0;
	pg_data_t *pgdat;

	for_each_online_pgdat(pgdat) {
		for (int i = 0; i < MAX_NR_ZONES; i++) {
			struct zone *zone = &pgdat->node_zones[i];
			unsigned long max = 0;

			for (int j = i; j < MAX_NR_ZONES; j++)
				if (zone->lowmem_reserve[j] > max)
					max = zone->lowmem_reserve[j];
			max += high_wmark_pages(zone);
			if (max > zone->present_pages)
				max = zone->present_pages;
			total += max;
		}
	}
	totalreserve_pages = total;
}

/*
 * setup_per_zone_wmarks (2.6.31+; setup_per_zone_pages_min in 2.6.30,
 * same values): the lowmem zones share pages_min = min_free_kbytes / 4
 * in proportion to their size; highmem gets present/1024 clamped to
 * [SWAP_CLUSTER_MAX, 128].  low and high add a quarter and a half of the
 * proportional share (tmp), not of WMARK_MIN.
 */
void setup_per_zone_wmarks(void)
{
	unsigned long pages_min = (unsigned long)min_free_kbytes >> (PAGE_SHIFT - 10);
	unsigned long lowmem_pages = 0;
	struct zone *zone;

	for_each_zone(zone)
		if (!is_highmem_idx(zone_idx(zone)))
			lowmem_pages += zone->present_pages;

	for_each_zone(zone) {
		unsigned long tmp;

		if (!populated_zone(zone))
			continue;
		tmp = (unsigned long)((uint64_t)pages_min * zone->present_pages /
				      lowmem_pages);
		if (is_highmem_idx(zone_idx(zone))) {
			unsigned long min_pages = zone->present_pages / 1024;

			if (min_pages < SWAP_CLUSTER_MAX)
				min_pages = SWAP_CLUSTER_MAX;
			if (min_pages > 128)
				min_pages = 128;
			zone->watermark[WMARK_MIN] = min_pages;
		} else {
			zone->watermark[WMARK_MIN] = tmp;
		}
		zone->watermark[WMARK_LOW] = min_wmark_pages(zone) + (tmp >> 2);
		zone->watermark[WMARK_HIGH] = min_wmark_pages(zone) + (tmp >> 1);
		setup_zone_migrate_reserve(zone);
	}
	calculate_totalreserve_pages();
}

/*
 * setup_per_zone_lowmem_reserve: zone[idx].lowmem_reserve[j] = pages of
 * the zones from idx+1 up to j, divided by ratio[idx].  The superset
 * enum puts an empty zone type between the configured ones; it adds
 * nothing to the running sum and its own ratio is never applied to a
 * populated zone, so every value equals the kernel's for its
 * MAX_NR_ZONES-4 enum.
 */
static void setup_node_lowmem_reserve(pg_data_t *pgdat)
{
	for (int j = 0; j < MAX_NR_ZONES; j++) {
		struct zone *zone = &pgdat->node_zones[j];
		unsigned long present = zone->present_pages;

		zone->lowmem_reserve[j] = 0;
		for (int idx = j - 1; idx >= 0; idx--) {
			struct zone *lower = &pgdat->node_zones[idx];

			if (sysctl_lowmem_reserve_ratio[idx] < 1)
				sysctl_lowmem_reserve_ratio[idx] = 1;
			lower->lowmem_reserve[j] = present /
				sysctl_lowmem_reserve_ratio[idx];
			present += lower->present_pages;
		}
	}
}

/* Per node: a zone's reserve counts the higher zones of its own node. */
void setup_per_zone_lowmem_reserve(void)
{
	pg_data_t *pgdat;

	for_each_online_pgdat(pgdat)
		setup_node_lowmem_reserve(pgdat);
	calculate_totalreserve_pages();
}

/*
 * setup_per_zone_inactive_ratio: inactive_ratio = int_sqrt(10 * zone
 * GiB), at least 1 (the anon inactive list is "low" below
 * active / inactive_ratio).
 */
void setup_per_zone_inactive_ratio(void)
{
	struct zone *zone;

	for_each_zone(zone) {
		unsigned long gb = zone->present_pages >> (30 - PAGE_SHIFT);

		zone->inactive_ratio = gb ? (unsigned int)int_sqrt(10 * gb) : 1;
	}
}

/*
 * init_per_zone_wmark_min: min_free_kbytes = int_sqrt(lowmem kB * 16)
 * clamped to [128, 65536].  At boot no watermark is set yet, so
 * nr_free_buffer_pages is the sum of present pages of the zones GFP_USER
 * may use (not highmem).
 */
void init_per_zone_wmark_min(void)
{
	unsigned long lowmem_kbytes = nr_free_buffer_pages() * (PAGE_SIZE >> 10);

	min_free_kbytes = (int)int_sqrt(lowmem_kbytes * 16);
	if (min_free_kbytes < 128)
		min_free_kbytes = 128;
	if (min_free_kbytes > 65536)
		min_free_kbytes = 65536;
	setup_per_zone_wmarks();
	setup_per_zone_lowmem_reserve();
	setup_per_zone_inactive_ratio();
}

/*
 * sysctl_lowmem_reserve_ratio's defaults: 256 for DMA and DMA32, 32 for
 * the others (2.6.32 mm/page_alloc.c).  MOVABLE's slot does not exist in
 * the kernel (the array has MAX_NR_ZONES-1 entries) and is never used.
 */
void set_lowmem_reserve_ratios(const struct mem_config *cfg)
{
	static const unsigned int defaults[MAX_NR_ZONES] = {
		[ZONE_DMA] = 256, [ZONE_DMA32] = 256, [ZONE_NORMAL] = 32,
		[ZONE_HIGHMEM] = 32, [ZONE_MOVABLE] = 32,
	};

	for (int i = 0; i < MAX_NR_ZONES; i++)
		sysctl_lowmem_reserve_ratio[i] = cfg->lowmem_reserve_ratio[i] ?
			cfg->lowmem_reserve_ratio[i] : defaults[i];
}
