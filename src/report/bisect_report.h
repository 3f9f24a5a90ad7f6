/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What mmsim bisect found, as text, JSON and an HTML page with a bar
 * chart: which profile switches make kernel A and kernel B differ on one
 * measure, each with a Welch confidence interval, the sum of the single
 * effects against the whole difference, and the smallest set of switches
 * delta debugging found to carry it.  experiment/bisect.c fills it.
 */
#ifndef MMSIM_BISECT_REPORT_H
#define MMSIM_BISECT_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* A difference of two means, mean(x) - mean(y), over the seeds. */
struct bisect_effect {
	unsigned int n_x, n_y;		/* runs on each side */
	double var_x, var_y;		/* each side's sample variance */
	double mean;			/* mean(x) - mean(y) */
	double lo, hi;			/* its confidence interval (Welch) */
	double se;			/* its standard error */
	double p;			/* Welch's two-sided p-value */
	bool significant;		/* p < alpha */
	bool valid;			/* two runs or more each side */
};

enum bisect_row_state {
	BISECT_SKIPPED,		/* neither kernel read it in any run */
	BISECT_IDENTICAL,	/* set either way, the first seeds ran as the kernel did (every measure) */
	BISECT_MEASURED,	/* run both ways until decided, or at every seed */
	BISECT_SCREENED,	/* not flipped alone: its group's flip was not split */
};

/*
 * Group screening: each subsystem's switches (profile_switch_group())
 * are flipped together first, both ways; a group is split into single
 * flips unless its intervals say its switches cannot matter much.
 */
enum bisect_screen {
	/*
	 * Every switch flipped alone: the default, since on the
	 * reproduction the groups' effects are rarely within the band, so
	 * NEGLIGIBLE split almost every group and cost more runs than no
	 * screening, and SIGNIFICANT missed switches the exhaustive bisect
	 * names (bench/RESULTS.md, group screening).
	 */
	BISECT_SCREEN_OFF,
	/* Split unless both intervals lie within +-negligible x |B - A|
	 * (or the runs are identical). */
	BISECT_SCREEN_NEGLIGIBLE,
	/* Split only if an interval excludes zero and leaves that band
	 * (Watson's group screening: a group that shows no effect is not
	 * split). */
	BISECT_SCREEN_SIGNIFICANT,
};

/*
 * The two ways a switch (or group) is flipped, each run and stopped on
 * its own: A with it at B's values (forward), B with it at A's
 * (backward).
 */
enum bisect_way {
	BISECT_FORWARD,
	BISECT_BACKWARD,
	NR_BISECT_WAYS,
};

/* A group of two or more switches flipped together. */
struct bisect_group {
	const char *name;
	size_t nr_members;		/* its rows: differing, read */
	enum bisect_row_state state;	/* BISECT_IDENTICAL or _MEASURED */
	/* A with the group at B's values, minus A; B minus B with the group
	 * at A's values. */
	struct bisect_effect forward, backward;
	unsigned int seeds[NR_BISECT_WAYS];	/* seeds run each way */
	bool split;			/* its switches were flipped alone */
	const char *verdict;		/* why it was split or not */
};

struct bisect_row {
	const char *name;
	char a_value[32], b_value[32];
	uint64_t reads_a, reads_b;	/* summed over the seeds */
	enum bisect_row_state state;
	/* A with this switch at B's value, minus A: what it adds to A. */
	struct bisect_effect forward;
	/* B minus B with this switch at A's value: what it takes from B. */
	struct bisect_effect backward;
	/* Seeds run each way (fewer than the bisect's: that way stopped
	 * once decided), and whether that way stopped with its interval
	 * undecided, as one the seeds left could not decide
	 * (bisect_opts.futility). */
	unsigned int seeds[NR_BISECT_WAYS];
	bool futile[NR_BISECT_WAYS];
	/* A measured row's way whose first seeds ran exactly as its kernel
	 * did (every measure): it stopped there, its effect 0. */
	bool identical[NR_BISECT_WAYS];
	int group;			/* in bisect_report.groups, or -1:
					 * flipped alone from the start */
};

struct bisect_report {
	const char *a, *b;
	const char *measure, *measure_title;
	const char *scenario, *arch;
	unsigned int nr_seeds;
	uint64_t base_seed;
	double alpha;
	double explain;			/* "most": this fraction of B - A */
	double negligible;		/* a flip within +-this x |B - A| is
					 * decided small */
	bool all_seeds;			/* no flip stopped early */
	double futility;		/* 0: no flip stops as futile */

	double a_mean, a_sd, b_mean, b_sd;
	struct bisect_effect total;	/* B minus A */

	struct bisect_row *rows;	/* every switch whose values differ */
	size_t nr_rows;
	/* Screening: the groups of two or more (none when off), the runs
	 * their flips took and the runs of single flips, how many switches
	 * were screened out, and what flipping those alone would have cost
	 * beyond the group flips (both ways at the first two seeds each, up
	 * to every seed): screening's net saving, negative if it cost more. */
	enum bisect_screen screen;
	struct bisect_group *groups;
	size_t nr_groups;
	size_t group_runs, single_runs, screened_out;
	long saved_min, saved_max;

	/* Of the measured rows and of the groups not split (a group's
	 * effect standing for its switches'). */
	double sum_forward, sum_backward;
	double interaction;		/* total minus sum_forward */

	/* Delta debugging (ddmin), when the single effects do not explain
	 * most of the difference. */
	bool ddmin_needed, ddmin_done;
	const char *ddmin_why;		/* why it was or was not run */
	const char **ddmin_set;		/* the 1-minimal set, switch names */
	size_t ddmin_nr;
	double ddmin_effect;		/* A with the set at B's values, minus A */
	size_t ddmin_tests, ddmin_runs;

	size_t runs;			/* every run bisect made */
	size_t cached_runs;		/* of them, kept by an interrupted one
					 * (--resume; not in the report) */
	double wall_seconds;
};

void bisect_report_text(FILE *f, const struct bisect_report *r);
/* DIR/bisect.json, DIR/bisect.txt (the text) and DIR/index.html: 0, or -1
 * with one line per file that could not be written in @err. */
int bisect_report_write(const struct bisect_report *r, const char *dir,
			char *err, size_t len);

#endif /* MMSIM_BISECT_REPORT_H */
