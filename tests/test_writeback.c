// SPDX-License-Identifier: GPL-2.0
/*
 * Dirty accounting, throttling and background writeback on both engines:
 * the dirty limit holds within the kernel's slack, the flushers clean
 * old data within expire + interval and stop background writeback at the
 * background threshold, reclaim-style writepage ends with the page clean
 * and rotated, counters agree with the pages, the pdflush pool, the
 * flusher's name, and throttle_vm_writeout.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "wb_machine.h"
#include "mmsim/wb_internal.h"
#include "metrics/metrics.h"

/* ---- helpers ---------------------------------------------------------- */

struct writer {
	struct inode *inode;
	loff_t pos;
	unsigned long len, chunk;
	long bytes;
	bool fsync;			/* sync_inode_pages at the end */
	sim_time_t end;
};

static void writer_fn(void *arg)
{
	struct writer *w = arg;
	struct file *file = filp_open(w->inode, FMODE_WRITE);

	for (unsigned long done = 0; done < w->len; done += w->chunk) {
		long n = vfs_write(file, w->pos + (loff_t)done,
				   min(w->chunk, w->len - done));

		if (n <= 0)
			break;
		w->bytes += n;
	}
	if (w->fsync)
		sync_inode_pages(w->inode);
	w->end = sim_now();
	fput(file);
}

static void start_writer(struct writer *w, const char *name, loff_t size)
{
	w->inode = ext3_create(sb, name, size);
	assert_non_null(w->inode);
	if (!w->chunk)
		w->chunk = 65536;
	kthread_run(writer_fn, w, "writer", DEFAULT_PRIO);
}

static unsigned long dirty_thresh_now(void)
{
	unsigned long background, dirty;

	get_dirty_limits(&background, &dirty, NULL, NULL);
	return dirty;
}

static unsigned long background_thresh_now(void)
{
	unsigned long background, dirty;

	get_dirty_limits(&background, &dirty, NULL, NULL);
	return background;
}

static bool task_named(const char *comm)
{
	for (struct task_struct *p = task_next(NULL); p; p = task_next(p))
		if (p->state != TASK_DEAD && !strcmp(p->comm, comm))
			return true;
	return false;
}

static unsigned int tasks_named(const char *comm)
{
	unsigned int n = 0;

	for (struct task_struct *p = task_next(NULL); p; p = task_next(p))
		if (p->state != TASK_DEAD && !strcmp(p->comm, comm))
			n++;
	return n;
}

/* ---- counter consistency, checked by a timer during runs --------------- */

static struct timer check_timer;
static unsigned long checks, check_failures;
static char check_msg[256];

static void check_counters(void)
{
	unsigned long dirty = 0, writeback = 0, tagged = 0;
	struct inode *inode;

	list_for_each_entry(inode, &sb->s_inodes, i_sb_list) {
		tagged += inode->i_nr_dirty;
		for (pgoff_t i = 0; i <= inode->i_max_index; i++) {
			struct page *page = mapping_lookup(inode->i_mapping, i);

			if (!page)
				continue;
			dirty += PageDirty(page);
			writeback += PageWriteback(page);
		}
	}
	checks++;
	if (dirty != nr_dirty() || tagged != dirty ||
	    (long)dirty != bdi_stat(sb->s_bdi, BDI_RECLAIMABLE) ||
	    writeback != nr_writeback() ||
	    (long)writeback != bdi_stat(sb->s_bdi, BDI_WRITEBACK) ||
	    vm_events[PGPGOUT] != 4 * sb->s_write_pages ||
	    vm_events[PGPGIN] != 4 * sb->s_read_pages) {
		if (!check_failures++)
			snprintf(check_msg, sizeof(check_msg),
				 "t=%llu dirty %lu/%lu tagged %lu bdi %ld writeback %lu/%lu bdi %ld pgpgout %lu/%lu",
				 (unsigned long long)sim_now(), dirty, nr_dirty(),
				 tagged, bdi_stat(sb->s_bdi, BDI_RECLAIMABLE),
				 writeback, nr_writeback(),
				 bdi_stat(sb->s_bdi, BDI_WRITEBACK),
				 vm_events[PGPGOUT], 4 * sb->s_write_pages);
	}
}

static void check_timer_fn(struct timer *t)
{
	check_counters();
	timer_add(t, sim_now() + 10 * NSEC_PER_MSEC);
}

static void start_checks(void)
{
	checks = check_failures = 0;
	check_msg[0] = 0;
	timer_init(&check_timer, check_timer_fn, NULL);
	timer_add(&check_timer, sim_now() + 10 * NSEC_PER_MSEC);
}

static void stop_checks(void)
{
	timer_del(&check_timer);
	check_counters();
	if (check_failures)
		fail_msg("%lu of %lu counter checks failed; first: %s",
			 check_failures, checks, check_msg);
}

/* ---- the dirty limit ---------------------------------------------------- */

/*
 * A 64 MiB writer on a 128 MiB machine crosses the dirty limit (20% of
 * free + reclaimable, about 5.9k pages).  Dirty pages may pass it only by
 * what the per-CPU rate limit lets through unchecked: each CPU's
 * bdp_ratelimits counter holds fewer than ratelimit_pages pages before
 * balance_dirty_pages looks (1024 pages here: 128 MiB / (1 CPU x 32),
 * clamped to 4 MiB), so the slack is ratelimit_pages x CPUs.
 */
