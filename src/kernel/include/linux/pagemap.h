/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The page cache as filemap.c and readahead.c present it: lookup and
 * insertion, the page lock and the writeback bit with their waiters, the
 * read and write paths a workload calls (vfs_read / vfs_write), and the
 * 2.6.32 on-demand readahead state.
 *
 * The address_space itself (its page table, a_ops, backing_dev_info and
 * the handle page->mapping holds) is declared in fs.h; this header is
 * what include/linux/pagemap.h and the read/write half of include/linux/fs.h
 * are to the kernel.
 */
#ifndef MMSIM_PAGEMAP_H
#define MMSIM_PAGEMAP_H

#include <stdint.h>
#include <stdbool.h>
#include "linux/mm_types.h"
#include "linux/gfp.h"

typedef unsigned long pgoff_t;
#include <sys/types.h>	/* loff_t */

struct address_space;
struct inode;
struct file;

#define PAGE_CACHE_SHIFT	PAGE_SHIFT
#define PAGE_CACHE_SIZE		PAGE_SIZE

/*
 * PG_readahead shares its bit with PG_reclaim, as in the kernel: a page
 * under writeback carries PG_reclaim, a page just read carries
 * PG_readahead, and page_cache_async_readahead tells them apart by
 * PageWriteback.
 */
#define PG_readahead PG_reclaim
static inline bool PageReadahead(const struct page *page)
{
	return PageReclaim(page);
}
static inline void SetPageReadahead(struct page *page)
{
	SetPageReclaim(page);
}
static inline void ClearPageReadahead(struct page *page)
{
	ClearPageReclaim(page);
}

/* ---- the page lock and PG_writeback waiters (filemap.c) ------------- */

/*
 * Waiters sleep on a hashed table of wait queues (the kernel hashes into
 * the zone's wait_table).  The engine's wait queues have no wake keys, so a
 * wake-up wakes every waiter of the bucket and each rechecks its page; with
 * the table's size collisions are rare and cost no simulated time.
 */
static inline bool trylock_page(struct page *page)
{
	return !TestSetPageLocked(page);
}
void __lock_page(struct page *page);
static inline void lock_page(struct page *page)
{
	if (!trylock_page(page))
		__lock_page(page);
}
void unlock_page(struct page *page);
void wait_on_page_locked(struct page *page);
void wait_on_page_writeback(struct page *page);
void end_page_writeback(struct page *page);
void wake_up_page(struct page *page);

/* ---- page cache membership (filemap.c) ------------------------------ */

struct page *find_get_page(struct address_space *mapping, pgoff_t index);
struct page *find_lock_page(struct address_space *mapping, pgoff_t index);
/* New page, locked, in the cache and on the inactive file LRU. */
int add_to_page_cache_lru(struct page *page, struct address_space *mapping,
			  pgoff_t index, gfp_t gfp);
int add_to_page_cache_locked(struct page *page, struct address_space *mapping,
			     pgoff_t index, gfp_t gfp);
/*
 * Take a locked page out of its mapping (NR_FILE_PAGES--); the cache's
 * reference stays with the caller.  __remove_from_page_cache is the same
 * for reclaim's __remove_mapping, which has already checked the page.
 */
void __remove_from_page_cache(struct page *page);
void remove_from_page_cache(struct page *page);
void delete_from_page_cache(struct page *page);
struct page *page_cache_alloc(struct address_space *mapping);
struct page *page_cache_alloc_cold(struct address_space *mapping);
/*
 * The page at @index for a write, found or added, locked (a filesystem's
 * write_begin); NULL without memory.  @flags: AOP_FLAG_*, none used.
 */
struct page *grab_cache_page_write_begin(struct address_space *mapping,
					 pgoff_t index, unsigned int flags);
/* page_cache_get / page_cache_release are swap.h's get_page / put_page. */
/* Drop every page of @mapping at or after @lstart (bytes): truncate, unlink. */
void truncate_inode_pages(struct address_space *mapping, loff_t lstart);
/* Clean, unmapped, unlocked pages only (drop_caches-like, for tests). */
unsigned long invalidate_mapping_pages(struct address_space *mapping,
				       pgoff_t start, pgoff_t end);

/* ---- readahead (readahead.c) ---------------------------------------- */

/* The 2.6.32 per-file readahead state (struct file_ra_state). */
struct file_ra_state {
	pgoff_t start;			/* where readahead started */
	unsigned int size;		/* pages in the current window */
	unsigned int async_size;	/* start async readahead when this many remain */
	unsigned int ra_pages;		/* maximum window */
	unsigned int mmap_miss;		/* page faults that missed the cache */
	loff_t prev_pos;		/* end of the last read() */
};

#ifndef VM_MAX_READAHEAD
#define VM_MAX_READAHEAD	128	/* KiB: default read_ahead_kb */
#endif

void file_ra_state_init(struct file_ra_state *ra, struct address_space *mapping);
void page_cache_sync_readahead(struct address_space *mapping,
			       struct file_ra_state *ra, struct file *filp,
			       pgoff_t offset, unsigned long req_size);
void page_cache_async_readahead(struct address_space *mapping,
				struct file_ra_state *ra, struct file *filp,
				struct page *page, pgoff_t offset,
				unsigned long req_size);
/* Submit the window @ra describes. */
unsigned long ra_submit(struct file_ra_state *ra, struct address_space *mapping,
			struct file *filp);
/* Read @nr_to_read pages from @offset; mark the one @lookahead_size before
 * the end PG_readahead.  Returns the number of pages submitted. */
int __do_page_cache_readahead(struct address_space *mapping, struct file *filp,
			      pgoff_t offset, unsigned long nr_to_read,
			      unsigned long lookahead_size);

/* Observation hook: one call per readahead window submitted. */
struct readahead_stats {
	unsigned long windows;		/* ra_submit calls */
	unsigned long sync_windows;	/* from page_cache_sync_readahead */
	unsigned long async_windows;	/* from a PG_readahead hit */
	unsigned long pages;		/* pages read by readahead */
	unsigned int last_size;		/* window size of the last submission */
	unsigned int max_size;		/* largest window submitted */
	unsigned int first_sizes[8];	/* the first windows' sizes, in order */
};
extern struct readahead_stats ra_stats;

/* ---- read() and write() (filemap.c) --------------------------------- */

/*
 * CPU cost of copying a page to or from user space.  [MODEL] 4 KiB at
 * about 4 GB/s; the copy is the only CPU a cached read or write charges.
 */
#define FILEMAP_COPY_NS_PER_PAGE 1000

/* Read @len bytes at @pos; returns the bytes read (short at EOF), or <0. */
long vfs_read(struct file *file, loff_t pos, unsigned long len);
/* Write @len bytes at @pos, extending the file; returns bytes written or <0. */
long vfs_write(struct file *file, loff_t pos, unsigned long len);
long do_generic_file_read(struct file *filp, loff_t *ppos, unsigned long count);
long generic_perform_write(struct file *file, loff_t pos, unsigned long count);

/*
 * Start of a simulation: empty the page wait table (waiters of an earlier
 * simulation are gone with its tasks) and the readahead statistics.
 * start_kernel()'s list calls it (init/main.c).
 */
void filemap_init(void);
void filemap_exit(void);

#endif /* MMSIM_PAGEMAP_H */
