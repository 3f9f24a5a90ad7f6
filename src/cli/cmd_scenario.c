// SPDX-License-Identifier: GPL-2.0
/* mmsim scenario --dump [--arch A] | --check FILE | --keys */
#include <stdio.h>
#include <string.h>
#include "commands.h"
#include "options.h"
#include "experiment/scenario_load.h"

enum { OPT_DUMP, OPT_CHECK, OPT_KEYS, OPT_ARCH, OPT_HELP, NR_OPTS };

static const struct cli_opt scenario_opts[] = {
	[OPT_DUMP] = { .name = "dump",
		.help = "print the embedded default scenario (the 2009 "
			"reproduction), with the source of every value, to copy "
			"and change" },
	[OPT_CHECK] = { .name = "check", .metavar = "FILE",
		.help = "parse FILE with every check a run makes; print nothing "
			"if it is good" },
	[OPT_KEYS] = { .name = "keys",
		.help = "every [machine], [vm], [kernel] and [run] key as a "
			"Markdown table" },
	[OPT_ARCH] = { .name = "arch", .metavar = "ARCH",
		.help = "with --dump: x86_64 (default) or x86, which embedded "
			"default" },
	[OPT_HELP] = { .name = "help", .short_name = 'h', .help = "this text" },
};

const struct cli_table scenario_option_table = CLI_TABLE(scenario_opts, NR_OPTS, 16);

static void scenario_help(FILE *f)
{
	fputs("usage: mmsim scenario --dump [--arch x86|x86_64]\n"
	      "       mmsim scenario --check FILE\n"
	      "       mmsim scenario --keys\n"
	      "\n", f);
	cli_print_options(f, &scenario_option_table);
}

int cmd_scenario(int argc, char **argv)
{
	const char *arch = NULL, *check = NULL;
	bool dump = false, keys = false;
	int modes = 0, operands = 0, c;
	struct scenario_error err;
	struct cli_options o;
	struct scenario *sc;

	cli_options_init(&o, "scenario", argc, argv, &scenario_option_table);
	while ((c = cli_next_option(&o)) != -1) {
		switch (c) {
		case OPT_DUMP: dump = true; modes++; break;
		case OPT_KEYS: keys = true; modes++; break;
		case OPT_CHECK: check = optarg; modes++; break;
		case OPT_ARCH: arch = optarg; break;
		case CLI_OPERAND: operands++; break;
		case OPT_HELP:
			scenario_help(stdout);
			return 0;
		default:
			return cli_unhandled(&o, c);
		}
	}
	if (dump) {
		if (modes > 1 || operands)
			return usage_error("scenario: --dump takes only --arch x86|x86_64");
		if (arch && !cli_arch_ok(arch))
			return usage_error("scenario: --arch '%s': expected x86 or x86_64", arch);
		fputs(arch && !strcmp(arch, "x86") ? scenario_default_x86_text :
						     scenario_default_text, stdout);
		return 0;
	}
	/* Otherwise one of --keys and --check FILE, alone. */
	if (modes != 1 || operands || arch) {
		scenario_help(stderr);
		return 2;
	}
	if (keys) {
		scenario_describe_keys(stdout);
		return 0;
	}
	sc = scenario_load(check, NULL, &err);
	if (!sc) {
		fprintf(stderr, "%s\n", err.msg);
		return 2;
	}
	scenario_free(sc);
	return 0;
}
