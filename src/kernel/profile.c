// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel profiles: the three base kernels of the 2009 tables, the five
 * patches of "Reduce GFP_ATOMIC allocation failures" (V3) and the revert of
 * 8aa7e847, expressed as the switches of struct kernel_profile; and the
 * parser for the cover letter's row names.
 *
 * Every switch value below comes from the reference's differences tables
 * (linux-2.6.32-mm.md §10.1/§10.2) and the call-site table of §6.5;
 * docs/profiles.md records the evidence for each.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "mmsim/profile.h"

#define P(n)		(1u << ((n) - 1))
#define NR_PATCHES	5
#define PATCH_DIGITS	7

/*
 * 2.6.32-rc6 vanilla: the base of the series and mmsim's default kernel.
 * One initializer serves the running profile's static value and the
 * base table, so the two cannot drift apart.
 */
#define PROFILE_2_6_32_RC6 {						\
	.name = "2.6.32-rc6",						\
	.base = "2.6.32-rc6",						\
	.patches = 0,							\
	.revert_8aa7e847 = false,					\
	.restart_mode = RESTART_AFTER_WAKE,				\
	.rt_harder_in_irq = true,					\
	.cw_alloc = BLK_RW_ASYNC,					\
	.cw_direct = BLK_RW_ASYNC,					\
	.cw_kswapd = BLK_RW_ASYNC,					\
	.cw_lumpy = BLK_RW_ASYNC,					\
	.cw_isolated = BLK_RW_ASYNC,					\
	.cw_writeback = BLK_RW_ASYNC,					\
	.kswapd_sleep = KSWAPD_SLEEP_PLAIN,				\
	.kswapd_short_sleep_ms = 100,					\
	.kswapd_cw_priority = KSWAPD_CW_FIXED,				\
	.lumpy_sync_rule = LUMPY_SYNC_LUMPY,				\
	.active_list_rule = ACTIVE_LIST_V31,				\
	.noswap_rule = NOSWAP_V31,					\
	.too_many_isolated = true,					\
	.pcp_layout = PCP_PER_MIGRATETYPE,				\
	.fallback_claim = FALLBACK_GE_PAGEBLOCK_RANGE,			\
	.reserve_cap2 = true,						\
	.reclaimable_def = RECLAIMABLE_SWAP_AWARE,			\
	.writeback_engine = WRITEBACK_FLUSHER,				\
	.bdp_sleep = BDP_PAUSE_BACKOFF,					\
	.bdp_write_chunk = BDP_DIRTIED_1_5,				\
	.kmem_tracepoints = true,					\
	.vmstat_fields = VMSTAT_V32,					\
	.force_highorder = false,					\
}

struct kernel_profile kprofile = PROFILE_2_6_32_RC6;

enum base_kernel {
	BASE_2_6_30,
	BASE_2_6_31,
	BASE_2_6_32_RC6,
	NR_BASES
};

