// SPDX-License-Identifier: GPL-2.0
/*
 * Slab: the slab layouts SLUB and SLAB of 2.6.32 pick for the VFS caches,
 * SLUB's fallback to the smallest order, __GFP_RECLAIMABLE pages in
 * MIGRATE_RECLAIMABLE pageblocks, and the dentry and inode shrinkers under
 * shrink_slab with vm.vfs_cache_pressure; /proc/slabinfo.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include "reclaim_harness.h"
#include "linux/dcache.h"
#include "report/procfs.h"

#define RC6 "2.6.32-rc6"

static void boot(unsigned int cpus)
{
	harness_boot("x86_64", 64, cpus, RC6, 1);
	kmem_cache_config(SLAB_ALLOCATOR_SLUB, cpus);
}

static void teardown(void)
{
	vfs_caches_exit();
	kmem_cache_exit();
	harness_teardown();
}

/* ---- layouts -------------------------------------------------------- */

static void test_layouts(void **state)
{
	unsigned int size, order, objs, min_order, min_objs;

	(void)state;
	/*
	 * SLUB, 4 CPUs: at least 4 * (fls(4) + 1) = 16 objects per slab.
	 * dentry, 192 B: 16 * 192 = 3072 fits one page, 4096 % 192 = 64 is
	 * under 4096 / 16: order 0, 4096 / 192 = 21 objects.
	 */
	kmem_cache_layout(SLAB_ALLOCATOR_SLUB, 4, 192, 0, &size, &order,
			  &objs, &min_order, &min_objs);
	assert_int_equal(size, 192);
	assert_int_equal(order, 0);
	assert_int_equal(objs, 21);
	/*
	 * ext3_inode_cache, 800 B with a constructor: 808 B.  16 * 808 =
	 * 12928 needs 16 KiB, order 2, and 16384 % 808 = 224 <= 1024:
	 * 16384 / 808 = 20 objects.  The fallback is order 0: 4096 / 808 = 5.
	 */
	kmem_cache_layout(SLAB_ALLOCATOR_SLUB, 4, 800, SLAB_MMSIM_CTOR, &size,
			  &order, &objs, &min_order, &min_objs);
	assert_int_equal(size, 808);
	assert_int_equal(order, 2);
	assert_int_equal(objs, 20);
	assert_int_equal(min_order, 0);
	assert_int_equal(min_objs, 5);
	/* One CPU: 4 * (1 + 1) = 8 objects, 6464 B: order 1, 8192 / 808 = 10. */
	kmem_cache_layout(SLAB_ALLOCATOR_SLUB, 1, 800, SLAB_MMSIM_CTOR, &size,
			  &order, &objs, &min_order, &min_objs);
	assert_int_equal(order, 1);
	assert_int_equal(objs, 10);
	/* buffer_head, 104 + 8 = 112 B: order 0, 4096 / 112 = 36. */
	kmem_cache_layout(SLAB_ALLOCATOR_SLUB, 4, 104, SLAB_MMSIM_CTOR, &size,
			  &order, &objs, &min_order, &min_objs);
	assert_int_equal(size, 112);
	assert_int_equal(order, 0);
	assert_int_equal(objs, 36);
	/*
	 * SLAB: a SLAB_RECLAIM_ACCOUNT cache takes the first order that
	 * fits.  dentry: on-slab, (4096 - 48) / (192 + 4) = 20; inode
	 * (>= 512 B, off-slab): 4096 / 800 = 5; buffer_head:
	 * (4096 - 48) / (104 + 4) = 37.
	 */
	kmem_cache_layout(SLAB_ALLOCATOR_SLAB, 4, 192, SLAB_RECLAIM_ACCOUNT,
			  &size, &order, &objs, &min_order, &min_objs);
	assert_int_equal(order, 0);
	assert_int_equal(objs, 20);
	kmem_cache_layout(SLAB_ALLOCATOR_SLAB, 4, 800,
			  SLAB_RECLAIM_ACCOUNT | SLAB_MMSIM_CTOR, &size, &order,
			  &objs, &min_order, &min_objs);
	assert_int_equal(size, 800);
	assert_int_equal(order, 0);
	assert_int_equal(objs, 5);
	kmem_cache_layout(SLAB_ALLOCATOR_SLAB, 4, 104, SLAB_RECLAIM_ACCOUNT,
			  &size, &order, &objs, &min_order, &min_objs);
	assert_int_equal(objs, 37);
}

/* ---- pages ------------------------------------------------------------ */

/*
 * A fresh machine: the first reclaimable slab steals a whole MOVABLE
 * pageblock (an order-10 block is >= pageblock_order / 2), so its page
 * sits in a MIGRATE_RECLAIMABLE pageblock; an order-2 slab counts 4
 * pages, each PG_slab.
 */
