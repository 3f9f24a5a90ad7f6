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

/* ---- Why it failed: the explanation records (report/explain.c) ---- */

/* One zone of the zonelist, as the last attempt's watermark test saw it. */
struct zone_verdict {
	int nid;
	enum zone_type type;
	const char *name;
	int mark;			/* WMARK_MIN/LOW/HIGH of the attempt */
	long mark_pages;		/* zone->watermark[mark] */
	long min;			/* after ALLOC_HIGH (-min/2), ALLOC_HARDER (-min/4) */
	long free;			/* NR_FREE_PAGES */
	long lowmem_reserve;		/* lowmem_reserve[classzone_idx] */
	enum wmark_step step;
	int fail_order;			/* ORDER_K: the order k whose check failed */
	long blocks_pages;		/* ORDER_K: pages free in blocks of order >= k */
	long free_k;			/* ORDER_K: blocks_pages - (2^order - 1), the kernel's free */
	long need;			/* ORDER_K: min >> k; free_k must exceed it */
	unsigned long blocks_ge_order;	/* free blocks of order >= the request's */
};

/* Why ALLOC_NO_WATERMARKS was not granted (bits). */
#define NOWM_IN_INTERRUPT	0x1	/* in interrupt: never */
#define NOWM_NOMEMALLOC		0x2	/* __GFP_NOMEMALLOC */
#define NOWM_NOT_MEMALLOC	0x4	/* neither PF_MEMALLOC nor TIF_MEMDIE */
#define NOWM_NO_TASK		0x8

/* What kswapd of a node was doing (vmscan.c keeps it). */
enum kswapd_activity {
	KSWAPD_ACT_NOT_STARTED,
	KSWAPD_ACT_SLEEPING,		/* until wakeup_kswapd */
	KSWAPD_ACT_SHORT_SLEEP,		/* P4's HZ/10 nap */
	KSWAPD_ACT_BALANCING,		/* in balance_pgdat */
	KSWAPD_ACT_CONGESTION_WAIT,	/* balance_pgdat's congestion_wait */
};

struct kswapd_snapshot {
	int nid;
	enum kswapd_activity state;
	sim_time_t since;		/* entered @state */
	sim_time_t balance_since;	/* this balance_pgdat call began */
	int order;			/* balance_pgdat's order (after any drop to 0) */
	int priority;			/* its current scan priority */
	int cw_queue;			/* CONGESTION_WAIT: BLK_RW_* */
	int max_order;			/* pgdat->kswapd_max_order, pending */
	bool wake_known;		/* a wakeup_kswapd asked for work */
	sim_time_t wake_time;		/* the last such request */
	int wake_order;
	bool wake_found_asleep;		/* it woke a sleeping kswapd */
	char waker[16];			/* comm of the requester ("swapper" in irq) */
};
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
	unsigned int passes;		/* through restart:, the first included */
	unsigned int kswapd_wakes;	/* passes that ran wake_all_kswapd */
	unsigned int reclaim_passes;	/* __alloc_pages_direct_reclaim calls */
	unsigned int retry_waits;	/* congestion_wait before rebalance */
	unsigned long pages_reclaimed;
	unsigned long last_progress;	/* did_some_progress of the last pass */
	bool oom_tried;			/* reached __alloc_pages_may_oom */
};

static inline void slowpath_note_attempt(struct slowpath_note *n,
					 int alloc_flags)
{
	n->alloc_flags = alloc_flags;
	n->last_attempt = sim_now();
}

/*
 * The preferred zone at an order >= 1 atomic failure (mmsim's measures,
 * docs/model.md "Why order-2 atomic allocations fail"): what its free
 * lists held in blocks big enough, per migrate type's list, what the
 * per-cpu lists kept out of the buddy, and where NR_FREE_PAGES stood
 * against the watermarks.
 */
struct highorder_fail_state {
	sim_time_t time;
	unsigned int order;
	int nid;
	enum zone_type zone;
	long free;			/* NR_FREE_PAGES, as the allocator reads it */
	long blocks[MIGRATE_TYPES];	/* pages in free blocks of order >= order */
	long pcp;			/* pages on the zone's pcp lists, every CPU */
	unsigned long watermark[NR_WMARK];
};

/* Zones recorded per failure; the rest of a long NUMA zonelist is counted. */
#define EXPLAIN_ZONES 8

/* The full explanation: printed failures and the first unprinted ones. */
struct alloc_explain {
	bool have_note;			/* from the slow path (else reconstructed) */
	int alloc_flags;		/* of the last attempt */
	int slowpath_flags;		/* gfp_to_alloc_flags() of the request */
	sim_time_t last_attempt;
	unsigned int nowm_denied;	/* NOWM_* */
	bool rt_task;
	int classzone_idx;
	int high_zoneidx;
	int migratetype;
	unsigned int nr_zones;
	unsigned int nr_zones_more;	/* beyond EXPLAIN_ZONES */
	struct zone_verdict zones[EXPLAIN_ZONES];
	struct kswapd_snapshot kswapd;	/* of the preferred zone's node */
	struct slowpath_note note;	/* counters; pointers cleared */
	bool have_highorder;		/* an order >= 1 atomic request: */
	struct highorder_fail_state highorder;
	/* The profile switches that shape this path. */
	int restart_mode;
	bool rt_harder_in_irq;
	int cw_alloc;
	int kswapd_sleep;
	int kswapd_cw_priority;
};

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
