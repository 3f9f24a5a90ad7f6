// SPDX-License-Identifier: GPL-2.0
/*
 * Page reclaim (mm/vmscan.c of 2.6.30, 2.6.31 and 2.6.32-rc6, with patches
 * 4 and 5 of "Reduce GFP_ATOMIC allocation failures" as switches).
 * The sections below are the kernel file's functions, in its order.
 *
 * Where the versions differ the code reads kprofile:
 *   .active_list_rule   shrink_list / shrink_active_list (.30 vs .31+)
 *   .noswap_rule        shrink_zone scaling without swap (.30 vs .31+)
 *   .lumpy_sync_rule    the lumpy synchronous second pass (.30 vs .31+)
 *   .lumpy_noswap_skip  lumpy neighbours without swap (rc6)
 *   .too_many_isolated  the rc6 direct-reclaim throttle
 *   .reclaimable_def    zone_lru_pages (.30/.31) / zone_reclaimable_pages (.32)
 *   .cw_direct, .cw_kswapd, .cw_lumpy, .cw_isolated   congestion queues
 *   .kswapd_sleep       P4: the short sleep and premature-sleep counters
 *   .kswapd_cw_priority P5: the order-adjusted congestion priority
 *
 * Locks: the zone lru_lock, the page lock's trylock and irq disabling have
 * no cost here; code between two blocking points runs atomically.  The
 * page lock is real (PG_locked): a page under read I/O fails trylock.
 */
#include <string.h>
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "linux/vmstat.h"
#include "mmsim/profile.h"
#include "linux/swap.h"
#include "linux/mm.h"
#include "linux/slab.h"
#include "trace/events/vmscan.h"
#include "linux/backing-dev.h"
#include "linux/kthread.h"
#include "linux/pagemap.h"
#include "linux/writeback.h"
#include "mmsim/alloc_fail.h"
#include "metrics/metrics.h"
#include "internal.h"

int vm_swappiness = 60;

/* [MODEL] CPU costs, see swap.h and docs/reclaim.md. */
struct reclaim_costs reclaim_costs = {
	.isolate_page_ns = 50,
	.shrink_page_ns = 400,
	.rmap_ns = 200,
	.active_page_ns = 150,
	.slab_object_ns = 30,
	.zone_pass_ns = 500,
};

struct reclaim_stats reclaim_stats;

int reclaim_passes_in_flight;

struct scan_control {
	unsigned long nr_scanned;	/* pages scanned this priority */
	unsigned long nr_reclaimed;
	gfp_t gfp_mask;
	int may_writepage;
	int may_unmap;
	int may_swap;
	unsigned long swap_cluster_max;
	int swappiness;
	int all_unreclaimable;
	int order;
};

enum pageout_io {
	PAGEOUT_IO_ASYNC,
	PAGEOUT_IO_SYNC,
};

typedef enum {
	PAGE_KEEP,		/* failed to write, page is still dirty */
	PAGE_ACTIVATE,		/* move it to the active list */
	PAGE_SUCCESS,		/* writeback started */
	PAGE_CLEAN,		/* it was not dirty after all */
} pageout_t;

/* ISOLATE_INACTIVE, ISOLATE_ACTIVE, ISOLATE_BOTH: trace.h. */

/* laptop_mode is 0 on every machine modelled. */
static const int laptop_mode;

static inline void reclaim_charge(sim_time_t ns)
{
	if (ns && current && !in_interrupt())
		cpu_consume(ns);
}

/* ---- shrinkers ------------------------------------------------------ */

static LIST_HEAD(shrinker_list);

void register_shrinker(struct shrinker *shrinker)
{
	shrinker->nr = 0;
	list_add_tail(&shrinker->list, &shrinker_list);
}

void unregister_shrinker(struct shrinker *shrinker)
{
	list_del(&shrinker->list);
}

/*
 * Age the shrinkable caches in proportion to LRU scanning: @scanned LRU
 * pages of @lru_pages ask each cache to scan 4 * scanned / seeks of its
 * objects per lru page.  Returns objects freed.
 */
unsigned long shrink_slab(unsigned long scanned, gfp_t gfp_mask,
			  unsigned long lru_pages)
{
	struct shrinker *shrinker;
	unsigned long ret = 0;

	if (scanned == 0)
		scanned = SWAP_CLUSTER_MAX;
	list_for_each_entry(shrinker, &shrinker_list, list) {
		unsigned long long delta;
		unsigned long total_scan;
		unsigned long max_pass = (unsigned long)
			shrinker->shrink(shrinker, 0, gfp_mask);

		delta = (4ULL * scanned) / (unsigned long long)shrinker->seeks;
		delta *= max_pass;
		delta /= lru_pages + 1;
		shrinker->nr += (long)delta;
		if (shrinker->nr < 0)
			shrinker->nr = (long)max_pass;
		/* Never ask for more than twice what the cache holds. */
		if ((unsigned long)shrinker->nr > max_pass * 2)
			shrinker->nr = (long)(max_pass * 2);

		total_scan = (unsigned long)shrinker->nr;
		shrinker->nr = 0;
		while (total_scan >= SHRINK_BATCH) {
			int nr_before = shrinker->shrink(shrinker, 0, gfp_mask);
			int shrink_ret;

			shrink_ret = shrinker->shrink(shrinker, SHRINK_BATCH,
						      gfp_mask);

			if (shrink_ret == -1)
				break;
			if (shrink_ret < nr_before)
				ret += (unsigned long)(nr_before - shrink_ret);
			count_vm_events(SLABS_SCANNED, SHRINK_BATCH);
			total_scan -= SHRINK_BATCH;
		}
		shrinker->nr += (long)total_scan;
	}
	return ret;
}

/* ---- zone sizes -------------------------------------------------- */

unsigned long zone_lru_pages(struct zone *zone)
{
	return zone_page_state(zone, NR_ACTIVE_ANON) +
	       zone_page_state(zone, NR_INACTIVE_ANON) +
	       zone_page_state(zone, NR_ACTIVE_FILE) +
	       zone_page_state(zone, NR_INACTIVE_FILE);
}

unsigned long zone_reclaimable_pages(struct zone *zone)
{
	unsigned long nr = zone_page_state(zone, NR_ACTIVE_FILE) +
			   zone_page_state(zone, NR_INACTIVE_FILE);

	if (nr_swap_pages > 0)
		nr += zone_page_state(zone, NR_ACTIVE_ANON) +
		      zone_page_state(zone, NR_INACTIVE_ANON);
	return nr;
}

/* What "reclaimable pages" means depends on the version (reclaimable_def). */
static unsigned long zone_reclaimable(struct zone *zone)
{
	if (kprofile_get(reclaimable_def) == RECLAIMABLE_SWAP_AWARE)
		return zone_reclaimable_pages(zone);
	return zone_lru_pages(zone);
}

bool inactive_anon_is_low(struct zone *zone)
{
	unsigned long active = zone_page_state(zone, NR_ACTIVE_ANON);
	unsigned long inactive = zone_page_state(zone, NR_INACTIVE_ANON);

	return inactive * zone->inactive_ratio < active;
}

