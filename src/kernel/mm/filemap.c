// SPDX-License-Identifier: GPL-2.0
/*
 * The page cache: lookup and insertion, the page lock and writeback waits,
 * and the read() and write() paths of 2.6.32 (do_generic_file_read,
 * generic_perform_write) on the one filesystem mmsim has.
 *
 * Reads go through readahead (readahead.c); a page that is not up to date
 * is a sync READ the reader sleeps on with lock_page, as the kernel's
 * lock_page_killable.  Writes dirty whole or partial pages, reading a
 * partially written page that exists on disk first, and call
 * balance_dirty_pages_ratelimited per page.
 */
#include <errno.h>
#include <string.h>
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "linux/vmstat.h"
#include "linux/pagemap.h"
#include "linux/writeback.h"
#include "linux/fs.h"
#include "linux/mm.h"
#include "linux/swap.h"
#include "linux/bio.h"
#include "linux/backing-dev.h"
#include "linux/blkdev.h"
#include "mmsim/profile.h"

/* ---- page waiters --------------------------------------------------- */

#define PAGE_WAIT_TABLE_BITS	10
#define PAGE_WAIT_TABLE_SIZE	(1U << PAGE_WAIT_TABLE_BITS)

static struct wait_queue_head page_wait_table[PAGE_WAIT_TABLE_SIZE];

static struct wait_queue_head *page_waitqueue(struct page *page)
{
	/* Fibonacci hashing of the pfn, as hash_ptr. */
	uint64_t h = (uint64_t)page_to_pfn(page) * 0x9e37fffffffc0001ULL;
	struct wait_queue_head *wq = &page_wait_table[h >> (64 - PAGE_WAIT_TABLE_BITS)];

	/* A simulation set up without filemap_init(): start empty. */
	if (unlikely(!wq->head.next))
		init_waitqueue_head(wq);
	return wq;
}

void wake_up_page(struct page *page)
{
	struct wait_queue_head *wq = page_waitqueue(page);

	/* No wake keys: every waiter of the bucket rechecks its own page. */
	if (waitqueue_active(wq))
		wake_up_all(wq);
}

/*
 * What a waiter does before sleeping on a page (sync_page ->
 * block_sync_page): unplug the device so the I/O it waits for is sent.
 */
static void sync_page(struct page *page)
{
	struct address_space *mapping = page_mapping(page);

	if (mapping && mapping->backing_dev_info)
		blk_run_backing_dev(mapping->backing_dev_info, page);
}

/*
 * What a task sleeping on @page's lock waits for (sim.h, enum task_time):
 * a locked page that is not up to date is under read, and the lock
 * holder is the read's completion (2.6.32 mm/memory.c do_swap_page()
 * counts the swap-in's wait as swapin_delay); any other holder is
 * page_wait, as is every writeback wait.
 */
static enum task_time page_wait_class(const struct page *page, bool lock)
{
	if (lock && !PageUptodate(page))
		return PageSwapCache(page) ? TT_SWAPIN : TT_FILE_READ;
	return TT_PAGE_WAIT;
}

/* One io_schedule() on @page, its time classified as page_wait_class(). */
static void page_io_schedule(struct page *page, bool lock)
{
	enum task_time old = task_time_enter(page_wait_class(page, lock));

	io_schedule();
	task_time_exit(old);
}

/* Sleep (as I/O wait) until @cond(page) is false. */
static void wait_on_page_cond(struct page *page, bool (*cond)(const struct page *),
			      bool lock)
{
	struct wait_queue_head *wq = page_waitqueue(page);
	DEFINE_WAIT(wait);

	for (;;) {
		prepare_to_wait(wq, &wait, TASK_UNINTERRUPTIBLE);
		if (!cond(page))
			break;
		sync_page(page);
		page_io_schedule(page, lock);
	}
	finish_wait(wq, &wait);
}

void __lock_page(struct page *page)
{
	struct wait_queue_head *wq = page_waitqueue(page);
	DEFINE_WAIT(wait);

	for (;;) {
		prepare_to_wait(wq, &wait, TASK_UNINTERRUPTIBLE);
		if (trylock_page(page))
			break;
		sync_page(page);
		page_io_schedule(page, true);
	}
	finish_wait(wq, &wait);
}

void unlock_page(struct page *page)
{
	VM_BUG_ON(!PageLocked(page));
	ClearPageLocked(page);
	wake_up_page(page);
}

