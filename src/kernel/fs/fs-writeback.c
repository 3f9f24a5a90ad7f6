// SPDX-License-Identifier: GPL-2.0
/*
 * Writing back dirty inodes (fs/fs-writeback.c, mm/pdflush.c,
 * mm/backing-dev.c of .30-.32).
 *
 * Dirty inodes sit on their bdi's b_dirty list, newest first, stamped with
 * dirtied_when.  A writeback pass moves the expired ones (all of them
 * without an age limit) to b_io and writes each in turn through
 * write_cache_pages; an inode with pages left over goes to b_more_io (its
 * quota ran out) or back to b_dirty (redirty_tail).
 *
 * Who runs the passes depends on kprofile.writeback_engine:
 *
 * - WRITEBACK_PDFLUSH (.30/.31): a pool of 2..8 "pdflush" threads.
 *   pdflush_operation() hands a function to an idle one or fails; a timer
 *   runs wb_kupdate every dirty_writeback_interval; balance_dirty_pages
 *   and direct reclaim start background_writeout.  Both write with
 *   nonblocking set: a congested queue makes them nap in congestion_wait
 *   on kprofile.cw_writeback's queue.
 *
 * - WRITEBACK_FLUSHER (.32): one "flush-MAJ:MIN" thread per bdi with dirty
 *   inodes, forked on demand by "bdi-default", fed work items
 *   (background, or N pages), checking for old data every
 *   dirty_writeback_interval, and exiting after 5 minutes idle.  It
 *   writes blocking (waiting for request slots), never in congestion_wait.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "linux/vmstat.h"
#include "mmsim/profile.h"
#include "linux/pagemap.h"
#include "linux/writeback.h"
#include "mmsim/wb_internal.h"
#include "linux/fs.h"
#include "linux/swap.h"
#include "linux/bio.h"
#include "linux/backing-dev.h"
#include "linux/blkdev.h"
#include "linux/kthread.h"
#include "metrics/metrics.h"
#include "util/xalloc.h"

#ifndef PF_FLUSHER
#define PF_FLUSHER	0x00001000	/* sched.h of .30/.31: a pdflush thread */
#endif

struct flusher_stats flusher_stats;

static LIST_HEAD(bdi_list);
static struct bdi_writeback *wb_last;

static unsigned long interval_jiffies(unsigned int centisecs)
{
	return ns_to_jiffies((sim_time_t)centisecs * 10 * NSEC_PER_MSEC);
}

static bool time_after(unsigned long a, unsigned long b)
{
	return (long)(b - a) < 0;
}

static bool time_before(unsigned long a, unsigned long b)
{
	return time_after(b, a);
}

/* ---- bdis ------------------------------------------------------------- */

struct bdi_writeback *bdi_wb(struct backing_dev_info *bdi)
{
	struct bdi_writeback *wb;

	if (!bdi)
		return NULL;
	if (wb_last && wb_last->bdi == bdi)
		return wb_last;
	list_for_each_entry(wb, &bdi_list, link) {
		if (wb->bdi == bdi) {
			wb_last = wb;
			return wb;
		}
	}
	return NULL;
}

int bdi_writeback_register(struct backing_dev_info *bdi, const char *devname)
{
	struct bdi_writeback *wb;

	if (bdi_wb(bdi))
		return 0;
	BUG_ON(!vm_completions.shift);	/* page_writeback_init() comes first */
	wb = calloc(1, sizeof(*wb));
	if (!wb)
		return -ENOMEM;
	wb->bdi = bdi;
	snprintf(wb->name, sizeof(wb->name), "%s", devname);
	INIT_LIST_HEAD(&wb->b_dirty);
	INIT_LIST_HEAD(&wb->b_io);
	INIT_LIST_HEAD(&wb->b_more_io);
	INIT_LIST_HEAD(&wb->work_list);
	wb->max_ratio = 100;
	wb->last_old_flush = jiffies;
	wb->completions.period = vm_completions.events &
		~((1UL << (vm_completions.shift - 1)) - 1);
	wb->completions.shift = vm_completions.shift;
	list_add_tail(&wb->link, &bdi_list);
	return 0;
}

static bool wb_has_dirty_io(struct bdi_writeback *wb)
{
	return !list_empty(&wb->b_dirty) || !list_empty(&wb->b_io) ||
	       !list_empty(&wb->b_more_io);
}

bool bdi_has_dirty_io(struct backing_dev_info *bdi)
{
	struct bdi_writeback *wb = bdi_wb(bdi);

	return wb && wb_has_dirty_io(wb);
}

/*
 * .30/.31: a pdflush thread holds the bdi (BDI_pdflush) while writing it.
 * .32: work is queued and not yet picked up by the flusher.
 */
bool writeback_in_progress(struct backing_dev_info *bdi)
{
	struct bdi_writeback *wb = bdi_wb(bdi);

	if (!wb)
		return false;
	if (kprofile_get(writeback_engine) == WRITEBACK_PDFLUSH)
		return wb->pdflush_active;
	return !list_empty(&wb->work_list);
}

