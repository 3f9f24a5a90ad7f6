// SPDX-License-Identifier: GPL-2.0
/*
 * Dirty page accounting and throttling (mm/page-writeback.c of .30-.32):
 * NR_FILE_DIRTY / NR_WRITEBACK and the per-bdi counts, the dirty limits,
 * balance_dirty_pages and its rate limiting, throttle_vm_writeout, and
 * write_cache_pages, the loop every writer of a file's pages runs.
 *
 * Version differences (kernel_profile switches; docs/profiles.md):
 * - reclaimable_def: what "dirtyable memory" counts besides free pages;
 * - bdp_sleep: .30/.31 nap in congestion_wait(HZ/10) on cw_writeback's
 *   queue, .32 sleeps a pause that starts at one jiffy and doubles to HZ/10;
 * - bdp_write_chunk: .30/.31 write ratelimit_pages x 1.5, .32 that or
 *   1.5 x the pages the caller dirtied, whichever is larger.
 */
#include <errno.h>
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
#include "util/xalloc.h"

/* The kernel's defaults, also for simulations that skip page_writeback_init. */
struct vm_writeback_sysctl vm_writeback = {
	.dirty_background_ratio = 10,
	.dirty_ratio = 20,
	.dirty_writeback_centisecs = 500,
	.dirty_expire_centisecs = 3000,
};
struct bdp_stats bdp_stats;

void writeback_sysctl_defaults(struct vm_writeback_sysctl *s)
{
	memset(s, 0, sizeof(*s));
	s->dirty_background_ratio = 10;
	s->dirty_ratio = 20;
	s->dirty_writeback_centisecs = 500;
	s->dirty_expire_centisecs = 3000;
}

/* ---- floating proportions (lib/proportions.c) ---------------------- */

/*
 * A share of recent events that decays: every 2^(shift-1) global events
 * ends a period and halves every local count.  The bdi's share of
 * writeback completions and the task's share of dirtyings scale the
 * limits; with one disk and one writer both approach 1.
 */
/* Until page_writeback_init sizes them: periods of 2^15 events. */
struct prop_descriptor vm_completions = { .shift = 16 };
struct prop_descriptor vm_dirties = { .shift = 16 };

static void prop_norm(struct prop_descriptor *pd, struct prop_local *pl)
{
	unsigned long half = 1UL << (pd->shift - 1);
	unsigned long global_period = pd->events & ~(half - 1);
	unsigned long periods;

	/* The period length changed (a sysctl write): rescale as prop_adjust_shift. */
	if (pl->shift != pd->shift) {
		if (pl->shift > pd->shift)
			pl->period >>= pl->shift - pd->shift;
		else
			pl->period <<= pd->shift - pl->shift;
		pl->shift = pd->shift;
	}
	if (pl->period == global_period)
		return;
	periods = (global_period - pl->period) >> (pd->shift - 1);
	pl->events = periods < BITS_PER_LONG ? pl->events >> periods : 0;
	pl->period = global_period;
}

void prop_inc(struct prop_descriptor *pd, struct prop_local *pl)
{
	prop_norm(pd, pl);
	pl->events++;
	pd->events++;
}

void prop_fraction(struct prop_descriptor *pd, struct prop_local *pl,
		   unsigned long *numerator, unsigned long *denominator)
{
	unsigned long half = 1UL << (pd->shift - 1);

	prop_norm(pd, pl);
	*numerator = pl->events;
	*denominator = half + (pd->events & (half - 1));
}

static unsigned int ilog2_ul(unsigned long n)
{
	unsigned int r = 0;

	while (n >>= 1)
		r++;
	return r;
}

/* The period is about the size of the dirty limit (calc_period_shift). */
static unsigned int calc_period_shift(void)
{
	unsigned long dirty_total;

	if (vm_writeback.dirty_bytes)
		dirty_total = vm_writeback.dirty_bytes / PAGE_SIZE;
	else
		dirty_total = (unsigned long)vm_writeback.dirty_ratio *
			      determine_dirtyable_memory() / 100;
	if (dirty_total < 2)
		dirty_total = 2;
	return 2 + ilog2_ul(dirty_total - 1);
}