static void dirty_limit_holds(const char *base, unsigned int cpus)
{
	struct writer w = { .len = 64 * MiB };
	unsigned long slack;

	machine_boot(128, cpus, base, true);
	slack = ratelimit_pages * cpus;
	assert_true(ratelimit_pages >= 16 && ratelimit_pages <= 1024);
	start_checks();
	start_writer(&w, "big", 0);
	run_for(10 * NSEC_PER_SEC);
	stop_checks();
	assert_int_equal(w.bytes, 64 * (long)MiB);
	assert_true(bdp_stats.max_nr_dirty > dirty_thresh_now() / 2);
	assert_true(bdp_stats.throttled > 0);
	if (bdp_stats.max_over_limit > slack)
		fail_msg("%s: dirty pages passed the limit by %lu > slack %lu",
			 base, bdp_stats.max_over_limit, slack);
	/* The writer cannot have outrun the disk by more than the limit. */
	assert_true(vm_events[PGPGOUT] / 4 + dirty_thresh_now() + slack >=
		    64 * MiB / PAGE_SIZE);
	machine_shutdown();
}

static void test_dirty_limit_holds_30(void **state)
{
	(void)state;
	dirty_limit_holds("2.6.30", 1);
}

static void test_dirty_limit_holds_31_2cpu(void **state)
{
	(void)state;
	dirty_limit_holds("2.6.31", 2);
}

static void test_dirty_limit_holds_rc6(void **state)
{
	(void)state;
	dirty_limit_holds("2.6.32-rc6", 1);
}

static void test_dirty_limit_holds_rc6_2cpu(void **state)
{
	(void)state;
	dirty_limit_holds("2.6.32-rc6", 2);
}

/*
 * With vm.dirty_bytes at 100 pages (threshold 100, background 50), the
 * pages a chunk of writeback puts in flight (1536 per throttled call)
 * alone pass both the limit and (50 + 100) / 2 = 75: the writer then has
 * nothing left it may write and must sleep.  .30/.31 nap in congestion_wait (CW_BDP, cw_writeback's
 * queue); .32's pause never touches the congestion queues, and its
 * flusher never calls congestion_wait either.
 */
static void bdp_sleeps(const char *base)
{
	struct writer w = { .len = 16 * MiB };

	machine_boot(128, 1, base, false);
	vm_writeback.dirty_bytes = 100 * PAGE_SIZE;
	writeback_sysctl_changed();
	start_writer(&w, "big", 0);
	run_for(10 * NSEC_PER_SEC);
	assert_int_equal(w.bytes, 16 * (long)MiB);
	assert_true(bdp_stats.pauses > 0);
}

static void test_bdp_sleep_30_31(void **state)
{
	(void)state;
	bdp_sleeps("2.6.31");
	assert_int_equal(cw_calls(CW_BDP), bdp_stats.pauses);
	machine_shutdown();
}

static void test_bdp_sleep_rc6(void **state)
{
	(void)state;
	bdp_sleeps("2.6.32-rc6");
	assert_int_equal(cw_calls(CW_BDP), 0);
	assert_int_equal(cw_calls(CW_PDFLUSH), 0);
	machine_shutdown();
}

/*
 * Who writes in balance_dirty_pages() (switch bdp_writeback).  dirty_bytes
 * 400 pages: dirty_thresh 400, background 200 (10% of ~29k pages is more
 * than the limit, so half of it), and the completions' period 2^10
 * events (calc_period_shift: 2 + ilog2(399)).  One task writes 300 pages
 * and fsyncs them: 300 completions, so the bdi's share is 300 / (512 +
 * 300) of 400 = 147 pages, less at most 1/8 for the task's own dirtying:
 * bdi_thresh >= 128.  It then dirties 20 pages of another file (below
 * ratelimit_pages, 1024: no throttling yet) and, with 500 pages of
 * writeback made up on this bdi until t + 300 ms, calls
 * balance_dirty_pages_ratelimited_nr() with a full ratelimit: 20 + 500 is
 * over both bdi_thresh and (200 + 400) / 2, so it is throttled.
 * v2.6.30 writes whenever the bdi has reclaimable pages: the 20 pages
 * (pages_written 20).  v2.6.31 and rc6 write only while the bdi's
 * reclaimable pages exceed bdi_thresh, 20 <= 128: pages_written 0, the
 * writer just waits for the made-up writeback to end.
 */
struct bdp_rule {
	struct inode *warm, *small;
	unsigned long written;
	bool done;
};

static struct timer fake_wb_timer;

static void fake_writeback(long pages)
{
	struct zone *zone = NULL;

	for_each_populated_zone(zone)
		break;
	__mod_zone_page_state(zone, NR_WRITEBACK, pages);
	bdi_wb(sb->s_bdi)->stat[BDI_WRITEBACK] += pages;
}

static void fake_writeback_end(struct timer *t)
{
	(void)t;
	fake_writeback(-500);
}

