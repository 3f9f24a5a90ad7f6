// SPDX-License-Identifier: GPL-2.0
/*
 * Statistics against values computed independently of mmsim.
 *
 * Where an expectation is not arithmetic shown in the test, it was computed
 * with Python 3 and mpmath 1.3.0 at 40 significant digits (mp.mp.dps = 40),
 * and every p-value was computed twice, by mpmath's own incomplete beta and
 * by numerically integrating the t density; the two agreed to 20 digits.
 * The helpers, so a reader can recheck any number:
 *
 *   import mpmath as mp, math, statistics as st; mp.mp.dps = 40
 *   def p2(t, df):      # two-sided Student t p-value
 *       t = mp.mpf(t); df = mp.mpf(df)
 *       return mp.betainc(df/2, mp.mpf(1)/2, 0, df/(df+t*t), regularized=True)
 *   def p2quad(t, df):  # the same by integrating the density
 *       t = mp.mpf(t); df = mp.mpf(df)
 *       c = mp.gamma((df+1)/2) / (mp.sqrt(df*mp.pi) * mp.gamma(df/2))
 *       return 2*mp.quad(lambda u: c*(1+u*u/df)**(-(df+1)/2), [abs(t), mp.inf])
 *   def welch(a, b):    # what R's t.test(a, b) prints as t, df, p-value
 *       sa = st.variance(a)/len(a); sb = st.variance(b)/len(b)
 *       t = (st.mean(a)-st.mean(b))/math.sqrt(sa+sb)
 *       df = (sa+sb)**2/(sa*sa/(len(a)-1)+sb*sb/(len(b)-1))
 *       return t, df, p2(t, df)
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <math.h>
#include <cmocka.h>
#include "metrics/stats.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* |got - want| <= rel * |want| (or <= rel when want is 0). */
static void assert_close(double got, double want, double rel)
{
	double tol = want == 0 ? rel : rel * fabs(want);

	if (!(fabs(got - want) <= tol))
		fail_msg("got %.17g, want %.17g (relative tolerance %g)",
			 got, want, rel);
}

static const double five[] = { 5, 1, 4, 2, 3 };	/* 1..5, unsorted */

static void test_mean_stddev_min_max(void **state)
{
	/* mean (1+2+3+4+5)/5 = 3; squared deviations 4+1+0+1+4 = 10,
	 * variance 10/(5-1) = 2.5, stddev sqrt(2.5). */
	assert_close(stats_mean(five, 5), 3, 1e-15);
	assert_close(stats_variance(five, 5), 2.5, 1e-15);
	assert_close(stats_stddev(five, 5), 1.5811388300841898, 1e-15);
	assert_true(stats_min(five, 5) == 1);
	assert_true(stats_max(five, 5) == 5);
}

static void test_coeffvar_and_hmean(void **state)
{
	static const double with_zero[] = { 1, 0, 2 };
	static const double zero_mean[] = { -1, 1 };

	/* CoeffVar = sqrt(2.5) / 3 * 100 = 52.704627669472988 (percent). */
	assert_close(stats_coeffvar(five, 5), 52.704627669472988, 1e-14);
	/* hmean = 5 / (1 + 1/2 + 1/3 + 1/4 + 1/5) = 5 / (137/60) = 300/137. */
	assert_close(stats_hmean(five, 5), 300.0 / 137.0, 1e-15);
	assert_true(isnan(stats_hmean(with_zero, 3)));
	assert_true(isnan(stats_coeffvar(zero_mean, 2)));
}

