/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The table measures (MEASURE_TABLE with .show, metrics/metrics.h) as the
 * reports show them: rows, values and their names all from the measure's
 * declaration, so that a table measure is added by its declaration alone.
 * One text renderer here, one HTML renderer in html.c, both over the
 * same struct measure_table.
 */
#ifndef MMSIM_REPORT_MEASURE_TABLE_H
#define MMSIM_REPORT_MEASURE_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "compare_report.h"

#define MEASURE_TABLE_KEYS	3	/* name parts of a row, at most */
#define MEASURE_TABLE_VALUES	16	/* values of a row, at most */

struct measure_table_row {
	const char *key[MEASURE_TABLE_KEYS];	/* NULL after the last */
	char *index[MEASURE_TABLE_KEYS];	/* owned keys: indexes as text */
	double *v;		/* [value][column]: the mean per run; NAN: no run */
};

struct measure_table {
	const struct measure *m;
	size_t nr_columns;
	size_t nr_keys;
	const char *key_title[MEASURE_TABLE_KEYS];
	size_t nr_values;
	/* Per value: its title (NULL: the measure's only value), the
	 * divisor that turns it into what is shown (1e9 for "ns"), and
	 * whether that is a whole number in one run. */
	const char *value_title[MEASURE_TABLE_VALUES];
	double scale[MEASURE_TABLE_VALUES];
	bool whole[MEASURE_TABLE_VALUES];
	struct measure_table_row *rows;
	size_t nr_rows;
	double *total;		/* [value][column] with .show_total, else NULL */
};

/* Table measure @m over the columns of @rep; free with measure_table_free(). */
void measure_table_build(struct measure_table *t, const struct measure *m,
			 const struct report *rep);
void measure_table_free(struct measure_table *t);
/* A row's name in compare's text and index.html: the prefix (in the
 * text, with @prefix), the keys, and the value's title; @row nr_rows is
 * the total's. */
void measure_table_row_name(const struct measure_table *t, size_t row,
			    size_t value, bool prefix, char *buf, size_t len);
/* Decimals of value @value's means (compare, index.html). */
int measure_table_precision(const struct measure_table *t, size_t value);

/*
 * Every table measure shown in @where (SHOW_RUN, SHOW_COMPARE), as text:
 * one run (mmsim run) as a table with a column per value and its sums;
 * several (compare) as rows of a value each, a column per kernel.  Each
 * table is preceded by a blank line.
 */
void measure_tables_text(FILE *f, const struct report *rep, unsigned int where);

/* One run as a report of one column, for measure_tables_text(). */
void measure_table_one_run(const struct run_result *r, struct report *rep,
			   struct report_column *col);

#endif /* MMSIM_REPORT_MEASURE_TABLE_H */