static void bdp_rule_fn(void *arg)
{
	struct bdp_rule *r = arg;
	struct file *file = filp_open(r->warm, FMODE_WRITE);
	unsigned long before;

	assert_int_equal(vfs_write(file, 0, 300 * PAGE_SIZE), 300 * PAGE_SIZE);
	sync_inode_pages(r->warm);
	fput(file);
	file = filp_open(r->small, FMODE_WRITE);
	assert_int_equal(vfs_write(file, 0, 20 * PAGE_SIZE), 20 * PAGE_SIZE);
	assert_int_equal(bdi_stat(sb->s_bdi, BDI_RECLAIMABLE), 20);
	fake_writeback(500);
	timer_init(&fake_wb_timer, fake_writeback_end, NULL);
	timer_add(&fake_wb_timer, sim_now() + 300 * NSEC_PER_MSEC);
	before = bdp_stats.pages_written;
	balance_dirty_pages_ratelimited_nr(r->small->i_mapping, ratelimit_pages);
	r->written = bdp_stats.pages_written - before;
	fput(file);
	r->done = true;
}

static unsigned long bdp_rule_written(const char *base)
{
	struct bdp_rule r = { 0 };

	machine_boot(128, 1, base, false);
	vm_writeback.dirty_bytes = 400 * PAGE_SIZE;
	writeback_sysctl_changed();
	r.warm = ext3_create(sb, "warm", 0);
	r.small = ext3_create(sb, "small", 0);
	kthread_run(bdp_rule_fn, &r, "writer", DEFAULT_PRIO);
	run_for(5 * NSEC_PER_SEC);
	assert_true(r.done);
	machine_shutdown();
	return r.written;
}

static void test_bdp_writeback_rule(void **state)
{
	(void)state;
	assert_int_equal(bdp_rule_written("2.6.30"), 20);
	assert_int_equal(bdp_rule_written("2.6.31"), 0);
	assert_int_equal(bdp_rule_written("2.6.32-rc6"), 0);
}

/* ---- background and periodic writeback --------------------------------- */

/*
 * 4 MiB dirtied at t = 0, below the background threshold (10% of about
 * 29k pages = 2.9k pages > 1024): nothing is written until the data is
 * dirty_expire_centisecs (30 s) old, and the periodic pass that follows,
 * at most dirty_writeback_centisecs (5 s) later, writes it all.
 */
static void old_data_flushed(const char *base)
{
	struct writer w = { .len = 4 * MiB };

	machine_boot(128, 1, base, true);
	start_checks();
	start_writer(&w, "music", 0);
	run_for(NSEC_PER_SEC);
	assert_int_equal(w.bytes, 4 * (long)MiB);
	assert_true(w.end < NSEC_PER_SEC);
	assert_true(1024 < background_thresh_now());
	assert_int_equal(nr_dirty(), 1024);

	sim_run(29 * NSEC_PER_SEC);
	assert_int_equal(nr_dirty(), 1024);	/* not yet expired */
	assert_true(flusher_stats.kupdate_runs >= 4);

	/* expire + interval after the writer stopped, plus 1 s of I/O. */
	sim_run(w.end + 35 * NSEC_PER_SEC + NSEC_PER_SEC);
	assert_int_equal(nr_dirty(), 0);
	assert_int_equal(nr_writeback(), 0);
	assert_int_equal(vm_events[PGPGOUT] -
			 4 * EXT3_SB(sb)->s_journal->j_blocks_written,
			 4 * MiB / 1024);
	stop_checks();
	machine_shutdown();
}

static void test_old_data_flushed_pdflush(void **state)
{
	(void)state;
	old_data_flushed("2.6.31");
}

static void test_old_data_flushed_flusher(void **state)
{
	(void)state;
	old_data_flushed("2.6.32-rc6");
}

/*
 * 16 MiB (4096 pages) on a 128 MiB machine passes the background
 * threshold (10% of about 30k dirtyable pages = 3008) but not the point
 * where writers are throttled while the new bdi's share of the limit
 * ramps up, (background + dirty) / 2 = (3008 + 6017) / 2 = 4512.  So
 * balance_dirty_pages only starts background writeback, which writes
 * MAX_WRITEBACK_PAGES chunks until dirty pages are under the threshold,
 * and stops there, long before the data expires.  (ratelimit_pages is
 * 942 here: about 30k pages / 32.)
 */
static void background_stops_at_threshold(const char *base)
{
	struct writer w = { .len = 16 * MiB };
	unsigned long background;

	machine_boot(128, 1, base, false);
	start_writer(&w, "rsync", 0);
	run_for(5 * NSEC_PER_SEC);
	background = background_thresh_now();
	assert_int_equal(w.bytes, 16 * (long)MiB);
	assert_int_equal(bdp_stats.pages_written, 0);
	assert_true(flusher_stats.background_runs > 0);
	/*
	 * Background writeback stops once under the threshold; the writer's
	 * last pages, fewer than ratelimit_pages since its last look, may
	 * leave dirty pages above it again.
	 */
	assert_true(nr_dirty() < background + ratelimit_pages);
	assert_true(nr_dirty() + MAX_WRITEBACK_PAGES >= background);
	assert_int_equal(nr_writeback(), 0);
	/* Each pass wrote at most one MAX_WRITEBACK_PAGES chunk. */
	assert_true(flusher_stats.passes > 0);
	assert_true(flusher_stats.pass_pages_max <= MAX_WRITEBACK_PAGES);
	assert_true(flusher_stats.pass_pages_max > MAX_WRITEBACK_PAGES / 2);
	machine_shutdown();
}

static void test_background_stops_at_threshold_pdflush(void **state)
{
	(void)state;
	background_stops_at_threshold("2.6.30");
}

