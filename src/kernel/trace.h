/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Trace events: the simulated kernel records, src/report/ formats.
 *
 * A trace point fills a struct trace_entry and hands it to trace_sink.
 * With no sink installed (the default) a trace point costs one predicted
 * branch.  Events of the kmem system exist only in kernels that had them
 * (kprofile.kmem_tracepoints: 2.6.32, not .30/.31), as in the real
 * kernels, where a .31 trace simply has no mm_page_* lines.
 *
 * The entry records the pfn, never a host pointer: output must be
 * byte-identical from run to run.  A formatter that wants the kernel's
 * "page=%p" field synthesises an address from the pfn (for example
 * mem_map base + pfn * sizeof(struct page) of the simulated architecture).
 *
 * Other areas add their events (vmscan, writeback, ...) to the enum and
 * the union; each member of the union is named after its event.
 */
#ifndef MMSIM_TRACE_H
#define MMSIM_TRACE_H

#include "../sim/sim.h"
#include "gfp.h"
#include "profile.h"

enum trace_event_id {
	/* kmem (include/trace/events/kmem.h, 2.6.32) */
	TRACE_MM_PAGE_ALLOC,		/* end of __alloc_pages_nodemask */
	TRACE_MM_PAGE_ALLOC_ZONE_LOCKED,	/* __rmqueue */
	TRACE_MM_PAGE_FREE_DIRECT,	/* __free_pages, free_hot_page */
	TRACE_MM_PAGEVEC_FREE,		/* __pagevec_free */
	TRACE_MM_PAGE_PCPU_DRAIN,	/* free_pcppages_bulk, per page */
	TRACE_MM_PAGE_ALLOC_EXTFRAG,	/* __rmqueue_fallback */
	NR_TRACE_EVENTS
};

struct trace_entry {
	sim_time_t ts;			/* simulated ns */
	int pid;			/* 0: no task (the idle "swapper") */
	int cpu;
	char comm[16];
	enum trace_event_id id;
	union {
		struct {
			unsigned long pfn;	/* -1UL: the allocation failed */
			unsigned int order;
			int migratetype;
			gfp_t gfp_flags;
		} mm_page_alloc;
		struct {
			unsigned long pfn;
			unsigned int order;
			int migratetype;
			int percpu_refill;	/* order == 0 */
		} mm_page_alloc_zone_locked;
		struct {
			unsigned long pfn;
			unsigned int order;
		} mm_page_free_direct;
		struct {
			unsigned long pfn;
			int cold;
		} mm_pagevec_free;
		struct {
			unsigned long pfn;
			unsigned int order;
			int migratetype;
		} mm_page_pcpu_drain;
		struct {
			unsigned long pfn;
			int alloc_order;
			int fallback_order;
			int pageblock_order;
			int alloc_migratetype;
			int fallback_migratetype;
			/* Derived as the kernel prints them. */
			int fragmenting;	/* fallback_order < pageblock_order */
			int change_ownership;	/* alloc_mt == fallback_mt */
		} mm_page_alloc_extfrag;
	};
};

/* NULL: tracing off. */
extern void (*trace_sink)(const struct trace_entry *);

/* Fill ts, pid, cpu, comm and id from the running context. */
void trace_entry_init(struct trace_entry *e, enum trace_event_id id);

static inline bool trace_kmem_enabled(void)
{
	return __builtin_expect(trace_sink != NULL, 0) &&
	       kprofile.kmem_tracepoints;
}

#endif /* MMSIM_TRACE_H */
