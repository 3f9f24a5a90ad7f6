// SPDX-License-Identifier: GPL-2.0
/*
 * What SLUB (mm/slub.c) and SLAB (mm/slab.c) share in mmsim: the list of
 * caches, kmem_cache_create's front end, the dispatch to the allocator
 * the machine booted with, kmalloc's size classes and SLUB's
 * kmalloc_large, the host memory behind objects, the pages' accounting,
 * and what /proc/slabinfo, the metrics and the checker read.
 *
 * [MODEL] 2.6.32 builds one allocator (CONFIG_SLUB or CONFIG_SLAB) and
 * has no common file; mmsim builds both and picks one per run (scenario
 * [machine] slab).  Everything allocator-specific lives in slub.c and
 * slab.c under the kernel's names.
 */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <sys/mman.h>
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#else
#define RUNNING_ON_VALGRIND	0
#endif
#include "linux/kernel.h"
#include "linux/mmzone.h"
#include "linux/swap.h"
#include "slab_internal.h"
#include "mmsim/kstate.h"
#include "util/xalloc.h"

const char *const slab_allocator_names[] = { "slub", "slab", NULL };

enum slab_allocator slab_allocator = SLAB_ALLOCATOR_SLUB;
unsigned int slab_nr_cpus = 1;
static bool slub_nomerge;
LIST_HEAD(slab_caches);
static unsigned int nr_caches_created;

/* Names of caches SLUB merged into another (sysfs_slab_alias). */
struct slab_alias {
	char name[32];
	struct kmem_cache *cache;
	struct slab_alias *next;
};
static struct slab_alias *slab_aliases;

/* kmalloc's caches, smallest first: the kmalloc-N of SLUB or the size-N
 * of SLAB (the DMA ones are not handed out). */
#define NR_KMALLOC_CACHES	32
static struct kmem_cache *kmalloc_caches[NR_KMALLOC_CACHES];
static size_t kmalloc_sizes[NR_KMALLOC_CACHES];
static unsigned int nr_kmalloc_caches;

static unsigned long slab_pages, slab_pages_peak, large_pages;

/* A kmalloc_large block: its descriptor and, behind the header, the
 * payload.  [MODEL] Blocks still held are listed so that the end of a
 * simulation frees their host memory (swapon's swap_map page array is
 * held until the end, as a swap device is never swapped off). */
struct large_block {
	struct list_head node;
	struct slab desc;
	struct slab *hdr;
	char payload[];
};
static LIST_HEAD(large_blocks);

void kmem_cache_config(enum slab_allocator allocator, unsigned int nr_cpus)
{
	slab_allocator = allocator;
	slab_nr_cpus = nr_cpus ? nr_cpus : 1;
}

void kmem_cache_set_nomerge(bool nomerge)
{
	slub_nomerge = nomerge;
}

enum slab_allocator kmem_cache_allocator(void)
{
	return slab_allocator;
}

unsigned int kmem_cache_nr_cpus(void)
{
	return slab_nr_cpus;
}

unsigned int slab_word(void)
{
	return sim_arch && sim_arch->arch == ARCH_X86 ? 4 : 8;
}

/*
 * cache_line_size() is L1_CACHE_BYTES on x86 (2.6.32 include/linux/cache.h):
 * 64 with GENERIC_CPU on x86-64; on x86 CONFIG_X86_L1_CACHE_SHIFT, 6 for
 * X86_GENERIC, MPENTIUMM, MCORE2, MK7 (2.6.31 arch/x86/Kconfig.cpu), the
 * distribution kernels' choice [assumed] (an M686 build has 5: 32 bytes).
 */
unsigned int cache_line_size(void)
{
	return 64;
}

unsigned int get_order_size(unsigned long size)
{
	unsigned int order = 0;

	while ((PAGE_SIZE << order) < size)
		order++;
	return order;
}

/* ---- host memory ------------------------------------------------------- */

