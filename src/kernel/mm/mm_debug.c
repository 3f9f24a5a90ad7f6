// SPDX-License-Identifier: GPL-2.0
/*
 * The invariant checker behind --check (swap.h): finds every managed page
 * in exactly one place and checks that the free lists, the per-cpu lists,
 * the LRU lists, page tables, swap slots, the swap cache and the vmstat
 * counters agree.
 *
 * Cost.  A check runs after every reclaim pass (thousands per run), so it
 * is built to be one sequential sweep of mem_map plus one of the swap map:
 * the lists are walked only to verify each entry and count them, and a
 * page's place is then recounted from its flags during the sweep (a page
 * has one lru list_head, so it can be on one list only: equal counts and
 * verified entries mean the sets are equal).  Scratch arrays are allocated
 * once and left zeroed by each check, so no check allocates or clears
 * memory.  A check with nothing changed since the last one (same event,
 * same counters) is skipped.  bench/RESULTS.md has the timings.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "linux/swap.h"
#include "linux/mm.h"
#include "mmsim/profile.h"
#include "linux/oom.h"
#include "linux/mempool.h"
#include "linux/pagemap.h"
#include "linux/radix-tree.h"
#include "linux/slab.h"

bool mm_debug_checks;
long mm_debug_expected_other = -1;
bool mm_debug_fatal = true;
bool mm_debug_pass_checks = true;
uint64_t mm_debug_check_interval;
struct page_census page_census;
struct mm_violation mm_violation;

/* The invariant the failing check was verifying, for the report. */
static const char *invariant;

#define CHECK(cond, ...)						\
	do {								\
		if (!(cond)) {						\
			snprintf(msg, len, __VA_ARGS__);		\
			goto fail;					\
		}							\
	} while (0)

/*
 * Scratch kept between checks: per-pfn counts of the PTEs found mapping
 * each page, per-slot counts of the swap PTEs naming each slot.  Each
 * check resets what it counted as it compares; a failed check leaves
 * counts behind and marks the arrays dirty.
 */
static struct {
	uint8_t *mapped;
	unsigned long mapped_len;
	uint8_t *slot_ptes[MAX_SWAPFILES];
	unsigned long slot_len[MAX_SWAPFILES];
	bool dirty;
	/* The state the last passing check saw. */
	uint64_t last_event;
	uint64_t last_sum;
	bool have_last;
} scratch;

static uint8_t *scratch_get(uint8_t **p, unsigned long *cur, unsigned long want)
{
	if (*cur < want || !*p) {
		free(*p);
		*p = calloc(want ? want : 1, 1);
		*cur = *p ? want : 0;
	}
	return *p;
}

static int scratch_prepare(char *msg, size_t len)
{
	invariant = "page conservation";
	CHECK(scratch_get(&scratch.mapped, &scratch.mapped_len, max_pfn),
	      "out of host memory");
	for (unsigned int t = 0; t < nr_swapfiles; t++)
		CHECK(scratch_get(&scratch.slot_ptes[t], &scratch.slot_len[t],
				  swap_info[t].max), "out of host memory");
	if (scratch.dirty) {
		memset(scratch.mapped, 0, scratch.mapped_len);
		for (unsigned int t = 0; t < nr_swapfiles; t++)
			memset(scratch.slot_ptes[t], 0, scratch.slot_len[t]);
		scratch.dirty = false;
	}
	return 0;
fail:
	return -1;
}

/* What the list walks found in one zone, to compare with the sweep. */
struct zone_lists {
	unsigned long blocks[MAX_ORDER];	/* free blocks per order */
	unsigned long pcp;
	unsigned long lru[NR_LRU_LISTS];
};

/* Free lists: each block aligned, in the zone, marked with its order. */
static int walk_free_lists(struct zone *zone, struct zone_lists *zl,
			   char *msg, size_t len)
{
	unsigned long start = zone->zone_start_pfn;
	unsigned long end = start + zone->spanned_pages, free_pages = 0;
	struct page *page;

	invariant = "free lists";
	for (unsigned int order = 0; order < MAX_ORDER; order++) {
		struct free_area *area = &zone->free_area[order];

		for (int t = 0; t < MIGRATE_TYPES; t++) {
			unsigned long before = zl->blocks[order];

			list_for_each_entry(page, &area->free_list[t], lru) {
				unsigned long pfn = page_to_pfn(page);

				CHECK(pfn >= start && pfn + (1UL << order) <= end,
				      "%s order %u: block pfn %lu outside the zone",
				      zone->name, order, pfn);
				CHECK(!(pfn & ((1UL << order) - 1)),
				      "%s order %u: pfn %lu not aligned", zone->name,
				      order, pfn);
				CHECK(PageBuddy(page) && page_order(page) == order &&
				      !PagePcp(page) && !PageReserved(page) &&
				      page_count(page) == 0,
				      "%s order %u: pfn %lu buddy %d order %lu count %d flags %#x",
				      zone->name, order, pfn, PageBuddy(page),
				      page_order(page), page_count(page), page->flags);
				CHECK(page->buddy_mt == t,
				      "%s order %u: pfn %lu on the %s list marked %u",
				      zone->name, order, pfn,
				      migratetype_names[t], page->buddy_mt);
				zl->blocks[order]++;
			}
			CHECK(zl->blocks[order] - before == area->nr_free_mt[t],
			      "%s order %u: nr_free_mt[%s] %lu, list holds %lu",
			      zone->name, order, migratetype_names[t],
			      area->nr_free_mt[t], zl->blocks[order] - before);
		}
		CHECK(zl->blocks[order] == area->nr_free,
		      "%s order %u: nr_free %lu, lists hold %lu", zone->name,
		      order, area->nr_free, zl->blocks[order]);
		free_pages += zl->blocks[order] << order;
	}
	invariant = "vmstat";
	CHECK((long)free_pages == zone_page_state_snapshot(zone, NR_FREE_PAGES) +
				  (long)zone->nr_free_lost,
	      "%s: NR_FREE_PAGES %ld (%lu lost to failed order > 0 requests), free lists hold %lu pages",
	      zone->name, zone_page_state_snapshot(zone, NR_FREE_PAGES),
	      zone->nr_free_lost, free_pages);
	page_census.buddy += free_pages;
	return 0;
fail:
	return -1;
}

