// SPDX-License-Identifier: GPL-2.0
/* Text tables: the cover letter's result lines and the MMTests-style
 * comparison, compared as exact text. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>
#include "report/table.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static char *buf;
static size_t buf_len;

static FILE *open_buf(void)
{
	free(buf);
	buf = NULL;
	return open_memstream(&buf, &buf_len);
}

static void assert_text(FILE *f, const char *want)
{
	fclose(f);
	if (strcmp(buf, want))
		fail_msg("got:\n%s\nwant:\n%s", buf, want);
}

/* m:ss.mmm of the cover letter to seconds. */
#define MS(min, sec) ((min) * 60.0 + (sec))

static void test_cover_letter_x86_64_table_verbatim(void **state)
{
	/* The x86-64 results exactly as the Nov 2009 cover letter prints
	 * them ("[PATCH 0/5] Reduce GFP_ATOMIC allocation failures,
	 * candidate fix V3", Mel Gorman, 12 Nov 2009), blank lines between
	 * the three base kernels. */
	static const struct cover_line rows[] = {
		{ "2.6.30-0000000-force-highorder", MS(9, 48.545), NAN, 0 },
		{ "2.6.31-0000000-force-highorder", MS(9, 13.020), NAN, 0 },
		{ "2.6.31-revert-8aa7e847", MS(9, 2.120), NAN, 0 },
		{ "2.6.31-0000012-pgalloc-2.6.30", MS(8, 52.742), NAN, 0 },
		{ "2.6.31-0000123-congestion-both", MS(8, 59.375), NAN, 0 },
		{ "2.6.31-0001234-kswapd-quick-recheck", MS(9, 19.208), NAN, 0 },
		{ "2.6.31-0012345-adjust-priority", MS(9, 39.225), NAN, 0 },
		{ "2.6.32-rc6-0000000-force-highorder", MS(19, 38.585), NAN, 5 },
		{ "2.6.32-rc6-revert-8aa7e847", MS(17, 21.257), NAN, 0 },
		{ "2.6.32-rc6-0000012-pgalloc-2.6.30", MS(18, 56.682), NAN, 1 },
		{ "2.6.32-rc6-0000123-congestion-both", MS(16, 8.340), NAN, 0 },
		{ "2.6.32-rc6-0001234-kswapd-quick-recheck", MS(18, 11.200), NAN, 7 },
		{ "2.6.32-rc6-0012345-adjust-priority", MS(21, 33.158), NAN, 0 },
	};
	FILE *f = open_buf();

	/* Longest name: "2.6.32-rc6-0001234-kswapd-quick-recheck", 39
	 * characters, so "Elapsed:" starts at column 41. */
	assert_int_equal(cover_name_width(rows, N(rows)), 41);
	cover_lines_print(f, rows, N(rows), true);
	assert_text(f,
"2.6.30-0000000-force-highorder           Elapsed:09:48.545  Failures:0\n"
"\n"
"2.6.31-0000000-force-highorder           Elapsed:09:13.020  Failures:0\n"
"2.6.31-revert-8aa7e847                   Elapsed:09:02.120  Failures:0\n"
"2.6.31-0000012-pgalloc-2.6.30            Elapsed:08:52.742  Failures:0\n"
"2.6.31-0000123-congestion-both           Elapsed:08:59.375  Failures:0\n"
"2.6.31-0001234-kswapd-quick-recheck      Elapsed:09:19.208  Failures:0\n"
"2.6.31-0012345-adjust-priority           Elapsed:09:39.225  Failures:0\n"
"\n"
"2.6.32-rc6-0000000-force-highorder       Elapsed:19:38.585  Failures:5\n"
"2.6.32-rc6-revert-8aa7e847               Elapsed:17:21.257  Failures:0\n"
"2.6.32-rc6-0000012-pgalloc-2.6.30        Elapsed:18:56.682  Failures:1\n"
"2.6.32-rc6-0000123-congestion-both       Elapsed:16:08.340  Failures:0\n"
"2.6.32-rc6-0001234-kswapd-quick-recheck  Elapsed:18:11.200  Failures:7\n"
"2.6.32-rc6-0012345-adjust-priority       Elapsed:21:33.158  Failures:0\n");
}

static void test_cover_line_stddev_and_rounding(void **state)
{
	static const struct cover_line rows[] = {
		/* mean of 5 runs: stddev form, fractional mean failures */
		{ "2.6.30", 588.5454, 12.3456, 0.4 },
		/* 59.9996 s rounds to 60.000 s: the minute carries */
		{ "2.6.31", 59.9996, NAN, 3 },
		/* an hour stays in minutes, as MM:SS has no hours field */
		{ "2.6.32-rc6", 3600, 0, 0 },
	};
	FILE *f = open_buf();

	/* width = strlen("2.6.32-rc6") + 2 = 12 */
	cover_lines_print(f, rows, N(rows), false);
	assert_text(f,
"2.6.30      Elapsed:09:48.545(stddev:12.346)  Failures:0.40\n"
"2.6.31      Elapsed:01:00.000  Failures:3\n"
"2.6.32-rc6  Elapsed:60:00.000(stddev:0.000)  Failures:0\n");
}

