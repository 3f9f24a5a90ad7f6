/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ext3's in-core inode, struct ext3_inode_info, around the VFS inode as
 * in 2.6.32 include/linux/ext3_fs_i.h: EXT3_I() (ext3_fs.h) goes from
 * the one to the other.
 *
 * mmsim's block map is a list of extents instead of ext3's indirect
 * blocks (a file's blocks are found, not read: metadata reads are not
 * modelled), and the reservation window (2.6.32's struct
 * ext3_block_alloc_info, fs/ext3/balloc.c) is a plain [start, end) range.
 */
#ifndef MMSIM_EXT3_FS_I_H
#define MMSIM_EXT3_FS_I_H

#include "linux/fs.h"

/* File blocks file_block .. file_block + len - 1 are on disk from phys_block. */
struct ext3_extent {
	pgoff_t file_block;
	unsigned long phys_block;
	unsigned long len;
};

struct ext3_inode_info {
	/* The block map, in file order (inode.c). */
	struct ext3_extent *i_extents;
	unsigned int i_nr_extents, i_extents_cap;
	/* The reservation window [start, end) and its next size (balloc.c). */
	unsigned long i_rsv_start, i_rsv_end;
	unsigned long i_rsv_goal_size;
	/*
	 * The transaction that last logged this inode's block, plus one (0:
	 * none yet); 2.6.32 keeps i_sync_tid and i_datasync_tid.
	 */
	unsigned long i_trans_tid;
	struct inode vfs_inode;
};

#endif /* MMSIM_EXT3_FS_I_H */