static int walk_pcp_lists(struct zone *zone, struct zone_lists *zl,
			  char *msg, size_t len)
{
	struct page *page;

	invariant = "pcp lists";
	for (unsigned int cpu = 0; cpu < num_online_cpus(); cpu++) {
		struct per_cpu_pages *pcp = &zone_pcp(zone, cpu)->pcp;
		long n = 0;

		for (int t = 0; t < MIGRATE_PCPTYPES; t++) {
			CHECK(kprofile_get(pcp_layout) == PCP_PER_MIGRATETYPE || t == 0 ||
			      list_empty(&pcp->lists[t]),
			      "%s cpu %u: single-list layout with pages on list %d",
			      zone->name, cpu, t);
			list_for_each_entry(page, &pcp->lists[t], lru) {
				CHECK(page_zone(page) == zone && PagePcp(page) &&
				      !PageBuddy(page) && page_count(page) == 0 &&
				      page->private < MIGRATE_TYPES,
				      "%s cpu %u: pcp pfn %lu of %s flags %#x count %d type %u",
				      zone->name, cpu, page_to_pfn(page),
				      page_zone(page)->name, page->flags,
				      page_count(page), page->private);
				n++;
			}
		}
		CHECK(n == pcp->count, "%s cpu %u: pcp count %d, lists hold %ld",
		      zone->name, cpu, pcp->count, n);
		zl->pcp += (unsigned long)n;
		/* A differential past the threshold would have been folded. */
		invariant = "vmstat";
		for (int i = 0; i < NR_VM_ZONE_STAT_ITEMS; i++) {
			const struct per_cpu_pageset *p = zone_pcp(zone, cpu);
			int d = p->vm_stat_diff[i];

			CHECK(d <= p->stat_threshold && d >= -p->stat_threshold,
			      "%s cpu %u: %s differential %d, threshold %d",
			      zone->name, cpu, vmstat_zone_stat_names[i], d,
			      p->stat_threshold);
		}
		invariant = "pcp lists";
	}
	page_census.pcp += zl->pcp;
	return 0;
fail:
	return -1;
}

static int walk_lru_lists(struct zone *zone, struct zone_lists *zl,
			  char *msg, size_t len)
{
	struct page *page;

	invariant = "LRU lists";
	for (enum lru_list l = 0; l < NR_LRU_LISTS; l++) {
		unsigned long n = 0;

		list_for_each_entry(page, &zone->lru[l], lru) {
			CHECK(PageLRU(page) && !PageIsolated(page) &&
			      page_lru(page) == l && page_zone(page) == zone &&
			      page_count(page) > 0,
			      "%s lru %d: pfn %lu flags %#x count %d belongs on %d of %s",
			      zone->name, l, page_to_pfn(page), page->flags,
			      page_count(page), page_lru(page), page_zone(page)->name);
			n++;
		}
		CHECK((long)n == zone_page_state_snapshot(zone, NR_LRU_BASE + l),
		      "%s: lru %d holds %lu pages, counter says %ld", zone->name,
		      l, n, zone_page_state_snapshot(zone, NR_LRU_BASE + l));
		zl->lru[l] = n;
		page_census.lru[l] += n;
	}
	return 0;
fail:
	return -1;
}

struct rss {
	long anon, file, swap;
};

/* A present PTE against its page; a swap PTE counted against its slot. */
static int census_pte(struct vm_area_struct *vma, unsigned long i,
		      struct rss *rss, char *msg, size_t len)
{
	pte_t pte = vma->ptes[i];
	unsigned long pfn = pte_pfn(pte);
	struct page *page;

