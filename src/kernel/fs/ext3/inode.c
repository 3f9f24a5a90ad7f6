// SPDX-License-Identifier: GPL-2.0
/*
 * ext3 regular files (2.6.32 fs/ext3/inode.c): the block map and
 * ext3_get_block, the address_space_operations (readpage, readpages,
 * writepage, write_begin, write_end), the inode's place in the running
 * transaction and truncate.
 *
 * The kernel's mount option data=ordered picks ext3_ordered_aops; what
 * mmsim keeps of ordered mode is its writepage and write_end shape, not
 * the flush of the transaction's data at commit (docs/model.md, "Page
 * cache, readahead, ext3").
 */
#include <errno.h>
#include <stdlib.h>
#include "linux/kernel.h"
#include "linux/pagemap.h"
#include "linux/writeback.h"
#include "linux/mpage.h"
#include "linux/swap.h"
#include "linux/ext3_fs.h"

int ext3_add_extent(struct inode *inode, pgoff_t file_block,
		    unsigned long phys, unsigned long len)
{
	struct ext3_inode_info *ei = EXT3_I(inode);
	struct ext3_extent *last = ei->i_nr_extents ?
		&ei->i_extents[ei->i_nr_extents - 1] : NULL;

	if (last && last->file_block + last->len == file_block &&
	    last->phys_block + last->len == phys) {
		last->len += len;
		return 0;
	}
	if (ei->i_nr_extents == ei->i_extents_cap) {
		unsigned int cap = ei->i_extents_cap ? ei->i_extents_cap * 2 : 4;
		struct ext3_extent *n = realloc(ei->i_extents, cap * sizeof(*n));

		if (!n)
			return -ENOMEM;
		ei->i_extents = n;
		ei->i_extents_cap = cap;
	}
	ei->i_extents[ei->i_nr_extents++] = (struct ext3_extent){
		.file_block = file_block, .phys_block = phys, .len = len,
	};
	return 0;
}

/* Physical block of file block @index, 0 for a hole. */
static unsigned long ext3_bmap(struct inode *inode, pgoff_t index)
{
	struct ext3_inode_info *ei = EXT3_I(inode);

	/* Extents are few and appended in order; search from the end. */
	for (unsigned int i = ei->i_nr_extents; i-- > 0;) {
		struct ext3_extent *e = &ei->i_extents[i];

		if (index >= e->file_block && index < e->file_block + e->len)
			return e->phys_block + (index - e->file_block);
	}
	return 0;
}

/* ext3_find_goal: right after the file's last block. */
static unsigned long ext3_find_goal(struct inode *inode)
{
	struct ext3_inode_info *ei = EXT3_I(inode);
	struct ext3_extent *e;

	if (!ei->i_nr_extents)
		return 0;
	e = &ei->i_extents[ei->i_nr_extents - 1];
	return e->phys_block + e->len;
}

void ext3_mark_inode_dirty(struct inode *inode)
{
	struct ext3_inode_info *ei = EXT3_I(inode);
	journal_t *journal = EXT3_SB(inode->i_sb)->s_journal;
	transaction_t *transaction = &journal->j_running_transaction;

	if (ei->i_trans_tid == transaction->t_tid + 1)
		return;
	ei->i_trans_tid = transaction->t_tid + 1;
	transaction->t_nr_inodes++;
}

/*
 * ext3_get_block via ext3_get_blocks_handle, one block at a time: a new
 * block comes from the reservation window and its inode joins the
 * running transaction (ext3_splice_branch's ext3_mark_inode_dirty).
 */
static int ext3_get_block(struct inode *inode, sector_t iblock,
			  struct buffer_head *bh_result, int create)
{
	unsigned long block = ext3_bmap(inode, (pgoff_t)iblock);
	int err;

	if (!block && create) {
		block = ext3_new_block(inode, ext3_find_goal(inode), &err);
		if (!block)
			return err;
		ext3_mark_inode_dirty(inode);
		err = ext3_add_extent(inode, (pgoff_t)iblock, block, 1);
		if (err)
			return err;
		set_buffer_new(bh_result);
	}
	if (block)
		map_bh(bh_result, inode->i_sb, block);
	return 0;
}

