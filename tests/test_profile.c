// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel profiles: every row of the cover letter's tables parses to the
 * switches docs/profiles.md tabulates for it, the plain and release forms
 * parse, bad names are refused with a message that says why.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include "mmsim/profile.h"

#define P(n) (1u << ((n) - 1))

/* The rows' switches as docs/profiles.md gives them, written out
 * independently of profile.c and mmsim/profile_switches.h. */
struct row {
	const char *name;
	unsigned int patches;
	bool revert;
	enum restart_mode restart;
	bool rt_irq;
	int cw_alloc, cw_direct, cw_kswapd, cw_lumpy, cw_writeback;
	enum kswapd_sleep sleep;
	enum kswapd_cw_priority cw_prio;
};

#define A BLK_RW_ASYNC
#define S BLK_RW_SYNC
#define B BLK_RW_BOTH
#define TOP RESTART_TOP
#define AW RESTART_AFTER_WAKE
#define BW RESTART_BEFORE_WAKE
#define PLAIN KSWAPD_SLEEP_PLAIN
#define QR KSWAPD_SLEEP_QUICK_RECHECK
#define FIX KSWAPD_CW_FIXED
#define ADJ KSWAPD_CW_ORDER_ADJUSTED

static const struct row rows[] = {
	{ "2.6.30-0000000-force-highorder", 0, false, TOP, 0, S, S, S, S, S, PLAIN, FIX },
	{ "2.6.31-0000000-force-highorder", 0, false, AW, 1, A, A, A, A, A, PLAIN, FIX },
	{ "2.6.31-revert-8aa7e847", 0, true, AW, 1, S, S, S, S, S, PLAIN, FIX },
	{ "2.6.31-0000012-pgalloc-2.6.30", P(1) | P(2), false, BW, 0, A, A, A, A, A, PLAIN, FIX },
	{ "2.6.31-0000123-congestion-both", P(1) | P(2) | P(3), false, BW, 0, B, B, A, A, A, PLAIN, FIX },
	{ "2.6.31-0001234-kswapd-quick-recheck", 0xf, false, BW, 0, B, B, A, A, A, QR, FIX },
	{ "2.6.31-0012345-adjust-priority", 0x1f, false, BW, 0, B, B, A, A, A, QR, ADJ },
	{ "2.6.32-rc6-0000000-force-highorder", 0, false, AW, 1, A, A, A, A, A, PLAIN, FIX },
	{ "2.6.32-rc6-revert-8aa7e847", 0, true, AW, 1, S, S, S, S, S, PLAIN, FIX },
	{ "2.6.32-rc6-0000012-pgalloc-2.6.30", P(1) | P(2), false, BW, 0, A, A, A, A, A, PLAIN, FIX },
	{ "2.6.32-rc6-0000123-congestion-both", P(1) | P(2) | P(3), false, BW, 0, B, B, A, A, A, PLAIN, FIX },
	{ "2.6.32-rc6-0001234-kswapd-quick-recheck", 0xf, false, BW, 0, B, B, A, A, A, QR, FIX },
	{ "2.6.32-rc6-0012345-adjust-priority", 0x1f, false, BW, 0, B, B, A, A, A, QR, ADJ },
};
#define NR_ROWS (sizeof(rows) / sizeof(rows[0]))

static void parse_ok(const char *name, struct kernel_profile *p)
{
	char err[512] = "";
	int ret = profile_parse(name, p, err, sizeof(err));

	if (ret)
		fail_msg("'%s' refused: %s", name, err);
	assert_string_equal(p->name, name);
}

