// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel profiles: the three base kernels of the 2009 tables, the five
 * patches of "Reduce GFP_ATOMIC allocation failures" (V3), Chris Mason's
 * dm-crypt patch (digit 6 of the 13 and 19 Nov tables), the revert of
 * 8aa7e847 and the later CFQ commits 573412b and 4b27e1bb442, expressed as
 * the switches of struct kernel_profile; and the parser for the tables'
 * row names.
 *
 * The switches, their values in each base kernel, what each patch and the
 * revert change, and the evidence are one list, mmsim/profile_switches.h;
 * everything here is made from it.  The values were read in 2.6.30,
 * 2.6.31.3 and 2.6.32.9 (docs/profiles.md records the evidence).
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "mmsim/profile.h"
#include "mmsim/boot_params.h"
#include "mmsim/kstate.h"
#include "metrics/metrics.h"

#define P(n)		(1u << ((n) - 1))
#define NR_PATCHES	6
#define PATCH_DIGITS	7

enum base_kernel {
	BASE_2_6_30,
	BASE_2_6_31,
	BASE_2_6_32_RC6,
	NR_BASES
};

/*
 * One base kernel's switch values as designated initializers; PICK()
 * chooses the 2.6.30, 2.6.31 or 2.6.32-rc6 column of
 * mmsim/profile_switches.h.
 */
