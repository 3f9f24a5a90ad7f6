/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SHIM (writeback branch): the interfaces filemap.c, page-writeback.c,
 * fs-writeback.c and ext3.c expect from the blk branch (bio.h,
 * backing-dev.h, blkdev.h) and the reclaim branch (fs.h, swap.c), written
 * before either had committed.  Everything here is replaced by their
 * headers at merge; nothing outside the writeback files includes it.
 */
#ifndef MMSIM_WB_SHIM_H
#define MMSIM_WB_SHIM_H

#include <stdint.h>
#include <stdbool.h>
#include "mm_types.h"
#include "gfp.h"
#include "pagemap.h"

struct writeback_control;
struct file;

/* ---- blk: bio.h, blkdev.h, backing-dev.h ---------------------------- */

typedef uint64_t sector_t;
typedef unsigned int dev_t;
#define MAJOR(dev)	((unsigned int)((dev) >> 20))
#define MINOR(dev)	((unsigned int)((dev) & ((1U << 20) - 1)))
#define MKDEV(ma, mi)	(((ma) << 20) | (mi))

#define READ		0
#define WRITE		1
#define REQ_SYNC	(1UL << 4)
#define WRITE_SYNC	(WRITE | REQ_SYNC)

struct bio_vec {
	struct page *bv_page;
	unsigned int bv_len;
	unsigned int bv_offset;
};

struct bio;
typedef void (bio_end_io_t)(struct bio *, int);

struct bio {
	sector_t bi_sector;
	struct block_device *bi_bdev;
	unsigned long bi_rw;
	unsigned short bi_vcnt;
	unsigned short bi_max_vecs;
	unsigned int bi_size;
	struct bio_vec *bi_io_vec;
	bio_end_io_t *bi_end_io;
	void *bi_private;
};

#define BIO_MAX_PAGES	256

struct bio *bio_alloc(gfp_t gfp, int nr_iovecs);
int bio_add_page(struct bio *bio, struct page *page, unsigned int len,
		 unsigned int offset);
void bio_put(struct bio *bio);
void submit_bio(int rw, struct bio *bio);

struct backing_dev_info {
	unsigned long state;
	const char *name;
	void *wb_private;
};

struct block_device {
	dev_t bd_dev;
	sector_t bd_nr_sectors;
	struct backing_dev_info *bd_bdi;
};

static inline struct backing_dev_info *blk_get_backing_dev_info(struct block_device *bdev)
{
	return bdev->bd_bdi;
}

bool bdi_write_congested(struct backing_dev_info *bdi);
bool bdi_read_congested(struct backing_dev_info *bdi);

enum cw_site {
	CW_ALLOC,
	CW_HIGH_PRIORITY,
	CW_DIRECT,
	CW_KSWAPD,
	CW_LUMPY,
	CW_ISOLATED,
	CW_THROTTLE_VM,
	CW_BDP,
	CW_PDFLUSH,
	CW_DMCRYPT,
	NR_CW_SITES
};
long congestion_wait_site(enum cw_site site, int sync, long timeout);

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