/*
 * The slabs' object memory.  A default run's slabs grow the host heap by
 * some 30 MB, and malloc() took a host page fault for each new 4 KiB of
 * it: 8,000 of the run's 12,600 faults.  Blocks are carved instead from
 * 2 MiB chunks the host can back with huge pages ("madvise" mode) and
 * kept, once freed, on a list per size for the next slab of that size
 * (a cache's slabs are all one size).  Chunks live as long as the process;
 * sizes past the table, large blocks, the sanitizer build and runs under
 * valgrind (whose memcheck then sees each slab) use malloc.
 */
#define SLAB_ARENA_CHUNK	(2UL << 20)
#define SLAB_ARENA_MAX_BLOCK	(SLAB_ARENA_CHUNK / 8)
#define SLAB_ARENA_SIZES	64
#define SLAB_ARENA_ALIGN	16UL

static struct {
	size_t size;
	void *free;		/* freed blocks, linked through their first word */
} slab_arena[SLAB_ARENA_SIZES];
static unsigned int nr_slab_arena_sizes;
static char *slab_arena_cur, *slab_arena_end;

/* Under ASan or valgrind every slab is a malloc() block of its own. */
static bool slab_arena_off(void)
{
#ifdef MMSIM_ASAN
	return true;
#else
	return RUNNING_ON_VALGRIND;
#endif
}

/* The free list of blocks of @size, made if there is room; NULL if not. */
static void **slab_arena_list(size_t size, bool make)
{
	unsigned int i;

	if (size > SLAB_ARENA_MAX_BLOCK || slab_arena_off())
		return NULL;
	for (i = 0; i < nr_slab_arena_sizes; i++)
		if (slab_arena[i].size == size)
			return &slab_arena[i].free;
	if (!make || i == SLAB_ARENA_SIZES)
		return NULL;
	slab_arena[i].size = size;
	slab_arena[i].free = NULL;
	nr_slab_arena_sizes++;
	return &slab_arena[i].free;
}

static void *slab_mem_alloc(size_t size)
{
	void **list;
	void *p;

	size = (size + SLAB_ARENA_ALIGN - 1) & ~(SLAB_ARENA_ALIGN - 1);
	list = slab_arena_list(size, true);
	if (!list)
		return xmalloc(size);
	if (*list) {
		p = *list;
		*list = *(void **)p;
		return p;
	}
	if ((size_t)(slab_arena_end - slab_arena_cur) < size) {
		/* The old chunk's tail, smaller than this block, is left. */
		BUG_ON(posix_memalign(&p, SLAB_ARENA_CHUNK, SLAB_ARENA_CHUNK));
#ifdef MADV_HUGEPAGE
		madvise(p, SLAB_ARENA_CHUNK, MADV_HUGEPAGE);
#endif
		slab_arena_cur = p;
		slab_arena_end = slab_arena_cur + SLAB_ARENA_CHUNK;
	}
	p = slab_arena_cur;
	slab_arena_cur += size;
	return p;
}

/* @size as given to slab_mem_alloc(). */
static void slab_mem_free(void *mem, size_t size)
{
	void **list;

	size = (size + SLAB_ARENA_ALIGN - 1) & ~(SLAB_ARENA_ALIGN - 1);
	/* Sizes never leave the table: one not in it was malloc()ed. */
	list = slab_arena_list(size, false);
	if (!list) {
		free(mem);
		return;
	}
	*(void **)mem = *list;
	*list = mem;
}

static unsigned int slot_size(const struct kmem_cache *s)
{
	size_t payload = s->host_size < sizeof(void *) ? sizeof(void *) :
			 s->host_size;

	return (unsigned int)(SLAB_HDR + ((payload + 7) & ~(size_t)7));
}

/* Spare descriptors kept per cache: new slabs reuse their memory. */
#define SLAB_HOST_SPARE		16