#define SWITCH_ENUM(field, prefix, values, v30, v31, v32, ...)		\
	.field = PROFILE_PASTE(prefix##_, PICK(v30, v31, v32)),
#define SWITCH_QUEUE(field, v30, v31, v32, ...)				\
	.field = PROFILE_PASTE(BLK_RW_, PICK(v30, v31, v32)),
#define SWITCH_BOOL(field, v30, v31, v32, ...)				\
	.field = PICK(v30, v31, v32),
#define SWITCH_UINT(field, v30, v31, v32, ...)				\
	.field = PICK(v30, v31, v32),

/* 2.6.32-rc6 vanilla, the base of the series, is mmsim's default kernel. */
#define PICK(v30, v31, v32) v32
struct kernel_profile kprofile = {
	.name = "2.6.32-rc6",
	.base = "2.6.32-rc6",
	.release = "2.6.32-rc6",
#include "mmsim/profile_switches.h"
};

static const struct kernel_profile base_profiles[NR_BASES] = {
	[BASE_2_6_32_RC6] = {
		.name = "2.6.32-rc6",
		.base = "2.6.32-rc6",
		.release = "2.6.32-rc6",
#include "mmsim/profile_switches.h"
	},
#undef PICK
#define PICK(v30, v31, v32) v31
	[BASE_2_6_31] = {
		.name = "2.6.31",
		.base = "2.6.31",
		.release = "2.6.31",
#include "mmsim/profile_switches.h"
	},
#undef PICK
#define PICK(v30, v31, v32) v30
	[BASE_2_6_30] = {
		.name = "2.6.30",
		.base = "2.6.30",
		.release = "2.6.30",
#include "mmsim/profile_switches.h"
	},
#undef PICK
};

#undef SWITCH_ENUM
#undef SWITCH_QUEUE
#undef SWITCH_BOOL
#undef SWITCH_UINT

static const char *const patch_titles[NR_PATCHES] = {
	"page allocator: Always wake kswapd when restarting an allocation attempt after direct reclaim failed",
	"page allocator: Do not allow interrupts to use ALLOC_HARDER",
	"page allocator: Wait on both sync and async congestion after direct reclaim",
	"vmscan: Have kswapd sleep for a short interval and double check it should be asleep",
	"vmscan: Take order into consideration when deciding if kswapd is in trouble",
	/* Not of the series: Mel Gorman's tables number it 6 (13 Nov 2009,
	 * <20091113173446.GL29804@csn.ul.ie>, which quotes it in full). */
	"dm-crypt: \"make crypto unplug fix V3\" (Chris Mason, <20091113125812.GB7891@think>)",
};

/* The commits of enum profile_commit: id, title, author and where it
 * landed (the first release of the 2.6.32.y history that has it, and the
 * upstream id of a stable backport). */
static const struct {
	const char *id;
	const char *title;
	const char *where;
} commit_table[NR_COMMITS] = {
	[COMMIT_F685CEA] = {
		"f685ceacab07d3f6c236f04803e2f2f0dbcc5afb",
		"sched: Strengthen buddies and mitigate buddy induced latencies",
		"Mike Galbraith, 2.6.32-rc7",
	},
	[COMMIT_4B27E1B] = {
		"4b27e1bb442e964903f8a3fa6bdf33a602dc0941",
		"cfq-iosched: limit coop preemption",
		"Shaohua Li, 2.6.32-rc7",
	},
	[COMMIT_E6EC4FE] = {
		"e6ec4fe24572ee265723d895ec4159e5559c8266",
		"cfq-iosched: fix bad return value cfq_should_preempt()",
		"Jens Axboe, 2.6.32-rc7",
	},
	[COMMIT_FE8BC91] = {
		"fe8bc91c4c30122b357d197117705cfd4fabaf28",
		"ext3: Wait for proper transaction commit on fsync",
		"Jan Kara, 2.6.32-rc7",
	},
	[COMMIT_C2F1953] = {
		"c2f1953231c6e99777633761c3bc0d2ca7ead20a",
		"sched: Check for an idle shared cache in select_task_rq_fair()",
		"Mike Galbraith, 2.6.32.2 (upstream a1f84a3ab8e0)",
	},
	[COMMIT_ECE1254] = {
		"ece125459cc4ea8ec5344a2d12cee4b42602b822",
		"sched: Fix affinity logic in select_task_rq_fair()",
		"Mike Galbraith, 2.6.32.2 (upstream fd210738f660)",
	},
	[COMMIT_37ED2D7] = {
		"37ed2d7007a65874850f3e357c095806c3756330",
		"sched: Rate-limit newidle",
		"Mike Galbraith, 2.6.32.2 (upstream 1b9508f6831e)",
	},
	[COMMIT_35C1EE3] = {
		"35c1ee3e78766d5666f418af638def9c67e63ecb",
		"sched: Fix and clean up rate-limit newidle code",
		"Mike Galbraith, 2.6.32.2 (upstream eae0c9dfb534)",
	},
	[COMMIT_B2EA8CB] = {
		"b2ea8cb9c8f1937cb80b9beb50548a05bfc37819",
		"vmscan: do not evict inactive pages when skipping an active list scan",
		"Rik van Riel, 2.6.32.3 (upstream b39415b2731d)",
	},
	[COMMIT_8E04C81] = {
		"8e04c81a2240ac2fc5d9efe804388526331ccac7",
		"sched: Select_task_rq_fair() must honour SD_LOAD_BALANCE",
		"Peter Zijlstra, 2.6.32.3 (upstream e4f4288842ee)",
	},
	[COMMIT_14AE082] = {
		"14ae08205860c0a902639ed2c0a601eef9c6d171",
		"sched: Fix task_hot() test order",
		"Peter Zijlstra, 2.6.32.3 (upstream e6c8fba77715)",
	},
	[COMMIT_C91AB04] = {
		"c91ab0438c6700e4be078d64cfb01879986e3bde",
		"page allocator: update NR_FREE_PAGES only when necessary",
		"KOSAKI Motohiro, 2.6.32.5 (upstream 6ccf80eb15cc)",
	},
	[COMMIT_0B3BF81] = {
		"0b3bf81197f05e1bf0ed93c5f2525030b127faaa",
		"mm: fix migratetype bug which slowed swapping",
		"Hugh Dickins, 2.6.32.8 (upstream a7016235a61d)",
	},
	[COMMIT_573412B] = {
		"573412b29586e58477adb70e022193a337763319",
		"cfq-iosched: reduce write depth only if sync was delayed",
		"Corrado Zoccolo, 2.6.33-rc1",
	},
};

/* Commits a name may add with +ID (at least 7 hex digits of the id). */
static const enum profile_commit named_commits[] = { COMMIT_573412B };

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

#define MSG_13NOV	"<20091113173446.GL29804@csn.ul.ie> (13 Nov 2009)"
#define MSG_19NOV	"<20091119081219.GB1119@csn.ul.ie> (19 Nov 2009)"
#define DM_PATCH	"Chris Mason's dm-crypt patch <20091113125812.GB7891@think>"

const struct profile_row profile_later_rows[] = {
	{ "2.6.31-0000006-dm-crypt-unplug",
	  DM_PATCH " alone; tables " MSG_13NOV ", " MSG_19NOV },
	{ "2.6.31-0012345-kswapd-stay-awake-when-min",
	  "patches 1-5; table " MSG_19NOV },
	{ "2.6.31-0123456-dm-crypt-unplug",
	  "patches 1-5 + " DM_PATCH "; tables " MSG_13NOV ", " MSG_19NOV },
	{ "2.6.32-rc6-0000006-dm-crypt-unplug",
	  DM_PATCH " alone; tables " MSG_13NOV ", " MSG_19NOV },
	{ "2.6.32-rc6-0012345-kswapd-stay-awake-when-min",
	  "patches 1-5; table " MSG_19NOV },
	{ "2.6.32-rc6-0123456-dm-crypt-unplug",
	  "patches 1-5 + " DM_PATCH "; tables " MSG_13NOV ", " MSG_19NOV },
	{ "2.6.32-rc6+573412b",
	  "commit 573412b29586 \"cfq-iosched: reduce write depth only if sync was delayed\" (Corrado Zoccolo, 2.6.33-rc1)" },
	{ "2.6.32-rc6-0000006-dm-crypt-unplug+573412b",
	  DM_PATCH " and commit 573412b29586" },
};
const size_t profile_later_nr_rows =
	sizeof(profile_later_rows) / sizeof(profile_later_rows[0]);

/* Every row name of the 13 Nov and 19 Nov tables (both arches). */
const char *const profile_record_rows[] = {
	"2.6.30-0000000-force-highorder",
	"2.6.31-0000000-force-highorder",
	"2.6.31-0000006-dm-crypt-unplug",
	"2.6.31-0000012-pgalloc-2.6.30",
	"2.6.31-0000123-congestion-both",
	"2.6.31-0001234-kswapd-quick-recheck",
	"2.6.31-0012345-kswapd-stay-awake-when-min",
	"2.6.31-0123456-dm-crypt-unplug",
	"2.6.31-revert-8aa7e847",
	"2.6.32-rc6-0000000-force-highorder",
	"2.6.32-rc6-0000006-dm-crypt-unplug",
	"2.6.32-rc6-0000012-pgalloc-2.6.30",
	"2.6.32-rc6-0000123-congestion-both",
	"2.6.32-rc6-0001234-kswapd-quick-recheck",
	"2.6.32-rc6-0012345-kswapd-stay-awake-when-min",
	"2.6.32-rc6-0123456-dm-crypt-unplug",
	"2.6.32-rc6-revert-8aa7e847",
};
const size_t profile_record_nr_rows =
	sizeof(profile_record_rows) / sizeof(profile_record_rows[0]);

void profile_set_default(void)
{
	kprofile = base_profiles[BASE_2_6_32_RC6];
}

/*
 * The profile with the scenario's tunables on it: kswapd's short sleep
 * (P4's schedule_timeout(HZ/10), which a scenario may lengthen) and CFQ's
 * low_latency, which 2.6.32 block/cfq-iosched.c cfq_init_queue() sets on
 * and sysfs may turn off; a kernel without the tunable
 * (LOW_LATENCY_ABSENT) stays without it.  The switch reads count from
 * here, the machine's boot.
 */
void profile_setup(const struct boot_params *bp)
{
	profile_reads_reset();
	kprofile = bp->profile;
	if (bp->kswapd_short_sleep)
		kprofile.kswapd_short_sleep_ms =
			(unsigned int)(bp->kswapd_short_sleep / NSEC_PER_MSEC);
	if (bp->low_latency != BOOT_LOW_LATENCY_DEFAULT &&
	    kprofile.low_latency != LOW_LATENCY_ABSENT)
		kprofile.low_latency = bp->low_latency ? LOW_LATENCY_ON :
							 LOW_LATENCY_OFF;
}

/* ---- the switches --------------------------------------------------- */

enum switch_kind {
	SW_BOOL,
	SW_QUEUE,
	SW_ENUM,
	SW_UINT,
};

static const char *const queue_names[] = { "ASYNC", "SYNC", "BOTH", NULL };
static const char *const bool_names[] = { "0", "1", NULL };

/* The ENUM switches' value names: restart_mode_names[] = { "TOP", ... }. */
#define PROFILE_VALUE_NAME(prefix, value) #value,
#define SWITCH_ENUM(field, prefix, values, ...)				\
	static const char *const field##_names[] = {			\
		PROFILE_MAP(PROFILE_VALUE_NAME, prefix, values) NULL	\
	};
