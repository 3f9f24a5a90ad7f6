/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Zones, nodes, watermarks and the machine's memory layout.
 *
 * Zone indices use one superset enum for both architectures (DMA, DMA32,
 * NORMAL, HIGHMEM, MOVABLE); a zone type the architecture does not configure
 * simply stays empty.  The lowmem_reserve arithmetic is unchanged by an
 * empty zone, and every printed format maps through arch->zone_types[] so
 * output shows the kernel's own MAX_NR_ZONES columns (4 on x86 and x86-64).
 */
#ifndef MMSIM_MMZONE_H
#define MMSIM_MMZONE_H

#include <stdint.h>
#include <stdbool.h>
#include "linux/mm_types.h"
#include "linux/gfp.h"
#include "linux/vmstat.h"
#include "sim/sim.h"

enum zone_type {
	ZONE_DMA,
	ZONE_DMA32,
	ZONE_NORMAL,
	ZONE_HIGHMEM,
	ZONE_MOVABLE,
	MAX_NR_ZONES
};

enum zone_watermarks {
	WMARK_MIN,
	WMARK_LOW,
	WMARK_HIGH,
	NR_WMARK
};

enum lru_list {
	LRU_INACTIVE_ANON,
	LRU_ACTIVE_ANON,
	LRU_INACTIVE_FILE,
	LRU_ACTIVE_FILE,
	LRU_UNEVICTABLE,
	NR_LRU_LISTS
};
#define LRU_ACTIVE 1
#define LRU_FILE 2
#define NR_EVICTABLE_LRU_LISTS 4
#define for_each_evictable_lru(l) for (l = 0; l < NR_EVICTABLE_LRU_LISTS; l++)
#define for_each_lru(l) for (l = 0; l < NR_LRU_LISTS; l++)

static inline bool is_active_lru(enum lru_list l)
{
	return l == LRU_ACTIVE_ANON || l == LRU_ACTIVE_FILE;
}

static inline bool is_file_lru(enum lru_list l)
{
	return l == LRU_INACTIVE_FILE || l == LRU_ACTIVE_FILE;
}

/* Zone flags (zone->flags bits). */
enum zone_flags {
	ZONE_ALL_UNRECLAIMABLE,
	ZONE_RECLAIM_LOCKED,
	ZONE_OOM_LOCKED,
};

struct free_area {
	struct list_head free_list[MIGRATE_TYPES];
	unsigned long nr_free;		/* blocks, all migrate types */
	/*
	 * mmsim only: blocks per migrate type, the lengths of free_list[],
	 * kept as the lists change so that the per-sample fragmentation
	 * series need not walk every free page.  /proc/pagetypeinfo still
	 * walks the lists, as the kernel's pagetypeinfo_showfree does.
	 */
	unsigned long nr_free_mt[MIGRATE_TYPES];
};

/*
 * Per-cpu page lists.  .32 keeps one list per pcp migrate type; .30/.31
 * keep one list (lists[0]) and search it by the type recorded in
 * page->private.
 */
struct per_cpu_pages {
	int count;
	int high;
	int batch;
	struct list_head lists[MIGRATE_PCPTYPES];
};

/*
 * A zone's per-cpu data (2.6.32 include/linux/mmzone.h): the page lists,
 * and the CPU's differentials of the zone counters, folded into
 * zone->vm_stat when one passes stat_threshold (mm/vmstat.c).
 */
struct per_cpu_pageset {
	struct per_cpu_pages pcp;
	int8_t stat_threshold;
	int8_t vm_stat_diff[NR_VM_ZONE_STAT_ITEMS];
};

struct zone_reclaim_stat {
	unsigned long recent_rotated[2];	/* [0] anon, [1] file */
	unsigned long recent_scanned[2];
	unsigned long nr_saved_scan[NR_LRU_LISTS];
};

struct pglist_data;

struct zone {
	unsigned long watermark[NR_WMARK];
	unsigned long lowmem_reserve[MAX_NR_ZONES];
	struct per_cpu_pageset *pageset;	/* [nr_cpus]: zone_pcp() */
	struct free_area free_area[MAX_ORDER];
	uint8_t *pageblock_flags;		/* migrate type per pageblock */

	struct list_head lru[NR_LRU_LISTS];
	struct zone_reclaim_stat reclaim_stat;
	unsigned long pages_scanned;		/* since last reclaim */
	unsigned long flags;			/* ZONE_* bits */
	/* The folded counters: zone_page_state() reads them, without the
	 * per-cpu differentials. */
	long vm_stat[NR_VM_ZONE_STAT_ITEMS];
	int prev_priority;
	unsigned int inactive_ratio;

