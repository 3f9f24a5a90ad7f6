// SPDX-License-Identifier: GPL-2.0
/*
 * mmsim report reclaim|pagealloc FILE: the kernel trace scripts' summaries
 * of an ftrace text trace (mmsim's own or a real machine's).
 */
#include <stdio.h>
#include <string.h>
#include "commands.h"
#include "options.h"
#include "scenario/suggest.h"
#include "report/postprocess.h"
#include "trace/parse.h"
#include "util/fileguard.h"

enum { OPT_IGNORE_PID, OPT_HELP, NR_OPTS };

static const struct cli_opt report_opts[] = {
	[OPT_IGNORE_PID] = { .name = "ignore-pid",
		.help = "one row per process name, as the scripts' option" },
	[OPT_HELP] = { .name = "help", .short_name = 'h', .help = "this text" },
};

const struct cli_table report_option_table = CLI_TABLE(report_opts, NR_OPTS, 16);

static void report_help(FILE *f)
{
	fputs("usage: mmsim report reclaim|pagealloc [--ignore-pid] FILE\n"
	      "\n"
	      "Summarise an ftrace trace (the tracing 'trace' file, trace_pipe or\n"
	      "'trace-cmd report' output, or a trace-cmd trace.dat file; FILE '-'\n"
	      "reads text from stdin) as the kernel's post-processing scripts do:\n"
	      "\n"
	      "  reclaim    trace-vmscan-postprocess.pl: reclaim latencies, per-process\n"
	      "             direct reclaim and kswapd tables, the Summary block; then\n"
	      "             congestion_wait calls, time and full timeouts for kswapd\n"
	      "             and for the others\n"
	      "  pagealloc  trace-pagealloc-postprocess.pl: per-process page\n"
	      "             allocations, frees, per-cpu drains and refills, and\n"
	      "             fragmentation events\n"
	      "\n", f);
	cli_print_options(f, &report_option_table);
	fputs("\n"
	      "A last line without its newline (a trace_pipe capture stopped mid-line)\n"
	      "is passed over with a warning, and so are events whose time goes back\n"
	      "and events repeating the one before exactly; an empty file, binary\n"
	      "input other than trace.dat, a number that does not fit its field's\n"
	      "type or meaning (nr_scanned=-32, order=99), a total that would pass\n"
	      "2^64, and a reclaim that ends before it began are errors naming FILE\n"
	      "(and LINE).\n"
	      "\n"
	      "  $ mmsim run --time 60s --trace trace.txt --events 'vmscan:*,writeback:*'\n"
	      "  $ mmsim report reclaim trace.txt\n"
	      "\n"
	      "docs/trace.md describes the formats and where mmsim departs from the\n"
	      "scripts.\n", f);
}

/*
 * The report of @p's records: 0, -1 (@err says why) or -2 when the file
 * was cut short under the reader.  A trace.dat is read through
 * libtracecmd's mmap: the next page touched past the file's new end
 * raises SIGBUS, which comes back here (fileguard.h); the parser is then
 * abandoned, not closed.
 */
static int summarise(struct trace_parser *p, struct file_guard *guard,
		     bool reclaim, const struct postprocess_opts *opts,
		     char *err, size_t len)
{
	struct trace_record_source src;
	int rc;

	if (sigsetjmp(guard->env, 0)) {
		if (!file_guard_changed(guard, err, len))
			snprintf(err, len, "%s: a mapped page of it could not be "
				 "read (SIGBUS)", guard->path);
		return -2;
	}
	file_guard_enter(guard);
	/* The parser produces the records the report reads. */
	trace_parser_source(p, &src);
	if (reclaim)
		rc = postprocess_reclaim(&src, opts, stdout, err, len);
	else
		rc = postprocess_pagealloc(&src, opts, stdout, err, len);
	file_guard_leave(guard);
	return rc;
}

int cmd_report(int argc, char **argv)
{
	struct postprocess_opts opts = { 0 };
	const char *kind = NULL, *file = NULL;
	struct cli_options o;
	struct trace_parser *p;
	struct file_guard guard;
	char err[1024], why[640];
	int rc, c;

	cli_options_init(&o, "report", argc, argv, &report_option_table);
	while ((c = cli_next_option(&o)) != -1) {
		switch (c) {
		case OPT_HELP:
			report_help(stdout);
			return 0;
		case OPT_IGNORE_PID:
			opts.ignore_pid = true;
			break;
		case CLI_OPERAND:
			if (!kind)
				kind = optarg;
			else if (!file)
				file = optarg;
			else
				return usage_error("report: one FILE at a time ('%s' after '%s')",
						   optarg, file);
			break;
		default:
			return cli_unhandled(&o, c);
		}
	}
	if (!kind)
		return usage_error("report: which report? reclaim or pagealloc");
	if (strcmp(kind, "reclaim") && strcmp(kind, "pagealloc")) {
		struct suggest sg;

		suggest_init(&sg, kind);
		suggest_add(&sg, "reclaim");
		suggest_add(&sg, "pagealloc");
		return usage_error("report: unknown report '%s' (%sreclaim or pagealloc)",
				   kind, suggest_lead(&sg));
	}
	if (!file)
		return usage_error("report %s: which trace FILE?", kind);

	file_guard_open(&guard, file);
	p = trace_parser_open(file, err, sizeof(err));
	if (!p)
		return usage_error("%s", err);
	rc = summarise(p, &guard, !strcmp(kind, "reclaim"), &opts, err,
		       sizeof(err));
	if (rc == -2) {
		fflush(stdout);
		fprintf(stderr, "mmsim: report: %s\n", err);
		return 1;
	}
	/* The replay workload warns in the same words (trace/parse.h). */
	if (!rc)
		trace_warnings_print(trace_parser_warnings(p), trace_parser_name(p),
				     stderr, "mmsim: warning: ", NULL);
	/* A text trace read with read(2) sees a cut file as a short one. */
	if (!rc && file_guard_changed(&guard, why, sizeof(why)))
		fprintf(stderr, "mmsim: warning: %s: the report covers what was "
			"read\n", why);
	trace_parser_close(p);
	if (rc)
		return usage_error("%s", err);
	return 0;
}