#define SWITCH_QUEUE(...)
#define SWITCH_BOOL(...)
#define SWITCH_UINT(...)
#include "mmsim/profile_switches.h"
#undef SWITCH_ENUM
#undef SWITCH_QUEUE
#undef SWITCH_BOOL
#undef SWITCH_UINT

/* One switch (mmsim/profile_switches.h describes the fields after
 * .values). */
struct profile_switch {
	const char *name;
	enum switch_kind kind;
	size_t offset;
	const char *const *values;	/* value names; NULL: a number */
	unsigned int patch;		/* the patch that changes it, or 0 */
	int patch_sets;			/* its value with that patch */
	struct {
		enum profile_commit id;	/* a commit that changes it */
		int sets;		/* its value with that commit */
	} commits[SWITCH_MAX_COMMITS];	/* ended by COMMIT_NONE */
	bool revert;			/* revert-8aa7e847 puts it on SYNC */
	const char *column;		/* heading in 'mmsim profiles', or NULL */
	const char *why[NR_BASES];	/* evidence per base kernel */
	const char *by_name[2];		/* set by the name: text for 0, 1 */
	const char *group;		/* its subsystem (profile_switch_group) */
	unsigned int max;		/* SW_UINT: the largest value a scenario
					 * or --switch may set */
};

