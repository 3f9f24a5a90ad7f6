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

#define NONE	((size_t)-1)

/* ---- measures ----------------------------------------------------------- */

/*
 * The named measures: the rows of compare's table (docs/compare.md), so
 * a figure read off a compare report is a target by the same name.
 */
struct calib_measure {
	const char *name;
	enum calibration_unit unit;
	double (*value)(const struct run_result *r);
	const char *program;	/* refused when no task runs this program */
	const char *doc;
};

static double m_failures(const struct run_result *r)
{
	return (double)result_uint(r, "failures_printed");
}

static double m_failures_all(const struct run_result *r)
{
	return (double)result_uint(r, "failures_total");
}

static double m_stalls(const struct run_result *r)
{
	return (double)result_stalls_over(r, 1000000000ULL);
}

static double m_stall_p95(const struct run_result *r)
{
	return result_latency_percentile(r, 95);
}

static double m_cw_calls(const struct run_result *r)
{
	return (double)result_cw_calls(r);
}

static double m_premature_fast(const struct run_result *r)
{
	return (double)result_uint_at(r, "vm_events", "kswapd_slept_prematurely_fast");
}

static double m_premature_slow(const struct run_result *r)
{
	return (double)result_uint_at(r, "vm_events", "kswapd_slept_prematurely_slow");
}

static const struct calib_measure named_measures[] = {
	{ "elapsed", CALIBRATION_TIME, result_elapsed, "gitk",
	  "fake-gitk's elapsed time, the cover letter's Elapsed; the run's end "
	  "when gitk did not finish" },
	{ "failures", CALIBRATION_COUNT, m_failures, NULL,
	  "page allocation failures kern.log printed, the cover letter's Failures" },
	{ "failures-all", CALIBRATION_COUNT, m_failures_all, NULL,
	  "every page allocation failure, __GFP_NOWARN and ratelimited ones "
	  "included" },
	{ "stalls>1s", CALIBRATION_COUNT, m_stalls, NULL,
	  "progress lines that came more than 1 s after the previous one" },
	{ "stall-max", CALIBRATION_TIME, result_latency_max, NULL,
	  "the longest gap between progress lines" },
	{ "stall-p95", CALIBRATION_TIME, m_stall_p95, NULL,
	  "the 95th percentile of the gaps between progress lines" },
	{ "cw-time", CALIBRATION_TIME, result_cw_seconds, NULL,
	  "time spent in congestion_wait, every caller" },
	{ "cw-calls", CALIBRATION_COUNT, m_cw_calls, NULL,
	  "congestion_wait calls" },
	{ "premature-fast", CALIBRATION_COUNT, m_premature_fast, NULL,
	  "vmstat kswapd_slept_prematurely_fast" },
	{ "premature-slow", CALIBRATION_COUNT, m_premature_slow, NULL,
	  "vmstat kswapd_slept_prematurely_slow" },
};
#define NR_NAMED	(sizeof(named_measures) / sizeof(named_measures[0]))

/* How a target reads its value from a run's result: a named measure, an
 * element of a /proc/vmstat array, or a declared single value. */
struct calib_ref {
	const struct calib_measure *named;
	const char *array;		/* "vm_events", "vm_stat" */
	const char *element;
	bool is_signed;
	const char *measure;		/* a declared MT_UINT or MT_REAL */
	bool real;
	double divisor;			/* ns -> s: 1e9, as result_elapsed() */
	char doc[160];
};

