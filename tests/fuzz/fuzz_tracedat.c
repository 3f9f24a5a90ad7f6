// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the trace.dat layout check
 * (src/trace/tracedat_check.c) that stands between a file and
 * libtracecmd: the input is written to a file in a private temporary
 * directory and checked, every format handed to a callback.  Properties:
 * no read outside the file, every format NUL-terminated at its length,
 * and a refusal is one line naming the file.  The corpus (corpus/tracedat/)
 * has a header cut short, a whole header whose CPU data is missing, and
 * a header with a bit flipped.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "trace/tracedat_check.h"
#include "fuzz_util.h"

static int format(void *ctx, const char *system, unsigned int index,
		  const char *text, size_t len)
{
	(void)ctx;
	(void)index;
	if (!system[0] || text[len] || strlen(text) > len)
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[512], err[1024] = "";

	snprintf(path, sizeof(path), "%s/trace.dat", fuzz_tmpdir());
	if (!fuzz_write(path, data, size))
		abort();
	if (tracedat_check(path, format, NULL, err, sizeof(err)) &&
	    (strncmp(err, path, strlen(path)) || strchr(err, '\n'))) {
		fprintf(stderr, "bad error message: '%s'\n", err);
		abort();
	}
	return 0;
}
