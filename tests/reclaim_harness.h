/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Test scaffolding shared by test_reclaim, test_swap and test_kswapd
 * (header-only: each test program includes it once).
 *
 * - boot a small machine with a profile, reclaim state and the checker on;
 * - a tiny file (address_space) whose writepage the test controls;
 * - harness_access(), which turns a fault's VM_FAULT_OOM into direct
 *   reclaim and a retry (the fault path of a user access, as the tests'
 *   simulated processes make it);
 * - a swap device on a default disk of the block layer.
 *
 * Simulated tasks never call cmocka assertions (a longjmp off a coroutine
 * stack would be fatal): they record, and the test asserts after sim_run.
 */
#ifndef RECLAIM_HARNESS_H
#define RECLAIM_HARNESS_H

#include <stdlib.h>
#include <string.h>
#include "linux/kernel.h"
#include "linux/start_kernel.h"
#include "linux/mmzone.h"
#include "mmsim/profile.h"
#include "linux/swap.h"
#include "linux/mm.h"
#include "linux/slab.h"
#include "linux/bio.h"
#include "linux/backing-dev.h"
#include "linux/blkdev.h"
#include "hw/disk.h"
#include "linux/pagemap.h"
#include "linux/writeback.h"

/* ---- the machine ------------------------------------------------------ */

/* The slab allocator harness_boot configures (SLUB, Kconfig's default). */
static enum slab_allocator harness_slab __attribute__((unused)) =
	SLAB_ALLOCATOR_SLUB;

static __attribute__((unused)) void harness_boot(const char *arch, unsigned long mbytes,
			 unsigned int cpus, const char *profile, uint64_t seed)
{
	struct sim_config sc = { .hz = 250, .nr_cpus = cpus, .seed = seed };
	struct mem_config cfg = {
		.arch = arch_lookup(arch),
		.mem_bytes = mbytes << 20,
		.nr_cpus = cpus,
		.reserved_kbytes = (unsigned long)-1,
	};
	char err[160];

	assert_int_equal(profile_parse(profile, &kprofile, err, sizeof(err)), 0);
	sim_init(&sc);
	kmem_cache_config(harness_slab, cpus);
	assert_int_equal(mem_init(&cfg), 0);
	mm_debug_checks = true;
	mm_debug_expected_other = 0;
	/* No dentry caches, no writeback: reclaim of the tests' own pages. */
	do_initcalls(INIT_RECORDS | INIT_RECLAIM | INIT_BLOCK | INIT_FILEMAP);
}

/* tests/check_default.c: the checker's test-build default. */
void check_default(void);

static __attribute__((unused)) void harness_teardown(void)
{
	blk_dev_exit();
	reclaim_exit();
	mem_exit();
	sim_exit();
	check_default();
	mm_debug_expected_other = -1;
}

/* A mapped anonymous @page out to swap through the real paths (add to
 * the swap cache, unmap, write, wait), then dropped from the cache. */
static __attribute__((unused)) void harness_swap_out_page(struct page *page)
{
	struct writeback_control wbc = { .sync_mode = WB_SYNC_NONE };

	get_page(page);
	lock_page(page);
	add_to_swap(page);
	try_to_unmap(page, TTU_IGNORE_ACCESS);
	clear_page_dirty_for_io(page);
	swap_writepage(page, &wbc);
	wait_on_page_writeback(page);
	lock_page(page);
	delete_from_swap_cache(page);
	unlock_page(page);
	put_page(page);
}

static __attribute__((unused)) struct zone *Z(enum zone_type t)
{
	return &contig_page_data.node_zones[t];
}

static __attribute__((unused)) void assert_conserved(void)
{
	char msg[256];

	if (check_page_conservation(msg, sizeof(msg)))
		fail_msg("conservation: %s", msg);
}

/* Run the simulation until @ms milliseconds of simulated time. */
static __attribute__((unused)) void run_until_ms(unsigned long ms)
{
	sim_run((sim_time_t)ms * NSEC_PER_MSEC);
}

