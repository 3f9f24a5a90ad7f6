// SPDX-License-Identifier: GPL-2.0
/*
 * The slab allocators and mempools (mm/slub.c, mm/slab.c, mm/mempool.c).
 *
 * Layouts: the orders and object counts of named caches on x86-64 and
 * x86, each derived below by hand from 2.6.32's calculate_sizes /
 * calculate_order / slab_order (SLUB) and kmem_cache_create /
 * calculate_slab_order / cache_estimate (SLAB); the slab pages'
 * migrate types.  SLUB's partial list after frees out of allocation
 * order.  mempool_alloc's steps: the first try's mask, the reserve, a
 * __GFP_WAIT caller asleep until mempool_free, and the 5 s timeout.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "reclaim_harness.h"
#include "linux/mempool.h"
#include "linux/slab.h"
#include "metrics/records.h"

#define RC6 "2.6.32-rc6"

static void boot(const char *arch, enum slab_allocator a, unsigned int cpus)
{
	harness_slab = a;
	harness_boot(arch, 64, cpus, RC6, 1);
}

static void teardown(void)
{
	harness_teardown();
	harness_slab = SLAB_ALLOCATOR_SLUB;
}

static struct kmem_cache *cache(const char *name)
{
	struct kmem_cache *s = kmem_cache_find(name);

	assert_non_null(s);
	assert_string_equal(s->name, name);
	return s;
}

/* ---- SLUB layouts --------------------------------------------------- */

/*
 * x86-64, 4 CPUs: calculate_order wants 4 * (fls(4) + 1) = 16 objects
 * with at most 1/16 of the slab left over; slab_order starts at
 * fls(16 * size - 1) - PAGE_SHIFT.
 */
static void test_slub_layouts_x86_64(void **state)
{
	struct kmem_cache *s;

	(void)state;
	boot("x86_64", SLAB_ALLOCATOR_SLUB, 4);
	/*
	 * radix_tree_node: 552 bytes with a constructor, so the free
	 * pointer goes behind the object: 560.  16 * 560 = 8960, fls(8959)
	 * = 14: order 2; 16384 % 560 = 144 <= 16384 / 16: 29 objects.  The
	 * fallback is get_order(560) = 0 (7 objects); min_partial is
	 * ilog2(560) = 9.  SLAB_RECLAIM_ACCOUNT: __GFP_RECLAIMABLE, and
	 * __GFP_COMP above order 0.
	 */
	s = cache("radix_tree_node");
	assert_int_equal(s->size, 560);
	assert_int_equal(s->order, 2);
	assert_int_equal(s->objects, 29);
	assert_int_equal(s->slub.min.order, 0);
	assert_int_equal(s->slub.min.objects, 7);
	assert_int_equal(s->slub.min_partial, 9);
	assert_int_equal(s->allocflags, __GFP_COMP | __GFP_RECLAIMABLE);
	/*
	 * blkdev_requests: struct request, 336 bytes, no flags: 16 * 336 =
	 * 5376, fls(5375) = 13: order 1; 8192 % 336 = 128 <= 512: 24
	 * objects, unmovable.
	 */
	s = cache("blkdev_requests");
	assert_int_equal(s->size, 336);
	assert_int_equal(s->order, 1);
	assert_int_equal(s->objects, 24);
	assert_int_equal(s->slub.min_partial, 8);
	assert_int_equal(s->allocflags, __GFP_COMP);
	/*
	 * A 1100-byte cache: 1104 with 8-byte alignment; 16 * 1104 = 17664,
	 * fls(17663) = 15: order 3, 32768 % 1104 = 752 <= 2048: 29 objects;
	 * the fallback get_order(1104) = 0 holds 3; min_partial
	 * ilog2(1104) = 10 (MAX_PARTIAL).
	 */
	s = kmem_cache_create("test_1100", 1100, 0, 0, NULL);
	assert_int_equal(s->size, 1104);
	assert_int_equal(s->order, 3);
	assert_int_equal(s->objects, 29);
	assert_int_equal(s->slub.min.order, 0);
	assert_int_equal(s->slub.min.objects, 3);
	assert_int_equal(s->slub.min_partial, 10);
	teardown();
}

