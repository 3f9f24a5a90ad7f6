// SPDX-License-Identifier: GPL-2.0
/*
 * SLAB, as 2.6.32's mm/slab.c (the same in 2.6.30 and 2.6.31): a slab
 * allocator with per-CPU array caches.
 *
 * Each CPU keeps a stack of up to `limit` free objects (array_cache);
 * allocations pop it, frees push it.  An empty stack is refilled with
 * `batchcount` objects (16 if the stack was not touched since the last
 * reap) from the node's shared array, else from partial, then free
 * slabs, else from a new slab (cache_grow); a full one sends
 * `batchcount` objects to the shared array, or back to their slabs
 * (free_block).  free_block keeps an empty slab on slabs_free while the
 * node has no more than free_limit free objects, and destroys it
 * otherwise.  cache_reap, every 2 s on each CPU, gives back a fifth of
 * an untouched array, and every 4 s per cache drains the shared array
 * and frees a fifth of the free slabs unless one was used meanwhile.
 * Sizes: calculate_slab_order (the first order that fits for a
 * reclaimable cache, else up to order 1 while more than 1/8 is wasted);
 * objects of PAGE_SIZE / 8 or more keep their struct slab and bufctl
 * array off the slab, in a size-N object allocated at every cache_grow.
 *
 * [MODEL] One node, no alien caches, no colouring; cache_reap runs from
 * a timer (the kernel's events/N work) and costs no CPU; the reap's
 * start offset per cache, ((unsigned long)cachep) % REAPTIMEOUT_LIST3 in
 * the kernel, is 256 times the cache's creation index here.
 */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "linux/swap.h"
#include "slab_internal.h"

#define GFP_RECLAIM_MASK	(__GFP_WAIT | __GFP_HIGH | __GFP_IO | __GFP_FS | \
				 __GFP_NOWARN | __GFP_REPEAT | __GFP_NOFAIL | \
				 __GFP_NORETRY | __GFP_NOMEMALLOC)
#define GFP_CONSTRAINT_MASK	(__GFP_HARDWALL | __GFP_THISNODE)
#define KMALLOC_MAX_ORDER	10	/* KMALLOC_SHIFT_HIGH 22 - PAGE_SHIFT */

/* sizeof(struct slab) of mm/slab.c: list, colouroff, s_mem, inuse, free,
 * nodeid: 48 bytes on x86-64, 28 on x86; kmem_bufctl_t is 4 bytes. */
static unsigned int slab_desc_size(void)
{
	return slab_word() == 4 ? 28 : 48;
}

#define BUFCTL_SIZE	4

static unsigned long align_up(unsigned long x, unsigned long a)
{
	return (x + a - 1) / a * a;
}

/* ---- sizing ------------------------------------------------------------- */

static unsigned long slab_mgmt_size(unsigned long nr_objs, unsigned long align)
{
	return align_up(slab_desc_size() + nr_objs * BUFCTL_SIZE, align);
}

/* cache_estimate(): objects of @size in a slab of @gfporder. */
static void cache_estimate(unsigned int gfporder, unsigned long size,
			   unsigned long align, bool off_slab,
			   unsigned long *left_over, unsigned int *num)
{
	unsigned long slab_size = PAGE_SIZE << gfporder;
	unsigned long nr_objs, mgmt_size;

	if (off_slab) {
		mgmt_size = 0;
		nr_objs = slab_size / size;
	} else {
		nr_objs = (slab_size - slab_desc_size()) / (size + BUFCTL_SIZE);
		if (slab_mgmt_size(nr_objs, align) + nr_objs * size > slab_size)
			nr_objs--;
		mgmt_size = slab_mgmt_size(nr_objs, align);
	}
	*num = (unsigned int)nr_objs;
	*left_over = slab_size - nr_objs * size - mgmt_size;
}