#define SWITCH_(field, k, vals, ...) {					\
	.name = #field, .kind = k,					\
	.offset = offsetof(struct kernel_profile, field),		\
	.values = vals, __VA_ARGS__ },
#define SWITCH_ENUM(field, prefix, values, v30, v31, v32, ...)		\
	SWITCH_(field, SW_ENUM, field##_names, __VA_ARGS__)
#define SWITCH_QUEUE(field, v30, v31, v32, ...)				\
	SWITCH_(field, SW_QUEUE, queue_names, __VA_ARGS__)
#define SWITCH_BOOL(field, v30, v31, v32, ...)				\
	SWITCH_(field, SW_BOOL, bool_names, __VA_ARGS__)
#define SWITCH_UINT(field, v30, v31, v32, ...)				\
	SWITCH_(field, SW_UINT, NULL, __VA_ARGS__)
static const struct profile_switch switches[] = {
#include "mmsim/profile_switches.h"
};
#undef SWITCH_
#undef SWITCH_ENUM
#undef SWITCH_QUEUE
#undef SWITCH_BOOL
#undef SWITCH_UINT

#define NR_SWITCHES (sizeof(switches) / sizeof(switches[0]))
_Static_assert(NR_SWITCHES == NR_PROFILE_SWITCHES, "one id per switch");

static int switch_get(const struct kernel_profile *p,
		      const struct profile_switch *s)
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

static void switch_put(struct kernel_profile *p, const struct profile_switch *s,
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

/* Each patch in @patches sets the switches it changes (.patch_sets). */
static void apply_patches(struct kernel_profile *p, unsigned int patches)
{
	p->patches |= patches;
	for (size_t i = 0; i < NR_SWITCHES; i++)
		if (switches[i].patch && (patches & P(switches[i].patch)))
			switch_put(p, &switches[i], switches[i].patch_sets);
}

/* The value commit @c gives switch @s, or -1 if @c leaves it alone. */
static int commit_sets(const struct profile_switch *s, enum profile_commit c)
{
	for (int j = 0; j < SWITCH_MAX_COMMITS && s->commits[j].id; j++)
		if (s->commits[j].id == c)
			return s->commits[j].sets;
	return -1;
}

/* Each commit in @commit_bits sets the switches it changes, in the order
 * the commits landed (enum profile_commit's order), so that a later fix
 * of the same code wins. */
static void apply_commits(struct kernel_profile *p, unsigned int commit_bits)
{
	p->commits |= commit_bits;
	for (int c = COMMIT_NONE + 1; c < NR_COMMITS; c++) {
		if (!(commit_bits & (1u << c)))
			continue;
		for (size_t i = 0; i < NR_SWITCHES; i++) {
			int v = commit_sets(&switches[i], c);

			if (v >= 0)
				switch_put(p, &switches[i], v);
		}
	}
}

/*
 * Revert of 8aa7e847 (and its companion 373c0a7e): every call site that
 * existed in 2.6.31 goes back to the SYNC queue, as in 2.6.30.  2.6.32's
 * too_many_isolated wait was written after the commit, and a mechanical
 * revert leaves it on ASYNC (how the series' author reverted it is not
 * known: docs/profiles.md, cw_isolated).
 */
static void apply_revert_8aa7e847(struct kernel_profile *p)
{
	p->revert_8aa7e847 = true;
	for (size_t i = 0; i < NR_SWITCHES; i++)
		if (switches[i].revert)
			switch_put(p, &switches[i], BLK_RW_SYNC);
}

/* ---- parsing --------------------------------------------------------- */

#define VALID_FORMS							\
	"valid forms: 2.6.30, 2.6.31, 2.6.32-rc6, 2.6.32 (= rc6+1+2 and "\
	"the rc7/rc8 fixes), 2.6.32.9; "					\
	"BASE-revert-8aa7e847; BASE-DDDDDDD-LABEL with 7 digits naming "\
	"patches 1-6 and the label the record's tables give them (e.g. "\
	"2.6.32-rc6-0000123-congestion-both, "				\
	"2.6.32-rc6-0000006-dm-crypt-unplug); "				\
	"BASE+N[+N...][+force-highorder] (e.g. 2.6.32-rc6+1+2+3); "	\
	"any of them ending in +573412b on a 2.6.32 base; "		\
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
	enum base_kernel base;	/* the tag it is built on */
	unsigned int implied;	/* patches already merged in that release */
	unsigned int implied_commits;	/* later commits it has */
};

#define C(x)	(1u << COMMIT_##x)
/* What 2.6.32 final has beyond v2.6.32-rc6 (git log b419148e567..v2.6.32
 * over mm/, kernel/sched*.c, block/, drivers/md/, fs/ext3, fs/jbd): */
#define RELEASE_2_6_32_COMMITS	(C(F685CEA) | C(4B27E1B) | C(E6EC4FE) | C(FE8BC91))
/* ... and what 2.6.32.9 adds over the same paths (v2.6.32..7f5e918e62c). */
#define RELEASE_2_6_32_9_COMMITS					\
	(RELEASE_2_6_32_COMMITS | C(C2F1953) | C(ECE1254) | C(37ED2D7) |	\
	 C(35C1EE3) | C(B2EA8CB) | C(8E04C81) | C(14AE082) | C(C91AB04) |	\
	 C(0B3BF81))

/* Longest prefix first: "2.6.32-rc6" must win over "2.6.32". */
static const struct base_name base_names[] = {
	{ "2.6.32-rc6", BASE_2_6_32_RC6, 0, 0 },
	/* The stable release whose mm/ earlier versions of mmsim read. */
	{ "2.6.32.9", BASE_2_6_32_RC6, P(1) | P(2), RELEASE_2_6_32_9_COMMITS },
	/*
	 * 2.6.32 final (22763c5cf36) merged P1 and P2 (cc4a6851466,
	 * 9d0ed60fe9c: v2.6.32 mm/page_alloc.c has the restart label before
	 * wake_all_kswapd() in __alloc_pages_slowpath() and "rt_task(p) &&
	 * !in_interrupt()" in gfp_to_alloc_flags()) and the rc7/rc8 commits
	 * above.
	 */
	{ "2.6.32", BASE_2_6_32_RC6, P(1) | P(2), RELEASE_2_6_32_COMMITS },
	{ "2.6.31", BASE_2_6_31, 0, 0 },
	{ "2.6.30", BASE_2_6_30, 0, 0 },
};

/*
 * Strip trailing "+ID" commit suffixes (573412b) from @name into
 * @commit_bits; returns the length of what is left.
 */
static size_t strip_commits(const char *name, unsigned int *commit_bits)
{
	size_t len = strlen(name);

	*commit_bits = 0;
	for (;;) {
		const char *plus = NULL;
		bool found = false;

		for (size_t i = len; i-- > 0;)
			if (name[i] == '+') {
				plus = name + i;
				break;
			}
		if (!plus)
			return len;
		for (size_t c = 0; c < sizeof(named_commits) /
					sizeof(named_commits[0]); c++) {
			const char *id = commit_table[named_commits[c]].id;
			size_t n = (size_t)(name + len - plus - 1);

			if (n >= 7 && n <= strlen(id) &&
			    !strncasecmp(plus + 1, id, n)) {
				*commit_bits |= 1u << named_commits[c];
				found = true;
			}
		}
		if (!found)
			return len;
		len = (size_t)(plus - name);
	}
}

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
				    "bad kernel profile '%s': after '+' expected a patch number 1-6, 'force-highorder' or a commit (573412b) (%s)",
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

/*
 * The labels the record's tables give each set of patch digits (the cover
 * letter; 13 Nov, <20091113173446.GL29804@csn.ul.ie>; 19 Nov,
 * <20091119081219.GB1119@csn.ul.ie>).  A table-form name must use one of
 * them, so that a typo or a label that names other patches
 * ("2.6.31-0000012-congestion-both") never runs another kernel silently;
 * other patch sets are written in the plain form (2.6.31+1+3+5).
 */
static const struct {
	const char *digits;
	const char *label;
} record_labels[] = {
	{ "0000000", "force-highorder" },
	{ "0000012", "pgalloc-2.6.30" },
	{ "0000123", "congestion-both" },
	{ "0001234", "kswapd-quick-recheck" },
	{ "0012345", "adjust-priority" },
	{ "0012345", "kswapd-stay-awake-when-min" },
	{ "0000006", "dm-crypt-unplug" },
	{ "0123456", "dm-crypt-unplug" },
};
#define NR_RECORD_LABELS (sizeof(record_labels) / sizeof(record_labels[0]))

/* The record's labels for @digits, "a" or "a' or 'b", in @buf; false if
 * none of its tables has those digits. */
static bool labels_of(const char *digits, char *buf, size_t len)
{
	size_t n = 0;

	*buf = 0;
	for (size_t i = 0; i < NR_RECORD_LABELS; i++) {
		if (strncmp(record_labels[i].digits, digits, PATCH_DIGITS))
			continue;
		n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "%s%s",
				      n ? "' or '" : "", record_labels[i].label);
	}
	return n > 0;
}

