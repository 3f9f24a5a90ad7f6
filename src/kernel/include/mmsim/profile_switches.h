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
 *	.patch, .patch_sets	the patch (1-5 of the series, 6 Chris
 *				Mason's dm-crypt patch) that changes the
 *				switch, and its value with that patch
 *	.commits		up to SWITCH_MAX_COMMITS pairs
 *				{ COMMIT_X, value }: a kernel commit beyond
 *				the three tags (enum profile_commit,
 *				profile.h) that changes it, and its value
 *				with that commit; the releases 2.6.32 and
 *				2.6.32.9 are a tag plus such commits
 *	.revert			the revert of 8aa7e847 puts it back on the
 *				SYNC queue (QUEUE switches)
 *	.column			its heading in the 'mmsim profiles' table
 *	.why			the evidence for the 2.6.30, 2.6.31 and
 *				2.6.32-rc6 values: kernel version, file and
 *				function (docs/profiles.md has the details)
 *	.by_name		a switch the profile's name sets: the text
 *				for 0 and for 1, instead of .why
 *	.group			the subsystem it stands for, by kernel file
 *				or call sites (vmscan, pcp, sched, cfq, ...):
 *				'mmsim bisect' flips a group's switches
 *				together before it flips them one by one
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
	    .group = "slowpath",
	    .patch = 1, .patch_sets = RESTART_BEFORE_WAKE,
	    .column = "RESTART",
	    .why = {
		    "v2.6.30 mm/page_alloc.c:1486 __alloc_pages_internal(): restart: above the fast-path get_page_from_freelist() and the wakeup_kswapd() loop (l.1513)",
		    "v2.6.31 mm/page_alloc.c:1775 __alloc_pages_slowpath(): restart: below wake_all_kswapd() (l.1766)",
		    "v2.6.32-rc6 mm/page_alloc.c:1822 __alloc_pages_slowpath(): restart: below wake_all_kswapd() (l.1820)",
	    })

/*
 * When the slowpath computes alloc_flags: EVERY_PASS (2.6.30: below the
 * restart label, and the rebalance label tests PF_MEMALLOC and TIF_MEMDIE
 * afresh), ONCE (2.6.31: above the restart label, so a task the OOM killer
 * chose restarts without ALLOC_NO_WATERMARKS and gives up on TIF_MEMDIE),
 * EVERY_RESTART (b259fbde0a8: below it).  Patch 1 moves the label above
 * wake_all_kswapd(), which is above the computation in 2.6.31 too.
 */
SWITCH_ENUM(restart_alloc_flags, RESTART_FLAGS, (EVERY_PASS, ONCE, EVERY_RESTART),
	    EVERY_PASS, ONCE, EVERY_RESTART,
	    .group = "slowpath",
	    .patch = 1, .patch_sets = RESTART_FLAGS_EVERY_RESTART,
	    .why = {
		    "v2.6.30 mm/page_alloc.c:1526 __alloc_pages_internal(): alloc_flags set below restart: (l.1486); rebalance: (l.1550) tests PF_MEMALLOC || TIF_MEMDIE itself",
		    "v2.6.31 mm/page_alloc.c:1773 __alloc_pages_slowpath(): alloc_flags = gfp_to_alloc_flags() above restart: (l.1775); an OOM victim restarts without ALLOC_NO_WATERMARKS and fails at l.1802",
		    "v2.6.32-rc6 mm/page_alloc.c:1828 __alloc_pages_slowpath(): alloc_flags = gfp_to_alloc_flags() below restart: (l.1822) (b259fbde0a8)",
	    })

/* An rt task allocating in interrupt context gets ALLOC_HARDER. */
SWITCH_BOOL(rt_harder_in_irq, 0, 1, 1,
	    .group = "slowpath",
	    .patch = 2, .patch_sets = 0,
	    .column = "RT_IRQ",
	    .why = {
		    "v2.6.30 mm/page_alloc.c:1527 __alloc_pages_internal(): ALLOC_HARDER for rt_task(p) && !in_interrupt()",
		    "v2.6.31 mm/page_alloc.c:1718 gfp_to_alloc_flags(): else if (rt_task(p)) ALLOC_HARDER, in interrupts too (341ce06f)",
		    "v2.6.32-rc6 mm/page_alloc.c:1772 gfp_to_alloc_flags(): else if (rt_task(p)) ALLOC_HARDER, in interrupts too (341ce06f)",
	    })

/* The congestion_wait call sites: which queue each waits on. */

/* The allocator's HZ/50 waits: the slowpath's retry and the NOFAIL loop
 * of __alloc_pages_high_priority(). */
SWITCH_QUEUE(cw_alloc, SYNC, ASYNC, ASYNC,
	     .group = "congestion_wait",
	     .patch = 3, .patch_sets = BLK_RW_BOTH, .revert = true,
	     .column = "CW_ALLOC",
	     .why = {
		    "v2.6.30 mm/page_alloc.c:1661 __alloc_pages_internal(): congestion_wait(WRITE, HZ/50), WRITE = 1 = BLK_RW_SYNC (include/linux/blkdev.h:75; mm/backing-dev.c:322 congestion_wqh[rw]); NOFAIL loop l.1560",
		    "v2.6.31 mm/page_alloc.c:1847 __alloc_pages_slowpath(): congestion_wait(BLK_RW_ASYNC, HZ/50); __alloc_pages_high_priority() l.1676 (8aa7e847)",
		    "v2.6.32-rc6 mm/page_alloc.c:1901 __alloc_pages_slowpath(): congestion_wait(BLK_RW_ASYNC, HZ/50); __alloc_pages_high_priority() l.1730 (8aa7e847)",
	    })

/* do_try_to_free_pages()' HZ/10 nap. */
SWITCH_QUEUE(cw_direct, SYNC, ASYNC, ASYNC,
	     .group = "congestion_wait",
	     .patch = 3, .patch_sets = BLK_RW_BOTH, .revert = true,
	     .column = "CW_DIRECT",
	     .why = {
		    "v2.6.30 mm/vmscan.c:1665 do_try_to_free_pages(): congestion_wait(WRITE, HZ/10), the SYNC queue",
		    "v2.6.31 mm/vmscan.c:1729 do_try_to_free_pages(): congestion_wait(BLK_RW_ASYNC, HZ/10) (8aa7e847)",
		    "v2.6.32-rc6 mm/vmscan.c:1796 do_try_to_free_pages(): congestion_wait(BLK_RW_ASYNC, HZ/10) (8aa7e847)",
	    })