/* The switches that depend on the base kernel only (docs/profiles.md). */
static void check_base_switches(const struct kernel_profile *p, const char *base)
{
	assert_string_equal(p->base, base);
	assert_int_equal(p->cw_isolated, BLK_RW_ASYNC);
	assert_int_equal(p->kswapd_short_sleep_ms, 100);
	if (!strcmp(base, "2.6.30")) {
		assert_int_equal(p->lumpy_sync_rule, LUMPY_SYNC_COSTLY_ONLY);
		assert_int_equal(p->active_list_rule, ACTIVE_LIST_V30);
		assert_int_equal(p->pcp_free_type, PCP_FREE_BLOCK);
		assert_int_equal(p->nr_free_update, NR_FREE_ON_SUCCESS);
		assert_int_equal(p->noswap_rule, NOSWAP_V30);
		assert_false(p->too_many_isolated);
		assert_int_equal(p->pcp_layout, PCP_SINGLE);
		assert_int_equal(p->fallback_claim, FALLBACK_EQ_PAGEBLOCK);
		assert_false(p->reserve_cap2);
		assert_int_equal(p->reclaimable_def, RECLAIMABLE_ALL_LRU);
		assert_int_equal(p->writeback_engine, WRITEBACK_PDFLUSH);
		assert_int_equal(p->bdp_sleep, BDP_CONGESTION_WAIT);
		assert_int_equal(p->bdp_write_chunk, BDP_RATELIMIT_1_5);
		/* d7831a0bdf0, the readahead series, c9e444103b5 and
		 * e084b2d95e4 are 2.6.31; de2e7567c7d 2.6.32-rc1. */
		assert_int_equal(p->bdp_writeback, BDP_WB_ANY_DIRTY);
		assert_int_equal(p->ondemand_ra, ONDEMAND_RA_V30);
		assert_int_equal(p->mmap_readaround, MMAP_RA_V30);
		assert_false(p->swap_reuse_cache_only);
		assert_false(p->pcp_cold_tail);
		assert_false(p->lumpy_noswap_skip);
		assert_false(p->kmem_tracepoints);
		assert_int_equal(p->vmstat_fields, VMSTAT_V30);
		assert_int_equal(p->kthread_nice, KTHREAD_NICE_MINUS_5);
		assert_int_equal(p->sched_latency_ns, 20000000);
		assert_int_equal(p->sched_min_gran_ns, 4000000);
		assert_int_equal(p->sched_wakeup_gran_ns, 5000000);
		assert_int_equal(p->sleeper_credit, SLEEPER_CREDIT_LATENCY);
	} else if (!strcmp(base, "2.6.31")) {
		assert_int_equal(p->lumpy_sync_rule, LUMPY_SYNC_LUMPY);
		assert_int_equal(p->active_list_rule, ACTIVE_LIST_V31);
		assert_int_equal(p->noswap_rule, NOSWAP_V31);
		assert_false(p->too_many_isolated);
		assert_int_equal(p->pcp_layout, PCP_SINGLE);
		assert_int_equal(p->fallback_claim, FALLBACK_EQ_PAGEBLOCK);
		assert_false(p->reserve_cap2);
		assert_int_equal(p->pcp_free_type, PCP_FREE_PRIVATE);
		assert_int_equal(p->nr_free_update, NR_FREE_BEFORE_TEST);
		assert_int_equal(p->reclaimable_def, RECLAIMABLE_ALL_LRU);
		assert_int_equal(p->writeback_engine, WRITEBACK_PDFLUSH);
		assert_int_equal(p->bdp_sleep, BDP_CONGESTION_WAIT);
		assert_int_equal(p->bdp_write_chunk, BDP_RATELIMIT_1_5);
		assert_int_equal(p->bdp_writeback, BDP_WB_OVER_BDI_THRESH);
		assert_int_equal(p->ondemand_ra, ONDEMAND_RA_V31);
		assert_int_equal(p->mmap_readaround, MMAP_RA_V31);
		assert_true(p->swap_reuse_cache_only);
		assert_true(p->pcp_cold_tail);
		assert_false(p->lumpy_noswap_skip);
		assert_false(p->kmem_tracepoints);
		assert_int_equal(p->vmstat_fields, VMSTAT_V31);
		assert_int_equal(p->kthread_nice, KTHREAD_NICE_MINUS_5);
		assert_int_equal(p->sched_latency_ns, 20000000);
		assert_int_equal(p->sched_min_gran_ns, 4000000);
		assert_int_equal(p->sched_wakeup_gran_ns, 5000000);
		assert_int_equal(p->sleeper_credit, SLEEPER_CREDIT_LATENCY);
	} else {
		assert_string_equal(base, "2.6.32-rc6");
		/* v2.6.32-rc6 and 2.6.32: the list-index free and the
		 * early NR_FREE_PAGES update (fixed in 2.6.32.8 and .5). */
		assert_int_equal(p->pcp_free_type, PCP_FREE_LIST_INDEX);
		assert_int_equal(p->nr_free_update, NR_FREE_BEFORE_TEST);
		assert_int_equal(p->lumpy_sync_rule, LUMPY_SYNC_LUMPY);
		assert_int_equal(p->active_list_rule, ACTIVE_LIST_V31);
		assert_int_equal(p->noswap_rule, NOSWAP_V31);
		assert_true(p->too_many_isolated);
		assert_int_equal(p->pcp_layout, PCP_PER_MIGRATETYPE);
		assert_int_equal(p->fallback_claim, FALLBACK_GE_PAGEBLOCK_RANGE);
		assert_true(p->reserve_cap2);
		assert_int_equal(p->reclaimable_def, RECLAIMABLE_SWAP_AWARE);
		assert_int_equal(p->writeback_engine, WRITEBACK_FLUSHER);
		assert_int_equal(p->bdp_sleep, BDP_PAUSE_BACKOFF);
		assert_int_equal(p->bdp_write_chunk, BDP_DIRTIED_1_5);
		assert_int_equal(p->bdp_writeback, BDP_WB_OVER_BDI_THRESH);
		assert_int_equal(p->ondemand_ra, ONDEMAND_RA_V31);
		assert_int_equal(p->mmap_readaround, MMAP_RA_V31);
		assert_true(p->swap_reuse_cache_only);
		assert_true(p->pcp_cold_tail);
		assert_true(p->lumpy_noswap_skip);
		assert_true(p->kmem_tracepoints);
		assert_int_equal(p->vmstat_fields, VMSTAT_V32);
		/* 61cbe54d, 172e082a and 51e0304c: all in 2.6.32-rc1. */
		assert_int_equal(p->kthread_nice, KTHREAD_NICE_ZERO);
		assert_int_equal(p->sched_latency_ns, 5000000);
		assert_int_equal(p->sched_min_gran_ns, 1000000);
		assert_int_equal(p->sched_wakeup_gran_ns, 1000000);
		assert_int_equal(p->sleeper_credit, SLEEPER_CREDIT_HALF_LATENCY);
	}
}

static const char *base_of_row(const char *name)
{
	if (!strncmp(name, "2.6.30", 6))
		return "2.6.30";
	if (!strncmp(name, "2.6.31", 6))
		return "2.6.31";
	return "2.6.32-rc6";
}

