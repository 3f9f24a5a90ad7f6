/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every switch of a kernel profile, once, in the order 'mmsim profiles
 * NAME' explains them.  From this list come the fields of struct
 * kernel_profile and the enums of its ENUM switches (profile.h), the
 * values of the three base kernels, what the patches and the revert of
 * 8aa7e847 change, and every text 'mmsim profiles' prints (profile.c).
 * Adding a switch is one entry here plus the kernel code that reads
 * kprofile.FIELD, with a comment there naming the kernel function whose
 * behaviour it follows.
 *
 * An entry is one of
 *
 *	SWITCH_ENUM(field, PREFIX, (A, B, ...), v30, v31, v32, desc...)
 *		enum field { PREFIX_A, PREFIX_B, ... } (at most 4 values),
 *		printed and set by hand as A, B, ...
 *	SWITCH_QUEUE(field, v30, v31, v32, desc...)
 *		a congestion queue, BLK_RW_ASYNC, _SYNC or _BOTH, printed
 *		ASYNC, SYNC, BOTH
 *	SWITCH_BOOL(field, v30, v31, v32, desc...)	bool, printed 0 or 1
 *	SWITCH_UINT(field, v30, v31, v32, desc...)	unsigned int
 *
 * v30, v31, v32: the value in 2.6.30, 2.6.31 and 2.6.32-rc6 (for ENUM and
 * QUEUE switches the value's name: AFTER_WAKE, SYNC).  desc: designated
 * initializers of struct profile_switch (profile.c):
 *
 *	.patch, .patch_sets	the patch of the series (1-5) that changes
 *				the switch, and its value with that patch
 *	.revert			the revert of 8aa7e847 puts it back on the
 *				SYNC queue (QUEUE switches)
 *	.column			its heading in the 'mmsim profiles' table
 *	.why			the evidence for the 2.6.30, 2.6.31 and
 *				2.6.32-rc6 values: kernel version, file and
 *				function (docs/profiles.md has the details)
 *	.by_name		a switch the profile's name sets: the text
 *				for 0 and for 1, instead of .why
 *
 * The file is included once for each thing made from it: the includer
 * defines all four SWITCH_* macros before and #undefs them after.  There
 * is no include guard on purpose.
 */

/* Where the slowpath's restart label is: TOP (re-run the fast path, then
 * wake kswapd), AFTER_WAKE (a restart does not wake kswapd), BEFORE_WAKE
 * (a restart wakes kswapd again). */
SWITCH_ENUM(restart_mode, RESTART, (TOP, AFTER_WAKE, BEFORE_WAKE),
	    TOP, AFTER_WAKE, AFTER_WAKE,
	    .patch = 1, .patch_sets = RESTART_BEFORE_WAKE,
	    .column = "RESTART",
	    .why = {
		    "2.6.30 mm/page_alloc.c __alloc_pages_internal(): restart re-runs the fast path and wakes kswapd",
		    "2.6.31 mm/page_alloc.c __alloc_pages_slowpath(): restart label after wake_all_kswapd",
		    "2.6.31 mm/page_alloc.c __alloc_pages_slowpath(): restart label after wake_all_kswapd",
	    })

/* An rt task allocating in interrupt context gets ALLOC_HARDER. */
SWITCH_BOOL(rt_harder_in_irq, 0, 1, 1,
	    .patch = 2, .patch_sets = 0,
	    .column = "RT_IRQ",
	    .why = {
		    "2.6.30 mm/page_alloc.c __alloc_pages_internal(): rt_task && !in_interrupt()",
		    "341ce06f (2.6.31 mm/page_alloc.c gfp_to_alloc_flags()): rt tasks in interrupts get ALLOC_HARDER",
		    "341ce06f (2.6.31 mm/page_alloc.c gfp_to_alloc_flags()): rt tasks in interrupts get ALLOC_HARDER",
	    })

/* The congestion_wait call sites: which queue each waits on. */
#define CW_WHY_30 "2.6.30 mm/backing-dev.c congestion_wait(WRITE): WRITE = 1 = the SYNC queue"
#define CW_WHY_31 "8aa7e847/373c0a7e (2.6.31): BLK_RW_ASYNC"

/* The allocator's HZ/50 waits: the slowpath's retry and the NOFAIL loop
 * of __alloc_pages_high_priority(). */
SWITCH_QUEUE(cw_alloc, SYNC, ASYNC, ASYNC,
	     .patch = 3, .patch_sets = BLK_RW_BOTH, .revert = true,
	     .column = "CW_ALLOC",
	     .why = { CW_WHY_30, CW_WHY_31, CW_WHY_31 })

/* do_try_to_free_pages()' HZ/10 nap. */
SWITCH_QUEUE(cw_direct, SYNC, ASYNC, ASYNC,
	     .patch = 3, .patch_sets = BLK_RW_BOTH, .revert = true,
	     .column = "CW_DIRECT",
	     .why = { CW_WHY_30, CW_WHY_31, CW_WHY_31 })

/* balance_pgdat()'s HZ/10 nap. */
SWITCH_QUEUE(cw_kswapd, SYNC, ASYNC, ASYNC,
	     .revert = true,
	     .column = "CW_KSWAPD",
	     .why = { CW_WHY_30, CW_WHY_31, CW_WHY_31 })

/* shrink_inactive_list()'s nap before the lumpy synchronous pass. */
SWITCH_QUEUE(cw_lumpy, SYNC, ASYNC, ASYNC,
	     .revert = true,
	     .why = { CW_WHY_30, CW_WHY_31, CW_WHY_31 })

/* shrink_inactive_list()'s too_many_isolated() nap (2.6.32 only). */
SWITCH_QUEUE(cw_isolated, ASYNC, ASYNC, ASYNC,
	     .why = {
		     "unused: no too_many_isolated wait in 2.6.30",
		     "unused: no too_many_isolated wait in 2.6.31",
		     "2.6.32 mm/vmscan.c shrink_inactive_list(): too_many_isolated waits on BLK_RW_ASYNC; a revert of 8aa7e847 leaves it",
	     })

/* throttle_vm_writeout(), balance_dirty_pages() (2.6.30/.31), pdflush's
 * naps and dm-crypt's page pool. */
SWITCH_QUEUE(cw_writeback, SYNC, ASYNC, ASYNC,
	     .revert = true,
	     .why = { CW_WHY_30, CW_WHY_31, CW_WHY_31 })

#undef CW_WHY_30
#undef CW_WHY_31

/* kswapd's sleep: PLAIN, or P4's short nap and recheck first. */
SWITCH_ENUM(kswapd_sleep, KSWAPD_SLEEP, (PLAIN, QUICK_RECHECK),
	    PLAIN, PLAIN, PLAIN,
	    .patch = 4, .patch_sets = KSWAPD_SLEEP_QUICK_RECHECK,
	    .column = "KSWAPD_SLEEP",
	    .why = {
		    "mm/vmscan.c kswapd(): sleeps until woken",
		    "mm/vmscan.c kswapd(): sleeps until woken",
		    "mm/vmscan.c kswapd(): sleeps until woken",
	    })

/* P4's HZ/10 nap, in milliseconds. */
SWITCH_UINT(kswapd_short_sleep_ms, 100, 100, 100,
	    .patch = 4, .patch_sets = 100,
	    .why = {
		    "P4's HZ/10 nap; unused without P4",
		    "P4's HZ/10 nap; unused without P4",
		    "P4's HZ/10 nap; unused without P4",
	    })

/* Below which priority balance_pgdat() naps: FIXED (DEF_PRIORITY - 2),
 * ORDER_ADJUSTED (P5: lowered by the order kswapd reclaims for). */
SWITCH_ENUM(kswapd_cw_priority, KSWAPD_CW, (FIXED, ORDER_ADJUSTED),
	    FIXED, FIXED, FIXED,
	    .patch = 5, .patch_sets = KSWAPD_CW_ORDER_ADJUSTED,
	    .column = "KSWAPD_CW_PRIO",
	    .why = {
		    "mm/vmscan.c balance_pgdat(): naps below DEF_PRIORITY-2",
		    "mm/vmscan.c balance_pgdat(): naps below DEF_PRIORITY-2",
		    "mm/vmscan.c balance_pgdat(): naps below DEF_PRIORITY-2",
	    })

/* When direct reclaim makes the synchronous lumpy pass: COSTLY_ONLY
 * (order > PAGE_ALLOC_COSTLY_ORDER), LUMPY (whenever lumpy reclaim
 * applies). */
SWITCH_ENUM(lumpy_sync_rule, LUMPY_SYNC, (COSTLY_ONLY, LUMPY),
	    COSTLY_ONLY, LUMPY, LUMPY,
	    .why = {
		    "2.6.30 mm/vmscan.c shrink_inactive_list(): sync pass only above PAGE_ALLOC_COSTLY_ORDER",
		    "2.6.31 mm/vmscan.c shrink_inactive_list(): sync pass whenever lumpy reclaim applies",
		    "2.6.31 mm/vmscan.c shrink_inactive_list(): sync pass whenever lumpy reclaim applies",
	    })

/* When the active lists are scanned. */
SWITCH_ENUM(active_list_rule, ACTIVE_LIST, (V30, V31),
	    V30, V31, V31,
	    .why = {
		    "2.6.30 mm/vmscan.c shrink_list()",
		    "2.6.31 mm/vmscan.c shrink_list()",
		    "2.6.31 mm/vmscan.c shrink_list()",
	    })

/* The anon/file scan balance without swap. */
SWITCH_ENUM(noswap_rule, NOSWAP, (V30, V31),
	    V30, V31, V31,
	    .why = {
		    "2.6.30 mm/vmscan.c get_scan_ratio()",
		    "2.6.31 mm/vmscan.c get_scan_ratio()",
		    "2.6.31 mm/vmscan.c get_scan_ratio()",
	    })

/* Direct reclaim throttles while more pages are isolated than inactive. */
SWITCH_BOOL(too_many_isolated, 0, 0, 1,
	    .why = {
		    "not in 2.6.30",
		    "not in 2.6.31",
		    "2.6.32 mm/vmscan.c too_many_isolated() (merge window): direct reclaim throttles on isolated pages",
	    })

/* The per-cpu free lists: SINGLE, or one per migrate type. */
SWITCH_ENUM(pcp_layout, PCP, (SINGLE, PER_MIGRATETYPE),
	    SINGLE, SINGLE, PER_MIGRATETYPE,
	    .column = "PCP",
	    .why = {
		    "include/linux/mmzone.h struct per_cpu_pages: one pcp list",
		    "include/linux/mmzone.h struct per_cpu_pages: one pcp list",
		    "2.6.32 include/linux/mmzone.h struct per_cpu_pages: one pcp list per migrate type",
	    })

/* Which fallback blocks __rmqueue_fallback() claims whole. */
SWITCH_ENUM(fallback_claim, FALLBACK, (EQ_PAGEBLOCK, GE_PAGEBLOCK_RANGE),
	    EQ_PAGEBLOCK, EQ_PAGEBLOCK, GE_PAGEBLOCK_RANGE,
	    .why = {
		    "mm/page_alloc.c __rmqueue_fallback()",
		    "mm/page_alloc.c __rmqueue_fallback()",
		    "2.6.32 mm/page_alloc.c __rmqueue_fallback()",
	    })

/* At most 2 MIGRATE_RESERVE pageblocks per zone. */
SWITCH_BOOL(reserve_cap2, 0, 1, 1,
	    .why = {
		    "2.6.30 mm/page_alloc.c setup_zone_migrate_reserve()",
		    "2.6.31 mm/page_alloc.c setup_zone_migrate_reserve(): at most 2 MIGRATE_RESERVE blocks",
		    "2.6.31 mm/page_alloc.c setup_zone_migrate_reserve(): at most 2 MIGRATE_RESERVE blocks",
	    })

/* What "reclaimable pages" counts: every LRU page, or anon only with
 * swap. */
SWITCH_ENUM(reclaimable_def, RECLAIMABLE, (ALL_LRU, SWAP_AWARE),
	    ALL_LRU, ALL_LRU, SWAP_AWARE,
	    .why = {
		    "include/linux/vmstat.h zone_lru_pages()",
		    "include/linux/vmstat.h zone_lru_pages()",
		    "2.6.32 mm/vmscan.c zone_reclaimable_pages()",
	    })

/* Background and periodic writeback: pdflush, or per-bdi flushers. */
SWITCH_ENUM(writeback_engine, WRITEBACK, (PDFLUSH, FLUSHER),
	    PDFLUSH, PDFLUSH, FLUSHER,
	    .column = "WRITEBACK",
	    .why = {
		    "mm/pdflush.c",
		    "mm/pdflush.c",
		    "2.6.32 fs/fs-writeback.c bdi_writeback_task(): per-bdi flusher threads",
	    })

/* How a throttled writer sleeps in balance_dirty_pages(). */
SWITCH_ENUM(bdp_sleep, BDP, (CONGESTION_WAIT, PAUSE_BACKOFF),
	    CONGESTION_WAIT, CONGESTION_WAIT, PAUSE_BACKOFF,
	    .why = {
		    "mm/page-writeback.c balance_dirty_pages(): congestion_wait",
		    "mm/page-writeback.c balance_dirty_pages(): congestion_wait",
		    "2.6.32 mm/page-writeback.c balance_dirty_pages(): io_schedule_timeout(pause), backing off",
	    })

/* How many pages a throttled writer writes: 1.5 x ratelimit_pages, or
 * 1.5 x the pages it dirtied (at least ratelimit_pages). */
SWITCH_ENUM(bdp_write_chunk, BDP, (RATELIMIT_1_5, DIRTIED_1_5),
	    RATELIMIT_1_5, RATELIMIT_1_5, DIRTIED_1_5,
	    .why = {
		    "mm/page-writeback.c sync_writeback_pages(): ratelimit_pages * 1.5",
		    "mm/page-writeback.c sync_writeback_pages(): ratelimit_pages * 1.5",
		    "2.6.32 mm/page-writeback.c sync_writeback_pages(dirtied): dirtied * 1.5",
	    })

/* The kmem mm_page_* trace events exist. */
SWITCH_BOOL(kmem_tracepoints, 0, 0, 1,
	    .why = {
		    "no kmem page events in 2.6.30",
		    "no kmem page events in 2.6.31",
		    "2.6.32 include/trace/events/kmem.h mm_page_* events",
	    })

/* The /proc/vmstat and show_mem field sets. */
SWITCH_ENUM(vmstat_fields, VMSTAT, (V30, V31, V32),
	    V30, V31, V32,
	    .why = {
		    "2.6.30 mm/vmstat.c vmstat_text[], mm/page_alloc.c show_free_areas()",
		    "2.6.31 mm/vmstat.c vmstat_text[], mm/page_alloc.c show_free_areas()",
		    "2.6.32 mm/vmstat.c vmstat_text[], mm/page_alloc.c show_free_areas()",
	    })

/* The 2009 test hack: every network receive is an order-2 GFP_ATOMIC
 * allocation (docs/profiles.md, "force_highorder"). */
SWITCH_BOOL(force_highorder, 0, 0, 0,
	    .by_name = {
		    "stock kernel: network receive uses the driver's own sizes",
		    "2009 test hack: network receive always order-2 GFP_ATOMIC (every table row)",
	    })