static void test_background_stops_at_threshold_flusher(void **state)
{
	(void)state;
	background_stops_at_threshold("2.6.32-rc6");
}

/*
 * 2.6.32-rc6's background work goes on while dirty pages are at or above
 * the background threshold (v2.6.32-rc6 fs/fs-writeback.c:732
 * over_bground_thresh(): ">= background_thresh"), as 2.6.30/31's
 * background_writeout() does (v2.6.31 mm/page-writeback.c:706: it stops
 * only below it).  One page under the threshold, queued background work
 * writes nothing; at the threshold exactly, it writes one
 * MAX_WRITEBACK_PAGES chunk, after which it is under again.
 * balance_dirty_pages() starts it only above the threshold (">",
 * v2.6.32-rc6 mm/page-writeback.c:599), so the writer never starts it.
 */
static struct {
	unsigned long below_thresh, below_dirty, below_written;
	unsigned long at_thresh, at_dirty, at_written, after_dirty;
} bgt;

/* Write single pages at the end of @file until dirty pages reach the
 * background threshold less @under; returns the threshold then. */
static unsigned long dirty_up_to_threshold(struct file *file, loff_t *pos,
					   unsigned long under)
{
	for (;;) {
		unsigned long thresh;

		/* Pages still in the LRU pagevec count as neither free nor
		 * reclaimable: put them on the list, as the flusher's look
		 * will find them. */
		lru_add_drain();
		thresh = background_thresh_now();
		if (nr_dirty() + under >= thresh)
			return thresh;
		assert_int_equal(vfs_write(file, *pos, 4096), 4096);
		*pos += 4096;
	}
}

static void threshold_writer(void *arg)
{
	struct inode *inode = arg;
	struct file *file = filp_open(inode, FMODE_WRITE);
	loff_t pos = 0;

	/*
	 * Work far under the threshold first, to have bdi-default fork the
	 * flusher now: its stack would move the limit between the two
	 * looks below.
	 */
	bdi_start_writeback(sb->s_bdi, 0);
	schedule_timeout_uninterruptible(HZ);
	assert_non_null(bdi_wb(sb->s_bdi)->task);

	bgt.below_thresh = dirty_up_to_threshold(file, &pos, 1);
	bgt.below_dirty = nr_dirty();
	bdi_start_writeback(sb->s_bdi, 0);
	schedule_timeout_uninterruptible(HZ);
	bgt.below_written = flusher_stats.pages_written;

	bgt.at_thresh = dirty_up_to_threshold(file, &pos, 0);
	bgt.at_dirty = nr_dirty();
	bdi_start_writeback(sb->s_bdi, 0);
	schedule_timeout_uninterruptible(HZ);
	bgt.at_written = flusher_stats.pages_written - bgt.below_written;
	bgt.after_dirty = nr_dirty();
	fput(file);
}

static void test_background_work_runs_at_threshold_flusher(void **state)
{
	(void)state;
	memset(&bgt, 0, sizeof(bgt));
	machine_boot(128, 1, "2.6.32-rc6", false);
	kthread_run(threshold_writer, ext3_create(sb, "f", 0), "writer",
		    DEFAULT_PRIO);
	run_for(5 * NSEC_PER_SEC);
	assert_int_equal(bgt.below_dirty, bgt.below_thresh - 1);
	assert_int_equal(bgt.below_written, 0);
	assert_int_equal(bgt.at_dirty, bgt.at_thresh);
	assert_int_equal(bgt.at_written, MAX_WRITEBACK_PAGES);
	assert_int_equal(bgt.after_dirty, bgt.at_dirty - MAX_WRITEBACK_PAGES);
	machine_shutdown();
}

/*
 * With nr_requests at 8 the async list is congested from 7 requests (on
 * mark min(8, 8 - 8/8 + 1) = 8, tested as count + 1 >= 8).  .30/.31's
 * pdflush writes nonblocking: it stops at the congested queue and naps in
 * congestion_wait (CW_PDFLUSH).  .32's flusher never does; it sleeps for
 * a request slot in the block layer instead.
 */
static void congested_queue(const char *base)
{
	struct writer w = { .len = 32 * MiB };

	machine_boot(128, 1, base, false);
	blk_queue_set_nr_requests(disk_queue(), 8);
	start_writer(&w, "big", 0);
	run_for(10 * NSEC_PER_SEC);
	assert_int_equal(w.bytes, 32 * (long)MiB);
	assert_true(disk_queue()->backing_dev_info.congested_count[BLK_RW_ASYNC] > 0);
}

/* A measure of the run, as mmsim run collects it. */
static uint64_t run_measure(const char *collector, const char *name,
			    unsigned int i)
{
	struct run_result r;
	uint64_t v;

	result_init(&r);
	metrics_find(collector)->collect(&r);
	if (metrics_find(name)->type == MT_ARRAY)
		v = result_uints(&r, name)[i];
	else
		v = result_uint(&r, name);
	result_free(&r);
	return v;
}

