// SPDX-License-Identifier: GPL-2.0
/*
 * The record of a calibration as calibration.json, calibration.md, a
 * summary on stdout and the fitted scenario's comment header.  Formats
 * only: experiment/calibrate.c decides what was evaluated.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "calibration.h"
#include "compare_report.h"
#include "util/xalloc.h"

#define NONE_EVAL	((size_t)-1)

#define OBJECTIVE_TEXT							\
	"sum over targets of weight * ((mean over the seeds - target) / scale)^2, " \
	"plus weight * ((the seeds' standard deviation - sd) / sd_scale)^2 for " \
	"a target with sd="

/*
 * @v in @unit, and " sd S" after it when @sd is a number and @want says
 * the target has one: a mean with its runs' spread.
 */
static void value_sd(char *buf, size_t len, enum calibration_unit unit,
		     double v, double sd, bool want)
{
	size_t n;

	calibration_format_value(buf, len, unit, v);
	if (!want || !isfinite(sd))
		return;
	n = strlen(buf);
	if (n + 5 < len) {
		memcpy(buf + n, " sd ", 5);
		calibration_format_value(buf + n + 4, len - n - 4, unit, sd);
	}
}

static const char *unit_name(enum calibration_unit u)
{
	switch (u) {
	case CALIBRATION_TIME: return "s";
	case CALIBRATION_SIZE: return "bytes";
	case CALIBRATION_COUNT: break;
	}
	return "";
}

void calibration_format_value(char *buf, size_t len, enum calibration_unit unit,
			      double v)
{
	if (!isfinite(v)) {
		snprintf(buf, len, "n/a");
		return;
	}
	switch (unit) {
	case CALIBRATION_TIME: {
		/* The cover letter's Elapsed:MM:SS.mmm from a minute on. */
		unsigned long long t = (unsigned long long)round(fabs(v) * 1000);

		if (fabs(v) < 1e-3)
			snprintf(buf, len, "%.3fus", v * 1e6);
		else if (fabs(v) < 1)
			snprintf(buf, len, "%.3fms", v * 1e3);
		else if (fabs(v) < 60)
			snprintf(buf, len, "%.3fs", v);
		else if (t < 3600000ULL)
			snprintf(buf, len, "%s%llu:%02llu.%03llu", v < 0 ? "-" : "",
				 t / 60000, t / 1000 % 60, t % 1000);
		else
			snprintf(buf, len, "%s%llu:%02llu:%02llu.%03llu",
				 v < 0 ? "-" : "", t / 3600000, t / 60000 % 60,
				 t / 1000 % 60, t % 1000);
		break;
	}
	case CALIBRATION_SIZE:
		snprintf(buf, len, "%.0f bytes", v);
		break;
	case CALIBRATION_COUNT:
		snprintf(buf, len, "%.6g", v);
		break;
	}
}

/* (mean - target) / |target| as "+0.27%", or "" for a target of 0. */
static void format_error(char *buf, size_t len, double mean, double target)
{
	if (target == 0 || !isfinite(mean))
		snprintf(buf, len, "%s", isfinite(mean) ? "" : "n/a");
	else
		snprintf(buf, len, "%+.2f%%", (mean - target) / fabs(target) * 100);
}

static const struct calibration_eval *
best_eval(const struct calibration_record *rec)
{
	return rec->best < rec->nr_evals ? &rec->evals[rec->best] : NULL;
}

/* Several scenarios fitted at once: names qualify targets and keys. */
static bool joint(const struct calibration_record *rec)
{
	return rec->nr_scenarios > 1;
}

/* A target as tables name it: "elapsed", or "x86:elapsed" in a joint
 * calibration. */
static void target_label(char *buf, size_t len,
			 const struct calibration_record *rec, size_t t)
{
	const struct calibration_target *tg = &rec->targets[t];

	if (joint(rec))
		snprintf(buf, len, "%s:%s", rec->scenarios[tg->scenario].name,
			 tg->measure);
	else
		snprintf(buf, len, "%s", tg->measure);
}

/* "seed 1" or "seeds 1..3": scenario @s's. */
static void seeds_text(char *buf, size_t len,
		       const struct calibration_record *rec, size_t s)
{
	unsigned long long base = rec->scenarios[s].base_seed;

	if (rec->nr_seeds == 1)
		snprintf(buf, len, "seed %llu", base);
	else
		snprintf(buf, len, "seeds %llu..%llu", base,
			 base + rec->nr_seeds - 1);
}