bool inactive_file_is_low(struct zone *zone)
{
	return zone_page_state(zone, NR_ACTIVE_FILE) >
	       zone_page_state(zone, NR_INACTIVE_FILE);
}

static inline void note_zone_scanning_priority(struct zone *zone, int priority)
{
	if (priority < zone->prev_priority)
		zone->prev_priority = priority;
}

static inline bool zone_is_all_unreclaimable(const struct zone *zone)
{
	return zone->flags & (1UL << ZONE_ALL_UNRECLAIMABLE);
}

/* ---- shrink_page_list -------------------------------------------- */

static bool page_evictable(struct page *page)
{
	if (mapping_unevictable(page_mapping(page)))
		return false;
	return !PageMlocked(page);
}

/* Is the page in use by anybody but the page cache and reclaim? */
static bool page_mapping_inuse(struct page *page)
{
	struct address_space *mapping;

	if (page_mapped(page))
		return true;
	/* Be more reluctant to reclaim swap cache than page cache. */
	if (PageSwapCache(page))
		return true;
	mapping = page_mapping(page);
	if (!mapping)
		return false;
	return mapping_mapped(mapping);
}

/* Only the page cache and reclaim's isolation hold references. */
static inline bool is_page_cache_freeable(struct page *page)
{
	return page_count(page) - PagePrivate(page) == 2;
}

/*
 * Swap and the devices of direct reclaimers' own writes are always
 * written; another device only when its queue is not congested.
 */
static bool may_write_to_queue(struct backing_dev_info *bdi)
{
	if (current->flags & PF_SWAPWRITE)
		return true;
	if (!bdi || !bdi_write_congested(bdi))
		return true;
	if (bdi == current->backing_dev_info)
		return true;
	return false;
}

static pageout_t pageout(struct page *page, struct address_space *mapping,
			 enum pageout_io sync_writeback)
{
	/*
	 * If anybody else holds a reference, writing is pointless: the page
	 * cannot be freed afterwards anyway.
	 */
	if (!is_page_cache_freeable(page))
		return PAGE_KEEP;
	if (!mapping)
		return PAGE_KEEP;	/* orphaned buffers: not modelled */
	if (!mapping->a_ops || !mapping->a_ops->writepage)
		return PAGE_ACTIVATE;
	if (!may_write_to_queue(mapping->backing_dev_info))
		return PAGE_KEEP;

	if (clear_page_dirty_for_io(page)) {
		struct writeback_control wbc = {
			.sync_mode = WB_SYNC_NONE,
			.nr_to_write = SWAP_CLUSTER_MAX,
			.range_start = 0,
			.range_end = ~(pgoff_t)0,
			.nonblocking = 1,
			.for_reclaim = 1,
		};
		int res;

		SetPageReclaim(page);
		res = mapping->a_ops->writepage(page, &wbc);
		trace_mm_vmscan_writepage(page_to_pfn(page),
			trace_reclaim_flags(page_is_file_cache(page),
					    sync_writeback == PAGEOUT_IO_SYNC));
		if (res == AOP_WRITEPAGE_ACTIVATE) {
			ClearPageReclaim(page);
			return PAGE_ACTIVATE;
		}
		/*
		 * Lumpy direct reclaim's second pass waits for the write it
		 * just started (2.6.32 shrink_inactive_list()'s
		 * PAGEOUT_IO_SYNC pass).
		 */
		if (PageWriteback(page) && sync_writeback == PAGEOUT_IO_SYNC)
			wait_on_page_writeback(page);
		if (!PageWriteback(page))
			ClearPageReclaim(page);	/* a synchronous writer */
		__inc_zone_page_state(page, NR_VMSCAN_WRITE);
		return PAGE_SUCCESS;
	}
	return PAGE_CLEAN;
}

/*
 * try_to_release_page for a page with buffers: [MODEL] clean, idle
 * buffers always go (dropping the reference they hold).
 */
static bool try_to_release_page(struct page *page)
{
	if (PageWriteback(page) || PageDirty(page))
		return false;
	ClearPagePrivate(page);
	put_page(page);
	return true;
}

/*
 * Take the page out of the page or swap cache if the cache and reclaim
 * hold its only references; the page's count drops to 0 (page_freeze_refs).
 */
static bool __remove_mapping(struct address_space *mapping, struct page *page)
{
	if (page_count(page) != 2)
		return false;
	if (PageDirty(page))
		return false;
	if (PageSwapCache(page)) {
		swp_entry_t swap = { page->private };

		__delete_from_swap_cache(page);
		page->_count = 0;
		swapcache_free(swap, page);
	} else {
		/* __remove_from_page_cache */
		mapping_delete(mapping, page->index);
		mapping->nrpages--;
		page->mapping = 0;
		__dec_zone_page_state(page, NR_FILE_PAGES);
		page->_count = 0;
	}
	return true;
}

/*
 * Pages on their way to the free pagevec stay PG_isolated (with no
 * reference) until the moment they are freed, so that a check made while
 * this reclaimer sleeps still finds them.
 */
static void free_page_batch(struct page **pages, unsigned int *nr)
{
	for (unsigned int i = 0; i < *nr; i++)
		ClearPageIsolated(pages[i]);
	if (*nr)
		__pagevec_free_pages(pages, *nr, 1);
	*nr = 0;
}

static unsigned long shrink_page_list(struct list_head *page_list,
				      struct scan_control *sc,
				      enum pageout_io sync_writeback)
{
	LIST_HEAD(ret_pages);
	struct page *freed[PAGEVEC_SIZE];
	unsigned int nr_freed = 0;
	unsigned long pgactivate = 0, nr_reclaimed = 0, nr_pages = 0;

