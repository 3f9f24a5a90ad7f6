// SPDX-License-Identifier: GPL-2.0
/*
 * The LRU lists (mm/swap.c of 2.6.28+): adding pages, activating them on
 * a second access, rotating written-back pages to the inactive tail,
 * putting isolated pages back, and freeing the last reference.
 *
 * Pagevecs, as 2.6.30-2.6.32 have them.  A page added to the LRU goes to
 * the current CPU's pagevec for its list (lru_add_pvecs, PAGEVEC_SIZE 14
 * per list per CPU), holding a reference; the whole pagevec goes onto
 * the list, in the order the pages came, when it fills
 * (____pagevec_lru_add) or when lru_add_drain() drains that CPU's
 * pagevecs (shrink_inactive_list and shrink_active_list before they
 * isolate, swapin_readahead).  Until then the page is on no list:
 * reclaim cannot see it and the list's counter does not count it.  A
 * page whose writeback for reclaim ends goes to the CPU's
 * lru_rotate_pvecs, also with a reference, and moves to the inactive
 * tail when that pagevec fills or drains (pagevec_move_tail).
 * exit_mmap and unmap_region (mmput, do_munmap) drain too.
 * lru_add_drain_all() (mlock, migration, memory hotplug, memcg) is on
 * none of mmsim's paths.
 */
#include <errno.h>
#include <string.h>
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "linux/swap.h"
#include "linux/fs.h"

static struct pagevec lru_add_pvecs[SIM_MAX_CPUS][NR_LRU_LISTS];
static struct pagevec lru_rotate_pvecs[SIM_MAX_CPUS];

/* Every LRU add, and every activation, feeds get_scan_ratio (2.6.32
 * mm/swap.c update_page_reclaim_stat()). */
static inline void update_page_reclaim_stat(struct zone *zone, int file,
					    int rotated)
{
	zone->reclaim_stat.recent_scanned[file]++;
	if (rotated)
		zone->reclaim_stat.recent_rotated[file]++;
}

/*
 * 2.6.32 release_pages(): drop a reference on each page; a page whose
 * last reference goes leaves the LRU (if on it) and is freed through a
 * pagevec of pages to free (__pagevec_free).  No LRU page is compound.
 */
void release_pages(struct page **pages, int nr, int cold)
{
	struct page *to_free[PAGEVEC_SIZE];
	unsigned int nr_free = 0;

	for (int i = 0; i < nr; i++) {
		struct page *page = pages[i];

		if (!put_page_testzero(page))
			continue;
		if (PageLRU(page)) {
			ClearPageLRU(page);
			del_page_from_lru(page_zone(page), page);
		}
		VM_BUG_ON(page_mapped(page) || PageSwapCache(page));
		to_free[nr_free++] = page;
		if (nr_free == PAGEVEC_SIZE) {
			__pagevec_free_pages(to_free, nr_free, cold);
			nr_free = 0;
		}
	}
	if (nr_free)
		__pagevec_free_pages(to_free, nr_free, cold);
}

/* 2.6.32 ____pagevec_lru_add(): every page onto @lru, in order, then the
 * pagevec's references dropped. */
void ____pagevec_lru_add(struct pagevec *pvec, enum lru_list lru)
{
	VM_BUG_ON(lru == LRU_UNEVICTABLE);
	for (unsigned int i = 0; i < pagevec_count(pvec); i++) {
		struct page *page = pvec->pages[i];
		struct zone *zone = page_zone(page);
		int active = is_active_lru(lru);

		VM_BUG_ON(PageActive(page) || PageUnevictable(page) ||
			  PageLRU(page));
		SetPageLRU(page);
		if (active)
			SetPageActive(page);
		update_page_reclaim_stat(zone, is_file_lru(lru), active);
		add_page_to_lru_list(zone, page, lru);
	}
	release_pages(pvec->pages, (int)pvec->nr, (int)pvec->cold);
	pagevec_reinit(pvec);
}

static inline struct pagevec *this_cpu_lru_add_pvec(enum lru_list lru)
{
	int cpu = smp_processor_id();

	BUG_ON((unsigned int)cpu >= SIM_MAX_CPUS);
	return &lru_add_pvecs[cpu][lru];
}

void __lru_cache_add(struct page *page, enum lru_list lru)
{
	struct pagevec *pvec = this_cpu_lru_add_pvec(lru);

	page_cache_get(page);
	if (!pagevec_add(pvec, page))
		____pagevec_lru_add(pvec, lru);
}

