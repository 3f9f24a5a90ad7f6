// SPDX-License-Identifier: GPL-2.0
/*
 * mmsim calibrate, the evaluation of points: each point's scenarios
 * written with its values, every scenario's seeds run as one parallel
 * batch (pool.c, runs kept for --resume), and the objective over the
 * targets (calibrate.h).
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
#include "report/progress.h"
#include "scenario/scenario.h"
#include "scenario/suggest.h"
#include "workload/workload.h"
#include "util/xalloc.h"

/* ---- points ------------------------------------------------------------- */

/* [0, 1] -> the key's value, on its scale, rounded and kept in range. */
static double point_value(const struct calibration *c, size_t p, double u)
{
	double lo = c->lo[p], hi = c->hi[p], v;

	u = u < 0 ? 0 : u > 1 ? 1 : u;
	v = c->rec.params[p].log ? lo * pow(hi / lo, u) : lo + u * (hi - lo);
	v = calib_quantize(c->specs[p], v);
	return v < lo ? lo : v > hi ? hi : v;
}

/* Scenario @s's text with the value of every parameter written into it
 * (the shared ones and its own). */
char *calib_point_text(const struct calibration *c, size_t s,
		       char *const *values, char *err, size_t len)
{
	char *text = xstrdup(c->in[s].text);

	for (size_t p = 0; p < c->rec.nr_params; p++) {
		const struct calibration_param *pr = &c->rec.params[p];
		char *t;

		if (!calibration_param_applies(pr, s))
			continue;
		t = scenario_text_override(text, pr->section, pr->name,
					   values[p], err, len);
		free(text);
		if (!t)
			return NULL;
		text = t;
	}
	return text;
}

static size_t find_eval(const struct calibration *c, char *const *values)
{
	for (size_t i = 0; i < c->rec.nr_evals; i++) {
		size_t p;

		for (p = 0; p < c->rec.nr_params; p++)
			if (strcmp(c->rec.evals[i].values[p], values[p]))
				break;
		if (p == c->rec.nr_params)
			return i;
	}
	return NONE;
}

/* ---- running a batch of points ------------------------------------------ */

struct pending {
	size_t eval;
	struct scenario **sc;		/* per scenario, the point's values in */
};

struct batch {
	struct calibration *c;
	struct pending *p;
	size_t n;
	size_t first_eval;		/* for the progress line */
	const char *stage;
};

/* A point's jobs: every scenario's seeds, scenario-major. */
static size_t runs_per_eval(const struct calibration *c)
{
	return c->rec.nr_scenarios * c->rec.nr_seeds;
}

/* In the child: one run of one scenario, the values of that scenario's
 * targets as "%.17g" words, or "!REASON" when the run could not be
 * made. */
static char *eval_job(size_t idx, void *arg)
{
	struct batch *b = arg;
	struct calibration *c = b->c;
	const struct pending *pd = &b->p[idx / runs_per_eval(c)];
	size_t s = idx % runs_per_eval(c) / c->rec.nr_seeds;
	struct run_options opt = {
		.profile = c->kernel,
		.seed = c->rec.scenarios[s].base_seed + idx % c->rec.nr_seeds,
		.scenario_name = c->in[s].file,
		.measures_only = true,
	};
	struct run_result res;
	char err[512], *out, *o;
	size_t n = c->rec.nr_targets * 32 + 1;

	if (run_scenario(pd->sc[s], &opt, &res, err, sizeof(err)))
		return xasprintf("!%s", err);
	out = o = xcalloc(n, 1);
	for (size_t t = 0; t < c->rec.nr_targets; t++)
		if (c->rec.targets[t].scenario == s)
			o += snprintf(o, n - (size_t)(o - out), "%s%.17g",
				      o != out ? " " : "",
				      calib_target_value(c, t, &res));
	result_free(&res);
	return out;
}

/* Everything a run's measures depend on, for the runs kept (pool.h). */
static char *eval_key(size_t idx, void *arg)
{
	struct batch *b = arg;
	struct calibration *c = b->c;
	const struct pending *pd = &b->p[idx / runs_per_eval(c)];
	size_t s = idx % runs_per_eval(c) / c->rec.nr_seeds;
	char fp[SCENARIO_FINGERPRINT_LEN], *key = NULL;
	size_t len = 0;
	FILE *f = xopen_memstream(&key, &len);

	scenario_fingerprint(pd->sc[s], fp, sizeof(fp));
	fprintf(f, "mmsim calibrate run\nmmsim %s %016llx\nkernel %s\nseed %llu\n"
		"scenario %s\nmeasures", MMSIM_VERSION,
		(unsigned long long)pool_self_hash(), c->kernel,
		(unsigned long long)(c->rec.scenarios[s].base_seed +
				     idx % c->rec.nr_seeds), fp);
	for (size_t t = 0; t < c->rec.nr_targets; t++)
		if (c->rec.targets[t].scenario == s)
			fprintf(f, " %s", c->rec.targets[t].measure);
	xclose_memstream(f);
	return key;
}

