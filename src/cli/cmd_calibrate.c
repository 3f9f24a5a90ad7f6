// SPDX-License-Identifier: GPL-2.0
/*
 * mmsim calibrate: fit named scenario values to measured ones, and write
 * the fitted scenario and the calibration's record (docs/calibration.md).
 */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "commands.h"
#include "options.h"
#include "experiment/calibrate.h"
#include "experiment/pool.h"
#include "report/calibration.h"
#include "report/compare_report.h"
#include "report/progress.h"
#include "util/fs.h"
#include "util/xalloc.h"

#define DEFAULT_OUT	"mmsim-calibration"

static const char calibrate_usage_head[] =
	"usage: mmsim calibrate --target [NAME:]MEASURE=VALUE...\n"
	"                       --fit [NAME:]KEY=LO..HI... [--kernel PROFILE]\n"
	"                       [--scenario [NAME=]FILE... | --arch ARCH[,ARCH]...]\n"
	"                       [--seeds N] [--seed BASE] [-j N] [--out DIR]\n"
	"                       [--force | --resume] [--max-evals N]\n"
	"                       [--tolerance X]\n"
	"\n"
	"Fits scenario values so that the kernel's runs reproduce measured\n"
	"values: it minimises the sum over targets of\n"
	"weight * ((mean over the seeds - target) / scale)^2 (scale = |target|:\n"
	"the relative squared error), plus, for a target with sd=S, the same\n"
	"term for the seeds' standard deviation against S, by a Hammersley\n"
	"design over the ranges\n"
	"and then a bounded compass search, every evaluation running the same\n"
	"seeds in parallel.  Writes DIR/fitted.ini (the scenario with the\n"
	"fitted values), DIR/calibration.json and DIR/calibration.md (every\n"
	"evaluation); 'mmsim run DIR/fitted.ini' reproduces the best one.\n"
	"\n"
	"Several scenarios (--arch x86_64,x86, --scenario NAME=FILE ...) make a\n"
	"joint fit: every evaluation runs each of them, each target names the\n"
	"scenario it was measured on (x86:elapsed=10:59.095), a --fit without\n"
	"NAME: writes one shared value into every scenario and NAME:KEY fits\n"
	"one scenario's own; DIR/fitted-NAME.ini for each.\n"
	"\n";

struct calibrate_args {
	struct calibration_opts cal;
	const char **targets;
	const char **fits;
	struct calibration_source *sources;
	char **arch_words;		/* --arch's arguments, split at commas */
	size_t nr_arch_words;
	const char *out;
	int jobs;
	bool force, resume;
	const char *emit, *run_job;
};

enum {
	OPT_TARGET, OPT_FIT, OPT_KERNEL, OPT_SCENARIO, OPT_ARCH, OPT_SEEDS,
	OPT_SEED, OPT_JOBS, OPT_OUT, OPT_FORCE, OPT_RESUME, OPT_EMIT_JOBS,
	OPT_RUN_JOB, OPT_MAX_EVALS, OPT_TOLERANCE, OPT_ENSEMBLE, OPT_HELP,
	NR_OPTS
};

