// SPDX-License-Identifier: GPL-2.0
/*
 * experiment.json (what --emit-jobs planned) and mmsim merge: an
 * experiment rebuilt from run results in JSON, with the manifest's
 * columns and seeds, or from the results alone.
 */
#include <dirent.h>
#include <sys/stat.h>
#include <jansson.h>
#include "compare_internal.h"
#include "run.h"
#include "mmsim/profile.h"
#include "report/compare_report.h"
#include "util/gz.h"
#include "util/xalloc.h"

/* ---- experiment.json ----------------------------------------------------- */

static char **saved_argv;
static int saved_argc;

void experiment_set_argv(int argc, char *const *argv)
{
	saved_argc = argc;
	saved_argv = (char **)argv;
}

/* experiment.json's object; "argv" only when the command line is known. */
static json_t *manifest_json(const struct experiment *e)
{
	json_t *root, *kernels = json_array(), *sweep = json_array();
	json_t *points = json_array(), *cols = json_array(), *jobs = json_array();

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
	for (size_t p = 0; p < e->nr_points; p++) {
		char fp[SCENARIO_FINGERPRINT_LEN];

		scenario_fingerprint(e->points[p].sc, fp, sizeof(fp));
		json_array_append_new(points, json_pack("{s:s,s:s,s:s}",
			"label", e->points[p].label, "file", e->points[p].file,
			"scenario_fingerprint", fp));
	}
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
	root = json_pack("{s:i,s:s,s:s,s:s,s:o,s:o,s:o,s:I,s:i,s:I,s:o,s:o}",
		"format", 1, "mmsim_version", MMSIM_VERSION,
		"scenario_name", e->scenario_name, "arch", e->arch,
		"kernels", kernels, "sweep", sweep, "points", points,
		"base_seed", (json_int_t)e->base_seed, "seeds", (int)e->nr_seeds,
		"max_time_ns", (json_int_t)e->max_time,
		"columns", cols, "jobs", jobs);
	if (saved_argv) {
		json_t *argv = json_array();

		for (int i = 0; i < saved_argc; i++)
			json_array_append_new(argv, json_string(saved_argv[i]));
		json_object_set_new(root, "argv", argv);
	}
	return root;
}

int experiment_write_manifest(const struct experiment *e, const char *path,
			      char *err, size_t len)
{
	return report_write_json(path, manifest_json(e), err, len);
}

/* "mmsim compare --kernels A,B ...": @argv quoted for a shell. */
static void command_text(json_t *argv, char *buf, size_t len)
{
	size_t i, used;
	json_t *a;

	used = (size_t)snprintf(buf, len, "mmsim");
	json_array_foreach(argv, i, a) {
		const char *s = json_string_value(a);
		bool plain = s && *s;

		for (const char *p = s; p && *p; p++)
			if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
				    "0123456789_./:=@,+-%", *p))
				plain = false;
		if (used >= len)
			break;
		used += (size_t)snprintf(buf + used, len - used, plain ? " %s" : " '%s'",
					 s ? s : "");
	}
}

/* A value of experiment.json short enough for a message. */
static void short_value(json_t *v, char *buf, size_t len)
{
	char *s = v ? json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;

	snprintf(buf, len, "%s", s ? s : "none");
	if (strlen(buf) == len - 1 && len > 4)
		strcpy(buf + len - 4, "...");
	free(s);
}

