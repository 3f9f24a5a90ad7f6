// SPDX-License-Identifier: GPL-2.0
/*
 * The page-cache side of block-mapped writes (2.6.32 fs/buffer.c):
 * block_write_begin, block_write_end and block_write_full_page around a
 * filesystem's get_block, and mmsim's per-filesystem bio accounting.
 *
 * A page is one block (4 KiB pages, 4 KiB blocks) and carries no buffers
 * (buffer_head.h): where the kernel walks a page's buffer ring, these
 * functions handle the page's one block directly.
 */
#include <errno.h>
#include "linux/kernel.h"
#include "linux/pagemap.h"
#include "linux/writeback.h"
#include "linux/swap.h"
#include "linux/bio.h"
#include "linux/blkdev.h"
#include "linux/buffer_head.h"

void sb_submit_bio(struct super_block *sb, struct bio *bio)
{
	if (bio_data_dir(bio) == WRITE) {
		sb->s_write_bios++;
		sb->s_write_pages += bio->bi_vcnt;
	} else {
		sb->s_read_bios++;
		sb->s_read_pages += bio->bi_vcnt;
		if (bio->bi_vcnt > sb->s_max_read_bio_pages)
			sb->s_max_read_bio_pages = bio->bi_vcnt;
	}
	sb->s_bios_inflight++;
	submit_bio(bio);
}

void sb_end_bio(struct super_block *sb)
{
	sb->s_bios_inflight--;
}

/*
 * block_write_begin on a page write_begin has found or added, locked:
 * map (or allocate) its block, and read the page first when only part
 * of it is written, it is not up to date and its block holds data.  A
 * new block needs no read: the buffer is zeroed.  On error the page is
 * unlocked and released.
 */
int block_write_begin(struct file *file, struct address_space *mapping,
		      loff_t pos, unsigned int len, unsigned int flags,
		      struct page **pagep, void **fsdata,
		      get_block_t *get_block)
{
	unsigned int offset = (unsigned int)(pos & (PAGE_CACHE_SIZE - 1));
	struct page *page = *pagep;
	struct buffer_head bh = { 0 };
	int err;

	(void)flags;
	(void)fsdata;
	err = get_block(mapping->host, (sector_t)page->index, &bh, 1);
	if (err) {
		unlock_page(page);
		page_cache_release(page);
		return err;
	}
	if (buffer_new(&bh)) {
		if (!PageUptodate(page))
			SetPageUptodate(page);	/* zeroed new block */
	} else if (!PageUptodate(page) && (offset || len < PAGE_CACHE_SIZE)) {
		err = mapping->a_ops->readpage(file, page);
		if (!err) {
			lock_page(page);
			if (!PageUptodate(page))
				err = -EIO;
		}
		if (err) {
			if (PageLocked(page))
				unlock_page(page);
			page_cache_release(page);
			return err;
		}
	}
	return 0;
}

/* __block_commit_write: the page is up to date and dirty. */
int block_write_end(struct file *file, struct address_space *mapping,
		    loff_t pos, unsigned int len, unsigned int copied,
		    struct page *page, void *fsdata)
{
	(void)file;
	(void)mapping;
	(void)pos;
	(void)len;
	(void)fsdata;
	SetPageUptodate(page);
	set_page_dirty(page);
	return (int)copied;
}

/* end_bio_bh_io_sync -> end_buffer_async_write, for the page's one block. */
static void end_bio_page_write(struct bio *bio, int error)
{
	struct page *page = bio->bi_io_vec[0];

	sb_end_bio(bio->bi_private);
	if (error)
		SetPageError(page);
	end_page_writeback(page);
	bio_put(bio);
}

/*
 * block_write_full_page: one WRITE bio per page.  WRITE is async;
 * data-integrity writeback (WB_SYNC_ALL) uses WRITE_SYNC, as
 * __block_write_full_page's write_op.  The page is unlocked after
 * submission and stays PG_writeback until end_io.
 */
int block_write_full_page(struct page *page, get_block_t *get_block,
			  struct writeback_control *wbc)
{
	struct address_space *mapping = page_mapping(page);
	struct inode *inode = mapping->host;
	pgoff_t end_index = (pgoff_t)(inode->i_size >> PAGE_CACHE_SHIFT);
	struct buffer_head bh = { 0 };
	struct bio *bio;

	/* Wholly outside i_size (truncated meanwhile): nothing to write. */
	if (page->index > end_index ||
	    (page->index == end_index && !(inode->i_size & (PAGE_CACHE_SIZE - 1)))) {
		unlock_page(page);
		return 0;
	}
	get_block(inode, (sector_t)page->index, &bh, 0);
	if (!buffer_mapped(&bh)) {
		redirty_page_for_writepage(wbc, page);
		unlock_page(page);
		return 0;
	}
	/* submit_bh: bio_alloc(GFP_NOIO, 1). */
	bio = bio_alloc(GFP_NOIO, 1);
	bio->bi_rw = wbc->sync_mode == WB_SYNC_ALL ? WRITE_SYNC : WRITE;
	bio->bi_bdev = bh.b_bdev;
	bio->bi_sector = bh.b_blocknr * (bh.b_size >> 9);
	bio->bi_end_io = end_bio_page_write;
	bio->bi_private = inode->i_sb;
	bio_add_page(bio, page);

	BUG_ON(PageWriteback(page));
	set_page_writeback(page);
	sb_submit_bio(inode->i_sb, bio);
	unlock_page(page);
	return 0;
}