static void test_percentiles_interpolate_type7(void **state)
{
	static const double four[] = { 40, 10, 30, 20 };

	/* n = 5: h = 4p/100.  p25 -> h 1 -> 2; p90 -> h 3.6 -> 4 + 0.6 = 4.6;
	 * p95 -> h 3.8 -> 4.8; p0 and p100 are min and max. */
	assert_close(stats_percentile(five, 5, 25), 2, 1e-15);
	assert_close(stats_percentile(five, 5, 90), 4.6, 1e-15);
	assert_close(stats_percentile(five, 5, 95), 4.8, 1e-15);
	assert_close(stats_percentile(five, 5, 0), 1, 0);
	assert_close(stats_percentile(five, 5, 100), 5, 0);
	/* n = 4: p50 -> h 1.5 -> 20 + 0.5 * 10 = 25 (the median);
	 * p95 -> h 2.85 -> 30 + 0.85 * 10 = 38.5.  R: quantile(c(10,20,30,40),
	 * c(.5,.95)) gives 25.0 38.5. */
	assert_close(stats_percentile(four, 4, 50), 25, 1e-15);
	assert_close(stats_percentile(four, 4, 95), 38.5, 1e-15);
	assert_true(isnan(stats_percentile(four, 4, 101)));
	assert_true(isnan(stats_percentile(four, 0, 50)));
}

static void test_small_samples_are_undefined(void **state)
{
	static const double one[] = { 7 };

	assert_true(isnan(stats_mean(one, 0)));
	assert_close(stats_mean(one, 1), 7, 0);
	assert_true(isnan(stats_stddev(one, 1)));
	assert_true(isnan(stats_coeffvar(one, 1)));
	assert_close(stats_percentile(one, 1, 95), 7, 0);
}

static void test_identical_samples_have_zero_spread(void **state)
{
	/* Summing 0.1 three times rounds (0.30000000000000004); the spread of
	 * identical samples must still be exactly 0 and the mean exactly 0.1. */
	static const double same[] = { 0.1, 0.1, 0.1 };

	assert_true(stats_mean(same, 3) == 0.1);
	assert_true(stats_variance(same, 3) == 0);
}

static void test_betai_closed_forms(void **state)
{
	/* I_x(1,1) = x; I_x(a,1) = x^a; I_x(1,b) = 1 - (1-x)^b;
	 * I_{1/2}(a,a) = 1/2 by symmetry. */
	assert_close(stats_betai(1, 1, 0.3), 0.3, 1e-14);
	assert_close(stats_betai(3, 1, 0.6), 0.216, 1e-14);
	assert_close(stats_betai(1, 4, 0.2), 1 - 0.4096, 1e-14);
	assert_close(stats_betai(50, 50, 0.5), 0.5, 1e-13);
	/* Integer a, b: I_x(a,b) = sum_{j=a}^{a+b-1} C(n,j) x^j (1-x)^(n-j),
	 * n = a+b-1.  I_0.9(3,4) = 1 - (0.1^6 + 6*0.9*0.1^5 + 15*0.81*0.1^4)
	 * = 1 - (0.000001 + 0.000054 + 0.001215) = 0.99873. */
	assert_close(stats_betai(3, 4, 0.9), 0.99873, 1e-13);
	assert_true(stats_betai(2, 3, 0) == 0);
	assert_true(stats_betai(2, 3, 1) == 1);
	assert_true(isnan(stats_betai(0, 3, 0.5)));
	assert_true(isnan(stats_betai(2, 3, 1.5)));
}

static void test_betai_against_mpmath(void **state)
{
	/* mp.betainc(a, b, 0, x, regularized=True) */
	assert_close(stats_betai(2.5, 0.5, 0.3), 0.018927124071945651653, 1e-13);
	assert_close(stats_betai(0.5, 2.5, 0.7), 0.98107287592805433909, 1e-13);
	assert_close(stats_betai(10, 20, 0.4), 0.78531838976282617771, 1e-13);
	assert_close(stats_betai(100, 0.5, 0.99), 0.15677586542444078337, 1e-12);
	/* Large a: the documented accuracy is about 1e-10 here. */
	assert_close(stats_betai(5e5, 0.5, 0.999999), 0.31731050785589557763, 1e-9);
}

static void test_student_t_closed_forms(void **state)
{
	/* df = 1 (Cauchy): p = 1 - (2/pi) atan|t|; t = 1 gives exactly 0.5.
	 * df = 2: p = 1 - |t| / sqrt(2 + t^2); t = 2 gives 1 - 2/sqrt(6)
	 * = 0.18350341907227397. */
	assert_close(stats_student_t_p2(1, 1), 0.5, 1e-14);
	assert_close(stats_student_t_p2(-3, 1), 1 - 2 / M_PI * atan(3), 1e-14);
	assert_close(stats_student_t_p2(2, 2), 0.18350341907227397, 1e-14);
	assert_true(stats_student_t_p2(0, 5) == 1);
	assert_true(stats_student_t_p2(INFINITY, 5) == 0);
	assert_true(isnan(stats_student_t_p2(1, 0)));
	assert_true(isnan(stats_student_t_p2(NAN, 3)));
}

