// SPDX-License-Identifier: GPL-2.0
/*
 * mmsim compare, mmsim sweep, mmsim merge: experiments over kernels (and
 * scenario values) and their report folder.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "commands.h"
#include "options.h"
#include "experiment/compare.h"
#include "experiment/pool.h"
#include "report/compare_report.h"
#include "report/progress.h"
#include "scenario/units.h"
#include "outdir.h"
#include "util/fs.h"
#include "util/xalloc.h"

#define DEFAULT_OUT		"mmsim-report"
#define DEFAULT_JOBS_OUT	"mmsim-jobs"

static const char compare_usage_head[] =
	"usage: mmsim compare [OPTIONS]\n"
	"       mmsim sweep KEY=V1,V2,... [KEY=...] [OPTIONS]\n"
	"       mmsim merge DIR... [--out DIR] [--force] [--partial] [--no-render]\n"
	"\n"
	"compare runs a scenario (the embedded 2009 reproduction by default) on\n"
	"every kernel row of the cover letter's table, several seeds each, all\n"
	"runs in parallel, prints its findings (the cover letter's claims, as\n"
	"mmsim validate decides them, asked of these runs beside the published\n"
	"figures), the cover letter's lines and an MMTests-style comparison on\n"
	"stdout, and writes a report folder (summary.json, per-run CSV,\n"
	"kern-logs, gnuplot plots, index.html).  Every kernel runs the same\n"
	"seeds: base, base + 1, ...\n"
	"\n"
	"sweep does the same over every combination of scenario values crossed\n"
	"with the kernels.  KEY is a fixed key (min_free_kbytes, vm.nr_requests,\n"
	"machine.mem), or TASK.KEY for a task's key (netrx.bwlimit, netrx.order,\n"
	"gitk.loops: the [task NAME] sections of 'mmsim scenario --dump').\n"
	"\n"
	"  $ mmsim compare --kernels 2.6.30,2.6.32-rc6 --seeds 3\n"
	"  $ mmsim sweep netrx.bwlimit=40K,80K --kernels 2.6.32-rc6 --seeds 2 \\\n"
	"        --out report-sweep\n"
	"  $ mmsim compare --seeds 2 --emit-jobs --out jobs > jobs.txt\n"
	"\n";

static const char compare_usage_tail[] =
	"\n"
	"merge reads run results (JSON) from each DIR and DIR/json, using\n"
	"DIR/experiment.json when --emit-jobs wrote one (each result must be a\n"
	"run of the job it is filed under: kernel, seed, scenario fingerprint,\n"
	"mmsim version); --partial reports whatever results exist.\n"
	"docs/compare.md has the GNU parallel and Slurm recipes.\n"
	"\n"
	"One DIR takes one command at a time (DIR/.mmsim-lock holds the pid);\n"
	"DIR/.mmsim-manifest lists the files mmsim wrote there.  A file that\n"
	"cannot be written (a full disk) is named, gnuplot's images included,\n"
	"and the status is 1.  Each run's result is kept in DIR/json/ as it\n"
	"ends: Ctrl-C, SIGTERM or SIGHUP stops the runs going, keeps the\n"
	"finished ones and the manifest, and mmsim then dies of the signal;\n"
	"the same command with --resume finishes the report, byte for byte the\n"
	"one an uninterrupted command writes (but for its wall_clock times).\n"
	"Once the report is written the kept results are gzipped\n"
	"(DIR/json/*.json.gz), which merge and --resume read as they are.\n"
	"Seeds are 0 to 2^63 - 1.\n";

struct cli_opts {
	struct experiment_opts exp;
	const char **sweeps;
	size_t nr_sweeps;
	const char *out;
	const char *mmsim;
	int jobs;
	bool force, render, emit_jobs, partial, resume;
	char **dirs;			/* merge */
	size_t nr_dirs;
	int argc;			/* the command line, for --resume's hint */
	char **argv;
};

/* compare, sweep and merge share one table and one --help; --time,
 * --resume and --emit-jobs are compare's and sweep's, --partial merge's. */
enum {
	OPT_KERNELS, OPT_SEEDS, OPT_SEED, OPT_SCENARIO, OPT_ARCH, OPT_TIME,
	OPT_JOBS, OPT_OUT, OPT_FORCE, OPT_RESUME, OPT_NO_RENDER, OPT_EMIT_JOBS,
	OPT_MMSIM, OPT_PARTIAL, OPT_HELP, NR_OPTS
};