	while (!list_empty(page_list)) {
		struct address_space *mapping;
		unsigned long vm_flags;
		struct page *page;
		int may_enter_fs;
		int referenced;

		page = lru_to_page(page_list);
		list_del(&page->lru);
		nr_pages++;

		if (!trylock_page(page))
			goto keep;
		VM_BUG_ON(PageActive(page));
		sc->nr_scanned++;

		if (!page_evictable(page))
			goto cull_mlocked;
		if (!sc->may_unmap && page_mapped(page))
			goto keep_locked;
		/* Double the slab pressure for mapped and swapcache pages. */
		if (page_mapped(page) || PageSwapCache(page))
			sc->nr_scanned++;

		may_enter_fs = (sc->gfp_mask & __GFP_FS) ||
			(PageSwapCache(page) && (sc->gfp_mask & __GFP_IO));

		if (PageWriteback(page)) {
			/*
			 * The synchronous (second) lumpy pass waits for I/O
			 * the first pass started; otherwise skip the page.
			 */
			if (sync_writeback == PAGEOUT_IO_SYNC && may_enter_fs)
				wait_on_page_writeback(page);
			else
				goto keep_locked;
		}

		referenced = page_referenced(page, 1, &vm_flags);
		/* In active use, and not for a costly high-order request. */
		if (sc->order <= PAGE_ALLOC_COSTLY_ORDER && referenced &&
		    page_mapping_inuse(page) && !(vm_flags & VM_LOCKED))
			goto activate_locked;

		/* Anonymous memory needs a swap slot before it can go. */
		if (PageAnon(page) && !PageSwapCache(page)) {
			if (!(sc->gfp_mask & __GFP_IO))
				goto keep_locked;
			if (!add_to_swap(page))
				goto activate_locked;
			may_enter_fs = 1;
		}

		mapping = page_mapping(page);

		if (page_mapped(page) && mapping) {
			switch (try_to_unmap(page, TTU_UNMAP)) {
			case SWAP_FAIL:
				goto activate_locked;
			case SWAP_AGAIN:
				goto keep_locked;
			case SWAP_MLOCK:
				goto cull_mlocked;
			case SWAP_SUCCESS:
				break;
			}
		}

		if (PageDirty(page)) {
			if (sc->order <= PAGE_ALLOC_COSTLY_ORDER && referenced)
				goto keep_locked;
			if (!may_enter_fs)
				goto keep_locked;
			if (!sc->may_writepage)
				goto keep_locked;

			switch (pageout(page, mapping, sync_writeback)) {
			case PAGE_KEEP:
				goto keep_locked;
			case PAGE_ACTIVATE:
				goto activate_locked;
			case PAGE_SUCCESS:
				if (PageWriteback(page) || PageDirty(page))
					goto keep;
				/* Written synchronously: try to free it now. */
				if (!trylock_page(page))
					goto keep;
				if (PageDirty(page) || PageWriteback(page))
					goto keep_locked;
				mapping = page_mapping(page);
				break;
			case PAGE_CLEAN:
				break;
			}
		}

		if (PagePrivate(page)) {
			if (!try_to_release_page(page))
				goto activate_locked;
			if (!mapping && page_count(page) == 1) {
				unlock_page(page);
				if (put_page_testzero(page))
					goto free_it;
				nr_reclaimed++;
				continue;
			}
		}

		if (!mapping || !__remove_mapping(mapping, page))
			goto keep_locked;
		/* Nobody else can find the page any more. */
		ClearPageLocked(page);
free_it:
		nr_reclaimed++;
		freed[nr_freed++] = page;
		if (nr_freed == PAGEVEC_SIZE)
			free_page_batch(freed, &nr_freed);
		continue;

cull_mlocked:
		if (PageSwapCache(page))
			try_to_free_swap(page);
		unlock_page(page);
		putback_lru_page(page);
		continue;

activate_locked:
		/* Not a candidate for swapping: give the slot back early. */
		if (PageSwapCache(page) && vm_swap_full())
			try_to_free_swap(page);
		VM_BUG_ON(PageActive(page));
		SetPageActive(page);
		pgactivate++;
keep_locked:
		unlock_page(page);
keep:
		list_add(&page->lru, &ret_pages);
		VM_BUG_ON(PageLRU(page) || PageUnevictable(page));
	}
	list_splice(&ret_pages, page_list);
	free_page_batch(freed, &nr_freed);
	count_vm_events(PGACTIVATE, (long)pgactivate);
	reclaim_charge(reclaim_costs.shrink_page_ns * nr_pages);
	return nr_reclaimed;
}

/* ---- isolate_lru_pages ------------------------------------------- */

/* 0: taken (PG_lru cleared, a reference held); -1: wrong kind; -2: busy. */
static int __isolate_lru_page(struct page *page, int mode, int file)
{
	if (!PageLRU(page))
		return -1;
	/* ISOLATE_BOTH takes either kind of either list. */
	if (mode != ISOLATE_BOTH && (!PageActive(page) != !mode))
		return -1;
	if (mode != ISOLATE_BOTH && page_is_file_cache(page) != file)
		return -1;
	if (PageUnevictable(page))
		return -1;
	if (page_count(page) == 0)
		return -2;		/* being freed */
	get_page(page);
	ClearPageLRU(page);
	SetPageIsolated(page);
	return 0;
}

static unsigned long isolate_lru_pages(unsigned long nr_to_scan,
				       struct list_head *src,
				       struct list_head *dst,
				       unsigned long *scanned, int order,
				       int mode, int file)
{
	unsigned long nr_taken = 0, contig_taken = 0, contig_dirty = 0;
	unsigned long contig_failed = 0;
	unsigned long scan;

	for (scan = 0; scan < nr_to_scan && !list_empty(src); scan++) {
		struct page *page = lru_to_page(src);
		unsigned long pfn, end_pfn, page_pfn;
		enum zone_type zone_id;
		bool block_failed = false;

		VM_BUG_ON(!PageLRU(page));
		switch (__isolate_lru_page(page, mode, file)) {
		case 0:
			list_move(&page->lru, dst);
			nr_taken++;
			break;
		case -2:
			/* Being freed elsewhere: out of the way. */
			list_move(&page->lru, src);
			continue;
		default:
			BUG();
		}

		if (!order)
			continue;
		/*
		 * Lumpy reclaim: take the rest of the naturally aligned
		 * 2^order block around the page, whatever its LRU age, so
		 * that freeing them all frees the whole block.
		 */
		zone_id = page_zonenum(page);
		page_pfn = page_to_pfn(page);
		pfn = page_pfn & ~((1UL << order) - 1);
		end_pfn = pfn + (1UL << order);
		for (; pfn < end_pfn; pfn++) {
			struct page *cursor_page;

			if (pfn == page_pfn)
				continue;
			if (!pfn_valid(pfn))
				break;
			cursor_page = pfn_to_page(pfn);
			if (page_zonenum(cursor_page) != zone_id)
				continue;
			/*
			 * Without swap, unswapped anon pages cannot go
			 * (de2e7567c7d, 2.6.32-rc1 isolate_lru_pages(); .30
			 * and .31 take them and fail them in
			 * shrink_page_list()).
			 */
			if (kprofile_get(lumpy_noswap_skip) &&
			    nr_swap_pages <= 0 && PageAnon(cursor_page) &&
			    !PageSwapCache(cursor_page))
				continue;
			if (__isolate_lru_page(cursor_page, mode, file) == 0) {
				list_move(&cursor_page->lru, dst);
				nr_taken++;
				scan++;
				contig_taken++;
				contig_dirty += PageDirty(cursor_page);
			} else if (page_count(cursor_page)) {
				/*
				 * 2.6.32 goes on with the rest of the block;
				 * the trace's contig_failed (2.6.36) counts
				 * blocks left incomplete.
				 */
				block_failed = true;
			}
		}
		contig_failed += block_failed;
	}
	trace_mm_vmscan_lru_isolate(order, nr_to_scan, scan, nr_taken,
				    contig_taken, contig_dirty, contig_failed,
				    mode);
	/* The callers charge the CPU once their counters agree again. */
	*scanned = scan;
	return nr_taken;
}

/* Clear PG_active on isolated pages, counting them by their old list. */
static unsigned long clear_active_flags(struct list_head *page_list,
					unsigned long *count)
{
	unsigned long nr_active = 0;
	struct page *page;

	list_for_each_entry(page, page_list, lru) {
		enum lru_list lru = page_lru_base_type(page);

		if (PageActive(page)) {
			lru += LRU_ACTIVE;
			ClearPageActive(page);
			nr_active++;
		}
		count[lru]++;
	}
	return nr_active;
}

/* ---- shrink_inactive_list ---------------------------------------- */

