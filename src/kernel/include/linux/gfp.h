/* SPDX-License-Identifier: GPL-2.0 */
/*
 * GFP flags, allocation flags and migrate types with the values of
 * 2.6.30-2.6.32 (identical across the three), and the page allocator's
 * entry points.
 */
#ifndef MMSIM_GFP_H
#define MMSIM_GFP_H

#include <stdbool.h>
#include <stddef.h>

typedef unsigned int gfp_t;

#define __GFP_DMA		0x01u
#define __GFP_HIGHMEM		0x02u
#define __GFP_DMA32		0x04u
#define __GFP_MOVABLE		0x08u
#define GFP_ZONEMASK		(__GFP_DMA | __GFP_HIGHMEM | __GFP_DMA32 | __GFP_MOVABLE)
#define __GFP_WAIT		0x10u	/* can sleep */
#define __GFP_HIGH		0x20u	/* may use emergency pools */
#define __GFP_IO		0x40u	/* can start physical IO */
#define __GFP_FS		0x80u	/* can call down to the filesystem */
#define __GFP_COLD		0x100u
#define __GFP_NOWARN		0x200u
#define __GFP_REPEAT		0x400u
#define __GFP_NOFAIL		0x800u
#define __GFP_NORETRY		0x1000u
#define __GFP_COMP		0x4000u
#define __GFP_ZERO		0x8000u
#define __GFP_NOMEMALLOC	0x10000u
#define __GFP_HARDWALL		0x20000u
#define __GFP_THISNODE		0x40000u
#define __GFP_RECLAIMABLE	0x80000u

#define GFP_NOWAIT		0u
#define GFP_ATOMIC		(__GFP_HIGH)
#define GFP_NOIO		(__GFP_WAIT)
#define GFP_NOFS		(__GFP_WAIT | __GFP_IO)
#define GFP_KERNEL		(__GFP_WAIT | __GFP_IO | __GFP_FS)
#define GFP_TEMPORARY		(GFP_KERNEL | __GFP_RECLAIMABLE)
#define GFP_USER		(GFP_KERNEL | __GFP_HARDWALL)
#define GFP_HIGHUSER		(GFP_USER | __GFP_HIGHMEM)
#define GFP_HIGHUSER_MOVABLE	(GFP_HIGHUSER | __GFP_MOVABLE)
#define GFP_DMA			__GFP_DMA
#define GFP_DMA32		__GFP_DMA32
/* GFP_THISNODE is 0 on the UMA builds modelled. */

/* Migrate types (mmzone.h). */
enum {
	MIGRATE_UNMOVABLE,
	MIGRATE_RECLAIMABLE,
	MIGRATE_MOVABLE,
	MIGRATE_PCPTYPES,
	MIGRATE_RESERVE = MIGRATE_PCPTYPES,
	MIGRATE_ISOLATE,
	MIGRATE_TYPES
};

/* alloc_flags of .31/.32 (mm/internal.h in later trees). */
#define ALLOC_WMARK_MIN		0x00
#define ALLOC_WMARK_LOW		0x01
#define ALLOC_WMARK_HIGH	0x02
#define ALLOC_NO_WATERMARKS	0x04
#define ALLOC_WMARK_MASK	(ALLOC_NO_WATERMARKS - 1)
#define ALLOC_HARDER		0x10
#define ALLOC_HIGH		0x20
#define ALLOC_CPUSET		0x40

#define PAGE_ALLOC_COSTLY_ORDER	3

struct page;
struct zone;
struct zonelist;

int gfp_zone(gfp_t gfp);		/* highest zone index the request may use */
int allocflags_to_migratetype(gfp_t gfp);

/* The page allocator (page_alloc.c). */
int gfp_to_alloc_flags(gfp_t gfp_mask);
struct page *__alloc_pages_nodemask(gfp_t gfp_mask, unsigned int order,
				    struct zonelist *zonelist);
struct page *alloc_pages(gfp_t gfp, unsigned int order);
#define alloc_page(gfp) alloc_pages(gfp, 0)
void __free_pages(struct page *page, unsigned int order);
#define __free_page(page) __free_pages(page, 0)
void free_hot_cold_page(struct page *page, int cold);
void free_hot_page(struct page *page);
/* __pagevec_free() without struct pagevec: the pages, their count, cold. */
void __pagevec_free_pages(struct page **pages, unsigned int nr, int cold);
void drain_local_pages(void *arg);
void drain_all_pages(void);

/*
 * mmsim, not the kernel: who an allocation is for, so that the page
 * allocator's measures can say whose requests entered direct reclaim at
 * order > 0 and whose fallbacks broke up blocks of another migrate type
 * (mm/page_alloc.c, docs/model.md "Why order-2 atomic allocations
 * fail").  The kernel has no such argument; nothing but the measures
 * reads it.  An allocation in interrupt context is ALLOC_CALLER_IRQ
 * whatever the interrupted task was doing.
 */
enum alloc_caller {
	ALLOC_CALLER_OTHER,	/* user and page cache pages, the rest */
	ALLOC_CALLER_STACK,	/* kernel/fork.c alloc_thread_info */
	ALLOC_CALLER_SLAB,	/* a slab's pages (SLUB, SLAB), kmalloc_large */
	ALLOC_CALLER_PAGE_POOL,	/* a page mempool: dm-crypt's write pages */
	ALLOC_CALLER_PAGETABLE,	/* pte_alloc_one */
	ALLOC_CALLER_IRQ,	/* in interrupt: network receive */
	NR_ALLOC_CALLERS
};
/* alloc_pages() for @caller: the calling task's tag is set around it. */
struct page *alloc_pages_for(enum alloc_caller caller, gfp_t gfp,
			     unsigned int order);
/* "stack", "slab", ...: the callers' names in results and reports. */
extern const char *const alloc_caller_names[NR_ALLOC_CALLERS];
/* The allocator's measures start again (a start_kernel initcall). */
void page_alloc_stats_reset(void);

/*
 * Render a gfp mask the way the kmem tracepoints print it: composites
 * first, then single bits, joined by '|'.  Returns @buf.
 */
char *gfp_flags_str(gfp_t gfp, char *buf, size_t len);
/* Entry @i of the table gfp_flags_str() walks (show_gfp_flags' list, in
 * its order), for a trace.dat's print fmt; false past its end. */
bool gfp_flag_name(size_t i, gfp_t *mask, const char **name);

#endif /* MMSIM_GFP_H */
