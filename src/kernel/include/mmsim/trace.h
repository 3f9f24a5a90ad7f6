/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Trace events: the simulated kernel records, src/report/ formats.
 *
 * A trace point fills a struct trace_entry (the plain record of
 * metrics/events.h, which also has the event ids) and hands it to
 * trace_sink.
 * With no sink installed (the default) a trace point costs one predicted
 * branch.  Events of the kmem system exist only in kernels that had them
 * (kprofile.kmem_tracepoints: 2.6.32, not .30/.31), as in the real
 * kernels, where a .31 trace simply has no mm_page_* lines.
 *
 * The entry records the pfn, never a host pointer: output must be
 * byte-identical from run to run.  A formatter that wants the kernel's
 * "page=%p" field synthesises an address from the pfn (for example
 * mem_map base + pfn * sizeof(struct page) of the simulated architecture).
 *
 * Each member of the union is named after its event.  Every event has a
 * one-line trace_<event>() helper with the kernel's arguments, declared
 * where the kernel declares its trace point: include/trace/events/kmem.h,
 * vmscan.h and writeback.h (src/kernel/include/trace/events/).
 */
#ifndef MMSIM_TRACE_H
#define MMSIM_TRACE_H

#include "sim/sim.h"
#include "linux/gfp.h"
#include "mmsim/profile.h"
#include "metrics/events.h"

/* NULL: tracing off. */
extern void (*trace_sink)(const struct trace_entry *);

/* Fill ts, pid, cpu, comm and id from the running context. */
void trace_entry_init(struct trace_entry *e, enum trace_event_id id);

/* What the records' text needs of the running kernel (the gfp flag names,
 * the simulated architecture's mem_map): for a sink's formatter. */
const struct trace_print_tables *trace_print_tables(void);
/* show_gfp_flags()'s table (kernel/trace/gfp.c, gfp_flags_str()'s). */
extern const struct trace_print_flags trace_gfp_flags;

static inline bool trace_kmem_enabled(void)
{
	return __builtin_expect(trace_sink != NULL, 0) &&
	       kprofile_get(kmem_tracepoints);
}

/* Any sink: the vmscan and writeback events, which every simulated
 * kernel emits.  One predicted branch while no sink is installed. */
static inline bool trace_enabled(void)
{
	return __builtin_expect(trace_sink != NULL, 0);
}

/* RECLAIM_WB_* for a page written by reclaim (2.6.37's trace_reclaim_flags). */
static inline unsigned int trace_reclaim_flags(bool file, bool sync)
{
	return (file ? RECLAIM_WB_FILE : RECLAIM_WB_ANON) |
	       (sync ? RECLAIM_WB_SYNC : RECLAIM_WB_ASYNC);
}

/* RECLAIM_WB_* for a shrink_inactive_list pass (2.6.37's trace_shrink_flags). */
static inline unsigned int trace_shrink_flags(bool file, bool sync)
{
	return trace_reclaim_flags(file, sync);
}

/* The body of a trace_<event>() helper: when @enabled, fill an entry
 * (@assign sets its fields in __e) and hand it to the sink. */
#define TRACE_EMIT_IF(enabled, event, assign)				\
	do {								\
		if (enabled) {						\
			struct trace_entry __e;				\
									\
			trace_entry_init(&__e, event);			\
			assign;						\
			trace_sink(&__e);				\
		}							\
	} while (0)

#define TRACE_EMIT(event, assign) TRACE_EMIT_IF(trace_enabled(), event, assign)

#endif /* MMSIM_TRACE_H */
