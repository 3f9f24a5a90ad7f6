/* SPDX-License-Identifier: GPL-2.0 */
/*
 * TEMPORARY (writeback branch): stand-ins for the blk and reclaim
 * branches' code so test_filemap and test_writeback run before those
 * merge.  Included by exactly one translation unit per test program.
 *
 * - a disk: FIFO, 5 ms seek unless a request starts where the last ended,
 *   transfer at STUB_DISK_BPS, 128 request slots per direction with the
 *   2.6.32 congestion thresholds, completion by timer;
 * - congestion_wait on two global wait queues;
 * - the address_space handle registry and page table, the file LRU,
 *   mark_page_accessed, rotate_reclaimable_page and put_page.
 */
#ifndef WB_STUBS_H
#define WB_STUBS_H

#include <stdlib.h>
#include <string.h>
#include "kernel/kernel.h"
#include "kernel/mmzone.h"
#include "kernel/vmstat.h"
#include "kernel/wb_shim.h"

#define STUB_DISK_BPS	(50ULL * 1000 * 1000)
#define STUB_SEEK_NS	(5 * NSEC_PER_MSEC)
#define STUB_NR_REQUESTS 128

struct stub_disk {
	struct block_device bdev;
	struct backing_dev_info bdi;
	sector_t head;
	sim_time_t busy_until;
	int count[2];
	struct wait_queue_head wait[2];
	unsigned long bios[2], pages[2], max_bio_pages[2];
	sim_time_t busy_ns;
};

static struct stub_disk stub_disk;
static struct wait_queue_head congestion_wqh[2];
static unsigned long stub_cw_calls[NR_CW_SITES];

struct stub_io {
	struct timer t;
	struct bio *bio;
};

struct bio *bio_alloc(unsigned int nr_pages)
{
	struct bio *bio = calloc(1, sizeof(*bio) + nr_pages * sizeof(struct page *));

	if (!bio)
		abort();
	bio->bi_max_vecs = nr_pages;
	return bio;
}

void bio_put(struct bio *bio)
{
	free(bio);
}

unsigned int bio_add_page(struct bio *bio, struct page *page)
{
	if (bio->bi_vcnt == bio->bi_max_vecs)
		return 0;
	bio->bi_io_vec[bio->bi_vcnt++] = page;
	return PAGE_SIZE;
}

static int stub_is_sync(const struct bio *bio)
{
	return !(bio->bi_rw & 1) || (bio->bi_rw & (1UL << BIO_RW_SYNCIO));
}

static void stub_complete(struct timer *t)
{
	struct stub_io *io = t->data;
	struct bio *bio = io->bio;
	int s = stub_is_sync(bio);

	stub_disk.count[s]--;
	if (stub_disk.count[s] < 103) {
		stub_disk.bdi.state &= ~(1UL << (s ? BDI_sync_congested :
						     BDI_async_congested));
		wake_up_all(&congestion_wqh[s]);
	}
	if (stub_disk.count[s] + 1 <= STUB_NR_REQUESTS)
		wake_up(&stub_disk.wait[s]);
	free(io);
	bio->bi_end_io(bio, 0);
}

void submit_bio(struct bio *bio)
{
	struct stub_io *io = calloc(1, sizeof(*io));
	int s = stub_is_sync(bio), dir = bio->bi_rw & 1;
	sim_time_t start, service;

	if (!io)
		abort();
	if (current && !in_interrupt()) {
		DEFINE_WAIT(wait);

		for (;;) {
			prepare_to_wait_exclusive(&stub_disk.wait[s], &wait,
						  TASK_UNINTERRUPTIBLE);
			if (stub_disk.count[s] < STUB_NR_REQUESTS)
				break;
			io_schedule();
		}
		finish_wait(&stub_disk.wait[s], &wait);
	}
	if (++stub_disk.count[s] >= 113)
		stub_disk.bdi.state |= 1UL << (s ? BDI_sync_congested :
					       BDI_async_congested);
	count_vm_events(dir ? PGPGOUT : PGPGIN, (long)bio->bi_vcnt * 4);
	stub_disk.bios[dir]++;
	stub_disk.pages[dir] += bio->bi_vcnt;
	if (bio->bi_vcnt > stub_disk.max_bio_pages[dir])
		stub_disk.max_bio_pages[dir] = bio->bi_vcnt;
	start = sim_now() > stub_disk.busy_until ? sim_now() : stub_disk.busy_until;
	service = (sim_time_t)bio->bi_vcnt * PAGE_SIZE * NSEC_PER_SEC / STUB_DISK_BPS;
	if (bio->bi_sector != stub_disk.head)
		service += STUB_SEEK_NS;
	stub_disk.head = bio->bi_sector + bio->bi_vcnt * 8;
	stub_disk.busy_until = start + service;
	stub_disk.busy_ns += service;
	io->bio = bio;
	timer_init(&io->t, stub_complete, io);
	timer_add(&io->t, stub_disk.busy_until);
}