/* balance_pgdat()'s HZ/10 nap. */
SWITCH_QUEUE(cw_kswapd, SYNC, ASYNC, ASYNC,
	     .group = "congestion_wait",
	     .revert = true,
	     .column = "CW_KSWAPD",
	     .why = {
		    "v2.6.30 mm/vmscan.c:1903 balance_pgdat(): congestion_wait(WRITE, HZ/10), the SYNC queue",
		    "v2.6.31 mm/vmscan.c:1968 balance_pgdat(): congestion_wait(BLK_RW_ASYNC, HZ/10) (8aa7e847)",
		    "v2.6.32-rc6 mm/vmscan.c:2078 balance_pgdat(): congestion_wait(BLK_RW_ASYNC, HZ/10) (8aa7e847)",
	    })

/* shrink_inactive_list()'s nap before the lumpy synchronous pass. */
SWITCH_QUEUE(cw_lumpy, SYNC, ASYNC, ASYNC,
	     .group = "congestion_wait",
	     .revert = true,
	     .why = {
		    "v2.6.30 mm/vmscan.c:1126 shrink_inactive_list(): congestion_wait(WRITE, HZ/10) before the PAGEOUT_IO_SYNC pass, the SYNC queue",
		    "v2.6.31 mm/vmscan.c:1112 shrink_inactive_list(): congestion_wait(BLK_RW_ASYNC, HZ/10) (8aa7e847)",
		    "v2.6.32-rc6 mm/vmscan.c:1187 shrink_inactive_list(): congestion_wait(BLK_RW_ASYNC, HZ/10) (8aa7e847)",
	    })

/* shrink_inactive_list()'s too_many_isolated() nap (2.6.32 only). */
SWITCH_QUEUE(cw_isolated, ASYNC, ASYNC, ASYNC,
	     .group = "congestion_wait",
	     .why = {
		    "unused: v2.6.30 mm/vmscan.c:1055 shrink_inactive_list() has no too_many_isolated() wait",
		    "unused: v2.6.31 mm/vmscan.c:1040 shrink_inactive_list() has no too_many_isolated() wait",
		    "v2.6.32-rc6 mm/vmscan.c:1101 shrink_inactive_list(): while too_many_isolated() congestion_wait(BLK_RW_ASYNC, HZ/10) (35cd78156c4, after 8aa7e847: a revert leaves it)",
	    })

/* throttle_vm_writeout(), balance_dirty_pages() (2.6.30/.31), pdflush's
 * naps and dm-crypt's page pool. */
SWITCH_QUEUE(cw_writeback, SYNC, ASYNC, ASYNC,
	     .group = "congestion_wait",
	     .revert = true,
	     .why = {
		    "v2.6.30 mm/page-writeback.c:574 balance_dirty_pages(), :668 throttle_vm_writeout(), :714 background_writeout(), :786 wb_kupdate(); drivers/md/dm-crypt.c:779 kcryptd_crypt_write_convert(): congestion_wait(WRITE, ...), the SYNC queue",
		    "v2.6.31 mm/page-writeback.c:578 balance_dirty_pages(), :672 throttle_vm_writeout(), :718 background_writeout(), :790 wb_kupdate(); drivers/md/dm-crypt.c:779: BLK_RW_ASYNC (8aa7e847)",
		    "v2.6.32-rc6 mm/page-writeback.c:674 throttle_vm_writeout(); drivers/md/dm-crypt.c:779 kcryptd_crypt_write_convert(): BLK_RW_ASYNC (8aa7e847; balance_dirty_pages() sleeps without a queue: bdp_sleep)",
	    })

/* kswapd's sleep: PLAIN, or P4's short nap and recheck first. */
SWITCH_ENUM(kswapd_sleep, KSWAPD_SLEEP, (PLAIN, QUICK_RECHECK),
	    PLAIN, PLAIN, PLAIN,
	    .group = "kswapd",
	    .patch = 4, .patch_sets = KSWAPD_SLEEP_QUICK_RECHECK,
	    .column = "KSWAPD_SLEEP",
	    .why = {
		    "v2.6.30 mm/vmscan.c:2013 kswapd(): schedule() until woken",
		    "v2.6.31 mm/vmscan.c:2078 kswapd(): schedule() until woken",
		    "v2.6.32-rc6 mm/vmscan.c:2188 kswapd(): schedule() until woken",
	    })

/* P4's HZ/10 nap, in milliseconds. */
SWITCH_UINT(kswapd_short_sleep_ms, 100, 100, 100,
	    .group = "kswapd",
	    .patch = 4, .patch_sets = 100, .max = 100000,
	    .why = {
		    "unused without P4 (P4's schedule_timeout(HZ/10) in kswapd())",
		    "unused without P4 (P4's schedule_timeout(HZ/10) in kswapd())",
		    "unused without P4 (P4's schedule_timeout(HZ/10) in kswapd())",
	    })

/* Below which priority balance_pgdat() naps: FIXED (DEF_PRIORITY - 2),
 * ORDER_ADJUSTED (P5: lowered by the order kswapd reclaims for). */
SWITCH_ENUM(kswapd_cw_priority, KSWAPD_CW, (FIXED, ORDER_ADJUSTED),
	    FIXED, FIXED, FIXED,
	    .group = "kswapd",
	    .patch = 5, .patch_sets = KSWAPD_CW_ORDER_ADJUSTED,
	    .column = "KSWAPD_CW_PRIO",
	    .why = {
		    "v2.6.30 mm/vmscan.c:1902 balance_pgdat(): naps if total_scanned && priority < DEF_PRIORITY - 2",
		    "v2.6.31 mm/vmscan.c:1967 balance_pgdat(): naps if total_scanned && priority < DEF_PRIORITY - 2",
		    "v2.6.32-rc6 mm/vmscan.c:2077 balance_pgdat(): naps if total_scanned && priority < DEF_PRIORITY - 2",
	    })

/* When direct reclaim makes the synchronous lumpy pass: COSTLY_ONLY
 * (order > PAGE_ALLOC_COSTLY_ORDER), LUMPY (whenever lumpy reclaim
 * applies). */
SWITCH_ENUM(lumpy_sync_rule, LUMPY_SYNC, (COSTLY_ONLY, LUMPY),
	    COSTLY_ONLY, LUMPY, LUMPY,
	    .group = "vmscan",
	    .why = {
		    "v2.6.30 mm/vmscan.c:1125 shrink_inactive_list(): PAGEOUT_IO_SYNC pass only if sc->order > PAGE_ALLOC_COSTLY_ORDER",
		    "v2.6.31 mm/vmscan.c:1111 shrink_inactive_list(): PAGEOUT_IO_SYNC pass whenever lumpy_reclaim (l.1058: that order, or any order below DEF_PRIORITY - 2; 78dc583d3ab)",
		    "v2.6.32-rc6 mm/vmscan.c:1186 shrink_inactive_list(): PAGEOUT_IO_SYNC pass whenever lumpy_reclaim (l.1115)",
	    })

