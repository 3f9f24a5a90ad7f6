// SPDX-License-Identifier: GPL-2.0
/* mmsim bisect A B: which profile switches make two kernels differ. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "commands.h"
#include "options.h"
#include "outdir.h"
#include "experiment/bisect.h"
#include "experiment/pool.h"
#include "report/compare_report.h"
#include "scenario/units.h"
#include "util/xalloc.h"

#define DEFAULT_OUT	"mmsim-bisect"

enum {
	OPT_SEEDS, OPT_ALL_SEEDS, OPT_SCREEN, OPT_NO_SCREEN, OPT_NEGLIGIBLE,
	OPT_FUTILITY, OPT_SEED, OPT_MEASURE,
	OPT_SCENARIO, OPT_ARCH, OPT_SWITCH_A, OPT_SWITCH_B, OPT_TIME, OPT_JOBS,
	OPT_OUT, OPT_FORCE, OPT_RESUME, OPT_RUNS, OPT_EMIT_JOBS, OPT_RUN_JOB,
	OPT_HELP, NR_OPTS
};

static const struct cli_opt bisect_opts[] = {
	[OPT_SEEDS] = { .name = "seeds", .metavar = "N",
		.help = "runs of each kernel and each flip (default 5, at least 2)" },
	[OPT_ALL_SEEDS] = { .name = "all-seeds",
		.help = "no stopping early: every flip at every seed" },
	[OPT_SCREEN] = { .name = "screen", .metavar = "MODE",
		.help = "off (default: every switch alone), negligible "
			"(each subsystem's switches together first; split a "
			"group unless it is within the band), significant "
			"(split it only if an interval excludes zero beyond the "
			"band: cheaper, it trusts the assumption further)" },
	[OPT_NO_SCREEN] = { .name = "no-screen", .help = "--screen off" },
	[OPT_NEGLIGIBLE] = { .name = "negligible", .metavar = "F",
		.help = "a flip's way whose interval lies within +-F x |B - A| "
			"is decided small and stops, a group so is not split "
			"(default 0.1)" },
	[OPT_FUTILITY] = { .name = "futility", .metavar = "P",
		.help = "a flip's way also stops once its undecided interval "
			"could not fit within the band at --seeds and would "
			"exclude zero there with probability below P, were the "
			"effect the one seen so far (default 0.1; 0: never)" },
	[OPT_SEED] = { .name = "seed", .metavar = "BASE",
		.help = "first seed (default: the scenario's [run] seed)" },
	[OPT_MEASURE] = { .name = "measure", .metavar = "NAME",
		.help = "what to explain: elapsed (default), failures, or any row "
			"of 'mmsim compare' (see below)" },
	[OPT_SCENARIO] = { .name = "scenario", .metavar = "FILE",
		.help = "a scenario file instead of the embedded default, or the "
			"name of an installed one (reproduction-x86, ...)" },
	[OPT_ARCH] = { .name = "arch", .metavar = "ARCH",
		.help = "x86_64 (default) or x86: which embedded default" },
	[OPT_SWITCH_A] = { .name = "switch-a", .flags = CLI_REPEATABLE,
		.metavar = "NAME=VALUE",
		.help = "a switch set by hand on A only (repeatable; 'mmsim run "
			"--switch' sets them the same way)" },
	[OPT_SWITCH_B] = { .name = "switch-b", .flags = CLI_REPEATABLE,
		.metavar = "NAME=VALUE",
		.help = "a switch set by hand on B only (repeatable)" },
	[OPT_TIME] = { .name = "time", .metavar = "TIME",
		.help = "stop every run after TIME of simulated time at most (1ms "
			"to 8760h, as the scenario's [run] max_time)" },
	[OPT_JOBS] = { .name = "jobs", .short_name = 'j', .metavar = "N",
		.help = "runs at once (default: the number of online CPUs)" },
	[OPT_OUT] = { .name = "out", .metavar = "DIR",
		.help = "the report folder: bisect.txt, bisect.json, index.html "
			"with a bar chart (default ./" DEFAULT_OUT ")" },
	[OPT_FORCE] = { .name = "force",
		.help = "write into a DIR an earlier mmsim command wrote" },
	[OPT_RESUME] = { .name = "resume",
		.help = "after an interrupt (Ctrl-C, SIGTERM): the same command "
			"again; the runs kept in DIR/runs/ are not run again, and "
			"the report is the uninterrupted one's" },
	[OPT_RUNS] = { .name = "runs", .metavar = "RDIR",
		.help = "keep every run in RDIR instead of DIR/runs/, after the "
			"report too, and take the ones RDIR holds (the same "
			"kernels, switches, scenario, seed and mmsim version): a "
			"bisect of another measure then reuses them" },
	[OPT_EMIT_JOBS] = { .name = "emit-jobs", .metavar = "FILE",
		.help = "with --runs: run nothing; write to FILE one command line "
			"for each run of the next round not kept in RDIR (for GNU "
			"parallel or a Slurm array, docs/compare.md); once they "
			"have run, the same command gives the next round's, and "
			"when none is left (FILE empty), the report" },
	[OPT_RUN_JOB] = { .name = "run-job", .metavar = "ID",
		.help = "with --runs: run the one run ID of an --emit-jobs line "
			"into RDIR (the lines carry it)" },
	[OPT_HELP] = { .name = "help", .short_name = 'h', .help = "this text" },
};

const struct cli_table bisect_option_table = CLI_TABLE(bisect_opts, NR_OPTS, 19);

static const char usage_head[] =
	"usage: mmsim bisect A B [OPTIONS]\n"
	"\n"
	"Which profile switches make kernel A and kernel B differ on a measure\n"
	"(fake-gitk's elapsed time unless --measure says otherwise).  A and B\n"
	"run the same seeds; every switch whose value differs and that either\n"
	"kernel read in some run (switch_reads) is then flipped, both ways: A\n"
	"with it at B's value, and B with it at A's.  With --screen, each\n"
	"subsystem's switches are flipped together first (slowpath,\n"
	"congestion_wait, vmscan, pcp, sched, cfq, ...: the report lists the\n"
	"groups); a group is split into single flips unless its runs were\n"
	"identical or both its intervals lie within +-10% of |B - A|, and its\n"
	"switches are otherwise taken to lie within the group's intervals (the\n"
	"report prints this assumption: opposite effects in one group are\n"
	"missed).  On the reproduction screening saved no runs (negligible)\n"
	"or missed a switch (significant), so it is off by default.\n"
	"Each switch's effect gets a Welch confidence interval over the seeds;\n"
	"the sum of the single effects is set against the whole B - A, the\n"
	"rest being interaction.  When the single effects leave more than half\n"
	"of B - A unexplained, delta debugging (ddmin) finds a 1-minimal set of\n"
	"switches that, set on A to B's values, gives at least half of it, and\n"
	"says how many runs that took.  A flip whose first two runs give\n"
	"exactly the kernel's own values has no effect here and stops there;\n"
	"so does one way alone whose runs do (\"identical runs\").\n"
	"For the others each way runs on its own, in stages of seeds (2, 4, 8,\n"
	"... up to --seeds), its interval set against its kernel's runs on the\n"
	"same seeds, and stops once decided: excluding\n"
	"zero, or within +-10% of |B - A| (a 95% interval at the seeds it\n"
	"stopped at, not widened for the looks: --all-seeds for fixed-size\n"
	"intervals); or once futile: were the runs to come like those so far,\n"
	"at --seeds it could not fit within the band and would exclude zero\n"
	"with probability below 10% (--futility).  The seeds column says\n"
	"FORWARD/BACKWARD when the ways differ, an f after a way stopped as\n"
	"futile.  With normal runs and\n"
	"--seeds 10, the rules find an effect as often as every seed does\n"
	"(79% of the time for one every seed finds 79% of the time), run a\n"
	"way without effect 6.3 seeds on average (9.7 without futility), and\n"
	"call it significant 9.1% of the time, not 5%\n"
	"(scripts/futility-power.py in the source);\n"
	"a group stops once its verdict is certain.  Every run keeps every\n"
	"measure, so a bisect of another measure with the same --runs DIR runs\n"
	"again only the flips its own stopping and screening ask for beyond\n"
	"the first's.\n"
	"\n"
	"  $ mmsim bisect 2.6.30-0000000-force-highorder \\\n"
	"        2.6.32-rc6-0000000-force-highorder --seeds 10\n"
	"  $ mmsim bisect 2.6.32-rc6 2.6.32.9 --measure failures --arch x86\n"
	"\n";

static const char usage_tail[] =
	"\n"
	"Refused: two kernels that set every switch alike (compare them with\n"
	"'mmsim profiles --diff A B'), an unknown measure, fewer than 2 seeds.\n"
	"The table goes to stdout, progress to stderr; the output is the same\n"
	"at any -j.  Exit status: 0; 1 a run or an output failed; 2 bad usage.\n";

/* "Measures: a, b, ..." wrapped within 78 columns (the man page's). */
static void print_measures(FILE *f, const char *names)
{
	size_t col = fprintf(f, "\nMeasures:") - 1;

	while (*names) {
		size_t n = strcspn(names, ",");
		bool last = !names[n];

		if (col + 1 + n + 1 > 78) {
			fputs("\n ", f);
			col = 1;
		}
		col += fprintf(f, " %.*s%s", (int)n, names, last ? "." : ",");
		names += n;
		while (*names == ',' || *names == ' ')
			names++;
	}
	fputc('\n', f);
}

