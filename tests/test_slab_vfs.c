// SPDX-License-Identifier: GPL-2.0
/*
 * The VFS caches on a mounted ext3: opening a file allocates its dentry,
 * in-core inode and inode-table buffer_head; closing leaves them cached;
 * shrink_slab prunes dentries, then inodes, whose clean page cache is
 * invalidated on the way (PGINODESTEAL); an open file's objects stay.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "wb_machine.h"
#include "linux/slab.h"
#include "linux/dcache.h"

#define NR_FILES 300

struct vfs_run {
	struct inode *inodes[NR_FILES];
	unsigned long dentries_after_read, unused_after_read;
	unsigned long pages_after_read;
	unsigned long pruned_dentries, pruned_inodes, steal, kswapd_steal;
	unsigned long pages_left_open, pages_left_0, pages_left_299;
	bool dentry_open, icache_open;
};

static void vfs_task(void *arg)
{
	struct vfs_run *r = arg;
	struct reclaim_state rs = { 0 };
	struct file *keep = NULL;

	for (int i = 0; i < NR_FILES; i++) {
		struct file *f = filp_open(r->inodes[i], FMODE_READ);

		vfs_read(f, 0, PAGE_SIZE);
		/* File 1 stays open throughout. */
		if (i == 1)
			keep = f;
		else
			fput(f);
	}
	r->dentries_after_read = vfs_cache_stat.nr_dentry;
	r->unused_after_read = vfs_cache_stat.nr_dentry_unused;
	r->pages_after_read = global_page_state(NR_FILE_PAGES);
	current->reclaim_state = &rs;
	shrink_slab(1000, GFP_KERNEL, 999);
	current->reclaim_state = NULL;
	r->pruned_dentries = vfs_cache_stat.dentries_pruned;
	r->pruned_inodes = vfs_cache_stat.inodes_pruned;
	r->steal = vm_events[PGINODESTEAL];
	r->kswapd_steal = vm_events[KSWAPD_INODESTEAL];
	r->pages_left_open = r->inodes[1]->i_mapping->nrpages;
	r->pages_left_0 = r->inodes[0]->i_mapping->nrpages;
	r->pages_left_299 = r->inodes[299]->i_mapping->nrpages;
	r->dentry_open = r->inodes[1]->i_vfs.dentry != NULL;
	r->icache_open = r->inodes[1]->i_vfs.icache != NULL;
	fput(keep);
}

static void test_lookup_cache_and_prune(void **state)
{
	static struct vfs_run r;
	char name[32];

	(void)state;
	memset(&r, 0, sizeof(r));
	machine_boot(128, 1, "2.6.32-rc6", false);
	kmem_cache_config(SLAB_ALLOCATOR_SLUB, 1);
	vfs_caches_init();
	for (int i = 0; i < NR_FILES; i++) {
		snprintf(name, sizeof(name), "f%03d", i);
		r.inodes[i] = ext3_create(sb, name, PAGE_SIZE);
		assert_non_null(r.inodes[i]);
	}
	/* Creating a file on disk looks nothing up. */
	assert_int_equal(vfs_cache_stat.nr_dentry, 0);
	kthread_run(vfs_task, &r, "reader", DEFAULT_PRIO);
	run_for(10 * NSEC_PER_SEC);

	/* 300 files looked up; 299 closed, on the dentry LRU. */
	assert_int_equal(r.dentries_after_read, NR_FILES);
	assert_int_equal(r.unused_after_read, NR_FILES - 1);
	/*
	 * dcache: (299 / 100) * 100 = 200 unused; delta = (4 * 1000 / 2) *
	 * 200 / 1000 = 400: 3 batches = 384 looked at: 299 rotated (all
	 * referenced), then the 85 oldest unused dentries pruned (files 0
	 * and 2..85).  icache: (85 / 100) * 100 = 0: nothing scanned yet.
	 */
	assert_int_equal(r.pruned_dentries, 85);
	assert_int_equal(r.pruned_inodes, 0);
	assert_int_equal(r.steal, 0);
	assert_true(r.dentry_open);
	assert_true(r.icache_open);
	assert_int_equal(r.pages_left_0, 1);
	machine_drain_io();
	vfs_caches_exit();
	machine_shutdown();
}

struct steal_run {
	struct inode *inodes[NR_FILES];
	unsigned long pruned_inodes, steal, kswapd_steal, file_pages_before;
	unsigned long file_pages_after, pages_left_0, pages_left_299;
};

static void steal_task(void *arg)
{
	struct steal_run *r = arg;

	for (int i = 0; i < NR_FILES; i++) {
		struct file *f = filp_open(r->inodes[i], FMODE_READ);

		vfs_read(f, 0, PAGE_SIZE);
		fput(f);
	}
	r->file_pages_before = global_page_state(NR_FILE_PAGES);
	/* Two calls: the first ages the dentries, the second frees them. */
	for (int pass = 0; pass < 2; pass++)
		shrink_slab(1000, GFP_KERNEL, 999);
	r->pruned_inodes = vfs_cache_stat.inodes_pruned;
	r->steal = vm_events[PGINODESTEAL];
	r->kswapd_steal = vm_events[KSWAPD_INODESTEAL];
	r->file_pages_after = global_page_state(NR_FILE_PAGES);
	r->pages_left_0 = r->inodes[0]->i_mapping->nrpages;
	r->pages_left_299 = r->inodes[299]->i_mapping->nrpages;
}

/*
 * Pass 1: dcache 300 unused -> delta 600, 4 batches = 512: 300 rotated,
 * 212 pruned (files 0..211); icache (212 / 100) * 100 = 200 -> delta
 * 400, 3 batches = 384: all 212 inodes freed, each with its one clean
 * page invalidated first: 212 pages of inode steal, by a task, not
 * kswapd.  Pass 2: dcache 88 unused reports 0; icache 0.
 */
static void test_icache_prune_steals_page_cache(void **state)
{
	static struct steal_run r;
	char name[32];

	(void)state;
	memset(&r, 0, sizeof(r));
	machine_boot(128, 1, "2.6.32-rc6", false);
	kmem_cache_config(SLAB_ALLOCATOR_SLUB, 1);
	vfs_caches_init();
	for (int i = 0; i < NR_FILES; i++) {
		snprintf(name, sizeof(name), "g%03d", i);
		r.inodes[i] = ext3_create(sb, name, PAGE_SIZE);
	}
	kthread_run(steal_task, &r, "reader", DEFAULT_PRIO);
	run_for(10 * NSEC_PER_SEC);
	assert_int_equal(r.pruned_inodes, 212);
	assert_int_equal(r.steal, 212);
	assert_int_equal(r.kswapd_steal, 0);
	assert_int_equal(r.file_pages_before - r.file_pages_after, 212);
	assert_int_equal(r.pages_left_0, 0);
	assert_int_equal(r.pages_left_299, 1);
	machine_drain_io();
	vfs_caches_exit();
	machine_shutdown();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_lookup_cache_and_prune,
					  machine_teardown),
		cmocka_unit_test_teardown(test_icache_prune_steals_page_cache,
					  machine_teardown),
	};

	return cmocka_run_group_tests_name("slab_vfs", tests, NULL, NULL);
}
