// SPDX-License-Identifier: GPL-2.0
/*
 * Experiments: kernels x sweep points x seeds -> jobs -> pool_run ->
 * results, and the other ways to the same results: --emit-jobs writes the
 * jobs as `mmsim run` command lines for GNU parallel or a Slurm array, and
 * merge reads their JSON back.
 *
 * Sweep values are written into the scenario *text* and re-parsed, so a
 * swept value goes through exactly the checks (types, units, ranges) of
 * a value in a file, and the report keeps the scenario each point ran.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <jansson.h>
#include "compare.h"
#include "pool.h"
#include "run.h"
#include "scenario_load.h"
#include "kernel/profile.h"
#include "report/progress.h"
#include "scenario/scenario.h"

#define MAX_SCENARIO_TEXT	(1 << 20)
#define MAX_SEEDS		100000

static const char *const fixed_sections[] = { "machine", "vm", "kernel", "run" };
#define NR_FIXED_SECTIONS 4

static void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size);

	if (!p)
		abort();
	return p;
}

static char *xstrdup(const char *s)
{
	char *p = strdup(s);

	if (!p)
		abort();
	return p;
}

static char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		abort();
	va_end(ap);
	return s;
}

static int errf(char *err, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int errf(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	return -1;
}

/* ---- scenario text, line by line -------------------------------------- */

enum ini_kind { INI_OTHER, INI_SECTION, INI_KEY };

struct ini_line {
	size_t start, end;	/* [start, end) without the line end */
	size_t next;		/* start of the next line */
	enum ini_kind kind;
	char name[96];		/* section ("vm", "task gitk") or key */
};

static void trim(const char **s, const char **e)
{
	while (*s < *e && (**s == ' ' || **s == '\t'))
		(*s)++;
	while (*e > *s && ((*e)[-1] == ' ' || (*e)[-1] == '\t' || (*e)[-1] == '\r'))
		(*e)--;
}

static void copy_span(char *dst, size_t len, const char *s, const char *e)
{
	size_t n = (size_t)(e - s) < len - 1 ? (size_t)(e - s) : len - 1;

	memcpy(dst, s, n);
	dst[n] = 0;
}

/* Section names as the parser reads them: "[task  gitk]" is "task gitk". */
static void section_name(const char *s, const char *e, char *out, size_t len)
{
	const char *close = memchr(s, ']', (size_t)(e - s));

	if (close)
		e = close;
	trim(&s, &e);
	if (e - s > 4 && !strncmp(s, "task", 4) && (s[4] == ' ' || s[4] == '\t')) {
		const char *n = s + 4;

		trim(&n, &e);
		snprintf(out, len, "task %.*s", (int)(e - n), n);
		return;
	}
	copy_span(out, len, s, e);
}

static size_t ini_next_line(const char *text, size_t pos, struct ini_line *l)
{
	const char *nl = strchr(text + pos, '\n');
	const char *s, *e;

	l->start = pos;
	l->end = nl ? (size_t)(nl - text) : strlen(text);
	l->next = nl ? l->end + 1 : l->end;
	l->kind = INI_OTHER;
	l->name[0] = 0;
	s = text + l->start;
	e = text + l->end;
	trim(&s, &e);
	if (s == e || *s == ';' || *s == '#')
		return l->next;
	if (*s == '[') {
		l->kind = INI_SECTION;
		section_name(s + 1, e, l->name, sizeof(l->name));
		return l->next;
	}
	for (const char *p = s; p < e; p++)
		if (*p == '=' || *p == ':') {
			const char *ke = p;

			trim(&s, &ke);
			l->kind = INI_KEY;
			copy_span(l->name, sizeof(l->name), s, ke);
			break;
		}
	return l->next;
}

static bool is_fixed_section(const char *s)
{
	for (int i = 0; i < NR_FIXED_SECTIONS; i++)
		if (!strcmp(s, fixed_sections[i]))
			return true;
	return false;
}

static bool valid_value(const char *v)
{
	if (!*v || *v == ' ' || v[strlen(v) - 1] == ' ')
		return false;
	for (; *v; v++)
		if ((unsigned char)*v < 0x20 || *v == 0x7f || *v == ';' || *v == '#')
			return false;
	return true;
}

char *scenario_text_override(const char *text, const char *section,
			     const char *name, const char *value, char *err,
			     size_t len)
{
	size_t pos = 0, n = strlen(text), at = 0, rm_end = 0;
	bool in = false, found_section = false, replace = false;
	const char *eol = "\n";
	char *line, *out;
	struct ini_line l;

	if (!valid_value(value)) {
		errf(err, len, "%s = '%s': a value must be printable, without "
		     "';', '#' or blanks at either end", name, value);
		return NULL;
	}
	while (pos < n) {
		pos = ini_next_line(text, pos, &l);
		if (l.kind == INI_SECTION) {
			if (in)
				break;
			in = !strcmp(l.name, section);
			if (in) {
				found_section = true;
				at = l.next;
			}
			continue;
		}
		if (!in || l.kind != INI_KEY)
			continue;
		at = l.next;
		if (!strcmp(l.name, name)) {
			replace = true;
			at = l.start;
			rm_end = l.end;
			if (l.end > l.start && text[l.end - 1] == '\r')
				eol = "\r\n";
			break;
		}
	}
	if (!found_section && !is_fixed_section(section)) {
		errf(err, len, "no [%s] in the scenario", section);
		return NULL;
	}
	if (replace) {
		line = xasprintf("%s = %s%s", name, value,
				 eol[0] == '\r' ? "\r" : "");
		rm_end -= eol[0] == '\r';
		if (rm_end < at)
			rm_end = at;
	} else if (found_section) {
		/* A section whose last line has no line end gets one. */
		bool need_nl = at > 0 && text[at - 1] != '\n';

		line = xasprintf("%s%s = %s\n", need_nl ? "\n" : "", name, value);
		rm_end = at;
	} else {
		bool need_nl = n > 0 && text[n - 1] != '\n';

		line = xasprintf("%s\n[%s]\n%s = %s\n", need_nl ? "\n" : "",
				 section, name, value);
		at = rm_end = n;
	}
	out = xcalloc(n + strlen(line) + 1, 1);
	memcpy(out, text, at);
	strcpy(out + at, line);
	strcat(out, text + rm_end);
	free(line);
	return out;
}