static void test_student_t_against_tables_and_mpmath(void **state)
{
	/* Printed t tables give the two-sided 5% critical values 2.228 (df 10)
	 * and 2.571 (df 5), so p must come out near 0.05; the exact values are
	 * p2(2.228, 10) and p2(2.571, 5). */
	assert_close(stats_student_t_p2(2.228, 10), 0.050011771817111365362, 1e-12);
	assert_close(stats_student_t_p2(2.571, 5), 0.049974634683851392071, 1e-12);
	/* Near-normal: df 1e6, t = the normal 97.5% point 1.959963984540054. */
	assert_close(stats_student_t_p2(1.959963984540054, 1e6),
		     0.050000277295221660034, 1e-9);
	/* Non-integer df, as Welch produces. */
	assert_close(stats_student_t_p2(3.5, 7.3), 0.0093431385284855575716, 1e-12);
	assert_close(stats_student_t_p2(-1.7, 12.25), 0.11435912698482298024, 1e-12);
	assert_close(stats_student_t_p2(0.1, 3), 0.92665234880080582486, 1e-12);
	assert_close(stats_student_t_p2(10, 4), 0.00056200362271599115571, 1e-12);
	/* Far tail: relative accuracy must hold, not just absolute. */
	assert_close(stats_student_t_p2(50, 30), 1.8715417659222712596e-30, 1e-11);
}

static void test_welch_wikipedia_example(void **state)
{
	/* Wikipedia, "Welch's t-test", example 1 (rounded there to t = -2.46,
	 * df = 24.99, p = 0.021).  welch(A1, A2) gives t = -2.455356398286006,
	 * df = 24.98852929023142, p = 0.021378001462866984081. */
	static const double a1[] = { 27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9,
		20.1, 21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4 };
	static const double a2[] = { 27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8,
		22.0, 24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4 };
	struct welch_result r;

	assert_int_equal(stats_welch(a1, N(a1), a2, N(a2), &r), 0);
	assert_close(r.t, -2.455356398286006, 1e-12);
	assert_close(r.df, 24.98852929023142, 1e-12);
	assert_close(r.p, 0.021378001462866984081, 1e-11);
}

static void test_welch_elapsed_times(void **state)
{
	/* Elapsed seconds of two kernels over five seeds, shaped like the
	 * cover letter's rc6 vs .31 rows.  welch(E, F) gives
	 * t = 20.965497691192564, df = 7.452456736803603,
	 * p = 6.7430802404947651220e-08. */
	static const double e[] = { 1178.585, 1160.2, 1190.1, 1175.0, 1182.4 };
	static const double f[] = { 1041.257, 1050.3, 1038.9, 1060.0, 1045.5 };
	/* Small counts with unequal sizes: welch(G, H) gives
	 * t = 2.1555282996991387, df = 4.130904586999231,
	 * p = 0.095203634852390602567. */
	static const double g[] = { 5, 0, 1, 7, 2 };
	static const double h[] = { 0, 0, 0, 0, 1, 0 };
	struct welch_result r;

	assert_int_equal(stats_welch(e, N(e), f, N(f), &r), 0);
	assert_close(r.t, 20.965497691192564, 1e-12);
	assert_close(r.df, 7.452456736803603, 1e-12);
	assert_close(r.p, 6.7430802404947651220e-08, 1e-10);

	assert_int_equal(stats_welch(g, N(g), h, N(h), &r), 0);
	assert_close(r.t, 2.1555282996991387, 1e-12);
	assert_close(r.df, 4.130904586999231, 1e-12);
	assert_close(r.p, 0.095203634852390602567, 1e-11);
	/* Swapping the samples flips t and keeps df and p. */
	assert_int_equal(stats_welch(h, N(h), g, N(g), &r), 0);
	assert_close(r.t, -2.1555282996991387, 1e-12);
	assert_close(r.p, 0.095203634852390602567, 1e-11);
}

