/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Block I/O of a page-cache page (2.6.32 include/linux/buffer_head.h and
 * fs/buffer.c): a filesystem's get_block maps a file block to a disk
 * block, and block_write_begin, block_write_end and block_write_full_page
 * do the page-cache side of a write around it.
 *
 * mmsim's pages carry no buffers (PG_private is never set: a block is a
 * page, 4 KiB): a buffer_head only travels on the stack, as the map_bh
 * of fs/mpage.c does, to carry get_block's answer.
 */
#ifndef MMSIM_BUFFER_HEAD_H
#define MMSIM_BUFFER_HEAD_H

#include <stddef.h>
#include "linux/bio.h"
#include "linux/fs.h"

struct writeback_control;

/* b_state bits, numbered as 2.6.32's enum bh_state_bits. */
enum bh_state_bits {
	BH_Mapped = 5,	/* b_blocknr is the block on disk */
	BH_New = 6,	/* get_block just allocated it: nothing to read */
};

struct buffer_head {
	unsigned long b_state;
	sector_t b_blocknr;		/* the block on b_bdev */
	size_t b_size;
	struct block_device *b_bdev;
};

static inline bool buffer_mapped(const struct buffer_head *bh)
{
	return bh->b_state & (1UL << BH_Mapped);
}

static inline bool buffer_new(const struct buffer_head *bh)
{
	return bh->b_state & (1UL << BH_New);
}

static inline void set_buffer_new(struct buffer_head *bh)
{
	bh->b_state |= 1UL << BH_New;
}

static inline void map_bh(struct buffer_head *bh, struct super_block *sb,
			  sector_t block)
{
	bh->b_state |= 1UL << BH_Mapped;
	bh->b_bdev = sb->s_bdev;
	bh->b_blocknr = block;
	bh->b_size = sb->s_blocksize;
}

/*
 * Map file block @iblock of @inode into @bh_result (map_bh); with
 * @create, allocate a hole's block and set BH_New.  A hole without
 * @create leaves @bh_result unmapped.  0 or a negative error.
 */
typedef int (get_block_t)(struct inode *inode, sector_t iblock,
			  struct buffer_head *bh_result, int create);

int block_write_begin(struct file *file, struct address_space *mapping,
		      loff_t pos, unsigned int len, unsigned int flags,
		      struct page **pagep, void **fsdata,
		      get_block_t *get_block);
int block_write_end(struct file *file, struct address_space *mapping,
		    loff_t pos, unsigned int len, unsigned int copied,
		    struct page *page, void *fsdata);
int block_write_full_page(struct page *page, get_block_t *get_block,
			  struct writeback_control *wbc);

/*
 * mmsim: every bio a filesystem sends (fs/buffer.c, fs/mpage.c, fs/jbd)
 * goes through sb_submit_bio(), which counts it on the super_block
 * (s_read_bios, s_write_pages, s_bios_inflight, ...) and submits it; its
 * bi_end_io calls sb_end_bio() first.  The kernel's submit_bh and
 * mpage_bio_submit call submit_bio directly.
 */
void sb_submit_bio(struct super_block *sb, struct bio *bio);
void sb_end_bio(struct super_block *sb);

#endif /* MMSIM_BUFFER_HEAD_H */
