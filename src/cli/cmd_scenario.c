// SPDX-License-Identifier: GPL-2.0
/* mmsim scenario --dump [--arch A] | --check FILE | --keys */
#include <stdio.h>
#include <string.h>
#include "commands.h"
#include "experiment/scenario_load.h"

static void scenario_help(FILE *f)
{
	fputs("usage: mmsim scenario --dump [--arch x86|x86_64]\n"
	      "       mmsim scenario --check FILE\n"
	      "       mmsim scenario --keys\n"
	      "\n"
	      "  --dump    print the embedded default scenario (the 2009 reproduction),\n"
	      "            with the source of every value, to copy and change\n"
	      "  --check   parse FILE with every check a run makes; print nothing if it is good\n"
	      "  --keys    every [machine], [vm], [kernel] and [run] key as a Markdown table\n", f);
}

int cmd_scenario(int argc, char **argv)
{
	const char *arch = NULL;

	if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		scenario_help(stdout);
		return 0;
	}
	if (argc >= 2 && !strcmp(argv[1], "--keys") && argc == 2) {
		scenario_describe_keys(stdout);
		return 0;
	}
	if (argc >= 2 && !strcmp(argv[1], "--dump")) {
		if (argc == 4 && !strcmp(argv[2], "--arch"))
			arch = argv[3];
		else if (argc != 2)
			return usage_error("scenario: --dump takes only --arch x86|x86_64");
		if (arch && strcmp(arch, "x86") && strcmp(arch, "x86_64"))
			return usage_error("scenario: --arch '%s': expected x86 or x86_64", arch);
		fputs(arch && !strcmp(arch, "x86") ? scenario_default_x86_text :
						     scenario_default_text, stdout);
		return 0;
	}
	if (argc == 3 && !strcmp(argv[1], "--check")) {
		struct scenario_error err;
		struct scenario *sc = scenario_load(argv[2], NULL, &err);

		if (!sc) {
			fprintf(stderr, "%s\n", err.msg);
			return 2;
		}
		scenario_free(sc);
		return 0;
	}
	scenario_help(stderr);
	return 2;
}
