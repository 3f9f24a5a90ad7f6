// SPDX-License-Identifier: GPL-2.0
/*
 * TEMPORARY, branch compare only: run_scenario() and scenario_load() land
 * on main with the machine boot; until then these refuse, so the compare
 * code links.  Deleted when main is merged.
 */
#include <stdio.h>
#include <string.h>
#include "run.h"
#include "scenario_load.h"

int run_scenario(const struct scenario *sc, const struct run_options *opt,
		 struct run_result *res, char *err, size_t len)
{
	snprintf(err, len, "run_scenario is not on this branch yet");
	return -1;
}

void run_request_stop(void)
{
}

struct scenario *scenario_load(const char *path, const char *arch,
			       struct scenario_error *err)
{
	if (path)
		return scenario_parse_file(path, NULL, err);
	const char *t = arch && !strcmp(arch, "x86") ?
			scenario_default_x86_text : scenario_default_text;

	return scenario_parse_buffer(t, strlen(t), "<default>", NULL, err);
}

const char *scenario_default_name(const char *arch)
{
	return "<default>";
}