static const struct cli_opt calibrate_opts[] = {
	[OPT_TARGET] = { .name = "target", .flags = CLI_REPEATABLE,
		.metavar = "[NAME:]MEASURE=VALUE[,weight=W][,scale=S|R%][,sd=S[,sd_scale=S|R%]]",
		.help = "a measured value: elapsed (fake-gitk's, M:SS.mmm or "
			"588.5s), failures, another row of compare's table, a "
			"measure (sim_end, oom_kills) or a /proc/vmstat item "
			"(allocstall, pswpout); NAME: its scenario (needed with "
			"several); sd=S: the runs' standard deviation too "
			"(repeats' spread, x86_64:elapsed=10:52,sd=8.1s; needs "
			"--seeds 2 or more); repeatable" },
	[OPT_FIT] = { .name = "fit", .flags = CLI_REPEATABLE,
		.metavar = "[NAME:]KEY=LO..HI[:log]",
		.help = "a scenario key to fit (disk_seek, vm.min_free_kbytes, "
			"gitk.cpu_per_commit) and its range, in the key's units; "
			":log searches it on a log scale; a key of words chooses "
			"among them, LO to HI in the order 'mmsim scenario --keys' "
			"or docs list them (gitk.producer=inline..pipe); shared by "
			"every scenario, or NAME:'s only; repeatable, at most 8" },
	[OPT_KERNEL] = { .name = "kernel", .metavar = "PROFILE",
		.help = "the kernel to fit on, one for every scenario (default: "
			"the scenarios' own, when they agree)" },
	[OPT_SCENARIO] = { .name = "scenario", .flags = CLI_REPEATABLE,
		.metavar = "[NAME=]FILE",
		.help = "a scenario file instead of the embedded default, named "
			"NAME or by its file name less .ini; repeatable" },
	[OPT_ARCH] = { .name = "arch", .flags = CLI_REPEATABLE,
		.metavar = "ARCH[,ARCH]",
		.help = "x86_64 (default) or x86: embedded defaults, named by "
			"their arch; repeatable, with --scenario too" },
	[OPT_SEEDS] = { .name = "seeds", .metavar = "N",
		.help = "runs per evaluation and scenario (default 3)" },
	[OPT_SEED] = { .name = "seed", .metavar = "BASE",
		.help = "first seed (default: each scenario's [run] seed)" },
	[OPT_JOBS] = { .name = "jobs", .short_name = 'j', .metavar = "N",
		.help = "runs at once (default: the number of online CPUs)" },
	[OPT_OUT] = { .name = "out", .metavar = "DIR",
		.help = "where the results go (default ./" DEFAULT_OUT ")" },
	[OPT_FORCE] = { .name = "force",
		.help = "write into a DIR that is not empty" },
	[OPT_RESUME] = { .name = "resume",
		.help = "after an interrupt (Ctrl-C, SIGTERM, a full disk): the "
			"same options again; the runs kept in DIR/runs/ replay the "
			"search to where it stopped, and only the rest run (the "
			"record is the uninterrupted one's)" },
	[OPT_EMIT_JOBS] = { .name = "emit-jobs", .metavar = "FILE",
		.help = "run nothing; write to FILE one command line for each run "
			"of the next round not kept in DIR/runs/ (for GNU parallel "
			"or a Slurm array, docs/compare.md); once they have run, "
			"the same command gives the next round's, and when none is "
			"left (FILE empty), the record" },
	[OPT_RUN_JOB] = { .name = "run-job", .metavar = "ID",
		.help = "the one run ID of an --emit-jobs line, kept in DIR/runs/" },
	[OPT_MAX_EVALS] = { .name = "max-evals", .metavar = "N",
		.help = "at most N evaluations (default 400)" },
	[OPT_TOLERANCE] = { .name = "tolerance", .metavar = "X",
		.help = "stop when the search's step is below X of each range "
			"(default 0.01)" },
	[OPT_ENSEMBLE] = { .name = "ensemble", .metavar = "N",
		.help = "keep up to N evaluations (default 12, 0: none) whose "
			"every target's mean is within its scale of it: the best, "
			"then each the farthest from those kept, so they spread "
			"over the points that fit equally well; calibration.json "
			"lists them for 'mmsim validate --ensemble'" },
	[OPT_HELP] = { .name = "help", .short_name = 'h', .help = "this text" },
};

const struct cli_table calibrate_option_table = CLI_TABLE(calibrate_opts, NR_OPTS, 19);

/* A fraction above 0 and at most 1, as decimal digits ("0.01", "1"). */
static int parse_tolerance(const char *arg, double *out)
{
	const char *p = arg;
	char *end;
	double v;

	while (*p >= '0' && *p <= '9')
		p++;
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9'; p++)
			;
	v = strtod(arg, &end);
	if (p == arg || *p || *end || !(v > 0 && v <= 1))
		return usage_error("calibrate: --tolerance '%s': expected a "
				   "fraction of each range, above 0 and at most 1 "
				   "(0.01)", arg);
	*out = v;
	return 0;
}

