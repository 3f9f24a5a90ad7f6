// SPDX-License-Identifier: GPL-2.0
/*
 * Memory pools, as 2.6.32's mm/mempool.c (the same in 2.6.30 and 2.6.31).
 *
 * mempool_alloc, in the kernel's order:
 *  1. the mask gets __GFP_NOMEMALLOC | __GFP_NORETRY | __GFP_NOWARN: a
 *     pool never dips into the emergency reserves, never loops in the
 *     page allocator and never warns;
 *  2. the callback is tried with that mask less __GFP_WAIT and __GFP_IO:
 *     it cannot sleep, start I/O or reclaim, and in the page allocator it
 *     is an ALLOC_HARDER caller without ALLOC_HIGH;
 *  3. else an element of the reserve (LIFO);
 *  4. else, without __GFP_WAIT, NULL;
 *  5. else the caller sleeps on the pool's wait queue, uninterruptible,
 *     for up to 5 s (io_schedule_timeout(5*HZ)), unless an element came
 *     back meanwhile, and starts again at 2 with its own mask (which may
 *     now reclaim).
 * mempool_free puts the element back into the reserve while it is short
 * of min_nr, and wakes one waiter; only a full pool hands it to the
 * free callback.  mempool_create fills the reserve with GFP_KERNEL.
 *
 * [MODEL] No lock (the simulation runs one piece of kernel code at a
 * time); the pool struct and its elements[] array are host memory (in
 * the kernel they are two kmallocs of a few hundred bytes, at boot).
 */
#include <stdarg.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "linux/kernel.h"
#include "linux/mempool.h"
#include "linux/slab.h"
#include "linux/swap.h"
#include "metrics/records.h"

const char *const mempool_waiter_names[NR_MEMPOOL_WAITERS] = {
	[MEMPOOL_WAITER_KSWAPD] = "kswapd",
	[MEMPOOL_WAITER_DIRECT] = "direct reclaim",
	[MEMPOOL_WAITER_FLUSHER] = "flusher",
	[MEMPOOL_WAITER_KCRYPTD] = "kcryptd",
	[MEMPOOL_WAITER_KJOURNALD] = "kjournald",
	[MEMPOOL_WAITER_TASK] = "task",
};

static LIST_HEAD(mempools);

static void add_element(mempool_t *pool, void *element)
{
	BUG_ON(pool->curr_nr >= pool->min_nr);
	pool->elements[pool->curr_nr++] = element;
}

static void *remove_element(mempool_t *pool)
{
	BUG_ON(pool->curr_nr <= 0);
	return pool->elements[--pool->curr_nr];
}

void mempool_set_name(mempool_t *pool, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(pool->name, sizeof(pool->name), fmt, ap);
	va_end(ap);
}

mempool_t *mempool_create(int min_nr, mempool_alloc_t *alloc_fn,
			  mempool_free_t *free_fn, void *pool_data)
{
	mempool_t *pool = calloc(1, sizeof(*pool));

	BUG_ON(!pool);
	pool->min_nr = min_nr;
	pool->pool_data = pool_data;
	pool->alloc = alloc_fn;
	pool->free = free_fn;
	pool->elements = calloc(min_nr ? (size_t)min_nr : 1,
				sizeof(*pool->elements));
	BUG_ON(!pool->elements);
	init_waitqueue_head(&pool->wait);
	snprintf(pool->name, sizeof(pool->name), "mempool");
	list_add_tail(&pool->list, &mempools);
	/* First pre-allocate the guaranteed number of buffers. */
	while (pool->curr_nr < pool->min_nr) {
		void *element = pool->alloc(GFP_KERNEL, pool->pool_data);

		if (!element)
			break;
		add_element(pool, element);
	}
	return pool;
}

void mempool_destroy(mempool_t *pool)
{
	if (!pool)
		return;
	while (pool->curr_nr)
		pool->free(remove_element(pool), pool->pool_data);
	list_del(&pool->list);
	free(pool->waiters);
	free(pool->elements);
	free(pool);
}

/* ---- the helpers -------------------------------------------------------- */

void *mempool_alloc_slab(gfp_t gfp_mask, void *pool_data)
{
	return kmem_cache_alloc(pool_data, gfp_mask);
}

void mempool_free_slab(void *element, void *pool_data)
{
	kmem_cache_free(pool_data, element);
}

void *mempool_kmalloc(gfp_t gfp_mask, void *pool_data)
{
	return kmalloc((size_t)pool_data, gfp_mask);
}

void mempool_kfree(void *element, void *pool_data)
{
	(void)pool_data;
	kfree(element);
}

