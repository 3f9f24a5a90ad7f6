// SPDX-License-Identifier: GPL-2.0
/*
 * On-demand readahead (mm/readahead.c, Wu Fengguang's design): a window
 * per open file that starts from the request size, grows x4 while small
 * and x2 after, up to ra_pages (read_ahead_kb, 128 KiB by default), and a
 * PG_readahead marker async_size pages before the window's end whose hit
 * starts the next window while the reader still has pages to consume.
 * 2.6.31's series (context readahead and its companions) changed how
 * ondemand_readahead() treats reads that do not follow the state: switch
 * ondemand_ra, V30 in v2.6.30, V31 in v2.6.31 and v2.6.32-rc6.
 *
 * Every page read here is a READ (sync) request; the task that wants one
 * of them sleeps on its page lock in do_generic_file_read.
 */
#include <string.h>
#include "linux/kernel.h"
#include "linux/pagemap.h"
#include "linux/writeback.h"
#include "linux/fs.h"
#include "linux/swap.h"
#include "linux/bio.h"
#include "linux/backing-dev.h"
#include "linux/blkdev.h"
#include "mmsim/profile.h"

struct readahead_stats ra_stats;

/* /sys/block/<dev>/queue/read_ahead_kb of the filesystem's device. */
unsigned int read_ahead_kb = VM_MAX_READAHEAD;

void file_ra_state_init(struct file_ra_state *ra, struct address_space *mapping)
{
	struct backing_dev_info *bdi = mapping->backing_dev_info;

	/* The device's read_ahead_kb, 128 KiB unless the scenario says otherwise. */
	ra->ra_pages = bdi && bdi->ra_pages ? (unsigned int)bdi->ra_pages :
		       read_ahead_kb * 1024 / PAGE_CACHE_SIZE;
	ra->start = 0;
	ra->size = 0;
	ra->async_size = 0;
	ra->mmap_miss = 0;
	ra->prev_pos = -1;
}

static unsigned long roundup_pow_of_two(unsigned long n)
{
	unsigned long r = 1;

	while (r < n)
		r <<= 1;
	return r;
}

/*
 * The first window of a sequential stream: x4 of a small request, x2 of a
 * medium one, the maximum for a large one.
 */
static unsigned long get_init_ra_size(unsigned long size, unsigned long max)
{
	unsigned long newsize = roundup_pow_of_two(size);

	if (newsize <= max / 32)
		newsize = newsize * 4;
	else if (newsize <= max / 4)
		newsize = newsize * 2;
	else
		newsize = max;
	return newsize;
}

/* Ramp up: x4 while below max/16, then x2, capped at max. */
static unsigned long get_next_ra_size(struct file_ra_state *ra,
				      unsigned long max)
{
	unsigned long cur = ra->size;
	unsigned long newsize;

	if (cur < max / 16)
		newsize = 4 * cur;
	else
		newsize = 2 * cur;
	return min(newsize, max);
}

/* First index in [index, index + max_scan) with no cached page, or 0. */
static pgoff_t page_cache_next_hole(struct address_space *mapping,
				    pgoff_t index, unsigned long max_scan)
{
	for (unsigned long i = 0; i < max_scan; i++, index++) {
		if (!mapping_lookup(mapping, index))
			return index;
		if (index == (pgoff_t)-1)
			break;
	}
	return 0;
}

/*
 * Last index in (index - max_scan, index] with no cached page; if all are
 * cached, index - max_scan; (pgoff_t)-1 if the run reaches index 0.
 */
static pgoff_t page_cache_prev_hole(struct address_space *mapping,
				    pgoff_t index, unsigned long max_scan)
{
	for (unsigned long i = 0; i < max_scan; i++) {
		if (!mapping_lookup(mapping, index))
			return index;
		if (index == 0)
			return (pgoff_t)-1;
		index--;
	}
	return index;
}

/*
 * Hand the new pages to the filesystem: readpages builds large bios of
 * contiguous blocks (mpage_readpages); without it, one readpage each.
 */
static int read_pages(struct address_space *mapping, struct file *filp,
		      struct list_head *pages, unsigned int nr_pages)
{
	int ret = 0;

	if (mapping->a_ops->readpages) {
		ret = mapping->a_ops->readpages(filp, mapping, pages, nr_pages);
	} else {
		while (!list_empty(pages)) {
			struct page *page = list_last_entry(pages, struct page, lru);

			list_del_init(&page->lru);
			if (!add_to_page_cache_lru(page, mapping, page->index,
						   GFP_KERNEL))
				mapping->a_ops->readpage(filp, page);
			page_cache_release(page);
		}
	}
	/* Pages readpages could not add (raced in) go back. */
	while (!list_empty(pages)) {
		struct page *page = list_last_entry(pages, struct page, lru);

		list_del_init(&page->lru);
		page_cache_release(page);
	}
	return ret;
}