/*
 * rc6: direct reclaimers back off while more pages of this type are
 * isolated than remain on the inactive list (v2.6.32-rc6 mm/vmscan.c:1063
 * too_many_isolated(); no memory cgroups here, so scanning_global_lru()).
 * Both counts are the zone's global vm_stat, without the per-cpu
 * differentials (zone_page_state, include/linux/vmstat.h:158).
 */
static bool too_many_isolated(struct zone *zone, int file)
{
	/* 2.6.30/31 have no such wait; the measure reads on regardless. */
	bool throttle = kprofile_get(too_many_isolated);
	unsigned long inactive, isolated;

	if (current_is_kswapd())
		return false;
	if (file) {
		inactive = zone_page_state(zone, NR_INACTIVE_FILE);
		isolated = zone_page_state(zone, NR_ISOLATED_FILE);
	} else {
		inactive = zone_page_state(zone, NR_INACTIVE_ANON);
		isolated = zone_page_state(zone, NR_ISOLATED_ANON);
	}
	note_isolated(zone, file, isolated, inactive);
	return throttle && isolated > inactive;
}

static inline bool fatal_signal_pending(struct task_struct *p)
{
	/* An OOM victim has SIGKILL pending. */
	return test_bit(TIF_MEMDIE, &p->tif_flags);
}

static unsigned long shrink_inactive_list(unsigned long max_scan,
					  struct zone *zone,
					  struct scan_control *sc,
					  int priority, int file)
{
	struct zone_reclaim_stat *reclaim_stat = &zone->reclaim_stat;
	unsigned long nr_scanned = 0, nr_reclaimed = 0;
	struct list_head *src;
	LIST_HEAD(page_list);
	bool lumpy_reclaim = false;
	bool sync_pass, sync_waited = false;

	while (too_many_isolated(zone, file)) {
		congestion_wait(kprofile_get(cw_isolated), HZ / 10);
		/* About to die and free our memory: return now. */
		if (fatal_signal_pending(current))
			return SWAP_CLUSTER_MAX;
	}

	/*
	 * A large contiguous block, or a small one that is proving hard to
	 * get, reclaims neighbours from both lists.
	 */
	if (sc->order > PAGE_ALLOC_COSTLY_ORDER)
		lumpy_reclaim = true;
	else if (sc->order && priority < DEF_PRIORITY - 2)
		lumpy_reclaim = true;
	/* .30 only waited for the I/O of costly orders (lumpy_sync_rule). */
	sync_pass = kprofile_get(lumpy_sync_rule) == LUMPY_SYNC_LUMPY ?
		lumpy_reclaim : sc->order > PAGE_ALLOC_COSTLY_ORDER;

	src = &zone->lru[LRU_INACTIVE_ANON + LRU_FILE * file];
	lru_add_drain();
	reclaim_passes_in_flight++;
	do {
		unsigned long count[NR_LRU_LISTS] = { 0 };
		int mode = lumpy_reclaim ? ISOLATE_BOTH : ISOLATE_INACTIVE;
		unsigned long nr_taken, nr_scan, nr_freed, nr_active;
		unsigned long nr_anon, nr_file;
		struct page *page;

		nr_taken = isolate_lru_pages(sc->swap_cluster_max, src,
					     &page_list, &nr_scan, sc->order,
					     mode, file);
		zone->pages_scanned += nr_scan;
		__count_zone_vm_events(current_is_kswapd() ? PGSCAN_KSWAPD_DMA :
				       PGSCAN_DIRECT_DMA, zone, (long)nr_scan);
		if (nr_taken == 0)
			break;

		nr_active = clear_active_flags(&page_list, count);
		count_vm_events(PGDEACTIVATE, (long)nr_active);
		for (enum lru_list l = 0; l < NR_EVICTABLE_LRU_LISTS; l++)
			__mod_zone_page_state(zone, NR_LRU_BASE + l,
					      -(long)count[l]);
		nr_anon = count[LRU_ACTIVE_ANON] + count[LRU_INACTIVE_ANON];
		nr_file = count[LRU_ACTIVE_FILE] + count[LRU_INACTIVE_FILE];
		__mod_zone_page_state(zone, NR_ISOLATED_ANON, (long)nr_anon);
		__mod_zone_page_state(zone, NR_ISOLATED_FILE, (long)nr_file);
		reclaim_stat->recent_scanned[0] += nr_anon;
		reclaim_stat->recent_scanned[1] += nr_file;

		nr_scanned += nr_scan;
		reclaim_charge(reclaim_costs.isolate_page_ns * nr_scan);
		nr_freed = shrink_page_list(&page_list, sc, PAGEOUT_IO_ASYNC);

		/*
		 * A direct reclaimer after a contiguous block that did not
		 * get every page waits for the I/O it started and tries
		 * again, synchronously.  kswapd never stalls here.
		 */
		if (nr_freed < nr_taken && !current_is_kswapd() && sync_pass) {
			reclaim_stats.lumpy_sync_passes++;
			sync_waited = true;
			congestion_wait(kprofile_get(cw_lumpy), HZ / 10);
			/* The first pass may have activated some: undo that. */
			memset(count, 0, sizeof(count));
			nr_active = clear_active_flags(&page_list, count);
			count_vm_events(PGDEACTIVATE, (long)nr_active);
			nr_freed += shrink_page_list(&page_list, sc,
						     PAGEOUT_IO_SYNC);
		}

		nr_reclaimed += nr_freed;
		if (current_is_kswapd())
			count_vm_events(KSWAPD_STEAL, (long)nr_freed);
		__count_zone_vm_events(PGSTEAL_DMA, zone, (long)nr_freed);

		/* Put back the survivors, each on the list its flags name. */
		while (!list_empty(&page_list)) {
			enum lru_list lru;

			page = lru_to_page(&page_list);
			VM_BUG_ON(PageLRU(page));
			list_del(&page->lru);
			if (!page_evictable(page)) {
				putback_lru_page(page);
				continue;
			}
			ClearPageIsolated(page);
			SetPageLRU(page);
			lru = page_lru(page);
			add_page_to_lru_list(zone, page, lru);
			if (is_active_lru(lru))
				reclaim_stat->recent_rotated[lru & LRU_FILE ? 1 : 0]++;
			put_page(page);		/* the isolation reference */
		}
		__mod_zone_page_state(zone, NR_ISOLATED_ANON, -(long)nr_anon);
		__mod_zone_page_state(zone, NR_ISOLATED_FILE, -(long)nr_file);
	} while (nr_scanned < max_scan);
	reclaim_passes_in_flight--;
	trace_mm_vmscan_lru_shrink_inactive(zone->zone_pgdat->node_id,
					    zone_idx(zone), nr_scanned,
					    nr_reclaimed, priority,
					    trace_shrink_flags(file,
							       sync_waited));
	return nr_reclaimed;
}

/* ---- shrink_active_list ------------------------------------------ */

static void move_active_pages_to_lru(struct zone *zone, struct list_head *list,
				     enum lru_list lru)
{
	unsigned long pgmoved = 0;

