// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the ftrace text parser (src/trace/parse.c: every
 * number range-checked against its field's type, the order warnings) and
 * what 'mmsim report reclaim|pagealloc' does with its records
 * (src/report/postprocess.c: totals that must not wrap).  Properties: an
 * error names the line; each warning is one line.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "trace/parse.h"
#include "report/postprocess.h"
#include "fuzz_util.h"

static FILE *devnull;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct postprocess_opts opts = { 0 };
	struct trace_record rec;
	struct trace_record_source src;
	struct trace_parser *p;
	char err[1024];
	FILE *f;
	int rc;

	if (!devnull && !(devnull = fopen("/dev/null", "w")))
		abort();
	if (!size)
		return 0;
	f = fmemopen((void *)data, size, "r");
	if (!f)
		abort();
	p = trace_parser_new(f, "fuzz");
	while ((rc = trace_parser_next(p, &rec)) > 0)
		;
	if (rc < 0 && (!trace_parser_error(p) || !trace_parser_error(p)[0]))
		abort();
	if (rc < 0 && strchr(trace_parser_error(p), '\n'))
		abort();
	if (!rc) {
		const struct trace_warnings *w = trace_parser_warnings(p);

		if (strchr(w->cut, '\n'))
			abort();
		trace_warnings_print(w, "fuzz", devnull, "warning: ", NULL);
	}
	if (!trace_parser_rewind(p)) {
		opts.ignore_pid = size & 1;
		trace_parser_source(p, &src);
		postprocess_reclaim(&src, &opts, devnull, err, sizeof(err));
		if (!trace_parser_rewind(p))
			postprocess_pagealloc(&src, &opts, devnull, err, sizeof(err));
	}
	trace_parser_close(p);
	fclose(f);
	return 0;
}
