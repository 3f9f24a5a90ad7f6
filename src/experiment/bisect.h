/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mmsim bisect: which profile switches make two kernels differ.
 *
 * Kernel A and kernel B run the same seeds.  Every switch whose value
 * differs between them and that either kernel read in some run
 * (switch_reads) is then flipped alone both ways: A with it at B's value
 * and B with it at A's.  Each single effect gets a Welch confidence
 * interval over the seeds; their sum is set against the whole A -> B
 * difference, the rest being interaction.  When the single effects do
 * not explain most of the difference, delta debugging (ddmin, Zeller and
 * Hildebrandt 2002) finds a 1-minimal set of switches that, set on A to
 * B's values, gives most of it.
 *
 * Group screening (bisect_opts.screen) comes first: each subsystem's
 * read switches (profile_switch_group()) are flipped together, both
 * ways, and only the groups whose effect is not negligible are split
 * into single flips.  The switches of a group not split are taken to lie
 * within its intervals: that assumes their effects do not cancel each
 * other out, and the report says so.
 *
 * Runs are made in rounds, every round in parallel; a flip whose first
 * two seeds give exactly the values of the kernel it was made on (a
 * switch read but inert here) stops there; for the others each way runs
 * in stages of seeds until its interval (against all of its kernel's
 * runs) is decided, or futile (more seeds would most likely leave it
 * undecided), or every seed has run.
 * Every decision depends only on the runs' values, never on which
 * process finished first, so the output is the same at any -j.
 */
#ifndef MMSIM_BISECT_H
#define MMSIM_BISECT_H

#include <stdbool.h>
#include <stdint.h>
#include "report/bisect_report.h"

/* The default conditional power below which a flip's undecided interval
 * stops as futile (bisect_opts.futility). */
#define BISECT_FUTILITY		0.1

struct bisect_opts {
	const char *a, *b;		/* profile names */
	/* NAME=VALUE ... set on A only and on B only, after the scenario's
	 * [kernel] switches (NULL: none) */
	const char *a_switches, *b_switches;
	const char *scenario_path;	/* NULL: the embedded default */
	const char *arch;		/* with the default: x86_64 or x86 */
	const char *measure;		/* a compare measure; NULL: elapsed */
	unsigned int nr_seeds;		/* at least 2 */
	bool base_seed_set;
	uint64_t base_seed;		/* else the scenario's [run] seed */
	uint64_t max_time;		/* ns; 0: the scenario's */
	int jobs;
	double alpha;			/* 0: 0.05 */
	double explain;			/* 0: 0.5 */
	/* A flip's way stops at fewer seeds once its interval excludes
	 * zero or lies within +-negligible x |B - A| (0: 0.1); all_seeds:
	 * every flip runs every seed both ways. */
	double negligible;
	/* A flip's way also stops once its undecided interval is futile:
	 * at every seed, it would exclude zero with probability below this,
	 * were the effect the one seen so far, and could not fit within the
	 * band (0: BISECT_FUTILITY; < 0: never). */
	double futility;
	bool all_seeds;
	/* Group screening (bisect_report.h): OFF by default. */
	enum bisect_screen screen;
	/* Each run's value is kept here as it ends (pool.h's cache): a
	 * bisect stopped part-way (an interrupt: pool_catch_interrupts())
	 * and started again with the same options runs only what it had not
	 * finished, and every round decides as before.  NULL: none kept. */
	const char *runs_dir;
};

/* Check everything (names, measure, seeds, that A and B differ in a
 * switch) before anything runs: 0, or -1 with a one-line reason. */
int bisect_check(const struct bisect_opts *o, char *err, size_t len);

/* Run it and fill @r (freed with bisect_free): 0, or -1 with @err (also
 * after an interrupt: pool_interrupted() says so). */
int bisect_run(const struct bisect_opts *o, struct bisect_report *r,
	       char *err, size_t len);
void bisect_free(struct bisect_report *r);

/* The names bisect_check accepts for --measure, comma-separated. */
const char *bisect_measure_names(void);

#endif /* MMSIM_BISECT_H */