struct slab *slab_host_get(struct kmem_cache *s, unsigned int objects)
{
	unsigned int slot = slot_size(s);
	size_t need = (size_t)objects * slot;
	struct slab *slab = s->host_free;

	if (slab && slab->slot == slot && slab->mem_size >= need) {
		s->host_free = slab->next;
		s->nr_host_free--;
	} else {
		slab = calloc(1, sizeof(*slab));
		BUG_ON(!slab);
		slab->mem = slab_mem_alloc(need);
		slab->mem_size = need;
		slab->slot = slot;
	}
	INIT_LIST_HEAD(&slab->list);
	slab->cache = s;
	slab->page = NULL;
	slab->inuse = 0;
	slab->objects = objects;
	slab->order = 0;
	slab->frozen = false;
	slab->on_partial = false;
	slab->mgmt = NULL;
	slab->next = NULL;
	slab->freelist = NULL;
	for (unsigned int i = objects; i-- > 0;) {
		void *obj = slab_obj(slab, i);

		((struct slab **)obj)[-1] = slab;
		if (s->ctor)
			s->ctor(obj);
		set_freepointer(obj, slab->freelist);
		slab->freelist = obj;
	}
	return slab;
}

void slab_host_put(struct kmem_cache *s, struct slab *slab)
{
	if (s->nr_host_free < SLAB_HOST_SPARE && slab->slot == slot_size(s)) {
		slab->next = s->host_free;
		s->host_free = slab;
		s->nr_host_free++;
		return;
	}
	slab_mem_free(slab->mem, slab->mem_size);
	free(slab);
}

static void slab_host_drain(struct kmem_cache *s)
{
	while (s->host_free) {
		struct slab *slab = s->host_free;

		s->host_free = slab->next;
		slab_mem_free(slab->mem, slab->mem_size);
		free(slab);
	}
	s->nr_host_free = 0;
}

/* ---- pages -------------------------------------------------------------- */

static enum zone_stat_item slab_stat(const struct kmem_cache *s)
{
	return s->flags & SLAB_RECLAIM_ACCOUNT ? NR_SLAB_RECLAIMABLE :
						 NR_SLAB_UNRECLAIMABLE;
}

/*
 * Every page of the slab is PG_slab and names its cache and slab in
 * page->lru, as SLAB's page_set_cache() and page_set_slab() do (SLUB
 * keeps page->slab in the head page only; mmsim marks every page so the
 * checker can count pages per cache).
 */
void slab_attach_pages(struct kmem_cache *s, struct slab *slab,
		       struct page *page, unsigned int order)
{
	unsigned long nr = 1UL << order;

	slab->page = page;
	slab->order = order;
	for (unsigned long i = 0; i < nr; i++) {
		SetPageSlab(page + i);
		page[i].lru.next = (struct list_head *)s;
		page[i].lru.prev = (struct list_head *)slab;
	}
	__mod_zone_page_state(page_zone(page), slab_stat(s), (long)nr);
	s->stats.nr_pages += nr;
	if (s->stats.nr_pages > s->stats.max_pages)
		s->stats.max_pages = s->stats.nr_pages;
	s->stats.nr_slabs++;
	s->stats.total_objects += slab->objects;
	slab_pages += nr;
	if (slab_pages > slab_pages_peak)
		slab_pages_peak = slab_pages;
}

void slab_release_pages(struct kmem_cache *s, struct slab *slab)
{
	unsigned long nr = 1UL << slab->order;
	struct page *page = slab->page;

	for (unsigned long i = 0; i < nr; i++) {
		ClearPageSlab(page + i);
		INIT_LIST_HEAD(&page[i].lru);
	}
	__mod_zone_page_state(page_zone(page), slab_stat(s), -(long)nr);
	s->stats.nr_pages -= nr;
	s->stats.nr_slabs--;
	s->stats.total_objects -= slab->objects;
	slab_pages -= nr;
	/* kmem_freepages / __free_slab: reclaim counts what slab gave back. */
	if (current && current->reclaim_state)
		current->reclaim_state->reclaimed_slab += nr;
	__free_pages(page, slab->order);
	slab->page = NULL;
}

