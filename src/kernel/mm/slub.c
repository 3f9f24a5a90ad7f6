// SPDX-License-Identifier: GPL-2.0
/*
 * SLUB, as 2.6.32's mm/slub.c (the same allocation and free paths in
 * 2.6.30 and 2.6.31; 2.6.30's allocate_slab does not strip __GFP_NOFAIL
 * from its first try, which no caller here passes).
 *
 * Each CPU owns one slab (kmem_cache_cpu.page, "frozen") and allocates
 * from its private free list; a free of an object of the CPU's own slab
 * goes back on that list, any other free on its slab's free list.  A
 * slab that is nobody's and has free objects is on the node's partial
 * list; a full one is on no list; one that becomes empty by a free is
 * discarded at once (__slab_free: 2.6.32 keeps no empty slabs there, the
 * min_partial test is only in unfreeze_slab, when a CPU lets go of its
 * slab).  A CPU out of objects takes the first partial slab, else a new
 * slab: the preferred order with __GFP_NORETRY | __GFP_NOWARN first, then
 * the order of one object with the caller's flags (allocate_slab,
 * ORDER_FALLBACK).
 *
 * [MODEL] One node (slub_def.h).  No debugging, no statistics beyond
 * ORDER_FALLBACK, no kmem_cache_shrink (reclaim never calls it in
 * 2.6.32); the CPU is the one the calling task or interrupt runs on.
 */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "linux/swap.h"
#include "slab_internal.h"

/* ---- sizing: calculate_sizes ------------------------------------------- */

static unsigned int fls_u(unsigned long x)
{
	return x ? (unsigned int)(64 - __builtin_clzl(x)) : 0;
}

static unsigned long align_up(unsigned long x, unsigned long a)
{
	return (x + a - 1) / a * a;
}

/* slab_order(): the first order holding @min_objects with at most
 * 1/@fract_leftover of the slab left over (slub_min_order 0). */
