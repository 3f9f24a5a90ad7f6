// SPDX-License-Identifier: GPL-2.0
/*
 * A small ext3-like filesystem: enough of fs/ext3, fs/jbd, fs/mpage.c and
 * fs/buffer.c for page-cache I/O to have the kernel's shape on the block
 * device (see ext3.h for what is modelled).
 *
 * Block layout of the volume: block 0 holds the superblock and group
 * descriptors, the journal follows (mke2fs 1.41 sizes it by the volume:
 * 1024 blocks under 128 MiB, ... 32768 blocks (128 MiB) from 4 GiB), then
 * data.  Inode tables and bitmaps take no blocks; their updates are
 * counted only as journal traffic.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "linux/vmstat.h"
#include "linux/pagemap.h"
#include "linux/writeback.h"
#include "mmsim/wb_internal.h"
#include "linux/ext3_fs.h"
#include "linux/fs.h"
#include "linux/swap.h"
#include "linux/bio.h"
#include "linux/backing-dev.h"
#include "linux/blkdev.h"

#define SECTORS_PER_BLOCK	(1UL << (EXT3_BLOCK_SHIFT - 9))
#define JOURNAL_BIO_PAGES	64	/* jbd writes its log in batches like this */
#define BIO_MAX_PAGES		256	/* largest bio mpage builds (1 MiB) */

static const struct address_space_operations ext3_aops;

/* ---- block bitmap ------------------------------------------------------ */

static bool block_in_use(struct super_block *sb, unsigned long block)
{
	return test_bit((int)(block % BITS_PER_LONG),
			&sb->s_block_bitmap[block / BITS_PER_LONG]);
}

static void block_take(struct super_block *sb, unsigned long block)
{
	BUG_ON(block_in_use(sb, block));
	set_bit((int)(block % BITS_PER_LONG),
		&sb->s_block_bitmap[block / BITS_PER_LONG]);
	sb->s_free_blocks--;
}

static void block_release(struct super_block *sb, unsigned long block)
{
	BUG_ON(!block_in_use(sb, block));
	clear_bit((int)(block % BITS_PER_LONG),
		  &sb->s_block_bitmap[block / BITS_PER_LONG]);
	sb->s_free_blocks++;
}

/* The running transaction logs the bitmap and descriptor of @block's group. */
static void journal_note_group(struct super_block *sb, unsigned long block)
{
	unsigned long group = block / EXT3_BLOCKS_PER_GROUP;

	if (sb->s_trans_groups && sb->s_last_group == group)
		return;
	sb->s_last_group = group;
	sb->s_trans_groups++;
}

static void journal_note_inode(struct inode *inode)
{
	struct super_block *sb = inode->i_sb;

	if (inode->i_trans_tid == sb->s_trans_tid + 1)
		return;
	inode->i_trans_tid = sb->s_trans_tid + 1;
	sb->s_trans_inodes++;
}

/*
 * First run of @len free blocks at or after @goal (wrapping once), or 0.
 * Returns the run's start and sets *got to its length (<= len).
 */
static unsigned long find_free_run(struct super_block *sb, unsigned long goal,
				   unsigned long len, unsigned long *got)
{
	unsigned long b = goal < sb->s_data_start ? sb->s_data_start : goal;
	unsigned long scanned = 0, span = sb->s_blocks - sb->s_data_start;

	while (scanned < span) {
		if (b >= sb->s_blocks)
			b = sb->s_data_start;
		if (!block_in_use(sb, b)) {
			unsigned long n = 0;

			while (n < len && b + n < sb->s_blocks &&
			       !block_in_use(sb, b + n))
				n++;
			*got = n;
			return b;
		}
		b++;
		scanned++;
	}
	*got = 0;
	return 0;
}

