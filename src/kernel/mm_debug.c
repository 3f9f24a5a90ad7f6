// SPDX-License-Identifier: GPL-2.0
/*
 * The page conservation checker (swap.h): finds every managed page in
 * exactly one place and checks that page tables, swap slots, the swap
 * cache, the LRU lists and their counters agree.  O(memory + swap +
 * mapped virtual memory) per call, with host allocations: for tests.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kernel.h"
#include "mmzone.h"
#include "swap.h"
#include "mm.h"

bool mm_debug_checks;
long mm_debug_expected_other = -1;
struct page_census page_census;

enum where {
	W_NONE,
	W_BUDDY,
	W_PCP,
	W_LRU,
};

#define CHECK(cond, ...)						\
	do {								\
		if (!(cond)) {						\
			snprintf(msg, len, __VA_ARGS__);		\
			goto fail;					\
		}							\
	} while (0)

struct census_state {
	uint8_t *where;		/* per pfn */
	uint8_t *mapped;	/* per pfn: present PTEs found */
	uint8_t *slot_ptes[MAX_SWAPFILES];
};

static int mark(struct census_state *st, unsigned long pfn, enum where w,
		char *msg, size_t len)
{
	CHECK(pfn < max_pfn, "pfn %lu beyond memory", pfn);
	CHECK(st->where[pfn] == W_NONE, "pfn %lu in two places (%d and %d)",
	      pfn, st->where[pfn], w);
	st->where[pfn] = (uint8_t)w;
	return 0;
fail:
	return -1;
}

/* Every page of the zone's free blocks and per-cpu lists. */
static int census_free(struct census_state *st, struct zone *zone,
		       char *msg, size_t len)
{
	struct page *page;

	for (int order = 0; order < MAX_ORDER; order++) {
		struct free_area *area = &zone->free_area[order];

		for (int t = 0; t < MIGRATE_TYPES; t++) {
			list_for_each_entry(page, &area->free_list[t], lru) {
				unsigned long pfn = page_to_pfn(page);

				for (unsigned long i = 0; i < (1UL << order); i++)
					if (mark(st, pfn + i, W_BUDDY, msg, len))
						return -1;
				page_census.buddy += 1UL << order;
			}
		}
	}
	for (unsigned int cpu = 0; cpu < num_online_cpus(); cpu++) {
		struct per_cpu_pages *pcp = &zone->pageset[cpu];

		for (int t = 0; t < MIGRATE_PCPTYPES; t++) {
			list_for_each_entry(page, &pcp->lists[t], lru) {
				if (mark(st, page_to_pfn(page), W_PCP, msg, len))
					return -1;
				page_census.pcp++;
			}
		}
	}
	return 0;
}