static void test_pdflush_naps_on_congestion(void **state)
{
	(void)state;
	congested_queue("2.6.31");
	assert_true(cw_calls(CW_PDFLUSH) > 0);
	/*
	 * The measures: passes that met the congested queue, and every nap
	 * recorded, each after one of them (more_io alone never napped:
	 * one big file, written from b_io until the queue filled).
	 */
	assert_true(run_measure("wb_passes", "wb_passes_congested", 0) > 0);
	assert_int_equal(run_measure("wb_passes", "wb_naps", 0),
			 cw_calls(CW_PDFLUSH));
	assert_int_equal(run_measure("wb_passes", "wb_naps_congested", 0),
			 cw_calls(CW_PDFLUSH));
	/* blk_congested: [async, sync] x [times, ns]. */
	assert_int_equal(run_measure("blk_congested", "blk_congested", 0),
			 disk_queue()->backing_dev_info.congested_count[BLK_RW_ASYNC]);
	assert_true(run_measure("blk_congested", "blk_congested", 1) > 0);
	assert_int_equal(run_measure("blk_congested", "blk_congested", 2), 0);
	machine_shutdown();
}

static void test_flusher_blocks_on_congestion(void **state)
{
	(void)state;
	congested_queue("2.6.32-rc6");
	assert_int_equal(cw_calls(CW_PDFLUSH), 0);
	assert_true(disk_queue()->stats.sleeps[BLK_RW_ASYNC] > 0);
	/* Blocking: it never sees the congestion, never naps. */
	assert_true(run_measure("wb_passes", "wb_passes", 0) > 0);
	assert_int_equal(run_measure("wb_passes", "wb_passes_congested", 0), 0);
	assert_int_equal(run_measure("wb_passes", "wb_naps", 0), 0);
	assert_true(run_measure("blk_congested", "blk_congested", 0) > 0);
	machine_shutdown();
}

/* ---- reclaim's writepage ------------------------------------------------ */

/*
 * pageout() of a dirty file page, as shrink_page_list does it: page
 * locked and isolated... here on the LRU, clear_page_dirty_for_io,
 * PG_reclaim, ->writepage with the reclaim wbc.  At end_io the page is
 * clean, out of writeback, and moved to the tail of the inactive file list
 * (pgrotated), so the next scan finds it first.
 */
static void test_reclaim_writepage_rotates_page(void **state)
{
	struct writer w = { .len = 64 * 4096, .chunk = 4096 };
	struct writeback_control wbc = {
		.sync_mode = WB_SYNC_NONE,
		.nr_to_write = 32,
		.nonblocking = 1,
		.for_reclaim = 1,
	};
	struct page *page;
	struct zone *zone;

	(void)state;
	machine_boot(64, 1, "2.6.32-rc6", false);
	start_writer(&w, "f", 0);
	run_for(NSEC_PER_SEC);
	page = mapping_lookup(w.inode->i_mapping, 10);
	assert_non_null(page);
	assert_true(PageDirty(page) && PageLRU(page) && !PageActive(page));
	zone = page_zone(page);
	assert_ptr_not_equal(zone->lru[LRU_INACTIVE_FILE].prev, &page->lru);

	assert_true(trylock_page(page));
	assert_true(clear_page_dirty_for_io(page));
	SetPageReclaim(page);
	assert_int_equal(w.inode->i_mapping->a_ops->writepage(page, &wbc), 0);
	assert_false(PageLocked(page));
	assert_true(PageWriteback(page));
	assert_int_equal(nr_writeback(), 1);
	assert_int_equal(nr_dirty(), 63);
	assert_int_equal(vm_events[PGPGOUT], 4);

	run_for(NSEC_PER_SEC);
	assert_false(PageWriteback(page));
	assert_false(PageDirty(page));
	assert_false(PageReclaim(page));
	assert_int_equal(nr_writeback(), 0);
	/*
	 * The completion (on the disk's interrupt CPU, 0) put the page in
	 * that CPU's rotate pagevec with a reference; the move to the tail
	 * waits for the pagevec to fill or drain (2.6.32 mm/swap.c
	 * rotate_reclaimable_page()).
	 */
	assert_int_equal(pagevec_count(lru_rotate_pvec(0)), 1);
	assert_int_equal(page_count(page), 2);
	assert_int_equal(vm_events[PGROTATED], 0);
	assert_ptr_not_equal(zone->lru[LRU_INACTIVE_FILE].prev, &page->lru);
	lru_add_drain();
	assert_int_equal(pagevec_count(lru_rotate_pvec(0)), 0);
	assert_int_equal(page_count(page), 1);
	assert_int_equal(vm_events[PGROTATED], 1);
	assert_ptr_equal(zone->lru[LRU_INACTIVE_FILE].prev, &page->lru);
	assert_int_equal(bdi_stat(sb->s_bdi, BDI_WRITEBACK), 0);
	assert_int_equal(bdi_stat(sb->s_bdi, BDI_RECLAIMABLE), 63);
	machine_shutdown();
}

/*
 * The same through reclaim itself, on 2.6.31: 32 MiB of dirty file pages
 * (limits raised so nothing writes them on its own) and direct reclaim
 * from a task while both pdflush threads are busy, so reclaim's
 * wakeup_pdflush is dropped (pdflush_operation returns -1) and
 * shrink_page_list must send dirty pages to pageout() -> ext3_writepage
 * with PG_reclaim itself.  When each write completes the page is clean
 * and moved to the inactive tail (pgrotated = nr_vmscan_write), where the
 * next reclaim pass finds and frees it.  (On .32, or with an idle
 * pdflush, the kicked flusher writes the file first and reclaim mostly
 * frees what it cleaned.)
 */
struct reclaimer {
	unsigned long reclaimed[2];
	unsigned long vmscan_write;
	unsigned long rotated;
	unsigned long tail_clean;	/* clean pages at the inactive tail */
};