static int parse_name(const char *name, struct kernel_profile *out,
		      char *err, size_t errlen);

/* Edit distance, for the closest valid name to a refused one. */
static size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), row[128];

	if (lb >= sizeof(row) / sizeof(row[0]))
		return (size_t)-1;
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];

		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t best = diag + (a[i - 1] != b[j - 1]);

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

/*
 * The valid name closest to @name among every release, revert and table
 * row of the record on every base that takes it, in @buf; false if none
 * is within a quarter of its length (a guess further off helps nobody).
 */
static bool closest_name(const char *name, char *buf, size_t len)
{
	static const char *const bases[] = {
		"2.6.30", "2.6.31", "2.6.32-rc6", "2.6.32", "2.6.32.9",
	};
	size_t best = (size_t)-1;
	char cand[128];

	for (size_t b = 0; b < sizeof(bases) / sizeof(bases[0]); b++) {
		for (size_t i = 0; i < NR_RECORD_LABELS + 2; i++) {
			struct kernel_profile p;
			size_t d;

			if (i == NR_RECORD_LABELS)
				snprintf(cand, sizeof(cand), "%s", bases[b]);
			else if (i == NR_RECORD_LABELS + 1)
				snprintf(cand, sizeof(cand), "%s-revert-8aa7e847",
					 bases[b]);
			else
				snprintf(cand, sizeof(cand), "%s-%s-%s", bases[b],
					 record_labels[i].digits,
					 record_labels[i].label);
			if (parse_name(cand, &p, NULL, 0))
				continue;
			d = edit_distance(name, cand);
			if (d < best) {
				best = d;
				snprintf(buf, len, "%s", cand);
			}
		}
	}
	return best != (size_t)-1 && best > 0 && best * 4 <= strlen(name);
}

