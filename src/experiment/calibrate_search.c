// SPDX-License-Identifier: GPL-2.0
/*
 * mmsim calibrate, the search: a Hammersley design over the fitted
 * keys' box, then a bounded compass search from its best point, the
 * ensemble of points that fit within the targets' scale, and the fitted
 * scenarios written out (calibrate.h; docs/calibration.md).
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <unistd.h>
#include "calibrate.h"
#include "calibrate_internal.h"
#include "compare_internal.h"
#include "pool.h"
#include "run.h"
#include "scenario_load.h"
#include "metrics/derived.h"
#include "metrics/metrics.h"
#include "mmsim/profile.h"
#include "report/calibration.h"
#include "report/progress.h"
#include "scenario/scenario.h"
#include "scenario/suggest.h"
#include "workload/workload.h"
#include "util/xalloc.h"

/* ---- the search --------------------------------------------------------- */

/* The radical inverse of @i in base @b: its digits mirrored about the
 * point, the coordinates of Halton and Hammersley points. */
static double radical_inverse(size_t i, unsigned int b)
{
	double inv = 1.0 / b, f = inv, r = 0;

	for (; i; i /= b, f *= inv)
		r += (double)(i % b) * f;
	return r;
}

size_t calib_argmin(const struct calibration *c)
{
	size_t best = NONE;

	for (size_t i = 0; i < c->rec.nr_evals; i++)
		if (isfinite(c->rec.evals[i].objective) &&
		    (best == NONE ||
		     c->rec.evals[i].objective < c->rec.evals[best].objective))
			best = i;
	return best;
}

/*
 * A target other than 0 whose measure was 0 in every run of the design:
 * the scenario does not produce it (a gitk measure without gitk, a
 * program's counter without the program), and no value can fit it.
 */
/* Squared distance of evaluations @i and @j in the unit cube. */
static double eval_distance2(const struct calibration *c, size_t i, size_t j)
{
	size_t d = c->rec.nr_params;
	double s = 0;

	for (size_t p = 0; p < d; p++) {
		double x = c->u[i * d + p] - c->u[j * d + p];

		s += x * x;
	}
	return s;
}

/*
 * The ensemble (calibration.h): the best evaluation, then again and again
 * the evaluation within every scale farthest from all chosen, a
 * deterministic farthest-point sample of the valley the two targets
 * leave.  Ties go to the earlier evaluation.
 */
static void choose_ensemble(struct calibration *c)
{
	struct calibration_record *rec = &c->rec;
	bool *ok = xcalloc(rec->nr_evals, sizeof(*ok));

	for (size_t i = 0; i < rec->nr_evals; i++) {
		ok[i] = isfinite(rec->evals[i].objective) &&
			calibration_within_scale(rec, &rec->evals[i]);
		rec->ensemble_within += ok[i];
	}
	free(rec->ensemble);
	rec->ensemble = xcalloc(rec->ensemble_want, sizeof(*rec->ensemble));
	rec->nr_ensemble = 0;
	if (rec->ensemble_want && rec->best < rec->nr_evals && ok[rec->best]) {
		rec->ensemble[rec->nr_ensemble++] = rec->best;
		ok[rec->best] = false;
	}
	while (rec->nr_ensemble && rec->nr_ensemble < rec->ensemble_want) {
		size_t far = rec->nr_evals;
		double far_d = -1;

		for (size_t i = 0; i < rec->nr_evals; i++) {
			double dmin = INFINITY;

			if (!ok[i])
				continue;
			for (size_t k = 0; k < rec->nr_ensemble; k++) {
				double dd = eval_distance2(c, i, rec->ensemble[k]);

				dmin = dd < dmin ? dd : dmin;
			}
			/* A point the search evaluated twice adds nothing. */
			if (dmin > far_d && dmin > 0) {
				far_d = dmin;
				far = i;
			}
		}
		if (far == rec->nr_evals)
			break;
		rec->ensemble[rec->nr_ensemble++] = far;
		ok[far] = false;
	}
	free(ok);
}