/* Every scenario's seeds: "seeds 1..3", or "seeds 1..3 (x86_64), 5..7
 * (x86)" when their first seeds differ. */
static void all_seeds_text(char *buf, size_t len,
			   const struct calibration_record *rec)
{
	size_t n = 0, s;
	char one[64];

	for (s = 1; s < rec->nr_scenarios; s++)
		if (rec->scenarios[s].base_seed != rec->scenarios[0].base_seed)
			break;
	if (s == rec->nr_scenarios) {
		seeds_text(buf, len, rec, 0);
		return;
	}
	buf[0] = 0;
	for (s = 0; s < rec->nr_scenarios && n < len; s++) {
		seeds_text(one, sizeof(one), rec, s);
		n += (size_t)snprintf(buf + n, len - n, "%s%s (%s)", s ? ", " : "",
				      s ? strchr(one, ' ') + 1 : one,
				      rec->scenarios[s].name);
	}
}

/* "every scenario" or the one a parameter belongs to. */
static const char *applies_to(const struct calibration_record *rec,
			      const struct calibration_param *pr)
{
	return pr->scenario == CALIBRATION_SHARED ? "every scenario" :
	       rec->scenarios[pr->scenario].name;
}

/* ---- calibration.json --------------------------------------------------- */

static json_t *number(double v)
{
	return isfinite(v) ? json_real(v) : json_null();
}

static json_t *values_json(const struct calibration_record *rec,
			   const struct calibration_eval *e)
{
	json_t *o = json_object();

	for (size_t p = 0; p < rec->nr_params; p++)
		json_object_set_new(o, rec->params[p].key,
				    json_string(e->values[p]));
	return o;
}

static json_t *runs_json(const struct calibration_record *rec,
			 const struct calibration_eval *e, size_t t)
{
	json_t *a = json_array();

	for (unsigned int s = 0; s < rec->nr_seeds; s++)
		json_array_append_new(a, number(e->runs[t * rec->nr_seeds + s]));
	return a;
}

static json_t *eval_json(const struct calibration_record *rec, size_t i)
{
	const struct calibration_eval *e = &rec->evals[i];
	json_t *o = json_object(), *ms = json_array();

	json_object_set_new(o, "evaluation", json_integer((json_int_t)i + 1));
	json_object_set_new(o, "stage", json_string(e->stage));
	if (e->step > 0)
		json_object_set_new(o, "step", json_real(e->step));
	json_object_set_new(o, "values", values_json(rec, e));
	for (size_t t = 0; t < rec->nr_targets; t++)
		json_array_append_new(ms, json_pack("{s:s,s:s,s:o,s:o,s:o}",
			"scenario", rec->scenarios[rec->targets[t].scenario].name,
			"measure", rec->targets[t].measure,
			"runs", runs_json(rec, e, t),
			"mean", number(e->means[t]),
			"sd", number(e->sds ? e->sds[t] : NAN)));
	json_object_set_new(o, "measures", ms);
	json_object_set_new(o, "objective", number(e->objective));
	if (e->error)
		json_object_set_new(o, "error", json_string(e->error));
	return o;
}

/* As report_write_json(), with 15 significant digits: every value here
 * (seconds to the nanosecond, counts, means) reads back the same, without
 * the binary noise of a 17th digit. */
static int write_json(const char *path, json_t *root, char *err, size_t len)
{
	char *text = json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER |
				JSON_REAL_PRECISION(15));
	char *nl;
	int rc;

	json_decref(root);
	if (!text) {
		snprintf(err, len, "%s: cannot encode", path);
		return -1;
	}
	nl = xasprintf("%s\n", text);
	free(text);
	rc = report_write_text(path, nl, err, len);
	free(nl);
	return rc;
}

/* Scenario @s's targets at the best point. */
static json_t *best_measures_json(const struct calibration_record *rec,
				  const struct calibration_eval *b, size_t s)
{
	json_t *a = json_array();

	for (size_t t = 0; t < rec->nr_targets; t++) {
		const struct calibration_target *tg = &rec->targets[t];

		if (tg->scenario != s)
			continue;
		json_array_append_new(a, json_pack("{s:s,s:f,s:o,s:o,s:o,s:o,s:o}",
			"measure", tg->measure, "target", tg->value,
			"mean", number(b->means[t]),
			"target_sd", tg->sd > 0 ? json_real(tg->sd) : json_null(),
			"sd", number(b->sds[t]),
			"runs", runs_json(rec, b, t),
			"relative_error", tg->value != 0 ?
			number((b->means[t] - tg->value) / fabs(tg->value)) :
			json_null()));
	}
	return a;
}