/* Per-task dirtying shares, by pid (the kernel keeps one in task_struct). */
struct task_dirties {
	int pid;
	struct prop_local pl;
};
static struct task_dirties *task_dirties;
static unsigned int nr_task_dirties, task_dirties_cap;

static struct prop_local *task_dirties_of(struct task_struct *tsk, bool create)
{
	for (unsigned int i = 0; i < nr_task_dirties; i++)
		if (task_dirties[i].pid == tsk->pid)
			return &task_dirties[i].pl;
	if (!create)
		return NULL;
	if (nr_task_dirties == task_dirties_cap) {
		unsigned int cap = task_dirties_cap ? task_dirties_cap * 2 : 16;
		struct task_dirties *n = xrealloc(task_dirties, cap * sizeof(*n));

		task_dirties = n;
		task_dirties_cap = cap;
	}
	task_dirties[nr_task_dirties].pid = tsk->pid;
	task_dirties[nr_task_dirties].pl.events = 0;
	task_dirties[nr_task_dirties].pl.period = vm_dirties.events &
		~((1UL << (vm_dirties.shift - 1)) - 1);
	task_dirties[nr_task_dirties].pl.shift = vm_dirties.shift;
	return &task_dirties[nr_task_dirties++].pl;
}

/* ---- accounting ------------------------------------------------------ */

/*
 * The mapping whose dirty pages are accounted (mapping_cap_account_dirty):
 * a file's page cache.  Anonymous and swap-cache pages are dirty in the
 * page-table sense only; swapper_space's bdi accounts nothing.
 */
static struct address_space *page_dirty_mapping(struct page *page)
{
	struct address_space *mapping;

	if (PageSwapBacked(page) || PageSwapCache(page) || !page->mapping)
		return NULL;
	mapping = page_mapping(page);
	if (!mapping || !(mapping->flags & AS_FILE) || (mapping->flags & AS_SWAP))
		return NULL;
	return mapping;
}

/* The writeback state of a file page's bdi, if that bdi is registered. */
static struct bdi_writeback *mapping_wb(struct address_space *mapping)
{
	return mapping ? bdi_wb(mapping->backing_dev_info) : NULL;
}

/* A file page became dirty: count it, tag it, queue its inode. */
void account_page_dirtied(struct page *page, struct address_space *mapping)
{
	struct bdi_writeback *wb = mapping_wb(mapping);
	unsigned long nr_dirty;

	__inc_zone_page_state(page, NR_FILE_DIRTY);
	if (wb)
		wb->stat[BDI_RECLAIMABLE]++;
	if (current)
		prop_inc(&vm_dirties, task_dirties_of(current, true));
	if (mapping->host)
		inode_tag_dirty(mapping->host, page->index);

	nr_dirty = global_page_state(NR_FILE_DIRTY);
	if (nr_dirty > bdp_stats.max_nr_dirty)
		bdp_stats.max_nr_dirty = nr_dirty;
	if (wb) {
		unsigned long background, dirty;

		/* How far past the global limit dirtying got (the test's slack). */
		get_dirty_limits(&background, &dirty, NULL, NULL);
		if (nr_dirty > dirty && nr_dirty - dirty > bdp_stats.max_over_limit)
			bdp_stats.max_over_limit = nr_dirty - dirty;
	}
}

int __set_page_dirty_nobuffers(struct page *page)
{
	struct address_space *mapping;

	if (TestSetPageDirty(page))
		return 0;
	mapping = page_dirty_mapping(page);
	if (mapping) {
		account_page_dirtied(page, mapping);
		if (mapping->host)
			__mark_inode_dirty(mapping->host, I_DIRTY_PAGES);
	}
	return 1;
}

int set_page_dirty(struct page *page)
{
	if (!page_dirty_mapping(page))
		return !TestSetPageDirty(page);
	return __set_page_dirty_nobuffers(page);
}

