// SPDX-License-Identifier: GPL-2.0
/*
 * Experiments: kernels x sweep points x seeds -> jobs -> pool_run ->
 * results; or the same jobs written as `mmsim run` command lines
 * (--emit-jobs) for GNU parallel or a Slurm array, whose JSON merge.c
 * reads back.  Sweep points are scenario texts (override.c).
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <unistd.h>
#include "compare_internal.h"
#include "findings.h"
#include "pool.h"
#include "run.h"
#include "scenario_load.h"
#include "mmsim/profile.h"
#include "report/progress.h"
#include "scenario/scenario.h"
#include "scenario/units.h"
#include "util/fs.h"
#include "util/gz.h"
#include "util/xalloc.h"

#define MAX_SCENARIO_TEXT	(1 << 20)
#define MAX_SEEDS		100000
/* Bounds on what one command may ask for: every point is a scenario held
 * and checked in memory, every run a result slot (found by fuzz_cli: a
 * sweep of 30 keys asked for 10^5 points and spent minutes building them). */
#define MAX_POINTS		1000
#define MAX_RUNS		100000

/* ---- building an experiment ------------------------------------------ */

char *experiment_scenario_text(const char *path, const char *arch,
			       char **name, char *err, size_t len)
{
	char buf[PATH_MAX + 128], *text;

	if (!path) {
		bool x86 = arch && !strcmp(arch, "x86");

		*name = xstrdup(x86 ? SCENARIO_DEFAULT_X86_NAME :
				SCENARIO_DEFAULT_NAME);
		return xstrdup(x86 ? scenario_default_x86_text :
			       scenario_default_text);
	}
	/* An installed scenario by name (scenario_resolve). */
	text = experiment_read_text(scenario_resolve(path, buf, sizeof(buf)),
				    err, len);
	*name = text ? xstrdup(path) : NULL;
	return text;
}

char *experiment_read_text(const char *path, char *err, size_t len)
{
	/* "-" is standard input, read once. */
	bool in = !strcmp(path, "-");
	FILE *f = in ? stdin : *path ? fopen(path, "rb") : NULL;
	char *text;
	size_t n;

	if (!*path) {
		errf(err, len, "an empty path (expected a file, or - for standard "
		     "input)");
		return NULL;
	}
	if (in)
		path = "<stdin>";
	if (!f) {
		errf(err, len, "%s: cannot open: %s", path, strerror(errno));
		return NULL;
	}
	text = xcalloc(MAX_SCENARIO_TEXT + 2, 1);
	n = fread(text, 1, MAX_SCENARIO_TEXT + 1, f);
	if (ferror(f) || n > MAX_SCENARIO_TEXT) {
		errf(err, len, "%s: %s", path, ferror(f) ? strerror(errno) :
		     "file too large (at most 1M)");
		if (!in)
			fclose(f);
		free(text);
		return NULL;
	}
	if (!in)
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

		while (*b == ' ' || *b == '\t')
			b++;
		while (e > b && (e[-1] == ' ' || e[-1] == '\t'))
			e--;
		v = xrealloc(v, (*nr + 1) * sizeof(*v));
		v[(*nr)++] = xasprintf("%.*s", (int)(e - b), b);
	}
	free(copy);
	return v;
}

void experiment_free_list(char **v, size_t n)
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
		struct kernel_profile p, q;
		char why[768];
		bool again = false;

		if (!*e->kernels[i])
			return errf(err, len, "--kernels: empty name in '%s'", list);
		if (profile_parse(e->kernels[i], &p, why, sizeof(why)))
			return errf(err, len, "--kernels: %s", why);
		/*
		 * A kernel named twice, or by two of its names (2.6.32-rc6
		 * and 2.6.32-rc6-0000000-force-highorder), runs once: the
		 * column of its first name.
		 */
		for (size_t j = 0; j < i && !again; j++)
			again = !strcmp(e->kernels[i], e->kernels[j]) ||
				(!profile_parse(e->kernels[j], &q, why, sizeof(why)) &&
				 !strcmp(p.name, q.name));
		if (again) {
			free(e->kernels[i]);
			memmove(&e->kernels[i], &e->kernels[i + 1],
				(e->nr_kernels - i - 1) * sizeof(*e->kernels));
			e->nr_kernels--;
			i--;
		}
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
		if (n > MAX_POINTS / e->keys[k].nr_values)
			return errf(err, len, "sweep: more than %d combinations of "
				    "values (at most %d)", MAX_POINTS, MAX_POINTS);
		n *= e->keys[k].nr_values;
	}
	if (e->nr_kernels * n > MAX_RUNS / e->nr_seeds)
		return errf(err, len, "%zu kernels x %zu scenarios x %u seeds is "
			    "more than %d runs (at most %d)", e->nr_kernels, n,
			    e->nr_seeds, MAX_RUNS, MAX_RUNS);
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
		/* --time as mmsim run's: the earlier of it and max_time. */
		if (e->max_time && e->max_time < pt->sc->run.max_time)
			pt->sc->run.max_time = e->max_time;
		if (p == 0 && !e->base_seed_given)
			e->base_seed = (uint64_t)pt->sc->run.seed;
	}
	return 0;
}

