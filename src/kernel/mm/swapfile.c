// SPDX-License-Identifier: GPL-2.0
/*
 * Swap devices and swap slots (mm/swapfile.c of 2.6.32).
 *
 * Each device has a swap_map byte per slot: the number of swap PTEs that
 * name the slot, plus SWAP_HAS_CACHE while a swap cache page holds it.
 * Slot 0 is the swap header and never handed out.  A slot is free when its
 * byte is 0.
 *
 * Allocation (mm/swapfile.c scan_swap_map()): slots go out sequentially
 * from cluster_next; every SWAPFILE_CLUSTER (256) allocations the cursor
 * jumps to the first run of 256 free slots (at any alignment, first fit
 * from lowest_bit), so pages reclaimed together get adjacent slots and
 * their writes merge.  When there is no such run, the first free slot from
 * lowest_bit (all three tags: the search's scan_base is lowest_bit on a
 * rotational device).  From 2.6.31 on (c9e444103b5, switch
 * swap_reuse_cache_only), while swap is more than half full a slot held
 * only by the swap cache is freed and taken as well.  The kernel finds the
 * run by a linear scan of swap_map; mmsim keeps a use count per aligned
 * 256-slot block to step over blocks that cannot hold the start of a run,
 * which finds the same slot.
 *
 * Several devices are taken in priority order, highest first; the kernel
 * round-robins between devices of equal priority, mmsim takes the lowest
 * type among them ([MODEL]; the simulated machines have one device).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "linux/swap.h"
#include "linux/mm.h"
#include "linux/pagemap.h"
#include "linux/slab.h"
#include "mmsim/profile.h"
#include "util/xalloc.h"

struct swap_info_struct swap_info[MAX_SWAPFILES];
unsigned int nr_swapfiles;
long nr_swap_pages;
long total_swap_pages;
int page_cluster = 3;

static inline uint8_t swap_count(uint8_t ent)
{
	return ent & SWAP_COUNT_MASK;
}

static inline bool swap_has_cache(uint8_t ent)
{
	return ent & SWAP_HAS_CACHE;
}

static inline uint8_t encode_swapmap(unsigned int count, bool has_cache)
{
	return (uint8_t)(count | (has_cache ? SWAP_HAS_CACHE : 0));
}

/*
 * sys_swapon()'s swap_map = vmalloc(maxpages * sizeof(short)), the same
 * in 2.6.30, 2.6.31 and 2.6.32-rc6 (mm/swapfile.c): two bytes per slot,
 * 1 MiB (256 pages) for the reproduction's 2 GiB of swap, held until
 * swapoff.  vmalloc() is GFP_KERNEL | __GFP_HIGHMEM (2.6.32 mm/vmalloc.c),
 * and __vmalloc_area_node() takes the pages one at a time, order 0
 * (unmovable: no __GFP_MOVABLE), after kmalloc'ing the array that lists
 * them (the kernel vmallocs the array instead when it is larger than a
 * page, a swap of more than 4 GiB on x86-64: [MODEL] kmalloc'ed here
 * too).  mmsim keeps its swap_map in host memory (one byte per slot);
 * these are the simulated pages the kernel's would hold.  [MODEL] A
 * shortage leaves the device with fewer of them rather than failing
 * swapon.
 */
static void swap_map_vmalloc(struct swap_info_struct *si, unsigned long nr_slots)
{
	unsigned long nr = (nr_slots * 2 + PAGE_SIZE - 1) >> PAGE_SHIFT;

	si->map_pages = kmalloc(nr * sizeof(*si->map_pages),
				GFP_KERNEL | __GFP_ZERO);
	if (!si->map_pages)
		return;
	while (si->nr_map_pages < nr) {
		struct page *page = alloc_page(GFP_KERNEL | __GFP_HIGHMEM);

		if (!page)
			break;
		si->map_pages[si->nr_map_pages++] = page;
	}
}

unsigned long swap_map_held_pages(void)
{
	unsigned long n = 0;

	for (unsigned int i = 0; i < nr_swapfiles; i++)
		n += swap_info[i].nr_map_pages;
	return n;
}

