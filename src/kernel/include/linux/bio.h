/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct bio: one I/O of whole pages to consecutive sectors of a block
 * device, as include/linux/bio.h without segments or offsets (every page
 * is transferred whole).  fs/bio.c allocates them; block/blk-core.c
 * submits them.
 *
 * Completion: bi_end_io(bio, error) runs when the I/O is done and must not
 * sleep.  For a disk it runs in interrupt context (the disk's completion
 * interrupt, on the disk's interrupt CPU).  Through dm-crypt, a write ends
 * in that interrupt too, but a read ends in the kcryptd task after the
 * page was decrypted, as in 2.6.32 (kcryptd_crypt_read_done).
 */
#ifndef MMSIM_BIO_H
#define MMSIM_BIO_H

#include <stdbool.h>
#include <stdint.h>
#include "sim/sim.h"
#include "linux/mm_types.h"

typedef uint64_t sector_t;

#define SECTOR_SHIFT	9
#define PAGE_SECTORS	(PAGE_SIZE >> SECTOR_SHIFT)	/* 8 */

#ifndef READ
#define READ	0
#define WRITE	1
#endif

/* Bits of bi_rw beyond the direction (bit 0 = BIO_RW, set for a write). */
enum bio_rw_flags {
	BIO_RW,
	BIO_RW_AHEAD = 4,	/* readahead: may be dropped (not modelled) */
	BIO_RW_SYNCIO = 6,	/* a write somebody waits for: sync request */
	BIO_RW_UNPLUG = 7,	/* unplug the queue right after queueing */
	BIO_RW_NOIDLE = 10,	/* CFQ: do not idle after this one */
};

#define READ_SYNC	\
	(READ | (1UL << BIO_RW_SYNCIO) | (1UL << BIO_RW_UNPLUG))
#define WRITE_SYNC_PLUG	\
	(WRITE | (1UL << BIO_RW_SYNCIO) | (1UL << BIO_RW_NOIDLE))
#define WRITE_SYNC	(WRITE_SYNC_PLUG | (1UL << BIO_RW_UNPLUG))

struct bio;
struct block_device;
typedef void (bio_end_io_t)(struct bio *bio, int error);

struct bio {
	sector_t bi_sector;		/* first sector on bi_bdev */
	struct bio *bi_next;		/* next bio of the same request */
	struct block_device *bi_bdev;	/* target device */
	unsigned long bi_rw;		/* READ/WRITE and BIO_RW_* bits */
	unsigned int bi_vcnt;		/* pages in bi_io_vec */
	unsigned int bi_max_vecs;	/* room in bi_io_vec */
	bio_end_io_t *bi_end_io;
	void *bi_private;		/* for the bi_end_io owner */
	sim_time_t bi_submit_time;	/* mmsim: when submit_bio took it */
	struct list_head bi_live;	/* mmsim: every bio not yet put */
	struct page *bi_io_vec[];	/* whole pages, in sector order */
};

/* Room for @nr_pages pages; bi_vcnt starts at 0.  Never fails. */
struct bio *bio_alloc(unsigned int nr_pages);
void bio_put(struct bio *bio);
/* Append a whole page; returns PAGE_SIZE, or 0 when the bio is full. */
unsigned int bio_add_page(struct bio *bio, struct page *page);
/* End @bio: calls bi_end_io (which usually frees it). */
void bio_endio(struct bio *bio, int error);
/* A bio sharing @bio's pages, to send elsewhere (dm remapping). */
struct bio *bio_clone(const struct bio *bio);
/*
 * mmsim: the end of a simulation (blk_dev_exit): free every bio not yet
 * put (a run stops with I/O in flight) and the free lists.
 */
void bio_exit(void);

static inline int bio_data_dir(const struct bio *bio)
{
	return bio->bi_rw & (1UL << BIO_RW) ? WRITE : READ;
}

static inline bool bio_rw_flagged(const struct bio *bio, enum bio_rw_flags f)
{
	return bio->bi_rw & (1UL << f);
}

/* rw_is_sync: every read is sync; a write only with BIO_RW_SYNCIO. */
static inline bool rw_is_sync(unsigned long rw)
{
	return !(rw & (1UL << BIO_RW)) || (rw & (1UL << BIO_RW_SYNCIO));
}

static inline bool bio_sync(const struct bio *bio)
{
	return rw_is_sync(bio->bi_rw);
}

static inline unsigned int bio_sectors(const struct bio *bio)
{
	return bio->bi_vcnt * PAGE_SECTORS;
}

static inline unsigned long bio_size(const struct bio *bio)
{
	return (unsigned long)bio->bi_vcnt * PAGE_SIZE;
}

/*
 * Submit @bio (bi_rw, bi_sector, bi_bdev, pages and bi_end_io set).
 * Counts PGPGIN/PGPGOUT in KiB.  In task context it may sleep in
 * get_request_wait when the disk's request list for the bio's direction is
 * full; in interrupt context it never sleeps (block/blk-core.c,
 * __make_request).
 */
void submit_bio(struct bio *bio);
/* As submit_bio, without the vm event counts: stacked drivers resubmit
 * their clones with it. */
void generic_make_request(struct bio *bio);

#endif /* MMSIM_BIO_H */
