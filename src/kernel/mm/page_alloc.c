// SPDX-License-Identifier: GPL-2.0
/*
 * The buddy allocator of 2.6.30-2.6.32-rc6 (mm/page_alloc.c): free lists
 * per order and migrate type, pageblocks, fallback and stealing,
 * MIGRATE_RESERVE, per-cpu page lists, watermark checks, the zonelist
 * walk and the allocation paths.  What 2.6.32's page_alloc.c sets up at
 * boot (zones, pagesets, zonelists, watermarks and reserves) is in
 * mm_init.c.
 * Differences between versions are profile switches read where they
 * take effect (kprofile.pcp_layout, .fallback_claim, .reserve_cap2,
 * .kmem_tracepoints).
 *
 * The zone lock and irq disabling have no equivalent: code between two
 * blocking points runs atomically in the simulation.
 *
 * Page state: an allocated page has _count 1 and no flags but its zone;
 * the head page of a free block has PG_buddy and private = order; a page
 * on a per-cpu list has PG_pcp and private = the migrate type recorded
 * when it went there.  NR_FREE_PAGES counts buddy pages only.
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
#include "metrics/derived.h"
#include "metrics/metrics.h"
#include "internal.h"

/*
 * CPU cost of clearing one page for __GFP_ZERO (clear_highpage in
 * prep_zero_page).  [MODEL] 4 KiB of streaming stores at about 4 GB/s,
 * the memory bandwidth of the Pentium 4 / Phenom machines of the series:
 * 1 us.  Charged only in task context; an interrupt handler's zeroing is
 * not charged (its callers account their own work).
 */
#define ZERO_PAGE_COST_NS 1000

const char *const migratetype_names[MIGRATE_TYPES] = {
	"Unmovable", "Reclaimable", "Movable", "Reserve", "Isolate",
};

/*
 * mmsim's measures of the allocator (the end of this file): who broke up
 * free blocks of order 2 or more for a smaller request, whose order > 0
 * requests entered direct reclaim (each drains every pcp list), and how
 * often drain_all_pages() ran.  Not kernel state.
 */
#define BROKEN_MIN_ORDER	2	/* the reproduction's receive order */
#define NR_RECLAIM_ORDERS	4	/* order 1, 2, 3, and 4 or more */

enum block_break {
	BREAK_OWN,		/* __rmqueue_smallest on the request's own type */
	BREAK_FALLBACK,		/* __rmqueue_fallback: another type's block */
	BREAK_RESERVE,		/* the MIGRATE_RESERVE lists, the last resort */
	NR_BLOCK_BREAKS
};

static struct {
	unsigned long drain_all_pages;
	unsigned long blocks_broken[NR_ALLOC_CALLERS][NR_BLOCK_BREAKS];
	unsigned long direct_reclaim[NR_ALLOC_CALLERS][NR_RECLAIM_ORDERS];
	unsigned long sleeping[NR_ALLOC_CALLERS][NR_RECLAIM_ORDERS];
} alloc_stats;

const char *const alloc_caller_names[NR_ALLOC_CALLERS] = {
	[ALLOC_CALLER_OTHER] = "other",
	[ALLOC_CALLER_STACK] = "stack",
	[ALLOC_CALLER_SLAB] = "slab",
	[ALLOC_CALLER_PAGE_POOL] = "page_pool",
	[ALLOC_CALLER_PAGETABLE] = "pagetable",
	[ALLOC_CALLER_IRQ] = "interrupt",
};

/* The tag of an allocation made outside any task (boot, spawning). */
static enum alloc_caller alloc_caller_notask;

static inline enum alloc_caller alloc_caller_now(void)
{
	if (in_interrupt())
		return ALLOC_CALLER_IRQ;
	return current ? (enum alloc_caller)current->alloc_caller :
			 alloc_caller_notask;
}

/* A block of @current_order handed out for a request of @order. */
static inline void count_block_break(unsigned int order,
				     unsigned int current_order,
				     enum block_break how)
{
	if (current_order >= BROKEN_MIN_ORDER && order < current_order)
		alloc_stats.blocks_broken[alloc_caller_now()][how]++;
}

/* ---- pageblocks ------------------------------------------------------ */

static inline unsigned long pageblock_index(const struct zone *zone,
					    unsigned long pfn)
{
	unsigned long first = zone->zone_start_pfn & ~(pageblock_nr_pages - 1);

	return (pfn - first) >> pageblock_order;
}

static inline int __get_pageblock_migratetype(struct page *page)
{
	struct zone *zone = page_zone(page);

	return zone->pageblock_flags[pageblock_index(zone, page_to_pfn(page))];
}

int get_pageblock_migratetype(struct page *page)
{
	return __get_pageblock_migratetype(page);
}

void set_pageblock_migratetype(struct page *page, int migratetype)
{
	struct zone *zone = page_zone(page);

	zone->pageblock_flags[pageblock_index(zone, page_to_pfn(page))] =
		(uint8_t)migratetype;
}

/*
 * The allocator's own counter updates, inlined on the fast path; the same
 * arithmetic as vmstat.c's __count_zone_vm_events and zone_page_state.
 */
static inline void count_zone_pgalloc(struct page *page, long pages)
{
	vm_events[PGALLOC_DMA + page_zonenum(page)] += pages;
}

static inline long zone_free_pages(const struct zone *zone)
{
	long x = zone->vm_stat[NR_FREE_PAGES];

	return x < 0 ? 0 : x;
}

/* ---- page checks ----------------------------------------------------- */

#define ZONE_FLAGS_MASK ((ZONES_MASK << ZONES_PGSHIFT) | (NODES_MASK << NODES_PGSHIFT))

/* Flags a page must not carry when freed (PAGE_FLAGS_CHECK_AT_FREE, plus
 * mmsim's list-membership flags). */
#define PAGE_FLAGS_CHECK_AT_FREE					\
	((1u << PG_lru) | (1u << PG_locked) | (1u << PG_private) |	\
	 (1u << PG_buddy) | (1u << PG_writeback) | (1u << PG_reserved) | \
	 (1u << PG_slab) | (1u << PG_swapcache) | (1u << PG_active) |	\
	 (1u << PG_unevictable) | (1u << PG_pcp) | (1u << PG_isolated))

/* bad_page(): in mmsim a bad page is a bug in the simulator. */
static void __attribute__((noreturn)) bad_page(struct page *page,
					       const char *why, int line)
{
	static char msg[200];

	snprintf(msg, sizeof(msg),
		 "bad page state: %s: pfn %lu flags %#x count %d mapcount %d mapping %u",
		 why, page_to_pfn(page), page->flags, page->_count,
		 page->_mapcount, page->mapping);
	sim_bug(__FILE__, line, msg);
}

/* The kernel clears the other flags at free (PAGE_FLAGS_CHECK_AT_PREP). */
static inline void free_pages_check(struct page *page)
{
	if (unlikely(page->_mapcount != 0 || page->mapping != 0 ||
		     page->_count != 0 ||
		     (page->flags & PAGE_FLAGS_CHECK_AT_FREE)))
		bad_page(page, "freeing", __LINE__);
	page->flags &= ZONE_FLAGS_MASK;
}

static inline void check_new_page(struct page *page)
{
	if (unlikely(page->_mapcount != 0 || page->mapping != 0 ||
		     page->_count != 0 || (page->flags & ~ZONE_FLAGS_MASK)))
		bad_page(page, "allocating", __LINE__);
}

/* ---- buddy primitives ------------------------------------------------ */

static inline void set_page_order(struct page *page, unsigned int order)
{
	page->private = order;
	SetPageBuddy(page);
}