	while (!list_empty(list)) {
		struct page *page = lru_to_page(list);

		VM_BUG_ON(PageLRU(page));
		ClearPageIsolated(page);
		SetPageLRU(page);
		list_move(&page->lru, &zone->lru[lru]);
		__inc_zone_state(zone, NR_LRU_BASE + lru);
		pgmoved++;
		put_page(page);		/* the isolation reference */
	}
	if (!is_active_lru(lru))
		count_vm_events(PGDEACTIVATE, (long)pgmoved);
}

static void shrink_active_list(unsigned long nr_pages, struct zone *zone,
			       struct scan_control *sc, int priority, int file)
{
	struct zone_reclaim_stat *reclaim_stat = &zone->reclaim_stat;
	enum lru_list active_lru = LRU_ACTIVE + LRU_FILE * file;
	enum lru_list inactive_lru = LRU_FILE * file;
	LIST_HEAD(l_hold);
	LIST_HEAD(l_active);
	LIST_HEAD(l_inactive);
	unsigned long nr_taken, pgscanned, rotated = 0;

	(void)priority;
	lru_add_drain();
	reclaim_passes_in_flight++;
	nr_taken = isolate_lru_pages(nr_pages, &zone->lru[active_lru],
				     &l_hold, &pgscanned, sc->order,
				     ISOLATE_ACTIVE, file);
	zone->pages_scanned += pgscanned;
	reclaim_stat->recent_scanned[file] += nr_taken;
	__count_zone_vm_events(PGREFILL_DMA, zone, (long)pgscanned);
	__mod_zone_page_state(zone, NR_LRU_BASE + active_lru, -(long)nr_taken);
	__mod_zone_page_state(zone, NR_ISOLATED_ANON + file, (long)nr_taken);
	reclaim_charge(reclaim_costs.isolate_page_ns * pgscanned);

	while (!list_empty(&l_hold)) {
		struct page *page = lru_to_page(&l_hold);
		unsigned long vm_flags;

		list_del(&page->lru);
		if (!page_evictable(page)) {
			putback_lru_page(page);
			continue;
		}
		/* page_referenced clears PG_referenced and the young bits. */
		if (page_mapping_inuse(page) &&
		    page_referenced(page, 0, &vm_flags)) {
			rotated++;
			/*
			 * .31+: referenced executable file pages get one more
			 * trip around the active list; anon pages do not
			 * (use-once streaming I/O does not evict them anyway).
			 */
			if (kprofile_get(active_list_rule) != ACTIVE_LIST_V30 &&
			    (vm_flags & VM_EXEC) && page_is_file_cache(page)) {
				list_add(&page->lru, &l_active);
				continue;
			}
		}
		ClearPageActive(page);
		list_add(&page->lru, &l_inactive);
	}

	/*
	 * Referenced pages of used mappings count as rotated, even those
	 * deactivated: it steers get_scan_ratio.
	 */
	reclaim_stat->recent_rotated[file] += rotated;
	move_active_pages_to_lru(zone, &l_active, active_lru);
	move_active_pages_to_lru(zone, &l_inactive, inactive_lru);
	__mod_zone_page_state(zone, NR_ISOLATED_ANON + file, -(long)nr_taken);
	reclaim_passes_in_flight--;
	reclaim_charge(reclaim_costs.active_page_ns * nr_taken);
}

/* ---- shrink_list, get_scan_ratio, shrink_zone -------------------- */

static unsigned long shrink_list(enum lru_list lru, unsigned long nr_to_scan,
				 struct zone *zone, struct scan_control *sc,
				 int priority)
{
	int file = is_file_lru(lru);
	unsigned long n = nr_to_scan;

	if (kprofile_get(active_list_rule) == ACTIVE_LIST_V30) {
		/* .30: the active file list is always aged; an active anon
		 * quota with anon not low is spent on the inactive list. */
		if (lru == LRU_ACTIVE_FILE ||
		    (lru == LRU_ACTIVE_ANON && inactive_anon_is_low(zone))) {
			shrink_active_list(n, zone, sc, priority, file);
			return 0;
		}
		return shrink_inactive_list(n, zone, sc, priority, file);
	}
	if (is_active_lru(lru)) {
		if (file ? inactive_file_is_low(zone) :
			   inactive_anon_is_low(zone)) {
			shrink_active_list(n, zone, sc, priority, file);
			return 0;
		}
		/* b39415b2 (2.6.32.3): an active quota with the inactive
		 * list not low is not spent at all; v2.6.31 and v2.6.32-rc6
		 * fall through and evict inactive pages with it. */
		if (kprofile_get(active_list_rule) == ACTIVE_LIST_SKIP)
			return 0;
	}
	return shrink_inactive_list(n, zone, sc, priority, file);
}

/* percent[0] of the anon lists and percent[1] of the file lists to scan. */
static void get_scan_ratio(struct zone *zone, struct scan_control *sc,
			   unsigned long *percent)
{
	struct zone_reclaim_stat *reclaim_stat = &zone->reclaim_stat;
	unsigned long anon, file, free;
	unsigned long anon_prio, file_prio;
	unsigned long ap, fp;

	/* .30 checked swap here; .31+ in shrink_zone (noswap_rule). */
	if (kprofile_get(noswap_rule) == NOSWAP_V30 &&
	    (!sc->may_swap || nr_swap_pages <= 0)) {
		percent[0] = 0;
		percent[1] = 100;
		return;
	}
	anon = zone_page_state(zone, NR_ACTIVE_ANON) +
	       zone_page_state(zone, NR_INACTIVE_ANON);
	file = zone_page_state(zone, NR_ACTIVE_FILE) +
	       zone_page_state(zone, NR_INACTIVE_FILE);
	free = zone_page_state(zone, NR_FREE_PAGES);
	/* Hardly any page cache left: scan anon only. */
	if (file + free <= high_wmark_pages(zone)) {
		percent[0] = 100;
		percent[1] = 0;
		return;
	}
	/* Decay the history so that it follows the recent past. */
	if (reclaim_stat->recent_scanned[0] > anon / 4) {
		reclaim_stat->recent_scanned[0] /= 2;
		reclaim_stat->recent_rotated[0] /= 2;
	}
	if (reclaim_stat->recent_scanned[1] > file / 4) {
		reclaim_stat->recent_scanned[1] /= 2;
		reclaim_stat->recent_rotated[1] /= 2;
	}
	anon_prio = (unsigned long)sc->swappiness;
	file_prio = 200 - (unsigned long)sc->swappiness;
	/* Lists whose scanned pages keep getting rotated back are scanned less. */
	ap = (anon_prio + 1) * (reclaim_stat->recent_scanned[0] + 1);
	ap /= reclaim_stat->recent_rotated[0] + 1;
	fp = (file_prio + 1) * (reclaim_stat->recent_scanned[1] + 1);
	fp /= reclaim_stat->recent_rotated[1] + 1;
	percent[0] = 100 * ap / (ap + fp + 1);
	percent[1] = 100 - percent[0];
}

/* Accumulate small scan counts until a batch of swap_cluster_max. */
static unsigned long nr_scan_try_batch(unsigned long nr_to_scan,
				       unsigned long *nr_saved_scan,
				       unsigned long swap_cluster_max)
{
	unsigned long nr;

	*nr_saved_scan += nr_to_scan;
	nr = *nr_saved_scan;
	if (nr >= swap_cluster_max)
		*nr_saved_scan = 0;
	else
		nr = 0;
	return nr;
}