	struct pglist_data *zone_pgdat;
	unsigned long zone_start_pfn;
	unsigned long spanned_pages;
	unsigned long present_pages;
	/* mmsim: pages given to the buddy allocator at boot (present minus
	 * boot reservations); the kernel only gained this field in 3.8. */
	unsigned long managed_pages;
	/* mmsim: pages NR_FREE_PAGES was lowered by for an order > 0
	 * request __rmqueue() could not serve (kprofile.nr_free_update
	 * BEFORE_TEST, 2.6.31 to 2.6.32.4): the kernel's counter stays that
	 * much below its free lists, and the invariant check allows it. */
	unsigned long nr_free_lost;
	const char *name;
};

/*
 * NUMA (x86-64, CONFIG_NUMA): up to MAX_NUMNODES nodes, each a pgdat with
 * its own zones and kswapd.  The node id lives in page->flags beside the
 * zone index, as the kernel's NODES_PGSHIFT does, so page_zone() stays a
 * shift and two loads.  A one-node machine is exactly the old UMA layout.
 */
#define NODES_SHIFT 3
#define MAX_NUMNODES (1 << NODES_SHIFT)
#define LOCAL_DISTANCE 10
#define REMOTE_DISTANCE 20
/*
 * include/linux/topology.h (2.6.32): zone_reclaim_mode is switched on at
 * boot only when some node_distance() exceeds RECLAIM_DISTANCE; with
 * SLIT-less x86-64 distances of 10 and 20 it never is.
 */
#define RECLAIM_DISTANCE 20

#define MAX_ZONES_PER_ZONELIST (MAX_NUMNODES * MAX_NR_ZONES)

struct zonelist {
	/* Populated zones in fallback order; NULL-terminated. */
	struct zone *_zonerefs[MAX_ZONES_PER_ZONELIST + 1];
};

/* node_zonelists[0]: the fallback list; [1]: this node only
 * (__GFP_THISNODE), as the kernel's MAX_ZONELISTS of 2 on NUMA. */
#define MAX_ZONELISTS 2

/* numa_zonelist_order: the kernel's "default" picks one at boot. */
enum zonelist_order {
	ZONELIST_ORDER_DEFAULT,
	ZONELIST_ORDER_NODE,
	ZONELIST_ORDER_ZONE,
};

typedef struct pglist_data {
	struct zone node_zones[MAX_NR_ZONES];
	struct zonelist node_zonelists[MAX_ZONELISTS];
	int nr_zones;			/* highest populated zone index + 1 */
	unsigned long node_start_pfn;
	unsigned long node_present_pages;
	unsigned long node_spanned_pages;
	int node_id;
	struct wait_queue_head kswapd_wait;
	struct task_struct *kswapd;
	int kswapd_max_order;
} pg_data_t;

/* Node 0's pgdat keeps its UMA name; node_data[] points at every node's. */
extern struct pglist_data contig_page_data;
extern struct pglist_data *node_data[MAX_NUMNODES];
extern int nr_online_nodes;
extern int zone_reclaim_mode;
extern enum zonelist_order current_zonelist_order;
#define NODE_DATA(nid) (node_data[nid])
#define for_each_online_node(nid)					\
	for ((nid) = 0; (nid) < nr_online_nodes; (nid)++)

/* mmzone.c: the iterators of for_each_online_pgdat and for_each_zone. */
struct pglist_data *first_online_pgdat(void);
struct pglist_data *next_online_pgdat(struct pglist_data *pgdat);
struct zone *next_zone(struct zone *zone);

#define for_each_online_pgdat(pgdat)					\
	for ((pgdat) = first_online_pgdat(); (pgdat);			\
	     (pgdat) = next_online_pgdat(pgdat))

/* arch/x86/mm/numa_64.c without a SLIT: 10 local, 20 remote. */
static inline int node_distance(int from, int to)
{
	return from == to ? LOCAL_DISTANCE : REMOTE_DISTANCE;
}

/*
 * arch/x86/mm/numa_64.c.  CPUs are split evenly, in blocks: cpus 0..k-1
 * on node 0, and so on.
 */
int cpu_to_node(int cpu);
/* The node of the CPU the current code runs on. */
int numa_node_id(void);
/* Boot: @nr_nodes nodes (0 or 1: one) for nr_online_cpus CPUs. */
void numa_init(unsigned int nr_nodes);
/* Boot: each node's pfn range (node_start_pfn, node_spanned_pages). */
void setup_node_spans(unsigned int nr_nodes);
/* mem_exit: back to the one empty node. */
void numa_exit(void);