static void test_reclaimable_pages_and_order(void **state)
{
	struct kmem_cache *c;
	struct page *page;
	unsigned int order;
	long obj;

	(void)state;
	boot(4);
	c = kmem_cache_create_sized("ext3_inode_cache", 800,
				    SLAB_RECLAIM_ACCOUNT | SLAB_MMSIM_CTOR);
	assert_non_null(c);
	assert_int_equal(c->gfpflags, __GFP_RECLAIMABLE);
	obj = kmem_cache_alloc(c, GFP_NOFS);
	assert_int_equal(obj, 0);
	assert_int_equal(global_page_state(NR_SLAB_RECLAIMABLE), 4);
	assert_int_equal(global_page_state(NR_SLAB_UNRECLAIMABLE), 0);
	page = kmem_cache_obj_page(c, obj, &order);
	assert_int_equal(order, 2);
	for (int i = 0; i < 4; i++)
		assert_true(PageSlab(page + i));
	assert_int_equal(get_pageblock_migratetype(page),
			 MIGRATE_RECLAIMABLE);
	assert_int_equal(c->nr_total_objs, 20);
	assert_conserved();
	kmem_cache_free(c, obj);
	assert_int_equal(global_page_state(NR_SLAB_RECLAIMABLE), 0);
	assert_conserved();
	teardown();
}

/*
 * No free block of order 2 or more: SLUB's order-2 attempt (NORETRY,
 * NOWARN) fails and the order-0 fallback holds 4096 / 808 = 5 objects.
 */
static void test_slub_falls_back_to_min_order(void **state)
{
	struct page **pages;
	unsigned long n = 0;
	struct kmem_cache *c;
	long obj;

	(void)state;
	boot(4);
	pages = calloc(max_pfn, sizeof(*pages));
	c = kmem_cache_create_sized("ext3_inode_cache", 800,
				    SLAB_RECLAIM_ACCOUNT | SLAB_MMSIM_CTOR);
	while ((pages[n] = take_page(-1)) != NULL)
		n++;
	/* Give back every other pfn: order-0 holes only. */
	for (unsigned long i = 0; i < n; i++)
		if (!(page_to_pfn(pages[i]) & 1)) {
			__free_page(pages[i]);
			pages[i] = NULL;
		}
	drain_all_pages();
	/* Outside a task: no reclaim, the high order fails at once. */
	obj = kmem_cache_alloc(c, GFP_NOFS);
	assert_true(obj >= 0);
	assert_int_equal(c->nr_order_fallback, 1);
	{
		unsigned int order;

		kmem_cache_obj_page(c, obj, &order);
		assert_int_equal(order, 0);
	}
	assert_int_equal(c->nr_total_objs, 5);
	assert_int_equal(global_page_state(NR_SLAB_RECLAIMABLE), 1);
	kmem_cache_free(c, obj);
	for (unsigned long i = 0; i < n; i++)
		if (pages[i])
			__free_page(pages[i]);
	free(pages);
	teardown();
}

/* ---- shrinkers ------------------------------------------------------- */

struct shrink_run {
	unsigned long scanned, freed_pages;
	unsigned long dentries_pruned, inodes_pruned;
	unsigned long dentry_pages, inode_pages, bh_pages;
};

static void shrink_task(void *arg)
{
	struct shrink_run *s = arg;
	struct reclaim_state rs = { 0 };

	current->reclaim_state = &rs;
	shrink_slab(1000, GFP_KERNEL, 999);
	current->reclaim_state = NULL;
	s->scanned = vm_events[SLABS_SCANNED];
	s->freed_pages = rs.reclaimed_slab;
	s->dentries_pruned = vfs_cache_stat.dentries_pruned;
	s->inodes_pruned = vfs_cache_stat.inodes_pruned;
	s->dentry_pages = dentry_cache->nr_pages;
	s->inode_pages = ext3_inode_cachep->nr_pages;
	s->bh_pages = bh_cachep->nr_pages;
}

static void run_shrink(int pressure, struct shrink_run *s)
{
	unsigned long ino = 0;

	boot(4);
	sysctl_vfs_cache_pressure = pressure;
	vfs_caches_init();
	/* 1000 files: 1000 / 21 -> 48 dentry slabs, 1000 / 20 = 50 inode
	 * slabs of 4 pages, 1000 / 16 -> 63 buffer heads in 2 slabs. */
	assert_int_equal(vfs_caches_populate(1000, &ino), 1000);
	assert_int_equal(dentry_cache->nr_pages, 48);
	assert_int_equal(ext3_inode_cachep->nr_pages, 200);
	assert_int_equal(bh_cachep->nr_pages, 2);
	assert_int_equal(global_page_state(NR_SLAB_RECLAIMABLE), 250);
	assert_int_equal(vfs_cache_stat.nr_dentry_unused, 1000);
	assert_int_equal(vfs_cache_stat.nr_inodes_unused, 0);
	kthread_run(shrink_task, s, "shrink", DEFAULT_PRIO);
	run_until_ms(1000);
	assert_conserved();
	teardown();
	sysctl_vfs_cache_pressure = 100;
}

