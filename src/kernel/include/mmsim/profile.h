/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel profiles: every behavioural difference between 2.6.30, 2.6.31,
 * 2.6.32-rc6 and the five patches of "Reduce GFP_ATOMIC allocation
 * failures" (V3) as a switch.  Kernel code reads the switches of the
 * running profile (kprofile) where the behaviour differs; there is no
 * #ifdef on versions anywhere.  The switches are listed once, in
 * mmsim/profile_switches.h.
 */
#ifndef MMSIM_PROFILE_H
#define MMSIM_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Congestion queues, as backing-dev.h of rc6 + P3. */
enum {
	BLK_RW_ASYNC = 0,
	BLK_RW_SYNC = 1,
	BLK_RW_BOTH = 2,
};

/*
 * Kernel commits a profile can carry beyond its base tag, in the order they
 * landed: implied by a release ("2.6.32" = v2.6.32-rc6 + P1 + P2 + the
 * rc7/rc8 commits; "2.6.32.9" adds the stable fixes up to it) or named in
 * a profile name ("2.6.32-rc6+573412b").  A commit that two switches name
 * sets both; two commits that set one switch apply in this order.
 * profile.c's commits[] has their ids, titles and where they landed, and
 * docs/profiles.md what each changes (or why it changes nothing here).
 */
enum profile_commit {
	COMMIT_NONE,
	/* v2.6.32-rc7 and -rc8, so in 2.6.32 final */
	COMMIT_F685CEA,		/* sched: Strengthen buddies and mitigate buddy induced latencies */
	COMMIT_4B27E1B,		/* cfq-iosched: limit coop preemption */
	COMMIT_E6EC4FE,		/* cfq-iosched: fix bad return value cfq_should_preempt() */
	COMMIT_FE8BC91,		/* ext3: Wait for proper transaction commit on fsync */
	/* 2.6.32.2 */
	COMMIT_C2F1953,		/* sched: Check for an idle shared cache in select_task_rq_fair() */
	COMMIT_ECE1254,		/* sched: Fix affinity logic in select_task_rq_fair() */
	COMMIT_37ED2D7,		/* sched: Rate-limit newidle */
	COMMIT_35C1EE3,		/* sched: Fix and clean up rate-limit newidle code */
	/* 2.6.32.3 */
	COMMIT_B2EA8CB,		/* vmscan: do not evict inactive pages when skipping an active list scan */
	COMMIT_8E04C81,		/* sched: Select_task_rq_fair() must honour SD_LOAD_BALANCE */
	COMMIT_14AE082,		/* sched: Fix task_hot() test order */
	/* 2.6.32.5 */
	COMMIT_C91AB04,		/* page allocator: update NR_FREE_PAGES only when necessary */
	/* 2.6.32.8 */
	COMMIT_0B3BF81,		/* mm: fix migratetype bug which slowed swapping */
	/* 2.6.33-rc1, named only */
	COMMIT_573412B,		/* cfq-iosched: reduce write depth only if sync was delayed */
	NR_COMMITS
};

/* At most this many commits change one switch (.commits in
 * mmsim/profile_switches.h). */
#define SWITCH_MAX_COMMITS	3

/*
 * The preprocessor's map over a parenthesized list of up to 4 names:
 * PROFILE_MAP(m, x, (A, B)) is m(x, A) m(x, B).
 */
#define PROFILE_EXPAND(...)		__VA_ARGS__
#define PROFILE_PASTE_(a, b)		a##b
#define PROFILE_PASTE(a, b)		PROFILE_PASTE_(a, b)
#define PROFILE_COUNT_(a, b, c, d, n, ...) n
#define PROFILE_COUNT(...)		PROFILE_COUNT_(__VA_ARGS__, 4, 3, 2, 1, 0)
#define PROFILE_MAP_1(m, x, a)		m(x, a)
#define PROFILE_MAP_2(m, x, a, b)	m(x, a) m(x, b)
#define PROFILE_MAP_3(m, x, a, b, c)	m(x, a) m(x, b) m(x, c)
#define PROFILE_MAP_4(m, x, a, b, c, d)	m(x, a) m(x, b) m(x, c) m(x, d)
#define PROFILE_MAP_(m, x, ...)						\
	PROFILE_PASTE(PROFILE_MAP_, PROFILE_COUNT(__VA_ARGS__))(m, x, __VA_ARGS__)
#define PROFILE_MAP(m, x, list)		PROFILE_MAP_(m, x, PROFILE_EXPAND list)

/* The ENUM switches' types: enum restart_mode { RESTART_TOP, ... }. */
#define PROFILE_ENUM_CONSTANT(prefix, value) prefix##_##value,
#define SWITCH_ENUM(field, prefix, values, ...)				\
	enum field { PROFILE_MAP(PROFILE_ENUM_CONSTANT, prefix, values) };