static inline struct zonelist *node_zonelist(int nid, gfp_t flags)
{
	return &NODE_DATA(nid)->node_zonelists[(flags & __GFP_THISNODE) ? 1 : 0];
}

/* Zones of @zlist usable by an allocation whose gfp_zone() is @highidx,
 * in fallback order; @z is a struct zone ** cursor. */
#define for_each_zone_zonelist(zone, z, zlist, highidx)		\
	for (z = (zlist)->_zonerefs; ((zone) = *(z)) != NULL; (z)++)	\
		if (zone_idx(zone) > (highidx))				\
			; /* skip */					\
		else

/* CPU @cpu's pageset of @zone (2.6.32's zone_pcp(), !CONFIG_NUMA form). */
#define zone_pcp(zone, cpu)	(&(zone)->pageset[(cpu)])

static inline bool populated_zone(const struct zone *zone)
{
	return zone->present_pages != 0;
}

static inline int zone_idx(const struct zone *zone)
{
	return (int)(zone - zone->zone_pgdat->node_zones);
}

static inline bool is_highmem_idx(int idx)
{
	return idx == ZONE_HIGHMEM;
}

static inline unsigned long min_wmark_pages(const struct zone *z)
{
	return z->watermark[WMARK_MIN];
}
static inline unsigned long low_wmark_pages(const struct zone *z)
{
	return z->watermark[WMARK_LOW];
}
static inline unsigned long high_wmark_pages(const struct zone *z)
{
	return z->watermark[WMARK_HIGH];
}

#define for_each_zone(zone)						\
	for (zone = first_online_pgdat()->node_zones; zone;		\
	     zone = next_zone(zone))
#define for_each_populated_zone(zone)					\
	for_each_zone(zone)						\
		if (!populated_zone(zone))				\
			; /* skip */					\
		else

/* ---- architecture and machine layout -------------------------------- */

enum sim_arch {
	ARCH_X86,		/* 32-bit, HIGHMEM config */
	ARCH_X86_64,
};

struct arch_desc {
	enum sim_arch arch;
	const char *name;		/* "x86", "x86_64" */
	int nr_zone_types;		/* the kernel's MAX_NR_ZONES: 4 */
	enum zone_type zone_types[4];	/* configured zone types, in order */
	const char *vmstat_suffix[MAX_NR_ZONES]; /* "dma", "dma32", "normal", "high", "movable" */
	unsigned long dma_end_pfn;	/* 16 MiB */
	unsigned long dma32_end_pfn;	/* 4 GiB (x86-64) */
	unsigned long lowmem_end_pfn;	/* 896 MiB (x86) */
	unsigned int struct_page_size;	/* for memmap accounting: 32 / 56 */
};

/* arch/x86/mm/init.c: the booted architecture. */
const struct arch_desc *arch_lookup(const char *name);
extern const struct arch_desc *sim_arch;

/*
 * arch/x86/kernel/e820.c: is @pfn missing from the RAM map?  Every hole
 * lies below E820_HOLES_END_PFN (1 MiB).
 */
#define E820_HOLES_END_PFN	0x100UL
bool pfn_is_hole(unsigned long pfn);

/* Boot-time description of the machine's memory. */
struct mem_config {
	const struct arch_desc *arch;
	unsigned long mem_bytes;	/* mem= */
	unsigned int nr_cpus;
	unsigned int pageblock_order;	/* 0: the architecture's default */
	unsigned long reserved_kbytes;	/* kernel image etc. taken at boot from the first non-DMA zone; -1UL: default */
	unsigned long min_free_kbytes;	/* 0: computed by init_per_zone_wmark_min */
	unsigned int lowmem_reserve_ratio[MAX_NR_ZONES]; /* 0: defaults */
	unsigned int percpu_pagelist_fraction;	/* 0: unused */
	unsigned int nr_nodes;		/* 0 or 1: UMA; x86_64 only */
	enum zonelist_order zonelist_order;	/* vm.numa_zonelist_order */
};

extern unsigned int pageblock_order;
#define pageblock_nr_pages (1UL << pageblock_order)
extern int page_group_by_mobility_disabled;
extern int min_free_kbytes;
extern unsigned long totalreserve_pages;
extern unsigned long totalram_pages;
extern unsigned int sysctl_lowmem_reserve_ratio[MAX_NR_ZONES];

/*
 * arch/x86/mm/init.c: mmsim's boot entry, the memory part of
 * start_kernel (zones, zonelists, free lists, watermarks).
 */
int mem_init(const struct mem_config *cfg);
const char *mem_init_error(void);	/* why mem_init() refused the config */
void mem_exit(void);
/* Boot code refusing the config: record why (printf-style), undo
 * mem_init; returns -EINVAL. */