struct kmem_cache *page_get_cache(const struct page *page)
{
	return PageSlab(page) ? (struct kmem_cache *)page->lru.next : NULL;
}

unsigned long slab_pages_total(void)
{
	return slab_pages;
}

unsigned long slab_pages_max(void)
{
	return slab_pages_peak;
}

unsigned long kmalloc_large_pages(void)
{
	return large_pages;
}

/* ---- caches ------------------------------------------------------------- */

static void slab_alias_add(const char *name, struct kmem_cache *s)
{
	struct slab_alias *a = calloc(1, sizeof(*a));

	BUG_ON(!a);
	snprintf(a->name, sizeof(a->name), "%s", name);
	a->cache = s;
	a->next = slab_aliases;
	slab_aliases = a;
}

struct kmem_cache *kmem_cache_find(const char *name)
{
	struct kmem_cache *s;

	list_for_each_entry(s, &slab_caches, list)
		if (!strcmp(s->name, name))
			return s;
	for (struct slab_alias *a = slab_aliases; a; a = a->next)
		if (!strcmp(a->name, name))
			return a->cache;
	return NULL;
}

struct kmem_cache *kmem_cache_create_host(const char *name, size_t size,
					  size_t align, unsigned long flags,
					  void (*ctor)(void *),
					  size_t host_size)
{
	struct kmem_cache *s;

	BUG_ON(!size);
	if (!host_size)
		host_size = size;
	/*
	 * 2.6.32 kmem_cache_create (SLUB): a cache without a constructor
	 * whose objects fit one already there (same reclaim and DMA flags,
	 * less than a word of waste) is that cache under another name.
	 */
	if (slab_allocator == SLAB_ALLOCATOR_SLUB && !slub_nomerge) {
		s = slub_find_mergeable(size, align, flags, ctor);
		if (s) {
			s->refcount++;
			if (size > s->objsize)
				s->objsize = (unsigned int)size;
			/* mmsim: room for the alias's host struct in new slabs. */
			if (host_size > s->host_size)
				s->host_size = host_size;
			slab_alias_add(name, s);
			return s;
		}
	}
	s = calloc(1, sizeof(*s));
	BUG_ON(!s);
	snprintf(s->name, sizeof(s->name), "%s", name);
	s->flags = flags;
	s->objsize = (unsigned int)size;
	s->align = (unsigned int)align;
	s->ctor = ctor;
	s->refcount = 1;
	s->host_size = host_size;
	s->id = nr_caches_created++;
	s->allocator = slab_allocator;
	INIT_LIST_HEAD(&s->slabs);
	if (slab_allocator == SLAB_ALLOCATOR_SLUB) {
		slub_calculate_sizes(s);
		slub_open(s);
	} else {
		slab_calculate_sizes(s);
		slab_open(s);
	}
	if (s->host_size < s->size && !ctor)
		s->host_size = s->size;
	list_add_tail(&s->list, &slab_caches);
	return s;
}

struct kmem_cache *kmem_cache_create(const char *name, size_t size,
				     size_t align, unsigned long flags,
				     void (*ctor)(void *))
{
	return kmem_cache_create_host(name, size, align, flags, ctor, 0);
}

static void cache_free(struct kmem_cache *s)
{
	struct slab_alias **pa = &slab_aliases;

	while (*pa) {
		struct slab_alias *a = *pa;

		if (a->cache == s) {
			*pa = a->next;
			free(a);
		} else {
			pa = &a->next;
		}
	}
	for (unsigned int i = 0; i < nr_kmalloc_caches; i++)
		if (kmalloc_caches[i] == s)
			kmalloc_caches[i] = NULL;
	list_del(&s->list);
	slab_host_drain(s);
	free(s);
}

