/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ftrace text: the simulated kernel's trace records (metrics/events.h) as
 * the lines of the tracing "trace" file, so that the kernel's
 * post-processing scripts and people's habits read them:
 *
 *            gitk-1234  [001]    12.345678: mm_page_alloc: page=... pfn=...
 *
 * Task names keep to the scripts' COMM pattern [a-zA-Z0-9-]: every other
 * character becomes '-' ("flush-253:0" prints as "flush-253-0"), and the
 * idle task (pid 0) prints as "swapper".  docs/trace.md has the formats and
 * the kernel version each event comes from.
 */
#ifndef MMSIM_REPORT_FTRACE_H
#define MMSIM_REPORT_FTRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "metrics/events.h"

/*
 * Add to *@mask the events a comma-separated list selects, as
 * trace-cmd record -e does: "system:event", "system" (all its events) or
 * "event" (in any system), each part a glob with * and ?.  "all" selects
 * everything.  Returns 0, or -1 with a one-line message in @err when a
 * pattern selects nothing.
 */
int ftrace_select_events(const char *list, uint64_t *mask,
			 char *err, size_t errlen);

/* @comm made acceptable to [a-zA-Z0-9-]*; "swapper" for pid 0. */
void ftrace_comm(const char *comm, int pid, char *out, size_t len);

/* The kernel's page=%p for @pfn: the simulated architecture's mem_map
 * address of its struct page (@t's), as unprefixed hex. */
void ftrace_page_ptr(const struct trace_print_tables *t, unsigned long pfn,
		     char *out, size_t len);

/* RECLAIM_WB_* flags as __print_flags joins them. */
char *ftrace_reclaim_flags_str(unsigned int flags, char *buf, size_t len);

/* The event's fields ("page=... pfn=... order=0 ..."), with the
 * producer's tables @t; returns the length. */
int ftrace_format_fields(const struct trace_entry *e,
			 const struct trace_print_tables *t, char *buf, size_t len);

/*
 * One whole line with its '\n'.  @irq_info adds the flags column later
 * kernels print ("d.s." in interrupt context, "...." otherwise); 2.6.32's
 * trace file had none.  Returns the length (truncated to @len - 1).
 */
int ftrace_format_line(const struct trace_entry *e,
		       const struct trace_print_tables *t, bool irq_info,
		       char *buf, size_t len);

/* 2.6.32's header of the trace file for the nop tracer. */
void ftrace_write_header(FILE *out);

#endif /* MMSIM_REPORT_FTRACE_H */
