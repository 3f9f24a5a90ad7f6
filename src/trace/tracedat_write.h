/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Writing trace-cmd's binary trace.dat (file format version 6, as
 * trace-cmd.dat.v6(5) describes it), from the simulated kernel's trace
 * records, without libtracecmd: its public header (libtracecmd 1.3) has
 * readers only, no way to create a file from scratch with event formats
 * of one's own.  docs/trace.md, "Writing trace.dat", has the layout.
 *
 * The event formats written are the kernel's: kmem as 2.6.32's
 * /sys/kernel/debug/tracing/events/kmem/NAME/format printed them (common
 * fields with common_lock_depth, no "signed:" column, page_to_pfn() in
 * the print fmt), vmscan and writeback as the 2.6.37 TRACE_EVENTs lay
 * out their fields.  A record is the event's struct as the kernel's ring
 * buffer stored it: the 12-byte struct trace_entry, then the fields at
 * their natural alignment.
 *
 * Records go to one temporary file per CPU, a ring-buffer page at a time;
 * tracedat_writer_close() then writes the headers (which hold the pid ->
 * comm list, known only at the end) and copies the pages behind them.
 * Memory stays at one page per CPU whatever the trace's length.
 */
#ifndef MMSIM_TRACE_TRACEDAT_WRITE_H
#define MMSIM_TRACE_TRACEDAT_WRITE_H

#include <stdint.h>
#include <stdio.h>
#include "mmsim/trace.h"

struct tracedat_writer;

struct tracedat_arch {
	unsigned int long_size;		/* 8 (x86_64) or 4 (x86) */
	uint64_t mem_map;		/* address of pfn 0's struct page */
	unsigned int struct_page_size;	/* 56 or 32 */
	unsigned int pageblock_order;	/* a constant of the extfrag print fmt */
};

/*
 * Start a trace.dat for the events in @events (mask of enum
 * trace_event_id) on @out.  NULL with a reason in @err when the
 * temporary files cannot be made.
 */
struct tracedat_writer *tracedat_writer_open(FILE *out,
					     const struct tracedat_arch *arch,
					     uint64_t events, char *err,
					     size_t errlen);
/* Record @e; @comm is the name the pid is listed under (the cmdlines). */
void tracedat_writer_add(struct tracedat_writer *w,
			 const struct trace_entry *e, const char *comm);
/* Records written so far. */
unsigned long tracedat_writer_records(const struct tracedat_writer *w);
/*
 * Write the file and free @w: 0, or -1 if a read or write failed.  When a
 * per-CPU scratch file (tmpfile(), in /tmp) failed, @why says so and
 * why; a failed write to @out leaves @why empty: @out's owner has the
 * stream's error.
 */
int tracedat_writer_close(struct tracedat_writer *w, char *why, size_t len);

/* The format file of event @id as the writer declares it ("name: ...\nID:
 * ...\nformat:\n...print fmt: ..."), for tests and docs; malloc'd. */
char *tracedat_event_format(enum trace_event_id id,
			    const struct tracedat_arch *arch);

#endif /* MMSIM_TRACE_TRACEDAT_WRITE_H */
