// SPDX-License-Identifier: GPL-2.0
/*
 * Memory pools, as 2.6.32's mm/mempool.c.
 *
 * mempool_alloc as 2.6.32: the alloc callback first, without
 * __GFP_WAIT/__GFP_IO (and with __GFP_NOMEMALLOC | __GFP_NORETRY |
 * __GFP_NOWARN always); then a reserve element; then, if the caller may
 * sleep, wait up to 5 s (io_schedule_timeout) for an element to come back
 * and try again, this time with the caller's full mask.  mempool_free
 * refills the reserve before giving anything back to the free callback.
 *
 * Where mmsim differs: mempool_create keeps a reserve short of min_nr
 * when the callback fails, where 2.6.32 frees the pool and returns NULL;
 * and there is no lock (the simulation runs one piece of kernel code at
 * a time).
 */
#include <stdlib.h>
#include "linux/mempool.h"

static void add_element(mempool_t *pool, void *element)
{
	pool->elements[pool->curr_nr++] = element;
}

static void *remove_element(mempool_t *pool)
{
	return pool->elements[--pool->curr_nr];
}

mempool_t *mempool_create(int min_nr, mempool_alloc_t *alloc_fn,
			  mempool_free_t *free_fn, void *pool_data)
{
	mempool_t *pool = calloc(1, sizeof(*pool));

	if (!pool)
		abort();
	pool->min_nr = min_nr;
	pool->pool_data = pool_data;
	pool->alloc = alloc_fn;
	pool->free = free_fn;
	pool->elements = calloc(min_nr ? (size_t)min_nr : 1,
				sizeof(*pool->elements));
	if (!pool->elements)
		abort();
	init_waitqueue_head(&pool->wait);
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
	while (pool->curr_nr)
		pool->free(remove_element(pool), pool->pool_data);
	free(pool->elements);
	free(pool);
}

void *mempool_alloc(mempool_t *pool, gfp_t gfp_mask)
{
	gfp_t gfp_temp;

	gfp_mask |= __GFP_NOMEMALLOC | __GFP_NORETRY | __GFP_NOWARN;
	gfp_temp = gfp_mask & ~(__GFP_WAIT | __GFP_IO);
	for (;;) {
		void *element = pool->alloc(gfp_temp, pool->pool_data);
		DEFINE_WAIT(wait);

		if (element) {
			pool->nr_from_alloc++;
			return element;
		}
		if (pool->curr_nr) {
			pool->nr_from_reserve++;
			return remove_element(pool);
		}
		if (!(gfp_mask & __GFP_WAIT))
			return NULL;
		gfp_temp = gfp_mask;
		prepare_to_wait(&pool->wait, &wait, TASK_UNINTERRUPTIBLE);
		if (!pool->curr_nr) {
			enum task_time old = task_time_enter(TT_MEMPOOL);

			pool->nr_waits++;
			io_schedule_timeout(5 * HZ);
			task_time_exit(old);
		}
		finish_wait(&pool->wait, &wait);
	}
}

void mempool_free(void *element, mempool_t *pool)
{
	if (pool->curr_nr < pool->min_nr) {
		add_element(pool, element);
		wake_up(&pool->wait);
		return;
	}
	pool->free(element, pool->pool_data);
}