static bool page_is_locked(const struct page *page)
{
	return PageLocked(page);
}

static bool page_is_writeback(const struct page *page)
{
	return PageWriteback(page);
}

void wait_on_page_locked(struct page *page)
{
	if (PageLocked(page))
		wait_on_page_cond(page, page_is_locked, true);
}

void wait_on_page_writeback(struct page *page)
{
	if (PageWriteback(page))
		wait_on_page_cond(page, page_is_writeback, false);
}

/*
 * End of writeback of one page: file pages from ext3's end_io, swap pages
 * from the swap write completion.  A page written for reclaim (PG_reclaim)
 * goes to the tail of its inactive list so the next scan frees it.
 */
void end_page_writeback(struct page *page)
{
	if (TestClearPageReclaim(page))
		rotate_reclaimable_page(page);
	if (!test_clear_page_writeback(page))
		BUG();
	wake_up_page(page);
}

/* ---- cache membership ------------------------------------------------ */

struct page *find_get_page(struct address_space *mapping, pgoff_t index)
{
	struct page *page = mapping_lookup(mapping, index);

	if (page)
		get_page(page);
	return page;
}

struct page *find_lock_page(struct address_space *mapping, pgoff_t index)
{
	struct page *page;

repeat:
	page = find_get_page(mapping, index);
	if (page) {
		lock_page(page);
		/* Truncated while we slept? */
		if (unlikely(page_mapping(page) != mapping)) {
			unlock_page(page);
			page_cache_release(page);
			goto repeat;
		}
	}
	return page;
}

/*
 * 2.6.32 add_to_page_cache_locked(): fill this CPU's radix-tree preload
 * pool with the caller's mask (less __GFP_HIGHMEM: nodes are lowmem),
 * then insert with the tree's GFP_ATOMIC, which takes the preloaded
 * nodes.  -ENOMEM when the preload could not get a node, -EEXIST when
 * the index is taken.
 */
int add_to_page_cache_locked(struct page *page, struct address_space *mapping,
			     pgoff_t index, gfp_t gfp)
{
	int error;

	VM_BUG_ON(!PageLocked(page));
	/* The caller's new page is on no list while the preload sleeps. */
	nr_pages_in_hand++;
	error = radix_tree_preload(gfp & ~__GFP_HIGHMEM);
	nr_pages_in_hand--;
	if (error)
		return error;
	error = radix_tree_insert(&mapping->page_tree, index, page);
	radix_tree_preload_end();
	if (error)
		return error;
	get_page(page);			/* the cache's reference */
	page->mapping = mapping->handle;
	page->index = (uint32_t)index;
	mapping->nrpages++;
	if (mapping->host && index > mapping->host->i_max_index)
		mapping->host->i_max_index = index;
	__inc_zone_page_state(page, NR_FILE_PAGES);
	return 0;
}

/* New page-cache pages start on the inactive file list (2.6.32
 * add_to_page_cache_lru -> lru_cache_add_file). */
int add_to_page_cache_lru(struct page *page, struct address_space *mapping,
			  pgoff_t index, gfp_t gfp)
{
	int ret;

	SetPageLocked(page);
	ret = add_to_page_cache_locked(page, mapping, index, gfp);
	if (ret) {
		ClearPageLocked(page);
		return ret;
	}
	lru_cache_add_file(page);
	return 0;
}

void __remove_from_page_cache(struct page *page)
{
	struct address_space *mapping = page_mapping(page);

	VM_BUG_ON(!mapping);
	mapping_delete(mapping, page->index);
	page->mapping = 0;
	mapping->nrpages--;
	__dec_zone_page_state(page, NR_FILE_PAGES);
}

/* Caller holds the page lock; the cache's reference is still held. */
void remove_from_page_cache(struct page *page)
{
	VM_BUG_ON(!PageLocked(page));
	__remove_from_page_cache(page);
}

void delete_from_page_cache(struct page *page)
{
	remove_from_page_cache(page);
	page_cache_release(page);
}

struct page *page_cache_alloc(struct address_space *mapping)
{
	return alloc_pages(mapping_gfp_mask(mapping), 0);
}

struct page *page_cache_alloc_cold(struct address_space *mapping)
{
	return alloc_pages(mapping_gfp_mask(mapping) | __GFP_COLD, 0);
}

/* ---- truncate ------------------------------------------------------- */

