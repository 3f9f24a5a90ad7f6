// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>
#include <stdio.h>
#include "outfile.h"

/* Temporary paths still open, so an interrupted run leaves none behind. */
#define MAX_OPEN 64
static struct outfile *open_files[MAX_OPEN];

static void track(struct outfile *of, bool add)
{
	for (int i = 0; i < MAX_OPEN; i++) {
		if (add && !open_files[i]) {
			open_files[i] = of;
			return;
		}
		if (!add && open_files[i] == of) {
			open_files[i] = NULL;
			return;
		}
	}
}

int outfile_open(struct outfile *of, const char *path)
{
	size_t len = strlen(path) + 32;

	memset(of, 0, sizeof(*of));
	of->path = strdup(path);
	of->tmp_path = malloc(len);
	if (!of->path || !of->tmp_path)
		goto fail;
	snprintf(of->tmp_path, len, "%s.tmp.%ld", path, (long)getpid());
	of->fp = fopen(of->tmp_path, "w");
	if (!of->fp)
		goto fail;
	track(of, true);
	return 0;
fail:
	free(of->path);
	free(of->tmp_path);
	of->path = of->tmp_path = NULL;
	return -1;
}

static void outfile_release(struct outfile *of)
{
	track(of, false);
	free(of->path);
	free(of->tmp_path);
	of->path = of->tmp_path = NULL;
	of->fp = NULL;
}

int outfile_commit(struct outfile *of)
{
	int err = 0;

	if (fflush(of->fp) || ferror(of->fp))
		err = -1;
	if (fclose(of->fp))
		err = -1;
	if (!err && rename(of->tmp_path, of->path))
		err = -1;
	if (err) {
		int saved = errno;

		unlink(of->tmp_path);
		errno = saved;
	}
	outfile_release(of);
	return err;
}

void outfile_abort(struct outfile *of)
{
	if (of->fp)
		fclose(of->fp);
	if (of->tmp_path)
		unlink(of->tmp_path);
	outfile_release(of);
}

void outfile_abort_all(void)
{
	for (int i = 0; i < MAX_OPEN; i++)
		if (open_files[i] && open_files[i]->tmp_path)
			unlink(open_files[i]->tmp_path);
}
