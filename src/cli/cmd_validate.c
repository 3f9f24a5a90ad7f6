// SPDX-License-Identifier: GPL-2.0
/* mmsim validate: the public record's tables beside mmsim's, and its claims. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "commands.h"
#include "options.h"
#include "experiment/pool.h"
#include "experiment/record.h"
#include "experiment/validate.h"
#include "report/outfile.h"
#include "scenario/units.h"
#include "util/xalloc.h"

enum {
	OPT_RECORD, OPT_SEEDS, OPT_ALL_SEEDS, OPT_JOBS, OPT_OUT, OPT_RESUME,
	OPT_EMIT_JOBS, OPT_RUN_JOB, OPT_ALPHA, OPT_SAMPLE_INTERVAL, OPT_DATE,
	OPT_COMMIT, OPT_COMMAND, OPT_ENSEMBLE, OPT_ENSEMBLE_SEEDS, OPT_HELP,
	NR_OPTS
};

static const struct cli_opt validate_opts[] = {
	[OPT_RECORD] = { .name = "record", .metavar = "SETS",
		.help = "the data sets: all (default), or any of cover, 13nov, "
			"19nov, 20nov, 26nov, 27nov joined by commas" },
	[OPT_SEEDS] = { .name = "seeds", .metavar = "N",
		.help = "seeds per condition (default 10, at least 2); from 6, "
			"sequentially: half of them first, the rest only for the "
			"conditions of the claims those leave open (a claim is "
			"decided at the first look when every comparison its rule "
			"counts is significant at alpha / 10 either way, or one it "
			"needs is, the other way, or points the wrong way at all, "
			"or the right way with a conditional power below 10% at "
			"N seeds: futility)" },
	[OPT_ALL_SEEDS] = { .name = "all-seeds",
		.help = "every seed for every condition, no first look" },
	[OPT_JOBS] = { .name = "jobs", .short_name = 'j', .metavar = "N",
		.help = "simulations at once (default 2)" },
	[OPT_OUT] = { .name = "out", .metavar = "FILE",
		.help = "the report (default: stdout); each run's measures are "
			"kept in FILE.runs/ until the report is written (FILE a "
			"regular file or a new one: a device or a pipe gets the "
			"report only, nothing beside it)" },
	[OPT_RESUME] = { .name = "resume",
		.help = "after an interrupt (Ctrl-C, SIGTERM, a full disk): the "
			"same options again, and only the runs not kept in "
			"FILE.runs/ run; the report is the one an uninterrupted "
			"validate writes" },
	[OPT_EMIT_JOBS] = { .name = "emit-jobs", .metavar = "FILE",
		.help = "with --out: run nothing; write to FILE one command line "
			"for each run not kept in FILE.runs/ (for GNU parallel or "
			"a Slurm array, docs/compare.md); once they have run, the "
			"same command writes the report (and FILE empty)" },
	[OPT_RUN_JOB] = { .name = "run-job", .metavar = "ID",
		.help = "with --out: the one run ID of an --emit-jobs line, kept "
			"in FILE.runs/ (the lines carry it)" },
	[OPT_ALPHA] = { .name = "alpha", .metavar = "A",
		.help = "Welch's test level (default 0.05)" },
	[OPT_SAMPLE_INTERVAL] = { .name = "sample-interval", .metavar = "TIME",
		.help = "time-series period of the runs, for claim 5(b)'s fraction "
			"above the high watermark (default 100ms; the scenarios' "
			"own is 1s; sampling does not change a run)" },
	[OPT_DATE] = { .name = "date", .metavar = "TEXT",
		.help = "date to print in the report's header" },
	[OPT_COMMIT] = { .name = "commit", .metavar = "TEXT",
		.help = "commit to print in the report's header" },
	[OPT_COMMAND] = { .name = "command", .metavar = "TEXT",
		.help = "command to print in the header (default: mmsim validate)" },
	[OPT_ENSEMBLE] = { .name = "ensemble", .metavar = "FILE",
		.help = "also judge every claim at each point of the ensemble of "
			"FILE, a calibration.json of 'mmsim calibrate --ensemble "
			"N' (points fitting the 2.6.30 targets within their "
			"spread): \"holds at 9 of 12\"" },
	[OPT_ENSEMBLE_SEEDS] = { .name = "ensemble-seeds", .metavar = "N",
		.help = "seeds per condition at each point (default 3)" },
	[OPT_HELP] = { .name = "help", .short_name = 'h',
		.help = "this text" },
};

const struct cli_table validate_option_table = CLI_TABLE(validate_opts, NR_OPTS, 17);

static void usage(FILE *f)
{
	fputs("usage: mmsim validate [options]\n\n"
	      "Run every modelled row of the public record's tables (the cover\n"
	      "letter's and the thread's after it, 13-27 Nov 2009) at N seeds and\n"
	      "write a markdown report: the published tables beside mmsim's and the\n"
	      "verdict on each claim made from them (docs/validation.md).\n\n", f);
	cli_print_options(f, &validate_option_table);
}

int cmd_validate(int argc, char **argv)
{
	struct validate_opts o = {
		.nr_seeds = 10, .jobs = 2, .alpha = 0.05,
		.command = "mmsim validate",
	};
	const char *out = NULL, *ensemble = NULL, *emit = NULL, *run_job = NULL;
	struct validate_ensemble ens;
	unsigned int ens_seeds = 3;
	bool resume = false;
	char *runs = NULL;
	struct cli_options opts;
	struct outfile of;
	uint64_t n;
	char err[512], *end;
	int c;

	o.progress = isatty(STDERR_FILENO);
	cli_options_init(&opts, "validate", argc, argv, &validate_option_table);
	while ((c = cli_next_option(&opts)) != -1) {
		switch (c) {
		case OPT_SEEDS:
			if (!cli_count_ok(optarg, 2, 100000, &n))
				return usage_error("validate: --seeds: '%s' is not a count >= 2", optarg);
			o.nr_seeds = (unsigned int)n;
			break;
		case OPT_JOBS:
			if (!cli_count_ok(optarg, 1, 256, &n))
				return usage_error("validate: --jobs: '%s' is not 1-256", optarg);
			o.jobs = (int)n;
			break;
		case OPT_RECORD:
			if (record_parse_sets(optarg, &o.sets, err, sizeof(err)))
				return usage_error("validate: --record: %s", err);
			break;
		case OPT_OUT: out = optarg; break;
		case OPT_ENSEMBLE: ensemble = optarg; break;
		case OPT_ENSEMBLE_SEEDS:
			if (!cli_count_ok(optarg, 2, 100000, &n))
				return usage_error("validate: --ensemble-seeds: '%s' is not a count >= 2", optarg);
			ens_seeds = (unsigned int)n;
			break;
		case OPT_ALPHA:
			o.alpha = strtod(optarg, &end);
			if (end == optarg || *end || !(o.alpha > 0 && o.alpha < 1))
				return usage_error("validate: --alpha: '%s' is not in (0, 1)", optarg);
			break;
		case OPT_SAMPLE_INTERVAL:
			if (cli_time_key("validate: --sample-interval", optarg, "run",
					 "sample_interval", &o.sample_interval))
				return 2;
			break;
		case OPT_DATE: o.date = optarg; break;
		case OPT_COMMIT: o.commit = optarg; break;
		case OPT_COMMAND: o.command = optarg; break;
		case OPT_RESUME: resume = true; break;
		case OPT_EMIT_JOBS: emit = optarg; break;
		case OPT_ALL_SEEDS: o.all_seeds = true; break;
		case OPT_RUN_JOB: run_job = optarg; break;
		case OPT_HELP: usage(stdout); return 0;
		case CLI_OPERAND:
			return usage_error("validate: unexpected argument '%s'", optarg);
		default: return cli_unhandled(&opts, c);
		}
	}
	if (resume && !out)
		return usage_error("validate: --resume needs --out FILE (the runs of "
				   "an interrupted validate are kept in FILE.runs/)");
	if ((emit || run_job) && !out)
		return usage_error("validate: --%s needs --out FILE (the runs are "
				   "kept in FILE.runs/, which every machine that "
				   "runs a job must reach)", emit ? "emit-jobs" :
				   "run-job");
	/* Runs done elsewhere are kept, as after an interrupt. */
	resume |= emit || run_job;
	if (ensemble) {
		if (validate_read_ensemble(ensemble, &ens, err, sizeof(err)))
			return usage_error("validate: --ensemble: %s", err);
		ens.nr_seeds = ens_seeds;
		o.ensemble = &ens;
	}
	if (cli_dry_run) {
		if (ensemble)
			validate_ensemble_free(&ens);
		return 0;
	}
	if (run_job) {
		/* One run into FILE.runs/; the report is the emitting
		 * command's. */
		FILE *none;

		runs = xasprintf("%s.runs", out);
		o.runs_dir = runs;
		o.progress = 0;
		if (cli_pool_mode("validate", NULL, run_job, argc, argv)) {
			free(runs);
			return 2;
		}
		none = fopen("/dev/null", "w");
		c = none ? validate_run(&o, none, err, sizeof(err)) : -1;
		if (!none)
			snprintf(err, sizeof(err), "/dev/null: %s", strerror(errno));
		else
			fclose(none);
		if (ensemble)
			validate_ensemble_free(&ens);
		free(runs);
		if (cli_pool_finish("validate", &c))
			return c;
		fprintf(stderr, "mmsim: validate: --run-job %s: %s\n", run_job,
			c ? err : "every run is kept already");
		return 1;
	}
	/* Opened first: an unwritable place is refused before the runs. */
	if (out && outfile_open(&of, out)) {
		if (ensemble)
			validate_ensemble_free(&ens);
		return usage_error("validate: --out %s: cannot write: %s", out,
				   outfile_error(&of));
	}
	/*
	 * Kept runs go beside a regular file only: a device or a FIFO
	 * (/dev/full, a pipe) has no folder of its own beside it, and
	 * FILE.runs/ there would be created in /dev or wherever the pipe
	 * is.  Such a report is written straight through, runs not kept.
	 */
	if (out && !of.tmp_path && resume) {
		outfile_abort(&of);
		if (ensemble)
			validate_ensemble_free(&ens);
		return usage_error("validate: --resume: --out %s is not a regular "
				   "file, so no runs were kept beside it (FILE.runs/)",
				   out);
	}
	if (out && of.tmp_path) {
		runs = xasprintf("%s.runs", out);
		/* Runs kept by an earlier invocation are taken only when
		 * asked (and only from this build: the key hashes it). */
		if (!resume)
			pool_cache_remove(runs);
		o.runs_dir = runs;
	}
	if (cli_pool_mode("validate", emit, NULL, argc, argv)) {
		outfile_abort(&of);
		free(runs);
		return 2;
	}
	pool_catch_interrupts(true);
	c = validate_run(&o, out ? of.fp : stdout, err, sizeof(err));
	if (ensemble)
		validate_ensemble_free(&ens);
	if (cli_pool_finish("validate", &c)) {
		/* No report yet: FILE is left as it was. */
		pool_catch_interrupts(false);
		outfile_abort(&of);
		free(runs);
		return c;
	}
	if (c) {
		int sig = pool_interrupted();

		if (out)
			outfile_abort(&of);
		fprintf(stderr, "mmsim: validate: %s\n", err);
		if (sig) {
			if (out)
				fprintf(stderr, "mmsim: validate: nothing written to %s; the "
					"same command with --resume runs only the rest\n", out);
			free(runs);
			pool_reraise(sig);
			return 128 + sig;
		}
		free(runs);
		pool_catch_interrupts(false);
		return 1;
	}
	pool_catch_interrupts(false);
	if (out && outfile_commit(&of)) {
		fprintf(stderr, "mmsim: validate: --out %s: cannot write: %s\n", out,
			outfile_error(&of));
		free(runs);
		return 1;
	}
	/* The report holds everything the runs said. */
	if (runs)
		pool_cache_remove(runs);
	free(runs);
	return 0;
}