/* calculate_slab_order(). */
static unsigned long calculate_slab_order(struct kmem_cache *s,
					  unsigned long size,
					  unsigned long align, bool off_slab)
{
	unsigned long left_over = 0;

	for (unsigned int gfporder = 0; gfporder <= KMALLOC_MAX_ORDER; gfporder++) {
		unsigned long remainder;
		unsigned int num;

		cache_estimate(gfporder, size, align, off_slab, &remainder, &num);
		if (!num)
			continue;
		if (off_slab) {
			/* The bufctls of an off-slab descriptor must fit a
			 * size of itself (no looping in cache_grow). */
			unsigned long offslab_limit =
				(size - slab_desc_size()) / BUFCTL_SIZE;

			if (num > offslab_limit)
				break;
		}
		s->slab.num = num;
		s->slab.gfporder = gfporder;
		left_over = remainder;
		/* "A VFS-reclaimable slab tends to have most allocations as
		 * GFP_NOFS and we really don't want to have to be allocating
		 * higher-order pages when we are unable to shrink dcache." */
		if (s->flags & SLAB_RECLAIM_ACCOUNT)
			break;
		if (gfporder >= BREAK_GFP_ORDER_HI)
			break;
		if (left_over * 8 <= (PAGE_SIZE << gfporder))
			break;
	}
	return left_over;
}

/* The smallest size-N cache of @size (kmem_find_general_cachep). */
static struct kmem_cache *find_general_cachep(unsigned long size)
{
	struct kmem_cache *s = kmalloc_cache(size);

	BUG_ON(!s);
	return s;
}

/* kmem_cache_create()'s sizing, then enable_cpucache()'s tunables. */
void slab_calculate_sizes(struct kmem_cache *s)
{
	unsigned long size = align_up(s->objsize, slab_word());
	unsigned long ralign, align, left_over, slab_size;
	bool off_slab;

	if (s->flags & SLAB_HWCACHE_ALIGN) {
		ralign = cache_line_size();
		while (size <= ralign / 2)
			ralign /= 2;
	} else {
		ralign = slab_word();
	}
	if (ralign < s->align)
		ralign = s->align;
	align = ralign;
	off_slab = size >= (PAGE_SIZE >> 3);
	size = align_up(size, align);
	left_over = calculate_slab_order(s, size, align, off_slab);
	BUG_ON(!s->slab.num);
	slab_size = align_up(s->slab.num * BUFCTL_SIZE + slab_desc_size(), align);
	/* Enough left over for the descriptor: move it on-slab. */
	if (off_slab && left_over >= slab_size) {
		off_slab = false;
		left_over -= slab_size;
	}
	if (off_slab) {
		slab_size = s->slab.num * BUFCTL_SIZE + slab_desc_size();
		s->slab.slabp_cache = find_general_cachep(slab_size);
	}
	s->slab.off_slab = off_slab;
	s->slab.slab_size = (unsigned int)slab_size;
	s->align = (unsigned int)align;
	s->size = (unsigned int)size;
	s->order = s->slab.gfporder;
	s->objects = s->slab.num;
	s->allocflags = (s->flags & SLAB_CACHE_DMA ? __GFP_DMA : 0) |
			(s->flags & SLAB_RECLAIM_ACCOUNT ? __GFP_RECLAIMABLE : 0);

	/* enable_cpucache(): the array size by object size; a shared array
	 * of 8 batches for objects up to a page on SMP. */
	if (s->size > 131072)
		s->slab.limit = 1;
	else if (s->size > PAGE_SIZE)
		s->slab.limit = 8;
	else if (s->size > 1024)
		s->slab.limit = 24;
	else if (s->size > 256)
		s->slab.limit = 54;
	else
		s->slab.limit = 120;
	s->slab.shared = s->size <= PAGE_SIZE && slab_nr_cpus > 1 ? 8 : 0;
	s->slab.batchcount = (s->slab.limit + 1) / 2;
}

static struct array_cache *alloc_arraycache(unsigned int entries,
					    unsigned int batchcount)
{
	struct array_cache *ac = calloc(1, sizeof(*ac));

	BUG_ON(!ac);
	ac->entry = calloc(entries ? entries : 1, sizeof(void *));
	BUG_ON(!ac->entry);
	ac->limit = entries;
	ac->batchcount = batchcount;
	return ac;
}

