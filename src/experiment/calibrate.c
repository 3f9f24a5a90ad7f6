// SPDX-License-Identifier: GPL-2.0
/*
 * mmsim calibrate: fit scenario values to measured ones (calibrate.h has
 * the objective and the search; docs/calibration.md the why).
 *
 * A point is a value for every fitted key, written into the text of
 * every scenario the key is applied to as sweeps write theirs
 * (override.c), so it gets exactly the checks of a value in a file; its
 * runs are independent processes (pool.c), one per scenario and seed,
 * every point of a search step at once.
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

/* ---- measures ----------------------------------------------------------- */

/*
 * The named measures are the rows of compare's table (docs/compare.md),
 * the registry's shown measures (metrics_shown()), so a figure read off
 * a compare report is a target by the same name.  A figure in seconds is
 * a time, one in bytes a size, any other a count.
 */
static enum calibration_unit shown_unit(const struct measure *m)
{
	if (m->unit && !strcmp(m->unit, "s"))
		return CALIBRATION_TIME;
	if (m->unit && !strcmp(m->unit, "bytes"))
		return CALIBRATION_SIZE;
	return CALIBRATION_COUNT;
}

static const struct measure *find_named(const char *name)
{
	for (size_t i = 0; i < metrics_nr_shown(); i++)
		if (!strcmp(metrics_shown(i)->name, name))
			return metrics_shown(i);
	return NULL;
}

/* How a target reads its value from a run's result: a named measure, an
 * element of a /proc/vmstat array, or a declared single value. */
struct calib_ref {
	const struct measure *named;	/* a shown measure */
	const char *array;		/* "vm_events", "vm_stat" */
	const char *element;
	bool is_signed;
	const char *measure;		/* a declared MT_UINT or MT_REAL */
	bool real;
	double divisor;			/* ns -> s: 1e9, as "elapsed" */
	char doc[160];
};

static double ref_value(const struct calib_ref *ref, const struct run_result *r)
{
	if (ref->named)
		return measure_value(ref->named, r);
	if (ref->array)
		return ref->is_signed ?
			(double)result_int_at(r, ref->array, ref->element) :
			(double)result_uint_at(r, ref->array, ref->element);
	if (ref->real)
		return result_real(r, ref->measure) / ref->divisor;
	return (double)result_uint(r, ref->measure) / ref->divisor;
}

double calib_target_value(const struct calibration *c, size_t t,
			  const struct run_result *r)
{
	return ref_value(&c->refs[t], r);
}

static bool find_element(const char *array, const char *name,
			 struct calib_ref *ref)
{
	const struct measure *m = metrics_find(array);

	for (unsigned int i = 0; m && m->type == MT_ARRAY && !m->dims[1] &&
	     i < m->dims[0]; i++) {
		const char *e = metrics_element_name(array, 0, i);

		if (e && !strcmp(e, name)) {
			ref->array = m->name;
			ref->element = e;
			ref->is_signed = m->is_signed;
			snprintf(ref->doc, sizeof(ref->doc),
				 "/proc/vmstat %s at the end of the run", e);
			return true;
		}
	}
	return false;
}

static int resolve_measure(const char *arg, const char *name,
			   struct calib_ref *ref, enum calibration_unit *unit,
			   char *err, size_t len)
{
	const struct measure *m;

	memset(ref, 0, sizeof(*ref));
	ref->divisor = 1;
	*unit = CALIBRATION_COUNT;
	ref->named = find_named(name);
	if (ref->named) {
		*unit = shown_unit(ref->named);
		snprintf(ref->doc, sizeof(ref->doc), "%s", ref->named->doc);
		return 0;
	}
	m = metrics_find(name);
	/* A figure no report shows is not a value of the run. */
	if (m && m->type != MT_DERIVED) {
		if (m->kind == MEASURE_LABEL || (m->flags & MF_HOST))
			return errf(err, len, "--target '%s': %s is a label of "
				    "the run, not a value it produces", arg, name);
		if (m->type != MT_UINT && m->type != MT_REAL)
			return errf(err, len, "--target '%s': %s is not a single "
				    "number (a %s)", arg, name,
				    m->type == MT_BOOL ? "yes or no" :
				    m->type == MT_TEXT ? "text" :
				    "table or series");
		ref->measure = m->name;
		ref->real = m->type == MT_REAL;
		if (m->unit && !strcmp(m->unit, "ns")) {
			*unit = CALIBRATION_TIME;
			ref->divisor = 1e9;
		} else if (m->unit && !strcmp(m->unit, "bytes")) {
			*unit = CALIBRATION_SIZE;
		}
		snprintf(ref->doc, sizeof(ref->doc), "%s", m->doc ? m->doc : "");
		return 0;
	}
	if (find_element("vm_events", name, ref) ||
	    find_element("vm_stat", name, ref))
		return 0;
	{
		struct suggest sg;

		suggest_init(&sg, name);
		for (size_t i = 0; i < metrics_nr_shown(); i++)
			suggest_add(&sg, metrics_shown(i)->name);
		for (size_t i = 0; i < metrics_count(); i++)
			if (metrics_get(i)->type != MT_DERIVED)
				suggest_add(&sg, metrics_get(i)->name);
		if (suggest_best(&sg))
			return errf(err, len, "--target '%s': unknown measure '%s' "
				    "(did you mean '%s'?)", arg, name, suggest_best(&sg));
	}
	return errf(err, len, "--target '%s': unknown measure '%s' (a row of "
		    "compare's table: elapsed, failures, failures-all, stalls>1s, "
		    "stall-max, stall-p95, cw-time, cw-calls, premature-fast, "
		    "premature-slow; a declared measure such as sim_end or "
		    "oom_kills; or a /proc/vmstat item such as allocstall or "
		    "nr_dirty)", arg, name);
}