static int inode_add_extent(struct inode *inode, pgoff_t file_block,
			    unsigned long phys, unsigned long len)
{
	struct ext3_extent *last = inode->i_nr_extents ?
		&inode->i_extents[inode->i_nr_extents - 1] : NULL;

	if (last && last->file_block + last->len == file_block &&
	    last->phys_block + last->len == phys) {
		last->len += len;
		return 0;
	}
	if (inode->i_nr_extents == inode->i_extents_cap) {
		unsigned int cap = inode->i_extents_cap ? inode->i_extents_cap * 2 : 4;
		struct ext3_extent *n = realloc(inode->i_extents, cap * sizeof(*n));

		if (!n)
			return -ENOMEM;
		inode->i_extents = n;
		inode->i_extents_cap = cap;
	}
	inode->i_extents[inode->i_nr_extents++] = (struct ext3_extent){
		.file_block = file_block, .phys_block = phys, .len = len,
	};
	return 0;
}

unsigned long ext3_bmap(struct inode *inode, pgoff_t index)
{
	/* Extents are few and appended in order; search from the end. */
	for (unsigned int i = inode->i_nr_extents; i-- > 0;) {
		struct ext3_extent *e = &inode->i_extents[i];

		if (index >= e->file_block && index < e->file_block + e->len)
			return e->phys_block + (index - e->file_block);
	}
	return 0;
}

/*
 * A new reservation window for @inode: ext3's rsv window starts at 8
 * blocks and doubles while the file keeps filling it, up to 1027.  It is
 * taken right after the previous one when free, else at the cursor, so
 * two files written at once each stay mostly contiguous.
 */
static int ext3_new_window(struct inode *inode, unsigned long goal)
{
	struct super_block *sb = inode->i_sb;
	unsigned long size, start, got;

	if (!inode->i_rsv_goal_size)
		inode->i_rsv_goal_size = EXT3_DEFAULT_RESERVE_BLOCKS;
	else if (inode->i_rsv_goal_size * 2 <= EXT3_MAX_RESERVE_BLOCKS)
		inode->i_rsv_goal_size *= 2;
	else
		inode->i_rsv_goal_size = EXT3_MAX_RESERVE_BLOCKS;
	size = inode->i_rsv_goal_size;

	if (goal && goal == sb->s_alloc_cursor && goal < sb->s_blocks &&
	    !block_in_use(sb, goal)) {
		start = find_free_run(sb, goal, size, &got);
	} else {
		start = find_free_run(sb, sb->s_alloc_cursor, size, &got);
	}
	if (!got)
		return -ENOSPC;
	inode->i_rsv_start = start;
	inode->i_rsv_end = start + got;
	if (start + got > sb->s_alloc_cursor || start < sb->s_alloc_cursor)
		sb->s_alloc_cursor = start + got;
	return 0;
}

int ext3_get_block_create(struct inode *inode, pgoff_t index)
{
	struct super_block *sb = inode->i_sb;
	unsigned long goal = 0, block;

	if (ext3_bmap(inode, index))
		return 0;
	if (inode->i_nr_extents) {
		struct ext3_extent *e = &inode->i_extents[inode->i_nr_extents - 1];

		goal = e->phys_block + e->len;
	}
	for (;;) {
		block = goal >= inode->i_rsv_start && goal < inode->i_rsv_end ?
			goal : inode->i_rsv_start;
		for (; block < inode->i_rsv_end; block++)
			if (!block_in_use(sb, block))
				goto found;
		if (ext3_new_window(inode, inode->i_rsv_end))
			return -ENOSPC;
	}
found:
	block_take(sb, block);
	journal_note_group(sb, block);
	journal_note_inode(inode);
	return inode_add_extent(inode, index, block, 1);
}

void ext3_write_end_meta(struct inode *inode, loff_t new_size)
{
	if (new_size > inode->i_size)
		inode->i_size = new_size;
	/* i_size, mtime: the inode's block joins the running transaction. */
	journal_note_inode(inode);
}

