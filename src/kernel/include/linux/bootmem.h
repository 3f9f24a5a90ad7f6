/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Boot-time memory (2.6.32 include/linux/bootmem.h, mm/bootmem.c): what
 * is reserved before the buddy allocator exists, and the hand-over of
 * every other page to it.  max_pfn is declared in mm_types.h.
 *
 * mmsim has no bootmem bitmap: a reserved page is PG_reserved with a
 * count of 1 in mem_map from the start, and free_all_bootmem frees every
 * page that is not.
 */
#ifndef MMSIM_BOOTMEM_H
#define MMSIM_BOOTMEM_H

/* Reserve the pfns of [start, end) that are holes in the e820 map. */
void reserve_bootmem_holes(unsigned long start, unsigned long end);
/*
 * Reserve the next @nr RAM pfns from @pfn (before @end), skipping holes;
 * returns the pfn after the last one reserved.
 */
unsigned long reserve_bootmem_ram(unsigned long pfn, unsigned long end,
				  unsigned long nr);
/*
 * Free every page not reserved to the buddy allocator, node by node,
 * zone by zone, in ascending pfn order (zone->managed_pages); returns
 * how many.
 */
unsigned long free_all_bootmem(void);

#endif /* MMSIM_BOOTMEM_H */
