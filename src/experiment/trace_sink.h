/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The traces of a run: the simulated kernel's trace_sink wired to a
 * formatter, ftrace text (report/ftrace.h) or trace-cmd's trace.dat
 * (trace/tracedat_write.h); its block trace's relay channels
 * (linux/blktrace_api.h) wired to blktrace's files (report/blktrace.h).
 * The wiring is here, where the run is, so that data flows one way: the
 * kernel fills plain records (metrics/events.h) and the formatters read
 * them, neither knowing the other.
 */
#ifndef MMSIM_EXPERIMENT_TRACE_SINK_H
#define MMSIM_EXPERIMENT_TRACE_SINK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct ftrace_sink_opts {
	FILE *out;
	uint64_t events;		/* mask of enum trace_event_id; 0: all */
	bool irq_info;
	bool header;			/* start with the trace file's header */
	/* Write trace-cmd's binary trace.dat instead of text
	 * (trace/tracedat_write.h); irq_info and header do not apply. */
	bool tracedat;
};

/*
 * Install trace_sink to write the selected events to @opts->out.  One sink
 * per process, as trace_sink is one pointer; returns -1 if one is installed.
 */
int ftrace_sink_start(const struct ftrace_sink_opts *opts);
/*
 * Uninstall; returns -1 if a write failed, else 0.  A failed write to
 * @opts->out leaves the stream's error flag set for its owner, who knows
 * its path; any other failure (trace.dat's scratch files) is described by
 * ftrace_sink_error().
 */
int ftrace_sink_stop(void);
/* Why the last trace failed other than on its stream ("its scratch file
 * in /tmp: No space left on device"), or NULL. */
const char *ftrace_sink_error(void);
/* Lines (or trace.dat records) written since ftrace_sink_start. */
unsigned long ftrace_sink_lines(void);

struct block_device;
struct blktrace_run;

/*
 * Trace @bdevs[0..@nr) on a machine of @nr_cpus CPUs into @dir's
 * DEV.blktrace.0 files (report/blktrace.h), from now on.  NULL with
 * "PATH: cannot write: reason" or "DEV: traced already" in @err; nothing
 * is traced then.
 */
struct blktrace_run *blktrace_run_start(const char *dir,
					struct block_device *const *bdevs,
					size_t nr, unsigned int nr_cpus,
					char *err, size_t len);
/* Records written so far, notes included, over every device. */
unsigned long blktrace_run_records(const struct blktrace_run *r);
/* Stop tracing (before the devices go), then blktrace_stop() the files:
 * kept with @keep (0, or -1 with why in @err), else removed. */
int blktrace_run_stop(struct blktrace_run *r, bool keep, char *err, size_t len);

#endif /* MMSIM_EXPERIMENT_TRACE_SINK_H */