/* "x86_64,x86": one embedded default each, in order.  The arch words
 * are calibration_init()'s to check. */
static int add_arches(struct calibrate_args *a, const char *arg)
{
	char *copy, *save = NULL, *w;

	if (!*arg || *arg == ',' || arg[strlen(arg) - 1] == ',' ||
	    strstr(arg, ",,"))
		return usage_error("calibrate: --arch '%s': expected ARCH or "
				   "ARCH,ARCH (x86_64, x86)", arg);
	copy = xstrdup(arg);
	a->arch_words[a->nr_arch_words++] = copy;
	for (w = strtok_r(copy, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
		if (a->cal.nr_sources >= CALIBRATE_MAX_SCENARIOS)
			return usage_error("calibrate: --arch '%s': at most %d "
					   "scenarios", arg,
					   CALIBRATE_MAX_SCENARIOS);
		a->sources[a->cal.nr_sources++].arch = w;
	}
	return 0;
}

static int parse_args(int argc, char **argv, struct calibrate_args *a)
{
	struct cli_options opts;
	uint64_t n;
	int c;

	memset(a, 0, sizeof(*a));
	a->cal.ensemble = CALIBRATE_DEFAULT_ENSEMBLE;
	a->out = DEFAULT_OUT;
	a->jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
	if (a->jobs < 1)
		a->jobs = 1;
	a->targets = xcalloc((size_t)argc + 1, sizeof(*a->targets));
	a->fits = xcalloc((size_t)argc + 1, sizeof(*a->fits));
	/* Each --scenario one, --arch's words at most CALIBRATE_MAX_SCENARIOS. */
	a->sources = xcalloc((size_t)argc + CALIBRATE_MAX_SCENARIOS + 1,
			     sizeof(*a->sources));
	a->arch_words = xcalloc((size_t)argc + 1, sizeof(*a->arch_words));
	cli_options_init(&opts, "calibrate", argc, argv, &calibrate_option_table);
	while ((c = cli_next_option(&opts)) != -1) {
		switch (c) {
		case OPT_HELP:
			fputs(calibrate_usage_head, stdout);
			cli_print_options(stdout, &calibrate_option_table);
			return -1;
		case OPT_TARGET: a->targets[a->cal.nr_targets++] = optarg; break;
		case OPT_FIT: a->fits[a->cal.nr_fits++] = optarg; break;
		case OPT_KERNEL: a->cal.kernel = optarg; break;
		case OPT_SCENARIO:
			a->sources[a->cal.nr_sources++].scenario = optarg;
			break;
		case OPT_ARCH:
			if (add_arches(a, optarg))
				return 2;
			break;
		case OPT_SEEDS:
			if (cli_count("calibrate: --seeds", optarg, 1,
				      CALIBRATE_MAX_SEEDS, &n))
				return 2;
			a->cal.nr_seeds = (unsigned int)n;
			break;
		case OPT_SEED:
			if (cli_count("calibrate: --seed", optarg, 0, INT64_MAX,
				      &a->cal.base_seed))
				return 2;
			a->cal.base_seed_set = true;
			break;
		case OPT_JOBS:
			if (cli_count("calibrate: -j", optarg, 1, 4096, &n))
				return 2;
			a->jobs = (int)n;
			break;
		case OPT_OUT: a->out = optarg; break;
		case OPT_FORCE: a->force = true; break;
		case OPT_RESUME: a->resume = true; break;
		case OPT_EMIT_JOBS: a->emit = optarg; break;
		case OPT_RUN_JOB: a->run_job = optarg; break;
		case OPT_MAX_EVALS:
			if (cli_count("calibrate: --max-evals", optarg, 1,
				      CALIBRATE_MAX_EVALS, &n))
				return 2;
			a->cal.max_evals = (unsigned int)n;
			break;
		case OPT_ENSEMBLE:
			if (cli_count("calibrate: --ensemble", optarg, 0, 64, &n))
				return 2;
			a->cal.ensemble = (unsigned int)n;
			break;
		case OPT_TOLERANCE:
			if (parse_tolerance(optarg, &a->cal.tolerance))
				return 2;
			break;
		case CLI_OPERAND:
			return usage_error("calibrate: unexpected argument '%s' "
					   "(targets are --target MEASURE=VALUE, "
					   "values to fit --fit KEY=LO..HI)", optarg);
		default:
			return cli_unhandled(&opts, c);
		}
	}
	a->cal.targets = a->targets;
	a->cal.fits = a->fits;
	a->cal.sources = a->sources;
	return 0;
}

/* ---- the output folder -------------------------------------------------- */

/* What calibrate writes, with fitted-NAME.ini for each scenario of a
 * joint fit: the only names --force replaces. */
static const char *const own_files[] = {
	CALIBRATION_FITTED_FILE, "calibration.json", "calibration.md",
};

static void remove_in(const char *dir, const char *name)
{
	char *p;

	p = xasprintf("%s/%s", dir, name);
	unlink(p);
	free(p);
}

static bool dir_empty(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	bool empty = true;

	if (!d)
		return false;
	while (empty && (de = readdir(d)))
		empty = !strcmp(de->d_name, ".") || !strcmp(de->d_name, "..");
	closedir(d);
	return empty;
}

/* Create @dir, or accept it empty, or (--force) remove calibrate's files,
 * or (--resume) keep them: its runs/ is what is resumed. */
static int prepare_out(const char *dir, bool force, bool resume,
		       const char *runs, const struct calibration_record *rec)
{
	struct stat st;

	if (stat(dir, &st)) {
		if (errno == ENOENT && !mkdir_p(dir))
			return 0;
		return usage_error("calibrate: %s: cannot create: %s", dir,
				   strerror(errno));
	}
	if (!S_ISDIR(st.st_mode))
		return usage_error("calibrate: %s: exists and is not a directory", dir);
	if (dir_empty(dir) || resume)
		return 0;
	if (!force)
		return usage_error("calibrate: %s: exists and is not empty (--force "
				   "writes into it, replacing calibrate's own "
				   "files; --resume finishes an interrupted "
				   "calibrate)", dir);
	pool_cache_remove(runs);
	for (size_t i = 0; i < sizeof(own_files) / sizeof(own_files[0]); i++)
		remove_in(dir, own_files[i]);
	for (size_t s = 0; s < rec->nr_scenarios; s++)
		remove_in(dir, rec->scenarios[s].fitted_file);
	return 0;
}

/* "mmsim calibrate ARGS", each argument shell-quoted where it needs it:
 * the record says how to run the calibration again. */
static char *command_line(int argc, char **argv)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = xopen_memstream(&text, &len);

	fputs("mmsim", f);
	for (int i = 0; i < argc; i++) {
		/* A resumed calibration's record is the uninterrupted one's,
		 * and one whose runs were done elsewhere too. */
		if (!strcmp(argv[i], "--resume"))
			continue;
		if (!strcmp(argv[i], "--emit-jobs") || !strcmp(argv[i], "--run-job")) {
			i++;
			continue;
		}
		if (!strncmp(argv[i], "--emit-jobs=", 12))
			continue;
		fputc(' ', f);
		pool_shell_word(f, argv[i]);
	}
	xclose_memstream(f);
	return text;
}