static void check_row(const struct row *r, const struct kernel_profile *p)
{
	assert_int_equal(p->patches, r->patches);
	assert_int_equal(p->revert_8aa7e847, r->revert);
	assert_int_equal(p->restart_mode, r->restart);
	/* alloc_flags: 2.6.30 every pass, 2.6.31 once above restart: until
	 * patch 1 moves the label above them, rc6 every restart. */
	if (!strncmp(r->name, "2.6.30", 6))
		assert_int_equal(p->restart_alloc_flags, RESTART_FLAGS_EVERY_PASS);
	else if (!strncmp(r->name, "2.6.31", 6) && !(r->patches & 1))
		assert_int_equal(p->restart_alloc_flags, RESTART_FLAGS_ONCE);
	else
		assert_int_equal(p->restart_alloc_flags, RESTART_FLAGS_EVERY_RESTART);
	assert_int_equal(p->rt_harder_in_irq, r->rt_irq);
	assert_int_equal(p->cw_alloc, r->cw_alloc);
	assert_int_equal(p->cw_direct, r->cw_direct);
	assert_int_equal(p->cw_kswapd, r->cw_kswapd);
	assert_int_equal(p->cw_lumpy, r->cw_lumpy);
	assert_int_equal(p->cw_writeback, r->cw_writeback);
	assert_int_equal(p->kswapd_sleep, r->sleep);
	assert_int_equal(p->kswapd_cw_priority, r->cw_prio);
}

static void test_table_rows_in_order(void **state)
{
	(void)state;
	assert_int_equal(profile_table_nr_rows, 13);
	for (size_t i = 0; i < NR_ROWS; i++)
		assert_string_equal(profile_table_rows[i], rows[i].name);
}

static void test_every_row_parses_to_table_10_2(void **state)
{
	(void)state;
	for (size_t i = 0; i < NR_ROWS; i++) {
		struct kernel_profile p;

		parse_ok(rows[i].name, &p);
		check_row(&rows[i], &p);
		check_base_switches(&p, base_of_row(rows[i].name));
		/* Every row of Mel's tables ran the force-highorder kernel. */
		assert_true(p.force_highorder);
	}
}

static void test_releases(void **state)
{
	static const struct row releases[] = {
		{ "2.6.30", 0, false, TOP, 0, S, S, S, S, S, PLAIN, FIX },
		{ "2.6.31", 0, false, AW, 1, A, A, A, A, A, PLAIN, FIX },
		{ "2.6.32-rc6", 0, false, AW, 1, A, A, A, A, A, PLAIN, FIX },
		/* 2.6.32 final = rc6 + P1 + P2. */
		{ "2.6.32", P(1) | P(2), false, BW, 0, A, A, A, A, A, PLAIN, FIX },
	};
	struct kernel_profile p;

	(void)state;
	for (size_t i = 0; i < 4; i++) {
		parse_ok(releases[i].name, &p);
		check_row(&releases[i], &p);
		check_base_switches(&p, i < 2 ? releases[i].name : "2.6.32-rc6");
		assert_string_equal(p.release, releases[i].name);
		/* A stock release does not carry the test hack. */
		assert_false(p.force_highorder);
	}
	/* 2.6.32 has 4b27e1bb442 (rc7): CFQ's coop preemption limit. */
	parse_ok("2.6.32", &p);
	assert_true(p.cfq_coop_preempt_limit);
	parse_ok("2.6.32-rc6", &p);
	assert_false(p.cfq_coop_preempt_limit);

	/* 2.6.32.9: 2.6.32 plus the stable fixes that mmsim models:
	 * 0b3bf81197f (2.6.32.8), b2ea8cb9c8f (.3), c91ab0438c6 (.5). */
	parse_ok("2.6.32.9", &p);
	assert_string_equal(p.base, "2.6.32-rc6");
	assert_string_equal(p.release, "2.6.32.9");
	assert_int_equal(p.patches, P(1) | P(2));
	assert_int_equal(p.restart_mode, RESTART_BEFORE_WAKE);
	assert_false(p.rt_harder_in_irq);
	assert_true(p.cfq_coop_preempt_limit);
	assert_int_equal(p.pcp_free_type, PCP_FREE_PRIVATE);
	assert_int_equal(p.active_list_rule, ACTIVE_LIST_SKIP);
	assert_int_equal(p.nr_free_update, NR_FREE_ON_SUCCESS);
	assert_false(p.force_highorder);
	parse_ok("2.6.32.9+3", &p);
	assert_int_equal(p.cw_alloc, BLK_RW_BOTH);
}