/*
 * What shrink_list() does with an active list's scan quota: V30 (the
 * active file list is always aged; the active anon list only when the
 * inactive anon list is low, else the quota scans the inactive anon
 * list), V31 (either active list is aged only when its inactive list is
 * low, else the quota falls through to shrink_inactive_list() and evicts
 * inactive pages), SKIP (b39415b2: else nothing is scanned).  V31 and SKIP
 * also give referenced executable file pages another trip around the
 * active list (8cab4754d24, 2.6.31 shrink_active_list()).
 */
SWITCH_ENUM(active_list_rule, ACTIVE_LIST, (V30, V31, SKIP),
	    V30, V31, V31,
	    .group = "vmscan",
	    .commits = { { COMMIT_B2EA8CB, ACTIVE_LIST_SKIP } },
	    .why = {
		    "v2.6.30 mm/vmscan.c:1358 shrink_list(): LRU_ACTIVE_FILE always shrink_active_list(); LRU_ACTIVE_ANON only if inactive_anon_is_low(), else shrink_inactive_list()",
		    "v2.6.31 mm/vmscan.c:1403 shrink_list(): an active list only if its inactive list is low, else shrink_inactive_list() on the same type",
		    "v2.6.32-rc6 mm/vmscan.c:1472 shrink_list(): an active list only if its inactive list is low, else shrink_inactive_list() on the same type",
	    })

/* The anon/file scan balance without swap. */
SWITCH_ENUM(noswap_rule, NOSWAP, (V30, V31),
	    V30, V31, V31,
	    .group = "vmscan",
	    .why = {
		    "v2.6.30 mm/vmscan.c:1388 get_scan_ratio(): no swap -> percent 0/100, but shrink_zone() l.1479 scales by it only if priority, so priority 0 scans anon too",
		    "v2.6.31 mm/vmscan.c:1532 shrink_zone(): no swap -> noswap, scaled at priority 0 too; l.1586 no active anon aging without swap (69c85481756)",
		    "v2.6.32-rc6 mm/vmscan.c:1602 shrink_zone(): no swap -> noswap, scaled at priority 0 too; l.1653 no active anon aging without swap",
	    })

/* Direct reclaim throttles while more pages are isolated than inactive. */
SWITCH_BOOL(too_many_isolated, 0, 0, 1,
	    .group = "vmscan",
	    .why = {
		    "v2.6.30 mm/vmscan.c:1055 shrink_inactive_list(): no too_many_isolated()",
		    "v2.6.31 mm/vmscan.c:1040 shrink_inactive_list(): no too_many_isolated()",
		    "v2.6.32-rc6 mm/vmscan.c:1063 too_many_isolated(), l.1100 shrink_inactive_list(): direct reclaim waits while isolated > inactive (35cd78156c4)",
	    })

/* Lumpy reclaim skips a neighbour that is anon and not in the swap cache
 * while swap is full (de2e7567c7d). */
SWITCH_BOOL(lumpy_noswap_skip, 0, 0, 1,
	    .group = "vmscan",
	    .why = {
		    "v2.6.30 mm/vmscan.c:944 isolate_lru_pages(): a neighbour is only tested for its zone",
		    "v2.6.31 mm/vmscan.c:936 isolate_lru_pages(): a neighbour is only tested for its zone",
		    "v2.6.32-rc6 mm/vmscan.c:958 isolate_lru_pages(): skips it if nr_swap_pages <= 0 && PageAnon && !PageSwapCache (de2e7567c7d)",
	    })

/* scan_swap_map() frees a slot held only by the swap cache, and takes it,
 * while swap is more than half full (c9e444103b5). */
SWITCH_BOOL(swap_reuse_cache_only, 0, 1, 1,
	    .group = "swapfile",
	    .why = {
		    "v2.6.30 mm/swapfile.c:170 scan_swap_map(): only a slot with swap_map 0 is taken",
		    "v2.6.31 mm/swapfile.c:332 scan_swap_map(): vm_swap_full() && swap_map == SWAP_HAS_CACHE -> __try_to_reclaim_swap() (l.84), the slot reused if freed; the scans stop there too (l.424, l.439) (c9e444103b5)",
		    "v2.6.32-rc6 mm/swapfile.c:334 scan_swap_map(): as 2.6.31 (l.84, l.426, l.441)",
	    })

/* The per-cpu free lists: SINGLE, or one per migrate type. */
SWITCH_ENUM(pcp_layout, PCP, (SINGLE, PER_MIGRATETYPE),
	    SINGLE, SINGLE, PER_MIGRATETYPE,
	    .group = "pcp",
	    .column = "PCP",
	    .why = {
		    "v2.6.30 include/linux/mmzone.h:169 struct per_cpu_pages: one list",
		    "v2.6.31 include/linux/mmzone.h:164 struct per_cpu_pages: one list",
		    "v2.6.32-rc6 include/linux/mmzone.h:175 struct per_cpu_pages: lists[MIGRATE_PCPTYPES] (5f8dcc21211)",
	    })

/* rmqueue_bulk() queues a cold request's batch so that the list's tail,
 * where cold requests take from, hands it out in ascending pfn order
 * (e084b2d95e4); before, a cold request got the batch highest pfn first. */
SWITCH_BOOL(pcp_cold_tail, 0, 1, 1,
	    .group = "pcp",
	    .why = {
		    "v2.6.30 mm/page_alloc.c:880 rmqueue_bulk(): list_add() whatever the request; buffered_rmqueue() l.1087 takes a cold page from the tail",
		    "v2.6.31 mm/page_alloc.c:909 rmqueue_bulk(): list_add_tail() for a cold request (e084b2d95e4)",
		    "v2.6.32-rc6 mm/page_alloc.c:964 rmqueue_bulk(): list_add_tail() for a cold request; buffered_rmqueue() l.1206 takes from the tail",
	    })

/*
 * Which list a page freed from a per-cpu list goes back to: its
 * pageblock's type, or the type stored in page_private (by
 * free_hot_cold_page, or by rmqueue_bulk: the type that was *asked for*,
 * also when __rmqueue fell back to a MIGRATE_RESERVE block, so that from
 * .31 on reserve pages drained from a pcp list can land on another
 * type's free list, where __rmqueue_fallback may steal their block).
 */
