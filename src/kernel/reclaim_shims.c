// SPDX-License-Identifier: GPL-2.0
/*
 * SHIM (reclaim branch): stand-ins for the block layer and the page
 * cache's page-lock and writeback helpers, compiled only while their real
 * headers are absent.  See reclaim_shims.h.
 */
#include <stdlib.h>
#include <string.h>
#include "kernel.h"
#include "mmzone.h"
#include "vmstat.h"
#include "swap.h"
#include "reclaim_shims.h"

#if !MMSIM_HAVE_BLK

unsigned long shim_cw_calls[NR_CW_SITES];
static struct wait_queue_head congestion_wqh[2];

struct shim_io {
	struct timer timer;
	struct bio *bio;
	struct list_head list;
};

static LIST_HEAD(shim_ios);

struct bio *bio_alloc(unsigned int nr_pages)
{
	struct bio *bio = calloc(1, sizeof(*bio) + nr_pages * sizeof(struct page *));

	BUG_ON(!bio);
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

void bio_endio(struct bio *bio, int error)
{
	bio->bi_end_io(bio, error);
}

/* The shim disk's completion "interrupt". */
static void shim_complete(struct timer *t)
{
	struct shim_io *io = t->data;
	struct bio *bio = io->bio;

	list_del(&io->list);
	free(io);
	bio->bi_bdev->shim_in_flight--;
	bio_endio(bio, 0);
}

void submit_bio(struct bio *bio)
{
	struct block_device *bdev = bio->bi_bdev;
	int dir = bio->bi_rw & (1UL << BIO_RW) ? WRITE : READ;
	struct shim_io *io = calloc(1, sizeof(*io));

	BUG_ON(!io);
	count_vm_events(dir == WRITE ? PGPGOUT : PGPGIN,
			(long)(bio->bi_vcnt * (PAGE_SIZE >> 10)));
	bio->bi_submit_time = sim_now();
	bdev->shim_bios[dir]++;
	bdev->shim_in_flight++;
	io->bio = bio;
	list_add(&io->list, &shim_ios);
	timer_init(&io->timer, shim_complete, io);
	timer_add(&io->timer, sim_now() + bdev->shim_latency[dir]);
}

void bdi_init(struct backing_dev_info *bdi, const char *name)
{
	memset(bdi, 0, sizeof(*bdi));
	bdi->name = name;
	bdi->ra_pages = 32;
}

void blk_run_backing_dev(struct backing_dev_info *bdi, struct page *page)
{
	if (bdi && bdi->unplug_io_fn)
		bdi->unplug_io_fn(bdi, page);
}

/*
 * Nothing clears congestion on the shim disk, so every wait lasts its
 * timeout.  BLK_RW_BOTH waits on ASYNC, then on SYNC for what is left,
 * as patch 3's congestion_wait.
 */
long congestion_wait_site(enum cw_site site, int sync, long timeout)
{
	int q = sync == BLK_RW_BOTH ? BLK_RW_ASYNC : sync;
	long ret;

	shim_cw_calls[site]++;
	for (;;) {
		DEFINE_WAIT(wait);

		prepare_to_wait(&congestion_wqh[q], &wait, TASK_UNINTERRUPTIBLE);
		ret = io_schedule_timeout(timeout);
		finish_wait(&congestion_wqh[q], &wait);
		if (sync != BLK_RW_BOTH || ret <= 0)
			return ret;
		sync = q = BLK_RW_SYNC;
		timeout = ret;
	}
}

struct block_device *shim_bdev_create(const char *name, sector_t nr_sectors,
				      sim_time_t read_ns, sim_time_t write_ns)
{
	struct block_device *bdev = calloc(1, sizeof(*bdev));

	BUG_ON(!bdev);
	snprintf(bdev->bd_name, sizeof(bdev->bd_name), "%s", name);
	bdev->bd_nr_sectors = nr_sectors;
	bdi_init(&bdev->bd_bdi, bdev->bd_name);
	bdev->shim_latency[READ] = read_ns;
	bdev->shim_latency[WRITE] = write_ns;
	return bdev;
}

void shim_bdev_destroy(struct block_device *bdev)
{
	free(bdev);
}

/* Forget I/O of a previous simulation (its timers died with it). */
void shim_blk_reset(void)
{
	while (!list_empty(&shim_ios)) {
		struct shim_io *io = list_first_entry(&shim_ios, struct shim_io, list);

		list_del(&io->list);
		bio_put(io->bio);
		free(io);
	}
	init_waitqueue_head(&congestion_wqh[0]);
	init_waitqueue_head(&congestion_wqh[1]);
	memset(shim_cw_calls, 0, sizeof(shim_cw_calls));
}

#endif /* !MMSIM_HAVE_BLK */

#if !MMSIM_HAVE_WRITEBACK

#define PAGE_WAIT_TABLE_BITS 8
static struct wait_queue_head page_wait_table[1 << PAGE_WAIT_TABLE_BITS];

static struct wait_queue_head *page_waitqueue(struct page *page)
{
	uint64_t h = (uint64_t)page_to_pfn(page) * 0x9e37fffffffc0001ULL;