static void test_plain_forms(void **state)
{
	struct kernel_profile p, row;

	(void)state;
	parse_ok("2.6.32-rc6+1+2+3", &p);
	parse_ok("2.6.32-rc6-0000123-congestion-both", &row);
	check_row(&rows[10], &p);
	check_base_switches(&p, "2.6.32-rc6");
	assert_false(p.force_highorder);
	assert_true(row.force_highorder);

	parse_ok("2.6.31+4", &p);
	assert_int_equal(p.patches, P(4));
	assert_int_equal(p.restart_mode, RESTART_AFTER_WAKE);
	assert_true(p.rt_harder_in_irq);
	assert_int_equal(p.kswapd_sleep, KSWAPD_SLEEP_QUICK_RECHECK);
	assert_int_equal(p.cw_alloc, BLK_RW_ASYNC);

	parse_ok("2.6.32-rc6+2+5+force-highorder", &p);
	assert_int_equal(p.patches, P(2) | P(5));
	assert_true(p.force_highorder);
	assert_int_equal(p.restart_mode, RESTART_AFTER_WAKE);
	assert_false(p.rt_harder_in_irq);
	assert_int_equal(p.kswapd_cw_priority, KSWAPD_CW_ORDER_ADJUSTED);

	/* 2.6.32 already has P1+P2: "+3" adds P3 on top. */
	parse_ok("2.6.32+3", &p);
	assert_int_equal(p.patches, P(1) | P(2) | P(3));
	assert_int_equal(p.cw_alloc, BLK_RW_BOTH);

	/* Patch sets no table has: the plain form. */
	parse_ok("2.6.32-rc6+1+3+5+force-highorder", &p);
	assert_int_equal(p.patches, P(1) | P(3) | P(5));
	assert_true(p.force_highorder);

	/* The 19 Nov table's second label for P1..P5. */
	parse_ok("2.6.31-0012345-kswapd-stay-awake-when-min", &p);
	assert_int_equal(p.patches, 0x1f);

	parse_ok("2.6.32-revert-8aa7e847", &p);
	assert_int_equal(p.cw_alloc, BLK_RW_SYNC);
	assert_int_equal(p.restart_mode, RESTART_BEFORE_WAKE);
}

/* Switches set by hand, as a scenario's [kernel] switches gives them. */
static void test_set_switches(void **state)
{
	struct kernel_profile p;
	char err[512] = "", buf[16];

	(void)state;
	parse_ok("2.6.32-rc6", &p);
	assert_int_equal(profile_set_switches(&p, "  cw_alloc=BOTH\tpcp_free_type=private ",
					      err, sizeof(err)), 0);
	assert_int_equal(p.cw_alloc, BLK_RW_BOTH);
	assert_int_equal(p.pcp_free_type, PCP_FREE_PRIVATE);
	assert_string_equal(profile_switch_value(&p, "pcp_free_type", buf,
						 sizeof(buf)), "PRIVATE");
	assert_int_equal(profile_set_switches(&p, "", err, sizeof(err)), 0);
	assert_int_equal(profile_set_switches(&p, NULL, err, sizeof(err)), 0);

	assert_int_equal(profile_set_switches(&p, "cw_alloc=BOTH cw_alloc", err,
					      sizeof(err)), -1);
	assert_non_null(strstr(err, "'cw_alloc': expected NAME=VALUE"));
	assert_int_equal(profile_set_switches(&p, "nr_free=ON_SUCCESS", err,
					      sizeof(err)), -1);
	assert_non_null(strstr(err, "unknown profile switch 'nr_free'"));
	assert_int_equal(profile_set_switches(&p, "active_list_rule=V32", err,
					      sizeof(err)), -1);
	assert_non_null(strstr(err, "expected V30, V31, SKIP"));
	assert_int_equal(profile_set_switches(&p, "=1", err, sizeof(err)), -1);
}

struct bad {
	const char *name;
	const char *msg;	/* a substring the error must contain */
};

static void test_bad_names_refused(void **state)
{
	static const struct bad bad[] = {
		{ "", "empty" },
		{ "2.6.33", "valid forms" },
		{ "linux", "valid forms" },
		{ "2.6.32-rc5", "valid forms" },
		{ "2.6.31-revert-8aa7e84", "valid forms" },
		{ "2.6.32-rc6-0000123", "lacks its label" },
		{ "2.6.32-rc6-0000123-", "bad label" },
		{ "2.6.32-rc6-0000123-a b", "bad label" },
		/* A label must be the record's for its digits. */
		{ "2.6.31-0000012-congestion-both",
		  "label 0000012 'pgalloc-2.6.30', not 'congestion-both'" },
		{ "2.6.31-0000012-congestion-both",
		  "did you mean '2.6.31-0000123-congestion-both'?" },
		{ "2.6.32-rc6-0000000-no-force-highorder",
		  "did you mean '2.6.32-rc6-0000000-force-highorder'?" },
		{ "2.6.32-rc6-0000000-force-higorder",
		  "did you mean '2.6.32-rc6-0000000-force-highorder'?" },
		{ "2.6.32-rc6-0012345-x", "'adjust-priority' or 'kswapd-stay-awake-when-min'" },
		{ "2.6.30-0000000-my-baseline", "label 0000000 'force-highorder'" },
		{ "2.6.32-rc6-0000135-odd_one.v2", "plain form" },
		{ "2.6.32.9-0000012-pgalloc-2.6.30+573412", "bad label" },
		{ "2.6.32-rc66", "did you mean '2.6.32-rc6'?" },
		{ "2.6.32-rc6-00001234-x", "exactly 7" },
		{ "2.6.32-rc6-0000321-x", "bad patch digits '0000321'" },
		{ "2.6.32-rc6-0000112-x", "bad patch digits" },
		{ "2.6.32-rc6-0001200-x", "right-aligned" },
		{ "2.6.32-rc6-0000017-x", "bad patch digits" },
		{ "2.6.30-0000012-pgalloc", "not 2.6.30" },
		/* Chris Mason's patch is against 2.6.31/rc6's dm-crypt.c. */
		{ "2.6.30-0000006-dm-crypt-unplug", "not 2.6.30" },
		/* 573412b changes a ramp only 2.6.32 has. */
		{ "2.6.31+573412b", "appeared in 2.6.32" },
		{ "2.6.30-0000000-force-highorder+573412b", "appeared in 2.6.32" },
		{ "2.6.32-rc6+573412", "valid forms" },
		{ "2.6.32-rc6+573412c", "valid forms" },
		{ "2.6.30+3", "not 2.6.30" },
		{ "2.6.30-revert-8aa7e847", "nothing to revert" },
		{ "2.6.32-rc6+3+1", "increasing" },
		{ "2.6.32-rc6+2+2", "increasing" },
		{ "2.6.32-rc6+7", "patch number 1-6" },
		{ "2.6.32-rc6+", "patch number 1-6" },
		{ "2.6.32-rc6+12", "patch number 1-6" },
		{ "2.6.32-rc6+force-highorder+1", "valid forms" },
		{ "2.6.32-rc6-0000123-congestion-both-and-a-label-that-goes-on-and-on-for-far-too-long-xxxxxxxxxxxxxxxxxxxx",
		  "too long" },
	};
	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct kernel_profile p;
		char err[512] = "";

		memset(&p, 0x5a, sizeof(p));
		if (profile_parse(bad[i].name, &p, err, sizeof(err)) != -1)
			fail_msg("'%s' was accepted", bad[i].name);
		if (!strstr(err, bad[i].msg))
			fail_msg("'%s': message '%s' lacks '%s'", bad[i].name,
				 err, bad[i].msg);
		/* One line, as the CLI prints it. */
		assert_null(strchr(err, '\n'));
		/* A refused name leaves the output alone. */
		assert_int_equal(((unsigned char *)&p)[0], 0x5a);
	}
}

