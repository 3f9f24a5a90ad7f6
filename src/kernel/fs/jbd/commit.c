// SPDX-License-Identifier: GPL-2.0
/*
 * journal_commit_transaction (2.6.32 fs/jbd/commit.c), reduced to its
 * I/O: a descriptor block and the logged metadata blocks (one per inode
 * changed, a bitmap and a group descriptor per block group touched),
 * written at the head of the circular log and waited for, then the
 * commit block.
 *
 * An ordinary (timer-driven) commit writes plain async WRITEs; mmsim has
 * no fsync-driven commits, which would use WRITE_SYNC.
 */
#include "linux/kernel.h"
#include "linux/bio.h"
#include "linux/blkdev.h"
#include "linux/jbd.h"

/* journal_end_buffer_io_sync, for a whole bio of log blocks. */
static void journal_end_io(struct bio *bio, int error)
{
	journal_t *journal = bio->bi_private;

	(void)error;
	sb_end_bio(journal->j_private);
	journal->j_io_inflight--;
	wake_up_all(&journal->j_wait_done_commit);
	bio_put(bio);
}

/* Write @nr log blocks at the head of the circular log, and wait. */
static void journal_write_blocks(journal_t *journal, unsigned long nr)
{
	unsigned int sectors_per_block = journal->j_blocksize >> 9;
	DEFINE_WAIT(wait);

	while (nr) {
		unsigned long room = journal->j_maxlen - journal->j_head;
		unsigned long n = min(min(nr, room), (unsigned long)JOURNAL_BIO_PAGES);
		/* submit_bh's bio_alloc(GFP_NOIO): [MODEL] one bio per run
		 * of log blocks instead of one per buffer. */
		struct bio *bio = bio_alloc(GFP_NOIO, (unsigned int)n);

		bio->bi_rw = WRITE;
		bio->bi_bdev = journal->j_dev;
		bio->bi_sector = (sector_t)(journal->j_first + journal->j_head) *
				 sectors_per_block;
		bio->bi_end_io = journal_end_io;
		bio->bi_private = journal;
		for (unsigned long i = 0; i < n; i++)
			bio_add_page(bio, journal->j_wbuf[i]);
		journal->j_io_inflight++;
		journal->j_blocks_written += n;
		sb_submit_bio(journal->j_private, bio);
		journal->j_head = (journal->j_head + n) % journal->j_maxlen;
		nr -= n;
	}
	for (;;) {
		prepare_to_wait(&journal->j_wait_done_commit, &wait,
				TASK_UNINTERRUPTIBLE);
		if (!journal->j_io_inflight)
			break;
		io_schedule();
	}
	finish_wait(&journal->j_wait_done_commit, &wait);
}

void journal_commit_transaction(journal_t *journal)
{
	transaction_t *transaction = &journal->j_running_transaction;
	unsigned long nr = 1 + transaction->t_nr_inodes +
			   2 * transaction->t_nr_groups;

	/* A new transaction starts now; this one's blocks go to the log. */
	transaction->t_nr_inodes = 0;
	transaction->t_nr_groups = 0;
	transaction->t_tid++;
	journal_write_blocks(journal, nr);
	journal_write_blocks(journal, 1);	/* the commit block */
	journal->j_commits++;
}