static void shrink_zone(int priority, struct zone *zone,
			struct scan_control *sc)
{
	unsigned long nr[NR_LRU_LISTS];
	unsigned long percent[2];
	unsigned long nr_reclaimed = sc->nr_reclaimed;
	unsigned long swap_cluster_max = sc->swap_cluster_max;
	bool noswap = false;
	enum lru_list l;

	if (kprofile_get(noswap_rule) == NOSWAP_V31 &&
	    (!sc->may_swap || nr_swap_pages <= 0)) {
		noswap = true;
		percent[0] = 0;
		percent[1] = 100;
	} else {
		get_scan_ratio(zone, sc, percent);
	}

	for_each_evictable_lru(l) {
		int file = is_file_lru(l);
		unsigned long scan = zone_page_state(zone, NR_LRU_BASE + l);

		/* .31+ scale by the ratio at priority 0 too when there is
		 * no swap, so anon is never scanned pointlessly. */
		if (priority || noswap) {
			scan >>= priority;
			scan = scan * percent[file] / 100;
		}
		nr[l] = nr_scan_try_batch(scan,
					  &zone->reclaim_stat.nr_saved_scan[l],
					  swap_cluster_max);
	}

	while (nr[LRU_INACTIVE_ANON] || nr[LRU_ACTIVE_FILE] ||
	       nr[LRU_INACTIVE_FILE]) {
		for_each_evictable_lru(l) {
			if (nr[l]) {
				unsigned long nr_to_scan =
					min(nr[l], swap_cluster_max);

				nr[l] -= nr_to_scan;
				nr_reclaimed += shrink_list(l, nr_to_scan, zone,
							    sc, priority);
			}
		}
		/*
		 * Enough for this direct reclaimer: at lower priorities the
		 * quota can be huge, and many reclaimers would overshoot.
		 */
		if (nr_reclaimed > swap_cluster_max &&
		    priority < DEF_PRIORITY && !current_is_kswapd())
			break;
	}
	sc->nr_reclaimed = nr_reclaimed;

	/* Keep the anon lists balanced even when anon was not scanned. */
	if (inactive_anon_is_low(zone) &&
	    (kprofile_get(noswap_rule) == NOSWAP_V30 || nr_swap_pages > 0))
		shrink_active_list(SWAP_CLUSTER_MAX, zone, sc, priority, 0);

	throttle_vm_writeout(sc->gfp_mask);
}

/* ---- direct reclaim ---------------------------------------------- */

static void shrink_zones(int priority, struct zonelist *zonelist,
			 struct scan_control *sc)
{
	int high_zoneidx = gfp_zone(sc->gfp_mask);
	struct zone *zone, **z;

	sc->all_unreclaimable = 1;
	for_each_zone_zonelist(zone, z, zonelist, high_zoneidx) {
		if (!populated_zone(zone))
			continue;
		note_zone_scanning_priority(zone, priority);
		/* Let kswapd poll a zone that seems hopeless. */
		if (zone_is_all_unreclaimable(zone) && priority != DEF_PRIORITY)
			continue;
		sc->all_unreclaimable = 0;
		shrink_zone(priority, zone, sc);
	}
}

static unsigned long do_try_to_free_pages(struct zonelist *zonelist,
					  struct scan_control *sc)
{
	struct reclaim_state *reclaim_state = current->reclaim_state;
	int high_zoneidx = gfp_zone(sc->gfp_mask);
	unsigned long total_scanned = 0, lru_pages = 0, ret = 0;
	struct zone *zone, **z;
	int priority;

	count_vm_event(ALLOCSTALL);
	for_each_zone_zonelist(zone, z, zonelist, high_zoneidx)
		lru_pages += zone_reclaimable(zone);

	for (priority = DEF_PRIORITY; priority >= 0; priority--) {
		sc->nr_scanned = 0;
		if (!priority)
			disable_swap_token();
		shrink_zones(priority, zonelist, sc);
		shrink_slab(sc->nr_scanned, sc->gfp_mask, lru_pages);
		if (reclaim_state) {
			sc->nr_reclaimed += reclaim_state->reclaimed_slab;
			reclaim_state->reclaimed_slab = 0;
		}
		total_scanned += sc->nr_scanned;
		if (sc->nr_reclaimed >= sc->swap_cluster_max) {
			ret = sc->nr_reclaimed;
			goto out;
		}

		/*
		 * Ask the flushers to write as much as was just scanned: slow
		 * streaming writers then write at their dirtying rate.
		 */
		if (total_scanned > sc->swap_cluster_max +
				    sc->swap_cluster_max / 2) {
			reclaim_stats.flusher_kicks++;
			wakeup_flusher_threads(laptop_mode ? 0 :
					       (long)total_scanned);
			sc->may_writepage = 1;
		}

		/* Take a nap and let some writeback complete (cw_direct:
		 * SYNC in .30, ASYNC in .31/rc6, BOTH with patch 3). */
		if (sc->nr_scanned && priority < DEF_PRIORITY - 2) {
			reclaim_stats.direct_cw[priority]++;
			congestion_wait(kprofile_get(cw_direct), HZ / 10);
		}
	}
	/* The top priority still had work to do: do not go OOM yet. */
	if (!sc->all_unreclaimable)
		ret = sc->nr_reclaimed;
out:
	if (priority < 0)
		priority = 0;
	for_each_zone_zonelist(zone, z, zonelist, high_zoneidx)
		zone->prev_priority = priority;
	return ret;
}

unsigned long try_to_free_pages(struct zonelist *zonelist, int order,
				gfp_t gfp_mask)
{
	struct scan_control sc = {
		.gfp_mask = gfp_mask,
		.may_writepage = !laptop_mode,
		.swap_cluster_max = SWAP_CLUSTER_MAX,
		.may_unmap = 1,
		.may_swap = 1,
		.swappiness = vm_swappiness,
		.order = order,
	};
	enum task_time old;
	unsigned long ret;

	trace_mm_vmscan_direct_reclaim_begin(order, sc.may_writepage, gfp_mask);
	/* delayacct_freepages_start(), which 2.6.32 calls at the top of
	 * do_try_to_free_pages(): the task's time is direct reclaim's. */
	old = task_time_enter(TT_RECLAIM);
	ret = do_try_to_free_pages(zonelist, &sc);
	task_time_exit(old);
	trace_mm_vmscan_direct_reclaim_end(ret);
	reclaim_stats.direct_reclaimed += ret;
	mm_debug_check("try_to_free_pages");
	return ret;
}

/* ---- kswapd ------------------------------------------------------ */

/* What each node's kswapd is doing, for the failure explanations. */
static struct kswapd_snapshot kswapd_now[MAX_NUMNODES];

static void kswapd_note_state(const pg_data_t *pgdat, enum kswapd_activity s)
{
	kswapd_now[pgdat->node_id].state = s;
	kswapd_now[pgdat->node_id].since = sim_now();
}

void kswapd_snapshot_get(int nid, struct kswapd_snapshot *ks)
{
	*ks = kswapd_now[nid];
	ks->nid = nid;
	ks->max_order = NODE_DATA(nid)->kswapd_max_order;
}