/* ---- dirty tags --------------------------------------------------------- */

#define TAG_BITS (8 * sizeof(unsigned long))

void inode_tag_dirty(struct inode *inode, pgoff_t index)
{
	unsigned long *tags = inode->i_dirty_tags;

	if (index >= inode->i_dirty_tags_bits) {
		unsigned long bits = inode->i_dirty_tags_bits ?
				     inode->i_dirty_tags_bits : 1024;
		size_t old_words = inode->i_dirty_tags_bits / TAG_BITS;

		while (bits <= index)
			bits *= 2;
		tags = xrealloc(tags, bits / 8);
		memset(tags + old_words, 0, (bits / TAG_BITS - old_words) * sizeof(*tags));
		inode->i_dirty_tags = tags;
		inode->i_dirty_tags_bits = bits;
	}
	if (!test_and_set_bit((int)(index % TAG_BITS), &tags[index / TAG_BITS]))
		inode->i_nr_dirty++;
}

void inode_tag_clean(struct inode *inode, pgoff_t index)
{
	if (index >= inode->i_dirty_tags_bits)
		return;
	if (test_and_clear_bit((int)(index % TAG_BITS),
			       &inode->i_dirty_tags[index / TAG_BITS]))
		inode->i_nr_dirty--;
}

pgoff_t inode_next_dirty(struct inode *inode, pgoff_t index)
{
	unsigned long words = inode->i_dirty_tags_bits / TAG_BITS;
	unsigned long w = index / TAG_BITS;

	if (!inode->i_nr_dirty || w >= words)
		return (pgoff_t)-1;
	{
		unsigned long word = inode->i_dirty_tags[w] &
				     (~0UL << (index % TAG_BITS));

		for (;;) {
			if (word)
				return w * TAG_BITS + (pgoff_t)__builtin_ctzl(word);
			if (++w >= words)
				return (pgoff_t)-1;
			word = inode->i_dirty_tags[w];
		}
	}
}

bool mapping_tagged_dirty(struct inode *inode)
{
	return inode->i_nr_dirty != 0;
}

/* ---- inode lists ------------------------------------------------------- */

static struct bdi_writeback *inode_wb(struct inode *inode)
{
	return bdi_wb(inode->i_mapping->backing_dev_info);
}

void __mark_inode_dirty(struct inode *inode, int flags)
{
	struct bdi_writeback *wb;
	bool was_dirty;

	if (((int)inode->i_state & flags) == flags)
		return;
	was_dirty = inode->i_state & I_DIRTY;
	inode->i_state |= (unsigned long)flags;
	/* Being written: the writer puts it on the right list when done. */
	if (inode->i_state & I_SYNC)
		return;
	if (inode->i_state & (I_FREEING | I_CLEAR))
		return;
	if (was_dirty)
		return;
	wb = inode_wb(inode);
	if (!wb)
		return;
	inode->dirtied_when = jiffies;
	list_move(&inode->i_list, &wb->b_dirty);
}

/*
 * Back to b_dirty; if newer inodes are there, it becomes the newest so the
 * list stays ordered by dirtied_when.
 */
static void redirty_tail(struct bdi_writeback *wb, struct inode *inode)
{
	if (!list_empty(&wb->b_dirty)) {
		struct inode *tail = list_first_entry(&wb->b_dirty, struct inode,
						      i_list);

		if (time_before(inode->dirtied_when, tail->dirtied_when))
			inode->dirtied_when = jiffies;
	}
	list_move(&inode->i_list, &wb->b_dirty);
}

/* Its quota ran out: first in line at the next pass. */
static void requeue_io(struct bdi_writeback *wb, struct inode *inode)
{
	list_move(&inode->i_list, &wb->b_more_io);
}

static bool inode_dirtied_after(struct inode *inode, unsigned long t)
{
	return time_after(inode->dirtied_when, t);
}

static void move_expired_inodes(struct list_head *delaying_queue,
				struct list_head *dispatch_queue,
				unsigned long *older_than_this)
{
	while (!list_empty(delaying_queue)) {
		struct inode *inode = list_last_entry(delaying_queue,
						      struct inode, i_list);

		if (older_than_this &&
		    inode_dirtied_after(inode, *older_than_this))
			break;
		list_move(&inode->i_list, dispatch_queue);
	}
}

/* b_more_io first, then the expired dirty inodes, oldest first. */
static void queue_io(struct bdi_writeback *wb, unsigned long *older_than_this)
{
	list_splice_init(&wb->b_more_io, wb->b_io.prev);
	move_expired_inodes(&wb->b_dirty, &wb->b_io, older_than_this);
}

static void inode_wait_for_writeback(struct inode *inode)
{
	DEFINE_WAIT(wait);

	for (;;) {
		prepare_to_wait(&inode->i_sync_wait, &wait, TASK_UNINTERRUPTIBLE);
		if (!(inode->i_state & I_SYNC))
			break;
		io_schedule();
	}
	finish_wait(&inode->i_sync_wait, &wait);
}