/* Sections of @text that set @name, as "a" or "a, b". */
static int sections_setting(const char *text, const char *name, char *first,
			    size_t first_len, char *all, size_t all_len)
{
	char cur[96] = "";
	size_t pos = 0, n = strlen(text);
	int count = 0;
	struct ini_line l;

	all[0] = 0;
	while (pos < n) {
		pos = ini_next_line(text, pos, &l);
		if (l.kind == INI_SECTION)
			snprintf(cur, sizeof(cur), "%s", l.name);
		else if (l.kind == INI_KEY && *cur && !strcmp(l.name, name)) {
			size_t a = strlen(all);

			if (!count++)
				snprintf(first, first_len, "%s", cur);
			snprintf(all + a, all_len - a, "%s[%s]", a ? " and " : "", cur);
		}
	}
	return count;
}

static bool unknown_key_error(const char *msg, const char *name)
{
	char want[160];

	snprintf(want, sizeof(want), "unknown key '%s' in [", name);
	return strstr(msg, want) != NULL;
}

char *scenario_override(const char *text, const char *filename,
			const char *key, const char *value, char **section_out,
			char **name_out, char *err, size_t len)
{
	const char *dot = strchr(key, '.');
	char section[128], name[96], all[512], first[96];
	char *out = NULL;

	if (dot) {
		int sl = (int)(dot - key);

		snprintf(name, sizeof(name), "%s", dot + 1);
		snprintf(section, sizeof(section), "%.*s", sl, key);
		if (!is_fixed_section(section))
			snprintf(section, sizeof(section), "task %.*s", sl, key);
	} else {
		int n;

		snprintf(name, sizeof(name), "%s", key);
		n = sections_setting(text, key, first, sizeof(first), all, sizeof(all));
		if (n > 1) {
			errf(err, len, "sweep key '%s' is set in %s of %s: write "
			     "SECTION.%s (a task's key: TASK.%s)", key, all,
			     filename, key, key);
			return NULL;
		}
		if (n == 1) {
			snprintf(section, sizeof(section), "%s", first);
		} else {
			/* Not in the file: the fixed section whose registry
			 * knows it, asked of the parser itself. */
			section[0] = 0;
			for (int i = 0; i < NR_FIXED_SECTIONS && !section[0]; i++) {
				struct scenario_error serr;
				struct scenario *sc;
				char *t = scenario_text_override(text, fixed_sections[i],
								 name, value, err, len);

				if (!t)
					return NULL;
				sc = scenario_parse_buffer(t, strlen(t), filename,
							   NULL, &serr);
				free(t);
				scenario_free(sc);
				if (sc || !unknown_key_error(serr.msg, name))
					snprintf(section, sizeof(section), "%s",
						 fixed_sections[i]);
			}
			if (!section[0]) {
				errf(err, len, "sweep key '%s': not a key of [machine], "
				     "[vm], [kernel] or [run], nor set in a section of "
				     "%s (a task's key: TASK.%s)", key, filename, key);
				return NULL;
			}
		}
	}
	if (!*name || strchr(name, '.') || strchr(name, '=')) {
		errf(err, len, "sweep key '%s': expected KEY, SECTION.KEY or TASK.KEY", key);
		return NULL;
	}
	if (!strcmp(section, "kernel") && !strcmp(name, "profile")) {
		errf(err, len, "sweep key '%s': kernels are chosen with --kernels", key);
		return NULL;
	}
	if (!strcmp(section, "run") && !strcmp(name, "seed")) {
		errf(err, len, "sweep key '%s': seeds are chosen with --seeds and --seed",
		     key);
		return NULL;
	}
	if (!strcmp(name, "program") && !strncmp(section, "task ", 5)) {
		errf(err, len, "sweep key '%s': a task's program cannot be swept", key);
		return NULL;
	}
	out = scenario_text_override(text, section, name, value, err, len);
	if (out) {
		if (section_out)
			*section_out = xstrdup(section);
		if (name_out)
			*name_out = xstrdup(name);
	} else if (strncmp(err, "no [", 4) == 0) {
		char tmp[256];

		snprintf(tmp, sizeof(tmp), "%s", err);
		errf(err, len, "sweep key '%s': %s %s", key, tmp, filename);
	}
	return out;
}

/* ---- building an experiment ------------------------------------------ */

static char *read_text(const char *path, char *err, size_t len)
{
	FILE *f = fopen(path, "rb");
	char *text;
	size_t n;

	if (!f) {
		errf(err, len, "%s: cannot open: %s", path, strerror(errno));
		return NULL;
	}
	text = xcalloc(MAX_SCENARIO_TEXT + 2, 1);
	n = fread(text, 1, MAX_SCENARIO_TEXT + 1, f);
	if (ferror(f) || n > MAX_SCENARIO_TEXT) {
		errf(err, len, "%s: %s", path, ferror(f) ? strerror(errno) :
		     "file too large (at most 1M)");
		fclose(f);
		free(text);
		return NULL;
	}
	fclose(f);
	if (memchr(text, 0, n)) {
		errf(err, len, "%s: not a text file (NUL byte)", path);
		free(text);
		return NULL;
	}
	return text;
}