int calibration_write_json(const struct calibration_record *rec,
			   const char *path, char *err, size_t len)
{
	const struct calibration_eval *b = best_eval(rec);
	json_t *root = json_object(), *a, *o;

	json_object_set_new(root, "mmsim_version", json_string(rec->version));
	json_object_set_new(root, "command", json_string(rec->command));
	json_object_set_new(root, "kernel", json_string(rec->kernel));
	a = json_array();
	for (size_t s = 0; s < rec->nr_scenarios; s++) {
		const struct calibration_scenario *sc = &rec->scenarios[s];
		json_t *seeds = json_array();

		for (unsigned int i = 0; i < rec->nr_seeds; i++)
			json_array_append_new(seeds,
				json_integer((json_int_t)(sc->base_seed + i)));
		json_array_append_new(a, json_pack("{s:s,s:s,s:s,s:o,s:s}",
			"name", sc->name, "file", sc->file, "arch", sc->arch,
			"seeds", seeds, "fitted_scenario", sc->fitted_file));
	}
	json_object_set_new(root, "scenarios", a);
	json_object_set_new(root, "objective", json_string(OBJECTIVE_TEXT));

	a = json_array();
	for (size_t t = 0; t < rec->nr_targets; t++) {
		const struct calibration_target *tg = &rec->targets[t];

		json_array_append_new(a, json_pack("{s:s,s:s,s:s,s:s,s:s,s:f,s:f,s:f,s:o,s:o}",
			"scenario", rec->scenarios[tg->scenario].name,
			"measure", tg->measure, "argument", tg->arg,
			"doc", tg->doc, "unit", unit_name(tg->unit),
			"value", tg->value, "weight", tg->weight,
			"scale", tg->scale,
			"sd", tg->sd > 0 ? json_real(tg->sd) : json_null(),
			"sd_scale", tg->sd > 0 ? json_real(tg->sd_scale) :
			json_null()));
	}
	json_object_set_new(root, "targets", a);

	a = json_array();
	for (size_t p = 0; p < rec->nr_params; p++) {
		const struct calibration_param *pr = &rec->params[p];
		json_t *to = json_array();

		for (size_t s = 0; s < rec->nr_scenarios; s++)
			if (calibration_param_applies(pr, s))
				json_array_append_new(to,
					json_string(rec->scenarios[s].name));
		json_array_append_new(a, json_pack(
			"{s:s,s:s,s:b,s:o,s:s,s:s,s:s,s:s,s:s,s:s}",
			"key", pr->key, "argument", pr->arg,
			"shared", pr->scenario == CALIBRATION_SHARED,
			"scenarios", to,
			"section", pr->section, "name", pr->name,
			"type", pr->type, "lo", pr->lo, "hi", pr->hi,
			"scale", pr->log ? "log" : "linear"));
	}
	json_object_set_new(root, "parameters", a);

	json_object_set_new(root, "search", json_pack("{s:s,s:I,s:f,s:f,s:I,s:I,s:s}",
		"method", "Hammersley design, then a bounded compass search "
		"with common random numbers",
		"design_points", (json_int_t)rec->nr_design,
		"initial_step", rec->initial_step,
		"tolerance", rec->tolerance,
		"max_evals", (json_int_t)rec->max_evals,
		"evaluations", (json_int_t)rec->nr_evals,
		"stopped", rec->stopped ? rec->stopped : ""));

	if (b) {
		o = json_object();
		json_object_set_new(o, "evaluation", json_integer((json_int_t)rec->best + 1));
		json_object_set_new(o, "values", values_json(rec, b));
		json_object_set_new(o, "objective", number(b->objective));
		a = json_array();
		for (size_t s = 0; s < rec->nr_scenarios; s++)
			json_array_append_new(a, json_pack("{s:s,s:o}",
				"scenario", rec->scenarios[s].name,
				"measures", best_measures_json(rec, b, s)));
		json_object_set_new(o, "scenarios", a);
		json_object_set_new(root, "best", o);
		json_object_set_new(root, "residual", number(b->objective));
	} else {
		json_object_set_new(root, "best", json_null());
		json_object_set_new(root, "residual", json_null());
	}

	if (rec->ensemble_want) {
		a = json_array();
		for (size_t k = 0; k < rec->nr_ensemble; k++)
			json_array_append_new(a, json_integer(
				(json_int_t)rec->ensemble[k] + 1));
		json_object_set_new(root, "ensemble", json_pack("{s:s,s:i,s:I,s:o}",
			"rule", "every target's mean within its scale of it",
			"asked", (int)rec->ensemble_want,
			"within", (json_int_t)rec->ensemble_within,
			"evaluations", a));
	}
	a = json_array();
	for (size_t i = 0; i < rec->nr_evals; i++)
		json_array_append_new(a, eval_json(rec, i));
	json_object_set_new(root, "evaluations", a);
	return write_json(path, root, err, len);
}

