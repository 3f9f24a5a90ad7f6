/* SPDX-License-Identifier: GPL-2.0 */
/* What mm/ files share among themselves only (2.6.32 mm/internal.h). */
#ifndef MMSIM_MM_INTERNAL_H
#define MMSIM_MM_INTERNAL_H

struct page;
struct zone;

/*
 * page_alloc.c: free_all_bootmem's path into the buddy allocator.  Boot
 * frees count in pgfree, as they do through the kernel's __free_pages.
 */
void __free_pages_bootmem(struct page *page, unsigned int order);

/*
 * vmscan_isolated.c: what too_many_isolated() read, per zone type and LRU
 * type (@file), kept for the too_many_isolated_seen measure; reset at
 * every boot by reclaim_init().
 */
void note_isolated(struct zone *zone, int file, unsigned long isolated,
		   unsigned long inactive);
void isolated_seen_reset(void);

#endif /* MMSIM_MM_INTERNAL_H */