static void free_args(struct calibrate_args *a)
{
	free(a->targets);
	free(a->fits);
	free(a->sources);
	for (size_t i = 0; i < a->nr_arch_words; i++)
		free(a->arch_words[i]);
	free(a->arch_words);
}

int cmd_calibrate(int argc, char **argv)
{
	double start = wall_seconds();
	struct calibrate_args a;
	struct calibration c;
	char err[2048] = "", *command = NULL, *runs = NULL;
	size_t nr_runs = 0;
	int sig;
	int rc = parse_args(argc, argv, &a);

	if (rc) {
		free_args(&a);
		return rc < 0 ? 0 : rc;
	}
	if (calibration_init(&c, &a.cal, err, sizeof(err))) {
		calibration_free(&c);
		free_args(&a);
		return usage_error("calibrate: %s", err);
	}
	if (cli_dry_run)
		goto out;
	if (a.force && a.resume) {
		rc = usage_error("calibrate: --resume keeps what DIR holds: not with --force");
		goto out;
	}
	runs = xasprintf("%s/runs", a.out);
	if (a.run_job) {
		/* One run into DIR/runs/: the record is the emitting
		 * command's. */
		c.runs_dir = runs;
		rc = cli_pool_mode("calibrate", NULL, a.run_job, argc, argv);
		if (rc)
			goto out;
		rc = calibration_run(&c, 1, false, err, sizeof(err));
		if (!cli_pool_finish("calibrate", &rc)) {
			fprintf(stderr, "mmsim: calibrate: --run-job %s: %s\n",
				a.run_job, rc ? err : "every run is kept already");
			rc = 1;
		}
		goto out;
	}
	/* Runs done elsewhere are kept, as after an interrupt. */
	rc = prepare_out(a.out, a.force, a.resume || a.emit, runs, &c.rec);
	if (rc)
		goto out;
	c.runs_dir = runs;
	rc = cli_pool_mode("calibrate", a.emit, NULL, argc, argv);
	if (rc)
		goto out;
	pool_catch_interrupts(true);
	rc = calibration_run(&c, a.jobs, !a.emit, err, sizeof(err));
	sig = pool_interrupted();
	pool_catch_interrupts(false);
	if (cli_pool_finish("calibrate", &rc))
		goto out;
	if (sig) {
		/* An incomplete record is not written: --resume replays it. */
		fprintf(stderr, "\nmmsim: calibrate: interrupted (%s) after %zu "
			"evaluations; the runs are kept in %s: the same command "
			"with --resume finishes it\n", strsignal(sig),
			c.rec.nr_evals, runs);
		calibration_free(&c);
		free_args(&a);
		free(runs);
		pool_reraise(sig);
		return 128 + sig;
	}
	if (rc)
		fprintf(stderr, "mmsim: calibrate: %s\n", err);
	if (rc == 2)
		goto out;
	command = command_line(argc, argv);
	if (calibration_write(&c, a.out, command, mmsim_version, err,
			      sizeof(err))) {
		fprintf(stderr, "mmsim: calibrate: %s\n", err);
		rc = 1;
		goto out;
	}
	if (!rc) {
		calibration_print_summary(stdout, &c.rec);
		fflush(stdout);
		if (calibration_insensitive(&c))
			fprintf(stderr, "mmsim: calibrate: warning: every point "
				"gave the same means: the fitted keys do not move "
				"the targets, so the fitted values mean nothing\n");
	}
	for (size_t i = 0; i < c.rec.nr_evals; i++)
		nr_runs += c.rec.evals[i].error ? 0 :
			c.rec.nr_seeds * c.rec.nr_scenarios;
	fprintf(stderr, "mmsim: calibrate: %zu evaluation%s (%zu run%s) in %.1fs "
		"of wall time; %s/", c.rec.nr_evals,
		c.rec.nr_evals == 1 ? "" : "s", nr_runs, nr_runs == 1 ? "" : "s",
		wall_seconds() - start, a.out);
	for (size_t s = 0; c.rec.best < c.rec.nr_evals &&
	     s < c.rec.nr_scenarios; s++)
		fprintf(stderr, "%s, ", c.rec.scenarios[s].fitted_file);
	fprintf(stderr, "calibration.json, calibration.md\n");
	/* The record holds every evaluation: the runs are not needed. */
	pool_cache_remove(runs);
out:
	free(runs);
	free(command);
	calibration_free(&c);
	free_args(&a);
	return rc;
}