/* ---- target values ------------------------------------------------------ */

/* Decimal digits with at most one '.', digits on both sides of it. */
static bool parse_decimal(const char *s, double *v)
{
	const char *p = s;
	char *end;

	if (!isdigit((unsigned char)*p))
		return false;
	while (isdigit((unsigned char)*p))
		p++;
	if (*p == '.') {
		p++;
		if (!isdigit((unsigned char)*p))
			return false;
		while (isdigit((unsigned char)*p))
			p++;
	}
	if (*p)
		return false;
	*v = strtod(s, &end);
	return *end == 0 && isfinite(*v);
}

/* M:SS.mmm or H:MM:SS.mmm, as the cover letter writes Elapsed. */
static bool parse_clock(const char *s, double *secs)
{
	char part[3][32];
	int n = 0;
	double v[3];

	for (const char *p = s;; n++) {
		size_t l = strcspn(p, ":");

		if (n == 3 || l >= sizeof(part[0]))
			return false;
		memcpy(part[n], p, l);
		part[n][l] = 0;
		if (!p[l]) {
			n++;
			break;
		}
		p += l + 1;
	}
	if (n < 2)
		return false;
	for (int i = 0; i < n; i++)
		if (!parse_decimal(part[i], &v[i]) ||
		    (i < n - 1 && strchr(part[i], '.')) ||
		    (i > 0 && v[i] >= 60))
			return false;
	*secs = n == 2 ? v[0] * 60 + v[1] : (v[0] * 60 + v[1]) * 60 + v[2];
	return true;
}

static int parse_target_value(const char *s, enum calibration_unit unit,
			      double *v)
{
	char why[64];
	uint64_t n;

	switch (unit) {
	case CALIBRATION_TIME:
		if (strchr(s, ':'))
			return parse_clock(s, v) ? 0 : -1;
		if (parse_time(s, &n, why, sizeof(why)))
			return -1;
		*v = (double)n / 1e9;
		return 0;
	case CALIBRATION_SIZE:
		if (!parse_count(s, &n, why, sizeof(why)) ||
		    !parse_size(s, &n, why, sizeof(why))) {
			*v = (double)n;
			return 0;
		}
		return -1;
	case CALIBRATION_COUNT:
		return parse_decimal(s, v) ? 0 : -1;
	}
	return -1;
}

static const char *unit_expect(enum calibration_unit unit)
{
	switch (unit) {
	case CALIBRATION_TIME:
		return "a time: M:SS.mmm, H:MM:SS.mmm or a number with a unit "
		       "(588.545s, 10m)";
	case CALIBRATION_SIZE:
		return "a size (512M) or a number of bytes";
	case CALIBRATION_COUNT:
		break;
	}
	return "a number (12, 0.4)";
}

/* The calibration's scenario names, "x86_64, x86", into @buf. */
static void scenario_names(const struct calibration *c, char *buf, size_t len)
{
	size_t n = 0;

	buf[0] = 0;
	for (size_t s = 0; s < c->rec.nr_scenarios && n < len; s++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", s ? ", " : "",
				      c->in[s].name);
}

/*
 * "NAME:" before the first '=' of @arg, the scenario an argument of
 * option @opt belongs to: its index in *@s (CALIBRATION_SHARED when
 * @arg names none) and @arg past it in *@rest.
 */
static int parse_scope(const struct calibration *c, const char *opt,
		       const char *arg, size_t *s, const char **rest, char *err,
		       size_t len)
{
	const char *eq = strchr(arg, '='), *colon = strchr(arg, ':');
	char names[256];

	*s = CALIBRATION_SHARED;
	*rest = arg;
	if (!colon || (eq && colon > eq))
		return 0;
	for (size_t i = 0; i < c->rec.nr_scenarios; i++)
		if (strlen(c->in[i].name) == (size_t)(colon - arg) &&
		    !strncmp(c->in[i].name, arg, (size_t)(colon - arg))) {
			*s = i;
			*rest = colon + 1;
			return 0;
		}
	scenario_names(c, names, sizeof(names));
	return errf(err, len, "%s '%s': no scenario is named '%.*s' (this "
		    "calibration's: %s)", opt, arg, (int)(colon - arg), arg,
		    names);
}

