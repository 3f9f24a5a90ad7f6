// SPDX-License-Identifier: GPL-2.0
/*
 * Stand-in definition of the running kernel profile, so the buddy branch
 * links before profile.c lands.  The lead deletes this file on merge:
 * profile.c defines kprofile and profile_parse().
 *
 * Defaults are 2.6.32-rc6 vanilla (reference §10.2, the
 * "2.6.32-rc6-0000000-force-highorder" row).
 */
#include "profile.h"

struct kernel_profile kprofile = {
	.name = "2.6.32-rc6-0000000-force-highorder",
	.base = "2.6.32-rc6",
	.patches = 0,
	.revert_8aa7e847 = false,
	.restart_mode = RESTART_AFTER_WAKE,
	.rt_harder_in_irq = true,
	.cw_alloc = BLK_RW_ASYNC,
	.cw_direct = BLK_RW_ASYNC,
	.cw_kswapd = BLK_RW_ASYNC,
	.cw_lumpy = BLK_RW_ASYNC,
	.cw_isolated = BLK_RW_ASYNC,
	.cw_writeback = BLK_RW_ASYNC,
	.kswapd_sleep = KSWAPD_SLEEP_PLAIN,
	.kswapd_short_sleep_ms = 100,
	.kswapd_cw_priority = KSWAPD_CW_FIXED,
	.lumpy_sync_rule = LUMPY_SYNC_LUMPY,
	.active_list_rule = ACTIVE_LIST_V31,
	.noswap_rule = NOSWAP_V31,
	.too_many_isolated = true,
	.pcp_layout = PCP_PER_MIGRATETYPE,
	.fallback_claim = FALLBACK_GE_PAGEBLOCK_RANGE,
	.reserve_cap2 = true,
	.reclaimable_def = RECLAIMABLE_SWAP_AWARE,
	.writeback_engine = WRITEBACK_FLUSHER,
	.bdp_sleep = BDP_PAUSE_BACKOFF,
	.bdp_write_chunk = BDP_DIRTIED_1_5,
	.kmem_tracepoints = true,
	.vmstat_fields = VMSTAT_V32,
	.force_highorder = true,
};