static void test_unknown_name_lists_forms(void **state)
{
	struct kernel_profile p;
	char err[512];

	(void)state;
	assert_int_equal(profile_parse("2.6.29", &p, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "2.6.30, 2.6.31, 2.6.32-rc6, 2.6.32"));
	assert_non_null(strstr(err, "BASE-revert-8aa7e847"));
	assert_non_null(strstr(err, "BASE-DDDDDDD-LABEL"));
	assert_non_null(strstr(err, "BASE+N"));
	/* A short buffer truncates without overflowing. */
	assert_int_equal(profile_parse("2.6.29", &p, err, 8), -1);
	assert_int_equal(strlen(err), 7);
}

static void test_default_is_rc6(void **state)
{
	(void)state;
	assert_string_equal(kprofile.name, "2.6.32-rc6");
	kprofile.cw_alloc = BLK_RW_BOTH;
	kprofile.restart_mode = RESTART_TOP;
	profile_set_default();
	assert_string_equal(kprofile.name, "2.6.32-rc6");
	assert_int_equal(kprofile.cw_alloc, BLK_RW_ASYNC);
	assert_int_equal(kprofile.restart_mode, RESTART_AFTER_WAKE);
	assert_true(kprofile.rt_harder_in_irq);
	assert_true(kprofile.too_many_isolated);
	assert_int_equal(kprofile.kswapd_short_sleep_ms, 100);
	assert_false(kprofile.force_highorder);
}

struct lines {
	char text[64][448];
	int n;
};

static void collect(void *ctx, const char *line)
{
	struct lines *l = ctx;

	assert_true(l->n < 64);
	snprintf(l->text[l->n++], sizeof(l->text[0]), "%s", line);
}

static const char *find_line(const struct lines *l, const char *prefix)
{
	for (int i = 0; i < l->n; i++)
		if (!strncmp(l->text[i], prefix, strlen(prefix)))
			return l->text[i];
	fail_msg("no line starting '%s'", prefix);
	return NULL;
}

static void test_describe_names_the_source(void **state)
{
	struct kernel_profile p;
	struct lines l = { .n = 0 };
	int nr_switches = 0;

	(void)state;
	while (profile_switch_name(nr_switches))
		nr_switches++;
	/* The table as it was when this test was written, and since. */
	assert_true(nr_switches >= 40);
	parse_ok("2.6.32-rc6-0012345-adjust-priority", &p);
	profile_describe(&p, collect, &l);
	/* kernel, base, patches, revert, commits + every switch after them. */
	assert_int_equal(l.n, 5 + nr_switches);
	assert_non_null(strstr(find_line(&l, "patches "), "P1 P2 P3 P4 P5"));
	assert_non_null(strstr(find_line(&l, "restart_mode "), "BEFORE_WAKE"));
	assert_non_null(strstr(find_line(&l, "restart_mode "), "P1:"));
	assert_non_null(strstr(find_line(&l, "rt_harder_in_irq "), "P2:"));
	assert_non_null(strstr(find_line(&l, "cw_direct "), "BOTH"));
	assert_non_null(strstr(find_line(&l, "cw_direct "), "P3:"));
	assert_non_null(strstr(find_line(&l, "kswapd_sleep "), "P4:"));
	assert_non_null(strstr(find_line(&l, "kswapd_cw_priority "), "ORDER_ADJUSTED"));
	assert_non_null(strstr(find_line(&l, "kswapd_cw_priority "), "P5:"));
	assert_non_null(strstr(find_line(&l, "cw_kswapd "), "8aa7e847"));
	assert_non_null(strstr(find_line(&l, "kthread_nice "), "ZERO"));
	assert_non_null(strstr(find_line(&l, "dm_io_endio_lock "),
			       "endio_lock"));
	assert_non_null(strstr(find_line(&l, "kthread_nice "), "61cbe54d"));

	l.n = 0;
	parse_ok("2.6.32-rc6-revert-8aa7e847", &p);
	profile_describe(&p, collect, &l);
	assert_non_null(strstr(find_line(&l, "cw_alloc "), "revert of 8aa7e847"));
	assert_non_null(strstr(find_line(&l, "cw_isolated "), "ASYNC"));
	assert_non_null(strstr(find_line(&l, "rt_harder_in_irq "), "341ce06f"));

	l.n = 0;
	parse_ok("2.6.32", &p);
	profile_describe(&p, collect, &l);
	assert_non_null(strstr(find_line(&l, "restart_mode "), "merged for 2.6.32"));
}