/* A scale=/sd_scale= value: R% of @of, or a value in @unit; 0 on success. */
static int parse_scale(const char *arg, const char *what, char *v,
		       enum calibration_unit unit, double of, double *out,
		       char *err, size_t len)
{
	size_t n = strlen(v);
	double s;

	if (n > 1 && v[n - 1] == '%') {
		v[n - 1] = 0;
		if (!parse_decimal(v, &s) || s <= 0 || of == 0)
			return errf(err, len, "--target '%s': %s R%% needs R "
				    "above 0 and a target other than 0", arg, what);
		*out = s / 100 * fabs(of);
		return 0;
	}
	if (parse_target_value(v, unit, &s) || s <= 0)
		return errf(err, len, "--target '%s': %s '%s': expected R%% or "
			    "%s, above 0", arg, what, v, unit_expect(unit));
	*out = s;
	return 0;
}

/* "[NAME:]MEASURE=VALUE[,weight=W][,scale=S|R%][,sd=S[,sd_scale=S|R%]]" */
static int parse_target(struct calibration *c, size_t i, const char *arg,
			char *err, size_t len)
{
	struct calibration_target *t = &c->rec.targets[i];
	const char *eq, *body;
	char *rest, *save = NULL, *tok, *value, names[256];
	bool have_scale = false, have_weight = false, have_sd = false;
	char *sd_scale = NULL;
	const struct calibration_input *in;
	int rc = 0;

	t->arg = xstrdup(arg);
	if (parse_scope(c, "--target", arg, &t->scenario, &body, err, len))
		return -1;
	if (t->scenario == CALIBRATION_SHARED) {
		if (c->rec.nr_scenarios > 1) {
			scenario_names(c, names, sizeof(names));
			return errf(err, len, "--target '%s': which scenario? A "
				    "target is measured on one machine, and this "
				    "calibration runs several (%s): write NAME:%s",
				    arg, names, arg);
		}
		t->scenario = 0;
	}
	in = &c->in[t->scenario];
	eq = strchr(body, '=');
	if (!eq || eq == body || !eq[1])
		return errf(err, len, "--target '%s': expected %sMEASURE=VALUE",
			    arg, body != arg ? "NAME:" : "");
	t->measure = xasprintf("%.*s", (int)(eq - body), body);
	if (resolve_measure(arg, t->measure, &c->refs[i], &t->unit, err, len))
		return -1;
	t->doc = c->refs[i].doc;
	for (size_t j = 0; j < i; j++)
		if (c->rec.targets[j].scenario == t->scenario &&
		    !strcmp(c->rec.targets[j].measure, t->measure))
			return c->rec.nr_scenarios > 1 ?
				errf(err, len, "--target: %s:%s is given twice",
				     in->name, t->measure) :
				errf(err, len, "--target: %s is given twice",
				     t->measure);
	if (c->refs[i].named && c->refs[i].named->program &&
	    !scenario_has_program(in->sc, c->refs[i].named->program))
		return errf(err, len, "--target '%s': %s has no %s task, so it "
			    "has no %s (%s)", arg, in->file,
			    c->refs[i].named->program, t->measure, t->doc);
	rest = xstrdup(eq + 1);
	value = strtok_r(rest, ",", &save);
	if (!value || parse_target_value(value, t->unit, &t->value)) {
		rc = errf(err, len, "--target '%s': '%s' is not %s", arg,
			  value ? value : "", unit_expect(t->unit));
		goto out;
	}
	t->weight = 1;
	t->scale = fabs(t->value);
	while ((tok = strtok_r(NULL, ",", &save))) {
		if (!strncmp(tok, "weight=", 7) && !have_weight) {
			have_weight = true;
			if (!parse_decimal(tok + 7, &t->weight) || t->weight <= 0) {
				rc = errf(err, len, "--target '%s': weight '%s': "
					  "expected a number above 0", arg, tok + 7);
				goto out;
			}
		} else if (!strncmp(tok, "scale=", 6) && !have_scale) {
			have_scale = true;
			rc = parse_scale(arg, "scale", tok + 6, t->unit, t->value,
					 &t->scale, err, len);
			if (rc)
				goto out;
		} else if (!strncmp(tok, "sd=", 3) && !have_sd) {
			have_sd = true;
			if (parse_target_value(tok + 3, t->unit, &t->sd) ||
			    t->sd <= 0) {
				rc = errf(err, len, "--target '%s': sd '%s': "
					  "expected %s above 0, the runs' "
					  "standard deviation", arg, tok + 3,
					  unit_expect(t->unit));
				goto out;
			}
		} else if (!strncmp(tok, "sd_scale=", 9) && !sd_scale) {
			sd_scale = tok + 9;
		} else {
			rc = errf(err, len, "--target '%s': '%s': expected "
				  "weight=W, scale=S, sd=S or sd_scale=S (each at "
				  "most once)", arg, tok);
			goto out;
		}
	}
	if (sd_scale && !have_sd) {
		rc = errf(err, len, "--target '%s': sd_scale= scales the sd= "
			  "term: give sd=S too", arg);
		goto out;
	}
	t->sd_scale = t->sd;
	if (sd_scale) {
		rc = parse_scale(arg, "sd_scale", sd_scale, t->unit, t->sd,
				 &t->sd_scale, err, len);
		if (rc)
			goto out;
	}
	if (t->scale <= 0)
		rc = errf(err, len, "--target '%s': a target of 0 has no relative "
			  "error: give scale=S, the difference that counts as 1",
			  arg);
out:
	free(rest);
	return rc;
}

/* ---- parameters --------------------------------------------------------- */