int experiment_check_saved(const struct experiment *e, const char *dir,
			   char *err, size_t len)
{
	char *path = xasprintf("%s/experiment.json", dir);
	json_t *now = manifest_json(e), *then, *argv;
	json_error_t jerr;
	const char *key;
	json_t *v;
	int rc = 0;

	then = json_load_file(path, 0, &jerr);
	if (!then) {
		rc = errf(err, len, "%s: nothing to resume: %s (start again with "
			  "--force)", dir, jerr.text);
		goto out;
	}
	json_object_foreach(now, key, v) {
		json_t *old = json_object_get(then, key);
		char a[160], b[160], cmd[1024] = "";

		if (!strcmp(key, "argv") || json_equal(old, v))
			continue;
		argv = json_object_get(then, "argv");
		if (json_is_array(argv))
			command_text(argv, cmd, sizeof(cmd));
		short_value(old, a, sizeof(a));
		short_value(v, b, sizeof(b));
		rc = errf(err, len, "%s holds another experiment: its %s is %s, this "
			  "command's %s; --resume finishes the command that started "
			  "it%s%s%s, or --force starts again", dir, key, a, b,
			  *cmd ? " (" : "", cmd, *cmd ? " --resume)" : "");
		break;
	}
out:
	json_decref(now);
	json_decref(then);
	free(path);
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
			experiment_free_list(v, *nr);
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

/* A file the manifest names must lie inside its directory, as
 * --emit-jobs writes it ("scenarios/NAME.ini"): not absolute, no "..". */
static bool inside_dir(const char *file)
{
	const char *p = file;

	if (!*file || *file == '/')
		return false;
	while (p) {
		if (p[0] == '.' && p[1] == '.' && (p[2] == '/' || !p[2]))
			return false;
		p = strchr(p, '/');
		if (p)
			p++;
	}
	return true;
}

static int manifest_points(struct experiment *e, json_t *points,
			   const char *dir, char *err, size_t len)
{
	size_t i;
	json_t *x;

	e->points = xcalloc(json_array_size(points), sizeof(*e->points));
	json_array_foreach(points, i, x) {
		struct exp_point *pt = &e->points[e->nr_points];
		const char *label, *file, *fp = NULL;
		char *path;

		if (json_unpack(x, "{s:s,s:s,s?s}", "label", &label, "file", &file,
				"scenario_fingerprint", &fp))
			return errf(err, len, "%s/experiment.json: malformed points", dir);
		if (!inside_dir(file))
			return errf(err, len, "%s/experiment.json: point file '%s' is "
				    "not inside %s (expected a relative path such as "
				    "scenarios/NAME.ini)", dir, file, dir);
		e->nr_points++;
		pt->label = xstrdup(label);
		pt->file = xstrdup(file);
		pt->fingerprint = fp ? xstrdup(fp) : NULL;
		path = xasprintf("%s/%s", dir, file);
		pt->text = experiment_read_text(path, err, len);
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
	const char *scen, *arch, *version = NULL;
	json_t *root, *kernels, *sweep, *points, *cols, *jobs;
	json_int_t base, max_time;
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
	/* Manifests of an mmsim before the version was recorded have none. */
	if (!json_unpack(root, "{s:s}", "mmsim_version", &version))
		e->version = xstrdup(version);
	/* --time of the compare that wrote it: its findings decline the
	 * claims of runs cut short, and so do the merge's. */
	if (!json_unpack(root, "{s:I}", "max_time_ns", &max_time) && max_time > 0)
		e->max_time = (uint64_t)max_time;
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
	experiment_init_columns(e);
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
	experiment_alloc_results(e);
	rc = 0;
out:
	json_decref(root);
	free(path);
	return rc;
}

/* ---- merge ------------------------------------------------------------ */

/* A result as a run wrote it, or gzipped in a compare's finished folder. */
static int load_result(const char *path, struct run_result *r, char *err,
		       size_t len)
{
	char msg[256], *text = gz_read_text(path, err, len);
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

/* A label of a result, or "(none)" for a result written before it. */
static const char *label(const struct run_result *r, const char *name)
{
	const char *s = result_text(r, name);

	return s && *s ? s : "(none)";
}

/*
 * The result filed as job @i must be a run of that job: its kernel, its
 * seed, its scenario (the fingerprint of the effective text) and this
 * experiment's mmsim.  A result of another job copied over it (a 2.6.31
 * run under a 2.6.30 job's name) would otherwise join the wrong column.
 * A result of an mmsim before fingerprints and versions were recorded
 * has neither: those two cannot be told, and are not refused.
 */
static int check_job(struct experiment *e, size_t i, const char *path,
		     const char *dir, char *err, size_t len)
{
	const struct exp_column *col = experiment_job_column(e, i);
	const struct exp_point *pt = &e->points[col->point];
	const struct run_result *r = &e->results[i];
	const char *kernel = e->kernels[col->kernel];
	uint64_t seed = experiment_job_seed(e, i);
	const char *fp = result_text(r, "scenario_fingerprint");
	const char *version = result_text(r, "mmsim_version");
	int rc = 0;

	if (strcmp(result_text(r, "kernel"), kernel) ||
	    result_uint(r, "seed") != seed)
		rc = errf(err, len, "%s: a run of %s seed %llu, filed under the job "
			  "of %s seed %llu (%s/experiment.json)", path,
			  result_text(r, "kernel"),
			  (unsigned long long)result_uint(r, "seed"), kernel,
			  (unsigned long long)seed, dir);
	else if (pt->fingerprint && fp && *fp && strcmp(fp, pt->fingerprint))
		rc = errf(err, len, "%s: a run of another scenario (fingerprint %s), "
			  "filed under the job of %s seed %llu whose scenario %s has "
			  "fingerprint %s (%s/experiment.json)", path,
			  label(r, "scenario_fingerprint"), kernel,
			  (unsigned long long)seed, pt->file, pt->fingerprint, dir);
	else if (e->version && version && *version && strcmp(version, e->version))
		rc = errf(err, len, "%s: written by mmsim %s, but the jobs of "
			  "%s/experiment.json by mmsim %s: run it again with that "
			  "mmsim", path, label(r, "mmsim_version"), dir, e->version);
	if (rc)
		result_free(&e->results[i]);
	return rc;
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
			const char *const fmt[] = {
				"%s/json/%s.json", "%s/json/%s.json.gz",
				"%s/%s.json", "%s/%s.json.gz",
			};

			if (d > 0 && d - 1 == mdir)
				continue;
			for (int f = 0; f < 4 && !path; f++) {
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
		if (load_result(path, &e->results[i], err, len) ||
		    check_job(e, i, path, dirs[mdir], err, len)) {
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

size_t experiment_load_saved(struct experiment *e, const char *dir)
{
	size_t n = 0;

	/* Whose fingerprints check_job() compares the results against. */
	for (size_t p = 0; p < e->nr_points; p++)
		if (!e->points[p].fingerprint) {
			char fp[SCENARIO_FINGERPRINT_LEN];

			scenario_fingerprint(e->points[p].sc, fp, sizeof(fp));
			e->points[p].fingerprint = xstrdup(fp);
		}
	if (!e->version)
		e->version = xstrdup(MMSIM_VERSION);
	for (size_t i = 0; i < experiment_nr_jobs(e); i++) {
		char *path = experiment_saved_path(e, dir, i), err[1024];

		if (!e->have[i] && !file_exists(path)) {
			/* Gzipped once a report was written. */
			char *gz = xasprintf("%s.gz", path);

			free(path);
			path = gz;
		}
		if (e->have[i] || !file_exists(path)) {
			free(path);
			continue;
		}
		if (load_result(path, &e->results[i], err, sizeof(err)) ||
		    check_job(e, i, path, dir, err, sizeof(err)))
			fprintf(stderr, "mmsim: %s; running it again\n", err);
		else
			e->have[i] = true, n++;
		free(path);
	}
	return n;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every *.json and *.json.gz of @dir (sorted), except the report's and
 * manifest's. */
static void list_json(const char *dir, char ***files, size_t *nr)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	size_t first = *nr;

	if (!d)
		return;
	while ((de = readdir(d))) {
		size_t l = strlen(de->d_name);

		if ((l < 6 || strcmp(de->d_name + l - 5, ".json")) &&
		    (l < 9 || strcmp(de->d_name + l - 8, ".json.gz")))
			continue;
		/* A run gzipped and also unpacked beside it: once. */
		if (de->d_name[l - 1] == 'z') {
			char *plain = xasprintf("%s/%.*s", dir, (int)(l - 3), de->d_name);
			bool twice = file_exists(plain);

			free(plain);
			if (twice)
				continue;
		}
		if (!strcmp(de->d_name, "summary.json") ||
		    !strcmp(de->d_name, "experiment.json"))
			continue;
		*files = xrealloc(*files, (*nr + 1) * sizeof(**files));
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

	uint64_t sx = result_uint(x, "seed"), sy = result_uint(y, "seed");

	return sx < sy ? -1 : sx > sy;
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
			if (result_uint(&e->results[c * max_runs + j], "seed") < m)
				m = result_uint(&e->results[c * max_runs + j], "seed");
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
			a = result_text(&e->results[i], "arch");
		else if (strcmp(a, result_text(&e->results[i], "arch")))
			return "";
	}
	return a ? a : "";
}

/* The column of run @r: kernel-major, as experiment_init_columns(). */
static size_t column_of(const struct experiment *e, char **scen, size_t nr_scen,
			const struct run_result *r)
{
	return find_name(e->kernels, e->nr_kernels, result_text(r, "kernel")) *
	       nr_scen + find_name(scen, nr_scen, result_text(r, "scenario"));
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
		const char *kernel, *scenario;

		if (load_result(files[i], &all[i], err, len))
			goto out;
		kernel = result_text(&all[i], "kernel");
		scenario = result_text(&all[i], "scenario");
		if (find_name(e->kernels, e->nr_kernels, kernel) == e->nr_kernels) {
			e->kernels = xrealloc(e->kernels, (e->nr_kernels + 1) * sizeof(char *));
			e->kernels[e->nr_kernels++] = xstrdup(kernel);
		}
		if (find_name(scen, nr_scen, scenario) == nr_scen) {
			scen = xrealloc(scen, (nr_scen + 1) * sizeof(char *));
			scen[nr_scen++] = xstrdup(scenario);
		}
	}
	/*
	 * Without a manifest, results are grouped by their labels: runs of
	 * one scenario name must be of one scenario text, and every result
	 * of one mmsim, or the columns would average unlike runs.
	 */
	for (size_t i = 1; i < nr_files; i++) {
		const struct run_result *a = &all[0], *b = &all[i];

		/* A result of an mmsim before versions were recorded has
		 * none: unknown, not a mismatch (format 1 results merge). */
		if (*result_text(a, "mmsim_version") && *result_text(b, "mmsim_version") &&
		    strcmp(label(a, "mmsim_version"), label(b, "mmsim_version"))) {
			errf(err, len, "%s and %s: written by mmsim %s and %s; merge "
			     "results of one mmsim", files[0], files[i],
			     label(a, "mmsim_version"), label(b, "mmsim_version"));
			goto out;
		}
		for (size_t j = 0; j < i; j++) {
			a = &all[j];
			if (strcmp(result_text(a, "scenario"), result_text(b, "scenario")))
				continue;
			/* The first run of this scenario name stands for all;
			 * a result without a fingerprint cannot be told. */
			if (*result_text(a, "scenario_fingerprint") &&
			    *result_text(b, "scenario_fingerprint") &&
			    strcmp(label(a, "scenario_fingerprint"),
				   label(b, "scenario_fingerprint"))) {
				errf(err, len, "%s and %s: runs of scenario %s, but of "
				     "different texts (fingerprints %s and %s)", files[j],
				     files[i], result_text(a, "scenario"),
				     label(a, "scenario_fingerprint"),
				     label(b, "scenario_fingerprint"));
				goto out;
			}
			break;
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
	experiment_init_columns(e);
	count = xcalloc(e->nr_columns, sizeof(*count));
	for (size_t i = 0; i < nr_files; i++) {
		size_t c = column_of(e, scen, nr_scen, &all[i]);

		if (++count[c] > max_runs)
			max_runs = count[c];
	}
	e->nr_seeds = (unsigned int)max_runs;
	experiment_alloc_results(e);
	memset(count, 0, e->nr_columns * sizeof(*count));
	for (size_t i = 0; i < nr_files; i++) {
		size_t c = column_of(e, scen, nr_scen, &all[i]);
		uint64_t seed = result_uint(&all[i], "seed");

		for (size_t j = 0; j < count[c]; j++)
			if (result_uint(&e->results[c * max_runs + j], "seed") == seed) {
				errf(err, len, "%s: a second run of %s, seed %llu",
				     files[i], e->columns[c].name,
				     (unsigned long long)seed);
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
			if (result_uint(&e->results[c * max_runs + j], "seed") !=
			    e->base_seed + j)
				e->seeds_common = false;
	}
	e->arch = xstrdup(common_arch(e));
	free(count);
	rc = 0;
out:
	for (size_t i = 0; i < nr_files; i++)
		result_free(&all[i]);
	free(all);
	experiment_free_list(files, nr_files);
	experiment_free_list(scen, nr_scen);
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

