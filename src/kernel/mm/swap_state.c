// SPDX-License-Identifier: GPL-2.0
/*
 * The swap cache (mm/swap_state.c of 2.6.32): anonymous pages that have a
 * swap slot, found by slot.  A page enters it when reclaim picks it for
 * swap-out (add_to_swap) or when it is read back in (read_swap_cache_async),
 * and leaves it when reclaim frees it (__remove_mapping), when a write
 * fault makes the swap copy stale (reuse_swap_page), or when its slot's
 * last user goes (free_swap_and_cache, try_to_free_swap).
 *
 * The cache holds one page reference and the slot's SWAP_HAS_CACHE bit.
 * Like the kernel, swap cache pages count in NR_FILE_PAGES.
 *
 * Lookup is per device: swap_info[type].swap_cache[offset].
 */
#include <errno.h>
#include <string.h>
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "linux/swap.h"
#include "linux/mm.h"
#include "linux/backing-dev.h"
#include "linux/blkdev.h"
#include "linux/pagemap.h"
#include "mmsim/alloc_fail.h"

unsigned long total_swapcache_pages;

/* show_swap_cache_info()'s counters (2.6.32 mm/swap_state.c
 * swap_cache_info). */
static struct swap_cache_stats swap_cache_info;

void swap_cache_stats_get(struct swap_cache_stats *st)
{
	*st = swap_cache_info;
	st->pages = total_swapcache_pages;
}

/*
 * swap_backing_dev_info: never congested (2.6.32 mm/swap_state.c: no
 * congested_fn, no request queue of its own), so
 * may_write_to_queue always lets swap-out through.  Its unplug function
 * kicks the swap device's own queue when somebody waits on a swap page.
 */
struct backing_dev_info swap_backing_dev_info;

static void swap_unplug_io_fn(struct backing_dev_info *bdi, struct page *page)
{
	swp_entry_t entry;
	struct swap_info_struct *si;

	(void)bdi;
	if (!PageSwapCache(page))
		return;
	entry.val = page->private;
	si = swap_info_get(entry);
	if (si && si->bdev)
		blk_run_backing_dev(blk_get_backing_dev_info(si->bdev), page);
}

/* Swap cache pages are dirtied without any dirty accounting (the swap
 * bdi has BDI_CAP_NO_ACCT_AND_WRITEBACK). */
static int swap_set_page_dirty(struct page *page)
{
	return !TestSetPageDirty(page);
}

static const struct address_space_operations swap_aops = {
	.writepage = swap_writepage,
	.set_page_dirty = swap_set_page_dirty,
};

struct address_space swapper_space;

void swap_state_init(void)
{
	total_swapcache_pages = 0;
	memset(&swap_cache_info, 0, sizeof(swap_cache_info));
	bdi_init(&swap_backing_dev_info, "swap");
	swap_backing_dev_info.unplug_io_fn = swap_unplug_io_fn;
	swapper_space = (struct address_space){
		.flags = AS_SWAP,
		.a_ops = &swap_aops,
		.backing_dev_info = &swap_backing_dev_info,
		.gfp_mask = GFP_HIGHUSER_MOVABLE,
	};
	mapping_register(&swapper_space);
}

static struct page **swap_cache_slot(swp_entry_t entry)
{
	struct swap_info_struct *si = swap_info_get(entry);

	BUG_ON(!si);
	return &si->swap_cache[swp_offset(entry)];
}

int add_to_swap_cache(struct page *page, swp_entry_t entry, gfp_t gfp_mask)
{
	struct page **slot = swap_cache_slot(entry);

	(void)gfp_mask;		/* no radix-tree node to allocate */
	VM_BUG_ON(PageSwapCache(page) || !PageSwapBacked(page));
	if (*slot)
		return -EEXIST;
	page_cache_get(page);
	SetPageSwapCache(page);
	page->private = entry.val;
	*slot = page;
	total_swapcache_pages++;
	swap_cache_info.add_total++;
	swapper_space.nrpages++;
	__inc_zone_page_state(page, NR_FILE_PAGES);
	return 0;
}

/* The caller holds the page lock and frees the slot's cache bit. */
void __delete_from_swap_cache(struct page *page)
{
	swp_entry_t entry = { page->private };
	struct page **slot = swap_cache_slot(entry);

	VM_BUG_ON(!PageLocked(page) || !PageSwapCache(page) ||
		  PageWriteback(page) || *slot != page);
	*slot = NULL;
	page->private = 0;
	ClearPageSwapCache(page);
	total_swapcache_pages--;
	swap_cache_info.del_total++;
	swapper_space.nrpages--;
	__dec_zone_page_state(page, NR_FILE_PAGES);
}