static void test_switch_by_name(void **state)
{
	struct kernel_profile p;
	struct lines l = { .n = 0 };
	char buf[32], err[256];

	(void)state;
	parse_ok("2.6.32-rc6-revert-8aa7e847", &p);
	assert_string_equal(profile_switch_value(&p, "cw_alloc", buf, sizeof(buf)), "SYNC");
	assert_string_equal(profile_switch_value(&p, "kswapd_short_sleep_ms", buf, sizeof(buf)), "100");
	assert_null(profile_switch_value(&p, "no_such_switch", buf, sizeof(buf)));

	/* An open question (docs/profiles.md, cw_isolated): the revert may
	 * have moved this one too. */
	assert_int_equal(profile_set_switch(&p, "cw_isolated", "sync", err, sizeof(err)), 0);
	assert_int_equal(p.cw_isolated, BLK_RW_SYNC);
	assert_int_equal(profile_set_switch(&p, "force_highorder", "no", err, sizeof(err)), 0);
	assert_false(p.force_highorder);
	assert_int_equal(profile_set_switch(&p, "kswapd_short_sleep_ms", "40", err, sizeof(err)), 0);
	assert_int_equal(p.kswapd_short_sleep_ms, 40);

	assert_int_equal(profile_set_switch(&p, "cw_kswapd", "SOMETIMES", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "ASYNC, SYNC, BOTH"));
	assert_int_equal(profile_set_switch(&p, "nope", "1", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "unknown profile switch"));
	assert_int_equal(profile_set_switch(&p, "too_many_isolated", "2", err, sizeof(err)), -1);

	profile_describe(&p, collect, &l);
	assert_non_null(strstr(find_line(&l, "cw_isolated "), "set by hand"));
}

/*
 * Every switch's value as text sets the same value back, in every kernel
 * the tables and the release profiles name: bisect and 'profiles --diff'
 * hand a switch from one kernel to another as that text (the CFS
 * tunables in ns were once refused as "milliseconds 0-100000").  A
 * numeric switch refuses a value past its bound, and a sign.
 */
static void test_switch_values_round_trip(void **state)
{
	const char *extra[] = { "2.6.32", "2.6.32.9", "2.6.30" };
	char buf[64], err[256];

	(void)state;
	for (size_t r = 0; r < profile_table_nr_rows + 3; r++) {
		const char *name = r < profile_table_nr_rows ?
				   profile_table_rows[r] :
				   extra[r - profile_table_nr_rows];
		struct kernel_profile a, b;
		const char *sw;

		parse_ok(name, &a);
		parse_ok("2.6.32-rc6", &b);
		for (size_t i = 0; (sw = profile_switch_name(i)); i++) {
			const char *v = profile_switch_value(&a, sw, buf,
							     sizeof(buf));

			assert_non_null(v);
			if (profile_set_switch(&b, sw, v, err, sizeof(err)))
				fail_msg("%s %s=%s refused: %s", name, sw, v,
					 err);
		}
		for (size_t i = 0; (sw = profile_switch_name(i)); i++) {
			char vb[64];

			assert_string_equal(profile_switch_value(&a, sw, buf, sizeof(buf)),
					    profile_switch_value(&b, sw, vb, sizeof(vb)));
		}
	}
	{
		struct kernel_profile p;

		parse_ok("2.6.32-rc6", &p);
		assert_int_equal(profile_set_switch(&p, "sched_latency_ns", "1000000001", err, sizeof(err)), -1);
		assert_non_null(strstr(err, "0-1000000000"));
		assert_int_equal(profile_set_switch(&p, "sd_wake_idx", "5", err, sizeof(err)), -1);
		assert_int_equal(profile_set_switch(&p, "sd_wake_idx", "-1", err, sizeof(err)), -1);
		assert_int_equal(profile_set_switch(&p, "sd_wake_idx", "4", err, sizeof(err)), 0);
		assert_int_equal(p.sd_wake_idx, 4);
	}
}

/*
 * Every switch of every base kernel says where its value comes from (a
 * kernel version, file and function, a patch, or the test hack), never a
 * document outside the repository.
 */
/*
 * Every row name of the 13 Nov and 19 Nov 2009 tables parses; digit 6 is
 * Chris Mason's dm-crypt patch, and only it sets dm_crypt_io_path.
 */