static int check_produced(const struct calibration *c, char *err, size_t len)
{
	const struct calibration_record *rec = &c->rec;

	for (size_t t = 0; t < rec->nr_targets; t++) {
		size_t runs = 0;
		bool nonzero = false;

		if (rec->targets[t].value == 0)
			continue;
		for (size_t i = 0; i < rec->nr_evals && !nonzero; i++)
			for (unsigned int s = 0; s < rec->nr_seeds; s++) {
				double v = rec->evals[i].runs[t * rec->nr_seeds + s];

				if (isnan(v))
					continue;
				runs++;
				if (v != 0)
					nonzero = true;
			}
		if (runs && !nonzero)
			return errf(err, len, "--target '%s': %s was 0 in every "
				    "run of the design (%zu runs): %s does not "
				    "produce it, at least not within the ranges "
				    "given", rec->targets[t].arg,
				    rec->targets[t].measure, runs,
				    c->in[rec->targets[t].scenario].file);
	}
	return 0;
}

static const unsigned int primes[CALIBRATE_MAX_PARAMS] = {
	2, 3, 5, 7, 11, 13, 17, 19,
};

int calibration_run(struct calibration *c, int jobs, bool progress,
		    char *err, size_t len)
{
	struct calibration_record *rec = &c->rec;
	size_t d = rec->nr_params, n, best;
	double *pts, *x, h, f;
	size_t *idx;

	c->progress = progress && isatty(STDERR_FILENO);
	/* The design: Hammersley points, the first coordinate evenly spaced
	 * (i + 1/2) / n, the others radical inverses in the first primes; at
	 * least 10 and 8 per parameter, at most half the budget. */
	n = d * 8 > 10 ? d * 8 : 10;
	if (n > rec->max_evals / 2)
		n = rec->max_evals / 2 ? rec->max_evals / 2 : 1;
	pts = xcalloc((n > 2 * d ? n : 2 * d) * d, sizeof(*pts));
	idx = xcalloc(n > 2 * d ? n : 2 * d, sizeof(*idx));
	x = xcalloc(d, sizeof(*x));
	for (size_t i = 0; i < n; i++) {
		pts[i * d] = (i + 0.5) / (double)n;
		for (size_t p = 1; p < d; p++)
			pts[i * d + p] = radical_inverse(i + 1, primes[p - 1]);
	}
	if (calib_evaluate(c, pts, n, "design", 0, idx, jobs, err, len))
		goto fail;
	rec->nr_design = rec->nr_evals;
	best = calib_argmin(c);
	if (best == NONE) {
		errf(err, len, "every evaluation of the design failed; the first: %s",
		     rec->evals[0].error ? rec->evals[0].error : "no runs");
		goto fail;
	}
	if (check_produced(c, err, len)) {
		free(pts);
		free(idx);
		free(x);
		if (c->progress)
			fputs("\r\033[K", stderr);
		return 2;
	}

	/* The compass search from the design's best point. */
	memcpy(x, &c->u[best * d], d * sizeof(*x));
	f = rec->evals[best].objective;
	h = 0.5 * pow((double)n, -1.0 / (double)d);
	rec->initial_step = h;
	for (;;) {
		size_t move = NONE;

		if (f == 0) {
			rec->stopped = "the objective is 0";
			break;
		}
		if (h < rec->tolerance) {
			rec->stopped = "the step is below --tolerance";
			break;
		}
		if (rec->nr_evals >= rec->max_evals) {
			rec->stopped = "--max-evals reached";
			break;
		}
		for (size_t p = 0; p < d; p++)
			for (int sign = 0; sign < 2; sign++) {
				double *q = &pts[(2 * p + sign) * d];

				memcpy(q, x, d * sizeof(*q));
				q[p] += sign ? -h : h;
				q[p] = q[p] < 0 ? 0 : q[p] > 1 ? 1 : q[p];
			}
		if (calib_evaluate(c, pts, 2 * d, "poll", h, idx, jobs, err, len))
			goto fail;
		for (size_t i = 0; i < 2 * d; i++) {
			double o;

			if (idx[i] == NONE)
				continue;
			o = rec->evals[idx[i]].objective;
			if (o < f && (move == NONE ||
				      o < rec->evals[idx[move]].objective))
				move = i;
		}
		if (move != NONE) {
			memcpy(x, &pts[move * d], d * sizeof(*x));
			f = rec->evals[idx[move]].objective;
		} else {
			h /= 2;
		}
	}
	rec->best = calib_argmin(c);
	choose_ensemble(c);
	if (c->progress)
		fputs("\r\033[K", stderr);
	free(pts);
	free(idx);
	free(x);
	return 0;
fail:
	if (c->progress)
		fputs("\r\033[K", stderr);
	rec->best = calib_argmin(c);
	free(pts);
	free(idx);
	free(x);
	return 1;
}