SWITCH_ENUM(pcp_free_type, PCP_FREE, (BLOCK, PRIVATE, LIST_INDEX),
	    BLOCK, PRIVATE, LIST_INDEX,
	    .group = "pcp",
	    .commits = { { COMMIT_0B3BF81, PCP_FREE_PRIVATE } },
	    .why = {
		    "v2.6.30 mm/page_alloc.c:532 free_pages_bulk() -> __free_one_page(page, zone, order), which reads get_pageblock_migratetype(page)",
		    "v2.6.31 mm/page_alloc.c:538 free_pages_bulk() -> __free_one_page(page, zone, order, page_private(page))",
		    "v2.6.32-rc6 mm/page_alloc.c:562 free_pcppages_bulk() -> __free_one_page(page, zone, 0, migratetype), the index of the pcp list: MIGRATE_RESERVE pages parked on the movable list by free_hot_cold_page() go to MIGRATE_MOVABLE",
	    })

/* Which fallback blocks __rmqueue_fallback() claims whole. */
SWITCH_ENUM(fallback_claim, FALLBACK, (EQ_PAGEBLOCK, GE_PAGEBLOCK_RANGE),
	    EQ_PAGEBLOCK, EQ_PAGEBLOCK, GE_PAGEBLOCK_RANGE,
	    .group = "buddy",
	    .why = {
		    "v2.6.30 mm/page_alloc.c:824 __rmqueue_fallback(): set_pageblock_migratetype() only if current_order == pageblock_order",
		    "v2.6.31 mm/page_alloc.c:839 __rmqueue_fallback(): only if current_order == pageblock_order",
		    "v2.6.32-rc6 mm/page_alloc.c:889 __rmqueue_fallback(): change_pageblock_range() if current_order >= pageblock_order (2f66a68f3fa)",
	    })

/* At most 2 MIGRATE_RESERVE pageblocks per zone (78986a678f6, 2.6.32-rc1;
 * 2.6.31.y had it later, not the v2.6.31 tag). */
SWITCH_BOOL(reserve_cap2, 0, 0, 1,
	    .group = "buddy",
	    .why = {
		    "v2.6.30 mm/page_alloc.c:2553 setup_zone_migrate_reserve(): reserve = roundup(min, pageblock) >> pageblock_order, no cap",
		    "v2.6.31 mm/page_alloc.c:2782 setup_zone_migrate_reserve(): no cap",
		    "v2.6.32-rc6 mm/page_alloc.c:2887 setup_zone_migrate_reserve(): reserve = min(2, reserve) (78986a678f6)",
	    })

/*
 * When buffered_rmqueue() takes an order > 0 block's pages off
 * NR_FREE_PAGES: ON_SUCCESS (once __rmqueue() returned a page), or
 * BEFORE_TEST (f2260e6b1f4, 2.6.31: before testing the result, so a failed
 * __rmqueue() - a request that skipped the watermarks - lowers the count
 * for good, until c91ab0438c6).
 */
SWITCH_ENUM(nr_free_update, NR_FREE, (ON_SUCCESS, BEFORE_TEST),
	    ON_SUCCESS, BEFORE_TEST, BEFORE_TEST,
	    .group = "buddy",
	    .commits = { { COMMIT_C91AB04, NR_FREE_ON_SUCCESS } },
	    .why = {
		    "v2.6.30 mm/page_alloc.c:681 __rmqueue_smallest(): NR_FREE_PAGES lowered with the page in hand",
		    "v2.6.31 mm/page_alloc.c:1170 buffered_rmqueue(): __mod_zone_page_state(NR_FREE_PAGES, -(1 << order)) before if (!page)",
		    "v2.6.32-rc6 mm/page_alloc.c:1228 buffered_rmqueue(): __mod_zone_page_state(NR_FREE_PAGES, -(1 << order)) before if (!page)",
	    })

/* What "reclaimable pages" counts: every LRU page, or anon only with
 * swap. */
SWITCH_ENUM(reclaimable_def, RECLAIMABLE, (ALL_LRU, SWAP_AWARE),
	    ALL_LRU, ALL_LRU, SWAP_AWARE,
	    .group = "vmscan",
	    .why = {
		    "v2.6.30 include/linux/vmstat.h:170 zone_lru_pages(): every LRU page",
		    "v2.6.31 include/linux/vmstat.h:171 zone_lru_pages(): every LRU page",
		    "v2.6.32-rc6 mm/vmscan.c:2247 zone_reclaimable_pages(): anon only while nr_swap_pages > 0 (adea02a1bea)",
	    })

/* Background and periodic writeback: pdflush, or per-bdi flushers. */
SWITCH_ENUM(writeback_engine, WRITEBACK, (PDFLUSH, FLUSHER),
	    PDFLUSH, PDFLUSH, FLUSHER,
	    .group = "writeback",
	    .column = "WRITEBACK",
	    .why = {
		    "v2.6.30 mm/pdflush.c:177 pdflush(); mm/page-writeback.c:684 background_writeout(), :755 wb_kupdate()",
		    "v2.6.31 mm/pdflush.c:177 pdflush(); mm/page-writeback.c:688 background_writeout(), :759 wb_kupdate()",
		    "v2.6.32-rc6 fs/fs-writeback.c:933 bdi_writeback_task(), mm/backing-dev.c:381 bdi_forker_task(): per-bdi flushers (03ba3782e8d)",
	    })

/* Whether a throttled writer writes back: ANY_DIRTY (its bdi has any
 * reclaimable page), OVER_BDI_THRESH (only while the bdi is over its own
 * threshold, else it waits for the disk: d7831a0bdf0). */
SWITCH_ENUM(bdp_writeback, BDP_WB, (ANY_DIRTY, OVER_BDI_THRESH),
	    ANY_DIRTY, OVER_BDI_THRESH, OVER_BDI_THRESH,
	    .group = "writeback",
	    .why = {
		    "v2.6.30 mm/page-writeback.c:544 balance_dirty_pages(): if (bdi_nr_reclaimable) writeback_inodes()",
		    "v2.6.31 mm/page-writeback.c:548 balance_dirty_pages(): if (bdi_nr_reclaimable > bdi_thresh) writeback_inodes() (d7831a0bdf0)",
		    "v2.6.32-rc6 mm/page-writeback.c:539 balance_dirty_pages(): if (bdi_nr_reclaimable > bdi_thresh) writeback_inodes_wbc()",
	    })