/* A dirty page being thrown away: undo its dirty accounting (cancel_dirty_page). */
static void cancel_dirty_page(struct page *page)
{
	if (PageDirty(page))
		clear_page_dirty_for_io(page);
}

static void truncate_complete_page(struct address_space *mapping,
				   struct page *page)
{
	if (page_mapping(page) != mapping)
		return;
	cancel_dirty_page(page);
	ClearPageMappedToDisk(page);
	delete_from_page_cache(page);
}

/*
 * Drop every page at or after @lstart.  As truncate_inode_pages_range:
 * pages under writeback are waited for, locked pages are waited for.
 * mmsim has no file mmap, so no page is mapped.
 */
void truncate_inode_pages(struct address_space *mapping, loff_t lstart)
{
	struct inode *inode = mapping->host;
	pgoff_t start = (pgoff_t)((lstart + PAGE_CACHE_SIZE - 1) >> PAGE_CACHE_SHIFT);
	pgoff_t end = inode ? inode->i_max_index : 0;
	pgoff_t index;

	for (index = start; index <= end && mapping->nrpages; index++) {
		struct page *page = find_get_page(mapping, index);

		if (!page)
			continue;
		lock_page(page);
		wait_on_page_writeback(page);
		truncate_complete_page(mapping, page);
		unlock_page(page);
		page_cache_release(page);
	}
}

unsigned long invalidate_mapping_pages(struct address_space *mapping,
				       pgoff_t start, pgoff_t end)
{
	struct inode *inode = mapping->host;
	unsigned long ret = 0;
	pgoff_t index;

	if (inode && end > inode->i_max_index)
		end = inode->i_max_index;
	for (index = start; index <= end; index++) {
		struct page *page = mapping_lookup(mapping, index);

		if (!page || !trylock_page(page))
			continue;
		if (!PageDirty(page) && !PageWriteback(page) &&
		    !page_mapped(page) && page_count(page) == 1) {
			get_page(page);
			delete_from_page_cache(page);
			ret++;
			unlock_page(page);
			page_cache_release(page);
			continue;
		}
		unlock_page(page);
	}
	return ret;
}

/* ---- read() ----------------------------------------------------------- */

static void copy_cost(unsigned long bytes)
{
	cpu_consume((sim_time_t)bytes * FILEMAP_COPY_NS_PER_PAGE / PAGE_CACHE_SIZE);
}

/*
 * do_generic_file_read of 2.6.32, less the is_partially_uptodate and
 * killable paths.  Returns bytes read, or a negative errno if nothing was.
 */