static inline void rmv_page_order(struct page *page)
{
	ClearPageBuddy(page);
	page->private = 0;
}

/*
 * Every move onto or off a buddy free list goes through these two, which
 * keep free_area's per-type block counts (mmsim only) equal to the lists'
 * lengths; mm_debug.c checks that they are.
 */
static inline void free_list_add(struct page *page, struct free_area *area,
				 int migratetype)
{
	list_add(&page->lru, &area->free_list[migratetype]);
	area->nr_free_mt[migratetype]++;
	page->buddy_mt = (uint8_t)migratetype;
}

static inline void free_list_del(struct page *page, struct free_area *area)
{
	list_del(&page->lru);
	area->nr_free_mt[page->buddy_mt]--;
}

/*
 * @buddy can be merged with @page when it heads a free block of the same
 * order in the same zone.  mem_map covers whole MAX_ORDER blocks, so the
 * buddy's struct page always exists.
 */
static inline bool page_is_buddy(struct page *page, struct page *buddy,
				 unsigned int order)
{
	if (page_zonenum(page) != page_zonenum(buddy))
		return false;
	return PageBuddy(buddy) && page_order(buddy) == order;
}

/*
 * __free_one_page (identical in .30-.32): merge with the buddy as long as
 * it is free, whatever
 * list it sits on; the merged block goes on the list of @migratetype.
 * The caller accounts NR_FREE_PAGES.
 */
static void __free_one_page(struct page *page, struct zone *zone,
			    unsigned int order, int migratetype)
{
	unsigned long page_idx = page_to_pfn(page) & ((1UL << MAX_ORDER) - 1);

	VM_BUG_ON(page_idx & ((1UL << order) - 1));
	while (order < MAX_ORDER - 1) {
		unsigned long buddy_idx = page_idx ^ (1UL << order);
		struct page *buddy = page + (buddy_idx - page_idx);
		unsigned long combined_idx;

		if (!page_is_buddy(page, buddy, order))
			break;
		free_list_del(buddy, &zone->free_area[order]);
		zone->free_area[order].nr_free--;
		rmv_page_order(buddy);
		combined_idx = page_idx & ~(1UL << order);
		page = page + (combined_idx - page_idx);
		page_idx = combined_idx;
		order++;
	}
	set_page_order(page, order);
	free_list_add(page, &zone->free_area[order], migratetype);
	zone->free_area[order].nr_free++;
}

/*
 * Every free into the buddy under the zone lock also tells reclaim the
 * zone is reclaimable again: clear ZONE_ALL_UNRECLAIMABLE and restart
 * the pages_scanned count (free_one_page, free_pcppages_bulk).
 */
static inline void zone_freed_pages(struct zone *zone, long nr)
{
	zone->flags &= ~(1UL << ZONE_ALL_UNRECLAIMABLE);
	zone->pages_scanned = 0;
	__mod_zone_page_state(zone, NR_FREE_PAGES, nr);
}

static void free_one_page(struct zone *zone, struct page *page,
			  unsigned int order, int migratetype)
{
	zone_freed_pages(zone, 1L << order);
	__free_one_page(page, zone, order, migratetype);
}

/* Split a 2^high block down to 2^low; the upper halves go on the lists. */
static inline void expand(struct zone *zone, struct page *page,
			  unsigned int low, unsigned int high, int migratetype)
{
	unsigned long size = 1UL << high;

	while (high > low) {
		struct free_area *area;

		high--;
		size >>= 1;
		area = &zone->free_area[high];
		free_list_add(&page[size], area, migratetype);
		area->nr_free++;
		set_page_order(&page[size], high);
	}
}

/* The smallest block of @migratetype that can serve @order. */
static inline struct page *__rmqueue_smallest(struct zone *zone,
					      unsigned int order,
					      int migratetype)
{
	for (unsigned int current_order = order; current_order < MAX_ORDER;
	     current_order++) {
		struct free_area *area = &zone->free_area[current_order];
		struct page *page;

		if (list_empty(&area->free_list[migratetype]))
			continue;
		page = list_first_entry(&area->free_list[migratetype],
					struct page, lru);
		free_list_del(page, area);
		rmv_page_order(page);
		area->nr_free--;
		count_block_break(order, current_order,
				  migratetype == MIGRATE_RESERVE ?
				  BREAK_RESERVE : BREAK_OWN);
		expand(zone, page, order, current_order, migratetype);
		return page;
	}
	return NULL;
}

/*
 * Which lists to steal from when a type's own lists are empty, best
 * first.  MIGRATE_RESERVE is never stolen from here: __rmqueue falls back
 * to it only when everything else failed.  (The kernel's rows have a
 * fourth, zero-initialised entry that re-checks MIGRATE_UNMOVABLE, whose
 * lists were already found empty; it is left out.)
 */
static const int fallbacks[MIGRATE_PCPTYPES][MIGRATE_PCPTYPES - 1] = {
	[MIGRATE_UNMOVABLE] = { MIGRATE_RECLAIMABLE, MIGRATE_MOVABLE },
	[MIGRATE_RECLAIMABLE] = { MIGRATE_UNMOVABLE, MIGRATE_MOVABLE },
	[MIGRATE_MOVABLE] = { MIGRATE_RECLAIMABLE, MIGRATE_UNMOVABLE },
};

/* Move every free block starting in [start, end] to @migratetype's lists. */
static unsigned long move_freepages(struct zone *zone, struct page *start,
				    struct page *end, int migratetype)
{
	unsigned long pages_moved = 0;
	struct page *page = start;

	BUG_ON(page_zone(start) != page_zone(end));
	while (page <= end) {
		unsigned int order;

		if (!PageBuddy(page)) {
			page++;
			continue;
		}
		order = (unsigned int)page_order(page);
		free_list_del(page, &zone->free_area[order]);
		free_list_add(page, &zone->free_area[order], migratetype);
		page += 1UL << order;
		pages_moved += 1UL << order;
	}
	return pages_moved;
}

/* The pageblock holding @page; nothing is moved across a zone's end. */
static unsigned long move_freepages_block(struct zone *zone, struct page *page,
					  int migratetype)
{
	unsigned long start_pfn = page_to_pfn(page) & ~(pageblock_nr_pages - 1);
	unsigned long end_pfn = start_pfn + pageblock_nr_pages - 1;
	struct page *start_page = pfn_to_page(start_pfn);

	if (start_pfn < zone->zone_start_pfn)
		start_page = page;
	if (end_pfn >= zone->zone_start_pfn + zone->spanned_pages)
		return 0;
	return move_freepages(zone, start_page, pfn_to_page(end_pfn), migratetype);
}

static void change_pageblock_range(struct page *pageblock_page,
				   unsigned int start_order, int migratetype)
{
	unsigned long nr_pageblocks = 1UL << (start_order - pageblock_order);

	while (nr_pageblocks--) {
		set_pageblock_migratetype(pageblock_page, migratetype);
		pageblock_page += pageblock_nr_pages;
	}
}

/*
 * __rmqueue_fallback: steal the largest block of another type, so that one
 * fallback does the work of many small ones and mixes types in as few
 * pageblocks as possible.
 */
