// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the trace.dat readers: the layout check
 * (src/trace/tracedat_check.c) that stands between a file and
 * libtracecmd, then, for a file it passes, the records as `mmsim report`
 * and a replay read them (src/trace/tracedat.c through libtracecmd, each
 * field range-checked by src/trace/parse.c).  The input is written to a
 * file in a private temporary directory.  Properties: no read outside
 * the file, every format NUL-terminated at its length, and a refusal is
 * one line naming the file.  The corpus (corpus/tracedat/) has a header
 * cut short, a whole header whose CPU data is missing, a header with a
 * bit flipped, a whole file, one whose records hold values no field
 * can (an order of 2^20, a gfp bit above 2.6.32's), one whose data is
 * "latency" text, on which libtracecmd 1.3 crashed, and one with an
 * event system of an empty name, which the check once let through.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "trace/parse.h"
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
	if (tracedat_check(path, format, NULL, err, sizeof(err))) {
		if (strncmp(err, path, strlen(path)) || strchr(err, '\n')) {
			fprintf(stderr, "bad error message: '%s'\n", err);
			abort();
		}
		return 0;
	}
	/* Whole: read every record as the reports do. */
	{
		struct trace_parser *p = trace_parser_open(path, err, sizeof(err));
		struct trace_record rec;
		int rc;

		if (!p) {
			if (strncmp(err, path, strlen(path)) || strchr(err, '\n')) {
				fprintf(stderr, "bad error message: '%s'\n", err);
				abort();
			}
			return 0;
		}
		while ((rc = trace_parser_next(p, &rec)) > 0)
			;
		if (rc < 0 && (strncmp(trace_parser_error(p), path, strlen(path)) ||
			       strchr(trace_parser_error(p), '\n'))) {
			fprintf(stderr, "bad error message: '%s'\n",
				trace_parser_error(p));
			abort();
		}
		trace_parser_close(p);
	}
	return 0;
}