static void test_record_rows_parse(void **state)
{
	struct kernel_profile p;

	(void)state;
	assert_int_equal(profile_record_nr_rows, 17);
	for (size_t i = 0; i < profile_record_nr_rows; i++) {
		const char *name = profile_record_rows[i];
		bool six = strstr(name, "-0000006-") || strstr(name, "-0123456-");

		parse_ok(name, &p);
		assert_int_equal(!!(p.patches & P(6)), six);
		assert_int_equal(p.dm_crypt_io_path,
				 six ? DM_CRYPT_IO_UNPLUG_V3 : DM_CRYPT_IO_STOCK);
		assert_true(p.force_highorder);
	}
	parse_ok("2.6.32-rc6-0123456-dm-crypt-unplug", &p);
	assert_int_equal(p.patches, 0x3f);
	assert_int_equal(p.kswapd_cw_priority, KSWAPD_CW_ORDER_ADJUSTED);
	parse_ok("2.6.31-0000006-dm-crypt-unplug", &p);
	assert_int_equal(p.patches, P(6));
	assert_int_equal(p.restart_mode, RESTART_AFTER_WAKE);
	for (size_t i = 0; i < profile_later_nr_rows; i++) {
		parse_ok(profile_later_rows[i].name, &p);
		assert_non_null(strchr(profile_later_rows[i].source, '<') ?
				profile_later_rows[i].source :
				strstr(profile_later_rows[i].source, "573412b"));
	}
}

/*
 * The CFQ switches by release: low_latency and the other 2.6.32-only
 * rules in rc6 and 2.6.32, none of them in 2.6.30 and 2.6.31; 2.6.32
 * final adds the coop-preemption limit (4b27e1bb442).
 */
static void test_cfq_switches_by_release(void **state)
{
	static const struct {
		const char *name;
		enum low_latency ll;
		bool v32, coop_limit;
	} rel[] = {
		{ "2.6.30", LOW_LATENCY_ABSENT, false, false },
		{ "2.6.31", LOW_LATENCY_ABSENT, false, false },
		{ "2.6.31-revert-8aa7e847", LOW_LATENCY_ABSENT, false, false },
		{ "2.6.32-rc6", LOW_LATENCY_ON, true, false },
		{ "2.6.32", LOW_LATENCY_ON, true, true },
	};
	struct kernel_profile p;

	(void)state;
	for (size_t i = 0; i < sizeof(rel) / sizeof(rel[0]); i++) {
		parse_ok(rel[i].name, &p);
		assert_int_equal(p.low_latency, rel[i].ll);
		assert_int_equal(p.cfq_drain_async, rel[i].v32);
		assert_int_equal(p.cfq_idle_ttime_slice, rel[i].v32);
		assert_int_equal(p.cfq_seeky_min_tt, rel[i].v32);
		assert_int_equal(p.cfq_merge_fifo_place, rel[i].v32);
		assert_int_equal(p.cfq_next_rq_dispatch, rel[i].v32);
		assert_int_equal(p.cfq_resid_sign, rel[i].v32 ?
				 CFQ_RESID_SUBTRACT : CFQ_RESID_ADD);
		assert_int_equal(p.cfq_coop_preempt_limit, rel[i].coop_limit);
		assert_int_equal(p.cfq_async_ramp, CFQ_RAMP_LAST_SYNC);
		assert_int_equal(p.dm_crypt_io_path, DM_CRYPT_IO_STOCK);
	}
}

/* "+573412b" after any 2.6.32 form; the commit's own switch only. */
static void test_commit_573412b(void **state)
{
	static const char *const names[] = {
		"2.6.32-rc6+573412b",
		"2.6.32+573412b",
		"2.6.32-rc6+573412b29586",
		"2.6.32-rc6-0000006-dm-crypt-unplug+573412b",
		"2.6.32-rc6-revert-8aa7e847+573412b",
		"2.6.32-rc6+1+2+force-highorder+573412b",
	};
	struct kernel_profile p, plain;
	static struct lines l, lp;

	(void)state;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char base[96];

		parse_ok(names[i], &p);
		assert_int_equal(p.cfq_async_ramp, CFQ_RAMP_DELAYED_SYNC);
		/* Everything else as without the suffix. */
		snprintf(base, sizeof(base), "%.*s",
			 (int)(strrchr(names[i], '+') - names[i]), names[i]);
		parse_ok(base, &plain);
		assert_int_equal(plain.cfq_async_ramp, CFQ_RAMP_LAST_SYNC);
		l.n = lp.n = 0;
		profile_describe(&p, collect, &l);
		profile_describe(&plain, collect, &lp);
		assert_int_equal(l.n, lp.n);
		for (int k = 0; k < l.n; k++)
			if (strncmp(l.text[k], "kernel ", 7) &&
			    strncmp(l.text[k], "commits ", 8) &&
			    strncmp(l.text[k], "cfq_async_ramp ", 15))
				assert_string_equal(l.text[k], lp.text[k]);
	}
	l.n = 0;
	parse_ok("2.6.32-rc6-0000006-dm-crypt-unplug+573412b", &p);
	assert_true(p.force_highorder);
	assert_int_equal(p.dm_crypt_io_path, DM_CRYPT_IO_UNPLUG_V3);
	profile_describe(&p, collect, &l);
	assert_non_null(strstr(find_line(&l, "commits "), "573412b29586"));
	assert_non_null(strstr(find_line(&l, "cfq_async_ramp "),
			       "reduce write depth only if sync was delayed"));
	assert_non_null(strstr(find_line(&l, "dm_crypt_io_path "),
			       "<20091113125812.GB7891@think>"));
}