int mem_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

extern unsigned int nr_online_cpus;	/* the booted machine's CPUs */
static inline unsigned int num_online_cpus(void)
{
	return nr_online_cpus ? nr_online_cpus : 1;
}

/* mm_init.c (2.6.32: page_alloc.c): boot */
int alloc_node_mem_map(void);		/* mem_map for pfns 0 .. max_pfn */
/*
 * free_area_init_nodes: zone type t of every node ends at
 * @max_zone_pfn[t] (or where type t-1 does); the zones' spans, present
 * pages, boot reservations (@reserved_pages of kernel image at the start
 * of the first zone above DMA, then each zone's memmap), pageblock flags
 * and pagesets (@fraction: percpu_pagelist_fraction, 0 for none).
 */
int free_area_init_nodes(const unsigned long *max_zone_pfn,
			 unsigned long reserved_pages, unsigned int fraction);
/* Zonelists, nr_zones, page_group_by_mobility_disabled. */
void build_all_zonelists(enum zonelist_order requested);
void set_lowmem_reserve_ratios(const struct mem_config *cfg);
void init_per_zone_wmark_min(void);
void setup_per_zone_wmarks(void);
void setup_per_zone_lowmem_reserve(void);
void setup_per_zone_inactive_ratio(void);
unsigned long nr_free_buffer_pages(void);
unsigned long nr_free_pagecache_pages(void);

/*
 * The zone index lives in the top bits of page->flags and the node id just
 * below it, as in the kernel (ZONES_PGSHIFT, NODES_PGSHIFT).
 */
#define ZONES_PGSHIFT 29
#define ZONES_MASK 0x7u
#define NODES_PGSHIFT (ZONES_PGSHIFT - NODES_SHIFT)
#define NODES_MASK ((1u << NODES_SHIFT) - 1)
_Static_assert(__NR_PAGEFLAGS <= NODES_PGSHIFT, "page flags overlap the node bits");

static inline void set_page_zone(struct page *page, enum zone_type zone)
{
	page->flags &= ~(ZONES_MASK << ZONES_PGSHIFT);
	page->flags |= (uint32_t)zone << ZONES_PGSHIFT;
}

static inline void set_page_node(struct page *page, int nid)
{
	page->flags &= ~(NODES_MASK << NODES_PGSHIFT);
	page->flags |= (uint32_t)nid << NODES_PGSHIFT;
}

static inline enum zone_type page_zonenum(const struct page *page)
{
	return (enum zone_type)((page->flags >> ZONES_PGSHIFT) & ZONES_MASK);
}

static inline int page_to_nid(const struct page *page)
{
	return (int)((page->flags >> NODES_PGSHIFT) & NODES_MASK);
}

static inline struct zone *page_zone(const struct page *page)
{
	return &NODE_DATA(page_to_nid(page))->node_zones[page_zonenum(page)];
}

/* page_alloc.c: watermarks and pageblocks */
bool zone_watermark_ok(struct zone *z, int order, unsigned long mark,
		       int classzone_idx, int alloc_flags);
int get_pageblock_migratetype(struct page *page);
void set_pageblock_migratetype(struct page *page, int migratetype);
void setup_zone_migrate_reserve(struct zone *zone);

/*
 * The first zone of @zonelist an allocation with gfp_zone() == @high_zoneidx
 * may use: its preferred zone, whose index is the classzone_idx of its
 * watermark checks (first_zones_zonelist() without a nodemask).  NULL if
 * none is populated.
 */
struct zone *first_zones_zonelist(struct zonelist *zonelist, int high_zoneidx);
/* The fast and slow paths of __alloc_pages_nodemask call it. */
struct page *get_page_from_freelist(gfp_t gfp_mask, unsigned int order,
				    struct zonelist *zonelist, int high_zoneidx,
				    int alloc_flags, struct zone *preferred_zone,
				    int migratetype);
/*
 * Check @zone alone with the --check checker (mm_debug.c): its buddy and
 * pcp lists against its pages (list membership, alignment, orders,
 * nr_free, NR_FREE_PAGES, pcp counts), its LRU lists and counters.
 * Returns 0, or -1 with the first violation described in @msg.
 */
int check_zone_invariants(struct zone *zone, char *msg, size_t len);

extern const char *const migratetype_names[MIGRATE_TYPES];
/* 2.6.32 mm/page_alloc.c's zone_names[], by zone type; shared here with
 * what saves the run's records by them (mm/vmstat.c, experiment/run.c). */
extern const char *const zone_names[MAX_NR_ZONES];

#endif /* MMSIM_MMZONE_H */