long do_generic_file_read(struct file *filp, loff_t *ppos, unsigned long count)
{
	struct address_space *mapping = filp->f_mapping;
	struct inode *inode = mapping->host;
	struct file_ra_state *ra = &filp->f_ra;
	pgoff_t index = (pgoff_t)(*ppos >> PAGE_CACHE_SHIFT);
	pgoff_t prev_index = (pgoff_t)(ra->prev_pos >> PAGE_CACHE_SHIFT);
	unsigned int prev_offset = (unsigned int)(ra->prev_pos & (PAGE_CACHE_SIZE - 1));
	pgoff_t last_index = (pgoff_t)((*ppos + (loff_t)count +
					PAGE_CACHE_SIZE - 1) >> PAGE_CACHE_SHIFT);
	unsigned long offset = (unsigned long)(*ppos & (PAGE_CACHE_SIZE - 1));
	long copied = 0;
	int error = 0;

	while (count) {
		struct page *page;
		unsigned long nr;
		loff_t isize;
		pgoff_t end_index;

		page = find_get_page(mapping, index);
		if (!page) {
			page_cache_sync_readahead(mapping, ra, filp, index,
						  last_index - index);
			page = find_get_page(mapping, index);
			if (unlikely(!page)) {
				/* no_cached_page: readahead could not allocate */
				page = page_cache_alloc_cold(mapping);
				if (!page) {
					error = -ENOMEM;
					break;
				}
				error = add_to_page_cache_lru(page, mapping, index,
							      GFP_KERNEL);
				if (error) {
					page_cache_release(page);
					if (error == -EEXIST)
						continue;
					break;
				}
				goto readpage;
			}
		}
		if (PageReadahead(page))
			page_cache_async_readahead(mapping, ra, filp, page, index,
						   last_index - index);
		if (!PageUptodate(page)) {
			/* The read (ours or readahead's) unlocks the page at end_io. */
			lock_page(page);
			if (!page->mapping) {
				/* Truncated while we slept. */
				unlock_page(page);
				page_cache_release(page);
				continue;
			}
			if (PageUptodate(page)) {
				unlock_page(page);
				goto page_ok;
			}
readpage:
			ClearPageError(page);
			error = mapping->a_ops->readpage(filp, page);
			if (error) {
				page_cache_release(page);
				break;
			}
			if (!PageUptodate(page)) {
				lock_page(page);
				if (!PageUptodate(page)) {
					unlock_page(page);
					page_cache_release(page);
					error = -EIO;
					break;
				}
				unlock_page(page);
			}
		}
page_ok:
		isize = inode->i_size;
		end_index = isize ? (pgoff_t)((isize - 1) >> PAGE_CACHE_SHIFT) : 0;
		if (!isize || index > end_index) {
			page_cache_release(page);
			break;
		}
		nr = PAGE_CACHE_SIZE;
		if (index == end_index) {
			nr = (unsigned long)((isize - 1) & (PAGE_CACHE_SIZE - 1)) + 1;
			if (nr <= offset) {
				page_cache_release(page);
				break;
			}
		}
		nr -= offset;
		if (nr > count)
			nr = count;
		/*
		 * A sequential reader touching a page several times marks it
		 * accessed only the first time.
		 */
		if (prev_index != index || offset != prev_offset)
			mark_page_accessed(page);
		prev_index = index;
		copy_cost(nr);
		copied += (long)nr;
		count -= nr;
		offset += nr;
		index += offset >> PAGE_CACHE_SHIFT;
		offset &= PAGE_CACHE_SIZE - 1;
		prev_offset = (unsigned int)offset;
		page_cache_release(page);
	}
	ra->prev_pos = ((loff_t)prev_index << PAGE_CACHE_SHIFT) | prev_offset;
	*ppos = ((loff_t)index << PAGE_CACHE_SHIFT) + (loff_t)offset;
	return copied ? copied : error;
}

long vfs_read(struct file *file, loff_t pos, unsigned long len)
{
	long ret;

	if (pos < 0)
		return -EINVAL;
	if (!len)
		return 0;
	ret = do_generic_file_read(file, &pos, len);
	if (ret > 0)
		file->f_pos = pos;
	return ret;
}

/* ---- write() ---------------------------------------------------------- */

/* grab_cache_page_write_begin: the page at @index, locked, cached. */
struct page *grab_cache_page_write_begin(struct address_space *mapping,
					 pgoff_t index, unsigned int flags)
{
	struct page *page;
	int status;

	(void)flags;
repeat:
	page = find_lock_page(mapping, index);
	if (page)
		return page;
	page = page_cache_alloc(mapping);
	if (!page)
		return NULL;
	status = add_to_page_cache_lru(page, mapping, index, GFP_KERNEL);
	if (unlikely(status)) {
		page_cache_release(page);
		if (status == -EEXIST)
			goto repeat;
		return NULL;
	}
	return page;
}

/*
 * generic_perform_write of 2.6.32, one page at a time: the filesystem's
 * write_begin (the page locked, its block allocated, read first if only
 * partly written), the copy, its write_end (dirty, i_size, unlocked),
 * then balance_dirty_pages_ratelimited.
 */
long generic_perform_write(struct file *file, loff_t pos, unsigned long count)
{
	struct address_space *mapping = file->f_mapping;
	const struct address_space_operations *a_ops = mapping->a_ops;
	long written = 0;
	int status = 0;

	while (count) {
		unsigned long offset = (unsigned long)(pos & (PAGE_CACHE_SIZE - 1));
		unsigned long bytes = min(PAGE_CACHE_SIZE - offset, count);
		struct page *page;
		void *fsdata = NULL;
		unsigned long copied;

		status = a_ops->write_begin(file, mapping, pos, (unsigned int)bytes,
					    0, &page, &fsdata);
		if (unlikely(status))
			break;
		copy_cost(bytes);
		mark_page_accessed(page);
		status = a_ops->write_end(file, mapping, pos, (unsigned int)bytes,
					  (unsigned int)bytes, page, fsdata);
		if (unlikely(status < 0))
			break;
		copied = (unsigned long)status;
		pos += (loff_t)copied;
		count -= copied;
		written += (long)copied;
		balance_dirty_pages_ratelimited(mapping);
	}
	return written ? written : status;
}

