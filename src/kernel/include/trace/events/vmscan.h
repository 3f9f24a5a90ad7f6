/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The vmscan trace points, as 2.6.36/2.6.37 include/trace/events/vmscan.h
 * defines them (none exist in 2.6.30-2.6.32; mmsim emits them for every
 * simulated kernel, docs/trace.md): one line at each call site of
 * vmscan.c, e.g. trace_mm_vmscan_kswapd_wake(pgdat->node_id, order).
 */
#ifndef MMSIM_TRACE_EVENTS_VMSCAN_H
#define MMSIM_TRACE_EVENTS_VMSCAN_H

#include "mmsim/trace.h"

static inline void trace_mm_vmscan_kswapd_sleep(int nid)
{
	TRACE_EMIT(TRACE_MM_VMSCAN_KSWAPD_SLEEP,
		   __e.mm_vmscan_kswapd_sleep.nid = nid);
}

static inline void trace_mm_vmscan_kswapd_wake(int nid, int order)
{
	TRACE_EMIT(TRACE_MM_VMSCAN_KSWAPD_WAKE, ({
		__e.mm_vmscan_kswapd_wake.nid = nid;
		__e.mm_vmscan_kswapd_wake.order = order;
	}));
}

static inline void trace_mm_vmscan_wakeup_kswapd(int nid, int zid, int order)
{
	TRACE_EMIT(TRACE_MM_VMSCAN_WAKEUP_KSWAPD, ({
		__e.mm_vmscan_wakeup_kswapd.nid = nid;
		__e.mm_vmscan_wakeup_kswapd.zid = zid;
		__e.mm_vmscan_wakeup_kswapd.order = order;
	}));
}

static inline void trace_mm_vmscan_direct_reclaim_begin(int order,
							 int may_writepage,
							 gfp_t gfp_flags)
{
	TRACE_EMIT(TRACE_MM_VMSCAN_DIRECT_RECLAIM_BEGIN, ({
		__e.mm_vmscan_direct_reclaim_begin.order = order;
		__e.mm_vmscan_direct_reclaim_begin.may_writepage = may_writepage;
		__e.mm_vmscan_direct_reclaim_begin.gfp_flags = gfp_flags;
	}));
}

static inline void trace_mm_vmscan_direct_reclaim_end(unsigned long nr_reclaimed)
{
	TRACE_EMIT(TRACE_MM_VMSCAN_DIRECT_RECLAIM_END,
		   __e.mm_vmscan_direct_reclaim_end.nr_reclaimed = nr_reclaimed);
}

/* Argument order as the 2.6.36 trace point's TP_PROTO. */
static inline void trace_mm_vmscan_lru_isolate(int order,
					       unsigned long nr_requested,
					       unsigned long nr_scanned,
					       unsigned long nr_taken,
					       unsigned long contig_taken,
					       unsigned long contig_dirty,
					       unsigned long contig_failed,
					       int isolate_mode)
{
	TRACE_EMIT(TRACE_MM_VMSCAN_LRU_ISOLATE, ({
		__e.mm_vmscan_lru_isolate.isolate_mode = isolate_mode;
		__e.mm_vmscan_lru_isolate.order = order;
		__e.mm_vmscan_lru_isolate.nr_requested = nr_requested;
		__e.mm_vmscan_lru_isolate.nr_scanned = nr_scanned;
		__e.mm_vmscan_lru_isolate.nr_taken = nr_taken;
		__e.mm_vmscan_lru_isolate.contig_taken = contig_taken;
		__e.mm_vmscan_lru_isolate.contig_dirty = contig_dirty;
		__e.mm_vmscan_lru_isolate.contig_failed = contig_failed;
	}));
}

static inline void trace_mm_vmscan_writepage(unsigned long pfn,
					     unsigned int reclaim_flags)
{
	TRACE_EMIT(TRACE_MM_VMSCAN_WRITEPAGE, ({
		__e.mm_vmscan_writepage.pfn = pfn;
		__e.mm_vmscan_writepage.reclaim_flags = reclaim_flags;
	}));
}

static inline void trace_mm_vmscan_lru_shrink_inactive(int nid, int zid,
						       unsigned long nr_scanned,
						       unsigned long nr_reclaimed,
						       int priority,
						       unsigned int reclaim_flags)
{
	TRACE_EMIT(TRACE_MM_VMSCAN_LRU_SHRINK_INACTIVE, ({
		__e.mm_vmscan_lru_shrink_inactive.nid = nid;
		__e.mm_vmscan_lru_shrink_inactive.zid = zid;
		__e.mm_vmscan_lru_shrink_inactive.nr_scanned = nr_scanned;
		__e.mm_vmscan_lru_shrink_inactive.nr_reclaimed = nr_reclaimed;
		__e.mm_vmscan_lru_shrink_inactive.priority = priority;
		__e.mm_vmscan_lru_shrink_inactive.reclaim_flags = reclaim_flags;
	}));
}

#endif /* MMSIM_TRACE_EVENTS_VMSCAN_H */