/* One CPU: 4 * (fls(1) + 1) = 8 objects are enough. */
static void test_slub_layouts_one_cpu(void **state)
{
	struct kmem_cache *s;

	(void)state;
	boot("x86_64", SLAB_ALLOCATOR_SLUB, 1);
	/* 8 * 1104 = 8832, fls(8831) = 14: order 2; 16384 % 1104 = 928 <=
	 * 1024: 14 objects. */
	s = kmem_cache_create("test_1100", 1100, 0, 0, NULL);
	assert_int_equal(s->order, 2);
	assert_int_equal(s->objects, 14);
	/* radix_tree_node: 8 * 560 = 4480, fls(4479) = 13: order 1;
	 * 8192 % 560 = 352 <= 512: 14 objects. */
	s = cache("radix_tree_node");
	assert_int_equal(s->order, 1);
	assert_int_equal(s->objects, 14);
	teardown();
}

/*
 * x86, 4 CPUs: a 4-byte word, but SLUB's ARCH_SLAB_MINALIGN is
 * __alignof__(unsigned long long), 8.
 */
static void test_slub_layouts_x86(void **state)
{
	struct kmem_cache *s;

	(void)state;
	boot("x86", SLAB_ALLOCATOR_SLUB, 4);
	/* radix_tree_node: 288 + 4 (free pointer) = 292, aligned to 8: 296.
	 * 16 * 296 = 4736, fls(4735) = 13: order 1; 8192 % 296 = 200 <=
	 * 512: 27 objects. */
	s = cache("radix_tree_node");
	assert_int_equal(s->size, 296);
	assert_int_equal(s->order, 1);
	assert_int_equal(s->objects, 27);
	/* blkdev_requests: 200 bytes; 16 * 200 = 3200: order 0; 4096 % 200
	 * = 96 <= 256: 20 objects. */
	s = cache("blkdev_requests");
	assert_int_equal(s->size, 200);
	assert_int_equal(s->order, 0);
	assert_int_equal(s->objects, 20);
	assert_int_equal(s->allocflags, 0);
	teardown();
}

/* ---- SLAB layouts --------------------------------------------------- */

/*
 * SLAB: struct slab is 48 bytes on x86-64 (28 on x86), each object has a
 * 4-byte kmem_bufctl_t; objects of PAGE_SIZE / 8 or more keep both off
 * the slab, unless what is left over holds them.  A reclaimable cache
 * takes the first order with an object; another stops at
 * slab_break_gfp_order 1 or when at most 1/8 is left over.
 */
static void test_slab_layouts_x86_64(void **state)
{
	struct kmem_cache *s;

	(void)state;
	boot("x86_64", SLAB_ALLOCATOR_SLAB, 4);
	/*
	 * radix_tree_node, 552, reclaimable, off-slab candidate: order 0
	 * holds 4096 / 552 = 7, 232 left; the management, ALIGN(48 + 7 * 4,
	 * 8) = 80, fits in it: on-slab after all.
	 */
	s = cache("radix_tree_node");
	assert_int_equal(s->size, 552);
	assert_int_equal(s->order, 0);
	assert_int_equal(s->objects, 7);
	assert_false(s->slab.off_slab);
	assert_int_equal(s->allocflags, __GFP_RECLAIMABLE);
	/*
	 * blkdev_requests, 336, on-slab: (4096 - 48) / 340 = 11, and 96 +
	 * 11 * 336 = 3792 fits; 304 left, 304 * 8 <= 4096: order 0.
	 * enable_cpucache: 336 > 256: limit 54, batchcount 27, shared 8.
	 */
	s = cache("blkdev_requests");
	assert_int_equal(s->order, 0);
	assert_int_equal(s->objects, 11);
	assert_int_equal(s->slab.limit, 54);
	assert_int_equal(s->slab.batchcount, 27);
	assert_int_equal(s->slab.shared, 8);
	/*
	 * 1100 bytes, off-slab: order 0 holds 3 and leaves 796, more than
	 * 4096 / 8; order 1 holds 7 and stops (slab_break_gfp_order).  492
	 * left: the 80 bytes of management move on-slab.  limit 24.
	 */
	s = kmem_cache_create("test_1100", 1100, 0, 0, NULL);
	assert_int_equal(s->order, 1);
	assert_int_equal(s->objects, 7);
	assert_false(s->slab.off_slab);
	assert_int_equal(s->slab.limit, 24);
	teardown();
}