/* filemap_fdatawait: every page of the file out of writeback. */
static void inode_wait_pages_writeback(struct inode *inode)
{
	for (pgoff_t index = 0; index <= inode->i_max_index; index++) {
		struct page *page = find_get_page(inode->i_mapping, index);

		if (!page)
			continue;
		wait_on_page_writeback(page);
		page_cache_release(page);
	}
}

static int writeback_single_inode(struct inode *inode,
				  struct writeback_control *wbc)
{
	struct address_space *mapping = inode->i_mapping;
	struct bdi_writeback *wb = inode_wb(inode);
	int ret;

	if (inode->i_state & I_SYNC) {
		/* Someone else writes it: leave it for later, unless integrity. */
		if (wbc->sync_mode != WB_SYNC_ALL) {
			requeue_io(wb, inode);
			return 0;
		}
		inode_wait_for_writeback(inode);
	}
	inode->i_state |= I_SYNC;
	inode->i_state &= ~(unsigned long)I_DIRTY;

	ret = do_writepages(mapping, wbc);
	if (wbc->sync_mode == WB_SYNC_ALL)
		inode_wait_pages_writeback(inode);

	inode->i_state &= ~(unsigned long)I_SYNC;
	if (!(inode->i_state & (I_FREEING | I_CLEAR))) {
		bool fast_dirtier = (inode->i_state & I_DIRTY_PAGES) &&
				    wbc->for_kupdate;

		/*
		 * 2.6.32: a kupdate pass that finds the inode redirtied while
		 * it wrote (a fast dirtier) queues it by quota, as for pages
		 * left over, rather than sending it to the back of b_dirty.
		 */
		if (kprofile_get(writeback_engine) == WRITEBACK_PDFLUSH)
			fast_dirtier = false;
		if (!fast_dirtier && (inode->i_state & I_DIRTY)) {
			/* Redirtied while we wrote it. */
			redirty_tail(wb, inode);
		} else if (fast_dirtier || mapping_tagged_dirty(inode)) {
			/* Pages left over. */
			inode->i_state |= I_DIRTY_PAGES;
			if (wbc->for_kupdate) {
				if (wbc->nr_to_write <= 0)
					requeue_io(wb, inode);	/* quota used up */
				else	/* blocked: retry later */
					redirty_tail(wb, inode);
			} else {
				/*
				 * Fully redirty so other inodes of this bdi get
				 * their turn before a heavy writer's file again.
				 */
				redirty_tail(wb, inode);
			}
		} else {
			list_del_init(&inode->i_list);	/* clean */
		}
	}
	wake_up_all(&inode->i_sync_wait);
	return ret;
}

static bool current_is_pdflush(void)
{
	return current && (current->flags & PF_FLUSHER);
}

/* Write the inodes queued on @wb until wbc->nr_to_write is used up. */
static void writeback_inodes_wb(struct bdi_writeback *wb,
				struct writeback_control *wbc)
{
	unsigned long start = jiffies;	/* livelock avoidance */

	if (!wbc->for_kupdate || list_empty(&wb->b_io))
		queue_io(wb, wbc->older_than_this);

	while (!list_empty(&wb->b_io)) {
		struct inode *inode = list_last_entry(&wb->b_io, struct inode,
						      i_list);
		bool acquired = false;
		long pages_skipped;

		if (wbc->nonblocking && bdi_write_congested(wb->bdi)) {
			wbc->encountered_congestion = 1;
			break;		/* skip a congested fs */
		}
		/* Dirtied after this pass began: leave it for the next one. */
		if (inode_dirtied_after(inode, start))
			break;
		/* .30/.31: is another pdflush already flushing this queue? */
		if (current_is_pdflush()) {
			if (wb->pdflush_active)
				break;
			wb->pdflush_active = true;
			acquired = true;
		}
		inode->i_count++;
		pages_skipped = wbc->pages_skipped;
		writeback_single_inode(inode, wbc);
		if (acquired)
			wb->pdflush_active = false;
		if (wbc->pages_skipped != pages_skipped &&
		    !(inode->i_state & (I_FREEING | I_CLEAR)))
			redirty_tail(wb, inode);	/* no progress: skip it for now */
		iput(inode);
		if (wbc->nr_to_write <= 0) {
			wbc->more_io = 1;
			break;
		}
		if (!list_empty(&wb->b_more_io))
			wbc->more_io = 1;
	}
}

/* .30/.31 writeback_inodes: every bdi, or wbc->bdi only. */
void writeback_inodes(struct writeback_control *wbc)
{
	struct bdi_writeback *wb;

	list_for_each_entry(wb, &bdi_list, link) {
		if (wbc->bdi && wb->bdi != wbc->bdi)
			continue;
		if (!wb_has_dirty_io(wb))
			continue;
		writeback_inodes_wb(wb, wbc);
		if (wbc->nr_to_write <= 0)
			break;
	}
}