static const struct kernel_profile base_profiles[NR_BASES] = {
	/*
	 * 2.6.30: every VM congestion_wait passed WRITE (= 1 = the SYNC
	 * queue, §6.4); the allocator restarts at the top and wakes kswapd
	 * each time; rt tasks get ALLOC_HARDER only outside interrupts.
	 */
	[BASE_2_6_30] = {
		.name = "2.6.30",
		.base = "2.6.30",
		.restart_mode = RESTART_TOP,
		.rt_harder_in_irq = false,
		.cw_alloc = BLK_RW_SYNC,
		.cw_direct = BLK_RW_SYNC,
		.cw_kswapd = BLK_RW_SYNC,
		.cw_lumpy = BLK_RW_SYNC,
		.cw_isolated = BLK_RW_ASYNC,	/* no such call site in .30 */
		.cw_writeback = BLK_RW_SYNC,
		.kswapd_sleep = KSWAPD_SLEEP_PLAIN,
		.kswapd_short_sleep_ms = 100,
		.kswapd_cw_priority = KSWAPD_CW_FIXED,
		.lumpy_sync_rule = LUMPY_SYNC_COSTLY_ONLY,
		.active_list_rule = ACTIVE_LIST_V30,
		.noswap_rule = NOSWAP_V30,
		.too_many_isolated = false,
		.pcp_layout = PCP_SINGLE,
		.fallback_claim = FALLBACK_EQ_PAGEBLOCK,
		.reserve_cap2 = false,
		.reclaimable_def = RECLAIMABLE_ALL_LRU,
		.writeback_engine = WRITEBACK_PDFLUSH,
		.bdp_sleep = BDP_CONGESTION_WAIT,
		.bdp_write_chunk = BDP_RATELIMIT_1_5,
		.kmem_tracepoints = false,
		.vmstat_fields = VMSTAT_V30,
	},
	/*
	 * 2.6.31: the split fast/slow allocator (restart no longer wakes
	 * kswapd), 341ce06f (rt tasks in interrupts get ALLOC_HARDER),
	 * 8aa7e847/373c0a7e (congestion_wait on the ASYNC queue).
	 */
	[BASE_2_6_31] = {
		.name = "2.6.31",
		.base = "2.6.31",
		.restart_mode = RESTART_AFTER_WAKE,
		.rt_harder_in_irq = true,
		.cw_alloc = BLK_RW_ASYNC,
		.cw_direct = BLK_RW_ASYNC,
		.cw_kswapd = BLK_RW_ASYNC,
		.cw_lumpy = BLK_RW_ASYNC,
		.cw_isolated = BLK_RW_ASYNC,	/* no such call site in .31 */
		.cw_writeback = BLK_RW_ASYNC,
		.kswapd_sleep = KSWAPD_SLEEP_PLAIN,
		.kswapd_short_sleep_ms = 100,
		.kswapd_cw_priority = KSWAPD_CW_FIXED,
		.lumpy_sync_rule = LUMPY_SYNC_LUMPY,
		.active_list_rule = ACTIVE_LIST_V31,
		.noswap_rule = NOSWAP_V31,
		.too_many_isolated = false,
		.pcp_layout = PCP_SINGLE,
		.fallback_claim = FALLBACK_EQ_PAGEBLOCK,
		.reserve_cap2 = true,
		.reclaimable_def = RECLAIMABLE_ALL_LRU,
		.writeback_engine = WRITEBACK_PDFLUSH,
		.bdp_sleep = BDP_CONGESTION_WAIT,
		.bdp_write_chunk = BDP_RATELIMIT_1_5,
		.kmem_tracepoints = false,
		.vmstat_fields = VMSTAT_V31,
	},
	[BASE_2_6_32_RC6] = PROFILE_2_6_32_RC6,
};

static const char *const patch_titles[NR_PATCHES] = {
	"page allocator: Always wake kswapd when restarting an allocation attempt after direct reclaim failed",
	"page allocator: Do not allow interrupts to use ALLOC_HARDER",
	"page allocator: Wait on both sync and async congestion after direct reclaim",
	"vmscan: Have kswapd sleep for a short interval and double check it should be asleep",
	"vmscan: Take order into consideration when deciding if kswapd is in trouble",
};

/* The cover letter's rows; the x86 and x86-64 tables use the same names. */
const char *const profile_table_rows[] = {
	"2.6.30-0000000-force-highorder",
	"2.6.31-0000000-force-highorder",
	"2.6.31-revert-8aa7e847",
	"2.6.31-0000012-pgalloc-2.6.30",
	"2.6.31-0000123-congestion-both",
	"2.6.31-0001234-kswapd-quick-recheck",
	"2.6.31-0012345-adjust-priority",
	"2.6.32-rc6-0000000-force-highorder",
	"2.6.32-rc6-revert-8aa7e847",
	"2.6.32-rc6-0000012-pgalloc-2.6.30",
	"2.6.32-rc6-0000123-congestion-both",
	"2.6.32-rc6-0001234-kswapd-quick-recheck",
	"2.6.32-rc6-0012345-adjust-priority",
};
const size_t profile_table_nr_rows =
	sizeof(profile_table_rows) / sizeof(profile_table_rows[0]);

void profile_set_default(void)
{
	kprofile = base_profiles[BASE_2_6_32_RC6];
}

