// SPDX-License-Identifier: GPL-2.0
/*
 * Boot-time memory (2.6.32 mm/bootmem.c): max_pfn, the reservations made
 * before the buddy allocator runs (the e820 holes, the kernel image, each
 * zone's memmap; reserve_bootmem) and free_all_bootmem, which hands every
 * other page to the buddy allocator.
 */
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "linux/bootmem.h"
#include "internal.h"

unsigned long max_pfn;

static void mark_reserved(unsigned long start, unsigned long nr)
{
	for (unsigned long pfn = start; pfn < start + nr; pfn++) {
		struct page *page = pfn_to_page(pfn);

		SetPageReserved(page);
		page->_count = 1;
	}
}

void reserve_bootmem_holes(unsigned long start, unsigned long end)
{
	for (unsigned long pfn = start; pfn < min(end, E820_HOLES_END_PFN); pfn++)
		if (pfn_is_hole(pfn))
			mark_reserved(pfn, 1);
}

unsigned long reserve_bootmem_ram(unsigned long pfn, unsigned long end,
				  unsigned long nr)
{
	while (nr && pfn < end) {
		if (!pfn_is_hole(pfn)) {
			mark_reserved(pfn, 1);
			nr--;
		}
		pfn++;
	}
	return pfn;
}

/*
 * free_all_bootmem_core for one zone, in ascending pfn order.  The kernel
 * frees BITS_PER_LONG-page chunks or single pages and lets
 * __free_one_page coalesce them; freeing the maximal aligned blocks
 * directly, in the same order, completes the same blocks in the same
 * sequence, so the free lists end up identical.
 */
static void free_all_bootmem_zone(struct zone *zone)
{
	unsigned long pfn = zone->zone_start_pfn;
	unsigned long end = pfn + zone->spanned_pages;

	while (pfn < end) {
		unsigned long run_end = pfn;

		if (PageReserved(pfn_to_page(pfn))) {
			pfn++;
			continue;
		}
		while (run_end < end && !PageReserved(pfn_to_page(run_end)))
			run_end++;
		while (pfn < run_end) {
			unsigned int order = pfn ? (unsigned int)__builtin_ctzl(pfn) :
				MAX_ORDER - 1;

			if (order > MAX_ORDER - 1)
				order = MAX_ORDER - 1;
			while (pfn + (1UL << order) > run_end)
				order--;
			__free_pages_bootmem(pfn_to_page(pfn), order);
			zone->managed_pages += 1UL << order;
			pfn += 1UL << order;
		}
	}
}

unsigned long free_all_bootmem(void)
{
	unsigned long total = 0;
	pg_data_t *pgdat;

	for_each_online_pgdat(pgdat) {
		for (int t = 0; t < MAX_NR_ZONES; t++) {
			struct zone *zone = &pgdat->node_zones[t];

			if (!populated_zone(zone))
				continue;
			free_all_bootmem_zone(zone);
			total += zone->managed_pages;
		}
	}
	return total;
}
