/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct bio: one I/O of whole pages to consecutive sectors of a block
 * device, as include/linux/bio.h without segments or offsets (every page
 * is transferred whole).  fs/bio.c allocates them from bio_sets, in slab
 * objects; block/blk-core.c submits them.
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
#include "linux/gfp.h"
#include "linux/mempool.h"

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
struct bio_set;
struct block_device;
typedef void (bio_end_io_t)(struct bio *bio, int error);
typedef void (bio_destructor_t)(struct bio *bio);

#define BIO_INLINE_VECS		4	/* bio_vecs inside every bio-N object */
#define BIO_MAX_PAGES		256
#define BIOVEC_NR_POOLS		6
#define BIOVEC_MAX_IDX		(BIOVEC_NR_POOLS - 1)
#define BIO_POOL_NONE		BIOVEC_NR_POOLS	/* inline vecs or none */
#define BIO_POOL_SIZE		2	/* fs_bio_set's reserve */

/*
 * struct bio as include/linux/bio.h of 2.6.32, with whole pages for
 * bio_vecs.  The host struct lives in a bio-0 slab object (the kernel's
 * struct bio and BIO_INLINE_VECS bio_vecs: 168 bytes on x86-64, 120 on
 * x86); a bio of more than four pages has its page array in a biovec-N
 * object (bvec_alloc_bs), or one of the bio_set's biovec-256 reserve.
 */
struct bio {
	sector_t bi_sector;		/* first sector on bi_bdev */
	struct bio *bi_next;		/* next bio of the same request */
	struct block_device *bi_bdev;	/* target device */
	unsigned long bi_rw;		/* READ/WRITE and BIO_RW_* bits */
	unsigned int bi_vcnt;		/* pages in bi_io_vec */
	unsigned int bi_max_vecs;	/* room in bi_io_vec */
	unsigned int bi_pool_idx;	/* BIO_POOL_IDX: the vecs' biovec slab */
	int bi_cnt;			/* pin count: bio_put frees at 0 */
	struct page **bi_io_vec;	/* whole pages, in sector order */
	bio_end_io_t *bi_end_io;
	void *bi_private;		/* for the bi_end_io owner */
	bio_destructor_t *bi_destructor;	/* frees it into its bio_set */
	sim_time_t bi_submit_time;	/* mmsim: when submit_bio took it */
	sim_time_t bi_queue_time;	/* mmsim: when it entered its device's
					 * queue (generic_make_request) */
	struct page *bi_inline_vecs[BIO_INLINE_VECS];
};

/* A pool of bios and of biovec-256 arrays (fs/bio.c bioset_create). */
struct bio_set {
	struct kmem_cache *bio_slab;
	mempool_t *bio_pool;
	mempool_t *bvec_pool;
};

extern struct bio_set *fs_bio_set;

/*
 * fs/bio.c init_bio: the biovec-N caches, the bio-0 cache and fs_bio_set
 * (BIO_POOL_SIZE bios and biovec-256 arrays).  A start_kernel initcall;
 * bio_exit() drops them (the caches go with kmem_cache_exit).
 */
void init_bio(void);
void bio_exit(void);

/* A bio_set of @pool_size bios and biovec-256 arrays. */
struct bio_set *bioset_create(unsigned int pool_size, unsigned int front_pad);
void bioset_free(struct bio_set *bs);

/*
 * A bio from @bs with room for @nr_iovecs pages (4 inline; more from a
 * biovec slab, whose size sets bi_max_vecs), through the bio_set's
 * mempools: never NULL with __GFP_WAIT, NULL without when memory and the
 * reserve are both short.
 */
struct bio *bio_alloc_bioset(gfp_t gfp_mask, unsigned int nr_iovecs,
			     struct bio_set *bs);
/* From fs_bio_set, freed by bio_fs_destructor. */
struct bio *bio_alloc(gfp_t gfp_mask, unsigned int nr_iovecs);
/* Drop a reference; the last one calls bi_destructor. */
void bio_put(struct bio *bio);
/* bio_free: @bio's vecs and itself back to @bs. */
void bio_free(struct bio *bio, struct bio_set *bs);
/* Append a whole page; returns PAGE_SIZE, or 0 when the bio is full. */
unsigned int bio_add_page(struct bio *bio, struct page *page);
/* End @bio: calls bi_end_io (which usually frees it). */
void bio_endio(struct bio *bio, int error);
/* __bio_clone: @dst shares @src's pages, sector, device and flags. */
void __bio_clone(struct bio *dst, const struct bio *src);
/* bio_clone: a clone from fs_bio_set. */
struct bio *bio_clone(const struct bio *bio, gfp_t gfp_mask);
/* Bios allocated and not yet freed (the checker's and tests' count). */
unsigned long bio_nr_live(void);

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