	if (is_swap_pte(pte)) {
		swp_entry_t e = pte_to_swp_entry(pte);
		unsigned long off = swp_offset(e);

		CHECK(swap_info_get(e), "swap pte names a bad entry %#x", e.val);
		CHECK(swap_info[swp_type(e)].swap_map[off] & SWAP_COUNT_MASK,
		      "swap pte names free slot %lu", off);
		CHECK(scratch.slot_ptes[swp_type(e)][off] < 255,
		      "slot %lu named too often", off);
		scratch.slot_ptes[swp_type(e)][off]++;
		rss->swap++;
		page_census.swap_ptes++;
		return 0;
	}
	CHECK(pte_present(pte), "garbage pte %#llx", (unsigned long long)pte);
	CHECK(pfn < max_pfn, "pte maps pfn %lu", pfn);
	page = pfn_to_page(pfn);
	CHECK(page_count(page) > 0 && !PageBuddy(page) && !PagePcp(page),
	      "pte maps free pfn %lu", pfn);
	if (!vma->vm_file) {
		CHECK(PageAnon(page) && page->mapping == vma->anon.handle &&
		      page->index == i,
		      "anon pte %lu of vma %#lx: pfn %lu mapping %u index %u",
		      i, vma->vm_start, pfn, page->mapping, page->index);
		rss->anon++;
	} else {
		CHECK(!PageAnon(page) && page->mapping == vma->vm_file->handle,
		      "file pte maps pfn %lu of mapping %u", pfn, page->mapping);
		rss->file++;
	}
	CHECK(scratch.mapped[pfn] < 255, "pfn %lu mapped too often", pfn);
	scratch.mapped[pfn]++;
	page_census.mapped_ptes++;
	return 0;
fail:
	return -1;
}

/* Every PTE of every mm, and each mm's rss counters. */
static int census_ptes(char *msg, size_t len)
{
	struct mm_struct *mm;

	invariant = "page tables";
	list_for_each_entry(mm, &mm_list, mmlist) {
		struct vm_area_struct *vma;
		struct rss rss = { 0, 0, 0 };

		list_for_each_entry(vma, &mm->mmap, vm_list) {
			const pte_t *ptes = vma->ptes;
			unsigned long n = vma_pages(vma);

			for (unsigned long i = 0; i < n; i++)
				if (ptes[i] && census_pte(vma, i, &rss, msg, len))
					return -1;
		}
		CHECK(rss.anon == mm->anon_rss && rss.file == mm->file_rss &&
		      rss.swap == mm->swap_ptes,
		      "mm rss anon %ld file %ld swap %ld, ptes say %ld %ld %ld",
		      mm->anon_rss, mm->file_rss, mm->swap_ptes, rss.anon,
		      rss.file, rss.swap);
	}
	return 0;
fail:
	return -1;
}

/*
 * Eight slots with no use and no PTE: the common case.  Their swap cache
 * entries are not read (a 4 MB array for 2 GB of swap, a quarter of the
 * check's memory traffic): a cache page always holds its slot in use
 * (SWAP_HAS_CACHE), which the sweep checks from the page's side, so a
 * stale entry of a free slot is found once the slot is in use again.
 */
static bool slots_idle(const struct swap_info_struct *si, const uint8_t *ptes,
		       unsigned long off)
{
	uint64_t m, p;

	memcpy(&m, si->swap_map + off, 8);
	memcpy(&p, ptes + off, 8);
	return !(m | p);
}

/* One slot: swap_map equals its PTEs plus the cache's reference. */
static int census_slot(struct swap_info_struct *si, unsigned int t,
		       unsigned long off, char *msg, size_t len)
{
	uint8_t m = si->swap_map[off];
	/* Only a slot with SWAP_HAS_CACHE is looked up in the tree: the
	 * pages' side and the tree's item count (census_swap) cover the
	 * others. */
	struct page *page = m & SWAP_HAS_CACHE ?
			    swap_cache_page(swp_entry(t, off)) : NULL;
	uint8_t want = scratch.slot_ptes[t][off];

	if (page) {
		CHECK(PageSwapCache(page) &&
		      page->private == swp_entry(t, off).val && page_count(page) > 0,
		      "swap cache slot %lu: pfn %lu flags %#x private %#x",
		      off, page_to_pfn(page), page->flags, page->private);
		want |= SWAP_HAS_CACHE;
	}
	CHECK(m == want, "slot %lu: swap_map %#x, %u ptes%s", off, m,
	      scratch.slot_ptes[t][off], page ? " + cache" : "");
	scratch.slot_ptes[t][off] = 0;
	return 0;
fail:
	return -1;
}

