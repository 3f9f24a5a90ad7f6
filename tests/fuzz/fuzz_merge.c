// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for 'mmsim merge' (src/experiment/merge.c): the input
 * is a bundle (fuzz_util.h) of the files of one directory, text before
 * the first "=== NAME" header being its experiment.json; the directory
 * is then merged as 'mmsim merge DIR --partial' would, and as one
 * without a manifest.  Property: a refusal says why, in one line.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "experiment/compare.h"
#include "fuzz_util.h"

static void merge(char *dir, bool partial)
{
	struct experiment e;
	char err[1024] = "";
	char *dirs[1] = { dir };

	if (experiment_merge(&e, dirs, 1, partial, err, sizeof(err)) &&
	    (!err[0] || strchr(err, '\n'))) {
		fprintf(stderr, "bad error message: '%s'\n", err);
		abort();
	}
	experiment_free(&e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char dir[512];

	snprintf(dir, sizeof(dir), "%s/merge", fuzz_tmpdir());
	fuzz_reset_dir(dir);
	fuzz_write_bundle(dir, data, size, "experiment.json");
	merge(dir, true);
	merge(dir, false);
	/* The same files as loose results, without the manifest. */
	{
		char m[600];

		snprintf(m, sizeof(m), "%s/experiment.json", dir);
		if (!unlink(m))
			merge(dir, false);
	}
	return 0;
}
