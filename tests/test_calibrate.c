// SPDX-License-Identifier: GPL-2.0
/*
 * mmsim calibrate: a known value recovered from measures generated at
 * it, on one scenario and jointly on two machines, the same record for
 * the same arguments (whatever -j), every refusal with its reason, and
 * the fitted scenario reproducing the best evaluation's runs.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <unistd.h>
#include <sys/stat.h>
#include <cmocka.h>

#include "testlib.h"
#include "experiment/calibrate.h"
#include "report/calibration.h"
#include "experiment/run.h"
#include "experiment/scenario_load.h"
#include "metrics/metrics.h"
#include "scenario/scenario.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/*
 * A tiny machine and one program: a hog touching @size of anonymous
 * memory at random, three passes, @cpu of work per page, the run ending
 * when it does.  sim_end grows with cpu_per_page, pgfault with size, and
 * the random pattern makes the seeds differ a little.  A run takes
 * milliseconds.
 */
#define HOG_SCENARIO(size, cpu)	HOG_MACHINE(size, cpu, "1")

/* The same on a machine whose CPU runs at @speed of the reference's: the
 * second machine of a joint fit. */
#define HOG_MACHINE(size, cpu, speed)					\
	"[machine]\nmem = 64M\ncpus = 1\ndisk_size = 2G\nfs_size = 1G\n"	\
	"swap_size = 256M\ncpu_speed = " speed "\n"			\
	"[kernel]\nprofile = 2.6.32-rc6\n"				\
	"[run]\nseed = 1\nmax_time = 60s\nuntil = hog-done\n"		\
	"[task hog]\nprogram = anonhog\nsize = " size "\npattern = random\n" \
	"passes = 3\ncpu_per_page = " cpu "\n"

/* One scenario file, as --scenario FILE gives it. */
#define ONE_FILE(path)							\
	((const struct calibration_source[]){ { .scenario = (path) } })

static char *tmp_dir;
static char out[65536];

static char *path_in(const char *name)
{
	char *p;

	assert_true(asprintf(&p, "%s/%s", tmp_dir, name) > 0);
	return p;
}

