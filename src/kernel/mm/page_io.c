// SPDX-License-Identifier: GPL-2.0
/*
 * Swap I/O (mm/page_io.c of 2.6.32): one bio per page, written async
 * (sync only for WB_SYNC_ALL, which reclaim never uses) and read sync.
 * Completion runs where the block layer ends the bio (the disk's
 * interrupt, or dm-crypt's kcryptd for reads) and never sleeps.
 *
 * With mm_debug_checks each page's content value (memory.c) is copied to
 * its slot when the write is submitted and back when a read completes, so
 * a swap round trip that loses or swaps pages shows up in the data.
 */
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "linux/swap.h"
#include "linux/mm.h"
#include "linux/bio.h"
#include "linux/pagemap.h"
#include "linux/writeback.h"

static struct bio *get_swap_bio(struct page *page, bio_end_io_t *end_io)
{
	swp_entry_t entry = { page->private };
	struct swap_info_struct *si = swap_info_get(entry);
	struct bio *bio;

	BUG_ON(!si || !si->bdev);
	/* get_swap_bio(GFP_NOIO, ...): from fs_bio_set, may sleep on it. */
	bio = bio_alloc(GFP_NOIO, 1);
	bio->bi_sector = si->start_sect +
		(sector_t)swp_offset(entry) * PAGE_SECTORS;
	bio->bi_bdev = si->bdev;
	bio->bi_end_io = end_io;
	bio->bi_private = NULL;
	bio_add_page(bio, page);
	return bio;
}

static void end_swap_bio_write(struct bio *bio, int error)
{
	struct page *page = bio->bi_io_vec[0];

	if (error) {
		/* The slot holds garbage: keep the page dirty in memory. */
		SetPageError(page);
		set_page_dirty(page);
		ClearPageReclaim(page);
	}
	end_page_writeback(page);
	bio_put(bio);
}

static void end_swap_bio_read(struct bio *bio, int error)
{
	struct page *page = bio->bi_io_vec[0];

	if (!error) {
		SetPageUptodate(page);
		if (page_data) {
			swp_entry_t entry = { page->private };
			struct swap_info_struct *si = swap_info_get(entry);

			if (si && si->slot_data)
				page_data[page_to_pfn(page)] =
					si->slot_data[swp_offset(entry)];
		}
	} else {
		SetPageError(page);
		ClearPageUptodate(page);
	}
	unlock_page(page);
	bio_put(bio);
}

/* The swap cache's writepage (2.6.32 mm/page_io.c swap_writepage()). */
int swap_writepage(struct page *page, struct writeback_control *wbc)
{
	struct bio *bio;
	unsigned long rw = WRITE;

	/* Nobody needs the slot any more: nothing to write. */
	if (try_to_free_swap(page)) {
		unlock_page(page);
		return 0;
	}
	bio = get_swap_bio(page, end_swap_bio_write);
	if (wbc->sync_mode == WB_SYNC_ALL)
		rw |= (1UL << BIO_RW_SYNCIO) | (1UL << BIO_RW_UNPLUG);
	bio->bi_rw = rw;
	if (page_data) {
		swp_entry_t entry = { page->private };
		struct swap_info_struct *si = swap_info_get(entry);

		if (si->slot_data)
			si->slot_data[swp_offset(entry)] =
				page_data[page_to_pfn(page)];
	}
	count_vm_event(PSWPOUT);
	set_page_writeback(page);
	unlock_page(page);
	submit_bio(bio);
	return 0;
}

/* @page is locked, in the swap cache and not uptodate. */
int swap_readpage(struct page *page)
{
	struct bio *bio;

	VM_BUG_ON(!PageLocked(page) || PageUptodate(page));
	bio = get_swap_bio(page, end_swap_bio_read);
	bio->bi_rw = READ;
	count_vm_event(PSWPIN);
	submit_bio(bio);
	return 0;
}