#define SWITCH_QUEUE(...)
#define SWITCH_BOOL(...)
#define SWITCH_UINT(...)
#include "mmsim/profile_switches.h"
#undef SWITCH_ENUM
#undef SWITCH_QUEUE
#undef SWITCH_BOOL
#undef SWITCH_UINT

struct kernel_profile {
	char name[96];			/* as parsed, e.g. "2.6.32-rc6-0012345-adjust-priority" */
	const char *base;		/* the tag: "2.6.30", "2.6.31", "2.6.32-rc6" */
	const char *release;		/* "2.6.32", "2.6.32.9", or the tag */
	unsigned int patches;		/* bit n-1 set: patch n applied (6: dm-crypt) */
	unsigned int commits;		/* bit c set: enum profile_commit c applied */
	bool revert_8aa7e847;

	/* The switches, as mmsim/profile_switches.h lists them. */
#define SWITCH_ENUM(field, ...)		enum field field;
#define SWITCH_QUEUE(field, ...)	int field;
#define SWITCH_BOOL(field, ...)		bool field;
#define SWITCH_UINT(field, ...)		unsigned int field;
#include "mmsim/profile_switches.h"
#undef SWITCH_ENUM
#undef SWITCH_QUEUE
#undef SWITCH_BOOL
#undef SWITCH_UINT
};

/* The profile the running simulation uses. */
extern struct kernel_profile kprofile;

/* Every switch's index, in mmsim/profile_switches.h's order. */
enum profile_switch_id {
#define SWITCH_ENUM(field, ...)		PROFILE_SW_##field,
#define SWITCH_QUEUE(field, ...)	PROFILE_SW_##field,
#define SWITCH_BOOL(field, ...)		PROFILE_SW_##field,
#define SWITCH_UINT(field, ...)		PROFILE_SW_##field,
#include "mmsim/profile_switches.h"
#undef SWITCH_ENUM
#undef SWITCH_QUEUE
#undef SWITCH_BOOL
#undef SWITCH_UINT
	NR_PROFILE_SWITCHES
};

/*
 * How often the running kernel has read each switch since boot: a switch
 * a run never read cannot have changed it (mmsim bisect skips those).
 * Kernel code reads a switch only through kprofile_get(FIELD); the
 * layering check keeps it so.  The counts are the run's "switch_reads".
 */
extern uint64_t kprofile_reads[NR_PROFILE_SWITCHES];
#define kprofile_get(field)						\
	(kprofile_reads[PROFILE_SW_##field]++, kprofile.field)
/* Zero the counts: the machine's boot, before its first read. */
void profile_reads_reset(void);

/*
 * Parse a profile name as the 2009 tables write it ("2.6.30",
 * "2.6.31-revert-8aa7e847", "2.6.32-rc6-0012345-adjust-priority",
 * "2.6.32-rc6-0000006-dm-crypt-unplug", "2.6.32-rc6+1+2+3",
 * "2.6.32-rc6+573412b", ...).  Returns 0, or -1 with a message in @err.
 */
int profile_parse(const char *name, struct kernel_profile *out,
		  char *err, size_t errlen);

/* Every row of the cover letter's tables, in table order. */
extern const char *const profile_table_rows[];
extern const size_t profile_table_nr_rows;

/*
 * Kernels of the later tables and fixes that the cover letter's tables do
 * not have, with where they come from (Message-IDs, commit ids).
 */
struct profile_row {
	const char *name;
	const char *source;
};
extern const struct profile_row profile_later_rows[];
extern const size_t profile_later_nr_rows;

/* The 13 Nov and 19 Nov 2009 tables' row names, every one (tests). */
extern const char *const profile_record_rows[];
extern const size_t profile_record_nr_rows;

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
/* The @i-th switch's name in the switch table's order; NULL past the end. */
const char *profile_switch_name(size_t i);
/* The subsystem the @i-th switch stands for (its .group in
 * mmsim/profile_switches.h: "vmscan", "sched", "cfq", ...; a switch
 * without one is a group of its own, its name); NULL past the end. */
const char *profile_switch_group(size_t i);
/* Why switch @name has its value in @p: the patch, commit or revert that
 * set it, "set by hand", or the base tag's evidence; NULL if unknown. */
const char *profile_switch_origin(const struct kernel_profile *p,
				  const char *name, char *buf, size_t len);
int profile_set_switch(struct kernel_profile *p, const char *name,
		       const char *value, char *err, size_t errlen);
/*
 * Set every NAME=VALUE of @list (separated by blanks: a scenario's
 * [kernel] switches, 'mmsim run --switch') on @p, in order.  Returns 0,
 * or -1 with the first bad item named in @err; @p is then partly set.
 */
int profile_set_switches(struct kernel_profile *p, const char *list,
			 char *err, size_t errlen);

/*
 * The @i-th column of the 'mmsim profiles' table: its heading, and in
 * @name the switch it shows and in @width the widest of the heading and
 * the switch's value names.  NULL after the last column.
 */
const char *profile_column(size_t i, const char **name, int *width);

#endif /* MMSIM_PROFILE_H */