int swapon_bdev(struct block_device *bdev, uint64_t start_sect,
		unsigned long nr_slots, int prio)
{
	struct swap_info_struct *si;

	if (nr_swapfiles >= MAX_SWAPFILES || nr_slots < 2 ||
	    nr_slots > SWP_OFFSET_MASK)
		return -1;
	si = &swap_info[nr_swapfiles];
	memset(si, 0, sizeof(*si));
	si->type = (int)nr_swapfiles++;
	si->prio = prio;
	si->bdev = bdev;
	si->start_sect = start_sect;
	si->max = nr_slots;
	si->pages = nr_slots - 1;
	si->swap_map = xcalloc(nr_slots, sizeof(*si->swap_map));
	si->nr_clusters = (nr_slots + SWAPFILE_CLUSTER - 1) / SWAPFILE_CLUSTER;
	si->cluster_used = xcalloc(si->nr_clusters, sizeof(*si->cluster_used));
	if (mm_debug_checks)
		si->slot_data = xcalloc(nr_slots, sizeof(*si->slot_data));
	swap_map_vmalloc(si, nr_slots);
	si->swap_map[0] = SWAP_MAP_BAD;		/* the header */
	si->cluster_used[0] = 1;
	si->lowest_bit = 1;
	si->highest_bit = nr_slots - 1;
	si->cluster_next = 1;
	si->cluster_nr = 0;
	si->flags = SWP_USED | SWP_WRITEOK;
	nr_swap_pages += (long)si->pages;
	total_swap_pages += (long)si->pages;
	return si->type;
}

void swap_exit(void)
{
	for (unsigned int i = 0; i < nr_swapfiles; i++) {
		struct swap_info_struct *si = &swap_info[i];

		free(si->swap_map);
		free(si->cluster_used);
		free(si->slot_data);
		memset(si, 0, sizeof(*si));
	}
	nr_swapfiles = 0;
	nr_swap_pages = 0;
	total_swap_pages = 0;
}

struct swap_info_struct *swap_info_get(swp_entry_t entry)
{
	unsigned int type = swp_type(entry);
	unsigned long offset = swp_offset(entry);
	struct swap_info_struct *si;

	if (!entry.val || type >= nr_swapfiles)
		return NULL;
	si = &swap_info[type];
	if (!(si->flags & SWP_USED) || offset == 0 || offset >= si->max)
		return NULL;
	return si;
}

uint8_t swap_map_of(swp_entry_t entry)
{
	struct swap_info_struct *si = swap_info_get(entry);

	return si ? si->swap_map[swp_offset(entry)] : 0;
}

/* A slot changes between free (0) and in use: keep the cluster counts. */
static inline void slot_taken(struct swap_info_struct *si, unsigned long offset)
{
	si->cluster_used[offset / SWAPFILE_CLUSTER]++;
}

static inline void slot_released(struct swap_info_struct *si,
				 unsigned long offset)
{
	si->cluster_used[offset / SWAPFILE_CLUSTER]--;
}

/*
 * The first run of SWAPFILE_CLUSTER free slots at or after lowest_bit, at
 * any alignment, ending by highest_bit (the kernel's search); -1 if none.
 * A run of 256 starting in aligned cluster c ends in c or c + 1, so a
 * cluster whose free slots plus the next one's are fewer than 256 can
 * start no run and is stepped over whole; a fully free cluster completes
 * any run that reaches it.
 */