static void test_kernel_base_split(void **state)
{
	const char *rest;

	assert_int_equal(table_kernel_base("2.6.32-rc6-0012345-adjust-priority", &rest), 10);
	assert_string_equal(rest, "0012345-adjust-priority");
	assert_int_equal(table_kernel_base("2.6.31-revert-8aa7e847", &rest), 6);
	assert_string_equal(rest, "revert-8aa7e847");
	assert_int_equal(table_kernel_base("2.6.30", &rest), 6);
	assert_string_equal(rest, "");
	assert_int_equal(table_kernel_base("2.6.32-rc6", &rest), 10);
	assert_string_equal(rest, "");
	assert_int_equal(table_kernel_base("2.6.32-rc6+1+2+3", &rest), 16);
	assert_string_equal(rest, "");
}

static const char *const three_kernels[] = {
	"2.6.30-0000000-force-highorder",
	"2.6.32-rc6-0000000-force-highorder",
	"2.6.31-revert-8aa7e847",
};

static void test_compare_default_statistics(void **state)
{
	/*
	 * elapsed (lower is better):
	 *   A {100, 110, 120}: min 100, max 120, mean 110, stddev 10,
	 *     CoeffVar 10/110*100 = 9.09
	 *   B {200, 220, 240}: min 200 (-100%), max 240 (-100%), mean 220
	 *     (-100%), stddev 20 (-100%), CoeffVar 20/220*100 = 9.09 (0%).
	 *     Welch B vs A: t = 110/sqrt(400/3 + 100/3) = 8.52, df 2.94,
	 *     p = 0.0037 < 0.05, so the Amean is starred.
	 *   C {105, 125, 100}: max 125 -> (120-125)/120 = -4.17%; mean 110,
	 *     t = 0, p = 1, no star; stddev sqrt((25+225+100)/2) = 13.23 ->
	 *     (10-13.23)/10 = -32.29%; CoeffVar 13.23/110*100 = 12.03 ->
	 *     (9.09-12.03)/9.09 = -32.29%.
	 * failures (lower is better):
	 *   A {0, 0, 0}; B {5, 7, 1}: mean 13/3 = 4.33, stddev
	 *     sqrt(((2/3)^2 + (8/3)^2 + (10/3)^2)/2) = sqrt(28/3) = 3.06;
	 *     against a zero baseline there is no percentage: "from 0" (where
	 *     MMTests' pndiff prints -99.00%, a fall where failures rose).
	 *     Welch: t = 4.33/sqrt(28/9) = 2.457, df 2, p = 1 - t/sqrt(2+t^2)
	 *     = 0.133: no star.  CoeffVar of A and C is undefined (mean 0).
	 */
	struct compare_table *t = compare_table_new(three_kernels, 3);
	static const double ea[] = { 100, 110, 120 }, eb[] = { 200, 220, 240 },
		ec[] = { 105, 125, 100 }, fa[] = { 0, 0, 0 }, fb[] = { 5, 7, 1 };
	int e = compare_table_add_measure(t, "elapsed", LOWER_IS_BETTER, 2);
	int fl = compare_table_add_measure(t, "failures", LOWER_IS_BETTER, 2);
	FILE *f;

	assert_int_equal(e, 0);
	assert_int_equal(fl, 1);
	for (size_t i = 0; i < 3; i++) {
		assert_int_equal(compare_table_add_sample(t, e, 0, ea[i]), 0);
		compare_table_add_sample(t, e, 1, eb[i]);
		compare_table_add_sample(t, e, 2, ec[i]);
		compare_table_add_sample(t, fl, 0, fa[i]);
		compare_table_add_sample(t, fl, 1, fb[i]);
		compare_table_add_sample(t, fl, 2, fa[i]);
	}
	assert_int_equal(compare_table_add_sample(t, e, 3, 1), -1);
	f = open_buf();
	assert_int_equal(compare_table_print(t, f, NULL), 0);
	assert_text(f,
"                                   2.6.30              2.6.32-rc6                 2.6.31\n"
"                  0000000-force-highorder 0000000-force-highorder        revert-8aa7e847\n"
"Min      elapsed        100.00 (   0.00%)       200.00 (-100.00%)      100.00 (   0.00%)\n"
"Min      failures         0.00 (   0.00%)         1.00 (  from 0)        0.00 (   0.00%)\n"
"Max      elapsed        120.00 (   0.00%)       240.00 (-100.00%)      125.00 (  -4.17%)\n"
"Max      failures         0.00 (   0.00%)         7.00 (  from 0)        0.00 (   0.00%)\n"
"Amean    elapsed        110.00 (   0.00%)       220.00 *-100.00%*      110.00 (   0.00%)\n"
"Amean    failures         0.00 (   0.00%)         4.33 (  from 0)        0.00 (   0.00%)\n"
"Stddev   elapsed         10.00 (   0.00%)        20.00 (-100.00%)       13.23 ( -32.29%)\n"
"Stddev   failures         0.00 (   0.00%)         3.06 (  from 0)        0.00 (   0.00%)\n"
"CoeffVar elapsed          9.09 (   0.00%)         9.09 (   0.00%)       12.03 ( -32.29%)\n"
"CoeffVar failures          n/a (     n/a)        70.50 (     n/a)         n/a (     n/a)\n"
"Percent: difference from 2.6.30-0000000-force-highorder, positive is better; "
"*x%*: Amean differs at alpha 0.05 (Welch's t-test, two-sided); from 0: the "
"baseline is 0, the value is the change\n");
	compare_table_free(t);
}

