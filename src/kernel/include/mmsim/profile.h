/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel profiles: every behavioural difference between 2.6.30, 2.6.31,
 * 2.6.32-rc6 and the five patches of "Reduce GFP_ATOMIC allocation
 * failures" (V3) as a switch.  Kernel code reads the switches of the
 * running profile (kprofile) where the behaviour differs; there is no
 * #ifdef on versions anywhere.
 */
#ifndef MMSIM_PROFILE_H
#define MMSIM_PROFILE_H

#include <stdbool.h>
#include <stddef.h>

/* Congestion queues, as backing-dev.h of rc6 + P3. */
enum {
	BLK_RW_ASYNC = 0,
	BLK_RW_SYNC = 1,
	BLK_RW_BOTH = 2,
};

enum restart_mode {
	RESTART_TOP,		/* .30: restart re-runs the fast path, then wakes kswapd */
	RESTART_AFTER_WAKE,	/* .31/rc6: a restart does not wake kswapd */
	RESTART_BEFORE_WAKE,	/* P1: a restart wakes kswapd again */
};

enum kswapd_sleep_mode {
	KSWAPD_SLEEP_PLAIN,
	KSWAPD_SLEEP_QUICK_RECHECK,	/* P4 */
};

enum kswapd_cw_priority {
	KSWAPD_CW_FIXED,		/* priority < DEF_PRIORITY - 2 */
	KSWAPD_CW_ORDER_ADJUSTED,	/* P5 */
};

enum lumpy_sync_rule {
	LUMPY_SYNC_COSTLY_ONLY,		/* .30: order > PAGE_ALLOC_COSTLY_ORDER */
	LUMPY_SYNC_LUMPY,		/* .31+: whenever lumpy reclaim applies */
};

enum active_list_rule {
	ACTIVE_LIST_V30,
	ACTIVE_LIST_V31,
};

enum noswap_rule {
	NOSWAP_V30,
	NOSWAP_V31,
};

enum pcp_layout {
	PCP_SINGLE,			/* .30/.31 */
	PCP_PER_MIGRATETYPE,		/* .32 */
};

enum fallback_claim {
	FALLBACK_EQ_PAGEBLOCK,		/* .30/.31 */
	FALLBACK_GE_PAGEBLOCK_RANGE,	/* .32 */
};

enum reclaimable_def {
	RECLAIMABLE_ALL_LRU,		/* .30/.31 zone_lru_pages */
	RECLAIMABLE_SWAP_AWARE,		/* .32 zone_reclaimable_pages */
};

enum writeback_engine {
	WRITEBACK_PDFLUSH,		/* .30/.31 */
	WRITEBACK_FLUSHER,		/* .32 per-bdi flusher threads */
};

enum bdp_sleep {
	BDP_CONGESTION_WAIT,		/* .30/.31 */
	BDP_PAUSE_BACKOFF,		/* .32 */
};

enum bdp_write_chunk {
	BDP_RATELIMIT_1_5,
	BDP_DIRTIED_1_5,
};

enum vmstat_fields {
	VMSTAT_V30,
	VMSTAT_V31,
	VMSTAT_V32,
};

struct kernel_profile {
	char name[96];			/* as parsed, e.g. "2.6.32-rc6-0012345-adjust-priority" */
	const char *base;		/* "2.6.30", "2.6.31", "2.6.32-rc6" */
	unsigned int patches;		/* bit n-1 set: patch n of the series applied */
	bool revert_8aa7e847;

	enum restart_mode restart_mode;
	bool rt_harder_in_irq;
	int cw_alloc;			/* slowpath retry and NOFAIL loop, HZ/50 */
	int cw_direct;			/* do_try_to_free_pages nap, HZ/10 */
	int cw_kswapd;			/* balance_pgdat nap, HZ/10 */
	int cw_lumpy;			/* lumpy synchronous pass nap */
	int cw_isolated;		/* too_many_isolated nap */
	int cw_writeback;		/* throttle_vm_writeout, bdp, pdflush, dm-crypt */
	enum kswapd_sleep_mode kswapd_sleep;
	unsigned int kswapd_short_sleep_ms;	/* P4's HZ/10, as ms */
	enum kswapd_cw_priority kswapd_cw_priority;
	enum lumpy_sync_rule lumpy_sync_rule;
	enum active_list_rule active_list_rule;
	enum noswap_rule noswap_rule;
	bool too_many_isolated;
	enum pcp_layout pcp_layout;
	enum fallback_claim fallback_claim;
	bool reserve_cap2;
	enum reclaimable_def reclaimable_def;
	enum writeback_engine writeback_engine;
	enum bdp_sleep bdp_sleep;
	enum bdp_write_chunk bdp_write_chunk;
	bool kmem_tracepoints;
	enum vmstat_fields vmstat_fields;
	bool force_highorder;
};

/* The profile the running simulation uses. */
extern struct kernel_profile kprofile;

/*
 * Parse a profile name as the cover letter writes it ("2.6.30",
 * "2.6.31-revert-8aa7e847", "2.6.32-rc6-0012345-adjust-priority",
 * "2.6.32-rc6+1+2+3", ...).  Returns 0, or -1 with a message in @err.
 */
int profile_parse(const char *name, struct kernel_profile *out,
		  char *err, size_t errlen);

/* Every row of the cover letter's tables, in table order. */
extern const char *const profile_table_rows[];
extern const size_t profile_table_nr_rows;

/* Multi-line human description of every switch of @p. */
void profile_describe(const struct kernel_profile *p,
		      void (*emit)(void *ctx, const char *line), void *ctx);

const char *blk_rw_name(int queue);	/* "ASYNC", "SYNC", "BOTH" */

/* Reset kprofile to 2.6.32-rc6 vanilla (its value at program start). */
void profile_set_default(void);

/*
 * One switch by its field name ("cw_alloc", "restart_mode", ...): its value
 * as text ("BOTH", "BEFORE_WAKE", "1"; NULL for an unknown name), and a
 * setter for scenario overrides (0, or -1 with a message in @err).
 */
const char *profile_switch_value(const struct kernel_profile *p,
				 const char *name, char *buf, size_t len);
int profile_set_switch(struct kernel_profile *p, const char *name,
		       const char *value, char *err, size_t errlen);

#endif /* MMSIM_PROFILE_H */