static const struct cli_opt compare_opts[] = {
	[OPT_KERNELS] = { .name = "kernels", .metavar = "LIST",
		.help = "comma-separated profile names (default: every row of the "
			"table; see 'mmsim profiles')" },
	[OPT_SEEDS] = { .name = "seeds", .metavar = "N",
		.help = "runs per kernel (default 5)" },
	[OPT_SEED] = { .name = "seed", .metavar = "BASE",
		.help = "first seed (default: the scenario's [run] seed)" },
	[OPT_SCENARIO] = { .name = "scenario", .metavar = "FILE",
		.help = "a scenario file instead of the embedded default, or the "
			"name of an installed one (reproduction-x86, "
			"desktop-net-gitk: share/mmsim/scenarios/NAME.ini)" },
	[OPT_ARCH] = { .name = "arch", .metavar = "ARCH",
		.help = "x86_64 (default) or x86: which embedded default" },
	[OPT_TIME] = { .name = "time", .only = "compare sweep",
		.metavar = "TIME",
		.help = "stop every run after TIME (60s, 10m) of simulated time at "
			"the latest, as 'mmsim run --time' (default: the "
			"scenario's [run] max_time; 1ms to 8760h as it)" },
	[OPT_JOBS] = { .name = "jobs", .short_name = 'j', .metavar = "N",
		.help = "runs at once (default: the number of online CPUs)" },
	[OPT_OUT] = { .name = "out", .metavar = "DIR",
		.help = "the report folder (default ./" DEFAULT_OUT "; with "
			"--emit-jobs ./" DEFAULT_JOBS_OUT ")" },
	[OPT_FORCE] = { .name = "force",
		.help = "write into a DIR that is not empty: remove the files an "
			"earlier compare, sweep or merge wrote there (its "
			"DIR/.mmsim-manifest lists them); refused when DIR holds "
			"anything else" },
	[OPT_RESUME] = { .name = "resume", .only = "compare sweep",
		.help = "finish the compare or sweep that was writing DIR "
			"(interrupted, or stopped by a full disk): its finished "
			"runs (DIR/json/) are kept and only the others run; give "
			"the options it was started with" },
	[OPT_NO_RENDER] = { .name = "no-render",
		.help = "write the gnuplot scripts but do not run gnuplot" },
	[OPT_EMIT_JOBS] = { .name = "emit-jobs", .only = "compare sweep",
		.help = "write DIR/jobs.txt and print one 'mmsim run' command per "
			"run instead of running; 'mmsim merge DIR' then builds the "
			"report from their --json outputs.  Run the lines with GNU "
			"parallel (optional, Debian: parallel):\n"
			"parallel --jobs 4 --halt now,fail=1 < DIR/jobs.txt" },
	[OPT_MMSIM] = { .name = "mmsim", .metavar = "CMD",
		.help = "the command the emitted lines start with (default mmsim)" },
	[OPT_PARTIAL] = { .name = "partial", .only = "merge",
		.help = "merge only: report whatever results exist" },
	[OPT_HELP] = { .name = "help", .short_name = 'h', .help = "this text" },
};

const struct cli_table compare_option_table = CLI_TABLE(compare_opts, NR_OPTS, 19);