/* Every slot once, cluster by cluster, idle runs eight at a time. */
static int census_swap(char *msg, size_t len)
{
	long free_slots = 0;

	invariant = "swap map";
	for (unsigned int t = 0; t < nr_swapfiles; t++) {
		struct swap_info_struct *si = &swap_info[t];
		const uint8_t *ptes = scratch.slot_ptes[t];
		unsigned long inuse = 0, hdr = 0;

		for (unsigned long c = 0; c * SWAPFILE_CLUSTER < si->max; c++) {
			unsigned long off = c * SWAPFILE_CLUSTER, used = 0;
			unsigned long end = off + SWAPFILE_CLUSTER;

			if (end > si->max)
				end = si->max;
			if (off == 0) {
				/* The header: in its cluster's count, not in use. */
				hdr = si->swap_map[0] != 0;
				used = hdr;
				off = 1;
			}
			while (off < end) {
				if (!(off & 7) && off + 8 <= end &&
				    slots_idle(si, ptes, off)) {
					off += 8;
					continue;
				}
				if (census_slot(si, t, off, msg, len))
					return -1;
				used += si->swap_map[off] != 0;
				off++;
			}
			CHECK(c >= si->nr_clusters || used == si->cluster_used[c],
			      "swap %u cluster %lu: %lu used, count %u", t, c,
			      used, c < si->nr_clusters ? si->cluster_used[c] : 0);
			inuse += used - hdr;
			hdr = 0;
		}
		CHECK(inuse == si->inuse_pages, "swap %u: %lu slots in use, inuse_pages %lu",
		      t, inuse, si->inuse_pages);
		free_slots += (long)(si->max - 1 - inuse);
		page_census.swap_slots += inuse;
	}
	CHECK(free_slots == nr_swap_pages, "nr_swap_pages %ld, %ld free slots",
	      nr_swap_pages, free_slots);
	invariant = "swap cache";
	CHECK(swapper_space.nrpages == total_swapcache_pages &&
	      radix_tree_count_items(&swapper_space.page_tree) ==
	      total_swapcache_pages,
	      "swapper_space holds %lu pages (%lu in its tree), "
	      "total_swapcache_pages %lu", swapper_space.nrpages,
	      radix_tree_count_items(&swapper_space.page_tree),
	      total_swapcache_pages);
	return 0;
fail:
	return -1;
}

/* The sweep's counts for one zone. */
struct zone_sweep {
	unsigned long blocks[MAX_ORDER];
	unsigned long pcp;
	unsigned long lru[NR_LRU_LISTS];
	long stat[NR_VM_ZONE_STAT_ITEMS];	/* recounted vmstat items */
	unsigned long isolated, unreferenced, swapcache, slab, other;
};

/* The counters the sweep can recount from page state. */
static const enum zone_stat_item recounted[] = {
	NR_ANON_PAGES, NR_FILE_MAPPED, NR_FILE_PAGES, NR_FILE_DIRTY,
	NR_WRITEBACK, NR_MLOCK,
};

static inline void recount_page(const struct page *page, struct zone_sweep *zs)
{
	bool anon = PageSwapBacked(page);

	if (page->_mapcount > 0)
		zs->stat[anon ? NR_ANON_PAGES : NR_FILE_MAPPED]++;
	if (PageSwapCache(page) || (!anon && page->mapping))
		zs->stat[NR_FILE_PAGES]++;
	if (PageDirty(page) && !anon && !PageSwapCache(page) && page->mapping)
		zs->stat[NR_FILE_DIRTY]++;
	if (PageWriteback(page))
		zs->stat[NR_WRITEBACK]++;
	if (PageMlocked(page))
		zs->stat[NR_MLOCK]++;
}

/* The tail pages of a free block: nobody's, on no list. */
static int sweep_buddy_tails(unsigned long pfn, unsigned long order,
			     char *msg, size_t len)
{
	const uint32_t busy = (1u << PG_buddy) | (1u << PG_pcp) | (1u << PG_lru) |
		(1u << PG_slab) | (1u << PG_isolated) | (1u << PG_reserved);

	for (unsigned long i = 1; i < (1UL << order); i++) {
		struct page *tail = pfn_to_page(pfn + i);

		CHECK(!(tail->flags & busy) && page_count(tail) == 0 &&
		      !scratch.mapped[pfn + i],
		      "pfn %lu inside free block %lu (order %lu): flags %#x count %d",
		      pfn + i, pfn, order, tail->flags, page_count(tail));
	}
	return 0;
fail:
	return -1;
}

/* One allocated page, on no free list. */
static int sweep_page(struct page *page, unsigned long pfn, struct zone_sweep *zs,
		      char *msg, size_t len)
{
	if (PageSwapCache(page)) {
		swp_entry_t e = { page->private };
		struct swap_info_struct *si = swap_info_get(e);

		CHECK(si && swap_cache_page(e) == page &&
		      (si->swap_map[swp_offset(e)] & SWAP_HAS_CACHE),
		      "pfn %lu: PG_swapcache, not in the swap cache", pfn);
		zs->swapcache++;
	}
	if (PageWriteback(page))
		page_census.writeback++;
	recount_page(page, zs);
	if (PageLRU(page)) {
		CHECK(!PageIsolated(page), "pfn %lu: PG_lru and PG_isolated", pfn);
		zs->lru[page_lru(page)]++;
	} else if (PageIsolated(page)) {
		zs->isolated++;
	} else if (PageSlab(page)) {
		struct kmem_cache *c = page_get_cache(page);

		CHECK(c, "pfn %lu: PG_slab without a cache", pfn);
		c->census_pages++;
		zs->slab++;
	} else if (page_count(page) > 0) {
		zs->other++;
	} else {
		zs->unreferenced++;
	}
	return 0;
fail:
	return -1;
}

