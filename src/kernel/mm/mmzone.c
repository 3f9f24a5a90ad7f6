// SPDX-License-Identifier: GPL-2.0
/*
 * Booting the simulated machine's memory: the architecture's zone layout,
 * mem_map, zone spans and present pages, the boot-time free of every
 * usable page into the buddy allocator, and the per-zone tunables computed
 * at boot (min_free_kbytes, watermarks, lowmem_reserve, MIGRATE_RESERVE
 * blocks, per-cpu pageset sizes, inactive_ratio).  mm/page_alloc.c's
 * free_area_init_core, memmap_init_zone, build_all_zonelists,
 * init_per_zone_wmark_min and friends; reference §1 and §3.
 *
 * Physical layout of a simulated machine (everything here is a choice the
 * reference leaves open, documented where it is made):
 *
 *   pfn 0 ............ 16 MiB ............ 896 MiB / 4 GiB ........ mem=
 *   | DMA (hole 640K-1M) | NORMAL or DMA32       | HIGHMEM or NORMAL |
 *
 * RAM is contiguous from 0 to mem= except for the BIOS hole (and, on
 * x86-64, the low 64 KiB); there is no PCI hole below 4 GiB.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "mmsim/profile.h"

#ifndef DEF_PRIORITY
#define DEF_PRIORITY 12
#endif
#define SWAP_CLUSTER_MAX_PAGES 32	/* SWAP_CLUSTER_MAX, highmem min floor */

#define MB_PAGES(mb) ((unsigned long)(mb) << (20 - PAGE_SHIFT))

struct pglist_data contig_page_data;
/* Nodes 1.. of a NUMA machine; node 0 is contig_page_data. */
static struct pglist_data node_pgdats[MAX_NUMNODES - 1];
struct pglist_data *node_data[MAX_NUMNODES] = { &contig_page_data };
int nr_online_nodes = 1;
/*
 * 2.6.32 sets zone_reclaim_mode at boot only if a node is farther than
 * RECLAIM_DISTANCE (20); x86-64 without a SLIT reports 20 for every
 * remote node, so it stays 0 and allocations fall back to remote nodes
 * instead of reclaiming locally first.
 */
int zone_reclaim_mode;
enum zonelist_order current_zonelist_order = ZONELIST_ORDER_NODE;
/* CPUs per node: node n has CPUs n*k .. n*k+k-1; the last node also
 * takes the remainder when the count does not divide (cpu_to_node). */
static unsigned int cpus_per_node = 1;
struct page *mem_map;
unsigned long max_pfn;
const struct arch_desc *sim_arch;

unsigned int pageblock_order;
int page_group_by_mobility_disabled;
int min_free_kbytes;
unsigned long totalreserve_pages;
unsigned long totalram_pages;
unsigned int sysctl_lowmem_reserve_ratio[MAX_NR_ZONES];

unsigned int nr_online_cpus;
static char mem_error[256];

static const char *const zone_names[MAX_NR_ZONES] = {
	"DMA", "DMA32", "Normal", "HighMem", "Movable",
};

/*
 * Zone types per architecture, as the kernel's enum zone_type is
 * configured (CONFIG_ZONE_DMA, CONFIG_ZONE_DMA32, CONFIG_HIGHMEM):
 * MAX_NR_ZONES is 4 on both.  mmsim's superset enum leaves the missing
 * type (DMA32 on x86, HIGHMEM on x86-64) empty.
 *
 * struct page is 32 bytes on x86-32 (flags, _count, _mapcount, private,
 * mapping, index: 4 bytes each; lru: 8) and 56 on x86-64 (8-byte longs
 * and pointers, 4-byte counts), without debug options (reference §1.1).
 */