/* ---- calibration.md ----------------------------------------------------- */

/* A cell of a Markdown table: '|' escaped, no line breaks. */
static void md_cell(FILE *f, const char *s)
{
	fputc(' ', f);
	for (; *s; s++) {
		if (*s == '|')
			fputs("\\|", f);
		else if (*s == '\n' || *s == '\r')
			fputc(' ', f);
		else
			fputc(*s, f);
	}
	fputs(" |", f);
}

static void md_runs(FILE *f, const struct calibration_record *rec,
		    const struct calibration_eval *e, size_t t)
{
	char v[64];

	for (unsigned int s = 0; s < rec->nr_seeds; s++) {
		calibration_format_value(v, sizeof(v), rec->targets[t].unit,
					 e->runs[t * rec->nr_seeds + s]);
		fprintf(f, "%s%s", s ? ", " : "", v);
	}
}

/* Scenario @s's targets at the best point, and how to run them again. */
static void md_best_targets(FILE *f, const struct calibration_record *rec,
			    const struct calibration_eval *b, size_t s)
{
	const struct calibration_scenario *sc = &rec->scenarios[s];
	char v[64], w[64], e[32];

	fprintf(f, "| target | wanted | mean at the best point | runs | error |\n"
		"|---|---|---|---|---|\n");
	for (size_t t = 0; t < rec->nr_targets; t++) {
		const struct calibration_target *tg = &rec->targets[t];

		if (tg->scenario != s)
			continue;
		fputc('|', f);
		md_cell(f, tg->measure);
		value_sd(v, sizeof(v), tg->unit, tg->value, tg->sd, tg->sd > 0);
		md_cell(f, v);
		value_sd(w, sizeof(w), tg->unit, b->means[t], b->sds[t],
			 tg->sd > 0);
		md_cell(f, w);
		fputc(' ', f);
		md_runs(f, rec, b, t);
		fputs(" |", f);
		format_error(e, sizeof(e), b->means[t], tg->value);
		md_cell(f, e);
		fputc('\n', f);
	}
	seeds_text(v, sizeof(v), rec, s);
	fprintf(f, "\n`mmsim run %s --kernel %s` reproduces the first run of the "
		"best evaluation%s%s (seed %llu; `--seed S` for the others of "
		"%s).\n\n", sc->fitted_file, rec->kernel, joint(rec) ? " on " : "",
		joint(rec) ? sc->name : "", sc->base_seed, v);
}

/*
 * For each choice among structures (a --fit over a key's words), each
 * word's best evaluation: how well the fit does with that structure,
 * beside the one it chose.
 */
static void md_choices(FILE *f, const struct calibration_record *rec)
{
	char v[64];

	for (size_t p = 0; p < rec->nr_params; p++) {
		const struct calibration_param *pr = &rec->params[p];

		if (strcmp(pr->type, "choice"))
			continue;
		fprintf(f, "### %s: each choice's best evaluation\n\n| %s | "
			"evaluations | best | objective |", pr->key, pr->name);
		for (size_t t = 0; t < rec->nr_targets; t++) {
			target_label(v, sizeof(v), rec, t);
			md_cell(f, v);
		}
		fputs("\n|---|---|---|---|", f);
		for (size_t t = 0; t < rec->nr_targets; t++)
			fputs("---|", f);
		fputc('\n', f);
		for (size_t i = 0; i < rec->nr_evals; i++) {
			const char *word = rec->evals[i].values[p];
			size_t best = NONE_EVAL, n = 0, j;

			/* Each word once, where it first appears. */
			for (j = 0; j < i; j++)
				if (!strcmp(rec->evals[j].values[p], word))
					break;
			if (j < i)
				continue;
			for (j = i; j < rec->nr_evals; j++) {
				const struct calibration_eval *e = &rec->evals[j];

				if (strcmp(e->values[p], word))
					continue;
				n++;
				if (isfinite(e->objective) && (best == NONE_EVAL ||
				    e->objective < rec->evals[best].objective))
					best = j;
			}
			fputc('|', f);
			md_cell(f, word);
			fprintf(f, " %zu |", n);
			if (best == NONE_EVAL) {
				fputs(" none succeeded | |", f);
				for (size_t t = 0; t < rec->nr_targets; t++)
					fputs(" |", f);
				fputc('\n', f);
				continue;
			}
			fprintf(f, " %zu%s | %.6g |", best + 1,
				best == rec->best ? " (chosen)" : "",
				rec->evals[best].objective);
			for (size_t t = 0; t < rec->nr_targets; t++) {
				value_sd(v, sizeof(v), rec->targets[t].unit,
					 rec->evals[best].means[t],
					 rec->evals[best].sds[t],
					 rec->targets[t].sd > 0);
				md_cell(f, v);
			}
			fputc('\n', f);
		}
		fputc('\n', f);
	}
}

