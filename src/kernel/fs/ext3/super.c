// SPDX-License-Identifier: GPL-2.0
/*
 * Mounting and unmounting ext3 (2.6.32 fs/ext3/super.c): the super block,
 * the in-core inode's allocation (ext3_alloc_inode, ext3_destroy_inode),
 * the journal's place on the volume, and the bdi's flusher name.
 *
 * mmsim mounts a freshly made filesystem: what mke2fs would have written
 * is decided here (the journal's size, the first inode number).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "linux/pagemap.h"
#include "linux/writeback.h"
#include "linux/swap.h"
#include "linux/backing-dev.h"
#include "linux/blkdev.h"
#include "linux/ext3_fs.h"

#define SECTORS_PER_BLOCK	(1UL << (EXT3_BLOCK_SHIFT - 9))
/* The first non-reserved inode, lost+found. */
#define EXT3_GOOD_OLD_FIRST_INO	11

static struct inode *ext3_alloc_inode(struct super_block *sb)
{
	struct ext3_inode_info *ei = calloc(1, sizeof(*ei));

	(void)sb;
	return ei ? &ei->vfs_inode : NULL;
}

static void ext3_destroy_inode(struct inode *inode)
{
	struct ext3_inode_info *ei = EXT3_I(inode);

	free(ei->i_extents);
	free(ei);
}

static const struct super_operations ext3_sops = {
	.alloc_inode = ext3_alloc_inode,
	.destroy_inode = ext3_destroy_inode,
};

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

/*
 * The journal mke2fs 1.41 makes (e2fsprogs lib/ext2fs/mkjournal.c,
 * ext2fs_default_journal_size), in 4 KiB blocks: 1024 blocks under
 * 128 MiB ... 32768 blocks (128 MiB) from 4 GiB.
 */
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
	unsigned long journal_len, commit_interval;
	struct ext3_sb_info *sbi;
	struct super_block *sb;
	char devname[16];

	if (!opts)
		opts = &defaults;
	if (blocks < 64)
		return NULL;
	sb = calloc(1, sizeof(*sb));
	sbi = calloc(1, sizeof(*sbi));
	if (!sb || !sbi)
		goto out_free_sb;
	sb->s_fs_info = sbi;
	sb->s_op = &ext3_sops;
	sb->s_bdev = bdev;
	sb->s_bdi = blk_get_backing_dev_info(bdev);
	sb->s_blocksize_bits = EXT3_BLOCK_SHIFT;
	sb->s_blocksize = 1UL << EXT3_BLOCK_SHIFT;
	snprintf(sb->s_id, sizeof(sb->s_id), "%s", id ? id : "ext3");
	INIT_LIST_HEAD(&sb->s_inodes);
	sb->s_next_ino = EXT3_GOOD_OLD_FIRST_INO + 1;	/* after lost+found */
	sbi->s_blocks = blocks;
	sbi->s_block_bitmap = calloc((blocks + BITS_PER_LONG - 1) / BITS_PER_LONG,
				     sizeof(unsigned long));
	if (!sbi->s_block_bitmap)
		goto out_free_sb;
	sbi->s_free_blocks = blocks;

	/* The journal follows block 0 (super block and group descriptors). */
	journal_len = opts->journal_blocks ? opts->journal_blocks :
		      default_journal_blocks(blocks);
	if (!journal_len)
		journal_len = 16;
	if (journal_len > blocks / 2)
		journal_len = blocks / 2;
	commit_interval = (unsigned long)(opts->commit_interval_s ?
		opts->commit_interval_s : JBD_DEFAULT_MAX_COMMIT_AGE) * HZ;
	sbi->s_journal = journal_init_dev(bdev, sb, 1, journal_len,
					  (unsigned int)sb->s_blocksize,
					  commit_interval);
	if (!sbi->s_journal)
		goto out_free_bitmap;
	sbi->s_data_start = 1 + journal_len;
	ext3_reserve_blocks(sb, sbi->s_data_start);
	sbi->s_alloc_cursor = sbi->s_data_start;

	bdev_dev_name(bdev, devname, sizeof(devname));
	if (bdi_writeback_register(sb->s_bdi, devname))
		goto out_free_journal;
	if (journal_load(sbi->s_journal, opts->no_journal_thread)) {
		ext3_umount(sb);
		return NULL;
	}
	return sb;

out_free_journal:
	journal_destroy(sbi->s_journal);
out_free_bitmap:
	free(sbi->s_block_bitmap);
out_free_sb:
	free(sbi);
	free(sb);
	return NULL;
}

/*
 * At the end of a simulation (no task runs again): free the filesystem's
 * inodes and pages without writing anything back.
 */
void ext3_umount(struct super_block *sb)
{
	struct ext3_sb_info *sbi = EXT3_SB(sb);
	struct inode *inode, *next;

	sbi->s_journal->j_flags |= JFS_UNMOUNT;
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
		destroy_inode(inode);
	}
	journal_destroy(sbi->s_journal);
	free(sbi->s_block_bitmap);
	free(sbi);
	free(sb);
}
