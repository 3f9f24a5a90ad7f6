/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reading a file that may be cut short or rewritten while mmsim reads it.
 *
 * A file read through mmap(2) (libtracecmd maps trace.dat's ring-buffer
 * pages) raises SIGBUS, not an error, when a page past the file's new end
 * is touched: another program truncating or rewriting the trace while a
 * run replays it would kill mmsim.  A guard records the file's size,
 * inode and modification time when it is opened; while it is entered, a
 * SIGBUS jumps back to the sigsetjmp() of the code that entered it, which
 * then reports what changed instead of dying:
 *
 *	if (sigsetjmp(g.env, 0)) {
 *		file_guard_changed(&g, why, sizeof(why));
 *		... an error: the reader's state is lost, stop reading ...
 *	}
 *	file_guard_enter(&g);
 *	... read through the mapping ...
 *	file_guard_leave(&g);
 *
 * Guards nest (the innermost entered one is jumped to; mmsim runs one
 * thread per process, so there is one chain); a SIGBUS with no
 * guard entered is delivered as before (the handler that was there, or
 * death).  The jump leaves whatever the reader was doing half done: the
 * reader must not be used again.  Files read with read(2) need no guard
 * (they see a short read), only file_guard_changed() at their end.
 */
#ifndef MMSIM_UTIL_FILEGUARD_H
#define MMSIM_UTIL_FILEGUARD_H

#include <setjmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

struct file_guard {
	char path[512];
	bool known;		/* the file could be stat()ed at open */
	uint64_t size;		/* at file_guard_open() */
	uint64_t dev, ino;
	struct timespec mtime;
	sigjmp_buf env;		/* sigsetjmp(env, 0) before entering */
	struct file_guard *outer;
};

/* Remember @path's size, inode and modification time now. */
void file_guard_open(struct file_guard *g, const char *path);
/* A SIGBUS now jumps to @g->env (with 1) until file_guard_leave().  The
 * handler is installed by file_guard_open(). */
void file_guard_enter(struct file_guard *g);
void file_guard_leave(struct file_guard *g);
/*
 * Has the file changed since file_guard_open()?  If so true, and @why
 * (at least 160 bytes) says how: "PATH: changed while mmsim read it (N
 * bytes when opened, M now)", "... (replaced by another file)", "...
 * (rewritten: same size, modified at ...)" or "... (removed)".
 */
bool file_guard_changed(const struct file_guard *g, char *why, size_t len);

#endif /* MMSIM_UTIL_FILEGUARD_H */