/* .32 writeback_inodes_wbc: the caller's bdi, in the caller's context. */
void writeback_inodes_wbc(struct writeback_control *wbc)
{
	struct bdi_writeback *wb = bdi_wb(wbc->bdi);

	if (wb)
		writeback_inodes_wb(wb, wbc);
}

/*
 * One pass of a writeback thread (background_writeout, wb_kupdate,
 * wb_writeback): writeback_inodes() over every bdi (.30/.31, @wb NULL) or
 * writeback_inodes_wb() of the thread's own bdi (.32), counted for the
 * run's measures.
 */
static void writeback_pass(struct bdi_writeback *wb,
			   struct writeback_control *wbc)
{
	long quota = wbc->nr_to_write;
	sim_time_t start = sim_now(), took;
	unsigned long wrote;

	if (wb)
		writeback_inodes_wb(wb, wbc);
	else
		writeback_inodes(wbc);
	took = sim_now() - start;
	wrote = (unsigned long)(quota - wbc->nr_to_write);
	flusher_stats.passes++;
	if (wrote > flusher_stats.pass_pages_max)
		flusher_stats.pass_pages_max = wrote;
	if (wbc->encountered_congestion)
		flusher_stats.passes_congested++;
	flusher_stats.pass_ns += (uint64_t)took;
	if ((uint64_t)took > flusher_stats.pass_ns_max)
		flusher_stats.pass_ns_max = (uint64_t)took;
}

int sync_inode_pages(struct inode *inode)
{
	struct bdi_writeback *wb = inode_wb(inode);
	struct writeback_control wbc = {
		.sync_mode = WB_SYNC_ALL,
		.nr_to_write = (long)(~0UL >> 1),
		.range_start = 0,
		.range_end = (pgoff_t)-1,
	};

	if (!wb)
		return -EINVAL;
	inode->i_count++;
	writeback_single_inode(inode, &wbc);
	iput(inode);
	return 0;
}

void inode_writeback_forget(struct inode *inode)
{
	inode->i_state |= I_FREEING;
	list_del_init(&inode->i_list);
}

/*
 * The run's measures of the writeback threads' passes (writeback_pass())
 * and pdflush's naps: how much background writeback hands the block layer
 * at a time, and whether it backs off a congested queue (.30/.31) or not
 * (.32).
 */
static void collect_wb_passes(struct run_result *r)
{
	result_set_uint(r, "wb_passes", flusher_stats.passes);
	result_set_uint(r, "wb_pass_pages", flusher_stats.pages_written);
	result_set_uint(r, "wb_pass_pages_max", flusher_stats.pass_pages_max);
	result_set_uint(r, "wb_passes_congested", flusher_stats.passes_congested);
	result_set_uint(r, "wb_pass_time", flusher_stats.pass_ns);
	result_set_uint(r, "wb_pass_time_max", flusher_stats.pass_ns_max);
	result_set_uint(r, "wb_naps", flusher_stats.naps);
	result_set_uint(r, "wb_naps_congested", flusher_stats.naps_congested);
}

MEASURE_UINT(wb_passes, "wb_passes", "wb_passes", "writeback threads' passes "
	   "(writeback_inodes with a MAX_WRITEBACK_PAGES quota from "
	   "background_writeout, wb_kupdate or wb_writeback)", "passes",
	   MEASURE_COUNTER, .collect = collect_wb_passes);
MEASURE_UINT(wb_pass_pages, "wb_pass_pages", "wb_pass_pages", "pages the "
	   "writeback threads' passes wrote", "pages", MEASURE_COUNTER);
MEASURE_UINT(wb_pass_pages_max, "wb_pass_pages_max", "wb_pass_pages_max",
	   "the most pages one writeback pass wrote", "pages", MEASURE_GAUGE);
MEASURE_UINT(wb_passes_congested, "wb_passes_congested",
	   "wb_passes_congested", "writeback passes that met a congested "
	   "queue (wbc->encountered_congestion: nonblocking, .30/.31)",
	   "passes", MEASURE_COUNTER);
MEASURE_UINT(wb_pass_time, "wb_pass_time", "wb_pass_time_ns", "simulated "
	   "time the writeback passes took, request-slot sleeps included",
	   "ns", MEASURE_COUNTER);
MEASURE_UINT(wb_pass_time_max, "wb_pass_time_max", "wb_pass_time_max_ns",
	   "the longest writeback pass", "ns", MEASURE_GAUGE);
MEASURE_UINT(wb_naps, "wb_naps", "wb_naps", "pdflush's congestion_wait "
	   "naps after a short pass (.30/.31)", "naps", MEASURE_COUNTER);
MEASURE_UINT(wb_naps_congested, "wb_naps_congested", "wb_naps_congested",
	   "pdflush's naps after a pass that met congestion (the rest "
	   "followed more_io alone)", "naps", MEASURE_COUNTER);