/* How a throttled writer sleeps in balance_dirty_pages(). */
SWITCH_ENUM(bdp_sleep, BDP, (CONGESTION_WAIT, PAUSE_BACKOFF),
	    CONGESTION_WAIT, CONGESTION_WAIT, PAUSE_BACKOFF,
	    .group = "writeback",
	    .why = {
		    "v2.6.30 mm/page-writeback.c:574 balance_dirty_pages(): congestion_wait(WRITE, HZ/10)",
		    "v2.6.31 mm/page-writeback.c:578 balance_dirty_pages(): congestion_wait(BLK_RW_ASYNC, HZ/10)",
		    "v2.6.32-rc6 mm/page-writeback.c:570 balance_dirty_pages(): io_schedule_timeout(pause), pause doubling from 1 to HZ/10",
	    })

/* How many pages a throttled writer writes: 1.5 x ratelimit_pages, or
 * 1.5 x the pages it dirtied (at least ratelimit_pages). */
SWITCH_ENUM(bdp_write_chunk, BDP, (RATELIMIT_1_5, DIRTIED_1_5),
	    RATELIMIT_1_5, RATELIMIT_1_5, DIRTIED_1_5,
	    .group = "writeback",
	    .why = {
		    "v2.6.30 mm/page-writeback.c:59 sync_writeback_pages(): ratelimit_pages * 1.5",
		    "v2.6.31 mm/page-writeback.c:59 sync_writeback_pages(): ratelimit_pages * 1.5",
		    "v2.6.32-rc6 mm/page-writeback.c:50 sync_writeback_pages(dirtied): max(dirtied, ratelimit_pages) * 1.5",
	    })

/*
 * On-demand readahead for read(): V30 (a read that is neither sequential
 * nor at a PG_readahead marker reads just what was asked; a marker without
 * matching state sizes the window from the cached run at the offset), V31
 * (Wu Fengguang's 2.6.31 series: context readahead from the cached history
 * before a random-looking read, the marker's run from offset + 1 plus the
 * request, and a first window whose marker would be hit at once merged with
 * the next).
 */
SWITCH_ENUM(ondemand_ra, ONDEMAND_RA, (V30, V31),
	    V30, V31, V31,
	    .group = "readahead",
	    .why = {
		    "v2.6.30 mm/readahead.c:354 ondemand_readahead(): !hit_readahead_marker && !sequential -> __do_page_cache_readahead(offset, req_size) (l.383); marker: radix_tree_next_hole(offset, max + 1) - offset (l.397); no context readahead, no merge",
		    "v2.6.31 mm/readahead.c:389 ondemand_readahead(): marker run from offset + 1 plus req_size (l.424, caca7cb7485, 160334a0cfa); try_context_readahead() (l.454, 10be0b372ca); merge at readit (l.474, 51daa88ebd8)",
		    "v2.6.32-rc6 mm/readahead.c:389 ondemand_readahead(): as 2.6.31 (l.424, l.454, l.474)",
	    })

/*
 * Readahead of a page fault on a file mapping (git's pack files): V30
 * (a miss reads ra_pages around the page, recording nothing; a hit only
 * lowers mmap_miss, a signed count with no floor; no readahead from a hit),
 * V31 (a fault just after the last one reads ahead sequentially, the
 * read-around is recorded in the file's readahead state, and a hit on a
 * PG_readahead page reads ahead asynchronously).
 */
SWITCH_ENUM(mmap_readaround, MMAP_RA, (V30, V31),
	    V30, V31, V31,
	    .group = "readahead",
	    .why = {
		    "v2.6.30 mm/filemap.c:1472 filemap_fault(): miss -> do_page_cache_readahead(pgoff - ra_pages/2, ra_pages) (l.1541); hit -> ra->mmap_miss-- (l.1549); async readahead only for VM_SequentialReadHint",
		    "v2.6.31 mm/filemap.c:1460 do_sync_mmap_readahead(): prev_pos + 1 -> page_cache_sync_readahead() (70ac23cfa31), read-around by ra_submit() (l.1497, d30a11004e3); l.1505 do_async_mmap_readahead(): PG_readahead -> async readahead (2fad6f5deee); l.1598 prev_pos",
		    "v2.6.32-rc6 mm/filemap.c:1423 do_sync_mmap_readahead(), l.1468 do_async_mmap_readahead(), l.1561 prev_pos: as 2.6.31",
	    })

/* The kmem mm_page_* trace events exist. */
SWITCH_BOOL(kmem_tracepoints, 0, 0, 1,
	    .group = "vmstat",
	    .why = {
		    "v2.6.30 include/trace/events/kmem.h: no mm_page_* events",
		    "v2.6.31 include/trace/events/kmem.h: no mm_page_* events",
		    "v2.6.32-rc6 include/trace/events/kmem.h:273 mm_page_alloc and the other mm_page_* events (4b4f278c030)",
	    })

/* The /proc/vmstat and show_mem field sets. */
SWITCH_ENUM(vmstat_fields, VMSTAT, (V30, V31, V32),
	    V30, V31, V32,
	    .group = "vmstat",
	    .why = {
		    "v2.6.30 mm/vmstat.c:625 vmstat_text[], mm/page_alloc.c:1875 show_free_areas()",
		    "v2.6.31 mm/vmstat.c:625 vmstat_text[], mm/page_alloc.c:2111 show_free_areas()",
		    "v2.6.32-rc6 mm/vmstat.c:625 vmstat_text[], mm/page_alloc.c:2163 show_free_areas() (4a0aa73f1d6, c6a7f5728a1, 4b02108ac1b, a731286de62)",
	    })

/* The nice kthread_create() gives kernel threads (kswapd, kjournald, the
 * workqueue threads kcryptd and kcryptd_io, pdflush and the flushers
 * before they set 0 themselves): MINUS_5 (KTHREAD_NICE_LEVEL) or ZERO. */
SWITCH_ENUM(kthread_nice, KTHREAD_NICE, (MINUS_5, ZERO),
	    MINUS_5, MINUS_5, ZERO,
	    .group = "kthread",
	    .why = {
		    "v2.6.30 kernel/kthread.c:158 kthread_create(): set_user_nice(KTHREAD_NICE_LEVEL), -5; kernel/workqueue.c:323 worker_thread(): -5",
		    "v2.6.31 kernel/kthread.c:148 kthread_create(): set_user_nice(KTHREAD_NICE_LEVEL), -5; kernel/workqueue.c:320 worker_thread(): -5",
		    "v2.6.32-rc6 kernel/kthread.c kthread_create(): no set_user_nice, kthreadd's nice 0 (61cbe54d)",
	    })

