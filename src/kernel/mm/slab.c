// SPDX-License-Identifier: GPL-2.0
/*
 * The slab model (slab.h).  Allocation takes the first slab on the partial
 * list, else a new slab of 1 << order pages; a slab whose last object is
 * freed goes straight back to the page allocator ([MODEL]: the kernel's
 * SLAB keeps a few free slabs per cache and returns them from cache_reap
 * every few seconds; SLUB keeps min_partial slabs per node).  No per-CPU
 * object caches (SLAB's array_cache, SLUB's cpu slab).
 * Pages freed while a task reclaims are reported through
 * current->reclaim_state, as kmem_freepages does, so shrink_slab's callers
 * count them as reclaimed.
 */
#include <stdlib.h>
#include <string.h>
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "linux/swap.h"
#include "linux/slab.h"

#define OBJ_INUSE	0x01	/* allocated */
#define OBJ_UNUSED	0x02	/* allocated, on the unused LRU */
#define OBJ_REFERENCED	0x04	/* DCACHE_REFERENCED: second chance */

struct slab {
	struct page *page;
	unsigned int order;
	unsigned int nr_objs;
	unsigned int inuse;
	uint64_t free_mask;		/* bit n: object n free */
	struct list_head list;		/* cachep->partial */
	bool on_partial;
};

static LIST_HEAD(cache_chain);

const char *const slab_allocator_names[] = { "slub", "slab", NULL };

static enum slab_allocator slab_allocator = SLAB_ALLOCATOR_SLUB;
static unsigned int slab_nr_cpus = 1;

enum slab_allocator kmem_cache_allocator(void)
{
	return slab_allocator;
}

unsigned int kmem_cache_nr_cpus(void)
{
	return slab_nr_cpus;
}

void kmem_cache_config(enum slab_allocator allocator, unsigned int nr_cpus)
{
	slab_allocator = allocator;
	slab_nr_cpus = nr_cpus ? nr_cpus : 1;
}

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
	c->obj_owner = xrealloc(c->obj_owner, objs * sizeof(void *));
	memset(c->obj_owner + old * c->objs_per_slab, 0,
	       (n - old) * c->objs_per_slab * sizeof(void *));
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

static void slab_set_pages(struct kmem_cache *c, struct page *page,
			   unsigned int order, bool slab)
{
	long nr = 1L << order;

	for (long i = 0; i < nr; i++) {
		if (slab)
			SetPageSlab(page + i);
		else
			ClearPageSlab(page + i);
	}
	/* allocate_slab / kmem_getpages count every page of the slab. */
	__mod_zone_page_state(page_zone(page), slab_stat(c), slab ? nr : -nr);
	c->nr_pages += slab ? (unsigned long)nr : -(unsigned long)nr;
}

/*
 * allocate_slab (SLUB): the preferred order may fail quietly and without
 * retrying under pressure, then the smallest order is asked for with the
 * caller's own rights.  SLAB (kmem_getpages) asks once at its one order.
 */
static struct page *alloc_slab_pages(struct kmem_cache *c, gfp_t gfp,
				     unsigned int *order, unsigned int *objs)
{
	struct page *page;

	gfp = (gfp & ~__GFP_ZERO) | c->gfpflags;
	*order = c->order;
	*objs = c->objs_per_slab;
	if (c->order == c->min_order)
		return alloc_pages(gfp, c->order);
	page = alloc_pages((gfp | __GFP_NOWARN | __GFP_NORETRY) & ~__GFP_NOFAIL,
			   c->order);
	if (page)
		return page;
	*order = c->min_order;
	*objs = c->min_objs;
	page = alloc_pages(gfp, c->min_order);
	if (page)
		c->nr_order_fallback++;
	return page;
}

static struct slab *cache_grow(struct kmem_cache *c, gfp_t gfp, long *index)
{
	unsigned int order, objs;
	struct page *page;
	struct slab *slab;
	long i;

	page = alloc_slab_pages(c, gfp, &order, &objs);
	if (!page) {
		c->nr_grow_failed++;
		return NULL;
	}
	slab_set_pages(c, page, order, true);
	slab = calloc(1, sizeof(*slab));
	BUG_ON(!slab);
	slab->page = page;
	slab->order = order;
	slab->nr_objs = objs;
	slab->free_mask = objs == 64 ? ~0ULL : (1ULL << objs) - 1;
	i = new_slab_index(c);
	c->slabs[i] = slab;
	/* The page remembers its slab for kmem_cache_free's lookups. */
	page->index = (uint32_t)i;
	list_add(&slab->list, &c->partial);
	slab->on_partial = true;
	c->nr_slabs++;
	c->nr_total_objs += objs;
	*index = i;
	return slab;
}