int profile_parse(const char *name, struct kernel_profile *out,
		  char *err, size_t errlen)
{
	char guess[128];
	size_t n;

	if (!parse_name(name, out, err, errlen))
		return 0;
	if (err && errlen && name && closest_name(name, guess, sizeof(guess))) {
		n = strlen(err);
		snprintf(err + n, errlen - n, "; did you mean '%s'?", guess);
	}
	return -1;
}

static int parse_name(const char *name, struct kernel_profile *out,
		      char *err, size_t errlen)
{
	const struct base_name *b = NULL;
	struct kernel_profile p;
	unsigned int patches = 0, commit_bits = 0;
	bool revert = false, highorder = false;
	char body[sizeof(p.name)];
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
			    "unknown kernel profile '%s': the base must be 2.6.30, 2.6.31, 2.6.32-rc6, 2.6.32 or 2.6.32.9 (%s)",
			    name, VALID_FORMS);
	/* "...+573412b": commits after the rest of the name. */
	snprintf(body, sizeof(body), "%.*s",
		 (int)strip_commits(name, &commit_bits), name);
	rest = body + strlen(b->prefix);

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
				    "bad patch digits '%.7s' in '%s': each of 1-6 at most once, increasing, right-aligned, zeros before (0000012 = patches 1+2, 0000006 = the dm-crypt patch alone, 0000000 = none)",
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
			    "kernel profile '%s': the series' patches and the dm-crypt patch (6) apply to 2.6.31 and 2.6.32-rc6, not 2.6.30 (the kernel whose behaviour the series restores); only 2.6.30-0000000-LABEL is valid",
			    name);
	if (b->base != BASE_2_6_32_RC6 && (commit_bits & (1u << COMMIT_573412B)))
		return fail(err, errlen,
			    "kernel profile '%s': 573412b (\"cfq-iosched: reduce write depth only if sync was delayed\", 2.6.33-rc1) changes CFQ's low_latency async ramp, which appeared in 2.6.32; %s has no low_latency",
			    name, b->prefix);
	if (b->base == BASE_2_6_30 && revert)
		return fail(err, errlen,
			    "kernel profile '%s': 8aa7e847 went into 2.6.31; there is nothing to revert in 2.6.30",
			    name);
	if (rest[0] == '-' && !revert) {
		const char *digits = rest + 1, *label = rest + 2 + PATCH_DIGITS;
		char labels[96];
		bool ok = false;

		for (size_t i = 0; i < NR_RECORD_LABELS; i++)
			ok |= !strncmp(record_labels[i].digits, digits,
				       PATCH_DIGITS) &&
			      !strcmp(record_labels[i].label, label);
		if (!ok && labels_of(digits, labels, sizeof(labels)))
			return fail(err, errlen,
				    "kernel profile '%s': the record's tables label %.7s '%s', not '%s' (a label names the patches its digits apply)",
				    name, digits, labels, label);
		if (!ok)
			return fail(err, errlen,
				    "kernel profile '%s': no table of the record has the patches %.7s; write them in the plain form (e.g. 2.6.32-rc6+1+3+5+force-highorder)",
				    name, digits);
	}

	p = base_profiles[b->base];
	p.release = b->prefix;
	apply_patches(&p, b->implied | patches);
	apply_commits(&p, b->implied_commits | commit_bits);
	if (revert)
		apply_revert_8aa7e847(&p);
	p.force_highorder = highorder;
	snprintf(p.name, sizeof(p.name), "%s", name);
	*out = p;
	return 0;
}