static void test_slab_layouts_x86(void **state)
{
	struct kmem_cache *s;

	(void)state;
	boot("x86", SLAB_ALLOCATOR_SLAB, 4);
	/* radix_tree_node, 288, on-slab: (4096 - 28) / 292 = 13; ALIGN(28 +
	 * 52, 4) + 13 * 288 = 3824 fits. */
	s = cache("radix_tree_node");
	assert_int_equal(s->size, 288);
	assert_int_equal(s->order, 0);
	assert_int_equal(s->objects, 13);
	/* blkdev_requests, 200: (4096 - 28) / 204 = 19; 104 + 3800 fits. */
	s = cache("blkdev_requests");
	assert_int_equal(s->objects, 19);
	assert_int_equal(s->order, 0);
	teardown();
}

/* ---- pages -------------------------------------------------------------- */

/*
 * A slab's pages are PG_slab and counted by the cache's flags; a
 * reclaimable cache's slab sits in a MIGRATE_RECLAIMABLE pageblock, an
 * unmovable one's in a MIGRATE_UNMOVABLE one.
 */
static void test_slab_pages_migratetype(void **state)
{
	struct kmem_cache *rt, *rq;
	unsigned long reclaimable, unreclaimable;
	struct page *page;
	unsigned int order;
	void *a, *b;

	(void)state;
	boot("x86_64", SLAB_ALLOCATOR_SLUB, 1);
	rt = kmem_cache_create("test_reclaimable", 1000, 0,
			       SLAB_RECLAIM_ACCOUNT, NULL);
	rq = kmem_cache_create("test_unmovable", 1000, 0, 0, NULL);
	reclaimable = global_page_state_snapshot(NR_SLAB_RECLAIMABLE);
	unreclaimable = global_page_state_snapshot(NR_SLAB_UNRECLAIMABLE);
	a = kmem_cache_alloc(rt, GFP_KERNEL);
	b = kmem_cache_alloc(rq, GFP_KERNEL);
	assert_non_null(a);
	assert_non_null(b);
	/* 1000 bytes, one CPU: 8 objects in order 1 (8192 % 1000 = 192). */
	assert_int_equal(rt->order, 1);
	assert_int_equal(global_page_state_snapshot(NR_SLAB_RECLAIMABLE),
			 reclaimable + 2);
	assert_int_equal(global_page_state_snapshot(NR_SLAB_UNRECLAIMABLE),
			 unreclaimable + 2);
	page = virt_to_head_page_order(a, &order);
	assert_int_equal(order, 1);
	assert_true(PageSlab(page) && PageSlab(page + 1));
	assert_ptr_equal(page_get_cache(page), rt);
	assert_int_equal(get_pageblock_migratetype(page), MIGRATE_RECLAIMABLE);
	page = virt_to_head_page_order(b, &order);
	assert_ptr_equal(page_get_cache(page), rq);
	assert_int_equal(get_pageblock_migratetype(page), MIGRATE_UNMOVABLE);
	kmem_cache_free(rt, a);
	kmem_cache_free(rq, b);
	teardown();
}

/* ---- SLUB's partial list ------------------------------------------------ */

static struct page *slab_page(const void *obj)
{
	unsigned int order;

	return virt_to_head_page_order(obj, &order);
}