static char **split_list(const char *s, size_t *nr)
{
	char *copy = xstrdup(s), *save = NULL, *tok;
	char **v = NULL;

	*nr = 0;
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		const char *b = tok, *e = tok + strlen(tok);

		trim(&b, &e);
		v = realloc(v, (*nr + 1) * sizeof(*v));
		if (!v)
			abort();
		v[(*nr)++] = xasprintf("%.*s", (int)(e - b), b);
	}
	free(copy);
	return v;
}

static void free_list(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static int init_kernels(struct experiment *e, const char *list, char *err,
			size_t len)
{
	if (!list) {
		e->nr_kernels = profile_table_nr_rows;
		e->kernels = xcalloc(e->nr_kernels, sizeof(*e->kernels));
		for (size_t i = 0; i < e->nr_kernels; i++)
			e->kernels[i] = xstrdup(profile_table_rows[i]);
		return 0;
	}
	e->kernels = split_list(list, &e->nr_kernels);
	if (!e->nr_kernels)
		return errf(err, len, "--kernels: no kernel named");
	for (size_t i = 0; i < e->nr_kernels; i++) {
		struct kernel_profile p;
		char why[768];

		if (!*e->kernels[i])
			return errf(err, len, "--kernels: empty name in '%s'", list);
		if (profile_parse(e->kernels[i], &p, why, sizeof(why)))
			return errf(err, len, "--kernels: %s", why);
		for (size_t j = 0; j < i; j++)
			if (!strcmp(e->kernels[i], e->kernels[j]))
				return errf(err, len, "--kernels: '%s' twice",
					    e->kernels[i]);
	}
	return 0;
}

static int init_sweeps(struct experiment *e, const struct experiment_opts *o,
		       char *err, size_t len)
{
	e->keys = xcalloc(o->nr_sweeps, sizeof(*e->keys));
	for (size_t i = 0; i < o->nr_sweeps; i++) {
		const char *arg = o->sweeps[i], *eq = strchr(arg, '=');
		struct sweep_key *k = &e->keys[e->nr_keys++];
		char *t;

		if (!eq || eq == arg || !eq[1])
			return errf(err, len, "sweep: '%s': expected KEY=V1,V2,...", arg);
		k->key = xasprintf("%.*s", (int)(eq - arg), arg);
		k->values = split_list(eq + 1, &k->nr_values);
		for (size_t v = 0; v < k->nr_values; v++) {
			if (!*k->values[v])
				return errf(err, len, "sweep: '%s': empty value", arg);
			for (size_t w = 0; w < v; w++)
				if (!strcmp(k->values[v], k->values[w]))
					return errf(err, len, "sweep: '%s': value '%s' twice",
						    arg, k->values[v]);
		}
		if (!k->nr_values)
			return errf(err, len, "sweep: '%s': expected KEY=V1,V2,...", arg);
		t = scenario_override(e->text, e->scenario_name, k->key,
				      k->values[0], &k->section, &k->name, err, len);
		if (!t)
			return -1;
		free(t);
		for (size_t j = 0; j + 1 < e->nr_keys; j++)
			if (!strcmp(e->keys[j].section, k->section) &&
			    !strcmp(e->keys[j].name, k->name))
				return errf(err, len, "sweep: '%s' and '%s' name the same key",
					    e->keys[j].key, k->key);
	}
	return 0;
}

/* Every combination, the first key varying slowest. */
static int init_points(struct experiment *e, char *err, size_t len)
{
	size_t n = 1;

	for (size_t k = 0; k < e->nr_keys; k++) {
		if (n > 100000 / e->keys[k].nr_values)
			return errf(err, len, "sweep: too many combinations");
		n *= e->keys[k].nr_values;
	}
	e->nr_points = n;
	e->points = xcalloc(n, sizeof(*e->points));
	for (size_t p = 0; p < n; p++) {
		struct exp_point *pt = &e->points[p];
		char *label = xstrdup(""), *text = xstrdup(e->text), safe[512];
		size_t rest = p, stride = n;

		for (size_t k = 0; k < e->nr_keys; k++) {
			const struct sweep_key *sk = &e->keys[k];
			const char *v;
			char *t, *l;

			stride /= sk->nr_values;
			v = sk->values[rest / stride];
			rest %= stride;
			t = scenario_text_override(text, sk->section, sk->name, v,
						   err, len);
			free(text);
			if (!t) {
				free(label);
				return -1;
			}
			text = t;
			l = xasprintf("%s%s%s=%s", label, k ? "," : "", sk->key, v);
			free(label);
			label = l;
		}
		pt->label = label;
		pt->text = text;
		report_file_safe_name(*label ? label : "scenario", safe, sizeof(safe));
		pt->file = xasprintf("scenarios/%s.ini", safe);
		for (size_t q = 0; q < p; q++)
			if (!strcmp(e->points[q].file, pt->file))
				return errf(err, len, "sweep: '%s' and '%s' would share "
					    "the file %s", e->points[q].label, label,
					    pt->file);
	}
	return 0;
}

/*
 * Load every point with all of mmsim run's checks (the programs' task
 * keys, the profile), so a bad value stops everything before anything is
 * written or run; the loaded scenarios are what the runs use.
 */
static int load_points(struct experiment *e, char *err, size_t len)
{
	for (size_t p = 0; p < e->nr_points; p++) {
		struct exp_point *pt = &e->points[p];
		struct scenario_error serr;
		char *name = *pt->label ?
			xasprintf("%s [%s]", e->scenario_name, pt->label) :
			xstrdup(e->scenario_name);

		pt->sc = scenario_load_text(pt->text, name, &serr);
		free(name);
		if (!pt->sc)
			return errf(err, len, "%s", serr.msg);
		if (p == 0 && !e->base_seed_given)
			e->base_seed = (uint64_t)pt->sc->run.seed;
	}
	return 0;
}

static void init_columns(struct experiment *e)
{
	e->nr_columns = e->nr_kernels * e->nr_points;
	e->columns = xcalloc(e->nr_columns, sizeof(*e->columns));
	for (size_t k = 0; k < e->nr_kernels; k++)
		for (size_t p = 0; p < e->nr_points; p++) {
			struct exp_column *c = &e->columns[k * e->nr_points + p];

			c->kernel = k;
			c->point = p;
			c->name = *e->points[p].label ?
				xasprintf("%s@%s", e->kernels[k], e->points[p].label) :
				xstrdup(e->kernels[k]);
		}
}

static void alloc_results(struct experiment *e)
{
	size_t n = experiment_nr_jobs(e);

	e->results = xcalloc(n, sizeof(*e->results));
	e->have = xcalloc(n, sizeof(*e->have));
}

int experiment_init(struct experiment *e, const struct experiment_opts *o,
		    char *err, size_t len)
{
	memset(e, 0, sizeof(*e));
	if (o->scenario_path && o->arch)
		return errf(err, len, "--arch picks the embedded default scenario; "
			    "a scenario file sets [machine] arch itself");
	if (o->arch && strcmp(o->arch, "x86") && strcmp(o->arch, "x86_64"))
		return errf(err, len, "--arch '%s': expected x86 or x86_64", o->arch);
	e->arch = xstrdup(o->arch ? o->arch : "x86_64");
	if (o->scenario_path) {
		e->scenario_path = xstrdup(o->scenario_path);
		e->scenario_name = xstrdup(o->scenario_path);
		e->text = read_text(o->scenario_path, err, len);
		if (!e->text)
			return -1;
	} else if (!strcmp(e->arch, "x86")) {
		e->scenario_name = xstrdup(SCENARIO_DEFAULT_X86_NAME);
		e->text = xstrdup(scenario_default_x86_text);
	} else {
		e->scenario_name = xstrdup(SCENARIO_DEFAULT_NAME);
		e->text = xstrdup(scenario_default_text);
	}
	e->nr_seeds = o->nr_seeds ? o->nr_seeds : EXPERIMENT_DEFAULT_SEEDS;
	if (e->nr_seeds > MAX_SEEDS)
		return errf(err, len, "--seeds %u: at most %d", e->nr_seeds, MAX_SEEDS);
	e->base_seed_given = o->base_seed_set;
	e->base_seed = o->base_seed;
	e->seeds_common = true;
	if (init_kernels(e, o->kernels, err, len) ||
	    init_sweeps(e, o, err, len) || init_points(e, err, len) ||
	    load_points(e, err, len))
		return -1;
	init_columns(e);
	alloc_results(e);
	return 0;
}

void experiment_free(struct experiment *e)
{
	size_t n = experiment_nr_jobs(e);

	for (size_t i = 0; e->results && i < n; i++)
		if (e->have[i])
			result_free(&e->results[i]);
	free(e->results);
	free(e->have);
	for (size_t c = 0; c < e->nr_columns; c++)
		free(e->columns[c].name);
	free(e->columns);
	for (size_t p = 0; p < e->nr_points; p++) {
		free(e->points[p].label);
		free(e->points[p].file);
		free(e->points[p].text);
		scenario_free(e->points[p].sc);
	}
	free(e->points);
	for (size_t k = 0; k < e->nr_keys; k++) {
		free(e->keys[k].key);
		free(e->keys[k].section);
		free(e->keys[k].name);
		free_list(e->keys[k].values, e->keys[k].nr_values);
	}
	free(e->keys);
	free_list(e->kernels, e->nr_kernels);
	free(e->scenario_path);
	free(e->scenario_name);
	free(e->arch);
	free(e->text);
	memset(e, 0, sizeof(*e));
}

static void run_stem(const char *column, uint64_t seed, char *buf, size_t len)
{
	char safe[512];

	report_file_safe_name(column, safe, sizeof(safe));
	snprintf(buf, len, "%s-seed%llu", safe, (unsigned long long)seed);
}

void experiment_job_stem(const struct experiment *e, size_t job, char *buf,
			 size_t len)
{
	run_stem(experiment_job_column(e, job)->name,
		 experiment_job_seed(e, job), buf, len);
}

/* ---- files ------------------------------------------------------------ */

int experiment_write_scenarios(const struct experiment *e, const char *dir,
			       char *err, size_t len)
{
	char *sdir = xasprintf("%s/scenarios", dir);
	int rc = 0;

	if (report_mkdir(sdir))
		rc = errf(err, len, "%s: cannot create: %s", sdir, strerror(errno));
	free(sdir);
	for (size_t p = 0; !rc && p < e->nr_points; p++) {
		char *path = xasprintf("%s/%s", dir, e->points[p].file);

		rc = report_write_text(path, e->points[p].text, err, len);
		free(path);
	}
	return rc;
}

/* ---- running ---------------------------------------------------------- */

struct run_ctx {
	struct experiment *e;
	struct progress progress;
};

static char *run_job(size_t idx, void *arg)
{
	struct run_ctx *ctx = arg;
	struct experiment *e = ctx->e;
	const struct exp_column *col = experiment_job_column(e, idx);
	const struct exp_point *pt = &e->points[col->point];
	/* The name errors and the result carry: the file, and the values. */
	char *name = *pt->label ?
		xasprintf("%s [%s]", e->scenario_name, pt->label) :
		xstrdup(e->scenario_name);
	struct run_options opt = {
		.profile = e->kernels[col->kernel],
		.seed = experiment_job_seed(e, idx),
		.scenario_name = name,
	};
	struct run_result res;
	double start = wall_seconds();
	char err[512], *json = NULL;

	result_init(&res);
	if (run_scenario(pt->sc, &opt, &res, err, sizeof(err)))
		/* Clear the progress line first when there is one. */
		fprintf(stderr, "%smmsim: %s seed %llu: %s\n",
			isatty(STDERR_FILENO) ? "\r\033[K" : "", col->name,
			(unsigned long long)opt.seed, err);
	else {
		res.wall_seconds = wall_seconds() - start;
		json = result_to_json(&res, true);
	}
	result_free(&res);
	free(name);
	return json;
}

static void run_progress(size_t done, size_t total, void *arg)
{
	struct run_ctx *ctx = arg;

	progress_update(&ctx->progress, (double)done, (double)total);
}

int experiment_run(struct experiment *e, int jobs)
{
	size_t n = experiment_nr_jobs(e);
	char **out = xcalloc(n, sizeof(*out));
	struct run_ctx ctx = { .e = e };
	int failed;

	progress_begin(&ctx.progress, "runs");
	progress_update(&ctx.progress, 0, (double)n);
	fflush(NULL);
	failed = pool_run(n, jobs, run_job, &ctx, out, run_progress);
	progress_end(&ctx.progress);
	if (failed < 0) {
		free(out);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		char err[256];

		if (!out[i])
			continue;
		if (result_from_json(out[i], &e->results[i], err, sizeof(err))) {
			fprintf(stderr, "mmsim: %s seed %llu: bad result: %s\n",
				experiment_job_column(e, i)->name,
				(unsigned long long)experiment_job_seed(e, i), err);
			failed++;
		} else {
			e->have[i] = true;
		}
		free(out[i]);
	}
	free(out);
	return failed;
}

/* ---- --emit-jobs ------------------------------------------------------ */

/* POSIX shell quoting, only where needed. */
static void shell_arg(FILE *f, const char *s)
{
	bool plain = *s != 0;

	for (const char *p = s; *p; p++)
		if (!isalnum((unsigned char)*p) && !strchr("_./:=@,+-%", *p))
			plain = false;
	if (plain) {
		fputs(s, f);
		return;
	}
	fputc('\'', f);
	for (; *s; s++) {
		if (*s == '\'')
			fputs("'\\''", f);
		else
			fputc(*s, f);
	}
	fputc('\'', f);
}

void experiment_emit_jobs(const struct experiment *e, const char *dir,
			  const char *mmsim, FILE *f)
{
	for (size_t i = 0; i < experiment_nr_jobs(e); i++) {
		const struct exp_column *col = experiment_job_column(e, i);
		char stem[640], seed[32];
		char *scen = xasprintf("%s/%s", dir, e->points[col->point].file);
		char *json;

		experiment_job_stem(e, i, stem, sizeof(stem));
		json = xasprintf("%s/json/%s.json", dir, stem);
		snprintf(seed, sizeof(seed), "%llu",
			 (unsigned long long)experiment_job_seed(e, i));
		shell_arg(f, mmsim);
		fputs(" run ", f);
		shell_arg(f, scen);
		fputs(" --kernel ", f);
		shell_arg(f, e->kernels[col->kernel]);
		fputs(" --seed ", f);
		fputs(seed, f);
		fputs(" --json ", f);
		shell_arg(f, json);
		fputc('\n', f);
		free(scen);
		free(json);
	}
}

/* ---- experiment.json ----------------------------------------------------- */

int experiment_write_manifest(const struct experiment *e, const char *path,
			      char *err, size_t len)
{
	json_t *root, *kernels = json_array(), *sweep = json_array();
	json_t *points = json_array(), *cols = json_array(), *jobs = json_array();
	char *text;
	int rc;

	for (size_t k = 0; k < e->nr_kernels; k++)
		json_array_append_new(kernels, json_string(e->kernels[k]));
	for (size_t k = 0; k < e->nr_keys; k++) {
		json_t *v = json_array();

		for (size_t i = 0; i < e->keys[k].nr_values; i++)
			json_array_append_new(v, json_string(e->keys[k].values[i]));
		json_array_append_new(sweep, json_pack("{s:s,s:s,s:s,s:o}",
			"key", e->keys[k].key, "section", e->keys[k].section,
			"name", e->keys[k].name, "values", v));
	}
	for (size_t p = 0; p < e->nr_points; p++)
		json_array_append_new(points, json_pack("{s:s,s:s}",
			"label", e->points[p].label, "file", e->points[p].file));
	for (size_t c = 0; c < e->nr_columns; c++)
		json_array_append_new(cols, json_string(e->columns[c].name));
	for (size_t i = 0; i < experiment_nr_jobs(e); i++) {
		char stem[640], file[700];

		experiment_job_stem(e, i, stem, sizeof(stem));
		snprintf(file, sizeof(file), "json/%s.json", stem);
		json_array_append_new(jobs, json_pack("{s:I,s:I,s:s}",
			"column", (json_int_t)(i / e->nr_seeds),
			"seed", (json_int_t)experiment_job_seed(e, i),
			"json", file));
	}
	root = json_pack("{s:i,s:s,s:s,s:o,s:o,s:o,s:I,s:i,s:o,s:o}",
		"format", 1, "scenario_name", e->scenario_name, "arch", e->arch,
		"kernels", kernels, "sweep", sweep, "points", points,
		"base_seed", (json_int_t)e->base_seed, "seeds", (int)e->nr_seeds,
		"columns", cols, "jobs", jobs);
	if (!root)
		return errf(err, len, "%s: cannot encode", path);
	text = json_dumps(root, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
	json_decref(root);
	if (!text)
		return errf(err, len, "%s: cannot encode", path);
	text = realloc(text, strlen(text) + 2);
	if (!text)
		abort();
	strcat(text, "\n");
	rc = report_write_text(path, text, err, len);
	free(text);
	return rc;
}

static char **json_strings(json_t *a, size_t *nr)
{
	char **v = xcalloc(json_array_size(a), sizeof(*v));
	size_t i;
	json_t *x;

	*nr = 0;
	json_array_foreach(a, i, x) {
		if (!json_is_string(x)) {
			free_list(v, *nr);
			return NULL;
		}
		v[(*nr)++] = xstrdup(json_string_value(x));
	}
	return v;
}

static int manifest_sweep(struct experiment *e, json_t *sweep)
{
	size_t i;
	json_t *x;

	e->keys = xcalloc(json_array_size(sweep), sizeof(*e->keys));
	json_array_foreach(sweep, i, x) {
		struct sweep_key *k = &e->keys[e->nr_keys];
		const char *key, *section, *name;
		json_t *values;

		if (json_unpack(x, "{s:s,s:s,s:s,s:o}", "key", &key, "section",
				&section, "name", &name, "values", &values) ||
		    !json_is_array(values))
			return -1;
		e->nr_keys++;
		k->key = xstrdup(key);
		k->section = xstrdup(section);
		k->name = xstrdup(name);
		k->values = json_strings(values, &k->nr_values);
		if (!k->values)
			return -1;
	}
	return 0;
}

static int manifest_points(struct experiment *e, json_t *points,
			   const char *dir, char *err, size_t len)
{
	size_t i;
	json_t *x;

	e->points = xcalloc(json_array_size(points), sizeof(*e->points));
	json_array_foreach(points, i, x) {
		struct exp_point *pt = &e->points[e->nr_points];
		const char *label, *file;
		char *path;

		if (json_unpack(x, "{s:s,s:s}", "label", &label, "file", &file))
			return errf(err, len, "%s/experiment.json: malformed points", dir);
		e->nr_points++;
		pt->label = xstrdup(label);
		pt->file = xstrdup(file);
		path = xasprintf("%s/%s", dir, file);
		pt->text = read_text(path, err, len);
		free(path);
		if (!pt->text)
			return -1;
	}
	return 0;
}

int experiment_from_manifest(struct experiment *e, const char *dir,
			     char *err, size_t len)
{
	char *path = xasprintf("%s/experiment.json", dir);
	const char *scen, *arch;
	json_t *root, *kernels, *sweep, *points, *cols, *jobs;
	json_int_t base;
	json_error_t jerr;
	int format, seeds, rc = -1;

	memset(e, 0, sizeof(*e));
	root = json_load_file(path, 0, &jerr);
	if (!root) {
		errf(err, len, "%s:%d: %s", path, jerr.line, jerr.text);
		free(path);
		return -1;
	}
	if (json_unpack_ex(root, &jerr, 0, "{s:i,s:s,s:s,s:o,s:o,s:o,s:I,s:i,s:o,s:o}",
			   "format", &format, "scenario_name", &scen, "arch", &arch,
			   "kernels", &kernels, "sweep", &sweep, "points", &points,
			   "base_seed", &base, "seeds", &seeds, "columns", &cols,
			   "jobs", &jobs) || format != 1 || seeds < 1 ||
	    !json_is_array(kernels) || !json_is_array(sweep) ||
	    !json_is_array(points) || !json_is_array(cols) || !json_is_array(jobs)) {
		errf(err, len, "%s: not an mmsim experiment.json (format 1)", path);
		goto out;
	}
	e->scenario_name = xstrdup(scen);
	e->arch = xstrdup(arch);
	e->base_seed = (uint64_t)base;
	e->nr_seeds = (unsigned int)seeds;
	e->seeds_common = true;
	e->kernels = json_strings(kernels, &e->nr_kernels);
	if (!e->kernels || !e->nr_kernels || manifest_sweep(e, sweep)) {
		errf(err, len, "%s: malformed kernels or sweep", path);
		goto out;
	}
	if (manifest_points(e, points, dir, err, len))
		goto out;
	if (!e->nr_points) {
		errf(err, len, "%s: no points", path);
		goto out;
	}
	init_columns(e);
	if (json_array_size(cols) != e->nr_columns ||
	    json_array_size(jobs) != experiment_nr_jobs(e)) {
		errf(err, len, "%s: columns or jobs do not match kernels x points x seeds",
		     path);
		goto out;
	}
	for (size_t c = 0; c < e->nr_columns; c++) {
		const char *n = json_string_value(json_array_get(cols, c));

		if (!n || strcmp(n, e->columns[c].name)) {
			errf(err, len, "%s: column %zu is '%s', expected '%s'", path,
			     c + 1, n ? n : "?", e->columns[c].name);
			goto out;
		}
	}
	e->text = xstrdup(e->points[0].text);
	alloc_results(e);
	rc = 0;
out:
	json_decref(root);
	free(path);
	return rc;
}

/* ---- merge ------------------------------------------------------------ */

static int load_result(const char *path, struct run_result *r, char *err,
		       size_t len)
{
	char msg[256], *text = read_text(path, err, len);
	int rc;

	if (!text)
		return -1;
	rc = result_from_json(text, r, msg, sizeof(msg));
	free(text);
	if (rc)
		return errf(err, len, "%s: not an mmsim run result: %s", path, msg);
	return 0;
}

static bool file_exists(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode);
}

static int merge_manifest(struct experiment *e, char *const *dirs,
			  size_t nr_dirs, size_t mdir, bool partial,
			  char *err, size_t len)
{
	size_t missing = 0;
	char first[1024] = "";

	for (size_t i = 0; i < experiment_nr_jobs(e); i++) {
		char stem[640], *path = NULL;

		experiment_job_stem(e, i, stem, sizeof(stem));
		for (size_t d = 0; d < nr_dirs + 1 && !path; d++) {
			/* The manifest's directory first, then the others. */
			const char *dir = dirs[d == 0 ? mdir : d - 1];
			const char *const fmt[] = { "%s/json/%s.json", "%s/%s.json" };

			if (d > 0 && d - 1 == mdir)
				continue;
			for (int f = 0; f < 2 && !path; f++) {
				char *p = xasprintf(fmt[f], dir, stem);

				if (file_exists(p))
					path = p;
				else
					free(p);
			}
		}
		if (!path) {
			if (!missing++)
				snprintf(first, sizeof(first), "%s/json/%s.json",
					 dirs[mdir], stem);
			continue;
		}
		if (load_result(path, &e->results[i], err, len)) {
			free(path);
			return -1;
		}
		free(path);
		e->have[i] = true;
	}
	if (missing && !partial)
		return errf(err, len, "%zu of %zu results missing (first: %s); "
			    "--partial reports the rest", missing,
			    experiment_nr_jobs(e), first);
	if (missing == experiment_nr_jobs(e))
		return errf(err, len, "no results found (first missing: %s)", first);
	return 0;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every *.json of @dir (sorted), except the report's and manifest's. */
static void list_json(const char *dir, char ***files, size_t *nr)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	size_t first = *nr;

	if (!d)
		return;
	while ((de = readdir(d))) {
		size_t l = strlen(de->d_name);

		if (l < 6 || strcmp(de->d_name + l - 5, ".json") ||
		    !strcmp(de->d_name, "summary.json") ||
		    !strcmp(de->d_name, "experiment.json"))
			continue;
		*files = realloc(*files, (*nr + 1) * sizeof(**files));
		if (!*files)
			abort();
		(*files)[(*nr)++] = xasprintf("%s/%s", dir, de->d_name);
	}
	closedir(d);
	if (*nr > first)
		qsort(*files + first, *nr - first, sizeof(**files), name_cmp);
}

static size_t table_row_index(const char *kernel)
{
	for (size_t i = 0; i < profile_table_nr_rows; i++)
		if (!strcmp(profile_table_rows[i], kernel))
			return i;
	return profile_table_nr_rows;
}

static int kernel_order(const void *a, const void *b)
{
	const char *x = *(char *const *)a, *y = *(char *const *)b;
	size_t ix = table_row_index(x), iy = table_row_index(y);

	if (ix != iy)
		return ix < iy ? -1 : 1;
	return strcmp(x, y);
}

static int seed_order(const void *a, const void *b)
{
	const struct run_result *x = a, *y = b;

	return x->seed < y->seed ? -1 : x->seed > y->seed;
}

static size_t find_name(char **v, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(v[i], s))
			return i;
	return n;
}