static void test_every_switch_has_evidence(void **state)
{
	static const char *const names[] = {
		"2.6.30", "2.6.31", "2.6.32-rc6", "2.6.31-revert-8aa7e847",
		"2.6.32-rc6-0012345-adjust-priority",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		struct lines l = { .n = 0 };
		struct kernel_profile p;

		parse_ok(names[i], &p);
		profile_describe(&p, collect, &l);
		/* kernel, base, patches, revert_8aa7e847, commits, then the
		 * switches */
		assert_true(l.n > 5);
		for (int k = 5; k < l.n; k++) {
			/* "%-22s %-18s %s": the evidence starts at column 42 */
			if (strlen(l.text[k]) <= 42 || l.text[k][42] == ' ')
				fail_msg("%s: no evidence: '%s'", names[i], l.text[k]);
			if (strstr(l.text[k], "\u00a7") || strstr(l.text[k], "reference"))
				fail_msg("%s: cites outside the repository: '%s'",
					 names[i], l.text[k]);
		}
	}
}

/*
 * Every switch names the subsystem it stands for (mmsim bisect's groups):
 * a lower-case word, never the switch's own name by default, and the
 * subsystems the record speaks of hold their switches.
 */
static void test_every_switch_has_a_group(void **state)
{
	static const struct {
		const char *name, *group;
	} known[] = {
		{ "cw_alloc", "congestion_wait" }, { "cw_writeback", "congestion_wait" },
		{ "pcp_layout", "pcp" }, { "pcp_free_type", "pcp" },
		{ "sched_latency_ns", "sched" }, { "buddies", "sched" },
		{ "low_latency", "cfq" }, { "cfq_resid_sign", "cfq" },
		{ "lumpy_sync_rule", "vmscan" }, { "mmap_readaround", "readahead" },
	};
	const char *name, *group;
	size_t nr = 0;

	(void)state;
	for (; (name = profile_switch_name(nr)); nr++) {
		group = profile_switch_group(nr);
		assert_non_null(group);
		if (!strcmp(group, name) || strspn(group, "abcdefghijklmnopqrstuvwxyz_") !=
					    strlen(group))
			fail_msg("%s: group '%s'", name, group);
	}
	assert_null(profile_switch_group(nr));
	for (size_t k = 0; k < sizeof(known) / sizeof(known[0]); k++) {
		size_t i = 0;

		while ((name = profile_switch_name(i)) && strcmp(name, known[k].name))
			i++;
		assert_non_null(name);
		assert_string_equal(profile_switch_group(i), known[k].group);
	}
}

/* The table's columns are switches, each as wide as its widest value. */
static void test_table_columns(void **state)
{
	static const char *const headings[] = {
		"RESTART", "RT_IRQ", "CW_ALLOC", "CW_DIRECT", "CW_KSWAPD",
		"KSWAPD_SLEEP", "KSWAPD_CW_PRIO", "PCP", "WRITEBACK",
		"LOW_LAT", "ASYNC_RAMP", "DM_CRYPT",
	};
	const char *heading, *name;
	struct kernel_profile p;
	char buf[32];
	size_t c;
	int width;

	(void)state;
	for (c = 0; (heading = profile_column(c, &name, &width)); c++) {
		assert_true(c < sizeof(headings) / sizeof(headings[0]));
		assert_string_equal(heading, headings[c]);
		assert_true(width >= (int)strlen(heading));
		for (size_t r = 0; r < profile_table_nr_rows; r++) {
			const char *v;

			parse_ok(profile_table_rows[r], &p);
			v = profile_switch_value(&p, name, buf, sizeof(buf));
			assert_non_null(v);
			assert_true(width >= (int)strlen(v));
		}
	}
	assert_int_equal(c, sizeof(headings) / sizeof(headings[0]));
	/* restart_mode: BEFORE_WAKE is wider than RESTART. */
	assert_non_null(profile_column(0, &name, &width));
	assert_string_equal(name, "restart_mode");
	assert_int_equal(width, (int)strlen("BEFORE_WAKE"));
}

static void test_blk_rw_name(void **state)
{
	(void)state;
	assert_string_equal(blk_rw_name(BLK_RW_ASYNC), "ASYNC");
	assert_string_equal(blk_rw_name(BLK_RW_SYNC), "SYNC");
	assert_string_equal(blk_rw_name(BLK_RW_BOTH), "BOTH");
	assert_string_equal(blk_rw_name(7), "?");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table_rows_in_order),
		cmocka_unit_test(test_every_row_parses_to_table_10_2),
		cmocka_unit_test(test_releases),
		cmocka_unit_test(test_plain_forms),
		cmocka_unit_test(test_set_switches),
		cmocka_unit_test(test_bad_names_refused),
		cmocka_unit_test(test_unknown_name_lists_forms),
		cmocka_unit_test(test_default_is_rc6),
		cmocka_unit_test(test_describe_names_the_source),
		cmocka_unit_test(test_switch_by_name),
		cmocka_unit_test(test_switch_values_round_trip),
		cmocka_unit_test(test_blk_rw_name),
		cmocka_unit_test(test_record_rows_parse),
		cmocka_unit_test(test_cfq_switches_by_release),
		cmocka_unit_test(test_commit_573412b),
		cmocka_unit_test(test_every_switch_has_evidence),
		cmocka_unit_test(test_every_switch_has_a_group),
		cmocka_unit_test(test_table_columns),
	};

	return cmocka_run_group_tests_name("profile", tests, NULL, NULL);
}