/* ---- .30/.31: pdflush ---------------------------------------------------- */

#define MIN_PDFLUSH_THREADS	2
#define MAX_PDFLUSH_THREADS	8

struct pdflush_work {
	struct task_struct *who;
	void (*fn)(long);
	long arg0;
	struct list_head list;		/* on pdflush_list while idle */
	unsigned long when_i_went_to_sleep;
};

static LIST_HEAD(pdflush_list);		/* idle threads */
static unsigned long last_empty_jifs;	/* when pdflush_list last became empty */
int nr_pdflush_threads;		/* 2.6.30 mm/pdflush.c, /proc/sys/vm */
static struct timer wb_timer;

static void start_one_pdflush_thread(void);

static void pdflush_congestion_nap(const struct writeback_control *wbc)
{
	flusher_stats.naps++;
	if (wbc->encountered_congestion)
		flusher_stats.naps_congested++;
	/* .30: congestion_wait(WRITE) = SYNC queue; .31: BLK_RW_ASYNC. */
	congestion_wait(kprofile_get(cw_writeback), HZ / 10);
}

static void pdflush(void *arg)
{
	struct pdflush_work my_work = { .who = current };

	(void)arg;
	current->flags |= PF_FLUSHER | PF_SWAPWRITE;
	/*
	 * 2.6.30/31 mm/pdflush.c pdflush(): "pdflush can spend a lot of time
	 * doing encryption via dm-crypt.  We don't want to do that at
	 * keventd's priority."
	 */
	set_user_nice(current, 0);
	INIT_LIST_HEAD(&my_work.list);
	for (;;) {
		struct pdflush_work *pdf;

		set_current_state(TASK_INTERRUPTIBLE);
		list_move(&my_work.list, &pdflush_list);
		my_work.when_i_went_to_sleep = jiffies;
		schedule();
		if (!list_empty(&my_work.list) || !my_work.fn) {
			/* Woken without work (bogus wakeup). */
			my_work.fn = NULL;
			continue;
		}
		my_work.fn(my_work.arg0);

		/*
		 * All threads busy for over a second: add one (the same bound
		 * limits exits below).
		 */
		if (time_after(jiffies, last_empty_jifs + HZ) &&
		    list_empty(&pdflush_list) &&
		    nr_pdflush_threads < MAX_PDFLUSH_THREADS)
			start_one_pdflush_thread();
		my_work.fn = NULL;

		/* The sleepiest idle thread slept over a second: one of us exits. */
		if (list_empty(&pdflush_list) ||
		    nr_pdflush_threads <= MIN_PDFLUSH_THREADS)
			continue;
		pdf = list_last_entry(&pdflush_list, struct pdflush_work, list);
		if (time_after(jiffies, pdf->when_i_went_to_sleep + HZ)) {
			pdf->when_i_went_to_sleep = jiffies;	/* limit exit rate */
			break;
		}
	}
	list_del_init(&my_work.list);
	nr_pdflush_threads--;
}

static void start_one_pdflush_thread(void)
{
	nr_pdflush_threads++;
	if ((unsigned int)nr_pdflush_threads > flusher_stats.max_pdflush_threads)
		flusher_stats.max_pdflush_threads = (unsigned int)nr_pdflush_threads;
	kthread_run(pdflush, NULL, "pdflush", kthread_prio());
}

int pdflush_operation(void (*fn)(long), long arg)
{
	struct pdflush_work *pdf;

	BUG_ON(!fn);
	if (list_empty(&pdflush_list)) {
		flusher_stats.pdflush_ops_dropped++;
		return -1;
	}
	pdf = list_first_entry(&pdflush_list, struct pdflush_work, list);
	list_del_init(&pdf->list);
	if (list_empty(&pdflush_list))
		last_empty_jifs = jiffies;
	pdf->fn = fn;
	pdf->arg0 = arg;
	wake_up_process(pdf->who);
	flusher_stats.pdflush_ops++;
	return 0;
}

/*
 * Write until dirty pages are under the background threshold and at least
 * @min_pages were written; nap when the queue is congested.
 */
static void background_writeout(long min_pages)
{
	struct writeback_control wbc = {
		.bdi = NULL,
		.sync_mode = WB_SYNC_NONE,
		.older_than_this = NULL,
		.nr_to_write = 0,
		.nonblocking = 1,
		.range_cyclic = 1,
	};

	flusher_stats.background_runs++;
	for (;;) {
		unsigned long background_thresh, dirty_thresh;

		get_dirty_limits(&background_thresh, &dirty_thresh, NULL, NULL);
		if (global_page_state(NR_FILE_DIRTY) +
		    global_page_state(NR_UNSTABLE_NFS) < background_thresh &&
		    min_pages <= 0)
			break;
		wbc.more_io = 0;
		wbc.encountered_congestion = 0;
		wbc.nr_to_write = MAX_WRITEBACK_PAGES;
		wbc.pages_skipped = 0;
		writeback_pass(NULL, &wbc);
		min_pages -= MAX_WRITEBACK_PAGES - wbc.nr_to_write;
		flusher_stats.pages_written +=
			(unsigned long)(MAX_WRITEBACK_PAGES - wbc.nr_to_write);
		if (wbc.nr_to_write > 0 || wbc.pages_skipped > 0) {
			/* Wrote less than expected. */
			if (wbc.encountered_congestion || wbc.more_io)
				pdflush_congestion_nap(&wbc);
			else
				break;
		}
	}
}