void *mempool_alloc_pages(gfp_t gfp_mask, void *pool_data)
{
	return alloc_pages_for(ALLOC_CALLER_PAGE_POOL, gfp_mask,
			       (unsigned int)(long)pool_data);
}

void mempool_free_pages(void *element, void *pool_data)
{
	__free_pages(element, (unsigned int)(long)pool_data);
}

mempool_t *mempool_create_slab_pool(int min_nr, struct kmem_cache *kc)
{
	mempool_t *pool;

	pool = mempool_create(min_nr, mempool_alloc_slab, mempool_free_slab, kc);
	pool->kind = MEMPOOL_SLAB;
	mempool_set_name(pool, "%s", kc->name);
	return pool;
}

mempool_t *mempool_create_kmalloc_pool(int min_nr, size_t size)
{
	mempool_t *pool;

	pool = mempool_create(min_nr, mempool_kmalloc, mempool_kfree,
			      (void *)size);
	pool->kind = MEMPOOL_KMALLOC;
	mempool_set_name(pool, "kmalloc %zu", size);
	return pool;
}

mempool_t *mempool_create_page_pool(int min_nr, int order)
{
	mempool_t *pool;

	pool = mempool_create(min_nr, mempool_alloc_pages, mempool_free_pages,
			      (void *)(long)order);
	pool->kind = MEMPOOL_PAGE;
	mempool_set_name(pool, "pages order %d", order);
	return pool;
}

/* ---- waiting ------------------------------------------------------------ */

static enum mempool_waiter waiter_kind(const struct task_struct *p)
{
	if (p->flags & PF_KSWAPD)
		return MEMPOOL_WAITER_KSWAPD;
	/* __alloc_pages_direct_reclaim sets PF_MEMALLOC around reclaim. */
	if (p->flags & PF_MEMALLOC)
		return MEMPOOL_WAITER_DIRECT;
	if (!strncmp(p->comm, "pdflush", 7) || !strncmp(p->comm, "flush-", 6) ||
	    !strcmp(p->comm, "bdi-default"))
		return MEMPOOL_WAITER_FLUSHER;
	if (!strncmp(p->comm, "kcryptd", 7))
		return MEMPOOL_WAITER_KCRYPTD;
	if (!strncmp(p->comm, "kjournald", 9))
		return MEMPOOL_WAITER_KJOURNALD;
	return MEMPOOL_WAITER_TASK;
}

static void record_wait(mempool_t *pool, const struct task_struct *p,
			enum mempool_waiter who, unsigned long sleeps,
			sim_time_t waited)
{
	struct mempool_wait_stat *w = NULL;

	for (unsigned int i = 0; i < pool->nr_waiters; i++)
		if (pool->waiters[i].who == who &&
		    !strcmp(pool->waiters[i].comm, p->comm)) {
			w = &pool->waiters[i];
			break;
		}
	if (!w) {
		pool->waiters = realloc(pool->waiters, (pool->nr_waiters + 1) *
					sizeof(*pool->waiters));
		BUG_ON(!pool->waiters);
		w = &pool->waiters[pool->nr_waiters++];
		memset(w, 0, sizeof(*w));
		w->who = who;
		snprintf(w->comm, sizeof(w->comm), "%s", p->comm);
	}
	w->waits++;
	w->sleeps += sleeps;
	w->time += waited;
	if (waited > w->max)
		w->max = waited;
	pool->nr_waits++;
	pool->wait_time += waited;
	if (waited > pool->max_wait)
		pool->max_wait = waited;
}

/*
 * The sleep of step 5: io_schedule_timeout(5*HZ) on the pool's wait
 * queue, unless an element came back after prepare_to_wait (the kernel
 * looks under pool->lock).  A task's wchan is this function; the sleep
 * is charged to the task's TT_MEMPOOL time.
 */
static void mempool_wait(mempool_t *pool)
{
	DEFINE_WAIT(wait);

	prepare_to_wait(&pool->wait, &wait, TASK_UNINTERRUPTIBLE);
	if (!pool->curr_nr) {
		enum task_time old = task_time_enter(TT_MEMPOOL);

		io_schedule_timeout(5 * HZ);
		task_time_exit(old);
	}
	finish_wait(&pool->wait, &wait);
}

/*
 * Steps 2-5 of mempool_alloc: the reserve, then sleeping until an element
 * comes back and trying the allocator again.  Out of line so that the
 * common case, the allocator's first try succeeding (some 5 million calls
 * in a default run), needs no registers saved for the waiting.
 */
