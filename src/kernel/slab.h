/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A slab allocator model: caches of fixed-size kernel objects packed into
 * whole pages (slabs), reclaimable or not.
 *
 * A reclaimable cache (SLAB_RECLAIM_ACCOUNT) behaves like the dentry
 * cache: its pages are __GFP_RECLAIMABLE (MIGRATE_RECLAIMABLE pageblocks,
 * NR_SLAB_RECLAIMABLE), an object its owner lets go of stays cached on an
 * unused LRU, and a shrinker (seeks = DEFAULT_SEEKS) frees unused objects
 * oldest first, giving recently used ones a second chance.  A page goes
 * back to the allocator only when every object on it is freed, which is
 * why shrinking slab frees pages slowly and fragments memory (§5.10).
 *
 * An unreclaimable cache (kmalloc-like) uses MIGRATE_UNMOVABLE pages and
 * NR_SLAB_UNRECLAIMABLE; its objects live until freed.
 *
 * Objects are named by an index (long), not a pointer.
 */
#ifndef MMSIM_SLAB_H
#define MMSIM_SLAB_H

#include <stdint.h>
#include <stdbool.h>
#include "gfp.h"
#include "mm.h"
#include "../sim/list.h"

#define SLAB_RECLAIM_ACCOUNT	0x00020000UL

struct slab;

struct kmem_cache {
	char name[32];
	unsigned long flags;		/* SLAB_RECLAIM_ACCOUNT */
	unsigned int objs_per_slab;	/* objects per page, 1..64 */
	gfp_t gfpflags;			/* added to every page allocation */

	struct slab **slabs;		/* by slab index; NULL: unused index */
	unsigned long nr_slab_slots;
	long *free_slab_index;		/* stack of unused indexes */
	unsigned long nr_free_slab_index;
	struct list_head partial;	/* slabs with a free object */

	/* Per object: state and the unused LRU (indexes; -1 ends). */
	uint8_t *obj_flags;
	long *lru_prev;
	long *lru_next;
	long lru_head;			/* most recently let go */
	long lru_tail;			/* next to be scanned */

	unsigned long nr_slabs;		/* pages held */
	unsigned long nr_objects;	/* allocated objects */
	unsigned long nr_unused;	/* of which on the unused LRU */
	unsigned long nr_shrunk;	/* freed by the shrinker */

	struct shrinker shrinker;	/* reclaimable caches only */
	struct list_head list;		/* all caches */
};

struct kmem_cache *kmem_cache_create(const char *name,
				     unsigned int objs_per_slab,
				     unsigned long flags);
/* Frees every object and page (end of a simulation). */
void kmem_cache_destroy(struct kmem_cache *cachep);
/* An object, in use; -1 when no page could be allocated. */
long kmem_cache_alloc(struct kmem_cache *cachep, gfp_t gfp);
void kmem_cache_free(struct kmem_cache *cachep, long obj);
/* The owner lets go (dput): the object stays cached, reclaimable. */
void kmem_cache_put_unused(struct kmem_cache *cachep, long obj);
/* Looked up again (dget): in use and referenced. */
void kmem_cache_get(struct kmem_cache *cachep, long obj);
bool kmem_cache_obj_live(const struct kmem_cache *cachep, long obj);
/* Destroy every cache, freeing its pages: before mem_exit(). */
void kmem_cache_exit(void);
/* Drop caches left by a previous simulation without touching its pages. */
void kmem_cache_forget_all(void);

#endif /* MMSIM_SLAB_H */