int wakeup_pdflush(long nr_pages)
{
	if (nr_pages == 0)
		nr_pages = (long)(global_page_state(NR_FILE_DIRTY) +
				  global_page_state(NR_UNSTABLE_NFS));
	return pdflush_operation(background_writeout, nr_pages);
}

static unsigned long nr_dirty_inodes(void)
{
	struct bdi_writeback *wb;
	struct inode *inode;
	unsigned long n = 0;

	list_for_each_entry(wb, &bdi_list, link) {
		list_for_each_entry(inode, &wb->b_dirty, i_list)
			n++;
		list_for_each_entry(inode, &wb->b_io, i_list)
			n++;
		list_for_each_entry(inode, &wb->b_more_io, i_list)
			n++;
	}
	return n;
}

/*
 * Periodic writeback of data older than dirty_expire_interval; re-arms
 * the timer one interval after its start, and at least 1 s after its end.
 */
static void wb_kupdate(long arg)
{
	unsigned long oldest_jif, start_jif, next_jif;
	long nr_to_write;
	struct writeback_control wbc = {
		.bdi = NULL,
		.sync_mode = WB_SYNC_NONE,
		.older_than_this = &oldest_jif,
		.nr_to_write = 0,
		.nonblocking = 1,
		.for_kupdate = 1,
		.range_cyclic = 1,
	};

	(void)arg;
	flusher_stats.kupdate_runs++;
	oldest_jif = jiffies - interval_jiffies(vm_writeback.dirty_expire_centisecs);
	start_jif = jiffies;
	next_jif = start_jif + interval_jiffies(vm_writeback.dirty_writeback_centisecs);
	/* inodes_stat.nr_inodes - nr_unused: approximated by the dirty inodes. */
	nr_to_write = (long)(global_page_state(NR_FILE_DIRTY) +
			     global_page_state(NR_UNSTABLE_NFS) + nr_dirty_inodes());
	while (nr_to_write > 0) {
		wbc.more_io = 0;
		wbc.encountered_congestion = 0;
		wbc.nr_to_write = MAX_WRITEBACK_PAGES;
		writeback_pass(NULL, &wbc);
		flusher_stats.pages_written +=
			(unsigned long)(MAX_WRITEBACK_PAGES - wbc.nr_to_write);
		if (wbc.nr_to_write > 0) {
			if (wbc.encountered_congestion || wbc.more_io)
				pdflush_congestion_nap(&wbc);
			else
				break;	/* all the old data is written */
		}
		nr_to_write -= MAX_WRITEBACK_PAGES - wbc.nr_to_write;
	}
	if (time_before(next_jif, jiffies + HZ))
		next_jif = jiffies + HZ;
	if (vm_writeback.dirty_writeback_centisecs)
		timer_add(&wb_timer, jiffies_to_ns(next_jif));
}

static void wb_timer_fn(struct timer *t)
{
	(void)t;
	/* No idle pdflush: try again in a second. */
	if (pdflush_operation(wb_kupdate, 0) < 0)
		timer_add(&wb_timer, jiffies_to_ns(jiffies + HZ));
}

/* ---- .32: per-bdi flusher threads -------------------------------------- */

static struct task_struct *bdi_forker;

/*
 * At or above the threshold (v2.6.32-rc6 fs/fs-writeback.c:732
 * over_bground_thresh(): ">= background_thresh"), as 2.6.30/31's
 * background_writeout() goes on until below it; balance_dirty_pages()
 * starts background writeback only above it (">").
 */
static bool over_bground_thresh(void)
{
	unsigned long background_thresh, dirty_thresh;

	get_dirty_limits(&background_thresh, &dirty_thresh, NULL, NULL);
	return global_page_state(NR_FILE_DIRTY) +
	       global_page_state(NR_UNSTABLE_NFS) >= background_thresh;
}

/*
 * Write @work's pages in MAX_WRITEBACK_PAGES chunks.  Blocking: a full
 * request queue stalls the thread in the block layer, not in
 * congestion_wait.
 */
