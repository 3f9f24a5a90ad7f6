/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A streaming parser of ftrace text: the tracing "trace" file (or
 * trace_pipe) and `trace-cmd report` output.  It returns one event at a
 * time and keeps one line in memory, so a trace of any length reads in
 * constant space.
 *
 * Accepted line shape (whitespace free-form):
 *
 *   COMM-PID [(TGID)] [CPU] [FLAGS] SECONDS.FRACTION: EVENT: FIELDS
 *
 * FLAGS is the optional irq-info column ("d.h.", "dNs2.", ...).  Header
 * and bookkeeping lines are skipped: '#' comments, empty lines, trace-cmd's
 * "version = N", "cpus=N", "CPU N is empty", and stack-trace lines
 * (" => func", "<stack trace>").  "CPU:N [LOST M EVENTS]" lines add M to
 * the lost-event count.  Anything else is an error "FILE:LINE: what";
 * control characters (but tabs and carriage returns) or bytes that are
 * not UTF-8 make the input binary, described and never quoted.  A last line without its newline
 * (a trace_pipe capture cut mid-line) is passed over with a warning.
 *
 * Known events (the mmsim set, plus the later names mm_page_free and
 * mm_page_free_batched) are decoded into a struct trace_entry.  A known
 * event whose fields are missing, not numbers, out of the range of their
 * type (the event's, and a trace.dat format's) or of their meaning (an
 * order past MAX_ORDER-1) is malformed (an error); one that is well
 * formed but cannot be represented (an unknown gfp flag name) is returned
 * with @unusable saying why.  An empty file is an error; time going back
 * and events repeated are counted for warnings (trace_parser_warnings()).
 *
 * trace_parser_open() also reads trace-cmd's binary trace.dat, through
 * tracedat.c (libtracecmd); records then come out as if they were lines,
 * LINE being the record's number.
 */
#ifndef MMSIM_TRACE_PARSE_H
#define MMSIM_TRACE_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "mmsim/trace.h"

#define TRACE_LINE_MAX	4096		/* longest line accepted */

/* struct trace_record, one parsed event, is metrics/events.h's: its
 * consumers (report/postprocess.c) read records, not the parser. */

enum {
	TRACE_PARSE_ERROR = -1,
	TRACE_PARSE_EOF = 0,
	TRACE_PARSE_EVENT = 1,
};

struct trace_parser;

/* Open @path for parsing ("-" reads stdin).  NULL with "FILE: why" in @err. */
struct trace_parser *trace_parser_open(const char *path, char *err, size_t errlen);
/* Parse an open stream; @name is used in messages.  Does not close @f. */
struct trace_parser *trace_parser_new(FILE *f, const char *name);
void trace_parser_close(struct trace_parser *p);
/* Back to the first line, if the stream can seek.  -1 if not. */
int trace_parser_rewind(struct trace_parser *p);

/* TRACE_PARSE_EVENT with @rec filled, TRACE_PARSE_EOF, or TRACE_PARSE_ERROR
 * with trace_parser_error() set.  After an error the parser stays failed. */
int trace_parser_next(struct trace_parser *p, struct trace_record *rec);
/* "FILE:LINE: what is wrong"; binary input "FILE: binary data, not
 * ftrace text or trace.dat", its bytes never quoted. */
const char *trace_parser_error(const struct trace_parser *p);
/*
 * What the parser passed over or found out of order in the events read
 * so far, for every reader of traces to warn about in the same words
 * (trace_warnings_print()): `mmsim report` and the replay workload.
 * Plain data, to be kept after the parser rewinds.
 */
struct trace_warnings {
	/* "" or "FILE:LINE: ... passed over: 'LINE'": a last line without
	 * its newline (a trace_pipe capture cut mid-line) ends the trace
	 * with this warning instead of an error. */
	char cut[256];
	unsigned long backwards;	/* events before the latest time so far */
	unsigned long back_line;	/* the first of them */
	uint64_t back_ts, back_prev;	/* its time, and the latest before it (ns) */
	unsigned long duplicates;	/* events repeating the one before exactly */
	unsigned long dup_line;		/* the first of them */
};

const struct trace_warnings *trace_parser_warnings(const struct trace_parser *p);

/*
 * Each warning of @w (a trace named @name) as one line on @out: @prefix,
 * the text, a newline.  @backwards_then, if not NULL, says after the
 * time-order warning what the reader did about it.  Returns how many.
 */
int trace_warnings_print(const struct trace_warnings *w, const char *name,
			 FILE *out, const char *prefix,
			 const char *backwards_then);
unsigned long trace_parser_line(const struct trace_parser *p);
const char *trace_parser_name(const struct trace_parser *p);
/* Events the tracer reported lost (ring-buffer overruns). */
unsigned long trace_parser_lost_events(const struct trace_parser *p);

/* @src reads @p's records (trace_parser_next() and its error, line and
 * name), for a consumer that knows records only (report/postprocess.h). */
void trace_parser_source(struct trace_parser *p, struct trace_record_source *src);

/*
 * A gfp mask from its printed names ("GFP_KERNEL|GFP_COLD|0x4"): the
 * 2.6.32 names, the same with a "__" prefix, and the later kernels' names
 * mapped to their 2.6.32 meaning (__GFP_DIRECT_RECLAIM is __GFP_WAIT;
 * __GFP_KSWAPD_RECLAIM, __GFP_ACCOUNT and the like have no 2.6.32 bit).
 * Returns 0, or -1 with the first unknown name in @bad.
 */
int gfp_flags_parse(const char *s, size_t len, gfp_t *out,
		    char *bad, size_t badlen);

#endif /* MMSIM_TRACE_PARSE_H */