static const char *type_name(enum param_type t)
{
	switch (t) {
	case PARAM_SIZE: return "size";
	case PARAM_TIME: return "time";
	case PARAM_INT: return "integer";
	case PARAM_DOUBLE: return "number";
	/* A structure the record leaves open (gitk's producer, ...): the
	 * words from LO to HI, searched as their indices. */
	case PARAM_ENUM: return "choice";
	default: return NULL;
	}
}

static const char *kind_words(enum param_type t)
{
	switch (t) {
	case PARAM_BOOL: return "on or off";
	case PARAM_ENUM: return "one of a list of words";
	case PARAM_STRING: return "text";
	case PARAM_INT_LIST: return "a list of integers";
	case PARAM_UNTIL: return "a stop condition";
	default: return "a number";
	}
}

static uint64_t pow_u64(uint64_t b, int e)
{
	uint64_t r = 1;

	while (e--)
		r *= b;
	return r;
}

/*
 * @v rounded to what the scenario can hold and what reads back well:
 * times and numbers to four significant digits (times at least to the
 * nanosecond: "9877us", "687900ns"), sizes to four digits or more of the
 * largest binary unit that keeps them whole ("20096K") and to the key's
 * alignment, integers to integers.  A change smaller than that is far
 * below the noise between seeds, and a point met again is found in the
 * cache by its text.
 */
double calib_quantize(const struct param_spec *sp, double v)
{
	switch (sp->type) {
	case PARAM_TIME: {
		/* In integers, so that no libm rounding decides a digit. */
		uint64_t ns = (uint64_t)llround(v), r = 1;

		while (ns / r >= 10000)
			r *= 10;
		return (double)((ns + r / 2) / r * r);
	}
	case PARAM_SIZE: {
		double r = 1, a = sp->align > 1 ? (double)sp->align : 1;
		int k = 0;

		while (k < 4 && v / (double)pow_u64(1024, k + 1) >= 1024)
			k++;
		r = (double)pow_u64(1024, k);
		if (r < a)
			r = a;
		return round(v / r) * r;
	}
	case PARAM_INT:
	case PARAM_ENUM:
		return round(v);
	case PARAM_DOUBLE: {
		char buf[32];

		snprintf(buf, sizeof(buf), "%.4g", v);
		return strtod(buf, NULL);
	}
	default:
		return v;
	}
}

void calib_value_text(const struct param_spec *sp, double v, char *buf,
		      size_t len)
{
	switch (sp->type) {
	case PARAM_TIME:
		format_time(buf, len, (uint64_t)v);
		break;
	case PARAM_SIZE:
		format_size(buf, len, (uint64_t)v);
		break;
	case PARAM_INT:
		snprintf(buf, len, "%lld", (long long)v);
		break;
	case PARAM_ENUM:
		snprintf(buf, len, "%s", sp->words[(int)v]);
		break;
	default:
		snprintf(buf, len, "%.15g", v);
		break;
	}
}

/* One end of a range, in the key's own unit, as the scenario reads it. */
static int parse_end(const struct param_spec *sp, const char *s, double *v,
		     char *why, size_t len)
{
	uint64_t u;
	char *end;

	switch (sp->type) {
	case PARAM_TIME:
	case PARAM_SIZE:
		if ((sp->type == PARAM_TIME ? parse_time : parse_size)(s, &u, why, len))
			return -1;
		*v = (double)u;
		return 0;
	case PARAM_INT: {
		bool neg = *s == '-';

		if (parse_count(s + neg, &u, why, len))
			return -1;
		*v = neg ? -(double)u : (double)u;
		return 0;
	}
	case PARAM_ENUM:
		for (int i = 0; sp->words[i]; i++)
			if (!strcmp(s, sp->words[i])) {
				*v = i;
				return 0;
			}
		snprintf(why, len, "not one of the key's words");
		return -1;
	default:
		errno = 0;
		*v = strtod(s, &end);
		if (end == s || *end || isspace((unsigned char)*s) || !isfinite(*v)) {
			snprintf(why, len, "not a number");
			return -1;
		}
		return 0;
	}
}

/* @s with @from replaced by @to (first occurrence), into @buf. */
static void replace_in(char *buf, size_t len, const char *from, const char *to)
{
	char *at = strstr(buf, from);
	char *tmp;

	if (!at)
		return;
	tmp = xasprintf("%.*s%s%s", (int)(at - buf), buf, to, at + strlen(from));
	snprintf(buf, len, "%s", tmp);
	free(tmp);
}

static const struct param_spec *find_spec(const struct calibration *c,
					  size_t s, const char *section,
					  const char *name, char *keys,
					  size_t keys_len)
{
	const struct scenario *sc = c->in[s].sc;
	const struct scenario_task *task;
	int i;

	keys[0] = 0;
	if (strncmp(section, "task ", 5))
		return scenario_key_spec(section, name);
	i = scenario_find_task(sc, section + 5);
	if (i < 0)
		return NULL;
	task = &sc->tasks[i];
	for (size_t k = 0; k < task->program->nr_params; k++) {
		size_t n = strlen(keys);

		if (!strcmp(task->program->params[k].key, name))
			return &task->program->params[k];
		snprintf(keys + n, keys_len - n, "%s%s", n ? ", " : "",
			 task->program->params[k].key);
	}
	return NULL;
}