/* ---- applying patches ------------------------------------------------ */

static void apply_patches(struct kernel_profile *p, unsigned int patches)
{
	p->patches |= patches;
	/* P1: a restart after failed direct reclaim wakes kswapd again. */
	if (patches & P(1))
		p->restart_mode = RESTART_BEFORE_WAKE;
	/* P2: back to .30's "rt_task && !in_interrupt()" (undoes 341ce06f). */
	if (patches & P(2))
		p->rt_harder_in_irq = false;
	/* P3: only the allocator and direct-reclaim waits use BLK_RW_BOTH. */
	if (patches & P(3)) {
		p->cw_alloc = BLK_RW_BOTH;
		p->cw_direct = BLK_RW_BOTH;
	}
	/* P4: kswapd naps HZ/10 and rechecks before sleeping for good. */
	if (patches & P(4)) {
		p->kswapd_sleep = KSWAPD_SLEEP_QUICK_RECHECK;
		p->kswapd_short_sleep_ms = 100;
	}
	/* P5: kswapd's congestion nap priority is lowered by the order. */
	if (patches & P(5))
		p->kswapd_cw_priority = KSWAPD_CW_ORDER_ADJUSTED;
}

/*
 * Revert of 8aa7e847 (and its companion 373c0a7e): every call site that
 * existed in 2.6.31 goes back to the SYNC queue, as in 2.6.30.  rc6's
 * too_many_isolated wait was written after the commit and a mechanical
 * revert leaves it on ASYNC (§6.5, §11.5: unverified; cw_isolated stays a
 * separate switch).
 */
static void apply_revert_8aa7e847(struct kernel_profile *p)
{
	p->revert_8aa7e847 = true;
	p->cw_alloc = BLK_RW_SYNC;
	p->cw_direct = BLK_RW_SYNC;
	p->cw_kswapd = BLK_RW_SYNC;
	p->cw_lumpy = BLK_RW_SYNC;
	p->cw_writeback = BLK_RW_SYNC;
}

/* ---- parsing --------------------------------------------------------- */

#define VALID_FORMS							\
	"valid forms: 2.6.30, 2.6.31, 2.6.32-rc6, 2.6.32 (= rc6+1+2); "	\
	"BASE-revert-8aa7e847; BASE-DDDDDDD-LABEL with 7 digits naming "\
	"patches 1-5 (e.g. 2.6.32-rc6-0000123-congestion-both); "	\
	"BASE+N[+N...][+force-highorder] (e.g. 2.6.32-rc6+1+2+3); "	\
	"'mmsim profiles' lists the table rows"