static unsigned long direct_reclaim(gfp_t gfp)
{
	struct reclaim_state rs = { 0 };
	unsigned long ret;

	current->flags |= PF_MEMALLOC;
	current->reclaim_state = &rs;
	ret = try_to_free_pages(node_zonelist(0, gfp), 0, gfp);
	current->reclaim_state = NULL;
	current->flags &= ~PF_MEMALLOC;
	return ret;
}

static void reclaimer_fn(void *arg)
{
	struct reclaimer *r = arg;
	struct zone *zone;

	/*
	 * The first passes free other memory and clear PG_referenced (set by
	 * the writes' mark_page_accessed: referenced dirty pages are kept once).
	 */
	for (int i = 0; i < 100 && !global_page_state(NR_VMSCAN_WRITE); i++)
		r->reclaimed[0] += direct_reclaim(GFP_KERNEL);
	r->vmscan_write = global_page_state(NR_VMSCAN_WRITE);
	schedule_timeout_uninterruptible(HZ);	/* the writes complete */
	r->rotated = vm_events[PGROTATED];
	for_each_populated_zone(zone) {
		struct list_head *pos = zone->lru[LRU_INACTIVE_FILE].prev;

		while (pos != &zone->lru[LRU_INACTIVE_FILE]) {
			struct page *page = list_entry(pos, struct page, lru);

			if (PageDirty(page) || PageWriteback(page))
				break;
			r->tail_clean++;
			pos = pos->prev;
		}
	}
	r->reclaimed[1] = direct_reclaim(GFP_KERNEL);
}

static void pdflush_busy(long arg)
{
	(void)arg;
	schedule_timeout_uninterruptible(10 * HZ);
}

static void occupy_pdflush(void *arg)
{
	(void)arg;
	assert_int_equal(pdflush_operation(pdflush_busy, 0), 0);
	assert_int_equal(pdflush_operation(pdflush_busy, 0), 0);
}

static void test_reclaim_pageout_rotates_dirty_file_pages(void **state)
{
	struct writer w = { .len = 32 * MiB };
	struct reclaimer r = { 0 };

	(void)state;
	/*
	 * The writes must end after the reclaim pass that issued them, or
	 * the pass itself frees pages they rotated: with the drive's write
	 * cache they complete within a fraction of a millisecond.
	 */
	machine_write_through = true;
	machine_boot(64, 1, "2.6.31", false);
	vm_writeback.dirty_ratio = 90;
	vm_writeback.dirty_background_ratio = 80;
	writeback_sysctl_changed();
	start_writer(&w, "f", 0);
	run_for(NSEC_PER_SEC);
	assert_int_equal(w.bytes, 32 * (long)MiB);
	assert_int_equal(nr_dirty(), 32 * MiB / PAGE_SIZE);
	kthread_run(occupy_pdflush, NULL, "kick", DEFAULT_PRIO);
	run_for(NSEC_PER_MSEC);
	kthread_run(reclaimer_fn, &r, "reclaimer", DEFAULT_PRIO);
	run_for(3 * NSEC_PER_SEC);
	assert_true(r.vmscan_write > 0);
	assert_true(flusher_stats.pdflush_ops_dropped > 0);
	/*
	 * Every page reclaim wrote was rotated at the end of its write, but
	 * the last vmscan_write % PAGEVEC_SIZE, still in the interrupt CPU's
	 * rotate pagevec (the machine's one CPU; nothing drained it)...
	 */
	assert_int_equal(r.rotated, r.vmscan_write -
			 r.vmscan_write % PAGEVEC_SIZE);
	/* ... to the tail, which now holds at least those clean pages. */
	assert_true(r.tail_clean >= r.rotated);
	/* The next pass frees from there. */
	assert_true(r.reclaimed[1] >= SWAP_CLUSTER_MAX);
	machine_shutdown();
}

/* ---- counters ------------------------------------------------------------ */

/*
 * Writers, a reader and an fsync on both engines: at every 10 ms check
 * NR_FILE_DIRTY equals the dirty pages and tags and the bdi's count,
 * NR_WRITEBACK the pages under writeback and the bdi's count, and
 * pgpgin/pgpgout 4 KiB per page the disk moved.
 */
static void counters_consistent(const char *base)
{
	struct writer a = { .len = 40 * MiB, .chunk = 8192 };
	struct writer b = { .len = 4 * MiB, .fsync = true };
	struct writer c = { .pos = 4096, .len = 1 * MiB, .chunk = 1000 };

	machine_boot(128, 2, base, true);
	start_checks();
	start_writer(&a, "a", 0);
	start_writer(&b, "b", 0);
	start_writer(&c, "c", 2 * MiB);
	run_for(40 * NSEC_PER_SEC);
	stop_checks();
	assert_true(checks > 1000);
	assert_int_equal(a.bytes, 40 * (long)MiB);
	assert_int_equal(b.bytes, 4 * (long)MiB);
	assert_int_equal(c.bytes, 1 * (long)MiB);
	assert_int_equal(b.inode->i_nr_dirty, 0);	/* fsync'd */
	assert_true(vm_events[PGPGIN] > 0);		/* c's partial pages */
	assert_true(EXT3_SB(sb)->s_journal->j_commits > 0);
	machine_shutdown();
}

static void test_counters_consistent_31(void **state)
{
	(void)state;
	counters_consistent("2.6.31");
}