/* ---- naming and describing switches -------------------------------- */

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

static const char *switch_text(const struct kernel_profile *p,
			       const struct profile_switch *s,
			       char *buf, size_t len)
{
	int v = switch_get(p, s);

	if (s->kind == SW_UINT) {
		snprintf(buf, len, "%d", v);
		return buf;
	}
	return s->values[v];
}

static const struct profile_switch *switch_find(const char *name)
{
	for (size_t i = 0; i < NR_SWITCHES; i++)
		if (!strcmp(switches[i].name, name))
			return &switches[i];
	return NULL;
}

const char *profile_switch_name(size_t i)
{
	return i < NR_SWITCHES ? switches[i].name : NULL;
}

const char *profile_switch_group(size_t i)
{
	if (i >= NR_SWITCHES)
		return NULL;
	return switches[i].group ? switches[i].group : switches[i].name;
}

const char *profile_switch_value(const struct kernel_profile *p,
				 const char *name, char *buf, size_t len)
{
	const struct profile_switch *s = switch_find(name);

	return s ? switch_text(p, s, buf, len) : NULL;
}

int profile_set_switch(struct kernel_profile *p, const char *name,
		       const char *value, char *err, size_t errlen)
{
	const struct profile_switch *s = switch_find(name);
	char *end;

	if (!s)
		return fail(err, errlen, "unknown profile switch '%s'", name);
	if (s->kind == SW_UINT) {
		unsigned long v;

		errno = 0;
		v = strtoul(value, &end, 10);
		if (!isdigit((unsigned char)*value) || *end || errno ||
		    v > s->max)
			return fail(err, errlen,
				    "bad value '%s' for %s: expected a whole number 0-%u",
				    value, name, s->max);
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

int profile_set_switches(struct kernel_profile *p, const char *list,
			 char *err, size_t errlen)
{
	const char *s = list ? list : "";

	for (;;) {
		char item[160], name[64], why[256];
		const char *eq;
		size_t n;

		s += strspn(s, " \t");
		if (!*s)
			return 0;
		n = strcspn(s, " \t");
		if (n >= sizeof(item))
			return fail(err, errlen, "switch setting '%.40s...' too long",
				    s);
		memcpy(item, s, n);
		item[n] = 0;
		s += n;
		eq = strchr(item, '=');
		if (!eq || eq == item || (size_t)(eq - item) >= sizeof(name))
			return fail(err, errlen,
				    "'%s': expected NAME=VALUE, a profile switch and its value (e.g. cw_alloc=BOTH; 'mmsim profiles 2.6.32-rc6' lists them)",
				    item);
		snprintf(name, sizeof(name), "%.*s", (int)(eq - item), item);
		if (profile_set_switch(p, name, eq + 1, why, sizeof(why)))
			return fail(err, errlen, "'%s': %s", item, why);
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
			  const struct profile_switch *s, char *buf, size_t len)
{
	enum base_kernel b = base_of(p);
	struct kernel_profile ref = base_profiles[b];
	/* A release after its tag (2.6.32, 2.6.32.9) merged P1 and P2. */
	bool merged = p->release && strcmp(p->release, p->base);

	if (s->by_name[0]) {
		snprintf(buf, len, "%s", s->by_name[switch_get(p, s) != 0]);
		return;
	}
	apply_patches(&ref, p->patches);
	apply_commits(&ref, p->commits);
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
	/* The last commit applied that sets it decides its value. */
	for (int c = NR_COMMITS - 1; c > COMMIT_NONE; c--) {
		if (!(p->commits & (1u << c)) || commit_sets(s, c) < 0)
			continue;
		snprintf(buf, len, "%.12s: %s (%s)", commit_table[c].id,
			 commit_table[c].title, commit_table[c].where);
		return;
	}
	if (s->revert && p->revert_8aa7e847) {
		snprintf(buf, len,
			 "revert of 8aa7e847: back on the SYNC queue as in 2.6.30");
		return;
	}
	snprintf(buf, len, "%s", s->why[b]);
}

const char *profile_switch_origin(const struct kernel_profile *p,
				  const char *name, char *buf, size_t len)
{
	const struct profile_switch *s = switch_find(name);

	if (!s)
		return NULL;
	switch_origin(p, s, buf, len);
	return buf;
}

void profile_describe(const struct kernel_profile *p,
		      void (*emit)(void *ctx, const char *line), void *ctx)
{
	char line[448], val[16], origin[320], pl[16 * NR_COMMITS] = "";

	snprintf(line, sizeof(line), "%-22s %s", "kernel", p->name);
	emit(ctx, line);
	snprintf(line, sizeof(line), "%-22s %s", "base", p->base);
	emit(ctx, line);
	if (p->release && strcmp(p->release, p->base)) {
		snprintf(line, sizeof(line), "%-22s %s", "release", p->release);
		emit(ctx, line);
	}
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
	*pl = 0;
	for (int c = 1; c < NR_COMMITS; c++) {
		size_t len = strlen(pl);

		if (p->commits & (1u << c))
			snprintf(pl + len, sizeof(pl) - len, "%s%.12s",
				 len ? " " : "", commit_table[c].id);
	}
	snprintf(line, sizeof(line), "%-22s %s", "commits", *pl ? pl : "none");
	emit(ctx, line);
	for (size_t i = 0; i < NR_SWITCHES; i++) {
		const struct profile_switch *s = &switches[i];

		switch_origin(p, s, origin, sizeof(origin));
		snprintf(line, sizeof(line), "%-22s %-18s %s", s->name,
			 switch_text(p, s, val, sizeof(val)), origin);
		emit(ctx, line);
	}
}

const char *profile_column(size_t i, const char **name, int *width)
{
	for (size_t k = 0; k < NR_SWITCHES; k++) {
		const struct profile_switch *s = &switches[k];
		int w;

		if (!s->column)
			continue;
		if (i) {
			i--;
			continue;
		}
		w = (int)strlen(s->column);
		for (int v = 0; s->values && s->values[v]; v++)
			if ((int)strlen(s->values[v]) > w)
				w = (int)strlen(s->values[v]);
		*name = s->name;
		*width = w;
		return s->column;
	}
	return NULL;
}

/* ---- which switches a run read --------------------------------------- */

uint64_t kprofile_reads[NR_PROFILE_SWITCHES];

void profile_reads_reset(void)
{
	memset(kprofile_reads, 0, sizeof(kprofile_reads));
}

static const char *switch_reads_name(unsigned int dim, unsigned int i)
{
	(void)dim;
	return i < NR_SWITCHES ? switches[i].name : NULL;
}

static void switch_reads_collect(struct run_result *r)
{
	uint64_t *v = result_uints_mut(r, "switch_reads");

	memcpy(v, kprofile_reads, sizeof(kprofile_reads));
}

static struct measure switch_reads_measure = {
	.name = "switch_reads",
	.doc = "how often the kernel read each profile switch during the run (0: the switch cannot have changed the run)",
	.unit = "reads",
	.kind = MEASURE_TABLE,
	.aggregate = AGGREGATE_NONE,
	.json = "switch_reads",
	.type = MT_ARRAY,
	.flags = MF_OPTIONAL,
	.dims = { NR_PROFILE_SWITCHES, 0 },
	.element_name = switch_reads_name,
	.collect = switch_reads_collect,
};
MEASURE_REGISTER(switch_reads_measure);

/*
 * The profile's identity as the text formats of report/ need it (which
 * field set kern.log and /proc print, whether patch 4's vmstat events
 * exist).  Formatting is not a switch read of the simulated kernel: the
 * fields are read directly, uncounted.
 */
void kprofile_identity(const struct kernel_profile *p,
		       struct kstate_profile *id)
{
	if (!p)
		p = &kprofile;
	id->name = p->name;
	id->release = p->release;
	switch (p->vmstat_fields) {
	case VMSTAT_V30:
		id->vmstat_fields = KSTATE_VMSTAT_V30;
		break;
	case VMSTAT_V31:
		id->vmstat_fields = KSTATE_VMSTAT_V31;
		break;
	case VMSTAT_V32:
	default:
		id->vmstat_fields = KSTATE_VMSTAT_V32;
		break;
	}
	id->kswapd_sleep = p->kswapd_sleep == KSWAPD_SLEEP_QUICK_RECHECK ?
			   KSTATE_KSWAPD_SLEEP_QUICK_RECHECK :
			   KSTATE_KSWAPD_SLEEP_PLAIN;
}
