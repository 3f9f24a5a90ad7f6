/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The summaries of the kernel's trace post-processing scripts
 * (Documentation/trace/postprocess/trace-vmscan-postprocess.pl and
 * trace-pagealloc-postprocess.pl), computed from an ftrace text trace,
 * plus a congestion_wait table in the spirit of MMTests' report.
 *
 * The records (metrics/events.h) come from a struct trace_record_source:
 * the ftrace text parser of trace/parse.h, which the caller wires
 * (trace_parser_source()), so that this formatter knows records only.
 *
 * Where mmsim departs from the scripts it says so in docs/trace.md:
 * processes are listed sorted by name and pid (the scripts use Perl's hash
 * order), absent counts print 0 (the scripts print nothing), and
 * "Wake kswapd requests" counts every wakeup_kswapd event (the script
 * counts only those of processes that also entered direct reclaim).
 */
#ifndef MMSIM_REPORT_POSTPROCESS_H
#define MMSIM_REPORT_POSTPROCESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "metrics/events.h"

struct postprocess_opts {
	bool ignore_pid;		/* --ignore-pid: one row per process name */
};

/*
 * Read every record of @src and print the report to @out.  Returns 0,
 * or -1 with the source's "FILE:LINE: what" (or an out-of-memory message)
 * in @err; nothing is printed then.
 */
int postprocess_reclaim(struct trace_record_source *src,
			const struct postprocess_opts *opts,
			FILE *out, char *err, size_t errlen);
int postprocess_pagealloc(struct trace_record_source *src,
			  const struct postprocess_opts *opts,
			  FILE *out, char *err, size_t errlen);

#endif /* MMSIM_REPORT_POSTPROCESS_H */
