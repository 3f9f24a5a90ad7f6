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
#include "../sim/sim.h"

struct writeback_control;
struct file;

/* ---- blk: bio.h, blkdev.h, backing-dev.h (as in the blk worktree) ---- */

typedef uint64_t sector_t;

#define READ	0
#define WRITE	1
enum bio_rw_flags {
	BIO_RW,
	BIO_RW_AHEAD = 4,
	BIO_RW_SYNCIO = 6,
	BIO_RW_UNPLUG = 7,
	BIO_RW_NOIDLE = 10,
};
#define WRITE_SYNC_PLUG	(WRITE | (1UL << BIO_RW_SYNCIO) | (1UL << BIO_RW_NOIDLE))
#define WRITE_SYNC	(WRITE_SYNC_PLUG | (1UL << BIO_RW_UNPLUG))

struct bio;
typedef void (bio_end_io_t)(struct bio *bio, int error);

struct bio {
	sector_t bi_sector;
	struct bio *bi_next;
	struct block_device *bi_bdev;
	unsigned long bi_rw;
	unsigned int bi_vcnt;
	unsigned int bi_max_vecs;
	bio_end_io_t *bi_end_io;
	void *bi_private;
	sim_time_t bi_submit_time;
	struct page *bi_io_vec[];
};

struct bio *bio_alloc(unsigned int nr_pages);
void bio_put(struct bio *bio);
unsigned int bio_add_page(struct bio *bio, struct page *page);
void submit_bio(struct bio *bio);

enum bdi_state {
	BDI_pending,
	BDI_wb_alloc,
	BDI_async_congested,
	BDI_sync_congested,
	BDI_registered,
};

struct backing_dev_info {
	const char *name;
	unsigned long state;
	unsigned long ra_pages;
};

static inline int bdi_read_congested(struct backing_dev_info *bdi)
{
	return (int)(bdi->state & (1UL << BDI_sync_congested));
}

static inline int bdi_write_congested(struct backing_dev_info *bdi)
{
	return (int)(bdi->state & (1UL << BDI_async_congested));
}

enum cw_site {
	CW_ALLOC_RETRY,
	CW_HIGH_PRIORITY,
	CW_DIRECT_RECLAIM,
	CW_KSWAPD,
	CW_LUMPY,
	CW_ISOLATED,
	CW_THROTTLE_VM,
	CW_BDP,
	CW_PDFLUSH,
	CW_DMCRYPT,
	CW_OTHER,
	NR_CW_SITES
};
long congestion_wait_site(enum cw_site site, int sync, long timeout);

struct block_device {
	char bd_name[32];
	struct backing_dev_info *bd_bdi;	/* blk: &bd_queue->backing_dev_info */
	sector_t bd_nr_sectors;
};

static inline struct backing_dev_info *
blk_get_backing_dev_info(struct block_device *bdev)
{
	return bdev->bd_bdi;
}

void blk_run_backing_dev(struct backing_dev_info *bdi, struct page *page);

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
