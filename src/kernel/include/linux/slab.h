/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The slab allocators of 2.6.32 (include/linux/slab.h): caches of
 * fixed-size kernel objects carved out of whole pages (slabs) taken from
 * the buddy allocator, and kmalloc() on top of them.
 *
 * Both allocators are built, and the machine picks one at boot (scenario
 * [machine] slab): SLUB (mm/slub.c, include/linux/slub_def.h; Kconfig's
 * default and the distributions' choice in 2009) or SLAB (mm/slab.c,
 * include/linux/slab_def.h).  What they share - the cache list, the host
 * memory behind every object, kmalloc's size classes, the counters the
 * metrics and /proc/slabinfo read - is mm/slab_common.c ([MODEL]: the
 * kernel builds one allocator and has no such file in 2.6.32).
 *
 * Objects are host memory: kmem_cache_alloc() returns a pointer the
 * caller keeps its own struct in (a struct bio, a radix_tree_node, ...),
 * and that memory belongs to a slab whose pages are simulated pages,
 * PG_slab, counted in NR_SLAB_RECLAIMABLE or NR_SLAB_UNRECLAIMABLE.  The
 * simulated object size (what packs the slab) is the kernel's sizeof of
 * the era, per architecture; the host room behind each object is at
 * least that, or what the caller's host struct needs
 * (kmem_cache_create_host).  docs/model.md "Slab" has every cache, its
 * size, order and derivation.
 */
#ifndef MMSIM_SLAB_H
#define MMSIM_SLAB_H

#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>
#include "linux/gfp.h"
#include "linux/mm.h"
#include "sim/list.h"

/* Flags of kmem_cache_create (2.6.32 include/linux/slab.h). */
#define SLAB_HWCACHE_ALIGN	0x00002000UL	/* align objects on a cache line */
#define SLAB_CACHE_DMA		0x00004000UL	/* use GFP_DMA memory */
#define SLAB_RECLAIM_ACCOUNT	0x00020000UL	/* __GFP_RECLAIMABLE, NR_SLAB_RECLAIMABLE */
#define SLAB_TEMPORARY		SLAB_RECLAIM_ACCOUNT
#define SLAB_PANIC		0x00040000UL	/* boot-time cache: panic on failure */
#define SLAB_DESTROY_BY_RCU	0x00080000UL	/* pages freed after an RCU grace period */
#define SLAB_MEM_SPREAD		0x00100000UL	/* cpusets only */

#define ZERO_SIZE_PTR		((void *)16)

enum slab_allocator {
	SLAB_ALLOCATOR_SLUB,		/* CONFIG_SLUB: Kconfig's default in 2.6.32 */
	SLAB_ALLOCATOR_SLAB,		/* CONFIG_SLAB */
};

extern const char *const slab_allocator_names[];	/* "slub", "slab" */

struct kmem_cache;
struct slab;

#include "linux/slub_def.h"
#include "linux/slab_def.h"

/*
 * mmsim's counters of a cache, kept by both allocators: what the
 * metrics layer and the invariant checker read.
 */
struct kmem_cache_stats {
	unsigned long nr_slabs;		/* slabs held */
	unsigned long nr_pages;		/* pages held, every slab */
	unsigned long max_pages;	/* the most it held at once */
	unsigned long total_objects;	/* room in every slab */
	unsigned long active;		/* objects handed out, not freed */
	unsigned long allocs, frees;
	unsigned long order_fallback;	/* SLUB ORDER_FALLBACK */
	unsigned long grow_failed;	/* no page: the allocation failed */
};

struct kmem_cache {
	char name[32];
	enum slab_allocator allocator;	/* the one that made it */
	unsigned long flags;		/* SLAB_*, as the cache was created */
	unsigned int objsize;		/* the caller's object size (largest alias) */
	unsigned int size;		/* bytes per object in a slab: slabinfo's objsize */
	unsigned int align;
	unsigned int order;		/* pages per slab: 1 << order (the preferred) */
	unsigned int objects;		/* objects per slab of @order */
	gfp_t allocflags;		/* added to every page allocation */
	void (*ctor)(void *);
	int refcount;			/* SLUB: caches merged into this one */
	struct list_head list;		/* every cache, newest first */
	unsigned int id;		/* creation order (SLAB's reap offset) */

	struct kmem_cache_slub slub;	/* SLUB's fields (slub_def.h) */
	struct kmem_cache_slab slab;	/* SLAB's fields (slab_def.h) */

	/* mmsim: every slab (SLUB keeps no list of full ones), and the
	 * host memory behind the objects. */
	struct list_head slabs;
	size_t host_size;		/* payload bytes per object */
	struct slab *host_free;		/* spare slab descriptors with memory */
	unsigned int nr_host_free;
	struct kmem_cache_stats stats;
	unsigned long census_pages;	/* the checker's count of PG_slab pages */
};

