/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An experiment: kernels x sweep points x seeds, each combination one
 * independent run.  Runs are paired: every kernel and every sweep point
 * runs the same seeds, base + 0 .. base + nr_seeds - 1, so differences
 * between columns are differences of kernels, not of luck.
 *
 * A column of the tables is one (kernel, sweep point); with no sweep, one
 * kernel.  Columns are kernel-major (every point of the first kernel,
 * then the next kernel), and job i is column i / nr_seeds, seed
 * i % nr_seeds, so results never depend on which process finished first.
 *
 * compare.c builds and runs experiments and emits their jobs; override.c
 * writes sweep values into scenario text; merge.c reads experiment.json
 * and run results back.
 */
#ifndef MMSIM_COMPARE_H
#define MMSIM_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "metrics/metrics.h"
#include "report/compare_report.h"

struct scenario;

/* KEY=V1,V2,...: KEY as the user wrote it ("min_free_kbytes",
 * "vm.nr_requests", "netrx.bwlimit"), resolved to a section. */
struct sweep_key {
	char *key;		/* as written: goes into column names */
	char *section;		/* "vm", "machine", ... or "task NAME" */
	char *name;		/* the key inside the section */
	char **values;
	size_t nr_values;
};

/* One combination of sweep values, and its scenario. */
struct exp_point {
	char *label;		/* "min_free_kbytes=1024,nr_requests=64"; "" without a sweep */
	char *file;		/* "scenarios/<label>.ini" relative to the report folder */
	char *text;		/* the scenario text with the values written in */
	struct scenario *sc;	/* loaded with mmsim run's checks */
	char *fingerprint;	/* merge: the manifest's; NULL: not recorded */
};

struct exp_column {
	char *name;		/* kernel, or kernel@label */
	size_t kernel, point;
};

struct experiment {
	char *scenario_path;	/* NULL: the embedded default */
	char *scenario_name;	/* "<default>", or the path */
	char *arch;		/* "x86_64" or "x86": which default and table */
	char *text;		/* the scenario as read, before sweep values */
	char *version;		/* merge: the mmsim of experiment.json; NULL: not recorded */

	char **kernels;
	size_t nr_kernels;
	struct sweep_key *keys;
	size_t nr_keys;
	struct exp_point *points;
	size_t nr_points;
	struct exp_column *columns;
	size_t nr_columns;

	uint64_t base_seed;
	bool base_seed_given;
	/* --time: every run stops by then (ns; 0: the scenario's). */
	uint64_t max_time;
	unsigned int nr_seeds;
	/* Every column ran seeds base .. base + nr_seeds - 1 (merge may find
	 * otherwise: then nr_seeds is the most runs of any column). */
	bool seeds_common;

	/* [nr_columns * nr_seeds], job order; have[i]: results[i] is set. */
	struct run_result *results;
	bool *have;
};

struct experiment_opts {
	const char *scenario_path;	/* NULL: the embedded default */
	const char *arch;		/* NULL: x86_64; only with the default */
	const char *kernels;		/* comma-separated; NULL: every table row */
	const char *const *sweeps;	/* "KEY=V1,V2" each */
	size_t nr_sweeps;
	unsigned int nr_seeds;		/* 0: 5 */
	bool base_seed_set;
	uint64_t base_seed;		/* else the scenario's [run] seed */
	uint64_t max_time;		/* ns; 0: the scenario's [run] max_time */
};

#define EXPERIMENT_DEFAULT_SEEDS 5
/* The largest seed, as mmsim run and the scenario's [run] seed take it. */
#define EXPERIMENT_MAX_SEED ((uint64_t)INT64_MAX)

/*
 * Build the experiment: read the scenario text, check every kernel name
 * and every sweep value (each point's text is loaded with the checks of
 * mmsim run), make the columns.  Nothing is written or run.  0, or -1 with a one-line reason
 * (FILE:LINE where there is one) in @err.
 */
int experiment_init(struct experiment *e, const struct experiment_opts *o,
		    char *err, size_t len);
void experiment_free(struct experiment *e);

static inline size_t experiment_nr_jobs(const struct experiment *e)
{
	return e->nr_columns * e->nr_seeds;
}

static inline uint64_t experiment_job_seed(const struct experiment *e,
					   size_t job)
{
	return e->base_seed + job % e->nr_seeds;
}

static inline const struct exp_column *
experiment_job_column(const struct experiment *e, size_t job)
{
	return &e->columns[job / e->nr_seeds];
}

/* "NAME-seedS": the file stem of job @job's outputs (CSV, kern-log, JSON),
 * made of [A-Za-z0-9._-] only. */
void experiment_job_stem(const struct experiment *e, size_t job, char *buf,
			 size_t len);

/* Write the scenario of every point into @dir/scenarios/: the report
 * keeps them, emitted jobs run them.  0 or -1 with @err. */
int experiment_write_scenarios(const struct experiment *e, const char *dir,
			       char *err, size_t len);