static void free_blocks_from(struct inode *inode, pgoff_t from)
{
	struct super_block *sb = inode->i_sb;
	unsigned int keep = 0;

	for (unsigned int i = 0; i < inode->i_nr_extents; i++) {
		struct ext3_extent *e = &inode->i_extents[i];
		unsigned long first = 0;

		if (e->file_block + e->len <= from) {
			inode->i_extents[keep++] = *e;
			continue;
		}
		if (e->file_block < from)
			first = from - e->file_block;
		for (unsigned long b = first; b < e->len; b++) {
			block_release(sb, e->phys_block + b);
			journal_note_group(sb, e->phys_block + b);
		}
		if (first) {
			e->len = first;
			inode->i_extents[keep++] = *e;
		}
	}
	inode->i_nr_extents = keep;
	inode->i_rsv_start = inode->i_rsv_end = 0;
	journal_note_inode(inode);
}

/* ---- reads: mpage_readpages ------------------------------------------- */

/* Every bio of the filesystem goes through here: counts, then submit. */
static void ext3_submit_bio(struct super_block *sb, struct bio *bio)
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

static void ext3_bio_done(struct bio *bio)
{
	struct super_block *sb = bio->bi_private;

	sb->s_bios_inflight--;
}

static void mpage_end_io_read(struct bio *bio, int error)
{
	ext3_bio_done(bio);
	for (unsigned int i = 0; i < bio->bi_vcnt; i++) {
		struct page *page = bio->bi_io_vec[i];

		if (!error) {
			SetPageUptodate(page);
		} else {
			ClearPageUptodate(page);
			SetPageError(page);
		}
		unlock_page(page);
	}
	bio_put(bio);
}

static struct bio *mpage_alloc(struct super_block *sb, unsigned long block,
			       unsigned int nr_vecs)
{
	struct bio *bio;

	if (nr_vecs > BIO_MAX_PAGES)
		nr_vecs = BIO_MAX_PAGES;
	bio = bio_alloc(nr_vecs);
	bio->bi_rw = READ;
	bio->bi_bdev = sb->s_bdev;
	bio->bi_private = sb;
	bio->bi_sector = ext3_block_to_sector(block);
	bio->bi_end_io = mpage_end_io_read;
	return bio;
}

static struct bio *mpage_bio_submit(int rw, struct bio *bio)
{
	bio->bi_rw = (unsigned long)rw;
	ext3_submit_bio(bio->bi_private, bio);
	return NULL;
}

/*
 * Add one locked, cached page to the read bio being built, starting a new
 * bio where blocks stop being contiguous; a hole is zeroed without I/O.
 */
static struct bio *do_mpage_readpage(struct bio *bio, struct page *page,
				     unsigned int nr_pages,
				     unsigned long *last_block_in_bio)
{
	struct inode *inode = page_mapping(page)->host;
	unsigned long block = ext3_bmap(inode, page->index);

	if (!block) {
		SetPageUptodate(page);
		unlock_page(page);
		return bio;
	}
	if (bio && *last_block_in_bio != block - 1)
		bio = mpage_bio_submit(READ, bio);
	for (;;) {
		if (!bio)
			bio = mpage_alloc(inode->i_sb, block, nr_pages);
		if (bio_add_page(bio, page) == PAGE_SIZE)
			break;
		bio = mpage_bio_submit(READ, bio);
	}
	*last_block_in_bio = block;
	return bio;
}

int ext3_readpages(struct file *file, struct address_space *mapping,
		   struct list_head *pages, unsigned int nr_pages)
{
	unsigned long last_block_in_bio = 0;
	struct bio *bio = NULL;

	(void)file;
	for (unsigned int page_idx = 0; page_idx < nr_pages; page_idx++) {
		struct page *page;

		if (list_empty(pages))
			break;
		page = list_last_entry(pages, struct page, lru);
		list_del_init(&page->lru);
		if (!add_to_page_cache_lru(page, mapping, page->index, GFP_KERNEL))
			bio = do_mpage_readpage(bio, page, nr_pages - page_idx,
						&last_block_in_bio);
		page_cache_release(page);
	}
	if (bio)
		mpage_bio_submit(READ, bio);
	return 0;
}