static int fail(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (err && errlen) {
		va_start(ap, fmt);
		vsnprintf(err, errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

struct base_name {
	const char *prefix;
	enum base_kernel base;
	unsigned int implied;	/* patches already merged in that release */
};

/* Longest prefix first: "2.6.32-rc6" must win over "2.6.32". */
static const struct base_name base_names[] = {
	{ "2.6.32-rc6", BASE_2_6_32_RC6, 0 },
	/* 2.6.32 final merged P1 and P2 (reference §10.2, §12). */
	{ "2.6.32", BASE_2_6_32_RC6, P(1) | P(2) },
	{ "2.6.31", BASE_2_6_31, 0 },
	{ "2.6.30", BASE_2_6_30, 0 },
};

/* "0000123" -> P1|P2|P3; -1 if not a valid patch-digit field. */
static int parse_patch_digits(const char *s, unsigned int *patches)
{
	int i = 0, last = 0;

	*patches = 0;
	while (i < PATCH_DIGITS && s[i] == '0')
		i++;
	for (; i < PATCH_DIGITS; i++) {
		int d = s[i] - '0';

		/* Increasing order also rules out repeats and inner zeros. */
		if (d < 1 || d > NR_PATCHES || d <= last)
			return -1;
		*patches |= P(d);
		last = d;
	}
	return 0;
}

static bool is_label(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr("._-", *s))
			return false;
	return true;
}

static bool all_digits(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isdigit((unsigned char)s[i]))
			return false;
	return true;
}

/* "+1+2+3[+force-highorder]" */
static int parse_plus_form(const char *name, const char *s,
			   unsigned int *patches, bool *highorder,
			   char *err, size_t errlen)
{
	int last = 0;

	*patches = 0;
	*highorder = false;
	while (*s == '+') {
		s++;
		if (!strcmp(s, "force-highorder")) {
			*highorder = true;
			return 0;
		}
		if (s[0] < '1' || s[0] > '0' + NR_PATCHES ||
		    (s[1] && s[1] != '+'))
			return fail(err, errlen,
				    "bad kernel profile '%s': after '+' expected a patch number 1-5 or 'force-highorder' (%s)",
				    name, VALID_FORMS);
		if (s[0] - '0' <= last)
			return fail(err, errlen,
				    "bad kernel profile '%s': patch numbers must be increasing and appear once (e.g. 2.6.32-rc6+1+2+3)",
				    name);
		last = s[0] - '0';
		*patches |= P(last);
		s++;
	}
	if (*s)
		return fail(err, errlen, "bad kernel profile '%s' (%s)",
			    name, VALID_FORMS);
	return 0;
}

int profile_parse(const char *name, struct kernel_profile *out,
		  char *err, size_t errlen)
{
	const struct base_name *b = NULL;
	struct kernel_profile p;
	unsigned int patches = 0;
	bool revert = false, highorder = false;
	const char *rest;

	if (!name || !*name)
		return fail(err, errlen, "empty kernel profile name (%s)",
			    VALID_FORMS);
	if (strlen(name) >= sizeof(p.name))
		return fail(err, errlen,
			    "kernel profile name too long (%zu characters, at most %zu)",
			    strlen(name), sizeof(p.name) - 1);
	for (size_t i = 0; i < sizeof(base_names) / sizeof(base_names[0]); i++) {
		size_t n = strlen(base_names[i].prefix);

		if (!strncmp(name, base_names[i].prefix, n) &&
		    (!name[n] || name[n] == '-' || name[n] == '+')) {
			b = &base_names[i];
			break;
		}
	}
	if (!b)
		return fail(err, errlen,
			    "unknown kernel profile '%s': the base must be 2.6.30, 2.6.31, 2.6.32-rc6 or 2.6.32 (%s)",
			    name, VALID_FORMS);
	rest = name + strlen(b->prefix);

	if (!*rest) {
		/* A bare release: stock kernel, no test hack. */
	} else if (!strcmp(rest, "-revert-8aa7e847")) {
		revert = true;
		highorder = true;
	} else if (rest[0] == '-' && strlen(rest) > PATCH_DIGITS &&
		   all_digits(rest + 1, PATCH_DIGITS)) {
		const char *after = rest + 1 + PATCH_DIGITS;

		if (parse_patch_digits(rest + 1, &patches))
			return fail(err, errlen,
				    "bad patch digits '%.7s' in '%s': each of 1-5 at most once, increasing, right-aligned, zeros before (0000012 = patches 1+2, 0000000 = none)",
				    rest + 1, name);
		if (*after && *after != '-')
			return fail(err, errlen,
				    "bad kernel profile '%s': expected exactly 7 patch digits (e.g. 0000123)",
				    name);
		if (!*after)
			return fail(err, errlen,
				    "kernel profile '%s' lacks its label: write BASE-%.7s-LABEL (e.g. 2.6.32-rc6-0000123-congestion-both)",
				    name, rest + 1);
		if (after[0] != '-' || !is_label(after + 1))
			return fail(err, errlen,
				    "bad label in kernel profile '%s': after the 7 digits expected '-' and a label of letters, digits, '.', '_' or '-'",
				    name);
		highorder = true;
	} else if (rest[0] == '+') {
		if (parse_plus_form(name, rest, &patches, &highorder,
				    err, errlen))
			return -1;
	} else {
		return fail(err, errlen, "unknown kernel profile '%s' (%s)",
			    name, VALID_FORMS);
	}

	if (b->base == BASE_2_6_30 && patches)
		return fail(err, errlen,
			    "kernel profile '%s': the series' patches apply to 2.6.31 and 2.6.32-rc6, not 2.6.30 (the kernel whose behaviour they restore); only 2.6.30-0000000-LABEL is valid",
			    name);
	if (b->base == BASE_2_6_30 && revert)
		return fail(err, errlen,
			    "kernel profile '%s': 8aa7e847 went into 2.6.31; there is nothing to revert in 2.6.30",
			    name);

	p = base_profiles[b->base];
	apply_patches(&p, b->implied | patches);
	if (revert)
		apply_revert_8aa7e847(&p);
	p.force_highorder = highorder;
	snprintf(p.name, sizeof(p.name), "%s", name);
	*out = p;
	return 0;
}

/* ---- naming and describing switches ---------------------------------- */

const char *blk_rw_name(int queue)
{
	switch (queue) {
	case BLK_RW_ASYNC:
		return "ASYNC";
	case BLK_RW_SYNC:
		return "SYNC";
	case BLK_RW_BOTH:
		return "BOTH";
	}
	return "?";
}

enum switch_kind {
	SW_BOOL,
	SW_QUEUE,
	SW_ENUM,
	SW_UINT,
};

static const char *const queue_names[] = { "ASYNC", "SYNC", "BOTH", NULL };
static const char *const bool_names[] = { "0", "1", NULL };
static const char *const restart_names[] = { "TOP", "AFTER_WAKE", "BEFORE_WAKE", NULL };
static const char *const kswapd_sleep_names[] = { "PLAIN", "QUICK_RECHECK", NULL };
static const char *const kswapd_cw_names[] = { "FIXED", "ORDER_ADJUSTED", NULL };
static const char *const lumpy_names[] = { "COSTLY_ONLY", "LUMPY", NULL };
static const char *const v30_v31_names[] = { "V30", "V31", NULL };
static const char *const pcp_names[] = { "SINGLE", "PER_MIGRATETYPE", NULL };
static const char *const fallback_names[] = { "EQ_PAGEBLOCK", "GE_PAGEBLOCK_RANGE", NULL };
static const char *const reclaimable_names[] = { "ALL_LRU", "SWAP_AWARE", NULL };
static const char *const writeback_names[] = { "PDFLUSH", "FLUSHER", NULL };
static const char *const bdp_sleep_names[] = { "CONGESTION_WAIT", "PAUSE_BACKOFF", NULL };
static const char *const bdp_chunk_names[] = { "RATELIMIT_1_5", "DIRTIED_1_5", NULL };
static const char *const vmstat_names[] = { "V30", "V31", "V32", NULL };

/*
 * One switch: where it lives, its value names, what can change it, and the
 * evidence for its value in each base kernel (index: enum base_kernel).
 */
struct switch_desc {
	const char *name;
	enum switch_kind kind;
	size_t offset;
	const char *const *values;
	unsigned int patch;		/* patch number that sets it, or 0 */
	bool revert;			/* revert-8aa7e847 sets it */
	const char *why[NR_BASES];
};

#define SW(field, k, vals, pt, rv, w30, w31, w32) {			\
	.name = #field, .kind = k,					\
	.offset = offsetof(struct kernel_profile, field),		\
	.values = vals, .patch = pt, .revert = rv,			\
	.why = { w30, w31, w32 } }

