/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small ext3-like filesystem on a block device (an LVM volume), and the
 * VFS objects it hands out: super_block, inode, file.
 *
 * The kernel declares struct inode and struct file in fs.h; here fs.h holds
 * the address_space reclaim works on, and the objects only a filesystem
 * needs live with the one filesystem mmsim has.
 *
 * What is modelled (docs/writeback.md has the fidelity notes):
 * - 4 KiB blocks; a file is a list of extents, allocated through a
 *   per-inode reservation window (ext3's rsv window, 8 blocks growing to
 *   1027), so a sequential writer's pages land on sequential sectors even
 *   with another writer interleaved;
 * - readpages builds multi-page READ bios for contiguous blocks
 *   (mpage_readpages); writepage writes one page per bio
 *   (block_write_full_page), the block layer merges neighbours;
 * - the journal: kjournald commits the running transaction every
 *   commit_interval (5 s) as one sequential WRITE of descriptor + metadata
 *   blocks followed by a commit block, into a circular journal area;
 * - opening a file looks it up in the dentry and inode caches (dcache.h),
 *   which allocates slab objects when it is not cached.
 */
#ifndef MMSIM_EXT3_H
#define MMSIM_EXT3_H

#include <stdint.h>
#include <stdbool.h>
#include "sim/list.h"
#include "sim/sim.h"
#include "linux/pagemap.h"
#include "linux/dcache.h"

struct block_device;
struct backing_dev_info;
struct address_space;
struct writeback_control;

#define EXT3_BLOCK_SHIFT	PAGE_SHIFT	/* 4 KiB blocks: one block per page */
#define EXT3_BLOCKS_PER_GROUP	32768
#define EXT3_DEFAULT_RESERVE_BLOCKS	8
#define EXT3_MAX_RESERVE_BLOCKS		1027
#define JBD_DEFAULT_MAX_COMMIT_AGE	5	/* seconds */

struct ext3_extent {
	pgoff_t file_block;
	unsigned long phys_block;
	unsigned long len;
};

struct super_block {
	struct block_device *s_bdev;
	struct backing_dev_info *s_bdi;
	char s_id[32];
	unsigned long s_blocks;		/* volume size in blocks */
	unsigned long *s_block_bitmap;	/* 1 bit per block: in use */
	unsigned long s_free_blocks;
	unsigned long s_data_start;	/* first data block (after journal) */
	unsigned long s_alloc_cursor;	/* where new reservation windows start */
	struct list_head s_inodes;
	unsigned long s_next_ino;

	/* The journal: a circular area written sequentially. */
	unsigned long s_journal_start;	/* block */
	unsigned long s_journal_len;	/* blocks */
	unsigned long s_journal_head;	/* next block to write, relative */
	unsigned long s_commit_interval;	/* jiffies */
	struct task_struct *s_journal_task;
	bool s_journal_stop;
	/* Inodes whose metadata the running transaction changed. */
	unsigned long s_trans_inodes;
	unsigned long s_trans_groups;	/* block groups whose bitmaps changed */
	unsigned long s_trans_tid;	/* running transaction id */
	unsigned long s_last_group;	/* last group recorded in this transaction */
	unsigned long s_commits;
	unsigned long s_journal_blocks_written;
	unsigned long s_journal_io_inflight;
	struct wait_queue_head s_journal_wait;
	struct page *s_journal_pages[64];	/* log buffers the commits write */

	/* I/O this filesystem submitted (journal included in writes). */
	unsigned long s_read_bios, s_read_pages, s_max_read_bio_pages;
	unsigned long s_write_bios, s_write_pages;
	unsigned long s_bios_inflight;
};

struct inode {
	unsigned long i_ino;
	char i_name[64];
	loff_t i_size;
	unsigned long i_state;		/* I_DIRTY_PAGES, I_SYNC, I_FREEING, ... */
	unsigned long dirtied_when;	/* jiffies of first dirtying */
	struct list_head i_list;	/* on a bdi's b_dirty, b_io or b_more_io */
	struct list_head i_sb_list;
	struct super_block *i_sb;
	struct address_space *i_mapping;
	struct wait_queue_head i_sync_wait;	/* I_SYNC cleared */
	int i_count;			/* open files */
	/* Its dentry and in-core inode in slab (dcache.h). */
	struct vfs_cache_entry i_vfs;
	bool i_unlinked;

	/* page cache bookkeeping the radix tree's tags would give */
	unsigned long *i_dirty_tags;	/* bit per page index: PageDirty */
	unsigned long i_dirty_tags_bits;
	unsigned long i_nr_dirty;
	pgoff_t i_writeback_index;	/* range_cyclic writeback resumes here */
	pgoff_t i_max_index;		/* highest index ever cached */
	/*
	 * Readahead state of page faults on mappings of this file (the
	 * kernel keeps it in the mapping vma's struct file; mmsim's vmas
	 * map the address_space).
	 */
	struct file_ra_state i_mmap_ra;

	/* ext3 private */
	struct ext3_extent *i_extents;
	unsigned int i_nr_extents, i_extents_cap;
	unsigned long i_rsv_start, i_rsv_end;	/* reservation window [start, end) */
	unsigned long i_rsv_goal_size;
	unsigned long i_trans_tid;	/* transaction that last logged this inode + 1 */
};

#define FMODE_READ	0x1
#define FMODE_WRITE	0x2
#define FMODE_RANDOM	0x1000	/* posix_fadvise(POSIX_FADV_RANDOM): no readahead */

struct file {
	struct inode *f_inode;
	struct address_space *f_mapping;
	struct file_ra_state f_ra;
	loff_t f_pos;
	unsigned int f_mode;
};

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

/*
 * A file of @size bytes already on disk (its blocks allocated
 * contiguously where possible, nothing cached): what a workload reads.
 * Returns NULL if the name exists or there is no space.
 */
struct inode *ext3_create(struct super_block *sb, const char *name, loff_t size);
struct inode *ext3_lookup(struct super_block *sb, const char *name);
/* Remove a file: its pages leave the cache, its blocks are freed. */
int ext3_unlink(struct super_block *sb, const char *name);
/* Shrink or grow (sparse) to @size; pages beyond it leave the cache. */
int ext3_truncate(struct inode *inode, loff_t size);

/* Drop a reference; an unlinked inode goes with its last one. */
void iput(struct inode *inode);
struct file *filp_open(struct inode *inode, unsigned int mode);
void fput(struct file *file);

/* Physical block of file block @index, 0 for a hole. */
unsigned long ext3_bmap(struct inode *inode, pgoff_t index);
/* Sector (512 B units, on the volume) of a physical block. */
static inline uint64_t ext3_block_to_sector(unsigned long block)
{
	return (uint64_t)block << (EXT3_BLOCK_SHIFT - 9);
}

/* address_space_operations of regular files. */
int ext3_readpage(struct file *file, struct page *page);
int ext3_readpages(struct file *file, struct address_space *mapping,
		   struct list_head *pages, unsigned int nr_pages);
int ext3_writepage(struct page *page, struct writeback_control *wbc);
/* write_begin's block allocation; 0 or -ENOSPC. */
int ext3_get_block_create(struct inode *inode, pgoff_t index);
/* write_end's metadata: i_size and the inode in the running transaction. */
void ext3_write_end_meta(struct inode *inode, loff_t new_size);

/* The inode a page-cache mapping belongs to (NULL for swap and anon). */
struct inode *mapping_host(const struct address_space *mapping);

#endif /* MMSIM_EXT3_H */
