/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Text tables in the shapes kernel developers already read:
 *
 *  - the cover letter's result lines,
 *        NAME  Elapsed:MM:SS.mmm  Failures:N
 *    with NAME left-justified and padded to two more than the longest name
 *    (in the Nov 2009 cover letter the longest row name has 39 characters,
 *    so "Elapsed:" starts in column 41, counting from 0);
 *
 *  - an MMTests compare-kernels comparison: one column per kernel, the
 *    first the baseline; one row per (statistic, measure); every cell a
 *    value and its difference from the baseline in percent, signed so that
 *    positive is better, as MMTests' pdiff/pndiff; an Amean that differs
 *    significantly from the baseline's (Welch's t-test, two-sided, level
 *    alpha, default 0.05) gets "*" instead of the parentheses.
 */
#ifndef MMSIM_TABLE_H
#define MMSIM_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* ---- the cover letter's lines --------------------------------------- */

struct cover_line {
	const char *name;	/* kernel row name, e.g. "2.6.30-0000000-force-highorder" */
	double elapsed;		/* seconds (mean over runs when there are several) */
	double elapsed_stddev;	/* seconds; NAN: the single-run form, no "(stddev:S)" */
	double failures;	/* printed as an integer when whole, else with 2 decimals */
};

/* Longest name + 2: the column where "Elapsed:" starts. */
int cover_name_width(const struct cover_line *lines, size_t n);
/*
 * One line, "\n"-terminated:
 *   NAME<pad>Elapsed:MM:SS.mmm  Failures:N
 *   NAME<pad>Elapsed:MM:SS.mmm(stddev:S.sss)  Failures:N
 * MM counts whole minutes (it goes past 59 rather than adding hours), the
 * time is rounded to the millisecond.  The (stddev:S) form follows the
 * description of Mel Gorman's later postings; its exact spacing there is
 * not known, so mmsim writes it directly after the time, S in seconds.
 */
void cover_line_print(FILE *f, int width, const struct cover_line *line);
/* All lines with a common width; with @group_by_base a blank line
 * separates rows whose base kernel (table_kernel_base) changes, as the
 * cover letter separates 2.6.30, 2.6.31 and 2.6.32-rc6. */
void cover_lines_print(FILE *f, const struct cover_line *lines, size_t n,
		       bool group_by_base);

/*
 * Split a kernel row name where MMTests splits its column headers: at the
 * first '-', or at the second when the first starts "-rcN".  So
 * "2.6.32-rc6-0012345-adjust-priority" -> "2.6.32-rc6" + "0012345-adjust-priority",
 * "2.6.31-revert-8aa7e847" -> "2.6.31" + "revert-8aa7e847",
 * "2.6.30" -> "2.6.30" + "".  Returns the length of the base; the rest
 * starts after the '-' (or is empty).
 */
size_t table_kernel_base(const char *name, const char **rest);

/* ---- the comparison table ------------------------------------------- */

enum measure_better {
	LOWER_IS_BETTER,	/* times, failures, stalls */
	HIGHER_IS_BETTER,	/* rates */
};

enum table_stat_kind {
	TABLE_MIN,
	TABLE_MAX,
	TABLE_AMEAN,		/* the row that gets the significance mark */
	TABLE_HMEAN,
	TABLE_STDDEV,
	TABLE_COEFFVAR,
	TABLE_PERCENTILE,	/* .percentile, type 7 (see stats.h) */
};

struct table_stat {
	enum table_stat_kind kind;
	double percentile;	/* TABLE_PERCENTILE only, 0..100; row named "P95" etc. */
};

struct compare_table;

struct compare_table *compare_table_new(const char *const *kernels,
					size_t nr_kernels);
void compare_table_free(struct compare_table *t);
/*
 * A measure (a row group).  @precision: decimals printed for its values
 * (MMTests prints 2).  Returns the measure's index, or -1 on allocation
 * failure.
 */
int compare_table_add_measure(struct compare_table *t, const char *name,
			      enum measure_better better, int precision);
/* One run's value of @measure on kernel column @kernel.  0 or -1. */
int compare_table_add_sample(struct compare_table *t, int measure,
			     size_t kernel, double value);

struct compare_table_opts {
	double alpha;			/* 0: 0.05 */
	const struct table_stat *stats;	/* NULL: Min Max Amean Stddev CoeffVar */
	size_t nr_stats;
	bool by_measure;		/* rows grouped by measure, not by statistic */
	bool no_legend;			/* omit the closing line that states alpha */
};

/*
 * Print the table.  Rows run statistic-major as in MMTests (every
 * measure's Min, then every measure's Max, ...) unless opts->by_measure.
 *
 *  - Each kernel column is as wide as its widest cell or header part plus
 *    one, and at least 23 (MMTests' 12-wide value and " (%7.2f%%)").
 *  - The header is two lines, the kernel name split by table_kernel_base
 *    and right-aligned (one line when no name splits).
 *  - Percent: higher is better: (new - base) / |base| * 100; lower is
 *    better: (base - new) / |base| * 100.  Stddev and CoeffVar rows always
 *    count lower as better, whatever the measure: less noise is better.
 *    A zero baseline against a non-zero value has no percentage and
 *    prints "from 0" (MMTests' compare-kernels prints 100.00% or -99.00%
 *    there, Stat.pm pdiff and pndiff, which reads as a fall where a
 *    count rose from 0); undefined values print "n/a".
 *  - Values and percentages are right-aligned each in its own width down
 *    a column (the percentage at least MMTests' 8, "%7.2f%%"), so a
 *    wide percentage such as -2094.32% widens its column and keeps it
 *    aligned.
 *  - "*" marks an Amean whose Welch p-value against the baseline column is
 *    below alpha; a column with fewer than two runs is never marked.
 *  - Trailing blanks are stripped from every line.
 */
int compare_table_print(const struct compare_table *t, FILE *f,
			const struct compare_table_opts *opts);

#endif /* MMSIM_TABLE_H */