#define CW_WHY_30 "2.6.30: congestion_wait(WRITE) = SYNC queue (§6.4)"
#define CW_WHY_31 "8aa7e847/373c0a7e (2.6.31): BLK_RW_ASYNC (§6.4)"

static const struct switch_desc switches[] = {
	SW(restart_mode, SW_ENUM, restart_names, 1, false,
	   "2.6.30: restart re-runs the fast path and wakes kswapd (§4.9)",
	   "2.6.31 slowpath: restart label after wake_all_kswapd (§4.5)",
	   "2.6.31 slowpath: restart label after wake_all_kswapd (§4.5)"),
	SW(rt_harder_in_irq, SW_BOOL, bool_names, 2, false,
	   "2.6.30: rt_task && !in_interrupt() (§4.9)",
	   "341ce06f (2.6.31): rt tasks in interrupts get ALLOC_HARDER (§4.4)",
	   "341ce06f (2.6.31): rt tasks in interrupts get ALLOC_HARDER (§4.4)"),
	SW(cw_alloc, SW_QUEUE, queue_names, 3, true,
	   CW_WHY_30, CW_WHY_31, CW_WHY_31),
	SW(cw_direct, SW_QUEUE, queue_names, 3, true,
	   CW_WHY_30, CW_WHY_31, CW_WHY_31),
	SW(cw_kswapd, SW_QUEUE, queue_names, 0, true,
	   CW_WHY_30, CW_WHY_31, CW_WHY_31),
	SW(cw_lumpy, SW_QUEUE, queue_names, 0, true,
	   CW_WHY_30, CW_WHY_31, CW_WHY_31),
	SW(cw_isolated, SW_QUEUE, queue_names, 0, false,
	   "unused: no too_many_isolated wait in 2.6.30",
	   "unused: no too_many_isolated wait in 2.6.31",
	   "rc6: too_many_isolated waits on BLK_RW_ASYNC; a revert of 8aa7e847 leaves it (§6.5, §11.5)"),
	SW(cw_writeback, SW_QUEUE, queue_names, 0, true,
	   CW_WHY_30, CW_WHY_31, CW_WHY_31),
	SW(kswapd_sleep, SW_ENUM, kswapd_sleep_names, 4, false,
	   "kswapd sleeps until woken (§5.12)",
	   "kswapd sleeps until woken (§5.12)",
	   "kswapd sleeps until woken (§5.12)"),
	SW(kswapd_short_sleep_ms, SW_UINT, NULL, 4, false,
	   "P4's HZ/10 nap; unused without P4",
	   "P4's HZ/10 nap; unused without P4",
	   "P4's HZ/10 nap; unused without P4"),
	SW(kswapd_cw_priority, SW_ENUM, kswapd_cw_names, 5, false,
	   "balance_pgdat naps below DEF_PRIORITY-2 (§5.11)",
	   "balance_pgdat naps below DEF_PRIORITY-2 (§5.11)",
	   "balance_pgdat naps below DEF_PRIORITY-2 (§5.11)"),
	SW(lumpy_sync_rule, SW_ENUM, lumpy_names, 0, false,
	   "2.6.30: sync pass only above PAGE_ALLOC_COSTLY_ORDER (§5.6)",
	   "2.6.31: sync pass whenever lumpy reclaim applies (§5.6)",
	   "2.6.31: sync pass whenever lumpy reclaim applies (§5.6)"),
	SW(active_list_rule, SW_ENUM, v30_v31_names, 0, false,
	   "2.6.30 shrink_list (§5.8)", "2.6.31 shrink_list (§5.8)",
	   "2.6.31 shrink_list (§5.8)"),
	SW(noswap_rule, SW_ENUM, v30_v31_names, 0, false,
	   "2.6.30 get_scan_ratio (§5.8)", "2.6.31 get_scan_ratio (§5.8)",
	   "2.6.31 get_scan_ratio (§5.8)"),
	SW(too_many_isolated, SW_BOOL, bool_names, 0, false,
	   "not in 2.6.30", "not in 2.6.31",
	   "2.6.32 merge window: direct reclaim throttles on isolated pages (§5.6)"),
	SW(pcp_layout, SW_ENUM, pcp_names, 0, false,
	   "one pcp list (§3.5)", "one pcp list (§3.5)",
	   "2.6.32: one pcp list per migrate type (§3.5)"),
	SW(fallback_claim, SW_ENUM, fallback_names, 0, false,
	   "__rmqueue_fallback (§3.3)", "__rmqueue_fallback (§3.3)",
	   "2.6.32 __rmqueue_fallback (§3.3)"),
	SW(reserve_cap2, SW_BOOL, bool_names, 0, false,
	   "2.6.30 setup_zone_migrate_reserve (§3.6)",
	   "2.6.31: at most 2 MIGRATE_RESERVE blocks (§3.6)",
	   "2.6.31: at most 2 MIGRATE_RESERVE blocks (§3.6)"),
	SW(reclaimable_def, SW_ENUM, reclaimable_names, 0, false,
	   "zone_lru_pages (§5.13)", "zone_lru_pages (§5.13)",
	   "2.6.32 zone_reclaimable_pages (§5.13)"),
	SW(writeback_engine, SW_ENUM, writeback_names, 0, false,
	   "pdflush (§7.5)", "pdflush (§7.5)",
	   "2.6.32 per-bdi flusher threads (§7.6)"),
	SW(bdp_sleep, SW_ENUM, bdp_sleep_names, 0, false,
	   "balance_dirty_pages congestion_wait (§7.3)",
	   "balance_dirty_pages congestion_wait (§7.3)",
	   "2.6.32 balance_dirty_pages pause (§7.3)"),
	SW(bdp_write_chunk, SW_ENUM, bdp_chunk_names, 0, false,
	   "§7.3", "§7.3", "2.6.32 (§7.3)"),
	SW(kmem_tracepoints, SW_BOOL, bool_names, 0, false,
	   "no kmem page events in 2.6.30 (§8.6)",
	   "no kmem page events in 2.6.31 (§8.6)",
	   "2.6.32 kmem mm_page_* events (§8.6)"),
	SW(vmstat_fields, SW_ENUM, vmstat_names, 0, false,
	   "2.6.30 /proc/vmstat and show_mem fields (§8.1, §8.5)",
	   "2.6.31 /proc/vmstat and show_mem fields (§8.1, §8.5)",
	   "2.6.32 /proc/vmstat and show_mem fields (§8.1, §8.5)"),
	SW(force_highorder, SW_BOOL, bool_names, 0, false, NULL, NULL, NULL),
};