static void slab_free_pages(struct kmem_cache *c, struct slab *slab)
{
	struct page *page = slab->page;

	slab_set_pages(c, page, slab->order, false);
	page->index = 0;
	__free_pages(page, slab->order);
	c->nr_total_objs -= slab->nr_objs;
}

static void slab_destroy(struct kmem_cache *c, long i)
{
	struct slab *slab = c->slabs[i];

	if (slab->on_partial)
		list_del(&slab->list);
	if (current && current->reclaim_state)
		current->reclaim_state->reclaimed_slab += 1UL << slab->order;
	slab_free_pages(c, slab);
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
	c->obj_owner[obj] = NULL;
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
	c->obj_owner[obj] = NULL;
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
	if (c->lru_referenced)
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

struct page *kmem_cache_obj_page(const struct kmem_cache *c, long obj,
				 unsigned int *order)
{
	const struct slab *slab;

	BUG_ON(!kmem_cache_obj_live(c, obj));
	slab = c->slabs[obj / (long)c->objs_per_slab];
	*order = slab->order;
	return slab->page;
}

void kmem_cache_set_owner(struct kmem_cache *c, long obj, void *owner)
{
	BUG_ON(!kmem_cache_obj_live(c, obj));
	c->obj_owner[obj] = owner;
}

unsigned long kmem_cache_prune(struct kmem_cache *c, unsigned long nr,
			       kmem_evict_fn evict)
{
	unsigned long freed = 0;

	while (nr-- > 0 && c->lru_tail >= 0) {
		long obj = c->lru_tail;

		if ((c->obj_flags[obj] & OBJ_REFERENCED) ||
		    (evict && !evict(c, obj, c->obj_owner[obj]))) {
			c->obj_flags[obj] &= (uint8_t)~OBJ_REFERENCED;
			lru_del(c, obj);
			lru_add(c, obj);
			continue;
		}
		kmem_cache_free(c, obj);
		c->nr_shrunk++;
		freed++;
	}
	return freed;
}

struct kmem_cache *kmem_cache_next(struct kmem_cache *prev)
{
	struct list_head *next = prev ? prev->list.next : cache_chain.next;

	return next == &cache_chain ? NULL :
	       list_entry(next, struct kmem_cache, list);
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
		kmem_cache_prune(c, (unsigned long)nr_to_scan, NULL);
	}
	/* vfs_cache_pressure 100: the unused count itself. */
	return (int)c->nr_unused;
}

static struct kmem_cache *cache_alloc(const char *name, unsigned long flags)
{
	struct kmem_cache *c = calloc(1, sizeof(*c));

	BUG_ON(!c);
	snprintf(c->name, sizeof(c->name), "%s", name);
	c->flags = flags;
	c->gfpflags = flags & SLAB_RECLAIM_ACCOUNT ? __GFP_RECLAIMABLE : 0;
	c->lru_referenced = true;
	INIT_LIST_HEAD(&c->partial);
	c->lru_head = c->lru_tail = -1;
	list_add_tail(&c->list, &cache_chain);
	return c;
}

struct kmem_cache *kmem_cache_create(const char *name,
				     unsigned int objs_per_slab,
				     unsigned long flags)
{
	struct kmem_cache *c;

	if (!objs_per_slab || objs_per_slab > SLAB_MAX_OBJS)
		return NULL;
	c = cache_alloc(name, flags);
	c->objs_per_slab = c->min_objs = objs_per_slab;
	c->size = (unsigned int)(PAGE_SIZE / objs_per_slab);
	if (flags & SLAB_RECLAIM_ACCOUNT) {
		c->shrinker.shrink = cache_shrink;
		c->shrinker.seeks = DEFAULT_SEEKS;
		register_shrinker(&c->shrinker);
	}
	return c;
}

static unsigned int fls_u(unsigned long x)
{
	return x ? (unsigned int)(64 - __builtin_clzl(x)) : 0;
}

static unsigned int get_order_bytes(unsigned long size)
{
	unsigned int order = 0;

	while ((PAGE_SIZE << order) < size)
		order++;
	return order;
}

/* mm/slub.c slab_order(): slub_min_order 0, MAX_OBJS_PER_PAGE ignored. */
static unsigned int slub_slab_order(unsigned int size, unsigned int min_objects,
				    unsigned int max_order, unsigned int fract_leftover)
{
	unsigned int order, start = fls_u((unsigned long)min_objects * size - 1);

	order = start > PAGE_SHIFT ? start - PAGE_SHIFT : 0;
	for (; order <= max_order; order++) {
		unsigned long slab_size = PAGE_SIZE << order;

		if (slab_size < (unsigned long)min_objects * size)
			continue;
		if (slab_size % size <= slab_size / fract_leftover)
			break;
	}
	return order;
}