/* CFS's tunables as kernel/sched_fair.c initialises them, in ns, before
 * sched_init_granularity() multiplies them by 1 + ilog2(CPUs) at boot.
 * At most 1 s, the bound v2.6.32-rc6 kernel/sysctl.c:248,250 puts on
 * their sysctls (max_sched_granularity_ns, max_wakeup_granularity_ns). */
SWITCH_UINT(sched_latency_ns, 20000000, 20000000, 5000000,
	    .group = "sched",
	    .max = 1000000000,
	    .why = {
		    "v2.6.30 kernel/sched_fair.c:37 sysctl_sched_latency: 20 ms",
		    "v2.6.31 kernel/sched_fair.c:37 sysctl_sched_latency: 20 ms",
		    "v2.6.32-rc6 kernel/sched_fair.c:37 sysctl_sched_latency: 5 ms (172e082a, 2.6.32-rc1)",
	    })

SWITCH_UINT(sched_min_gran_ns, 4000000, 4000000, 1000000,
	    .group = "sched",
	    .max = 1000000000,
	    .why = {
		    "v2.6.30 kernel/sched_fair.c:43 sysctl_sched_min_granularity: 4 ms",
		    "v2.6.31 kernel/sched_fair.c:43 sysctl_sched_min_granularity: 4 ms",
		    "v2.6.32-rc6 kernel/sched_fair.c:43 sysctl_sched_min_granularity: 1 ms (172e082a)",
	    })

SWITCH_UINT(sched_wakeup_gran_ns, 5000000, 5000000, 1000000,
	    .group = "sched",
	    .max = 1000000000,
	    .why = {
		    "v2.6.30 kernel/sched_fair.c:72 sysctl_sched_wakeup_granularity: 5 ms",
		    "v2.6.31 kernel/sched_fair.c:72 sysctl_sched_wakeup_granularity: 5 ms",
		    "v2.6.32-rc6 kernel/sched_fair.c:72 sysctl_sched_wakeup_granularity: 1 ms (172e082a)",
	    })

/* A waking task's vruntime is at least min_vruntime minus this credit:
 * LATENCY (sched_latency) or HALF_LATENCY. */
SWITCH_ENUM(sleeper_credit, SLEEPER_CREDIT, (LATENCY, HALF_LATENCY),
	    LATENCY, LATENCY, HALF_LATENCY,
	    .group = "sched",
	    .why = {
		    "v2.6.30 kernel/sched_fair.c:679 place_entity(): NEW_FAIR_SLEEPERS, min_vruntime - sysctl_sched_latency",
		    "v2.6.31 kernel/sched_fair.c:692 place_entity(): NEW_FAIR_SLEEPERS, min_vruntime - sysctl_sched_latency",
		    "v2.6.32-rc6 kernel/sched_fair.c:731 place_entity(): GENTLE_FAIR_SLEEPERS (kernel/sched_features.h:13, 51e0304c) halves sysctl_sched_latency",
	    })

/*
 * Where select_task_rq_fair() puts a woken task (the waker's CPU or the
 * task's previous one; docs/model.md, "Engine"): AFFINE_BALANCE,
 * wake_affine() or SD_WAKE_BALANCE's passive balancing to the waking CPU;
 * AFFINE, wake_affine() with its low-load case only; AFFINE_IDLE, the
 * affine target an idle CPU of the package when there is one.
 */
SWITCH_ENUM(wake_placement, WAKE, (AFFINE_BALANCE, AFFINE, AFFINE_IDLE),
	    AFFINE_BALANCE, AFFINE_BALANCE, AFFINE,
	    .group = "sched",
	    .commits = { { COMMIT_C2F1953, WAKE_AFFINE_IDLE } },
	    .why = {
		    "v2.6.30 kernel/sched_fair.c:1253 select_task_rq_fair(): wake_affine() (l.1189) or SD_WAKE_BALANCE (l.1304) move to this_cpu, else prev_cpu; wake_idle() (l.1040) finds no SD_WAKE_IDLE domain on x86 (include/linux/topology.h:88,109)",
		    "v2.6.31 kernel/sched_fair.c:1267 select_task_rq_fair(): wake_affine() (l.1203) or SD_WAKE_BALANCE (l.1318) move to this_cpu, else prev_cpu; no SD_WAKE_IDLE domain on x86",
		    "v2.6.32-rc6 kernel/sched_fair.c:1341 select_task_rq_fair(): wake_affine() (l.1165, !this_load: 71a29aa7) or prev_cpu; no SD_BALANCE_WAKE domain (182a85f8)",
	    })

/* Which sched domains balance when a CPU goes idle: SMT (the siblings'
 * domain only) or ALL (MC and CPU too). */
SWITCH_ENUM(newidle_domains, NEWIDLE, (SMT, ALL),
	    SMT, SMT, ALL,
	    .group = "sched",
	    .why = {
		    "v2.6.30 include/linux/topology.h:94 SD_BALANCE_NEWIDLE in SD_SIBLING_INIT only (SD_MC_INIT l.109, SD_CPU_INIT l.134 lack it); kernel/sched.c:4168 idle_balance()",
		    "v2.6.31 include/linux/topology.h:94 SD_BALANCE_NEWIDLE in SD_SIBLING_INIT only; kernel/sched.c:4344 idle_balance()",
		    "840a0653 (v2.6.32-rc6 include/linux/topology.h:127,160): SD_BALANCE_NEWIDLE in SD_MC_INIT and SD_CPU_INIT too; kernel/sched.c:4405 idle_balance()",
	    })

/* The MC domain's wake_idx and forkexec_idx: which rq->cpu_load[] the
 * wake-up and fork placement read (0: the load now; at most 4, as
 * rq->cpu_load[] has CPU_LOAD_IDX_MAX = 5 entries, kernel/sched.c:534). */
SWITCH_UINT(sd_wake_idx, 1, 1, 0,
	    .group = "sched",
	    .max = 4,
	    .why = {
		    "v2.6.30 include/linux/topology.h:116-117 SD_MC_INIT .wake_idx = 1, .forkexec_idx = 1",
		    "v2.6.31 include/linux/topology.h:116-117 SD_MC_INIT .wake_idx = 1, .forkexec_idx = 1",
		    "78e7ed53, b8a543ea (v2.6.32-rc6 include/linux/topology.h:123-124): .wake_idx = 0, .forkexec_idx = 0",
	    })

/* The CFS buddies: NEXT_LAST (a wake-up sets the woken task as the next
 * buddy, curr as the last), LAST (curr only, forgotten at every pick),
 * LAST_SCALED (curr when preempted on a queue of 5 or more, plus the
 * tick-time lag check and buddies cache-hot only to a busy balancer). */