bool clear_page_dirty_for_io(struct page *page)
{
	struct address_space *mapping = page_dirty_mapping(page);

	VM_BUG_ON(!PageLocked(page));
	if (mapping) {
		if (TestClearPageDirty(page)) {
			struct bdi_writeback *wb = mapping_wb(mapping);

			__dec_zone_page_state(page, NR_FILE_DIRTY);
			if (wb)
				wb->stat[BDI_RECLAIMABLE]--;
			if (mapping->host)
				inode_tag_clean(mapping->host, page->index);
			return true;
		}
		return false;
	}
	return TestClearPageDirty(page);
}

int redirty_page_for_writepage(struct writeback_control *wbc, struct page *page)
{
	wbc->pages_skipped++;
	return __set_page_dirty_nobuffers(page);
}

int test_set_page_writeback(struct page *page)
{
	struct bdi_writeback *wb = mapping_wb(page_dirty_mapping(page));
	int ret = TestSetPageWriteback(page);

	if (!ret) {
		__inc_zone_page_state(page, NR_WRITEBACK);
		if (wb)
			wb->stat[BDI_WRITEBACK]++;
	}
	return ret;
}

int test_clear_page_writeback(struct page *page)
{
	struct bdi_writeback *wb = mapping_wb(page_dirty_mapping(page));
	int ret = TestClearPageWriteback(page);

	if (ret) {
		__dec_zone_page_state(page, NR_WRITEBACK);
		if (wb) {
			wb->stat[BDI_WRITEBACK]--;
			/* Completions decide the bdi's share of the dirty limit. */
			prop_inc(&vm_completions, &wb->completions);
		}
	}
	return ret;
}

long bdi_stat(struct backing_dev_info *bdi, enum bdi_stat_item item)
{
	struct bdi_writeback *wb = bdi_wb(bdi);

	return wb ? wb->stat[item] : 0;
}

/* ---- limits ---------------------------------------------------------- */

/* LRU pages that count as reclaimable in @zone, per reclaimable_def. */
static unsigned long zone_dirtyable_reclaimable(struct zone *zone)
{
	unsigned long nr = zone_page_state(zone, NR_ACTIVE_FILE) +
			   zone_page_state(zone, NR_INACTIVE_FILE);
	bool anon;

	/*
	 * rc6 (zone_reclaimable_pages, 2.6.32): anon counts only while swap
	 * has free space.  .30/.31 (zone_lru_pages): always.
	 */
	if (kprofile_get(reclaimable_def) == RECLAIMABLE_SWAP_AWARE)
		anon = nr_swap_pages > 0;
	else
		anon = true;
	if (anon)
		nr += zone_page_state(zone, NR_ACTIVE_ANON) +
		      zone_page_state(zone, NR_INACTIVE_ANON);
	return nr;
}

/*
 * Free plus reclaimable pages, less highmem's unless highmem_is_dirtyable
 * (dirty pages there cannot be written by lowmem-only paths).
 */
unsigned long determine_dirtyable_memory(void)
{
	unsigned long x = 0, high = 0;
	struct zone *zone;

	for_each_populated_zone(zone) {
		unsigned long n = zone_page_state(zone, NR_FREE_PAGES) +
				  zone_dirtyable_reclaimable(zone);

		x += n;
		if (zone_idx(zone) == ZONE_HIGHMEM)
			high += n;
	}
	if (!vm_writeback.highmem_is_dirtyable)
		x -= min(high, x);
	return x + 1;	/* never 0 */
}

static unsigned long div_round_up(unsigned long n, unsigned long d)
{
	return (n + d - 1) / d;
}

