// SPDX-License-Identifier: GPL-2.0
/* mmsim: command dispatch.  Each subcommand lives in its own cmd_*.c. */
#include <stdio.h>
#include <stdarg.h>
#include <string.h>
#include "commands.h"
#include "options.h"
#include "experiment/run.h"
#include "scenario/suggest.h"
#include "trace/tracedat.h"

const char mmsim_version[] = MMSIM_VERSION;

static int cmd_help(int argc, char **argv);
static int cmd_version(int argc, char **argv);

const struct command commands[] = {
	{ "help", cmd_help, "list the commands", NULL },
	{ "version", cmd_version, "print the mmsim version", NULL },
	{ "run", cmd_run, "run one simulation and print its result",
	  &run_option_table },
	{ "scenario", cmd_scenario, "print the default scenario, check a scenario file",
	  &scenario_option_table },
	{ "profiles", cmd_profiles, "list the kernel profiles, or explain one",
	  &profiles_option_table },
	{ "show", cmd_show, "print a booted machine's /proc/zoneinfo, buddyinfo, ...",
	  &show_option_table },
	{ "validate", cmd_validate, "the public record's tables beside mmsim's; the claims' verdicts",
	  &validate_option_table },
	{ "report", cmd_report, "an ftrace trace summarised as the kernel's postprocess scripts do",
	  &report_option_table },
	{ "compare", cmd_compare, "every kernel of the cover letter's table, seeds: tables, a report",
	  &compare_option_table },
	{ "sweep", cmd_sweep, "compare over scenario values: KEY=V1,V2 x kernels x seeds",
	  &compare_option_table },
	{ "merge", cmd_merge, "the compare report from 'mmsim run --json' outputs (--emit-jobs)",
	  &compare_option_table },
	{ "calibrate", cmd_calibrate, "fit scenario values to measured ones: a fitted scenario, a record",
	  &calibrate_option_table },
	{ "bisect", cmd_bisect, "which switches make two kernels differ, and how sure that is",
	  &bisect_option_table },
	{ NULL, NULL, NULL, NULL },
};

int usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("mmsim: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return 2;
}

/* mmsim's own options, before the command's name. */
enum { OPT_HELP, OPT_VERSION, NR_OPTS };

static const struct cli_opt main_opts[] = {
	[OPT_HELP] = { .name = "help", .short_name = 'h', .help = "this list" },
	[OPT_VERSION] = { .name = "version",
		.help = "print the mmsim version, as 'mmsim version'" },
};

const struct cli_table main_option_table = {
	.opts = main_opts,
	.nr = NR_OPTS + CLI_BUILD_BUG_ON_ZERO(sizeof(main_opts) /
					      sizeof(main_opts[0]) != NR_OPTS),
	.column = 14,
	.stop_at_operand = true,
};

static void usage(FILE *f)
{
	fprintf(f, "usage: mmsim COMMAND [ARGS]\n\n"
		"Simulates the Linux 2.6.30-2.6.32 page allocator, reclaim, swap,\n"
		"writeback and block congestion.  Commands:\n\n");
	for (const struct command *c = commands; c->name; c++)
		fprintf(f, "  %-10s %s\n", c->name, c->summary);
	fputs("\nOptions, before COMMAND:\n\n", f);
	cli_print_options(f, &main_option_table);
	fprintf(f, "\n'mmsim COMMAND --help' or 'mmsim help COMMAND' describes one "
		"command.\n");
}

/*
 * Names a user types for what another command or a scenario does: the
 * failure explanations are an option of run, and a trace is replayed by
 * a scenario's task running the replay program (docs/workloads.md).
 */
static const struct {
	const char *name, *hint;
} elsewhere[] = {
	{ "explain", "did you mean 'mmsim run --explain'? it explains each "
	  "allocation failure of a run" },
	{ "replay", "a trace is replayed by a scenario task with 'program = "
	  "replay' and 'trace = FILE', run with 'mmsim run SCENARIO' "
	  "(docs/workloads.md, docs/trace.md)" },
};

/* The command named @name, or NULL after "unknown command" and a hint. */
static const struct command *find_command(const char *name)
{
	struct suggest s;

	for (const struct command *cmd = commands; cmd->name; cmd++)
		if (!strcmp(cmd->name, name))
			return cmd;
	for (size_t i = 0; i < sizeof(elsewhere) / sizeof(elsewhere[0]); i++)
		if (!strcmp(elsewhere[i].name, name)) {
			usage_error("unknown command '%s': %s", name,
				    elsewhere[i].hint);
			return NULL;
		}
	suggest_init(&s, name);
	for (const struct command *cmd = commands; cmd->name; cmd++)
		suggest_add(&s, cmd->name);
	usage_error("unknown command '%s' (%stry 'mmsim help')", name,
		    suggest_lead(&s));
	return NULL;
}

/* `mmsim help`: the commands; `mmsim help CMD`: CMD's own --help. */
static int cmd_help(int argc, char **argv)
{
	const struct command *cmd;
	char help[] = "--help";
	char *args[3];

	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(stdout);
		return 0;
	}
	if (argc > 2)
		return usage_error("help: one command at a time ('mmsim help %s')",
				   argv[1]);
	cmd = find_command(argv[1]);
	if (!cmd)
		return 2;
	if (cmd->fn == cmd_help) {
		usage(stdout);
		return 0;
	}
	args[0] = (char *)cmd->name;
	args[1] = help;
	args[2] = NULL;
	return cmd->fn(2, args);
}

static int cmd_version(int argc, char **argv)
{
	/* "mmsim version --help" asks what the command does. */
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			printf("usage: mmsim version\n       mmsim --version\n\n"
			       "Print the mmsim version and whether this build "
			       "reads and writes\ntrace.dat files (libtracecmd).\n");
			return 0;
		}
		return usage_error("version: unexpected argument '%s' (try "
				   "'mmsim version --help')", argv[i]);
	}
	printf("mmsim %s\n", MMSIM_VERSION);
	printf("trace.dat reading: %s\n", tracedat_support());
	printf("trace.dat writing: built in (trace-cmd's v6 layout)\n");
	return 0;
}

bool cli_dry_run;

/*
 * The whole command, in-process: never calls exit(), so a test or the
 * command-line fuzzer (tests/fuzz/fuzz_cli.c) can call it many times.
 */
int cli_main(int argc, char **argv)
{
	struct cli_options o;
	int c;

	/* mmsim's own options stop at the command's name. */
	cli_options_init(&o, NULL, argc, argv, &main_option_table);
	while ((c = cli_next_option(&o)) != -1) {
		switch (c) {
		case OPT_HELP: usage(stdout); return 0;
		case OPT_VERSION: return cmd_version(1, argv);
		default: return cli_unhandled(&o, c);
		}
	}
	/* No command is a usage error: the list on stderr, status 2. */
	if (optind >= argc) {
		usage(stderr);
		return 2;
	}
	{
		const struct command *cmd = find_command(argv[optind]);

		return cmd ? cmd->fn(argc - optind, argv + optind) : 2;
	}
}
