/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The report of an experiment over kernels (and sweep values): the text
 * tables on stdout and the report folder (summary.json, per-run CSV,
 * kern-logs, plots, index.html).
 *
 * Everything in the folder is a function of the runs' results, the
 * scenario text and the mmsim version, so two invocations with the same
 * seeds write the same bytes; the only exception is the "wall_clock"
 * object at the end of summary.json.
 */
#ifndef MMSIM_COMPARE_REPORT_H
#define MMSIM_COMPARE_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "metrics/metrics.h"

struct validation_findings;

struct report_column {
	const char *name;		/* table column: kernel, or kernel@label */
	const char *kernel;		/* profile name */
	const char *point;		/* sweep label, "" without a sweep */
	const struct run_result *runs;	/* seed order */
	const char *const *stems;	/* per run: file stem "NAME-seedS" */
	size_t nr_runs;
	/* The kernel profile's switches as `mmsim profiles` describes
	 * them (or why the name is not a profile), for summary.json. */
	const char *const *profile_lines;
	size_t nr_profile_lines;
	/* Every profile switch by name and its value (none when the name
	 * is not a profile). */
	const char *const *switch_names;
	const char *const *switch_values;
	size_t nr_switches;
};

struct report_scenario {
	const char *label;		/* sweep label, "" without a sweep */
	const char *name;		/* "<default>", a path, or a point file */
	const char *text;		/* NULL: not known (merge without experiment.json) */
};

struct report {
	const char *command;		/* "compare", "sweep", "merge" */
	const char *version;		/* mmsim's */
	const char *arch;		/* "x86_64", "x86", or "" when unknown */
	const struct report_column *columns;
	size_t nr_columns;
	const struct report_scenario *scenarios;
	size_t nr_scenarios;
	const char *const *sweep_keys;	/* as the user wrote them */
	size_t nr_sweep_keys;
	unsigned long long base_seed;
	unsigned int nr_seeds;		/* 0: not one common set (merge) */
	/* What the runs answer of the cover letter's claims: the text
	 * report and index.html open with it.  NULL: no findings block. */
	const struct validation_findings *findings;
};

/* ---- the text tables ------------------------------------------------ */

/* Significance level of the comparison's marks. */
#define REPORT_ALPHA 0.05

/*
 * The whole text report: the findings (rep->findings, report/findings.h),
 * a header line stating what the cover lines show, the cover letter's
 * lines, the MMTests comparison (Amean and
 * Stddev of every measure, percentages against the first column, Welch
 * marks), the "Ops" block from vmstat and congestion_wait by call site.
 */
void compare_report_print(FILE *f, const struct report *rep);
/* The pieces, for tests and for index.html. */
void compare_report_cover(FILE *f, const struct report *rep);
int compare_report_table(FILE *f, const struct report *rep);
void compare_report_ops(FILE *f, const struct report *rep);

/*
 * A row of one value per column (kernel): a block of the text report and
 * a table of index.html are made from the same rows.  NAN: no value.
 */
struct report_row {
	char name[64];
	const char *unit;		/* appended to the value: "%" or "" */
	int precision;
	double *v;			/* [nr_columns] */
};

/*
 * Rows of one value per column as MMTests prints its vmstat "Ops" block:
 * a name and one number per kernel (NAN: "n/a"), under the comparison
 * table's header split so the two blocks read alike.
 */
void compare_report_rows_print(FILE *f, const struct report *rep,
			       const struct report_row *rows, size_t nr_rows);

/*
 * The disks as blkparse and btt would show them, from the runs' block
 * layer measures (blk_busy_ns, blk_latency, blk_size, blk_seek): per
 * class, sync and async apart, the utilisation, requests per run, mean
 * request size, Q2C and D2C per bio, mean seek distance, and the shares
 * of requests by size and by seek distance (buckets empty in every
 * column left out).  Shares and means are over all runs of a column.
 * 0 rows when no run has any request.  Free with compare_report_rows_free.
 */
size_t compare_report_disk_rows(const struct report *rep,
				struct report_row **rows);
void compare_report_rows_free(struct report_row *rows, size_t nr);
void compare_report_disk(FILE *f, const struct report *rep);

/*
 * The measures of the comparison are the registry's shown ones
 * (metrics_shown(), metrics/metrics.h): the text table's rows, the bar
 * chart's panels, and index.html's summary, one table per group (in the
 * order the groups first appear), kernels as columns.
 */

/* Is shown measure @m (metrics_shown(@m)) 0 (or missing) in every run
 * of every column? */
bool report_measure_all_zero(const struct report *rep, size_t m);

/*
 * Columns whose runs are bit-identical to an earlier column's (every
 * run's result the same but for its kernel's name and its wall clock):
 * same[c] is that earlier column, or (size_t)-1.  Two kernels that give
 * the same runs mean the switches between them do nothing in this
 * scenario.  malloc'd, rep->nr_columns entries.
 */
size_t *report_identical_columns(const struct report *rep);

/* ---- the folder ----------------------------------------------------- */

struct report_wall_clock {
	double elapsed;			/* seconds the whole command took */
	const double *run_seconds;	/* per column, per run (column-major); NULL: none */
};

struct report_folder_opts {
	bool render;			/* run gnuplot when it is installed */
	const struct report_wall_clock *wall;
	const char *tables_text;	/* compare_report_print's output */
};

/*
 * Write @dir's report: summary.json, tables.txt, runs/STEM.csv and
 * runs/STEM-latency.csv, kern-logs/STEM.log, plots/ and index.html.
 * @dir must exist.  A one-line note about rendering (gnuplot missing or
 * failed), or "" , goes to @note.  Every file is tried; when gnuplot ran,
 * each PNG and SVG is read back (whole, not empty).  0, or -1 with one
 * line per file that could not be written in @err ("PATH: why").
 */
int report_write_folder(const struct report *rep, const char *dir,
			const struct report_folder_opts *o, char *note,
			size_t note_len, char *err, size_t err_len);

/* summary.json alone (the folder writer calls it). */
int report_write_summary(const struct report *rep, const char *path,
			 const struct report_wall_clock *wall, char *err,
			 size_t len);

/* @s with every byte outside [A-Za-z0-9._-] replaced by '_': a name
 * usable as a file name and in scripts without quoting. */
void report_file_safe_name(const char *s, char *buf, size_t len);

/* Write @text to @path through outfile.  0 or -1 with @err. */
int report_write_text(const char *path, const char *text, char *err,
		      size_t len);
/* @root (consumed; NULL is an encoding failure) as indented JSON with
 * keys in insertion order and a final newline, through report_write_text. */
struct json_t;
int report_write_json(const char *path, struct json_t *root, char *err,
		      size_t len);

#endif /* MMSIM_COMPARE_REPORT_H */