bool calibration_insensitive(const struct calibration *c)
{
	const struct calibration_record *rec = &c->rec;
	const struct calibration_eval *first = NULL;
	size_t n = 0;

	for (size_t i = 0; i < rec->nr_evals; i++) {
		const struct calibration_eval *e = &rec->evals[i];

		if (e->error)
			continue;
		n++;
		if (!first)
			first = e;
		else if (memcmp(first->means, e->means,
				rec->nr_targets * sizeof(*e->means)))
			return false;
	}
	return n > 1;
}

/* ---- outputs ------------------------------------------------------------ */

char *calibration_fitted_text(const struct calibration *c, size_t s)
{
	const struct calibration_record *rec = &c->rec;
	const struct calibration_input *in = &c->in[s];
	unsigned long long base = rec->scenarios[s].base_seed;
	char err[1024], seed[32], *text, *t, *header, *out;

	if (rec->best == NONE)
		return NULL;
	text = calib_point_text(c, s, rec->evals[rec->best].values, err, sizeof(err));
	if (!text)
		return NULL;
	/* The kernel and seed of the calibration, so that the file alone
	 * reproduces its best evaluation's first run. */
	if (strcmp(c->kernel, in->sc->kernel.profile)) {
		t = scenario_text_override(text, "kernel", "profile", c->kernel,
					   err, sizeof(err));
		free(text);
		if (!t)
			return NULL;
		text = t;
	}
	if (base != (unsigned long long)in->sc->run.seed) {
		snprintf(seed, sizeof(seed), "%llu", base);
		t = scenario_text_override(text, "run", "seed", seed, err,
					   sizeof(err));
		free(text);
		if (!t)
			return NULL;
		text = t;
	}
	header = calibration_fitted_header(rec, s);
	out = xasprintf("%s%s", header, text);
	free(header);
	free(text);
	return out;
}

int calibration_write(struct calibration *c, const char *dir,
		      const char *command, const char *version, char *err,
		      size_t len)
{
	char *fitted = NULL, *path;
	int rc = 0;

	c->rec.command = command;
	c->rec.version = version;
	for (size_t s = 0; c->rec.best != NONE && !rc &&
	     s < c->rec.nr_scenarios; s++) {
		fitted = calibration_fitted_text(c, s);
		if (!fitted)
			return errf(err, len, "the fitted scenario %s could not be "
				    "written", c->in[s].fitted_file);
		path = xasprintf("%s/%s", dir, c->in[s].fitted_file);
		rc = report_write_text(path, fitted, err, len);
		free(path);
		free(fitted);
	}
	if (!rc) {
		path = xasprintf("%s/calibration.json", dir);
		rc = calibration_write_json(&c->rec, path, err, len);
		free(path);
	}
	if (!rc) {
		path = xasprintf("%s/calibration.md", dir);
		rc = calibration_write_md(&c->rec, path, err, len);
		free(path);
	}
	return rc;
}