int ext3_readpage(struct file *file, struct page *page)
{
	unsigned long last_block_in_bio = 0;
	struct bio *bio;

	(void)file;
	bio = do_mpage_readpage(NULL, page, 1, &last_block_in_bio);
	if (bio)
		mpage_bio_submit(READ, bio);
	return 0;
}

/* ---- writes: block_write_full_page ------------------------------------ */

static void end_bio_page_write(struct bio *bio, int error)
{
	struct page *page = bio->bi_io_vec[0];

	ext3_bio_done(bio);
	if (error)
		SetPageError(page);
	end_page_writeback(page);
	bio_put(bio);
}

/*
 * ext3_*_writepage via block_write_full_page: one WRITE bio per page (one
 * 4 KiB buffer), neighbours merge in the request queue.  WRITE is async;
 * data-integrity writeback (WB_SYNC_ALL) uses WRITE_SYNC.  The page is
 * unlocked after submission and stays PG_writeback until end_io.
 */
int ext3_writepage(struct page *page, struct writeback_control *wbc)
{
	struct address_space *mapping = page_mapping(page);
	struct inode *inode = mapping->host;
	pgoff_t end_index = (pgoff_t)(inode->i_size >> PAGE_CACHE_SHIFT);
	unsigned long block;
	struct bio *bio;

	/* Wholly outside i_size (truncated meanwhile): nothing to write. */
	if (page->index > end_index ||
	    (page->index == end_index && !(inode->i_size & (PAGE_CACHE_SIZE - 1)))) {
		unlock_page(page);
		return 0;
	}
	block = ext3_bmap(inode, page->index);
	if (!block) {
		redirty_page_for_writepage(wbc, page);
		unlock_page(page);
		return 0;
	}
	bio = bio_alloc(1);
	bio->bi_rw = wbc->sync_mode == WB_SYNC_ALL ? WRITE_SYNC : WRITE;
	bio->bi_bdev = inode->i_sb->s_bdev;
	bio->bi_sector = ext3_block_to_sector(block);
	bio->bi_end_io = end_bio_page_write;
	bio->bi_private = inode->i_sb;
	bio_add_page(bio, page);

	BUG_ON(PageWriteback(page));
	set_page_writeback(page);
	ext3_submit_bio(inode->i_sb, bio);
	unlock_page(page);
	return 0;
}

static const struct address_space_operations ext3_aops = {
	.writepage = ext3_writepage,
	.readpage = ext3_readpage,
	.readpages = ext3_readpages,
	.set_page_dirty = __set_page_dirty_nobuffers,
};

/* ---- the journal -------------------------------------------------------- */

static void journal_end_io(struct bio *bio, int error)
{
	struct super_block *sb = bio->bi_private;

	(void)error;
	sb->s_bios_inflight--;
	sb->s_journal_io_inflight--;
	wake_up_all(&sb->s_journal_wait);
	bio_put(bio);
}