static __attribute__((noinline)) void *mempool_alloc_slow(mempool_t *pool, gfp_t gfp_mask)
{
	sim_time_t slept_at = 0;
	unsigned long sleeps = 0;
	void *element;

	for (;;) {
		if (pool->curr_nr) {
			element = remove_element(pool);
			pool->nr_from_reserve++;
			break;
		}
		/* We must not sleep in the GFP_ATOMIC case. */
		if (!(gfp_mask & __GFP_WAIT)) {
			pool->nr_failed++;
			return NULL;
		}
		/* Now start performing page reclaim.  Only a task sleeps
		 * (mmsim's tests also call kernel paths from no task). */
		BUG_ON(in_interrupt() || !current);
		if (!sleeps)
			slept_at = sim_now();
		sleeps++;
		mempool_wait(pool);
		/* repeat_alloc, now with the caller's full gfp_mask */
		element = pool->alloc(gfp_mask, pool->pool_data);
		if (element) {
			pool->nr_from_alloc++;
			break;
		}
	}
	pool->nr_out++;
	if (sleeps)
		record_wait(pool, current, waiter_kind(current), sleeps,
			    sim_now() - slept_at);
	return element;
}

void *mempool_alloc(mempool_t *pool, gfp_t gfp_mask)
{
	void *element;
	gfp_t gfp_temp;

	gfp_mask |= __GFP_NOMEMALLOC;	/* don't allocate emergency reserves */
	gfp_mask |= __GFP_NORETRY;	/* don't loop in __alloc_pages */
	gfp_mask |= __GFP_NOWARN;	/* failures are OK */
	gfp_temp = gfp_mask & ~(__GFP_WAIT | __GFP_IO);
	element = pool->alloc(gfp_temp, pool->pool_data);
	if (likely(element)) {
		pool->nr_from_alloc++;
		pool->nr_out++;
		return element;
	}
	return mempool_alloc_slow(pool, gfp_mask);
}

void mempool_free(void *element, mempool_t *pool)
{
	if (!element)
		return;
	pool->nr_out--;
	if (pool->curr_nr < pool->min_nr) {
		add_element(pool, element);
		wake_up(&pool->wait);
		return;
	}
	pool->free(element, pool->pool_data);
}

/* ---- the list of pools -------------------------------------------------- */

mempool_t *mempool_next(mempool_t *prev)
{
	struct list_head *next = prev ? prev->list.next : mempools.next;

	return next == &mempools ? NULL : list_entry(next, mempool_t, list);
}

unsigned long mempool_held_pages(void)
{
	unsigned long pages = 0;
	mempool_t *pool;

	list_for_each_entry(pool, &mempools, list)
		if (pool->kind == MEMPOOL_PAGE)
			pages += (unsigned long)(pool->curr_nr + pool->nr_out) <<
				 (long)pool->pool_data;
	return pages;
}

int mempool_check(char *msg, size_t len)
{
	mempool_t *pool;

	list_for_each_entry(pool, &mempools, list) {
		if (pool->curr_nr < 0 || pool->curr_nr > pool->min_nr ||
		    pool->nr_out < 0) {
			snprintf(msg, len, "pool %s: %d of %d in the reserve, "
				 "%ld handed out", pool->name, pool->curr_nr,
				 pool->min_nr, pool->nr_out);
			return -1;
		}
		/* A waiter with elements in the reserve would never wake. */
		if (pool->curr_nr && waitqueue_active(&pool->wait)) {
			bool asleep = false;
			struct wait_queue_entry *w;

			list_for_each_entry(w, &pool->wait.head, entry)
				asleep |= task_blocked(w->task);
			if (asleep) {
				snprintf(msg, len, "pool %s: a task sleeps with "
					 "%d elements in the reserve",
					 pool->name, pool->curr_nr);
				return -1;
			}
		}
		for (int i = 0; i < pool->curr_nr; i++) {
			const void *e = pool->elements[i];
			struct kmem_cache *kc;

			if (pool->kind == MEMPOOL_SLAB) {
				kc = virt_to_cache(e);
				if (kc != pool->pool_data) {
					snprintf(msg, len, "pool %s: element %d is "
						 "not an object of %s", pool->name,
						 i, ((struct kmem_cache *)
						     pool->pool_data)->name);
					return -1;
				}
			} else if (pool->kind == MEMPOOL_PAGE) {
				const struct page *page = e;

				if (page_count(page) != 1 || PageBuddy(page) ||
				    PageLRU(page) || PageSlab(page)) {
					snprintf(msg, len, "pool %s: page pfn %lu "
						 "in the reserve has count %d, "
						 "flags %#x", pool->name,
						 page_to_pfn(page), page_count(page),
						 page->flags);
					return -1;
				}
			}
		}
	}
	return 0;
}