/* The bdi can only use what the others have not dirtied already. */
static void clip_bdi_dirty_limit(struct bdi_writeback *wb, unsigned long dirty,
				 unsigned long *pbdi_dirty)
{
	long avail_dirty = (long)dirty -
		(long)(global_page_state(NR_FILE_DIRTY) +
		       global_page_state(NR_WRITEBACK) +
		       global_page_state(NR_UNSTABLE_NFS) +
		       global_page_state(NR_WRITEBACK_TEMP));

	if (avail_dirty < 0)
		avail_dirty = 0;
	avail_dirty += wb->stat[BDI_RECLAIMABLE] + wb->stat[BDI_WRITEBACK];
	*pbdi_dirty = min(*pbdi_dirty, (unsigned long)avail_dirty);
}

/*
 * A task that dirtied most recent pages gets up to 1/8 less room, so
 * heavy writers are throttled before light ones; never below half.
 */
static void task_dirty_limit(struct task_struct *tsk, unsigned long *pdirty)
{
	struct prop_local *pl = tsk ? task_dirties_of(tsk, false) : NULL;
	unsigned long dirty = *pdirty, numerator, denominator;
	unsigned long long inv;

	if (!pl)
		return;
	prop_fraction(&vm_dirties, pl, &numerator, &denominator);
	inv = (unsigned long long)(dirty >> 3) * numerator / denominator;
	dirty -= (unsigned long)inv;
	if (dirty < *pdirty / 2)
		dirty = *pdirty / 2;
	*pdirty = dirty;
}

void get_dirty_limits(unsigned long *pbackground, unsigned long *pdirty,
		      unsigned long *pbdi_dirty, struct backing_dev_info *bdi)
{
	unsigned long available_memory = determine_dirtyable_memory();
	unsigned long background, dirty;
	struct task_struct *tsk = current;

	if (vm_writeback.dirty_bytes) {
		dirty = div_round_up(vm_writeback.dirty_bytes, PAGE_SIZE);
	} else {
		int dirty_ratio = vm_writeback.dirty_ratio;

		if (dirty_ratio < 5)
			dirty_ratio = 5;
		dirty = (unsigned long)dirty_ratio * available_memory / 100;
	}
	if (vm_writeback.dirty_background_bytes)
		background = div_round_up(vm_writeback.dirty_background_bytes,
					  PAGE_SIZE);
	else
		background = (unsigned long)vm_writeback.dirty_background_ratio *
			     available_memory / 100;
	if (background >= dirty)
		background = dirty / 2;
	if (tsk && ((tsk->flags & PF_LESS_THROTTLE) || rt_task(tsk))) {
		background += background / 4;
		dirty += dirty / 4;
	}
	*pbackground = background;
	*pdirty = dirty;

	if (bdi && pbdi_dirty) {
		struct bdi_writeback *wb = bdi_wb(bdi);
		unsigned long numerator, denominator, bdi_dirty;

		if (!wb) {
			*pbdi_dirty = dirty;
			return;
		}
		prop_fraction(&vm_completions, &wb->completions,
			      &numerator, &denominator);
		bdi_dirty = (unsigned long)((unsigned long long)dirty *
					    numerator / denominator);
		bdi_dirty += dirty * wb->min_ratio / 100;
		if (bdi_dirty > dirty * wb->max_ratio / 100)
			bdi_dirty = dirty * wb->max_ratio / 100;
		*pbdi_dirty = bdi_dirty;
		clip_bdi_dirty_limit(wb, dirty, pbdi_dirty);
		task_dirty_limit(tsk, pbdi_dirty);
	}
}

/* ---- throttling -------------------------------------------------------- */

unsigned long ratelimit_pages = 32;
static unsigned long bdp_ratelimits[SIM_MAX_CPUS];

/*
 * vm_total_pages / (CPUs x 32), within [16, 1024]: a CPU's writers dirty
 * this many pages between looks at the limits (writeback_set_ratelimit).
 * [MODEL] vm_total_pages is taken as totalram_pages (the kernel counts
 * the zones' present pages before boot-time reservations).
 */
static void writeback_set_ratelimit(void)
{
	unsigned long pages = totalram_pages / (num_online_cpus() * 32);

	if (pages < 16)
		pages = 16;
	if (pages * PAGE_SIZE > 4096 * 1024)
		pages = (4096 * 1024) / PAGE_SIZE;
	ratelimit_pages = pages;
}

