/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Output files that are never left half-written: write to a temporary name
 * in the same directory, then rename over the target on success.
 */
#ifndef MMSIM_OUTFILE_H
#define MMSIM_OUTFILE_H

#include <stdio.h>
#include <stdbool.h>

struct outfile {
	FILE *fp;
	char *path;
	char *tmp_path;
};

/* Returns 0, or -1 with errno set (the target's directory must exist). */
int outfile_open(struct outfile *of, const char *path);
/* Flush, close and rename into place; on any error the temporary file is
 * removed and -1 returned. */
int outfile_commit(struct outfile *of);
/* Abandon: remove the temporary file. */
void outfile_abort(struct outfile *of);
/* Remove every temporary file still open (for a SIGINT handler). */
void outfile_abort_all(void);

#endif