/* Write @nr journal blocks at the head of the circular log, and wait. */
static void journal_write_blocks(struct super_block *sb, unsigned long nr)
{
	DEFINE_WAIT(wait);

	while (nr) {
		unsigned long room = sb->s_journal_len - sb->s_journal_head;
		unsigned long n = min(min(nr, room), (unsigned long)JOURNAL_BIO_PAGES);
		struct bio *bio = bio_alloc((unsigned int)n);

		/* An ordinary (not fsync-driven) commit is a plain async WRITE. */
		bio->bi_rw = WRITE;
		bio->bi_bdev = sb->s_bdev;
		bio->bi_sector = ext3_block_to_sector(sb->s_journal_start +
						      sb->s_journal_head);
		bio->bi_end_io = journal_end_io;
		bio->bi_private = sb;
		for (unsigned long i = 0; i < n; i++)
			bio_add_page(bio, sb->s_journal_pages[i]);
		sb->s_journal_io_inflight++;
		sb->s_journal_blocks_written += n;
		ext3_submit_bio(sb, bio);
		sb->s_journal_head = (sb->s_journal_head + n) % sb->s_journal_len;
		nr -= n;
	}
	for (;;) {
		prepare_to_wait(&sb->s_journal_wait, &wait, TASK_UNINTERRUPTIBLE);
		if (!sb->s_journal_io_inflight)
			break;
		io_schedule();
	}
	finish_wait(&sb->s_journal_wait, &wait);
}

/*
 * journal_commit_transaction, reduced to its I/O: a descriptor block and
 * the logged metadata blocks (one per inode changed, a bitmap and a group
 * descriptor per block group touched), then the commit block.
 */
static void journal_commit_transaction(struct super_block *sb)
{
	unsigned long nr = 1 + sb->s_trans_inodes + 2 * sb->s_trans_groups;

	sb->s_trans_inodes = 0;
	sb->s_trans_groups = 0;
	sb->s_trans_tid++;
	journal_write_blocks(sb, nr);
	journal_write_blocks(sb, 1);
	sb->s_commits++;
}

/* kjournald: commit every commit_interval if the transaction has anything. */
static void kjournald(void *arg)
{
	struct super_block *sb = arg;

	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		schedule_timeout((long)sb->s_commit_interval);
		if (sb->s_journal_stop)
			break;
		if (sb->s_trans_inodes || sb->s_trans_groups)
			journal_commit_transaction(sb);
	}
}

/* ---- inodes and files --------------------------------------------------- */

struct inode *mapping_host(const struct address_space *mapping)
{
	return mapping ? mapping->host : NULL;
}

static struct inode *ext3_new_inode(struct super_block *sb, const char *name)
{
	struct inode *inode = calloc(1, sizeof(*inode));
	struct address_space *mapping = calloc(1, sizeof(*mapping));

	if (!inode || !mapping) {
		free(inode);
		free(mapping);
		return NULL;
	}
	inode->i_ino = sb->s_next_ino++;
	vfs_cache_entry_init(&inode->i_vfs, inode->i_ino, inode);
	snprintf(inode->i_name, sizeof(inode->i_name), "%s", name);
	INIT_LIST_HEAD(&inode->i_list);
	init_waitqueue_head(&inode->i_sync_wait);
	inode->i_sb = sb;
	mapping->host = inode;
	mapping->flags = AS_FILE;
	mapping->a_ops = &ext3_aops;
	mapping->backing_dev_info = sb->s_bdi;
	mapping->gfp_mask = GFP_HIGHUSER_MOVABLE;
	mapping_register(mapping);
	inode->i_mapping = mapping;
	file_ra_state_init(&inode->i_mmap_ra, mapping);
	list_add_tail(&inode->i_sb_list, &sb->s_inodes);
	return inode;
}

static void ext3_destroy_inode(struct inode *inode)
{
	vfs_cache_forget(&inode->i_vfs);
	list_del(&inode->i_sb_list);
	mapping_unregister(inode->i_mapping);
	free(inode->i_mapping);
	free(inode->i_extents);
	free(inode->i_dirty_tags);
	free(inode);
}

void iput(struct inode *inode)
{
	BUG_ON(inode->i_count <= 0);
	if (--inode->i_count == 0 && inode->i_unlinked)
		ext3_destroy_inode(inode);
}

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

	if (size < 0 || ext3_lookup(sb, name) || nr_blocks > sb->s_free_blocks)
		return NULL;
	inode = ext3_new_inode(sb, name);
	if (!inode)
		return NULL;
	/* Laid out as a file written in one go: contiguous runs from the cursor. */
	while (index < nr_blocks) {
		unsigned long got;
		unsigned long start = find_free_run(sb, sb->s_alloc_cursor,
						    nr_blocks - index, &got);

		if (!got)
			break;
		for (unsigned long b = 0; b < got; b++)
			block_take(sb, start + b);
		inode_add_extent(inode, index, start, got);
		index += got;
		sb->s_alloc_cursor = start + got;
	}
	inode->i_size = size;
	return inode;
}