static void test_welch_degenerate_cases(void **state)
{
	static const double zeros[] = { 0, 0, 0 };
	static const double fives[] = { 5, 5, 5, 5 };
	static const double one[] = { 3 };
	struct welch_result r;

	/* Both without variance, equal means: no evidence of a difference. */
	assert_int_equal(stats_welch(zeros, 3, zeros, 2, &r), 0);
	assert_true(r.t == 0 && r.p == 1 && isnan(r.df));
	/* Both without variance, different means: certainly different. */
	assert_int_equal(stats_welch(fives, 4, zeros, 3, &r), 0);
	assert_true(isinf(r.t) && r.t > 0 && r.p == 0 && isnan(r.df));
	assert_int_equal(stats_welch(zeros, 3, fives, 4, &r), 0);
	assert_true(isinf(r.t) && r.t < 0 && r.p == 0);
	/* One sample with variance, one without: df = n - 1 of the noisy one.
	 * five vs fives: t = (3 - 5) / sqrt(2.5/5) = -2/sqrt(0.5)
	 * = -2.8284271247461903, df = (0.5)^2 / (0.5^2 / 4) = 4,
	 * p2(-2.8284271247461903, 4) = 0.047420655584319628479. */
	assert_int_equal(stats_welch(five, 5, fives, 4, &r), 0);
	assert_close(r.t, -2.8284271247461903, 1e-14);
	assert_close(r.df, 4, 1e-14);
	assert_close(r.p, 0.047420655584319628479, 1e-12);
	/* n < 2: no variance estimate, no test. */
	assert_int_equal(stats_welch(one, 1, fives, 4, &r), -1);
	assert_true(isnan(r.t) && isnan(r.df) && isnan(r.p));
}

/* Critical values of Student's t, two-sided, as printed tables give
 * them: 12.706 (1 df), 2.776 (4), 2.262 (9), 1.960 (df -> inf) at 0.05;
 * 63.657 (1) at 0.01.  And the inverse: p of the value is p. */
static void test_student_t_critical_values(void **state)
{
	(void)state;
	assert_true(fabs(stats_student_t_crit(0.05, 1) - 12.7062) < 1e-3);
	assert_true(fabs(stats_student_t_crit(0.05, 4) - 2.7764) < 1e-3);
	assert_true(fabs(stats_student_t_crit(0.05, 9) - 2.2622) < 1e-3);
	assert_true(fabs(stats_student_t_crit(0.05, 1e6) - 1.9600) < 1e-3);
	assert_true(fabs(stats_student_t_crit(0.01, 1) - 63.657) < 1e-2);
	assert_true(fabs(stats_student_t_p2(stats_student_t_crit(0.2, 3.5), 3.5) -
			 0.2) < 1e-9);
	assert_true(stats_student_t_crit(1, 5) == 0 ||
		    stats_student_t_crit(1, 5) < 1e-9);
	assert_true(isnan(stats_student_t_crit(0, 5)));
	assert_true(isnan(stats_student_t_crit(0.05, 0)));
}

/* The normal distribution from tables: Phi(0) = 0.5, Phi(1.96) =
 * 0.975002, Phi(-1.2816) = 0.1000; the two-sided critical values 1.959964
 * (0.05), 2.575829 (0.01), 1.644854 (0.1); each below Student's t at the
 * same p, and its own inverse. */
static void test_normal_distribution(void **state)
{
	(void)state;
	assert_true(fabs(stats_normal_cdf(0) - 0.5) < 1e-15);
	assert_true(fabs(stats_normal_cdf(1.96) - 0.975002) < 1e-6);
	assert_true(fabs(stats_normal_cdf(-1.2816) - 0.1000) < 1e-4);
	assert_true(stats_normal_cdf(-40) >= 0 && stats_normal_cdf(-40) < 1e-300);
	assert_true(fabs(stats_normal_crit(0.05) - 1.959964) < 1e-6);
	assert_true(fabs(stats_normal_crit(0.01) - 2.575829) < 1e-6);
	assert_true(fabs(stats_normal_crit(0.1) - 1.644854) < 1e-6);
	assert_true(stats_normal_crit(0.05) < stats_student_t_crit(0.05, 1e6));
	assert_true(fabs(2 * stats_normal_cdf(-stats_normal_crit(0.3)) - 0.3) <
		    1e-12);
	assert_true(stats_normal_crit(1) < 1e-12);
	assert_true(isnan(stats_normal_crit(0)));
	assert_true(isnan(stats_normal_crit(1.5)));
}