void slab_open(struct kmem_cache *s)
{
	struct kmem_list3 *l3 = &s->slab.l3;

	s->slab.nr_cpus = slab_nr_cpus;
	s->slab.array = calloc(slab_nr_cpus, sizeof(*s->slab.array));
	BUG_ON(!s->slab.array);
	for (unsigned int cpu = 0; cpu < slab_nr_cpus; cpu++) {
		struct array_cache *ac = &s->slab.array[cpu];

		ac->entry = calloc(s->slab.limit, sizeof(void *));
		BUG_ON(!ac->entry);
		ac->limit = s->slab.limit;
		ac->batchcount = s->slab.batchcount;
	}
	INIT_LIST_HEAD(&l3->slabs_partial);
	INIT_LIST_HEAD(&l3->slabs_full);
	INIT_LIST_HEAD(&l3->slabs_free);
	if (s->slab.shared)
		l3->shared = alloc_arraycache(s->slab.shared * s->slab.batchcount,
					      0xbaadf00d);
	/* alloc_kmemlist: (1 + CPUs of the node) batches and a slab. */
	l3->free_limit = (1 + slab_nr_cpus) * s->slab.batchcount + s->slab.num;
	l3->next_reap = jiffies + REAPTIMEOUT_LIST3 +
			(256UL * s->id) % REAPTIMEOUT_LIST3;
}

static struct array_cache *cpu_cache_get(struct kmem_cache *s, int cpu)
{
	return &s->slab.array[(unsigned int)cpu % s->slab.nr_cpus];
}

/* ---- slabs -------------------------------------------------------------- */

/* kmem_getpages(): the cache's order, flags and __GFP_RECLAIMABLE. */
static struct page *kmem_getpages(struct kmem_cache *s, gfp_t flags)
{
	return alloc_pages_for(ALLOC_CALLER_SLAB, flags | s->allocflags,
			       s->slab.gfporder);
}

/*
 * cache_grow(): one more slab on slabs_free, its objects free.  An
 * off-slab descriptor comes from its size-N cache with the same flags.
 * 0 when either allocation failed.
 */
static int cache_grow(struct kmem_cache *s, gfp_t flags)
{
	gfp_t local_flags = flags & (GFP_CONSTRAINT_MASK | GFP_RECLAIM_MASK);
	struct kmem_list3 *l3 = &s->slab.l3;
	struct page *page;
	struct slab *slabp;
	void *mgmt = NULL;

	page = kmem_getpages(s, local_flags);
	if (!page)
		goto failed;
	if (s->slab.off_slab) {
		mgmt = kmem_cache_alloc(s->slab.slabp_cache,
					local_flags & ~GFP_CONSTRAINT_MASK);
		if (!mgmt) {
			__free_pages(page, s->slab.gfporder);
			goto failed;
		}
	}
	slabp = slab_host_get(s, s->slab.num);
	slabp->mgmt = mgmt;
	slab_attach_pages(s, slabp, page, s->slab.gfporder);
	list_add(&slabp->all, &s->slabs);
	list_add_tail(&slabp->list, &l3->slabs_free);
	l3->free_objects += s->slab.num;
	return 1;
failed:
	s->stats.grow_failed++;
	return 0;
}

/* slab_destroy(): the pages, then the off-slab descriptor. */
static void slab_destroy(struct kmem_cache *s, struct slab *slabp)
{
	void *mgmt = slabp->mgmt;

	list_del(&slabp->all);
	slab_release_pages(s, slabp);
	slab_host_put(s, slabp);
	if (mgmt)
		kmem_cache_free(s->slab.slabp_cache, mgmt);
}

static void *slab_get_obj(struct slab *slabp)
{
	void *obj = slabp->freelist;

	slabp->freelist = get_freepointer(obj);
	slabp->inuse++;
	return obj;
}

static void slab_put_obj(struct slab *slabp, void *obj)
{
	BUG_ON(!slabp->inuse);
	set_freepointer(obj, slabp->freelist);
	slabp->freelist = obj;
	slabp->inuse--;
}

/* transfer_objects(): up to @max from the top of @from to @to. */
static unsigned int transfer_objects(struct array_cache *to,
				     struct array_cache *from, unsigned int max)
{
	unsigned int nr = from->avail;