static void point_label(const struct calibration *c, char *const *values,
			char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = 0;
	for (size_t p = 0; p < c->rec.nr_params && n < len; p++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s=%s", p ? " " : "",
				      c->rec.params[p].key, values[p]);
}

static void progress_line(struct calibration *c, const char *stage,
			  size_t evals, size_t runs, size_t total_runs, bool force)
{
	const struct calibration_record *rec = &c->rec;
	double now;
	char at[256] = "";

	if (!c->progress)
		return;
	now = wall_seconds();
	if (!force && now - c->progress_last < 0.2)
		return;
	c->progress_last = now;
	if (rec->best != NONE)
		point_label(c, rec->evals[rec->best].values, at, sizeof(at));
	fprintf(stderr, "\r\033[Kcalibrate: %zu of at most %u evaluations (%s: "
		"%zu of %zu runs)", evals, rec->max_evals, stage, runs, total_runs);
	if (rec->best != NONE)
		fprintf(stderr, ", best %.4g at %s",
			rec->evals[rec->best].objective, at);
	fflush(stderr);
}

static void batch_progress(size_t done, size_t total, size_t idx,
			   char **outputs, void *arg)
{
	struct batch *b = arg;

	progress_line(b->c, b->stage, b->first_eval + done / runs_per_eval(b->c),
		      done, total, done == total);
}

/* A point's runs, @out[scenario * nr_seeds + seed], into its record:
 * each target's runs, their means and the objective over every target. */
static void finish_eval(struct calibration *c, struct calibration_eval *e,
			char **out)
{
	const struct calibration_record *rec = &c->rec;
	unsigned int nr_seeds = rec->nr_seeds;

	for (size_t sc = 0; sc < rec->nr_scenarios; sc++)
		for (unsigned int s = 0; s < nr_seeds; s++) {
			const char *o = out[sc * nr_seeds + s];
			char *end;

			if (!o || *o == '!') {
				if (!e->error)
					e->error = xasprintf("%s%sseed %llu: %s",
						rec->nr_scenarios > 1 ?
						rec->scenarios[sc].name : "",
						rec->nr_scenarios > 1 ? " " : "",
						rec->scenarios[sc].base_seed + s,
						o ? o + 1 : "the run's process "
						"failed");
				continue;
			}
			for (size_t t = 0; t < rec->nr_targets; t++) {
				if (rec->targets[t].scenario != sc)
					continue;
				e->runs[t * nr_seeds + s] = strtod(o, &end);
				o = end;
			}
		}
	if (e->error)
		return;
	e->objective = 0;
	for (size_t t = 0; t < rec->nr_targets; t++) {
		const struct calibration_target *tg = &rec->targets[t];
		double sum = 0, d;

		for (unsigned int s = 0; s < nr_seeds; s++)
			sum += e->runs[t * nr_seeds + s];
		e->means[t] = sum / nr_seeds;
		e->sds[t] = calibration_sd(&e->runs[t * nr_seeds], nr_seeds,
					   e->means[t]);
		d = (e->means[t] - tg->value) / tg->scale;
		e->objective += tg->weight * d * d;
		if (tg->sd > 0) {
			d = (e->sds[t] - tg->sd) / tg->sd_scale;
			e->objective += tg->weight * d * d;
		}
	}
}

static size_t add_eval(struct calibration *c, const char *stage, double step,
		       char **values, const double *u)
{
	struct calibration_record *rec = &c->rec;
	struct calibration_eval *e;
	size_t d = rec->nr_params, n = rec->nr_targets * rec->nr_seeds;

	if (rec->nr_evals == c->evals_cap) {
		c->evals_cap = c->evals_cap ? 2 * c->evals_cap : 64;
		rec->evals = xrealloc(rec->evals, c->evals_cap * sizeof(*rec->evals));
		c->u = xrealloc(c->u, c->evals_cap * d * sizeof(*c->u));
	}
	e = &rec->evals[rec->nr_evals];
	memset(e, 0, sizeof(*e));
	e->stage = stage;
	e->step = step;
	e->values = values;
	e->runs = xcalloc(n, sizeof(*e->runs));
	for (size_t i = 0; i < n; i++)
		e->runs[i] = NAN;
	e->means = xcalloc(rec->nr_targets, sizeof(*e->means));
	e->sds = xcalloc(rec->nr_targets, sizeof(*e->sds));
	for (size_t t = 0; t < rec->nr_targets; t++)
		e->means[t] = e->sds[t] = NAN;
	e->objective = INFINITY;
	memcpy(&c->u[rec->nr_evals * d], u, d * sizeof(*u));
	return rec->nr_evals++;
}