/* Every pfn of @zone once, in order. */
static int sweep_zone(struct zone *zone, struct zone_sweep *zs, char *msg, size_t len)
{
	unsigned long end = zone->zone_start_pfn + zone->spanned_pages;
	uint8_t *mapped = scratch.mapped;

	invariant = "page states";
	for (unsigned long pfn = zone->zone_start_pfn; pfn < end; pfn++) {
		struct page *page = pfn_to_page(pfn);

		CHECK(page->_mapcount == mapped[pfn],
		      "pfn %lu: mapcount %d, %u ptes map it", pfn,
		      page->_mapcount, mapped[pfn]);
		mapped[pfn] = 0;
		if (PageReserved(page)) {
			CHECK(!(page->flags & ((1u << PG_buddy) | (1u << PG_pcp) |
					       (1u << PG_lru))),
			      "reserved pfn %lu flags %#x", pfn, page->flags);
			continue;
		}
		if (PageBuddy(page)) {
			unsigned long order = page_order(page);

			CHECK(order < MAX_ORDER && pfn + (1UL << order) <= end,
			      "pfn %lu: PG_buddy of order %lu", pfn, order);
			CHECK(!(page->flags & ((1u << PG_lru) | (1u << PG_isolated))),
			      "free pfn %lu flags %#x", pfn, page->flags);
			if (sweep_buddy_tails(pfn, order, msg, len))
				return -1;
			zs->blocks[order]++;
			pfn += (1UL << order) - 1;
			continue;
		}
		if (PagePcp(page)) {
			CHECK(!(page->flags & ((1u << PG_lru) | (1u << PG_isolated))),
			      "free pfn %lu flags %#x", pfn, page->flags);
			zs->pcp++;
			continue;
		}
		if (sweep_page(page, pfn, zs, msg, len))
			return -1;
	}
	return 0;
fail:
	return -1;
}

/* The sweep's counts against the lists' and the counters. */
static int compare_zone(struct zone *zone, const struct zone_lists *zl,
			const struct zone_sweep *zs, char *msg, size_t len)
{
	invariant = "free lists";
	for (unsigned int o = 0; o < MAX_ORDER; o++)
		CHECK(zs->blocks[o] == zl->blocks[o],
		      "%s: %lu PG_buddy blocks of order %u, %lu on the lists",
		      zone->name, zs->blocks[o], o, zl->blocks[o]);
	invariant = "pcp lists";
	CHECK(zs->pcp == zl->pcp, "%s: %lu PG_pcp pages, %lu on pcp lists",
	      zone->name, zs->pcp, zl->pcp);
	invariant = "LRU lists";
	for (enum lru_list l = 0; l < NR_LRU_LISTS; l++)
		CHECK(zs->lru[l] == zl->lru[l],
		      "%s: %lu PG_lru pages belong on lru %d, it holds %lu",
		      zone->name, zs->lru[l], l, zl->lru[l]);
	invariant = "vmstat";
	for (size_t i = 0; i < sizeof(recounted) / sizeof(recounted[0]); i++) {
		enum zone_stat_item item = recounted[i];

		CHECK(zs->stat[item] == zone_page_state_snapshot(zone, item),
		      "%s: %s is %ld, pages say %ld", zone->name,
		      vmstat_zone_stat_names[item],
		      zone_page_state_snapshot(zone, item), zs->stat[item]);
	}
	return 0;
fail:
	return -1;
}

static int page_ptr_cmp(const void *a, const void *b)
{
	const struct page *x = *(struct page *const *)a;
	const struct page *y = *(struct page *const *)b;

	return x < y ? -1 : x > y;
}

/* The flags a page waiting in an lru_add pagevec must not have yet. */
#define PAGEVEC_FLAGS_OFF						\
	((1u << PG_lru) | (1u << PG_buddy) | (1u << PG_pcp) |		\
	 (1u << PG_isolated) | (1u << PG_slab) | (1u << PG_active) |	\
	 (1u << PG_unevictable) | (1u << PG_reserved))


/*
 * The pages waiting in the CPUs' lru_add pagevecs (swap.c): each holds
 * the pagevec's reference and is on no list, in no other pagevec.  The
 * sweep counted them as held by somebody; returns how many there are.
 * (A page in a rotate pagevec is on its list, or wherever it went since:
 * the pagevec only holds a reference.)
 */
