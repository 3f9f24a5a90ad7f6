// SPDX-License-Identifier: GPL-2.0
/*
 * The table measures' renderers (report/measure_table.c, report/html.c)
 * over measures declared here, in the test alone: a list of records keyed
 * by two names and a two-dimension array.  Nothing in report/ knows them,
 * so their tables in mmsim run's text, compare's and index.html come from
 * their declarations only: rows, values, titles, units, the caption, the
 * rows' prefix and the sums.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "testlib.h"
#include "metrics/records.h"
#include "report/measure_table.h"

/* ---- the measures, as a producer would declare them ---------------------- */

struct wait_record {
	char pool[16];
	char who[16];
	char note[16];		/* not shown: no title */
	uint64_t waits;
	uint64_t time;		/* ns */
	uint64_t hidden;	/* not shown: no title */
};

static const struct measure_field wait_fields[] = {
	{ .json = "pool", .type = FIELD_CHARS,
	  MEASURE_FIELD(struct wait_record, pool), .title = "pool" },
	{ .json = "who", .type = FIELD_CHARS,
	  MEASURE_FIELD(struct wait_record, who), .title = "who" },
	{ .json = "note", .type = FIELD_CHARS,
	  MEASURE_FIELD(struct wait_record, note) },
	{ .json = "waits", .type = FIELD_UINT,
	  MEASURE_FIELD(struct wait_record, waits), .title = "waits" },
	{ .json = "time_ns", .type = FIELD_UINT,
	  MEASURE_FIELD(struct wait_record, time), .title = "seconds",
	  .unit = "ns" },
	{ .json = "hidden", .type = FIELD_UINT,
	  MEASURE_FIELD(struct wait_record, hidden) },
};

static const struct measure_record wait_record = {
	.name = "test_wait", .fields = wait_fields,
	.nr_fields = sizeof(wait_fields) / sizeof(wait_fields[0]),
	.size = sizeof(struct wait_record),
};

static struct measure test_waits_measure = {
	.name = "test_waits", .doc = "a test's waits by pool and waiter",
	.unit = "calls, ns", .kind = MEASURE_TABLE, .type = MT_LIST,
	.record = &wait_record,
	.show = SHOW_RUN | SHOW_COMPARE | SHOW_HTML,
	.caption = "test waits by pool and waiter", .row_prefix = "tw",
	.show_total = true,
};
MEASURE_REGISTER(test_waits_measure);

static const char *grid_name(unsigned int dim, unsigned int i)
{
	static const char *const rows[] = { "alpha", "beta", "gamma" };
	static const char *const cols[] = { "x", "y" };

	return dim ? cols[i] : rows[i];
}

static struct measure test_grid_measure = {
	.name = "test_grid", .doc = "a test's counts by row and column",
	.unit = "events", .kind = MEASURE_TABLE, .type = MT_ARRAY,
	.dims = { 3, 2 }, .element_name = grid_name,
	.show = SHOW_RUN | SHOW_COMPARE, .keys = { "row" },
};
MEASURE_REGISTER(test_grid_measure);

/* A grid of congestion_wait's records without element names: by index. */
static struct measure test_by_order_measure = {
	.name = "test_by_order", .doc = "a test's naps by order",
	.unit = "calls, ns", .kind = MEASURE_TABLE, .type = MT_GRID,
	.dims = { 4 }, .keys = { "order" }, .record = &cw_total_record,
	.show = SHOW_RUN,
};
MEASURE_REGISTER(test_by_order_measure);

/* ---- helpers ------------------------------------------------------------- */

static void add_wait(struct run_result *r, const char *pool, const char *who,
		     uint64_t waits, uint64_t ns)
{
	struct wait_record w;

	memset(&w, 0, sizeof(w));
	snprintf(w.pool, sizeof(w.pool), "%s", pool);
	snprintf(w.who, sizeof(w.who), "%s", who);
	snprintf(w.note, sizeof(w.note), "not shown");
	w.waits = waits;
	w.time = ns;
	w.hidden = 12345;
	result_append(r, "test_waits", &w);
}

