/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The page allocator's trace points, as 2.6.32 include/trace/events/kmem.h
 * defines them (arguments in its TP_PROTO order): one line at each call
 * site of page_alloc.c.  They exist only in kernels that had them
 * (kprofile.kmem_tracepoints: 2.6.32, not 2.6.30/2.6.31).
 */
#ifndef MMSIM_TRACE_EVENTS_KMEM_H
#define MMSIM_TRACE_EVENTS_KMEM_H

#include "mmsim/trace.h"
#include "linux/mm_types.h"
#include "linux/mmzone.h"

static inline void trace_mm_page_free_direct(struct page *page,
					     unsigned int order)
{
	TRACE_EMIT_IF(trace_kmem_enabled(), TRACE_MM_PAGE_FREE_DIRECT, ({
		__e.mm_page_free_direct.pfn = page_to_pfn(page);
		__e.mm_page_free_direct.order = order;
	}));
}

static inline void trace_mm_pagevec_free(struct page *page, int cold)
{
	TRACE_EMIT_IF(trace_kmem_enabled(), TRACE_MM_PAGEVEC_FREE, ({
		__e.mm_pagevec_free.pfn = page_to_pfn(page);
		__e.mm_pagevec_free.cold = cold;
	}));
}

/* @page NULL: the allocation failed (pfn -1UL). */
static inline void trace_mm_page_alloc(struct page *page, unsigned int order,
				       gfp_t gfp_flags, int migratetype)
{
	TRACE_EMIT_IF(trace_kmem_enabled(), TRACE_MM_PAGE_ALLOC, ({
		__e.mm_page_alloc.pfn = page ? page_to_pfn(page) : -1UL;
		__e.mm_page_alloc.order = order;
		__e.mm_page_alloc.migratetype = migratetype;
		__e.mm_page_alloc.gfp_flags = gfp_flags;
	}));
}

/* The kernel emits this for a NULL page too, with a junk pfn; mmsim
 * records successes only. */
static inline void trace_mm_page_alloc_zone_locked(struct page *page,
						   unsigned int order,
						   int migratetype)
{
	TRACE_EMIT_IF(page && trace_kmem_enabled(),
		      TRACE_MM_PAGE_ALLOC_ZONE_LOCKED, ({
		__e.mm_page_alloc_zone_locked.pfn = page_to_pfn(page);
		__e.mm_page_alloc_zone_locked.order = order;
		__e.mm_page_alloc_zone_locked.migratetype = migratetype;
		__e.mm_page_alloc_zone_locked.percpu_refill = order == 0;
	}));
}

static inline void trace_mm_page_pcpu_drain(struct page *page, int order,
					    int migratetype)
{
	TRACE_EMIT_IF(trace_kmem_enabled(), TRACE_MM_PAGE_PCPU_DRAIN, ({
		__e.mm_page_pcpu_drain.pfn = page_to_pfn(page);
		__e.mm_page_pcpu_drain.order = (unsigned int)order;
		__e.mm_page_pcpu_drain.migratetype = migratetype;
	}));
}

static inline void trace_mm_page_alloc_extfrag(struct page *page,
					       int alloc_order,
					       int fallback_order,
					       int alloc_migratetype,
					       int fallback_migratetype)
{
	TRACE_EMIT_IF(trace_kmem_enabled(), TRACE_MM_PAGE_ALLOC_EXTFRAG, ({
		__e.mm_page_alloc_extfrag.pfn = page_to_pfn(page);
		__e.mm_page_alloc_extfrag.alloc_order = alloc_order;
		__e.mm_page_alloc_extfrag.fallback_order = fallback_order;
		__e.mm_page_alloc_extfrag.pageblock_order = (int)pageblock_order;
		__e.mm_page_alloc_extfrag.alloc_migratetype = alloc_migratetype;
		__e.mm_page_alloc_extfrag.fallback_migratetype =
			fallback_migratetype;
		__e.mm_page_alloc_extfrag.fragmenting =
			fallback_order < (int)pageblock_order;
		__e.mm_page_alloc_extfrag.change_ownership =
			alloc_migratetype == fallback_migratetype;
	}));
}

#endif /* MMSIM_TRACE_EVENTS_KMEM_H */