/* kswapd's nap, for tests and the explanations (the nap is balance_pgdat's). */
static void kswapd_note_nap(int priority, int order, int congestion_priority)
{
	struct reclaim_stats *rs = &reclaim_stats;

	if (rs->nr_kswapd_cw_log < KSWAPD_CW_LOG) {
		struct kswapd_cw_entry *e =
			&rs->kswapd_cw_log[rs->nr_kswapd_cw_log++];

		e->when = sim_now();
		e->priority = priority;
		e->order = order;
		e->congestion_priority = congestion_priority;
		e->pass = vm_events[PAGEOUTRUN];
	}
	reclaim_stats.kswapd_cw[priority]++;
}

/*
 * Work on every zone of the node until all of them are at the high
 * watermark for @order (the lower zones counting the lowmem reserve of
 * the highest zone that needed work).  Returns pages reclaimed.
 */
static unsigned long balance_pgdat(pg_data_t *pgdat, int order)
{
	struct reclaim_state *reclaim_state = current->reclaim_state;
	struct scan_control sc = {
		.gfp_mask = GFP_KERNEL,
		.may_unmap = 1,
		.may_swap = 1,
		.swap_cluster_max = SWAP_CLUSTER_MAX,
		.swappiness = vm_swappiness,
		.order = order,
	};
	int temp_priority[MAX_NR_ZONES];
	unsigned long total_scanned;
	int all_zones_ok, priority, congestion_priority;

	reclaim_stats.kswapd_balance_calls++;
	/*
	 * Patch 5: the higher the order kswapd is reclaiming for, the
	 * later it considers itself in trouble and naps, because
	 * high-order requests stall direct reclaimers longer.  Computed
	 * once, from the order on entry.
	 */
	congestion_priority = DEF_PRIORITY - 2;
	if (kprofile_get(kswapd_cw_priority) == KSWAPD_CW_ORDER_ADJUSTED)
		congestion_priority -= min(congestion_priority, sc.order);

loop_again:
	total_scanned = 0;
	sc.nr_reclaimed = 0;
	sc.may_writepage = !laptop_mode;
	count_vm_event(PAGEOUTRUN);
	for (int i = 0; i < pgdat->nr_zones; i++)
		temp_priority[i] = DEF_PRIORITY;

	for (priority = DEF_PRIORITY; priority >= 0; priority--) {
		int end_zone = 0;
		unsigned long lru_pages = 0;
		int i;

		if (!priority)
			disable_swap_token();
		all_zones_ok = 1;
		kswapd_now[pgdat->node_id].order = order;
		reclaim_state->order = order;	/* congestion_wait's record */
		kswapd_now[pgdat->node_id].priority = priority;

		/* Scan from the highest zone for the first that needs work. */
		for (i = pgdat->nr_zones - 1; i >= 0; i--) {
			struct zone *zone = pgdat->node_zones + i;

			if (!populated_zone(zone))
				continue;
			if (zone_is_all_unreclaimable(zone) &&
			    priority != DEF_PRIORITY)
				continue;
			/* Keep the anon lists balanced as we go. */
			if (inactive_anon_is_low(zone))
				shrink_active_list(SWAP_CLUSTER_MAX, zone, &sc,
						   priority, 0);
			if (!zone_watermark_ok(zone, order, high_wmark_pages(zone),
					       0, 0)) {
				end_zone = i;
				break;
			}
		}
		if (i < 0)
			goto out;

		for (i = 0; i <= end_zone; i++)
			lru_pages += zone_reclaimable(pgdat->node_zones + i);

		/* Now work upwards from DMA to end_zone, equal pressure. */
		for (i = 0; i <= end_zone; i++) {
			struct zone *zone = pgdat->node_zones + i;
			unsigned long nr_slab;

			if (!populated_zone(zone))
				continue;
			if (zone_is_all_unreclaimable(zone) &&
			    priority != DEF_PRIORITY)
				continue;
			reclaim_charge(reclaim_costs.zone_pass_ns);
			if (!zone_watermark_ok(zone, order, high_wmark_pages(zone),
					       end_zone, 0))
				all_zones_ok = 0;
			temp_priority[i] = priority;
			sc.nr_scanned = 0;
			note_zone_scanning_priority(zone, priority);
			/* Unless it has way too many pages free already. */
			if (!zone_watermark_ok(zone, order,
					       8 * high_wmark_pages(zone),
					       end_zone, 0))
				shrink_zone(priority, zone, &sc);
			reclaim_state->reclaimed_slab = 0;
			nr_slab = shrink_slab(sc.nr_scanned, GFP_KERNEL,
					      lru_pages);
			sc.nr_reclaimed += reclaim_state->reclaimed_slab;
			total_scanned += sc.nr_scanned;
			if (zone_is_all_unreclaimable(zone))
				continue;
			if (nr_slab == 0 &&
			    zone->pages_scanned >= zone_reclaimable(zone) * 6)
				zone->flags |= 1UL << ZONE_ALL_UNRECLAIMABLE;
			/* Much scanning for little reclaim: write pages out. */
			if (total_scanned > SWAP_CLUSTER_MAX * 2 &&
			    total_scanned > sc.nr_reclaimed +
					    sc.nr_reclaimed / 2)
				sc.may_writepage = 1;
		}
		if (all_zones_ok)
			break;		/* kswapd: all done */

		/*
		 * kswapd is getting into trouble: take a nap, then another
		 * pass (cw_kswapd: SYNC in .30, ASYNC after).
		 */
		if (total_scanned && priority < congestion_priority) {
			kswapd_note_state(pgdat, KSWAPD_ACT_CONGESTION_WAIT);
			kswapd_now[pgdat->node_id].cw_queue = kprofile_get(cw_kswapd);
			kswapd_note_nap(priority, sc.order,
					congestion_priority);
			/* The order is recorded for claim 6 (docs/validation.md). */
			congestion_wait(kprofile_get(cw_kswapd), HZ / 10);
			kswapd_note_state(pgdat, KSWAPD_ACT_BALANCING);
		}

		/*
		 * Enough reclaimed for one pass: start again at
		 * DEF_PRIORITY rather than raise the pressure further.
		 */
		if (sc.nr_reclaimed >= SWAP_CLUSTER_MAX)
			break;
	}
out:
	for (int i = 0; i < pgdat->nr_zones; i++)
		pgdat->node_zones[i].prev_priority = temp_priority[i];
	mm_debug_check("balance_pgdat");
	if (!all_zones_ok) {
		/* A fruitless pass at a high order: settle for order 0. */
		if (sc.nr_reclaimed < SWAP_CLUSTER_MAX && order) {
			order = sc.order = 0;
			reclaim_stats.kswapd_order_dropped++;
		}
		goto loop_again;
	}
	reclaim_stats.last_balanced_order = (unsigned long)order;
	return sc.nr_reclaimed;
}

/* P4: is kswapd going to sleep prematurely? */
static bool sleeping_prematurely(int order, long remaining)
{
	struct zone *zone;

	/* If a direct reclaimer woke kswapd within HZ/10, it's premature. */
	if (remaining)
		return true;
	/* If after HZ/10 a zone is below the high mark, it's premature. */
	for_each_populated_zone(zone)
		if (!zone_watermark_ok(zone, order, high_wmark_pages(zone),
				       0, 0))
			return true;
	return false;
}