static const struct arch_desc arch_table[] = {
	{
		.arch = ARCH_X86,
		.name = "x86",
		.nr_zone_types = 4,
		.zone_types = { ZONE_DMA, ZONE_NORMAL, ZONE_HIGHMEM, ZONE_MOVABLE },
		.vmstat_suffix = { "dma", "dma32", "normal", "high", "movable" },
		.dma_end_pfn = MB_PAGES(16),
		.dma32_end_pfn = 0,
		/* PAGE_OFFSET 0xC0000000 less the 128 MiB vmalloc reserve:
		 * the nominal 896 MiB; the exact max_low_pfn depends on
		 * the fixmap size and is a few MiB lower on real boots. */
		.lowmem_end_pfn = MB_PAGES(896),
		.struct_page_size = 32,
	},
	{
		.arch = ARCH_X86_64,
		.name = "x86_64",
		.nr_zone_types = 4,
		.zone_types = { ZONE_DMA, ZONE_DMA32, ZONE_NORMAL, ZONE_MOVABLE },
		.vmstat_suffix = { "dma", "dma32", "normal", "high", "movable" },
		.dma_end_pfn = MB_PAGES(16),
		.dma32_end_pfn = MB_PAGES(4096),
		.lowmem_end_pfn = 0,
		.struct_page_size = 56,
	},
};

const struct arch_desc *arch_lookup(const char *name)
{
	if (!name)
		return NULL;
	if (!strcmp(name, "x86-64") || !strcmp(name, "amd64"))
		name = "x86_64";
	if (!strcmp(name, "i386"))
		name = "x86";
	for (size_t i = 0; i < sizeof(arch_table) / sizeof(arch_table[0]); i++)
		if (!strcmp(arch_table[i].name, name))
			return &arch_table[i];
	return NULL;
}

const char *mem_init_error(void)
{
	return mem_error;
}

static int mem_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int mem_fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(mem_error, sizeof(mem_error), fmt, ap);
	va_end(ap);
	mem_exit();
	return -EINVAL;
}

unsigned long int_sqrt(unsigned long x)
{
	unsigned long r = 0, bit = 1UL << (BITS_PER_LONG - 2);

	while (bit > x)
		bit >>= 2;
	while (bit) {
		if (x >= r + bit) {
			x -= r + bit;
			r = (r >> 1) + bit;
		} else {
			r >>= 1;
		}
		bit >>= 2;
	}
	return r;
}

static bool is_highmem_idx(int idx)
{
	return idx == ZONE_HIGHMEM;
}

/* ---- boot-time layout ------------------------------------------------ */

/*
 * Holes: pfns in a zone's span that are not RAM.  The 640 KiB-1 MiB BIOS
 * area is left out of the e820 RAM map: pfn 0x9f (EBDA) to 0xff, 97
 * pages (reference §1.1).  x86-64 kernels of the time also kept pfn
 * 0x0-0xf out of the active ranges (dmesg "early_node_map ... 0x00000010
 * -> 0x0000009f"; reference §1.1, unverified there).
 */
static bool pfn_is_hole(unsigned long pfn)
{
	if (pfn >= 0x9f && pfn < 0x100)
		return true;
	if (sim_arch->arch == ARCH_X86_64 && pfn < 0x10)
		return true;
	return false;
}

/* Holes are all below pfn 0x100. */
static unsigned long zone_absent_pages(unsigned long start, unsigned long end)
{
	unsigned long absent = 0;

	for (unsigned long pfn = start; pfn < min(end, 0x100UL); pfn++)
		absent += pfn_is_hole(pfn);
	return absent;
}

/*
 * Default boot reservation besides memmap and holes: 8 MiB.  [MODEL] A
 * 2.6.32 distro kernel's text, data and bss are about 6 MiB; early page
 * tables, the dentry/inode hash tables and per-cpu areas add one to two
 * MiB on a 512 MiB machine.  The kernel is loaded at 16 MiB
 * (CONFIG_PHYSICAL_START 0x1000000, the x86 default since 2.6.31, chosen to
 * keep ZONE_DMA free), so the reservation sits at the start of the first
 * zone above DMA.
 */
#define DEFAULT_RESERVED_KBYTES 8192UL

static void mark_reserved(unsigned long start, unsigned long nr)
{
	for (unsigned long pfn = start; pfn < start + nr; pfn++) {
		struct page *page = pfn_to_page(pfn);

		SetPageReserved(page);
		page->_count = 1;
	}
}