/* The program of scenario @s's task @section ("task gitk"). */
static const char *task_program(const struct calibration *c, size_t s,
				const char *section)
{
	int i = scenario_find_task(c->in[s].sc, section + 5);

	return i < 0 ? "none" : c->in[s].sc->tasks[i].program->name;
}

/* Scenario @s's text with @value written for parameter @p, loaded with
 * every check of mmsim run; NULL with the loader's message in @err. */
static struct scenario *load_with(const struct calibration *c, size_t s,
				  size_t p, const char *value, char *err,
				  size_t len)
{
	const struct calibration_param *pr = &c->rec.params[p];
	struct scenario_error serr;
	struct scenario *sc;
	char *text, *name;

	text = scenario_text_override(c->in[s].text, pr->section, pr->name,
				      value, err, len);
	if (!text)
		return NULL;
	name = xasprintf("%s [%s=%s]", c->in[s].file, pr->key, value);
	sc = scenario_load_text(text, name, &serr);
	if (!sc)
		errf(err, len, "%s", serr.msg);
	free(name);
	free(text);
	return sc;
}

/*
 * Parameter @p's key in scenario @s: its section and name as scenario
 * @s resolves @key, and its descriptor there.  A shared parameter must
 * be the same key of every scenario (the scenario-validity check): the
 * same section and name, of the same program for a task's key.
 */
static int resolve_key(struct calibration *c, size_t p, size_t s,
		       const char *key, const char *lo, bool first, char *err,
		       size_t len)
{
	struct calibration_param *pr = &c->rec.params[p];
	const struct calibration_input *in = &c->in[s];
	bool joint = c->rec.nr_scenarios > 1;
	char *section = NULL, *name = NULL, *t, keys[512], msg[768], where[160];
	const struct param_spec *sp;
	int rc = -1;

	/* "in x86 (<default-x86>): " before a scenario's own message when
	 * there are several. */
	if (joint)
		snprintf(where, sizeof(where), "in %s (%s): ", in->name, in->file);
	else
		where[0] = 0;
	t = scenario_override(in->text, in->file, key, lo, &section, &name, msg,
			      sizeof(msg));
	if (!t) {
		const char *why = msg;

		replace_in(msg, sizeof(msg), "sweep key", "--fit key");
		replace_in(msg, sizeof(msg), "--kernels", "--kernel");
		replace_in(msg, sizeof(msg), "cannot be swept", "cannot be fitted");
		if (!joint) {
			errf(err, len, "%s", msg);
			goto out;
		}
		/* "--fit key 'K': WHY" as "--fit 'ARG': in NAME (FILE): WHY" */
		if (!strncmp(msg, "--fit key '", 11) && strstr(msg, "': "))
			why = strstr(msg, "': ") + 3;
		errf(err, len, "--fit '%s': %s%s%s", pr->arg, where, why,
		     pr->scenario == CALIBRATION_SHARED ? " (a --fit without "
		     "NAME: is shared, written into every scenario; NAME:KEY "
		     "fits one scenario's key)" : "");
		goto out;
	}
	free(t);
	sp = find_spec(c, s, section, name, keys, sizeof(keys));
	if (!sp) {
		if (*keys)
			errf(err, len, "--fit '%s': %s[%s] has no key '%s' (one of "
			     "%s)", pr->arg, where, section, name, keys);
		else
			errf(err, len, "--fit '%s': %s[%s] has no key '%s' ('mmsim "
			     "scenario --keys' lists them)", pr->arg, where,
			     section, name);
		goto out;
	}
	if (first) {
		pr->section = section;
		pr->name = name;
		section = name = NULL;
		c->specs[p] = sp;
		rc = 0;
		goto out;
	}
	if (strcmp(section, pr->section) || strcmp(name, pr->name)) {
		errf(err, len, "--fit '%s': %s is [%s] %s in %s but [%s] %s in "
		     "%s: a shared value is written into the same key of every "
		     "scenario (write SECTION.KEY, or NAME:KEY for one "
		     "scenario's)", pr->arg, key, pr->section, pr->name,
		     c->in[c->specs_from[p]].name, section, name, in->name);
		goto out;
	}
	if (sp != c->specs[p]) {
		errf(err, len, "--fit '%s': [%s] runs %s in %s but %s in %s: a "
		     "shared value must mean the same in every scenario (NAME:KEY "
		     "fits one scenario's)", pr->arg, section,
		     task_program(c, c->specs_from[p], section),
		     c->in[c->specs_from[p]].name, task_program(c, s, section),
		     in->name);
		goto out;
	}
	rc = 0;
out:
	free(section);
	free(name);
	return rc;
}