static void kswapd_sleep(pg_data_t *pgdat, struct wait_queue_entry *wait,
			 int order)
{
	long remaining = 0;

	if (kprofile_get(kswapd_sleep) != KSWAPD_SLEEP_QUICK_RECHECK) {
		/* No recheck: sleep until the next wakeup_kswapd. */
		reclaim_stats.kswapd_state = KSWAPD_SLEEPING;
		kswapd_note_state(pgdat, KSWAPD_ACT_SLEEPING);
		trace_mm_vmscan_kswapd_sleep(pgdat->node_id);
		schedule();
		return;
	}
	/* Patch 4: try a short sleep (HZ/10) first. */
	if (!sleeping_prematurely(order, remaining)) {
		sim_time_t nap = (sim_time_t)kprofile_get(kswapd_short_sleep_ms) *
				 NSEC_PER_MSEC;

		reclaim_stats.kswapd_state = KSWAPD_SHORT_SLEEP;
		kswapd_note_state(pgdat, KSWAPD_ACT_SHORT_SLEEP);
		remaining = schedule_timeout((long)ns_to_jiffies(nap));
		finish_wait(&pgdat->kswapd_wait, wait);
		prepare_to_wait(&pgdat->kswapd_wait, wait, TASK_INTERRUPTIBLE);
	}
	/*
	 * After the short sleep, check whether it was premature; if not,
	 * sleep until explicitly woken.
	 */
	if (!sleeping_prematurely(order, remaining)) {
		reclaim_stats.kswapd_state = KSWAPD_SLEEPING;
		kswapd_note_state(pgdat, KSWAPD_ACT_SLEEPING);
		trace_mm_vmscan_kswapd_sleep(pgdat->node_id);
		schedule();
	} else if (remaining) {
		count_vm_event(KSWAPD_PREMATURE_FAST);
	} else {
		count_vm_event(KSWAPD_PREMATURE_SLOW);
	}
}

static void kswapd(void *arg)
{
	pg_data_t *pgdat = arg;
	struct reclaim_state reclaim_state = { 0 };
	int order = 0;

	current->reclaim_state = &reclaim_state;
	/*
	 * kswapd may dip into the reserves, and writes to swap and to
	 * congested queues alike (may_write_to_queue).
	 */
	current->flags |= PF_MEMALLOC | PF_SWAPWRITE | PF_KSWAPD;

	for (;;) {
		DEFINE_WAIT(wait);
		int new_order;

		prepare_to_wait(&pgdat->kswapd_wait, &wait, TASK_INTERRUPTIBLE);
		new_order = pgdat->kswapd_max_order;
		pgdat->kswapd_max_order = 0;
		if (order < new_order) {
			/* Somebody wants a larger order: no sleep. */
			order = new_order;
		} else {
			kswapd_sleep(pgdat, &wait, order);
			order = pgdat->kswapd_max_order;
		}
		finish_wait(&pgdat->kswapd_wait, &wait);
		reclaim_stats.kswapd_state = KSWAPD_RUNNING;
		kswapd_note_state(pgdat, KSWAPD_ACT_BALANCING);
		kswapd_now[pgdat->node_id].balance_since = sim_now();
		trace_mm_vmscan_kswapd_wake(pgdat->node_id, order);
		balance_pgdat(pgdat, order);
	}
}

static void kswapd_note_wake(const pg_data_t *pgdat, int order, bool asleep)
{
	struct kswapd_snapshot *ks = &kswapd_now[pgdat->node_id];

	ks->wake_known = true;
	ks->wake_time = sim_now();
	ks->wake_order = order;
	ks->wake_found_asleep = asleep;
	/* Every allocation that finds a zone below low comes here: a plain
	 * copy (comm is always NUL-terminated within its 16 bytes), as
	 * formatting it cost a twentieth of a run. */
	_Static_assert(sizeof(((struct kswapd_snapshot *)0)->waker) ==
		       sizeof(((struct task_struct *)0)->comm), "comm size");
	if (current)
		memcpy(ks->waker, current->comm, sizeof(ks->waker));
	else
		memcpy(ks->waker, "swapper", sizeof("swapper"));
}

/* Called by the allocator's slow path per zone (2.6.32 mm/vmscan.c). */
void wakeup_kswapd(struct zone *zone, int order)
{
	pg_data_t *pgdat;

	if (!populated_zone(zone))
		return;
	pgdat = zone->zone_pgdat;
	if (zone_watermark_ok(zone, order, low_wmark_pages(zone), 0, 0))
		return;
	/* Raised even while kswapd runs: read when its pass ends. */
	if (pgdat->kswapd_max_order < order)
		pgdat->kswapd_max_order = order;
	trace_mm_vmscan_wakeup_kswapd(pgdat->node_id, zone_idx(zone), order);
	kswapd_note_wake(pgdat, order, waitqueue_active(&pgdat->kswapd_wait));
	if (!waitqueue_active(&pgdat->kswapd_wait))
		return;
	reclaim_stats.kswapd_wakeups++;
	wake_up_interruptible(&pgdat->kswapd_wait);
}

int kswapd_run(int nid)
{
	pg_data_t *pgdat = NODE_DATA(nid);
	char comm[16];

	if (pgdat->kswapd)
		return 0;
	snprintf(comm, sizeof(comm), "kswapd%d", nid);
	pgdat->kswapd = kthread_run(kswapd, pgdat, comm, kthread_prio());
	if (!pgdat->kswapd)
		return -1;
	/* Set again by kswapd() itself; visible before it first runs. */
	pgdat->kswapd->flags |= PF_MEMALLOC | PF_SWAPWRITE | PF_KSWAPD;
	reclaim_stats.kswapd_state = KSWAPD_RUNNING;
	return 0;
}

/* ---- setup ----------------------------------------------------------- */

/* start_kernel()'s list (init/main.c) resets the slab, swap and page
 * state around it. */
void reclaim_init(void)
{
	struct zone *zone;
	pg_data_t *pgdat;

	memset(&reclaim_stats, 0, sizeof(reclaim_stats));
	isolated_seen_reset();
	memset(kswapd_now, 0, sizeof(kswapd_now));
	reclaim_passes_in_flight = 0;
	INIT_LIST_HEAD(&shrinker_list);
	INIT_LIST_HEAD(&mm_list);
	swap_token_init();
	/* swap_setup(): readahead of 8 pages above 16 MB of memory. */
	page_cluster = (totalram_pages << PAGE_SHIFT) < (16UL << 20) ? 2 : 3;
	for_each_zone(zone) {
		zone->prev_priority = DEF_PRIORITY;
		memset(&zone->reclaim_stat, 0, sizeof(zone->reclaim_stat));
	}
	for_each_online_pgdat(pgdat) {
		pgdat->kswapd = NULL;
		pgdat->kswapd_max_order = 0;
	}
}

void reclaim_exit(void)
{
	kmem_cache_exit();
	swap_exit();
	page_data_exit();
	mapping_registry_reset();
	INIT_LIST_HEAD(&shrinker_list);
}