/* The next @nr RAM pfns from @pfn, skipping holes; returns the pfn after. */
static unsigned long reserve_ram(unsigned long pfn, unsigned long end,
				 unsigned long nr)
{
	while (nr && pfn < end) {
		if (!pfn_is_hole(pfn)) {
			mark_reserved(pfn, 1);
			nr--;
		}
		pfn++;
	}
	return pfn;
}

static void zone_init_lists(struct zone *zone)
{
	for (int order = 0; order < MAX_ORDER; order++) {
		for (int t = 0; t < MIGRATE_TYPES; t++)
			INIT_LIST_HEAD(&zone->free_area[order].free_list[t]);
		zone->free_area[order].nr_free = 0;
	}
	for (int l = 0; l < NR_LRU_LISTS; l++)
		INIT_LIST_HEAD(&zone->lru[l]);
}

static unsigned long pageblocks_in_zone(const struct zone *zone)
{
	unsigned long first = zone->zone_start_pfn & ~(pageblock_nr_pages - 1);
	unsigned long end = zone->zone_start_pfn + zone->spanned_pages;

	return (end - first + pageblock_nr_pages - 1) >> pageblock_order;
}

/*
 * Zone boundaries.  On x86 the highmem boundary is the nominal 896 MiB;
 * on x86-64 DMA32 ends at 4 GiB.  A zone type the architecture does not
 * configure stays empty and starts where the previous one ended.
 */
static void zone_bounds(enum zone_type t, unsigned long *start,
			unsigned long *end)
{
	const struct arch_desc *a = sim_arch;
	unsigned long lo = 0, hi = 0;

	switch (t) {
	case ZONE_DMA:
		lo = 0;
		hi = a->dma_end_pfn;
		break;
	case ZONE_DMA32:
		lo = a->dma_end_pfn;
		hi = a->dma32_end_pfn ? a->dma32_end_pfn : a->dma_end_pfn;
		break;
	case ZONE_NORMAL:
		lo = a->dma32_end_pfn ? a->dma32_end_pfn : a->dma_end_pfn;
		hi = a->lowmem_end_pfn ? a->lowmem_end_pfn : max_pfn;
		break;
	case ZONE_HIGHMEM:
		lo = a->lowmem_end_pfn ? a->lowmem_end_pfn : max_pfn;
		hi = a->lowmem_end_pfn ? max_pfn : lo;
		break;
	case ZONE_MOVABLE:
	default:
		lo = hi = max_pfn;
		break;
	}
	lo = min(lo, max_pfn);
	hi = min(max(hi, lo), max_pfn);
	*start = lo;
	*end = hi;
}

/*
 * free_area_init_core: spanned, present = spanned - holes - memmap pages,
 * where memmap pages = PAGE_ALIGN(spanned * sizeof(struct page)) / 4096,
 * counted against the zone's own span as 2.6.32 does (reference §1.1).
 * dma_reserve (x86-64's count of early reservations in DMA) is taken as
 * 0; real boots show some tens of pages.
 *
 * Physically, mmsim puts a zone's memmap pages at its first RAM pfns (the
 * first zone above DMA: right after the kernel image) and marks them
 * PG_reserved, so that present_pages minus boot reservations is exactly
 * what the zone's buddy lists receive.  The kernel allocates one mem_map
 * from bootmem instead, above 16 MiB on x86-32 even for highmem.
 */