static long find_free_run(struct swap_info_struct *si)
{
	unsigned long offset = si->lowest_bit, run = 0;

	while (offset <= si->highest_bit) {
		unsigned long c = offset / SWAPFILE_CLUSTER;

		if (offset % SWAPFILE_CLUSTER == 0) {
			unsigned long free_c = SWAPFILE_CLUSTER - si->cluster_used[c];
			unsigned long free_next = c + 1 < si->nr_clusters ?
				SWAPFILE_CLUSTER - si->cluster_used[c + 1] : 0;

			if (free_c == SWAPFILE_CLUSTER &&
			    offset - run + SWAPFILE_CLUSTER - 1 <= si->highest_bit)
				return (long)(offset - run);
			if (run == 0 && free_c + free_next < SWAPFILE_CLUSTER) {
				offset += SWAPFILE_CLUSTER;
				continue;
			}
		}
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		/*
		 * Eight slots at a time where they lie whole below
		 * highest_bit (host speed only: the same slot is found; it
		 * was 2% of a default run byte by byte).  The lowest slot
		 * is the word's low byte; an aligned word never straddles a
		 * cluster boundary.
		 */
		if (!(offset & 7) && offset + 7 <= si->highest_bit) {
			uint64_t w;

			memcpy(&w, si->swap_map + offset, sizeof(w));
			if (!w) {
				if (run + 8 >= SWAPFILE_CLUSTER)
					return (long)(offset - run);
				run += 8;
				offset += 8;
				continue;
			}
			/* Free slots before the first used one end a run? */
			if (run + (unsigned long)__builtin_ctzll(w) / 8 >=
			    SWAPFILE_CLUSTER)
				return (long)(offset - run);
			/* The run goes on from the last used slot. */
			run = (unsigned long)__builtin_clzll(w) / 8;
			offset += 8;
			continue;
		}
#endif
		if (si->swap_map[offset]) {
			run = 0;
		} else if (++run == SWAPFILE_CLUSTER) {
			return (long)(offset - SWAPFILE_CLUSTER + 1);
		}
		offset++;
	}
	return -1;
}

/*
 * c9e444103b5 (2.6.31 mm/swapfile.c __try_to_reclaim_swap()): a slot that
 * only the swap cache holds is given back if its page can be locked at
 * once and is not under writeback; true if the slot is free now.
 */
static bool try_to_reclaim_swap_slot(struct swap_info_struct *si,
				     unsigned long offset)
{
	swp_entry_t entry = swp_entry((unsigned int)(si - swap_info), offset);
	struct page *page = find_get_swap_cache_page(entry);
	bool freed = false;

	if (!page)
		return false;
	if (trylock_page(page)) {
		freed = try_to_free_swap(page);
		unlock_page(page);
	}
	page_cache_release(page);
	return freed && !si->swap_map[offset];
}

/*
 * May scan_swap_map() take @offset?  A free slot, or (2.6.31 and rc6,
 * swap_reuse_cache_only, while vm_swap_full()) a slot held only by the
 * swap cache whose page gives it back.
 */
static bool slot_usable(struct swap_info_struct *si, unsigned long offset)
{
	if (!si->swap_map[offset])
		return true;
	return kprofile_get(swap_reuse_cache_only) &&
	       si->swap_map[offset] == SWAP_HAS_CACHE && vm_swap_full() &&
	       try_to_reclaim_swap_slot(si, offset);
}

/*
 * The next usable slot from @offset on, wrapping at highest_bit; 0 if
 * none.  Full clusters are stepped over whole, unless slots held only by
 * the swap cache may be reused.  [MODEL] The kernel's wrap-around scan
 * starts after lowest_bit and stops before where the scan began; this one
 * looks at every slot once, which differs only when lowest_bit is the
 * last free slot.
 */
static unsigned long next_free_slot(struct swap_info_struct *si,
				    unsigned long offset)
{
	bool reuse = kprofile_get(swap_reuse_cache_only) && vm_swap_full();

	for (unsigned long n = 0; n <= si->max + si->nr_clusters; n++) {
		/* No free slot lies below lowest_bit; a cache-only one may. */
		if (offset > si->highest_bit ||
		    (!reuse && offset < si->lowest_bit))
			offset = si->lowest_bit;
		if (!reuse && offset % SWAPFILE_CLUSTER == 0 &&
		    si->cluster_used[offset / SWAPFILE_CLUSTER] == SWAPFILE_CLUSTER) {
			offset += SWAPFILE_CLUSTER;
			continue;
		}
		if (slot_usable(si, offset))
			return offset;
		offset++;
	}
	return 0;
}