/*
 * Every slab of @s goes, objects in use or not (a run ends with objects
 * alive): with @release its pages go back to the buddy allocator (and
 * SLAB's off-slab descriptors to their cache), without it (a previous
 * simulation's mem_map is gone) only the host memory is freed.
 */
static void cache_drop_slabs(struct kmem_cache *s, bool release)
{
	struct slab *slab, *n;

	list_for_each_entry_safe(slab, n, &s->slabs, all) {
		list_del(&slab->all);
		if (release) {
			slab_release_pages(s, slab);
			if (slab->mgmt)
				kmem_cache_free(s->slab.slabp_cache, slab->mgmt);
		}
		slab_mem_free(slab->mem, slab->mem_size);
		free(slab);
	}
	if (s->allocator == SLAB_ALLOCATOR_SLUB)
		slub_close(s);
	else
		slab_close(s);
}

void kmem_cache_destroy(struct kmem_cache *s)
{
	if (!s || --s->refcount > 0)
		return;
	cache_drop_slabs(s, true);
	cache_free(s);
}

struct kmem_cache *kmem_cache_next(struct kmem_cache *prev)
{
	struct list_head *next = prev ? prev->list.next : slab_caches.next;

	return next == &slab_caches ? NULL :
	       list_entry(next, struct kmem_cache, list);
}

/* ---- allocation --------------------------------------------------------- */

void *kmem_cache_alloc(struct kmem_cache *s, gfp_t flags)
{
	void *obj = s->allocator == SLAB_ALLOCATOR_SLUB ?
		    slub_alloc(s, flags) : slab_alloc(s, flags);

	if (!obj)
		return NULL;
	s->stats.active++;
	s->stats.allocs++;
	if (flags & __GFP_ZERO)
		memset(obj, 0, virt_to_slab(obj)->slot - SLAB_HDR);
	return obj;
}

void kmem_cache_free(struct kmem_cache *s, void *obj)
{
	struct slab *slab = virt_to_slab(obj);

	BUG_ON(slab->cache != s);
	BUG_ON(!s->stats.active);
	s->stats.active--;
	s->stats.frees++;
	if (s->allocator == SLAB_ALLOCATOR_SLUB)
		slub_free(s, slab, obj);
	else
		slab_free(s, slab, obj);
}

struct kmem_cache *virt_to_cache(const void *obj)
{
	return virt_to_slab(obj)->cache;
}

struct page *virt_to_head_page_order(const void *obj, unsigned int *order)
{
	const struct slab *slab = virt_to_slab(obj);

	*order = slab->order;
	return slab->page;
}

/* ---- kmalloc ------------------------------------------------------------ */

struct kmem_cache *kmalloc_cache(size_t size)
{
	for (unsigned int i = 0; i < nr_kmalloc_caches; i++)
		if (size <= kmalloc_sizes[i])
			return kmalloc_caches[i];
	return NULL;
}

/*
 * 2.6.32 include/linux/slub_def.h kmalloc_large(): above SLUB_MAX_SIZE
 * the page allocator gives a compound page of get_order(size), with the
 * caller's flags (no slab flags, no fallback).
 */
static void large_block_free(struct large_block *b)
{
	list_del(&b->node);
	free(b);
}

static void *kmalloc_large(size_t size, gfp_t flags)
{
	unsigned int order = get_order_size(size);
	struct large_block *b;
	struct page *page;

	page = alloc_pages_for(ALLOC_CALLER_SLAB, flags | __GFP_COMP, order);
	if (!page)
		return NULL;
	b = xmalloc(sizeof(*b) + size);
	memset(&b->desc, 0, sizeof(b->desc));
	b->desc.page = page;
	b->desc.order = order;
	b->hdr = &b->desc;
	list_add(&b->node, &large_blocks);
	large_pages += 1UL << order;
	if (flags & __GFP_ZERO)
		memset(b->payload, 0, size);
	return b->payload;
}