static long generic_perform_write_pos(struct file *file, loff_t pos,
				      unsigned long len)
{
	long ret = generic_perform_write(file, pos, len);

	if (ret > 0)
		file->f_pos = pos + ret;
	return ret;
}

long vfs_write(struct file *file, loff_t pos, unsigned long len)
{
	struct backing_dev_info *saved;
	long ret;

	if (pos < 0)
		return -EINVAL;
	if (!len)
		return 0;
	/*
	 * As __generic_file_aio_write: while writing, the task is this
	 * device's writer, so may_write_to_queue lets it write the device's
	 * dirty pages from direct reclaim even when the queue is congested.
	 */
	if (!current)
		return generic_perform_write_pos(file, pos, len);
	saved = current->backing_dev_info;
	current->backing_dev_info = file->f_mapping->backing_dev_info;
	ret = generic_perform_write_pos(file, pos, len);
	current->backing_dev_info = saved;
	return ret;
}

/* ---- page faults on file mappings ---------------------------------------- */

#define MMAP_LOTSAMISS	100

/*
 * A fault that missed the cache: sequential faults get normal readahead;
 * others read around the faulting page (half a window each side), unless
 * faults on this file have mostly missed (then readahead only hurts).
 */
static void do_sync_mmap_readahead(struct address_space *mapping,
				   struct file_ra_state *ra, pgoff_t offset)
{
	if (!ra->ra_pages)
		return;
	/* (prev_pos starts at -1, so a first fault at page 0 counts as sequential.) */
	if (offset - 1 == (pgoff_t)(ra->prev_pos >> PAGE_CACHE_SHIFT)) {
		page_cache_sync_readahead(mapping, ra, NULL, offset, ra->ra_pages);
		return;
	}
	if (ra->mmap_miss < ~0U)
		ra->mmap_miss++;
	if (ra->mmap_miss > MMAP_LOTSAMISS)
		return;
	/* mmap read-around */
	ra->start = offset > ra->ra_pages / 2 ? offset - ra->ra_pages / 2 : 0;
	ra->size = ra->ra_pages;
	ra->async_size = 0;
	ra_submit(ra, mapping, NULL);
}

/* A fault that hit the cache: count the hit, and start async readahead at a marker. */
static void do_async_mmap_readahead(struct address_space *mapping,
				    struct file_ra_state *ra, struct page *page,
				    pgoff_t offset)
{
	if (ra->mmap_miss > 0)
		ra->mmap_miss--;
	if (PageReadahead(page))
		page_cache_async_readahead(mapping, ra, NULL, page, offset,
					   ra->ra_pages);
}

/* page_cache_read: bring one page in, for a fault readahead did not cover. */
static int page_cache_read(struct address_space *mapping, pgoff_t offset)
{
	struct page *page = page_cache_alloc_cold(mapping);
	int ret;

	if (!page)
		return -ENOMEM;
	ret = add_to_page_cache_lru(page, mapping, offset, GFP_KERNEL);
	if (ret == 0)
		ret = mapping->a_ops->readpage(NULL, page);
	else if (ret == -EEXIST)
		ret = 0;	/* somebody else added it */
	page_cache_release(page);
	return ret;
}

/*
 * v2.6.30 mm/filemap.c filemap_fault() on a mapping without madvise hints,
 * before 2.6.31's mmap readahead series: a miss reads ra_pages around the
 * page (do_page_cache_readahead(), lookahead 0) and records nothing in the
 * readahead state; a hit only lowers mmap_miss, an int there with no floor
 * (so (int) casts below); no readahead ever starts from a hit, and
 * prev_pos is not set.  Past MMAP_LOTSAMISS the fault reads its one page
 * and, found on the retry as the kernel's inner loop finds it, lowers
 * mmap_miss again and is not counted as a major fault.  @size: the file's
 * size in pages; the inode is known.
 */