static void test_counters_consistent_rc6(void **state)
{
	(void)state;
	counters_consistent("2.6.32-rc6");
}

/* The same on the encrypted stack: write ends in interrupts, read ends in kcryptd. */
static void test_counters_consistent_dm_crypt(void **state)
{
	(void)state;
	machine_crypt = true;
	counters_consistent("2.6.32-rc6");
}

/*
 * Files come and go under writeback: a task creates a file, writes 2 MiB,
 * sometimes truncates it or syncs it, and unlinks it while the background
 * writers (a 1% background threshold, 0.5 s expiry, 0.2 s interval) may
 * still be at it.  Nothing may leak or dangle (ASan), the
 * counters stay consistent, and at the end every block is free again.
 */
struct churn {
	unsigned int seed;
	unsigned long files;
};

static void churn_fn(void *arg)
{
	struct churn *c = arg;
	char name[32];

	for (unsigned int i = 0; i < 40; i++) {
		struct inode *inode;
		struct file *file;

		snprintf(name, sizeof(name), "tmp-%u-%u", c->seed, i);
		inode = ext3_create(sb, name, (i % 3) ? 0 : 1 * MiB);
		file = filp_open(inode, FMODE_READ | FMODE_WRITE);
		for (unsigned long off = 0; off < 2 * MiB; off += 65536)
			vfs_write(file, (loff_t)off, 65536);
		if (i % 4 == 1)
			ext3_truncate(inode, 300 * 1024);
		if (i % 5 == 2)
			sync_inode_pages(inode);
		vfs_read(file, 0, 256 * 1024);
		fput(file);
		schedule_timeout_uninterruptible((long)(prandom_below(HZ / 2) + 1));
		assert_int_equal(ext3_unlink(sb, name), 0);
		c->files++;
	}
}

static void files_churn(const char *base)
{
	struct churn c[2] = { { .seed = 1 }, { .seed = 2 } };
	unsigned long blocks0;

	machine_boot(128, 2, base, true);
	/* Keep the background writers busy with these files. */
	vm_writeback.dirty_background_ratio = 1;
	vm_writeback.dirty_expire_centisecs = 50;
	vm_writeback.dirty_writeback_centisecs = 20;
	writeback_sysctl_changed();
	blocks0 = EXT3_SB(sb)->s_free_blocks;
	start_checks();
	kthread_run(churn_fn, &c[0], "churn", DEFAULT_PRIO);
	kthread_run(churn_fn, &c[1], "churn", DEFAULT_PRIO);
	run_for(60 * NSEC_PER_SEC);
	stop_checks();
	assert_int_equal(c[0].files + c[1].files, 80);
	assert_true(flusher_stats.pages_written > 0);
	assert_int_equal(nr_dirty(), 0);
	assert_int_equal(global_page_state(NR_FILE_PAGES), 0);
	assert_int_equal(EXT3_SB(sb)->s_free_blocks, blocks0);
	assert_true(list_empty(&sb->s_inodes));
	machine_shutdown();
}

static void test_files_churn_pdflush(void **state)
{
	(void)state;
	files_churn("2.6.30");
}

static void test_files_churn_flusher(void **state)
{
	(void)state;
	files_churn("2.6.32-rc6");
}

/* ---- pdflush and flusher threads ---------------------------------------- */

static void busy_2s(long arg)
{
	(void)arg;
	schedule_timeout_uninterruptible(2 * HZ);
}

static int op_results[3];

static void hand_out_work(void *arg)
{
	(void)arg;
	for (int i = 0; i < 3; i++)
		op_results[i] = pdflush_operation(busy_2s, 0);
}

/*
 * Two pdflush threads at boot; with both busy a third operation is
 * refused (-1).  When a thread finishes more than 1 s after the pool ran
 * empty, it starts another thread (up to 8).
 */
static void test_pdflush_pool(void **state)
{
	(void)state;
	machine_boot(64, 1, "2.6.31", false);
	run_for(NSEC_PER_MSEC);
	assert_int_equal(tasks_named("pdflush"), 2);
	kthread_run(hand_out_work, NULL, "kick", DEFAULT_PRIO);
	run_for(NSEC_PER_MSEC);
	assert_int_equal(op_results[0], 0);
	assert_int_equal(op_results[1], 0);
	assert_int_equal(op_results[2], -1);
	assert_int_equal(flusher_stats.pdflush_ops_dropped, 1);
	run_for(3 * NSEC_PER_SEC);
	assert_int_equal(flusher_stats.max_pdflush_threads, 3);
	assert_int_equal(tasks_named("pdflush"), 3);
	assert_false(task_named("flush-253:0"));
	machine_shutdown();
}

/*
 * .32: bdi-default forks "flush-253:0" once the bdi has dirty inodes
 * (within its 5 s check), and no pdflush exists.
 */
static void test_flusher_thread_named_after_device(void **state)
{
	struct writer w = { .len = 64 * 4096 };

	(void)state;
	machine_boot(64, 1, "2.6.32-rc6", false);
	run_for(NSEC_PER_MSEC);
	assert_true(task_named("bdi-default"));
	assert_false(task_named("flush-253:0"));
	start_writer(&w, "f", 0);
	run_for(5 * NSEC_PER_SEC + NSEC_PER_MSEC);
	assert_true(task_named("flush-253:0"));
	assert_int_equal(tasks_named("pdflush"), 0);
	/* Idle for over 5 minutes after the data was written: it exits. */
	run_for(6 * 60 * NSEC_PER_SEC);
	assert_int_equal(nr_dirty(), 0);
	assert_false(task_named("flush-253:0"));
	machine_shutdown();
}

