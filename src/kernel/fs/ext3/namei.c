// SPDX-License-Identifier: GPL-2.0
/*
 * ext3 names (2.6.32 fs/ext3/namei.c): lookup, create and unlink in the
 * one flat directory mmsim has.  A name is the inode's i_name; lookup
 * walks the super block's inodes.
 */
#include <errno.h>
#include <string.h>
#include "linux/kernel.h"
#include "linux/pagemap.h"
#include "linux/writeback.h"
#include "linux/ext3_fs.h"

struct inode *ext3_lookup(struct super_block *sb, const char *name)
{
	struct inode *inode;

	list_for_each_entry(inode, &sb->s_inodes, i_sb_list)
		if (!inode->i_unlinked && !strcmp(inode->i_name, name))
			return inode;
	return NULL;
}

struct inode *ext3_create(struct super_block *sb, const char *name, loff_t size)
{
	unsigned long nr_blocks = (unsigned long)((size + PAGE_CACHE_SIZE - 1) >>
						  PAGE_CACHE_SHIFT);
	struct inode *inode;
	pgoff_t index = 0;

	if (size < 0 || ext3_lookup(sb, name) ||
	    nr_blocks > EXT3_SB(sb)->s_free_blocks)
		return NULL;
	inode = ext3_new_inode(sb, name);
	if (!inode)
		return NULL;
	/* Laid out as a file written in one go: contiguous runs from the cursor. */
	while (index < nr_blocks) {
		unsigned long got;
		unsigned long start = ext3_claim_run(sb, nr_blocks - index, &got);

		if (!got)
			break;
		ext3_add_extent(inode, index, start, got);
		index += got;
	}
	inode->i_size = size;
	return inode;
}

int ext3_unlink(struct super_block *sb, const char *name)
{
	struct inode *inode = ext3_lookup(sb, name);

	if (!inode)
		return -ENOENT;
	inode->i_unlinked = true;
	truncate_inode_pages(inode->i_mapping, 0);
	ext3_truncate_blocks(inode, 0);
	inode_writeback_forget(inode);
	if (!inode->i_count)
		destroy_inode(inode);
	return 0;
}