static int init_zone(pg_data_t *pgdat, enum zone_type t,
		     unsigned long reserved_pages, bool *reserve_pending)
{
	struct zone *zone = &pgdat->node_zones[t];
	unsigned long node_end = pgdat->node_start_pfn + pgdat->node_spanned_pages;
	unsigned long start, end, memmap, absent;

	/* A zone of a node is the node's share of the zone type's range. */
	zone_bounds(t, &start, &end);
	start = min(max(start, pgdat->node_start_pfn), node_end);
	end = min(max(end, start), node_end);
	zone->zone_pgdat = pgdat;
	zone->name = zone_names[t];
	zone->zone_start_pfn = start;
	zone->spanned_pages = end - start;
	zone->prev_priority = DEF_PRIORITY;
	zone_init_lists(zone);
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

	for (unsigned long pfn = start; pfn < min(end, 0x100UL); pfn++)
		if (pfn_is_hole(pfn))
			mark_reserved(pfn, 1);
	if (t != ZONE_DMA && *reserve_pending) {
		if (reserved_pages >= zone->present_pages)
			return mem_fail("reserved %lu kB: more than zone %s holds (%lu kB)",
					reserved_pages << (PAGE_SHIFT - 10), zone->name,
					zone->present_pages << (PAGE_SHIFT - 10));
		start = reserve_ram(start, end, reserved_pages);
		*reserve_pending = false;
	}
	reserve_ram(start, end, memmap);

	zone->pageblock_flags = calloc(pageblocks_in_zone(zone), 1);
	if (!zone->pageblock_flags)
		return mem_fail("out of host memory for pageblock flags");
	/* memmap_init_zone: every pageblock starts MIGRATE_MOVABLE. */
	memset(zone->pageblock_flags, MIGRATE_MOVABLE, pageblocks_in_zone(zone));
	return 0;
}

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

static void build_all_zonelists(enum zonelist_order requested)
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
}

int cpu_to_node(int cpu)
{
	int nid = cpu / (int)cpus_per_node;

	return nid < nr_online_nodes ? nid : nr_online_nodes - 1;
}

