// SPDX-License-Identifier: GPL-2.0
/*
 * The journal's life (2.6.32 fs/jbd/journal.c): journal_init_dev,
 * journal_load with its log buffers and the kjournald thread, and
 * journal_destroy.  What a commit writes is in commit.c.
 */
#include <errno.h>
#include <stdlib.h>
#include "linux/kernel.h"
#include "linux/gfp.h"
#include "linux/swap.h"
#include "linux/jbd.h"
#include "linux/kthread.h"

/*
 * kjournald: commit every j_commit_interval if the running transaction
 * has logged anything (the kernel's commit timer, j_commit_timer).
 */
static void kjournald(void *arg)
{
	journal_t *journal = arg;
	transaction_t *transaction = &journal->j_running_transaction;

	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		schedule_timeout((long)journal->j_commit_interval);
		if (journal->j_flags & JFS_UNMOUNT)
			break;
		if (transaction->t_nr_inodes || transaction->t_nr_groups)
			journal_commit_transaction(journal);
	}
}

journal_t *journal_init_dev(struct block_device *bdev, struct super_block *sb,
			    unsigned long start, unsigned long len,
			    unsigned int blocksize, unsigned long commit_interval)
{
	journal_t *journal = calloc(1, sizeof(*journal));

	if (!journal)
		return NULL;
	journal->j_dev = bdev;
	journal->j_private = sb;
	journal->j_blocksize = blocksize;
	journal->j_first = start;
	journal->j_maxlen = len;
	journal->j_commit_interval = commit_interval;
	init_waitqueue_head(&journal->j_wait_done_commit);
	return journal;
}

int journal_load(journal_t *journal, bool no_thread)
{
	/* The log buffers: metadata pages that stay in memory. */
	for (int i = 0; i < JOURNAL_BIO_PAGES; i++) {
		journal->j_wbuf[i] = alloc_pages(GFP_KERNEL, 0);
		if (!journal->j_wbuf[i]) {
			journal->j_flags |= JFS_UNMOUNT;
			return -ENOMEM;
		}
	}
	/* journal_start_thread */
	if (!no_thread)
		journal->j_task = kthread_run(kjournald, journal, "kjournald",
					      kthread_prio());
	return 0;
}

void journal_destroy(journal_t *journal)
{
	journal->j_flags |= JFS_UNMOUNT;
	for (int i = 0; i < JOURNAL_BIO_PAGES; i++)
		if (journal->j_wbuf[i])
			__free_pages(journal->j_wbuf[i], 0);
	free(journal);
}
