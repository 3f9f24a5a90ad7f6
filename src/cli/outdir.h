/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The folder compare, sweep and merge write their report into (and
 * compare --emit-jobs its jobs): one writer at a time, and only mmsim's
 * own files ever removed.
 *
 *   DIR/.mmsim-lock      "PID HOST": held while a command writes DIR; a
 *                        second command is refused, naming the holder
 *                        (the lock appears with its text: written as
 *                        .mmsim-lock.PID, then linked); a lock whose
 *                        process is gone (same host) is stale and taken
 *                        over
 *   DIR/.mmsim-manifest  every file the last command wrote, one relative
 *                        path a line: what --force removes, and nothing
 *                        else
 *
 * --force into a folder that holds anything not in its manifest (a file
 * of the user's, or any file when there is no manifest) is refused, not
 * cleared, so two runs never mix and nothing of the user's is deleted;
 * --resume into one is refused too, so its manifest never claims a file
 * of the user's.
 */
#ifndef MMSIM_CLI_OUTDIR_H
#define MMSIM_CLI_OUTDIR_H

#include <stdbool.h>
#include <stddef.h>

#define OUTDIR_LOCK	".mmsim-lock"
#define OUTDIR_MANIFEST	".mmsim-manifest"

/*
 * Create @dir (and its parents) or accept it empty or, with @force,
 * remove what its manifest names; then hold its lock.  With @resume
 * (--resume), a folder whose every file is in its manifest is kept as it
 * is and *@resume set (false: it was empty or new).  A stale temporary
 * file ("NAME.tmp.PID" of a process that is gone: an mmsim killed while
 * it wrote NAME) is mmsim's own to --force and --resume.  0, or 2 after
 * a message "mmsim: DIR: why" (nothing removed then).
 */
int outdir_prepare(const char *dir, bool force, bool *resume);

/* outdir_finish()'s manifest, keeping the lock: what an interrupted
 * command leaves if it cannot write the manifest again at the end. */
int outdir_checkpoint(const char *dir, const char *const *planned,
		      size_t nr_planned);

/*
 * Record every regular file now under @dir (and @planned, paths relative
 * to @dir that later commands will write there: the emitted jobs' JSON)
 * as the manifest, then release the lock.  0, or -1 after a message.
 */
int outdir_finish(const char *dir, const char *const *planned,
		  size_t nr_planned);

/* Release the lock without a manifest (nothing was written). */
void outdir_release(const char *dir);

#endif /* MMSIM_CLI_OUTDIR_H */