	if (nr > max)
		nr = max;
	if (nr > to->limit - to->avail)
		nr = to->limit - to->avail;
	if (!nr)
		return 0;
	memcpy(to->entry + to->avail, from->entry + from->avail - nr,
	       sizeof(void *) * nr);
	from->avail -= nr;
	to->avail += nr;
	to->touched = 1;
	return nr;
}

/* cache_alloc_refill(), as 2.6.32. */
static void *cache_alloc_refill(struct kmem_cache *s, gfp_t flags)
{
	struct kmem_list3 *l3 = &s->slab.l3;
	struct array_cache *ac;
	int batchcount;		/* int: it ends at -1 when a slab fills it */

retry:
	ac = cpu_cache_get(s, smp_processor_id());
	batchcount = (int)ac->batchcount;
	/* Little recent activity: only a partial refill. */
	if (!ac->touched && batchcount > BATCHREFILL_LIMIT)
		batchcount = BATCHREFILL_LIMIT;
	BUG_ON(ac->avail > 0);
	if (l3->shared && transfer_objects(ac, l3->shared, (unsigned int)batchcount))
		goto alloc_done;
	while (batchcount > 0) {
		struct slab *slabp;

		if (!list_empty(&l3->slabs_partial)) {
			slabp = list_first_entry(&l3->slabs_partial,
						 struct slab, list);
		} else {
			l3->free_touched = 1;
			if (list_empty(&l3->slabs_free))
				goto must_grow;
			slabp = list_first_entry(&l3->slabs_free,
						 struct slab, list);
		}
		BUG_ON(slabp->inuse >= s->slab.num);
		while (slabp->inuse < s->slab.num && batchcount--)
			ac->entry[ac->avail++] = slab_get_obj(slabp);
		list_del(&slabp->list);
		if (!slabp->freelist)
			list_add(&slabp->list, &l3->slabs_full);
		else
			list_add(&slabp->list, &l3->slabs_partial);
	}
must_grow:
	l3->free_objects -= ac->avail;
alloc_done:
	if (!ac->avail) {
		int x = cache_grow(s, flags);

		/* cache_grow can reenable interrupts, then ac could change. */
		ac = cpu_cache_get(s, smp_processor_id());
		if (!x && !ac->avail)
			return NULL;
		if (!ac->avail)
			goto retry;
	}
	ac->touched = 1;
	return ac->entry[--ac->avail];
}

/*
 * Not inlined into kmem_cache_alloc() (nor slab_free() into
 * kmem_cache_free()): the SLUB machines' fast path would save registers
 * for SLAB's code on every call.
 */
__attribute__((noinline)) void *slab_alloc(struct kmem_cache *s, gfp_t flags)
{
	struct array_cache *ac = cpu_cache_get(s, smp_processor_id());

	if (ac->avail) {
		ac->touched = 1;
		return ac->entry[--ac->avail];
	}
	return cache_alloc_refill(s, flags & ~__GFP_ZERO);
}

/* free_block(): @nr objects back to their slabs. */
static void free_block(struct kmem_cache *s, void **objpp, unsigned int nr)
{
	struct kmem_list3 *l3 = &s->slab.l3;

	for (unsigned int i = 0; i < nr; i++) {
		void *objp = objpp[i];
		struct slab *slabp = virt_to_slab(objp);

		list_del(&slabp->list);
		slab_put_obj(slabp, objp);
		l3->free_objects++;
		if (slabp->inuse == 0) {
			if (l3->free_objects > l3->free_limit) {
				l3->free_objects -= s->slab.num;
				slab_destroy(s, slabp);
			} else {
				list_add(&slabp->list, &l3->slabs_free);
			}
		} else {
			/* The end of the partial list: the longest time for
			 * the other objects to be freed too. */
			list_add_tail(&slabp->list, &l3->slabs_partial);
		}
	}
}

/* cache_flusharray(): a batch to the shared array, else to the slabs. */
static void cache_flusharray(struct kmem_cache *s, struct array_cache *ac)
{
	struct array_cache *shared = s->slab.l3.shared;
	unsigned int batchcount = ac->batchcount;

	if (shared) {
		unsigned int max = shared->limit - shared->avail;

		if (max) {
			if (batchcount > max)
				batchcount = max;
			memcpy(shared->entry + shared->avail, ac->entry,
			       sizeof(void *) * batchcount);
			shared->avail += batchcount;
			goto free_done;
		}
	}
	free_block(s, ac->entry, batchcount);
free_done:
	ac->avail -= batchcount;
	memmove(ac->entry, ac->entry + batchcount, sizeof(void *) * ac->avail);
}