/* ---- measures ----------------------------------------------------------- */

_Static_assert(sizeof(((mempool_t *)0)->name) <= RESULT_POOL_NAME_LEN,
	       "mempool name");
_Static_assert(sizeof(((struct mempool_wait_stat *)0)->comm) <= RESULT_COMM_LEN,
	       "mempool waiter comm");

/* Every pool's waiters, pools oldest first, waiters in the order they
 * first slept. */
static void collect_mempool_waits(struct run_result *r)
{
	uint64_t waits = 0, time = 0;
	mempool_t *pool;

	list_for_each_entry(pool, &mempools, list) {
		for (unsigned int i = 0; i < pool->nr_waiters; i++) {
			const struct mempool_wait_stat *w = &pool->waiters[i];
			struct mempool_wait_record rec;

			memset(&rec, 0, sizeof(rec));
			snprintf(rec.pool, sizeof(rec.pool), "%s", pool->name);
			snprintf(rec.waiter, sizeof(rec.waiter), "%s",
				 mempool_waiter_names[w->who]);
			snprintf(rec.comm, sizeof(rec.comm), "%s", w->comm);
			rec.waits = w->waits;
			rec.sleeps = w->sleeps;
			rec.time = w->time;
			rec.max = w->max;
			result_append(r, "mempool_waits", &rec);
		}
		waits += pool->nr_waits;
		time += pool->wait_time;
	}
	result_set_uint(r, "mempool_wait_calls", waits);
	result_set_uint(r, "mempool_wait_time", time);
}

static struct measure mempool_waits_measure = {
	.name = "mempool_waits", .doc = "mempool_alloc calls that slept, their "
	"io_schedule_timeout rounds and time (first sleep to element), per "
	"pool, kind of waiter and task name",
	.unit = "calls, ns", .kind = MEASURE_TABLE, .aggregate = AGGREGATE_NONE,
	.json = "mempool_waits", .csv = "mempool_waits", .type = MT_LIST,
	.record = &mempool_wait_record, .flags = MF_OMIT_EMPTY,
	.collect = collect_mempool_waits,
};
MEASURE_REGISTER(mempool_waits_measure);

static struct measure mempool_wait_calls_measure = {
	.name = "mempool_wait_calls", .doc = "mempool_alloc calls that slept "
	"for an element, every pool",
	.unit = "calls", .kind = MEASURE_COUNTER,
	.aggregate = AGGREGATE_MEAN_STDDEV, .json = "mempool_wait_calls",
	.csv = "mempool_wait_calls", .type = MT_UINT, .flags = MF_OMIT_EMPTY,
};
MEASURE_REGISTER(mempool_wait_calls_measure);

static struct measure mempool_wait_time_measure = {
	.name = "mempool_wait_time", .doc = "ns mempool_alloc callers spent "
	"between their first sleep and their element, every pool",
	.unit = "ns", .kind = MEASURE_COUNTER,
	.aggregate = AGGREGATE_MEAN_STDDEV, .json = "mempool_wait_time_ns",
	.csv = "mempool_wait_time_ns", .type = MT_UINT, .flags = MF_OMIT_EMPTY,
};
MEASURE_REGISTER(mempool_wait_time_measure);

/*
 * What the reports show of the waits: the time mempool_alloc callers
 * slept for an element, per pool that had any (its records summed, then
 * the mean over those pools), so a kernel whose waits spread over more
 * pools is not read as one that waits longer.  NAN (left out of the
 * column) for a run in which no pool waited.
 */
static double shown_mempool_wait(const struct run_result *r)
{
	size_t nr, pools = 0;
	const struct mempool_wait_record *w =
		result_records(r, "mempool_waits", &nr);
	uint64_t time = 0;

	for (size_t i = 0; i < nr; i++) {
		bool seen = false;

		for (size_t j = 0; j < i && !seen; j++)
			seen = !strcmp(w[j].pool, w[i].pool);
		pools += !seen;
		time += w[i].time;
	}
	return pools ? (double)time / NSEC_PER_SEC / (double)pools : NAN;
}

MEASURE_SHOWN(mempool_wait, .name = "mempool-wait", .order = 370,
	.doc = "time mempool_alloc callers slept for an element, per pool "
	"that had any waits",
	.unit = "s", .kind = MEASURE_GAUGE, .value = shown_mempool_wait,
	.title = "mempool_alloc wait per pool (s)", .group = "mempool waits",
	.precision = 2);

void mempool_forget_all(void)
{
	/* A previous simulation's pools refer to its memory: forget them
	 * (their owners, if any, still free them). */
	while (!list_empty(&mempools))
		list_del_init(mempools.next);
}
