// SPDX-License-Identifier: GPL-2.0
/*
 * ext3 block allocation (2.6.32 fs/ext3/balloc.c): the block bitmap,
 * reservation windows, ext3_new_block and ext3_free_blocks.
 *
 * One bitmap for the whole volume and one allocation cursor stand in for
 * the per-group bitmaps and the rb-tree of windows; what the kernel's
 * layout gives and mmsim keeps is that a file written sequentially gets
 * sequential blocks, also with another writer interleaved.  Each change
 * logs its group's bitmap and descriptor in the running transaction.
 */
#include <errno.h>
#include "linux/kernel.h"
#include "linux/ext3_fs.h"

static bool block_in_use(struct ext3_sb_info *sbi, unsigned long block)
{
	return test_bit((int)(block % BITS_PER_LONG),
			&sbi->s_block_bitmap[block / BITS_PER_LONG]);
}

static void block_take(struct ext3_sb_info *sbi, unsigned long block)
{
	BUG_ON(block_in_use(sbi, block));
	set_bit((int)(block % BITS_PER_LONG),
		&sbi->s_block_bitmap[block / BITS_PER_LONG]);
	sbi->s_free_blocks--;
}

static void block_release(struct ext3_sb_info *sbi, unsigned long block)
{
	BUG_ON(!block_in_use(sbi, block));
	clear_bit((int)(block % BITS_PER_LONG),
		  &sbi->s_block_bitmap[block / BITS_PER_LONG]);
	sbi->s_free_blocks++;
}

/* The running transaction logs the bitmap and descriptor of @block's group. */
static void journal_note_group(struct ext3_sb_info *sbi, unsigned long block)
{
	transaction_t *transaction = &sbi->s_journal->j_running_transaction;
	unsigned long group = block / EXT3_BLOCKS_PER_GROUP;

	if (transaction->t_nr_groups && transaction->t_last_group == group)
		return;
	transaction->t_last_group = group;
	transaction->t_nr_groups++;
}

/*
 * First run of @len free blocks at or after @goal (wrapping once), or 0.
 * Returns the run's start and sets *got to its length (<= len).
 */
static unsigned long find_free_run(struct ext3_sb_info *sbi, unsigned long goal,
				   unsigned long len, unsigned long *got)
{
	unsigned long b = goal < sbi->s_data_start ? sbi->s_data_start : goal;
	unsigned long scanned = 0, span = sbi->s_blocks - sbi->s_data_start;

	while (scanned < span) {
		if (b >= sbi->s_blocks)
			b = sbi->s_data_start;
		if (!block_in_use(sbi, b)) {
			unsigned long n = 0;

			while (n < len && b + n < sbi->s_blocks &&
			       !block_in_use(sbi, b + n))
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

/*
 * A new reservation window for @inode (alloc_new_reservation): ext3's rsv
 * window starts at 8 blocks and doubles while the file keeps filling it,
 * up to 1027.  It is taken right after the previous one when free, else
 * at the cursor, so two files written at once each stay mostly
 * contiguous.
 */
static int ext3_new_window(struct inode *inode, unsigned long goal)
{
	struct ext3_inode_info *ei = EXT3_I(inode);
	struct ext3_sb_info *sbi = EXT3_SB(inode->i_sb);
	unsigned long size, start, got;

	if (!ei->i_rsv_goal_size)
		ei->i_rsv_goal_size = EXT3_DEFAULT_RESERVE_BLOCKS;
	else if (ei->i_rsv_goal_size * 2 <= EXT3_MAX_RESERVE_BLOCKS)
		ei->i_rsv_goal_size *= 2;
	else
		ei->i_rsv_goal_size = EXT3_MAX_RESERVE_BLOCKS;
	size = ei->i_rsv_goal_size;

	if (goal && goal == sbi->s_alloc_cursor && goal < sbi->s_blocks &&
	    !block_in_use(sbi, goal)) {
		start = find_free_run(sbi, goal, size, &got);
	} else {
		start = find_free_run(sbi, sbi->s_alloc_cursor, size, &got);
	}
	if (!got)
		return -ENOSPC;
	ei->i_rsv_start = start;
	ei->i_rsv_end = start + got;
	if (start + got > sbi->s_alloc_cursor || start < sbi->s_alloc_cursor)
		sbi->s_alloc_cursor = start + got;
	return 0;
}

unsigned long ext3_new_block(struct inode *inode, unsigned long goal,
			     int *errp)
{
	struct ext3_inode_info *ei = EXT3_I(inode);
	struct ext3_sb_info *sbi = EXT3_SB(inode->i_sb);
	unsigned long block;

	for (;;) {
		block = goal >= ei->i_rsv_start && goal < ei->i_rsv_end ?
			goal : ei->i_rsv_start;
		for (; block < ei->i_rsv_end; block++)
			if (!block_in_use(sbi, block))
				goto found;
		if (ext3_new_window(inode, ei->i_rsv_end)) {
			*errp = -ENOSPC;
			return 0;
		}
	}
found:
	block_take(sbi, block);
	journal_note_group(sbi, block);
	*errp = 0;
	return block;
}

void ext3_free_blocks(struct inode *inode, unsigned long block,
		      unsigned long count)
{
	struct ext3_sb_info *sbi = EXT3_SB(inode->i_sb);

	for (unsigned long b = 0; b < count; b++) {
		block_release(sbi, block + b);
		journal_note_group(sbi, block + b);
	}
}

void ext3_discard_reservation(struct inode *inode)
{
	struct ext3_inode_info *ei = EXT3_I(inode);

	ei->i_rsv_start = ei->i_rsv_end = 0;
}

unsigned long ext3_claim_run(struct super_block *sb, unsigned long len,
			     unsigned long *got)
{
	struct ext3_sb_info *sbi = EXT3_SB(sb);
	unsigned long start = find_free_run(sbi, sbi->s_alloc_cursor, len, got);

	if (!*got)
		return 0;
	for (unsigned long b = 0; b < *got; b++)
		block_take(sbi, start + b);
	sbi->s_alloc_cursor = start + *got;
	return start;
}

void ext3_reserve_blocks(struct super_block *sb, unsigned long nr)
{
	struct ext3_sb_info *sbi = EXT3_SB(sb);

	for (unsigned long b = 0; b < nr; b++)
		block_take(sbi, b);
}