__attribute__((noinline)) void slab_free(struct kmem_cache *s,
					  struct slab *slab, void *obj)
{
	struct array_cache *ac = cpu_cache_get(s, smp_processor_id());

	(void)slab;
	if (ac->avail >= ac->limit)
		cache_flusharray(s, ac);
	ac->entry[ac->avail++] = obj;
}

/* ---- cache_reap ---------------------------------------------------------- */

/* drain_array(): an array untouched since the last look gives back a
 * fifth of its limit (half of what it has, if less). */
static void drain_array(struct kmem_cache *s, struct array_cache *ac, int force)
{
	unsigned int tofree;

	if (!ac || !ac->avail)
		return;
	if (ac->touched && !force) {
		ac->touched = 0;
		return;
	}
	tofree = force ? ac->avail : (ac->limit + 4) / 5;
	if (tofree > ac->avail)
		tofree = (ac->avail + 1) / 2;
	free_block(s, ac->entry, tofree);
	ac->avail -= tofree;
	memmove(ac->entry, ac->entry + tofree, sizeof(void *) * ac->avail);
}

/* drain_freelist(): up to @tofree free slabs, the oldest first. */
static void drain_freelist(struct kmem_cache *s, unsigned long tofree)
{
	struct kmem_list3 *l3 = &s->slab.l3;

	for (unsigned long nr = 0; nr < tofree && !list_empty(&l3->slabs_free); nr++) {
		struct slab *slabp = list_last_entry(&l3->slabs_free,
						     struct slab, list);

		list_del(&slabp->list);
		l3->free_objects -= s->slab.num;
		slab_destroy(s, slabp);
	}
}

/* One CPU's reaper: start_cpu_timer and cache_reap's rearming. */
struct reap_work {
	struct timer timer;
	int cpu;
};
static struct reap_work *reap_work;
static unsigned int nr_reap_work;

/* __round_jiffies_relative(): to a whole second, skewed 3 jiffies per
 * CPU, down if within a quarter second. */
static unsigned long round_jiffies_relative(unsigned long j, int cpu)
{
	unsigned long now = jiffies, abs = now + j, orig = abs, rem;

	abs += (unsigned long)cpu * 3;
	rem = abs % HZ;
	if (rem < HZ / 4)
		abs -= rem;
	else
		abs = abs - rem + HZ;
	abs -= (unsigned long)cpu * 3;
	if (abs <= now)
		abs = orig;
	return abs - now;
}

static void cache_reap(struct timer *t)
{
	struct reap_work *w = t->data;
	struct kmem_cache *s;

	/* list_for_each_entry(searchp, &cache_chain, next): newest first. */
	list_for_each_entry_reverse(s, &slab_caches, list) {
		struct kmem_list3 *l3 = &s->slab.l3;

		if (s->allocator != SLAB_ALLOCATOR_SLAB)
			continue;
		drain_array(s, cpu_cache_get(s, w->cpu), 0);
		if ((long)(l3->next_reap - jiffies) > 0)
			continue;
		l3->next_reap = jiffies + REAPTIMEOUT_LIST3;
		drain_array(s, l3->shared, 0);
		if (l3->free_touched)
			l3->free_touched = 0;
		else
			drain_freelist(s, (l3->free_limit + 5 * s->slab.num - 1) /
					  (5 * s->slab.num));
	}
	timer_add(t, jiffies_to_ns(jiffies +
				   round_jiffies_relative(REAPTIMEOUT_CPUC, w->cpu)));
}

void slab_reap_start(void)
{
	slab_reap_stop();
	nr_reap_work = slab_nr_cpus;
	reap_work = calloc(nr_reap_work, sizeof(*reap_work));
	BUG_ON(!reap_work);
	for (unsigned int cpu = 0; cpu < nr_reap_work; cpu++) {
		struct reap_work *w = &reap_work[cpu];

		w->cpu = (int)cpu;
		timer_init(&w->timer, cache_reap, w);
		/* [MODEL] Reaping wakes nobody: the deadlock detector may
		 * look past it. */
		w->timer.deferrable = true;
		timer_add(&w->timer, jiffies_to_ns(jiffies +
			  round_jiffies_relative(HZ, (int)cpu)));
	}
}