SWITCH_ENUM(buddies, BUDDIES, (NEXT_LAST, LAST, LAST_SCALED),
	    NEXT_LAST, NEXT_LAST, LAST,
	    .group = "sched",
	    .commits = { { COMMIT_F685CEA, BUDDIES_LAST_SCALED } },
	    .why = {
		    "v2.6.30 kernel/sched_fair.c:1426 check_preempt_wakeup(): set_last_buddy(curr) l.1455, set_next_buddy(p) l.1456 (no NEXT_BUDDY feature); pick_next_entity() l.820 prefers next, then last",
		    "v2.6.31 kernel/sched_fair.c:1440 check_preempt_wakeup(): set_last_buddy(curr) l.1469, set_next_buddy(p) l.1470; pick_next_entity() l.834",
		    "v2.6.32-rc6 kernel/sched_fair.c:1574 check_preempt_wakeup(): LAST_BUDDY l.1604, NEXT_BUDDY off (kernel/sched_features.h:92); pick_next_entity() l.861 clears both",
	    })

/* 2.6.32.2's rate limit on newidle balancing: not while the CPU's idle
 * periods average under sysctl_sched_migration_cost. */
SWITCH_BOOL(newidle_rate_limit, 0, 0, 0,
	    .group = "sched",
	    .commits = { { COMMIT_37ED2D7, 1 } },
	    .why = {
		    "v2.6.30 kernel/sched.c:4156 idle_balance(): no rate limit",
		    "v2.6.31 kernel/sched.c:4332 idle_balance(): no rate limit",
		    "v2.6.32-rc6 kernel/sched.c:4393 idle_balance(): no rate limit",
	    })

/* The 2009 test hack: every network receive is an order-2 GFP_ATOMIC
 * allocation (docs/profiles.md, "force_highorder"). */
SWITCH_BOOL(force_highorder, 0, 0, 0,
	    .group = "net",
	    .by_name = {
		    "stock kernel: network receive uses the driver's own sizes",
		    "2009 test hack: network receive always order-2 GFP_ATOMIC (every table row)",
	    })

/*
 * The block layer: CFQ (block/cfq-iosched.c) and dm-crypt
 * (drivers/md/dm-crypt.c).  Line numbers are of the tags v2.6.30
 * (07a2039b8eb), v2.6.31 (74fca6a4286) and v2.6.32-rc6 (b419148e567),
 * where each was checked; docs/block.md has the rule-by-version table.
 */

/* CFQ's low_latency tunable (cfq_latency): ABSENT in kernels without it,
 * else its value (a scenario's vm.low_latency sets it; 2.6.32 default ON). */
SWITCH_ENUM(low_latency, LOW_LATENCY, (ABSENT, OFF, ON),
	    ABSENT, ABSENT, ON,
	    .group = "cfq",
	    .column = "LOW_LAT",
	    .why = {
		    "v2.6.30 block/cfq-iosched.c: no cfq_latency (cfq_init_queue() l.2453; no async depth ramp in cfq_dispatch_requests() l.1294)",
		    "v2.6.31 block/cfq-iosched.c: no cfq_latency (cfq_init_queue() l.2451; no async depth ramp in cfq_dispatch_requests() l.1298)",
		    "v2.6.32-rc6 block/cfq-iosched.c:2533 cfq_init_queue(): cfq_latency = 1 (1d2235152dc, sysfs low_latency since 963b72fc666)",
	    })

/* What the low_latency async depth ramp counts from: the last sync
 * completion (LAST_SYNC), or 573412b's last delayed one (DELAYED_SYNC). */
SWITCH_ENUM(cfq_async_ramp, CFQ_RAMP, (LAST_SYNC, DELAYED_SYNC),
	    LAST_SYNC, LAST_SYNC, LAST_SYNC,
	    .group = "cfq",
	    .commits = { { COMMIT_573412B, CFQ_RAMP_DELAYED_SYNC } },
	    .column = "ASYNC_RAMP",
	    .why = {
		    "unused: v2.6.30 block/cfq-iosched.c has no cfq_latency, so no ramp",
		    "unused: v2.6.31 block/cfq-iosched.c has no cfq_latency, so no ramp",
		    "v2.6.32-rc6 block/cfq-iosched.c:1306 cfq_may_dispatch(): depth = (jiffies - last_end_sync_rq) / slice_sync, last_end_sync_rq set at every sync completion (cfq_completed_request() l.2210)",
	    })

/* An idling sync queue waits until no async request is in the driver. */
SWITCH_BOOL(cfq_drain_async, 0, 0, 1,
	    .group = "cfq",
	    .why = {
		    "v2.6.30 block/cfq-iosched.c:1294 cfq_dispatch_requests(): only the sync_flight gate on async queues",
		    "v2.6.31 block/cfq-iosched.c:1298 cfq_dispatch_requests(): only the sync_flight gate on async queues",
		    "v2.6.32-rc6 block/cfq-iosched.c:1266 cfq_may_dispatch(): idle_window && rq_in_driver[BLK_RW_ASYNC] -> no dispatch (5ad531db6e0)",
	    })

/* No idling when the process's mean think time exceeds the slice left. */
SWITCH_BOOL(cfq_idle_ttime_slice, 0, 0, 1,
	    .group = "cfq",
	    .why = {
		    "v2.6.30 block/cfq-iosched.c:1053 cfq_arm_slice_timer(): no think-time test",
		    "v2.6.31 block/cfq-iosched.c:1057 cfq_arm_slice_timer(): no think-time test",
		    "v2.6.32-rc6 block/cfq-iosched.c:1102 cfq_arm_slice_timer(): slice_end - jiffies < ttime_mean -> no idling (355b659c874)",
	    })

/* A seeky process keeps its idle window only if it thinks at most
 * CFQ_MIN_TT (not slice_idle). */
SWITCH_BOOL(cfq_seeky_min_tt, 0, 0, 1,
	    .group = "cfq",
	    .why = {
		    "v2.6.30 block/cfq-iosched.c:1947 cfq_update_idle_window(): ttime_mean > slice_idle for every process",
		    "v2.6.31 block/cfq-iosched.c:1952 cfq_update_idle_window(): ttime_mean > slice_idle for every process",
		    "v2.6.32-rc6 block/cfq-iosched.c:2003 cfq_update_idle_window(): CFQ_MIN_TT for a seeky process (ec60e4f6749)",
	    })

/* How the residual slice of a timed-out queue moves its service key:
 * ADD (the sign bug: time left pushes it back), SUBTRACT. */
