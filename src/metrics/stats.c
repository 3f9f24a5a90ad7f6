// SPDX-License-Identifier: GPL-2.0
/*
 * Summary statistics and Welch's t-test (see stats.h for conventions).
 *
 * The p-value goes through the regularized incomplete beta function,
 * evaluated here from its continued fraction with the modified Lentz
 * method, so that mmsim needs nothing beyond libm.  The samples are a
 * handful of runs; clarity wins over speed throughout.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "stats.h"

/* Lentz: the smallest magnitude a partial denominator may take, and the
 * relative change of the fraction below which it has converged. */
#define LENTZ_TINY	1e-300
#define LENTZ_EPS	1e-15
#define LENTZ_MAX_ITER	100000

/* True when every sample equals the first (so the spread is exactly 0,
 * whatever rounding the sums below would pick up). */
static int all_equal(const double *x, size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (x[i] != x[0])
			return 0;
	return 1;
}

double stats_mean(const double *x, size_t n)
{
	double sum = 0, m, corr = 0;

	if (!n)
		return NAN;
	if (all_equal(x, n))
		return x[0];
	for (size_t i = 0; i < n; i++)
		sum += x[i];
	m = sum / n;
	/* One correction pass removes most of the rounding of the first sum. */
	for (size_t i = 0; i < n; i++)
		corr += x[i] - m;
	return m + corr / n;
}

double stats_variance(const double *x, size_t n)
{
	double m, s1 = 0, s2 = 0;

	if (n < 2)
		return NAN;
	if (all_equal(x, n))
		return 0;
	m = stats_mean(x, n);
	/* Corrected two-pass algorithm (Chan, Golub and LeVeque 1983). */
	for (size_t i = 0; i < n; i++) {
		double d = x[i] - m;

		s1 += d;
		s2 += d * d;
	}
	return (s2 - s1 * s1 / n) / (n - 1);
}

double stats_stddev(const double *x, size_t n)
{
	return sqrt(stats_variance(x, n));
}

double stats_min(const double *x, size_t n)
{
	double m;

	if (!n)
		return NAN;
	m = x[0];
	for (size_t i = 1; i < n; i++)
		if (x[i] < m)
			m = x[i];
	return m;
}

double stats_max(const double *x, size_t n)
{
	double m;

	if (!n)
		return NAN;
	m = x[0];
	for (size_t i = 1; i < n; i++)
		if (x[i] > m)
			m = x[i];
	return m;
}

double stats_coeffvar(const double *x, size_t n)
{
	double mean = stats_mean(x, n);

	if (n < 2 || mean == 0)
		return NAN;
	return stats_stddev(x, n) / mean * 100.0;
}

double stats_hmean(const double *x, size_t n)
{
	double inv = 0;

	if (!n)
		return NAN;
	for (size_t i = 0; i < n; i++) {
		if (!(x[i] > 0))
			return NAN;
		inv += 1.0 / x[i];
	}
	return n / inv;
}