static int census_zone_lists(struct census_state *st, struct zone *zone,
			     char *msg, size_t len)
{
	struct page *page;

	if (check_zone_invariants(zone, msg, len) ||
	    census_free(st, zone, msg, len))
		return -1;
	for (enum lru_list l = 0; l < NR_LRU_LISTS; l++) {
		unsigned long n = 0;

		list_for_each_entry(page, &zone->lru[l], lru) {
			unsigned long pfn = page_to_pfn(page);

			CHECK(PageLRU(page) && !PageIsolated(page),
			      "%s lru %d: pfn %lu flags %#x", zone->name, l, pfn,
			      page->flags);
			CHECK(page_lru(page) == l, "%s lru %d: pfn %lu belongs on %d",
			      zone->name, l, pfn, page_lru(page));
			CHECK(page_zone(page) == zone, "%s lru %d: pfn %lu of zone %s",
			      zone->name, l, pfn, page_zone(page)->name);
			CHECK(page_count(page) > 0, "%s lru %d: pfn %lu count %d",
			      zone->name, l, pfn, page_count(page));
			if (mark(st, pfn, W_LRU, msg, len))
				return -1;
			n++;
		}
		CHECK((long)n == zone->vm_stat[NR_LRU_BASE + l],
		      "%s: lru %d holds %lu pages, counter says %ld", zone->name,
		      l, n, zone->vm_stat[NR_LRU_BASE + l]);
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
static int census_pte(struct census_state *st, struct vm_area_struct *vma,
		      unsigned long i, struct rss *rss, char *msg, size_t len)
{
	pte_t pte = vma->ptes[i];
	unsigned long pfn = pte_pfn(pte);
	struct page *page;

	if (pte_none(pte))
		return 0;
	if (is_swap_pte(pte)) {
		swp_entry_t e = pte_to_swp_entry(pte);
		unsigned long off = swp_offset(e);

		CHECK(swap_info_get(e), "swap pte names a bad entry %#x", e.val);
		CHECK(swap_info[swp_type(e)].swap_map[off] & SWAP_COUNT_MASK,
		      "swap pte names free slot %lu", off);
		CHECK(st->slot_ptes[swp_type(e)][off] < 255,
		      "slot %lu named too often", off);
		st->slot_ptes[swp_type(e)][off]++;
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
	CHECK(st->mapped[pfn] < 255, "pfn %lu mapped too often", pfn);
	st->mapped[pfn]++;
	page_census.mapped_ptes++;
	return 0;
fail:
	return -1;
}

/* Every PTE of every mm, and each mm's rss counters. */
static int census_ptes(struct census_state *st, char *msg, size_t len)
{
	struct mm_struct *mm;

	list_for_each_entry(mm, &mm_list, mmlist) {
		struct vm_area_struct *vma;
		struct rss rss = { 0, 0, 0 };

		list_for_each_entry(vma, &mm->mmap, vm_list)
			for (unsigned long i = 0; i < vma_pages(vma); i++)
				if (census_pte(st, vma, i, &rss, msg, len))
					return -1;
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

static int census_swap(struct census_state *st, char *msg, size_t len)
{
	long free_slots = 0;

	for (unsigned int t = 0; t < nr_swapfiles; t++) {
		struct swap_info_struct *si = &swap_info[t];
		unsigned long inuse = 0;

		for (unsigned long off = 1; off < si->max; off++) {
			uint8_t m = si->swap_map[off];
			struct page *page = si->swap_cache[off];
			uint8_t want = st->slot_ptes[t][off];

			if (page) {
				CHECK(PageSwapCache(page) &&
				      page->private == swp_entry(t, off).val &&
				      page_count(page) > 0,
				      "swap cache slot %lu: pfn %lu flags %#x private %#x",
				      off, page_to_pfn(page), page->flags, page->private);
				want |= SWAP_HAS_CACHE;
			}
			CHECK(m == want, "slot %lu: swap_map %#x, %u ptes%s", off, m,
			      st->slot_ptes[t][off], page ? " + cache" : "");
			if (m)
				inuse++;
			else
				free_slots++;
		}
		CHECK(inuse == si->inuse_pages, "swap %u: %lu slots in use, inuse_pages %lu",
		      t, inuse, si->inuse_pages);
		for (unsigned long c = 0; c < si->nr_clusters; c++) {
			unsigned long n = 0;

			for (unsigned long off = c * SWAPFILE_CLUSTER;
			     off < (c + 1) * SWAPFILE_CLUSTER && off < si->max; off++)
				n += si->swap_map[off] != 0;
			CHECK(n == si->cluster_used[c], "swap %u cluster %lu: %lu used, count %u",
			      t, c, n, si->cluster_used[c]);
		}
		page_census.swap_slots += inuse;
	}
	CHECK(free_slots == nr_swap_pages, "nr_swap_pages %ld, %ld free slots",
	      nr_swap_pages, free_slots);
	return 0;
fail:
	return -1;
}

/* Every pfn of every zone, classified; pages on no list are checked. */
static int census_pages(struct census_state *st, char *msg, size_t len)
{
	unsigned long isolated = 0, unreferenced = 0, swapcache = 0, slab = 0;
	struct zone *zone;

	for_each_populated_zone(zone) {
		unsigned long end = zone->zone_start_pfn + zone->spanned_pages;

		for (unsigned long pfn = zone->zone_start_pfn; pfn < end; pfn++) {
			struct page *page = pfn_to_page(pfn);
			enum where w = st->where[pfn];

			CHECK(page->_mapcount == st->mapped[pfn],
			      "pfn %lu: mapcount %d, %u ptes map it", pfn,
			      page->_mapcount, st->mapped[pfn]);
			if (PageReserved(page)) {
				CHECK(w == W_NONE, "reserved pfn %lu on a list", pfn);
				continue;
			}
			if (PageSwapCache(page)) {
				swp_entry_t e = { page->private };
				struct swap_info_struct *si = swap_info_get(e);

				CHECK(si && si->swap_cache[swp_offset(e)] == page,
				      "pfn %lu: PG_swapcache, not in the swap cache", pfn);
				swapcache++;
			}
			if (PageWriteback(page))
				page_census.writeback++;
			if (w == W_BUDDY || w == W_PCP) {
				CHECK(!PageLRU(page) && !PageIsolated(page),
				      "free pfn %lu flags %#x", pfn, page->flags);
				continue;
			}
			if (w == W_LRU)
				continue;
			CHECK(!PageLRU(page), "pfn %lu: PG_lru but on no list", pfn);
			if (PageIsolated(page)) {
				isolated++;
				continue;
			}
			if (PageSlab(page)) {
				slab++;
				continue;
			}
			if (page_count(page) > 0)
				page_census.other++;
			else
				unreferenced++;
		}
	}
	page_census.isolated = isolated;
	page_census.swapcache = swapcache;
	page_census.slab = slab;
	CHECK(swapcache == total_swapcache_pages,
	      "%lu PG_swapcache pages, total_swapcache_pages %lu", swapcache,
	      total_swapcache_pages);
	CHECK(slab == global_page_state(NR_SLAB_RECLAIMABLE) +
		      global_page_state(NR_SLAB_UNRECLAIMABLE),
	      "%lu slab pages, counters say %lu", slab,
	      global_page_state(NR_SLAB_RECLAIMABLE) +
	      global_page_state(NR_SLAB_UNRECLAIMABLE));
	/* Between isolation and putback the counters run ahead of the flags. */
	if (!reclaim_passes_in_flight)
		CHECK(isolated == global_page_state(NR_ISOLATED_ANON) +
			          global_page_state(NR_ISOLATED_FILE),
		      "%lu isolated pages, counters say %lu", isolated,
		      global_page_state(NR_ISOLATED_ANON) +
		      global_page_state(NR_ISOLATED_FILE));
	/*
	 * Pages with no reference and on no free list are lost, unless they
	 * are the tails of a high-order allocation somebody holds: the
	 * caller says how many pages it holds outside the LRU and slab.
	 */
	/* Page tables and kernel stacks are held too (memory.c, fork.c). */
	if (mm_debug_expected_other >= 0)
		CHECK((long)(page_census.other + unreferenced) ==
		      mm_debug_expected_other + (long)kernel_held_pages(),
		      "%lu pages held outside LRU, slab and free lists (%lu of them "
		      "unreferenced), expected %ld", page_census.other + unreferenced,
		      unreferenced, mm_debug_expected_other + (long)kernel_held_pages());
	page_census.other += unreferenced;
	return 0;
fail:
	return -1;
}

int check_page_conservation(char *msg, size_t len)
{
	struct census_state st = { 0 };
	unsigned long sum = 0;
	struct zone *zone;
	int ret = -1;

	memset(&page_census, 0, sizeof(page_census));
	st.where = calloc(max_pfn ? max_pfn : 1, 1);
	st.mapped = calloc(max_pfn ? max_pfn : 1, 1);
	CHECK(st.where && st.mapped, "out of host memory");
	for (unsigned int t = 0; t < nr_swapfiles; t++) {
		st.slot_ptes[t] = calloc(swap_info[t].max, 1);
		CHECK(st.slot_ptes[t], "out of host memory");
	}
	for_each_populated_zone(zone) {
		page_census.managed += zone->managed_pages;
		if (census_zone_lists(&st, zone, msg, len))
			goto out;
	}
	if (census_ptes(&st, msg, len) || census_swap(&st, msg, len) ||
	    census_pages(&st, msg, len))
		goto out;
	sum = page_census.buddy + page_census.pcp + page_census.isolated +
	      page_census.slab + page_census.other;
	for (enum lru_list l = 0; l < NR_LRU_LISTS; l++)
		sum += page_census.lru[l];
	CHECK(sum == page_census.managed,
	      "found %lu pages, %lu managed", sum, page_census.managed);
	ret = 0;
	goto out;
fail:
	ret = -1;
out:
	free(st.where);
	free(st.mapped);
	for (unsigned int t = 0; t < nr_swapfiles; t++)
		free(st.slot_ptes[t]);
	return ret;
}

void mm_debug_check(const char *where)
{
	static char msg[320];
	char text[256];

	if (!mm_debug_checks)
		return;
	if (check_page_conservation(text, sizeof(text)) == 0)
		return;
	snprintf(msg, sizeof(msg), "page conservation after %s: %s", where, text);
	mmsim_bug(__FILE__, __LINE__, msg);
}
