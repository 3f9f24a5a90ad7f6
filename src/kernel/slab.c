// SPDX-License-Identifier: GPL-2.0
/*
 * The slab model (slab.h).  Allocation takes the first slab on the partial
 * list, else a new page; a slab whose last object is freed goes straight
 * back to the page allocator ([MODEL]: the kernel's SLAB keeps a few free
 * slabs per cache and returns them from cache_reap every few seconds).
 * Pages freed while a task reclaims are reported through
 * current->reclaim_state, as kmem_freepages does, so shrink_slab's callers
 * count them as reclaimed.
 */
#include <stdlib.h>
#include <string.h>
#include "kernel.h"
#include "mmzone.h"
#include "swap.h"
#include "slab.h"

#define OBJ_INUSE	0x01	/* allocated */
#define OBJ_UNUSED	0x02	/* allocated, on the unused LRU */
#define OBJ_REFERENCED	0x04	/* DCACHE_REFERENCED: second chance */

struct slab {
	struct page *page;
	unsigned int inuse;
	uint64_t free_mask;		/* bit n: object n free */
	struct list_head list;		/* cachep->partial */
	bool on_partial;
};

static LIST_HEAD(cache_chain);

static void *xrealloc(void *p, size_t size)
{
	p = realloc(p, size ? size : 1);
	BUG_ON(!p);
	return p;
}

/* ---- the unused LRU ---------------------------------------------------- */

static void lru_add(struct kmem_cache *c, long obj)
{
	c->lru_prev[obj] = -1;
	c->lru_next[obj] = c->lru_head;
	if (c->lru_head >= 0)
		c->lru_prev[c->lru_head] = obj;
	else
		c->lru_tail = obj;
	c->lru_head = obj;
	c->obj_flags[obj] |= OBJ_UNUSED;
	c->nr_unused++;
}

static void lru_del(struct kmem_cache *c, long obj)
{
	long p = c->lru_prev[obj], n = c->lru_next[obj];

	if (p >= 0)
		c->lru_next[p] = n;
	else
		c->lru_head = n;
	if (n >= 0)
		c->lru_prev[n] = p;
	else
		c->lru_tail = p;
	c->obj_flags[obj] &= (uint8_t)~OBJ_UNUSED;
	c->nr_unused--;
}

/* ---- slabs ---------------------------------------------------------- */

static long new_slab_index(struct kmem_cache *c)
{
	unsigned long old, n, objs;

	if (c->nr_free_slab_index)
		return c->free_slab_index[--c->nr_free_slab_index];
	old = c->nr_slab_slots;
	n = old ? old * 2 : 16;
	objs = n * c->objs_per_slab;
	c->slabs = xrealloc(c->slabs, n * sizeof(*c->slabs));
	memset(c->slabs + old, 0, (n - old) * sizeof(*c->slabs));
	c->free_slab_index = xrealloc(c->free_slab_index, n * sizeof(long));
	c->obj_flags = xrealloc(c->obj_flags, objs);
	memset(c->obj_flags + old * c->objs_per_slab, 0,
	       (n - old) * c->objs_per_slab);
	c->lru_prev = xrealloc(c->lru_prev, objs * sizeof(long));
	c->lru_next = xrealloc(c->lru_next, objs * sizeof(long));
	c->nr_slab_slots = n;
	/* Hand out the lowest new index first, keep the rest for later. */
	for (unsigned long i = n - 1; i > old; i--)
		c->free_slab_index[c->nr_free_slab_index++] = (long)i;
	return (long)old;
}

static enum zone_stat_item slab_stat(const struct kmem_cache *c)
{
	return c->flags & SLAB_RECLAIM_ACCOUNT ? NR_SLAB_RECLAIMABLE :
						 NR_SLAB_UNRECLAIMABLE;
}

static struct slab *cache_grow(struct kmem_cache *c, gfp_t gfp, long *index)
{
	struct page *page;
	struct slab *slab;
	long i;

