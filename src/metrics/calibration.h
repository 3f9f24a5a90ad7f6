/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The record of a calibration as data: what was fitted against what on
 * which scenarios, every evaluation the search made, the best point and
 * the ensemble.  experiment/calibrate.c fills it and report/calibration.c
 * writes it (calibration.json, calibration.md, the fitted files'
 * headers), so the model lives below both.
 */
#ifndef MMSIM_METRICS_CALIBRATION_H
#define MMSIM_METRICS_CALIBRATION_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>

/* How a measure's values are written: times in seconds (M:SS.mmm from a
 * minute on, as the cover letter writes Elapsed), sizes in bytes, counts
 * as numbers. */
enum calibration_unit {
	CALIBRATION_TIME,
	CALIBRATION_SIZE,
	CALIBRATION_COUNT,
};

/* The value of calibration_param.scenario for a parameter written into
 * every scenario of the calibration (a fact the machines share). */
#define CALIBRATION_SHARED	((size_t)-1)

/* One scenario of the calibration: every evaluation runs each of them. */
struct calibration_scenario {
	const char *name;		/* "x86_64", "x86", NAME of NAME=FILE */
	const char *file;		/* "<default>" or the file given */
	const char *arch;
	unsigned long long base_seed;	/* its runs: base_seed .. + nr_seeds - 1 */
	const char *fitted_file;	/* "fitted.ini", "fitted-NAME.ini" */
};

struct calibration_target {
	char *arg;			/* as written: "x86:elapsed=10:59.095" */
	size_t scenario;		/* index into scenarios */
	char *measure;			/* "elapsed", "allocstall", ... */
	const char *doc;		/* one line: what the measure is */
	enum calibration_unit unit;
	double value;			/* seconds, bytes or a count */
	double weight;			/* 1 unless weight=W */
	double scale;			/* |value| unless scale=S */
	/*
	 * sd=S: the run-to-run standard deviation wanted too (a record's
	 * repeats), 0: none; its term's scale is sd unless sd_scale=S.
	 */
	double sd;
	double sd_scale;
};

struct calibration_param {
	char *arg;			/* as written: "disk_seek=7ms..12ms" */
	char *key;			/* "disk_seek", "x86:cpu_speed" */
	size_t scenario;		/* CALIBRATION_SHARED, or the one it is of */
	char *section;			/* "machine", "task gitk" */
	char *name;			/* the key inside the section */
	const char *type;		/* "time", "size", "integer", "number" */
	char *lo, *hi;			/* the range's ends, canonical text */
	bool log;			/* searched on a logarithmic scale */
};

struct calibration_eval {
	const char *stage;		/* "design" or "poll" */
	double step;			/* poll: its step, a fraction of each range */
	char **values;			/* per parameter, as written into the scenario */
	double *runs;			/* [target * nr_seeds + seed], each
					 * target's runs of its scenario */
	double *means;			/* per target, over the seeds */
	double *sds;			/* per target, the seeds' sample
					 * standard deviation (n - 1) */
	double objective;		/* INFINITY when the evaluation failed */
	char *error;			/* why it failed, else NULL */
};

struct calibration_record {
	const char *version;		/* mmsim's */
	const char *command;		/* the command line */
	const char *kernel;		/* one for every scenario */
	struct calibration_scenario *scenarios;
	size_t nr_scenarios;
	unsigned int nr_seeds;
	struct calibration_target *targets;
	size_t nr_targets;
	struct calibration_param *params;
	size_t nr_params;
	struct calibration_eval *evals;
	size_t nr_evals;
	size_t best;			/* index into evals; nr_evals: none */
	/* The search. */
	size_t nr_design;		/* evals[0 .. nr_design) are the design */
	double initial_step;		/* the first poll's, a fraction of each range */
	double tolerance;		/* --tolerance */
	unsigned int max_evals;		/* --max-evals */
	const char *stopped;		/* why the search ended */
	/*
	 * The ensemble: evaluations whose every target's mean is within
	 * its scale of it (|mean - value| <= scale: the target's spread),
	 * up to ensemble_want of them, the best first, then each the one
	 * farthest from those chosen (in the search's unit cube), so that
	 * they spread over the valley of equally good points.
	 */
	unsigned int ensemble_want;	/* --ensemble; 0: none */
	size_t ensemble_within;		/* evaluations within every scale */
	size_t *ensemble;		/* indices into evals, in choice order */
	size_t nr_ensemble;
};

/* Whether parameter @p is written into scenario @s. */
static inline bool calibration_param_applies(const struct calibration_param *p,
					     size_t s)
{
	return p->scenario == CALIBRATION_SHARED || p->scenario == s;
}

/* The sample standard deviation (n - 1) of @x[0 .. @n) around @mean;
 * NAN for fewer than two values. */
static inline double calibration_sd(const double *x, unsigned int n,
				    double mean)
{
	double ss = 0;

	if (n < 2)
		return NAN;
	for (unsigned int i = 0; i < n; i++)
		ss += (x[i] - mean) * (x[i] - mean);
	return sqrt(ss / (n - 1));
}

#endif /* MMSIM_METRICS_CALIBRATION_H */
