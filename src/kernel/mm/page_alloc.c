// SPDX-License-Identifier: GPL-2.0
/*
 * The buddy allocator of 2.6.30-2.6.32-rc6 (mm/page_alloc.c): free lists
 * per order and migrate type, pageblocks, fallback and stealing,
 * MIGRATE_RESERVE, per-cpu page lists, watermark checks, the zonelist
 * walk and the allocation paths; and, at the end, what page_alloc.c sets
 * up at boot (zones, pagesets, zonelists, watermarks and reserves).
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
	int alloc_flags;
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
		note.kswapd_wakes++;
	}
	note.passes++;

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
	note.reclaim_passes++;
	note.last_progress = did_some_progress;
	if (did_some_progress)
		slowpath_note_attempt(&note, alloc_flags);

	/* Reclaim found nothing at all: consider the OOM killer. */
	if (!did_some_progress) {
		if ((gfp_mask & __GFP_FS) && !(gfp_mask & __GFP_NORETRY)) {
			note.oom_tried = true;
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
	note.pages_reclaimed = pages_reclaimed;
	if (should_alloc_retry(gfp_mask, order, pages_reclaimed)) {
		note.retry_waits++;
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

static const char *const zone_names[MAX_NR_ZONES] = {
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