SWITCH_ENUM(cfq_resid_sign, CFQ_RESID, (ADD, SUBTRACT),
	    ADD, ADD, SUBTRACT,
	    .group = "cfq",
	    .why = {
		    "v2.6.30 block/cfq-iosched.c:506 cfq_service_tree_add(): rb_key += slice_resid",
		    "v2.6.31 block/cfq-iosched.c:510 cfq_service_tree_add(): rb_key += slice_resid",
		    "v2.6.32-rc6 block/cfq-iosched.c:514 cfq_service_tree_add(): rb_key -= slice_resid (b9c8946b192)",
	    })

/* Two requests merged: the survivor takes the older one's fifo place
 * (2.6.32); in 2.6.30/31 it keeps its own place (with the older one's
 * deadline in both). */
SWITCH_BOOL(cfq_merge_fifo_place, 0, 0, 1,
	    .group = "cfq",
	    .why = {
		    "v2.6.30 block/cfq-iosched.c:826 cfq_merged_requests() compares start_time after block/blk-merge.c attempt_merge() l.395 made it the older: no move",
		    "v2.6.31 block/cfq-iosched.c:830 cfq_merged_requests() compares start_time after block/blk-merge.c attempt_merge() l.374 made it the older: no move",
		    "v2.6.32-rc6 block/cfq-iosched.c:836 cfq_merged_requests(): compares rq_fifo_time, moves and rq_set_fifo_time() (30996f40bff)",
	    })

/* The queue's next request is chosen afresh from every dispatched one. */
SWITCH_BOOL(cfq_next_rq_dispatch, 0, 0, 1,
	    .group = "cfq",
	    .why = {
		    "v2.6.30 block/cfq-iosched.c:776 cfq_remove_request(): next_rq recomputed only when it is the one removed",
		    "v2.6.31 block/cfq-iosched.c:780 cfq_remove_request(): next_rq recomputed only when it is the one removed",
		    "v2.6.32-rc6 block/cfq-iosched.c:1130 cfq_dispatch_insert(): next_rq = cfq_find_next_rq(rq) (06d2188644c)",
	    })

/* A close request pre-empts an idling queue only once per cooperating
 * queue (2.6.32-rc7's 4b27e1bb442; 2.6.32 final has it, rc6 not). */
SWITCH_BOOL(cfq_coop_preempt_limit, 0, 0, 0,
	    .group = "cfq",
	    .commits = { { COMMIT_4B27E1B, 1 } },
	    .why = {
		    "v2.6.30 block/cfq-iosched.c:2029 cfq_should_preempt(): cfq_rq_close() -> preempt",
		    "v2.6.31 block/cfq-iosched.c:2034 cfq_should_preempt(): cfq_rq_close() -> preempt",
		    "v2.6.32-rc6 block/cfq-iosched.c:2069 cfq_should_preempt(): cfq_rq_close() -> preempt",
	    })

/*
 * Kernel objects whose layout changed between the three kernels (their
 * sizes: docs/model.md, "Slab"): 2.6.32's struct dm_io has endio_lock
 * (40 bytes on x86-64, 24 on x86; 32 / 20 before).
 */
SWITCH_BOOL(dm_io_endio_lock, 0, 0, 1,
	    .group = "dm",
	    .why = {
		    "v2.6.30 drivers/md/dm.c:37 struct dm_io: md, error, io_count, bio, start_time (32 / 20 bytes)",
		    "v2.6.31 drivers/md/dm.c:44 struct dm_io: md, error, io_count, bio, start_time (32 / 20 bytes)",
		    "v2.6.32-rc6 drivers/md/dm.c:50 struct dm_io: + spinlock_t endio_lock (40 / 24 bytes)",
	    })

/* A bio-based dm device's queue comes from blk_init_queue (request-based
 * dm, 2.6.31) and so has blk_init_free_list's pool of BLKDEV_MIN_RQ
 * requests, unused; 2.6.30 made it with blk_alloc_queue. */
SWITCH_BOOL(dm_request_queue, 0, 1, 1,
	    .group = "dm",
	    .why = {
		    "v2.6.30 drivers/md/dm.c:1129 alloc_dev(): blk_alloc_queue(GFP_KERNEL), no request pool",
		    "v2.6.31 drivers/md/dm.c:1757 alloc_dev(): blk_init_queue(dm_request_fn, NULL), BLKDEV_MIN_RQ requests",
		    "v2.6.32-rc6 drivers/md/dm.c:1765 alloc_dev(): blk_init_queue(dm_request_fn, NULL), BLKDEV_MIN_RQ requests",
	    })

/* struct skb_shared_info with dma_head and destructor_arg: 496 bytes on
 * x86-64 (2.6.31, 2.6.32), 488 before; 336 on x86 in all three. */
SWITCH_BOOL(skb_shinfo_dma_head, 0, 1, 1,
	    .group = "net",
	    .why = {
		    "v2.6.30 include/linux/skbuff.h:198 struct skb_shared_info: num_dma_maps, dma_maps[MAX_SKB_FRAGS + 1] (488 bytes on x86-64)",
		    "v2.6.31 include/linux/skbuff.h:194 struct skb_shared_info: dma_head, dma_maps[MAX_SKB_FRAGS], destructor_arg (496 bytes)",
		    "v2.6.32-rc6 include/linux/skbuff.h:194 struct skb_shared_info: dma_head, dma_maps[MAX_SKB_FRAGS], destructor_arg (496 bytes)",
	    })

/* dm-crypt's I/O threads: STOCK (kcryptd submits writes, kcryptd_io
 * reads), UNPLUG_V3 (Chris Mason's patch: SYNCIO bios on kcryptd_io, the
 * rest on kcryptd_async_io, writes too; unplug when a queue empties). */
SWITCH_ENUM(dm_crypt_io_path, DM_CRYPT_IO, (STOCK, UNPLUG_V3),
	    STOCK, STOCK, STOCK,
	    .group = "dm",
	    .patch = 6, .patch_sets = DM_CRYPT_IO_UNPLUG_V3,
	    .column = "DM_CRYPT",
	    .why = {
		    "v2.6.30 drivers/md/dm-crypt.c:1188 crypt_map(), kcryptd_crypt_write_convert() l.762: kcryptd encrypts and submits writes, kcryptd_io submits reads",
		    "v2.6.31 drivers/md/dm-crypt.c:1189 crypt_map(), kcryptd_crypt_write_convert() l.762: kcryptd encrypts and submits writes, kcryptd_io submits reads",
		    "v2.6.32-rc6 drivers/md/dm-crypt.c:1189 crypt_map(), kcryptd_crypt_write_convert() l.762: kcryptd encrypts and submits writes, kcryptd_io submits reads",
	    })