static unsigned int slab_order(unsigned int size, unsigned int min_objects,
			       unsigned int max_order, unsigned int fract_leftover)
{
	unsigned int start = fls_u((unsigned long)min_objects * size - 1);
	unsigned int order = start > PAGE_SHIFT ? start - PAGE_SHIFT : 0;

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
 * calculate_order(): at least 4 * (fls(nr_cpu_ids) + 1) objects if they
 * fit slub_max_order (3) with at most 1/16, 1/8, then 1/4 wasted; fewer
 * objects otherwise; one object as the last resort.
 */
static unsigned int calculate_order(unsigned int size)
{
	unsigned int min_objects = 4 * (fls_u(slab_nr_cpus) + 1);
	unsigned int max_objects = (unsigned int)((PAGE_SIZE << SLUB_MAX_ORDER) / size);
	unsigned int order;

	if (min_objects > max_objects)
		min_objects = max_objects;
	while (min_objects > 1) {
		for (unsigned int fraction = 16; fraction >= 4; fraction /= 2) {
			order = slab_order(size, min_objects, SLUB_MAX_ORDER,
					   fraction);
			if (order <= SLUB_MAX_ORDER)
				return order;
		}
		min_objects--;
	}
	order = slab_order(size, 1, SLUB_MAX_ORDER, 1);
	if (order <= SLUB_MAX_ORDER)
		return order;
	return slab_order(size, 1, MAX_ORDER - 1, 1);
}

/* calculate_alignment(): a cache line, halved while the object fits in
 * half of it, for SLAB_HWCACHE_ALIGN; at least ARCH_SLAB_MINALIGN
 * (__alignof__(unsigned long long), 8); a multiple of the word. */
static unsigned long calculate_alignment(unsigned long flags,
					 unsigned long align, unsigned long size)
{
	if (flags & SLAB_HWCACHE_ALIGN) {
		unsigned long ralign = cache_line_size();

		while (size <= ralign / 2)
			ralign /= 2;
		if (ralign > align)
			align = ralign;
	}
	if (align < 8)
		align = 8;
	return align_up(align, slab_word());
}

/*
 * calculate_sizes(): the object rounded to a word; a constructor or
 * SLAB_DESTROY_BY_RCU moves the free pointer behind the object (a word
 * more); then the alignment; the order; allocflags (__GFP_COMP above
 * order 0, __GFP_RECLAIMABLE for SLAB_RECLAIM_ACCOUNT); s->min the order
 * of one object.  min_partial = clamp(ilog2(size), 5, 10).
 */
void slub_calculate_sizes(struct kmem_cache *s)
{
	unsigned long size = align_up(s->objsize, slab_word());
	unsigned long align;
	unsigned int order, min_order, partial;

	if ((s->flags & SLAB_DESTROY_BY_RCU) || s->ctor)
		size += slab_word();
	align = calculate_alignment(s->flags, s->align, s->objsize);
	size = align_up(size, align);
	s->align = (unsigned int)align;
	s->size = (unsigned int)size;
	order = calculate_order(s->size);
	min_order = get_order_size(s->size);
	s->allocflags = (order ? __GFP_COMP : 0) |
			(s->flags & SLAB_CACHE_DMA ? __GFP_DMA : 0) |
			(s->flags & SLAB_RECLAIM_ACCOUNT ? __GFP_RECLAIMABLE : 0);
	s->slub.oo.order = order;
	s->slub.oo.objects = (unsigned int)((PAGE_SIZE << order) / s->size);
	s->slub.min.order = min_order;
	s->slub.min.objects = (unsigned int)((PAGE_SIZE << min_order) / s->size);
	s->order = order;
	s->objects = s->slub.oo.objects;
	partial = fls_u(s->size) - 1;
	if (partial < SLUB_MIN_PARTIAL)
		partial = SLUB_MIN_PARTIAL;
	if (partial > SLUB_MAX_PARTIAL)
		partial = SLUB_MAX_PARTIAL;
	s->slub.min_partial = partial;
}

/*
 * find_mergeable(): a cache without a constructor, SLAB_DESTROY_BY_RCU
 * or debugging (SLUB_NEVER_MERGE), with the same SLAB_RECLAIM_ACCOUNT
 * and SLAB_CACHE_DMA (SLUB_MERGE_SAME), whose size is aligned for us and
 * wastes less than a word: the newest such cache.
 */
struct kmem_cache *slub_find_mergeable(size_t size, size_t align,
				       unsigned long flags,
				       void (*ctor)(void *))
{
	const unsigned long same = SLAB_RECLAIM_ACCOUNT | SLAB_CACHE_DMA;
	unsigned long a;
	struct kmem_cache *s;

	if ((flags & SLAB_DESTROY_BY_RCU) || ctor)
		return NULL;
	size = align_up(size, slab_word());
	a = calculate_alignment(flags, align, size);
	size = align_up(size, a);
	list_for_each_entry_reverse(s, &slab_caches, list) {
		if (s->allocator != SLAB_ALLOCATOR_SLUB || s->ctor ||
		    (s->flags & SLAB_DESTROY_BY_RCU) || s->refcount < 0)
			continue;
		if (size > s->size)
			continue;
		if ((flags & same) != (s->flags & same))
			continue;
		if ((s->size & ~(a - 1)) != s->size)
			continue;
		if (s->size - size >= slab_word())
			continue;
		return s;
	}
	return NULL;
}

void slub_open(struct kmem_cache *s)
{
	s->slub.nr_cpus = slab_nr_cpus;
	s->slub.cpu_slab = calloc(slab_nr_cpus, sizeof(*s->slub.cpu_slab));
	BUG_ON(!s->slub.cpu_slab);
	INIT_LIST_HEAD(&s->slub.node.partial);
}

static struct kmem_cache_cpu *get_cpu_slab(struct kmem_cache *s)
{
	unsigned int cpu = (unsigned int)smp_processor_id();

	/* The modulo only for a CPU past the cache's count: no division on
	 * every allocation and free. */
	if (unlikely(cpu >= s->slub.nr_cpus))
		cpu %= s->slub.nr_cpus;
	return &s->slub.cpu_slab[cpu];
}

/* ---- slabs -------------------------------------------------------------- */

static void add_partial(struct kmem_cache_node *n, struct slab *page, int tail)
{
	n->nr_partial++;
	page->on_partial = true;
	if (tail)
		list_add_tail(&page->list, &n->partial);
	else
		list_add(&page->list, &n->partial);
}

static void remove_partial(struct kmem_cache_node *n, struct slab *page)
{
	list_del_init(&page->list);
	page->on_partial = false;
	n->nr_partial--;
}

/*
 * allocate_slab(): the preferred order may fail quietly and without
 * retrying under pressure; then the order of one object with the caller's
 * own flags.  Both with the cache's allocflags; the caller's flags were
 * cut to GFP_RECLAIM_MASK | GFP_CONSTRAINT_MASK by new_slab.
 */
static struct page *allocate_slab(struct kmem_cache *s, gfp_t flags,
				  struct kmem_cache_order_objects *oo)
{
	struct page *page;

	flags |= s->allocflags;
	*oo = s->slub.oo;
	page = alloc_pages_for(ALLOC_CALLER_SLAB,
			       (flags | __GFP_NOWARN | __GFP_NORETRY) &
			       ~__GFP_NOFAIL, oo->order);
	if (page)
		return page;
	*oo = s->slub.min;
	page = alloc_pages_for(ALLOC_CALLER_SLAB, flags, oo->order);
	if (page)
		s->stats.order_fallback++;
	return page;
}

#define GFP_RECLAIM_MASK	(__GFP_WAIT | __GFP_HIGH | __GFP_IO | __GFP_FS | \
				 __GFP_NOWARN | __GFP_REPEAT | __GFP_NOFAIL | \
				 __GFP_NORETRY | __GFP_NOMEMALLOC)