/* ---- throttle_vm_writeout ------------------------------------------------ */

struct throttler {
	gfp_t gfp;
	unsigned long writeback_at_return;
	sim_time_t start, end;
};

static void throttler_fn(void *arg)
{
	struct throttler *t = arg;

	/* Let the writeback below get going first. */
	schedule_timeout_uninterruptible(1);
	t->start = sim_now();
	throttle_vm_writeout(t->gfp);
	t->end = sim_now();
	t->writeback_at_return = nr_writeback();
}

static void write_all_fn(void *arg)
{
	struct writeback_control wbc = {
		.bdi = sb->s_bdi,
		.sync_mode = WB_SYNC_NONE,
		.nr_to_write = 512,
		.range_cyclic = 1,
	};

	(void)arg;
	writeback_inodes(&wbc);
}

/*
 * With vm.dirty_bytes at 64 pages, the limit is 64 + 64/10 = 70 pages of
 * writeback; 512 pages submitted at once (a few merged requests) exceed
 * it: a GFP_KERNEL reclaimer naps until writeback drops to 70 or
 * below, a GFP_NOFS one naps once and returns regardless.
 */
static void throttle_vm(gfp_t gfp, unsigned long expect_naps_min,
			unsigned long expect_naps_max, bool expect_under)
{
	struct writer w = { .len = 2 * MiB };
	struct throttler t = { .gfp = gfp };

	machine_boot(64, 1, "2.6.32-rc6", false);
	start_writer(&w, "f", 0);
	run_for(NSEC_PER_SEC);
	assert_int_equal(nr_dirty(), 512);
	vm_writeback.dirty_bytes = 64 * PAGE_SIZE;
	writeback_sysctl_changed();
	kthread_run(write_all_fn, NULL, "sync", DEFAULT_PRIO);
	kthread_run(throttler_fn, &t, "kswapd0", DEFAULT_PRIO);
	run_for(NSEC_PER_SEC);
	assert_true(t.end > t.start);
	assert_true(cw_calls(CW_THROTTLE_VM) >= expect_naps_min);
	assert_true(cw_calls(CW_THROTTLE_VM) <= expect_naps_max);
	if (expect_under)
		assert_true(t.writeback_at_return <= 70);
	else
		assert_true(t.writeback_at_return > 70);
	machine_shutdown();
}

static void test_throttle_vm_writeout_waits(void **state)
{
	(void)state;
	throttle_vm(GFP_KERNEL, 1, 100, true);
}

static void test_throttle_vm_writeout_nofs_naps_once(void **state)
{
	(void)state;
	throttle_vm(GFP_NOFS, 1, 1, false);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_dirty_limit_holds_30, machine_teardown),
		cmocka_unit_test_teardown(test_dirty_limit_holds_31_2cpu, machine_teardown),
		cmocka_unit_test_teardown(test_dirty_limit_holds_rc6, machine_teardown),
		cmocka_unit_test_teardown(test_dirty_limit_holds_rc6_2cpu, machine_teardown),
		cmocka_unit_test_teardown(test_bdp_sleep_30_31, machine_teardown),
		cmocka_unit_test_teardown(test_bdp_sleep_rc6, machine_teardown),
		cmocka_unit_test_teardown(test_bdp_writeback_rule, machine_teardown),
		cmocka_unit_test_teardown(test_old_data_flushed_pdflush, machine_teardown),
		cmocka_unit_test_teardown(test_old_data_flushed_flusher, machine_teardown),
		cmocka_unit_test_teardown(test_background_stops_at_threshold_pdflush, machine_teardown),
		cmocka_unit_test_teardown(test_background_stops_at_threshold_flusher, machine_teardown),
		cmocka_unit_test_teardown(test_background_work_runs_at_threshold_flusher, machine_teardown),
		cmocka_unit_test_teardown(test_pdflush_naps_on_congestion, machine_teardown),
		cmocka_unit_test_teardown(test_flusher_blocks_on_congestion, machine_teardown),
		cmocka_unit_test_teardown(test_reclaim_writepage_rotates_page, machine_teardown),
		cmocka_unit_test_teardown(test_reclaim_pageout_rotates_dirty_file_pages, machine_teardown),
		cmocka_unit_test_teardown(test_counters_consistent_31, machine_teardown),
		cmocka_unit_test_teardown(test_counters_consistent_rc6, machine_teardown),
		cmocka_unit_test_teardown(test_counters_consistent_dm_crypt, machine_teardown),
		cmocka_unit_test_teardown(test_files_churn_pdflush, machine_teardown),
		cmocka_unit_test_teardown(test_files_churn_flusher, machine_teardown),
		cmocka_unit_test_teardown(test_pdflush_pool, machine_teardown),
		cmocka_unit_test_teardown(test_flusher_thread_named_after_device, machine_teardown),
		cmocka_unit_test_teardown(test_throttle_vm_writeout_waits, machine_teardown),
		cmocka_unit_test_teardown(test_throttle_vm_writeout_nofs_naps_once, machine_teardown),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests_name("writeback", tests, NULL, NULL);
}