/*
 * Conditional power at 4 of 10 observations of variance 1, alpha 0.05:
 * the final bound is 1.959964 / sqrt(10) = 0.619795 and the final mean's
 * sd sqrt(6) / 10, so a mean of 0 gives 2 Phi(-2.5303) = 0.011396, 0.3
 * gives 0.095938, a mean on the bound 0.5 (and a hair), and the sign does
 * not matter; nothing is left to come at n = nmax.
 */
static void test_conditional_power(void **state)
{
	(void)state;
	assert_true(fabs(stats_conditional_power(0, 1, sqrt(1 / 10.0), 4, 10, 0.05) -
			 0.0113964) < 1e-6);
	assert_true(fabs(stats_conditional_power(0.3, 1, sqrt(1 / 10.0), 4, 10, 0.05) -
			 0.0959382) < 1e-6);
	assert_true(fabs(stats_conditional_power(0.619795, 1, sqrt(1 / 10.0), 4, 10, 0.05) -
			 0.5000002) < 1e-6);
	assert_true(stats_conditional_power(-0.3, 1, sqrt(1 / 10.0), 4, 10, 0.05) ==
		    stats_conditional_power(0.3, 1, sqrt(1 / 10.0), 4, 10, 0.05));
	/* The variance scales the mean: 0.6 with v = 4 is 0.3 with v = 1. */
	assert_true(fabs(stats_conditional_power(0.6, 4, sqrt(4 / 10.0), 4, 10, 0.05) -
			 0.0959382) < 1e-6);
	/*
	 * Against a side whose 10 runs are all in (variance 1 each side):
	 * only the running side's 6 runs to come move the mean, and the
	 * bound is 1.959964 x sqrt(2 / 10) (scipy: 0.000345720, 0.0621287).
	 */
	assert_true(fabs(stats_conditional_power(0, 1, sqrt(2 / 10.0), 4, 10, 0.05) -
			 0.000345720) < 1e-8);
	assert_true(fabs(stats_conditional_power(0.5, 1, sqrt(2 / 10.0), 4, 10, 0.05) -
			 0.0621287) < 1e-6);
	assert_true(isnan(stats_conditional_power(0, 1, sqrt(0.1), 10, 10, 0.05)));
	assert_true(isnan(stats_conditional_power(0, 1, -1, 4, 10, 0.05)));
	assert_true(isnan(stats_conditional_power(0, 0, sqrt(0 / 10.0), 4, 10, 0.05)));
	assert_true(isnan(stats_conditional_power(0, 1, sqrt(0.1), 0, 10, 0.05)));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mean_stddev_min_max),
		cmocka_unit_test(test_coeffvar_and_hmean),
		cmocka_unit_test(test_percentiles_interpolate_type7),
		cmocka_unit_test(test_small_samples_are_undefined),
		cmocka_unit_test(test_identical_samples_have_zero_spread),
		cmocka_unit_test(test_betai_closed_forms),
		cmocka_unit_test(test_betai_against_mpmath),
		cmocka_unit_test(test_student_t_closed_forms),
		cmocka_unit_test(test_student_t_against_tables_and_mpmath),
		cmocka_unit_test(test_welch_wikipedia_example),
		cmocka_unit_test(test_welch_elapsed_times),
		cmocka_unit_test(test_welch_degenerate_cases),
		cmocka_unit_test(test_student_t_critical_values),
		cmocka_unit_test(test_normal_distribution),
		cmocka_unit_test(test_conditional_power),
	};

	return cmocka_run_group_tests_name("stats", tests, NULL, NULL);
}
