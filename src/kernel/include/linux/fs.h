/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The VFS objects of include/linux/fs.h (2.6.32): struct address_space
 * and its address_space_operations, struct super_block with its
 * super_operations, struct inode and struct file.  A filesystem keeps its
 * own state beside them, as the kernel does: ext3's in struct
 * ext3_sb_info (s_fs_info) and struct ext3_inode_info (around the vfs
 * inode), include/linux/ext3_fs_sb.h and ext3_fs_i.h.
 *
 * struct address_space is what a page's ->mapping names.  A file's page
 * cache, the swap cache (swapper_space) and every anonymous region
 * (standing in for the kernel's anon_vma) are address_spaces here, told
 * apart by AS_FILE / AS_ANON in ->flags.
 *
 * page->mapping is a 32-bit handle, not a pointer (struct page stays
 * small); mapping_of() turns it into the address_space in O(1).  Handles
 * are never 0 and are reused after mapping_unregister().
 *
 * The index -> page table is a flat array grown on demand: files in mmsim
 * are at most a few GB, so a radix tree would buy nothing.
 */
#ifndef MMSIM_FS_H
#define MMSIM_FS_H

#include <stdint.h>
#include <stdbool.h>
#include "linux/mm_types.h"
#include "linux/gfp.h"
#include "linux/radix-tree.h"
#include "linux/pagemap.h"
#include "sim/list.h"
#include "sim/sim.h"

struct page;
struct inode;
struct file;
struct super_block;
struct block_device;
struct backing_dev_info;
struct writeback_control;
struct address_space;

/*
 * The members of 2.6.32's address_space_operations that mmsim's callers
 * use, in the kernel's order.  filemap.c, readahead.c, page-writeback.c
 * and vmscan.c's pageout() reach the filesystem (or the swap cache) only
 * through these.
 */
struct address_space_operations {
	/* Start writing @page (locked, dirty bit already cleared by
	 * clear_page_dirty_for_io); unlocks it.  0, a negative error, or
	 * AOP_WRITEPAGE_ACTIVATE (page stays locked). */
	int (*writepage)(struct page *page, struct writeback_control *wbc);
	/* Start reading @page (locked, not uptodate); unlocks at completion. */
	int (*readpage)(struct file *file, struct page *page);
	int (*set_page_dirty)(struct page *page);
	/* Read the pages on @pages (not yet in the cache) into @mapping. */
	int (*readpages)(struct file *file, struct address_space *mapping,
			 struct list_head *pages, unsigned int nr_pages);
	/*
	 * generic_perform_write's two calls around the copy: write_begin
	 * returns the page at @pos locked and ready for @len bytes (its
	 * block allocated, read first if only part of it is written);
	 * write_end marks it dirty, updates i_size, unlocks and releases
	 * it, and returns the bytes it took (@copied).
	 */
	int (*write_begin)(struct file *file, struct address_space *mapping,
			   loff_t pos, unsigned int len, unsigned int flags,
			   struct page **pagep, void **fsdata);
	int (*write_end)(struct file *file, struct address_space *mapping,
			 loff_t pos, unsigned int len, unsigned int copied,
			 struct page *page, void *fsdata);
};

/* address_space->flags */
#define AS_FILE		0x01	/* a file's page cache (or the swap cache's own) */
#define AS_ANON		0x02	/* an anonymous region: pages are PageAnon */
#define AS_SWAP		0x04	/* swapper_space */
#define AS_UNEVICTABLE	0x08	/* ramfs-like: never reclaimed */

struct address_space {
	uint32_t handle;		/* what page->mapping holds */
	unsigned int flags;		/* AS_* */
	struct inode *host;
	const struct address_space_operations *a_ops;
	struct backing_dev_info *backing_dev_info;
	unsigned long nrpages;		/* pages in the index table */
	gfp_t gfp_mask;			/* for page cache allocations */
	struct radix_tree_root page_tree;	/* index -> page (lib/radix-tree.c) */
	/* vmas mapping this file (struct vm_area_struct.shared): i_mmap. */
	struct list_head i_mmap;
	unsigned long i_mmap_count;
	void *private_data;		/* AS_ANON: the struct vm_area_struct */
};

/* ---- super_block, inode, file ---------------------------------------- */

/*
 * What the VFS caches of kernel memory (dcache.h) hold for one file: the
 * slab objects of its dentry and in-core inode, -1 for none.
 */
struct dentry;
struct ext3_inode_info;

struct vfs_cache_entry {
	struct dentry *dentry;		/* NULL: not cached */
	struct ext3_inode_info *icache;	/* NULL: not cached */
	unsigned long ino;
	int d_count;			/* open files: the dentry's references */
	struct inode *inode;		/* NULL: a file cached before the run */
};

struct super_operations {
	struct inode *(*alloc_inode)(struct super_block *sb);
	void (*destroy_inode)(struct inode *inode);
};

struct super_block {
	struct block_device *s_bdev;
	struct backing_dev_info *s_bdi;
	unsigned long s_blocksize;
	unsigned char s_blocksize_bits;
	const struct super_operations *s_op;
	char s_id[32];
	struct list_head s_inodes;	/* every inode of the filesystem */
	void *s_fs_info;		/* the filesystem's own (ext3_sb_info) */
	/*
	 * mmsim: the next inode number the filesystem hands out; the files
	 * a run finds cached at boot (vfs_caches_populate) take theirs from
	 * here too.
	 */
	unsigned long s_next_ino;

	/*
	 * mmsim: the I/O this filesystem submitted (journal included in
	 * writes), counted by sb_submit_bio() and sb_end_bio()
	 * (buffer_head.h).  The kernel keeps no such per-filesystem count.
	 */
	unsigned long s_read_bios, s_read_pages, s_max_read_bio_pages;
	unsigned long s_write_bios, s_write_pages;
	unsigned long s_bios_inflight;
};

struct inode {
	unsigned long i_ino;
	char i_name[64];		/* mmsim: no directories, one name */
	loff_t i_size;
	unsigned int i_blkbits;		/* the filesystem's block size */
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
	bool i_unlinked;		/* i_nlink dropped to 0 */

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

/*
 * fs/inode.c: a new inode of @sb, with its page-cache mapping (AS_FILE,
 * the sb's bdi, registered) and on sb->s_inodes; NULL without host
 * memory.  The filesystem sets i_ino and the mapping's a_ops.
 */
struct inode *new_inode(struct super_block *sb);
/* fs/inode.c: free an inode nobody uses any more (its pages are gone). */
void destroy_inode(struct inode *inode);
/* fs/inode.c: drop a reference; an unlinked inode goes with its last one. */
void iput(struct inode *inode);
/* fs/namei.c: open @inode; NULL if the dentry or inode cache could not grow. */
struct file *filp_open(struct inode *inode, unsigned int mode);
/* fs/file_table.c: close. */
void fput(struct file *file);

/* The inode a page-cache mapping belongs to (NULL for swap and anon). */
static inline struct inode *mapping_host(const struct address_space *mapping)
{
	return mapping ? mapping->host : NULL;
}

/* ---- the handle registry ------------------------------------------- */

/* Give @mapping a handle (sets mapping->handle); initialises i_mmap. */
uint32_t mapping_register(struct address_space *mapping);
/* The address_space must hold no pages and no mappings any more. */
void mapping_unregister(struct address_space *mapping);
/* Forget every handle: start of a simulation. */
void mapping_registry_reset(void);

extern struct address_space **mapping_table;
extern uint32_t mapping_table_size;

static inline struct address_space *mapping_of(uint32_t handle)
{
	return handle && handle < mapping_table_size ? mapping_table[handle] : NULL;
}

/* ---- the index ---------------------------------------------------------- */

/* radix_tree_lookup(&mapping->page_tree, index). */
static inline struct page *mapping_lookup(struct address_space *mapping,
					  pgoff_t index)
{
	return radix_tree_lookup(&mapping->page_tree, index);
}

/* radix_tree_delete(&mapping->page_tree, index): the tree's part of
 * __remove_from_page_cache (the caller does nrpages and the counters). */
static inline void mapping_delete(struct address_space *mapping, pgoff_t index)
{
	radix_tree_delete(&mapping->page_tree, index);
}

/* ---- what reclaim asks of a mapping -------------------------------- */

extern struct address_space swapper_space;

/*
 * page_mapping(): the address_space whose a_ops and backing_dev_info
 * govern the page: swapper_space for a swap cache page, NULL for any other
 * anonymous page, the file's mapping otherwise.
 */
static inline struct address_space *page_mapping(const struct page *page)
{
	if (PageSwapCache(page))
		return &swapper_space;
	if (PageAnon(page))
		return NULL;
	return mapping_of(page->mapping);
}

static inline bool page_is_file_cache(const struct page *page)
{
	return !PageSwapBacked(page);
}

/* The file is mmapped by somebody (page_mapping_inuse). */
static inline bool mapping_mapped(const struct address_space *mapping)
{
	return mapping->i_mmap_count != 0;
}

static inline bool mapping_unevictable(const struct address_space *mapping)
{
	return mapping && (mapping->flags & AS_UNEVICTABLE);
}

static inline gfp_t mapping_gfp_mask(const struct address_space *mapping)
{
	return mapping->gfp_mask;
}

#endif /* MMSIM_FS_H */