static char *write_scenario(const char *name, const char *text)
{
	char *p = path_in(name);
	FILE *f = fopen(p, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	return p;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		fail_msg("%s: cannot open", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = 0;
	fclose(f);
	return buf;
}

/* Mean over seeds 1..@nr of sim_end (s) and pgfault, at @text's values. */
static void measure(const char *text, unsigned int nr, double *sim_end,
		    double *pgfault)
{
	struct scenario_error serr;
	struct scenario *sc = scenario_load_text(text, "test.ini", &serr);

	if (!sc)
		fail_msg("%s", serr.msg);
	*sim_end = *pgfault = 0;
	for (unsigned int s = 1; s <= nr; s++) {
		struct run_options opt = { .seed = s, .scenario_name = "test" };
		struct run_result r;
		char err[256];

		if (run_scenario(sc, &opt, &r, err, sizeof(err)))
			fail_msg("%s", err);
		*sim_end += (double)result_uint(&r, "sim_end") / 1e9 / nr;
		*pgfault += (double)result_uint_at(&r, "vm_events", "pgfault") / nr;
		result_free(&r);
	}
	scenario_free(sc);
}

static void init_ok(struct calibration *c, const struct calibration_opts *o)
{
	char err[2048];

	if (calibration_init(c, o, err, sizeof(err)))
		fail_msg("calibration_init: %s", err);
}

static void run_ok(struct calibration *c, int jobs)
{
	char err[2048];
	int rc = calibration_run(c, jobs, false, err, sizeof(err));

	if (rc)
		fail_msg("calibration_run: %d: %s", rc, err);
}

static const struct calibration_eval *best(const struct calibration *c)
{
	assert_true(c->rec.best < c->rec.nr_evals);
	return &c->rec.evals[c->rec.best];
}

/* A value the scenario wrote ("2985ns", "20M") back as a number. */
static double time_ns(const char *s)
{
	uint64_t v;
	char why[64];

	if (parse_time(s, &v, why, sizeof(why)))
		fail_msg("'%s': %s", s, why);
	return (double)v;
}

static double size_bytes(const char *s)
{
	uint64_t v;
	char why[64];

	if (parse_size(s, &v, why, sizeof(why)))
		fail_msg("'%s': %s", s, why);
	return (double)v;
}

/*
 * The ensemble, recomputed from the record: every kept evaluation has
 * each target's mean within its scale, the best comes first, the second
 * is the evaluation within scale farthest from it in the unit cube, and
 * as many are kept as were asked for or exist.
 */
static void check_ensemble(const struct calibration *c)
{
	const struct calibration_record *rec = &c->rec;
	size_t d = rec->nr_params, within = 0, far = rec->nr_evals;
	double far_d = -1;

	for (size_t i = 0; i < rec->nr_evals; i++) {
		bool ok = isfinite(rec->evals[i].objective);

		for (size_t t = 0; t < rec->nr_targets; t++)
			ok = ok && fabs(rec->evals[i].means[t] -
					rec->targets[t].value) <=
				   rec->targets[t].scale;
		within += ok;
		if (ok && i != rec->best) {
			double s = 0;

			for (size_t p = 0; p < d; p++) {
				double x = c->u[i * d + p] - c->u[rec->best * d + p];

				s += x * x;
			}
			if (s > far_d && s > 0) {
				far_d = s;
				far = i;
			}
		}
		assert_int_equal(ok, calibration_within_scale(rec, &rec->evals[i]));
	}
	assert_int_equal(rec->ensemble_within, within);
	assert_true(within >= 2);
	assert_int_equal(rec->nr_ensemble, within < rec->ensemble_want ?
			 within : rec->ensemble_want);
	assert_int_equal(rec->ensemble[0], rec->best);
	assert_int_equal(rec->ensemble[1], far);
	for (size_t k = 0; k < rec->nr_ensemble; k++) {
		assert_true(calibration_within_scale(rec,
			&rec->evals[rec->ensemble[k]]));
		for (size_t j = 0; j < k; j++)
			assert_true(rec->ensemble[j] != rec->ensemble[k]);
	}
}

/* ---- recovering known values ------------------------------------------ */

/*
 * Targets generated at cpu_per_page = 3us and size = 20M, the search
 * started from a scenario saying 1us and 16M over ranges in which the
 * known values are not central (one of them on a log scale): both come
 * back within 5%.  A wrong objective, a search that does not move or
 * points written into the wrong keys all land elsewhere.
 */
static void test_recovers_known_values(void **state)
{
	char *scen = write_scenario("hog.ini", HOG_SCENARIO("16M", "1us"));
	char target_end[64], target_faults[64];
	const char *targets[2] = { target_end, target_faults };
	const char *fits[] = {
		"hog.cpu_per_page=500ns..20us:log", "hog.size=8M..32M",
	};
	struct calibration_opts o = {
		.sources = ONE_FILE(scen), .nr_sources = 1,
		.targets = targets, .nr_targets = 2,
		.fits = fits, .nr_fits = 2, .nr_seeds = 3, .ensemble = 6,
	};
	struct calibration c;
	double end, faults, cpu, size;

	(void)state;
	measure(HOG_SCENARIO("20M", "3us"), 3, &end, &faults);
	snprintf(target_end, sizeof(target_end), "sim_end=%.0fns", end * 1e9);
	snprintf(target_faults, sizeof(target_faults), "pgfault=%.3f", faults);
	init_ok(&c, &o);
	run_ok(&c, 2);
	cpu = time_ns(best(&c)->values[0]);
	size = size_bytes(best(&c)->values[1]);
	if (fabs(cpu - 3000) > 150 || fabs(size - 20.0 * (1 << 20)) > 1 << 20)
		fail_msg("fitted cpu_per_page %s, size %s: expected 3us and 20M "
			 "within 5%%", best(&c)->values[0], best(&c)->values[1]);
	/* The targets are met at the fitted point to within a percent. */
	assert_true(best(&c)->objective < 1e-4);
	/* The search ended by its step, inside the budget, after the design. */
	assert_string_equal(c.rec.stopped, "the step is below --tolerance");
	assert_true(c.rec.nr_evals > c.rec.nr_design);
	assert_true(c.rec.nr_evals <= c.rec.max_evals);
	check_ensemble(&c);
	calibration_free(&c);
	free(scen);
}

/* ---- determinism ------------------------------------------------------- */

static void calibrate_into(const char *dir_name, const char *scen, int jobs,
			   char **json, char **md, char **fitted)
{
	const char *targets[] = { "sim_end=40ms" };
	const char *fits[] = { "hog.cpu_per_page=1us..10us" };
	struct calibration_opts o = {
		.sources = ONE_FILE(scen), .nr_sources = 1,
		.targets = targets, .nr_targets = 1,
		.fits = fits, .nr_fits = 1, .nr_seeds = 2, .max_evals = 30,
	};
	struct calibration c;
	char err[1024], *dir = path_in(dir_name), *p;

	assert_int_equal(mkdir(dir, 0777), 0);
	init_ok(&c, &o);
	run_ok(&c, jobs);
	if (calibration_write(&c, dir, "mmsim calibrate (test)", "test", err,
			      sizeof(err)))
		fail_msg("%s", err);
	assert_true(asprintf(&p, "%s/calibration.json", dir) > 0);
	*json = slurp(p);
	free(p);
	assert_true(asprintf(&p, "%s/calibration.md", dir) > 0);
	*md = slurp(p);
	free(p);
	assert_true(asprintf(&p, "%s/%s", dir, CALIBRATION_FITTED_FILE) > 0);
	*fitted = slurp(p);
	free(p);
	calibration_free(&c);
	free(dir);
}

/* Same arguments, same bytes: with one process and with three. */
static void test_same_arguments_same_record(void **state)
{
	char *scen = write_scenario("det.ini", HOG_SCENARIO("16M", "1us"));
	char *j1, *m1, *f1, *j2, *m2, *f2;

	(void)state;
	calibrate_into("det1", scen, 1, &j1, &m1, &f1);
	calibrate_into("det2", scen, 3, &j2, &m2, &f2);
	assert_string_equal(j1, j2);
	assert_string_equal(m1, m2);
	assert_string_equal(f1, f2);
	/* Something was recorded: the evaluations and the fitted value. */
	assert_non_null(strstr(j1, "\"evaluations\": ["));
	assert_non_null(strstr(f1, "cpu_per_page = "));
	free(j1);
	free(m1);
	free(f1);
	free(j2);
	free(m2);
	free(f2);
	free(scen);
}

/* ---- the fitted scenario ------------------------------------------------ */

/*
 * The fitted scenario, run with the scenario's own kernel and seed as
 * `mmsim run FITTED` would, gives the best evaluation's first run to the
 * last digit, and --seed S its others; a long command line in its header
 * does not stop it from loading.
 */
static void test_fitted_scenario_reproduces_best(void **state)
{
	char *scen = write_scenario("fit.ini", HOG_SCENARIO("16M", "1us"));
	const char *targets[] = { "sim_end=50ms", "pgfault=4000" };
	const char *fits[] = { "hog.cpu_per_page=1us..10us", "hog.size=12M..24M" };
	struct calibration_opts o = {
		.sources = ONE_FILE(scen), .nr_sources = 1,
		.targets = targets, .nr_targets = 2,
		.fits = fits, .nr_fits = 2, .nr_seeds = 2, .max_evals = 24,
		/* Not the scenario's: the fitted file must say so. */
		.kernel = "2.6.30", .base_seed_set = true, .base_seed = 7,
	};
	struct calibration c;
	struct scenario_error serr;
	struct scenario *sc;
	char *text, command[2048], *p, *line;
	size_t n = 0, len;

	(void)state;
	init_ok(&c, &o);
	run_ok(&c, 2);
	/* A command line longer than a scenario line may be (a joint
	 * calibration's targets, a deep --out): folded into comment lines
	 * the scenario reader takes, every word kept. */
	p = command + sprintf(command, "mmsim calibrate");
	for (int i = 0; i < 20; i++)
		p += sprintf(p, " --target x86_64:elapsed=9:48.%03d", i);
	p += sprintf(p, " --out /");
	memset(p, 'd', 300);
	p[300] = 0;
	c.rec.command = command;
	text = calibration_fitted_text(&c, 0);
	assert_non_null(text);
	assert_int_equal(text[0], ';');
	for (line = text; *line; line += len + !!line[len]) {
		len = strcspn(line, "\n");
		assert_true(len <= 160);
		if (!strncmp(line, ";   ", 4))
			for (p = line; (p = strstr(p, "--target")) &&
			     p < line + len; p++)
				n++;
	}
	assert_int_equal(n, 20);
	assert_non_null(strstr(text, " x86_64:elapsed=9:48.019"));
	sc = scenario_load_text(text, "fitted.ini", &serr);
	if (!sc)
		fail_msg("%s", serr.msg);
	assert_string_equal(sc->kernel.profile, "2.6.30");
	assert_int_equal(sc->run.seed, 7);
	for (unsigned int s = 0; s < 2; s++) {
		struct run_options opt = { .seed = (uint64_t)sc->run.seed + s,
					   .scenario_name = "fitted.ini" };
		struct run_result r;
		char err[256];

		if (run_scenario(sc, &opt, &r, err, sizeof(err)))
			fail_msg("%s", err);
		assert_true((double)result_uint(&r, "sim_end") / 1e9 ==
			    best(&c)->runs[0 * 2 + s]);
		assert_true((double)result_uint_at(&r, "vm_events", "pgfault") ==
			    best(&c)->runs[1 * 2 + s]);
		result_free(&r);
	}
	scenario_free(sc);
	free(text);
	calibration_free(&c);
	free(scen);
}

/* ---- joint fits: several machines, shared and own values --------------- */

/* "NAME=PATH" of a scenario file written into the test's folder. */
static char *named(const char *name, const char *file, const char *text)
{
	char *path = write_scenario(file, text), *arg;

	assert_true(asprintf(&arg, "%s=%s", name, path) > 0);
	free(path);
	return arg;
}

/*
 * The same program on two machines, the second's CPU at 0.6 of the
 * first's: sim_end generated at cpu_per_page = 3us on each.  One shared
 * value, fitted jointly from both targets, comes back within 5% and
 * meets both targets, each with its own machine's runs.  A shared value
 * written into only one scenario, or runs or means mixed between the
 * scenarios, leave one target far off (the slow machine's is 1.6 times
 * the other's).
 */
static void test_joint_recovers_shared_value(void **state)
{
	char *a = named("fast", "fast.ini", HOG_MACHINE("16M", "1us", "1"));
	char *b = named("slow", "slow.ini", HOG_MACHINE("16M", "1us", "0.6"));
	char ta[64], tb[64];
	const char *targets[] = { ta, tb };
	const char *fits[] = { "hog.cpu_per_page=500ns..20us:log" };
	const struct calibration_source src[] = {
		{ .scenario = a }, { .scenario = b },
	};
	struct calibration_opts o = {
		.sources = src, .nr_sources = 2, .targets = targets,
		.nr_targets = 2, .fits = fits, .nr_fits = 1, .nr_seeds = 3,
	};
	struct calibration c;
	double end_a, end_b, faults, cpu;

	(void)state;
	measure(HOG_MACHINE("16M", "3us", "1"), 3, &end_a, &faults);
	measure(HOG_MACHINE("16M", "3us", "0.6"), 3, &end_b, &faults);
	/* The machine factor shows in the targets. */
	assert_true(end_b > 1.3 * end_a);
	snprintf(ta, sizeof(ta), "fast:sim_end=%.0fns", end_a * 1e9);
	snprintf(tb, sizeof(tb), "slow:sim_end=%.0fns", end_b * 1e9);
	init_ok(&c, &o);
	assert_int_equal(c.rec.nr_scenarios, 2);
	assert_int_equal(c.rec.params[0].scenario, CALIBRATION_SHARED);
	assert_int_equal(c.rec.targets[1].scenario, 1);
	run_ok(&c, 2);
	cpu = time_ns(best(&c)->values[0]);
	if (fabs(cpu - 3000) > 150)
		fail_msg("fitted cpu_per_page %s: expected 3us within 5%%",
			 best(&c)->values[0]);
	for (size_t t = 0; t < 2; t++) {
		double want = c.rec.targets[t].value, got = best(&c)->means[t];

		if (fabs(got - want) > 0.01 * want)
			fail_msg("target %s: mean %g, wanted %g", c.rec.targets[t].arg,
				 got, want);
	}
	assert_string_equal(c.rec.stopped, "the step is below --tolerance");
	calibration_free(&c);
	free(a);
	free(b);
}

/*
 * A shared value and one machine's own: cpu_per_page shared, the slow
 * machine's hog.size its own (16M in both files).  Targets generated at
 * 3us on both machines, with 16M on the fast one and 20M on the slow
 * one: both values come back, the fast machine's fitted file keeps its
 * 16M, and the slow machine's fitted file, run with its seeds, gives the
 * best evaluation's runs of its targets to the last digit.
 */
static void test_joint_fits_one_machines_own_value(void **state)
{
	char *a = named("fast", "own-fast.ini", HOG_MACHINE("16M", "1us", "1"));
	char *b = named("slow", "own-slow.ini", HOG_MACHINE("16M", "1us", "0.6"));
	char ta[64], tb[64], tf[64], line[64], *text;
	const char *targets[] = { ta, tb, tf };
	const char *fits[] = {
		"hog.cpu_per_page=500ns..20us:log", "slow:hog.size=8M..32M",
	};
	const struct calibration_source src[] = {
		{ .scenario = a }, { .scenario = b },
	};
	struct calibration_opts o = {
		.sources = src, .nr_sources = 2, .targets = targets,
		.nr_targets = 3, .fits = fits, .nr_fits = 2, .nr_seeds = 2,
		.base_seed_set = true, .base_seed = 5,
	};
	struct calibration c;
	struct scenario_error serr;
	struct scenario *sc;
	double end_a, end_b, faults_a, faults_b, cpu, size;

	(void)state;
	measure(HOG_MACHINE("16M", "3us", "1"), 2, &end_a, &faults_a);
	measure(HOG_MACHINE("20M", "3us", "0.6"), 2, &end_b, &faults_b);
	snprintf(ta, sizeof(ta), "fast:sim_end=%.0fns", end_a * 1e9);
	snprintf(tb, sizeof(tb), "slow:sim_end=%.0fns", end_b * 1e9);
	snprintf(tf, sizeof(tf), "slow:pgfault=%.3f", faults_b);
	init_ok(&c, &o);
	assert_string_equal(c.rec.params[1].key, "slow:hog.size");
	assert_int_equal(c.rec.params[1].scenario, 1);
	run_ok(&c, 2);
	cpu = time_ns(best(&c)->values[0]);
	size = size_bytes(best(&c)->values[1]);
	if (fabs(cpu - 3000) > 150 || fabs(size - 20.0 * (1 << 20)) > 1 << 20)
		fail_msg("fitted cpu_per_page %s, slow's size %s: expected 3us "
			 "and 20M within 5%%", best(&c)->values[0],
			 best(&c)->values[1]);

	/* The fast machine's file: the shared value, its own 16M. */
	text = calibration_fitted_text(&c, 0);
	assert_non_null(text);
	snprintf(line, sizeof(line), "\ncpu_per_page = %s\n", best(&c)->values[0]);
	assert_non_null(strstr(text, line));
	assert_non_null(strstr(text, "\nsize = 16M\n"));
	assert_null(strstr(text, "slow:hog.size"));
	free(text);

	/* The slow machine's: both values, and it reproduces the runs. */
	text = calibration_fitted_text(&c, 1);
	assert_non_null(text);
	assert_non_null(strstr(text, line));
	snprintf(line, sizeof(line), "\nsize = %s\n", best(&c)->values[1]);
	assert_non_null(strstr(text, line));
	sc = scenario_load_text(text, "fitted-slow.ini", &serr);
	if (!sc)
		fail_msg("%s", serr.msg);
	assert_int_equal(sc->run.seed, 5);
	for (unsigned int s = 0; s < 2; s++) {
		struct run_options opt = { .seed = (uint64_t)sc->run.seed + s,
					   .scenario_name = "fitted-slow.ini" };
		struct run_result r;
		char err[256];

		if (run_scenario(sc, &opt, &r, err, sizeof(err)))
			fail_msg("%s", err);
		assert_true((double)result_uint(&r, "sim_end") / 1e9 ==
			    best(&c)->runs[1 * 2 + s]);
		assert_true((double)result_uint_at(&r, "vm_events", "pgfault") ==
			    best(&c)->runs[2 * 2 + s]);
		result_free(&r);
	}
	scenario_free(sc);
	free(text);
	calibration_free(&c);
	free(a);
	free(b);
}

static void joint_into(const char *dir_name, const char *a, const char *b,
		       int jobs, char **files)
{
	static const char *const names[] = {
		"calibration.json", "calibration.md", "fitted-fast.ini",
		"fitted-slow.ini",
	};
	const char *targets[] = { "slow:sim_end=80ms", "fast:sim_end=40ms" };
	const char *fits[] = { "hog.cpu_per_page=1us..10us" };
	const struct calibration_source src[] = {
		{ .scenario = a }, { .scenario = b },
	};
	struct calibration_opts o = {
		.sources = src, .nr_sources = 2, .targets = targets,
		.nr_targets = 2, .fits = fits, .nr_fits = 1, .nr_seeds = 2,
		.max_evals = 20,
	};
	struct calibration c;
	char err[1024], *dir = path_in(dir_name), *p;

	assert_int_equal(mkdir(dir, 0777), 0);
	init_ok(&c, &o);
	run_ok(&c, jobs);
	if (calibration_write(&c, dir, "mmsim calibrate (test)", "test", err,
			      sizeof(err)))
		fail_msg("%s", err);
	for (size_t i = 0; i < N(names); i++) {
		assert_true(asprintf(&p, "%s/%s", dir, names[i]) > 0);
		files[i] = slurp(p);
		free(p);
	}
	/* One fitted file per scenario, none for the single case. */
	assert_true(asprintf(&p, "%s/%s", dir, CALIBRATION_FITTED_FILE) > 0);
	assert_int_not_equal(access(p, F_OK), 0);
	free(p);
	calibration_free(&c);
	free(dir);
}

/* Same arguments, same bytes, with one process and with three; the
 * record lists each scenario's measures at the best point. */
static void test_joint_same_arguments_same_record(void **state)
{
	char *a = named("fast", "det-fast.ini", HOG_MACHINE("16M", "1us", "1"));
	char *b = named("slow", "det-slow.ini", HOG_MACHINE("16M", "1us", "0.6"));
	char *f1[4], *f2[4];

	(void)state;
	joint_into("jdet1", a, b, 1, f1);
	joint_into("jdet2", a, b, 3, f2);
	for (size_t i = 0; i < 4; i++) {
		assert_string_equal(f1[i], f2[i]);
		free(f2[i]);
	}
	assert_non_null(strstr(f1[0], "\"scenarios\": ["));
	assert_non_null(strstr(f1[0], "\"fitted_scenario\": \"fitted-slow.ini\""));
	assert_non_null(strstr(f1[1], "### fast\n"));
	assert_non_null(strstr(f1[1], "### slow\n"));
	assert_non_null(strstr(f1[1], "| slow:sim_end |"));
	/* Each file is its own machine's. */
	assert_non_null(strstr(f1[2], "\ncpu_speed = 1\n"));
	assert_non_null(strstr(f1[3], "\ncpu_speed = 0.6\n"));
	for (size_t i = 0; i < 4; i++)
		free(f1[i]);
	free(a);
	free(b);
}

/* The two embedded defaults, named by their arch: the calibration the
 * project runs on the cover letter's 2.6.30 rows, checked, not run. */
static void test_joint_default_machines(void **state)
{
	const char *targets[] = {
		"x86_64:elapsed=9:48.545", "x86:elapsed=10:59.095",
	};
	/* docs/calibration.md's command, and one machine's own value. */
	const char *fits[] = {
		"gitk.cpu_per_commit=100us..2ms:log",
		"disk_readahead=128K..2M:log", "x86:cpu_speed=0.67..0.91",
	};
	const struct calibration_source src[] = {
		{ .arch = "x86_64" }, { .arch = "x86" },
	};
	struct calibration_opts o = {
		.sources = src, .nr_sources = 2, .targets = targets,
		.nr_targets = 2, .fits = fits, .nr_fits = 3,
		.kernel = "2.6.30-0000000-force-highorder",
	};
	struct calibration c;

	(void)state;
	init_ok(&c, &o);
	assert_string_equal(c.rec.scenarios[0].name, "x86_64");
	assert_string_equal(c.rec.scenarios[1].name, "x86");
	assert_string_equal(c.rec.scenarios[1].arch, "x86");
	assert_string_equal(c.rec.scenarios[0].fitted_file, "fitted-x86_64.ini");
	assert_string_equal(c.rec.scenarios[1].fitted_file, "fitted-x86.ini");
	assert_string_equal(c.rec.kernel, "2.6.30-0000000-force-highorder");
	assert_int_equal(c.rec.targets[0].scenario, 0);
	assert_int_equal(c.rec.targets[1].scenario, 1);
	assert_string_equal(c.rec.params[0].section, "task gitk");
	assert_int_equal(c.rec.params[0].scenario, CALIBRATION_SHARED);
	assert_int_equal(c.rec.params[1].scenario, CALIBRATION_SHARED);
	assert_string_equal(c.rec.params[1].section, "machine");
	assert_int_equal(c.rec.params[2].scenario, 1);
	assert_string_equal(c.rec.params[2].key, "x86:cpu_speed");
	assert_string_equal(c.rec.params[2].section, "machine");
	calibration_free(&c);
}

struct joint_refusal {
	const char *b_text;		/* scenario b; NULL: the slow hog */
	const char *targets[3];
	const char *fits[2];
	const char *expect;		/* in the message */
};

#define SLOW_HOG	HOG_MACHINE("16M", "1us", "0.6")
#define TWO_TARGETS	{ "a:sim_end=40ms", "b:sim_end=70ms" }
#define SHARED_CPU	{ "hog.cpu_per_page=1us..10us" }

/* With a second task the fast machine lacks. */
#define SLOW_HOG_AND_OTHER						\
	SLOW_HOG "[task other]\nprogram = anonhog\nsize = 4M\n"

/* Bare "size" is [task hog]'s in a, [task other]'s here. */
#define SIZE_IN_OTHER							\
	"[machine]\nmem = 64M\ncpus = 1\ndisk_size = 2G\nfs_size = 1G\n"	\
	"swap_size = 256M\n[kernel]\nprofile = 2.6.32-rc6\n"		\
	"[run]\nseed = 1\nmax_time = 60s\nuntil = hog-done\n"		\
	"[task hog]\nprogram = anonhog\npasses = 3\n"			\
	"[task other]\nprogram = anonhog\nsize = 4M\n"

/* [task hog] runs another program, which has a size too. */
#define HOG_IS_A_READER							\
	"[machine]\nmem = 64M\ncpus = 1\ndisk_size = 2G\nfs_size = 1G\n"	\
	"swap_size = 256M\n[kernel]\nprofile = 2.6.32-rc6\n"		\
	"[run]\nseed = 1\nmax_time = 60s\n"				\
	"[task hog]\nprogram = reader\nsize = 16M\n"

static void test_joint_refusals(void **state)
{
	static const struct joint_refusal cases[] = {
		/* targets: each names its scenario, a known one */
		{ NULL, { "sim_end=40ms", "b:sim_end=70ms" }, SHARED_CPU,
		  "--target 'sim_end=40ms': which scenario? A target is measured "
		  "on one machine, and this calibration runs several (a, b): "
		  "write NAME:sim_end=40ms" },
		{ NULL, { "a:sim_end=40ms", "c:sim_end=70ms" }, SHARED_CPU,
		  "--target 'c:sim_end=70ms': no scenario is named 'c' (this "
		  "calibration's: a, b)" },
		{ NULL, { "a:sim_end=40ms", "a:sim_end=41ms", "b:sim_end=1s" },
		  SHARED_CPU, "--target: a:sim_end is given twice" },
		{ NULL, { "a:sim_end=40ms" }, SHARED_CPU,
		  "scenario b has no target" },
		{ NULL, { "a:sim_end", "b:sim_end=70ms" }, SHARED_CPU,
		  "--target 'a:sim_end': expected NAME:MEASURE=VALUE" },
		/* parameters */
		{ NULL, TWO_TARGETS, { "c:hog.size=8M..32M" },
		  "--fit 'c:hog.size=8M..32M': no scenario is named 'c'" },
		{ SLOW_HOG_AND_OTHER, TWO_TARGETS, { "other.size=1M..8M" },
		  "--fit 'other.size=1M..8M': in a (" },
		{ SLOW_HOG_AND_OTHER, TWO_TARGETS, { "other.size=1M..8M" },
		  "no [task other] in" },
		{ SLOW_HOG_AND_OTHER, TWO_TARGETS, { "other.size=1M..8M" },
		  "(a --fit without NAME: is shared, written into every scenario; "
		  "NAME:KEY fits one scenario's key)" },
		{ SLOW_HOG_AND_OTHER, TWO_TARGETS, { "other.nosuch=1..2" },
		  "no [task other] in" },
		{ SLOW_HOG_AND_OTHER, TWO_TARGETS, { "b:other.nosuch=1..2" },
		  "--fit 'b:other.nosuch=1..2': in b (" },
		{ SIZE_IN_OTHER, TWO_TARGETS, { "size=1M..8M" },
		  "--fit 'size=1M..8M': size is [task hog] size in a but [task "
		  "other] size in b" },
		{ HOG_IS_A_READER, TWO_TARGETS, { "hog.size=8M..32M" },
		  "--fit 'hog.size=8M..32M': [task hog] runs anonhog in a but "
		  "reader in b" },
		{ NULL, TWO_TARGETS, { "hog.cpu_per_page=1us..10us",
				       "b:hog.cpu_per_page=2us..4us" },
		  "--fit: 'hog.cpu_per_page' and 'b:hog.cpu_per_page' name the "
		  "same key of b" },
		{ NULL, TWO_TARGETS, { "b:hog.cpu_per_page=1us..2s" },
		  "--fit 'b:hog.cpu_per_page=1us..2s': the upper end is refused "
		  "by b: " },
	};
	char *a = named("a", "ref-a.ini", HOG_MACHINE("16M", "1us", "1"));
	char err[2048];

	(void)state;
	for (size_t i = 0; i < N(cases); i++) {
		char *b = named("b", "ref-b.ini", cases[i].b_text ?
				cases[i].b_text : SLOW_HOG);
		const struct calibration_source src[] = {
			{ .scenario = a }, { .scenario = b },
		};
		size_t nt = 0, nf = 0;
		struct calibration_opts o = {
			.sources = src, .nr_sources = 2,
			.targets = cases[i].targets, .fits = cases[i].fits,
		};
		struct calibration c;

		while (nt < 3 && cases[i].targets[nt])
			nt++;
		while (nf < 2 && cases[i].fits[nf])
			nf++;
		o.nr_targets = nt;
		o.nr_fits = nf;
		err[0] = 0;
		if (!calibration_init(&c, &o, err, sizeof(err)))
			fail_msg("case %zu (%s) was accepted", i, cases[i].expect);
		if (!strstr(err, cases[i].expect))
			fail_msg("case %zu: '%s' does not say '%s'", i, err,
				 cases[i].expect);
		assert_null(strchr(err, '\n'));
		calibration_free(&c);
		free(b);
	}
	free(a);
}

/* The hog on the slow machine, under another kernel. */
#define SLOW_HOG_ON_2_6_30						\
	"[machine]\nmem = 64M\ncpus = 1\ndisk_size = 2G\nfs_size = 1G\n"	\
	"swap_size = 256M\ncpu_speed = 0.6\n[kernel]\nprofile = 2.6.30\n"	\
	"[run]\nseed = 1\nmax_time = 60s\nuntil = hog-done\n"		\
	"[task hog]\nprogram = anonhog\nsize = 16M\npattern = random\n"	\
	"passes = 3\ncpu_per_page = 1us\n"

/* Scenarios that cannot be fitted together, and a kernel for both. */
static void test_joint_scenarios_refused(void **state)
{
	char *a = write_scenario("ref-a.ini", HOG_MACHINE("16M", "1us", "1"));
	char *b = named("b", "ref-k.ini", SLOW_HOG_ON_2_6_30);
	char *same = named("ref-a", "ref-same.ini", SLOW_HOG);
	char *space = write_scenario("ref b.ini", SLOW_HOG);
	const char *targets[] = { "ref-a:sim_end=40ms", "b:sim_end=70ms" };
	const char *fits[] = { "hog.cpu_per_page=1us..10us" };
	struct calibration_source src[CALIBRATE_MAX_SCENARIOS + 1] = {
		{ .scenario = a }, { .scenario = b },
	};
	struct calibration_opts o = {
		.sources = src, .nr_sources = 2, .targets = targets,
		.nr_targets = 2, .fits = fits, .nr_fits = 1,
	};
	struct calibration c;
	char err[2048];

	(void)state;
	/* Two kernels: one must be chosen; --kernel applies to both. */
	assert_int_equal(calibration_init(&c, &o, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "the scenarios name different kernels "
			       "(ref-a: 2.6.32-rc6, b: 2.6.30): give one with "
			       "--kernel"));
	calibration_free(&c);
	o.kernel = "2.6.31";
	init_ok(&c, &o);
	assert_string_equal(c.kernel, "2.6.31");
	calibration_free(&c);

	/* Names: unique, and fit for a file name. */
	src[1].scenario = same;
	assert_int_equal(calibration_init(&c, &o, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "two scenarios are named 'ref-a'"));
	calibration_free(&c);
	src[1].scenario = space;
	assert_int_equal(calibration_init(&c, &o, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "'ref b' cannot name a scenario of a joint "
			       "calibration"));
	calibration_free(&c);
	src[1] = (struct calibration_source){ .arch = "arm" };
	assert_int_equal(calibration_init(&c, &o, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "--arch 'arm': expected x86 or x86_64"));
	calibration_free(&c);
	for (size_t i = 0; i < N(src); i++)
		src[i] = (struct calibration_source){ .arch = "x86" };
	o.nr_sources = N(src);
	assert_int_equal(calibration_init(&c, &o, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "at most 8 scenarios"));
	calibration_free(&c);

	/* One machine's key in a scenario that has it is accepted. */
	{
		char *sa = named("a", "own-a.ini", HOG_MACHINE("16M", "1us", "1"));
		char *sb = named("b", "own-b.ini", SLOW_HOG_AND_OTHER);
		const char *t2[] = { "a:sim_end=40ms", "b:sim_end=70ms" };
		const char *f2[] = { "b:other.size=1M..8M",
				     "hog.cpu_per_page=1us..10us" };
		const struct calibration_source s2[] = {
			{ .scenario = sa }, { .scenario = sb },
		};
		struct calibration_opts o2 = {
			.sources = s2, .nr_sources = 2, .targets = t2,
			.nr_targets = 2, .fits = f2, .nr_fits = 2,
		};

		init_ok(&c, &o2);
		assert_string_equal(c.rec.params[0].section, "task other");
		assert_int_equal(c.rec.params[0].scenario, 1);
		calibration_free(&c);
		free(sa);
		free(sb);
	}
	free(a);
	free(b);
	free(same);
	free(space);
}

/* The command: NAME=FILE scenarios, qualified targets, a file each. */
static void test_command_line_joint(void **state)
{
	char *a = named("fast", "cli-fast.ini", HOG_MACHINE("16M", "1us", "1"));
	char *b = named("slow", "cli-slow.ini", HOG_MACHINE("16M", "1us", "0.6"));
	char *dir = path_in("cli-joint"), args[4096], *p;

	(void)state;
	snprintf(args, sizeof(args), "calibrate --scenario %s --scenario %s "
		 "--target fast:sim_end=40ms --target slow:sim_end=70ms "
		 "--fit hog.cpu_per_page=1us..10us --seeds 1 --max-evals 8 -j 2 "
		 "--out %s", a, b, dir);
	assert_int_equal(test_cli_run(args, out, sizeof(out)), 0);
	assert_non_null(strstr(out, "Calibrated on 2.6.32-rc6, on fast and slow"));
	assert_non_null(strstr(out, "(1us..10us, shared)"));
	assert_non_null(strstr(out, "  slow:sim_end: target 70.000ms, mean "));
	assert_non_null(strstr(out, "fitted-fast.ini, fitted-slow.ini, "
			       "calibration.json"));
	assert_true(asprintf(&p, "%s/fitted-slow.ini", dir) > 0);
	assert_int_equal(access(p, F_OK), 0);
	free(p);
	/* --force replaces the joint calibration's files too. */
	strcat(args, " --force");
	assert_int_equal(test_cli_run(args, out, sizeof(out)), 0);
	/* Several scenarios, an unqualified target: one line, exit 2. */
	snprintf(args, sizeof(args), "calibrate --scenario %s --scenario %s "
		 "--target sim_end=40ms --fit hog.cpu_per_page=1us..10us "
		 "--out %s-2", a, b, dir);
	assert_int_equal(test_cli_run(args, out, sizeof(out)), 2);
	assert_non_null(strstr(out, "which scenario?"));
	free(dir);
	free(a);
	free(b);
}

/* ---- reading targets ---------------------------------------------------- */

static void test_target_values_and_options(void **state)
{
	const char *targets[] = {
		"elapsed=9:48.545", "stall-max=1:02:03.5,weight=2",
		"failures=0,scale=0.5", "cw-time=300s,scale=10%",
	};
	const char *fits[] = { "gitk.cpu_per_commit=10us..200us:log" };
	struct calibration_opts o = {
		.targets = targets, .nr_targets = N(targets),
		.fits = fits, .nr_fits = 1,
	};
	struct calibration c;

	(void)state;
	init_ok(&c, &o);
	assert_true(fabs(c.rec.targets[0].value - 588.545) < 1e-9);
	assert_true(fabs(c.rec.targets[0].scale - 588.545) < 1e-9);
	assert_true(fabs(c.rec.targets[1].value - 3723.5) < 1e-9);
	assert_true(c.rec.targets[1].weight == 2);
	assert_true(c.rec.targets[2].value == 0 && c.rec.targets[2].scale == 0.5);
	assert_true(fabs(c.rec.targets[3].scale - 30) < 1e-9);
	assert_string_equal(c.rec.params[0].section, "task gitk");
	assert_string_equal(c.rec.params[0].lo, "10us");
	assert_true(c.rec.params[0].log);
	/* The scenario's kernel and seed when none is given. */
	assert_string_equal(c.kernel, "2.6.32-rc6-0000000-force-highorder");
	assert_int_equal(c.rec.nr_scenarios, 1);
	assert_int_equal(c.rec.scenarios[0].base_seed, 1);
	assert_string_equal(c.rec.scenarios[0].fitted_file, CALIBRATION_FITTED_FILE);
	assert_int_equal(c.rec.nr_seeds, CALIBRATE_DEFAULT_SEEDS);
	assert_int_equal(c.rec.max_evals, CALIBRATE_DEFAULT_MAX_EVALS);
	calibration_free(&c);
}

/*
 * sd=S: the runs' standard deviation is a second term of the target.
 * Every evaluation's objective is exactly the two relative squared errors
 * of its runs' mean and sample standard deviation, and sd needs seeds.
 */
static void test_sd_target(void **state)
{
	char *scen = write_scenario("hogsd.ini", HOG_SCENARIO("16M", "1us"));
	const char *targets[] = { "sim_end=10s,sd=5ms" };
	const char *fits[] = { "hog.cpu_per_page=500ns..20us:log" };
	struct calibration_opts o = {
		.sources = ONE_FILE(scen), .nr_sources = 1,
		.targets = targets, .nr_targets = 1,
		.fits = fits, .nr_fits = 1, .nr_seeds = 3, .max_evals = 4,
	};
	struct calibration c;
	char err[2048];
	size_t checked = 0;

	(void)state;
	init_ok(&c, &o);
	assert_true(fabs(c.rec.targets[0].sd - 0.005) < 1e-12);
	assert_true(fabs(c.rec.targets[0].sd_scale - 0.005) < 1e-12);
	run_ok(&c, 2);
	for (size_t i = 0; i < c.rec.nr_evals; i++) {
		const struct calibration_eval *e = &c.rec.evals[i];
		double mean = 0, ss = 0, sd, want;

		if (!isfinite(e->objective))
			continue;
		for (int s = 0; s < 3; s++)
			mean += e->runs[s] / 3;
		for (int s = 0; s < 3; s++)
			ss += (e->runs[s] - mean) * (e->runs[s] - mean);
		sd = sqrt(ss / 2);
		assert_true(fabs(e->sds[0] - sd) <= 1e-9 * (1 + sd));
		want = pow((mean - 10) / 10, 2) + pow((sd - 0.005) / 0.005, 2);
		if (fabs(e->objective - want) > 1e-9 * want)
			fail_msg("evaluation %zu: objective %.12g, want %.12g", i + 1,
				 e->objective, want);
		checked++;
	}
	assert_true(checked > 0);
	calibration_free(&c);

	/* One seed has no standard deviation. */
	o.nr_seeds = 1;
	err[0] = 0;
	assert_int_equal(calibration_init(&c, &o, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "sd= needs at least two seeds"));
	calibration_free(&c);
	free(scen);
}

/*
 * A key of words is fitted as a choice among them: every evaluation
 * writes one of the words from LO to HI into the scenario, and the design
 * reaches more than one of them.
 */
static void test_choice_fit(void **state)
{
	char *scen = write_scenario("hogch.ini", HOG_SCENARIO("16M", "1us"));
	const char *targets[] = { "sim_end=10s" };
	const char *fits[] = { "hog.pattern=seq..hotcold",
			       "hog.cpu_per_page=500ns..20us:log" };
	struct calibration_opts o = {
		.sources = ONE_FILE(scen), .nr_sources = 1,
		.targets = targets, .nr_targets = 1,
		.fits = fits, .nr_fits = 2, .nr_seeds = 1, .max_evals = 6,
	};
	struct calibration c;
	bool seen[3] = { false };
	static const char *const words[] = { "seq", "random", "hotcold" };

	(void)state;
	init_ok(&c, &o);
	assert_string_equal(c.rec.params[0].type, "choice");
	assert_string_equal(c.rec.params[0].lo, "seq");
	assert_string_equal(c.rec.params[0].hi, "hotcold");
	run_ok(&c, 2);
	for (size_t i = 0; i < c.rec.nr_evals; i++) {
		int k;

		for (k = 0; k < 3; k++)
			if (!strcmp(c.rec.evals[i].values[0], words[k]))
				break;
		if (k == 3)
			fail_msg("evaluation %zu wrote '%s'", i + 1,
				 c.rec.evals[i].values[0]);
		seen[k] = true;
	}
	assert_true(seen[0] + seen[1] + seen[2] >= 2);
	calibration_free(&c);
	free(scen);
}

/* ---- refusals ----------------------------------------------------------- */

struct refusal {
	const char *target;		/* NULL: none given */
	const char *fit;		/* NULL: none given */
	const char *fit2;
	const char *expect;		/* in the message */
};

static void test_refusals(void **state)
{
	static const struct refusal cases[] = {
		/* ranges */
		{ "elapsed=9:48.545", "disk_seek=8ms..8ms", NULL, "the range is empty" },
		{ "elapsed=9:48.545", "disk_seek=12ms..7ms", NULL, "the range is inverted" },
		{ "elapsed=9:48.545", "disk_seek=7ms..", NULL, "expected KEY=LO..HI" },
		{ "elapsed=9:48.545", "disk_seek", NULL, "expected KEY=LO..HI" },
		{ "elapsed=9:48.545", "disk_seek=7..12ms", NULL, "'7': missing unit" },
		{ "elapsed=9:48.545", "disk_seek=0..12ms:log", NULL, "log scale needs a lower end above 0" },
		{ "elapsed=9:48.545", "disk_seek=7ms..12ms:loge", NULL, "unknown scale 'loge'" },
		/* outside the key's valid values, said by the key's own check */
		{ "elapsed=9:48.545", "disk_seek=7ms..2s", NULL, "the upper end is refused" },
		{ "elapsed=9:48.545", "cpus=0..4", NULL, "the lower end is refused" },
		{ "elapsed=9:48.545", "gitk.commits=0..1000", NULL, "the lower end is refused" },
		/* unknown keys */
		{ "elapsed=9:48.545", "nosuch=1..2", NULL, "not a key of [machine]" },
		{ "elapsed=9:48.545", "vm.nosuch=1..2", NULL, "[vm] has no key 'nosuch'" },
		{ "elapsed=9:48.545", "gitk.nosuch=1..2", NULL, "[task gitk] has no key 'nosuch' (one of commits" },
		{ "elapsed=9:48.545", "notask.commits=1..2", NULL, "no [task notask]" },
		/* keys that are not numbers, or not the search's to change */
		{ "elapsed=9:48.545", "crypt=0..1", NULL, "crypt is not a number (it is on or off)" },
		{ "elapsed=9:48.545", "gitk.repo=a..b", NULL, "is not a number (it is text)" },
		{ "elapsed=9:48.545", "kernel.profile=a..b", NULL, "kernels are chosen with --kernel" },
		{ "elapsed=9:48.545", "run.seed=1..2", NULL, "seeds are chosen with --seeds" },
		/* the same key twice */
		{ "elapsed=9:48.545", "disk_seek=7ms..12ms", "machine.disk_seek=6ms..9ms", "name the same key" },
		/* targets */
		{ "nosuch=1", "disk_seek=7ms..12ms", NULL, "unknown measure 'nosuch'" },
		{ "seed=3", "disk_seek=7ms..12ms", NULL, "a label of the run" },
		{ "gitk_done=1", "disk_seek=7ms..12ms", NULL, "not a single number" },
		{ "elapsed=588", "disk_seek=7ms..12ms", NULL, "'588' is not a time" },
		{ "elapsed=9:61", "disk_seek=7ms..12ms", NULL, "'9:61' is not a time" },
		{ "failures=lots", "disk_seek=7ms..12ms", NULL, "'lots' is not a number" },
		{ "failures=0", "disk_seek=7ms..12ms", NULL, "a target of 0 has no relative error" },
		{ "elapsed=9:48.545,weight=-1", "disk_seek=7ms..12ms", NULL, "weight '-1'" },
		{ "elapsed=9:48.545,tol=1", "disk_seek=7ms..12ms", NULL, "expected weight=W, scale=S, sd=S or sd_scale=S" },
		{ "elapsed=9:48.545,sd=-1s", "disk_seek=7ms..12ms", NULL, "sd '-1s': expected a time" },
		{ "elapsed=9:48.545,sd=8", "disk_seek=7ms..12ms", NULL, "sd '8': expected a time" },
		{ "elapsed=9:48.545,sd_scale=10%", "disk_seek=7ms..12ms", NULL, "give sd=S too" },
		{ "elapsed=9:48.545,sd=8s,sd_scale=0%", "disk_seek=7ms..12ms", NULL, "sd_scale R% needs R above 0" },
		/* a choice of words */
		{ "elapsed=9:48.545", "gitk.producer=inline..nosuch", NULL, "not one of the key's words" },
		{ "elapsed=9:48.545", "gitk.producer=inline..pipe:log", NULL, "a choice of words has no log scale" },
		{ "elapsed=9:48.545", "gitk.map_order=backward..forward", NULL, "the range is inverted" },
		{ "elapsed", "disk_seek=7ms..12ms", NULL, "expected MEASURE=VALUE" },
		/* nothing to do */
		{ NULL, "disk_seek=7ms..12ms", NULL, "which targets?" },
		{ "elapsed=9:48.545", NULL, NULL, "which values to fit?" },
	};
	char err[2048];

	(void)state;
	for (size_t i = 0; i < N(cases); i++) {
		const char *fits[2] = { cases[i].fit, cases[i].fit2 };
		struct calibration_opts o = {
			.targets = &cases[i].target, .nr_targets = cases[i].target != NULL,
			.fits = fits, .nr_fits = !cases[i].fit ? 0 : cases[i].fit2 ? 2 : 1,
		};
		struct calibration c;

		err[0] = 0;
		if (!calibration_init(&c, &o, err, sizeof(err)))
			fail_msg("case %zu (%s, %s) was accepted", i,
				 cases[i].target, cases[i].fit);
		if (!strstr(err, cases[i].expect))
			fail_msg("case %zu: '%s' does not say '%s'", i, err,
				 cases[i].expect);
		assert_null(strchr(err, '\n'));
		calibration_free(&c);
	}
}

/* A target twice; elapsed from a scenario without gitk. */
static void test_refusals_of_targets_against_the_scenario(void **state)
{
	char *scen = write_scenario("nogitk.ini", HOG_SCENARIO("16M", "1us"));
	const char *twice[] = { "elapsed=9:48.545", "elapsed=10:00" };
	const char *no_gitk[] = { "elapsed=1s" };
	const char *fits[] = { "hog.cpu_per_page=1us..10us" };
	const char *default_fits[] = { "disk_seek=7ms..12ms" };
	struct calibration_opts o = {
		.targets = twice, .nr_targets = 2, .fits = default_fits, .nr_fits = 1,
	};
	struct calibration c;
	char err[2048];

	(void)state;
	assert_int_equal(calibration_init(&c, &o, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "elapsed is given twice"));
	calibration_free(&c);

	o = (struct calibration_opts){
		.sources = ONE_FILE(scen), .nr_sources = 1,
		.targets = no_gitk, .nr_targets = 1,
		.fits = fits, .nr_fits = 1,
	};
	assert_int_equal(calibration_init(&c, &o, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "has no gitk task, so it has no elapsed"));
	calibration_free(&c);
	free(scen);
}

/* A measure the scenario never produces is found by the design, before
 * the search spends anything more on it. */
static void test_constant_zero_measure_refused(void **state)
{
	char *scen = write_scenario("zero.ini", HOG_SCENARIO("16M", "1us"));
	const char *targets[] = { "sim_end=40ms", "oom_kills=1" };
	const char *fits[] = { "hog.cpu_per_page=1us..10us" };
	struct calibration_opts o = {
		.sources = ONE_FILE(scen), .nr_sources = 1,
		.targets = targets, .nr_targets = 2,
		.fits = fits, .nr_fits = 1, .nr_seeds = 1,
	};
	struct calibration c;
	char err[2048];

	(void)state;
	init_ok(&c, &o);
	assert_int_equal(calibration_run(&c, 2, false, err, sizeof(err)), 2);
	assert_non_null(strstr(err, "oom_kills was 0 in every run of the design"));
	assert_int_equal(c.rec.nr_evals, c.rec.nr_design);
	calibration_free(&c);
	free(scen);
}

/* ---- the command -------------------------------------------------------- */

/* One line on stderr, exit 2, nothing written; a pipe gets no progress;
 * a folder that is not empty is refused without --force. */
static void test_command_line(void **state)
{
	char *scen = write_scenario("cli.ini", HOG_SCENARIO("16M", "1us"));
	char *dir = path_in("cli-out"), args[4096], *nl;
	static const char *const bad[] = {
		"--seeds 0", "--max-evals 0", "--tolerance 0", "--tolerance 2",
		"--tolerance x", "-j 0", "extra", "--arch x86,", "--arch ,x86",
		"--arch x86,,x86_64", "--arch x86,x86",
		"--arch x86_64,x86" /* the target names no scenario */,
	};

	(void)state;
	for (size_t i = 0; i < N(bad); i++) {
		snprintf(args, sizeof(args), "calibrate --target elapsed=9:48.545 "
			 "--fit disk_seek=7ms..12ms --out %s %s", dir, bad[i]);
		assert_int_equal(test_cli_run(args, out, sizeof(out)), 2);
		nl = strchr(out, '\n');
		if (strncmp(out, "mmsim: calibrate: ", 18) || !nl || nl[1])
			fail_msg("%s: %s", bad[i], out);
		assert_int_not_equal(access(dir, F_OK), 0);
	}
	snprintf(args, sizeof(args), "calibrate --scenario %s --target "
		 "sim_end=40ms --fit hog.cpu_per_page=1us..10us --seeds 1 "
		 "--max-evals 12 -j 2 --out %s", scen, dir);
	assert_int_equal(test_cli_run(args, out, sizeof(out)), 0);
	assert_null(strchr(out, '\r'));
	assert_non_null(strstr(out, "hog.cpu_per_page = "));
	assert_non_null(strstr(out, " evaluations (stopped: "));
	assert_null(strstr(out, "calibrate: evaluation "));
	/* Again into the same folder: refused, then allowed with --force. */
	assert_int_equal(test_cli_run(args, out, sizeof(out)), 2);
	assert_non_null(strstr(out, "exists and is not empty"));
	strcat(args, " --force");
	assert_int_equal(test_cli_run(args, out, sizeof(out)), 0);
	free(dir);
	free(scen);
}

static int setup(void **state)
{
	char tmpl[] = "/tmp/mmsim-test-calibrate-XXXXXX";

	(void)state;
	tmp_dir = strdup(mkdtemp(tmpl));
	return tmp_dir ? 0 : -1;
}

static int teardown(void **state)
{
	char *cmd;
	int rc;

	(void)state;
	if (asprintf(&cmd, "rm -rf '%s'", tmp_dir) < 0)
		return -1;
	rc = system(cmd);
	free(cmd);
	free(tmp_dir);
	return rc ? -1 : 0;
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_recovers_known_values),
		cmocka_unit_test(test_same_arguments_same_record),
		cmocka_unit_test(test_fitted_scenario_reproduces_best),
		cmocka_unit_test(test_target_values_and_options),
		cmocka_unit_test(test_sd_target),
		cmocka_unit_test(test_choice_fit),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_refusals_of_targets_against_the_scenario),
		cmocka_unit_test(test_constant_zero_measure_refused),
		cmocka_unit_test(test_command_line),
		cmocka_unit_test(test_joint_recovers_shared_value),
		cmocka_unit_test(test_joint_fits_one_machines_own_value),
		cmocka_unit_test(test_joint_same_arguments_same_record),
		cmocka_unit_test(test_joint_default_machines),
		cmocka_unit_test(test_joint_refusals),
		cmocka_unit_test(test_joint_scenarios_refused),
		cmocka_unit_test(test_command_line_joint),
	};

	(void)argc;
	test_cli_init(argv[0]);
	return cmocka_run_group_tests(tests, setup, teardown);
}