void *kmalloc(size_t size, gfp_t flags)
{
	struct kmem_cache *s;

	if (!size)
		return ZERO_SIZE_PTR;
	s = kmalloc_cache(size);
	if (s)
		return kmem_cache_alloc(s, flags);
	BUG_ON(slab_allocator != SLAB_ALLOCATOR_SLUB);
	return kmalloc_large(size, flags);
}

void kfree(const void *obj)
{
	struct slab *slab;

	if (!obj || obj == ZERO_SIZE_PTR)
		return;
	slab = virt_to_slab(obj);
	if (slab->cache) {
		kmem_cache_free(slab->cache, (void *)obj);
		return;
	}
	/* kmalloc_large: put_page of the compound page. */
	large_pages -= 1UL << slab->order;
	__free_pages(slab->page, slab->order);
	large_block_free(container_of(slab, struct large_block, desc));
}

static void kmalloc_cache_add(const char *name, size_t size, unsigned long flags)
{
	struct kmem_cache *s = kmem_cache_create(name, size, 0, flags, NULL);

	BUG_ON(nr_kmalloc_caches >= NR_KMALLOC_CACHES);
	/* Kept in size order: kmalloc takes the first that fits. */
	unsigned int i = nr_kmalloc_caches++;

	while (i && kmalloc_sizes[i - 1] > size) {
		kmalloc_caches[i] = kmalloc_caches[i - 1];
		kmalloc_sizes[i] = kmalloc_sizes[i - 1];
		i--;
	}
	kmalloc_caches[i] = s;
	kmalloc_sizes[i] = size;
}

/*
 * kmem_cache_init of each allocator: SLUB's kmalloc-96 and kmalloc-192,
 * then kmalloc-8 ... kmalloc-8192 (2.6.32 mm/slub.c kmem_cache_init; no
 * kmem_cache_node cache without CONFIG_NUMA); SLAB's size-32 ...
 * size-4194304 from include/linux/kmalloc_sizes.h, each followed by its
 * size-N(DMA) (2.6.32 mm/slab.c kmem_cache_init; size-96 only with
 * L1_CACHE_BYTES < 64, size-192 with < 128), all SLAB_HWCACHE_ALIGN.
 */
void kmem_cache_init(void)
{
	char name[32];

	nr_kmalloc_caches = 0;
	if (slab_allocator == SLAB_ALLOCATOR_SLUB) {
		kmalloc_cache_add("kmalloc-96", 96, 0);
		kmalloc_cache_add("kmalloc-192", 192, 0);
		for (unsigned int i = KMALLOC_SHIFT_LOW; i < SLUB_PAGE_SHIFT; i++) {
			snprintf(name, sizeof(name), "kmalloc-%u", 1U << i);
			kmalloc_cache_add(name, 1UL << i, 0);
		}
		return;
	}
	for (unsigned long size = 32; size <= KMALLOC_MAX_SIZE_SLAB; size *= 2) {
		unsigned long sizes[2] = { size, 0 };

		/* 96 after 64 (L1 < 64), 192 after 128 (L1 < 128). */
		if (size == 64 && cache_line_size() < 64)
			sizes[1] = 96;
		if (size == 128 && cache_line_size() < 128)
			sizes[1] = 192;
		for (int k = 0; k < 2 && sizes[k]; k++) {
			snprintf(name, sizeof(name), "size-%lu", sizes[k]);
			kmalloc_cache_add(name, sizes[k], SLAB_HWCACHE_ALIGN);
			snprintf(name, sizeof(name), "size-%lu(DMA)", sizes[k]);
			kmem_cache_create(name, sizes[k], 0,
					  SLAB_HWCACHE_ALIGN | SLAB_CACHE_DMA,
					  NULL);
		}
	}
	slab_reap_start();
}

/* ---- reports ------------------------------------------------------------ */