static void test_dcache_icache_shrink(void **state)
{
	struct shrink_run s = { 0 };

	(void)state;
	run_shrink(100, &s);
	/*
	 * dcache: (1000 / 100) * 100 = 1000 unused; delta = (4 * 1000 / 2)
	 * * 1000 / (999 + 1) = 2000 = 2 * 1000: 15 batches = 1920 scanned.
	 * The first 1000 only lose DCACHE_REFERENCED, then dentries 0..919
	 * go and leave their inodes unused.  icache: (920 / 100) * 100 =
	 * 900; delta = 2000 * 900 / 1000 = 1800: 14 batches = 1792, which
	 * free all 920 unused inodes (no referenced bit in 2.6.32).
	 */
	assert_int_equal(s.scanned, 1920 + 1792);
	assert_int_equal(s.dentries_pruned, 920);
	assert_int_equal(s.inodes_pruned, 920);
	/*
	 * Pages: dentries 0..902 fill 43 slabs (43 * 21 = 903); inodes
	 * 0..919 fill 46 order-2 slabs (184 pages); buffer heads of blocks
	 * 0..56 (inodes 0..911) are freed, the first slab of 36 with them.
	 */
	assert_int_equal(s.dentry_pages, 48 - 43);
	assert_int_equal(s.inode_pages, 200 - 184);
	assert_int_equal(s.bh_pages, 2 - 1);
	assert_int_equal(s.freed_pages, 43 + 184 + 1);
}

static void test_vfs_cache_pressure_halves_the_count(void **state)
{
	struct shrink_run s = { 0 };

	(void)state;
	run_shrink(50, &s);
	/*
	 * dcache reports (1000 / 100) * 50 = 500: delta = 2000 * 500 / 1000
	 * = 1000, 7 batches = 896 scanned, all of them only rotated; the
	 * icache has no unused inode and is not scanned.
	 */
	assert_int_equal(s.scanned, 896);
	assert_int_equal(s.dentries_pruned, 0);
	assert_int_equal(s.freed_pages, 0);
	/* vfs_cache_pressure 0: the caches are never reclaimed. */
	memset(&s, 0, sizeof(s));
	run_shrink(0, &s);
	assert_int_equal(s.scanned, 0);
}

/* The shrinkers refuse work without __GFP_FS: nothing scanned. */
static void nofs_task(void *arg)
{
	unsigned long *scanned = arg;

	shrink_slab(1000, GFP_NOFS, 999);
	*scanned = vm_events[SLABS_SCANNED];
}

static void test_shrinkers_need_gfp_fs(void **state)
{
	unsigned long scanned = 1, ino = 0;

	(void)state;
	boot(4);
	vfs_caches_init();
	vfs_caches_populate(1000, &ino);
	kthread_run(nofs_task, &scanned, "nofs", DEFAULT_PRIO);
	run_until_ms(1000);
	assert_int_equal(scanned, 0);
	assert_int_equal(vfs_cache_stat.nr_dentry, 1000);
	teardown();
}

/* ---- /proc/slabinfo ------------------------------------------------ */

static void test_slabinfo(void **state)
{
	unsigned long ino = 0;
	char *text = NULL;
	size_t len;
	FILE *f;

	(void)state;
	boot(4);
	vfs_caches_init();
	vfs_caches_populate(100, &ino);
	f = open_memstream(&text, &len);
	procfs_slabinfo(f);
	fclose(f);
	assert_non_null(strstr(text, "slabinfo - version: 2.1\n"));
	/* 100 inodes in 5 order-2 slabs of 20; 100 dentries in 5 slabs of
	 * 21 (105 objects); 100 / 16 -> 7 buffer heads in one slab of 36. */
	assert_non_null(strstr(text,
		"ext3_inode_cache     100    100    808   20    4 : tunables    0    0    0 : slabdata      5      5      0\n"));
	assert_non_null(strstr(text,
		"dentry               100    105    192   21    1 : tunables    0    0    0 : slabdata      5      5      0\n"));
	assert_non_null(strstr(text,
		"buffer_head            7     36    112   36    1 : tunables    0    0    0 : slabdata      1      1      0\n"));
	/* Newest cache first, as both allocators list them. */
	assert_true(strstr(text, "ext3_inode_cache") < strstr(text, "dentry "));
	free(text);
	teardown();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_layouts),
		cmocka_unit_test(test_reclaimable_pages_and_order),
		cmocka_unit_test(test_slub_falls_back_to_min_order),
		cmocka_unit_test(test_dcache_icache_shrink),
		cmocka_unit_test(test_vfs_cache_pressure_halves_the_count),
		cmocka_unit_test(test_shrinkers_need_gfp_fs),
		cmocka_unit_test(test_slabinfo),
	};

	return cmocka_run_group_tests_name("slab", tests, NULL, NULL);
}
