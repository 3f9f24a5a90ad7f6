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

#define OBJECTIVE_TEXT							\
	"sum over targets of weight * ((mean over the seeds - target) / scale)^2"

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
		json_array_append_new(ms, json_pack("{s:s,s:o,s:o}",
			"measure", rec->targets[t].measure,
			"runs", runs_json(rec, e, t),
			"mean", number(e->means[t])));
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
	if (asprintf(&nl, "%s\n", text) < 0)
		abort();
	free(text);
	rc = report_write_text(path, nl, err, len);
	free(nl);
	return rc;
}

int calibration_write_json(const struct calibration_record *rec,
			   const char *path, char *err, size_t len)
{
	const struct calibration_eval *b = best_eval(rec);
	json_t *root = json_object(), *seeds = json_array(), *a, *o;

	json_object_set_new(root, "mmsim_version", json_string(rec->version));
	json_object_set_new(root, "command", json_string(rec->command));
	json_object_set_new(root, "kernel", json_string(rec->kernel));
	json_object_set_new(root, "scenario", json_string(rec->scenario));
	json_object_set_new(root, "arch", json_string(rec->arch));
	for (unsigned int s = 0; s < rec->nr_seeds; s++)
		json_array_append_new(seeds, json_integer((json_int_t)(rec->base_seed + s)));
	json_object_set_new(root, "seeds", seeds);
	json_object_set_new(root, "objective", json_string(OBJECTIVE_TEXT));

	a = json_array();
	for (size_t t = 0; t < rec->nr_targets; t++) {
		const struct calibration_target *tg = &rec->targets[t];

		json_array_append_new(a, json_pack("{s:s,s:s,s:s,s:s,s:f,s:f,s:f}",
			"measure", tg->measure, "argument", tg->arg,
			"doc", tg->doc, "unit", unit_name(tg->unit),
			"value", tg->value, "weight", tg->weight,
			"scale", tg->scale));
	}
	json_object_set_new(root, "targets", a);

	a = json_array();
	for (size_t p = 0; p < rec->nr_params; p++) {
		const struct calibration_param *pr = &rec->params[p];

		json_array_append_new(a, json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:s,s:s}",
			"key", pr->key, "argument", pr->arg,
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
		for (size_t t = 0; t < rec->nr_targets; t++) {
			const struct calibration_target *tg = &rec->targets[t];

			json_array_append_new(a, json_pack("{s:s,s:f,s:o,s:o,s:o}",
				"measure", tg->measure, "target", tg->value,
				"mean", number(b->means[t]),
				"runs", runs_json(rec, b, t),
				"relative_error", tg->value != 0 ?
				number((b->means[t] - tg->value) / fabs(tg->value)) :
				json_null()));
		}
		json_object_set_new(o, "measures", a);
		json_object_set_new(root, "best", o);
		json_object_set_new(root, "residual", number(b->objective));
	} else {
		json_object_set_new(root, "best", json_null());
		json_object_set_new(root, "residual", json_null());
	}
	json_object_set_new(root, "fitted_scenario", json_string(rec->fitted_file));

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

static void seeds_text(char *buf, size_t len,
		       const struct calibration_record *rec)
{
	if (rec->nr_seeds == 1)
		snprintf(buf, len, "seed %llu", rec->base_seed);
	else
		snprintf(buf, len, "seeds %llu..%llu", rec->base_seed,
			 rec->base_seed + rec->nr_seeds - 1);
}

static void md_result(FILE *f, const struct calibration_record *rec,
		      const struct calibration_eval *b)
{
	char v[64], w[64], e[32];

	fprintf(f, "## Result\n\n| parameter | range | scale | fitted |\n"
		"|---|---|---|---|\n");
	for (size_t p = 0; p < rec->nr_params; p++) {
		const struct calibration_param *pr = &rec->params[p];

		fputc('|', f);
		md_cell(f, pr->key);
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
		"%zu of %zu): %.6g.\n\n", rec->best + 1, rec->nr_evals,
		b->objective);
	fprintf(f, "| target | wanted | mean at the best point | runs | error |\n"
		"|---|---|---|---|---|\n");
	for (size_t t = 0; t < rec->nr_targets; t++) {
		const struct calibration_target *tg = &rec->targets[t];

		fputc('|', f);
		md_cell(f, tg->measure);
		calibration_format_value(v, sizeof(v), tg->unit, tg->value);
		md_cell(f, v);
		calibration_format_value(w, sizeof(w), tg->unit, b->means[t]);
		md_cell(f, w);
		fputc(' ', f);
		md_runs(f, rec, b, t);
		fputs(" |", f);
		format_error(e, sizeof(e), b->means[t], tg->value);
		md_cell(f, e);
		fputc('\n', f);
	}
	seeds_text(v, sizeof(v), rec);
	fprintf(f, "\n`mmsim run %s --kernel %s` reproduces the first run of the "
		"best evaluation (seed %llu; `--seed S` for the others of %s).\n\n",
		rec->fitted_file, rec->kernel, rec->base_seed, v);
}

static void md_evals(FILE *f, const struct calibration_record *rec)
{
	char v[64];

	fprintf(f, "## Evaluations\n\nEach target's cell is the mean over the "
		"seeds, then every run in seed order.\n\n| # | stage | step |");
	for (size_t p = 0; p < rec->nr_params; p++)
		md_cell(f, rec->params[p].key);
	for (size_t t = 0; t < rec->nr_targets; t++)
		md_cell(f, rec->targets[t].measure);
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
			calibration_format_value(v, sizeof(v), rec->targets[t].unit,
						 e->means[t]);
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

int calibration_write_md(const struct calibration_record *rec,
			 const char *path, char *err, size_t len)
{
	const struct calibration_eval *b = best_eval(rec);
	char *text = NULL, seeds[64], v[64];
	size_t n = 0;
	FILE *f = open_memstream(&text, &n);
	int rc;

	if (!f)
		abort();
	seeds_text(seeds, sizeof(seeds), rec);
	fprintf(f, "# mmsim calibration\n\n```\n%s\n```\n\n", rec->command);
	fprintf(f, "mmsim %s; kernel `%s`; scenario `%s` (%s); %s, every "
		"evaluation runs all of them.  docs/calibration.md describes "
		"the method.\n\n", rec->version, rec->kernel, rec->scenario,
		rec->arch, seeds);
	md_result(f, rec, b);

	fprintf(f, "## Objective\n\n%s, with scale = |target| unless given "
		"(the relative squared error).\n\n| target | argument | measure | "
		"weight | scale |\n|---|---|---|---|---|\n", OBJECTIVE_TEXT);
	for (size_t t = 0; t < rec->nr_targets; t++) {
		const struct calibration_target *tg = &rec->targets[t];

		fputc('|', f);
		md_cell(f, tg->measure);
		md_cell(f, tg->arg);
		md_cell(f, tg->doc);
		fprintf(f, " %g |", tg->weight);
		calibration_format_value(v, sizeof(v), tg->unit, tg->scale);
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
	if (fclose(f))
		abort();
	rc = report_write_text(path, text, err, len);
	free(text);
	return rc;
}

/* ---- stdout and the fitted scenario's header ---------------------------- */

void calibration_print_summary(FILE *f, const struct calibration_record *rec)
{
	const struct calibration_eval *b = best_eval(rec);
	char seeds[64], v[64], w[64], e[32];
	int width = 0;

	seeds_text(seeds, sizeof(seeds), rec);
	fprintf(f, "Calibrated on %s, %s: %zu evaluation%s (stopped: %s)\n",
		rec->kernel, seeds, rec->nr_evals, rec->nr_evals == 1 ? "" : "s",
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

		fprintf(f, "  %s = %s%*s  (%s..%s%s)\n", pr->key, b->values[p],
			width - n, "", pr->lo, pr->hi, pr->log ? ", log" : "");
	}
	for (size_t t = 0; t < rec->nr_targets; t++) {
		const struct calibration_target *tg = &rec->targets[t];

		calibration_format_value(v, sizeof(v), tg->unit, tg->value);
		calibration_format_value(w, sizeof(w), tg->unit, b->means[t]);
		format_error(e, sizeof(e), b->means[t], tg->value);
		fprintf(f, "  %s: target %s, mean %s%s%s%s\n", tg->measure, v, w,
			*e ? " (" : "", e, *e ? ")" : "");
	}
	fprintf(f, "residual %.6g (evaluation %zu)\n", b->objective, rec->best + 1);
}

/* @s on one comment line: control characters would end it. */
static void comment_text(FILE *f, const char *s)
{
	for (; *s; s++)
		fputc((unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s, f);
}

char *calibration_fitted_header(const struct calibration_record *rec)
{
	const struct calibration_eval *b = best_eval(rec);
	char *text = NULL, seeds[64], v[64], w[64], e[32];
	size_t n = 0;
	FILE *f = open_memstream(&text, &n);

	if (!f)
		abort();
	seeds_text(seeds, sizeof(seeds), rec);
	fprintf(f, "; Fitted by mmsim calibrate (mmsim %s):\n;   ", rec->version);
	comment_text(f, rec->command);
	fprintf(f, "\n; from scenario ");
	comment_text(f, rec->scenario);
	fprintf(f, " on kernel %s, %s (the mean of %u run%s per evaluation).\n",
		rec->kernel, seeds, rec->nr_seeds, rec->nr_seeds == 1 ? "" : "s");
	fprintf(f, "; Fitted values, written into the sections below:\n");
	for (size_t p = 0; b && p < rec->nr_params; p++)
		fprintf(f, ";   %s = %s (range %s..%s%s)\n", rec->params[p].key,
			b->values[p], rec->params[p].lo, rec->params[p].hi,
			rec->params[p].log ? ", log scale" : "");
	fprintf(f, "; Targets, and the means at the fitted values:\n");
	for (size_t t = 0; b && t < rec->nr_targets; t++) {
		const struct calibration_target *tg = &rec->targets[t];

		calibration_format_value(v, sizeof(v), tg->unit, tg->value);
		calibration_format_value(w, sizeof(w), tg->unit, b->means[t]);
		format_error(e, sizeof(e), b->means[t], tg->value);
		fprintf(f, ";   %s = %s: %s%s%s%s\n", tg->measure, v, w,
			*e ? " (" : "", e, *e ? ")" : "");
	}
	if (b)
		fprintf(f, "; Residual %.6g (%s), evaluation %zu of %zu.\n",
			b->objective, OBJECTIVE_TEXT, rec->best + 1, rec->nr_evals);
	fprintf(f, "; [kernel] profile and [run] seed are the calibration's: "
		"'mmsim run' on this file\n; reproduces the first run of that "
		"evaluation (--seed S the others).\n\n");
	if (fclose(f))
		abort();
	return text;
}