void kmem_cache_slabinfo(struct kmem_cache *s, struct slabinfo *si)
{
	memset(si, 0, sizeof(*si));
	if (s->allocator == SLAB_ALLOCATOR_SLUB)
		slub_slabinfo(s, si);
	else
		slab_slabinfo(s, si);
}

int kmem_cache_check(char *msg, size_t len)
{
	struct kmem_cache *s;
	unsigned long pages = 0;

	list_for_each_entry(s, &slab_caches, list) {
		int ret = s->allocator == SLAB_ALLOCATOR_SLUB ?
			  slub_check(s, msg, len) : slab_check(s, msg, len);

		if (ret)
			return ret;
		pages += s->stats.nr_pages;
	}
	if (pages != slab_pages) {
		snprintf(msg, len, "caches hold %lu slab pages, the total says %lu",
			 pages, slab_pages);
		return -1;
	}
	return 0;
}

/* ---- the end ------------------------------------------------------------ */

static void reset_globals(void)
{
	while (slab_aliases) {
		struct slab_alias *a = slab_aliases;

		slab_aliases = a->next;
		free(a);
	}
	/* Only the host part: their pages go with the mem_map. */
	while (!list_empty(&large_blocks))
		large_block_free(list_first_entry(&large_blocks,
						  struct large_block, node));
	nr_kmalloc_caches = 0;
	memset(kmalloc_caches, 0, sizeof(kmalloc_caches));
	slab_pages = slab_pages_peak = large_pages = 0;
	nr_caches_created = 0;
}

void kmem_cache_exit(void)
{
	slab_reap_stop();
	/* Newest first: SLAB's off-slab descriptors live in older caches. */
	while (!list_empty(&slab_caches)) {
		struct kmem_cache *s = list_last_entry(&slab_caches,
						       struct kmem_cache, list);

		s->refcount = 1;
		kmem_cache_destroy(s);
	}
	reset_globals();
}

/*
 * Start of a simulation: the caches of a previous one refer to a mem_map
 * that is gone, so only their host memory is freed (and that of the
 * kmalloc_large blocks still held).
 */
void kmem_cache_forget_all(void)
{
	slab_reap_forget();
	while (!list_empty(&slab_caches)) {
		struct kmem_cache *s = list_first_entry(&slab_caches,
							struct kmem_cache, list);

		cache_drop_slabs(s, false);
		cache_free(s);
	}
	reset_globals();
}

/*
 * /proc/slabinfo's lines as 2.6.32's s_show() of SLUB (mm/slub.c) and of
 * SLAB (mm/slab.c) compute them, newest cache first (both add caches at
 * the head of their list); report/procfs.c prints them.
 */
void kstate_slabinfo_fill(struct kstate_mem *m)
{
	struct kmem_cache *c, **caches = NULL;
	size_t n = 0, room = 0;

	for (c = kmem_cache_next(NULL); c; c = kmem_cache_next(c)) {
		if (n == room) {
			room = room ? room * 2 : 64;
			caches = xrealloc(caches, room * sizeof(*caches));
		}
		caches[n++] = c;
	}
	m->slabs = xcalloc(n ? n : 1, sizeof(*m->slabs));
	m->nr_slabs = 0;
	while (n--) {
		struct kstate_slab *s = &m->slabs[m->nr_slabs++];
		struct slabinfo si;

		c = caches[n];
		kmem_cache_slabinfo(c, &si);
		s->name = c->name;
		s->active_objs = si.active_objs;
		s->num_objs = si.num_objs;
		s->objsize = c->size;
		s->objperslab = c->objects;
		s->pagesperslab = 1 << c->order;
		s->limit = si.limit;
		s->batchcount = si.batchcount;
		s->shared = si.shared;
		s->active_slabs = si.active_slabs;
		s->num_slabs = si.num_slabs;
		s->shared_avail = si.shared_avail;
	}
	free(caches);
}