void blk_run_backing_dev(struct backing_dev_info *bdi, struct page *page)
{
	(void)bdi;
	(void)page;
}

long congestion_wait_site(enum cw_site site, int sync, long timeout)
{
	struct wait_queue_head *wq = &congestion_wqh[sync == BLK_RW_SYNC];
	DEFINE_WAIT(wait);
	long ret;

	stub_cw_calls[site]++;
	prepare_to_wait(wq, &wait, TASK_UNINTERRUPTIBLE);
	ret = io_schedule_timeout(timeout);
	finish_wait(wq, &wait);
	return ret;
}

static inline struct block_device *stub_disk_init(unsigned long mbytes)
{
	memset(&stub_disk, 0, sizeof(stub_disk));
	snprintf(stub_disk.bdev.bd_name, sizeof(stub_disk.bdev.bd_name), "dm-0");
	stub_disk.bdev.bd_bdi = &stub_disk.bdi;
	stub_disk.bdev.bd_nr_sectors = (sector_t)mbytes << 11;
	stub_disk.bdi.name = "dm-0";
	init_waitqueue_head(&stub_disk.wait[0]);
	init_waitqueue_head(&stub_disk.wait[1]);
	init_waitqueue_head(&congestion_wqh[0]);
	init_waitqueue_head(&congestion_wqh[1]);
	memset(stub_cw_calls, 0, sizeof(stub_cw_calls));
	return &stub_disk.bdev;
}

/* ---- reclaim side ------------------------------------------------------ */

#define STUB_MAX_MAPPINGS 1024
static struct address_space *stub_mappings[STUB_MAX_MAPPINGS];
long nr_swap_pages;

struct address_space *mapping_of(uint32_t handle)
{
	return handle && handle <= STUB_MAX_MAPPINGS ? stub_mappings[handle - 1] : NULL;
}

uint32_t mapping_register(struct address_space *mapping)
{
	for (uint32_t i = 0; i < STUB_MAX_MAPPINGS; i++) {
		if (!stub_mappings[i]) {
			stub_mappings[i] = mapping;
			mapping->handle = i + 1;
			return i + 1;
		}
	}
	abort();
}

void mapping_unregister(struct address_space *mapping)
{
	stub_mappings[mapping->handle - 1] = NULL;
	free(mapping->pages);
	mapping->pages = NULL;
}

struct page *mapping_lookup(struct address_space *mapping, pgoff_t index)
{
	return index < mapping->nr_slots ? mapping->pages[index] : NULL;
}

int mapping_insert(struct address_space *mapping, pgoff_t index, struct page *page)
{
	if (index >= mapping->nr_slots) {
		unsigned long n = mapping->nr_slots ? mapping->nr_slots : 64;
		struct page **p;

		while (n <= index)
			n *= 2;
		p = realloc(mapping->pages, n * sizeof(*p));
		if (!p)
			abort();
		memset(p + mapping->nr_slots, 0, (n - mapping->nr_slots) * sizeof(*p));
		mapping->pages = p;
		mapping->nr_slots = n;
	}
	mapping->pages[index] = page;
	return 0;
}

void mapping_delete(struct address_space *mapping, pgoff_t index)
{
	mapping->pages[index] = NULL;
}

static inline enum lru_list stub_page_lru(struct page *page)
{
	return PageActive(page) ? LRU_ACTIVE_FILE : LRU_INACTIVE_FILE;
}

void lru_cache_add_file(struct page *page)
{
	struct zone *zone = page_zone(page);

	SetPageLRU(page);
	list_add(&page->lru, &zone->lru[LRU_INACTIVE_FILE]);
	__inc_zone_page_state(zone, NR_INACTIVE_FILE);
}

void mark_page_accessed(struct page *page)
{
	if (!PageActive(page) && PageReferenced(page) && PageLRU(page)) {
		struct zone *zone = page_zone(page);

		list_move(&page->lru, &zone->lru[LRU_ACTIVE_FILE]);
		__dec_zone_page_state(zone, NR_INACTIVE_FILE);
		__inc_zone_page_state(zone, NR_ACTIVE_FILE);
		SetPageActive(page);
		count_vm_event(PGACTIVATE);
		ClearPageReferenced(page);
	} else if (!PageReferenced(page)) {
		SetPageReferenced(page);
	}
}

void rotate_reclaimable_page(struct page *page)
{
	if (!PageLocked(page) && !PageDirty(page) && !PageActive(page) &&
	    PageLRU(page)) {
		list_move_tail(&page->lru, &page_zone(page)->lru[LRU_INACTIVE_FILE]);
		count_vm_event(PGROTATED);
	}
}

void put_page(struct page *page)
{
	if (!put_page_testzero(page))
		return;
	if (PageLRU(page)) {
		list_del_init(&page->lru);
		__dec_zone_page_state(page_zone(page), NR_LRU_BASE + stub_page_lru(page));
		ClearPageLRU(page);
		ClearPageActive(page);
	}
	free_hot_page(page);
}

#endif /* WB_STUBS_H */