/*
 * 2.6.32 lru_cache_add_lru(): Active and Unevictable are the pagevec's
 * to set.  mmsim's PG_isolated goes too: a page put back by reclaim
 * (putback_lru_page) waits in the pagevec, no longer reclaim's.
 */
void lru_cache_add_lru(struct page *page, enum lru_list lru)
{
	ClearPageActive(page);
	ClearPageUnevictable(page);
	ClearPageIsolated(page);
	VM_BUG_ON(PageLRU(page));
	__lru_cache_add(page, lru);
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
 * 2.6.32 pagevec_move_tail(): the pages still on an inactive evictable
 * list go to its tail, where the next scan frees them; PGROTATED counts
 * those moved.
 */
static void pagevec_move_tail(struct pagevec *pvec)
{
	long pgmoved = 0;

	for (unsigned int i = 0; i < pagevec_count(pvec); i++) {
		struct page *page = pvec->pages[i];

		if (PageLRU(page) && !PageActive(page) &&
		    !PageUnevictable(page)) {
			struct zone *zone = page_zone(page);

			list_move_tail(&page->lru,
				       &zone->lru[page_lru_base_type(page)]);
			pgmoved++;
		}
	}
	count_vm_events(PGROTATED, pgmoved);
	release_pages(pvec->pages, (int)pvec->nr, (int)pvec->cold);
	pagevec_reinit(pvec);
}

/*
 * Writeback of a page reclaim wanted has finished (end_page_writeback,
 * PG_reclaim was set by pageout): move it to the inactive tail so the next
 * scan frees it, unless somebody used or redirtied it meanwhile.  2.6.32
 * rotate_reclaimable_page(): through this CPU's lru_rotate_pvecs, moved
 * when the pagevec fills or the CPU drains.
 */
void rotate_reclaimable_page(struct page *page)
{
	struct pagevec *pvec;
	int cpu;

	if (PageLocked(page) || PageDirty(page) || PageActive(page) ||
	    PageUnevictable(page) || !PageLRU(page))
		return;
	cpu = smp_processor_id();
	BUG_ON((unsigned int)cpu >= SIM_MAX_CPUS);
	pvec = &lru_rotate_pvecs[cpu];
	page_cache_get(page);
	if (!pagevec_add(pvec, page))
		pagevec_move_tail(pvec);
}

/*
 * 2.6.32 drain_cpu_pagevecs(): @cpu's pagevecs onto their lists, then
 * its rotations.  @cpu is the CPU running the caller.
 */
void drain_cpu_pagevecs(int cpu)
{
	enum lru_list lru;

	for_each_lru(lru) {
		struct pagevec *pvec = &lru_add_pvecs[cpu][lru];

		if (pagevec_count(pvec))
			____pagevec_lru_add(pvec, lru);
	}
	if (pagevec_count(&lru_rotate_pvecs[cpu]))
		pagevec_move_tail(&lru_rotate_pvecs[cpu]);
}

void lru_add_drain(void)
{
	drain_cpu_pagevecs(smp_processor_id());
}

static void lru_add_drain_per_cpu(void *dummy)
{
	lru_add_drain();
}

/*
 * 2.6.32 lru_add_drain_all(): schedule_on_each_cpu(lru_add_drain_per_cpu),
 * each CPU from its keventd; here each at once, in CPU order, as
 * drain_all_pages does.  mmsim's kernel paths never call it (mlock,
 * migration, memory hotplug and memcg do); tests do.
 */
int lru_add_drain_all(void)
{
	for (unsigned int cpu = 0; cpu < num_online_cpus(); cpu++)
		sim_call_on_cpu((int)cpu, lru_add_drain_per_cpu, NULL);
	return 0;
}

const struct pagevec *lru_add_pvec(int cpu, enum lru_list lru)
{
	return &lru_add_pvecs[cpu][lru];
}

const struct pagevec *lru_rotate_pvec(int cpu)
{
	return &lru_rotate_pvecs[cpu];
}

void lru_pvecs_reset(void)
{
	memset(lru_add_pvecs, 0, sizeof(lru_add_pvecs));
	memset(lru_rotate_pvecs, 0, sizeof(lru_rotate_pvecs));
}

/* page_evictable(page, NULL) of 2.6.28+. */
static bool page_evictable(struct page *page)
{
	if (mapping_unevictable(page_mapping(page)))
		return false;
	return !PageMlocked(page);
}

/*
 * 2.6.32 mm/vmscan.c putback_lru_page(): an evictable page goes back
 * through this CPU's pagevec (lru_cache_add_lru), an unevictable one
 * straight to its list; then the isolation reference goes.
 */
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
