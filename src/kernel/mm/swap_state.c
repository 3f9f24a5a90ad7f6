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
 * The index is swapper_space's radix tree (lib/radix-tree.c), keyed by
 * the kernel's swp_entry_t value, (type << (BITS_PER_LONG - 5)) | offset
 * (include/linux/swapops.h): a 2 GB swap area's offsets need a tree of
 * height 4, and every insertion may need radix_tree_node objects.
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
#include "linux/radix-tree.h"
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
		/* swapper_space.page_tree: GFP_ATOMIC | __GFP_NOWARN */
		.page_tree = RADIX_TREE_INIT(GFP_ATOMIC | __GFP_NOWARN),
	};
	mapping_register(&swapper_space);
}

unsigned long swap_cache_index(swp_entry_t entry)
{
	unsigned int bits = sim_arch && sim_arch->arch == ARCH_X86 ? 32 : 64;

	return ((unsigned long)swp_type(entry) << (bits - MAX_SWAPFILES_SHIFT)) |
	       swp_offset(entry);
}

struct page *swap_cache_page(swp_entry_t entry)
{
	return radix_tree_lookup(&swapper_space.page_tree,
				 swap_cache_index(entry));
}

/*
 * __add_to_swap_cache(): the caller has preloaded; the insertion takes
 * its nodes from this CPU's pool (the tree's mask cannot sleep), and
 * fails with -ENOMEM if the pool is short, -EEXIST if the slot is taken.
 */
static int __add_to_swap_cache(struct page *page, swp_entry_t entry)
{
	int error;

	VM_BUG_ON(PageSwapCache(page) || !PageSwapBacked(page));
	page_cache_get(page);
	SetPageSwapCache(page);
	page->private = entry.val;
	error = radix_tree_insert(&swapper_space.page_tree,
				  swap_cache_index(entry), page);
	if (error) {
		page->private = 0;
		ClearPageSwapCache(page);
		page_cache_release(page);
		return error;
	}
	total_swapcache_pages++;
	swap_cache_info.add_total++;
	swapper_space.nrpages++;
	__inc_zone_page_state(page, NR_FILE_PAGES);
	return 0;
}

/* add_to_swap_cache(): radix_tree_preload with the caller's mask first. */
int add_to_swap_cache(struct page *page, swp_entry_t entry, gfp_t gfp_mask)
{
	int error = radix_tree_preload(gfp_mask);

	if (!error) {
		error = __add_to_swap_cache(page, entry);
		radix_tree_preload_end();
	}
	return error;
}

/* The caller holds the page lock and frees the slot's cache bit. */
void __delete_from_swap_cache(struct page *page)
{
	swp_entry_t entry = { page->private };
	struct page *found;

	VM_BUG_ON(!PageLocked(page) || !PageSwapCache(page) ||
		  PageWriteback(page));
	found = radix_tree_delete(&swapper_space.page_tree,
				  swap_cache_index(entry));
	VM_BUG_ON(found != page);
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
 * cache, dirty (the slot holds nothing yet).  0 when swap is full, or
 * when the radix-tree preload failed: __GFP_HIGH | __GFP_NOMEMALLOC |
 * __GFP_NOWARN cannot sleep, and the preload wants this CPU's whole pool
 * (11 nodes on x86-64) before the insertion, whatever it needs; the page
 * is then activated by shrink_page_list and the slot freed.
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
	page = swap_cache_page(entry);
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
		/* Call radix_tree_preload() while we can wait (holding
		 * new_page, which no list has yet). */
		nr_pages_in_hand++;
		err = radix_tree_preload(gfp_mask & GFP_KERNEL);
		nr_pages_in_hand--;
		if (err)
			break;
		err = swapcache_prepare(entry);
		if (err == -EEXIST) {
			radix_tree_preload_end();
			continue;	/* somebody else is adding it */
		}
		if (err) {
			radix_tree_preload_end();
			break;		/* the slot was freed */
		}
		SetPageLocked(new_page);
		SetPageSwapBacked(new_page);
		err = __add_to_swap_cache(new_page, entry);
		radix_tree_preload_end();
		if (err) {
			/* -ENOMEM: the preloaded pool ran short. */
			ClearPageLocked(new_page);
			ClearPageSwapBacked(new_page);
			swapcache_free(entry, NULL);
			if (err == -ENOMEM)
				break;
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