#define GFP_CONSTRAINT_MASK	(__GFP_HARDWALL | __GFP_THISNODE)

static struct slab *new_slab(struct kmem_cache *s, gfp_t flags)
{
	struct kmem_cache_order_objects oo;
	struct page *page;
	struct slab *slab;

	page = allocate_slab(s, flags & (GFP_RECLAIM_MASK | GFP_CONSTRAINT_MASK),
			     &oo);
	if (!page) {
		s->stats.grow_failed++;
		return NULL;
	}
	slab = slab_host_get(s, oo.objects);
	slab_attach_pages(s, slab, page, oo.order);
	list_add(&slab->all, &s->slabs);
	return slab;
}

static void discard_slab(struct kmem_cache *s, struct slab *slab)
{
	list_del(&slab->all);
	slab_release_pages(s, slab);
	slab_host_put(s, slab);
}

/* unfreeze_slab(): back to the lists when a CPU lets go of it. */
static void unfreeze_slab(struct kmem_cache *s, struct slab *page, int tail)
{
	struct kmem_cache_node *n = &s->slub.node;

	page->frozen = false;
	if (page->inuse) {
		if (page->freelist)
			add_partial(n, page, tail);
		/* else full: on no list (add_full is for debugging only) */
	} else if (n->nr_partial < s->slub.min_partial) {
		/* An empty slab behind the others, to spare the page
		 * allocator; kmem_cache_shrink would reclaim it. */
		add_partial(n, page, 1);
	} else {
		discard_slab(s, page);
	}
}

/* deactivate_slab(): the CPU's free objects back into its slab. */
static void deactivate_slab(struct kmem_cache *s, struct kmem_cache_cpu *c)
{
	struct slab *page = c->page;
	int tail = 1;

	while (c->freelist) {
		void **object = c->freelist;

		tail = 0;	/* hot objects: put the slab first */
		c->freelist = get_freepointer(object);
		set_freepointer(object, page->freelist);
		page->freelist = object;
		page->inuse--;
	}
	c->page = NULL;
	unfreeze_slab(s, page, tail);
}

/* get_partial_node(): the first partial slab, frozen for this CPU. */
static struct slab *get_partial(struct kmem_cache *s)
{
	struct kmem_cache_node *n = &s->slub.node;
	struct slab *page;

	if (list_empty(&n->partial))
		return NULL;
	page = list_first_entry(&n->partial, struct slab, list);
	remove_partial(n, page);
	page->frozen = true;
	return page;
}

/*
 * __slab_alloc(): the slow path, as 2.6.32 mm/slub.c.  Not inlined, as in
 * the kernel, so that kmem_cache_alloc's fast path saves no registers.
 */
static __attribute__((noinline)) void *
__slab_alloc(struct kmem_cache *s, gfp_t gfpflags, struct kmem_cache_cpu *c)
{
	void **object;
	struct slab *new;

	gfpflags &= ~__GFP_ZERO;
	if (!c->page)
		goto new_slab;
load_freelist:
	object = c->page->freelist;
	if (!object)
		goto another_slab;
	c->freelist = get_freepointer(object);
	c->page->inuse = c->page->objects;
	c->page->freelist = NULL;
	return object;

another_slab:
	deactivate_slab(s, c);
new_slab:
	new = get_partial(s);
	if (new) {
		c->page = new;
		goto load_freelist;
	}
	/*
	 * The page allocator may sleep and reclaim (with __GFP_WAIT) or
	 * charge CPU time; the task may come back on another CPU, whose
	 * slab is flushed for the new one (get_cpu_slab again).
	 */
	new = new_slab(s, gfpflags);
	if (new) {
		c = get_cpu_slab(s);
		if (c->page)
			deactivate_slab(s, c);	/* flush_slab */
		new->frozen = true;
		c->page = new;
		goto load_freelist;
	}
	/* slab_out_of_memory()'s message is not modelled. */
	return NULL;
}