/* "[NAME:]KEY=LO..HI[:log]" */
static int parse_fit(struct calibration *c, size_t p, const char *arg,
		     char *err, size_t len)
{
	struct calibration_param *pr = &c->rec.params[p];
	const char *eq, *body;
	char *key = NULL, *range = NULL, *dots, *colon, *lo_s, *hi_s, why[256];
	char lo_t[32], hi_t[32], msg[768];
	const struct param_spec *sp;
	bool joint = c->rec.nr_scenarios > 1, first = true;
	struct scenario *sc;
	int rc = -1;

	pr->arg = xstrdup(arg);
	if (parse_scope(c, "--fit", arg, &pr->scenario, &body, err, len))
		return -1;
	eq = strchr(body, '=');
	if (!eq || eq == body)
		return errf(err, len, "--fit '%s': expected %sKEY=LO..HI", arg,
			    body != arg ? "NAME:" : "");
	/* The key as the record names it, "x86:cpu_speed" for one
	 * scenario's; the key in the scenario without the NAME:. */
	pr->key = xasprintf("%.*s", (int)(eq - arg), arg);
	key = xasprintf("%.*s", (int)(eq - body), body);
	range = xstrdup(eq + 1);
	colon = strrchr(range, ':');
	if (colon) {
		*colon = 0;
		if (!strcmp(colon + 1, "log"))
			pr->log = true;
		else if (strcmp(colon + 1, "linear")) {
			errf(err, len, "--fit '%s': unknown scale '%s' (:log or "
			     ":linear)", arg, colon + 1);
			goto out;
		}
	}
	dots = strstr(range, "..");
	if (!dots || dots == range || !dots[2]) {
		errf(err, len, "--fit '%s': expected KEY=LO..HI", arg);
		goto out;
	}
	*dots = 0;
	lo_s = range;
	hi_s = dots + 2;
	/* The key in every scenario it is written into. */
	for (size_t s = 0; s < c->rec.nr_scenarios; s++) {
		if (!calibration_param_applies(pr, s))
			continue;
		if (resolve_key(c, p, s, key, lo_s, first, err, len))
			goto out;
		if (first)
			c->specs_from[p] = s;
		first = false;
	}
	sp = c->specs[p];
	pr->type = type_name(sp->type);
	if (!pr->type) {
		errf(err, len, "--fit '%s': %s is not a number (it is %s): only "
		     "sizes, times, integers, numbers and words of a list can "
		     "be fitted", arg, key, kind_words(sp->type));
		goto out;
	}
	for (int end = 0; end < 2; end++)
		if (parse_end(sp, end ? hi_s : lo_s, end ? &c->hi[p] : &c->lo[p],
			      why, sizeof(why))) {
			errf(err, len, "--fit '%s': '%s': %s (expected a %s, as "
			     "the scenario writes %s)", arg, end ? hi_s : lo_s,
			     why, pr->type, pr->name);
			goto out;
		}
	if (c->lo[p] == c->hi[p]) {
		errf(err, len, "--fit '%s': the range is empty (LO must be below HI)",
		     arg);
		goto out;
	}
	if (c->lo[p] > c->hi[p]) {
		errf(err, len, "--fit '%s': the range is inverted (LO must be "
		     "below HI)", arg);
		goto out;
	}
	if (pr->log && sp->type == PARAM_ENUM) {
		errf(err, len, "--fit '%s': a choice of words has no log scale",
		     arg);
		goto out;
	}
	if (pr->log && c->lo[p] <= 0) {
		errf(err, len, "--fit '%s': a log scale needs a lower end above 0",
		     arg);
		goto out;
	}
	calib_value_text(sp, c->lo[p], lo_t, sizeof(lo_t));
	calib_value_text(sp, c->hi[p], hi_t, sizeof(hi_t));
	pr->lo = xstrdup(lo_t);
	pr->hi = xstrdup(hi_t);
	/* One key, one value: no two parameters written into the same key
	 * of a scenario ("x86_64:disk_seek" and "x86:disk_seek" are two). */
	for (size_t j = 0; j < p; j++) {
		const struct calibration_param *q = &c->rec.params[j];

		if (strcmp(q->section, pr->section) || strcmp(q->name, pr->name))
			continue;
		for (size_t s = 0; s < c->rec.nr_scenarios; s++)
			if (calibration_param_applies(q, s) &&
			    calibration_param_applies(pr, s)) {
				errf(err, len, "--fit: '%s' and '%s' name the same "
				     "key%s%s", q->key, pr->key, joint ? " of " : "",
				     joint ? c->in[s].name : "");
				goto out;
			}
	}
	/* Both ends must be values the key accepts, with every check a
	 * scenario file's value gets (its range, the program's own), in
	 * every scenario the value is written into. */
	for (size_t s = 0; s < c->rec.nr_scenarios; s++) {
		if (!calibration_param_applies(pr, s))
			continue;
		for (int end = 0; end < 2; end++) {
			sc = load_with(c, s, p, end ? hi_t : lo_t, msg, sizeof(msg));
			if (!sc) {
				errf(err, len, "--fit '%s': the %s end is refused%s%s: "
				     "%s", arg, end ? "upper" : "lower",
				     joint ? " by " : "", joint ? c->in[s].name : "",
				     msg);
				goto out;
			}
			scenario_free(sc);
		}
	}
	rc = 0;
out:
	free(key);
	free(range);
	return rc;
}

/* ---- set-up ------------------------------------------------------------- */

/* A scenario's name as targets, --fit and file names write it. */
static bool valid_name(const char *s, size_t n)
{
	if (!n || s[0] == '.' || s[0] == '-')
		return false;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)s[i]) && !strchr("_-.", s[i]))
			return false;
	return true;
}