static long wb_writeback(struct bdi_writeback *wb, struct bdi_work *work,
			 bool for_kupdate)
{
	unsigned long oldest_jif;
	long wrote = 0;
	struct writeback_control wbc = {
		.bdi = wb->bdi,
		.sync_mode = work->sync_mode,
		.older_than_this = NULL,
		.for_kupdate = for_kupdate,
		.for_background = work->for_background,
		.range_cyclic = work->range_cyclic,
	};

	if (wbc.for_kupdate) {
		wbc.older_than_this = &oldest_jif;
		oldest_jif = jiffies -
			     interval_jiffies(vm_writeback.dirty_expire_centisecs);
	}
	if (!wbc.range_cyclic) {
		wbc.range_start = 0;
		wbc.range_end = (pgoff_t)-1;
	}
	for (;;) {
		if (work->nr_pages <= 0)
			break;
		/* Background work stops once under the background threshold. */
		if (work->for_background && !over_bground_thresh())
			break;
		wbc.more_io = 0;
		wbc.encountered_congestion = 0;
		wbc.nr_to_write = MAX_WRITEBACK_PAGES;
		wbc.pages_skipped = 0;
		writeback_pass(wb, &wbc);
		work->nr_pages -= MAX_WRITEBACK_PAGES - wbc.nr_to_write;
		wrote += MAX_WRITEBACK_PAGES - wbc.nr_to_write;
		if (wbc.nr_to_write <= 0)
			continue;	/* a full chunk: go on */
		if (!wbc.more_io)
			break;		/* nothing left to do */
		if (wbc.nr_to_write < MAX_WRITEBACK_PAGES)
			continue;	/* wrote some: try again */
		/* Wrote nothing: wait for a busy inode to be written by its owner. */
		if (!list_empty(&wb->b_more_io)) {
			struct inode *inode = list_last_entry(&wb->b_more_io,
							      struct inode, i_list);

			flusher_stats.inode_waits++;
			inode->i_count++;
			inode_wait_for_writeback(inode);
			iput(inode);
		}
	}
	flusher_stats.pages_written += (unsigned long)wrote;
	return wrote;
}

/* Every dirty_writeback_interval: write data older than dirty_expire_interval. */
static long wb_check_old_data_flush(struct bdi_writeback *wb)
{
	unsigned long expired;
	struct bdi_work work = {
		.sync_mode = WB_SYNC_NONE,
		.range_cyclic = true,
	};

	if (!vm_writeback.dirty_writeback_centisecs)
		return 0;
	expired = wb->last_old_flush +
		  interval_jiffies(vm_writeback.dirty_writeback_centisecs);
	if (time_before(jiffies, expired))
		return 0;
	wb->last_old_flush = jiffies;
	work.nr_pages = (long)(global_page_state(NR_FILE_DIRTY) +
			       global_page_state(NR_UNSTABLE_NFS) + nr_dirty_inodes());
	if (!work.nr_pages)
		return 0;
	flusher_stats.kupdate_runs++;
	return wb_writeback(wb, &work, true);
}

static long wb_do_writeback(struct bdi_writeback *wb)
{
	long wrote = 0;

	while (!list_empty(&wb->work_list)) {
		struct bdi_work *work = list_first_entry(&wb->work_list,
							 struct bdi_work, list);

		/* WB_SYNC_NONE work leaves the list before it runs. */
		list_del(&work->list);
		if (work->for_background)
			flusher_stats.background_runs++;
		wrote += wb_writeback(wb, work, false);
		free(work);
	}
	wrote += wb_check_old_data_flush(wb);
	return wrote;
}

static void bdi_writeback_task(void *arg)
{
	struct bdi_writeback *wb = arg;
	unsigned long wait_jiffies = (unsigned long)-1;

	current->flags |= PF_SWAPWRITE;
	/* 2.6.32 mm/backing-dev.c bdi_task_init(): "Our parent may run at a
	 * different priority, just set us to normal". */
	set_user_nice(current, 0);
	wb->last_active = jiffies;
	for (;;) {
		long pages_written = wb_do_writeback(wb);

		if (pages_written) {
			wb->last_active = jiffies;
		} else if (wait_jiffies != (unsigned long)-1) {
			unsigned long max_idle = max(5UL * 60 * HZ, wait_jiffies);

			/* Idle for long: exit; bdi-default forks a new one when needed. */
			if (time_after(jiffies, max_idle + wb->last_active))
				break;
		}
		wait_jiffies = interval_jiffies(vm_writeback.dirty_writeback_centisecs);
		set_current_state(TASK_INTERRUPTIBLE);
		if (!list_empty(&wb->work_list)) {
			set_current_state(TASK_RUNNING);
			continue;
		}
		schedule_timeout(wait_jiffies ? (long)wait_jiffies :
			(long)MAX_SCHEDULE_TIMEOUT);
	}
	wb->task = NULL;
	wb->task_exited = true;
}

static void bdi_fork_flusher(struct bdi_writeback *wb)
{
	char comm[16];

	snprintf(comm, sizeof(comm), "flush-%.9s", wb->name);
	wb->task_exited = false;
	wb->task = kthread_run(bdi_writeback_task, wb, comm, kthread_prio());
}

