/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Summary statistics over repeated runs, and Welch's t-test, for the
 * comparison tables.  Everything is computed from the samples each time;
 * runs are few (a handful of seeds per kernel), so no streaming tricks.
 *
 * Conventions, chosen to match R and MMTests where they agree:
 *  - stddev is the sample standard deviation (divisor n - 1), as R's sd()
 *    and MMTests' calc_stddev;
 *  - CoeffVar is stddev / mean * 100 (percent), as MMTests prints it;
 *  - percentiles interpolate linearly between the two closest ranks
 *    (Hyndman & Fan type 7, R's quantile() default, numpy's "linear"):
 *    h = (n - 1) * p / 100, result x[floor h] + (h - floor h) *
 *    (x[floor h + 1] - x[floor h]) over the sorted samples.  MMTests'
 *    calc_quartiles rounds to the nearest rank instead; type 7 is used here
 *    because it is what a reader re-checking a number in R gets.
 * An undefined result (no samples, stddev of one sample, hmean of a
 * non-positive sample, CoeffVar with mean 0) is NAN; callers print "n/a".
 * Samples themselves must not be NAN (a run either has a value or is not
 * passed in).
 */
#ifndef MMSIM_STATS_H
#define MMSIM_STATS_H

#include <stddef.h>

double stats_mean(const double *x, size_t n);
double stats_variance(const double *x, size_t n);	/* sample, n - 1 */
double stats_stddev(const double *x, size_t n);
double stats_min(const double *x, size_t n);
double stats_max(const double *x, size_t n);
/* Percent: stddev / mean * 100. */
double stats_coeffvar(const double *x, size_t n);
/* n / sum(1 / x); NAN unless every sample is > 0. */
double stats_hmean(const double *x, size_t n);
/* @p in [0, 100], type 7 interpolation; @x need not be sorted. */
double stats_percentile(const double *x, size_t n, double p);
/* The same over samples already sorted ascending. */
double stats_percentile_sorted(const double *sorted, size_t n, double p);

/*
 * Regularized incomplete beta function I_x(a, b), a > 0, b > 0,
 * 0 <= x <= 1, by its continued fraction evaluated with the modified
 * Lentz method.  Relative error, measured through stats_student_t_p2
 * against mpmath at a few hundred random points: 2e-15 for df < 1000,
 * 1.3e-12 for df < 1e4, 5e-11 for df < 1e6, 2.2e-10 for df up to 3e6
 * (the exp of a difference of large lgamma values loses digits as the
 * parameters grow).  Welch's df is below the total number of runs, so
 * comparison tables live in the first band.  NAN for arguments outside
 * the domain or if the fraction fails to converge.
 */
double stats_betai(double a, double b, double x);

/*
 * Two-sided p-value of Student's t distribution with @df degrees of
 * freedom (df > 0, need not be an integer): P(|T| >= |t|)
 * = I_{df/(df+t^2)}(df/2, 1/2).  t = +-inf gives 0, t = 0 gives 1.
 */
double stats_student_t_p2(double t, double df);

/*
 * The t with stats_student_t_p2(t, df) == @p (0 < p <= 1): the
 * two-sided critical value, 2.776 for p 0.05 at 4 df, by bisection to
 * 1e-10 relative.  A 95% interval of a mean of n runs is mean +-
 * stats_student_t_crit(0.05, n - 1) * stddev / sqrt(n).  NAN outside
 * the domain.
 */
double stats_student_t_crit(double p, double df);

/* The standard normal distribution function Phi(x) = erfc(-x/sqrt 2)/2. */
double stats_normal_cdf(double x);

/*
 * The z with P(|Z| >= z) == @p (0 < p <= 1) for a standard normal Z:
 * the two-sided critical value, 1.959964 for p 0.05, by bisection to
 * the two doubles it lies between; every Student's t critical value at
 * the same @p lies above it.  NAN outside the domain.
 */
double stats_normal_crit(double p);

/*
 * Conditional power of a two-sided test of a mean difference (stochastic
 * curtailment: Lan, Simon and Halperin, Communications in Statistics C 1,
 * 1982).  The side still gathering observations has @n of its @nmax in,
 * each of variance @v_run (for a difference of two means over the same
 * seeds, both sides' sample variances summed; against a side whose runs
 * are all in already, the running side's alone); the test at @nmax
 * rejects when the mean lies beyond z x @se_end, z = stats_normal_crit
 * (@alpha).  Were the observations to come about @mean, the final mean
 * would be normal about @mean with variance (nmax - n) v_run / nmax^2;
 * the result is its chance of lying beyond that bound, either way.  NAN
 * unless 0 < n < nmax, v_run > 0, se_end >= 0 and 0 < alpha <= 1.
 */
double stats_conditional_power(double mean, double v_run, double se_end,
			       unsigned int n, unsigned int nmax, double alpha);

struct welch_result {
	double t;		/* (mean_a - mean_b) / sqrt(var_a/n_a + var_b/n_b) */
	double df;		/* Welch-Satterthwaite */
	double p;		/* two-sided */
};

/*
 * Welch's unequal-variances t-test of mean(a) against mean(b).
 * Returns 0, or -1 when either sample has fewer than two values (every
 * field NAN: a variance cannot be estimated from one run).
 * Both variances zero: equal means give t = 0, p = 1; different means
 * give t = +-inf, p = 0 (no noise at all, so any difference is real);
 * df is NAN in both cases because the Welch-Satterthwaite formula is 0/0.
 */
int stats_welch(const double *a, size_t na, const double *b, size_t nb,
		struct welch_result *r);
/* The same from summaries (variance is the sample variance). */
int stats_welch_summary(double mean_a, double var_a, size_t na,
			double mean_b, double var_b, size_t nb,
			struct welch_result *r);

#endif /* MMSIM_STATS_H */