static int parse_args(const char *cmd, int argc, char **argv, struct cli_opts *o)
{
	bool merge = !strcmp(cmd, "merge"), sweep = !strcmp(cmd, "sweep");
	struct cli_options opts;
	uint64_t n;
	int c;

	memset(o, 0, sizeof(*o));
	o->argc = argc;
	o->argv = argv;
	o->render = true;
	o->mmsim = "mmsim";
	o->jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
	if (o->jobs < 1)
		o->jobs = 1;
	o->sweeps = xcalloc((size_t)argc + 1, sizeof(*o->sweeps));
	o->dirs = xcalloc((size_t)argc + 1, sizeof(*o->dirs));
	cli_options_init(&opts, cmd, argc, argv, &compare_option_table);
	while ((c = cli_next_option(&opts)) != -1) {
		switch (c) {
		case OPT_HELP:
			fputs(compare_usage_head, stdout);
			cli_print_options(stdout, &compare_option_table);
			fputs(compare_usage_tail, stdout);
			return -1;
		case OPT_KERNELS: o->exp.kernels = optarg; break;
		case OPT_SEEDS:
			if (cli_count("--seeds", optarg, 1, 100000, &n))
				return 2;
			o->exp.nr_seeds = (unsigned int)n;
			break;
		case OPT_SEED:
			if (cli_count("--seed", optarg, 0, INT64_MAX, &o->exp.base_seed))
				return 2;
			o->exp.base_seed_set = true;
			break;
		case OPT_SCENARIO: o->exp.scenario_path = optarg; break;
		case OPT_TIME: {
			char what[64];

			snprintf(what, sizeof(what), "%s: --time", cmd);
			if (cli_time_key(what, optarg, "run", "max_time",
					 &o->exp.max_time))
				return 2;
			break;
		}
		case OPT_ARCH: o->exp.arch = optarg; break;
		case OPT_JOBS:
			/* "-j" for --jobs too: the name the usage line gives. */
			if (cli_count("-j", optarg, 1, 4096, &n))
				return 2;
			o->jobs = (int)n;
			break;
		case OPT_OUT: o->out = optarg; break;
		case OPT_MMSIM: o->mmsim = optarg; break;
		case OPT_FORCE: o->force = true; break;
		case OPT_NO_RENDER: o->render = false; break;
		case OPT_EMIT_JOBS: o->emit_jobs = true; break;
		case OPT_PARTIAL: o->partial = true; break;
		case OPT_RESUME: o->resume = true; break;
		case CLI_OPERAND:
			if (sweep)
				o->sweeps[o->nr_sweeps++] = optarg;
			else if (merge)
				o->dirs[o->nr_dirs++] = optarg;
			else
				return usage_error("compare: unexpected argument '%s' (a sweep "
						   "is 'mmsim sweep KEY=V1,V2')", optarg);
			break;
		default:
			return cli_unhandled(&opts, c);
		}
	}
	if (sweep && !o->nr_sweeps)
		return usage_error("sweep: which values? (mmsim sweep KEY=V1,V2,...)");
	if (merge && !o->nr_dirs)
		return usage_error("merge: which directories? (mmsim merge DIR...)");
	o->exp.sweeps = o->sweeps;
	o->exp.nr_sweeps = o->nr_sweeps;
	if (o->resume && (o->force || o->emit_jobs))
		return usage_error("%s: --resume keeps what DIR holds: not with %s", cmd,
				   o->force ? "--force" : "--emit-jobs");
	if (!o->out)
		o->out = o->emit_jobs ? DEFAULT_JOBS_OUT : DEFAULT_OUT;
	return 0;
}

/* The command as typed, quoted for a shell, with --resume once. */
static void resume_command(const struct cli_opts *o, FILE *f)
{
	fputs("mmsim", f);
	for (int i = 0; i < o->argc; i++) {
		const char *s = o->argv[i];
		bool plain = *s != 0;

		for (const char *p = s; *p; p++)
			if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
				    "0123456789_./:=@,+-%", *p))
				plain = false;
		fprintf(f, plain ? " %s" : " '%s'", s);
	}
	if (!o->resume)
		fputs(" --resume", f);
}

/* ---- the report ------------------------------------------------------- */

static int write_report(const struct experiment *e, const char *command,
			const struct cli_opts *o, double start)
{
	struct experiment_report er;
	struct report_wall_clock wall;
	struct report_folder_opts fo = { .render = o->render, .wall = &wall };
	char *tables = NULL, note[2048], err[8192];
	size_t tables_len = 0;
	FILE *m;
	int rc;

	experiment_report_init(&er, e, command, mmsim_version);
	m = xopen_memstream(&tables, &tables_len);
	compare_report_print(m, &er.rep);
	fclose(m);
	fputs(tables, stdout);
	fflush(stdout);

	wall.run_seconds = er.run_seconds;
	wall.elapsed = wall_seconds() - start;
	fo.tables_text = tables;
	rc = report_write_folder(&er.rep, o->out, &fo, note, sizeof(note),
				 err, sizeof(err));
	if (rc) {
		/* One line per file that could not be written. */
		char *save = NULL;

		for (char *l = strtok_r(err, "\n", &save); l;
		     l = strtok_r(NULL, "\n", &save))
			fprintf(stderr, "mmsim: %s\n", l);
		if (*note)
			fprintf(stderr, "mmsim: %s\n", note);
	} else {
		if (*note)
			fprintf(stderr, "mmsim: %s\n", note);
		fprintf(stderr, "mmsim: report in %s/index.html\n", o->out);
	}
	free(tables);
	experiment_report_free(&er);
	return rc ? 1 : 0;
}

static size_t nr_results(const struct experiment *e)
{
	size_t n = 0;

	for (size_t i = 0; i < experiment_nr_jobs(e); i++)
		n += e->have[i];
	return n;
}