/*
 * Three slabs of 8 objects (1000 bytes, one CPU: order 1), filled in
 * order: the first two full and on no list, the third the CPU's.  Frees
 * out of order put a full slab on the partial list; emptying one
 * discards it at once; the next allocations drain the CPU's free list,
 * then take the partial slab.
 */
static void test_slub_partial_after_out_of_order_frees(void **state)
{
	struct kmem_cache *s;
	struct slabinfo si;
	void *o[24];

	(void)state;
	boot("x86_64", SLAB_ALLOCATOR_SLUB, 1);
	s = kmem_cache_create("test_partial", 1000, 0, 0, NULL);
	assert_int_equal(s->objects, 8);
	for (int i = 0; i < 24; i++) {
		o[i] = kmem_cache_alloc(s, GFP_KERNEL);
		assert_non_null(o[i]);
	}
	assert_int_equal(s->stats.nr_slabs, 3);
	assert_int_equal(s->stats.nr_pages, 6);
	assert_int_equal(s->slub.node.nr_partial, 0);
	/* Objects 0-7, 8-15, 16-23 share slabs. */
	for (int i = 0; i < 24; i++)
		assert_ptr_equal(slab_page(o[i]), slab_page(o[i / 8 * 8]));

	kmem_cache_free(s, o[3]);	/* first slab: full -> partial */
	kmem_cache_free(s, o[12]);	/* second slab: full -> partial */
	kmem_cache_free(s, o[20]);	/* the CPU's: its own free list */
	assert_int_equal(s->slub.node.nr_partial, 2);
	kmem_cache_slabinfo(s, &si);
	/* The CPU slab counts as in use; the partial slabs' free do not. */
	assert_int_equal(si.num_objs, 24);
	assert_int_equal(si.active_objs, 22);

	/* Empty the first slab: discarded, although nr_partial <
	 * min_partial (only unfreeze_slab keeps empty slabs). */
	for (int i = 0; i < 8; i++)
		if (i != 3)
			kmem_cache_free(s, o[i]);
	assert_int_equal(s->stats.nr_slabs, 2);
	assert_int_equal(s->stats.nr_pages, 4);
	assert_int_equal(s->slub.node.nr_partial, 1);

	/* The CPU's free list first (LIFO), then the partial slab. */
	assert_ptr_equal(kmem_cache_alloc(s, GFP_KERNEL), o[20]);
	assert_ptr_equal(kmem_cache_alloc(s, GFP_KERNEL), o[12]);
	assert_int_equal(s->slub.node.nr_partial, 0);
	assert_int_equal(s->stats.active, 16);
	teardown();
}

/* ---- SLAB's array cache and free_limit ----------------------------------- */

static unsigned int list_length(const struct list_head *head)
{
	const struct list_head *p;
	unsigned int n = 0;

	for (p = head->next; p != head; p = p->next)
		n++;
	return n;
}

/*
 * SLAB, one CPU (no shared array), 1000-byte objects: 4 per order-0 slab
 * (4096 / 1000, 96 left, the 64 bytes of management on the slab), limit
 * 54, batchcount 27, free_limit (1 + 1) * 27 + 4 = 58.  200 objects: each
 * refill of the empty array grows one slab and takes its 4.  Freed in
 * allocation order: the first 54 fill the array; every 27 frees after
 * that, cache_flusharray gives the oldest 27 back to their slabs
 * (free_block) - at frees 55, 82, ..., 190: 162 objects, 38 stay in the
 * array.  Slabs 0-13 (objects 0-55) empty while the node has at most 58
 * free objects: kept on slabs_free.  From then on each slab that empties
 * brings the count to 60 and is destroyed (slabs 14-39, objects 56-159);
 * objects 160 and 161 leave slab 40 partial, and the free count at 58;
 * slabs 41-49 hold the array's objects, full.
 */
