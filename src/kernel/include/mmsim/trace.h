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
 * Each member of the union is named after its event.  Every event has a
 * one-line trace_<event>() helper with the kernel's arguments, declared
 * where the kernel declares its trace point: include/trace/events/kmem.h,
 * vmscan.h and writeback.h (src/kernel/include/trace/events/).
 */
#ifndef MMSIM_TRACE_H
#define MMSIM_TRACE_H

#include "sim/sim.h"
#include "linux/gfp.h"
#include "mmsim/profile.h"

enum trace_event_id {
	/* kmem (include/trace/events/kmem.h, 2.6.32) */
	TRACE_MM_PAGE_ALLOC,		/* end of __alloc_pages_nodemask */
	TRACE_MM_PAGE_ALLOC_ZONE_LOCKED,	/* __rmqueue */
	TRACE_MM_PAGE_FREE_DIRECT,	/* __free_pages, free_hot_page */
	TRACE_MM_PAGEVEC_FREE,		/* __pagevec_free */
	TRACE_MM_PAGE_PCPU_DRAIN,	/* free_pcppages_bulk, per page */
	TRACE_MM_PAGE_ALLOC_EXTFRAG,	/* __rmqueue_fallback */
	/*
	 * vmscan (include/trace/events/vmscan.h) and writeback: added to
	 * the kernel after 2.6.32 (vmscan in 2.6.36, lru_shrink_inactive,
	 * the writepage flags and writeback_congestion_wait in 2.6.37).
	 * mmsim emits them for every simulated kernel, with their 2.6.37
	 * formats, so that the kernel's reclaim post-processing reads a
	 * simulated .30/.31/.32 run; docs/trace.md says so.
	 */
	TRACE_MM_VMSCAN_KSWAPD_SLEEP,	/* kswapd, before it sleeps */
	TRACE_MM_VMSCAN_KSWAPD_WAKE,	/* kswapd, on waking: balance_pgdat */
	TRACE_MM_VMSCAN_WAKEUP_KSWAPD,	/* wakeup_kswapd, by the waker */
	TRACE_MM_VMSCAN_DIRECT_RECLAIM_BEGIN,	/* try_to_free_pages */
	TRACE_MM_VMSCAN_DIRECT_RECLAIM_END,
	TRACE_MM_VMSCAN_LRU_ISOLATE,	/* isolate_lru_pages */
	TRACE_MM_VMSCAN_WRITEPAGE,	/* pageout, after ->writepage */
	TRACE_MM_VMSCAN_LRU_SHRINK_INACTIVE,	/* end of shrink_inactive_list */
	TRACE_WRITEBACK_CONGESTION_WAIT,	/* end of congestion_wait */
	NR_TRACE_EVENTS
};

/* isolate_mode of mm_vmscan_lru_isolate, as 2.6.36/.37 numbered them
 * (a bitmask, INACTIVE=1 ACTIVE=2, only from 3.x). */
#define ISOLATE_INACTIVE	0
#define ISOLATE_ACTIVE		1
#define ISOLATE_BOTH		2

/* reclaim_flags of mm_vmscan_writepage and _lru_shrink_inactive (2.6.37). */
#define RECLAIM_WB_ANON		0x0001u
#define RECLAIM_WB_FILE		0x0002u
#define RECLAIM_WB_MIXED	0x0010u
#define RECLAIM_WB_SYNC		0x0004u
#define RECLAIM_WB_ASYNC	0x0008u

struct trace_entry {
	sim_time_t ts;			/* simulated ns */
	int pid;			/* 0: no task (the idle "swapper") */
	int cpu;
	bool in_irq;			/* in_interrupt(): the lines' "d.s." flags */
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
		struct {
			int nid;
		} mm_vmscan_kswapd_sleep;
		struct {
			int nid;
			int order;
		} mm_vmscan_kswapd_wake;
		struct {
			int nid;
			int zid;
			int order;
		} mm_vmscan_wakeup_kswapd;
		struct {
			int order;
			int may_writepage;
			gfp_t gfp_flags;
		} mm_vmscan_direct_reclaim_begin;
		struct {
			unsigned long nr_reclaimed;
		} mm_vmscan_direct_reclaim_end;
		struct {
			int isolate_mode;	/* ISOLATE_* */
			int order;
			unsigned long nr_requested;
			unsigned long nr_scanned;
			unsigned long nr_taken;
			/* Lumpy reclaim's extra pages around the target. */
			unsigned long contig_taken;
			unsigned long contig_dirty;
			unsigned long contig_failed;
		} mm_vmscan_lru_isolate;
		struct {
			unsigned long pfn;
			unsigned int reclaim_flags;	/* RECLAIM_WB_* */
		} mm_vmscan_writepage;
		struct {
			int nid;
			int zid;
			unsigned long nr_scanned;
			unsigned long nr_reclaimed;
			int priority;
			unsigned int reclaim_flags;	/* RECLAIM_WB_* */
		} mm_vmscan_lru_shrink_inactive;
		struct {
			unsigned int usec_timeout;
			unsigned int usec_delayed;
		} writeback_congestion_wait;
	};
};

/* NULL: tracing off. */
extern void (*trace_sink)(const struct trace_entry *);

/* Fill ts, pid, cpu, comm and id from the running context. */
void trace_entry_init(struct trace_entry *e, enum trace_event_id id);

static inline bool trace_kmem_enabled(void)
{
	return __builtin_expect(trace_sink != NULL, 0) &&
	       kprofile_get(kmem_tracepoints);
}

/* Any sink: the vmscan and writeback events, which every simulated
 * kernel emits.  One predicted branch while no sink is installed. */
static inline bool trace_enabled(void)
{
	return __builtin_expect(trace_sink != NULL, 0);
}

/* RECLAIM_WB_* for a page written by reclaim (2.6.37's trace_reclaim_flags). */
static inline unsigned int trace_reclaim_flags(bool file, bool sync)
{
	return (file ? RECLAIM_WB_FILE : RECLAIM_WB_ANON) |
	       (sync ? RECLAIM_WB_SYNC : RECLAIM_WB_ASYNC);
}

/* RECLAIM_WB_* for a shrink_inactive_list pass (2.6.37's trace_shrink_flags). */
static inline unsigned int trace_shrink_flags(bool file, bool sync)
{
	return trace_reclaim_flags(file, sync);
}

/* The body of a trace_<event>() helper: when @enabled, fill an entry
 * (@assign sets its fields in __e) and hand it to the sink. */
#define TRACE_EMIT_IF(enabled, event, assign)				\
	do {								\
		if (enabled) {						\
			struct trace_entry __e;				\
									\
			trace_entry_init(&__e, event);			\
			assign;						\
			trace_sink(&__e);				\
		}							\
	} while (0)

#define TRACE_EMIT(event, assign) TRACE_EMIT_IF(trace_enabled(), event, assign)

#endif /* MMSIM_TRACE_H */