static double ref_value(const struct calib_ref *ref, const struct run_result *r)
{
	if (ref->named)
		return ref->named->value(r);
	if (ref->array)
		return ref->is_signed ?
			(double)result_int_at(r, ref->array, ref->element) :
			(double)result_uint_at(r, ref->array, ref->element);
	if (ref->real)
		return result_real(r, ref->measure) / ref->divisor;
	return (double)result_uint(r, ref->measure) / ref->divisor;
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
	for (size_t i = 0; i < NR_NAMED; i++)
		if (!strcmp(named_measures[i].name, name)) {
			ref->named = &named_measures[i];
			*unit = ref->named->unit;
			snprintf(ref->doc, sizeof(ref->doc), "%s", ref->named->doc);
			return 0;
		}
	m = metrics_find(name);
	if (m) {
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
		for (size_t i = 0; i < NR_NAMED; i++)
			suggest_add(&sg, named_measures[i].name);
		for (size_t i = 0; i < metrics_count(); i++)
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

/* "[NAME:]MEASURE=VALUE[,weight=W][,scale=S|R%]" */
static int parse_target(struct calibration *c, size_t i, const char *arg,
			char *err, size_t len)
{
	struct calibration_target *t = &c->rec.targets[i];
	const char *eq, *body;
	char *rest, *save = NULL, *tok, *value, names[256];
	bool have_scale = false, have_weight = false;
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
			size_t n = strlen(tok + 6);
			double s;

			have_scale = true;
			if (n > 1 && tok[6 + n - 1] == '%') {
				tok[6 + n - 1] = 0;
				if (!parse_decimal(tok + 6, &s) || s <= 0 ||
				    t->value == 0) {
					rc = errf(err, len, "--target '%s': scale "
						  "R%% needs R above 0 and a target "
						  "other than 0", arg);
					goto out;
				}
				t->scale = s / 100 * fabs(t->value);
			} else if (parse_target_value(tok + 6, t->unit, &s) ||
				   s <= 0) {
				rc = errf(err, len, "--target '%s': scale '%s': "
					  "expected R%% or %s, above 0", arg,
					  tok + 6, unit_expect(t->unit));
				goto out;
			} else {
				t->scale = s;
			}
		} else {
			rc = errf(err, len, "--target '%s': '%s': expected "
				  "weight=W or scale=S (each at most once)", arg, tok);
			goto out;
		}
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
static double quantize(const struct param_spec *sp, double v)
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

static void value_text(const struct param_spec *sp, double v, char *buf,
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
		     "sizes, times, integers and numbers can be fitted", arg,
		     key, kind_words(sp->type));
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
	if (pr->log && c->lo[p] <= 0) {
		errf(err, len, "--fit '%s': a log scale needs a lower end above 0",
		     arg);
		goto out;
	}
	value_text(sp, c->lo[p], lo_t, sizeof(lo_t));
	value_text(sp, c->hi[p], hi_t, sizeof(hi_t));
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

/* ---- points ------------------------------------------------------------- */

/* [0, 1] -> the key's value, on its scale, rounded and kept in range. */
static double point_value(const struct calibration *c, size_t p, double u)
{
	double lo = c->lo[p], hi = c->hi[p], v;

	u = u < 0 ? 0 : u > 1 ? 1 : u;
	v = c->rec.params[p].log ? lo * pow(hi / lo, u) : lo + u * (hi - lo);
	v = quantize(c->specs[p], v);
	return v < lo ? lo : v > hi ? hi : v;
}

/* Scenario @s's text with the value of every parameter written into it
 * (the shared ones and its own). */
static char *point_text(const struct calibration *c, size_t s,
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

static size_t argmin(const struct calibration *c);

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
				      ref_value(&c->refs[t], &res));
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
	FILE *f = open_memstream(&key, &len);

	if (!f)
		abort();
	scenario_fingerprint(pd->sc[s], fp, sizeof(fp));
	fprintf(f, "mmsim calibrate run\nmmsim %s\nkernel %s\nseed %llu\n"
		"scenario %s\nmeasures", MMSIM_VERSION, c->kernel,
		(unsigned long long)(c->rec.scenarios[s].base_seed +
				     idx % c->rec.nr_seeds), fp);
	for (size_t t = 0; t < c->rec.nr_targets; t++)
		if (c->rec.targets[t].scenario == s)
			fprintf(f, " %s", c->rec.targets[t].measure);
	if (fclose(f))
		abort();
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
		d = (e->means[t] - tg->value) / tg->scale;
		e->objective += tg->weight * d * d;
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
		rec->evals = realloc(rec->evals, c->evals_cap * sizeof(*rec->evals));
		c->u = realloc(c->u, c->evals_cap * d * sizeof(*c->u));
		if (!rec->evals || !c->u)
			abort();
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
	for (size_t t = 0; t < rec->nr_targets; t++)
		e->means[t] = NAN;
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
static int evaluate(struct calibration *c, const double *u, size_t n,
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
			value_text(c->specs[p], point_value(c, p, u[i * d + p]),
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
			char *text = point_text(c, s, values, msg, sizeof(msg));
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
		if (failed >= 0)
			finish_eval(c, &rec->evals[b.p[i].eval], &out[i * per]);
		for (size_t s = 0; s < nr_scen; s++)
			scenario_free(b.p[i].sc[s]);
		free(b.p[i].sc);
	}
	for (size_t i = 0; i < b.n * per; i++)
		free(out[i]);
	free(out);
	free(b.p);
	rec->best = argmin(c);
	if (failed == -2)
		return errf(err, len, "interrupted");
	if (failed < 0)
		return errf(err, len, "cannot start processes: %s", strerror(errno));
	return 0;
}

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

static size_t argmin(const struct calibration *c)
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
	if (evaluate(c, pts, n, "design", 0, idx, jobs, err, len))
		goto fail;
	rec->nr_design = rec->nr_evals;
	best = argmin(c);
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
		if (evaluate(c, pts, 2 * d, "poll", h, idx, jobs, err, len))
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
	rec->best = argmin(c);
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
	rec->best = argmin(c);
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
	text = point_text(c, s, rec->evals[rec->best].values, err, sizeof(err));
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