static void test_slab_array_and_free_limit(void **state)
{
	struct kmem_cache *s;
	struct array_cache *ac;
	unsigned long pages;
	void *o[200];

	(void)state;
	boot("x86_64", SLAB_ALLOCATOR_SLAB, 1);
	s = kmem_cache_create("test_1000", 1000, 0, 0, NULL);
	assert_int_equal(s->objects, 4);
	assert_int_equal(s->order, 0);
	assert_false(s->slab.off_slab);
	assert_int_equal(s->slab.limit, 54);
	assert_int_equal(s->slab.batchcount, 27);
	assert_int_equal(s->slab.shared, 0);
	assert_int_equal(s->slab.l3.free_limit, 58);
	ac = &s->slab.array[0];
	pages = global_page_state_snapshot(NR_SLAB_UNRECLAIMABLE);
	for (int i = 0; i < 200; i++) {
		o[i] = kmem_cache_alloc(s, GFP_KERNEL);
		assert_non_null(o[i]);
		/* Four objects per slab, one slab per refill. */
		assert_int_equal(ac->avail, 3 - i % 4);
		assert_ptr_equal(slab_page(o[i]), slab_page(o[i / 4 * 4]));
	}
	assert_int_equal(s->stats.nr_slabs, 50);
	assert_int_equal(global_page_state_snapshot(NR_SLAB_UNRECLAIMABLE),
			 pages + 50);
	assert_int_equal(list_length(&s->slab.l3.slabs_full), 50);

	for (int i = 0; i < 200; i++)
		kmem_cache_free(s, o[i]);
	assert_int_equal(ac->avail, 38);
	assert_int_equal(s->slab.l3.free_objects, 58);
	assert_int_equal(s->stats.nr_slabs, 24);
	assert_int_equal(list_length(&s->slab.l3.slabs_free), 14);
	assert_int_equal(list_length(&s->slab.l3.slabs_partial), 1);
	assert_int_equal(list_length(&s->slab.l3.slabs_full), 9);
	assert_int_equal(global_page_state_snapshot(NR_SLAB_UNRECLAIMABLE),
			 pages + 24);
	/* The array's objects are the last 38 freed, the newest on top. */
	assert_ptr_equal(ac->entry[ac->avail - 1], o[199]);
	assert_ptr_equal(ac->entry[0], o[162]);
	teardown();
}

/* ---- mempools ------------------------------------------------------------ */

struct fake_pool {
	int calls;
	int fail_calls;		/* the first this many calls fail */
	gfp_t gfp[8];		/* the masks of the first calls */
	int element[16];
};

static void *fake_alloc(gfp_t gfp_mask, void *pool_data)
{
	struct fake_pool *f = pool_data;
	int n = f->calls++;

	if (n < 8)
		f->gfp[n] = gfp_mask;
	/* mempool_create's own fill always succeeds. */
	if (gfp_mask == GFP_KERNEL)
		return &f->element[15 - (n % 8)];
	return n < f->fail_calls ? NULL : &f->element[n % 8];
}

static void fake_free(void *element, void *pool_data)
{
	(void)element;
	(void)pool_data;
}

static mempool_t *fake_pool(struct fake_pool *f, int min_nr)
{
	mempool_t *pool;

	memset(f, 0, sizeof(*f));
	pool = mempool_create(min_nr, fake_alloc, fake_free, f);
	assert_int_equal(pool->curr_nr, min_nr);
	assert_int_equal(f->calls, min_nr);
	f->calls = 0;
	return pool;
}

/*
 * The first try: the caller's mask plus __GFP_NOMEMALLOC |
 * __GFP_NORETRY | __GFP_NOWARN, less __GFP_WAIT and __GFP_IO; then the
 * reserve (LIFO); without __GFP_WAIT, NULL once it is empty.
 */