#define NR_SWITCHES (sizeof(switches) / sizeof(switches[0]))

static int switch_get(const struct kernel_profile *p,
		      const struct switch_desc *s)
{
	const char *field = (const char *)p + s->offset;

	switch (s->kind) {
	case SW_BOOL:
		return *(const bool *)field;
	case SW_UINT:
		return (int)*(const unsigned int *)field;
	default:
		return *(const int *)field;
	}
}

static void switch_put(struct kernel_profile *p, const struct switch_desc *s,
		       int v)
{
	char *field = (char *)p + s->offset;

	switch (s->kind) {
	case SW_BOOL:
		*(bool *)field = v;
		break;
	case SW_UINT:
		*(unsigned int *)field = (unsigned int)v;
		break;
	default:
		*(int *)field = v;
		break;
	}
}

static const char *switch_text(const struct kernel_profile *p,
			       const struct switch_desc *s,
			       char *buf, size_t len)
{
	int v = switch_get(p, s);

	if (s->kind == SW_UINT) {
		snprintf(buf, len, "%d", v);
		return buf;
	}
	return s->values[v];
}

static const struct switch_desc *switch_find(const char *name)
{
	for (size_t i = 0; i < NR_SWITCHES; i++)
		if (!strcmp(switches[i].name, name))
			return &switches[i];
	return NULL;
}

