/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What mm/slab_common.c, mm/slub.c and mm/slab.c share: a slab's
 * descriptor and the host memory of its objects.
 *
 * A slab is 1 << order simulated pages and a host buffer of @objects
 * slots.  Each slot is one word naming the slab (what virt_to_page()
 * finds in the kernel) followed by the object's payload; a free object's
 * first payload word chains it to the next free one, as SLUB's free
 * pointer at offset 0 does.  SLUB keeps its fields in struct page
 * (freelist, inuse, objects, PageSlubFrozen), SLAB in struct slab
 * (inuse, free, list); here both are in this one descriptor.
 */
#ifndef MMSIM_MM_SLAB_INTERNAL_H
#define MMSIM_MM_SLAB_INTERNAL_H

#include "linux/slab.h"

struct slab {
	struct list_head list;		/* SLUB: partial list; SLAB: l3's lists */
	struct list_head all;		/* cachep->slabs */
	struct kmem_cache *cache;	/* NULL: a kmalloc_large block */
	struct page *page;		/* first page */
	void *freelist;			/* free objects (SLUB: not a cpu's) */
	unsigned int inuse;		/* objects not on @freelist */
	unsigned int objects;
	unsigned int order;
	unsigned int slot;		/* host bytes per object, header included */
	bool frozen;			/* SLUB: some CPU's slab */
	bool on_partial;		/* SLUB: on node.partial */
	void *mgmt;			/* SLAB off-slab: the descriptor's object */
	char *mem;			/* the objects' host memory */
	size_t mem_size;
	struct slab *next;		/* cachep->host_free */
};

#define SLAB_HDR	sizeof(struct slab *)

static inline void *slab_obj(const struct slab *slab, unsigned int i)
{
	return slab->mem + (size_t)i * slab->slot + SLAB_HDR;
}

static inline struct slab *virt_to_slab(const void *obj)
{
	return ((struct slab *const *)obj)[-1];
}

static inline unsigned int slab_obj_index(const struct slab *slab,
					  const void *obj)
{
	return (unsigned int)(((const char *)obj - SLAB_HDR - slab->mem) /
			      slab->slot);
}

/* The free pointer of a free object: its first payload word. */
static inline void *get_freepointer(const void *obj)
{
	return *(void *const *)obj;
}

static inline void set_freepointer(void *obj, void *next)
{
	*(void **)obj = next;
}

/* slab_common.c */
extern enum slab_allocator slab_allocator;
extern unsigned int slab_nr_cpus;
extern struct list_head slab_caches;	/* every cache, creation order */

/* The simulated kernel's word size and L1 line (4/64 on x86, 8/64 on
 * x86-64). */
unsigned int slab_word(void);
unsigned int cache_line_size(void);
unsigned int get_order_size(unsigned long size);

/*
 * A descriptor with host memory for @objects objects, each object's
 * header set, the free list built in address order (objects 0, 1, ...),
 * nothing in use; pages not yet attached.
 */
struct slab *slab_host_get(struct kmem_cache *s, unsigned int objects);
void slab_host_put(struct kmem_cache *s, struct slab *slab);

/*
 * The pages of a new slab (PG_slab, page_set_cache, NR_SLAB_*, the
 * cache's counters), and their release to the buddy allocator (counted
 * in current->reclaim_state as kmem_freepages and __free_slab do).
 */
void slab_attach_pages(struct kmem_cache *s, struct slab *slab,
		       struct page *page, unsigned int order);
void slab_release_pages(struct kmem_cache *s, struct slab *slab);

/* The allocators' entry points, behind slab_common.c's dispatch. */
void slub_open(struct kmem_cache *s);
void *slub_alloc(struct kmem_cache *s, gfp_t gfp);
void slub_free(struct kmem_cache *s, struct slab *slab, void *obj);
void slub_close(struct kmem_cache *s);
void slub_slabinfo(struct kmem_cache *s, struct slabinfo *si);
int slub_check(struct kmem_cache *s, char *msg, size_t len);
struct kmem_cache *slub_find_mergeable(size_t size, size_t align,
				       unsigned long flags,
				       void (*ctor)(void *));
void slub_calculate_sizes(struct kmem_cache *s);

void slab_open(struct kmem_cache *s);
void *slab_alloc(struct kmem_cache *s, gfp_t gfp);
void slab_free(struct kmem_cache *s, struct slab *slab, void *obj);
void slab_close(struct kmem_cache *s);
void slab_slabinfo(struct kmem_cache *s, struct slabinfo *si);
int slab_check(struct kmem_cache *s, char *msg, size_t len);
void slab_calculate_sizes(struct kmem_cache *s);
void slab_reap_start(void);
void slab_reap_stop(void);
void slab_reap_forget(void);

#endif /* MMSIM_MM_SLAB_INTERNAL_H */
