// SPDX-License-Identifier: GPL-2.0
/*
 * ext3 inode allocation (2.6.32 fs/ext3/ialloc.c ext3_new_inode): inode
 * numbers are handed out in order from the first non-reserved one; the
 * inode table and bitmap are not on disk in mmsim.
 */
#include <stdio.h>
#include "linux/kernel.h"
#include "linux/pagemap.h"
#include "linux/ext3_fs.h"

struct inode *ext3_new_inode(struct super_block *sb, const char *name)
{
	struct inode *inode = new_inode(sb);

	if (!inode)
		return NULL;
	inode->i_ino = sb->s_next_ino++;
	vfs_cache_entry_init(&inode->i_vfs, inode->i_ino, inode);
	snprintf(inode->i_name, sizeof(inode->i_name), "%s", name);
	ext3_set_aops(inode);
	file_ra_state_init(&inode->i_mmap_ra, inode->i_mapping);
	return inode;
}