static void test_mempool_first_try_and_reserve(void **state)
{
	const gfp_t added = __GFP_NOMEMALLOC | __GFP_NORETRY | __GFP_NOWARN;
	struct fake_pool f;
	mempool_t *pool;
	void *e;

	(void)state;
	boot("x86_64", SLAB_ALLOCATOR_SLUB, 1);
	pool = fake_pool(&f, 2);
	e = mempool_alloc(pool, GFP_NOIO);
	assert_ptr_equal(e, &f.element[0]);
	assert_int_equal(f.gfp[0], (GFP_NOIO | added) & ~__GFP_WAIT);
	e = mempool_alloc(pool, GFP_KERNEL);
	assert_int_equal(f.gfp[1], (GFP_KERNEL | added) &
			 ~(__GFP_WAIT | __GFP_IO));
	assert_true(f.gfp[1] & __GFP_FS);
	assert_int_equal(pool->nr_from_alloc, 2);
	assert_int_equal(pool->curr_nr, 2);

	/* The callback fails: the reserve, the last element filled first. */
	f.fail_calls = 100;
	assert_ptr_equal(mempool_alloc(pool, GFP_ATOMIC), pool->elements[1]);
	assert_int_equal(pool->curr_nr, 1);
	e = mempool_alloc(pool, GFP_ATOMIC);
	assert_non_null(e);
	assert_int_equal(pool->nr_from_reserve, 2);
	assert_null(mempool_alloc(pool, GFP_ATOMIC));
	assert_int_equal(pool->nr_failed, 1);
	/* GFP_ATOMIC's __GFP_HIGH is kept. */
	assert_int_equal(f.gfp[4], GFP_ATOMIC | added);
	/* Back: the reserve is refilled first, the rest goes to free_fn. */
	mempool_free(e, pool);
	assert_int_equal(pool->curr_nr, 1);
	mempool_destroy(pool);
	teardown();
}

struct waiter {
	mempool_t *pool;
	void *got, *freed;
	sim_time_t asked, returned, free_at;
	struct task_struct *task;
};

static void waiter_fn(void *arg)
{
	struct waiter *w = arg;

	w->asked = sim_now();
	w->got = mempool_alloc(w->pool, GFP_NOIO);
	w->returned = sim_now();
}

static void freer_fn(void *arg)
{
	struct waiter *w = arg;

	schedule_timeout_uninterruptible(HZ);
	w->free_at = sim_now();
	mempool_free(w->freed, w->pool);
}

static void empty_reserve(mempool_t *pool, struct fake_pool *f)
{
	f->fail_calls = 1000;
	while (pool->curr_nr)
		assert_non_null(mempool_alloc(pool, GFP_ATOMIC));
	f->calls = 0;
}

/*
 * A GFP_NOIO caller finds the callback failing and the reserve empty: it
 * sleeps on the pool's queue until another task's mempool_free puts an
 * element back 1 s later, then tries the callback again, with its own
 * mask now, and takes that element from the reserve.  Its sleep is its
 * TT_MEMPOOL time, and the pool counts one wait of one sleep.
 */
