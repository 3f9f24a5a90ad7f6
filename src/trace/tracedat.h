/* SPDX-License-Identifier: GPL-2.0 */
/*
 * trace-cmd's binary trace.dat, read through Debian's libtracecmd and
 * libtraceevent, one record at a time in time order across CPUs (one
 * pending record per CPU: memory does not grow with the trace).
 *
 * Each record comes out as the text `trace-cmd report` would print for it
 * (libtraceevent renders the event's print format), so parse.c
 * decodes it as it decodes text.  An event whose print format
 * libtraceevent cannot evaluate (2.6.32's kmem events call page_to_pfn)
 * comes out as its raw fields, "page=0x... order=0 gfp_flags=..."; the
 * decoder then takes the struct page address as the block's key and the
 * gfp number as 2.6.32 bits.
 *
 * Built only when libtracecmd is installed (HAVE_LIBTRACECMD); without it
 * tracedat_open() says how to get text instead.
 */
#ifndef MMSIM_TRACE_TRACEDAT_H
#define MMSIM_TRACE_TRACEDAT_H

#include <stdbool.h>
#include <stddef.h>
#include "sim/sim.h"

struct tracedat;

struct tracedat_event {
	const char *comm;
	int pid;
	int cpu;
	sim_time_t ts;
	const char *flags;		/* "d.h." style latency column */
	const char *event;
	const char *fields;		/* valid until the next call */
};

/*
 * How this mmsim reads trace.dat, for `mmsim --version`: "libtracecmd
 * 1.3.1", or "not built (libtracecmd-dev, libtracefs-dev and
 * libtraceevent-dev were not found when mmsim was built)".
 */
const char *tracedat_support(void);

/* Is @head (the file's first bytes) a trace.dat? */
bool tracedat_magic(const unsigned char *head, size_t len);

/* NULL with "FILE: why" in @err. */
struct tracedat *tracedat_open(const char *path, char *err, size_t errlen);
/* 1: @ev filled; 0: end of the trace; -1: damaged, tracedat_error()
 * says how. */
int tracedat_next(struct tracedat *d, struct tracedat_event *ev);
const char *tracedat_error(const struct tracedat *d);
/* Events the ring buffer dropped, as the records report them. */
unsigned long tracedat_lost_events(const struct tracedat *d);
void tracedat_close(struct tracedat *d);
/* The traced machine's sizeof(long): 4 or 8. */
int tracedat_long_size(const struct tracedat *d);
/*
 * How the format of the record tracedat_next() returned last declares
 * its integer field @name: 0 with its @size in bytes (1, 2, 4, 8), its
 * signedness and its C type (@type, valid until the next record); -1 if
 * the event has no such field, or it is not a plain integer (an array,
 * a string, a pointer).  A format without "signed:" (2.6.32 printed
 * none) is signed as its C type is.
 */
int tracedat_field_type(const struct tracedat *d, const char *name,
			unsigned int *size, bool *is_signed, const char **type);

#endif /* MMSIM_TRACE_TRACEDAT_H */
