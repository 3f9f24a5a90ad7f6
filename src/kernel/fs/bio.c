// SPDX-License-Identifier: GPL-2.0
/*
 * Bios, as 2.6.32's fs/bio.c: allocation (bio_alloc), freeing (bio_put),
 * filling (bio_add_page), completion (bio_endio) and cloning for stacked
 * drivers (bio_clone).  Whole pages only (include/linux/bio.h).
 */
#include <stdlib.h>
#include <string.h>
#include "linux/bio.h"

/*
 * A run stops at an instant, with I/O in flight: the bios still held by
 * queues, the disk or dm-crypt are freed at blk_dev_exit().
 */
static LIST_HEAD(live_bios);

/*
 * Freed bios wait on per-size free lists (the kernel's bio slabs and
 * bvec pools, in spirit): a run allocates and frees a few million bios of
 * up to 1 MiB, and calloc/free of those sizes was 6% of a default run's
 * instructions.  Class k holds room for 2^k pages.  Under ASan the lists
 * are off, so a use after bio_put is still caught.
 */
#define BIO_CACHE_CLASSES	9	/* up to 256 pages, ext3's largest bio */

static struct bio *bio_cache[BIO_CACHE_CLASSES];

static int bio_cache_class(unsigned int nr_pages)
{
	int k = 0;

#ifdef MMSIM_ASAN
	return -1;
#endif
	while ((1U << k) < nr_pages)
		k++;
	return k < BIO_CACHE_CLASSES ? k : -1;
}

struct bio *bio_alloc(unsigned int nr_pages)
{
	int k = bio_cache_class(nr_pages);
	size_t room = k < 0 ? nr_pages : 1U << k;
	size_t size = sizeof(struct bio) + room * sizeof(struct page *);
	struct bio *bio;

	if (k >= 0 && bio_cache[k]) {
		bio = bio_cache[k];
		bio_cache[k] = bio->bi_next;
		memset(bio, 0, size);
	} else {
		bio = calloc(1, size);
		if (!bio)
			abort();
	}
	bio->bi_max_vecs = nr_pages;
	list_add(&bio->bi_live, &live_bios);
	return bio;
}

void bio_put(struct bio *bio)
{
	int k = bio_cache_class(bio->bi_max_vecs);

	list_del(&bio->bi_live);
	if (k < 0) {
		free(bio);
		return;
	}
	bio->bi_next = bio_cache[k];
	bio_cache[k] = bio;
}

static void bio_cache_drain(void)
{
	for (int k = 0; k < BIO_CACHE_CLASSES; k++)
		while (bio_cache[k]) {
			struct bio *bio = bio_cache[k];

			bio_cache[k] = bio->bi_next;
			free(bio);
		}
}

static void bio_free_all(void)
{
	struct bio *bio, *n;

	list_for_each_entry_safe(bio, n, &live_bios, bi_live)
		bio_put(bio);
}

void bio_exit(void)
{
	bio_free_all();
	bio_cache_drain();
}

unsigned int bio_add_page(struct bio *bio, struct page *page)
{
	if (bio->bi_vcnt >= bio->bi_max_vecs)
		return 0;
	bio->bi_io_vec[bio->bi_vcnt++] = page;
	return PAGE_SIZE;
}

void bio_endio(struct bio *bio, int error)
{
	if (bio->bi_end_io)
		bio->bi_end_io(bio, error);
}

struct bio *bio_clone(const struct bio *bio)
{
	struct bio *b = bio_alloc(bio->bi_vcnt);

	b->bi_sector = bio->bi_sector;
	b->bi_bdev = bio->bi_bdev;
	b->bi_rw = bio->bi_rw;
	b->bi_vcnt = bio->bi_vcnt;
	b->bi_submit_time = bio->bi_submit_time;
	memcpy(b->bi_io_vec, bio->bi_io_vec,
	       bio->bi_vcnt * sizeof(bio->bi_io_vec[0]));
	return b;
}
