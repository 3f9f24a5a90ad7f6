/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small ext3-like filesystem on a block device (an LVM volume): the
 * declarations its files share and what the rest of mmsim calls, grouped
 * by file as 2.6.32's include/linux/ext3_fs.h does.  Its in-core inode and
 * super block are in ext3_fs_i.h and ext3_fs_sb.h, its journal in jbd.h;
 * the VFS objects (super_block, inode, file) in fs.h.
 *
 * What is modelled (docs/writeback.md has the fidelity notes):
 * - 4 KiB blocks; a file is a list of extents, allocated through a
 *   per-inode reservation window (ext3's rsv window, 8 blocks growing to
 *   1027), so a sequential writer's pages land on sequential sectors even
 *   with another writer interleaved (fs/ext3/balloc.c);
 * - readpages builds multi-page READ bios for contiguous blocks
 *   (mpage_readpages); writepage writes one page per bio
 *   (block_write_full_page), the block layer merges neighbours
 *   (fs/ext3/inode.c, fs/mpage.c, fs/buffer.c);
 * - the journal: kjournald commits the running transaction every
 *   commit_interval (5 s) as one sequential WRITE of descriptor + metadata
 *   blocks followed by a commit block, into a circular journal area
 *   (fs/jbd/);
 * - opening a file looks it up in the dentry and inode caches (dcache.h),
 *   which allocates slab objects when it is not cached (fs/namei.c).
 */
#ifndef MMSIM_EXT3_H
#define MMSIM_EXT3_H

#include <stdint.h>
#include <stdbool.h>
#include "sim/list.h"
#include "sim/sim.h"
#include "linux/pagemap.h"
#include "linux/dcache.h"
#include "linux/fs.h"
#include "linux/buffer_head.h"
#include "linux/ext3_fs_i.h"
#include "linux/ext3_fs_sb.h"

struct block_device;
struct backing_dev_info;
struct address_space;
struct writeback_control;

#define EXT3_BLOCK_SHIFT	PAGE_SHIFT	/* 4 KiB blocks: one block per page */
#define EXT3_BLOCKS_PER_GROUP	32768
/* 2.6.32 fs/ext3: EXT3_DEFAULT_RESERVE_BLOCKS 8, EXT3_MAX_RESERVE_BLOCKS 1027. */
#define EXT3_DEFAULT_RESERVE_BLOCKS	8
#define EXT3_MAX_RESERVE_BLOCKS		1027

static inline struct ext3_sb_info *EXT3_SB(struct super_block *sb)
{
	return sb->s_fs_info;
}

static inline struct ext3_inode_info *EXT3_I(struct inode *inode)
{
	return container_of(inode, struct ext3_inode_info, vfs_inode);
}

/* ---- super.c ------------------------------------------------------------ */

struct ext3_mount_opts {
	unsigned long journal_blocks;		/* 0: mke2fs default for the size */
	unsigned int commit_interval_s;		/* 0: JBD_DEFAULT_MAX_COMMIT_AGE */
	bool no_journal_thread;			/* tests: no kjournald */
};

/*
 * Mount a fresh filesystem on @bdev (its whole size); @bdev's bdi carries
 * the dirty pages.  Returns NULL if the device is too small.
 */
struct super_block *ext3_mount(struct block_device *bdev, const char *id,
			       const struct ext3_mount_opts *opts);
/*
 * End of a simulation, after sim_run has returned and before
 * writeback_exit() and sim_exit(): drop every inode and page without
 * writing anything back.  Open files must have been fput first.
 */
void ext3_umount(struct super_block *sb);

/* ---- namei.c ------------------------------------------------------------ */

/*
 * A file of @size bytes already on disk (its blocks allocated
 * contiguously where possible, nothing cached): what a workload reads.
 * Returns NULL if the name exists or there is no space.
 */
struct inode *ext3_create(struct super_block *sb, const char *name, loff_t size);
struct inode *ext3_lookup(struct super_block *sb, const char *name);
/* Remove a file: its pages leave the cache, its blocks are freed. */
int ext3_unlink(struct super_block *sb, const char *name);

/* ---- ialloc.c ----------------------------------------------------------- */

/* A new, empty regular file called @name; NULL without host memory. */
struct inode *ext3_new_inode(struct super_block *sb, const char *name);

/* ---- inode.c ------------------------------------------------------------ */

/* Shrink or grow (sparse) to @size; pages beyond it leave the cache. */
int ext3_truncate(struct inode *inode, loff_t size);
/* Free the blocks of file blocks @from and up (truncate, unlink). */
void ext3_truncate_blocks(struct inode *inode, pgoff_t from);
/* Append file blocks @file_block.. on disk at @phys.. to the block map. */
int ext3_add_extent(struct inode *inode, pgoff_t file_block,
		    unsigned long phys, unsigned long len);
/* The inode's block joins the running transaction (i_size, blocks, mtime). */
void ext3_mark_inode_dirty(struct inode *inode);
/* The regular file address_space_operations on @inode's mapping. */
void ext3_set_aops(struct inode *inode);

/* ---- balloc.c ----------------------------------------------------------- */

/*
 * One block for @inode, from its reservation window (a new window when
 * the current one is full), near @goal; the block's group joins the
 * running transaction.  0 and *@errp = -ENOSPC when the volume is full.
 */
unsigned long ext3_new_block(struct inode *inode, unsigned long goal,
			     int *errp);
/* Free @count blocks from @block; their groups join the transaction. */
void ext3_free_blocks(struct inode *inode, unsigned long block,
		      unsigned long count);
/* Forget @inode's reservation window (truncate). */
void ext3_discard_reservation(struct inode *inode);
/*
 * mmsim: up to @len free blocks in one run from the allocation cursor,
 * taken without the journal (a file that is on disk when the run
 * starts); returns the run's start and its length in *@got (0: full).
 */
unsigned long ext3_claim_run(struct super_block *sb, unsigned long len,
			     unsigned long *got);
/* super.c's mount: blocks 0 .. @nr - 1 (super block, journal) in use. */
void ext3_reserve_blocks(struct super_block *sb, unsigned long nr);

#endif /* MMSIM_EXT3_H */