static void md_result(FILE *f, const struct calibration_record *rec,
		      const struct calibration_eval *b)
{
	char v[64];

	fprintf(f, "## Result\n\n| parameter |%s range | scale | fitted |\n"
		"|---|%s---|---|---|\n", joint(rec) ? " applies to |" : "",
		joint(rec) ? "---|" : "");
	for (size_t p = 0; p < rec->nr_params; p++) {
		const struct calibration_param *pr = &rec->params[p];

		fputc('|', f);
		md_cell(f, pr->key);
		if (joint(rec))
			md_cell(f, applies_to(rec, pr));
		snprintf(v, sizeof(v), "%s..%s", pr->lo, pr->hi);
		md_cell(f, v);
		md_cell(f, pr->log ? "log" : "linear");
		md_cell(f, b ? b->values[p] : "n/a");
		fputc('\n', f);
	}
	if (!b) {
		fprintf(f, "\nNo evaluation succeeded.\n\n");
		return;
	}
	fprintf(f, "\nResidual (the objective at the best point, evaluation "
		"%zu of %zu%s): %.6g.\n\n", rec->best + 1, rec->nr_evals,
		joint(rec) ? ", summed over every scenario's targets" : "",
		b->objective);
	if (!joint(rec)) {
		md_best_targets(f, rec, b, 0);
		md_choices(f, rec);
		return;
	}
	for (size_t s = 0; s < rec->nr_scenarios; s++) {
		fprintf(f, "### %s\n\n", rec->scenarios[s].name);
		md_best_targets(f, rec, b, s);
	}
	md_choices(f, rec);
}

/* The ensemble's points, their values and their means. */
static void md_ensemble(FILE *f, const struct calibration_record *rec)
{
	char v[64];

	if (!rec->ensemble_want)
		return;
	fprintf(f, "## Ensemble\n\n%zu of %zu evaluations have every target's "
		"mean within its scale of it; the ensemble keeps %zu of them "
		"(%u asked for): the best, then each time the one farthest from "
		"those kept in the search's unit cube.  `mmsim validate "
		"--ensemble` gives every claim's verdict at each.\n\n| # |",
		rec->ensemble_within, rec->nr_evals, rec->nr_ensemble,
		rec->ensemble_want);
	for (size_t p = 0; p < rec->nr_params; p++)
		md_cell(f, rec->params[p].key);
	for (size_t t = 0; t < rec->nr_targets; t++)
		md_cell(f, rec->targets[t].arg);
	fputs("\n|---|", f);
	for (size_t i = 0; i < rec->nr_params + rec->nr_targets; i++)
		fputs("---|", f);
	fputc('\n', f);
	for (size_t k = 0; k < rec->nr_ensemble; k++) {
		const struct calibration_eval *e = &rec->evals[rec->ensemble[k]];

		fprintf(f, "| %zu |", rec->ensemble[k] + 1);
		for (size_t p = 0; p < rec->nr_params; p++)
			md_cell(f, e->values[p]);
		for (size_t t = 0; t < rec->nr_targets; t++) {
			value_sd(v, sizeof(v), rec->targets[t].unit, e->means[t],
				 e->sds[t], rec->targets[t].sd > 0);
			md_cell(f, v);
		}
		fputc('\n', f);
	}
	fputc('\n', f);
}