	page = alloc_pages((gfp & ~__GFP_ZERO) | c->gfpflags, 0);
	if (!page)
		return NULL;
	SetPageSlab(page);
	__inc_zone_page_state(page_zone(page), slab_stat(c));
	slab = calloc(1, sizeof(*slab));
	BUG_ON(!slab);
	slab->page = page;
	slab->free_mask = c->objs_per_slab == 64 ? ~0ULL :
		(1ULL << c->objs_per_slab) - 1;
	i = new_slab_index(c);
	c->slabs[i] = slab;
	/* The page remembers its slab for kmem_cache_free's lookups. */
	page->index = (uint32_t)i;
	list_add(&slab->list, &c->partial);
	slab->on_partial = true;
	c->nr_slabs++;
	*index = i;
	return slab;
}

static void slab_destroy(struct kmem_cache *c, long i)
{
	struct slab *slab = c->slabs[i];
	struct page *page = slab->page;

	if (slab->on_partial)
		list_del(&slab->list);
	ClearPageSlab(page);
	page->index = 0;
	__dec_zone_page_state(page_zone(page), slab_stat(c));
	if (current && current->reclaim_state)
		current->reclaim_state->reclaimed_slab++;
	__free_pages(page, 0);
	free(slab);
	c->slabs[i] = NULL;
	c->free_slab_index[c->nr_free_slab_index++] = i;
	c->nr_slabs--;
}

long kmem_cache_alloc(struct kmem_cache *c, gfp_t gfp)
{
	struct slab *slab;
	long i, obj;
	int bit;

	if (!list_empty(&c->partial)) {
		slab = list_first_entry(&c->partial, struct slab, list);
		i = (long)slab->page->index;
	} else {
		slab = cache_grow(c, gfp, &i);
		if (!slab)
			return -1;
	}
	bit = __builtin_ctzll(slab->free_mask);
	slab->free_mask &= ~(1ULL << bit);
	slab->inuse++;
	if (!slab->free_mask) {
		list_del(&slab->list);
		slab->on_partial = false;
	}
	obj = i * (long)c->objs_per_slab + bit;
	c->obj_flags[obj] = OBJ_INUSE;
	c->nr_objects++;
	return obj;
}

bool kmem_cache_obj_live(const struct kmem_cache *c, long obj)
{
	return obj >= 0 && (unsigned long)obj < c->nr_slab_slots * c->objs_per_slab &&
	       (c->obj_flags[obj] & OBJ_INUSE);
}

void kmem_cache_free(struct kmem_cache *c, long obj)
{
	long i = obj / (long)c->objs_per_slab;
	int bit = (int)(obj % (long)c->objs_per_slab);
	struct slab *slab;

	BUG_ON(!kmem_cache_obj_live(c, obj));
	if (c->obj_flags[obj] & OBJ_UNUSED)
		lru_del(c, obj);
	c->obj_flags[obj] = 0;
	c->nr_objects--;
	slab = c->slabs[i];
	slab->free_mask |= 1ULL << bit;
	if (--slab->inuse == 0) {
		slab_destroy(c, i);
		return;
	}
	if (!slab->on_partial) {
		list_add(&slab->list, &c->partial);
		slab->on_partial = true;
	}
}

void kmem_cache_put_unused(struct kmem_cache *c, long obj)
{
	BUG_ON(!kmem_cache_obj_live(c, obj) || (c->obj_flags[obj] & OBJ_UNUSED));
	c->obj_flags[obj] |= OBJ_REFERENCED;
	lru_add(c, obj);
}

void kmem_cache_get(struct kmem_cache *c, long obj)
{
	BUG_ON(!kmem_cache_obj_live(c, obj));
	if (c->obj_flags[obj] & OBJ_UNUSED)
		lru_del(c, obj);
	c->obj_flags[obj] |= OBJ_REFERENCED;
}

/*
 * prune_dcache: look at @nr unused objects from the oldest end; a
 * referenced one loses its bit and goes to the young end, the others are
 * freed.
 */