/* Run @k: pool "bio" waited by kswapd 2k times for k s (two records
 * of it, k and k), by "direct" k times; the grid's beta/y is 3k. */
static void fabricate(struct run_result *r, uint64_t k)
{
	result_init(r);
	result_set_text(r, "kernel", k == 1 ? "2.6.30" : "2.6.31");
	add_wait(r, "bio", "kswapd", k, k * 500000000ULL);
	add_wait(r, "bio", "direct", k, 0);
	add_wait(r, "bio", "kswapd", k, k * 500000000ULL);
	result_uints_mut(r, "test_grid")[1 * 2 + 1] = 3 * k;
	((struct cw_total *)result_records_mut(r, "test_by_order", NULL))[2] =
		(struct cw_total){ 5 * k, 0, 0 };
}

static char *text_of(const struct report *rep, unsigned int where)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	measure_tables_text(f, rep, where);
	assert_int_equal(fclose(f), 0);
	return text;
}

/* ---- tests --------------------------------------------------------------- */

static void test_one_run(void **state)
{
	struct run_result r;
	struct report rep;
	struct report_column col;
	char *text;

	(void)state;
	fabricate(&r, 1);
	measure_table_one_run(&r, &rep, &col);
	text = text_of(&rep, SHOW_RUN);
	/* The list: a row per pool and waiter, records of one summed; the
	 * titled fields only; ns as seconds; the sums; the table named by
	 * its first column. */
	assert_non_null(strstr(text,
		"\ntest_waits  who     waits  seconds\n"
		"bio         kswapd      2    1.000\n"
		"bio         direct      1    0.000\n"
		"total                   3    1.000\n"));
	assert_null(strstr(text, "not shown"));
	assert_null(strstr(text, "12345"));
	/* The array: a row per first-dimension name with a value, a column
	 * per second-dimension name. */
	assert_non_null(strstr(text, "\ntest_grid  x  y\nbeta       0  3\n"));
	assert_null(strstr(text, "alpha"));
	/* The grid without names: its cells by index, as saved. */
	assert_non_null(strstr(text, "\ntest_by_order  calls  timeouts  seconds\n"
			       "2                  5         0    0.000\n"));
	free(text);
	result_free(&r);
}

static void test_columns(void **state)
{
	struct run_result runs[2];
	struct report_column cols[2];
	struct report rep;
	char *text;

	(void)state;
	fabricate(&runs[0], 1);
	fabricate(&runs[1], 2);
	memset(cols, 0, sizeof(cols));
	memset(&rep, 0, sizeof(rep));
	for (int c = 0; c < 2; c++) {
		cols[c].name = result_text(&runs[c], "kernel");
		cols[c].runs = &runs[c];
		cols[c].nr_runs = 1;
	}
	rep.columns = cols;
	rep.nr_columns = 2;
	text = text_of(&rep, SHOW_COMPARE);
	assert_non_null(strstr(text,
		"\ntest waits by pool and waiter, means per run.\n"
		"                             2.6.30        2.6.31\n"
		"tw bio kswapd waits            2.00          4.00\n"
		"tw bio kswapd seconds         1.000         2.000\n"
		"tw bio direct waits            1.00          2.00\n"
		"tw bio direct seconds         0.000         0.000\n"
		"tw total waits                 3.00          6.00\n"
		"tw total seconds              1.000         2.000\n"));
	/* No caption, no prefix: the measure's name, the keys alone. */
	assert_non_null(strstr(text, "\ntest_grid, means per run.\n"));
	assert_non_null(strstr(text, "\nbeta y "));
	/* vm_events is declared for index.html only: not in the text. */
	assert_null(strstr(text, "VM event counters"));
	free(text);
	result_free(&runs[0]);
	result_free(&runs[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_run),
		cmocka_unit_test(test_columns),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