/*
 * The allocator, the possible CPUs (nr_cpu_ids: SLUB's orders, SLAB's
 * shared arrays and per-CPU caches) and whether SLUB merges caches
 * (slub_nomerge) for the caches created after.  Machine boot; default
 * SLUB, 1 CPU, merging.
 */
void kmem_cache_config(enum slab_allocator allocator, unsigned int nr_cpus);
void kmem_cache_set_nomerge(bool nomerge);
enum slab_allocator kmem_cache_allocator(void);
unsigned int kmem_cache_nr_cpus(void);

/*
 * mm_init -> kmem_cache_init: the kmalloc caches of the configured
 * allocator (and, for SLAB, the cache reaper).  Call after mem_init and
 * kmem_cache_config; kmem_cache_exit() undoes it.
 */
void kmem_cache_init(void);

/* The kernel's kmem_cache_create: a cache of @size-byte objects. */
struct kmem_cache *kmem_cache_create(const char *name, size_t size,
				     size_t align, unsigned long flags,
				     void (*ctor)(void *));
/*
 * [MODEL] The same, with @host_size bytes of host memory per object for
 * the caller's own struct (0: @size).  The simulated object stays @size.
 */
struct kmem_cache *kmem_cache_create_host(const char *name, size_t size,
					  size_t align, unsigned long flags,
					  void (*ctor)(void *),
					  size_t host_size);
void kmem_cache_destroy(struct kmem_cache *cachep);

/* An object, or NULL when no page could be had under @flags. */
void *kmem_cache_alloc(struct kmem_cache *cachep, gfp_t flags);
void kmem_cache_free(struct kmem_cache *cachep, void *objp);
static inline void *kmem_cache_zalloc(struct kmem_cache *cachep, gfp_t flags)
{
	return kmem_cache_alloc(cachep, flags | __GFP_ZERO);
}

/*
 * kmalloc: the smallest kmalloc cache that holds @size; SLUB passes
 * anything above 8 KiB to the page allocator (kmalloc_large, order
 * get_order(size), __GFP_COMP).  kfree(NULL) is a no-op.
 */
void *kmalloc(size_t size, gfp_t flags);
void kfree(const void *objp);
static inline void *kzalloc(size_t size, gfp_t flags)
{
	return kmalloc(size, flags | __GFP_ZERO);
}
/* The cache kmalloc(@size) uses, NULL above the largest (SLUB: 8 KiB). */
struct kmem_cache *kmalloc_cache(size_t size);

/* The cache @objp (from kmem_cache_alloc or kmalloc) belongs to; NULL for
 * a kmalloc_large block. */
struct kmem_cache *virt_to_cache(const void *objp);
/* The first page of the slab (or kmalloc_large block) holding @objp, and
 * its order. */
struct page *virt_to_head_page_order(const void *objp, unsigned int *order);

/* Every cache, in creation order (NULL: start; /proc/slabinfo reverses). */
struct kmem_cache *kmem_cache_next(struct kmem_cache *prev);
/* A cache by name, NULL if none (aliases find the cache they merged into). */
struct kmem_cache *kmem_cache_find(const char *name);

/*
 * /proc/slabinfo's figures of @cachep as its allocator's s_show() computes
 * them: active objects (SLUB: all but the partial slabs' free ones; SLAB:
 * the full and partial slabs' objects in use), all objects, slabs with
 * objects in use, all slabs, and the tunables (SLAB) and shared objects.
 */
struct slabinfo {
	unsigned long active_objs, num_objs;
	unsigned long active_slabs, num_slabs;
	unsigned int limit, batchcount, shared;
	unsigned long shared_avail;
};
void kmem_cache_slabinfo(struct kmem_cache *cachep, struct slabinfo *si);

/* Slab pages held by every cache, and the most held at once. */
unsigned long slab_pages_total(void);
unsigned long slab_pages_max(void);
/* Pages held by kmalloc_large blocks (SLUB's kmalloc above 8 KiB). */
unsigned long kmalloc_large_pages(void);

/*
 * The invariant checker's look at every cache (mm/mm_debug.c): the slabs'
 * object counts against the lists, the per-CPU caches and the counters.
 * 0, or -1 with what is wrong in @msg.
 */
int kmem_cache_check(char *msg, size_t len);
/* The cache a PG_slab page's slab belongs to (page->lru.next, as SLAB's
 * page_get_cache), NULL for a page that is not a slab's. */
struct kmem_cache *page_get_cache(const struct page *page);

/* Destroy every cache, freeing its pages: before mem_exit(). */
void kmem_cache_exit(void);
/* Drop caches left by a previous simulation without touching its pages. */
void kmem_cache_forget_all(void);

#endif /* MMSIM_SLAB_H */
