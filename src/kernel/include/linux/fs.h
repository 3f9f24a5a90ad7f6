/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct address_space: what a page's ->mapping names.  A file's page
 * cache, the swap cache (swapper_space) and every anonymous region
 * (standing in for the kernel's anon_vma) are address_spaces here, told
 * apart by AS_FILE / AS_ANON in ->flags.
 *
 * page->mapping is a 32-bit handle, not a pointer (struct page stays
 * small); mapping_of() turns it into the address_space in O(1).  Handles
 * are never 0 and are reused after mapping_unregister().
 *
 * The index -> page table is a flat array grown on demand: files in mmsim
 * are at most a few GB, so a radix tree would buy nothing.
 */
#ifndef MMSIM_FS_H
#define MMSIM_FS_H

#include <stdint.h>
#include <stdbool.h>
#include "linux/mm_types.h"
#include "linux/gfp.h"
#include "sim/list.h"

typedef unsigned long pgoff_t;	/* as pagemap.h: C11 allows the repeat */

struct page;
struct inode;
struct file;
struct backing_dev_info;
struct writeback_control;
struct address_space;

struct address_space_operations {
	/* Start writing @page (locked, dirty bit already cleared by
	 * clear_page_dirty_for_io); unlocks it.  0, a negative error, or
	 * AOP_WRITEPAGE_ACTIVATE (page stays locked). */
	int (*writepage)(struct page *page, struct writeback_control *wbc);
	/* Start reading @page (locked, not uptodate); unlocks at completion. */
	int (*readpage)(struct file *file, struct page *page);
	int (*readpages)(struct file *file, struct address_space *mapping,
			 struct list_head *pages, unsigned int nr_pages);
	int (*set_page_dirty)(struct page *page);
};

/* address_space->flags */
#define AS_FILE		0x01	/* a file's page cache (or the swap cache's own) */
#define AS_ANON		0x02	/* an anonymous region: pages are PageAnon */
#define AS_SWAP		0x04	/* swapper_space */
#define AS_UNEVICTABLE	0x08	/* ramfs-like: never reclaimed */

struct address_space {
	uint32_t handle;		/* what page->mapping holds */
	unsigned int flags;		/* AS_* */
	struct inode *host;
	const struct address_space_operations *a_ops;
	struct backing_dev_info *backing_dev_info;
	unsigned long nrpages;		/* pages in the index table */
	gfp_t gfp_mask;			/* for page cache allocations */
	struct page **pages;		/* index -> page, NULL: not cached */
	unsigned long nr_slots;		/* size of pages[] */
	/* vmas mapping this file (struct vm_area_struct.shared): i_mmap. */
	struct list_head i_mmap;
	unsigned long i_mmap_count;
	void *private_data;		/* AS_ANON: the struct vm_area_struct */
};

/* ---- the handle registry ------------------------------------------- */

/* Give @mapping a handle (sets mapping->handle); initialises i_mmap. */
uint32_t mapping_register(struct address_space *mapping);
/* The address_space must hold no pages and no mappings any more. */
void mapping_unregister(struct address_space *mapping);
/* Forget every handle: start of a simulation. */
void mapping_registry_reset(void);

extern struct address_space **mapping_table;
extern uint32_t mapping_table_size;

static inline struct address_space *mapping_of(uint32_t handle)
{
	return handle && handle < mapping_table_size ? mapping_table[handle] : NULL;
}

/* ---- the index table ----------------------------------------------- */

static inline struct page *mapping_lookup(struct address_space *mapping,
					  pgoff_t index)
{
	return index < mapping->nr_slots ? mapping->pages[index] : NULL;
}

/* Store @page at @index (grows the table); -EEXIST if the slot is taken.
 * Does not touch nrpages or any counter: the page cache code does. */
int mapping_insert(struct address_space *mapping, pgoff_t index,
		   struct page *page);
void mapping_delete(struct address_space *mapping, pgoff_t index);
/* Free the index table (the mapping must be empty). */
void mapping_release_table(struct address_space *mapping);

/* ---- what reclaim asks of a mapping -------------------------------- */

extern struct address_space swapper_space;

/*
 * page_mapping(): the address_space whose a_ops and backing_dev_info
 * govern the page: swapper_space for a swap cache page, NULL for any other
 * anonymous page, the file's mapping otherwise.
 */
static inline struct address_space *page_mapping(const struct page *page)
{
	if (PageSwapCache(page))
		return &swapper_space;
	if (PageAnon(page))
		return NULL;
	return mapping_of(page->mapping);
}

static inline bool page_is_file_cache(const struct page *page)
{
	return !PageSwapBacked(page);
}

/* The file is mmapped by somebody (page_mapping_inuse). */
static inline bool mapping_mapped(const struct address_space *mapping)
{
	return mapping->i_mmap_count != 0;
}

static inline bool mapping_unevictable(const struct address_space *mapping)
{
	return mapping && (mapping->flags & AS_UNEVICTABLE);
}

static inline gfp_t mapping_gfp_mask(const struct address_space *mapping)
{
	return mapping->gfp_mask;
}

#endif /* MMSIM_FS_H */
