/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mmsim calibrate: fit named scenario values (a machine or vm key, a
 * task's key) so that one kernel's runs reproduce measured values (the
 * targets), reproducibly, on one scenario or on several at once (a joint
 * fit: the same program on two machines, each target measured on one of
 * them).  docs/calibration.md describes the command, the objective and
 * the search; this header is the contract for the command line and the
 * tests.
 *
 * The objective of a point is
 *
 *	sum over targets of  weight * ((mean over the seeds - target) / scale)^2
 *
 * with scale = |target| unless given: the relative squared error, each
 * target's mean over the runs of its own scenario.  A parameter is shared
 * (its value written into every scenario) unless it names the one
 * scenario it belongs to.  Every evaluation runs every scenario with the
 * same seeds (common random numbers), so two points differ by their
 * values, not by their luck, and the objective is a deterministic
 * function of the point.
 *
 * The search works on each parameter's range mapped to [0, 1] (linearly,
 * or logarithmically with ":log"): a Hammersley design of deterministic
 * points over the box, then a bounded compass search (a pattern search
 * polling +-step along every axis, all polls of a step run at once) from
 * the design's best point, halving the step when no poll improves, until
 * the step is below --tolerance, the objective is 0 or --max-evals
 * evaluations have run.  Evaluations are cached by the values written
 * into the scenario, so a point met again costs nothing.
 */
#ifndef MMSIM_CALIBRATE_H
#define MMSIM_CALIBRATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "metrics/calibration.h"

struct scenario;

#define CALIBRATE_DEFAULT_SEEDS		3
#define CALIBRATE_DEFAULT_MAX_EVALS	400
#define CALIBRATE_DEFAULT_ENSEMBLE	12
#define CALIBRATE_DEFAULT_TOLERANCE	0.01
#define CALIBRATE_MAX_PARAMS		8
#define CALIBRATE_MAX_TARGETS		16
#define CALIBRATE_MAX_SCENARIOS		8
#define CALIBRATE_MAX_SEEDS		1000
#define CALIBRATE_MAX_EVALS		100000

/* A scenario of the calibration, in the order given. */
struct calibration_source {
	const char *arch;		/* an embedded default: "x86_64", "x86" */
	const char *scenario;		/* else a file: "FILE" or "NAME=FILE" */
};

struct calibration_opts {
	/* None: the embedded x86-64 default.  A scenario is named by its
	 * arch (an embedded default), by NAME= or by its file's name less
	 * ".ini"; with several, targets name theirs ("x86:elapsed=..."). */
	const struct calibration_source *sources;
	size_t nr_sources;
	const char *kernel;		/* NULL: the scenarios' [kernel] profile */
	const char *const *targets;	/* "[NAME:]MEASURE=VALUE[,weight=W][,scale=S]" */
	size_t nr_targets;
	const char *const *fits;	/* "[NAME:]KEY=LO..HI[:log]" */
	size_t nr_fits;
	unsigned int nr_seeds;		/* 0: CALIBRATE_DEFAULT_SEEDS */
	bool base_seed_set;
	uint64_t base_seed;		/* else each scenario's [run] seed */
	unsigned int max_evals;		/* 0: CALIBRATE_DEFAULT_MAX_EVALS */
	double tolerance;		/* 0: CALIBRATE_DEFAULT_TOLERANCE */
	unsigned int ensemble;		/* points to keep within the targets'
					 * scales (record.ensemble); 0: none */
};

struct calib_ref;
struct param_spec;

/* A scenario as the calibration holds it (rec.scenarios[i] says it). */
struct calibration_input {
	char *name;
	char *file;			/* "<default>" or the path given */
	char *arch;
	char *fitted_file;
	char *text;			/* the scenario as read */
	struct scenario *sc;		/* ... and loaded */
};

struct calibration {
	struct calibration_record rec;	/* what is written and printed */
	char *kernel;
	struct calibration_input *in;	/* rec.nr_scenarios of them */
	/* Per target: how to read its measure from a run's result. */
	struct calib_ref *refs;
	/* Per parameter: the key's descriptor and its range as numbers
	 * (ns, bytes, an integer, a number). */
	const struct param_spec **specs;
	size_t *specs_from;		/* the scenario specs[p] was found in */
	double *lo, *hi;
	/* Per evaluation: the point in [0, 1]^d it was asked at. */
	double *u;
	size_t evals_cap;
	/* Progress line on a terminal. */
	bool progress;
	double progress_last;
	/* Each run's measures are kept here as it ends (pool.h's cache),
	 * so that --resume replays the search up to where it stopped and
	 * runs only the rest.  NULL: nothing kept. */
	const char *runs_dir;
};

/*
 * Read the scenarios, check the kernel, every target (its scenario, a
 * known measure that scenario can produce, a value in its unit) and
 * every range (a numeric key of every scenario it is written into, the
 * same key in each; both ends accepted by the key's own checks, each end
 * loaded as each such scenario).  Nothing runs.  0, or -1 with a
 * one-line reason in @err.
 */
int calibration_init(struct calibration *c, const struct calibration_opts *o,
		     char *err, size_t len);
void calibration_free(struct calibration *c);

/*
 * The search, @jobs runs at a time (every scenario's seeds of every new
 * point of a step at once); a progress line on stderr when
 * @progress and stderr is a terminal.  0; 1 when processes could not be
 * started or every evaluation failed; 2 when a target's measure was 0 in
 * every run of the design (the scenario does not produce it).  @err says
 * why.
 */
/* After an interrupt, calibration_run() returns 1 with "interrupted" in
 * @err and pool_interrupted() says which signal came; the record is not
 * whole then. */
int calibration_run(struct calibration *c, int jobs, bool progress,
		     char *err, size_t len);

/* Every evaluation that ran gave the same means: the fitted keys do not
 * move the targets, and the fitted values mean nothing. */
bool calibration_insensitive(const struct calibration *c);

/* Scenario @s's text at the best point, with the values written into it,
 * the kernel and its first seed written in and the comment header
 * (malloc'd). */
char *calibration_fitted_text(const struct calibration *c, size_t s);

/* @dir/fitted.ini (one scenario) or fitted-NAME.ini (one per scenario),
 * calibration.json, calibration.md; @dir exists.  0, or -1 with @err. */
int calibration_write(struct calibration *c, const char *dir,
		      const char *command, const char *version, char *err,
		      size_t len);

#define CALIBRATION_FITTED_FILE	"fitted.ini"
#define CALIBRATION_FITTED_PREFIX	"fitted-"	/* + NAME + ".ini" */

#endif /* MMSIM_CALIBRATE_H */