int numa_node_id(void)
{
	return nr_online_nodes > 1 ? cpu_to_node(smp_processor_id()) : 0;
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

/* ---- per-cpu pagesets ------------------------------------------------ */

static unsigned long rounddown_pow_of_two(unsigned long n)
{
	return n ? 1UL << (BITS_PER_LONG - 1 - __builtin_clzl(n)) : 0;
}

/*
 * zone_batchsize: about a quarter of a 1/1024th of the zone, capped at
 * 512 KiB worth, then rounded to 2^n - 1 (the kernel's comment: batch
 * sizes of 2^n - 1 avoid cache-colouring pathologies).  A small DMA zone
 * gets 0: pcp.high 0, pcp.batch 1, so its order-0 frees go straight back.
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

static void setup_pageset(struct per_cpu_pages *pcp, int batch)
{
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

static int zone_pcp_init(struct zone *zone, unsigned int fraction)
{
	zone->pageset = calloc(nr_online_cpus, sizeof(*zone->pageset));
	if (!zone->pageset)
		return mem_fail("out of host memory for pagesets");
	for (unsigned int cpu = 0; cpu < nr_online_cpus; cpu++) {
		setup_pageset(&zone->pageset[cpu], zone_batchsize(zone));
		if (fraction)
			setup_pagelist_highmark(&zone->pageset[cpu],
						zone->present_pages / fraction);
	}
	return 0;
}

/* ---- watermarks and reserves ---------------------------------------- */

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
 * Reference §1.3: the lowmem zones share pages_min = min_free_kbytes / 4
 * in proportion to their size; highmem gets present/1024 clamped to
 * [SWAP_CLUSTER_MAX, 128].  low and high add a quarter and a half of the
 * proportional share (tmp), not of WMARK_MIN.  .30 calls this
 * setup_per_zone_pages_min; the values are the same.
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

			if (min_pages < SWAP_CLUSTER_MAX_PAGES)
				min_pages = SWAP_CLUSTER_MAX_PAGES;
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
 * Reference §1.4.  zone[idx].lowmem_reserve[j] = pages of the zones from
 * idx+1 up to j, divided by ratio[idx].  The superset enum puts an empty
 * zone type between the configured ones; it adds nothing to the running
 * sum and its own ratio is never applied to a populated zone, so every
 * value equals the kernel's for its MAX_NR_ZONES-4 enum.
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

/* Reference §1.6: inactive_ratio = int_sqrt(10 * zone GiB), at least 1. */
void setup_per_zone_inactive_ratio(void)
{
	struct zone *zone;

	for_each_zone(zone) {
		unsigned long gb = zone->present_pages >> (30 - PAGE_SHIFT);

		zone->inactive_ratio = gb ? (unsigned int)int_sqrt(10 * gb) : 1;
	}
}

/*
 * Reference §1.2: min_free_kbytes = int_sqrt(lowmem kB * 16) clamped to
 * [128, 65536].  At boot no watermark is set yet, so nr_free_buffer_pages
 * is the sum of present pages of the zones GFP_USER may use (not highmem).
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

/* ---- boot ------------------------------------------------------------ */

/*
 * sysctl_lowmem_reserve_ratio defaults: 256 for DMA and DMA32, 32 for
 * the others (reference §1.4).  MOVABLE's slot does not exist in the
 * kernel (the array has MAX_NR_ZONES-1 entries) and is never used.
 */
static void set_lowmem_reserve_ratios(const struct mem_config *cfg)
{
	static const unsigned int defaults[MAX_NR_ZONES] = {
		[ZONE_DMA] = 256, [ZONE_DMA32] = 256, [ZONE_NORMAL] = 32,
		[ZONE_HIGHMEM] = 32, [ZONE_MOVABLE] = 32,
	};

	for (int i = 0; i < MAX_NR_ZONES; i++)
		sysctl_lowmem_reserve_ratio[i] = cfg->lowmem_reserve_ratio[i] ?
			cfg->lowmem_reserve_ratio[i] : defaults[i];
}

/*
 * Highest pageblock order the layout allows: HUGETLB_PAGE_ORDER, which is
 * 10 (4 MiB pages) on x86-32 without PAE and 9 (2 MiB) with PAE and on
 * x86-64 (reference §3.1).  More than 4 GiB on x86-32 needs PAE.
 */
static unsigned int default_pageblock_order(const struct mem_config *cfg)
{
	if (cfg->arch->arch == ARCH_X86_64)
		return 9;
	return cfg->mem_bytes > (4ULL << 30) ? 9 : 10;
}

static int check_config(const struct mem_config *cfg)
{
	uint64_t limit;
	long host_pages = sysconf(_SC_PHYS_PAGES);
	long host_page_size = sysconf(_SC_PAGESIZE);

	if (!cfg || !cfg->arch)
		return mem_fail("no architecture given");
	if (cfg->mem_bytes < (64UL << 20))
		return mem_fail("mem=%luK: at least 64 MB is needed",
				cfg->mem_bytes >> 10);
	/* x86-32 PAE addresses 36 bits; x86-64 kernels of 2009 ran far
	 * larger machines than mmsim will be asked for, so 1 TiB. */
	limit = cfg->arch->arch == ARCH_X86 ? 64ULL << 30 : 1ULL << 40;
	if (cfg->mem_bytes > limit)
		return mem_fail("mem=%luM: more than %s supports (%llu GB)",
				cfg->mem_bytes >> 20, cfg->arch->name,
				(unsigned long long)(limit >> 30));
	if (host_pages > 0 && host_page_size > 0) {
		uint64_t need = (cfg->mem_bytes >> PAGE_SHIFT) * sizeof(struct page);
		uint64_t host = (uint64_t)host_pages * (uint64_t)host_page_size;

		if (need > host / 2)
			return mem_fail("mem=%luM: its %llu MB of struct pages exceed half of this host's memory",
					cfg->mem_bytes >> 20,
					(unsigned long long)(need >> 20));
	}
	if (cfg->nr_cpus > SIM_MAX_CPUS)
		return mem_fail("%u CPUs: at most %d", cfg->nr_cpus, SIM_MAX_CPUS);
	if (cfg->nr_nodes > MAX_NUMNODES)
		return mem_fail("%u nodes: at most %d", cfg->nr_nodes, MAX_NUMNODES);
	if (cfg->nr_nodes > 1 && cfg->arch->arch != ARCH_X86_64)
		return mem_fail("%u nodes: NUMA is modelled on x86_64 only",
				cfg->nr_nodes);
	if (cfg->nr_nodes > 1 && cfg->nr_cpus < cfg->nr_nodes)
		return mem_fail("%u nodes need at least as many CPUs (%u given)",
				cfg->nr_nodes, cfg->nr_cpus);
	/* Every node gets whole MAX_ORDER blocks and room for its memmap. */
	if (cfg->nr_nodes > 1 &&
	    (cfg->mem_bytes >> PAGE_SHIFT) / cfg->nr_nodes < 8 * MAX_ORDER_NR_PAGES)
		return mem_fail("mem=%luM over %u nodes: at least %lu MB per node",
				cfg->mem_bytes >> 20, cfg->nr_nodes,
				(8 * MAX_ORDER_NR_PAGES) >> (20 - PAGE_SHIFT));
	if (cfg->pageblock_order && (cfg->pageblock_order < 1 ||
				     cfg->pageblock_order > MAX_ORDER - 1))
		return mem_fail("pageblock_order %u: must be 1..%d",
				cfg->pageblock_order, MAX_ORDER - 1);
	if (cfg->percpu_pagelist_fraction && cfg->percpu_pagelist_fraction < 8)
		return mem_fail("percpu_pagelist_fraction %u: at least 8",
				cfg->percpu_pagelist_fraction);
	return 0;
}

/* page_alloc.c; mm/internal.h in the kernel. */
void __free_pages_bootmem(struct page *page, unsigned int order);

/*
 * free_all_bootmem: hand every page not reserved at boot to the buddy
 * allocator, in ascending pfn order.  The kernel frees BITS_PER_LONG-page
 * chunks or single pages and lets __free_one_page coalesce them; freeing
 * the maximal aligned blocks directly, in the same order, completes the
 * same blocks in the same sequence, so the free lists end up identical.
 */
static void free_all_bootmem_zone(struct zone *zone)
{
	unsigned long pfn = zone->zone_start_pfn;
	unsigned long end = pfn + zone->spanned_pages;

	while (pfn < end) {
		unsigned long run_end = pfn;

		if (PageReserved(pfn_to_page(pfn))) {
			pfn++;
			continue;
		}
		while (run_end < end && !PageReserved(pfn_to_page(run_end)))
			run_end++;
		while (pfn < run_end) {
			unsigned int order = pfn ? (unsigned int)__builtin_ctzl(pfn) :
				MAX_ORDER - 1;

			if (order > MAX_ORDER - 1)
				order = MAX_ORDER - 1;
			while (pfn + (1UL << order) > run_end)
				order--;
			__free_pages_bootmem(pfn_to_page(pfn), order);
			zone->managed_pages += 1UL << order;
			pfn += 1UL << order;
		}
	}
}

/*
 * Node n spans an equal share of memory, rounded down to whole MAX_ORDER
 * blocks so that no buddy pair straddles two nodes; the last node takes
 * the remainder.  As with SRAT-described x86-64 boxes, zones follow
 * physical addresses: DMA and DMA32 (below 4 GiB) fall in the nodes that
 * span those addresses -- node 0 alone once a node holds 4 GiB or more --
 * and every node above 4 GiB has a Normal zone.
 */
static void setup_node_spans(unsigned int nr_nodes)
{
	unsigned long share = (max_pfn / nr_nodes) & ~(MAX_ORDER_NR_PAGES - 1);

	for (unsigned int nid = 0; nid < nr_nodes; nid++) {
		pg_data_t *pgdat = nid ? &node_pgdats[nid - 1] : &contig_page_data;

		memset(pgdat, 0, sizeof(*pgdat));
		node_data[nid] = pgdat;
		pgdat->node_id = (int)nid;
		pgdat->node_start_pfn = nid * share;
		pgdat->node_spanned_pages = nid + 1 < nr_nodes ? share :
			max_pfn - nid * share;
		init_waitqueue_head(&pgdat->kswapd_wait);
	}
}

static int init_node_zones(pg_data_t *pgdat, unsigned long reserved_pages,
			   bool *reserve_pending)
{
	for (int t = 0; t < MAX_NR_ZONES; t++) {
		int err = init_zone(pgdat, t, reserved_pages, reserve_pending);

		if (err)
			return err;
		pgdat->node_present_pages += pgdat->node_zones[t].present_pages;
	}
	return 0;
}

static int free_node_bootmem(pg_data_t *pgdat, unsigned int fraction)
{
	for (int t = 0; t < MAX_NR_ZONES; t++) {
		struct zone *zone = &pgdat->node_zones[t];
		int err;

		if (!populated_zone(zone))
			continue;
		err = zone_pcp_init(zone, fraction);
		if (err)
			return err;
		free_all_bootmem_zone(zone);
		totalram_pages += zone->managed_pages;
	}
	return 0;
}

int mem_init(const struct mem_config *cfg)
{
	pg_data_t *pgdat;
	unsigned long reserved_pages;
	unsigned long mem_map_len;
	bool reserve_pending = true;
	int err;

	mem_exit();
	mem_error[0] = '\0';
	err = check_config(cfg);
	if (err)
		return err;

	sim_arch = cfg->arch;
	nr_online_cpus = cfg->nr_cpus ? cfg->nr_cpus : 1;
	nr_online_nodes = cfg->nr_nodes > 1 ? (int)cfg->nr_nodes : 1;
	cpus_per_node = nr_online_cpus / (unsigned int)nr_online_nodes;
	max_pfn = cfg->mem_bytes >> PAGE_SHIFT;
	pageblock_order = cfg->pageblock_order ? cfg->pageblock_order :
		default_pageblock_order(cfg);
	reserved_pages = cfg->reserved_kbytes == (unsigned long)-1 ?
		DEFAULT_RESERVED_KBYTES : cfg->reserved_kbytes;
	reserved_pages = (reserved_pages + (PAGE_SIZE >> 10) - 1) >>
		(PAGE_SHIFT - 10);

	/*
	 * Round mem_map up to a MAX_ORDER block so a buddy lookup never
	 * leaves the array; the tail pages stay zero (not PageBuddy) and
	 * pfn_valid() stops at max_pfn.
	 */
	mem_map_len = (max_pfn + MAX_ORDER_NR_PAGES - 1) & ~(MAX_ORDER_NR_PAGES - 1);
	mem_map = calloc(mem_map_len, sizeof(struct page));
	if (!mem_map)
		return mem_fail("mem=%luM: out of host memory for mem_map",
				cfg->mem_bytes >> 20);

	vmstat_reset();
	setup_node_spans((unsigned int)nr_online_nodes);
	for_each_online_pgdat(pgdat) {
		err = init_node_zones(pgdat, reserved_pages, &reserve_pending);
		if (err)
			return err;
	}
	build_all_zonelists(cfg->zonelist_order);

	/*
	 * build_all_zonelists: grouping by mobility is pointless when there
	 * are fewer pages than one pageblock per migrate type; watermarks are
	 * still 0 here, so vm_total_pages is every present page.
	 */
	page_group_by_mobility_disabled =
		nr_free_pagecache_pages() < pageblock_nr_pages * MIGRATE_TYPES;

	for_each_online_pgdat(pgdat) {
		err = free_node_bootmem(pgdat, cfg->percpu_pagelist_fraction);
		if (err)
			return err;
	}

	set_lowmem_reserve_ratios(cfg);
	if (cfg->min_free_kbytes) {
		min_free_kbytes = (int)cfg->min_free_kbytes;
		setup_per_zone_wmarks();
		setup_per_zone_lowmem_reserve();
		setup_per_zone_inactive_ratio();
	} else {
		init_per_zone_wmark_min();
	}
	return 0;
}

void mem_exit(void)
{
	pg_data_t *pgdat;

	for_each_online_pgdat(pgdat) {
		for (int t = 0; t < MAX_NR_ZONES; t++) {
			free(pgdat->node_zones[t].pageset);
			free(pgdat->node_zones[t].pageblock_flags);
		}
	}
	for (int nid = 0; nid < MAX_NUMNODES; nid++) {
		pgdat = nid ? &node_pgdats[nid - 1] : &contig_page_data;
		memset(pgdat, 0, sizeof(*pgdat));
		node_data[nid] = nid ? NULL : &contig_page_data;
	}
	nr_online_nodes = 1;
	cpus_per_node = 1;
	current_zonelist_order = ZONELIST_ORDER_NODE;
	free(mem_map);
	mem_map = NULL;
	max_pfn = 0;
	sim_arch = NULL;
	nr_online_cpus = 0;
	pageblock_order = 0;
	page_group_by_mobility_disabled = 0;
	min_free_kbytes = 0;
	totalreserve_pages = 0;
	totalram_pages = 0;
	vmstat_reset();
}