void experiment_init_columns(struct experiment *e)
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

void experiment_alloc_results(struct experiment *e)
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
	if (o->scenario_path)
		e->scenario_path = xstrdup(o->scenario_path);
	e->text = experiment_scenario_text(o->scenario_path, e->arch,
					   &e->scenario_name, err, len);
	if (!e->text)
		return -1;
	e->nr_seeds = o->nr_seeds ? o->nr_seeds : EXPERIMENT_DEFAULT_SEEDS;
	if (e->nr_seeds > MAX_SEEDS)
		return errf(err, len, "--seeds %u: at most %d", e->nr_seeds, MAX_SEEDS);
	e->base_seed_given = o->base_seed_set;
	e->base_seed = o->base_seed;
	e->max_time = o->max_time;
	e->seeds_common = true;
	if (init_kernels(e, o->kernels, err, len) ||
	    init_sweeps(e, o, err, len) || init_points(e, err, len) ||
	    load_points(e, err, len))
		return -1;
	/*
	 * Seeds are 0 .. 2^63 - 1 everywhere (mmsim run --seed, the
	 * scenario's [run] seed, the results' JSON): every job's seed must
	 * be one, so the emitted jobs run and the results record it.
	 */
	if (e->base_seed > EXPERIMENT_MAX_SEED ||
	    e->nr_seeds - 1 > EXPERIMENT_MAX_SEED - e->base_seed)
		return errf(err, len, "seeds %llu to %llu: past the largest seed, "
			    "%llu (seeds are 0 to 2^63 - 1): give a smaller --seed "
			    "or fewer --seeds", (unsigned long long)e->base_seed,
			    (unsigned long long)e->base_seed + e->nr_seeds - 1,
			    (unsigned long long)EXPERIMENT_MAX_SEED);
	experiment_init_columns(e);
	experiment_alloc_results(e);
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
		free(e->points[p].fingerprint);
		scenario_free(e->points[p].sc);
	}
	free(e->points);
	for (size_t k = 0; k < e->nr_keys; k++) {
		free(e->keys[k].key);
		free(e->keys[k].section);
		free(e->keys[k].name);
		experiment_free_list(e->keys[k].values, e->keys[k].nr_values);
	}
	free(e->keys);
	experiment_free_list(e->kernels, e->nr_kernels);
	free(e->scenario_path);
	free(e->scenario_name);
	free(e->arch);
	free(e->text);
	free(e->version);
	memset(e, 0, sizeof(*e));
}

void experiment_run_stem(const char *column, uint64_t seed, char *buf, size_t len)
{
	char safe[512];

	report_file_safe_name(column, safe, sizeof(safe));
	snprintf(buf, len, "%s-seed%llu", safe, (unsigned long long)seed);
}

void experiment_job_stem(const struct experiment *e, size_t job, char *buf,
			 size_t len)
{
	experiment_run_stem(experiment_job_column(e, job)->name,
		 experiment_job_seed(e, job), buf, len);
}

/* ---- files ------------------------------------------------------------ */

int experiment_write_scenarios(const struct experiment *e, const char *dir,
			       char *err, size_t len)
{
	char *sdir = xasprintf("%s/scenarios", dir);
	int rc = 0;

	if (make_dir(sdir))
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
	size_t *todo;			/* pool job -> experiment job */
	const char *save_dir;		/* each result's JSON goes here */
	int failed;
};

