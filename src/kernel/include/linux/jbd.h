/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The journal of an ext3 filesystem (2.6.32 include/linux/jbd.h,
 * fs/jbd/journal.c and fs/jbd/commit.c), reduced to its I/O: a circular
 * log area on the filesystem's device that kjournald writes every
 * commit interval while the running transaction has logged anything.
 *
 * The running transaction only counts what it logged (the inodes and the
 * block groups whose bitmap and descriptor changed); a commit writes a
 * descriptor block, one block per logged inode, two per logged group,
 * then the commit block.  No checkpointing, no revoke, no handles.
 */
#ifndef MMSIM_JBD_H
#define MMSIM_JBD_H

#include <stdbool.h>
#include "sim/sim.h"
#include "linux/buffer_head.h"

struct super_block;
struct page;

#define JBD_DEFAULT_MAX_COMMIT_AGE	5	/* seconds */
/*
 * Log blocks written per bio; the journal keeps this many pages as log
 * buffers (2.6.32's j_wbuf holds buffer_heads for as many blocks as fit
 * one descriptor block's tags; mmsim writes in batches of this size).
 */
#define JOURNAL_BIO_PAGES		64

/* journal_t->j_flags */
#define JFS_UNMOUNT	0x001	/* the journal is being torn down */

typedef unsigned long tid_t;

/* The running transaction: what it has logged so far. */
typedef struct transaction_s {
	tid_t t_tid;
	unsigned long t_nr_inodes;	/* inode blocks logged */
	unsigned long t_nr_groups;	/* groups: bitmap + descriptor logged */
	unsigned long t_last_group;	/* the group logged last */
} transaction_t;

typedef struct journal_s {
	unsigned long j_flags;		/* JFS_* */
	struct block_device *j_dev;
	struct super_block *j_private;	/* the filesystem: its I/O counts */
	unsigned int j_blocksize;
	unsigned long j_first;		/* first block of the log */
	unsigned long j_maxlen;		/* blocks in the log */
	unsigned long j_head;		/* next block to write, from j_first */
	unsigned long j_commit_interval;	/* jiffies */
	struct task_struct *j_task;	/* kjournald */
	/* One transaction runs at a time; 2.6.32 points at it. */
	transaction_t j_running_transaction;
	/* Log writes in flight, and where the commit waits for them. */
	unsigned long j_io_inflight;
	struct wait_queue_head j_wait_done_commit;
	struct page *j_wbuf[JOURNAL_BIO_PAGES];	/* log buffers */
	/* mmsim: commits done and log blocks written, for tests */
	unsigned long j_commits;
	unsigned long j_blocks_written;
} journal_t;

/*
 * journal.c: a journal of @len blocks from block @start of @bdev, for the
 * filesystem @sb; NULL without host memory.  Nothing is allocated from
 * the simulated machine yet.
 */
journal_t *journal_init_dev(struct block_device *bdev, struct super_block *sb,
			    unsigned long start, unsigned long len,
			    unsigned int blocksize, unsigned long commit_interval);
/*
 * journal.c: allocate the log buffers (GFP_KERNEL pages) and, unless
 * @no_thread, start kjournald.  0, or -ENOMEM with the buffers allocated
 * so far left for journal_destroy().
 */
int journal_load(journal_t *journal, bool no_thread);
/* journal.c: end of a simulation: free the log buffers and the journal. */
void journal_destroy(journal_t *journal);
/* commit.c: write the running transaction to the log, and wait for it. */
void journal_commit_transaction(journal_t *journal);

#endif /* MMSIM_JBD_H */