/*
 * mm/slub.c calculate_order(): at least 4 * (fls(nr_cpu_ids) + 1) objects
 * per slab if that fits in slub_max_order (PAGE_ALLOC_COSTLY_ORDER, 3)
 * with at most 1/16 (then 1/8, 1/4) of the slab wasted, fewer objects
 * otherwise.
 */
static unsigned int slub_calculate_order(unsigned int size, unsigned int nr_cpus)
{
	const unsigned int max_order = PAGE_ALLOC_COSTLY_ORDER;
	unsigned int min_objects = 4 * (fls_u(nr_cpus) + 1);
	unsigned int max_objects = (unsigned int)((PAGE_SIZE << max_order) / size);

	if (min_objects > max_objects)
		min_objects = max_objects;
	while (min_objects > 1) {
		for (unsigned int fraction = 16; fraction >= 4; fraction /= 2) {
			unsigned int order = slub_slab_order(size, min_objects,
							     max_order, fraction);

			if (order <= max_order)
				return order;
		}
		min_objects--;
	}
	return slub_slab_order(size, 1, MAX_ORDER - 1, 1);
}

void kmem_cache_layout(enum slab_allocator allocator, unsigned int nr_cpus,
		       unsigned int size, unsigned long flags,
		       unsigned int *objsize, unsigned int *order,
		       unsigned int *objs, unsigned int *min_order,
		       unsigned int *min_objs)
{
	const unsigned int word = sim_arch && sim_arch->arch == ARCH_X86 ? 4 : 8;
	unsigned long n;

	size = (size + word - 1) & ~(word - 1);
	if (allocator == SLAB_ALLOCATOR_SLUB) {
		/* calculate_sizes: a constructor moves the free pointer out. */
		if (flags & SLAB_MMSIM_CTOR)
			size += word;
		*order = slub_calculate_order(size, nr_cpus);
		*min_order = get_order_bytes(size);
		n = (PAGE_SIZE << *order) / size;
		*min_objs = (unsigned int)((PAGE_SIZE << *min_order) / size);
	} else {
		/*
		 * calculate_slab_order: a SLAB_RECLAIM_ACCOUNT cache takes the
		 * first order that holds an object ("most allocations are
		 * GFP_NOFS ... we really don't want higher-order pages").
		 * Objects of PAGE_SIZE / 8 or more keep the slab descriptor
		 * off the slab; smaller ones share the page with it (struct
		 * slab: 28 bytes on x86, 48 on x86-64) and one kmem_bufctl_t
		 * (4 bytes) each.  Other caches: the same first fit
		 * ([MODEL]: slab_break_gfp_order's search is not repeated).
		 */
		unsigned int mgmt = word == 4 ? 28 : 48;

		*order = *min_order = get_order_bytes(size);
		if (size >= PAGE_SIZE / 8) {
			n = (PAGE_SIZE << *order) / size;
		} else {
			/* cache_estimate: the aligned descriptor must fit too. */
			n = ((PAGE_SIZE << *order) - mgmt) / (size + 4);
			if (((mgmt + n * 4 + word - 1) & ~(unsigned long)(word - 1)) +
			    n * size > (PAGE_SIZE << *order))
				n--;
		}
		*min_objs = (unsigned int)n;
	}
	if (n > SLAB_MAX_OBJS)
		n = SLAB_MAX_OBJS;
	if (*min_objs > n)
		*min_objs = (unsigned int)n;
	*objs = (unsigned int)n;
	*objsize = size;
}

struct kmem_cache *kmem_cache_create_sized(const char *name, unsigned int size,
					   unsigned long flags)
{
	struct kmem_cache *c;

	if (!size || size > PAGE_SIZE)
		return NULL;
	c = cache_alloc(name, flags);
	kmem_cache_layout(slab_allocator, slab_nr_cpus, size, flags, &c->size,
			  &c->order, &c->objs_per_slab, &c->min_order,
			  &c->min_objs);
	return c;
}

/* The host memory of a cache whose slabs are already gone. */
static void cache_free(struct kmem_cache *c)
{
	list_del(&c->list);
	free(c->slabs);
	free(c->free_slab_index);
	free(c->obj_flags);
	free(c->obj_owner);
	free(c->lru_prev);
	free(c->lru_next);
	free(c);
}

void kmem_cache_destroy(struct kmem_cache *c)
{
	if (!c)
		return;
	if (c->shrinker.shrink)
		unregister_shrinker(&c->shrinker);
	for (unsigned long i = 0; i < c->nr_slab_slots; i++) {
		struct slab *slab = c->slabs[i];

		if (!slab)
			continue;
		if (slab->on_partial)
			list_del(&slab->list);
		slab_free_pages(c, slab);
		free(slab);
	}
	cache_free(c);
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
		cache_free(c);
	}
}

void kmem_cache_exit(void)
{
	while (!list_empty(&cache_chain))
		kmem_cache_destroy(list_first_entry(&cache_chain,
						    struct kmem_cache, list));
}