/* Read and load scenario @i from @src: an embedded default by its arch,
 * or a file, "NAME=FILE" or "FILE" (named by its file's name). */
static int load_input(struct calibration *c, size_t i,
		      const struct calibration_source *src, char *err,
		      size_t len)
{
	struct calibration_input *in = &c->in[i];
	struct scenario_error serr;

	if (src->arch) {
		if (strcmp(src->arch, "x86") && strcmp(src->arch, "x86_64"))
			return errf(err, len, "--arch '%s': expected x86 or x86_64",
				    src->arch);
		in->name = xstrdup(src->arch);
		if (!strcmp(src->arch, "x86")) {
			in->file = xstrdup(SCENARIO_DEFAULT_X86_NAME);
			in->text = xstrdup(scenario_default_x86_text);
		} else {
			in->file = xstrdup(SCENARIO_DEFAULT_NAME);
			in->text = xstrdup(scenario_default_text);
		}
	} else {
		const char *a = src->scenario, *eq = strchr(a, '='), *base, *path;
		size_t n;

		if (eq && valid_name(a, (size_t)(eq - a))) {
			in->name = xasprintf("%.*s", (int)(eq - a), a);
			path = eq + 1;
		} else {
			path = a;
			base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
			n = strlen(base);
			if (n > 4 && !strcmp(base + n - 4, ".ini"))
				n -= 4;
			in->name = xasprintf("%.*s", (int)n, base);
		}
		if (!*path)
			return errf(err, len, "--scenario '%s': expected FILE or "
				    "NAME=FILE", a);
		in->file = xstrdup(path);
		in->text = experiment_read_text(path, err, len);
		if (!in->text)
			return -1;
	}
	in->sc = scenario_load_text(in->text, in->file, &serr);
	if (!in->sc)
		return errf(err, len, "%s", serr.msg);
	in->arch = xstrdup(scenario_arch_names[in->sc->machine.arch]);
	return 0;
}