static uint64_t all_min_seed(const struct experiment *e, const size_t *count,
			     size_t max_runs)
{
	uint64_t m = UINT64_MAX;

	for (size_t c = 0; c < e->nr_columns; c++)
		for (size_t j = 0; j < count[c]; j++)
			if (e->results[c * max_runs + j].seed < m)
				m = e->results[c * max_runs + j].seed;
	return m;
}

/* The runs' arch when they all agree, else "". */
static const char *common_arch(const struct experiment *e)
{
	const char *a = NULL;

	for (size_t i = 0; i < experiment_nr_jobs(e); i++) {
		if (!e->have[i])
			continue;
		if (!a)
			a = e->results[i].arch;
		else if (strcmp(a, e->results[i].arch))
			return "";
	}
	return a ? a : "";
}

static int merge_loose(struct experiment *e, char *const *dirs, size_t nr_dirs,
		       char *err, size_t len)
{
	char **files = NULL, **scen = NULL;
	struct run_result *all;
	size_t nr_files = 0, nr_scen = 0, max_runs = 0, *count;
	int rc = -1;

	for (size_t d = 0; d < nr_dirs; d++) {
		char *sub = xasprintf("%s/json", dirs[d]);

		list_json(dirs[d], &files, &nr_files);
		list_json(sub, &files, &nr_files);
		free(sub);
	}
	if (!nr_files) {
		errf(err, len, "no run results (*.json) in %s%s", dirs[0],
		     nr_dirs > 1 ? " or the other directories" : "");
		free(files);
		return -1;
	}
	all = xcalloc(nr_files, sizeof(*all));
	for (size_t i = 0; i < nr_files; i++) {
		if (load_result(files[i], &all[i], err, len))
			goto out;
		if (find_name(e->kernels, e->nr_kernels, all[i].kernel) == e->nr_kernels) {
			e->kernels = realloc(e->kernels, (e->nr_kernels + 1) * sizeof(char *));
			if (!e->kernels)
				abort();
			e->kernels[e->nr_kernels++] = xstrdup(all[i].kernel);
		}
		if (find_name(scen, nr_scen, all[i].scenario) == nr_scen) {
			scen = realloc(scen, (nr_scen + 1) * sizeof(char *));
			if (!scen)
				abort();
			scen[nr_scen++] = xstrdup(all[i].scenario);
		}
	}
	qsort(e->kernels, e->nr_kernels, sizeof(char *), kernel_order);
	qsort(scen, nr_scen, sizeof(char *), name_cmp);
	e->nr_points = nr_scen;
	e->points = xcalloc(nr_scen, sizeof(*e->points));
	for (size_t p = 0; p < nr_scen; p++) {
		char safe[512];

		/* One scenario: plain kernel columns; several: by name. */
		e->points[p].label = xstrdup(nr_scen > 1 ? scen[p] : "");
		report_file_safe_name(scen[p], safe, sizeof(safe));
		e->points[p].file = xasprintf("scenarios/%s.ini", safe);
	}
	e->scenario_name = xstrdup(nr_scen == 1 ? scen[0] : "(several)");
	init_columns(e);
	count = xcalloc(e->nr_columns, sizeof(*count));
	for (size_t i = 0; i < nr_files; i++) {
		size_t c = find_name(e->kernels, e->nr_kernels, all[i].kernel) * nr_scen +
			   find_name(scen, nr_scen, all[i].scenario);

		if (++count[c] > max_runs)
			max_runs = count[c];
	}
	e->nr_seeds = (unsigned int)max_runs;
	alloc_results(e);
	memset(count, 0, e->nr_columns * sizeof(*count));
	for (size_t i = 0; i < nr_files; i++) {
		size_t c = find_name(e->kernels, e->nr_kernels, all[i].kernel) * nr_scen +
			   find_name(scen, nr_scen, all[i].scenario);

		for (size_t j = 0; j < count[c]; j++)
			if (e->results[c * max_runs + j].seed == all[i].seed) {
				errf(err, len, "%s: a second run of %s, seed %llu",
				     files[i], e->columns[c].name,
				     (unsigned long long)all[i].seed);
				free(count);
				goto out;
			}
		e->results[c * max_runs + count[c]] = all[i];
		e->have[c * max_runs + count[c]] = true;
		count[c]++;
		memset(&all[i], 0, sizeof(all[i]));
	}
	/* Seed order within a column, and one common seed set or none. */
	e->base_seed = all_min_seed(e, count, max_runs);
	e->seeds_common = true;
	for (size_t c = 0; c < e->nr_columns; c++) {
		qsort(&e->results[c * max_runs], count[c], sizeof(*e->results),
		      seed_order);
		if (count[c] != max_runs)
			e->seeds_common = false;
		for (size_t j = 0; j < count[c]; j++)
			if (e->results[c * max_runs + j].seed != e->base_seed + j)
				e->seeds_common = false;
	}
	e->arch = xstrdup(common_arch(e));
	free(count);
	rc = 0;
out:
	for (size_t i = 0; i < nr_files; i++)
		result_free(&all[i]);
	free(all);
	free_list(files, nr_files);
	free_list(scen, nr_scen);
	return rc;
}

