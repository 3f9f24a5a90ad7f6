// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the replay workload's input (src/workload/replay.c):
 * the input is written to a file in a private temporary directory and
 * opened and checked as a [task] with program = replay does at scenario
 * load.  Property: a refusal is one line.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "workload/replay.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct replay_opts opts;
	struct replay *r;
	char path[512], err[1024] = "";

	snprintf(path, sizeof(path), "%s/trace.txt", fuzz_tmpdir());
	if (!fuzz_write(path, data, size))
		abort();
	replay_opts_default(&opts);
	r = replay_open(path, &opts, err, sizeof(err));
	if (!r) {
		if (!err[0] || strchr(err, '\n')) {
			fprintf(stderr, "bad error message: '%s'\n", err);
			abort();
		}
		return 0;
	}
	replay_close(r);
	return 0;
}