int __do_page_cache_readahead(struct address_space *mapping, struct file *filp,
			      pgoff_t offset, unsigned long nr_to_read,
			      unsigned long lookahead_size)
{
	struct inode *inode = mapping->host;
	LIST_HEAD(page_pool);
	loff_t isize = inode->i_size;
	pgoff_t end_index;
	unsigned long page_idx;
	int ret = 0;

	if (isize == 0)
		return 0;
	end_index = (pgoff_t)((isize - 1) >> PAGE_CACHE_SHIFT);

	/* Preallocate, without holding anything. */
	for (page_idx = 0; page_idx < nr_to_read; page_idx++) {
		pgoff_t page_offset = offset + page_idx;
		struct page *page;

		if (page_offset > end_index)
			break;
		if (mapping_lookup(mapping, page_offset))
			continue;
		page = page_cache_alloc_cold(mapping);
		if (!page)
			break;
		page->index = (uint32_t)page_offset;
		list_add(&page->lru, &page_pool);
		if (page_idx == nr_to_read - lookahead_size)
			SetPageReadahead(page);
		ret++;
	}
	if (ret) {
		ra_stats.pages += (unsigned long)ret;
		read_pages(mapping, filp, &page_pool, (unsigned int)ret);
	}
	return ret;
}

unsigned long ra_submit(struct file_ra_state *ra, struct address_space *mapping,
			struct file *filp)
{
	if (ra_stats.windows < 8)
		ra_stats.first_sizes[ra_stats.windows] = ra->size;
	ra_stats.windows++;
	ra_stats.last_size = ra->size;
	if (ra->size > ra_stats.max_size)
		ra_stats.max_size = ra->size;
	return (unsigned long)__do_page_cache_readahead(mapping, filp, ra->start,
						       ra->size, ra->async_size);
}

/*
 * No readahead state matches, but the pages just before @offset are
 * cached: a stream this file's state lost track of (interleaved readers).
 * Size the window from the length of that history.
 */
static bool try_context_readahead(struct address_space *mapping,
				  struct file_ra_state *ra, pgoff_t offset,
				  unsigned long req_size, unsigned long max)
{
	pgoff_t head;
	unsigned long size;

	if (!offset)
		return false;
	head = page_cache_prev_hole(mapping, offset - 1, max);
	size = offset - 1 - head;	/* head == -1: history reaches index 0 */
	if (!size)
		return false;
	/* History from the start of the file: a long stream, or a whole-file read. */
	if (size >= offset)
		size *= 2;
	ra->start = offset;
	ra->size = (unsigned int)get_init_ra_size(size + req_size, max);
	ra->async_size = ra->size;
	return true;
}

/*
 * v2.6.30 mm/readahead.c ondemand_readahead(), before 2.6.31's series: a
 * read that is neither sequential (prev_pos + 1, or larger than the
 * window) nor at a marker is read as it is; a marker without matching
 * state sizes the window from the cached run starting at the offset
 * itself, without the request; no context readahead, and no merging of a
 * first window with the next (51daa88ebd8).
 */
static unsigned long ondemand_readahead_v30(struct address_space *mapping,
					    struct file_ra_state *ra,
					    struct file *filp,
					    bool hit_readahead_marker,
					    pgoff_t offset,
					    unsigned long req_size)
{
	unsigned long max = ra->ra_pages;
	pgoff_t prev_offset;
	bool sequential;

	if (offset && (offset == ra->start + ra->size - ra->async_size ||
		       offset == ra->start + ra->size)) {
		ra->start += ra->size;
		ra->size = (unsigned int)get_next_ra_size(ra, max);
		ra->async_size = ra->size;
		return ra_submit(ra, mapping, filp);
	}

	prev_offset = ra->prev_pos < 0 ? (pgoff_t)-1 :
		      (pgoff_t)(ra->prev_pos >> PAGE_CACHE_SHIFT);
	sequential = offset - prev_offset <= 1UL || req_size > max;
	if (!hit_readahead_marker && !sequential)
		return (unsigned long)__do_page_cache_readahead(mapping, filp,
							       offset,
							       req_size, 0);
	if (hit_readahead_marker) {
		/* radix_tree_next_hole(offset, max + 1): no hole is "too far". */
		pgoff_t start = page_cache_next_hole(mapping, offset, max + 1);

		if (!start || start - offset > max)
			return 0;
		ra->start = start;
		ra->size = (unsigned int)(start - offset);
		ra->size = (unsigned int)get_next_ra_size(ra, max);
		ra->async_size = ra->size;
		return ra_submit(ra, mapping, filp);
	}

	/* First read of the file, a sequential miss, or an oversize read. */
	ra->start = offset;
	ra->size = (unsigned int)get_init_ra_size(req_size, max);
	ra->async_size = ra->size > req_size ? ra->size - (unsigned int)req_size :
					       ra->size;
	return ra_submit(ra, mapping, filp);
}