static void md_evals(FILE *f, const struct calibration_record *rec)
{
	char v[64];

	fprintf(f, "## Evaluations\n\nEach target's cell is the mean over the "
		"seeds, then every run in seed order.\n\n| # | stage | step |");
	for (size_t p = 0; p < rec->nr_params; p++)
		md_cell(f, rec->params[p].key);
	for (size_t t = 0; t < rec->nr_targets; t++) {
		target_label(v, sizeof(v), rec, t);
		md_cell(f, v);
	}
	fputs(" objective |\n|---|---|---|", f);
	for (size_t i = 0; i < rec->nr_params + rec->nr_targets; i++)
		fputs("---|", f);
	fputs("---|\n", f);
	for (size_t i = 0; i < rec->nr_evals; i++) {
		const struct calibration_eval *e = &rec->evals[i];

		fprintf(f, "| %zu%s | %s |", i + 1, i == rec->best ? " (best)" : "",
			e->stage);
		if (e->step > 0)
			fprintf(f, " %.4g |", e->step);
		else
			fputs(" |", f);
		for (size_t p = 0; p < rec->nr_params; p++)
			md_cell(f, e->values[p]);
		for (size_t t = 0; t < rec->nr_targets; t++) {
			value_sd(v, sizeof(v), rec->targets[t].unit, e->means[t],
				 e->sds[t], rec->targets[t].sd > 0);
			fprintf(f, " %s (", v);
			md_runs(f, rec, e, t);
			fputs(") |", f);
		}
		if (e->error) {
			fputs(" failed:", f);
			md_cell(f, e->error);
			fputc('\n', f);
			continue;
		}
		fprintf(f, " %.6g |\n", e->objective);
	}
}

static void md_scenarios(FILE *f, const struct calibration_record *rec)
{
	const struct calibration_scenario *sc = &rec->scenarios[0];
	char seeds[64];

	if (!joint(rec)) {
		seeds_text(seeds, sizeof(seeds), rec, 0);
		fprintf(f, "mmsim %s; kernel `%s`; scenario `%s` (%s); %s, every "
			"evaluation runs all of them.  docs/calibration.md "
			"describes the method.\n\n", rec->version, rec->kernel,
			sc->file, sc->arch, seeds);
		return;
	}
	fprintf(f, "mmsim %s; kernel `%s`; a joint fit of %zu scenarios: every "
		"evaluation runs each of them with its seeds, shared parameters "
		"written into all of them, and the objective sums over all their "
		"targets.  docs/calibration.md describes the method.\n\n"
		"| scenario | file | arch | seeds | fitted scenario |\n"
		"|---|---|---|---|---|\n", rec->version, rec->kernel,
		rec->nr_scenarios);
	for (size_t s = 0; s < rec->nr_scenarios; s++) {
		sc = &rec->scenarios[s];
		seeds_text(seeds, sizeof(seeds), rec, s);
		fputc('|', f);
		md_cell(f, sc->name);
		md_cell(f, sc->file);
		md_cell(f, sc->arch);
		md_cell(f, seeds);
		md_cell(f, sc->fitted_file);
		fputc('\n', f);
	}
	fputc('\n', f);
}

int calibration_write_md(const struct calibration_record *rec,
			 const char *path, char *err, size_t len)
{
	const struct calibration_eval *b = best_eval(rec);
	char *text = NULL, v[64], label[96];
	size_t n = 0;
	FILE *f = xopen_memstream(&text, &n);
	int rc;

	fprintf(f, "# mmsim calibration\n\n```\n%s\n```\n\n", rec->command);
	md_scenarios(f, rec);
	md_result(f, rec, b);
	md_ensemble(f, rec);

	fprintf(f, "## Objective\n\n%s, with scale = |target| and sd_scale = "
		"sd unless given (relative squared errors).\n\n| target | "
		"argument | measure | "
		"weight | scale |\n|---|---|---|---|---|\n", OBJECTIVE_TEXT);
	for (size_t t = 0; t < rec->nr_targets; t++) {
		const struct calibration_target *tg = &rec->targets[t];

		fputc('|', f);
		target_label(label, sizeof(label), rec, t);
		md_cell(f, label);
		md_cell(f, tg->arg);
		md_cell(f, tg->doc);
		fprintf(f, " %g |", tg->weight);
		value_sd(v, sizeof(v), tg->unit, tg->scale, tg->sd_scale,
			 tg->sd > 0);
		md_cell(f, v);
		fputc('\n', f);
	}

	fprintf(f, "\n## Search\n\nA Hammersley design of %zu points over the "
		"ranges, then a bounded compass search from its best point: "
		"every parameter +- the step (first %.4g of each range), all "
		"polls at once, moving to the best poll that improves and "
		"halving the step when none does; --tolerance %g, --max-evals "
		"%u.  %zu evaluation%s; stopped: %s.\n\n", rec->nr_design,
		rec->initial_step, rec->tolerance, rec->max_evals, rec->nr_evals,
		rec->nr_evals == 1 ? "" : "s", rec->stopped ? rec->stopped : "");
	md_evals(f, rec);
	xclose_memstream(f);
	rc = report_write_text(path, text, err, len);
	free(text);
	return rc;
}