static long sync_writeback_pages(unsigned long dirtied)
{
	/* rc6 (2.6.32): a caller that dirtied a batch writes 1.5x that batch. */
	if (kprofile_get(bdp_write_chunk) == BDP_RATELIMIT_1_5 ||
	    dirtied < ratelimit_pages)
		dirtied = ratelimit_pages;
	return (long)(dirtied + dirtied / 2);
}

static void bdp_sleep(unsigned long *pause)
{
	sim_time_t start = sim_now();

	if (kprofile_get(bdp_sleep) == BDP_CONGESTION_WAIT) {
		/* .30: congestion_wait(WRITE) = SYNC queue; .31: BLK_RW_ASYNC (8aa7e847). */
		congestion_wait(kprofile_get(cw_writeback), HZ / 10);
	} else {
		/*
		 * 2.6.32 balance_dirty_pages: a plain sleep, no congestion
		 * queue, backing off from one jiffy to the old HZ/10 nap.
		 */
		enum task_time old = task_time_enter(TT_THROTTLE);

		set_current_state(TASK_INTERRUPTIBLE);
		io_schedule_timeout((long)*pause);
		task_time_exit(old);
		*pause <<= 1;
		if (*pause > HZ / 10)
			*pause = HZ / 10;
	}
	bdp_stats.pauses++;
	bdp_stats.pause_ns += sim_now() - start;
}

/*
 * The writer dirtied pages past the limit: write some of this bdi's pages
 * itself, or sleep, until the bdi is below its share or the writer has
 * written a chunk.  Then start background writeback if over its threshold.
 */
static void balance_dirty_pages(struct address_space *mapping,
				unsigned long write_chunk)
{
	struct backing_dev_info *bdi = mapping->backing_dev_info;
	struct bdi_writeback *wb = bdi_wb(bdi);
	unsigned long background_thresh, dirty_thresh, bdi_thresh = 0;
	unsigned long pages_written = 0;
	unsigned long pause = 1;
	long nr_reclaimable, nr_writeback;
	long bdi_nr_reclaimable = 0, bdi_nr_writeback = 0;
	bool throttled = false;

	bdp_stats.calls++;
	if (!wb)
		return;
	for (;;) {
		struct writeback_control wbc = {
			.bdi = bdi,
			.sync_mode = WB_SYNC_NONE,
			.older_than_this = NULL,
			.nr_to_write = (long)write_chunk,
			.range_cyclic = 1,
		};

		get_dirty_limits(&background_thresh, &dirty_thresh,
				 &bdi_thresh, bdi);
		nr_reclaimable = (long)(global_page_state(NR_FILE_DIRTY) +
					global_page_state(NR_UNSTABLE_NFS));
		nr_writeback = (long)global_page_state(NR_WRITEBACK);
		bdi_nr_reclaimable = wb->stat[BDI_RECLAIMABLE];
		bdi_nr_writeback = wb->stat[BDI_WRITEBACK];
		if (bdi_nr_reclaimable + bdi_nr_writeback <= (long)bdi_thresh)
			break;
		/*
		 * Throttle only when background writeback cannot catch up:
		 * no tiny writeouts while a new bdi's share ramps up.
		 */
		if (nr_reclaimable + nr_writeback <
		    (long)(background_thresh + dirty_thresh) / 2)
			break;
		wb->dirty_exceeded = true;
		throttled = true;

		/*
		 * d7831a0bdf0 (2.6.31 balance_dirty_pages()): write only while
		 * this bdi is over its own threshold, else wait for the disk.
		 * v2.6.30 wrote whenever the bdi had any reclaimable page.
		 */
		if (kprofile_get(bdp_writeback) == BDP_WB_ANY_DIRTY ?
		    bdi_nr_reclaimable > 0 :
		    bdi_nr_reclaimable > (long)bdi_thresh) {
			writeback_inodes_wbc(&wbc);
			pages_written += write_chunk - (unsigned long)wbc.nr_to_write;
			get_dirty_limits(&background_thresh, &dirty_thresh,
					 &bdi_thresh, bdi);
		}
		bdi_nr_reclaimable = wb->stat[BDI_RECLAIMABLE];
		bdi_nr_writeback = wb->stat[BDI_WRITEBACK];
		if (bdi_nr_reclaimable + bdi_nr_writeback <= (long)bdi_thresh)
			break;
		if (pages_written >= write_chunk)
			break;		/* done our duty */
		bdp_sleep(&pause);
	}
	if (throttled)
		bdp_stats.throttled++;
	bdp_stats.pages_written += pages_written;

	if (bdi_nr_reclaimable + bdi_nr_writeback < (long)bdi_thresh &&
	    wb->dirty_exceeded)
		wb->dirty_exceeded = false;

	if (writeback_in_progress(bdi))
		return;		/* somebody is already writing this queue */
	/*
	 * Over the background threshold: get background writeback going.
	 * (laptop_mode would instead start it only if we wrote anything.)
	 */
	if ((vm_writeback.laptop_mode && pages_written) ||
	    (!vm_writeback.laptop_mode &&
	     global_page_state(NR_FILE_DIRTY) + global_page_state(NR_UNSTABLE_NFS) >
	     background_thresh))
		writeback_start_background(bdi);
}