static int walk_pagevecs(unsigned long *nr, char *msg, size_t len)
{
	/* Static: checks run on tasks' small stacks too. */
	static struct page *seen[SIM_MAX_CPUS * NR_LRU_LISTS * PAGEVEC_SIZE];
	unsigned int n = 0;

	invariant = "pagevecs";
	for (unsigned int cpu = 0; cpu < num_online_cpus() &&
	     cpu < SIM_MAX_CPUS; cpu++) {
		for (enum lru_list l = 0; l < NR_LRU_LISTS; l++) {
			const struct pagevec *pvec = lru_add_pvec((int)cpu, l);

			CHECK(pagevec_count(pvec) < PAGEVEC_SIZE &&
			      (l != LRU_UNEVICTABLE || !pagevec_count(pvec)),
			      "cpu %u lru %d: pagevec holds %u pages", cpu, l,
			      pagevec_count(pvec));
			for (unsigned int i = 0; i < pagevec_count(pvec); i++) {
				struct page *page = pvec->pages[i];

				CHECK(page >= mem_map && page < mem_map + max_pfn,
				      "cpu %u lru %d: pagevec holds %p, no page",
				      cpu, l, (void *)page);
				CHECK(page_count(page) > 0 &&
				      !(page->flags & PAGEVEC_FLAGS_OFF),
				      "cpu %u lru %d: pagevec pfn %lu flags %#x "
				      "count %d", cpu, l, page_to_pfn(page),
				      page->flags, page_count(page));
				seen[n++] = page;
			}
		}
	}
	qsort(seen, n, sizeof(seen[0]), page_ptr_cmp);
	for (unsigned int i = 1; i < n; i++)
		CHECK(seen[i] != seen[i - 1], "pfn %lu in two pagevecs",
		      page_to_pfn(seen[i]));
	*nr = n;
	return 0;
fail:
	return -1;
}

/* Global counts over every zone's sweep. */
static int compare_totals(const struct zone_sweep *sum, char *msg, size_t len)
{
	long slab = global_page_state_snapshot(NR_SLAB_RECLAIMABLE) +
		    global_page_state_snapshot(NR_SLAB_UNRECLAIMABLE);
	long isolated = global_page_state_snapshot(NR_ISOLATED_ANON) +
			global_page_state_snapshot(NR_ISOLATED_FILE);

	invariant = "vmstat";
	CHECK(sum->swapcache == total_swapcache_pages,
	      "%lu PG_swapcache pages, total_swapcache_pages %lu", sum->swapcache,
	      total_swapcache_pages);
	CHECK((long)sum->slab == slab, "%lu slab pages, counters say %ld",
	      sum->slab, slab);
	/* Between isolation and putback the counters run ahead of the flags. */
	if (!reclaim_passes_in_flight)
		CHECK((long)sum->isolated == isolated,
		      "%lu isolated pages, counters say %ld", sum->isolated, isolated);
	/*
	 * Pages with no reference and on no free list are lost, unless they
	 * are the tails of a high-order allocation somebody holds: the
	 * caller says how many pages it holds outside the LRU and slab.
	 */
	invariant = "page conservation";
	/* Page tables and kernel stacks are held too (memory.c, fork.c). */
	if (mm_debug_expected_other >= 0)
		CHECK((long)(sum->other + sum->unreferenced -
			     page_census.pagevec) ==
		      mm_debug_expected_other + (long)kernel_held_pages(),
		      "%lu pages held outside LRU, slab, pagevecs and free lists "
		      "(%lu of them unreferenced), expected %ld",
		      sum->other + sum->unreferenced - page_census.pagevec,
		      sum->unreferenced,
		      mm_debug_expected_other + (long)kernel_held_pages());
	return 0;
fail:
	return -1;
}

/*
 * One zone's part of the census: its free, per-cpu and LRU lists walked,
 * every pfn swept, the counts compared.  The PTE counts must be taken
 * first (census_ptes), as the sweep compares each page's mapcount.
 */
static int census_zone(struct zone *zone, struct zone_lists *zl,
		       struct zone_sweep *zs, char *msg, size_t len)
{
	if (walk_free_lists(zone, zl, msg, len) ||
	    walk_pcp_lists(zone, zl, msg, len) ||
	    walk_lru_lists(zone, zl, msg, len) ||
	    sweep_zone(zone, zs, msg, len) ||
	    compare_zone(zone, zl, zs, msg, len))
		return -1;
	return 0;
}

/*
 * The invariants of one zone alone (mmzone.h): the buddy free lists and
 * PG_buddy blocks, the per-cpu lists and PG_pcp pages, the LRU lists,
 * the page states and the zone's counters, on a booted machine or on one
 * whose zones a test built by hand.  The last full check's census
 * (page_census) is left as it was.
 */
int check_zone_invariants(struct zone *zone, char *msg, size_t len)
{
	struct page_census last = page_census;
	struct zone_lists zl;
	struct zone_sweep zs;
	int ret;

	if (!populated_zone(zone))
		return 0;
	memset(&zl, 0, sizeof(zl));
	memset(&zs, 0, sizeof(zs));
	if (scratch_prepare(msg, len))
		return -1;
	ret = census_ptes(msg, len) || census_zone(zone, &zl, &zs, msg, len) ?
	      -1 : 0;
	/* The other zones' PTE counts are left behind in the scratch. */
	scratch.dirty = true;
	page_census = last;
	return ret;
}