static int emit_jobs(const struct experiment *e, const struct cli_opts *o)
{
	char err[1024] = "", *jobs_txt, *json_dir, *manifest, *text = NULL;
	size_t len = 0;
	FILE *m;
	int rc = 0;

	json_dir = xasprintf("%s/json", o->out);
	manifest = xasprintf("%s/experiment.json", o->out);
	jobs_txt = xasprintf("%s/jobs.txt", o->out);
	m = xopen_memstream(&text, &len);
	experiment_emit_jobs(e, o->out, o->mmsim, m);
	fclose(m);
	if (experiment_write_scenarios(e, o->out, err, sizeof(err)) ||
	    make_dir(json_dir) ||
	    experiment_write_manifest(e, manifest, err, sizeof(err)) ||
	    report_write_text(jobs_txt, text, err, sizeof(err))) {
		if (!*err)
			snprintf(err, sizeof(err), "%s: %s", json_dir, strerror(errno));
		fprintf(stderr, "mmsim: %s\n", err);
		rc = 1;
	} else {
		fputs(text, stdout);
		fprintf(stderr, "mmsim: %zu jobs in %s; then: mmsim merge %s\n",
			experiment_nr_jobs(e), jobs_txt, o->out);
	}
	free(text);
	free(jobs_txt);
	free(json_dir);
	free(manifest);
	return rc;
}

/*
 * The folder's manifest and lock (outdir.h); with --emit-jobs the jobs'
 * JSON files count as mmsim's own too, written there later by 'mmsim run'.
 */
static int finish_out(const struct experiment *e, const struct cli_opts *o)
{
	size_t n = o->emit_jobs ? experiment_nr_jobs(e) : 0;
	char **planned = xcalloc(n ? n : 1, sizeof(*planned));
	int rc;

	for (size_t i = 0; i < n; i++) {
		char stem[640];

		experiment_job_stem(e, i, stem, sizeof(stem));
		planned[i] = xasprintf("json/%s.json", stem);
	}
	rc = outdir_finish(o->out, (const char *const *)planned, n);
	for (size_t i = 0; i < n; i++)
		free(planned[i]);
	free(planned);
	return rc;
}

/* The runs that finished, for the interrupted command's message. */
static void interrupted(const struct experiment *e, const struct cli_opts *o,
			int sig)
{
	fprintf(stderr, "\nmmsim: %s: interrupted (%s): %zu of %zu runs kept in "
		"%s/json; to finish the others: ", o->argv[0], strsignal(sig),
		nr_results(e), experiment_nr_jobs(e), o->out);
	resume_command(o, stderr);
	fputc('\n', stderr);
}

/* Every job's result file, planned: the manifest names them before they
 * exist, so that a compare killed outright leaves a folder --force and
 * --resume take. */
static int checkpoint(const struct experiment *e, const struct cli_opts *o)
{
	size_t n = experiment_nr_jobs(e);
	char **planned = xcalloc(n ? n : 1, sizeof(*planned));
	int rc;

	for (size_t i = 0; i < n; i++) {
		char stem[640];

		experiment_job_stem(e, i, stem, sizeof(stem));
		planned[i] = xasprintf("json/%s.json", stem);
	}
	rc = outdir_checkpoint(o->out, (const char *const *)planned, n);
	for (size_t i = 0; i < n; i++)
		free(planned[i]);
	free(planned);
	return rc;
}