static struct page *__rmqueue_fallback(struct zone *zone, unsigned int order,
				       int start_migratetype)
{
	for (int current_order = MAX_ORDER - 1; current_order >= (int)order;
	     current_order--) {
		struct free_area *area = &zone->free_area[current_order];

		for (int i = 0; i < MIGRATE_PCPTYPES - 1; i++) {
			int migratetype = fallbacks[start_migratetype][i];
			struct page *page;

			if (list_empty(&area->free_list[migratetype]))
				continue;
			page = list_first_entry(&area->free_list[migratetype],
						struct page, lru);
			area->nr_free--;

			/*
			 * Breaking up a large block: take all its pageblock's
			 * free pages, and the pageblock itself if at least
			 * half of it is free.  Reclaimable allocations always
			 * try, being short-lived enough to keep a block clean.
			 * (The page_group_by_mobility_disabled terms are .31+;
			 * mmsim refuses machines small enough to disable
			 * grouping, so .30 and .31 agree here.)
			 */
			if (current_order >= (int)(pageblock_order >> 1) ||
			    start_migratetype == MIGRATE_RECLAIMABLE ||
			    page_group_by_mobility_disabled) {
				unsigned long pages;

				pages = move_freepages_block(zone, page,
							     start_migratetype);
				if (pages >= (1UL << (pageblock_order - 1)) ||
				    page_group_by_mobility_disabled)
					set_pageblock_migratetype(page,
								  start_migratetype);
				migratetype = start_migratetype;
			}

			free_list_del(page, area);
			rmv_page_order(page);

			if (kprofile_get(fallback_claim) == FALLBACK_GE_PAGEBLOCK_RANGE) {
				/* .32: a block of pageblock_order or more
				 * claims every pageblock it covers. */
				if (current_order >= (int)pageblock_order)
					change_pageblock_range(page, current_order,
							       start_migratetype);
			} else {
				/* .30/.31: only a block of exactly one
				 * pageblock changes owner; the second half of
				 * an order-10 block with pageblock_order 9
				 * keeps its type. */
				if (current_order == (int)pageblock_order)
					set_pageblock_migratetype(page,
								  start_migratetype);
			}

			count_block_break(order, (unsigned int)current_order,
					  BREAK_FALLBACK);
			expand(zone, page, order, current_order, migratetype);
			trace_mm_page_alloc_extfrag(page, (int)order,
						    current_order,
						    start_migratetype,
						    migratetype);
			return page;
		}
	}
	return NULL;
}

/* Remove a block of @order for @migratetype: own lists, others, reserve. */
static struct page *__rmqueue(struct zone *zone, unsigned int order,
			      int migratetype)
{
	struct page *page;

retry_reserve:
	page = __rmqueue_smallest(zone, order, migratetype);
	if (unlikely(!page) && migratetype != MIGRATE_RESERVE) {
		page = __rmqueue_fallback(zone, order, migratetype);
		/* The reserve rather than a failure. */
		if (!page) {
			migratetype = MIGRATE_RESERVE;
			goto retry_reserve;
		}
	}
	trace_mm_page_alloc_zone_locked(page, order, migratetype);
	return page;
}

/* ---- boot ------------------------------------------------------------ */

/*
 * free_all_bootmem's path into the allocator (mm/bootmem.c calls it).
 * Boot frees count in pgfree, as they do through the kernel's
 * __free_pages.
 */
void __free_pages_bootmem(struct page *page, unsigned int order)
{
	for (unsigned long i = 0; i < (1UL << order); i++) {
		ClearPageReserved(page + i);
		page[i]._count = 0;
	}
	count_vm_events(PGFREE, 1L << order);
	free_one_page(page_zone(page), page, order,
		      get_pageblock_migratetype(page));
}

/*
 * setup_zone_migrate_reserve: as many MIGRATE_RESERVE pageblocks as
 * WMARK_MIN needs (at most 2 since .31), from the start of the zone, skipping blocks
 * whose first page is boot memory; surplus reserve blocks go back to
 * MIGRATE_MOVABLE.  Free pages move with their block.
 */
void setup_zone_migrate_reserve(struct zone *zone)
{
	unsigned long start_pfn = zone->zone_start_pfn;
	unsigned long end_pfn = start_pfn + zone->spanned_pages;
	unsigned long reserve;

	reserve = (min_wmark_pages(zone) + pageblock_nr_pages - 1) &
		~(pageblock_nr_pages - 1);
	reserve >>= pageblock_order;
	/* 2.6.31 (commit "page-allocator: limit the number of
	 * MIGRATE_RESERVE pageblocks per zone"): large min watermarks on
	 * big machines had reserved too many blocks. */
	if (kprofile_get(reserve_cap2) && reserve > 2)
		reserve = 2;

	for (unsigned long pfn = start_pfn; pfn < end_pfn;
	     pfn += pageblock_nr_pages) {
		struct page *page = pfn_to_page(pfn);
		int block_migratetype;

		if (PageReserved(page))
			continue;
		block_migratetype = get_pageblock_migratetype(page);
		if (reserve > 0 && block_migratetype == MIGRATE_RESERVE) {
			reserve--;
			continue;
		}
		if (reserve > 0 && block_migratetype == MIGRATE_MOVABLE) {
			set_pageblock_migratetype(page, MIGRATE_RESERVE);
			move_freepages_block(zone, page, MIGRATE_RESERVE);
			reserve--;
			continue;
		}
		if (block_migratetype == MIGRATE_RESERVE) {
			set_pageblock_migratetype(page, MIGRATE_MOVABLE);
			move_freepages_block(zone, page, MIGRATE_MOVABLE);
		}
	}
}

/* ---- per-cpu page lists ---------------------------------------------- */

static inline struct per_cpu_pages *this_cpu_pcp(struct zone *zone)
{
	int cpu = smp_processor_id();

	BUG_ON((unsigned int)cpu >= num_online_cpus());
	return &zone_pcp(zone, cpu)->pcp;
}

/*
 * Take @count order-@order blocks for a pcp list.  Split blocks come out
 * in physical order and each is queued behind the previous one, so the
 * list hands them out in ascending pfn order (the kernel's comment: IO
 * devices merge requests for adjacent pages).  Each records the
 * *requested* type, whatever list it came from.
 */
static int rmqueue_bulk(struct zone *zone, unsigned int order,
			unsigned long count, struct list_head *list,
			int migratetype, int cold)
{
	unsigned long i;

	for (i = 0; i < count; i++) {
		struct page *page = __rmqueue(zone, order, migratetype);

		if (unlikely(!page))
			break;
		/* e084b2d95e4 (2.6.31): a cold batch goes in reversed, so
		 * that the tail hands it out in ascending pfn order too;
		 * v2.6.30 rmqueue_bulk() queued every batch the same way. */
		if (likely(!cold) || !kprofile_get(pcp_cold_tail))
			list_add(&page->lru, list);
		else
			list_add_tail(&page->lru, list);
		page->private = (uint32_t)migratetype;
		SetPagePcp(page);
		list = &page->lru;
	}
	__mod_zone_page_state(zone, NR_FREE_PAGES, -(long)(i << order));
	return (int)i;
}

/*
 * The free list a page leaving pcp list @list_index joins
 * (kprofile.pcp_free_type): .30's __free_one_page() looks up the page's
 * pageblock; .31 passes page_private, which rmqueue_bulk() set to the
 * type that was asked for, whichever list the page came from, and
 * free_hot_cold_page() to its block's type; v2.6.32-rc6's
 * free_pcppages_bulk() passes the index of the list it drains, so a
 * MIGRATE_RESERVE page parked on the movable list goes to
 * MIGRATE_MOVABLE (until 0b3bf81197f, 2.6.32.8, passed page_private).
 */
static inline int pcp_free_migratetype(struct page *page, int list_index)
{
	switch (kprofile_get(pcp_free_type)) {
	case PCP_FREE_BLOCK:
		return get_pageblock_migratetype(page);
	case PCP_FREE_LIST_INDEX:
		return list_index;
	default:
		return (int)page->private;
	}
}

/*
 * .32: free @count pages from the three lists round robin, each from its
 * tail (coldest).  An empty list met on the way adds one to the next
 * list's share, so fuller lists give more.
 */