/* ---- stdout and the fitted scenario's header ---------------------------- */

bool calibration_within_scale(const struct calibration_record *rec,
			      const struct calibration_eval *e)
{
	if (!e->means || !isfinite(e->objective))
		return false;
	for (size_t t = 0; t < rec->nr_targets; t++) {
		const struct calibration_target *tg = &rec->targets[t];

		if (!(fabs(e->means[t] - tg->value) <= tg->scale))
			return false;
		if (tg->sd > 0 && !(fabs(e->sds[t] - tg->sd) <= tg->sd_scale))
			return false;
	}
	return true;
}

/* "k of n evaluations within every scale; the ensemble: #a, #b, ..." */
static void ensemble_line(FILE *f, const struct calibration_record *rec)
{
	if (!rec->ensemble_want)
		return;
	fprintf(f, "ensemble: %zu of %zu evaluations within every target's scale; "
		"kept %zu of the %u asked for:", rec->ensemble_within,
		rec->nr_evals, rec->nr_ensemble, rec->ensemble_want);
	for (size_t k = 0; k < rec->nr_ensemble; k++)
		fprintf(f, " #%zu", rec->ensemble[k] + 1);
	fputc('\n', f);
}

void calibration_print_summary(FILE *f, const struct calibration_record *rec)
{
	const struct calibration_eval *b = best_eval(rec);
	char seeds[256], v[64], w[64], e[32], label[96];
	int width = 0;

	all_seeds_text(seeds, sizeof(seeds), rec);
	fprintf(f, "Calibrated on %s", rec->kernel);
	for (size_t s = 0; joint(rec) && s < rec->nr_scenarios; s++)
		fprintf(f, "%s%s", !s ? ", on " : s + 1 < rec->nr_scenarios ?
			", " : " and ", rec->scenarios[s].name);
	fprintf(f, ", %s: %zu evaluation%s (stopped: %s)\n", seeds,
		rec->nr_evals, rec->nr_evals == 1 ? "" : "s",
		rec->stopped ? rec->stopped : "");
	if (!b)
		return;
	for (size_t p = 0; p < rec->nr_params; p++) {
		int n = (int)(strlen(rec->params[p].key) + 3 + strlen(b->values[p]));

		if (n > width)
			width = n;
	}
	for (size_t p = 0; p < rec->nr_params; p++) {
		const struct calibration_param *pr = &rec->params[p];
		int n = (int)(strlen(pr->key) + 3 + strlen(b->values[p]));

		fprintf(f, "  %s = %s%*s  (%s..%s%s%s)\n", pr->key, b->values[p],
			width - n, "", pr->lo, pr->hi, pr->log ? ", log" : "",
			joint(rec) && pr->scenario == CALIBRATION_SHARED ?
			", shared" : "");
	}
	for (size_t t = 0; t < rec->nr_targets; t++) {
		const struct calibration_target *tg = &rec->targets[t];

		target_label(label, sizeof(label), rec, t);
		value_sd(v, sizeof(v), tg->unit, tg->value, tg->sd, tg->sd > 0);
		value_sd(w, sizeof(w), tg->unit, b->means[t], b->sds[t],
			 tg->sd > 0);
		format_error(e, sizeof(e), b->means[t], tg->value);
		fprintf(f, "  %s: target %s, mean %s%s%s%s\n", label, v, w,
			*e ? " (" : "", e, *e ? ")" : "");
	}
	fprintf(f, "residual %.6g (evaluation %zu)\n", b->objective, rec->best + 1);
	ensemble_line(f, rec);
}