/* ---- pages ------------------------------------------------------------ */

/* Any free page of zone type @t (or of the gfp's zonelist if t < 0),
 * ignoring watermarks: for filling memory. */
static __attribute__((unused)) struct page *take_page(int t)
{
	gfp_t gfp = GFP_HIGHUSER_MOVABLE;
	struct zonelist *zl = node_zonelist(0, gfp);
	int high = gfp_zone(gfp);
	struct zone *zone, **z;

	for_each_zone_zonelist(zone, z, zl, high) {
		struct zonelist one = { { zone, NULL } };
		struct page *page;

		if (t >= 0 && zone_idx(zone) != t)
			continue;
		page = get_page_from_freelist(gfp, 0, &one, high,
					      ALLOC_NO_WATERMARKS, zone,
					      MIGRATE_MOVABLE);
		if (page)
			return page;
	}
	return NULL;
}

/* ---- a file whose writepage the test controls ------------------------ */

/* test_file_reserve's placeholders, and how many indexes it filled. */
static char test_file_placeholder;
static unsigned long test_file_reserved;

struct test_file {
	struct address_space mapping;
	struct backing_dev_info *bdi;
	sim_time_t write_ns;		/* writepage completes after this */
	uint8_t *written;		/* optional: per index, set by writepage */
	unsigned long written_len;
	unsigned long writepages;
	unsigned long completed;
};

struct test_io {
	struct timer timer;
	struct page *page;
	struct test_file *tf;
	struct list_head list;
};

static LIST_HEAD(test_ios);

static void test_io_done(struct timer *t)
{
	struct test_io *io = t->data;

	io->tf->completed++;
	end_page_writeback(io->page);
	list_del(&io->list);
	free(io);
}

static struct test_file *current_test_file;

static int test_writepage(struct page *page, struct writeback_control *wbc)
{
	struct test_file *tf = current_test_file;
	struct test_io *io = calloc(1, sizeof(*io));

	(void)wbc;
	if (!io)
		abort();
	tf->writepages++;
	if (tf->written && page->index < tf->written_len)
		tf->written[page->index] = 1;
	set_page_writeback(page);
	unlock_page(page);
	io->page = page;
	io->tf = tf;
	list_add(&io->list, &test_ios);
	timer_init(&io->timer, test_io_done, io);
	timer_add(&io->timer, sim_now() + tf->write_ns);
	return 0;
}

static const struct address_space_operations test_aops = {
	.writepage = test_writepage,
};

static __attribute__((unused)) struct test_file *test_file_create(sim_time_t write_ns)
{
	struct test_file *tf = calloc(1, sizeof(*tf));

	if (!tf)
		abort();
	tf->bdi = calloc(1, sizeof(*tf->bdi));
	if (!tf->bdi)
		abort();
	bdi_init(tf->bdi, "testfile");
	tf->write_ns = write_ns;
	tf->mapping.flags = AS_FILE;
	tf->mapping.a_ops = &test_aops;
	tf->mapping.backing_dev_info = tf->bdi;
	tf->mapping.gfp_mask = GFP_HIGHUSER_MOVABLE;
	INIT_RADIX_TREE(&tf->mapping.page_tree, GFP_ATOMIC);
	mapping_register(&tf->mapping);
	current_test_file = tf;
	return tf;
}

/* I/O of a finished simulation will never complete: free its records. */
static __attribute__((unused)) void test_file_destroy(struct test_file *tf)
{
	while (!list_empty(&test_ios)) {
		struct test_io *io = list_first_entry(&test_ios, struct test_io, list);

		list_del(&io->list);
		free(io);
	}
	/* Placeholders no page took: their nodes go (after RCU). */
	for (unsigned long i = 0; i < test_file_reserved; i++)
		if (radix_tree_lookup(&tf->mapping.page_tree, i) ==
		    &test_file_placeholder)
			radix_tree_delete(&tf->mapping.page_tree, i);
	test_file_reserved = 0;
	free(tf->written);
	free(tf->bdi);
	free(tf);
	current_test_file = NULL;
}