	return &page_wait_table[h >> (64 - PAGE_WAIT_TABLE_BITS)];
}

void shim_page_waiters_reset(void)
{
	for (unsigned int i = 0; i < (1u << PAGE_WAIT_TABLE_BITS); i++)
		init_waitqueue_head(&page_wait_table[i]);
}

void wake_up_page(struct page *page)
{
	struct wait_queue_head *wq = page_waitqueue(page);

	if (waitqueue_active(wq))
		wake_up_all(wq);
}

/* block_sync_page: unplug the device the waiter waits for. */
static void sync_page(struct page *page)
{
	struct address_space *mapping = page_mapping(page);

	if (mapping && mapping->backing_dev_info)
		blk_run_backing_dev(mapping->backing_dev_info, page);
}

static void wait_on_page_bit(struct page *page, enum pageflags bit)
{
	struct wait_queue_head *wq = page_waitqueue(page);
	DEFINE_WAIT(wait);

	for (;;) {
		prepare_to_wait(wq, &wait, TASK_UNINTERRUPTIBLE);
		if (!(page->flags & (1u << bit)))
			break;
		sync_page(page);
		io_schedule();
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
		io_schedule();
	}
	finish_wait(wq, &wait);
}

void unlock_page(struct page *page)
{
	VM_BUG_ON(!PageLocked(page));
	ClearPageLocked(page);
	wake_up_page(page);
}

void wait_on_page_locked(struct page *page)
{
	if (PageLocked(page))
		wait_on_page_bit(page, PG_locked);
}

void wait_on_page_writeback(struct page *page)
{
	if (PageWriteback(page))
		wait_on_page_bit(page, PG_writeback);
}

void end_page_writeback(struct page *page)
{
	if (TestClearPageReclaim(page))
		rotate_reclaimable_page(page);
	BUG_ON(!TestClearPageWriteback(page));
	__dec_zone_page_state(page_zone(page), NR_WRITEBACK);
	wake_up_page(page);
}

static bool accounts_dirty(struct address_space *mapping)
{
	return mapping && (mapping->flags & AS_FILE);
}

int set_page_dirty(struct page *page)
{
	struct address_space *mapping = page_mapping(page);

	if (mapping && mapping->a_ops && mapping->a_ops->set_page_dirty)
		return mapping->a_ops->set_page_dirty(page);
	if (TestSetPageDirty(page))
		return 0;
	if (accounts_dirty(mapping))
		__inc_zone_page_state(page_zone(page), NR_FILE_DIRTY);
	return 1;
}

bool clear_page_dirty_for_io(struct page *page)
{
	struct address_space *mapping = page_mapping(page);

	if (!TestClearPageDirty(page))
		return false;
	if (accounts_dirty(mapping))
		__dec_zone_page_state(page_zone(page), NR_FILE_DIRTY);
	return true;
}

int test_set_page_writeback(struct page *page)
{
	int ret = TestSetPageWriteback(page);

	if (!ret)
		__inc_zone_page_state(page_zone(page), NR_WRITEBACK);
	return ret;
}

#endif /* !MMSIM_HAVE_WRITEBACK */
