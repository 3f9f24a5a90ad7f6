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
 * why shrinking slab frees pages slowly and fragments memory (2.6.32
 * mm/vmscan.c shrink_slab()).
 *
 * An unreclaimable cache (kmalloc-like) uses MIGRATE_UNMOVABLE pages and
 * NR_SLAB_UNRECLAIMABLE; its objects live until freed.
 *
 * Objects are named by an index (long), not a pointer.
 *
 * Slab size (kmem_cache_create_sized): the order and objects per slab are
 * computed from the object size as the configured allocator of 2.6.32
 * computes them (calculate_slab_order in mm/slab.c, calculate_order in
 * mm/slub.c; docs/model.md "Slab").  SLUB asks for its preferred order with
 * __GFP_NORETRY | __GFP_NOWARN and falls back to the smallest order that
 * holds one object (allocate_slab, ORDER_FALLBACK).
 */
#ifndef MMSIM_SLAB_H
#define MMSIM_SLAB_H

#include <stdint.h>
#include <stdbool.h>
#include "linux/gfp.h"
#include "linux/mm.h"
#include "sim/list.h"

#define SLAB_RECLAIM_ACCOUNT	0x00020000UL
/* [MODEL] Not a kernel flag: the cache has a constructor (SLUB then keeps
 * its free pointer after the object, one word more per object). */
#define SLAB_MMSIM_CTOR		0x80000000UL

/* The largest slab mmsim tracks per free mask. */
#define SLAB_MAX_OBJS		64

enum slab_allocator {
	SLAB_ALLOCATOR_SLUB,		/* CONFIG_SLUB: Kconfig's default in 2.6.32 */
	SLAB_ALLOCATOR_SLAB,		/* CONFIG_SLAB */
};

extern const char *const slab_allocator_names[];	/* "slub", "slab" */

struct slab;
struct kmem_cache;

/*
 * Owner hook of kmem_cache_prune: may @obj (unused, unreferenced, at the
 * old end) be freed now?  It does the owner's side of freeing (dentry_iput,
 * clear_inode) before returning true; false keeps the object, which moves
 * to the young end.
 */
typedef bool (*kmem_evict_fn)(struct kmem_cache *cachep, long obj, void *owner);

struct kmem_cache {
	char name[32];
	unsigned long flags;		/* SLAB_RECLAIM_ACCOUNT */
	unsigned int objs_per_slab;	/* objects per slab of @order, 1..64 */
	unsigned int size;		/* bytes per object (slabinfo objsize) */
	unsigned int order;		/* pages per slab: 1 << order */
	unsigned int min_order;		/* SLUB's fallback order (s->min) */
	unsigned int min_objs;		/* objects in a fallback slab */
	bool lru_referenced;		/* put_unused sets the referenced bit */
	gfp_t gfpflags;			/* added to every page allocation */

	struct slab **slabs;		/* by slab index; NULL: unused index */
	unsigned long nr_slab_slots;
	long *free_slab_index;		/* stack of unused indexes */
	unsigned long nr_free_slab_index;
	struct list_head partial;	/* slabs with a free object */

	/* Per object: state, owner and the unused LRU (indexes; -1 ends). */
	uint8_t *obj_flags;
	void **obj_owner;
	long *lru_prev;
	long *lru_next;
	long lru_head;			/* most recently let go */
	long lru_tail;			/* next to be scanned */

	unsigned long nr_slabs;		/* pages held */
	unsigned long nr_objects;	/* allocated objects */
	unsigned long nr_unused;	/* of which on the unused LRU */
	unsigned long nr_shrunk;	/* freed by the shrinker */
	unsigned long nr_total_objs;	/* room in all slabs (slabinfo num_objs) */
	unsigned long nr_pages;		/* pages held, all slabs */
	unsigned long nr_order_fallback;	/* SLUB ORDER_FALLBACK */
	unsigned long nr_grow_failed;	/* no page at all */

	struct shrinker shrinker;	/* reclaimable caches only */
	struct list_head list;		/* all caches */
};

/*
 * The allocator and CPU count slab sizes are computed for (machine boot;
 * default SLUB, 1 CPU).  Caches created before keep their layout.
 */
void kmem_cache_config(enum slab_allocator allocator, unsigned int nr_cpus);
/*
 * [MODEL] A cache of order-0 slabs of @objs_per_slab objects with its own
 * shrinker (reclaimable caches: it reports nr_unused and prunes the
 * unused LRU).  Unit tests use it for shrink_slab's arithmetic.
 */
struct kmem_cache *kmem_cache_create(const char *name,
				     unsigned int objs_per_slab,
				     unsigned long flags);
/*
 * A cache of @size-byte objects laid out as the configured allocator does;
 * no shrinker (the cache's user registers one, as the dcache does).
 */
struct kmem_cache *kmem_cache_create_sized(const char *name, unsigned int size,
					   unsigned long flags);
/* Layout of @size-byte objects under @allocator with @nr_cpus CPUs. */
void kmem_cache_layout(enum slab_allocator allocator, unsigned int nr_cpus,
		       unsigned int size, unsigned long flags,
		       unsigned int *objsize, unsigned int *order,
		       unsigned int *objs, unsigned int *min_order,
		       unsigned int *min_objs);
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
void kmem_cache_set_owner(struct kmem_cache *cachep, long obj, void *owner);
/* The first page of the slab holding @obj, and the slab's order. */
struct page *kmem_cache_obj_page(const struct kmem_cache *cachep, long obj,
				 unsigned int *order);
/*
 * Look at up to @nr unused objects from the old end, as prune_dcache and
 * prune_icache do: a referenced one loses its bit and moves to the young
 * end; otherwise @evict decides (NULL: always free).  Returns objects freed.
 */
unsigned long kmem_cache_prune(struct kmem_cache *cachep, unsigned long nr,
			       kmem_evict_fn evict);
/* The allocator and CPU count of kmem_cache_config. */
enum slab_allocator kmem_cache_allocator(void);
unsigned int kmem_cache_nr_cpus(void);
/* Every cache, in creation order (for /proc/slabinfo). */
struct kmem_cache *kmem_cache_next(struct kmem_cache *prev);
/* Destroy every cache, freeing its pages: before mem_exit(). */
void kmem_cache_exit(void);
/* Drop caches left by a previous simulation without touching its pages. */
void kmem_cache_forget_all(void);

#endif /* MMSIM_SLAB_H */