void delete_from_swap_cache(struct page *page)
{
	swp_entry_t entry = { page->private };

	__delete_from_swap_cache(page);
	swapcache_free(entry, page);
	page_cache_release(page);
}

/*
 * Reclaim wants to swap @page out: give it a slot and put it in the swap
 * cache, dirty (the slot holds nothing yet).  0 when swap is full.
 */
int add_to_swap(struct page *page)
{
	swp_entry_t entry;

	VM_BUG_ON(!PageLocked(page));
	entry = get_swap_page();
	if (!entry.val)
		return 0;
	if (add_to_swap_cache(page, entry,
			      __GFP_HIGH | __GFP_NOMEMALLOC | __GFP_NOWARN)) {
		swapcache_free(entry, NULL);
		return 0;
	}
	SetPageDirty(page);
	return 1;
}

/* find_get_page(&swapper_space, entry.val): not counted in swap_cache_info
 * (2.6.32 free_swap_and_cache() looks up so). */
struct page *find_get_swap_cache_page(swp_entry_t entry)
{
	struct swap_info_struct *si = swap_info_get(entry);
	struct page *page;

	if (!si)
		return NULL;
	page = si->swap_cache[swp_offset(entry)];
	if (page)
		page_cache_get(page);
	return page;
}

/* The fault path's look-up, the one swap_cache_info counts. */
struct page *lookup_swap_cache(swp_entry_t entry)
{
	struct page *page = find_get_swap_cache_page(entry);

	if (page)
		swap_cache_info.find_success++;
	swap_cache_info.find_total++;
	return page;
}

/*
 * Find or start reading the page for @entry.  Returns it with a
 * reference (locked while its read is in flight), or NULL when the slot
 * is no longer in use or no page could be allocated.
 */
struct page *read_swap_cache_async(swp_entry_t entry, gfp_t gfp_mask,
				   struct vm_area_struct *vma,
				   unsigned long addr)
{
	struct page *found_page = NULL, *new_page = NULL;

	(void)vma;
	(void)addr;
	for (int tries = 0;; tries++) {
		int err;

		BUG_ON(tries > 1000);
		found_page = find_get_swap_cache_page(entry);
		if (found_page)
			break;
		if (!new_page) {
			/* May sleep in reclaim: look again afterwards. */
			new_page = alloc_page(gfp_mask);
			if (!new_page)
				break;
			continue;
		}
		err = swapcache_prepare(entry);
		if (err == -EEXIST)
			continue;	/* somebody else is adding it */
		if (err)
			break;		/* the slot was freed */
		SetPageLocked(new_page);
		SetPageSwapBacked(new_page);
		if (add_to_swap_cache(new_page, entry, gfp_mask & GFP_KERNEL)) {
			ClearPageLocked(new_page);
			ClearPageSwapBacked(new_page);
			swapcache_free(entry, NULL);
			continue;
		}
		/* 2.6.32 read_swap_cache_async(): swapped-in pages start
		 * inactive (lru_cache_add_anon). */
		lru_cache_add_anon(new_page);
		swap_readpage(new_page);
		return new_page;
	}
	if (new_page)
		page_cache_release(new_page);
	return found_page;
}

/*
 * 2.6.32 mm/swap_state.c swapin_readahead(): read the in-use neighbours of the target within its
 * aligned 2^page_cluster window, then the target itself.  Each page is
 * its own sync read; the block layer may merge them.
 */
struct page *swapin_readahead(swp_entry_t entry, gfp_t gfp_mask,
			      struct vm_area_struct *vma, unsigned long addr)
{
	unsigned long offset, end_offset;
	int nr_pages = valid_swaphandles(entry, &offset);

	for (end_offset = offset + (unsigned long)nr_pages; offset < end_offset;
	     offset++) {
		struct page *page;

		page = read_swap_cache_async(swp_entry(swp_type(entry), offset),
					     gfp_mask, vma, addr);
		if (!page)
			break;
		page_cache_release(page);
	}
	lru_add_drain();
	return read_swap_cache_async(entry, gfp_mask, vma, addr);
}

/* Drop the swap copy of an unmapped page if nothing else needs it. */
void free_swap_cache(struct page *page)
{
	if (PageSwapCache(page) && !page_mapped(page) && trylock_page(page)) {
		try_to_free_swap(page);
		unlock_page(page);
	}
}

void free_page_and_swap_cache(struct page *page)
{
	free_swap_cache(page);
	page_cache_release(page);
}
