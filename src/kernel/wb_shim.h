/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SHIM (writeback branch): the interfaces filemap.c, page-writeback.c,
 * fs-writeback.c and ext3.c expect from the reclaim branch (fs.h, swap.c),
 * written before it had committed.  Replaced by its headers at merge;
 * nothing outside the writeback files includes it.
 */
#ifndef MMSIM_WB_SHIM_H
#define MMSIM_WB_SHIM_H

#include <stdint.h>
#include <stdbool.h>
#include "mm_types.h"
#include "gfp.h"
#include "pagemap.h"
#include "../sim/sim.h"
#include "bio.h"
#include "backing-dev.h"
#include "blkdev.h"

struct writeback_control;
struct file;

/* ---- reclaim: fs.h, swap.c ------------------------------------------ */

struct address_space_operations {
	int (*writepage)(struct page *page, struct writeback_control *wbc);
	int (*readpage)(struct file *file, struct page *page);
	int (*readpages)(struct file *file, struct address_space *mapping,
			 struct list_head *pages, unsigned int nr_pages);
	int (*set_page_dirty)(struct page *page);
};

struct address_space {
	uint32_t handle;		/* what page->mapping holds */
	struct inode *host;
	const struct address_space_operations *a_ops;
	struct backing_dev_info *backing_dev_info;
	unsigned long nrpages;
	gfp_t gfp_mask;
	struct page **pages;		/* index -> page */
	unsigned long nr_slots;
};

struct address_space *mapping_of(uint32_t handle);
uint32_t mapping_register(struct address_space *mapping);
void mapping_unregister(struct address_space *mapping);
struct page *mapping_lookup(struct address_space *mapping, pgoff_t index);
int mapping_insert(struct address_space *mapping, pgoff_t index, struct page *page);
void mapping_delete(struct address_space *mapping, pgoff_t index);

static inline struct address_space *page_mapping(struct page *page)
{
	return page->mapping ? mapping_of(page->mapping) : NULL;
}

static inline gfp_t mapping_gfp_mask(struct address_space *mapping)
{
	return mapping->gfp_mask;
}

void lru_cache_add_file(struct page *page);
void mark_page_accessed(struct page *page);
void rotate_reclaimable_page(struct page *page);
void put_page(struct page *page);
extern long nr_swap_pages;

#endif /* MMSIM_WB_SHIM_H */