static unsigned long ondemand_readahead(struct address_space *mapping,
					struct file_ra_state *ra,
					struct file *filp,
					bool hit_readahead_marker,
					pgoff_t offset, unsigned long req_size)
{
	unsigned long max = ra->ra_pages;
	pgoff_t prev_offset;

	if (kprofile_get(ondemand_ra) == ONDEMAND_RA_V30)
		return ondemand_readahead_v30(mapping, ra, filp,
					      hit_readahead_marker, offset,
					      req_size);

	if (!offset)
		goto initial_readahead;

	/* The expected callback offset: sequential, ramp up and push forward. */
	if (offset == ra->start + ra->size - ra->async_size ||
	    offset == ra->start + ra->size) {
		ra->start += ra->size;
		ra->size = (unsigned int)get_next_ra_size(ra, max);
		ra->async_size = ra->size;
		goto readit;
	}

	/*
	 * A marker without matching state (interleaved reads on one file):
	 * the cached pages ahead are the old async window; grow from it.
	 */
	if (hit_readahead_marker) {
		pgoff_t start = page_cache_next_hole(mapping, offset + 1, max);

		if (!start || start - offset > max)
			return 0;
		ra->start = start;
		ra->size = (unsigned int)(start - offset);
		ra->size += (unsigned int)req_size;
		ra->size = (unsigned int)get_next_ra_size(ra, max);
		ra->async_size = ra->size;
		goto readit;
	}

	/* Oversize read. */
	if (req_size > max)
		goto initial_readahead;

	/* Sequential cache miss. */
	prev_offset = ra->prev_pos < 0 ? (pgoff_t)-1 :
		      (pgoff_t)(ra->prev_pos >> PAGE_CACHE_SHIFT);
	if (offset - prev_offset <= 1UL)
		goto initial_readahead;

	if (try_context_readahead(mapping, ra, offset, req_size, max))
		goto readit;

	/* A small random read: read what was asked, keep the state. */
	return (unsigned long)__do_page_cache_readahead(mapping, filp, offset,
						       req_size, 0);

initial_readahead:
	ra->start = offset;
	ra->size = (unsigned int)get_init_ra_size(req_size, max);
	ra->async_size = ra->size > req_size ? ra->size - (unsigned int)req_size :
					       ra->size;
readit:
	/*
	 * This read would hit its own marker at once: merge the next window
	 * into this one instead.
	 */
	if (offset == ra->start && ra->size == ra->async_size) {
		ra->async_size = (unsigned int)get_next_ra_size(ra, max);
		ra->size += ra->async_size;
	}
	return ra_submit(ra, mapping, filp);
}

/* posix_fadvise(RANDOM) files read exactly what is asked, in 2 MiB chunks. */
static void force_page_cache_readahead(struct address_space *mapping,
				       struct file *filp, pgoff_t offset,
				       unsigned long nr_to_read)
{
	while (nr_to_read) {
		unsigned long chunk = (2 * 1024 * 1024) / PAGE_CACHE_SIZE;

		if (chunk > nr_to_read)
			chunk = nr_to_read;
		__do_page_cache_readahead(mapping, filp, offset, chunk, 0);
		offset += chunk;
		nr_to_read -= chunk;
	}
}

void page_cache_sync_readahead(struct address_space *mapping,
			       struct file_ra_state *ra, struct file *filp,
			       pgoff_t offset, unsigned long req_size)
{
	if (!ra->ra_pages)
		return;
	if (filp && (filp->f_mode & FMODE_RANDOM)) {
		force_page_cache_readahead(mapping, filp, offset, req_size);
		return;
	}
	ra_stats.sync_windows++;
	ondemand_readahead(mapping, ra, filp, false, offset, req_size);
}

void page_cache_async_readahead(struct address_space *mapping,
				struct file_ra_state *ra, struct file *filp,
				struct page *page, pgoff_t offset,
				unsigned long req_size)
{
	if (!ra->ra_pages)
		return;
	/* PG_readahead and PG_reclaim share a bit: a page under writeback has PG_reclaim. */
	if (PageWriteback(page))
		return;
	ClearPageReadahead(page);
	/* Defer asynchronous readahead while the queue is read-congested. */
	if (bdi_read_congested(mapping->backing_dev_info))
		return;
	ra_stats.async_windows++;
	ondemand_readahead(mapping, ra, filp, true, offset, req_size);
}