static char *run_job(size_t k, void *arg)
{
	struct run_ctx *ctx = arg;
	struct experiment *e = ctx->e;
	size_t idx = ctx->todo[k];
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

	if (run_scenario(pt->sc, &opt, &res, err, sizeof(err)))
		/* Clear the progress line first when there is one. */
		fprintf(stderr, "%smmsim: %s seed %llu: %s\n",
			isatty(STDERR_FILENO) ? "\r\033[K" : "", col->name,
			(unsigned long long)opt.seed, err);
	else {
		result_set_real(&res, "wall_seconds", wall_seconds() - start);
		json = result_to_json(&res, true);
		result_free(&res);
	}
	free(name);
	return json;
}

char *experiment_saved_path(const struct experiment *e, const char *dir,
			    size_t job)
{
	char stem[640];

	experiment_job_stem(e, job, stem, sizeof(stem));
	return xasprintf("%s/json/%s.json", dir, stem);
}

size_t experiment_pack_saved(const struct experiment *e, const char *dir)
{
	size_t failed = 0;

	for (size_t i = 0; i < experiment_nr_jobs(e); i++) {
		char *path = experiment_saved_path(e, dir, i), *gz, err[1024];

		if (access(path, F_OK)) {
			free(path);
			continue;
		}
		gz = xasprintf("%s.gz", path);
		if (gz_pack_file(path, gz, err, sizeof(err))) {
			fprintf(stderr, "mmsim: %s\n", err);
			failed++;
		}
		free(gz);
		free(path);
	}
	return failed;
}

/*
 * A job ended: its result read now (what --resume reads back is the
 * same text) and saved at once, so an interrupt keeps every finished run.
 */
static void run_progress(size_t done, size_t total, size_t k, char **out,
			 void *arg)
{
	struct run_ctx *ctx = arg;
	struct experiment *e = ctx->e;
	size_t i = ctx->todo[k];
	char err[512];

	progress_update(&ctx->progress, (double)done, (double)total);
	if (!out[k])
		return;
	if (result_from_json(out[k], &e->results[i], err, sizeof(err))) {
		fprintf(stderr, "mmsim: %s seed %llu: bad result: %s\n",
			experiment_job_column(e, i)->name,
			(unsigned long long)experiment_job_seed(e, i), err);
		ctx->failed++;
	} else {
		e->have[i] = true;
		if (ctx->save_dir) {
			char *path = experiment_saved_path(e, ctx->save_dir, i);

			/* A run not saved is still reported; --resume would
			 * run it again. */
			if (report_write_text(path, out[k], err, sizeof(err)))
				fprintf(stderr, "%smmsim: %s\n",
					isatty(STDERR_FILENO) ? "\r\033[K" : "", err);
			free(path);
		}
	}
	free(out[k]);
	out[k] = NULL;
}

int experiment_run(struct experiment *e, int jobs, const char *save_dir)
{
	size_t n = experiment_nr_jobs(e), nr_todo = 0;
	struct run_ctx ctx = { .e = e, .save_dir = save_dir };
	char **out;
	int failed;

	ctx.todo = xcalloc(n, sizeof(*ctx.todo));
	for (size_t i = 0; i < n; i++)
		if (!e->have[i])
			ctx.todo[nr_todo++] = i;
	if (save_dir && nr_todo) {
		char *json_dir = xasprintf("%s/json", save_dir);
		int rc = make_dir(json_dir);

		if (rc)
			fprintf(stderr, "mmsim: %s: cannot create: %s\n", json_dir,
				strerror(errno));
		free(json_dir);
	}
	out = xcalloc(nr_todo, sizeof(*out));
	progress_begin(&ctx.progress, "runs");
	progress_update(&ctx.progress, 0, (double)nr_todo);
	fflush(NULL);
	failed = nr_todo ? pool_run(nr_todo, jobs, run_job, &ctx, out, run_progress,
					 NULL) : 0;
	progress_end(&ctx.progress);
	for (size_t k = 0; k < nr_todo; k++)
		free(out[k]);
	free(out);
	free(ctx.todo);
	return failed < 0 ? -1 : failed + ctx.failed;
}