static int ext3_readpage(struct file *file, struct page *page)
{
	(void)file;
	return mpage_readpage(page, ext3_get_block);
}

static int ext3_readpages(struct file *file, struct address_space *mapping,
			  struct list_head *pages, unsigned int nr_pages)
{
	(void)file;
	return mpage_readpages(mapping, pages, nr_pages, ext3_get_block);
}

/*
 * ext3_ordered_writepage via block_write_full_page: one WRITE bio per
 * page (one 4 KiB buffer), neighbours merge in the request queue.  A
 * page whose block is not allocated is redirtied.
 */
static int ext3_writepage(struct page *page, struct writeback_control *wbc)
{
	return block_write_full_page(page, ext3_get_block, wbc);
}

/* grab_cache_page_write_begin, then block_write_begin with ext3_get_block. */
static int ext3_write_begin(struct file *file, struct address_space *mapping,
			    loff_t pos, unsigned int len, unsigned int flags,
			    struct page **pagep, void **fsdata)
{
	pgoff_t index = (pgoff_t)(pos >> PAGE_CACHE_SHIFT);
	struct page *page;

	page = grab_cache_page_write_begin(mapping, index, flags);
	if (!page)
		return -ENOMEM;
	*pagep = page;
	return block_write_begin(file, mapping, pos, len, flags, pagep, fsdata,
				 ext3_get_block);
}

/*
 * ext3_ordered_write_end: block_write_end dirties the page, then
 * update_file_sizes grows i_size, and the page is unlocked and released.
 * The inode joins the running transaction on every write (its mtime:
 * file_update_time's mark_inode_dirty), not only when i_disksize grows.
 */
static int ext3_write_end(struct file *file, struct address_space *mapping,
			  loff_t pos, unsigned int len, unsigned int copied,
			  struct page *page, void *fsdata)
{
	struct inode *inode = mapping->host;
	loff_t new_i_size;

	copied = (unsigned int)block_write_end(file, mapping, pos, len, copied,
					       page, fsdata);
	new_i_size = pos + (loff_t)copied;
	if (new_i_size > inode->i_size)
		inode->i_size = new_i_size;
	ext3_mark_inode_dirty(inode);
	unlock_page(page);
	page_cache_release(page);
	return (int)copied;
}

static const struct address_space_operations ext3_ordered_aops = {
	.writepage = ext3_writepage,
	.readpage = ext3_readpage,
	.set_page_dirty = __set_page_dirty_nobuffers,
	.readpages = ext3_readpages,
	.write_begin = ext3_write_begin,
	.write_end = ext3_write_end,
};

void ext3_set_aops(struct inode *inode)
{
	inode->i_mapping->a_ops = &ext3_ordered_aops;
}

void ext3_truncate_blocks(struct inode *inode, pgoff_t from)
{
	struct ext3_inode_info *ei = EXT3_I(inode);
	unsigned int keep = 0;

	for (unsigned int i = 0; i < ei->i_nr_extents; i++) {
		struct ext3_extent *e = &ei->i_extents[i];
		unsigned long first = 0;

		if (e->file_block + e->len <= from) {
			ei->i_extents[keep++] = *e;
			continue;
		}
		if (e->file_block < from)
			first = from - e->file_block;
		ext3_free_blocks(inode, e->phys_block + first, e->len - first);
		if (first) {
			e->len = first;
			ei->i_extents[keep++] = *e;
		}
	}
	ei->i_nr_extents = keep;
	ext3_discard_reservation(inode);
	ext3_mark_inode_dirty(inode);
}

/* ext3_setattr's size change: vmtruncate, then ext3_truncate's blocks. */
int ext3_truncate(struct inode *inode, loff_t size)
{
	if (size < 0)
		return -EINVAL;
	if (size < inode->i_size) {
		pgoff_t first_gone = (pgoff_t)((size + PAGE_CACHE_SIZE - 1) >>
					       PAGE_CACHE_SHIFT);

		truncate_inode_pages(inode->i_mapping, size);
		ext3_truncate_blocks(inode, first_gone);
	}
	inode->i_size = size;
	ext3_mark_inode_dirty(inode);
	return 0;
}