static void free_pcppages_bulk(struct zone *zone, int count,
			       struct per_cpu_pages *pcp)
{
	int migratetype = 0;
	int batch_free = 0;

	zone_freed_pages(zone, count);
	while (count) {
		struct list_head *list;

		do {
			batch_free++;
			if (++migratetype == MIGRATE_PCPTYPES)
				migratetype = 0;
			list = &pcp->lists[migratetype];
		} while (list_empty(list));

		do {
			struct page *page = list_last_entry(list, struct page, lru);
			int mt = pcp_free_migratetype(page, migratetype);

			list_del(&page->lru);
			ClearPagePcp(page);
			/* MIGRATE_MOVABLE's list may hold MIGRATE_RESERVE
			 * pages: free_hot_cold_page() stored their block's
			 * type, rmqueue_bulk() the type asked for. */
			__free_one_page(page, zone, 0, mt);
			trace_mm_page_pcpu_drain(page, 0, mt);
		} while (--count && --batch_free && !list_empty(list));
	}
}

/* .30/.31: one list, freed from its tail. */
static void free_pages_bulk(struct zone *zone, int count,
			    struct list_head *list)
{
	zone_freed_pages(zone, count);
	while (count--) {
		struct page *page;

		BUG_ON(list_empty(list));
		page = list_last_entry(list, struct page, lru);
		list_del(&page->lru);
		ClearPagePcp(page);
		__free_one_page(page, zone, 0,
				pcp_free_migratetype(page, (int)page->private));
	}
}

static void pcp_free_batch(struct zone *zone, struct per_cpu_pages *pcp,
			   int count)
{
	if (kprofile_get(pcp_layout) == PCP_PER_MIGRATETYPE)
		free_pcppages_bulk(zone, count, pcp);
	else
		free_pages_bulk(zone, count, &pcp->lists[0]);
}

/*
 * Every zone's lists of @cpu, which is the CPU running this (2.6.32
 * drain_pages(): drain_local_pages, or an IPI of drain_all_pages), so
 * the NR_FREE_PAGES update lands in that CPU's differential.
 */
static void drain_pages(unsigned int cpu)
{
	struct zone *zone;

	for_each_populated_zone(zone) {
		struct per_cpu_pages *pcp = &zone_pcp(zone, cpu)->pcp;

		pcp_free_batch(zone, pcp, pcp->count);
		pcp->count = 0;
	}
}

void drain_local_pages(void *arg)
{
	(void)arg;
	drain_pages((unsigned int)smp_processor_id());
}

/*
 * 2.6.32 drain_all_pages(): on_each_cpu(drain_local_pages), each CPU
 * draining its own lists, the others in an IPI; here one after the other
 * in CPU order, at the same simulated instant.
 */
void drain_all_pages(void)
{
	alloc_stats.drain_all_pages++;
	for (unsigned int cpu = 0; cpu < num_online_cpus(); cpu++)
		sim_call_on_cpu((int)cpu, drain_local_pages, NULL);
}

/* ---- freeing --------------------------------------------------------- */

/* free_page_mlock: a page freed while still mlocked. */
static inline void free_page_mlock_check(struct page *page)
{
	if (unlikely(TestClearPageMlocked(page))) {
		__dec_zone_page_state(page, NR_MLOCK);
		count_vm_event(UNEVICTABLE_MLOCKFREED);
	}
}

void free_hot_cold_page(struct page *page, int cold)
{
	struct zone *zone = page_zone(page);
	struct per_cpu_pages *pcp;
	struct list_head *list;
	int migratetype;

	free_page_mlock_check(page);
	if (PageAnon(page))
		page->mapping = 0;
	free_pages_check(page);

	migratetype = __get_pageblock_migratetype(page);
	page->private = (uint32_t)migratetype;
	count_vm_event(PGFREE);
	pcp = this_cpu_pcp(zone);

	if (kprofile_get(pcp_layout) == PCP_PER_MIGRATETYPE) {
		/*
		 * .32 keeps lists for the three pcp types only.  Isolated
		 * pages go straight back; reserve pages ride on the movable
		 * list, private still saying RESERVE so a drain sends them
		 * to the reserve lists.
		 */
		if (migratetype >= MIGRATE_PCPTYPES) {
			if (unlikely(migratetype == MIGRATE_ISOLATE)) {
				free_one_page(zone, page, 0, migratetype);
				return;
			}
			migratetype = MIGRATE_MOVABLE;
		}
		list = &pcp->lists[migratetype];
	} else {
		list = &pcp->lists[0];
	}

	SetPagePcp(page);
	if (cold)
		list_add_tail(&page->lru, list);
	else
		list_add(&page->lru, list);
	pcp->count++;
	if (pcp->count >= pcp->high) {
		pcp_free_batch(zone, pcp, pcp->batch);
		pcp->count -= pcp->batch;
	}
}

static inline void __free_hot_page(struct page *page)
{
	/* .32 emits mm_page_free_direct here as well as in __free_pages:
	 * an order-0 __free_pages really is traced twice. */
	trace_mm_page_free_direct(page, 0);
	free_hot_cold_page(page, 0);
}

void free_hot_page(struct page *page)
{
	__free_hot_page(page);
}

/* Order > 0: straight to the buddy lists, no per-cpu list. */
static void __free_pages_ok(struct page *page, unsigned int order)
{
	free_page_mlock_check(page);
	for (unsigned long i = 0; i < (1UL << order); i++)
		free_pages_check(page + i);
	count_vm_events(PGFREE, 1L << order);
	free_one_page(page_zone(page), page, order,
		      get_pageblock_migratetype(page));
}

void __free_pages(struct page *page, unsigned int order)
{
	if (put_page_testzero(page)) {
		trace_mm_page_free_direct(page, order);
		if (order == 0)
			__free_hot_page(page);
		else
			__free_pages_ok(page, order);
	}
}

void __pagevec_free_pages(struct page **pages, unsigned int nr, int cold)
{
	while (nr--) {
		trace_mm_pagevec_free(pages[nr], cold);
		free_hot_cold_page(pages[nr], cold);
	}
}

/* ---- allocating ------------------------------------------------------ */

static void prep_compound_page(struct page *page, unsigned int order)
{
	SetPageHead(page);
	for (unsigned long i = 1; i < (1UL << order); i++)
		SetPageTail(page + i);
}

/* mmsim: pages allocated and being cleared by a task that lost its CPU
 * meanwhile: held by nobody the invariant checker can see otherwise. */
unsigned long nr_pages_zeroing;
/* mmsim: new pages a task holds, off every list, while it may sleep
 * before they join one (radix_tree_preload() before the page cache or
 * swap cache takes them): held too, for the checker. */
unsigned long nr_pages_in_hand;

static void prep_new_page(struct page *page, unsigned int order, gfp_t gfp)
{
	for (unsigned long i = 0; i < (1UL << order); i++)
		check_new_page(page + i);
	page->private = 0;
	page->_count = 1;
	/*
	 * Zeroing is the allocator's CPU work, done with preemption on:
	 * the task may lose the CPU here, as in clear_highpage.
	 */
	if ((gfp & __GFP_ZERO) && current && !in_interrupt()) {
		nr_pages_zeroing += 1UL << order;
		cpu_consume((sim_time_t)ZERO_PAGE_COST_NS << order);
		nr_pages_zeroing -= 1UL << order;
	}
	if (order && (gfp & __GFP_COMP))
		prep_compound_page(page, order);
}