/* ---- --emit-jobs ------------------------------------------------------ */

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
		pool_shell_word(f, mmsim);
		fputs(" run ", f);
		pool_shell_word(f, scen);
		fputs(" --kernel ", f);
		pool_shell_word(f, e->kernels[col->kernel]);
		fputs(" --seed ", f);
		fputs(seed, f);
		if (e->max_time) {
			char t[32];

			format_time(t, sizeof(t), e->max_time);
			fputs(" --time ", f);
			pool_shell_word(f, t);
		}
		fputs(" --json ", f);
		pool_shell_word(f, json);
		fputc('\n', f);
		free(scen);
		free(json);
	}
}

/* ---- the report view -------------------------------------------------- */

static void add_line(void *ctx, const char *line)
{
	struct profile_text *t = ctx;

	t->lines = xrealloc(t->lines, (t->nr + 1) * sizeof(*t->lines));
	t->lines[t->nr++] = xstrdup(line);
}

/* What `mmsim profiles NAME` says of @kernel, or why it is not one. */
static void describe_profile(const char *kernel, struct profile_text *t)
{
	struct kernel_profile p;
	char why[256];

	if (profile_parse(kernel, &p, why, sizeof(why))) {
		add_line(t, why);
		return;
	}
	profile_describe(&p, add_line, t);
	while (profile_switch_name(t->nr_switches))
		t->nr_switches++;
	t->switch_names = xcalloc(t->nr_switches ? t->nr_switches : 1,
				  sizeof(*t->switch_names));
	t->switch_values = xcalloc(t->nr_switches ? t->nr_switches : 1,
				   sizeof(*t->switch_values));
	for (size_t i = 0; i < t->nr_switches; i++) {
		char buf[64];
		const char *v;

		t->switch_names[i] = profile_switch_name(i);
		v = profile_switch_value(&p, t->switch_names[i], buf, sizeof(buf));
		t->switch_values[i] = xstrdup(v ? v : "");
	}
}

void experiment_report_init(struct experiment_report *er,
			    const struct experiment *e, const char *command,
			    const char *version)
{
	size_t n = experiment_nr_jobs(e), r = 0;
	struct report *rep = &er->rep;

	memset(er, 0, sizeof(*er));
	er->columns = xcalloc(e->nr_columns, sizeof(*er->columns));
	er->profiles = xcalloc(e->nr_columns, sizeof(*er->profiles));
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
		describe_profile(col->kernel, &er->profiles[c]);
		col->profile_lines = (const char *const *)er->profiles[c].lines;
		col->nr_profile_lines = er->profiles[c].nr;
		col->switch_names = er->profiles[c].switch_names;
		col->switch_values = (const char *const *)er->profiles[c].switch_values;
		col->nr_switches = er->profiles[c].nr_switches;
		for (size_t s = 0; s < e->nr_seeds; s++) {
			size_t i = c * e->nr_seeds + s;
			char stem[640];

			if (!e->have[i])
				continue;
			er->runs[r] = e->results[i];
			experiment_run_stem(col->name, result_uint(&e->results[i], "seed"),
					    stem, sizeof(stem));
			er->stems[r] = xstrdup(stem);
			er->run_seconds[r] = result_real(&e->results[i], "wall_seconds");
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
	/* The claims asked of the runs: the report opens with them. */
	er->findings = xcalloc(1, sizeof(*er->findings));
	findings_evaluate(er->findings, e, rep);
	rep->findings = er->findings;
}

void experiment_report_free(struct experiment_report *er)
{
	size_t n = 0;

	for (size_t c = 0; c < er->rep.nr_columns; c++)
		n += er->columns[c].nr_runs;
	for (size_t i = 0; i < n; i++)
		free(er->stems[i]);
	for (size_t c = 0; c < er->rep.nr_columns; c++)
	{
		experiment_free_list(er->profiles[c].lines, er->profiles[c].nr);
		experiment_free_list(er->profiles[c].switch_values,
				     er->profiles[c].nr_switches);
		free(er->profiles[c].switch_names);
	}
	free(er->profiles);
	free(er->stems);
	free(er->runs);
	free(er->columns);
	free(er->scenarios);
	free(er->keys);
	free(er->run_seconds);
	if (er->findings)
		findings_free(er->findings);
	free(er->findings);
	memset(er, 0, sizeof(*er));
}
