/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The trace events mmsim knows, by the id the simulated kernel records
 * them with (mmsim/trace.h): the tracing system, the event's name and the
 * first kernel whose format the lines follow.  The writer (report/ftrace.c)
 * names events with it, the readers (trace/parse.c) recognise them.
 */
#ifndef MMSIM_TRACE_EVENTS_H
#define MMSIM_TRACE_EVENTS_H

#include <stdint.h>
#include "mmsim/trace.h"

struct ftrace_event {
	enum trace_event_id id;
	const char *system;		/* "kmem", "vmscan", "writeback" */
	const char *name;		/* "mm_page_alloc" */
	const char *since;		/* first kernel with this format */
};

/* Indexed by enum trace_event_id. */
extern const struct ftrace_event ftrace_events[NR_TRACE_EVENTS];

/* Every event in one mask. */
#define FTRACE_ALL_EVENTS ((UINT64_C(1) << NR_TRACE_EVENTS) - 1)

#endif /* MMSIM_TRACE_EVENTS_H */