void balance_dirty_pages_ratelimited_nr(struct address_space *mapping,
					unsigned long nr_pages_dirtied)
{
	struct bdi_writeback *wb = bdi_wb(mapping->backing_dev_info);
	unsigned long ratelimit = ratelimit_pages;
	unsigned long *p;

	/* Once over the limit, every CPU looks again after 8 pages. */
	if (wb && wb->dirty_exceeded)
		ratelimit = 8;
	p = &bdp_ratelimits[smp_processor_id()];
	*p += nr_pages_dirtied;
	if (unlikely(*p >= ratelimit)) {
		unsigned long dirtied = *p;

		*p = 0;
		balance_dirty_pages(mapping, (unsigned long)sync_writeback_pages(dirtied));
	}
}

/*
 * Reclaim's brake at the end of every shrink_zone: while pages under
 * writeback exceed the dirty limit by 10%, nap on the congestion queue.
 */
void throttle_vm_writeout(gfp_t gfp_mask)
{
	unsigned long background_thresh, dirty_thresh;

	for (;;) {
		get_dirty_limits(&background_thresh, &dirty_thresh, NULL, NULL);
		/* Page allocators get a little headroom over heavy writers. */
		dirty_thresh += dirty_thresh / 10;
		if (global_page_state(NR_UNSTABLE_NFS) +
		    global_page_state(NR_WRITEBACK) <= dirty_thresh)
			break;
		/* .30: congestion_wait(WRITE) = SYNC; .31+: BLK_RW_ASYNC. */
		congestion_wait(kprofile_get(cw_writeback), HZ / 10);
		/* A NOFS/NOIO caller may hold what the I/O needs: one nap only. */
		if ((gfp_mask & (__GFP_FS | __GFP_IO)) != (__GFP_FS | __GFP_IO))
			break;
	}
}

/* ---- write_cache_pages ------------------------------------------------- */

/*
 * Write the dirty pages of @mapping in index order (range_cyclic: from
 * where the last call stopped, wrapping once), until wbc->nr_to_write is
 * used up.  Pages under writeback are skipped by WB_SYNC_NONE writers and
 * waited for by WB_SYNC_ALL ones.
 */
int write_cache_pages(struct address_space *mapping,
		      struct writeback_control *wbc)
{
	struct inode *inode = mapping->host;
	struct backing_dev_info *bdi = mapping->backing_dev_info;
	long nr_to_write = wbc->nr_to_write;
	pgoff_t writeback_index = 0, index, end, done_index;
	bool cycled, done = false, range_whole = false;
	int ret = 0;