/*
 * Evaluate the points @u[i * d ..] (in [0, 1]^d): each is rounded to the
 * values written into the scenarios, found in the cache (by the whole
 * vector of values) or, while the budget lasts, made a new evaluation.
 * @idx[i] is point i's evaluation, NONE when the budget ran out first.
 * New points run together, every seed of every scenario of every point
 * one job of the pool.  0, or -1 when no process could be started.
 */
int calib_evaluate(struct calibration *c, const double *u, size_t n,
		   const char *stage, double step, size_t *idx, int jobs,
		   char *err, size_t len)
{
	struct calibration_record *rec = &c->rec;
	size_t d = rec->nr_params, nr_scen = rec->nr_scenarios;
	size_t per = runs_per_eval(c);
	struct batch b = { .c = c, .p = xcalloc(n, sizeof(*b.p)),
			   .stage = stage };
	struct pool_cache cache = { .dir = c->runs_dir, .key = eval_key };
	char **out;
	int failed;

	for (size_t i = 0; i < n; i++) {
		char **values = xcalloc(d, sizeof(*values)), buf[64], msg[1024];
		char label[512];
		struct scenario **sc;
		size_t e, s;

		for (size_t p = 0; p < d; p++) {
			calib_value_text(c->specs[p], point_value(c, p, u[i * d + p]),
					 buf, sizeof(buf));
			values[p] = xstrdup(buf);
		}
		idx[i] = find_eval(c, values);
		if (idx[i] != NONE || rec->nr_evals >= rec->max_evals) {
			experiment_free_list(values, d);
			continue;
		}
		e = idx[i] = add_eval(c, stage, step, values, &u[i * d]);
		point_label(c, values, label, sizeof(label));
		sc = xcalloc(nr_scen, sizeof(*sc));
		for (s = 0; s < nr_scen; s++) {
			struct scenario_error serr;
			char *text = calib_point_text(c, s, values, msg, sizeof(msg));
			char *name = xasprintf("%s [%s]", c->in[s].file, label);

			if (text)
				sc[s] = scenario_load_text(text, name, &serr);
			if (!text || !sc[s])
				rec->evals[e].error = xasprintf("%s%s%s",
					nr_scen > 1 ? c->in[s].name : "",
					nr_scen > 1 ? ": " : "",
					text ? serr.msg : msg);
			free(text);
			free(name);
			if (!sc[s])
				break;
		}
		if (s == nr_scen) {
			b.p[b.n].sc = sc;
			b.p[b.n++].eval = e;
		} else {
			for (s = 0; s < nr_scen; s++)
				scenario_free(sc[s]);
			free(sc);
		}
	}
	/* Points refused by a scenario's checks count as done. */
	b.first_eval = rec->nr_evals - b.n;
	out = xcalloc(b.n * per, sizeof(*out));
	fflush(NULL);
	failed = b.n ? pool_run(b.n * per, jobs, eval_job, &b, out,
				batch_progress, c->runs_dir ? &cache : NULL) : 0;
	if (pool_interrupted())
		failed = -2;
	for (size_t i = 0; i < b.n; i++) {
		if (failed >= 0 && failed != POOL_PENDING)
			finish_eval(c, &rec->evals[b.p[i].eval], &out[i * per]);
		for (size_t s = 0; s < nr_scen; s++)
			scenario_free(b.p[i].sc[s]);
		free(b.p[i].sc);
	}
	for (size_t i = 0; i < b.n * per; i++)
		free(out[i]);
	free(out);
	free(b.p);
	rec->best = calib_argmin(c);
	if (failed == POOL_PENDING)
		return errf(err, len, "runs are done elsewhere");
	if (failed == -2)
		return errf(err, len, "interrupted");
	if (failed < 0)
		return errf(err, len, "cannot start processes: %s", strerror(errno));
	return 0;
}