static int run_experiment(const char *cmd, const struct cli_opts *o)
{
	double start = wall_seconds();
	struct experiment e;
	char err[2048] = "", *manifest = NULL;
	bool resumed = false;
	int failed, rc, sig;
	size_t reused = 0;

	if (experiment_init(&e, &o->exp, err, sizeof(err))) {
		experiment_free(&e);
		return usage_error("%s", err);
	}
	if (cli_dry_run) {
		experiment_free(&e);
		return 0;
	}
	rc = outdir_prepare(o->out, o->force, o->resume ? &resumed : NULL);
	if (rc) {
		experiment_free(&e);
		return rc;
	}
	experiment_set_argv(o->argc, o->argv);
	if (o->emit_jobs) {
		rc = emit_jobs(&e, o);
		goto out;
	}
	if (resumed) {
		if (experiment_check_saved(&e, o->out, err, sizeof(err))) {
			/* The folder is left as it was, manifest and all. */
			outdir_release(o->out);
			experiment_free(&e);
			return usage_error("%s", err);
		}
		reused = experiment_load_saved(&e, o->out);
		fprintf(stderr, "mmsim: %s: %zu of %zu runs kept in %s/json; running "
			"the other %zu\n", cmd, reused, experiment_nr_jobs(&e), o->out,
			experiment_nr_jobs(&e) - reused);
	}
	/* The scenarios and experiment.json first: what --resume checks. */
	manifest = xasprintf("%s/experiment.json", o->out);
	if (experiment_write_scenarios(&e, o->out, err, sizeof(err)) ||
	    (!resumed && experiment_write_manifest(&e, manifest, err, sizeof(err)))) {
		rc = 1;
		fprintf(stderr, "mmsim: %s\n", err);
		goto out;
	}
	checkpoint(&e, o);
	pool_catch_interrupts(true);
	failed = experiment_run(&e, o->jobs, o->out);
	sig = pool_interrupted();
	if (sig) {
		interrupted(&e, o, sig);
		finish_out(&e, o);
		experiment_free(&e);
		free(manifest);
		fflush(stdout);
		pool_reraise(sig);
		return 128 + sig;
	}
	if (failed < 0) {
		fprintf(stderr, "mmsim: cannot start processes: %s\n", strerror(errno));
		rc = 1;
		goto out;
	}
	if (!nr_results(&e)) {
		fprintf(stderr, "mmsim: every run failed\n");
		rc = 1;
		goto out;
	}
	rc = write_report(&e, cmd, o, start);
	/* What --resume and merge read, packed once the report has it. */
	if (experiment_pack_saved(&e, o->out) && !rc)
		rc = 1;
	if (failed) {
		fprintf(stderr, "mmsim: %d of %zu runs failed; the report has the others\n",
			failed, experiment_nr_jobs(&e));
		rc = 1;
	}
out:
	/* A signal during the report: the report is whole or named, the
	 * runs are kept; the signal comes once the manifest is written. */
	sig = pool_interrupted();
	pool_catch_interrupts(false);
	/* Whatever was written is recorded, so --force can remove it. */
	if (finish_out(&e, o) && !rc)
		rc = 1;
	experiment_free(&e);
	free(manifest);
	if (sig) {
		fflush(stdout);
		pool_reraise(sig);
		return 128 + sig;
	}
	return rc;
}

static void free_opts(struct cli_opts *o)
{
	free(o->sweeps);
	free(o->dirs);
}

int cmd_compare(int argc, char **argv)
{
	struct cli_opts o;
	int rc = parse_args("compare", argc, argv, &o);

	if (!rc)
		rc = run_experiment("compare", &o);
	free_opts(&o);
	return rc < 0 ? 0 : rc;
}

int cmd_sweep(int argc, char **argv)
{
	struct cli_opts o;
	int rc = parse_args("sweep", argc, argv, &o);

	if (!rc)
		rc = run_experiment("sweep", &o);
	free_opts(&o);
	return rc < 0 ? 0 : rc;
}

static bool same_dir(const char *a, const char *b)
{
	struct stat sa, sb;

	return !stat(a, &sa) && !stat(b, &sb) && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

int cmd_merge(int argc, char **argv)
{
	double start = wall_seconds();
	struct experiment e;
	struct cli_opts o;
	char err[1024] = "";
	int rc = parse_args("merge", argc, argv, &o);

	if (rc) {
		free_opts(&o);
		return rc < 0 ? 0 : rc;
	}
	for (size_t d = 0; d < o.nr_dirs; d++) {
		struct stat st;

		if (stat(o.dirs[d], &st) || !S_ISDIR(st.st_mode))
			rc = usage_error("merge: %s: not a directory", o.dirs[d]);
		else if (same_dir(o.dirs[d], o.out))
			rc = usage_error("merge: --out %s is one of the input "
					 "directories; write the report elsewhere", o.out);
		if (rc) {
			free_opts(&o);
			return rc;
		}
	}
	if (experiment_merge(&e, o.dirs, o.nr_dirs, o.partial, err, sizeof(err))) {
		experiment_free(&e);
		free_opts(&o);
		return usage_error("merge: %s", err);
	}
	if (cli_dry_run) {
		experiment_free(&e);
		free_opts(&o);
		return 0;
	}
	rc = outdir_prepare(o.out, o.force, NULL);
	if (!rc) {
		rc = write_report(&e, "merge", &o, start);
		if (finish_out(&e, &o) && !rc)
			rc = 1;
	}
	experiment_free(&e);
	free_opts(&o);
	return rc;
}