int ext3_truncate(struct inode *inode, loff_t size)
{
	if (size < 0)
		return -EINVAL;
	if (size < inode->i_size) {
		pgoff_t first_gone = (pgoff_t)((size + PAGE_CACHE_SIZE - 1) >>
					       PAGE_CACHE_SHIFT);

		truncate_inode_pages(inode->i_mapping, size);
		free_blocks_from(inode, first_gone);
	}
	inode->i_size = size;
	journal_note_inode(inode);
	return 0;
}

int ext3_unlink(struct super_block *sb, const char *name)
{
	struct inode *inode = ext3_lookup(sb, name);

	if (!inode)
		return -ENOENT;
	inode->i_unlinked = true;
	truncate_inode_pages(inode->i_mapping, 0);
	free_blocks_from(inode, 0);
	inode_writeback_forget(inode);
	if (!inode->i_count)
		ext3_destroy_inode(inode);
	return 0;
}

struct file *filp_open(struct inode *inode, unsigned int mode)
{
	struct file *file;

	/* The path walk: the dentry and inode, cached or allocated now. */
	if (!inode->i_vfs.d_count && vfs_cache_lookup(&inode->i_vfs))
		return NULL;
	file = calloc(1, sizeof(*file));
	if (!file) {
		if (!inode->i_vfs.d_count)
			vfs_cache_release(&inode->i_vfs);
		return NULL;
	}
	inode->i_vfs.d_count++;
	file->f_inode = inode;
	file->f_mapping = inode->i_mapping;
	file->f_mode = mode;
	file_ra_state_init(&file->f_ra, inode->i_mapping);
	inode->i_count++;
	return file;
}

void fput(struct file *file)
{
	struct inode *inode = file->f_inode;

	/* The last file of the dentry: dput. */
	if (!--inode->i_vfs.d_count)
		vfs_cache_release(&inode->i_vfs);
	iput(file->f_inode);
	free(file);
}

/* ---- mount ---------------------------------------------------------------- */

/*
 * The bdi's device name as the flusher thread shows it ("flush-253:0"):
 * dm-N is 253:N, sdX is 8:16*X; anything else keeps its own name.
 */
static void bdev_dev_name(struct block_device *bdev, char *buf, size_t len)
{
	unsigned int n;
	char c;

	if (sscanf(bdev->bd_name, "dm-%u", &n) == 1)
		snprintf(buf, len, "253:%u", n);
	else if (sscanf(bdev->bd_name, "sd%c", &c) == 1 && c >= 'a' && c <= 'z')
		snprintf(buf, len, "8:%u", 16u * (unsigned int)(c - 'a'));
	else
		snprintf(buf, len, "%.15s", bdev->bd_name);
}

/* mke2fs 1.41's ext2fs_default_journal_size, in 4 KiB blocks. */
static unsigned long default_journal_blocks(unsigned long blocks)
{
	if (blocks < 2048)
		return 0;
	if (blocks < 32768)
		return 1024;
	if (blocks < 256 * 1024)
		return 4096;
	if (blocks < 512 * 1024)
		return 8192;
	if (blocks < 1024 * 1024)
		return 16384;
	return 32768;
}