/*
 * A percentage wider than MMTests' 8 characters (-2094.32%, a zero
 * baseline's "from 0") widens its column and keeps
 * every value and every percentage of the column aligned.
 */
static void test_compare_wide_percentages_stay_aligned(void **state)
{
	static const char *const k[] = { "base", "new", "other" };
	struct compare_table *t = compare_table_new(k, 3);
	int lat = compare_table_add_measure(t, "latency", LOWER_IS_BETTER, 2);
	int rate = compare_table_add_measure(t, "rate", HIGHER_IS_BETTER, 2);
	struct compare_table_opts opts = { .no_legend = true };
	char *text, *line, *save = NULL;
	long open_col[3] = { -1, -1, -1 }, val_end[3] = { -1, -1, -1 };
	FILE *f;

	(void)state;
	/* 10 -> 219.4320: (10 - 219.432) / 10 = -2094.32%. */
	compare_table_add_sample(t, lat, 0, 10);
	compare_table_add_sample(t, lat, 1, 219.432);
	compare_table_add_sample(t, lat, 2, 9);
	compare_table_add_sample(t, rate, 0, 0);
	compare_table_add_sample(t, rate, 1, 5);
	compare_table_add_sample(t, rate, 2, 123456.78);
	f = open_buf();
	assert_int_equal(compare_table_print(t, f, &opts), 0);
	fclose(f);
	text = strdup(buf);
	assert_non_null(strstr(text, "(-2094.32%)"));
	/* A rate from a zero baseline: no percentage, "from 0". */
	assert_non_null(strstr(text, "(  from 0)"));
	assert_null(strstr(text, "100.00%"));
	assert_null(strstr(text, "inf"));
	/* Below the header, the k-th '(' and the end of the k-th value sit
	 * in the same columns on every line. */
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		const char *p = line;

		if (!strchr(line, '('))
			continue;
		for (int c = 0; c < 3; c++) {
			long o, v;

			p = strchr(p, '(');
			assert_non_null(p);
			o = p - line;
			v = o - 1;	/* the blank before '(' ends the value */
			if (open_col[c] < 0) {
				open_col[c] = o;
				val_end[c] = v;
			}
			if (o != open_col[c] || v != val_end[c])
				fail_msg("column %d misaligned in '%s'", c, line);
			p++;
		}
	}
	free(text);
	compare_table_free(t);
}