/*
 * The file's radix tree grown for @nr pages before memory is taken, with a
 * placeholder in each slot that add_file_page replaces: a test that fills
 * every free page with file pages leaves no room for the tree's nodes.
 */
static __attribute__((unused)) void test_file_reserve(struct test_file *tf,
						       unsigned long nr)
{
	for (unsigned long i = 0; i < nr; i++)
		if (radix_tree_insert(&tf->mapping.page_tree, i,
				      &test_file_placeholder))
			abort();
	test_file_reserved = nr;
}

/* add_to_page_cache_lru for an already allocated page. */
static __attribute__((unused)) void add_file_page(struct test_file *tf, struct page *page,
			  pgoff_t index, bool dirty)
{
	struct address_space *m = &tf->mapping;
	void **slot = radix_tree_lookup_slot(&m->page_tree, index);

	page->mapping = m->handle;
	page->index = (uint32_t)index;
	if (slot && *slot == &test_file_placeholder)
		radix_tree_replace_slot(slot, page);
	/* The tree's GFP_ATOMIC nodes (no preload outside a task). */
	else if (radix_tree_insert(&m->page_tree, index, page))
		abort();
	m->nrpages++;
	__inc_zone_page_state(page, NR_FILE_PAGES);
	SetPageUptodate(page);
	lru_cache_add_file(page);
	if (dirty)
		set_page_dirty(page);
}

/* Direct reclaim as a failed allocation would do it. */
static __attribute__((unused)) void harness_reclaim(gfp_t gfp)
{
	struct zonelist *zl = node_zonelist(0, gfp);
	struct zone *zone, **z;
	struct reclaim_state rs = { 0 };
	unsigned long progress;

	for_each_zone_zonelist(zone, z, zl, gfp_zone(gfp))
		wakeup_kswapd(zone, 0);
	current->flags |= PF_MEMALLOC;
	current->reclaim_state = &rs;
	progress = try_to_free_pages(zl, 0, gfp);
	current->reclaim_state = NULL;
	current->flags &= ~PF_MEMALLOC;
	/* The slow path's retry nap, recorded as that call site's. */
	if (!progress)
		__congestion_wait(kprofile.cw_alloc, HZ / 50,
				  "__alloc_pages_slowpath", "kprofile.cw_alloc");
}

/* A user write or read that reclaims and retries on VM_FAULT_OOM.
 * Returns the last fault result (never OOM), or -1 after 1000 tries. */
static __attribute__((unused)) int harness_write(struct mm_struct *mm, unsigned long addr, uint64_t v)
{
	for (int tries = 0; tries < 1000; tries++) {
		int r = user_write_value(mm, addr, v);

		if (!(r & VM_FAULT_OOM))
			return r;
		harness_reclaim(GFP_HIGHUSER_MOVABLE);
	}
	return -1;
}

static __attribute__((unused)) int harness_read(struct mm_struct *mm, unsigned long addr, uint64_t *v)
{
	for (int tries = 0; tries < 1000; tries++) {
		int r = user_read_value(mm, addr, v);

		if (!(r & VM_FAULT_OOM))
			return r;
		harness_reclaim(GFP_HIGHUSER_MOVABLE);
	}
	return -1;
}

/* ---- a swap device -------------------------------------------------- */

static struct block_device *harness_swap_bdev;

static __attribute__((unused)) int harness_swapon(unsigned long nr_slots)
{
	struct disk_params dp;
	struct cfq_params cp;

	disk_default_params(&dp);
	cfq_default_params(&cp);
	harness_swap_bdev = disk_create("sda", &dp, &cp);
	return swapon_bdev(harness_swap_bdev, 0, nr_slots, 0);
}

static __attribute__((unused)) void harness_swapoff_device(void)
{
	if (!harness_swap_bdev)
		return;
	disk_destroy(harness_swap_bdev);
	harness_swap_bdev = NULL;
}

#endif /* RECLAIM_HARNESS_H */
