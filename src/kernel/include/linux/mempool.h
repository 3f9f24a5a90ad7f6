/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Memory pools, as 2.6.32's include/linux/mempool.h: a reserve of
 * min_nr elements made by the pool's alloc callback at creation, handed
 * out only when the callback fails, so that a user who must make
 * progress under memory pressure (a bio on the swap-out path, a request,
 * dm's and dm-crypt's ios and pages) can, by waiting for an element to
 * come back.  mm/mempool.c says what mempool_alloc does, step by step.
 *
 * mmsim adds a name to each pool, a list of every pool (the metrics and
 * the invariant checker read it), and the waits: how often and how long
 * mempool_alloc slept on each pool, and who slept.
 */
#ifndef MMSIM_MEMPOOL_H
#define MMSIM_MEMPOOL_H

#include "sim/sim.h"
#include "linux/gfp.h"

struct kmem_cache;

typedef void *(mempool_alloc_t)(gfp_t gfp_mask, void *pool_data);
typedef void (mempool_free_t)(void *element, void *pool_data);

/* What the elements are, for the checker's page count. */
enum mempool_kind {
	MEMPOOL_OTHER,
	MEMPOOL_SLAB,			/* kmem_cache_alloc(pool_data) */
	MEMPOOL_KMALLOC,		/* kmalloc((size_t)pool_data) */
	MEMPOOL_PAGE,			/* alloc_pages(gfp, (long)pool_data) */
};

/* Who slept in mempool_alloc (mempool_waiter_kind). */
enum mempool_waiter {
	MEMPOOL_WAITER_KSWAPD,
	MEMPOOL_WAITER_DIRECT,		/* a task in direct reclaim */
	MEMPOOL_WAITER_FLUSHER,		/* pdflush, flush-MAJ:MIN, bdi-default */
	MEMPOOL_WAITER_KCRYPTD,		/* kcryptd, kcryptd_io, ... */
	MEMPOOL_WAITER_KJOURNALD,
	MEMPOOL_WAITER_TASK,		/* any other task */
	NR_MEMPOOL_WAITERS
};

extern const char *const mempool_waiter_names[NR_MEMPOOL_WAITERS];

/* Sleeps of one kind of waiter (and, for tasks, one task by name). */
struct mempool_wait_stat {
	enum mempool_waiter who;
	char comm[16];
	unsigned long waits;		/* mempool_alloc calls that slept */
	unsigned long sleeps;		/* io_schedule_timeout rounds */
	sim_time_t time;		/* ns from the first sleep to the element */
	sim_time_t max;			/* the longest such wait */
};

typedef struct mempool_s {
	int min_nr;			/* reserve size */
	int curr_nr;			/* elements in the reserve now */
	void **elements;
	void *pool_data;
	mempool_alloc_t *alloc;
	mempool_free_t *free;
	struct wait_queue_head wait;	/* mempool_alloc waiting for a free */

	/* mmsim */
	char name[32];
	enum mempool_kind kind;
	struct list_head list;		/* every pool */
	long nr_out;			/* handed out by mempool_alloc, not freed */
	unsigned long nr_from_alloc;	/* by the alloc callback */
	unsigned long nr_from_reserve;	/* from the reserve */
	unsigned long nr_failed;	/* returned NULL (no __GFP_WAIT) */
	unsigned long nr_waits;		/* calls that slept */
	sim_time_t wait_time, max_wait;
	struct mempool_wait_stat *waiters;
	unsigned int nr_waiters;
} mempool_t;

/*
 * A pool of @min_nr elements made with @alloc_fn(GFP_KERNEL) now, freed
 * with @free_fn.  [MODEL] Never fails: if the callback fails the reserve
 * stays short (2.6.32 frees the pool and returns NULL).
 */
mempool_t *mempool_create(int min_nr, mempool_alloc_t *alloc_fn,
			  mempool_free_t *free_fn, void *pool_data);
/* mm/mempool.c's helpers and include/linux/mempool.h's wrappers. */
void *mempool_alloc_slab(gfp_t gfp_mask, void *pool_data);
void mempool_free_slab(void *element, void *pool_data);
void *mempool_kmalloc(gfp_t gfp_mask, void *pool_data);
void mempool_kfree(void *element, void *pool_data);
void *mempool_alloc_pages(gfp_t gfp_mask, void *pool_data);
void mempool_free_pages(void *element, void *pool_data);
mempool_t *mempool_create_slab_pool(int min_nr, struct kmem_cache *kc);
mempool_t *mempool_create_kmalloc_pool(int min_nr, size_t size);
mempool_t *mempool_create_page_pool(int min_nr, int order);
/* Frees the reserve's elements and the pool. */
void mempool_destroy(mempool_t *pool);
/* [MODEL] The pool's name in reports ("dm-1 io", "sda requests"). */
void mempool_set_name(mempool_t *pool, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * An element: from the callback (never sleeping, never reserves), else
 * from the reserve, else (only with __GFP_WAIT) after sleeping until an
 * element is freed or 5 s pass, then again with the caller's mask; NULL
 * without __GFP_WAIT when both fail.
 */
void *mempool_alloc(mempool_t *pool, gfp_t gfp_mask);
/* Back to the reserve if it is short (waking a waiter), else to free_fn;
 * may be called from interrupt context. */
void mempool_free(void *element, mempool_t *pool);

/* Every pool, oldest first (NULL: start). */
mempool_t *mempool_next(mempool_t *prev);
/* Pages held by page pools: in their reserves and handed out. */
unsigned long mempool_held_pages(void);
/* The checker: every pool's reserve within min_nr, its elements live.
 * 0, or -1 with what is wrong in @msg. */
int mempool_check(char *msg, size_t len);
/* Start of a simulation: forget the pools of a previous one. */
void mempool_forget_all(void);

#endif /* MMSIM_MEMPOOL_H */
