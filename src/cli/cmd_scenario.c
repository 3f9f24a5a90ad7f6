// SPDX-License-Identifier: GPL-2.0
/* mmsim scenario --dump [--arch A] | --check FILE | --keys */
#include <stdio.h>
#include <string.h>
#include "commands.h"
#include "options.h"
#include "experiment/scenario_load.h"

static void scenario_help(FILE *f)
{
	fputs("usage: mmsim scenario --dump [--arch x86|x86_64]\n"
	      "       mmsim scenario --check FILE\n"
	      "       mmsim scenario --keys\n"
	      "\n"
	      "  --dump    print the embedded default scenario (the 2009 reproduction),\n"
	      "            with the source of every value, to copy and change\n"
	      "  --check   parse FILE with every check a run makes; print nothing if\n"
	      "            it is good\n"
	      "  --keys    every [machine], [vm], [kernel] and [run] key as a Markdown table\n", f);
}

int cmd_scenario(int argc, char **argv)
{
	enum { OPT_DUMP = CLI_LONG_ONLY, OPT_CHECK, OPT_KEYS, OPT_ARCH };
	static const struct option longopts[] = {
		{ "dump", no_argument, NULL, OPT_DUMP },
		{ "check", required_argument, NULL, OPT_CHECK },
		{ "keys", no_argument, NULL, OPT_KEYS },
		{ "arch", required_argument, NULL, OPT_ARCH },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *arch = NULL, *check = NULL;
	bool dump = false, keys = false;
	int modes = 0, operands = 0, c;
	struct scenario_error err;
	struct cli_options o;
	struct scenario *sc;

	cli_options_start(&o, "scenario", argc, argv, "h", longopts);
	while ((c = cli_next_option(&o)) != -1) {
		switch (c) {
		case OPT_DUMP: dump = true; modes++; break;
		case OPT_KEYS: keys = true; modes++; break;
		case OPT_CHECK: check = optarg; modes++; break;
		case OPT_ARCH: arch = optarg; break;
		case CLI_OPERAND: operands++; break;
		case 'h':
			scenario_help(stdout);
			return 0;
		default:
			return 2;
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