int experiment_merge(struct experiment *e, char *const *dirs, size_t nr_dirs,
		     bool partial, char *err, size_t len)
{
	memset(e, 0, sizeof(*e));
	for (size_t d = 0; d < nr_dirs; d++) {
		char *m = xasprintf("%s/experiment.json", dirs[d]);
		bool have = file_exists(m);

		free(m);
		if (have) {
			if (experiment_from_manifest(e, dirs[d], err, len))
				return -1;
			return merge_manifest(e, dirs, nr_dirs, d, partial, err, len);
		}
	}
	return merge_loose(e, dirs, nr_dirs, err, len);
}

/* ---- the report view -------------------------------------------------- */

void experiment_report_init(struct experiment_report *er,
			    const struct experiment *e, const char *command,
			    const char *version)
{
	size_t n = experiment_nr_jobs(e), r = 0;
	struct report *rep = &er->rep;

	memset(er, 0, sizeof(*er));
	er->columns = xcalloc(e->nr_columns, sizeof(*er->columns));
	er->runs = xcalloc(n, sizeof(*er->runs));
	er->stems = xcalloc(n, sizeof(*er->stems));
	er->run_seconds = xcalloc(n, sizeof(*er->run_seconds));
	for (size_t c = 0; c < e->nr_columns; c++) {
		struct report_column *col = &er->columns[c];

		col->name = e->columns[c].name;
		col->kernel = e->kernels[e->columns[c].kernel];
		col->point = e->points[e->columns[c].point].label;
		col->runs = &er->runs[r];
		col->stems = (const char *const *)&er->stems[r];
		for (size_t s = 0; s < e->nr_seeds; s++) {
			size_t i = c * e->nr_seeds + s;
			char stem[640];

			if (!e->have[i])
				continue;
			er->runs[r] = e->results[i];
			run_stem(col->name, e->results[i].seed, stem, sizeof(stem));
			er->stems[r] = xstrdup(stem);
			er->run_seconds[r] = e->results[i].wall_seconds;
			r++;
			col->nr_runs++;
		}
	}
	er->scenarios = xcalloc(e->nr_points, sizeof(*er->scenarios));
	for (size_t p = 0; p < e->nr_points; p++) {
		er->scenarios[p].label = e->points[p].label;
		er->scenarios[p].name = e->nr_keys ? e->points[p].file :
					e->nr_points > 1 ? e->points[p].label :
					e->scenario_name;
		er->scenarios[p].text = e->points[p].text;
	}
	er->keys = xcalloc(e->nr_keys, sizeof(*er->keys));
	for (size_t k = 0; k < e->nr_keys; k++)
		er->keys[k] = e->keys[k].key;

	rep->command = command;
	rep->version = version;
	rep->arch = e->arch ? e->arch : "";
	rep->columns = er->columns;
	rep->nr_columns = e->nr_columns;
	rep->scenarios = er->scenarios;
	rep->nr_scenarios = e->nr_points;
	rep->sweep_keys = er->keys;
	rep->nr_sweep_keys = e->nr_keys;
	rep->base_seed = e->base_seed;
	rep->nr_seeds = e->seeds_common ? e->nr_seeds : 0;
}

void experiment_report_free(struct experiment_report *er)
{
	size_t n = 0;

	for (size_t c = 0; c < er->rep.nr_columns; c++)
		n += er->columns[c].nr_runs;
	for (size_t i = 0; i < n; i++)
		free(er->stems[i]);
	free(er->stems);
	free(er->runs);
	free(er->columns);
	free(er->scenarios);
	free(er->keys);
	free(er->run_seconds);
	memset(er, 0, sizeof(*er));
}
