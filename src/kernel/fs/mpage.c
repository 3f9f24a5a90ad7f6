// SPDX-License-Identifier: GPL-2.0
/*
 * Multi-page reads (2.6.32 fs/mpage.c): mpage_readpages builds one READ
 * bio per run of contiguous blocks, up to BIO_MAX_PAGES pages, and
 * mpage_end_io_read completes its pages; a hole is zeroed without I/O.
 * Only the whole-page, block-per-page case exists here, so there is no
 * fallback to block_read_full_page.
 */
#include "linux/kernel.h"
#include "linux/pagemap.h"
#include "linux/swap.h"
#include "linux/bio.h"
#include "linux/blkdev.h"
#include "linux/mpage.h"


static void mpage_end_io_read(struct bio *bio, int error)
{
	sb_end_bio(bio->bi_private);
	for (unsigned int i = 0; i < bio->bi_vcnt; i++) {
		struct page *page = bio->bi_io_vec[i];

		if (!error) {
			SetPageUptodate(page);
		} else {
			ClearPageUptodate(page);
			SetPageError(page);
		}
		unlock_page(page);
	}
	bio_put(bio);
}

static struct bio *mpage_bio_submit(int rw, struct bio *bio)
{
	bio->bi_rw = (unsigned long)rw;
	sb_submit_bio(bio->bi_private, bio);
	return NULL;
}

/* A read bio from @first_sector of @sb's device, counted on @sb. */
static struct bio *mpage_alloc(struct super_block *sb, sector_t first_sector,
			       unsigned int nr_vecs)
{
	struct bio *bio;

	if (nr_vecs > BIO_MAX_PAGES)
		nr_vecs = BIO_MAX_PAGES;
	/* mpage_alloc: mapping_gfp_mask(mapping) & GFP_KERNEL. */
	bio = bio_alloc(GFP_KERNEL, nr_vecs);
	bio->bi_rw = READ;
	bio->bi_bdev = sb->s_bdev;
	bio->bi_private = sb;
	bio->bi_sector = first_sector;
	bio->bi_end_io = mpage_end_io_read;
	return bio;
}

/*
 * Add one locked, cached page to the read bio being built, starting a new
 * bio where blocks stop being contiguous; a hole is zeroed without I/O.
 */
static struct bio *do_mpage_readpage(struct bio *bio, struct page *page,
				     unsigned int nr_pages,
				     sector_t *last_block_in_bio,
				     get_block_t get_block)
{
	struct inode *inode = page_mapping(page)->host;
	const unsigned int blkbits = inode->i_blkbits;
	struct buffer_head map_bh = { 0 };
	sector_t block;

	get_block(inode, (sector_t)page->index, &map_bh, 0);
	if (!buffer_mapped(&map_bh)) {
		SetPageUptodate(page);
		unlock_page(page);
		return bio;
	}
	block = map_bh.b_blocknr;
	if (bio && *last_block_in_bio != block - 1)
		bio = mpage_bio_submit(READ, bio);
	for (;;) {
		if (!bio)
			bio = mpage_alloc(inode->i_sb, block << (blkbits - 9),
					  nr_pages);
		if (bio_add_page(bio, page) == PAGE_SIZE)
			break;
		bio = mpage_bio_submit(READ, bio);
	}
	*last_block_in_bio = block;
	return bio;
}

int mpage_readpages(struct address_space *mapping, struct list_head *pages,
		    unsigned int nr_pages, get_block_t get_block)
{
	sector_t last_block_in_bio = 0;
	struct bio *bio = NULL;

	for (unsigned int page_idx = 0; page_idx < nr_pages; page_idx++) {
		struct page *page;

		if (list_empty(pages))
			break;
		page = list_last_entry(pages, struct page, lru);
		list_del_init(&page->lru);
		if (!add_to_page_cache_lru(page, mapping, page->index, GFP_KERNEL))
			bio = do_mpage_readpage(bio, page, nr_pages - page_idx,
						&last_block_in_bio, get_block);
		page_cache_release(page);
	}
	if (bio)
		mpage_bio_submit(READ, bio);
	return 0;
}

int mpage_readpage(struct page *page, get_block_t get_block)
{
	sector_t last_block_in_bio = 0;
	struct bio *bio;

	bio = do_mpage_readpage(NULL, page, 1, &last_block_in_bio, get_block);
	if (bio)
		mpage_bio_submit(READ, bio);
	return 0;
}
