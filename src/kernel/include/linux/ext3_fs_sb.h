/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ext3's in-memory super block, struct ext3_sb_info, as in 2.6.32
 * include/linux/ext3_fs_sb.h: the VFS super_block's s_fs_info, reached
 * with EXT3_SB() (ext3_fs.h).
 *
 * Block layout of the volume: block 0 holds the superblock and group
 * descriptors, the journal follows, then data.  Inode tables and bitmaps
 * take no blocks; their updates are counted only as journal traffic
 * (fs/ext3/balloc.c, fs/jbd/commit.c).
 */
#ifndef MMSIM_EXT3_FS_SB_H
#define MMSIM_EXT3_FS_SB_H

#include "linux/jbd.h"

struct ext3_sb_info {
	unsigned long s_blocks;		/* volume size in blocks */
	unsigned long *s_block_bitmap;	/* 1 bit per block: in use */
	unsigned long s_free_blocks;	/* 2.6.32: s_freeblocks_counter */
	unsigned long s_data_start;	/* first data block (after journal) */
	/*
	 * Where new reservation windows start: one cursor instead of
	 * 2.6.32's per-group search and rb-tree of windows (s_rsv_window_root).
	 */
	unsigned long s_alloc_cursor;
	journal_t *s_journal;
};

#endif /* MMSIM_EXT3_FS_SB_H */