static void add_sweep(struct zone_sweep *sum, const struct zone_sweep *zs)
{
	sum->isolated += zs->isolated;
	sum->unreferenced += zs->unreferenced;
	sum->swapcache += zs->swapcache;
	sum->slab += zs->slab;
	sum->other += zs->other;
}

static int census(char *msg, size_t len)
{
	struct zone_lists zl[MAX_NR_ZONES];
	struct zone_sweep zs, sum;
	unsigned long found;
	struct zone *zone;

	memset(zl, 0, sizeof(zl));
	memset(&sum, 0, sizeof(sum));
	for (struct kmem_cache *c = kmem_cache_next(NULL); c; c = kmem_cache_next(c))
		c->census_pages = 0;
	/* The phases that read mem_map run back to back, while it is cached. */
	if (census_ptes(msg, len))
		return -1;
	for_each_populated_zone(zone) {
		/* Per zone, not per zone index: several nodes share an index. */
		struct zone_lists *l = &zl[zone_idx(zone)];

		memset(l, 0, sizeof(*l));
		page_census.managed += zone->managed_pages;
		memset(&zs, 0, sizeof(zs));
		if (census_zone(zone, l, &zs, msg, len))
			return -1;
		add_sweep(&sum, &zs);
	}
	if (census_swap(msg, len) ||
	    walk_pagevecs(&page_census.pagevec, msg, len) ||
	    compare_totals(&sum, msg, len))
		return -1;
	page_census.isolated = sum.isolated;
	page_census.swapcache = sum.swapcache;
	page_census.slab = sum.slab;
	page_census.other = sum.other + sum.unreferenced - page_census.pagevec;
	found = page_census.buddy + page_census.pcp + page_census.isolated +
		page_census.slab + page_census.pagevec + page_census.other;
	for (enum lru_list l = 0; l < NR_LRU_LISTS; l++)
		found += page_census.lru[l];
	invariant = "page conservation";
	CHECK(found == page_census.managed, "found %lu pages, %lu managed",
	      found, page_census.managed);
	/* Every slab page is its cache's, as many as the cache counts. */
	invariant = "slab";
	for (struct kmem_cache *c = kmem_cache_next(NULL); c; c = kmem_cache_next(c))
		CHECK(c->census_pages == c->stats.nr_pages,
		      "%s: %lu PG_slab pages name it, it holds %lu", c->name,
		      c->census_pages, c->stats.nr_pages);
	if (kmem_cache_check(msg, len))
		return -1;
	invariant = "mempools";
	if (mempool_check(msg, len))
		return -1;
	return 0;
fail:
	return -1;
}

int check_page_conservation(char *msg, size_t len)
{
	memset(&page_census, 0, sizeof(page_census));
	if (scratch_prepare(msg, len))
		return -1;
	if (census(msg, len)) {
		scratch.dirty = true;
		return -1;
	}
	return 0;
}

const char *mm_debug_invariant(void)
{
	return invariant ? invariant : "page conservation";
}

/*
 * Nothing can have changed since the last passing check when no event has
 * run since and every counter is the same (several checks inside one
 * event: a reclaim pass that ends in the sampler's instant).
 */
static uint64_t state_sum(void)
{
	uint64_t h = (uint64_t)nr_swap_pages * 0x9e3779b97f4a7c15ULL;

	for (int i = 0; i < NR_VM_EVENT_ITEMS; i++)
		h = (h ^ vm_events[i]) * 0x100000001b3ULL;
	for (int i = 0; i < NR_VM_ZONE_STAT_ITEMS; i++)
		h = (h ^ (uint64_t)global_page_state_snapshot(i)) * 0x100000001b3ULL;
	return h;
}

static bool unchanged_since_last(void)
{
	return scratch.have_last && scratch.last_event == sim_events() &&
	       scratch.last_sum == state_sum() && mm_debug_expected_other < 0;
}

/* ---- violations ------------------------------------------------------ */

void mm_debug_violation(const char *inv, const char *where, const char *detail)
{
	struct mm_violation *v = &mm_violation;

	if (!v->hit) {
		v->hit = true;
		snprintf(v->invariant, sizeof(v->invariant), "%s", inv);
		snprintf(v->where, sizeof(v->where), "%s", where);
		snprintf(v->detail, sizeof(v->detail), "%s", detail);
		v->when = sim_now();
		v->event = sim_events();
		snprintf(v->task, sizeof(v->task), "%s",
			 current ? current->comm : "(none)");
		v->nr_events = sim_last_events(v->events);
	}
	if (mm_debug_fatal) {
		mm_debug_print_violation(stderr);
		sim_bug(__FILE__, __LINE__, v->detail);
	}
	/* Stop at the next event boundary; later checks would only repeat. */
	mm_debug_checks = false;
	sim_stop();
}