static void prune_cache(struct kmem_cache *c, int nr)
{
	while (nr-- > 0 && c->lru_tail >= 0) {
		long obj = c->lru_tail;

		if (c->obj_flags[obj] & OBJ_REFERENCED) {
			c->obj_flags[obj] &= (uint8_t)~OBJ_REFERENCED;
			lru_del(c, obj);
			lru_add(c, obj);
			continue;
		}
		kmem_cache_free(c, obj);
		c->nr_shrunk++;
	}
}

/* One shrinker per reclaimable cache, as shrink_dcache_memory. */
static int cache_shrink(struct shrinker *shrinker, int nr_to_scan,
			gfp_t gfp_mask)
{
	struct kmem_cache *c = container_of(shrinker, struct kmem_cache,
					    shrinker);

	if (nr_to_scan) {
		/* Freeing dentries can recurse into the filesystem. */
		if (!(gfp_mask & __GFP_FS))
			return -1;
		if (current && !in_interrupt())
			cpu_consume(reclaim_costs.slab_object_ns *
				    (sim_time_t)nr_to_scan);
		prune_cache(c, nr_to_scan);
	}
	/* vfs_cache_pressure 100: the unused count itself. */
	return (int)c->nr_unused;
}

struct kmem_cache *kmem_cache_create(const char *name,
				     unsigned int objs_per_slab,
				     unsigned long flags)
{
	struct kmem_cache *c;

	if (!objs_per_slab || objs_per_slab > 64)
		return NULL;
	c = calloc(1, sizeof(*c));
	BUG_ON(!c);
	snprintf(c->name, sizeof(c->name), "%s", name);
	c->flags = flags;
	c->objs_per_slab = objs_per_slab;
	c->gfpflags = flags & SLAB_RECLAIM_ACCOUNT ? __GFP_RECLAIMABLE : 0;
	INIT_LIST_HEAD(&c->partial);
	c->lru_head = c->lru_tail = -1;
	if (flags & SLAB_RECLAIM_ACCOUNT) {
		c->shrinker.shrink = cache_shrink;
		c->shrinker.seeks = DEFAULT_SEEKS;
		register_shrinker(&c->shrinker);
	}
	list_add_tail(&c->list, &cache_chain);
	return c;
}

void kmem_cache_destroy(struct kmem_cache *c)
{
	if (!c)
		return;
	if (c->flags & SLAB_RECLAIM_ACCOUNT)
		unregister_shrinker(&c->shrinker);
	for (unsigned long i = 0; i < c->nr_slab_slots; i++) {
		struct slab *slab = c->slabs[i];

		if (!slab)
			continue;
		if (slab->on_partial)
			list_del(&slab->list);
		ClearPageSlab(slab->page);
		slab->page->index = 0;
		__dec_zone_page_state(page_zone(slab->page), slab_stat(c));
		__free_pages(slab->page, 0);
		free(slab);
	}
	list_del(&c->list);
	free(c->slabs);
	free(c->free_slab_index);
	free(c->obj_flags);
	free(c->lru_prev);
	free(c->lru_next);
	free(c);
}

/*
 * Start of a simulation: the caches of a previous one refer to a mem_map
 * that is gone, so only their host memory is freed.
 */
void kmem_cache_forget_all(void)
{
	while (!list_empty(&cache_chain)) {
		struct kmem_cache *c = list_first_entry(&cache_chain,
							struct kmem_cache, list);

		for (unsigned long i = 0; i < c->nr_slab_slots; i++)
			free(c->slabs[i]);
		list_del(&c->list);
		free(c->slabs);
		free(c->free_slab_index);
		free(c->obj_flags);
		free(c->lru_prev);
		free(c->lru_next);
		free(c);
	}
}

void kmem_cache_exit(void)
{
	while (!list_empty(&cache_chain))
		kmem_cache_destroy(list_first_entry(&cache_chain,
						    struct kmem_cache, list));
}