static unsigned long scan_swap_map(struct swap_info_struct *si, uint8_t usage)
{
	unsigned long offset;

	if (!(si->flags & SWP_WRITEOK) || si->inuse_pages == si->pages)
		return 0;
	offset = si->cluster_next;
	if (si->cluster_nr == 0) {
		si->cluster_nr = SWAPFILE_CLUSTER - 1;
		if (si->pages - si->inuse_pages >= SWAPFILE_CLUSTER) {
			long start = find_free_run(si);

			/*
			 * No free run: v2.6.30..v2.6.32-rc6 scan_swap_map()
			 * set scan_base = offset = si->lowest_bit for its
			 * search (a rotational device) and go on first-free
			 * from there, not from cluster_next.
			 */
			offset = start >= 0 ? (unsigned long)start : si->lowest_bit;
		}
	} else {
		si->cluster_nr--;
	}
	/* The kernel's checks: past highest_bit start again at lowest_bit. */
	if (offset > si->highest_bit)
		offset = si->lowest_bit;
	if (!slot_usable(si, offset))
		offset = next_free_slot(si, offset);
	if (!offset)
		return 0;
	if (offset == si->lowest_bit)
		si->lowest_bit++;
	if (offset == si->highest_bit)
		si->highest_bit--;
	si->inuse_pages++;
	if (si->inuse_pages == si->pages) {
		si->lowest_bit = si->max;
		si->highest_bit = 0;
	}
	si->swap_map[offset] = usage;
	slot_taken(si, offset);
	si->cluster_next = offset + 1;
	return offset;
}

/* A new slot for the swap cache (SWAP_HAS_CACHE set), or val 0. */
swp_entry_t get_swap_page(void)
{
	swp_entry_t none = { 0 };
	int best = -1;

	if (nr_swap_pages <= 0)
		return none;
	for (;;) {
		best = -1;
		for (unsigned int t = 0; t < nr_swapfiles; t++) {
			struct swap_info_struct *si = &swap_info[t];

			if (!(si->flags & SWP_WRITEOK) || si->inuse_pages == si->pages)
				continue;
			if (best < 0 || si->prio > swap_info[best].prio)
				best = (int)t;
		}
		if (best < 0)
			return none;
		{
			struct swap_info_struct *si = &swap_info[best];
			unsigned long offset = scan_swap_map(si, SWAP_HAS_CACHE);

			if (offset) {
				nr_swap_pages--;
				return swp_entry((unsigned int)best, offset);
			}
			/* inuse_pages said there was room: the map disagrees. */
			BUG();
		}
	}
}

/* Drop a PTE reference (@cache false) or the swap cache bit (true).
 * Returns the slot's new swap_map byte. */
static uint8_t swap_entry_free(struct swap_info_struct *si, swp_entry_t entry,
			       bool cache)
{
	unsigned long offset = swp_offset(entry);
	unsigned int count = swap_count(si->swap_map[offset]);
	bool has_cache = swap_has_cache(si->swap_map[offset]);

	if (!cache) {
		VM_BUG_ON(count == 0);
		if (count < SWAP_MAP_MAX)
			count--;
	} else {
		VM_BUG_ON(!has_cache);
		has_cache = false;
	}
	si->swap_map[offset] = encode_swapmap(count, has_cache);
	if (!si->swap_map[offset]) {
		if (offset < si->lowest_bit)
			si->lowest_bit = offset;
		if (offset > si->highest_bit)
			si->highest_bit = offset;
		nr_swap_pages++;
		si->inuse_pages--;
		slot_released(si, offset);
	}
	return si->swap_map[offset];
}

void swap_free(swp_entry_t entry)
{
	struct swap_info_struct *si = swap_info_get(entry);

	BUG_ON(!si);
	swap_entry_free(si, entry, false);
}

void swapcache_free(swp_entry_t entry, struct page *page)
{
	struct swap_info_struct *si = swap_info_get(entry);

	(void)page;
	BUG_ON(!si);
	swap_entry_free(si, entry, true);
}

/* __swap_duplicate of 2.6.32. */
static int __swap_duplicate(swp_entry_t entry, bool cache)
{
	struct swap_info_struct *si = swap_info_get(entry);
	unsigned long offset;
	unsigned int count;
	bool has_cache;

	if (!si)
		return -ENOENT;
	offset = swp_offset(entry);
	count = swap_count(si->swap_map[offset]);
	has_cache = swap_has_cache(si->swap_map[offset]);
	if (cache) {
		if (!has_cache && count) {
			si->swap_map[offset] = encode_swapmap(count, true);
			return 0;
		}
		return has_cache ? -EEXIST : -ENOENT;
	}
	if (!count && !has_cache)
		return -ENOENT;
	/* No fork: a slot has at most one PTE, far from SWAP_MAP_MAX. */
	BUG_ON(count >= SWAP_MAP_MAX - 1);
	si->swap_map[offset] = encode_swapmap(count + 1, has_cache);
	return 0;
}