/* .30/.31: one list; find a page recorded with the wanted type. */
static struct page *pcp_single_list_page(struct zone *zone,
					 struct per_cpu_pages *pcp,
					 int migratetype, int cold)
{
	struct list_head *list = &pcp->lists[0];
	struct page *page;

	if (!pcp->count) {
		pcp->count = rmqueue_bulk(zone, 0, pcp->batch, list,
					  migratetype, cold);
		if (unlikely(!pcp->count))
			return NULL;
	}
	if (cold) {
		for (page = list_last_entry(list, struct page, lru);
		     &page->lru != list;
		     page = list_entry(page->lru.prev, struct page, lru))
			if (page->private == (uint32_t)migratetype)
				return page;
	} else {
		list_for_each_entry(page, list, lru)
			if (page->private == (uint32_t)migratetype)
				return page;
	}
	/* None of that type: refill, and take the head even if the refill
	 * found nothing (a page of another type). */
	pcp->count += rmqueue_bulk(zone, 0, pcp->batch, list, migratetype, cold);
	return list_first_entry(list, struct page, lru);
}

static struct page *buffered_rmqueue(struct zone *preferred_zone,
				     struct zone *zone, unsigned int order,
				     gfp_t gfp_flags, int migratetype)
{
	int cold = !!(gfp_flags & __GFP_COLD);
	struct page *page;

	(void)preferred_zone;	/* zone_statistics: NUMA only */
	if (likely(order == 0)) {
		struct per_cpu_pages *pcp = this_cpu_pcp(zone);

		if (kprofile_get(pcp_layout) == PCP_PER_MIGRATETYPE) {
			struct list_head *list = &pcp->lists[migratetype];

			if (list_empty(list)) {
				pcp->count += rmqueue_bulk(zone, 0, pcp->batch,
							   list, migratetype,
							   cold);
				if (unlikely(list_empty(list)))
					return NULL;
			}
			if (cold)
				page = list_last_entry(list, struct page, lru);
			else
				page = list_first_entry(list, struct page, lru);
		} else {
			page = pcp_single_list_page(zone, pcp, migratetype, cold);
			if (!page)
				return NULL;
		}
		list_del(&page->lru);
		ClearPagePcp(page);
		pcp->count--;
	} else {
		page = __rmqueue(zone, order, migratetype);
		/*
		 * f2260e6b1f4 (2.6.31) lowers NR_FREE_PAGES before testing
		 * the page, so a failed __rmqueue() (only a request that
		 * skipped the watermark test can meet empty free lists)
		 * leaves the counter low for good; c91ab0438c6 (2.6.32.5)
		 * moved it after the test.
		 */
		if (kprofile_get(nr_free_update) == NR_FREE_BEFORE_TEST) {
			__mod_zone_page_state(zone, NR_FREE_PAGES,
					      -(1L << order));
			if (!page)
				zone->nr_free_lost += 1UL << order;
		}
		if (!page)
			return NULL;
		if (kprofile_get(nr_free_update) == NR_FREE_ON_SUCCESS)
			__mod_zone_page_state(zone, NR_FREE_PAGES,
					      -(1L << order));
	}
	count_zone_pgalloc(page, 1L << order);
	prep_new_page(page, order, gfp_flags);
	return page;
}

/* zone_watermark_ok, identical in .30-.32.  Signed arithmetic throughout. */
static inline bool __zone_watermark_ok(struct zone *z, int order,
				       unsigned long mark, int classzone_idx,
				       int alloc_flags)
{
	long min = (long)mark;
	long free_pages = zone_free_pages(z) - (1L << order) + 1;

	if (alloc_flags & ALLOC_HIGH)
		min -= min / 2;
	if (alloc_flags & ALLOC_HARDER)
		min -= min / 4;
	if (free_pages <= min + (long)z->lowmem_reserve[classzone_idx])
		return false;
	for (int o = 0; o < order; o++) {
		/* Blocks of order o cannot serve the request. */
		free_pages -= (long)(z->free_area[o].nr_free << o);
		/* Fewer pages need to stay free at higher orders. */
		min >>= 1;
		if (free_pages <= min)
			return false;
	}
	return true;
}

bool zone_watermark_ok(struct zone *z, int order, unsigned long mark,
		       int classzone_idx, int alloc_flags)
{
	return __zone_watermark_ok(z, order, mark, classzone_idx, alloc_flags);
}

/*
 * GFP_ZONE_TABLE (2.6.31+): the highest zone a mask may use, by its zone
 * modifier bits.  x86-32 has no DMA32 (it means Normal), x86-64 no
 * HighMem (Normal again); HIGHMEM|MOVABLE is ZONE_MOVABLE on both.  -1:
 * GFP_ZONE_BAD, two zone modifiers at once.
 */
static const signed char gfp_zone_table[2][GFP_ZONEMASK + 1] = {
	[ARCH_X86] = {
		[0] = ZONE_NORMAL,
		[__GFP_DMA] = ZONE_DMA,
		[__GFP_HIGHMEM] = ZONE_HIGHMEM,
		[__GFP_DMA32] = ZONE_NORMAL,
		[__GFP_MOVABLE] = ZONE_NORMAL,
		[__GFP_MOVABLE | __GFP_DMA] = ZONE_DMA,
		[__GFP_MOVABLE | __GFP_HIGHMEM] = ZONE_MOVABLE,
		[__GFP_MOVABLE | __GFP_DMA32] = ZONE_NORMAL,
		[__GFP_DMA | __GFP_HIGHMEM] = -1,
		[__GFP_DMA | __GFP_DMA32] = -1,
		[__GFP_HIGHMEM | __GFP_DMA32] = -1,
		[__GFP_DMA | __GFP_HIGHMEM | __GFP_DMA32] = -1,
		[__GFP_MOVABLE | __GFP_DMA | __GFP_HIGHMEM] = -1,
		[__GFP_MOVABLE | __GFP_DMA | __GFP_DMA32] = -1,
		[__GFP_MOVABLE | __GFP_HIGHMEM | __GFP_DMA32] = -1,
		[GFP_ZONEMASK] = -1,
	},
	[ARCH_X86_64] = {
		[0] = ZONE_NORMAL,
		[__GFP_DMA] = ZONE_DMA,
		[__GFP_HIGHMEM] = ZONE_NORMAL,
		[__GFP_DMA32] = ZONE_DMA32,
		[__GFP_MOVABLE] = ZONE_NORMAL,
		[__GFP_MOVABLE | __GFP_DMA] = ZONE_DMA,
		[__GFP_MOVABLE | __GFP_HIGHMEM] = ZONE_MOVABLE,
		[__GFP_MOVABLE | __GFP_DMA32] = ZONE_DMA32,
		[__GFP_DMA | __GFP_HIGHMEM] = -1,
		[__GFP_DMA | __GFP_DMA32] = -1,
		[__GFP_HIGHMEM | __GFP_DMA32] = -1,
		[__GFP_DMA | __GFP_HIGHMEM | __GFP_DMA32] = -1,
		[__GFP_MOVABLE | __GFP_DMA | __GFP_HIGHMEM] = -1,
		[__GFP_MOVABLE | __GFP_DMA | __GFP_DMA32] = -1,
		[__GFP_MOVABLE | __GFP_HIGHMEM | __GFP_DMA32] = -1,
		[GFP_ZONEMASK] = -1,
	},
};

int gfp_zone(gfp_t flags)
{
	int z;

	BUG_ON(!sim_arch);
	z = gfp_zone_table[sim_arch->arch][flags & GFP_ZONEMASK];
	BUG_ON(z < 0);		/* GFP_ZONE_BAD */
	return z;
}

int allocflags_to_migratetype(gfp_t gfp_flags)
{
	if (unlikely(page_group_by_mobility_disabled))
		return MIGRATE_UNMOVABLE;
	return (((gfp_flags & __GFP_MOVABLE) != 0) << 1) |
	       ((gfp_flags & __GFP_RECLAIMABLE) != 0);
}

