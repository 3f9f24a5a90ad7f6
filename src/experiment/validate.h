/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Validation against the public record: run every modelled row of the
 * chosen data sets (experiment/record.c) at several seeds, set the
 * published figures beside mmsim's, and check the claims of the cover
 * letter, the article and the thread after it (their rules here, their
 * text in report/validation_md.c), writing docs/validation.md.
 */
#ifndef MMSIM_VALIDATE_H
#define MMSIM_VALIDATE_H

#include <stdbool.h>
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>
#include "metrics/validation.h"

/* The time-series period validate runs with, for claim 5(b): kswapd's
 * HZ/10 nap is the time scale of the claim. */
#define VALIDATE_SAMPLE_INTERVAL_NS	100000000ULL	/* 100 ms */

/*
 * Sequential validation (validate_opts.all_seeds off, at least this many
 * seeds): every condition runs half the seeds first; a claim whose every
 * comparison is significant either way at alpha times
 * VALIDATE_FIRST_LOOK_ALPHA is decided there, and only the conditions of
 * the claims left open run the other half.  At alpha 0.05 the first look's
 * level is 0.005, inside O'Brien and Fleming's bound for the first of two
 * equally spaced looks (two-sided p < 0.0052, z > 2.797); the last look
 * keeps alpha, so a verdict errs with at most alpha + alpha / 10.
 */
#define VALIDATE_MIN_SEQUENTIAL		6
#define VALIDATE_FIRST_LOOK_ALPHA	0.1
/*
 * At the first look a comparison a claim needs is also futile when it
 * points the right way but, were the runs to come like those so far,
 * would be significant at the last look with probability below this
 * (conditional power: stochastic curtailment, Lan, Simon and Halperin
 * 1982); its claim fails there.  With normal runs, 5 of 10 seeds and a
 * difference all 10 would find 79% of the time, that costs about 2
 * points of power (scripts/validate-futility.py).
 */
#define VALIDATE_FUTILITY		0.1

/* A scenario value written into every condition's scenario that has its
 * section (a calibration's fitted value). */
struct validate_setting {
	char *arch;			/* only that arch's scenarios; NULL: all */
	char *section;			/* "task gitk", "machine" */
	char *name;
	char *value;
};

/* One point of a calibration's ensemble: its settings. */
struct validate_point {
	unsigned int evaluation;	/* its number in calibration.json */
	struct validate_setting *settings;
	size_t nr_settings;
};

struct validate_ensemble {
	char *source;			/* the calibration.json read */
	struct validate_point *points;
	size_t nr_points;
	unsigned int nr_seeds;		/* per condition at each point */
};

/* Read the ensemble of a calibration.json (mmsim calibrate --ensemble):
 * 0, or -1 with FILE and what is wrong in @err. */
int validate_read_ensemble(const char *path, struct validate_ensemble *e,
			   char *err, size_t len);
void validate_ensemble_free(struct validate_ensemble *e);

struct validate_opts {
	unsigned int nr_seeds;		/* seeds 1..nr_seeds per condition */
	bool all_seeds;			/* no first look: every seed everywhere */
	int jobs;			/* processes at once */
	double alpha;			/* Welch's test level */
	const char *command;		/* for the header */
	const char *date;
	const char *commit;
	unsigned int sets;		/* 1 << enum record_set; 0: all */
	int progress;			/* a count of finished runs on stderr */
	uint64_t sample_interval;	/* ns; 0: VALIDATE_SAMPLE_INTERVAL_NS */
	/* Each run's measures are kept here as it ends (pool.h's cache):
	 * a validate stopped part-way and started again with the same
	 * options runs only what it had not finished.  NULL: nothing kept. */
	const char *runs_dir;
	/* Written into the conditions' scenarios (none for the report's own
	 * point; an ensemble point's when it runs). */
	const struct validate_setting *settings;
	size_t nr_settings;
	/* Each claim's verdict at every point of it too; NULL: none. */
	const struct validate_ensemble *ensemble;
};

/*
 * Run everything and write the markdown report to @out.  0, or -1 with a
 * one-line reason in @err (after an interrupt, pool_interrupted() says
 * which signal stopped the runs).
 */
int validate_run(const struct validate_opts *o, FILE *out, char *err,
		 size_t len);

/*
 * The steps of validate_run(), for tests.  validation_plan() fills @v's
 * record, its conditions to run (configs, one per distinct setup, arch,
 * kernel and low_latency of the chosen sets' modelled rows) and the map
 * from published rows to them; 0, or -1 with @err.  The caller then sets
 * nr_seeds, alpha and vals ([config][measure][seed]), and
 * validation_decide() gives every claim of the chosen sets its verdict.
 */
int validation_plan(struct validation *v, unsigned int sets, char *err,
		    size_t len);
void validation_decide(struct validation *v);
void validation_plan_free(struct validation *v);

/*
 * The claim measures a run's result holds, by the registry's names: the
 * others (counted from the kernel's failure records, or from samples
 * against the booted machine's watermarks at validate's period) NAN, as
 * only validate's own runs have them.  What mmsim compare's findings
 * judge the claims by.
 */
struct run_result;
void validation_result_measures(const struct run_result *r, double *m);

/*
 * The first look of a sequential validate, on the first v->first_look
 * runs of every config (v->alpha_first its level): each claim those runs
 * settle is marked early (decided there by validation_decide()); @need
 * (v->nr_configs, zeroed) gets the configs the other claims read, which
 * run on.  Returns how many claims are still open.
 */
struct validation;
int validation_first_look(struct validation *v, bool *need);

#endif
