/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Allocation failures as the kernel would have reported them.  At the
 * nopage exit of the slow path the allocator calls record_alloc_failure();
 * it decides, as __alloc_pages_slowpath does, whether the warning would
 * reach the log (__GFP_NOWARN, then printk_ratelimit()), and keeps a
 * snapshot of everything show_mem() would print at that instant.  The
 * kernel side never prints: src/report/kern_log.c formats the records.
 */
#ifndef MMSIM_ALLOC_FAIL_H
#define MMSIM_ALLOC_FAIL_H

#include <stdbool.h>
#include <stddef.h>
#include "linux/gfp.h"
#include "linux/mmzone.h"
#include "linux/vmstat.h"
#include "sim/sim.h"
#include "metrics/kstate.h"

/* printk_ratelimit(): at most 10 messages per 5 * HZ (kernel/printk.c). */
#define PRINTK_RATELIMIT_BURST		10
#define PRINTK_RATELIMIT_INTERVAL_S	5

/* Unprinted failures keep a show_mem snapshot only up to this many. */
#define ALLOC_FAIL_UNPRINTED_SNAPSHOTS	1024

/*
 * Whether a printed failure's snapshot counts the pages as show_mem()'s
 * tail does ("pages RAM", "pages shared", ...: one pass over every
 * struct page, for a kern.log line only).  True unless the run's caller
 * keeps no kern.log (experiment/run.h, measures_only); set before boot.
 */
extern bool alloc_fail_page_counts;

/* ---- Why it failed: the explanation records (report/explain.c) ---- */

/* The records themselves (struct alloc_explain, zone_verdict,
 * kswapd_snapshot, highorder_fail_state) are metrics/kstate.h's. */

void kswapd_snapshot_get(int nid, struct kswapd_snapshot *ks);

/*
 * What __alloc_pages_slowpath did, noted on its stack as it goes and
 * handed to record_alloc_failure_note() at nopage.
 */
struct slowpath_note {
	struct zonelist *zonelist;
	int high_zoneidx;
	struct zone *preferred_zone;
	int alloc_flags;		/* of the last get_page_from_freelist */
	sim_time_t last_attempt;
	/* What the slow path did, as a failure's explanation keeps it. */
	struct slowpath_counts counts;
};

static inline void slowpath_note_attempt(struct slowpath_note *n,
					 int alloc_flags)
{
	n->alloc_flags = alloc_flags;
	n->last_attempt = sim_now();
}

/* Reruns __zone_watermark_ok's arithmetic on @z and says which test decides. */
void zone_watermark_explain(struct zone *z, int order, int mark,
			    int classzone_idx, int alloc_flags,
			    struct zone_verdict *v);

void record_alloc_failure(gfp_t gfp_mask, unsigned int order);
/* The slow path's nopage exit: @note says what it tried (may be NULL). */
void record_alloc_failure_note(gfp_t gfp_mask, unsigned int order,
			       const struct slowpath_note *note);

/* Every order >= 1 atomic failure's zone state, in time order. */
size_t highorder_failure_count(void);
const struct highorder_fail_state *highorder_failure_get(size_t i);

size_t alloc_failure_count(void);
const struct alloc_failure *alloc_failure_get(size_t i);
/* The highest order an allocation failed at so far; 0 if none did. */
unsigned int alloc_failure_max_order(void);
/* Failures whose warning reached the log: the cover letter's "Failures:". */
size_t alloc_failures_printed(void);
size_t alloc_failures_nowarn(void);
size_t alloc_failures_ratelimited(void);
/* Suppressed in the current ratelimit window and not yet reported. */
int alloc_failures_ratelimit_pending(void);
/* Forget every record and reset the ratelimit state (between runs). */
void alloc_failures_reset(void);

/* The swap cache numbers show_swap_cache_info() prints (swap_state.c);
 * nr_swap_pages and total_swap_pages are swapfile.c's (linux/swap.h). */
void swap_cache_stats_get(struct swap_cache_stats *st);

/*
 * show_mem()'s numbers now, page counts included, for another printer
 * than the allocation failure (the OOM killer); free with
 * show_mem_snapshot_free().
 */
struct show_mem_snapshot *show_mem_snapshot_take(void);
void show_mem_snapshot_free(struct show_mem_snapshot *m);

/*
 * lib/ratelimit.c's printk_ratelimit(), whose one state every user shares
 * (allocation failures and the OOM killer's header): 1 if the message may
 * print.  *@reported: messages suppressed in the window that just closed,
 * announced as "__ratelimit: N callbacks suppressed".
 */
int printk_ratelimit(int *reported);

#endif /* MMSIM_ALLOC_FAIL_H */