/* "bdi-default": forks a flusher for every bdi with dirty inodes or work. */
static void bdi_forker_task(void *arg)
{
	(void)arg;
	current->flags |= PF_SWAPWRITE;
	for (;;) {
		struct bdi_writeback *wb;
		unsigned long wait;

		list_for_each_entry(wb, &bdi_list, link) {
			if (wb->task)
				continue;
			if (list_empty(&wb->work_list) && !wb_has_dirty_io(wb))
				continue;
			bdi_fork_flusher(wb);
		}
		wait = interval_jiffies(vm_writeback.dirty_writeback_centisecs);
		set_current_state(TASK_INTERRUPTIBLE);
		schedule_timeout(wait ? (long)wait : (long)MAX_SCHEDULE_TIMEOUT);
	}
}

static void bdi_queue_work(struct bdi_writeback *wb, struct bdi_work *work)
{
	list_add_tail(&work->list, &wb->work_list);
	flusher_stats.work_items++;
	if (wb->task)
		wake_up_process(wb->task);
	else if (bdi_forker)
		wake_up_process(bdi_forker);
}

static void bdi_alloc_queue_work(struct bdi_writeback *wb, long nr_pages,
				 bool for_background, bool range_cyclic)
{
	struct bdi_work *work = xcalloc(1, sizeof(*work));

	work->nr_pages = nr_pages;
	work->sync_mode = WB_SYNC_NONE;
	work->for_background = for_background;
	work->range_cyclic = range_cyclic;
	bdi_queue_work(wb, work);
}

void bdi_start_writeback(struct backing_dev_info *bdi, long nr_pages)
{
	struct bdi_writeback *wb = bdi_wb(bdi);

	if (!wb)
		return;
	/* nr_pages == 0: background writeback, until under the threshold. */
	if (!nr_pages)
		bdi_alloc_queue_work(wb, (long)(~0UL >> 1), true, true);
	else
		bdi_alloc_queue_work(wb, nr_pages, false, true);
}

/* ---- the engine switch ------------------------------------------------- */

void writeback_start_background(struct backing_dev_info *bdi)
{
	if (kprofile_get(writeback_engine) == WRITEBACK_PDFLUSH)
		pdflush_operation(background_writeout, 0);
	else
		bdi_start_writeback(bdi, 0);
}

/*
 * Direct reclaim's kick (do_try_to_free_pages): .30/.31 wakeup_pdflush,
 * .32 work of @nr_pages (0: every dirty page) for every dirty bdi.
 */
void wakeup_flusher_threads(long nr_pages)
{
	struct bdi_writeback *wb;

	if (kprofile_get(writeback_engine) == WRITEBACK_PDFLUSH) {
		wakeup_pdflush(nr_pages);
		return;
	}
	if (!nr_pages)
		nr_pages = (long)(global_page_state(NR_FILE_DIRTY) +
				  global_page_state(NR_UNSTABLE_NFS));
	list_for_each_entry(wb, &bdi_list, link) {
		if (!wb_has_dirty_io(wb))
			continue;
		/* 2.6.32 queues this work without range_cyclic. */
		bdi_alloc_queue_work(wb, nr_pages, false, false);
	}
}

/* ---- setup ------------------------------------------------------------- */

void fs_writeback_init(void)
{
	memset(&flusher_stats, 0, sizeof(flusher_stats));
	INIT_LIST_HEAD(&pdflush_list);
	nr_pdflush_threads = 0;
	last_empty_jifs = jiffies;
	bdi_forker = NULL;
	timer_init(&wb_timer, wb_timer_fn, NULL);
	if (kprofile_get(writeback_engine) == WRITEBACK_PDFLUSH) {
		for (int i = 0; i < MIN_PDFLUSH_THREADS; i++)
			start_one_pdflush_thread();
		if (vm_writeback.dirty_writeback_centisecs)
			timer_add(&wb_timer, jiffies_to_ns(jiffies +
				interval_jiffies(vm_writeback.dirty_writeback_centisecs)));
	} else {
		bdi_forker = kthread_run(bdi_forker_task, NULL, "bdi-default",
					 kthread_prio());
	}
}

void writeback_exit(void)
{
	struct bdi_writeback *wb, *next;

	list_for_each_entry_safe(wb, next, &bdi_list, link) {
		struct list_head *lists[] = { &wb->b_dirty, &wb->b_io, &wb->b_more_io };

		for (unsigned int i = 0; i < 3; i++)
			while (!list_empty(lists[i]))
				list_del_init(lists[i]->next);
		while (!list_empty(&wb->work_list)) {
			struct bdi_work *work = list_first_entry(&wb->work_list,
								 struct bdi_work, list);

			list_del(&work->list);
			free(work);
		}
		list_del(&wb->link);
		free(wb);
	}
	wb_last = NULL;
	INIT_LIST_HEAD(&pdflush_list);
	timer_del(&wb_timer);
	bdi_forker = NULL;
	page_writeback_exit();
}
