// SPDX-License-Identifier: GPL-2.0
/* mmsim validate: both cover-letter tables and issue 8's claims. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "commands.h"
#include "experiment/validate.h"
#include "report/outfile.h"
#include "scenario/units.h"

static void usage(FILE *f)
{
	fputs("usage: mmsim validate [options]\n\n"
	      "Run every row of the cover letter's x86-64 and x86 tables at N seeds\n"
	      "and write a markdown report: the published tables beside mmsim's and\n"
	      "the verdict on each claim of issue 8 (docs/validation.md).\n\n"
	      "  --seeds N      seeds per row (default 10, at least 2)\n"
	      "  -j, --jobs N   simulations at once (default 2)\n"
	      "  --out FILE     the report (default: stdout)\n"
	      "  --alpha A      Welch's test level (default 0.05)\n"
	      "  --sample-interval TIME\n"
	      "                 time-series period of the runs, for claim 5(b)'s\n"
	      "                 fraction above the high watermark (default 100ms;\n"
	      "                 the scenarios' own is 1s; sampling does not change a run)\n"
	      "  --date TEXT    date to print in the report's header\n"
	      "  --commit TEXT  commit to print in the report's header\n"
	      "  --command TEXT command to print in the header (default: mmsim validate)\n"
	      "  -h, --help     this text\n", f);
}

static int parse_uint_arg(const char *s, unsigned int *v)
{
	char *end;
	unsigned long x;

	/* Digits only: strtoul would skip blanks and negate "-1". */
	if (*s < '0' || *s > '9')
		return -1;
	x = strtoul(s, &end, 10);
	if (*end || x > 100000)
		return -1;
	*v = (unsigned int)x;
	return 0;
}

int cmd_validate(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "seeds", required_argument, NULL, 's' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "out", required_argument, NULL, 'o' },
		{ "alpha", required_argument, NULL, 'a' },
		{ "sample-interval", required_argument, NULL, 'i' },
		{ "date", required_argument, NULL, 'd' },
		{ "commit", required_argument, NULL, 'c' },
		{ "command", required_argument, NULL, 'C' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct validate_opts o = {
		.nr_seeds = 10, .jobs = 2, .alpha = 0.05,
		.command = "mmsim validate",
	};
	const char *out = NULL;
	struct outfile of;
	unsigned int jobs;
	char err[512], why[64], *end;
	int c;

	o.progress = isatty(STDERR_FILENO);
	optind = 0;	/* a full getopt reset: see cmd_run.c */
	while ((c = getopt_long(argc, argv, "j:h", longopts, NULL)) != -1) {
		switch (c) {
		case 's':
			if (parse_uint_arg(optarg, &o.nr_seeds) || o.nr_seeds < 2)
				return usage_error("validate: --seeds: '%s' is not a count >= 2", optarg);
			break;
		case 'j':
			if (parse_uint_arg(optarg, &jobs) || !jobs || jobs > 256)
				return usage_error("validate: --jobs: '%s' is not 1-256", optarg);
			o.jobs = (int)jobs;
			break;
		case 'o': out = optarg; break;
		case 'a':
			o.alpha = strtod(optarg, &end);
			if (end == optarg || *end || !(o.alpha > 0 && o.alpha < 1))
				return usage_error("validate: --alpha: '%s' is not in (0, 1)", optarg);
			break;
		case 'i':
			if (parse_time(optarg, &o.sample_interval, why, sizeof(why)))
				return usage_error("validate: --sample-interval: '%s': %s", optarg, why);
			if (o.sample_interval < 1000000ULL || o.sample_interval > 3600000000000ULL)
				return usage_error("validate: --sample-interval: '%s' is not from 1ms to 1h", optarg);
			break;
		case 'd': o.date = optarg; break;
		case 'c': o.commit = optarg; break;
		case 'C': o.command = optarg; break;
		case 'h': usage(stdout); return 0;
		default: return usage_error("validate: try 'mmsim validate --help'");
		}
	}
	if (optind < argc)
		return usage_error("validate: unexpected argument '%s'", argv[optind]);
	if (cli_dry_run)
		return 0;
	if (out && outfile_open(&of, out))
		return usage_error("validate: cannot write %s", out);
	if (validate_run(&o, out ? of.fp : stdout, err, sizeof(err))) {
		if (out)
			outfile_abort(&of);
		fprintf(stderr, "mmsim: validate: %s\n", err);
		return 1;
	}
	if (out && outfile_commit(&of))
		return usage_error("validate: cannot write %s", out);
	return 0;
}
