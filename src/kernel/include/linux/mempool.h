/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Memory pools, as 2.6.32's include/linux/mempool.h: a reserve of
 * min_nr elements made by the pool's alloc callback, handed out only when
 * the callback fails, so that a user that must make progress under
 * memory pressure (dm-crypt's write pages) can.  mm/mempool.c says what
 * mmsim's mempool_alloc does and how it differs from 2.6.32's.
 */
#ifndef MMSIM_MEMPOOL_H
#define MMSIM_MEMPOOL_H

#include "sim/sim.h"
#include "linux/gfp.h"

typedef void *(mempool_alloc_t)(gfp_t gfp_mask, void *pool_data);
typedef void (mempool_free_t)(void *element, void *pool_data);

typedef struct mempool_s {
	int min_nr;			/* reserve size */
	int curr_nr;			/* elements in the reserve now */
	void **elements;
	void *pool_data;
	mempool_alloc_t *alloc;
	mempool_free_t *free;
	struct wait_queue_head wait;	/* mempool_alloc waiting for a free */

	/* mmsim: what mempool_alloc handed out, for reports. */
	unsigned long nr_from_alloc;	/* by the alloc callback */
	unsigned long nr_from_reserve;	/* from the reserve */
	unsigned long nr_waits;		/* slept with the reserve empty */
} mempool_t;

/*
 * A pool of @min_nr elements made with @alloc_fn(GFP_KERNEL) now (as many
 * as it gives), freed with @free_fn.  Never fails.
 */
mempool_t *mempool_create(int min_nr, mempool_alloc_t *alloc_fn,
			  mempool_free_t *free_fn, void *pool_data);
/* Frees the reserve's elements and the pool. */
void mempool_destroy(mempool_t *pool);
/*
 * An element: from the callback, else from the reserve, else (only with
 * __GFP_WAIT) after waiting for one to be freed; NULL without __GFP_WAIT
 * when both fail.
 */
void *mempool_alloc(mempool_t *pool, gfp_t gfp_mask);
/* Back to the reserve if it is short, else to free_fn; may be called
 * from interrupt context. */
void mempool_free(void *element, mempool_t *pool);

#endif /* MMSIM_MEMPOOL_H */
