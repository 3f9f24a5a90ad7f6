/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Is a trace.dat whole enough for libtracecmd to read?  libtracecmd 1.3
 * trusts its input: a file cut short or damaged crashes it (a segfault in
 * tracecmd_open_fd(), a SIGBUS reading pages past the end).  So mmsim
 * checks the layout itself first, for versions 6 and 7: every size,
 * count and offset of the header against the file's size, and each
 * ring-buffer page of the data, commit and records, as kbuffer reads
 * them.  Needs no library: built whatever libtracecmd is.
 */
#ifndef MMSIM_TRACE_TRACEDAT_CHECK_H
#define MMSIM_TRACE_TRACEDAT_CHECK_H

#include <stddef.h>

/*
 * Each format of the file, in file order, for a caller that parses them
 * (tracedat.c hands them to libtraceevent in a child process): @system
 * is "header_page", "header_event", "ftrace" or the event system's name,
 * @index the format's place within it, @text NUL-terminated.  Non-zero:
 * the format is damaged.
 */
typedef int (*tracedat_format_fn)(void *ctx, const char *system,
				  unsigned int index, const char *text,
				  size_t len);

/*
 * 0, or -1 with "PATH: what is wrong" in @err ("PATH: cut short: an event
 * format of system kmem at byte 20391 is 2012 bytes, the file ends at
 * byte 20000", "PATH: damaged: CPU 1's page 3 (byte 61440): ...").
 * @fn may be NULL.
 */
int tracedat_check(const char *path, tracedat_format_fn fn, void *ctx,
		   char *err, size_t len);
/* The same on an open file (read with pread(); its offset is kept). */
int tracedat_check_fd(int fd, const char *path, tracedat_format_fn fn,
		      void *ctx, char *err, size_t len);

#endif /* MMSIM_TRACE_TRACEDAT_CHECK_H */
