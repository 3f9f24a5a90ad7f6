// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the kernel profile names (src/kernel/profile.c):
 * the first line is a profile name as [kernel] profile, --kernel or
 * --kernels give it; every later "SWITCH=VALUE" line is a scenario
 * override of one switch.  Properties: a refusal says why, in one line;
 * an accepted profile describes itself and prints every switch.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "mmsim/profile.h"
#include "fuzz_util.h"

static void emit(void *ctx, const char *line)
{
	(void)line;
	++*(int *)ctx;
}

static void check_error(const char *err)
{
	if (!err[0] || strchr(err, '\n')) {
		fprintf(stderr, "bad error message: '%s'\n", err);
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_string(data, size), *save = NULL, *line;
	struct kernel_profile p;
	char err[512], buf[64];
	int lines = 0;

	line = strtok_r(s, "\n", &save);
	if (!line) {
		free(s);
		return 0;
	}
	err[0] = 0;
	if (profile_parse(line, &p, err, sizeof(err))) {
		check_error(err);
		free(s);
		return 0;
	}
	profile_describe(&p, emit, &lines);
	if (!lines)
		abort();
	while ((line = strtok_r(NULL, "\n", &save))) {
		char *eq = strchr(line, '=');

		if (!eq)
			continue;
		*eq = 0;
		err[0] = 0;
		if (profile_set_switch(&p, line, eq + 1, err, sizeof(err)))
			check_error(err);
		else if (!profile_switch_value(&p, line, buf, sizeof(buf)))
			abort();	/* set, but unknown when read back */
	}
	free(s);
	return 0;
}