void slab_reap_stop(void)
{
	for (unsigned int cpu = 0; cpu < nr_reap_work; cpu++)
		timer_del(&reap_work[cpu].timer);
	slab_reap_forget();
}

void slab_reap_forget(void)
{
	free(reap_work);
	reap_work = NULL;
	nr_reap_work = 0;
}

/* ---- reports ------------------------------------------------------------ */

/* s_show(): full and partial slabs are active; free ones only count. */
void slab_slabinfo(struct kmem_cache *s, struct slabinfo *si)
{
	const struct kmem_list3 *l3 = &s->slab.l3;
	const struct slab *slabp;

	list_for_each_entry(slabp, &l3->slabs_full, list) {
		si->active_objs += s->slab.num;
		si->active_slabs++;
	}
	list_for_each_entry(slabp, &l3->slabs_partial, list) {
		si->active_objs += slabp->inuse;
		si->active_slabs++;
	}
	list_for_each_entry(slabp, &l3->slabs_free, list)
		si->num_slabs++;
	si->num_slabs += si->active_slabs;
	si->num_objs = si->num_slabs * s->slab.num;
	si->limit = s->slab.limit;
	si->batchcount = s->slab.batchcount;
	si->shared = s->slab.shared;
	si->shared_avail = l3->shared ? l3->shared->avail : 0;
}

int slab_check(struct kmem_cache *s, char *msg, size_t len)
{
	const struct kmem_list3 *l3 = &s->slab.l3;
	unsigned long on_lists = 0, free_objs = 0, in_use = 0, cached = 0;
	unsigned long slabs = 0, pages = 0;
	const struct slab *slabp;

	list_for_each_entry(slabp, &l3->slabs_full, list) {
		if (slabp->inuse != s->slab.num)
			goto bad;
		on_lists++;
		in_use += slabp->inuse;
	}
	list_for_each_entry(slabp, &l3->slabs_partial, list) {
		if (!slabp->inuse || slabp->inuse >= s->slab.num)
			goto bad;
		on_lists++;
		in_use += slabp->inuse;
		free_objs += s->slab.num - slabp->inuse;
	}
	list_for_each_entry(slabp, &l3->slabs_free, list) {
		if (slabp->inuse)
			goto bad;
		on_lists++;
		free_objs += s->slab.num;
	}
	list_for_each_entry(slabp, &s->slabs, all) {
		slabs++;
		pages += 1UL << slabp->order;
	}
	for (unsigned int cpu = 0; cpu < s->slab.nr_cpus; cpu++)
		cached += s->slab.array[cpu].avail;
	if (l3->shared)
		cached += l3->shared->avail;
	if (on_lists != slabs || slabs != s->stats.nr_slabs ||
	    pages != s->stats.nr_pages || free_objs != l3->free_objects ||
	    in_use != s->stats.active + cached) {
		snprintf(msg, len, "%s: %lu slabs (%lu on the lists), %lu pages, "
			 "%lu free objects, %lu in use (%lu in arrays); counters "
			 "say %lu, %lu, %lu, %lu", s->name, slabs, on_lists, pages,
			 free_objs, in_use, cached, s->stats.nr_slabs,
			 s->stats.nr_pages, l3->free_objects, s->stats.active);
		return -1;
	}
	return 0;
bad:
	snprintf(msg, len, "%s: a slab with %u of %u objects in use is on the "
		 "wrong list", s->name, slabp->inuse, s->slab.num);
	return -1;
}

void slab_close(struct kmem_cache *s)
{
	for (unsigned int cpu = 0; cpu < s->slab.nr_cpus; cpu++)
		free(s->slab.array[cpu].entry);
	free(s->slab.array);
	s->slab.array = NULL;
	if (s->slab.l3.shared) {
		free(s->slab.l3.shared->entry);
		free(s->slab.l3.shared);
		s->slab.l3.shared = NULL;
	}
}