static void test_mempool_waiter_woken_by_free(void **state)
{
	const struct mempool_wait_record *rec;
	sim_time_t t[NR_TASK_TIME];
	struct run_result r;
	struct fake_pool f;
	struct waiter w = { 0 };
	size_t nr;
	int back;

	(void)state;
	boot("x86_64", SLAB_ALLOCATOR_SLUB, 2);
	w.pool = fake_pool(&f, 2);
	mempool_set_name(w.pool, "test pool");
	empty_reserve(w.pool, &f);
	f.fail_calls = 2;
	w.freed = &back;
	w.task = kthread_run(waiter_fn, &w, "waiter", DEFAULT_PRIO);
	kthread_run(freer_fn, &w, "freer", DEFAULT_PRIO);
	sim_run(sim_now() + 3 * NSEC_PER_SEC);
	assert_ptr_equal(w.got, &back);
	assert_true(w.free_at >= w.asked + NSEC_PER_SEC);
	assert_true(w.returned >= w.free_at);
	assert_true(w.returned < w.free_at + NSEC_PER_SEC / HZ);
	assert_int_equal(f.calls, 2);
	assert_int_equal(f.gfp[0] & (__GFP_WAIT | __GFP_IO), 0);
	assert_int_equal(f.gfp[1] & (__GFP_WAIT | __GFP_IO),
			 __GFP_WAIT);
	assert_int_equal(w.pool->curr_nr, 0);
	assert_int_equal(w.pool->nr_waits, 1);
	assert_int_equal(w.pool->nr_waiters, 1);
	assert_int_equal(w.pool->waiters[0].who, MEMPOOL_WAITER_TASK);
	assert_string_equal(w.pool->waiters[0].comm, "waiter");
	assert_int_equal(w.pool->waiters[0].sleeps, 1);
	assert_int_equal(w.pool->waiters[0].time, w.returned - w.asked);
	task_time_breakdown(w.task, t);
	assert_int_equal(t[TT_MEMPOOL], w.returned - w.asked);

	/* The measures: one record for the pool's one waiter. */
	result_init(&r);
	result_collect(&r);
	rec = result_records(&r, "mempool_waits", &nr);
	assert_int_equal(nr, 1);
	assert_string_equal(rec->pool, "test pool");
	assert_string_equal(rec->waiter, "task");
	assert_string_equal(rec->comm, "waiter");
	assert_int_equal(rec->waits, 1);
	assert_int_equal(rec->sleeps, 1);
	assert_int_equal(rec->time, w.returned - w.asked);
	assert_int_equal(result_uint(&r, "mempool_wait_calls"), 1);
	assert_int_equal(result_uint(&r, "mempool_wait_time"),
			 w.returned - w.asked);
	result_free(&r);
	mempool_destroy(w.pool);
	teardown();
}

/*
 * Nobody frees: io_schedule_timeout(5 * HZ) ends the sleep, the callback
 * is tried with the caller's mask and fails again, a second 5 s sleep,
 * and the third try succeeds, 10 s (and up to a tick per sleep) later.
 */
static void test_mempool_timeout_retries(void **state)
{
	sim_time_t t[NR_TASK_TIME];
	struct fake_pool f;
	struct waiter w = { 0 };

	(void)state;
	boot("x86_64", SLAB_ALLOCATOR_SLUB, 1);
	w.pool = fake_pool(&f, 1);
	empty_reserve(w.pool, &f);
	f.fail_calls = 2;
	w.task = kthread_run(waiter_fn, &w, "waiter", DEFAULT_PRIO);
	sim_run(sim_now() + 7 * NSEC_PER_SEC);
	/* After the first timeout: one retry, failed, asleep again. */
	assert_null(w.got);
	assert_int_equal(f.calls, 2);
	sim_run(sim_now() + 5 * NSEC_PER_SEC);
	assert_ptr_equal(w.got, &f.element[2]);
	assert_int_equal(f.calls, 3);
	assert_true(f.gfp[2] & __GFP_WAIT);
	assert_true(w.returned - w.asked >= 10 * NSEC_PER_SEC);
	assert_true(w.returned - w.asked <= 10 * NSEC_PER_SEC +
		    2 * NSEC_PER_SEC / HZ);
	assert_int_equal(w.pool->nr_from_alloc, 1);
	assert_int_equal(w.pool->waiters[0].sleeps, 2);
	assert_int_equal(w.pool->max_wait, w.returned - w.asked);
	task_time_breakdown(w.task, t);
	assert_int_equal(t[TT_MEMPOOL], w.returned - w.asked);
	mempool_destroy(w.pool);
	teardown();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_slub_layouts_x86_64),
		cmocka_unit_test(test_slub_layouts_one_cpu),
		cmocka_unit_test(test_slub_layouts_x86),
		cmocka_unit_test(test_slab_layouts_x86_64),
		cmocka_unit_test(test_slab_layouts_x86),
		cmocka_unit_test(test_slab_pages_migratetype),
		cmocka_unit_test(test_slub_partial_after_out_of_order_frees),
		cmocka_unit_test(test_slab_array_and_free_limit),
		cmocka_unit_test(test_mempool_first_try_and_reserve),
		cmocka_unit_test(test_mempool_waiter_woken_by_free),
		cmocka_unit_test(test_mempool_timeout_retries),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