int swap_duplicate(swp_entry_t entry)
{
	return __swap_duplicate(entry, false) ? -1 : 0;
}

int swapcache_prepare(swp_entry_t entry)
{
	return __swap_duplicate(entry, true);
}

int page_swapcount(struct page *page)
{
	swp_entry_t entry = { page->private };
	struct swap_info_struct *si = swap_info_get(entry);

	return si ? swap_count(si->swap_map[swp_offset(entry)]) : 0;
}

bool vm_swap_full(void)
{
	return nr_swap_pages * 2 < total_swap_pages;
}

/*
 * The page is in the swap cache but no PTE needs the slot any more: give
 * the slot back and keep the page as an ordinary dirty anonymous page.
 */
int try_to_free_swap(struct page *page)
{
	VM_BUG_ON(!PageLocked(page));
	if (!PageSwapCache(page))
		return 0;
	if (PageWriteback(page))
		return 0;
	if (page_swapcount(page))
		return 0;
	delete_from_swap_cache(page);
	SetPageDirty(page);
	return 1;
}

/*
 * A write fault on a swap cache page: may it be written in place?  If the
 * fault's own PTE is the slot's only user, the swap copy is dropped (it is
 * about to be stale) unless it is being written right now.
 */
int reuse_swap_page(struct page *page)
{
	int count;

	VM_BUG_ON(!PageLocked(page));
	count = page->_mapcount;
	if (count <= 1 && PageSwapCache(page)) {
		count += page_swapcount(page);
		if (count == 1 && !PageWriteback(page)) {
			delete_from_swap_cache(page);
			SetPageDirty(page);
		}
	}
	return count <= 1;
}

/* A swap PTE is zapped (munmap, exit). */
void free_swap_and_cache(swp_entry_t entry)
{
	struct swap_info_struct *si = swap_info_get(entry);
	struct page *page = NULL;

	if (!si)
		return;
	if (swap_entry_free(si, entry, false) == SWAP_HAS_CACHE) {
		/* 2.6.32 free_swap_and_cache: find_get_page, not counted. */
		page = find_get_swap_cache_page(entry);
		if (page && !trylock_page(page)) {
			page_cache_release(page);
			page = NULL;
		}
	}
	if (page) {
		/* Only the cache holds the slot: free both unless the page
		 * is mapped (it stays useful) or being written. */
		if (PageSwapCache(page) && !PageWriteback(page) &&
		    (!page_mapped(page) || vm_swap_full())) {
			delete_from_swap_cache(page);
			SetPageDirty(page);
		}
		unlock_page(page);
		page_cache_release(page);
	}
}

/*
 * Swap-in readahead window (2.6.32 valid_swaphandles): the aligned block of
 * 2^page_cluster slots around @entry, cut to the run of in-use slots
 * contiguous with it.  Returns the number of slots (0: just the target)
 * and the first in *@offset.
 */
int valid_swaphandles(swp_entry_t entry, unsigned long *offset)
{
	struct swap_info_struct *si = swap_info_get(entry);
	unsigned long target, base, end, toff;
	int nr_pages = 0;

	if (!page_cluster || !si)
		return 0;
	target = swp_offset(entry);
	base = (target >> page_cluster) << page_cluster;
	end = base + (1UL << page_cluster);
	if (!base)
		base++;		/* the header */
	if (end > si->max)
		end = si->max;
	for (toff = target; ++toff < end; nr_pages++) {
		uint8_t m = si->swap_map[toff];

		if (!m || m == SWAP_MAP_BAD)
			break;
	}
	for (toff = target; --toff >= base; nr_pages++) {
		uint8_t m = si->swap_map[toff];

		if (!m || m == SWAP_MAP_BAD)
			break;
	}
	*offset = ++toff;
	return nr_pages ? ++nr_pages : 0;
}
