// SPDX-License-Identifier: GPL-2.0
/*
 * mmsim calibrate: a known value recovered from measures generated at
 * it, the same record for the same arguments (whatever -j), every
 * refusal with its reason, and the fitted scenario reproducing the best
 * evaluation's runs.
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
#define HOG_SCENARIO(size, cpu)						\
	"[machine]\nmem = 64M\ncpus = 1\ndisk_size = 2G\nfs_size = 1G\n"	\
	"swap_size = 256M\n"						\
	"[kernel]\nprofile = 2.6.32-rc6\n"				\
	"[run]\nseed = 1\nmax_time = 60s\nuntil = hog-done\n"		\
	"[task hog]\nprogram = anonhog\nsize = " size "\npattern = random\n" \
	"passes = 3\ncpu_per_page = " cpu "\n"

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
		.scenario_path = scen, .targets = targets, .nr_targets = 2,
		.fits = fits, .nr_fits = 2, .nr_seeds = 3,
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
		.scenario_path = scen, .targets = targets, .nr_targets = 1,
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
 * last digit, and --seed S its others.
 */
static void test_fitted_scenario_reproduces_best(void **state)
{
	char *scen = write_scenario("fit.ini", HOG_SCENARIO("16M", "1us"));
	const char *targets[] = { "sim_end=50ms", "pgfault=4000" };
	const char *fits[] = { "hog.cpu_per_page=1us..10us", "hog.size=12M..24M" };
	struct calibration_opts o = {
		.scenario_path = scen, .targets = targets, .nr_targets = 2,
		.fits = fits, .nr_fits = 2, .nr_seeds = 2, .max_evals = 24,
		/* Not the scenario's: the fitted file must say so. */
		.kernel = "2.6.30", .base_seed_set = true, .base_seed = 7,
	};
	struct calibration c;
	struct scenario_error serr;
	struct scenario *sc;
	char *text;

	(void)state;
	init_ok(&c, &o);
	run_ok(&c, 2);
	text = calibration_fitted_text(&c);
	assert_non_null(text);
	assert_int_equal(text[0], ';');
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
	assert_int_equal(c.rec.base_seed, 1);
	assert_int_equal(c.rec.nr_seeds, CALIBRATE_DEFAULT_SEEDS);
	assert_int_equal(c.rec.max_evals, CALIBRATE_DEFAULT_MAX_EVALS);
	calibration_free(&c);
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
		{ "elapsed=9:48.545,tol=1", "disk_seek=7ms..12ms", NULL, "expected weight=W or scale=S" },
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
		.scenario_path = scen, .targets = no_gitk, .nr_targets = 1,
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
		.scenario_path = scen, .targets = targets, .nr_targets = 2,
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
		"--tolerance x", "-j 0", "extra", "--arch x86 --scenario /dev/null",
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
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_refusals_of_targets_against_the_scenario),
		cmocka_unit_test(test_constant_zero_measure_refused),
		cmocka_unit_test(test_command_line),
	};

	(void)argc;
	test_cli_init(argv[0]);
	return cmocka_run_group_tests(tests, setup, teardown);
}