void *slub_alloc(struct kmem_cache *s, gfp_t gfpflags)
{
	struct kmem_cache_cpu *c = get_cpu_slab(s);
	void **object = c->freelist;

	if (!object)
		return __slab_alloc(s, gfpflags, c);
	c->freelist = get_freepointer(object);
	/*
	 * Host speed only: the next allocation from this cache reads that
	 * object's free pointer, mostly a cache miss by then (3.3 mm/slub.c
	 * slab_alloc() prefetch_freepointer() does the same).
	 */
	__builtin_prefetch(c->freelist);
	return object;
}

/*
 * __slab_free(): not this CPU's slab.  Left to inline: most frees of a
 * default run take it (their object's slab is no longer the CPU's).
 */
static void __slab_free(struct kmem_cache *s, struct slab *page, void *x)
{
	void *prior = page->freelist;

	set_freepointer(x, prior);
	page->freelist = x;
	page->inuse--;
	if (page->frozen)
		return;			/* some CPU's slab: it stays */
	if (!page->inuse) {
		/* slab_empty: gone at once, from the partial list if on it. */
		if (prior)
			remove_partial(&s->slub.node, page);
		discard_slab(s, page);
		return;
	}
	/* Was full: now partial, at the tail. */
	if (!prior)
		add_partial(&s->slub.node, page, 1);
}

void slub_free(struct kmem_cache *s, struct slab *page, void *x)
{
	struct kmem_cache_cpu *c = get_cpu_slab(s);

	if (page == c->page) {
		set_freepointer(x, c->freelist);
		c->freelist = x;
		return;
	}
	__slab_free(s, page, x);
}

/* ---- reports ------------------------------------------------------------ */

/* s_show(): objects on the partial slabs' free lists are the free ones;
 * a CPU slab counts as wholly in use (its inuse is its objects). */
void slub_slabinfo(struct kmem_cache *s, struct slabinfo *si)
{
	unsigned long nr_free = 0;
	struct slab *page;

	list_for_each_entry(page, &s->slub.node.partial, list)
		nr_free += page->objects - page->inuse;
	si->num_objs = s->stats.total_objects;
	si->active_objs = si->num_objs - nr_free;
	si->active_slabs = si->num_slabs = s->stats.nr_slabs;
}

static unsigned long freelist_length(const void *p)
{
	unsigned long n = 0;

	for (; p; p = get_freepointer(p))
		n++;
	return n;
}

int slub_check(struct kmem_cache *s, char *msg, size_t len)
{
	unsigned long slabs = 0, objects = 0, pages = 0, partial = 0;
	unsigned long in_use = 0, cpu_free = 0;
	struct slab *page;

	list_for_each_entry(page, &s->slabs, all) {
		unsigned long nfree = freelist_length(page->freelist);

		slabs++;
		objects += page->objects;
		pages += 1UL << page->order;
		if (page->inuse + nfree != page->objects)
			goto bad_slab;
		if (!page->frozen && !page->inuse && !page->on_partial)
			goto bad_slab;
		if (page->frozen && page->on_partial)
			goto bad_slab;
		in_use += page->inuse;
		if (page->on_partial)
			partial++;
	}
	for (unsigned int cpu = 0; cpu < s->slub.nr_cpus; cpu++) {
		struct kmem_cache_cpu *c = &s->slub.cpu_slab[cpu];

		if (!c->page) {
			if (c->freelist)
				goto bad_cpu;
			continue;
		}
		if (!c->page->frozen)
			goto bad_cpu;
		cpu_free += freelist_length(c->freelist);
	}
	in_use -= cpu_free;
	if (slabs != s->stats.nr_slabs || objects != s->stats.total_objects ||
	    pages != s->stats.nr_pages || partial != s->slub.node.nr_partial ||
	    in_use != s->stats.active) {
		snprintf(msg, len, "%s: %lu slabs of %lu pages, %lu objects, %lu "
			 "in use, %lu partial; counters say %lu, %lu, %lu, %lu, %lu",
			 s->name, slabs, pages, objects, in_use, partial,
			 s->stats.nr_slabs, s->stats.nr_pages,
			 s->stats.total_objects, s->stats.active,
			 s->slub.node.nr_partial);
		return -1;
	}
	return 0;
bad_slab:
	snprintf(msg, len, "%s: slab at pfn %lu has %u in use, %u objects, "
		 "free list %s, %s", s->name, page_to_pfn(page->page), page->inuse,
		 page->objects, page->freelist ? "set" : "empty",
		 page->on_partial ? "partial" : "on no list");
	return -1;
bad_cpu:
	snprintf(msg, len, "%s: a CPU's slab is not frozen", s->name);
	return -1;
}

void slub_close(struct kmem_cache *s)
{
	free(s->slub.cpu_slab);
	s->slub.cpu_slab = NULL;
}