static int filemap_fault_v30(struct address_space *mapping,
			     struct file_ra_state *ra, pgoff_t offset,
			     pgoff_t size, struct page **pagep)
{
	bool did_readaround = false;
	struct page *page;
	int ret = 0;

retry_find:
	page = find_lock_page(mapping, offset);
	if (!page) {
		ra->mmap_miss++;
		if ((int)ra->mmap_miss > MMAP_LOTSAMISS)
			goto no_cached_page;
		if (!did_readaround) {
			ret = VM_FAULT_MAJOR;
			count_vm_event(PGMAJFAULT);
		}
		did_readaround = true;
		if (ra->ra_pages) {
			pgoff_t start = 0;

			if (offset > ra->ra_pages / 2)
				start = offset - ra->ra_pages / 2;
			__do_page_cache_readahead(mapping, NULL, start,
						  ra->ra_pages, 0);
		}
		page = find_lock_page(mapping, offset);
		if (!page)
			goto no_cached_page;
	}
	if (!did_readaround)
		ra->mmap_miss--;
	if (unlikely(!PageUptodate(page)))
		goto page_not_uptodate;
	if (unlikely(offset >= size)) {
		unlock_page(page);
		page_cache_release(page);
		return VM_FAULT_SIGBUS;
	}
	unlock_page(page);
	*pagep = page;
	return ret;

no_cached_page:
	if (page_cache_read(mapping, offset))
		return VM_FAULT_OOM;
	goto retry_find;

page_not_uptodate:
	ClearPageError(page);
	if (mapping->a_ops->readpage(NULL, page) == 0) {
		wait_on_page_locked(page);
		if (PageUptodate(page)) {
			page_cache_release(page);
			goto retry_find;
		}
	}
	page_cache_release(page);
	return VM_FAULT_SIGBUS;
}

/*
 * filemap_fault of 2.6.32 for reclaim's fault path: returns 0 or
 * VM_FAULT_MAJOR with a referenced, up to date page in *pagep, unlocked,
 * or VM_FAULT_SIGBUS / VM_FAULT_OOM.  A miss counts pgmajfault.  A
 * mapping without an inode (reclaim's test files) only has what is
 * already cached.
 */
int filemap_fault(struct vm_area_struct *vma, pgoff_t offset,
		  struct page **pagep)
{
	struct address_space *mapping = vma->vm_file;
	struct inode *inode = mapping->host;
	struct file_ra_state *ra;
	struct page *page;
	pgoff_t size;
	int ret = 0;

	if (!inode) {
		page = find_get_page(mapping, offset);
		if (!page)
			return VM_FAULT_SIGBUS;
		wait_on_page_locked(page);
		*pagep = page;
		return 0;
	}
	ra = &inode->i_mmap_ra;
	size = (pgoff_t)((inode->i_size + PAGE_CACHE_SIZE - 1) >> PAGE_CACHE_SHIFT);
	if (offset >= size)
		return VM_FAULT_SIGBUS;

	if (kprofile_get(mmap_readaround) == MMAP_RA_V30)
		return filemap_fault_v30(mapping, ra, offset, size, pagep);

	page = find_get_page(mapping, offset);
	if (likely(page)) {
		do_async_mmap_readahead(mapping, ra, page, offset);
		lock_page(page);
		if (unlikely(page_mapping(page) != mapping)) {
			unlock_page(page);
			page_cache_release(page);
			goto no_cached_page;
		}
	} else {
		do_sync_mmap_readahead(mapping, ra, offset);
		count_vm_event(PGMAJFAULT);
		ret = VM_FAULT_MAJOR;
retry_find:
		page = find_lock_page(mapping, offset);
		if (!page)
			goto no_cached_page;
	}
	if (unlikely(!PageUptodate(page)))
		goto page_not_uptodate;
	ra->prev_pos = (loff_t)offset << PAGE_CACHE_SHIFT;
	unlock_page(page);
	*pagep = page;
	return ret;

no_cached_page:
	/* Readahead could not allocate, or the page went meanwhile. */
	if (page_cache_read(mapping, offset))
		return VM_FAULT_OOM;
	goto retry_find;

page_not_uptodate:
	ClearPageError(page);
	if (mapping->a_ops->readpage(NULL, page) == 0) {
		wait_on_page_locked(page);
		if (PageUptodate(page)) {
			page_cache_release(page);
			goto retry_find;
		}
	}
	page_cache_release(page);
	return VM_FAULT_SIGBUS;
}

/* ---- setup ------------------------------------------------------------ */

void filemap_init(void)
{
	for (unsigned int i = 0; i < PAGE_WAIT_TABLE_SIZE; i++)
		init_waitqueue_head(&page_wait_table[i]);
	memset(&ra_stats, 0, sizeof(ra_stats));
}

void filemap_exit(void)
{
	filemap_init();
}