/*
 * Run every job not yet in have[], @jobs processes at a time, with a
 * progress line on stderr.  Failed jobs print their reason on stderr and
 * stay !have[i].  With @save_dir, each result's JSON is written to
 * experiment_saved_path() as soon as its run ends, so that an interrupt
 * (pool_interrupted(): the workers are stopped, the run returns) keeps
 * every finished run for --resume.  Returns the number of failed jobs,
 * or -1 if no process could start.
 */
int experiment_run(struct experiment *e, int jobs, const char *save_dir);
/* DIR/json/STEM.json: where job @job's result is kept (malloc'd); the
 * layout of --emit-jobs, so merge reads a compare's folder too.  Once
 * the report is written it is DIR/json/STEM.json.gz
 * (experiment_pack_saved()); --resume and merge read either. */
char *experiment_saved_path(const struct experiment *e, const char *dir,
			    size_t job);
/*
 * --resume: the results kept in @dir/json/ for the jobs of @e, each
 * checked to be a run of its job (kernel, seed, scenario fingerprint,
 * mmsim version); one that is not is named on stderr and run again.
 * The number of results taken.
 */
size_t experiment_load_saved(struct experiment *e, const char *dir);
/*
 * The report is written: each result kept in @dir/json/ is gzipped
 * (STEM.json.gz), a tenth of its size, since the report holds what a
 * reader reads (summary.json, runs/) and these are for merge and
 * --resume.  Each file that cannot be is named on stderr and left as it
 * was; the number of those.
 */
size_t experiment_pack_saved(const struct experiment *e, const char *dir);
/*
 * --resume: is @dir/experiment.json this experiment (kernels, sweep,
 * points and their scenario fingerprints, seeds, --time, mmsim)?  0, or
 * -1 with what differs, and the command that started it, in @err.
 */
int experiment_check_saved(const struct experiment *e, const char *dir,
			   char *err, size_t len);

/*
 * --emit-jobs: one line per job,
 *   MMSIM run DIR/scenarios/X.ini --kernel K --seed S --json DIR/json/STEM.json
 * arguments shell-quoted where needed.  @mmsim: the command to print
 * ("mmsim").
 */
void experiment_emit_jobs(const struct experiment *e, const char *dir,
			  const char *mmsim, FILE *f);

/*
 * experiment.json: what merge needs to rebuild the columns of an emitted
 * experiment (kernels, points, labels, scenario files, seeds, and every
 * job's JSON file).  experiment_from_manifest() reads it back into an
 * experiment without results.
 */
int experiment_write_manifest(const struct experiment *e, const char *path,
			      char *err, size_t len);
/* The command line that wrote the manifest, kept in it ("argv"): a
 * resumed experiment names it when its options differ.  NULL: none. */
void experiment_set_argv(int argc, char *const *argv);
int experiment_from_manifest(struct experiment *e, const char *dir,
			     char *err, size_t len);

/*
 * mmsim merge: rebuild an experiment from run JSON files in @dirs.  With
 * an experiment.json (written by --emit-jobs) in one of them, its columns
 * and seeds, each job's file looked for under that directory's json/, and
 * then by name in every directory given; without one, every *.json file
 * of the directories (and their json/) that is a run result, in columns
 * by (kernel, scenario), kernels in table order.  Missing jobs are an
 * error unless @partial.  0, or -1 with @err.
 */
int experiment_merge(struct experiment *e, char *const *dirs, size_t nr_dirs,
		     bool partial, char *err, size_t len);

/* A kernel profile described, line by line. */
struct profile_text {
	char **lines;
	size_t nr;
	/* Every switch by name and its value's text (summary.json). */
	const char **switch_names;
	char **switch_values;
	size_t nr_switches;
};

/* The report view of an experiment's results (runs present only). */
struct experiment_report {
	struct report rep;
	struct report_column *columns;
	struct profile_text *profiles;	/* per column */
	struct run_result *runs;	/* shallow copies, column-major */
	char **stems;
	struct report_scenario *scenarios;
	const char **keys;
	double *run_seconds;		/* wall clock, report order */
	struct validation_findings *findings;	/* rep.findings */
};
void experiment_report_init(struct experiment_report *er,
			    const struct experiment *e, const char *command,
			    const char *version);
void experiment_report_free(struct experiment_report *er);

/*
 * Text-level override: @text with "@name = @value" in section @section
 * ("vm", "task music"): the key's line replaced where it is set, else a
 * line added at the end of the section, else (fixed sections only) the
 * section added at the end.  Line numbers before the change stay as
 * they were.  malloc'd text, or NULL with @err.
 */
char *scenario_text_override(const char *text, const char *section,
			     const char *name, const char *value, char *err,
			     size_t len);

/*
 * scenario_override(sc, "section.key", value) of the brief, on text:
 * resolve @key (section.key, TASK.key, or a bare key of a fixed section
 * or one set in exactly one section of @text) and override it.  On
 * success *section and *name are malloc'd when non-NULL.
 */
char *scenario_override(const char *text, const char *filename,
			const char *key, const char *value, char **section,
			char **name, char *err, size_t len);

#endif /* MMSIM_COMPARE_H */
