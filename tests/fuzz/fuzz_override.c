// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for sweep values, 'mmsim sweep KEY=V1,V2'
 * (src/experiment/override.c): the first line is KEY=VALUE, the rest a
 * scenario's text.  Properties: a refusal says why, in one line; an
 * accepted override gives text that the scenario parser can read (it may
 * refuse the value, never crash), with VALUE in it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "experiment/compare.h"
#include "scenario/scenario.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_string(data, size), *nl, *eq, *out, *section = NULL,
	     *name = NULL;
	struct scenario_error serr;
	char err[1024] = "";

	nl = strchr(s, '\n');
	eq = strchr(s, '=');
	if (!nl || !eq || eq > nl) {
		free(s);
		return 0;
	}
	*nl = 0;
	*eq = 0;
	out = scenario_override(nl + 1, "fuzz.ini", s, eq + 1, &section, &name,
				err, sizeof(err));
	if (!out) {
		if (!err[0] || strchr(err, '\n')) {
			fprintf(stderr, "bad error message: '%s'\n", err);
			abort();
		}
	} else {
		if (!strstr(out, eq + 1) || !section || !name)
			abort();
		scenario_free(scenario_parse_buffer(out, strlen(out), "fuzz.ini",
						    NULL, &serr));
	}
	free(out);
	free(section);
	free(name);
	free(s);
	return 0;
}