static inline struct zone *__first_zones_zonelist(struct zonelist *zonelist,
						 int high_zoneidx)
{
	struct zone *zone, **z;

	for_each_zone_zonelist(zone, z, zonelist, high_zoneidx)
		return zone;
	return NULL;
}

struct zone *first_zones_zonelist(struct zonelist *zonelist, int high_zoneidx)
{
	return __first_zones_zonelist(zonelist, high_zoneidx);
}

/*
 * get_page_from_freelist: the first zone, highest first, that passes the
 * watermark of alloc_flags and has a page.  UMA and no cpusets: the
 * ALLOC_CPUSET test always passes, zone_reclaim_mode is 0 and the NUMA
 * zonelist cache is inert.
 */
struct page *get_page_from_freelist(gfp_t gfp_mask, unsigned int order,
				    struct zonelist *zonelist, int high_zoneidx,
				    int alloc_flags, struct zone *preferred_zone,
				    int migratetype)
{
	int classzone_idx = zone_idx(preferred_zone);
	struct zone *zone, **z;

	for_each_zone_zonelist(zone, z, zonelist, high_zoneidx) {
		struct page *page;

		if (!(alloc_flags & ALLOC_NO_WATERMARKS)) {
			unsigned long mark =
				zone->watermark[alloc_flags & ALLOC_WMARK_MASK];

			if (!__zone_watermark_ok(zone, (int)order, mark,
						 classzone_idx, alloc_flags))
				continue;
		}
		page = buffered_rmqueue(preferred_zone, zone, order, gfp_mask,
					migratetype);
		if (page)
			return page;
	}
	return NULL;
}

/* ===================================================================== */

/* ==== The allocation paths: fast path, slow path, direct reclaim, OOM ==== */

/*
 * gfp_to_alloc_flags as .31/.32 compute it.  2.6.30's inline version gives
 * the same flags for every request (it also grants ALLOC_HARDER to rt tasks
 * only outside interrupts), so one function serves all three bases; the
 * profile switch says whether an rt task interrupted in softirq context
 * gets ALLOC_HARDER (commit 341ce06f, undone by patch 2).
 */
int gfp_to_alloc_flags(gfp_t gfp_mask)
{
	struct task_struct *p = current;
	int alloc_flags = ALLOC_WMARK_MIN | ALLOC_CPUSET;
	const gfp_t wait = gfp_mask & __GFP_WAIT;

	/* __GFP_HIGH and ALLOC_HIGH share a value on purpose. */
	alloc_flags |= (int)(gfp_mask & __GFP_HIGH);

	if (!wait) {
		alloc_flags |= ALLOC_HARDER;
		/* Atomic requests ignore cpusets: they cannot sleep to wait for them. */
		alloc_flags &= ~ALLOC_CPUSET;
	} else if (p && rt_task(p) &&
		   (kprofile_get(rt_harder_in_irq) || !in_interrupt())) {
		/* Patch 2: an rt task that was merely interrupted is no reason
		 * for the interrupt's allocation to dig deeper. */
		alloc_flags |= ALLOC_HARDER;
	}

	if (!(gfp_mask & __GFP_NOMEMALLOC) && !in_interrupt() && p &&
	    ((p->flags & PF_MEMALLOC) || test_bit(TIF_MEMDIE, &p->tif_flags)))
		alloc_flags |= ALLOC_NO_WATERMARKS;

	return alloc_flags;
}

static void wake_all_kswapd(unsigned int order, struct zonelist *zonelist,
			    int high_zoneidx)
{
	struct zone **z;

	for (z = zonelist->_zonerefs; *z; z++)
		if (zone_idx(*z) <= high_zoneidx)
			wakeup_kswapd(*z, (int)order);
}

static bool should_alloc_retry(gfp_t gfp_mask, unsigned int order,
			       unsigned long pages_reclaimed)
{
	if (gfp_mask & __GFP_NORETRY)
		return false;
	/* Small orders are implicitly __GFP_NOFAIL: they loop forever. */
	if (order <= PAGE_ALLOC_COSTLY_ORDER)
		return true;
	if ((gfp_mask & __GFP_REPEAT) && pages_reclaimed < (1UL << order))
		return true;
	if (gfp_mask & __GFP_NOFAIL)
		return true;
	return false;
}

static struct page *
__alloc_pages_high_priority(gfp_t gfp_mask, unsigned int order,
			    struct zonelist *zonelist, int high_zoneidx,
			    struct zone *preferred_zone, int migratetype)
{
	struct page *page;

	do {
		page = get_page_from_freelist(gfp_mask, order, zonelist,
					      high_zoneidx, ALLOC_NO_WATERMARKS,
					      preferred_zone, migratetype);
		/* Patch 3 makes this wait on both queues (BLK_RW_BOTH). */
		if (!page && (gfp_mask & __GFP_NOFAIL))
			congestion_wait(kprofile_get(cw_alloc), HZ / 50);
	} while (!page && (gfp_mask & __GFP_NOFAIL));

	return page;
}

static struct page *
__alloc_pages_direct_reclaim(gfp_t gfp_mask, unsigned int order,
			     struct zonelist *zonelist, int high_zoneidx,
			     int alloc_flags, struct zone *preferred_zone,
			     int migratetype, unsigned long *did_some_progress)
{
	struct task_struct *p = current;
	struct reclaim_state reclaim_state = { 0 };
	struct page *page = NULL;

	if (order)
		alloc_stats.direct_reclaim[alloc_caller_now()]
			[min(order, (unsigned int)NR_RECLAIM_ORDERS) - 1]++;
	p->flags |= PF_MEMALLOC;
	p->reclaim_state = &reclaim_state;
	*did_some_progress = try_to_free_pages(zonelist, (int)order, gfp_mask);
	p->reclaim_state = NULL;
	p->flags &= ~PF_MEMALLOC;

	/*
	 * High-order requests need the pages every CPU holds on pcp lists:
	 * drained for any order > 0, whether or not reclaim made progress,
	 * before the retry (2.6.31/2.6.32 __alloc_pages_direct_reclaim(),
	 * 2.6.30 __alloc_pages_internal()).
	 */
	if (order != 0)
		drain_all_pages();

	if (*did_some_progress)
		page = get_page_from_freelist(gfp_mask, order, zonelist,
					      high_zoneidx, alloc_flags,
					      preferred_zone, migratetype);
	return page;
}

static struct page *
__alloc_pages_may_oom(gfp_t gfp_mask, unsigned int order,
		      struct zonelist *zonelist, int high_zoneidx,
		      struct zone *preferred_zone, int migratetype)
{
	struct page *page;

	/* Someone else is killing: give them a tick, then retry from the top. */
	if (!try_set_zone_oom(zonelist, gfp_mask)) {
		schedule_timeout_uninterruptible(1);
		return NULL;
	}

	/*
	 * A last try at the high watermark: if a parallel kill already freed
	 * memory this succeeds, and nobody else dies.
	 */
	page = get_page_from_freelist(gfp_mask | __GFP_HARDWALL, order,
				      zonelist, high_zoneidx,
				      ALLOC_WMARK_HIGH | ALLOC_CPUSET,
				      preferred_zone, migratetype);
	if (!page && !(order > PAGE_ALLOC_COSTLY_ORDER &&
		       !(gfp_mask & __GFP_NOFAIL)))
		out_of_memory(zonelist, gfp_mask, (int)order);

	clear_zonelist_oom(zonelist, gfp_mask);
	return page;
}

/* [MODEL] CPU for one pass through the slow path's zonelist walks. */
#define SLOWPATH_PASS_NS (2 * NSEC_PER_USEC)