int cmd_bisect(int argc, char **argv)
{
	struct bisect_opts o = { .nr_seeds = 5 };
	char a_sw[1024] = "", b_sw[1024] = "";
	struct bisect_report r;
	struct cli_options opts;
	const char *out = DEFAULT_OUT, *runs_opt = NULL;
	const char *emit = NULL, *run_job = NULL;
	bool force = false, resume = false, resumed = false;
	char err[4096], *runs = NULL;
	uint64_t n;
	int c, rc, sig;

	o.jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
	if (o.jobs < 1)
		o.jobs = 1;
	cli_options_init(&opts, "bisect", argc, argv, &bisect_option_table);
	while ((c = cli_next_option(&opts)) != -1) {
		switch (c) {
		case OPT_HELP:
			fputs(usage_head, stdout);
			cli_print_options(stdout, &bisect_option_table);
			fputs(usage_tail, stdout);
			print_measures(stdout, bisect_measure_names());
			return 0;
		case OPT_SEEDS:
			if (cli_count("bisect: --seeds", optarg, 0, 100000, &n))
				return 2;
			o.nr_seeds = (unsigned int)n;
			break;
		case OPT_SEED:
			if (cli_count("bisect: --seed", optarg, 0, INT64_MAX,
				      &o.base_seed))
				return 2;
			o.base_seed_set = true;
			break;
		case OPT_MEASURE: o.measure = optarg; break;
		case OPT_SCENARIO: o.scenario_path = optarg; break;
		case OPT_ARCH: o.arch = optarg; break;
		case OPT_TIME:
			if (cli_time_key("bisect: --time", optarg, "run", "max_time",
					 &o.max_time))
				return 2;
			break;
		case OPT_JOBS:
			if (cli_count("-j", optarg, 1, 4096, &n))
				return 2;
			o.jobs = (int)n;
			break;
		case OPT_SWITCH_A:
		case OPT_SWITCH_B: {
			char *sw = c == OPT_SWITCH_A ? a_sw : b_sw;
			size_t n = strlen(sw);

			if (!strchr(optarg, '=') || strchr(optarg, ' ') ||
			    n + strlen(optarg) + 2 > sizeof(a_sw))
				return usage_error("bisect: --switch-%c '%s': expected NAME=VALUE (e.g. cw_alloc=BOTH), at most %zu characters in all",
						   c == OPT_SWITCH_A ? 'a' : 'b',
						   optarg, sizeof(a_sw) - 1);
			snprintf(sw + n, sizeof(a_sw) - n, "%s%s", n ? " " : "",
				 optarg);
			break;
		}
		case OPT_OUT: out = optarg; break;
		case OPT_FORCE: force = true; break;
		case OPT_RESUME: resume = true; break;
		case OPT_ALL_SEEDS: o.all_seeds = true; break;
		case OPT_NEGLIGIBLE: {
			char *end;

			o.negligible = strtod(optarg, &end);
			if (end == optarg || *end || !(o.negligible > 0 &&
						       o.negligible < 1))
				return usage_error("bisect: --negligible '%s': expected a fraction of |B - A| in (0, 1), e.g. 0.1",
						   optarg);
			break;
		}
		case OPT_FUTILITY: {
			char *end;

			o.futility = strtod(optarg, &end);
			if (end == optarg || *end || !(o.futility >= 0 &&
						       o.futility < 1))
				return usage_error("bisect: --futility '%s': expected a probability in [0, 1), e.g. 0.1 (0: never)",
						   optarg);
			if (o.futility == 0)
				o.futility = -1;
			break;
		}
		case OPT_SCREEN:
			if (!strcmp(optarg, "negligible"))
				o.screen = BISECT_SCREEN_NEGLIGIBLE;
			else if (!strcmp(optarg, "significant"))
				o.screen = BISECT_SCREEN_SIGNIFICANT;
			else if (!strcmp(optarg, "off"))
				o.screen = BISECT_SCREEN_OFF;
			else
				return usage_error("bisect: --screen '%s': expected negligible, significant or off",
						   optarg);
			break;
		case OPT_NO_SCREEN: o.screen = BISECT_SCREEN_OFF; break;
		case OPT_EMIT_JOBS: emit = optarg; break;
		case OPT_RUN_JOB: run_job = optarg; break;
		case OPT_RUNS:
			if (!*optarg)
				return usage_error("bisect: --runs: an empty path");
			runs_opt = optarg;
			break;
		case CLI_OPERAND:
			if (!o.a)
				o.a = optarg;
			else if (!o.b)
				o.b = optarg;
			else
				return usage_error("bisect: two kernels, A and B; '%s' is a third (try 'mmsim bisect --help')",
						   optarg);
			break;
		default:
			return cli_unhandled(&opts, c);
		}
	}
	o.a_switches = a_sw;
	o.b_switches = b_sw;
	if (o.scenario_path && o.arch)
		return usage_error("bisect: --arch picks the embedded default scenario; a scenario file sets [machine] arch itself");
	if (o.arch && strcmp(o.arch, "x86") && strcmp(o.arch, "x86_64"))
		return usage_error("bisect: --arch '%s': expected x86 or x86_64", o.arch);
	if (force && resume)
		return usage_error("bisect: --resume keeps what DIR holds: not with --force");
	if (bisect_check(&o, err, sizeof(err)))
		return usage_error("%s", err);
	if ((emit || run_job) && !runs_opt)
		return usage_error("bisect: --%s needs --runs RDIR, a folder every "
				   "machine that runs a job can reach", emit ?
				   "emit-jobs" : "run-job");
	if (cli_dry_run)
		return 0;
	if (run_job) {
		/* One run into RDIR: the report folder is the emitting
		 * command's. */
		o.runs_dir = runs_opt;
		if (cli_pool_mode("bisect", NULL, run_job, argc, argv))
			return 2;
		rc = bisect_run(&o, &r, err, sizeof(err));
		if (!cli_pool_finish("bisect", &rc)) {
			fprintf(stderr, "mmsim: bisect: --run-job %s: every run of "
				"this bisect is kept in %s already\n", run_job,
				runs_opt);
			rc = 1;
		}
		bisect_free(&r);
		return rc;
	}
	rc = outdir_prepare(out, force, resume || emit ? &resumed : NULL);
	if (rc)
		return rc;
	if (cli_pool_mode("bisect", emit, NULL, argc, argv)) {
		outdir_finish(out, NULL, 0);
		return 2;
	}
	runs = runs_opt ? xstrdup(runs_opt) : xasprintf("%s/runs", out);
	/* Runs kept by an earlier mmsim are taken only when asked (--resume,
	 * or a --runs folder), and then only those of this very binary (the
	 * key holds a hash of it). */
	if (!resumed && !runs_opt)
		pool_cache_remove(runs);
	o.runs_dir = runs;
	pool_catch_interrupts(true);
	rc = bisect_run(&o, &r, err, sizeof(err));
	sig = pool_interrupted();
	pool_catch_interrupts(false);
	if (cli_pool_finish("bisect", &rc)) {
		outdir_finish(out, NULL, 0);
		free(runs);
		bisect_free(&r);
		return rc;
	}
	if (sig) {
		/* No report from part of the rounds: --resume replays them
		 * from the kept runs.  The manifest names the runs, so that
		 * --force may clear them. */
		fprintf(stderr, "\nmmsim: bisect: interrupted (%s); the finished "
			"runs are kept in %s: the same command with --resume "
			"finishes it\n", strsignal(sig), runs);
		outdir_finish(out, NULL, 0);
		free(runs);
		pool_reraise(sig);
		return 128 + sig;
	}
	if (rc) {
		fprintf(stderr, "mmsim: %s\n", err);
		outdir_finish(out, NULL, 0);
		free(runs);
		return 1;
	}
	if (r.cached_runs)
		fprintf(stderr, "mmsim: bisect: %zu of %zu runs were kept in %s\n",
			r.cached_runs, r.runs, runs);
	bisect_report_text(stdout, &r);
	fflush(stdout);
	rc = 0;
	if (bisect_report_write(&r, out, err, sizeof(err))) {
		char *save = NULL;

		for (char *l = strtok_r(err, "\n", &save); l;
		     l = strtok_r(NULL, "\n", &save))
			fprintf(stderr, "mmsim: %s\n", l);
		rc = 1;
	} else {
		fprintf(stderr, "mmsim: report in %s/index.html\n", out);
		/* The report holds what the runs said; a --runs folder is
		 * kept for the next bisect. */
		if (!runs_opt)
			pool_cache_remove(runs);
	}
	free(runs);
	if (outdir_finish(out, NULL, 0) && !rc)
		rc = 1;
	bisect_free(&r);
	return rc;
}