static void test_compare_higher_is_better_by_measure(void **state)
{
	/*
	 * A rate, higher is better: A {100, 102, 98}, B {150, 152, 148}.
	 * Amean 100 -> 150: +50%; Welch t = 50/sqrt(4/3 + 4/3) = 30.6, df 4,
	 * p < 1e-5: starred.  P50 100 -> 150: +50%.  Hmean:
	 * 3/(1/100 + 1/102 + 1/98) = 99.9733, 3/(1/150 + 1/152 + 1/148) =
	 * 149.9822, (149.9822 - 99.9733)/99.9733 = +50.02%.  Stddev 2 and 2:
	 * 0%.  A narrow one-line header: no name has a '-'.
	 */
	static const char *const k[] = { "base", "new" };
	static const struct table_stat st[] = {
		{ TABLE_AMEAN, 0 }, { TABLE_PERCENTILE, 50 },
		{ TABLE_HMEAN, 0 }, { TABLE_STDDEV, 0 },
	};
	struct compare_table_opts opts = {
		.stats = st, .nr_stats = N(st), .by_measure = true,
		.no_legend = true,
	};
	struct compare_table *t = compare_table_new(k, 2);
	static const double a[] = { 100, 102, 98 }, b[] = { 150, 152, 148 };
	int m = compare_table_add_measure(t, "pkts/s", HIGHER_IS_BETTER, 2);
	int n = compare_table_add_measure(t, "drops", LOWER_IS_BETTER, 0);
	FILE *f;

	for (size_t i = 0; i < 3; i++) {
		compare_table_add_sample(t, m, 0, a[i]);
		compare_table_add_sample(t, m, 1, b[i]);
	}
	/* drops: one run each: 4 -> 3 is 25% better; no stddev, no test */
	compare_table_add_sample(t, n, 0, 4);
	compare_table_add_sample(t, n, 1, 3);
	f = open_buf();
	compare_table_print(t, f, &opts);
	assert_text(f,
"                                base                    new\n"
"Amean  pkts/s      100.00 (   0.00%)      150.00 *  50.00%*\n"
"P50    pkts/s      100.00 (   0.00%)      150.00 (  50.00%)\n"
"Hmean  pkts/s       99.97 (   0.00%)      149.98 (  50.02%)\n"
"Stddev pkts/s        2.00 (   0.00%)        2.00 (   0.00%)\n"
"Amean  drops            4 (   0.00%)           3 (  25.00%)\n"
"P50    drops            4 (   0.00%)           3 (  25.00%)\n"
"Hmean  drops            4 (   0.00%)           3 (  25.00%)\n"
"Stddev drops          n/a (     n/a)         n/a (     n/a)\n");
	compare_table_free(t);
}

static void test_compare_columns_widen_for_wide_values(void **state)
{
	/*
	 * A value of 14 characters ("12345678901.50") needs a 26-wide cell
	 * (14 + 11) and one blank before it: the column is 26, not 23.
	 * 12345678901.5 vs 12345678901.5 * 0.9 = 11111111011.35 (lower is
	 * better: +10.00%).  A significance level of 0.001 is stated in the
	 * legend; with one run per column nothing is starred.
	 */
	static const char *const k[] = { "a", "b" };
	struct compare_table_opts opts = { .alpha = 0.001 };
	struct compare_table *t = compare_table_new(k, 2);
	int m = compare_table_add_measure(t, "bytes", LOWER_IS_BETTER, 2);
	FILE *f;

	compare_table_add_sample(t, m, 0, 12345678901.5);
	compare_table_add_sample(t, m, 1, 12345678901.5 * 0.9);
	f = open_buf();
	opts.stats = (const struct table_stat[]){ { TABLE_AMEAN, 0 } };
	opts.nr_stats = 1;
	compare_table_print(t, f, &opts);
	assert_text(f,
"                                    a                         b\n"
"Amean bytes 12345678901.50 (   0.00%) 11111111011.35 (  10.00%)\n"
"Percent: difference from a, positive is better; "
"*x%*: Amean differs at alpha 0.001 (Welch's t-test, two-sided); from 0: the "
"baseline is 0, the value is the change\n");
	compare_table_free(t);
}

static void test_compare_kernel_without_runs(void **state)
{
	/* A column with no runs prints n/a and is never starred. */
	static const char *const k[] = { "a", "b" };
	struct compare_table_opts opts = { .no_legend = true };
	struct compare_table *t = compare_table_new(k, 2);
	int m = compare_table_add_measure(t, "stalls", LOWER_IS_BETTER, 1);
	FILE *f;

	compare_table_add_sample(t, m, 0, 2);
	compare_table_add_sample(t, m, 0, 4);
	opts.stats = (const struct table_stat[]){ { TABLE_AMEAN, 0 }, { TABLE_MAX, 0 } };
	opts.nr_stats = 2;
	f = open_buf();
	compare_table_print(t, f, &opts);
	assert_text(f,
"                                  a                      b\n"
"Amean stalls         3.0 (   0.00%)         n/a (     n/a)\n"
"Max   stalls         4.0 (   0.00%)         n/a (     n/a)\n");
	compare_table_free(t);
}

static int teardown(void **state)
{
	free(buf);
	buf = NULL;
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cover_letter_x86_64_table_verbatim),
		cmocka_unit_test(test_cover_line_stddev_and_rounding),
		cmocka_unit_test(test_kernel_base_split),
		cmocka_unit_test(test_compare_default_statistics),
		cmocka_unit_test(test_compare_wide_percentages_stay_aligned),
		cmocka_unit_test(test_compare_higher_is_better_by_measure),
		cmocka_unit_test(test_compare_columns_widen_for_wide_values),
		cmocka_unit_test(test_compare_kernel_without_runs),
	};

	return cmocka_run_group_tests_name("table", tests, NULL, teardown);
}
