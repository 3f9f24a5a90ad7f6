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
#include "mmzone.h"

struct writeback_control;
struct file;

/* ---- reclaim: fs.h, swap.h (as in the reclaim worktree) ------------ */

#define AS_FILE		0x01
#define AS_ANON		0x02
#define AS_SWAP		0x04
#define AS_UNEVICTABLE	0x08

struct address_space_operations {
	int (*writepage)(struct page *page, struct writeback_control *wbc);
	int (*readpage)(struct file *file, struct page *page);
	int (*readpages)(struct file *file, struct address_space *mapping,
			 struct list_head *pages, unsigned int nr_pages);
	int (*set_page_dirty)(struct page *page);
};

struct address_space {
	uint32_t handle;
	unsigned int flags;
	struct inode *host;
	const struct address_space_operations *a_ops;
	struct backing_dev_info *backing_dev_info;
	unsigned long nrpages;
	gfp_t gfp_mask;
	struct page **pages;
	unsigned long nr_slots;
	struct list_head i_mmap;
	unsigned long i_mmap_count;
	void *private_data;
};

uint32_t mapping_register(struct address_space *mapping);
void mapping_unregister(struct address_space *mapping);
void mapping_registry_reset(void);
struct address_space *mapping_of(uint32_t handle);
struct page *mapping_lookup(struct address_space *mapping, pgoff_t index);
int mapping_insert(struct address_space *mapping, pgoff_t index, struct page *page);
void mapping_delete(struct address_space *mapping, pgoff_t index);
void mapping_release_table(struct address_space *mapping);

extern struct address_space swapper_space;

static inline struct address_space *page_mapping(const struct page *page)
{
	if (PageSwapCache(page))
		return &swapper_space;
	if (PageAnon(page))
		return NULL;
	return mapping_of(page->mapping);
}

static inline gfp_t mapping_gfp_mask(const struct address_space *mapping)
{
	return mapping->gfp_mask;
}

void lru_cache_add_lru(struct page *page, enum lru_list lru);
static inline void lru_cache_add_file(struct page *page)
{
	lru_cache_add_lru(page, LRU_INACTIVE_FILE);
}
void mark_page_accessed(struct page *page);
void rotate_reclaimable_page(struct page *page);
void put_page(struct page *page);
#define page_cache_get(page)		get_page(page)
#define page_cache_release(page)	put_page(page)
extern long nr_swap_pages;

#endif /* MMSIM_WB_SHIM_H */