/* @s on one comment line: control characters would end it. */
static void comment_text(FILE *f, const char *s)
{
	for (; *s; s++)
		fputc((unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s, f);
}

/*
 * @text's comment lines folded at spaces to at most COMMENT_WIDTH columns,
 * each continuation indented two more than its line; a word longer than
 * COMMENT_WORD_MAX is cut.  The scenario reader refuses lines of about
 * 200 characters (src/scenario/scenario.c), and a command line with its
 * paths and targets is easily longer than that.
 */
#define COMMENT_WIDTH		78
#define COMMENT_WORD_MAX	150

static char *fold_comments(const char *text)
{
	char *out = NULL;
	size_t n = 0;
	FILE *f = xopen_memstream(&out, &n);

	while (*text) {
		size_t len = strcspn(text, "\n"), indent = 0, width, cut;
		const char *line = text;

		text += len + (text[len] == '\n');
		if (len <= COMMENT_WIDTH || *line != ';') {
			fprintf(f, "%.*s\n", (int)len, line);
			continue;
		}
		/* "; " and the spaces after it, kept on every piece. */
		indent = 1 + strspn(line + 1, " ");
		for (bool first = true; len; first = false) {
			size_t lead = first ? 0 : indent + 2;

			width = COMMENT_WIDTH - lead;
			if (len <= width) {
				cut = len;
			} else {
				for (cut = width; cut > (first ? indent : 0) &&
				     line[cut] != ' '; cut--)
					;
				if (cut <= (first ? indent : 0)) {
					/* One long word: to the next space,
					 * or cut. */
					cut = width;
					while (cut < len && line[cut] != ' ' &&
					       cut < COMMENT_WORD_MAX)
						cut++;
				}
			}
			if (!first)
				fprintf(f, ";%*s", (int)(lead - 1), "");
			fprintf(f, "%.*s\n", (int)cut, line);
			line += cut;
			len -= cut;
			while (len && *line == ' ') {
				line++;
				len--;
			}
		}
	}
	xclose_memstream(f);
	return out;
}

char *calibration_fitted_header(const struct calibration_record *rec, size_t s)
{
	const struct calibration_eval *b = best_eval(rec);
	const struct calibration_scenario *sc = &rec->scenarios[s];
	char *text = NULL, *folded, seeds[64], v[64], w[64], e[32];
	size_t n = 0;
	FILE *f = xopen_memstream(&text, &n);

	seeds_text(seeds, sizeof(seeds), rec, s);
	fprintf(f, "; Fitted by mmsim calibrate (mmsim %s):\n;   ", rec->version);
	comment_text(f, rec->command);
	fprintf(f, "\n; from scenario ");
	comment_text(f, sc->file);
	fprintf(f, " on kernel %s, %s (the mean of %u run%s per evaluation).\n",
		rec->kernel, seeds, rec->nr_seeds, rec->nr_seeds == 1 ? "" : "s");
	if (joint(rec)) {
		fprintf(f, "; This is ");
		comment_text(f, sc->name);
		fprintf(f, " of a joint fit over");
		for (size_t i = 0; i < rec->nr_scenarios; i++) {
			fprintf(f, "%s", !i ? " " : i + 1 < rec->nr_scenarios ?
				", " : " and ");
			comment_text(f, rec->scenarios[i].name);
		}
		fprintf(f, ": every evaluation\n; ran each, shared values "
			"written into all of them, and the objective summed\n"
			"; over all their targets (calibration.md has the "
			"others').\n");
	}
	fprintf(f, "; Fitted values, written into the sections below:\n");
	for (size_t p = 0; b && p < rec->nr_params; p++) {
		const struct calibration_param *pr = &rec->params[p];

		if (!calibration_param_applies(pr, s))
			continue;
		fprintf(f, ";   %s = %s (range %s..%s%s%s)\n", pr->key,
			b->values[p], pr->lo, pr->hi,
			pr->log ? ", log scale" : "",
			joint(rec) && pr->scenario == CALIBRATION_SHARED ?
			", shared" : "");
	}
	fprintf(f, "; Targets, and the means at the fitted values:\n");
	for (size_t t = 0; b && t < rec->nr_targets; t++) {
		const struct calibration_target *tg = &rec->targets[t];

		if (tg->scenario != s)
			continue;
		value_sd(v, sizeof(v), tg->unit, tg->value, tg->sd, tg->sd > 0);
		value_sd(w, sizeof(w), tg->unit, b->means[t], b->sds[t],
			 tg->sd > 0);
		format_error(e, sizeof(e), b->means[t], tg->value);
		fprintf(f, ";   %s = %s: %s%s%s%s\n", tg->measure, v, w,
			*e ? " (" : "", e, *e ? ")" : "");
	}
	if (b)
		fprintf(f, "; Residual %.6g (%s%s), evaluation %zu of %zu.\n",
			b->objective, OBJECTIVE_TEXT,
			joint(rec) ? ", the targets of every scenario" : "",
			rec->best + 1, rec->nr_evals);
	fprintf(f, "; [kernel] profile and [run] seed are the calibration's: "
		"'mmsim run' on this file\n; reproduces the first run of that "
		"evaluation (--seed S the others).\n\n");
	xclose_memstream(f);
	folded = fold_comments(text);
	free(text);
	return folded;
}