	if (wbc->nonblocking && bdi_write_congested(bdi)) {
		wbc->encountered_congestion = 1;
		return 0;
	}
	if (wbc->range_cyclic) {
		writeback_index = inode->i_writeback_index;
		index = writeback_index;
		cycled = index == 0;
		end = (pgoff_t)-1;
	} else {
		index = wbc->range_start;
		end = wbc->range_end;
		range_whole = index == 0 && end == (pgoff_t)-1;
		cycled = true;
	}
retry:
	done_index = index;
	while (!done && index <= end) {
		struct page *page;
		pgoff_t next = inode_next_dirty(inode, index);

		if (next == (pgoff_t)-1 || next > end)
			break;
		index = next + 1;
		page = find_get_page(mapping, next);
		if (!page) {
			inode_tag_clean(inode, next);	/* stale tag */
			continue;
		}
		done_index = next + 1;
		lock_page(page);
		if (unlikely(page_mapping(page) != mapping) || !PageDirty(page))
			goto continue_unlock;
		if (PageWriteback(page)) {
			if (wbc->sync_mode != WB_SYNC_NONE)
				wait_on_page_writeback(page);
			else
				goto continue_unlock;
		}
		BUG_ON(PageWriteback(page));
		if (!clear_page_dirty_for_io(page))
			goto continue_unlock;
		ret = mapping->a_ops->writepage(page, wbc);
		if (unlikely(ret)) {
			if (ret == AOP_WRITEPAGE_ACTIVATE) {
				unlock_page(page);
				ret = 0;
			} else {
				done = true;
			}
		}
		page_cache_release(page);
		if (nr_to_write > 0) {
			nr_to_write--;
			/* Only data-integrity writers go past their quota. */
			if (nr_to_write == 0 && wbc->sync_mode == WB_SYNC_NONE)
				done = true;
		}
		if (wbc->nonblocking && bdi_write_congested(bdi)) {
			wbc->encountered_congestion = 1;
			done = true;
		}
		continue;
continue_unlock:
		unlock_page(page);
		page_cache_release(page);
	}
	if (!cycled && !done) {
		/* Reached the end with work left: wrap to the file's start. */
		cycled = true;
		index = 0;
		end = writeback_index - 1;
		goto retry;
	}
	if (wbc->range_cyclic || (range_whole && nr_to_write > 0))
		inode->i_writeback_index = done_index;
	wbc->nr_to_write = nr_to_write;
	return ret;
}

int do_writepages(struct address_space *mapping, struct writeback_control *wbc)
{
	if (wbc->nr_to_write <= 0)
		return 0;
	return write_cache_pages(mapping, wbc);
}

/* ---- setup ------------------------------------------------------------- */

void writeback_sysctl_changed(void)
{
	unsigned int shift = calc_period_shift();

	/* prop_change_shift: rescale the global count to the new period. */
	if (vm_completions.shift && shift != vm_completions.shift) {
		if (shift > vm_completions.shift) {
			vm_completions.events <<= shift - vm_completions.shift;
			vm_dirties.events <<= shift - vm_dirties.shift;
		} else {
			vm_completions.events >>= vm_completions.shift - shift;
			vm_dirties.events >>= vm_dirties.shift - shift;
		}
	}
	vm_completions.shift = shift;
	vm_dirties.shift = shift;
	writeback_set_ratelimit();
}

void page_writeback_exit(void)
{
	free(task_dirties);
	task_dirties = NULL;
	nr_task_dirties = task_dirties_cap = 0;
}

void page_writeback_init(void)
{
	if (!vm_writeback.dirty_ratio && !vm_writeback.dirty_bytes)
		writeback_sysctl_defaults(&vm_writeback);
	memset(&bdp_stats, 0, sizeof(bdp_stats));
	memset(bdp_ratelimits, 0, sizeof(bdp_ratelimits));
	vm_completions.events = 0;
	vm_dirties.events = 0;
	page_writeback_exit();
	writeback_sysctl_changed();
}