const char *profile_switch_value(const struct kernel_profile *p,
				 const char *name, char *buf, size_t len)
{
	const struct switch_desc *s = switch_find(name);

	return s ? switch_text(p, s, buf, len) : NULL;
}

int profile_set_switch(struct kernel_profile *p, const char *name,
		       const char *value, char *err, size_t errlen)
{
	const struct switch_desc *s = switch_find(name);
	char *end;

	if (!s)
		return fail(err, errlen, "unknown profile switch '%s'", name);
	if (s->kind == SW_UINT) {
		unsigned long v = strtoul(value, &end, 10);

		if (!*value || *end || v > 100000)
			return fail(err, errlen,
				    "bad value '%s' for %s: expected milliseconds 0-100000",
				    value, name);
		switch_put(p, s, (int)v);
		return 0;
	}
	if (s->kind == SW_BOOL) {
		if (!strcasecmp(value, "yes") || !strcasecmp(value, "true") ||
		    !strcmp(value, "1")) {
			switch_put(p, s, 1);
			return 0;
		}
		if (!strcasecmp(value, "no") || !strcasecmp(value, "false") ||
		    !strcmp(value, "0")) {
			switch_put(p, s, 0);
			return 0;
		}
		return fail(err, errlen, "bad value '%s' for %s: expected 0 or 1",
			    value, name);
	}
	for (int i = 0; s->values[i]; i++) {
		if (!strcasecmp(value, s->values[i])) {
			switch_put(p, s, i);
			return 0;
		}
	}
	{
		char list[160] = "";

		for (int i = 0; s->values[i]; i++) {
			size_t n = strlen(list);

			snprintf(list + n, sizeof(list) - n, "%s%s",
				 i ? ", " : "", s->values[i]);
		}
		return fail(err, errlen, "bad value '%s' for %s: expected %s",
			    value, name, list);
	}
}

