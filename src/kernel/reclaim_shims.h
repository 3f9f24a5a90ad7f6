/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SHIM (reclaim branch).  Reclaim and swap call into two areas written on
 * other branches: the block layer (bio.h, backing-dev.h, blkdev.h: struct
 * bio, submit_bio, backing_dev_info, congestion_wait_site) and the page
 * cache / writeback code (pagemap.h, writeback.h: the page lock, the
 * writeback bit, set_page_dirty, struct writeback_control).
 *
 * Where their headers exist this file only includes them.  Where they do
 * not yet (before those branches are merged), it declares the minimal
 * subset reclaim uses, with the same names and signatures, and
 * reclaim_shims.c implements it:
 *
 *  - a block device that completes every bio after a fixed delay (a timer
 *    standing in for the disk's completion interrupt), with no request
 *    queue, no plugging and therefore never congested;
 *  - congestion_wait_site on the two global wait queues, woken by nobody
 *    (the shim disk never clears congestion), so every call sleeps its
 *    full timeout;
 *  - the page lock and PG_writeback waits on a hashed table of wait queues,
 *    set_page_dirty / clear_page_dirty_for_io with NR_FILE_DIRTY for file
 *    pages, set_page_writeback / end_page_writeback with NR_WRITEBACK.
 *
 * Each half switches itself off when the real header appears
 * (__has_include), so merging blk or writeback needs no edit here.
 */
#ifndef MMSIM_RECLAIM_SHIMS_H
#define MMSIM_RECLAIM_SHIMS_H

#include <stdint.h>
#include <stdbool.h>
#include "mm_types.h"
#include "gfp.h"
#include "profile.h"
#include "fs.h"
#include "../sim/sim.h"

/* ==== the block layer ================================================ */

#if __has_include("bio.h") && __has_include("backing-dev.h") && __has_include("blkdev.h")
#define MMSIM_HAVE_BLK 1
#include "bio.h"
#include "backing-dev.h"
#include "blkdev.h"
#else
#define MMSIM_HAVE_BLK 0

typedef uint64_t sector_t;
#define SECTOR_SHIFT	9
#define PAGE_SECTORS	(PAGE_SIZE >> SECTOR_SHIFT)
#ifndef READ
#define READ	0
#define WRITE	1
#endif
enum bio_rw_flags {
	BIO_RW,
	BIO_RW_AHEAD = 4,
	BIO_RW_SYNCIO = 6,
	BIO_RW_UNPLUG = 7,
	BIO_RW_NOIDLE = 10,
};

struct bio;
struct block_device;
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
void bio_endio(struct bio *bio, int error);
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
	void (*unplug_io_fn)(struct backing_dev_info *bdi, struct page *page);
	void *unplug_io_data;
};

void bdi_init(struct backing_dev_info *bdi, const char *name);

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
	sector_t bd_nr_sectors;
	struct backing_dev_info bd_bdi;
	sim_time_t shim_latency[2];	/* [READ], [WRITE] */
	unsigned long shim_in_flight;
	unsigned long shim_bios[2];
};

static inline struct backing_dev_info *
blk_get_backing_dev_info(struct block_device *bdev)
{
	return &bdev->bd_bdi;
}

void blk_run_backing_dev(struct backing_dev_info *bdi, struct page *page);

/* A shim disk: each bio completes @read_ns / @write_ns after submission. */
struct block_device *shim_bdev_create(const char *name, sector_t nr_sectors,
				      sim_time_t read_ns, sim_time_t write_ns);
void shim_bdev_destroy(struct block_device *bdev);
/* congestion_wait_site calls per site since the last reset. */
extern unsigned long shim_cw_calls[NR_CW_SITES];
void shim_blk_reset(void);
#endif /* blk */

/* ==== the page cache and writeback =================================== */

#if __has_include("pagemap.h") && __has_include("writeback.h")
#define MMSIM_HAVE_WRITEBACK 1
#include "pagemap.h"
#include "writeback.h"
#else
#define MMSIM_HAVE_WRITEBACK 0

static inline bool trylock_page(struct page *page)
{
	return !TestSetPageLocked(page);
}
void __lock_page(struct page *page);
static inline void lock_page(struct page *page)
{
	if (!trylock_page(page))
		__lock_page(page);
}
void unlock_page(struct page *page);
void wait_on_page_locked(struct page *page);
void wait_on_page_writeback(struct page *page);
void end_page_writeback(struct page *page);
void wake_up_page(struct page *page);

enum writeback_sync_modes {
	WB_SYNC_NONE,
	WB_SYNC_ALL,
};

struct writeback_control {
	struct backing_dev_info *bdi;
	enum writeback_sync_modes sync_mode;
	unsigned long *older_than_this;
	long nr_to_write;
	long pages_skipped;
	pgoff_t range_start;
	pgoff_t range_end;
	unsigned nonblocking:1;
	unsigned encountered_congestion:1;
	unsigned for_kupdate:1;
	unsigned for_background:1;
	unsigned for_reclaim:1;
	unsigned range_cyclic:1;
	unsigned more_io:1;
};

#define AOP_WRITEPAGE_ACTIVATE	0x80000

int set_page_dirty(struct page *page);
bool clear_page_dirty_for_io(struct page *page);
int test_set_page_writeback(struct page *page);
static inline void set_page_writeback(struct page *page)
{
	test_set_page_writeback(page);
}
void throttle_vm_writeout(gfp_t gfp_mask);
void wakeup_flusher_threads(long nr_pages);
/* Forget the page waiters: start of a simulation. */
void shim_page_waiters_reset(void);
#endif /* writeback */

#endif /* MMSIM_RECLAIM_SHIMS_H */