struct super_block *ext3_mount(struct block_device *bdev, const char *id,
			       const struct ext3_mount_opts *opts)
{
	unsigned long blocks = (unsigned long)(bdev->bd_nr_sectors / SECTORS_PER_BLOCK);
	struct ext3_mount_opts defaults = { 0 };
	struct super_block *sb;
	char devname[16];

	if (!opts)
		opts = &defaults;
	if (blocks < 64)
		return NULL;
	sb = calloc(1, sizeof(*sb));
	if (!sb)
		return NULL;
	sb->s_bdev = bdev;
	sb->s_bdi = blk_get_backing_dev_info(bdev);
	snprintf(sb->s_id, sizeof(sb->s_id), "%s", id ? id : "ext3");
	sb->s_blocks = blocks;
	sb->s_block_bitmap = calloc((blocks + BITS_PER_LONG - 1) / BITS_PER_LONG,
				    sizeof(unsigned long));
	if (!sb->s_block_bitmap) {
		free(sb);
		return NULL;
	}
	sb->s_free_blocks = blocks;
	INIT_LIST_HEAD(&sb->s_inodes);
	init_waitqueue_head(&sb->s_journal_wait);
	sb->s_next_ino = 12;		/* the first non-reserved ext3 inode */

	sb->s_journal_start = 1;
	sb->s_journal_len = opts->journal_blocks ? opts->journal_blocks :
			    default_journal_blocks(blocks);
	if (!sb->s_journal_len)
		sb->s_journal_len = 16;
	if (sb->s_journal_len > blocks / 2)
		sb->s_journal_len = blocks / 2;
	sb->s_data_start = sb->s_journal_start + sb->s_journal_len;
	for (unsigned long b = 0; b < sb->s_data_start; b++)
		block_take(sb, b);
	sb->s_alloc_cursor = sb->s_data_start;
	sb->s_commit_interval = (unsigned long)(opts->commit_interval_s ?
		opts->commit_interval_s : JBD_DEFAULT_MAX_COMMIT_AGE) * HZ;

	bdev_dev_name(bdev, devname, sizeof(devname));
	if (bdi_writeback_register(sb->s_bdi, devname)) {
		free(sb->s_block_bitmap);
		free(sb);
		return NULL;
	}
	/* jbd's log buffers: metadata pages that stay in memory. */
	for (int i = 0; i < JOURNAL_BIO_PAGES; i++) {
		sb->s_journal_pages[i] = alloc_pages(GFP_KERNEL, 0);
		if (!sb->s_journal_pages[i]) {
			sb->s_journal_stop = true;
			ext3_umount(sb);
			return NULL;
		}
	}
	if (!opts->no_journal_thread) {
		char comm[16];

		snprintf(comm, sizeof(comm), "kjournald");
		sb->s_journal_task = kthread_run(kjournald, sb, comm, DEFAULT_PRIO);
	}
	return sb;
}

/*
 * At the end of a simulation (no task runs again): free the filesystem's
 * inodes and pages without writing anything back.
 */
void ext3_umount(struct super_block *sb)
{
	struct inode *inode, *next;

	sb->s_journal_stop = true;
	list_for_each_entry_safe(inode, next, &sb->s_inodes, i_sb_list) {
		struct address_space *mapping = inode->i_mapping;

		for (pgoff_t index = 0; index <= inode->i_max_index &&
		     mapping->nrpages; index++) {
			struct page *page = mapping_lookup(mapping, index);

			if (!page)
				continue;
			/* No I/O will complete any more: drop the page's state. */
			if (PageWriteback(page))
				test_clear_page_writeback(page);
			SetPageLocked(page);
			if (PageDirty(page))
				clear_page_dirty_for_io(page);
			get_page(page);
			delete_from_page_cache(page);
			ClearPageLocked(page);
			page_cache_release(page);
		}
		inode_writeback_forget(inode);
		ext3_destroy_inode(inode);
	}
	for (int i = 0; i < JOURNAL_BIO_PAGES; i++)
		if (sb->s_journal_pages[i])
			__free_pages(sb->s_journal_pages[i], 0);
	free(sb->s_block_bitmap);
	free(sb);
}