static enum base_kernel base_of(const struct kernel_profile *p)
{
	if (p->base && !strcmp(p->base, "2.6.30"))
		return BASE_2_6_30;
	if (p->base && !strcmp(p->base, "2.6.31"))
		return BASE_2_6_31;
	return BASE_2_6_32_RC6;
}

/* Why switch @s has its value in @p: the patch or revert that set it, a
 * manual override, or the base kernel's evidence. */
static void switch_origin(const struct kernel_profile *p,
			  const struct switch_desc *s, char *buf, size_t len)
{
	enum base_kernel b = base_of(p);
	struct kernel_profile ref = base_profiles[b];
	/* "2.6.32..." but not "2.6.32-rc6...": the final release. */
	bool merged = !strncmp(p->name, "2.6.32", 6) &&
		      strncmp(p->name, "2.6.32-rc6", 10);

	if (s->offset == offsetof(struct kernel_profile, force_highorder)) {
		snprintf(buf, len, "%s",
			 p->force_highorder ?
			 "2009 test hack: network receive always order-2 GFP_ATOMIC (every table row)" :
			 "stock kernel: network receive uses the driver's own sizes");
		return;
	}
	apply_patches(&ref, p->patches);
	if (p->revert_8aa7e847)
		apply_revert_8aa7e847(&ref);
	if (switch_get(p, s) != switch_get(&ref, s)) {
		snprintf(buf, len, "set by hand (the profile's name gives %s)",
			 switch_text(&ref, s, (char[16]){ 0 }, 16));
		return;
	}
	if (s->patch && (p->patches & P(s->patch))) {
		snprintf(buf, len, "P%u%s: %s", s->patch,
			 merged && s->patch <= 2 ? " (merged for 2.6.32)" : "",
			 patch_titles[s->patch - 1]);
		return;
	}
	if (s->revert && p->revert_8aa7e847) {
		snprintf(buf, len,
			 "revert of 8aa7e847: back on the SYNC queue as in 2.6.30 (§6.4, §6.5)");
		return;
	}
	snprintf(buf, len, "%s", s->why[b]);
}

void profile_describe(const struct kernel_profile *p,
		      void (*emit)(void *ctx, const char *line), void *ctx)
{
	char line[320], val[16], origin[224], pl[32] = "";

	snprintf(line, sizeof(line), "%-22s %s", "kernel", p->name);
	emit(ctx, line);
	snprintf(line, sizeof(line), "%-22s %s", "base", p->base);
	emit(ctx, line);
	for (int n = 1; n <= NR_PATCHES; n++) {
		size_t len = strlen(pl);

		if (p->patches & P(n))
			snprintf(pl + len, sizeof(pl) - len, "%sP%d",
				 len ? " " : "", n);
	}
	snprintf(line, sizeof(line), "%-22s %s", "patches", *pl ? pl : "none");
	emit(ctx, line);
	snprintf(line, sizeof(line), "%-22s %s", "revert_8aa7e847",
		 p->revert_8aa7e847 ? "1" : "0");
	emit(ctx, line);
	for (size_t i = 0; i < NR_SWITCHES; i++) {
		const struct switch_desc *s = &switches[i];

		switch_origin(p, s, origin, sizeof(origin));
		snprintf(line, sizeof(line), "%-22s %-18s %s", s->name,
			 switch_text(p, s, val, sizeof(val)), origin);
		emit(ctx, line);
	}
}