double stats_percentile_sorted(const double *sorted, size_t n, double p)
{
	double h, lo;
	size_t i;

	if (!n || !(p >= 0 && p <= 100))
		return NAN;
	h = (n - 1) * p / 100.0;
	lo = floor(h);
	i = (size_t)lo;
	if (i + 1 >= n)
		return sorted[n - 1];
	return sorted[i] + (h - lo) * (sorted[i + 1] - sorted[i]);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double stats_percentile(const double *x, size_t n, double p)
{
	double *s, r;

	if (!n)
		return NAN;
	s = malloc(n * sizeof(*s));
	if (!s)
		return NAN;
	memcpy(s, x, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	r = stats_percentile_sorted(s, n, p);
	free(s);
	return r;
}

/*
 * The continued fraction of I_x(a, b) (Abramowitz & Stegun 26.5.8):
 *
 *   I_x(a, b) = x^a (1-x)^b / (a B(a, b)) * 1 / (1 + d1 / (1 + d2 / (1 + ...)))
 *
 *   d(2m+1) = -(a + m)(a + b + m) x / ((a + 2m)(a + 2m + 1))
 *   d(2m)   =  m (b - m) x / ((a + 2m - 1)(a + 2m))
 *
 * written as b0 + a1/(b1 + a2/(b2 + ...)) with b0 = 0, every b = 1,
 * a1 = 1 and a(j+1) = d(j), and evaluated front to back by the modified
 * Lentz method (Thompson & Barnett 1986): no rescaling, no reverse pass,
 * stop when one more term changes the value by less than LENTZ_EPS.  It
 * converges quickly for x < (a + 1) / (a + b + 2); the caller uses the
 * symmetry I_x(a, b) = 1 - I_{1-x}(b, a) to stay there.
 */
static double ibeta_fraction(double a, double b, double x)
{
	double f = LENTZ_TINY, c = f, d = 0;

	for (int j = 1; j <= LENTZ_MAX_ITER; j++) {
		double num, delta;

		if (j == 1) {
			num = 1;
		} else {
			int k = j - 1;		/* d(k) */
			int m = k / 2;

			if (k % 2)
				num = -(a + m) * (a + b + m) * x /
				      ((a + 2 * m) * (a + 2 * m + 1));
			else
				num = m * (b - m) * x /
				      ((a + 2 * m - 1) * (a + 2 * m));
		}
		d = 1 + num * d;
		if (fabs(d) < LENTZ_TINY)
			d = LENTZ_TINY;
		c = 1 + num / c;
		if (fabs(c) < LENTZ_TINY)
			c = LENTZ_TINY;
		d = 1 / d;
		delta = c * d;
		f *= delta;
		if (j > 1 && fabs(delta - 1) < LENTZ_EPS)
			return f;
	}
	return NAN;
}

static double log_beta(double a, double b)
{
	int sign;	/* lgamma_r: lgamma's global signgam is not thread-safe */

	return lgamma_r(a, &sign) + lgamma_r(b, &sign) - lgamma_r(a + b, &sign);
}

/* x^a y^b / (a B(a, b)) * fraction, y = 1 - x given separately so that a
 * caller who knows it exactly (the t distribution) loses no digits. */
static double ibeta_front(double a, double b, double x, double y)
{
	double lf = a * log(x) + b * log(y) - log_beta(a, b);

	return exp(lf) / a * ibeta_fraction(a, b, x);
}

static double ibeta_xy(double a, double b, double x, double y)
{
	if (x <= 0)
		return 0;
	if (y <= 0)
		return 1;
	if (x < (a + 1) / (a + b + 2))
		return ibeta_front(a, b, x, y);
	return 1 - ibeta_front(b, a, y, x);
}

double stats_betai(double a, double b, double x)
{
	if (!(a > 0) || !(b > 0) || !(x >= 0 && x <= 1))
		return NAN;
	return ibeta_xy(a, b, x, 1 - x);
}

double stats_student_t_p2(double t, double df)
{
	double t2;

	if (isnan(t) || !(df > 0))
		return NAN;
	if (t == 0)
		return 1;
	t2 = t * t;
	if (isinf(t2))
		return 0;
	/* P(|T| >= |t|) = I_{df/(df+t^2)}(df/2, 1/2); both x and 1 - x are
	 * formed directly so neither suffers cancellation. */
	return ibeta_xy(df / 2, 0.5, df / (df + t2), t2 / (df + t2));
}

double stats_student_t_crit(double p, double df)
{
	double lo = 0, hi = 1;

	if (!(p > 0 && p <= 1) || !(df > 0))
		return NAN;
	/* p falls as t grows: widen until the root is bracketed. */
	while (stats_student_t_p2(hi, df) > p) {
		lo = hi;
		hi *= 2;
		if (hi > 1e12)
			return NAN;
	}
	/* To the two doubles the root lies between, whatever the bracket. */
	for (int i = 0; i < 200; i++) {
		double mid = (lo + hi) / 2;

		if (stats_student_t_p2(mid, df) > p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

double stats_normal_cdf(double x)
{
	return 0.5 * erfc(-x / sqrt(2.0));
}

double stats_normal_crit(double p)
{
	double lo = 0, hi = 64;

	if (!(p > 0 && p <= 1))
		return NAN;
	/* P(|Z| >= z) = 2 Phi(-z) falls as z grows; at 64 it is 0. */
	for (int i = 0; i < 200; i++) {
		double mid = (lo + hi) / 2;

		if (2 * stats_normal_cdf(-mid) > p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

double stats_conditional_power(double mean, double v_run, double se_end,
			       unsigned int n, unsigned int nmax, double alpha)
{
	double half, sd_end;

	if (!(n > 0 && n < nmax && v_run > 0 && se_end >= 0 && alpha > 0 &&
	      alpha <= 1))
		return NAN;
	half = stats_normal_crit(alpha) * se_end;
	sd_end = sqrt((double)(nmax - n) * v_run) / nmax;
	return stats_normal_cdf((mean - half) / sd_end) +
	       stats_normal_cdf((-mean - half) / sd_end);
}

int stats_welch_summary(double mean_a, double var_a, size_t na,
			double mean_b, double var_b, size_t nb,
			struct welch_result *r)
{
	double sa, sb, se2;

	if (na < 2 || nb < 2) {
		r->t = r->df = r->p = NAN;
		return -1;
	}
	sa = var_a / na;
	sb = var_b / nb;
	se2 = sa + sb;
	if (se2 == 0) {
		/* No noise in either sample: any difference is real. */
		r->df = NAN;
		if (mean_a == mean_b) {
			r->t = 0;
			r->p = 1;
		} else {
			r->t = mean_a > mean_b ? INFINITY : -INFINITY;
			r->p = 0;
		}
		return 0;
	}
	r->t = (mean_a - mean_b) / sqrt(se2);
	r->df = se2 * se2 / (sa * sa / (na - 1) + sb * sb / (nb - 1));
	r->p = stats_student_t_p2(r->t, r->df);
	return 0;
}

int stats_welch(const double *a, size_t na, const double *b, size_t nb,
		struct welch_result *r)
{
	return stats_welch_summary(stats_mean(a, na), stats_variance(a, na), na,
				   stats_mean(b, nb), stats_variance(b, nb), nb,
				   r);
}
