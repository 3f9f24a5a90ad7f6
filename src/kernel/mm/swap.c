// SPDX-License-Identifier: GPL-2.0
/*
 * The LRU lists (mm/swap.c of 2.6.28+): adding pages, activating them on
 * a second access, rotating written-back pages to the inactive tail,
 * putting isolated pages back, and freeing the last reference.
 *
 * Pagevecs.  The kernel batches LRU additions in per-cpu pagevecs of 14
 * and drains them under the zone's lru_lock; shrink_*_list drain the
 * local CPU's pagevec first (lru_add_drain).  mmsim adds every page at
 * once.  The order pages reach the list is the same (a pagevec is
 * drained head-first in insertion order); what is lost is the short
 * window in which up to 14 new pages per CPU are not yet on any list and
 * cannot be isolated.  rotate_reclaimable_page's pagevec is likewise
 * applied at once ([MODEL]: reclaim's decisions do not change).
 */
#include <errno.h>
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "linux/swap.h"
#include "linux/fs.h"

/* Every LRU add, and every activation, feeds get_scan_ratio (2.6.32
 * mm/swap.c update_page_reclaim_stat()). */
static inline void update_page_reclaim_stat(struct zone *zone, int file,
					    int rotated)
{
	zone->reclaim_stat.recent_scanned[file]++;
	if (rotated)
		zone->reclaim_stat.recent_rotated[file]++;
}

void lru_cache_add_lru(struct page *page, enum lru_list lru)
{
	struct zone *zone = page_zone(page);
	int active = is_active_lru(lru);

	VM_BUG_ON(PageLRU(page));
	ClearPageActive(page);
	ClearPageUnevictable(page);
	ClearPageIsolated(page);
	SetPageLRU(page);
	if (active)
		SetPageActive(page);
	update_page_reclaim_stat(zone, is_file_lru(lru), active);
	add_page_to_lru_list(zone, page, lru);
}

void add_page_to_unevictable_list(struct page *page)
{
	struct zone *zone = page_zone(page);

	VM_BUG_ON(PageLRU(page));
	ClearPageActive(page);
	ClearPageIsolated(page);
	SetPageUnevictable(page);
	SetPageLRU(page);
	add_page_to_lru_list(zone, page, LRU_UNEVICTABLE);
}

void activate_page(struct page *page)
{
	struct zone *zone = page_zone(page);

	if (PageLRU(page) && !PageActive(page) && !PageUnevictable(page)) {
		enum lru_list lru = page_lru_base_type(page);

		del_page_from_lru_list(zone, page, lru);
		SetPageActive(page);
		add_page_to_lru_list(zone, page, lru + LRU_ACTIVE);
		count_vm_event(PGACTIVATE);
		update_page_reclaim_stat(zone, page_is_file_cache(page), 1);
	}
}

/*
 * 2.6.32 mm/swap.c mark_page_accessed().  The first access sets PG_referenced; a second one
 * while the page is still inactive promotes it.  Mapped pages are not
 * seen here: their accesses set PTE young bits instead.
 */
void mark_page_accessed(struct page *page)
{
	if (!PageActive(page) && !PageUnevictable(page) &&
	    PageReferenced(page) && PageLRU(page)) {
		activate_page(page);
		ClearPageReferenced(page);
	} else if (!PageReferenced(page)) {
		SetPageReferenced(page);
	}
}

/*
 * Writeback of a page reclaim wanted has finished (end_page_writeback,
 * PG_reclaim was set by pageout): move it to the inactive tail so the next
 * scan frees it, unless somebody used or redirtied it meanwhile.
 */
void rotate_reclaimable_page(struct page *page)
{
	struct zone *zone;

	if (PageLocked(page) || PageDirty(page) || PageActive(page) ||
	    PageUnevictable(page) || !PageLRU(page))
		return;
	zone = page_zone(page);
	list_move_tail(&page->lru, &zone->lru[page_lru_base_type(page)]);
	count_vm_event(PGROTATED);
}

/* page_evictable(page, NULL) of 2.6.28+. */
static bool page_evictable(struct page *page)
{
	if (mapping_unevictable(page_mapping(page)))
		return false;
	return !PageMlocked(page);
}

void putback_lru_page(struct page *page)
{
	int active = TestClearPageActive(page);
	bool was_unevictable = PageUnevictable(page);
	bool unevictable;

	VM_BUG_ON(PageLRU(page));
	ClearPageUnevictable(page);
	unevictable = !page_evictable(page);
	if (!unevictable)
		lru_cache_add_lru(page, page_lru_base_type(page) + active);
	else
		add_page_to_unevictable_list(page);

	if (was_unevictable && !unevictable)
		count_vm_event(UNEVICTABLE_PGRESCUED);
	else if (!was_unevictable && unevictable)
		count_vm_event(UNEVICTABLE_PGCULLED);
	put_page(page);		/* the isolation reference */
}

int isolate_lru_page(struct page *page)
{
	if (PageLRU(page) && page_count(page) > 0) {
		get_page(page);
		ClearPageLRU(page);
		del_page_from_lru_list(page_zone(page), page, page_lru(page));
		return 0;
	}
	return -EBUSY;
}

/* __page_cache_release + free_hot_page. */
void put_page(struct page *page)
{
	VM_BUG_ON(page_count(page) <= 0);
	if (!put_page_testzero(page))
		return;
	if (PageLRU(page)) {
		ClearPageLRU(page);
		del_page_from_lru(page_zone(page), page);
	}
	VM_BUG_ON(page_mapped(page) || PageSwapCache(page));
	free_hot_page(page);
}
