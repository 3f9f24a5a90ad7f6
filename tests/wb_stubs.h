/* SPDX-License-Identifier: GPL-2.0 */
/*
 * TEMPORARY (writeback branch): stand-ins for the reclaim branch's code
 * so test_filemap and test_writeback run before it merges: the
 * address_space handle registry and page table, the file LRU,
 * mark_page_accessed, rotate_reclaimable_page and put_page.  Included by
 * exactly one translation unit per test program.
 */
#ifndef WB_STUBS_H
#define WB_STUBS_H

#include <stdlib.h>
#include <string.h>
#include "kernel/kernel.h"
#include "kernel/mmzone.h"
#include "kernel/vmstat.h"
#include "kernel/wb_shim.h"

/* ---- reclaim side ------------------------------------------------------ */

#define STUB_MAX_MAPPINGS 1024
static struct address_space *stub_mappings[STUB_MAX_MAPPINGS];
long nr_swap_pages;
struct address_space swapper_space;

void mapping_release_table(struct address_space *mapping)
{
	free(mapping->pages);
	mapping->pages = NULL;
	mapping->nr_slots = 0;
}

struct address_space *mapping_of(uint32_t handle)
{
	return handle && handle <= STUB_MAX_MAPPINGS ? stub_mappings[handle - 1] : NULL;
}

uint32_t mapping_register(struct address_space *mapping)
{
	for (uint32_t i = 0; i < STUB_MAX_MAPPINGS; i++) {
		if (!stub_mappings[i]) {
			stub_mappings[i] = mapping;
			mapping->handle = i + 1;
			return i + 1;
		}
	}
	abort();
}

void mapping_unregister(struct address_space *mapping)
{
	stub_mappings[mapping->handle - 1] = NULL;
	mapping_release_table(mapping);
}

struct page *mapping_lookup(struct address_space *mapping, pgoff_t index)
{
	return index < mapping->nr_slots ? mapping->pages[index] : NULL;
}

int mapping_insert(struct address_space *mapping, pgoff_t index, struct page *page)
{
	if (index >= mapping->nr_slots) {
		unsigned long n = mapping->nr_slots ? mapping->nr_slots : 64;
		struct page **p;

		while (n <= index)
			n *= 2;
		p = realloc(mapping->pages, n * sizeof(*p));
		if (!p)
			abort();
		memset(p + mapping->nr_slots, 0, (n - mapping->nr_slots) * sizeof(*p));
		mapping->pages = p;
		mapping->nr_slots = n;
	}
	mapping->pages[index] = page;
	return 0;
}

void mapping_delete(struct address_space *mapping, pgoff_t index)
{
	mapping->pages[index] = NULL;
}

static inline enum lru_list stub_page_lru(struct page *page)
{
	return PageActive(page) ? LRU_ACTIVE_FILE : LRU_INACTIVE_FILE;
}

void lru_cache_add_lru(struct page *page, enum lru_list lru)
{
	struct zone *zone = page_zone(page);

	SetPageLRU(page);
	list_add(&page->lru, &zone->lru[lru]);
	__inc_zone_page_state(zone, NR_LRU_BASE + lru);
}

void mark_page_accessed(struct page *page)
{
	if (!PageActive(page) && PageReferenced(page) && PageLRU(page)) {
		struct zone *zone = page_zone(page);

		list_move(&page->lru, &zone->lru[LRU_ACTIVE_FILE]);
		__dec_zone_page_state(zone, NR_INACTIVE_FILE);
		__inc_zone_page_state(zone, NR_ACTIVE_FILE);
		SetPageActive(page);
		count_vm_event(PGACTIVATE);
		ClearPageReferenced(page);
	} else if (!PageReferenced(page)) {
		SetPageReferenced(page);
	}
}

void rotate_reclaimable_page(struct page *page)
{
	if (!PageLocked(page) && !PageDirty(page) && !PageActive(page) &&
	    PageLRU(page)) {
		list_move_tail(&page->lru, &page_zone(page)->lru[LRU_INACTIVE_FILE]);
		count_vm_event(PGROTATED);
	}
}

void put_page(struct page *page)
{
	if (!put_page_testzero(page))
		return;
	if (PageLRU(page)) {
		list_del_init(&page->lru);
		__dec_zone_page_state(page_zone(page), NR_LRU_BASE + stub_page_lru(page));
		ClearPageLRU(page);
		ClearPageActive(page);
	}
	free_hot_page(page);
}

#endif /* WB_STUBS_H */