static struct page *
__alloc_pages_slowpath(gfp_t gfp_mask, unsigned int order,
		       struct zonelist *zonelist, int high_zoneidx,
		       struct zone *preferred_zone, int migratetype)
{
	const gfp_t wait = gfp_mask & __GFP_WAIT;
	struct task_struct *p = current;
	unsigned long pages_reclaimed = 0;
	unsigned long did_some_progress;
	struct page *page = NULL;
	/* Set on the first pass, below; the 0 is for gcc's profile-guided
	 * build, which cannot see that and warns. */
	int alloc_flags = 0;
	bool first = true;
	/* For the failure's explanation: what this call tried. */
	struct slowpath_note note = { .zonelist = zonelist,
		.high_zoneidx = high_zoneidx, .preferred_zone = preferred_zone };

	/* The kernel WARNs once and fails; no failure report is printed. */
	if (order >= MAX_ORDER)
		return NULL;

restart:
	/*
	 * Every pass through the slow path costs CPU: the zonelist walks and
	 * the watermark checks.  It also keeps a task that loops here (an
	 * order-0 request with nothing left to reclaim) from stopping
	 * simulated time.
	 */
	if (wait && current)
		cpu_consume(SLOWPATH_PASS_NS);

	/*
	 * Where the restart label sits is the difference patch 1 makes:
	 * vanilla .31/rc6 restart below the kswapd wake, so an allocation
	 * that retries after failed direct reclaim never tells kswapd about
	 * its order again.  2.6.30 restarted from the very top, fast path
	 * included.
	 */
	if (!first && kprofile_get(restart_mode) == RESTART_TOP) {
		page = get_page_from_freelist(gfp_mask | __GFP_HARDWALL, order,
					      zonelist, high_zoneidx,
					      ALLOC_WMARK_LOW | ALLOC_CPUSET,
					      preferred_zone, migratetype);
		if (page)
			goto got_pg;
	}
	if (first || kprofile_get(restart_mode) != RESTART_AFTER_WAKE) {
		wake_all_kswapd(order, zonelist, high_zoneidx);
		note.counts.kswapd_wakes++;
	}
	note.counts.passes++;

	/*
	 * v2.6.31 __alloc_pages_slowpath() computes alloc_flags once, above
	 * its restart label: a task the OOM killer just chose (TIF_MEMDIE)
	 * restarts without ALLOC_NO_WATERMARKS and gives up below.  2.6.30
	 * (__alloc_pages_internal()) and b259fbde0a8 (2.6.32-rc1) compute it
	 * on every restart.
	 */
	if (first || kprofile_get(restart_alloc_flags) != RESTART_FLAGS_ONCE)
		alloc_flags = gfp_to_alloc_flags(gfp_mask);
	first = false;
	slowpath_note_attempt(&note, alloc_flags & ~ALLOC_NO_WATERMARKS);

	/* The min watermark, softened by ALLOC_HIGH and ALLOC_HARDER. */
	page = get_page_from_freelist(gfp_mask, order, zonelist, high_zoneidx,
				      alloc_flags & ~ALLOC_NO_WATERMARKS,
				      preferred_zone, migratetype);
	if (page)
		goto got_pg;

rebalance:
	/*
	 * v2.6.30 __alloc_pages_internal()'s rebalance label tests
	 * PF_MEMALLOC and TIF_MEMDIE itself, so a task killed while it waited
	 * below still gets its no-watermark attempt; .31 and rc6 go by the
	 * flags of the last restart.
	 */
	if (kprofile_get(restart_alloc_flags) == RESTART_FLAGS_EVERY_PASS)
		alloc_flags = gfp_to_alloc_flags(gfp_mask);
	if (alloc_flags & ALLOC_NO_WATERMARKS) {
		slowpath_note_attempt(&note, ALLOC_NO_WATERMARKS);
		page = __alloc_pages_high_priority(gfp_mask, order, zonelist,
						   high_zoneidx, preferred_zone,
						   migratetype);
		if (page)
			goto got_pg;
	}

	/*
	 * Atomic allocations end here: they cannot reclaim or sleep.  So do
	 * allocations made outside any task (mmsim's boot and test code),
	 * which have nobody to put to sleep.
	 */
	if (!wait || !p)
		goto nopage;

	/* Avoid recursion of direct reclaim (kswapd, or reclaim itself). */
	if (p->flags & PF_MEMALLOC)
		goto nopage;

	/* An OOM victim that cannot find memory gives up, unless NOFAIL. */
	if (test_bit(TIF_MEMDIE, &p->tif_flags) && !(gfp_mask & __GFP_NOFAIL))
		goto nopage;

	page = __alloc_pages_direct_reclaim(gfp_mask, order, zonelist,
					    high_zoneidx, alloc_flags,
					    preferred_zone, migratetype,
					    &did_some_progress);
	if (page)
		goto got_pg;
	note.counts.reclaim_passes++;
	note.counts.last_progress = did_some_progress;
	if (did_some_progress)
		slowpath_note_attempt(&note, alloc_flags);

	/* Reclaim found nothing at all: consider the OOM killer. */
	if (!did_some_progress) {
		if ((gfp_mask & __GFP_FS) && !(gfp_mask & __GFP_NORETRY)) {
			note.counts.oom_tried = true;
			page = __alloc_pages_may_oom(gfp_mask, order, zonelist,
						     high_zoneidx,
						     preferred_zone,
						     migratetype);
			if (page)
				goto got_pg;
			/* The OOM killer does not help costly orders. */
			if (order > PAGE_ALLOC_COSTLY_ORDER &&
			    !(gfp_mask & __GFP_NOFAIL))
				goto nopage;
			goto restart;
		}
	}

	pages_reclaimed += did_some_progress;
	note.counts.pages_reclaimed = pages_reclaimed;
	if (should_alloc_retry(gfp_mask, order, pages_reclaimed)) {
		note.counts.retry_waits++;
		/*
		 * Wait for some write requests to complete, then retry.
		 * Which queue: SYNC in 2.6.30 (congestion_wait(WRITE) meant
		 * index 1) and in the revert-8aa7e847 kernels, ASYNC in .31
		 * and rc6, both in turn with patch 3.
		 */
		congestion_wait(kprofile_get(cw_alloc), HZ / 50);
		goto rebalance;
	}

nopage:
	record_alloc_failure_note(gfp_mask, order, &note);
	return NULL;
got_pg:
	return page;
}

struct page *__alloc_pages_nodemask(gfp_t gfp_mask, unsigned int order,
				    struct zonelist *zonelist)
{
	int high_zoneidx = gfp_zone(gfp_mask);
	int migratetype = allocflags_to_migratetype(gfp_mask);
	struct zone *preferred_zone;
	struct page *page = NULL;

	might_sleep_if(gfp_mask & __GFP_WAIT);
	if (order && (gfp_mask & __GFP_WAIT))
		alloc_stats.sleeping[alloc_caller_now()]
			[min(order, (unsigned int)NR_RECLAIM_ORDERS) - 1]++;

	preferred_zone = __first_zones_zonelist(zonelist, high_zoneidx);
	if (preferred_zone) {
		page = get_page_from_freelist(gfp_mask | __GFP_HARDWALL, order,
					      zonelist, high_zoneidx,
					      ALLOC_WMARK_LOW | ALLOC_CPUSET,
					      preferred_zone, migratetype);
		if (!page)
			page = __alloc_pages_slowpath(gfp_mask, order, zonelist,
						      high_zoneidx,
						      preferred_zone,
						      migratetype);
	}
	trace_mm_page_alloc(page, order, gfp_mask, migratetype);
	return page;
}