int calibration_init(struct calibration *c, const struct calibration_opts *o,
		     char *err, size_t len)
{
	static const struct calibration_source default_source = {
		.arch = "x86_64",
	};
	struct calibration_record *rec = &c->rec;
	size_t nr = o->nr_sources ? o->nr_sources : 1;
	char names[256];

	memset(c, 0, sizeof(*c));
	rec->best = NONE;
	rec->command = "";		/* calibration_write() says */
	rec->version = "";
	if (!o->nr_targets)
		return errf(err, len, "which targets? (--target MEASURE=VALUE)");
	if (!o->nr_fits)
		return errf(err, len, "which values to fit? (--fit KEY=LO..HI)");
	if (o->nr_targets > CALIBRATE_MAX_TARGETS)
		return errf(err, len, "--target: at most %d", CALIBRATE_MAX_TARGETS);
	if (o->nr_fits > CALIBRATE_MAX_PARAMS)
		return errf(err, len, "--fit: at most %d parameters",
			    CALIBRATE_MAX_PARAMS);
	if (nr > CALIBRATE_MAX_SCENARIOS)
		return errf(err, len, "at most %d scenarios (--arch, --scenario)",
			    CALIBRATE_MAX_SCENARIOS);
	rec->nr_seeds = o->nr_seeds ? o->nr_seeds : CALIBRATE_DEFAULT_SEEDS;
	if (rec->nr_seeds > CALIBRATE_MAX_SEEDS)
		return errf(err, len, "--seeds %u: at most %d", rec->nr_seeds,
			    CALIBRATE_MAX_SEEDS);
	rec->max_evals = o->max_evals ? o->max_evals : CALIBRATE_DEFAULT_MAX_EVALS;
	rec->ensemble_want = o->ensemble;
	if (rec->max_evals > CALIBRATE_MAX_EVALS)
		return errf(err, len, "--max-evals %u: at most %d", rec->max_evals,
			    CALIBRATE_MAX_EVALS);
	rec->tolerance = o->tolerance > 0 ? o->tolerance : CALIBRATE_DEFAULT_TOLERANCE;
	if (!(rec->tolerance <= 1))
		return errf(err, len, "--tolerance %g: a fraction of each range, "
			    "above 0 and at most 1", rec->tolerance);

	/* The scenarios, in the order given; with several, each has a name
	 * of its own, for its targets, its keys and its fitted file. */
	rec->scenarios = xcalloc(nr, sizeof(*rec->scenarios));
	c->in = xcalloc(nr, sizeof(*c->in));
	for (size_t i = 0; i < nr; i++) {
		rec->nr_scenarios++;
		if (load_input(c, i, o->nr_sources ? &o->sources[i] :
			       &default_source, err, len))
			return -1;
	}
	for (size_t i = 0; nr > 1 && i < nr; i++) {
		if (!valid_name(c->in[i].name, strlen(c->in[i].name)))
			return errf(err, len, "--scenario '%s': '%s' cannot name "
				    "a scenario of a joint calibration (letters, "
				    "digits, '_', '-', '.'): write NAME=FILE",
				    c->in[i].file, c->in[i].name);
		for (size_t j = 0; j < i; j++)
			if (!strcmp(c->in[i].name, c->in[j].name))
				return errf(err, len, "two scenarios are named '%s' "
					    "(%s and %s): name them, --scenario "
					    "NAME=FILE", c->in[i].name,
					    c->in[j].file, c->in[i].file);
	}
	for (size_t i = 0; i < nr; i++) {
		struct calibration_input *in = &c->in[i];

		in->fitted_file = nr == 1 ? xstrdup(CALIBRATION_FITTED_FILE) :
				  xasprintf(CALIBRATION_FITTED_PREFIX "%s.ini",
					    in->name);
		rec->scenarios[i] = (struct calibration_scenario){
			.name = in->name, .file = in->file, .arch = in->arch,
			.fitted_file = in->fitted_file,
			.base_seed = o->base_seed_set ? o->base_seed :
				     (unsigned long long)in->sc->run.seed,
		};
	}
	/* One kernel for every scenario: the machines differ, the kernel
	 * row a calibration's targets were measured on does not. */
	if (o->kernel) {
		struct kernel_profile kp;
		char why[768];

		if (profile_parse(o->kernel, &kp, why, sizeof(why)))
			return errf(err, len, "--kernel: %s", why);
		c->kernel = xstrdup(o->kernel);
	} else {
		for (size_t i = 1; i < nr; i++)
			if (strcmp(c->in[i].sc->kernel.profile,
				   c->in[0].sc->kernel.profile))
				return errf(err, len, "the scenarios name different "
					    "kernels (%s: %s, %s: %s): give one with "
					    "--kernel", c->in[0].name,
					    c->in[0].sc->kernel.profile,
					    c->in[i].name,
					    c->in[i].sc->kernel.profile);
		c->kernel = xstrdup(c->in[0].sc->kernel.profile);
	}
	rec->kernel = c->kernel;

	rec->targets = xcalloc(o->nr_targets, sizeof(*rec->targets));
	c->refs = xcalloc(o->nr_targets, sizeof(*c->refs));
	for (size_t i = 0; i < o->nr_targets; i++) {
		rec->nr_targets++;
		if (parse_target(c, i, o->targets[i], err, len))
			return -1;
		if (rec->targets[i].sd > 0 && rec->nr_seeds < 2)
			return errf(err, len, "--target '%s': sd= needs at least "
				    "two seeds a point (--seeds %u; 10 give the "
				    "sd within about 25 %%)", o->targets[i],
				    rec->nr_seeds);
	}
	/* A scenario without a target would only cost runs. */
	for (size_t s = 0; nr > 1 && s < nr; s++) {
		size_t t;

		for (t = 0; t < rec->nr_targets; t++)
			if (rec->targets[t].scenario == s)
				break;
		if (t == rec->nr_targets) {
			scenario_names(c, names, sizeof(names));
			return errf(err, len, "scenario %s has no target: every "
				    "evaluation runs every scenario (%s), so each "
				    "needs one (--target %s:MEASURE=VALUE), or "
				    "leave it out", c->in[s].name, names,
				    c->in[s].name);
		}
	}
	rec->params = xcalloc(o->nr_fits, sizeof(*rec->params));
	c->specs = xcalloc(o->nr_fits, sizeof(*c->specs));
	c->specs_from = xcalloc(o->nr_fits, sizeof(*c->specs_from));
	c->lo = xcalloc(o->nr_fits, sizeof(*c->lo));
	c->hi = xcalloc(o->nr_fits, sizeof(*c->hi));
	for (size_t p = 0; p < o->nr_fits; p++) {
		rec->nr_params++;
		if (parse_fit(c, p, o->fits[p], err, len))
			return -1;
	}
	return 0;
}

static void free_eval(struct calibration_eval *e, size_t nr_params)
{
	for (size_t p = 0; e->values && p < nr_params; p++)
		free(e->values[p]);
	free(e->values);
	free(e->runs);
	free(e->means);
	free(e->sds);
	free(e->error);
}

void calibration_free(struct calibration *c)
{
	struct calibration_record *rec = &c->rec;

	for (size_t i = 0; i < rec->nr_evals; i++)
		free_eval(&rec->evals[i], rec->nr_params);
	free(rec->evals);
	free(rec->ensemble);
	for (size_t t = 0; t < rec->nr_targets; t++) {
		free(rec->targets[t].arg);
		free(rec->targets[t].measure);
	}
	free(rec->targets);
	for (size_t p = 0; p < rec->nr_params; p++) {
		struct calibration_param *pr = &rec->params[p];

		free(pr->arg);
		free(pr->key);
		free(pr->section);
		free(pr->name);
		free(pr->lo);
		free(pr->hi);
	}
	free(rec->params);
	free(c->refs);
	free(c->specs);
	free(c->specs_from);
	free(c->lo);
	free(c->hi);
	free(c->u);
	for (size_t s = 0; s < rec->nr_scenarios; s++) {
		struct calibration_input *in = &c->in[s];

		scenario_free(in->sc);
		free(in->name);
		free(in->file);
		free(in->arch);
		free(in->fitted_file);
		free(in->text);
	}
	free(c->in);
	free(rec->scenarios);
	free(c->kernel);
	memset(c, 0, sizeof(*c));
}