static void print_blocked(FILE *f)
{
	struct task_struct *p = NULL;

	while ((p = task_next(p))) {
		sim_time_t s;

		if (!task_blocked(p))
			continue;
		s = sim_now() - p->sleep_start;
		fprintf(f, "  %s:%d %c in %s:%d for %llu.%06llu s\n", p->comm,
			p->pid, p->state == TASK_UNINTERRUPTIBLE ? 'D' : 'S',
			p->wchan ? p->wchan : "?", p->wchan_line,
			(unsigned long long)(s / NSEC_PER_SEC),
			(unsigned long long)(s % NSEC_PER_SEC / NSEC_PER_USEC));
	}
}

void mm_debug_print_violation(FILE *f)
{
	const struct mm_violation *v = &mm_violation;

	if (!v->hit)
		return;
	fprintf(f, "mmsim: invariant violated: %s (checked %s)\n", v->invariant,
		v->where);
	fprintf(f, "mmsim: %s\n", v->detail);
	fprintf(f, "mmsim: simulated time %llu.%06llu s, event %llu, task %s\n",
		(unsigned long long)(v->when / NSEC_PER_SEC),
		(unsigned long long)(v->when % NSEC_PER_SEC / NSEC_PER_USEC),
		(unsigned long long)v->event, v->task);
	fprintf(f, "mmsim: the last %u events:\n", v->nr_events);
	for (unsigned int i = 0; i < v->nr_events; i++) {
		const struct sim_event_rec *r = &v->events[i];
		char what[160];

		sim_describe_event(r, what, sizeof(what));
		fprintf(f, "  #%-10llu %6llu.%06llu  %s\n", (unsigned long long)r->nr,
			(unsigned long long)(r->when / NSEC_PER_SEC),
			(unsigned long long)(r->when % NSEC_PER_SEC / NSEC_PER_USEC),
			what);
	}
	fprintf(f, "mmsim: blocked tasks:\n");
	print_blocked(f);
}

/* ---- the hooks ------------------------------------------------------- */

static void do_check(const char *where)
{
	char text[320];

	if (!mm_debug_checks || !mem_map || unchanged_since_last())
		return;
	if (check_page_conservation(text, sizeof(text))) {
		scratch.have_last = false;
		mm_debug_violation(mm_debug_invariant(), where, text);
		return;
	}
	scratch.have_last = true;
	scratch.last_event = sim_events();
	scratch.last_sum = state_sum();
}

/* After a reclaim pass, or where a test asks. */
void mm_debug_check(const char *where)
{
	if (mm_debug_pass_checks)
		do_check(where);
}

void mm_debug_sample_check(void)
{
	do_check("sample");
}

/*
 * Between two events other tasks may be half way through an operation,
 * holding a page they have not yet mapped or freed: the count of pages a
 * test holds is only meaningful where the test checks it.
 */
static void check_between_events(const char *where)
{
	long expected = mm_debug_expected_other;

	mm_debug_expected_other = -1;
	do_check(where);
	mm_debug_expected_other = expected;
}

static void interval_check(void)
{
	check_between_events("event interval");
}

/* Nothing but deferrable timers is left and a task sleeps in D state. */
static void deadlock_check(void)
{
	struct task_struct *p = NULL;
	char text[320];
	int n = 0, len = 0;

	/* After a panic the machine is halted: its tasks wait for good. */
	if (!mm_debug_checks || oom_panic_get())
		return;
	while ((p = task_next(p)) && len < (int)sizeof(text) - 40)
		if (task_blocked(p) && p->state == TASK_UNINTERRUPTIBLE) {
			len += snprintf(text + len, sizeof(text) - (size_t)len,
					"%s%s:%d in %s", n++ ? ", " : "", p->comm,
					p->pid, p->wchan ? p->wchan : "?");
		}
	mm_debug_violation("no task waits forever", "deadlock: no timer, "
			   "I/O or runnable task left", text);
}

static struct timer period_timer;
static sim_time_t check_period;
static bool period_armed;

static void period_check(struct timer *t)
{
	check_between_events("check period");
	if (mm_debug_checks)
		timer_add(t, sim_now() + check_period);
}

void mm_debug_start_period(sim_time_t period)
{
	mm_debug_stop_period();
	check_period = period;
	if (!period || !mm_debug_checks)
		return;
	timer_init(&period_timer, period_check, NULL);
	period_timer.deferrable = true;
	timer_add(&period_timer, sim_now() + period);
	period_armed = true;
}

void mm_debug_stop_period(void)
{
	if (period_armed)
		timer_del(&period_timer);
	period_armed = false;
}

void mm_debug_enable(bool on, uint64_t interval)
{
	mm_debug_checks = on;
	mm_debug_check_interval = on ? interval : 0;
	sim_set_event_hook(interval_check, mm_debug_check_interval);
	sim_set_deadlock_hook(on ? deadlock_check : NULL);
	scratch.have_last = false;
}

void mm_debug_exit(void)
{
	free(scratch.mapped);
	for (unsigned int t = 0; t < MAX_SWAPFILES; t++)
		free(scratch.slot_ptes[t]);
	memset(&scratch, 0, sizeof(scratch));
}
