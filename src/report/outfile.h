/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Output files that are never left half-written and never destroy what
 * the user owns.  What PATH is decides how it is written:
 *
 *   a regular file, or nothing yet   written to PATH.tmp.PID in the same
 *                                    directory, renamed over PATH on
 *                                    success (its mode kept)
 *   a symbolic link                  followed: its final target is written
 *                                    that way, the link stays a link
 *   a FIFO or a character device     written to directly, as a stream
 *   (/dev/null, a terminal, a pipe)  (nothing to rename; opening a FIFO
 *                                    waits for its reader); a device
 *                                    that refuses a write of nothing
 *                                    (/dev/full) is refused at open
 *   "-", or the file standard        standard output itself
 *   output already is (/dev/stdout)
 *
 * Anything else (a directory, a block device, a socket) is refused.
 */
#ifndef MMSIM_OUTFILE_H
#define MMSIM_OUTFILE_H

#include <stdio.h>
#include <stdbool.h>

struct outfile {
	FILE *fp;
	struct sink *sink;	/* under @fp, unless @is_stdout: keeps the
				 * first write error's errno */
	char *path;		/* as given */
	char *target;		/* the file renamed over: @path or its link's target */
	char *tmp_path;		/* NULL: a stream, written directly */
	bool is_stdout;		/* @fp is stdout: flushed, never closed */
	int mode;		/* the replaced file's permissions; -1: new */
	char why[96];		/* why open or commit failed */
};

/*
 * Open @path for writing as above.  0, or -1 with errno set and
 * outfile_error() saying why (the target's directory must exist and be
 * writable: the temporary file is created here, so a run can open its
 * outputs before it starts and refuse an unwritable place at once).
 */
int outfile_open(struct outfile *of, const char *path);
/* Flush, close and (regular files) rename into place; on any error the
 * temporary file is removed and -1 returned, errno and outfile_error()
 * saying why.  Standard output is only flushed: main() checks it once
 * at exit (outfile_stdout_error()). */
int outfile_commit(struct outfile *of);
/* Write out what is buffered: 0, or -1 with errno and outfile_error()
 * saying why the first failed write failed (@of stays open: commit or
 * abort it).  For a set of files committed all or none. */
int outfile_flush(struct outfile *of);
/* Abandon: remove the temporary file (a stream is closed as it is). */
void outfile_abort(struct outfile *of);
/* Remove every temporary file still open (for a SIGINT handler). */
void outfile_abort_all(void);
/* Why the last outfile_open() or outfile_commit() on @of failed:
 * strerror's text or mmsim's own ("a directory"). */
const char *outfile_error(const struct outfile *of);

/* @path names standard output: "-", or the file (device, pipe) that
 * descriptor 1 already is. */
bool outfile_is_stdout(const char *path);

/*
 * Make stdout a stream on descriptor 1 that remembers why its first write
 * failed (stdio keeps only an error flag), for outfile_stdout_error().
 * For main(), before anything is printed.  0 or -1 (stdout unchanged).
 */
int outfile_stdout_install(void);
/* Flush stdout: 0, or the errno of its first failed write (EIO when
 * the reason is unknown). */
int outfile_stdout_error(void);

#endif