struct page *alloc_pages(gfp_t gfp_mask, unsigned int order)
{
	/* alloc_pages_current without a mempolicy: the local node's list. */
	return __alloc_pages_nodemask(gfp_mask, order,
				      node_zonelist(numa_node_id(), gfp_mask));
}

/*
 * The task's tag is restored afterwards, so a tagged allocation made
 * inside another (a slab page for a mempool's element) counts as its own.
 */
struct page *alloc_pages_for(enum alloc_caller caller, gfp_t gfp,
			     unsigned int order)
{
	struct task_struct *p = current;
	unsigned char old;
	struct page *page;

	if (in_interrupt())
		return alloc_pages(gfp, order);
	if (!p) {
		/* Nothing sleeps outside a task: a plain save and restore. */
		enum alloc_caller was = alloc_caller_notask;

		alloc_caller_notask = caller;
		page = alloc_pages(gfp, order);
		alloc_caller_notask = was;
		return page;
	}
	old = p->alloc_caller;
	p->alloc_caller = (unsigned char)caller;
	page = alloc_pages(gfp, order);
	p->alloc_caller = old;
	return page;
}

/* ---- measures (mmsim) ------------------------------------------------ */

void page_alloc_stats_reset(void)
{
	memset(&alloc_stats, 0, sizeof(alloc_stats));
}

static void collect_alloc_stats(struct run_result *r)
{
	uint64_t *broken = result_uints_mut(r, "blocks_broken");
	uint64_t *reclaim = result_uints_mut(r, "highorder_direct_reclaim");
	uint64_t *sleeping = result_uints_mut(r, "highorder_sleeping");

	result_set_uint(r, "drain_all_pages", alloc_stats.drain_all_pages);
	for (int c = 0; c < NR_ALLOC_CALLERS; c++) {
		for (int k = 0; k < NR_BLOCK_BREAKS; k++)
			broken[c * NR_BLOCK_BREAKS + k] =
				alloc_stats.blocks_broken[c][k];
		for (int o = 0; o < NR_RECLAIM_ORDERS; o++) {
			reclaim[c * NR_RECLAIM_ORDERS + o] =
				alloc_stats.direct_reclaim[c][o];
			sleeping[c * NR_RECLAIM_ORDERS + o] =
				alloc_stats.sleeping[c][o];
		}
	}
}

static struct measure drain_all_pages_measure = {
	.name = "drain_all_pages", .doc = "drain_all_pages() calls: every "
	"order > 0 request that entered direct reclaim drains every CPU's "
	"pcp lists (2.6.32 __alloc_pages_direct_reclaim())",
	.unit = "calls", .kind = MEASURE_COUNTER,
	.aggregate = AGGREGATE_MEAN_STDDEV, .json = "drain_all_pages",
	.csv = "drain_all_pages", .type = MT_UINT, .flags = MF_OMIT_EMPTY,
	.collect = collect_alloc_stats,
};
MEASURE_REGISTER(drain_all_pages_measure);

static const char *blocks_broken_element(unsigned int dim, unsigned int i)
{
	static const char *const how[NR_BLOCK_BREAKS] = {
		"own", "fallback", "reserve",
	};

	return dim ? how[i] : alloc_caller_names[i];
}

static struct measure blocks_broken_measure = {
	.name = "blocks_broken", .doc = "free blocks of order 2 or more split "
	"for a smaller request, by whom the request was for (enum "
	"alloc_caller) and where the block was: on the request's own "
	"migrate type's lists, another type's (__rmqueue_fallback) or "
	"MIGRATE_RESERVE's",
	.unit = "blocks", .kind = MEASURE_TABLE, .aggregate = AGGREGATE_MEAN,
	.json = "blocks_broken", .type = MT_ARRAY,
	.dims = { NR_ALLOC_CALLERS, NR_BLOCK_BREAKS },
	.element_name = blocks_broken_element, .flags = MF_OMIT_EMPTY,
};
MEASURE_REGISTER(blocks_broken_measure);

static const char *direct_reclaim_element(unsigned int dim, unsigned int i)
{
	static const char *const orders[NR_RECLAIM_ORDERS] = {
		"order_1", "order_2", "order_3", "order_4plus",
	};

	return dim ? orders[i] : alloc_caller_names[i];
}

static struct measure highorder_direct_reclaim_measure = {
	.name = "highorder_direct_reclaim", .doc = "order > 0 requests that "
	"entered direct reclaim (and so drained the pcp lists), by whom they "
	"were for and order",
	.unit = "requests", .kind = MEASURE_TABLE, .aggregate = AGGREGATE_MEAN,
	.json = "highorder_direct_reclaim", .type = MT_ARRAY,
	.dims = { NR_ALLOC_CALLERS, NR_RECLAIM_ORDERS },
	.element_name = direct_reclaim_element, .flags = MF_OMIT_EMPTY,
};
MEASURE_REGISTER(highorder_direct_reclaim_measure);

static struct measure highorder_sleeping_measure = {
	.name = "highorder_sleeping", .doc = "order > 0 requests that may "
	"sleep (__GFP_WAIT), whether or not they reached the slow path, by "
	"whom they were for and order",
	.unit = "requests", .kind = MEASURE_TABLE, .aggregate = AGGREGATE_MEAN,
	.json = "highorder_sleeping", .type = MT_ARRAY,
	.dims = { NR_ALLOC_CALLERS, NR_RECLAIM_ORDERS },
	.element_name = direct_reclaim_element, .flags = MF_OMIT_EMPTY,
};
MEASURE_REGISTER(highorder_sleeping_measure);

/*
 * What emptied the zones of order >= 2 blocks, as the reports show it
 * next to alloc_fail.c's failures.
 */
MEASURE_SHOWN(drain_all_pages, .name = "drain-all-pages", .order = 310,
	.doc = "drain_all_pages() calls, every CPU's pcp lists drained",
	.unit = "", .kind = MEASURE_COUNTER, .of = "drain_all_pages",
	.title = "drain_all_pages() calls",
	.group = "why order>=1 atomics fail", .precision = 2);

static double shown_ho_sleeping(const struct run_result *r)
{
	return result_array_sum(r, "highorder_sleeping", -1);
}

MEASURE_SHOWN(ho_sleeping, .name = "ho-sleeping", .order = 320,
	.doc = "order > 0 requests that may sleep, every caller and order",
	.unit = "", .kind = MEASURE_COUNTER, .value = shown_ho_sleeping,
	.title = "order>0 allocations that may sleep",
	.group = "why order>=1 atomics fail", .precision = 2);

static double shown_ho_reclaim(const struct run_result *r)
{
	return result_array_sum(r, "highorder_direct_reclaim", -1);
}

MEASURE_SHOWN(ho_reclaim, .name = "ho-reclaim", .order = 330,
	.doc = "order > 0 requests that entered direct reclaim, every caller "
	"and order",
	.unit = "", .kind = MEASURE_COUNTER, .value = shown_ho_reclaim,
	.title = "order>0 allocations in direct reclaim",
	.group = "why order>=1 atomics fail", .precision = 2);

/* Column 1 of blocks_broken: __rmqueue_fallback's. */
static double shown_broken_fallback(const struct run_result *r)
{
	return result_array_sum(r, "blocks_broken", 1);
}

MEASURE_SHOWN(broken_fallback, .name = "broken-fallback", .order = 340,
	.doc = "order >= 2 blocks __rmqueue_fallback() split, every caller",
	.unit = "", .kind = MEASURE_COUNTER, .value = shown_broken_fallback,
	.title = "order>=2 blocks broken by fallbacks",
	.group = "why order>=1 atomics fail", .precision = 2);
